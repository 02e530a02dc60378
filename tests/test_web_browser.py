"""`brou web` in a real browser: Debian's Chromium, headless, driven by Playwright, against the
server as `brou web` starts it (a process of its own on a free loopback port).

At a desktop's width and at a phone's: the table of Brouc against the careful player, a card
played by the keyboard, a card the rules refuse tried by its key and answered with the booklet's
rule and clause; the pages in French; a whole deal of each of the five games played with the
keyboard, the solver asked late in Brouc's; a report's failure opened from the matrix and
replayed at its failing step; an entry of the register with its witnesses side by side.  Each page is saved
as a PNG, for a person to look at before a change to the pages lands (docs/web.md, "Tests"):
into $BROU_WEB_SHOTS if it is set, else the test's own temporary folder.  No page may scroll
sideways at a phone's width, and no script may fail.

Chromium is Debian's package (`make test-slow` installs it: `apt-get install -y chromium`);
where it is not installed the test is skipped, saying so.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
FIXTURES = Path(__file__).parent / "fixtures" / "web"

if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM}: `make test-slow` installs Debian's (apt-get install -y chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the dev extra: make install")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`brou web` on a free port of the loopback address, its players thinking in threads; its
    address.  What it writes on standard error may hold no traceback and no internal error."""
    log = tmp_path_factory.mktemp("server") / "stderr.txt"
    with log.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "brou", "web", "--port", "0", "--workers", "0"],
                                   stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("brou web: serving on http://127.0.0.1:"), line + log.read_text()
        yield line.split()[-1]
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        said = log.read_text()
        assert "Traceback" not in said and "internal error" not in said, said


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ["BROU_WEB_SHOTS"]) if os.environ.get("BROU_WEB_SHOTS") else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Page:
    """A page of the browser at one width, its script errors collected."""

    def __init__(self, browser: Any, viewport: dict[str, int], shots: Path, name: str) -> None:
        self.context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 600,
                                           has_touch=viewport["width"] < 600)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.width = viewport["width"]
        self.shots = shots
        self.name = name

    def shot(self, what: str) -> None:
        """The page saved as a PNG, once its pictures are in; none may scroll sideways.  (A picture
        loaded lazily starts loading only once it comes near the viewport, and boards filled in
        later push it down: each one still loading is brought into view until none is left.)"""
        try:
            until(self.page, "[...document.images].filter((i) => !i.complete)"
                             ".map((i) => i.scrollIntoView()).length === 0")
        except AssertionError:
            waiting = self.page.evaluate("[...document.images].filter((i) => !i.complete).map((i) => i.src)")
            raise AssertionError(f"{what}: pictures still loading after 30 s: {waiting[:3]}") from None
        self.page.evaluate("window.scrollTo(0, 0)")
        broken = self.page.evaluate("[...document.images].filter((i) => !i.naturalWidth).map((i) => i.src)")
        assert not broken, f"{what}: pictures that did not load: {broken[:3]}"
        self.page.screenshot(path=str(self.shots / f"{what}-{self.name}.png"), full_page=True)
        wide = self.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= self.width, f"{what} at {self.width} px is {wide} px wide"

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


def until(page: Any, script: str, seconds: float = 30.0) -> None:
    """Wait until `script` (an expression) is true in the page.  (Playwright's wait_for_function
    evaluates a string, which the pages' Content-Security-Policy forbids.)"""
    end = time.monotonic() + seconds
    while not page.evaluate(script):
        if time.monotonic() > end:
            raise AssertionError(f"still false after {seconds:g} s: {script}")
        time.sleep(0.05)


def hand(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        ".hand .card", "cards => cards.map(c => ({card: c.dataset.card, legal: c.classList.contains('legal'), "
                       "illegal: c.classList.contains('illegal')}))")
    return found


def my_turn(page: Any, cards: int) -> list[dict[str, Any]]:
    """Wait until the person holds `cards` cards and may play one of them (the careful players have played)."""
    until(page, f"document.querySelectorAll('.hand .card').length === {cards} && "
                "document.querySelector('.hand .card.legal') !== null")
    return hand(page)


def test_a_card_played_by_the_keyboard_and_one_refused_with_its_rule(browser: Any, server: str, shots: Path) -> None:
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        view = Page(browser, viewport, shots, name)
        page = view.page
        started = time.monotonic()
        page.goto(server)
        page.wait_for_selector("#f-start")
        loaded = time.monotonic() - started
        assert loaded < 30, f"the first page took {loaded:.1f} s"
        page.select_option("#f-game", "brouc")
        page.fill("#f-seed", "5")
        page.select_option("#f-seat-1", "search")  # its parameters' hint, as a spec writes them
        hint = page.get_attribute("#f-seat-1-params", "placeholder") or ""
        assert hint.startswith("worlds=none:early=4:before=none:") and "null" not in hint, hint
        page.select_option("#f-seat-1", "careful")
        view.shot("new-table")
        page.focus("#f-start")
        page.keyboard.press("Enter")
        page.wait_for_selector(".hand .card")
        assert page.locator(".hand .card img").count() == 8  # the booklet's pictures, one a card
        cards = my_turn(page, 8)
        played = 0
        while not any(c["illegal"] for c in cards):
            page.keyboard.press("Enter")  # the first card the rules allow has the focus
            played += 1
            cards = my_turn(page, 8 - played)
        view.shot("table")
        illegal = next(k for k, c in enumerate(cards) if c["illegal"])
        page.keyboard.press(str(illegal + 1))
        refusal = page.wait_for_selector("#refusal")
        text = refusal.inner_text()
        assert "must-follow-suit" in text and "Rule 4.2" in text and "brouc.play.follow" in text, text
        assert "suit led" in text  # the booklet's words
        assert len(hand(page)) == 8 - played  # refused: the hand is as it was
        view.shot("table-refused")
        page.click("#lang")  # the refusal stays, in French
        until(page, "document.getElementById('refusal')?.innerText.includes('Règle 4.2')")
        assert "fournir" in page.inner_text("#refusal")
        # the table is drawn again (the page is emptied at the switch): then the key is refused in French
        until(page, "document.getElementById('nav-replay').textContent === 'Rejouer' && "
                    "document.querySelector('.hand .card.illegal') !== null")
        page.evaluate("document.getElementById('refusal').remove()")
        page.keyboard.press(str(illegal + 1))
        until(page, "document.getElementById('refusal')?.innerText.includes('Règle 4.2')")
        view.shot("table-refused-fr")
        page.focus(".words .word.illegal[data-word='declare']")  # an announcement the rules refuse now, faded
        page.keyboard.press("Enter")
        until(page, "document.getElementById('refusal')?.innerText.includes('Règle 8.6')")
        assert "brouc.game.cape-et-dehors" in page.inner_text("#refusal") and len(hand(page)) == 8 - played
        page.click("#lang")
        until(page, "document.getElementById('nav-replay').textContent === 'Replay'")
        legal = next(k for k, c in enumerate(cards) if c["legal"])
        focused = "document.activeElement?.dataset.card"
        until(page, f"{focused} === '{cards[legal]['card']}'")  # the table gives the first card allowed the focus
        page.keyboard.press("ArrowLeft")  # along the hand and back
        assert page.evaluate(focused) == cards[(legal - 1) % len(cards)]["card"]
        page.keyboard.press("ArrowRight")
        assert page.evaluate(focused) == cards[legal]["card"]
        page.keyboard.press("Enter")
        until(page, f"document.querySelectorAll('.hand .card').length === {7 - played}")
        assert page.locator(f".board [data-card='{cards[legal]['card']}']").count() == 0  # out of the hand
        page.keyboard.press("u")  # undo: the card is taken back, and what the others played after it
        my_turn(page, 8 - played)
        view.shot("table-undone")
        view.close()


def test_a_reports_failure_is_opened_from_the_matrix_and_replayed(browser: Any, server: str, shots: Path) -> None:
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        view = Page(browser, viewport, shots, name)
        page = view.page
        page.goto(server + "#/reports")
        page.wait_for_selector("#rep-files")
        if name == "desktop":
            page.set_input_files("#rep-files", [str(FIXTURES / f"report-{n}.json")
                                                for n in ("reference", "drop-legal", "accept-all")])
        page.wait_for_selector("table.matrix td.bad a")
        assert page.locator("table.matrix thead th").count() >= 5  # ruleset, clause, and one a report
        view.shot("reports")
        page.click("table.matrix td.bad a")
        page.wait_for_selector("#failures li a")
        page.click("#failures li a")
        page.wait_for_selector(".failure")
        failure = page.inner_text(".failure")
        assert "Expected" in failure and "The implementation" in failure and "Rule" in failure, failure
        assert page.locator(".steps li.failing").count() == 1
        view.shot("replay-failure")
        page.keyboard.press("End")
        until(page, "document.querySelector('.tools .at')?.textContent.split(' / ')[0] === "
                    "document.querySelector('.tools .at')?.textContent.split(' / ')[1]")
        view.close()


def test_an_entry_of_the_register_with_its_witnesses(browser: Any, server: str, shots: Path) -> None:
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        view = Page(browser, viewport, shots, name)
        page = view.page
        page.goto(server + "#/register")
        page.wait_for_selector("table.register a[href='#/register/AMB-05']")
        view.shot("register")
        page.click("table.register a[href='#/register/AMB-05']")
        page.wait_for_selector(".witness-col .replay-board")
        assert page.locator(".witness .side-by-side").first.locator(".witness-col").count() == 2
        view.shot("register-entry")
        page.goto(server + "#/replay?q=no-undertrump&ruleset=brouc")
        page.wait_for_selector(".scenario-list a")
        view.shot("replay-list")
        first = page.inner_text(".scenario-list a")
        page.click(".pages a >> nth=0")  # the next hundred
        until(page, "document.querySelector('.pages')?.textContent.includes('101\u2013200')")
        assert page.inner_text(".scenario-list a") != first
        view.close()


def test_a_whole_deal_of_each_game_played_with_the_keyboard(browser: Any, server: str, shots: Path) -> None:
    """Each game from the form to the end of a deal against the careful player: each turn the
    first card or word the rules allow, given the focus and played with Enter."""
    view = Page(browser, DESKTOP, shots, "desktop")
    page = view.page
    page.goto(server)
    page.wait_for_selector("#f-start")
    rulesets = page.eval_on_selector_all("#f-game option", "options => options.map(o => o.value)")
    assert len(rulesets) == 5
    solved = False
    for ruleset in rulesets:
        page.goto(server + "#/")
        page.wait_for_selector("#f-start")
        page.select_option("#f-game", ruleset)
        page.fill("#f-seed", "7")
        page.click("#f-start")
        page.wait_for_selector(".hand .card")
        for _ in range(300):
            until(page, "document.querySelector('.hand .card.legal, .words .word:not(.illegal), .finished') !== null")
            if page.query_selector(".finished") is not None:
                break
            if ruleset == "brouc" and not solved and page.locator(".hand .card").count() <= 3:
                page.keyboard.press("s")  # the solver's value of each card, late in the deal (a few seconds)
                until(page, "document.querySelector('#solved tr.best') !== null", 120)
                assert page.locator(".hand .card .value").count() == page.locator(".hand .card.legal").count()
                view.shot("table-solved")
                solved = True
            target = page.query_selector(".hand .card.legal, .words .word:not(.illegal)")
            target.focus()
            page.keyboard.press("Enter")
            target.wait_for_element_state("hidden")  # the table drawn again once the server has answered
        finished = page.inner_text(".finished")
        assert "The table is over" in finished and ruleset in page.inner_text(".finished .notation"), finished
        assert page.locator(".finished table.count tbody tr").count() >= 2 and "Tricks" in finished  # the count
        view.shot(f"deal-over-{ruleset}")
    view.close()
