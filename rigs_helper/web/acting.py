"""Acting from a player's page: one posted form becomes the operation the CLI would build
(`rules/legal.operation`, the acting player always the page's player) and goes through the
CLI's own path: the lock, the rules' check on the state read under it, the atomic save, a
log entry saying where it came from ("from Ana's phone").

A request id acts once: the first answer is kept (and a second post of the same id waits
for it, then gets it again).  When every player is done and no choice is open, the phase
ends as `rigs next` would."""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future
from pathlib import Path

from rigs_helper.rules.errors import RigsError

MEMORY = 2000  # answers kept for replayed request ids
MAX_ID = 100
EVERYONE = "the phones (everyone done)"  # the source of a phase that ended by itself


def one_line(exc: BaseException) -> str:
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


def source_of(player: str) -> str:
    return f"{player}'s phone"


def waiting(op, game=None, tables=None):
    """A Karma play from a phone waits for each victim's answer from their own phone (`rigs
    karma play ... --wait`): every victim is asked, so the wait itself tells nothing.  A
    tie for Expedition Leader after a phone's Land Grant or phase end waits for each tied
    player's die (rules/waits/rolloff.py)."""
    from dataclasses import fields

    from rigs_helper.rules.karma.play import KarmaPlay

    if hasattr(op, "rolloff") and game is not None:  # GrantPick, NextPhase
        from rigs_helper.rules.waits.phone import with_rolloff

        return with_rolloff(op, game, tables)
    if type(op) is not KarmaPlay:
        from rigs_helper.rules.waits.phone import recorded_later

        return recorded_later(op, game, tables)
    from rigs_helper.rules.waits.attacks import KarmaPlayWait

    return KarmaPlayWait(**{f.name: getattr(op, f.name) for f in fields(KarmaPlay)},
                         drawers=True, later=True)


class Acting:
    def __init__(self, path: Path, tables, current=None) -> None:
        """``current()``: the game as the pages last read it (or None); the operation is
        built from it and checked under the lock against the file as it is then."""
        self.path, self.tables, self.current = path, tables, current
        self._lock = threading.Lock()
        self._phase_end = threading.Lock()
        self._answers: OrderedDict[tuple[str, str], Future] = OrderedDict()

    def recalled(self, player: str, request_id: str) -> dict | None:
        """The answer given to ``player``'s request ``request_id``, once it is done."""
        with self._lock:
            fut = self._answers.get((player, request_id))
        if fut is None or not fut.done():
            return None
        return fut.result()[1]

    def act(self, player: str, form: dict[str, list[str]]) -> tuple[int, dict]:
        """(HTTP status, answer) for one posted form."""
        form = dict(form)
        ids = form.pop("request_id", [])
        rid = ids[0] if len(ids) == 1 else ""
        if len(ids) > 1 or len(rid) > MAX_ID or not rid.isprintable():
            return 422, {"ok": False, "error": "request_id: give one, of at most "
                         f"{MAX_ID} printable characters", "request_id": ""}
        if not rid:
            return self._act(player, form, None)
        key = (player, rid)
        with self._lock:
            fut = self._answers.get(key)
            mine = fut is None
            if fut is None:
                fut = self._answers[key] = Future()
                while len(self._answers) > MEMORY:
                    self._answers.popitem(last=False)
        if not mine:
            return fut.result(timeout=60)
        try:
            answer = self._act(player, form, rid)
        except BaseException as exc:
            fut.set_exception(exc)
            with self._lock:
                self._answers.pop(key, None)
            raise
        fut.set_result(answer)
        return answer

    def _act(self, player: str, form: dict[str, list[str]], rid: str | None
             ) -> tuple[int, dict]:
        from rigs_helper.rules import legal
        from rigs_helper.store import session
        from rigs_helper.web import leader

        base = {"request_id": rid or ""}
        action = form.pop("action", [])
        if len(action) != 1 or not action[0].strip():
            return 422, {"ok": False, "error": "action: give one (see actions.json)", **base}
        params = {k: [v for v in vs if v != ""] for k, vs in form.items()}
        params = {k: v for k, v in params.items() if v}  # an empty field is not given
        name = action[0].strip().lower()
        try:
            game = (self.current and self.current()) or \
                session.load(self.path, self.tables).game
            if name == "undo":
                loaded = session.load(self.path, self.tables)
                status, answer = leader.undo(self.path, self.tables, loaded.game, player,
                                             params, loaded)
                return status, {**answer, **base}
            if name in leader.ACTIONS:
                op, ends = leader.operation(game, self.tables, player, name, params)
                if ends:
                    op = waiting(op, game, self.tables)
                    return self._end_phase(op, player, rid)
                outcome = session.run(self.path, op, self.tables, source=source_of(player),
                                      request_id=rid)
            else:
                op = waiting(legal.operation(game, self.tables, player, name, params), game,
                             self.tables)
                outcome = session.run(self.path, op, self.tables,
                                      source=source_of(player), request_id=rid)
        except RigsError as exc:
            return 422, {"ok": False, "error": one_line(exc), **base}
        said = list(outcome.messages) + [t for who, t in outcome.private if who == player]
        if legal.phase_ready(outcome.game, self.tables):  # else a later action checks
            ended = self.end_phase_if_ready(player)
            if ended:  # the phase is over: no `rigs next` to run for it any more
                from rigs_helper.rules.turns import NEXT_ENDS

                said = [line.replace(NEXT_ENDS, "") for line in said] + ended
        return 200, {"ok": True, "said": said, **base}

    def end_phase_if_ready(self, player: str) -> list[str]:
        """End the phase as `rigs next` would when every player is done and no choice is
        open (one phase end at a time: the state is read again for each); the Player
        Phase ends as `rigs next --wait` (each player records their Disaster card)."""
        from rigs_helper.rules import legal
        from rigs_helper.rules.phases import NextPhase
        from rigs_helper.store import session

        with self._phase_end:
            try:
                game = session.load(self.path, self.tables).game
                if game.game_over or not legal.phase_ready(game, self.tables):
                    return []
                # from phones, the Disaster Phase waits for each player's own record
                op = waiting(NextPhase(wait=game.phase == "player"), game, self.tables)
                outcome = session.run(self.path, op, self.tables,
                                      source=EVERYONE)
            except RigsError:
                return []  # a choice is still open after all: the board says which
        return list(outcome.messages)

    def _end_phase(self, op, player: str, rid: str | None) -> tuple[int, dict]:
        """The leader ends the phase now, as `rigs next` (one phase end at a time)."""
        from rigs_helper.store import session

        base = {"request_id": rid or ""}
        with self._phase_end:
            try:
                outcome = session.run(self.path, op, self.tables,
                                      source=source_of(player), request_id=rid)
            except RigsError as exc:
                return 422, {"ok": False, "error": one_line(exc), **base}
        said = list(outcome.messages) + [t for who, t in outcome.private if who == player]
        return 200, {"ok": True, "said": said, **base}
