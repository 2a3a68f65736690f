"""The running order's gaps and the track facts shown before a race."""

from __future__ import annotations

from game.board.catalogue import TrackEntry
from game.play.standings import gap
from rules.ruleset import FORMULA_D_BASIC
from rules.state import CarState
from tests.ui.helpers import OVAL, oval


def car(space: str, crossings: int = 1) -> CarState:
    return CarState(id=space, space=space, wp=FORMULA_D_BASIC.default_wear, crossings=crossings)


def test_gap_counts_rows_and_whole_laps():
    track = oval()
    leader = car("B30")
    behind = car("B20")
    rows = track.space("B30").row - track.space("B20").row
    assert gap(track, leader, leader) == 0
    assert gap(track, leader, behind) == rows
    assert gap(track, leader, car("B30", crossings=0)) == track.rows


def test_track_facts_include_the_weather_table():
    entry = TrackEntry(OVAL, "Lindenring Oval")
    entry.track = oval()
    entry.loaded = True
    weather = entry.facts()[3]
    assert "13–20" in weather and "6–12" in weather and "1–5" in weather


def test_track_facts_name_a_lap_whose_lanes_differ_in_length_in_every_language():
    from game.texts import LANGUAGES, set_language

    entry = TrackEntry(OVAL, "Lindenring Oval")
    entry.track = oval()
    entry.loaded = True
    lengths = [len(entry.track.lane_spaces(i)) for i in range(entry.track.lanes)]
    assert min(lengths) != max(lengths)
    try:
        for language in LANGUAGES:
            set_language(language)
            assert f"{min(lengths)}–{max(lengths)}" in entry.facts()[0]
    finally:
        set_language("en")
