"""Every computer driver a race may name, by kind: the levels a player picks and the careful and
aggressive drivers of older records and saves. The game, the simulator, the referee and the
benches hand this registry to the race session (``rules.run.session``), which imports no driver."""

from __future__ import annotations

from rules.actions import Action
from rules.ai.classic import AGGRESSIVE, CAREFUL, Classic
from rules.ai.levels import Level
from rules.ai.presets import LEVELS
from rules.driver import Driver
from rules.state import RaceState
from rules.track import Track

_ALL: tuple[Level | Classic, ...] = (*LEVELS, CAREFUL, AGGRESSIVE)
DRIVERS: dict[str, Driver] = {d.name: d for d in _ALL}


def computer_action(track: Track, state: RaceState, kind: str) -> Action:
    """What the registered driver ``kind`` does for the car to act now."""
    return DRIVERS[kind].act(track, state)
