"""The keyboard: the key map's file, the keys screen, the names of keys and the race's key hints."""

from __future__ import annotations

from game.texts.plural import Plural

# The keyboard: the key map's file, the keys screen, the names of keys and the race's key hints.
KEYS: dict[str, str | Plural] = {
    "notice.keys_unreadable": "Your key map {path} could not be read ({detail}); the default keys are used.",
    "notice.keys_not_json": ("Your key map {path} is damaged (not valid JSON: {detail}); the default keys are used."),
    "notice.keys_invalid": (
        "Your key map {path} has an invalid key for “{field}”: the default is used for it, every other key "
        "is kept. Set it again on the keys screen."
    ),
    "notice.keys_not_saved": "The keys could not be saved: {detail}",
    "settings.keys_open": "Change keys…",
    "keys.title": "Keys",
    "keys.about": "Select an action (click it, or move to it and press Enter), then press its new key.",
    "keys.fixed": (
        "Always: Esc goes back or cancels · F11 fullscreen · the arrows move the focus (and pan the board) · "
        "Space presses the focused button"
    ),
    "keys.waiting": "Press the new key for “{action}” (Esc cancels).",
    "keys.taken": "{name} already does “{action}” there: change that key first.",
    "keys.refused": "{name} cannot be used: the game keeps it for itself.",
    "keys.changed": "“{action}” is now on {name}.",
    "keys.reset": "Reset to defaults",
    "keys.reset_done": "Every key is back to its default.",
    "keys.context.ui": "Every screen",
    "keys.context.race": "Race",
    "keys.context.race.move": "Race: picking a destination",
    "keys.context.race.busy": "Race: while the computers drive",
    "keys.context.panels": "Race: the panels over the board",
    "keys.action.focus.next": "Next button",
    "keys.action.focus.previous": "Previous button",
    "keys.action.focus.press": "Press the focused button",
    "keys.action.race.target_next": "Next destination",
    "keys.action.race.target_previous": "Previous destination",
    "keys.action.race.target_choose": "Drive to the destination",
    "keys.action.race.end_move": "End the move",
    "keys.action.race.gear1": "Gear 1",
    "keys.action.race.gear2": "Gear 2",
    "keys.action.race.gear3": "Gear 3",
    "keys.action.race.gear4": "Gear 4",
    "keys.action.race.gear5": "Gear 5",
    "keys.action.race.gear6": "Gear 6",
    "keys.action.race.roll": "Roll the die",
    "keys.action.race.undo": "Take the gear back",
    "keys.action.race.skip": "Skip the computers' turns",
    "keys.action.race.hint": "Ask for a hint",
    "keys.action.race.boost": "Engine boost",
    "keys.action.race.nitro": "Nitro",
    "keys.action.race.pit_plan": "Pit plan",
    "keys.action.race.log": "Full race log",
    "keys.action.race.fit": "Fit the board",
    "keys.action.race.follow": "Follow the cars",
    "keys.action.race.speed": "Animation speed",
    "keys.action.race.type": "Type: chat or sealed bid",
    "keys.action.race.fold_order": "Fold the running order",
    "keys.action.race.fold_log": "Fold the race log",
    "keys.action.race.fold_dice": "Fold the dice",
    "keys.hint.targets": "{next} / {previous}: pick a destination · {choose}: drive there",
    "key.shifted": "Shift+{name}",
    "key.return": "Enter",
    "key.space": "Space",
    "key.backspace": "Backspace",
    "key.tab": "Tab",
    "key.delete": "Delete",
    "key.insert": "Insert",
    "key.home": "Home",
    "key.end": "End",
    "key.page_up": "Page Up",
    "key.page_down": "Page Down",
}
