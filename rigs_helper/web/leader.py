"""The leader's table controls on their page, beside the decisions `rules/legal` lists:
end the phase now (`rigs next`, recording the Market card drawn when the Market Phase
begins), and once the game is over record the End Game cards and dice (`rigs score --card
--roll`).  The same operations the CLI builds; their checks decide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rigs_helper.rules.errors import InputError

ACTIONS = ("next", "score")


def _scored(game, tables) -> bool:
    e = game.endgame
    return (set(e.plot_values) >= set(tables.plots)
            and set(e.resource_values) >= set(tables.constants.loanable))


def leader_actions(game, tables, player: str) -> list[dict]:
    """actions.json entries for the leader's table controls (none for another player)."""
    if player != game.leader:
        return []
    if game.game_over:
        if _scored(game, tables):
            return []
        return [{"action": "score", "label": "Score: record the End Game cards and dice",
                 "params": {"card": {"required": False, "multiple": True},
                            "roll": {"required": False, "multiple": True}}}]
    from rigs_helper.rules.legal.game import open_choices

    if open_choices(game, tables):  # `rigs next` would be refused: a choice is open
        return []
    params: dict = {}
    if game.phase == "production" and game.last_call:  # this one draws the Market card
        params["card"] = {"required": False}
    return [{"action": "next", "label": "End the phase now", "params": params}]


def operation(game, tables, player: str, action: str,
              params: Mapping[str, Sequence[str]]):
    """(op, ends_phase) for a leader's table control; InputError for anything else."""
    if player != game.leader:
        raise InputError(f"{action}: that is the leader's ({game.leader}) to do")
    extra = sorted(set(params) - {"card", "roll"})
    if extra:
        raise InputError(f"{action}: {extra[0]} is not used by this action; leave it out")
    cards = tuple(params.get("card", ()))
    rolls = tuple(params.get("roll", ()))
    if action == "next":
        from rigs_helper.rules.dice import parse_rolls
        from rigs_helper.rules.phases import NextPhase

        return NextPhase(cards=cards, rolls=parse_rolls(list(rolls) or None)), True
    from rigs_helper.rules.dice import Rolls, parse_rolls
    from rigs_helper.rules.endgame import EndgameDraws
    from rigs_helper.rules.scoring import parse_end_cards

    given = parse_end_cards(list(cards), tables)
    return EndgameDraws(tuple(given.items()), parse_rolls(list(rolls)) if rolls
                        else Rolls()), False
