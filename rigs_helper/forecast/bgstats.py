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
from html import escape

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


def final_extras_html(play: dict, plays: list[dict]) -> str:
    """:func:`final_extras` as an HTML fragment (:func:`link_html`)."""
    extras = final_extras(play, plays)
    return link_html(extras["bgstats_url"], extras["standing"])


def link_html(url: str, standing: list[dict] | None = None) -> str:
    """An HTML fragment: "Add this play to BG Stats" as a link and a QR code; with
    ``standing`` (:func:`rigs_helper.forecast.groupstats.standing`) also the group's
    standing over all its games.  Every value is escaped."""
    e = escape
    parts = ['<section class="bgstats" id="bgstats"><h2>The group\'s history</h2>',
             f'<p><a href="{e(url)}" rel="noopener">Add this play to BG Stats</a></p>',
             f'<div class="qr">{qr_svg(url)}</div>']
    if standing:
        parts.append(standing_html(standing))
    parts.append("</section>")
    return "".join(parts)


def standing_html(rows: list[dict]) -> str:
    """The group's standing as an HTML table (every value escaped)."""
    e = escape
    head = ("Player", "Games", "Wins", "Win rate", "Average net worth", "Best")
    body = "".join(
        f"<tr><td>{e(r['name'])}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{round(r['win_rate'] * 100)}%</td><td>{r['avg_net_worth']:g}</td>"
        f"<td>{r['best_net_worth']}</td></tr>" for r in rows)
    return ('<table class="group-standing"><caption>The group over all its games</caption>'
            "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>"
            f"<tbody>{body}</tbody></table>")
