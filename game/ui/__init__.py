"""The game's screens: menu, race set-up, car set-up, the race, results, settings.

Everything a player sees lives here; the rules stay in ``rules`` and are only
reached through a ``RaceSession`` (see ``race_control``).
"""
