"""What the table can know about each deck: every card of the deck minus the cards it has
seen.  No I/O, and never the order or the contents of a virtual pile or of a hand.

Public facts used, per deck:
- Plot: the plots players own (their ids name their type).  Unseen: the Plot deck and an
  unpicked Land Grant (only the leader sees those).
- Survey: the yields of surveyed plots.  Unseen: the Survey deck.
- Disaster: the discards and the cards dealt face up this round.  Unseen: the Disaster deck.
- Karma: the discards and the cards in play.  Unseen: the Karma deck *and* every hand (the
  table knows how many cards each hand holds, not which).
- Market: the Game Market cards drawn so far.  Unseen: the rest of the Game Market Deck *and*
  the End Game Market Deck (the table cannot tell which unseen card is in which).

Like OpenSpiel's ``chance_outcomes()``, :meth:`DeckKnowledge.chance_outcomes` gives what the
next card of a deck may be and with what chance: every unseen card is equally likely.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rigs_helper.forecast.model import market_unseen, market_unseen_values
from rigs_helper.games.rigs.market import category_of
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import KARMA_KINDS, Tables

DECKS = ("plot", "survey", "disaster", "karma", "market")


@dataclass(frozen=True)
class DeckKnowledge:
    deck: str
    size: int  # cards in the draw pile (a public count)
    unseen: tuple[tuple[str, int], ...]  # (label, copies) the table has not seen, table order
    hidden_elsewhere: int  # unseen cards that are not in the draw pile (hands, Land Grant, ...)
    where_hidden: str = ""  # what ``hidden_elsewhere`` counts, in words

    @property
    def unseen_total(self) -> int:
        return sum(n for _, n in self.unseen)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(label, chance) of the next card drawn from the pile, from public facts only."""
        total = self.unseen_total
        if not total or not self.size:
            return []
        return [(label, n / total) for label, n in self.unseen if n]

    def expected_in_pile(self) -> list[tuple[str, float]]:
        """(label, expected copies in the draw pile): unseen copies, scaled by the share of
        the unseen cards that lie in the pile."""
        total = self.unseen_total
        share = self.size / total if total else 0.0
        return [(label, n * share) for label, n in self.unseen]

    def as_dict(self) -> dict:
        return {"deck": self.deck, "size": self.size, "unseen": dict(self.unseen),
                "hidden_elsewhere": self.hidden_elsewhere, "where_hidden": self.where_hidden,
                "next": {k: round(p, 4) for k, p in self.chance_outcomes()}}


def _ordered(counts: Counter, order) -> tuple[tuple[str, int], ...]:
    return tuple((label, counts[label]) for label in order if counts[label] > 0)


def plot_knowledge(game: Game, tables: Tables) -> DeckKnowledge:
    owned = Counter(x.type for p in game.players for x in p.plots)
    left = Counter({t.key: t.count for t in tables.plots.values()}) - owned
    names = Counter({tables.plots[k].name: n for k, n in left.items()})
    hidden = len(game.grant)
    return DeckKnowledge("plot", len(game.plot_deck),
                         _ordered(names, [t.name for t in tables.plots.values()]), hidden,
                         f"{hidden} in the Land Grant the leader is picking from" if hidden
                         else "")


def survey_knowledge(game: Game, tables: Tables) -> DeckKnowledge:
    seen = Counter(x.survey for p in game.players for x in p.plots if x.survey is not None)
    left = Counter(tables.survey_deck) - seen
    labels = Counter({f"yield {y}": n for y, n in left.items()})
    return DeckKnowledge("survey", len(game.survey.draw),
                         _ordered(labels, [f"yield {y}" for y in tables.survey_yields]), 0)


def disaster_knowledge(game: Game, tables: Tables) -> DeckKnowledge:
    seen = Counter(game.disaster.discard) + Counter(p.disaster for p in game.players
                                                     if p.disaster)
    left = Counter(tables.disaster_deck) - seen
    titles = Counter({tables.disaster(k).title: n for k, n in left.items()})
    return DeckKnowledge("disaster", len(game.disaster.draw),
                         _ordered(titles, [c.title for c in tables.disasters]), 0)


def karma_unseen(game: Game, tables: Tables) -> Counter:
    """Karma card keys the table has not seen (the deck and every hand)."""
    seen = Counter(game.karma.discard)
    for p in game.players:
        seen += Counter(p.in_play)
    return Counter(tables.karma_deck) - seen


def karma_knowledge(game: Game, tables: Tables) -> DeckKnowledge:
    left = karma_unseen(game, tables)
    titles = Counter({tables.karma_card(k).title: n for k, n in left.items()})
    hands = sum(len(p.hand) for p in game.players)
    return DeckKnowledge("karma", len(game.karma.draw),
                         _ordered(titles, [c.title for c in tables.karma]), hands,
                         f"{hands} in players' hands" if hands else "")


def karma_kinds(game: Game, tables: Tables) -> dict[str, int]:
    """Unseen Karma cards by kind (Destruction, Sabotage, Wealth, Protection)."""
    kinds = Counter(tables.karma_card(k).kind for k in karma_unseen(game, tables).elements())
    return {k: kinds[k] for k in KARMA_KINDS}


def market_knowledge(game: Game, tables: Tables) -> DeckKnowledge:
    cats = Counter(tables.market[category_of(tables, i)[0]].name
                   for i in market_unseen(game, tables))
    end = len(game.market.end)
    return DeckKnowledge("market", len(game.market.game),
                         _ordered(cats, [c.name for c in tables.market.values()]), end,
                         f"{end} in the End Game Market Deck" if end else "")


def deck_knowledge(game: Game, tables: Tables, deck: str) -> DeckKnowledge:
    return {"plot": plot_knowledge, "survey": survey_knowledge,
            "disaster": disaster_knowledge, "karma": karma_knowledge,
            "market": market_knowledge}[deck](game, tables)


def all_decks(game: Game, tables: Tables) -> dict[str, DeckKnowledge]:
    return {d: deck_knowledge(game, tables, d) for d in DECKS}


__all__ = ["DECKS", "DeckKnowledge", "all_decks", "deck_knowledge", "karma_kinds",
           "market_unseen", "market_unseen_values"]
