"""The game round and its turn order: the next car, the end of a game round, the end of the race.

Game round 1 runs in grid order (AMB-59; stalled cars miss it, FD08-START-1), after the dream
starts of game round 0 (AMB-58); every later game round by the sweep down the track
(MASTERS-ORDER-7, ``rules.order``). The ``TURN`` hooks of ``rules.hooks`` begin each car's
turn, the ``ROUND_END`` hooks end each game round (MASTERS-TURN-15).

Rules here: CORE-ORDER-1, FD08-START-1, FD08-START-2, MASTERS-ORDER-1..7, AMB-58, AMB-59.
"""

from __future__ import annotations

from rules import hooks
from rules.actions import Event
from rules.modules import driver_profiles, head_to_head, karma, restart, rollout, tcar, wrecks
from rules.modules.base import start_movement
from rules.order import CarPosition, Sweep, grid_order, race_order
from rules.state import Phase, RaceState, SweepState
from rules.track import Track


def positions(track: Track, state: RaceState) -> list[CarPosition]:
    """Where each racing car stands for the turn order."""
    out = []
    stands = _stands(track)
    stand = track.pit_stand()
    for c in state.cars:
        # OUT-D-2: engine roll-outs too; AMB-38: a T-car from the next game round
        if c.space is None or not rollout.turns_due(state, c) or tcar.waits(state, c):
            continue
        sp = track.space(c.space)
        laps = c.crossings
        pit = None
        if sp.in_pit and stand is not None:
            pit = sp.index
            if sp.progress < stand.progress:
                laps -= 1  # past the line in the pit lane, but counted at the pit entry (AMB-56, ORDER-D-3)
        position, inside = stands[c.space]
        out.append(
            CarPosition(
                id=c.id,
                laps=laps,
                position=position,
                gear=c.gear,
                arrival=c.arrival,
                inside=inside,
                pit=pit,
                bid=head_to_head.bid_of(state, c.id),  # H2H-3
            )
        )
    return out


_STANDS: dict[int, tuple[Track, dict[str, tuple[float, int]]]] = {}


def _stands(track: Track) -> dict[str, tuple[float, int]]:
    """Per space of ``track``, its place for the turn order and its lane's rank against the corner
    (``Track.order_row``, ``Track.inside_rank``): worked out once per track object."""
    found = _STANDS.get(id(track))
    if found is None or found[0] is not track:
        found = _STANDS[id(track)] = (
            track,
            {sp.name: (float(track.order_row(sp.name)), track.inside_rank(sp.name)) for sp in track.spaces},
        )
    return found[1]


def _sweep(track: Track, state: RaceState) -> Sweep:
    return Sweep.resume(track.rows, state.rules.tie_break, (state.sweep or SweepState()).model_dump())


def _begin_round(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """A new game round: round 1 in grid order, every later one by the sweep down the track."""
    rnd = state.round + 1
    state = head_to_head.new_round(state)
    if state.round >= 1:  # KARMA-2, AMB-41a: the game round that ends has a leader
        state = karma.count_lead(state, positions(track, state))
    events.append(Event(kind="round", data={"round": rnd}))
    if rnd == 1:  # AMB-59: game round 1 in grid order; stalled cars miss it (FD08-START-1)
        # the grid order, not the spaces: a dream start has left its slot
        grid = [c.id for c in sorted(state.cars, key=lambda c: c.grid_slot or 0)]
        order = [c for c in grid_order(grid, positions(track, state)) if not state.car(c).stalled]
        state = state.model_copy(update={"round": 1, "queue": tuple(order), "sweep": None})
    else:
        sweep = Sweep(positions(track, state), track.rows, state.rules.tie_break)
        state = state.model_copy(update={"round": rnd, "queue": (), "sweep": SweepState(**sweep.snapshot())})
    return next_turn(track, state, events)


def next_turn(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """The next car's turn (CORE-ORDER-*, MASTERS-ORDER-*), or the end of the game round, or of
    the race when no car is racing any more."""
    if state.lap is not None:  # a qualifying lap: the same car again, until the lap is over
        if state.lap.over:
            return state.model_copy(update={"phase": Phase.DONE, "active": None})
        return state.model_copy(update={"phase": Phase.GEAR, "roll": None, "engine_trigger": False})
    state = wrecks.clear(track, state, events)  # OUT-D-3: wrecks every car has passed
    offered = tcar.offer(track, state, events)  # TCAR-1: an early retirement's driver chooses first
    if offered.phase == Phase.TCAR:
        return offered
    seen: list[tuple[RaceState, list[CarPosition]]] = []

    def placed(s: RaceState) -> list[CarPosition]:  # worked out again only for a changed state
        if not seen or seen[0][0] is not s:
            seen[:] = [(s, positions(track, s))]
        return seen[0][1]

    order = race_order(placed(state), state.rules.tie_break)
    state = restart.check(track, state, order, events)  # RESTART-1/2: wrecks block the track
    if all(c.status != "racing" for c in state.cars):
        events.append(Event(kind="race_over"))
        state = karma.at_race_end(state, events)  # KARMA-2
        return state.model_copy(update={"phase": Phase.DONE, "active": None})
    if state.round == 0:
        return _dream_start(track, state, events)
    nxt: str | None = None
    if state.round == 1:
        queue = [c for c in state.queue if state.car(c).status == "racing"]
        if queue:
            nxt, state = queue[0], state.model_copy(update={"queue": tuple(queue[1:])})
    else:
        sweep = _sweep(track, state)
        called = head_to_head.call(state, sweep.level(placed(state)), events)  # H2H-1
        if called.phase == Phase.BID:
            return called
        state = called
        nxt = sweep.next_car(placed(state))
        state = state.model_copy(update={"sweep": SweepState(**sweep.snapshot())})
    if nxt is None:
        phase = state.phase
        for hook in hooks.ROUND_END:  # STREET-7, then MASTERS-TURN-15: before the leader moves again
            state = hook(state, events)
            if state.pending or state.phase != phase:  # a die to roll or a driver to decide
                return state
        return _begin_round(track, state, events)
    car = state.car(nxt)
    state = state.with_car(car.model_copy(update={"stalled": False}))
    events.append(Event(kind="turn", car=nxt, data={"round": state.round}))
    state = state.with_league(boost=False, rolling=False).model_copy(
        update={"phase": Phase.GEAR, "active": nxt, "roll": None, "engine_trigger": False, "mark_stop": False}
    )
    for begin in hooks.TURN:  # STREET-3, START-D-1..4: a start roll first when it is due
        state = begin(state)
    return state


def _dream_start(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """AMB-58: the dream starts drive their spaces in grid order before game round 1."""
    dream = [c for c in state.queue if state.car(c).status == "racing"]
    if not dream:
        return _begin_round(track, state.model_copy(update={"queue": ()}), events)
    nxt, state = dream[0], state.model_copy(update={"queue": tuple(dream[1:])})
    events.append(Event(kind="turn", car=nxt, data={"round": 0}))
    spaces = state.rules.dream_start_spaces
    if state.car(nxt).league.launch:  # AMB-39d: the dream start's spaces are the launch
        state, spaces = driver_profiles.launch_spaces(state, state.car(nxt), spaces)
    return state.model_copy(
        update={
            "phase": Phase.MOVE,
            "active": nxt,
            "moves_left": spaces,
            "roll": None,
            "engine_trigger": False,
            "movement": start_movement(state.car(nxt)),
        }
    )
