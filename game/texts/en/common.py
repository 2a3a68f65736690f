"""The words every screen shares, the notices about the player's own files and the main menu."""

from __future__ import annotations

from game.texts.plural import Plural

COMMON: dict[str, str | Plural] = {
    # --- common -------------------------------------------------------------
    "app.title": "Formula D",
    "button.back": "Back",
    "toggle.on": "On",
    "toggle.off": "Off",
    "lang.en": "English",
    "lang.de": "Deutsch",
    "lang.fr": "Français",
    "notice.dismiss": "Click to close",
    # --- notices ----------------------------------------------------------------
    "notice.settings_unreadable": (
        "Your settings file {path} could not be read ({detail}); the default settings are used."
    ),
    "notice.settings_not_json": (
        "Your settings file {path} is damaged (not valid JSON: {detail}); the default settings are used."
    ),
    "notice.settings_invalid": (
        "Your settings file {path} has an invalid value for “{field}”: the default is used for it, every "
        "other setting is kept. Set it again on the settings screen."
    ),
    "notice.lineup_unreadable": (
        "Your race set-up file {path} could not be read ({detail}); the default line-up is used."
    ),
    "notice.lineup_not_json": (
        "Your race set-up file {path} is damaged (not valid JSON: {detail}); the default line-up is used."
    ),
    "notice.lineup_invalid": (
        "Your race set-up file {path} has an invalid value for “{field}”: the default is used for it, "
        "everything else is kept. Check it under “New race”."
    ),
    "notice.damaged_kept": "The damaged file is kept as {copy}, so nothing in it is lost.",
    "notice.settings_not_saved": "The settings could not be saved: {detail}",
    "notice.save_corrupt": "The saved race could not be read: {detail}",
    "notice.save_fallback": "The previous save was loaded instead; it is kept as it was.",
    "notice.save_nothing": "No saved race could be read; your files were left as they are.",
    "notice.backup_failed": ("The race is saved, but its copy of the save before could not be written: {detail}"),
    "notice.save_failed": "The race could not be saved: {detail}",
    "notice.qualifying_resumed": (
        "Qualifying resumed: {name}'s lap goes on at {time}, the time of the last move. The stopwatch was "
        "stopped while the game was closed; that time does not count."
    ),
    "notice.qualifying_resumed_next": "Qualifying resumed: {done} of {total} laps are done, {name} drives next.",
    "notice.save_not_a_file": (
        "{path} is a folder (or not a plain file), so it cannot hold the saved race; the game falls back to "
        "the previous save if there is one, and cannot save the race until you move or delete {path}."
    ),
    "notice.save_track_missing": ("The track “{track}” of the saved race is not in the maps folder (or was changed)."),
    "notice.crash": ("Something went wrong ({detail}). The race is saved after every move; you are back in the menu."),
    # --- main menu --------------------------------------------------------------
    "menu.subtitle": "The racing board game for 2 to 10 drivers at one computer",
    "menu.new_race": "New race",
    "menu.championship": "Championship",
    "menu.continue": "Continue race",
    "menu.gallery": "Track gallery",
    "menu.settings": "Settings",
    "menu.quit": "Quit",
    "menu.footer": "F11: fullscreen",
    "reading.tracks": "Reading the tracks: {n} of {total}",
    "reading.esc": "Esc: back to the menu",
}

# A file the game refuses to read or replace (rules.files.filelimits): the kinds of file its
# reasons name, and the sentence that joins what is wrong to the fix.
FILES: dict[str, str | Plural] = {
    "file.refused": "{reason}; {fix}",
    "word.file.a_race_record": "a race record",
    "word.file.a_saved_race": "a saved race",
    "word.file.a_position": "a position",
    "word.file.the_settings_file": "the settings file",
    "word.file.the_line-up_file": "the line-up file",
    "word.file.a_track_file": "a track file",
    "word.file.a_race_file": "a race file",
}
