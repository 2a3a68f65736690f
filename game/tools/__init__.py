"""The command-line tools: ``track check/info/render/watch/import`` for designers, ``simulate``,
``replay`` and ``moves`` for races.

They run headless; may import anything of the game except ``scenes`` and ``main``.
"""
