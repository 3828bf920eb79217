"""What a game shows: the `status --json` object and the choices it waits for.  No I/O.

Public and private: draw piles show only their size and Karma hands only their count; a
hand's cards and the Land Grant plots the leader alone sees are private to one player and
appear only in ``private_view`` (`rigs hand PLAYER`, `status PLAYER --private`, the
player's page of `rigs serve`)."""

# (No ``from __future__ import annotations``: a NamedTuple's field types given as strings
# are each compiled when the class is made, at every `rigs status`.)
from typing import Any, NamedTuple

from rigs_helper.games.rigs.names import effect_text, plural
from rigs_helper.games.rigs.state import OWED_DRAW, Game, Player, Plot
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, RESOURCES, Tables, title_of
from rigs_helper.rules.text import shell_word


class Pending(NamedTuple):
    """One thing that waits for a player, typed: who, the action that settles it (its
    name in ``actions.json``), what waits in words, and the terminal's command; each
    surface renders it its own way (the terminal: :meth:`said`; a page: :meth:`words`)."""

    player: str
    action: str
    what: str
    command: str
    after: str = ""  # words after the command (", optional")

    def said(self) -> str:
        """The terminal's line: the words and the command to copy."""
        return f"{self.what} (`{self.command}`){self.after}"

    def words(self) -> str:
        """A page's line: words only (a page offers buttons, never a command)."""
        return self.what + self.after


def pending(game: Game, tables: Tables) -> list[str]:
    return [p.said() for p in pending_entries(game, tables)]


def pending_items(game: Game, tables: Tables) -> list[tuple[str, str]]:
    """(player who settles it, what is waiting and the command that settles it)."""
    return [(p.player, p.said()) for p in pending_entries(game, tables)]


def pending_entries(game: Game, tables: Tables) -> list[Pending]:
    """Everything that waits for a player's decision, typed (:class:`Pending`)."""
    from rigs_helper.games.rigs.turns import market_due

    out = []
    if market_due(game, tables):
        out.append(Pending(game.leader, "next", f"{game.leader} draws the Market card at "
                           "the table and records it", "rigs next --card CATEGORY"))
    if game.grant_owed:
        out.append(Pending(game.leader, "grant", f"Land Grant: {game.leader} records the "
                           f"{game.grant_owed} plots drawn from your Plot pile",
                           "rigs grant --card TYPE ..."))
    elif game.grant:
        out.append(Pending(game.leader, "grant", f"Land Grant: {game.leader} picks one of "
                           f"{len(game.grant)} plots", "rigs grant"))
    limit = tables.constants.hand_limit
    for p in game.players:
        who = shell_word(p.name)
        if p.owed_rigs:
            out.append(Pending(p.name, "lose", f"{p.name} must lose {p.owed_rigs} RIGS",
                               f"rigs lose {who} {p.owed_rigs} [--from PLOT|warehouse]"))
        if game.phase == "player" and len(p.hand) > limit:
            out.append(Pending(p.name, "karma discard", f"{p.name} holds {len(p.hand)} Karma "
                               f"cards; {limit} at most when the Player Phase ends",
                               f"rigs karma discard {who} TITLE"))
        if p.must_discard:
            out.append(Pending(p.name, "settle", f"{p.name} must throw away "
                               f"{p.must_discard} resources", f"rigs settle {who} RESOURCE=N ..."))
        if p.may_take:
            out.append(Pending(p.name, "settle", f"{p.name} may take {p.may_take} resources",
                               f"rigs settle {who} RESOURCE=N ..."))
        if p.disaster_draw == OWED_DRAW:
            out.append(Pending(p.name, "karma draw", f"{p.name} records the Karma card drawn "
                               "for their Disaster card", f"rigs karma draw {who} --card "
                               "TITLE"))
        if p.owed_karma:
            out.append(Pending(p.name, "karma draw", f"{p.name} records the "
                               f"{plural(p.owed_karma, 'Karma card')} drawn at the table",
                               f"rigs karma draw {who} --card TITLE"))
        if p.may_swap and p.hand and game.phase == "disaster":
            out.append(Pending(p.name, "karma swap", f"{p.name} may swap one Karma card",
                               f"rigs karma swap {who} TITLE", ", optional"))
    return out + waiting_entries(game, tables)


def waiting_items(game: Game, tables: Tables) -> list[tuple[str, str]]:
    """What waits for one player's own answer: an attack, a Disaster card to record, a
    deal offered (never a card in a hand)."""
    return [(p.player, p.said()) for p in waiting_entries(game, tables)]


def waiting_entries(game: Game, tables: Tables) -> list[Pending]:
    """:func:`waiting_items`, typed."""
    out = []
    a = game.waits.attack
    if a is not None:
        title = title_of(tables, "karma", a.card)
        out += [Pending(v, "answer", f"{v} splits the gains of {a.player}'s {title}",
                        f"rigs answer {shell_word(v)} take --split NAME=N")
                if v == a.splitter else
                Pending(v, "answer", f"{v} answers {a.player}'s {title}",
                        f"rigs answer {shell_word(v)} CARD|take") for v in a.waiting()]
    out += [Pending(n, "disaster record", f"{n} records the Disaster card dealt",
                    f"rigs disaster record {shell_word(n)} CARD")
            for n in game.waits.disasters]
    out += [Pending(d.receiver, "deal accept", f"{d.receiver} answers {d.giver}'s deal "
                    f"{d.id}", f"rigs deal accept {shell_word(d.receiver)} {d.id}")
            for d in game.waits.deals]
    out += [Pending(n, "roll", f"{n} rolls a die for Expedition Leader",
                    f"rigs roll {shell_word(n)} N") for n, face in game.waits.rolloff if not face]
    return out


def grant_plots(game: Game, tables: Tables) -> list[dict[str, Any]]:
    """The Land Grant plots waiting for the leader's pick (private to the leader); while
    the plots drawn from the group's pile are not recorded, only the virtual ones."""
    from rigs_helper.games.rigs.mixed import game_virtual

    shown = game_virtual(game, tables, "plot") if game.grant_owed else None
    return [{"id": pid, "type": tables.plot_deck[int(pid[1:]) - 1],
             "name": tables.plots[tables.plot_deck[int(pid[1:]) - 1]].name}
            for pid in game.grant if shown is None or pid in shown]


def private_view(game: Game, tables: Tables, name: str) -> dict[str, Any]:
    """What one player alone may see: their hand (each card with its effect), the Land
    Grant plots when they are the leader picking, and the choices waiting for them."""
    p = game.player(name)
    hand = []
    for key in p.hand:
        card = tables.karma_card(key)
        hand.append({"title": card.title, "kind": card.kind, "effect": card.effect,
                     "timing": getattr(card, "timing", None)})
    return {"name": p.name, "for_eyes_of": p.name, "hand": hand,
            "coming": [title_of(tables, "karma", k) for k in p.incoming],  # next round
            "hand_limit": tables.constants.hand_limit,
            "grant": grant_plots(game, tables) if game.leader == p.name else [],
            "grant_owed": game.grant_owed if game.leader == p.name else 0,
            "pending": [t for who, t in pending_items(game, tables) if who == p.name],
            "player": player_dict(p, tables)}


def prices_so_far(game: Game, tables: Tables) -> list[int]:
    """The Luxury price of each round priced so far (a recorded physical card wins)."""
    from rigs_helper.games.rigs.market import card_value

    m = game.market
    return [m.recorded.get(i + 1, card_value(tables, m.values, card))
            for i, card in enumerate(m.drawn)]


def _plot(p: Plot, tables: Tables) -> dict[str, Any]:
    return {"id": p.id, "type": p.type, "survey": p.survey, "luxury": p.luxury,
            "rigs": p.rigs, "harvest": p.harvest, "free": free_spots(p, tables)}


def free_spots(plot: Plot, tables: Tables) -> dict[str, int]:
    """Spots still open per resource: RIGS on a plot all harvest one resource, so a plot
    with RIGS has free spots of that resource only."""
    kinds = (plot.harvest or "",) if plot.rigs else RESOURCES  # (RIGS: a harvest)
    free = {r: plot.spots(tables, r) - plot.rigs for r in kinds}
    return {r: n for r, n in free.items() if n > 0}


def player_dict(p: Player, tables: Tables, hand: bool = False) -> dict[str, Any]:
    d = {
        "name": p.name, "credits": p.credits, "energy": p.energy, "supplies": p.supplies,
        "metal": p.metal, "luxuries": p.luxuries, "rigs": p.rigs,
        "warehouse_rigs": p.warehouse_rigs,
        "plots": [_plot(x, tables) for x in p.plots],
        "karma": len(p.hand),
        "in_play": [title_of(tables, "karma", k) for k in p.in_play],
        "vinnie": {r: p.scripts(r) for r in tables.constants.loanable},
        "disaster": title_of(tables, "disaster", p.disaster) if p.disaster else None,
        "effects": [effect_text(tables, e) for e in p.effects],
    }
    if p.on_cards:
        d["on_cards"] = {title_of(tables, "karma", k): v for k, v in p.on_cards.items()}
    if hand:
        d["hand"] = [title_of(tables, "karma", k) for k in p.hand]
    return d


def _mixed(game: Game, tables: Tables) -> dict[str, int]:
    """A mixed deck's cards left, physical (the group's own pile) and virtual."""
    from rigs_helper.games.rigs.mixed import cards_left

    out: dict[str, int] = {}
    for d in game.missing:
        left = cards_left(game, tables, d)
        assert left is not None  # (a mixed deck)
        out[f"{d}_virtual"] = left["virtual"]
        out[f"{d}_physical"] = left["physical"]
    return out


def cards_mode(game: Game) -> str:
    """Who holds the cards: "rigs", "table", or "partial" (the table's set lacks cards:
    it records the group's, rigs deals the rest)."""
    if game.cards == "rigs":
        return "rigs"
    return "partial" if any(game.missing.values()) else "table"


CARDS_WORDS = {"rigs": "rigs deals every card",
               "table": "the table draws and records its own cards",
               "partial": "the table records the group's cards, rigs deals the rest"}


def status_dict(game: Game, tables: Tables) -> dict[str, Any]:
    m = game.market
    return {
        "round": game.round,
        "rounds": tables.constants.rounds,
        "phase": game.phase,
        "last_call": game.last_call,
        "dice": game.dice,
        "cards": cards_mode(game),
        "leader": game.leader,
        "game_over": game.game_over,
        "commitment": game.commitment or None,
        "price": m.price,
        "decks": {"plot": len(game.plot_deck), "survey": len(game.survey.draw),
                  "disaster": len(game.disaster.draw), "karma": len(game.karma.draw),
                  "market": len(m.game), "end_market": len(m.end), **_mixed(game, tables)},
        "discards": {"disaster": len(game.disaster.discard),
                     "karma": len(game.karma.discard), "market": len(m.drawn)},
        "colony": {"rigs": game.colony_rigs, "rigs_cap": tables.constants.colony_rigs,
                   "scripts": {r: game.scripts_out(r) for r in BASIC_RESOURCES
                               if r in tables.constants.loanable}},
        "players": [player_dict(p, tables) for p in game.players],
        "pending": pending(game, tables),
    }
