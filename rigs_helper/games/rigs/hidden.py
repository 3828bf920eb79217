"""What the game file hides from a glance: the cards of draw piles, Market decks, hands
and an unpicked Land Grant (each deck's cards as small numbers XORed with a key stream drawn
from the seed, written as hex), and the private lines kept in the history."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, NoReturn

from rigs_helper.games.rigs.market import category_of
from rigs_helper.rules.rng import _mix
from rigs_helper.games.rigs.tables import Tables

def market_id(tables: Tables, index: int) -> str:
    cat, i = category_of(tables, index)
    return f"{tables.market[cat].name[0]}{i + 1}"


_SALT = {"plot": 0x51ED27, "survey": 0x5AFE11, "disaster": 0xD15A57,
         "karma": 0x4A12A9, "market": 0x3A12E7}


@cache
def _stream(base: int, n: int) -> bytes:
    """The first ``n`` bytes of the key stream that starts at ``base`` (a command loads and
    checks the same piles more than once)."""
    return bytes(_mix((base + i * 0x9E3779B97F4A7C15) & (2**64 - 1)) & 0xFF
                 for i in range(n))


def _xor(raw: bytes, key: bytes) -> bytes:
    """Each byte of ``raw`` XORed with the key's byte at its place (the key as long)."""
    return (int.from_bytes(raw, "big") ^ int.from_bytes(key, "big")).to_bytes(len(raw), "big")


class _Codec:
    """Cards of one deck <-> small numbers <-> an opaque string (each number XORed with
    a key stream drawn from the seed, written as hex)."""

    def __init__(self, name: str, seed: int, to_num: Callable[[Any], int],
                 from_num: Callable[[int], Any]) -> None:
        self.name, self.to_num, self.from_num = name, to_num, from_num
        self._base = _mix(seed ^ _SALT[name])

    def _key(self, n: int) -> bytes:
        return _stream(self._base, n)

    def encode(self, cards: Iterable[Any]) -> str:
        raw = bytes(map(self.to_num, cards))
        return _xor(raw, self._key(len(raw))).hex()

    def decode(self, text: str) -> list[Any]:
        raw = bytes.fromhex(text)
        return list(map(self.from_num, _xor(raw, self._key(len(raw)))))

    # a mixed deck's pile: each card with its "virtual" tag in the high bit
    def encode_tagged(self, cards: Iterable[Any], tags: Iterable[bool]) -> str:
        raw = bytes(self.to_num(c) | (0x80 if v else 0) for c, v in zip(cards, tags))
        key = self._key(len(raw))
        return bytes(a ^ b for a, b in zip(raw, key)).hex()

    def decode_tagged(self, text: str) -> tuple[tuple[Any, ...], tuple[bool, ...]]:
        raw = bytes.fromhex(text)
        nums = [a ^ b for a, b in zip(raw, self._key(len(raw)))]
        return (tuple(self.from_num(n & 0x7F) for n in nums),
                tuple(bool(n & 0x80) for n in nums))


#: each deck's codec by its name (``codecs``)
Codecs = dict[str, _Codec]


def codecs(tables: Tables, seed: int) -> Codecs:
    dis = [c.key for c in tables.disasters]
    kar = [c.key for c in tables.karma]
    n_plots = len(tables.plot_deck)

    def plot_num(pid: str) -> int:
        return int(pid[1:]) - 1

    def plot_id(n: int) -> str:
        if n >= n_plots:
            raise ValueError
        return f"P{n + 1}"

    def index_in(seq: list[str]) -> Callable[[int], str]:
        return lambda n: seq[n]

    return {
        "plot": _Codec("plot", seed, plot_num, plot_id),
        "survey": _Codec("survey", seed, int, lambda n: n if n in tables.survey_yields
                         else _bad()),
        "disaster": _Codec("disaster", seed, dis.index, index_in(dis)),
        "karma": _Codec("karma", seed, kar.index, index_in(kar)),
        "market": _Codec("market", seed, int, lambda n: n if n < len(tables.market_deck)
                         else _bad()),
    }


def _bad() -> NoReturn:
    raise ValueError("not a card")


# A private line kept in the history (what a player drew or took) is stored encoded, like
# the hands and piles, so a glance at the file spoils nothing.  It is not a secret from
# someone who decodes it on purpose.
_PRIVATE = "b64:"


def hide_text(text: str) -> str:
    import binascii  # base64's own codec, without the base64 module's import

    return _PRIVATE + binascii.b2a_base64(text.encode("utf-8")[::-1],
                                          newline=False).decode("ascii")


def show_text(stored: str) -> str:
    """A private line as written by :func:`hide_text` (older plain lines pass through)."""
    import binascii

    if not stored.startswith(_PRIVATE):
        return stored
    try:
        raw = binascii.a2b_base64(stored[len(_PRIVATE):].encode("ascii"), strict_mode=True)
        return raw[::-1].decode("utf-8")
    except (binascii.Error, UnicodeError):
        return "(unreadable private note)"
