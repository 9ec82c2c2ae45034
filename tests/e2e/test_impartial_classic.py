"""The Impartial and Classic tabs in a real browser: Nim's winning move and XOR, a sum of
different games, misère play, a game against the engine, links, keys, phones, dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browsing import PHONE, fits, open_tab

pytestmark = pytest.mark.e2e


def show(page: Page, heaps: str, *, misere: bool = False, you: str = "both") -> None:
    page.select_option("#impartial-game-kind", "nim")
    page.fill("#impartial-heaps", heaps)
    page.set_checked("#impartial-misere", misere)
    page.check(f"input[name='impartial-you'][value='{you}']")
    page.click("#impartial-start")


def test_nim_shows_the_xor_and_every_winning_move(page: Page) -> None:
    open_tab(page, "impartial")
    show(page, "3 4 5")
    expect(page.locator(".heap-row")).to_have_count(3)
    expect(page.locator("#impartial-xor-table .xor-total")).to_contain_text("010")
    best = page.locator("#impartial-heap-rows button.best")
    expect(best).to_have_count(1)  # 3 → 1 is the only move to XOR 0
    expect(best).to_have_attribute("data-move", "0.1")
    expect(page.locator("#impartial-winning")).to_contain_text("3 → 1")

    show(page, "1 1", misere=True)  # normal play: lost; misère: won, by Bouton's rule
    expect(page.locator("#impartial-xor")).to_contain_text("Misère Nim rule")
    expect(page.locator("#impartial-winning")).to_contain_text("by the misère Nim rule")
    expect(page.locator("#impartial-heap-rows button.best")).to_have_count(2)

    page.select_option("#impartial-game-kind", "kayles")  # other misère games: searched
    page.click("#impartial-start")
    expect(page.locator("#impartial-xor")).to_contain_text("does not decide")
    expect(page.locator("#impartial-winning")).to_contain_text("by search (misère play)")


def test_a_sum_of_different_games(page: Page) -> None:
    open_tab(page, "impartial")
    show(page, "kayles:3 4 grundy:7")
    expect(page.locator("#impartial-status")).to_contain_text("kayles 3 + nim 4 + grundy 7")
    expect(page.locator("#impartial-xor-table .xor-total")).to_contain_text("7")
    page.click("#impartial-tables-box summary")
    expect(page.locator(".grundy-table")).to_have_count(3)
    kayles = page.locator(".grundy-table[data-game='kayles'] td")
    expect(kayles.nth(4)).to_have_text("1")  # K(4) = 1, K(5) = 4 (OEIS A002186)
    expect(kayles.nth(5)).to_have_text("4")


def test_play_nim_against_the_engine_and_reopen_the_link(page: Page) -> None:
    open_tab(page, "impartial")
    show(page, "3 4 5", you="first")
    page.click("#impartial-heap-rows button[data-move='0.1']")  # the winning move
    expect(page.locator("#impartial-history li")).to_have_count(2)  # and the engine's reply
    expect(page.locator("#impartial-status")).to_contain_text("Your move")
    link = page.url
    assert "m=0.1_" in link
    page.goto("/")
    page.goto(link)
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#impartial-history li")).to_have_count(2)
    page.keyboard.press("Backspace")  # takes back the engine's move and mine
    expect(page.locator("#impartial-history li")).to_have_count(0)
    # the engine never lets a winning position go: play on to the end, always losing
    while page.locator("#impartial-heap-rows button:not([disabled])").count():
        page.locator("#impartial-heap-rows button:not([disabled])").first.click()
        page.wait_for_selector("#impartial:not([aria-busy])")
    expect(page.locator("#impartial-status")).to_contain_text("the engine wins")


def test_tic_tac_toe_against_the_engine_with_values(page: Page) -> None:
    open_tab(page, "classic")
    expect(page.locator("#classic-board-box .cell-button")).to_have_count(9)
    page.keyboard.press("5")  # the centre
    expect(page.locator("#classic-history li")).to_have_count(2)  # the engine answered
    page.keyboard.press("?")
    values = page.locator("#classic-board-box .hint-value")
    expect(values).to_have_count(7)
    expect(page.locator("#classic-meaning")).to_contain_text("Value of the position: 0")
    assert "v=1" in page.url
    assert "m=5%2C" in page.url
    link = page.url
    page.goto("/")
    page.goto(link)
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#classic-history li")).to_have_count(2)
    expect(page.locator("#classic-board-box .hint-value")).to_have_count(7)
    while page.locator("#classic-result").is_hidden():
        page.locator("#classic-board-box button.best:not([disabled])").first.click()
        page.wait_for_selector("#classic:not([aria-busy])")
    expect(page.locator("#classic-verdict")).to_have_text("draw")  # best play both sides


def test_pig_values_are_decimals_with_the_exact_fraction_a_hover_away(page: Page) -> None:
    # the throw comes with the link: a new game's random throws could end it (a 1 loses the
    # turn) before the person has a move to make
    page.goto("/#classic?g=pig:6:2:4&r=max&m=rolls%202")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#classic-history li").first).to_contain_text("rolls 2")
    page.click("#classic-values")
    expect(page.locator("#classic-meaning")).to_contain_text("P(first player wins)")
    # a chance as a decimal, the exact fraction a hover away
    value = page.locator("#classic-options .hint-value.exact").first
    expect(value).to_have_text(re.compile(r"^(≈ )?-?\d+(\.\d+)?$"))
    expect(value).to_have_attribute("title", re.compile(r"^exactly -?\d+/\d+$"))


def test_a_bad_game_name_is_refused_in_words(page: Page) -> None:
    open_tab(page, "classic")
    page.fill("#classic-game-name", "connect4:6x7")
    page.click("#classic-start")
    expect(page.locator("#classic-error")).to_contain_text("game")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_both_tabs_fit_a_phone(browser: Browser, server: str, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, base_url=server, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto("/#impartial?h=kayles:12+nim:9+grundy:20&mis=0&you=both&v=1")
        page.wait_for_selector("body[data-ready]")
        expect(page.locator(".heap-row")).to_have_count(3)
        page.click("#impartial-tables-box summary")
        assert fits(page)
        page.goto("/#classic?g=connect4:4x5&r=both&v=0")  # values on 4x5 take seconds
        expect(page.locator("#classic-board-box .cell-button")).to_have_count(25)
        assert fits(page)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (background == "rgb(23, 24, 27)") == (scheme == "dark"), background
    finally:
        context.close()


def test_cut_offs_and_a_horizon_effect_step_by_step(page: Page) -> None:
    page.goto("/#classic?g=tictactoe&r=both&m=1,3&v=0")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#classic-history li")).to_have_count(2)
    page.click("#classic-cutoff-box summary")
    page.fill("#cutoff-depth", "1")
    page.select_option("#cutoff-evaluation", "lines")
    page.click("#cutoff-estimate")
    expect(page.locator("#cutoff-table tbody tr")).to_have_count(7)
    expect(page.locator("#cutoff-table tr.chosen")).to_contain_text("5")
    expect(page.locator("#cutoff-verdict")).to_contain_text("the horizon hides")
    expect(page.locator("#cutoff-iterations tbody tr")).to_have_count(1)

    page.click("#cutoff-find")  # none at depth 1: the textbook one at depth 2
    expect(page.locator("#horizon-summary")).to_contain_text("It plays 3 instead")
    expect(page.locator("#cutoff-table")).to_have_count(0)  # one table: the position found's
    page.keyboard.press(".")
    page.keyboard.press(".")
    expect(page.locator("#horizon-step")).to_contain_text("2/")
    assert "hs=2" in page.url
    link = page.url
    page.goto("/")
    page.goto(link)
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#horizon-step")).to_contain_text("2/")  # the same step reopened
