"""A tester who plays the real window: the tutorial, then a 3-lap race on the oval to the flag.

    python bench/window_tester.py OUTDIR [--laps N] [--rivals N] [--no-tutorial]

The game runs on its own virtual display (Xvfb, 1280x800) exactly as a player starts it. This
script sees only what the window shows: the debug status the window writes after each frame
(``FORMULA_D_STATUS``: the scene, the coach's lesson, the gear table's out/stop/WP figures,
the destinations with their WP cost and whether they put the car out, the dialogs and their
buttons) and acts with real clicks and keys through xdotool. It never imports the rules
engine, so every decision is one a player could take from the screen:

* gear: the highest free gear the table shows with no chance of going out, at most a third
  of a WP expected and no warning (a gear the window warns about is not taken on the first
  press: the bar says why), else the one least likely to go out, then the cheapest;
* destination: one that keeps the car in the race, the cheapest in WP, then the furthest;
* a dialog (pit plan, crew, free WP): what the screen proposes (its confirm button);
* a choice of ways: the first one offered.

It PRINTS each decision, and at the end the human's finish position, the rounds and the wall
time; it saves screenshots (a few tutorial lessons, the race mid-way, the results) in OUTDIR.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.e2e.desktop import Desktop, Status  # noqa: E402

PLAY_SCENES = ("race", "tutorial")
#: Expected WP a gear may cost and still count as free.
FREE_WEAR = 0.34


def choose_gear(s: Status, warned: set[int]) -> tuple[str, str]:
    """The gear a careful player reads off the table, and why; ``warned`` are the gears the window
    warned about this turn (a rule trap: the first press is not taken, the bar says why)."""
    gears = {int(g): v for g, v in s["gears"].items() if v["legal"]}
    free = [g for g, v in gears.items() if v["out"] == 0 and v["wear"] <= FREE_WEAR and g not in warned]
    if free:
        g = max(free)
        return str(g), f"highest free gear (out 0 %, WP {gears[g]['wear']:.2f}, stop {gears[g]['stop']:.0%})"
    g = min(gears, key=lambda g: (gears[g]["out"], gears[g]["wear"], -g))
    return str(g), f"least risk: out {gears[g]['out']:.0%}, WP {gears[g]['wear']:.2f}"


def choose_target(s: Status) -> dict[str, Any]:
    """A destination that keeps the car in, the cheapest, then the furthest."""
    targets = s["targets"]
    safe = [t for t in targets if not t["out"]] or targets
    return min(safe, key=lambda t: (t["cost"], -t["steps"]))


def ready(s: Status) -> bool:
    """The window waits for the player (or shows the results)."""
    if s.get("scene") == "results":
        return True
    if s.get("scene") not in PLAY_SCENES or s.get("busy"):
        return False
    return bool(
        s.get("banner") or s.get("dialog") or "menu" in s or s.get("wait") in ("gear", "roll") or "targets" in s
    )


def play(
    d: Desktop, out: Path, tag: str, shots: dict[str, Any], seats: set[str], max_actions: int = 4000
) -> tuple[Status, int]:
    """Act on every decision until the results show; screenshot chosen moments. Returns the results
    and the last round played; ``seats`` gathers the names of the cars this player drove."""
    lessons: set[str] = set()
    last = 0
    warned: set[int] = set()
    turn: tuple[Any, ...] = ()
    gear = ""
    for _ in range(max_actions):
        s = d.wait(ready, timeout=120, what="a decision or the results")
        if s["scene"] == "results":
            return s, last
        last = s.get("round") or last
        lesson = s.get("lesson")
        if lesson and lesson not in lessons and not s.get("banner") and not s.get("dialog"):
            lessons.add(lesson)
            if len(lessons) <= shots.get("lessons", 0) or lesson in ("brakes", "pit"):
                d.shown(s)
                d.screenshot(out / f"{tag}-lesson-{lesson}.png")
                print(f"[{tag}] round {s['round']}: coach lesson '{lesson}' (screenshot)", flush=True)
        if s.get("dialog"):
            buttons = s["dialog"]["buttons"]
            pick = next((b for b in buttons if b.endswith("confirm")), next(iter(buttons)))
            print(f"[{tag}] round {s['round']}: dialog {s['dialog']['kind']}: {pick}", flush=True)
            d.click(*buttons[pick])
        elif s["banner"]:
            d.key("Return")
        elif "menu" in s:
            print(f"[{tag}] round {s['round']}: choice of ways: the first", flush=True)
            d.click(*s["menu"][0])
        elif s["wait"] == "gear":
            if turn == (s["round"], s["car"]):  # the same turn again: the last gear drew a warning
                print(f"[{tag}] round {s['round']} {s['car']}: the window warns about gear {gear}", flush=True)
                warned.add(int(gear))
            else:
                turn, warned = (s["round"], s["car"]), set()
            gear, why = choose_gear(s, warned)
            if int(gear) in warned:
                why += "; taken despite the warning (every gear warns)"
            seats.add(s["car"])
            print(f"[{tag}] round {s['round']} {s['car']}: gear {gear}: {why}", flush=True)
            if s["round"] in shots.get("rounds", ()):
                d.shown(s)
                d.screenshot(out / f"{tag}-round{s['round']}-gears.png")
            d.key(gear)
        elif s["wait"] == "roll":
            d.key("space")
        elif not s["targets"]:  # all off screen: show the whole board
            d.key("f")
        else:
            t = choose_target(s)
            print(
                f"[{tag}] round {s['round']} {s['car']}: to {t['space']} ({t['steps']} spaces, "
                f"{t['cost']} WP{', OUT' if t['out'] else ''})",
                flush=True,
            )
            d.click(t["x"], t["y"])
        d.changed(s)
    raise SystemExit(f"[{tag}] no results after {max_actions} actions")


def finish(d: Desktop, out: Path, tag: str, s: Status) -> None:
    """Screenshot the results, print the order, and go back to the menu."""
    d.shown(s)
    d.screenshot(out / f"{tag}-results.png")
    print(f"[{tag}] results: {s.get('places')}", flush=True)
    d.button(s, "back")
    d.wait(lambda s: s.get("scene") == "menu", what="the menu after the results")


def press_until_changed(d: Desktop, s: Status, button: str, field: str) -> Status:
    """Press ``button`` and wait for the status's ``field`` to change: the set-up screen shows a
    click's effect on a later frame, and the next click must see it."""
    before = s[field]
    d.button(s, button)
    return d.wait(lambda t: t[field] != before, what=f"{field} after {button}")


def set_up_race(d: Desktop, laps: int, rivals: int) -> Status:
    """The menu's New race: the oval, ``laps`` laps, seat 1 human, ``rivals`` computer cars."""
    s = d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    d.button(s, "new_race")
    s = d.wait(lambda s: s.get("scene") == "setup", what="the race set-up")
    d.button(s, "track.oval")
    s = d.wait(lambda s: s.get("track") == "oval.tmx", what="the oval chosen")
    while s["laps"] != laps:
        s = press_until_changed(d, s, "laps.minus" if s["laps"] > laps else "laps.plus", "laps")
    while s["grid"] != "roll":
        s = press_until_changed(d, s, "grid", "grid")
    while len(s["drivers"]) > rivals + 1:
        s = press_until_changed(d, s, f"driver{len(s['drivers'])}.remove", "drivers")
    while s["drivers"][0] != "human":
        s = press_until_changed(d, s, "driver1.kind", "drivers")
    for i in range(1, len(s["drivers"])):
        while s["drivers"][i] == "human":
            s = press_until_changed(d, s, f"driver{i + 1}.kind", "drivers")
    print(
        f"[race] set-up: {s['track']}, {s['laps']} laps, preset {s['preset']}, grid {s['grid']}, "
        f"drivers {s['drivers']}",
        flush=True,
    )
    d.button(s, "next")
    s = d.wait(lambda s: s.get("scene") == "carsetup", what="the car set-up")
    d.button(s, "start")
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--laps", type=int, default=3)
    ap.add_argument("--rivals", type=int, default=3)
    ap.add_argument("--no-tutorial", action="store_true")
    args = ap.parse_args()
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    d = Desktop(out / "home")
    (out / "home").mkdir(exist_ok=True)
    t0 = time.monotonic()
    try:
        d.start()
        if not args.no_tutorial:
            s = d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
            d.button(s, "tutorial")
            d.wait(lambda s: s.get("scene") == "tutorial", what="the tutorial")
            results, _ = play(d, out, "tutorial", {"lessons": 3}, set())
            finish(d, out, "tutorial", results)
            print(f"[tutorial] done in {time.monotonic() - t0:.0f} s", flush=True)
        t1 = time.monotonic()
        set_up_race(d, args.laps, args.rivals)
        seats: set[str] = set()
        s, rounds = play(d, out, "race", {"rounds": (8, 20)}, seats)
        places = s.get("places", [])
        human = next((n for n in places if n in seats), None)
        print(f"[race] finish order: {places}", flush=True)
        print(
            f"[race] human {human or sorted(seats)}: position {places.index(human) + 1 if human else 'out'} of "
            f"{len(places)}; {rounds} rounds; wall time {time.monotonic() - t1:.0f} s",
            flush=True,
        )
        finish(d, out, "race", s)
    finally:
        d.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
