"""`rigs lose`: settling the RIGS a player owes (the victim chooses where from)."""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.games.rigs.engine import Op, Outcome, Work, default_rigs_source
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word


@dataclass(frozen=True, slots=True)
class LoseRigs(Op):
    """Settle N pending "lose a RIGS" (the victim chooses where from: one ``source``, or
    ``places``, (WHERE, K) for each place, K RIGS from each, N in all)."""

    name: str
    source: str | None = None
    n: int = 1
    places: tuple[tuple[str, int], ...] = ()

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        if not p.must_lose_rigs:
            raise RulesError(f"{p.name} has no RIGS loss to settle",
                             rule="a RIGS is lost only when a card says so")
        if self.n < 1:
            raise InputError(f"the number of RIGS must be 1 or more, not {self.n}")
        if self.n > p.must_lose_rigs:
            raise RulesError(f"{p.name} owes {p.must_lose_rigs} RIGS, not {self.n}",
                             rule="a RIGS is lost only when a card says so")
        if self.places:
            if self.source is not None:
                raise InputError("--from: give WHERE=K for every place, or one place")
            for where, k in self.places:
                if k < 1:
                    raise InputError(f"--from {where}={k}: 1 or more RIGS from a place")
            named = sum(k for _, k in self.places)
            if named != self.n:
                raise InputError(f"--from: {named} RIGS named, {self.n} to lose")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        name = game.player(self.name).name
        chosen = self.places or (((self.source, self.n),) if self.source is not None else ())
        for where, k in chosen:
            w.lose_rigs(name, where, k)
            w.update(name, must_lose_rigs=w.player(name).must_lose_rigs - k)
        for _ in range(0 if chosen else self.n):
            src = default_rigs_source(w.player(name))
            if src is None:
                w.update(name, must_lose_rigs=0)
                w.say(f"{name} has no RIGS left to lose.")
                break
            w.lose_rigs(name, src)
            w.update(name, must_lose_rigs=w.player(name).must_lose_rigs - 1)
        owed = w.player(name).must_lose_rigs
        if owed:
            w.say(f"{name} still owes {owed} RIGS (`rigs lose {shell_word(name)} {owed}`).")
        return w.done()
