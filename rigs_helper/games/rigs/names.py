"""Names the table says: plots, players and amounts, read and written in the table's words.
No I/O.

One resolver for plots (``P7``, ``p7``, ``7``, or a plot type the player owns exactly one
of) and players (a close match is suggested), and the words for amounts ("1 Luxury",
"2 Supplies") used by every message.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.players import fold, match_player, no_player

if TYPE_CHECKING:
    from rigs_helper.games.rigs.tables import Tables

PLOT_TYPES = ("plains", "valley", "forest", "desert", "ridge")

# singular, plural: what the table calls one and many of each holding
_WORDS = {
    "energy": ("Energy", "Energy"), "supplies": ("Supply", "Supplies"),
    "metal": ("Metal", "Metal"), "luxuries": ("Luxury", "Luxuries"),
    "credits": ("credit", "credits"), "rigs": ("RIGS", "RIGS"),
    "plots": ("plot", "plots"), "karma": ("Karma card", "Karma cards"),
    "scripts": ("script", "scripts"),
}


def plural(n: int, singular: str, many: str | None = None) -> str:
    """``plural(1, "plot") == "1 plot"``; ``plural(2, "plot") == "2 plots"``."""
    return f"{n} {singular if abs(n) == 1 else (many or singular + 's')}"


def word(what: str, n: int = 2) -> str:
    """The table's word for a holding ("Supplies"; ``n == 1``: "Supply")."""
    one, many = _WORDS.get(what, (what, what))
    return one if abs(n) == 1 else many


def amount(n: int, what: str) -> str:
    """``amount(2, "luxuries") == "2 Luxuries"``; ``amount(1, "luxuries") == "1 Luxury"``."""
    return f"{n} {word(what, n)}"


def signed(n: int, what: str) -> str:
    """``signed(-2, "supplies") == "-2 Supplies"``."""
    return f"{n:+d} {word(what, n)}"


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends with its own mark: "You drew
    Blowout!" stays as it is (never "Blowout!.")."""
    return text if text.rstrip().endswith((".", "!", "?")) else text + "."


def amounts(items: Iterable[tuple[str, int]]) -> str:
    """``[("credits", 10), ("metal", 1)]`` -> "10 credits, 1 Metal"."""
    return ", ".join(amount(n, k) for k, n in items)


# ---------------------------------------------------------------------------- plots


def plot_id(text: str) -> str | None:
    """``"P7"``, ``"p7"``, ``"7"`` -> ``"P7"``; anything else (``P６``, ``p 6``) -> None
    (``games.rigs.words`` reads plot ids for every path)."""
    from rigs_helper.games.rigs.words import plot_id as read

    return read(text)


class NotOwned(RulesError):
    """A plot reference that names a real plot the player does not own; the engine adds
    whose it is (it knows the whole game)."""

    def __init__(self, player: str, pid: str) -> None:
        self.player, self.pid = player, pid
        super().__init__(f"{player} does not own plot {pid}", rule="plot ids: see `rigs status`")


def find_plot(player: Any, text: str) -> Any:  # (a Player; its Plot: state imports this)
    """The plot of ``player`` that ``text`` names: an id (``P7``, ``p7``, ``7``) or a plot
    type the player owns exactly one of (``desert``)."""
    pid = plot_id(text)
    if pid is not None:
        for p in player.plots:
            if p.id == pid:
                return p
        raise NotOwned(player.name, pid)
    kind = str(text).lower()
    if kind in PLOT_TYPES:
        mine = [p for p in player.plots if p.type == kind]
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise RulesError(f"{player.name} owns no {kind.title()} plot",
                             rule="plot ids: see `rigs status`")
        raise InputError(f"{player.name} owns {len(mine)} {kind.title()} plots ("
                         + ", ".join(p.id for p in mine) + "): name one by its id")
    raise InputError(f"{text!r} is not a plot: write its id (P7, p7 or 7) or a plot type "
                     "the player owns one of (plains, valley, forest, desert, ridge)")


def whose(game: Any, err: NotOwned) -> RulesError:  # (a Game)
    """``err`` with the plot's owner named, when someone owns it."""
    for p in game.players:
        if any(x.id == err.pid for x in p.plots):
            return RulesError(f"{err.player} does not own plot {err.pid}: it is {p.name}'s",
                              rule=err.rule)
    if err.pid in game.grant:
        return RulesError(f"{err.player} does not own plot {err.pid}: it is in the Land "
                          "Grant waiting for the leader's pick", rule=err.rule)
    return RulesError(f"{err.player} does not own plot {err.pid}: nobody owns it",
                      rule=err.rule)


def requirement(code: str) -> str:
    """What a Disaster needs to bite, in words: "desert_plots" -> "Desert plots",
    "energy_rigs" -> "RIGS harvesting Energy"."""
    what, _, kind = code.partition("_")
    if kind == "rigs":
        return f"RIGS harvesting {word(what)}"
    return f"{what.title()} {kind}".strip()


# ---------------------------------------------------------------------------- effects

_KARMA_EFFECTS = {  # effect code (before ":") -> (card key, what it does, in words)
    "double": ("ridiculous-efficiency", "every RIGS produces double"),
    "triple": ("r-i-g-s-t-d-m", "{arg} produces triple"),
    "naive": ("naive-profits", "+{arg} credits per Luxury sold"),
    "idle": ("incorrect-drivers", "the RIGS on {arg} are idle"),
    "idle_all": ("carrier-lost", "every RIGS is idle"),
    "brownout": ("brownout", "powering a plot costs double"),
    "sent": ("you-sent-it-where", "{arg}"),
    "used": ("parts-shop", "used this round"),
}


def effect_text(tables: Tables, code: str) -> str:
    """A production modifier in the table's words: the card's title and what it does
    (never the internal code)."""
    head, _, arg = code.partition(":")
    for d in tables.disasters:
        if d.production == code:
            return d.title
    if head == "used":
        card, what = arg, "used this round"
    elif head in _KARMA_EFFECTS:
        card, what = _KARMA_EFFECTS[head]
    else:
        return code.replace("_", " ").replace(":", " ")
    if head == "sent":
        plot, _, to = arg.partition(">")
        arg = f"{plot}'s output goes to {to}"
    title = next((c.title for c in tables.karma if c.key == card), card)
    return f"{title} ({what.format(arg=arg)})"


# ---------------------------------------------------------------------------- players
# (a player's name as typed: rules/players.py, what any game uses; re-exported here)


__all__ = ["NotOwned", "PLOT_TYPES", "amount", "amounts", "effect_text", "find_plot", "fold",
           "match_player", "no_player", "plot_id", "plural", "requirement", "sentence",
           "signed", "whose", "word"]
