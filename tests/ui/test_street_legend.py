"""The street race's legend and hints on the race screen (STREET-5..7): the danger zone, the
residents' windows and the police station say what they do under the mouse, and a small legend
names the board's colours; under other rules on the same board neither shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import texts
from game.board.view import BoardView
from game.play.race_control import RaceControl
from game.scenes.launch import header_for
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.lineup import COLOURS, NAMES, Driver, Lineup
from game.texts import tr
from game.widgets.street_legend import legend_rect, legend_rows
from tests.ui.helpers import board_of, make_app, screen_of, track_of
from tests.ui.layout import Recorder

TRACK = "brueckenau.tmx"  # the city circuit: windows, danger zone, police station, tunnels


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def race_on(tmp: Path, preset: str, language: str = "en", size: tuple[int, int] = (1280, 800)) -> RaceScene:
    """A race on the city circuit as the set-up starts it, at its first decision, on screen."""
    app = make_app(tmp, size)
    app.change_settings(app.settings.model_copy(update={"language": language, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get(TRACK)
    drivers = tuple(
        Driver(kind="human" if i == 0 else "rookie", name=NAMES[i], colour=COLOURS[i], number=i + 1) for i in range(3)
    )
    lineup = Lineup(track=TRACK, preset=preset, drivers=drivers, laps=1)
    track = track_of(entry)
    control = RaceControl.start(track, header_for(lineup, track.name, track.content_hash(), seed=5))
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    app.frame(0.02)
    return scene


def pointing_at(scene: RaceScene, world: tuple[float, float]) -> tuple[int, int]:
    """The screen pixel of a board point, the camera brought round to it (as a player drags)."""
    scene.view.centre_on(world)
    x, y = scene.view.to_screen(world)
    return round(x), round(y)


def centre(points) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_STREET_5_STREET_6_STREET_7_zones_and_buildings_say_what_they_do_under_the_mouse(
    tmp_path: Path, language: str
) -> None:
    scene = race_on(tmp_path, "street", language)
    track = scene.track
    kinds = {z.kind for z in track.zones}
    assert kinds == {"shooting", "danger", "police"}
    for zone in track.zones:
        plain = next(n for n in sorted(zone.spaces) if n not in zone.black)
        s = track.space(plain)
        lines = scene.hint_at(pointing_at(scene, (s.x, s.y)))
        assert tr(f"street.about.{zone.kind}") in lines, (zone.kind, lines)
    black = next(n for z in track.zones for n in sorted(z.black))
    s = track.space(black)
    assert tr("street.about.black") in scene.hint_at(pointing_at(scene, (s.x, s.y)))
    art = scene.view.board.street
    house, station = art.houses[0], art.stations[0]
    assert scene.hint_at(pointing_at(scene, centre(house.roof))) == [
        tr("gallery.shooting_zone"),
        tr("street.about.shooting"),
    ]
    assert scene.hint_at(pointing_at(scene, centre(station.outline))) == [
        tr("gallery.police_zone"),
        tr("street.about.police"),
    ]
    gate = track.tunnels[0]
    s = track.space(gate.entry)
    assert tr("street.about.tunnel") in scene.hint_at(pointing_at(scene, (s.x, s.y)))


def test_STREET_the_legend_names_the_board_s_colours_and_each_row_its_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = race_on(tmp_path, "street")
    app = scene.app
    rows = [kind for kind, _ in legend_rows(scene.track)]
    assert rows == ["shooting", "danger", "black", "police", "tunnel"]
    recorder = Recorder().start(monkeypatch)
    recorder.on = True
    scene.draw(screen_of(app))
    drawn = [op.label for op in recorder.ops[id(app.screen)][1] if op.kind == "text"]
    assert all(tr(f"street.legend.{kind}") in drawn for kind in rows)
    rect = legend_rect(scene.view.viewport, scene.track)
    assert rect is not None and scene.view.viewport.contains(rect)
    assert not rect.colliderect(scene.standings_rect)
    for i, kind in enumerate(rows):
        row = (rect.centerx, rect.top + 28 + 24 * i + 12)
        assert scene.hint_at(row) == [tr(f"street.legend.{kind}"), tr(f"street.about.{kind}")]


def test_under_other_rules_the_city_circuit_has_no_legend_and_no_zone_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = race_on(tmp_path, "fd-basic")
    recorder = Recorder().start(monkeypatch)
    recorder.on = True
    scene.draw(screen_of(scene.app))
    drawn = [op.label for op in recorder.ops[id(scene.app.screen)][1] if op.kind == "text"]
    assert tr("street.legend.title") not in drawn
    zone = scene.track.zones[0]
    s = scene.track.space(sorted(zone.spaces)[0])
    lines = scene.hint_at(pointing_at(scene, (s.x, s.y)))
    assert tr(f"street.about.{zone.kind}") not in lines and tr(f"gallery.{zone.kind}_zone") not in lines


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_street_race_screen_with_its_legend_fits_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]
) -> None:
    from game.play.race_control import Wait
    from tests.ui.helpers import play_until
    from tests.ui.layout import problems
    from tests.ui.test_layout import record_frame

    scene = race_on(tmp_path, "street", language, size)
    play_until(scene.control, lambda c: c.wait() == Wait.GEAR and c.state.round >= 1)
    found = problems(record_frame(scene.app, monkeypatch))
    assert not found, "\n".join(found)
    rect = legend_rect(scene.view.viewport, scene.track)
    assert rect is not None and not rect.colliderect(scene.standings_rect)
