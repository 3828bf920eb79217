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
    # optional, given only as 1 or more: starts at 0 (not given), its bounds shown
    assert re.search(r'<span class="bounds muted">0–9</span></span><input type="hidden" '
                     r'name="_zero:extra" value="0">', page)
    assert re.search(r'name="extra" min="0" max="9" value="0">', page)
    # one die: six buttons (the table's roll: one tap)
    assert "What did you roll?" in page and re.findall(
        r'type="radio" name="roll" value="(\d)"', page) == ["1", "2", "3", "4", "5", "6"]
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
    # what only Cy may give back follows the "to" chosen; the same for both does not
    assert one["params"]["for_plot"]["per"] == {"Cy": [1, 3]}
    assert "per" not in one["params"]["for_credits"]


def test_one_decision_one_form_an_answer_some_of_whose_ways_ask_more(tables):
    """One decision, one form: Double Agent answers Survey Error as it is or passed to Di
    with a plot; the two ways share the card, so one form asks for it and, not required,
    whom to and which plot (a page of the random games answered 500 here: the form was
    made as a deal's, which every way gives a "to")."""
    from rigs_helper.web import forms

    ways = [{"action": "answer", "label": "Answer Survey Error with Double Agent",
             "params": {"card": {"values": ["Double Agent"]}}},
            {"action": "answer", "label": "Answer Survey Error with Double Agent (to Di)",
             "params": {"card": {"values": ["Double Agent"]}, "to": {"values": ["Di"]},
                        "plot": {"values": ["P16"]}}}]
    one = forms.decision(tables, ways, None, "Answer")
    fields = {f["name"]: f for f in one["fields"]}
    assert list(fields) == ["card", "to", "plot"] and one["label"] == "Answer"
    assert fields["card"]["required"]
    assert not fields["to"]["required"] and not fields["plot"]["required"]
    assert "per" not in fields["to"] and "by" not in fields["plot"]


def test_a_deals_steppers_start_at_their_smallest_value_and_show_their_bounds(
        tmp_path, tables):
    """Issue 38: the deal's numbers start at 0 (not given) with their bounds beside the
    label, so "5 credits for 1 Energy" is taps on + only; each player's own plots and
    bounds ride with the form (the script offers only those of the player chosen), and a
    deal asking back another player's plot is refused in words."""
    import html
    import json

    import pagegames
    from servehelp import get, post, serving

    game = pagegames.round_one(tmp_path / "rigs.toml")
    ana, bo, cy = pagegames.LONG[:3]
    with serving(game, tables) as (server, _, tokens):
        page = get(server, f"/p/{tokens[ana]}")[2]
        deal = next(f for f in re.findall(r'(?s)<form class="act.*?</form>', page)
                    if 'name="action" value="deal propose"' in f)
        numbers = re.findall(r'<input type="number"[^>]*>', deal)
        assert len(numbers) >= 4  # credits, energy, ... and as much back
        for i in numbers:
            assert re.search(r' min="0" max="[1-9]\d*" value="0"', i), i
        steppers = re.findall(r'(?s)<div class="stepper"(.*?)</div>', deal)
        for s in steppers:
            name = re.search(r'name="(\w+)" min="0" max="(\d+)"', s)
            assert f'<span class="bounds muted">0–{name[2]}</span>' in s, s
            assert f'name="_zero:{name[1]}" value="0"' in s
            assert ('data-d="5"' in s) == (int(name[2]) >= 20), s  # +5 for credits
        plots = re.search(r"<fieldset data-by=\"to\" data-per='([^']*)'><legend>Plot in "
                          r"return", deal)
        per = json.loads(html.unescape(plots[1])) if plots else {}
        assert set(per) == set(pagegames.LONG[1:]) and not set(per[bo]) & set(per[cy])
        assert deal.count("data-per=") == 1  # Ana's own goods: the same to each player

        def send(**fields):
            base = {"action": "deal propose", "to": bo, **{
                f"_zero:{n}": "0" for n in ("credits", "energy", "for_credits",
                                             "for_energy")}}
            base.update({"credits": "0", "energy": "0", "for_credits": "0",
                         "for_energy": "0"})
            base.update(fields)
            return post(server, tokens[ana], base)

        code, _, body = send(credits="5", for_energy="1")  # the rest left at 0
        assert code == 200, body
        code, _, body = send(credits="1", for_plot=per[cy][0], request_id="cy-plot")
        assert code == 422, body  # Cy's plot asked of Bo: refused, said in words
        said = get(server, f"/p/{tokens[ana]}?r=cy-plot")[2]
        said = html.unescape(said.split('id="outcome"')[1].split("</")[0])
        assert f"does not own plot {per[cy][0]}" in said and "`" not in said, said
