"""Keeping a game `rigs score` scored in the group's history (docs/history.md); apart from
`cli/history.py` so that `rigs score` does not build the history's commands."""

import sys


def keep(play: dict, quiet: bool) -> None:
    """Keep a game `rigs score` scored.  The score stands whatever happens here: a history
    that cannot be written is one warning line on stderr, and the command still exits 0."""
    from rigs_helper.store import historydb

    try:
        gid, status = historydb.add(play)
    except Exception as exc:  # noqa: BLE001 - the score is printed: never fail it now
        why = str(exc) if isinstance(exc, historydb.HistoryError) else (
            f"{type(exc).__name__}: {exc}")
        sys.stderr.write(f"rigs: warning: the game was not kept in the history: {why}\n")
        return
    if not quiet:
        from rigs_helper.cli.render import say

        say(kept_line(gid, status, play.get("group")))


def kept_line(gid: int, status: str, group: str | None = None) -> str:
    """What became of the game in the history (of group ``group``), in words."""
    from rigs_helper.store.historydb import ADDED, KEPT

    said = {ADDED: "Kept in the group's history as game {}",
            KEPT: "Already in the group's history as game {}"}.get(
                status, "Game {} of the group's history now has this score")
    if not group:
        return said.format(gid) + " (`rigs history`)."
    from rigs_helper.rules.text import shell_word

    return (said.format(gid) + f"; group {group} (`rigs history --group "
            f"{shell_word(group)}`).")


def rigs_play(path) -> dict:
    """A R.I.G.S. game file or scoring sheet scored as `rigs score` does, as the history
    keeps it (`rigs history add`), with each player's style (:func:`styled`)."""
    from rigs_helper.store.scorefile import score_file

    play = styled(score_file(path, with_play=True), path)
    assert play is not None  # (asked for: with_play)
    return play


def styled(result, path) -> dict | None:
    """The play of a scored file (``result``: :func:`rigs_helper.store.scorefile.score_file`
    with ``with_play``), a game file's with the play style that fitted each player
    (:func:`rigs_helper.forecast.simulate.fitted_styles`, from the log when it can be
    read): what a later game's forecast starts from.  A sheet's play has none."""
    play = result.play
    if play is None or result.game is None:
        return play
    from rigs_helper.forecast.record import from_entries
    from rigs_helper.forecast.simulate import fitted_styles
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import timeline
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    try:
        record = from_entries(timeline.entries(result.loaded, str(path), tables))
    except InputError:
        record = None
    try:
        styles = fitted_styles(result.game, tables, record)
    except Exception:  # noqa: BLE001 - the score stands: the game is kept without them
        return play
    return {**play, "players": [{**r, "style": s} for r, s in zip(play["players"], styles)]}
