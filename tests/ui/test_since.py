"""Computer turns at the players' pace: between two human turns the computers drive
faster the more of them there are, and the human's turn opens with what happened since."""

from __future__ import annotations

from pathlib import Path

from game.board.view import BoardView
from game.play.pacing import COMPUTER_TURN, COMPUTERS_GAP
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.texts import tr
from tests.ui.helpers import board_of, catalogue, header, make_app, track_of


def scene_with(tmp_path: Path, kinds: tuple[str, ...]) -> RaceScene:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    app.push(MenuScene(app))
    control = RaceControl.start(track_of(catalogue().get("oval.tmx")), header(kinds, laps=1), app.saves)
    scene = RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    return scene


def until(scene: RaceScene, done, frames: int = 20_000) -> None:
    """Frames go by and the human plays through the screen (lowest gear, first way) until ``done``."""
    control = scene.control
    for _ in range(frames):
        if done():
            return
        scene.banner = None
        if scene.idle and control.wait() == Wait.GEAR:
            scene.choose(min(control.odds()))
        elif scene.idle and control.wait() == Wait.ROLL:
            scene.roll()
        elif scene.idle and control.wait() == Wait.MOVE:
            scene.drive(control.moves()[0])
        scene.update(1 / 60)
    raise AssertionError("never happened")


def test_the_humans_turn_opens_with_a_line_for_each_computer_that_drove(tmp_path: Path) -> None:
    scene = scene_with(tmp_path, ("human", "careful", "aggressive", "careful"))
    control = scene.control
    until(scene, lambda: control.wait() == Wait.GEAR and control.state.round >= 2 and not scene.queue)
    assert scene.summary, "no summary at the human's second turn"
    names = {control.name(c.id) for c in control.state.cars if not control.human(c.id) and c.status == "racing"}
    text = " ".join(line.text() for line in scene.summary)
    assert all(name in text for name in names) and " to " in text
    assert all(line.key.startswith("since.") for line in scene.summary)
    scene.choose(min(g for g in control.odds()))
    assert scene.summary is None  # read: the log is back


def test_computers_drive_faster_the_more_of_them_race_between_humans(tmp_path: Path) -> None:
    scene = scene_with(tmp_path, ("human", *["careful"] * 9))
    computer = next(c.id for c in scene.control.state.cars if not scene.control.human(c.id))
    assert scene._pace_for(computer) == 9 * COMPUTER_TURN / COMPUTERS_GAP
    assert scene._pace_for("car1") == 1.0  # the human's own steps at the chosen speed
    few = scene_with(tmp_path / "few", ("human", "careful"))
    assert few._pace_for("car2") == max(1.0, COMPUTER_TURN / COMPUTERS_GAP)


def test_no_summary_text_is_missing_in_either_language() -> None:
    from game.texts import set_language

    for language in ("en", "de", "fr"):
        set_language(language)
        for key in (
            "since.title",
            "since.moved",
            "since.moved_cost",
            "since.lost",
            "since.out",
            "since.finished",
            "since.pit",
        ):
            assert tr(key, name="A", start="A1", end="A2", cost="x", place=1)
    set_language("en")
