"""The replay viewer, driven as a player drives it: turns and rounds forwards and backwards show
exactly the race the record replays to, Play at speed reaches the flag, and it opens from the
results, from the list of races and for the race saved in progress."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.play.race_control import RaceControl, Wait
from game.play.replay import Replay
from game.scenes.history.replay import ReplayScene, open_replay
from game.scenes.history.results import ResultsScene
from game.scenes.menus.menu import MenuScene
from rules.files.record import Record, replay, replayed, start_state
from rules.state import RaceState
from tests.ui.helpers import active_car, header, make_app, oval, play_until, top
from tests.ui.test_race_history import race
from tests.ui.test_scenes import press


def key(app, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def replayed_to(record: Record, at: int) -> dict[str, str | None]:
    """Where each car stands after the record's first ``at`` actions, by the replay command's path."""
    state = replay(oval(), record.model_copy(update={"actions": record.actions[:at]}))
    return {c.id: c.space for c in state.cars}


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path)
    a.change_settings(a.settings.model_copy(update={"mute": True}))
    a.push(MenuScene(a))
    return a


def viewer(app, record: Record) -> ReplayScene:
    assert open_replay(app, record)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.replay.build()
    return scene


def test_turns_forwards_and_backwards_show_the_race_the_record_replays_to(app) -> None:
    record = race()
    scene = viewer(app, record)
    seen = []
    for _ in range(12):
        key(app, pygame.K_PERIOD)
        app.frame(0.016)
        status = app.status()
        assert status["spaces"] == replayed_to(record, status["at"])
        seen.append(status["at"])
    assert seen == sorted(set(seen)) and all(at in scene.replay.turns for at in seen)  # one turn a step
    for at in reversed(seen[:-1]):
        key(app, pygame.K_COMMA)
        assert app.status()["at"] == at and app.status()["spaces"] == replayed_to(record, at)
    key(app, pygame.K_HOME)
    assert app.status()["at"] == 0 and app.status()["spaces"] == {
        c.id: c.space for c in start_state(oval(), record.header).cars
    }


def test_rounds_forwards_and_backwards(app) -> None:
    record = race()
    scene = viewer(app, record)
    rounds = []
    for _ in range(4):
        key(app, pygame.K_PAGEDOWN)
        status = app.status()
        rounds.append(status["round"])
        assert status["spaces"] == replayed_to(record, status["at"])
        assert scene.replay.state_at(scene.replay.previous_turn(status["at"])).round < status["round"]  # its first turn
    assert rounds == [1, 2, 3, 4]
    key(app, pygame.K_PERIOD)  # into round 4: Page Up goes to its start, then to round 3's
    key(app, pygame.K_PAGEUP)
    assert app.status()["round"] == 4 and app.status()["at"] == scene.replay.next_round(
        scene.replay.next_round(scene.replay.next_round(scene.replay.next_round(0)))
    )
    key(app, pygame.K_PAGEUP)
    assert app.status()["round"] == 3


def test_every_moment_is_the_state_the_record_replays_to() -> None:
    """The kept turn states and the actions applied again inside a turn agree with one replay."""
    record = race()
    rp = Replay(oval(), record)
    rp.build()
    assert rp.done and rp.error is None and rp.total == len(record.actions)
    state = start_state(oval(), record.header)
    states = [state] + [s.after for s in replayed(oval(), state, record.actions)]
    for k in [*range(0, len(states), 7), len(states) - 1]:
        assert rp.state_at(k) == states[k]
    assert rp.state_at(rp.total).finished


def test_play_at_speed_reaches_the_finish_and_stops(app) -> None:
    scene = viewer(app, race())
    assert scene.end_text() is None
    press(scene, "play")
    for _ in range(3):
        press(scene, "faster")
    assert app.status()["playing"]
    for _ in range(3000):
        app.frame(0.1)
        if not app.status()["playing"]:
            break
    status = app.status()
    assert status["at"] == status["total"] == len(race().actions) and scene.state.finished
    assert scene.end_text() == "The end of the race"
    press(scene, "play")  # Play at the end watches it again from the start
    assert app.status()["at"] == 0 and app.status()["playing"]


def test_stepping_forwards_drives_the_car_along_its_path(app) -> None:
    scene = viewer(app, race())
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PERIOD)
    assert scene.queue and scene.queue[0].car in {c.id for c in scene.state.cars}
    for _ in range(100):
        app.frame(0.05)
    assert not scene.queue and not scene.drives


def test_watch_replay_from_the_results_and_back(app) -> None:
    control = RaceControl.start(oval(), header(("careful", "careful"), seed=11))
    play_until(control, lambda c: c.wait() == Wait.DONE)
    results = ResultsScene(app, control)
    app.push(results)
    app.frame(0.016)
    press(results, "replay")
    assert app.status()["at"] == 0
    assert top(app, ReplayScene).replay.record == control.session.record()
    app.frame(0.016)
    key(app, pygame.K_ESCAPE)
    assert app.scene is results


def test_the_race_in_progress_can_be_watched_as_far_as_it_was_saved(app) -> None:
    control = RaceControl.start(oval(), header(("human", "careful")), app.saves)
    play_until(control, lambda c: c.state.round >= 3 and c.wait() == Wait.GEAR)
    app.scene.enter()
    press(app.scene, "races")
    assert app.status()["saved"]
    press(app.scene, "watch.-1")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.replay.build()
    key(app, pygame.K_END)
    assert app.status()["at"] == len(control.session.actions)
    assert app.status()["spaces"] == {c.id: c.space for c in control.state.cars}
    assert scene.end_text() == "As far as the race was saved"


def test_a_record_for_a_track_that_is_gone_is_a_notice(app) -> None:
    record = race()
    gone = record.model_copy(update={"header": record.header.model_copy(update={"track_hash": "0" * 64})})
    assert not open_replay(app, gone)
    assert app.scene.name == "menu" and [n.key for n in app.notices] == ["notice.replay_track_missing"]


def test_a_record_that_stops_replaying_shows_what_it_has_with_a_notice(app) -> None:
    record = race()
    broken = record.model_copy(update={"actions": record.actions[:40] + record.actions[41:]})
    scene = viewer(app, broken)
    app.frame(0.016)
    assert scene.replay.error is not None and 0 < scene.replay.total < len(broken.actions)
    assert [n.key for n in app.notices] == ["notice.replay_broken"]
    key(app, pygame.K_END)
    assert app.status()["at"] == scene.replay.total


@lru_cache(maxsize=1)
def read() -> tuple[Replay, tuple[RaceState, ...]]:
    """The race read by the viewer's model, and every state of one straight replay."""
    rp = Replay(oval(), race())
    rp.build()
    start = start_state(oval(), race().header)
    return rp, (start, *(s.after for s in replayed(oval(), start, race().actions)))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=10_000))
def test_any_moment_in_any_order_is_the_replayed_state_and_turns_step_one_at_a_time(a: int, b: int) -> None:
    """Jumping about (the cache of turn states, the actions applied again inside a turn) never
    changes what a moment shows; a turn on and a turn back are each other's inverse."""
    rp, states = read()
    a, b = a % (rp.total + 1), b % (rp.total + 1)
    assert rp.state_at(a) == states[a] and rp.state_at(b) == states[b] and rp.state_at(a) == states[a]
    on = rp.next_turn(a)
    assert a < on or a == rp.total
    assert not any(a < t < on for t in rp.turns)  # no turn start skipped
    if a in rp.turns and a < rp.total:
        assert rp.previous_turn(on) == a
    assert rp.round_at(a) == states[rp.previous_turn(a + 1)].round  # the round of the turn ``a`` lies in


def test_faster_and_slower_change_how_many_turns_a_second_play(app) -> None:
    scene = viewer(app, race())
    press(scene, "faster")  # 2 turns a second
    press(scene, "play")
    for _ in range(100):  # five seconds
        app.frame(0.05)
    assert 9 <= scene.replay.turn_number(scene.at) <= 11
    press(scene, "slower")
    press(scene, "slower")  # half a turn a second
    turn = scene.replay.turn_number(scene.at)
    for _ in range(100):
        app.frame(0.05)
    assert scene.replay.turn_number(scene.at) - turn in (2, 3)
    press(scene, "play")  # pause
    turn = scene.replay.turn_number(scene.at)
    for _ in range(100):
        app.frame(0.05)
    assert scene.replay.turn_number(scene.at) == turn and not scene.animating()


def test_AMB_46b_a_blitz_heat_replayed_to_its_end_is_over_once_decided(app) -> None:
    """A Blitz heat ends when a car has finished the distance (AMB-46b), before every car has: its
    replay's end is the end of the race, not "as far as it was saved"."""
    from game.play.blitz import heat_header
    from rules.league.blitz import Match, decided

    match = Match(players=("p1", "p2"), track="oval.tmx", minutes=10)
    control = RaceControl.start(
        oval(), heat_header(oval(), match, {"p1": ("Anna", "careful"), "p2": ("Ben", "careful")}, seed=3)
    )
    play_until(control, lambda c: decided(c.state), limit=5000)
    scene = viewer(app, control.session.record())
    key(app, pygame.K_END)
    assert scene.end_text() == "The end of the race" and not scene.state.finished


def test_after_a_jump_the_camera_finds_the_car_whose_turn_it_is(app) -> None:
    scene = viewer(app, race())
    scene.view.zoom(scene.view.viewport.center, 4.0)  # close up: most of the track is out of view
    for _ in range(8):
        key(app, pygame.K_PAGEDOWN)
    for _ in range(60):
        app.frame(0.05)
    here = active_car(scene.state).space
    assert here is not None
    s = oval().space(here)
    assert scene.view.viewport.collidepoint(scene.view.to_screen((s.x, s.y)))


def test_a_click_on_a_line_of_the_log_beside_the_board_goes_back_to_its_moment(app) -> None:
    record = race()
    scene = viewer(app, record)
    for _ in range(3):
        key(app, pygame.K_PAGEDOWN)
    app.frame(0.016)
    before = app.status()["at"]
    rect, line = scene.log_rows[2]  # a line many rows above the newest
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    at = app.status()["at"]
    assert at < before and at == scene.replay.moment_of(line) and app.status()["spaces"] == replayed_to(record, at)
    app.frame(0.016)
    assert scene.log_rows[-1][1] is scene.replay.lines_until(at)[-1]  # the log now ends at it


def test_end_pressed_while_the_record_is_still_read_goes_to_the_races_last_moment(app) -> None:
    """A long race is read a slice per frame; End before the last slice (a loaded machine, an
    e2e test) once stopped where the reading was, not at the finish."""
    record = race()
    assert open_replay(app, record)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and not scene.replay.done
    key(app, pygame.K_END)
    assert app.status()["at"] == scene.replay.built < len(record.actions)  # as far as read so far
    for _ in range(10_000):
        if scene.replay.done:
            break
        app.frame(0.016)
    app.frame(0.016)
    assert app.status()["at"] == app.status()["total"] == len(record.actions)
    key(app, pygame.K_HOME)  # another move ends the wait for the end
    assert app.status()["at"] == 0
