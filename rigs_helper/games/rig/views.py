"""RIG's state as the table reads it (status, the JSON, the pages): everything is public."""

from __future__ import annotations

from typing import Any

from rigs_helper.games.rig import flow
from rigs_helper.games.rig.legal import legal
from rigs_helper.games.rig.pieces import COLOURS, Token, colour_of
from rigs_helper.games.rig.state import State

def where(st: State) -> str:
    if st.step == "over":
        return "game over"
    rnd = "Round Zero" if st.round == 0 else f"Round {st.round}"
    who = st.current()
    if who is None:
        return f"{rnd}: {'the roll' if st.step == 'roll' else 'setting matching dice aside'}"
    return f"{rnd}: {st.seats[who].name}'s turn ({'first' if st.turn == 0 else 'second'})"


def status_dict(st: State) -> dict[str, Any]:
    players = []
    for s in st.seats:
        players.append({
            "name": s.name,
            "dice": [{"die": k + 1, "face": f, "aside": k in s.aside}
                     for k, f in enumerate(s.dice)],
            "total": flow.dice_total(s) if s.dice else None,  # (a Boost: ready_words)
            "queue": [t.name for t in s.queue],
            "rig": [Token(c, "component").name for c in s.rig],
            "components": len(set(s.rig)),
            "missing": [Token(c, "component").name for c in COLOURS if c not in s.rig],
            "ready": [Token(c, "action").name for c in s.ready],
            "ready_words": ready_words(st, s.name),
        })
    return {"game": "rig", "round": st.round, "step": st.step, "where": where(st),
            "order": [st.seats[i].name for i in st.order],
            "turn": st.seats[st.current() or 0].name if st.current() is not None else None,
            "popped": [t.name for t in st.popped],
            "winner": st.seats[st.winner].name if st.winner is not None else None,
            "over": st.step == "over",
            "pile": dict(zip(COLOURS, st.pile)), "tokens": st.tokens, "dice": st.dice_by,
            "players": players,
            "waiting": [{"player": e.player, "action": e.action}
                        for s in st.seats for e in legal(st, s.name)]}


def takeable(st: State, name: str) -> list[str]:
    """The colours ``name`` may take tokens of now, one per die (for the hints)."""
    s = st.seats[st.seat(name)]
    return [colour_of(s.dice[d]) for d in s.in_play()]


def ready_words(st: State, name: str) -> list[str]:
    """What ``name``'s ready Boosts and Magnet still do, in words."""
    i = st.seat(name)
    them = st.seats[1 - i].name
    seat = st.seats[i]
    out = []
    if "blue" in seat.ready:
        n = seat.ready.count("blue")
        out.append(f"Boost{' x' + str(n) if n > 1 else ''}: +{2 * n} on {name}'s next roll")
    if "green" in seat.ready:
        out.append(f"Magnet: what {them} discards goes into {name}'s queue until the end "
                   f"of {them}'s next turn")
    return out


# ---------------------------------------------------------------- words for the terminal


def status_lines(st: State) -> list[str]:
    """The status as the terminal prints it (``status_dict`` in lines)."""
    d = status_dict(st)
    lines = [f"RIG  {d['where']}" + (f": {d['winner']} won" if d["winner"] else
                                      (": a draw" if d["over"] else "")),
             "Salvage Pile: " + ", ".join(f"{c} {n}" for c, n in d["pile"].items())]
    for p in d["players"]:
        dice = "  ".join(f"{x['die']}:{x['face']}{' (aside)' if x['aside'] else ''}"
                         for x in p["dice"]) or "not rolled"
        total = f"  = {p['total']:+d}" if p["total"] is not None else ""
        lines += [f"{p['name']}",
                  f"  dice   {dice}{total}",
                  f"  queue  {', '.join(p['queue']) or 'empty'}  (top first)",
                  f"  Rig    {', '.join(p['rig']) or 'empty'}  ({p['components']} of 6; "
                  f"missing {', '.join(p['missing']) or 'nothing'})"]
        lines += [f"  ready  {w}" for w in p["ready_words"]]
    if d["popped"]:
        lines.append(f"Popped, waiting for a choice: {', '.join(d['popped'])}")
    return lines


#: a decision's words after `rigs rig ACTION PLAYER`, and what they are
HINTS = {"pop": ("", ""), "cancel": (" DIE...", "which of {player}'s matching dice go"),
         "flip": (" --die WHOSE:N", "or --token WHOSE:N for a queue token"),
         "extra": (" TOKEN", "any colour, by the side up (rotor, sabotage, ...)"),
         "steal": (" DIE TOKEN", "your die it costs, their component")}


def hints(st: State, g: str) -> list[str]:
    """What the table does next, as commands to copy (``g``: the game file's option,
    `` -g FILE``, or "")."""
    from rigs_helper.games.rig.legal import waiting_for
    from rigs_helper.rules.text import shell_word

    if st.step == "over":
        return ["The game is over: `rigs status" + g + "` shows the Rigs."]
    out = []
    rolls = [p for p, a in waiting_for(st) if a == "roll"]
    if len(rolls) == 2 and st.dice_by == "rigs":
        return [f"Next: `rigs rig roll{g}` (rigs rolls both players' dice), or the table's "
                f"roll: `rigs rig roll NAME FACE FACE FACE FACE{g}`"]
    for player, action in waiting_for(st):
        p = shell_word(player)
        if action == "roll":
            out.append(f"Next: {player}'s roll: `rigs rig roll {p} FACE FACE FACE FACE{g}`"
                       + (f" (or `rigs rig roll {p}{g}`: rigs rolls)"
                          if st.dice_by == "rigs" else ""))
        elif action == "take":
            out.append(f"Next: `rigs rig take {p} TOKEN...{g}`, one per die in play: "
                       f"{', '.join(takeable(st, player)) or 'none'} "
                       f"(`--none` for none)")
        else:
            args, note = HINTS[action]
            out.append(f"Next: `rigs rig {action} {p}{args}{g}`"
                       + (f": {note.format(player=player)}" if note else ""))
    return out


def action_words(entry: dict[str, Any]) -> str:
    """A log entry as the command that did it (without the game file)."""
    from rigs_helper.rules.text import shell_word

    skip = {"n", "at", "said", "action"}
    words = [f"rig {entry.get('action')}"]
    for k, v in entry.items():
        if k in skip or v in (0, (), [], ""):
            continue
        if k in ("die", "token") and entry.get("action") == "flip":
            words.append(f"--{k} {shell_word(str(entry.get('whose')))}:{v}")
        elif k == "whose" or (k == "side" and entry.get("action") in ("extra", "steal")):
            continue
        elif k == "colour" and entry.get("action") in ("extra", "steal"):
            words.append(Token(str(v), entry.get("side", "component")).name.lower())
        else:
            words += [shell_word(str(x).lower() if k == "tokens" else str(x))
                      for x in (v if isinstance(v, list) else [v])]
    return " ".join(words)
