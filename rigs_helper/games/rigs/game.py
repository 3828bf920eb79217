"""R.I.G.S., the first game, as a game object of the protocol: a thin adapter over its
modules (its rules, its state codec ``codec.py``), each imported when a part is asked
for.  The R.I.G.S. commands still call those modules directly; the shared commands reach
R.I.G.S. through this object when a file's ``game =`` key is absent or "rigs"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rigs_helper.game.protocol import Game, Legal, Score


def _tables() -> Any:
    from rigs_helper.store.tablefiles import load_tables

    return load_tables()


class Rigs:
    name = "rigs"
    title = "R.I.G.S."

    @property
    def version(self) -> int:
        from rigs_helper.games.rigs.state import SCHEMA_VERSION

        return SCHEMA_VERSION

    @property
    def definitions(self) -> Mapping[str, Any]:
        from rigs_helper.games.rigs.actions.catalog import DEFS

        return DEFS

    def new(self, settings: Mapping[str, Any]) -> Any:
        from rigs_helper.games.rigs.setup import new_game

        return new_game(list(settings["players"]), int(settings["seed"]), _tables(),
                        settings.get("rolls"), settings.get("plots") or {},
                        str(settings.get("dice", "rigs")), settings.get("lacks")).game

    def legal(self, state: Any, player: str) -> list[Legal]:
        from rigs_helper.games.rigs.legal import legal_actions

        return [Legal(a.action, player, {p.name: p.values or (p.min, p.max) for p in a.params})
                for a in legal_actions(state, _tables(), player)]

    def encode(self, state: Any) -> dict[str, Any]:
        from rigs_helper.games.rigs.codec import to_doc

        return to_doc(state, _tables())

    def decode(self, doc: Mapping[str, Any], where: str) -> Any:
        from rigs_helper.games.rigs.codec import from_doc

        return from_doc(dict(doc), where, _tables())

    def action_doc(self, action: Any) -> dict[str, Any]:
        from rigs_helper.games.rigs.oplog import to_action

        name, fields = to_action(action)
        return {"action": name, **fields}

    def action_from_doc(self, doc: Mapping[str, Any], where: str) -> Any:
        from rigs_helper.rules.errors import InputError
        from rigs_helper.games.rigs.oplog import from_action

        data = {k: v for k, v in doc.items() if k != "action"}
        try:
            return from_action(str(doc.get("action")), data)
        except (KeyError, TypeError, ValueError):
            raise InputError(f"{where}: not a R.I.G.S. action: {doc.get('action')!r}"
                             ) from None

    def pending(self, state: Any) -> list[tuple[str, str]]:
        from rigs_helper.games.rigs.views import waiting_items

        return waiting_items(state, _tables())

    def summary(self, state: Any) -> list[str]:
        from rigs_helper.games.rigs.views import pending

        return pending(state, _tables())

    def score(self, state: Any) -> Score | None:
        return None  # `rigs score` (store/scorefile.py) scores a finished R.I.G.S. game

    def players(self, state: Any) -> list[str]:
        return [p.name for p in state.players]

    # (R.I.G.S.'s own commands print its status, log and undo: cli/status.py, cli/game.py;
    # these serve a generic reader of the protocol)
    def where(self, state: Any) -> str:
        return "game over" if state.game_over else \
            f"round {state.round}, {state.phase.title()} Phase"

    def status(self, state: Any) -> dict[str, Any]:
        from rigs_helper.games.rigs.views import status_dict

        return {"game": "rigs", **status_dict(state, _tables())}

    def status_lines(self, state: Any) -> list[str]:
        return [f"R.I.G.S.  {self.where(state)}", *self.summary(state)]

    def next_words(self, state: Any, where: str) -> list[str]:
        return []

    def action_words(self, entry: Mapping[str, Any]) -> str:
        from rigs_helper.games.rigs.oplog import words

        return words(self.action_from_doc(entry, "log"))


RIGS: Game[Any] = Rigs()  # (the type checker holds it to the protocol)
