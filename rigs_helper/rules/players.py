"""A player's name as typed: compared without case or accents, a unique prefix enough, a
close match suggested.  What any game uses (R.I.G.S.'s ``names`` re-exports it).  No I/O."""

from __future__ import annotations

from collections.abc import Iterable

from rigs_helper.rules.errors import InputError


def fold(text: str) -> str:
    """How a typed name is compared: no case, no accents, single spaces ("  ZOË " -> "zoe")."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", str(text))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def match_player(text: str, names: Iterable[str]) -> str:
    """The player ``text`` names: the name itself, without case or accents ("zoe" is Zoë),
    or a prefix only one name starts with ("Maxi").  An ambiguous prefix lists the
    candidates; no match suggests the close one."""
    listed = list(names)
    for n in listed:
        if n == text:
            return n
    want = fold(text)
    same = [n for n in listed if fold(n) == want]
    if len(same) == 1:
        return same[0]
    if want:
        starts = [n for n in listed if fold(n).startswith(want)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise InputError(f"{text.strip()!r} could be " + " or ".join(starts)
                             + ": type more of the name")
    raise no_player(text, listed)


def no_player(text: str, names: list[str]) -> InputError:
    """"no player called 'Boo'", with the close match suggested when there is one."""
    import difflib

    low = {fold(n): n for n in names}
    near = difflib.get_close_matches(fold(text), list(low), n=1, cutoff=0.5)
    hint = f"; did you mean {low[near[0]]}?" if near else ""
    return InputError(f"no player called {text!r}{hint} (players: " + ", ".join(names) + ")")


__all__ = ["fold", "match_player", "no_player"]
