"""The documentation pages stay in step with the code."""

from pathlib import Path

import burraco_core as bc

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_rule_id_is_documented_with_its_sentence():
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for rule_id, (summary, _template) in bc.RULE_IDS.items():
        assert f"| `{rule_id}` | {summary} |" in page, f"docs/rules.md lacks {rule_id}"


def test_rule_ids_are_stable_shapes():
    for rule_id in bc.RULE_IDS:
        area, _, name = rule_id.partition(".")
        assert area and name and rule_id == rule_id.lower() and " " not in rule_id
