"""The board (`/`): the table's screen, read from across the room on a 1920×1080 TV
without scrolling.  From the top: the round and phase tracks (Player → Disaster →
Production → Market, Last Call marked), whose decision the table waits for as name chips
with the reason, a card per player in their chart colour (resources with icons, what
changed since the last update), the win chances as bars, the net worth chart and the
Market prices; at the end the winner large and each score as a stacked bar.  Public
facts only: no card of any hand, no Land Grant plot drawn."""

from __future__ import annotations

from markupsafe import Markup

from rigs_helper.web.chart import networth_chart
from rigs_helper.web.snapshot import Slow, Snapshot
from rigs_helper.web.templating import render
from rigs_helper.web.words import NAMES, SHORT, plot_words, words

PART_SECONDS = 2.0  # the final screen's history: a board never waits longer for it
#: the chart and the forecast: not waited for (they begin SETTLE_SECONDS after a change,
#: so a new version's could never be ready in time: waiting only delayed every board by
#: twice this); what was shown before stays, the board's long poll fetches them when made
QUICK_SECONDS = 0.0

#: the forecast and the chart begin once the game has been still this long: a burst of taps
#: (a player's turn, everyone's "done") starts none it would drop, and a table sees the win
#: chances about a second after its last tap (0.3 s began one after nearly every tap: 0.2 s
#: of CPU each, mostly thrown away, taken from the phones)
SETTLE_SECONDS = 1.0
MORE = "~more"  # ends the board's version while its forecast or chart is being made
COMPARED = ("credits", "energy", "supplies", "metal", "luxuries", "rigs", "warehouse_rigs",
            "karma")
PHASES = ("player", "disaster", "production", "market")
SCORE_PARTS = ("credits", "luxuries", "plots", "resources", "vinnie")
FALLBACK_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")


def board_data(snap: Snapshot, path, tables) -> dict:
    """The board's facts (also `/state.json`)."""
    def make():
        from rigs_helper.games.rigs.views import prices_so_far, status_dict
        from rigs_helper.store.notes import last_phase

        d: dict = {"etag": snap.etag, "error": snap.error}
        if snap.loaded is None:
            return d
        g = snap.loaded.game
        d.update(status_dict(g, tables))
        d["prices"] = prices_so_far(g, tables)
        d["last_phase"] = last_phase(snap.loaded, str(path))
        d["waiting_for"] = waiting_for(g, tables)
        d["final"] = final_scores(g, tables)
        d["partial"] = sorted(k for k, v in g.missing.items() if v)  # decks the set lacks
        return d
    return snap.get("board", make)


def waiting_for(game, tables) -> list[dict]:
    """[{"player", "what"}]: whose decision the table waits for (games/rigs/legal)."""
    from rigs_helper.games.rigs import legal

    return [dict(w) for w in legal.waiting_for(game, tables)]


def final_scores(game, tables) -> dict | None:
    """The final scores once the End Game values are all recorded, best first (each with
    its parts: credits, Luxuries, plots, resources, Vinnie)."""
    e_ = game.endgame
    if not game.game_over or not (set(e_.plot_values) >= set(tables.plots) and
                                  set(e_.resource_values) >= set(tables.constants.loanable)):
        return None
    from rigs_helper.games.rigs.endgame import holdings as held
    from rigs_helper.games.rigs.scoring import EndgameValues, score_game

    values = EndgameValues(game.market.price or 0, e_.plot_values, e_.resource_values,
                           e_.plot_cards)
    s = score_game(held(game), values, tables)
    rows = [p.as_dict() for p in sorted(s.players, key=lambda p: -p.net_worth)]
    return {"winners": list(s.winners), "players": rows}


def standings(snap: Snapshot, tables) -> tuple[list[dict] | None, list[dict] | None]:
    """(forecast, quick): the forecast of the end, each player's expected net worth, rank
    and win chance, best first; it is made off the request path (and dropped when a newer
    version of the game arrives), so until it is ready, None and the quick figures: each
    player's net worth if the game ended now, best first (``quick`` is None once the
    forecast is there)."""
    def rank(players) -> list[dict]:
        rows = sorted((p.as_dict() for p in players), key=lambda r: -r["net_worth"])
        for i, r in enumerate(rows, 1):
            r["rank"] = i
        return rows

    def make():
        from rigs_helper.forecast.record import from_entries
        from rigs_helper.forecast.standings import compute
        from rigs_helper.rules.errors import RigsError
        from rigs_helper.store import timeline
        from rigs_helper.store.historypast import PastStyles

        snap.settle(SETTLE_SECONDS)  # (before the history is read: a burst reads none)
        try:
            record = from_entries(timeline.entries(snap.loaded, "game", tables))
        except RigsError:  # a damaged history: the forecast reads the state alone
            record = None
        s = compute(snap.loaded.game, tables, record=record,  # as `rigs standings` says
                    past=PastStyles(snap.loaded.game), tick=snap.check)
        rows = rank(s.players)
        snap.shared["standings"] = rows  # the win chances shown beside the next quick ones
        return rows

    def quick():
        from rigs_helper.forecast.model import expected_networth

        return sorted(({"name": k, "net_worth": v} for k, v in
                       expected_networth(snap.loaded.game, tables).items()),
                      key=lambda r: -r["net_worth"])
    if snap.loaded is None:
        return None, None
    try:
        return snap.get("standings", make, timeout=QUICK_SECONDS), None
    except Exception:  # noqa: BLE001 - slow, or failed: the odds never take the board down
        pass
    try:
        return None, snap.get("quick", quick)
    except Exception:  # noqa: BLE001
        return None, None


def parts_ready(snap: Snapshot) -> bool:
    """Whether the board's slow parts (the forecast, the chart) are made for ``snap``."""
    return snap.ready("standings") and snap.ready("chart")


def board_page(snap: Snapshot, d: dict, before: Snapshot | None, path, tables) -> str:
    """The board's HTML for this snapshot (``before``: the version shown last).  Its
    version ends in MORE while a slow part is still being made (the board's long poll
    then waits for that part too)."""
    if snap.loaded is None:
        return board_html(d, tables, None)
    def chart_made() -> str | None:
        snap.settle(SETTLE_SECONDS)
        svg = networth_chart(path, snap.loaded, tables)
        snap.shared["chart"] = svg  # shown until the next version's chart is made
        return svg
    try:
        chart = snap.get("chart", chart_made, timeout=QUICK_SECONDS)
        more = False
    except Slow:
        chart, more = snap.shared.get("chart"), True
    except Exception:  # noqa: BLE001 - dropped (a newer version came): the last one made
        chart, more = snap.shared.get("chart"), False
    old = None
    if before is not None and before.loaded is not None:
        try:
            old = board_data(before, path, tables)
        except Exception:  # noqa: BLE001 - no marks rather than no board
            old = None
    rows, quick = standings(snap, tables)
    if more or (quick is not None and not snap.ready("standings")):
        d = {**d, "etag": d["etag"] + MORE}
    return board_html(d, tables, chart, rows or snap.shared.get("standings"), old,
                      final_extras(path, snap, tables) if d.get("final") else None,
                      quick=quick)


def final_extras(path, snap: Snapshot, tables) -> dict | None:
    """The group's history on the final screen (docs/history.md): BG Stats' link and QR
    code, and the group's standing over all its games (the board template's
    `final_extras` block)."""
    from rigs_helper.forecast.bgstats import report_extras
    from rigs_helper.forecast.report import final_score
    from rigs_helper.store.historyrigs import final_view

    def make():
        return report_extras(*final_view(path, snap.loaded,
                                         final_score(snap.loaded.game, tables), tables))
    try:
        return snap.get("final_extras", make, timeout=PART_SECONDS)
    except Exception:  # noqa: BLE001 - a nicety: never take the final screen down
        return None


def changes(d: dict, old: dict | None) -> dict[str, dict[str, int]]:
    """Per player, the figures that differ from the version shown before (by how much)."""
    if not old or "players" not in old:
        return {}
    before = {p["name"]: p for p in old["players"]}
    out = {}
    for p in d["players"]:
        b = before.get(p["name"])
        if b is not None:
            out[p["name"]] = {k: p[k] - b[k] for k in COMPARED
                              if isinstance(p.get(k), int) and isinstance(b.get(k), int)
                              and p[k] != b[k]}
    return out


def colours(names: list[str]) -> dict[str, str]:
    """Each player's colour on the chart (the forecast room's), in seating order."""
    try:
        from rigs_helper.forecast.chart import COLOURS
    except ImportError:
        COLOURS = FALLBACK_COLOURS  # noqa: N806
    return {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}


def _card(p: dict, d: dict, delta: dict[str, int], colour: str, tables) -> dict:
    res = []
    for k in ("credits", "energy", "supplies", "metal", "luxuries"):
        res.append({"key": k, "short": SHORT.get(k, "¢"), "name": NAMES[k], "n": p[k],
                    "delta": delta.get(k, 0)})
    plots = []
    for x in p["plots"]:
        t = tables.plots[x["type"]].name if x["type"] in tables.plots else x["type"]
        on = f"{x['rigs']} RIGS {NAMES.get(x['harvest'], x['harvest'])}" if x["rigs"] else ""
        spots = plot_words(tables, x["id"]).partition(" — ")[2]
        plots.append({"id": x["id"], "type": t, "on": on, "spots": spots,
                      "survey": x["survey"], "luxury": x["luxury"]})
    owed = sum(p["vinnie"].values())
    return {"name": p["name"], "colour": colour, "leader": p["name"] == d["leader"],
            "resources": res, "rigs": p["warehouse_rigs"],
            "rigs_delta": delta.get("warehouse_rigs", 0), "karma": p["karma"],
            "karma_delta": delta.get("karma", 0), "plots": plots, "owed": owed,
            "disaster": p["disaster"]}


def _chips(d: dict, colour: dict[str, str]) -> tuple[list[dict], list[dict]]:
    """(chips with a reason, players simply not done yet)."""
    reasons: list[dict] = []
    deciding: list[dict] = []
    for w in d.get("waiting_for") or []:
        c = {"name": w["player"], "colour": colour.get(w["player"], "#888"),
             "what": words(w["what"])}
        (deciding if w["what"] == "not done yet" else reasons).append(c)
    return reasons, deciding


def _final(fin: dict | None, colour: dict[str, str]) -> dict | None:
    if not fin:
        return None
    top = max([sum(max(0, r[k]) for k in SCORE_PARTS) for r in fin["players"]] + [1])
    rows = []
    for r in fin["players"]:
        parts = [{"key": k, "n": r[k], "pct": 100 * r[k] / top} for k in SCORE_PARTS
                 if r[k] > 0]
        minus = [{"key": k, "n": r[k]} for k in SCORE_PARTS if r[k] < 0]
        rows.append({"name": r["name"], "colour": colour.get(r["name"], "#888"),
                     "net_worth": r["net_worth"], "parts": parts, "minus": minus,
                     "winner": r["name"] in fin["winners"]})
    return {"winners": fin["winners"], "top": fin["players"][0]["net_worth"],
            "rows": rows}


def held_by(d: dict) -> str:
    """Who holds the cards and the dice, in a line (`rigs new --cards`, `--dice`)."""
    from rigs_helper.games.rigs.views import CARDS_WORDS

    cards = CARDS_WORDS.get(str(d.get("cards")), "")
    if d.get("cards") == "partial" and d.get("partial"):  # the decks the set lacks
        cards += " (missing: " + ", ".join(
            "Market" if k == "market" else k.title() for k in d["partial"]) + ")"
    dice = "the table rolls the dice" if d.get("dice") == "table" else "rigs rolls the dice"
    return f"Cards: {cards} · Dice: {dice}" if cards else f"Dice: {dice}"


def board_html(d: dict, tables, chart: str | None, rows: list[dict] | None = None,
               old: dict | None = None, history: dict | None = None,
               quick: list[dict] | None = None) -> str:
    base = {"title": "R.I.G.S. board", "json_url": "/state.json", "etag": d["etag"],
            "error": words(d["error"]) if d.get("error") else None, "refresh": True}
    if d.get("round") is None:
        return render("board.html", **base, ready=False)
    names = [p["name"] for p in d["players"]]
    colour = colours(names)
    marks = changes(d, old)
    reasons, deciding = _chips(d, colour)
    odds = [{"name": r["name"], "colour": colour.get(r["name"], "#888"),
             "pct": round(100 * r["win_probability"]), "net_worth": round(r["net_worth"])}
            for r in sorted(rows, key=lambda r: -r["win_probability"])] if rows else None
    prices = list(d["prices"])
    last = d["last_phase"]
    lately = [t for t in (words(x) for x in (last["since"] or last["summary"])[-3:]) if t]
    svg = Markup(chart) if chart and chart.lstrip().startswith("<svg") and (
        d["round"] > 1 or d["game_over"]) else None  # round 1: a line needs two points
    return render(
        "board.html", **{**base, "title": f"R.I.G.S. round {d['round']}/{d['rounds']}, "
                                          f"{str(d['phase']).title()}"}, ready=True, d=d,
        phases=[{"name": ph.title(), "now": ph == d["phase"] and not d["game_over"],
                 "past": PHASES.index(ph) < PHASES.index(d["phase"])
                 if d["phase"] in PHASES else False} for ph in PHASES],
        rounds=[{"n": i, "now": i == d["round"], "past": i < d["round"],
                 "price": prices[i - 1] if i <= len(prices) else None}
                for i in range(1, d["rounds"] + 1)],
        reasons=reasons, deciding=deciding,
        cards=[_card(p, d, marks.get(p["name"], {}), colour[p["name"]], tables)
               for p in d["players"]],
        odds=odds, quick=[{"name": r["name"], "net_worth": round(r["net_worth"])}
                          for r in quick] if quick else None, chart=svg,
        final=_final(d.get("final"), colour), held=held_by(d),
        lately=lately, decks=d["decks"], history=history)
