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
from functools import cache
from typing import NamedTuple

from rules.ai.lane import LaneModel, lane_model
from rules.dice import GearDice
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
        # the memo keys hold this tuple of floats, not the object: tuples of plain values drop out
        # of the garbage collector's view, so its full passes over the memos stay short
        object.__setattr__(self, "key", (self.brake, self.tyre, self.scarce, self.out, self.spin, self.skip))
        object.__setattr__(self, "_hash", hash(self.key))  # type: ignore[attr-defined]

    def __hash__(self) -> int:  # the memo keys hash it at every step: once is enough
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def brakes(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` brake WP costs."""
        return self.brake * n + self.scarce * (harmonic(left) - harmonic(left - n)) if n > 0 else 0.0

    def tyres(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` tyre WP costs."""
        return self.tyre * n + self.scarce * (harmonic(left) - harmonic(left - n)) if n > 0 else 0.0


_HARMONIC = [0.0]
for _k in range(1, 64):
    _HARMONIC.append(_HARMONIC[-1] + 1 / _k)


def harmonic(n: int) -> float:
    """1 + 1/2 + ... + 1/n (n clamped to 0..63): the scarcity price of the last n WP of an area."""
    return _HARMONIC[n if 0 <= n <= 63 else (0 if n < 0 else 63)]


class Step(NamedTuple):
    """One turn along the lane: where it ends, what it gained and cost. The memos keep the same
    fields as plain tuples (``_Raw``): a race makes hundreds of thousands, and the garbage
    collector stops tracking a plain tuple of plain values, never a named one, so a memo of
    named tuples made its full passes last up to seconds in a long bench."""

    value: float  # spaces gained less WP spent (priced); -out for an elimination
    out: bool
    end: str | None
    corner: int | None  # the corner the car stops in, None off corners
    stops: int
    brakes: int  # brake WP left
    tyres: int  # tyre WP left


_Raw = tuple  # a Step's fields as a plain tuple: (value, out, end, corner, stops, brakes, tyres)

Odds = tuple[tuple[tuple[int, float], ...], ...]  # per gear 1-6: (face, probability), lowest first


@cache
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
        self.lane: LaneModel = lane_model(track)
        self._steps: dict[tuple, _Raw] = {}
        self._ways: dict[tuple, tuple] = {}
        self._left: dict[str, int] = {}
        self._values: dict[tuple, float] = {}
        self._gears: dict[tuple, float] = {}

    def forget(self) -> None:
        """Drop what the memos remember (values are worked out again the same when asked)."""
        for memo in (self._steps, self._values, self._gears):
            memo.clear()

    def step(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> Step:
        """Drive ``roll`` spaces along the lane from ``space``, braking or flying out of a corner
        as the prices say is cheapest (CORNER-4..7, CORE-BRAKE-1: one brake WP a space)."""
        return Step._make(self._step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices))

    def _step(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> _Raw:
        if brakes > 4:
            brakes = 4
        if tyres > 5:
            tyres = 5
        where = (space, roll, corner, stops)
        way = self._ways.get(where)
        if way is None:
            way = self._ways[where] = self._way(space, roll, corner, stops)
        if way[0] is None:  # the roll stays within the room it has: neither WP nor prices matter
            return (float(roll), False, way[1], way[2], way[3], brakes, tyres)
        key = (where, brakes, tyres, mult, spin_max, prices.key)  # type: ignore[attr-defined]
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._over(way, roll, brakes, tyres, mult, spin_max, prices)
        return found

    def _way(self, space: str, roll: int, corner: int | None, stops: int) -> tuple:
        """Where ``roll`` spaces along the lane take the car, before any WP: ``(None, end,
        corner, stops)`` when it stays within the room it has (past no corner, or stopping in
        one), else ``(over, fatal, end, corner end, target, stops made)``: ``over`` spaces too
        many for the corner ``target``, ``fatal`` when flying out misses a stop (CORNER-5)."""
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
                return (None, lane.walk(space, roll), None, 0)
            room, need, made, target = dist + length - 1, track.corners[c].stops, 0, c
        if roll <= room:
            return (None, lane.walk(space, roll), target, made + 1)
        fatal = (need == 2 and made == 0) or (need == 3 and made <= 1)  # CORNER-5
        return (roll - room, fatal, lane.walk(space, roll), lane.walk(space, room), target, made)

    @staticmethod
    def _over(way: tuple, roll: int, brakes: int, tyres: int, mult: int, spin_max: int, prices: Prices) -> _Raw:
        """Too fast for the corner: the cheapest mix of brake WP and flying out (CORNER-6, CORNER-7)."""
        over, fatal, end, stop, target, made = way
        best: _Raw | None = None
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
            if best is None or value > best[0]:
                if flown:
                    best = (value, False, end, None, 0, brakes - braked, tyres - loss)
                else:
                    best = (value, False, stop, target, made + 1, brakes - braked, tyres)
        return best or (-prices.out, True, None, None, 0, brakes, tyres)

    def turn(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        slide: int,
    ) -> Step:
        """A whole turn's movement: the roll's spaces, then in rain the slide of ``slide`` spaces
        after a stop in a corner (TYRE-2). The stop the roll made is not yet counted: it counts
        where the slide ends (a slide out of a 2-stop corner misses both stops, CORNER-5)."""
        return Step._make(self._turn(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices, slide))

    def _turn(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        slide: int,
    ) -> _Raw:
        s = self._step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices)
        if not slide or s[1] or s[2] is None or s[3] is None:
            return s
        after = self._step(s[2], slide, s[3], s[4] - 1, s[5], s[6], mult, spin_max, prices)
        if after[1]:
            return after
        return (s[0] + after[0], False, *after[2:])

    def value(
        self,
        dice: Odds,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int = 0,
    ) -> float:
        """The expected spaces less priced WP of the next ``depth`` turns from this position,
        choosing the best gear each turn (a free shift of one, or a skip of two for one WP)."""
        if brakes > 4:
            brakes = 4
        if tyres > 5:
            tyres = 5
        key = (id(dice), space, gear, corner, stops, brakes, tyres, mult, spin_max, prices.key, depth, slide)  # type: ignore[attr-defined]
        found = self._values.get(key)
        if found is None:
            if len(self._steps) + len(self._values) + len(self._gears) > MEMO_LIMIT:
                self.forget()
            found = self._values[key] = self._value(
                dice, space, gear, corner, stops, brakes, tyres, mult, spin_max, prices, depth, slide
            )
        return found

    def _value(
        self,
        dice: Odds,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int,
    ) -> float:
        best = -prices.out
        for nxt in range(max(1, gear - 2), min(6, gear + 1) + 1):
            skipped = nxt == gear - 2
            # a gear's expectation from here is the same whatever gear the car comes from: shared
            key = (
                id(dice),
                space,
                corner,
                stops,
                brakes,
                tyres,
                mult,
                spin_max,
                prices.key,  # type: ignore[attr-defined]
                depth,
                slide,
                nxt,
                skipped,
            )
            total = self._gears.get(key)
            if total is None:
                total = self._gears[key] = self._gear(
                    dice,
                    space,
                    nxt,
                    -prices.skip if skipped else 0.0,
                    corner,
                    stops,
                    brakes,
                    tyres,
                    mult,
                    spin_max,
                    prices,
                    depth,
                    slide,
                )
            best = max(best, total)
        return best

    def _gear(
        self,
        dice: Odds,
        space: str,
        nxt: int,
        total: float,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int,
    ) -> float:
        """``total`` plus the expectation over the faces of gear ``nxt``'s die (added face by face
        in the same order always, so the sum is the same to the last bit)."""
        for face, p in dice[nxt - 1]:
            s = self._turn(space, face, corner, stops, brakes, tyres, mult, spin_max, prices, slide)
            total += p * s[0]
            if depth > 1 and not s[1] and s[2] is not None:
                total += p * self.value(
                    dice, s[2], nxt, s[3], s[4], s[5], s[6], mult, spin_max, prices, depth - 1, slide
                )
        return total


#: positions a model remembers at most (its three memos together) before it starts afresh, and the
#: tracks' models kept: the garbage collector's full passes walk every entry of a memo, ~0.1 s
#: for a million (before the memos were bounded, up to 2 s in a bench worker that had raced every
#: track: the slowest decisions, and the window's animation stood still as long); a 10-car 3-lap
#: race of Champions fills ~0.9 M, so it starts afresh about once
MEMO_LIMIT = 600_000
MODELS = 2

_LOOKAHEADS: dict[int, Lookahead] = {}


def lookahead(track: Track) -> Lookahead:
    """One model per track object (keyed by identity: hashing a track is slow); the models of
    the ``MODELS`` tracks raced last are kept."""
    model = _LOOKAHEADS.get(id(track))
    if model is None or model.track is not track:
        _LOOKAHEADS.pop(id(track), None)
        while len(_LOOKAHEADS) >= MODELS:
            del _LOOKAHEADS[next(iter(_LOOKAHEADS))]
        model = _LOOKAHEADS[id(track)] = Lookahead(track)
    return model
