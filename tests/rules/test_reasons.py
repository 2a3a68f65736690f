"""Structured reasons: every code has a template, and every reason the rules produce renders."""

import ast
import re
import string
import sys
from itertools import product
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.car import B_BASIC, B_OWN_CAR, C_OWN_CAR, D_DRESDEN, WearPoints, validate_setup
from rules.gears import DOWNSHIFT_B, DOWNSHIFT_CD, legal_gears
from rules.reasons import TEMPLATES, Code, Problem, Reason, Refusal

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
MY_MODULES = ("dice.py", "car.py", "gears.py", "tables/checks.py", "reasons.py")


def produced_reasons() -> list[Reason]:
    """Every reason legal_gears and validate_setup give over a small grid of inputs."""
    reasons: list[Reason] = []
    for pts in product((0, 1, 8), repeat=4):
        tyres, brakes, gearbox_or_fuel, engine = pts
        for key, table in (("gearbox", DOWNSHIFT_B), ("fuel", DOWNSHIFT_CD)):
            wp = WearPoints(
                tyres=tyres,
                brakes=brakes,
                engine=engine,
                body=1,
                road_holding=1,
                **{key: gearbox_or_fuel},
            )
            for current in range(7):
                for kw in (
                    {},
                    {"in_pit": True},
                    {"free_downshifts": True},
                    {"allowed_from_zero": (1, 2)},
                ):
                    reasons += [r for r in legal_gears(current, wp, table, **kw).values() if isinstance(r, Reason)]
            for rules in (B_BASIC, B_OWN_CAR, C_OWN_CAR, D_DRESDEN):
                reasons += validate_setup(rules, wp) + validate_setup(rules, wp, reserve=2)  # AMB-32
    return reasons


def test_every_code_has_a_template():
    assert set(TEMPLATES) == set(Code)
    for template in TEMPLATES.values():
        assert template.strip().endswith(".")


def test_every_produced_reason_renders_with_all_its_values():
    reasons = produced_reasons()
    gear_and_setup = {c for c in Code if c.value.startswith(("setup_", "skip_"))} | {
        Code.UPSHIFT_SKIP,
        Code.SIX_TO_ONE,
        Code.NOT_FROM_GEAR_ZERO,
    }
    assert {r.code for r in reasons} == gear_and_setup  # the sweep reaches every such code
    for reason in reasons:
        fields = {f for _, f, _, _ in string.Formatter().parse(TEMPLATES[reason.code]) if f}
        assert fields == set(reason.values), reason
        text = reason.english()
        assert "{" not in text and "_" not in text


def test_every_produced_reason_cites_a_rule_id_from_the_catalogue():
    catalogue = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
    if not catalogue.exists():
        pytest.skip("shared/RULES.md is not beside the work tree")
    text = catalogue.read_text(encoding="utf-8")
    for rule in {r.rule for r in produced_reasons()}:
        assert re.search(rf"(?<![\w-]){re.escape(rule)}(?!\w)", text), rule


def test_english_renders_values_as_words():
    reason = Reason(
        rule="CAR-C-3",
        code=Code.SETUP_BELOW_MINIMUM,
        values={"area": "road_holding", "points": 0, "minimum": 1},
    )
    assert reason.english() == "Too few wear points on road holding: 0, at least 1 required."


def test_unknown_code_is_rejected():
    with pytest.raises(ValidationError):
        Reason(rule="CORE-GEAR-2", code="gear_too_fast")


def test_reason_is_frozen_and_one_model_under_two_names():
    assert Refusal is Reason and Problem is Reason
    reason = Reason(rule="CORE-GEAR-5", code="six_to_one")
    with pytest.raises(ValidationError):
        reason.rule = "CORE-GEAR-2"


def test_rules_modules_import_only_stdlib_pydantic_and_rules():
    allowed = set(sys.stdlib_module_names) | {"pydantic", "rules"}
    for name in MY_MODULES:
        tree = ast.parse((RULES_DIR / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= allowed, (name, roots)
