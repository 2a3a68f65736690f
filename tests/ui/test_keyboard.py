"""Every screen by keyboard alone, through the app as a player's key presses reach it: the focus
ring over a menu, the race's destinations and dialogs, and a key remapped on the keys screen."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import theme
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.keys import KeysScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.keys import FILE, KeyMap
from game.widgets.focus import RING_GAP
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.leaguedialog import LeagueDialog
from rules.actions import Bid, ChooseGear, FreeWP, Roll
from rules.car import Area
from rules.gears import ShiftCost
from rules.ruleset import FORMULA_D_BASIC, PRESETS
from rules.state import HeadToHead, LeagueRace
from rules.tables.tyres import Tyre
from tests.rules.fixtures import act, car, position
from tests.ui.helpers import active_id, header, make_app, spy_texts
from tests.ui.modules_helpers import control_at, scene_at
from tests.ui.test_league_dialog import state as league_state
from tests.ui.test_modules_race import pit_scene
from tests.ui.test_race_scene import settle
from tests.ui.test_street_screens import wp_state


def press(app, k: int, shift: bool = False) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LSHIFT if shift else 0, unicode=""))


def focus(app) -> str | None:
    return app.scene.status()["focus"]


def tab_to(app, widget_id: str, ring=None) -> None:
    """Tab until ``widget_id`` has the focus (the scene's ring, or ``ring`` of a race dialog)."""
    for _ in range(40):
        now = ring.widget if ring is not None else None
        if (now.id if now is not None else focus(app) if ring is None else None) == widget_id:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget_id}")


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True, "language": "en"}))
    app.push(MenuScene(app))
    return app


def test_the_menu_by_keys_tab_arrows_and_enter_with_a_ring_round_the_focus(app) -> None:
    app.frame(0.016)
    assert focus(app) is None  # a mouse player sees no ring
    press(app, pygame.K_TAB)
    first = focus(app)
    assert first is not None
    press(app, pygame.K_DOWN)
    second = focus(app)
    assert second not in (None, first)
    press(app, pygame.K_TAB, shift=True)
    assert focus(app) == first
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 2)))
    assert focus(app) is None  # the mouse took over
    press(app, pygame.K_TAB)
    assert focus(app) == first
    tab_to(app, "settings")
    app.frame(0.016)
    button = next(w for w in app.scene.widgets if w.id == "settings")
    ring_x = button.rect.left - RING_GAP  # the ring's light line, just outside the button
    assert tuple(app.screen.get_at((ring_x, button.rect.centery)))[:3] == theme.YELLOW
    press(app, pygame.K_RETURN)
    assert app.scene.name == "settings"
    tab_to(app, "keys")
    press(app, pygame.K_SPACE)
    assert app.scene.name == "keys"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"


def test_a_focused_slider_moves_with_the_arrows(app) -> None:
    app.scene.settings()
    tab_to(app, "volume")
    before = app.settings.volume
    press(app, pygame.K_LEFT)
    assert app.settings.volume == before - 5


def test_a_text_field_pressed_by_keys_keeps_its_typing(app) -> None:
    app.scene.time_trial()
    tab_to(app, "name")
    press(app, pygame.K_RETURN)  # the field takes the typing now
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="q"))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))  # typing ends, on to the next
    assert app.scene.fixed[3].value().endswith("q") and not app.scene.fixed[3].editing
    assert focus(app) not in (None, "name")


def remap_hint_to_g(app) -> None:
    app.push(KeysScene(app))
    tab_to(app, "key.race.hint")
    press(app, pygame.K_RETURN)
    assert app.scene.status()["waiting"] == "race.hint"
    press(app, pygame.K_f)  # the fit's key: refused
    assert app.scene.status()["waiting"] == "race.hint" and "Fit the board" in app.scene.said[0]
    assert app.keys == KeyMap()
    press(app, pygame.K_g)
    assert app.scene.status()["waiting"] is None and app.keys.key("race.hint") == "g"
    assert json.loads((app.data / FILE).read_text()) == {"keys": {"race.hint": "g"}}


def test_a_key_remapped_on_the_keys_screen_works_in_the_race_and_reset_brings_the_default_back(app) -> None:
    remap_hint_to_g(app)
    app.frame(0.016)
    press(app, pygame.K_ESCAPE)
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, RaceControl.start(entry.track, header(("human", "careful")), None), BoardView(entry.board))
    app.push(scene)
    settle(scene)
    assert scene.control.wait() == Wait.GEAR
    press(app, pygame.K_h)
    assert scene.message is None  # h asks nothing any more
    press(app, pygame.K_g)
    assert scene.message is not None and "gear" in scene.message[0].lower()
    app.home()
    app.push(KeysScene(app))
    tab_to(app, "reset")
    press(app, pygame.K_RETURN)
    assert app.keys == KeyMap() and json.loads((app.data / FILE).read_text()) == {"keys": {}}


def test_the_key_map_is_read_at_start_and_a_damaged_one_is_a_notice(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text('{"keys": {"race.roll": "r"}}')
    assert make_app(tmp_path).keys.key("race.roll") == "r"
    (tmp_path / FILE).write_text("{broken")
    app = make_app(tmp_path)
    assert app.keys == KeyMap() and [n.key for n in app.notices][:1] == ["notice.keys_not_json"]


def race_at_a_move(app) -> RaceScene:
    """A race on the oval against a computer, its gear and roll made by keys until the human's
    car picks its destination."""
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, RaceControl.start(entry.track, header(("human", "careful")), None), BoardView(entry.board))
    app.push(scene)
    for _ in range(60):  # gear and roll by keys until the car picks its destination
        settle(scene)
        wait = scene.control.wait()
        if wait == Wait.MOVE:
            break
        legal = [g for g, o in scene.control.gear_options().items() if isinstance(o, ShiftCost)]
        press(app, pygame.K_0 + max(legal) if wait == Wait.GEAR else pygame.K_SPACE)
    return scene


def test_the_destinations_cycled_and_chosen_by_keys(app) -> None:
    scene = race_at_a_move(app)
    assert scene.control.wait() == Wait.MOVE and scene.keyboard.selected() is None
    order = scene.keyboard.targets()
    d = scene.control.destinations()
    rank = [(all(m.out is not None for m in d[s]), -max(len(m.path) for m in d[s])) for s in order]
    assert rank == sorted(rank)  # the farthest first, those that put the car out last
    press(app, pygame.K_TAB)
    assert scene.keyboard.selected() == order[0]
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB, shift=True)
    press(app, pygame.K_TAB, shift=True)
    assert scene.keyboard.selected() == order[-1]  # round the end
    press(app, pygame.K_TAB)
    assert scene.status()["picked"] == order[0]
    app.frame(0.016)  # lit, with its cost and the keys beside it
    car_id = active_id(scene.control.state)
    press(app, pygame.K_RETURN)
    settle(scene)
    assert scene.control.state.car(car_id).space == order[0]


def test_several_ways_to_one_destination_open_the_way_menu_worked_by_keys(tmp_path: Path) -> None:
    state = position([car("m", "A1", gear=6), car("f", "A2", gear=6)], "m", rules=FORMULA_D_BASIC)
    state, _ = act(state, ChooseGear(gear=6), Roll(value=21))
    scene = scene_at(tmp_path, control_at(state))
    app = scene.app
    settle(scene)
    press(app, pygame.K_TAB)
    while len(scene.control.destinations().get(scene.keyboard.selected() or "", [])) < 2:
        press(app, pygame.K_TAB)
    space = scene.keyboard.selected()
    assert space is not None
    ways = scene.control.destinations()[space]
    press(app, pygame.K_RETURN)
    assert scene.menu is not None and scene.menu.selected == 0
    press(app, pygame.K_DOWN)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert scene.menu.selected == len(ways) - 1
    app.frame(0.016)
    press(app, pygame.K_ESCAPE)  # closes the menu, not the race
    assert scene.menu is None and app.scene is scene
    press(app, pygame.K_RETURN)
    press(app, pygame.K_2)  # a digit picks its way and drives it
    assert scene.control.session.actions[-1].path == ways[1].path


def test_the_setup_crew_dialog_by_keys(app) -> None:
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(entry.track, header(("human", "careful"), preset="fde-advanced"), None)
    scene = RaceScene(app, control, BoardView(entry.board))
    app.push(scene)
    for _ in range(200):
        scene.update(1.0)
        if scene.dialog is not None:
            break
    assert scene.dialog is not None and scene.dialog.kind == "setup"
    tab_to(app, "tyre.soft", scene.dialogs.ring)
    press(app, pygame.K_SPACE)
    app.frame(0.016)
    tab_to(app, "crew.confirm", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    human = control.state.car(control.header.entries[0].id)
    assert scene.dialog is None and human.tyre == Tyre.SOFT


def test_the_pit_crew_dialog_by_keys(tmp_path: Path) -> None:
    rules = PRESETS["fd-modules"]
    wp = rules.default_wear.model_copy(update={"body": 1, "brakes": 1})
    scene = pit_scene(tmp_path, rules, wp=wp, setup=rules.default_wear)
    app = scene.app
    assert scene.dialog is not None and scene.dialog.kind == "pit"
    tab_to(app, "body.plus", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    tab_to(app, "crew.confirm", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.control.state.car("m").wp.body == 2


def test_the_pit_plan_by_keys_and_esc_cancels_it(tmp_path: Path) -> None:
    from tests.ui.test_layout import race

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = race(app, "dresden-2006")
    app.frame(0.016)
    press(app, pygame.K_p)
    assert scene.dialog is not None and scene.dialog.kind == "plan"
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is None and scene.announce is None and app.scene is scene
    press(app, pygame.K_p)
    tab_to(app, "plan.tyre.plus", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    app.frame(0.016)
    tab_to(app, "plan.confirm", scene.dialogs.ring)
    press(app, pygame.K_SPACE)
    assert scene.dialog is None and scene.announce is not None and scene.announce.tyre is not None


def test_the_free_wp_card_by_keys(tmp_path: Path) -> None:
    scene = scene_at(tmp_path, control_at(wp_state()))
    for _ in range(20):
        scene.update(1.0)
    assert isinstance(scene.dialog, FreeWPDialog)
    app = scene.app
    tab_to(app, "wp.more.body", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    tab_to(app, "wp.confirm", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.control.session.actions[-1] == FreeWP(car="m", wp={Area.BODY: 2})


def test_a_league_question_answered_by_keys(tmp_path: Path) -> None:
    bids = HeadToHead(cars=("f", "m"), bids=(7,))
    scene = scene_at(tmp_path, control_at(league_state("bid", {"f": 23, "m": 5}, league=LeagueRace(bids=bids))))
    for _ in range(20):
        scene.update(1.0)
    assert isinstance(scene.dialog, LeagueDialog) and scene.dialog.kind == "bid"
    app = scene.app
    tab_to(app, "bid.plus", scene.dialogs.ring)
    for _ in range(3):
        press(app, pygame.K_SPACE)
    tab_to(app, "bid.confirm", scene.dialogs.ring)
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.control.session.actions[-1] == Bid(car="m", amount=3)


def test_the_banner_and_the_pause_card_by_keys(app) -> None:
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, RaceControl.start(entry.track, header(), None), BoardView(entry.board))
    app.push(scene)
    settle(scene)
    assert scene.banner is not None  # two humans share the screen
    press(app, pygame.K_RETURN)
    assert scene.banner is None
    press(app, pygame.K_ESCAPE)
    assert app.scene.name == "pause"
    tab_to(app, "resume")
    press(app, pygame.K_RETURN)
    assert app.scene is scene


def test_the_qualifying_lap_s_tyres_and_pause_by_keys_while_tab_still_picks_on_the_drive(tmp_path: Path) -> None:
    from tests.ui.test_qualifying_scene import lap_scene

    rules = FORMULA_D_BASIC.model_copy(update={"weather": True, "tyres": "C"})
    app, scene, _ = lap_scene(tmp_path, rules)
    app.frame(0.016)
    tab_to(app, "tyre.soft")
    press(app, pygame.K_RETURN)
    assert scene.tyre == Tyre.SOFT and scene.phase == "ready"
    tab_to(app, "start_lap")
    press(app, pygame.K_RETURN)
    assert scene.phase != "ready"
    press(app, pygame.K_ESCAPE)
    assert scene.paused
    app.frame(0.016)
    tab_to(app, "leave")
    press(app, pygame.K_RETURN)
    assert app.scene.name == "menu"


def screens_with_a_ring() -> list[str]:
    """The screens of the layout tests whose controls the focus ring goes over (the race and the
    gallery work by keys of their own: Tab there picks destinations, skips, or turns the tracks)."""
    from tests.ui.test_layout import SCREENS

    return [
        s for s in SCREENS if not s.startswith(("race", "tutorial", "gallery", "qualifying-gear", "qualifying-move"))
    ]


@pytest.mark.parametrize("screen", screens_with_a_ring())
def test_tab_goes_over_every_control_of_every_screen(tmp_path: Path, screen: str) -> None:
    from game.widgets.focus import reading_order
    from tests.ui.test_layout import SCREENS

    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"language": "en", "mute": True}))
    app.push(MenuScene(app))
    SCREENS[screen](app)
    app.frame(0.016)
    scene = app.scene
    assert scene.keyboard_focus
    controls = reading_order(scene.focusables())
    visited = []
    for _ in range(len(controls)):
        press(app, pygame.K_TAB)
        visited.append(scene.ring.current(scene.focusables()))
    assert visited == controls  # each once, in reading order
    if controls:
        app.frame(0.016)  # the ring drawn over the screen


def test_the_keypad_s_digits_and_enter_are_the_main_ones(app) -> None:
    """A gear on the keypad is the same gear; the keypad's Enter presses like Enter."""
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, RaceControl.start(entry.track, header(("human", "careful")), None), BoardView(entry.board))
    app.push(scene)
    settle(scene)
    assert scene.control.wait() == Wait.GEAR
    press(app, pygame.K_KP1)
    assert scene.control.wait() == Wait.ROLL
    app.home()
    press(app, pygame.K_TAB)
    press(app, pygame.K_KP_ENTER)
    assert app.scene.name != "menu"


def test_a_remapped_gear_key_drives_the_qualifying_lap_too(tmp_path: Path) -> None:
    from tests.ui.test_qualifying_scene import lap_scene
    from tests.ui.test_qualifying_scene import settle as settle_lap

    app, scene, _ = lap_scene(tmp_path)
    app.change_keys(KeyMap().rebound("race.gear1", "q"))
    press(app, pygame.K_SPACE)  # ready
    settle_lap(scene)
    press(app, pygame.K_1)
    assert scene.wait() == "gear"  # 1 is no gear any more
    press(app, pygame.K_q)
    assert scene.wait() == "roll"


def test_the_side_panel_names_the_player_s_keys_for_the_destinations_while_a_move_is_picked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, size=(1920, 1080))
    app.keys = KeyMap(keys={"race.target_next": "j"})
    race_at_a_move(app)
    drawn = spy_texts(monkeypatch)
    drawn.clear()
    app.frame(0.016)
    said = " ".join(drawn)
    assert "J" in said and "pick a destination" in said


def test_a_destination_picked_by_keys_is_the_one_lit_and_explained_until_the_mouse_moves(app) -> None:
    scene = race_at_a_move(app)
    order = scene.keyboard.targets()
    assert len(order) >= 2
    press(app, pygame.K_TAB)
    s = scene.track.space(order[1])
    x, y = scene.view.to_screen((s.x, s.y))
    under_mouse = (round(x), round(y))  # the mouse rests on another destination
    assert scene.input.pointed(under_mouse) == order[1]
    assert scene.hint_at(under_mouse) == []  # only the picked destination's own box explains it
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=under_mouse, rel=(3, 0), buttons=(0, 0, 0)))
    assert scene.keyboard.selected() is None and order[1] in scene.hint_at(under_mouse)


def test_the_race_s_buttons_and_help_name_the_keys_of_the_player_s_key_map(app) -> None:
    app.keys = KeyMap(keys={"race.fit": "g", "race.roll": "r", "race.skip": "k"})
    entry = app.tracks.get("oval.tmx")
    scene = RaceScene(app, RaceControl.start(entry.track, header(("human", "careful")), None), BoardView(entry.board))
    app.push(scene)
    assert scene.buttons["fit"].label() == "Fit (G)" and scene.buttons["roll"].label() == "Roll (R)"
    assert "K: skip the computers" in scene.help_text() and "G: fit" in scene.help_text()
