"""Hints a lecture room can read: the Play tab's values as large as the choices, with a
contrast a projector keeps, light and dark, on a phone and a projector's 1280 px; and the
Graph tab's hint and optimal line."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browsing import fits, open_tab, viewing
from tests.samples import screens_and_schemes

#: the back of the room on a phone and on a projector
READERS = screens_and_schemes([((390,), "390"), ((1280,), "1280")])

pytestmark = pytest.mark.e2e

#: WCAG's contrast for normal text (AA)
READABLE = 4.5

#: the colours a value is drawn in and on, and its size in CSS pixels
LOOKS = """(value) => {
  const opaque = (node) => {
    for (; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (!/rgba\\(.*, 0\\)$/.test(colour) && colour !== "transparent") return colour;
    }
    return "rgb(255, 255, 255)";
  };
  const style = getComputedStyle(value);
  return { size: parseFloat(style.fontSize), fg: style.color, bg: opaque(value) };
}"""


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``rgb(r, g, b)``."""
    channels = [int(part) / 255 for part in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(fg: str, bg: str) -> float:
    light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_wcag_s() -> None:
    """The helper against WCAG's own extremes: black on white is 21, grey on grey 1."""
    assert round(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)"), 1) == 21.0
    assert contrast("rgb(119, 119, 119)", "rgb(119, 119, 119)") == 1.0


@pytest.mark.parametrize(
    ("width", "scheme"), screens_and_schemes([((390,), "390"), ((1280,), "1280")])
)
def test_play_hints_read_from_the_back_of_the_room(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with viewing(browser, server, width, scheme) as page:
        open_tab(page, "play")
        page.click("#play-start")
        expect(page.locator("#play-options button").first).to_be_visible()
        page.click("#play-hint")
        values = page.locator("#play-options .hint-value")
        expect(values).to_have_count(page.locator("#play-options button").count())
        choice = page.locator("#play-options button").first.evaluate(
            "(button) => parseFloat(getComputedStyle(button).fontSize)"
        )
        for index in range(values.count()):
            looks = values.nth(index).evaluate(LOOKS)
            assert looks["size"] >= choice, looks  # as large as the choice it is under
            assert contrast(looks["fg"], looks["bg"]) >= READABLE, looks
        assert fits(page)


def test_the_graph_tab_hints_every_move_and_an_optimal_line(page: Page) -> None:
    open_tab(page, "graph")
    page.click("#graph-start")  # friendship:3, vertices coloured, edges shared; you are MAX
    expect(page.locator("#graph-palette button")).to_have_count(2)
    page.click("#graph-hint")
    hints = page.locator("#graph-hints")
    expect(hints).to_contain_text("With best play from here MAX ends with 4.")  # the paper's F₃
    expect(page.locator("#graph-palette .hint-value")).to_have_text(["4", "4"])
    expect(hints.locator(".optimal-line")).to_contain_text(
        "An optimal line from here: colour 1, 1→"
    )
    # as MIN: the values of the elements to colour, the small ones best
    page.check("input[name='graph-role'][value='min']")
    page.click("#graph-start")
    expect(page.locator("#graph-status")).to_contain_text("Your turn (MIN)")
    expect(hints).to_be_hidden()
    page.keyboard.press("?")
    items = hints.locator(".hint-list li")
    expect(items).to_have_count(7)  # every vertex of the friendship graph F₃
    expect(items.first).to_contain_text("→")
    expect(hints).to_contain_text("MIN wants it small")
    # a move hides the hint; the end shows an optimal line from the start
    page.goto("/#graph?g=path:5&p=V,E&k=2&rule=mono&r=max&m=1,0,1,1,1,2,1,3,1")
    expect(page.locator("#graph-verdict")).to_contain_text("The engine wins: share 0 < minimax 1")
    expect(page.locator("#graph-result .optimal-line")).to_have_text(
        "An optimal line from the start: colour 1, 1→v0, colour 2, 2→v4, colour 1, 1→v1, "
        "colour 1, 1→v2, colour 1, 1→v3."
    )
    expect(hints).to_be_hidden()
    # a game over before its first move has no line to show
    page.goto("/#graph?g=path:5&p=R,E&k=2&rule=mono&r=max")
    expect(page.locator("#graph-why")).to_contain_text("Over before it starts")
    expect(page.locator("#graph-result .optimal-line")).to_have_count(0)


@pytest.mark.parametrize(("width", "scheme"), [(390, "light"), (1280, "dark")])
def test_classic_values_read_from_afar(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    """The board's values at 16 px at least, readable; a played cell as vivid as a free
    one; Pig's long fractions shown as a decimal, the exact fraction a hover away."""
    with viewing(browser, server, width, scheme) as page:
        page.goto("/#classic?g=tictactoe&m=5")
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#classic-game .cell-button:disabled")).to_have_count(2)
        page.keyboard.press("?")
        values = page.locator(".classic-board .hint-value")
        expect(values).to_have_count(7)
        for index in range(7):
            looks = values.nth(index).evaluate(LOOKS)
            assert looks["size"] >= 16, looks
            assert contrast(looks["fg"], looks["bg"]) >= READABLE, looks
        played = page.locator(".classic-board .cell-button:disabled").first
        assert played.evaluate("(cell) => getComputedStyle(cell).opacity") == "1"
        page.goto("/#classic?g=pig:10&r=both&m=rolls%203")
        expect(page.locator("#classic-options button")).to_have_count(2)  # hold or roll
        page.keyboard.press("?")
        label = page.locator("#classic-options button .hint-value").first
        expect(label).to_have_text(re.compile(r"^≈ -?0\.\d+$"))  # the exact fraction: hover
        expect(label).to_have_attribute("title", re.compile(r"^exactly -?\d+/\d+$"))
        assert fits(page)
