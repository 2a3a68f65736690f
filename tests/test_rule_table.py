"""docs/rule-table.md is current, every rule the code implements is marked by a test, and
every ``@pytest.mark.rules`` mark names rules of the catalogue exactly.

The catalogue lives beside the repository (``../shared/RULES.md``): without it the test is
skipped, as the other catalogue tests are, except under CI, where it must be there.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO, in_ci

CATALOGUE = REPO.parent / "shared" / "RULES.md"
SCRIPT = REPO / "docs" / "make_rule_table.py"


def catalogue() -> Path:
    if not CATALOGUE.exists():
        if in_ci():
            pytest.fail(f"{CATALOGUE} is missing; CI=true, so this is an error, not a skip", pytrace=False)
        pytest.skip("shared/RULES.md is not beside the work tree")
    return CATALOGUE


def script(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """docs/make_rule_table.py as a module (docs/ is no package)."""
    spec = importlib.util.spec_from_file_location("make_rule_table", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def test_the_rule_table_is_current_and_every_implemented_rule_has_a_test():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check", "--rules", str(catalogue())],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_check_names_untested_rules_and_a_stale_table(tmp_path: Path, monkeypatch, capsys) -> None:
    """A tree where rules/ implements CORE-DICE-1..2 and one test marks CORE-DICE-1; a name or a
    docstring that carries an ID proves nothing."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "game").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "rules" / "dice.py").write_text('"""Dice (CORE-DICE-1..2)."""\n', encoding="utf-8")
    (tmp_path / "tests" / "test_dice.py").write_text(
        "import pytest\n\n\n@pytest.mark.rules('CORE-DICE-1')\ndef test_x():\n    pass\n\n\n"
        'def test_CORE_DICE_2_y():\n    """CORE-DICE-2 is named, not marked."""\n',
        encoding="utf-8",
    )
    rules_md = tmp_path / "RULES.md"
    rules_md.write_text(
        "## 2. Core\n### 2.1 Dice\n- **CORE-DICE-1** — a.\n- **CORE-DICE-2** — b.\n- **CORE-DICE-3** — c.\n"
        "## 7. Variants\n- **VAR-1** — not a rule.\n",
        encoding="utf-8",
    )
    make = script(monkeypatch)
    rules = make.collect(tmp_path, rules_md)
    assert [(r.id, sorted(r.code), sorted(r.tests)) for r in rules] == [
        ("CORE-DICE-1", ["rules/dice.py"], ["tests/test_dice.py::test_x"]),
        ("CORE-DICE-2", ["rules/dice.py"], []),
        ("CORE-DICE-3", [], []),
    ]
    monkeypatch.setattr(make, "REPO", tmp_path)
    monkeypatch.setattr(make, "TABLE", tmp_path / "docs" / "rule-table.md")
    assert make.main(["--check", "--rules", str(rules_md)]) == 1
    err = capsys.readouterr().err
    assert "marked by no test: CORE-DICE-2" in err and "is stale" in err
    assert make.main(["--rules", str(rules_md)]) == 0  # writes the table
    assert make.main(["--check", "--rules", str(rules_md)]) == 1  # still CORE-DICE-2
    assert "is stale" not in capsys.readouterr().err


def test_every_mark_in_the_tests_names_a_rule_of_the_catalogue(monkeypatch) -> None:
    """A typo, a compressed "PIT-D-7..9" or an ID the catalogue does not hold would silently drop
    out of the table; here it fails by name."""
    make = script(monkeypatch)
    marks = make.marks_in(REPO)
    assert marks, "no test carries a rules mark"
    assert make.unknown_marks(marks, make.read_catalogue(catalogue())) == []


def test_marks_on_functions_and_classes_are_read_and_unknown_ids_reported(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_marks.py").write_text(
        "import pytest\n\n\n"
        "@pytest.mark.rules('CORE-DICE-1', 'CORE-DICE-1..2', 'KARMA-3/4')\n"
        "@pytest.mark.parametrize('n', [1, 2])\n"
        "def test_a(n):\n    pass\n\n\n"
        "@pytest.mark.rules('CORE-DICE-2')\n"
        "class TestB:\n"
        "    @pytest.mark.rules('CORE-DICE-3')\n"
        "    def test_c(self):\n        pass\n\n"
        "    def test_d(self):\n        pass\n\n\n"
        "def test_unmarked():\n    '''CORE-DICE-3'''\n\n\n"
        "@pytest.mark.rules(RULE)\n"
        "def test_by_name():\n    pass\n",
        encoding="utf-8",
    )
    rules_md = tmp_path / "RULES.md"
    rules_md.write_text(
        "## 2. Core\n### 2.1 Dice\n- **CORE-DICE-1** — a.\n- **CORE-DICE-2** — b.\n- **CORE-DICE-3** — c.\n",
        encoding="utf-8",
    )
    make = script(monkeypatch)
    marks = make.marks_in(tmp_path)
    assert marks == {
        "tests/test_marks.py::test_a": ["CORE-DICE-1", "CORE-DICE-1..2", "KARMA-3/4"],
        "tests/test_marks.py::test_c": ["CORE-DICE-2", "CORE-DICE-3"],
        "tests/test_marks.py::test_d": ["CORE-DICE-2"],
        "tests/test_marks.py::test_by_name": ["RULE"],
    }
    assert make.unknown_marks(marks, make.read_catalogue(rules_md)) == [
        "tests/test_marks.py::test_a: CORE-DICE-1..2",
        "tests/test_marks.py::test_a: KARMA-3/4",
        "tests/test_marks.py::test_by_name: RULE",
    ]
