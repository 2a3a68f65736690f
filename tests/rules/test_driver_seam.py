"""The seam between the race and its computer drivers: the session, qualifying and the simulator
ask only ``act(track, state)`` of the drivers they were given (``rules.driver.Driver``), and the
registry of ``rules.ai`` has a driver for every kind a record may name."""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.actions import Action, Roll
from rules.ai.classic import AGGRESSIVE, CAREFUL
from rules.ai.levels import Level
from rules.ai.registry import DRIVERS
from rules.driver import Driver, NoDriver
from rules.files.record import COMPUTER_KINDS, same_drivers
from rules.ruleset import FORMULA_D_BASIC, PRESETS
from rules.run.session import RaceSession
from rules.run.simulation import qualifying
from rules.state import RaceState
from rules.track import Track
from tests.conftest import REPO

OVAL = load_track(REPO / "maps" / "oval.tmx")


class Asked:
    """A driver that answers as ``inner`` does and counts the phases it was asked in."""

    def __init__(self, inner: Driver) -> None:
        self.inner = inner
        self.phases: list[str] = []

    def act(self, track: Track, state: RaceState) -> Action:
        self.phases.append(state.phase)
        return self.inner.act(track, state)


def test_every_kind_a_record_may_name_has_a_registered_driver():
    assert set(DRIVERS) == set(COMPUTER_KINDS)
    assert {DRIVERS["careful"], DRIVERS["aggressive"]} == {CAREFUL, AGGRESSIVE}
    assert all(isinstance(DRIVERS[k], Level) for k in ("rookie", "racer", "champion"))


def test_the_session_asks_the_drivers_it_was_given_for_every_computer_decision():
    """A race of Racers with a counting Racer in their place: every action that is not a die is
    the counting driver's, and the race is the one the registry's Racer drives."""
    header = same_drivers(OVAL, FORMULA_D_BASIC, 3, 1, seed=7, driver="racer")
    asked = Asked(DRIVERS["racer"])
    session = RaceSession(OVAL, header, drivers={"racer": asked})
    session.run_to_end()
    choices = [a for a in session.actions if not isinstance(a, Roll)]
    assert len(asked.phases) == len(choices) > 0
    assert {"gear", "move"} <= set(asked.phases)
    plain = RaceSession(OVAL, header, drivers=DRIVERS)
    plain.run_to_end()
    assert plain.actions == session.actions


def test_a_session_given_no_driver_of_a_kind_says_which_when_that_car_must_decide():
    header = same_drivers(OVAL, FORMULA_D_BASIC, 2, 1, seed=3, driver="champion")
    session = RaceSession(OVAL, header)  # a session that replays needs no drivers
    with pytest.raises(NoDriver, match="'champion'"):
        session.run_to_end()
    assert not session.actions or all(isinstance(a, Roll) for a in session.actions)


def test_qualifying_laps_are_driven_by_the_drivers_given():
    rules = PRESETS["fde-advanced"]
    header = same_drivers(OVAL, rules, 2, 1, seed=5, driver="careful")
    asked = Asked(DRIVERS["careful"])
    quali = qualifying(OVAL, header, {"careful": asked})
    assert quali.done and asked.phases
    assert len(asked.phases) == sum(not isinstance(t.action, Roll) for lap in quali.driven for t in lap.steps)
