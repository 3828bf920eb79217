"""Books the table can check: what the table counts against what the game file says.

Pure (no I/O).  ``parse_counts`` turns ``KEY=N`` words into counts, ``compare`` lists the
differences, ``fixes`` says which command would bring the books in line.  Nothing here
changes the game: checking is read-only, beancount-style.
"""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.numbers import is_whole
from rigs_helper.games.rigs.state import Game, Player
from rigs_helper.rules.text import shell_word
from rigs_helper.games.rigs.words import plot_id

HOLDINGS = ("credits", "energy", "supplies", "metal", "luxuries")
#: every key a count may name (besides a plot id such as P7, and vinnie.RESOURCE)
KEYS = HOLDINGS + ("rigs", "karma", "plots")


@dataclass(frozen=True, slots=True)
class Difference:
    key: str  # "credits", "vinnie.energy", "P7", ...
    table: int
    books: int

    @property
    def label(self) -> str:
        return f"{self.key} RIGS" if plot_id(self.key) else self.key


def _key(text: str, loanable: tuple[str, ...], plot_types: tuple[str, ...] = ()) -> str:
    t = text.strip().lower()
    if t in KEYS or t in plot_types:  # a plot type: the player's one plot of that type
        return t
    if t.startswith("vinnie."):
        r = t.split(".", 1)[1]
        if r in loanable:
            return f"vinnie.{r}"
        raise InputError(f"unknown key {text!r}: Vinnie lends " + ", ".join(loanable))
    pid = plot_id(t)  # games.rigs.words: ASCII digits (P６ is no plot id)
    if pid:
        return pid
    raise InputError(f"unknown key {text!r} (one of {', '.join(KEYS)}, vinnie.RESOURCE, "
                     "or a plot id such as P7, or a plot type, for the RIGS on it)")


def parse_counts(words: list[str], loanable: tuple[str, ...],
                 plot_types: tuple[str, ...] = ()) -> dict[str, int]:
    """``["credits=120", "P7=3"]`` -> ``{"credits": 120, "P7": 3}``."""
    out: dict[str, int] = {}
    for w in words:
        k, sep, v = w.partition("=")
        if not sep:
            raise InputError(f"{w!r}: give KEY=N (e.g. credits=120, rigs=7, P7=3)")
        key = _key(k, loanable, plot_types)
        if not is_whole(v, 0):
            raise InputError(f"{w!r}: the count must be a whole number of 0 or more")
        if key in out:
            raise InputError(f"{key} is counted twice")
        out[key] = int(v)  # checked above
    if not out:
        raise InputError("give at least one count, e.g. credits=120")
    return out


def books_value(game: Game, player: Player, key: str) -> int:
    """What the books say for ``key``."""
    if key in HOLDINGS:
        return player.credits if key == "credits" else player.amount(key)
    if key == "rigs":
        return player.rigs
    if key == "karma":
        return len(player.hand)
    if key == "plots":
        return len(player.plots)
    if key.startswith("vinnie."):
        return player.scripts(key.split(".", 1)[1])
    owner = game.owner_of(key)  # a plot: the RIGS on it; it must be the player's
    if owner.name != player.name:
        raise InputError(f"{key} is {owner.name}'s plot, not {player.name}'s")
    return player.plot(key).rigs


def _plot_of_type(player: Player, key: str) -> str:
    ids = [x.id for x in player.plots if x.type == key]
    if len(ids) != 1:
        raise InputError(f"{player.name} owns {len(ids)} {key} plots"
                         + (f" ({', '.join(ids)}): name one by its id" if ids else ""))
    return ids[0]


def compare(game: Game, name: str, counts: dict[str, int]) -> list[Difference]:
    p = game.player(name)
    out = []
    for key, n in counts.items():
        if key not in KEYS and not key.startswith("vinnie.") and not plot_id(key):
            key = _plot_of_type(p, key)  # a plot type
        have = books_value(game, p, key)
        if have != n:
            out.append(Difference(key, n, have))
    return out


def fixes(name: str, diffs: list[Difference]) -> list[str]:
    """The commands that bring the books in line with the table (a ``#`` line where no
    single command does it)."""
    out = []
    who = shell_word(name)
    why = '--why "counted at the table"'
    for d in diffs:
        delta = d.table - d.books
        if d.key in HOLDINGS or d.key == "rigs":
            extra = " (into or out of the warehouse)" if d.key == "rigs" else ""
            out.append(f"rigs adjust {who} {d.key} {delta} {why}" + (
                f"   # {extra.strip()}" if extra else ""))
        elif d.key == "karma":
            cmd = (f"rigs karma draw {who}" if delta > 0
                   else f"rigs karma discard {who} TITLE")
            out.append(f"# karma: {abs(delta)} x `{cmd}` (hand cards are drawn or "
                       "discarded, not adjusted)")
        elif d.key == "plots":
            out.append(f"# plots: the books give {name} {d.books}; move plots with "
                       "`rigs give FROM TO PLOT`")
        elif d.key.startswith("vinnie."):
            r = d.key.split(".", 1)[1]
            cmd = (f"rigs vinnie borrow {who} {r} {delta}" if delta > 0
                   else f"rigs vinnie repay {who} {r} {-delta}")
            out.append(f"# {d.key}: scripts follow loans: `{cmd}` (or fix "
                       "players.vinnie in the game file)")
        else:
            out.append(f"# {d.key}: RIGS on a plot move with `rigs move {who} N --to "
                       f"{d.key}` (or fix the plot's rigs in the game file)")
    return out


def report(name: str, counts: dict[str, int], diffs: list[Difference]) -> list[str]:
    """The lines `rigs check` prints for one player."""
    if not diffs:
        said = ", ".join(f"{'%s RIGS' % k if plot_id(k) else k} {v}"
                         for k, v in counts.items())
        return [f"{name}: the books agree ({said})."]
    lines = [f"{name}: {len(diffs)} difference{'s' if len(diffs) > 1 else ''} with the "
             "books"]
    for d in diffs:
        lines.append(f"  {d.label}: table {d.table}, books {d.books} "
                     f"(table {d.table - d.books:+d})")
    return lines
