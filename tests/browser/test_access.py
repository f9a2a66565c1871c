"""Accessibility: an axe-core audit of the app's pages, and a lesson done with the keyboard alone.

axe-core (npm, pinned in scripts/node_tools.sh, installed into build/node/) is injected
into the page once it is drawn; no violation of impact "critical" or "serious" (WCAG 2.2 AA
and best practice) may be found on the home page, a lesson's exercise, a turn at lesson 3's
table or any tool, in a desktop window, in a phone's 320 px (where nothing may run off the
right and a focused control is never hidden) and in projector mode; then every page once more in
Italian, Spanish or Portuguese, some in the four-colour deck (no finding of any impact). Then lesson 1's first
exercise is opened, answered and checked with Tab, typing and Enter only, and a whole turn is played with
the keyboard alone at lesson 3's table and on the Play page (the focus never left on <body>, every move
said by the page's one live region).
"""

from __future__ import annotations

import json
import re
import subprocess
import time

import pytest

import burraco_core as bc
import lessons
from burraco_core.messages import catalogue
from burraco_core.session import HandSession
from lessons.widgets.board import player_names
from lessons.widgets.home import TOOLS
from lessons.widgets.navigation import notebook_name
from lessons.widgets.style import t
from tests.browser.pages import FIRST, FIRST_ANSWER, wait_ready
from tests.browser.support import ARTIFACTS, ROOT, SCREENSHOTS

pytestmark = pytest.mark.browser

AXE = ROOT / "build" / "node" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("critical", "serious")
TABLE_LESSON = lessons.get_lesson("turn")
# What each audited page is, what shows it is drawn, and whether its first exercise is opened (a lesson's
# exercise with its answer box; lesson 3's first exercise is a turn at the table). Every tool is here.
PAGES = {
    "home": ("index", ".bt-home .bt-lesson-row", ""),
    "lesson": (notebook_name(FIRST), ".bt-lesson .bt-strip-item", ".bt-exercise .bt-number input"),
    "table": (notebook_name(TABLE_LESSON), ".bt-lesson .bt-strip-item", ".bt-exercise .bt-play-table .bh-card svg"),
    "referee": ("referee", ".bt-referee .bh-card svg", ""),
    "score": ("score", ".bt-score", ""),
    "play": ("play", ".bt-play-table .bh-card svg", ""),
    "position-referee": ("position-referee", ".bt-position-referee .bh-card svg", ""),
    "variant-builder": ("variant-builder", ".bt-variant-builder .bt-field-jokers", ""),
    "practice": ("practice", ".bt-practice", ""),
    "final-test": ("final-test", ".bt-final-test .bt-exercise", ""),
    "class-summary": ("class-summary", ".bt-class-summary .bt-class-upload", ""),
}
assert {tool.key for tool in TOOLS} <= set(PAGES), "a tool the sweep does not open"
PHONE = {"width": 320, "height": 640}
# What runs off the right of a narrow window (WCAG 1.4.10): any element drawn past it, except the
# 1-px texts for screen readers and the insides of card pictures. The first few, to read in a failure.
OFF_THE_RIGHT = """
() => {
  const width = document.documentElement.clientWidth, found = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('svg, .bt-sr, .bt-voice')) continue;
    const box = e.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || box.right <= width + 1) continue;
    found.push(`${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\\s+/).slice(-2).join('.')}`
               + ` ends at ${Math.round(box.right)}: ${(e.innerText || '').trim().slice(0, 40)}`);
  }
  return found.slice(0, 6);
}"""
# Where the focus is, and whether it can be seen (WCAG 2.4.11): the point at the middle of the focused
# element's visible part shows that element (or something inside it), not a box drawn over it.
FOCUS_SEEN = """
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const box = e.getBoundingClientRect();
  const left = Math.max(box.left, 0), right = Math.min(box.right, window.innerWidth);
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
  const name = `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\\s+/).slice(-2).join('.')}`;
  if (right - left < 1 || bottom - top < 1) return `${name}: out of sight`;
  const seen = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  if (!seen || seen === e || e.contains(seen) || seen.contains(e) || seen.closest('label') === e.closest('label')) return '';
  return `${name}: under ${seen.tagName.toLowerCase()}.${String(seen.className).trim().split(/\\s+/).slice(-1)}`;
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        subprocess.run(["bash", "scripts/node_tools.sh"], cwd=ROOT, check=True, timeout=600)
    return AXE.read_text()


def serious(page, axe_source: str, where: str, everything: bool = False, strict: bool = False) -> list[str]:
    """axe's critical and serious findings on the page as it is now (WCAG 2.2 AA and best practice),
    one line each; saved in test-artifacts/axe-WHERE.json (with ``everything``, findings of every impact;
    with ``strict``, findings of every impact are returned too)."""
    every = full_audit(page, axe_source)
    found = every if strict else [v for v in every if v.get("impact") in SERIOUS]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{where}.json").write_text(json.dumps(every if everything else found, indent=1))
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes'][:3]]}"
            for v in found]


@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_violation(name, page, voila_url, axe_source):
    """Each page once, looked at four ways: axe in a desktop window; in a phone's 320-px window axe again
    (its target-size rule: 24 px) with nothing off the right and the focus seen at every Tab; axe in
    projector mode. A lesson and lesson 3's table at their first exercise."""
    notebook, ready, exercise = PAGES[name]
    page.goto(f"{voila_url}/voila/render/{notebook}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=60_000)
    if exercise:
        page.locator(".bt-strip-item").first.click()
        page.wait_for_selector(exercise)
    page.wait_for_timeout(500)
    problems = serious(page, axe_source, name)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    problems += serious(page, axe_source, f"{name}-320")
    problems += [f"{name}-320: {off} runs off the right" for off in page.evaluate(OFF_THE_RIGHT)]
    page.locator("h1").first.focus()        # then Tab through the page's first controls
    hidden = []
    for _ in range(25):
        page.keyboard.press("Tab")
        if (where := page.evaluate(FOCUS_SEEN)) and where not in hidden:
            hidden.append(where)
    problems += [f"{name}-320: the focused {where}" for where in hidden]
    page.set_viewport_size({"width": 1280, "height": 900})
    switch = page.locator(".bt-projector-switch input:visible")     # (the app keeps its home page, hidden, in the view)
    if switch.count():
        switch.first.click()
    else:                                   # a page without the switches: the class the switch sets
        page.evaluate("() => document.documentElement.classList.add('bt-projector')")
    page.wait_for_function("() => document.documentElement.classList.contains('bt-projector')")
    page.wait_for_timeout(300)
    problems += serious(page, axe_source, f"{name}-projector")
    if name == "referee":      # a tool's verdict is said by the page's one live region: its text changes, not the element
        lang = page.evaluate("() => document.documentElement.lang")
        page.evaluate("() => { window.__btLive = document.querySelector('.bt-live'); }")
        page.locator(".bt-meld-text input").fill("5H 6H 9C")     # not a meld: a verdict not on the page before
        said = t("referee.meld.illegal", lang)
        page.wait_for_function("w => document.querySelector('.bt-live')?.textContent.startsWith(w)", arg=said)
        assert page.evaluate("() => document.querySelectorAll('.bt-live').length === 1"
                             " && document.querySelector('.bt-live') === window.__btLive"), "a new live region"
        assert page.locator(".bt-referee .bt-verdict").inner_text().startswith(said)      # still shown
        own = page.locator(".bt-referee [role=status], .bt-referee [role=alert], .bt-referee [aria-live]").count()
        assert own == 0, "the referee's verdict has a live role of its own"
    assert problems == [], "\n".join(problems)


def test_a_link_drawn_as_a_button_answers_space(page, voila_url):
    """The home page's "Continue" is a link with role=button: Space follows it, as a button's would."""
    page.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-home a.bt-continue[role=button]", timeout=60_000)
    before = page.url
    page.locator(".bt-home a.bt-continue[role=button]").first.focus()
    page.keyboard.press("Space")
    page.wait_for_function("before => location.href !== before", arg=before, timeout=15_000)


def focus_with_tab(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (or is inside it)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("sel => !!document.activeElement?.closest(sel)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_lesson_exercise_with_the_keyboard_alone(page, voila_url, shoot):
    page.goto(f"{voila_url}/voila/render/{notebook_name(FIRST)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    page.wait_for_timeout(500)
    focus_with_tab(page, ".bt-strip-item")                   # exercise 1 in the star strip
    page.keyboard.press("Enter")
    # Exercise 1 is open: drawn by the Enter, or already open where the session's saved progress
    # (another test's visit) left the lesson, and then Enter on it rightly changes nothing.
    page.wait_for_function("() => document.querySelector('.bt-strip-item')?.classList.contains('bt-current')"
                           " && document.querySelector('.bt-exercise .bt-number input')")
    page.wait_for_timeout(300)
    focus_with_tab(page, ".bt-number")
    page.keyboard.type(FIRST_ANSWER)       # quickly, and straight on to Check: the box sends its answer as it is left
    focus_with_tab(page, ".bt-check")
    page.keyboard.press("Enter")
    try:
        page.wait_for_function("() => document.querySelector('.bt-verdict')?.innerText.includes('Correct')",
                               timeout=30_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "keyboard-failure.png"))
        raise
    shoot(page.locator(".bt-lesson-page"), "keyboard-lesson")


WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The rules issue 33 fixed on a lesson page: none of them may find anything, whatever its impact.
FIXED_RULES = ("region", "landmark-one-main", "html-has-lang", "html-lang-valid", "valid-lang", "label",
               "select-name", "heading-order", "page-has-heading-one", "aria-allowed-attr", "empty-heading")


def full_audit(page, axe_source: str) -> list[dict]:
    """Every violation axe finds with the WCAG 2.2 AA and best-practice tags, whatever its impact."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate("async tags => await axe.run(document, {runOnly: {type: 'tag', values: tags},"
                           " resultTypes: ['violations']})", WCAG_TAGS)
    return result["violations"]


def focus_is_not_on_body(page, where: str) -> str:
    """Wait until the focus has settled off <body> (it moves once the new step is drawn); its tag and class."""
    try:
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body",
                               timeout=10_000)
    except Exception:
        raise AssertionError(f"the focus fell to <body> after {where}") from None
    page.wait_for_timeout(200)          # settled: not moved to <body> a moment later
    return page.evaluate("() => { const e = document.activeElement; return e === document.body ? 'BODY' :"
                         " e.tagName + '.' + e.className; }")


def test_language_live_region_and_focus_after_an_action(page, voila_url, axe_source):
    page.goto(f"{voila_url}/voila/render/{notebook_name(FIRST)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    page.locator(".bt-strip-item").first.click()
    page.wait_for_selector(".bt-exercise .bt-number input")
    assert page.evaluate("() => document.querySelectorAll('.bt-live[role=status][aria-live=polite]').length") == 1
    page.evaluate("() => { window.__btLive = document.querySelector('.bt-live'); }")
    # two verdicts: the one live region stays, its text changes; no verdict brings a region of its own
    box = page.locator(".bt-exercise .bt-number input")
    box.fill("100")
    page.locator(".bt-check").click()
    page.wait_for_function("() => window.__btLive.textContent.trim().length > 0")
    first = page.evaluate("() => window.__btLive.textContent")
    box.fill(FIRST_ANSWER)
    page.locator(".bt-check").click()
    page.wait_for_function("first => window.__btLive.textContent.trim() && window.__btLive.textContent !== first",
                           arg=first)
    assert page.evaluate("() => document.querySelector('.bt-live') === window.__btLive && window.__btLive.isConnected")
    assert page.evaluate("() => document.querySelectorAll('.bt-lesson [role=status]').length") == 1
    assert "Correct" in page.evaluate("() => window.__btLive.textContent")
    # Next, with the keyboard: the focus goes to the new exercise's prompt, not to <body>
    page.locator(".bt-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.bt-strip-item:nth-child(2)').classList.contains('bt-current')")
    focus_is_not_on_body(page, "Next")
    try:        # and it lands on the new exercise's prompt, once that is drawn
        page.wait_for_function("() => document.activeElement?.matches('.bt-exercise h2.bt-prompt')", timeout=10_000)
    except Exception:
        where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
        raise AssertionError(f"after Next the focus is on {where}, not the prompt") from None
    page.wait_for_function("() => [...document.querySelectorAll('.bt-strip-item')]"
                           ".map(b => b.getAttribute('aria-current')).join() === ',step' + ','.repeat("
                           "document.querySelectorAll('.bt-strip-item').length - 2)")     # the star strip says which
    # axe on the exercise after a verdict: none of the rules fixed for issue 33
    found = [v for v in full_audit(page, axe_source) if v["id"] in FIXED_RULES]
    assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found] == []
    # the page speaks Italian once the learner chooses it
    page.locator(".bt-language select").select_option(label=t("language.name", "it"))
    page.wait_for_function("() => document.documentElement.lang === 'it'", timeout=15_000)
    page.locator(".bt-language select").select_option(label=t("language.name", "en"))            # the shared record back to English
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=15_000)


# The sweep again in the other three languages and in the four-colour deck, in one test on the one server
# and browser: every page once, the pages dealt in turn to Italian, Spanish and Portuguese (each language
# has a lesson, the table or the home page, and tools), the Portuguese ones in the four-colour deck
# (lesson 3's table, the Play table, the variant builder). axe at 1280 px, every impact saved, none serious.
OTHER_LANGUAGES = ("it", "es", "pt")
FOUR_COLOUR_LANGUAGE = "pt"


def heading_of(name: str, lang: str) -> str:
    """The text of page ``name``'s <h1> in ``lang`` (what shows the page is drawn in that language)."""
    if name == "home":
        return t("home.title", lang)
    if name in ("lesson", "table"):
        return (FIRST if name == "lesson" else TABLE_LESSON).title(lang)
    return t(f"home.tool.{name}", lang)


def loading_screen(page_html: str) -> dict[str, str] | None:
    """The texts the app's page shows while it starts in Voilà (the template burraco-tutor, from voila.py)."""
    found = re.search(r"const loading = (\{.*?\});", page_html)
    return json.loads(found.group(1)) if found else None


def loading_texts(lang: str) -> dict[str, str]:
    return {"lang": lang, "starting": t("lite.loading.title", lang), "running": t("lite.loading.page", lang)}


def choose_language(page, voila_url: str, lang: str) -> None:
    """The learner's language, chosen on the home page (kept in the learner's record)."""
    page.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(PAGES["home"][1], timeout=60_000)
    page.locator(".bt-home .bt-language select").select_option(label=t("language.name", lang))
    page.wait_for_function("h => document.querySelector('h1')?.innerText.trim() === h",
                           arg=heading_of("home", lang), timeout=30_000)


# Spanish and Portuguese at 320 px (Italian has its own walk below), where their texts are longest
# (measured on the 22 places at 320 px, December 2026: the Spanish page's text is the longer of the two on
# 21 of 22, the Portuguese one on the practice page, and Portuguese has the longer words on lessons 4 and 5
# and the class summary). In the app as choose_language left it, a phone's window kept while each place
# is reached by its address: axe (every impact), no sideways scroll, nothing off the right.
NARROW_PLACES = {"es": None, "pt": ("lesson-ace", "lesson-wilds", "tool-practice", "tool-class-summary")}


def go_to_place(page, address: str, drawn: str, where: str, lang: str) -> str:
    """Reach a place of the app by its address and wait until ``drawn`` ("tag:text") shows; '' when it does,
    else what is wrong (with the headings that were on screen)."""
    tag, _, text = drawn.partition(":")
    page.evaluate("h => { location.hash = h; }", address)
    try:
        page.wait_for_function("([tag, text]) => [...document.querySelectorAll(tag)]"
                               ".some(e => e.innerText.trim() === text && e.getClientRects().length)",
                               arg=[tag, text], timeout=60_000)
    except Exception:
        shown = page.evaluate("() => [...document.querySelectorAll('h1, h2')].filter(e => e.getClientRects()"
                              ".length).map(e => e.innerText.trim().slice(0, 60))")
        return f"{where}: never drawn in {lang} (the headings shown: {shown})"
    page.wait_for_timeout(300)
    return ""


def narrow_walk(page, axe_source: str, lang: str) -> list[str]:
    """Every place of ``NARROW_PLACES[lang]`` (None: all 22) at 320 px, in ``lang``; what is wrong, one line each."""
    problems: list[str] = []
    chosen = NARROW_PLACES[lang]
    page.set_viewport_size(PHONE)
    try:
        for name, address, drawn in walk_places(lang):
            if chosen is not None and name not in chosen:
                continue
            where = f"{name}-{lang}-320"
            if missing := go_to_place(page, address, drawn, where, lang):
                problems.append(missing)
                continue
            problems += serious(page, axe_source, where, everything=True, strict=True)
            problems += [f"{where}: scrolls sideways ({box})" for box in page.evaluate(SIDEWAYS)]
            problems += [f"{where}: {off} runs off the right" for off in page.evaluate(OFF_THE_RIGHT)]
    finally:
        page.set_viewport_size(DESKTOP)
    return problems


def test_no_serious_violation_in_other_languages_and_four_colours(page, voila_url, axe_source):
    problems: list[str] = []
    names = list(PAGES)
    try:
        for number, lang in enumerate(OTHER_LANGUAGES):
            choose_language(page, voila_url, lang)
            if lang in NARROW_PLACES:
                problems += narrow_walk(page, axe_source, lang)
            four = lang == FOUR_COLOUR_LANGUAGE
            if four:                        # a display choice the browser keeps for the next pages
                page.locator(".bt-four-colour-switch input").first.click()
                page.wait_for_function("() => document.documentElement.classList.contains('bt-four-colour')")
            for name in names[number::len(OTHER_LANGUAGES)]:
                notebook, ready, exercise = PAGES[name]
                where = f"{name}-{lang}" + ("-four-colour" if four else "")
                sent = page.goto(f"{voila_url}/voila/render/{notebook}.ipynb", wait_until="domcontentloaded")
                page.wait_for_selector(ready, timeout=60_000)
                try:
                    page.wait_for_function("h => [...document.querySelectorAll('h1')].some(e => e.innerText.trim() === h)",
                                           arg=heading_of(name, lang), timeout=30_000)
                except Exception:
                    problems.append(f"{where}: never drawn in {lang}")
                    continue
                if (loading := loading_screen(sent.text())) != loading_texts(lang):
                    problems.append(f"{where}: the page came with the loading screen {loading}")
                if exercise:
                    page.locator(".bt-strip-item").first.click()
                    page.wait_for_selector(exercise)
                page.wait_for_timeout(300)
                if four and not page.evaluate("() => document.documentElement.classList.contains('bt-four-colour')"):
                    problems.append(f"{where}: not in the four-colour deck")
                problems += serious(page, axe_source, where, everything=True)
                if (shown := page.evaluate("() => document.documentElement.lang")) != lang:
                    problems.append(f"{where}: <html lang> is {shown!r}")
    finally:
        choose_language(page, voila_url, "en")          # the shared record back to English
    assert problems == [], "\n".join(problems)


# Every lesson at its first exercise and after a verdict, and every tool, in Italian, in one visit of the
# app (the places reached by their address, #lesson/KEY/1 and #tool/KEY, no page load between them): axe
# (every impact) in a desktop window, after a real wrong answer (the exercise's first listed wrong answer
# given through the page, Check, then Hint: the verdict, the engine's reason, the cards it is about, the
# hint; also for one exercise of each kind no lesson opens with, so every kind's view and feedback is
# audited), in a phone's 320 px (no horizontal scroll, nothing off the right; the feedback still shown) and
# at 200 % zoom (a 1280 x 900 window at 200 % lays out as 640 x 450); then every place again in projector
# mode with the four-colour deck at 1280 and 320. Screenshots at 320 and 200 % saved
# (test-artifacts/screenshots/a11y-*).
ITALIAN_WALK = "it"
ZOOMED = {"width": 640, "height": 450}
DESKTOP = {"width": 1280, "height": 900}
SHOW_CONTENT = ("() => document.querySelector('.bt-exercise h2.bt-prompt, .bt-lesson-row, [class*=bt-tool-page-] .bh-hand,"
                " .bt-tool-page-score .widget-radio, .bt-class-upload, .bt-final-test .bt-exercise')"
                "?.scrollIntoView({block: 'start'})")
# Neither the document nor Voilà's box of cells (the element that scrolls a Voilà page) scrolls sideways.
SIDEWAYS = ("() => [document.documentElement, document.querySelector('#rendered_cells')].filter(Boolean)"
            ".filter(e => e.scrollWidth > Math.min(e.clientWidth, window.innerWidth))"
            ".map(e => `${e.id || e.tagName}: ${e.scrollWidth} px in ${e.clientWidth}`)")


def _answered_wrong() -> dict[str, tuple[str, int, lessons.Exercise]]:
    """The exercises the walk answers wrong, by place: (lesson, number, exercise) of every lesson's first,
    then of the first exercise of each kind no lesson opens with (between them the kinds draw every answer
    view, and every feedback a wrong answer brings)."""
    places = {f"lesson-{lesson.key}": (lesson.key, 1, lesson.exercises[0]) for lesson in lessons.LESSONS}
    kinds = {lesson.exercises[0].kind for lesson in lessons.LESSONS}
    for lesson in lessons.LESSONS:
        for number, exercise in enumerate(lesson.exercises, 1):
            if exercise.kind not in kinds and exercise.wrong_answers:
                kinds.add(exercise.kind)
                places[f"lesson-{lesson.key}-{number}"] = (lesson.key, number, exercise)
    return places


ANSWERED_WRONG = _answered_wrong()


def walk_places(lang: str, every_kind: bool = False) -> list[tuple[str, str, str]]:
    """(name, address, what shows it is drawn in ``lang``): home, every lesson's first exercise, every tool;
    with ``every_kind``, also an exercise of each kind no lesson opens with (after the lessons)."""
    places = [("home", "#home", f"h1:{t('home.title', lang)}")]
    places += [(name, f"#lesson/{key}/{number}", f"h2:{exercise.prompt.text(lang)}")
               for name, (key, number, exercise) in ANSWERED_WRONG.items() if every_kind or number == 1]
    places += [(f"tool-{tool.key}", f"#tool/{tool.key}", f"h1:{t(f'home.tool.{tool.key}', lang)}") for tool in TOOLS]
    return places


SQUEEZED = "s => s.replace(/\\s+/g, '')"        # texts compared without their spaces (a suit is a span of its own)


def shows(page, selector: str, words: list[str], where: str, timeout: float = 30_000) -> None:
    """Wait until ``selector`` shows every one of ``words`` (spaces aside)."""
    try:
        page.wait_for_function(f"([sel, words]) => {{ const squeeze = {SQUEEZED};"
                               " const shown = squeeze(document.querySelector(sel)?.innerText || '');"
                               " return words.every(w => shown.includes(squeeze(w))); }",
                               arg=[selector, words], timeout=timeout)
    except Exception:
        now = page.evaluate("sel => document.querySelector(sel)?.innerText", selector)
        raise AssertionError(f"{where}: {selector} shows {now!r}, not {words}") from None


def play_at_the_table(page, moves: str, where: str) -> None:
    """Play ``moves`` ("draw; meld 5H 6H 7H; discard 9C") at the exercise's table with the mouse: each
    move once the hand shows what the move before left (cards chosen of an old hand would be lost)."""
    hand = ".bt-exercise .bt-my-hand"
    count = f"() => document.querySelectorAll('{hand} .bh-card').length"
    for move in (part.split() for part in moves.split(";") if part.strip()):
        before = page.evaluate(count)
        if move[0] == "draw":
            page.wait_for_function("() => document.querySelector('.bt-exercise .bt-button-draw')?.disabled === false")
            page.locator(".bt-exercise .bt-button-draw").click()
            after = before + 1
        else:
            assert move[0] in ("meld", "discard"), f"{where}: a move the walk cannot make: {move}"
            for code in move[1:]:
                page.locator(f"{hand} .bh-card[data-code='{code}']:not([aria-selected=true])").first.click()
            button = f".bt-exercise .bt-button-{move[0]}"
            awake(page, button)
            page.locator(button).click()
            after = before - len(move) + 1
        try:
            page.wait_for_function(f"n => ({count})() === n", arg=after, timeout=20_000)
        except Exception:
            raise AssertionError(f"{where}: after {' '.join(move)} the hand never held {after} cards") from None


def answer_wrong(page, exercise: lessons.Exercise, lang: str, where: str) -> None:
    """Give ``exercise``'s first listed wrong answer through the page, as a learner would (a number typed,
    cards clicked, a choice picked, moves at the table), press Check, then Hint; wait until the page shows
    the verdict (its headline, the engine's reason in words) and the first hint."""
    answer = str(exercise.wrong_answers[0][0])
    verdict = exercise.check(exercise.wrong_answers[0][0])
    assert not verdict.correct, f"{where}: {answer!r} is right"
    boxes = page.locator(".bt-exercise .bt-answer .bt-number input")
    if exercise.kind in ("count", "count-score", "victory-points"):
        values = answer.split("-") if exercise.kind == "victory-points" else answer.split()
        assert boxes.count() == len(values), f"{where}: {boxes.count()} boxes for {answer!r}"
        for box, value in zip(boxes.all(), values, strict=True):
            box.fill(value)
    elif exercise.kind in ("build-meld", "pick-cards", "attach"):
        cards = answer.split()[2:] if exercise.kind == "attach" else answer.split()
        assert exercise.kind != "attach" or answer.split()[1] == "0", f"{where}: a meld the walk does not choose"
        for code in cards:
            page.locator(f".bt-exercise .bt-answer-hand .bh-card[data-code='{code}']:not([aria-selected=true])").first.click()
    elif exercise.kind in ("position", "guided-hand"):
        play_at_the_table(page, answer, where)
    else:
        label = next(choice.label.text(lang) for choice in exercise.choices if choice.key == answer)
        page.locator(".bt-exercise .bt-answer").get_by_label(label, exact=True).check()
    page.locator(".bt-exercise .bt-check").click()
    shows(page, ".bt-exercise .bt-verdict", [t("widget.try-again", lang), verdict.message(lang)], where)
    page.locator(".bt-exercise .bt-hint").click()
    shows(page, ".bt-exercise .bt-hints-box", [exercise.hints[0].text(lang)], where)


def test_every_lesson_and_tool_in_italian_at_320_and_200_percent(page, voila_url, axe_source):
    lang = ITALIAN_WALK
    problems: list[str] = []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def width_checks(where: str) -> None:
        problems.extend(f"{where}: scrolls sideways ({box})" for box in page.evaluate(SIDEWAYS))
        problems.extend(f"{where}: {off} runs off the right" for off in page.evaluate(OFF_THE_RIGHT))

    def audit(where: str) -> None:
        problems.extend(serious(page, axe_source, where, everything=True, strict=True))

    try:
        choose_language(page, voila_url, lang)
        for modes in ("", "projector-four-colour"):
            if modes:                   # display choices the page keeps while the walk goes on
                page.evaluate("h => { location.hash = h; }", "#home")
                page.wait_for_selector(PAGES["home"][1])
                page.locator(".bt-four-colour-switch input:visible").first.check()
                if page.locator(".bt-projector-switch input:visible").count():
                    page.locator(".bt-projector-switch input:visible").first.check()
                else:
                    page.evaluate("() => document.documentElement.classList.add('bt-projector')")
                page.wait_for_function("() => ['bt-projector', 'bt-four-colour'].every("
                                       "c => document.documentElement.classList.contains(c))")
            for name, address, drawn in walk_places(lang, every_kind=not modes):
                where = f"{name}-{lang}" + (f"-{modes}" if modes else "")
                if missing := go_to_place(page, address, drawn, where, lang):
                    problems.append(missing)
                    continue
                audit(where)
                if (shown := page.evaluate("() => document.documentElement.lang")) != lang:
                    problems.append(f"{where}: <html lang> is {shown!r}")
                if name.startswith("lesson-") and not modes:        # after a wrong answer: the verdict, why, a hint
                    page.wait_for_function("() => !document.querySelector('.bt-exercise .bt-verdict')?.innerText.trim()")
                    try:
                        answer_wrong(page, ANSWERED_WRONG[name][2], lang, where)
                    except AssertionError as err:
                        problems.append(str(err))
                        continue
                    page.wait_for_timeout(200)
                    audit(f"{where}-wrong")
                page.set_viewport_size(PHONE)
                page.wait_for_timeout(300)
                audit(f"{where}-320")
                width_checks(f"{where}-320")
                if not modes:           # pictures of what matters on the page: its cards, its exercise
                    page.evaluate(SHOW_CONTENT)
                    page.screenshot(path=str(SCREENSHOTS / f"a11y-320-{where}.png"))
                    page.set_viewport_size(ZOOMED)
                    page.wait_for_timeout(300)
                    width_checks(f"{where}-200%")
                    page.evaluate(SHOW_CONTENT)
                    page.screenshot(path=str(SCREENSHOTS / f"a11y-200-{where}.png"))
                page.set_viewport_size(DESKTOP)
    finally:
        page.set_viewport_size(DESKTOP)
        choose_language(page, voila_url, "en")          # the shared record back to English
        (ARTIFACTS / f"a11y-walk-{lang}.txt").write_text("\n".join(problems) + "\n")
    assert problems == [], "\n".join(problems)


def reach(page, selector: str, key: str = "Tab", limit: int = 80) -> None:
    """Press ``key`` (Tab or Shift+Tab) until the focus is on (or inside) ``selector``."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("sel => !!document.activeElement?.closest(sel)", selector):
            return
    raise AssertionError(f"{key} never reached {selector}")


def arrow_to(page, code: str, hand: str) -> None:
    """In the focused hand ``hand``, move with the arrow keys to the card ``code``."""
    start = page.evaluate("() => Number(document.activeElement.closest('.bh-card').dataset.index)")
    target = page.evaluate("([hand, code]) => Number(document.querySelector(`${hand}"
                           " .bh-card[data-code='${code}']`).dataset.index)", [hand, code])
    for _ in range(abs(target - start)):
        page.keyboard.press("ArrowRight" if target > start else "ArrowLeft")


def choose_with_arrows(page, codes: list[str], hand: str = ".bt-exercise .bt-my-hand") -> None:
    """In the focused hand, move with the arrow keys to each card of ``codes`` and choose it with Space."""
    for code in codes:
        arrow_to(page, code, hand)
        assert page.evaluate("() => document.activeElement.closest('.bh-card')?.dataset.code") == code
        page.keyboard.press("Space")
        page.wait_for_function("code => document.activeElement.closest('.bh-card')?.dataset.code === code"
                               " && document.activeElement.closest('.bh-card').getAttribute('aria-selected') === 'true'",
                               arg=code)


def awake(page, selector: str) -> None:
    """Wait until the button ``selector`` can be pressed (the cards chosen have reached the table)."""
    try:
        page.wait_for_function("sel => document.querySelector(sel)?.disabled === false", arg=selector, timeout=20_000)
    except Exception:
        now = page.evaluate("sel => [document.querySelector('.bt-live')?.textContent, [...document.querySelectorAll("
                            "'.bt-my-hand .bh-card[aria-selected=true]')].map(c => c.dataset.code).join(' '), [...document.querySelectorAll(sel)]"
                            ".map(b => `${b.disabled} ${b.getClientRects().length}`).join()]", selector)
        raise AssertionError(f"{selector} never enabled; the live region, the cards chosen: {now}") from None


def hand_shows(page, hand: str, test: str) -> None:
    """Wait until the hand ``hand`` is drawn as the move left it (``test``: JS on its list of card codes,
    ``codes``, and its marked cards, ``marked``): cards chosen before then may be of the old hand."""
    try:
        page.wait_for_function(f"hand => {{ const cards = [...document.querySelectorAll(hand + ' .bh-card')];"
                               f" const codes = cards.map(c => c.dataset.code);"
                               f" const marked = cards.filter(c => c.classList.contains('bh-marked')).length;"
                               f" return {test}; }}", arg=hand, timeout=20_000)
    except Exception:
        now = page.evaluate("hand => [...document.querySelectorAll(hand + ' .bh-card')].map(c => c.dataset.code"
                            " + (c.classList.contains('bh-marked') ? '*' : '')).join(' ')", hand)
        raise AssertionError(f"the hand never showed {test}: {now}") from None


def said(page, words: str, where: str) -> None:
    """The page's one live region comes to say ``words`` (a text no earlier step said)."""
    try:
        page.wait_for_function("w => document.querySelector('.bt-live')?.textContent.includes(w)", arg=words,
                               timeout=20_000)
    except Exception:
        now = page.evaluate("() => document.querySelector('.bt-live')?.textContent")
        raise AssertionError(f"after {where} the live region says {now!r}, not {words!r}") from None


def test_a_whole_turn_at_the_table_with_the_keyboard_alone(page, voila_url, shoot):
    """Lesson 3's first exercise with the keyboard alone: Draw, the 5♥ 6♥ 7♥ chosen with the arrows and
    Space, Lay down, the 9♣ chosen, Discard, Check. After every step the focus is on a control or a
    heading, never on <body>; the table's report of each move is said by the page's one live region
    (the table has no live element of its own)."""
    page.goto(f"{voila_url}/voila/render/{notebook_name(TABLE_LESSON)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    # exercise 1 afresh, whatever an earlier visit left: exercise 2 drawn first (its own table: wait until
    # it is the only exercise on the page), then exercise 1, alone, its Draw live
    only = ("p => { const shown = [...document.querySelectorAll('.bt-exercise h2.bt-prompt')];"
            " return shown.length === 1 && shown[0].innerText.trim() === p"
            " && document.querySelectorAll('.bt-exercise').length === 1"
            " && document.querySelector('.bt-exercise .bt-button-draw')?.disabled === false; }")
    page.locator(".bt-strip-item").nth(1).click()
    page.wait_for_function(only, arg=TABLE_LESSON.exercises[1].prompt.text("en"))
    page.locator(".bt-strip-item").first.click()
    page.wait_for_function(only, arg=TABLE_LESSON.exercises[0].prompt.text("en"))
    page.locator(".bt-exercise h2.bt-prompt").focus()       # from here on, the keyboard alone
    reach(page, ".bt-exercise .bt-button-draw")
    page.keyboard.press("Enter")
    said(page, "You drew", "Draw")
    assert "bt-button-draw" not in focus_is_not_on_body(page, "Draw")      # not left on the disabled Draw
    hand_shows(page, ".bt-exercise .bt-my-hand", "marked === 1 && codes.length === 8")     # the card drawn, marked
    live = ("() => [...document.querySelectorAll('.bt-lesson [aria-live], .bt-lesson [role=status],"
            " .bt-lesson [role=alert]')].map(e => e.className === 'bt-live' ? 'bt-live' : e.outerHTML.slice(0, 300))")
    assert page.evaluate(live) == ["bt-live"]
    reach(page, ".bt-exercise .bt-my-hand .bh-card", "Shift+Tab")
    choose_with_arrows(page, ["5H", "6H", "7H"])
    awake(page, ".bt-exercise .bt-button-meld")
    reach(page, ".bt-exercise .bt-button-meld")
    page.keyboard.press("Enter")
    said(page, "You laid down", "Lay down")
    focus_is_not_on_body(page, "Lay down")
    hand_shows(page, ".bt-exercise .bt-my-hand", "codes.length === 5 && !codes.includes('7H')")
    reach(page, ".bt-exercise .bt-my-hand .bh-card", "Shift+Tab")
    choose_with_arrows(page, ["9C"])
    awake(page, ".bt-exercise .bt-button-discard")
    reach(page, ".bt-exercise .bt-button-discard")
    page.keyboard.press("Enter")
    said(page, t("table.say.turn-done", "en"), "Discard")
    focus_is_not_on_body(page, "Discard")
    assert page.evaluate(live) == ["bt-live"]
    reach(page, ".bt-check")
    page.keyboard.press("Enter")
    said(page, "Correct", "Check")
    focus_is_not_on_body(page, "Check")
    shoot(page.locator(".bt-lesson-page"), "keyboard-turn")


PLAY_DEAL = "1"     # four players, classic: after the draw, the hand holds J♥ J♠ J♦ (checked below with the engine)


def test_the_play_page_speaks_and_takes_a_whole_turn_from_the_keyboard(page, voila_url, shoot):
    """The Play tool opened on its own has what a lesson's page has (voice.PageVoice): <html lang>, the
    main landmark, one live region that says the table's moves and no live element of the table's own.
    A whole turn of deal 1 with the keyboard alone: New hand, Draw, the three jacks chosen, Lay down, the
    5♠ chosen, Discard; the focus never left on <body>."""
    session = HandSession.new("classic", 4, deal=int(PLAY_DEAL), names=player_names(4, "start"))
    session.play(bc.Draw())
    assert session.play(bc.parse_action("meld JH JS JD")) and session.play(bc.parse_action("discard 5S"))
    page.goto(f"{voila_url}/voila/render/play.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "tool")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate("() => !!document.querySelector('[role=main] .bt-play-table, main .bt-play-table')")
    # (the app's home page, hidden while the tool shows, keeps its own region: hidden, so no screen reader has it)
    live = ("() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')].filter(e => e.getClientRects().length"
            " || e.classList.contains('bt-live') && e.checkVisibility()).map(e => e.className === 'bt-live' ? 'bt-live' : e.outerHTML.slice(0, 200))")
    assert page.evaluate(live) == ["bt-live"]
    table = ".bt-tool-page-play .bt-play-table"
    page.locator(f"{table} .widget-text input").focus()          # the deal number: from here on, the keyboard alone
    page.keyboard.type(PLAY_DEAL)
    reach(page, f"{table} .bt-button-new-hand")
    page.keyboard.press("Enter")
    page.wait_for_function("t => document.querySelector('.bt-live').textContent.includes(t)"
                           " || document.querySelector('.bt-new-hand-ask').getClientRects().length > 0",
                           arg=f"(deal {PLAY_DEAL})")
    if page.locator(".bt-new-hand-ask").is_visible():          # a hand of an earlier visit in the record
        said(page, "Abandon the hand in progress?", "New hand")
        reach(page, ".bt-button-deal-anyway")
        page.keyboard.press("Enter")
    said(page, f"(deal {PLAY_DEAL})", "New hand")
    focus_is_not_on_body(page, "New hand")
    reach(page, f"{table} .bt-button-draw")
    page.keyboard.press("Enter")
    said(page, "You drew", "Draw")
    focus_is_not_on_body(page, "Draw")
    hand = f"{table} .bt-my-hand"
    hand_shows(page, hand, "marked === 1 && codes.length === 12")
    reach(page, f"{hand} .bh-card", "Shift+Tab")
    choose_with_arrows(page, ["JH", "JS", "JD"], hand)
    awake(page, f"{table} .bt-button-meld")
    reach(page, f"{table} .bt-button-meld")
    page.keyboard.press("Enter")
    said(page, "You laid down", "Lay down")
    focus_is_not_on_body(page, "Lay down")
    hand_shows(page, hand, "codes.length === 9 && !codes.includes('JD')")
    reach(page, f"{hand} .bh-card", "Shift+Tab")
    choose_with_arrows(page, ["5S"], hand)
    awake(page, f"{table} .bt-button-discard")
    reach(page, f"{table} .bt-button-discard")
    page.keyboard.press("Enter")
    said(page, "You discarded", "Discard")
    focus_is_not_on_body(page, "Discard")
    assert page.evaluate(live) == ["bt-live"]
    shoot(page.locator(".bt-tool-page-play"), "keyboard-play-turn")


def heard(cdp) -> list[dict]:
    """The page's live regions as Chromium's accessibility tree gives them to a screen reader: each
    ``status``/``alert``/``log`` node (not ignored) with its ``live`` politeness and the text it holds
    (its static texts, in order); and the focused node's role (``focused``)."""
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}

    def text(node: dict) -> str:
        if node.get("role", {}).get("value") == "StaticText":
            return str(node.get("name", {}).get("value", ""))
        return " ".join(filter(None, (text(by_id[child]) for child in node.get("childIds", []) if child in by_id)))

    def prop(node: dict, name: str) -> object:
        return next((p["value"].get("value") for p in node.get("properties", []) if p["name"] == name), None)

    found = [{"live": prop(node, "live"), "text": " ".join(text(node).split()), "role": node["role"]["value"]}
             for node in nodes if not node.get("ignored") and node.get("role", {}).get("value") in ("status", "alert", "log")]
    focused = [node["role"]["value"] for node in nodes if prop(node, "focused") is True]
    return found + [{"focused": focused}]


def hear(page, cdp, words: list[str], where: str) -> str:
    """Wait until the accessibility tree's one live region (polite or assertive) holds every one of
    ``words`` (texts no earlier step said); the keyboard focus is then off <body>. Its text."""
    deadline = time.monotonic() + 30
    regions: list[dict] = []
    while time.monotonic() < deadline:
        *regions, focus = heard(cdp)
        # (spaces aside: a card's suit is a span of its own, "5 ♥" in the tree for the text's "5♥")
        saying = [r for r in regions if all("".join(w.split()) in "".join(r["text"].split()) for w in words)]
        if saying:
            assert len(regions) == 1, f"after {where} more than one live region: {regions}"
            assert saying[0]["live"] in ("polite", "assertive"), f"after {where}: {saying[0]}"
            focus_is_not_on_body(page, where)
            assert focus["focused"] and focus["focused"] != ["RootWebArea"], f"after {where} the focus: {focus}"
            return str(saying[0]["text"])
        page.wait_for_timeout(300)
    raise AssertionError(f"after {where} the accessibility tree's live regions say {regions}, not {words}")


def test_lesson_2_and_a_turn_at_the_table_heard_in_italian(page, voila_url, axe_source):
    """What a screen reader is given, in Italian (no Orca here: Chromium's accessibility tree, as the issue
    allows). Lesson 2's first exercise answered wrong (5♥ 6♥ 9♣), then right (5♥ 6♥ 7♥); a turn at lesson
    3's table with the keyboard alone (Draw, 5♥ 6♥ 7♥ laid down, 9♣ discarded). After each action the page's one live region,
    read from the tree, is polite, names what happened in Italian (the verdict, the move), and the focus
    is on a control or a heading. axe (every impact) after the wrong verdict, and on the pupils' "Set by your
    teacher" page (#tool/assigned)."""
    lang = "it"
    said = catalogue(lang)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    melds = lessons.get_lesson("melds")
    first = melds.exercises[0]
    wrong, right = first.check("5H 6H 9C"), first.check("5H 6H 7H")
    assert not wrong.correct and right.correct
    try:
        choose_language(page, voila_url, lang)
        page.evaluate("h => { location.hash = h; }", f"#lesson/{melds.key}/1")
        page.wait_for_function("p => [...document.querySelectorAll('.bt-exercise h2.bt-prompt')].some(e => e.innerText.trim() === p)",
                               arg=first.prompt.text(lang), timeout=30_000)
        card = ".bt-exercise .bt-answer-hand .bh-card[data-code='{}']"
        for code in ("5H", "6H", "9C"):
            page.locator(card.format(code)).first.click()
        page.locator(".bt-exercise .bt-check").click()
        text = hear(page, cdp, [t("widget.try-again", lang), wrong.message(lang)], "a wrong answer")
        assert "La regola" in text, text
        problems = serious(page, axe_source, f"lesson-{melds.key}-{lang}-wrong", everything=True, strict=True)
        assert problems == [], "\n".join(problems)
        page.locator(card.format("9C")).first.click()
        page.locator(card.format("7H")).first.click()
        page.locator(".bt-exercise .bt-check").click()
        hear(page, cdp, [right.message(lang)], "the right answer")

        turn = TABLE_LESSON.exercises[0]
        page.evaluate("h => { location.hash = h; }", f"#lesson/{TABLE_LESSON.key}/1")
        page.wait_for_function("p => [...document.querySelectorAll('.bt-exercise h2.bt-prompt')].some(e => e.innerText.trim() === p)"
                               " && document.querySelector('.bt-exercise .bt-button-draw')?.disabled === false",
                               arg=turn.prompt.text(lang), timeout=30_000)
        hand = ".bt-exercise .bt-my-hand"
        page.locator(".bt-exercise h2.bt-prompt").focus()       # the table with the keyboard alone, as with a screen reader
        reach(page, ".bt-exercise .bt-button-draw")
        page.keyboard.press("Enter")
        hear(page, cdp, [said["narrate.you.draw"].split("{")[0]], "Draw")
        hand_shows(page, hand, "marked === 1 && codes.length === 8")
        reach(page, f"{hand} .bh-card", "Shift+Tab")
        choose_with_arrows(page, ["5H", "6H", "7H"])
        awake(page, ".bt-exercise .bt-button-meld")
        reach(page, ".bt-exercise .bt-button-meld")
        page.keyboard.press("Enter")
        hear(page, cdp, [said["narrate.you.lay-down"].split("{")[0]], "Lay down")
        hand_shows(page, hand, "codes.length === 5 && !codes.includes('7H')")
        reach(page, f"{hand} .bh-card", "Shift+Tab")
        choose_with_arrows(page, ["9C"])
        awake(page, ".bt-exercise .bt-button-discard")
        reach(page, ".bt-exercise .bt-button-discard")
        page.keyboard.press("Enter")
        hear(page, cdp, [said["narrate.you.discard"].split("{")[0], t("table.say.turn-done", lang)], "Discard")

        # the pupils' "Set by your teacher" page (#tool/assigned; here without a class service), in Italian:
        # not among the tools the sweeps open, audited here (issue 33)
        page.evaluate("h => { location.hash = h; }", "#tool/assigned")
        page.wait_for_function("h => [...document.querySelectorAll('h1')].some(e => e.innerText.trim() === h"
                               " && e.getClientRects().length)", arg=t("assigned.title", lang), timeout=30_000)
        problems = serious(page, axe_source, f"assigned-{lang}", everything=True, strict=True)
        assert problems == [], "\n".join(problems)
    finally:
        choose_language(page, voila_url, "en")          # the shared record back to English
