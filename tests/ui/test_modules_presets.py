"""Every preset plays a whole race through the race screen: one human (driven by the test) and two computers."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.history.results import ResultsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from rules.ruleset import PRESETS
from tests.ui.helpers import board_of, header, make_app, screen_of, track_of


def human_turn(scene: RaceScene, seen: set[str]) -> None:
    """The first legal option each time, through the screen: the crew's defaults, a safe gear, extras taken."""
    control = scene.control
    w = control.wait()
    if w in (Wait.SETUP, Wait.PIT, Wait.KARMA, Wait.BID, Wait.TCAR, Wait.WP) and scene.dialog is not None:
        seen.add(w.value)
        scene.dialog.done()
    elif w == Wait.GEAR:
        odds = control.odds()
        safe = [g for g in sorted(odds) if odds[g].out == 0]
        scene.choose(max(safe) if safe else min(odds))
    elif w == Wait.ROLL:
        scene.roll()
    elif w == Wait.MOVE:
        seen.update(control.offer())
        moves = control.moves()
        if control.optional():
            scene.drive(moves[0])
        else:
            scene.drive(max(moves, key=lambda m: (m.out is None, -(m.brakes + m.tyres), len(m.path))))


@pytest.mark.rules("STREET-2")
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_to_the_results(tmp_path: Path, preset: str) -> None:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(
        track_of(entry), header(("human", "careful", "aggressive"), laps=2, preset=preset), app.saves
    )
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    seen: set[str] = set()
    for _ in range(20000):
        if app.scene.name == "results":
            break
        scene.update(1.0)
        if not scene.queue:
            human_turn(scene, seen)
    assert isinstance(app.scene, ResultsScene)
    # tyres and cars are chosen where a module asks; a street race's cars all drive on hard tyres (STREET-2)
    assert ("setup" in seen) == (preset not in ("fd-basic", "street"))
    line = app.scene.rules_line()
    if preset == "street":  # a game of its own: the results listed its modules as if chosen
        assert line == "Rules: Street race"
    else:
        assert line.startswith("Rules: ") and "Slipstream" in line and (("Weather" in line) == PRESETS[preset].weather)
    app.scene.draw(screen_of(app))
