"""The page as people meet it: busy states with Cancel, a phone's width, the keyboard alone,
limits said before the click, shareable links, and a tree explorer that shows only what
the search knows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from evalgame.web.workers import _FLAGS
from tests.e2e.browsing import PHONE, fits, open_tab, viewing

pytestmark = pytest.mark.e2e


def focus_ring(page: Page) -> str:
    """The outline style of the focused element ("none" when the focus is invisible)."""
    style: str = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    return style


# ------------------------------------------------------------------ busy


def test_a_slow_request_shows_progress_and_can_be_cancelled(page: Page) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # the answer never comes on its own

    page.route("**/api/evaluate/play", hold)
    open_tab(page, "play")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "ok")
    page.click("#play-start")
    expect(page.locator("#play-busy")).to_be_visible()
    expect(page.locator("#play")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#play-start")).to_be_disabled()
    expect(page.locator("#play-busy .busy-text")).to_contain_text("s (at most about 5 s)")
    assert len(held) == 1
    page.click("#play-busy button.cancel")
    expect(page.locator("#play-busy")).to_be_hidden()
    expect(page.locator("#play-error")).to_contain_text("Cancelled")
    expect(page.locator("#play-start")).to_be_enabled()
    expect(page.locator("#play-game")).to_be_hidden()  # nothing half-done is shown

    page.unroute("**/api/evaluate/play")
    page.click("#play-start")  # a quick answer: the game starts and the bar is gone
    expect(page.locator("#play-options button")).to_have_count(10)
    expect(page.locator("#play-busy")).to_be_hidden()
    expect(page.locator("#play")).not_to_have_attribute("aria-busy", "true")


def test_cancel_stops_the_search_on_the_server(page: Page) -> None:
    def pending() -> int:
        answer: int = page.request.get("/api/health").json()["pending"]
        return answer

    def flags_raised() -> int:  # the app runs in this process: its cancel flags are here
        return sum(flag for flags in _FLAGS.values() for flag in flags)

    open_tab(page, "play")
    # the domain first: the check the expression starts is the last, and knows both (an
    # echo still "ok" from the example's check let a loaded machine start the example)
    page.fill("#play-domain", "0..24")
    page.fill("#play-expression", "(a+b)/c + (d+e)/f + g/h")  # seconds over 0..24
    expect(page.locator("#play-echo")).to_contain_text("8 variables")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "ok")
    raised = flags_raised()
    page.click("#play-start")
    expect(page.locator("#play-busy")).to_be_visible()
    for _ in range(200):  # the search is under way on the server
        if pending():
            break
        page.wait_for_timeout(50)
    page.click("#play-busy button.cancel")
    expect(page.locator("#play-error")).to_contain_text("Cancelled")
    for _ in range(200):  # the server heard the connection close and raised the flag
        if flags_raised() > raised:
            break
        page.wait_for_timeout(50)
    assert flags_raised() > raised
    for _ in range(200):  # and the search stopped (the flag is read at each budget check)
        if not pending():
            break
        page.wait_for_timeout(50)
    assert pending() == 0


# ------------------------------------------------------------------ phones and dark rooms


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_tab_fits_a_phone(browser: Browser, server: str, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, base_url=server, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        open_tab(page, "play")
        page.fill("#play-expression", "(a+b)/c + (d+e)/f + g/h - x*y*z/(u+v+w)")
        expect(page.locator("#play-echo")).to_have_attribute("data-state", "refused")
        assert fits(page)
        page.fill("#play-expression", "x/y + 2*y/z - z/x")
        page.click("#play-start")
        expect(page.locator("#play-options button")).to_have_count(10)
        assert fits(page)
        for round_ in range(1, 4):  # to the end: the result's table fits too
            page.keyboard.press("9")
            expect(page.locator("#play-history li")).to_have_count(round_)
        expect(page.locator("#play-result")).to_be_visible()
        assert fits(page)
        lines: list[int] = page.evaluate(  # line boxes of each one-word heading ("round")
            """[...document.querySelectorAll('#play-result th')]
                .filter((th) => !th.textContent.trim().includes(' '))
                .map((th) => { const r = document.createRange(); r.selectNodeContents(th);
                               return r.getClientRects().length; })"""
        )
        assert lines
        assert all(count == 1 for count in lines), lines  # no word cut in two

        open_tab(page, "tree")
        page.click("#tree-start")
        expect(page.locator("#tree-summary")).to_contain_text("9 table hits")
        assert fits(page)

        open_tab(page, "tiling")
        page.fill("#tiling-rows", "8")
        page.fill("#tiling-cols", "8")
        page.fill("#tiling-seconds", "0.5")
        page.click("#tiling-start")
        expect(page.locator("#tiling-board .cell")).to_have_count(64)
        assert fits(page)

        open_tab(page, "graph")
        page.select_option("#graph-spec", "petersen")
        page.select_option("#graph-pair", "E,V")
        page.click("#graph-start")
        expect(page.locator("#graph-formula")).to_contain_text("petersen")
        assert fits(page)

        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        dark = background == "rgb(23, 24, 27)"
        assert dark == (scheme == "dark"), background
    finally:
        context.close()


#: room a drop-down list keeps for its arrow, in CSS pixels: Chromium sizes a list to its
#: widest label and about 20 more, and a label within 18 of the edge loses its end
SELECT_ARROW = 19


def test_every_choice_of_every_list_is_read_whole(browser: Browser, server: str) -> None:
    """On a desktop, no drop-down list cuts the label of one of its choices. (A phone shows
    long choices whole in its own picker, so the narrow page is not held to this.)"""
    with viewing(browser, server, 1280, "light") as page:
        for tab in ("play", "tree", "tiling", "graph", "dag", "impartial", "classic"):
            open_tab(page, tab)
            clipped: list[str] = page.evaluate(
                """(arrow) => {
                    const canvas = document.createElement('canvas').getContext('2d');
                    const cut = [];
                    for (const select of document.querySelectorAll('select')) {
                        if (!select.offsetParent) continue;  // not shown
                        const style = getComputedStyle(select);
                        canvas.font = style.font;
                        const room = select.clientWidth - parseFloat(style.paddingLeft)
                            - parseFloat(style.paddingRight) - arrow;
                        for (const option of select.options)
                            if (canvas.measureText(option.text).width > room)
                                cut.push(`${select.id}: ${option.text}`);
                    }
                    return cut;
                }""",
                SELECT_ARROW,
            )
            assert clipped == [], (tab, clipped)


# ------------------------------------------------------------------ keyboard


def test_the_tabs_follow_the_arrow_keys(page: Page) -> None:
    open_tab(page, "play")
    page.focus("#tab-play")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tab-tree")).to_be_focused()
    expect(page.locator("#tree")).to_be_visible()
    page.keyboard.press("End")  # the last tab, whichever it is
    last = page.locator("nav [role='tab']").last.get_attribute("data-tab")
    expect(page.locator(f"#{last}")).to_be_visible()
    page.keyboard.press("ArrowRight")  # wraps around
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#tab-play")).to_have_attribute("tabindex", "0")
    expect(page.locator("#tab-tree")).to_have_attribute("tabindex", "-1")


def test_a_whole_game_of_e_valuate_by_keyboard(page: Page) -> None:
    open_tab(page, "play")
    page.fill("#play-expression", "X*(Y-Z)")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "ok")
    page.focus("#play-expression")
    page.keyboard.press("Enter")  # submits the form
    expect(page.locator("#play-options button")).to_have_count(10)
    expect(page.locator("#play-options button[data-move='0']")).to_be_focused()
    page.keyboard.press("Tab")  # the keyboard is in the game, and the focus shows
    assert focus_ring(page) != "none"
    for round_ in range(1, 4):
        page.keyboard.press("9")  # a digit typed is a move
        expect(page.locator("#play-history li")).to_have_count(round_)
    expect(page.locator("#play-result")).to_be_focused()
    expect(page.locator("#play-verdict")).to_contain_text(re.compile(r"win|draw", re.I))
    # and as MIN: variables are typed by name, Backspace takes a move back
    page.check("input[name='play-role'][value='min']")
    page.focus("#play-expression")
    page.keyboard.press("Enter")
    expect(page.locator("#play-options button[data-move='Y']")).to_be_visible()
    page.keyboard.press("Y")
    expect(page.locator("#play-history li")).to_have_count(1)
    page.keyboard.press("Backspace")
    expect(page.locator("#play-history li")).to_have_count(0)
    for round_ in range(1, 4):
        first = page.locator("#play-options button:not([disabled])").first.get_attribute(
            "data-move"
        )
        assert first
        page.keyboard.press(first)
        expect(page.locator("#play-history li")).to_have_count(round_)
    expect(page.locator("#play-result")).to_be_visible()


def test_a_move_that_starts_another_waits_for_enter(page: Page) -> None:
    open_tab(page, "play")
    page.fill("#play-expression", "x-y")
    page.fill("#play-domain", "0..12")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "ok")
    page.click("#play-start")
    expect(page.locator("#play-options button")).to_have_count(13)
    page.keyboard.press("1")  # 1, 10, 11 or 12: the 1 takes the focus, nothing is played
    expect(page.locator("#play-options button[data-move='1']")).to_be_focused()
    expect(page.locator("#play-history li")).to_have_count(0)
    page.keyboard.press("2")  # 12: only one move, played at once
    expect(page.locator("#play-history li")).to_have_count(1)
    expect(page.locator("#play-history li").first).to_contain_text("12 →")


def test_a_tiling_game_by_keyboard(page: Page) -> None:
    open_tab(page, "tiling")
    page.fill("#tiling-rows", "2")
    page.fill("#tiling-cols", "3")
    page.focus("#tiling-cols")
    page.keyboard.press("Enter")
    cells = page.locator("#tiling-board .cell")
    expect(cells).to_have_count(6)
    expect(cells.first).to_have_attribute("aria-label", "row 1, column 1: free")
    expect(cells.first).to_be_focused()
    page.keyboard.press("Enter")  # pick (1,1)
    page.keyboard.press("ArrowDown")
    expect(page.locator(".cell[data-r='1'][data-c='0']")).to_be_focused()
    assert focus_ring(page) != "none"
    page.keyboard.press("Enter")  # and (2,1): a domino
    expect(page.locator("#tiling-board .cell.max")).to_have_count(2)
    expect(page.locator(".cell[data-r='0'][data-c='0']")).to_have_attribute(
        "aria-label", "row 1, column 1: MAX's domino 1"
    )
    # the engine answered (or the board is full): play on by keyboard to the end
    for _ in range(3):
        if page.locator("#tiling-result").is_visible():
            break
        first = page.locator(".cell[aria-label$=': free']").first
        row, col = int(first.get_attribute("data-r") or 0), int(first.get_attribute("data-c") or 0)
        first.focus()
        page.keyboard.press("Enter")
        for key, (r, c) in {
            "ArrowRight": (row, col + 1),
            "ArrowDown": (row + 1, col),
            "ArrowLeft": (row, col - 1),
            "ArrowUp": (row - 1, col),
        }.items():
            neighbour = page.locator(f".cell[data-r='{r}'][data-c='{c}'][aria-label$=': free']")
            if neighbour.count():
                page.keyboard.press(key)
                page.keyboard.press("Enter")
                break
        # the request starts with the key press; wait for its answer
        expect(page.locator("#tiling")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#tiling-result")).to_be_visible()


def test_a_graph_game_by_keyboard(page: Page) -> None:
    open_tab(page, "graph")
    page.select_option("#graph-spec", "path:5")
    page.select_option("#graph-pair", "V,E")
    page.check("input[name='graph-role'][value='min']")
    page.focus("#graph-colours")
    page.keyboard.press("Enter")
    # MIN: the engine proposed; the first vertex MIN may colour has the focus
    target = page.locator("#graph-svg [role='button']").first
    expect(target).to_be_focused()
    expect(target).to_have_attribute("aria-label", re.compile(r"^colour vertex \w+ with colour"))
    while not page.locator("#graph-result").is_visible():
        before = page.url  # the address carries the moves
        page.keyboard.press("Enter")
        expect(page).not_to_have_url(before)
        expect(page.locator("#graph")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#graph-result")).to_be_focused()


# ------------------------------------------------------------------ say no before


def test_limits_are_said_before_the_click_in_the_right_field(page: Page) -> None:
    open_tab(page, "play")
    page.fill("#play-expression", "a+b+c+d+e+f+g+h+i+j+k+l")
    echo = page.locator("#play-echo")
    expect(echo).to_have_attribute("data-state", "refused")
    expect(echo).to_contain_text("12 variables: the page plays games of at most 8")
    expect(page.locator("#play-start")).to_be_disabled()
    expect(page.locator("#play-domain-error")).to_have_text("")

    page.fill("#play-expression", "x-y")
    page.fill("#play-domain", "0..5000")
    expect(page.locator("#play-domain-error")).to_contain_text("domain size is 5001")
    expect(page.locator("#play-echo .message")).to_have_count(0)
    expect(page.locator("#play-start")).to_be_disabled()
    page.fill("#play-domain", "0..30")
    expect(page.locator("#play-domain-error")).to_contain_text("31 values")
    page.fill("#play-domain", "0..9")
    expect(page.locator("#play-start")).to_be_enabled()

    open_tab(page, "tree")
    page.fill("#tree-expression", "a+b+c+d")
    expect(page.locator("#tree-echo")).to_contain_text("the explorer draws trees of at most 3")
    expect(page.locator("#tree-start")).to_be_disabled()


def test_the_form_keeps_its_layout_as_the_expression_grows(page: Page) -> None:
    open_tab(page, "play")
    box = page.locator("#play-domain").bounding_box()
    page.fill("#play-expression", "x/y + 2*y/z - z/x + (a+b)/c + (d+e)/f*g - h*i*j")
    expect(page.locator("#play-echo")).to_have_attribute("data-state", "refused")
    assert page.locator("#play-domain").bounding_box() == box


# ------------------------------------------------------------------ small things


def test_a_tiling_hint_outlines_the_best_dominoes_with_values(page: Page) -> None:
    open_tab(page, "tiling")
    page.fill("#tiling-rows", "2")
    page.fill("#tiling-cols", "3")
    page.click("#tiling-start")
    expect(page.locator("#tiling .legend")).to_contain_text("MAX's dominoes")
    page.click("#tiling-hint")
    # the three vertical dominoes are best (3 in the end), the four horizontal ones give 2
    expect(page.locator("#tiling-board .cell.hinted")).to_have_count(6)
    expect(page.locator("#tiling-hints")).to_contain_text("the 3 best dominoes ((1,1)–(2,1)")
    expect(page.locator("#tiling-hints")).to_contain_text("the game ends with 3 dominoes")
    expect(page.locator("#tiling-hints")).to_contain_text(
        "The other moves end with: 4 dominoes → 2."
    )


def test_on_an_empty_board_the_hint_says_every_domino_is_best(page: Page) -> None:
    open_tab(page, "tiling")
    page.fill("#tiling-rows", "4")
    page.fill("#tiling-cols", "4")
    page.click("#tiling-start")
    page.click("#tiling-hint")
    expect(page.locator("#tiling-hints")).to_have_text(
        "Every free domino is a best move here (24 dominoes): after any of them, with best "
        "play, the game ends with 7 dominoes."
    )
    expect(page.locator("#tiling-board .cell.hinted")).to_have_count(0)  # no wall of outlines


def test_a_graph_game_over_before_it_starts_says_why(page: Page) -> None:
    open_tab(page, "graph")
    page.select_option("#graph-spec", "path:5")
    page.select_option("#graph-pair", "R,E")
    page.click("#graph-start")
    expect(page.locator("#graph-why")).to_contain_text(
        "Over before it starts. There is only one face to colour (r0)"
    )
    expect(page.locator("#graph-verdict")).to_have_text(re.compile(r"^A draw: [^:]*$"))


# ------------------------------------------------------------------ links


def test_a_link_reopens_the_game(page: Page) -> None:
    open_tab(page, "play")
    page.click("#play-start")
    page.click("#play-options button[data-move='9']")
    expect(page.locator("#play-history li")).to_have_count(1)
    link = page.url
    assert "m=9%2CZ" in link or "m=9,Z" in link, link

    page.goto("about:blank")
    page.goto(link)
    expect(page.locator("#play-history li")).to_have_count(1)
    expect(page.locator("#play-text")).to_have_text("X * (Y - 9)")

    page.goto("/#tiling?rows=2&cols=2&r=max&m=0.0-0.1")
    expect(page.locator("#tiling-board .cell")).to_have_count(4)
    expect(page.locator("#tiling-board .cell.max")).to_have_count(2)

    page.goto("/#tree?e=(10-X)*Y&d=0..9&a=alphabeta&s=3")
    expect(page.locator("#tree-step-label")).to_have_text("step 3 of 658")


# ------------------------------------------------------------------ the tree explorer

#: the paper's Figure 1, as the link in the tab's introduction opens it
FIGURE_ONE = "/#tree?e=(10-X)*Y&d=0..9&a=alphabeta"


def test_the_tree_shows_only_what_the_search_knows(page: Page) -> None:
    page.goto(FIGURE_ONE)
    expect(page.locator("#tree-summary")).to_contain_text("minimax(E) = 45")
    nodes = page.locator("#tree-nodes")
    page.click("#tree-first")
    expect(page.locator("#tree-event")).to_have_text("before the search")
    # before the search nothing is known: no value anywhere
    expect(nodes.locator(".returned")).to_have_count(0)
    expect(nodes).not_to_contain_text("45")
    # part-way, a node not yet left shows no value
    page.focus("#tree-step")
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#tree-step-label")).to_have_text("step 40 of 658")
    expect(nodes.locator(".node.unvisited .returned")).to_have_count(0)
    # at the end, pruned nodes (never computed) still show none
    page.click("#tree-last")
    expect(nodes.locator(".badge.alpha")).to_have_count(4)
    expect(nodes.locator(".node[data-status='alpha'] .returned")).to_have_count(0)
    expect(nodes.locator(".node[data-status='alpha'] .text")).to_have_count(4)


def test_each_cut_off_says_why(page: Page) -> None:
    page.goto("/#tree?e=(10-X)*Y&d=0..9&a=alphabeta&s=525")  # the step that leaves {6}
    event = page.locator("#tree-event")
    expect(event).to_contain_text("leave {6} (MIN): returns ≤ 36")
    expect(event).to_contain_text(
        "α cut-off: 36 ≤ α = 45, so MAX will never let MIN reach this node"
    )
    page.goto("/#tree?e=(10-X)*Y&d=0..9&a=alphabeta&s=480")  # the step that leaves {5→Y}
    expect(event).to_contain_text("β cut-off: 50 ≥ β = 45, so MIN will never let MAX reach")
    # an open node shows the window it searches in
    page.goto("/#tree?e=(10-X)*Y&d=0..9&a=alphabeta&s=500")
    expect(event).to_contain_text("with (α, β) = (12, +∞)")
    open_min = page.locator("#tree-nodes .node.open", has_text="{6}").first
    expect(open_min.locator(".window")).to_have_text("(α, β) = (45, +∞)")


def test_the_tree_by_keyboard(page: Page) -> None:
    page.goto(FIGURE_ONE)
    expect(page.locator("#tree-summary")).to_contain_text("minimax(E) = 45")
    root = page.locator("#tree-nodes [data-id='0']")
    expect(root).to_have_attribute("tabindex", "0")
    root.focus()
    page.keyboard.press("ArrowDown")
    focused = page.locator("#tree-nodes [role='treeitem']:focus")
    expect(focused.locator(".name")).to_have_text("{0}")
    assert focus_ring(page) != "none"
    expect(focused).to_have_attribute("aria-expanded", "true")  # the MIN nodes start open
    page.keyboard.press("ArrowLeft")  # closes {0}
    expect(focused).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowRight")  # opens it
    expect(focused).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("ArrowRight")  # to its first child
    expect(page.locator("#tree-nodes [role='treeitem']:focus .name")).to_have_text("{0→X}")
    page.keyboard.press("ArrowLeft")  # back to the parent
    expect(page.locator("#tree-nodes [role='treeitem']:focus .name")).to_have_text("{0}")
    page.keyboard.press("Home")
    page.keyboard.press(".")  # a step on, from anywhere in the tab (it opens at step 0)
    expect(page.locator("#tree-step-label")).to_have_text("step 1 of 658")
    page.keyboard.press(",")
    expect(page.locator("#tree-step-label")).to_have_text("step 0 of 658")
