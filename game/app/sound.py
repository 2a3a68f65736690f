"""Sound effects, optional: without an audio device the game simply stays silent."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.storage.settings import Settings


class Sound:
    """Plays the generated effects in ``sounds/`` at the settings' volume."""

    def __init__(self, folder: Path) -> None:
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.volume = 0.8
        try:
            pygame.mixer.init()
        except pygame.error:
            return  # no device (a server, a muted VM): play nothing, never fail
        self.available = True
        for wav in sorted(folder.glob("*.wav")):
            try:
                self.effects[wav.stem] = pygame.mixer.Sound(str(wav))
            except pygame.error:
                continue

    def apply(self, settings: Settings) -> None:
        self.volume = 0.0 if settings.mute else settings.volume / 100

    def play(self, name: str) -> None:
        effect = self.effects.get(name)
        if effect is None or self.volume <= 0:
            return
        effect.set_volume(self.volume)
        effect.play()
