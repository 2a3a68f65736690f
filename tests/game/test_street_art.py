"""The street race on the board (game/board/street_art.py): what a player sees of STREET-5..7 on
the city circuit, checked in the picture ``track render`` and the race screen draw."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game import texts
from game.board.palette import ASPHALT
from game.board.render import BoardRenderer, read_art
from game.board.street_art import BLACK, DANGER, POLICE, SHOOTING, TINT, _mix, space_lines
from game.tracks.geometry import point_in_polygon
from game.tracks.load import load_track
from tests.conftest import REPO

CITY = REPO / "maps" / "brueckenau.tmx"
OVAL = REPO / "maps" / "oval.tmx"
SCALE = 0.5


@pytest.fixture(scope="module")
def city():
    track = load_track(CITY)
    board = BoardRenderer(track, art=read_art(CITY))
    return track, board, board.render(scale=SCALE)


def pixel(img: pygame.Surface, board: BoardRenderer, p: tuple[float, float]) -> tuple[int, int, int]:
    bx, by, _, _ = board.bounds
    c = img.get_at((int((p[0] - bx) * SCALE), int((p[1] - by) * SCALE)))
    return c.r, c.g, c.b


def close(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
def test_each_zone_tints_its_spaces(city):
    """STREET-5..7: a player sees which spaces belong to the windows, the danger zone and the police."""
    track, board, img = city
    colour = {"shooting": SHOOTING, "danger": DANGER, "police": POLICE}
    for zone in track.zones:
        for name in zone.spaces:
            if name not in zone.black:
                s = track.space(name)
                assert close(pixel(img, board, (s.x, s.y)), _mix(ASPHALT, colour[zone.kind], TINT)), (zone.kind, name)


@pytest.mark.rules("STREET-6")
def test_the_black_spaces_are_black_with_a_warning(city):
    """STREET-6: the danger zone's black spaces, the dangerous ones, are black on the board."""
    track, board, img = city
    danger = next(z for z in track.zones if z.kind == "danger")
    w = board.lane_width
    for name in danger.black:
        s = track.space(name)
        poly = board.space_polygon(name)
        corner = (s.x + (poly[0][0] - s.x) * 0.6, s.y + (poly[0][1] - s.y) * 0.6)  # inside, off the triangle
        assert close(pixel(img, board, corner), BLACK), name
        r = 0.2 * w  # the warning triangle, beside its "!"
        assert close(pixel(img, board, (s.x + 0.4 * r, s.y + 0.45 * r)), DANGER, 30), name


@pytest.mark.rules("STREET-5")
def test_houses_line_both_sides_of_the_shooting_zone_and_stay_off_the_street(city):
    """STREET-5: the residents' windows are houses beside the street, never on it."""
    track, board, _ = city
    houses = board.street.houses
    zone = next(z for z in track.zones if z.kind == "shooting")
    centres = [(track.space(n).x, track.space(n).y) for n in zone.spaces]
    mid = (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))
    assert len(houses) >= 6 and all(len(h.windows) == 2 for h in houses)
    # the zone runs east-west, so its houses stand north and south of it
    assert {h.roof[0][1] < mid[1] for h in houses} == {True, False}
    for h in houses:
        for p in h.roof:
            assert board.space_at(*p) is None


@pytest.mark.rules("STREET-7")
def test_the_police_station_stands_beside_its_zone(city):
    """STREET-7: one police station building beside the police zone, off the street, with its sign."""
    track, board, img = city
    [station] = board.street.stations
    assert all(board.space_at(*p) is None for p in station.outline)
    zone = next(z for z in track.zones if z.kind == "police")
    nearest = min(
        ((track.space(n).x - station.sign[0]) ** 2 + (track.space(n).y - station.sign[1]) ** 2) ** 0.5
        for n in zone.spaces
    )
    assert nearest < 4 * board.lane_width
    assert len(station.cars) == 2


@pytest.mark.rules("STREET-7")
def test_the_tunnel_is_a_dark_passage_between_its_numbered_ends(city):
    """STREET-7: between the entry and the exit the board shows the tunnel, mostly dark."""
    track, board, img = city
    [tunnel] = track.tunnels
    a, b = track.space(tunnel.entry), track.space(tunnel.exit)
    samples = [(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) for t in (0.3, 0.35, 0.4, 0.6, 0.65, 0.7)]
    dark = [p for p in samples if sum(pixel(img, board, p)) < 260]  # the roofs and paving are far lighter
    assert len(dark) >= 4, [pixel(img, board, p) for p in samples]
    for s in (a, b):  # the number's disc
        ring = (s.x + 0.27 * board.lane_width, s.y)
        assert sum(pixel(img, board, ring)) > 250 and max(pixel(img, board, ring)) > 150


def test_a_track_without_street_features_gets_no_street_art():
    track = load_track(OVAL)
    board = BoardRenderer(track, art=read_art(OVAL))
    assert board.street.houses == [] and board.street.stations == [] and board.street.labels == []
    assert board.street.extent() == []


def test_the_labels_speak_the_players_language(city):
    _, board, _ = city
    keys = {key for key, _, _ in board.street.labels}
    assert keys == {"board.danger_zone", "board.shooting_zone"}
    previous = texts.language()
    try:
        texts.set_language("de")
        assert texts.tr("board.police") == "POLIZEI" and texts.tr("board.tunnel", number=1) == "TUNNEL 1"
    finally:
        texts.set_language(previous)


def test_track_render_draws_the_city_circuit(tmp_path):
    out = tmp_path / "city.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "main.py", "track", "render", str(CITY), str(out), "--names", "--scale", "0.5"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    track = load_track(CITY)
    board = BoardRenderer(track, art=read_art(CITY))
    assert pygame.image.load(str(out)).get_size() == board.size_at(0.5)
    # every house and the police station lie inside the picture
    x, y, w, h = board.bounds
    assert all(x <= p[0] <= x + w and y <= p[1] <= y + h for p in board.street.extent())
    assert not any(
        point_in_polygon(p, board.space_polygon(n)) for p in board.street.extent() for n in track.zones[0].spaces
    )


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
def test_the_hint_under_the_mouse_names_the_street_feature(city):
    """STREET-5..7 in words: a black space, a zone and both tunnel ends say what they are."""
    track, _, _ = city
    danger = next(z for z in track.zones if z.kind == "danger")
    plain = next(n for n in danger.spaces if n not in danger.black)
    [tunnel] = track.tunnels
    assert space_lines(track, danger.black[0]) == ["Danger zone: a black space, dangerous"]
    assert space_lines(track, plain) == ["Danger zone"]
    for zone, text in (("shooting", "Shooting zone: the residents' windows"), ("police", "Police station")):
        assert space_lines(track, next(z for z in track.zones if z.kind == zone).spaces[0]) == [text]
    assert space_lines(track, tunnel.entry) == [f"Tunnel 1: a car here is moved to {tunnel.exit}"]
    assert space_lines(track, tunnel.exit) == [f"Tunnel 1: the exit of {tunnel.entry}"]
    assert space_lines(track, track.grid[0]) == []


@pytest.mark.rules("STREET-5")
def test_a_zone_across_the_start_line_is_drawn_only_over_its_own_spaces():
    """STREET-5: a shooting zone drawn over the start line lines the street with houses there, not round the lap."""
    from game.tracks.build import build
    from game.tracks.drawing import Shape
    from tests.game.drawings import stadium

    d = stadium(pit=False)
    d.layers["zones"] = [
        Shape(70, "shooting_zone", ((856.0, 120.0), (1000.0, 120.0), (1000.0, 280.0), (856.0, 280.0)), True)
    ]
    track = build(d)
    [zone] = track.zones
    indices = {track.space(n).index for n in zone.spaces if track.space(n).lane == 0}
    assert {0, len(track.lane_spaces(0)) - 1} <= indices and len(indices) <= 4  # both sides of the line
    board = BoardRenderer(track)
    for run in board.street.sides(zone):
        length = sum(((a[0][0] - b[0][0]) ** 2 + (a[0][1] - b[0][1]) ** 2) ** 0.5 for a, b in zip(run, run[1:]))
        assert length < 3 * board.lane_width * 1.6
    assert board.street.houses and all(800.0 < p[0] < 1060.0 for h in board.street.houses for p in h.roof)
