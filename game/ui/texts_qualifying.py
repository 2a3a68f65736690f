"""Player-visible strings of the qualifying screens, in English and German.

Merged into ``game.ui.texts.STRINGS``; kept apart so each feature's wording stays together.
"""

from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {}
