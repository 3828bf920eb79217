"""`rigs serve`: the board shows public facts only, each player's page that player's
secrets only; tokens, 404s, ETags, and a page that never writes the game file."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys

import pytest
from servehelp import get, hands, rigs, secret_game, serving


@pytest.fixture
def game(tmp_path):
    return secret_game(tmp_path / "rigs.toml")


def rigs_process(*args):
    """`rigs ARGS` refused before it serves, in a process of its own (forked from one that
    imported the CLI: tests/clichild.py): its exit code and streams."""
    import clichild

    return subprocess.CompletedProcess(args, *clichild.run(list(args)))


def shows(body: str, title: str) -> bool:
    """The title is on the page: as text, HTML-escaped (either way) or JSON-escaped."""
    from html import escape

    from markupsafe import escape as jinja_escape

    return any(form in body for form in (title, escape(title, quote=True),
                                         str(jinja_escape(title)),
                                         json.dumps(title, ensure_ascii=False)[1:-1]))


def grant_ids(path, tables) -> list[str]:
    from rigs_helper.store import session

    return list(session.load(path, tables).game.grant)


def test_board_html_and_json_hold_no_hand_card_and_no_land_grant_pick(game, tables):
    secret_titles = [t for h in hands(game, tables).values() for t in h]
    picks = grant_ids(game, tables)
    assert len(secret_titles) >= 7 and len(picks) == 3
    with serving(game, tables) as (server, _, _tokens):
        for target in ("/", "/state.json"):
            code, _, body = get(server, target)
            assert code == 200
            assert not [t for t in secret_titles if shows(body, t)]
            assert not [p for p in picks if re.search(rf"\b{p}\b", body)]
        board = get(server, "/")[2]
        d = json.loads(get(server, "/state.json")[2])
    assert re.search(r'id="now">Round <b>2</b><span class="of">/15</span>', board)
    # readable with JavaScript off (rendered here, reloads itself), and nothing external
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in board
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", board)
    assert "prefers-color-scheme: dark" in board
    assert "Land Grant: picks a plot" in board and "rigs grant" not in board  # in words
    assert d["round"] == 2 and d["prices"] == [d["prices"][0]] and d["pending"]
    assert all("hand" not in p for p in d["players"])
    assert [p["karma"] for p in d["players"]] == [len(h) for h in hands(game, tables).values()]


def test_each_players_page_holds_their_hand_and_no_other(game, tables):
    hs = hands(game, tables)
    picks = grant_ids(game, tables)
    with serving(game, tables) as (server, _, tokens):
        from rigs_helper.store import session

        leader = session.load(game, tables).game.leader
        for name, token in tokens.items():
            for target in (f"/p/{token}", f"/p/{token}/state.json"):
                code, headers, body = get(server, target)
                assert code == 200 and headers["Cache-Control"] == "no-store"
                assert all(shows(body, t) for t in hs[name])
                # the forms offer every title a draw may record (actions.json's own
                # test shows they tell nothing of another hand); the rest names none
                body = re.sub(r"(?s)<form .*?</form>", "", body)
                others = [t for n, h in hs.items() if n != name for t in h]
                assert not [t for t in others if shows(body, t)], name
                shown = [p for p in picks if re.search(rf"\b{p}\b", body)]
                assert shown == (picks if name == leader else []), name
            page = get(server, f"/p/{token}")[2]
            assert f'<h1 class="who">{name}</h1>' in page
            assert "Keep this page to yourself" in page


NOT_FOUND = ["/p/wrongtoken", "/p/", "/p", "/p//state.json", "/rigs.toml", "/../rigs.toml",
             "/p/../rigs.toml", "/%2e%2e/rigs.toml", "/.rigs.toml.tokens", "/state.json/x",
             "/favicon.ico", "/index.html", "/p/%00", "/state.json%00", "/%2fetc/passwd"]


def test_wrong_tokens_unknown_paths_and_traversal_get_a_404_that_reveals_nothing(game,
                                                                                  tables):
    with serving(game, tables) as (server, _, tokens):
        tok = next(iter(tokens.values()))
        bad = NOT_FOUND + [f"/p/{tok}x", f"/p/{tok[:-1]}", f"/p/{tok}/", f"/p/{tok}/x",
                           f"/p/{tok.upper()}"]
        for target in bad:
            code, _, body = get(server, target)
            assert (code, body) == (404, "Not found\n"), target
        for method in ("POST", "PUT", "DELETE"):
            assert get(server, "/", method=method)[:3:2] == (404, "Not found\n")
            assert get(server, f"/p/{tok}", method=method)[0] == 404


def test_json_answers_304_until_a_command_changes_the_file(game, tables):
    with serving(game, tables) as (server, _, tokens):
        tok = tokens["Ana"]
        for target in ("/state.json", f"/p/{tok}/state.json"):
            code, headers, _ = get(server, target)
            etag = headers["ETag"]
            assert code == 200
            assert get(server, target, headers={"If-None-Match": etag})[0] == 304
        rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game)
        code, headers, body = get(server, "/state.json", headers={"If-None-Match": etag})
        assert code == 200 and headers["ETag"] != etag
        assert json.loads(body)["players"][0]["karma"] == len(hands(game, tables)["Ana"])


def test_tokens_live_beside_the_game_file_and_can_be_reissued(game, tables):
    from rigs_helper.web.tokens import load_tokens, player_for, token_path

    names = ["Ana", "Bo", "Cy"]
    first = load_tokens(game, names)
    path = token_path(game)
    assert path.parent == game.parent and path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = game.read_text()
    assert not any(t in text for t in first.values())
    assert load_tokens(game, names) == first  # kept between runs
    again = load_tokens(game, names, renew=True)
    assert not set(again.values()) & set(first.values())
    assert len(set(again.values())) == 3 and all(len(t) >= 24 for t in again.values())
    assert player_for(again, again["Bo"]) == "Bo"
    assert player_for(again, first["Bo"]) is None


def test_the_pages_never_write_the_game_file(game, tables):
    before, mtime = game.read_bytes(), game.stat().st_mtime_ns
    with serving(game, tables) as (server, _, tokens):
        listing = sorted(os.listdir(game.parent))  # the game file and its tokens
        for _ in range(5):
            for target in ["/", "/state.json"] + [f"/p/{t}" for t in tokens.values()]:
                get(server, target)
            get(server, "/", method="POST")
    assert game.read_bytes() == before and game.stat().st_mtime_ns == mtime
    assert sorted(os.listdir(game.parent)) == listing


def test_a_damaged_file_keeps_the_last_good_board_and_names_the_problem(game, tables):
    with serving(game, tables) as (server, _, _tokens):
        assert get(server, "/")[0] == 200
        good = game.read_text()
        game.write_text(good.replace("round = 2", "round = [", 1))
        code, _, body = get(server, "/")
        assert code == 200 and "cannot be read now" in body and "2/15" in body
        game.write_text(good)
        assert "cannot be read now" not in get(server, "/")[2]


def test_rigs_serve_shows_the_board_and_no_private_link_on_the_shared_screen(game):
    from rigs_helper.web.tokens import token_path

    proc = subprocess.Popen([sys.executable, "-m", "rigs_helper", "serve", "--port", "0",
                             "--game", str(game)], stdout=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        board = re.search(r"Board \(for everyone\): (http://127\.0\.0\.1:(\d+)/)", lines[1])
        assert board, lines
        assert f"`rigs serve --link NAME --port {board[2]}`" in lines[2]
        assert lines[3] == ("Phones cannot reach 127.0.0.1; to let them in: `rigs serve "
                            f"--host 0.0.0.0 -g {game}`\n")  # one line, and no QR code
        tokens = token_path(game).read_text()
        assert not [t for t in re.findall(r'"(\S{20,})"', tokens) if t in "".join(lines)]
        import urllib.request

        with urllib.request.urlopen(board[1], timeout=10) as r:
            assert "R.I.G.S." in r.read().decode()
    finally:
        proc.terminate()
        proc.wait(10)


def test_rigs_serve_link_shows_one_players_link_and_its_qr_code(game, tables, monkeypatch):
    from rigs_helper.cli.serve import qr_text
    from rigs_helper.web.tokens import load_tokens

    from rigs_helper.web import guard

    monkeypatch.setattr(guard, "room_address", lambda ipv6=False: "192.168.1.20")
    out = rigs("serve", "--link", "Bo", "--port", "9000", "--host", "0.0.0.0", "--game",
               game)
    tokens = load_tokens(game, ["Ana", "Bo", "Cy"])
    url = f"http://192.168.1.20:9000/p/{tokens['Bo']}"
    assert out.splitlines()[0] == f"Bo's page (for Bo's eyes only): {url}"
    assert qr_text(url) in out and "\u2580" in qr_text(url)  # drawn with half blocks
    assert tokens["Ana"] not in out and tokens["Cy"] not in out


def test_on_a_loopback_host_rigs_serve_says_phones_cannot_reach_it_and_draws_no_qr(game):
    from rigs_helper.cli.serve import qr_text
    from rigs_helper.web.tokens import load_tokens

    out = rigs("serve", "--link", "Bo", "--port", "9000", "--game", game)
    url = f"http://127.0.0.1:9000/p/{load_tokens(game, ['Ana', 'Bo', 'Cy'])['Bo']}"
    assert out.splitlines() == [
        f"Bo's page (for Bo's eyes only): {url}",
        f"Phones cannot reach 127.0.0.1; to let them in: `rigs serve --host 0.0.0.0 -g "
        f"{game}`"]
    assert qr_text(url) not in out and "\u2580" not in out


def test_rigs_serve_refuses_a_port_in_use_in_one_line(game, tables):
    with serving(game, tables) as (server, _, _tokens):
        r = rigs_process("serve", "--port", server.server_address[1], "--game", game)
    assert r.returncode == 1 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "cannot listen" in r.stderr


def test_the_terminal_shows_one_players_qr_code_at_a_time(capsys):
    from rigs_helper.cli.serve import CLEAR, qr_text, show_links

    tokens = {"Ana": "a" * 24, "Bo": "b" * 24}
    base = "http://127.0.0.1:8765"
    seen = []

    def enter(prompt: str) -> str:  # each player presses Enter: what is on screen then?
        seen.append(capsys.readouterr().out.rsplit(CLEAR, 1)[1])
        return ""

    show_links(["Board (for everyone): " + base + "/"], base, tokens, ask=enter)
    assert len(seen) == 2
    for screen, (name, token) in zip(seen, tokens.items()):
        assert qr_text(f"{base}/p/{token}") in screen and f"{name}: scan this" in screen
        assert not [t for t in tokens.values() if t in screen]  # as QR only, and one
        assert all(qr_text(f"{base}/p/{t}") not in screen for n, t in tokens.items()
                   if n != name)
    assert capsys.readouterr().out == CLEAR  # cleared after the last


def test_links_on_the_rooms_network_carry_this_machines_address(monkeypatch):
    from rigs_helper.rules.errors import InputError
    from rigs_helper.web import guard

    monkeypatch.setattr(guard, "room_address", lambda ipv6=False: "192.168.1.20")
    assert guard.link_host("0.0.0.0") == "192.168.1.20"
    assert "192.168.1.20:8765" in guard.allowed_hosts("0.0.0.0", 8765, "192.168.1.20")
    assert guard.link_host("127.0.0.1") == "127.0.0.1" and guard.link_host("::1") == "[::1]"
    monkeypatch.setattr(guard, "room_address", lambda ipv6=False: None)
    with pytest.raises(InputError, match="no address on a network"):
        guard.link_host("0.0.0.0")  # never a placeholder in a link


def test_the_leaders_page_shows_the_land_grant_plots_with_their_spots(game, tables):
    from rigs_helper.store import session

    g = session.load(game, tables).game
    with serving(game, tables) as (server, _, tokens):
        page = get(server, f"/p/{tokens[g.leader]}")[2]
    spots = {"Plains": (1, 1, 1), "Valley": (2, 2, 2), "Forest": (1, 3, 1),
             "Desert": (3, 1, 1), "Ridge": (1, 1, 3)}  # the rules' plot table
    for pid in g.grant:
        name = tables.plots[tables.plot_deck[int(pid[1:]) - 1]].name
        e, s, m = spots[name]
        assert f"{pid} {name} — {e}E {s}S {m}M" in page  # the plot card, in the table's words


def test_the_boards_since_then_says_how_many_earlier_lines_it_leaves_to_rigs_log(tmp_path,
                                                                                 tables):
    from servehelp import table_game

    from rigs_helper.store import session
    from rigs_helper.store.notes import SINCE, last_phase

    path = table_game(tmp_path / "rigs.toml")
    for _ in range(SINCE + 3):  # one line each
        rigs("give", "Ana", "Bo", "credits=1", "--game", path)
    for name in ("Ana", "Bo", "Cy", "Di"):
        rigs("done", name, "--game", path)
    since = last_phase(session.load(path, tables), str(path))["since"]
    said = [line for e in session.history(path, tables)[1:] for line in e["said"]]
    assert len(said) > SINCE and len(since) == SINCE
    assert since[0] == f"({len(said) - SINCE + 1} earlier lines: `rigs log`)"
    assert since[1:] == said[-(SINCE - 1):]


def test_rigs_serve_link_takes_a_name_as_every_command_does(game, tables):
    from rigs_helper.web.tokens import load_tokens

    out = rigs("serve", "--link", "bo", "--port", "9000", "--game", game)
    tokens = load_tokens(game, ["Ana", "Bo", "Cy"])
    assert out.splitlines()[0] == ("Bo's page (for Bo's eyes only): "
                                   f"http://127.0.0.1:9000/p/{tokens['Bo']}")
    r = rigs_process("serve", "--link", "Zed", "--port", "9000", "--game", game)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.strip() == "rigs: --link Zed: not a player of this game (Ana, Bo, Cy)"


def test_rigs_serve_refuses_new_tokens_with_link_as_a_running_server_would_404_it(game):
    before = sorted(p.name for p in game.parent.iterdir())
    tokens_before = {p.name: p.read_bytes() for p in game.parent.iterdir() if p.is_file()}
    r = rigs_process("serve", "--link", "Bo", "--new-tokens", "--port", "9000", "--game",
                     game)
    assert r.returncode == 1 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "--new-tokens" in r.stderr
    assert sorted(p.name for p in game.parent.iterdir()) == before
    assert {p.name: p.read_bytes() for p in game.parent.iterdir() if p.is_file()} == \
        tokens_before


def test_the_board_says_waiting_for_once_and_calls_open_choices_by_their_name(tmp_path,
                                                                              tables):
    from servehelp import table_game

    game = table_game(tmp_path / "rigs.toml")  # round 1: no one done, no choice open
    with serving(game, tables) as (server, _, _tokens):
        board = get(server, "/")[2]
    assert board.count("Waiting for") == 1  # the players not done, at the top
    assert "still deciding: " in board and board.count("not done yet") == 0
    chips = re.findall(r'<span class="chip small"[^>]*>([^<]*)</span>', board)
    assert chips == ["Ana", "Bo", "Cy", "Di"]
