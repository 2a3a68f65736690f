"""The starting grid and the qualifying start: points on spaces behind the line."""

from __future__ import annotations

from game.tracks.builder import MIN_GRID, Builder
from game.tracks.drawing import Shape
from game.tracks.finder import SpaceFinder
from rules.track import Space


def _behind_line(b: Builder, s: Shape, sp: Space, n_rows: int) -> None:
    """Cars start behind the line, so their first crossing starts lap 1."""
    if sp.row < n_rows // 2:
        b.fail(
            f"{s.cls} on {sp.name} is not behind the start/finish line",
            "place the grid and the qualifying start on the spaces just before the start/finish line",
            s,
        )


def grid_slots(b: Builder, slots: list[Shape], near: SpaceFinder, n_rows: int) -> list[str]:
    """Grid slots in position order (FD08-GRID-1 fills them); at least ten, each on its own space."""
    placed: dict[int, str] = {}
    unplaced = False  # a slot already named as wrong: the count below would only repeat it
    for s in slots:
        pos = b.int_prop(s, "position", 1, 99)
        sp = near.snap(s.anchor)
        if sp is None:
            b.fail("grid slot is not on a track space", "move the grid slot point onto the centre of a space", s)
            unplaced = True
            continue
        _behind_line(b, s, sp, n_rows)
        if pos is None:
            unplaced = True
            continue
        if pos in placed:
            b.fail(f"two grid slots have position {pos}", "number the grid slots 1, 2, 3, ... once each", s)
            unplaced = True
        elif sp.name in placed.values():
            b.fail(f"two grid slots are on space {sp.name}", "put every grid slot on its own space", s)
            unplaced = True
        else:
            placed[pos] = sp.name
    if not unplaced and (len(placed) < MIN_GRID or sorted(placed) != list(range(1, len(placed) + 1))):
        b.fail(
            f"the grid has positions {sorted(placed)}; it needs positions 1 to at least {MIN_GRID}",
            "add grid_slot points in layer 'grid' numbered 1, 2, 3, ... without gaps",
        )
    return [placed[p] for p in sorted(placed)]


def single_point(
    b: Builder, shapes: list[Shape], cls: str, near: SpaceFinder, n_rows: int
) -> str | None:
    if len(shapes) != 1:
        b.fail(f"layer 'grid' has {len(shapes)} objects of class {cls}", f"place exactly one point of class {cls}")
        return None
    sp = near.snap(shapes[0].anchor)
    if sp is None:
        b.fail(f"the {cls} point is not on a track space", "move it onto the centre of a space", shapes[0])
        return None
    _behind_line(b, shapes[0], sp, n_rows)
    return sp.name
