"""What the CLI offers from the list of legal actions (games/rigs/legal): the commands a player
may run now, as lines to copy, and the values shell completion offers."""

from __future__ import annotations

from rigs_helper.rules.text import shell_word as word

# actions whose values name what only the player may see (their hand, the plots the leader
# drew): shown by `rigs hand PLAYER`, never by `rigs status PLAYER`
PRIVATE = ("grant", "karma draw", "karma discard", "karma swap", "karma play", "answer")


def example(action) -> dict[str, list[str]]:
    """One choice of values the action allows: the first of each, the least of each
    number, and as many as its total needs."""
    from rigs_helper.games.rigs.actions.catalog import DEFS

    form: dict[str, list[str]] = {}
    d = DEFS.get(action.action)
    for p in action.params:
        if not p.required:
            continue
        defined = d.param(p.name) if d is not None else None
        if p.record and p.values and p.values[0] == "virtual" and defined is not None \
                and defined.optional:
            continue  # (at the terminal a record left out is rigs' draw or roll)
        if p.multiple:
            form[p.name] = list((p.values * (p.min or 1))[:p.min or 1])
        elif p.values is not None:
            form[p.name] = [p.values[0]]
        else:
            form[p.name] = [str(p.min)]
    if action.total is not None:
        names, low, _ = action.total
        got = 0
        for p in action.params:
            if p.name in names and got < low and p.values is None:
                n = min(p.max, low - got)
                if n > 0:
                    form[p.name] = [str(n)]
                    got += n
    for c in action.constraints:  # one of these given (what comes back in a deal)
        names = c.get("at_least_one") or ()
        if names and not any(n in form for n in names):
            p = action.param(names[0])
            form[p.name] = [p.values[0]] if p.values else [str(p.min or 1)]
    return form


def command_line(action, player: str) -> str:
    """The action as a command to copy: ``rigs move Ana 1 --from warehouse --to P6
    --harvest energy``."""
    args, flags, leader = _syntax(action.action)
    form = example(action)
    words = ["rigs", *action.action.split()]
    if not leader:
        words.append(word(player))
    for a in args:
        words += [word(v) for v in form.pop(a, [])]
    if action.action == "move" and form.get("from") == ["warehouse"]:
        del form["from"]  # the CLI's default: a shorter line to copy
    back: list[str] = []  # what comes back in a deal: after --for
    for k, vals in form.items():
        item = _after_for(action.action, k)
        line = back if item else words
        p = action.param(k)
        base, keyed, key = k.partition(":")  # one number per key: --split Bo=3
        for v in vals:
            if keyed and base in flags:
                line += [flags[base], word(f"{key}={v}")]
            elif k in flags:
                line += [flags[k], word(v)]
            elif p is not None and p.values is None:
                line.append(f"{item or k}={v}")  # give, settle: WHAT=N
            else:
                line.append(word(v))
    return " ".join(words + (["--for", *back] if back else []))


def _syntax(action: str) -> tuple[tuple[str, ...], dict[str, str], bool]:
    """How the CLI writes ``action``, from its definition: its arguments in order after the
    player, its options (parameter -> ``--option``; an item, ``WHAT=N``, is neither), and
    whether the leader acts (no player named)."""
    from rigs_helper.games.rigs.actions.catalog import DEFS

    d = DEFS.get(action)
    if d is None:
        return (), {}, False
    return (tuple(p.name for p in d.params if not p.cli and p.typed),
            {p.name: p.cli for p in d.params if p.cli.startswith("--") and " " not in p.cli},
            d.actor == "leader")


def _after_for(action: str, name: str) -> str:
    """The item's name when the CLI writes parameter ``name`` after ``--for`` (``credits``
    for ``for_credits``), else ""."""
    from rigs_helper.games.rigs.actions.catalog import DEFS

    d = DEFS.get(action)
    p = d.param(name) if d else None
    return p.cli.split()[1].split("=")[0].lower() if p and p.cli.startswith("--for ") else ""


def choices(action) -> str:
    """What else the action allows, in a few words."""
    out = []
    for p in action.params:
        if p.values is not None and (len(p.values) > 1 or not p.required):
            # each value as typed (a grant order is one word: 'Maximiliano de la Cruz,Bo')
            shown = ", ".join(word(v) for v in p.values[:8]) + (f" (+{len(p.values) - 8})"
                                               if len(p.values) > 8 else "")
            out.append(f"{p.name}: {shown}" + ("" if p.required else " (optional)"))
        elif p.values is None and (p.min != p.max or not p.required):
            out.append(f"{p.name}: {p.min}-{p.max}")
    if action.total is not None:
        _, low, high = action.total
        out.append(f"in all {low}" + (f"-{high}" if high != low else ""))
    return "; ".join(out)


def hint_lines(game, tables, player: str, private: bool, cols: int | None = None
               ) -> list[str]:
    """The commands ``player`` may run now (``private``: those naming their hand too);
    ``cols``: the width a line may take (a command is never broken)."""
    from rigs_helper.games.rigs.legal import legal_actions

    lines = []
    hurt = game.player(player).disaster_draw
    # recording a card drawn: offered to a player hurt by a Disaster
    hidden = (*(PRIVATE if not private else ()), *(() if hurt else ("karma draw",)))
    for a in legal_actions(game, tables, player, leave_out=hidden):
        more = choices(a)
        line = f"  {command_line(a, player)}" + (f"   # {more}" if more else "")
        if more and len(line) > (cols or 10**6):  # the choices on lines of their own
            import textwrap

            line = f"  {command_line(a, player)}\n" + "\n".join(textwrap.wrap(
                f"# {more}", cols or 10**6, initial_indent="      ", subsequent_indent="        ",
                break_long_words=False, break_on_hyphens=False))
        lines.append(line)
    return lines


def print_hints(game, tables, player: str, private: bool) -> None:
    from rigs_helper.cli.render import width

    lines = hint_lines(game, tables, player, private, width())
    if lines:
        name = game.player(player).name
        from rigs_helper.cli.render import say

        say(f"{name} may now:" if private else
            f"{name} may now (`rigs hand {word(name)}` adds the Karma cards):")
        print("\n".join(lines))


# ---------------------------------------------------------------------------- completion


def action_path(ctx) -> str:
    """The command path being completed without "rigs": "karma play"."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(names)


def legal_values(ctx, game, names: tuple[str, ...], option: str | None = None
                 ) -> list[str] | None:
    """The values of parameters ``names`` in the player's legal actions for the command
    being completed (only ``option``'s when an option is being completed); None when the
    list does not apply (no such action, no player typed yet, the action not allowed
    now: the caller offers what it offered before)."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.legal import TABLE
    from rigs_helper.store.tablefiles import load_tables

    action = action_path(ctx)
    who = (ctx.params or {}).get("player") or (ctx.params or {}).get("giver")
    if action not in TABLE or not who:
        return None
    if option is not None and option in names:
        names = (option,)
    try:
        from rigs_helper.games.rigs.legal import legal_actions

        acts = [a for a in legal_actions(game, load_tables(), who) if a.action == action]
    except RigsError:
        return None
    title = (ctx.params or {}).get("title")
    if action.startswith("karma "):  # only the card typed on the line: no value hints at
        acts = [a for a in acts  # the rest of the hand
                if title and (p := a.param("title")) and str(title).lower() in
                [t.lower() for t in p.values or ()]]
    if not acts:
        return None
    out: list[str] = []
    for a in acts:
        for p in a.params:
            if p.name in names and p.values:
                out += [v for v in p.values if v not in out]
    return out


def option_being_completed(words: list[str], incomplete: str) -> str | None:
    """The option whose value is being typed (``--new-owner`` -> "new_owner")."""
    if words and incomplete and words[-1] == incomplete:
        words = words[:-1]
    if words and words[-1].startswith("--"):
        return words[-1][2:].replace("-", "_")
    return None
