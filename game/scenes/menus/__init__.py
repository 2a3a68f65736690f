"""The menus and the screens around them: the main menu, the pause menu and the quit question
(framed by ``card``), settings, the key map, how to play (``primer``, ``tutorial``), the track
gallery and the screen that waits for the tracks to be read."""
