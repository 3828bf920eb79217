"""The pieces of a game file's state document, each checked with its key and line as it
is read: a player, a plot, a pile (encoded, maybe mixed), the group's inventory, the players
done with the phase.  :func:`codec.from_doc` puts them together."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from rigs_helper.rules.checker import MAX_INT, Checker
from rigs_helper.games.rigs.state import MAX_HOLDING, OWED_DRAW, Pile, Player, Plot, frozen_map
from rigs_helper.games.rigs.hidden import Codecs
from rigs_helper.games.rigs.tables import RESOURCES, Tables, slug

_PLAYER = {"name", "credits", *RESOURCES, "warehouse_rigs", "vinnie", "hand", "in_play",
           "on_cards", "disaster", "effects", "borrowed", "may_swap", "must_lose_rigs", "plan",
           "plots", "must_discard", "may_take", "last_loss", "no_sabotage_round",
           "disaster_draw", "incoming", "owed_karma"}
_PLOT = {"id", "type", "survey", "rigs", "harvest"}
# what rigs writes for every player and plot: a missing one is an error, never a default
_PLAYER_REQUIRED = ("credits", *RESOURCES, "warehouse_rigs", "hand", "plots")
_PLOT_REQUIRED = ("id", "type", "rigs")
_PID = re.compile(r"P\d+")


def read_done(check: Checker, raw: Any, names: list[str]) -> tuple[str, ...]:
    """``done``: the players done deciding in this phase, each once, in seating order."""
    said = []
    for i, n in enumerate(check.array(raw, "done")):
        n = check.string(n, f"done[{i}]")
        if n not in names:
            raise check.fail(f"done[{i}]", f"{n!r} is not a player of this game")
        if n in said:
            raise check.fail(f"done[{i}]", f"{n} is named twice")
        said.append(n)
    return tuple(n for n in names if n in said)


def read_inventory(check: Checker, raw: Any, tables: Tables) -> dict[str, dict[str, int]]:
    """[inventory]: {deck: {title: copies missing}} for the mixed decks (a file written
    before the Plot, Survey and Market decks could be mixed has none of them: all
    virtual, as then)."""
    from rigs_helper.games.rigs.mixed import ALL_DECKS, deck_title, full_deck

    out: dict[str, dict[str, int]] = {}
    for deck, cards in check.table(raw, "inventory", set(ALL_DECKS)).items():
        full = full_deck(tables, deck)
        by = {slug(deck_title(tables, deck, k)): k for k in full}
        out[deck] = {}
        for t, n in check.table(cards, f"inventory.{deck}").items():
            key = by.get(slug(t))
            if key is None:
                raise check.fail(f"inventory.{deck}.{t}", "unknown card")
            n = check.whole(n, f"inventory.{deck}.{t}", 1)
            if n > full[key]:
                raise check.fail(f"inventory.{deck}.{t}", f"the deck has {full[key]}, "
                                 f"not {n}")
            out[deck][key] = n
    return out


def read_pile(check: Checker, c: Codecs, d: dict[str, Any], deck: str,
              missing: dict[str, dict[str, int]],
              titles: Callable[[str, Any, Iterable[Any]], tuple[str, ...]],
              cards: Iterable[Any]) -> Pile:
    """A Disaster or Karma pile; a mixed one carries its virtual tags."""
    key, text = f"decks.{deck}", d.get(deck, "")
    discard = titles(f"{key}_discard", d.get(f"{deck}_discard", []), cards)
    if deck not in missing:
        if f"{deck}_virtual_discard" in d:
            raise check.fail(f"{key}_virtual_discard", "only a mixed deck (see [inventory]) "
                             "has virtual discards")
        return Pile(decoded(check, c, key, text, deck), discard, unshuffled=flag(
            check, d.get(f"{deck}_unshuffled", False), f"{key}_unshuffled"))
    draw, virtual = decoded(check, c, key, text, deck, tagged=True)
    vdiscard = titles(f"{key}_virtual_discard", d.get(f"{deck}_virtual_discard", []), cards)
    if Counter(vdiscard) - Counter(discard):
        raise check.fail(f"{key}_virtual_discard", "names a card that is not in the discards")
    virtual_out = Counter(vdiscard) + Counter(k for k, v in zip(draw, virtual) if v)
    for k, n in virtual_out.items():
        if n > missing[deck].get(k, 0):
            title = next(x.title for x in cards if x.key == k)
            raise check.fail(key, f"more virtual {title!r} cards than the group lacks "
                             "([inventory])")
    return Pile(draw, discard, virtual, vdiscard)


def decoded(check: Checker, c: Codecs, key: str, value: Any, codec: str, tagged: bool = False
            ) -> tuple[Any, ...]:
    if not isinstance(value, str):
        raise check.fail(key, "must be an encoded card string (written by rigs)")
    try:
        if tagged:  # a mixed deck's pile: (cards, virtual tags)
            return c[codec].decode_tagged(value)  # (a pair)
        return tuple(c[codec].decode(value))
    except (ValueError, IndexError):
        raise check.fail(key, "is damaged (an encoded pile cannot be edited by hand)"
                         ) from None


def player_lookups(tables: Tables) -> tuple[dict[str, str], set[str]]:
    """What :func:`read_player` looks cards up in: the Karma cards' keys by title, the
    Disaster cards' keys (made once for every player of a state)."""
    if _LOOKUPS[0] is not tables:  # (made once for the last tables asked about)
        _LOOKUPS[:] = [tables, ({slug(x.title): x.key for x in tables.karma},
                                {x.key for x in tables.disasters})]
    return _LOOKUPS[1]  # type: ignore[no-any-return]


_LOOKUPS: list[Any] = [None, None]


def read_player(check: Checker, raw: Any, i: int, tables: Tables,
                decode: Callable[[str, Any, str], tuple[Any, ...]],
                titles: Callable[[str, Any, Iterable[Any]], tuple[str, ...]],
                lookups: tuple[dict[str, str], set[str]] | None = None) -> Player:
    k = f"players[{i}]"
    p = check.table(raw, k, _PLAYER)
    name = check.name(p.get("name"), f"{k}.name")
    k = f'players[{i}] ("{name}")'
    for f in _PLAYER_REQUIRED:  # no silent default: a deleted line is not a 0
        if f not in p:
            raise check.fail(f"{k}.{f}", "is missing (rigs writes it for every player; "
                             "put it back, or `rigs undo`)")
    amounts = {f: _count(check, p.get(f, 0), k, f) for f in ("credits", *RESOURCES)}
    for f, n in amounts.items():
        if n > MAX_HOLDING:
            raise check.fail(f"{k}.{f}", f"{n} is more than a game holds (at most "
                             f"{MAX_HOLDING})")
    vinnie = {r: check.whole(v, f"{k}.vinnie.{r}") for r, v in
              check.table(p.get("vinnie", {}), f"{k}.vinnie",
                          set(tables.constants.loanable)).items() if v}
    by_title, disasters = lookups or player_lookups(tables)
    on_cards = {}
    for t, v in check.table(p.get("on_cards", {}), f"{k}.on_cards").items():
        if slug(t) not in by_title:
            raise check.fail(f"{k}.on_cards.{t}", "unknown Karma card")
        on_cards[by_title[slug(t)]] = check.whole(v, f"{k}.on_cards.{t}")
    disaster = None
    if "disaster" in p:
        dk = slug(check.string(p["disaster"], f"{k}.disaster"))
        if dk not in disasters:
            raise check.fail(f"{k}.disaster", f"unknown Disaster card {p['disaster']!r}")
        disaster = dk
    effects = tuple(check.string(e, f"{k}.effects[{j}]")
                    for j, e in enumerate(check.array(p.get("effects", []), f"{k}.effects")))
    plan = {}
    for pid, v in check.table(p.get("plan", {}), f"{k}.plan").items():
        plan[pid] = check.choice(v, f"{k}.plan.{pid}", ("power", "skip"))
    plots = []
    for j, pl in enumerate(check.array(p.get("plots", []), f"{k}.plots")):
        plots.append(read_plot(check, pl, f"{k}.plots[{j}]", tables))
    hand = decode(f"{k}.hand", p.get("hand", ""), "karma")
    disaster_draw = None
    if "disaster_draw" in p:
        i = check.whole(p["disaster_draw"], f"{k}.disaster_draw", 0)
        if i > len(hand):
            raise check.fail(f"{k}.disaster_draw", f"is a place in the hand: 1 to "
                             f"{len(hand)} (0: still to record), not {i}")
        disaster_draw = hand[i - 1] if i else OWED_DRAW
    return Player(
        name=name, **amounts,
        warehouse_rigs=_count(check, p.get("warehouse_rigs", 0), k, "warehouse_rigs"),
        plots=tuple(plots),
        hand=hand,
        in_play=titles(f"{k}.in_play", p.get("in_play", []), tables.karma),
        vinnie=frozen_map(vinnie), disaster=disaster, effects=effects,
        borrowed=_count(check, p.get("borrowed", 0), k, "borrowed"),
        may_swap=flag(check, p.get("may_swap", False), f"{k}.may_swap"),
        must_lose_rigs=_count(check, p.get("must_lose_rigs", 0), k, "must_lose_rigs"),
        on_cards=frozen_map(on_cards), plan=frozen_map(plan),
        must_discard=_count(check, p.get("must_discard", 0), k, "must_discard"),
        may_take=_count(check, p.get("may_take", 0), k, "may_take"),
        last_loss=frozen_map({r: check.whole(v, f"{k}.last_loss.{r}") for r, v in
                              check.table(p.get("last_loss", {}), f"{k}.last_loss",
                                          {*RESOURCES, "karma", "round", "karma_only"}).items()}),
        no_sabotage_round=_count(check, p.get("no_sabotage_round", 0), k, "no_sabotage_round"),
        incoming=titles(f"{k}.incoming", p.get("incoming", []), tables.karma),
        disaster_draw=disaster_draw,
        owed_karma=_count(check, p.get("owed_karma", 0), k, "owed_karma"),
    )


def _count(check: Checker, value: Any, k: str, f: str) -> int:
    """``check.whole`` of player ``k``'s ``f``, its key made only for a message."""
    if type(value) is int and 0 <= value <= MAX_INT:
        return value
    return check.whole(value, f"{k}.{f}")


def flag(check: Checker, value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise check.fail(key, f"must be true or false, not {value!r}")
    return value


def read_plot(check: Checker, raw: Any, key: str, tables: Tables) -> Plot:
    pl = check.table(raw, key, _PLOT)
    for f in _PLOT_REQUIRED:
        if f not in pl:
            raise check.fail(f"{key}.{f}", "is missing (rigs writes it for every plot)")
    pid = check.string(pl.get("id"), f"{key}.id").upper()
    n = len(tables.plot_deck)
    if not _PID.fullmatch(pid) or not 1 <= int(pid[1:]) <= n:
        raise check.fail(f"{key}.id", f"plot ids run from P1 to P{n}, not {pid!r}")
    ptype = check.choice(pl.get("type"), f"{key}.type", tuple(tables.plots))
    card_type = tables.plot_deck[int(pid[1:]) - 1]
    if ptype != card_type:
        raise check.fail(f"{key}.type", f"plot {pid} is a {tables.plots[card_type].name}, "
                         f"not a {tables.plots[ptype].name}")
    survey = None
    if "survey" in pl:
        survey = check.whole(pl["survey"], f"{key}.survey")
        if survey not in tables.survey_yields:
            raise check.fail(f"{key}.survey", f"no Survey card has yield {survey}")
    rigs = check.whole(pl.get("rigs", 0), f"{key}.rigs")
    harvest = None
    if "harvest" in pl:
        harvest = check.choice(pl["harvest"], f"{key}.harvest", RESOURCES)
    plot = Plot(pid, ptype, survey, rigs, harvest)
    if rigs and harvest is None:
        raise check.fail(f"{key}.harvest", f"{rigs} RIGS on {pid} need a resource to harvest")
    if harvest is not None:
        spots = plot.spots(tables, harvest)
        if rigs > spots:
            raise check.fail(f"{key}.rigs", f"{rigs} RIGS harvesting {harvest} on a "
                             f"{tables.plots[ptype].name} with {spots} such spot"
                             f"{'s' if spots != 1 else ''}")
    return plot


def read_survey(check: Checker, c: Codecs, d: dict[str, Any],
                missing: dict[str, dict[str, int]]) -> Pile:
    """The Survey deck; a mixed one carries its virtual tags."""
    if "survey" not in missing:
        return Pile(decoded(check, c, "decks.survey", d.get("survey", ""), "survey"))
    draw, virtual = decoded(check, c, "decks.survey", d.get("survey", ""), "survey",
                            tagged=True)
    out = Counter(k for k, v in zip(draw, virtual) if v)
    for k, n in out.items():
        if n > missing["survey"].get(str(k), 0):
            raise check.fail("decks.survey", f"more virtual Survey cards of yield {k} than "
                             "the group lacks ([inventory])")
    return Pile(draw, (), virtual)
