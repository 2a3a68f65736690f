"""The street race on screen: the nitro beside the gear box (STREET-3), the card for the WP won
(STREET-7, STREET-8), the street events in the race log and the roster's drivers in the set-up
(STREET-1), in English and German."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.play.race_control import Wait
from game.play.racelog import describe
from game.scenes.launch import header_for
from game.scenes.menus.menu import MenuScene
from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import COLOURS, NAMES, Driver, Lineup, save_lineup
from game.widgets.anims import Drive
from game.widgets.freewpdialog import FreeWPDialog
from rules.actions import ChooseGear, FreeWP
from rules.car import Area
from rules.ruleset import STREET
from rules.state import RaceState, StreetCar
from rules.tables.roster import ROSTER
from tests.rules.fixtures import W, car, position
from tests.ui.helpers import make_app, screen_of, track_of
from tests.ui.modules_helpers import control_at, scene_at
from tests.ui.test_race_scene import settle


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def click(dialog: FreeWPDialog, button_id: str) -> None:
    b = next(w for w in dialog.widgets if w.id == button_id)
    assert b.visible, button_id
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        b.handle(pygame.event.Event(kind, button=1, pos=b.rect.center))


def wp_state() -> RaceState:
    """Human m has crossed the line (STREET-8): 2 WP to place, room in body and brakes."""
    worn = W.model_copy(update={"body": 1, "brakes": 1})
    state = position(
        [car("m", "A3", 3, crossings=2, wp=worn, street=StreetCar(free_wp=2)), car("f", "A30", 3)], "m", rules=STREET
    )
    return state.model_copy(update={"phase": "wp"})


@pytest.mark.rules("STREET-3")
def test_STREET_3_N_switches_the_nitro_on_the_gear_box_counts_it_and_the_gear_carries_it(tmp_path: Path) -> None:
    state = position([car("m", "A40", 3), car("f", "A5", 3)], "m", rules=STREET)
    scene = scene_at(tmp_path, control_at(state))
    settle(scene)
    scene.draw(screen_of(scene.app))
    assert scene.control.wait() == Wait.GEAR and scene.buttons["nitro"].visible
    plain = scene.control.odds()
    key(scene, pygame.K_n)
    assert scene.nitro and scene.buttons["nitro"].label() == texts.tr("race.nitro", state=texts.tr("toggle.on"))
    boosted = scene.control.odds(nitro=True)
    assert boosted and all(boosted[g].advance - plain[g].advance == g for g in (3, 4))  # + the gear's number
    scene.choose(3)
    sent = scene.control.session.actions[-1]
    assert isinstance(sent, ChooseGear) and sent.nitro and not scene.nitro
    assert any(line.key == "log.nitro" for line in scene.log)


@pytest.mark.rules("STREET-3")
def test_STREET_3_once_the_laps_nitro_is_used_the_toggle_is_gone(tmp_path: Path) -> None:
    state = position([car("m", "A40", 3, street=StreetCar(nitro_lap=1)), car("f", "A5", 3)], "m", rules=STREET)
    scene = scene_at(tmp_path, control_at(state))
    settle(scene)
    scene.draw(screen_of(scene.app))  # the buttons follow the state as the screen is drawn
    assert scene.control.wait() == Wait.GEAR and not scene.buttons["nitro"].visible
    key(scene, pygame.K_n)
    assert not scene.nitro


@pytest.mark.rules("STREET-8")
def test_STREET_8_the_card_places_the_WP_won_and_the_race_goes_on(tmp_path: Path) -> None:
    scene = scene_at(tmp_path, control_at(wp_state()))
    for _ in range(20):
        scene.update(1.0)
    card = scene.dialog
    assert isinstance(card, FreeWPDialog) and set(card.areas) == {Area.BODY, Area.BRAKES}
    assert not card.confirm.visible
    for _ in range(3):
        click(card, "wp.more.body")  # never above the set-up: body has room for 2
    assert card.chosen == {Area.BODY: 2} and card.confirm.visible
    click(card, "wp.less.body")
    click(card, "wp.more.brakes")
    key(scene, pygame.K_RETURN)
    assert scene.dialog is None
    sent = scene.control.session.actions[-1]
    assert sent == FreeWP(car="m", wp={Area.BODY: 1, Area.BRAKES: 1})
    m = scene.control.state.car("m")
    assert (m.wp.body, m.wp.brakes, m.street.free_wp) == (2, 2, 0)


@pytest.mark.rules("STREET-7", "STREET-8")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_STREET_7_STREET_8_the_card_and_the_log_speak_both_languages(tmp_path: Path, language: str) -> None:
    scene = scene_at(tmp_path, control_at(wp_state()))
    texts.set_language(language)
    for _ in range(20):
        scene.update(1.0)
    card = scene.dialog
    assert isinstance(card, FreeWPDialog)
    lines = card.lines()
    assert all(lines) and "{" not in " ".join(lines)
    card.draw(screen_of(scene.app))
    step = scene.control.decide(FreeWP(wp={Area.BODY: 2}))
    said = " ".join(line.text() for line in describe(scene.control, step))
    assert {"en": "Body", "de": "Karosserie", "fr": "Carrosserie"}[language] in said


@pytest.mark.rules("STREET-1")
def test_STREET_1_the_set_up_shows_each_seats_roster_driver_and_ability_and_the_race_carries_them(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    seats = tuple(
        Driver(kind="human" if i == 0 else "careful", name=NAMES[i], colour=COLOURS[i], number=i + 1) for i in range(10)
    )
    lineup = Lineup(track="oval.tmx", preset="street", drivers=seats)
    save_lineup(app.data, lineup)
    app.tracks.get("oval.tmx")
    scene = SetupScene(app)
    app.push(scene)
    labels = [scene.profile_label(i) for i in range(10)]
    assert labels == [texts.tr(f"profile.{d.profile.value}") for d in ROSTER]  # every seat shows its ability
    assert scene.seat_name(0) == NAMES[0] and [scene.seat_name(i) for i in range(1, 10)] == [d.name for d in ROSTER[1:]]
    assert ROSTER[0].name in scene.profile_hint(0)[0]  # the human's seat names the roster driver it drives
    scene.next_profile(0)  # a fixed driver: the click changes nothing
    assert scene.profile_label(0) == labels[0]
    header = header_for(lineup, "Lindenring Oval", "x" * 64, 1)
    assert header.entries[0].name == NAMES[0]  # the human keeps their name ...
    assert [e.profile for e in header.entries] == [d.profile for d in ROSTER]  # ... and drives the seat's ability
    assert [e.name for e in header.entries[1:]] == [d.name for d in ROSTER[1:]]


@pytest.mark.rules("STREET-5", "STREET-7", "STREET-8")
def test_STREET_5_STREET_7_STREET_8_the_way_hints_name_the_windows_the_police_the_tunnel_and_the_line() -> None:
    from game.play.movetext import move_lines
    from rules.actions import Roll
    from rules.engine import moves
    from tests.rules.test_street import STREET_OVAL, at

    state = position([car("t", "C26", 2), car("x", "A5")], "t", track=STREET_OVAL, rules=STREET)
    state, _ = at(state, ChooseGear(gear=2), Roll(value=4))
    to_tunnel = next(m for m in moves(STREET_OVAL, state) if m.end == "C30")
    assert texts.tr("cost.tunnel", number=1, space="C36") in move_lines(STREET_OVAL, to_tunnel, "C26", street=True)
    assert texts.tr("cost.tunnel", number=1, space="C36") not in move_lines(STREET_OVAL, to_tunnel, "C26")
    state = position([car("s", "A22", 4), car("x", "C5")], "s", track=STREET_OVAL, rules=STREET)
    state, _ = at(state, ChooseGear(gear=4), Roll(value=12))
    through = next(
        m for m in moves(STREET_OVAL, state) if m.path[-1] == "A34" and not m.brakes
    )  # under A26-A30, short of A36
    lines = move_lines(STREET_OVAL, through, "A22", street=True)
    assert texts.tr("cost.shooting") in lines and texts.tr("cost.police") not in lines
    state = position([car("f", "A57", 3), car("x", "C20")], "f", track=STREET_OVAL, rules=STREET)
    state, _ = at(state, ChooseGear(gear=3), Roll(value=5))
    over = next(m for m in moves(STREET_OVAL, state) if m.laps)
    assert texts.tr("cost.line_wp") in move_lines(STREET_OVAL, over, "A57", street=True)


@pytest.mark.rules("STREET-3", "STREET-7", "STREET-8")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_STREET_3_STREET_7_STREET_8_the_log_tells_nitro_tunnel_police_and_the_line(language: str) -> None:
    from game.play.race_control import Step
    from rules.actions import Event, Roll

    state = wp_state()
    control = control_at(state)
    events = (
        Event(kind="nitro", car="m", data={"spaces": 4, "lap": 1}),
        Event(kind="tunnel", car="m", data={"number": 1, "from": "C30", "to": "C36", "blocked": False}),
        Event(kind="tunnel", car="m", data={"number": 1, "from": "C30", "to": "C36", "blocked": True}),
        Event(kind="police", car="m", data={"roll": 9, "free": 2}),
        Event(kind="police", data={"roll": 7, "tied": ["m", "f"]}),
        Event(kind="tyres_back", car="m", data={"tyres": 4, "left": 6, "free": 2}),
        Event(kind="free_wp", car="m", data={"forfeit": 2}),
    )
    step = Step(action=Roll(value=1), events=events, car="m", chance=None, before=state, after=state)
    texts.set_language(language)
    lines = describe(control, step)
    assert [line.key for line in lines] == [
        "log.nitro",
        "log.tunnel",
        "log.tunnel_blocked",
        "log.police",
        "log.police_tie",
        "log.tyres_back",
        "log.free_wp_none",
    ]
    said = [line.text() for line in lines]
    assert all("{" not in s for s in said) and "C36" in said[1] and "Driver m, Driver f" in said[4] and "9" in said[3]


@pytest.mark.rules("STREET-7")
def test_STREET_7_the_screen_drives_the_car_through_the_tunnel_to_its_exit(tmp_path: Path) -> None:
    """The car drives its roll to the entry, then on to the exit: two drives are queued."""
    from game.play.race_control import Step
    from rules.actions import Event, Roll

    scene = scene_at(tmp_path, control_at(wp_state()))
    state = scene.control.state
    events = (
        Event(kind="moved", car="m", data={"path": ["A4", "A5"], "from": "A3", "via": "roll"}),
        Event(kind="tunnel", car="m", data={"number": 1, "from": "A5", "to": "A9", "blocked": False}),
    )
    scene.queue.clear()
    scene.pacing.reveal(Step(action=Roll(value=1), events=events, car="m", chance=None, before=state, after=state))
    drives = [item for item in scene.queue if isinstance(item, Drive)]
    assert len(drives) == 2 and drives[-1].points[-1] == (scene.track.space("A9").x, scene.track.space("A9").y)


@pytest.mark.rules("STREET-1")
def test_STREET_1_the_cars_page_names_the_roster_s_drivers_in_the_computer_seats(tmp_path: Path) -> None:
    """The Cars page listed Ben, Clara, David where the race enters the street roster's drivers."""
    from game.scenes.setup.carsetup import CarSetupScene

    drivers = tuple(
        Driver(name=NAMES[i], kind="human" if i == 0 else "careful", colour=COLOURS[i], number=i + 1) for i in range(4)
    )
    lineup = Lineup(preset="street", drivers=drivers)
    scene = CarSetupScene(make_app(tmp_path), lineup, STREET)
    header = header_for(lineup, "Brückenau City Circuit", "0" * 64, 1)
    assert scene.car_names() == [e.name for e in header.entries]
    assert scene.car_names()[0] == NAMES[0] and scene.car_names()[1:] == [d.name for d in ROSTER[1:4]]


@pytest.mark.rules("STREET-3")
def test_STREET_3_the_dice_tray_says_how_far_the_nitro_takes_the_car(tmp_path: Path) -> None:
    """The tray showed the die's 3 while the car drove 6 with the nitro: it says "6 spaces (+3)"."""
    state = position([car("m", "A40", 3), car("f", "A5", 3)], "m", rules=STREET)
    scene = scene_at(tmp_path, control_at(state))
    settle(scene)
    key(scene, pygame.K_n)
    scene.choose(3)
    settle(scene)
    if scene.control.wait() == Wait.ROLL:
        key(scene, pygame.K_SPACE)
        settle(scene)
    throw = scene.tray.throw
    assert throw is not None and throw.outcome is not None
    spaces = scene.control.state.moves_left
    assert spaces == throw.value + 3  # the nitro adds the gear's number (STREET-3)
    assert throw.outcome.text() == f"{spaces} spaces (+3)"


@pytest.mark.parametrize(("preset", "barometer"), [("street", False), ("fde-advanced", True)])
def test_STREET_the_set_up_shows_the_barometer_only_for_a_race_with_weather(
    tmp_path: Path, preset: str, barometer: bool
) -> None:
    """A street race is run dry: its set-up listed the track's weather table all the same."""
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    seats = tuple(Driver(name=NAMES[i], colour=COLOURS[i], number=i + 1) for i in range(2))
    save_lineup(app.data, Lineup(track="brueckenau.tmx", preset=preset, drivers=seats))
    entry = app.tracks.get("brueckenau.tmx")
    assert entry is not None
    scene = SetupScene(app)
    head, weather, corners = scene.track_facts(entry)
    shown = [*head, *weather, *corners]
    assert any(line.startswith("Weather") for line in shown) == barometer
    assert len(corners) == len(track_of(entry).corners) and len(head) == 3
