"""The state document: a validated :class:`Game` to the TOML document of the game file's
state part and back (schema version and migration, every key checked with its line).
The file's layout is :mod:`gamefile`'s, the hidden cards :mod:`hidden`'s, the rules across a
whole game :mod:`invariants`'."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rigs_helper.rules.checker import Checker
from rigs_helper.games.rigs.dice import DICE_MODES
from rigs_helper.games.rigs.market import market_index, parse_market_values
from rigs_helper.rules.rng import MAX_SEED
from rigs_helper.games.rigs.state import (
    CARD_MODES,
    SCHEMA_VERSION,
    Endgame,
    Game,
    Market,
    OWED_DRAW,
    Pile,
    Player,
    frozen_map,
)
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, PHASES, RESOURCES, Tables, slug
from rigs_helper.games.rigs.hidden import Codecs, codecs, market_id
from rigs_helper.games.rigs.invariants import check_game
from rigs_helper.games.rigs.statepieces import (
    decoded,
    flag,
    player_lookups,
    read_done,
    read_inventory,
    read_pile,
    read_player,
    read_survey,
)
from rigs_helper.games.rigs.waitsdoc import read_waits, waits_doc

HEADER = """\
# R.I.G.S. game file, kept by rigs-helper (`rigs --help`).
# You may fix a mistake by editing the state below; the next command checks it.
# Draw piles, the Market decks and Karma hands are encoded so a glance spoils nothing:
# `rigs hand PLAYER` shows a hand.
"""



def to_doc(game: Game, tables: Tables) -> dict[str, Any]:
    """The state as a TOML document (plain dicts and lists, no None)."""
    c = codecs(tables, game.seed)
    dtitle = {d.key: d.title for d in tables.disasters}
    ktitle = {k.key: k.title for k in tables.karma}
    doc: dict[str, Any] = {
        "version": game.version, "seed": game.seed, "rng": game.rng,
        "round": game.round, "phase": game.phase, "leader": game.leader,
        "leader_basis": game.leader_basis, "game_over": game.game_over,
    }
    if game.commitment:
        doc["commitment"] = game.commitment
    if game.grant:
        doc["grant"] = c["plot"].encode(game.grant)
    if game.grant_owed:
        doc["grant_owed"] = game.grant_owed
    if game.grant_record:
        doc["grant_record"] = game.grant_record
    if game.rigs_lost_round:
        doc["rigs_lost_round"] = game.rigs_lost_round
    if game.last_call:
        doc["last_call"] = True
    if game.dice != "rigs":
        doc["dice"] = game.dice
    if game.cards != "table":
        doc["cards"] = game.cards
    if game.table_shuffles:
        doc["table_shuffles"] = True
    if game.table_draws:
        doc["table_draws"] = True
    if game.table_deals:
        doc["table_deals"] = True
    if game.done:
        doc["done"] = list(game.done)
    if game.group:
        doc["group"] = game.group
    m = game.market
    market: dict[str, Any] = {}
    if m.price is not None:
        market["price"] = m.price
    market["drawn"] = [market_id(tables, i) for i in m.drawn]
    market["game"] = c["market"].encode(m.game)
    market["end"] = c["market"].encode(m.end)
    if m.recorded:
        market["recorded"] = {str(k): v for k, v in sorted(m.recorded.items())}
    if m.values:
        market["values"] = {k: list(v) if isinstance(v, tuple) else v
                            for k, v in m.values.items()}
    doc["market"] = market
    doc["decks"] = {
        "plot": c["plot"].encode(game.plot_deck),
        "survey": c["survey"].encode(game.survey.draw),
        "disaster": c["disaster"].encode(game.disaster.draw),
        "disaster_discard": [dtitle[k] for k in game.disaster.discard],
        "karma": c["karma"].encode(game.karma.draw),
        "karma_discard": [ktitle[k] for k in game.karma.discard],
    }
    for deck in ("disaster", "karma"):  # refilled by the table, in no order (games/rigs/piles)
        if getattr(game, deck).unshuffled:
            doc["decks"][f"{deck}_unshuffled"] = True
    for deck in game.missing:  # a mixed deck: tags in the pile, virtual discards by title
        if deck in ("plot", "market"):
            continue  # tagged by id (games/rigs/mixed.py)
        pile, title = getattr(game, deck), dtitle if deck == "disaster" else ktitle
        doc["decks"][deck] = c[deck].encode_tagged(pile.draw, pile.virtual)
        if pile.vdiscard:
            doc["decks"][f"{deck}_virtual_discard"] = [title[k] for k in pile.vdiscard]
    if game.missing:
        from rigs_helper.games.rigs.decks import inventory_doc

        doc["inventory"] = inventory_doc(game.missing, tables)
    e = game.endgame
    if e.plot_values or e.resource_values:
        end: dict[str, Any] = {}
        if e.plot_values:
            end["plot_values"] = {k: (list(e.plot_cards[k]) if k in e.plot_cards else v)
                                  for k, v in e.plot_values.items()}
        if e.resource_values:
            end["resource_values"] = dict(e.resource_values)
        doc["endgame"] = end
    doc["players"] = [_player_doc(p, c, dtitle, ktitle) for p in game.players]
    waits = waits_doc(game.waits, c["karma"].encode, tables)
    if waits is not None:
        doc["waits"] = waits
    return doc


def _player_doc(p: Player, c: Codecs, dtitle: dict[str, str], ktitle: dict[str, str]
                ) -> dict[str, Any]:
    d: dict[str, Any] = {"name": p.name, "credits": p.credits}
    for r in RESOURCES:
        d[r] = p.amount(r)
    d["warehouse_rigs"] = p.warehouse_rigs
    if p.vinnie:
        d["vinnie"] = dict(p.vinnie)
    d["hand"] = c["karma"].encode(p.hand)
    if p.in_play:
        d["in_play"] = [ktitle[k] for k in p.in_play]
    if p.on_cards:
        d["on_cards"] = {ktitle[k]: v for k, v in p.on_cards.items()}
    if p.disaster:
        d["disaster"] = dtitle[p.disaster]
    if p.effects:
        d["effects"] = list(p.effects)
    if p.borrowed:
        d["borrowed"] = p.borrowed
    if p.may_swap:
        d["may_swap"] = True
    if p.must_lose_rigs:
        d["must_lose_rigs"] = p.must_lose_rigs
    if p.plan:
        d["plan"] = dict(p.plan)
    if p.must_discard:
        d["must_discard"] = p.must_discard
    if p.may_take:
        d["may_take"] = p.may_take
    if p.last_loss:
        d["last_loss"] = dict(sorted(p.last_loss.items()))  # one order: undo restores it
    if p.no_sabotage_round:
        d["no_sabotage_round"] = p.no_sabotage_round
    if p.incoming:
        d["incoming"] = [ktitle[k] for k in p.incoming]
    if p.disaster_draw in p.hand:  # its place in the (encoded) hand: no title in clear
        d["disaster_draw"] = p.hand.index(p.disaster_draw) + 1
    elif p.disaster_draw == OWED_DRAW:  # 0: drawn at the table, not recorded yet
        d["disaster_draw"] = 0
    if p.owed_karma:
        d["owed_karma"] = p.owed_karma
    plots = []
    for pl in p.plots:
        x: dict[str, Any] = {"id": pl.id, "type": pl.type}
        if pl.survey is not None:
            x["survey"] = pl.survey
        x["rigs"] = pl.rigs
        if pl.harvest is not None:
            x["harvest"] = pl.harvest
        plots.append(x)
    d["plots"] = plots
    return d


def dumps_state(doc: dict[str, Any]) -> str:
    import tomli_w

    return HEADER + "\n" + tomli_w.dumps(doc)


def state_hash(doc: dict[str, Any]) -> str:
    """A fingerprint of the state (to notice hand edits before an undo).  Not a security
    measure: two checksums of the document's text, 64 bits in all."""
    import zlib

    blob = repr(doc).encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}"


# ---------------------------------------------------------------------------- from TOML

_TOP = {"version", "seed", "rng", "round", "phase", "leader", "leader_basis", "game_over",
        "grant", "grant_owed", "grant_record", "rigs_lost_round", "last_call", "done", "market", "decks", "endgame",
        "players", "log", "inventory", "commitment", "waits", "dice", "cards",
        "table_shuffles", "table_draws", "table_deals", "group"}
_TOP_REQUIRED = ("seed", "rng", "round", "phase", "leader", "leader_basis", "game_over",
                 "market", "decks", "players")
# (the optional keys each have their rule: a flag or count left out is its default, as
# to_doc leaves it out; `commitment` may be absent only in a game created before seeds were
# committed: store/gamefile.py names it missing when the history's creation holds one)


def migrate(doc: dict[str, Any], check: Checker) -> dict[str, Any]:
    """Bring an older schema up to date; refuse a newer one."""
    if "version" not in doc:
        raise check.fail("version", "is missing: this is not a rigs game file")
    v = check.whole(doc["version"], "version", 1)
    if v > SCHEMA_VERSION:
        raise check.fail("version", f"this file is schema {v}, newer than this rigs-helper "
                         f"understands ({SCHEMA_VERSION}): upgrade rigs-helper")
    # Versions 2 and 3 changed the history only (store/migrate1.py; version 3's entries
    # leave out a round and phase the entry before says, store/gamelog.py, and write a
    # shorter fingerprint); the state reads the same.
    # Each future migration goes here as `if v == N: doc = _migrate_N(doc); v = N + 1`.
    return doc


_BYS: list[Any] = [None, {}]


def from_doc(doc: dict[str, Any], file: str, tables: Tables, whole: bool = True) -> Game:
    """The validated state of ``doc`` (``whole=False``: each value checked, not the rules
    across them, see :func:`check_game`)."""
    check = Checker(file)
    check.table(doc, "", _TOP)
    doc = migrate(doc, check)
    for key in _TOP_REQUIRED:  # no silent default: a deleted line is an error
        if key not in doc:
            raise check.fail(key, "is missing (rigs always writes it; put it back, or "
                             "`rigs undo`)")
    seed = check.whole(doc.get("seed"), "seed")
    if seed > MAX_SEED:
        raise check.fail("seed", "is too large")
    c = codecs(tables, seed)

    def decode(key: str, value: Any, codec: str) -> tuple[Any, ...]:
        return decoded(check, c, key, value, codec)

    if _BYS[0] is not tables:  # each deck's keys by title, for the last tables read with
        _BYS[:] = [tables, {}]
    bys: dict[int, dict[str, str]] = _BYS[1]

    def titles(key: str, value: Any, cards: Iterable[Any]) -> tuple[str, ...]:
        by = bys.get(id(cards))
        if by is None:
            by = bys[id(cards)] = {slug(x.title): x.key for x in cards}
        out = []
        for i, t in enumerate(check.array(value, key)):
            k = slug(check.string(t, f"{key}[{i}]"))
            if k not in by:
                raise check.fail(f"{key}[{i}]", f"unknown card {t!r}")
            out.append(by[k])
        return tuple(out)

    rounds = tables.constants.rounds
    rnd = check.whole(doc.get("round"), "round", 1)
    if rnd > rounds:
        raise check.fail("round", f"must be 1 to {rounds}, not {rnd}")
    phase = check.choice(doc.get("phase"), "phase", PHASES)
    m = check.table(doc.get("market", {}), "market",
                    {"price", "drawn", "game", "end", "recorded", "values"})
    drawn = []
    for i, mid in enumerate(check.array(m.get("drawn", []), "market.drawn")):
        try:
            drawn.append(market_index(tables, check.string(mid, f"market.drawn[{i}]")))
        except KeyError:
            raise check.fail(f"market.drawn[{i}]", f"unknown Market card {mid!r}") from None
    recorded = {}
    for k, v in check.table(m.get("recorded", {}), "market.recorded").items():
        if not k.isdigit() or not 1 <= int(k) <= rounds:
            raise check.fail(f"market.recorded.{k}", "keys are round numbers")
        recorded[int(k)] = check.whole(v, f"market.recorded.{k}")
    market = Market(
        game=decode("market.game", m.get("game", ""), "market"),
        drawn=tuple(drawn),
        end=decode("market.end", m.get("end", ""), "market"),
        price=check.whole(m["price"], "market.price") if "price" in m else None,
        recorded=frozen_map(recorded),
        values=frozen_map(parse_market_values(m.get("values", {}), check, "market.values",
                                              tables)),
    )
    d = check.table(doc.get("decks", {}), "decks", {"plot", "survey", "disaster",
                                                     "disaster_discard", "karma",
                                                     "karma_discard",
                                                     "disaster_virtual_discard",
                                                     "karma_virtual_discard",
                                                     "disaster_unshuffled",
                                                     "karma_unshuffled"})
    missing = read_inventory(check, doc.get("inventory", {}), tables)
    players = []
    raw_players = check.array(doc.get("players", []), "players")
    lookups = player_lookups(tables)
    for i, raw in enumerate(raw_players):
        players.append(read_player(check, raw, i, tables, decode, titles, lookups))
    end = check.table(doc.get("endgame", {}), "endgame", {"plot_values", "resource_values"})
    pv, pc = {}, {}
    for k, v in check.table(end.get("plot_values", {}), "endgame.plot_values",
                            set(tables.plots)).items():
        if isinstance(v, list):
            pc[k] = tuple(check.whole(x, f"endgame.plot_values.{k}[{j}]")
                          for j, x in enumerate(v))
            pv[k] = sum(pc[k])
        else:
            pv[k] = check.whole(v, f"endgame.plot_values.{k}")
    rv = {k: check.whole(v, f"endgame.resource_values.{k}")
          for k, v in check.table(end.get("resource_values", {}), "endgame.resource_values",
                                  set(BASIC_RESOURCES)).items()}
    leader = doc.get("leader", "")
    if doc.get("last_call") is True and phase != "production":
        raise check.fail("last_call", "Last Call is a step of the Production Phase only")
    dice = doc.get("dice", "rigs")
    if dice not in DICE_MODES:
        raise check.fail("dice", f"is {dice!r}: one of {', '.join(DICE_MODES)}")
    grant_record = doc.get("grant_record", "")
    if grant_record not in ("", "due", "made", "rigs"):
        raise check.fail("grant_record", f"is {grant_record!r}: one of due, made, rigs")
    cards = doc.get("cards", "table")
    if cards not in CARD_MODES:
        raise check.fail("cards", f"is {cards!r}: one of {', '.join(CARD_MODES)}")
    done = read_done(check, doc.get("done", []), [p.name for p in players])
    game = Game(
        version=SCHEMA_VERSION, seed=seed, rng=check.whole(doc.get("rng", 0), "rng"),
        players=tuple(players), round=rnd, phase=phase,
        leader=check.string(leader, "leader") if leader else "",
        leader_basis=str(doc.get("leader_basis", "")),
        game_over=flag(check, doc.get("game_over", False), "game_over"),
        plot_deck=decode("decks.plot", d.get("plot", ""), "plot"),
        survey=read_survey(check, c, d, missing),
        disaster=read_pile(check, c, d, "disaster", missing, titles, tables.disasters),
        karma=read_pile(check, c, d, "karma", missing, titles, tables.karma),
        market=market,
        grant=decode("grant", doc["grant"], "plot") if "grant" in doc else (),
        grant_owed=check.whole(doc.get("grant_owed", 0), "grant_owed"),
        grant_record=grant_record,
        rigs_lost_round=check.whole(doc.get("rigs_lost_round", 0), "rigs_lost_round"),
        last_call=flag(check, doc.get("last_call", False), "last_call"),
        dice=dice, cards=cards,
        table_shuffles=flag(check, doc.get("table_shuffles", False), "table_shuffles"),
        table_draws=flag(check, doc.get("table_draws", False), "table_draws"),
        table_deals=flag(check, doc.get("table_deals", False), "table_deals"),
        done=done,
        group=check.name(doc["group"], "group") if "group" in doc else "",
        endgame=Endgame(frozen_map(pv), frozen_map(pc), frozen_map(rv)),
        missing=frozen_map({k: frozen_map(v) for k, v in missing.items()}),
        commitment=check.string(doc["commitment"], "commitment") if "commitment" in doc
        else "",
        waits=read_waits(check, doc.get("waits", {}), [p.name for p in players], tables,
                         lambda key, value: decode(key, value, "karma")),
    )
    if whole:
        check_game(game, tables, check)
    return game
