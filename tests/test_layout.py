"""The layout of lessons/: four sub-packages whose imports point one way, no import circles, no giant
modules, and the module paths it had before the split still working (a teacher's notebook may use them).

    curriculum  <-  learner  <-  widgets  <-  teachers      (each may import those to its left)
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
FLOORS = ("curriculum", "learner", "widgets", "teachers")
MAX_LINES = 700


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, pathlib.Path]:
    return {_module_name(p): p for p in sorted(LESSONS.rglob("*.py"))}


def _imports(name: str, path: pathlib.Path, known: set[str]) -> set[str]:
    """The lessons modules name imports, anywhere in it (a lazy import inside a function counts too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("lessons"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("lessons"):
                continue
            for alias in node.names:     # "from . import melds" imports the module lessons.<...>.melds
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return found - {name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def _floor(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FLOORS else None


def test_every_module_lives_in_a_sub_package():
    top = sorted(p.name for p in LESSONS.glob("*.py"))
    assert top == ["__init__.py", "_old_paths.py"]
    assert sorted(p.name for p in LESSONS.iterdir() if p.is_dir() and not p.name.startswith("__")) == \
        ["content", "curriculum", "learner", "locale", "teachers", "widgets"]


def test_imports_point_one_way():
    wrong = []
    for module, imported in _graph().items():
        floor = _floor(module)
        if floor is None:
            continue            # lessons/__init__ (the public names) and the old paths see everything
        allowed = set(FLOORS[:FLOORS.index(floor) + 1])
        for target in imported:
            if target == "lessons" or _floor(target) not in allowed:
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def test_no_module_imports_an_old_path():
    old = {f"lessons.{name}" for name in OLD_NAMES}
    uses = [f"{module} imports {target}" for module, imported in _graph().items() for target in imported
            if target in old and module != "lessons"]
    assert uses == []


def test_no_import_circles():
    graph = _graph()
    circles = []

    def visit(module: str, trail: list[str]) -> None:
        for target in sorted(graph.get(module, ())):
            if target in trail:
                circles.append(" -> ".join(trail[trail.index(target):] + [target]))
            elif target not in done:
                visit(target, trail + [target])
        done.add(module)

    done: set[str] = set()
    for module in sorted(graph):
        if _floor(module) is not None and module not in done:
            visit(module, [module])
    # a package importing its own modules (so that they register) is no circle: the modules import
    # the package's base, never the package itself
    assert [c for c in circles if not _package_and_its_module(c)] == []


def _package_and_its_module(circle: str) -> bool:
    names = circle.split(" -> ")
    return len(names) == 3 and names[0] == names[2] and names[1].startswith(names[0] + ".")


@pytest.mark.parametrize("path", sorted(LESSONS.rglob("*.py")), ids=lambda p: str(p.relative_to(LESSONS)))
def test_no_giant_modules(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_the_curriculum_and_the_learners_record_import_without_widget_libraries():
    pure = sorted(name for name in _modules() if _floor(name) == "curriculum"
                  or name in ("lessons.learner.progress", "lessons.learner.session", "lessons.learner.practice"))
    code = ("import sys, importlib\n"
            "for name in ('ipywidgets', 'anywidget', 'traitlets'):\n    sys.modules[name] = None\n"
            f"for name in {pure!r}:\n    importlib.import_module(name)\n"
            "import lessons\nassert lessons.generate('attach', 3).check(lessons.generate('attach', 3).solution).correct\n"
            "print(len(lessons.LESSONS))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 3


# -- the old paths --------------------------------------------------------------------------------
# Every public name each module of lessons/ had before the split (commit caee0bc).
OLD_NAMES = {
    "checks": "Attempt CARD_TESTS CardArg CardTest Check CurriculumError Failure MeldCode Predicate QUANTITIES Quantity REGISTRY card_test compile_card_test compile_check compile_quantity predicate quantity refusal_failure",
    "classroom": "ClassSummary load_class",
    "coverage": "INTERFACE_ONLY MELD_AREAS all_untaught main meld_rules table untaught",
    "curriculum": "Block CONTENT_DIR Exercise FORMAT HERE LOCALE_DIR Lesson OWN_TEXT OwnText STATUSES TABLES VERSION Verdict load load_all ruleset_dict ruleset_from_dict",
    "exercise_widget": "AnswerView AttachView CARD_WIDTH CardsView ChoiceView CountView GuidedView LessonWidget MELD_WIDTH MatchView PositionView PredictView SCORE_VIEWS ScoreView VictoryPointsView WhyNotView answer_view arrangement_text box esc guarded intro_table language_names learner_language meld_picture melds_row missing_lesson move_text quietly show single_lesson solution_box stars_html static_cards t table_html",
    "generators": "DIFFICULTIES Deal GENERATED_KINDS Generator GeneratorError KindUnavailable draft exercise_id exercises generate generator kind_name ruleset_tag settle",
    "guided": "GameCheck PatientBot human_actions make_session replay",
    "hand": "Hand by_rank by_suit palette_cards to_cards",
    "home": "HomePage STYLE TOOLS Tool ToolPage continue_target home lesson_stars oops_html tool_page",
    "kinds": "ALLOWED Choice KINDS KIND_TABLE Kind MATCH_ANSWERS Prepared READERS Unreadable burraco_choices closing_claim guided_goals match_of refusal_rules score_of table_position",
    "navigation": "HOME LessonPage NAV_STYLE chosen_language esc guarded_page href lesson_page nav_bar neighbours notebook_name oops page_suffix t",
    "position_generators": "GUIDED_CHECKS GUIDED_GOALS POSITION_PLANS PlanMaker Position Question QuestionMaker TURN_RULES WHY_NOT_QUESTIONS",
    "position_referee": "PositionReferee Ruling SIDES ThisTurn meld_lines read_position refusal_body rule_on",
    "practice": "NEEDED PracticeSession parse_generated_id practised rules_to_practise",
    "progress": "APP_FOLDER ExerciseRecord FILE_NAME FORMAT FileStore MAX_TEXT Progress ProgressError VERSION default_path read_file stars write_atomically",
    "referee": "MeldReferee Verdict codes describe_meld every_card judge_attach judge_meld readable_cards",
    "score": "MELD_EXAMPLES SIDES ScoreCalculator SidePanel SideResult breakdown_html read_melds",
    "score_generators": "TURN_RULES VARIANT_RULES",
    "session": "EXERCISE INTRO LessonSession Row SUMMARY",
    "settings": "DEFAULT_RULES DISPLAY_CHOICES Preferences PreferencesPanel preferences shared_preferences",
    "store": "BrowserStore DEFAULT_KEY ProblemCallback ProgressCallback ProgressKeeper ProgressPanel browser_key running_in_browser shared_keeper",
    "table": "FASTER PACE PlayTable Scheduler Table YOU default_scheduler describe_action player_name player_names side_name",
    "teaching": "ClassSummaryWidget PRACTICE_NOTEBOOK PracticeWidget WorksheetMaker class_summary kind_label practice_link teacher_page",
    "ui": "BAD GOOD NEUTRAL WARN box choose_ruleset esc facts_table failure_html picker_value refusal_html ruleset_picker safe_ruleset_picker shielded",
    "variant_builder": "FIXED FORMAT VERSION VariantBuilder differences differences_html editable_fields field_docs field_explanation field_label read_variant variant_json",
    "variants": "ONLY_WITH SKIPPED builtins differing_fields value_message variant_table",
    "worksheet": "save_worksheet sheet_exercises worksheet worksheet_page",
}


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_an_old_module_path_still_has_its_names(old):
    module = importlib.import_module(f"lessons.{old}")
    missing = [name for name in OLD_NAMES[old].split() if not hasattr(module, name)]
    assert missing == []


def test_an_old_path_is_the_module_itself_where_it_moved_whole():
    import lessons.learner.session
    import lessons.session

    assert lessons.session is lessons.learner.session
    assert lessons.session.__spec__.name == "lessons.learner.session"
    from lessons.practice import PracticeSession
    from lessons.worksheet import save_worksheet

    assert save_worksheet.__module__ == "lessons.teachers.worksheet"
    assert PracticeSession.__module__ == "lessons.learner.practice"


def test_a_split_module_old_path_reads_and_patches_the_module_that_holds_the_name(monkeypatch):
    import lessons.learner.store
    import lessons.store
    import lessons.widgets.settings
    import lessons.widgets.style

    assert lessons.store.ProgressPanel is lessons.widgets.settings.ProgressPanel
    assert lessons.store.ProgressKeeper is lessons.learner.store.ProgressKeeper
    assert importlib.import_module("lessons.exercise_widget").box is lessons.widgets.style.verdict_box
    monkeypatch.setattr(lessons.store, "_SHARED", "patched")
    assert lessons.learner.store._SHARED == "patched"
    with pytest.raises(AttributeError, match="moved to"):
        lessons.store.no_such_name  # noqa: B018


def test_python_m_with_the_old_path_runs_the_module():
    done = subprocess.run([sys.executable, "-m", "lessons.coverage"], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (ROOT / "docs" / "curriculum.md").read_text(encoding="utf-8")


# -- the engine -----------------------------------------------------------------------------------
# burraco_core's imports point one way too: messages at the bottom (it imports no other engine
# module), then errors, cards, rulesets, melds, ..., game -> savefile -> position. The only imports
# that point back are the two lazy drawing ones below, each inside the function that draws.
ENGINE = ROOT / "burraco_core"
LAZY_DRAWING = {("burraco_core.cards", "burraco_core.svg"), ("burraco_core.melds.meld", "burraco_core.svg")}


def _engine_modules() -> dict[str, pathlib.Path]:
    return {_module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _engine_imports(name: str, path: pathlib.Path, known: set[str]) -> dict[str, bool]:
    """The engine modules ``name`` imports, each with whether every such import is lazy (inside a
    function). An import under ``if TYPE_CHECKING:`` counts: it is an arrow a reader follows too."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, bool] = {}

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [a.name for a in child.names if a.name.startswith("burraco_core")]
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[:len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target.startswith("burraco_core"):
                    for alias in child.names:
                        sub = f"{target}.{alias.name}"
                        targets.append(sub if sub in known else target)
            for target in targets:
                if target != name:
                    found[target] = found.get(target, True) and inside
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _engine_graph() -> dict[str, dict[str, bool]]:
    modules = _engine_modules()
    return {name: _engine_imports(name, path, set(modules)) for name, path in modules.items()}


def test_the_engine_has_no_import_circles_but_the_lazy_drawing_ones():
    graph = _engine_graph()
    for module, target in LAZY_DRAWING:
        assert graph[module].get(target) is True, f"{module} should import {target} lazily, inside the drawing"
    arrows = {module: {t for t in imported if (module, t) not in LAZY_DRAWING} for module, imported in graph.items()}
    circles = []

    def visit(module: str, trail: list[str]) -> None:
        for target in sorted(arrows.get(module, ())):
            if target in trail:
                circles.append(" -> ".join(trail[trail.index(target):] + [target]))
            elif target not in done:
                visit(target, trail + [target])
        done.add(module)

    done: set[str] = set()
    for module in sorted(arrows):
        if module not in done:
            visit(module, [module])
    assert [c for c in circles if not _package_and_its_module(c)] == []


def test_the_engine_imports_point_one_way_where_they_used_to_circle():
    graph = _engine_graph()
    assert [t for t in graph["burraco_core.messages"]] == []          # the bottom room
    assert {"burraco_core.position", "burraco_core.savefile"} <= set(graph["burraco_core.game"])
    assert "burraco_core.position" in graph["burraco_core.savefile"]
    for module in ("burraco_core.position", "burraco_core.savefile"):
        assert "burraco_core.game" not in graph[module]
    for module in ("burraco_core.cards", "burraco_core.errors", "burraco_core.rulesets"):
        assert not {t for t in graph[module] if t.startswith("burraco_core.melds")}


def test_the_lazy_drawing_imports_say_why():
    for module, _target in LAZY_DRAWING:
        text = _engine_modules()[module].read_text(encoding="utf-8")
        assert "lazy" in text and "drawing" in text


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_giant_engine_modules(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


# Every public name burraco_core.melds and burraco_core.bots had as single files (commit 7c2c92f),
# and the private ones the tests read.
ENGINE_OLD_NAMES = {
    "melds": "Arrangement BURRACO_MIN_CARDS BurracoKind CardsLike Failure GROUP HIGH_ACE JOKER Meld MeldKind RUN Table check_deck",
    "bots": "Bot GreedyBot Hint MAX_ACTIONS RandomBot hints may_attach play_hand _Context _meld_plays _with_pile _WORTH_TAKING _pile_opens",
}


@pytest.mark.parametrize("old", sorted(ENGINE_OLD_NAMES))
def test_a_split_engine_module_still_has_its_names(old):
    module = importlib.import_module(f"burraco_core.{old}")
    missing = [name for name in ENGINE_OLD_NAMES[old].split() if not hasattr(module, name)]
    assert missing == []
    import burraco_core

    assert burraco_core.Meld is module.Meld if old == "melds" else burraco_core.GreedyBot is module.GreedyBot
