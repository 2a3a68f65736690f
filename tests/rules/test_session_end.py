"""A race is over only when its state says so (CORE-END-1): the session plays on through steps
that have no events (a computer declining the extras, CORE-MOVE-7) and fails loudly anywhere
else it would stop."""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.actions import EndMove
from rules.ai.registry import DRIVERS
from rules.files.record import same_drivers
from rules.ruleset import FORMULA_D_BASIC
from rules.run.session import RaceSession, UnfinishedRace
from tests.conftest import REPO

OVAL = load_track(REPO / "maps" / "oval.tmx")


@pytest.mark.rules("CORE-MOVE-7", "CORE-END-1")
def test_CORE_END_1_CORE_MOVE_7_a_race_goes_on_after_a_computer_declines_the_extras():
    """Seed 19 (3 cars, 1 lap): a careful driver declines a slipstream at action 80, a step
    with no events; the race still runs to the flag."""
    session = RaceSession(OVAL, same_drivers(OVAL, FORMULA_D_BASIC, 3, 1, seed=19), drivers=DRIVERS)
    session.run_computers()
    assert any(isinstance(a, EndMove) for a in session.actions)
    assert session.state.finished
    assert all(c.status in ("finished", "out") for c in session.state.cars)


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_run_to_end_refuses_to_stop_where_a_human_must_decide():
    header = same_drivers(OVAL, FORMULA_D_BASIC, 2, 1, seed=3)
    human = header.entries[0].model_copy(update={"driver": "human"})
    session = RaceSession(OVAL, header.model_copy(update={"entries": (human, *header.entries[1:])}), drivers=DRIVERS)
    with pytest.raises(UnfinishedRace, match="a human must decide"):
        session.run_to_end()
    assert session.human_to_move() and not session.state.finished


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_a_state_where_nobody_can_act_is_an_error_not_an_end():
    session = RaceSession(OVAL, same_drivers(OVAL, FORMULA_D_BASIC, 2, 1, seed=3), drivers=DRIVERS)
    session.state = session.state.model_copy(update={"phase": "check", "pending": (), "active": None})
    with pytest.raises(UnfinishedRace, match="nobody can act"):
        session.advance()
    with pytest.raises(UnfinishedRace):
        session.run_to_end()
