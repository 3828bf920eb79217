"""What `--help` adds to the commands: the group each belongs to in `rigs --help` and the
examples each command's help ends with.

Applied as a command's module is loaded (``cli.commands`` calls :func:`decorate`): a few
strings set on the commands built.  Keyed by the command's path (``"karma play"``): a
command added elsewhere only needs a line here (a test checks that every command has one).
"""

from __future__ import annotations

# `rigs --help` lists the commands in these groups, in this order
GROUPS: dict[str, tuple[str, ...]] = {
    "Start": ("new", "inventory", "serve"),
    "Each phase": ("grant", "build", "move", "survey", "give", "deal", "vinnie", "karma",
                   "answer", "disaster", "roll", "lose", "settle", "produce", "sell", "done",
                   "next"),
    "Any time": ("status", "hand", "log", "standings", "odds", "chart", "cards", "card",
                 "check"),
    "The end": ("score", "report", "verify", "history"),
    "Repair": ("undo", "restore", "doctor", "adjust"),
    "RIG, the second game": ("rig",),
}

EXAMPLES: dict[str, tuple[str, ...]] = {
    # Start
    "new": ("rigs new -p Ana -p Bo -p Cy",
            "rigs new -p Ana -p Bo --have examples/inventory-partial.toml",
            "rigs new --rules rig -p Ana -p Bo --tokens 4"),
    # RIG (docs/rig.md)
    "rig": ("rigs rig roll", "rigs rig take Ana rotor steal"),
    "rig roll": ("rigs rig roll", "rigs rig roll Ana red- green+ blue gold"),
    "rig cancel": ("rigs rig cancel Ana 2",),
    "rig pop": ("rigs rig pop Ana",),
    "rig take": ("rigs rig take Ana rotor steal boost", "rigs rig take Bo --none"),
    "rig flip": ("rigs rig flip Ana --die Bo:2", "rigs rig flip Ana --token Bo:1"),
    "rig extra": ("rigs rig extra Ana pipes",),
    "rig steal": ("rigs rig steal Ana 3 gears",),
    "inventory": ("rigs inventory", "rigs inventory examples/inventory-partial.toml"),
    "serve": ("rigs serve --host 0.0.0.0", "rigs serve --link Ana --host 0.0.0.0"),
    # Each phase
    "grant": ("rigs grant P9",
              "rigs grant --card forest --card plains --card valley"),
    "build": ("rigs build Ana 2", "rigs build Ana 1 --to P7 --harvest metal"),
    "move": ("rigs move Ana 2 --to P7 --harvest metal",
             "rigs move Ana 1 --from P7 --to warehouse"),
    "survey": ("rigs survey Ana P6", "rigs survey Ana P6 --card 2"),
    "give": ("rigs give Ana Bo energy=2 --for credits=10",
             "rigs give Ana Cy P17 --for credits=200"),
    "deal": ("rigs deal", "rigs deal propose Ana Bo energy=2 --for credits=10"),
    "deal propose": ("rigs deal propose Ana Bo energy=2 --for credits=10",),
    "deal accept": ("rigs deal accept Bo 1",),
    "deal decline": ("rigs deal decline Bo 1",),
    "deal withdraw": ("rigs deal withdraw Ana 1",),
    "vinnie": ("rigs vinnie", "rigs vinnie borrow Bo energy 1"),
    "vinnie borrow": ("rigs vinnie borrow Bo energy 1",),
    "vinnie repay": ("rigs vinnie repay Bo energy=2 supplies=all",),
    "karma": ("rigs karma draw Bo --card 'Poker Night'",
              "rigs karma play Ana 'I WANT THAT!' --target Bo --resource metal"),
    "karma draw": ("rigs karma draw Bo", "rigs karma draw Bo --card 'Poker Night'",
                   "rigs karma draw Bo --card 'Poker Night' --card Decoy"),
    "karma discard": ("rigs karma discard Ana Decoy",),
    "karma swap": ("rigs karma swap Ana Decoy",),
    "karma retire": ("rigs karma retire Ana 'Parts Shop'",),
    "karma play": ("rigs karma play Ana 'I WANT THAT!' --target Bo --resource metal",
                   "rigs karma play Bo 'Left the Light On' --target Ana"),
    "karma use": ("rigs karma use Ana 'Parts Shop' --roll 3",),
    "answer": ("rigs answer Bo 'Wrong Address'", "rigs answer Cy take"),
    "disaster": ("rigs disaster record Ana Theft",),
    "disaster record": ("rigs disaster record Ana Theft", "rigs disaster record Bo virtual"),
    "roll": ("rigs roll Ana 5", "rigs roll Bo virtual"),
    "lose": ("rigs lose Ana 1", "rigs lose Ana 2 --from P3"),
    "settle": ("rigs settle Ana metal=2 energy=1",),
    "produce": ("rigs produce", "rigs produce Bo --power P4 --skip P25"),
    "sell": ("rigs sell Ana 2", "rigs sell Ana 2 Bo all"),
    "done": ("rigs done Ana",),
    "next": ("rigs next", "rigs next --card Ana=Theft --card Bo=Safe"),
    # Any time
    "status": ("rigs status", "rigs status Ana"),
    "hand": ("rigs hand Ana",),
    "log": ("rigs log", "rigs log --round 5 --ledger"),
    "standings": ("rigs standings", "rigs standings --now"),
    "odds": ("rigs odds",),
    "chart": ("rigs chart", "rigs chart -g examples/midgame-3p.toml"),
    "cards": ("rigs cards --deck karma", "rigs cards --deck market --left"),
    "card": ("rigs card 'Wrong Address'",),
    "check": ("rigs check Ana credits=100 energy=5 rigs=5",
              "rigs check --all Ana rigs=5 Bo rigs=4"),
    # The end
    "score": ("rigs score", "rigs score examples/sheet-3p.toml --explain Ana"),
    "report": ("rigs report --html report.html",
               "rigs report examples/sheet-3p.toml --html r.html"),
    "verify": ("rigs verify", "rigs verify --reveal"),
    "history": ("rigs history", "rigs history Ana", "rigs history --group 'Friday club'",
                "rigs history --all", "rigs history --rules rig"),
    "history show": ("rigs history show Ana",),
    "history add": ("rigs history add examples/sheet-3p.toml",
                    "rigs history add night.toml --date 2026-11-20"),
    "history remove": ("rigs history remove 3", "rigs history remove 3 --yes"),
    "history restore": ("rigs history restore 3",),
    "history config": ("rigs history config --bgg-id 123456",
                       "rigs history config --group 'Friday club' --location \"Bo's\""),
    "history export": ("rigs history export --csv", "rigs history export --bgstats 3",
                       "rigs history export --bgstats 3 --app"),
    # Repair
    "undo": ("rigs undo", "rigs undo 3"),
    "restore": ("rigs restore --list", "rigs restore 2"),
    "doctor": ("rigs doctor", "rigs doctor --accept --reason 'fixed a typo in the log'"),
    "adjust": ("rigs adjust Ana energy -1 --why 'counted at the table'",
               "rigs adjust Ana karma 1 --card Decoy --why 'dealt by hand'"),
}


def group_of(name: str) -> str:
    """The group a top-level command is listed in (a command no group names: Any time)."""
    for title, names in GROUPS.items():
        if name in names:
            return title
    return "Any time"


def rank(name: str) -> tuple[int, int]:
    """Where a command stands in `rigs --help`: its group, then its place in the group."""
    titles = list(GROUPS)
    title = group_of(name)
    names = GROUPS[title]
    return titles.index(title), names.index(name) if name in names else len(names)


def epilog(path: str) -> str | None:
    """The examples a command's help ends with, one a line (Rich keeps the lines; Click's
    plain format needs a paragraph marked "\\b": docs/make_reference.py)."""
    examples = EXAMPLES.get(path)
    if not examples:
        return None
    head = "Example:" if len(examples) == 1 else "Examples:"
    return "\n".join((head, *(f"  {e}" for e in examples)))


def argument_metavar(self, ctx, *, usage: bool = False) -> str:
    """An argument as usage shows it: ``PLAYER N [PLOT] ITEMS...`` (Typer's own is
    ``{player} {n}``)."""
    var = self.metavar or (self.name or "").upper()
    if self.nargs != 1:
        var += "..."
    if usage and not self.required and not var.startswith("["):
        var = f"[{var}]"
    return var


def decorate(command, path: str) -> None:
    """End ``command``'s help (a Click command as Typer builds it, at ``path``: ``"karma
    play"``) with its examples, and give the arguments their usage names."""
    from typer.core import TyperArgument

    TyperArgument.make_metavar = argument_metavar  # type: ignore[method-assign]
    command.epilog = command.epilog or epilog(path)
