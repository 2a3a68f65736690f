"""Starting a new race from a line-up, and continuing the saved one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.board.view import BoardView
from game.scenes.grid import GridScene
from game.storage.laprecords import LapRecords
from game.scenes.qualifying import QualifyingScene
from game.board.catalogue import TrackEntry
from game.texts import Notice
from game.storage.lineup import Lineup
from game.play.race_control import RaceControl
from game.scenes.race import RaceScene
from game.storage.saves import SaveProblem
from rules.qualifying_session import QualifyingSession
from rules.record import Entry, Header, Record
from rules.ruleset import RuleSet

if TYPE_CHECKING:
    from game.app.loop import App


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
            Entry(id=f"car{i + 1}", name=d.name, driver=d.kind, colour=_colour(lineup, i, rules), number=d.number,
                  wear=d.wear if d.kind == "human" and d.wear is not None else rules.default_wear)
            for i, d in enumerate(lineup.drivers)
        ),
    )


def _colour(lineup: Lineup, i: int, rules: RuleSet) -> str:
    """The car's colour; in a team race both team mates wear the first mate's (TEAM-B-1)."""
    return lineup.drivers[i - i % 2 if rules.teams else i].colour


def start_race(app: App, lineup: Lineup) -> None:
    """A fresh race on the line-up's track, saved at once, shown instead of the set-up screens;
    with a qualifying grid (VAR-20) the qualifying session comes first."""
    entry = app.tracks.get(lineup.track)
    if entry is None or entry.track is None or entry.board is None or entry.hash is None:
        return
    header = header_for(lineup, entry.track.name, entry.hash, random.SystemRandom().randrange(2**31))
    if lineup.grid == "qualifying":
        start_qualifying(app, entry, header, lineup.preset)
        return
    race_on_grid(app, entry, header)


def start_qualifying(app: App, entry: TrackEntry, header: Header, variant: str) -> None:
    """Every driver's timed lap by the rule set's qualifying rules (QUAL-*, QUAL-B-*, QUAL-D-*), then the
    grid, then the race."""
    assert entry.track is not None and entry.board is not None
    session = QualifyingSession(entry.track, header.rules, header.entries, random.SystemRandom().randrange(2**31))
    records = LapRecords(app.data)
    for notice in records.notices:
        app.notify(notice)

    def to_grid(done: QualifyingSession) -> None:
        app.replace(GridScene(app, done, lambda g: race_on_grid(app, entry, header.model_copy(update={"grid": g.order}))))

    app.home()
    app.push(QualifyingScene(app, session, entry.board, to_grid, records, variant))


def race_on_grid(app: App, entry: TrackEntry, header: Header) -> None:
    """The race itself; ``header.grid`` set = a qualifying grid, else the cars roll for it."""
    assert entry.track is not None and entry.board is not None
    control = RaceControl.start(entry.track, header, app.saves)
    for notice in control.notices:
        app.notify(notice)
    app.home()
    app.push(RaceScene(app, control, BoardView(entry.board)))


def continue_race(app: App) -> bool:
    """Resume the newest save that replays; notices say what was wrong with any that did not."""
    def open_race(record: Record) -> tuple[RaceControl, BoardView]:
        entry = app.tracks.by_hash(record.header.track_hash, record.header.track_name)
        if entry is None or entry.track is None or entry.board is None:
            raise SaveProblem(Notice("notice.save_track_missing", {"track": record.header.track_name}))
        return RaceControl.resume(entry.track, record, app.saves), BoardView(entry.board)

    opened, notices = app.saves.resume(open_race)
    for notice in notices:
        app.notify(notice)
    if opened is None:
        return False
    control, view = opened
    app.home()
    app.push(RaceScene(app, control, view))
    return True
