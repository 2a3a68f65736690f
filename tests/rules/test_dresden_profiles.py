"""The driver profiles in a movement (rules/modules/driver_profiles.py), through ``apply``.

Rules: DRESDEN-PROFILE-1..9, PIT-D-3, AMB-39 (a-f). Positions on ``maps/oval.tmx`` (lane A is the
inside: A1 is the first space after the line, the Lindenkehre (2 stops) begins at A12, the
Seekurve (1 stop) runs A42-A47 and A48 is the first space after it; the pit lane is P1-P17).
The weather is dry (sun) unless a test sets rain; the tyres are hard (1 tyre WP per space flown
out, a slide of 3 in rain, TAB-TYRE-D).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, EndMove, Roll
from rules.ai.careful import gear_value
from rules.ai.classic import CAREFUL
from rules.ai.registry import DRIVERS, computer_action
from rules.dice import DiceSource
from rules.engine import gear_options, moves, new_lap, optional_offer
from rules.files.record import Entry, Header, dumps, loads, replay, same_drivers
from rules.odds import gear_odds
from rules.qualifying.session import QualifyingLap
from rules.reasons import Code
from rules.ruleset import D_DEFAULT_WEAR, DRESDEN_2006, RuleSet
from rules.run.simulation import play, qualifying
from rules.state import RaceState
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre
from rules.tables.weather import race_weather
from tests.rules.fixtures import OVAL, act, car, drive, illegal, move_to, position, rolls
from tests.rules.test_dresden_start import d_race, settle, spun

D = DRESDEN_2006
P = Profile
MAPS = Path(__file__).resolve().parents[2] / "maps"


def alone(
    space: str, gear: int, profile: Profile = P.NORMALO, rules: RuleSet = D, rain: bool = False, **kw
) -> RaceState:
    """Car x alone on ``space`` in ``gear`` with ``profile``, its turn (car y far away on C30)."""
    kw.setdefault("wp", D_DEFAULT_WEAR)
    kw.setdefault("tyre", Tyre.HARD)
    x = car("x", space, gear=gear, profile=profile, **kw)
    y = car("y", "C30", gear=1, wp=D_DEFAULT_WEAR, tyre=Tyre.HARD)
    state = position([x, y], "x", rules=rules)
    return state.model_copy(update={"weather": race_weather("rain", "qualifying")}) if rain else state


def rolled(state: RaceState, gear: int, face: int) -> RaceState:
    state, _ = act(state, ChooseGear(gear=gear), Roll(value=face))
    return state


def ends(state: RaceState) -> dict[str | None, int]:
    """Each end space of the offered moves with its cheapest brake cost."""
    out: dict[str | None, int] = {}
    for m in moves(OVAL, state):
        out[m.end] = min(out.get(m.end, 99), m.brakes)
    return out


# --- DRESDEN-PROFILE-1, -2 ------------------------------------------------------------------


@pytest.mark.rules("DRESDEN-PROFILE-1")
def test_DRESDEN_PROFILE_1_the_entry_profile_drives_the_qualifying_lap_too():
    entry = Entry(id="q", name="Q", wear=D_DEFAULT_WEAR, profile=P.LEICHTER_FLITZER)
    lap = QualifyingLap(OVAL, D, entry, DiceSource(1), Tyre.HARD, wet=False)
    assert lap.state.car("q").league.profile is P.LEICHTER_FLITZER
    without = QualifyingLap(OVAL, D.model_copy(update={"profiles": False}), entry, DiceSource(1), Tyre.HARD, wet=False)
    assert without.state.car("q").league.profile is P.NORMALO  # AMB-39g: only where the rules have profiles


@pytest.mark.rules("DRESDEN-PROFILE-2")
def test_DRESDEN_PROFILE_2_a_normalo_drives_as_without_profiles():
    for space, gear, face in (("A5", 3, 7), ("A41", 3, 6), ("A22", 2, 3)):
        with_profiles = rolled(alone(space, gear), gear, face)
        without = rolled(alone(space, gear, rules=D.model_copy(update={"profiles": False})), gear, face)
        assert moves(OVAL, with_profiles) == moves(OVAL, without)


# --- DRESDEN-PROFILE-5/6: every gear roll ----------------------------------------------------


@pytest.mark.rules("DRESDEN-PROFILE-5")
def test_DRESDEN_PROFILE_5_leichter_flitzer_drives_one_space_more_than_rolled():
    state = rolled(alone("A22", 2, P.LEICHTER_FLITZER), 2, 3)
    assert state.moves_left == 4 and max(len(m.path) for m in moves(OVAL, state)) == 4
    state, _ = drive(state, "A26")  # A22 + 4
    assert state.car("x").space == "A26"


@pytest.mark.rules("DRESDEN-PROFILE-5")
def test_DRESDEN_PROFILE_5_AMB_39e_also_on_a_qualifying_lap():
    lap = new_lap(OVAL, D, "q", wp=D_DEFAULT_WEAR, tyre="hard", profile=P.LEICHTER_FLITZER)
    lap, _ = act(lap, ChooseGear(gear=1), Roll(value=1))
    assert lap.moves_left == 2
    normalo, _ = act(new_lap(OVAL, D, "q", wp=D_DEFAULT_WEAR, tyre="hard"), ChooseGear(gear=1), Roll(value=1))
    assert normalo.moves_left == 1


@pytest.mark.rules("DRESDEN-PROFILE-6")
def test_DRESDEN_PROFILE_6_schwerer_tourer_one_less_never_below_zero():
    state = rolled(alone("A22", 2, P.SCHWERER_TOURER), 2, 3)
    assert state.moves_left == 2
    state, _ = drive(state, "A24")
    assert state.car("x").space == "A24"
    stuck = rolled(alone("A22", 1, P.SCHWERER_TOURER), 1, 1)  # 1 - 1 = 0: the car stands still
    assert stuck.moves_left == 0 and [m.path for m in moves(OVAL, stuck)] == [()]


@pytest.mark.rules("PIT-D-3", "DRESDEN-PROFILE-9")
def test_DRESDEN_PROFILE_9_PIT_D_3_no_flitzer_or_tourer_change_in_the_pit_lane():
    for profile in (P.LEICHTER_FLITZER, P.SCHWERER_TOURER):
        state = rolled(alone("P1", 2, profile), 2, 3)
        assert state.moves_left == 3


# --- DRESDEN-PROFILE-7/8: corner stops in sun, slides in rain ------------------------------


@pytest.mark.rules("DRESDEN-PROFILE-7")
def test_DRESDEN_PROFILE_7_schoenwetterfahrer_in_sun_stops_one_space_short_in_a_corner():
    # 7 from A5 ends on A12, the Lindenkehre's first space: it ends on A11 instead, for free
    state = rolled(alone("A5", 3, P.SCHOENWETTERFAHRER), 3, 7)
    found = ends(state)
    assert "A12" not in found and found["A11"] == 0
    # 8 ends on A13 (in the corner): it ends on A12, a stop in the corner, without a brake WP
    state = rolled(alone("A5", 3, P.SCHOENWETTERFAHRER), 3, 8)
    m = move_to(state, "A12")
    assert (m.brakes, m.corner, m.stops, len(m.path)) == (0, 0, 1, 7)
    assert "A13" not in ends(state)
    full = ("A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13")
    assert illegal(state, Drive(path=full)).reason.code == Code.ONE_SPACE_LESS_IN_CORNER
    state, _ = act(state, Drive(path=full[:-1]))
    assert state.car("x").space == "A12" and state.car("x").wp.brakes == D_DEFAULT_WEAR.brakes
    # a normalo pays a brake WP to stop on A12 with that 8
    assert move_to(rolled(alone("A5", 3), 3, 8), "A12").brakes == 1


@pytest.mark.rules("DRESDEN-PROFILE-7")
def test_DRESDEN_PROFILE_7_AMB_39c_schoenwetterfahrer_slides_one_more_in_rain():
    state = rolled(alone("A5", 3, P.SCHOENWETTERFAHRER, rain=True), 3, 7)
    assert "A12" in ends(state)  # in rain no space less
    state, _ = drive(state, "A12")
    assert state.movement is not None and state.movement.offer == ("slide",)
    assert max(len(m.path) for m in moves(OVAL, state)) == 4  # hard tyres 3 + 1


@pytest.mark.rules("DRESDEN-PROFILE-8")
def test_DRESDEN_PROFILE_8_regengott_in_sun_one_space_more_at_a_corner_stop():
    state = rolled(alone("A5", 3, P.REGENGOTT), 3, 7)
    state, _ = drive(state, "A12")
    assert state.movement is not None and state.movement.offer == ("slide",)  # mandatory
    assert not optional_offer(state)
    assert illegal(state, EndMove()).reason.code == Code.NOT_NOW
    assert {m.end for m in moves(OVAL, state) if m.path} == {"A13"}
    state, _ = act(state, Drive(path=("A13",), via="slide"))
    assert state.car("x").space == "A13" and (state.car("x").corner, state.car("x").stops) == (0, 1)


@pytest.mark.rules("DRESDEN-PROFILE-8")
def test_DRESDEN_PROFILE_8_AMB_39b_the_regengott_space_may_overshoot():
    # 6 from A41 ends on A47, the Seekurve's last space; the extra space flies out to A48
    state = rolled(alone("A41", 3, P.REGENGOTT), 3, 6)
    state, _ = drive(state, "A47")
    assert move_to(state, "A48").overshoot == 1
    state, _ = act(state, Drive(path=("A48",), via="slide"))
    assert state.car("x").wp.tyres == D_DEFAULT_WEAR.tyres - 1  # hard tyres: 1 WP per space


@pytest.mark.rules("DRESDEN-PROFILE-8")
def test_DRESDEN_PROFILE_8_AMB_39c_regengott_slides_one_less_in_rain():
    hard = rolled(alone("A5", 3, P.REGENGOTT, rain=True), 3, 7)
    hard, _ = drive(hard, "A12")
    assert max(len(m.path) for m in moves(OVAL, hard)) == 2  # 3 - 1
    rain_tyres = rolled(alone("A5", 3, P.REGENGOTT, rain=True, tyre=Tyre.RAIN), 3, 7)
    rain_tyres, _ = drive(rain_tyres, "A12")
    assert rain_tyres.phase != "move"  # 1 - 1: no slide at all


# --- DRESDEN-PROFILE-3/4: the launch ---------------------------------------------------------


@pytest.mark.rules("DRESDEN-PROFILE-3")
def test_DRESDEN_PROFILE_3_theoretiker_loses_a_space_on_the_first_movement_only():
    state, _ = rolls(d_race(b=P.THEORETIKER), 10, 2)  # normal start; 1st gear 2 -> 1
    assert state.moves_left == 1
    state, _ = drive(state, "A1")
    assert not state.car("b").league.launch
    dream, _ = rolls(d_race(b=P.THEORETIKER), 20)  # AMB-39d: the dream start's 4 become 3
    assert dream.moves_left == 3
    still, _ = rolls(d_race(b=P.THEORETIKER), 10, 1)  # 1 - 1: it stands still
    assert still.moves_left == 0 and [m.path for m in moves(OVAL, still)] == [()]
    # the second movement is a normal one
    state, _ = settle(state)
    for _ in range(2):
        state, _ = rolls(state, 10, 1)
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
    while state.active != "b":
        state, _ = act(state, ChooseGear(gear=1), Roll(value=1), Drive(path=()))
        state, _ = settle(state)
    state, _ = act(state, ChooseGear(gear=1), Roll(value=2))
    assert state.moves_left == 2


@pytest.mark.rules("DRESDEN-PROFILE-3")
def test_DRESDEN_PROFILE_3_AMB_39d_theoretiker_after_a_spin_restart():
    state = spun().model_copy()
    state = state.with_car(state.car("s").with_league(profile=P.THEORETIKER))
    state, _ = rolls(state, 10, 2)
    assert state.moves_left == 1


@pytest.mark.rules("DRESDEN-PROFILE-4")
def test_DRESDEN_PROFILE_4_praktiker_may_take_one_more_space_on_the_launch():
    state, _ = rolls(d_race(b=P.PRAKTIKER), 10, 2)
    assert state.moves_left == 2  # no space less, and the extra one is a choice
    state, _ = drive(state, "A2")
    assert state.movement is not None and state.movement.offer == ("launch",) and optional_offer(state)
    assert [m.path for m in moves(OVAL, state) if m.end == "A3"] == [("A3",)]
    taken, _ = act(state, Drive(path=("A3",), via="launch"))
    assert taken.car("b").space == "A3" and taken.phase != "move"
    assert illegal(state, Drive(path=("A3", "A4"), via="launch")).reason.code == Code.TOO_MANY_SPACES
    declined, _ = act(state, EndMove())
    assert declined.car("b").space == "A2" and not declined.car("b").league.launch


@pytest.mark.rules("DRESDEN-PROFILE-4")
def test_DRESDEN_PROFILE_4_AMB_39d_praktiker_on_the_dream_start_and_after_a_spin():
    dream, _ = rolls(d_race(b=P.PRAKTIKER), 20)
    dream, _ = drive(dream, "A4")
    assert dream.movement is not None and dream.movement.offer == ("launch",)
    dream, _ = act(dream, Drive(path=("A5",), via="launch"))
    assert dream.car("b").space == "A5"
    state = spun()
    state = state.with_car(state.car("s").with_league(profile=P.PRAKTIKER))
    state, _ = rolls(state, 10, 1)
    state, _ = drive(state, "A49")
    assert state.movement is not None and state.movement.offer == ("launch",)


@pytest.mark.rules("DRESDEN-PROFILE-4")
def test_DRESDEN_PROFILE_4_no_launch_on_a_normal_turn():
    state = rolled(alone("A22", 2, P.PRAKTIKER), 2, 3)
    state, _ = drive(state, "A25")
    assert state.phase != "move"


@pytest.mark.rules("PIT-D-3", "DRESDEN-PROFILE-9")
def test_DRESDEN_PROFILE_9_PIT_D_3_the_praktiker_launch_applies_in_the_pit_lane():
    # a car that leaves its box after a stop: its movement is a launch, in the pit lane
    state = rolled(alone("P5", 2, P.PRAKTIKER, launch=True, pit_wait=True), 2, 2)
    state, _ = drive(state, "P7")
    assert state.movement is not None and state.movement.offer == ("launch",)
    state, _ = act(state, Drive(path=("P8",), via="launch"))
    assert state.car("x").space == "P8"
    theoretiker = rolled(alone("P5", 2, P.THEORETIKER, launch=True, pit_wait=True), 2, 2)
    assert theoretiker.moves_left == 1


# --- what the odds and the computer drivers see ------------------------------------------


@pytest.mark.rules("DRESDEN-PROFILE-5", "DRESDEN-PROFILE-6")
def test_DRESDEN_PROFILE_5_6_the_odds_count_the_profile_space():
    normalo = gear_odds(OVAL, alone("A22", 2))[2].advance
    assert normalo == Fraction(2 + 3 + 3 + 4 + 4 + 4, 6)
    assert gear_odds(OVAL, alone("A22", 2, P.LEICHTER_FLITZER))[2].advance == normalo + 1
    assert gear_odds(OVAL, alone("A22", 2, P.SCHWERER_TOURER))[2].advance == normalo - 1
    flitzer, tourer = (
        gear_odds(OVAL, alone("A22", 2, P.LEICHTER_FLITZER))[2],
        gear_odds(OVAL, alone("A22", 2, P.SCHWERER_TOURER))[2],
    )
    assert (flitzer.fewest, flitzer.most, tourer.fewest, tourer.most) == (3, 5, 1, 3)  # the 2nd-gear die is 2-4


@pytest.mark.rules("DRESDEN-PROFILE-7")
def test_DRESDEN_PROFILE_7_the_odds_see_the_schoenwetterfahrer_stop_short():
    # 3rd gear from A5: 7 and 8 (4 of 8 faces) would end in the Lindenkehre; one space short,
    # 7 ends before it (A11) and 8 in it (A12)
    normalo = gear_odds(OVAL, alone("A5", 3))[3]
    fair = gear_odds(OVAL, alone("A5", 3, P.SCHOENWETTERFAHRER))[3]
    assert normalo.corner_stop == Fraction(4, 8) and fair.corner_stop == Fraction(2, 8)
    assert fair.advance == normalo.advance - Fraction(4, 8)


@pytest.mark.rules("DRESDEN-PROFILE-4")
def test_DRESDEN_PROFILE_4_a_computer_praktiker_takes_the_extra_space_on_a_straight():
    state, _ = rolls(d_race(b=P.PRAKTIKER), 10, 2)
    state, _ = drive(state, "A2")
    action = computer_action(OVAL, state, "careful")
    assert isinstance(action, Drive) and action.via == "launch"


@pytest.mark.rules("START-D-3")
def test_START_D_3_computer_drivers_choose_1st_or_2nd_after_a_dream_start():
    state, _ = rolls(d_race(), 20)
    state, _ = drive(state, "A4")
    state, _ = settle(state)
    for _ in range(2):
        state, _ = rolls(state, 10, 1)
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
    assert state.active == "b"
    gear = computer_action(OVAL, state, "careful")
    assert isinstance(gear, ChooseGear) and gear.gear == 2  # a straight ahead: the faster start
    assert set(g for g, o in gear_options(OVAL, state).items() if not hasattr(o, "code")) == {1, 2}


# --- whole races ---------------------------------------------------------------------------


def profiled(header: Header) -> Header:
    """Every profile among the drivers, careful and aggressive in turn."""
    kinds = ("careful", "aggressive")
    entries = tuple(
        e.model_copy(update={"profile": list(P)[i % len(P)], "driver": kinds[i % 2]})
        for i, e in enumerate(header.entries)
    )
    return header.model_copy(update={"entries": entries})


@pytest.mark.rules("RACE-D-6")
@pytest.mark.parametrize("name", ["hohenau.tmx"])  # the longest track; every track plays in test_dresden_races.py
def test_RACE_D_6_a_10_car_dresden_race_with_every_profile_finishes_and_replays(name: str):
    track = load_track(str(MAPS / name))
    header = profiled(same_drivers(track, D, 10, 3, 2006))
    header = qualifying(track, header, DRIVERS).race(header)
    session = play(track, header, DRIVERS)
    assert session.state.finished and all(c.status != "racing" for c in session.state.cars)
    assert {c.league.profile for c in session.state.cars} == set(P)
    record = loads(dumps(session.record()))
    assert replay(track, record) == session.state


@pytest.mark.rules("TYRE-D-3", "DRESDEN-PROFILE-7")
def test_DRESDEN_PROFILE_7_a_gear_that_cannot_move_the_car_is_no_choice_for_a_computer():
    # worn soft tyres (3rd lap on the set: -1, TYRE-D-3) make 1st gear 0 or 1 space; the 1 would
    # end in the Lindenkehre (A12), so the Schönwetterfahrer stops short: 1st never moves it
    state = alone("A11", 1, P.SCHOENWETTERFAHRER, tyre=Tyre.SOFT, crossings=3)
    assert {m.path for f in (1, 2) for m in moves(OVAL, rolled(state, 1, f))} == {()}
    c = state.car("x")
    out_p, _ = gear_value(CAREFUL, OVAL, state, c, 1, gear_options(OVAL, state)[1])
    assert out_p == 1
    assert computer_action(OVAL, state, "careful") == ChooseGear(gear=2)
