"""The golden playthroughs (tests/playthroughs/) still read exactly as a fresh run writes them.

A difference means the rules, the bots, the hints or the messages changed: if that was
intended, regenerate the files and review the diff in the commit::

    .venv/bin/python -m tests.playthroughs --update
"""

from __future__ import annotations

import difflib
import os

import pytest

from tests.playthroughs import HANDS, UPDATE_ENV, Hand, playthrough


@pytest.mark.parametrize("hand", HANDS, ids=[h.name for h in HANDS])
def test_playthrough_is_unchanged(hand: Hand) -> None:
    text = playthrough(hand)
    if os.environ.get(UPDATE_ENV) == "1":
        hand.path.write_text(text, encoding="utf-8")
    assert hand.path.exists(), f"{hand.path} is missing: run python -m tests.playthroughs --update"
    golden = hand.path.read_text(encoding="utf-8")
    if text != golden:
        diff = "".join(difflib.unified_diff(golden.splitlines(keepends=True), text.splitlines(keepends=True),
                                            f"tests/playthroughs/{hand.name}.txt", "a fresh run", n=2))
        pytest.fail(f"the playthrough {hand.name} changed (if intended: python -m tests.playthroughs --update)"
                    f"\n{diff[:6000]}", pytrace=False)


def test_every_golden_file_is_a_listed_hand() -> None:
    listed = {h.path.name for h in HANDS}
    on_disk = {p.name for p in HANDS[0].path.parent.glob("*.txt")}
    assert on_disk == listed, f"stray or missing playthroughs: {sorted(on_disk ^ listed)}"


def test_a_playthrough_covers_a_whole_hand() -> None:
    # The files say what they claim: every step's action is one of its legal actions, refusals
    # carry rule ids, and the hand ends with both sides' breakdowns.
    text = HANDS[0].path.read_text(encoding="utf-8")
    steps = text.split("\n\n")[2:-3]
    assert len(steps) > 20
    for step in steps:
        legal = next(line for line in step.splitlines() if line.startswith("  legal ("))
        chosen = next(line for line in step.splitlines() if line.startswith("  > "))
        action = chosen[4:].split(": ", 1)[0]
        assert action in legal.split(": ", 1)[1].split(", "), step
    import burraco_core as bc

    rules = {line.split(" | ")[1] for line in text.splitlines() if line.startswith("  refused: ")}
    assert rules and rules <= set(bc.RULE_IDS)
    assert "score, side 0:" in text and "score, side 1:" in text and "\nover: " in text
