"""A record that does not replay says why in the player's language: the replay viewer's notice
and the statistics screen name the action and the rules' reason in German and French, while
the record's error keeps its English for logs (``rules.files.record``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts
from game.play.race_control import RaceControl
from game.scenes.history.replay import ReplayScene, open_replay
from game.scenes.history.statistics import StatisticsScene
from game.scenes.launch import continue_race
from game.scenes.menus.menu import MenuScene
from rules.engine import IllegalAction
from rules.files.record import Record, RecordError, load, replay
from tests.ui.helpers import header, human_step, make_app, oval
from tests.ui.test_race_history import race


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


def broken() -> Record:
    """The race with its 41st action left out: the 41st of what is left is a roll out of turn."""
    record = race()
    return record.model_copy(update={"actions": record.actions[:40] + record.actions[41:]})


def roll_out_of_turn() -> str:
    """The rules' reason for the roll, in the current language."""
    with pytest.raises(RecordError) as caught:
        replay(oval(), broken())
    refused = caught.value.__context__
    assert isinstance(refused, IllegalAction) and str(caught.value).startswith("action 41 (")
    return texts.reason_text(refused.reason).removesuffix(".")


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("de", "Die Wiederholung endet vorzeitig: Aktion 41 ({action}) lässt sich nicht nachspielen: {reason}"),
        ("fr", "Le replay s’arrête en avance : l’action 41 ({action}) ne se rejoue pas : {reason}"),
    ],
)
def test_the_replay_viewer_says_where_the_record_stops_in_the_players_language(
    lang: str, says: str, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    app.push(MenuScene(app))
    texts.set_language(lang)
    record = broken()
    assert open_replay(app, record)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.replay.build()
    app.frame(0.016)
    [notice] = app.notices
    action = record.actions[40].model_dump_json()
    reason = roll_out_of_turn()
    assert reason != "It is not the moment to roll"
    assert notice.text() == says.format(action=action, reason=reason)
    assert scene.replay.error is not None and scene.replay.error.startswith("action 41 (")  # the English, for logs


def test_the_statistics_of_a_record_that_does_not_replay_say_why_in_french(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    texts.set_language("fr")
    stats = StatisticsScene(app, broken(), oval())
    for _ in range(200):
        if stats.problem:
            break
        stats.update(0.016)
    assert stats.problem.startswith(
        "L’enregistrement de la course est illisible, il n’y a donc pas de statistiques : l’action 41 ("
    )
    assert stats.problem.endswith(f"ne se rejoue pas : {roll_out_of_turn()}")


def test_continue_names_the_action_of_a_save_that_does_not_replay_in_german(tmp_path: Path) -> None:
    """Continue in the menu: the newest save repeats its last action, so the previous one is resumed
    and the notice says which action did not replay and why, in German."""
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    control = RaceControl.start(oval(), header(), app.saves)
    for _ in range(25):
        human_step(control)
    record = load(app.saves.current)
    bad = record.model_copy(update={"actions": record.actions + record.actions[-1:]})
    app.saves.current.write_text(bad.model_dump_json())
    texts.set_language("de")
    assert continue_race(app) and app.scene.name == "race"
    corrupt = next(n for n in app.notices if n.key == "notice.save_corrupt")
    assert corrupt.text().startswith(f"Das gespeicherte Rennen ließ sich nicht lesen: Aktion {len(bad.actions)} (")
    assert "lässt sich nicht nachspielen: " in corrupt.text()
