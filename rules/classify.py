"""The classification of a race: every car, finishers first (CORE-END-1, AMB-51)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.reasons import Reason
from rules.state import RaceState
from rules.track import Track


class Place(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    position: int
    car: str
    status: str  # finished, out, racing
    laps: int  # completed laps
    reason: Reason | None = None  # why the car retired


def classification(track: Track, state: RaceState) -> list[Place]:
    """AMB-51: finishers in crossing order; then retired or running cars by distance
    (laps, then position on the lap); at equal distance the later retirement ranks higher.

    A running car in the pit lane counts as standing at the pit entry, on the lap it had
    there (AMB-56), as in the turn order, so a standings table mid-race agrees with it.
    """
    finished = sorted((c for c in state.cars if c.status == "finished"), key=lambda c: c.place or 0)

    def distance(c) -> tuple[int, float, int]:
        later = c.out_round if c.out_round is not None else 10**9
        if c.space is None:
            return (c.crossings, -1.0, later)
        laps, progress = c.crossings, track.space(c.space).progress
        stand = track.pit_stand()
        if track.space(c.space).in_pit and stand is not None:
            entry = stand.progress
            if progress < entry:
                laps -= 1  # past the line in the pit lane: counted at the entry (AMB-56)
            progress = entry
        return (laps, progress, later)

    rest = sorted((c for c in state.cars if c.status != "finished"), key=distance, reverse=True)
    return [
        Place(
            position=i,
            car=c.id,
            status=c.status,
            laps=max(0, min(c.crossings - 1, state.laps)),
            reason=c.out,
        )
        for i, c in enumerate(finished + rest, start=1)
    ]


# TAB-POINTS, Season scale: the victory points of a team race (TEAM-B-3, AMB-53)
VICTORY_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)


def team_points(track: Track, state: RaceState) -> dict[int, int]:
    """Each team's victory points: its two cars' points by classified place (TEAM-B-3, AMB-53)."""
    points = {c.team: 0 for c in state.cars if c.team is not None}
    for place in classification(track, state):
        team = state.car(place.car).team
        if team is not None and place.position <= len(VICTORY_POINTS):
            points[team] += VICTORY_POINTS[place.position - 1]
    return points
