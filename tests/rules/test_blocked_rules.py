"""The rules around blocked spaces (AMB-69) where cars are placed without a move: the
single-file restart (RESTART-1) and the Blitz level start (BLITZ-4) pass a blocked space by."""

from __future__ import annotations

from game.tracks.build import build
from game.tracks.drawing import Shape
from rules.actions import Roll
from rules.files.record import Header, Record, replay, same_drivers
from rules.modules.restart import _single_file, next_straight
from rules.ruleset import FD_BLITZ
from rules.track import Track
from tests.game.drawings import CY, RADII, SPACE, START_X, stadium
from tests.game.test_blocked_spaces import with_blocked
from tests.rules.fixtures import D, dcar, position


def test_AMB_69_restart_1_single_file_passes_a_blocked_space_by():
    """The field lines up from the middle of the next straight (B50, B48, B46 on the open board);
    with B46 blocked the third car takes B45, the next space behind it."""
    plain = build(stadium())
    t = build(with_blocked(stadium(), plain, ("B46",)))
    cars = [
        dcar("lead", "A40", 3, crossings=2),
        dcar("second", "B30", 3, crossings=2),
        dcar("third", "C20", 3, crossings=2),
    ]
    order = ["lead", "second", "third"]
    assert next_straight(t, "A40") == next_straight(plain, "A40")
    open_board = _single_file(plain, position(cars, "lead", track=plain, rules=D), order)
    assert [open_board.car(c).space for c in order] == ["B50", "B48", "B46"]
    state = _single_file(t, position(cars, "lead", track=t, rules=D), order)
    assert [state.car(c).space for c in order] == ["B50", "B48", "B45"]


def test_AMB_69_blitz_4_the_second_car_never_starts_on_a_blocked_space():
    """A grid drawn two rows back (the pole on A56): level with it are B50 and C44; with B50
    blocked the second car starts on C44, the nearest lane with an open space in the pole's row."""
    d = stadium()
    d.layers["grid"] = [
        Shape(
            20 + i,
            "grid_slot",
            ((START_X - SPACE / 2 - SPACE * (i + 2), CY - RADII[0 if i % 2 == 0 else 2]),),
            props={"position": i + 1},
        )
        for i in range(10)
    ] + [s for s in d.layers["grid"] if s.cls == "qualifying_start"]
    plain = build(d)
    pole = plain.space(plain.grid[0])
    level = [s.name for s in plain.row_spaces(pole.row) if s.name != pole.name]
    assert (pole.name, level) == ("A56", ["B50", "C44"])

    def second_car(track: Track) -> str | None:
        base = same_drivers(track, FD_BLITZ, 2, 3, seed=1)
        header = Header(**{**base.model_dump(), "grid": ("car2", "car1"), "level_start": True})
        return replay(track, Record(header=header, actions=(Roll(value=20),))).car("car1").space

    assert second_car(plain) == "B50"
    d = with_blocked(d, plain, ("B50",))
    assert second_car(build(d)) == "C44"
