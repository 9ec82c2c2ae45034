"""What the browser tests share: a tab opened from the address, the phone's viewport, and
whether the page scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, expect

#: a phone's viewport (the narrowest the page is made for)
PHONE = {"width": 390, "height": 844}


def open_tab(page: Page, tab: str) -> None:
    """Open the page at ``tab`` and wait until it is ready."""
    page.goto(f"/#{tab}")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator(f"#{tab}")).to_be_visible()


def fits(page: Page) -> bool:
    """Whether the page has no horizontal scrolling (a wide drawing scrolls in its box)."""
    width: bool = page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    return width


@contextmanager
def viewing(browser: Browser, server: str, width: int, scheme: str) -> Iterator[Page]:
    """A page of the app ``width`` pixels wide in the ``light`` or ``dark`` colour scheme,
    closed after use."""
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        base_url=server,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    try:
        yield context.new_page()
    finally:
        context.close()
