"""Reading the HTML report back: the figures its tables and bars show, by player."""

from __future__ import annotations

from html.parser import HTMLParser


class _Figures(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scores: dict[str, dict[str, int]] = {}
        self.bars: dict[str, dict[str, int]] = {}
        self.winner = ""
        self._player: str | None = None
        self._key: str | None = None
        self._text: list[str] = []
        self._in_winner = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-player" in a:
            self._player = a["data-player"]
            self.scores[self._player] = {}
        elif tag == "td" and self._player and "data-key" in a:
            self._key, self._text = a["data-key"], []
        elif tag == "div" and "bar-row" in (a.get("class") or "").split():
            self.bars[a["data-player"]] = {}
            self._bar = a["data-player"]
        elif tag == "span" and a.get("title") and getattr(self, "_bar", None):
            label, _, value = a["title"].rpartition(" ")
            self.bars[self._bar][label.lower()] = int(value)
        elif tag == "p" and a.get("id") == "winner":
            self._in_winner = True

    def handle_endtag(self, tag):
        if tag == "td" and self._key:
            self.scores[self._player][self._key] = int("".join(self._text))
            self._key = None
        elif tag == "tr":
            self._player = None
        elif tag == "p":
            self._in_winner = False

    def handle_data(self, data):
        if self._key:
            self._text.append(data)
        if self._in_winner:
            self.winner += data


def figures(page: str) -> _Figures:
    """``.scores`` {player: {column: figure}} of the final scores' table, ``.bars``
    {player: {part: figure}} of the stacked bars, ``.winner`` the winner's line."""
    parser = _Figures()
    parser.feed(page)
    return parser
