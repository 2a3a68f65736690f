"""Sound effects, optional: without an audio device the game simply stays silent."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.storage.settings import Settings


class Sound:
    """Plays the generated effects in ``sounds/`` at the settings' volume. ``open`` opens the
    device and reads the effects; the app calls it once its first frame is up (opening a
    device can take a while), and until then the game is silent."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.opened = False
        self.volume = 0.8

    def open(self) -> None:
        """Open the audio device and read the effects, once."""
        if self.opened:
            return
        self.opened = True
        try:
            pygame.mixer.init()
        except pygame.error:
            return  # no device (a server, a muted VM): play nothing, never fail
        self.available = True
        for wav in sorted(self.folder.glob("*.wav")):
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
