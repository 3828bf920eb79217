"""Version-2 files written before a Karma play was one operation per family (issue 40,
point 3) replay exactly: three games played through the pages by the random player with
the release of b3eccbf (tests/fixtures/v2: 3 players and the table's dice; 2 players and
rigs' dice; 4 players, the table's dice and its own cards, whose attacks wait for the
Karma cards drawn at the table) list the same actions with the same words and give the
same status as that release printed (their digests), every `karma play` entry reads into
its card's family, and the replay from the start gives the stored state."""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import fields

import pytest

from conftest import ROOT

from rigs_helper.games.rigs.karma.args import FAMILY, card_key
from rigs_helper.games.rigs.karma.play import OPS, KarmaPlay
from rigs_helper.games.rigs.oplog import to_action
from rigs_helper.store import session, timeline
from rigs_helper.games.rigs.codec import to_doc
from rigs_helper.games.rigs.hidden import hide_text

FIXTURES = ROOT / "tests" / "fixtures" / "v2"
#: name -> (digest of `log --json` with each entry's ledger lines sorted (a deal's plots
#: were listed in no fixed order then), digest of `status --json`), as b3eccbf printed
#: them; karma-c's log since the Land Grant's words of a game with the table's cards
#: name the record first (`rigs grant --card TYPE ...`, or `--card virtual`)
PRINTED = {
    "karma-a": ("e6ecf19f44d8e04b2738ed535bd6d2cb05cfeb475c823294d7f0f9775eda875c",
                "9de0a210742ddb8ccca683f2a44afef067e5be45edc8b717acc7b002cc80b857"),
    "karma-b": ("4d2ff28fc021258cb818327e135a9850798dde257cc50f13c08e633c28dcb7b5",
                "b955e54e8c2046f74e2c025a35ee1d022dfee24d472de8c79718ccf0a61d862b"),
    "karma-c": ("bcc451029fb655375a4ceed17cde9655fbb9801835a6ff379ff7ea37f42565d2",
                "97a87b257070501858ece56f784cba7dc7c1f66540afd52246d6cb288c7057ae"),
}


def copy(tmp_path, name):
    path = tmp_path / f"{name}.toml"
    shutil.copy(FIXTURES / f"{name}.toml", path)
    return path


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_a_version_2_file_with_karma_plays_prints_the_same_log_and_status(name, tmp_path,
                                                                         rigs):
    path = copy(tmp_path, name)
    r = rigs("log", "--json", "--game", path)
    assert r.exit_code == 0, r.output
    log = json.loads(r.stdout)
    for e in log["log"]:
        if "ledger" in e:
            e["ledger"] = sorted(e["ledger"])
    assert digest(json.dumps(log, sort_keys=True).encode()) == PRINTED[name][0]
    r = rigs("status", "--json", "--game", path)
    assert r.exit_code == 0, r.output
    assert digest(r.stdout.encode()) == PRINTED[name][1]
    assert path.read_bytes() == (FIXTURES / f"{name}.toml").read_bytes()  # a reader


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_each_karma_play_of_a_version_2_file_is_its_familys_operation(name, tmp_path,
                                                                      tables):
    """Each `karma play` entry reads into the operation of its card's family (waiting or
    not, as logged), writes back the fields it was read from, and the replay from the
    start gives the stored state."""
    path = copy(tmp_path, name)
    loaded = session.load(path, tables)
    steps = timeline.whole(loaded, str(path), tables)
    assert to_doc(steps[-1].after, tables) == to_doc(loaded.game, tables)
    plays = waiting = 0
    for s in steps:
        assert s.after is None or s.after.waits.resolving is None  # (one apply's only)
        if not isinstance(s.op, KarmaPlay):
            continue
        key = card_key(s.op.title)
        assert key is not None
        family = FAMILY[key]
        logged = s.entry["fields"]
        assert type(s.op) is OPS[family]  # waiting or not: one operation per family
        if s.op.wait:
            waiting += 1
            assert logged.get("wait") is True
        else:
            assert "wait" not in logged
        assert type(s.op.args) is family
        assert to_action(s.op, hide_text) == ("karma play", logged)
        plays += 1
    assert plays >= 10 and waiting >= 10


def test_a_karma_play_has_no_field_that_is_not_logged():
    """What a page's waiting card needs as it resolves lives in the game's waits
    (``Waits.resolving``), not in fields of the play that the log never writes."""
    for cls in OPS.values():
        assert not {f.name for f in fields(cls)} & {"owe", "answering", "moot", "args"}


@pytest.mark.parametrize("old", ["KarmaPlayWait", "PlayOnVictimsWait"])
def test_a_waiting_play_named_by_its_old_class_reads_as_its_familys_play_that_waits(old):
    """A version-1 entry (``KarmaPlayWait``) or a waiting family's old class
    (``PlayOnVictimsWait``) reads as the operation of its card's family with ``wait``
    set, and is logged as a `karma play` that waits, as such a play was logged then."""
    from rigs_helper.games.rigs.karma.play import PlayOnVictims
    from rigs_helper.games.rigs.oplog import from_action, op_from_json

    text = json.dumps({"op": old, "args": {"name": "Ana", "title": "Brownout",
                                           "target": ["Bo"], "source": None, "drawers": True}})
    op = op_from_json(text)
    assert type(op) is PlayOnVictims and (op.wait, op.drawers, op.later) == (True, True, False)
    logged = {"name": "Ana", "title": "Brownout", "target": ["Bo"], "drawers": True,
              "wait": True}
    assert to_action(op) == ("karma play", logged)
    assert from_action("karma play", logged) == op
    with pytest.raises(KeyError):
        op_from_json(json.dumps({"op": "PlayNothingWait", "args": {}}))


def test_a_karma_play_that_does_not_wait_with_drawers_or_later_is_a_damaged_entry(tmp_path,
                                                                                   rigs):
    """``drawers`` and ``later`` belong to a play that waits (``wait = true``): an entry
    with them but not ``wait`` (a hand edit; rigs never writes it) is refused in one line
    naming the file and its line, and the file stays as it was (before the families'
    waiting plays were one class each, such an entry could not be read either)."""
    path = copy(tmp_path, "karma-a")
    text = path.read_text(encoding="utf-8")
    entry = ('fields = { name = "Bo", title = "Blowout!", target = ["Cy"], plot = ["P22"], '
             'drawers = true, wait = true }')
    assert text.count(entry) == 1
    path.write_text(text.replace(entry, entry.replace(", wait = true", "")), encoding="utf-8")
    damaged = path.read_bytes()
    r = rigs("log", "--game", path)  # (the history is read: `status` reads the state)
    assert r.exit_code != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "karma-a.toml" in lines[0] and "drawers" in lines[0], r.stderr
    assert "Traceback" not in r.output + r.stderr
    assert path.read_bytes() == damaged
