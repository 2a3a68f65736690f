"""The shipped circuits: the stops, corners, straights and weather each one is built for, and their pictures for Tiled
(three more circuits are tested in test_more_circuits.py)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from game.board.render import BoardRenderer, read_art
from game.tracks.load import load_track
from tests.conftest import REPO

MAPS = REPO / "maps"
OVAL_HASH = "495e91bfabb762360059a8286e9bf1243b8f0c0350fe4ef253523b837f38efa1"


@pytest.fixture(scope="module")
def tracks():
    return {p.name: load_track(p) for p in sorted(MAPS.glob("*.tmx"))}


SHIPPED = [
    "oval.tmx",
    "hohenau.tmx",
    "hafenstadt.tmx",
    "brueckenau.tmx",
    "eichwald.tmx",
    "kranzfeld.tmx",
    "adlerjoch.tmx",
]


# The Grand Prix circuits; the oval and the street-race board (Brückenau) are the other two.
GRAND_PRIX = ["hohenau.tmx", "hafenstadt.tmx", "eichwald.tmx", "kranzfeld.tmx", "adlerjoch.tmx"]


@pytest.mark.rules("CORNER-1")
@pytest.mark.parametrize("name", GRAND_PRIX)
def test_a_grand_prix_lap_has_the_stops_of_a_printed_board(name, tracks):
    """12 to 16 stops a lap, as on the printed Formula 1 boards (CORNER-1), in 1-, 2- and
    3-stop corners alike; a lap of such a board takes a full field 20-30 game rounds, which
    bench/lap_rounds.py measures."""
    stops = [c.stops for c in tracks[name].corners]
    assert 12 <= sum(stops) <= 16, stops
    assert set(stops) == {1, 2, 3}


def test_the_seven_circuits_are_shipped(tracks):
    """The oval, the Grand Prix, the street and the city circuit, and the staggered Grand
    Prix board, fast airfield circuit and mountain circuit; every one made by the generator."""
    assert sorted(tracks) == sorted(SHIPPED)
    from trackgen import CIRCUITS

    assert sorted(c.file for c in CIRCUITS) == sorted(SHIPPED)


def test_the_oval_graph_is_unchanged(tracks):
    """Race records name the oval by this hash: art may change, the graph may not."""
    assert tracks["oval.tmx"].content_hash() == OVAL_HASH


def test_each_circuit_has_its_own_name_and_weather(tracks):
    names = [t.name for t in tracks.values()]
    weathers = [t.weather.model_dump_json() for t in tracks.values()]
    assert len(set(names)) == len(names)
    assert len(set(weathers)) == len(weathers)


def test_grand_prix_circuit(tracks):
    gp = tracks["hohenau.tmx"]
    assert len(gp.corners) >= 10
    assert {c.stops for c in gp.corners} == {1, 2, 3}
    assert gp.pit is not None and len(gp.pit.boxes) >= 10
    for lane in range(gp.lanes):
        assert len(gp.lane_spaces(lane)) >= 120, lane


def test_street_circuit(tracks):
    street = tracks["hafenstadt.tmx"]
    assert street.name == "Hafenstadt Street Circuit"
    assert street.lanes == 3 and street.laps == 2
    stops = sorted(c.stops for c in street.corners)
    assert stops == [1] * 6 + [2] * 2 + [3]  # nine tight corners: the chicane and five bends 1-stop, the Cathedral 3
    art = read_art(MAPS / "hafenstadt.tmx")
    assert art.surroundings == "walls"
    assert BoardRenderer(street, art=art).walls  # walls all round, broken only at the pit lane
    assert street.pit is not None and len(street.pit.boxes) == 10
    assert len(street.grid) == 10


def test_street_corners_have_room_for_their_stops(tracks):
    """Like a printed board: 4-6 spaces per lane in a 1- or 2-stop corner, 5-9 in a 3-stop
    corner, and the shortest way through is at least one space more than the stops."""
    street = tracks["hafenstadt.tmx"]
    room = {1: range(4, 7), 2: range(4, 7), 3: range(5, 10)}
    for c in street.corners:
        assert c.shortest >= c.stops + 1, c.label
        for lane in range(street.lanes):
            n = sum(1 for s in c.spaces if street.space(s).lane == lane)
            assert n in room[c.stops], (c.label, lane, n)


def test_street_circuit_has_straights_to_overtake(tracks):
    """The harbour front (start/finish) and the back straight are long; no straight is
    shorter than 5 spaces between two corners."""
    street = tracks["hafenstadt.tmx"]
    lane = street.lane_spaces(1)
    runs, run = [], 0
    for s in lane + lane:  # twice round, so the run across the start line is whole
        if s.corner is None:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    runs = runs[len(street.corners) :]  # the second lap only
    assert len(runs) == len(street.corners)
    longest, second = sorted(runs, reverse=True)[:2]
    assert longest >= 30 and second >= 20
    assert min(runs) >= 5


@pytest.mark.parametrize("name", SHIPPED)
def test_scenery_is_all_understood(name):
    art = read_art(MAPS / name)
    assert art.notes == ()
    assert any(s.cls == "stand" for s in art.scenery)


@pytest.mark.parametrize("name", SHIPPED)
def test_tiled_pictures_exist(name):
    """The ground tile layer (CSV, generated tileset) and the preview image cover the map."""
    import pygame

    root = ET.parse(MAPS / name).getroot()
    width, height = int(root.get("width")), int(root.get("height"))
    tileset = root.find("tileset")
    assert tileset is not None and (MAPS / tileset.get("source")).exists()
    ts = ET.parse(MAPS / tileset.get("source")).getroot()
    assert (MAPS / ts.find("image").get("source")).exists()
    ground = root.find("layer[@name='ground']/data")
    assert ground.get("encoding") == "csv"
    cells = [int(v) for v in ground.text.replace("\n", "").split(",")]
    assert len(cells) == width * height and min(cells) >= 1 and max(cells) <= int(ts.get("tilecount"))
    image = root.find("imagelayer[@name='preview']/image")
    picture = pygame.image.load(str(MAPS / image.get("source")))
    assert picture.get_size() == (width * 32, height * 32)


def test_shipped_maps_are_what_the_generator_writes():
    """``python -m trackgen --check`` regenerates every shipped map in memory
    and fails on any file that differs: the maps in the repo are the generator's output."""
    result = subprocess.run(
        [sys.executable, "-m", "trackgen", "--check"], cwd=REPO, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr
