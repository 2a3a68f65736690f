"""How long a race will take, for the set-up: game rounds and minutes, a fast estimate.

Game rounds: a lap takes ``SPACE_ROUNDS`` per space of its lanes (the mean lane) and
``STOP_ROUNDS`` per stop its corners demand (CORNER-1), fitted by least squares to
``bench/lap_rounds.py``'s 1-lap races of 10 Racers on every shipped track (within 2 rounds of
each track's mean); a race of L laps takes L times that. The field's size changes it little.

Minutes: a human's turn (the gear, the roll, the move) counts ``HUMAN_TURN`` seconds and the
computers' turns between two humans at most the race screen's gap (``COMPUTERS_GAP``); a race of
computers alone counts ``COMPUTER_TURN`` seconds a computer turn. Estimates, said as such.
"""

from __future__ import annotations

from rules.track import Track

SPACE_ROUNDS = 0.074  # game rounds per space of a lap (the mean lane)
STOP_ROUNDS = 1.47  # game rounds per stop the lap's corners demand
HUMAN_TURN = 20.0  # seconds a person takes for a turn
COMPUTERS_GAP = 3.0  # seconds the computers' turns between two humans take at most (the race screen's pace)
COMPUTER_TURN = 1.5  # seconds a computer turn is shown when no person races


def lap_rounds(track: Track) -> float:
    """The estimated game rounds of one lap, over the lanes that run the whole lap (a lane that
    begins and ends is a short cut of no lap)."""
    full = [i for i in range(track.lanes) if i not in {r.lane for r in track.partial}] or [0]
    spaces = sum(len(track.lane_spaces(i)) for i in full) / len(full)
    return SPACE_ROUNDS * spaces + STOP_ROUNDS * sum(c.stops for c in track.corners)


def race_length(track: Track, laps: int, cars: int, humans: int) -> tuple[int, int]:
    """(game rounds, minutes) of a race of ``laps`` laps, ``cars`` cars of which ``humans`` are people."""
    rounds = max(1, round(laps * lap_rounds(track)))
    if humans > 0:
        per_round = humans * (HUMAN_TURN + COMPUTERS_GAP * (cars > humans))
    else:
        per_round = cars * COMPUTER_TURN
    return rounds, max(1, round(rounds * per_round / 60))
