"""The rule modules on the race screen: weather, set-up, slipstream, slides, pit stops, the log.

Positions come from the rules tests' helpers (the oval: B21 -> B28 ends directly behind a
car on B29; B33 -> B44 stops in the Seekurve; C58 is two spaces before the pit entry).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts, theme
from game.board.view import BoardView
from game.play.crew import BoxWork, SetupPlan
from game.play.movetext import move_lines, move_tag
from game.play.race_control import RaceControl, Wait
from game.play.racelog import describe
from game.scenes.menus.menu import MenuScene
from game.scenes.race import drawing as race_scene_module
from game.scenes.race.scene import RaceScene
from game.texts import tr
from game.widgets.crewdialog import CrewDialog
from rules.actions import ChooseGear, Drive, Roll
from rules.car import Area
from rules.engine import moves
from rules.ruleset import FORMULA_D_BASIC, PRESETS
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import act, at_pit_entry, car, position
from tests.ui.helpers import board_of, header, make_app, oval, screen_of, spy_texts, track_of
from tests.ui.modules_helpers import control_at, scene_at
from tests.ui.test_race_scene import key, settle

OVAL_RULES = FORMULA_D_BASIC
TYRES = FORMULA_D_BASIC.model_copy(update={"weather": True, "tyres": "C"})


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def behind_f(tmp: Path) -> RaceScene:
    """Human m (4th gear) has driven B21 -> B28, directly behind f (4th) on B29: slipstream is offered."""
    state = position([car("m", "B21", gear=4), car("f", "B29", gear=4)], "m", rules=OVAL_RULES)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=7))
    path = next(m.path for m in moves(oval(), state) if m.end == "B28" and not m.brakes)
    state, _ = act(state, Drive(path=path))
    scene = scene_at(tmp, control_at(state))
    settle(scene)
    return scene


def test_slipstream_is_offered_as_paths_with_their_label_and_an_end_move_button(tmp_path: Path, monkeypatch) -> None:
    scene = behind_f(tmp_path)
    control = scene.control
    assert control.wait() == Wait.MOVE and control.offer() == ("slip",) and control.optional()
    free = {s for s, ms in control.destinations().items() if any(not m.brakes for m in ms)}
    assert free == {"B31", "A29", "C34"}  # the three ways (AMB-13); shorter ones cost brake WP
    drawn: list[set[str]] = []
    monkeypatch.setattr(race_scene_module, "draw_extras", lambda screen, view, track, here, d: drawn.append(set(d)))
    scene.draw(screen_of(scene.app))
    assert drawn == [set(control.destinations())]
    assert scene.buttons["end"].visible
    assert "slipstream" in scene.drawing.hint(Wait.MOVE)[0] and "Enter" in scene.drawing.hint(Wait.MOVE)[0]
    slip = control.destinations()["B31"][0]
    assert move_tag(slip) == "Slip +3" and move_lines(scene.track, slip, "B28")[0] == "Slipstream: +3 spaces"


def test_enter_ends_the_move_and_declines_the_slipstream(tmp_path: Path) -> None:
    scene = behind_f(tmp_path)
    key(scene, pygame.K_RETURN)
    scene.draw(screen_of(scene.app))
    state = scene.control.state
    assert state.car("m").space == "B28" and state.movement is None and not scene.buttons["end"].visible


def test_a_click_on_a_slipstream_space_drives_it_and_the_log_says_so(tmp_path: Path) -> None:
    scene = behind_f(tmp_path)
    scene.clicked("B31")
    settle(scene)
    assert scene.control.state.car("m").space == "B31"
    assert any("slipstream" in line.text() for line in scene.log)


def slide_scene(tmp: Path, tyre: Tyre = Tyre.HARD) -> RaceScene:
    """m on hard tyres stops on B44 in the Seekurve in the rain: it must slide."""
    state = position([car("m", "B33", gear=4, tyre=tyre), car("f", "A5", gear=4)], "m", rules=TYRES)
    state = state.model_copy(update={"weather": Weather(condition="rain")})
    state, _ = act(state, ChooseGear(gear=4), Roll(value=11))
    path = next(m.path for m in moves(oval(), state) if m.end == "B44" and not m.brakes)
    state, _ = act(state, Drive(path=path))
    scene = scene_at(tmp, control_at(state))
    settle(scene)
    return scene


def test_a_slide_in_the_rain_is_shown_as_extra_spaces_and_cannot_be_declined(tmp_path: Path) -> None:
    scene = slide_scene(tmp_path)
    control = scene.control
    assert control.offer() == ("slide",) and not control.optional()
    scene.draw(screen_of(scene.app))
    assert not scene.buttons["end"].visible
    assert {len(m.path) for ms in control.destinations().values() for m in ms if not m.brakes} == {3}
    assert all(move_tag(m).startswith("Slide +") for ms in control.destinations().values() for m in ms)
    assert "slides on" in scene.drawing.hint(Wait.MOVE)[0]
    key(scene, pygame.K_RETURN)  # Enter does not end a forced slide
    assert control.offer() == ("slide",)
    end = next(s for s, ms in control.destinations().items() if not ms[0].brakes)
    scene.clicked(end)
    settle(scene)
    assert any("slides" in line.text() for line in scene.log)


def test_rain_tints_the_board_and_the_weather_shows_in_the_top_bar(tmp_path: Path, monkeypatch) -> None:
    scene = slide_scene(tmp_path)
    chips: list[str] = []
    monkeypatch.setattr(race_scene_module, "draw_chip", lambda screen, rect, weather: chips.append(weather.condition))
    tinted: list[pygame.Rect] = []
    monkeypatch.setattr(scene.weather.rain, "tint", lambda screen, rect: tinted.append(rect))
    scene.draw(screen_of(scene.app))
    assert chips == ["rain"] and tinted == [scene.view.viewport]
    scene.control.session.state = scene.control.state.model_copy(update={"weather": Weather(condition="sun")})
    scene.draw(screen_of(scene.app))
    assert tinted == [scene.view.viewport]  # no rain in the sun


def pit_scene(tmp: Path, rules, **kw) -> RaceScene:
    """m drives into its box P4 with the given rules; its crew decides next."""
    kw.setdefault("tyre", Tyre.SOFT)
    kw.setdefault("reserve", rules.pit_reserve)
    state = at_pit_entry(rules=rules, **kw)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5))
    state, _ = act(state, Drive(path=("C59", "P1", "P2", "P3", "P4")))
    scene = scene_at(tmp, control_at(state))
    settle(scene)
    scene.update(0.0)
    return scene


@pytest.mark.rules("PIT-X-1", "PIT-X-2", "PIT-X-3")
def test_the_pit_dialog_fits_new_tyres_and_repairs_from_the_reserve(tmp_path: Path) -> None:
    rules = PRESETS["fd-modules"]  # any stop repairs, 2 WP reserve, two areas (PIT-X-1..3)
    wp = rules.default_wear.model_copy(update={"body": 1, "brakes": 1})
    scene = pit_scene(tmp_path, rules, wp=wp, setup=rules.default_wear)
    assert scene.control.wait() == Wait.PIT and scene.dialog is not None and scene.dialog.kind == "pit"
    dialog = scene.dialog
    assert isinstance(dialog, CrewDialog)
    assert {b.id for b in dialog.cards} == {"tyre.hard", "tyre.soft", "tyre.rain"} and not dialog.long.visible
    dialog.pick(Tyre.HARD)
    for _ in range(3):
        dialog.change(Area.BODY, 1)  # only two WP to body: the set-up's 3 is the ceiling (AMB-31)
    assert isinstance(dialog.plan, BoxWork) and dialog.plan.repairs == {Area.BODY: 2}
    dialog.change(Area.BRAKES, 1)  # the reserve is spent
    assert dialog.plan.repairs == {Area.BODY: 2}
    scene.draw(screen_of(scene.app))
    key(scene, pygame.K_RETURN)
    m = scene.control.state.car("m")
    assert (m.tyre, m.wp.body, m.reserve) == (Tyre.HARD, 3, 0) and scene.dialog is None
    settle(scene)
    assert any("crew" in line.text() and "Hard" in line.text() for line in scene.log)


def test_the_crew_dialog_is_drawn_anew_only_when_its_plan_or_layout_changes(tmp_path: Path, monkeypatch) -> None:
    rules = PRESETS["fd-modules"]
    wp = rules.default_wear.model_copy(update={"body": 1})
    scene = pit_scene(tmp_path, rules, wp=wp, setup=rules.default_wear)
    dialog, screen = scene.dialog, screen_of(scene.app)
    assert isinstance(dialog, CrewDialog)
    drawn = spy_texts(monkeypatch)
    screen.fill(theme.BACKDROP)
    dialog.draw(screen)
    assert tr("tyre.hard") in drawn
    before = pygame.image.tobytes(screen, "RGB")
    drawn.clear()
    screen.fill(theme.BACKDROP)
    dialog.draw(screen)
    assert drawn == [] and pygame.image.tobytes(screen, "RGB") == before  # the cached picture, no words rendered
    dialog.change(Area.BODY, 1)
    screen.fill(theme.BACKDROP)
    dialog.draw(screen)
    assert drawn and pygame.image.tobytes(screen, "RGB") != before  # the repaired WP show
    drawn.clear()
    dialog.layout(pygame.Rect(0, 0, 700, 600))
    dialog.draw(screen)
    assert drawn and dialog.rect.width == 676


@pytest.mark.rules("PIT-A-4")
def test_a_long_stop_is_offered_where_only_long_stops_repair(tmp_path: Path) -> None:
    rules = PRESETS["fde-advanced"]
    wp = rules.default_wear.model_copy(update={"engine": 2})
    scene = pit_scene(tmp_path, rules, wp=wp, setup=rules.default_wear)
    dialog = scene.dialog
    assert isinstance(dialog, CrewDialog) and dialog.long.visible
    dialog.change(Area.ENGINE, 1)
    assert isinstance(dialog.plan, BoxWork) and dialog.plan.long  # PIT-A-4: repairs come with a long stop
    dialog.toggle_long()
    assert not dialog.plan.long and not dialog.plan.repairs
    dialog.change(Area.ENGINE, 1)
    dialog.done()
    m = scene.control.state.car("m")
    assert m.wp.engine == 3 and m.pit_wait


@pytest.mark.rules("CAR-C-2")
def test_set_up_before_the_start_with_tyres_and_the_own_car(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("human", "careful"), preset="fde-advanced"), None)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    for _ in range(200):
        scene.update(1.0)
        if scene.dialog is not None:
            break
    assert control.wait() == Wait.SETUP and scene.dialog is not None and scene.dialog.kind == "setup"
    assert control.state.weather is not None
    assert any(line.key.startswith("log.weather.") for line in scene.log)
    dialog = scene.dialog
    assert isinstance(dialog, CrewDialog)
    assert [a for a in dialog.areas] == list(PRESETS["fde-advanced"].car_setup.areas)
    dialog.pick(Tyre.SOFT)
    dialog.change(Area.ROAD_HOLDING, -1)
    assert dialog.problems()  # 19 of 20 WP: CAR-C-2 objects, the engine would refuse
    dialog.change(Area.TYRES, 1)
    assert not dialog.problems()
    scene.draw(screen_of(app))
    dialog.done()
    human = control.state.car(control.header.entries[0].id)
    assert human.tyre == Tyre.SOFT and human.wp.tyres == PRESETS["fde-advanced"].default_wear.tyres + 1


@pytest.mark.rules("WEATHER-B-1")
def test_the_weather_roll_is_announced_over_the_board(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 1, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("human", "careful"), preset="fd-modules"), None)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    step = control.roll()  # the race weather comes first (WEATHER-B-1)
    scene.pacing.play(step)
    for _ in range(40):
        scene.update(0.1)
        if scene.announcer.current is not None:
            break
    said = scene.announcer.current
    assert said is not None and said.kind == "weather"
    weather = control.state.weather
    assert weather is not None and said.weather == weather and said.text().startswith("Race weather")
    scene.draw(screen_of(app))
    assert scene.status()["weather"] == weather.condition


def test_the_dashboard_shows_the_tyres_their_age_and_the_reserve(tmp_path: Path) -> None:
    rules = PRESETS["fd-modules"]
    state = at_pit_entry(rules=rules, tyre=Tyre.SOFT, reserve=2, crossings=2, tyre_from=1, setup=rules.default_wear)
    scene = scene_at(tmp_path, control_at(state))
    kit = scene.dashboard._kit(state, state.car("m"))
    assert kit == "Soft, lap 2 · reserve 2 WP"
    texts.set_language("de")
    assert scene.dashboard._kit(state, state.car("m")) == "Weich, Runde 2 · Reserve 2 VP"


def test_the_log_narrates_set_up_and_weather_in_both_languages(tmp_path: Path) -> None:
    control = RaceControl.start(oval(), header(("careful", "aggressive"), preset="fd-modules"), None)
    lines = []
    while control.state.phase in ("grid", "setup"):
        step = control.roll() if control.chance() else control.computer()
        lines += describe(control, step)
    keys = {line.key for line in lines}
    assert {"log.setup.tyre"} <= keys and any(k.startswith("log.weather.") for k in keys)
    english = [line.text() for line in lines]
    texts.set_language("de")
    german = [line.text() for line in lines]
    assert english != german and any("Reifen" in g for g in german)


@pytest.mark.rules("OPT-CAR-1", "OPT-CAR-2", "PIT-X-3")
def test_plans_never_offer_what_the_engine_refuses() -> None:
    rules = PRESETS["fd-modules"]  # own car: 20 WP, tyres 1-14, others 1-7 (OPT-CAR-1/2)
    plan = SetupPlan(tyre=Tyre.HARD, wp=rules.default_wear, build=True)
    assert plan.change(rules.car_setup, Area.BRAKES, 1) is plan  # already 20 of 20
    low = plan.change(rules.car_setup, Area.ROAD_HOLDING, -1)
    assert low.wp.road_holding == 1 and low.change(rules.car_setup, Area.ROAD_HOLDING, -1) is low
    two = BoxWork(tyre=Tyre.HARD, reserve=2)
    m = car(
        "m",
        "A1",
        wp=rules.default_wear.model_copy(update={"body": 1, "engine": 2, "brakes": 2}),
        setup=rules.default_wear,
        reserve=2,
    )
    two = two.repair(rules, m, Area.ENGINE, 1).repair(rules, m, Area.BRAKES, 1)
    assert two.repair(rules, m, Area.BODY, 1) == two  # two areas at most (PIT-X-3), reserve spent


def test_the_hint_says_what_a_computer_car_is_doing_before_the_start_and_at_the_box(tmp_path) -> None:
    from game.play.race_control import Wait
    from rules.ruleset import PRESETS
    from tests.rules.fixtures import car, position

    rules = PRESETS["fde-advanced"].model_copy(update={"grid": "roll"})
    for phase, words in (("setup", "sets up the car"), ("pit", "crew is at work")):
        state = position([car("f", "A30", tyre=None), car("m", "B10")], "f", rules=rules).model_copy(
            update={"phase": phase}
        )
        scene = scene_at(tmp_path / phase, control_at(state))
        assert scene.control.wait() == Wait.COMPUTER
        assert words in scene.drawing.hint(Wait.COMPUTER)[0]  # noqa: SLF001
