"""The three later circuits (a staggered Grand Prix board, a fast airfield circuit and a
2-lane mountain circuit): each is what its description promises, the generator's spaces are
the loader's, and a race on it runs to the flag through the loop ``simulate`` uses."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

import trackgen
from game.tracks.load import load_track
from rules.ai.registry import DRIVERS
from rules.classify import classification
from rules.ruleset import preset
from rules.run.simulation import play, race_header
from tests.conftest import REPO

MAPS = REPO / "maps"
NEW = {"eichwald.tmx": trackgen.CLASSIC, "kranzfeld.tmx": trackgen.AIRFIELD, "adlerjoch.tmx": trackgen.MOUNTAIN}


@pytest.fixture(scope="module")
def tracks():
    return {name: load_track(MAPS / name) for name in NEW}


def straights(track, lane: int) -> list[tuple[int, int]]:
    """(length in spaces, index of the corner it leads into) of every straight of a lane, once round."""
    spaces = track.lane_spaces(lane)
    start = next(i for i, s in enumerate(spaces) if s.corner is not None)  # begin inside a corner
    runs, run = [], 0
    for s in spaces[start:] + spaces[: start + 1]:
        if s.corner is None:
            run += 1
        elif run:
            runs.append((run, s.corner))
            run = 0
    return runs


@pytest.mark.parametrize("name", sorted(NEW))
def test_the_generator_puts_every_space_where_the_loader_does(name, tracks):
    """trackgen mirrors the loader (stagger, rows and all): arrows, grid and pit ends are placed on
    the spaces it derives, so those must be the loader's, to the pixel and the row."""
    layout = trackgen.build(NEW[name])
    track = tracks[name]
    for lane, derived in enumerate(layout.spaces):
        loaded = track.lane_spaces(lane)
        assert [s.name for s in derived] == [s.name for s in loaded]
        for d, s in zip(derived, loaded):
            assert math.dist((d.x, d.y), (s.x, s.y)) < 0.01, s.name
            assert d.row == s.row, s.name
    assert layout.warnings == []


@pytest.mark.rules("CORE-MOVE-3")
def test_the_grand_prix_board_is_staggered_like_a_printed_one(tracks):
    """The middle lane carries ``stagger = 0.5``: on the straights each of its spaces sits half a
    space ahead of its neighbours, in a row between theirs, and the diagonal step from an outer
    lane goes to the middle space that overlaps it ahead (CORE-MOVE-3)."""
    gp = tracks["eichwald.tmx"]
    root = ET.parse(MAPS / "eichwald.tmx").getroot()
    lanes = root.findall("objectgroup[@name='lanes']/object")
    stagger = [lane.find("properties/property[@name='stagger']") for lane in lanes]
    assert [s is not None and (s.get("type"), s.get("value")) for s in stagger] == [False, ("float", "0.5"), False]
    assert gp.lanes == 3 and gp.pit is not None and len(gp.grid) >= 10
    assert {c.stops for c in gp.corners} == {1, 2, 3}
    a, b = gp.lane_spaces(0), gp.lane_spaces(1)
    on_main = [(sa, sb) for sa, sb in zip(a[1:10], b[1:10])]  # the main straight after the line
    for sa, sb in on_main:
        assert sa.corner is None and sb.corner is None
        assert sa.row < sb.row < gp.space(gp.ahead(sa.name)).row
        assert math.dist((sa.x, sa.y), (sb.x, sb.y)) == pytest.approx(math.hypot(40, 24), abs=0.5)
        diagonal = [e.dst for e in gp.edges if e.src == sa.name and gp.space(e.dst).lane == 1]
        assert diagonal == [sb.name]


def test_the_airfield_circuit_is_won_in_the_slipstream(tracks):
    """Fast 1-stop bends and a taxiway chicane, one 2-stop corner in the infield and one 3-stop
    braking point at the end of the runway; long straights to draft along: the runway, 25
    spaces either side of the chicane, and the main straight across the line."""
    fast = tracks["kranzfeld.tmx"]
    stops = {c.label: c.stops for c in fast.corners}
    assert sorted(stops.values()) == [1] * 7 + [2, 3]
    assert stops["Runway End"] == 3 and stops["Windsock"] == 2 and stops["Taxiway"] == 1
    runs = straights(fast, 1)
    into = {fast.corners[corner].label: n for n, corner in runs}
    assert into["Taxiway"] >= 25 and into["Runway End"] >= 25  # the runway, both halves
    assert sorted(n for n, _ in runs)[-3] >= 25  # and the main straight
    assert fast.pit is not None and len(fast.grid) >= 10


def test_the_mountain_circuit_has_its_hairpin_and_its_chicane(tracks):
    """Two lanes; a 3-stop hairpin that turns the cars round; a chicane, one corner that bends
    right and then left, whose polygon says its inside with the string property ``inside``."""
    mountain = tracks["adlerjoch.tmx"]
    assert mountain.lanes == 2 and mountain.pit is not None and len(mountain.grid) >= 10
    by_label = {c.label: c for c in mountain.corners}

    def turns(label: str) -> list[float]:
        lane = [mountain.space(n) for n in by_label[label].spaces if mountain.space(n).lane == 0]
        lane.sort(key=lambda s: s.index)
        return [(z.heading - a.heading + 180) % 360 - 180 for a, z in zip(lane, lane[1:])]

    hairpin = by_label["Adlerkehre"]
    assert hairpin.stops == 3 and sum(turns("Adlerkehre")) > 110  # the last space's heading, not the exit's
    chicane = turns("Schikane")
    assert max(chicane) > 15 and min(chicane) < -15  # it bends both ways
    root = ET.parse(MAPS / "adlerjoch.tmx").getroot()
    inside = {
        o.get("name"): o.find("properties/property[@name='inside']")
        for o in root.findall("objectgroup[@name='corners']/object")
    }
    assert inside["Schikane"] is not None and inside["Schikane"].attrib == {"name": "inside", "value": "right"}
    assert by_label["Schikane"].inside == "right"  # the loader takes the property, not the even lane counts
    assert all(v is None for k, v in inside.items() if k != "Schikane")


@pytest.mark.parametrize("rules", ["fd-basic", "fde-advanced"])
@pytest.mark.parametrize("name", sorted(NEW))
def test_a_race_on_each_new_circuit_runs_to_the_flag(name, rules, tracks):
    """A one-lap race of four computer cars through the loop ``simulate`` and the window use,
    with qualifying, weather and tyres under fde-advanced; every car is classified."""
    track = tracks[name]
    header, _ = race_header(track, preset(rules), 4, 1, 3, "careful", DRIVERS)
    session = play(track, header, DRIVERS)
    assert session.state.finished
    places = classification(track, session.state)
    assert sorted(p.car for p in places) == sorted(e.id for e in header.entries)
    assert any(p.status == "finished" for p in places)
