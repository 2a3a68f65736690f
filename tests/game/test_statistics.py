"""A race's statistics from its record: invariants over simulated races of every
preset (hypothesis), and a small race whose dice and gears a test chose, counted by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.play.statistics import CHECKS, race_statistics, statistics_from
from rules.actions import ChooseGear, Drive, Karma, Roll
from rules.ai.registry import DRIVERS, computer_action
from rules.car import Area
from rules.dice import DiceSource, Die, GearDice
from rules.engine import apply, chance, moves, to_move
from rules.files.record import Header, Record, RecordError, Step, replay, same_drivers, steps
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.track import Track
from tests.ui.helpers import oval

SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Logged:
    """The seeded dice, noting each gear-die roll with the car it was for: the luck the
    statistics must find, counted apart from them."""

    def __init__(self, seed: int) -> None:
        self.dice = DiceSource(seed)
        self.session: RaceSession | None = None
        self.gear: dict[str, Fraction] = {}

    def roll(self, die: Die) -> int:
        value = self.dice.roll(die)
        assert self.session is not None
        c = chance(self.session.state)
        if c is not None and c.purpose == "gear":
            car = self.session.state.active or ""
            self.gear[car] = self.gear.get(car, Fraction(0)) + value - Fraction(sum(die.faces), len(die.faces))
        return value


def simulated(preset: str, cars: int, laps: int, seed: int, driver: str) -> tuple[RaceSession, Logged]:
    track = oval()
    rules = PRESETS[preset].model_copy(update={"grid": "roll"})
    dice = Logged(seed)
    session = RaceSession(track, same_drivers(track, rules, cars, laps, seed, driver), dice, drivers=DRIVERS)
    dice.session = session
    session.run_to_end()
    return session, dice


races = st.tuples(
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 6),
    st.integers(1, 2),
    st.integers(0, 10_000),
    st.sampled_from(["careful", "aggressive"]),
)


@SLOW
@given(races)
def test_statistics_of_any_race_add_up(race: tuple[str, int, int, int, str]) -> None:
    session, dice = simulated(*race)
    track, record = oval(), session.record()
    stats = race_statistics(track, record)
    final = replay(track, record)
    n = len(stats.cars)
    assert stats.finished and n == len(final.cars)
    assert [c.place.position for c in stats.cars] == list(range(1, n + 1))
    for k in range(stats.rounds + 1):  # the classification of every round is a permutation of the places
        assert sorted(c.positions[k] for c in stats.cars) == list(range(1, n + 1))
    assert all(c.positions[-1] == c.place.position for c in stats.cars)
    assert sum(c.rounds_led for c in stats.cars) == stats.rounds
    finishers = [c for c in stats.cars if c.place.status == "finished"]
    assert sum(c.laps_led for c in stats.cars) == (stats.laps if finishers else sum(c.laps_led for c in stats.cars))
    assert sum(c.laps_led for c in stats.cars) <= stats.laps
    checks = {c.id: 0 for c in final.cars}
    drops, mixed = wp_falls(track, record)
    for step in steps(track, record):
        checks.update(
            {
                e.car: checks[e.car] + 1
                for e in step.events
                if e.kind == "check" and e.data["purpose"] in CHECKS and e.car is not None
            }
        )
    for c in stats.cars:
        car = final.car(c.car)
        assert c.luck == dice.gear.get(c.car, 0)  # every gear die against its own average
        assert c.rolls >= len(c.laps)
        assert c.pit_stops == car.pit_stops or final.league.restarts
        if not final.rules.karma:  # a karma re-roll rolls a check again
            assert c.passed + c.failed == checks[c.car]
        # WP given back (pits, the T-car, a restart, the street's line) are not used: what the car used
        # is every fall of its WP from one action to the next, where no action gave back what it struck
        assert all(c.used[a] >= drops[c.car, a] for a in stats.areas)
        assert all(c.used[a] == drops[c.car, a] for a in stats.areas if (c.car, a) not in mixed)
        if final.league.restarts == 0 and not car.league.t_car:
            assert all(c.used[a] >= c.setup[a] - c.left[a] for a in stats.areas)
            if c.place.status == "finished":  # the laps add up to the round it finished in
                assert [lap.number for lap in c.laps] == list(range(1, stats.laps + 1))
                assert sum(lap.rounds for lap in c.laps) == c.ended
        assert set(c.used) == set(stats.areas)
        fastest = stats.fastest
        assert fastest is None or all(lap.rounds >= fastest[1].rounds for lap in c.laps)


def wp_falls(track: Track, record: Record) -> tuple[dict[tuple[str, Area], int], set[tuple[str, Area]]]:
    """Each car's WP fallen per area over the race, from the states alone, and the (car, area)s that
    some action both struck and gave back (their fall there hides part of what was struck)."""
    drops: dict[tuple[str, Area], int] = {}
    mixed: set[tuple[str, Area]] = set()
    for step in steps(track, record):
        struck = {(e.car, Area(str(e.data["area"]))) for e in step.events if e.kind == "wear"}
        struck |= {
            (e.car, Area(k)) for e in step.events if e.kind == "gear" for k, v in e.data.items() if k != "gear" and v
        }
        struck |= {(e.car, Area.FUEL) for e in step.events if e.kind == "fuel"} | {
            (e.car, Area.ENGINE) for e in step.events if e.kind == "boost"
        }
        for c in step.after.cars:
            for a in step.after.rules.car_setup.areas:
                fall = step.before.car(c.id).wp[a] - c.wp[a]
                drops[c.id, a] = drops.get((c.id, a), 0) + max(0, fall)
                if fall < 0 and (c.id, a) in struck:
                    mixed.add((c.id, a))
    return drops, mixed


def test_a_car_that_always_rolls_the_average_has_no_luck() -> None:
    """Dice of one face each: every roll is its die's average, so every car's luck is 0."""
    track = oval()
    middle = GearDice(
        dice=tuple(
            Die(name=f"gear{g}", colour=d.colour, faces=(round(sum(d.faces) / len(d.faces)),))
            for g, d in enumerate(PRESETS["fd-basic"].gear_dice.dice, start=1)
        )
    )
    rules = PRESETS["fd-basic"].model_copy(update={"gear_dice": middle})
    session = RaceSession(track, same_drivers(track, rules, 3, 1, 4), drivers=DRIVERS)
    session.run_to_end()
    stats = race_statistics(track, session.record())
    assert all(c.rolls > 0 and c.luck == 0 and c.rolled == c.expected for c in stats.cars)


def scripted(gears: dict[str, list[int]], rolls: dict[str, list[int]]) -> Record:
    """Two cars on the oval's grid, car1 on pole: each turn the given gear and die face, then the
    furthest move that costs nothing; no other choice is made."""
    track = oval()
    header = same_drivers(track, PRESETS["fd-basic"], 2, 1, 1)
    header = header.model_copy(update={"grid": ("car1", "car2")})
    session = RaceSession(track, header, drivers=DRIVERS)
    while any(gears.values()) or session.state.phase != "gear":
        state = session.state
        car = to_move(state)
        if chance(state) is not None:
            session.act(Roll(value=rolls[state.active or ""].pop(0) if state.phase == "roll" else 20))
        elif state.phase == "gear" and car is not None:
            session.act(ChooseGear(gear=gears[car].pop(0)))
        else:
            best = max(
                (m for m in moves(track, state) if m.out is None), key=lambda m: (-(m.brakes + m.tyres), len(m.path))
            )
            session.act(Drive(path=best.path, via=best.via))
    return session.record()


def test_a_hand_made_race_counted_by_hand() -> None:
    """Four game rounds (after the start rolls): car1 rolls high (2, 4, 8 in 1st to 3rd, then 4 in
    3rd), car2 low (1, 2, 4, then 1 after dropping from 3rd to 1st: a skip of two gears, 1 gearbox
    WP, TAB-DOWNSHIFT)."""
    record = scripted({"car1": [1, 2, 3, 3], "car2": [1, 2, 3, 1]}, {"car1": [2, 4, 8, 4], "car2": [1, 2, 4, 1]})
    stats = race_statistics(oval(), record)
    one, two = stats.car("car1"), stats.car("car2")
    assert not stats.finished and stats.rounds == 4
    # the dice's averages: 1st (1, 1, 2, 2) 3/2, 2nd (2, 3, 3, 4, 4, 4) 10/3, 3rd (4, 5, 6, 6, 7, 7, 8, 8) 51/8
    assert (one.rolls, one.rolled, one.expected) == (4, 18, Fraction(3, 2) + Fraction(10, 3) + Fraction(51, 4))
    assert one.luck == Fraction(1, 2) + Fraction(2, 3) + Fraction(13, 8) - Fraction(19, 8)
    assert (two.rolls, two.rolled) == (4, 8)
    assert two.luck == Fraction(-1, 2) - Fraction(4, 3) - Fraction(19, 8) - Fraction(1, 2)
    assert one.positions == (1, 1, 1, 1, 1) and two.positions == (2, 2, 2, 2, 2)
    assert (one.rounds_led, two.rounds_led) == (4, 0)
    assert (one.used[Area.GEARBOX], two.used[Area.GEARBOX]) == (0, 1)
    assert one.used[Area.TYRES] == 4 and one.left[Area.TYRES] == 2  # its 4 in round 4 overshot the corner by 4 spaces
    assert one.laps == () and one.fastest is None and stats.fastest is None and one.laps_led == 0
    assert (one.pit_stops, one.passed, one.failed, one.ended) == (0, 0, 0, None)
    assert [c.car for c in stats.cars] == ["car1", "car2"]


def test_a_record_that_does_not_replay_names_its_action() -> None:
    track = oval()
    record = scripted({"car1": [1], "car2": [1]}, {"car1": [2], "car2": [1]})
    broken = record.model_copy(update={"actions": (*record.actions[:2], Roll(value=6), *record.actions[2:])})
    with pytest.raises(RecordError, match="action 3"):
        race_statistics(track, broken)


def test_a_record_of_another_track_is_refused() -> None:
    record = scripted({"car1": [1], "car2": [1]}, {"car1": [2], "car2": [1]})
    other = record.model_copy(
        update={"header": Header.model_validate({**record.header.model_dump(), "track_hash": "0" * 64})}
    )
    with pytest.raises(RecordError, match="hash"):
        race_statistics(oval(), other)


@pytest.fixture(scope="module")
def held() -> tuple[Record, int]:
    """A league race (karma on) and the index of the action that answers a held check: on this
    seed car1 fails an engine check with a 3 and raises it with karma (KARMA-3)."""
    track = oval()
    rules = PRESETS["dresden-2006"].model_copy(update={"grid": "roll"})
    session = RaceSession(track, same_drivers(track, rules, 8, 1, 2, "aggressive"), drivers=DRIVERS)
    session.run_to_end()
    record = session.record()
    index, karma = next((i, a) for i, a in enumerate(record.actions) if isinstance(a, Karma))
    assert karma.spend == "raise"
    return record, index


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_a_held_check_counts_once_as_its_driver_decides(held: tuple[Record, int]) -> None:
    """The check is counted when the driver has chosen: raised to a pass, or accepted as failed."""
    record, i = held
    track = oval()
    before = race_statistics(track, record.model_copy(update={"actions": record.actions[:i]})).car("car1")
    raised = race_statistics(track, record.model_copy(update={"actions": record.actions[: i + 1]})).car("car1")
    accepted = race_statistics(
        track, record.model_copy(update={"actions": (*record.actions[:i], Karma(car="car1", spend="accept"))})
    ).car("car1")
    assert (raised.passed, raised.failed) == (before.passed + 1, before.failed)
    assert (accepted.passed, accepted.failed) == (before.passed, before.failed + 1)
    assert accepted.used[Area.ENGINE] == before.used[Area.ENGINE] + 1


def played_from(start: RaceState) -> list[Step]:
    """The race from a position to the flag: careful computers, the highest gear-die face, and
    every black die a 20."""
    from tests.rules.fixtures import OVAL

    state, played = start, []
    while not state.finished:
        c = chance(state)
        action = (
            Roll(value=20 if c.die.name == "black" else c.die.highest)
            if c is not None
            else computer_action(OVAL, state, "careful")
        )
        after, events = apply(OVAL, state, action)
        played.append(Step(state, action, after, events))
        state = after
    return played


@pytest.mark.rules("RESTART-2")
def test_RESTART_2_laps_count_again_from_a_restart_on_the_grid() -> None:
    """A wall of wrecks before the leader reaches corner 4 restarts the race from the grid with no
    line crossed (RESTART-2): the laps, and who led them, count from the restart."""
    from tests.rules.fixtures import DW, OVAL, dcar, position
    from tests.rules.test_dresden_restart import wall_of_wrecks

    lead = dcar("lead", "B40", 4, grid_slot=1, setup=DW, wp=DW.model_copy(update={"tyres": 2}))
    m = dcar("m", "B10", 3, grid_slot=0, setup=DW)
    start = position([lead, *wall_of_wrecks(1), m], "lead", rules=PRESETS["dresden-2006"], laps=1)
    played = played_from(start)
    restarted = next(i for i, s in enumerate(played) if any(e.kind == "restart" for e in s.events))
    stats = statistics_from(OVAL, start, played)
    before = statistics_from(OVAL, start, played[: restarted + 1])
    assert before.rounds == 1  # the round the wall stopped, ended by the restart
    for c in stats.cars:
        if c.place.status == "finished":
            assert [lap.number for lap in c.laps] == [1]  # lap 1 once, driven after the restart
            assert c.ended is not None
            assert c.laps[0].rounds == c.ended - before.rounds
    assert sum(c.laps_led for c in stats.cars) == 1


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_a_race_restarted_in_single_file_counts_on_from_its_lap() -> None:
    """From a position in lap 2 of 2, a wall of wrecks restarts the race in single file on the
    next straight (RESTART-1): nobody's crossings go back, so the lap they are on ends once, and
    lap 1, ended before the position, is not made up."""
    from tests.rules.fixtures import OVAL, dcar, position
    from tests.rules.test_dresden_restart import wall_of_wrecks

    lead = dcar("lead", "B48", 3, crossings=2, corner=1, stops=1)
    second, third = dcar("second", "B10", 3, crossings=2), dcar("third", "B5", 3, crossings=2)
    start = position([lead, *wall_of_wrecks(2), second, third], "lead", rules=PRESETS["dresden-2006"], laps=2)
    played = played_from(start)
    assert any(e.kind == "restart" and e.data == {"full": False} for s in played for e in s.events)
    stats = statistics_from(OVAL, start, played)
    finishers = [c for c in stats.cars if c.place.status == "finished"]
    assert finishers and all([lap.number for lap in c.laps] == [2] for c in finishers)
    assert all(c.laps[0].ended == c.ended for c in finishers)
    assert sum(c.laps_led for c in stats.cars) == 1


@pytest.mark.rules("FUEL-1", "ENG-D-3")
def test_FUEL_1_ENG_D_3_fuel_per_lap_and_the_engine_boost_are_WP_used() -> None:
    """A league race of two laps where no car stops: each line crossed strikes a fuel WP (FUEL-1)
    and each boost an engine WP (ENG-D-3); the statistics count both, so every area's WP used is
    the set-up less what is left."""
    track = oval()
    rules = PRESETS["dresden-2006"].model_copy(update={"grid": "roll"})
    session = RaceSession(track, same_drivers(track, rules, 6, 2, 0, "aggressive"), drivers=DRIVERS)
    session.run_to_end()
    record = session.record()
    boosted = {e.car for s in steps(track, record) for e in s.events if e.kind == "boost"}
    stats = race_statistics(track, record)
    assert boosted and all(c.pit_stops == 0 for c in stats.cars)
    for c in stats.cars:
        assert c.used == {a: c.setup[a] - c.left[a] for a in stats.areas}
        assert c.used[Area.FUEL] >= 1
        assert c.used[Area.ENGINE] >= (c.car in boosted)
