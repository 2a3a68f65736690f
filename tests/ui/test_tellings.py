"""What a player is told when it happens (game.play.tellings): a stall, a pit plan's
rounds, and the race screen says it; a car out is the board's announcement."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.play.announcements import announcements
from game.play.race_control import RaceControl, Step
from game.play.tellings import tellings, work_rounds
from game.scenes.menus.menu import MenuScene
from game.texts import reason_text, tr
from rules.actions import ChooseGear, Event
from rules.reasons import Code, Reason
from rules.tables.pit_points import PitPlan
from tests.ui.helpers import board_of, header, make_app, oval


def _control(preset: str = "fd-basic") -> RaceControl:
    return RaceControl.start(oval(), header(("human", "racer"), preset=preset))


@pytest.mark.rules("PIT-D-7", "PIT-D-11")
def test_a_pit_plan_says_its_points_and_the_rounds_at_the_box() -> None:
    """PIT-D-7, PIT-D-11: 2 fuel WP are 8 points; a gear-4 roll of the Dresden dice works them off."""
    control = _control("dresden-2006")
    state = control.state
    faces = state.rules.gear_dice.die(4).faces
    assert work_rounds(state, 0) == 0
    assert work_rounds(state, min(faces)) == 1.0
    assert 1.0 < work_rounds(state, max(faces) + 1) <= 2.0
    step = Step(ChooseGear(gear=3, pit=PitPlan(fuel=2)), (), "car1", None, state, state)
    said = [t for t, _ in tellings(control, step)]
    assert said == [tr("tell.pit_plan", points=8, rounds=f"{work_rounds(state, 8):.1f}")]
    computer = Step(ChooseGear(gear=3, pit=PitPlan(fuel=2)), (), "car2", None, state, state)
    assert tellings(control, computer) == []


def test_a_car_going_out_is_announced_to_the_table_not_told_in_the_hint_bar() -> None:
    """TAB-OUT: whose car and why, once, over the board (game.play.announcements)."""
    control = _control()
    state = control.state
    gone = state.car("car2").model_copy(
        update={
            "status": "out",
            "out": Reason(rule="CORNER-6", code=Code.TYRES_GONE, values={"needed": 4, "available": 2}),
        }
    )
    after = state.with_car(gone)
    step = Step(ChooseGear(gear=1), (Event(kind="out", car="car2"),), "car2", None, state, after)
    assert tellings(control, step) == []
    (said,) = announcements(control, step)
    assert gone.out is not None
    assert said.text() == tr("announce.out", name="Driver 2") and said.detail() == reason_text(gone.out)


def test_a_humans_stall_at_the_start_is_explained_and_the_screen_says_it(tmp_path: Path) -> None:
    control = _control()
    state = control.state
    stall = Step(
        ChooseGear(gear=1), (Event(kind="start", car="car1", data={"result": "stall"}),), "car1", None, state, state
    )
    assert [t for t, _ in tellings(control, stall)] == [tr("tell.stall", name="Driver 1")]
    other = Step(
        ChooseGear(gear=1), (Event(kind="start", car="car2", data={"result": "stall"}),), "car2", None, state, state
    )
    assert tellings(control, other) == []
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    from game.board.view import BoardView
    from game.scenes.race.scene import RaceScene
    from tests.ui.helpers import catalogue

    scene = RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    scene.pacing.reveal(stall)
    assert scene.message is not None and scene.message[0] == tr("tell.stall", name="Driver 1")
