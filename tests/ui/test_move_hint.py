"""The hint while a destination is picked is the key to the destinations' labels, in the very
notation the labels use ("−1 brk" / "−1 Br"), in both languages: it said
"B = brake WP, T = tyre WP" after the labels had changed."""

from __future__ import annotations

import pytest

from game import texts
from game.play.movetext import move_tag
from game.play.race_control import Wait
from game.scenes.race.scene import RaceScene
from rules.moves import Move
from tests.ui.test_race_scene import scene, to_move  # noqa: F401  (the fixture)


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_move_hint_explains_the_labels_the_destinations_show(scene: RaceScene, language: str) -> None:  # noqa: F811
    texts.set_language(language)
    to_move(scene)
    hint, _ = scene.drawing.hint(Wait.MOVE)  # noqa: SLF001
    brake = Move(path=("x",), via="roll", brakes=1)
    tyre = Move(path=("x",), via="roll", tyres=1)
    for label in (move_tag(brake), move_tag(tyre)):  # what a destination costing 1 WP shows
        assert label and label in hint
    assert "B = " not in hint and "T = " not in hint
