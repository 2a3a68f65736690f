"""Starting a new race from a line-up, and continuing the saved race or qualifying session."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.board.catalogue import TrackEntry
from game.board.view import BoardView
from game.net.said_error import os_text
from game.play.race_control import RaceControl
from game.play.record_error import record_text
from game.play.series import NextRace
from game.play.stopwatch import clock_text
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.grid import GridScene
from game.storage.laprecords import LapRecords
from game.storage.lineup import Driver, Lineup
from game.storage.saves import SaveProblem
from game.texts import Notice
from rules.ai.registry import DRIVERS
from rules.car import WearPoints, box_reserve
from rules.files.record import Entry, Header, RecordError
from rules.qualifying.grid import Grid
from rules.qualifying.session import QualifyingRecord, QualifyingSession
from rules.ruleset import RuleSet
from rules.tables.roster import street_driver
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App
    from game.storage.saves import Saved


def header_for(lineup: Lineup, track_name: str, track_hash: str, seed: int) -> Header:
    """The race record's header: every driver with a car id, colour, number and set-up."""
    rules = lineup.rules()
    return Header(
        track_name=track_name,
        track_hash=track_hash,
        rules=rules,
        laps=lineup.laps,
        seed=seed,
        entries=tuple(
            Entry(
                id=f"car{i + 1}",
                name=car_name(d, i, rules),
                driver=d.kind,
                colour=_colour(lineup, i, rules),
                number=d.number,
                wear=_wear(d, rules),
                profile=street_driver(i).profile if rules.street else d.profile,
                reserve=box_reserve(rules.car_setup, _wear(d, rules)),
            )
            for i, d in enumerate(lineup.drivers)
        ),
    )


def car_name(driver: Driver, seat: int, rules: RuleSet) -> str:
    """The name on the car: in a street race a computer seat is the roster's driver (STREET-1);
    a human keeps their own name and drives that driver's ability."""
    return street_driver(seat).name if rules.street and driver.kind != "human" else driver.name


def _wear(driver: Driver, rules: RuleSet) -> WearPoints:
    """A human's own set-up where the rules let them build one; the rules' car otherwise."""
    return driver.wear if driver.kind == "human" and driver.wear is not None else rules.default_wear


def _colour(lineup: Lineup, i: int, rules: RuleSet) -> str:
    """The car's colour; in a team race both team mates wear the first mate's (TEAM-B-1)."""
    return lineup.drivers[i - i % 2 if rules.teams else i].colour


def start_race(app: App, lineup: Lineup, series: NextRace | None = None) -> None:
    """A fresh race on the line-up's track, saved at once, shown instead of the set-up screens;
    with a qualifying grid (VAR-20) the qualifying session comes first. A championship's race
    (``series``) carries its drivers' season ids, teams and karma and the championship's name."""
    entry = app.tracks.get(lineup.track)
    if entry is None or entry.track is None or entry.board is None or entry.hash is None:
        return
    header = header_for(lineup, entry.track.name, entry.hash, random.SystemRandom().randrange(2**31))
    if series is not None:
        header = series.header(header)
    if lineup.grid == "qualifying":
        start_qualifying(app, entry, header, lineup.preset)
        return
    race_on_grid(app, entry, header)


def start_qualifying(app: App, entry: TrackEntry, header: Header, variant: str) -> None:
    """Every driver's timed lap by the rule set's qualifying rules (QUAL-*, QUAL-B-*, QUAL-D-*), then the
    grid, then the race.

    The session is saved at once and after every action, replacing any earlier save."""
    assert entry.track is not None
    seed = random.SystemRandom().randrange(2**31)
    session = QualifyingSession(entry.track, header.rules, header.entries, seed, drivers=DRIVERS)
    autosave = _qualifying_autosave(app, header, variant)
    autosave(session)
    app.home()
    _show_qualifying(app, entry, header, session, variant, autosave)


def _qualifying_autosave(app: App, header: Header, variant: str) -> Callable[[QualifyingSession], None]:
    named: list[tuple[Track, Header]] = []  # the header naming the session's track, made once per track

    def autosave(session: QualifyingSession) -> None:
        if not named or named[0][0] is not session.track:  # a session moved onto a saved map names it
            named[:] = [(session.track, on_track(header, session.track))]
        try:
            app.saves.save(
                QualifyingRecord(header=named[0][1], seed=session.seed, variant=variant, laps=session.laps())
            )
        except OSError as err:
            app.notify(Notice("notice.save_failed", {"detail": os_text(err)}))

    return autosave


def _show_qualifying(
    app: App,
    entry: TrackEntry,
    header: Header,
    session: QualifyingSession,
    variant: str,
    autosave: Callable[[QualifyingSession], None],
) -> None:
    """The qualifying screen on top of the menu; the grid screen once every lap is done."""
    assert entry.board is not None

    def on_grid(grid: Grid) -> None:  # WEATHER-D-2: the race remembers the qualifying weather
        assert entry.track is not None  # the race is on the map as it is now, saved meanwhile or not
        race_on_grid(
            app,
            entry,
            on_track(header, entry.track).model_copy(
                update={"grid": grid.order, "qualifying_weather": session.barometer}
            ),
        )

    if session.done:  # saved after the last lap, before the race started
        app.push(GridScene(app, session, on_grid))
        return
    records = LapRecords(app.data)
    for notice in records.notices:
        app.notify(notice)
    app.tracks.boards.keep_only(entry.path)  # qualifying holds only its own board
    app.push(
        QualifyingScene(
            app,
            session,
            entry.board,
            lambda done: app.replace(GridScene(app, done, on_grid)),
            records,
            variant,
            autosave=autosave,
        )
    )


def on_track(header: Header, track: Track) -> Header:
    """The header naming ``track``: the one a session was moved onto when its map was saved."""
    digest = track.content_hash()
    if header.track_hash == digest and header.track_name == track.name:
        return header
    return header.model_copy(update={"track_hash": digest, "track_name": track.name})


def race_on_grid(app: App, entry: TrackEntry, header: Header) -> None:
    """The race itself; ``header.grid`` set = a qualifying grid, else the cars roll for it."""
    assert entry.track is not None and entry.board is not None
    control = RaceControl.start(entry.track, header, app.saves)
    for notice in control.new_notices():
        app.notify(notice)
    app.home()
    app.tracks.boards.keep_only(entry.path)  # the race holds only its own board
    app.push(RaceScene(app, control, BoardView(entry.board)))


def continue_race(app: App) -> bool:
    """Resume the newest save that replays; notices say what was wrong with any that did not."""

    def open_saved(saved: Saved) -> Callable[[], None]:
        entry = app.tracks.by_hash(saved.header.track_hash, saved.header.track_name)
        if entry is None or entry.track is None or entry.board is None:
            raise SaveProblem(Notice("notice.save_track_missing", {"track": saved.header.track_name}))
        if isinstance(saved, QualifyingRecord):
            return _resumed_qualifying(app, entry, saved)
        try:
            control = RaceControl.resume(entry.track, saved, app.saves)
        except RecordError as err:  # said here, where the player's language is known
            raise SaveProblem(Notice("notice.save_corrupt", {"detail": record_text(err)})) from None
        view = BoardView(entry.board)
        return lambda: app.push(RaceScene(app, control, view))

    show, notices = app.saves.resume(open_saved)
    for notice in notices:
        app.notify(notice)
    if show is None:
        return False
    app.home()
    show()
    return True


def _resumed_qualifying(app: App, entry: TrackEntry, saved: QualifyingRecord) -> Callable[[], None]:
    """The saved session replayed (RecordError if it does not), and a notice saying where it stands."""
    assert entry.track is not None
    header = saved.header
    session = QualifyingSession.replay(entry.track, header.rules, header.entries, saved.seed, saved.laps, DRIVERS)
    lap = session.lap
    if lap is not None:
        ms = lap.actions[-1].at_ms if lap.actions else 0
        app.notify(Notice("notice.qualifying_resumed", {"name": lap.entry.name, "time": clock_text(ms)}))
    elif session.next_entry is not None:
        app.notify(
            Notice(
                "notice.qualifying_resumed_next",
                {"name": session.next_entry.name, "done": len(session.results), "total": len(header.entries)},
            )
        )
    autosave = _qualifying_autosave(app, header, saved.variant)
    return lambda: _show_qualifying(app, entry, header, session, saved.variant, autosave)
