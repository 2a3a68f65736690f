"""The track loader: a Tiled ``.tmx`` map read with pytmx (without images) into the rules' ``Track``.

``load`` reads the file into a ``Drawing`` (what the designer drew) and
``build`` derives the spaces and edges from it, reporting every problem with
the object's id and position. May import ``rules`` and pytmx; never pygame or
the rest of the game, so tests, the simulator and computer drivers run headless.
"""
