"""The models between the screens and the rules: what a screen shows, without drawing it.

Race control (a ``RaceSession`` with autosave and undo), the race log's lines,
the running order, the crew's plans, move descriptions, the stopwatch, lap
replays, race replays, what goes into the race history and a race's statistics. May import
``rules``, ``game.texts``, ``game.storage`` and
``game.tracks``; never pygame, so all of it is tested without a window.

``retrack`` moves a race in progress onto its track's new version when the map is saved,
``retrack_qualifying`` a qualifying session or time-trial lap.
"""
