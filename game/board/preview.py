"""A track's picture for the choice screens and the menu: small, made when shown, kept on disk.

A designer's ``NAME-preview.png`` is the whole map at full size (the
Hohenau one decodes to 38 MB), and so is a board rendered for a preview. Held
for every track in the maps folder, they made the main menu hold hundreds of
megabytes. So the game keeps only a small copy of each (``THUMB`` pixels on
its longest side) as a PNG in the cache folder, made from the full picture
the first time the track is shown, and scales what a screen needs from that;
only a picture bigger than the small copy (the menu's backdrop in a big
window) is scaled from the full picture again, which is then let go at once.
"""

from __future__ import annotations

import os
import struct
import tempfile
from pathlib import Path

import pygame

from rules.files.filelimits import check_writable

THUMB = 1600  # px: the longest side of the small picture kept in the cache folder (a 1920x1080 menu needs 1475)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's header, without decoding the picture; None if it is no PNG."""
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return (width, height) if width > 0 and height > 0 else None


def load_png(path: Path) -> pygame.Surface | None:
    """The picture in ``path``, or None if it cannot be read (a broken file only costs its picture)."""
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError):
        return None


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Write ``surface`` as a PNG atomically: the old file or the whole new one, never a torn one;
    FileRefused where no regular file may be written (``check_writable``)."""
    check_writable(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            pygame.image.save(surface, f, "picture.png")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def fitted(size: tuple[int, int], into: tuple[int, int]) -> tuple[int, int]:
    """``size`` scaled to fit ``into``, keeping its proportions."""
    k = min(into[0] / size[0], into[1] / size[1])
    return (max(1, round(size[0] * k)), max(1, round(size[1] * k)))


def shrink(picture: pygame.Surface, longest: int = THUMB) -> pygame.Surface:
    """The picture smoothly scaled down so its longest side is at most ``longest`` pixels."""
    w, h = picture.get_size()
    if max(w, h) <= longest:
        return picture
    return pygame.transform.smoothscale(picture, fitted((w, h), (longest, longest)))
