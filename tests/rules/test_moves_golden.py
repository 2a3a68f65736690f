"""Golden ("perft") tests for ``legal_moves`` on the shipped oval (and one Hohenau straight
with lanes of different length), worked out by hand.

Each case places the moving car and the other cars on named spaces of
``maps/oval.tmx``, gives a roll and the car's wear points, and lists EXACTLY
the moves the rules allow: end space, brakes, tyres, blocked spaces,
overshoot, road-holding checks, stops, spin and the rule that puts the car
out. The lists come from the rules (RULES.md) and the oval's geometry, not
from running the code; the comments show the working.

The oval as the rules see it (``python main.py track info maps/oval.tmx``;
rows number the lap from the start/finish line, lane A is the inside lane):

* Back straight, rows 22-45: A18..A41, B20..B43, C23..C46, i.e. row r holds
  A(r-4), B(r-2), C(r+1). Every space has a straight edge to the next row
  and a diagonal edge into the neighbouring lane(s) of the next row, except
  that no diagonal leads into a corner (row 45 -> 46 is straight only).
* Seekurve (corner 1, 1 stop), rows 46-56: lane A has 6 spaces
  (A42 46, A43 48, A44 50, A45 52, A46 54, A47 56), lane B 8 (B44 46, B45 48,
  B46 49, B47 50, B48 52, B49 53, B50 54, B51 56), lane C 11 (C47..C57 =
  rows 46..56). Arrows: B44>A43, C48>B46, A43>B47, B46>C51, C52>B49,
  B48>A46, B49>C56, A46>B51. Exits: A47>A48, B51>B52, C57>C58 (row 57).
* Start straight, rows 57-69 and 0-8: A48.., B52.., C58..; row r holds
  A(r-9), B(r-5), C(r+1) up to row 69 (A60 B64 C70), then A1 B1 C1 in row 0.
  The pit lane leaves C59 (row 58) for P1, P2, P3, P4 (box 1) ... P13 (box
  10) and rejoins at C6.
* Arrow zone rows 9-10 (arrows B10>A11, C10>B11), then Lindenkehre (corner
  0, 2 stops), rows 11-21, the same shape as the Seekurve: A12 11, A13 13,
  A14 15, A15 17, A16 19, A17 21; B12 11, B13 13, B14 14, B15 15, B16 17,
  B17 18, B18 19, B19 21; C12..C22 = rows 11..21. Arrows: B12>A13, C13>B14,
  A13>B15, B14>C16, C17>B17, B16>A16, B17>C21, A16>B19. Exits to A18, B20,
  C23 (row 22).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.moves import Move, MoveRequest, check_path, legal_moves
from rules.reasons import Code, Reason
from rules.ruleset import FORMULA_D_BASIC
from rules.track import Track

OVAL = Path(__file__).resolve().parents[2] / "maps" / "oval.tmx"
# The graph the cases below were worked out on; if the oval changes, work them out again.
OVAL_HASH = "495e91bfabb762360059a8286e9bf1243b8f0c0350fe4ef253523b837f38efa1"


@lru_cache(maxsize=1)
def oval() -> Track:
    return load_track(OVAL)


def request(start: str, roll: int, cars: tuple[str, ...] = (), **kw) -> MoveRequest:
    return MoveRequest(track=oval(), rules=FORMULA_D_BASIC, start=start, roll=roll, occupied=frozenset(cars), **kw)


def M(
    end,
    brakes=0,
    tyres=0,
    blocked=0,
    over=0,
    dangers=0,
    corner=None,
    stops=0,
    spin=False,
    out=None,
    box=False,
    fin=False,
):
    """One expected move, as the summary tuple ``summary`` makes of a real one."""
    return (end, brakes, tyres, blocked, over, dangers, corner, stops, spin, out, box, fin)


def summary(m: Move) -> tuple:
    return (
        m.end,
        m.brakes,
        m.tyres,
        m.blocked,
        m.overshoot,
        m.dangers,
        m.corner,
        m.stops,
        m.spin,
        m.out.rule if m.out else None,
        m.in_box,
        m.finishes,
    )


def assert_moves(req: MoveRequest, expected: list[tuple]) -> None:
    got = [summary(m) for m in legal_moves(req)]
    assert len(got) == len(set(got)), "two moves with the same end and costs"
    assert len(expected) == len(set(expected)), "the expectation lists a move twice"
    missing = set(expected) - set(got)
    extra = set(got) - set(expected)
    assert not missing and not extra, f"missing {sorted(missing, key=repr)}\nextra {sorted(extra, key=repr)}"
    for m in legal_moves(req):  # every listed move is also what check_path says of its path
        assert check_path(req, m.path) == m


def test_golden_cases_were_worked_out_on_this_oval():
    assert oval().content_hash() == OVAL_HASH, "maps/oval.tmx changed: work the golden cases out again by hand"


# --- the straight ------------------------------------------------------------------


@pytest.mark.rules("CORE-MOVE-3", "CORE-MOVE-4", "CORE-MOVE-5", "CORE-BRAKE-1")
def test_golden_open_straight_with_voluntary_braking():
    # B30 is row 32. Roll 4 reaches row 36 in every lane (CORE-MOVE-3/4: one space a
    # step, rows line up on a straight): A32, B34, C37. With 2 brake WP the car may
    # stop 1 short (row 35: A31 B33 C36, 1 brake) or 2 short (row 34: A30 B32 C35, 2
    # brakes), CORE-BRAKE-1. B34 is reached straight on; B>A>B would be a zigzag
    # (CORE-MOVE-5) but ends alike, so nothing new.
    req = request("B30", 4, brakes=2)
    assert_moves(
        req,
        [
            M("A32"), M("B34"), M("C37"),
            M("A31", brakes=1), M("B33", brakes=1), M("C36", brakes=1),
            M("A30", brakes=2), M("B32", brakes=2), M("C35", brakes=2),
        ],
    )  # fmt: skip


@pytest.mark.rules("CORE-MOVE-5", "FD08-LANE-1", "FD08-LANE-2")
def test_golden_overtaking_arc_around_a_car():
    # A27 (row 31), roll 3, a car on A29 (row 33). Ends in row 34: A30 only by the arc
    # A27 > B30 > B31 > A30 around the car (CORE-MOVE-5 exception, FD08-LANE-2);
    # B32 straight after one diagonal; C35 via B30 > C34 (two lanes, FD08-LANE-1).
    assert_moves(request("A27", 3, ("A29",)), [M("A30"), M("B32"), M("C35")])


@pytest.mark.rules("CORE-MOVE-5", "CORE-DANGER-2", "LANE-D-2")
def test_golden_dangerous_space_is_not_a_car_for_the_arc():
    # B30 (row 32), roll 2, a damage marker on B31 (row 33). Row 34 ends:
    # A30 via A29 (no check) or via B31 (1 check): two moves;
    # B32 only straight through B31 (1 check): the arc B>A>B or B>C>B returns to B
    # without passing a car, which B forbids (CORE-MOVE-5, VAR-14: the exception is for
    # cars; dangerous spaces only in D, LANE-D-2);
    # C35 via C34 (no check) or via B31 (1 check). CORE-DANGER-2 counts the checks.
    assert_moves(
        request("B30", 2, markers=frozenset({"B31"})),
        [M("A30"), M("A30", dangers=1), M("B32", dangers=1), M("C35"), M("C35", dangers=1)],
    )


@pytest.mark.rules("CORE-BLOCK-1", "CORE-BLOCK-3")
def test_golden_blocked_lane_wall():
    # B30 (row 32), roll 6; cars on A31, B33, C36: the whole of row 35. Every path
    # stops in row 34 (A30, B32, C35) after 2 spaces, so no path drives the roll:
    # the car is blocked (CORE-BLOCK-1) and pays TAB-BLOCK for the 4 spaces left:
    # 3 brakes + 1 tyre, at each of the three furthest spaces (AMB-19b). Stopping
    # earlier is voluntary braking at 1 brake a space (5 or 6 brakes, AMB-19c): too
    # many for 3 brake WP.
    wall = ("A31", "B33", "C36")
    assert_moves(
        request("B30", 6, wall, brakes=3, tyres=1),
        [M(e, brakes=3, tyres=1, blocked=4) for e in ("A30", "B32", "C35")],
    )
    # Only 2 brake WP: the table cannot be paid, so every furthest stop puts the car out
    # (CORE-BLOCK-3; tyres never stand in for brakes, AMB-19a).
    assert_moves(
        request("B30", 6, wall, brakes=2, tyres=6),
        [M(e, brakes=3, tyres=1, blocked=4, out="CORE-BLOCK-3") for e in ("A30", "B32", "C35")],
    )


# --- the Seekurve (1 stop) ------------------------------------------------------------
#
# From B42 (row 44) the spaces reachable after k steps, by hand from the edges above:
#  1: A41 B43 C46            2: A42 B44 C47              3: A43 B45 C48
#  4: A44 B47 B46 C49        5: A45 B48 B47 C51 C50      6: A46 B49 B48 C52 C51
#  7: A47 B51 B50 C56 B49 A46 C53 C52
#  8: A48* B52* B51 C57 B50 C56 A47 C54 C53 B49          (* = past the exit line)
#  9: A49** B53** B52* C58* A48* B51 C57 C55 C54 B50 C56
# After the exit the car may not change lanes (CORNER-8), so A48 goes on to A49 only
# and B52 to B53 only.


@pytest.mark.rules("CORNER-3", "CORNER-4")
def test_golden_overshoot():
    # Roll 9 with 6 tyre WP, no brakes: the 9-step spaces. Past the exit with the stop
    # missing: 1 space (A48, B52, C58) costs 1 tyre WP, 2 spaces (A49, B53) 2 tyre WP
    # (CORNER-4). Inside the corner the move is a stop there (CORNER-3).
    req = request("B42", 9, tyres=6)
    inside = [M(e, corner=1, stops=1) for e in ("B51", "C57", "C55", "C54", "B50", "C56")]
    flown = [M(e, tyres=1, over=1) for e in ("A48", "B52", "C58")] + [M(e, tyres=2, over=2) for e in ("A49", "B53")]
    assert_moves(req, inside + flown)


@pytest.mark.rules("CORNER-8", "CORNER-10")
def test_golden_overshoot_with_a_car_in_the_way():
    # As above with a car on A49: A48 may not go round it into B53 (CORNER-8, CORNER-10),
    # so A49 drops out and nothing replaces it. B53 is still reached from B52.
    req = request("B42", 9, ("A49",), tyres=6)
    inside = [M(e, corner=1, stops=1) for e in ("B51", "C57", "C55", "C54", "B50", "C56")]
    flown = [M(e, tyres=1, over=1) for e in ("A48", "B52", "C58")] + [M("B53", tyres=2, over=2)]
    assert_moves(req, inside + flown)


@pytest.mark.rules("CORNER-7", "FD08-SPIN-1")
def test_golden_spin():
    # Roll 8 with 1 tyre WP: A48 and B52 overshoot by 1 and lose the last tyre WP
    # exactly: a spin, not out (CORNER-7, FD08-SPIN-1).
    req = request("B42", 8, tyres=1)
    inside = [M(e, corner=1, stops=1) for e in ("B51", "C57", "B50", "C56", "A47", "C54", "C53", "B49")]
    assert_moves(req, inside + [M("A48", tyres=1, over=1, spin=True), M("B52", tyres=1, over=1, spin=True)])


@pytest.mark.rules("CORNER-6", "FD08-SPIN-2")
def test_golden_spin_too_far_and_tyres_gone():
    # Roll 9 with 2 tyre WP: a 1-space overshoot costs 1 (1 left, no spin); a 2-space
    # overshoot takes exactly the last 2 but is more than 1 space, so the car is out
    # instead of spinning (FD08-SPIN-2, AMB-16a).
    inside = [M(e, corner=1, stops=1) for e in ("B51", "C57", "C55", "C54", "B50", "C56")]
    one = [M(e, tyres=1, over=1) for e in ("A48", "B52", "C58")]
    assert_moves(
        request("B42", 9, tyres=2),
        inside + one + [M(e, tyres=2, over=2, out="FD08-SPIN-2") for e in ("A49", "B53")],
    )
    # With 1 tyre WP the 1-space overshoots spin and the 2-space ones need more tyre WP
    # than the car has: out (CORNER-6).
    one = [M(e, tyres=1, over=1, spin=True) for e in ("A48", "B52", "C58")]
    assert_moves(
        request("B42", 9, tyres=1),
        inside + one + [M(e, tyres=2, over=2, out="CORNER-6") for e in ("A49", "B53")],
    )


def test_golden_stops_complete_free_exit():
    # A47 (row 56, last space of lane A in the Seekurve) with its 1 stop made, roll 2:
    # A48 leaves the corner normally, then A49 straight or B53 diagonally (the exit ban
    # is only for a missing stop, AMB-17). No tyres, no overshoot.
    assert_moves(request("A47", 2, corner=1, stops=1, tyres=6), [M("A49"), M("B53")])


# --- the Lindenkehre (2 stops) ------------------------------------------------------------


@pytest.mark.rules("CORNER-4", "CORNER-5")
def test_golden_missed_stops_elimination():
    # A11 (row 10, arrow zone; its only edge is A11 > A12), roll 7, no stops made.
    # Steps: 1 A12; 2 A13; 3 A14 B15; 4 A15 B16; 5 A16 B17; 6 A17 B19 B18 C21;
    # 7 A18* B20* B19 C22. Leaving a 2-stop corner after 0 stops is out (CORNER-5);
    # the 1-space overshoot's tyre WP is still shown. B19 and C22 are a first stop.
    assert_moves(
        request("A11", 7, tyres=6),
        [
            M("A18", tyres=1, over=1, out="CORNER-5"),
            M("B20", tyres=1, over=1, out="CORNER-5"),
            M("B19", corner=0, stops=1),
            M("C22", corner=0, stops=1),
        ],
    )
    # The same with the first stop already made there (the car stands on A12, row 11):
    # steps 1 A13; 2 A14 B15; 3 A15 B16; 4 A16 B17; 5 A17 B19 B18 C21; 6 A18* B20* B19 C22.
    # Leaving with 1 of 2 stops only costs tyres (CORNER-4); the stops inside count 2.
    assert_moves(
        request("A12", 6, corner=0, stops=1, tyres=6),
        [
            M("A18", tyres=1, over=1),
            M("B20", tyres=1, over=1),
            M("B19", corner=0, stops=2),
            M("C22", corner=0, stops=2),
        ],
    )


@pytest.mark.rules("CORE-MOVE-6")
def test_golden_arrow_zone_before_the_corner():
    # B9 (row 8) has only its straight edge (no diagonal into the arrow zone); B10 goes
    # straight to B11 or along its arrow to A11; nothing leads to C11 (CORE-MOVE-6).
    assert_moves(request("B9", 2), [M("B11"), M("A11")])


# --- the finish and the pits ----------------------------------------------------------------


@pytest.mark.rules("CORE-END-1")
def test_golden_finish():
    # A58 (row 67) on the last lap, roll 5: the line lies between row 69 and row 0.
    # Step 1 A59 B63; 2 A60 B64 C70; 3 A1 B1 C1 - the car completes the race distance
    # and stops on the first space after the line; the other 2 spaces are not driven
    # (CORE-END-1, documented choice). No brakes, so no shorter stop.
    assert_moves(request("A58", 5, laps_to_go=1), [M(e, fin=True) for e in ("A1", "B1", "C1")])


@pytest.mark.rules("PIT-B-1", "PIT-B-2")
def test_golden_pit_entry():
    # B52 (row 57), roll 8, allowed to pit at box 1 (P4): B52 > C59 > P1 > P2 > P3 > P4
    # is 5 spaces; the roll is at least that, so the car stops in its box and the other
    # 3 spaces are lost (PIT-B-2). On the track the roll reaches row 65: A56 B60 C66.
    assert_moves(request("B52", 8, box="P4"), [M("P4", box=True), M("A56"), M("B60"), M("C66")])
    # Not allowed to pit this turn: the pit entry is closed (PIT-B-1).
    assert_moves(request("B52", 8), [M("A56"), M("B60"), M("C66")])
    # Roll 3, less than the 5 spaces to the box: the car may turn in and ends the turn on
    # P2 in the pit lane, or stays on the track (row 60: A51 B55 C61).
    assert_moves(request("B52", 3, box="P4"), [M("P2"), M("A51"), M("B55"), M("C61")])


@pytest.mark.rules("PIT-B-5", "PIT-B-6")
def test_golden_pit_lane_wait():
    # In the pit lane on P2 heading for box 6 (P9), roll 8, a car stands on P6 (box 3).
    # P3, P4, P5, then the car in front: the car waits on P5, blocked 5 spaces, for free
    # (PIT-B-6). No braking in the pit lane, so no shorter stop (PIT-B-5).
    assert_moves(request("P2", 8, ("P6",), box="P9", may_brake=False), [M("P5", blocked=5)])


@pytest.mark.parametrize("roll", [3, 12, 30])
def test_golden_moves_are_deterministic(roll):
    req = request("B42", roll, ("A43", "C50"), tyres=6, brakes=3)
    assert legal_moves(req) == legal_moves(req) == legal_moves(request("B42", roll, ("C50", "A43"), tyres=6, brakes=3))


# --- Hohenau after Turn 7: lanes of different length (CORE-MOVE-4, AMB-3(b)) -------------------

# The cases were worked out by hand on this board, a longer Hohenau kept in the tests with its
# objects only (no pictures), so the shipped circuit can change without moving them.
HOHENAU = Path(__file__).resolve().parents[1] / "tracks" / "golden" / "golden_gp.tmx"
HOHENAU_HASH = "fbd124086d234cace454b2f2fbf4f44fc384d83b66593ce5145df7d471ff7db3"


@lru_cache(maxsize=1)
def hohenau() -> Track:
    return load_track(HOHENAU)


def hohenau_request(start: str, roll: int, cars: tuple[str, ...] = ()) -> MoveRequest:
    """The basic car's 3 brake WP (AMB-30)."""
    return MoveRequest(
        track=hohenau(), rules=FORMULA_D_BASIC, start=start, roll=roll, occupied=frozenset(cars), brakes=3, tyres=6
    )


def test_golden_hohenau_cases_were_worked_out_on_this_track():
    assert hohenau().content_hash() == HOHENAU_HASH, (
        "tests/tracks/golden/golden_gp.tmx changed: work the golden cases out again by hand"
    )


# The straight after Turn 7 (``python main.py track info tests/tracks/golden/golden_gp.tmx``): lane A is
# A97..A107, lane B B93..B107, lane C C93..C106 (three lanes, so FD08-LANE-1 never bites).
# Straight edges A(i)>A(i+1), B(j)>B(j+1), C(k)>C(k+1); diagonals A(i)>B(i-4) up to A103>B99,
# then A104>B101 (lane A is one space shorter there), B(j)>C(j), C99>B101. Shortest ways
# from A99, in steps: A(i) i-99; B(j) j-94 up to B100 (6), but B101 6 by A104 > B101, not 7
# by B100, and B102 7; C(k) k-93 up to C100 (7), C101 7 by B101.


@pytest.mark.rules("CORE-MOVE-4")
def test_golden_CORE_MOVE_4_AMB_3_shortest_path_on_a_straight_with_lanes_of_different_length():
    # A99 in 3rd gear rolls a 7 (the 3rd-gear die shows 4-8). Free, 7
    # steps: A106, B102, C100, C101. B101 is 6 steps away, so it costs 1 brake WP; the
    # 7-step way A103 > B99 > B100 > B101 is a detour the rules refuse. 1 brake (6 steps):
    # A105, B100, B101, C99; 2 brakes (5): A104, B99, C98; 3 brakes (4): A103, B98, C97.
    req = hohenau_request("A99", 7)
    assert_moves(
        req,
        [
            M("A106"), M("B102"), M("C100"), M("C101"),
            M("A105", brakes=1), M("B100", brakes=1), M("B101", brakes=1), M("C99", brakes=1),
            M("A104", brakes=2), M("B99", brakes=2), M("C98", brakes=2),
            M("A103", brakes=3), M("B98", brakes=3), M("C97", brakes=3),
        ],
    )  # fmt: skip
    refusal = check_path(req, ("A100", "A101", "A102", "A103", "B99", "B100", "B101"))
    assert isinstance(refusal, Reason) and (refusal.rule, refusal.code) == ("CORE-MOVE-4", Code.NOT_SHORTEST)


@pytest.mark.rules("CORE-MOVE-4", "CORE-MOVE-5")
def test_golden_CORE_MOVE_4_the_shortest_possible_path_goes_round_a_car():
    # The same roll with a car on A104: the shortest possible ways now go round it (docs/rules.md,
    # AMB-3): B101 is 7 steps by B100, free; A105 7 by B100 > A105, back into lane A past the car
    # (CORE-MOVE-5). B102 and C101 are 8 steps now; the braked stops are those of the free
    # board except A104 itself.
    assert_moves(
        hohenau_request("A99", 7, ("A104",)),
        [
            M("A105"), M("B101"), M("C100"),
            M("B100", brakes=1), M("C99", brakes=1),
            M("B99", brakes=2), M("C98", brakes=2),
            M("A103", brakes=3), M("B98", brakes=3), M("C97", brakes=3),
        ],
    )  # fmt: skip
