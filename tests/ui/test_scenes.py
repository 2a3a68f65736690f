"""The other screens, headless: menu, set-up, car set-up, settings, pause, results, gallery."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app.loop import Scene
from game.board.catalogue import TrackCatalogue
from game.play.race_control import RaceControl, Wait
from game.scenes.history.results import ResultsScene
from game.scenes.menus.gallery import GalleryScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.setup.carsetup import CarSetupScene
from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import Lineup, default_lineup, load_lineup
from game.storage.settings import load_settings
from rules.car import B_OWN_CAR
from rules.ruleset import PRESETS
from tests.ui.helpers import OVAL, gallery_entry, gallery_view, header, make_app, oval, play_until, spy_texts, track_of


def press(scene: Scene, button_id: str) -> None:
    """A real click (down and up) on the centre of a button of the scene."""
    x, y = scene.status()["buttons"][button_id]
    scene.app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    scene.app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path)
    a.push(MenuScene(a))
    return a


def draw(app) -> None:
    app.frame(0.016)


def test_menu_offers_continue_only_with_a_saved_race(app) -> None:
    draw(app)
    assert "continue" not in app.status()["buttons"]
    RaceControl.start(oval(), header(), app.saves)
    app.scene.enter()
    assert "continue" in app.status()["buttons"]
    press(app.scene, "continue")
    assert app.scene.name == "race"
    draw(app)


def test_continue_with_a_damaged_save_shows_a_notice_and_stays(app) -> None:
    app.saves.current.parent.mkdir(parents=True, exist_ok=True)
    app.saves.current.write_text("{broken")
    app.scene.enter()
    press(app.scene, "continue")
    assert app.scene.name == "menu"
    assert [n.key for n in app.notices] == ["notice.save_corrupt", "notice.save_nothing"]
    draw(app)  # the notices show; a click on one closes it
    box = app._notice_rects[0]  # noqa: SLF001
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    assert len(app.notices) == 1


def test_a_corrupt_settings_file_gives_a_notice_defaults_and_a_kept_copy(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{{{")
    app = make_app(tmp_path)
    assert [n.key for n in app.notices] == ["notice.settings_not_json", "notice.damaged_kept"]
    assert app.settings == load_settings(Path("/nonexistent"))[0]


def test_menu_buttons_lead_somewhere(app) -> None:
    for button, name in (("new_race", "setup"), ("gallery", "gallery"), ("settings", "settings")):
        draw(app)
        press(app.scene, button)
        assert app.scene.name == name
        draw(app)
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert app.scene.name == "menu"
    press(app.scene, "quit")
    assert not app.running


def test_setup_edits_drivers_keeps_colours_and_numbers_distinct_and_remembers(app) -> None:
    press(app.scene, "new_race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    press(setup, "laps.plus")
    press(setup, "driver2.kind")
    press(setup, "driver3.colour")
    press(setup, "driver3.number")
    press(setup, "add")
    press(setup, "driver1.remove")
    lineup = setup.lineup()
    assert len(lineup.drivers) == 4
    assert len({d.colour for d in lineup.drivers}) == 4 and len({d.number for d in lineup.drivers}) == 4
    assert lineup.laps == 3  # one more than the 2 the oval proposes
    assert lineup.drivers[0].kind == "champion"  # Ben, clicked from Racer to the next level
    while len(setup.drivers) > 2:
        press(setup, "driver1.remove")
    assert "driver1.remove" not in setup.status()["buttons"]  # never fewer than two drivers
    press(setup, "next")
    assert app.scene.name == "carsetup"
    assert load_lineup(app.data)[0].drivers == setup.lineup().drivers


def test_typing_a_name(app) -> None:
    press(app.scene, "new_race")
    setup = app.scene
    press(setup, "driver1.name")
    for _ in range(10):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert setup.lineup().drivers[0].name == "Zoë"


def test_the_setup_is_limited_by_the_grid(app) -> None:
    press(app.scene, "new_race")
    setup = app.scene
    for _ in range(12):
        if "add" in setup.status()["buttons"]:
            press(setup, "add")
    assert len(setup.drivers) == setup.room == 10
    assert "add" not in setup.status()["buttons"]


def test_basic_rules_show_the_fixed_car_and_start_the_race(app) -> None:
    lineup = default_lineup()
    scene = CarSetupScene(app, lineup)
    app.push(scene)
    draw(app)
    assert scene.fixed and not scene.editors
    press(scene, "start")
    assert app.scene.name == "race"
    assert [s.name for s in app.stack] == ["menu", "race"]
    assert app.saves.exists()


def test_own_car_rules_let_humans_build_their_car(app) -> None:
    rules = PRESETS["fd-basic"].model_copy(update={"car_setup": B_OWN_CAR})
    lineup = default_lineup()
    ben = lineup.drivers[1].model_copy(update={"kind": "human"})
    lineup = lineup.model_copy(update={"drivers": (lineup.drivers[0], ben, *lineup.drivers[2:])})
    scene = CarSetupScene(app, lineup, rules)
    app.push(scene)
    draw(app)
    assert not scene.fixed and scene.humans == [0, 1]
    assert "car2.tyres.plus" not in scene.status()["buttons"]  # one car at a time
    press(scene, "car2.tab")
    press(scene, "car2.body.plus")
    assert scene.wear[1].body == 4 and scene.wear[0].body == 3
    press(scene, "car2.default")
    press(scene, "car1.tab")
    press(scene, "car1.tyres.plus")
    assert scene.wear[0].tyres == 7 and scene.problems(0)  # 21 WP: the rules object
    draw(app)
    press(scene, "start")
    assert app.scene is scene and scene.message  # not started: the problems are shown
    press(scene, "car1.brakes.minus")
    assert scene.problems(0) == []
    press(scene, "car1.default")
    assert scene.wear[0] == rules.default_wear
    for _ in range(20):
        press(scene, "car1.engine.minus")
    assert scene.wear[0].engine == 0 and any("Engine" in p or "engine" in p for p in scene.problems(0))


def test_settings_change_at_once_and_are_stored(app) -> None:
    press(app.scene, "settings")
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    press(scene, "language.de")
    press(scene, "speed.4")
    press(scene, "mute")
    draw(app)
    stored = json.loads((app.data / "settings.json").read_text())
    assert stored["language"] == "de" and stored["animation_speed"] == 4 and stored["mute"] is True
    assert app.sound.volume == 0
    x, y = scene.status()["buttons"]["volume"]
    app.handle(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(next(w for w in scene.widgets if w.id == "volume").rect.left, y), button=1
        )
    )
    assert app.settings.volume == 0


def test_results_list_everyone_with_why_they_retired(app) -> None:
    control = RaceControl.start(oval(), header(("careful", "aggressive", "careful"), seed=11))
    play_until(control, lambda c: c.wait() == Wait.DONE)
    scene = ResultsScene(app, control)
    app.push(scene)
    draw(app)
    assert sorted(scene.status()["places"]) == ["Driver 1", "Driver 2", "Driver 3"]
    press(scene, "back")
    assert app.scene.name == "menu"


def test_pause_menu_over_the_race(app) -> None:
    RaceControl.start(oval(), header(), app.saves)
    app.scene.enter()
    press(app.scene, "continue")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "pause"
    draw(app)
    press(app.scene, "resume")
    assert app.scene.name == "race"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    press(app.scene, "leave")
    assert app.scene.name == "menu" and app.saves.exists()


def test_gallery_browses_the_tracks(app, tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        (maps / name).symlink_to(OVAL.parent / name)
    (maps / "twin.tmx").symlink_to(OVAL)
    app.tracks = TrackCatalogue(maps, tmp_path / "cache")
    scene = GalleryScene(app)
    app.push(scene)
    first = gallery_entry(scene).path.name
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert gallery_entry(scene).path.name != first
    draw(app)
    space = track_of(scene.entry).spaces[0]
    pos = gallery_view(scene).to_screen((space.x, space.y))
    assert scene.hint_at((round(pos[0]), round(pos[1])))[0] == f"Space {space.name}"


def test_resizing_keeps_every_screen_usable(app) -> None:
    app.screen = pygame.display.set_mode((1000, 700))
    app.relayout()
    draw(app)
    for button in app.status()["buttons"].values():
        assert 0 <= button[0] < 1000 and 0 <= button[1] < 700


def test_the_default_lineup_is_valid() -> None:
    assert Lineup.model_validate(default_lineup().model_dump()) == default_lineup()


def test_a_bug_in_a_screen_sends_the_player_back_to_the_menu_with_a_notice(app) -> None:
    class Broken(Scene):
        name = "broken"

        def update(self, dt: float) -> None:
            raise ValueError("engine hiccup")

    app.push(Broken(app))
    app.guarded(lambda: app.frame(0.016))
    assert app.scene.name == "menu"
    assert app.notices[-1].key == "notice.crash" and "engine hiccup" in app.notices[-1].text()


def test_a_bug_in_the_menu_itself_is_not_hidden(app) -> None:
    with pytest.raises(ZeroDivisionError):
        app.guarded(lambda: 1 / 0)


def esc(app) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))


def test_esc_on_the_menu_asks_before_quitting(app) -> None:
    """Esc by habit on the menu no longer closes the game at once."""
    draw(app)
    esc(app)
    assert app.running and app.scene.name == "quit"
    draw(app)
    esc(app)  # Esc again: stay
    assert app.running and app.scene.name == "menu"
    esc(app)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert not app.running


def test_the_quit_question_says_a_race_is_saved(app, monkeypatch) -> None:
    RaceControl.start(oval(), header(), app.saves)
    app.scene.enter()
    esc(app)
    drawn = spy_texts(monkeypatch)
    draw(app)
    assert any("Your race is saved" in line for line in drawn), drawn
    press(app.scene, "quit")
    assert not app.running
