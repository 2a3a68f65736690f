"""Races between homes: online (Matrix) and by email, what their referee says, their files, the
homeserver's failures, a championship's race run that way and the Create race form."""

from __future__ import annotations

from game.texts.plural import Plural

# Races between homes: online (Matrix) and by email.
HOMES: dict[str, str | Plural] = {
    "race.hint.referee": "Waiting for the referee…",
    "race.hint.remote": "Waiting for {name}…",
    "menu.online": "Race online",
    "menu.email": "Race by email",
    "online.title": "Race online",
    "online.homeserver": "Homeserver",
    "online.account": "Account",
    "online.password": "Password",
    "online.room": "Race room",
    "online.connect": "Join race",
    "online.connecting": "Connecting…",
    "online.races": "Your races",
    "online.your_turn": "your turn",
    "online.turn_of": "{name} to decide",
    "online.referee": "referee rolls",
    "online.over": "over",
    "online.no_track": "The race is on {track}, which this game does not have.",
    "email.title": "Race by email",
    "email.file": "Race file",
    "email.name": "Your name",
    "email.open": "Open race file",
    "email.reply": "Reply written to {path}: send it to the steward.",
}

# What the referee of a race between homes says (rules/remote/referee_notes.py), by key.
REFEREE: dict[str, str | Plural] = {
    "remote.chat": "Room chat",
    "remote.notices": "Race notices",
    "remote.chat_hint": "Click to chat; Enter sends",
    "remote.bid": "Head-to-head: seal a bid for {name}, 0 to {karma} karma",
    "remote.seal": "Seal bid",
    "remote.bid_range": "A bid is a whole number from 0 to {karma}.",
    "online.create": "Create race",
    "online.turn_notice": "Your turn in the race on {track} ({room}).",
    "create.title": "New online race",
    "create.as": "You race as {account} on {homeserver}; this game referees the race while it runs.",
    "create.seats": "Seats",
    "create.cars": "Cars",
    "create.laps": "Laps",
    "create.deadline": "Time to decide",
    "create.name": "Race name",
    "create.referee": "Referee account",
    "create.referee_password": "Referee password",
    "create.default_name": "Formula D race",
    "create.track": "Track: {track}",
    "create.rules": "Rules: {rules}",
    "create.create": "Create and join",
    "create.no_tracks": "This game has no track to race on.",
    "create.login_first": "Fill in the homeserver, your account and password on the page before.",
    "create.broken_track": "The track {track} cannot be loaded: pick another one.",
    "create.bad_cars": "Cars: a whole number from 2 to {most}.",
    "create.bad_laps": "Laps: 1, 2 or 3.",
    "create.bad_referee": "The referee needs a bot account of its own (like @fd-referee:example.org) and its password.",
    "create.bad_deadline": "Time to decide: a number with s, m, h or d (like 10m or 3d), not {deadline}.",
    "create.bad_seats": "Seats: {detail}",
    "create.no_seats": "Seats: seat at least one player, like car1=@you:example.org.",
    "create.referee_seated": "The referee's account cannot drive a car: seat players' accounts only.",
    "email.steward": "Steward a race",
    "steward.title": "Steward a race by email",
    "steward.folder": "Race folder",
    "steward.name": "Steward's name",
    "steward.open": "Open race",
    "steward.take": "Take replies",
    "steward.exists": "{folder} holds a race already: take its replies, or give another folder.",
    "steward.no_race": "{folder} holds no race: open one first.",
    "steward.bad_seats": "Seats: write CAR=NAME for each player, like car1=anna car2=ben.",
    "steward.over": "The race is over; the seed is revealed in the files.",
    "steward.waiting": "Action {action}: waiting for {players}.",
    "steward.send": "Send {path}",
    "steward.no_championship": "A race of its own (click: a championship's next race)",
    "steward.championship": "The next race of {name} (seats: driver id=name)",
    "steward.kept": "The race is in the championship {name}: its standings count it.",
    "referee.to": "to {name}: {text}",
    "referee.deadline_move": "{name} missed the deadline: the {level} level decided for this move",
    "referee.deadline_bid": "{name} missed the deadline: the {level} level bid",
    "referee.bids_sealed": "every bid is sealed: open your bids now",
    "referee.bid_mismatch": "the bid opened for {car} does not match its seal: open the bid you sealed",
    "referee.refused": "action {n} refused: {reason}",
    "referee.no_seat": "{sender} has no seat in this race: only seated players decide",
    "referee.copy_ignored": "action {n} was applied already: the copy is ignored",
    "referee.decided_already": "action {n} was decided already: the race is at action {at}",
    "referee.not_yet": "the race is at action {at}, not yet at action {n}",
    "referee.race_over": "the race is over",
    "referee.seal_first": "head-to-head bids are sealed first: send a sealed bid, not a decision",
    "referee.not_your_turn": "it is not your turn: the race waits for {name}",
    "referee.not_your_turn_dice": "it is not your turn: the race waits for the dice",
    "referee.wrong_car": "the decision is for car {car}, but car {moving} is to move",
    "referee.no_bidding": "no head-to-head bidding is open now",
    "referee.not_your_car": "car {car} is not yours",
    "referee.not_bidding": "car {car} does not bid now",
    "referee.sealed_already": "the bid of {car} is sealed already",
    "referee.open_already": "the bid of {car} is open already",
    "referee.seal_before_open": "seal the bid of {car} before opening it",
    "referee.wait_for_seals": "wait until every bid is sealed before opening yours",
    "referee.referee_only": "{sender} sent {kind}, which only the referee sends: ignored",
    "referee.malformed": "refused: {reason}",
    "referee.older_file": "{sender} answered an older file (action {n}); the race is at action {at}",
    "referee.not_referee": "a race message from {sender}, who is not the referee ({referee}), was ignored",
    "referee.sent_again": "action {n} was sent again with a different content: the first one stands",
    "referee.no_replay": "the referee's action {n} does not replay here: {reason}",
    "referee.unverified": "UNVERIFIED RACE: {problems}",
    "referee.unreadable": "{sender}: {reason}",
}

# Race by email: a race file or the game's own copy of the race that cannot be used.
RACE_FILES: dict[str, str | Plural] = {
    "racefile.unreadable": "{path}: cannot read it ({detail})",
    "racefile.not_json": "{path}: not a race file (not JSON: {detail})",
    "racefile.not_ours": "{path}: not a race file of this game (it lacks format {format})",
    "racefile.version": "{path}: race file version {version} is not supported (this game reads {ours})",
    "racefile.invalid": "{path}: {where}: {detail}; ask the sender for the file again",
    "racefile.changed": (
        "{path}: the file was changed after it was written (its digest does not match): "
        "ask the sender for the file again"
    ),
    "mail.steward.unreadable": "{path}: cannot read the steward's race ({detail})",
    "mail.steward.damaged": "{path}: the steward's race is damaged ({where}: {detail})",
    "mail.seen.unreadable": "{path}: cannot read this game's copy of the race ({detail})",
    "mail.seen.damaged": "{path}: this game's copy of the race is damaged ({where}: {detail})",
    "mail.referee_refuses": "{path}: {detail}",
    "mail.other_race": "{path}: this file belongs to another race ({theirs}, not {ours})",
    "mail.no_decision": "{path}: this file holds no decision (it is a file the steward sent)",
    "mail.record_differs": (
        "{path}: the record in this file differs from the race's at action {n}: "
        "the file was tampered with; nothing was applied"
    ),
    "mail.record_longer": (
        "{path}: the record in this file has actions the race never had: "
        "the file was tampered with; nothing was applied"
    ),
    "mail.not_steward": "{path}: this file was not written by the race's steward ({steward})",
    "mail.setup_differs": (
        "{path}: the race's set-up or seed commitment differs from the file seen before: the file was tampered with"
    ),
    "mail.history_differs": (
        "{path}: action {n} differs from the file seen before (or the file is older): "
        "the race's history cannot change; ask the steward for the newest file"
    ),
    "mail.does_not_replay": "{path}: {problem}",
    "mail.no_sealed_bid": "no sealed bid of {car} is kept in {folder}: seal one first",
}

# Remote play over Matrix: what the game was doing when the homeserver failed, and the race
# room's own problems.
MATRIX: dict[str, str | Plural] = {
    "matrix.unreachable": "{what}: the homeserver {homeserver} cannot be reached ({detail})",
    "matrix.failed": "{what}: the connection to {homeserver} failed ({detail})",
    "matrix.refused": "{what}: {homeserver} refused ({detail})",
    "matrix.no_answer": Plural(
        "the homeserver {homeserver} did not answer in {seconds} second",
        "the homeserver {homeserver} did not answer in {seconds} seconds",
        count="seconds",
    ),
    "matrix.doing.login": "logging in as {user}",
    "matrix.doing.create": "creating the race room",
    "matrix.doing.join": "joining {room}",
    "matrix.doing.opening": "reading the race of {room}",
    "matrix.doing.send": "sending to the race room",
    "matrix.doing.history": "reading the history of {room}",
    "matrix.doing.sync": "waiting for the race room",
    "matrix.doing.rooms": "listing the rooms",
    "online.race_unreadable": "the room's race cannot be read: {detail}",
    "online.other_referee": "{room}: the race's referee is {referee}, not {me}",
    "online.no_seed": "{room}: this referee has no seed for the race ({path} is missing)",
    "online.referee_refuses": "{room}: {detail}",
}

# A championship's race run by email or online: why it cannot be set up or kept.
LEAGUE: dict[str, str | Plural] = {
    "series.no_championship": "there is no championship {id} in {folder}",
    "series.over": Plural(
        "the championship {name} is over: its {n} race is in",
        "the championship {name} is over: all its {n} races are in",
    ),
    "series.track_unloadable": "the championship's race {n} is on {file}, which cannot be loaded",
    "series.not_a_series_race": "the race is not a championship's race",
    "series.not_kept": "the race is not kept in the championship: {why}",
    "series.not_over": "the race is not over yet",
    "series.seats": "--seat: seat the championship's human drivers {drivers}, each once",
}

# A new race between homes from what a person typed (the Create race form, the steward's window).
CREATE: dict[str, str | Plural] = {
    "create.deadline_form": "the deadline must be a whole number with s, m, h or d (like 10m or 3d), not {text}",
    "create.seat_form": "--seat {pair}: write CAR=@user:server, like car1=@ann:example.org",
    "create.seat_unknown": "--seat: {cars} is not one of the race's cars car1..{last}",
}
