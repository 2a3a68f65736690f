"""Races between homes: the referee who rolls and applies, its messages and notices, the fair dice
and a player's view of the race rebuilt from the referee's messages."""
