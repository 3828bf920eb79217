"""The phone forms are made from the legal-actions list by each parameter's kind, never by
an action's name (web/forms.py): an action the rules list tomorrow, with parameters of
the kinds CONTRACT "Exact legal actions" names (``record``, ``virtual``, ``constraints``),
renders without a change to the pages."""

from __future__ import annotations

import re

ACTION = {
    "action": "tomorrow", "label": "Do the new thing",
    "params": {
        "who": {"values": ["Bo"]},
        "side": {"values": ["left", "right", "up"]},
        "plot": {"values": ["P16", "P22"]},
        "title": {"values": [f"Card {i}" for i in range(9)]},
        "resource": {"values": ["energy", "metal"], "multiple": True, "min": 1, "max": 2},
        "type": {"values": ["valley", "ridge"], "min": 2, "max": 3, "multiple": True,
                 "repeat": True},
        "n": {"min": 1, "max": 4},
        "extra": {"min": 1, "max": 9, "required": False},
        "roll": {"min": 1, "max": 6, "record": "die"},
        "card": {"values": ["Safe", "Raid", "virtual"], "record": "card"},
    },
    "constraints": [{"sum": ["n", "extra"], "equals": 5}, {"at_least_one": ["extra"]},
                    {"distinct": ["side", "plot"]}],
}


def rendered(tables) -> str:
    from rigs_helper.web import forms
    from rigs_helper.web.templating import environment

    macro = environment().get_template("forms.html").module.act
    return str(macro("tok", forms.form(tables, ACTION, {"P22": "Bo"})))


def test_a_new_action_renders_by_its_parameters_kinds(tables):
    page = rendered(tables)
    assert '<input type="hidden" name="action" value="tomorrow">' in page
    assert '<input type="hidden" name="who" value="Bo">' in page  # one value: given
    assert re.findall(r'type="radio" name="side" value="(\w+)"( checked)?', page) == [
        ("left", " checked"), ("right", ""), ("up", "")]  # buttons, the first chosen
    assert 'value="P16" checked required>P16 Valley — 2E 2S 2M<' in page
    assert ">P22 Desert (Bo) — 3E 1S 1M<" in page  # another's plot names its owner
    assert page.count('<option value="Card ') == 9  # many values: a list
    assert re.findall(r'type="checkbox" name="resource" value="(\w+)">(\w+)', page) == [
        ("energy", "Energy"), ("metal", "Metal")]
    assert page.count('<select name="type"') == 3  # repeat: a list per value given
    assert page.count('<select name="type" aria-label="Type 1" required>') == 1
    assert page.count('aria-label="Type 3">') == 1  # beyond min: not required
    assert re.search(r'name="n" min="1" max="4" value="1" required>', page)  # a stepper
    assert re.search(r'name="extra" min="1" max="9" placeholder="0">', page)
    assert "What did you roll?" in page and re.search(r'name="roll" min="1" max="6"', page)
    assert "What did you draw?" in page
    assert re.search(r'<button type="submit" class="quick" name="card" value="virtual" '
                     r'data-for=\'\["card"\]\' formnovalidate>Draw it for us</button>', page)
    assert 'data-sum=\'["n", "extra"]\' data-min="5" data-max="5">How many, Extra: 5 in all' \
        in page
    assert 'data-sum=\'["extra"]\' data-min="1">Give at least one of: Extra' in page
    assert "Each different: Side, Plot" in page
    assert page.index('<button type="submit">Do the new thing</button>') < \
        page.index('class="quick"')


def test_a_hostile_value_is_text_in_every_kind_of_field(tables):
    from rigs_helper.web import forms
    from rigs_helper.web.templating import environment

    bad = '"><script>alert(1)</script>'
    action = {"action": bad, "label": bad, "params": {
        bad: {"values": [bad, "x"]}, "many": {"values": [bad] * 9},
        "m": {"values": [bad], "multiple": True}, "r": {"values": [bad], "repeat": True}}}
    page = str(environment().get_template("forms.html").module.act(
        bad, forms.form(tables, action)))
    assert "<script>" not in page and page.count("&lt;script&gt;") >= 8


def test_deals_to_each_player_merged_in_one_form_keep_every_at_least_one():
    """A deal to each other player is one form with a "to" choice: each "at least one"
    names what any of them lists (Cy has plots to give back, Bo none)."""
    from rigs_helper.web import forms

    def deal(to, back):
        return {"action": "deal propose", "label": f"Propose a deal to {to}",
                "params": {"to": {"values": [to]}, "credits": {"min": 1, "max": 9},
                           **{k: {"min": 1, "max": 3, "required": False} for k in back}},
                "constraints": [{"at_least_one": ["credits"]}, {"at_least_one": back}]}

    one = forms.merged([deal("Bo", ["for_credits"]), deal("Cy", ["for_credits", "for_plot"])])
    assert one["params"]["to"]["values"] == ["Bo", "Cy"] and one["label"] == "Propose a deal"
    assert one["constraints"] == [{"at_least_one": ["credits"]},
                                  {"at_least_one": ["for_credits", "for_plot"]}]
