"""One reader of words (issue 26, CONTRACT "One typed action"): the same words typed at
the terminal and posted from a page give the same operation, or are refused on both paths;
``٣``, ``１``, ``1_0``, ``+1``, `` 1``, ``P６`` and ``p 6`` are refused everywhere (finding
N2), and the warehouse is written the same way for every action (the warehouse-alias
finding: ``move --from wh`` worked, ``lose --from wh`` was refused)."""

from __future__ import annotations

import json

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from servehelp import post, serving, table_game

from rigs_helper.games.rigs.actions.catalog import DEFS
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.legal import operation
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.store.tablefiles import load_tables

TABLES = load_tables()
PLAYERS = ["Ana", "Bo", "Zoë", "Maxime"]
GAME = new_game(PLAYERS, 5, TABLES).game
ODD_NUMBERS = ["٣", "１", "1_0", "+1", " 1", "1 ", "³", "0x1", "1e1", "1.0"]
ODD_PLOTS = ["P６", "p 6", " P1", "P1 ", "P-1", "PP1", "P 1", "q1"]

# ---------------------------------------------------------------------------- the words


def _plots() -> list[str]:
    ids = [x.id for p in GAME.players for x in p.plots]
    return ids + [i.lower() for i in ids] + [i[1:] for i in ids] + [
        "desert", "Desert", "VALLEY", "P99"] + ODD_PLOTS


def _titles() -> list[str]:
    some = [c.title for c in TABLES.karma[:4]] + [TABLES.disasters[0].title]
    return some + [t.lower() for t in some] + [t[:4] for t in some] + ["Nothing Such"]


def _numbers() -> list[str]:
    return ["0", "1", "2", "3", "12", "-1", "all", "ALL"] + ODD_NUMBERS


WORDS = {  # a kind's pool: good words, near misses, and odd Unicode
    "count": _numbers(), "count_or_all": _numbers(), "number": _numbers(),
    "die": _numbers(), "plot": _plots(), "plot_type": ["valley", "Desert", "P1", "moon"],
    "place": _plots() + ["warehouse", "Warehouse", "wh", "WH", "w", "ware", "house"],
    "resource": ["energy", "Energy", "supply", "Supplies", "metal", "lux", "luxury",
                 "credits", "plasma", " energy", "energy "],
    "player": ["Bo", "bo", "BO", "B", "Zoë", "zoe", "ZOË", "Zo", "Max", "maxime", "Ana",
               "Cy", " Bo", "Bo "],
    "title": _titles(), "card": _titles(), "text": ["draw", "card", "Bo,Zoë", "x"],
    "deal": ["1", "#1", "d1", "D1", "٣", "0", "x"],
    "holding": ["karma", "Karma", "energy", "credits", "rigs", "gold", "karma "],
}


def _page_params(d):
    return [p for p in d.page_params() if p.kind in WORDS]


ACTIONS = sorted(k for k, d in DEFS.items() if d.legal is not None)


@st.composite
def choices(draw):
    """An action and, for some of its page parameters, words from their kinds' pools."""
    path = draw(st.sampled_from(ACTIONS))
    d = DEFS[path]
    words = {}
    one = draw(st.sampled_from(d.page_one_of)) if d.page_one_of else None
    for p in _page_params(d):
        if p.name in d.page_one_of:  # a page gives one of these: one value
            if p.name == one:
                words[p.name] = [draw(st.sampled_from(WORDS[p.kind]))]
            continue
        # (a page gives every counted parameter: at the terminal it has a default)
        if draw(st.booleans()) or not p.optional or p.counted or p.page_required:
            pool = WORDS[p.kind]
            k = draw(st.integers(1, 2)) if p.many else 1
            words[p.name] = [draw(st.sampled_from(pool)) for _ in range(k)]
    return path, words


# ---------------------------------------------------------------------------- two paths


def cli_args(path: str, actor: str, words: dict[str, list[str]]) -> list[str]:
    """The command line the definition's CLI forms give for these words."""
    d = DEFS[path]
    args = path.split() + ([] if d.actor == "leader" else [actor])
    back = []
    for p in d.params:
        item = p.cli.removeprefix("--for ")
        for w in words.get(p.name, ()):
            line = back if item != p.cli else args
            if item.startswith("-"):
                line += [item.split()[0], w]
            elif "=N" in item:
                line.append(f"{item.split('=')[0]}={w}")
            else:
                line.append(w)
    return args + (["--for", *back] if back else [])


def by_cli(rigs, path: str, actor: str, words, game_file) -> tuple:
    """("op", the operation) the command hands to the store, or ("refused",)."""
    return by_cli_line(rigs, cli_args(path, actor, words), game_file)


def by_cli_line(rigs, args: list[str], game_file) -> tuple:
    """("op", the operation) the command line ``args`` hands to the store, or
    ("refused",) (("refused", "shape"): Click refused the line's shape)."""
    from rigs_helper.store import session

    seen = []

    def run(_path, op, *a, **k):
        seen.append(op)
        raise typer.Exit(0)

    real = session.run
    session.run = run
    try:
        r = rigs(*args, "-g", game_file)
    finally:
        session.run = real
    assert "internal error" not in r.output and "Traceback" not in r.output, r.output
    if seen:
        assert r.exit_code == 0
        return ("op", seen[0])
    assert r.exit_code != 0, (args, r.output)
    # Click's own refusal of the line's shape (a missing argument), not of a word's reading
    shape = r.exit_code == 2 and "not a whole number" not in r.output
    return ("refused", "shape") if shape else ("refused",)


def by_page(path: str, actor: str, words) -> tuple:
    try:
        return ("op", operation(GAME, TABLES, actor, path, words))
    except RigsError:
        return ("refused",)


@settings(max_examples=250, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=choices())
def test_the_same_words_give_the_same_operation_on_the_cli_and_on_a_page(rigs, tmp_path,
                                                                       choice):
    """(250 examples: ten lines of words for each of the 25 actions, each word a draw
    from its kind's pool of good words, near misses and odd Unicode.)"""
    path, words = choice
    actor = GAME.leader if DEFS[path].actor == "leader" else "Ana"
    cli = by_cli(rigs, path, actor, words, tmp_path / "none.toml")
    page = by_page(path, actor, words)
    assert same_answer(cli, page), (path, words, cli, page)


def refused_by_rules(op) -> bool:
    try:
        perform(GAME, op, TABLES)
    except RigsError:
        return True
    return False


def same_answer(a: tuple, b: tuple) -> bool:
    """The same operation, or both refused; where the CLI refuses the shape of the line (a
    missing argument: Click's usage error) the page's operation is refused by the rules."""
    if a[0] == b[0] == "op":
        return a == b
    if a[0] == b[0] == "refused":
        return True
    built = a[1] if a[0] == "op" else b[1]
    return "shape" in a + b and refused_by_rules(built)


SEVERAL = sorted(k for k, d in DEFS.items() if d.several)


@st.composite
def several_choices(draw):
    """An action the CLI takes several times in one command (``sell``, ``vinnie repay``)
    and the page forms of one to three of them: (the page's player, its words) each."""
    path = draw(st.sampled_from(SEVERAL))
    d = DEFS[path]
    actor = draw(st.sampled_from(PLAYERS))
    forms = []
    for _ in range(draw(st.integers(1, 3))):
        who = draw(st.sampled_from(PLAYERS)) if "player" in d.several_names() else actor
        forms.append((who, {p.name: [draw(st.sampled_from(WORDS[p.kind]))]
                            for p in _page_params(d)}))
    return path, actor, forms


def several_args(path: str, actor: str, forms) -> list[str]:
    """The command line of several actions: each form's words in turn (``sell Ana 2 Bo
    all``) or an item each (``vinnie repay Ana energy=2 metal=all``)."""
    d = DEFS[path]
    names = d.several_names()
    args = path.split() + ([] if "player" in names else [actor])
    for who, words in forms:
        said = [who if n == "player" else words[n][0] for n in names]
        args += said if "=" not in d.several else ["=".join(said)]
    return args


def _each(op) -> tuple:
    """What each action of a several-in-one operation did: (player, n) or (resource, n)."""
    return op.sales() if hasattr(op, "sales") else op.repayments()


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=several_choices())  # (100: fifty lines of one to three forms per action)
def test_several_actions_in_one_command_are_each_read_as_a_page_reads_one(rigs, tmp_path,
                                                                          choice):
    """`sell Ana 2 Bo all` and `vinnie repay Ana energy=2 metal=all` are refused when a
    page refuses one of their actions' words, else they make the operation of the first
    page form holding every other's values (issue 26: the same reader on every path)."""
    path, actor, forms = choice
    cli = by_cli_line(rigs, several_args(path, actor, forms), tmp_path / "none.toml")
    pages = [by_page(path, who, words) for who, words in forms]
    if any(p == ("refused",) for p in pages):
        assert cli[0] == "refused", (path, forms, cli, pages)
        return
    assert cli[0] == "op", (path, forms, pages)
    from dataclasses import replace

    assert replace(cli[1], more=()) == pages[0][1]
    assert _each(cli[1]) == tuple(_each(p[1])[0] for p in pages)


@pytest.mark.parametrize("path", ACTIONS)
def test_every_action_refuses_odd_numbers_and_plot_ids_on_both_paths(rigs, tmp_path, path):
    d = DEFS[path]
    odd = {"count": ODD_NUMBERS, "count_or_all": ODD_NUMBERS, "die": ODD_NUMBERS,
           "plot": ODD_PLOTS, "place": ODD_PLOTS, "deal": ["٣", "１", "+1", " 1"]}
    tried = 0
    for p in _page_params(d):
        for word in odd.get(p.kind, ()):
            words = {q.name: [WORDS[q.kind][0]] for q in _page_params(d)
                     if not q.optional or q.counted or q.page_required}
            words[p.name] = [word]
            actor = GAME.leader if d.actor == "leader" else "Ana"
            assert by_page(path, actor, words) == ("refused",), (p.name, word)
            assert by_cli(rigs, path, actor, words, tmp_path / "g.toml")[0] == "refused", \
                (p.name, word)
            tried += 1
    assert tried or not any(p.kind in odd for p in _page_params(d))


# ---------------------------------------------------------------------------- finding N2


@pytest.fixture
def served(tmp_path):
    return table_game(tmp_path / "rigs.toml")


@pytest.mark.parametrize("credits", ["٣", "１", "1_0", "+1", " 1"])
def test_n2_a_phone_refuses_the_numbers_the_cli_refuses(served, tables, rigs, credits):
    before = served.read_bytes()
    with serving(served, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {"action": "give", "to": "Bo",
                                                     "credits": credits})
    answer = json.loads(body)
    assert code == 422 and answer["ok"] is False and "not a whole number" in answer["error"]
    assert served.read_bytes() == before
    r = rigs("give", "Ana", "Bo", f"credits={credits}", "-g", served)
    assert r.exit_code == 1 and "not a whole number" in r.stderr
    assert served.read_bytes() == before


@pytest.mark.parametrize("plot", ["P６", "p 6", " P1"])
def test_n2_a_phone_refuses_the_plot_ids_the_cli_refuses(served, tables, rigs, plot):
    before = served.read_bytes()
    with serving(served, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {
            "action": "move", "from": "warehouse", "to": plot, "harvest": "energy",
            "n": "1"})
    assert code == 422 and "is neither a plot" in json.loads(body)["error"]
    r = rigs("move", "Ana", "1", "--to", plot, "--harvest", "energy", "-g", served)
    assert r.exit_code == 1 and "is neither a plot" in r.stderr
    assert served.read_bytes() == before


def test_n2_a_phone_gives_what_the_cli_gives(served, tables, rigs):
    from rigs_helper.store import session

    with serving(served, tables) as (server, _, tokens):
        code, _, _ = post(server, tokens["Ana"], {"action": "give", "to": "Bo",
                                                  "credits": "3"})
    assert code == 200
    assert rigs("give", "Ana", "Bo", "credits=3", "-g", served).exit_code == 0
    assert session.load(served, tables).game.player("Bo").credits == 106


# ---------------------------------------------------------------------------- the warehouse


@pytest.mark.parametrize("word", ["warehouse", "Warehouse", "wh", "WH", "w"])
def test_the_warehouse_is_named_alike_by_move_and_lose(tmp_path, tables, rigs, word):
    from dataclasses import replace

    from clihelp import load, save

    g = new_game(["Ana", "Bo"], 5, tables).game
    g = g.with_player(replace(g.player("Ana"), must_lose_rigs=1))
    path = save(tmp_path, g, tables)
    r = rigs("lose", "Ana", "--from", word, "-g", path)
    assert r.exit_code == 0, r.output
    assert load(path, tables).player("Ana").warehouse_rigs == g.player("Ana").warehouse_rigs - 1
    for action, form in (("lose", {"from": [word], "n": ["1"]}),
                         ("move", {"from": [word], "to": ["P1"], "n": ["1"]})):
        assert by_cli(rigs, action, "Ana", form, path) == by_page(action, "Ana", form) \
            != ("refused",)
    r = rigs("move", "Ana", "1", "--from", word, "--to", "P1", "--harvest", "energy", "-g",
             path)
    assert "neither a plot" not in r.output


# ---------------------------------------------------------------------------- privacy

SECRET = {"title": "Recycling", "card": "Recycling", "plot_type": "ridge",
          "name_title": "Bo=Recycling", "text": "Bo=Recycling"}


@pytest.mark.parametrize("path", sorted(k for k, d in DEFS.items() if d.private_fields()))
def test_what_a_definition_calls_private_is_not_in_the_public_words(path):
    """Each parameter the definition marks private (a card recorded into a hand, a card
    taken or answered with) is private on its operation (the log reads the definition:
    ``oplog.private_fields``) and left out of the action's words for the public and for a
    player it is not for: the log's (``oplog.words``) and the terminal's command to run
    again (a private value there is ``-``, asked for at a hidden prompt)."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.oplog import private_fields, words as log_words

    d = DEFS[path]
    words = {p.name: WORDS[p.kind][0] for p in d.params
             if not p.optional and p.kind in WORDS}
    if path == "grant":
        words["plot"] = "P1"
    for p in d.params:
        if p.private:
            words[p.name] = [SECRET[p.kind]]
            assert (p.field or p.name) in d.private_fields()
    op = build_action(path, None if d.actor == "leader" else "Ana", words)
    assert private_fields(op) == d.privacy(), type(op).__name__
    for public in (log_words(op, None), log_words(op, "Cy"), log_words(op, None, "-")):
        assert "Recycling" not in public and "ridge" not in public, public


def test_a_private_value_is_shown_to_whom_the_definition_names():
    """The definition says who sees a private value: a card recorded into a hand, its
    holder; a card a Karma play takes from a hand, the player who plays and the victim;
    a card drawn because of a play, the player named with it; the Land Grant plots drawn
    at the table, nobody (the cardboard shows them)."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.oplog import words as log_words

    draw = build_action("karma draw", "Ana", {"card": "Recycling"})
    assert "Recycling" in log_words(draw, "Ana") and "Recycling" not in log_words(draw, "Bo")
    play = build_action("karma play", "Ana", {"title": "Pickpocket", "target": ["Bo"],
                                              "card": ["Recycling"], "drew": ["Cy=Decoy"]})
    seen = {v: log_words(play, v) for v in (None, "Ana", "Bo", "Cy", "Di")}
    assert [v for v, w in seen.items() if "Recycling" in w] == ["Ana", "Bo"]
    assert [v for v, w in seen.items() if "Decoy" in w] == ["Cy"]
    assert "Cy=(hidden)" in seen["Ana"] and "Cy=-" in log_words(play, None, "-")
    grant = build_action("grant", None, {"card": ["ridge"]})
    assert all("ridge" not in log_words(grant, v) for v in (None, "Ana"))


def test_the_values_a_definition_calls_public_are_shown_to_everyone():
    """Privacy is said once, on the definition: an answer's ``take`` and a ``virtual``
    draw name no card and are shown to every viewer; a card in their place is its owner's
    alone.  No operation declares privacy of its own."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.oplog import op_classes, public_values, words as log_words

    take = build_action("answer", "Bo", {"card": "take", "drew": ["virtual"]})
    assert public_values(take) == {"card": ("take", "take it"), "drew": ("virtual",)}
    assert "take" in log_words(take, None) and "virtual" in log_words(take, "Cy")
    hurt = build_action("disaster record", "Bo", {"card": "Ruins", "karma": "virtual"})
    assert "--karma 'virtual'" in log_words(hurt, None)
    secret = build_action("disaster record", "Bo", {"card": "Ruins", "karma": "Decoy"})
    assert "Decoy" not in log_words(secret, None) and "Decoy" in log_words(secret, "Bo")
    assert not [n for n, cls in op_classes().items() if hasattr(cls, "public_values")]


# ---------------------------------------------------------------------------- karma play


def test_karma_play_holds_typed_pairs_and_reads_the_words_older_files_keep():
    """`karma play`'s repeated choices are typed pairs (no PLAYER=CARD strings inside the
    operation); a version-1 log entry or a waiting attack written before keeps the words,
    which are read into the same pairs."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.oplog import op_from_json, op_to_json

    typed = build_action("karma play", "Ana", {
        "title": "Right Back At You", "target": ["Bo"], "drew": ["Bo=Ruins"],
        "first": ["Cy=Alarm System"], "split": ["Bo=2"], "answer": ["Decoy"],
        "answer_to": ["Bo=Cy"], "give": ["supply=2"], "roll": ["4"]})
    assert typed.drew == (("Bo", "Ruins"),) and typed.first == (("Cy", "Alarm System"),)
    assert typed.split == (("Bo", 2),) and typed.answer == (("", "Decoy"),)
    assert typed.answer_to == (("Bo", "Cy"),) and typed.give == (("supplies", 2),)
    old = ('{"op":"KarmaPlay","args":{"name":"Ana","title":"Right Back At You",'
           '"target":["Bo"],"drew":["Bo=Ruins"],"first":["Cy=Alarm System"],'
           '"split":["Bo=2"],"answer":"Decoy","answer_to":["Bo=Cy"],'
           '"give":[["supplies",2]],"rolls":{"$":"Rolls","plain":[4],"named":[]}}}')
    assert op_from_json(old) == typed
    assert op_from_json(op_to_json(typed)) == typed
    assert "--drew 'Bo=Ruins'" in typed.describe() and "--answer 'Decoy'" in typed.describe()


def test_karma_play_typed_pairs_go_through_the_version_2_log_and_its_privacy():
    """The version-2 log writes `karma play`'s typed pairs as they are (a card drawn for Bo
    encoded, Bo's name not) and reads the same operation back; the public words hide Bo's
    card, Bo's words show it."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.oplog import from_action, to_action, words
    from rigs_helper.games.rigs.hidden import hide_text, show_text

    typed = build_action("karma play", "Ana", {
        "title": "Right Back At You", "target": ["Bo"], "drew": ["Bo=Ruins"],
        "first": ["Cy=Alarm System"], "split": ["Bo=2"], "answer": ["Decoy"],
        "answer_to": ["Bo=Cy"], "give": ["supply=2"], "card": ["Decoy"], "roll": ["4"]})
    name, fields = to_action(typed, hide_text)
    assert name == "karma play" and fields["drew"][0][0] == "Bo"
    assert "Ruins" not in repr(fields["drew"]) and "Decoy" not in repr(fields["card"])
    assert fields["split"] == [["Bo", 2]] and fields["first"] == [["Cy", "Alarm System"]]
    assert from_action(name, fields, show=show_text) == typed
    assert from_action(*to_action(typed)) == typed
    public, bos = words(typed, None), words(typed, "Bo")
    assert "Ruins" not in public and "--drew Bo=(hidden)" in public, public
    # the hand card: the player's who plays and the target's (Bo); not Cy's
    assert "--drew 'Bo=Ruins'" in bos and "--card 'Decoy'" in bos
    assert "--card (hidden)" in words(typed, "Cy") and "--card (hidden)" in public


# ---------------------------------------------------------------------------- actions.json


def test_actions_json_says_which_parameters_record_the_tables_own_card():
    """A parameter the definition says records the table's own card carries
    ``"record": "card"`` in actions.json (a survey's card, a Karma card drawn); no other
    parameter carries one.  A Karma card is recorded only in place of one rigs drew for a
    hurt player (no draw at will): Ana's one card is such a draw here."""
    from rigs_helper.games.rigs.legal import actions_json
    from dataclasses import replace

    ana = GAME.player("Ana")
    key = TABLES.karma[0].key
    game = GAME.with_player(replace(ana, hand=(key,), disaster_draw=key))
    entries = actions_json(game, TABLES, "Ana")["actions"]
    recorded = {(a["action"], name) for a in entries for name, p in a["params"].items()
                if p.get("record") == "card"}
    assert ("survey", "card") in recorded and ("karma draw", "card") in recorded
    for a in entries:
        for name, p in a["params"].items():
            declared = DEFS[a["action"]].param(name)
            assert p.get("record") == (declared.record if declared else None), (a, name)


# ---------------------------------------------------------------------------- the CLI


def _command(path: str):
    import typer.main

    from rigs_helper.cli import app

    cmd = typer.main.get_command(app)
    for word in path.split():
        cmd = cmd.get_command(None, word) if hasattr(cmd, "get_command") else None
    return cmd


@pytest.mark.parametrize("path", sorted(DEFS))
def test_each_cli_option_of_an_action_is_a_parameter_of_its_definition(path):
    """The Typer command of an action and its definition name the same options (the
    command is a thin shell handing its words to the definition)."""
    cmd = _command(path)
    assert cmd is not None, path
    options = {o for p in cmd.params if p.param_type_name == "option" for o in p.opts
               if o.startswith("--")} - {"--json", "--game", "--help"}
    declared = {p.cli.split()[0] for p in DEFS[path].params if p.cli.startswith("--")
                and "=" not in p.cli.split()[0] and p.cli.split()[0] != "--for"}
    assert options == declared, (path, options ^ declared)
