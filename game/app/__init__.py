"""The application: the window and its UI scale, the scene stack and the frame loop, sound and the status file.

May import ``game.widgets`` and everything below it; never ``game.scenes``
(scenes are handed to the ``App``, which knows them only as ``Scene``).
"""
