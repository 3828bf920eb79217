"""What a Karma play chose: one typed record per family of cards, and the victims'
responses.  No I/O.

A play is the operation of its card's family (``games/rigs/karma/play.py`` ``OPS``: one
``KarmaPlay`` subclass per family), whose own fields are the parameters its cards take;
:class:`CardArgs` (one subclass per family: the victims, a plot, a hand card, what Swap
Meet hands in and takes, ...) is those parameters as a record, what the effects read
(``KarmaPlay.args``, ``Ctx.args``), and :class:`Responses` the victims' answers to a
Sabotage card.  :data:`FAMILY` says which record each card of the deck takes, by
the card's key (``tests/test_karma_args.py`` holds it to the tables); :func:`card_key`
finds the card from a title as typed (as ``piles.find_in`` reads a title: letters and
digits, a unique beginning), without the tables, so an operation is typed as soon as it
is built (the CLI's words, a page's form, the log).  An option the card does not take is
refused when the play is checked (``play.check_options``), one line naming the option
and the card.

The CLI, the log and a waiting attack keep the flat names (``target``, ``plot``,
``--give`` ...): a play is written as its name, title, the fields its family took, its
responses and the table's records (``KarmaPlay.logged``: those not empty), and read back
through :func:`split_flat` (``KarmaPlay.from_flat``: the title picks the family), so the
files written before load unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.numbers import whole
from rigs_helper.games.rigs.tables import squash

Said = tuple[tuple[str, str], ...]
Amounts = tuple[tuple[str, int], ...]


def said_pairs(values: Any) -> tuple[tuple[str, Any], ...]:
    """(WHO, WHAT) pairs, also from the words a version-1 log or an older game file keeps
    (``"Bo=Decoy"`` -> ("Bo", "Decoy"); ``"Decoy"`` -> ("", "Decoy"))."""
    if values is None or isinstance(values, str):
        values = (values,) if values else ()
    out: list[Any] = []
    for x in values:
        if isinstance(x, str):
            who, sep, what = x.partition("=")
            x = (who.strip(), what.strip()) if sep else ("", x.strip())
        out.append(tuple(x))
    return tuple(out)


# ---------------------------------------------------------------------------- families


@dataclass(frozen=True, slots=True)
class CardArgs:
    """A card that takes no parameter (it works by itself, or answers another card)."""

    #: Recycling, Parts Shop: the player names which of two collectors fills first
    #: (``--first``, kept with the responses)
    takes_first: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Collector(CardArgs):
    """Recycling, Parts Shop: no parameter; ``--first`` names the collector filled first."""

    takes_first: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Victims(CardArgs):
    """A card aimed at players (one, or several: I WANT THAT!, A Little Information)."""

    target: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RigsFrom(Victims):
    """"Missing" Support and its kind: where the victim's RIGS is lost from."""

    source: str | None = None


@dataclass(frozen=True, slots=True)
class HandCard(Victims):
    """A card that takes or discards a card of the victim's hand: the card chosen, or the
    one picked at random at the table."""

    card: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchLoss(HandCard):
    """I Ain't Going Alone: the player's fresh loss (resources handed in, own Karma cards
    discarded) that the victim matches."""

    give: Amounts = ()
    own: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SwapOption(Victims):
    """Identity Theft: ``draw`` or ``card``."""

    option: str | None = None


@dataclass(frozen=True, slots=True)
class VictimsResource(Victims):
    """I WANT THAT!: the resource wanted."""

    resource: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OnPlot(Victims):
    """A card aimed at one plot (its owner is the victim)."""

    plot: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NewOwner(OnPlot):
    """"Record Not Found": the player the plot goes to (the leader's choice)."""

    new_owner: str | None = None


@dataclass(frozen=True, slots=True)
class Scatter(OnPlot):
    """Triangulation Drift: one destination per RIGS of the plot."""

    to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Plots(CardArgs):
    """A card on plots (Survey Typo: two; R.I.G.S. T.D.M.: one of the player's)."""

    plot: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlotResource(Plots):
    """Below the Surface: the plot and the kind of spot."""

    resource: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Resources(CardArgs):
    """Poker Night: the resources bet."""

    resource: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Swap(CardArgs):
    """Swap Meet: what the player hands in and what they take."""

    give: Amounts = ()
    take: Amounts = ()


@dataclass(frozen=True, slots=True)
class Take(CardArgs):
    """Ruins: what the player takes."""

    take: Amounts = ()


#: the record each card of the deck takes, by the card's key (every card of the shipped
#: Karma deck; tests/test_karma_args.py checks it against the tables: cards of one action
#: take one record)
FAMILY: dict[str, type[CardArgs]] = {key: cls for cls, keys in (
    (RigsFrom, "missing-support bad-os-revision wrong-manual"),
    (HandCard, "eye-for-an-eye not-that-one give-me-that i-ll-take-that"),
    (MatchLoss, "i-ain-t-going-alone"),
    (Victims, "accidental-dumping left-the-light-on da-roof-is-on-fire brownout "
              "carrier-lost a-little-information"),
    (OnPlot, "blowout incorrect-drivers you-sent-it-where survey-error"),
    (SwapOption, "identity-theft"),
    (VictimsResource, "i-want-that"),
    (NewOwner, "record-not-found"),
    (Scatter, "triangulation-drift"),
    (Plots, "survey-typo r-i-g-s-t-d-m"),
    (PlotResource, "below-the-surface"),
    (Resources, "poker-night"),
    (Swap, "swap-meet"),
    (Take, "ruins"),
    (Collector, "recycling parts-shop"),
    (CardArgs, "rough-storm ridiculous-efficiency winning-raffle-ticket other-markets "
               "naive-profits wrong-address r-i-g-s-alarm-system push-pull-or-drag "
               "i-ve-got-a-donk decoy calling-in-a-favor right-back-at-you "
               "ain-t-working-for-you warehouse-insurance double-agent"),
) for key in keys.split()}

_SQUASHED = {key.replace("-", ""): key for key in FAMILY}


def card_key(title: str) -> str | None:
    """The key of the card ``title`` names, read as ``piles.find_in`` reads it (None: no
    card, or several)."""
    want = squash(title)
    if want in _SQUASHED:
        return _SQUASHED[want]
    hits = [k for s, k in _SQUASHED.items() if want and s.startswith(want)]
    return hits[0] if len(hits) == 1 else None


def takes(cls: type[CardArgs]) -> tuple[str, ...]:
    """The parameters a record holds."""
    return tuple(f.name for f in fields(cls))


# ---------------------------------------------------------------------------- responses


@dataclass(frozen=True, slots=True)
class Responses:
    """The victims' answers to a Sabotage card, as `--answer` and the like give them (also
    ``first`` for a collector: Recycling, Parts Shop).  (WHO, WHAT) pairs: WHO "" where
    the card's one victim is meant."""

    answer: Said = ()  # Protection cards played in response: (PLAYER, CARD)
    answer_to: Said = ()  # Wrong Address / Double Agent: (ANSWERER, NEW_VICTIM)
    answer_plot: tuple[str, ...] = ()  # a plot card passed on: the new victim's plot
    first: Said = ()  # (VICTIM, CARD): which in-play protection rolls first
    split: Amounts = ()  # Right Back At You: (VICTIM, N), gains shared

    def __post_init__(self) -> None:
        v: object = self.answer_plot  # one value may come bare (old files)
        if v is None or isinstance(v, str):
            object.__setattr__(self, "answer_plot", (v,) if v else ())
        for f in ("answer", "answer_to", "first"):
            object.__setattr__(self, f, said_pairs(getattr(self, f)))
        object.__setattr__(self, "split", tuple(
            (who, whole(n) if isinstance(n, str) and whole(n) is not None else
             n if isinstance(n, int) else -1) for who, n in said_pairs(self.split)))


NO_ARGS = CardArgs()
NO_RESPONSES = Responses()
ARG_NAMES = ("target", "plot", "resource", "give", "take", "card", "source", "option",
             "new_owner", "to", "own")
RESPONSE_NAMES = tuple(f.name for f in fields(Responses))
#: the smallest families first: a title no card has is typed by what it was given
_BY_SIZE = sorted(dict.fromkeys(FAMILY.values()), key=lambda c: len(takes(c)))


def _given(v: object) -> bool:
    return v not in (None, (), "", [])


def split_flat(title: str, flat: dict[str, Any]
               ) -> tuple[CardArgs, Responses, dict[str, Any]]:
    """(the card's record, the responses, the rest) of a play's flat fields (the CLI's
    options, a page's form, a log entry); an empty one is dropped.  A play that names an
    option its card does not take is kept in the smallest record that holds what it named:
    the play's check refuses it (``play.check_options``: one line naming the option and
    the card, after the card's phase and hand are checked, as before), and a file that
    kept one (written before a card's options were checked) still loads.  Options no
    record holds together are refused here."""
    given = {k: v for k, v in flat.items() if k in ARG_NAMES and _given(v)}
    key = card_key(title)
    cls = FAMILY[key] if key is not None else None
    if cls is None or not set(given) <= set(takes(cls)):
        other = next((c for c in _BY_SIZE if set(given) <= set(takes(c))), None)
        if other is None and cls is None:  # (as hand_key says it)
            raise InputError(f"no Karma card called {title!r} (see `rigs cards --deck "
                             "karma`)")
        if other is None:
            assert cls is not None
            bad = next(k for k in ARG_NAMES if k in given and k not in takes(cls))
            raise InputError(f"{flag(bad)}: {title.strip()} does not use this option")
        cls = other
    answers = {k: v for k, v in flat.items() if k in RESPONSE_NAMES and v is not None}
    rest = {k: v for k, v in flat.items() if k not in ARG_NAMES and k not in RESPONSE_NAMES}
    return (cls(**given) if given or cls is not CardArgs else NO_ARGS,
            Responses(**answers) if answers else NO_RESPONSES, rest)


def flag(name: str) -> str:
    """The CLI option of a flat field."""
    return "--from" if name == "source" else "--" + name.replace("_", "-")


__all__ = ["ARG_NAMES", "FAMILY", "RESPONSE_NAMES", "CardArgs", "Responses", "Said",
           "card_key", "flag", "said_pairs", "split_flat", "takes"]
