"""The newcomer of ``bench/drivers.py``: a plain model of a player in a first race.

It makes "the weakest level is beatable by a new player" a figure: the Rookie should lose a
fair share of its duels to it. A new player reads the board, not the odds:

* the gear: of the gears a free shift reaches (one up or one down; it never pays WP to skip a
  gear), the highest whose likely roll (halfway between the die's average and its top) does not
  overshoot the next corner it must stop in (the spaces to that corner's last space along the
  lane, or what is left of the corner it is in while it owes stops), nor, when it ends short of
  the corner or in a corner that wants another stop (the board shows 2 and 3 stops), the likely
  roll of one gear lower after it (a new player looks one shift ahead);
  if every free gear would, the lowest;
* the destination: the one that goes furthest, a WP spent counting as a space given up (a tyre
  WP as three once only two are left), the fewer WP on a tie; a move that ends the race only
  when nothing else is left;
* the extras (slipstream, the soft tyres' bonus): taken whenever they go further at no cost;
* the pits: with worn tyres and a stop allowed it turns in whenever a roll reaches the pit lane.

Every other choice (tyres, pit crew, karma, bids, T-car) is the Racer level's, as for the bench
opponent, so a newcomer race measures the driving.
"""

from __future__ import annotations

from benchbot import off_the_move

from rules.actions import Action, Drive, EndMove
from rules.ai.lane import lane_model
from rules.ai.presets import RACER
from rules.engine import gear_options, moves, optional_offer
from rules.gears import ShiftCost
from rules.state import RaceState
from rules.track import Track


def corner(track: Track, state: RaceState) -> tuple[int, int, int] | None:
    """(spaces to the corner the car must stop in next, spaces it may drive before it overshoots
    that corner, stops it still owes there after the next one), or None with no corner ahead;
    (0, what is left, ...) inside a corner owing stops."""
    car = state.car(state.active or "")
    if car.space is None or track.space(car.space).in_pit:
        return None
    lane = lane_model(track)
    here = track.space(car.space).corner
    if here is not None and car.corner == here and car.stops < track.corners[here].stops:
        return 0, lane.left_in_corner(car.space), track.corners[here].stops - car.stops - 1
    dist, c, length = lane.corner_ahead(car.space)
    return None if c < 0 else (dist, dist + length - 1, track.corners[c].stops - 1)


def _likely(state: RaceState, gear: int) -> float:
    """What a new player expects a gear to roll: halfway between the die's average and its top."""
    die = state.rules.gear_dice.die(gear)
    return (sum(die.faces) / len(die.faces) + die.highest) / 2


def fits(state: RaceState, gear: int, ahead: tuple[int, int, int] | None) -> bool:
    """Does the roll a new player expects of ``gear`` (``_likely``) stay inside the coming corner,
    and the one it expects of one gear lower next turn too (the free shift down) when it ends
    short of the corner or inside a corner that wants another stop (a 2- or 3-stop corner, read
    off the board)?"""
    if ahead is None:
        return True
    dist, room, owed = ahead
    first = _likely(state, gear)
    if first > room:
        return False
    if gear == 1 or (first >= dist and not owed):
        return True
    return first + _likely(state, gear - 1) <= room


def choose_gear(track: Track, state: RaceState) -> int:
    """The highest free gear that ``fits`` the next corner, else the lowest free gear."""
    legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)}
    free = sorted(g for g, o in legal.items() if not o.cost) or sorted(legal)
    ahead = corner(track, state)
    fitting = [g for g in free if fits(state, g, ahead)]
    return max(fitting) if fitting else free[0]


def _key(state: RaceState):
    """Furthest first, a WP counting as a space given up (a tyre WP as three once two are left)."""
    tyre = 3 if state.car(state.active or "").wp.tyres <= 2 else 1
    return lambda m: (m.out is None, len(m.path) - m.brakes - tyre * m.tyres, -(m.brakes + m.tyres), m.path)


def action(track: Track, state: RaceState) -> Action:
    """The newcomer's action for the car to move now."""
    if (other := off_the_move(track, state, choose_gear)) is not None:
        return other
    found = moves(track, state)
    car = state.car(state.active or "")
    if RACER.pit_lane(track, state, car) is not None:  # worn tyres and a stop allowed: into the pits
        into = [m for m in found if m.out is None and (m.in_box or any(track.space(n).in_pit for n in m.path))]
        if into:
            pit = max(into, key=_key(state))
            return Drive(path=pit.path, via=pit.via)
    best = max(found, key=_key(state))
    if optional_offer(state):
        free = [m for m in found if m.out is None and not m.brakes and not m.tyres and m.path]
        if not free:
            return EndMove()
        best = max(free, key=_key(state))
    return Drive(path=best.path, via=best.via)
