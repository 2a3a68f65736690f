"""The Dresden driver profiles in a movement: what a profile adds to or takes from the spaces a
car drives (``rules.tables.profiles`` is the arithmetic, TAB-PROFILE; this module reads the car, the
weather and the segment to ask it).

* Leichter Flitzer +1, Schwerer Tourer -1 on every gear roll, in qualifying too, never below 0
  and never in the pit lane (DRESDEN-PROFILE-5/6, AMB-39e/f): ``roll_spaces``.
* Schönwetterfahrer in sun: a roll segment that would end inside a corner is one space shorter,
  if it drove any space (AMB-39a/b): each such move is replaced by the path one space shorter,
  free of the brake WP that space would cost (``corner_stop_moves``, ``check_roll_path``).
* Regengott in sun: a movement that ends inside a corner is one space longer, mandatory, and may
  overshoot; it is driven as the movement's slide (a mandatory segment after a stop in a corner,
  once per turn; no tyre slides in sun). In rain both profiles change the tyre's slide by +1 /
  -1 (AMB-39c): ``slide_change``.
* Theoretiker -1 (mandatory, never below 0) and Praktiker +1 (optional) on a launch: the first
  movement after the race start (the dream start's 4 spaces too), out of the box and after a
  spin restart (DRESDEN-PROFILE-3/4, AMB-39d). ``launch_spaces`` is called where such a movement
  begins; the Praktiker's space is an optional 1-space segment ("launch"), offered after the
  first segment like the soft-tyre bonus (``launch_offered``).
* In the pit lane only Theoretiker and Praktiker apply (DRESDEN-PROFILE-9, PIT-D-3): a segment
  that starts in the pit lane gets no Flitzer/Tourer/Schönwetterfahrer change, and the engine
  offers no slide there.

Rules here: DRESDEN-PROFILE-2..9, PIT-D-3, AMB-39.
"""

from __future__ import annotations

from dataclasses import replace

from rules.modules.base import in_pit_lane, wet
from rules.moves import Move, MoveRequest, check_path, check_paths
from rules.reasons import Code, Reason
from rules.state import CarState, Movement, RaceState
from rules.tables import profiles
from rules.track import Track


def roll_spaces(track: Track, state: RaceState, car: CarState, spaces: int) -> int:
    """The spaces of a gear roll with the Flitzer's +1 or the Tourer's -1 (DRESDEN-PROFILE-5/6,
    AMB-39e/f: added to the other changes, never below 0; not in the pit lane, PIT-D-3)."""
    return max(0, spaces + profiles.roll_modifier(car.league.profile, in_pit_lane(track, car)))


# --- Theoretiker and Praktiker: the launch -----------------------------------------------


def launch_spaces(state: RaceState, car: CarState, spaces: int) -> tuple[RaceState, int]:
    """A launch begins (DRESDEN-PROFILE-3/4, AMB-39d): the first movement after the race start,
    out of the box (a B fast stop's spaces, a Dresden pit-points surplus) or after a spin
    restart, driving ``spaces``.

    Returns the state with the car marked as launching (``CarState.launch``; ``start_movement``
    carries it into the movement, so the Praktiker's optional space is offered after its first
    segment) and the spaces to drive: the Theoretiker's one less, never below 0. Call it before
    ``start_movement``; the mark is spent when the car drives the movement's first segment.
    """
    if not state.rules.profiles:
        return state, spaces
    less = min(0, profiles.launch_modifier(car.league.profile))  # the Praktiker's +1 is a segment of its own
    return state.with_car(car.with_league(launch=True)), max(0, spaces + less)


def launch_next(state: RaceState, car_id: str) -> RaceState:
    """The car's next movement is a launch (AMB-39d): it leaves the box next game round (a slow
    or long stop), so the Theoretiker's space less comes off that roll."""
    if not state.rules.profiles:
        return state
    return state.with_car(state.car(car_id).with_league(launch=True))


def launch_offered(car: CarState, mv: Movement) -> bool:
    """May the car drive the Praktiker's extra space now (DRESDEN-PROFILE-4: "may be used")?
    Once, on a launch; in the pit lane too (PIT-D-3)."""
    return mv.launch and profiles.launch_optional(car.league.profile)


# --- Schönwetterfahrer and Regengott: the corner stop and the slide ------------------------


def slide_change(state: RaceState, car: CarState) -> int:
    """Spaces the profile adds to the movement's slide: in rain +1 / -1 on the tyre's slide
    (DRESDEN-PROFILE-7/8, AMB-39c); in sun the Regengott's mandatory extra space at a corner stop
    (DRESDEN-PROFILE-8, AMB-39b), driven like a slide. The Schönwetterfahrer's space less in sun
    is no slide (``corner_stop_moves``)."""
    if wet(state):
        return profiles.slide_modifier(car.league.profile, True, False)
    return max(0, profiles.corner_stop_modifier(car.league.profile, False, False))


def _shortens(track: Track, state: RaceState, car: CarState, req: MoveRequest) -> bool:
    """Does the Schönwetterfahrer's rule shape this segment: the roll, in sun, not from the pit
    lane (DRESDEN-PROFILE-7, -9)?"""
    if req.via != "roll" or req.roll < 1 or track.space(req.start).in_pit:
        return False
    return profiles.corner_stop_modifier(car.league.profile, wet(state), False) < 0


def _in_corner(track: Track, path: tuple[str, ...]) -> bool:
    return bool(path) and track.space(path[-1]).corner is not None


def corner_stop_moves(track: Track, state: RaceState, car: CarState, req: MoveRequest, found: list[Move]) -> list[Move]:
    """DRESDEN-PROFILE-7 (AMB-39a/b): in sun a Schönwetterfahrer's roll that would end inside a
    corner ends one space earlier (if it drove any space): each such move becomes the move along
    its path less the last space, which costs no brake WP for that space. A braked move along the
    same shorter path is the same drive, dearer, and is dropped."""
    if not _shortens(track, state, car, req):
        return found
    into = [m for m in found if _in_corner(track, m.path)]
    shortened = check_paths(replace(req, roll=req.roll - 1), [m.path[:-1] for m in into])
    replaced = {short.path: short for short in shortened if isinstance(short, Move)}
    failed = [m for m, short in zip(into, shortened) if not isinstance(short, Move)]  # "if possible"
    kept = [m for m in found if not _in_corner(track, m.path) and m.path not in replaced]
    return kept + failed + list(replaced.values())


def check_roll_path(
    track: Track, state: RaceState, car: CarState, req: MoveRequest, path: tuple[str, ...]
) -> Move | Reason:
    """The move a player's own path makes (``moves.check_path``), with the Schönwetterfahrer's
    space less in a corner (``corner_stop_moves``): a path one space short of a legal stop in a
    corner is that stop, shortened; a full roll into a corner that could be shortened is refused."""
    if not _shortens(track, state, car, req):
        return check_path(req, path)
    shorter = replace(req, roll=req.roll - 1)
    short = check_path(shorter, path)
    if isinstance(short, Move) and _extends_into_corner(track, req, path):
        return short
    full = check_path(req, path)
    if isinstance(full, Move) and _in_corner(track, path) and isinstance(check_path(shorter, path[:-1]), Move):
        return Reason(rule="DRESDEN-PROFILE-7", code=Code.ONE_SPACE_LESS_IN_CORNER, values={"space": path[-1]})
    return full


def _extends_into_corner(track: Track, req: MoveRequest, path: tuple[str, ...]) -> bool:
    """Is ``path`` one space short of a legal move of ``req`` that ends inside a corner?"""
    here = path[-1] if path else req.start
    return any(
        track.space(nxt).corner is not None and isinstance(check_path(req, path + (nxt,)), Move)
        for nxt in track.successors(here)
    )
