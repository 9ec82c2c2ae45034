"""The DAG & trees tab in the browser: the textbook tree stepped through alpha-beta, the DFS
on a DAG, a cycle refused, a link that reopens the step, the keyboard, phone and projector."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browsing import fits, viewing

pytestmark = pytest.mark.e2e

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"


def open_lab(page: Page) -> None:
    page.goto("/#dag")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#dag")).to_be_visible()


def node(page: Page, position: str) -> str | None:
    """The colour a position's node has in the drawing (white, grey, black; open, done…)."""
    return page.locator(f"#dag-svg g.node[data-name='{position}']").first.get_attribute(
        "data-colour"
    )


def test_alphabeta_on_the_textbook_tree(page: Page) -> None:
    open_lab(page)
    page.fill("#dag-game", TEXTBOOK)
    page.select_option("#dag-algorithm", "alphabeta")
    page.click("#dag-start")
    expect(page.locator("#dag-summary")).to_contain_text("value of root = 3")
    expect(page.locator("#dag-step-label")).to_have_text("step 0 of 23")  # opens at the start
    expect(page.locator("#dag-svg g.node")).to_have_count(13)
    page.click("#dag-next")
    expect(page.locator("#dag-event")).to_have_text("enter root (MAX) with (α, β) = (−∞, +∞)")
    for _ in range(12):
        page.click("#dag-next")
    # step 13: MIN at 2 sees 2 ≤ α = 3 and prunes its other two moves
    expect(page.locator("#dag-event")).to_contain_text("α cut-off at 2")
    expect(page.locator("#dag-event")).to_contain_text("pruned 2.2, 2.3")
    expect(page.locator("#dag-svg .cut")).to_have_count(2)
    expect(page.locator("#dag-svg g.node.pruned")).to_have_count(2)
    expect(page.locator("#dag-svg g.node[data-node='5'] .window")).to_have_text("(3, +∞)")
    page.click("#dag-last")
    expect(page.locator("#dag-svg g.node[data-node='9'] .value")).to_have_text("≤ 2")
    expect(page.locator("#dag-svg g.node[data-node='0'] .value")).to_have_text("3")
    counts = page.locator("#dag-counts")
    for search, count in [
        ("minimax", "13"),
        ("alphabeta", "11"),
        ("alphabeta_best", "9"),
        ("alphabeta_worst", "13"),
    ]:
        expect(counts.locator(f"tr[data-search='{search}'] td")).to_have_text(count)


def test_dfs_colours_a_dag_and_sets_each_value_once(page: Page) -> None:
    open_lab(page)
    page.select_option("#dag-example", "dice")
    expect(page.locator("#dag-algorithm")).to_have_value("expectiminimax")
    page.select_option("#dag-algorithm", "dfs")
    page.click("#dag-start")
    expect(page.locator("#dag-summary")).to_contain_text("value of door = 25/6")
    expect(page.locator("#dag-svg g.node")).to_have_count(8)  # coins and chest drawn once
    assert {node(page, name) for name in ("door", "coins", "trap")} == {"white"}
    page.click("#dag-next")
    assert node(page, "door") == "grey"
    expect(page.locator("#dag-event")).to_have_text(
        "door turns grey (MAX: 3 moves examined) · so far V = 1, E = 3"
    )
    page.click("#dag-last")
    assert {node(page, name) for name in ("door", "dice", "coins")} == {"black"}
    expect(page.locator("#dag-event")).to_have_text(
        "door turns black: VALUE(door) = max(1/2, 25/6, -1) = 25/6"
    )
    page.click("#dag-back")
    page.click("#dag-back")
    page.click("#dag-back")
    page.click("#dag-back")
    page.click("#dag-back")
    expect(page.locator("#dag-event")).to_have_text(
        "dice turns black: VALUE(dice) = 1/3·1/2 + 2/3·6 = 25/6"
    )
    expect(page.locator("#dag-counts tr[data-search='dfs'] td")).to_have_text(
        "8 vertices + 9 edges"
    )


def test_a_position_reached_twice_is_solved_once(page: Page) -> None:
    open_lab(page)
    page.select_option("#dag-example", "shared")
    page.select_option("#dag-algorithm", "dfs")
    page.click("#dag-start")
    expect(page.locator("#dag-summary")).to_contain_text("value of a = 4")
    page.fill("#dag-step", "12")  # c turns grey; d, reached from b before, is black already
    page.dispatch_event("#dag-step", "input")
    expect(page.locator("#dag-event")).to_have_text(
        "c turns grey (MIN: 2 moves examined) · already black, VALUE reused: d · "
        "so far V = 7, E = 8"
    )
    expect(page.locator("#dag-counts tr[data-search='tree'] td")).to_have_text("11")


def test_a_cycle_is_refused_and_drawn(page: Page) -> None:
    open_lab(page)
    page.select_option("#dag-example", "cycle")
    page.click("#dag-start")
    expect(page.locator("#dag-error")).to_contain_text("the game graph has a cycle")
    expect(page.locator("#dag-svg g.node.cycle")).to_have_count(3)
    expect(page.locator("#dag-svg .edge.cycle")).to_have_count(3)
    expect(page.locator("#dag-replay")).to_be_hidden()


def test_a_cycle_the_start_does_not_reach_is_drawn_too(page: Page) -> None:
    open_lab(page)
    page.fill(
        "#dag-game",
        '{"start": "s", "positions": {"s": {"player": "max", "moves": ["x"]}, "x": {"value": 1},'
        ' "p": {"player": "min", "moves": ["q"]}, "q": {"player": "max", "moves": ["p"]}}}',
    )
    page.click("#dag-start")
    expect(page.locator("#dag-event")).to_have_text("the cycle: p → q → p")
    expect(page.locator("#dag-svg g.node")).to_have_count(4)
    expect(page.locator("#dag-svg g.node.cycle")).to_have_count(2)


def test_a_bad_tree_is_marked_where_it_goes_wrong(page: Page) -> None:
    open_lab(page)
    page.click("#dag-start")
    expect(page.locator("#dag-summary")).to_contain_text("value of root = 3")
    page.click("#dag-unfold")  # the set-up folded away after Show
    page.fill("#dag-game", "[[3, 12], [2,, 4]]")
    page.click("#dag-start")
    expect(page.locator("#dag-echo mark")).to_have_text(",")
    expect(page.locator("#dag-echo")).to_contain_text("(character 14)")
    expect(page.locator("#dag-view")).to_be_hidden()  # the old search is gone


def test_a_link_reopens_the_game_at_its_step_and_keys_step(page: Page) -> None:
    open_lab(page)
    page.fill("#dag-game", "[[1, 5], [2, 7]]")
    page.click("#dag-start")
    expect(page.locator("#dag-step-label")).to_have_text("step 0 of 14")
    page.locator("#dag-first").focus()
    for _ in range(4):
        page.keyboard.press(".")
    page.keyboard.press(",")
    expect(page.locator("#dag-step-label")).to_have_text("step 3 of 14")
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    expect(page.locator("#dag-game")).to_have_value("[[1, 5], [2, 7]]")
    expect(page.locator("#dag-step-label")).to_have_text("step 3 of 14")
    expect(page.locator("#dag-event")).to_have_text(
        "1.1 turns grey (a leaf: no moves) · so far V = 3, E = 4"
    )


@pytest.mark.parametrize(("width", "scheme"), [(390, "dark"), (1280, "light")])
def test_the_lab_fits_a_phone_and_a_projector(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with viewing(browser, server, width, scheme) as page:
        deep = "[[[5,6],[7,4,5]],[[3]],[[6],[6,9]],[[7],[5,4]],[[1,2],[3,4]],[[8],[2,9,1]]]"
        page.goto(f"/#dag?a=alphabeta&s=20&g={deep}")
        expect(page.locator("#dag-step-label")).to_have_text(re.compile(r"step 20 of \d+"))
        assert fits(page)
        drawn = page.locator("#dag-svg").bounding_box()
        box = page.locator("#dag .dag-box").bounding_box()
        assert drawn is not None
        assert box is not None
        natural = page.evaluate("document.getElementById('dag-svg').viewBox.baseVal.width")
        if width >= 1280:
            # a projector: the box's width, or at least its natural size
            assert drawn["width"] >= min(natural, box["width"] - 4)
            assert drawn["width"] <= box["width"]
        else:  # a phone: scaled down to its box, or to half its size (still readable)
            assert drawn["width"] <= box["width"] or drawn["width"] >= natural / 2 - 1
            assert drawn["width"] < natural


def test_retrograde_labels_the_game_that_can_repeat(page: Page) -> None:
    open_lab(page)
    page.select_option("#dag-example", "cycle")
    page.select_option("#dag-algorithm", "retrograde")
    page.click("#dag-start")
    # MAX avoids x by going to b, MIN avoids y by going to c, and round it goes
    expect(page.locator("#dag-summary")).to_contain_text("a: a draw")
    page.click("#dag-next")
    expect(page.locator("#dag-event")).to_have_text("y is a leaf worth 2: MAX wins")
    page.click("#dag-last")
    expect(page.locator("#dag-event")).to_contain_text("is a draw: neither side can force a win")
    assert [node(page, name) for name in "abcxyz"] == [
        "draw", "draw", "draw", "loss", "win", "draw",
    ]  # fmt: skip
