"""A player's page (`/p/TOKEN`): their turn, from the top (CONTRACT "The player's page and
the board"): ``#decisions`` (what waits for this player now, each with its answer forms,
or that nothing does), ``#done`` ("I'm done", kept at the bottom of the screen), their
holdings in short, the Production Phase's ``#production-plan``, then the optional actions
of this moment grouped by kind and folded.

The forms come from `games/rigs/legal.actions_json` (web/forms.py: by each parameter's kind,
never by the action's name), posted to `/p/TOKEN/act` with a fresh request id, working
with JavaScript off (303 back here, the outcome shown at the top)."""

from __future__ import annotations

import functools

from rigs_helper.web import designed, forms
from rigs_helper.web.snapshot import Snapshot
from rigs_helper.web.templating import render
from rigs_helper.web.words import NAMES, SHORT, VIRTUAL, plot_words, value_words, words

# what waits for the player, in the order it shows (an attack first)
DECIDE = ("answer", "deal accept", "deal decline", "lose", "settle", "disaster record",
          "grant", "roll", "karma draw", "score")
GROUPS = (  # (title, does this action belong, open in which phase)
    ("Build & move", lambda a: a in ("build", "move"), ()),
    ("Survey", lambda a: a == "survey", ()),
    ("Sell Luxuries", lambda a: a == "sell", ("market",)),
    ("Vinnie", lambda a: a.startswith("vinnie"), ()),
    ("Karma cards", lambda a: a.startswith("karma"), ()),
    ("Deals", lambda a: a.startswith("deal") or a == "give", ()),
    ("For the leader", lambda a: a in ("next", "undo"), ()),
)


def player_data(snap: Snapshot, path, tables, name: str) -> dict:
    """One player's private view (their hand, their Land Grant pick, their news)."""
    def make():
        from rigs_helper.games.rigs.views import private_view
        from rigs_helper.store.notes import private_notes

        d: dict = {"etag": snap.etag, "error": snap.error, "name": name}
        if snap.loaded is None:
            return d
        g = snap.loaded.game
        if not any(p.name == name for p in g.players):
            d["error"] = f"{name} is not a player of this game"
            return d
        d.update(private_view(g, tables, name))
        d["notes"] = private_notes(snap.loaded, str(path), name)
        d["round"], d["rounds"], d["phase"] = g.round, tables.constants.rounds, g.phase
        d["leader"], d["price"], d["game_over"] = g.leader, g.market.price, g.game_over
        return d
    return snap.get("p:" + name, make)


def actions_data(snap: Snapshot, tables, name: str, path=None) -> dict:
    """CONTRACT's actions.json: {"player", "actions": [...]}: what `games/rigs/legal` lists,
    and the leader's table controls (nothing when the file does not load now)."""
    def make():
        from rigs_helper.games.rigs import legal
        from rigs_helper.web.leader import leader_actions

        if snap.loaded is None or not any(p.name == name for p in snap.loaded.game.players):
            return {"player": name, "actions": []}
        g = snap.loaded.game
        d = legal.actions_json(g, tables, name)
        return {**d, "actions": d["actions"] + leader_actions(g, tables, name, snap.loaded,
                                                              path)}
    return snap.get("a:" + name, make)


# ---------------------------------------------------------------------------- the parts


def _owners(game, me: str) -> dict[str, str]:
    """Whose plot each other player's plot is ("P22 Desert (Bo) — ..."); one's own plots
    go without a name."""
    return {x.id.upper(): p.name for p in game.players for x in p.plots if p.name != me}


def _attack_words(game, tables, name: str) -> str | None:
    a = game.waits.attack
    if a is None or name not in a.waiting():
        return None
    from rigs_helper.games.rigs.engine import title_of

    title = title_of(tables, 'karma', a.card)
    if name == a.splitter:
        return f"{a.player}'s {title} turned back: split what {a.player} lost"
    return f"{a.player} plays {title}: answer it"


def decisions(game, tables, d: dict, acts: list[dict], owners: dict) -> list[dict]:
    """[{"title", "forms": [...], "row": bool}]: what waits for this player now."""
    name = d["name"]
    over_limit = game.phase == "player" and len(d["hand"]) > d["hand_limit"]
    out: list[dict] = []
    by: dict[str, list[dict]] = {}
    for a in acts:
        by.setdefault(a["action"], []).append(a)
    if by.get("answer"):
        out.append({"title": _attack_words(game, tables, name) or "Answer the Karma card",
                    "forms": [forms.decision(tables, by["answer"], owners, "Answer",
                                              "Your answer")],
                    "row": False})
    for acc in by.get("deal accept", []):
        deal = (acc["params"].get("deal") or {}).get("values", [""])[0]
        dec = next((x for x in by.get("deal decline", [])
                    if (x["params"].get("deal") or {}).get("values", [""])[0] == deal), None)
        title = str(acc.get("label", "")).removeprefix("Accept ")
        f = forms.form(tables, acc, owners, "Accept")
        if dec:  # one form: its second button declines
            f["also"] = {"name": "action", "value": "deal decline", "label": "Decline"}
        out.append({"title": title[:1].upper() + title[1:], "forms": [f], "row": False})
    me = game.player(name)
    for kind in DECIDE[3:]:
        if kind == "grant" and by.get(kind):
            out.append({"title": "Land Grant", "row": False,
                        "forms": [designed.grant(tables, by[kind], owners, game.leader)]})
            continue
        if by.get(kind) and kind in DESIGNED:
            title, f = DESIGNED[kind](game, tables, me, by[kind], owners)
            out.append({"title": title, "row": False, "forms": [f]})
            continue
        if kind == "disaster record" and by.get(kind):
            out.append({"title": "Your Disaster card: record the card dealt to you",
                        "row": False, "forms": [forms.disaster(tables, by[kind])]})
            continue
        if by.get(kind):
            same = by[kind]
            title = same[0].get("label") or kind
            if len(same) > 1:  # one decision, one form
                title = str(title).split(":")[0]
            out.append({"title": title, "row": False,
                        "forms": [forms.decision(tables, same, owners)]})
    if _market_due(game, tables):
        for a in by.get("next", []):
            out.append({"title": "Everyone is done: draw the Market card and record it",
                        "row": False, "forms": [designed.market(tables, a)]})
    if over_limit:
        for a in by.get("karma discard", []):
            out.append({"title": f"You hold {len(d['hand'])} Karma cards: keep at most "
                        f"{d['hand_limit']}", "row": False,
                        "forms": [forms.form(tables, a, owners)]})
    return out


def _lose(game, tables, me, acts, owners):
    places = {"warehouse": me.warehouse_rigs, **{x.id: x.rigs for x in me.plots}}
    n = me.owed_rigs
    return (f"You lose {n} RIGS: where from?",
            designed.lose(tables, acts, n, places, owners))


def _settle(game, tables, me, acts, owners):
    taking = not me.must_discard
    total: dict = next((c for c in acts[0].get("constraints") or () if "sum" in c), {})
    n = total.get("equals") or total.get("max") or me.may_take or me.must_discard
    title = f"Take up to {n} resources" if taking else f"Throw away {n} resources"
    return title, designed.settle(tables, acts[0], taking)


def _roll(game, tables, me, acts, owners):
    return "A tie for Expedition Leader: roll a die", designed.roll(tables, acts[0])


def _karma_draw(game, tables, me, acts, owners):
    from rigs_helper.games.rigs.state import OWED_DRAW

    n = me.owed_karma or 1
    title = f"Record the {n} Karma cards you drew" if n > 1 else \
        "Record the Karma card you drew"
    if me.disaster_draw not in (None, OWED_DRAW):
        title = "Record the Karma card your Disaster card made you draw"
    return title, designed.karma_owed(tables, acts)


def _score(game, tables, me, acts, owners):
    return "The game is over: record the End Game cards and dice", \
        designed.end_game(tables, acts[0])


#: the decisions with a form designed for them: kind -> (title, form)
DESIGNED = {"lose": _lose, "settle": _settle, "roll": _roll, "karma draw": _karma_draw,
            "score": _score}


def decided(acts: list[dict], game, d: dict, tables=None) -> set[int]:
    """The ids of the actions shown as decisions (the rest go in the groups)."""
    over = game.phase == "player" and len(d["hand"]) > d["hand_limit"]
    due = tables is not None and _market_due(game, tables)
    return {id(a) for a in acts if a["action"] in DECIDE
            or (over and a["action"] == "karma discard") or (due and a["action"] == "next")}


def _market_due(game, tables) -> bool:
    """Everyone is done with Last Call: the leader's Market card is what the table
    waits for (their "End the phase now" shows first)."""
    from rigs_helper.games.rigs.turns import market_due

    return market_due(game, tables)


def groups(tables, acts: list[dict], phase: str, owners: dict) -> list[dict]:
    """The optional actions, grouped by kind: [{"title", "open", "forms"}]."""
    out = []
    rest = list(acts)
    for title, belongs, open_in in GROUPS:
        mine = [a for a in rest if belongs(a["action"])]
        rest = [a for a in rest if not belongs(a["action"])]
        if mine:
            out.append({"title": title, "open": phase in open_in,
                        "forms": _forms(tables, mine, owners)})
    if rest:
        out.append({"title": "More", "open": False, "forms": _forms(tables, rest, owners)})
    return out


def _forms(tables, acts: list[dict], owners: dict) -> list[dict]:
    by: dict[str, list[dict]] = {}
    for a in acts:
        by.setdefault(a["action"], []).append(a)
    out = []
    for same in by.values():
        if forms.mergeable(same):
            out.append(forms.form(tables, forms.merged(same), owners))
        else:
            out += [forms.form(tables, a, owners) for a in same]
    return out


def holdings(tables, p: dict) -> dict:
    """The holdings in short: resources with their icons, plots in a player's words."""
    res = [{"key": k, "short": SHORT.get(k, "¢"), "name": NAMES[k], "n": p[k]}
           for k in ("credits", "energy", "supplies", "metal", "luxuries")]
    plots = []
    for x in p["plots"]:
        on = f"{x['rigs']} RIGS on {NAMES.get(x['harvest'], x['harvest'])}" if x["rigs"] \
            else "no RIGS"
        survey = "not surveyed" if x["survey"] is None else \
            f"survey {x['survey']}" + (" ★" if x["luxury"] else "")
        plots.append({"id": x["id"], "words": plot_words(tables, x["id"]), "on": on,
                      "survey": survey})
    owed = [f"{n} {NAMES.get(r, r)}" for r, n in p["vinnie"].items() if n]
    return {"resources": res, "plots": plots, "rigs": p["warehouse_rigs"],
            "karma": p["karma"], "owed": owed, "disaster": p["disaster"],
            "in_play": p["in_play"], "effects": p["effects"]}


def production_plan(game, tables, name: str, acts: list[dict]) -> dict | None:
    """Each plot: powered or not, what it will produce, the Energy short, and the
    "power"/"skip" forms the rules list for it."""
    if game.phase != "production" or game.game_over:
        return None
    from rigs_helper.games.rigs.production import table_plan

    mine = next(p for p in table_plan(game, tables)["players"] if p["name"] == name)
    can: dict[str, set[str]] = {"power": set(), "skip": set()}
    for a in acts:
        if a["action"] == "produce":
            for k in can:
                can[k] |= set(((a.get("params") or {}).get(k) or {}).get("values") or ())
    unpowered = {u["id"]: u for u in mine["unpowered"]}
    rows = []
    for line in mine["plots"]:
        pid = line["id"]
        u = unpowered.get(pid)
        what = NAMES.get(line["harvest"] or "", "")
        if line["powered"]:
            state, output = "powered", f"{line['output']} {what}".strip()
        elif u and u["skipped"]:
            state, output = "skipped", f"would make {u['would_yield']} {what}"
        elif u:
            state, output = "not powered", f"would make {u['would_yield']} {what}"
        else:
            state, output = "idle", words(line["note"]) or "nothing to make"
        buttons = []
        for verb in ("power", "skip"):
            if pid in can[verb] and not (verb == "power" and line["powered"]) and \
                    not (verb == "skip" and state in ("skipped", "idle")):
                buttons.append(forms.form(tables, {"action": "produce", "params": {
                    verb: {"values": [pid]}}}, label=verb.capitalize()))
        rows.append({"id": pid, "words": plot_words(tables, pid), "state": state,
                     "output": output, "rigs": line["rigs"], "forms": buttons})
    made = ", ".join(f"{n} {NAMES[r]}" for r, n in mine["produced"].items() if n > 0)
    spent = ", ".join(f"{-n} {NAMES[r]}" for r, n in mine["produced"].items() if n < 0)
    return {"rows": rows, "short": mine["energy_short"], "on_hand": mine["energy_on_hand"],
            "vinnie": mine["vinnie_energy"], "made": made or "nothing", "spent": spent}


def outcome(answer: dict | None) -> dict | None:
    if answer is None:
        return None
    if answer.get("ok"):
        lines = [t for t in (words(s) for s in answer.get("said") or []) if t]
        return {"ok": True, "lines": lines or ["Done."]}
    return {"ok": False, "lines": [words(answer.get("error") or "") or "Refused."]}


def player_page(snap: Snapshot, d: dict, token: str, tables, answer: dict | None,
                path=None, join: tuple | None = None) -> str:
    """``join``: (the Host the page was asked on, each player's token): the leader's page
    shows every player's join link and QR code again (a lost link needs no terminal)."""
    base = {"title": f"{d['name']}'s page", "json_url": f"/p/{token}/state.json",
            "etag": d["etag"], "name": d["name"], "token": token,
            "error": words(d["error"]) if d.get("error") else None, "refresh": False}
    if d.get("hand") is None:
        return render("player.html", **base, ready=False)
    game = snap.loaded.game
    acts = actions_data(snap, tables, d["name"], path)["actions"]
    if game.cards == "rigs":  # no card of the table's to record
        acts = [rigs_deals(a) for a in acts if a["action"] != "karma draw"]
    owners = _owners(game, d["name"])
    shown = decided(acts, game, d, tables)
    done = next((a for a in acts if a["action"] == "done"), None)
    optional = [a for a in acts if id(a) not in shown and a["action"] not in
                ("done", "produce")]
    waiting = [w for w in _waits(game, tables) if w["player"] == d["name"]
               and w["what"] != "not done yet"]
    notes = [f"Round {n['round']}: {words(n['text'])}" for n in d["notes"][-10:]]
    from rigs_helper.store.session import moment

    decs = decisions(game, tables, d, acts, owners)
    return render(
        "player.html", **base, ready=True, d=d, outcome=outcome(answer), seen=moment(game),
        phase=str(d["phase"]).title(), decisions=decs,
        waiting=[words(w["what"]) for w in waiting],
        pending=_pending(game, tables, d["name"]),
        # "I'm done" waits while a decision of theirs does (the leader's Land Grant)
        done=forms.form(tables, done) if done and not decs else None,
        done_already=d["name"].lower() in {n.lower() for n in game.done},
        holdings=holdings(tables, d["player"]),
        plan=production_plan(game, tables, d["name"], acts),
        groups=groups(tables, optional, game.phase, owners),
        hand=d["hand"], notes=notes,
        grant=[{"words": plot_words(tables, p["id"])} for p in d["grant"]],
        grant_owed=d.get("grant_owed") or 0,  # a partial set: the group's plots to record
        result=result(snap, tables, d["name"], path),
        join=join_codes(join) if game.leader == d["name"] and join else [],
        value_words=lambda p, v: value_words(tables, p, v, None, owners))


def join_codes(join: tuple) -> list[dict]:
    """Each player's join link with its QR code (inline SVG drawn by segno)."""
    host, tokens = join
    if not host or not tokens:
        return []
    from markupsafe import Markup

    return [{"name": n, "url": f"http://{host}/p/{t}", "svg": Markup(_qr(
        f"http://{host}/p/{t}"))} for n, t in tokens.items()]


@functools.lru_cache(maxsize=64)
def _qr(url: str) -> str:
    """A join link's QR code, drawn once (the leader's page is made at every change: three
    codes drawn each time took 90 ms, two thirds of the page)."""
    from rigs_helper.forecast.bgstats import qr_svg

    return qr_svg(url)


def result(snap: Snapshot, tables, name: str, path=None) -> dict | None:
    """The end of the game on this player's phone: the winner, their own net worth and
    where it came from, their place, and BG Stats' "add play" link (the group's history:
    `forecast/bgstats.link`); None before the final scores."""
    from rigs_helper.web.pages import final_extras, final_scores

    fin = final_scores(snap.loaded.game, tables)
    if fin is None:
        return None
    me = next(r for r in fin["players"] if r["name"] == name)
    place = 1 + sum(1 for r in fin["players"] if r["net_worth"] > me["net_worth"])
    parts = [(NAMES["credits"], me["credits"]), ("Luxuries sold", me["luxuries"]),
             ("Plots", me["plots"]), ("Resources", me["resources"]),
             ("Owed to Vinnie", me["vinnie"])]
    extras = final_extras(path, snap, tables) if path is not None else None
    winners = fin["winners"]
    return {"winners": winners, "won": name in winners, "net_worth": me["net_worth"],
            "place": place, "of": len(fin["players"]),
            "parts": [{"what": w, "n": n} for w, n in parts if n or w == NAMES["credits"]],
            "scores": [{"name": r["name"], "n": r["net_worth"]} for r in fin["players"]],
            "bgstats": (extras or {}).get("url")}


def rigs_deals(action: dict) -> dict:
    """Where rigs deals every card (`rigs new --cards rigs`) a page asks for no card drawn:
    a card rigs may draw is given as ``virtual``, cards drawn because of something are
    left to rigs."""
    params = action.get("params") or {}
    if not any((p or {}).get("record") == "card" and VIRTUAL in ((p or {}).get("values")
                                                                   or ())
               for p in params.values()):
        return action
    out: dict = {}
    for k, p in params.items():
        if (p or {}).get("record") == "card" and VIRTUAL in (p.get("values") or ()):
            if p.get("multiple"):
                continue
            p = {"values": [VIRTUAL]}
        out[k] = p
    return {**action, "params": out}


def _pending(game, tables, name: str) -> list[str]:
    """What waits for this player, in words (the terminal's lines carry the command)."""
    from rigs_helper.games.rigs.views import pending_entries

    return [p.words() for p in pending_entries(game, tables) if p.player == name]


def _waits(game, tables) -> list[dict]:
    from rigs_helper.games.rigs import legal

    return [dict(w) for w in legal.waiting_for(game, tables)]
