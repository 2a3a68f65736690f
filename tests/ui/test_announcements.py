"""The board's announcements (game.play.announcements, game.widgets.announcer): each kind for the
step that calls for it, in real races; the queue shows them one after another, never holds up a
decision, gives way to a skip; and the race log carries every one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.view import BoardView
from game.play.announcements import Announcement, announcements
from game.play.blitz import heat_header
from game.play.race_control import RaceControl, Step, Wait
from game.play.racelog import describe
from game.play.standings import running_order
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.texts import reason_text, set_language, tr
from game.widgets.announcer import FADE, LEAST, SHOW, WAITING, Announcer
from rules.league.blitz import Match
from rules.reasons import Code, Reason
from tests.ui.helpers import board_of, header, human_step, make_app, oval, play_until, screen_of


def computer_steps(control: RaceControl, limit: int = 3000) -> Iterator[Step]:
    """A race of computer drivers to the flag, step by step."""
    for _ in range(limit):
        w = control.wait()
        if w == Wait.DONE:
            return
        yield control.roll() if w == Wait.DICE else control.computer()


def race(kinds: tuple[str, ...], laps: int = 2, seed: int = 3, preset: str = "fd-basic") -> RaceControl:
    return RaceControl.start(oval(), header(kinds, laps=laps, seed=seed, preset=preset))


def said_in(control: RaceControl) -> list[tuple[Step, list[Announcement]]]:
    return [(step, announcements(control, step)) for step in computer_steps(control)]


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_every_cars_stall_is_announced_a_computers_too() -> None:
    control = race(("aggressive",) * 6)
    stalls = [
        (step, said)
        for step, said in said_in(control)
        if any(e.kind == "start" and str(e.data.get("result")).startswith("stall") for e in step.events)
    ]
    assert stalls  # this seed's start has one
    for step, said in stalls:
        car = next(e.car for e in step.events if e.kind == "start")
        assert not control.human(car)
        assert [(a.kind, a.car, a.text()) for a in said if a.kind == "stall"] == [
            ("stall", car, tr("announce.stall", name=control.name(car)))
        ]


def test_TAB_OUT_a_car_out_is_announced_with_whose_and_why_and_logged() -> None:
    control = race(("human", "careful"), laps=1)
    for _ in range(500):
        out = [m for m in control.moves() if m.out is not None] if control.wait() == Wait.MOVE else []
        if out:
            break
        human_step(control)
    step = control.drive(out[0])
    (said,) = [a for a in announcements(control, step) if a.kind in ("out", "timeout")]
    why = control.state.car("car1").out
    assert why is not None and said.kind == "out" and said.car == "car1" and said.tone == "bad"
    assert said.text() == tr("announce.out", name="Driver 1") and said.detail() == reason_text(why)
    assert "log.out" in [line.key for line in describe(control, step)]  # the log already says it


@pytest.mark.rules("BLITZ-6")
def test_BLITZ_6_a_clock_run_out_is_announced_as_a_time_out() -> None:
    match = Match(players=("p1", "p2"), track="oval.tmx", minutes=1)
    control = RaceControl.start(
        oval(), heat_header(oval(), match, {"p1": ("Anna", "human"), "p2": ("Ben", "human")}, seed=5)
    )
    play_until(control, lambda c: c.clock_runs() is not None)
    anna = control.clock_runs()
    step = control.tick(61_000)
    assert step is not None
    said, *then = announcements(control, step)
    assert [a.kind for a in then] in ([], ["lead"])  # the running order ranks the stopped car last
    assert said.kind == "timeout" and said.car == anna and said.reason is not None and said.reason.code == Code.TIME_UP
    assert said.text() == tr("announce.timeout", name=control.name(anna)) and said.detail() == reason_text(said.reason)


@pytest.mark.rules("WEATHER-5")
def test_WEATHER_5_the_first_weather_and_a_change_are_announced_with_the_weather() -> None:
    control = race(("careful",) * 4, laps=1, seed=4, preset="fd-modules")
    weather = [(step, a) for step, said in said_in(control) for a in said if a.kind == "weather"]
    assert [a.key for _, a in weather] == ["weather.banner.first", "weather.banner.change"]
    for step, a in weather:
        assert a.weather == step.after.weather and step.after.weather is not None
        assert a.text() == tr(a.key, weather=tr(f"weather.{step.after.weather.condition}"))
        assert any(line.key.startswith("log.weather.") for line in describe(control, step))


def test_a_new_leader_of_the_running_order_is_announced_exactly_when_the_lead_changes() -> None:
    control = race(("aggressive",) * 6)
    changes = 0
    for step, said in said_in(control):
        leads = [a for a in said if a.kind == "lead"]
        if step.before.round < 1:
            assert not leads  # the grid's order is nobody's lead
            continue
        before, after = running_order(oval(), step.before)[0].id, running_order(oval(), step.after)[0].id
        assert [a.car for a in leads] == ([after] if before != after else [])
        if leads:
            changes += 1
            assert leads[0].text() == tr("announce.lead", name=control.name(after))
            assert [line.values for line in describe(control, step) if line.key == "log.lead"] == [
                {"name": control.name(after)}
            ]
    assert changes >= 1


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_the_last_lap_once_when_the_leader_starts_it_and_the_winner() -> None:
    control = race(("aggressive",) * 6, laps=2)
    last: list[Step] = []
    won: list[tuple[Step, Announcement]] = []
    for step, said in said_in(control):
        kinds = [a.kind for a in said]
        if "last_lap" in kinds:
            last.append(step)
            (a,) = [a for a in said if a.kind == "last_lap"]
            assert a.car is not None and step.after.car(a.car).crossings == 2
            assert running_order(oval(), step.after)[0].id == a.car  # the leader starts it
            assert "log.last_lap" in [line.key for line in describe(control, step)]
        won += [(step, a) for a in said if a.kind == "winner"]
    assert len(last) == 1
    ((step, winner),) = won
    assert winner.car is not None and step.after.car(winner.car).place == 1
    assert winner.text() == tr("announce.winner", name=control.name(winner.car))


def test_a_one_lap_race_has_no_last_lap_to_announce() -> None:
    control = race(("aggressive",) * 3, laps=1)
    assert not [a for _, said in said_in(control) for a in said if a.kind == "last_lap"]


def test_the_texts_follow_the_language() -> None:
    control = race(("aggressive",) * 6)
    said = next(a for _, s in said_in(control) for a in s if a.kind == "stall")
    try:
        set_language("de")
        german = said.text()
        set_language("fr")
        french = said.text()
    finally:
        set_language("en")
    name = str(said.values["name"])
    assert len({german, french, said.text()}) == 3 and name in german and name in french


# --- the queue ------------------------------------------------------------------------------


def _lead(name: str) -> Announcement:
    return Announcement("lead", "announce.lead", {"name": name}, None)


def _out(name: str) -> Announcement:
    return Announcement("out", "announce.out", {"name": name}, None, "bad")


def test_the_queue_shows_one_at_a_time_in_order_each_long_enough_to_read() -> None:
    shown: list[str] = []
    queue = Announcer()
    queue.add([_out("A"), _out("B")], 1.0)
    queue.add([_lead("C")], 1.0)
    for _ in range(200):
        if queue.current is not None and (not shown or shown[-1] != queue.current.values["name"]):
            shown.append(str(queue.current.values["name"]))
            assert queue.span >= SHOW
        queue.update(0.05)
    assert shown == ["A", "B", "C"] and not queue.showing


def test_the_queue_fades_in_and_out() -> None:
    queue = Announcer()
    queue.add([_lead("A")], 1.0)
    assert queue.alpha() == 0.0
    queue.update(FADE / 2)
    assert 0.4 < queue.alpha() < 0.6
    queue.update(FADE)
    assert queue.alpha() == 1.0
    queue.update(queue.span - queue.age - FADE / 2)
    assert 0.4 < queue.alpha() < 0.6


def test_the_time_shown_follows_the_animation_speed_but_stays_readable() -> None:
    spans = {}
    for speed in (0.5, 1.0, 4.0, 10.0):
        queue = Announcer()
        queue.add([_lead("A")], speed)
        spans[speed] = queue.span
    assert spans[0.5] > spans[1.0] > spans[4.0] >= spans[10.0] == LEAST


def test_a_long_queue_keeps_the_newest_leader_and_drops_the_least_important() -> None:
    queue = Announcer()
    queue.add([_out("A")], 1.0)  # on show
    queue.add([_lead("B"), _out("C"), _lead("D")], 1.0)
    assert [w.values["name"] for w in queue.waiting] == ["C", "D"]  # B led no longer
    queue.add([_out("E"), _out("F")], 1.0)
    assert len(queue.waiting) == WAITING and [w.values["name"] for w in queue.waiting] == ["C", "E", "F"]


def test_hurrying_drops_what_waits_and_fades_the_card_out() -> None:
    queue = Announcer()
    queue.add([_out("A"), _out("B"), _out("C")], 1.0)
    queue.update(1.0)
    queue.hurry()
    assert not queue.waiting and queue.span - queue.age <= FADE + 1e-9
    queue.update(FADE)
    assert not queue.showing


# --- on the race screen ---------------------------------------------------------------------


def _scene(tmp_path: Path, control: RaceControl, speed: int = 2) -> RaceScene:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": speed, "mute": True}))
    app.push(MenuScene(app))
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    return scene


def _key(scene: RaceScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_a_human_decides_while_an_announcement_shows(tmp_path: Path) -> None:
    """The cards are not in the screen's queue: the gear key is taken at once, the card stays."""
    scene = _scene(tmp_path, race(("human", "aggressive", "aggressive", "aggressive"), seed=3))
    control = scene.control
    for _ in range(6000):
        scene.update(0.05)
        if scene.banner is not None:
            _key(scene, pygame.K_RETURN)
        w = control.wait()
        if not scene.idle or w not in (Wait.GEAR, Wait.ROLL, Wait.MOVE):
            continue
        if w == Wait.GEAR and scene.announcer.current is not None:
            break
        if w == Wait.GEAR:
            _key(scene, pygame.K_0 + min(control.odds()))
        elif w == Wait.ROLL:
            _key(scene, pygame.K_SPACE)
        else:
            moves = control.moves()
            scene.drive(max(moves, key=lambda m: (m.out is None, -(m.brakes + m.tyres), len(m.path))))
    showing = scene.announcer.current
    assert showing is not None and control.wait() == Wait.GEAR and not scene.queue
    before = control.state
    _key(scene, pygame.K_0 + min(control.odds()))
    assert control.state is not before and scene.announcer.current is showing
    scene.draw(screen_of(scene.app))
    assert scene.status()["announcement"] == showing.text()


def test_the_card_sits_on_the_board_clear_of_the_running_order_and_the_gear_box(tmp_path: Path) -> None:
    scene = _scene(tmp_path, race(("human", "careful"), laps=1))
    scene.draw(screen_of(scene.app))
    timed_out = Reason(rule="BLITZ-6", code=Code.TIME_UP)  # a card with a line under its headline: the widest
    scene.announcer.add(
        [Announcement("timeout", "announce.timeout", {"name": "Driver 2"}, "car2", "bad", timed_out)], 1.0
    )
    scene.announcer.update(FADE)
    card = scene.announcer.draw(screen_of(scene.app), scene.drawing.announce_area(), lambda car: (200, 40, 40))
    assert card is not None and scene.view.viewport.contains(card)
    assert not card.colliderect(scene.standings_rect) and not card.colliderect(scene.gearbox.rect)
    assert not card.colliderect(scene.panel)


@pytest.mark.rules("WEATHER-B-1")
def test_the_weather_roll_no_longer_holds_up_the_race(tmp_path: Path) -> None:
    """The weather card shows while the race goes on: nothing waits in the screen's queue for it."""
    control = race(("human", "careful"), laps=1, preset="fd-modules")
    scene = _scene(tmp_path, control)
    scene.pacing.play(control.roll())  # the race weather (WEATHER-B-1)
    for _ in range(100):
        scene.update(0.05)
        if scene.announcer.current is not None:
            break
    card = scene.announcer.current
    assert card is not None and card.kind == "weather"
    rolled = len(control.session.actions)
    for _ in range(20):  # a second of the card's time: the race goes on meanwhile
        scene.update(0.05)
    assert len(control.session.actions) > rolled and scene.announcer.current is card
    assert any(line.key == "log.weather.first" for line in scene.log)


def test_the_log_panel_carries_the_announcements(tmp_path: Path) -> None:
    """Every kind said over the board has its line in the race screen's log."""
    control = race(("aggressive",) * 4, laps=2)
    scene = _scene(tmp_path, control, speed=5)
    said: list[Announcement] = []
    for _ in range(4000):
        if control.wait() == Wait.DONE:
            break
        step = control.roll() if control.wait() == Wait.DICE else control.computer()
        said += announcements(control, step)
        scene.pacing.reveal(step)
    keys = [line.key for line in scene.log]
    logged = {"stall": "log.start.stall", "lead": "log.lead", "last_lap": "log.last_lap", "winner": "log.finish"}
    assert {a.kind for a in said} >= {"lead", "last_lap", "winner"}
    for a in said:
        assert any(k.startswith(logged[a.kind]) for k in keys), a.kind
    assert keys.count("log.lead") == sum(a.kind == "lead" for a in said)


def test_a_skip_clears_the_waiting_cards(tmp_path: Path) -> None:
    scene = _scene(tmp_path, race(("human", "aggressive", "aggressive"), seed=3))
    control = scene.control
    for _ in range(2000):
        scene.update(0.05)
        if scene.banner is not None:
            _key(scene, pygame.K_RETURN)
        if control.wait() in (Wait.DICE, Wait.COMPUTER) and scene.banner is None:
            break
    scene.announcer.add([_out("A"), _out("B"), _out("C")], 1.0)
    _key(scene, pygame.K_TAB)
    assert scene.skipping and not scene.announcer.waiting
    for _ in range(200):
        scene.update(0.05)
        if not scene.skipping:
            break
    assert not scene.skipping and len(scene.announcer.waiting) <= WAITING


def test_a_card_waits_while_a_dialog_covers_the_board(tmp_path: Path) -> None:
    """The crews' set-up opens over the board right after the weather roll: the card is still
    there to read when the dialog closes."""
    control = race(("human", "careful"), laps=1, preset="fd-modules")
    scene = _scene(tmp_path, control)
    for _ in range(400):
        scene.update(0.05)
        if scene.dialog is not None:
            break
    card = scene.announcer.current
    assert scene.dialog is not None and card is not None and card.kind == "weather"
    age = scene.announcer.age
    for _ in range(200):  # ten seconds with the dialog open
        scene.update(0.05)
    assert scene.announcer.current is card and scene.announcer.age == age
    scene.dialog.done()
    scene.update(0.05)
    assert scene.dialog is None and scene.announcer.age > age
