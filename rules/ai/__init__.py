"""The computer drivers, behind one interface (``rules.driver.Driver``: ``act(track, state)``).

``registry`` holds every driver a race may name (``DRIVERS``); ``dispatch`` turns a driver's
choices into the action of each phase. The levels a player picks are ``presets`` (Rookie,
Racer, Champion) of ``levels``; ``classic`` keeps the older careful and aggressive drivers, so
that records and saves naming them play on as they were, and ``careful`` their plan, which the
levels fall back on near the pits. What they value is shared: ``prices`` (what a WP or a lost race
costs, in spaces), ``lane`` and ``lookahead`` (the next turns along a lane), ``race_ahead`` (the
field and the race still to drive), ``check_risk`` (the levels' price of the black-die checks),
``judging`` (which moves a level plays out and how it breaks ties), ``hazards``, ``pit_stops`` and
``street``. ``planning``, ``traps`` and ``hint`` are what a human is offered at
the gear box. Pure rules code: it imports only ``rules``.
"""
