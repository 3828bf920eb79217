"""A waiting attack's resolution from the replies given, and the players it comes to once
they are in (issue #27: a new victim whose in-play protections roll, the card's player
rolling for a card turned back on them or picking at random).  No I/O."""

from __future__ import annotations

from dataclasses import replace

from rigs_helper.games.rigs.dice import DieNeeded, Rolls
from rigs_helper.games.rigs.engine import perform, title_of
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.karma.protection import FOR_ONE_VICTIM
from rigs_helper.games.rigs.oplog import op_from_json
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.records import TAKE, Attack, Reply, Resolving
from rigs_helper.games.rigs.waits.waiting import both_in_play, undecided_firsts

def restored(game: Game, attack: Attack) -> Game:
    """The state the play was made in: the card back in its slot, no attack waiting."""
    p = game.player(attack.player)
    hand = p.hand[:attack.slot] + (attack.card,) + p.hand[attack.slot:]
    return replace(game.with_player(replace(p, hand=hand)),
                   waits=replace(game.waits, attack=None))


def resolving(game: Game, tables: Tables, attack: Attack, answering: str = "") -> Game:
    """:func:`restored`, with how the card's play reads the table's records as it resolves
    (``Waits.resolving``, cleared by the play): in a page's attack in a game with
    ``table_draws`` (``owe``), a Karma card it makes a player draw that they did not record
    with their answer waits for their record, the cards the others recorded before standing
    (``answering``: the player whose answer this is); a victim's die for the card recorded
    before another victim turned it back may stay unused (``moot``)."""
    turned = any(r.card != TAKE and tables.karma_card(r.card).action == "reflect"
                 for r in attack.replies)
    moot = tuple(r.player for r in attack.replies if turned and r.card == TAKE
                 and r.rolls and r.player in attack.victims)
    res = Resolving(owe=game.table_draws and attack.later is not None,
                    answering=answering, moot=moot)
    game = restored(game, attack)
    return replace(game, waits=replace(game.waits, resolving=res))


def resolution(attack: Attack, game: Game, tables: Tables, early: bool = False
               ) -> KarmaPlay:
    """The KarmaPlay with the answers given, as `--answer`/`--answer-to`/`--answer-plot`/
    `--first` (those not answered take it).  Each victim's dice are the ones they recorded
    (``virtual``: rigs rolls them, never with ``--dice table``); ``early``: checked before
    everyone answered (the dice of those not answered yet rolled by rigs, as stand-ins)."""
    said = [r for r in attack.replies if r.card != TAKE]
    play = op_from_json(attack.play)
    assert isinstance(play, KarmaPlay)  # (what the attack keeps)
    firsts = tuple((r.player, r.first) for r in attack.replies if r.first)
    rigs_rolls = attack.waiting() if early or game.dice != "table" else ()
    if game.dice != "table":
        rigs_rolls += tuple(r.player for r in attack.replies if not r.rolls)
    gave = tuple(r.gave for r in attack.replies if r.gave)
    return play.replaced(split=play.split + _split(attack, play, tables, early),
        drew=play.drew + tuple((r.player, t) for r in attack.replies
                               for t in r.drew),
        rolls=Rolls(play.rolls.plain, play.rolls.named + tuple(
            (r.player, n) for r in attack.replies for n in r.rolls)),
        by_rigs=play.by_rigs + rigs_rolls, card=play.chose("card") + gave,
        answer=tuple((r.player, title_of(tables, 'karma', r.card))
                     for r in said),
        answer_to=tuple((r.player, r.to) for r in said if r.to),
        answer_plot=tuple(r.plot for r in said if r.plot),
        first=play.first + firsts + undecided_firsts(
            play, game, tables, attack.victims, attack.replies))


def drawn_before(game: Game, tables: Tables, me: str) -> frozenset[str]:
    """The cards of a mixed Karma deck set aside when the waiting card resolves on
    ``me``'s answer: those the others drew at the table with theirs (and its player with
    the card), as the resolution sets them aside (games/rigs/karma/context.py ``Ctx``)."""
    attack = game.waits.attack
    if attack is None or "karma" not in game.missing:
        return frozenset()
    from rigs_helper.games.rigs.piles import aside_cards

    play = op_from_json(attack.play)
    assert isinstance(play, KarmaPlay)  # (what the attack keeps)
    me = game.player(me).name
    drew: dict[str, list[str]] = {}
    for who, t in play.drew + tuple((r.player, t) for r in attack.replies for t in r.drew):
        if (name := game.player(who).name) != me:
            drew.setdefault(name, []).append(t)
    return frozenset(k for cards in aside_cards(game.karma, tables, drew).values()
                     for _, k in cards if k is not None)


def _split(attack: Attack, play: KarmaPlay, tables: Tables, early: bool
           ) -> tuple[tuple[str, int], ...]:
    """The split of the gains its answerer gave (Right Back At You turning I WANT THAT! on
    several victims); for a page's card not split yet, a stand-in (``context.SPLIT``: the
    card waits for it once the dice are in; ``early``: any split, the card checked)."""
    given = tuple(s for r in attack.replies for s in r.split)
    if given or play.split or attack.later is None or \
            tables.karma_card(attack.card).action != "i_want_that":
        return given
    from rigs_helper.games.rigs.karma.context import ANY_SPLIT, SPLIT

    return ((ANY_SPLIT if early else SPLIT, 0),)


def later_players(game: Game, tables: Tables, attack: Attack) -> tuple[str, ...]:
    """Who the card, with every answer given, comes to and waits for (issue #27: the
    cardboard is the truth): a player who has not recorded anything for it and rolls a
    die when it resolves (a new victim's in-play protections, the card's player rolling
    for a card turned back on them), or the player who picks a card at random from a
    hand (Give Me That!), or, once the dice are in, the answerer who splits the gains
    (Right Back At You turning I WANT THAT! on several victims).  Found by trying the card
    as if the table rolled every die; () for an attack of an older file."""
    rollers, picker, splitter = comes_to(game, tables, attack)
    return tuple(dict.fromkeys((*rollers, *(x for x in (picker, splitter) if x))))


def comes_to(game: Game, tables: Tables, attack: Attack
             ) -> tuple[tuple[str, ...], str | None, str | None]:
    """:func:`later_players` apart: (who rolls, who picks, who splits)."""
    if attack.later is None:
        return (), None, None
    from rigs_helper.games.rigs.karma.context import PICK, PickNeeded, SplitNeeded

    play = resolution(attack, game, tables)
    if tables.karma_card(attack.card).action == "steal_hand_random" and not play.chose("card"):
        play = play.replaced(card=(PICK,))
    said = {r.player for r in attack.replies}
    # the card's player rolls for it at the table only once it is turned back on them (a
    # die of their own play was given with it, or left to rigs where it may roll)
    said |= set() if any(r.card != TAKE and tables.karma_card(r.card).action == "reflect"
                         for r in attack.replies) else {attack.player}
    table = resolving(replace(game, dice="table"), tables, attack)
    found: list[str] = []
    picker = splitter = None
    rolled = list(play.by_rigs)
    for _ in range(2 * len(game.players) + 2):  # (one die per player found, at most)
        try:
            perform(table, play.replaced(by_rigs=tuple(rolled)), tables)
        except DieNeeded as err:
            who = err.player
            if who is None or who in rolled:
                break
            if who not in said:
                found.append(who)
            rolled.append(who)
            continue
        except PickNeeded as err:
            if not any(r.player == err.player for r in attack.replies):
                picker = err.player
        except SplitNeeded as err:  # (asked once the dice it splits are in)
            if not found:
                splitter = err.player
        except RigsError:
            pass  # (refused either way: the answer's own check says why)
        break
    return tuple(dict.fromkeys(found)), picker, splitter


def settled(game: Game, tables: Tables, attack: Attack, reply: Reply) -> tuple[Attack, bool]:
    """The attack with ``reply`` in, and whether the card resolves now: not while it
    waits for a player it comes to (:func:`later_players`)."""
    if not resolves_now(attack, reply, tables):
        return attack, False
    rollers, picker, splitter = comes_to(game, tables, attack)
    more = (*rollers, *(x for x in (picker, splitter) if x))
    if more:
        return replace(attack, later=(*(attack.later or ()), *more),
                       splitter=splitter or attack.splitter), False
    return attack, True


def resolves_now(attack: Attack, reply: Reply, tables: Tables) -> bool:
    """The card resolves with this reply: everyone answered, or the answer is for the
    whole card (Calling in a Favor and the like)."""
    whole = reply.card != TAKE and \
        tables.karma_card(reply.card).action not in FOR_ONE_VICTIM
    return whole or not attack.waiting()


__all__ = ["both_in_play", "comes_to", "later_players", "resolution", "resolves_now",
           "resolving", "restored", "settled", "undecided_firsts"]
