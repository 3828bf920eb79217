"""The pages' HTML comes from Jinja2 templates (``web/templates/``) with autoescape on for
every template: a player's name or a card's title is text wherever it lands, and no page
is assembled from strings in Python.  Only the chart's SVG, drawn by the forecast room
and checked to be an ``<svg>``, goes in as markup (``Markup`` in web/pages.py)."""

from __future__ import annotations

from functools import cache

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

#: what a plain dict has as attributes (``d.items`` in a template is the method)
_DICT_NAMES = frozenset(dir(dict))


class _Environment(Environment):
    """Jinja's environment, with ``d.key`` of a plain dict (the pages' data) read as the
    item at once: Jinja tries the attribute first, and the AttributeError of each field
    of each form cost more than the rest of its lookup.  The same value either way: a
    dict's instances have no attribute but its class's (``_DICT_NAMES``), so for any
    other name Jinja's ``getattr`` fails and reads the item (or gives ``undefined``)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if obj.__class__ is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return Environment.getattr(self, obj, attribute)


@cache
def environment() -> Environment:
    """The templates, compiled once per process (``auto_reload`` off: the installed files
    do not change while a server runs, and checking each one's time at every page cost
    more than rendering it)."""
    env = _Environment(loader=PackageLoader("rigs_helper.web", "templates"),
                      autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True, auto_reload=False)
    from rigs_helper.web.layout import POLL_MS, REFRESH_S

    env.globals.update(poll_ms=POLL_MS, refresh_s=REFRESH_S)
    return env


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)
