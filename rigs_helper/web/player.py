"""A player's page (`/p/TOKEN`): their controls and their secrets.

The forms are made from `rules/legal.actions_json` (what this player may do now, each
parameter with its allowed values), never from a second copy of the rules: one plain HTML
form per action, posted to `/p/TOKEN/act` with a fresh request id, working with
JavaScript off (303 back here, the outcome shown at the top) and smoother with it."""

from __future__ import annotations

import secrets

from rigs_helper.web.layout import (
    e,
    error_line,
    head_line,
    holdings,
    lines,
    page,
    plots_table,
)
from rigs_helper.web.snapshot import Snapshot

CHOICE_BUTTONS = 6  # up to this many values show as buttons to tap, more as a list
LABELS = {"n": "How many", "title": "Card", "new_owner": "New owner"}


def player_data(snap: Snapshot, path, tables, name: str) -> dict:
    """One player's private view (their hand, their Land Grant pick, their news)."""
    def make():
        from rigs_helper.rules.views import private_view
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


def actions_data(snap: Snapshot, tables, name: str) -> dict:
    """CONTRACT's actions.json: {"player", "actions": [...]}: what `rules/legal` lists,
    and the leader's table controls (nothing when the file does not load now)."""
    def make():
        from rigs_helper.rules import legal
        from rigs_helper.web.leader import leader_actions

        if snap.loaded is None or not any(p.name == name for p in snap.loaded.game.players):
            return {"player": name, "actions": []}
        g = snap.loaded.game
        d = legal.actions_json(g, tables, name)
        return {**d, "actions": d["actions"] + leader_actions(g, tables, name)}
    return snap.get("a:" + name, make)


# ---------------------------------------------------------------------------- forms


def _field(name: str, spec: dict) -> str:
    values = spec.get("values")
    required = spec.get("required", True)
    label = e(LABELS.get(name, name.replace("_", " ").capitalize())) + ("" if required else
                                                 ' <span class="muted">(optional)</span>')
    if values is not None:
        values = [str(v) for v in values]
        if spec.get("multiple") or len(values) <= CHOICE_BUTTONS:
            kind = "checkbox" if spec.get("multiple") else "radio"
            one = kind == "radio" and required and len(values) == 1
            opts = "".join(
                f'<label><input type="{kind}" name="{e(name)}" value="{e(v)}"'
                f'{" checked" if one else ""}{" required" if kind == "radio" and required else ""}'
                f'>{e(v)}</label>' for v in values)
            return f'<fieldset><legend>{label}</legend><div class="choices">{opts}</div></fieldset>'
        opts = ('<option value="">Choose</option>' if required else
                '<option value="">-</option>') + "".join(
            f'<option value="{e(v)}">{e(v)}</option>' for v in values)
        return (f'<label class="f">{label}<select name="{e(name)}"'
                f'{" required" if required else ""}>{opts}</select></label>')
    lo, hi = spec.get("min"), spec.get("max")
    if lo is not None or hi is not None:
        bounds = (f' min="{e(lo)}"' if lo is not None else "") + \
                 (f' max="{e(hi)}"' if hi is not None else "")
        value = f' value="{e(lo)}"' if required and lo is not None else ""
        return (f'<label class="f">{label}<input type="number" inputmode="numeric" '
                f'name="{e(name)}"{bounds}{value}{" required" if required else ""}></label>')
    return (f'<label class="f">{label}<input type="text" name="{e(name)}" maxlength="200"'
            f'{" required" if required else ""}></label>')


def action_form(token: str, action: dict) -> str:
    """One action as a form: its fields, a fresh request id, one big button."""
    name = str(action["action"])
    label = action.get("label") or name.capitalize()
    params = action.get("params") or {}
    fields = "".join(_field(str(k), v if isinstance(v, dict) else {})
                     for k, v in params.items())
    return (f'<form class="act" method="post" action="/p/{e(token)}/act">'
            f'<input type="hidden" name="action" value="{e(name)}">'
            f'<input type="hidden" name="request_id" value="{secrets.token_urlsafe(12)}">'
            f'{fields}<button type="submit">{e(label)}</button></form>')


def _spots(tables, plot_type: str) -> str:
    """A plot type's resource spots and End Game cards, in a few words."""
    t = tables.plots[plot_type]
    spots = ", ".join(f"{n} {r.title()}" for r, n in t.spots.items())
    return f"spots {spots}; {t.endgame_cards} End Game card" + \
        ("s" if t.endgame_cards != 1 else "")


def _outcome(answer: dict | None) -> str:
    if answer is None:
        return '<section id="outcome" class="outcome" hidden></section>'
    if answer.get("ok"):
        said = answer.get("said") or ["Done."]
        return ('<section id="outcome" class="outcome good">'
                + "".join(f"<p>{e(s)}</p>" for s in said) + "</section>")
    return (f'<section id="outcome" class="outcome bad"><p>{e(answer.get("error"))}</p>'
            '</section>')


def player_page(snap: Snapshot, d: dict, token: str, tables, answer: dict | None) -> str:
    name = d["name"]
    json_url = f"/p/{token}/state.json"
    if d.get("hand") is None:
        return page(f"{name}'s page", json_url, d["etag"],
                    f"<h1>For {e(name)}'s eyes only</h1>{error_line(d)}", refresh=False)
    acts = actions_data(snap, tables, name)["actions"]
    forms = "".join(f"<section>{action_form(token, a)}</section>" for a in acts)
    cards = "".join(
        f'<section><h2>{e(c["title"])}</h2><p class="muted">{e(c["kind"].title())}'
        + (f' &middot; when: {e(str(c["timing"]).replace("_", " "))}' if c["timing"] else "")
        + f'</p><p>{e(c["effect"])}</p></section>' for c in d["hand"])
    grant = ""
    if d["grant"] or d.get("grant_owed"):
        owed = d.get("grant_owed")  # a partial set: virtual plots, and some of the group's
        grant = ("<section><h2>Land Grant: the plots drawn</h2><ul>" + "".join(
            f'<li>{"Virtual plot for this grant: " if owed else ""}{e(p["id"])} '
            f'{e(p["name"])}: {e(_spots(tables, p["type"]))}</li>' for p in d["grant"])
            + (f'<li>Draw {e(owed)} from your Plot pile and record them below.</li>'
               if owed else "") + "</ul></section>")
    notes = [f'Round {n["round"]}: {n["text"]}' for n in d["notes"][-10:]]
    body = (f'<h1>For {e(name)}\'s eyes only</h1>{error_line(d)}{head_line(d)}'
            f'{_outcome(answer)}'
            f'<h2>Your move</h2>'
            + (f'<div class="grid" id="actions">{forms}</div>' if forms else
               '<p class="muted" id="actions">Nothing to do now.</p>')
            + f'<a class="button" href="/p/{e(token)}">Refresh</a>'
            f'{grant}<h2>Karma hand ({len(d["hand"])}, at most {e(d["hand_limit"])} when the '
            f'Player Phase ends)</h2>'
            + (f'<div class="grid" id="hand">{cards}</div>' if cards else
               '<p class="muted">No Karma card in your hand.</p>')
            + f'<div class="grid"><section><h2>Waiting for you</h2>'
            f'{lines(d["pending"], "Nothing.")}</section>'
            f'<section><h2>Lately, for you</h2>{lines(notes, "Nothing.")}</section>'
            f'<section><h2>Your holdings</h2>{holdings(d["player"])}'
            f'{plots_table(d["player"]["plots"], tables)}</section></div>'
            '<p class="muted">Keep this page to yourself: it shows your Karma hand.</p>')
    return page(f"{name}'s page", json_url, d["etag"], body, refresh=False)
