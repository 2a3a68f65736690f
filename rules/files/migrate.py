"""Files of an older schema in today's shape: race records, qualifying sessions and positions.

Schema 3 moved the race state's fields that one rule set's modules own into slices of their own
(``rules.state``): ``SLICED`` names, per slice, the flat fields of schema 2 that it holds. A
record or a qualifying session holds no state (its header and actions replay the race), so it
only takes the new version number; a position (``game.tools.race``) holds a state, whose flat
fields move into their slices. Each function takes the parsed JSON and returns it in the
current shape, leaving what it does not know for validation to report.
"""

from __future__ import annotations

from typing import Any

CURRENT = 3  # the schema version this game writes
OLDEST = 2  # the oldest it migrates

# slice -> (the car's flat fields, the race's flat fields) of schema 2, in their order there
SLICED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "league": (
        ("profile", "karma", "start", "launch", "rolling_out", "pit_plan", "pit_points", "led", "t_car", "removed"),
        ("boost", "rolling", "held", "bids", "head_to_heads", "t_cars", "t_car_asked", "t_wrecks", "restarts"),
    ),
    "street": (("nitro_lap", "free_wp"), ("nitro", "police")),
}


def migratable(version: object) -> bool:
    """Whether a file of schema ``version`` can be read after migration (or needs none)."""
    return type(version) is int and OLDEST <= version <= CURRENT


def record(raw: dict[str, Any]) -> dict[str, Any]:
    """A race record (or a qualifying session: its own version and its header's) of an older schema."""
    out = dict(raw)
    if "schema_version" in out:
        out["schema_version"] = CURRENT
    header = out.get("header")
    if isinstance(header, dict) and "schema_version" in header:
        out["header"] = {**header, "schema_version": CURRENT}
    return out


def state(raw: Any) -> Any:
    """A race state with its flat fields (``SLICED``) moved into their slices, whatever version its
    file names, so a schema-3 position with the league's car fields flat reads too; a state that
    has none (already current, or not a state at all) comes back as it was."""
    if not isinstance(raw, dict):
        return raw
    out = dict(raw)
    for key in ("cars", "t_wrecks"):  # a T-car's wreck is a car too (TCAR-1)
        if isinstance(out.get(key), list):
            out[key] = [_sliced(c, 0) if isinstance(c, dict) else c for c in out[key]]
    return _sliced(out, 1)


def _sliced(raw: dict[str, Any], side: int) -> dict[str, Any]:
    """``raw`` with the flat fields of each slice (``side`` 0: a car's, 1: the race's) moved into it."""
    out = dict(raw)
    for name, fields in SLICED.items():
        kept = out.get(name, {})
        if not isinstance(kept, dict):  # a damaged slice: validation says where
            continue
        moved = {f: out.pop(f) for f in fields[side] if f in out}
        if moved:
            out[name] = {**kept, **moved}
    return out
