"""The track designer's messages speak the player's language: ``track check`` under a German
or French locale, and a problem shown after the language changed.

Every problem of the broken-track corpus (``tests/tracks/broken/``, see
tests/game/test_broken_tracks.py for the English lines) is said by text key and values,
translated in every catalogue when it is shown.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import texts
from game.texts import LANGUAGES, catalog, en
from game.tracks.drawing import Problem, Said, say
from game.tracks.load import check_track
from tests.conftest import REPO

BROKEN = REPO / "tests" / "tracks" / "broken"
EXPECTED: dict[str, str] = json.loads((BROKEN / "expected.json").read_text(encoding="utf-8"))
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
#: The file names of the corpus, each file broken in one way.
CORPUS = sorted(EXPECTED)


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def run_in(locale: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``main.py`` as a designer in that locale starts it from a shell."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env["LANG"] = locale
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=REPO, capture_output=True, text=True, timeout=120, env=env
    )


def keys_of(said: Said) -> list[str]:
    """The text keys of a message and of the phrases inside it."""
    out = [said.key]
    for _, value in said.values:
        for part in value if isinstance(value, tuple) else (value,):
            if isinstance(part, Said):
                out += keys_of(part)
    return out


# (file, a phrase of the German line, a phrase of the French line)
SAID_IN = [
    (
        "arrow_backwards.tmx",
        "zeigt nicht nach vorn: er führt auf der Strecke zurück",
        "ne pointe pas vers l'avant : elle revient en arrière sur le circuit",
    ),
    (
        "blocked_closes_lane.tmx",
        "2 Felder sind von der Startaufstellung aus nicht erreichbar, zuerst C14",
        "2 cases ne peuvent pas être atteintes depuis la grille, à commencer par C14",
    ),
    (
        "box_off_pit.tmx",
        "Objekt 30 bei (668, 560): die Box liegt auf keinem Feld der Boxengasse. Abhilfe: ",
        "objet 30 en (668, 560) : le stand n'est sur aucune case de la voie des stands. Correction : ",
    ),
]


@pytest.mark.parametrize(("name", "german", "french"), SAID_IN)
def test_track_check_speaks_the_locale_s_language(name: str, german: str, french: str) -> None:
    """``LANG=de_DE.UTF-8 python main.py track check`` prints the problem in German, fr_FR in
    French, each line still naming the file first; the English line is not there."""
    path = f"tests/tracks/broken/{name}"
    for locale, phrase in (("de_DE.UTF-8", german), ("fr_FR.UTF-8", french)):
        result = run_in(locale, "track", "check", path)
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stdout + result.stderr
        assert phrase in result.stdout, result.stdout
        assert EXPECTED[name] not in result.stdout, result.stdout
        assert all(line.startswith(path) for line in result.stdout.splitlines()), result.stdout


def test_track_info_on_a_broken_track_speaks_french_too() -> None:
    result = run_in("fr_FR.UTF-8", "track", "info", "tests/tracks/broken/box_off_pit.tmx")
    assert result.returncode == 1
    assert "le stand n'est sur aucune case de la voie des stands" in result.stderr, result.stderr


@pytest.mark.parametrize("name", CORPUS)
def test_every_broken_track_message_is_translated(name: str) -> None:
    """Each problem of the corpus in every language: its keys are translated in the catalogue
    and the line shown differs from the English one (no English sentence left in it)."""
    problems = check_track(BROKEN / name)
    assert any(EXPECTED[name] in problem.line("en") for problem in problems)  # the English as before
    for problem in problems:
        english = problem.line("en")
        for language in TRANSLATED:
            table = catalog.table(language)
            keys = keys_of(problem.said) + keys_of(problem.fix)
            assert [k for k in keys if k not in table and en.STRINGS[k] != "{detail}"] == [], (language, keys)
            shown = problem.line(language)
            assert shown != english, (language, shown)
            assert problem.message not in shown and problem.hint not in shown, (language, shown)


def test_a_problem_is_translated_when_shown_not_when_found() -> None:
    """A problem found in English shows in German after the player switched the language."""
    [problem] = check_track(BROKEN / "box_off_pit.tmx")
    assert "box is not on a pit-lane space. Fix: move the box point onto the pit lane" in problem.line()
    texts.set_language("de")
    assert "die Box liegt auf keinem Feld der Boxengasse. Abhilfe: verschiebe den Punkt der Box" in problem.line()
    assert problem.message == "box is not on a pit-lane space"  # the English, for code that reasons on it


def test_phrases_inside_a_message_follow_its_language() -> None:
    """A phrase in a value ("the map", "pit box 3") is translated with the sentence around it."""
    problem = Problem(
        say("track.blocked_in_pit", space="P3", what=say("track.what.pit_box", n=3)),
        say("track.blocked_in_pit.fix"),
        7,
        10.4,
        20.6,
        "maps/x.tmx",
    )
    assert problem.line("en").startswith(
        "maps/x.tmx: object 7 at (10, 21): the blocked space is on P3, pit box 3: "
        "the pit lane has no blocked spaces. Fix: "
    )
    assert "das gesperrte Feld liegt auf P3, Box 3" in problem.line("de")
    assert "la case bloquée est sur P3, stand 3" in problem.line("fr")


def test_a_value_may_have_any_name_the_texts_use() -> None:
    """``say`` takes its key positionally, so a value may be called anything the texts name."""
    said = say("track.no_weather", prop="weather_sun")
    assert said.text("en") == "the map has no weather_sun"
    assert said.text("de") == "der Karte fehlt weather_sun"


def test_track_watch_reports_a_broken_map_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One round of ``track watch`` in French: the count of problems and each problem's line."""
    from game.tools.trackwatch import run_once

    texts.set_language("fr")
    broken = BROKEN / "box_off_pit.tmx"
    assert not run_once(broken, tmp_path / "board.png", False, False, False)
    said = capsys.readouterr().out
    assert "1 problème, l'image n'est pas mise à jour" in said, said
    assert "le stand n'est sur aucune case de la voie des stands" in said, said
    assert not (tmp_path / "board.png").exists()


def test_track_render_refuses_a_broken_map_in_german(tmp_path: Path) -> None:
    picture = tmp_path / "board.png"
    result = run_in("de_DE.UTF-8", "track", "render", "tests/tracks/broken/box_off_pit.tmx", str(picture))
    assert result.returncode == 1 and not picture.exists()
    assert "die Box liegt auf keinem Feld der Boxengasse" in result.stderr, result.stderr
    assert "nicht gezeichnet; behebe die Probleme oben" in result.stderr, result.stderr


def test_track_check_says_ok_in_german() -> None:
    result = run_in("de_DE.UTF-8", "track", "check", "maps/oval.tmx")
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip() == "maps/oval.tmx: in Ordnung"


def test_a_fraction_in_a_message_has_the_language_s_decimal_sign() -> None:
    """ "2.5 spaces" in English is "2,5 Felder" in German and "2,5 cases" in French."""
    said = say(
        "track.placed_end", space=5, what=say("track.what.after", line=say("track.what.cut_row", id=3)), spaces=2.5
    )
    assert "after row line object 3, but lies 2.5 spaces from that line" in said.text("en")
    assert "nach Reihenlinie (Objekt 3), liegt aber 2,5 Felder von dieser Linie entfernt" in said.text("de")
    assert "après l'objet ligne de rangée 3, mais elle est à 2,5 cases de cette ligne" in said.text("fr")
