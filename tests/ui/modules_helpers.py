"""Race screens in a given position (like a FEN): a human car ``m`` and a computer car ``f``.

The session starts from a header as usual; its state is then replaced by a position
built with the rules tests' helpers, so a test can open the screen exactly where a
slipstream, a slide or a pit stop is offered.
"""

from __future__ import annotations

from pathlib import Path

from game.board.view import BoardView
from game.play.race_control import RaceControl
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from rules.ai.registry import DRIVERS
from rules.files.record import Entry, Header
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.track import Track
from tests.ui.helpers import board_of, make_app, oval


def control_at(state: RaceState, track: Track | None = None, computer: str = "careful") -> RaceControl:
    """A race control (no saves) whose race stands at ``state`` on ``track`` (the oval by default);
    ``m`` is human, the rest drive as ``computer``."""
    track = track or oval()
    entries = tuple(
        Entry(
            id=c.id,
            name=f"Driver {c.id}",
            driver="human" if c.id == "m" else computer,
            colour=["#d03030", "#2f6fd0", "#f0c020"][i % 3],
            number=i + 1,
            wear=c.wp,
        )
        for i, c in enumerate(state.cars)
    )
    header = Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=state.rules,
        laps=state.laps,
        seed=1,
        entries=entries,
    )
    session = RaceSession(track, header, drivers=DRIVERS)
    session.state = state
    return RaceControl(track, session)


def scene_at(tmp: Path, control: RaceControl) -> RaceScene:
    """The race screen on the dummy display, animations fast and mute, showing ``control``'s race."""
    app = make_app(tmp)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    return scene
