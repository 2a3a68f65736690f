"""A recorded lap driven again at the times it was driven: the ghost car and computer laps.

The recorded actions are applied to a fresh lap as the clock passes their
times, so the car is exactly where it was at that moment of the original
lap; after each drive it glides along its path for ``GLIDE_MS`` of lap time.
A ghost whose actions no longer replay (the track or the engine changed)
simply stops where it could not go on.
"""

from __future__ import annotations

from rules.actions import Drive
from rules.engine import IllegalAction, apply, new_lap
from rules.qualifying.grid import TimedAction
from rules.ruleset import RuleSet
from rules.state import RaceState
from rules.tables.profiles import Profile
from rules.track import Track

GLIDE_MS = 500
Pose = tuple[float, float, float]


class LapReplay:
    def __init__(
        self,
        track: Track,
        rules: RuleSet,
        steps: tuple[TimedAction, ...],
        car_id: str = "car1",
        tyre: str | None = None,
        wet: bool = False,
        profile: Profile = Profile.NORMALO,
    ) -> None:
        self.track = track
        self.steps = steps
        self.car_id = car_id
        self._lap = (rules, tyre, wet, profile)  # how the lap began, to drive it again on another track
        # the driver's profile changes the lap's moves (DRESDEN-PROFILE-5..8), so the replay needs it
        self.state: RaceState = new_lap(track, rules, car_id, tyre=tyre, wet=wet, profile=profile)
        self.next = 0
        self.broken = False
        self._glide: tuple[int, list[str]] | None = None  # start ms and spaces of the last drive

    def on(self, track: Track) -> LapReplay:
        """The same lap on ``track`` (the map saved again), as far as this one has come."""
        again = LapReplay(track, self._lap[0], self.steps, self.car_id, *self._lap[1:])
        if self.next:
            again.advance(self.steps[self.next - 1].at_ms)
        return again

    @property
    def end_ms(self) -> int:
        return self.steps[-1].at_ms if self.steps else 0

    @property
    def done(self) -> bool:
        return self.next >= len(self.steps) or self.broken

    def advance(self, ms: int) -> None:
        """Apply every recorded action made up to ``ms`` into the lap."""
        while not self.done and self.steps[self.next].at_ms <= ms:
            step = self.steps[self.next]
            before = self.space
            try:
                self.state, _ = apply(self.track, self.state, step.action)
            except (IllegalAction, ValueError, KeyError):
                self.broken = True
                return
            self.next += 1
            if isinstance(step.action, Drive) and step.action.path:
                self._glide = (step.at_ms, [before, *step.action.path])

    @property
    def space(self) -> str:
        return self.state.car(self.car_id).space or self.track.qualifying_start

    def pose(self, ms: int) -> Pose:
        """Where the car is drawn at lap time ``ms`` (call ``advance(ms)`` first)."""
        if self._glide is not None:
            start, spaces = self._glide
            f = (ms - start) / GLIDE_MS
            if 0 <= f < 1:
                u = f * (len(spaces) - 1)
                i = min(int(u), len(spaces) - 2)
                a, b = self.track.space(spaces[i]), self.track.space(spaces[i + 1])
                k = u - i
                d = (b.heading - a.heading + 180) % 360 - 180
                return a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k, a.heading + d * k
        s = self.track.space(self.space)
        return s.x, s.y, s.heading
