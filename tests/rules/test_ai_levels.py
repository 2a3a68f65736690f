"""The computer levels: each choice they make, and races they play that replay exactly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.actions import ChooseGear, Roll
from rules.ai.classic import Classic
from rules.ai.lane import lane_model
from rules.ai.levels import Level
from rules.ai.lookahead import lookahead
from rules.ai.presets import CHAMPION, LEVELS, RACER, ROOKIE
from rules.ai.prices import Prices
from rules.ai.race_ahead import corners_ahead, sprint_pack
from rules.ai.registry import DRIVERS
from rules.engine import apply, gear_options, moves
from rules.files.record import dumps, loads, replay, same_drivers
from rules.gears import ShiftCost
from rules.odds import gear_odds
from rules.ruleset import FORMULA_D_BASIC, FORMULA_DE_ADVANCED
from rules.run.simulation import play
from rules.state import RaceState
from rules.tables.tyres import Tyre
from tests.rules.test_odds import TRACK, position

PRICES = Prices(brake=1.0, tyre=1.0, scarce=2.0, out=50.0, spin=10.0, skip=1.0)


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_a_race_of_each_level_plays_to_the_flag_and_replays_from_its_record(level: Level) -> None:
    """Through rules.run.simulation, as ``simulate`` and the window play it; the record replays to
    the same state and the same seed writes the same record (the levels are deterministic)."""
    header = same_drivers(TRACK, FORMULA_D_BASIC, 4, 1, 7, level.name)
    session = play(TRACK, header, DRIVERS)
    assert session.state.finished
    text = dumps(session.record())
    assert replay(TRACK, loads(text)) == session.state
    assert dumps(play(TRACK, header, DRIVERS).record()) == text


@pytest.mark.parametrize("old", ["careful", "aggressive"])
def test_records_naming_the_older_drivers_still_play_and_replay(old: str) -> None:
    """Records and saves from before the levels name the careful or the aggressive driver: those
    drivers are kept as they were."""
    kept = DRIVERS[old]
    assert isinstance(kept, Classic) and kept.name == old
    header = same_drivers(TRACK, FORMULA_D_BASIC, 3, 1, 5, old)
    session = play(TRACK, header, DRIVERS)
    assert replay(TRACK, loads(dumps(session.record()))) == session.state


@pytest.mark.rules("CORNER-6", "CORNER-7")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_takes_no_risk_of_elimination_when_a_safe_gear_exists(level: Level) -> None:
    """With one tyre WP left an overshoot spins or ends the race (CORNER-6/7): where the exact
    odds give a gear that stops in the corner every time, no level declares a gear that may not."""
    for space, gear, tyres in (("B8", 5, 1), ("B8", 4, 1), ("B10", 3, 1), ("B6", 6, 1)):
        state = position(space, gear, tyres=tyres)
        odds = gear_odds(TRACK, state)
        chosen = level.choose_gear(TRACK, state)
        assert isinstance(gear_options(TRACK, state)[chosen], ShiftCost)
        if any(o.out == 0 and not o.overshoot for o in odds.values()):
            assert odds[chosen].out == 0 and not odds[chosen].overshoot, (level.name, space, gear, chosen)


def test_the_champion_does_not_overshoot_a_corner_it_can_stop_in() -> None:
    """Well-shod (6 tyre WP) the overshoot costs only tyres, yet the champion keeps its stop in
    the corner when the odds say a gear makes it surely."""
    for space, gear in (("B8", 4), ("B10", 3)):
        state = position(space, gear)
        odds = gear_odds(TRACK, state)
        chosen = CHAMPION.choose_gear(TRACK, state)
        if any(o.corner_stop == 1 for o in odds.values()):
            assert not odds[chosen].overshoot, (space, gear, chosen, odds[chosen])


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_brakes_into_the_corner_rather_than_crash(level: Level) -> None:
    """In the Lindenkehre with 1 of 2 stops and one tyre WP, a 4 in 2nd: it brakes to stay in."""
    state = position("B14", 2, stops=1, corner=0, tyres=1)
    s, _ = apply(TRACK, state, ChooseGear(gear=2))
    s, _ = apply(TRACK, s, Roll(value=4))
    move = level.choose_move(TRACK, s, moves(TRACK, s))
    assert move.out is None and not move.spin
    assert move.corner == 0


def test_the_champion_spends_wp_when_they_buy_spaces_and_corners_are_few() -> None:
    """Tyre WP are cheap when few corners are left: the price of a WP falls with the corners ahead
    and rises as they run out (the careful driver finished with 18 of 20 WP unspent)."""
    late = position("B30", 4).model_copy(update={"laps": 1})
    early = position("B30", 4)
    car = early.car("a")
    assert corners_ahead(TRACK, early, car) > corners_ahead(TRACK, late, car)
    assert CHAMPION.prices(TRACK, late, car).scarce < CHAMPION.prices(TRACK, early, car).scarce
    prices = CHAMPION.prices(TRACK, early, car)
    assert prices.tyres(1, 1) > prices.tyres(6, 1)  # the last tyre WP is the dearest
    assert prices.tyres(6, 4) > 4 * prices.tyres(6, 1)  # four at once cost more than four times the first


def test_racers_have_tempers_of_their_own() -> None:
    """A grid of Racers does not drive as one: the price of an elimination differs by car."""
    state = position("B30", 4)
    car = state.car("a")
    outs = {RACER.prices(TRACK, state, car.model_copy(update={"id": f"car{i}"})).out for i in range(10)}
    assert len(outs) > 1
    assert len({CHAMPION.prices(TRACK, state, car.model_copy(update={"id": f"car{i}"})).out for i in range(10)}) == 1


def test_the_racer_is_steady_it_keeps_more_wp_for_the_corners_ahead_than_the_champion() -> None:
    """RACER's steady temper (STEADY): whatever its car's temper, a WP left is dearer to it than to
    the Champion while corners lie ahead, the more so the more corners; in a full field its
    reserve is the Champion's (its field retirements must not grow)."""
    state = position("B30", 4)
    car = state.car("a")
    racers = [RACER.prices(TRACK, state, car.model_copy(update={"id": f"car{i}"})).scarce for i in range(10)]
    assert min(racers) > CHAMPION.prices(TRACK, state, car).scarce
    assert RACER.scarcity > CHAMPION.scarcity and RACER.reserve > CHAMPION.reserve
    assert RACER.reserve + RACER.field_reserve == CHAMPION.reserve + CHAMPION.field_reserve


def test_the_rookie_is_timid_it_takes_a_lower_gear_that_costs_it_little() -> None:
    """ROOKIE's timid temper: where a lower gear is worth nearly as much as its best, it takes the
    lower one and arrives early (before a corner, in a corner, on the straight out of one); without
    the temper it takes its best. It never takes a gear higher than its best."""
    lower = 0
    for space, gear in (("A10", 2), ("A20", 4), ("B8", 2), ("B8", 3), ("A40", 3), ("A40", 4), ("A30", 3), ("B30", 4)):
        state = position(space, gear)
        timid, bold = ROOKIE.choose_gear(TRACK, state), replace(ROOKIE, timid=0.0).choose_gear(TRACK, state)
        assert timid <= bold, (space, gear)
        lower += timid < bold
    assert lower >= 4


def _in_a_pack(space: str, gear: int, laps: int) -> RaceState:
    """The car on ``space`` with nine others parked one to ten rows behind it (within reach, out of
    its way), on the last lap of a race of ``laps`` laps."""
    state = position(space, gear).model_copy(update={"laps": laps})
    car, other = state.car("a"), state.car("b")
    car = car.model_copy(update={"crossings": laps})
    row = TRACK.space(space).row
    behind = [s.name for s in TRACK.spaces if not s.in_pit and 1 <= (row - s.row) % TRACK.rows <= 10][:9]
    pack = tuple(other.model_copy(update={"id": f"o{i}", "space": s}) for i, s in enumerate(behind))
    return state.model_copy(update={"cars": (car, *pack)})


def test_the_champion_is_bold_in_a_pack_in_a_one_lap_race_and_only_there() -> None:
    """CHAMPION's bold temper: among a full field's cars in a one-lap race, of the gears worth nearly
    as much as its best it takes the highest (the look-ahead sees no other car: not the free road
    ahead of a pack); on the last lap of a longer race (its WP worn), or alone, it takes its best."""
    plain = replace(CHAMPION, bold=0.0)
    higher = 0
    for space, gear in (("A1", 4), ("A7", 3), ("A10", 2), ("A20", 3), ("A30", 3), ("B8", 3), ("B30", 4), ("B41", 4)):
        pack = _in_a_pack(space, gear, 1)
        assert sprint_pack(TRACK, pack, pack.car("a")) == 1.0
        bold = CHAMPION.choose_gear(TRACK, pack)
        assert bold >= plain.choose_gear(TRACK, pack), (space, gear)
        higher += bold > plain.choose_gear(TRACK, pack)
        later = _in_a_pack(space, gear, 3)
        assert sprint_pack(TRACK, later, later.car("a")) == 0.0
        assert CHAMPION.choose_gear(TRACK, later) == plain.choose_gear(TRACK, later), (space, gear)
        alone = pack.model_copy(update={"cars": (pack.car("a"),)})
        assert CHAMPION.choose_gear(TRACK, alone) == plain.choose_gear(TRACK, alone), (space, gear)
    assert higher >= 4


@pytest.mark.rules("CORNER-5")
def test_the_lookahead_brakes_when_braking_is_cheaper_and_knows_when_the_tyres_are_gone() -> None:
    """One step along the lane from just before the Lindenkehre (2 stops, CORNER-5): past the
    corner without a stop is never chosen while brakes can keep the car in; without brakes or
    tyres to pay, the step is an elimination."""
    la = lookahead(TRACK)
    dist, corner, _ = la.lane.corner_ahead("B8")
    inside = la.lane.walk("B8", dist)
    assert inside is not None
    too_far = dist + len(la.lane.corner_way(inside)) + 1  # one space beyond the corner's longest way
    kept = la.step("B8", too_far, None, 0, 3, 6, 1, 1, PRICES)
    assert not kept.out and kept.corner == corner and kept.brakes == 2
    assert la.step("B8", too_far, None, 0, 0, 6, 1, 1, PRICES).out
    one_stop = la.step("B14", 20, 0, 1, 0, 0, 1, 1, PRICES)
    assert one_stop.out


def test_the_lookahead_prefers_the_gear_that_keeps_the_car_in_the_race() -> None:
    """A position before a corner in 6th is worth less than the same in 3rd when brakes are gone."""
    la = lookahead(TRACK)
    from rules.ai.lookahead import odds

    dice = odds(FORMULA_D_BASIC.gear_dice)
    fast = la.value(dice, "B6", 6, None, 0, 0, 1, 1, 1, PRICES, 1)
    slow = la.value(dice, "B6", 3, None, 0, 0, 1, 1, 1, PRICES, 1)
    assert slow > fast


@pytest.mark.rules("CORE-SLIP-2")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_takes_a_slipstream_that_gains_spaces_on_the_straight(level: Level) -> None:
    """CORE-SLIP-2: behind a car on the oval's straight, far from the next corner, the three
    spaces of the slipstream are free progress: every level takes them (choose_extra)."""
    from rules.engine import optional_offer
    from tests.rules.fixtures import behind

    state, _ = behind()
    assert optional_offer(state)
    extra = level.choose_extra(TRACK, state, moves(TRACK, state))
    assert extra is not None and extra.via == "slip" and extra.out is None


@pytest.mark.rules("TYRE-1")
def test_tyres_for_the_weather_and_the_temper() -> None:
    """TYRE-1: rain tyres in rain for every level; in the dry the Rookie takes hard tyres, the
    bolder levels soft ones."""
    from rules.tables.tyres import Tyre
    from rules.tables.weather import Weather

    dry = position("A30", 3)
    wet = dry.model_copy(update={"weather": Weather(condition="rain")})
    assert {lv.choose_tyre(wet) for lv in LEVELS} == {Tyre.RAIN}
    assert ROOKIE.choose_tyre(dry) is Tyre.HARD
    assert RACER.choose_tyre(dry) is Tyre.SOFT and CHAMPION.choose_tyre(dry) is Tyre.SOFT


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
@pytest.mark.parametrize("preset", ["fde-advanced", "dresden-2006"])
def test_each_level_plays_the_modules_and_the_dresden_choices_and_the_race_replays(level: Level, preset: str) -> None:
    """Qualifying, tyres and weather, pits (fde-advanced); the start roll, fuel, the engine
    boost, pit stops by points, karma and head-to-head bids (dresden-2006): a race of each level
    through rules.run.simulation to the flag, replayed exactly from its record."""
    from rules.ruleset import PRESETS
    from rules.run.simulation import race_header

    header, _ = race_header(TRACK, PRESETS[preset], 2, 2, 11, level.name, DRIVERS)
    session = play(TRACK, header, DRIVERS)
    assert session.state.finished
    assert replay(TRACK, loads(dumps(session.record()))) == session.state


@pytest.mark.rules("CORE-BLOCK-3")
def test_wp_are_dearer_with_more_cars_around_to_block() -> None:
    """CORE-BLOCK-3: a blocked car without the brake and tyre WP to pay is out, so the more cars
    race around it, the dearer its last WP (here one brake and one tyre WP left)."""
    state = position("B30", 4)
    car, other = state.car("a"), state.car("b")
    car = car.model_copy(update={"wp": car.wp.model_copy(update={"brakes": 1, "tyres": 1})})
    crowded = state.model_copy(update={"cars": (car, *(other.model_copy(update={"id": f"o{i}"}) for i in range(9)))})
    alone = state.model_copy(update={"cars": (car,)})
    assert CHAMPION.prices(TRACK, crowded, car).brake > CHAMPION.prices(TRACK, alone, car).brake


@pytest.mark.rules("CORE-PIT-1")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_pits_when_its_tyres_are_gone_with_laps_to_go(level: Level) -> None:
    """CORE-PIT-1: at the end of lap 1 of 3 with 2 of 6 tyre WP left, seven spaces before the
    oval's pit entry, a level turns into the pit lane when its roll reaches it (and keeps to the
    entry's lane otherwise)."""
    from tests.rules.fixtures import OVAL, W, car, pit_of
    from tests.rules.fixtures import position as board

    worn = W.model_copy(update={"tyres": 2})
    state = board([car("m", "C50", gear=3, box="P4", wp=worn), car("f", "A30")], "m", laps=3)
    gear = level.choose_gear(OVAL, state)
    s, _ = apply(OVAL, state, ChooseGear(gear=gear))
    entry_lane = OVAL.space(pit_of(OVAL).entry).lane
    for face in sorted(set(FORMULA_D_BASIC.gear_dice.die(gear).faces)):
        rolled_state, _ = apply(OVAL, s, Roll(value=face))
        found = moves(OVAL, rolled_state)
        chosen = level.choose_move(OVAL, rolled_state, found)
        if any(m.in_box or OVAL.space(m.end).in_pit for m in found if m.end):
            assert chosen.in_box or OVAL.space(chosen.end or "").in_pit, (level.name, face, chosen.path)
        else:
            assert OVAL.space(chosen.end or "").lane == entry_lane, (level.name, face, chosen.path)


@pytest.mark.rules("CORE-GEAR-7")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_pays_wp_to_skip_gears_when_the_free_shift_cannot_stop(level: Level) -> None:
    """CORE-GEAR-7: in 6th just before the Lindenkehre with one tyre WP, 5th (the free shift)
    may fly out of the corner; every level pays the skip's WP for a gear that stops surely."""
    state = position("B6", 6, tyres=1)
    chosen = level.choose_gear(TRACK, state)
    cost = gear_options(TRACK, state)[chosen]
    assert isinstance(cost, ShiftCost) and sum(cost.cost.values()) > 0
    odds = gear_odds(TRACK, state)[chosen]
    assert odds.out == 0 and not odds.overshoot


@pytest.mark.rules("CORE-GEAR-7", "CORE-WEAR-2")
def test_a_skip_costs_more_the_fewer_gearbox_wp_are_left_and_never_takes_the_last_engine_wp() -> None:
    """CORE-GEAR-7, CORE-WEAR-2: the WP a skip strikes are priced at the margin, and a skip that
    would take the engine's last WP costs as much as the race."""
    from rules.car import Area

    state = position("B30", 4)
    car = state.car("a")
    prices = CHAMPION.prices(TRACK, state, car)
    one = ShiftCost(gear=2, skipped=1, cost={Area.GEARBOX: 1})
    worn = car.model_copy(update={"wp": car.wp.model_copy(update={"gearbox": 1})})
    assert CHAMPION.skip_cost(worn, one, prices) > CHAMPION.skip_cost(car, one, prices) > 0
    last = car.model_copy(update={"wp": car.wp.model_copy(update={"engine": 1})})
    assert CHAMPION.skip_cost(last, ShiftCost(gear=1, skipped=2, cost={Area.ENGINE: 1}), prices) == prices.out


@pytest.mark.rules("CORE-GEAR-7")
def test_the_champion_prices_a_gearbox_wp_for_a_skip_by_its_scarcity_alone() -> None:
    """CORE-GEAR-7: a gearbox WP buys nothing but skips, so the Champion pays only the scarcity of
    the skips still to come for one; a fuel WP (Formula De's skips, VAR-2) and the Racer's gearbox
    WP carry the skip's price on top, and the look-ahead's skip is cheaper by it."""
    from rules.ai.prices import harmonic
    from rules.car import Area

    state = position("B30", 4)
    car = state.car("a")
    prices = CHAMPION.prices(TRACK, state, car)
    scarcity = prices.scarce * (harmonic(car.wp.gearbox) - harmonic(car.wp.gearbox - 1))
    gearbox = ShiftCost(gear=2, skipped=1, cost={Area.GEARBOX: 1})
    assert CHAMPION.skip_cost(car, gearbox, prices) == pytest.approx(scarcity)
    assert RACER.skip_cost(car, gearbox, prices) == pytest.approx(RACER.skip + scarcity)
    fuel = ShiftCost(gear=2, skipped=1, cost={Area.FUEL: 1})
    fuelled = car.model_copy(update={"wp": car.wp.model_copy(update={"fuel": car.wp.gearbox})})
    assert CHAMPION.skip_cost(fuelled, fuel, prices) == pytest.approx(CHAMPION.skip + scarcity)
    assert prices.skip < replace(CHAMPION, gearbox=None).prices(TRACK, state, car).skip


@pytest.mark.rules("CORE-BLOCK-1")
def test_a_racer_plays_out_its_gears_exactly_with_a_car_just_ahead() -> None:
    """CORE-BLOCK-1: the lane's view sees no other car, so a Racer with a car a few rows ahead
    (where a block may cost WP) weighs the engine's legal moves instead."""
    from rules.ai.race_ahead import car_ahead

    state = position("A30", 3)  # the other car stands on A30 too: not ahead
    car = state.car("a")
    assert not car_ahead(TRACK, state, car, RACER.exact_near)
    near = state.model_copy(update={"cars": (car, state.car("b").model_copy(update={"space": "A33"}))})
    assert car_ahead(TRACK, near, car, RACER.exact_near) and not car_ahead(TRACK, near, car, 0)


@pytest.mark.rules("CORE-BLOCK-1", "CORE-BLOCK-2", "CORE-BLOCK-3")
def test_a_racer_plays_out_its_gears_exactly_with_two_cars_a_few_more_rows_ahead() -> None:
    """CORE-BLOCK-1..3: two cars up to ``crowd_near`` rows ahead may box a Racer in beyond the lane's
    view, so it weighs the engine's legal moves; one car that far ahead (a duel) does not."""
    from rules.ai.race_ahead import car_ahead

    state = position("A30", 3)
    car = state.car("a")
    far = RACER.exact_near + 2
    one = state.model_copy(update={"cars": (car, state.car("b").model_copy(update={"space": f"A{30 + far}"}))})
    assert not car_ahead(TRACK, one, car, RACER.exact_near) and not car_ahead(TRACK, one, car, RACER.crowd_near, 2)
    beside = next(s.name for s in TRACK.spaces if s.lane == 1 and s.row == TRACK.space(f"A{30 + far}").row)
    two = one.model_copy(update={"cars": (*one.cars, state.car("b").model_copy(update={"id": "c", "space": beside}))})
    assert car_ahead(TRACK, two, car, RACER.crowd_near, 2) and not car_ahead(TRACK, two, car, RACER.exact_near)


@pytest.mark.rules("CORE-SLIP-2")
def test_CORE_SLIP_2_stopping_behind_a_car_does_not_count_the_slipstream_it_declines() -> None:
    """A move that ends behind a car is worth the slipstream it may take then (``slip``); when the
    slipstream is on offer, stopping declines it: a slipstream worth more than stopping without
    that option is taken, though less than stopping with it."""
    from dataclasses import dataclass

    from rules.moves import Move
    from tests.rules.fixtures import behind

    @dataclass(frozen=True)
    class Valued(Level):  # the slipstream 1 space worse than the stay as move_value sees it
        def move_value(self, track, state, m, prices):
            return 10.0 if not m.path else 10.0 - 1.0

    state, _ = behind()
    level = Valued(**{f: getattr(CHAMPION, f) for f in CHAMPION.__dataclass_fields__})
    car = state.car(state.active or "")
    stay = Move(path=(), corner=car.corner, stops=car.stops)
    assert level._slip_option(TRACK, state, stay, car.space) == level.slip > 1.0
    extra = level.choose_extra(TRACK, state, moves(TRACK, state))
    assert extra is not None and extra.via == "slip"


@pytest.mark.rules("PIT-B-2", "PIT-B-4")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_past_the_box_every_level_drives_the_pit_lane_out_as_fast_as_the_track_after_it_allows(level: Level) -> None:
    """PIT-B-2, PIT-B-4: the pit lane has no speed limit; a car that left its box in 4th on the oval
    shifts up to 5th at once (the exit's first corner lies six spaces on and 5th reaches it without
    a risk of flying out), where crawling on in 4th lost a game round at every stop. The Rookie's timid
    temper may keep 4th only where 5th gains it less than its ``timid`` (a beginner's caution)."""
    state = position("P9", 4)
    car = state.car("a").model_copy(update={"pit_stops": 1, "crossings": 2})
    state = state.with_car(car)
    gear = level.choose_gear(TRACK, state)
    exact, prices = replace(level, exact=True), level.prices(TRACK, state, car)
    options = {g: o for g, o in gear_options(TRACK, state).items() if isinstance(o, ShiftCost)}
    value = {g: exact.gear_value(TRACK, state, car, g, options[g], prices) for g in (4, 5)}
    assert value[5] > value[4]
    assert gear == 5 or (gear == 4 and value[5] - value[4] <= level.timid)
    assert gear_odds(TRACK, state)[gear].out == 0


@pytest.mark.rules("CORE-END-1")
def test_on_the_last_lap_every_level_drives_for_the_line_not_for_the_corner_beyond_it() -> None:
    """CORE-END-1: on the oval 12 spaces before the line in 5th, on the last lap, 6th finishes on any
    face (21-30), so every level declares it: nothing after the flag counts. The same position on
    the first of three laps, with the Lindenkehre after the line and no brake WP for the double skip
    down to 3rd that would make its second stop (TAB-DOWNSHIFT), is no place for 6th."""
    state = position("B53", 5)
    assert lane_model(TRACK).to_line("B53") == 12
    assert all(level.choose_gear(TRACK, state.model_copy(update={"laps": 1})) == 6 for level in LEVELS)
    car = state.car("a")
    worn = state.with_car(car.model_copy(update={"wp": car.wp.model_copy(update={"brakes": 0})}))
    assert all(level.choose_gear(TRACK, worn) < 6 for level in LEVELS)


@pytest.mark.rules("CORE-GEAR-7", "FUEL-4")
@pytest.mark.parametrize("area", ["gearbox", "fuel"])
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_without_a_wp_to_pay_a_skip_no_level_counts_on_one_to_slow_down_later(level: Level, area: str) -> None:
    """AMB-64, CORE-GEAR-7, FUEL-4: a skip is paid from the gearbox (Formula D) or the fuel (Formula De).
    On the oval's straight, 24 spaces before a 1-stop corner, in 6th and without brakes, a car with one
    WP there stays in 6th (it can drop two gears later), one with none shifts down to 5th now: it can
    only come down a gear a turn."""
    state = position("A18", 6)
    assert level.choose_gear(TRACK, _skips_paid_from(area, state, brakes=0, wp=1)) == 6
    assert level.choose_gear(TRACK, _skips_paid_from(area, state, brakes=0, wp=0)) == 5


@pytest.mark.rules("CORE-GEAR-7", "FUEL-4")
@pytest.mark.parametrize("wp", [2, 3])
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_a_later_skip_is_priced_by_the_wp_left_where_it_is_paid_from(level: Level, wp: int) -> None:
    """CORE-GEAR-7, FUEL-4: the look-ahead prices the skip it may need later by the WP left of the area
    that pays for it. In 6th on the oval at C10 with one brake WP, a car with two or three gearbox WP
    (Formula D) comes down to 4th, counting on a skip later; so does one with as many fuel WP (Formula De),
    which a price read from its empty gearbox sent down to 3rd."""
    state = position("C10", 6)
    assert level.choose_gear(TRACK, _skips_paid_from("gearbox", state, brakes=1, wp=wp)) == 4
    assert level.choose_gear(TRACK, _skips_paid_from("fuel", state, brakes=1, wp=wp)) == 4


def _skips_paid_from(area: str, state: RaceState, brakes: int, wp: int) -> RaceState:
    """``state`` with the car ``a`` holding ``brakes`` brake WP and ``wp`` WP where its skips are paid
    from (CORE-GEAR-7, FUEL-4): the gearbox under Formula D, or fuel under Formula De (hard tyres, no
    gearbox)."""
    car = state.car("a")
    if area == "fuel":
        state = state.model_copy(update={"rules": FORMULA_DE_ADVANCED})
        car = car.model_copy(update={"tyre": Tyre.HARD, "wp": car.wp.model_copy(update={"gearbox": 0})})
    return state.with_car(car.model_copy(update={"wp": car.wp.model_copy(update={area: wp, "brakes": brakes})}))
