"""The DAG & trees tab's complete trees (issue 42, point 3), at 1280 and 390 px, light and
dark: names and probabilities in every search, chance formulas in the step text, labels
neither clipped nor overlapping, Star1 and Star2 beside expectiminimax, random trees from a
seed in the address, move orders, a table and a depth cut-off on a user tree (the horizon
effect), a large tree drawn folded — and no console errors."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browsing import fits, viewing

pytestmark = pytest.mark.e2e

SIZES = [(1280, "light"), (390, "dark"), (1280, "dark"), (390, "light")]
TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"

#: every label's box inside the drawing, and no two labels overlapping (JS; returns the
#: offending labels' texts)
LABELS_APART = """() => {
  const canvas = document.getElementById('dag-svg');
  const view = canvas.viewBox.baseVal;
  const boxes = [...canvas.querySelectorAll('text')].map((t) => [t.textContent, t.getBBox()]);
  const bad = [];
  for (const [text, b] of boxes) {
    const out = b.x < -0.5 || b.y < -0.5 || b.x + b.width > view.width + 0.5
      || b.y + b.height > view.height + 0.5;
    if (out) bad.push(`clipped ${text}`);
  }
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const [s, a] = boxes[i]; const [t, b] = boxes[j];
    const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
    if (dx > 1 && dy > 1) bad.push(`${s} overlaps ${t}`);
  }
  return bad;
}"""


@contextmanager
def lab(browser: Browser, server: str, width: int, scheme: str) -> Iterator[Page]:
    """The tab at ``width`` px in ``scheme``; fails on any console error or page error."""
    with viewing(browser, server, width, scheme) as page:
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(15_000)
        page.goto("/#dag")
        page.wait_for_selector("body[data-ready]")
        yield page
        assert not errors, f"console errors: {errors}"


def unfold(page: Page) -> None:
    """Open the folded form again (it folds away after Show)."""
    if page.locator("#dag-unfold").is_visible() and not page.locator("#dag-form").is_visible():
        page.click("#dag-unfold")
    expect(page.locator("#dag-form")).to_be_visible()


def start(page: Page, example: str | None = None, algorithm: str | None = None) -> None:
    unfold(page)
    if example:
        page.select_option("#dag-example", example)
    if algorithm:
        page.select_option("#dag-algorithm", algorithm)
    page.click("#dag-start")
    expect(page.locator("#dag-view")).to_be_visible()


def to_step(page: Page, number: int) -> None:
    page.fill("#dag-step", str(number))
    page.dispatch_event("#dag-step", "input")
    expect(page.locator("#dag-step-label")).to_contain_text(f"step {number} of")


@pytest.mark.parametrize(("width", "scheme"), SIZES)
def test_expectiminimax_draws_names_probabilities_and_writes_formulas(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        start(page, "dice", "expectiminimax")
        page.click("#dag-last")
        nodes = page.locator("#dag-svg g.node")
        expect(nodes).to_have_count(10)
        for name in ("door", "left", "dice", "right", "gold", "coins", "chest", "trap"):
            expect(page.locator("#dag-svg text.name", has_text=name).first).to_be_visible()
        expect(page.locator("#dag-svg text.probability")).to_have_text(["1/3", "2/3"])
        assert page.evaluate(LABELS_APART) == []
        assert fits(page)
        # the chance position's value written out, as the DFS view writes it
        steps = page.locator("#dag-step").get_attribute("max")
        assert steps is not None
        for number in range(int(steps), 0, -1):
            to_step(page, number)
            if "leave dice" in (page.locator("#dag-event").text_content() or ""):
                break
        expect(page.locator("#dag-event")).to_have_text(
            "leave dice (chance): 1/3·1/2 + 2/3·6 = 25/6"
        )
        to_step(page, int(steps))
        expect(page.locator("#dag-event")).to_have_text(
            "leave door (MAX): max(1/2, 25/6, -1) = 25/6"
        )


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_the_dfs_graph_keeps_its_labels_whole(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        start(page, "dice", "dfs")
        page.click("#dag-last")
        expect(page.locator("#dag-svg text.name", has_text="left")).to_have_text("left")
        assert page.evaluate(LABELS_APART) == []


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_alphabeta_names_in_the_text_are_in_the_drawing(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        start(page, None, "alphabeta")
        to_step(page, 13)
        expect(page.locator("#dag-event")).to_contain_text("pruned 2.2, 2.3")
        for name in ("2.2", "2.3", "2"):
            expect(page.locator(f"#dag-svg g.node[data-name='{name}'] text.name")).to_have_text(
                name
            )
        assert page.evaluate(LABELS_APART) == []
        page.click("#dag-last")
        expect(page.locator("#dag-event")).to_have_text("leave root (MAX): max(3, ≤ 2, ≤ 2) = 3")


def test_finished_nodes_stand_out_in_dark_mode(browser: Browser, server: str) -> None:
    with lab(browser, server, 1280, "dark") as page:
        start(page, "dice", "dfs")
        page.click("#dag-last")
        rim = page.evaluate(
            "getComputedStyle(document.querySelector("
            "'#dag-svg g.black:not(.current) .shape')).stroke"
        )
        assert rim == "rgb(230, 230, 227)"  # a light rim on the dark card
        start(page, "textbook", "alphabeta")
        page.click("#dag-last")
        done = page.locator("#dag-svg g.done:not(.current) .shape").first
        assert done.evaluate("(e) => getComputedStyle(e).strokeWidth") == "2.5px"


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_star2_cuts_at_a_chance_node_beside_expectiminimax(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        start(page, "coin")
        expect(page.locator("#dag-algorithm")).to_have_value("star2")
        expect(page.locator("#dag-summary")).to_contain_text("value of r = 5")
        expect(page.locator("#dag-summary")).to_contain_text("bounds L = 0, U = 9")
        to_step(page, 7)
        expect(page.locator("#dag-event")).to_have_text(
            "probe of m1 (MIN): its first move x1 returns 1, so m1 is worth at most 1 "
            "(MIN can always play that move)"
        )
        to_step(page, 8)
        expect(page.locator("#dag-event")).to_contain_text(
            "coin is worth at most 1/2·1 + 1/2·9 = 5 ≤ α = 5"
        )
        expect(page.locator("#dag-svg .cut")).to_have_count(2)
        counts = page.locator("#dag-counts")
        for search, count in [("expectiminimax", "9"), ("star1", "5"), ("star2", "4")]:
            expect(counts.locator(f"tr[data-search='{search}'] td")).to_have_text(count)
        assert page.evaluate(LABELS_APART) == []
        # beside it, expectiminimax on the same game: the same value, every node entered
        page.click("#dag-counts tr[data-search='expectiminimax'] button.step-it")
        expect(page.locator("#dag-summary")).to_contain_text("value of r = 5")
        expect(page.locator("#dag-counts tr[aria-current='true']")).to_have_attribute(
            "data-search", "expectiminimax"
        )
        assert "a=expectiminimax" in page.url
        page.click("#dag-counts tr[data-search='star1'] button.step-it")
        expect(page.locator("#dag-summary")).to_contain_text("5 of 9 nodes entered")


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_a_random_chance_tree_comes_back_from_its_address(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        page.select_option("#dag-algorithm", "star1")
        page.fill("#dag-r-branching", "2")
        page.fill("#dag-r-depth", "4")
        page.fill("#dag-r-low", "-5")
        page.fill("#dag-r-high", "5")
        page.check("#dag-r-chance")
        page.fill("#dag-r-seed", "42")
        page.click("#dag-random")
        expect(page.locator("#dag-view")).to_be_visible()
        assert "r=2%2C4%2C-5%2C5%2C1%2C42" in page.url
        summary = page.locator("#dag-summary").text_content()
        game = page.locator("#dag-game").input_value()
        assert '"probabilities"' in game
        expect(page.locator("#dag-svg text.probability").first).to_be_visible()
        link = page.url
        page.goto("about:blank")
        page.goto(link)
        expect(page.locator("#dag-summary")).to_have_text(summary or "")
        expect(page.locator("#dag-game")).to_have_value(game)


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_a_user_tree_in_any_order_with_a_table_and_a_cut_off(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        for order, count in (("best", "9"), ("worst", "13"), ("given", "11")):
            unfold(page)
            page.fill("#dag-game", TEXTBOOK)
            page.select_option("#dag-algorithm", "alphabeta")
            page.select_option("#dag-order", order)
            page.check("#dag-table")
            page.click("#dag-start")
            expect(page.locator("#dag-summary")).to_contain_text(f"{count} of 13 nodes entered")
            assert ("o=" in page.url) == (order != "given")
            assert "t=1" in page.url
        start(page, "horizon")
        expect(page.locator("#dag-horizon")).to_contain_text("the search plays check")
        expect(page.locator("#dag-horizon")).to_contain_text("the horizon effect")
        expect(page.locator("#dag-svg .horizon-line")).to_have_count(1)
        page.click("#dag-last")
        expect(page.locator("#dag-svg g.node[data-name='xpawn'] .value")).to_have_text("≈-1")
        # an edit keeps the estimates: 'taken' estimated at -2 still shows the effect
        page.click("#dag-edit")
        page.click("#dag-svg g.node[data-name='taken']")
        page.fill("#dag-edit-estimate", "-2")
        page.keyboard.press("Enter")
        expect(page.locator("#dag-horizon")).to_contain_text("the horizon effect")
        assert '"estimate":"-2"' in page.locator("#dag-game").input_value()
        assert '"estimate":"-1"' in page.locator("#dag-game").input_value()
        page.click("#dag-edit")
        unfold(page)
        page.fill("#dag-depth", "4")
        page.click("#dag-start")
        expect(page.locator("#dag-horizon")).to_contain_text("a best move")
        unfold(page)
        page.select_option("#dag-algorithm", "minimax")
        page.fill("#dag-depth", "1")
        page.select_option("#dag-evaluation", "mean")
        page.fill("#dag-game", TEXTBOOK)
        page.click("#dag-start")
        expect(page.locator("#dag-horizon")).to_contain_text("estimated 23/3")


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_a_3_to_the_7_tree_is_drawn_folded(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        page.goto("/#dag?r=3,7,0,9,0,1&a=alphabeta&s=300")
        expect(page.locator("#dag-step-label")).to_contain_text("step 300 of")
        expect(page.locator("#dag-counts tr[data-search='tree'] td")).to_have_text("3280")
        drawn = page.locator("#dag-svg g.node").count()
        assert 8 <= drawn <= 40  # the path to the step and the moves beside it
        assert "folded" in (page.locator("#dag-svg").get_attribute("aria-label") or "")
        expect(page.locator("#dag-svg text.more").first).to_be_visible()
        page.click("#dag-last")
        expect(page.locator("#dag-event")).to_contain_text("leave root (MAX)")
        assert fits(page)
        # the DFS of the same game draws the positions on its path and their moves
        page.goto("/#dag?r=3,7,0,9,0,1&a=dfs&s=3000")
        expect(page.locator("#dag-step-label")).to_contain_text("step 3000 of 6560")
        assert 8 <= page.locator("#dag-svg g.node").count() <= 40
        expect(page.locator("#dag-legend")).to_contain_text("of 3280) are drawn")


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_a_tree_is_edited_by_clicking_it(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    with lab(browser, server, width, scheme) as page:
        start(page, "textbook", "alphabeta")
        page.click("#dag-edit")
        expect(page.locator("#dag-edit-panel")).to_contain_text("Click a node to change it")
        page.click("#dag-svg g.node[data-name='1.1']")
        page.fill("#dag-edit-value", "7")
        page.click("#dag-edit-set")
        expect(page.locator("#dag-game")).to_have_value("[[7,12,8],[2,4,6],[14,5,2]]")
        expect(page.locator("#dag-summary")).to_contain_text("value of root = 7")
        page.click("#dag-svg g.node[data-name='3']")
        page.click("#dag-edit-add")  # a fourth move for MIN, worth 0
        expect(page.locator("#dag-game")).to_have_value("[[7,12,8],[2,4,6],[14,5,2,0]]")
        page.click("#dag-svg g.node[data-name='2.3']")
        page.click("#dag-edit-remove")
        expect(page.locator("#dag-game")).to_have_value("[[7,12,8],[2,4],[14,5,2,0]]")
        # a chance position: the search becomes expectiminimax, the game a DAG object
        page.click("#dag-svg g.node[data-name='2']")
        page.select_option("#dag-edit-player", "chance")
        expect(page.locator("#dag-summary")).to_contain_text("value of root = 7")
        expect(page.locator("#dag-svg text.probability")).to_have_text(["1/2", "1/2"])
        assert '"probabilities":["1/2","1/2"]' in page.locator("#dag-game").input_value()
        page.click("#dag-svg g.node[data-name='2']")
        page.fill("#dag-edit-odds", "1/2, 1/3")  # not adding up to 1: refused, the tree kept
        page.keyboard.press("Enter")
        expect(page.locator("#dag-edit-error")).to_have_text(
            "the probabilities must add up to exactly 1"
        )
        page.fill("#dag-edit-odds", "1/4, 0.75")
        page.keyboard.press("Enter")
        expect(page.locator("#dag-svg text.probability")).to_have_text(
            ["1/4", "3/4"]
        )  # exact, as the server writes it
        page.focus("#dag-svg g.node[data-name='1.2']")  # the keyboard picks a node too
        page.keyboard.press("Enter")
        expect(page.locator("#dag-edit-panel strong")).to_have_text("1.2 (leaf)")
        expect(page.locator("#dag-edit-value")).to_be_focused()
        page.fill("#dag-edit-value", "1..2")
        page.click("#dag-edit-set")
        expect(page.locator("#dag-edit-error")).to_contain_text("not an exact number")


@pytest.mark.parametrize(("width", "scheme"), SIZES[:2])
def test_labels_stay_apart_on_random_trees(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    """Seeded random trees, wide and narrow, with chance and without, every search's last
    step and one midway: no label clipped, none over another."""
    with lab(browser, server, width, scheme) as page:
        for address in (
            "r=3,3,-9,9,1,3&a=star2",
            "r=5,2,-9,9,1,8&a=star2",
            "r=4,3,0,99,0,2&a=alphabeta",
            "r=2,5,-100,100,0,9&a=minimax",
            "r=3,4,0,9,1,1&a=star1",
        ):
            page.goto(f"/#dag?{address}&s=20")
            expect(page.locator("#dag-step-label")).to_contain_text("step 20 of")
            assert page.evaluate(LABELS_APART) == [], address
            page.click("#dag-last")
            assert page.evaluate(LABELS_APART) == [], address
