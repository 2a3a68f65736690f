"""A race played to the flag in the real window is watched again: from the results screen's
Watch replay to its last turn and back, and from the main menu's list of races."""

from __future__ import annotations

from tests.e2e.desktop import Desktop
from tests.e2e.test_race_e2e import drive_race, set_up_two_humans


def test_a_finished_race_is_watched_again_from_the_results_and_from_the_races_list(desktop: Desktop) -> None:
    set_up_two_humans(desktop)
    desktop.wait(lambda s: s.get("scene") == "race", what="the race screen")
    results = drive_race(desktop)
    desktop.button(results, "replay")
    s = desktop.wait(lambda s: s.get("scene") == "replay", what="the replay viewer")
    assert s["at"] == 0
    desktop.key("End")
    s = desktop.wait(lambda s: s.get("at") == s.get("total") and s["at"] > 0, what="the replay's last moment")
    desktop.key("Home")
    desktop.wait(lambda s: s.get("at") == 0, what="the replay's start")
    desktop.key("period")
    desktop.wait(lambda s: s.get("at", 0) > 0, what="a turn on")
    desktop.key("Escape")
    s = desktop.wait(lambda s: s.get("scene") == "results", what="the results again")
    desktop.button(s, "back")
    s = desktop.wait(lambda s: s.get("scene") == "menu", what="the menu")
    desktop.button(s, "races")
    s = desktop.wait(lambda s: s.get("scene") == "races", what="the races played")
    [(race_id, track, winner)] = s["races"]
    assert track == "Lindenring Oval" and winner in ("Anna", "Ben")
    desktop.button(s, f"watch.{race_id}")
    desktop.wait(lambda s: s.get("scene") == "replay", what="the replay from the list")
