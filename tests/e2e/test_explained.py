"""Issue 42, points 4–6 in a real browser, at a projector's 1280 px and a phone's 390 px,
light and dark, with no console errors: the Impartial tab's mex and misère Nim rule and its
errors, the Classic tab's textbook horizon effect and Pig's decimals, and the tiling
board's "why" view (regions, the sum rule's arithmetic, each move's value)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browsing import fits
from tests.samples import screens_and_schemes

pytestmark = pytest.mark.e2e

VIEWS = screens_and_schemes([((1280,), "1280"), ((390,), "390")])


@contextmanager
def viewing(
    browser: Browser, server: str, width: int, scheme: str, *, refused: str | None = None
) -> Iterator[Page]:
    """A page ``width`` px wide in ``scheme``; fails the test on a console error or a
    JavaScript error. ``refused``: the one refusal the test asks the server for on purpose
    (chromium logs every 4xx answer as a failed resource, which the page then explains)."""
    context = browser.new_context(
        viewport={"width": width, "height": 800 if width > 1000 else 844},
        base_url=server,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    try:
        yield page
    finally:
        context.close()
    if refused is not None:
        errors = [e for e in errors if f"status of {refused}" not in e]
    assert not errors, f"console errors: {errors}"


def go(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("body[data-ready]")


def show_heaps(page: Page, heaps: str, *, misere: bool = False) -> None:
    page.select_option("#impartial-game-kind", "nim")
    page.fill("#impartial-heaps", heaps)
    page.set_checked("#impartial-misere", misere)
    page.click("#impartial-start")
    page.wait_for_selector("#impartial:not([aria-busy='true'])")


@pytest.mark.parametrize(("width", "scheme"), VIEWS)
def test_impartial_mex_chips_misere_rule_and_errors(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    # 1001 and foo:3 are refused by the page itself, the misère search limit by the server
    with viewing(browser, server, width, scheme, refused="400") as page:
        go(page, "/#impartial?h=kayles:4+nim:3&mis=0&you=both&v=1")
        rows = page.locator(".heap-row")
        expect(rows).to_have_count(2)
        # Kayles 4 → 3, 2, 1+1 / 2, 1+1... values 3, 2, 0, 2, 0: mex 1
        expect(rows.nth(0).locator(".nimber")).to_have_text("G(4) = mex{0, 2, 3} = 1")
        expect(rows.nth(1).locator(".nimber")).to_have_text("G(3) = mex{0, 1, 2} = 3")
        # a chip says whose value it shows: the heap's, then the whole row's
        chip = rows.nth(1).locator("button[data-move='1.1']")
        expect(chip.locator(".hint-value")).to_have_text("heap G 1 · ⊕ 0")
        expect(page.locator("#impartial-legend")).to_contain_text("heap G")
        assert fits(page)

        show_heaps(page, "100 100 100", misere=True)  # instant by the rule
        expect(page.locator("#impartial-xor")).to_contain_text("Misère Nim rule")
        expect(page.locator("#impartial-xor")).to_contain_text("the player to move wins")
        expect(page.locator("#impartial-heap-rows button.best")).to_have_count(3)
        # a heap of 100 has 100 moves: folded away, its winning one in view
        expect(page.locator("#impartial-heap-rows button.best:visible")).to_have_count(3)
        expect(page.locator(".many-moves summary").first).to_have_text(
            "the other 99 moves on this heap"
        )
        expect(page.locator("#impartial-error")).to_have_text("")

        for heaps, misere, words in [
            ("1001", False, "at most 1000"),
            ("foo:3", False, "unknown game"),
            ("kayles:30 dawson:30", True, "misère search limit"),
        ]:
            show_heaps(page, "3 4 5", misere=False)
            expect(page.locator("#impartial-game")).to_be_visible()
            page.fill("#impartial-heaps", heaps)
            page.set_checked("#impartial-misere", misere)
            page.click("#impartial-start")
            error = page.locator("#impartial-error")
            expect(error).to_contain_text(words)
            expect(page.locator("#impartial-game")).to_be_hidden()  # the old result is gone
            # beside the button: on the same screen, next to it
            box, button = error.bounding_box(), page.locator("#impartial-start").bounding_box()
            assert box is not None
            assert button is not None
            assert box["y"] < button["y"] + button["height"] + 80
            shown: float = page.evaluate("innerHeight")  # within the screen (box: viewport)
            assert box["y"] + box["height"] <= shown + 1  # a pixel of rounding
        assert fits(page)


@pytest.mark.parametrize(("width", "scheme"), VIEWS)
def test_the_tiling_board_explains_itself(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with viewing(browser, server, width, scheme) as page:
        # 3×4 with its middle row covered: two I tetrominoes, hot; N = 4, h = 2
        go(page, "/#tiling?rows=3&cols=4&r=max&s=2&m=1.0-1.1,1.2-1.3")
        expect(page.locator("#tiling-board .cell")).to_have_count(12)
        page.click("#tiling-why-button")
        expect(page.locator("#tiling-why h3")).to_contain_text("MAX to move")
        expect(page.locator("#tiling-why-table tbody tr[data-kind='hot']")).to_have_count(2)
        expect(page.locator("#tiling-why-board .why-cell.hot")).to_have_count(8)
        rule = page.locator("#tiling-why-rule")
        expect(rule).to_contain_text("N = 2 + 2 = 4")
        expect(rule).to_contain_text("N − ⌊h/2⌋ = 4 − 1 = 3")
        expect(page.locator("#tiling-why-value")).to_have_text("5")
        moves = page.locator("#tiling-why-moves li")
        expect(moves.first).to_contain_text("→ 5")
        expect(moves.first).to_contain_text("best for MAX")
        expect(moves.nth(1)).to_contain_text("→ 4")
        # the solver agrees: the hint's best dominoes end with the value the rule gave
        page.click("#tiling-hint")
        expect(page.locator("#tiling-hints")).to_contain_text("ends with 5 dominoes")
        # a move: the view follows the position (the engine answered)
        page.click("#tiling-board .cell[data-r='0'][data-c='0']")
        page.click("#tiling-board .cell[data-r='0'][data-c='1']")
        expect(page.locator("#tiling-board .cell.max")).to_have_count(4)
        expect(page.locator("#tiling-why h3")).to_contain_text("MAX to move")
        assert fits(page)
        # the view is in the address: a reload reopens it on the same position
        assert "why=1" in page.url
        page.reload()
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#tiling-why h3")).to_contain_text("MAX to move")
        page.keyboard.press("w")  # and w closes it
        expect(page.locator("#tiling-why")).to_be_hidden()
        assert "why=1" not in page.url
        # a large region: no rule, said in words
        go(page, "/#tiling?rows=5&cols=5&r=max&s=2&m=")
        expect(page.locator("#tiling-board .cell")).to_have_count(25)
        page.click("#tiling-why-button")
        expect(page.locator("#tiling-why-rule")).to_contain_text("A is large (25 squares)")
        expect(page.locator("#tiling-why-board .why-cell.large")).to_have_count(25)
        assert fits(page)


@pytest.mark.parametrize(("width", "scheme"), VIEWS)
def test_classic_textbook_horizon_effect_and_pig_decimals(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with viewing(browser, server, width, scheme) as page:
        go(page, "/#classic?g=tictactoe&r=both&m=1,3&v=0")
        expect(page.locator("#classic-history li")).to_have_count(2)
        page.click("#classic-cutoff-box summary")
        page.fill("#cutoff-depth", "2")
        page.select_option("#cutoff-evaluation", "zero")
        page.click("#cutoff-estimate")  # the table of the game's own position first
        expect(page.locator("#cutoff-table tbody tr")).to_have_count(7)
        page.click("#cutoff-find")
        # X 5, O 2, X 7: O has lost; 1, 9, 4, 6, 8 lose at once (seen at depth 2), and
        # 3 blocks and threatens 1: X must answer, the loss comes at ply 4, unseen
        summary = page.locator("#horizon-summary")
        expect(summary).to_contain_text("After 5, 2, 7, O (MIN) to move has lost")
        expect(summary).to_contain_text("It plays 3 instead")
        expect(summary).to_contain_text("past its horizon: it believes 0")
        expect(page.locator("#cutoff-table")).to_have_count(0)  # not another position's table
        table = page.locator("#horizon-table tbody tr")
        expect(table).to_have_count(6)
        expect(page.locator("#horizon-table tr.chosen")).to_contain_text("4 (beyond)")
        expect(page.locator("#horizon-table tbody")).to_contain_text("2 (seen)")
        for _ in range(2):
            page.click("#horizon-next")
        expect(page.locator("#horizon-step")).to_contain_text("says 1 (exact 1)")  # in view
        for _ in range(2):
            page.click("#horizon-next")
        expect(page.locator("#horizon-step")).to_contain_text("game over: X (MAX) wins")
        assert fits(page)

        go(page, "/#classic?g=pig:6:2:4&r=max&m=rolls%202&v=1")
        values = page.locator("#classic-options .hint-value.exact")
        expect(values).to_have_count(2)
        for index in range(2):
            expect(values.nth(index)).to_have_text(re.compile(r"^(≈ )?-?\d+(\.\d+)?$"))
            expect(values.nth(index)).to_have_attribute("title", re.compile(r"^exactly -?\d+/\d+$"))
        # a longer game's chances: 18-digit fractions, never on a button
        go(page, "/#classic?g=pig:10&r=both&m=rolls%202&v=1")
        expect(values.first).to_be_visible()
        texts = values.all_inner_texts()
        assert all(len(text) <= 9 and "/" not in text for text in texts), texts
        assert fits(page)
