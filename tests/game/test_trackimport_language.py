"""`track import` speaks the desktop's language (LANG), as `track check` does: the summary,
every line of what it could not keep and the reason it refuses a board, in German and French;
the --report stays English, for scripts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game import texts
from game.main import main
from game.tools.datfile import DatTrack, read_dat
from game.tools.trackimport import understand
from tests.conftest import REPO
from tests.game.test_trackimport_shapes import dat_text

DAT = REPO / "tests" / "tracks" / "dat"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


def speak(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


def with_an_unknown_node() -> tuple[DatTrack, int]:
    """The project's 3-lane oval with one straight node of type 'unknown': kept as a straight
    space, and named in the lines of what was not kept."""
    dat = read_dat(DAT / "oval3.dat")
    node = understand(dat).lanes[1][5]
    dat.nodes[node] = replace(dat.nodes[node], type=0)
    return dat, node


def run_import(dat: DatTrack, tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    src, out = tmp_path / "board.dat", tmp_path / "board.tmx"
    src.write_text(dat_text(dat), encoding="utf-8")
    code = main(["track", "import", str(src), str(out), *extra])
    said = capsys.readouterr()
    return code, said.out, said.err


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "de_DE.UTF-8",
            [
                "übernommen: 3 Fahrspuren (A 77, B 71, C 66 Felder), 3 Kurven (Stopps 2, 1, 3), Boxengasse mit "
                "14 Feldern und 10 Boxen",
                "Schritte: ",
                "angenommen: Runden 1, Wetter Sonne 13-20",
                "nicht übernommen (1):",
                "  - Knoten {node} hat den Typ 'unbekannt'; er wurde ein Feld der Geraden",
                ": geschrieben; track check: ok",
            ],
        ),
        (
            "fr_FR.UTF-8",
            [
                "repris : 3 voies (A 77, B 71, C 66 cases), 3 virages (arrêts 2, 1, 3), voie des stands de "
                "14 cases avec 10 stands",
                "pas : ",
                "supposé : tours 1, météo soleil 13-20",
                "non repris (1) :",
                "  - le nœud {node} a le type « inconnu » ; il est devenu une case de ligne droite",
                " : écrite ; track check : ok",
            ],
        ),
    ],
)
def test_an_import_says_what_it_kept_and_lost_in_the_desktop_s_language(lang, expected, tmp_path, capsys, monkeypatch):
    speak(monkeypatch, lang)
    dat, node = with_an_unknown_node()
    code, out, err = run_import(dat, tmp_path, capsys, "--report", str(tmp_path / "report.json"))
    assert code == 0, err
    for line in expected:
        assert line.format(node=node) in out
    for english in ("kept:", "steps:", "assumed:", "not kept", "has the type"):
        assert english not in out
    assert re.search(r" \d+,\d px", out)  # the space length with the language's decimal sign
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["not_kept"] == [f"node {node} has the type 'unknown'; it became a straight space"]


def test_in_english_the_lines_are_the_ones_scripts_read(tmp_path, capsys, monkeypatch):
    speak(monkeypatch, "en_GB.UTF-8")
    dat, node = with_an_unknown_node()
    code, out, err = run_import(dat, tmp_path, capsys)
    assert code == 0, err
    assert "kept: 3 lanes (A 77, B 71, C 66 spaces), 3 corners (stops 2, 1, 3)" in out
    assert f"not kept (1):\n  - node {node} has the type 'unknown'; it became a straight space\n" in out


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "de_DE.UTF-8",
            "die Ziellinie hat 0 Knoten, daher kann der Konverter die Fahrspuren nicht unterscheiden "
            "(er braucht 2 bis 4). Abhilfe: markiere im Editor von GP Online einen Knoten jeder Fahrspur "
            "mit F (oder Typ 5)",
        ),
        ("fr_FR.UTF-8", "la ligne d'arrivée a 0 nœud, le convertisseur ne peut donc pas distinguer les voies"),
    ],
)
def test_a_board_the_converter_refuses_is_refused_in_the_desktop_s_language(
    lang, expected, tmp_path, capsys, monkeypatch
):
    speak(monkeypatch, lang)
    dat = read_dat(DAT / "oval3.dat")
    dat.nodes = {n: replace(node, finish=False) for n, node in dat.nodes.items()}
    code, out, err = run_import(dat, tmp_path, capsys)
    assert code == 1 and out == ""
    assert expected in err
    assert not (tmp_path / "board.tmx").exists()


def test_a_map_name_not_ending_in_tmx_is_refused_in_german(tmp_path, capsys, monkeypatch):
    speak(monkeypatch, "de_DE.UTF-8")
    out = tmp_path / "board.png"
    assert main(["track", "import", str(DAT / "oval3.dat"), str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"{out}: die Karte wird als Tiled-Datei .tmx geschrieben; gib einen Namen an, der auf .tmx endet\n"
    assert not out.exists()


def test_every_node_type_and_step_kind_the_importer_names_has_a_text() -> None:
    """The importer builds these keys from GP Online's node types and the format's step kinds."""
    from game.texts import en
    from game.tools.datfile import TYPE_NAMES
    from game.tools.trackimport import NODE_TYPES
    from rules.track import EdgeKind

    assert len(NODE_TYPES) == len(TYPE_NAMES)
    assert [en.STRINGS[f"import.type.{name}"] for name in NODE_TYPES] == list(TYPE_NAMES)
    assert all(f"import.edge.{kind.value}" in en.STRINGS for kind in EdgeKind)
