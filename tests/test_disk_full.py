"""A full or read-only disk is one line: `cannot save rigs.toml: no space left on device;
nothing was written`, exit 1, the game file as it was and no temp file left (issue 19).
The system's refusal is injected at each step of a save (the temp file, its write, its
fsync, the rename) with the errno a full disk or a read-only folder gives."""

from __future__ import annotations

import errno
import os

import pytest


@pytest.fixture
def game(tmp_path, rigs):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    return path


def _fail(code):
    def raiser(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return raiser


def _fail_temp(code):
    """os.open refusing the save's temp file only (the lock and the folder still open)."""
    real = os.open

    def opener(path, *args, **kwargs):
        if str(path).endswith(".tmp"):
            raise OSError(code, os.strerror(code))
        return real(path, *args, **kwargs)
    return opener


STEPS = {"temp": (os, "open"), "fsync": (os, "fsync"), "replace": (os, "replace")}


@pytest.mark.parametrize("step", sorted(STEPS))
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_a_refused_write_is_one_line_and_changes_nothing(game, rigs, monkeypatch, step, code):
    before = game.read_bytes()
    names = set(os.listdir(game.parent))
    module, name = STEPS[step]
    monkeypatch.setattr(module, name, _fail_temp(code) if step == "temp" else _fail(code))
    r = rigs("adjust", "Ana", "credits", "1", "--why", "full disk", "-g", game)
    monkeypatch.undo()
    want = os.strerror(code)
    assert r.exit_code == 1, r.output
    assert r.stderr == (f"rigs: cannot save {game}: {want[0].lower()}{want[1:]}; "
                        "nothing was written\n")
    assert "internal error" not in r.output
    assert game.read_bytes() == before
    assert set(os.listdir(game.parent)) == names  # no temp file left beside it
    assert not [n for n in os.listdir(game.parent / ".rigs.toml.bak") if n.endswith(".tmp")]


def test_a_full_disk_during_the_write_itself_leaves_no_temp_file(game, rigs, monkeypatch):
    """ENOSPC half way through the temp file's text (where a full disk first shows)."""
    before = game.read_bytes()
    names = set(os.listdir(game.parent))
    real = os.fdopen

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[:len(text) // 2])
            self.fh.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Full(real(fd, *a, **k)))
    r = rigs("adjust", "Ana", "credits", "1", "--why", "full disk", "-g", game)
    monkeypatch.undo()
    assert r.exit_code == 1 and "no space left on device; nothing was written" in r.stderr
    assert game.read_bytes() == before
    assert set(os.listdir(game.parent)) == names


def test_a_full_disk_for_the_backup_never_fails_the_save(game, rigs, monkeypatch):
    """The game file is saved; the backup that could not be written leaves no temp file."""
    from pathlib import Path

    real = Path.write_text

    def write_text(self, *args, **kwargs):
        if self.parent.name.endswith(".bak"):
            with open(self, "w") as fh:  # half a backup, then the disk is full
                fh.write("half")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    r = rigs("adjust", "Ana", "credits", "1", "--why", "backup full", "-g", game)
    monkeypatch.undo()
    assert r.exit_code == 0, r.output
    assert "backup full" in game.read_text()
    assert not [n for n in os.listdir(game.parent / ".rigs.toml.bak") if n.endswith(".tmp")]
