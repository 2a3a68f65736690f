"""WP given back are not WP used: a pit stop's new tyres (CORE-PIT-1), the T-car
(TCAR-1), a restart from the grid (RESTART-2) and the street race's tyres and free WP on the line
(STREET-8) raise a car's WP; the statistics' "WP used per area" counts only what was struck.

Each race below is a few actions from a position, replayed through ``rules.files.record.replayed`` and
counted by ``statistics_from`` (the path a record's statistics take); the figures are worked out by
hand in the comments. A count of "the set-up less what is left" would be wrong in every one."""

from __future__ import annotations

import pytest

from game.play.statistics import RaceStats, statistics_from
from rules.actions import Action, ChooseGear, Drive, FreeWP, Roll, TCar
from rules.car import Area
from rules.engine import apply, chance, moves
from rules.files.record import replayed
from rules.state import RaceState
from rules.track import Track
from tests.rules.fixtures import DW, OVAL, D, R, W, car, dcar, move_to, position, wear
from tests.rules.test_dresden_restart import wall_of_wrecks
from tests.rules.test_dresden_tcar import FRAGILE, T_WP
from tests.rules.test_street import STREET_OVAL, street


class Played:
    """A race from a position: the actions taken, for the statistics to replay."""

    def __init__(self, track: Track, start: RaceState) -> None:
        self.track, self.start, self.state = track, start, start
        self.actions: list[Action] = []

    def act(self, *actions: Action) -> None:
        for action in actions:
            self.state, _ = apply(self.track, self.state, action)
            self.actions.append(action)

    def turn(self, gear: int, roll: int, end: str, **want: object) -> None:
        self.act(ChooseGear(gear=gear), Roll(value=roll))
        self.act(Drive(path=move_to(self.state, end, self.track, **want).path))

    def settle(self) -> None:
        """Every black die still due rolls a 20 (no check fails)."""
        while self.state.phase not in ("gear", "move", "done") and chance(self.state) is not None:
            self.act(Roll(value=20))

    def stats(self) -> RaceStats:
        return statistics_from(self.track, self.start, list(replayed(self.track, self.start, self.actions)))


def used(stats: RaceStats, car_id: str) -> dict[Area, int]:
    """The WP a car used, the areas with none left out."""
    return {a: n for a, n in stats.car(car_id).used.items() if n}


@pytest.mark.rules("STREET-8")
def test_STREET_8_the_tyres_back_and_the_free_WP_on_the_line_are_not_used() -> None:
    """f keeps 3rd (no cost) and drives 5 spaces straight over the line (A58-A60, A1, A2: no corner,
    no brake): nothing is struck. The line gives its tyres back to 6 (from 2) and 2 free WP, put
    into body (1 -> 2) and road holding (1 -> 2). Used: 0 in every area (set-up less left: -4, -1, -1)."""
    worn = W.model_copy(update={"tyres": 2, "body": 1, "road_holding": 1})
    p = Played(
        STREET_OVAL, street([car("f", "A57", 3, wp=worn, crossings=1), car("x", "C20", crossings=1)], "f", laps=3)
    )
    p.act(ChooseGear(gear=3), Roll(value=5))
    over = next(m for m in moves(STREET_OVAL, p.state) if m.laps and m.path == ("A58", "A59", "A60", "A1", "A2"))
    p.act(Drive(path=over.path), FreeWP(car="f", wp={Area.BODY: 1, Area.ROAD_HOLDING: 1}))
    p.settle()
    stats = p.stats()
    f = stats.car("f")
    assert (f.left[Area.TYRES], f.left[Area.BODY], f.left[Area.ROAD_HOLDING]) == (6, 2, 2)  # given back
    assert used(stats, "f") == {} and used(stats, "x") == {}


@pytest.mark.rules("CORE-PIT-1")
def test_CORE_PIT_1_new_tyres_in_the_pit_are_not_used_and_the_shift_before_is() -> None:
    """m, in 5th on C58 with 2 of its own 9 tyre WP, shifts down to 3rd: one gear skipped, 1
    gearbox WP (TAB-DOWNSHIFT). It rolls 5 and drives C59, P1-P4 into its box: tyres back to 9
    (CORE-PIT-1); the pit roll is a 20. Used: 1 gearbox WP, no tyres (set-up less left
    would say -7 tyres)."""
    own = wear(tyres=9, brakes=2, gearbox=2, body=3, engine=2, road_holding=2)
    m = car("m", "C58", gear=5, crossings=1, box="P4", wp=own.model_copy(update={"tyres": 2}), setup=own)
    p = Played(OVAL, position([m, car("far", "A30")], "m", laps=2, rules=R))
    p.turn(3, 5, "P4", in_box=True)
    p.settle()
    stats = p.stats()
    assert stats.car("m").left[Area.TYRES] == 9 and stats.car("m").pit_stops == 1
    assert used(stats, "m") == {Area.GEARBOX: 1}


@pytest.mark.rules("RESTART-2")
def test_RESTART_2_the_set_up_given_back_on_the_grid_is_not_used() -> None:
    """lead, in 4th on B40 with 2 tyre WP of its set-up's 6, keeps 4th and drives 7 spaces to B47
    (no cost on the way). The wall of wrecks ahead stops the race before corner 4 of lap
    1: the restart from the grid gives every car its set-up back, lead's tyres 2 -> 6 (RESTART-2).
    Used: nothing, by anyone."""
    lead = dcar("lead", "B40", 4, grid_slot=1, setup=DW, wp=DW.model_copy(update={"tyres": 2}))
    p = Played(OVAL, position([lead, *wall_of_wrecks(1), dcar("m", "B10", 3, grid_slot=0, setup=DW)], "lead", rules=D))
    p.turn(4, 7, "B47")
    p.settle()
    assert p.state.league.restarts == 1
    stats = p.stats()
    assert stats.car("lead").left[Area.TYRES] == 6
    assert all(used(stats, c.car) == {} for c in stats.cars)


@pytest.mark.rules("CORE-DANGER-4", "TCAR-1")
def test_TCAR_1_the_T_car_neither_uses_the_WP_it_lacks_nor_gives_back_the_one_lost() -> None:
    """m keeps 3rd and drives 6 spaces to B16 over the damage marker on B11; the black die's 1
    fails the check: m loses its last road-holding WP (1 of 1) and is out (CORE-DANGER-4) before
    the end of corner 1 of lap 1, so it takes the T-car: the set-up less 1 tyre and 1 brake WP,
    road holding 3 (TCAR-1). Used: 1 road-holding WP, neither the T-car's missing tyre and brake WP
    nor the 2 road-holding WP it has more than m had."""
    cars = [
        dcar("lead", "B40", 3, crossings=1),
        dcar("m", "B10", 3, crossings=1, wp=FRAGILE, box="P6"),
        dcar("z", "A2", 3, crossings=1),
    ]
    marker = OVAL.ahead("B10")
    assert marker is not None
    p = Played(OVAL, position(cars, "m", rules=D, markers=(marker,)))
    p.turn(3, 6, "B16", dangers=1)
    p.act(Roll(value=1), TCar(wp=T_WP))
    p.settle()
    stats = p.stats()
    assert stats.car("m").left == {a: T_WP[a] for a in stats.areas}
    assert used(stats, "m") == {Area.ROAD_HOLDING: 1}
