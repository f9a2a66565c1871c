"""The scoring and match generators (lessons/curriculum/generators/scores.py): what the shared generator tests
cannot see. Every number is the engine's: the tests ask burraco_core again, never work one out."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

import burraco_core as bc
from burraco_core.melds import check_deck
from burraco_core.messages import Message
from lessons.curriculum.generators import DIFFICULTIES, generate
from lessons.learner.practice import PracticeSession
from lessons.teachers.worksheet import worksheet

SCORE_KINDS = ("count", "count-score", "victory-points", "match-verdict", "predict-under-ruleset")
RULESETS = tuple(bc.RULESETS)
SEEDS = range(60)


def _made(kind: str, rules: str):
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            yield generate(kind, seed, rules, difficulty)


def _side(ex):
    count = ex.data["count"]
    melds = [bc.Meld.parse(code, ex.rules) for code in count["melds"]]
    return melds, bc.parse_cards(count["in_hand"]), count


@pytest.mark.parametrize("rules", RULESETS)
def test_a_count_is_the_engines_line_by_line_and_each_wrong_answer_names_its_line(rules):
    for ex in _made("count-score", rules):
        melds, hand, count = _side(ex)
        engine = bc.score_side(melds, hand, rules, closed=count["closed"], took_pozzetto=count["took_pozzetto"],
                               pozzetto_unused=count["pozzetto_unused"])
        if ex.data["mode"] == "total":
            assert ex.solution == engine.total
            continue
        values = [int(v) for v in ex.solution.split()]
        assert values == [line.points for line in engine.lines] and sum(values) == engine.total
        for answer, rule in ex.wrong_answers:
            wrong = [int(v) for v in answer.split()]
            slipped = [i for i, (a, b) in enumerate(zip(wrong, values, strict=True)) if a != b]
            assert len(slipped) == 1, (ex.id, answer)          # one line miscounted, the others right
            said = ex.check(answer).message("en")
            number = slipped[0] + 1
            assert said.startswith(f"{engine.lines[slipped[0]].text('en')} (line {number}): not {wrong[number - 1]}."), said
            assert rule is None


@pytest.mark.parametrize("rules", RULESETS)
def test_the_closing_bonus_given_to_a_side_that_did_not_close_is_told_so_without_a_rule(rules):
    """Counting a hand breaks no rule: the slip of adding a closing bonus is told in plain words, and only
    to a side the engine says did not close; no score.closed-without-* id is named (those are the
    calculator's, where someone ticks 'closed')."""
    told = 0
    for ex in _made("count-score", rules):
        melds, hand, count = _side(ex)
        side = bc.SideCount(tuple(melds), hand, took_pozzetto=count["took_pozzetto"],
                            pozzetto_unused=count["pozzetto_unused"])
        if count["closed"]:    # the side credited with closing is one the engine says could close
            bc.score_hand((side, bc.SideCount(())), rules, closed_by=0)
        assert not any(rule.startswith("score.closed-without-") for rule in ex.teaches)
        for answer, rule in ex.wrong_answers:
            assert rule is None or not rule.startswith("score.closed-without-")
            said = ex.check(answer).message("en")
            if "gets no closing bonus" in said:
                told += 1
                assert not count["closed"] and isinstance(answer, int) and answer > ex.solution
            if "count its closing bonus too" in said:
                told += 1
                assert count["closed"] and isinstance(answer, int) and answer < ex.solution
    assert told >= 5


@pytest.mark.parametrize("kind", SCORE_KINDS)
def test_wrong_answers_differ_from_the_solution_and_from_each_other(kind):
    for rules in RULESETS:
        for ex in _made(kind, rules):
            answers = [ex.solution, *(a for a, _ in ex.wrong_answers)]
            assert len(set(map(str, answers))) == len(answers), (ex.id, answers)
            for answer, _ in ex.wrong_answers:
                verdict = ex.check(answer)
                assert verdict.status == "incorrect" and verdict.message("en") != Message("ex.verdict.not-a-number").text("en")


@pytest.mark.parametrize("rules", RULESETS)
def test_dealt_cards_fit_the_two_decks(rules):
    """No card more often than the decks hold, and no joker in pulito (the engine checks the decks)."""
    for kind in ("count", "count-score", "predict-under-ruleset"):
        for ex in _made(kind, rules):
            if kind == "count":
                cards = bc.Meld.parse(ex.data["quantity"][1], rules).cards
            elif kind == "count-score":
                melds, hand, _ = _side(ex)
                cards = tuple(c for m in melds for c in m.cards) + hand
            elif "cards" in ex.data:
                cards = bc.parse_cards(ex.data["cards"])
            else:        # a turn: Game.setup checks the whole position against the decks
                bc.Game.setup(rules, **ex.data["position"])
                continue
            check_deck(cards, bc.ruleset(rules))


@pytest.mark.parametrize("rules", RULESETS)
def test_victory_points_and_the_verdict_are_the_engines(rules):
    verdicts = set()
    for ex in _made("victory-points", rules):
        if "scores" in ex.data:
            points = [sum(row[s] for row in ex.data["scores"]) for s in (0, 1)]
        else:
            points = ex.data["match_points"]
        assert ex.solution == "{}-{}".format(*bc.victory_points(*points, ex.data["hands"]))
    for ex in _made("match-verdict", rules):
        match = bc.Match(rules, hands=ex.data.get("hands"))
        for a, b in ex.data["scores"]:
            match.record_score(a, b)
        truth = "not-over" if not match.is_over else "draw" if match.winner is None else f"side-{match.winner}"
        assert ex.solution == truth
        verdicts.add(truth)
    # every way a game of this ruleset can end turns up (a one-hand game cannot go on)
    assert verdicts >= ({"side-0", "side-1"} if bc.ruleset(rules).game_length == "one-hand"
                        else {"side-0", "side-1", "not-over"})


@pytest.mark.parametrize("rules", RULESETS)
def test_a_prediction_is_asked_where_the_rulesets_disagree(rules):
    turns = 0
    for ex in _made("predict-under-ruleset", rules):
        extra = ex.prepared.extra
        assert extra["other"].id != rules and extra["first_verdict"] != extra["other_verdict"]
        assert ex.solution == extra["other_verdict"]
        turns += "position" in ex.data
    assert turns >= 10      # a turn too: the pozzetto al volo, closing by a meld


def test_a_generated_count_names_its_cards_in_every_language():
    ex = generate("count", 11, "classic", 2)
    cards = bc.Meld.parse(ex.data["quantity"][1], "classic").cards
    for lang in ("en", "it", "es"):
        assert bc.format_cards(cards, pretty=True) in ex.prompt.text(lang) and "11" in ex.prompt.text(lang)


def test_score_rules_can_be_practised():
    session = PracticeSession(["close.needs-burraco", "group.not-allowed"], seed=2)
    while not session.done:
        ex = session.next()
        assert ex is not None and ex.kind in ("count-score", "predict-under-ruleset", "judge-meld", "build-meld",
                                              "attach", "why-not")
        assert session.answer(ex.solution).correct
    assert not session.unpractisable


class _Sheet(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.svgs: dict[str, int] = {}
        self.current = ""
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and a.get("class") == "bt-exercise":
            self.current = a["data-id"]
        if tag == "svg":
            self.svgs[self.current] = self.svgs.get(self.current, 0) + 1

    def handle_data(self, data):
        self.text.append(data)


def test_a_worksheet_of_score_exercises_shows_what_each_needs():
    page = worksheet(list(SCORE_KINDS), 10, 30, "classic", "it", difficulty=2)
    sheet = _Sheet()
    sheet.feed(page)
    text = " ".join(sheet.text)
    made = [generate(kind, 30 + i, "classic", 2) for i, kind in enumerate(SCORE_KINDS * 2)]
    for ex in made:
        if ex.kind in ("count", "count-score", "predict-under-ruleset"):
            assert sheet.svgs.get(ex.id, 0) >= 3, ex.id           # the cards are drawn
        if ex.kind == "count-score":
            labels = ([line.text("it") for line in ex.prepared.extra["breakdown"].lines]
                      if ex.data["mode"] == "lines" else [Message("widget.score.your-total").text("it")])
            assert all(label in text for label in labels)
        if ex.kind in ("victory-points", "match-verdict"):
            assert Message("widget.vp.total").text("it") in text
        if ex.kind == "predict-under-ruleset":
            assert Message("widget.predict.now", rules=ex.prepared.extra["other"].label).text("it") in text
