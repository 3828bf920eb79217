"""The words a player uses on the pages: a plot is "P16 Valley — 2E 2S 2M", a resource is
"Energy", the leader's order is "Bo → Cy → Dee"; and a sentence written for the terminal
loses the command it names (a page offers buttons instead)."""

from __future__ import annotations

import re

from rigs_helper.games.rigs.tables import RESOURCES

SHORT = {"energy": "E", "supplies": "S", "metal": "M", "luxuries": "L"}
NAMES = {"credits": "Credits", "energy": "Energy", "supplies": "Supplies", "metal": "Metal",
         "luxuries": "Luxuries", "rigs": "RIGS", "warehouse": "Warehouse"}
PARAMS = {"n": "How many", "to": "To", "from": "From", "harvest": "Harvest",
          "plot": "Plot", "title": "Card", "card": "Card", "target": "Target",
          "resource": "Resource", "option": "Option", "new_owner": "New owner",
          "order": "The others' turns, in order", "first": "Which rolls first",
          "deal": "Deal", "power": "Power", "skip": "Skip", "roll": "Dice rolled"}
RECORD = {"card": "What did you draw?", "die": "What did you roll?"}
VIRTUAL = "virtual"
PLOT_TYPES = ("plains", "valley", "forest", "desert", "ridge")
PLOT_ID = re.compile(r"^[Pp](\d{1,3})$")

_IN_BRACKETS = re.compile(r"\s*\([^()]*`[^`]*`[^()]*\)")
_CLAUSE = re.compile(r"[;:,]?\s*[^.;:()`]*`[^`]*`(?:`[^`]*`|[^.;`])*")


def words(text: str) -> str:
    """``text`` without the commands it names for the terminal (in `backticks`): a
    bracket holding one goes, and so does the clause around one."""
    text = _IN_BRACKETS.sub("", str(text))
    text = _CLAUSE.sub("", text)
    text = re.sub(r"\s+([.;,])", r"\1", text).strip()
    return "" if text in (".", ";", ",") else text


def plot_words(tables, pid: str, owner: str | None = None) -> str:
    """"P16 Valley — 2E 2S 2M" (the plot card's type and its resource spots)."""
    m = PLOT_ID.match(pid)
    deck = tables.plot_deck
    if not m or not 1 <= int(m.group(1)) <= len(deck):
        return pid
    t = tables.plots[deck[int(m.group(1)) - 1]]
    spots = " ".join(f"{n}{SHORT.get(r, r[:1].upper())}" for r, n in t.spots.items() if n)
    who = f" ({owner})" if owner else ""
    return f"P{int(m.group(1))} {t.name}{who} — {spots}" if spots else f"P{m.group(1)} {t.name}"


def value_words(tables, param: str, value: str, record: str | None = None,
                owners: dict[str, str] | None = None) -> str:
    """A listed value as a player says it."""
    v = str(value)
    if v == VIRTUAL:
        return "Roll it for us" if record == "die" else "Draw it for us"
    if PLOT_ID.match(v):
        return plot_words(tables, v, (owners or {}).get(v.upper()))
    if v == "all":
        return "All"
    if v == "take" and param == "card":
        return "Take it"
    if v in NAMES:
        return NAMES[v]
    if v in tables.plots and param in ("card", "type"):
        return tables.plots[v].name
    if "," in v and param == "order":
        return " → ".join(x.strip() for x in v.split(","))
    return v


#: a field per key (``split:Bo``, games/rigs/actions/definition.py ``keyed``): its words
KEYED = {"split": "{}'s share"}


#: a card recorded because of something else: its own words
RECORDED = {"drew": "The Karma cards it makes you draw",
            "karma": "The Karma card it makes you draw"}


def param_words(name: str, record: str | None = None) -> str:
    if record == "card" and name in RECORDED:
        return RECORDED[name]
    base, colon, key = name.partition(":")
    if colon and base in KEYED:
        return KEYED[base].format(key)
    if record in RECORD:  # the End Game's are one per plot type and resource
        own = NAMES.get(name) or (name.capitalize() if name in PLOT_TYPES else None)
        return f"{own}: {RECORD[record].lower()}" if own else RECORD[record]
    if name.startswith("for_"):
        return f"{param_words(name[4:])} in return"
    return PARAMS.get(name) or NAMES.get(name) or name.replace("_", " ").capitalize()


__all__ = ["KEYED", "RESOURCES", "plot_words", "param_words", "value_words", "words"]
