"""What a frame draws, recorded, and the rules a good layout keeps.

``Recorder`` watches the drawing helpers every screen uses (``theme.text``,
``theme.panel``, ``theme.fit_text``, the wear-point pips, the track picture,
the widgets' paint) and keeps, per target surface and in drawing order, each
text, pips row, panel, picture and widget with its rect. ``problems`` then names what a player
would see as broken: text cut by the window or a clip, text shortened with
an ellipsis, text over text, text straddling a panel's edge or a widget, a
panel or picture drawn over text, widgets overlapping each other or a
panel's edge, anything outside the window, and text too small to read: under
``SMALLEST_PX`` window pixels at the UI scale the frame is shown at (but for the
number on a car's badge: the badge is the car's emblem, a picture sized with the
car or the row's icon, and the driver's name beside it is the text read). A modal card (``theme.banner``:
the screen dimmed, a card on it) starts a new layer: what lies under it is
meant to be covered.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game import theme
from game.board import cars
from game.widgets import dashboard
from game.widgets.controls import Button, Slider, TextField
from game.widgets.crewdialog import CrewDialog
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.pitplan import PitPlanDialog
from game.widgets.trackpicture import TrackPicture

#: The code of the function that paints a car's badge (kept in a cache, so unwrapped).
BADGE_CODE = cars.badge.__wrapped__.__code__
#: The smallest text a player reads comfortably, in window pixels (the font size times the UI scale).
SMALLEST_PX = 14


@dataclass
class Op:
    kind: str  # "text", "pips", "panel", "picture", "widget", or "modal" (a card over the rest)
    rect: pygame.Rect
    label: str = ""
    clip: pygame.Rect | None = None
    owner: pygame.Rect | None = None  # the widget whose label a text is
    px: int = 0  # a text's font size, in the pixels of the surface it is drawn on
    emblem: bool = False  # the number painted on a car's badge


@dataclass
class Recorder:
    """Install with ``start``; only draws made while ``on`` is set are kept."""

    ops: dict[int, tuple[pygame.Surface, list[Op]]] = field(default_factory=dict)
    cut: list[str] = field(default_factory=list)
    on: bool = False
    owner: pygame.Rect | None = None

    def add(self, surface: pygame.Surface, op: Op) -> None:
        if self.on:
            self.ops.setdefault(id(surface), (surface, []))[1].append(op)

    def start(self, monkeypatch: pytest.MonkeyPatch) -> Recorder:
        text, panel, fit, banner = theme.text, theme.panel, theme.fit_text, theme.banner
        picture, paint, pips, dialog = TrackPicture.draw, Button.paint, dashboard.draw_pips, CrewDialog.draw
        field_draw, slider_draw = TextField.draw, Slider.draw

        def text_spy(surface: pygame.Surface, s: str, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = text(surface, s, *args, **kwargs)
            if s.strip():
                px = args[0] if args else kwargs["px"]
                caller = sys._getframe(1).f_code  # noqa: SLF001 - who draws: a badge paints its car's number
                emblem = caller is BADGE_CODE
                self.add(surface, Op("text", rect.copy(), s, surface.get_clip(), self.owner, px, emblem))
            return rect

        def panel_spy(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
            panel(surface, rect, *args, **kwargs)
            self.add(surface, Op("panel", pygame.Rect(rect)))

        def banner_spy(surface: pygame.Surface, area: pygame.Rect, *args: Any, **kwargs: Any) -> pygame.Rect:
            self.add(surface, Op("modal", pygame.Rect(area)))
            return banner(surface, area, *args, **kwargs)

        def dialog_spy(me: CrewDialog, screen: pygame.Surface) -> None:
            """The crew's dialog: a card over the dimmed screen, painted from a picture of its own."""
            self.add(screen, Op("modal", screen.get_rect()))
            self.add(screen, Op("panel", me.rect.copy()))
            dialog(me, screen)

        def card_spy(draw: Any) -> Any:
            """A league card or the pit announcement: the screen dimmed, then a card drawn on it."""

            def spy(me: Any, screen: pygame.Surface) -> None:
                self.add(screen, Op("modal", screen.get_rect()))
                draw(me, screen)

            return spy

        def fit_spy(s: str, px: int, width: int) -> str:
            out = fit(s, px, width)
            if out != s and self.on:
                self.cut.append(s)
            return out

        def pips_spy(
            screen: pygame.Surface, left: int, centre_y: int, width: int, have: int, full: int, colour: theme.Colour
        ) -> None:
            pips(screen, left, centre_y, width, have, full, colour)
            if full > 0:
                step = min(16, width / full)
                ends = (left, left + 2 + 12 + (full - 1) * step)
                box = pygame.Rect(round(min(ends)), centre_y - 6, round(abs(ends[1] - ends[0])), 12)
                self.add(screen, Op("pips", box, f"{have}/{full} pips"))

        def picture_spy(me: TrackPicture, screen: pygame.Surface, entry: Any, area: pygame.Rect) -> pygame.Rect | None:
            frame = picture(me, screen, entry, area)
            if frame is not None:
                self.add(screen, Op("picture", frame.copy()))
            return frame

        def owned(draw: Any, rect_of: Any) -> Any:
            def spy(me: Any, surface: pygame.Surface, *args: Any) -> None:
                rect = pygame.Rect(rect_of(me, *args))
                self.add(surface, Op("widget", rect, getattr(me, "id", "")))
                self.owner = rect
                try:
                    draw(me, surface, *args)
                finally:
                    self.owner = None

            return spy

        monkeypatch.setattr(theme, "text", text_spy)
        monkeypatch.setattr(theme, "panel", panel_spy)
        monkeypatch.setattr(theme, "fit_text", fit_spy)
        monkeypatch.setattr(theme, "banner", banner_spy)
        monkeypatch.setattr(TrackPicture, "draw", picture_spy)
        monkeypatch.setattr(CrewDialog, "draw", dialog_spy)
        monkeypatch.setattr(LeagueDialog, "draw", card_spy(LeagueDialog.draw))
        monkeypatch.setattr(PitPlanDialog, "draw", card_spy(PitPlanDialog.draw))
        monkeypatch.setattr(FreeWPDialog, "draw", card_spy(FreeWPDialog.draw))
        for module in [m for name, m in sys.modules.items() if name.startswith("game.")]:
            if getattr(module, "draw_pips", None) is pips:  # imported by name: patched where it is used
                monkeypatch.setattr(module, "draw_pips", pips_spy)
        monkeypatch.setattr(Button, "paint", owned(paint, lambda me, rect, hover: rect))
        monkeypatch.setattr(TextField, "draw", owned(field_draw, lambda me: me.rect))
        monkeypatch.setattr(Slider, "draw", owned(slider_draw, lambda me: me.rect))
        return self


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.contains(inner)


def _straddles(a: pygame.Rect, b: pygame.Rect) -> bool:
    """``a`` and ``b`` overlap, but neither holds the other."""
    return a.colliderect(b) and not _inside(a, b) and not _inside(b, a)


def _same_label(a: Op, b: Op) -> bool:
    """The same words drawn again on the same spot (the gear lever's number over its slot's)."""
    return (
        a.label == b.label
        and a.rect.clip(b.rect).width * a.rect.clip(b.rect).height >= 0.6 * a.rect.width * a.rect.height
    )


def surface_problems(bounds: pygame.Rect, ops: list[Op]) -> list[str]:
    """What is wrong with the drawing ``ops`` on a surface of ``bounds``, layer by layer."""
    found: list[str] = []
    layer: list[Op] = []
    for op in ops:
        if op.kind == "modal":
            found += layer_problems(bounds, layer)
            layer = []
        else:
            layer.append(op)
    return found + layer_problems(bounds, layer)


def layer_problems(bounds: pygame.Rect, ops: list[Op]) -> list[str]:
    """What is wrong with the drawing ``ops`` of one layer on a surface of ``bounds``."""
    found: list[str] = []
    texts = [(i, op) for i, op in enumerate(ops) if op.kind in ("text", "pips")]
    boxes = [(i, op) for i, op in enumerate(ops) if op.kind in ("panel", "picture")]
    widgets = [(i, op) for i, op in enumerate(ops) if op.kind == "widget"]
    for op in ops:
        if not _inside(op.rect, bounds):
            found.append(f"{op.kind} {op.label!r} {tuple(op.rect)} leaves the surface {tuple(bounds)}")
    for _i, t in texts:
        if t.clip is not None and t.clip != bounds and not _inside(t.rect, t.clip):
            found.append(f"text {t.label!r} {tuple(t.rect)} is cut by the clip {tuple(t.clip)}")
        if t.owner is not None and not _inside(t.rect, t.owner):
            found.append(f"text {t.label!r} {tuple(t.rect)} spills out of its widget {tuple(t.owner)}")
    for k, (_i, a) in enumerate(texts):
        for _j, b in texts[k + 1 :]:
            if a.rect.colliderect(b.rect) and not _same_label(a, b):
                found.append(f"text {a.label!r} {tuple(a.rect)} overlaps text {b.label!r} {tuple(b.rect)}")
    for i, box in boxes:
        for j, t in texts:
            if j < i and box.rect.colliderect(t.rect):
                found.append(f"{box.kind} {tuple(box.rect)} is drawn over text {t.label!r} {tuple(t.rect)}")
            elif j > i and _straddles(t.rect, box.rect):
                found.append(f"text {t.label!r} {tuple(t.rect)} straddles the edge of {box.kind} {tuple(box.rect)}")
        for j, w in widgets:
            if j < i and box.rect.colliderect(w.rect):
                found.append(f"{box.kind} {tuple(box.rect)} is drawn over widget {w.label!r} {tuple(w.rect)}")
            elif _straddles(w.rect, box.rect):
                found.append(f"widget {w.label!r} {tuple(w.rect)} straddles the edge of {box.kind} {tuple(box.rect)}")
    for k, (_i, a) in enumerate(boxes):
        for _j, b in boxes[k + 1 :]:
            if _straddles(a.rect, b.rect):
                found.append(f"{a.kind} {tuple(a.rect)} and {b.kind} {tuple(b.rect)} overlap")
    for k, (_i, a) in enumerate(widgets):
        for _j, b in widgets[k + 1 :]:
            if a.rect.colliderect(b.rect) and a.label != b.label:
                found.append(f"widget {a.label!r} {tuple(a.rect)} overlaps widget {b.label!r} {tuple(b.rect)}")
        card = not any(t.owner == a.rect for _, t in texts)  # no label of its own: the screen draws its face
        for _j, t in texts:
            if t.owner != a.rect and t.rect.colliderect(a.rect) and not (card and _inside(t.rect, a.rect)):
                found.append(f"text {t.label!r} {tuple(t.rect)} lies on widget {a.label!r} {tuple(a.rect)}")
    return found


def small_texts(ops: list[Op], scale: float) -> list[str]:
    """The texts of ``ops`` smaller than ``SMALLEST_PX`` once shown at the UI ``scale``."""
    return [
        f"text {op.label!r} is {op.px} px at scale {scale:g}: {op.px * scale:g} px in the window, under {SMALLEST_PX}"
        for op in ops
        if op.kind == "text" and not op.emblem and op.px * scale < SMALLEST_PX
    ]


def problems(recorder: Recorder, scale: float = 1.0) -> list[str]:
    """Every problem of every surface the recorded frame drew on, every shortened text, and every
    text too small to read at the UI ``scale`` the frame is shown at."""
    found = [f"text shortened: {s!r}" for s in dict.fromkeys(recorder.cut)]
    for surface, ops in recorder.ops.values():
        found += surface_problems(surface.get_rect(), ops) + small_texts(ops, scale)
    return found
