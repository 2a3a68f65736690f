"""Races being played: the session that owns the dice and the record, races of computer drivers
from a command line, the bounds a race may last and the time a computer driver takes."""
