"""Shared fixtures for the rigs-helper test suite, and the browser tests' rule.

Tests marked ``@pytest.mark.browser`` drive Chromium with its driver, two programs that
``pip install ".[test]"`` cannot bring.  Outside CI they are skipped, saying what to
install; under ``CI=true`` (as ``.ci/run`` runs) they are required: a missing browser fails
them, naming it, and any skipped test fails the run.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

# The compiled modules are kept (__pycache__, as without PYTHONDONTWRITEBYTECODE) for the
# test processes and the commands they start: with that variable set, every xdist worker
# compiled and assertion-rewrote the 140 test modules again at each run (about 8 s of CPU
# each) and every `rigs` started in a subprocess compiled rigs_helper from its sources.
# Set here, before the test modules are imported and the workers started.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import nosync  # noqa: F401,E402 (os.fsync returns at once in the test processes)
import pytest
from hypothesis import settings
import typer.testing
from typer.testing import CliRunner

# No per-example deadline (whole games run inside some examples; a slow CI machine must not
# fail them), and on CI a fixed example order so a run is repeatable.
settings.register_profile("rigs", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("rigs")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TABLES = ROOT / "tables"

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# rigs's caches (validated tables, loaded states) go to a folder of this test process,
# never the user's ~/.cache; the commands tests run in subprocesses inherit it
os.environ["RIGS_CACHE_DIR"] = tempfile.mkdtemp(prefix="rigs-test-cache-")
atexit.register(shutil.rmtree, os.environ["RIGS_CACHE_DIR"], True)
# the group's history (`rigs score` keeps each game it scores) likewise: a file of this test
# process, and one of each test (the autouse fixture below), never the user's data folder
_HISTORIES = tempfile.mkdtemp(prefix="rigs-test-history-")
os.environ["RIGS_HISTORY"] = os.path.join(_HISTORIES, "history.sqlite")
atexit.register(shutil.rmtree, _HISTORIES, True)
# the time each entry of a game's log is written (`at`): one fixed time (the reproducible-
# builds variable, store/gamelog.py ``now``), so the same commands write the same file
# however long a test takes; tests/test_canonical_log.py reads the clock without it
os.environ["SOURCE_DATE_EPOCH"] = "1764288000"  # 2025-11-28T00:00:00Z
INSTALL_BROWSER = "apt-get install chromium chromium-driver chromium-headless-shell"


# ---------------------------------------------------------------------------- the browser

#: Chromium's headless shell (Debian's chromium-headless-shell, Chrome for Testing's
#: chrome-headless-shell): the same Blink and V8 as the full browser without its windows,
#: what Playwright and Puppeteer drive for headless tests; it opens a tab or a window in a
#: sixth of the full browser's CPU.  Debian's /usr/bin/chromium-headless-shell is a script
#: that runs the program without `exec`: a driver that ended the script would leave the
#: browser running, so the program itself is taken.
HEADLESS_SHELLS = ("/usr/lib/chromium/chromium-headless-shell", "chrome-headless-shell")


def browser_programs() -> tuple[str | None, str | None]:
    """(chromium, chromedriver): their paths, None for one not found.  Chromium is its
    headless shell where installed (HEADLESS_SHELLS), else `chromium` on PATH; the driver
    at $SE_CHROMEDRIVER (Selenium's own variable) when set, else on PATH."""
    chromium = next(filter(None, map(shutil.which, HEADLESS_SHELLS)), None) \
        or shutil.which("chromium")
    driver_env = os.environ.get("SE_CHROMEDRIVER")
    if driver_env:
        driver = driver_env if os.access(driver_env, os.X_OK) else None
    else:
        driver = shutil.which("chromedriver")
    return chromium, driver


def missing_browser() -> str | None:
    """What is missing to run the browser tests, as words, or None."""
    chromium, driver = browser_programs()
    missing = [name for name, path in (("chromium", chromium), ("chromedriver", driver))
               if path is None]
    return " and ".join(missing) or None


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """The test process's one headless Chromium (tests/browserhelp.py ``Shared``): each
    test takes it through the ``browser`` fixture, a fresh tab and no cookies."""
    from browserhelp import Shared

    shared = Shared(lambda: tmp_path_factory.mktemp("chromium"))
    try:
        yield shared
    finally:
        shared.quit()


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml): one worker more than the cores.  A test waits for
    Chromium, for its pages' server or for a process it started, a core idle meanwhile; a
    third worker on CI's two cores took the suite from 152 s to 131 s here (a fourth: 137
    s).  $PYTEST_XDIST_AUTO_NUM_WORKERS, when set, says how many, as pytest-xdist reads it."""
    given = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if given:
        return int(given)
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") \
        else (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    # the tests marked slow (whole games, replay walks) start first: pytest-xdist hands
    # the tests out one by one in this order (pyproject.toml: --maxschedchunk 1), so the
    # longest run side by side from the start and the short ones fill the cores after
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    missing = None if IN_CI else missing_browser()
    if missing:
        skip = pytest.mark.skip(reason=f"needs {missing} (browser tests): {INSTALL_BROWSER}")
        for item in items:
            if item.get_closest_marker("browser"):
                item.add_marker(skip)


def pytest_collection_finish(session):
    """The modules, test items and session objects collected live as long as the process:
    frozen out of the garbage collector's reach (gc.freeze), so its full collections, run
    all through the tests, walk only what the tests themselves make (in a sample of the
    heavy files: 1.39 -> 0.89 s of collecting in 35.8 CPU-s)."""
    import gc

    gc.collect()
    gc.freeze()


def pytest_runtest_setup(item):
    if IN_CI and item.get_closest_marker("browser"):
        missing = missing_browser()
        if missing:
            pytest.fail(f"CI=true requires the browser: {missing} not found "
                        f"({INSTALL_BROWSER}, or set SE_CHROMEDRIVER to the driver)",
                        pytrace=False)


# No skipped test under CI: a skip there is a test that did not run.
_skipped: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if IN_CI and _skipped and not hasattr(session.config, "workerinput"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if IN_CI and _skipped and not hasattr(config, "workerinput"):
        terminalreporter.write_line(f"CI=true: {len(_skipped)} test(s) skipped, which fails "
                                    f"the run: {', '.join(_skipped[:5])}", red=True)


# ---------------------------------------------------------------------------- the CLI


# ---------------------------------------------------------------------------- shared games

# One folder for the whole run, the xdist workers included: made by the first process (the
# controller), handed to the workers it starts through the environment, removed by it at exit
if "RIGS_TEST_BUILT" not in os.environ:
    os.environ["RIGS_TEST_BUILT"] = tempfile.mkdtemp(prefix="rigs-built-")
    atexit.register(shutil.rmtree, os.environ["RIGS_TEST_BUILT"], True)


def built_once(key: str, build) -> Path:
    """A folder made once per test run by ``build(folder)``, whichever test process (xdist
    worker) asks first; the others wait for it and then share it (read it, never write
    it).  Whatever is slow and the same for every process: a scripted game, a session's
    recordings."""
    import fcntl

    root = Path(os.environ["RIGS_TEST_BUILT"])
    folder, done = root / key, root / f"{key}.done"
    if not done.exists():
        with open(root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when closed
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way
                folder.mkdir()
                build(folder)
                done.touch()
    return folder


def scripted_copy(key: str, build, dest: Path) -> Path:
    """A scripted game built once per test run by ``build(path)`` (conftest.built_once) and
    copied to ``dest`` for each test that asks (the file with its backups and tokens beside
    it), so tests starting from the same game do not each play it again."""
    src = built_once(f"scripted-{key}-{dest.name}",
                     lambda folder: build(folder / dest.name)) / dest.name
    shutil.copyfile(src, dest)
    for entry in src.parent.glob(f".{src.name}.*"):  # its backups, tokens, ...
        target = dest.parent / f".{dest.name}{entry.name[1 + len(src.name):]}"
        if entry.is_dir():
            shutil.copytree(entry, target)
        else:
            shutil.copyfile(entry, target)
    return dest


@pytest.fixture(autouse=True)
def _own_history(request, monkeypatch):
    """Each test its own history file ($RIGS_HISTORY), in this process's folder."""
    import hashlib

    name = hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:20]
    monkeypatch.setenv("RIGS_HISTORY", os.path.join(_HISTORIES, name + ".sqlite"))


@pytest.fixture(scope="session")
def tables():
    from rigs_helper.store.tablefiles import load_tables

    return load_tables()


# typer's CliRunner builds the app's Click command from its functions at every invoke
# (about 0.4 ms of a 2 ms `rigs status`, some 15,000 times a run); `rigs` builds it once
# per process, and so do the tests: one command per app, reused (typer <0.29, pinned)
def _command_once(app, _built: dict = {}):  # noqa: B006 - the process's memo
    built = _built.get(id(app))
    if built is None or built[0] is not app:
        built = _built[id(app)] = (app, _typer_command(app))
    return built[1]


_typer_command = typer.testing._get_command
typer.testing._get_command = _command_once


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def rigs(runner):
    """Invoke the `rigs` app with a list of arguments; returns the Click result."""
    from rigs_helper.cli import app

    def invoke(*args: str):
        # as through a pipe: lines whole (pytest-xdist sets COLUMNS=80 in its workers; the
        # terminal-width tests give their own)
        return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": None})

    return invoke


@pytest.fixture(scope="session")
def named_game(tables):
    """The scripted game with Zoë and Maximiliano de la Cruz, played once per test run (the
    xdist workers share it: conftest.built_once) at 80 and 120 columns and very wide (see
    tests/named_game.py): width -> commands and outputs, and "dir" -> the directories (the
    game file is rigs.toml in each; read them, never write them)."""
    from named_game import WIDE, WIDTHS, record

    import json

    def build(root: Path) -> None:  # once per run (conftest.built_once), kept as JSON
        runs = {w: record(root / f"w{w}", w, tables) for w in (*WIDTHS, WIDE)}
        (root / "runs.json").write_text(json.dumps(list(runs.items())), encoding="utf-8")

    root = built_once("named-game", build)
    runs = {w: [(tuple(args), code, out, err) for args, code, out, err in typed]
            for w, typed in json.loads((root / "runs.json").read_text(encoding="utf-8"))}
    return {**runs, "dir": {w: root / f"w{w}" for w in (*WIDTHS, WIDE)}}


def make_game(path: Path, seed: int, *commands: list[str], players=("Ana", "Bo", "Cy")) -> str:
    """A new game at ``path`` with ``commands`` run on it (each must succeed); its text."""
    from rigs_helper.cli import app

    run = CliRunner().invoke
    names = [x for p in players for x in ("-p", p)]
    for args in (["new", *names, "--seed", str(seed)], *commands):
        r = run(app, [*args, "-g", str(path)])
        assert r.exit_code == 0, (args, r.output)
    return path.read_text()
