"""The page in a lecture room (issue 42, points 1, 2 and 7), at a projector's 1280×800 and a
phone's 390×844, light and dark, with the console clean: the set-up folds away after Show,
presenter mode and the step speed, addresses that follow every view and step (Back and
Forward between views, a reload restores), and errors in the page's own words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.samples import SCHEMES, screens_and_schemes

pytestmark = pytest.mark.e2e

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"
DAG_LINK = f"/#dag?g={quote(TEXTBOOK)}&a=alphabeta&s=13"
VIEWS = screens_and_schemes([((1280, 800), "projector"), ((390, 844), "phone")])


@contextmanager
def room(browser: Browser, server: str, width: int, height: int, scheme: str) -> Iterator[Page]:
    """A page of the app at ``width``×``height`` in ``scheme``; on leaving, the test fails
    if the console logged an error (a failed request included) or the page raised one."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=server,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        yield page
        assert not problems, f"console errors: {problems}"
    finally:
        context.close()


def ready(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("body[data-ready]")


def hash_of(page: Page) -> str:
    return str(page.evaluate("location.hash"))


def fits_width(page: Page) -> bool:
    return bool(
        page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    )


def bottom(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"] + box["height"])


# ------------------------------------------------------------------ 2. addresses


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_a_step_stays_in_the_address_across_tabs_back_and_reload(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, DAG_LINK)
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        page.click("#tab-impartial")
        expect(page.locator("#impartial")).to_be_visible()
        assert hash_of(page).startswith("#impartial")
        page.click("#tab-dag")
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        assert "s=13" in hash_of(page)
        assert hash_of(page).startswith("#dag?g=")
        page.click("#dag-next")
        expect(page.locator("#dag-step-label")).to_have_text("step 14 of 23")
        assert "s=14" in hash_of(page)  # a step rewrites the address
        # Back: the view before (Impartial), then the DAG again; never out of the app
        page.go_back()
        expect(page.locator("#impartial")).to_be_visible()
        page.go_back()
        expect(page.locator("#dag")).to_be_visible()
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        page.go_forward()
        expect(page.locator("#impartial")).to_be_visible()
        page.go_forward()
        expect(page.locator("#dag-step-label")).to_have_text("step 14 of 23")
        page.reload()
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#dag-step-label")).to_have_text("step 14 of 23")
        assert "s=14" in hash_of(page)


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_back_and_forward_move_between_views(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, "/#play")
        page.click("#tab-tree")
        expect(page.locator("#tree")).to_be_visible()
        page.click("#tab-dag")
        page.select_option("#dag-algorithm", "alphabeta")
        page.click("#dag-start")  # the textbook tree, stepped
        expect(page.locator("#dag-step-label")).to_have_text("step 0 of 23")
        page.click("#dag-last")
        first = hash_of(page)
        # another game is another view
        page.click("#dag-unfold")
        page.select_option("#dag-example", "deep")
        page.click("#dag-start")
        expect(page.locator("#dag-summary")).to_contain_text("value of root = 6")
        assert hash_of(page) != first
        page.go_back()
        expect(page.locator("#dag-summary")).to_contain_text("value of root = 3")
        expect(page.locator("#dag-step-label")).to_have_text("step 23 of 23")
        assert hash_of(page) == first
        page.go_back()
        expect(page.locator("#tree")).to_be_visible()
        page.go_back()
        expect(page.locator("#play")).to_be_visible()
        assert page.url.startswith(server)
        page.go_forward()
        expect(page.locator("#tree")).to_be_visible()


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_the_game_tree_step_is_kept_on_a_tab_switch(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, "/#tree?e=(10-X)*Y&d=0..9&a=alphabeta&s=7")
        expect(page.locator("#tree-step-label")).to_contain_text("step 7 of")
        page.click("#tab-play")
        page.click("#tab-tree")
        assert "s=7" in hash_of(page)
        assert "e=" in hash_of(page)
        page.go_back()
        expect(page.locator("#play")).to_be_visible()
        page.go_back()
        expect(page.locator("#tree-step-label")).to_contain_text("step 7 of")


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_a_horizon_link_keeps_its_line_in_the_address(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, "/#classic?g=tictactoe&r=both&m=1,3&v=0")
        expect(page.locator("#classic-history li")).to_have_count(2)
        page.click("#classic-cutoff-box summary")
        page.fill("#cutoff-depth", "1")
        page.select_option("#cutoff-evaluation", "lines")
        page.click("#cutoff-find")
        expect(page.locator("#horizon-summary")).to_be_visible()
        page.keyboard.press(".")
        expect(page.locator("#horizon-step")).to_contain_text("1/")
        link = page.url
        assert "hd=1" in link
        assert "hs=1" in link
        ready(page, "/")
        ready(page, link)
        expect(page.locator("#horizon-step")).to_contain_text("1/")
        assert "hd=1" in page.url
        assert "he=lines" in page.url
        assert "hs=1" in page.url


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_a_game_in_play_keeps_its_moves_across_tabs(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, "/#play?e=X*(Y-Z)&d=0..9&r=max&m=9,X")
        expect(page.locator("#play-history li")).to_have_count(1)  # one round played
        moves = hash_of(page)
        assert "m=" in moves
        page.click("#tab-graph")
        expect(page.locator("#graph")).to_be_visible()
        page.click("#tab-play")
        assert hash_of(page) == moves
        page.go_back()
        expect(page.locator("#graph")).to_be_visible()
        page.reload()
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#graph")).to_be_visible()
        page.go_back()
        expect(page.locator("#play-history li")).to_have_count(1)
        assert hash_of(page) == moves


# ------------------------------------------------------------------ 1. presentation


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_the_game_tree_picture_follows_the_step_on_one_screen(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, "/#tree")
        page.click("#tree-start")
        expect(page.locator("#tree-step-label")).to_contain_text("step 0 of")
        # the set-up folds into one line that says what is shown; it unfolds again
        expect(page.locator("#tree-form")).to_be_hidden()
        expect(page.locator("#tree .intro")).to_be_hidden()
        expect(page.locator("#tree .folded-what")).to_contain_text("X*(Y-Z) over 0..2")
        page.click("#tree-unfold")
        expect(page.locator("#tree-form")).to_be_visible()
        page.click("#tree-unfold")
        expect(page.locator("#tree-form")).to_be_hidden()
        picture = page.locator("#tree-svg")
        expect(picture.locator("g.node[data-colour='unvisited']").first).to_be_visible()
        for _ in range(5):
            page.click("#tree-next")
        expect(page.locator("#tree-step-label")).to_contain_text("step 5 of")
        current = picture.locator("g.node.current")
        expect(current).to_have_count(1)
        at_five = current.get_attribute("data-id")
        assert picture.locator("g.node[data-colour='open']").count() >= 3
        page.click("#tree-next")
        expect(current).not_to_have_attribute("data-id", at_five or "")
        page.click("#tree-last")  # the end: the best line, the root's value
        expect(picture.locator("g.node[data-id='0'] .value")).to_have_text("0")
        assert picture.locator("g.node.pv").count() >= 4
        if width >= 1280:  # controls, step text and the picture on one projector screen
            assert bottom(page, "#tree-svg") <= height
            assert bottom(page, "#tree-event") <= height
            box = page.locator("#tree-svg").bounding_box()
            assert box is not None
            assert box["width"] >= 500
        assert fits_width(page)


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_the_dag_tab_folds_and_scales_its_drawing_to_the_box(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, DAG_LINK)
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        expect(page.locator("#dag-form")).to_be_hidden()
        expect(page.locator("#dag .folded-what")).to_contain_text("alpha-beta on [[3,12,8]")
        drawing = page.locator("#dag-svg").bounding_box()
        box = page.locator("#dag .dag-box").bounding_box()
        assert drawing is not None
        assert box is not None
        assert drawing["width"] <= box["width"]  # scaled down to the phone's box
        assert drawing["width"] >= min(box["width"] - 4, 542) - 1  # and up where there is room
        assert bottom(page, "#dag-svg") <= height or width < 1280
        assert fits_width(page)
        page.click("#dag-unfold")
        expect(page.locator("#dag-form")).to_be_visible()


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_presenter_mode_and_the_step_speed(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:
        ready(page, DAG_LINK)
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        page.click("#presenter")
        expect(page.locator("body")).to_have_class(re.compile(r"\bpresenter\b"))
        expect(page.locator("#presenter")).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") > size
        assert "?present#dag?" in page.url
        assert "s=13" in page.url
        page.click("#tab-tree")
        assert "?present#tree" in page.url  # the mode stays across views
        page.go_back()
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        assert "?present" in page.url
        page.reload()
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("body")).to_have_class(re.compile(r"\bpresenter\b"))
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        assert fits_width(page)
        if width >= 1280:  # large type, and still the steps and the tree on one screen
            assert bottom(page, "#dag-svg") <= height
        # the speed: the fastest plays the last ten steps within two seconds
        page.select_option("#dag-speed", "120")
        page.click("#dag-play")
        expect(page.locator("#dag-step-label")).to_have_text("step 23 of 23", timeout=2_500)
        expect(page.locator("#dag-play")).to_have_text("▶ play")
        page.click("#presenter")
        expect(page.locator("body")).not_to_have_class(re.compile(r"\bpresenter\b"))
        assert "present" not in page.url


# ------------------------------------------------------------------ 7. errors and phones

TABS = ["play", "tree", "tiling", "graph", "dag", "impartial", "classic"]


@pytest.mark.parametrize(("width", "height", "scheme"), VIEWS)
def test_live_checks_leave_the_console_clean_and_speak_the_page_language(
    browser: Browser, server: str, width: int, height: int, scheme: str
) -> None:
    with room(browser, server, width, height, scheme) as page:  # no console error at all
        for tab in ("play", "tree"):
            ready(page, f"/#{tab}")
            field = page.locator(f"#{tab}-expression")
            field.fill("")
            for key in "X*(Y-Z))":  # every keystroke checked, some refused
                field.press(key)
                page.wait_for_timeout(150)
            echo = page.locator(f"#{tab}-echo")
            expect(echo).to_have_attribute("data-state", "error")
            expect(echo.locator("mark")).to_have_text(")")
            expect(page.locator(f"#{tab}-start")).to_be_disabled()
            page.fill(f"#{tab}-expression", "X*(Y-Z)")
            page.fill(f"#{tab}-domain", "0..9,9")
            error = page.locator(f"#{tab}-domain-error")
            expect(error).to_contain_text("'0..9' is a range inside a list")
            expect(error).not_to_contain_text("exact number")
            page.fill(f"#{tab}-domain", "0..2")
            expect(error).to_have_text("")
            expect(page.locator(f"#{tab}-start")).to_be_enabled()
        ready(page, "/#play")
        page.fill("#play-expression", "a+b+c+d+e+f+g+h+i")
        expect(page.locator("#play-echo")).to_contain_text("at most 8")
        assert "command line" not in (page.locator("#play-echo").text_content() or "")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_phone_sees_every_tab_scaled_to_fit(browser: Browser, server: str, scheme: str) -> None:
    with room(browser, server, 390, 844, scheme) as page:
        for tab in TABS:
            ready(page, f"/#{tab}")
            start = page.locator(f"#{tab}-start")
            if start.count():
                expect(start).to_be_enabled()
                start.click()
            page.wait_for_timeout(600)
            page.wait_for_function(
                f"document.getElementById('{tab}').getAttribute('aria-busy') !== 'true'"
            )
            assert fits_width(page), tab
        ready(page, DAG_LINK)  # the DAG's tree scaled to its box
        expect(page.locator("#dag-step-label")).to_have_text("step 13 of 23")
        drawing = page.locator("#dag-svg").bounding_box()
        box = page.locator("#dag .dag-box").bounding_box()
        assert drawing is not None
        assert box is not None
        assert drawing["width"] <= box["width"]
        ready(page, "/#impartial")  # table headings whole: "binary", not "binar / y"
        heading = page.locator("#impartial th", has_text="binary").first
        expect(heading).to_be_visible()
        lines = page.evaluate(
            "(th) => { const r = document.createRange(); r.selectNodeContents(th);"
            " return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }",
            heading.element_handle(),
        )
        assert lines == 1
