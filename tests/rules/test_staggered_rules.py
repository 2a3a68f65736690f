"""Rules on staggered boards: "next to" (AMB-4) and distances counted in spaces, not rows.

Rules: AMB-4 (next to), AMB-9 (level), CORE-COLL-1 (collisions with the cars next to the mover),
RESTART-1 and AMB-37 (how far a car follows a wreck), BLITZ-4 (the level start).

The boards are the 3-lane test stadium (tests/game/drawings.py, 48 px spaces, the start line at x
928) with staggered lanes, as tests/game/test_staggered.py builds them. On the brick board (B
staggered by half a space) A and C have the even rows of the straights and B the odd ones, so a
row is half a space there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.load import load_track
from rules.actions import Roll
from rules.ai.registry import DRIVERS
from rules.files.record import Header, Record, replay, same_drivers
from rules.modules.restart import impassable
from rules.ruleset import FD_BLITZ
from rules.track import Track
from tests.conftest import REPO
from tests.game.drawings import CX1, CX2, CY, RADII, SPACE
from tests.game.test_staggered import staggered
from tests.rules.fixtures import D, R, car, dcar, kinds, pending, position, settle, turn


@pytest.fixture(scope="module")
def brick() -> Track:
    return build(staggered(None, 0.5, None))


# --- AMB-4: next to --------------------------------------------------------------------------


def test_AMB_4_a_staggered_space_is_next_to_the_two_spaces_it_touches_in_each_neighbouring_lane(brick):
    """Worked out by hand on the top straight: B1 (x 976) spans 952-1000 and touches A1/C1 (x
    952) behind and A2/C2 (x 1000) ahead; A1 (928-976) touches B52, centred on the line, and B1;
    A and C are level with each other but two lanes apart, so never next to each other."""
    b_last = brick.lane_spaces(1)[-1].name
    assert b_last == "B52"
    assert brick.beside("B1") == ("A1", "A2", "C1", "C2")
    assert brick.beside("A1") == ("B52", "B1")
    assert brick.beside("C1") == ("B52", "B1")
    assert brick.beside("A2") == ("B1", "B2")
    assert brick.beside("B52") == ("A58", "A1", "C46", "C1")  # across the line
    assert brick.beside("B2") == ("A2", "A3", "C2", "C3")  # B2 centred on the corner border, A3 in the corner
    for name in ("A1", "B1", "C1", "A2", "B52"):
        assert brick.level(name) == ()  # half a space is not level (AMB-9)


def test_AMB_4_with_quarter_staggers_each_space_touches_the_two_it_overlaps():
    """B staggered by 0.25 and C by 0.75 (a quarter space behind): on the top straight A1 is at x
    952, B1 at 964, C1 at 940. A1 (928-976) overlaps B52 (892-940) and B1 (940-988); C1
    (916-964) overlaps the same two; B1 overlaps A1, A2 (976-1024), C1 and C2 (964-1012)."""
    t = build(staggered(None, 0.25, 0.75))
    assert [t.space(n).x for n in ("A1", "B1", "C1")] == [952.0, 964.0, 940.0]
    assert t.beside("A1") == ("B52", "B1")
    assert t.beside("C1") == ("B52", "B1")
    assert t.beside("B1") == ("A1", "A2", "C1", "C2")


def _top_straight(t: Track, name: str) -> bool:
    s = t.space(name)
    return s.corner is None and abs(s.y - (CY - RADII[s.lane])) < 1e-6 and CX1 < s.x < CX2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 99), min_size=3, max_size=3))
def test_AMB_4_next_to_is_exactly_the_overlapping_spaces_of_the_neighbouring_lanes(hundredths):
    """Any staggers: on the top straight (a space away from its ends) the spaces next to a space
    are exactly those of the adjacent lanes that overlap it (centres less than a space apart);
    the relation is mutual and includes every level space of an adjacent lane; with a staggered
    lane every space has one next to it in each adjacent lane, corners included, and without
    one it is the same row in an adjacent lane, as before."""
    t = build(staggered(*(h / 100 for h in hundredths)))
    for s in t.spaces:
        if s.in_pit:
            assert t.beside(s.name) == ()
            continue
        near = t.beside(s.name)
        assert set(t.level(s.name)) <= set(near)
        assert all(abs(t.space(o).lane - s.lane) == 1 and s.name in t.beside(o) for o in near)
        if any(hundredths):
            assert {t.space(o).lane for o in near} == {lane for lane in (s.lane - 1, s.lane + 1) if 0 <= lane < t.lanes}
        else:
            assert near == t.level(s.name)
        if _top_straight(t, s.name) and CX1 + SPACE <= s.x <= CX2 - SPACE:
            touching = {
                o.name
                for o in t.spaces
                if not o.in_pit
                and abs(o.lane - s.lane) == 1
                and _top_straight(t, o.name)
                and abs(o.x - s.x) < SPACE - 1e-6
            }
            assert set(near) == touching, (s.name, near, touching)


def _shipped_maps(stagger: bool) -> list[Path]:
    maps = sorted((REPO / "maps").glob("*.tmx"))
    return [p for p in maps if ('name="stagger"' in p.read_text(encoding="utf-8")) == stagger]


def _unstaggered_maps() -> list[Path]:
    return _shipped_maps(False)


def test_AMB_4_on_the_brick_and_every_shipped_staggered_map_each_space_has_one_next_to_it_per_lane(brick):
    """On a board with a staggered lane every track space is next to a space in each adjacent
    lane, mutually, and a lane's spaces the next one along is a space further (AMB-9)."""
    for t in [brick, *(load_track(p) for p in _shipped_maps(True))]:
        for s in t.spaces:
            near = t.beside(s.name)
            assert all(s.name in t.beside(o) for o in near), (t.name, s.name)
            if not s.in_pit:
                lanes = {lane for lane in (s.lane - 1, s.lane + 1) if 0 <= lane < t.lanes}
                assert {t.space(o).lane for o in near} == lanes, (t.name, s.name, near)
        for lane in range(t.lanes):
            spaces = t.lane_spaces(lane)
            assert all(
                t.spaces_apart(a.row, b.row) == 1 for a, b in zip(spaces, spaces[1:]) if a.corner is None is b.corner
            )


def test_the_shipped_maps_are_unstaggered_ones():
    assert {p.stem for p in _unstaggered_maps()} >= {"oval", "hohenau", "hafenstadt", "brueckenau"}


@pytest.mark.parametrize("path", _unstaggered_maps(), ids=lambda p: p.stem)
def test_AMB_4_on_every_shipped_unstaggered_map_next_to_is_the_same_row_in_an_adjacent_lane(path):
    """AMB-4 on a map without staggered lanes, for every space: ``level`` and ``beside`` are the
    spaces of the same row in an adjacent lane, never the pit lane. Row distances stay row
    differences."""
    t = load_track(path)
    for s in t.spaces:
        same_row = () if s.in_pit else tuple(o.name for o in t.row_spaces(s.row) if abs(o.lane - s.lane) == 1)
        assert t.beside(s.name) == same_row == t.level(s.name), s.name
    rows = [s.row for s in t.lane_spaces(0)][::7]
    assert all(t.spaces_apart(a, b) == (b - a) % t.rows for a in rows for b in rows)


# --- CORE-COLL-1: collisions through the engine ----------------------------------------------


@pytest.mark.rules("CORE-COLL-1")
def test_CORE_COLL_1_AMB_4_a_car_stopping_between_two_staggered_cars_collides_with_both(brick):
    """The mover drives A20 -> A24 (x 760, row 43) on the bottom straight; B20 (784) and B21
    (736) are half a space behind and ahead of it in the staggered lane, C18 is level but two
    lanes away."""
    cars = [car("m", "A20", gear=3), car("back", "B20"), car("front", "B21"), car("far", "C18")]
    state = position(cars, "m", track=brick)
    state, _ = turn(state, 3, 4, "A24", track=brick)
    assert state.car("m").space == "A24"
    assert sorted(pending(state)) == sorted(
        [
            ("collision", "back", "m"),
            ("collision", "m", "back"),
            ("collision", "front", "m"),
            ("collision", "m", "front"),
        ]
    )


def test_AMB_4_diagonally_ahead_on_a_staggered_board_is_next_to_the_space_ahead(brick):
    """With ``collision_diagonal`` the mover on A24 also collides with B22 (x 688), next to A25
    (712) directly ahead; without the flag B22, a space and a half on, is too far."""
    cars = [car("m", "A20", gear=3), car("diag", "B22")]
    for flag, want in ((False, []), (True, [("collision", "diag", "m"), ("collision", "m", "diag")])):
        state = position(cars, "m", track=brick, rules=R.model_copy(update={"collision_diagonal": flag}))
        state, _ = turn(state, 3, 4, "A24", track=brick)
        assert pending(state) == want


@pytest.mark.rules("CORE-COLL-1")
def test_CORE_COLL_1_AMB_4_a_staggered_car_collides_with_the_four_cars_around_it(brick):
    """B17 -> B21 (x 736): A24/C18 (760) and A25/C19 (712) touch it on both sides."""
    cars = [car("m", "B17", gear=3), *(car(n.lower(), n) for n in ("A24", "A25", "C18", "C19"))]
    state = position(cars, "m", track=brick)
    state, _ = turn(state, 3, 4, "B21", track=brick)
    assert {(c, o) for _, c, o in pending(state)} == {
        pair for n in ("a24", "a25", "c18", "c19") for pair in ((n, "m"), ("m", n))
    }


# --- RESTART-1, AMB-37: distances in spaces --------------------------------------------------


def test_AMB_9_rows_apart_count_spaces_on_a_staggered_board(brick):
    """A row is half a space on the brick's straights: A1 -> A2 is one space (two rows), B1,
    half a space ahead of A1, lies one space on, and from A2 round to A1 is A's 57 spaces."""
    row = {n: brick.space(n).row for n in ("A1", "B1", "A2", "A24", "A20")}
    assert brick.spaces_apart(row["A1"], row["A2"]) == 1 and row["A2"] - row["A1"] == 2
    assert brick.spaces_apart(row["A1"], row["B1"]) == 1
    assert brick.spaces_apart(row["A1"], row["A1"]) == 0
    assert brick.spaces_apart(row["A2"], row["A1"]) == len(brick.lane_spaces(0)) - 1
    assert brick.spaces_apart(row["A20"], row["A24"]) == 4


WALL = ("A24", "B20", "C18")  # rows 43, 42, 43 on the bottom straight: no way past for the cars behind


def wall_position(brick: Track, lead: str, behind: int):
    """The wall in lap 2, the leader past it, ``m`` that many spaces of lane B behind it in lap 1."""
    wall = [dcar(f"w{i}", s, 3, status="out", out_round=1, crossings=2) for i, s in enumerate(WALL)]
    m = brick.lane_spaces(1)[(19 - behind) % len(brick.lane_spaces(1))].name
    return position([dcar("lead", lead, 3, crossings=2), *wall, dcar("m", m, 3)], "lead", track=brick, rules=D), m


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_AMB_37_a_car_30_spaces_behind_a_wall_of_wrecks_still_follows_it(brick):
    """The restart's "following" distance (40) counts spaces: on the brick 30 spaces behind the
    wall are 60 rows, which a count of rows would take for too far to be blocked."""
    state, behind = wall_position(brick, "A30", 30)  # 30 spaces behind B20
    rows = (brick.space("B20").row - brick.space(behind).row) % brick.rows
    # 30 spaces of B, 33 of the outer lane A, which is longer in the corner between: 63 rows
    assert rows == 63 and brick.spaces_apart(brick.space(behind).row, brick.space("B20").row) == 33
    assert impassable(brick, state)
    far, _ = wall_position(brick, "A30", 45)  # 45 spaces of B: too far behind to follow
    assert not impassable(brick, far)


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_the_race_restarts_through_the_engine_for_a_car_far_behind_on_a_staggered_board(brick):
    state, _ = wall_position(brick, "A26", 30)
    state, ev = turn(state, 3, 4, "A30", track=brick)
    state, ev2 = settle(state, track=brick)
    assert len(kinds(ev + ev2, "restart")) == 1 and state.league.restarts == 1


# --- BLITZ-4: the level start ----------------------------------------------------------------


@pytest.mark.rules("BLITZ-4")
def test_BLITZ_4_on_a_staggered_board_the_second_car_starts_in_the_pole_s_row():
    """The brick's pole is A58 (row 108); B beside it is half a space off, so the second car
    takes C46, level with the pole two lanes across, not B51/B52 and not the grid's C45."""
    t = build(staggered(None, 0.5, None))
    base = same_drivers(t, FD_BLITZ, 2, 3, seed=1)
    header = Header(**{**base.model_dump(), "grid": ("car2", "car1"), "level_start": True})
    state = replay(t, Record(header=header, actions=(Roll(value=20),)))
    pole, second = state.car("car2").space, state.car("car1").space
    assert (pole, second) == (t.grid[0], "C46") and t.grid[1] == "C45"
    assert t.space(pole).row == t.space(second).row


@pytest.mark.rules("CORE-COLL-1")
def test_CORE_COLL_1_AMB_4_in_a_whole_race_on_the_brick_cars_half_a_space_apart_roll_for_collisions(brick):
    """Ten computer cars through the loop ``simulate`` uses: checks between cars that are not
    level (and not one directly behind the other) happen, and the record replays to the end."""
    from rules.files.record import steps
    from rules.ruleset import preset
    from rules.run.simulation import play, race_header

    header, _ = race_header(brick, preset("fd-basic"), 10, 1, 3, "careful", DRIVERS)
    session = play(brick, header, DRIVERS)
    assert all(c.status == "finished" for c in session.state.cars)
    offset = []
    for step in steps(brick, session.record()):
        for p in step.after.pending:
            if p.purpose.value == "collision" and p.other:
                a, b = (brick.space(step.after.car(c).space or "") for c in (p.car, p.other))
                if a.row != b.row and b.name not in (brick.ahead(a.name), brick.behind(a.name)):
                    offset.append((a.name, b.name))
    assert offset and all(b in brick.beside(a) for a, b in offset)  # next to across the offset (AMB-4)
    assert replay(brick, session.record()) == session.state
