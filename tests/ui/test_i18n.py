"""Every string a player sees exists in every language, from gettext catalogues: English is the
source (the package ``game/texts/en``), each other language a ``.po`` file that must be complete,
not fuzzy, with the English placeholders, and the ``.pot`` template must be extracted from today's
English source, where each key is defined once."""

from __future__ import annotations

import ast
import os
import string
import subprocess
from pathlib import Path

import pytest

from game import texts
from game.play.racelog import LogLine
from game.storage.lineup import KINDS
from game.storage.settings import SPEEDS
from game.texts import LANGUAGES, Plural, catalog, en, mo, reason_text, tr
from rules.car import Area
from rules.dice import Purpose
from rules.reasons import TEMPLATES, Code, Reason
from rules.ruleset import PRESETS
from rules.tables.checks import StartKind
from tests.conftest import require_tool

GAME = Path(texts.__file__).parent.parent
#: The English source, which holds the keys rather than asks for them.
TABLES = set(Path(en.__file__).parent.rglob("*.py"))
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def game_sources() -> list[Path]:
    return [p for p in sorted(GAME.rglob("*.py")) if p not in TABLES]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def english_texts(entry: str | Plural) -> list[str]:
    return [entry.one, entry.many] if isinstance(entry, Plural) else [entry]


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_is_complete_with_the_english_placeholders(language: str) -> None:
    """A missing, empty or fuzzy entry, or a placeholder missing or extra, is named by key."""
    assert catalog.problems(language) == []


def test_the_template_is_extracted_from_today_s_english_texts() -> None:
    assert catalog.template_problems() == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_msgfmt_finds_no_untranslated_or_fuzzy_message(language: str) -> None:
    msgfmt = require_tool("msgfmt")
    result = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", os.devnull, str(mo.catalogue(language))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "translated message" in result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr


def _broken_catalogue(tmp_path: Path, edit: dict[str, str | None], fuzzy: str = "") -> Path:
    """The German catalogue with some entries changed (None: removed) or marked fuzzy."""
    po = catalog.read(mo.catalogue("de"))
    for message in list(po):
        if message.context in edit:
            if edit[message.context] is None:
                po.delete(message.id, context=message.context)
            else:
                message.string = edit[message.context]
        if message.context == fuzzy:
            message.flags.add("fuzzy")
    path = tmp_path / "de.po"
    catalog.write(po, path)
    return path


def test_the_check_names_each_broken_entry_by_key(tmp_path: Path) -> None:
    """Guard the guard: a missing entry, a fuzzy one, a lost and an invented placeholder."""
    path = _broken_catalogue(
        tmp_path,
        {"menu.quit": None, "log.wear": "{name} verliert VP.", "race.hint.remote": "Warten auf {nom} …"},
        fuzzy="menu.settings",
    )
    found = "\n".join(catalog.problems("de", path))
    assert "'menu.quit' is not translated" in found
    assert "'menu.settings' is marked fuzzy" in found
    assert "'log.wear' lacks ['area', 'left', 'lost']" in found
    assert "'race.hint.remote' has ['nom']" in found and "'race.hint.remote' lacks ['name']" in found
    assert len(found.splitlines()) == 5


def test_a_plural_form_may_leave_out_the_count_but_nothing_else(tmp_path: Path) -> None:
    po = catalog.read(mo.catalogue("de"))
    spaces = po.get(("1 space", "{n} spaces"), context="qual.spaces")
    assert spaces is not None
    spaces.string = ("ein Feld", "{n} Felder")
    catalog.write(po, tmp_path / "ok.po")
    assert catalog.problems("de", tmp_path / "ok.po") == []
    spaces.string = ("ein Feld", "viele Felder")
    catalog.write(po, tmp_path / "bad.po")
    assert catalog.problems("de", tmp_path / "bad.po") == [
        "de (%s): msgctxt 'qual.spaces' lacks ['n']" % (tmp_path / "bad.po")
    ]


def test_a_new_english_key_makes_the_template_out_of_date(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key added to the English source and not yet to the catalogues: the check says so and names the
    command to run."""
    monkeypatch.setitem(en.STRINGS, "menu.brand_new", "Brand new")
    found = catalog.template_problems()
    assert "formula_d.pot: menu.brand_new is new or changed in game/texts/en" in found
    assert any("python -m game.texts.catalog update" in line for line in found)
    assert any("'menu.brand_new' is not translated" in line for line in catalog.problems("de"))


def test_no_plural_syntax_of_our_own_remains() -> None:
    """Plurals are gettext's: no "{n:space|spaces}" and no "KEY.1" singulars in any language."""
    for language in LANGUAGES:
        for key, forms in catalog.table(language).items():
            assert not key.endswith(".1") or key.startswith("speed."), key
            for text in forms:
                assert not any(spec and "|" in spec for _, _, spec, _ in string.Formatter().parse(text)), (
                    language,
                    key,
                )


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_is_compiled_once_into_the_cache(language: str, tmp_path: Path) -> None:
    first = mo.compiled(language, tmp_path)
    written = list(tmp_path.glob(f"{language}-*.mo"))
    assert len(written) == 1 and written[0].read_bytes() == first
    assert not list(tmp_path.glob(".*.tmp"))
    written[0].write_bytes(first)  # the next start reads it instead of compiling again
    stamp = written[0].stat().st_mtime_ns
    assert mo.compiled(language, tmp_path) == first and written[0].stat().st_mtime_ns == stamp


def test_a_read_only_cache_still_gives_the_catalogue(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    translations = mo.load("de", blocked / "locale")
    assert translations.pgettext("menu.new_race", "New race") == "Neues Rennen"


def test_a_broken_placeholder_in_a_catalogue_shows_english_rather_than_crashing(monkeypatch) -> None:
    import gettext

    class Broken(gettext.NullTranslations):
        def pgettext(self, context: str, message: str) -> str:
            return "{nom} attend"

    monkeypatch.setitem(texts._loaded, "de", Broken())
    texts.set_language("de")
    assert tr("race.hint.remote", name="Ann") == "Waiting for Ann…"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_code_has_a_template_with_the_rules_placeholders(language: str) -> None:
    for code in Code:
        entry = en.REASONS[code]
        assert set().union(*map(fields, english_texts(entry))) <= fields(TEMPLATES[code]), code


SAMPLE_VALUES = {
    "current": 4,
    "target": 1,
    "area": "gearbox",
    "skipped": 2,
    "needed": 2,
    "available": 1,
    "allowed": "1",
    "total": 19,
    "required": 20,
    "points": 0,
    "minimum": 1,
    "maximum": 7,
    "src": "A1",
    "dst": "C9",
    "spaces": 2,
    "brakes": 1,
    "tyres": 0,
    "corner": "Lindenkehre",
    "stops": 1,
    "space": "B7",
    "action": "roll",
    "value": 9,
    "die": "gear4",
    "gear": 5,
    "limit": 4,
    "roll": 7,
}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("code", list(Code))
def test_reasons_are_translated_from_their_values(code: Code, language: str) -> None:
    reason = Reason(rule="X-1", code=code, values={k: SAMPLE_VALUES.get(k, 3) for k in fields(TEMPLATES[code])})
    english = reason_text(reason)
    texts.set_language(language)
    translated = reason_text(reason)
    assert english and translated and english != translated
    assert "gearbox" not in translated and "gear4" not in translated  # words from the values are translated too


def test_words_in_reason_values_are_translated() -> None:
    r = Reason(rule="CORE-ENGINE-3", code=Code.AREA_GONE, values={"area": "road_holding"})
    assert reason_text(r) == "The last road-holding wear point is gone: the car is out of the race."
    texts.set_language("de")
    assert "Straßenlage" in reason_text(r)


def test_keys_made_from_game_values_exist() -> None:
    """Keys the code builds from the rules' vocabulary (areas, purposes, ...) all exist."""
    wanted = (
        [f"area.{a.value}" for a in Area]
        + [f"word.area.{a.value}" for a in Area]
        + [f"area_short.{a.value}" for a in Area]
        + [f"purpose.{p.value}" for p in Purpose]
        + [f"log.start.{k.value}" for k in StartKind]
        + [f"preset.{k}" for k in PRESETS]
        + [f"preset.{k}.about" for k in PRESETS]
        + [f"lang.{lang}" for lang in LANGUAGES]
        + [f"speed.{level}" for level in SPEEDS]
        + [f"driver.{k}" for k in KINDS]
        + [f"action.{a}" for a in ("roll", "gear", "move")]
        + ["die.black", "die.gear"]
    )
    missing = [k for k in wanted if k not in en.STRINGS]
    assert not missing


def _asked_for(tree: ast.AST) -> tuple[set[str], set[str]]:
    """Literal keys and f-string key prefixes passed to ``tr``/``Notice``/``LogLine`` (and to ``say``, a
    track designer's message) in a module, also as ``partial(tr, key)`` (a label asked for later)."""
    keys, prefixes = set(), set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name == "partial" and len(node.args) > 1 and isinstance(node.args[0], ast.Name) and node.args[0].id == "tr":
            name, args = "tr", node.args[1:]
        else:
            args = node.args
        if name not in ("tr", "tr_in", "Notice", "LogLine", "say"):
            continue
        arg = args[1] if name == "tr_in" and len(args) > 1 else args[0]
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
        missing += [f"{path.name}: {k}" for k in keys if k not in en.STRINGS]
        missing += [f"{path.name}: {p}*" for p in prefixes if not any(k.startswith(p) for k in en.STRINGS)]
    assert not missing, missing


def test_every_key_is_used_somewhere() -> None:
    """No dead strings: each key is quoted in the code, or built from a prefix the code uses."""
    sources = [p.read_text(encoding="utf-8") for p in game_sources()]
    prefixes = set().union(*(_asked_for(ast.parse(text))[1] for text in sources))
    code = "\n".join(sources)
    used = {k for k in en.STRINGS if f'"{k}"' in code or f"'{k}'" in code or any(k.startswith(p) for p in prefixes)}
    assert not [k for k in en.STRINGS if k not in used]


def test_the_key_scan_sees_the_calls() -> None:
    """Guard the guard: the scan finds keys in a known module."""
    keys, _ = _asked_for(ast.parse((GAME / "scenes" / "race" / "drawing.py").read_text(encoding="utf-8")))
    assert "race.hint.gear" in keys
    _, prefixes = _asked_for(ast.parse((GAME / "scenes" / "race" / "pacing.py").read_text(encoding="utf-8")))
    assert "purpose." in prefixes
    _, prefixes = _asked_for(ast.parse((GAME / "scenes" / "menus" / "settings.py").read_text(encoding="utf-8")))
    assert "lang." in prefixes  # partial(tr, f"lang.{lang}")
    keys, _ = _asked_for(ast.parse((GAME / "play" / "racelog.py").read_text(encoding="utf-8")))
    assert {"log.moved", "dice.spaces"} <= keys


def test_language_switch_changes_the_text() -> None:
    assert tr("menu.new_race") == "New race"
    texts.set_language("de")
    assert tr("menu.new_race") == "Neues Rennen"
    with pytest.raises(ValueError, match="the game speaks en, de"):
        texts.set_language("xx")


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_space_is_singular(language: str) -> None:
    """ "1 spaces". A plural text says one thing in the singular."""
    texts.set_language(language)
    assert tr("qual.spaces", n=1) != tr("qual.spaces", n=2).replace("2", "1")
    assert "1" in tr("via.slide", n=1) and tr("via.slide", n=1) != tr("via.slide", n=2).replace("2", "1")


PLURAL_OF_ONE = {"en": "1 spaces", "de": "1 Felder", "fr": "1 cases"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_says_1_spaces(language: str) -> None:
    """Every text with each placeholder 1: "+1 spaces" was shown for a one-space engine boost."""
    texts.set_language(language)
    wrong = []
    for key, entry in en.STRINGS.items():
        names = set().union(*map(fields, english_texts(entry))) | (
            {entry.count} if isinstance(entry, Plural) else set()
        )
        shown = tr(key, **{name: 1 for name in names})
        if PLURAL_OF_ONE[language] in shown:
            wrong.append(f"{key}: {shown}")
    assert not wrong


def test_english_texts_use_the_english_profile_names() -> None:
    """The English log said "Praktiker" where the set-up says "Practitioner"."""
    english = catalog.table("en")
    for language in TRANSLATED:
        table = catalog.table(language)
        foreign = {table[k][0] for k in table if k.startswith("profile.") and not k.endswith(".about")}
        foreign -= {english[k][0] for k in english if k.startswith("profile.")}
        assert foreign
        leaks = [(k, v) for k, v in english.items() if any(g in text for g in foreign for text in v)]
        assert not leaks


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_circuits_have_translated_names(language: str) -> None:
    """The track names stayed English in a German game: every shipped circuit's name is translated."""
    from game.board.catalogue import map_title
    from game.texts import place_name

    titles = [map_title(p) for p in sorted((GAME.parent / "maps").glob("*.tmx"))]
    texts.set_language(language)
    assert titles and all(place_name(t) != t for t in titles)
    expected = {"de": "Grand-Prix-Kurs Hohenau", "fr": "Circuit de Grand Prix de Hohenau"}[language]
    assert place_name("Hohenau Grand Prix Circuit") == expected


def test_the_lap_records_rank_column_says_rank() -> None:
    from game.scenes.qualifying.records import HEADS

    assert tr(HEADS[0]) == "Rank"
    texts.set_language("de")
    assert tr(HEADS[0]) == "Rang"


def test_the_set_up_log_line_names_the_areas() -> None:
    """ "(T6 B3 F3 Bo3 E3 RH2)" was a riddle; the log names each area with its WP."""
    line = LogLine("log.setup.car", {"name": "Ann", "wp": (("tyres", 6), ("body", 3), ("road_holding", 2))}).text()
    assert line == "Ann's car: Tyres 6, Body 3, Road holding 2."


def test_numbers_and_dates_follow_the_language() -> None:
    from datetime import datetime

    moment = datetime(2026, 12, 1, 18, 5)
    assert (texts.decimal(3.46), texts.date_time(moment)) == ("3.5", "12/1/2026 18:05")
    texts.set_language("de")
    assert (texts.decimal(3.46), texts.date_time(moment)) == ("3,5", "1.12.2026 18:05")


def test_every_character_of_every_text_has_a_glyph_in_the_game_s_font() -> None:
    """pygame's font draws a missing character as an empty box (an arrow once did in German and
    English): every character of every language's texts renders as something else than that box."""
    import pygame

    from game import theme

    font = theme.font(20)

    def picture(c: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(c, True, (255, 255, 255))
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    box = picture("\U0010fffd")  # a private-use character no font has
    chars = {c for lang in LANGUAGES for forms in catalog.table(lang).values() for text in forms for c in text}
    assert sorted(c for c in chars if not c.isspace() and picture(c) == box) == []


def test_babel_s_extractor_finds_the_same_texts_as_the_template() -> None:
    """`pybabel extract` with the project's mapping and extractor gives the .pot's messages, with their
    keys, each once, from the module of the English source that defines it, at its line there."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (GAME / "locale" / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = list(extract_from_dir(str(GAME / "texts"), method_map, options_map))
    keys = [(context, msgid if isinstance(msgid, str) else tuple(msgid)) for _, _, msgid, _, context in found]
    wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog.template() if m.id}
    assert len(keys) == len(set(keys)) and set(keys) == wanted and len(wanted) > 900
    where = {context: (path, line) for path, line, _, _, context in found}
    assert where["app.title"] == ("en/common.py", _line_of('"app.title"', GAME / "texts" / "en" / "common.py"))
    assert where["track.where.track"][0] == "en/tracks.py"
    assert where["reason.cannot_brake"][0] == "en/reasons.py" and where["reason.cannot_brake"][1] > 1
    assert {path for path, _, _, _, context in found if context == "place"} == {"en/places.py"}


def _line_of(needle: str, path: Path) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_key_defined_in_two_groups_is_refused_naming_both() -> None:
    """The English tables are gathered from their modules; a key in two of them would let one text
    silently replace the other, so the gathering refuses it."""
    groups = dict(en.GROUPS)
    groups["keys.KEYS"] = {**en.GROUPS["keys.KEYS"], "menu.quit": "Leave"}
    with pytest.raises(en.DuplicateKey, match="'menu.quit' is defined twice: in common.COMMON and in keys.KEYS"):
        en.merged(groups)
    assert en.merged(en.GROUPS) == en.STRINGS and list(en.merged(en.GROUPS)) == list(en.STRINGS)


def _repeated_keys(source: str) -> list[str]:
    """The keys a module's source writes twice in one dict."""
    repeated = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            written = [ast.unparse(key) for key in node.keys if key is not None]
            repeated += sorted(key for key in set(written) if written.count(key) > 1)
    return repeated


def test_no_key_is_written_twice_in_one_table_of_the_english_source() -> None:
    """Within one dict a repeated key silently keeps the last text, which the gathering cannot see:
    every module of the English source writes each key once."""
    assert len(TABLES) > 10 and Path(en.__file__) in TABLES  # the scan reads every module of the package
    assert [f"{p.name}: {key}" for p in sorted(TABLES) for key in _repeated_keys(p.read_text(encoding="utf-8"))] == []
    assert _repeated_keys('X = {"menu.quit": "Quit", Code.TYRES_GONE: "", "menu.quit": "Leave"}') == ["'menu.quit'"]


def test_a_damaged_catalogue_leaves_the_game_in_english_and_says_how_to_fix_it(monkeypatch, capsys) -> None:
    """A .po that cannot be read (here: binary junk) never crashes the game."""
    from game.texts import mo as compiled

    monkeypatch.setattr(compiled, "compiled", lambda language, folder=None: b"\x00 not a catalogue")
    kept = texts._loaded.pop("de", None)
    try:
        texts.set_language("de")
        assert tr("menu.new_race") == "New race"
    finally:
        texts._loaded.pop("de", None)
        if kept is not None:
            texts._loaded["de"] = kept
    said = capsys.readouterr().err
    assert "formula_d.po" in said and "'de' translations cannot be read" in said and "Fix:" in said
