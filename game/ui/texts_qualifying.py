"""Player-visible strings of the qualifying screens, in English and German.

Merged into ``game.ui.texts.STRINGS``; kept apart so each feature's wording stays together.
"""

from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {
    # --- the records database ---------------------------------------------------------
    "notice.records_corrupt": (
        "The lap records file {path} could not be read; it was kept as {kept} and a new, empty one was started.",
        "Die Rundenrekord-Datei {path} ließ sich nicht lesen; sie wurde als {kept} aufbewahrt und eine neue, "
        "leere angelegt.",
    ),
    "notice.records_unavailable": (
        "Lap records cannot be kept in {path} ({detail}); this session's laps are kept until the game closes.",
        "Rundenrekorde lassen sich nicht in {path} speichern ({detail}); die Runden dieser Sitzung bleiben "
        "bis zum Beenden erhalten.",
    ),
    "notice.records_readonly": (
        "The lap records file {path} is read-only ({detail}); new laps are not kept.",
        "Die Rundenrekord-Datei {path} ist schreibgeschützt ({detail}); neue Runden werden nicht gespeichert.",
    ),
    "notice.records_not_saved": (
        "The lap could not be added to the records: {detail}",
        "Die Runde ließ sich nicht in die Rekorde eintragen: {detail}",
    ),
    "notice.records_unreadable": (
        "The lap records could not be read: {detail}",
        "Die Rundenrekorde ließen sich nicht lesen: {detail}",
    ),
    # --- the qualifying screen -----------------------------------------------------------
    "qual.title": ("Qualifying", "Qualifikation"),
    "qual.trial_title": ("Time trial", "Zeitfahren"),
    "qual.clock.running": ("running", "läuft"),
    "qual.clock.waiting": ("starts at the first roll", "startet beim ersten Wurf"),
    "qual.clock.paused": ("stopped", "angehalten"),
    "qual.classification": ("Qualifying order", "Qualifikationsstand"),
    "qual.nobody_yet": ("Nobody has been out yet.", "Noch niemand war auf der Strecke."),
    "qual.score_time": ("{score} in {time}", "{score} in {time}"),
    "qual.not_qualified": ("not qualified", "nicht qualifiziert"),
    "qual.start": ("Start the lap (Space)", "Runde starten (Leertaste)"),
    "qual.tyre.hard": ("Hard", "Hart"),
    "qual.tyre.soft": ("Soft", "Weich"),
    "qual.tyre.rain": ("Rain", "Regen"),
    "qual.choose_tyres": ("Tyres for this lap:", "Reifen für diese Runde:"),
    "qual.resume": ("Continue (Esc)", "Weiter (Esc)"),
    "qual.leave": ("Leave to the menu", "Zum Hauptmenü"),
    "qual.paused": ("Paused", "Pause"),
    "qual.paused_hint": ("The stopwatch is stopped.", "Die Stoppuhr steht."),
    "qual.not_a_target": ("{space} cannot be reached with this roll.", "{space} ist mit diesem Wurf nicht erreichbar."),
    "qual.press_space": ("Roll: Space", "Würfeln: Leertaste"),
    "qual.spaces": ("{n} spaces", "{n} Felder"),
    "qual.hint.computer": ("{name} drives the lap (Space skips)…", "{name} fährt die Runde (Leertaste überspringt) …"),
    "qual.hint.gear": ("Choose a gear: keys 1-6 or the gear box.", "Gang wählen: Tasten 1-6 oder Schaltung."),
    "qual.hint.roll": ("Roll the die: Space.", "Würfeln: Leertaste."),
    "qual.hint.move": (
        "Click a highlighted space, or Enter for the marked one (Tab: next).",
        "Markiertes Feld anklicken, oder Enter für das hervorgehobene (Tab: nächstes).",
    ),
    "qual.hint.keys": (
        "Digits 1-6: gear · Space: roll · click or Enter: drive · Esc: pause",
        "Ziffern 1-6: Gang · Leertaste: würfeln · Klick oder Enter: fahren · Esc: Pause",
    ),
    "qual.lap_of": ("Qualifying lap {n} of {total}", "Qualifikationsrunde {n} von {total}"),
    "qual.driver_up": ("{name}, you're on!", "{name}, du bist dran!"),
    "qual.ready_hint": (
        "The stopwatch runs only while you decide.",
        "Die Stoppuhr läuft nur, während du entscheidest.",
    ),
    "qual.ghost": ("Ghost: {name}'s best lap, {score} in {time}", "Geist: Bestrunde von {name}, {score} in {time}"),
    "qual.weather.none": ("Dry track", "Trockene Strecke"),
    "qual.weather": ("Qualifying weather: {weather} (black die {roll})", "Qualifikationswetter: {weather} (schwarzer Würfel {roll})"),
    "qual.barometer.sun": ("sun", "Sonne"),
    "qual.barometer.variable": ("overcast, dry", "bewölkt, trocken"),
    "qual.barometer.rain": ("rain", "Regen"),
    "qual.result": ("{name}: {score} in {time}", "{name}: {score} in {time}"),
    "qual.result_failed": ("{name}: lap over", "{name}: Runde beendet"),
    "qual.breakdown": (
        "{rolls} rolls + {minutes} full minutes + {penalty} penalty",
        "{rolls} Würfe + {minutes} volle Minuten + {penalty} Strafe",
    ),
    "qual.failed_in": (
        "Too few stops in {corner}: not qualified, starts at the back.",
        "Zu wenige Stopps in {corner}: nicht qualifiziert, startet hinten.",
    ),
    "qual.crossed": ("Across the line!", "Über die Ziellinie!"),
    "qual.continue": ("Space, Enter or click: continue", "Leertaste, Enter oder Klick: weiter"),
    "qual.rolls": ("Rolls", "Würfe"),
    "qual.penalty": ("Penalty", "Strafe"),
    "qual.score": ("Score", "Wertung"),
    # --- the starting grid -----------------------------------------------------------------
    "grid.title": ("Starting grid", "Startaufstellung"),
    "grid.start": ("Start the race (Enter)", "Rennen starten (Enter)"),
    "grid.menu": ("Main menu", "Hauptmenü"),
    "grid.pos": ("Slot", "Platz"),
    "grid.driver": ("Driver", "Fahrer"),
    "grid.time": ("Time", "Zeit"),
    "grid.status": ("Lap", "Runde"),
    "grid.qualified": ("qualified", "qualifiziert"),
    "grid.failed": ("ended in {corner}: at the back", "in {corner} beendet: hinten"),
    "grid.drawn": ("ended in {corner}: slot drawn (black die {rolls})", "in {corner} beendet: Platz gelost (schwarzer Würfel {rolls})"),
    # --- set-up and main menu ---------------------------------------------------------------
    "setup.grid.roll": ("Grid: black-die roll", "Startplätze: schwarzer Würfel"),
    "setup.grid.qualifying": ("Grid: qualifying lap", "Startplätze: Qualifikationsrunde"),
    "setup.grid.roll.about": (
        "Every driver rolls the black die; the highest takes pole.",
        "Jeder würfelt mit dem schwarzen Würfel; die höchste Zahl steht auf der Pole.",
    ),
    "setup.grid.qualifying.about": (
        "Every driver drives one lap against the stopwatch; the fewest rolls take pole.",
        "Jeder fährt eine Runde gegen die Stoppuhr; die wenigsten Würfe stehen auf der Pole.",
    ),
    "menu.time_trial": ("Time trial", "Zeitfahren"),
    "menu.records": ("Lap records", "Rundenrekorde"),
    # --- time trial and records ------------------------------------------------------------
    "trial.title": ("Time trial", "Zeitfahren"),
    "trial.start": ("Drive the lap", "Runde fahren"),
    "trial.driver": ("Driver", "Fahrer"),
    "trial.best": ("Best lap: {name}, {score} in {time}. Beat the ghost!", "Bestrunde: {name}, {score} in {time}. Schlag den Geist!"),
    "trial.no_best": ("No lap on this track yet: set the first record.", "Noch keine Runde auf dieser Strecke: fahr den ersten Rekord."),
    "trial.about": (
        "One qualifying lap alone on the track: fewest rolls plus full minutes plus penalty wins; the time breaks ties. "
        "The stopwatch only runs while you decide.",
        "Eine Qualifikationsrunde allein auf der Strecke: die wenigsten Würfe plus volle Minuten plus Strafe gewinnen; "
        "bei Gleichstand entscheidet die Zeit. Die Stoppuhr läuft nur, während du entscheidest.",
    ),
    "records.title": ("Lap records", "Rundenrekorde"),
    "records.none": (
        "No laps yet. Drive a time trial or a qualifying session to set the first records.",
        "Noch keine Runden. Fahr ein Zeitfahren oder eine Qualifikation für die ersten Rekorde.",
    ),
    "records.again": ("Drive again (Enter)", "Noch einmal (Enter)"),
    "records.rules": ("Rules", "Regeln"),
    "records.yours": ("Your lap: {score} in {time}", "Deine Runde: {score} in {time}"),
    "qual.stop_here": ("Stop here (E)", "Hier anhalten (E)"),
    "qual.hint.extra": (
        "Soft tyres: one more space? Click it, or stop here (E). Enter takes it when it costs nothing.",
        "Weiche Reifen: ein Feld mehr? Anklicken, oder hier anhalten (E). Enter nimmt es, wenn es nichts kostet.",
    ),
}
