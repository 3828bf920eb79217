"""Each "Draw it for us" of a form says what it draws when the form has several (issue #38,
found by the tapping player: the End Game record with the table's Market cards showed two
buttons both labelled "Draw it for us", one for Plains and one for Valley)."""

from __future__ import annotations

import re


def test_several_quick_buttons_of_one_form_each_name_what_they_draw(tables):
    from rigs_helper.web.forms import field
    from rigs_helper.web.templating import environment

    def card(name: str) -> dict:
        return field(tables, name, {"values": ["2", "4", "6", "virtual"], "record": "card"})
    act = environment().get_template("forms.html").module.act
    both = {"action": "score", "label": "Record", "rules": [], "request_id": "r",
            "fields": [card("plains"), card("valley")]}
    labels = re.findall(r'<button type="submit" class="quick"[^>]*>([^<]*)</button>',
                        str(act("T", both)))
    assert len(labels) == 2 and len(set(labels)) == 2, labels
    assert "Plains" in labels[0] and "Valley" in labels[1]
    one = {**both, "fields": [card("plains")]}
    assert re.findall(r'class="quick"[^>]*>([^<]*)</button>', str(act("T", one))) == [
        "Draw it for us"]  # alone, it needs no name
