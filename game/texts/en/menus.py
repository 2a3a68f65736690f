"""The settings, a saved map shown at once (hot reload) and the track gallery."""

from __future__ import annotations

from game.texts.plural import Plural

MENUS: dict[str, str | Plural] = {
    # --- settings ---------------------------------------------------------------------
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.volume": "Volume",
    "settings.mute": "Sound",
    "settings.speed": "Animation speed",
    "settings.fullscreen": "Fullscreen",
    "settings.ui_scale": "Interface size",
    "settings.ui_scale_auto": "Auto",
    "settings.ui_scale_now": "In use: {percent}",
    "settings.percent": "{n}%",
    "settings.no_sound": "No sound device found: the game is silent.",
    "speed.1": "slow",
    "speed.2": "normal",
    "speed.3": "fast",
    "speed.4": "very fast",
    "speed.5": "instant",
    "settings.high_contrast": "High-contrast board",
    # --- hot reload: a saved map shown at once ----------------------------------------------
    "reload.done": "The map was saved: the race goes on on the new board.",
    "reload.broken": "{track} was saved with a problem, so the old board stays: {problem}",
    "reload.gone": Plural(
        (
            "The map was saved, but a space this race needs is gone ({spaces}), so the race stays on the old board. "
            "Put it back and save again."
        ),
        (
            "The map was saved, but {n} spaces this race needs are gone ({spaces}), so the race stays on the old "
            "board. Put them back and save again."
        ),
    ),
    "reload.differs": (
        "The map was saved, but the race so far would have gone differently on it (from action {action} on), so the "
        "race stays on the old board."
    ),
    # --- hot reload in qualifying and the time trial ---
    "reload.lap_done": "The map was saved: the laps go on on the new board.",
    "reload.lap_gone": Plural(
        (
            "The map was saved, but a space these laps need is gone ({spaces}), so the laps stay on the old board. "
            "Put it back and save again."
        ),
        (
            "The map was saved, but {n} spaces these laps need are gone ({spaces}), so the laps stay on the old "
            "board. Put them back and save again."
        ),
    ),
    "reload.lap_differs": (
        "The map was saved, but the laps so far would have gone differently on it (from action {action} on), so they "
        "stay on the old board."
    ),
    # --- gallery ------------------------------------------------------------------------
    "gallery.count": "Track {i} of {n} · Tab: next",
    "gallery.help": "Drag/arrows: pan · wheel: zoom · F: fit · Tab: next track · Esc: back",
    "gallery.space": "Space {name}",
    "gallery.lane": "lane {lane}, row {row}",
    "gallery.pit": "pit lane",
    # --- the board and the gallery: street race (STREET-5..7) ----------------------------
    "board.danger_zone": "DANGER ZONE",
    "board.shooting_zone": "SHOOTING ZONE",
    "board.police": "POLICE",
    "board.tunnel": "TUNNEL {number}",
    "gallery.shooting_zone": "Shooting zone: the residents' windows",
    "gallery.danger_zone": "Danger zone",
    "gallery.black_space": "Danger zone: a black space, dangerous",
    "gallery.police_zone": "Police station",
    "gallery.tunnel_entry": "Tunnel {number}: a car here is moved to {exit}",
    "gallery.tunnel_exit": "Tunnel {number}: the exit of {entry}",
    "street.legend.title": "STREET RACE",
    "street.legend.shooting": "Residents' windows",
    "street.legend.danger": "Danger zone",
    "street.legend.black": "Black space",
    "street.legend.police": "Police station",
    "street.legend.tunnel": "Tunnel",
    "street.about.shooting": "A car driving in is shot at: the black die, 1–4 costs 1 body WP",
    "street.about.danger": "Roadworks: its black spaces are dangerous",
    "street.about.black": "Driving over or stopping here: a road-holding check, 1–4 costs 1 road-holding WP",
    "street.about.police": "Each round the car past it with the highest gear die gains 2 WP",
    "street.about.tunnel": (
        "A car ending its move at a numbered entry comes out at the exit with its number, unless a car stands there"
    ),
    # --- blocked spaces (AMB-69) ---
    "gallery.blocked_space": "Blocked: no car may use this space",
    # --- gallery, continued ---------------------------------------------------------------
    "gallery.box": "pit lane, box {box}",
    "gallery.straight": "straight",
}
