"""The pygame-ce side of Formula D: everything a player sees, hears and clicks.

The packages, from the bottom up; each may import only those above it in this
list (and ``rules``, which imports nothing of the game). A test keeps it so.

- ``texts``    what the game says: the English source and the gettext catalogues
- ``storage``  the player's files: settings, line-up, autosave, lap records (no pygame)
- ``tracks``   the track loader: a Tiled map into the rules' ``Track`` graph (no pygame)
- ``net``      races between homes: email race files, the Matrix client (no pygame)
- ``play``     the models between screens and rules: race control, log, crew plans (no pygame)
- ``theme``    colours, fonts and the drawing helpers every screen shares (a module)
- ``board``    the board view: the printed track, the camera, cars and marks on it
- ``widgets``  the pieces screens are built from: buttons, gear box, dashboard, dice, HUDs
- ``app``      the window, the scene stack and the frame loop, sound, the status file
- ``scenes``   the screens, by subpackage: race, qualifying, menus, set-up, league, remote, history
- ``tools``    the command-line tools: ``track ...``, ``simulate``, ``replay``, ``moves``
- ``main``     the entry point (``formula-d``, ``python main.py``)
"""
