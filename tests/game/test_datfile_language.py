"""The .dat reader's errors (`track import` of a GP Online board) speak the desktop's language:
the line, what is wrong and the fix, in English, German and French; str() of the error in code
that logs it before any language is chosen stays English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts
from game.main import main
from game.tools.datfile import DatError, parse_dat


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


BAD_EDGE = "board.jpg 0\n1 10 20 1 F\n2 30 20 1\n\n1 2\n2 7\n"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "C.UTF-8",
            "board.dat:6: the edge 2 7 names node 7, which the file does not have. "
            "Fix: add that node or delete the edge",
        ),
        (
            "de_DE.UTF-8",
            "board.dat:6: die Kante 2 7 nennt Knoten 7, den die Datei nicht hat. "
            "Abhilfe: füge diesen Knoten hinzu oder lösche die Kante",
        ),
        (
            "fr_FR.UTF-8",
            "board.dat:6 : l’arête 2 7 nomme le nœud 7, que le fichier n’a pas. "
            "Correction : ajoutez ce nœud ou supprimez l’arête",
        ),
    ],
)
def test_a_bad_line_is_named_in_the_desktops_language(
    lang: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)
    src = tmp_path / "board.dat"
    src.write_text(BAD_EDGE, encoding="utf-8")
    code = main(["track", "import", str(src), str(tmp_path / "board.tmx")])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err == f"{tmp_path}/{expected}"
    assert not (tmp_path / "board.tmx").exists()


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("board.jpg 0\n1 10 20 9\n", "node type 9 is not one of 0-7", "le type de nœud 9 n’est pas l’un de 0-7"),
        (
            "board.jpg 0\n1 10 20 1 X\n",
            "the fifth word of a node line can only be F (finish), not 'X'",
            "le cinquième mot d’une ligne de nœud ne peut être que F (arrivée), pas 'X'",
        ),
        (
            "board.jpg 0\n1 10 20 1\n\n\n\n1 x\n",
            "a grid slot line must be 'ID NUMBER', not '1 x'",
            "une ligne de place de grille doit être 'ID NOMBRE', pas '1 x'",
        ),
        (
            "board.jpg 0\n1 10 20 1.5\n",
            "the node type '1.5' is not a whole number",
            "le type de nœud '1.5' n’est pas un nombre entier",
        ),
    ],
)
def test_the_error_keeps_its_english_and_shows_the_current_language(text: str, english: str, french: str) -> None:
    with pytest.raises(DatError) as caught:
        parse_dat(text, "b.dat")
    assert english in caught.value.args[0]
    texts.set_language("fr")
    assert french in str(caught.value)
    assert english in caught.value.args[0]
