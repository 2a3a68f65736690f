"""The board view: the track drawn as a printed board, seen through one camera.

``render`` paints a ``Track`` (grass, asphalt, kerbs, markings), ``camera``
converts between map and screen, ``view`` pans and zooms, ``tiles`` keeps the
view's picture at the zoom shown (whole or in tiles), ``cars`` draws the car
sprites, ``contrast`` the board's normal and high-contrast look, ``colourvision``
how the cars' colours look to colour-blind players, ``marks`` what a race puts on the board,
``printed`` the marks a printed board has that the graph only implies (no-lane-change lines, second pit roads),
``catalogue`` the tracks of
the maps folder with their boards laid out on demand, and ``preview`` their
small pictures kept on disk. May import ``game.theme``,
``game.play``, ``game.tracks``, ``game.storage``, ``game.texts`` and ``rules``;
never widgets or scenes.
"""
