"""The game file's size (issue 40): a finished game played through the pages, about 350
actions with deals, Karma plays and answers, takes at most 80 KB; version 3 leaves out what
the entry before says (round, phase, the day) and reads it back from there.

The fixture ``tests/fixtures/pages-3p.toml`` is a finished 3-player game played through
the pages' HTTP API by the random player of tests/randomplayer.py (``new_game`` and
``play``: seed 20, `--dice rigs`, rigs drawing every card; 461 actions, 223 of them
"done"), saved as version 2 as it was played, then written whole as this version writes it
(``gamelog.history_text`` of its entries, each ``after`` fingerprinted again)."""

from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from pathlib import Path

from rigs_helper.store import gamelog
from rigs_helper.store.gamefile import split_text

FIXTURE = Path(__file__).parent / "fixtures" / "pages-3p.toml"


def test_a_finished_page_game_of_about_350_actions_takes_at_most_80_kb(rigs, tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    head, tail = split_text(text)
    entries = gamelog.parse(tail, str(FIXTURE), 15)
    kinds = Counter(e["action"] for e in entries)
    assert tomllib.loads(head)["game_over"] is True
    assert sum(kinds.values()) - kinds["checkpoint"] >= 350
    assert kinds["done"] >= 100 and kinds["deal propose"] and kinds["karma play"] and \
        kinds["answer"] + kinds["deal accept"] + kinds["deal decline"], kinds
    # the file is what this version writes: its history written again from its entries, as
    # read, is the same text (a writer that writes more fails here first)
    assert gamelog.seal(gamelog.history_text(entries)) == tail
    assert len(text.encode()) <= 80_000, len(text.encode())
    path = tmp_path / "rigs.toml"
    shutil.copy(FIXTURE, path)
    r = rigs("doctor", "--game", path)  # every entry replays to the state it recorded
    assert r.exit_code == 0 and "no problems found" in r.stdout, r.output


def _entry(n: int, action: str, rnd: int, phase: str, at: str, **more) -> dict:
    return {"n": n, "action": action, "round": rnd, "phase": phase, "by": "cli", "at": at,
            "fields": {}, "after": f"{n:08x}", **more}


def test_a_version_3_history_reads_back_what_its_entries_leave_out():
    cp = {"action": "checkpoint", "round": 1, "phase": "disaster",
          "at": "2026-11-26T09:00:00Z", "why": "phase", "state": {"round": 1},
          "after": "0000aaaa"}
    es = [_entry(1, "new", 1, "player", "2026-11-25T23:59:58Z", fields={"names": ["Ana"]}),
          _entry(2, "done", 1, "player", "2026-11-25T23:59:59Z", fields={"name": "Ana"}),
          _entry(3, "next", 1, "player", "2026-11-26T00:00:01Z"),  # a new day
          cp,  # (kept before the action that opened the next phase: its day and phase)
          _entry(4, "next", 1, "disaster", "2026-11-26T09:00:00Z", by="page:Ana"),
          _entry(5, "done", 1, "production", "2026-11-26T09:00:05Z")]
    text = gamelog.history_text(es)
    blocks = text.split(gamelog.HEAD)[1:]
    assert "round = " not in blocks[1] and 'at = "23:59:59Z"' in blocks[1]
    assert 'at = "2026-11-26T00:00:01Z"' in blocks[2]  # another day than the one before
    assert "by = " not in blocks[1] and "fields = " not in blocks[2]
    assert 'round = 1\nphase = "production"' in blocks[5]
    assert gamelog.parse(text, "rigs.toml", 15) == [
        {k: v for k, v in e.items() if not (k == "by" and v == "cli")
         and not (k == "fields" and v == {})} for e in es]
    # the phase's checkpoint dropped (a later phase's takes its place): the same reading
    without = [e for e in es if e is not cp]
    assert gamelog.parse(text.replace(gamelog.entry_text(cp), ""), "rigs.toml", 15) == \
        gamelog.parse(gamelog.history_text(without), "rigs.toml", 15)
    assert gamelog.last_when(text) == (1, "production", "2026-11-26")


def test_a_version_2_entry_and_its_fingerprint_still_read():
    """An entry written out in full (version 2) reads as before, and its 16-digit `after`
    (CRC-32 and Adler-32 of the state with ``version = 2``) agrees with the state now."""
    import json
    import zlib

    doc = {"version": 3, "round": 2, "phase": "market"}
    blob = json.dumps({**doc, "version": 2}, sort_keys=True).encode()
    old = f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}"
    assert gamelog.agrees(old, doc) and gamelog.agrees(gamelog.fingerprint(doc), doc)
    assert not gamelog.agrees(old, {**doc, "round": 3}) and len(gamelog.fingerprint(doc)) == 8
    v2 = ('\n[[log]]\nn = 7\naction = "done"\nround = 2\nphase = "market"\nby = "cli"\n'
          f'at = "2026-11-25T12:00:00Z"\nfields = {{ name = "Ana" }}\nafter = "{old}"\n')
    assert gamelog.parse(v2, "rigs.toml", 15) == [
        {"n": 7, "action": "done", "round": 2, "phase": "market", "by": "cli",
         "at": "2026-11-25T12:00:00Z", "fields": {"name": "Ana"}, "after": old}]
