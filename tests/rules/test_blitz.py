"""FD Blitz (rules/league/blitz.py, rules/modules/clock.py, ``FD_BLITZ``): the 9-WP car, the clock's time
out, the heat's winner and the match of two won heats (BLITZ-1..3, BLITZ-6..9, AMB-46)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.actions import ChooseGear, Roll, TimeOut
from rules.ai.registry import DRIVERS
from rules.car import validate_setup
from rules.dice import ForcedDice
from rules.files.record import Header, Record, replay, same_drivers
from rules.league.blitz import Match, decided, heat_grid, heat_winner, level_order
from rules.reasons import Code
from rules.ruleset import BLITZ_WEAR, DRESDEN_2006, FD_BLITZ
from rules.run.simulation import play, race_header
from tests.rules.fixtures import OVAL, act, car, illegal, position, quiet_turn


def blitz_car(car_id: str, space: str, gear: int = 3, **kw):
    return car(car_id, space, gear=gear, wp=BLITZ_WEAR, setup=BLITZ_WEAR, **kw)


def duel(active: str = "a"):
    return position([blitz_car("a", "B10"), blitz_car("b", "B5")], active, rules=FD_BLITZ, laps=3)


@pytest.mark.rules("BLITZ-2")
def test_BLITZ_2_AMB_46a_each_car_is_6_tyres_1_fuel_1_body_1_engine_and_nothing_else():
    assert (BLITZ_WEAR.total(), BLITZ_WEAR.tyres, BLITZ_WEAR.fuel, BLITZ_WEAR.body, BLITZ_WEAR.engine) == (
        9,
        6,
        1,
        1,
        1,
    )
    assert BLITZ_WEAR.brakes == 0 and BLITZ_WEAR.road_holding == 0  # AMB-46a: not listed, so none
    assert validate_setup(FD_BLITZ.car_setup, BLITZ_WEAR) == []
    assert validate_setup(FD_BLITZ.car_setup, BLITZ_WEAR.model_copy(update={"tyres": 5, "brakes": 1}))


@pytest.mark.rules("BLITZ-9")
def test_BLITZ_9_AMB_46e_otherwise_the_season_s_rules_without_profiles_and_karma():
    differ = {k for k, v in FD_BLITZ.model_dump().items() if DRESDEN_2006.model_dump()[k] != v}
    assert differ == {
        "name",
        "car_setup",
        "default_wear",
        "grid",
        "profiles",
        "karma",
        "head_to_head",
        "t_car",
        "clock",
    }
    assert not FD_BLITZ.profiles and not FD_BLITZ.karma and FD_BLITZ.clock


@pytest.mark.rules("BLITZ-9")
def test_BLITZ_9_a_heat_of_two_computer_drivers_plays_to_its_end():
    header, _ = race_header(OVAL, FD_BLITZ, 2, 3, seed=4, driver="careful", drivers=DRIVERS)
    state = play(OVAL, header, DRIVERS).state
    assert state.finished and decided(state) and heat_winner(OVAL, state) in ("car1", "car2")


@pytest.mark.rules("BLITZ-6")
def test_BLITZ_6_out_of_time_the_turn_ends_and_the_car_stays_where_it_stands():
    state, _ = act(duel(), ChooseGear(gear=3))
    before = state.car("a")
    state, events = act(state, TimeOut())
    a = state.car("a")
    assert a.status == "out" and a.out is not None and a.out.rule == "BLITZ-6" and a.out.code == Code.TIME_UP
    assert a.space == before.space and [e.kind for e in events].count("out") == 1
    assert state.active == "b"


@pytest.mark.rules("BLITZ-7", "BLITZ-8")
def test_BLITZ_7_the_other_player_drives_on_alone_turn_after_turn():
    state, _ = act(duel(), TimeOut())
    for _ in range(3):
        assert state.active == "b" and state.phase == "gear"
        state, _ = quiet_turn(state)
    assert state.car("a").status == "out" and state.car("b").status == "racing"
    state, _ = act(state, TimeOut())
    assert decided(state)  # AMB-46b: both out of time
    assert heat_winner(OVAL, state) == "b"  # BLITZ-8: b drove further


@pytest.mark.rules("BLITZ-6")
def test_BLITZ_6_a_time_out_ends_only_the_turn_of_the_car_on_the_move_and_only_in_blitz():
    assert illegal(duel(), TimeOut(car="b")).reason.code == Code.NOT_YOUR_TURN
    plain = position([car("a", "B10", gear=3), car("b", "B5", gear=3)], "a", rules=DRESDEN_2006, laps=3)
    assert illegal(plain, TimeOut()).reason.rule == "BLITZ-6"


@pytest.mark.rules("BLITZ-8")
def test_BLITZ_8_AMB_46d_the_furthest_car_wins_at_equal_distance_the_first_there():
    state = duel()
    assert heat_winner(OVAL, state) == "a"  # B10 is ahead of B5
    assert OVAL.space("A10").progress == OVAL.space("B10").progress  # side by side
    level = state.with_car(state.car("b").model_copy(update={"space": "A10", "arrival": 9}))
    assert heat_winner(OVAL, level.with_car(level.car("a").model_copy(update={"arrival": 3}))) == "a"  # there first
    assert heat_winner(OVAL, level.with_car(level.car("a").model_copy(update={"arrival": 12}))) == "b"


@pytest.mark.rules("BLITZ-1", "BLITZ-3")
def test_BLITZ_1_BLITZ_3_two_players_the_pole_alternates_and_two_heats_win_the_match():
    match = Match(players=("anna", "ben"), track="oval.tmx", minutes=5)
    assert heat_grid(match, 0) == ("anna", "ben") and heat_grid(match, 1) == ("ben", "anna")
    match = match.won("anna")
    assert match.winner is None
    match = match.won("ben").won("anna")
    assert match.winner == "anna" and match.wins("ben") == 1
    with pytest.raises(ValueError):
        match.won("ben")
    with pytest.raises(ValidationError):
        Match(players=("anna", "anna"), track="oval.tmx")


@pytest.mark.rules("BLITZ-4")
def test_BLITZ_4_AMB_46f_a_third_heat_starts_level_and_the_higher_black_die_begins():
    match = Match(players=("anna", "ben"), track="oval.tmx").won("anna").won("ben")
    order, rolls = level_order(match, ForcedDice((7, 7, 3, 15)))  # a tie rolls again: 15 beats 3
    assert order == ("ben", "anna") and rolls == {"anna": (7, 3), "ben": (7, 15)}
    base = same_drivers(OVAL, FD_BLITZ, 2, 3, seed=1)
    header = Header(**{**base.model_dump(), "grid": ("car2", "car1"), "level_start": True})
    state = replay(OVAL, Record(header=header, actions=(Roll(value=20),)))  # the weather, then the grid
    pole, second = state.car("car2").space, state.car("car1").space
    assert pole == OVAL.grid[0] and second in OVAL.beside(pole) and second != OVAL.grid[1]
    assert OVAL.space(pole).progress == OVAL.space(second).progress  # level


def test_AMB_46_a_failed_road_holding_check_ends_a_blitz_car_s_race_instead_of_failing():
    """AMB-46: a Blitz car has no road-holding WP, so a failed road-holding check costs it the
    race; the engine once tried to strike the missing WP and stopped a match of computers."""
    from rules.car import Area
    from rules.modules.damage import lose

    events: list = []
    after = lose(duel(), "a", Area.ROAD_HOLDING, events)
    a = after.car("a")
    assert a.status == "out" and a.out is not None and a.out.code == Code.AREA_GONE
    assert a.wp == BLITZ_WEAR and not any(e.kind == "wear" for e in events)
    assert after.car("b").status == "racing"
