"""The names the shipped boards print speak the player's language
("the grandstand names stay English on the board"; German games said "Turn 4: Stopp 1/2")."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game import texts
from game.texts import en, place_name, reason_text
from rules.reasons import Code, Reason
from tests.conftest import REPO


@pytest.fixture
def german():
    texts.set_language("de")
    yield
    texts.set_language("en")


def printed_names() -> set[str]:
    """Every name the shipped maps print: the circuit's, corners, scenery, street zones."""
    names = set()
    for path in (REPO / "maps").glob("*.tmx"):
        root = ET.parse(path).getroot()
        names |= {name for o in root.iter("object") if (name := o.get("name"))}
        names |= {
            value
            for p in root.iter("property")
            if p.get("name") == "circuit_name" and (value := p.get("value")) is not None
        }
    return names


def test_generic_corner_names_are_translated(german):
    assert place_name("Turn 4") == "Kurve 4"
    assert place_name("Turn 11") == "Kurve 11"
    assert place_name("Hairpin") == "Haarnadel"
    assert place_name("Main grandstand") == "Haupttribüne"


def test_a_designers_own_name_stays_as_drawn(german):
    assert place_name("Lindenkehre") == "Lindenkehre"
    assert place_name("Turnberry") == "Turnberry"  # only "Turn <number>" is the generic name


def test_english_keeps_the_printed_names():
    assert place_name("Turn 4") == "Turn 4"
    assert place_name("Main grandstand") == "Main grandstand"


def test_every_translated_name_is_printed_on_a_shipped_board():
    """No stale entries: each name to translate is something a shipped map prints."""
    printed = printed_names()
    turns = {n for n in printed if n.startswith("Turn ") and n[5:].isdigit()}
    assert turns, "Hohenau numbers its corners"
    assert set(en.PLACES) - {"Turn {n}"} <= printed


@pytest.mark.parametrize(
    "name", ["Main grandstand", "Race control", "Paddock", "Hairpin", "Old Mill", "Police station"]
)
def test_the_shipped_boards_english_names_have_german_ones(name):
    assert name in printed_names()
    assert name in en.PLACES
    texts.set_language("de")
    try:
        assert place_name(name) != name
    finally:
        texts.set_language("en")


@pytest.mark.rules("CORNER-5")
def test_a_retirement_reason_names_the_corner_in_german(german):
    reason = Reason(rule="CORNER-5", code=Code.MISSED_STOPS, values={"corner": "Turn 5", "stops": 0, "required": 2})
    assert reason_text(reason) == "Wer Kurve 5 nach 0 von 2 Stopps verlässt, scheidet aus."


def test_the_board_prints_the_stands_name_in_the_players_language(monkeypatch):
    """The Lindenring's "Linden grandstand" reads "Lindentribüne" on a German board."""
    from game.board.render import BoardRenderer, read_art
    from game.tracks.load import load_track
    from tests.game.test_board import written_in_english_then_german

    oval = REPO / "maps" / "oval.tmx"
    written = written_in_english_then_german(BoardRenderer(load_track(oval), art=read_art(oval)), monkeypatch)
    assert "Linden grandstand" in written and "Lindentribüne" in written
    assert written.count("Lindenkehre") == 2  # the corner's own name, in both languages


#: The shipped boards' corners named in German on purpose: proper names, the same in every language.
PROPER_NAMES = {
    "Adlerkehre",
    "Bank",
    "Brücke",
    "Eichkurve",
    "Gipfel",
    "Haarnadel",
    "Hirschsprung",
    "Kanzel",
    "Lindenkehre",
    "Mühlbach",
    "Mühle",
    "Schikane",
    "Seekehre",
    "Seekurve",
    "Sägewerk",
    "Talkurve",
    "Waldeck",
    "Wetterkreuz",
    "Zielkurve",
}


def test_every_corner_of_the_shipped_boards_is_translated_or_a_proper_name():
    """A new board's English corner name ("Taxiway") reached the French and German boards in English:
    each corner is a name to translate (en.PLACES, in every catalogue) or one of the proper names."""
    import re

    corners = set()
    for path in (REPO / "maps").glob("*.tmx"):
        root = ET.parse(path).getroot()
        corners |= {o.get("name") for o in root.iter("object") if o.get("name") and o.get("type") == "corner"}
    untranslated = {c for c in corners if c not in en.PLACES and not re.fullmatch(r"Turn \d+", c)}
    assert untranslated == PROPER_NAMES & corners, untranslated - PROPER_NAMES
