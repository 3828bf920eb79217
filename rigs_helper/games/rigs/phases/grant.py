"""The Land Grant: the plots the leader drew (recorded from the table or drawn by rigs), the
one the leader keeps and the rest dealt, then the leader determined again."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.decks import all_virtual
from rigs_helper.games.rigs.dice import Rolls, said_rolls
from rigs_helper.games.rigs.engine import Op, Outcome, Work, determine_leader
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.mixed import game_virtual, swap_in
from rigs_helper.games.rigs.piles import find_kind
from rigs_helper.games.rigs.phases.common import table_work
from rigs_helper.games.rigs.state import Game, Plot
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word


#: ``Game.grant_record`` once the plots are drawn: recorded from the table ("made": the
#: table holds them and deals them), or drawn by rigs at the table's word ("rigs")
RECORDED = ("made", "rigs")


def default_pick(tables: Tables, grant: tuple[str, ...]) -> str:
    def worth(pid: str) -> tuple[int, int, int]:
        t = tables.plots[tables.plot_deck[int(pid[1:]) - 1]]
        return (t.endgame_cards, sum(t.spots.values()), -int(pid[1:]))
    return max(grant, key=worth)


def record_grant(w: Work, cards: tuple[str, ...]) -> None:
    """The plots the leader drew at the table replace the virtual Land Grant: the virtual
    cards go back on top of the Plot deck, in their order, and a plot card of each type
    recorded comes out of it."""
    if "plot" in w.game.missing:
        record_mixed_grant(w, cards)
        return
    if [c.strip().lower() for c in cards] == ["virtual"]:  # the table lets rigs draw them
        if w.game.grant_record in RECORDED:
            raise RulesError("the Land Grant's plots are recorded already",
                             rule="the leader draws the plots once")
        # rigs' plots: rigs may hand out those the leader does not keep
        w.game = replace(w.game, grant_record=("rigs" if w.game.table_deals else "made")
                          if w.game.grant_record else "")
        w.say(f"Land Grant: rigs draws the {len(w.game.grant)} plots for "
              f"{w.game.leader}.")
        return
    if w.game.grant_record in RECORDED:
        raise RulesError("the Land Grant's plots are recorded already",
                         rule="the leader draws the plots once")
    n = len(w.game.grant)
    if len(cards) != n:
        raise InputError(f"--card: the Land Grant draws {n} plot{'s' if n != 1 else ''}; "
                         f"give {n} plot type{'s' if n != 1 else ''}")
    deck = list(w.game.grant) + list(w.game.plot_deck)
    grant = []
    for c in cards:
        t = c.strip().lower()
        if t not in w.tables.plots:
            raise InputError(f"--card {c!r}: a plot type (plains, valley, forest, desert, "
                             "ridge)")
        pid = next((x for x in deck if w.tables.plot_deck[int(x[1:]) - 1] == t), None)
        if pid is None:
            raise RulesError(f"no {w.tables.plots[t].name} is left in the Plot deck",
                             rule="27 plot cards: 9 Plains, 9 Valley, 3 Forest, 3 Desert, "
                             "3 Ridge")
        deck.remove(pid)
        grant.append(pid)
    w.game = replace(w.game, plot_deck=tuple(deck), grant=tuple(grant),
                     grant_record="made" if w.game.grant_record else "")
    leader = w.game.leader
    w.say(f"Land Grant recorded: {leader} drew {len(grant)} plots "
          f"(`rigs hand {shell_word(leader)}` shows their ids, for {leader}'s eyes).")
    w.say("Land Grant recorded (you drew): " + ", ".join(
        f"{pid} {w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}"
        for pid in grant) + ". Write these ids on the plot cards.", to=leader)


def record_mixed_grant(w: Work, cards: tuple[str, ...]) -> None:
    """A mixed Plot deck: the plots the leader drew from the group's pile take the places
    of the stand-ins (each trades places with a physical plot card of the type recorded);
    the virtual plots stay.  "virtual" may stand for each virtual plot of the grant."""
    g = w.game
    virtual = game_virtual(g, w.tables, "plot")
    types = [c for c in cards if c.strip().lower() != "virtual"]
    n = g.grant_owed
    if not n:
        raise RulesError("every plot of this Land Grant is virtual or recorded already",
                         rule="a mixed deck: the leader records the plots drawn from the "
                         "group's pile")
    if len(types) != n:
        raise InputError(f"--card: the leader drew {n} plot{'s' if n != 1 else ''} from "
                         f"your pile; give {n} plot type{'s' if n != 1 else ''}")
    full = list(g.grant) + list(g.plot_deck)
    slots = [i for i, pid in enumerate(g.grant) if pid not in virtual]
    for i, c in zip(slots, types):
        t = find_kind(w.tables, "plot", c)
        if not swap_in(full, i, virtual, t, lambda pid: w.tables.plot_deck[int(pid[1:]) - 1]):
            raise RulesError(f"no {w.tables.plots[t].name} is left in your Plot pile",
                             rule="a mixed deck: the group's own plot cards are dealt")
    k = len(g.grant)
    w.game = replace(g, grant=tuple(full[:k]), plot_deck=tuple(full[k:]), grant_owed=0)
    leader = g.leader
    w.say(f"Land Grant recorded: {leader} drew {n} plot{'s' if n != 1 else ''} from your "
          f"pile (`rigs hand {shell_word(leader)}` shows their ids, for {leader}'s eyes).")
    w.say("Land Grant recorded (you drew): " + ", ".join(
        f"{pid} {w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}"
        for i, pid in enumerate(full[:k]) if i in slots) + ". Write these ids on the plot "
        "cards.", to=leader)


def draw_grant(w: Work, n: int) -> None:
    """The leader draws ``n`` plots for the Land Grant (rigs draws them unless recorded; a
    mixed Plot deck names the virtual ones and leaves the group's own to record)."""
    deck = list(w.game.plot_deck)
    grant, deck = deck[:n], deck[n:]
    owed = 0
    if "plot" in w.game.missing:
        virtual = game_virtual(w.game, w.tables, "plot")
        owed = sum(1 for pid in grant if pid not in virtual)
    # (the table's plots first: where it holds them all; a partial set holding none
    # leaves them to rigs, as `--cards rigs` does: nothing to record)
    due = "due" if w.game.cards == "table" and not all_virtual(w.game, "plot") and \
        "plot" not in w.game.missing else ""
    w.game = replace(w.game, plot_deck=tuple(deck), grant=tuple(grant), grant_owed=owed,
                     grant_record=due)
    if "plot" not in w.game.missing:
        w.say(f"Land Grant: {w.game.leader} draws {n} plot{'s' if n > 1 else ''} "
              f"(drawn by rigs unless recorded; {len(deck)} left in the deck).")
        return
    leader = w.game.leader
    w.say(f"Land Grant: {leader} draws {n} plot{'s' if n > 1 else ''}: {owed} from your "
          f"Plot pile and {n - owed} virtual ({len(deck)} left in the deck).")
    for pid in grant:
        if pid in virtual:
            w.say(f"Virtual plot for this grant: {pid} "
                  f"{w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}.", to=leader)
    if owed:
        w.say(f"{leader}: draw {owed} plot card{'s' if owed > 1 else ''} from your Plot pile "
              f"and record {'them' if owed > 1 else 'it'} (`rigs grant --card "
              + " ".join(["TYPE"] * owed) + "`).")


def grant_plot(tables: Tables, grant: tuple[str, ...], text: str) -> str:
    """A Land Grant plot named by its id (P7, p7, 7) or by its type (valley)."""
    t = text.strip().lower()
    if t in tables.plots:
        for pid in grant:
            if tables.plot_deck[int(pid[1:]) - 1] == t:
                return pid
        raise RulesError(f"no {tables.plots[t].name} is among the Land Grant plots "
                         "(the leader's `rigs hand` lists them)", rule="the leader keeps one "
                         "of the plots drawn")
    return "P" + t[1:] if t.startswith("p") else "P" + t


def settle_grant(w: Work, pick: str | None, order: list[str] | None,
           given: dict[str, str] | None, table_deals: bool = False,
           record_first: bool = False) -> None:
    """The leader keeps ``pick`` and the other plots go out (``given``: as the table dealt
    them).  ``table_deals`` (the leader's own `grant`): plots the table drew and recorded
    are never handed out by rigs: without ``given`` it is refused.  ``record_first``: while
    the table's record of the plots is due, nothing is kept or dealt (the list offers the
    record, or rigs' draw)."""
    g = w.game
    if g.grant_owed:
        raise RulesError(f"{g.leader} has not recorded the {g.grant_owed} plot"
                         f"{'s' if g.grant_owed > 1 else ''} drawn from your Plot pile",
                         rule="a mixed deck: `rigs grant --card TYPE ...` records them "
                         "before the leader keeps one")
    if record_first and g.table_deals and g.grant_record == "due" and \
            not all_virtual(g, "plot"):  # (a game saved before: rigs' plots, no record)
        drawn = len(g.grant)
        raise RulesError(
            f"the Land Grant's {drawn} plot{'s are' if drawn != 1 else ' is'} not recorded: "
            "`rigs grant --card " + " ".join(["TYPE"] * drawn) + "`, or `rigs grant --card "
            "virtual`",
            rule="the leader records them before keeping one")
    leader = g.player(g.leader)
    grant = list(g.grant)
    auto_note = ""
    kept = [v for n, v in (given or {}).items() if g.player(n).name == leader.name]
    if kept:  # the table's deal names the leader's plot too: the one kept
        if pick is not None and grant_plot(w.tables, g.grant, pick) != \
                grant_plot(w.tables, g.grant, kept[0]):
            raise InputError(f"--give {leader.name}={kept[0]}: the leader's plot is the one "
                             f"kept ({pick})")
        pick = kept[0]
        given = {n: v for n, v in (given or {}).items() if g.player(n).name != leader.name}
    if pick is None:
        pick = default_pick(w.tables, g.grant)
        auto_note = " (--auto default: the most valuable plot)"
    typed, pick = pick, grant_plot(w.tables, g.grant, pick)
    if pick not in grant:
        raise RulesError(f"{typed!r} is not among the Land Grant plots (`rigs hand "
                         f"{shell_word(leader.name)}` lists them)",
                         rule="the leader keeps one of the plots drawn")
    grant.remove(pick)
    others = [p.name for p in g.seating_from(leader.name)[1:]]
    if order is None:
        order = others
    else:
        order = [g.player(n).name for n in order]
        if sorted(order) != sorted(others):
            raise InputError("--order must name every other player once: "
                             + ", ".join(others))
    dealt: list[tuple[str, str]] = [(leader.name, pick)]
    if given:
        pool = tuple(grant)  # a type names the first of its kind not handed out yet
        named = {}
        for n, v in given.items():
            named[g.player(n).name] = pid = grant_plot(w.tables, pool, v)
            pool = tuple(x for x in pool if x != pid) if pid in pool else pool
        given = named
        if not set(given) <= set(order):  # the leader's plot is the pick, not a --give
            raise InputError("--give names the other players only: " + ", ".join(order))
        if sorted(given.values()) != sorted(grant[:len(order)]) and \
                sorted(given.values()) != sorted(grant):
            raise InputError("--give must hand out exactly the other drawn plots "
                             f"(`rigs hand {shell_word(leader.name)}` lists them)")
        for name in order:
            if name in given:
                dealt.append((name, given[name]))
    else:
        if table_deals and g.table_deals and grant and order and _table_holds(
                g, w.tables, grant):
            example = " ".join(f"--give {shell_word(f'{n}={pid}')}"
                               for n, pid in zip(order, grant))
            raise RulesError(
                f"the table deals the other plots: say who received which (`rigs grant "
                f"{pick} {example}`, with the plots each one received)",
                rule="rigs never picks the table's cards: the plots drawn at the table "
                "go to the players the leader hands them to")
        for name in order:
            if not grant:
                break
            dealt.append((name, grant.pop(w.rng.below(len(grant)))))
        if len(dealt) > 1:
            auto_note += " (the others dealt at random by rigs)"
    for name, pid in dealt:
        p = w.player(name)
        plot = Plot(pid, w.tables.plot_deck[int(pid[1:]) - 1])
        w.put(replace(p, plots=p.plots + (plot,)))
    w.game = replace(w.game, grant=(), grant_record="")
    w.say("Land Grant: " + "; ".join(
        f"{n} gets {pid} {w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}"
        for n, pid in dealt) + auto_note + ".")
    left_out = [n for n in order if n not in {x for x, _ in dealt}]
    if left_out:
        who = " and ".join([", ".join(left_out[:-1]), left_out[-1]] if len(left_out) > 1
                           else left_out)
        w.say(f"Too few plots: {who} {'gets' if len(left_out) == 1 else 'get'} none this "
              "round.")
    determine_leader(w)


def _table_holds(g: Game, tables: Tables, plots: list[str]) -> bool:
    """Some of ``plots`` (the grant's plots left to hand out) are cards the table holds:
    drawn and recorded at the table ("made"), or, from a mixed Plot deck, any of the
    group's own (its virtual ones rigs may deal)."""
    if g.grant_record == "made":
        return True
    if "plot" not in g.missing:
        return False
    virtual = game_virtual(g, tables, "plot")
    return any(pid not in virtual for pid in plots)


@dataclass(frozen=True, slots=True)
class GrantPick(Op):
    """The leader's Land Grant: record the plot cards drawn at the table (``cards``, plot
    types), and/or keep one (``pick``) and hand out the rest."""

    pick: str | None = None
    order: tuple[str, ...] | None = None
    given: tuple[tuple[str, str], ...] = ()
    cards: tuple[str, ...] = ()
    record_only: bool = False
    rolls: Rolls = Rolls()  # the leader roll-off after the grant: NAME=N
    rolloff: bool = False  # a tie waits for each tied player's die (a page's grant)
    #: a plot kept or dealt while the table's record was due, kept from a game file
    #: written before the record came first at the terminal too: replayed as it
    #: happened (store/histcheck.py ``performed``), never offered or typed
    at_will: bool = False
    phases = ("player",)
    grant_first = False  # it settles the grant

    # (by hand: the pick, "(default)", the record alone and the order in one word are
    # not its parameters' words)
    def describe(self) -> str:
        s = "grant" + ("" if self.record_only else f" {self.pick or '(default)'}")
        s += "".join(f" --card {c}" for c in self.cards)
        if self.order:
            s += " --order " + shell_word(",".join(self.order))
        return s + "".join(f" --give {n}={p}" for n, p in self.given) + said_rolls(self.rolls)

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        if not game.grant:
            raise RulesError("no Land Grant is waiting", rule="the Land Grant happens at the "
                             "start of each Player Phase from round 2 while plots last")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = table_work(game, tables, self.rolls)
        w.rolloff_waits = self.rolloff
        if self.cards:
            record_grant(w, self.cards)
        if self.record_only:
            if self.order or self.given:
                raise InputError("--order and --give go with the plot the leader keeps: "
                                 "`rigs grant PLOT ...`")
            return w.done()
        settle_grant(w, self.pick, list(self.order) if self.order else None,
                     dict(self.given) if self.given else None, table_deals=True,
                     record_first=not self.at_will)
        return w.done()
