"""The qualifying session from the outside: set up a 4-driver race on the oval with a qualifying
grid, drive the human's lap with real key presses and clicks, skip the computers' laps, read
the grid screen, and start the race on that grid."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from tests.e2e.desktop import Desktop, Status
from tests.e2e.test_race_e2e import choose_gear, choose_target


def set_up_qualifying(d: Desktop) -> None:
    s = d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    d.button(s, "new_race")
    s = d.wait(lambda s: s.get("scene") == "setup", what="the race set-up")
    d.button(s, "track.oval")
    s = d.wait(lambda s: s.get("track") == "oval.tmx")
    while s["grid"] != "qualifying":
        d.button(s, "grid")
        s = d.changed(s)
    assert s["drivers"][0] == "human" and len(s["drivers"]) == 4
    d.button(s, "next")
    s = d.wait(lambda s: s.get("scene") == "carsetup", what="the car set-up")
    d.button(s, "start")


def drive_lap(d: Desktop, max_actions: int = 200) -> Status:
    """The human's lap: a digit for the gear, Space to roll, a click on a highlighted space."""
    for _ in range(max_actions):
        s = d.wait(
            lambda s: (
                s.get("scene") == "qualifying"
                and not s.get("busy")
                and (s.get("phase") == "result" or s.get("wait") in ("gear", "roll") or "targets" in s)
            ),
            timeout=30,
            what="a decision or the lap's end",
        )
        if s["phase"] == "result":
            return s
        if s["wait"] == "gear":
            d.key(choose_gear(s))
        elif s["wait"] == "roll":
            d.key("space")
        elif not s["targets"]:
            d.key("f")
        else:
            safe = [t for t in s["targets"] if not t["out"] and not t["penalty"]]
            t = max(safe, key=lambda t: (t["steps"], t["space"])) if safe else choose_target(s)
            d.click(t["x"], t["y"])
        d.changed(s)
    raise AssertionError("the lap did not end")


def skip_computer_laps(d: Desktop, drivers: int) -> Status:
    """Enter skips each computer's replay and each result card but the last one, which leaves by
    itself: an Enter sent just as it left would start the race from the grid screen."""
    for _ in range(4 * drivers):
        s = d.wait(
            lambda s: (
                s.get("scene") == "grid"
                or (
                    s.get("scene") == "qualifying"
                    and not s.get("busy")
                    and (s.get("phase") == "computer" or (s.get("phase") == "result" and len(s["results"]) < drivers))
                )
            ),
            timeout=30,
            what="a computer's lap, a result card or the grid",
        )
        if s["scene"] == "grid":
            return s
        d.key("Return")

        def moved_on(n: Status, s: Status = s) -> bool:
            return n.get("scene") != "qualifying" or (n["driver"], n["phase"], n["results"]) != (
                s["driver"],
                s["phase"],
                s["results"],
            )

        d.wait(moved_on, timeout=30, what="the next phase of the computers' laps")
    raise AssertionError("the computers' laps did not end")


def test_one_human_qualifying_lap_on_the_oval_to_the_grid_and_the_race(desktop: Desktop, tmp_path: Path) -> None:
    set_up_qualifying(desktop)
    s = desktop.wait(lambda s: s.get("scene") == "qualifying" and s.get("phase") == "ready", what="the driver's card")
    assert s["driver"] == "Anna" and "start_lap" in s["buttons"]
    desktop.key("Return")
    desktop.wait(lambda s: s.get("phase") == "driving", what="the countdown's end")
    result = drive_lap(desktop)
    assert result["results"] == ["Anna"] and not result["running"]
    grid = skip_computer_laps(desktop, drivers=4)
    assert sorted(grid["grid"]) == ["Anna", "Ben", "Clara", "David"]
    desktop.shown(grid)
    picture = pygame.image.load(str(desktop.screenshot(tmp_path / "grid.png")))
    assert sum(picture.get_at((4, 4))[:3]) < 120  # the page's chequered strip
    desktop.button(grid, "start_race")
    desktop.wait(lambda s: s.get("scene") == "race", what="the race on the qualifying grid")


def test_a_qualifying_killed_after_three_moves_continues_from_the_menu(desktop: Desktop) -> None:
    set_up_qualifying(desktop)
    desktop.wait(lambda s: s.get("scene") == "qualifying" and s.get("phase") == "ready", what="the driver's card")
    desktop.key("Return")
    desktop.wait(lambda s: s.get("phase") == "driving", what="the countdown's end")
    save = desktop.home / "data" / "formula-d" / "race.json"

    def steps() -> list[dict]:
        return json.loads(save.read_text())["laps"][-1]["steps"]

    s = desktop.status()
    while not save.is_file() or not json.loads(save.read_text())["laps"] or len(steps()) < 3:
        s = desktop.wait(
            lambda s: not s.get("busy") and (s.get("wait") in ("gear", "roll") or bool(s.get("targets"))),
            timeout=30,
            what="a decision",
        )
        if s["wait"] == "gear":
            desktop.key(choose_gear(s))
        elif s["wait"] == "roll":
            desktop.key("space")
        else:
            desktop.click(s["targets"][0]["x"], s["targets"][0]["y"])
        desktop.changed(s)
    last_ms = steps()[-1]["at_ms"]
    desktop.kill_game()

    desktop.launch()
    s = desktop.wait(lambda s: s.get("scene") == "menu" and "continue" in s.get("buttons", {}), what="Continue")
    desktop.button(s, "continue")
    s = desktop.wait(lambda s: s.get("scene") == "qualifying" and s.get("phase") == "driving", what="the lap again")
    assert s["driver"] == "Anna" and s["notices"] >= 1
    assert last_ms <= s["clock"] < last_ms + 10_000  # on from the last action's time, not from zero
    assert len(steps()) == 3
