"""The kinds of the scoring lessons (10-12): count-score, victory-points, match-verdict and
predict-under-ruleset. Each asks the engine: ``score_side`` / ``Game.score``, ``victory_points`` and
``Match``, the same cards or position under two rulesets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from ..checks import Attempt, CurriculumError
from ..checks.scores import standing
from .base import (
    Choice,
    Prepared,
    Unreadable,
    answer_choice,
    answer_text,
    check_setup,
    flag,
    kind,
    read_cards,
    read_melds,
    reader,
    whole_number,
)
from .melds import burraco_choices


def _finished_game(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> bc.Game:
    """A hand played to its end: a position of Game.setup and the learner's actions (patient opponents)."""
    from ..guided import make_session, replay

    position = data["position"]
    if not isinstance(position, dict):
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup")
    check_setup(position, rules, where, "data.position")
    play = data.get("play", "")
    if not isinstance(play, str):
        raise CurriculumError(where, "data.play", "the learner's actions joined by '; '")
    session = make_session(rules, position)
    refusal = replay(session, [a for a in play.split(";") if a.strip()])
    if refusal is not None:
        raise CurriculumError(where, "data.play", f"the engine refuses an action: {refusal}")
    if not session.game.is_over:
        raise CurriculumError(where, "data.play", "the hand is not over after these actions")
    return session.game


def score_of(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> tuple[Any, tuple[bc.Meld, ...],
                                                                               tuple[bc.Card, ...], dict[str, bool]]:
    """The engine's breakdown of the side the exercise counts, its melds, its cards in hand and the facts."""
    if ("count" in data) == ("position" in data):
        raise CurriculumError(where, "data", "give either 'count' (a side's melds and hand) or 'position' and 'play'")
    if "count" in data:
        side = data["count"]
        if not isinstance(side, dict) or set(side) - {"melds", "in_hand", "closed", "took_pozzetto",
                                                      "pozzetto_unused"}:
            raise CurriculumError(where, "data.count", "melds, in_hand, closed, took_pozzetto, pozzetto_unused")
        melds = read_melds(side, "melds", where, rules)
        hand = read_cards(side, "in_hand", where, rules) if side.get("in_hand") else ()
        facts = {"closed": flag(side, "closed", where), "took_pozzetto": flag(side, "took_pozzetto", where, True),
                 "pozzetto_unused": flag(side, "pozzetto_unused", where)}
        try:
            breakdown = bc.score_side(melds, hand, rules, **facts)
        except bc.BurracoError as err:
            raise CurriculumError(where, "data.count", str(err)) from err
        return breakdown, melds, hand, facts
    game = _finished_game(data, rules, where)
    number = data.get("side", 0)
    if number not in (0, 1):
        raise CurriculumError(where, "data.side", "0 (your side) or 1")
    result = game.result
    facts = {"closed": bool(result and result.closed and result.side == number),
             "took_pozzetto": game.took_pozzetto[number], "pozzetto_unused": game.pozzetto_unplayed[number]}
    hand = tuple(c for p in game.partners(number) for c in game.hands[p])
    return game.score()[number], game.melds[number], hand, facts


def closing_claim(melds: tuple[bc.Meld, ...], hand: tuple[bc.Card, ...], facts: Mapping[str, bool],
                  rules: bc.Ruleset) -> Any:
    """The side's count (the engine's breakdown) with the closing credited the other way: what a
    learner who gives a side the closing bonus it has not earned, or forgets the one it has, writes."""
    return bc.score_side(melds, hand, rules, closed=not facts["closed"], took_pozzetto=facts["took_pozzetto"],
                         pozzetto_unused=facts["pozzetto_unused"])


def _numbers(answer: Any) -> list[int]:
    """Whole numbers: typed as text (``"45, 100, -30"``), or a list or tuple of them."""
    if isinstance(answer, (list, tuple)):
        parts = list(answer)
    else:
        parts = answer_text(answer, "ex.verdict.not-numbers").replace(",", " ").replace(";", " ").split()
    numbers = [whole_number(part) for part in parts]
    if not numbers or None in numbers:
        raise Unreadable(Message("ex.verdict.not-numbers"))
    return [n for n in numbers if n is not None]


@reader("count-score")
def _read_count_score(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    breakdown = prepared.extra["breakdown"]
    if prepared.extra["mode"] == "total":
        said: Any = whole_number(answer)
        if said is None:
            raise Unreadable(Message("ex.verdict.not-a-number"))
    else:
        said = _numbers([answer] if type(answer) is int else answer)
    # the count with the closing credited the other way, so that an answer off by the closing bonus is
    # told so (and nothing else)
    return Attempt(answer=said, rules=rules, expected=(breakdown, prepared.extra["claim"]))


@kind("count-score", (), ("count", "position", "play", "side", "mode"), ["score-right"])
def _prepare_count_score(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    mode = data.get("mode", "lines")
    if mode not in ("lines", "total"):
        raise CurriculumError(where, "data.mode", "'lines' (fill in each line) or 'total'")
    breakdown, melds, hand, facts = score_of(data, rules, where)
    return Prepared(hand=hand, melds=melds, extra={"breakdown": breakdown, "mode": mode, "facts": facts,
                                                   "claim": closing_claim(melds, hand, facts, rules)})


def _vp_text(answer: Any) -> tuple[int, int]:
    """Both sides' victory points: typed as ``"12-8"``, or a pair of numbers."""
    if isinstance(answer, (list, tuple)) and len(answer) == 2:
        pair = [whole_number(each) for each in answer]
    else:
        text = answer_text(answer, "ex.verdict.not-vp").replace("–", "-").replace(" ", "")
        left, dash, right = text.partition("-")
        pair = [whole_number(left), whole_number(right)] if dash else [None]
    numbers = [n for n in pair if n is not None and n >= 0]
    if len(numbers) != 2:
        raise Unreadable(Message("ex.verdict.not-vp"))
    return numbers[0], numbers[1]


@reader("victory-points")
def _read_victory_points(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    extra = prepared.extra
    ours, theirs = extra["points"]
    about = Message("ex.vp.about", ours=ours, theirs=theirs, difference=abs(ours - theirs), hands=extra["hands"],
                    leader=standing(ours, theirs))
    return Attempt(answer=_vp_text(answer), rules=rules, expected=extra["vp"], about=about)


def match_of(data: Mapping[str, Any], rules: bc.Ruleset, where: str, hands: int | None) -> bc.Match:
    """A Match of the exercise's ruleset with the hands' scores recorded (the engine adds them up)."""
    scores = data.get("scores")
    if (not isinstance(scores, list) or not scores
            or not all(isinstance(s, list) and len(s) == 2 and all(type(x) is int for x in s) for s in scores)):
        raise CurriculumError(where, "data.scores", "a list of [side 0, side 1] hand scores")
    try:
        match = bc.Match(rules, players=4, hands=hands)
        for a, b in scores:
            match.record_score(a, b)
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.scores", str(err)) from err
    return match


@kind("victory-points", ("hands",), ("match_points", "scores"), ["vp-right"])
def _prepare_victory_points(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hands = data["hands"]
    if hands not in bc.VICTORY_POINT_TABLES:
        raise CurriculumError(where, "data.hands", f"victory points are tabled for {sorted(bc.VICTORY_POINT_TABLES)} hands")
    if ("match_points" in data) == ("scores" in data):
        raise CurriculumError(where, "data", "give either 'match_points' [side 0, side 1] or the hands' 'scores'")
    if "scores" in data:
        match = match_of(data, bc.ruleset("classic"), where, hands)
        if not match.is_over:
            raise CurriculumError(where, "data.scores", f"a match of {hands} hands needs {hands} scores")
        points = match.totals
        scores = tuple(tuple(s) for s in match.hand_scores)
    else:
        mp = data["match_points"]
        if not isinstance(mp, list) or len(mp) != 2 or not all(type(x) is int for x in mp):
            raise CurriculumError(where, "data.match_points", "[side 0, side 1]")
        points, scores = (mp[0], mp[1]), ()
    return Prepared(extra={"vp": bc.victory_points(points[0], points[1], hands), "points": points,
                           "scores": scores, "hands": hands})


MATCH_ANSWERS = ("not-over", "side-0", "side-1", "draw")


@reader("match-verdict")
def _read_match_verdict(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    extra = prepared.extra
    ours, theirs = extra["totals"]
    about = Message("ex.match.about", ours=ours, theirs=theirs, hands=len(extra["scores"]))
    return Attempt(answer=answer_choice(prepared, answer), rules=rules, expected=extra["verdict"], about=about)


@kind("match-verdict", ("scores",), ("hands",), ["match-right"])
def _prepare_match_verdict(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hands = data.get("hands")
    match = match_of(data, rules, where, hands)
    verdict = "not-over" if not match.is_over else "draw" if match.winner is None else f"side-{match.winner}"
    return Prepared(choices=tuple(Choice(k, Message(f"ex.choice.match.{k}")) for k in MATCH_ANSWERS),
                    extra={"verdict": verdict, "totals": match.totals, "scores": tuple(match.hand_scores),
                           "vp": match.victory_points, "hands": hands})


def _verdict_under(data: Mapping[str, Any], rules: bc.Ruleset, ask: str, where: str
                   ) -> tuple[str, bc.IllegalMove | None, bc.Meld | None]:
    """What the engine says under one ruleset: ``legal`` or the rule id (ask ``verdict``), or the burraco kind."""
    if "cards" in data:
        cards = read_cards(data, "cards", where, rules)
        try:
            meld = bc.Meld.lay_down(cards, rules)
        except bc.IllegalMove as err:
            if ask == "burraco":
                raise CurriculumError(where, "data.cards", f"{rules.id} refuses the meld: {err}") from err
            return err.rule, err, None
        return ("legal" if ask == "verdict" else meld.burraco or "not-yet"), None, meld
    position = data["position"]
    check_setup(position, rules, where, "data.position")
    game = bc.Game.setup(rules, **position)
    for text in str(data.get("play", "")).split(";"):
        if not text.strip():
            continue
        refusal = game.explain(text)
        if refusal is not None:
            return refusal.rule, refusal, None
        game.apply(text)
    return "legal", None, None


@reader("predict-under-ruleset")
def _read_predict(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    extra = prepared.extra
    return Attempt(answer=answer_choice(prepared, answer), rules=extra["other"], expected=extra["other_verdict"],
                   refusal=extra["other_refusal"], meld=extra["other_meld"], cards=prepared.cards)


@kind("predict-under-ruleset", ("other",), ("cards", "position", "play", "ask", "choices"), ["predicted-right"])
def _prepare_predict(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    try:
        other = bc.ruleset(data["other"])
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.other", str(err)) from err
    if other == rules:
        raise CurriculumError(where, "data.other", "another ruleset than the exercise's")
    ask = data.get("ask", "verdict")
    if ask not in ("verdict", "burraco"):
        raise CurriculumError(where, "data.ask", "'verdict' (legal or which rule) or 'burraco' (which kind)")
    if ("cards" in data) == ("position" in data):
        raise CurriculumError(where, "data", "give either 'cards' (a meld to lay down) or 'position' and 'play'")
    if ask == "burraco" and "cards" not in data:
        raise CurriculumError(where, "data.cards", "a burraco is asked of cards laid down")
    first, first_refusal, first_meld = _verdict_under(data, rules, ask, where)
    verdict, refusal, meld = _verdict_under(data, other, ask, where)
    if ask == "verdict":
        rule_ids = data.get("choices", [])
        if not isinstance(rule_ids, list) or any(c not in bc.RULE_IDS for c in rule_ids):
            raise CurriculumError(where, "data.choices", "a list of rule ids (burraco_core.RULE_IDS)")
        choices = (Choice("legal", Message("ex.choice.legal")),
                   *(Choice(r, Message(f"rule.{r}.summary")) for r in rule_ids))
    else:
        choices = tuple(Choice(k, Message(f"ex.burraco.{k}")) for k in burraco_choices(other))
    if verdict not in [c.key for c in choices]:
        raise CurriculumError(where, "data.choices", f"the engine's verdict under {other.id}, {verdict!r}, "
                              "is not among the choices")
    cards = tuple(bc.parse_cards(data["cards"])) if "cards" in data else ()
    position = dict(data["position"]) if "position" in data else {}
    hand: tuple[bc.Card, ...] = ()
    melds: tuple[bc.Meld, ...] = ()
    if position:
        game = bc.Game.setup(rules, **position)
        hand = tuple(game.hands[game.current_player])
        melds = game.melds[game.side_of(game.current_player)]
    return Prepared(cards=cards, hand=hand, melds=melds, position=position, choices=choices,
                    extra={"other": other, "ask": ask, "first_verdict": first, "first_refusal": first_refusal,
                           "first_meld": first_meld, "other_verdict": verdict, "other_refusal": refusal,
                           "other_meld": meld, "play": str(data.get("play", ""))})
