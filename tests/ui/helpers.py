"""Shared pieces for the UI tests: the oval, race headers, a simple human policy, an App."""

from __future__ import annotations

import tempfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pytest

from game import theme
from game.board.catalogue import TrackCatalogue, TrackEntry
from game.board.render import BoardRenderer
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.storage.lineup import COLOURS
from game.tracks.load import load_track
from rules.actions import Bid, Karma, TCar
from rules.engine import t_car_proposal, to_move
from rules.files.record import Entry, Header
from rules.qualifying.session import QualifyingLap, QualifyingSession
from rules.ruleset import PRESETS
from rules.state import CarState, RaceState
from rules.tables.tyres import Tyre
from rules.track import Track
from tests.conftest import REPO

if TYPE_CHECKING:
    from game.app.loop import App, Scene
    from game.scenes.menus.gallery import GalleryScene

SceneT = TypeVar("SceneT", bound="Scene")

OVAL = REPO / "maps" / "oval.tmx"


@lru_cache(maxsize=1)
def oval() -> Track:
    return load_track(OVAL)


def header(
    kinds: tuple[str, ...] = ("human", "human"), laps: int = 1, seed: int = 7, preset: str = "fd-basic"
) -> Header:
    rules = PRESETS[preset]
    track = oval()
    return Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=rules,
        laps=laps,
        seed=seed,
        entries=tuple(
            Entry(
                id=f"car{i + 1}",
                name=f"Driver {i + 1}",
                driver=k,
                colour=COLOURS[i],
                number=i + 1,
                wear=rules.default_wear,
            )
            for i, k in enumerate(kinds)
        ),
    )


def human_step(control: RaceControl) -> None:
    """One step as a plain player would take it: the highest safe gear, the furthest safe move."""
    w = control.wait()
    if w in (Wait.DICE, Wait.ROLL):
        control.roll()
    elif w == Wait.COMPUTER:
        control.computer()
    elif w == Wait.GEAR:
        odds = control.odds()
        legal = sorted(odds)
        safe = [g for g in legal if odds[g].out == 0]
        control.choose_gear(max(safe) if safe else min(legal))
    elif w == Wait.SETUP:
        control.set_up(Tyre.HARD if control.state.rules.tyres else None)
    elif w == Wait.PIT:
        control.pit_stop(Tyre.HARD if control.state.rules.tyres else None)
    elif w == Wait.MOVE and control.optional():
        control.end_move()
    elif w == Wait.MOVE:
        moves = control.moves()
        best = max(moves, key=lambda m: (m.out is None, -(m.brakes + m.tyres), len(m.path)))
        control.drive(best)
    elif w == Wait.KARMA:  # the league's questions: keep the karma, bid nothing, take the T-car
        control.decide(Karma(spend="accept"))
    elif w == Wait.BID:
        control.decide(Bid(amount=0))
    elif w == Wait.TCAR:
        car = control.state.car(to_move(control.state) or "")
        control.decide(TCar(wp=t_car_proposal(control.state, car)))


def play_until(control: RaceControl, done, limit: int = 2000) -> None:
    for _ in range(limit):
        if done(control):
            return
        human_step(control)
    raise AssertionError("the condition was never met")


def open_display(size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    """The dummy display at ``size``, with the mouse over it (its position is what the scenes hover)."""
    pygame.display.init()
    pygame.font.init()
    if not pygame.mouse.get_focused():  # the window of a test that ran the frame loop took the focus along
        pygame.display.quit()
        pygame.display.init()
    return pygame.display.set_mode(size)


@lru_cache(maxsize=1)
def catalogue() -> TrackCatalogue:
    """One catalogue for all tests: each track is built (and its board laid out) once. Every track
    is read at once, as the game's catalogue has them a moment after the menu shows, so a menu
    button opens its screen without the reading-tracks screen between."""
    tracks = TrackCatalogue(OVAL.parent, Path(tempfile.mkdtemp(prefix="fd-track-cache-")))
    for entry in tracks.entries:
        tracks.load(entry)
    return tracks


def make_app(data: Path, size: tuple[int, int] = (1280, 800)) -> App:
    """An App on the dummy display with its data folder in ``data``."""
    from game.app.loop import App

    app = App(data)
    app.tracks = catalogue()
    app.screen = open_display(size)
    return app


def track_of(entry: TrackEntry | None) -> Track:
    """The track of a catalogue entry the test knows is there and loads."""
    assert entry is not None and entry.track is not None, entry
    return entry.track


def board_of(entry: TrackEntry | None) -> BoardRenderer:
    """The laid-out board of a catalogue entry the test knows is there and loads."""
    assert entry is not None, "no such track"
    board = entry.board
    assert board is not None, entry.problems
    return board


def screen_of(app: App) -> pygame.Surface:
    """What the app's scenes draw on (set by ``make_app``)."""
    assert app.screen is not None, "the app has no screen yet"
    return app.screen


def active_id(state: RaceState) -> str:
    """The id of the car whose turn it is, where the test's race has one."""
    assert state.active is not None, "no car is active"
    return state.active


def active_car(state: RaceState) -> CarState:
    """The car whose turn it is, where the test's race has one."""
    return state.car(active_id(state))


def top(app: App, kind: type[SceneT]) -> SceneT:
    """The scene on top of the app's stack, checked to be the screen the test expects there."""
    scene = app.scene
    assert isinstance(scene, kind), f"{type(scene).__name__} on top, not {kind.__name__}"
    return scene


def spy_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line ``theme.text`` draws from now on, in order (each still drawn): what a screen shows."""
    drawn: list[str] = []
    real = theme.text

    def text(surface: pygame.Surface, s: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    return drawn


def lap_of(session: QualifyingSession) -> QualifyingLap:
    """The lap being driven in a qualifying session, where the test's session has one under way."""
    assert session.lap is not None, "no lap under way"
    return session.lap


def gallery_view(gallery: GalleryScene) -> BoardView:
    """The board the gallery shows: it has one once its track is loaded (every test's map loads)."""
    assert gallery.view is not None, "the gallery shows no board"
    return gallery.view


def gallery_entry(gallery: GalleryScene) -> TrackEntry:
    """The catalogue entry of the track the gallery shows."""
    assert gallery.entry is not None, "the gallery has no tracks"
    return gallery.entry
