"""A scripted 4-player game played with the one-intention commands (not a test module).

What a table types, command by command, for a whole 15-round game: the Land Grant pick,
building and placing RIGS, a survey, a two-way deal, Vinnie repaid in one command, RIGS
losses settled in one command per player, every Luxury sold in one command, `rigs next` at
the end of each phase.  The script decides like a simple table would, by reading the game
file (looking at the board is not a command).  ``play(invoke, path)`` returns every command
typed and what it printed; the command-count script and the message tests share it.
"""

from __future__ import annotations

from rigs_helper.store import session

NAMES = ("Ana", "Bo", "Cy", "Di")
SEED = 11


def _game(path):
    return session.load(path).game


def _free_spot(tables, player, resource):
    """A plot of ``player`` with a free spot for ``resource`` (its type when the player
    owns only one of that type, else its id)."""
    for plot in player.plots:
        if plot.rigs and plot.harvest != resource:
            continue
        if plot.spots(tables, resource) > plot.rigs:
            same = [x for x in player.plots if x.type == plot.type]
            return plot.type if len(same) == 1 else plot.id.lower()
    return None


def play(invoke, path, tables, rounds: int = 15, names=NAMES, seed: int = SEED):
    """Play ``rounds`` rounds (the whole game by default).  ``invoke(*args)`` runs one
    `rigs` command and returns (exit code, stdout, stderr); ``names``: the four players.
    Returns the list of
    (args, exit code, stdout, stderr) of every command typed."""
    typed = []

    def rigs(*args):
        code, out, err = invoke(*args, "--game", str(path))
        typed.append((args, code, out, err))
        assert code in (0, 3), (args, code, out, err)
        return code

    rigs("new", *[x for n in names for x in ("--player", n)], "--seed", str(seed))
    dealt = False
    while True:
        g = _game(path)
        if g.game_over or g.round > rounds:
            break
        if g.phase == "player":
            if g.grant:
                rigs("grant", g.grant[0])
            for name in names:
                p = _game(path).player(name)
                for res in ("metal", "energy", "supplies"):
                    if p.scripts(res) and p.amount(res) >= 2 * p.scripts(res):
                        rigs("vinnie", "repay", name, res, "all")
                        p = _game(path).player(name)
                if p.metal >= 2:
                    rigs("build", name, str(p.metal // 2))
                    p = _game(path).player(name)
                unsurveyed = [x for x in p.plots if x.survey is None]
                if g.round % 4 == 2 and unsurveyed and p.supplies >= 2:
                    rigs("survey", name, unsurveyed[0].id[1:])
                    p = _game(path).player(name)
                want = "metal" if p.metal < 4 else "energy"
                if _free_spot(tables, p, "luxuries"):
                    want = "luxuries"
                where = _free_spot(tables, p, want)
                if p.warehouse_rigs and p.supplies >= 2 and where:
                    rigs("move", name, "1", "--to", where, "--harvest", want)
            if not dealt and g.round == 3:
                g = _game(path)
                ana, cy = g.player(names[0]), g.player(names[2])
                if ana.plots and cy.credits >= 20:
                    rigs("give", ana.name, cy.name, ana.plots[-1].id, "--for", "credits=20")
                    dealt = True
        if g.phase == "market":
            for p in _game(path).players:
                if p.luxuries:
                    rigs("sell", p.name, "all")
        g = _game(path)
        for p in g.players:
            if g.phase == "player" and len(p.hand) > tables.constants.hand_limit:
                for key in p.hand[tables.constants.hand_limit:]:
                    rigs("karma", "discard", p.name, tables.karma_card(key).title)
            if p.must_lose_rigs:
                rigs("lose", p.name, str(p.must_lose_rigs))
            if p.must_discard or p.may_take:
                rigs("next", "--auto")  # a card's own choice: the documented defaults
                break
        if rigs("next") == 3:  # a choice this script does not make: the defaults
            rigs("next", "--auto")
    return typed


def cli_invoke(rigs_fixture):
    """Adapt the tests' ``rigs`` fixture to ``play``'s ``invoke``."""

    def invoke(*args):
        r = rigs_fixture(*args)
        return r.exit_code, r.stdout, r.stderr

    return invoke
