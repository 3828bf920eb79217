"""An action resolved once: its words as the game names things.  No I/O.

A person types ``build an 1 --to plains``; the rules accept it (a player by a unique
prefix, any case; a plot by the type its player owns one of; a card by the start of its
title).  :func:`canonical` gives the same action with every such word resolved against
the state it is performed in: a player as named in the game (``Ana``), a plot by its id
(``P6``), a card by its key (``ruins``), the warehouse as ``warehouse``.  The log keeps
the resolved action, so privacy and replay compare exact values (Bo sees his own card
whatever case he typed) and one action has one logged form.  An entry written before is
resolved as it is read, but for its cards: they name the card as its player typed it
and keep the words the log always showed for it (a version-1 file's are compared with
the release that wrote it).

What each field is comes from the action's definition (``games/rigs/actions/catalog.py``:
each parameter's kind); the acting player is the operation's actor field (``name``; a
gift's and a deal's ``giver``: ``ActionDef.actor_field``).  A resolved
action is kept only when it does exactly what the one typed does (the same state after
it): a word that cannot be resolved, or one whose resolution would change the outcome, is
left as typed.  Files written before this replay unchanged: the replay resolves each of
their actions the same way as it reads them (``store/timeline.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.words import PLOT_TYPES, WAREHOUSE, is_warehouse, plot_id

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Op
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.games.rigs.tables import Tables

#: words that stand for no card or player: a page's "virtual", an answer's "take"
_NOT_NAMES = frozenset({"virtual", "take", "take it", ""})


def canonical(op: Op, game: Game, tables: Tables, after: Game | None = None,
              cards: bool = True) -> Op:
    """``op`` with its players, plots and cards named as ``game`` names them (``game``:
    the state it is performed in).  ``after``: the state ``op`` gives from ``game`` when
    it is known (else it is worked out); the resolved action must give the same, else
    ``op`` comes back as it is.  ``cards=False``: its cards left as they are (an entry
    written before, read: its words stay those it always had)."""
    from rigs_helper.games.rigs import oplog

    fields = oplog.logged_fields(op)
    kinds = _kinds(type(op))
    if not kinds:
        return op
    r = _Resolver(game, tables, fields, cards, kinds)
    changed = {}
    for f, v in fields.items():
        kind = kinds.get(f)
        if kind is None or v is None:
            continue
        new = r.each(kind, v)
        if new != v:
            changed[f] = new
    # A plot or card read another way may change the outcome; the players alone never
    # name anyone else (a unique prefix): tried on their own when the whole is refused.
    players = {f: v for f, v in changed.items() if kinds[f] in _PLAYERS}
    for attempt in (changed, players) if players != changed else (changed,):
        if not attempt:
            continue
        try:
            resolved = oplog.made(type(op), {**fields, **attempt})
            if resolved == op:
                return op
            from rigs_helper.games.rigs.engine import perform

            if after is None:
                after = perform(game, op, tables).game
            if perform(game, resolved, tables).game == after:
                return resolved
        except (RigsError, KeyError, TypeError, ValueError):
            continue
    return op


def _kinds(cls: type) -> dict[str, str]:
    """The fields of the operations of class ``cls`` that name players, plots, places or cards, each with its
    kind (from its action's definition): the actor's field (``name``, a deal's ``giver``:
    ``ActionDef.actor_field``) first, a player; the others' (``more``: ``sell Ana 2 bo
    all``) by the kinds of the words each says (``several``)."""
    from rigs_helper.games.rigs import oplog

    done = _KINDS.get(cls)
    if done is None:
        d = oplog.definition_of(cls)
        done = {}
        if d is not None:
            actor = d.actor_field()
            if actor is not None:
                done[actor] = "player"
            for p in d.params:
                kind = "owned" if p.kind == "text" and p.private == "each" else p.kind
                if p.field is not None and kind in _RESOLVE:
                    done[p.field or p.name] = kind
            if d.several:
                words = [w if w == "player" else (q.kind if (q := d.param(w)) else "")
                         for w in d.several_names()]
                if any(w in _RESOLVE for w in words):
                    done["more"] = " ".join(["several", *words])
        _KINDS[cls] = done
    return done


_KINDS: dict[type, dict[str, str]] = {}


class _Resolver:
    """Each kind of word resolved against one state (the operation's fields at hand: a
    plot type is looked for among the plots of the players the action names)."""

    def __init__(self, game: Game, tables: Tables, fields: dict[str, Any],
                 cards: bool = True, kinds: dict[str, str] | None = None) -> None:
        self.game, self.tables, self.fields, self.cards = game, tables, fields, cards
        self.kinds = kinds or {}

    def each(self, kind: str, v: Any) -> Any:
        if kind.startswith("several "):  # the other actions' values, a tuple each
            words = kind.split(" ")[1:]
            return tuple(tuple(_RESOLVE[w](self, x) if w in _RESOLVE else x
                               for w, x in zip(words, one)) if isinstance(one, tuple)
                         else one for one in v)
        one = _RESOLVE[kind]
        if isinstance(v, tuple):
            return tuple(one(self, x) for x in v)
        return one(self, v)

    def player(self, x: Any) -> Any:
        if not isinstance(x, str) or x.strip().lower() in _NOT_NAMES:
            return x
        try:
            return self.game.player(x).name
        except (RigsError, StopIteration, ValueError):
            return x

    def _owners(self) -> list[str]:
        """Whose plots a plot type may name: the actor's first, then each player the
        action names, then everyone."""
        named: list[str] = []
        for f, v in self.fields.items():
            if self.kinds.get(f) in _PLAYERS:  # (the actor's field is the first kind)
                for x in v if isinstance(v, tuple) else (v,):
                    if isinstance(x, str):
                        who = self.player(x)
                        if who not in named and any(p.name == who for p in self.game.players):
                            named.append(who)
        return named

    def plot(self, x: Any) -> Any:
        if not isinstance(x, str):
            return x
        pid = plot_id(x)
        if pid is not None:
            return pid
        kind = x.lower()
        if kind not in PLOT_TYPES:
            return x
        for who in [*self._owners(), None]:
            plots = [q.id for p in self.game.players if who is None or p.name == who
                     for q in p.plots if q.type == kind]
            if len(plots) == 1:
                return plots[0]
            if plots:
                return x
        return x

    def place(self, x: Any) -> Any:
        if is_warehouse(x):
            return WAREHOUSE
        return self.plot(x)

    def card(self, x: Any) -> Any:
        if not self.cards or not isinstance(x, str) or x.strip().lower() in _NOT_NAMES:
            return x
        from rigs_helper.games.rigs.cards import find_card

        for deck in ("karma", "disaster"):
            try:
                return find_card(self.tables, x, deck).key
            except RigsError:
                continue
        return x

    def said(self, x: Any) -> Any:
        """(WHO, WHAT): WHAT a card, or a player (Wrong Address's new victim)."""
        if not (isinstance(x, tuple) and len(x) == 2):
            return x
        who, what = x
        who = self.player(who) if who else who
        if isinstance(what, str) and self._is_player(what):
            return who, self.player(what)
        return who, self.card(what)

    def _is_player(self, x: str) -> bool:
        from rigs_helper.games.rigs.names import fold

        return any(fold(p.name) == fold(x) for p in self.game.players)

    def name_first(self, x: Any) -> Any:
        if isinstance(x, tuple) and len(x) == 2:
            return self.player(x[0]), x[1]
        return x

    def name_title(self, x: Any) -> Any:
        if isinstance(x, tuple) and len(x) == 2:
            return self.player(x[0]), self.card(x[1])
        return x

    def owned(self, x: Any) -> Any:
        """``PLAYER=TITLE`` (a card a player drew, theirs to see)."""
        if isinstance(x, str) and "=" in x:
            who, _, what = x.partition("=")
            return f"{self.player(who)}={self.card(what)}"
        return x

    def destination(self, x: Any) -> Any:
        if isinstance(x, str) and ":" not in x:
            return self.player(x)
        return x

    def place_first(self, x: Any) -> Any:
        if isinstance(x, tuple) and len(x) == 2:
            return self.place(x[0]), x[1]
        return x


#: the kinds of word that name players alone
_PLAYERS = ("player", "destination")

#: a kind of word (``games.rigs.words.KINDS``) -> how it is resolved
_RESOLVE: dict[str, Callable[[_Resolver, Any], Any]] = {
    "player": _Resolver.player, "plot": _Resolver.plot, "place": _Resolver.place,
    "title": _Resolver.card, "card": _Resolver.card, "said": _Resolver.said,
    "name_title": _Resolver.name_title, "name_count": _Resolver.name_first,
    "destination": _Resolver.destination, "place_count": _Resolver.place_first,
    "owned": _Resolver.owned,
}

__all__ = ["canonical"]
