"""What the match and victory-point feedback states is true of the numbers on the exercise (issue 28).

A tied one-hand game was told "your side has more points: it has won", and an answer of victory points
that already gave the right side more was told "your side receives more victory points". Here:

- the property: for every generator of these kinds, seed, difficulty and ruleset, every answer's
  feedback states only comparisons (more, fewer, level, won, not over, reached) that the numbers shown
  bear out, recomputed here from the exercise's data by RULES.md §8, not read from the engine;
- the tie, for each ruleset's tie rule, in four languages: a one-hand game (italiano, pulito) goes to
  the side that played first, your side (side 0; player 0 plays first); a game to 2005 (buraco) with
  the same totals is a draw; a match (classic) whose difference is small is a draw at 10-10.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import burraco_core as bc
import lessons
from lessons.curriculum.model import Exercise

LANGUAGES = ("en", "it", "es", "pt")
RULESETS = sorted(bc.RULESETS)
SEEDS = range(40)


def _messages(message: Any) -> list[bc.Message]:
    """The message and every message among its parameters, at any depth."""
    if not isinstance(message, bc.Message):
        return []
    found = [message]
    for value in message.params.values():
        found += _messages(value)
    return found


def _render(ex: Exercise, answer: Any) -> str:
    verdict = ex.check(answer)
    assert verdict.status == "incorrect"
    for lang in LANGUAGES:     # every language renders it, with the same numbers
        assert verdict.msg.text(lang)
    return verdict.msg.text("en")


# -- victory points ---------------------------------------------------------------------------------

def _vp_shown(ex: Exercise) -> tuple[int, int, int]:
    data = ex.data
    if "match_points" in data:
        a, b = data["match_points"]
    else:
        a, b = (sum(row[s] for row in data["scores"]) for s in (0, 1))
    return a, b, data["hands"]


def _check_vp_feedback(text: str, said: tuple[int, int], points: tuple[int, int, int]) -> None:
    a, b, hands = points
    truth = bc.victory_points(a, b, hands)    # the table on screen
    where = f"{said} for {points}: {text}"
    assert ("Your side has more match points" in text) == (a > b), where
    assert ("The other side has more match points" in text) == (b > a), where
    assert (f"Both sides have {a} match points" in text) == (a == b), where
    assert f"a difference of {abs(a - b)} " in text, where
    assert ("each side 10 victory points" in text) == (truth == (10, 10)), where
    for side, name in ((0, "your side"), (1, "the other side")):
        other = 1 - side
        if (found := re.search(rf"{name} does get more victory points, (but fewer|and more) than (\d+)", text)):
            assert truth[side] > truth[other] and said[side] > said[other], where     # it does get more
            assert int(found.group(2)) == said[side], where
            assert (found.group(1) == "but fewer") == (truth[side] < said[side]), where
        if re.match(rf"Not [\d-]+: {name} gets more victory points than", text):
            assert truth[side] > truth[other] and said[side] <= said[other], where
    stated = sum(phrase in text for phrase in ("each side 10 victory points", "does get more victory points",
                                               "gets more victory points than"))
    assert stated == 1, where


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@pytest.mark.parametrize("rules", RULESETS)
def test_victory_point_feedback_states_what_the_numbers_say(rules: str, difficulty: int) -> None:
    for seed in SEEDS:
        ex = lessons.generate("victory-points", seed, rules, difficulty)
        points = _vp_shown(ex)
        truth = bc.victory_points(*points)
        for ours in range(21):         # every answer that adds up to 20, the generator's wrong ones among them
            said = (ours, 20 - ours)
            if said != truth:
                _check_vp_feedback(_render(ex, f"{ours}-{20 - ours}"), said, points)


# -- the match's verdict --------------------------------------------------------------------------------

def _verdict(rules: bc.Ruleset, scores: list[list[int]], hands: int | None) -> str:
    """RULES.md §8, from the scores shown: who has won, a draw, or not over."""
    a, b = (sum(row[s] for row in scores) for s in (0, 1))
    if rules.game_length == "one-hand":
        return "side-0" if a >= b else "side-1"         # a tie goes to the side that started: side 0
    if rules.game_length == "match":
        if len(scores) < (hands or 3):
            return "not-over"
        vp = bc.victory_points(a, b, hands or 3)
        return "draw" if vp[0] == vp[1] else "side-0" if vp[0] > vp[1] else "side-1"
    target = rules.target_score or 0
    if max(a, b) < target:
        return "not-over"
    return "draw" if a == b else "side-0" if a > b else "side-1"


def _check_match_feedback(text: str, ex: Exercise) -> None:
    rules = ex.rules
    scores = ex.data["scores"]
    a, b = (sum(row[s] for row in scores) for s in (0, 1))
    verdict = _verdict(rules, scores, ex.data.get("hands"))
    where = f"{rules.id} {scores}: {text}"
    assert f"your side has {a} and the other side {b}." in text, where
    assert ("your side has more points" in text) <= (a > b), where
    assert ("the other side has more points" in text) <= (b > a), where
    assert ("level" in text or "same points" in text) <= (a == b), where
    assert ("Not over yet" in text) == (verdict == "not-over"), where
    assert ("it is a draw" in text) == (verdict == "draw"), where
    won = re.search(r"(your side|the other side)(?: has more points| has reached \d+)?[^.]*[:.,] (?:so )?it has won"
                    r"|a tie goes to the side that played first, (your side)", text)
    assert (won is not None) == verdict.startswith("side-"), where
    if won is not None:
        assert (verdict == "side-0") == ("your side" in won.groups()), where
    target = rules.target_score or 0
    if target:
        assert ("Only your side has reached" in text) <= (a >= target > b), where
        assert ("Only the other side has reached" in text) <= (b >= target > a), where
        assert ("Both sides have reached" in text) <= (min(a, b) >= target), where
    if rules.game_length == "one-hand" and a == b:
        assert "played first, your side" in text, where


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@pytest.mark.parametrize("rules", RULESETS)
def test_match_feedback_states_what_the_numbers_say(rules: str, difficulty: int) -> None:
    for seed in SEEDS:
        ex = lessons.generate("match-verdict", seed, rules, difficulty)
        truth = _verdict(ex.rules, ex.data["scores"], ex.data.get("hands"))
        assert ex.solution == truth       # the generator's answer is right, ties too
        for choice in ex.prepared.choices:
            if choice.key != truth:
                _check_match_feedback(_render(ex, choice.key), ex)


def test_the_lessons_own_exercises_state_what_the_numbers_say() -> None:
    """The lessons' match and victory-point exercises (lesson 11), through the same checks."""
    seen = 0
    for lesson in lessons.LESSONS:
        for ex in lesson.exercises:
            if ex.kind == "victory-points":
                points = _vp_shown(ex)
                table = bc.victory_points(*points)
                for ours in range(21):
                    if (ours, 20 - ours) != table:
                        _check_vp_feedback(_render(ex, f"{ours}-{20 - ours}"), (ours, 20 - ours), points)
            elif ex.kind == "match-verdict":
                verdict = _verdict(ex.rules, ex.data["scores"], ex.data.get("hands"))
                assert ex.solution == verdict
                for choice in ex.prepared.choices:
                    if choice.key != verdict:
                        _check_match_feedback(_render(ex, choice.key), ex)
            else:
                continue
            seen += 1
    assert seen >= 3                    # lesson 11's three (lesson 12 asks no match question since it was shortened)


def test_the_comparison_is_one_parameter_computed_from_the_numbers() -> None:
    """The words more, fewer, level are chosen by parameters the check computes from the numbers
    shown (standing, vp_slip): never by which answer was expected."""
    from lessons.curriculum.checks.scores import standing, vp_slip

    assert [standing(*p) for p in ((3, 1), (1, 3), (2, 2))] == ["ours", "theirs", "level"]
    assert vp_slip((12, 8), (10, 10)) == "same"
    assert vp_slip((10, 10), (12, 8)) == "level"
    assert vp_slip((8, 12), (12, 8)) == "turned"
    assert vp_slip((15, 5), (14, 6)) == "many"
    assert vp_slip((11, 9), (14, 6)) == "few"
    assert vp_slip((3, 17), (6, 14)) == "many"


# -- the tie, under each ruleset's tie rule, in four languages ------------------------------------------

def _match(rules: str, scores: list[list[int]], solution: str, hands: int | None = None) -> Exercise:
    data: dict[str, Any] = {"scores": scores}
    if hands is not None:
        data["hands"] = hands
    wrong = [[k, None] for k in ("not-over", "side-0", "side-1", "draw") if k != solution]
    return Exercise.from_dict({"id": f"tie.{rules}", "kind": "match-verdict", "ruleset": rules,
                               "prompt": {"text": {"en": "Who has won?"}}, "data": data, "solution": solution,
                               "wrong_answers": wrong, "checks": ["match-right"],
                               "hints": ["gen.match-verdict.hint.1", "gen.match-verdict.hint.2"],
                               "explain": {"text": {"en": "That is the rule."}}, "teaches": []})


TIES = {   # the ruleset, the scores, the engine's verdict, and what each language says of it
    "italiano": ([[1125, 1125]], None, "side-0", {
        "en": "The sides are level, and one hand is the whole game: in Burraco italiano (online) a tie goes "
              "to the side that played first, your side. It has won.",
        "it": "Le squadre sono pari, e una smazzata è tutta la partita: nella variante Burraco italiano (online) il "
              "pareggio va alla squadra che ha giocato per prima, la tua. Ha vinto.",
        "es": "Los equipos están empatados, y una ronda es toda la partida: en la modalidad Burraco italiano "
              "(en línea) el empate es para el equipo que ha jugado primero, el tuyo. Ha ganado.",
        "pt": "As duplas estão empatadas, e uma rodada é a partida inteira: na modalidade Burraco italiano "
              "(online), o empate fica com a dupla que jogou primeiro, a sua. Ela ganhou."}),
    "pulito": ([[-40, -40]], None, "side-0", {
        "en": "a tie goes to the side that played first, your side. It has won.",
        "it": "il pareggio va alla squadra che ha giocato per prima, la tua. Ha vinto.",
        "es": "el empate es para el equipo que ha jugado primero, el tuyo. Ha ganado.",
        "pt": "o empate fica com a dupla que jogou primeiro, a sua. Ela ganhou."}),
    "buraco": ([[1500, 1400], [600, 700]], None, "draw", {
        "en": "Both sides have reached 2005 with the same points: it is a draw.",
        "it": "Tutte e due le squadre sono arrivate a 2005 con gli stessi punti: è un pareggio.",
        "es": "Los dos equipos han llegado a 2005 con los mismos puntos: es un empate.",
        "pt": "As duas duplas chegaram a 2005 com os mesmos pontos: é um empate."}),
    "classic": ([[500, 480], [300, 330], [200, 210]], 3, "draw", {
        "en": "each side gets 10 victory points: it is a draw.",
        "it": "ogni squadra prende 10 punti vittoria: è un pareggio.",
        "es": "cada equipo recibe 10 puntos de victoria: es un empate.",
        "pt": "cada dupla recebe 10 pontos de vitória: é um empate."}),
}


@pytest.mark.parametrize("rules", sorted(TIES))
def test_a_tie_is_told_as_its_ruleset_settles_it(rules: str) -> None:
    scores, hands, solution, said = TIES[rules]
    ex = _match(rules, scores, solution, hands)
    assert ex.check(solution).status == "correct"
    for wrong, _ in ex.wrong_answers:
        msg = ex.check(wrong).msg
        for lang in LANGUAGES:
            text = msg.text(lang)
            assert text.endswith(said[lang]), (lang, wrong, text)
            assert "more points" not in text and "più punti" not in text and "más puntos" not in text \
                and "mais pontos" not in text, text
    if solution == "side-0":     # the prompt says which side played first, in the learner's words
        gen = lessons.generate("match-verdict", 1, "italiano", 3)
        assert gen.data["scores"] == [[1125, 1125]] and gen.solution == "side-0"
        for lang, first in (("en", "your side played first"), ("it", "la tua squadra ha giocato per prima"),
                            ("es", "tu equipo ha jugado primero"), ("pt", "a sua dupla jogou primeiro")):
            assert first in gen.prompt.text(lang)
