"""The board view: the track drawn as a printed board, seen through one camera.

``render`` paints a ``Track`` (grass, asphalt, kerbs, markings), ``camera``
converts between map and screen, ``view`` pans and zooms, ``cars`` draws the
car sprites, ``marks`` what a race puts on the board, and ``catalogue`` the
shipped tracks with their boards and previews. May import ``game.theme``,
``game.play``, ``game.tracks``, ``game.storage``, ``game.texts`` and ``rules``;
never widgets or scenes.
"""
