"""The street race through the engine: the roster's drivers, hard tyres, nitro, no pits, the
shooting zone, the danger zone, the police station, the tunnel and the WP on the line.

Rules: STREET-1..8, AMB-52, AMB-63. The city circuit is the shipped oval with street zones and a
tunnel drawn over it (``STREET_OVAL``; the back straight runs from row 26 to row 45): the
residents' windows on lane A (A26-A30), the danger zone on lane B (B26-B30, B28 black), the
police station across row 40 (A36, B38, C41), tunnel 1 from C30 to C36; ``NO_PITS`` is the same
board without its pit lane.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.actions import ChooseGear, Drive, EndMove, FreeWP, Roll, SetUp
from rules.ai.registry import DRIVERS
from rules.ai.street import choose_free_wp
from rules.car import Area
from rules.dice import Purpose
from rules.engine import IllegalAction, apply, chance, moves, new_race, optional_offer, slide_spaces, to_move
from rules.files.record import Header, dumps, loads, replay, same_drivers
from rules.modules.pits import stops_allowed
from rules.odds import gear_odds, nitro_odds
from rules.reasons import Code
from rules.ruleset import FORMULA_D_BASIC, STREET
from rules.run.session import RaceSession
from rules.run.simulation import play
from rules.state import RaceState, StreetCar
from rules.tables.profiles import Profile
from rules.tables.roster import ROSTER
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from rules.track import EdgeKind, Track, Tunnel, Zone
from tests.rules.fixtures import OVAL, W, car, kinds, pending, position
from tests.rules.fixtures import act as engine_act


def _zoned(track: Track) -> Track:
    zones = (
        Zone(kind="shooting", spaces=("A26", "A27", "A28", "A29", "A30"), object_id=1),
        Zone(kind="danger", spaces=("B26", "B27", "B28", "B29", "B30"), black=("B28",), object_id=2),
        Zone(kind="police", spaces=("A36", "B38", "C41"), object_id=3),
    )
    return Track.model_validate(
        {**track.model_dump(), "zones": zones, "tunnels": (Tunnel(number=1, entry="C30", exit="C36"),)}
    )


def _without_pits(track: Track) -> Track:
    pit = set(track.pit.spaces) if track.pit else set()
    return Track.model_validate(
        {
            **track.model_dump(),
            "spaces": tuple(s for s in track.spaces if s.name not in pit),
            "edges": tuple(
                e for e in track.edges if e.kind not in (EdgeKind.PIT_ENTRY, EdgeKind.PIT, EdgeKind.PIT_EXIT)
            ),
            "pit": None,
        }
    )


STREET_OVAL = _zoned(OVAL)
NO_PITS = _without_pits(STREET_OVAL)
S = STREET


def at(state: RaceState, *actions, track: Track = STREET_OVAL):
    return engine_act(state, *actions, track=track)


def street(cars, active=None, track: Track = STREET_OVAL, rules=S, **kw) -> RaceState:
    return position(cars, active, track=track, rules=rules, **kw)


def refused(state: RaceState, action, track: Track = STREET_OVAL):
    with pytest.raises(IllegalAction) as err:
        apply(track, state, action)
    return err.value.reason


def settle(state: RaceState, value: int = 20, track: Track = STREET_OVAL):
    events = []
    while state.phase not in ("gear", "move", "done", "wp") and chance(state) is not None:
        state, ev = apply(track, state, Roll(value=value))
        events += ev
    return state, events


# --- STREET-1: ten fixed drivers with abilities from the Dresden profiles --------------------


@pytest.mark.rules(
    "STREET-1",
    "DRESDEN-PROFILE-2",
    "DRESDEN-PROFILE-3",
    "DRESDEN-PROFILE-4",
    "DRESDEN-PROFILE-5",
    "DRESDEN-PROFILE-6",
    "DRESDEN-PROFILE-7",
    "DRESDEN-PROFILE-8",
)
def test_STREET_1_the_roster_has_ten_drivers_each_with_a_Dresden_ability():
    assert len(ROSTER) == 10 and len({d.name for d in ROSTER}) == 10
    assert {d.profile for d in ROSTER} == set(Profile)  # every ability is one DRESDEN-PROFILE-2..8 defines


@pytest.mark.rules("STREET-1")
def test_STREET_1_each_car_drives_its_seats_roster_driver_whatever_its_entry_says():
    cars = [(f"c{i}", W) for i in range(10)]
    state = new_race(STREET_OVAL, S, cars, laps=1)
    assert [c.league.profile for c in state.cars] == [d.profile for d in ROSTER]
    plain = new_race(STREET_OVAL, S.model_copy(update={"profiles": False}), cars, laps=1)  # AMB-52: no abilities
    assert {c.league.profile for c in plain.cars} == {Profile.NORMALO}


@pytest.mark.rules("STREET-1", "DRESDEN-PROFILE-5")
def test_STREET_1_the_light_racers_ability_adds_a_space_to_every_roll():
    """The first seat is a Leichter Flitzer (DRESDEN-PROFILE-5): a 3 in 2nd gear drives 4."""
    assert ROSTER[0].profile is Profile.LEICHTER_FLITZER
    state = street([car("a", "A22", 2, profile=ROSTER[0].profile), car("x", "A5")], "a")
    state, _ = at(state, ChooseGear(gear=2), Roll(value=3))
    assert state.moves_left == 4


@pytest.mark.rules("STREET-1", "DRESDEN-PROFILE-3", "DRESDEN-PROFILE-4")
def test_STREET_1_the_start_is_a_launch_for_the_theorist_and_the_practitioner():
    """DRESDEN-PROFILE-3/4 in the street race's basic-game start: the first movement is a launch,
    a Theoretiker's one space shorter, a Praktiker's with an optional space more."""
    state = new_race(STREET_OVAL, S, [("a", W), ("b", W)], laps=1)
    state, _ = at(state, Roll(value=15), Roll(value=5), Roll(value=10), Roll(value=10))
    assert all(c.league.launch for c in state.cars)
    theorist = street([car("t", "A22", 1, launch=True, profile=Profile.THEORETIKER), car("x", "A5")], "t")
    theorist, _ = at(theorist, ChooseGear(gear=1), Roll(value=2))
    assert theorist.moves_left == 1
    practitioner = street([car("p", "A22", 1, launch=True, profile=Profile.PRAKTIKER), car("x", "A5")], "p")
    practitioner, _ = at(practitioner, ChooseGear(gear=1), Roll(value=2), Drive(path=("A23", "A24")))
    assert practitioner.movement is not None and practitioner.movement.offer == ("launch",)


# --- STREET-2: hard tyres for every car ------------------------------------------------------


@pytest.mark.rules("STREET-2")
def test_STREET_2_every_car_starts_on_hard_tyres_without_a_tyre_choice():
    state = new_race(STREET_OVAL, S, [("a", W), ("b", W)], laps=1)
    assert state.phase == "grid" and all(c.tyre is Tyre.HARD for c in state.cars)
    state, _ = at(state, Roll(value=15), Roll(value=5), Roll(value=10), Roll(value=10))  # the grid and start rolls
    assert state.round == 1 and state.phase == "gear"
    assert state.phase != "setup" and all(c.tyre is Tyre.HARD for c in state.cars)


@pytest.mark.rules("STREET-2")
def test_STREET_2_an_own_car_keeps_hard_tyres_and_refuses_others():
    from rules.car import B_OWN_CAR

    rules = S.model_copy(update={"car_setup": B_OWN_CAR})
    state = new_race(STREET_OVAL, rules, [("a", W), ("b", W)], laps=1, grid=("a", "b"))
    assert state.phase == "setup"
    assert refused(state, SetUp(tyre=Tyre.SOFT)).code == Code.TYRES_FIXED
    state, _ = at(state, SetUp(tyre=None))
    assert state.car("a").tyre is Tyre.HARD


@pytest.mark.rules("STREET-2")
def test_STREET_2_hard_tyres_slide_3_in_rain_and_never_give_the_soft_bonus():
    state = street([car("a", "A22", 3, tyre=Tyre.HARD), car("x", "A5")], "a")
    wet = state.model_copy(update={"weather": Weather(condition="rain")})
    assert slide_spaces(wet, wet.car("a")) == 3 and slide_spaces(state, state.car("a")) == 0
    state, _ = at(state, ChooseGear(gear=3), Roll(value=4))
    state, _ = at(state, Drive(path=("A23", "A24", "A25", "A26")))
    assert state.movement is None  # no bonus offered: the movement is over


# --- STREET-3: nitro once per lap --------------------------------------------------------------


def nitro_car(**kw) -> RaceState:
    return street([car("n", "A40", 2, **kw), car("x", "A5")], "n")


@pytest.mark.rules("STREET-3")
def test_STREET_3_nitro_adds_the_gear_number_and_costs_nothing():
    state, ev = at(nitro_car(), ChooseGear(gear=2, nitro=True))
    assert [e.data for e in kinds(ev, "nitro")] == [{"spaces": 2, "lap": 1}]
    assert state.car("n").wp == W
    state, _ = at(state, Roll(value=3))
    assert state.moves_left == 5  # 3 rolled + 2 for 2nd gear
    for gear in (1, 3):
        s, _ = at(street([car("n", "A40", gear), car("x", "A5")], "n"), ChooseGear(gear=gear, nitro=True))
        assert kinds(_, "nitro")[0].data["spaces"] == gear


@pytest.mark.rules("STREET-3")
def test_STREET_3_AMB_63_once_per_lap_and_again_on_the_next_lap():
    used = nitro_car(street=StreetCar(nitro_lap=1))
    reason = refused(used, ChooseGear(gear=2, nitro=True))
    assert (reason.rule, reason.code) == ("STREET-3", Code.NITRO_USED)
    assert "once per lap" in reason.english()
    state, _ = at(nitro_car(street=StreetCar(nitro_lap=1), crossings=2), ChooseGear(gear=2, nitro=True))
    assert state.street.nitro and state.car("n").street.nitro_lap == 2
    grid = nitro_car(street=StreetCar(nitro_lap=1), crossings=0)  # the run from the grid over the line is lap 1 too
    assert refused(grid, ChooseGear(gear=2, nitro=True)).code == Code.NITRO_USED


@pytest.mark.rules("STREET-3")
def test_STREET_3_AMB_63_read_as_once_per_game_round_it_is_there_every_turn():
    rules = S.model_copy(update={"nitro_per": "game_round"})
    state = street([car("n", "A40", 2, street=StreetCar(nitro_lap=1)), car("x", "A5")], "n", rules=rules)
    state, _ = at(state, ChooseGear(gear=2, nitro=True))
    assert state.street.nitro


@pytest.mark.rules("STREET-3")
def test_STREET_3_nitro_only_in_a_street_race_and_the_next_turn_starts_without_it():
    basic = street([car("n", "A40", 2), car("x", "A5")], "n", rules=FORMULA_D_BASIC)
    assert refused(basic, ChooseGear(gear=2, nitro=True)).code == Code.NO_NITRO
    state, _ = at(nitro_car(), ChooseGear(gear=2, nitro=True), Roll(value=2))
    state, _ = at(state, Drive(path=tuple(f"A{n}" for n in range(41, 45))))
    state, _ = settle(state)
    assert state.active == "x" and not state.street.nitro


@pytest.mark.rules("STREET-3")
def test_STREET_3_the_odds_count_the_nitro():
    """2nd gear from A40: the die shows 2, 3, 3, 4, 4, 4; with nitro each face is 2 more."""
    plain, boosted = gear_odds(STREET_OVAL, nitro_car())[2], nitro_odds(STREET_OVAL, nitro_car())[2]
    assert boosted.advance - plain.advance == 2 and (boosted.fewest, boosted.most) == (4, 6)
    assert nitro_odds(STREET_OVAL, nitro_car(street=StreetCar(nitro_lap=1))) == {}
    assert boosted.wear == plain.wear == Fraction(0)


# --- STREET-4: no pits ---------------------------------------------------------------------------


@pytest.mark.rules("STREET-4")
def test_STREET_4_no_car_turns_into_the_pit_lane():
    """C58 is one space short of the oval's pit entry (C59), in lap 1 of 3 with worn tyres: in
    the basic game a 3rd-gear 6 may end in the box; in a street race no move enters the pit lane."""
    worn = W.model_copy(update={"tyres": 1})
    for rules, boxed in ((FORMULA_D_BASIC, True), (S, False)):
        state = street([car("p", "C58", 3, wp=worn, box="P4"), car("x", "A5")], "p", rules=rules)
        state, _ = at(state, ChooseGear(gear=3), Roll(value=6))
        assert any(OVAL.space(n).in_pit for m in moves(STREET_OVAL, state) for n in m.path) is boxed
        assert (stops_allowed(state) > 0) is boxed


# --- STREET-5: the shooting zone -----------------------------------------------------------------


def shooter(rules=S) -> RaceState:
    state = street([car("s", "A22", 3), car("x", "C5")], "s", rules=rules)
    state, _ = at(state, ChooseGear(gear=3), Roll(value=8))
    return state


@pytest.mark.rules("FD08-DANGER-1", "STREET-5")
def test_STREET_5_driving_into_the_windows_is_one_black_die_check_that_costs_body_on_1_to_4():
    state, _ = at(shooter(), Drive(path=tuple(f"A{n}" for n in range(23, 31))))  # A26-A30 under fire
    assert pending(state) == [("shooting", "s", None)]
    hit, ev = at(state, Roll(value=4))
    assert hit.car("s").wp.body == W.body - 1 and "A30" in hit.markers  # FD08-DANGER-1: a body WP marks
    assert [e.data for e in kinds(ev, "check")] == [{"purpose": "shooting", "value": 4}]
    missed, _ = at(state, Roll(value=5))
    assert missed.car("s").wp.body == W.body


@pytest.mark.rules("STREET-5")
def test_STREET_5_AMB_52_a_car_that_only_drives_through_is_safe_when_only_stopping_counts():
    rules = S.model_copy(update={"shooting": "stopping"})
    state, _ = at(shooter(rules), Drive(path=tuple(f"A{n}" for n in range(23, 31))))
    assert pending(state) == [("shooting", "s", None)]  # it stands in the zone (A30)
    state = street([car("s", "A22", 4), car("x", "C5")], "s", rules=rules)
    state, _ = at(state, ChooseGear(gear=4), Roll(value=10))
    state, _ = at(state, Drive(path=tuple(f"A{n}" for n in range(23, 33))))  # through, to A32
    assert Purpose.SHOOTING not in [c.purpose for c in state.pending]


@pytest.mark.rules("CORE-COLL-3", "STREET-5")
def test_STREET_5_the_last_body_WP_lost_to_a_shot_ends_the_race():
    state = street([car("s", "A22", 3, wp=W.model_copy(update={"body": 1})), car("x", "C5")], "s")
    state, _ = at(state, ChooseGear(gear=3), Roll(value=8))
    state, _ = at(state, Drive(path=tuple(f"A{n}" for n in range(23, 31))), Roll(value=1))
    assert state.car("s").status == "out" and state.car("s").out.rule == "CORE-COLL-3"


# --- STREET-6: the danger zone -------------------------------------------------------------------


@pytest.mark.rules("STREET-6")
def test_STREET_6_the_black_spaces_are_dangerous_from_the_start():
    state = new_race(STREET_OVAL, S, [("a", W), ("b", W)], laps=1)
    assert state.markers == ("B28",)
    assert new_race(STREET_OVAL, FORMULA_D_BASIC, [("a", W), ("b", W)], laps=1).markers == ()
    assert new_race(STREET_OVAL, S.model_copy(update={"markers": False}), [("a", W), ("b", W)], laps=1).markers == ()


@pytest.mark.rules("STREET-6")
def test_STREET_6_driving_over_a_black_space_is_a_road_holding_check_the_rest_of_the_zone_is_not():
    start = new_race(STREET_OVAL, S, [("a", W), ("b", W)], laps=1)
    state = street([car("d", "B22", 3), car("x", "C5")], "d", markers=start.markers)
    state, _ = at(state, ChooseGear(gear=3), Roll(value=8))
    over, _ = at(state, Drive(path=tuple(f"B{n}" for n in range(23, 31))))  # over B28
    assert pending(over) == [("road_holding", "d", None)]
    state = street([car("d", "B20", 3), car("x", "C5")], "d", markers=start.markers)
    state, _ = at(state, ChooseGear(gear=3), Roll(value=7))
    beside, _ = at(state, Drive(path=tuple(f"B{n}" for n in range(21, 28))))  # into the zone, short of B28
    assert pending(beside) == []


# --- STREET-7: the police station and the tunnel ---------------------------------------------------


def police_round(b_roll: int, a_roll: int = 5, rules=S, b_wp=None) -> tuple[RaceState, list]:
    """Two cars drive past the police station (row 40) in one game round: a from A34 in 3rd, then b
    from B32 in 4th; the round ends after b's turn."""
    worn = b_wp or W.model_copy(update={"body": 1, "brakes": 1})
    state = street([car("a", "A34", 3), car("b", "B32", 4, wp=worn)], "a", rules=rules)
    state, ev = at(state, ChooseGear(gear=3), Roll(value=a_roll))
    state, ev2 = at(state, Drive(path=tuple(f"A{n}" for n in range(35, 35 + a_roll))))
    state, ev3 = settle(state)
    assert state.active == "b"
    state, ev4 = at(state, ChooseGear(gear=4), Roll(value=b_roll))
    state, ev5 = at(state, Drive(path=tuple(f"B{n}" for n in range(33, 33 + b_roll))))
    state, ev6 = settle(state)
    return state, ev + ev2 + ev3 + ev4 + ev5 + ev6


@pytest.mark.rules("STREET-7")
def test_STREET_7_the_fastest_car_past_the_police_station_gains_2_WP_at_the_end_of_the_round():
    state, ev = police_round(b_roll=9)
    assert [(e.car, e.data) for e in kinds(ev, "police")] == [("b", {"roll": 9, "free": 2})]
    assert state.phase == "wp" and to_move(state) == "b" and chance(state) is None
    state, ev = at(state, FreeWP(car="b", wp={Area.BODY: 1, Area.BRAKES: 1}))
    assert (state.car("b").wp.body, state.car("b").wp.brakes) == (2, 2)
    assert kinds(ev, "round") and state.street.police == ()  # the next game round begins


@pytest.mark.rules("STREET-7")
def test_STREET_7_AMB_52_level_rolls_go_to_the_first_past_or_to_nobody():
    state, ev = police_round(b_roll=7, a_roll=7, b_wp=W)
    assert [e.car for e in kinds(ev, "police")] == ["a"]  # a full car: the 2 WP find no room
    assert [e.data for e in kinds(ev, "free_wp")] == [{"forfeit": 2}]
    nobody = S.model_copy(update={"police_tie": "nobody"})
    state, ev = police_round(b_roll=7, a_roll=7, rules=nobody)
    assert [e.data for e in kinds(ev, "police")] == [{"roll": 7, "tied": ["a", "b"]}]
    assert state.car("b").wp.body == 1 and state.phase == "gear"


@pytest.mark.rules("STREET-7")
def test_STREET_7_a_car_ending_on_a_tunnel_entry_comes_out_at_the_exit_with_the_same_number():
    state = street([car("t", "C26", 2), car("x", "A5")], "t")
    state, _ = at(state, ChooseGear(gear=2), Roll(value=4))
    state, ev = at(state, Drive(path=("C27", "C28", "C29", "C30")))
    assert state.car("t").space == "C36"
    assert [e.data for e in kinds(ev, "tunnel")] == [{"number": 1, "from": "C30", "to": "C36", "blocked": False}]


@pytest.mark.rules("STREET-7")
def test_STREET_7_driving_over_a_tunnel_entry_does_nothing_and_a_taken_exit_keeps_the_car_out():
    state = street([car("t", "C26", 3), car("x", "A5")], "t")
    state, _ = at(state, ChooseGear(gear=3), Roll(value=6))
    state, ev = at(state, Drive(path=("C27", "C28", "C29", "C30", "C31", "C32")))
    assert state.car("t").space == "C32" and not kinds(ev, "tunnel")
    state = street([car("t", "C26", 2), car("x", "A5"), car("y", "C36", 1)], "t")
    state, _ = at(state, ChooseGear(gear=2), Roll(value=4))
    state, ev = at(state, Drive(path=("C27", "C28", "C29", "C30")))
    assert state.car("t").space == "C30" and kinds(ev, "tunnel")[0].data["blocked"] is True


@pytest.mark.rules("STREET-7")
def test_STREET_7_without_the_street_rules_a_tunnel_is_just_a_space():
    state = street([car("t", "C26", 2), car("x", "A5")], "t", rules=FORMULA_D_BASIC)
    state, _ = at(state, ChooseGear(gear=2), Roll(value=4))
    state, _ = at(state, Drive(path=("C27", "C28", "C29", "C30")))
    assert state.car("t").space == "C30"


# --- STREET-8: the tyres and 2 free WP back on the line ----------------------------------------------


def over_the_line(wp=None, rules=S, crossings: int = 1, laps: int = 3) -> tuple[RaceState, list]:
    worn = wp or W.model_copy(update={"tyres": 2, "body": 1, "road_holding": 1})
    state = street(
        [car("f", "A57", 3, wp=worn, crossings=crossings), car("x", "C20", crossings=crossings)],
        "f",
        rules=rules,
        laps=laps,
    )
    state, ev = at(state, ChooseGear(gear=3), Roll(value=5))
    over = min((m for m in moves(STREET_OVAL, state) if m.laps), key=lambda m: (m.brakes, m.path))  # A58-A60, A1...
    state, ev2 = at(state, Drive(path=over.path))
    return state, ev + ev2


@pytest.mark.rules("STREET-8")
def test_STREET_8_over_the_line_all_tyre_WP_back_and_2_WP_to_distribute():
    state, ev = over_the_line()
    assert state.car("f").wp.tyres == W.tyres
    assert [e.data for e in kinds(ev, "tyres_back")] == [{"tyres": 4, "left": 6, "free": 2}]
    assert state.phase == "wp" and to_move(state) == "f"
    state, ev = at(state, FreeWP(car="f", wp={Area.BODY: 1, Area.ROAD_HOLDING: 1}))
    assert (state.car("f").wp.body, state.car("f").wp.road_holding, state.car("f").street.free_wp) == (2, 2, 0)


@pytest.mark.rules("STREET-8")
def test_STREET_8_AMB_52_the_free_WP_stay_within_the_set_up_and_must_all_be_placed():
    state, _ = over_the_line()
    too_much = refused(state, FreeWP(car="f", wp={Area.ROAD_HOLDING: 2}))
    assert (too_much.code, too_much.values["room"]) == (Code.FREE_WP_ABOVE_SETUP, 1)
    assert refused(state, FreeWP(car="f", wp={Area.BODY: 1})).code == Code.FREE_WP_TOTAL
    assert refused(state, FreeWP(car="f", wp={Area.FUEL: 1, Area.BODY: 1})).code == Code.FREE_WP_AREA


@pytest.mark.rules("STREET-8")
def test_STREET_8_AMB_52_without_the_cap_the_WP_may_go_above_the_set_up():
    state, _ = over_the_line(wp=W, rules=S.model_copy(update={"free_wp_cap": "none"}))
    assert state.phase == "wp"
    state, _ = at(state, FreeWP(car="f", wp={Area.ENGINE: 2}))
    assert state.car("f").wp.engine == W.engine + 2


@pytest.mark.rules("STREET-8")
def test_STREET_8_where_there_is_no_choice_the_WP_go_in_at_once():
    state, ev = over_the_line(wp=W.model_copy(update={"tyres": 3, "body": 2}))  # room for 1 body WP only
    assert state.phase != "wp" and state.car("f").wp.body == 3
    assert [e.data for e in kinds(ev, "free_wp")] == [{"body": 1, "forfeit": 1}]


@pytest.mark.rules("STREET-8")
def test_STREET_8_not_from_the_grid_nor_on_the_finishing_crossing():
    grid, ev = over_the_line(crossings=0)
    assert grid.car("f").wp.tyres == 2 and not kinds(ev, "tyres_back")
    last, ev = over_the_line(crossings=2, laps=2)
    assert last.car("f").status == "finished" and not kinds(ev, "tyres_back")


@pytest.mark.rules("STREET-8")
def test_STREET_8_the_choice_comes_before_the_checks_of_the_movement():
    """A car that stops behind another over the line distributes its WP first: a body WP put in
    now counts for the collision check that follows."""
    state = street([car("f", "A57", 3, wp=W.model_copy(update={"body": 1, "road_holding": 1})), car("x", "A3")], "f")
    state, _ = at(state, ChooseGear(gear=3), Roll(value=5))
    state, _ = at(state, Drive(path=("A58", "A59", "A60", "A1", "A2")))
    assert state.phase == "wp" and [p.purpose for p in state.pending] == [Purpose.COLLISION, Purpose.COLLISION]
    state, _ = at(state, FreeWP(car="f", wp={Area.BODY: 2}))
    state, _ = at(state, Roll(value=20), Roll(value=1))  # x passes; f loses 1 body WP of its 3
    assert state.car("f").status == "racing" and state.car("f").wp.body == 2


# --- a whole street race --------------------------------------------------------------------------------


@pytest.mark.rules(
    "STREET-1",
    "STREET-2",
    "STREET-3",
    "STREET-4",
    "STREET-5",
    "STREET-6",
    "STREET-7",
    "STREET-8",
)
def test_STREET_1_to_8_a_ten_car_street_race_plays_through_the_simulate_loop_and_replays_exactly():
    header = same_drivers(NO_PITS, S, 10, 2, 11, "careful")
    session = play(NO_PITS, header, DRIVERS)
    assert session.state.finished
    record = loads(dumps(session.record()))
    assert replay(NO_PITS, record) == session.state
    kinds_seen: set[str] = set()
    state = RaceSession(NO_PITS, header, drivers=DRIVERS).state
    for action in record.actions:
        state, ev = apply(NO_PITS, state, action)
        kinds_seen |= {e.kind for e in ev}
        kinds_seen |= {f"check:{e.data['purpose']}" for e in ev if e.kind == "check"}
    assert {"nitro", "tunnel", "tyres_back", "free_wp", "police", "check:shooting"} <= kinds_seen
    assert any(isinstance(a, FreeWP) for a in record.actions)  # a computer chose where its WP go
    assert any(isinstance(a, ChooseGear) and a.nitro for a in record.actions)
    assert [c.league.profile for c in sorted(state.cars, key=lambda c: int(c.id[3:]))] == [d.profile for d in ROSTER]


@pytest.mark.rules("STREET-3", "STREET-8")
def test_STREET_3_STREET_8_a_human_seat_decides_its_nitro_and_its_WP_and_the_record_keeps_them():
    header = same_drivers(NO_PITS, S, 2, 2, 5, "careful")
    header = Header.model_validate(
        {
            **header.model_dump(),
            "entries": [header.entries[0].model_copy(update={"driver": "human"}), header.entries[1]],
        }
    )
    session = RaceSession(NO_PITS, header, drivers=DRIVERS)
    asked = set()
    for _ in range(5000):
        session.run_computers()
        if session.state.finished:
            break
        s = session.state
        asked.add(s.phase)
        if s.phase == "gear":
            car = s.car(s.active or "")
            gear = min(car.gear + 1, 4) if car.gear else 1
            session.act(ChooseGear(gear=gear, nitro=car.street.nitro_lap != max(1, car.crossings)))
        elif s.phase == "wp":
            session.act(FreeWP(wp=choose_free_wp(s)))
        elif optional_offer(s):
            session.act(EndMove())
        else:
            best = min(moves(NO_PITS, s), key=lambda m: (m.out is not None, m.brakes + m.tyres, -len(m.path), m.path))
            session.act(Drive(path=best.path, via=best.via))
    assert session.state.finished and "gear" in asked
    assert replay(NO_PITS, loads(dumps(session.record()))) == session.state


@pytest.mark.rules("STREET-5", "STREET-7")
def test_STREET_5_STREET_7_a_computer_takes_the_tunnel_and_counts_the_residents_shots():
    """From C25 a 3rd-gear 5 ends on row 29 in any lane; C30 is tunnel 1's entry (out on C36, six
    rows on), so the careful driver ends there, and only in a street race. A path under the
    windows counts a shot's body WP."""
    from rules.ai.classic import CAREFUL
    from rules.ai.street import street_shots

    for rules, tunnel in ((S, True), (FORMULA_D_BASIC, False)):
        state = street([car("t", "C25", 3), car("x", "A5")], "t", rules=rules)
        state, _ = at(state, ChooseGear(gear=3), Roll(value=5))
        assert {m.end for m in moves(STREET_OVAL, state) if len(m.path) == 5} > {"C30"}
        assert (CAREFUL.choose_move(STREET_OVAL, state, moves(STREET_OVAL, state)).end == "C30") is tunnel
    shooter_state = shooter()
    under = next(m for m in moves(STREET_OVAL, shooter_state) if m.end == "A30")
    assert street_shots(STREET_OVAL, shooter_state, under) == pytest.approx(4 / 20)
    assert street_shots(STREET_OVAL, shooter_state.model_copy(update={"rules": FORMULA_D_BASIC}), under) == 0


@pytest.mark.rules("STREET-1", "STREET-3", "STREET-8")
def test_STREET_1_STREET_3_STREET_8_the_module_switch_makes_any_preset_a_street_race_and_back():
    from rules.choice import RuleChoice, rules_of

    on = rules_of(RuleChoice(preset="fd-basic").switched("street", True))
    assert on.street and on.profiles and on.tyres == "C"
    state = new_race(STREET_OVAL, on, [("a", W), ("b", W)], laps=1)
    assert [c.league.profile for c in state.cars] == [d.profile for d in ROSTER[:2]] and state.markers == ("B28",)
    off = rules_of(RuleChoice(preset="street").switched("street", False))
    assert not off.street and not off.profiles and off.tyres is None
    assert new_race(STREET_OVAL, off, [("a", W), ("b", W)], laps=1).markers == ()
