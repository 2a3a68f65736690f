"""A whole race in the real window with the keyboard alone (xdotool key, never the mouse): the
menu, the set-up of a 1-lap race on the oval with one human and one computer, the race with its
destinations picked by Tab and driven by Enter, the results and back to the menu."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from tests.e2e.desktop import Desktop, Status, at_decision
from tests.e2e.test_race_e2e import choose_gear, choose_target

TABS = 80  # more than any screen has widgets


def focus_on(d: Desktop, widget_id: str) -> Status:
    """Tab until ``widget_id`` has the focus ring."""
    s = d.status()
    for _ in range(TABS):
        if s.get("focus") == widget_id:
            return s
        before = s.get("focus")
        d.key("Tab")

        def focus_moved(s: Status, before: object = before) -> bool:
            return s.get("focus") != before

        s = d.wait(focus_moved, timeout=10, what="the focus to move")
    raise AssertionError(f"Tab never reached {widget_id}: {s}")


def press(d: Desktop, widget_id: str, changed: Callable[[Status], bool]) -> Status:
    """Focus ``widget_id``, press Enter, wait for ``changed``."""
    focus_on(d, widget_id)
    d.key("Return")
    return d.wait(changed, timeout=20, what=f"{widget_id} pressed")


def press_until_changed(d: Desktop, s: Status, widget_id: str, read: Callable[[Status], object]) -> Status:
    """Press ``widget_id`` and wait until ``read`` sees the status differ from ``s``: the next
    press must see the screen this one made."""
    before = read(s)
    return press(d, widget_id, lambda t: read(t) != before)


def set_up_by_keys(d: Desktop) -> None:
    d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    s = press(d, "new_race", lambda s: s.get("scene") == "setup")
    while "track.oval" not in s["buttons"]:  # the tracks' pages
        s = press_until_changed(d, s, "tracks.next", lambda t: sorted(t["buttons"]))
    s = press(d, "track.oval", lambda s: s.get("track") == "oval.tmx")
    while s["laps"] > 1:
        s = press_until_changed(d, s, "laps.minus", lambda t: t["laps"])
    while len(s["drivers"]) > 2:
        s = press_until_changed(d, s, "driver3.remove", lambda t: len(t["drivers"]))
    while len(s["drivers"]) < 2:
        s = press_until_changed(d, s, "add", lambda t: len(t["drivers"]))
    for i, human in ((0, True), (1, False)):
        while (s["drivers"][i] == "human") != human:
            s = press_until_changed(d, s, f"driver{i + 1}.kind", lambda t: t["drivers"])
    s = press(d, "next", lambda s: s.get("scene") == "carsetup")
    press(d, "start", lambda s: s.get("scene") == "race")


def pick(d: Desktop, s: Status) -> None:
    """Tab through the destinations to the furthest safe one on screen, then Enter drives there."""
    want = choose_target(s)["space"]
    for _ in range(TABS):
        if s.get("picked") == want:
            d.key("Return")
            return
        before = s.get("picked")
        d.key("Tab")

        def next_picked(s: Status, before: object = before) -> bool:
            return s.get("picked") != before or s.get("wait") != "move"

        s = d.wait(next_picked, timeout=10, what="the next destination")
        if s.get("wait") != "move":
            return
    raise AssertionError(f"Tab never picked {want}")


def race_by_keys(d: Desktop, max_actions: int = 400) -> Status:
    for _ in range(max_actions):
        s = d.wait(
            at_decision,
            timeout=60,
            what="a decision or the results",
        )
        if s["scene"] == "results":
            return s
        if s["banner"] or "menu" in s:  # the way menu opened by Enter points at its first way
            d.key("Return")
        elif s["wait"] == "gear":
            d.key(choose_gear(s))
        elif s["wait"] == "roll":
            d.key("space")
        elif not s["targets"]:  # all off screen: show the whole board
            d.key("f")
        else:
            pick(d, s)
        d.changed(s)
    raise AssertionError("the race did not end")


def test_a_whole_race_by_keyboard_alone(desktop: Desktop, tmp_path: Path) -> None:
    set_up_by_keys(desktop)
    results = race_by_keys(desktop)
    assert len(results["places"]) == 2
    desktop.shown(results)
    shot = desktop.screenshot(tmp_path / "results.png")
    assert sum(pygame.image.load(str(shot)).get_at((7, 7))[:3]) < 120  # the results' chequered strip
    desktop.key("Return")
    desktop.wait(lambda s: s.get("scene") == "menu", what="the menu after the results")
