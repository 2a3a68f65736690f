"""The screens of the game, in subpackages by what they hold: ``race`` (the race screen and
its parts), ``qualifying`` (qualifying, the time trial, lap records), ``menus`` (menu, pause,
settings, keys, how to play, gallery), ``setup`` (line-up, rule modules, cars, grid, FD Blitz),
``league`` (championships), ``remote`` (races between homes) and ``history`` (results,
statistics, the races played, replays, the full log).

Each scene is a ``game.app.loop.Scene``; ``launch`` starts races and qualifying from a line-up,
``hotreload`` shows a saved map in the gallery, the race, qualifying and the time trial.
Scenes may import anything of the game except ``tools`` and ``main``.
"""
