"""A game as BG Stats' "add play" link, and as an HTML fragment (the link and its QR code)
for the report and the board's final screen.  Pure.

The link is ``https://app.bgstatsapp.com/addPlay.html?data=`` followed by the URL-encoded
JSON of BG Stats' documented format: ``sourceName``, ``game`` {``name``, ``highestWins``,
``noPoints``, ``sourceGameId``}, ``playDate``, ``durationMin`` (when the log knows it),
``players`` [{``name``, ``score``, ``winner``, ``rank``, ``sourcePlayerId``}] and
``sourcePlayId`` (the game's identity in the history, so the same game added twice is one
play in BG Stats).
"""

from __future__ import annotations

import json

from rigs_helper.rules.names import fold

ADD_PLAY = "https://app.bgstatsapp.com/addPlay.html?data="
SOURCE_NAME = "rigs-helper"
GAME_NAME = "R.I.G.S."
SOURCE_GAME_ID = "rigs-helper:rigs"
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def payload(play: dict) -> dict:
    """The play in BG Stats' format (``play``: a game as the history keeps it)."""
    out: dict = {
        "sourceName": SOURCE_NAME,
        "game": {"name": GAME_NAME, "highestWins": True, "noPoints": False,
                 "sourceGameId": SOURCE_GAME_ID},
        "playDate": play["played"],
    }
    if play.get("duration_min") is not None:
        out["durationMin"] = play["duration_min"]
    out["players"] = [{"name": r["name"], "score": r["net_worth"], "winner": bool(r["winner"]),
                       "rank": r["rank"], "sourcePlayerId": fold(r["name"])}
                      for r in play["players"]]
    out["sourcePlayId"] = play["identity"]
    return out


def quote(text: str) -> str:
    """``text`` percent-encoded for a URL's query (UTF-8; only RFC 3986's unreserved
    characters are left as they are)."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def link(play: dict) -> str:
    """BG Stats' "add play" link for ``play``."""
    data = json.dumps(payload(play), separators=(",", ":"), ensure_ascii=False)
    return ADD_PLAY + quote(data)


def qr_svg(url: str) -> str:
    """``url`` as a QR code: an inline SVG element."""
    import segno

    return segno.make(url, error="l").svg_inline(scale=3, border=2, title="QR code: " + url[:40])


def final_extras(play: dict, plays: list[dict]) -> dict:
    """What the report and the board's final screen add to the result: BG Stats' link for
    ``play`` and the group's standing over ``plays`` (every game kept) for its players."""
    from rigs_helper.forecast.groupstats import standing

    return {"bgstats_url": link(play),
            "standing": standing(plays, [r["name"] for r in play["players"]])}


def report_extras(play: dict, plays: list[dict]) -> dict:
    """:func:`final_extras` for the templates' optional block: the link, its QR code as
    inline SVG (drawn by segno, marked safe) and the group's standing rows."""
    from markupsafe import Markup

    extras = final_extras(play, plays)
    return {"url": extras["bgstats_url"], "qr_svg": Markup(qr_svg(extras["bgstats_url"])),
            "standing": extras["standing"]}
