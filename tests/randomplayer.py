"""A random player that knows only the pages' HTTP API, as OpenSpiel tests its games.

It reads each player's ``GET /p/TOKEN/actions.json``, picks one listed action at random,
fills it from the listed values and bounds so that it meets every listed constraint, and
posts it (``POST /p/TOKEN/act``, answered in JSON).  After every step it asserts what the
list promises (CONTRACT, "Exact legal actions"):

- a request built from the list is accepted (a refusal is counted, with its words);
- somebody always has something to do until the game is scored (a table that would need
  the terminal is counted: the game stops there);
- no request is answered 500 (the server's traceback);
- the game file reloads;
- where the table records its own cards, the books' hands hold only cards the table
  recorded or that moved between the players' hands (never one rigs drew on its own).

Used by the suite (tests/test_random_pages.py, a few games) and by
benchmarks/bench_random_pages.py (hundreds).  Only the standard library and the HTTP API
are used to play; the game is made and served in process.
"""

from __future__ import annotations

import html as _html
import http.client
import json
import random
import re
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

#: the actions that answer something the game waits for (picked first more often)
DECISIONS = ("answer", "grant", "lose", "settle", "disaster record", "deal accept",
             "deal decline", "karma discard", "karma record", "record", "roll", "score")


def _karma_titles() -> frozenset[str]:
    from rigs_helper.store.tablefiles import load_tables

    return frozenset(c.title for c in load_tables().karma)


KARMA = _karma_titles()
REVEALS = "A Little Information"  # its player sees every hand (RULES.md, Protection)


@dataclass
class Result:
    steps: int = 0
    finished: bool = False
    refusals: list[str] = field(default_factory=list)
    terminal: list[str] = field(default_factory=list)  # stalls: nobody has an action
    tracebacks: list[str] = field(default_factory=list)
    reload_errors: list[str] = field(default_factory=list)
    hand_errors: list[str] = field(default_factory=list)  # books and cardboard differ
    page_errors: list[str] = field(default_factory=list)  # a page names a card not held
    # where the table records its own cards: Karma cards in the books' hands that the
    # table never recorded (rigs drew them), by the action after which they appeared
    rigs_drew: Counter = field(default_factory=Counter)
    # where rigs rolled or drew because the list offered nothing else (see ``value``)
    virtual_forced: Counter = field(default_factory=Counter)
    timings: dict[str, list[float]] = field(default_factory=dict)  # seconds, by request
    posted: Counter = field(default_factory=Counter)  # the actions posted, by name
    where: str = ""  # the round and phase reached

    def failures(self) -> list[str]:
        return (self.refusals + self.terminal + self.tracebacks + self.reload_errors
                + self.hand_errors + self.page_errors)


# ---------------------------------------------------------------------------- requests


def fill(action: dict, rng: random.Random, virtual: bool,
         deck: frozenset[str] | None = None) -> dict[str, list[str]]:
    """A request for ``action`` from its listed values and bounds meeting its constraints
    (``virtual``: where rigs may draw or roll, let it; ``deck``: the Karma titles in the
    table's own deck: a card recorded is one the table can draw)."""
    params = action.get("params", {})
    out: dict[str, list[str]] = {}
    for name, spec in params.items():
        if spec.get("record") == "card" and deck is not None and "values" in spec:
            kept = [v for v in spec["values"] if v in deck or v not in KARMA]
            spec = {**spec, "values": kept} if kept else spec
            if spec.get("ordered"):  # card by card (a mixed deck): the same, each slot
                spec = {**spec, "ordered": [
                    [v for v in slot if v in deck or v not in KARMA] or slot
                    for slot in spec["ordered"]]}
        # a table that records its own cards records every card it draws
        if spec.get("required", True) or (spec.get("record") and not virtual) \
                or rng.random() < 0.35:
            vals = value(spec, rng, virtual)
            if vals:
                out[name] = vals
    for c in action.get("constraints", []):
        meet(c, params, out, rng, virtual)
    return out


def value(spec: dict, rng: random.Random, virtual: bool) -> list[str]:
    vals = list(spec.get("values") or [])
    record = spec.get("record")
    if record == "card" and spec.get("multiple") and spec.get("ordered"):
        # a mixed deck card by card: the i-th card from the i-th list, rigs' where the
        # list says so (or where the table lets rigs draw), else the table's, each card
        # another (``multiple`` without ``repeat``: no title twice; seed 93008 recorded
        # the one title twice, two lists offering it)
        got: list[str] = []
        for slot in spec["ordered"]:
            if "virtual" in slot and (virtual or len(slot) == 1):
                got.append("virtual")
                continue
            own = [v for v in slot if v != "virtual"]
            got.append(rng.choice([v for v in own if v not in got] or own))
        return got
    if record and "virtual" in vals:
        if virtual:
            return ["virtual"]
        if record == "die":
            return [str(rng.randint(spec.get("min", 1), spec.get("max", 6)))]
        if len(vals) == 1:  # nothing else the table could record
            return ["virtual"]
        vals.remove("virtual")
    if spec.get("multiple"):
        lo = spec.get("min", 1)
        hi = spec.get("max", len(vals))
        k = rng.randint(lo, max(lo, hi))
        if spec.get("ordered"):  # the i-th value from the i-th list (dice in order)
            return [rng.choice(v) for v in spec["ordered"]]
        if spec.get("repeat"):
            return [rng.choice(vals) for _ in range(k)] if vals else []
        return rng.sample(vals, min(k, len(vals)))
    if vals:
        return [rng.choice(vals)]
    if "min" in spec or "max" in spec:
        lo = spec.get("min", 0)
        hi = spec.get("max", lo + 3)
        return [str(rng.randint(lo, hi))]
    return []


def _num(out: dict, name: str) -> int:
    v = out.get(name)
    if not v:
        return 0
    try:
        return int(v[0])
    except ValueError:
        return len(v)


def meet(c: dict, params: dict, out: dict, rng: random.Random, virtual: bool) -> None:
    """Change ``out`` so that it meets the constraint ``c``."""
    if "at_least_one" in c:
        names = c["at_least_one"]
        if not any(n in out for n in names):
            n = rng.choice(names)
            out[n] = value({**params[n], "required": True}, rng, virtual)
    elif "at_most" in c:  # over one parameter ("param") or several ("params")
        most, seen = c["at_most"], Counter()
        for name in c.get("params") or [c["param"]]:
            vals = out.get(name, [])
            if vals == ["virtual"]:
                continue
            room = [v for v in params[name].get("values", []) if v not in most
                    and v != "virtual"]
            for i, v in enumerate(vals):
                if v in most and seen[v] >= most[v]:
                    free = [x for x in room + list(most) if seen[x] < most.get(x, 1 << 30)]
                    vals[i] = v = rng.choice(free)
                seen[v] += 1
    elif "distinct" in c:
        names = [n for n in c["distinct"] if n in out]
        pool = list(dict.fromkeys(v for n in names for v in params[n].get("values", [])))
        picked = rng.sample(pool, min(len(pool), len(names)))
        for n, v in zip(names, picked):
            out[n] = [v]
    elif "sum" in c:
        names = c["sum"]
        lo = c.get("equals", c.get("min", 0))
        hi = c.get("equals", c.get("max", lo))
        tops = {n: params[n].get("max", 0) for n in names}
        target = rng.randint(lo, min(hi, sum(tops.values())))
        for n in names:
            out.pop(n, None)
        got = {n: 0 for n in names}
        for _ in range(target):
            room = [n for n in names if got[n] < tops[n]]
            if not room:
                break
            got[rng.choice(room)] += 1
        for n, k in got.items():
            if k:
                out[n] = [str(k)]


# ---------------------------------------------------------------------------- HTTP


class Client:
    """The pages' API on one kept connection (``timings``: seconds per request, by kind)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.timings: dict[str, list[float]] = {}

    def request(self, method: str, target: str, body: str | None = None,
                headers: dict | None = None) -> tuple[int, str]:
        last = target.rsplit("/", 1)[-1]
        kind = "act" if method == "POST" else last if last.endswith(".json") else "page"
        t = time.perf_counter()
        for attempt in (0, 1):
            try:
                self.conn.request(method, target, body=body, headers=headers or {})
                r = self.conn.getresponse()
                out = r.status, r.read().decode()
                self.timings.setdefault(kind, []).append(time.perf_counter() - t)
                return out
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def get_json(self, target: str) -> tuple[int, dict]:
        code, body = self.request("GET", target)
        return code, (json.loads(body) if code == 200 else {"error": body})

    def act(self, token: str, form: dict) -> tuple[int, dict]:
        code, body = self.request("POST", f"/p/{token}/act", urlencode(form, doseq=True), {
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json", "Origin": f"http://127.0.0.1:{self.port}"})
        try:
            return code, json.loads(body)
        except ValueError:
            return code, {"error": body}


# ---------------------------------------------------------------------------- a game


@contextmanager
def served(path: Path, tables, tokens: dict | None = None):
    """(server, tokens) for the game at ``path`` served on 127.0.0.1 in a thread."""
    from rigs_helper.store import session
    from rigs_helper.web.rigsserver import make_server
    from rigs_helper.web.tokens import load_tokens

    if tokens is None:
        names = [p.name for p in session.load(path, tables).game.players]
        tokens = load_tokens(path, names)
    server = make_server(path, tables, tokens, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server, tokens
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def new_game(folder: Path, names: list[str], seed: int, dice: str,
             have: Path | None = None, cards: str | None = None) -> Path:
    """A new game in ``folder`` (``have``: the group's inventory, a partial set;
    ``cards``: who holds them, `rigs new --cards`)."""
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    path = folder / "rigs.toml"
    args = ["new", "--seed", str(seed), "--dice", dice, "--game", str(path)]
    if have is not None:
        args += ["--have", str(have)]
    if cards is not None:
        args += ["--cards", cards]
    for n in names:
        args += ["-p", n]
    for face in range(6, 0, -1):  # --dice table: the leader roll-off is the table's
        r = CliRunner().invoke(app, args)
        if not r.exit_code:
            return path
        who = re.search(r"the table rolls a die for (\S+) ", r.output)
        if who is None:
            break
        args += ["--roll", f"{who.group(1)}={face}"]
    raise AssertionError(r.output)


#: how a random inventory holds each deck: every card, none (all virtual), or a random part
HOLDS = ("full", "empty", "part")
INVENTORY_DECKS = ("plot", "survey", "disaster", "karma", "market")


def random_inventory(tables, rng: random.Random,
                     holds: dict[str, str] | None = None) -> str:
    """A group's inventory as `rigs new --have` reads it: each deck independently full
    (every card the group's own), empty (every card virtual, as a deck left out) or
    missing a random part (``holds`` fixes some decks)."""
    from rigs_helper.games.rigs.mixed import deck_title, full_deck

    lines = []
    for deck in INVENTORY_DECKS:
        how = (holds or {}).get(deck) or rng.choice(HOLDS)
        lines.append(f"[{deck}]")
        if how == "full":
            lines.append('have = "all"')
            continue
        if how == "empty":
            lines.append('missing = "all"')
            continue
        cards = sorted(full_deck(tables, deck).elements())
        lack = rng.sample(cards, rng.randint(1, len(cards) - 1))
        named = Counter(deck_title(tables, deck, k) for k in lack)
        lines.append("missing = { " + ", ".join(f"{json.dumps(t)} = {n}"
                                                for t, n in sorted(named.items())) + " }")
    return "\n".join(lines) + "\n"


def _pick(menu: list[tuple[str, dict]], rng: random.Random) -> tuple[str, dict]:
    """Decisions first (mostly), then "done" often enough for the game to move on; the
    leader's undo now and then (it steps the game back)."""
    decide = [m for m in menu if m[1]["action"] in DECISIONS]
    if decide and rng.random() < 0.8:
        return rng.choice(decide)
    undo = [m for m in menu if m[1]["action"] == "undo"]
    if undo and rng.random() < 0.02:
        return undo[0]
    menu = [m for m in menu if m[1]["action"] != "undo"] or menu
    done = [m for m in menu if m[1]["action"] in ("done", "next")]
    plain = [m for m in menu if m[1]["action"] not in ("done", "next")]
    if done and (not plain or rng.random() < DONE):
        nexts = [m for m in done if m[1]["action"] == "done"]
        return rng.choice(nexts if nexts and rng.random() < 0.95 else done)
    return rng.choice(plain or menu)


def _lacks(game) -> dict:
    """The Karma cards the group lacks (rigs' virtual ones: a Karma card is unique)."""
    return dict(game.missing.get("karma", {}))


def table_deck(game, tables) -> frozenset[str]:
    """The Karma titles still in the table's deck: the cardboard the books mirror (with a
    partial set, only the group's own cards)."""
    lacks = _lacks(game)
    out = Counter(c.key for c in tables.karma if not lacks.get(c.key))
    for p in game.players:
        out -= Counter(p.hand + p.in_play + p.incoming)
    out -= Counter(game.karma.discard)
    if game.waits.attack is not None:
        out -= Counter([game.waits.attack.card])
    titles = {tables.karma_card(k).title for k in out}
    if game.waits.attack is not None:  # drawn at the table by a player who answered, and
        # by the card's player (Rough Storm's own draw, kept with the play)
        titles -= {t for r in game.waits.attack.replies for t in r.drew}
        play = json.loads(game.waits.attack.play)
        titles -= {t for _, t in play.get("args", play).get("drew", [])}
    return frozenset(titles)


def _titles(tables, keys) -> Counter:
    return Counter(tables.karma_card(k).title for k in keys)


class Cardboard:
    """The Karma cards as the table holds them, beside the books: what each player recorded
    (a card drawn at the table), what each has held or seen, what was ever public (played
    or discarded: in play, on the discard pile, an attack that waits)."""

    def __init__(self, game, tables, own: bool) -> None:
        self.tables, self.own = tables, own  # own: the table records its own cards
        self.recorded: Counter = Counter()  # drawn at the table and recorded, not reshuffled
        self.seen: dict[str, set[str]] = {p.name: set() for p in game.players}
        self.public: set[str] = set()
        self.deck = len(game.karma.draw)
        self.look(game)

    def hands(self, game) -> dict[str, Counter]:
        return {p.name: _titles(self.tables, p.hand + p.incoming) for p in game.players}

    def out_of_deck(self, game) -> Counter:
        """The Karma titles the books say are not in the deck (a card recorded in an
        answer that waits for the others' is drawn when the card resolves)."""
        waiting: Counter = Counter()
        if game.waits.attack is not None:  # and the card's player's own (Rough Storm)
            waiting.update(t for r in game.waits.attack.replies for t in r.drew)
            play = json.loads(game.waits.attack.play)
            waiting.update(t for _, t in play.get("args", play).get("drew", []))
        return _titles(self.tables, [c.key for c in self.tables.karma]) - \
            _titles(self.tables, game.karma.draw) + waiting

    def look(self, game) -> None:
        """What everyone can see now, and what each player holds."""
        tb = self.tables
        self.public |= set(_titles(tb, game.karma.discard))
        self.public |= {t for p in game.players for t in _titles(tb, p.in_play)}
        if game.waits.attack is not None:
            self.public.add(tb.karma_card(game.waits.attack.card).title)
        for name, held in self.hands(game).items():
            self.seen[name] |= set(held)

    def record(self, player: str, titles: list[str]) -> None:
        kept = [t for t in titles if t in KARMA]
        self.recorded.update(kept)
        self.seen[player] |= set(kept)

    def after(self, game, undone: bool) -> None:
        """The books after a step: a reshuffle or an undo puts cards back in the deck
        (the table does the same), and the books then say which cards are out."""
        if undone or len(game.karma.draw) > self.deck:
            self.recorded &= self.out_of_deck(game)
        self.deck = len(game.karma.draw)
        self.look(game)

    def differences(self, game) -> list[str]:
        """Where the table records its own cards: the cards in the books' hands that it
        never recorded (returned apart: rigs drew them), and the recorded cards the
        books put back in the deck (a record added instead of replacing)."""
        back = self.recorded - self.out_of_deck(game)
        return [f"recorded {t!r} x{n}, but the books have it in the deck"
                for t, n in sorted(back.items())]

    def unrecorded(self, game) -> Counter:
        """The group's own Karma cards in hands and in play that the table never recorded
        (a virtual card of a partial set is rigs' to draw)."""
        held = sum(self.hands(game).values(), Counter())
        in_play = sum((_titles(self.tables, p.in_play) for p in game.players), Counter())
        rigs_own = _titles(self.tables, _lacks(game))
        return held + in_play - self.recorded - Counter({t: 1 << 30 for t in rigs_own})

    def named_on_page(self, player: str, html: str) -> list[str]:
        """The Karma titles ``player``'s page names (outside its forms, whose record
        fields list the deck) that the player never held, recorded or saw played."""
        text = _html.unescape(re.sub(r"(?s)<form\b.*?</form>|<script\b.*?</script>", " ",
                                     html))
        text = re.sub(r"<[^>]*>", " ", text)
        return [f"{t!r} ({' '.join(text[max(0, i - 150):i + 60].split())})"
                for t in KARMA if (i := text.find(t)) >= 0 and t not in self.seen[player]
                and t not in self.public]


#: how often a player with optional actions says "I'm done" instead (the rest of the time
#: one of those actions, at random): higher makes shorter games
DONE = 0.6

#: a player's action refused this many times with nothing accepted in between: the game
#: cannot go on from the pages (counted as needing the terminal)
STUCK = 8


def play(path: Path, tables, seed: int, virtual: bool, max_steps: int = 2500,
         result: Result | None = None, pages_every: int = 15) -> Result:
    """Play the game at ``path`` to its score with random choices from the list; every
    ``pages_every`` steps each player's page is read and checked for cards they never
    held."""
    from rigs_helper.games.rigs.legal import phase_ready
    from rigs_helper.store import session
    from rigs_helper.web.pages import final_scores

    res = result or Result()
    rng = random.Random(seed)
    with served(path, tables) as (server, tokens):
        client = Client(server.server_address[1])
        res.timings = client.timings
        game = session.load(path, tables).game
        table = Cardboard(game, tables, not virtual)
        refused: Counter = Counter()  # refusals of one player's action since a success
        for step in range(max_steps):
            res.steps = step
            res.where = f"round {game.round}, {game.phase}"
            if step % pages_every == 0 or game.game_over:
                code, board = client.get_json("/state.json")
                if code != 200:
                    res.tracebacks.append(f"GET /state.json: {code}")
                    return res
                if board.get("game_over") and board.get("final"):
                    res.finished = True
                    return res
            if step % pages_every == 0 and not _pages_name_only_held(client, tokens,
                                                                     table, res):
                return res
            menu = []
            for name, token in tokens.items():
                code, d = client.get_json(f"/p/{token}/actions.json")
                if code != 200:
                    res.tracebacks.append(f"GET actions.json of {name}: {code}")
                    return res
                menu += [(name, a) for a in d["actions"]]
            if all(a["action"] == "undo" for _, a in menu):
                if game.game_over and final_scores(game, tables):
                    continue  # the board says it at the next step
                res.terminal.append(f"step {step}: nobody has an action but undo; "
                                    f"waiting for {_waiting(client)}")
                return res
            name, action = _pick(menu, rng)
            form = {"action": action["action"], "request_id": f"r{step}",
                    **fill(action, rng, virtual, table_deck(game, tables))}
            picked_from_hand(form, game, tables, rng, virtual)
            code, answer = client.act(tokens[name], form)
            res.posted[action["action"]] += 1
            if code >= 500:
                res.tracebacks.append(f"{name} {form}: {code} {answer}")
                return res
            if code != 200:
                res.refusals.append(f"{name} {form}: {answer.get('error')}")
                refused[name, action["action"]] += 1
                if refused[name, action["action"]] >= STUCK:
                    res.terminal.append(f"step {step}: {name}'s {action['action']} is "
                                        f"refused again and again: {answer.get('error')}")
                    return res
            else:
                refused.clear()
            records = [(k, v) for k, p in action["params"].items()
                       if p.get("record") for v in form.get(k, [])]
            if not virtual:
                res.virtual_forced.update(f"{action['action']} {k}" for k, v in records
                                          if v == "virtual")
            try:
                game = session.load(path, tables).game
            except Exception as exc:  # noqa: BLE001 - counted, with its words
                res.reload_errors.append(f"after {name} {form}: {exc}")
                return res
            if code != 200:
                continue
            # a card picked from a hand (Eye for an Eye) is no draw from the deck
            table.record(name, [v for k, v in records
                                if (action["action"], k) not in (("karma play", "card"),
                                                                 ("answer", "gave"))])
            if any(REVEALS in vs for vs in form.values()):  # the hands shown to its player
                table.seen[name] |= {t for h in table.hands(game).values() for t in h}
            table.after(game, undone=action["action"] == "undo")
            # (an undo of the phase's end leaves everyone done: the leader ends it)
            if not game.game_over and action["action"] != "undo" and \
                    phase_ready(game, tables):
                res.terminal.append(f"step {step}: after {name}'s {action['action']}, "
                                    "everyone is done and nothing waits, yet the "
                                    f"{game.phase} phase did not end")
                return res
            if not virtual:
                res.hand_errors += [f"after {name} {form}: {e}"
                                    for e in table.differences(game)]
                new = table.unrecorded(game) - _seen_unrecorded(res)
                res.rigs_drew.update({f"{action['action']}: {t}": n for t, n in new.items()})
    return res


def _seen_unrecorded(res: Result) -> Counter:
    out: Counter = Counter()
    for k, n in res.rigs_drew.items():
        out[k.split(": ", 1)[1]] += n
    return out


def _waiting(client: Client) -> object:
    code, board = client.get_json("/state.json")
    return board.get("waiting_for") if code == 200 else code


def _pages_name_only_held(client: Client, tokens: dict, table: Cardboard,
                          res: Result) -> bool:
    """Each player's page names no Karma card the player never held or saw played
    (False: a page answered 500)."""
    for name, token in tokens.items():
        code, html = client.request("GET", f"/p/{token}")
        if code != 200:
            res.tracebacks.append(f"GET the page of {name}: {code}")
            return False
        res.page_errors += [f"{name}'s page names {t}, never held"
                            for t in table.named_on_page(name, html)]
    return True


def picked_from_hand(form: dict, game, tables, rng: random.Random,
                     virtual: bool = False) -> None:
    """Eye for an Eye picked at the table, or Give Me That!'s pick once the answers are in:
    a card the victim holds (the list names every card the picker cannot see, so as not
    to tell what the hand holds)."""
    a = game.waits.attack
    if form["action"] == "answer" and a is not None and a.later and "gave" in form \
            and not virtual:
        turned = any(r.card != "take" and tables.karma_card(r.card).action == "reflect"
                     for r in a.replies)
        passed = [r.to for r in a.replies if r.to]
        victim = passed[-1] if passed else a.player if turned else a.victims[0]
        hand = game.player(victim).hand
        form["gave"] = [tables.karma_card(rng.choice(hand)).title] if hand else ["virtual"]
        return
    if form["action"] != "karma play" or form.get("card", ["virtual"]) == ["virtual"]:
        return
    hand = game.player(form["target"][0]).hand if form.get("target") else ()
    if hand:
        form["card"] = [tables.karma_card(rng.choice(hand)).title]


def one_game(names: list[str], seed: int, dice: str, virtual: bool, tables,
             max_steps: int = 2500, have: Path | str | None = None) -> Result:
    """One game to its score (or ``max_steps``); ``have``: the group's inventory, a file
    or its text (``random_inventory``)."""
    with tempfile.TemporaryDirectory(prefix="rigs-random-") as d:
        if isinstance(have, str):
            inv = Path(d) / "inventory.toml"
            inv.write_text(have)
            have = inv
        path = new_game(Path(d), names, seed, dice, have)
        return play(path, tables, seed, virtual, max_steps)


__all__ = ["Result", "fill", "one_game", "play", "random_inventory"]
