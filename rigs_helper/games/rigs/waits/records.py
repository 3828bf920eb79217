"""The frozen records of what waits for one player's decision.  No I/O; imports only the
errors (``state.Game`` holds a :class:`Waits`)."""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.rules.errors import InputError, RulesError


#: the answer of a victim who lets the card hit them
TAKE = "take"


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal proposed by ``giver`` to ``receiver`` (the fields of ``Give``), waiting for
    the receiver's yes or no."""

    id: int
    giver: str
    receiver: str
    amounts: tuple[tuple[str, int], ...] = ()
    plots: tuple[str, ...] = ()
    back_amounts: tuple[tuple[str, int], ...] = ()
    back_plots: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Reply:
    """One player's answer to a waiting attack: a Karma card key from their hand, or
    :data:`TAKE`; ``to`` and ``plot`` pass the card on (Wrong Address, Double Agent)."""

    player: str
    card: str
    to: str = ""
    plot: str = ""
    first: str = ""  # both in-play protections: the one that rolls first (--first)
    drew: tuple[str, ...] = ()  # a victim who takes it: the Karma cards drawn at the table
    rolls: tuple[int, ...] = ()  # the dice they rolled at the table for it
    gave: str = ""  # I'll Take THAT!: the card (title) the card's player took from them
    # Right Back At You turning I WANT THAT! on several victims: how its answerer shares
    # the gains among the original victims, (VICTIM, N), given once the card's player's
    # dice are in (the answer itself stays what it was)
    split: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Attack:
    """A Karma card played with waiting on: out of its player's hand (``slot`` is where it
    was), its choices kept as data (``play``: the ``KarmaPlay`` as oplog JSON), waiting for
    an answer from every victim."""

    player: str
    card: str  # the Karma card's key (public: it was played)
    slot: int
    play: str
    victims: tuple[str, ...]
    replies: tuple[Reply, ...] = ()
    # the players the card waits for once the answers are in, who record cardboard of
    # their own (issue #27): a new victim it was passed on to whose in-play protections
    # roll, the card's player who rolls for a card turned back on them or picks a card
    # at random (Give Me That!).  None: an attack of an older file (rigs rolled and picked
    # for them when it resolved)
    later: tuple[str, ...] | None = None
    # one of ``later``: the answerer (Right Back At You) who splits the gains among the
    # original victims once the card's player's dice are in; until their reply has its
    # ``split``, the card waits for them
    splitter: str = ""

    def waiting(self) -> tuple[str, ...]:
        """Victims who have not answered yet; once the answers are in and the card waits
        for ``later`` players, those who have not recorded theirs (the splitter: their
        split)."""
        said = {r.player for r in self.replies if r.player != self.splitter or r.split}
        return tuple(v for v in (self.later or self.victims) if v not in said)


@dataclass(frozen=True, slots=True)
class Resolving:
    """A page's card as it resolves (set by games/rigs/waits for the one ``apply`` of its play;
    its outcome clears it, so no saved state holds one).  Made from the waiting attack and
    the answer that resolves it (both in the log), it says how the play reads the table's
    records."""

    # a Karma card the play makes a player draw that they did not record with their
    # answer waits for their record (``Player.owed_karma``) instead of being drawn by rigs
    owe: bool = False
    # with ``owe``, the player whose answer makes the card resolve (or is checked): the
    # cards the others recorded before stand even where the card now draws them fewer; a
    # card this player records that it does not draw is refused
    answering: str = ""
    # victims whose recorded dice the card may leave unused (they took it, then another
    # victim turned it back on its player)
    moot: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Waits:
    deals: tuple[Deal, ...] = ()  # open deals, oldest first; they end with the phase
    attack: Attack | None = None  # at most one attack waits at a time
    disasters: tuple[str, ...] = ()  # players who still record their Disaster card
    last_deal: int = 0  # the last deal id given (ids are never reused in a game)
    # the leader roll-off that waits for the tied players' dice (a page's grant or phase
    # end): (player, face), 0 while that player has not rolled
    rolloff: tuple[tuple[str, int], ...] = ()
    # the waiting card resolving now (never saved: :class:`Resolving`)
    resolving: Resolving | None = None

    def deal(self, ref: str | int) -> Deal:
        text = str(ref).strip().lstrip("#").lower().removeprefix("d")
        if not (text.isascii() and text.isdigit()):  # as games.rigs.words reads a deal's number
            raise InputError(f"{ref!r} is not a deal number (see `rigs deal`)")
        for d in self.deals:
            if d.id == int(text):
                return d
        raise RulesError(f"deal {int(text)} is not open", rule="a deal is answered once, "
                         "and open deals end with the phase: see `rigs deal`")


__all__ = ["TAKE", "Attack", "Deal", "Reply", "Resolving", "Waits"]
