"""The one camera between the world (map pixels) and the screen.

Everything that maps a click to a space, or a space to a pixel, goes through
here, so pan and zoom can never disagree
between drawing and hit-testing. Pure arithmetic: no display needed.
"""

from __future__ import annotations

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x, y, width, height


class Camera:
    """``offset`` is the world point at the screen's top-left corner; ``zoom`` is screen px per map px."""

    def __init__(
        self, zoom: float = 1.0, offset: Point = (0.0, 0.0), min_zoom: float = 0.1, max_zoom: float = 6.0
    ) -> None:
        self.min_zoom = min_zoom
        self.max_zoom = max_zoom
        self.zoom = self.clamp(zoom)
        self.offset = offset

    def clamp(self, zoom: float) -> float:
        return max(self.min_zoom, min(self.max_zoom, zoom))

    def to_screen(self, p: Point) -> Point:
        return ((p[0] - self.offset[0]) * self.zoom, (p[1] - self.offset[1]) * self.zoom)

    def to_world(self, p: Point) -> Point:
        return (p[0] / self.zoom + self.offset[0], p[1] / self.zoom + self.offset[1])

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels, as when dragging it."""
        self.offset = (self.offset[0] - dx / self.zoom, self.offset[1] - dy / self.zoom)

    def zoom_at(self, screen_pos: Point, factor: float) -> None:
        """Zoom by ``factor`` (clamped), keeping the world point under ``screen_pos`` where it is."""
        anchor = self.to_world(screen_pos)
        self.zoom = self.clamp(self.zoom * factor)
        self.offset = (anchor[0] - screen_pos[0] / self.zoom, anchor[1] - screen_pos[1] / self.zoom)

    def fit(self, rect_world: Rect, screen_size: Point, margin: float = 16.0, top: float = 0.0) -> None:
        """Show the whole of ``rect_world`` centred on screen, below a ``top`` band kept free (a header)."""
        x, y, w, h = rect_world
        avail_w = max(1.0, screen_size[0] - 2 * margin)
        avail_h = max(1.0, screen_size[1] - top - 2 * margin)
        self.zoom = self.clamp(min(avail_w / max(w, 1e-9), avail_h / max(h, 1e-9)))
        centre = (screen_size[0] / 2, top + (screen_size[1] - top) / 2)
        self.offset = (x + w / 2 - centre[0] / self.zoom, y + h / 2 - centre[1] / self.zoom)

    def view(self, screen_size: Point) -> Rect:
        """The world rectangle the screen shows."""
        x, y = self.offset
        return (x, y, screen_size[0] / self.zoom, screen_size[1] / self.zoom)
