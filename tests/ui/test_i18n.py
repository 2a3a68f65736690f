"""Every string a player sees exists in English and German, with the same placeholders."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from game import texts
from game.play.racelog import LogLine
from game.texts import reason_text, tr
from game.storage.lineup import KINDS
from game.storage.settings import SPEEDS
from game.texts import LANGUAGES
from game.texts import REASONS, STRINGS
from rules.car import Area
from rules.dice import Purpose
from rules.reasons import TEMPLATES, Code, Reason
from rules.ruleset import PRESETS
from rules.tables import StartKind

GAME = Path(texts.__file__).parent.parent
#: The language tables themselves, which hold the keys rather than ask for them.
TABLES = {Path(texts.en.__file__), Path(texts.de.__file__)}


def game_sources() -> list[Path]:
    return [p for p in sorted(GAME.rglob("*.py")) if p not in TABLES]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def test_both_languages_have_every_key_with_the_same_placeholders() -> None:
    assert set(STRINGS["en"]) == set(STRINGS["de"])
    for key, en in STRINGS["en"].items():
        de = STRINGS["de"][key]
        assert en.strip() and de.strip(), key
        assert fields(en) == fields(de), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_code_has_a_template_with_the_rules_placeholders(language: str) -> None:
    for code in Code:
        assert code in REASONS[language], f"{language}: no translation for {code}"
        assert fields(REASONS[language][code]) == fields(TEMPLATES[code]), code


SAMPLE_VALUES = {
    "current": 4, "target": 1, "area": "gearbox", "skipped": 2, "needed": 2, "available": 1, "allowed": "1",
    "total": 19, "required": 20, "points": 0, "minimum": 1, "maximum": 7, "src": "A1", "dst": "C9", "spaces": 2,
    "brakes": 1, "tyres": 0, "corner": "Lindenkehre", "stops": 1, "space": "B7", "action": "roll", "value": 9,
    "die": "gear4", "gear": 5, "limit": 4, "roll": 7,
}


@pytest.mark.parametrize("code", list(Code))
def test_reasons_are_translated_from_their_values(code: Code) -> None:
    reason = Reason(rule="X-1", code=code, values={k: SAMPLE_VALUES.get(k, 3) for k in fields(TEMPLATES[code])})
    english = reason_text(reason)
    texts.set_language("de")
    german = reason_text(reason)
    assert english and german and english != german
    assert "gearbox" not in german and "gear4" not in german  # words from the values are translated too


def test_words_in_reason_values_are_translated() -> None:
    r = Reason(rule="CORE-ENGINE-3", code=Code.AREA_GONE, values={"area": "road_holding"})
    assert reason_text(r) == "The last road-holding wear point is gone: the car is out of the race."
    texts.set_language("de")
    assert "Straßenlage" in reason_text(r)


def test_keys_made_from_game_values_exist() -> None:
    """Keys the code builds from the rules' vocabulary (areas, purposes, ...) all exist."""
    wanted = (
        [f"area.{a.value}" for a in Area] + [f"word.area.{a.value}" for a in Area]
        + [f"area_short.{a.value}" for a in Area] + [f"purpose.{p.value}" for p in Purpose]
        + [f"log.start.{k.value}" for k in StartKind] + [f"preset.{k}" for k in PRESETS]
        + [f"preset.{k}.about" for k in PRESETS] + [f"lang.{lang}" for lang in LANGUAGES]
        + [f"speed.{level}" for level in SPEEDS] + [f"driver.{k}" for k in KINDS]
        + [f"action.{a}" for a in ("roll", "gear", "move")] + ["die.black", "die.gear"]
    )
    missing = [k for k in wanted if k not in STRINGS["en"]]
    assert not missing


def _asked_for(tree: ast.AST) -> tuple[set[str], set[str]]:
    """Literal keys and f-string key prefixes passed to ``tr``/``Notice``/``LogLine`` in a module."""
    keys, prefixes = set(), set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in ("tr", "Notice", "LogLine"):
            continue
        arg = node.args[0]
        for choice in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):
            if isinstance(choice, ast.Constant) and isinstance(choice.value, str):
                keys.add(choice.value)
            elif isinstance(choice, ast.JoinedStr) and choice.values and isinstance(choice.values[0], ast.Constant):
                prefixes.add(str(choice.values[0].value))
    return keys, prefixes


def test_every_key_the_code_asks_for_exists() -> None:
    missing = []
    for path in game_sources():
        keys, prefixes = _asked_for(ast.parse(path.read_text(encoding="utf-8")))
        missing += [f"{path.name}: {k}" for k in keys if k not in STRINGS["en"]]
        missing += [f"{path.name}: {p}*" for p in prefixes if not any(k.startswith(p) for k in STRINGS["en"])]
    assert not missing, missing


def test_every_key_is_used_somewhere() -> None:
    """No dead strings: each key is quoted in the code, or built from a prefix the code uses."""
    sources = [p.read_text(encoding="utf-8") for p in game_sources()]
    prefixes = set().union(*(_asked_for(ast.parse(text))[1] for text in sources))
    code = "\n".join(sources)
    used = {k for k in STRINGS["en"] if f'"{k}"' in code or f"'{k}'" in code or any(k.startswith(p) for p in prefixes)}
    unused = [k for k in STRINGS["en"] if k not in used and not (k.endswith(".1") and k[:-2] in used)]  # singulars
    assert not unused, unused


def test_the_key_scan_sees_the_calls() -> None:
    """Guard the guard: the scan finds keys in a known module."""
    keys, prefixes = _asked_for(ast.parse((GAME / "scenes" / "race.py").read_text(encoding="utf-8")))
    assert "race.hint.gear" in keys and "purpose." in prefixes
    keys, _ = _asked_for(ast.parse((GAME / "play" / "racelog.py").read_text(encoding="utf-8")))
    assert {"log.moved.1", "log.moved.n"} <= keys


def test_language_switch_changes_the_text() -> None:
    assert tr("menu.new_race") == "New race"
    texts.set_language("de")
    assert tr("menu.new_race") == "Neues Rennen"
    with pytest.raises(ValueError):
        texts.set_language("fr")


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_space_is_singular(language: str) -> None:
    """Issue 18: "1 spaces". A key with a ``.1`` variant says one thing in the singular."""
    texts.set_language(language)
    assert tr("qual.spaces", n=1) != tr("qual.spaces", n=2).replace("2", "1")
    assert "1" in tr("via.slide", n=1) and tr("via.slide", n=1) == STRINGS[language]["via.slide.1"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_says_1_spaces(language: str) -> None:
    """Every text with each placeholder 1: "+1 spaces" was shown for a one-space engine boost."""
    texts.set_language(language)
    plural = {"en": "1 spaces", "de": "1 Felder"}[language]
    wrong = []
    for key, template in STRINGS[language].items():
        singular = key.endswith(".1") or (key.endswith(".n") and f"{key[:-2]}.1" in STRINGS[language])
        if isinstance(template, str) and not singular:
            shown = tr(key, **{name: 1 for name in fields(template)})
            if plural in shown:
                wrong.append(f"{key}: {shown}")
    assert not wrong


def test_english_texts_use_the_english_profile_names() -> None:
    """The English log said "Praktiker" where the set-up says "Practitioner"."""
    german = {STRINGS["de"][k] for k in STRINGS["de"] if k.startswith("profile.") and not k.endswith(".about")}
    foreign = german - {STRINGS["en"][k] for k in STRINGS["en"] if k.startswith("profile.")}
    assert foreign
    leaks = [(k, v) for k, v in STRINGS["en"].items() if isinstance(v, str) and any(g in v for g in foreign)]
    assert not leaks


def test_the_shipped_circuits_have_german_names() -> None:
    """The track names stayed English in a German game: every shipped circuit's name is translated."""
    from game.board.catalogue import map_title
    from game.texts import place_name

    titles = [map_title(p) for p in sorted((GAME.parent / "maps").glob("*.tmx"))]
    texts.set_language("de")
    assert titles and all(place_name(t) != t for t in titles)
    assert place_name("Hohenau Grand Prix Circuit") == "Grand-Prix-Kurs Hohenau"


def test_the_lap_records_rank_column_says_rank() -> None:
    from game.scenes.records import HEADS

    assert tr(HEADS[0]) == "Rank"
    texts.set_language("de")
    assert tr(HEADS[0]) == "Rang"


def test_the_set_up_log_line_names_the_areas() -> None:
    """Issue 18: "(T6 B3 F3 Bo3 E3 RH2)" was a riddle; the log names each area with its WP."""
    line = LogLine("log.setup.car", {"name": "Ann", "wp": (("tyres", 6), ("body", 3), ("road_holding", 2))}).text()
    assert line == "Ann's car: Tyres 6, Body 3, Road holding 2."


def test_every_character_of_every_text_has_a_glyph_in_the_game_s_font() -> None:
    """pygame's font draws a missing character as an empty box (an arrow once did in German and
    English): every character of both languages' texts renders as something else than that box."""
    import pygame

    from game import theme

    font = theme.font(20)

    def picture(c: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(c, True, (255, 255, 255))
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    box = picture("\U0010fffd")  # a private-use character no font has
    chars = {c for table in (*STRINGS.values(), *REASONS.values()) for text in table.values() for c in text}
    assert sorted(c for c in chars if not c.isspace() and picture(c) == box) == []
