"""Reading and writing the user's files: one-line errors, atomic saves."""

from __future__ import annotations

import os
from pathlib import Path

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.rng import MAX_SEED


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None


def write_atomic(path: Path, text: str, shared: bool = False) -> None:
    """Write ``text`` to a temp file beside ``path``, fsync it, then rename it over ``path``.

    A crash at any point leaves either the old file or the new one, never a mix.  A new file
    is its owner's only (mode 600), unless ``shared``: then it gets the usual mode (666 less
    the umask), as a file meant to be passed round (the HTML report).  A write the system
    refuses (a full disk, a read-only folder) is one line, the file as it was and no temp
    file left."""
    directory = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputError(f"{path}: is a folder, not a file")
    fd, tmp = _temp_beside(path, directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        elif shared:
            mask = os.umask(0o022)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise cannot_save(path, exc) from None
        raise
    try:  # make the rename itself durable
        dfd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def cannot_save(path: Path, exc: OSError) -> InputError:
    """``cannot save rigs.toml: no space left on device; nothing was written``."""
    why = exc.strerror or type(exc).__name__
    return InputError(f"cannot save {path}: {why[:1].lower()}{why[1:]}; nothing was written")


def _temp_beside(path: Path, directory: Path) -> tuple[int, str]:
    """A new file ``.NAME.<pid>-<n>.tmp`` beside ``path``, opened for writing (as
    ``tempfile.mkstemp`` would, without importing it: a save is on every command's path)."""
    for n in range(100):
        tmp = str(directory / f".{path.name}.{os.getpid()}-{n}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            raise cannot_save(path, exc) from None
    raise InputError(f"{path}: cannot write: too many temporary files beside it")


def fresh_seed() -> int:
    """A new seed for a game or draw started without one (it is then stored and shown)."""
    return int.from_bytes(os.urandom(8), "big") & MAX_SEED
