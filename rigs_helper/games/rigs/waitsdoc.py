"""The game file's ``[waits]`` table <-> ``Waits`` (open deals, the attack that waits for
answers, Disaster cards still to record).

```toml
[waits]
last_deal = 3
disasters = ["Bo", "Cy"]          # players who still record their Disaster card
rolloff = { Ana = 0, Bo = 4 }     # a leader roll-off: each tied player's die (0: not yet)
[[waits.deals]]
id = 3
from = "Ana"
to = "Bo"
give = { energy = 2 }
plots = ["P7"]
back = { credits = 10 }
back_plots = []
[waits.attack]
player = "Ana"
card = "I WANT THAT!"             # played: public
slot = 2                          # where it was in the hand
play = '{"op":"KarmaPlay",...}'   # its choices, as the log keeps an action
victims = ["Bo", "Cy"]
later = ["Ana", "Bo"]             # once the answers are in: who records dice, a pick
splitter = "Bo"                   # or a split of the gains (Right Back At You's answerer)
[[waits.attack.replies]]
player = "Bo"
card = "..."                      # a card still in Bo's hand: encoded like the hand
# or: take = true
split = { Bo = 3, Cy = 2 }        # the answerer's split of the gains, once given
```
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rigs_helper.rules.checker import Checker
from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables, slug
from rigs_helper.games.rigs.waits.records import TAKE, Attack, Deal, Reply, Waits

KEYS = {"last_deal", "disasters", "deals", "attack", "rolloff"}
_DEAL = {"id", "from", "to", "give", "plots", "back", "back_plots"}
_ATTACK = {"player", "card", "slot", "play", "victims", "replies", "later", "splitter"}
_REPLY = {"player", "card", "take", "to", "plot", "first", "drew", "rolls", "gave", "split"}
AMOUNTS = ("credits", "energy", "supplies", "metal", "luxuries", "rigs")
MAX_DEALS = 100


def waits_doc(w: Waits, encode_karma: Callable[[tuple[str, ...]], str],
              tables: Tables) -> dict[str, Any] | None:
    """The ``[waits]`` table (None when nothing waits and no deal was ever proposed)."""
    if w == Waits():
        return None
    doc: dict[str, Any] = {"last_deal": w.last_deal}
    if w.disasters:
        doc["disasters"] = list(w.disasters)
    if w.rolloff:
        doc["rolloff"] = dict(w.rolloff)
    if w.deals:
        doc["deals"] = [{k: v for k, v in (
            ("id", d.id), ("from", d.giver), ("to", d.receiver), ("give", dict(d.amounts)),
            ("plots", list(d.plots)), ("back", dict(d.back_amounts)),
            ("back_plots", list(d.back_plots))) if v or k == "id"} for d in w.deals]
    a = w.attack
    if a is not None:
        replies = []
        for r in a.replies:
            one: dict[str, Any] = {"player": r.player}
            if r.card == TAKE:
                one["take"] = True
            else:
                one["card"] = encode_karma((r.card,))
            if r.to:
                one["to"] = r.to
            if r.plot:
                one["plot"] = r.plot
            if r.first:
                one["first"] = r.first
            if r.drew:
                one["drew"] = list(r.drew)
            if r.rolls:
                one["rolls"] = list(r.rolls)
            if r.gave:
                one["gave"] = r.gave
            if r.split:
                shares: dict[str, int] = {}
                for who, n in r.split:
                    shares[who] = shares.get(who, 0) + n
                one["split"] = shares
            replies.append(one)
        doc["attack"] = {"player": a.player, "card": tables.karma_card(a.card).title,
                         "slot": a.slot, "play": a.play, "victims": list(a.victims)}
        if replies:
            doc["attack"]["replies"] = replies
        if a.later is not None:
            doc["attack"]["later"] = list(a.later)
        if a.splitter:
            doc["attack"]["splitter"] = a.splitter
    return doc


def read_waits(check: Checker, raw: Any, names: list[str], tables: Tables,
               decode_karma: Callable[[str, Any], tuple[str, ...]]) -> Waits:
    """``[waits]`` checked key by key (names the key of the first problem)."""
    t = check.table(raw, "waits", KEYS)

    def player(value: Any, key: str) -> str:
        name = check.string(value, key)
        if name not in names:
            raise check.fail(key, f"no player called {name!r}")
        return name

    def players(value: Any, key: str) -> tuple[str, ...]:
        out = tuple(player(v, f"{key}[{i}]") for i, v in enumerate(check.array(value, key)))
        if len(set(out)) != len(out):
            raise check.fail(key, "names a player twice")
        return out

    def amounts(value: Any, key: str) -> tuple[tuple[str, int], ...]:
        return tuple((k, check.whole(v, f"{key}.{k}", 1))
                     for k, v in check.table(value, key, set(AMOUNTS)).items())

    last = check.whole(t.get("last_deal", 0), "waits.last_deal")
    deals: list[Deal] = []
    raw_deals = check.array(t.get("deals", []), "waits.deals")
    if len(raw_deals) > MAX_DEALS:
        raise check.fail("waits.deals", f"more than {MAX_DEALS} open deals")
    for i, d in enumerate(raw_deals):
        k = f"waits.deals[{i}]"
        d = check.table(d, k, _DEAL)
        deal = Deal(check.whole(d.get("id"), f"{k}.id", 1), player(d.get("from"), f"{k}.from"),
                    player(d.get("to"), f"{k}.to"), amounts(d.get("give", {}), f"{k}.give"),
                    _plots(check, d.get("plots", []), f"{k}.plots"),
                    amounts(d.get("back", {}), f"{k}.back"),
                    _plots(check, d.get("back_plots", []), f"{k}.back_plots"))
        if deal.id > last or any(x.id == deal.id for x in deals):
            raise check.fail(f"{k}.id", f"deal {deal.id}: ids are unique and at most "
                             "waits.last_deal")
        deals.append(deal)
    attack = None
    if "attack" in t:
        attack = _attack(check, check.table(t["attack"], "waits.attack", _ATTACK), player,
                         players, tables, decode_karma)
    rolloff = tuple((player(n, f"waits.rolloff.{n}"), check.whole(f, f"waits.rolloff.{n}"))
                    for n, f in check.table(t.get("rolloff", {}), "waits.rolloff").items())
    for n, f in rolloff:
        if f > 6:
            raise check.fail(f"waits.rolloff.{n}", "a die shows 1 to 6 (0: not rolled yet)")
    if len(rolloff) == 1:
        raise check.fail("waits.rolloff", "a roll-off is between two players or more")
    return Waits(tuple(deals), attack, players(t.get("disasters", []), "waits.disasters"),
                 last, rolloff)


def _plots(check: Checker, value: Any, key: str) -> tuple[str, ...]:
    from rigs_helper.games.rigs.names import plot_id

    out = []
    for i, v in enumerate(check.array(value, key)):
        pid = plot_id(check.string(v, f"{key}[{i}]"))
        if pid is None:
            raise check.fail(f"{key}[{i}]", f"{v!r} is not a plot id")
        out.append(pid)
    return tuple(out)


def _attack(check: Checker, a: dict[str, Any], player: Callable[[Any, str], str],
            players: Callable[[Any, str], tuple[str, ...]], tables: Tables,
            decode_karma: Callable[[str, Any], tuple[str, ...]]) -> Attack:
    by = {slug(c.title): c.key for c in tables.karma}
    title = check.string(a.get("card"), "waits.attack.card")
    if slug(title) not in by:
        raise check.fail("waits.attack.card", f"unknown card {title!r}")
    replies = []
    for i, r in enumerate(check.array(a.get("replies", []), "waits.attack.replies")):
        k = f"waits.attack.replies[{i}]"
        r = check.table(r, k, _REPLY)
        if r.get("take") is True and "card" not in r:
            card = TAKE
        elif "take" not in r:
            got = decode_karma(f"{k}.card", r.get("card"))
            if len(got) != 1:
                raise check.fail(f"{k}.card", "one card")
            card = got[0]
        else:
            raise check.fail(k, "give either card or take = true")
        to, plot, first, gave = (check.string(r[x], f"{k}.{x}") if x in r else ""
                                 for x in ("to", "plot", "first", "gave"))
        rolls = r.get("rolls", [])
        if not isinstance(rolls, list):
            raise check.fail(f"{k}.rolls", "a list of dice (1 to 6)")
        rolls = tuple(check.whole(n, f"{k}.rolls[{j}]") for j, n in enumerate(rolls))
        for j, n in enumerate(rolls):
            if not 1 <= n <= 6:
                raise check.fail(f"{k}.rolls[{j}]", "a die shows 1 to 6")
        drew = r.get("drew", [])
        if not isinstance(drew, list):
            raise check.fail(f"{k}.drew", "a list of Karma card titles")
        drew = tuple(check.string(t, f"{k}.drew[{j}]") for j, t in enumerate(drew))
        split = tuple((player(n, f"{k}.split.{n}"), check.whole(v, f"{k}.split.{n}"))
                      for n, v in check.table(r.get("split", {}), f"{k}.split").items())
        replies.append(Reply(player(r.get("player"), f"{k}.player"), card, to, plot, first,
                             drew, rolls, gave, split))
    play = check.string(a.get("play"), "waits.attack.play")
    attack = Attack(player(a.get("player"), "waits.attack.player"), by[slug(title)],
                    check.whole(a.get("slot"), "waits.attack.slot"), play,
                    players(a.get("victims", []), "waits.attack.victims"), tuple(replies),
                    players(a["later"], "waits.attack.later") if "later" in a else None,
                    player(a["splitter"], "waits.attack.splitter") if "splitter" in a else "")
    from rigs_helper.games.rigs.karma.play import KarmaPlay

    try:
        from rigs_helper.games.rigs.oplog import op_from_json

        op = op_from_json(play)
    except (ValueError, KeyError, TypeError, RigsError):
        raise check.fail("waits.attack.play", "not a Karma play as the log keeps one") \
            from None
    if not isinstance(op, KarmaPlay) or op.wait or op.drawers or op.later or \
            op.name != attack.player:
        raise check.fail("waits.attack.play", f"must be {attack.player}'s Karma play")
    if not attack.victims:
        raise check.fail("waits.attack.victims", "an attack waits for one victim or more")
    return attack


def check_waits(game: Game, check: Checker) -> Iterator[InputError]:
    """The rules across ``[waits]`` and the rest of the state (yields each problem)."""
    w = game.waits
    if w.disasters and game.phase != "disaster":
        yield check.fail("waits.disasters", "Disaster cards are recorded in the Disaster "
                         "Phase only")
    if w.deals and game.phase not in ("player", "production"):
        yield check.fail("waits.deals", "open deals end with the Player and Production "
                         "Phases")
    a = w.attack
    if a is not None and a.slot > len(game.player(a.player).hand):
        yield check.fail("waits.attack.slot", f"past the end of {a.player}'s hand")


def waiting_cards(game: Game) -> tuple[str, ...]:
    """Karma cards out of every pile and hand because they wait (for card conservation)."""
    return (game.waits.attack.card,) if game.waits.attack else ()
