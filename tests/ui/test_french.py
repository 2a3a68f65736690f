"""Formula Dé in French (the game was born in France): the French catalogue is complete, its
plural rule counts 0 like 1, and the names of the French boxes and boards are used."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime

import pytest

from game import texts
from game.texts import LANGUAGES, place_name, reason_text, tr, tr_in
from rules.reasons import Code, Reason
from tests.conftest import REPO


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def test_the_game_speaks_english_german_and_french() -> None:
    assert LANGUAGES == ("en", "de", "fr")
    assert [tr(f"lang.{lang}") for lang in LANGUAGES] == ["English", "Deutsch", "Français"]


def test_the_french_box_names_the_game_formula_de() -> None:
    texts.set_language("fr")
    assert tr("app.title") == "Formula Dé"
    assert tr("preset.fde-advanced") == "Formula Dé avancé"
    assert tr("menu.new_race") == "Nouvelle course"


def test_french_counts_zero_in_the_singular_and_english_in_the_plural() -> None:
    """The catalogue's own plural rule picks the form: "0 case" in French, "0 spaces" in English."""
    assert tr("qual.spaces", n=0) == "0 spaces"
    texts.set_language("fr")
    assert [tr("qual.spaces", n=n) for n in (0, 1, 2)] == ["0 case", "1 case", "2 cases"]
    assert tr("log.moved", name="Anne", n=1, space="B7") == "Anne avance de 1 case jusqu’à B7."


def test_reasons_and_their_words_are_french() -> None:
    texts.set_language("fr")
    gone = Reason(rule="CORE-ENGINE-3", code=Code.AREA_GONE, values={"area": "road_holding"})
    assert reason_text(gone) == "Le dernier PU de tenue de route est perdu : la voiture est hors course."
    missed = Reason(rule="CORNER-5", code=Code.MISSED_STOPS, values={"corner": "Turn 5", "stops": 0, "required": 2})
    assert reason_text(missed) == "Quitter Virage 5 après 0 arrêts sur 2 élimine la voiture."
    brake = Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": 1, "brakes": 0})
    assert reason_text(brake).startswith("S’arrêter 1 case plus tôt coûte 1 PU de freins")


def test_the_boards_names_are_french_and_a_designer_s_own_stay() -> None:
    texts.set_language("fr")
    assert place_name("Turn 11") == "Virage 11"
    assert place_name("Main grandstand") == "Tribune principale"
    assert place_name("Lindenring Oval") == "Ovale du Lindenring"
    assert place_name("Lindenkehre") == "Lindenkehre"


def test_numbers_and_dates_are_written_the_french_way() -> None:
    texts.set_language("fr")
    assert texts.decimal(3.46) == "3,5"
    from game.play.stopwatch import clock_text

    assert clock_text(262_000) == "4:22,0" and clock_text(262_000, tenths=False) == "4:22"
    assert texts.date_time(datetime(2026, 12, 1, 18, 5)) == "01/12/2026 18:05"
    assert tr_in("fr", "records.rank") == "Rang"


def test_the_settings_offer_french_and_switch_without_a_restart(tmp_path) -> None:
    """A real click on "Français" in the settings: the menu speaks French at once, and it is stored."""
    import json

    from game.scenes.menus.menu import MenuScene
    from game.scenes.menus.settings import SettingsScene
    from tests.ui.helpers import make_app
    from tests.ui.test_scenes import press

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    app.frame(0.016)
    press(app.scene, "settings")
    assert isinstance(app.scene, SettingsScene)
    app.frame(0.016)
    press(app.scene, "language.fr")
    app.frame(0.016)
    assert texts.language() == "fr" and tr("settings.title") == "Réglages"
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "fr"


def test_the_command_line_tools_speak_the_desktop_s_language() -> None:
    """`formula-d track ...` and the other tools follow LANG like the game's first start."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")} | {"LANG": "fr_FR.UTF-8"}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import game.main, game.texts as t; game.main.speak_the_desktop_s_language(); print(t.tr('menu.new_race'))",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=True,
    )
    assert result.stdout.strip() == "Nouvelle course", result.stderr
