"""The records of the legal-actions list: parameters, actions, the table's entries and
the candidates.  No I/O."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any



if TYPE_CHECKING:
    from rigs_helper.games.rigs.actions.definition import Legal
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.games.rigs.tables import Tables


@dataclass(frozen=True, slots=True)
class Param:
    name: str  # the CLI option or argument name without dashes: "n", "to", "plot", ...
    values: tuple[str, ...] | None = None  # allowed values when finite
    # bounds of a number; for a ``multiple`` parameter: how many values are given
    min: int | None = None
    max: int | None = None
    required: bool = True
    multiple: bool = False  # may be given several times (distinct values)
    repeat: bool = False  # a ``multiple`` value may come back (the plot types drawn)
    record: str | None = None  # "card" or "die": the table's own card or die is recorded
    # a ``repeat`` parameter's values by position: the i-th value given is one of
    # ``ordered[i]`` (the dice a victim rolls one after the other: the first decides
    # whether the second is rolled; the cards drawn from a mixed deck, some the group's
    # and some rigs')
    ordered: tuple[tuple[str, ...], ...] | None = None

    def as_json(self) -> dict:
        d: dict = {}
        if self.values is not None:
            d["values"] = list(self.values)
        for k in ("min", "max"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        if not self.required:
            d["required"] = False
        if self.multiple:
            d["multiple"] = True
        if self.repeat:
            d["repeat"] = True
        if self.record:
            d["record"] = self.record
        if self.ordered is not None:
            d["ordered"] = [list(v) for v in self.ordered]
        return d


@dataclass(frozen=True, slots=True)
class Action:
    action: str  # the CLI command path without the player: "build", "karma play", ...
    params: tuple[Param, ...]
    label: str  # a few words for a button
    # (names, low, high): the numbers given for these parameters (a ``multiple`` one
    # counts its values) add up to low..high
    total: tuple[tuple[str, ...], int, int] | None = None
    # CONTRACT's other constraints between parameters, as its JSON: {"at_least_one":
    # [...]}, {"distinct": [...]}, and {"at_most": {VALUE: N}, "param": NAME} (a repeated
    # value of a ``multiple`` parameter given at most N times)
    constraints: tuple = ()

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def as_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"action": self.action, "label": self.label,
             "params": {p.name: p.as_json() for p in self.params}}
        out = [dict(c) for c in self.constraints]
        if self.total is not None:
            out.insert(0, self._total_json())
        if out:
            d["constraints"] = out
        return d

    def _total_json(self) -> dict:
        """``total`` in CONTRACT's words: at least one given when any mix of the bounds
        adds up within it (a gift, a deal), else the sum's bounds."""
        names, low, high = self.total  # type: ignore[misc]
        most = sum(p.max or 0 for p in self.params if p.name in names)
        if low == 1 and high >= most:
            return {"at_least_one": list(names)}
        if low == high:
            return {"sum": list(names), "equals": low}
        return {"sum": list(names), "min": low, "max": high}


@dataclass(frozen=True, slots=True)
class Spec:
    """One entry of the table: an action, its legal-actions function (imported when the
    loader is called: the action's definition's), its button label, and its parameters in form order (``multiple``: given several times; ``count``: the number
    whose allowed range is found by checking 1, 2, ... up to a bound)."""

    action: str
    legal: Callable[[], Legal]
    label: str
    params: tuple[str, ...] = ()
    multiple: tuple[str, ...] = ()
    count: str | None = None
    numbers: tuple[str, ...] = ()  # other whole-number parameters
    full: bool = False  # the operation's check leaves some refusals to apply: run both
    record: tuple[tuple[str, str], ...] = ()  # (param, "card" or "die"): the table's own


@dataclass(frozen=True, slots=True)
class Cand:
    """A candidate: fixed parameter values (a str, a tuple of str for a ``multiple``
    parameter, None when not given), and for the Spec's ``count`` parameter the highest
    value worth checking (0: the candidate has no count; "all" may be a fixed value)."""

    fixed: Mapping[str, object]
    upto: int = 0
    # (param, values): more values of one parameter, listed with the candidate when it
    # passes and not checked one by one: the titles a hidden card may have (a check of
    # each would say which cards a hand holds)
    hidden: tuple[tuple[str, tuple], ...] = ()
    # its check refuses it whatever its values (a Karma card not playable now: its
    # values still set the order the list gives values in, as a checked one's do)
    refused: bool = False



def cand_form(spec: Spec, fixed: Mapping[str, object], n: object = None) -> dict:
    """A candidate's values as form fields."""
    out: dict[str, list[str]] = {}
    for k, v in fixed.items():
        if v is None:
            continue
        out[k] = list(v) if isinstance(v, tuple) else [str(v)]
    if spec.count and n is not None:
        out[spec.count] = [str(n)]
    return out


def candidates(spec: Spec, game: Game, tables: Tables, player: str) -> Iterator[Cand]:
    fn = spec.legal().candidates
    return iter(fn(game, tables, player)) if fn else iter(())
