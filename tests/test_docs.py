"""The documentation pages stay in step with the code."""

import re
from dataclasses import fields
from pathlib import Path

import burraco_core as bc

DOCS = Path(__file__).resolve().parent.parent / "docs"
SPEC = DOCS / "RULES.md"


def test_every_rule_id_is_documented_with_its_sentence():
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for rule_id, (summary, template) in bc.RULE_IDS.items():
        escaped = template.replace("|", "\\|")        # a pipe inside a Markdown table cell
        assert f"| `{rule_id}` | {summary} | {escaped} |" in page, f"docs/rules.md's row for {rule_id} is not the catalogue's"


def test_rule_ids_are_stable_shapes():
    for rule_id in bc.RULE_IDS:
        area, _, name = rule_id.partition(".")
        assert area and name and rule_id == rule_id.lower() and " " not in rule_id


def test_the_rules_specification_names_every_ruleset_and_field():
    page = SPEC.read_text(encoding="utf-8")
    for rules_id in bc.RULESETS:
        assert f"`{rules_id}`" in page, f"docs/RULES.md never mentions the ruleset {rules_id}"
    for field in fields(bc.Ruleset):
        assert f"`{field.name}`" in page, (
            f"docs/RULES.md lacks the Ruleset field {field.name}: add it to the variant table "
            f"(section 9) and to the rule it changes")


def _cell(value: object) -> str:
    """How the variant table writes a field's value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "—" if value is None else str(value)


def test_the_variant_table_holds_the_rulesets_values():
    page = SPEC.read_text(encoding="utf-8")
    ids = list(bc.RULESETS)
    header = "| field | meaning | " + " | ".join(f"`{i}`" for i in ids) + " |"
    assert header in page, "the variant table's columns are the built-in rulesets, in order"
    rows = {}
    for line in page[page.index(header):].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[2:]
    for field in fields(bc.Ruleset):
        assert field.name in rows, f"the variant table (docs/RULES.md section 9) lacks {field.name}"
        expected = [_cell(getattr(bc.RULESETS[i], field.name)) for i in ids]
        assert rows[field.name] == expected, f"docs/RULES.md section 9, {field.name}"
    assert set(rows) == {f.name for f in fields(bc.Ruleset)}, "the variant table names a field Ruleset lacks"


def test_the_victory_point_tables_are_the_code_s():
    page = SPEC.read_text(encoding="utf-8")
    start = page.index("| difference, 3 hands |")
    lines = [line for line in page[start:].splitlines()[2:] if line.startswith("|")][:11]
    columns: dict[int, list[str]] = {3: [], 4: []}
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        columns[3].append(f"{cells[0]} {cells[1]}")
        columns[4].append(f"{cells[2]} {cells[3]}")
    for hands, table in bc.VICTORY_POINT_TABLES.items():
        expected, low = [], 0
        for upper, vp in table:
            expected.append(f"{low}-{upper} {vp}-{20 - vp}")
            low = upper + 5
        expected.append(f"over {table[-1][0]} 20-0")
        assert columns[hands] == expected, f"docs/RULES.md section 8, {hands} hands"
        # and the page's bands are what victory_points computes at their edges
        for row in expected[:-1]:
            band, vp = row.split()
            first, last = (int(n) for n in band.split("-"))
            winner = int(vp.split("-")[0])
            assert bc.victory_points(last, 0, hands) == bc.victory_points(first, 0, hands) == (winner, 20 - winner)


def test_the_rules_specification_links_its_companions():
    page = SPEC.read_text(encoding="utf-8")
    assert "(rules.md)" in page and "(rules-choices.md)" in page
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert "(docs/RULES.md)" in readme
    # every rule id is named by the rule it enforces
    named = set(re.findall(r"`([a-z]+\.[a-z-]+)`", page))
    missing = [rule for rule in bc.RULE_IDS if rule not in named]
    assert not missing, f"docs/RULES.md names no rule for {missing}"


def test_the_class_service_set_up_in_the_docs_is_the_one_the_tests_run():
    """docs/classroom.md's jupyterhub_config.py lines are those tests/hub.py gives the hub it tests."""
    from lessons.learner.classlink import ENV_URL
    from tests.hub import SERVICE_SCOPE, TEACHERS

    page = (DOCS / "classroom.md").read_text(encoding="utf-8")
    tested = (DOCS.parent / "tests" / "hub.py").read_text(encoding="utf-8")
    for said in ('"scopes": ["self", "access:services!service=burraco-class"]',
                 'server_token_scopes = ["users:activity!user", "access:servers!server",',
                 f'c.Spawner.environment = {{"{ENV_URL}":', '"-m", "lessons.teachers.service"',
                 f'"--teacher-group", "{TEACHERS}"', '"oauth_no_confirm": True'):
        assert said in page, said
    assert SERVICE_SCOPE == "access:services!service=burraco-class"
    for tested_line in ('{{"name": "user", "scopes": ["self", {SERVICE_SCOPE!r}]}}',
                        'c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", {SERVICE_SCOPE!r}]',
                        'c.Spawner.environment = {{"BURRACO_CLASS_URL": {service_url!r}}}',
                        '"lessons.teachers.service", "--db", db, "--teacher-group", TEACHERS',
                        '"oauth_no_confirm": True'):
        assert tested_line in tested, tested_line
