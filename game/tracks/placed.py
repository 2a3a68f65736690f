"""Spaces placed by hand: points of class ``space`` in the layer ``spaces``.

A traced board keeps every space where it is printed (narrow apexes, odd
gaps) instead of the even spread. Each point belongs to the lane nearest to
it; in every piece between two cuts (start/finish line, corner borders, row
lines) where a lane has hand-placed spaces, those are all of its spaces there,
in the order they lie along the lane. The other pieces keep the even spread
(and the lane's ``stagger``). docs/track-format.md, "Spaces placed by hand".
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from game.tracks.builder import Builder
from game.tracks.drawing import Said, Shape, say
from game.tracks.geometry import NearPaths, Path, Point

#: consecutive hand-placed spaces further apart than this many spaces leave a space out
MAX_GAP = 2.0
#: nor may the first or last of a piece lie further than this from the piece's cut
MAX_END_GAP = 1.5


class LaneGeo(Protocol):
    """What this module reads of ``spaces.LaneGeo`` (which imports this module)."""

    shape: Shape
    path: Path
    start: float  # arc length of the start line on the drawn path


class Placed(NamedTuple):
    """A hand-placed space: where along its lane's lap it lies, and the point as drawn
    (a named tuple: a traced board makes ten thousand, and a tuple is made fastest)."""

    along: float  # arc length from the start line along the lane's lap, [0, lap length)
    point: Point
    shape: Shape


def hand_placed(b: Builder, shapes: list[Shape], lanes: list[LaneGeo], space_len: float) -> list[list[Placed]]:
    """Each lane's hand-placed spaces in lap order; points off every lane are reported."""
    out: list[list[Placed]] = [[] for _ in lanes]
    near = NearPaths([lg.path for lg in lanes], space_len / 2) if shapes else None
    starts, lengths = [lg.start for lg in lanes], [lg.path.length for lg in lanes]  # LaneGeo.lap, inlined
    for s in shapes:
        if len(s.points) != 1:
            b.fail(say("track.placed_not_point"), say("track.placed_not_point.fix"), s)
            continue
        pt = s.points[0]
        li, (along, off) = near.project(pt) if near else (0, (0.0, 0.0))
        if off > space_len / 2:
            b.fail(say("track.placed_off_lane", pixels=round(off)), say("track.placed_off_lane.fix"), s)
            continue
        out[li].append(Placed((along - starts[li]) % lengths[li], pt, s))
    return out


def after_gap(p: Placed) -> bool:
    """The point's bool property ``after_gap``: the printed board has no space between it and the
    lane's space before it (the lane runs under a bridge there), so the distance is no space left out."""
    return p.shape.props.get("after_gap") is True


def check_piece(
    b: Builder, lane: LaneGeo, placed: list[Placed], a: float, z: float, space_len: float, cuts: tuple[Said, Said]
) -> None:
    """A lane's hand-placed spaces in one piece: none on top of another, none left out (but where
    a point says the board has a gap before it)."""
    for p, q in zip(placed, placed[1:]):
        gap = q.along - p.along
        if gap < space_len / 2:
            b.fail(
                say("track.placed_close", first=p.shape.id, second=q.shape.id, lane=lane.shape.id, pixels=round(gap)),
                say("track.placed_close.fix"),
                q.shape,
            )
        elif gap > MAX_GAP * space_len and not after_gap(q):
            b.fail(
                say(
                    "track.placed_apart",
                    first=p.shape.id,
                    second=q.shape.id,
                    lane=lane.shape.id,
                    spaces=round(gap / space_len, 1),
                ),
                say("track.placed_apart.fix"),
                q.shape,
            )
    first = () if after_gap(placed[0]) else ((placed[0].along - a, placed[0], say("track.what.after", line=cuts[0])),)
    for gap, p, what in (*first, (z - placed[-1].along, placed[-1], say("track.what.before", line=cuts[1]))):
        if gap > MAX_END_GAP * space_len:
            b.fail(
                say("track.placed_end", space=p.shape.id, what=what, spaces=round(gap / space_len, 1)),
                say("track.placed_end.fix"),
                p.shape,
            )
