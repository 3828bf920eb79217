"""A game as BG Stats' "create play" link, and as an HTML fragment (the link and its QR
code, the group's standing and ratings) for the report and the board's final screen.
Pure.

The link is ``https://app.bgstatsapp.com/createPlay.html?data=`` (the phone's button:
``bgstats://app.bgstatsapp.com/createPlay.html?data=``, which opens the app itself)
followed by the URL-encoded JSON of BG Stats' import format: ``sourceName``,
``sourcePlayId`` (the game's identity in the history, so the same game sent twice is one
play), ``playDate`` (``YYYY-MM-DD HH:MM:SS``), ``durationMin`` and ``location`` (when
known), ``game`` {``name``, ``sourceGameId``, ``bggId`` (when the group set one: a play
from :mod:`rigs_helper.store.historyrigs`'s ``final_view`` or ``historydb.with_settings``
carries it),
``highestWins``, ``noPoints``} and ``players`` [{``name``, ``score``, ``winner``,
``rank``, ``sourcePlayerId``}].
"""

from __future__ import annotations

import json

from rigs_helper.games.rigs.names import fold

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
APP_CREATE_PLAY = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "rigs-helper"
GAME_NAME = "R.I.G.S."
SOURCE_GAME_ID = "rigs-helper:rigs"
#: each game's name and id at BG Stats (a play's ``game``: "rigs" or "rig"; a RIG play's
#: score is the different components in each Rig)
GAMES = {"rigs": (GAME_NAME, SOURCE_GAME_ID), "rig": ("RIG", "rigs-helper:rig")}
MAX_LINK = 8000  # what link handlers take (a test holds 4 players' links to it)
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def payload(play: dict) -> dict:
    """The play in BG Stats' format (``play``: a game as the history keeps it; its
    ``bgg_id`` and ``group_location``, when present, are its group's settings
    (:func:`rigs_helper.store.historydb.with_settings`): the play's own ``location``
    comes first)."""
    out: dict = {"sourceName": SOURCE_NAME, "sourcePlayId": play["identity"],
                 "playDate": play["played"]}
    if play.get("duration_min") is not None:
        out["durationMin"] = play["duration_min"]
    where = play.get("location") or play.get("group_location")
    if where:
        out["location"] = where
    name, source_id = GAMES[play.get("game") or "rigs"]
    game: dict = {"name": name, "sourceGameId": source_id}
    if play.get("bgg_id") is not None and name == GAME_NAME:  # (the group's is R.I.G.S.'s)
        game["bggId"] = play["bgg_id"]
    out["game"] = {**game, "highestWins": True, "noPoints": False}
    out["players"] = [{"name": r["name"], "score": r["net_worth"], "winner": bool(r["winner"]),
                       "rank": r["rank"], "sourcePlayerId": fold(r["name"])}
                      for r in play["players"]]
    return out


def quote(text: str) -> str:
    """``text`` percent-encoded for a URL's query (UTF-8; only RFC 3986's unreserved
    characters are left as they are)."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def link(play: dict, app: bool = False) -> str:
    """BG Stats' "create play" link for ``play``: the https form (opens BG Stats from a
    browser), or with ``app`` the ``bgstats://`` form (a phone's button, straight to the
    app)."""
    data = json.dumps(payload(play), separators=(",", ":"), ensure_ascii=False)
    return (APP_CREATE_PLAY if app else CREATE_PLAY) + quote(data)


def app_link(play: dict) -> str:
    """:func:`link`'s ``bgstats://`` form (the phones' "Add to BG Stats" button)."""
    return link(play, app=True)


def qr_svg(url: str) -> str:
    """``url`` as a QR code: an inline SVG element."""
    import segno

    return segno.make(url, error="l").svg_inline(scale=3, border=2, title="QR code: " + url[:40])


def final_extras(play: dict, plays: list[dict]) -> dict:
    """What the report and the board's final screen add to the result: BG Stats' link for
    ``play`` and the standing of its players in its group over that group's games among
    ``plays`` (every game kept), each with their rating and this game's change; ``group``
    is the group's name when the table named one ("" for the group of these players)."""
    from rigs_helper.forecast.groupstats import standing
    from rigs_helper.rules.groups import of_game, of_group

    group = play.get("group") or ""
    # (the group's games of this game only: R.I.G.S.'s and RIG's are counted apart)
    mine = of_group(of_game(plays, play.get("game") or "rigs"), group) if group else [play]
    if not any(p["identity"] == play["identity"] for p in mine):
        mine = [play, *mine]
    from rigs_helper.rules.groups import default_group, group_key

    names = [r["name"] for r in play["players"]]
    named = "" if group_key(group) == group_key(default_group(names)) else group
    return {"bgstats_url": link(play),
            "group": named,  # (a group of these players alone goes without its name)
            "standing": standing(mine, names, this=play["identity"])}


def report_extras(play: dict, plays: list[dict]) -> dict:
    """:func:`final_extras` for the templates' optional block: the link, its QR code as
    inline SVG (drawn by segno, marked safe), the group and its standing rows."""
    from markupsafe import Markup

    extras = final_extras(play, plays)
    return {"url": extras["bgstats_url"], "qr_svg": Markup(qr_svg(extras["bgstats_url"])),
            "group": extras["group"], "standing": extras["standing"]}
