"""Qualifying, the starting grid, the time trial and its lap records."""

from __future__ import annotations

from game.texts.plural import Plural

QUALIFYING: dict[str, str | Plural] = {
    # --- the qualifying screen -----------------------------------------------------------
    "qual.title": "Qualifying",
    "qual.trial_title": "Time trial",
    "qual.clock.running": "running",
    "qual.clock.waiting": "starts at the first roll",
    "qual.clock.paused": "stopped",
    "qual.classification": "Qualifying order",
    "qual.nobody_yet": "Nobody has been out yet.",
    "qual.score_time": "{score} in {time}",
    "qual.not_qualified": "not qualified",
    "qual.start": "Start the lap (Space)",
    "qual.tyre.hard": "Hard",
    "qual.tyre.soft": "Soft",
    "qual.tyre.rain": "Rain",
    "qual.choose_tyres": "Tyres for this lap:",
    "qual.resume": "Continue (Esc)",
    "qual.leave": "Leave to the menu",
    "qual.paused": "Paused",
    "qual.paused_hint": "The stopwatch is stopped.",
    "qual.not_a_target": "{space} cannot be reached with this roll.",
    "qual.press_space": "Roll: Space",
    "qual.spaces": Plural("1 space", "{n} spaces"),
    "qual.hint.computer": "{name} drives the lap (Space skips)…",
    "qual.hint.gear": "Choose a gear: keys 1-6 or the gear box.",
    "qual.hint.roll": "Roll the die: Space.",
    "qual.hint.move": "Click a highlighted space, or Enter for the marked one (Tab: next).",
    "qual.hint.keys": "Digits 1-6: gear · Space: roll · click or Enter: drive · Esc: pause",
    "qual.lap_of": "Qualifying lap {n} of {total}",
    "qual.run_lap_of": "Run {run} of {runs} · lap {n} of {total}",
    "qual.driver_up": "{name}, you're on!",
    "qual.ready_hint": "The stopwatch runs only while you decide.",
    "qual.ghost": "Ghost: {name}'s best lap, {score} in {time}",
    "qual.weather.none": "Dry track",
    "qual.weather": "Qualifying weather: {weather} (black die {roll})",
    "qual.barometer.sun": "sun",
    "qual.barometer.variable": "overcast, dry",
    "qual.barometer.rain": "rain",
    "qual.result": "{name}: {score} in {time}",
    "qual.result_failed": "{name}: lap over",
    "qual.breakdown": "{rolls} rolls + {minutes} full minutes + {penalty} penalty",
    "qual.failed_in": "Too few stops in {corner}: not qualified, starts at the back.",
    "qual.stood_still": "Stood still for a whole turn: lap over, not qualified, starts at the back.",
    "qual.crossed": "Across the line!",
    "qual.continue": "Space, Enter or click: continue",
    "qual.rolls": "Rolls",
    "qual.penalty": "Penalty",
    "qual.score": "Score",
    # --- the starting grid -----------------------------------------------------------------
    "grid.title": "Starting grid",
    "grid.start": "Start the race (Enter)",
    "grid.menu": "Main menu",
    "grid.pos": "Slot",
    "records.rank": "Rank",
    "grid.driver": "Driver",
    "grid.time": "Time",
    "grid.status": "Lap",
    "grid.qualified": "qualified",
    "grid.failed": "ended in {corner}: at the back",
    "grid.drawn": "ended in {corner}: slot drawn (black die {rolls})",
    # --- set-up and main menu ---------------------------------------------------------------
    "setup.grid.roll": "Grid: black-die roll",
    "setup.grid.qualifying": "Grid: qualifying lap",
    "setup.grid.roll.about": "Every driver rolls the black die; the highest takes pole.",
    "setup.grid.qualifying.about": (
        "Every driver drives one lap against the stopwatch; the fewest rolls take pole."
    ),
    "menu.time_trial": "Time trial",
    "menu.records": "Lap records",
    # --- time trial and records ------------------------------------------------------------
    "trial.title": "Time trial",
    "trial.start": "Drive the lap",
    "trial.driver": "Driver",
    "trial.best": "Best lap: {name}, {score} in {time}. Beat the ghost!",
    "trial.no_best": "No lap on this track yet: set the first record.",
    "trial.about": (
        "One qualifying lap alone on the track: fewest rolls plus full minutes plus penalty wins; the "
        "time breaks ties. The stopwatch only runs while you decide."
    ),
    "records.title": "Lap records",
    "records.none": "No laps yet. Drive a time trial or a qualifying session to set the first records.",
    "records.again": "Drive again (Enter)",
    "records.rules": "Rules",
    "records.played": "Driven on",
    "records.yours": "Your lap: {score} in {time}",
    "qual.stop_here": "Stop here (E)",
    "qual.hint.extra": (
        "Soft tyres: one more space? Click it, or stop here (E). Enter takes it when it costs nothing."
    ),

    # === rule modules: presets, weather, tyres, pit crew, teams ===
}
