"""Practise what I missed: generated exercises on the rules a learner got wrong, until each is
answered correctly twice.

A :class:`PracticeSession` is pure Python (no ipywidgets): it takes the rules from a
:class:`~lessons.learner.progress.Progress` (``missed_rules``), draws exercises from
:mod:`lessons.curriculum.generators` whose ``teaches`` holds a rule still to practise (at the session's
difficulty, or a harder one for a rule only harder exercises teach), and records every
answer in that progress, under the generated exercise's id (``gen.judge-meld.1234``), like a
lesson's answer, with the rules it teaches. So the practice is kept with the progress (the file, the
browser's copy, an export) and a reload goes on where it stopped: the correct answers per rule are
counted when recorded and read back from the progress (``Progress.practice_counts``), never by
generating the exercises again, and exercises already solved are not served again::

    session = PracticeSession.from_progress(progress)
    ex = session.next()                  # show it with lessons.show(ex) or the practice widget
    session.answer("legal")              # a Verdict; recorded in progress
    session.needed_for("run.gap")        # correct answers still needed for this rule

Under a house ruleset (``PracticeSession(..., rules=house)``) the exercises are generated under it
(their ids name it, ``gen.attach.classic-3f2a9c1b.d1.7``); a kind it cannot give is left out and
said in ``unavailable``.

**The final test** is the same session in another mode: ``PracticeSession.final_test(progress)`` deals
:data:`FINAL_QUESTIONS` exercises the learner never answered, from a fresh seed, one per question of
:data:`FINAL_PLAN` (every generated kind, so every family of rules the course teaches: melds, the table,
the scores). One answer per question, no hint and no solution; each answer is recorded as practice is,
and at the end the score and the rules missed go into the progress (``Progress.record_final``)::

    test = PracticeSession.final_test(progress)
    while not test.done:
        test.answer(answer_to(test.next()))
    test.result                          # FinalResult(score=17, total=20, at=..., missed=("run.gap", ...))
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from ..curriculum.generators import (
    DIFFICULTIES,
    GENERATED_KINDS,
    GENERATORS,
    GeneratorError,
    KindUnavailable,
    generate,
    ruleset_tag,
)
from ..curriculum.generators.ids import _house, parse_generated_id, teaches_of
from ..curriculum.model import Exercise, Verdict
from .finaltest import MAX_MISSED, FinalResult, FinalRun
from .progress import Progress, _now, known_rule, stars

NEEDED = 2          # correct answers per rule before it counts as practised
_SEARCH = 240       # generated exercises tried to find one on a rule, before giving the rule up

FINAL_QUESTIONS = 20
_FINAL_DEALS = 4    # exercises dealt for a question of the final test, to find one reaching rules not reached yet
# The final test's questions, (kind, difficulty), in the course's order: every generated kind once, and
# five more of the kinds that reach the most rules (a meld judged, attached, a position, why not, another
# ruleset), so the rules of melds, wilds and the burraco, of the table and the turn, and of the scores and
# the match each have several questions.
FINAL_PLAN: tuple[tuple[str, int], ...] = (
    ("judge-meld", 1), ("build-meld", 1), ("attach", 1), ("stands-for", 2), ("free-or-bound", 2),
    ("judge-meld", 3), ("spot-burraco", 2), ("attach", 3), ("pick-cards", 2), ("position", 1),
    ("why-not", 1), ("position", 2), ("why-not", 3), ("guided-hand", 1), ("count", 2),
    ("count-score", 1), ("victory-points", 1), ("match-verdict", 2), ("predict-under-ruleset", 1),
    ("predict-under-ruleset", 3),
)


def family(kind: str) -> str:
    """The family of rules a generated kind belongs to: its generators' module (``melds``, ``positions``,
    ``scores``)."""
    return GENERATORS[kind].__module__.rpartition(".")[2]

def practised(progress: Progress, rules: str | bc.Ruleset | None = None) -> dict[str, int]:
    """Rule id -> generated exercises teaching it that this learner answered correctly on their own
    (stars kept: not after the solution was shown), under the built-in rulesets; those generated under
    the house ruleset ``rules`` count too. Read from the counts kept with the answers: O(rules), nothing
    generated again. Rule ids this version does not know are left out."""
    house = _house(rules)
    tags = set(bc.RULESETS) | ({ruleset_tag(house)} if house is not None else set())
    counts: dict[str, int] = {}
    for tag, by_rule in progress.practice_counts().items():
        if tag in tags:
            for rule, n in by_rule.items():
                if known_rule(rule):
                    counts[rule] = counts.get(rule, 0) + n
    return counts


def rules_to_practise(progress: Progress, needed: int = NEEDED,
                      rules: str | bc.Ruleset | None = None) -> tuple[str, ...]:
    """The rules this learner got wrong and has not yet answered correctly ``needed`` times in practice
    (under a built-in ruleset, or the house ruleset ``rules``)."""
    done = practised(progress, rules)
    return tuple(rule for rule in progress.missed_rules() if done.get(rule, 0) < needed)


def _nearest_first(difficulty: int) -> list[int]:
    """The difficulties from ``difficulty``: itself, the harder ones, then the easier ones."""
    return [difficulty, *(d for d in DIFFICULTIES if d > difficulty),
            *(d for d in reversed(DIFFICULTIES) if d < difficulty)]


class PracticeSession:
    """Exercises on ``rules_to_practise`` (rule ids, most missed first), reproducible by ``seed``.

    They are drawn at ``difficulty``, or at the nearest difficulty whose exercises teach the rule
    (a move after the turn's discard, ``turn.over``, is only met in the harder guided hands).

    Answers are recorded in ``progress`` (a fresh Progress when none is given). ``rules``: a built-in
    id or a house Ruleset, under which every exercise is generated; the kinds it cannot give are
    left out, each with why, in ``unavailable``.
    """

    def __init__(self, rules_to_practise: Iterable[str], *, rules: str | bc.Ruleset = "classic", seed: int = 0,
                 kinds: Sequence[str] = GENERATED_KINDS, difficulty: int = 1, needed: int = NEEDED,
                 progress: Progress | None = None) -> None:
        wanted = list(dict.fromkeys(rules_to_practise))
        unknown = [r for r in wanted if r not in bc.RULE_IDS]
        if unknown:
            raise bc.BurracoError(f"not rule ids: {', '.join(unknown)}")
        # a built-in's id, or the house Ruleset itself (an unknown id: the classic rules, as the pages do)
        if isinstance(rules, bc.Ruleset):
            self.rules: str | bc.Ruleset = rules.id if bc.RULESETS.get(rules.id) == rules else rules
        else:
            self.rules = rules if rules in bc.RULESETS else "classic"
        self.kinds = tuple(kinds)
        self.unavailable: dict[str, KindUnavailable] = {}   # kinds these rules give no exercise of, and why
        self.difficulty = difficulty
        self.needed = needed
        self.progress = progress if progress is not None else Progress()
        self.wanted = tuple(wanted)
        self.correct: dict[str, int] = {}
        self.unpractisable: list[str] = []   # rules no generated exercise teaches
        self.current: Exercise | None = None
        self.history: list[tuple[str, bool]] = []   # (exercise id, correct)
        self.hints_shown = 0
        self.retries = 0
        self.solution_shown = False
        self._seed = seed * 100_000
        self._turn = 0
        self._found: dict[str, tuple[int, str]] = {}   # rule -> difficulty and kind of its last exercise
        self.final = False                  # the final test (see final_test)
        self.questions: tuple[Exercise, ...] = ()
        self.wrong: list[tuple[Exercise, str | None]] = []     # the final test's wrong answers, and their rule
        self.result: FinalResult | None = None
        self.final_seed = 0                 # the final test's seed (kept with the test in progress)
        self.refresh()

    @classmethod
    def final_test(cls, progress: Progress | None = None, *, rules: str | bc.Ruleset = "classic",
                   seed: int | None = None, count: int = FINAL_QUESTIONS) -> PracticeSession:
        """The final test: ``count`` exercises of :data:`FINAL_PLAN` (taken in turn) that this learner never
        answered, dealt from ``seed`` (a fresh one when None), answered once each, without hints or
        solutions; when the last is answered its score goes into ``progress`` (``result``)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 5 * len(FINAL_PLAN):
            raise bc.BurracoError(f"a final test has 1 to {5 * len(FINAL_PLAN)} questions, not {count!r}")
        seed = secrets.randbelow(10**9) if seed is None else seed
        session = cls((), progress=progress, rules=rules, seed=seed)
        session.final = True
        session.final_seed = seed
        session._seed = seed * 1_000
        questions: list[Exercise] = []
        for i in range(count):
            kind, difficulty = FINAL_PLAN[i % len(FINAL_PLAN)]
            questions.append(session._question(kind, difficulty, questions))
        session.questions = tuple(questions)
        return session

    @classmethod
    def resume_final(cls, progress: Progress, *, rules: str | bc.Ruleset = "classic") -> PracticeSession | None:
        """The final test in progress kept in ``progress`` (``Progress.final_run``), its questions dealt again
        from their ids and its answers so far counted; None when there is none, or when it cannot be dealt
        again under ``rules`` (another ruleset chosen since, another version's generators)."""
        run = progress.final_run
        if run is None:
            return None
        session = cls((), progress=progress, rules=rules, seed=run.seed)
        session.final, session.final_seed = True, run.seed
        questions: list[Exercise] = []
        for exercise_id in run.questions:
            parsed = parse_generated_id(exercise_id, session.rules)
            try:
                ex = None if parsed is None else generate(*parsed)
            except (GeneratorError, KindUnavailable, bc.BurracoError):
                ex = None
            if ex is None or ex.id != exercise_id:
                return None
            questions.append(ex)
        session.questions = tuple(questions)
        for ex, (right, rule) in zip(questions, run.answers, strict=False):    # fewer answers than questions
            session.history.append((ex.id, right))
            if not right:
                session.wrong.append((ex, rule))
        return session

    def run(self) -> FinalRun | None:
        """The final test in progress as the learner's record keeps it (None: not a final test, or over)."""
        if not self.final or self.done:
            return None
        wrong = iter(rule for _, rule in self.wrong)
        answers = [(right, None if right else next(wrong)) for _, right in self.history]
        return FinalRun.make(self.final_seed, [ex.id for ex in self.questions], answers, _now())

    def _question(self, kind: str, difficulty: int, taken: Sequence[Exercise]) -> Exercise:
        """An exercise of ``kind`` (else of a kind of its family, else of any: a house ruleset may give none
        of it) that this learner never answered and the test does not hold yet: of the first few dealt,
        the first whose rules reach a family of rules (``run``, ``pozzetto``...) no question reached yet."""
        ids = {ex.id for ex in taken}
        reached = {rule.partition(".")[0] for ex in taken for rule in ex.teaches}
        others = [k for k in GENERATED_KINDS if k != kind]
        for each in [kind, *sorted(others, key=lambda k: family(k) != family(kind))]:
            dealt: list[Exercise] = []
            for _ in range(12):
                if each in self.unavailable or len(dealt) == _FINAL_DEALS:
                    break
                self._seed += 1
                try:
                    ex = generate(each, self._seed, self.rules, difficulty)
                except KindUnavailable as err:
                    self.unavailable[each] = err
                    break
                except GeneratorError:
                    continue
                if ex.id not in ids and not self.progress.attempted(ex.id):
                    if {rule.partition(".")[0] for rule in ex.teaches} - reached:
                        return ex
                    dealt.append(ex)
            if dealt:
                return dealt[0]
        raise bc.BurracoError("no exercise could be generated for the final test under these rules")

    @classmethod
    def from_progress(cls, progress: Progress, **options: Any) -> PracticeSession:
        """The rules this learner's incorrect answers broke, most missed first; answers go to ``progress``."""
        return cls(progress.missed_rules(), progress=progress, **options)

    def refresh(self) -> None:
        """Count the correct answers per rule again from the progress (another tab may have added some)."""
        done = practised(self.progress, self.rules)
        self.correct = {rule: done.get(rule, 0) for rule in self.wanted}

    @property
    def pending(self) -> tuple[str, ...]:
        """The rules still to practise (fewer than ``needed`` correct answers); none in the final test."""
        if self.final:
            return ()
        return tuple(rule for rule, n in self.correct.items()
                     if n < self.needed and rule not in self.unpractisable)

    def needed_for(self, rule: str) -> int:
        """Correct answers still needed for ``rule`` (0 once practised)."""
        return max(0, self.needed - self.correct.get(rule, 0))

    @property
    def done(self) -> bool:
        if self.final:
            return len(self.history) >= len(self.questions)
        return not self.pending

    @property
    def score(self) -> int:
        """The final test's right answers so far."""
        return sum(correct for _, correct in self.history)

    def missed_rules(self) -> tuple[str, ...]:
        """The rule ids the final test's wrong answers broke, most missed first (then in the order met)."""
        counts: dict[str, int] = {}
        for _, rule in self.wrong:
            if rule is not None and known_rule(rule):
                counts[rule] = counts.get(rule, 0) + 1
        return tuple(sorted(counts, key=lambda rule: -counts[rule]))

    def missed_kinds(self) -> tuple[str, ...]:
        """The kinds of the final test's wrong answers that named no rule (a count, a score, the match)."""
        return tuple(dict.fromkeys(ex.kind for ex, rule in self.wrong if rule is None or not known_rule(rule)))

    @property
    def practising(self) -> tuple[str, ...]:
        """The pending rules the current exercise practises (what the page says it is about)."""
        if self.current is None:
            return ()
        return tuple(rule for rule in self.pending if rule in self.current.teaches)

    def next(self) -> Exercise | None:
        """The exercise to answer now (the same one until answered correctly); None when done."""
        if self.current is not None:
            return self.current
        if self.final:
            if not self.done:
                self.current = self.questions[len(self.history)]
                self.hints_shown, self.retries, self.solution_shown = 0, 0, False
            return self.current
        while self.pending:
            rule = self.pending[self._turn % len(self.pending)]
            self._turn += 1
            found = self._find(rule)
            if found is not None:
                self.current = found
                self.hints_shown, self.retries, self.solution_shown = 0, 0, False
                return found
            self.unpractisable.append(rule)
        return None

    def _find(self, rule: str) -> Exercise | None:
        """An exercise teaching ``rule``: at the session's difficulty, else at the nearest one whose
        exercises teach it (some rules come up only in harder ones); a rule found only so is looked
        for next time in the kind and difficulty that taught it first."""
        level, kind = self._found.get(rule, (self.difficulty, ""))
        tries: list[tuple[int, Sequence[str]]] = [(level, (kind,))] if kind and level != self.difficulty else []
        tries += [(difficulty, self.kinds) for difficulty in _nearest_first(level)]
        for difficulty, kinds in tries:
            found = self._search(rule, difficulty, kinds)
            if found is not None:
                self._found[rule] = (difficulty, found.kind)
                return found
        return None

    def _search(self, rule: str, difficulty: int, kinds: Sequence[str]) -> Exercise | None:
        for _ in range(_SEARCH):
            self._seed += 1
            kind = kinds[self._seed % len(kinds)]
            if kind in self.unavailable:
                continue
            try:
                ex = generate(kind, self._seed, self.rules, difficulty)
            except KindUnavailable as err:     # no seed mends it: said once, not looked for again
                self.unavailable[kind] = err
                continue
            except GeneratorError:
                continue
            if rule in ex.teaches and not self.progress.solved(ex.id):
                return ex
        return None

    def hint(self) -> Message | None:
        """The next hint of the current exercise (graduated), or None when every hint is shown."""
        ex = self.next()
        if ex is None or self.final or self.hints_shown >= len(ex.hints):     # a test gives no hint
            return None
        self.hints_shown += 1
        return ex.hints[self.hints_shown - 1]

    @property
    def hints(self) -> tuple[Message, ...]:
        return self.current.hints[:self.hints_shown] if self.current is not None else ()

    def show_solution(self) -> Any:
        """The current exercise's solution; a correct answer after it counts for no rule. None in the final
        test (it shows no solution)."""
        ex = self.next()
        if ex is None or self.final:
            return None
        self.solution_shown = True
        return ex.solution

    def skip(self) -> None:
        """Leave the current exercise (after its solution was shown): the next one is another."""
        self.current = None

    def answer(self, answer: Any) -> Verdict:
        """Check an answer to the current exercise and record it; a correct one (without the solution
        shown first) counts for every rule it teaches, and the next exercise is another one."""
        ex = self.next()
        if ex is None:
            raise bc.BurracoError("the final test is over" if self.final else
                                  "the practice is over: every rule has been answered correctly")
        verdict = ex.check(answer)
        if verdict.status == "not-attempted":
            return verdict
        if self.final:
            return self._answered(ex, verdict)
        self.progress.record(ex.id, correct=verdict.correct, hints=self.hints_shown, retries=self.retries,
                             solution_shown=self.solution_shown, rule=verdict.rule, teaches=ex.teaches)
        self.history.append((ex.id, verdict.correct))
        if verdict.correct:
            self.earned = stars(correct=True, hints=self.hints_shown, retries=self.retries,
                                solution_shown=self.solution_shown)
            self.refresh()
            self.current = None
        else:
            self.retries += 1
        return verdict

    def _answered(self, ex: Exercise, verdict: Verdict) -> Verdict:
        """A final test's answer, and the next question (right or wrong: one answer each). The test in
        progress is kept in the record (a reload resumes it); a wrong answer is recorded as a miss of its
        rule (to practise after), a right one is not practice and counts only in the score. After the last
        one, the score in the progress."""
        if not verdict.correct:
            self.progress.record(ex.id, correct=False, hints=0, retries=0, solution_shown=False,
                                 rule=verdict.rule, teaches=ex.teaches)
            self.wrong.append((ex, verdict.rule))
        self.history.append((ex.id, verdict.correct))
        self.earned = 3 if verdict.correct else 0
        self.current = None
        self.progress.final_run = self.run()
        if self.done:
            self.result = self.progress.record_final(self.score, len(self.questions), self.missed_rules()[:MAX_MISSED])
        return verdict

    earned = 0
    """Stars of the last correct answer (0 after the solution was shown)."""


__all__ = ["FINAL_PLAN", "FINAL_QUESTIONS", "NEEDED", "PracticeSession", "family", "parse_generated_id", "practised", "rules_to_practise", "teaches_of"]
