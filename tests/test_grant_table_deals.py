"""Rule: rigs never picks the table's cards.  In a `--cards table` game the plots the
leader drew at the table and recorded go to the players the leader handed them to: keeping
one without saying who received the others is refused (nothing changes), and the table's
record (`--give NAME=PLOT`) decides; plots rigs drew at the table's word ("Draw it for
us") rigs may still hand out."""

from __future__ import annotations

from clihelp import load, ok, refused


def _granted(rigs, path):
    ok(rigs, path, "new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "11", "--cards",
       "table")
    for _ in range(3):
        ok(rigs, path, "next", "--auto")
    ok(rigs, path, "next")


def test_rigs_never_hands_out_the_plots_the_table_drew(rigs, tmp_path, tables):
    path = tmp_path / "rigs.toml"
    _granted(rigs, path)
    ok(rigs, path, "grant", "--card", "plains", "--card", "plains", "--card", "valley")
    g = load(path, tables)
    keep, *rest = g.grant
    others = [p.name for p in g.seating_from(g.leader)[1:]]
    refused(rigs, path, "grant", keep, has=("the table deals the other plots",
                                            "--give"))
    from rigs_helper.games.rigs.legal import actions_json

    listed = [a for a in actions_json(g, tables, g.leader)["actions"]
              if a["action"] == "grant"]
    assert [list(a["params"]) for a in listed] == [["give"]]  # the table's record only
    gives = [f"--give={n}={pid}" for n, pid in zip(others, reversed(rest))]
    out = ok(rigs, path, "grant", keep, *gives).stdout
    assert "at random" not in out
    after = load(path, tables)
    assert not after.grant
    for n, pid in zip(others, reversed(rest)):
        assert pid in [x.id for x in after.player(n).plots]


def test_the_leader_records_the_plots_drawn_before_keeping_one(rigs, tmp_path, tables):
    """While the table's record of the Land Grant's plots is due, no plot is kept or dealt
    (rigs' own draw would be used): the leader records the plots, or lets rigs draw them.
    The list offers exactly that, and the check agrees."""
    path = tmp_path / "rigs.toml"
    _granted(rigs, path)
    g = load(path, tables)
    assert g.grant_record == "due"
    keep, *rest = g.grant
    others = [p.name for p in g.seating_from(g.leader)[1:]]
    for args in ([keep], [*(f"--give={n}={pid}" for n, pid in zip(others, rest))],
                 [f"--give={g.leader}={keep}",
                  *(f"--give={n}={pid}" for n, pid in zip(others, rest))]):
        refused(rigs, path, "grant", *args, has=("are not recorded",
                                                 "`rigs grant --card TYPE TYPE TYPE`",
                                                 "`rigs grant --card virtual`"))
    from rigs_helper.games.rigs.legal import actions_json

    listed = [a for a in actions_json(g, tables, g.leader)["actions"]
              if a["action"] == "grant"]
    assert [list(a["params"]) for a in listed] == [["card"], ["card"]]
    assert listed[1]["params"]["card"]["values"] == ["virtual"]
    out = ok(rigs, path, "grant", keep, "--card", "virtual").stdout  # in one command
    assert "rigs draws the 3 plots" in out and "at random by rigs" in out
    assert not load(path, tables).grant


def test_plots_rigs_drew_for_the_table_may_be_dealt_by_rigs(rigs, tmp_path, tables):
    path = tmp_path / "rigs.toml"
    _granted(rigs, path)
    ok(rigs, path, "grant", "--card", "virtual")
    keep = load(path, tables).grant[0]
    out = ok(rigs, path, "grant", keep).stdout
    assert "the others dealt at random by rigs" in out
    assert not load(path, tables).grant


def test_a_game_made_before_the_table_deals_its_plots_replays_as_made(rigs, tmp_path,
                                                                      tables):
    """A file without ``table_deals`` (made before 2026-11-28) keeps the older rule: the
    leader kept a plot the table recorded and rigs handed out the others; it replays so."""
    path = tmp_path / "rigs.toml"
    _granted(rigs, path)
    ok(rigs, path, "grant", "--card", "plains", "--card", "plains", "--card", "valley")
    text = path.read_text()
    assert "table_deals = true\n" in text
    path.write_text(text.replace("table_deals = true\n", "", 1))
    ok(rigs, path, "doctor", "--accept", "--reason", "a file made before table_deals")
    g = load(path, tables)
    assert not g.table_deals
    out = ok(rigs, path, "grant", g.grant[0]).stdout
    assert "the others dealt at random by rigs" in out
    assert not load(path, tables).grant
    ok(rigs, path, "doctor")


def test_rigs_never_hands_out_the_groups_own_plots_of_a_mixed_land_grant(rigs, tmp_path,
                                                                          tables):
    """A partial set (`--have`, some plot cards missing): the Land Grant's plots from the
    group's own pile, once recorded, go to the players the leader hands them to; keeping
    one without saying who received them is refused, and only rigs' virtual plots are
    rigs' to deal."""
    from rigs_helper.games.rigs.mixed import game_virtual

    have = tmp_path / "have.toml"
    have.write_text('[plot]\nmissing = { Plains = 3, Valley = 3, Desert = 1 }\n')
    path = tmp_path / "rigs.toml"
    ok(rigs, path, "new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "12", "--have",
       str(have))
    for _ in range(3):
        ok(rigs, path, "next", "--auto")
    ok(rigs, path, "next")
    g = load(path, tables)
    assert g.grant_owed == 2
    ok(rigs, path, "grant", "--card", "plains", "--card", "plains")
    g = load(path, tables)
    virtual = game_virtual(g, tables, "plot")
    keep = next(pid for pid in g.grant if pid in virtual)
    own = [pid for pid in g.grant if pid not in virtual]
    assert len(own) == 2
    refused(rigs, path, "grant", keep, has=("the table deals the other plots", "--give"))
    others = [p.name for p in g.seating_from(g.leader)[1:]]
    gives = [f"--give={n}={pid}" for n, pid in zip(others, reversed(own))]
    out = ok(rigs, path, "grant", keep, *gives).stdout
    assert "at random" not in out
    after = load(path, tables)
    for n, pid in zip(others, reversed(own)):
        assert pid in [x.id for x in after.player(n).plots]


def test_a_plot_kept_before_the_record_in_an_older_file_replays(rigs, tmp_path, tables):
    """A `grant PLOT` logged while the table's record was due (allowed before the record
    came first at the terminal too) replays as it happened: `rigs verify` and `rigs undo`
    work through it."""
    from rigs_helper.games.rigs.phases.grant import GrantPick
    from rigs_helper.store import session

    path = tmp_path / "rigs.toml"
    _granted(rigs, path)
    keep = load(path, tables).grant[0]
    refused(rigs, path, "grant", keep, has=("are not recorded",))
    session.run(path, GrantPick(keep, at_will=True), tables)
    text = path.read_text()
    assert "at_will = true" in text
    path.write_text(text.replace(", at_will = true", "").replace("at_will = true, ", ""))
    assert "at_will" not in path.read_text()
    ok(rigs, path, "adjust", "Ana", "energy", "1", "--why", "x")
    ok(rigs, path, "verify", "--reveal")
    ok(rigs, path, "undo")
    assert not load(path, tables).grant
