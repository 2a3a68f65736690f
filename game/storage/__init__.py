"""The player's files: where they live, and how they are read and written safely.

Settings, the remembered line-up, the autosave, the lap records, the championships and the
race history, all in the platform's data folder (``paths``). Files are written atomically and
read with a size limit; a damaged file is set aside with a notice, never silently lost.
May import ``rules`` and ``game.texts``; never pygame.
"""
