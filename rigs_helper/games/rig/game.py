"""RIG as a game object of the protocol (rigs_helper/game/protocol.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rigs_helper.game.protocol import Game, Legal, Score
from rigs_helper.games.rig import codec, legal, views
from rigs_helper.games.rig.actions import ACTIONS
from rigs_helper.games.rig.pieces import COLOURS
from rigs_helper.games.rig.state import State, new_state
from rigs_helper.rules.errors import InputError

DEFAULT_TOKENS = 4  # per colour (docs/rulings.md, RIG: the seed gives no count)


class Rig:
    name = "rig"
    title = "RIG"
    version = codec.VERSION
    definitions: Mapping[str, type] = ACTIONS

    def new(self, settings: Mapping[str, Any]) -> State:
        players = tuple(str(p).strip() for p in settings["players"])
        if len(players) != 2:
            raise InputError(f"RIG is for two players: give --player twice, not "
                             f"{len(players)} time{'s' if len(players) != 1 else ''}")
        for name in players:
            if not name or not name.isprintable():
                raise InputError(f"--player {name!r}: a name must be printable text on one "
                                 "line")
        if players[0].lower() == players[1].lower():
            raise InputError(f"--player {players[1]!r}: named twice")
        tokens = int(settings.get("tokens", DEFAULT_TOKENS))
        if not 1 <= tokens <= 99:
            raise InputError(f"--tokens {tokens}: give the tokens of each colour, 1 to 99")
        dice = str(settings.get("dice", "rigs"))
        if dice not in ("rigs", "table"):
            raise InputError(f"--dice {dice!r}: give 'rigs' or 'table'")
        return new_state((players[0], players[1]), int(settings["seed"]), tokens, dice)

    def legal(self, state: State, player: str) -> list[Legal]:
        return legal.legal(state, player)

    def encode(self, state: State) -> dict[str, Any]:
        return codec.encode(state)

    def decode(self, doc: Mapping[str, Any], where: str) -> State:
        return codec.decode(doc, where)

    def action_doc(self, action: Any) -> dict[str, Any]:
        return codec.action_doc(action)

    def action_from_doc(self, doc: Mapping[str, Any], where: str) -> Any:
        return codec.action_from_doc(doc, where)

    def pending(self, state: State) -> list[tuple[str, str]]:
        return legal.waiting_for(state)

    def summary(self, state: State) -> list[str]:
        if state.step == "over" and state.winner is not None:
            return [f"Game over: {state.seats[state.winner].name} won."]
        where = "Round Zero" if state.round == 0 else f"Round {state.round}"
        waits = legal.waiting_for(state)
        who = ", ".join(f"{p} ({a})" for p, a in waits)
        return [f"{where}: waiting for {who}."]

    def score(self, state: State) -> Score | None:
        if state.step != "over":
            return None
        # the score (the history's, BG Stats'): the different components in the Rig
        shown = views.status_dict(state)["players"]
        rows = tuple({"name": s.name, "winner": state.winner in (i, None),
                      "rank": 2 if state.winner not in (i, None) else 1,
                      "components": len(set(s.rig) & set(COLOURS)),
                      "score": len(set(s.rig) & set(COLOURS)),
                      "rig": d["rig"], "missing": d["missing"]}
                     for i, (s, d) in enumerate(zip(state.seats, shown)))
        winners = [r["name"] for r in rows if r["winner"]]
        head = (f"RIG: {winners[0]} won." if len(winners) == 1 else
                f"RIG: a draw between {' and '.join(winners)} (no token could move "
                "again).")
        return Score(rows, (head, *(f"  {r['name']}: {r['components']} of 6 components"
                                    + (f" (missing {', '.join(r['missing'])})"
                                       if r["missing"] else "")
                                    + ("  won" if r["winner"] else "") for r in rows)))

    def players(self, state: State) -> list[str]:
        return [s.name for s in state.seats]

    def where(self, state: State) -> str:
        return views.where(state)

    def status(self, state: State) -> dict[str, Any]:
        return views.status_dict(state)

    def status_lines(self, state: State) -> list[str]:
        return views.status_lines(state)

    def next_words(self, state: State, where: str) -> list[str]:
        return views.hints(state, where)

    def action_words(self, entry: Mapping[str, Any]) -> str:
        return views.action_words(dict(entry))


RIG: Game[State] = Rig()  # (the type checker holds it to the protocol)
