"""The race screen's model: what it waits for, what it offers, undo, and why a space is refused."""

from __future__ import annotations

import pytest

from game.play.race_control import RaceControl, Wait, by_destination
from game.storage.saves import SaveSlot
from game.texts import Notice
from rules.ai.registry import DRIVERS
from rules.engine import moves
from rules.files.record import load
from rules.gears import ShiftCost
from rules.moves import Move
from rules.reasons import Code, Reason
from rules.run.session import UnfinishedRace
from tests.ui.helpers import active_car, active_id, header, human_step, oval, play_until


def test_the_race_starts_with_black_dice_then_the_first_human_decides() -> None:
    control = RaceControl.start(oval(), header())
    assert control.wait() == Wait.DICE  # grid rolls
    play_until(control, lambda c: c.wait() != Wait.DICE)
    assert control.wait() == Wait.GEAR
    assert control.human(control.state.active)


def test_computer_drivers_are_waited_for_as_computers() -> None:
    control = RaceControl.start(oval(), header(("careful", "aggressive")))
    play_until(control, lambda c: c.wait() != Wait.DICE)
    assert control.wait() == Wait.COMPUTER
    play_until(control, lambda c: c.wait() == Wait.DONE)


def test_destinations_are_exactly_the_engines_legal_end_spaces() -> None:
    control = RaceControl.start(oval(), header())
    for _ in range(12):
        play_until(control, lambda c: c.wait() == Wait.MOVE)
        here = active_car(control.state).space
        assert here is not None
        legal = moves(control.track, control.state)
        assert set(control.destinations()) == {m.end or here for m in legal}
        offered = [m for ms in control.destinations().values() for m in ms]
        assert all(m in legal for m in offered)
        for m in legal:  # a legal way left out is beaten by an offered way to the same space
            if m not in offered:
                rivals = control.destinations()[m.end or here]
                assert any(
                    o.brakes <= m.brakes and o.tyres <= m.tyres and o.dangers <= m.dangers and o.stops == m.stops
                    for o in rivals
                ), m
        human_step(control)


def test_undo_gives_back_the_gear_its_wp_and_removes_it_from_the_record(tmp_path) -> None:
    slot = SaveSlot(tmp_path)
    control = RaceControl.start(oval(), header(), slot)

    def downshift_costs(c: RaceControl) -> bool:
        return c.wait() == Wait.GEAR and any(isinstance(o, ShiftCost) and o.cost for o in c.gear_options().values())

    play_until(control, downshift_costs)
    before = control.state
    record = control.session.record()
    gear = next(g for g, o in control.gear_options().items() if isinstance(o, ShiftCost) and o.cost)
    control.choose_gear(gear)
    assert control.state.car(active_id(before)).wp != active_car(before).wp
    assert control.wait() == Wait.ROLL and control.can_undo()
    assert control.undo_gear()
    assert control.state == before
    assert control.session.record() == record
    assert load(slot.current) == record
    assert control.wait() == Wait.GEAR and not control.can_undo()


def test_no_undo_once_the_die_is_rolled() -> None:
    control = RaceControl.start(oval(), header())
    play_until(control, lambda c: c.wait() == Wait.GEAR)
    human_step(control)
    control.roll()
    assert not control.can_undo() and not control.undo_gear()


def test_a_gear_chosen_before_quitting_can_still_be_undone_after_resuming(tmp_path) -> None:
    control = RaceControl.start(oval(), header(), SaveSlot(tmp_path))
    play_until(control, lambda c: c.wait() == Wait.GEAR and c.state.round > 1)
    before = control.state
    human_step(control)
    resumed = RaceControl.resume(oval(), control.session.record())
    assert resumed.can_undo() and resumed.undo_gear()
    assert resumed.state == before


def test_a_taken_space_is_refused_with_the_engines_reason() -> None:
    control = RaceControl.start(oval(), header())
    for _ in range(40):
        play_until(control, lambda c: c.wait() == Wait.MOVE)
        others = {c.space for c in control.state.cars if c.id != control.state.active}
        roll = control.state.moves_left or 0
        here = active_car(control.state).space
        assert here is not None
        near = [s for s in others if s and s not in control.destinations() and control._paths(here, s, roll)]  # noqa: SLF001 (the test checks the search itself)
        if near:
            why = control.why_not(near[0])
            assert isinstance(why, Reason) and why.code == Code.SPACE_OCCUPIED
            return
        human_step(control)
    raise AssertionError("no car was ever within reach")


def test_a_space_behind_or_too_far_is_out_of_reach() -> None:
    control = RaceControl.start(oval(), header())
    play_until(control, lambda c: c.wait() == Wait.MOVE)
    here = active_car(control.state).space
    assert here is not None
    behind = control.track.behind(here)
    assert behind is not None
    why = control.why_not(behind)
    assert isinstance(why, Notice) and why.key == "race.out_of_reach"


def test_resuming_rebuilds_the_history_for_the_race_log() -> None:
    control = RaceControl.start(oval(), header())
    play_until(control, lambda c: c.state.round >= 3)
    resumed = RaceControl.resume(oval(), control.session.record())
    assert len(resumed.history) == len(control.session.actions)
    assert resumed.history[-1].after == control.state
    assert any(e.kind == "moved" for step in resumed.history for e in step.events)


def test_a_way_beaten_in_every_cost_is_not_offered() -> None:
    """ "Several ways end on B20" offered 2 brake + 4 tyre next to 1 brake + 4 tyre."""
    cheap = Move(path=("A19", "B20"), brakes=1, tyres=4, corner=0, stops=1)
    worse = Move(path=("B19", "B20"), brakes=2, tyres=4, corner=0, stops=1)
    other = Move(path=("C19", "B20"), brakes=0, tyres=6, corner=0, stops=1)  # fewer brakes: a real choice
    second_stop = Move(path=("B19x", "B20"), brakes=3, tyres=4, corner=0, stops=2)  # another outcome: kept
    ways = by_destination([worse, other, cheap, second_stop], "B10")["B20"]
    assert worse not in ways and {cheap, other, second_stop} == set(ways)


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_a_race_nobody_can_go_on_with_is_an_error_not_a_finish(monkeypatch) -> None:
    """A state with no die to roll and no car to act, yet not finished, is a bug: the screen must
    not show the results of a race that has not ended (the app's guard reports it)."""
    import game.play.race_control as race_control_module

    control = RaceControl.start(oval(), header(("human", "human")))
    play_until(control, lambda c: c.wait() == Wait.GEAR)
    monkeypatch.setattr(race_control_module, "to_move", lambda state: None)
    stuck = RaceControl.resume(oval(), control.session.record())
    with pytest.raises(UnfinishedRace, match="not over"):
        stuck.wait()


def test_a_computer_level_thinks_in_a_thread_of_its_own_and_decides_as_without_it() -> None:
    """``think`` starts the decision while the window animates; ``computer`` takes it,
    and the race is the one a session plays without a thread (same state, same decision)."""
    import threading

    from rules.run.session import RaceSession

    control = RaceControl.start(oval(), header(("champion", "racer")))
    plain = RaceSession(control.track, control.header, drivers=DRIVERS)
    seen: set[str] = set()
    for _ in range(40):
        play_until(control, lambda c: c.wait() in (Wait.COMPUTER, Wait.DONE))
        if control.wait() == Wait.DONE:
            break
        control.think()
        thought = control._thought
        assert thought is not None and thought[1] is not threading.current_thread()
        seen.add(thought[1].name)
        control.computer()
    while len(plain.actions) < len(control.session.actions):
        plain.advance()
    assert plain.actions == control.session.actions[: len(plain.actions)]
    assert len(seen) > 1
