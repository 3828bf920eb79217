"""Headless Chromium (Debian's chromium + chromium-driver) driven by Selenium, for the
browser tests (`@pytest.mark.browser`: tests/conftest.py skips them outside CI when the
browser is missing and requires it under CI=true)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

def start_browser(folder: Path):
    """A new headless Chromium whose background windows keep their timers running (the
    pages' polling), its profile in ``folder``."""
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
                 f"--user-data-dir={folder / 'chromium'}", "--window-size=1920,1080",
                 "--hide-scrollbars"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(options=opts, service=Service(executable_path=chromedriver))
    driver.set_page_load_timeout(30)
    return driver


def viewport(driver, width: int, height: int) -> None:
    """This window's viewport (a phone's is narrower than a desktop window can be)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})


@pytest.fixture
def browser(tmp_path):
    """A headless Chromium for one test (import this fixture into the test module)."""
    driver = start_browser(tmp_path)
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver, folder: Path, name: str) -> Path:
    """A screenshot under ``folder`` (and a copy in $RIGS_SCREENSHOTS when set)."""
    path = folder / name
    driver.save_screenshot(str(path))
    if os.environ.get("RIGS_SCREENSHOTS"):
        out = Path(os.environ["RIGS_SCREENSHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, out / name)
    return path
