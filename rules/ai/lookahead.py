"""The next turns along a lane, as one car alone would drive them: what a position is worth.

A level's exact look at this turn (every face of every gear, the engine's legal
moves) ends in positions; this model says what each is worth over the turns
after it: an expectimax over the gear dice (for each gear the car can reach from
there, the expectation over the die's faces of the spaces gained less the WP
spent, then the best gear), ``depth`` turns deep, with a leaf that counts what
the turn after would cost at least. In rain a stop in a corner goes on with the
slide (TYRE-2): the stop counts where the slide ends, so a turn that ends in a
corner is driven on by the slide's spaces before it is judged. It drives straight along the lane and sees
no other car (the exact step sees them), so it is cheap and remembered: the same
positions come up turn after turn. Values are in spaces; WP are priced by
``Prices`` (what a level pays for a brake or tyre WP, an elimination, a spin).
"""

from __future__ import annotations

from dataclasses import dataclass

from functools import lru_cache

from rules.dice import GearDice
from rules.drivers import LaneModel, _model
from rules.track import Track


@dataclass(frozen=True)
class Prices:
    """What a level gives up for a WP or a lost race, in spaces of progress."""

    brake: float  # one brake WP ...
    tyre: float  # ... and one tyre WP, with WP to spare
    scarce: float  # and on top, the k-th WP left of an area costs scarce / k (the last ones are dear)
    out: float  # the car's race ends
    spin: float  # a spin (CORNER-7): the turn and the gear are lost
    skip: float  # one WP paid for a skipped gear (gearbox, brakes or engine: CORE-GEAR-7)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.brake, self.tyre, self.scarce, self.out, self.spin, self.skip)))

    def __hash__(self) -> int:  # the memo keys hash it at every step: once is enough
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def brakes(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` brake WP costs."""
        return self.brake * n + self.scarce * (_harmonic(left) - _harmonic(left - n)) if n > 0 else 0.0

    def tyres(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` tyre WP costs."""
        return self.tyre * n + self.scarce * (_harmonic(left) - _harmonic(left - n)) if n > 0 else 0.0


_HARMONIC = [0.0]
for _k in range(1, 64):
    _HARMONIC.append(_HARMONIC[-1] + 1 / _k)


def _harmonic(n: int) -> float:
    return _HARMONIC[max(0, min(n, 63))]


@dataclass(frozen=True)
class Step:
    """One turn along the lane: where it ends, what it gained and cost."""

    value: float  # spaces gained less WP spent (priced); -out for an elimination
    out: bool
    end: str | None
    corner: int | None  # the corner the car stops in, None off corners
    stops: int
    brakes: int  # brake WP left
    tyres: int  # tyre WP left


Odds = tuple[tuple[tuple[int, float], ...], ...]  # per gear 1-6: (face, probability), lowest first


@lru_cache(maxsize=None)
def _odds(faces: tuple[tuple[int, ...], ...]) -> Odds:
    return tuple(tuple((v, faces_of.count(v) / len(faces_of)) for v in sorted(set(faces_of))) for faces_of in faces)


def odds(dice: GearDice) -> Odds:
    """The gear dice's faces with float probabilities (the model needs no fractions), one
    object per set of faces, so it is a cheap key."""
    return _odds(tuple(d.faces for d in dice.dice))


class Lookahead:
    """The expectimax of the next turns along a lane for one track (one per track, remembered)."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self.lane: LaneModel = _model(track)
        self._steps: dict[tuple, Step] = {}
        self._left: dict[str, int] = {}
        self._values: dict[tuple, float] = {}

    def step(
        self, space: str, roll: int, corner: int | None, stops: int, brakes: int, tyres: int, mult: int,
        spin_max: int, prices: Prices,
    ) -> Step:
        """Drive ``roll`` spaces along the lane from ``space``, braking or flying out of a corner
        as the prices say is cheapest (CORNER-4..7, CORE-BRAKE-1: one brake WP a space)."""
        brakes, tyres = min(brakes, 4), min(tyres, 5)
        key = (space, roll, corner, stops, brakes, tyres, mult, spin_max, prices)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices)
        return found

    def _step(
        self, space: str, roll: int, corner: int | None, stops: int, brakes: int, tyres: int, mult: int,
        spin_max: int, prices: Prices,
    ) -> Step:
        track, lane = self.track, self.lane
        here = track.space(space).corner
        if here is not None and corner == here and stops < track.corners[here].stops:
            left = self._left.get(space)
            if left is None:
                left = self._left[space] = lane.left_in_corner(space)
            room, need, made, target = left, track.corners[here].stops, stops, here
        else:
            dist, c, length = lane.corner_ahead(space)
            if c < 0 or roll < dist:
                return Step(float(roll), False, lane.walk(space, roll), None, 0, brakes, tyres)
            room, need, made, target = dist + length - 1, track.corners[c].stops, 0, c
        if roll <= room:
            return Step(float(roll), False, lane.walk(space, roll), target, made + 1, brakes, tyres)
        over = roll - room
        fatal = (need == 2 and made == 0) or (need == 3 and made <= 1)  # CORNER-5
        best: Step | None = None
        for braked in range(min(brakes, over) + 1):
            flown = over - braked
            if flown and fatal:
                continue
            loss = flown * mult
            value = roll - braked - prices.brakes(brakes, braked) - prices.tyres(tyres, loss)
            if flown and loss >= tyres:
                if loss > tyres or flown > spin_max:  # CORNER-6, FD08-SPIN-2
                    continue
                value -= prices.spin  # CORNER-7: the last tyre WP lost exactly
            if best is None or value > best.value:
                if flown:
                    best = Step(value, False, lane.walk(space, roll), None, 0, brakes - braked, tyres - loss)
                else:
                    best = Step(value, False, lane.walk(space, room), target, made + 1, brakes - braked, tyres)
        return best or Step(-prices.out, True, None, None, 0, brakes, tyres)

    def turn(
        self, space: str, roll: int, corner: int | None, stops: int, brakes: int, tyres: int, mult: int,
        spin_max: int, prices: Prices, slide: int,
    ) -> Step:
        """A whole turn's movement: the roll's spaces, then in rain the slide of ``slide`` spaces
        after a stop in a corner (TYRE-2). The stop the roll made is not yet counted: it counts
        where the slide ends (a slide out of a 2-stop corner misses both stops, CORNER-5)."""
        s = self.step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices)
        if not slide or s.out or s.end is None or s.corner is None:
            return s
        after = self.step(s.end, slide, s.corner, s.stops - 1, s.brakes, s.tyres, mult, spin_max, prices)
        if after.out:
            return after
        return Step(s.value + after.value, False, after.end, after.corner, after.stops, after.brakes, after.tyres)

    def value(
        self, dice: Odds, space: str, gear: int, corner: int | None, stops: int, brakes: int, tyres: int,
        mult: int, spin_max: int, prices: Prices, depth: int, slide: int = 0,
    ) -> float:
        """The expected spaces less priced WP of the next ``depth`` turns from this position,
        choosing the best gear each turn (a free shift of one, or a skip of two for one WP)."""
        key = (id(dice), space, gear, corner, stops, min(brakes, 4), min(tyres, 5), mult, spin_max, prices, depth, slide)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(dice, space, gear, corner, stops, key[5], key[6], mult, spin_max, prices, depth, slide)
        return found

    def _value(
        self, dice: Odds, space: str, gear: int, corner: int | None, stops: int, brakes: int, tyres: int,
        mult: int, spin_max: int, prices: Prices, depth: int, slide: int,
    ) -> float:
        best = -prices.out
        for nxt in range(max(1, gear - 2), min(6, gear + 1) + 1):
            total = -prices.skip if nxt == gear - 2 else 0.0
            for face, p in dice[nxt - 1]:
                s = self.turn(space, face, corner, stops, brakes, tyres, mult, spin_max, prices, slide)
                total += p * s.value
                if depth > 1 and not s.out and s.end is not None:
                    total += p * self.value(dice, s.end, nxt, s.corner, s.stops, s.brakes, s.tyres, mult, spin_max, prices, depth - 1, slide)
            best = max(best, total)
        return best


_LOOKAHEADS: dict[int, Lookahead] = {}


def lookahead(track: Track) -> Lookahead:
    """One model per track object (keyed by identity: hashing a track is slow)."""
    model = _LOOKAHEADS.get(id(track))
    if model is None or model.track is not track:
        model = _LOOKAHEADS[id(track)] = Lookahead(track)
    return model
