"""Lesson 2 and a turn at lesson 3's table taken in Italian with a real screen reader: Orca (issue 33).

Run by ``scripts/screen_reader.sh`` (inside a D-Bus session: ``dbus-run-session``), not by pytest. It
starts a virtual screen (Xvfb), Orca with its debug log, the app in Voilà on a free port (progress kept
in a fresh folder) and Debian's Chromium, not headless, with its accessibility on; then, in Italian and
with the keyboard: lesson 2's first exercise answered wrong (5♥ 6♥ 9♣) then right (5♥ 6♥ 7♥), and a turn
at lesson 3's table (Draw; 5♥ 6♥ 7♥ laid down; 9♣ discarded). After each action it keeps what Orca said
(its log's "SPEECH OUTPUT" lines) and writes them all to ``test-artifacts/orca-it.txt``.

After each action it waits until Orca has said the verdict or the move (Orca runs seconds behind the page
on a loaded machine; a listener waits too), then for 2 s of silence. Exit status 1 when a verdict or a
move is not heard in Italian, or when what is heard after one holds an English text of the app's, a text
said twice, or engine notation (a card code, a rule id); what is wrong after a page opened is reported
in the transcript only (the page's title on a fresh load depends on timing). The keys are
sent by Playwright to the page (not through Orca's own keyboard handling); the speech is Orca's
log, no sound card is needed. No speech synthesiser runs: Orca decides what to say, which is what
the log records, whatever voice would read it.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import lessons  # noqa: E402
from burraco_core.messages import catalogue  # noqa: E402
from lessons.widgets.style import t  # noqa: E402
from tests.browser.support import ARTIFACTS, CHROMIUM, start_voila, stop  # noqa: E402

ORCA_LINE = re.compile(r"^\d\d:\d\d:\d\d\.\d+ - ", re.M)
# "SPEECH OUTPUT: 'words'" then the voice's settings: "{'established': False}", " voice=system{...}" or nothing
SAID = re.compile(r"^SPEECH OUTPUT: '(.*?)'(?: voice=\S+?)?(?:\{[^{}]*\})?\s*$", re.S)
LANGUAGE = re.compile(r"voice requested with language='([^']*)'")
# What the app must never make a screen reader say: a card's code ("5H", "10C") or a rule's id ("run.gap").
NOTATION = re.compile(r"\b(?:10|[2-9AJQK])[HDCS]\b|\b[a-z]+\.[a-z]+(?:-[a-z]+)*\b")


# Orca writes its debug log through a buffered file: the last lines of a quiet moment would wait in the buffer.
# Orca is started by its own Python with that one file opened line-buffered, and is otherwise as installed.
ORCA_PYTHON = "/usr/bin/python3"
LINE_BUFFERED = (
    "import builtins, runpy, sys\n"
    "log = sys.argv[sys.argv.index('--debug-file') + 1]\n"
    "plain = builtins.open\n"
    "builtins.open = lambda file, mode='r', *a, **k: plain(file, mode, 1) if file == log and mode == 'w' else plain(file, mode, *a, **k)\n"
    "sys.argv[0] = '/usr/bin/orca'\n"
    "runpy.run_path('/usr/bin/orca', run_name='__main__')\n"
)


def free_display() -> str:
    for number in range(90, 200):
        if not pathlib.Path(f"/tmp/.X11-unix/X{number}").exists() and not pathlib.Path(f"/tmp/.X{number}-lock").exists():
            return f":{number}"
    raise RuntimeError("no free X display between :90 and :199")


class Orca:
    """Orca running with its debug log; ``mark`` and ``since`` give what it said after a point."""

    def __init__(self, env: dict[str, str], folder: pathlib.Path) -> None:
        self.log = folder / "orca-debug.log"
        prefs = folder / "orca-prefs"
        prefs.mkdir()
        with open(folder / "orca.out", "wb") as out:          # the child keeps its own copy of the file
            self.process = subprocess.Popen([ORCA_PYTHON, "-c", LINE_BUFFERED, "-u", str(prefs), "--debug-file", str(self.log)],
                                            env=env, stdout=out, stderr=subprocess.STDOUT)
        self.wait_for(lambda said: bool(said), 30, "Orca never spoke")       # "Screen reader on."

    def size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def records(self, start: int = 0) -> list[str]:
        if not self.log.exists():
            return []
        with open(self.log, "rb") as log:
            log.seek(start)
            text = log.read().decode("utf-8", "replace")
        parts = ORCA_LINE.split(text)
        return [part.strip() for part in parts[1:]]

    def said(self, start: int = 0) -> list[str]:
        """What Orca said since byte ``start`` of its log, utterance by utterance."""
        found = []
        for record in self.records(start):
            match = SAID.match(record)
            if match:
                found.append(match.group(1))
        return found

    def languages(self, start: int = 0) -> list[str]:
        return [m.group(1) for record in self.records(start) for m in LANGUAGE.finditer(record)]

    def wait_for(self, test: Callable[[list[str]], bool], timeout: float, failure: str, start: int = 0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if test(self.said(start)):
                return
            if self.process.poll() is not None:
                raise RuntimeError(f"Orca stopped (code {self.process.returncode})")
            time.sleep(0.2)
        raise RuntimeError(failure)

    def quiet(self, start: int, expected: list[str], quiet: float = 2.0, timeout: float = 30.0) -> list[str]:
        """What Orca said since ``start``, once it has said all of ``expected`` (as a listener waits to hear
        what happened before the next key: Orca lags seconds behind the page on a loaded machine) or
        ``timeout`` has passed, and then nothing new for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            whole = squeeze(" ".join(self.said(start)))
            if all(squeeze(words) in whole for words in expected):
                break
            time.sleep(0.2)
        deadline = time.monotonic() + timeout
        count, since = -1, time.monotonic()
        while time.monotonic() < deadline:
            said = self.said(start)
            if len(said) != count:
                count, since = len(said), time.monotonic()
            elif time.monotonic() - since >= quiet:
                break
            time.sleep(0.2)
        return self.said(start)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Step:
    """One action of the walk: what Orca said after it, what it had to say, where the focus was left."""

    name: str
    heard: list[str]
    expected: list[str]
    focus: str
    languages: list[str]
    verdict: bool = True        # the step's expected words are a verdict or a move (else: a page opened)


# Where the keyboard focus is, in words: the element, its role and name, its text.
FOCUSED = """() => { const e = document.activeElement; if (!e || e === document.body) return 'body';
  const name = e.getAttribute('aria-label') || (e.labels && e.labels[0] ? e.labels[0].innerText : '');
  return `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\\s+/).slice(-2).join('.')}`
    + (e.getAttribute('role') ? ` role=${e.getAttribute('role')}` : '') + (name ? ` name="${name.trim()}"` : '')
    + ` "${(e.innerText || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60)}"`; }"""


def squeeze(text: str) -> str:
    return "".join(text.split())


def english_texts(lang: str) -> list[str]:
    """The app's English texts that a learner in ``lang`` must not hear: every catalogue line of two words
    or more that reads differently in ``lang`` (its part before any {placeholder})."""
    english, other = catalogue("en"), catalogue(lang)
    texts = []
    for text in english.values():
        head = text.split("{")[0].strip(" :,.")
        if len(head.split()) >= 2 and len(head) >= 10 and not any(head in each for each in other.values()):
            texts.append(head)
    return texts


def walk(page, orca: Orca, voila_url: str, lang: str) -> list[Step]:
    """Take the lesson and the turn; each step's name, what Orca said after it, and what it had to say."""
    from tests.browser.test_access import (
        TABLE_LESSON,
        arrow_to,
        awake,
        choose_language,
        choose_with_arrows,
        hand_shows,
        reach,
    )

    steps: list[Step] = []
    words = catalogue(lang)

    def keep(name: str, start: int, expected: list[str], verdict: bool = True) -> None:
        heard = orca.quiet(start, expected)
        steps.append(Step(name, heard, expected, str(page.evaluate(FOCUSED)), orca.languages(start), verdict))

    def step(name: str, expected: list[str], action: Callable[[], None], live: str) -> None:
        start = orca.size()
        action()
        try:            # the page's live region holds it (spaces aside: "5 ♥" for "5♥"): now Orca has its turn
            page.wait_for_function("w => (document.querySelector('.bt-live')?.textContent ?? '').replace(/\\s+/g, '').includes(w)",
                                   arg=squeeze(live), timeout=30_000)
        except Exception:
            now = page.evaluate("() => document.querySelector('.bt-live')?.textContent")
            raise RuntimeError(f"after {name} the live region says {now!r}, not {live!r}") from None
        keep(name, start, expected)

    melds = lessons.get_lesson("melds")
    first = melds.exercises[0]
    wrong, right = first.check("5H 6H 9C"), first.check("5H 6H 7H")
    choose_language(page, voila_url, lang)          # on the home page, kept in the learner's record
    start = orca.size()
    page.goto(f"{voila_url}/voila/render/index.ipynb#lesson/{melds.key}/1", wait_until="domcontentloaded")
    page.reload(wait_until="domcontentloaded")      # loaded afresh at that address (a hash change alone loads nothing)
    page.wait_for_function("p => [...document.querySelectorAll('.bt-exercise h2.bt-prompt')].some(e => e.innerText.trim() === p)",
                           arg=first.prompt.text(lang), timeout=60_000)
    keep(f"lesson 2 loaded in {lang} (the app at its address)", start, [melds.title(lang)], verdict=False)
    hand = ".bt-exercise .bt-answer-hand"

    def toggle(codes: list[str]) -> None:
        """In the focused hand, move with the arrows to each card of ``codes`` and press Space (chosen, or
        chosen no more)."""
        for code in codes:
            arrow_to(page, code, hand)
            was = page.evaluate("() => document.activeElement.closest('.bh-card').getAttribute('aria-selected')")
            page.keyboard.press("Space")
            page.wait_for_function("([code, was]) => { const card = document.activeElement.closest('.bh-card');"
                                   " return card?.dataset.code === code && card.getAttribute('aria-selected') !== was; }",
                                   arg=[code, was])

    def choose(codes: list[str], key: str) -> Callable[[], None]:
        def act() -> None:
            reach(page, f"{hand} .bh-card", key)
            toggle(codes)
            reach(page, ".bt-exercise .bt-check")
            page.keyboard.press("Enter")
        return act

    page.locator(".bt-exercise h2.bt-prompt").focus()
    try_again = t("widget.try-again", lang)
    step("a wrong answer (5♥ 6♥ 9♣), Check", [try_again, wrong.message(lang)], choose(["5H", "6H", "9C"], "Tab"), try_again)
    step("the right answer (5♥ 6♥ 7♥), Check", [right.message(lang)], choose(["9C", "7H"], "Shift+Tab"), right.message(lang))

    turn = TABLE_LESSON.exercises[0]
    start = orca.size()
    page.evaluate("h => { location.hash = h; }", f"#lesson/{TABLE_LESSON.key}/1")
    page.wait_for_function("p => [...document.querySelectorAll('.bt-exercise h2.bt-prompt')].some(e => e.innerText.trim() === p)"
                           " && document.querySelector('.bt-exercise .bt-button-draw')?.disabled === false",
                           arg=turn.prompt.text(lang), timeout=60_000)
    keep("lesson 3's table opened (its address)", start, [TABLE_LESSON.title(lang)], verdict=False)
    table_hand = ".bt-exercise .bt-my-hand"
    page.locator(".bt-exercise h2.bt-prompt").focus()
    drew = words["narrate.you.draw"].split("{")[0].strip()

    def draw() -> None:
        reach(page, ".bt-exercise .bt-button-draw")
        page.keyboard.press("Enter")

    step("Draw", [drew], draw, drew)
    hand_shows(page, table_hand, "marked === 1 && codes.length === 8")
    laid = words["narrate.you.lay-down"].split("{")[0].strip()

    def lay_down() -> None:
        reach(page, f"{table_hand} .bh-card", "Shift+Tab")
        choose_with_arrows(page, ["5H", "6H", "7H"])
        awake(page, ".bt-exercise .bt-button-meld")
        reach(page, ".bt-exercise .bt-button-meld")
        page.keyboard.press("Enter")

    step("5♥ 6♥ 7♥ chosen, Lay down", [laid], lay_down, laid)
    hand_shows(page, table_hand, "codes.length === 5 && !codes.includes('7H')")
    discarded = words["narrate.you.discard"].split("{")[0].strip()

    def discard() -> None:
        reach(page, f"{table_hand} .bh-card", "Shift+Tab")
        choose_with_arrows(page, ["9C"])
        awake(page, ".bt-exercise .bt-button-discard")
        reach(page, ".bt-exercise .bt-button-discard")
        page.keyboard.press("Enter")

    step("9♣ chosen, Discard", [discarded, t("table.say.turn-done", lang)], discard, discarded)
    return steps


def judge(steps: list[Step], lang: str, languages: list[str]) -> tuple[list[str], list[str]]:
    """What the transcript shows wrong, one line each: after a verdict or a move (the exit status: nothing,
    every verdict heard in ``lang``), and after a page opened (reported)."""
    problems: list[str] = []
    notes: list[str] = []
    english = english_texts(lang)
    for step in steps:
        name, heard, expected = step.name, step.heard, step.expected
        found = problems if step.verdict else notes
        whole = squeeze(" ".join(heard))
        for words in expected:
            if squeeze(words) not in whole:
                found.append(f"{name}: not heard: {words!r}")
        for utterance in heard:
            for text in english:
                if text in utterance:
                    found.append(f"{name}: heard in English: {utterance!r} ({text!r})")
            if NOTATION.search(utterance) and "." not in utterance.split()[-1:]:
                found.append(f"{name}: engine notation heard: {utterance!r}")
        long = [u for u in heard if len(u) >= 25]
        for utterance in sorted(set(long)):
            if long.count(utterance) > 1:
                found.append(f"{name}: heard {long.count(utterance)} times: {utterance!r}")
    if lang not in languages:
        problems.append(f"Orca was never told the page is in {lang!r} (languages: {sorted(set(languages))})")
    return problems, notes


def transcript(steps: list[Step], languages: list[str], problems: list[str], notes: list[str],
               lang: str) -> str:
    lines = [f"What Orca said, step by step (the app in {lang}; Orca {orca_version()}; keys sent by Playwright).", ""]
    for step in steps:
        lines.append(f"## {step.name}")
        lines.extend(f"  {utterance}" for utterance in step.heard)
        told = {code: step.languages.count(code) for code in sorted(set(step.languages))}
        lines.append(f"  [focus left on: {step.focus}; languages of the text spoken: {told}]")
        lines.append("")
    counts = {code: languages.count(code) for code in sorted(set(languages))}
    lines.append(f"Languages Orca was given for the text it spoke (voice requests): {counts}")
    lines.append("")
    lines.append("Problems:" if problems else "Problems: none (every verdict and move heard, in the page's language).")
    lines.extend(f"  - {problem}" for problem in problems)
    if notes:
        lines.append("Also heard when a page opened (not a verdict or a move):")
        lines.extend(f"  - {note}" for note in notes)
    return "\n".join(lines) + "\n"


def orca_version() -> str:
    try:
        return subprocess.run(["orca", "--version"], capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="it")
    parser.add_argument("--out", default=None, help="the transcript (default test-artifacts/orca-LANG.txt)")
    args = parser.parse_args(argv)
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("run me inside a D-Bus session: dbus-run-session -- ...", file=sys.stderr)
        return 2
    for tool in ("Xvfb", "orca"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing (scripts/screen_reader.sh installs it)", file=sys.stderr)
            return 2
    out = pathlib.Path(args.out) if args.out else ARTIFACTS / f"orca-{args.lang}.txt"
    folder = pathlib.Path(tempfile.mkdtemp(prefix="burraco-orca-"))
    display = free_display()
    env = dict(os.environ, DISPLAY=display, ACCESSIBILITY_ENABLED="1", XDG_DATA_HOME=str(folder / "data"),
               XDG_CONFIG_HOME=str(folder / "config"), XDG_RUNTIME_DIR=str(folder / "run"))
    (folder / "run").mkdir(mode=0o700)
    os.environ.update(env)          # Voilà (its progress files) and Chromium see the same
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    orca = voila = None
    try:
        for _ in range(100):
            if pathlib.Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
                break
            time.sleep(0.1)
        orca = Orca(env, folder)
        voila, url = start_voila()
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=False, env=env,
                args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync", "--force-renderer-accessibility",
                      "--window-position=0,0", "--window-size=1280,900"])
            try:
                page = browser.new_page(viewport=None)
                page.set_default_timeout(30_000)
                steps = walk(page, orca, url, args.lang)
            finally:
                browser.close()
        languages = orca.languages()
        problems, notes = judge(steps, args.lang, languages)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(transcript(steps, languages, problems, notes, args.lang), encoding="utf-8")
        shutil.copy(orca.log, out.with_suffix(".debug.log"))
        print(out.read_text(encoding="utf-8"))
        return 1 if problems else 0
    finally:
        if voila is not None:
            stop(voila)
        if orca is not None:
            orca.stop()
        xvfb.terminate()
        xvfb.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
