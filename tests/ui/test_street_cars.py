"""The street race's GT field (STREET-1) drives saloons seen from above, not Formula cars:
on the board, in the dashboard, the hot-seat banner and the results, drawn in code like the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import theme
from game.board import cars, marks
from game.board.cars import BASE, car_sprite
from game.play.race_control import Wait
from game.scenes.history.results import ResultsScene
from tests.ui.helpers import play_until, screen_of
from tests.ui.test_street_legend import race_on


def body_share(body: str) -> float:
    """How much of the column across the car's middle is painted in its own colour: a closed
    saloon is as wide there as its wheels; a Formula car shows a narrow hull and its cockpit."""
    colour = "#d03030"
    sprite = car_sprite(colour, "plain", body)
    x = BASE[0] // 2 - 8
    own = sum(1 for y in range(BASE[1]) if sprite.get_at((x, y))[:3] == theme.colour(colour))
    return own / BASE[1]


@pytest.mark.rules("STREET-1")
def test_STREET_1_a_street_car_is_a_closed_saloon_not_a_formula_car() -> None:
    assert body_share("street") >= 0.7 > 0.5 >= body_share("formula")


@pytest.mark.rules("STREET-1")
@pytest.mark.parametrize(("preset", "body"), [("street", "street"), ("fd-basic", "formula")])
def test_STREET_1_the_race_screen_and_the_results_draw_the_race_s_kind_of_car(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, body: str
) -> None:
    drawn: list[str] = []
    icons: list[str] = []
    draw_car, car_icon = marks.draw_car, cars.car_icon

    def spy_draw(*args: Any) -> None:
        drawn.append(args[7] if len(args) > 7 else "formula")
        draw_car(*args)

    def spy_icon(colour: str, pattern: str, size: tuple[int, int], kind: str = "formula") -> Any:
        icons.append(kind)
        return car_icon(colour, pattern, size, kind)

    scene = race_on(tmp_path, preset)
    play_until(scene.control, lambda c: c.wait() == Wait.GEAR and c.state.round >= 1)
    monkeypatch.setattr(marks, "draw_car", spy_draw)
    for module in ("game.widgets.dashboard", "game.widgets.race_hud", "game.widgets.tables"):
        monkeypatch.setattr(f"{module}.car_icon", spy_icon)
    scene.view.fit()
    scene.draw(screen_of(scene.app))
    assert drawn and set(drawn) == {body}
    assert icons and set(icons) == {body}  # the dashboard's car
    control = scene.control
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
    icons.clear()
    results = ResultsScene(scene.app, control)
    scene.app.push(results)
    scene.app.frame(0.02)
    assert icons and set(icons) == {body}


@pytest.mark.rules("STREET-1")
@pytest.mark.parametrize(("preset", "body"), [("street", "street"), ("fd-basic", "formula")])
def test_STREET_1_the_set_up_and_the_cars_page_show_the_race_s_kind_of_car(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, body: str
) -> None:
    from game.scenes.menus.menu import MenuScene
    from game.scenes.setup.carsetup import CarSetupScene
    from game.scenes.setup.lineup import SetupScene
    from game.storage.lineup import Lineup, save_lineup
    from tests.ui.helpers import make_app
    from tests.ui.test_layout import drivers

    icons: list[str] = []
    car_icon = cars.car_icon

    def spy_icon(colour: str, pattern: str, size: tuple[int, int], kind: str = "formula") -> Any:
        icons.append(kind)
        return car_icon(colour, pattern, size, kind)

    for module in ("game.scenes.setup.lineup", "game.scenes.setup.carsetup"):
        monkeypatch.setattr(f"{module}.car_icon", spy_icon)
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    lineup = Lineup(track="oval.tmx", preset=preset, drivers=drivers(4, 1))
    save_lineup(app.data, lineup)
    app.push(SetupScene(app))
    app.frame(0.02)
    assert icons and set(icons) == {body}
    icons.clear()
    app.push(CarSetupScene(app, lineup))
    app.frame(0.02)
    assert icons and set(icons) == {body}
