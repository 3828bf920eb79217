"""RIG's random player for the tests: a legal action chosen at random from the legal list
(rigs_helper/games/rig/legal.py), built into a typed action."""

from __future__ import annotations

import random
from contextlib import contextmanager

from rigs_helper.games.rig.actions import Cancel, Extra, Flip, Pop, Roll, Steal, Take
from rigs_helper.games.rig.legal import legal
from rigs_helper.games.rig.pieces import KIND_A, KIND_B, Token


def table_faces(r: random.Random) -> tuple[str, ...]:
    """Four faces as the table's dice could show them (two dice of each kind), shuffled."""
    faces = [r.choice(KIND_A), r.choice(KIND_A), r.choice(KIND_B), r.choice(KIND_B)]
    r.shuffle(faces)
    return tuple(faces)


def random_action(st, r: random.Random):
    """One legal action of anyone the game waits for."""
    choices = [e for s in st.seats for e in legal(st, s.name)]
    e = r.choice(choices)
    p = e.params
    if e.action == "roll":
        return Roll(e.player) if r.random() < 0.5 and True in p["virtual"] else Roll(
            e.player, table_faces(r))
    if e.action == "cancel":
        return Cancel(e.player, tuple(r.sample(list(p["dice"]), p["count"][0])))
    if e.action == "pop":
        return Pop(e.player)
    if e.action == "take":
        colours = list(p["colours"])
        r.shuffle(colours)
        picked = colours[:len(colours) if r.random() < 0.9 else r.randrange(len(colours) + 1)]
        return Take(e.player, tuple(Token(c, side(r)) for c in picked))
    if e.action == "flip":
        if p["die"] and (not p["token"] or r.random() < 0.5):
            whose, die = r.choice(p["die"])
            return Flip(e.player, whose, die=die)
        whose, token = r.choice(p["token"])
        return Flip(e.player, whose, token=token)
    if e.action == "extra":
        return Extra(e.player, r.choice(p["colour"]), side(r))
    return Steal(e.player, r.choice(p["die"]), r.choice(p["colour"]), side(r))


def side(r: random.Random):
    """Mostly the component side (a player who wants to win), sometimes the action."""
    return "component" if r.random() < 0.7 else "action"


def cli_words(action) -> list[str]:
    """The `rigs rig ...` words of a typed action."""
    from rigs_helper.games.rig.pieces import Token as T

    name = action.name
    if name == "roll":
        return ["rig", "roll", action.player, *action.faces]
    if name == "cancel":
        return ["rig", "cancel", action.player, *map(str, action.dice)]
    if name == "pop":
        return ["rig", "pop", action.player]
    if name == "take":
        return ["rig", "take", action.player,
                *([t.name.lower() for t in action.tokens] or ["--none"])]
    if name == "flip":
        where = ["--die", f"{action.whose}:{action.die}"] if action.die else [
            "--token", f"{action.whose}:{action.token}"]
        return ["rig", "flip", action.player, *where]
    if name == "extra":
        return ["rig", "extra", action.player, T(action.colour, action.side).name]
    return ["rig", "steal", action.player, str(action.die),
            T(action.colour, action.side).name.upper()]


def random_form(decision: dict, r: random.Random) -> dict[str, str | list[str]]:
    """A form a player could post for one of their page's decisions (web/rigpages.py)."""
    a = decision["action"]
    form: dict[str, str | list[str]] = {"action": a}
    if a == "roll":
        if decision["virtual"] and r.random() < 0.5:
            form["virtual"] = "1"
        else:
            form.update({f"face{k + 1}": f for k, f in enumerate(table_faces(r))})
    elif a == "cancel":
        form["die"] = [str(d) for d, _ in r.sample(decision["dice"], decision["count"])]
    elif a == "take":
        for k, (_, comp, act) in enumerate(decision["slots"]):
            form[f"slot{k + 1}"] = comp if r.random() < 0.7 else r.choice([act, ""])
    elif a == "flip":
        form["target"] = r.choice(decision["targets"])[0]
    elif a == "extra":
        form["token"] = r.choice(decision["tokens"])
    elif a == "steal":
        form["die"] = str(r.choice(decision["dice"])[0])
        form["token"] = r.choice(decision["tokens"])
    return form


@contextmanager
def serving(path):
    """RIG's pages for the game at ``path`` on 127.0.0.1: (tokens, base address)."""
    import threading

    from rigs_helper.web.rigpages import make_rig_server
    from rigs_helper.web.tokens import load_tokens

    tokens = load_tokens(path, ["Ana", "Bo"])
    server = make_rig_server(path, tokens)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                     daemon=True).start()
    try:
        yield tokens, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def finished_rig(path, seed: int = 5, names=("Ana", "Bo"), group: str | None = None,
                 at: str = "2026-11-20T20:00:00Z"):
    """A RIG game file played to its end by random legal actions (in memory, saved once:
    as `rigs rig ...` would have written it, each entry at ``at``); its last state."""
    from rigs_helper.game.play import perform
    from rigs_helper.games import get
    from rigs_helper.store import gamestore
    from rigs_helper.store.files import write_atomic

    game = get("rig")
    settings = {"players": list(names), "seed": seed, "tokens": 4, "dice": "rigs",
                **({"group": group} if group else {})}
    st = game.new(settings)
    r = random.Random(seed)
    log = []
    while st.step != "over":
        action = random_action(st, r)
        out = perform(st, action)
        log.append({"n": len(log) + 1, "at": at, **game.action_doc(action),
                    "said": list(out.said)})
        st = out.state
    write_atomic(path, gamestore._text(game, settings, st, log))
    return st
