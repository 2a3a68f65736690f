"""The computer drivers' levels: Rookie, Racer and Champion.

``levels`` holds the three levels and the registry the race session asks
(``DRIVERS``: the levels and the older careful and aggressive drivers of
``rules.drivers``, kept so that records and saves naming them play on as they
were); ``lookahead`` the cheap model of the next turns along a lane that every
level plans with. Pure rules code: it imports only ``rules``.
"""
