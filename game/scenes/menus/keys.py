"""The keys screen: every action with its key (the key reference), each changed by selecting it and
pressing the new key; a key another action already uses at the same moment is refused, and the
defaults come back with one button."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.storage.keys import ACTIONS, MODIFIERS, SHIFT, Action, KeyMap, valid_key
from game.texts import tr
from game.widgets.controls import Button, Widget
from game.widgets.focus import key_label, key_name
from game.widgets.page import Page, message

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 27  # an action's row where the window has room; a small window packs them closer
MIN_ROW = 21
KEY_W = 170
HEAD = 30  # a context's heading above its actions
FOLD = "race.fold_"  # the race's panel keys, listed apart so the two columns are of a length


def _shown(context: str, panels: bool = False) -> Callable[[Action], bool]:
    return lambda a: a.context == context and a.id.startswith(FOLD) == panels


#: The sections in the order shown, each a heading's text key and the actions under it: the left
#: column, then the right one.
COLUMNS: tuple[tuple[tuple[str, Callable[[Action], bool]], ...], ...] = (
    (
        ("keys.context.ui", _shown("ui")),
        ("keys.context.race.move", _shown("race.move")),
        ("keys.context.race.busy", _shown("race.busy")),
        ("keys.context.panels", _shown("race", panels=True)),
    ),
    (("keys.context.race", _shown("race")),),
)


class KeysScene(Scene):
    name = "keys"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.waiting: Action | None = None  # the action whose new key the next key press is
        self.said: tuple[str, theme.Colour] | None = None
        self.key_buttons = {
            a.id: Button(f"key.{a.id}", partial(self._label, a), partial(self.select, a), px=19) for a in ACTIONS
        }
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.reset = Button("reset", lambda: tr("keys.reset"), self.reset_all)
        self.widgets: list[Widget] = [*self.key_buttons.values(), self.back, self.reset]
        self.names: list[
            tuple[str, tuple[int, int], int, int]
        ] = []  # headings and action names: text, where, size, room

    def _label(self, action: Action) -> str:
        return "…" if self.waiting is action else key_label(self.app.keys.key(action.id))

    def select(self, action: Action) -> None:
        self.waiting = action
        self.said = (tr("keys.waiting", action=tr(f"keys.action.{action.id}")), theme.YELLOW)

    def reset_all(self) -> None:
        self.waiting = None
        self.app.change_keys(KeyMap())
        self.said = (tr("keys.reset_done"), theme.GREEN)

    def bind(self, action: Action, key: str) -> None:
        """``key`` for ``action``, unless the game keeps it or another action has it at the same moment."""
        keys = self.app.keys
        label = key_label(key)
        other = keys.clash(action.id, key)
        if not valid_key(key):
            self.said = (tr("keys.refused", name=label), theme.ORANGE)
        elif other is not None:
            self.said = (tr("keys.taken", name=label, action=tr(f"keys.action.{other}")), theme.ORANGE)
        else:
            self.app.change_keys(keys.rebound(action.id, key))
            self.said = (tr("keys.changed", action=tr(f"keys.action.{action.id}"), name=label), theme.GREEN)
            self.waiting = None
            return
        self.app.sound.play("error")

    def press_focused(self, event: pygame.event.Event) -> bool:
        return self.waiting is None and super().press_focused(event)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            name = key_name(event)
            if event.key == pygame.K_ESCAPE:
                self.waiting, self.said = None, None
            elif name.removeprefix(SHIFT) not in MODIFIERS:  # Shift alone waits for the key it shifts
                self.bind(self.waiting, name)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return super().handle(event)

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.reset.rect = page.forward(300)
        self.names = []
        top = body.top + 62
        width = (body.width - 40) // 2
        row = ROW
        for sections in COLUMNS:  # the longest column sets how close the rows stand
            rows = sum(1 for _, shown in sections for a in ACTIONS if shown(a))
            row = min(row, max(MIN_ROW, (body.bottom - top - len(sections) * (HEAD + 6)) // max(1, rows)))
        for col, sections in enumerate(COLUMNS):
            x, y = body.left + col * (width + 40), top
            for heading, shown in sections:
                self.names.append((tr(heading), (x, y + HEAD // 2), 22, width))
                y += HEAD
                for a in filter(shown, ACTIONS):
                    self.key_buttons[a.id].rect = pygame.Rect(x + width - KEY_W, y, KEY_W, row - 3)
                    self.names.append((tr(f"keys.action.{a.id}"), (x + 12, y + (row - 3) // 2), 19, width - KEY_W - 20))
                    y += row
                y += 6

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("keys.title"))
        body = page.body
        theme.text(screen, theme.fit_text(tr("keys.about"), 20, body.width), 20, theme.TEXT, (body.left, body.top))
        fixed = theme.wrap(tr("keys.fixed"), 17, body.width, most=2)
        for i, line in enumerate(fixed):
            theme.text(screen, line, 17, theme.DIM, (body.left, body.top + 26 + 18 * i))
        for text, at, px, room in self.names:
            ink = theme.YELLOW if px > 19 else theme.TEXT
            theme.text(screen, theme.fit_text(text, px, room), px, ink, at, "midleft")
        for a, b in self.key_buttons.items():
            b.style = "primary" if self.waiting is not None and self.waiting.id == a else "normal"
        self.draw_widgets(screen)
        if self.said is not None:
            message(screen, page.between(self.back.rect, self.reset.rect), *self.said)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(
            waiting=self.waiting.id if self.waiting else None, keys={a.id: self.app.keys.key(a.id) for a in ACTIONS}
        )
        return status
