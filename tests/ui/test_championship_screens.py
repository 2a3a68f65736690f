"""A championship through its screens, headless: created from the menu with its races and teams,
its races played one after the other, stored at each race's results, the standings recomputed
from the stored records, and everything still there after the program starts again."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.app.loop import App, Scene
from game.play.race_control import RaceControl, Wait
from game.play.series import NextRace, lineup_for, pools, replayed
from game.scenes.history.results import ResultsScene
from game.scenes.launch import header_for
from game.scenes.league.series_setup import SeriesSetupScene
from game.scenes.league.standings import StandingsScene
from game.scenes.menus.menu import MenuScene
from game.storage.championships import ChampionshipStore
from game.storage.lineup import COLOURS, NAMES, Driver, Lineup, save_lineup
from rules.ai.registry import DRIVERS
from rules.league import championship as ch
from rules.qualifying.session import QualifyingSession
from rules.tables.profiles import Profile
from tests.ui.helpers import make_app, oval, play_until, screen_of, top, track_of


def click_button(scene: Scene, button_id: str) -> None:
    b = next(w for w in scene.widgets if w.id == button_id)
    assert b.visible, button_id
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=b.rect.center))


def type_into(scene: Scene, field_id: str, text: str) -> None:
    """Click the field, clear it with Backspace, type ``text``, press Enter."""
    click_button(scene, field_id)
    for _ in range(60):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))


def computers(n: int) -> tuple[Driver, ...]:
    return tuple(Driver(kind="careful", name=NAMES[i], colour=COLOURS[i], number=i + 1) for i in range(n))


def app_on(data: Path, lineup: Lineup | None = None) -> App:
    app = make_app(data)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True, "language": "en"}))
    if lineup is not None:
        save_lineup(app.data, lineup)
    app.push(MenuScene(app))
    return app


def create_through_the_screens(app: App) -> None:
    """Menu -> Championship -> New -> the drivers' set-up -> races and teams -> Create."""
    click_button(app.scene, "championship")
    assert app.scene.name == "championships"
    click_button(app.scene, "new")
    assert app.scene.name == "setup"
    click_button(app.scene, "next")
    assert app.scene.name == "series_setup"
    scene = app.scene
    click_button(scene, "race3.remove")  # 3 proposed; 2 kept
    for i in range(1, 5):  # one click each: Team 1 is full after two, so the next two go to Team 2
        click_button(scene, f"driver{i}.team")
    type_into(scene, "name", "Winter Cup")
    type_into(scene, "team1.name", "Rot")
    assert scene.status()["teams"] == [0, 0, 1, 1]
    click_button(scene, "create")


def play_next_race(app: App) -> dict[str, ch.Score]:
    """From the standings: the next race's car set-up, the race (Tab lets the computers finish it),
    the results (which keep it in the championship and show its points) and back to the standings."""
    assert app.scene.name == "standings"
    click_button(app.scene, "next")
    assert app.scene.name == "carsetup"
    click_button(app.scene, "start")
    for _ in range(5000):
        if app.scene.name == "results":
            break
        if not getattr(app.scene, "skipping", True):
            app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        app.scene.update(1 / 60)
    results = top(app, ResultsScene)
    scores = results.scores
    results.draw(screen_of(app))
    click_button(app.scene, "back")  # "Championship standings"
    return scores


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.rules("SEASON-3")
def test_SEASON_3_a_championship_is_created_played_to_the_end_and_kept_across_program_starts(tmp_path: Path) -> None:
    lineup = Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(4))
    app = app_on(tmp_path, lineup)
    create_through_the_screens(app)
    standings = app.scene
    assert standings.name == "standings" and standings.status()["races"] == 0 and not standings.status()["over"]
    scores = play_next_race(app)
    assert sorted(s.race for s in scores.values()) == [5, 6, 8, 10]  # the results show the race's points
    assert app.scene.name == "standings" and app.scene.status()["races"] == 1

    again = app_on(tmp_path)  # the program starts again: the championship waits in the list
    click_button(again.scene, "championship")
    assert again.scene.status()["championships"] == [("Winter Cup", 1, 2)]
    store = ChampionshipStore(tmp_path)
    [summary] = store.list()
    click_button(again.scene, f"open.{summary.id}")
    play_next_race(again)
    final = again.scene.status()
    assert final["races"] == 2 and final["over"] and final["teams"][0][0] in ("Rot", "Team 2")

    # the standings are the stored races counted again, from nothing but the records
    champ = store.get(summary.id)
    records = store.races(summary.id)
    assert champ is not None and len(records) == 2
    assert [r.header.series.race for r in records if r.header.series is not None] == [0, 1]
    played = replayed(champ, records, lambda f: track_of(again.tracks.get(f)))
    kept = replayed(champ, records, lambda f: None, store.outcomes(summary.id))  # the outcomes kept, no track needed
    assert len(store.outcomes(summary.id)) == 2 and kept.scores == played.scores and kept.outcomes == played.outcomes
    table = ch.standings(champ, played.scores)
    assert [(champ.member(s.driver).name, s.counted) for s in table] == [tuple(d) for d in final["drivers"]]
    assert sum(s.counted for s in table) == 2 * (10 + 8 + 6 + 5)  # every place of both races scored
    store.close()


def test_the_standings_export_a_csv_file_of_both_tables(tmp_path: Path) -> None:
    app = app_on(tmp_path, Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(4)))
    create_through_the_screens(app)
    play_next_race(app)
    click_button(app.scene, "csv")
    [path] = (tmp_path / "exports").glob("*.csv")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert (
        lines[0] == "position,driver,team,race 1 (oval),race 2 (adlerjoch),total,counted"
    )  # the next track proposed: the first map
    assert len(lines) == 1 + 4 + 1 + 1 + 2 and lines[6] == "position,team,drivers,total"
    assert str(path) in top(app, StandingsScene).message


def season_after_three_races(tmp_path: Path, drivers: int) -> tuple[App, int, int]:
    """A league Season of 4 races (2 results dropped) played 3 races in, its standings shown:
    the app, the championship's id and a race of d1's whose result is counted now."""
    store = ChampionshipStore(tmp_path)
    members = tuple(
        ch.Member(id=f"d{i}", name=NAMES[i], driver="careful", colour=COLOURS[i], number=i)
        for i in range(1, drivers + 1)
    )
    champ = ch.Championship(
        name="Season", preset="fd-basic", tracks=("oval.tmx",) * 4, laps=1, members=members, scheme=ch.SCHEMES["season"]
    )
    champ_id = store.create(champ)
    assert champ_id is not None
    app = app_on(tmp_path)
    top(app, MenuScene).open_championship(champ_id)
    for _ in range(3):
        play_next_race(app)
    d1 = next(s for s in top(app, StandingsScene).drivers if s.driver == "d1")
    return app, champ_id, next(k for k in range(3) if k not in d1.dropped)


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_a_click_on_a_result_drops_it_until_the_season_ends(tmp_path: Path) -> None:
    """The league's Season of 4 races drops 2 results: after 3 of its races one is dropped, a driver
    swaps the proposed drop for another race, the counted total follows, and the choice is kept."""
    app, champ_id, keep = season_after_three_races(tmp_path, drivers=3)
    scene = top(app, StandingsScene)
    d1 = next(s for s in scene.drivers if s.driver == "d1")
    cols = scene.columns()
    row = scene.drivers.index(d1)
    pos = ((cols[3 + keep] + cols[4 + keep]) // 2, scene.table.top + 44 + row * scene.row + scene.row // 2)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=pos))
    after = next(s for s in scene.drivers if s.driver == "d1")
    assert after.dropped == (keep,)
    assert after.counted == after.total - sum(after.points[k] or 0 for k in after.dropped)
    assert ChampionshipStore(tmp_path).drops(champ_id)["d1"] == after.dropped


def test_a_championship_is_deleted_only_at_the_second_click(tmp_path: Path) -> None:
    app = app_on(tmp_path, Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(2)))
    create_through_the_screens_min(app)
    click_button(app.scene, "back")  # the standings -> the list
    scene = app.scene
    assert len(scene.status()["championships"]) == 1
    summary = ChampionshipStore(tmp_path).list()[0]
    click_button(scene, f"delete.{summary.id}")
    assert len(scene.status()["championships"]) == 1  # asked, not yet deleted
    click_button(scene, f"delete.{summary.id}")
    assert scene.status()["championships"] == [] and ChampionshipStore(tmp_path).list() == []


def create_through_the_screens_min(app: App) -> None:
    click_button(app.scene, "championship")
    click_button(app.scene, "new")
    click_button(app.scene, "next")
    click_button(app.scene, "create")
    assert app.scene.name == "standings"


@pytest.mark.rules("SEASON-7", "KARMA-1", "KARMA-2")
def test_KARMA_1_KARMA_2_SEASON_7_a_league_race_hands_each_pool_and_profile_to_the_next(tmp_path: Path) -> None:
    """Race 1 of a Season starts every pool at 30 (KARMA-1); race 2's entries bring the pool at the
    flag plus 1 per championship point (KARMA-2, AMB-41e), the season's profile and the team box."""
    members = tuple(
        ch.Member(
            id=f"d{i}",
            name=NAMES[i],
            driver="careful",
            colour=COLOURS[i],
            number=i,
            team=0 if i < 3 else None,
            profile=Profile.REGENGOTT if i == 1 else Profile.NORMALO,
        )
        for i in range(1, 5)
    )
    champ = ch.Championship(
        name="Season",
        preset="dresden-2006",
        tracks=("oval.tmx",) * 2,
        laps=2,
        members=members,
        teams=("Rot",),
        scheme=ch.SCHEMES["season"],
    )
    lineup = lineup_for(champ, 0)
    header = NextRace(5, champ, 0, {m.id: None for m in champ.members}).header(
        header_for(lineup, oval().name, oval().content_hash(), seed=3)
    )
    assert [(e.id, e.team, e.karma, e.profile) for e in header.entries][:2] == [
        ("d1", 0, None, Profile.REGENGOTT),
        ("d2", 0, None, Profile.NORMALO),
    ]
    control = RaceControl.start(oval(), header.model_copy(update={"grid": ("d1", "d2", "d3", "d4")}))
    assert all(c.league.karma == 30 for c in control.state.cars)
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
    played = replayed(champ, [control.session.record()], lambda f: oval())
    carried = pools(champ, played)
    for m in champ.members:
        at_flag = control.state.car(m.id).league.karma
        assert carried[m.id] == at_flag + played.scores[0][m.id].race  # 1 karma per point in the Season
    assert any(played.scores[0][m.id].race for m in champ.members)
    second = NextRace(5, champ, 1, carried).header(
        header_for(lineup_for(champ, 1), oval().name, oval().content_hash(), 4)
    )
    assert {e.id: e.karma for e in second.entries} == carried and second.series is not None and second.series.race == 1
    assert (
        RaceControl.start(oval(), second.model_copy(update={"grid": ("d1", "d2", "d3", "d4")}))
        .state.car("d1")
        .league.karma
        == carried["d1"]
    )
    # outside the league a championship's team shares no box: it counts in the standings only
    classic = champ.model_copy(update={"preset": "fd-basic"})
    plain = NextRace(5, classic, 0, {}).header(
        header_for(lineup_for(classic, 0), oval().name, oval().content_hash(), 5)
    )
    assert all(e.team is None for e in plain.entries)


@pytest.mark.rules("QUAL-D-13", "QUAL-D-14", "OPEN-3")
def test_QUAL_D_13_OPEN_3_an_open_championship_holds_two_qualifying_runs_a_race(tmp_path: Path) -> None:
    """The Open's set-up offers 1 or 2 runs; with 2 the race's qualifying holds both, each with its
    own weather, and the grid scores 101 - slot (QUAL-D-14) in the standings."""
    lineup = Lineup(track="oval.tmx", laps=2, preset="dresden-open", drivers=computers(3))
    app = app_on(tmp_path)
    scene = SeriesSetupScene(app, lineup)
    app.push(scene)
    click_button(scene, "runs")
    assert scene.status()["runs"] == 2
    champ = scene.championship()
    assert champ.qualifying_runs == 2 and champ.scheme.qualifying
    header = NextRace(1, champ, 0, {}).header(header_for(lineup_for(champ, 0), oval().name, oval().content_hash(), 2))
    quali = QualifyingSession(oval(), header.rules, header.entries, seed=4, drivers=DRIVERS)
    while not quali.done:
        quali.drive_computer()
    assert len(quali.results) == 6 and len(quali.barometers) == 2
    control = RaceControl.start(oval(), quali.race(header))
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
    scores = replayed(champ, [control.session.record()], lambda f: oval()).scores[0]
    assert sorted(s.qualifying for s in scores.values()) == [98, 99, 100]
    assert scores[quali.grid().order[0]].qualifying == 100


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_a_formula_d_championship_may_drop_results_too(tmp_path: Path) -> None:
    """The Formula D and Formula Dé sets choose their table and how many results each driver drops."""
    app = app_on(tmp_path)
    scene = SeriesSetupScene(app, Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(3)))
    app.push(scene)
    assert scene.status()["drops"] == 0
    click_button(scene, "drops")
    click_button(scene, "points")  # the other table keeps the drops
    assert scene.championship().scheme.dropped == 1 and scene.championship().scheme.key == "f1-modern"
    league = SeriesSetupScene(app, Lineup(track="oval.tmx", preset="dresden-2006", drivers=computers(3)))
    assert not next(w for w in league.widgets if w.id == "drops").visible  # the Season's are its own (2)


def test_a_championship_race_is_in_its_championship_before_the_autosave_is_cleared(tmp_path: Path, monkeypatch) -> None:
    """A crash between the flag and the results screen must leave the race somewhere: the
    championship has it before the autosave (the Continue) goes."""
    app = app_on(tmp_path, Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(2)))
    create_through_the_screens_min(app)
    store = ChampionshipStore(tmp_path)
    [summary] = store.list()
    store.close()
    stored_at_clear: list[int] = []
    clear = app.saves.clear

    def clearing() -> None:
        look = ChampionshipStore(tmp_path)
        stored_at_clear.append(len(look.races(summary.id)))
        look.close()
        clear()

    monkeypatch.setattr(app.saves, "clear", clearing)
    play_next_race(app)
    assert stored_at_clear == [1] and not app.saves.exists()


def test_an_exports_file_where_the_folder_belongs_is_named_not_file_exists(tmp_path: Path) -> None:
    app = app_on(tmp_path, Lineup(track="oval.tmx", laps=1, preset="fd-basic", drivers=computers(2)))
    create_through_the_screens_min(app)
    (tmp_path / "exports").write_text("not a folder")
    click_button(app.scene, "csv")
    message = top(app, StandingsScene).message
    assert f"{tmp_path / 'exports'} is a file, not a folder; rename or delete it" in message, message
    assert "File exists" not in message and (tmp_path / "exports").read_text() == "not a folder"


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_a_result_is_dropped_by_keys_too(tmp_path: Path) -> None:
    """The focus ring goes over the results a driver may drop; Enter drops the focused one."""
    app, _, keep = season_after_three_races(tmp_path, drivers=2)
    scene = top(app, StandingsScene)
    for _ in range(40):
        if scene.status()["focus"] == f"drop.d1.{keep}":
            break
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert scene.status()["focus"] == f"drop.d1.{keep}"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert next(s for s in scene.drivers if s.driver == "d1").dropped == (keep,)
