"""The page in a real browser: play e-Valuate to the verdict, see an expression error at its
character, place a domino, step through a game tree, play the graph game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browsing import open_tab

pytestmark = pytest.mark.e2e


def test_play_a_full_game_as_max(page: Page) -> None:
    open_tab(page, "play")
    page.fill("#play-expression", "X*(Y-Z)")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "ok")
    page.check("input[name='play-role'][value='max']")
    page.click("#play-start")
    expect(page.locator("#play-options button")).to_have_count(10)  # MAX proposes 0..9

    # a hint puts the value after each choice under it; 6 and 7 keep minimax(E) = 18
    page.click("#play-hint")
    expect(page.locator("#play-options button .hint-value")).to_have_count(10)
    expect(page.locator("#play-options button.best")).to_have_count(2)

    # a move, its answer, and taking both back
    page.click("#play-options button[data-move='9']")
    expect(page.locator("#play-history li")).to_have_count(1)
    expect(page.locator("#play-text")).to_contain_text("9")
    page.click("#play-undo")
    expect(page.locator("#play-history li")).to_have_count(0)
    expect(page.locator("#play-text")).to_have_text("X * (Y - Z)")

    rounds = 0
    while page.locator("#play-result").is_hidden():
        page.locator("#play-options button:not([disabled])").first.click()
        rounds += 1
        expect(page.locator("#play-history li")).to_have_count(rounds)
        assert rounds <= 3
    assert rounds == 3
    # the verdict is said once: the headline, then the comparison behind it
    expect(page.locator("#play-verdict")).to_have_text(
        re.compile(r"^(You win|The engine wins|A draw): val\(E\) = ")
    )
    expect(page.locator("#play-minimax")).to_have_text("18")
    expect(page.locator("#play-result tbody tr")).to_have_count(3)  # your line and an optimal one
    expect(page.locator("#play-options button")).to_have_count(0)


def test_an_expression_error_is_shown_at_its_character(page: Page) -> None:
    open_tab(page, "play")
    page.fill("#play-expression", "X*(Y-Z))")
    echo = page.locator("#play-echo")
    expect(echo).to_have_attribute("data-state", "error")
    expect(echo).to_have_attribute("data-position", "7")
    expect(echo.locator("mark")).to_have_text(")")
    expect(echo).to_contain_text("unmatched ')'")
    expect(page.locator("#play-start")).to_be_disabled()

    page.fill("#play-expression", "X*(Y-")  # the missing operand is after the last character
    expect(echo).to_have_attribute("data-position", "5")
    expect(echo).to_contain_text("expected an operand after '-'")

    page.fill("#play-expression", "X*(Y-Z)")
    expect(echo).to_have_attribute("data-state", "ok")
    expect(page.locator("#play-start")).to_be_enabled()


def test_place_a_domino(page: Page) -> None:
    open_tab(page, "tiling")
    page.fill("#tiling-rows", "3")
    page.fill("#tiling-cols", "4")
    page.click("#tiling-start")
    expect(page.locator("#tiling-board .cell")).to_have_count(12)
    page.click("#tiling-board .cell[data-r='1'][data-c='1']")
    expect(page.locator("#tiling-board .cell.selected")).to_have_count(1)
    page.click("#tiling-board .cell[data-r='1'][data-c='2']")
    expect(page.locator("#tiling-board .cell.max")).to_have_count(2)  # the domino placed
    expect(page.locator("#tiling-board .cell.min")).to_have_count(2)  # the engine's answer
    expect(page.locator("#tiling-report")).to_contain_text("The engine placed")
    expect(page.locator("#tiling-board .cell[data-r='1'][data-c='1']")).to_have_text("1")


def test_the_tree_example_teaches_the_transposition_table(page: Page) -> None:
    """The tab's own example reaches positions twice, and the table answers them."""
    open_tab(page, "tree")
    page.click("#tree-start")
    summary = page.locator("#tree-summary")
    expect(summary).to_contain_text("minimax(E) = 0")
    expect(summary).to_contain_text("9 table hits")
    expect(page.locator("#tree-nodes .badge.table")).to_have_count(0)  # before the search
    page.click("#tree-next-hit")  # the walk up to the first position the table answers
    expect(page.locator("#tree-event")).to_contain_text(
        "leave {1→Y, 1→X} (MAX): returns 1, answered by the transposition table — the same "
        "position as {1→X, 1→Y}, left at step "
    )
    expect(page.locator("#tree-nodes .node.current .badge.table")).to_have_count(1)
    first = page.locator("#tree-step-label").text_content()
    page.click("#tree-next-hit")
    expect(page.locator("#tree-step-label")).not_to_have_text(first or "")
    expect(page.locator("#tree-event")).to_contain_text("answered by the transposition table")


def test_explore_the_tree_of_figure_one(page: Page) -> None:
    open_tab(page, "tree")
    page.click("#tree .intro a")  # the paper's Figure 1
    expect(page.locator("#tree-expression")).to_have_value("(10-X)*Y")
    expect(page.locator("#tree-summary")).to_contain_text("minimax(E) = 45")
    expect(page.locator("#tree-summary")).to_contain_text("4 α cut-offs")
    # it opens before the search, so "next ›" walks it from its first step
    expect(page.locator("#tree-event")).to_have_text("before the search")
    expect(page.locator("#tree-nodes .badge.alpha")).to_have_count(0)
    page.click("#tree-next")
    expect(page.locator("#tree-event")).to_contain_text("enter {} (MAX)")
    page.click("#tree-next")
    expect(page.locator("#tree-event")).to_contain_text("enter {0} (MIN)")
    expect(page.locator("#tree-nodes .node.current .name")).to_have_text("{0}")
    # the root and the ten MIN nodes are open; the Y children of {6}…{9} carry α marks
    page.click("#tree-last")
    expect(page.locator("#tree-nodes .badge.alpha")).to_have_count(4)


def test_a_refused_expression_takes_the_tree_away(page: Page) -> None:
    open_tab(page, "tree")
    page.click("#tree-start")
    expect(page.locator("#tree-summary")).to_contain_text("minimax(E) = 0")
    page.click("#tree-unfold")  # the set-up folded away after Show
    page.fill("#tree-expression", "(10-X)*")
    expect(page.locator("#tree-echo")).to_have_attribute("data-state", "error")
    expect(page.locator("#tree-view")).to_be_hidden()
    page.fill("#tree-expression", "X-Y")
    expect(page.locator("#tree-echo")).to_have_attribute("data-state", "ok")
    page.click("#tree-start")
    expect(page.locator("#tree-summary")).to_contain_text("minimax(E) = 1 ")


def test_play_the_graph_game(page: Page) -> None:
    open_tab(page, "graph")
    page.select_option("#graph-spec", "friendship:3")
    page.select_option("#graph-pair", "V,E")
    page.click("#graph-start")
    expect(page.locator("#graph-palette button")).to_have_count(2)
    page.click("#graph-palette button[data-colour='1']")
    expect(page.locator("#graph-status")).to_contain_text("The engine (MIN) put colour 1")
    coloured = page.locator("#graph-svg circle[fill='#f4c542']")
    expect(coloured).to_have_count(1)
