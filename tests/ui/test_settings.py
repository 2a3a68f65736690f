"""Settings: validated JSON in the data folder; a damaged file means defaults and one notice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.storage.paths import data_dir
from game.storage.settings import Settings, load_settings, save_settings, system_language


def test_missing_file_gives_the_defaults_silently(tmp_path: Path) -> None:
    settings, notice = load_settings(tmp_path)
    assert notice is None
    assert settings.volume == 80 and not settings.mute and not settings.fullscreen


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(language="de", volume=35, mute=True, animation_speed=4, fullscreen=True)
    save_settings(tmp_path, s)
    assert load_settings(tmp_path) == (s, None)


@pytest.mark.parametrize("text", ["{not json", "", "\x00\x01", "[1, 2"])
def test_damaged_file_gives_defaults_and_one_clear_notice(tmp_path: Path, text: str) -> None:
    (tmp_path / "settings.json").write_text(text)
    settings, notice = load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and notice.key == "notice.settings_not_json"
    assert str(tmp_path / "settings.json") in notice.text()


@pytest.mark.parametrize("raw, field", [
    ({"volume": 300}, "volume"),
    ({"language": "xx"}, "language"),
    ({"animation_speed": "fast"}, "animation_speed"),
    ({"colour_scheme": "pink"}, "colour_scheme"),
    ([], "-"),
])
def test_invalid_values_give_defaults_and_name_the_field(tmp_path: Path, raw: object, field: str) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(raw))
    settings, notice = load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and notice.key == "notice.settings_invalid"
    assert notice.values["field"] == field


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
