"""The pieces screens are built from: controls, the gear box, dashboard, dice, dialogs, HUDs and charts.

Widgets turn mouse and keys into callbacks and draw what they are given; they
never call the rules themselves. May import ``game.board`` and everything below
it; never ``game.app`` or ``game.scenes``.
"""
