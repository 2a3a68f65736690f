"""The steps into a pit box (``LaneModel.to_box``) and whether a roll reaches it
(``rules.modules.pits._box_within``: the fewest steps into it) are worked out once and kept: each answer is the plain
search forward from the space, as a level asks it move after move (PIT-B-2: a roll must reach the box)."""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.ai.lane import LaneModel
from rules.modules import pits
from rules.modules.pits import _box_within
from rules.track import Track
from tests.conftest import REPO
from tests.rules.fixtures import OVAL


def _ref_to_box(space: str, box: str) -> int:
    frontier, seen = {space}, {space}
    for steps in range(60):
        if box in frontier:
            return steps
        frontier = {n for s in frontier for n in OVAL.successors(s) if n not in seen}
        seen |= frontier
    return 10**6


def _ref_within(start: str, box: str, spaces: int) -> bool:
    reached = {start}
    for _ in range(spaces):
        reached = {n for s in reached for n in OVAL.successors(s)}
        if box in reached:
            return True
    return False


@pytest.mark.rules("PIT-B-2")
def test_PIT_B_2_the_steps_into_each_box_are_the_plain_search_from_every_space() -> None:
    lane = LaneModel(OVAL)
    boxes = [sp.name for sp in OVAL.spaces if sp.in_pit]
    assert boxes
    for sp in OVAL.spaces[::3]:
        for box in boxes[::4]:
            assert lane.to_box(sp.name, box) == _ref_to_box(sp.name, box)
            # a longer roll goes on from a shorter one's search, a shorter one reads a longer one's
            for rolls in ((0, 1, 7, 20, 41, 70), (70, 20, 7, 1, 0), (7, 20, 1)):
                pits._WITHIN.clear()
                for roll in rolls:
                    assert _box_within(OVAL, sp.name, box, roll) == _ref_within(sp.name, box, roll)
                    assert _box_within(OVAL, sp.name, box, roll) == _ref_within(sp.name, box, roll)  # kept: the same


def _ref_to_pit_entry(track: Track, space: str) -> int:
    """The search forward from ``space``, off the pit lane, as the levels first asked it."""
    pit = track.pit
    frontier, seen = {space}, {space}
    for steps in range(40):
        if pit is None:
            break
        if frontier & set(pit.entries):
            return steps
        frontier = {n for s in frontier for n in track.successors(s) if n not in seen and not track.space(n).in_pit}
        seen |= frontier
    return 10**6


@pytest.mark.rules("PIT-B-2")
@pytest.mark.parametrize("name", sorted(p.stem for p in (REPO / "maps").glob("*.tmx")))
def test_PIT_B_2_the_steps_to_the_pit_entry_are_the_plain_search_from_every_space(name: str) -> None:
    """``LaneModel.to_pit_entry``, one search back from the entries, is each space's search forward."""
    track = load_track(REPO / "maps" / f"{name}.tmx")
    lane = LaneModel(track)
    assert [lane.to_pit_entry(sp.name) for sp in track.spaces] == [
        _ref_to_pit_entry(track, sp.name) for sp in track.spaces
    ]
