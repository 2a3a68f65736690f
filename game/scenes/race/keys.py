"""The race by keyboard alone: the board's keys, destinations picked by keys and the way menu
(the dialogs' focus ring is ``game.scenes.race.dialogs``'s).

The keys come from the player's key map (``game.storage.keys``): on the board
the race's actions, with the destination keys while a move is picked and the
skip while the computers drive. The destinations are
cycled farthest first (those that put the car out last); the picked one is lit,
its path drawn and its cost shown as a mouse over it would, with the keys that
pick and drive said beside it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.play.movetext import move_lines
from game.play.race_control import Wait
from game.scenes.race.board import middle
from game.scenes.race.dialogs import RaceDialogs
from game.scenes.race.log import RaceLog
from game.scenes.race.pacing import RacePacing
from game.scenes.race.screen import RaceScreen
from game.texts import tr
from game.widgets.controls import TextField
from game.widgets.focus import key_label, key_name
from game.widgets.planaid import trap_text
from game.widgets.waymenu import WayMenu
from rules.ai.traps import move_traps

WAY_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1}


class RaceKeys:
    """What the keys do on the race screen, and the destination they picked."""

    def __init__(self, scene: RaceScreen, pacing: RacePacing, dialogs: RaceDialogs, log: RaceLog) -> None:
        self.scene = scene
        self.pacing = pacing
        self.picked: tuple[object, str] | None = None  # the state and the destination the keys picked in it
        #: The board's actions that need no state of their own, and what each calls.
        self.simple: dict[str, Callable[[], None]] = {
            "race.roll": pacing.roll_or_hurry,
            "race.undo": scene.undo,
            "race.skip": pacing.skip,
            "race.hint": scene.ask_hint,
            "race.boost": scene.toggle_boost,
            "race.nitro": scene.toggle_nitro,
            "race.pit_plan": dialogs.edit_pit_plan,
            "race.log": log.open_log,
            "race.follow": scene.toggle_follow,
            "race.speed": scene.next_speed,
            "race.end_move": scene.end_move,
        }

    # --- the destinations --------------------------------------------------------------

    def moving(self) -> bool:
        return self.scene.idle and self.scene.control.wait() == Wait.MOVE

    def targets(self) -> list[str]:
        """The destinations in the order the keys go through them: those that keep the car in the
        race first, the farthest of them first; then those that put it out."""
        if not self.moving():
            return []
        d = self.scene.control.destinations()
        return sorted(d, key=lambda s: (all(m.out is not None for m in d[s]), -max(len(m.path) for m in d[s]), s))

    def selected(self) -> str | None:
        """The destination the keys picked, while it is still one of this decision's."""
        if self.picked is None or not self.moving() or self.picked[0] is not self.scene.control.state:
            return None
        return self.picked[1] if self.picked[1] in self.scene.control.destinations() else None

    def cycle(self, step: int) -> None:
        order = self.targets()
        if not order:
            return
        now = self.selected()
        i = (order.index(now) + step) % len(order) if now is not None else (0 if step > 0 else len(order) - 1)
        self.picked = (self.scene.control.state, order[i])
        s = self.scene.track.space(order[i])
        self.scene.view.follow((s.x, s.y), keep=0.8)  # a destination off screen comes into sight

    def choose(self) -> None:
        """Drive to the picked destination (the way menu first if several ways end there); with none
        picked, end the move where that is offered, else pick the first."""
        space = self.selected()
        scene = self.scene
        if space is None:
            if scene.buttons["end"].visible:
                scene.end_move()
            else:
                self.cycle(1)
            return
        moves = scene.control.destinations()[space]
        if len(moves) == 1:
            scene.drive(moves[0])
            return
        scene.menu = WayMenu(scene.track, scene.here(), space, moves, self.anchor(space), scene.view.viewport)
        scene.menu.selected = 0

    def anchor(self, space: str) -> tuple[int, int]:
        """The middle of ``space`` on screen."""
        return middle(self.scene.view, space)

    # --- the keys -------------------------------------------------------------------------

    def contexts(self) -> tuple[str, ...]:
        """Where the race's keys stand now: picking a move, waiting on the computers, or neither."""
        wait = self.scene.control.wait()
        if self.moving():
            return ("race.move", "race")
        if wait in (Wait.DICE, Wait.COMPUTER) or self.scene.queue:
            return ("race.busy", "race")
        return ("race",)

    def key(self, event: pygame.event.Event) -> bool:
        """A key on the board; True if it did something."""
        action = self.scene.app.keys.action(key_name(event), self.contexts())
        scene = self.scene
        if action is None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self.moving():
                self.pacing.roll_or_hurry()  # Enter and Space both roll, whatever the roll key is
                return True
            return False
        if action.startswith("race.gear"):
            scene.choose(int(action.removeprefix("race.gear")))
        elif action in ("race.target_next", "race.target_previous"):
            self.cycle(1 if action == "race.target_next" else -1)
        elif action == "race.target_choose":
            self.choose()
        elif action == "race.fit":
            scene.view.fit(by_hand=True)
        elif action.startswith("race.fold_"):
            scene.panels.toggle(action.removeprefix("race.fold_"))
        elif action == "race.type":
            self.type_in()
        else:
            self.simple[action]()
        return True

    def type_in(self) -> None:
        """A race between homes: the keys type into the sealed bid asked for, else into the chat
        (Enter sends it, and the keys are the race's again)."""
        fields = {w.id: w for w in self.scene.widgets if isinstance(w, TextField) and w.visible}
        field = fields.get("bid") or fields.get("chat")
        if field is not None:
            TextField.focused = field

    def menu_key(self, event: pygame.event.Event, menu: WayMenu) -> bool:
        """The way menu: the arrows or the destination keys move, the choose key drives, a digit picks."""
        action = self.scene.app.keys.action(key_name(event), ("race.move",))
        step = WAY_KEYS.get(event.key, {"race.target_next": 1, "race.target_previous": -1}.get(action or "", 0))
        if step:
            menu.selected = ((menu.selected if menu.selected is not None else -1) + step) % len(menu.items)
            return True
        digit = event.key - pygame.K_1 if pygame.K_1 <= event.key <= pygame.K_9 else -1
        if 0 <= digit < len(menu.items):
            menu.selected = digit
            action = "race.target_choose"
        if action == "race.target_choose" or event.key == pygame.K_SPACE:
            if menu.selected is not None:
                self.scene.drive(menu.items[menu.selected][0])
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """While a move is picked, the picked destination's cost and the keys."""
        scene = self.scene
        if scene.dialog is not None or scene.menu is not None or scene.banner is not None or not self.moving():
            return
        space = self.selected()
        if space is None:  # the keys are said in the side panel, clear of the board
            return
        moves = scene.control.destinations()[space]
        state, here = scene.control.state, scene.here()
        if len(moves) == 1:
            lines = [
                space,
                *move_lines(scene.track, moves[0], here, state.rules.street),
                *(trap_text(t) for t in move_traps(scene.track, state, moves[0])),
            ]
        else:
            lines = [tr("race.choose_way", space=space)]
        theme.tooltip(screen, [*lines, self.targets_help()], self.anchor(space), 320)

    def targets_help(self) -> str:
        """The keys that pick and choose a destination, as the player's key map has them."""
        keys = self.scene.app.keys
        labels = {a: key_label(keys.key(a)) for a in ("race.target_next", "race.target_previous", "race.target_choose")}
        return tr(
            "keys.hint.targets",
            next=labels["race.target_next"],
            previous=labels["race.target_previous"],
            choose=labels["race.target_choose"],
        )
