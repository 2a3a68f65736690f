"""A file the game refuses to read (rules.files.filelimits) is named in the player's language: the
refusal carries structured reasons, translated by game.texts like the rules' own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts
from game.storage.settings import Settings, load_settings
from game.texts import refused_text
from game.tracks.load import check_track
from rules.files.filelimits import RECORD, FileRefused, check_writable, read_bytes, read_text
from rules.reasons import Code


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


def test_a_settings_file_that_is_a_folder_is_refused_in_german(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    texts.set_language("de")
    settings, notices = load_settings(tmp_path)
    assert settings == Settings(language=settings.language)
    assert [n.key for n in notices] == ["notice.settings_unreadable"]
    said = notices[0].text()
    assert "das ist ein Ordner; gib stattdessen den Pfad an, der auf die Einstellungsdatei zeigt" in said
    assert "folder" not in said and "give the path" not in said


def test_a_too_large_record_is_refused_with_its_sizes_in_german_and_french(tmp_path: Path) -> None:
    big = tmp_path / "race.json"
    with big.open("wb") as f:
        f.truncate(3 * (1 << 30))  # sparse: never read
    with pytest.raises(FileRefused) as err:
        read_bytes(big, RECORD)
    assert err.value.why.code is Code.FILE_TOO_LARGE and err.value.remedy.code is Code.FILE_RIGHT_ONE
    assert str(err.value) == "it is 3 GB, but a race record is at most 16 MB; check that it is the right file"
    texts.set_language("de")
    assert refused_text(err.value) == (
        "die Datei ist 3 GB groß, aber eine Rennaufzeichnung hat höchstens 16 MB; prüfe, ob es die richtige Datei ist"
    )
    texts.set_language("fr")
    assert refused_text(err.value) == (
        "le fichier fait 3 GB, mais un enregistrement de course fait au plus 16 MB ; vérifiez que c'est le bon fichier"
    )


def test_text_that_is_not_utf8_and_a_pipe_never_replaced_are_refused_in_german(tmp_path: Path) -> None:
    latin = tmp_path / "race.json"
    latin.write_bytes(b'{"name": "Ren\xe9"}')
    with pytest.raises(FileRefused) as bad_text:
        read_text(latin, RECORD)
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused) as pipe:
        check_writable(fifo)
    texts.set_language("de")
    assert refused_text(bad_text.value) == (
        "das ist kein UTF-8-Text (Byte 0xe9 an Stelle 13); eine Rennaufzeichnung ist eine UTF-8-Textdatei"
    )
    assert refused_text(pipe.value) == (
        "das ist ein Gerät oder eine Pipe, keine Datei, und wird nie ersetzt; gib den Namen einer gewöhnlichen Datei an"
    )


def test_a_track_file_that_never_ends_is_one_problem_in_french(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    texts.set_language("fr")
    [problem] = check_track(fifo)
    line = problem.line()
    assert "c'est un périphérique ou un tube, pas un fichier" in line
    assert "donnez plutôt le chemin vers un fichier de circuit" in line
    assert "a device or a pipe" in problem.message  # the English, for code that reasons on it
