"""The careful and aggressive drivers, the first computer drivers: records and saves that name
them ("careful", "aggressive") play on exactly as they were. They choose by the careful plan
(``rules.ai.careful``) in a style of their own; the levels a player picks are in
``rules.ai.levels``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.actions import Action
from rules.ai import dispatch
from rules.ai.careful import Style, careful_gear, careful_move, gear_value
from rules.ai.hazards import hazard
from rules.ai.lane import OUT_COST, lane_model, move_cost
from rules.ai.pit_stops import announcement, pit_entry_lane, reserve_repairs
from rules.ai.street import NITRO_GAIN
from rules.car import Area, WearPoints
from rules.engine import gear_options
from rules.gears import ShiftCost
from rules.modules import boost, nitro
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables import karma
from rules.tables.pit_points import PitPlan
from rules.tables.tyres import Tyre
from rules.track import Track


@dataclass(frozen=True)
class Classic:
    """A careful or aggressive driver: its name and its style."""

    name: str
    style: Style

    def act(self, track: Track, state: RaceState) -> Action:
        """What this driver does for the car to act now (``rules.ai.dispatch``)."""
        return dispatch.act(self, track, state)

    def choose_gear(self, track: Track, state: RaceState) -> int:
        """The careful plan's gear (``careful_gear``)."""
        return careful_gear(self, track, state)

    def choose_nitro(self, track: Track, state: RaceState, gear: int) -> bool:
        """STREET-3: inject the lap's nitro when it is expected to gain at least half its spaces
        (not thrown away on a corner it would have to brake for) and risks the car no more."""
        car = state.car(state.active or "")
        opt = gear_options(track, state).get(gear)
        if not isinstance(opt, ShiftCost) or nitro.refusal(state, car) is not None:
            return False
        out_plain, plain = gear_value(self, track, state, car, gear, opt)
        out_nitro, value = gear_value(self, track, nitro.with_nitro(state, True), car, gear, opt)
        return out_nitro <= max(out_plain, self.style.max_out) and value - plain >= NITRO_GAIN * gear

    def choose_boost(self, track: Track, state: RaceState, gear: int) -> bool:
        """ENG-D-3: boost when the extra spaces are worth more than a dear engine WP (a stop
        reached, a corner not flown out of); never the last engine WP (the rules refuse it) and
        only with one to spare, except on the last lap below 5th gear, where few engine checks
        are left to fear."""
        car = state.car(state.active or "")
        opt = gear_options(track, state).get(gear)
        if not isinstance(opt, ShiftCost):
            return False
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        engine = paid.wp.engine
        last_lap = car.crossings >= state.laps
        if boost.refusal(state, paid) is not None or not (engine >= 3 or (engine == 2 and gear <= 4 and last_lap)):
            return False
        out_plain, plain = gear_value(self, track, state, car, gear, opt)
        boosted = car.model_copy(update={"wp": car.wp.spend(Area.ENGINE)})
        out_boost, value = gear_value(self, track, state.with_car(boosted), boosted, gear, opt, boost=True)
        dear = self.style.weight(car) * (1.5 if engine >= 3 else 2.5)
        return out_boost <= max(out_plain, self.style.max_out) and value - dear > plain

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move:
        """The careful plan's move (``careful_move``)."""
        return careful_move(self, track, state, moves)

    def choose_extra(self, track: Track, state: RaceState, moves: list[Move]) -> Move | None:
        """An optional extra (soft-tyre bonus, slipstream) worth taking, or None to stop here.

        Each choice, staying included, is judged by its cost now and the rough cost of the
        corners ahead from where it ends; a space of progress is worth one unit.
        """
        car = state.car(state.active or "")
        weight = self.style.weight(car)
        dice = state.rules.gear_dice

        def value(m: Move, corner: int | None, stops: int, gain: int) -> float:
            if m.out is not None:
                return OUT_COST * weight
            risk = move_cost(m) + hazard(track, state, car, m)
            ahead = (
                0.0
                if m.finishes or m.end is None
                else lane_model(track).future(dice, m.end, car.gear, corner, stops, car.wp.brakes - m.brakes, 1)
            )
            return weight * (risk + self.style.foresight * ahead) - gain

        stay = Move(path=(car.space or "",))  # stands for ending the movement where the car is
        best: tuple[float, Move | None] = (value(stay, car.corner, car.stops, 0), None)
        for m in moves:
            v = value(m, m.corner, m.stops, len(m.path))
            if v < best[0]:
                best = (v, m)
        return best[1]

    def choose_karma(self, track: Track, state: RaceState) -> karma.Spend:
        return self.style.choose_karma(track, state)

    def choose_bid(self, state: RaceState) -> int:
        return self.style.choose_bid(state)

    def choose_setup(self, state: RaceState) -> WearPoints | None:
        """The car's WP where the rules let a crew build it (CAR-C-2, OPT-CAR-1): these drivers keep
        the set-up the car was entered with."""
        return None

    def choose_tyre(self, state: RaceState) -> Tyre:
        return self.style.choose_tyre(state)

    def announce(self, track: Track, state: RaceState) -> PitPlan | None:
        """PIT-D-6: the stop by points this driver announces with the gear (``announcement``)."""
        return announcement(track, state, self.choose_tyre(state))

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None:
        """The lane of the pit entry to keep to when this driver wants a stop at the end of this
        lap, else None: these drivers pit for worn tyres or tyres for the other weather."""
        return pit_entry_lane(track, state, car, self.choose_tyre(state))

    def choose_repairs(self, track: Track, state: RaceState) -> dict[Area, int]:
        """The reserve on the dearest areas first (``reserve_repairs``)."""
        return reserve_repairs(track, state)


CAREFUL = Classic(name="careful", style=Style(max_out=Fraction(0), wear_weight=5.0, foresight=1.0))
AGGRESSIVE = Classic(name="aggressive", style=Style(max_out=Fraction(1, 6), wear_weight=1.0, foresight=0.5))
