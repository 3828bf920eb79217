"""What every phase change shares: the table's dice for a step, cards named per player,
the choices any phase end settles first (RIGS losses owed, resources to throw away or to
take), and entering a new phase."""

from __future__ import annotations

from dataclasses import replace

from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import Work, default_discard, default_rigs_source
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.names import amounts, plural
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word


def table_work(game: Game, tables: Tables, rolls: Rolls) -> Work:
    """A Work with the table's rolls; a roll named for someone who is not a player is
    refused at once."""
    for name, _ in rolls.named:
        game.player(name)
    return Work(game, tables, rolls=rolls)


def by_player(game: Game, items: tuple[str, ...], flag: str) -> dict[str, str]:
    """``("Ana=Theft", ...)`` -> {"Ana": "Theft"}: one card per player."""
    out: dict[str, str] = {}
    for c in items:
        name, sep, title = c.partition("=")
        if not sep or not title.strip():
            raise InputError(f"{flag} {c!r}: give PLAYER=TITLE")
        who = game.player(name).name
        if who in out:
            raise InputError(f"{flag} {c!r}: one card per player")
        out[who] = title.strip()
    return out


def settle_common(w: Work, auto: bool, pending: list[str]) -> None:
    """RIGS losses still owed (from a Disaster or a Karma card), resources to throw away
    (Rough Storm) or to take (Ruins), a leader roll-off's dice."""
    if w.game.waits.rolloff:  # (its module imported only then)
        from rigs_helper.games.rigs.waits.rolloff import settle_rolloff

        settle_rolloff(w, auto, pending)
    for p in w.game.players:
        if p.owed_karma:  # Karma cards a card made them draw at the table
            if not auto:
                pending.append(f"{p.name} records the {plural(p.owed_karma, 'Karma card')} "
                               f"drawn at the table: `rigs karma draw {shell_word(p.name)} "
                               "--card TITLE` (or virtual)")
            else:
                w.say(f"(--auto: rigs draws {p.name}'s Karma cards)")
                w.update(p.name, owed_karma=0)
                w.draw_karma(p.name, p.owed_karma, why="drawn for a card played")
        if p.must_discard:
            if not auto:
                pending.append(f"{p.name} must throw away {p.must_discard} resources: "
                               f"`rigs settle {shell_word(p.name)} RESOURCE=N ...`")
            else:
                picked = default_discard(p, p.must_discard)
                for r, n in picked:
                    w.lose(p.name, r, n, "card: thrown away")
                w.update(p.name, must_discard=0)
                w.say(f"{p.name} throws away " + (amounts(picked) or "nothing (has none)")
                      + " (--auto default: the most plentiful first).")
        if p.may_take:
            if not auto:
                pending.append(f"{p.name} may take {p.may_take} resources of their choice: "
                               f"`rigs settle {shell_word(p.name)} RESOURCE=N ...`")
            else:
                w.add(p.name, "luxuries", p.may_take, "card: Ruins")
                w.update(p.name, may_take=0)
                w.say(f"{p.name} takes {p.may_take} Luxuries (--auto default).")
    for p in w.game.players:
        for _ in range(p.must_lose_rigs):
            src = default_rigs_source(w.player(p.name))
            if src is None:  # no RIGS left: nothing more to lose
                w.update(p.name, must_lose_rigs=0)
                break
            if not auto:
                owed = w.player(p.name).owed_rigs
                pending.append(f"{p.name} must choose {owed} RIGS to lose: "
                               f"`rigs lose {shell_word(p.name)} {owed} "
                               "[--from PLOT|warehouse]`")
                break
            w.lose_rigs(p.name, src)
            w.update(p.name, must_lose_rigs=w.player(p.name).must_lose_rigs - 1)
            w.say(f"(--auto default: a RIGS from {src})")


def end_deals(w: Work) -> None:
    """The phase ends: every open deal ends with it (said once)."""
    deals = w.game.waits.deals
    if deals:
        w.game = replace(w.game, waits=replace(w.game.waits, deals=()))
        ids = ", ".join(str(d.id) for d in deals)
        w.say(f"Open deal{'s' if len(deals) > 1 else ''} {ids} end{'' if len(deals) > 1 else 's'}"
              " with the phase.")


def new_phase(w: Work, phase: str) -> None:
    end_deals(w)
    w.game = replace(w.game, phase=phase, done=())
    for p in w.game.players:
        if p.borrowed:
            w.update(p.name, borrowed=0)
    w.boundary = w.game  # what follows belongs to the new phase (its summary)
    w.said_at_boundary = len(w.messages)
