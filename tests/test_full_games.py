"""Whole seeded games played with `next --auto` only (RULES.md "Round and phases"), through
the engine and through the CLI, checking the invariants after every step, then scored."""

from __future__ import annotations

import json

import pytest
from gameplay import NAMES, check_invariants, house_value, next_slot, play, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rigs_helper.games.rigs.endgame import EndgameDraws, holdings
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.scoring import EndgameValues, score_game
from rigs_helper.games.rigs.codec import state_hash, to_doc

STEPS = 3 + 14 * 4 + 1  # round 1 has three phase ends, rounds 2-15 four, then game over


def full_game(n: int, seed: int, tables):
    """Play a whole game, checking every step; return (final game, step hashes, texts)."""
    first = start(n, seed, tables)
    check_invariants(first, tables, first)
    hashes = [state_hash(to_doc(first, tables))]
    steps = 0
    grants = 0
    prev_plots = len(first.plot_deck)
    g = first
    for before, out in play(n, seed, tables):
        g = out.game
        steps += 1
        # phases and rounds advance in order; game_over only after round 15's Market
        want_round, want_phase, want_over = next_slot(before.round, before.phase)
        assert (g.round, g.phase, g.game_over) == (want_round, want_phase, want_over)
        check_invariants(g, tables, first)
        if g.phase == "disaster":
            # every player has a Disaster card; the hand limit held before the deal, and a
            # player the card hurt drew one Karma card on top of it
            limit = tables.constants.hand_limit
            for p in g.players:
                assert p.disaster is not None
                assert len(p.hand) <= limit + (0 if p.may_swap else 1)
        # Land Grant: from round 2, one plot per player while plots last
        if before.phase == "market" and not g.game_over:
            drawn = prev_plots - len(g.plot_deck)
            assert drawn == min(n, prev_plots)
            grants += bool(drawn)
            owned_before = {p.name: len(p.plots) for p in before.players}
            gained = sum(len(p.plots) - owned_before[p.name] for p in g.players)
            assert gained == drawn
        prev_plots = len(g.plot_deck)
        hashes.append(state_hash(to_doc(g, tables)))
    assert steps == STEPS
    assert g.game_over and (g.round, g.phase) == (15, "market")
    # the 15 Game Market cards were each drawn once; the Game Market Deck is empty
    assert len(g.market.drawn) == 15 == len(set(g.market.drawn))
    assert set(g.market.drawn) == set(first.market.game) and g.market.game == ()
    # every Luxury was sold at the end
    assert all(p.luxuries == 0 for p in g.players)
    # plots: 27 - starting plots were granted out one per player per round while they last
    start_plots = {2: 6, 3: 4, 4: 3}[n]
    assert grants == min(14, -(-(27 - n * start_plots) // n))
    # a game over refuses another `next`
    with pytest.raises(RulesError):
        perform(g, NextPhase(auto=True), tables)
    return g, hashes


def check_score(g, tables):
    """Score a finished game and check each figure against RULES.md's formula."""
    out = perform(g, EndgameDraws(), tables)
    e = out.game.endgame
    end = [house_value(i) for i in g.market.end]
    # the leader draws from the End Game Market Deck: one card each for Plains and Valley,
    # two (summed) each for Forest, Desert and Ridge, in the tables' order
    assert dict(e.plot_values) == {"plains": end[0], "valley": end[1],
                                   "forest": end[2] + end[3], "desert": end[4] + end[5],
                                   "ridge": end[6] + end[7]}
    assert set(e.resource_values) == {"energy", "supplies", "metal"}
    assert all(1 <= v <= 6 for v in e.resource_values.values())
    values = EndgameValues(g.market.price, e.plot_values, e.resource_values, e.plot_cards)
    score = score_game(holdings(out.game), values, tables)
    for p, s in zip(g.players, score.players):
        plots = sum(e.plot_values[x.type] * (2 if x.survey else 1) for x in p.plots)
        res = sum(e.resource_values[r] * (p.amount(r) - 4 * p.scripts(r))
                  for r in ("energy", "supplies", "metal"))
        assert s.net_worth == p.credits + p.luxuries * g.market.price + plots + res
    best = max(s.net_worth for s in score.players)
    assert list(score.winners) == [s.name for s in score.players if s.net_worth == best]
    return score


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3)])
def test_full_game_auto_keeps_every_invariant_and_scores(n, seed, tables):
    g, _ = full_game(n, seed, tables)
    check_score(g, tables)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**63 - 1))
def test_full_game_auto_any_seed(n, seed, tables):
    g, _ = full_game(n, seed, tables)
    check_score(g, tables)


@pytest.mark.parametrize("n", [2, 4])
def test_same_seed_and_names_give_the_same_game(n, tables):
    """(The second game is only played and hashed: the same hashes at every step are the
    same states, whose invariants the first game checked.)"""
    g1, h1 = full_game(n, 99, tables)
    g2 = start(n, 99, tables)
    h2 = [state_hash(to_doc(g2, tables))]
    for _, out in play(n, 99, tables):
        g2 = out.game
        h2.append(state_hash(to_doc(g2, tables)))
    assert h1 == h2 and to_doc(g1, tables) == to_doc(g2, tables)
    assert check_score(g1, tables).as_dict() == check_score(g2, tables).as_dict()
    # a different seed deals a different game
    assert to_doc(start(n, 100, tables), tables) != to_doc(start(n, 99, tables), tables)


def test_full_game_through_the_cli(tmp_path, rigs, tables):
    """The same game through `rigs new` / `rigs next --auto` / `rigs score`: the file after
    every command holds exactly the state the engine reaches, and all invariants hold."""
    from rigs_helper.store import session

    path = tmp_path / "game.toml"
    n, seed = 3, 2024
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--player", "Cy", "--seed", seed,
             "--game", path)
    assert r.exit_code == 0, r.output
    first = session.load(path, tables).game
    # (`rigs new` lets rigs deal every card: `--cards rigs`)
    assert to_doc(first, tables) == to_doc(start(n, seed, tables, "rigs"), tables)
    engine = list(play(n, seed, tables, "rigs"))
    for i, (before, out) in enumerate(engine):
        r = rigs("next", "--auto", "--game", path)
        assert r.exit_code == 0, r.output
        g = session.load(path, tables).game
        assert to_doc(g, tables) == to_doc(out.game, tables), f"step {i + 1}"
        check_invariants(g, tables, first)
    assert g.game_over
    r = rigs("next", "--auto", "--game", path)
    assert r.exit_code == 1 and "game is over" in r.stderr
    # `rigs log`: the creation and one entry per `next`
    r = rigs("log", "--json", "--game", path)
    rows = json.loads(r.stdout)["log"]
    assert len(rows) == 1 + STEPS
    assert [(x["round"], x["phase"]) for x in rows[1:]] == [(b.round, b.phase)
                                                           for b, _ in engine]
    # `rigs score`: the End Game draws come from the game's own decks, recorded once
    r = rigs("score", "--json", "--game", path)
    assert r.exit_code == 0, r.output
    scored = json.loads(r.stdout)
    expect = check_score(g, tables).as_dict()
    assert scored["players"] == expect["players"] and scored["winners"] == expect["winners"]
    again = rigs("score", "--json", "--game", path)
    assert json.loads(again.stdout)["players"] == scored["players"]
    assert [p["name"] for p in scored["players"]] == list(NAMES[n])
