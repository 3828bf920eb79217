"""Acting from a player's page: one posted form becomes the operation the CLI would build
(`games/rigs/legal.operation`, the acting player always the page's player) and goes through the
CLI's own path: the lock, the rules' check on the state read under it, the atomic save, a
log entry saying where it came from ("from Ana's phone").

A request id acts once: the first answer is kept (and a second post of the same id waits
for it, then gets it again).  A form names the moment of the game it was read on
(``seen``: round and phase): sent on another, it is refused (409 ``stale``), never applied
to a later phase.  When every player is done and no choice is open, the session ends the
phase as `rigs next` would."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from concurrent.futures import Future
from collections.abc import Callable
from pathlib import Path

from rigs_helper.rules.errors import RigsError, Stale

VIRTUAL = "virtual"
MOMENT = re.compile(r"^(?:\d+:[a-z]+|over)/")  # a page's request id: "3:market/…"
MEMORY = 2000  # answers kept for replayed request ids
MAX_ID = 100
EVERYONE = "the phones (everyone done)"  # the source of a phase that ended by itself


def one_line(exc: BaseException) -> str:
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


def stale(exc: Stale, base: dict) -> dict:
    """A form read on an older moment of the game: refused, saying what changed."""
    return {"ok": False, "stale": True, "error": one_line(exc), "changed": exc.changed,
            **base}


def source_of(player: str) -> str:
    return f"{player}'s phone"


def waiting(op, game, tables):
    """The operation as a page makes it (the rules' `from_a_page`: a Karma card waits for
    its victims' answers, a Disaster card's Karma card for the table's record, a tie for
    Expedition Leader for the tied players' dice)."""
    from rigs_helper.games.rigs.waits.phone import from_a_page

    return from_a_page(op, game, tables)


def shown_only(form: dict[str, list[str]]) -> dict[str, list[str]]:
    """A field a page shows only for some choices (``_if:FIELD`` = ``KEY=[values]``),
    sent by a browser without the page's script whatever was chosen: kept only when
    the choice made shows it."""
    import json

    out = {k: v for k, v in form.items() if not k.startswith("_if:")}
    for k, vs in form.items():
        if not k.startswith("_if:") or len(vs) != 1:
            continue
        key, _, shows = vs[0].partition("=")
        try:
            wanted = set(json.loads(shows))
        except ValueError:
            continue
        if not set(out.get(key, ())) & wanted:
            out.pop(k[4:], None)
    return out


def zero_not_given(form: dict[str, list[str]]) -> dict[str, list[str]]:
    """A stepper a page starts at 0 for a number given only when 1 or more (a deal's
    goods: ``_zero:FIELD``) and left there: not given."""
    out = {k: v for k, v in form.items() if not k.startswith("_zero:")}
    for k in form:
        if k.startswith("_zero:") and out.get(k[6:]) == ["0"]:
            out.pop(k[6:])
    return out


def one_choice(form: dict[str, list[str]],
               slots: Callable[[str], bool] = lambda name: False) -> dict[str, list[str]]:
    """A page's "Draw it for us" button sent with the form's own choice of that field (a
    browser without the page's script sends both): the button pressed wins.  A field the
    list gives one value per card drawn (``slots(name)``: the cards an answer draws from a
    mixed deck, the first the group's and the second ``virtual``) has no such button: it
    is left as given (read only for a field that has both)."""
    return {k: [VIRTUAL] if VIRTUAL in vs and len(vs) > 1 and len(set(vs) - {VIRTUAL}) == 1
            and not slots(k) else vs for k, vs in form.items()}


def listed_slots(game, tables, player: str, action: list[str]) -> Callable[[str], bool]:
    """Whether a field of ``action`` is listed for ``player`` as one value per card or die
    (a ``multiple`` parameter: no "Draw it for us" button of its own)."""
    def slots(name: str) -> bool:
        from rigs_helper.games.rigs.legal import legal_actions

        want = action[-1].strip().lower() if action else ""
        try:
            listed = legal_actions(game(), tables, player)
        except RigsError:
            return False  # (the action's own path says why)
        return any(p.name == name and p.multiple for a in listed
                   if a.action == want for p in a.params)
    return slots


def only(form: dict[str, list[str]]) -> dict[str, list[str]]:
    """A page's button that stands for the whole form (``_only`` = ``metal=3``: "Throw
    away 3 Metal"): its own values alone, every field of the form left out."""
    pressed = form.get("_only")
    if not pressed:
        return form
    out = {k: v for k, v in form.items() if k in ("action", "request_id", "seen")}
    for item in pressed[-1].split("&"):
        k, _, v = item.partition("=")
        out.setdefault(k, []).append(v)
    return out


class Acting:
    def __init__(self, path: Path, tables, current=None) -> None:
        """``current()``: the game as the pages last read it (or None); the operation is
        built from it and checked under the lock against the file as it is then."""
        self.path, self.tables, self.current = path, tables, current
        self._lock = threading.Lock()
        self._phase_end = threading.Lock()
        self._answers: OrderedDict[tuple[str, str], Future] = OrderedDict()

    def _game(self):
        """The game as the pages last read it, else as the file holds it."""
        from rigs_helper.store import session

        return (self.current and self.current()) or session.load(self.path, self.tables).game

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
        from rigs_helper.games.rigs import legal
        from rigs_helper.store import session
        from rigs_helper.web import leader

        base = {"request_id": rid or ""}
        seen_given = form.pop("seen", [])
        seen = seen_given[0] if len(seen_given) == 1 else None
        if seen is None and rid and MOMENT.match(rid):  # a page's id names it too
            seen = rid.split("/", 1)[0]
        form = one_choice(zero_not_given(shown_only(only(form))), listed_slots(
            self._game, self.tables, player, form.get("action", [])))
        action = form.pop("action", [])
        if len(action) == 2:  # a second button naming its action (a deal's "Decline")
            action = action[1:]
        if len(action) != 1 or not action[0].strip():
            return 422, {"ok": False, "error": "action: give one (see actions.json)", **base}
        params = {k: [v for v in vs if v != ""] for k, vs in form.items()}
        params = {k: v for k, v in params.items() if v}  # an empty field is not given
        name = action[0].strip().lower()
        try:
            game = self._game()
            if name == "undo":
                loaded = session.load(self.path, self.tables)
                status, answer = leader.undo(self.path, self.tables, loaded.game, player,
                                             params, loaded)
                return status, {**answer, **base}
            if name in leader.ACTIONS:
                op, ends = leader.operation(game, self.tables, player, name, params)
                if ends:
                    op = waiting(op, game, self.tables)
                    return self._end_phase(op, player, rid, seen)
                outcome = session.run(self.path, op, self.tables, source=source_of(player),
                                      request_id=rid, seen=seen)
            else:
                op = waiting(legal.operation(game, self.tables, player, name, params), game,
                             self.tables)
                outcome = session.run(self.path, op, self.tables,
                                      source=source_of(player), request_id=rid, seen=seen)
        except Stale as exc:
            return 409, stale(exc, base)
        except RigsError as exc:
            return 422, {"ok": False, "error": one_line(exc), **base}
        said = list(outcome.messages) + [t for who, t in outcome.private if who == player]
        if legal.phase_ready(outcome.game, self.tables):  # else a later action checks
            ended = self.end_phase_if_ready(player)
            if ended:  # the phase is over: no `rigs next` to run for it any more
                from rigs_helper.games.rigs.turns import NEXT_ENDS

                said = [line.replace(NEXT_ENDS, "") for line in said] + ended
        return 200, {"ok": True, "said": said, **base}

    def end_phase_if_ready(self, player: str) -> list[str]:
        """The session ends the phase when every player is done and no choice is open
        (one phase end at a time)."""
        from rigs_helper.store import session

        with self._phase_end:
            outcome = session.settle(self.path, self.tables, EVERYONE)
        return list(outcome.messages) if outcome is not None else []

    def _end_phase(self, op, player: str, rid: str | None, seen: str | None = None
                   ) -> tuple[int, dict]:
        """The leader ends the phase now, as `rigs next` (one phase end at a time)."""
        from rigs_helper.store import session

        base = {"request_id": rid or ""}
        with self._phase_end:
            try:
                outcome = session.run(self.path, op, self.tables,
                                      source=source_of(player), request_id=rid, seen=seen)
            except Stale as exc:
                return 409, stale(exc, base)
            except RigsError as exc:
                return 422, {"ok": False, "error": one_line(exc), **base}
        said = list(outcome.messages) + [t for who, t in outcome.private if who == player]
        return 200, {"ok": True, "said": said, **base}
