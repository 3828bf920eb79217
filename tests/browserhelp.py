"""Headless Chromium (Debian's chromium + chromium-driver) driven by Selenium, for the
browser tests (`@pytest.mark.browser`: tests/conftest.py skips them outside CI when the
browser is missing and requires it under CI=true)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

def start_browser(folder: Path):
    """A new headless Chromium (its headless shell where installed: tests/conftest.py
    ``browser_programs``) whose background tabs keep their timers running (the pages'
    polling); the full browser's profile in ``folder``, the shell's in the driver's own
    temporary folder (the shell given a profile folder opens no page to drive); the shell
    draws frames only when asked (:data:`FRAMES_ON_REQUEST`)."""
    from conftest import browser_programs
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = browser_programs()  # the marker's rule: found, or skipped
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows",
                 "--window-size=1920,1080", "--hide-scrollbars",
                 # one thread rasters a tab's frames (the pages drawn the same, for less
                 # CPU: benchmarks/README.md "The suite's time")
                 "--num-raster-threads=1"):
        opts.add_argument(flag)
    shell = "headless-shell" in chromium
    for flag in FRAMES_ON_REQUEST if shell else ():  # (frames drawn for a screenshot only)
        opts.add_argument(flag)
    if not shell:  # (the shell takes the driver's own profile folder, removed at quit)
        opts.add_argument(f"--user-data-dir={folder / 'chromium'}")
    driver = webdriver.Chrome(options=opts, service=Service(executable_path=chromedriver))
    driver.frames_on_request = shell
    driver.set_page_load_timeout(30)
    return driver


#: the headless shell draws a frame only when the test asks for one
#: (``HeadlessExperimental.beginFrame``, what :func:`screenshot` sends): a page that changes
#: is styled and laid out when a script or a tap needs it, never painted, rastered and
#: composited for nobody to see.  The board and four phones showing a change: 111 -> 36 ms
#: of Chromium (benchmarks/README.md "The suite's time"); `Page.captureScreenshot`
#: (Selenium's save_screenshot) never answers there, so every screenshot goes through
#: :func:`screenshot`.  (The full browser's headless mode has no such control.)
FRAMES_ON_REQUEST = ("--enable-begin-frame-control", "--run-all-compositor-stages-before-draw")


def screenshot(driver, path: Path) -> None:
    """A PNG of the tab as it shows now, at its viewport, written to ``path``."""
    import base64

    if not getattr(driver, "frames_on_request", False):
        driver.save_screenshot(str(path))
        return
    got = driver.execute_cdp_cmd("HeadlessExperimental.beginFrame",
                                 {"screenshot": {"format": "png"}})
    path.write_bytes(base64.b64decode(got["screenshotData"]))


def viewport(driver, width: int, height: int) -> None:
    """This window's viewport (a phone's is narrower than a desktop window can be)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})


def fresh_tab(driver) -> bool:
    """Leave ``driver`` with one new blank tab (no viewport, script or emulation set on it
    by a test before: those belong to a tab) and no cookies; False when the browser does not
    answer (it is started again)."""
    from selenium.common.exceptions import WebDriverException

    try:
        old = driver.window_handles
        driver.switch_to.new_window("tab")
        keep = driver.current_window_handle
        for handle in old:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(keep)
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        return driver.window_handles == [keep]
    except WebDriverException:
        return False


#: the tab's settings a test may change through the DevTools protocol, each with the
#: command that puts it back as a new tab has it (None: nothing of the tab's to put back)
UNDO_CDP: dict[str, tuple[str, dict] | None] = {
    "Emulation.setDeviceMetricsOverride": ("Emulation.clearDeviceMetricsOverride", {}),
    "Emulation.clearDeviceMetricsOverride": None,
    "Emulation.setScriptExecutionDisabled": ("Emulation.setScriptExecutionDisabled",
                                             {"value": False}),
    "Emulation.setEmulatedMedia": ("Emulation.setEmulatedMedia",
                                   {"media": "", "features": []}),
    "Network.clearBrowserCookies": None,
    "HeadlessExperimental.beginFrame": None,
}


def blank_tab(driver, used: set[str]) -> bool:
    """Like :func:`fresh_tab`, in the first tab kept (a new tab costs Chromium a quarter of
    a second of CPU, a new renderer's start): the other tabs and windows closed, each
    setting in ``used`` (the DevTools commands the test sent) put back, the tab blank and
    no cookies.  False when a command outside :data:`UNDO_CDP` was used (a script added to
    every page...: the test gets a new tab) or the browser does not answer."""
    from selenium.common.exceptions import WebDriverException

    if not used <= UNDO_CDP.keys():
        return False
    try:
        handles = driver.window_handles
        keep = handles[0]
        for handle in handles[1:]:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(keep)
        for command in sorted(used):  # (a copy: each undo sent is noted in ``used``)
            undo = UNDO_CDP[command]
            if undo is not None:
                driver.execute_cdp_cmd(*undo)
        driver.get("about:blank")
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        return driver.window_handles == [keep]
    except WebDriverException:
        return False


class Shared:
    """One Chromium per test process (starting one costs seconds of CPU), handed to each
    test with a fresh tab (tests/conftest.py's session fixture ``chromium``): the tab the
    test before left, put back as new (:func:`blank_tab`), or else a new one."""

    def __init__(self, folder) -> None:
        self.folder = folder  # () -> a new folder for a profile
        self.driver = None
        self.used: set[str] = set()  # the DevTools commands sent since the last fresh()

    def fresh(self):
        if self.driver is not None and not blank_tab(self.driver, self.used) \
                and not fresh_tab(self.driver):
            self.quit()
        self.used.clear()
        if self.driver is None:
            self.driver = start_browser(self.folder())
            send = self.driver.execute_cdp_cmd

            def tracked(cmd: str, cmd_args: dict):
                self.used.add(cmd)
                return send(cmd, cmd_args)

            self.driver.execute_cdp_cmd = tracked
        return self.driver

    def quit(self) -> None:
        if self.driver is not None:
            try:
                self.driver.quit()
            finally:
                self.driver = None


@pytest.fixture
def browser(chromium):
    """A headless Chromium for one test, with one fresh tab (import this fixture into the
    test module): the test process's one browser."""
    return chromium.fresh()


def wait_in_tab(driver, script: str, timeout: float = 10.0):
    """What ``script`` (a function's body, run in the tab) returns once it returns
    something (not null, false, 0 or ""), tried every 20 ms in the tab itself: one round
    trip to the browser, where WebDriverWait's polling sends a command (~5 ms of
    Chromium's CPU) each time.  A try that throws (the page swapped under it) counts as
    nothing yet; TimeoutException after ``timeout`` seconds, as WebDriverWait."""
    from selenium.common.exceptions import TimeoutException

    if timeout + 5 > 30:  # (the driver's script timeout: 30 s unless set longer)
        driver.set_script_timeout(timeout + 5)
    got = driver.execute_async_script(
        "var done = arguments[arguments.length - 1], end = Date.now() + arguments[0];"
        "function test(){" + script + "\n}"
        "(function again(){ var v = null; try { v = test(); } catch (e) {}"
        " if (v || Date.now() > end) return done(v || null); setTimeout(again, 20); })();",
        timeout * 1000)
    if not got:
        raise TimeoutException(f"not within {timeout} s: {script}")
    return got


#: the first element of ``arguments[0]`` (a CSS selector) shown whose words are
#: ``arguments[1]``, scrolled to the middle of the screen; else the words of all of them
SHOWN_WORDS = """
var css = arguments[0], want = arguments[1];
function words(e){ return e.innerText.replace(/\\s+/g, ' ').trim(); }
function shown(e){ return !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)
  && getComputedStyle(e).visibility !== 'hidden'; }
var all = Array.prototype.slice.call(document.querySelectorAll(css));
for (var i = 0; i < all.length; i++)
  if (shown(all[i]) && words(all[i]) === want) {
    all[i].scrollIntoView({block: 'center'}); return all[i]; }
return all.map(words);
"""


def tap_words(driver, text: str, css: str) -> None:
    """Tap (a real click, which fails on a control hidden or covered) the first control
    of ``css`` shown whose words are ``text``, found and scrolled to in one round trip."""
    hit = driver.execute_script(SHOWN_WORDS, css, " ".join(text.split()))
    assert not isinstance(hit, list), (text, hit)
    hit.click()


def shot(driver, folder: Path, name: str) -> Path:
    """A screenshot under ``folder`` (and a copy in $RIGS_SCREENSHOTS when set)."""
    path = folder / name
    screenshot(driver, path)
    if os.environ.get("RIGS_SCREENSHOTS"):
        out = Path(os.environ["RIGS_SCREENSHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, out / name)
    return path
