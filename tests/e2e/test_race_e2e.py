"""The whole game from the outside: menu, set-up of a 1-lap race on the oval with two
human drivers, the race itself with real clicks and keys, and the results screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from tests.e2e.desktop import Desktop, Status, at_decision


def choose_gear(s: Status) -> str:
    """The highest gear that cannot eliminate the car this turn, else the lowest legal one."""
    gears = s["gears"]
    legal = [int(g) for g, v in gears.items() if v["legal"]]
    safe = [g for g in legal if gears[str(g)]["out"] == 0]
    return str(max(safe) if safe else min(legal))


def choose_target(s: Status) -> dict:
    """The furthest destination that keeps the car in the race."""
    targets = s["targets"]
    safe = [t for t in targets if not t["out"]] or targets
    return max(safe, key=lambda t: (t["steps"], t["space"]))


def set_up_two_humans(d: Desktop) -> None:
    s = d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    d.button(s, "new_race")
    s = d.wait(lambda s: s.get("scene") == "setup", what="the race set-up")
    d.button(s, "track.oval")
    s = d.wait(lambda s: s.get("track") == "oval.tmx")
    while s["laps"] > 1:
        d.button(s, "laps.minus")
        laps = s["laps"]

        def fewer_laps(s: Status, laps: int = laps) -> bool:
            return bool(s["laps"] < laps)

        s = d.wait(fewer_laps)
    while len(s["drivers"]) > 2:
        n = len(s["drivers"])
        d.button(s, "driver3.remove")

        def fewer_drivers(s: Status, n: int = n) -> bool:
            return len(s["drivers"]) < n

        s = d.wait(fewer_drivers)
    for i in (0, 1):
        while s["drivers"][i] != "human":
            before = s["drivers"][i]
            d.button(s, f"driver{i + 1}.kind")

            def kind_changed(s: Status, i: int = i, before: str = before) -> bool:
                return bool(s["drivers"][i] != before)

            s = d.wait(kind_changed)
    d.button(s, "next")
    s = d.wait(lambda s: s.get("scene") == "carsetup", what="the car set-up")
    d.button(s, "start")


def drive_race(d: Desktop, max_actions: int = 600) -> Status:
    """Play as both humans until the results screen shows.

    After each action the status is read again; an action the game did not take
    (a click that landed while the picture moved) is simply made again.
    """
    for _ in range(max_actions):
        s = d.wait(
            at_decision,
            timeout=60,
            what="a decision or the results",
        )
        if s["scene"] == "results":
            return s
        if s["banner"]:
            d.key("Return")
        elif "menu" in s:
            x, y = s["menu"][0]
            d.click(x, y)
        elif s["wait"] == "gear":
            d.key(choose_gear(s))
        elif s["wait"] == "roll":
            d.key("space")
        elif not s["targets"]:  # all off screen: show the whole board
            d.key("f")
        else:
            t = choose_target(s)
            d.click(t["x"], t["y"])
        d.changed(s)
    raise AssertionError("the race did not end")


def test_two_humans_race_one_lap_on_the_oval_to_the_results(desktop: Desktop, tmp_path: Path) -> None:
    set_up_two_humans(desktop)
    desktop.wait(lambda s: s.get("scene") == "race", what="the race screen")
    results = drive_race(desktop)
    assert sorted(results["places"]) == ["Anna", "Ben"]
    desktop.shown(results)  # the X server shows the frame the status describes a moment after the flip
    shot = desktop.screenshot(tmp_path / "results.png")
    picture = pygame.image.load(str(shot))
    # the results screen's chequered strip along the top: a black and a white square
    assert sum(picture.get_at((7, 7))[:3]) < 120
    assert sum(picture.get_at((21, 7))[:3]) > 600
    # and back to the menu with a real click
    desktop.button(results, "back")
    desktop.wait(lambda s: s.get("scene") == "menu", what="the menu after the results")
