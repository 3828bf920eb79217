"""The list of legal actions agrees with the rules: over random reachable game states,
every listed action with values drawn from its parameters is performed, and candidates
built from values the list does not contain are refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.legal import TABLE, Action, legal_actions, operation
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.store.tablefiles import load_tables

TABLES = load_tables()

NAMES = ["Ana", "Bo", "Cy", "Di"]


def draw_values(rnd: random.Random, action: Action) -> dict[str, list[str]] | None:
    """Values for each parameter, drawn from what the action lists (None: the draw did
    not meet the action's total; draw again)."""
    form: dict[str, list[str]] = {}
    for p in action.params:
        if not p.required and rnd.random() < 0.4:
            continue
        if p.repeat:
            form[p.name] = rnd.choices(list(p.values), k=rnd.randint(p.min, p.max))
        elif p.multiple:
            k = rnd.randint(p.min or 1, p.max or len(p.values))
            form[p.name] = rnd.sample(list(p.values), k)
        elif p.values is not None:
            form[p.name] = [rnd.choice(p.values)]
        else:
            form[p.name] = [str(rnd.randint(p.min, p.max))]
    if action.total is not None:
        names, low, high = action.total
        got = sum(len(form[n]) if action.param(n).multiple else int(form[n][0])
                  for n in names if n in form)
        if not low <= got <= high:
            return None
    if not meets_at_least_one(action, form):
        return None
    return form


def meets_at_least_one(action: Action, form: dict) -> bool:
    """The form gives one of the names of each ``at_least_one`` constraint (a deal: one
    thing back)."""
    return all(set(c["at_least_one"]) & set(form) for c in action.constraints
               if "at_least_one" in c)


def listed(actions, name: str, form: dict[str, list[str]]) -> bool:
    """Whether the list holds this exact choice of values."""
    for a in actions:
        if a.action != name or set(form) - {p.name for p in a.params}:
            continue
        if any(p.required and p.name not in form for p in a.params) or \
                not meets_at_least_one(a, form):
            continue
        ok = True
        for p in a.params:
            vals = form.get(p.name)
            if vals is None:
                continue
            if p.multiple:
                ok = (p.repeat or len(set(vals)) == len(vals)) and \
                    set(vals) <= set(p.values) and \
                    (p.min or 1) <= len(vals) <= (p.max or len(p.values))
            elif len(vals) != 1:
                ok = False
            elif p.values is not None:
                ok = vals[0] in p.values
            else:
                ok = vals[0].lstrip("-").isdigit() and p.min <= int(vals[0]) <= p.max
            if not ok:
                break
        if ok:
            return True
    return False


def domain(game, tables, player: str) -> dict[str, list[str]]:
    """Values a candidate may be built from: every plot, player, resource, card title of
    the game, a few numbers."""
    plots = [x.id for p in game.players for x in p.plots] + list(game.grant)
    titles = sorted({tables.karma_card(k).title for p in game.players for k in
                     p.hand + p.in_play})
    numbers = [str(n) for n in range(7)] + ["all"]
    return {"n": numbers, "from": ["warehouse", *plots], "to": ["warehouse", *plots],
            "harvest": list(RESOURCES), "plot": plots, "card": ["0", "1", "2", "3"],
            "resource": list(RESOURCES), "power": plots, "skip": plots,
            "title": titles, "target": [p.name for p in game.players],
            "option": ["draw", "card"], "new_owner": [p.name for p in game.players]}


def refused(game, tables, player: str, name: str, form: dict) -> bool:
    try:
        perform(game, operation(game, tables, player, name, form), tables)
    except RigsError:
        return True
    return False


def random_candidate(rnd, game, tables, player, actions) -> tuple[str, dict]:
    dom = domain(game, tables, player)
    spec = rnd.choice([s for s in TABLE.values() if s.params])
    params = list(spec.params)
    if spec.action == "karma play":  # the options each title's listed plays use
        title = rnd.choice(dom["title"] or ["Decoy"])
        used = {p.name for a in actions if a.action == spec.action
                and title in (a.param("title").values or ()) for p in a.params}
        params = [p for p in params if p in used] or params
    form = {}
    for k in params:
        if rnd.random() < 0.2 or not dom.get(k):
            continue
        if k in spec.multiple:
            form[k] = rnd.sample(dom[k], rnd.randint(1, min(2, len(dom[k]))))
        else:
            form[k] = [rnd.choice(dom[k])]
    if spec.action == "karma play" and dom["title"]:
        form["title"] = [title]
    return spec.action, form


def paged(g, tables, who: str, action: str, form: dict):
    """The operation as a page makes it (a Karma card waits for its victims: I'll Take
    THAT!'s card is named by the victim who takes it)."""
    from rigs_helper.games.rigs.waits.phone import from_a_phone

    return from_a_phone(operation(g, tables, who, action, form), g)


def walk(seed: int, players: int, tables, steps: int):
    """A reachable state: a seeded game driven by random listed actions and `next`."""
    rnd = random.Random(seed)
    g = new_game(NAMES[:players], seed, tables).game
    states = [g]
    for _ in range(steps):
        if g.game_over:
            break
        if rnd.random() < 0.7:
            who = rnd.choice(g.players).name
            acts = [a for a in legal_actions(g, tables, who) if a.action != "done"]
            if acts:
                a = rnd.choice(acts)
                form = draw_values(rnd, a)
                if form is not None:
                    try:
                        g = perform(g, paged(g, tables, who, a.action, form),
                                    tables).game
                    except RigsError as exc:
                        if not hidden_elsewhere(g, who, form, exc):
                            raise
                    states.append(g)
                    continue
        try:  # open choices (a Land Grant...) stay open for the list to offer
            g = perform(g, NextPhase(), tables).game
        except RigsError:
            g = perform(g, NextPhase(auto=True), tables).game
        states.append(g)
    return rnd, states


def hidden_elsewhere(g, player: str, form: dict, exc: Exception) -> bool:
    """A card recorded as drawn that is in another player's hand: listed (the list never
    says where a hidden card is) and refused by the rules.  Also: a plot type recorded more
    often than the Plot deck holds it (each listed type may repeat, as far as the deck
    goes).  And a card picked at random from another player's hand."""
    if "is left in the Plot deck" in str(exc) and len(set(form.get("card", []))) < len(
            form.get("card", [])):
        return True
    if "a card picked at the table is one the hand holds" in str(exc):
        return True  # Eye for an Eye: every card hidden from the picker is listed
    titles = [*form.get("card", []), *form.get("drew", []), *form.get("karma", []),
              *form.get("drawn", [])]
    held = {TABLES.karma_card(k).title for q in g.players if q.name != player
            for k in q.hand}
    if g.waits.attack is not None:  # drawn at the table by a player who answered
        held |= {t for r in g.waits.attack.replies for t in r.drew}
    return "cards are conserved" in str(exc) and any(t in held for t in titles)


@pytest.mark.slow
# (five seeded games and the three that found bugs: each checks four states, every
# listed action twice and 25 unlisted candidates per player)
@settings(max_examples=5, phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
@example(seed=2374, players=4)  # a listed title every copy of which another hand held
@example(seed=72345763, players=4)  # a plot kept while the table's grant record was due
@example(seed=1831897, players=2)  # Triangulation Drift on one's own plot, no card drawn
def test_listed_actions_pass_their_check_and_others_fail(seed, players):
    agree(seed, players)


def agree(seed: int, players: int, steps: int = 40, states_checked: int = 4) -> None:
    tables = TABLES
    rnd, states = walk(seed, players, tables, steps)
    for g in rnd.sample(states, min(states_checked, len(states))):
        for p in g.players:
            actions = legal_actions(g, tables, p.name)
            for a in actions:
                for _ in range(2):
                    form = draw_values(rnd, a)
                    if form is None:
                        continue
                    try:
                        perform(g, paged(g, tables, p.name, a.action, form), tables)
                    except RigsError as exc:
                        if not hidden_elsewhere(g, p.name, form, exc):
                            raise AssertionError(
                                f"seed {seed}, {players} players: {p.name}: listed "
                                f"{a.action} {form} refused: {exc}") from None
            for _ in range(25):
                name, form = random_candidate(rnd, g, tables, p.name, actions)
                if not listed(actions, name, form):
                    assert refused(g, tables, p.name, name, form), \
                        f"seed {seed}, {players} players: {p.name} {name} {form} passes " \
                        f"but is not listed (round {g.round}, {g.phase})"


def test_triangulation_drift_on_ones_own_plot_lists_the_card_drawn_as_its_check_takes_it():
    """Triangulation Drift aimed at its player's own (empty) plot: its victim, the player,
    draws a Karma card (printed, even with no RIGS to move).  The list offers the card
    drawn, ``virtual`` among its values; a form that leaves it out is the same operation
    as ``virtual`` (rigs draws it, or from a page it waits for the table's record) and
    passes the check: the list offers it left out too (seed 1831897 found it)."""
    from dataclasses import replace

    from gameplay import own_plots, set_player

    g = own_plots(new_game(NAMES[:2], 5, TABLES).game, TABLES,
                  {"Ana": ["P13", "P9"], "Bo": ["P1"]})
    g = replace(g, phase="production")
    deck = list(g.karma.draw)
    deck.remove("triangulation-drift")
    g = set_player(replace(g, karma=replace(g.karma, draw=tuple(deck))), "Ana",
                   hand=("triangulation-drift",))
    actions = legal_actions(g, TABLES, "Ana")
    own = [a for a in actions if a.action == "karma play"
           and "P13" in (a.param("plot").values or ())]
    assert own and all(a.param("drawn").record == "card" and
                       "virtual" in a.param("drawn").values for a in own)
    form = {"title": ["Triangulation Drift"], "plot": ["P13"]}
    assert not refused(g, TABLES, "Ana", "karma play", form)
    assert listed(actions, "karma play", form)
    drew = perform(g, paged(g, TABLES, "Ana", "karma play", form), TABLES).game
    assert drew.player("Ana").owed_karma == 1  # the table's record waits
    assert listed(actions, "karma play", {**form, "drawn": ["virtual"]})
