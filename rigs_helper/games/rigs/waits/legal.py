"""The legal-actions entries of what waits for one player (their Specs are in games/rigs/legal's
table): deal propose / accept / decline / withdraw, answer, disaster record.  Their
operations are built from their definitions (games/rigs/actions/catalog.py).  No I/O.
Past 450 lines it stays one idea (the answers listed for what waits): a mixed Karma deck
lists the group's titles or `virtual` for each card an answer draws, at its place among
the resolution's draws."""

from __future__ import annotations

from dataclasses import replace

from rigs_helper.games.rigs.engine import title_of
from rigs_helper.games.rigs.legal.base import Action, Param, Spec
from rigs_helper.games.rigs.legal.karma import VIRTUAL, recordable, recordable_each
from rigs_helper.games.rigs.mixed import trial
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.games.rigs.waits.records import TAKE

GOODS = ("credits", *RESOURCES, "rigs")


def _passes(spec: Spec, game, tables, player: str, form: dict) -> bool:
    from rigs_helper.games.rigs.legal.grouping import passes

    return passes(spec, game, tables, player, form)


def _holding(p, k: str) -> int:
    return p.warehouse_rigs if k == "rigs" else p.credits if k == "credits" else p.amount(k)


# ---------------------------------------------------------------------------- deals


def actions_propose(game, tables, player, spec: Spec):
    """One form per other player: each good bounded by what its side holds (with the
    ``for_`` prefix: what the other player gives back); a good that cannot move now (RIGS
    and plots in Zero Hour) is left out.  At least one thing goes each way (a gift is
    given, not proposed: ``give``); each side's goods are checked with one thing of the
    other side's."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.waits.deals import DealPropose

    p = game.player(player)
    try:
        DealPropose(p.name, p.name).check_open(game, tables)
    except RigsError:
        return []
    out = []
    for q in game.players:
        if q.name == p.name:
            continue
        give: list[Param] = []
        for back_one in _each_one(q, "for_"):  # the first thing back that lets any go
            give = _side(spec, game, tables, p.name, p, q.name, "", back_one)
            if give:
                break
        if not give:
            continue
        back = _side(spec, game, tables, p.name, q, q.name, "for_", _one(give[0]))
        if back:
            most = sum(x.max or 0 for x in give)  # at least one thing goes (``total``)
            out.append(Action(spec.action, (Param("to", (q.name,)), *give, *back),
                              f"{spec.label} to {q.name}",
                              (tuple(x.name for x in give), 1, most),
                              ({"at_least_one": [x.name for x in back]},)))
    return out


def _each_one(side, prefix: str) -> list[dict]:
    """One unit of each good ``side`` holds, and each of its plots, as form fields."""
    return [{prefix + k: "1"} for k in GOODS if _holding(side, k)] + [
        {prefix + "plot": x.id} for x in side.plots]


def _one(param: Param) -> dict:
    return {param.name: param.values[0] if param.values else "1"}


def _side(spec: Spec, game, tables, proposer: str, side, to: str, prefix: str,
          witness: dict) -> list[Param]:
    """The goods ``side`` may put in a deal ``proposer`` makes to ``to``."""
    def ok(form: dict) -> bool:
        return _passes(spec, game, tables, proposer, {"to": to, **form, **witness})

    params = [Param(prefix + k, min=1, max=_holding(side, k), required=False)
              for k in GOODS if _holding(side, k) and ok({prefix + k: str(_holding(side, k))})]
    plots = tuple(x.id for x in side.plots if ok({prefix + "plot": x.id}))
    if plots:
        params.append(Param(prefix + "plot", plots, 1, len(plots), False, True))
    return params



def _answers(verb: str, game, tables, player, spec: Spec):
    from rigs_helper.games.rigs.waits.deals import deal_text

    me = game.player(player).name
    for d in game.waits.deals:
        if me == (d.giver if verb == "withdraw" else d.receiver) and \
                _passes(spec, game, tables, me, {"deal": str(d.id)}):
            yield Action(spec.action, (Param("deal", (str(d.id),)),),
                         f"{spec.label} {deal_text(d)}")


def actions_accept(game, tables, player, spec: Spec):
    return list(_answers("accept", game, tables, player, spec))


def actions_decline(game, tables, player, spec: Spec):
    return list(_answers("decline", game, tables, player, spec))


def actions_withdraw(game, tables, player, spec: Spec):
    return list(_answers("withdraw", game, tables, player, spec))





# ---------------------------------------------------------------------------- answer


def actions_answer(game, tables, player, spec: Spec):
    """"take" (a victim) and each card of the player's own hand that answers the waiting
    card; a card that passes the attack on lists the players it may go to."""
    attack = game.waits.attack
    me = game.player(player)
    if attack is None or (me.name == attack.player and me.name not in (attack.later or ())):
        return []  # (nothing waits: the attack code is not even imported)
    if attack.later and me.name not in attack.waiting():
        return []  # the answers are in: the card waits for the players it came to
    if not attack.later and any(r.player == me.name for r in attack.replies):
        return []  # they answered: nothing more waits for them
    if attack.later and me.name == attack.splitter:
        from rigs_helper.games.rigs.waits.splits import split_answers

        return split_answers(spec, game, tables, me.name)
    rolls_for = (*attack.victims, *(attack.later or ()))
    from rigs_helper.games.rigs.karma.protection import ALARM, DONK
    from rigs_helper.games.rigs.waits.waiting import both_in_play

    title = title_of(tables, "karma", attack.card)
    first = {}  # a victim with both in-play protections names the one that rolls first
    if me.name in rolls_for and both_in_play(game, me.name):
        first = {"first": title_of(tables, "karma", ALARM)}
    lead = [Param("first", tuple(title_of(tables, "karma", k) for k in (ALARM, DONK)))] \
        if first else []
    out = []
    gave = _gave(game, tables, me.name)
    # the card picked at random (Give Me That!): the table's own card, or rigs picks
    pick = "card" if attack.later and me.name in attack.later else None
    picked = [Param("gave", tuple(g["gave"] for g in gave), record=pick)] if gave else []
    die: list[Param] = []
    one: dict = {}
    # with both in-play protections: the takes for each one rolling first (their dice
    # differ: the first die decides whether the second rolls)
    for order in ([{"first": v} for v in lead[0].values or ()] if lead else [{}]):
        seqs = _dice(game, tables, me.name, order) if me.name in rolls_for else []
        rolls = bool(seqs)
        # the dice this victim rolls for it, one after the other: each sequence checked
        # (``{}``: rigs rolls them, where it may)
        faces: list[dict] = [{"roll": s} for s in seqs] if rolls else [{}]
        if rolls and game.dice != "table":
            faces.append({})
        takes = [f for f in faces if _passes(spec, game, tables, me.name,
                                             {"card": TAKE, **order, **_form(f),
                                              **(gave[0] if gave else {})})]
        ones = [f for f in takes if not f or len(f["roll"]) == 1]
        if order == first or not lead:  # (a card answer's die: the Alarm System's)
            die = _die(ones) if rolls and any(ones) else []
            one = next((f for f in ones if f), {})
        named = [Param("first", (order["first"],))] if order else []
        said = f" ({order['first']} rolls first)" if order else ""
        out += _take_actions(game, tables, me.name, f"Take {title}{said}", takes, rolls,
                             [*named, *picked], order)
    for key in dict.fromkeys(() if attack.later else me.hand):  # (the die: where it
        # rolls first)
        out += _card_answers(spec, game, tables, me.name, key, title, first, lead) or (
            _card_answers(spec, game, tables, me.name, key, title, {**first, **_form(one)},
                          lead + die) if die else [])
    return out


def _played_out(game, tables, me: str = "", answer: str = ""):
    """The game as the waiting card's draws find it: the card played goes to the discards
    as it resolves, before anyone draws, and so does each card an answer is given with
    (in the order given: Wrong Address, Double Agent, Right Back At You, ...; Decoy stays
    in its hand), ``me``'s ``answer`` (a key) last.  Where the Karma deck runs out before
    or during the draws, those cards are shuffled with the other discards (a mixed deck's
    next cards depend on them); a card answered with is one no draw can give.  The dice
    an in-play protection breaks on are not known yet: not read."""
    attack = game.waits.attack
    if attack is None:
        return game
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.karma.hands import discard_from_hand

    keeps = ("decoy",)  # (an answer that leaves its card in the hand)
    given = [(r.player, r.card) for r in attack.replies
             if r.card != TAKE and r.player != me]
    given += [(me, answer)] if answer else []
    w = Work(game, tables)
    if not tables.karma_card(attack.card).in_play:
        w.discard("karma", attack.card)
    for who, key in given:
        action = tables.karma_card(key).action
        if action in keeps or key not in w.player(who).hand:
            continue
        discard_from_hand(w, who, key)
        if action == "return_to_owner" and attack.card in w.game.karma.discard:
            w.undiscard("karma", attack.card)  # (Ain't Working for You: back to a hand)
    return w.game


def _form(f: dict) -> dict:
    """A sequence of dice as the page's repeated ``roll`` field."""
    return {"roll": [str(n) for n in f["roll"]]} if f else {}


def _take_actions(game, tables, me: str, label: str, takes: list[dict], rolls: bool,
                  lead: list[Param], first: dict) -> list[Action]:
    """"take": one action per number of Karma cards it makes ``me`` draw and number of dice
    rolled, the dice's faces grouped by it (a Rough Storm 6 draws none; a first
    protection's die that saves them leaves the second unrolled), so that any request
    from one action's values is accepted; the dice ``virtual`` (rigs rolls) in an action
    of its own, with the cards drawn only where every face draws as many (what rigs will
    roll is not told)."""
    by: dict[tuple[int, tuple[int, ...], int], list[dict]] = {}
    for f in takes:
        if f or not rolls:
            n, at = _draws_on_taking(game, tables, me, f, first)
            by.setdefault((n, at, len(f.get("roll", ()))), []).append(f)
    if rolls and {} in takes:  # (where the draws, and their places, differ: none listed)
        alike = {(n, at) for n, at, _ in by}
        n, at = alike.pop() if len(alike) == 1 else (0, ())
        by.setdefault((n, at, -1), []).append({})  # (-1 dice: virtual)
    out = []
    dealt = _played_out(game, tables)
    for (n, at, _), faces in by.items():
        drew = [Param("drew", recordable(dealt, tables, me, n, at), n, n, multiple=True,
                      record="card", ordered=recordable_each(dealt, tables, me, n, at))
                ] if n else []
        for die in (_die(faces) if rolls else [None]):
            both = " (both dice)" if die and die.ordered else ""
            out.append(Action("answer", (Param("card", (TAKE,)), *lead,
                                         *([die] if die else []), *drew), label + both))
    return out


def _die(takes: list[dict]) -> list[Param]:
    """The dice a victim records, as one parameter per action: one die of any face
    (``virtual`` too where rigs may roll); two dice as their faces by position, one
    parameter per set of second faces the first faces share."""
    seqs = [f["roll"] for f in takes if f]
    if any(len(s) > 1 for s in seqs):  # (a group's sequences have one length)
        seconds: dict[int, tuple[str, ...]] = {}
        for s in seqs:
            seconds[s[0]] = (*seconds.get(s[0], ()), *(str(n) for n in s[1:]))
        by_rest: dict[tuple[str, ...], list[str]] = {}
        for a, rest in seconds.items():
            by_rest.setdefault(tuple(sorted(set(rest))), []).append(str(a))
        k = len(seqs[0])
        return [Param("roll", tuple(sorted({*lead, *rest})), k, k, True, True, True,
                      record="die", ordered=(tuple(lead), rest))
                for rest, lead in by_rest.items()]
    listed = [str(s[0]) for s in seqs]
    every = len(listed) == 6
    values = (() if every else tuple(listed)) + ((VIRTUAL,) if {} in takes else ())
    return [Param("roll", values or None, 1, 6, bool(listed), record="die")]


def _dice(game, tables, me: str, first: dict) -> list[tuple[int, ...]]:
    """The sequences of dice ``me`` rolls when the waiting card resolves on them (their
    in-play protections, the card's own die), one after the other: a die is added while
    the card asks ``me`` for one more (found by resolving it as if the dice were the
    table's); [] when they roll none."""
    seqs: list[tuple[int, ...]] = []
    frontier: list[tuple[int, ...]] = [()]
    while frontier:  # (bounded: a victim rolls at most one die per protection and card)
        seq = frontier.pop(0)
        if len(seq) < 3 and _needs(game, tables, me, first, seq):
            frontier += [(*seq, n) for n in range(1, 7)]
        elif seq:
            seqs.append(seq)
    return seqs


def _needs(game, tables, me: str, first: dict, seq: tuple[int, ...]) -> bool:
    """``me`` rolls one more die after ``seq`` when the waiting card resolves on them."""
    from dataclasses import replace

    from rigs_helper.games.rigs.dice import DieNeeded
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.waits.attacks import Answer, resolve

    table = replace(trial(game), dice="table")
    try:
        attack, _ = Answer(me, TAKE, first=first.get("first"),
                           roll=tuple(str(n) for n in seq))._replies(table, tables)
        resolve(table, tables, attack, early=True)
    except DieNeeded as err:
        return (err.player or "").casefold() == me.casefold()
    except RigsError:
        return False
    return False


def _gave(game, tables, me: str) -> list[dict]:
    """I'll Take THAT! (no card named when played): the victim who takes it names the card
    of their hand the card's player took."""
    from rigs_helper.games.rigs.karma.play import KarmaPlay
    from rigs_helper.games.rigs.oplog import op_from_json

    attack = game.waits.attack
    play = op_from_json(attack.play)
    p = game.player(me)
    if attack.later and me in attack.later:  # Give Me That!: the card picked at random
        from rigs_helper.games.rigs.legal.karma import VIRTUAL, unseen

        if tables.karma_card(attack.card).action != "steal_hand_random" or \
                (isinstance(play, KarmaPlay) and play.chose("card")) or not _picks(game, tables, me):
            return []
        # (``virtual`` first: the witness a take is checked with is a pick that passes)
        return [{"gave": t} for t in (VIRTUAL, *unseen(game, tables, me))]
    if tables.karma_card(attack.card).action != "steal_hand_choice" or \
            me not in attack.victims or not p.hand or \
            (isinstance(play, KarmaPlay) and play.chose("card")):
        return []
    return [{"gave": title_of(tables, "karma", k)} for k in dict.fromkeys(p.hand)]


def _picks(game, tables, me: str) -> bool:
    """``me`` is the player the waiting card waits for to pick a card at random."""
    from rigs_helper.games.rigs.waits.resolution import comes_to

    a = game.waits.attack
    mine = replace(a, later=(), replies=tuple(r for r in a.replies if r.player != me))
    return comes_to(game, tables, mine)[1] == me


def _card_answers(spec: Spec, game, tables, me: str, key: str, title: str, first: dict,
                  lead: list) -> list[Action]:
    """The answers with one card of ``me``'s hand: alone, or passing the attack on to a
    player (``to``), or naming the plot it lands on (``plot``: a plot card turned back on
    its player or passed on), one action per player it goes to."""
    attack = game.waits.attack
    card = title_of(tables, "karma", key)
    action = tables.karma_card(key).action

    def ok(**kw) -> bool:
        return _passes(spec, game, tables, me, {"card": card, **kw, **first})

    from rigs_helper.games.rigs.karma.protection import PLOT_CARDS

    others = tuple(q.name for q in game.players if q.name != me)
    targets = (None, *others) if action in ("redirect", "hijack") else (None,)
    on_plot = tables.karma_card(attack.card).action in PLOT_CARDS
    out = []
    for to in targets:
        with_to = {"to": to} if to else {}
        plain = ok(**with_to)
        owner = to or attack.player
        # a plot card passed on names the new victim's plot now, whatever their in-play
        # protections roll later (issue 39: rigs' stand-in die may save them in the trial)
        passes = on_plot and (to is not None or action == "reflect")
        plots = () if plain and not passes else tuple(
            x.id for x in game.player(owner).plots if ok(plot=x.id, **with_to))
        if not plain and not plots:
            continue
        params = [Param("card", (card,)), *lead]
        if to is not None:
            params.append(Param("to", (to,)))
        elif plain and (drawn := _draws_on_answering(game, tables, me, card, first))[0] \
                and ok(drew=_in_deck(_played_out(game, tables, me, key), tables, *drawn)):
            # the Karma cards this answer makes them draw (Right Back At You turning
            # Identity Theft): theirs to record, as a victim who takes it records
            n, at = drawn
            dealt = _played_out(game, tables, me, key)  # (where the deck has run out)
            params.append(Param("drew", recordable(dealt, tables, me, n, at), n, n,
                                multiple=True, record="card",
                                ordered=recordable_each(dealt, tables, me, n, at)))
        if plots:
            params.append(Param("plot", plots, required=passes or not plain))
        out.append(Action(spec.action, tuple(params), f"Answer {title} with {card}"
                          + (f" (to {to})" if to else "")))
    alone, passed = out[:1], out[1:]  # the card alone, then the card and one player each
    if passed and len(alone[0].params) == 1 + len(lead) and all(
            len(a.params) == 2 + len(lead) and a.param("to") for a in passed):
        tos = tuple(p.values[0] for a in passed
                    if (p := a.param("to")) is not None and p.values)
        out = [Action(spec.action, (Param("card", (card,)), *lead,
                                    Param("to", tos, required=False)),
                      f"Answer {title} with {card}")]
    return out


def _draws_on_answering(game, tables, me: str, card: str, first: dict
                        ) -> tuple[int, tuple[int, ...]]:
    """How many Karma cards ``me`` draws when answering the waiting card with ``card``
    (the cards new in their hand once it resolves, rigs' dice standing in), and their
    places among the resolution's draws (:func:`_places`)."""
    from collections import Counter

    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.waits.attacks import Answer, resolve

    if game.waits.attack.later:
        return 0, ()
    answer = Answer(me, card, first=first.get("first"))
    try:  # (a trial: a draw from a mixed deck never waits for a record)
        attack, _ = answer._replies(game, tables)
        after = resolve(trial(game), tables, attack, early=True).game
    except RigsError:
        return 0, ()
    n = sum((Counter(after.player(me).hand) - Counter(game.player(me).hand)).values()) \
        + after.player(me).owed_karma - game.player(me).owed_karma
    return n, _places(game, tables, answer, n)


def _places(game, tables, answer, n: int) -> tuple[int, ...]:
    """The places of the ``n`` Karma cards ``answer``'s player draws among the draws from
    the deck its resolution makes, in the rules' order: another player's draw may come
    first (Rough Storm: every player loses and draws in turn, its card player among them),
    and a mixed deck's card at that place decides whether theirs is the group's or rigs'.
    Read from a trial's draws (``Outcome.draws``: nothing drawn, nothing raised) in which
    they record stand-ins (the deck's bottom cards, drawn by name: a recorded card is
    drawn where the rules draw it); the top ``n`` where the trial cannot tell."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.waits.attacks import resolve

    top = tuple(range(n))
    keys = game.karma.draw
    if not n or "karma" not in game.missing or len(keys) < 2 * n:
        return top
    stand_ins = tuple(title_of(tables, "karma", k) for k in keys[-n:])
    try:
        attack, _ = replace(answer, drew=stand_ins)._replies(game, tables)
        me = game.player(answer.name).name
        draws = resolve(trial(game), tables, attack, early=True, answering=me).draws
    except RigsError:
        return top
    # (the cards the others drew at the table with their answers are set aside: no place)
    places = tuple(i for i, d in enumerate(x for x in draws if x.deck == "karma"
                                           and not x.early)
                   if d.player.casefold() == me.casefold())
    return places if len(places) == n else top


def _in_deck(game, tables, n: int, at: tuple[int, ...] = ()) -> list[str]:
    """``n`` cards the Karma deck gives next (at the places ``at`` among its next draws,
    when given), as a page records them (a trial record: the rules accept a card drawn
    from the deck): their titles, or ``virtual`` for a mixed deck's card that is rigs'."""
    from rigs_helper.games.rigs.mixed import next_tags

    if at:
        every = _in_deck(game, tables, max(at) + 1)
        return [every[i] for i in at if i < len(every)]
    pile = game.karma
    keys = list(pile.draw or pile.discard)
    tags = next_tags(game, tables, "karma", n)
    if not tags:
        return [title_of(tables, "karma", k) for k in keys[:n]]
    from collections import Counter

    rigs = Counter(pile.vdiscard)  # (past the draw pile: the group's own discards)
    spare = []
    for k in pile.discard:
        if rigs[k]:
            rigs[k] -= 1
        else:
            spare.append(k)
    own = iter([*(k for k, v in zip(pile.draw, pile.virtual) if not v), *spare])
    return [VIRTUAL if v else title_of(tables, "karma", next(own, keys[0])) for v in tags]


def _draws_on_taking(game, tables, me: str, roll: dict, first: dict
                     ) -> tuple[int, tuple[int, ...]]:
    """How many Karma cards ``me`` draws when taking the waiting card (the victim records
    them: who holds the cardboard records it), with this die (``roll``) if they roll, and
    their places among the resolution's draws (:func:`_places`)."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.waits.attacks import Answer, resolve

    if game.waits.attack.later:  # (a player the card came to records dice or a pick:
        return 0, ()  # a card it makes them draw, rigs draws; their hand takes the pick)
    gave = _gave(game, tables, me)[:1]
    answer = Answer(me, TAKE, roll=tuple(str(n) for n in roll.get("roll", ())),
                    first=first.get("first"), **(gave[0] if gave else {}))
    try:  # (a trial: a draw from a mixed deck never waits for a record)
        attack, _ = answer._replies(game, tables)
        after = resolve(trial(game), tables, attack, early=True).game
    except RigsError:
        return 0, ()  # (refused either way: the take's own check says why)
    n = max(0, len(after.player(me).hand) - len(game.player(me).hand)
            + after.player(me).owed_karma - game.player(me).owed_karma)
    return n, _places(game, tables, answer, n)


# ---------------------------------------------------------------------------- disasters


def actions_record(game, tables, player, spec: Spec):
    """The Disaster cards the deck may still give (public: every card dealt is face up),
    or ``virtual`` to let rigs draw.  A card that would hurt the player asks for the Karma
    card they draw for it at the table (``karma``: a title, or ``virtual``), so that rigs
    draws none of its own first (a card drawn is never shown, then put back)."""
    if game.player(player).name not in game.waits.disasters:
        return []
    from rigs_helper.games.rigs.decks import all_virtual

    # (a partial set without Disaster cards: rigs draws them, nothing to record)
    left = set() if all_virtual(game, "disaster") else \
        {*game.disaster.draw} or {*game.disaster.discard}
    hurt: list[str] = []
    safe: list[str] = []
    for d in tables.disasters:
        if d.key in left and _passes(spec, game, tables, player, {"card": d.title}):
            (hurt if _hurts(game, tables, player, d.title) else safe).append(d.title)
    out = []
    karma = Param("karma", recordable(game, tables, player), record="card")
    if hurt:
        out.append(Action(spec.action, (Param("card", tuple(hurt), record="card"), karma),
                          f"{spec.label} (it hurts you: and the Karma card you draw)"))
    # (a mixed deck's top card decides: the group's own card, recorded, or a virtual one)
    virtual = (VIRTUAL,) if _passes(spec, game, tables, player, {"card": VIRTUAL}) else ()
    if safe or virtual:
        out.append(Action(spec.action, (Param("card", (*safe, *virtual), record="card"),),
                          spec.label))
    return out


def _hurts(game, tables, player: str, title: str) -> bool:
    """The Disaster card would make ``player`` draw a Karma card: read from the cards
    (nothing is drawn: a listing never plays the future), and a Karma card is left to
    draw."""
    from rigs_helper.games.rigs.phases.disaster_deal import hurts

    card = next(d for d in tables.disasters if d.title == title)
    return hurts(game.player(player), card) and bool(game.karma.draw or game.karma.discard)


# ---------------------------------------------------------------------------- roll-off


def actions_roll(game, tables, player, spec: Spec):
    """A tied player's die in the leader roll-off: the face rolled (``virtual``: rigs
    rolls it, where the game lets rigs roll)."""
    from rigs_helper.games.rigs.waits.rolloff import VIRTUAL as ROLLED, waiting_rolls

    if game.player(player).name not in waiting_rolls(game):
        return []
    virtual = None if game.dice == "table" else (ROLLED,)
    return [Action(spec.action, (Param("die", virtual, 1, 6, record="die"),), spec.label)]


__all__ = ["GOODS"]
