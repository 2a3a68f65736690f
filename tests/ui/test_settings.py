"""Settings and the line-up: validated JSON in the data folder; a bad value costs only that value."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import Driver, default_lineup, load_lineup, save_lineup
from game.storage.paths import data_dir
from game.storage.settings import Settings, load_settings, save_settings
from game.texts import system_language
from tests.ui.helpers import make_app


def test_missing_file_gives_the_defaults_silently(tmp_path: Path) -> None:
    settings, notices = load_settings(tmp_path)
    assert notices == []
    assert settings.volume == 80 and not settings.mute and not settings.fullscreen


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(language="de", volume=35, mute=True, animation_speed=4, fullscreen=True)
    save_settings(tmp_path, s)
    assert load_settings(tmp_path) == (s, [])


@pytest.mark.parametrize("text", ["{not json", "", "\x00\x01", "[1, 2"])
def test_damaged_file_gives_defaults_and_one_clear_notice(tmp_path: Path, text: str) -> None:
    (tmp_path / "settings.json").write_text(text)
    settings, notices = load_settings(tmp_path)
    assert settings == Settings()
    assert [n.key for n in notices] == ["notice.settings_not_json", "notice.damaged_kept"]
    assert str(tmp_path / "settings.json") in notices[0].text()
    assert (tmp_path / "settings.json.damaged").read_text() == text


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"volume": 300}, "volume"),
        ({"language": "xx"}, "language"),
        ({"animation_speed": "fast"}, "animation_speed"),
        ({"colour_scheme": "pink"}, "colour_scheme"),
        ([], "-"),
    ],
)
def test_invalid_values_give_defaults_and_name_the_field(tmp_path: Path, raw: object, field: str) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(raw))
    settings, notices = load_settings(tmp_path)
    assert settings == Settings()
    assert notices[0].key == "notice.settings_invalid"
    assert notices[0].values["field"] == field


def test_data_folder_follows_xdg_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "formula-d"


def test_data_folder_without_xdg_is_the_platforms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without XDG_DATA_HOME the folder is platformdirs' user data folder for the game, in the home folder."""
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = data_dir()
    assert folder.name == "formula-d" and tmp_path in folder.parents


def test_language_default_follows_the_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "de"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert system_language() == "en"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "it_IT.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "fr_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "de_CH", "LANG": "fr_FR"}, "de"),
    ],
)
def test_the_first_language_is_the_desktop_s_if_the_game_speaks_it(environ: dict[str, str], language: str) -> None:
    """fr_FR -> French, de_AT -> German, anything else English; LC_ALL before LC_MESSAGES before LANG."""
    assert system_language(environ) == language


def test_a_language_the_game_does_not_speak_is_refused_by_name(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "xx", "volume": 35}))
    settings, notices = load_settings(tmp_path)
    assert settings.volume == 35 and settings.language in ("en", "de", "fr")
    assert any("language" in n.text() for n in notices)


def test_one_bad_setting_keeps_the_others_and_the_damaged_file_is_kept_aside(tmp_path: Path) -> None:
    mine = Settings(language="de", volume=35, mute=True, animation_speed=4, fullscreen=True)
    text = json.dumps({**mine.model_dump(), "volume": 300})
    (tmp_path / "settings.json").write_text(text)
    settings, notices = load_settings(tmp_path)
    assert settings == mine.model_copy(update={"volume": Settings().volume})
    assert [n.key for n in notices] == ["notice.settings_invalid", "notice.damaged_kept"]
    assert "volume" in notices[0].text() and str(tmp_path / "settings.json") in notices[0].text()
    assert str(tmp_path / "settings.json.damaged") in notices[1].text()
    # the next change overwrites settings.json, never the copy; the same damage read again reuses it
    load_settings(tmp_path)
    save_settings(tmp_path, settings)
    assert (tmp_path / "settings.json.damaged").read_text() == text
    assert load_settings(tmp_path) == (settings, [])
    # a later, different damage gets a copy of its own
    (tmp_path / "settings.json").write_text('{"mute": "maybe"}')
    _, notices = load_settings(tmp_path)
    assert notices[1].values["copy"] == str(tmp_path / "settings.json.damaged-2")
    assert (tmp_path / "settings.json.damaged").read_text() == text


def test_one_bad_lineup_field_keeps_every_valid_one_and_says_which(tmp_path: Path) -> None:
    mine = default_lineup().model_copy(
        update={
            "laps": 3,
            "track": "hohenau.tmx",
            "drivers": (
                Driver(kind="human", name="Zoë", colour="#123456", number=7),
                Driver(kind="aggressive", name="Max", colour="#654321", number=33),
                Driver(kind="careful", name="Ute", colour="#abcdef", number=9),
            ),
        }
    )
    raw = mine.model_dump(mode="json")
    raw["preset"] = 5
    raw["drivers"][1]["colour"] = "red"
    text = json.dumps(raw)
    (tmp_path / "lineup.json").write_text(text)
    lineup, notices = load_lineup(tmp_path)
    assert lineup.laps == 3 and lineup.track == "hohenau.tmx" and lineup.preset == default_lineup().preset
    assert [d.name for d in lineup.drivers] == ["Zoë", "Max", "Ute"] and lineup.drivers[1].number == 33
    assert lineup.drivers[1].colour == default_lineup().drivers[1].colour
    assert [n.key for n in notices] == ["notice.lineup_invalid", "notice.damaged_kept"]
    assert notices[0].values["field"] == "drivers.1.colour, preset"
    save_lineup(tmp_path, lineup)
    assert (tmp_path / "lineup.json.damaged").read_text() == text
    assert load_lineup(tmp_path) == (lineup, [])


def test_the_set_up_screen_says_what_was_wrong_with_the_lineup_file(tmp_path: Path) -> None:
    raw = {**default_lineup().model_dump(mode="json"), "laps": 0}
    (tmp_path / "lineup.json").write_text(json.dumps(raw))
    app = make_app(tmp_path)
    app.push(SetupScene(app))
    assert [n.key for n in app.notices] == ["notice.lineup_invalid", "notice.damaged_kept"]
    assert "laps" in app.notices[0].text()


def test_an_endless_settings_file_is_refused_and_the_defaults_used(tmp_path: Path) -> None:
    """A pipe named settings.json would never end; it is named, not read."""
    os.mkfifo(tmp_path / "settings.json")
    settings, notices = load_settings(tmp_path)
    assert settings == Settings(language=settings.language)
    assert [n.key for n in notices] == ["notice.settings_unreadable"]
    assert "a device or a pipe" in notices[0].text()
