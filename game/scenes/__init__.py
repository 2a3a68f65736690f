"""The screens of the game, one module each: menu, set-up, car set-up, rule modules,
qualifying, grid, race, pause, results, statistics, time trial, lap records, the races played,
the replay viewer, the full race log, gallery, settings.

Each scene is a ``game.app.loop.Scene``; ``launch`` starts races and qualifying
from a line-up, ``chosen_track`` is the track choice the set-up screens share, ``hotreload`` shows a saved map in the
gallery, the race, qualifying and the time trial, and ``card`` the
framed card the pause menu and the quit question are. Scenes may import anything of the game except ``tools`` and ``main``.
"""
