"""Every form on a player's page, made GENERICALLY from the legal-actions list
(`actions.json`): no form knows an action by name, so a parameter the rules add shows
by its kind.

- finite values: buttons to tap (up to CHOICE_BUTTONS), else a list; several values
  (``multiple``): boxes to tick; values that may come back (``repeat``): one list per
  value given; a value that is an order of players ("Bo,Cy,Dee"): one list of orders
- ``min``/``max``: a stepper (−, + and +5 when the bound is 20 or more) within the
  bounds, shown beside the label; it starts at the smallest legal value (an optional
  number given only as 1 or more starts at 0: left there, it is not given)
- ``"record": "card"|"die"``: "What did you draw/roll?"; when ``virtual`` is a listed
  value, a button of its own sends it ("Draw it for us": rigs draws); one die (1 to 6):
  six buttons
- ``total`` and ``constraints``: said in words above the button, and checked by the
  form where the browser can (the page's script adds the numbers up as they change)

A single allowed value of a required parameter is given, not asked; the first value of a
required choice is chosen already (one tap fewer; the rules' check decides)."""

from __future__ import annotations

import secrets

from rigs_helper.web.words import VIRTUAL, param_words, value_words

CHOICE_BUTTONS = 6  # up to this many values show as buttons to tap, more as a list


DIE_FACES = [str(n) for n in range(1, 7)]


def die_field(name: str, spec: dict, label: str) -> dict:
    """The table's die as six buttons ("what did you roll?"), "Roll it for us" beside
    them where rigs may roll (``virtual`` listed)."""
    lo, hi = spec.get("min") or 1, spec.get("max") or 6
    out = {"name": name, "label": label, "required": spec.get("required", True),
           "record": "die", "kind": "buttons", "chosen": None, "die": True,
           "options": [{"value": v, "label": v} for v in DIE_FACES if lo <= int(v) <= hi]}
    if VIRTUAL in [str(v) for v in spec.get("values") or ()]:
        out["quick"] = {"name": name, "value": VIRTUAL, "label": "Roll it for us"}
    return out


def field(tables, name: str, spec: dict, owners: dict[str, str] | None = None) -> dict:
    """One parameter as a field: {"name", "label", "kind", "required", ...}."""
    required = spec.get("required", True)
    record = spec.get("record")
    if record is None and VIRTUAL in (spec.get("values") or ()):  # rigs may draw it
        record = "die" if name in ("roll", "die") else "card"
    out = {"name": name, "label": param_words(name, record), "required": required,
           "record": record}
    if spec.get("per"):  # a merged deal's: the values or bounds for each "to"
        out["by"], out["per"] = "to", spec["per"]
    values = spec.get("values")
    if record == "die" and not spec.get("multiple") and "min" in spec and \
            {str(v) for v in values or ()} <= {VIRTUAL}:  # one die: six buttons
        return die_field(name, spec, out["label"])
    if values is not None:
        values = [str(v) for v in values]
        if VIRTUAL in values and len(values) > 1 and not spec.get("multiple"):
            # rigs's own draw: a button of its own beside the form's (one tap)
            out["quick"] = {"name": name, "value": VIRTUAL,
                            "label": value_words(tables, name, VIRTUAL, record)}
            values = [v for v in values if v != VIRTUAL] + [VIRTUAL]  # and last in a list
        opts = [{"value": v, "label": value_words(tables, name, v, record, owners)}
                for v in values]
        if spec.get("repeat") or (spec.get("multiple") and record == "card"):
            # cards drawn: one list per card (never a box per title)
            lo = spec.get("min", 1) if spec.get("repeat") else 0
            hi = spec.get("max", spec.get("min", 1))
            if values == [VIRTUAL] and required and not spec.get("ordered"):
                # rigs draws every one (a deck the group lacks): nothing to ask
                return {**out, "kind": "given", "options": opts, "count": hi}
            each = spec.get("ordered") or [values] * hi  # (the i-th value's choices)
            return {**out, "kind": "repeat", "options": opts, "slots": [
                {"need": i < lo, "options": [o for o in opts if o["value"] in each[i]]}
                for i in range(hi)]}
        if spec.get("multiple"):
            return {**out, "kind": "checks", "options": opts, "min": spec.get("min"),
                    "max": spec.get("max")}
        if required and len(values) == 1:
            return {**out, "kind": "given", "options": opts}
        if all("," in v for v in values) or len(values) > CHOICE_BUTTONS:
            return {**out, "kind": "select", "options": opts}
        return {**out, "kind": "buttons", "options": opts,
                "chosen": values[0] if required else None}
    lo, hi = spec.get("min"), spec.get("max")
    if lo is not None or hi is not None:
        if record == "die":
            lo, hi = lo or 1, hi or 6
        # starts at the smallest legal value: an optional one at 0 (not given: the
        # page's script leaves it out), its bounds shown beside its label
        low = lo if required or lo is None else 0
        return {**out, "kind": "stepper", "min": low, "max": hi,
                "value": low if low is not None else None, "none": low != lo}
    return {**out, "kind": "text"}


def rules_words(action: dict) -> list[dict]:
    """The action's ``total`` and ``constraints`` in words, each with what the page's
    script checks: {"text", "sum": [...], "min", "max"} or {"text"}."""
    out = []
    total = action.get("total")
    items = list(action.get("constraints") or [])
    if total:
        items.insert(0, {"sum": total.get("params", []), "min": total.get("min"),
                         "max": total.get("max")})
    for c in items:
        if "sum" in c:
            names = ", ".join(param_words(p) for p in c["sum"])
            lo, hi = c.get("equals", c.get("min")), c.get("equals", c.get("max"))
            if lo == 1 and (hi is None or hi >= 20):  # the bound above is no news
                text = f"Give at least one of: {names}"
            elif lo is not None and lo == hi:
                text = f"{names}: {lo} in all"
            elif lo is not None and hi is not None:
                text = f"{names}: {lo} to {hi} in all"
            else:
                text = f"{names}: at least {lo} in all" if lo is not None else \
                    f"{names}: at most {hi} in all"
            out.append({"text": text, "sum": list(c["sum"]), "min": lo, "max": hi})
        elif "at_least_one" in c:
            out.append({"text": "Give at least one of: " +
                        ", ".join(param_words(p) for p in c["at_least_one"]),
                        "sum": list(c["at_least_one"]), "min": 1, "max": None})
        elif "at_most" in c:  # a value chosen at most so many times (what a deck holds)
            counted = list(c.get("params") or [c.get("param")])
            for value, most in c["at_most"].items():
                out.append({"text": f"{str(value).title()}: at most {most} (no more left)",
                            "sum": counted, "min": None, "max": most,
                            "value": str(value)})
        elif "distinct" in c:
            out.append({"text": "Each different: " +
                        ", ".join(param_words(p) for p in c["distinct"])})
    return out


def form(tables, action: dict, owners: dict[str, str] | None = None,
         label: str | None = None) -> dict:
    """One action as a form: its fields, a fresh request id, one big button."""
    params = action.get("params") or {}
    return {"action": str(action["action"]), "label": label or action.get("label")
            or str(action["action"]).capitalize(),
            "fields": [field(tables, str(k), v if isinstance(v, dict) else {}, owners)
                       for k, v in params.items()],
            "rules": rules_words(action), "request_id": secrets.token_urlsafe(12)}


def merged(actions: list[dict]) -> dict:
    """Actions of one name that differ by a one-valued ``to`` (a deal to each other
    player) as one action with a "to" choice; each other parameter takes every value
    and the widest bounds any of them lists, each ``at_least_one`` every name any of
    them lists there; ``per`` (where they differ): each player's own values or [min, max]
    (the page's script offers only those of the player chosen; the rules decide the rest)."""
    first = actions[0]
    params: dict[str, dict] = {}
    deal = mergeable(actions)  # each to one player ("to"): each one's own values
    for a in actions:
        to = str(a["params"]["to"]["values"][0]) if deal else None
        for k, spec in (a.get("params") or {}).items():
            have = params.setdefault(k, dict(spec))
            if to is not None and k != "to":  # what this player may put in a deal to ``to``
                have.setdefault("per", {})[to] = (
                    [str(v) for v in spec["values"]] if "values" in spec
                    else [spec.get("min"), spec.get("max")])
            if "values" in spec:
                have["values"] = list(dict.fromkeys([*have.get("values", []),
                                                     *spec["values"]]))
            for b, pick in (("min", min), ("max", max)):
                if b in spec and b in have:
                    have[b] = pick(have[b], spec[b])
            if not spec.get("required", True):
                have["required"] = False
    for k, have in params.items():  # a field some of them lack is not asked of every one
        if any(k not in (a.get("params") or {}) for a in actions):
            have["required"] = False
    for have in params.values():  # the same for every player: nothing to follow
        per = have.get("per") or {}
        if len(per) == len(actions) and len({repr(x) for x in per.values()}) < 2:
            have.pop("per", None)
    constraints = [dict(c) for c in first.get("constraints") or ()]
    for a in actions[1:]:
        for c, more in zip(constraints, a.get("constraints") or ()):
            if "at_least_one" in c and "at_least_one" in more:
                c["at_least_one"] = list(dict.fromkeys([*c["at_least_one"],
                                                        *more["at_least_one"]]))
    label = str(first.get("label", "")).split(" to ")[0]
    out = {**first, "params": params, "label": label}
    if constraints:
        out["constraints"] = constraints
    return out


def mergeable(actions: list[dict]) -> bool:
    return len(actions) > 1 and all(
        len((a.get("params") or {}).get("to", {}).get("values") or ()) == 1
        for a in actions)


# ------------------------------------------------------------ designed decision forms
# One form per decision (DESIGN "One decision, one form"): fed by the legal list's
# candidates for that decision, its fields labelled in the table's words.

DISASTER_CARD = "Your Disaster card"
DISASTER_KARMA = "The Karma card it makes you draw"


def disaster(tables, actions: list[dict]) -> dict:
    """The Disaster card dealt to this player, one form: the card (every title listed by
    any of the "disaster record" candidates), and, shown only when the card chosen hurts
    (the candidate that lists ``karma``), the Karma card it makes them draw (left blank:
    recorded later).  "Draw it for us" posts ``card=virtual`` alone (rigs draws both)."""
    cards: dict[str, bool] = {}
    karma: list[str] = []
    rigs_may = False  # "virtual" listed: rigs may draw it
    for a in actions:
        params = a.get("params") or {}
        hurts = "karma" in params
        for v in (params.get("card") or {}).get("values") or ():
            rigs_may = rigs_may or str(v) == VIRTUAL
            if str(v) != VIRTUAL:
                cards[str(v)] = cards.get(str(v), False) or hurts
        if hurts:
            karma += [str(v) for v in params["karma"].get("values") or ()
                      if str(v) not in karma]
    if not cards:  # the card dealt is one of rigs' (a partial set): nothing to record
        return {"action": "disaster record", "label": "Draw it for us (a virtual card)",
                "fields": [{"name": "card", "label": DISASTER_CARD, "required": True,
                            "record": "card", "kind": "given",
                            "options": [{"value": VIRTUAL, "label": VIRTUAL}]}],
                "rules": [], "request_id": secrets.token_urlsafe(12)}
    card = {"name": "card", "label": DISASTER_CARD, "required": True, "record": "card",
            "kind": "buttons" if len(cards) <= 16 else "select", "chosen": None,
            "options": [{"value": v, "label": v} for v in sorted(cards)]}
    if rigs_may:
        card["quick"] = {"name": "card", "value": VIRTUAL, "label": "Draw it for us",
                         "for": ["card", "karma"]}
    fields = [card]
    if karma and karma != [VIRTUAL]:  # (rigs' card only: nothing to ask, rigs draws it)
        opts = [{"value": v, "label": v} for v in sorted(karma, key=str.lower)
                if v != VIRTUAL]
        if VIRTUAL in karma:
            opts.append({"value": VIRTUAL, "label": "Draw it for us (rigs draws it)"})
        fields.append({"name": "karma", "label": DISASTER_KARMA, "required": False,
                       "record": "card", "kind": "select", "options": opts,
                       "blank": "Not drawn yet (record it later)", "when": "card",
                       "shows": [v for v, h in cards.items() if h]})
    return {"action": "disaster record", "label": "Record", "fields": fields, "rules": [],
            "request_id": secrets.token_urlsafe(12)}


def _widen(have: dict, more: dict) -> None:
    """One field that candidates list differently where one is a list per value (one die
    or two dice, one card drawn or two): the widest, each list every value either
    offers there, needed only where both need it (the rules' check decides the rest)."""
    if have.get("count") or more.get("count"):  # rigs draws them all: as many lists
        if have.get("count") == more.get("count"):
            return
        for f in (have, more):
            if f.get("count"):
                f.update({"kind": "repeat", "slots": [
                    {"need": True, "options": f["options"]}] * f.pop("count")})
    if "repeat" not in (have["kind"], more["kind"]):
        return

    def slots(f: dict) -> list[dict]:
        return f["slots"] if f["kind"] == "repeat" else [
            {"need": f["required"], "options": f.get("options") or []}]

    a, b = slots(have), slots(more)
    none: dict = {"need": False, "options": []}
    order = {o["value"]: o for f in (more, have) if f["kind"] == "repeat"
             for o in f["options"]}
    for f in (have, more):
        order.update({o["value"]: o for o in f.get("options") or ()
                      if o["value"] not in order})
    quick = have.get("quick") or more.get("quick")
    rank = [v for v in order if not (quick and v == VIRTUAL)]  # (its own button)
    wide = []
    for i in range(max(len(a), len(b))):
        x, y = (a[i] if i < len(a) else none), (b[i] if i < len(b) else none)
        values = {o["value"] for o in [*x["options"], *y["options"]]}
        wide.append({"need": x["need"] and y["need"],
                     "options": [order[v] for v in rank if v in values]})
    have.update({"kind": "repeat", "options": [order[v] for v in rank], "slots": wide})
    have.pop("chosen", None)
    if quick:
        have["quick"] = quick


def decision(tables, actions: list[dict], owners: dict[str, str] | None = None,
             label: str | None = None, ask: str | None = None) -> dict:
    """The candidates of one decision (the same action, each listing its own parameters)
    as one form: the parameter they all share whose values tell them apart is asked
    first ("Take it" or a protection card), and each other field shows only when a value
    of it that lists the field is chosen (the page's script; without it every field
    shows and the rules' check decides)."""
    if len(actions) == 1:
        return form(tables, actions[0], owners, label)
    specs = [a.get("params") or {} for a in actions]
    shared = [k for k in specs[0] if all(k in s for s in specs)]
    key = next((k for k in shared if len({tuple(map(str, (s[k].get("values") or ())))
                                           for s in specs}) > 1), None)
    if key is None:  # nothing tells them apart: the widest one (the rules decide)
        return form(tables, merged(actions), owners, label)
    values: list[str] = []
    for s in specs:
        values += [str(v) for v in s[key].get("values") or () if str(v) not in values]
    head = field(tables, key, {**specs[0][key], "values": values}, owners)
    if head["kind"] == "given":  # one value each, yet not the same: a choice
        head["kind"] = "buttons"
    head["chosen"] = None
    if ask:
        head["label"] = ask
    fields = [head]
    seen: dict[str, dict] = {}
    for s in specs:
        own = [str(v) for v in s[key].get("values") or ()]
        for k, spec in s.items():
            if k == key:
                continue
            if k in seen:
                seen[k]["shows"] += [v for v in own if v not in seen[k]["shows"]]
                _widen(seen[k], field(tables, k, spec, owners))
                continue
            f = field(tables, k, spec, owners)
            if f["kind"] == "given" and not f.get("count"):
                f["kind"] = "select"
            f["when"], f["shows"] = key, list(own)
            seen[k] = f
            fields.append(f)
    for o in head.get("options") or ():  # which fields each value shows
        o["shows"] = [f["name"] for f in fields[1:] if o["value"] in f["shows"]]
    constraints = [c for a in actions for c in a.get("constraints") or ()]
    return {"action": str(actions[0]["action"]), "label": label or "Send",
            "fields": fields, "rules": rules_words({"constraints": constraints}),
            "request_id": secrets.token_urlsafe(12)}
