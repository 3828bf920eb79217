"""Every action a person takes, defined once (``games/rigs/actions/definition.py`` says what a
definition holds), each with its operation class and its legal-actions function (the
loaders of ``games/rigs/actions/operations.py``: imported only when called).  No I/O.

The order of :data:`DEFS` is the order a page lists the actions; the order of each
action's page parameters is the order its legal candidates fix them (``games/rigs/legal``).
An action with ``legal=None`` is not in the legal-actions list: ``adjust`` is taken only at
the terminal, ``next`` is also the leader's control on a page (``web/leader.py``, which
also records the End Game cards and dice, ``score``, by itself).
"""

from __future__ import annotations

from rigs_helper.games.rigs.actions import operations as o
from typing import Any

from rigs_helper.games.rigs.actions.definition import (
    LOADED,
    REGISTRY,
    ActionDef,
    ParamDef,
    Registry,
    loaded,
)
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.waits.records import TAKE
from rigs_helper.games.rigs.words import GOODS, RESOURCES

VIRTUAL = "virtual"  # a card or die the table lets rigs draw or roll


def P(name: str, kind: str, **kw) -> ParamDef:  # noqa: N802 (a table's short word)
    return ParamDef(name, kind, **kw)


def _opt(name: str, kind: str, **kw) -> ParamDef:
    return ParamDef(name, kind, optional=True, **kw)


def _rolls(words):
    from rigs_helper.games.rigs.dice import Rolls, parse_rolls

    words = [w for w in words if w != VIRTUAL]  # a page's "virtual": rigs rolls
    return parse_rolls(words) if words else Rolls()


def _side(prefix: str, page: bool) -> tuple[ParamDef, ...]:
    """What moves one way in a deal: each good as GOOD=N (1 or more), and plots (what comes
    back: after ``--for`` on the CLI; the operation's ``back_`` fields)."""
    cli, back = ("--for ", "back_") if prefix else ("", "")
    return (*(_opt(prefix + k, "count", min=1, cli=f"{cli}{k}=N", page=page,
                   field=f"{back}amounts:{k}") for k in GOODS),
            _opt(prefix + "plot", "plot", many=True, cli=f"{cli}PLOT", page=page,
                 field=f"{back}plots"))


def _amounts(v: dict, prefix: str):
    return tuple((k, v[prefix + k]) for k in GOODS if v.get(prefix + k)), v[prefix + "plot"]


def _deal(cls, actor, v):
    amounts, plots = _amounts(v, "")
    back, back_plots = _amounts(v, "for_")
    return cls(actor, v["to"], amounts, plots, back, back_plots)


def _propose(cls, actor, v):
    """A deal proposed: something comes back (a gift is given: ``give``)."""
    op = _deal(cls, actor, v)
    if not op.back_amounts and not op.back_plots:
        raise InputError("deal propose: nothing comes back: a deal names what the other "
                         "player gives in return (a gift is given, not proposed)")
    return op


def _settle(cls, actor, v):
    amounts = tuple((r, v[r]) for r in RESOURCES if v[r])
    if not amounts:
        raise InputError("settle: give at least one resource")
    return cls(actor, amounts)


def _lose(cls, actor, v):
    places = v["places"]
    n = v["n"] if v["n"] is not None else (sum(k for _, k in places) or 1)
    return cls(actor, v["from"], n, places)


def _grant(cls, actor, v):
    plot, cards, order = v["plot"], v["card"], v["order"]
    if plot is None and not cards and not v["give"]:
        raise InputError("grant: give plot (the plot kept), give (who received which) or "
                         "card (the plots drawn)")
    if plot is None and not v["give"] and (order or v["roll"]):
        raise InputError("grant: order and roll go with the plot kept")
    given = []  # NAME=PLOT, several in one word (a page's value: "Bo=P7,Cy=P9")
    for item in (x for word in v["give"] for x in word.split(",")):
        who, _, pid = item.partition("=")
        if not who.strip() or not pid.strip():
            raise InputError(f"grant: give {item!r}: use NAME=PLOT")
        given.append((who.strip(), pid.strip()))
    return cls(plot, tuple(x.strip() for x in order.split(",")) if order else None,
               tuple(given), cards, record_only=plot is None and not given,
               rolls=_rolls(v["roll"]))


def _produce(cls, actor, v):
    if not (v["power"] or v["skip"] or v["reset"]):
        raise InputError("produce: give a plot to power or to skip")
    return cls(actor, v["power"], v["skip"], v["reset"])


def _karma_play(cls, actor, v):
    for side in ("give", "take"):
        for k, _ in v[side]:
            if k not in RESOURCES:
                raise InputError(f"karma play: {side} {k}: only resources are handed over")
    # --wait: the card waits for its victims' answers and the players' records, as a
    # page's play does (games/rigs/waits/waiting.py)
    extra = {"drawers": True, "later": True, "wait": True} if v["wait"] else {}
    return cls.from_flat(
        actor, v["title"], target=v["target"], plot=v["plot"], resource=v["resource"],
        give=v["give"], take=v["take"], source=v["from"],
        card=tuple(c for c in v["card"] if c.strip().lower() != VIRTUAL),
        option=v["option"], new_owner=v["new_owner"], to=v["to"], answer=v["answer"],
        answer_to=v["answer_to"], answer_plot=v["answer_plot"], own=v["own"],
        first=v["first"], rolls=_rolls(v["roll"]), split=v["split"],
        drew=v["drew"] + tuple((actor, t) for t in [v["drawn"] or VIRTUAL]
                               if t.lower() != VIRTUAL), **extra)


def _next(cls, actor, v):
    return cls(auto=v["auto"], cards=v["card"], karma=v["karma"], rolls=_rolls(v["roll"]),
               wait=v["wait"])


def _draw(cls, actor, v):
    """``card``: each card drawn at the table, in order; ``virtual``: rigs draws that one
    (a card a Disaster or a card played made them draw, waiting for the table's
    record).  Several: the first card's draw, the others in its ``more``."""
    first, *rest = v["card"] or (None,)
    if first is not None and first.lower() == VIRTUAL:
        op = cls(actor, v["n"], None, owed=True)
    else:
        op = cls(actor, v["n"], first)
    if not rest:
        return op
    from dataclasses import replace

    return replace(op, more=tuple(rest))


def _swap(cls, actor, v):
    """``card``: the card drawn at the table; ``virtual`` (or none given): rigs draws."""
    card = v["card"]
    return cls(actor, v["title"], None if card is not None and card.lower() == VIRTUAL
               else card)


def _roll_face(cls, actor, v):
    if "=" in v["die"]:
        raise InputError("roll: give the face rolled (1 to 6) or virtual")
    return cls(actor, v["die"])


def _with_rolls(cls, actor, v):
    return cls(actor, v["title"], rolls=_rolls(v["roll"]))


_ROLL = _opt("roll", "roll", many=True, cli="--roll", record="die", page=False, field=None)

DEFS: dict[str, ActionDef] = {d.path: d for d in (
    ActionDef("grant", o.op_grant, (
        _opt("plot", "text"),  # one of the drawn plots: the rules read it (names.plot_id)
        _opt("order", "text", cli="--order"),
        _opt("card", "plot_type", many=True, cli="--card", record="card", private="nobody",
             field="cards"),
        # who received which plot, as the table dealt them (NAME=PLOT; the leader's: the
        # plot kept)
        _opt("give", "text", many=True, cli="--give", record="card"),
        _ROLL,
    ), "Land Grant", actor="leader", legal=o.legal_grant, full=True, make=_grant),
    ActionDef("build", o.op_build, (
        _opt("to", "plot", cli="--to"),
        _opt("harvest", "resource", cli="--harvest"),
        _opt("n", "count", default=1, counted=True),
    ), "Build RIGS", legal=o.legal_build),
    ActionDef("move", o.op_move, (
        # not given: the warehouse (a page names it: the list names where RIGS are)
        _opt("from", "place", cli="--from", field="source", page_required=True),
        P("to", "place", cli="--to"),
        _opt("harvest", "resource", cli="--harvest"),
        P("n", "count", counted=True),
    ), "Move RIGS", legal=o.legal_move, said_order=("to", "harvest", "from")),
    ActionDef("survey", o.op_survey, (
        P("plot", "plot"),
        _opt("card", "count", cli="--card", record="card"),
    ), "Survey a plot", legal=o.legal_survey),
    ActionDef("vinnie borrow", o.op_vinnie_borrow, (
        P("resource", "resource"),
        _opt("n", "count", default=1, counted=True),
    ), "Borrow from Vinnie", legal=o.legal_vinnie_borrow),
    ActionDef("vinnie repay", o.op_vinnie_repay, (
        P("resource", "resource"),
        _opt("n", "count_or_all", default=1, counted=True),
    ), "Repay Vinnie", legal=o.legal_vinnie_repay, several="resource=n"),
    ActionDef("give", o.op_give, (
        P("to", "player", field="receiver"), *_side("", True), *_side("for_", False),
    ), "Give", legal=o.legal_give, make=_deal),
    ActionDef("sell", o.op_sell, (
        P("n", "count_or_all", counted=True),
    ), "Sell Luxuries", legal=o.legal_sell, several="player n"),
    ActionDef("produce", o.op_produce, (
        _opt("power", "plot", many=True, cli="--power"),
        _opt("skip", "plot", many=True, cli="--skip"),
        _opt("reset", "flag", cli="--reset", page=False, default=False),
    ), "Production plan", legal=o.legal_produce, make=_produce,
        page_one_of=("power", "skip")),
    ActionDef("lose", o.op_lose, (
        _opt("from", "place", cli="--from", page_required=True,  # a page names where
             field="source"),
        _opt("n", "count", counted=True, quiet=1),
        _opt("places", "place_count", many=True, cli="--from WHERE=K", page=False),
    ), "Lose RIGS", legal=o.legal_lose, full=True, make=_lose),
    ActionDef("settle", o.op_settle, tuple(
        _opt(r, "count", min=0, default=0, cli=f"{r}=N", field=f"amounts:{r}")
        for r in RESOURCES
    ), "Settle resources", legal=o.legal_settle, full=True, make=_settle),
    ActionDef("karma draw", o.op_karma_draw, (
        # each card drawn at the table, in order (several owed: one each; "virtual": rigs
        # draws that one)
        _opt("card", "title", many=True, cli="--card", record="card", private="owner",
             page_required=True),
        _opt("n", "count", default=1, min=1, page=False),
        # (the cards after the first, as the operation keeps them: never typed)
        _opt("more", "title", many=True, typed=False, page=False, private="owner",
             public=(VIRTUAL,)),
    ), "Record a Karma card drawn", legal=o.legal_karma_draw, make=_draw),
    ActionDef("karma discard", o.op_karma_discard, (
        P("title", "title"),
    ), "Discard a Karma card", legal=o.legal_karma_discard),
    ActionDef("karma swap", o.op_karma_swap, (
        P("title", "title"),
        # the card drawn at the table: required on a page ("virtual": rigs draws it), so
        # that rigs draws only when the table says so; the terminal may leave it out
        _opt("card", "title", cli="--card", record="card", private="owner",
             page_required=True),
    ), "Swap a Karma card", legal=o.legal_karma_swap, make=_swap),
    ActionDef("karma play", o.op_karma_play, (
        P("title", "title"),
        _opt("target", "player", many=True, cli="--target"),
        _opt("plot", "plot", many=True, cli="--plot"),
        _opt("resource", "resource", many=True, cli="--resource"),
        _opt("option", "text", cli="--option"),
        _opt("new_owner", "player", cli="--new-owner"),
        _opt("from", "place", cli="--from", field="source"),
        _opt("give", "good_amount", many=True, cli="--give", page=False),
        _opt("take", "good_amount", many=True, cli="--take", page=False),
        # a card of a victim's hand: chosen, or picked at random at the table (Eye for an
        # Eye: record=card, "virtual": rigs picks)
        _opt("card", "title", many=True, cli="--card", private="owner target", record="card"),
        _opt("to", "destination", many=True, cli="--to", page=False),
        _opt("answer", "said", many=True, cli="--answer", page=False),  # played face up
        _opt("answer_to", "said", many=True, cli="--answer-to", page=False),
        _opt("answer_plot", "plot", many=True, cli="--answer-plot", page=False),
        _opt("drew", "name_title", many=True, cli="--drew", record="card", private="each",
             page=False),
        # Rough Storm: the Karma card its player drew at the table ("virtual": rigs draws)
        _opt("drawn", "title", cli="--drawn", record="card", field=None),
        _opt("own", "title", many=True, cli="--own", page=False),
        _opt("first", "said", many=True, cli="--first", page=False),
        _opt("split", "name_count", many=True, cli="--split", page=False),
        # the table's die (Poker Night, Winning Raffle Ticket, Ruins); a page may say
        # "virtual" (rigs rolls)
        _opt("roll", "table_roll", many=True, cli="--roll", record="die", field="rolls"),
        _opt("wait", "flag", cli="--wait", page=False, default=False),
    ), "Play a Karma card", legal=o.legal_karma_play, make=_karma_play,
        quoted=True, said_order=(
            "target", "plot", "resource", "give", "take", "card", "from", "option",
            "new_owner", "to", "answer", "answer_to", "answer_plot", "drew", "own", "first",
            "split", "roll", "wait")),
    ActionDef("karma use", o.op_karma_use, (
        P("title", "title"),  # Parts Shop: the table's die ("virtual": rigs rolls)
        _opt("roll", "table_roll", many=True, cli="--roll", record="die", field="rolls"),
    ), "Use a card in play", legal=o.legal_karma_use, make=_with_rolls),
    ActionDef("karma retire", o.op_karma_retire, (
        P("title", "title"),
    ), "Take a card out of play", legal=o.legal_karma_retire),
    ActionDef("deal propose", o.op_deal_propose, (
        P("to", "player", field="receiver"), *_side("", True), *_side("for_", True),
    ), "Propose a deal", legal=o.legal_deal_propose, make=_propose),
    *(ActionDef(f"deal {verb}", op, (
        P("deal", "deal"),
    ), label, legal=legal) for verb, op, legal, label in (
        ("accept", o.op_deal_accept, o.legal_deal_accept, "Accept"),
        ("decline", o.op_deal_decline, o.legal_deal_decline, "Decline"),
        ("withdraw", o.op_deal_withdraw, o.legal_deal_withdraw, "Withdraw"))),
    ActionDef("answer", o.op_answer, (
        P("card", "title", private="owner", public=(TAKE, "take it")),  # take: no card
        _opt("to", "player", cli="--to"),
        _opt("plot", "plot", cli="--plot"),
        _opt("first", "title", cli="--first"),
        # with take: the Karma cards drawn at the table because of it ("virtual": rigs
        # draws the rest)
        _opt("drew", "title", many=True, cli="--drew", record="card", private="owner",
             public=(VIRTUAL,)),
        # the die this player rolls for it ("virtual": rigs rolls)
        _opt("roll", "table_roll", many=True, cli="--roll", record="die"),
        # I'll Take THAT!: the card of the hand the card's player took
        _opt("gave", "title", cli="--gave", private="owner"),
        # Right Back At You turning I WANT THAT! on several victims: the answerer's split
        # of the gains, VICTIM=N (a page: one number per victim, ``split:VICTIM``)
        _opt("split", "name_count", many=True, cli="--split", keyed=True),
    ), "Answer", legal=o.legal_answer),
    ActionDef("disaster record", o.op_disaster_record, (
        P("card", "title", record="card"),
        # the Karma card drawn at the table because the card hurts (or "virtual")
        _opt("karma", "title", cli="--karma", record="card", private="owner",
             public=(VIRTUAL,)),
    ), "Record your Disaster card", legal=o.legal_disaster_record),
    ActionDef("roll", o.op_roll, (
        # the player's die in a leader roll-off ("virtual": rigs rolls it)
        P("die", "table_roll", record="die"),
    ), "Roll for Expedition Leader", legal=o.legal_roll, make=_roll_face),
    ActionDef("done", o.op_done, (), "I'm done", legal=o.legal_done),
    # the leader's: ends the phase (a page's leader control: web/leader.py)
    ActionDef("next", o.op_next, (
        _opt("card", "text", many=True, cli="--card", record="card", field="cards"),
        _opt("roll", "roll", many=True, cli="--roll", record="die", field="rolls"),
        _opt("karma", "text", many=True, cli="--karma", record="card",
             private="each", page=False),
        _opt("auto", "flag", cli="--auto", page=False, default=False),
        _opt("wait", "flag", cli="--wait", page=False, default=False),
    ), "End the phase now", actor="leader", make=_next,
        said_order=("auto", "wait", "card", "karma", "roll")),
    ActionDef("adjust", o.op_adjust, (
        P("what", "holding"),
        P("delta", "number"),
        P("why", "text", cli="--why"),
        # Karma cards the books correct by hand (what = karma): named from the deck (+N)
        # or from the hand (-N); the owner's to see
        _opt("card", "title", many=True, cli="--card", private="owner"),
    ), "Adjust a holding"),
)}


def definition(path: str) -> ActionDef:
    """The definition of the action ``path`` (any case); InputError when there is none."""
    d = DEFS.get(path) or DEFS.get(str(path).strip().lower())
    if d is None:
        raise InputError(f"unknown action {path!r} (one of {', '.join(DEFS)})")
    return d


def build_action(path: str, actor: str | None, words, page: bool = False, game=None):
    """The operation of the action ``path`` built from ``words`` (``definition.build``)."""
    from rigs_helper.games.rigs.actions.definition import build

    return build(definition(path), actor, words, page, game)


# ---------------------------------------------------------------------------- registration


def _named(name: str) -> list[tuple[type, dict[str, Any]]]:
    """The classes logged as the action ``name``, each with the fields that mark it; or
    the class an operation class of an older file's name is now, with the fields it
    stood for (:data:`RENAMED`)."""
    d = DEFS.get(name)
    if d is not None:
        return [(d.operation_class(), {})]
    if name in o.OTHERS:
        return [(loaded(o.OTHERS[name](), name, None), {})]
    if name in RENAMED:
        path, marks = RENAMED[name]
        return [(DEFS[path].operation_class(), marks)]
    return []


#: the operation classes an older file names (a version-1 entry's class, a waiting
#: attack's play) that are no class now: their action, and the fields they stood for (a
#: Karma play that waited for its victims was a class of its own, ``KarmaPlayWait``, and
#: one per family of cards, ``PlayOnVictimsWait`` ...: now the play's ``wait``)
RENAMED: dict[str, tuple[str, dict[str, Any]]] = {name + "Wait": ("karma play", {"wait": True})
                                                  for name in (
    "KarmaPlay", "PlayCollector", "PlayOnVictims", "PlayRigsFrom", "PlayHandCard",
    "PlayMatchLoss", "PlaySwapOption", "PlayVictimsResource", "PlayOnPlot",
    "PlayNewOwner", "PlayScatter", "PlayPlots", "PlayPlotResource", "PlayResources",
    "PlaySwap", "PlayTake")}


def _others() -> None:
    for name, load in o.OTHERS.items():
        loaded(load(), name, None)


def everything() -> dict[str, type]:
    """Every operation class by its class name, each loaded (a version-1 file names its
    operations by class)."""
    for d in DEFS.values():
        _named(d.path)
    _others()
    from rigs_helper.games.rigs.engine import Op

    out: dict[str, type] = {}
    todo: list[type] = [Op]
    while todo:
        subs: list[type] = todo.pop().__subclasses__()
        # a slotted dataclass is a new class beside the one it was made from (kept until
        # collected): the one without slots of the two is skipped
        slotted = {(s.__module__, s.__qualname__) for s in subs if "__slots__" in vars(s)}
        for sub in subs:
            if "__slots__" not in vars(sub) and (sub.__module__, sub.__qualname__) in slotted:
                continue
            if sub.__module__.partition(".")[0] != __name__.partition(".")[0]:
                continue  # a class made elsewhere in the process (a test's) is no action
            out[sub.__name__] = sub
            todo.append(sub)
    return out


def _find(cls: type) -> None:
    """Load what makes ``cls`` known: the operations that are no person's action, then
    every other."""
    _others()
    if cls not in LOADED:
        everything()

REGISTRY[:] = [Registry(definition, _named, everything, _find)]

__all__ = ["DEFS", "build_action", "definition", "everything"]
