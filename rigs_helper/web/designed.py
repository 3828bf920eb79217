"""The decisions with a form designed for each (issue #38, "One decision, one form"):
RIGS to lose, resources to throw away or take, an owed Karma card, a die, the Market card,
the End Game record and the Land Grant; each built from the legal list's candidates for
that decision (`games/rigs/legal`), its fields labelled in the table's words, the common case
one or two taps.  A ``taps`` field sends the form with the value tapped (a die, the
Market card)."""

from __future__ import annotations

import secrets

from rigs_helper.web.forms import decision, die_field, form, rules_words
from rigs_helper.web.words import NAMES, VIRTUAL, param_words, plot_words, value_words


def _new(action: str, label: str | None, fields: list[dict], rules=()) -> dict:
    return {"action": action, "label": label, "fields": fields, "rules": list(rules),
            "request_id": secrets.token_urlsafe(12)}


def taps(f: dict) -> dict:
    """A field whose every value is a button that sends the form (one tap)."""
    return {**f, "kind": "taps"}


def roll(tables, action: dict) -> dict:
    """A tied player's die for Expedition Leader: six buttons, one tap sends it (and
    "Roll it for us" where rigs may roll)."""
    spec = (action.get("params") or {}).get("die") or {}
    return _new(str(action["action"]), None,
                [taps(die_field("die", spec, "What did you roll?"))])


MARKET_CARD = "The Market card you drew"


def market(tables, action: dict) -> dict:
    """The leader's Market card: each kind of card left is a button that sends it (one
    tap), "Draw it for us" where rigs may draw it.  Nothing to record (a virtual card of
    a partial set): one button."""
    spec = (action.get("params") or {}).get("card")
    if not spec:
        return form(tables, action, None, "Draw it for us")
    values = [str(v) for v in spec.get("values") or ()]
    if values == [VIRTUAL]:  # rigs deals every card: nothing to record
        return _new(str(action["action"]), "Draw it for us", [
            {"name": "card", "label": MARKET_CARD, "required": True, "record": "card",
             "kind": "given", "options": [{"value": VIRTUAL, "label": VIRTUAL}]}])
    f = {"name": "card", "label": MARKET_CARD, "required": True, "record": "card",
         "kind": "taps", "options": [{"value": v, "label": v} for v in values
                                     if v != VIRTUAL]}
    if VIRTUAL in values:
        f["quick"] = {"name": "card", "value": VIRTUAL, "label": "Draw it for us"}
    return _new(str(action["action"]), None, [f])


def lose(tables, actions: list[dict], owed: int, places: dict[str, int],
         owners: dict | None = None) -> dict:
    """RIGS to lose: where from (each place with its RIGS there, the first chosen) and
    how many (starting at the most that place can give: the common case loses every RIGS
    owed in one place, one tap)."""
    per: dict[str, list] = {}
    for a in actions:
        p = a.get("params") or {}
        for v in (p.get("from") or {}).get("values") or ():
            n = p.get("n") or {}
            per[str(v)] = [n.get("min", 1), n.get("max", owed)]
    if not per:
        return decision(tables, actions, owners)
    first = next(iter(per))
    opts = [{"value": v, "label": f"{value_words(tables, 'from', v, None, owners)} "
             f"({places.get(v, 0)} RIGS)"} for v in per]
    where = {"name": "from", "label": "Where they go from", "required": True,
             "record": None, "kind": "buttons", "chosen": first, "options": opts}
    many = {"name": "n", "label": "RIGS you lose there", "required": True, "record": None,
            "kind": "stepper", "min": per[first][0], "max": per[first][1],
            "value": per[first][1], "none": False, "by": "from", "per": per,
            "start": "max"}
    return _new(str(actions[0]["action"]), "Lose them", [where, many])


def settle(tables, action: dict, taking: bool) -> dict:
    """Resources to throw away or to take: a button per resource that covers it all
    ("Throw away 3 Metal": one tap), else one stepper per resource, labelled with what it
    does, the total said in words.  Where only one way is left (every resource held
    goes), the steppers start there (one tap)."""
    f = form(tables, action, None, "Take them" if taking else "Throw them away")
    verb = "to take" if taking else "to throw away"
    for x in f["fields"]:
        x["label"] = f"{x['label']} {verb}"
    total: dict = next((c for c in action.get("constraints") or () if "sum" in c), {})
    n = total.get("equals", total.get("max")) or 0  # owed, or the most one may take
    if not taking and n == sum(x.get("max") or 0 for x in f["fields"]):
        for x in f["fields"]:  # everything held goes: nothing to choose (one tap)
            x["value"] = x.get("max")
    else:  # one tap: all of it from one resource
        verb = "Take" if taking else "Throw away"
        f["only"] = [{"value": f"{x['name']}={n}",
                      "label": f"{verb} {n} {NAMES.get(x['name'], x['name'])}"}
                     for x in f["fields"] if n and (x.get("max") or 0) >= n]
    for x in f["fields"]:
        x["required"] = True  # each one a number (0: none of it), nothing optional
    for r in f["rules"]:
        if r.get("sum"):
            lo, hi = r.get("min"), r.get("max")
            r["text"] = ("Take " if taking else "Throw away ") + (
                f"{lo}" if lo == hi else f"{lo} to {hi}") + " in all"
    return f


def karma_owed(tables, actions: list[dict]) -> dict:
    """The owed Karma cards, one form: the card drawn at the table (one list of the deck's
    titles; "Draw it for us" where the deck lets rigs draw it); several owed (a card
    played made them draw): one list per card drawn, in order, the first needed and the
    others "Not drawn yet" (recorded later), and "Draw them for us" for them all."""
    f = decision(tables, actions, None, "Record it")
    for x in f["fields"]:
        if x["name"] != "card":
            continue
        if x["kind"] == "repeat":  # several: a list per card drawn
            x["label"] = "The Karma cards you drew"
            x["slots"][0]["need"] = True
            f["label"] = "Record them"
            if all(VIRTUAL in [o["value"] for o in s["options"]] for s in x["slots"]):
                f["only"] = [{"value": "&".join(["card=" + VIRTUAL] * len(x["slots"])),
                              "label": "Draw them for us"}]
            continue
        x["label"] = "The Karma card you drew"
        x["kind"] = "select" if x["kind"] != "given" else "given"
        if x.get("quick"):
            x["quick"]["label"] = "Draw it for us"
    if all(x["kind"] == "given" for x in f["fields"]):  # rigs' card only (virtual)
        f["label"] = "Draw it for us"
    return f


PAIR = " + "


def end_game(tables, action: dict) -> dict:
    """The End Game record, one form: per plot type the End Game card(s) drawn for it as
    buttons (a type that draws two: one button per pair of values, in any order: their
    sum counts), a type left blank drawn by rigs; per resource the die rolled (six
    buttons) where the table rolls, none where rigs rolls."""
    from itertools import combinations_with_replacement

    params = action.get("params") or {}
    fields = []
    for name, spec in params.items():
        if spec.get("record") == "die":
            values = [str(v) for v in spec.get("values") or ()]
            if values == [VIRTUAL]:
                continue  # rigs rolls it: nothing to ask
            fields.append(die_field(name, spec, param_words(name, "die")))
            continue
        values = [str(v) for v in spec.get("values") or () if str(v) != VIRTUAL]
        if not values:
            continue  # rigs draws them (rigs deals every card)
        k = spec.get("max", 1) if spec.get("repeat") else 1
        ordered = sorted(values, key=lambda v: (len(v), v))
        combos = [",".join(c) for c in combinations_with_replacement(ordered, k)]
        word = "the End Game card you drew" if k == 1 else \
            f"the {k} End Game cards you drew"
        fields.append({"name": name, "label": f"{param_words(name)}: {word}",
                       "required": False, "record": "card", "kind": "buttons",
                       "chosen": None, "options": [{"value": c, "label": c.replace(
                           ",", PAIR)} for c in combos]})
    # each value at most as often as the End Game deck still holds it (the page's script
    # counts it in every pair chosen: "10: at most 3" waits for a "10 + 10" changed)
    rules = [{**r, "text": f"Cards of {r['value']}: at most {r['max']} (no more left)"}
             for r in rules_words({"constraints": action.get("constraints") or ()})
             if r.get("value") and any(f["name"] in r["sum"] for f in fields)]
    rules += [{"text": "A plot type left blank: rigs draws its cards."}] if any(
        f.get("record") == "card" for f in fields) and any(
        VIRTUAL in [str(v) for v in (s.get("values") or ())] for s in params.values()
        if s.get("record") == "card") else []
    return _new("score", "Score the game", fields, rules)


def grant_deals(tables, action: dict, leader: str, owners: dict | None = None) -> dict:
    """The Land Grant as the table dealt it (the plots drawn at the table: rigs hands
    none out): the plot the leader keeps (none chosen), then each other player's plot,
    one list each, starting at the plots drawn in order (a different one each): the
    common case is two taps; every way is checked by the rules."""
    deals = [str(v) for v in ((action.get("params") or {}).get("give") or {})
             .get("values") or ()]
    per: dict[str, list[str]] = {}
    for d in deals:
        for item in d.split(","):
            who, _, pid = item.partition("=")
            if pid not in per.setdefault(who, []):
                per[who].append(pid)
    fields = []
    every = set(deals)
    drawn = list(dict.fromkeys(pid for plots in per.values() for pid in plots))
    used: set[str] = set()
    for who, plots in per.items():
        opts = [{"value": f"{who}={pid}", "label": plot_words(tables, pid)} for pid in plots]
        if who == leader:
            # (the plot kept: none chosen, so the form is never sent without the leader
            # saying which; the others' lists hold the rest, in the order drawn)
            fields.append({"name": "give", "label": "The plot you keep", "required": True,
                           "record": "card", "kind": "buttons", "chosen": None,
                           "options": opts})
            continue
        # (each other player: the next plot drawn, a different one each, one left for
        # the leader: the common case is the leader's plot and one tap to send; the
        # page's script keeps them different as the leader changes them)
        need = all(f"{who}=" in d for d in every)  # (too few plots: some get none)
        free = [pid for pid in plots if pid not in used]
        chosen = None
        if free and (need or len(used) + 2 <= len(drawn)):
            used.add(free[0])
            chosen = f"{who}={free[0]}"
        fields.append({"name": "give", "label": f"The plot you handed to {who}",
                       "required": need, "record": "card", "kind": "select",
                       "options": opts, "blank": "Choose" if need else "None",
                       "chosen": chosen})
    f = _new("grant", "Record who got which", fields)
    f["distinct"] = "give"
    return f


def grant(tables, actions: list[dict], owners: dict[str, str] | None = None,
          leader: str | None = None) -> dict:
    """The leader's Land Grant, one form: where the table holds the cards and has not
    recorded them yet, the plots drawn at the table (one list per plot) with "Draw it for
    us" (rigs draws them); then the plot kept and the others' turns; where the table
    drew and recorded them, who received which (:func:`grant_deals`: rigs hands out none
    of the table's plots)."""
    mine = [a for a in actions if "give" not in (a.get("params") or {})]
    rigs_draws = next((a for a in mine if ((a.get("params") or {}).get("card") or {})
                       .get("values") == [VIRTUAL]), None)
    record = next((a for a in mine if a is not rigs_draws and "card" in
                   (a.get("params") or {})), None)
    if rigs_draws is not None and record is not None:
        f = form(tables, record, owners, "Record the plots drawn")
        f["fields"][0]["label"] = "The plot cards you drew"
        f["fields"][0]["quick"] = {"name": "card", "value": VIRTUAL,
                                   "label": "Draw it for us", "for": ["card"]}
        return f
    keep = [a for a in mine if "plot" in (a.get("params") or {})]
    deals = [a for a in actions if "give" in (a.get("params") or {})]
    if deals and not keep and leader:  # the table deals the plots it drew: its record
        return grant_deals(tables, deals[0], leader, owners)
    if keep:
        f = form(tables, keep[0], owners, "Keep this plot")
        for x in f["fields"]:
            if x["name"] == "plot":
                x["label"] = "The plot you keep"
                x["chosen"] = None
        return f
    return decision(tables, mine or actions, owners)
