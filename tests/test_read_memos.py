"""A process that reads a game again (`rigs serve` after every save) keeps in memory what it
read: the state part by its text (store/gamefile.py), the history's entries by their text
(store/timeline.py), the legal list's candidate operations by their form (games/rigs/legal/
grouping.py).  Each is exact: a hand edit is read at once, a save parses only what it
changed, and the list is the one made without the memo."""

from __future__ import annotations

from rigs_helper.games.rigs.legal import grouping, legal_actions
from rigs_helper.store import gamelog, session, timeline
from rigs_helper.store.tablefiles import load_tables


def _game(rigs, tmp_path):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "7", "-g", path
                ).exit_code == 0
    for who in ("Ana", "Bo"):
        assert rigs("adjust", who, "credits", "3", "--why", "x", "-g", path).exit_code == 0
    return path


def test_a_hand_edit_of_the_state_is_read_at_once_by_the_same_process(rigs, tmp_path):
    path = _game(rigs, tmp_path)
    tables = load_tables()
    before = session.load(path, tables).game.player("Ana").credits
    text = path.read_text()
    assert f"credits = {before}\n" in text
    path.write_text(text.replace(f"credits = {before}\n", f"credits = {before + 5}\n", 1))
    assert session.load(path, tables).game.player("Ana").credits == before + 5
    path.write_text(text)
    assert session.load(path, tables).game.player("Ana").credits == before


def test_a_save_has_only_its_new_entries_parsed_by_a_process_that_read_the_history(
        rigs, tmp_path, monkeypatch):
    path = _game(rigs, tmp_path)
    tables = load_tables()
    whole = timeline.entries(session.load(path, tables), str(path), tables)
    parsed: list[int] = []
    real = gamelog.parse

    def counted(text, *args, **kw):
        out = real(text, *args, **kw)
        parsed.append(len(out))
        return out

    monkeypatch.setattr(gamelog, "parse", counted)
    assert rigs("adjust", "Cy", "credits", "2", "--why", "x", "-g", path).exit_code == 0
    parsed.clear()  # (the save's own reads)
    again = timeline.entries(session.load(path, tables), str(path), tables)
    assert len(again) == len(whole) + 1
    assert sum(parsed) <= 2  # the new entry (and the one whose text it changed), no more
    assert again[:len(whole) - 1] == whole[:-1]
    assert again == real(session.load(path, tables).log_text, str(path),
                         tables.constants.rounds)


def test_the_legal_list_is_the_same_with_its_operations_built_once(rigs, tmp_path):
    path = _game(rigs, tmp_path)
    tables = load_tables()
    steps = timeline.whole(session.load(path, tables), str(path), tables)
    for step in steps:
        for p in step.after.players:
            kept = legal_actions(step.after, tables, p.name)
            grouping._OPS.clear()
            assert legal_actions(step.after, tables, p.name) == kept


def test_the_legal_list_of_a_partial_set_is_not_another_games_from_the_memo(rigs, tmp_path):
    """One process, two games alike but for their partial sets (what a page makes of an
    action depends on the decks the group holds: games/rigs/waits/phone.py): each game's list is
    the one made without the memo, whatever the other game left in it."""
    tables = load_tables()
    games = {}
    for name, inventory in (("table", None), ("lacks", '[plot]\nmissing = { Plains = 1 }\n')):
        path = tmp_path / f"{name}.toml"
        extra = ["--cards", "table"]
        if inventory:
            (tmp_path / "inv.toml").write_text(inventory)
            extra = ["--have", tmp_path / "inv.toml"]
        assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", *extra, "-g", path
                    ).exit_code == 0
        games[name] = session.load(path, tables).game
    fresh = {}
    for name, game in games.items():
        grouping._OPS.clear()
        fresh[name] = legal_actions(game, tables, "Ana")
    assert fresh["table"] != fresh["lacks"]
    grouping._OPS.clear()
    for name in ("table", "lacks", "table"):
        assert legal_actions(games[name], tables, "Ana") == fresh[name]
