"""Game commands: new, grant, lose, undo, log, doctor, restore: one idea (the commands on a
game file as a whole), past 450 lines since `new` chooses the game, its cards and group
and `doctor` accepts a hand edit."""


from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, RollOpt, game_path, print_json
from rigs_helper.cli.rigscli import act, complete_player, complete_plot
from rigs_helper.cli.shell import action_command
from rigs_helper.rules.text import shell_word
from rigs_helper.cli.render import say

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


def _deal(items: list[str]) -> dict[str, list[str]]:
    from rigs_helper.rules.errors import InputError

    out: dict[str, list[str]] = {}
    for item in items:
        name, sep, types = item.partition("=")
        if not sep or not name.strip() or not types.strip():
            raise InputError(f"--plots {item!r}: write PLAYER=TYPE,TYPE,...")
        if name.strip().lower() in (n.lower() for n in out):
            raise InputError(f"--plots {name.strip()}: named twice")
        out[name.strip()] = [t for t in types.split(",") if t.strip()]
    return out


def _words(player: list[str], word: list[str] | None, ask: bool) -> list[str]:
    """Each player's word for the seed, in seating order: from --word NAME=WORD; a word
    not given is asked for without echo when stdin is a terminal."""
    import sys

    from rigs_helper.rules.errors import InputError

    given: dict[str, str] = {}
    for w in word or ():
        name, sep, text = w.partition("=")
        match = [p for p in player if p.strip().lower() == name.strip().lower()]
        if not sep or not text or not match:
            raise InputError(f"--word {name.strip()}=...: give NAME=WORD for a player of "
                             "this game")
        given[match[0]] = text
    out = []
    for p in player:
        if p not in given:  # asked for unseen at a terminal, else refused
            if not sys.stdin.isatty():
                raise InputError(f"--word: no word for {p} (give --word {p}=WORD; at a "
                                 "terminal rigs asks for it without showing it)"
                                 if not ask else
                                 "--ask-words needs a terminal; give --word NAME=WORD")
            import getpass

            given[p] = getpass.getpass(f"{p}, type a word (not shown): ")
        out.append(given[p])
    return out


@app.command()
def new(
    player: Annotated[list[str], typer.Option(
        "--player", "-p", help="A player's name; give it once per player (2 to 4), in "
        "seating order.")],
    rules: Annotated[str, typer.Option(
        "--rules", help="The game: 'rigs' (R.I.G.S.) or 'rig' (RIG, for two: docs/rig.md).")]
    = "rigs",
    tokens: Annotated[int | None, typer.Option(
        "--tokens", help="RIG: the Salvage Pile's tokens of each colour (default 4).",
        min=1, max=99, show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the game's generator: same seed and names, same game.",
        min=0)] = None,
    word: Annotated[list[str] | None, typer.Option(
        "--word", help="NAME=WORD, once per player: the seed is a hash of every word and "
        "fresh randomness, so no one alone chooses the shuffle.", show_default=False)]
    = None,
    ask_words: Annotated[bool, typer.Option(
        "--ask-words", help="Ask each player for their word without showing it (also done "
        "for a player --word leaves out, at a terminal).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing game file.")]
    = False,
    plots: Annotated[list[str] | None, typer.Option(
        "--plots", help="The table's own deal of starting plots: PLAYER=TYPE,TYPE,... "
        "(once per player), e.g. Ana=forest,plains,valley,ridge.")] = None,
    have: Annotated[Path | None, typer.Option(
        "--have", help="The group's inventory (TOML): the cards of each deck it owns or "
        "lacks; see `rigs inventory`.", show_default=False)] = None,
    dice: Annotated[str, typer.Option(
        "--dice", help="Who rolls the dice: 'rigs' (a die the table does not give is rolled "
        "by rigs and announced) or 'table' (the table rolls every die; a step that needs "
        "one stops and names the command that records it).")] = "rigs",
    cards: Annotated[str | None, typer.Option(
        "--cards", help="Who holds the cards: 'rigs' (rigs shuffles and deals every card; "
        "no phone asks for a record) or 'table' (the table draws its own and records them; "
        "--have, a partial set, implies it).", show_default="rigs")] = None,
    roll: RollOpt = None,
    group: Annotated[str | None, typer.Option(
        "--group", help="The group whose history keeps the game (its stats and ratings "
        "count their own games only); default: one group per set of players.",
        show_default=False)] = None,
    game: GameOpt = None,
    json: JsonOpt = False,
) -> None:
    """Start a game: shuffle the decks, deal the starting kits and plots, pick the leader.
    Prints the commitment (a hash of the seed) to photograph for `rigs verify`."""
    if rules.strip().lower() != "rigs":  # a game on the protocol (RIG): its game object
        from rigs_helper.cli import protocolgame

        return protocolgame.new_game(rules, player, seed, {"dice": dice.strip().lower(),
                                                           "tokens": tokens},
                                     force, game, json,
                                     bool(word or ask_words or plots or have or roll), group)
    if tokens is not None:
        from rigs_helper.rules.errors import InputError

        raise InputError("--tokens is RIG's: `rigs new --rules rig -p A -p B --tokens N`")
    from rigs_helper.rules.errors import InputError
    from rigs_helper.games.rigs.replay import seed_from_words, short
    from rigs_helper.rules.rng import MAX_SEED
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.store import session
    from rigs_helper.store.audit import new_op
    from rigs_helper.store.files import fresh_seed
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    for name in player:
        if not name.strip().isprintable():
            raise InputError(f"--player {name!r}: a name must be printable text on one line")
    if seed is not None and seed > MAX_SEED:
        raise InputError(f"--seed must be at most {MAX_SEED}")
    from rigs_helper.games.rigs.dice import parse_rolls

    if (word or ask_words) and seed is not None:
        raise InputError("--seed and --word: the words make the seed; give one or the other")
    if word or ask_words:
        import os

        seed = seed_from_words(_words(player, word, ask_words), os.urandom(32))
    seed = fresh_seed() if seed is None else seed
    deal = _deal(plots or [])
    dice = dice.strip().lower()
    op = None
    if have is not None:
        from rigs_helper.cli.decks import read_inventory

        op = read_inventory(have, tables)
    lacks = {d: dict(c) for d, c in op.missing} if op else None
    cards = (cards or ("table" if have is not None else "rigs")).strip().lower()
    if have is not None and cards == "rigs":
        raise InputError("--have records the group's own cards: give --cards table or "
                         "leave --cards out")
    if op is not None and not op.missing:
        cards = "rigs"  # an inventory holding no card of any deck: rigs deals every card
    outcome = new_game(player, seed, tables, parse_rolls(roll), deal, dice, lacks, cards)
    if group is not None:
        outcome = _grouped(outcome, group)
    action = ("new " + " ".join(f"--player {n!r}" for n in player)  # never the seed
              + "".join(f" --roll {r}" for r in roll or ())
              + "".join(f" --plots {x!r}" for x in plots or [])
              + (f" --dice {dice}" if dice != "rigs" else "")
              + (f" --cards {cards}" if cards != "rigs" and have is None else "")
              + (f" --group {outcome.game.group!r}" if outcome.game.group else ""))
    missing = None
    if op is not None:
        from rigs_helper.games.rigs.engine import Outcome, perform

        mixed = perform(outcome.game, op, tables)
        outcome = Outcome(mixed.game, outcome.messages + mixed.messages)
        action += " " + op.describe()[len("inventory "):]
        missing = {d: dict(c) for d, c in op.missing}
    commit = outcome.game.commitment
    path = game_path(game)
    session.create(path, outcome, action, force, tables,
                   op=new_op([n.strip() for n in player], seed, missing, list(roll or ()),
                                  deal, dice, cards, outcome.game.group))
    if json:
        from rigs_helper.games.rigs.views import status_dict

        print_json({"game": str(path), "commitment": commit,
                    "messages": list(outcome.messages),
                    "status": status_dict(outcome.game, tables)})
        return
    for line in outcome.messages:
        say(line)
    from rigs_helper.games.rigs.views import CARDS_WORDS, cards_mode

    rolls = "the table rolls every die" if dice == "table" else \
        "rigs rolls a die the table does not give"
    say(f"Cards: {CARDS_WORDS[cards_mode(outcome.game)]} (--cards {outcome.game.cards}); "
        f"dice: {rolls} (--dice {dice}).")
    say("Write these ids on your plot cards: commands name a plot by its id (P7, p7 or 7) "
        "or by its type when the player owns one plot of that type.")
    say(f"Commitment: {short(commit)}  (photograph it now; `rigs verify` checks the "
        f"decks against it; in full: {commit})")
    say(_group_line(outcome.game))
    say(*next_commands(path, game is not None))


def _grouped(outcome, group: str):
    """The new game in ``group`` (`rigs new --group`: one printable line)."""
    from dataclasses import replace

    from rigs_helper.games.rigs.engine import Outcome
    from rigs_helper.rules.errors import InputError
    from rigs_helper.rules.checker import printable

    name = group.strip()
    if not name or not printable(name):
        raise InputError(f"--group {group!r}: a group's name is printable text on one line")
    return Outcome(replace(outcome.game, group=name), outcome.messages)


def _group_line(game) -> str:
    """Which group's history will keep the game, in words."""
    from rigs_helper.rules.text import shell_word
    from rigs_helper.rules.groups import default_group

    if game.group:
        return (f"Group: {game.group} (its history and ratings count its own games; "
                f"`rigs history --group {shell_word(game.group)}`).")
    return (f"Group: {default_group([p.name for p in game.players])} (these players; "
            "`rigs new --group NAME` names another).")


def next_commands(path: Path, named: bool) -> list[str]:
    """What `rigs new` ends with: the three commands the table needs next (with the game
    file when it is not the default one)."""
    where = f" -g {shell_word(path)}" if named else ""
    rows = [(f"rigs status{where}", "the game at a glance, any time"),
            (f"rigs serve --host 0.0.0.0{where}", "the board, and a page per phone"),
            (f"rigs next{where}", "ends the phase, starts the next")]
    width = max(len(cmd) for cmd, _ in rows)
    return [f"Saved to {path}. Next, at the table:",
            *(f"  {cmd.ljust(width)}  {what}" for cmd, what in rows)]


def _grant_waiting(plot: str | None, order: str | None, give: list[str] | None,
                   card: list[str] | None, roll: list[str] | None, json: bool,
                   game: Path | None) -> bool:
    """Without the plot kept, the cards drawn or who received which: say what is waiting
    (True); else False (the action)."""
    if plot is not None or card or give:  # (--give may name the leader's plot)
        return False
    if order or roll:
        from rigs_helper.rules.errors import InputError

        raise InputError("--order, --give and --roll go with the plot the leader keeps: "
                         "`rigs grant PLOT ...`")
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = session.load(game_path(game), tables).game
    # the drawn plots are for the leader's eyes: `rigs hand LEADER` shows them
    if json:
        print_json({"leader": g.leader, "plots": len(g.grant)})
    elif not g.grant:
        say("No Land Grant is waiting.")
    elif g.grant_owed:  # a mixed Plot deck: the group's own plots to record first
        say(f"Land Grant: {g.leader} draws {g.grant_owed} plot card"
            f"{'s' if g.grant_owed > 1 else ''} from your Plot pile and records them: "
            "`rigs grant --card TYPE ...`.")
    else:
        say(f"Land Grant: {g.leader} picks one of {len(g.grant)} plots; "
            f"`rigs hand {shell_word(g.leader)}` shows them, for {g.leader}'s eyes.")
    return True


app.command("grant")(action_command("grant", """The Land Grant: the Expedition Leader keeps
    one drawn plot, the rest go out at random.

    At the table: `rigs grant --card valley --card plains` records the plot cards drawn,
    then `rigs grant valley` keeps one (a plot id or, among the drawn plots, a type).
    """, {
    "plot": {"help": "The plot the leader keeps: its id (P7, 7) or its type when only one "
             "drawn plot has it (without it: say what is waiting; the plots drawn are for "
             "the leader's eyes: `rigs hand LEADER`).", "show_default": False},
    "order": {"help": "The order the other players receive the rest, e.g. Bo,Cy (default: "
              "seating order after the leader)."},
    "give": {"help": "Record who drew which plot at the table: NAME=PLOT (instead of a "
             "random deal; the leader's own: the plot kept)."},
    "card": {"help": "Record a plot card the leader drew at the table: its type (plains, "
             "valley, forest, desert, ridge), once per plot drawn."},
}, order=("plot", "order", "give", "card", "roll"), view=_grant_waiting))


app.command("lose")(action_command("lose", """Settle N pending RIGS losses at once: the
    player chooses which RIGS go.""", {
    "player": {"help": "The player who must lose RIGS."},
    "n": {"help": "How many of the RIGS owed to lose now (default: the sum of the --from "
          "counts, else 1).", "show_default": False},
    "from": {"help": "Where the RIGS are lost from: a plot (P7, 7, or its type) or "
             "'warehouse' (default: the warehouse, else the plot with the most RIGS); WHERE=K "
             "for K of them, repeated for several places (--from P3=2 --from warehouse=1)."},
}, order=("n", "from")))


@app.command()
def undo(
    n: Annotated[int, typer.Argument(help="How many actions to undo.", min=1)] = 1,
    force: Annotated[bool, typer.Option(
        "--force", help="Undo even though the file was edited by hand since.")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Step back N actions, restoring the exact state (decks and generator included)."""
    from rigs_helper.store import rewind
    from rigs_helper.store.gamekind import kind

    if kind(game_path(game)) != "rigs":  # a game on the protocol (RIG): its game object
        from rigs_helper.cli import protocolgame

        return protocolgame.undo(game, n, json)

    done = rewind.undo(game_path(game), n, force)
    if json:
        print_json({"undone": done.actions, "round": done.game.round,
                    "phase": done.game.phase, **({"note": done.note} if done.note else {})})
        return
    if done.note:
        say(done.note)
    for a in reversed(done.actions):
        say(f"undone: {a}")
    say(f"Now round {done.game.round}, {done.game.phase.title()} Phase.")


@app.command()
def log(
    ledger: Annotated[bool, typer.Option(
        "--ledger", help="Also show where every unit each action moved came from or went "
        "to, and the RIGS and plots it moved.")] = False,
    round_: Annotated[int | None, typer.Option(
        "--round", help="Only this round.", min=1, show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """List every action of the game and what came of it (Disasters dealt, Market card and
    price, survey yields, dice rolled, plots granted), by round and phase.

    Karma cards in a hand are never named.
    """
    from rigs_helper.store import session
    from rigs_helper.store.gamekind import kind

    if kind(game_path(game)) != "rigs":  # a game on the protocol (RIG): its game object
        from rigs_helper.cli import protocolgame

        return protocolgame.log(game, json)

    path = game_path(game)
    rows = session.history(path)  # (the history replayed)
    if round_ is not None:
        last = max((r["round"] for r in rows), default=1)
        if round_ > last:
            from rigs_helper.rules.errors import InputError

            raise InputError(f"--round {round_}: the game has reached round {last} only")
        rows = [r for r in rows if r["round"] == round_]
    if json:
        print_json({"log": rows})
        return
    lines = []
    for r in rows:
        came = f"  (from {r['source']})" if r.get("source") else ""
        lines.append(f"{r['n'] or '':>4}  round {r['round']:>2} {str(r['phase']):<10} "
                     f"{r['action']}{came}")
        lines += [f"{'':>8}{x}" for x in r["said"]]
        if ledger:
            lines += [f"{'':>8}= {x}" for x in r["ledger"]]
    say("\n".join(lines))


@app.command()
def doctor(
    json: JsonOpt = False,
    accept: Annotated[bool, typer.Option(
        "--accept", help="Keep a hand edit of the history: write it as it stands, each "
        "place the replay does not bear out marked as a hand edit with --reason.")] = False,
    reason: Annotated[str | None, typer.Option(
        help="Why the hand edit stands (kept in the history; with --accept).",
        show_default=False)] = None,
    game: GameOpt = None,
) -> None:
    """List every problem of a damaged or hand-edited game file at once, each with its key
    and line (exit 0 when there is none); the history is replayed whole and checked."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import checkup
    from rigs_helper.store.gamekind import kind

    path = game_path(game)
    if kind(path) != "rigs":  # a game on the protocol (RIG): loading it checks every key
        from rigs_helper.cli import protocolgame

        protocolgame.load(game)
        return print_json({"game": str(path), "problems": [], "notes": []}) if json else say(
            f"{path}: no problems found")
    if accept or reason is not None:
        if not accept or reason is None:
            raise InputError("doctor: --accept and --reason go together (rigs doctor "
                             '--accept --reason "fixed a typo")')
        from rigs_helper.store.checkup import accept as keep
        from rigs_helper.store.tablefiles import load_tables

        k = keep(path, reason, load_tables())
        say(f"{path}: the history as it stands is kept ({k} hand-edit checkpoint"
            f"{'s' if k != 1 else ''}, with the reason)" if k else f"{path}: nothing to "
            "accept (the history replays as written)")
        return
    problems, notes = checkup.examine(path)
    if json:
        print_json({"game": str(path), "problems": problems, "notes": notes})
    elif not problems:
        say("\n".join([f"{path}: no problems found", *notes]))
    else:
        say("\n".join(problems))
    if problems:
        raise InputError(f"{path}: {len(problems)} problem{'s' if len(problems) > 1 else ''}"
                         "; fix them by hand, or `rigs undo` (back to the last state rigs "
                         "saved) or `rigs restore --list`")


@app.command()
def restore(
    n: Annotated[int | None, typer.Argument(
        help="The backup to put back (1 = the newest; see --list). Without it: the newest "
        "backup that differs from the game file now.", min=1, show_default=False)] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the backups.")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Put back one of the last 20 saves (kept in .NAME.bak/ beside the game file)."""
    from rigs_helper.store import rewind

    path = game_path(game)
    if list_:
        if n is not None:
            from rigs_helper.rules.errors import InputError

            raise InputError("restore: give either N or --list, not both")
        rows = rewind.backup_list(path)
        if json:
            print_json({"game": str(path), "backups": rows})
            return
        if not rows:
            say(f"No backups of {path} yet.")
        for r in rows:
            what = (f"round {r['round']:>2} {r['phase']:<10} "
                    f"{r['action']}" if r["loads"]
                    else f"does not load: {r['problem']}")
            say(f"{r['n']:>3}  {r['file']}  {what}{'  (the file now)' if r['current'] else ''}")
        return
    pick, g = rewind.restore(path, n)
    if json:
        print_json({"restored": pick["file"], "round": g.round, "phase": g.phase})
        return
    kept = "; the file it replaced is kept as a backup" if pick["replaced"] else ""
    say(f"restored backup {pick['n']} ({pick['file']}): round {g.round}, "
        f"{g.phase.title()} Phase{kept}.")
