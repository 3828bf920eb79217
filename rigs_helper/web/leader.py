"""The leader's table controls on their page, beside the decisions `games/rigs/legal` lists:
end the phase now (`rigs next`, recording the Market card drawn when the Market Phase
begins), undo the last action (`rigs undo`, the page saying which action it undoes), and
once the game is over record the End Game cards and dice (`rigs score --card --roll`).
The same operations the CLI builds; their checks decide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rigs_helper.rules.errors import InputError
from rigs_helper.web.words import words

ACTIONS = ("next", "score", "undo")
VIRTUAL = "virtual"  # a card or die the table lets rigs draw or roll


def _scored(game, tables) -> bool:
    e = game.endgame
    return (set(e.plot_values) >= set(tables.plots)
            and set(e.resource_values) >= set(tables.constants.loanable))


def last_action(loaded, path, tables) -> dict | None:
    """{"n", "words"} of the newest action that can be undone, in the words it said (the
    history replayed from its last checkpoint; or its command's words), or None (the
    game's creation is not undone from a page)."""
    from rigs_helper.store import timeline

    if loaded is None or path is None:
        return None
    try:
        steps = timeline.recent(loaded, str(path), tables)
    except Exception:  # noqa: BLE001 - a damaged history: the CLI's `undo` repairs it
        return None
    step = next((s for s in reversed(steps) if s.is_action), None)
    if step is None or step.entry["action"] == "new":
        return None
    said = timeline.said(step)  # the public lines: never a card drawn into a hand
    text = words(said[0]) if said else ""
    # without words said: the action's name alone (never a card recorded into a hand)
    return {"n": str(step.entry.get("n", "")), "words": text or step.entry["action"]}


def leader_actions(game, tables, player: str, loaded=None, path=None) -> list[dict]:
    """actions.json entries for the leader's table controls (none for another player)."""
    if player != game.leader:
        return []
    out = []
    last = last_action(loaded, path, tables)
    if last is not None:
        out.append({"action": "undo", "label": f"Undo: {last['words']}",
                    "params": {"entry": {"values": [last["n"]]}}})
    if game.game_over:
        if _scored(game, tables):
            return out
        label = "Score: record the End Game cards and dice"
        if "market" in game.missing:  # a partial set: rigs names the virtual cards
            label += " (the cards drawn from your End Game Market deck; rigs names the "
            label += "virtual ones)"
            return [{"action": "score", "label": label, **mixed_end_params(game, tables)},
                    *out]
        return [{"action": "score", "label": label, **end_params(game, tables)}, *out]
    from rigs_helper.games.rigs.legal.game import open_choices
    from rigs_helper.games.rigs.turns import market_due

    # `rigs next` would be refused while a choice is open; the Market card the phase's
    # end draws is the leader's own choice, made with it
    if len(open_choices(game, tables)) > market_due(game, tables):
        return out
    params: dict = {}
    label = "End the phase now"
    if game.phase == "production" and game.last_call:  # this one draws the Market card
        params["card"] = market_param(game, tables)
        if "market" in game.missing:  # a partial set: the group's card or a virtual one
            from rigs_helper.games.rigs.phases.market_draw import market_card_param

            mine = market_card_param(game, tables)
            if mine is None:
                params = {}
                label += " (the Market card is a virtual one: rigs draws it)"
            else:
                params["card"] = mine
                label += " (draw the Market card from your Game Market Deck and record it)"
    return [{"action": "next", "label": label, "params": params}, *out]


def market_param(game, tables) -> dict:
    """The Market card the leader draws at the table: a category of the cards not drawn
    yet, or ``virtual`` (rigs draws it)."""
    from rigs_helper.games.rigs.decks import all_virtual
    from rigs_helper.games.rigs.market import category_of

    if all_virtual(game, "market"):  # a partial set without Market cards: rigs draws
        return {"values": [VIRTUAL], "record": "card"}
    left = {category_of(tables, i)[0] for i in game.market.game + game.market.end}
    return {"values": [c.name for k, c in tables.market.items() if k in left] + [VIRTUAL],
            "record": "card"}


def end_params(game, tables) -> dict:
    """The End Game record as typed parameters: per plot type its End Game Market cards
    (values of the cards left in the End Game deck, as many as the type draws; ``virtual``:
    rigs draws them), per resource its die (1-6; ``virtual`` unless the table rolls every
    die); each value at most as often as the deck holds it."""
    from collections import Counter

    from rigs_helper.games.rigs.market import card_value
    from rigs_helper.games.rigs.scoring import draw_order
    from rigs_helper.games.rigs.tables import BASIC_RESOURCES

    e = game.endgame
    from rigs_helper.games.rigs.decks import all_virtual

    held = Counter(card_value(tables, game.market.values, i) for i in game.market.end)
    values = [str(v) for v in sorted(held)] + [VIRTUAL]
    if all_virtual(game, "market"):  # a partial set without Market cards: rigs draws
        held, values = Counter(), [VIRTUAL]
    params: dict = {}
    for ptype, n in draw_order(tables):
        if ptype not in e.plot_values:
            params[ptype] = {"values": values, "required": False, "record": "card"}
            if n > 1:
                params[ptype].update(multiple=True, repeat=True, min=n, max=n)
    for r in BASIC_RESOURCES:
        if r not in e.resource_values:
            params[r] = {"min": 1, "max": 6, "record": "die"}
            if game.dice != "table":
                params[r].update(values=[VIRTUAL], required=False)
    need = sum(n for t, n in draw_order(tables) if t in params)
    few = {str(v): k for v, k in held.items() if k < need}
    cards = [t for t, _ in draw_order(tables) if t in params]
    return {"params": params,
            **({"constraints": [{"at_most": few, "params": cards}]} if few and cards else {})}


def mixed_end_params(game, tables) -> dict:
    """The End Game record from a mixed Market deck (games/rigs/endmixed.py): per plot type
    whose cards include one of the group's own, the values of the group's cards drawn for
    it, in order (each one of the values of their End Game cards left, each value at most
    as often as they hold it); rigs names the virtual cards (no parameter for them: see
    :func:`_mixed_places`); the dice as in :func:`end_params`."""
    from collections import Counter

    own: Counter[str] = Counter()
    places = _mixed_places(game, tables)
    for slot in places.values():
        own.update(v for v in slot if v is not None)
    every = _own_values(game, tables)
    params: dict[str, dict] = {}
    for ptype, slot in places.items():
        k = sum(v is None for v in slot)
        params[ptype] = {"values": sorted(every, key=int), "record": "card"}
        if k > 1:
            params[ptype].update(multiple=True, repeat=True, min=k, max=k)
    dice = end_params(game, tables)["params"]
    params.update((r, p) for r, p in dice.items() if p.get("record") == "die")
    need = sum(sum(v is None for v in slot) for slot in places.values())
    few = {v: k for v, k in every.items() if k < need}
    return {"params": params, **({"constraints": [{"at_most": few, "params": list(places)}]}
                                 if few and places else {})}


def _own_values(game, tables):
    """The values of the group's own End Game cards left (a Counter)."""
    from collections import Counter

    from rigs_helper.games.rigs.market import card_value
    from rigs_helper.games.rigs.mixed import game_virtual

    virtual = game_virtual(game, tables, "market")
    return Counter(str(card_value(tables, game.market.values, c)) for c in game.market.end
                   if c not in virtual)


def _mixed_places(game, tables) -> dict[str, list[str | None]]:
    """Per plot type the group records (a mixed Market deck): its End Game places in
    order, each the value of rigs' virtual card there, or None (one of the group's)."""
    from rigs_helper.games.rigs.market import card_value
    from rigs_helper.games.rigs.mixed import game_virtual
    from rigs_helper.games.rigs.scoring import draw_order

    virtual = game_virtual(game, tables, "market")
    end, out, at = game.market.end, {}, 0
    for ptype, n in draw_order(tables):
        cards, at = end[at:at + n], at + n
        if ptype in game.endgame.plot_values or len(cards) < n or \
                all(c in virtual for c in cards):
            continue
        out[ptype] = [str(card_value(tables, game.market.values, c)) if c in virtual
                      else None for c in cards]
    return out


def _with_virtual(game, tables, params: Mapping[str, Sequence[str]]
                  ) -> dict[str, Sequence[str]]:
    """A mixed deck's typed record with rigs' virtual values put in their places (as the
    CLI's `--card forest=V,V` gives every value of the type)."""
    out = dict(params)
    for ptype, slot in _mixed_places(game, tables).items():
        given = [v for v in params.get(ptype, ()) if v.strip().lower() != VIRTUAL]
        if not given:
            continue
        if len(given) != sum(v is None for v in slot):
            raise InputError(f"score: {ptype}: give {sum(v is None for v in slot)} "
                             "values (your cards drawn for it)")
        mine = iter(given)
        out[ptype] = [v if v is not None else next(mine) for v in slot]
    return out


def _end_record(tables, params: Mapping[str, Sequence[str]]) -> tuple[list[str], list[str]]:
    """The typed End Game record as the CLI's words: (["forest=4,6"], ["energy=3"]);
    ``virtual`` (rigs draws or rolls it) is left out."""
    from rigs_helper.games.rigs.tables import BASIC_RESOURCES

    cards, rolls = [], []
    for t in tables.plots:
        vals = [v for v in params.get(t, ()) if v.strip().lower() != VIRTUAL]
        if vals:
            cards.append(f"{t}=" + ",".join(vals))
    for r in BASIC_RESOURCES:
        vals = [v for v in params.get(r, ()) if v.strip().lower() != VIRTUAL]
        if len(vals) > 1:
            raise InputError(f"score: {r}: one die")
        if vals:
            rolls.append(f"{r}={vals[0]}")
    return cards, rolls


def operation(game, tables, player: str, action: str,
              params: Mapping[str, Sequence[str]]):
    """(op, ends_phase) for a leader's table control; InputError for anything else."""
    if player != game.leader:
        raise InputError(f"{action}: that is the leader's ({game.leader}) to do")
    from rigs_helper.games.rigs.tables import BASIC_RESOURCES

    typed = set(tables.plots) | set(BASIC_RESOURCES) if action == "score" else set()
    extra = sorted(set(params) - {"card", "roll"} - typed)
    if extra:
        raise InputError(f"{action}: {extra[0]} is not used by this action; leave it out")
    if action == "next":  # read as the CLI's `rigs next` is (games/rigs/actions/catalog.py)
        from rigs_helper.games.rigs.actions.catalog import build_action

        from rigs_helper.games.rigs.waits.phone import from_a_phone

        # the Player Phase ends as when everyone is done: each player records their own
        # Disaster card from their page (`rigs next --wait`), rigs deals none
        return from_a_phone(build_action("next", player, params, page=True, game=game),
                            game), True
    # a page's cards of one plot type in one button ("4,6"): each value, as the CLI's
    params = {k: [x for v in vs for x in v.split(",")] if k in tables.plots else vs
              for k, vs in params.items()}
    if "market" in game.missing:  # rigs' virtual cards in their places
        params = _with_virtual(game, tables, params)
    cards, rolls = _end_record(tables, params)
    cards += list(params.get("card", ()))
    rolls += list(params.get("roll", ()))
    from rigs_helper.games.rigs.waits.phone import end_game_record

    return end_game_record(tables, cards, rolls), False


def undo(path, tables, game, player: str, params: Mapping[str, Sequence[str]],
         loaded) -> tuple[int, dict]:
    """The leader undoes the newest action, the one their page named (``entry``): a page
    that showed an older one is told that another action came first."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.store import rewind

    if player != game.leader:
        raise InputError(f"undo: that is the leader's ({game.leader}) to do")
    extra = sorted(set(params) - {"entry"})
    if extra:
        raise InputError(f"undo: {extra[0]} is not used by this action; leave it out")
    last = last_action(loaded, path, tables)
    given = list(params.get("entry", ()))
    if last is None or given != [last["n"]]:
        return 409, {"ok": False, "stale": True,
                     "error": "Another action came first: look at the page again"}
    try:
        done = rewind.undo(path, 1, tables=tables)
    except RigsError as exc:
        return 422, {"ok": False, "error": str(exc).splitlines()[0]}
    return 200, {"ok": True, "said": [f"Undone: {last['words']}",
                                      f"Now round {done.game.round}, "
                                      f"{done.game.phase.title()} Phase."]}
