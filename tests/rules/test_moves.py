"""Movement rules (``rules.moves``), one test per rule ID, each failing if that rule were broken.

Most cases use the shipped oval (its geometry is spelled out in
``test_moves_golden.py``): on the back straight row r holds A(r-4), B(r-2)
and C(r+1); the Seekurve (1 stop) fills rows 46-56 and is left into row 57
(A48, B52, C58); the Lindenkehre (2 stops) fills rows 11-21.

Two more drawings are built here like ``tests/game/drawings.py`` does:
the 3-lane test stadium with a 3-stop corner, and ``four_lane()``: a 4-lane
stadium whose bottom straight holds two short 1-stop corners, "Esse 1"
(rows 23-25) and "Esse 2" (rows 27-29), one row apart, followed by a long
straight (rows 30-44). Row r of that straight holds A(r+1), B(r-2), C(r-5),
D(r-8). Arrows in Esse 2: A28 > B26 inside it, and B27 > C25 across its
end line.
"""

from __future__ import annotations

import math
import re
import time
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape
from game.tracks.load import load_track
from rules.moves import Move, MoveRequest, check_path, legal_moves
from rules.reasons import TEMPLATES, Code, Reason
from rules.ruleset import FORMULA_D_BASIC, RuleSet
from rules.track import EdgeKind, Track
from tests.game.drawings import stadium
from tests.rules.fixtures import pit_of

OVAL = Path(__file__).resolve().parents[2] / "maps" / "oval.tmx"
CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"


@lru_cache(maxsize=1)
def oval() -> Track:
    return load_track(OVAL)


def request(
    start: str, roll: int, cars=(), track: Track | None = None, rules: RuleSet = FORMULA_D_BASIC, **kw
) -> MoveRequest:
    return MoveRequest(track=track or oval(), rules=rules, start=start, roll=roll, occupied=frozenset(cars), **kw)


def ends(req: MoveRequest) -> set[str | None]:
    return {m.end for m in legal_moves(req)}


def by_end(req: MoveRequest) -> dict[str | None, list[Move]]:
    out: dict[str | None, list[Move]] = {}
    for m in legal_moves(req):
        out.setdefault(m.end, []).append(m)
    return out


def only(req: MoveRequest, end: str) -> Move:
    found = by_end(req)[end]
    assert len(found) == 1, found
    return found[0]


def refused(req: MoveRequest, path: tuple[str, ...]) -> Reason:
    result = check_path(req, path)
    assert isinstance(result, Reason), result
    return result


def rules(**update) -> RuleSet:
    return FORMULA_D_BASIC.model_copy(update=update)


# --- the four-lane drawing ------------------------------------------------------------

CX1, CX2, CY, SPACE = 400.0, 1600.0, 500.0, 48.0
RADII = (280.0, 232.0, 184.0, 136.0)  # lanes A (outer, left) .. D (inner, right)
START_X = 1504.0


def _on(cx: float, r: float, deg: float) -> tuple[float, float]:
    return (cx + r * math.cos(math.radians(deg)), CY + r * math.sin(math.radians(deg)))


def _lane(r: float, steps: int = 36) -> tuple[tuple[float, float], ...]:
    pts = [(CX1, CY - r), (CX2, CY - r)]
    pts += [_on(CX2, r, -90 + 180 * i / steps) for i in range(1, steps)]
    pts += [(CX2, CY + r), (CX1, CY + r)]
    pts += [_on(CX1, r, 90 + 180 * i / steps) for i in range(1, steps)]
    return tuple(pts)


def _box(x0: float, x1: float, y0: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def four_lane_drawing(arrows: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()) -> Drawing:
    """Four lanes, clockwise; two half-circle corners and two 3-row corners on the bottom straight."""
    d = Drawing(
        props=dict(
            circuit_name="Four Lanes",
            laps=2,
            space_length=SPACE,
            weather_sun="13-20",
            weather_variable="6-12",
            weather_rain="1-5",
        )
    )
    d.layers["lanes"] = [Shape(1 + i, "lane", _lane(r), True) for i, r in enumerate(RADII)]
    d.layers["start_finish"] = [Shape(10, "start_finish", ((START_X, CY - 320), (START_X, CY - 100)))]
    bottom = (CY + 100, CY + 330)
    d.layers["corners"] = [
        Shape(11, "corner", _box(CX2, CX2 + 330, CY - 330, CY + 330), True, "East", {"stops": 1}),
        Shape(12, "corner", _box(CX2 - 6 * SPACE, CX2 - 3 * SPACE, *bottom), True, "Esse 1", {"stops": 1}),
        Shape(13, "corner", _box(CX2 - 10 * SPACE, CX2 - 7 * SPACE, *bottom), True, "Esse 2", {"stops": 1}),
        Shape(14, "corner", _box(CX1 - 330, CX1, CY - 330, CY + 330), True, "West", {"stops": 2}),
    ]
    d.layers["arrows"] = [Shape(30 + i, "arrow", a) for i, a in enumerate(arrows)]
    d.layers["grid"] = [
        Shape(
            50 + i,
            "grid_slot",
            ((START_X - SPACE / 2 - SPACE * i, CY - RADII[2 * (i % 2)]),),
            props={"position": i + 1},
        )
        for i in range(10)
    ]
    d.layers["grid"].append(Shape(70, "qualifying_start", ((START_X - SPACE / 2, CY - RADII[1]),)))
    return d


@lru_cache(maxsize=1)
def four_lane() -> Track:
    plain = build(four_lane_drawing())

    def at(name: str) -> tuple[float, float]:
        s = plain.space(name)
        return (s.x, s.y)

    track = build(four_lane_drawing(arrows=((at("A28"), at("B26")), (at("B27"), at("C25")))))
    esse1, esse2 = track.corners[1], track.corners[2]
    # the facts the tests below rely on
    assert (track.lanes, esse1.label, esse1.first_row, esse1.last_row) == (4, "Esse 1", 23, 25)
    assert (esse2.label, esse2.first_row, esse2.last_row) == ("Esse 2", 27, 29)
    assert {(e.src, e.dst) for e in track.edges if e.kind == EdgeKind.ARROW} == {("A28", "B26"), ("B27", "C25")}
    assert [track.space(n).row for n in ("A23", "A27", "A31", "B24", "B28", "C25", "D22", "A36", "D31")] == [
        22,
        26,
        30,
        26,
        30,
        30,
        30,
        35,
        39,
    ]
    return track


def four(start: str, roll: int, cars=(), **kw) -> MoveRequest:
    return request(start, roll, cars, track=four_lane(), **kw)


# --- CORE-MOVE: driving on the track -----------------------------------------------------


@pytest.mark.rules("CORE-MOVE-1")
def test_CORE_MOVE_1_never_backwards():
    t = oval()
    for req in (request("B30", 8, brakes=8), request("B42", 14, tyres=9, brakes=4), request("A58", 12, laps_to_go=2)):
        for m in legal_moves(req):
            here = req.start
            for nxt in m.path:
                assert 0 < (t.space(nxt).row - t.space(here).row) % t.rows <= 3, (here, nxt)
                here = nxt
    assert refused(request("B30", 1), ("B29",)).code == Code.NOT_A_STEP  # one row back
    assert refused(request("B30", 1), ("A28",)).code == Code.NOT_A_STEP  # diagonally back


@pytest.mark.rules("CORE-MOVE-2", "CORE-MOVE-5")
def test_CORE_MOVE_2_no_jumping_over_cars():
    req = request("B30", 2, ("B31",))
    assert all("B31" not in m.path for m in legal_moves(req))
    reason = refused(req, ("B31", "B32"))
    assert (reason.rule, reason.code) == ("CORE-MOVE-2", Code.SPACE_OCCUPIED)
    assert "B32" in ends(req)  # around it: B30 > A29 > B32 (CORE-MOVE-5's exception)
    assert ends(request("B30", 1, ("B31",))) == {"A29", "C34"}  # nor onto it


@pytest.mark.rules("CORE-MOVE-3")
def test_CORE_MOVE_3_AMB_3_every_step_is_one_space():
    moves = legal_moves(request("B30", 1))
    assert {m.end for m in moves} == {"A29", "B31", "C34"}  # straight or diagonal: 1 space each
    assert all(len(m.path) == 1 for m in moves)


@pytest.mark.rules("CORE-MOVE-4")
@pytest.mark.parametrize("roll", range(1, 9))
def test_CORE_MOVE_4_AMB_3_shortest_path_on_a_straight(roll):
    # Every path between two spaces of a straight has one step per row: a roll of N ends
    # exactly N rows on, so no longer way round reaches a nearer space.
    t = oval()
    moves = legal_moves(request("B30", roll))
    assert moves and all(len(m.path) == roll for m in moves)
    assert {t.space(m.end).row for m in moves} == {32 + roll}
    assert len(moves) == 3


@pytest.mark.rules("CORE-MOVE-5")
def test_CORE_MOVE_5_no_zigzag_except_to_overtake():
    reason = refused(request("B30", 2), ("A29", "B32"))
    assert (reason.rule, reason.code) == ("CORE-MOVE-5", Code.NO_ZIGZAG)
    assert isinstance(check_path(request("B30", 2, ("B31",)), ("A29", "B32")), Move)  # around B31


@pytest.mark.rules("CORE-MOVE-5")
def test_CORE_MOVE_5_AMB_3_every_return_needs_its_own_car():
    # B22 (row 24), a car on B24 (row 26). B > C > B passes that car, fine; but then
    # B > A > B returns to B with no car passed since B was left the second time.
    # (Measured from the first time the lane was left, this weave would pass.)
    cars = ("B24",)
    weave = ("B23", "C27", "C28", "C29", "B27", "A26", "B29")
    assert isinstance(check_path(request("B22", 6, cars, brakes=1), weave[:6]), Move)
    reason = refused(request("B22", 7, cars), weave)
    assert (reason.rule, reason.values) == ("CORE-MOVE-5", {"space": "B29"})
    assert isinstance(check_path(request("B22", 7, cars + ("B28",)), weave), Move)  # a second car: fine


@pytest.mark.rules("CORE-MOVE-6", "FD08-LANE-3")
def test_CORE_MOVE_6_FD08_LANE_3_arrows_only_before_and_in_corners():
    assert ends(request("B9", 2)) == {"B11", "A11"}  # arrow zone: B10 > A11 only, no C11
    assert ends(request("B12", 1, corner=0, stops=1)) == {"B13", "A13"}  # the arrow B12 > A13
    assert ends(request("A12", 1, corner=0, stops=1)) == {"A13"}  # no arrow from A12
    assert ends(request("C12", 1, corner=0, stops=1)) == {"C13"}
    assert refused(request("A12", 1), ("B13",)).code == Code.NOT_A_STEP


@pytest.mark.rules("CORE-MOVE-7")
def test_CORE_MOVE_7_the_full_roll_unless_braking_or_blocked():
    for req in (request("B30", 6), request("B42", 9, tyres=6), request("A11", 7, tyres=6)):
        assert all(len(m.path) == req.roll and m.brakes == 0 for m in legal_moves(req))
    reason = refused(request("B30", 6, brakes=6, may_brake=False), ("B31",))
    assert (reason.rule, reason.code) == ("CORE-MOVE-7", Code.NO_BRAKING_NOW)


# --- FD08-LANE: lane changes on straights (four lanes) -------------------------------------


@pytest.mark.rules("FD08-LANE-1")
def test_FD08_LANE_1_at_most_two_lanes_away_on_a_straight():
    req = four("A36", 4)  # row 35 -> row 39: A40 B37 C34 D31
    assert ends(req) == {"A40", "B37", "C34"}
    reason = refused(req, ("B34", "C32", "D30"))
    assert (reason.rule, reason.code) == ("FD08-LANE-1", Code.TOO_MANY_LANES)
    assert ends(four("B33", 4)) == {"A40", "B37", "C34", "D31"}  # from B every lane is within two


@pytest.mark.rules("FD08-LANE-1")
def test_FD08_LANE_1_counts_from_the_lane_the_straight_began_in():
    # A28 in Esse 2 with its stop made: the arrow to B inside the corner, out into the
    # straight in lane B, then two lanes on to D: that straight began in B, so D is only
    # two lanes away. (Counted from the start space's lane A it would be three.)
    req = four("A28", 5, corner=2, stops=1)
    move = check_path(req, ("B26", "B27", "B28", "C26", "D24"))
    assert isinstance(move, Move) and move.overshoot == 0
    assert "D24" in ends(req)
    # from lane A on the straight itself, D stays out of reach (A31 > B29 > C27 > D25 would be 3)
    assert ends(four("A31", 3)) == {"A34", "B31", "C28"}


@pytest.mark.rules("CORE-MOVE-5", "FD08-LANE-2")
def test_FD08_LANE_2_an_arc_only_to_overtake():
    arc = ("B30", "B31", "A30")  # A27 (row 31) > B > back to A in row 34
    assert isinstance(check_path(request("A27", 3, ("A29",)), arc), Move)  # around the car on A29
    reason = refused(request("A27", 3), arc)
    assert (reason.rule, reason.code) == ("CORE-MOVE-5", Code.NO_ZIGZAG)
    # a wider arc over two lanes (four-lane straight) is the same: B > C > D > C needs a car in C
    assert isinstance(check_path(four("B33", 4, ("C32",)), ("C31", "D29", "D30", "C34")), Move)
    assert refused(four("B33", 4), ("C31", "D29", "D30", "C34")).code == Code.NO_ZIGZAG


# --- corners -------------------------------------------------------------------------------


@pytest.mark.rules("CORNER-3")
def test_CORNER_3_a_move_ending_in_a_corner_is_one_stop():
    m = only(request("A11", 1), "A12")
    assert (m.corner, m.stops) == (0, 1)
    m = only(request("A12", 1, corner=0, stops=1), "A13")
    assert (m.corner, m.stops) == (0, 2)  # the second stop in the same corner
    m = only(request("B43", 2), "A43")  # into the Seekurve along the arrow B44 > A43
    assert (m.corner, m.stops) == (1, 1)


@pytest.mark.rules("CORNER-4")
def test_CORNER_4_overshoot_costs_tyres_per_space_times_the_multiplier():
    for mult in (1, 2, 3):
        req = request("B42", 9, tyres=20, rules=rules(overshoot_multiplier=mult))
        assert (only(req, "A48").overshoot, only(req, "A48").tyres) == (1, mult)
        assert (only(req, "A49").overshoot, only(req, "A49").tyres) == (2, 2 * mult)
        assert only(req, "C57").tyres == 0  # still inside: a stop, no overshoot


@pytest.mark.rules("CORNER-5")
def test_CORNER_5_missed_stops_put_the_car_out():
    # Lindenkehre (2 stops): leaving after 0 stops is out, after 1 only costs tyres.
    assert only(request("A11", 7, tyres=6), "A18").out.rule == "CORNER-5"
    assert only(request("A12", 6, corner=0, stops=1, tyres=6), "A18").out is None
    # A 3-stop corner (the stadium's first corner, left from C12 into C13): out after 0 or
    # 1 stop, not after 2.
    t = build(stadium(stops=(3, 1)))
    assert (t.corners[0].stops, t.space("C12").corner, t.space("C13").corner) == (3, 0, None)
    for made, out in ((0, "CORNER-5"), (1, "CORNER-5"), (2, None)):
        m = only(request("C12", 1, track=t, corner=0, stops=made, tyres=6), "C13")
        assert (m.out.rule if m.out else None, m.overshoot, m.tyres) == (out, 1, 1), made
    reason = only(request("C12", 1, track=t, corner=0, stops=1, tyres=6), "C13").out
    assert reason.values == {"corner": "C1", "stops": 1, "required": 3}


def test_AMB_18_missed_stops_flag():
    req = request("A11", 7, tyres=6, rules=rules(missed_stops_eliminate=False))
    m = only(req, "A18")
    assert (m.out, m.tyres, m.overshoot) == (None, 1, 1)  # only the tyre cost (D's text)


@pytest.mark.rules("CORNER-6")
def test_CORNER_6_more_tyre_wear_than_left_is_out():
    m = only(request("B42", 9, tyres=1), "A49")
    assert (m.out.rule, m.out.values) == ("CORNER-6", {"needed": 2, "available": 1})
    assert only(request("B42", 9, tyres=3), "A49").out is None


@pytest.mark.rules("CORNER-7", "FD08-SPIN-1")
def test_CORNER_7_FD08_SPIN_1_losing_the_last_tyre_exactly_spins():
    m = only(request("B42", 8, tyres=1), "A48")
    assert (m.spin, m.out, m.tyres) == (True, None, 1)
    assert only(request("B42", 8, tyres=2), "A48").spin is False  # one left: no spin
    assert only(request("B42", 8, tyres=1), "C54").spin is False  # no overshoot


@pytest.mark.rules("CORNER-6", "FD08-SPIN-2")
def test_FD08_SPIN_2_AMB_16_spin_or_out():
    # (a) more than one space beyond the line with the last tyre WP: out, not a spin
    m = only(request("B42", 9, tyres=2), "A49")
    assert (m.out.rule, m.spin) == ("FD08-SPIN-2", False)
    # (a) it counts spaces, not WP: 1 space at x2 takes the last 2 tyre WP: a spin
    m = only(request("B42", 9, tyres=2, rules=rules(overshoot_multiplier=2)), "A48")
    assert (m.spin, m.out, m.tyres) == (True, None, 2)
    # the limit is a rule parameter
    assert only(request("B42", 9, tyres=2, rules=rules(spin_max_overshoot=2)), "A49").spin is True
    # (b) more than left: out (CORNER-6); (d) a car with no tyre WP that overshoots at all: out
    assert only(request("B42", 8, tyres=0), "A48").out.rule == "CORNER-6"


def test_AMB_16_c_the_block_table_can_take_the_last_tyre_without_a_spin():
    m = only(request("B30", 6, ("A31", "B33", "C36"), brakes=3, tyres=1), "B32")
    assert (m.tyres, m.blocked, m.spin, m.out) == (1, 4, False, None)


@pytest.mark.rules("CORNER-8")
def test_CORNER_8_no_lane_change_after_leaving_with_a_stop_missing():
    path = ("A41", "A42", "A43", "A44", "A45", "A46", "A47", "A48", "B53")
    reason = refused(request("B42", 9, tyres=6), path)
    assert (reason.rule, reason.code, reason.values) == (
        "CORNER-8",
        Code.NO_LANE_CHANGE_AFTER_OVERSHOOT,
        {"space": "B53"},
    )
    # with the stop made, the same lane change after the exit is fine (AMB-17)
    assert isinstance(check_path(request("A47", 2, corner=1, stops=1), ("A48", "B53")), Move)


@pytest.mark.rules("CORNER-8")
def test_CORNER_8_not_even_on_the_exit_step():
    # B24 (gap row 26) through Esse 2 without a stop: the arrow B27 > C25 crosses the end
    # line, so taking it changes lanes while leaving with the stop missing.
    req = four("B24", 4, tyres=6)
    assert {(m.end, m.overshoot) for m in legal_moves(req)} == {("B28", 1)}
    reason = refused(req, ("B25", "B26", "B27", "C25"))
    assert (reason.rule, reason.code) == ("CORNER-8", Code.NO_LANE_CHANGE_AFTER_OVERSHOOT)
    # with the stop made in Esse 2 the arrow may be taken
    assert ends(four("B25", 3, corner=2, stops=1)) == {"B28", "C25"}


@pytest.mark.rules("FD08-CORNER-1")
def test_FD08_CORNER_1_AMB_17_never_change_lanes_when_leaving_a_corner():
    never = rules(exit_lane_change="never")
    assert ends(request("A47", 2, corner=1, stops=1)) == {"A49", "B53"}  # default: only with a stop missing
    req = request("A47", 2, corner=1, stops=1, rules=never)
    assert ends(req) == {"A49"}
    reason = refused(req, ("A48", "B53"))
    assert (reason.rule, reason.code) == ("FD08-CORNER-1", Code.NO_LANE_CHANGE_ON_EXIT)
    # and not on the exit step either (four-lane arrow across Esse 2's end line)
    req = four("B25", 3, corner=2, stops=1, rules=never)
    assert ends(req) == {"B28"}
    assert refused(req, ("B26", "B27", "C25")).rule == "FD08-CORNER-1"


@pytest.mark.rules("CORNER-9")
def test_CORNER_9_AMB_17_an_overshoot_ending_in_the_next_corner_is_no_stop_there():
    # A23 (row 22) has one way on (no diagonals into corners, no arrows in Esse 1; lane
    # changes are locked after Esse 1's exit): A24 A25 A26 | A27 | A28 A29.
    m = only(four("A23", 6, tyres=6), "A29")
    assert (m.corner, m.stops) == (2, 0)  # CORNER-9: does not count for Esse 2
    assert (m.overshoot, m.tyres) == (3, 3)  # AMB-17: A27, A28, A29 all count
    # next turn the stop is still missing in Esse 2: leaving it overshoots again
    m = only(four("A29", 2, corner=2, stops=0, tyres=6), "A31")
    assert (m.overshoot, m.tyres) == (1, 1)


@pytest.mark.rules("CORNER-4", "CORNER-6")
def test_AMB_17_overshoot_over_two_corners_counts_per_corner():
    # A23, roll 9: A24 A25 A26 (Esse 1) | A27 | A28 A29 A30 (Esse 2) | A31 A32.
    # Esse 1 was left with its stop missing at A27: 6 spaces beyond its end line
    # (A27..A32, including those in Esse 2); Esse 2 likewise at A31: 2 more (A31, A32).
    # CORNER-4 applied to each corner left with a stop missing: 6 + 2 = 8 tyre WP.
    m = only(four("A23", 9, tyres=10), "A32")
    assert (m.overshoot, m.tyres, m.out, m.corner) == (8, 8, None, None)
    assert only(four("A23", 9, tyres=7), "A32").out.rule == "CORNER-6"


@pytest.mark.rules("CORNER-10")
def test_CORNER_10_no_driving_around_a_car_during_an_overshoot():
    # A28 in Esse 2, stop missing, roll 5; cars on A32 and B29 (row 31). Out of the
    # corner (A31 or B28, row 30) the car may not change lanes, so C26 is out of reach:
    # no path drives 5, the car is blocked 2 spaces short and pays TAB-BLOCK (2 brakes),
    # or stops in the corner paying 3 brakes.
    cars = ("A32", "B29")
    req = four("A28", 5, cars, corner=2, stops=0, brakes=3, tyres=6)
    got = {(m.end, m.brakes, m.tyres, m.blocked, m.overshoot) for m in legal_moves(req)}
    assert got == {("A31", 2, 1, 2, 1), ("B28", 2, 1, 2, 1), ("A30", 3, 0, 0, 0), ("B27", 3, 0, 0, 0)}
    # with the stop made it may pull out round the cars and drive the whole roll
    req = four("A28", 5, cars, corner=2, stops=1, brakes=0)
    assert ends(req) == {"C27", "B30", "D24"}
    assert all(m.blocked == 0 for m in legal_moves(req))


# --- braking and blocked lanes ---------------------------------------------------------------


@pytest.mark.rules("CORE-BRAKE-1")
def test_CORE_BRAKE_1_one_brake_wp_per_space_not_driven():
    t = oval()
    moves = legal_moves(request("B30", 6, brakes=4))
    assert {(t.space(m.end).row, m.brakes) for m in moves} == {(38 - k, k) for k in range(5)}
    assert all(m.brakes == 6 - len(m.path) and m.blocked == 0 for m in moves)


@pytest.mark.rules("CORE-BRAKE-2")
def test_CORE_BRAKE_2_no_brake_wp_no_braking_but_not_out():
    moves = legal_moves(request("B30", 6, brakes=0))
    assert all(len(m.path) == 6 and m.out is None for m in moves)
    reason = refused(request("B30", 6, brakes=2), ("B31", "B32", "B33"))
    assert (reason.rule, reason.code, reason.values) == ("CORE-BRAKE-2", Code.CANNOT_BRAKE, {"spaces": 3, "brakes": 2})


WALL = ("A31", "B33", "C36")  # all of row 35; from B30 (row 32) every path stops in row 34


@pytest.mark.rules("CORE-BLOCK-1")
@pytest.mark.parametrize("roll, brakes, tyres", [(3, 1, 0), (4, 2, 0), (5, 3, 0), (6, 3, 1), (7, 3, 2), (8, 3, 3)])
def test_CORE_BLOCK_1_TAB_BLOCK_blocked_car_moves_as_far_as_possible(roll, brakes, tyres):
    moves = legal_moves(request("B30", roll, WALL, brakes=9, tyres=9))
    furthest = [m for m in moves if m.blocked]
    assert {m.end for m in furthest} == {"A30", "B32", "C35"}  # AMB-19b: any of them
    assert {(m.brakes, m.tyres, m.blocked) for m in furthest} == {(brakes, tyres, roll - 2)}
    # shorter stops are voluntary braking, 1 brake WP a space (AMB-19c)
    assert all(m.brakes == roll - len(m.path) and m.tyres == 0 for m in moves if not m.blocked)


def test_AMB_19_b_the_driver_chooses_among_the_furthest_paths():
    # Behind the wall the car gets 2 of its 5 spaces whichever way it goes: every space
    # it can reach at that distance is offered at the table price, also the one with a
    # damage marker, and every path the player draws to them is priced the same way.
    req = request("B30", 5, WALL, brakes=3, markers=frozenset({"B32"}))
    furthest = {(m.end, m.brakes, m.tyres, m.blocked, m.dangers) for m in legal_moves(req) if m.blocked}
    assert furthest == {("A30", 3, 0, 3, 0), ("B32", 3, 0, 3, 1), ("C35", 3, 0, 3, 0)}  # the marker is on B32
    for path in (("A29", "A30"), ("B31", "A30"), ("B31", "B32"), ("C34", "C35"), ("B31", "C35")):
        m = check_path(req, path)
        assert (m.brakes, m.blocked) == (3, 3), path


@pytest.mark.rules("CORE-BLOCK-2")
def test_CORE_BLOCK_2_seven_spaces_short_is_out():
    furthest = [m for m in legal_moves(request("B30", 9, WALL, brakes=9, tyres=9)) if m.blocked]
    assert {(m.blocked, m.out.rule) for m in furthest} == {(7, "CORE-BLOCK-2")}


@pytest.mark.rules("CORE-BLOCK-3")
def test_CORE_BLOCK_3_AMB_19_a_the_table_must_be_paid_in_full():
    for brakes, tyres, out in ((3, 1, None), (2, 9, "CORE-BLOCK-3"), (3, 0, "CORE-BLOCK-3")):
        m = only(request("B30", 6, WALL, brakes=brakes, tyres=tyres), "B32")
        assert (m.out.rule if m.out else None) == out, (brakes, tyres)


@pytest.mark.rules("CORE-BLOCK-2")
def test_AMB_19_c_braking_never_uses_the_table_when_a_full_path_exists():
    # Lane C is open, so the car is not blocked: stopping behind the car on B33 is
    # voluntary braking (4 brakes), never the table's 3 brakes + 1 tyre.
    req = request("B30", 6, ("A31", "B33"), brakes=7)
    m = only(req, "B32")
    assert (m.brakes, m.tyres, m.blocked) == (4, 0, 0)
    # seven spaces of voluntary braking are allowed (no CORE-BLOCK-2 without a block)
    stay = [m for m in legal_moves(request("B30", 7, ("A31", "B33"), brakes=7)) if not m.path]
    assert [(s.brakes, s.out) for s in stay] == [(7, None)]


def test_AMB_19_c_check_path_prices_a_stop_like_legal_moves():
    # B52, roll 11, may pit at box 1 (P4, 5 spaces away); row 65 is walled off, so on
    # the track the car gets 7 spaces (row 64). The box completes the move, so the car is
    # not blocked: stopping on A55 is voluntary braking, 4 brakes - whichever path the
    # player draws to it, never TAB-BLOCK's 3 brakes + 1 tyre for a path other than the one
    # legal_moves keeps.
    req = request("B52", 11, ("A56", "B60", "C66"), brakes=4, tyres=3, box="P4")
    for path in (("B53", "B54", "B55", "B56", "B57", "B58", "A55"), ("B53", "A50", "A51", "A52", "A53", "A54", "A55")):
        m = check_path(req, path)
        assert (m.brakes, m.tyres, m.blocked) == (4, 0, 0), path
    assert {(m.brakes, m.tyres, m.blocked) for m in legal_moves(req) if m.end == "A55"} == {(4, 0, 0)}


def test_AMB_19_d_dangerous_spaces_do_not_block():
    markers = frozenset(WALL)
    moves = legal_moves(request("B30", 4, markers=markers))
    assert {m.end for m in moves} == {"A32", "B34", "C37"}
    assert all(m.blocked == 0 and m.dangers == 1 for m in moves)


# --- dangerous spaces ---------------------------------------------------------------------------


@pytest.mark.rules("CORE-DANGER-2")
def test_CORE_DANGER_2_AMB_24_one_check_per_dangerous_space_passed_or_stopped_on():
    straight = ("B31", "B32", "B33", "B34")
    req = request("B30", 4, markers=frozenset({"B31", "B33"}))
    assert check_path(req, straight).dangers == 2  # passing two
    req = request("B30", 4, markers=frozenset({"B31", "B34"}))
    assert check_path(req, straight).dangers == 2  # passing one, stopping on one
    req = request("B30", 4, markers=frozenset({"B30"}))  # AMB-23: leaving one is not passing it
    assert check_path(req, straight).dangers == 0


@pytest.mark.rules("CORE-DANGER-2")
def test_CORE_DANGER_2_VAR_7_drive_over_only_flag():
    req = request("B30", 4, markers=frozenset({"B31", "B34"}), rules=rules(danger_on_stop=False))
    assert check_path(req, ("B31", "B32", "B33", "B34")).dangers == 1  # stopping on B34 is free


# --- pits ------------------------------------------------------------------------------------


@pytest.mark.rules("PIT-B-2")
def test_PIT_B_2_a_roll_of_at_least_the_distance_reaches_the_box():
    # B52 > C59 > P1 > P2 > P3 > P4: box 1 is 5 spaces away
    for roll in (5, 6, 12):
        m = only(request("B52", roll, box="P4"), "P4")
        assert (m.in_box, len(m.path), m.brakes, m.blocked) == (True, 5, 0, 0)  # the rest is lost
    assert "P4" not in ends(request("B52", 4, box="P4"))
    assert only(request("B52", 4, box="P4"), "P3").in_box is False  # short of the box, in the pit lane


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_no_pit_entry_without_a_box():
    reason = refused(request("B52", 5), ("C59", "P1"))
    assert (reason.rule, reason.code) == ("PIT-B-1", Code.NO_PIT_NOW)
    assert not any(oval().space(e).in_pit for e in ends(request("B52", 5)))


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_no_braking_in_the_pit_lane():
    req = request("P2", 3, box="P9", brakes=5)
    assert ends(req) == {"P5"}
    reason = refused(req, ("P3",))
    assert (reason.rule, reason.code) == ("PIT-B-5", Code.NO_BRAKING_IN_PIT)


@pytest.mark.rules("PIT-B-6")
def test_PIT_B_6_waiting_behind_a_car_in_the_pit_lane_is_free():
    m = only(request("P2", 8, ("P6",), box="P9", may_brake=False), "P5")
    assert (m.blocked, m.brakes, m.tyres, m.out) == (5, 0, 0, None)
    # Turning in from the track behind a car that waits in the pit lane: the car may
    # enter and wait behind it for free, even though it could drive on along the track.
    req = request("B52", 8, ("P3",), box="P9", brakes=0)
    m = only(req, "P2")
    assert (m.blocked, m.brakes, m.tyres, m.in_box) == (5, 0, 0, False)
    assert {"A56", "B60", "C66"} <= ends(req)


# --- finishing -------------------------------------------------------------------------------


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_a_finishing_car_stops_after_the_line():
    moves = legal_moves(request("A58", 12, laps_to_go=1))
    assert {(m.end, len(m.path), m.finishes, m.laps, m.brakes) for m in moves} == {
        (e, 3, True, 1, 0) for e in ("A1", "B1", "C1")
    }
    # not the last lap: the line is crossed and the roll driven in full
    moves = legal_moves(request("A58", 12, laps_to_go=2))
    assert moves and all(len(m.path) == 12 and m.laps == 1 and not m.finishes for m in moves)


# --- reasons -----------------------------------------------------------------------------------


def test_move_reasons_render_and_cite_catalogue_rules():
    reasons = [
        refused(request("B30", 1), ("B29",)),
        refused(request("B30", 2, ("B31",)), ("B31", "B32")),
        refused(request("B30", 2), ("A29", "B32")),
        refused(request("B52", 5), ("C59", "P1")),
        refused(request("B30", 6, brakes=2), ("B31",)),
        refused(request("B30", 6, may_brake=False), ("B31",)),
        refused(request("P2", 3, box="P9"), ("P3",)),
        refused(request("B42", 9, tyres=6), ("A41", "A42", "A43", "A44", "A45", "A46", "A47", "A48", "B53")),
        refused(request("A47", 2, corner=1, stops=1, rules=rules(exit_lane_change="never")), ("A48", "B53")),
        refused(four("A36", 4), ("B34", "C32", "D30")),
    ]
    for req in (
        request("B30", 6, WALL, brakes=2),
        request("B30", 9, WALL),
        request("A11", 7, tyres=6),
        request("B42", 9, tyres=1),
        request("B42", 9, tyres=2),
    ):
        reasons += [m.out for m in legal_moves(req) if m.out]
    assert {r.code for r in reasons} >= {
        Code.NOT_A_STEP, Code.SPACE_OCCUPIED, Code.NO_ZIGZAG, Code.NO_PIT_NOW, Code.CANNOT_BRAKE,
        Code.NO_BRAKING_NOW, Code.NO_BRAKING_IN_PIT, Code.NO_LANE_CHANGE_AFTER_OVERSHOOT,
        Code.NO_LANE_CHANGE_ON_EXIT, Code.TOO_MANY_LANES, Code.BLOCKED_UNPAID, Code.BLOCKED_TOO_FAR,
        Code.MISSED_STOPS, Code.TYRES_GONE, Code.SPIN_TOO_FAR,
    }  # fmt: skip
    text = CATALOGUE.read_text(encoding="utf-8") if CATALOGUE.exists() else None
    for r in reasons:
        fields = {f for f in re.findall(r"{(\w+)}", TEMPLATES[r.code])}
        assert fields == set(r.values), r
        assert "{" not in r.english()
        if text is not None:
            assert re.search(rf"(?<![\w-]){re.escape(r.rule)}(?!\w)", text), r.rule


# --- properties over random positions on the oval ---------------------------------------------

TRACK_SPACES = sorted(s.name for s in oval().spaces if not s.in_pit)
PIT_SPACES = sorted(s.name for s in oval().spaces if s.in_pit)


@st.composite
def positions(draw) -> dict:
    """A random position on the oval, as MoveRequest fields without the track (short reprs)."""
    t = oval()
    start = draw(st.sampled_from(TRACK_SPACES + PIT_SPACES))
    others = draw(st.lists(st.sampled_from(TRACK_SPACES + PIT_SPACES), max_size=9, unique=True))
    markers = draw(st.lists(st.sampled_from(TRACK_SPACES), max_size=4, unique=True))
    corner = t.space(start).corner
    in_pit = t.space(start).in_pit
    box = draw(st.sampled_from([None, *pit_of(t).boxes]))
    if in_pit and box is not None and t.space(box).index <= t.space(start).index:
        box = None
    return dict(
        literal=draw(st.booleans()),  # the AMB-17 "never" flag and VAR-7 drive-over only
        start=start,
        roll=draw(st.integers(min_value=1, max_value=30)),
        occupied=frozenset(o for o in others if o != start),
        markers=frozenset(markers),
        brakes=draw(st.integers(min_value=0, max_value=7)),
        tyres=draw(st.integers(min_value=0, max_value=14)),
        corner=corner,
        stops=draw(st.integers(min_value=0, max_value=2)) if corner is not None else 0,
        laps_to_go=draw(st.sampled_from([1, 2, 99])),
        box=box,
        may_brake=not in_pit,
    )


def position_request(kw: dict) -> MoveRequest:
    kw = dict(kw)
    literal = kw.pop("literal")
    ruleset = rules(exit_lane_change="never", danger_on_stop=False) if literal else FORMULA_D_BASIC
    return MoveRequest(track=oval(), rules=ruleset, **kw)


@pytest.mark.rules("CORE-MOVE-1", "CORE-MOVE-2", "CORE-BRAKE-1")
@settings(max_examples=300)
@given(positions())
def test_property_every_move_is_a_legal_path(kw):
    req = position_request(kw)
    t = req.track
    moves = legal_moves(req)
    assert moves == legal_moves(req)  # deterministic
    assert moves == legal_moves(position_request(kw))
    keys = set()
    for m in moves:
        here = req.start
        for nxt in m.path:  # a chain of track edges from the start (CORE-MOVE-1, -3)
            assert nxt in t.successors(here), (here, nxt)
            here = nxt
        assert not set(m.path) & req.occupied  # CORE-MOVE-2
        assert len(m.path) <= req.roll
        if not (m.blocked or m.finishes or m.in_box):  # voluntary braking (CORE-BRAKE-1, AMB-19c)
            assert m.brakes == req.roll - len(m.path) <= req.brakes
        assert check_path(req, m.path) == m
        key = m.model_copy(update={"path": m.path[-1:]}).model_dump_json()
        assert key not in keys  # no two moves end alike at the same cost
        keys.add(key)


def test_thirty_space_roll_with_ten_cars_stays_fast():
    # An enumeration keeping every lane history would take minutes here; merging the states
    # takes a few milliseconds. The bound is loose on purpose (slow CI machines).
    import random

    rnd = random.Random(2024)
    worst = 0.0
    for _ in range(40):
        cars = rnd.sample(TRACK_SPACES, 11)
        req = request(cars[0], 30, cars[1:], brakes=6, tyres=8, markers=frozenset(rnd.sample(TRACK_SPACES, 3)))
        t0 = time.perf_counter()
        legal_moves(req)
        worst = max(worst, time.perf_counter() - t0)
    assert worst < 0.5


@pytest.mark.rules("CORE-TURN-1")
def test_CORE_TURN_1_a_path_longer_than_the_roll_is_refused():
    """Inside a corner no shortest-way rule stops a longer path: three steps on a roll of two
    would have been a move that brakes -1 spaces. The car drives exactly what it rolled."""
    track = oval()
    corner = track.corners[0]
    lane = [s.name for s in track.lane_spaces(0) if s.name in corner.spaces]
    result = check_path(request(lane[0], 2, corner=0, stops=0), tuple(lane[1:4]))
    assert isinstance(result, Reason) and result.rule == "CORE-TURN-1" and result.code == Code.TOO_MANY_SPACES
    assert isinstance(check_path(request(lane[0], 3, corner=0, stops=0), tuple(lane[1:4])), Move)
