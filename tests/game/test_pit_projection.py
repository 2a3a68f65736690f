"""The pit lane's spaces get their lap progress from the lanes beside them (CORE-PIT-2); the
fast way (``AlongPit`` walking the pit lane, ``LaneCentres`` measuring only the centres a
point needs) must give exactly what the plain way gives: the nearest point of every lane,
and a scan of every space centre of that lane."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Shape
from game.tracks.geometry import Path, nearest
from game.tracks.pit import AlongPit, LaneCentres, progress_at
from game.tracks.spaces import LaneGeo
from rules.track import Track
from tests.game.drawings import RADII, stadium, stadium_points

TRACK = build(stadium(pit=False))


def lanes() -> list[LaneGeo]:
    """The stadium's lanes as the builder holds them: each starts at its start-line crossing."""
    out = []
    for r in RADII:
        drawn = stadium_points(r)
        lg = LaneGeo(Shape(0, "lane", drawn, True), Path(drawn, True))
        lg.start = lg.path.project((TRACK.space("A1").x - 24.0, 400.0 - r))[0]
        out.append(lg)
    return out


def scanned(track: Track, geo: list[LaneGeo], pt: tuple[float, float]) -> float:
    """The plain way: the nearest lane, every centre of it measured, the first pair around the point."""
    best, (along, _) = nearest([lg.path for lg in geo], pt)
    lg, rows = geo[best], track.rows
    s = lg.lap(along)
    cs = [(lg.lap(lg.path.project((sp.x, sp.y))[0]), sp.progress) for sp in track.lane_spaces(best)]
    ext = [(cs[-1][0] - lg.path.length, cs[-1][1] - rows)] + cs + [(cs[0][0] + lg.path.length, cs[0][1] + rows)]
    for (c1, p1), (c2, p2) in zip(ext, ext[1:]):
        if c1 <= s <= c2 and c2 > c1:
            return (p1 + (p2 - p1) * (s - c1) / (c2 - c1)) % rows
    return cs[0][1]


points = st.lists(st.tuples(st.floats(60.0, 1400.0), st.floats(60.0, 740.0)), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(points)
def test_walking_the_pit_lane_finds_what_the_nearest_search_finds(pts):
    geo = lanes()
    walk = AlongPit(geo)
    for pt in pts:
        best, (along, _) = nearest([lg.path for lg in geo], pt)
        assert walk.nearest(pt) == (best, along)


@settings(max_examples=40, deadline=None)
@given(points)
def test_measuring_only_the_centres_needed_gives_the_scans_progress(pts):
    geo = lanes()
    centres = LaneCentres(list(TRACK.spaces), geo)
    walk = AlongPit(geo)
    for pt in pts:
        assert progress_at(geo, centres, walk.nearest(pt), TRACK.rows) == scanned(TRACK, geo, pt)
    assert len(centres.found) <= len(pts) * 2 * (len(TRACK.lane_spaces(0)).bit_length() + 1)
