"""The pages' HTML comes from Jinja2 templates (``web/templates/``) with autoescape on for
every template: a player's name or a card's title is text wherever it lands, and no page
is assembled from strings in Python.  Only the chart's SVG, drawn by the forecast room
and checked to be an ``<svg>``, goes in as markup (``Markup`` in web/pages.py)."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined


@cache
def environment() -> Environment:
    """The templates, compiled once per process (``auto_reload`` off: the installed files
    do not change while a server runs, and checking each one's time at every page cost
    more than rendering it)."""
    env = Environment(loader=PackageLoader("rigs_helper.web", "templates"),
                      autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True, auto_reload=False)
    from rigs_helper.web.layout import POLL_MS, REFRESH_S

    env.globals.update(poll_ms=POLL_MS, refresh_s=REFRESH_S)
    return env


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)
