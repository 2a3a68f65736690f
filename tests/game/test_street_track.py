"""The street race's track data (STREET-4..7): zones and tunnel pairs drawn in Tiled, read by
``game/tracks/street.py`` into ``Track.zones`` / ``Track.tunnels``, and every drawing mistake
reported with the object and its position.

The drawings are the loader tests' stadium without a pit lane (tests/game/drawings.py): the
top straight runs right through the start line at x 928, the bottom straight runs left with
lanes A, B, C at y 648, 600, 552 and 13 spaces centred at x 1000, 952, ..., 424.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape, TrackError
from game.tracks.geometry import point_in_polygon
from rules.track import Tunnel
from tests.game.drawings import stadium

BOTTOM = {"A": 648.0, "B": 600.0, "C": 552.0}


def rect(oid: int, cls: str, x0: float, x1: float, y0: float = 520.0, y1: float = 680.0) -> Shape:
    """A closed polygon across every lane of the bottom straight from x0 to x1."""
    return Shape(oid, cls, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), True)


def point(oid: int, cls: str, x: float, lane: str, **props: object) -> Shape:
    return Shape(oid, cls, ((x, BOTTOM[lane]),), props=dict(props))


def street(zones: Sequence[Shape] = (), tunnels: Sequence[Shape] = (), pit: bool = False) -> Drawing:
    d = stadium(pit=pit)
    if zones:
        d.layers["zones"] = list(zones)
    if tunnels:
        d.layers["tunnels"] = list(tunnels)
    return d


def problems(d: Drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(d)
    return [p.line() for p in err.value.problems]


def covered(track, poly) -> set[str]:
    return {s.name for s in track.spaces if not s.in_pit and point_in_polygon((s.x, s.y), poly)}


# --- what is read ------------------------------------------------------------------


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
def test_zones_hold_the_spaces_whose_centres_they_cover():
    """STREET-5, STREET-6, STREET-7: a shooting zone, a danger zone with its black spaces and a
    police station, each the spaces under its polygon, in lap order."""
    shooting, danger, police = (
        rect(70, "shooting_zone", 880, 1030),
        rect(71, "danger_zone", 690, 830),
        rect(72, "police_station", 400, 500),
    )
    blacks = [point(73, "black_space", 808, "A"), point(74, "black_space", 712, "C")]
    track = build(street([shooting, danger, police, *blacks]))
    assert [z.kind for z in track.zones] == ["shooting", "danger", "police"]
    for zone, shape, count in zip(track.zones, (shooting, danger, police), (9, 9, 6)):
        assert set(zone.spaces) == covered(track, shape.points) and len(zone.spaces) == count
        assert zone.object_id == shape.id
        assert all(track.zone_of(n) is zone for n in zone.spaces)
    danger_zone = track.zones[1]
    assert [track.space(n).lane for n in danger_zone.black] == [0, 2]  # the cars drive left: A at x 808 comes first
    assert track.zones[0].black == () and track.zones[2].black == ()


@pytest.mark.rules("STREET-7")
def test_a_tunnel_pair_joins_its_entry_to_its_exit():
    """STREET-7: the entry's space is moved to the exit's space with the same number."""
    track = build(
        street(
            tunnels=[
                point(80, "tunnel_entry", 1000, "B", number=1),
                point(81, "tunnel_exit", 424, "B", number=1),
                point(82, "tunnel_exit", 520, "C", number=2),
                point(83, "tunnel_entry", 952, "A", number=2),
            ]
        )
    )
    entry1 = next(s.name for s in track.spaces if s.lane == 1 and (s.x, s.y) == (1000.0, 600.0))
    exit1 = next(s.name for s in track.spaces if s.lane == 1 and (s.x, s.y) == (424.0, 600.0))
    assert track.tunnels[0] == Tunnel(number=1, entry=entry1, exit=exit1)
    assert [t.number for t in track.tunnels] == [1, 2]
    assert track.tunnel_from(entry1).exit == exit1 and track.tunnel_from(exit1) is None


def test_a_track_without_street_layers_has_none():
    track = build(stadium(pit=True))
    assert track.zones == () and track.tunnels == ()
    assert "zones" not in track.canonical_json() and "tunnels" not in track.canonical_json()


# --- what is reported ---------------------------------------------------------------

ENTRY, EXIT = (
    (lambda **kw: point(80, "tunnel_entry", 1000, "B", **kw)),
    (lambda **kw: point(81, "tunnel_exit", 424, "B", **kw)),
)


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
@pytest.mark.parametrize(
    "drawing, expected",
    [
        (
            street(tunnels=[ENTRY(number=1)]),
            "object 80 at (1000, 600): the tunnel entry 1 has no partner: no tunnel_exit has number 1",
        ),
        (
            street(tunnels=[EXIT(number=3)]),
            "object 81 at (424, 600): the tunnel exit 3 has no partner: no tunnel_entry has number 3",
        ),
        (
            street(tunnels=[ENTRY(number=1), EXIT(number=1), point(82, "tunnel_entry", 760, "A", number=1)]),
            "object 82 at (760, 648): two tunnel entries have number 1",
        ),
        (
            street(tunnels=[ENTRY(number=1), Shape(81, "tunnel_exit", ((424.0, 700.0),), props={"number": 1})]),
            "object 81 at (424, 700): the tunnel exit 1 is not on a track space",
        ),
        (
            street(
                tunnels=[point(80, "tunnel_entry", 424, "B", number=1), point(81, "tunnel_exit", 1000, "B", number=1)]
            ),
            "object 80 at (424, 600): tunnel 1 leads from",
        ),
        (
            street(tunnels=[ENTRY(number=1), point(81, "tunnel_exit", 1000, "B", number=1)]),
            "object 81 at (1000, 600): the tunnel exit 1 is on",
        ),
        (
            street(tunnels=[ENTRY(), EXIT(number=1)]),
            "object 80 at (1000, 600): tunnel_entry property number is missing",
        ),
        (
            street(tunnels=[ENTRY(number=1), point(81, "tunel_exit", 424, "B", number=1)]),
            "object of class 'tunel_exit' in layer 'tunnels' (the closest class is 'tunnel_exit')",
        ),
        (
            street([rect(70, "shooting_zone", 880, 1030, 700, 760)]),
            "object 70 at (880, 700): the shooting zone covers no space: it lies outside the lanes",
        ),
        (
            street([Shape(72, "police_station", ((400.0, 520.0), (500.0, 520.0), (500.0, 680.0)), False)]),
            "object 72 at (400, 520): the police station is not a polygon",
        ),
        (
            street(
                [
                    rect(70, "danger_zone", 690, 830),
                    point(73, "black_space", 808, "A"),
                    rect(71, "shooting_zone", 780, 900),
                ]
            ),
            "object 70 at (690, 520): the danger zone and the shooting zone object 71 both cover",
        ),
        (
            street(
                [
                    rect(70, "danger_zone", 690, 830),
                    point(73, "black_space", 808, "A"),
                    point(74, "black_space", 904, "B"),
                ]
            ),
            "object 74 at (904, 600): the black space on",
        ),
        (street([rect(70, "danger_zone", 690, 830)]), "object 70 at (690, 520): the danger zone has no black spaces"),
        (
            street(
                [
                    rect(70, "danger_zone", 690, 830),
                    point(73, "black_space", 808, "A"),
                    point(74, "black_space", 808, "A"),
                ]
            ),
            "object 74 at (808, 648): two black spaces are on",
        ),
        (street([rect(70, "dangerzone", 690, 830)]), "the closest class is 'danger_zone'"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_each_street_mistake_is_named_with_its_object(drawing, expected):
    """STREET-5..7: every mistake in the zones and tunnels is one line with object, position and fix."""
    lines = problems(drawing)
    assert any(expected in line for line in lines), lines
    assert all(". Fix: " in line for line in lines)


@pytest.mark.rules("STREET-4")
def test_street_features_beside_a_pit_lane_are_refused():
    """STREET-4: a street race has no pits, so a track with zones or tunnels must not have a pit lane."""
    lines = problems(street(tunnels=[ENTRY(number=1), EXIT(number=1)], pit=True))
    assert lines == [
        "track: object 80 at (1000, 600): the track has a pit lane and street-race features: a street race "
        "has no pits (STREET-4). Fix: delete the layer 'pit' for a street circuit, or delete the zones and tunnels"
    ]


@pytest.mark.rules("STREET-7")
def test_a_tunnel_across_the_start_line_is_refused():
    """STREET-7: a tunnel that crossed the line would count a lap the car never drove."""
    top = lambda x, cls: Shape(90, cls, ((x, 200.0),), props={"number": 4})  # noqa: E731  lane B of the top straight
    lines = problems(street(tunnels=[top(856, "tunnel_entry"), top(952, "tunnel_exit")]))
    assert any("tunnel 4 leads from" in line and "across the start/finish line" in line for line in lines), lines


@settings(max_examples=25, deadline=None)
@given(x0=st.floats(380, 1040), width=st.floats(10, 500))
def test_a_zone_is_exactly_the_spaces_under_it_or_a_problem(x0, width):
    """Whatever rectangle a designer draws over the bottom straight, the zone is the spaces whose
    centres it covers, or the one message that it covers none."""
    shape = rect(70, "shooting_zone", x0, x0 + width)
    try:
        track = build(street([shape]))
    except TrackError as err:
        assert [p.message for p in err.problems] == ["the shooting zone covers no space: it lies outside the lanes"]
        assert not covered(build(stadium(pit=False)), shape.points)
        return
    assert set(track.zones[0].spaces) == covered(track, shape.points) != set()


def test_tiled_knows_the_street_classes_the_loader_reads():
    """The project file (Tiled 1.9+) and objecttypes.xml (Tiled 1.8) offer every street class, the
    tunnel ends with their int property ``number``, so a designer picks them from the list."""
    import json
    import xml.etree.ElementTree as ET

    from game.tracks import street
    from tests.conftest import REPO

    wanted = {*street.ZONE_KINDS, street.BLACK_SPACE, street.ENTRY, street.EXIT}
    project = json.loads((REPO / "maps" / "formula-d.tiled-project").read_text(encoding="utf-8"))
    classes = {t["name"]: [m["name"] for m in t["members"]] for t in project["propertyTypes"]}
    types = {t.get("name"): [p.get("name") for p in t] for t in ET.parse(REPO / "maps" / "objecttypes.xml").getroot()}
    for known in (classes, types):
        assert wanted <= set(known)
        assert known[street.ENTRY] == known[street.EXIT] == ["number"]
        assert all(known[c] == [] for c in (*street.ZONE_KINDS, street.BLACK_SPACE))
