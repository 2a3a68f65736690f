"""The rules screen and its model: switching single modules of a preset, and what the results show."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.scenes.menus.menu import MenuScene
from game.scenes.setup.rule_modules import RulesScene, parameters
from game.texts import LANGUAGES, catalog
from rules.car import B_BASIC, B_OWN_CAR
from rules.choice import C_FIXED_CAR, KEYS, MODULES, RuleChoice, changed, enabled, rules_of
from rules.engine import needs_setup
from rules.ruleset import PRESETS
from tests.ui.helpers import make_app, spy_texts
from tests.ui.test_race_scene import click


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_switching_a_module_and_back_gives_the_preset_again(preset: str) -> None:
    choice = RuleChoice(preset=preset)
    assert rules_of(choice) == PRESETS[preset] and not changed(rules_of(choice))
    for key in KEYS:
        on = choice.is_on(key)
        other = choice.switched(key, not on)
        assert enabled(rules_of(other), key) is not on and changed(rules_of(other))
        assert rules_of(other.switched(key, on)) == PRESETS[preset] and other.switched(key, on).overrides == {}


def test_modules_set_the_rule_set_fields_of_their_family() -> None:
    basic = RuleChoice(preset="fd-basic")
    on = rules_of(
        basic.switched("tyres", True).switched("weather", True).switched("own_car", True).switched("pit_options", True)
    )
    assert on.tyres == "C" and on.weather and on.weather_change == "row_step" and on.car_setup == B_OWN_CAR
    assert (on.pit_repairs, on.pit_reserve, on.pit_repair_areas) == ("any_stop", 2, 2)
    fde = RuleChoice(preset="fde-advanced")
    off = rules_of(fde.switched("tyres", False).switched("own_car", False))
    assert off.tyres is None and off.car_setup == C_FIXED_CAR and off.default_wear.total() == 20
    assert not needs_setup(off)  # nothing left to choose before the start
    assert rules_of(RuleChoice(preset="fd-modules").switched("own_car", False)).car_setup == B_BASIC
    assert not rules_of(fde.switched("slipstream", False)).slipstream
    assert rules_of(fde.switched("pit_options", False)).pit_repairs == "none"
    assert not rules_of(fde.switched("markers", False)).markers


def test_a_choice_refuses_unknown_presets_and_modules() -> None:
    with pytest.raises(ValueError):
        RuleChoice(preset="nope")
    with pytest.raises(ValueError):
        RuleChoice(preset="fd-basic", overrides={"turbo": True})


@pytest.fixture
def rules_screen(tmp_path: Path):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    taken: list[RuleChoice] = []
    scene = RulesScene(app, RuleChoice(preset="fde-advanced"), taken.append)
    app.push(scene)
    return app, scene, taken


def test_the_rules_screen_switches_modules_and_hands_the_choice_back(rules_screen) -> None:
    app, scene, taken = rules_screen
    scene.draw(app.screen)
    assert scene.status()["modules"] == {
        k: k not in ("teams", "street") for k in KEYS
    }  # the team race and the street race are no part of it
    click(scene, scene.status()["buttons"]["module.tyres"])
    scene.draw(app.screen)
    assert scene.status()["modules"]["tyres"] is False
    assert any(label == "Tyres" and value == "off" for label, value, _ in parameters(scene.rules))
    click(scene, scene.status()["buttons"]["done"])
    assert taken == [RuleChoice(preset="fde-advanced", overrides={"tyres": False})] and app.scene.name == "menu"


def test_esc_leaves_the_rules_screen_without_changes(rules_screen) -> None:
    app, scene, taken = rules_screen
    click(scene, scene.status()["buttons"]["module.weather"])
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert taken == [] and app.scene.name == "menu"


def test_every_parameter_names_its_rule_ids_in_both_languages() -> None:
    for preset in PRESETS.values():
        english = parameters(preset)
        texts.set_language("de")
        german = parameters(preset)
        texts.set_language("en")
        assert all(ids for _, _, ids in english) and [g[2] for g in german] == [e[2] for e in english]
        assert [g[0] for g in german] != [e[0] for e in english]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_module_string_has_a_translation(language: str) -> None:
    english, translated = catalog.table("en"), catalog.table(language)
    for key, forms in english.items():
        if key.split(".")[0] in ("module", "preset", "weather", "tyre", "via", "crew"):
            assert all(f.strip() for f in forms) and all(f.strip() for f in translated[key]), key
    wanted = [f"module.{m.key}" for m in MODULES] + [f"module.{m.key}.about" for m in MODULES]
    wanted += [
        f"weather.{c}"
        for c in (
            "sun",
            "rain",
            "dry",
            "variable",
            "row_sun",
            "row_rain",
            "temp_sun",
            "temp_rain",
            "locked_sun",
            "locked_rain",
        )
    ]
    wanted += [f"tyre.{t}" for t in ("hard", "soft", "rain")] + [f"via.{v}.short" for v in ("slip", "bonus", "slide")]
    wanted += [f"preset.{k}" for k in PRESETS] + [f"preset.{k}.about" for k in PRESETS]
    assert not [k for k in wanted if k not in translated]


def test_rule_ids_are_for_the_curious_only(tmp_path: Path, monkeypatch) -> None:
    """The catalogue's rule IDs (CORE-SLIP-1 ...) are not player's text; I shows them."""
    app = make_app(tmp_path)
    scene = RulesScene(app, RuleChoice(preset="fd-modules"), lambda choice: None)
    app.push(scene)
    drawn = spy_texts(monkeypatch)
    app.frame(1 / 60)
    assert not any("CORE-SLIP-1" in s or "TYRE-1" == s for s in drawn)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i", scancode=0))
    drawn.clear()
    app.frame(1 / 60)
    assert any("CORE-SLIP-1" in s for s in drawn)
