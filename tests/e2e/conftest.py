"""End-to-end fixtures: the app served by uvicorn on a free port, and Debian's chromium.

Playwright's own browser download is not used: the tests drive the system's chromium
(``make e2e-setup`` installs it; ``EVALGAME_CHROMIUM`` names another binary). If the
browser cannot start, the tests fail — a broken browser set-up must not pass unnoticed.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from evalgame.web import create_app

#: chromium flags for a headless run on a machine without a network
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


#: how long an ``expect`` waits for the page (Playwright's default is 5 s): the tests run beside
#: the unit tests, and on a loaded machine a search of the lab's largest trees takes longer
EXPECT_TIMEOUT_MS = 20_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def chromium_path() -> str:
    """The browser to drive: ``$EVALGAME_CHROMIUM``, else ``chromium`` on the PATH."""
    path = os.environ.get("EVALGAME_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail(f"no chromium at {path}: run `make e2e-setup` (apt-get install chromium)")
    return path


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app on a free localhost port, in a background thread; yields its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the web app did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless chromium, started once for all the tests."""
    path = chromium_path()
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as error:  # any launch failure is a broken set-up: fail loudly
            pytest.fail(f"chromium ({path}) did not start: {error}")
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A fresh page on the app; the test fails if the page raised a JavaScript error."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, base_url=server)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(15_000)
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
