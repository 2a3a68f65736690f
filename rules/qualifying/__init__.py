"""Qualifying: the rule set's variant (``rules``), the score and grid of timed laps
(``grid``) and the session that drives the laps one by one (``session``).

Nothing is imported here, so ``rules.ruleset`` can read ``rules.qualifying.rules``
without loading the engine.
"""
