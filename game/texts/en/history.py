"""The races played: history, replays, the full log, the log panel, the records database, and a
record that does not replay."""

from __future__ import annotations

from game.texts.plural import Plural

HISTORY: dict[str, str | Plural] = {
    # --- race history, replays and the full log -----------------------------------------
    "notice.history_corrupt": (
        "The race history file {path} could not be read; it was kept as {kept} and a new, empty one was started."
    ),
    "notice.history_newer": (
        "The race history file {path} belongs to a newer version of the game and was left as it is; this "
        "session's races are kept until the game closes."
    ),
    "notice.history_unavailable": (
        "The race history cannot be kept in {path} ({detail}); this session's races are kept until the game closes."
    ),
    "notice.history_not_saved": "The race could not be added to the race history: {detail}",
    "notice.history_unreadable": "The race history could not be read: {detail}",
    "notice.history_race_unreadable": "This race could not be read and cannot be watched: {detail}",
    "notice.replay_track_missing": (
        "The race was driven on {track}, and no track in the maps folder has that version any more: "
        "put the track file back to watch it."
    ),
    "notice.replay_broken": "The replay stops early: {detail}",
    "menu.races": "Races",
    "races.title": "Races played",
    "races.none": "No race finished yet: every race you finish is kept here to watch again.",
    "races.col_track": "Track",
    "races.col_date": "Played",
    "races.col_winner": "Winner",
    "races.col_cars": "Cars",
    "races.col_laps": "Laps",
    "races.nobody": "nobody finished",
    "races.saved": "in progress (saved)",
    "races.watch": "Watch",
    "races.results": "Results",
    "races.delete": "Delete",
    "races.really": "Really delete?",
    "races.page": "Races {first} to {last} of {n} · wheel or Page Up/Down for more",
    "replay.where": "Round {round} · lap {lap}/{laps} · turn {turn}",
    "replay.where_start": "Before the start · turn {turn}",
    "replay.of": "{where} of {turns}",
    "replay.round_back": "« Round",
    "replay.turn_back": "‹ Turn",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.turn_on": "Turn ›",
    "replay.round_on": "Round »",
    "replay.slower": "Slower",
    "replay.faster": "Faster",
    "replay.speed_one": "1 turn/s",
    "replay.speed": "{n} turns/s",
    "replay.log": "Full log",
    "replay.finished": "The end of the race",
    "replay.end_of_save": "As far as the race was saved",
    "replay.help": (
        "Space: play/pause · comma/full stop: a turn back/on · Page Up/Down: a round · Home/End · L: log · click a "
        "line: its moment · Esc: back"
    ),
    "replay.key_round_back": "Back to this round's start, or the last round's (Page Up)",
    "replay.key_turn_back": "A turn back (comma)",
    "replay.key_play": "Play the turns one after another, or stop (Space)",
    "replay.key_turn_on": "A turn on (full stop)",
    "replay.key_round_on": "On to the next round (Page Down)",
    "replay.key_log": "The whole race log, grouped by round and car (L)",
    "logview.title": "Race log",
    "logview.all": "All cars",
    "logview.round": "Round {n}",
    "logview.before": "Before the start",
    "logview.help": "Wheel, arrows, Page Up/Down: scroll · click a line: the board at that moment · Esc: back",
    "logview.reading": "Reading the race: {n} of {total} actions",
    "logview.empty": "Nothing has happened yet.",
    "logview.nothing_for": "{name} has nothing in the log yet.",
    "log.back_short": "{n} rows back",
    "race.full_log": "Full log ({shortcut})",
    "results.replay": "Watch replay",
    # --- the race's log panel: a line clicked shows its moment ---------------
    "race.log_line_hint": "Click: the board at the moment of this line",
    "replay.back_race": "Back to the race",
    "replay.key_back_race": "The race goes on where it stands (Esc)",
    # === qualifying, grid, time trial, lap records ===
    # --- the records database ---------------------------------------------------------
    "notice.records_newer": (
        "The lap records file {path} belongs to a newer version of the game and was left as it is; this "
        "session's laps are kept until the game closes."
    ),
    "notice.records_corrupt": (
        "The lap records file {path} could not be read; it was kept as {kept} and a new, empty one was started."
    ),
    "notice.records_unavailable": (
        "Lap records cannot be kept in {path} ({detail}); this session's laps are kept until the game closes."
    ),
    "notice.records_readonly": "The lap records file {path} is read-only ({detail}); new laps are not kept.",
    "notice.records_not_saved": "The lap could not be added to the records: {detail}",
    "notice.records_unreadable": "The lap records could not be read: {detail}",
    "notice.championships_corrupt": (
        "The championships file {path} could not be read; it was kept as {kept} and a new, empty one was started."
    ),
    "notice.championships_newer": (
        "The championships file {path} belongs to a newer version of the game and was left as it is; this "
        "session's championships are kept until the game closes."
    ),
    "notice.championships_unavailable": (
        "Championships cannot be kept in {path} ({detail}); this session's championships are kept until "
        "the game closes."
    ),
    "notice.championships_not_saved": "The championship could not be saved: {detail}",
    "notice.championships_unreadable": "The championships could not be read: {detail}",
    "notice.championships_invalid": (
        "The championship {name} could not be read and is left out (saved by a newer version of the game "
        "or edited by hand?): {detail}"
    ),
    "notice.championships_race_skipped": (
        "Race {race} of the championship {name} could not be read and is left out of the standings: {detail}"
    ),
}

# A race record that does not replay, and a championship's race left out of its standings.
REPLAY: dict[str, str | Plural] = {
    "record.does_not_replay": "action {n} ({action}) does not replay: {reason}",
    "series.left_out": "race {n} ({track}): {why}",
    "series.other_track": "{file} is not the track it was raced on",
}
