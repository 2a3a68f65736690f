"""Every screen lays out from the window's size: from the smallest window to 4K, in every language,
at the UI scale the game chooses for the window, no text is cut, shortened, covered or too small to
read and no widget overlaps another or leaves the window."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame
import pytest

from game import texts, theme
from game.app.loop import App
from game.board.view import BoardView
from game.play.blitz import heat_header
from game.play.race_control import RaceControl, Wait
from game.play.replay import Replay
from game.scenes.history.races import RacesScene
from game.scenes.history.replay import ReplayScene
from game.scenes.history.results import ResultsScene
from game.scenes.history.statistics import StatisticsScene
from game.scenes.league.championships import ChampionshipsScene
from game.scenes.league.series_setup import SeriesSetupScene
from game.scenes.league.standings import StandingsScene
from game.scenes.menus.gallery import GalleryScene
from game.scenes.menus.keys import KeysScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.quit import QuitScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.qualifying.records import RecordsScene
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.qualifying.trial import TrialScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.blitz_setup import BlitzSetupScene
from game.scenes.setup.carsetup import CarSetupScene
from game.scenes.setup.grid import GridScene
from game.scenes.setup.lineup import SetupScene
from game.scenes.setup.rule_modules import RulesScene
from game.storage.championships import ChampionshipStore
from game.storage.laprecords import LapRecord, LapRecords
from game.storage.lineup import COLOURS, NAMES, Driver, Lineup, save_lineup
from game.widgets.crewdialog import CrewDialog
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.pitplan import PitPlanDialog
from rules.actions import ChooseGear, Drive, Roll
from rules.ai.registry import DRIVERS
from rules.car import B_OWN_CAR
from rules.choice import RuleChoice
from rules.dice import Purpose
from rules.files.record import Entry, Header, Record
from rules.league.blitz import Match
from rules.league.championship import SCHEMES, Championship, Member
from rules.qualifying.session import QualifyingSession
from rules.ruleset import PRESETS
from rules.state import Check, HeadToHead, HeldCheck, LeagueRace
from rules.tables.tyres import Tyre
from tests.rules.fixtures import act, at_pit_entry
from tests.ui.covered import covered_targets
from tests.ui.helpers import board_of, catalogue, make_app, open_display, oval, play_until, top
from tests.ui.layout import Recorder, problems, surface_problems
from tests.ui.modules_helpers import control_at
from tests.ui.test_league_dialog import state as league_state
from tests.ui.test_race_scene import settle

SIZES = [(1024, 640), (1366, 768), (1920, 1080), (3840, 2160)]


def drivers(n: int, humans: int = 1) -> tuple[Driver, ...]:
    """``humans`` people, then computers of every level in turn (the longest names side by side)."""
    levels = ("rookie", "racer", "champion")
    return tuple(
        Driver(kind="human" if i < humans else levels[i % 3], name=NAMES[i], colour=COLOURS[i], number=i + 1)
        for i in range(n)
    )


def race_header(preset: str, n: int = 10, humans: int = 1, seed: int = 3) -> Header:
    rules = PRESETS[preset].model_copy(update={"grid": "roll"})
    track = oval()
    return Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=rules,
        laps=1,
        seed=seed,
        entries=tuple(
            Entry(
                id=f"car{i + 1}", name=d.name, driver=d.kind, colour=d.colour, number=d.number, wear=rules.default_wear
            )
            for i, d in enumerate(drivers(n, humans))
        ),
    )


@cache
def finished(preset: str, teams: bool) -> RaceControl:
    """Two laps of ten aggressive computers (on this seed one of them retires), in teams of two
    or not: played once for every size and language."""
    header = race_header(preset, humans=0, seed=13)
    entries = tuple(e.model_copy(update={"driver": "aggressive"}) for e in header.entries)
    header = header.model_copy(update={"entries": entries, "laps": 2})
    if teams:
        header = header.model_copy(update={"rules": header.rules.model_copy(update={"teams": True})})
    control = RaceControl.start(oval(), header)
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
    return control


@cache
def played(preset: str) -> Record:
    """Ten cars on the oval, a few rounds in, the human to choose a gear: played once."""
    control = RaceControl.start(oval(), race_header(preset))
    play_until(control, lambda c: c.state.round >= 2 and c.wait() == Wait.GEAR)
    return control.session.record()


@cache
def played_long_names() -> Record:
    """Ten cars named like the street race's roster (the names the game gives) and one name of the
    most letters a player may type, on 3 laps, some rounds in: the running order's longest texts."""
    from rules.tables.roster import ROSTER

    header = race_header("fd-basic")
    names = ["Maximilian Bär", *(d.name for d in ROSTER[1:])]
    header = header.model_copy(
        update={
            "laps": 3,
            "entries": tuple(e.model_copy(update={"name": names[i]}) for i, e in enumerate(header.entries)),
        }
    )
    control = RaceControl.start(oval(), header)
    play_until(control, lambda c: c.state.round >= 6 and c.wait() == Wait.GEAR)
    return control.session.record()


def race_long_names(app: App, where: str) -> None:
    """The running order of ``played_long_names`` on the race screen, or in the replay viewer."""
    from game.scenes.history.replay import open_replay

    if where == "race":
        control = RaceControl.resume(oval(), played_long_names())
        app.push(RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx")))))
        return
    assert open_replay(app, played_long_names())
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.replay.build()
    scene.go(scene.replay.total)


def replay_from_race(app: App) -> None:
    """A line of the race screen's log clicked: the viewer over the race, its "Back to the race"."""
    scene = race(app)
    scene.log_panel.show_moment(len(scene.control.session.actions) // 2)
    assert isinstance(app.scene, ReplayScene)


def race(app: App, preset: str = "fd-modules") -> RaceScene:
    """The race resumed from ``played``: its log is full; the human chooses a gear."""
    control = RaceControl.resume(oval(), played(preset))
    scene = RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    return scene


def race_log_back(app: App) -> None:
    """The race log read back a few rows: how far back, beside its heading and the full log's button."""
    scene = race(app)
    scene.log_scroll = 12


def race_told(app: App) -> None:
    """The longest sentence the race tells when it happens (a stall explained), wrapped in the hint bar."""
    scene = race(app)
    scene.say(texts.tr("tell.stall", name="Maximilian Bär"))


def tutorial(app: App) -> None:
    """The tutorial race at its first gear choice: the coach's panel over the board, beside the
    running order."""
    from game.scenes.menus.tutorial import start_tutorial

    assert start_tutorial(app)
    control = top(app, RaceScene).control
    play_until(control, lambda c: c.wait() == Wait.GEAR and c.state.round >= 1)


def primer(app: App, page: int) -> None:
    """How to play the Dresden league's rules (its longest texts), at ``page``, with the board's picture."""
    from game.scenes.menus.primer import PrimerScene

    scene = PrimerScene(app, "dresden-2006")
    app.push(scene)
    scene.turn(page)


def race_league(app: App) -> None:
    """The league's boost and pit-plan buttons under the gear box (ENG-D-3, PIT-D-6)."""
    race(app, "dresden-2006")


def race_move(app: App) -> None:
    """The die has shown its spaces: the destinations are on the board, the tray shows the roll."""
    scene = race(app)
    scene.choose(max(g for g, o in scene.control.odds().items() if o.out == 0))
    scene.roll()
    for _ in range(200):
        scene.update(0.5)
        if not scene.queue:
            break
    assert scene.control.wait() == Wait.MOVE


def race_setup(app: App) -> None:
    """The crew's dialog before the start: tyres and the human's own car."""
    header = race_header("fde-advanced")
    control = RaceControl.start(oval(), header)
    play_until(control, lambda c: c.wait() == Wait.SETUP)
    app.push(RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx")))))


def race_pit(app: App) -> None:
    """The crew's dialog at the box, a long stop and repairs on offer (Formula Dé advanced)."""
    rules = PRESETS["fde-advanced"]
    wp = rules.default_wear.model_copy(update={"engine": 2, "body": 1})
    state = at_pit_entry(rules=rules, tyre=Tyre.SOFT, reserve=rules.pit_reserve, wp=wp, setup=rules.default_wear)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5))
    state, _ = act(state, Drive(path=("C59", "P1", "P2", "P3", "P4")))
    scene = RaceScene(app, control_at(state), BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    settle(scene)
    assert isinstance(scene.dialog, CrewDialog) and scene.dialog.long.visible


def race_question(app: App, kind: str) -> None:
    """A league question over the board for the human ``m``: karma after an engine check roll
    (KARMA-3), a secret head-to-head bid (H2H-2) or the T-car with its areas (AMB-38)."""
    held = HeldCheck(check=Check(purpose=Purpose.ENGINE, car="m"), natural=3)
    extras: dict[str, dict[str, object]] = {
        "karma": {"league": LeagueRace(held=held), "active": "m"},
        "bid": {"league": LeagueRace(bids=HeadToHead(cars=("m", "b"), bids=()))},
        "tcar": {"active": "m"},
    }
    extra = extras[kind]
    state = league_state(kind, {"m": 45, "b": 30}, **extra)
    scene = RaceScene(app, control_at(state), BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    for _ in range(20):  # the banner naming the driver, then the card
        scene.update(1.0)
    assert isinstance(scene.dialog, LeagueDialog) and scene.dialog.kind == kind


def race_street_wp(app: App) -> None:
    """The street race's card for the WP won (STREET-7, STREET-8): a human car with room in two areas."""
    from game.widgets.freewpdialog import FreeWPDialog
    from tests.ui.test_street_screens import wp_state

    scene = RaceScene(app, control_at(wp_state()), BoardView(board_of(catalogue().get("oval.tmx"))))
    app.push(scene)
    for _ in range(20):  # the banner naming the driver, then the card
        scene.update(1.0)
    assert isinstance(scene.dialog, FreeWPDialog)


def setup_street(app: App) -> None:
    """Ten seats with the roster's drivers and their abilities (STREET-1)."""
    save_lineup(app.data, Lineup(track="oval.tmx", preset="street", drivers=drivers(10, 3)))
    app.tracks.get("oval.tmx")
    app.push(SetupScene(app))


def race_pit_plan(app: App) -> None:
    """The pit announcement card, opened from the gear box's row (PIT-D-6)."""
    scene = race(app, "dresden-2006")
    scene.dialogs.edit_pit_plan()
    assert isinstance(scene.dialog, PitPlanDialog)


def race_pause(app: App) -> None:
    race(app)
    app.push(PauseScene(app))


def setup(app: App) -> None:
    """Ten drivers, the longest rule set's name, changed modules: the fullest set-up screen."""
    longest = max(PRESETS, key=lambda k: len(texts.tr(f"preset.{k}")))
    save_lineup(app.data, Lineup(track="oval.tmx", preset=longest, modules={"teams": True}, drivers=drivers(10, 3)))
    app.tracks.get("oval.tmx")
    scene = SetupScene(app)
    app.push(scene)
    scene.message = texts.tr("setup.teams_odd", n=9)


def setup_league(app: App) -> None:
    """Ten drivers with the league's profile button in every row (DRESDEN-PROFILE-1)."""
    save_lineup(app.data, Lineup(track="oval.tmx", preset="dresden-2006", drivers=drivers(10, 3)))
    app.tracks.get("oval.tmx")
    app.push(SetupScene(app))


def carsetup_fixed(app: App) -> None:
    app.push(CarSetupScene(app, Lineup(drivers=drivers(10))))


def carsetup_build(app: App) -> None:
    rules = PRESETS["fd-basic"].model_copy(update={"car_setup": B_OWN_CAR})
    app.push(CarSetupScene(app, Lineup(drivers=drivers(10, 4)), rules))


def carsetup_league(app: App) -> None:
    """The league's 22 WP with the box reserve in the total line (AMB-32)."""
    app.push(CarSetupScene(app, Lineup(preset="dresden-2006", drivers=drivers(10, 4)), PRESETS["dresden-2006"]))


def rules_screen(app: App, ids: bool = False) -> None:
    scene = RulesScene(app, RuleChoice(preset="fde-advanced", overrides={"teams": True}), lambda c: None, 2)
    scene.show_ids = ids
    app.push(scene)


def qualifying(app: App, phase: str) -> None:
    """Nine computers' laps are in; the human is on (``ready``), chooses the first gear (``gear``)
    or picks where to drive after the first roll (``move``)."""
    rules = PRESETS["fd-modules"]
    entries = tuple(
        Entry(
            id=f"car{i + 1}",
            name=d.name,
            driver="careful" if i < 9 else "human",
            colour=d.colour,
            number=d.number,
            wear=rules.default_wear,
        )
        for i, d in enumerate(drivers(10, 0))
    )
    session = QualifyingSession(oval(), rules, entries, seed=4, drivers=DRIVERS)
    board = board_of(catalogue().get("oval.tmx"))
    scene = QualifyingScene(app, session, board, lambda s: None, LapRecords(app.data), "fd-modules")
    app.push(scene)
    for _ in range(400):
        if scene.phase == "ready":
            break
        scene.proceed()
        scene.update(5.0)
    if phase == "ready":
        return
    scene.begin()
    scene.update(5.0)  # the countdown
    assert scene.wait() == "gear"
    if phase == "gear":
        return
    scene.choose(1)
    scene.roll()
    for _ in range(100):
        scene.update(0.5)
    assert scene.wait() == "move"


def grid(app: App) -> None:
    rules = PRESETS["fd-basic"].model_copy(update={"grid": "qualifying"})
    entries = tuple(
        Entry(
            id=f"car{i + 1}", name=d.name, driver="careful", colour=d.colour, number=d.number, wear=rules.default_wear
        )
        for i, d in enumerate(drivers(10, 0))
    )
    session = QualifyingSession(oval(), rules, entries, seed=2, drivers=DRIVERS)
    while not session.done:
        session.start_lap()
        lap = session.lap
        assert lap is not None
        session.finish_lap(lap.drive_computer(rules.qualifying.clock_start))
    app.push(GridScene(app, session, lambda g: None))


def results(app: App, teams: bool = False) -> None:
    app.push(ResultsScene(app, finished("fd-basic", teams)))


def statistics(app: App, tab: str) -> None:
    """The statistics of the ten-car race of ``results`` (one car retires), on one of its tabs;
    "counting" while the record is still being counted."""
    scene = StatisticsScene(app, finished("fd-basic", False).session.record(), oval())
    app.push(scene)
    if tab == "counting":
        return
    while scene.stats is None:
        scene.update(0.016)
    scene.show(tab)


def races(app: App) -> None:
    """The list of races played: the race saved in progress first, then more races than fit."""
    from game.storage.history import RaceHistory

    record = finished("fd-basic", False).session.record()
    history = RaceHistory(app.data)
    for k in range(12):
        history.add(
            record.model_copy(update={"header": record.header.model_copy(update={"seed": k})}),
            None if k % 3 == 0 else NAMES[k % 10],
            played=f"2026-11-{k + 1:02d}T20:15:00",
        )
    history.close()
    RaceControl.start(oval(), race_header("fd-basic"), app.saves)
    scene = RacesScene(app)
    app.push(scene)
    scene.delete(scene.ids()[1])  # asked once: "Really delete?"


def replay_viewer(app: App, where: str) -> None:
    """The replay of ten cars' two laps: in the middle of the race (a car driving), or at its end."""
    from game.scenes.history.replay import open_replay

    assert open_replay(app, finished("fd-basic", False).session.record())
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.replay.build()
    if where == "end":
        scene.go(scene.replay.total)
        return
    for _ in range(6):
        scene.round_on()
    scene.turn_on()


def race_log(app: App, car: str | None) -> None:
    """The full log of ten cars' two laps, at its end, for every car or filtered to one."""
    from game.scenes.history.logview import LogViewScene

    replay = Replay(oval(), finished("fd-basic", False).session.record())
    replay.build()
    scene = LogViewScene(app, replay, lambda at: None)
    app.push(scene)
    scene.filter(car)


def records(app: App) -> None:
    db = LapRecords(app.data)
    track = oval()
    laps = [
        db.add(
            LapRecord(
                track_hash=track.content_hash(),
                track_name=track.name,
                variant=k,
                driver=NAMES[i],
                rolls=20 + i,
                penalty=i % 3,
                score=21 + i,
                time_ms=200_000 + 7_000 * i,
            )
        )
        for i, k in zip(range(10), [*PRESETS] * 3)
    ]
    db.close()
    app.push(RecordsScene(app, track.content_hash(), laps[4], again=lambda: None))


def trial(app: App) -> None:
    save_lineup(app.data, Lineup(track="oval.tmx", drivers=drivers(2)))
    app.tracks.get("oval.tmx")
    app.push(TrialScene(app))


@cache
def season_records() -> tuple[Record, ...]:
    """Two 10-car 2-lap races (SEASON-5: points from 2 laps on) of a 10-race Season on the oval, played once."""
    from game.play.series import NextRace
    from game.scenes.launch import header_for

    champ = season()
    records = []
    for k in range(2):
        lineup = Lineup(track="oval.tmx", laps=2, preset="fd-basic", drivers=drivers(10, 0))
        header = header_for(lineup, oval().name, oval().content_hash(), seed=k + 1)
        header = NextRace(1, champ, k, {}).header(header)
        control = RaceControl.start(oval(), header)
        play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
        records.append(control.session.record())
    return tuple(records)


def season() -> Championship:
    """The fullest championship: ten drivers in five teams, ten races, the Season's table."""
    longest = max(PRESETS, key=lambda k: len(texts.tr(f"preset.{k}")))
    members = tuple(
        Member(id=f"d{i + 1}", name=d.name, driver="careful", colour=d.colour, number=d.number, team=i // 2)
        for i, d in enumerate(drivers(10, 0))
    )
    return Championship(
        name="Dresdner Winterpokal der Ehrenrunden",
        preset=longest,
        tracks=("oval.tmx",) * 10,
        laps=2,
        members=members,
        teams=tuple(f"Scuderia Lindenring {k + 1}" for k in range(5)),
        scheme=SCHEMES["season"],
    )


def standings(app: App, tab: str) -> None:
    """The standings after two of ten races, on one of its tabs."""
    store = ChampionshipStore(app.data)
    champ_id = store.create(season())
    assert champ_id is not None
    for k, record in enumerate(season_records()):
        series = record.header.series
        assert series is not None
        store.add_race(
            champ_id,
            k,
            record.model_copy(
                update={
                    "header": record.header.model_copy(
                        update={"series": series.model_copy(update={"championship": champ_id})}
                    )
                }
            ),
        )
    store.close()
    scene = StandingsScene(app, champ_id)
    app.push(scene)
    scene.show(tab)


def championships(app: App) -> None:
    """The list with as many championships as it shows, the longest name among them."""
    store = ChampionshipStore(app.data)
    for k in range(8):
        store.create(season().model_copy(update={"name": f"{season().name} {k + 1}"}))
    store.close()
    scene = ChampionshipsScene(app)
    app.push(scene)
    scene.enter()


def series_setup(app: App) -> None:
    """A new championship's races (the Season's ten) and ten drivers, four of them in teams."""
    lineup = Lineup(track="oval.tmx", preset="dresden-2006", drivers=drivers(10, 3))
    scene = SeriesSetupScene(app, lineup)
    app.push(scene)
    for i in (1, 2, 3, 4):
        scene.next_team(i)


def race_blitz(app: App) -> None:
    """A Blitz heat with its two clocks under the running order (BLITZ-5)."""
    match = Match(players=("p1", "p2"), track="oval.tmx", minutes=10)
    header = heat_header(oval(), match, {"p1": ("Anna", "human"), "p2": ("Benedikt", "careful")}, seed=3)
    control = RaceControl.start(oval(), header)
    play_until(control, lambda c: c.state.round >= 2 and c.wait() in (Wait.GEAR, Wait.ROLL))
    app.push(RaceScene(app, control, BoardView(board_of(catalogue().get("oval.tmx")))))


def menu_continue(app: App) -> None:
    RaceControl.start(oval(), race_header("fd-basic"), app.saves)
    app.scene.enter()


SCREENS: dict[str, Callable[[App], object]] = {
    "menu": lambda app: None,
    "menu-continue": menu_continue,
    "quit": lambda app: app.push(QuitScene(app)),
    "settings": lambda app: app.push(SettingsScene(app)),
    "keys": lambda app: app.push(KeysScene(app)),
    "setup": setup,
    "setup-league": setup_league,
    "setup-street": setup_street,
    "carsetup-fixed": carsetup_fixed,
    "carsetup-build": carsetup_build,
    "carsetup-league": carsetup_league,
    "rules": rules_screen,
    "rules-ids": lambda app: rules_screen(app, ids=True),
    "rules-street": lambda app: app.push(
        RulesScene(app, RuleChoice(preset="street"), lambda c: None, 2)
    ),  # STREET-1..8
    "race-gear": race,
    "race-move": race_move,
    "race-log-back": race_log_back,
    "race-long-names": lambda app: race_long_names(app, "race"),  # "Ossi Kr…" beside "Runde 1/3 · +8"
    "replay-long-names": lambda app: race_long_names(app, "replay"),
    "replay-from-race": replay_from_race,
    "race-league": race_league,
    "race-setup": race_setup,
    "race-pit": race_pit,
    "race-karma": lambda app: race_question(app, "karma"),
    "race-bid": lambda app: race_question(app, "bid"),
    "race-tcar": lambda app: race_question(app, "tcar"),
    "race-pitplan": race_pit_plan,
    "race-street": lambda app: race(app, "street"),  # the nitro beside the gear box (STREET-3)
    "race-street-wp": race_street_wp,
    "pause": race_pause,
    "primer": lambda app: primer(app, 0),
    "tutorial": tutorial,
    "race-hint": lambda app: race(app).ask_hint(),  # the Champion's gear and why, in the hint bar
    "race-told": race_told,
    "primer-corners": lambda app: primer(app, 1),
    "primer-league": lambda app: primer(app, 5),
    "qualifying-ready": lambda app: qualifying(app, "ready"),
    "qualifying-gear": lambda app: qualifying(app, "gear"),
    "qualifying-move": lambda app: qualifying(app, "move"),
    "grid": grid,
    "results": results,
    "results-teams": lambda app: results(app, teams=True),
    "records": records,
    "statistics-counting": lambda app: statistics(app, "counting"),
    "statistics-positions": lambda app: statistics(app, "positions"),
    "statistics-wp": lambda app: statistics(app, "wp"),
    "statistics-luck": lambda app: statistics(app, "luck"),
    "statistics-table": lambda app: statistics(app, "table"),
    "races": races,
    "races-empty": lambda app: app.push(RacesScene(app)),
    "replay": lambda app: replay_viewer(app, "middle"),
    "replay-end": lambda app: replay_viewer(app, "end"),
    "racelog": lambda app: race_log(app, None),
    "racelog-car": lambda app: race_log(app, "car10"),
    "trial": trial,
    "gallery": lambda app: app.push(GalleryScene(app)),
    "championships": championships,
    "blitz-setup": lambda app: app.push(BlitzSetupScene(app)),
    "race-blitz": race_blitz,
    "series-setup": series_setup,
    "standings-drivers": lambda app: standings(app, "drivers"),
    "standings-teams": lambda app: standings(app, "teams"),
    "standings-chart": lambda app: standings(app, "chart"),
}


def record_frame(app: App, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """The top screen's drawing in its second frame: the first paints the pictures a screen keeps
    (the crew's dialog), and only what they hold is kept of it."""
    recorder = Recorder().start(monkeypatch)
    assert app.screen is not None
    for _ in range(2):
        recorder.ops.pop(id(app.screen), None)
        app.scene.update(0.0)
        for scene in app._visible():  # noqa: SLF001
            recorder.on = scene is app.scene
            scene.draw(app.screen)
    return recorder


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")
    theme.set_pointer_scale(1.0, 1.0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", texts.LANGUAGES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_fits_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: str, language: str, size: tuple[int, int]
) -> None:
    texts.set_language(language)
    app = make_app(tmp_path, size)
    app.show_on(open_display(size))  # a window of ``size`` on a display that size: the scale "auto" chooses
    app.change_settings(app.settings.model_copy(update={"language": language, "mute": True}))
    app.push(MenuScene(app))
    SCREENS[screen](app)
    found = problems(record_frame(app, monkeypatch), app.scale)
    assert not found, "\n".join(found)
    if isinstance(app.scene, RaceScene):  # every destination it offers can be clicked where it says
        assert covered_targets(app.scene) == []


@pytest.mark.parametrize("px, scale", [(12, 1.0), (13, 1.0), (6, 2.0)])
def test_a_text_too_small_to_read_is_a_problem(monkeypatch: pytest.MonkeyPatch, px: int, scale: float) -> None:
    """Drawn through the theme as every screen draws: the small line is named, the readable one is not."""
    recorder = Recorder().start(monkeypatch)
    recorder.on = True
    screen = pygame.Surface((400, 300))
    theme.text(screen, "Lap 3/5", px, theme.TEXT, (10, 10))
    theme.text(screen, "Round 4", 14, theme.TEXT, (10, 60))
    found = problems(recorder, scale)
    assert len(found) == 1 and "'Lap 3/5'" in found[0] and "under 14" in found[0], found
    assert not surface_problems(screen.get_rect(), recorder.ops[id(screen)][1])  # small, yet not misplaced


@pytest.mark.parametrize("px, scale", [(14, 1.0), (7, 2.0), (12, 1.25)])
def test_text_of_14_window_pixels_is_readable(monkeypatch: pytest.MonkeyPatch, px: int, scale: float) -> None:
    recorder = Recorder().start(monkeypatch)
    recorder.on = True
    theme.text(pygame.Surface((400, 300)), "Lap 3/5", px, theme.TEXT, (10, 10))
    assert problems(recorder, scale) == []
