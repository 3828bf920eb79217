"""The browser tests' rule (tests/conftest.py), checked without hiding the real browser:
on a machine without Chromium a plain `pytest` skips them saying what to install; under
CI=true they are required and a skip fails the run."""

from __future__ import annotations

import os
import time
import types
from pathlib import Path

import pytest

import conftest


class _Item:
    def __init__(self, browser: bool):
        self.browser = browser
        self.markers: list = []

    def get_closest_marker(self, name):
        return object() if name == "browser" and self.browser else None

    def add_marker(self, marker):
        self.markers.append(marker)


@pytest.fixture
def no_browser(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(conftest, "HEADLESS_SHELLS", (str(tmp_path / "headless-shell"),))
    monkeypatch.setenv("SE_CHROMEDRIVER", str(tmp_path / "chromedriver"))


def test_without_chromium_both_programs_are_named(no_browser):
    assert conftest.missing_browser() == "chromium and chromedriver"


def test_without_chromium_only_browser_tests_are_skipped_naming_the_install(
        no_browser, monkeypatch):
    monkeypatch.setattr(conftest, "IN_CI", False)
    browser, plain = _Item(True), _Item(False)
    conftest.pytest_collection_modifyitems(None, [browser, plain])
    assert plain.markers == []
    [mark] = browser.markers
    reason = mark.kwargs["reason"]
    assert "chromium and chromedriver" in reason and "(browser tests)" in reason
    assert conftest.INSTALL_BROWSER in reason


def test_under_ci_a_missing_browser_fails_instead_of_skipping(no_browser, monkeypatch):
    monkeypatch.setattr(conftest, "IN_CI", True)
    browser = _Item(True)
    conftest.pytest_collection_modifyitems(None, [browser])
    assert browser.markers == []
    with pytest.raises(pytest.fail.Exception, match="CI=true requires the browser"):
        conftest.pytest_runtest_setup(browser)


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid`` now (Linux's /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"  # (a zombie has ended)


@pytest.mark.browser
def test_a_browser_that_quits_leaves_no_process_running(tmp_path):
    """The browser the tests start ends with its driver: no program of it left running
    (Debian's /usr/bin/chromium-headless-shell is a script that runs the shell without
    `exec`; driven through it, every quit left seven processes polling the pages)."""
    from browserhelp import start_browser

    driver = start_browser(tmp_path)
    driver.get("data:text/html,<p>one")
    driver.switch_to.new_window("tab")
    driver.get("data:text/html,<p>two")
    started = _descendants(driver.service.process.pid)
    assert started  # the browser and its renderers
    driver.quit()
    deadline = time.monotonic() + 5
    while any(map(_running, started)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in started if _running(pid)] == []


def test_under_ci_any_skip_fails_the_run(monkeypatch):
    monkeypatch.setattr(conftest, "IN_CI", True)
    monkeypatch.setattr(conftest, "_skipped", [])
    conftest.pytest_runtest_logreport(types.SimpleNamespace(skipped=True, nodeid="t::x"))
    session = types.SimpleNamespace(config=types.SimpleNamespace(), exitstatus=0)
    conftest.pytest_sessionfinish(session, 0)
    assert session.exitstatus == pytest.ExitCode.TESTS_FAILED
