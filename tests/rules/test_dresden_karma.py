"""The Dresden checks and the karma pool through the engine: TAB-CHECK-D, DRESDEN-PROFILE-5/6
(AMB-40), KARMA-2..4 (TAB-KARMA, AMB-41). KARMA-1 (the pool of 30, or carried from the
championship) is tested with the entry: test_dresden_entries.py.

Positions on the shipped oval (``maps/oval.tmx``, see fixtures.py). Most tests give a
car one pending check and roll its black die, so the rule under test is all that happens;
the turns they play are the Normalo cars' quiet turns. When a driver is asked (phase
"karma") follows the module's choice: only when a spend can still turn a failing roll into
a pass (rules/modules/karma.py).
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Karma, Roll
from rules.ai.classic import AGGRESSIVE, CAREFUL
from rules.car import Area
from rules.dice import BLACK_DIE, Purpose
from rules.engine import chance, karma_offers, race_end_karma, to_move
from rules.reasons import Code
from rules.ruleset import DRESDEN_2006, FORMULA_DE_ADVANCED, RuleSet
from rules.state import Check, RaceState
from rules.tables.profiles import Profile
from rules.tables.weather import Weather
from tests.rules.fixtures import OVAL, act, car, illegal, kinds, position, quiet_turn

D = DRESDEN_2006
DW = D.default_wear  # tyres 6, brakes 3, fuel 4, body 3, engine 2, road holding 3
AREA = {Purpose.COLLISION: Area.BODY, Purpose.ENGINE: Area.ENGINE, Purpose.ROAD_HOLDING: Area.ROAD_HOLDING}


def checked(
    purpose: Purpose,
    profile: Profile = Profile.NORMALO,
    karma: int = 0,
    *,
    rain: bool = False,
    space: str = "B29",
    rules: RuleSet = D,
    **kw,
) -> RaceState:
    """Car "x" on ``space`` with one ``purpose`` check of its own to roll; "m" is the mover of
    the turn (and the collision partner), level with it one lane over on row 31."""
    cars = [
        car("m", "C32", wp=DW),
        car("x", space, profile=profile, karma=karma, **{"wp": DW, **kw}),
        car("z", "A10", wp=DW),
    ]
    state = position(cars, "m", rules=rules, phase="check")
    other = "m" if purpose == Purpose.COLLISION else None
    return state.model_copy(
        update={
            "pending": (Check(purpose=purpose, car="x", other=other),),
            "weather": Weather(condition="rain") if rain else None,
        }
    )


def roll(state: RaceState, *values: int):
    return act(state, *(Roll(value=v) for v in values))


def lost(state: RaceState, purpose: Purpose) -> int:
    return DW[AREA[purpose]] - state.car("x").wp[AREA[purpose]]


# --- TAB-CHECK-D, DRESDEN-PROFILE-5/6, AMB-40 ---------------------------------------------

# (check, rain, profile, the highest natural roll that fails): the table of TAB-CHECK-D
TAB_CHECK_D = [
    (Purpose.COLLISION, False, Profile.NORMALO, 1),
    (Purpose.COLLISION, False, Profile.LEICHTER_FLITZER, 2),
    (Purpose.COLLISION, False, Profile.SCHWERER_TOURER, 0),  # never (AMB-40)
    (Purpose.COLLISION, True, Profile.NORMALO, 2),
    (Purpose.COLLISION, True, Profile.LEICHTER_FLITZER, 3),
    (Purpose.COLLISION, True, Profile.SCHWERER_TOURER, 1),
    (Purpose.ENGINE, False, Profile.NORMALO, 4),
    (Purpose.ENGINE, False, Profile.LEICHTER_FLITZER, 5),
    (Purpose.ENGINE, False, Profile.SCHWERER_TOURER, 3),
    (Purpose.ENGINE, True, Profile.NORMALO, 3),
    (Purpose.ENGINE, True, Profile.LEICHTER_FLITZER, 4),
    (Purpose.ENGINE, True, Profile.SCHWERER_TOURER, 2),
    (Purpose.ROAD_HOLDING, False, Profile.NORMALO, 4),
    (Purpose.ROAD_HOLDING, False, Profile.REGENGOTT, 4),  # the other profiles: no modifier
    (Purpose.ROAD_HOLDING, False, Profile.LEICHTER_FLITZER, 5),
    (Purpose.ROAD_HOLDING, False, Profile.SCHWERER_TOURER, 3),
    (Purpose.ROAD_HOLDING, True, Profile.NORMALO, 5),
    (Purpose.ROAD_HOLDING, True, Profile.LEICHTER_FLITZER, 6),
    (Purpose.ROAD_HOLDING, True, Profile.SCHWERER_TOURER, 4),
]


@pytest.mark.rules("DRESDEN-PROFILE-5", "DRESDEN-PROFILE-6")
@pytest.mark.parametrize("purpose,rain,profile,worst", TAB_CHECK_D)
def test_TAB_CHECK_D_DRESDEN_PROFILE_5_DRESDEN_PROFILE_6_the_modified_roll_fails_at_or_below_the_threshold(
    purpose, rain, profile, worst
):
    for natural in range(1, 21):
        state, ev = roll(checked(purpose, profile, rain=rain), natural)
        assert lost(state, purpose) == (1 if natural <= worst else 0), (natural, purpose, rain, profile)
        assert kinds(ev, "check")[0].data["value"] == natural  # the log shows the natural die


@pytest.mark.rules("DRESDEN-PROFILE-6")
def test_AMB_40_DRESDEN_PROFILE_6_a_schwerer_tourer_never_fails_a_dry_body_check_without_a_wreck():
    state, _ = roll(checked(Purpose.COLLISION, Profile.SCHWERER_TOURER), 1)
    assert state.car("x").wp == DW


@pytest.mark.rules("PIT-D-3", "DRESDEN-PROFILE-9")
def test_DRESDEN_PROFILE_9_PIT_D_3_no_check_modifier_in_the_pit_lane():
    """A Leichter Flitzer fails a dry road-holding check on a 5 on the track, not in the pit lane."""
    on_track, _ = roll(checked(Purpose.ROAD_HOLDING, Profile.LEICHTER_FLITZER), 5)
    in_pit, _ = roll(checked(Purpose.ROAD_HOLDING, Profile.LEICHTER_FLITZER, space="P3"), 5)
    assert lost(on_track, Purpose.ROAD_HOLDING) == 1 and lost(in_pit, Purpose.ROAD_HOLDING) == 0


def test_TAB_CHECK_D_no_profile_modifier_where_the_rules_have_no_profiles():
    rules = FORMULA_DE_ADVANCED.model_copy(update={"default_wear": DW})
    state, _ = roll(checked(Purpose.ENGINE, Profile.LEICHTER_FLITZER, rules=rules), 5)
    assert lost(state, Purpose.ENGINE) == 0


# --- KARMA-2: a natural 20 ----------------------------------------------------------------


@pytest.mark.rules("KARMA-2")
@pytest.mark.parametrize("profile", [Profile.NORMALO, Profile.LEICHTER_FLITZER])
@pytest.mark.parametrize("purpose", [Purpose.COLLISION, Purpose.ENGINE, Purpose.ROAD_HOLDING])
def test_KARMA_2_AMB_41b_a_natural_20_pays_1_karma_at_once(purpose, profile):
    state, ev = roll(checked(purpose, profile, karma=30), 20)
    assert state.car("x").league.karma == 31
    assert [(e.car, e.data) for e in kinds(ev, "karma")] == [("x", {"change": 1, "left": 31, "why": "twenty"})]


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_AMB_41b_a_modified_20_pays_nothing_and_only_karma_rules_pay():
    tourer, _ = roll(checked(Purpose.ENGINE, Profile.SCHWERER_TOURER, karma=30), 19)  # 19 + 1 = 20
    rules = FORMULA_DE_ADVANCED.model_copy(update={"default_wear": DW})
    classic, ev = roll(checked(Purpose.ENGINE, karma=30, rules=rules), 20)
    assert tourer.car("x").league.karma == 30 and classic.car("x").league.karma == 30 and not kinds(ev, "karma")


# --- KARMA-3/4: spending on a check roll --------------------------------------------------


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_a_roll_a_raise_can_save_waits_for_its_drivers_choice():
    """An engine check of 4 fails (dry, <= 4); one raise (20) makes it a 5: x is asked, not
    the mover m, and no die is rolled until x answers."""
    state, ev = roll(checked(Purpose.ENGINE, karma=30), 4)
    assert state.phase == "karma" and state.league.held is not None
    assert (state.league.held.natural, state.league.held.raised, state.league.held.check.car) == (4, 0, "x")
    assert to_move(state) == "x" and chance(state) is None
    assert karma_offers(OVAL, state, state.league.held) == ("raise", "accept")
    assert not kinds(ev, "wear")
    assert illegal(state, Roll(value=10)).reason.code == Code.NOT_NOW
    assert illegal(state, Karma(car="m", spend="accept")).reason.code == Code.NOT_YOUR_TURN


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_a_raise_of_1_for_20_turns_the_fail_into_a_pass():
    state, ev = act(roll(checked(Purpose.ENGINE, karma=30), 4)[0], Karma(car="x", spend="raise"))
    assert state.car("x").league.karma == 10 and state.car("x").wp == DW and state.league.held is None
    assert [e.data for e in kinds(ev, "karma")] == [{"change": -20, "left": 10, "why": "raise"}]
    assert state.phase == "gear" and state.active == "x"  # the round goes on: x is next


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_accept_lets_the_roll_take_effect():
    state, ev = act(roll(checked(Purpose.ENGINE, karma=30), 4)[0], Karma(car="x", spend="accept"))
    assert state.car("x").league.karma == 30 and lost(state, Purpose.ENGINE) == 1 and state.league.held is None


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_AMB_41c_several_raises_for_one_roll():
    """A 3 needs two raises (3 + 2 = 5 > 4): after the first the driver is asked again."""
    state, _ = roll(checked(Purpose.ENGINE, karma=45), 3)
    assert karma_offers(OVAL, state, state.league.held) == ("reroll", "raise", "accept")
    state, _ = act(state, Karma(car="x", spend="raise"))
    assert state.phase == "karma" and state.league.held.raised == 1 and state.car("x").league.karma == 25
    assert karma_offers(OVAL, state, state.league.held) == ("raise", "accept")  # AMB-41c: no re-roll after a raise
    assert illegal(state, Karma(car="x", spend="reroll")).reason.code == Code.KARMA_NOT_OFFERED
    state, _ = act(state, Karma(car="x", spend="raise"))
    assert state.car("x").league.karma == 5 and state.car("x").wp == DW and state.phase == "gear"


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_a_reroll_for_40_rolls_the_black_die_again_for_the_same_check():
    state, _ = roll(checked(Purpose.ROAD_HOLDING, karma=40), 2)  # 3 raises would cost 60
    assert karma_offers(OVAL, state, state.league.held) == ("reroll", "accept")
    state, ev = act(state, Karma(car="x", spend="reroll"))
    assert state.car("x").league.karma == 0 and state.phase == "check"
    assert chance(state).die == BLACK_DIE and state.pending[0] == Check(purpose=Purpose.ROAD_HOLDING, car="x")
    assert [e.data["why"] for e in kinds(ev, "karma")] == ["reroll"]
    state, ev = roll(state, 12)
    assert state.car("x").wp == DW and kinds(ev, "check")[0].data["value"] == 12


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_AMB_41c_raises_for_the_new_roll_after_a_reroll():
    state, _ = roll(checked(Purpose.ENGINE, karma=60), 1)
    state, _ = act(state, Karma(car="x", spend="reroll"))
    state, _ = roll(state, 4)  # fails again; 20 left: one raise, no second re-roll
    assert state.phase == "karma" and karma_offers(OVAL, state, state.league.held) == ("raise", "accept")
    state, _ = act(state, Karma(car="x", spend="raise"))
    assert state.car("x").league.karma == 0 and state.car("x").wp == DW


@pytest.mark.rules("KARMA-3")
@pytest.mark.parametrize("pool,natural", [(19, 4), (30, 3), (39, 1)])
def test_KARMA_3_AMB_41d_no_question_when_no_spend_can_save_the_roll(pool, natural):
    """19 buys nothing; 30 buys one raise, not the two a 3 needs, nor a re-roll; 39 neither."""
    state, _ = roll(checked(Purpose.ENGINE, karma=pool), natural)
    assert state.phase != "karma" and state.car("x").league.karma == pool and lost(state, Purpose.ENGINE) == 1


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_a_passed_check_is_never_held():
    state, _ = roll(checked(Purpose.ENGINE, karma=100), 5)
    assert state.phase != "karma" and state.car("x").league.karma == 100


@pytest.mark.rules("KARMA-4")
def test_KARMA_4_the_changeable_rolls_are_the_drivers_own_body_engine_and_road_holding_checks():
    """A collision roll is held for the car it is rolled for, even in the mover's turn; a gear
    die is never held, whatever the pool."""
    state, _ = roll(checked(Purpose.COLLISION, karma=30), 1)
    assert state.phase == "karma" and to_move(state) == "x" and state.league.held.check.other == "m"
    gear_turn = position([car("m", "C32", wp=DW, karma=100), car("z", "A10", wp=DW)], "m", rules=D)
    assert illegal(gear_turn, Karma(car="m", spend="raise")).reason.code == Code.NOT_NOW
    state, _ = act(gear_turn, ChooseGear(gear=3), Roll(value=4))  # the lowest face: still a move
    assert state.phase == "move" and state.league.held is None


# --- KARMA-2: rounds led and the race-end income ------------------------------------------


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_AMB_41a_the_race_leader_counts_a_round_led_in_its_lap_at_the_end_of_every_round():
    """a leads in lap 2; b moves last in the round. When the round ends a has led one round
    of lap 2; b, behind, none."""
    cars = [car("a", "A40", crossings=2, wp=DW), car("b", "A18", crossings=2, wp=DW)]
    state = position(cars, "b", rules=D)
    state, ev = quiet_turn(state)
    assert kinds(ev, "round") and state.car("a").league.led == (0, 1, 0) and state.car("b").league.led == ()


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_AMB_41a_no_lead_counted_once_a_car_has_finished():
    cars = [car("a", "A40", crossings=4, wp=DW, status="finished", place=1), car("b", "A18", crossings=3, wp=DW)]
    state, ev = quiet_turn(position(cars, "b", rules=D))
    assert kinds(ev, "round") and all(c.league.led == () for c in state.cars)


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_TAB_KARMA_race_end_karma_for_places_gained_and_laps_led():
    """a: grid slot 3 (4th) to 1st = 3 places, +9; lap 1 led 5 rounds like b (both +3), lap 3
    the most (+3) = 15. b: pole to 2nd gains nothing; laps 1 and 2 = +6. c retired: 0."""
    cars = [
        car("a", "A40", crossings=4, status="finished", place=1, grid_slot=3, led=(5, 0, 2)),
        car("b", "A30", crossings=4, status="finished", place=2, grid_slot=0, led=(5, 3, 0)),
        car("c", "A20", crossings=2, status="out", grid_slot=5),
    ]
    state = position([car("d", "A10", grid_slot=1)] + cars, "d", rules=D)
    assert race_end_karma(state) == {"a": 15, "b": 6, "c": 0, "d": 0}
    assert race_end_karma(state.model_copy(update={"rules": FORMULA_DE_ADVANCED})) == {}


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_the_engine_pays_the_race_end_karma_when_the_race_is_over():
    """b, the last car racing, crosses the line of lap 3 from 3rd on the grid to 2nd: +3;
    a led lap 3 the most: +3, and won from 2nd on the grid: +3."""
    cars = [
        car("a", "A30", crossings=4, status="finished", place=1, grid_slot=1, led=(0, 0, 4), karma=30),
        car("b", "B62", gear=4, crossings=3, grid_slot=2, led=(0, 0, 1), karma=10, wp=DW),
    ]
    state = position(cars, "b", rules=D)
    state, ev = quiet_turn(state)
    assert state.finished and state.car("b").place == 2
    assert [(e.car, e.data) for e in kinds(ev, "karma")] == [
        ("a", {"change": 6, "left": 36, "why": "race_end"}),
        ("b", {"change": 3, "left": 13, "why": "race_end"}),
    ]


# --- computer drivers ---------------------------------------------------------------------


def held(purpose: Purpose, natural: int, pool: int, **wp: int) -> RaceState:
    state, _ = roll(checked(purpose, karma=pool, wp=DW.model_copy(update=wp)), natural)
    assert state.phase == "karma"
    return state


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_computer_drivers_spend_karma_where_it_saves_the_car():
    # the last engine WP: a raise saves the car
    assert CAREFUL.choose_karma(OVAL, held(Purpose.ENGINE, 4, 30, engine=1)) == "raise"
    # the last WP, three raises needed (60) but a re-roll for 40: re-roll
    assert AGGRESSIVE.choose_karma(OVAL, held(Purpose.ENGINE, 2, 60, engine=1)) == "reroll"
    # two raises for the last WP cost no more than a re-roll: raise
    assert CAREFUL.choose_karma(OVAL, held(Purpose.ENGINE, 3, 45, engine=1)) == "raise"
    # failing by 1: the careful driver raises; the aggressive one with 2 WP left, or with 3
    # from a pool that keeps a raise
    assert CAREFUL.choose_karma(OVAL, held(Purpose.COLLISION, 1, 30)) == "raise"
    assert AGGRESSIVE.choose_karma(OVAL, held(Purpose.COLLISION, 1, 30, body=2)) == "raise"
    assert AGGRESSIVE.choose_karma(OVAL, held(Purpose.COLLISION, 1, 30)) == "accept"
    assert AGGRESSIVE.choose_karma(OVAL, held(Purpose.COLLISION, 1, 40)) == "raise"
    # a 1 on road holding with 3 WP left: not worth a re-roll
    assert AGGRESSIVE.choose_karma(OVAL, held(Purpose.ROAD_HOLDING, 1, 50)) == "accept"
