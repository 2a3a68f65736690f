"""The starting grid and the qualifying start: points on spaces behind the line."""

from __future__ import annotations

from game.tracks.builder import MIN_GRID, Builder
from game.tracks.drawing import Shape, say
from game.tracks.finder import SpaceFinder
from rules.track import Space


def _behind_line(b: Builder, s: Shape, sp: Space, n_rows: int) -> None:
    """Cars start behind the line, so their first crossing starts lap 1."""
    if sp.row < n_rows // 2:
        b.fail(say("track.not_behind_line", cls=s.cls, space=sp.name), say("track.not_behind_line.fix"), s)


def grid_slots(b: Builder, slots: list[Shape], near: SpaceFinder, n_rows: int) -> list[str]:
    """Grid slots in position order (FD08-GRID-1 fills them); at least ten, each on its own space."""
    placed: dict[int, str] = {}
    unplaced = False  # a slot already named as wrong: the count below would only repeat it
    for s in slots:
        pos = b.int_prop(s, "position", 1, 99)
        sp = near.snap(s.anchor)
        if sp is None:
            b.fail(say("track.slot_off_space"), say("track.slot_off_space.fix"), s)
            unplaced = True
            continue
        _behind_line(b, s, sp, n_rows)
        if pos is None:
            unplaced = True
            continue
        if pos in placed:
            b.fail(say("track.slot_position_twice", position=pos), say("track.slot_position_twice.fix"), s)
            unplaced = True
        elif sp.name in placed.values():
            b.fail(say("track.slots_share_space", space=sp.name), say("track.slots_share_space.fix"), s)
            unplaced = True
        else:
            placed[pos] = sp.name
    if not unplaced and (len(placed) < MIN_GRID or sorted(placed) != list(range(1, len(placed) + 1))):
        b.fail(
            say("track.grid_positions", positions=str(sorted(placed)), least=MIN_GRID), say("track.grid_positions.fix")
        )
    return [placed[p] for p in sorted(placed)]


def single_point(b: Builder, shapes: list[Shape], cls: str, near: SpaceFinder, n_rows: int) -> str | None:
    if len(shapes) != 1:
        b.fail(say("track.grid_points", n=len(shapes), cls=cls), say("track.grid_points.fix", cls=cls))
        return None
    sp = near.snap(shapes[0].anchor)
    if sp is None:
        b.fail(say("track.point_off_space", cls=cls), say("track.point_off_space.fix"), shapes[0])
        return None
    _behind_line(b, shapes[0], sp, n_rows)
    return sp.name
