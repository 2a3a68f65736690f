"""The player's key map: which key does what, stored as its own JSON file in the data folder.

Keys are named as pygame names them (``pygame.key.name``: "tab", "return", "e",
"1"), with ``shift+`` in front for a shifted key. Every action works in a context;
two actions whose contexts can be active at the same moment never share a key
(``clash``): "race.move" (a destination is picked) and "race.busy" (the computers
drive) never are, so Tab can skip the computers and cycle destinations. A missing
file is the defaults; a damaged one gives a notice and is read as far as it is
valid (``game.storage.jsonfile``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, field_validator

from game.storage.jsonfile import read_model
from game.texts import Notice
from rules.files.record import write_atomic

FILE = "keys.json"
SHIFT = "shift+"
MAX_NAME = 24  # longer than any key pygame names


@dataclass(frozen=True)
class Action:
    """One thing a key does: its id (also its text key ``keys.action.ID``), default key and context."""

    id: str
    default: str
    context: str


#: Every remappable action, in the order the keys screen lists them.
ACTIONS: tuple[Action, ...] = (
    Action("focus.next", "tab", "ui"),
    Action("focus.previous", "shift+tab", "ui"),
    Action("focus.press", "return", "ui"),
    Action("race.target_next", "tab", "race.move"),
    Action("race.target_previous", "shift+tab", "race.move"),
    Action("race.target_choose", "return", "race.move"),
    Action("race.end_move", "e", "race.move"),
    *(Action(f"race.gear{g}", str(g), "race") for g in range(1, 7)),
    Action("race.roll", "space", "race"),
    Action("race.undo", "backspace", "race"),
    Action("race.skip", "tab", "race.busy"),
    Action("race.hint", "h", "race"),
    Action("race.boost", "b", "race"),
    Action("race.nitro", "n", "race"),
    Action("race.pit_plan", "p", "race"),
    Action("race.log", "l", "race"),
    Action("race.fit", "f", "race"),
    Action("race.follow", "c", "race"),
    Action("race.speed", "s", "race"),
    Action("race.type", "t", "race"),
    *(Action(f"race.fold_{name}", key, "race") for name, key in (("order", "f2"), ("log", "f3"), ("dice", "f4"))),
)
BY_ID = {a.id: a for a in ACTIONS}
#: Keys the game keeps for itself: Esc backs out and cancels, F11 is fullscreen, the arrows pan the board.
RESERVED = frozenset({"escape", "f11", "up", "down", "left", "right", "+", "-", "=", "[+]", "[-]"})
#: Keys a player cannot press alone as a binding (they only modify others).
MODIFIERS = frozenset(
    {
        "left shift",
        "right shift",
        "left ctrl",
        "right ctrl",
        "left alt",
        "right alt",
        "left meta",
        "right meta",
        "left gui",
        "right gui",
        "caps lock",
        "num lock",
        "mode",
    }
)
#: The same key on the keypad, read as the main one.
ALIASES = {"enter": "return", **{f"[{d}]": str(d) for d in range(10)}}


def overlap(a: str, b: str) -> bool:
    """Can contexts ``a`` and ``b`` be active at one moment? The race board ("race") is active
    with either of its moments ("race.move", "race.busy"), which exclude each other."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def valid_key(name: str) -> bool:
    """Is ``name`` a key an action may be bound to (well formed, not reserved, not a modifier alone)?"""
    base = name.removeprefix(SHIFT)
    return (
        0 < len(name) <= MAX_NAME
        and base == base.strip()
        and base != ""
        and base not in RESERVED
        and base not in MODIFIERS
        and base == base.lower()
        and base not in ALIASES
    )


class KeyMap(BaseModel):
    """The key of every action that differs from its default; frozen, a change is a new map."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    keys: dict[str, str] = {}

    @field_validator("keys")
    @classmethod
    def _known(cls, value: dict[str, str]) -> dict[str, str]:
        for action, key in value.items():
            if action not in BY_ID:
                raise ValueError(f"no action {action!r}")
            if not valid_key(key):
                raise ValueError(f"{key!r} cannot be bound to {action}")
        clashes = [f"{a} / {b}" for a, b in _clashes(value)]
        if clashes:
            raise ValueError("one key for two actions: " + ", ".join(clashes))
        return {a: k for a, k in value.items() if k != BY_ID[a].default}

    def key(self, action: str) -> str:
        return self.keys.get(action, BY_ID[action].default)

    def action(self, key: str, contexts: tuple[str, ...]) -> str | None:
        """The action ``key`` does in any of ``contexts`` (first context first), if any."""
        for context in contexts:
            for a in ACTIONS:
                if a.context == context and self.key(a.id) == key:
                    return a.id
        return None

    def clash(self, action: str, key: str) -> str | None:
        """The action that already has ``key`` where ``action`` works, if any (the change is refused)."""
        context = BY_ID[action].context
        return next(
            (a.id for a in ACTIONS if a.id != action and overlap(a.context, context) and self.key(a.id) == key), None
        )

    def rebound(self, action: str, key: str) -> KeyMap:
        """This map with ``action`` on ``key``; a clash or a reserved key is a ValueError."""
        if not valid_key(key):
            raise ValueError(f"{key!r} cannot be bound")
        other = self.clash(action, key)
        if other is not None:
            raise ValueError(f"{key!r} is {other}'s key")
        return KeyMap(keys={**self.keys, action: key})


def _clashes(keys: dict[str, str]) -> list[tuple[str, str]]:
    bound = [(a, keys.get(a.id, a.default)) for a in ACTIONS]
    return [
        (a.id, b.id)
        for i, (a, ka) in enumerate(bound)
        for b, kb in bound[i + 1 :]
        if ka == kb and overlap(a.context, b.context)
    ]


def _salvage(raw: dict[str, object]) -> tuple[KeyMap, list[str]]:
    """Every valid binding of the file kept; a bad one, or one that clashes with those before it, dropped."""
    keys = raw.get("keys")
    if set(raw) - {"keys"} or not isinstance(keys, dict):
        return KeyMap(), ["keys"]
    kept: dict[str, str] = {}
    bad: list[str] = []
    for action, key in keys.items():
        try:
            KeyMap(keys={**kept, action: key})
        except ValueError:  # pydantic's ValidationError is one
            bad.append(f"keys.{action}")
            continue
        kept[action] = key
    return KeyMap(keys=kept), bad


def load_keys(folder: Path) -> tuple[KeyMap, list[Notice]]:
    """The stored key map, every valid binding kept; notices say what was wrong and where the damaged file is."""
    return read_model(folder / FILE, "keys", _salvage, KeyMap)


def save_keys(folder: Path, keys: KeyMap) -> None:
    """Write atomically, so a crash never leaves half a key map."""
    write_atomic(folder / FILE, keys.model_dump_json(indent=1) + "\n")
