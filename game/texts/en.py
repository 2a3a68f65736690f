"""Every player-visible string in English, keyed as the code asks for it (``tr(key)``).

This is the source the code is written against and the catalogues are extracted from
(``python -m game.texts.catalog update``, see docs/translating.md). ``STRINGS`` holds
the interface, grouped by the screen that shows them; ``REASONS`` the rules' reasons by
code, with the placeholders of ``rules.reasons.TEMPLATES``; ``PLACES`` the names the
shipped boards print. A text that changes with a count is a ``Plural``.
"""

from __future__ import annotations

from game.texts.plural import Plural
from rules.reasons import TEMPLATES, Code

STRINGS: dict[str, str | Plural] = {
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
        "Your settings file {path} is damaged (not valid JSON: {detail}); the default settings are "
        "used."
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
    "notice.backup_failed": (
        "The race is saved, but its copy of the save before could not be written: {detail}"
    ),
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
    "notice.save_track_missing": (
        "The track “{track}” of the saved race is not in the maps folder (or was changed)."
    ),
    "notice.crash": (
        "Something went wrong ({detail}). The race is saved after every move; you are back in the menu."
    ),
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
    # --- race set-up ----------------------------------------------------------------
    "setup.title": "New race",
    "setup.title_series": "New championship: drivers and rules",
    "setup.track": "Track",
    "setup.tracks.prev": "‹",
    "setup.tracks.next": "›",
    "setup.tracks.page": "Tracks {page} of {pages}",
    "setup.laps": "Laps",
    "setup.rules": "Rules",
    "setup.modules": "Modules…",
    "setup.modules.about": "Switch single rule modules of this preset on or off.",
    "setup.preset_changed": "{preset} (changed)",
    "setup.teams_odd": "A team race needs an even number of drivers, not {n}.",
    "setup.drivers": "Drivers",
    "setup.add_driver": "+ Add driver",
    "setup.remove_driver": "Remove this driver",
    "setup.colour_hint": "Click for the next free colour",
    "setup.number_hint": "Car number: click for the next free one",
    "setup.kind_hint": "Click to switch between human and the computer levels",
    "setup.name_hint": "Click and type a name",
    "setup.next": "Next: cars",
    "setup.next_races": "Next: races",
    "setup.laps_from_preset": "{preset} is a race of {n} laps: the laps are set to {n}; − and + change them.",
    "setup.room": "Room for {n} drivers on this track.",
    "setup.broken": "This track cannot be loaded:",
    "track.not_a_file": (
        "{path} is not a track file (a folder, or a link to nothing). Fix: rename it so it does not end "
        "in .tmx, or move it out of the maps folder."
    ),
    "track.unreadable": (
        "{path}: the game cannot read this file ({detail}). Fix: make it a readable Tiled .tmx file, "
        "or move it out of the maps folder."
    ),
    "setup.loading": "Loading the track…",
    "setup.no_tracks": "No tracks found in the maps folder.",
    "driver.human": "Human",
    "driver.careful": "Computer, careful",
    "driver.aggressive": "Computer, aggressive",
    # --- computer driver levels ------------------------------------------------
    "driver.rookie": "Computer: Rookie",
    "driver.racer": "Computer: Racer",
    "driver.champion": "Computer: Champion",
    "driver.human.about": "A person at this screen decides for the car.",
    "driver.rookie.about": "Cautious: brakes early, saves its wear points, takes the slower gear when in doubt.",
    "driver.racer.about": "Plans along its lane and keeps wear points for later; each Racer a little bolder or steadier.",
    "driver.champion.about": "Weighs every roll of its best gears with the exact odds: the strongest.",
    "preset.fd-basic": "Formula D basic game",
    "preset.fd-basic.about": "The 2008 basic game: every car has the same wear points.",
    # --- track facts --------------------------------------------------------------------
    "facts.lanes": "{n} lanes",
    "facts.lap": Plural("Lap: {spaces} space", "Lap: {spaces} spaces", count="longest"),
    "facts.corners": "{n} corners",
    "facts.corner_1": "{label}: 1 stop",
    "facts.corner_n": "{label}: {n} stops",
    "facts.pit": "Pit lane with {n} boxes",
    "facts.no_pit": "No pit lane",
    "facts.laps": Plural("{n} lap usually", "{n} laps usually"),
    "facts.weather": "Weather (black die): sun {sun} · variable {variable} · rain {rain}",
    # --- car set-up ---------------------------------------------------------------------
    "carsetup.title": "Cars",
    "carsetup.fixed": "In the {preset} every car starts with these wear points (WP).",
    "carsetup.build": (
        "Plan each human driver's car ({total} WP); you can still change it once the race weather is "
        "known."
    ),
    "carsetup.car_of": "{name}'s car",
    "carsetup.total": "{points} of {total} WP",
    "carsetup.total_reserve": "{points} WP in the car, {reserve} in the box: {total}",
    "carsetup.default": "Default",
    "carsetup.computers": "Computer drivers use the default car.",
    "carsetup.start": "Start race",
    "carsetup.fix_first": "Fix the set-ups first:",
    "area.tyres": "Tyres",
    "area.brakes": "Brakes",
    "area.gearbox": "Gearbox",
    "area.fuel": "Fuel",
    "area.body": "Body",
    "area.engine": "Engine",
    "area.road_holding": "Road holding",
    "area_short.tyres": "T",
    "area_short.brakes": "B",
    "area_short.gearbox": "G",
    "area_short.fuel": "F",
    "area_short.body": "Bo",
    "area_short.engine": "E",
    "area_short.road_holding": "RH",
    "word.area.tyres": "tyre",
    "word.area.brakes": "brake",
    "word.area.gearbox": "gearbox",
    "word.area.fuel": "fuel",
    "word.area.body": "body",
    "word.area.engine": "engine",
    "word.area.road_holding": "road-holding",
    "action.roll": "roll",
    "action.gear": "choose a gear",
    "action.move": "move",
    "action.announce": "announce a pit stop",
    "die.gear": "gear {gear} die",
    "die.black": "black die",
    # --- street race ---------------------------------------------------------------
    "action.free_wp": "distribute won WP",
    "preset.street": "Street race",
    "preset.street.about": (
        "The city circuit with ten GT drivers and their abilities: hard tyres, nitro, no pits, the residents' "
        "shots, the danger zone, police and tunnel."
    ),
    "cost.shooting": "under the residents' windows: a black-die check that may cost 1 body WP",
    "cost.police": "past the police station: the round's highest roll wins 2 WP",
    "cost.tunnel": "tunnel {number}: out on {space}",
    "cost.line_wp": "over the line: tyres back and 2 WP",
    "param.street": "Street race",
    "value.street": "nitro once per {per}; windows 1-{fails}: 1 body WP; police tie: {tie}; WP won {cap}",
    "value.street_per.lap": "lap",
    "value.street_per.game_round": "game round",
    "value.street_tie.first": "first past",
    "value.street_tie.nobody": "nobody",
    "value.street_cap.setup": "up to the set-up",
    "value.street_cap.none": "without a cap",
    "value.street_tyres": "table {table}: hard for every car",
    "module.street": "Street race",
    "module.street.about": "GT drivers with abilities, nitro, no pits, the city's zones.",
    "purpose.shooting": "residents' shot",
    "log.nitro": Plural(
        "{name} fires the nitro: +{spaces} space.",
        "{name} fires the nitro: +{spaces} spaces.",
        count="spaces",
    ),
    "log.tunnel": "{name} takes tunnel {number} and comes out on {space}.",
    "log.tunnel_blocked": "{name} stops at tunnel {number}: its exit {space} is taken.",
    "log.police": "{name} is the fastest past the police station ({value}): {n} WP won.",
    "log.police_tie": "Police station: {names} level on {value}, nobody wins WP.",
    "log.tyres_back": "{name} crosses the line: tyres back to {tyres}, {n} WP won.",
    "log.free_wp": "{name} puts the WP won into {wp}.",
    "log.free_wp_none": "{name} has no room for the WP won.",
    "race.nitro": "Nitro (+gear): {state}",
    "race.nitro_hint": "Once per lap: as many extra spaces as the gear, free. The gear box shows the odds with it ({shortcut}).",
    "race.hint.wp": "{name}: put the WP won into the car's areas.",
    "street.wp_title": "{name}: {n} WP won",
    "street.wp_cap_setup": "Put them where the car has lost WP: no area goes above its set-up.",
    "street.wp_cap_none": "Put them into any areas, even above the set-up.",
    "street.wp_left": "{n} WP still to place.",
    "street.wp_ready": "All placed.",
    "street.wp_confirm": "Put them in (Enter)",
    "setup.street_driver": "{name} · {ability}",
    # --- race -------------------------------------------------------------------------
    "race.round": "Round {round}",
    "race.grid_rolls": "Rolling for the grid",
    "race.start_rolls": "Start",
    "race.lap": "Lap {lap}/{laps}",
    "race.lap_gap": "Lap {lap}/{laps} · +{n}",
    "race.banner": "{name}'s turn",
    "race.banner_hint": "Click or press Enter to start",
    "race.fit": "Fit ({shortcut})",
    "board.pit_lane": "PIT LANE",
    "race.follow": "Follow ({shortcut}): {state}",
    "race.menu": "Menu (Esc)",
    "race.speed": "Speed ({shortcut}): {speed}",
    "race.help": (
        "Drag/arrows: pan · wheel, +/-: zoom · {fit}: fit · {follow}: follow · {speed}: speed · {skip}: skip the computers · "
        "F11: fullscreen · Esc: menu"
    ),
    "race.flags.stops": "Yellow {n}: stops to make",
    "race.flags.shortest": "Red {n}: spaces on the shortest way through",
    "race.flags.longest": "Green {n}: spaces on the longest way through",
    "race.hint.gear": "Choose a gear: click the shifter or a row, or press 1–6.",
    "race.hint.roll": "Roll the {die}: click it or press Space. Backspace takes the gear back.",
    "race.hint.move": "Click a highlighted space: {brakes} = 1 brake WP, {tyres} = 1 tyre WP, red = out of the race.",
    "race.hint.computer": "{name} is driving…",
    "race.hint.computer_setup": "{name} sets up the car…",
    "race.hint.computer_pit": "{name}'s crew is at work…",
    "race.hint.dice": "Rolling…",
    "race.hint.done": "The race is over.",
    "race.roll": "Roll ({shortcut})",
    "race.undo": "Undo gear ({shortcut})",
    "race.out_of_reach": Plural(
        "{space} is out of reach with {value} space to drive.",
        "{space} is out of reach with {value} spaces to drive.",
        count="value",
    ),
    "race.not_a_space": "Click a highlighted space.",
    "race.why_not": "Not {space}: {reason}",
    "race.choose_way": "Several ways end on {space}:",
    "cost.free": "no WP",
    "cost.brakes": "{n} brake WP",
    "cost.tyres": "{n} tyre WP",
    "cost.checks": Plural("1 road-holding check", "{n} road-holding checks"),
    "cost.stop": "stop {stops}/{required} in {corner}",
    "cost.spin": "spin!",
    "cost.pit": "into the box",
    "cost.finish": "crosses the finish",
    "cost.blocked": "blocked",
    "cost.out": "out of the race: {reason}",
    "cost.out_short": "OUT",
    "cost.brakes_short": "−{n} brk",
    "cost.tyres_short": "−{n} tyr",
    "cost.stay": "stays on {space}",
    "gear.title": "Gear box",
    "gear.col_gear": "Gear",
    "gear.col_spaces": "Spaces",
    "gear.col_stop": "Stop",
    "gear.col_over": "Over",
    "gear.col_out": "Out",
    "gear.col_cost": "Cost",
    "gear.die_range": "(die {range}: your tyres, profile or boost change it)",
    "gear.legend": "Stop: ends in the coming corner · Over: flies out of it · Out: eliminated",
    "gear.cost_none": "–",
    "gear.cost": "−{n} {area}",
    "gear.current": "Now in gear {gear}",
    "gear.neutral": "Not started yet",
    # --- the planning aid and the warnings -------------------------------------
    "plan.col_next": "Next",
    "plan.col_risk": "2 turns",
    "plan.safe": "≤{gear}",
    "plan.no_safe": "none",
    "plan.legend": "Next: safe gear next turn · 2 turns: fly-out risk",
    "plan.line_free": "After gear {gear}: gear {safe} or lower next turn stops in the next corner (a free shift)",
    "plan.line_drop_cost": "After gear {gear}: next turn only gear {safe} or lower stops in the next corner: the skip down costs {n} WP",
    "plan.line_no_safe": "After gear {gear}: no gear may be low enough for the next corner next turn",
    "plan.line_risk": "Next two turns, safest gears: overshoot {over} · out {out}",
    "trap.pit_gear": "Gear {gear} near the pit entry: the pit lane takes at most gear {limit}: no box would be offered",
    "trap.no_brakes": "A roll of {roll} or more carries you past {corner} even with all {brakes} brake WP",
    "trap.last_wp": "This strikes your last {area} WP",
    "trap.no_further_stop": "A stop here leaves no room for the next stop in {corner} ({made} of {stops} stops)",
    "trap.brakes_short": "{corner} may still need {need} brake WP for its stops (rain slide included): you would keep {brakes}",
    "trap.box_refused": "No box offered: in gear {gear}; the pit lane takes at most gear {limit}",
    "trap.confirm": "{text}. Choose it again to take it anyway.",
    "gear.wear_expected": "WP this roll is expected to cost, with the skip, braking, flying out and blocks: {n}",
    "hint.off": "Hints are switched off (the set-up switches them on).",
    "setup.hints": "Hints: {state}",
    "setup.hints.about": "The race screen's hint (H): what a Champion would do, and why. Switch it off for a league race.",
    "tut.you": "You",
    "tut.button": "Tutorial",
    "tut.start.title": "Welcome to your first race",
    "tut.start": "One lap of the oval against two Rookies, step by step. First every car rolls the black die for its place on the grid and for the start: when the tray asks, click Roll or press Space. A 1 on the start roll stalls the engine: that car waits a round.",
    "tut.gears.title": "Gears and dice",
    "tut.gears": "Each turn you pick a gear, then roll its die and drive that many spaces. 1st moves 1-2, 2nd 2-4, 3rd 4-8, 4th 7-12, 5th 11-20, 6th 21-30. Up one gear a turn, or down one for free. Click a gear in the shifter or the table, or press its number.",
    "tut.dice.title": "The roll",
    "tut.dice": "Now roll the gear's die (the Roll button or Space). You must drive every space it shows; if you chose the wrong gear, Undo takes it back before the roll.",
    "tut.move.title": "Where to end",
    "tut.move": "The lit spaces are where your roll can end. Moving diagonally into another lane costs nothing; the labels show what a destination costs. Point at a space to read about it, click to drive there.",
    "tut.corners.title": "Corners and stops",
    "tut.corners": "A corner ahead: its yellow number says how many turns you must end inside it. Arrive slowly: the table's 'Next' column is the highest gear that surely stops there next turn, '2 turns' the chance of flying out. On a corner that needs several stops, green rings leave room for the next stop, red crosses do not.",
    "tut.wp.title": "Wear points",
    "tut.wp": "You have spent wear points (the dots on the dashboard). Brakes and tyres pay for corners taken too fast; the last WP of body, engine or road holding ends a race. Slower gears before corners keep them.",
    "tut.brakes.title": "Braking and flying out",
    "tut.brakes": "This roll goes further than the corner allows. A label with 'brk' costs brake WP (one a space you do not drive), one with 'tyr' costs tyre WP (one a space past the corner's end). Missing a stop in a 2- or 3-stop corner ends the race: the game warns before you do.",
    "tut.pit.title": "The pit lane",
    "tut.pit": "The pit entry is ahead. At the end of a lap (not in a one-lap race like this) you may turn into the pit lane and stop at your box for new tyres: keep to the entry's lane, and your roll must reach the box.",
    "tut.plan.title": "Plan ahead",
    "tut.plan": "A straight: go faster, but look at the table's 'Next' and '2 turns' columns before you shift up, and point at a gear to read its plan in words. Unsure? Press H for what a Champion would do, and why.",
    "tut.finish.title": "The flag",
    "tut.finish": "That is a race of Formula D. Next: a new race from the menu, 'How to play' for the other rule sets, and more laps and opponents when you like.",
    "primer.title": "How to play · {preset}",
    "primer.button": "How to play",
    "primer.prev": "Back a page",
    "primer.next": "Next page",
    "primer.page": "{page} of {pages}",
    "primer.gears.title": "Gears and dice",
    "primer.gears": "Each turn you declare a gear, then roll its die and drive exactly that many spaces. 1st moves 1-2, 2nd 2-4, 3rd 4-8, 4th 7-12, 5th 11-20, 6th 21-30. You may go up one gear a turn, stay, or go down one for free; skipping gears down costs wear points. Every car starts in 1st. The gear table beside the board shows, for each gear, what its roll does: stop in the coming corner, fly out of it, go out of the race.",
    "primer.corners.title": "Corners and stops",
    "primer.corners": "A corner is the area between its two red lines; its yellow number says how many times you must end a turn inside it (1, 2 or 3 stops), one stop a turn. Leave a 2-stop corner after no stop, or a 3-stop corner after fewer than two, and your race is over. On the race screen the spaces of a corner that needs more stops are marked: a green ring leaves room for the next stop, a red cross does not. The picture shows them on the oval's 2-stop corner.",
    "primer.wp.title": "Wear points",
    "primer.wp": "Your car's wear points (WP) are the dots on the dashboard: tyres, brakes, gearbox, body, engine, road holding (and fuel in some rule sets). Skipping gears, braking, flying out of corners, being blocked and failed checks cost them. The last WP of the body, the engine or the road holding ends your race, so keep those. The 'Next' column of the gear table warns when a gear would leave you too fast for the next corner.",
    "primer.brakes.title": "Braking and flying out",
    "primer.brakes": "If your roll would carry you past a corner's end line before you made its stops, you may brake: each brake WP takes off one space. Spaces you still drive past the end line cost tyre WP each: you fly out of the corner. Losing exactly your last tyre WP spins the car; needing more than you have puts you out. Blocked by cars ahead, the spaces you cannot drive cost brakes and then tyres. The game warns before a gear or a move walks into such a trap.",
    "primer.pit.title": "The pit lane",
    "primer.pit": "At the end of a lap (never in a 1-lap race) you may turn into the pit lane and stop at your box for fresh tyres and repairs. The roll must reach the box; a stop costs time. Drive into the lane of the pit entry in good time, and in a low enough gear where the rules limit the gear in the pit lane.",
    "primer.set.fd-basic.title": "The basic game",
    "primer.set.fd-basic": "Every car has the same WP, the grid is rolled, and there is no weather. A good first race: one or two laps on the oval, against Rookies.",
    "primer.set.fd-modules.title": "Formula D with modules",
    "primer.set.fd-modules": "Adds tyres to choose (soft, hard, rain), the weather, and a qualifying lap for the grid. Soft tyres may add a space but wear faster; in rain a car slides on after a stop in a corner.",
    "primer.set.fde-advanced.title": "Formula Dé advanced",
    "primer.set.fde-advanced": "A 3-lap race with all advanced modules: you share 20 WP between the areas before the start, choose tyres, race in the weather and qualify for the grid. Skipping gears costs fuel first.",
    "primer.set.masters-2002.title": "Masters 2002",
    "primer.set.masters-2002": "The Masters' tournament rules: 3 laps, your own share of WP, qualifying, and the Masters' turn order. Plan your pit stop: worn tyres make every corner dearer.",
    "primer.set.dresden-2006.title": "Dresden league",
    "primer.set.dresden-2006": "Dresden's league rules: 3 laps, fuel used every lap, pit stops by points (announce a pit plan with your gear; the crew works it off with 4th-gear rolls), at most 4th gear into and in the pit lane, driver profiles, karma and an engine boost. The screen tells you what a pit plan costs and warns when you come to the pit entry too fast.",
    "primer.set.dresden-open.title": "Dresden Open",
    "primer.set.dresden-open": "The Dresden rules as the Open plays them: as the league, with karma counted per 100 points. Announce your pit plan in time and arrive at the pit entry in 4th or lower.",
    "primer.set.street.title": "Street race",
    "primer.set.street": "A game of its own through the city: nitro once a lap, tunnels that take you ahead, residents who shoot at passing cars, and WP won along the way. Corners and stops work as everywhere.",
    "setup.length": "Expected length: about {rounds} game rounds, {minutes} min (estimate)",
    "tell.stall": "{name} stalled at the start: a 1 on the start roll. The car stays where it is this game round and pulls away in gear 1 in the next.",
    "announce.stall": "{name} stalls at the start!",
    "announce.out": "{name} is out of the race",
    "announce.timeout": "{name}'s time is up",
    "announce.lead": "{name} takes the lead",
    "announce.last_lap": "Last lap! {name} leads",
    "announce.winner": "{name} wins the race!",
    "tell.pit_plan": "Pit plan announced: {points} points for the crew, worked off with gear-4 rolls at the box: about {rounds} game rounds standing.",
    "tell.late_plan": "No pit plan was announced before the roll into the box: the crew's work costs {n} points more.",
    "tell.blocked": "Blocked by the cars ahead, {spaces} short of the roll: that costs {brakes} brake and {tyres} tyre WP.",
    "hint.button": "Hint ({shortcut})",
    "hint.pick": "A Champion would take gear {gear}: {reason}",
    "hint.only": "it is the only gear allowed now.",
    "hint.higher_out": "gear {higher} could put you out of the race this turn ({p}).",
    "hint.higher_over": "gear {higher} could fly out of the corner this turn ({p}).",
    "hint.higher_drop": "after gear {higher} only gear {safe} or lower would stop in the next corner, a skip down costing {n} WP.",
    "hint.higher_later": "gear {higher} risks flying out within the next two turns ({p}).",
    "hint.higher_cost": "gear {higher} costs WP to shift into.",
    "hint.stop": "it stops in the coming corner ({p}) without flying out.",
    "hint.fastest": "it is the fastest gear, and it is safe here.",
    "hint.best": "it goes furthest for the WP it risks.",
    "dash.corner": "{corner}: stop {stops}/{required}",
    "dash.straight": "On a straight",
    "dash.grid": "Waiting for the grid",
    "dash.pit": "In the pit lane",
    "dash.gear_n": "Gear {gear}",
    "dash.spun": "Spun: restarts in gear 1",
    "dash.finished": "Finished, place {place}",
    "dash.out": "Out of the race",
    "purpose.gear": "move",
    "purpose.grid": "grid position",
    "purpose.start": "start",
    "purpose.collision": "collision check",
    "purpose.engine": "engine check",
    "purpose.road_holding": "road-holding check",
    "purpose.pit": "pit stop",
    "purpose.weather": "weather",
    "dice.spaces.changed": Plural("{n} space ({change})", "{n} spaces ({change})"),
    "dice.spaces": Plural("1 space", "{n} spaces"),
    "dice.held": "fails, unless karma helps",
    "dice.passed": "passed",
    "dice.failed": "−{n} {area} WP",
    "dice.start.stall": "stalled!",
    "dice.start.stall_turn": "stalled: no move now",
    "dice.start.normal": "normal start",
    "dice.start.dream": "dream start!",
    "dice.pit_fast": "fast stop",
    "dice.pit_slow": "slow stop",
    "dice.caption": "{name}: {purpose}",
    # FD Blitz
    "menu.blitz": "FD Blitz",
    "blitz.title": "FD Blitz: two players against the clock",
    "blitz.player": "Player {n}",
    "blitz.no_pit": "{track} has no pit lane: a Blitz car refuels every lap, so choose a board with one.",
    "blitz.track": "Board",
    "blitz.time": "Time per heat",
    "blitz.minutes": "{n} min",
    "blitz.start": "Start heat 1",
    "blitz.about": "Each car has 6 tyre, 1 fuel, 1 body and 1 engine WP, no brakes and no road holding. The first to win 2 heats wins the match; each player starts once from the pole, a third heat starts level. A player out of time stops where the car stands and the other drives on alone; the car that got furthest wins the heat.",
    "blitz.next_heat": "Next heat",
    "blitz.heat_won": "{name} wins the heat · {score}",
    "blitz.match_won": "{name} wins the match · {score}",
    "blitz.clock_note": "A clock runs while its player decides, not while dice roll or cars drive.",
    "standings.title": "Running order",
    "standings.finished": "finished",
    "standings.out": "out",
    "standings.grid": "grid",
    "log.title": "Race log",
    "dice.title": "Dice",
    "panel.fold.order": "Fold the running order away ({keys}): the board shows under it",
    "panel.fold.log": "Fold the race log away ({keys}): the board shows under it",
    "panel.fold.dice": "Fold the dice away ({keys}): the board shows under them",
    "panel.unfold.order": "Show the running order again ({keys})",
    "panel.unfold.log": "Show the race log again ({keys})",
    "panel.unfold.dice": "Show the dice again ({keys})",
    "log.back": "{n} rows back · wheel down for the newest",
    "log.grid": "Starting grid: {order}",
    "log.start.stall": "{name} stalls and misses round 1.",
    "log.start.normal": "{name} starts normally.",
    "log.start.dream": "{name} makes a dream start!",
    "log.start.stall_turn": "{name} stalls: no move now, 1st gear next round.",
    "log.gear": "{name} shifts to gear {gear}.",
    "log.gear_cost": "{name} shifts to gear {gear} and pays {cost}.",
    "log.roll": "{name} rolls {value} with the {die}.",
    "log.moved": Plural("{name} drives 1 space to {space}.", "{name} drives {n} spaces to {space}."),
    "log.stayed": "{name} cannot move.",
    "log.cost_item": "{n} {area} WP",
    "log.wear": "{name} loses {lost} {area} WP ({left} left).",
    "log.check": "{name}: {purpose}, black die {value}.",
    "log.collision": "{name} collides.",
    "log.spin": "{name} spins on {space}!",
    "log.marker": "Damage marker on {space}.",
    "log.out": "{name} is out: {reason}",
    "log.pit_in": "{name} is in the pit lane: tyres back to {tyres}.",
    "log.pit_fast": "{name}: fast pit stop ({value}).",
    "log.pit_slow": "{name}: slow pit stop ({value}), waits a round.",
    "log.lap": "{name} crosses the line.",
    "log.finish": "{name} finishes in place {place}!",
    "log.lead": "{name} takes the lead.",
    "log.last_lap": "Last lap: {name} leads into it.",
    "log.undo": "{name} takes the gear back.",
    "log.round": "Round {round}",
    "log.race_over": "The race is over.",
    "log.fuel": "{name} leaves the last corner: 1 fuel WP ({left} left).",
    "log.fuel_empty": "{name} is out of fuel and rolls out, one gear lower each turn.",
    "log.boost": Plural(
        "{name} boosts the engine: +{spaces} space for 1 engine WP.",
        "{name} boosts the engine: +{spaces} spaces for 1 engine WP.",
        count="spaces",
    ),
    "log.wreck": "The wreck on {space} is taken off the track.",
    "log.tcar": "{name} races on in the T-car.",
    "log.tcar_declined": "{name} does not take the T-car.",
    "log.restart": "Red flag: the track is blocked. The race restarts.",
    "log.restart_full": "Red flag: the track is blocked. The whole race restarts from the grid.",
    # --- pause -------------------------------------------------------------------------
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.settings": "Settings",
    "pause.leave": "Save and leave to the menu",
    "pause.saved": "The race is saved after every move.",
    # --- quit ------------------------------------------------------------------------
    "quit.title": "Quit Formula D?",
    "quit.stay": "Stay (Esc)",
    "quit.quit": "Quit (Enter)",
    "quit.saved": "Your race is saved: Continue race in the menu picks it up next time.",
    "quit.keys": "Your settings and lap records are kept.",
    # --- results -----------------------------------------------------------------------
    "results.title": "Results",
    "results.winner": "{name} wins!",
    "results.no_winner": "Nobody reached the finish.",
    "results.pos": "Pos.",
    "results.driver": "Driver",
    "results.laps": "Laps",
    "results.status": "Result",
    "results.finished": "Finished",
    "results.running": "Still racing",
    "results.out": "Out: {reason}",
    "results.back": "Back to the menu",
    "results.col_points": "Points",
    "results.standings": "Championship standings",
    "results.series": "{name}, race {n}",
    "results.col_gap": "Gap",
    "results.col_wp": "WP",
    "results.col_pits": "Stops",
    "results.same_round": "same round",
    "results.gap_rounds": Plural("+{n} round", "+{n} rounds"),
    "results.gap_spaces": Plural("+{n} space", "+{n} spaces"),
    "results.wp_used": "WP used: {areas}",
    "results.humans": "Your places: {places}",
    "results.human_place": "{name} P{place}",
    "results.human_out": "{name} out",
    # championships: the list and a new one's races and teams
    "series.list_title": "Championships",
    "series.none": "No championship yet: start one with New championship.",
    "series.new": "New championship",
    "series.open": "Standings and next race",
    "series.final": "Final standings",
    "series.delete": "Delete",
    "series.really": "Really delete?",
    "series.col_name": "Championship",
    "series.col_races": "Races",
    "series.title": "New championship: races and teams",
    "series.name": "Name",
    "series.default_name": "{rules} championship",
    "series.create": "Create",
    "series.points": "Points: {table}",
    "series.league_points": "Points: {table}",
    "series.races": "Races in order ({n})",
    "series.add": "+ Add a race",
    "series.track_hint": "Click for the next track.",
    "series.no_tracks": "Add at least one race.",
    "series.teams": "Teams (up to 2 drivers each)",
    "series.runs": Plural("Qualifying: 1 run", "Qualifying: {n} runs"),
    "series.runs_hint": "The Open holds 1 or 2 qualifying runs a race, each with its own weather; each driver's better run counts.",
    "series.drops": "Dropped results: {n}",
    "series.drops_hint": "Each driver may drop this many race results; the game proposes the worst.",
    "series.no_team": "No team",
    "series.team_n": "Team {n}",
    "scheme.season": "the Season's 10-8-6-5-4-3-2-1 from 2 laps on, 2 results dropped",
    "scheme.open": "the Open's 1000-800-...-100 from 2 laps on, 100 for the pole",
    "scheme.f1": "10-8-6-5-4-3-2-1",
    "scheme.f1-modern": "25-18-15-12-10-8-6-4-2-1",
    # championships: the standings
    "season.title": "Championship",
    "season.missing": "This championship is no longer in the data folder.",
    "season.tab.drivers": "Drivers",
    "season.tab.teams": "Constructors",
    "season.tab.chart": "Points chart",
    "season.csv": "Export CSV",
    "season.csv_saved": "Saved as {path}",
    "season.csv_not_a_folder": (
        "Could not write {path}: {folder} is a file, not a folder; rename or delete it"
    ),
    "season.csv_failed": "Could not write {path}: {why}",
    "season.next": "Season over",
    "season.next_race": "Race {n}: {track}",
    "season.track_missing": "The next race's track {track} is not in the maps folder.",
    "season.champion": "Champion: {name}",
    "season.after": "After {n} of {of} races · {rules}",
    "season.team": "Team",
    "season.drivers": "Drivers",
    "season.pair": "{a} & {b}",
    "season.total": "Total",
    "season.counted": "Counted",
    "season.race_n": "R{n}",
    "season.drop_hint": "{n} results per driver are dropped (in brackets). Click a result to drop it instead, until the last race.",
    # --- race statistics ------------------------------------------------
    "stats.open": "Statistics",
    "stats.title": "Race statistics",
    "stats.broken": "The race's record cannot be read back, so there are no statistics: {why}",
    "stats.tab.positions": "Positions",
    "stats.tab.wp": "Wear points",
    "stats.tab.luck": "Dice luck",
    "stats.tab.table": "Laps and stops",
    "stats.subtitle": "{track} · laps: {laps} · game rounds: {rounds}",
    "stats.fastest_line": "fastest lap: {name}, {n} game rounds (lap {lap})",
    "stats.unfinished": "the race is not over",
    "stats.axis.rounds": "Place after each game round (0 = the start)",
    "stats.axis.wp": "WP used, by area",
    "stats.axis.luck": "Spaces rolled above or below the average of the gear dice chosen",
    "stats.checks_head": "Black-die checks passed",
    "stats.checks": "{passed} of {n}",
    "stats.col.fastest": "Fastest lap",
    "stats.col.laps_led": "Laps led",
    "stats.col.rounds_led": "Rounds led",
    "stats.col.pits": "Pit stops",
    "stats.col.luck": "Luck",
    "stats.out_in": "Out in round {n}",
    "stats.lap_rounds": "{n} rounds (lap {lap})",
    "stats.counting": "Counting the race: {percent} %",
    "stats.legend.out": "out of the race",
    "stats.hint.places": "{name}: place {start} at the start, {end} at the end, {best} at best",
    "stats.hint.wp": "{name}: {n} WP used ({areas})",
    "stats.hint.luck": Plural(
        "{name}: 1 gear-die roll for a total of {rolled}, {average} on average",
        "{name}: {rolls} gear-die rolls for a total of {rolled}, {average} on average",
        count="rolls",
    ),
    "stats.hint.checks": "Black-die checks: {passed} passed, {failed} failed",
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
        "The map was saved, but a space this race needs is gone ({spaces}), so the race stays on the old board. Put it back and save again.",
        "The map was saved, but {n} spaces this race needs are gone ({spaces}), so the race stays on the old board. Put them back and save again.",
    ),
    "reload.differs": "The map was saved, but the race so far would have gone differently on it (from action {action} on), so the race stays on the old board.",
    # --- hot reload in qualifying and the time trial ---
    "reload.lap_done": "The map was saved: the laps go on on the new board.",
    "reload.lap_gone": Plural(
        "The map was saved, but a space these laps need is gone ({spaces}), so the laps stay on the old board. Put it back and save again.",
        "The map was saved, but {n} spaces these laps need are gone ({spaces}), so the laps stay on the old board. Put them back and save again.",
    ),
    "reload.lap_differs": "The map was saved, but the laps so far would have gone differently on it (from action {action} on), so they stay on the old board.",
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
    "street.about.tunnel": "A car ending its move at a numbered entry comes out at the exit with its number, unless a car stands there",
    # --- blocked spaces (AMB-69) ---
    "gallery.blocked_space": "Blocked: no car may use this space",
    # --- gallery, continued ---------------------------------------------------------------
    "gallery.box": "pit lane, box {box}",
    "gallery.straight": "straight",

    # --- race history, replays and the full log -----------------------------------------
    "notice.history_corrupt": (
        "The race history file {path} could not be read; it was kept as {kept} and a new, empty one was "
        "started."
    ),
    "notice.history_newer": (
        "The race history file {path} belongs to a newer version of the game and was left as it is; this "
        "session's races are kept until the game closes."
    ),
    "notice.history_unavailable": (
        "The race history cannot be kept in {path} ({detail}); this session's races are kept until the game "
        "closes."
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
    "replay.help": "Space: play/pause · comma/full stop: a turn back/on · Page Up/Down: a round · Home/End · L: log · click a line: its moment · Esc: back",
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
        "The lap records file {path} could not be read; it was kept as {kept} and a new, empty one was "
        "started."
    ),
    "notice.records_unavailable": (
        "Lap records cannot be kept in {path} ({detail}); this session's laps are kept until the game "
        "closes."
    ),
    "notice.records_readonly": "The lap records file {path} is read-only ({detail}); new laps are not kept.",
    "notice.records_not_saved": "The lap could not be added to the records: {detail}",
    "notice.records_unreadable": "The lap records could not be read: {detail}",
    "notice.championships_corrupt": (
        "The championships file {path} could not be read; it was kept as {kept} and a new, empty one was "
        "started."
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
    # --- the qualifying screen -----------------------------------------------------------
    "qual.title": "Qualifying",
    "qual.trial_title": "Time trial",
    "qual.clock.running": "running",
    "qual.clock.waiting": "starts at the first roll",
    "qual.clock.paused": "stopped",
    "qual.classification": "Qualifying order",
    "qual.nobody_yet": "Nobody has been out yet.",
    "qual.score_time": "{score} in {time}",
    "qual.not_qualified": "not qualified",
    "qual.start": "Start the lap (Space)",
    "qual.tyre.hard": "Hard",
    "qual.tyre.soft": "Soft",
    "qual.tyre.rain": "Rain",
    "qual.choose_tyres": "Tyres for this lap:",
    "qual.resume": "Continue (Esc)",
    "qual.leave": "Leave to the menu",
    "qual.paused": "Paused",
    "qual.paused_hint": "The stopwatch is stopped.",
    "qual.not_a_target": "{space} cannot be reached with this roll.",
    "qual.press_space": "Roll: Space",
    "qual.spaces": Plural("1 space", "{n} spaces"),
    "qual.hint.computer": "{name} drives the lap (Space skips)…",
    "qual.hint.gear": "Choose a gear: keys 1-6 or the gear box.",
    "qual.hint.roll": "Roll the die: Space.",
    "qual.hint.move": "Click a highlighted space, or Enter for the marked one (Tab: next).",
    "qual.hint.keys": "Digits 1-6: gear · Space: roll · click or Enter: drive · Esc: pause",
    "qual.lap_of": "Qualifying lap {n} of {total}",
    "qual.run_lap_of": "Run {run} of {runs} · lap {n} of {total}",
    "qual.driver_up": "{name}, you're on!",
    "qual.ready_hint": "The stopwatch runs only while you decide.",
    "qual.ghost": "Ghost: {name}'s best lap, {score} in {time}",
    "qual.weather.none": "Dry track",
    "qual.weather": "Qualifying weather: {weather} (black die {roll})",
    "qual.barometer.sun": "sun",
    "qual.barometer.variable": "overcast, dry",
    "qual.barometer.rain": "rain",
    "qual.result": "{name}: {score} in {time}",
    "qual.result_failed": "{name}: lap over",
    "qual.breakdown": "{rolls} rolls + {minutes} full minutes + {penalty} penalty",
    "qual.failed_in": "Too few stops in {corner}: not qualified, starts at the back.",
    "qual.stood_still": "Stood still for a whole turn: lap over, not qualified, starts at the back.",
    "qual.crossed": "Across the line!",
    "qual.continue": "Space, Enter or click: continue",
    "qual.rolls": "Rolls",
    "qual.penalty": "Penalty",
    "qual.score": "Score",
    # --- the starting grid -----------------------------------------------------------------
    "grid.title": "Starting grid",
    "grid.start": "Start the race (Enter)",
    "grid.menu": "Main menu",
    "grid.pos": "Slot",
    "records.rank": "Rank",
    "grid.driver": "Driver",
    "grid.time": "Time",
    "grid.status": "Lap",
    "grid.qualified": "qualified",
    "grid.failed": "ended in {corner}: at the back",
    "grid.drawn": "ended in {corner}: slot drawn (black die {rolls})",
    # --- set-up and main menu ---------------------------------------------------------------
    "setup.grid.roll": "Grid: black-die roll",
    "setup.grid.qualifying": "Grid: qualifying lap",
    "setup.grid.roll.about": "Every driver rolls the black die; the highest takes pole.",
    "setup.grid.qualifying.about": (
        "Every driver drives one lap against the stopwatch; the fewest rolls take pole."
    ),
    "menu.time_trial": "Time trial",
    "menu.records": "Lap records",
    # --- time trial and records ------------------------------------------------------------
    "trial.title": "Time trial",
    "trial.start": "Drive the lap",
    "trial.driver": "Driver",
    "trial.best": "Best lap: {name}, {score} in {time}. Beat the ghost!",
    "trial.no_best": "No lap on this track yet: set the first record.",
    "trial.about": (
        "One qualifying lap alone on the track: fewest rolls plus full minutes plus penalty wins; the "
        "time breaks ties. The stopwatch only runs while you decide."
    ),
    "records.title": "Lap records",
    "records.none": "No laps yet. Drive a time trial or a qualifying session to set the first records.",
    "records.again": "Drive again (Enter)",
    "records.rules": "Rules",
    "records.played": "Driven on",
    "records.yours": "Your lap: {score} in {time}",
    "qual.stop_here": "Stop here (E)",
    "qual.hint.extra": (
        "Soft tyres: one more space? Click it, or stop here (E). Enter takes it when it costs nothing."
    ),

    # === rule modules: presets, weather, tyres, pit crew, teams ===
    # --- presets ---------------------------------------------------------------------------
    "preset.fd-modules": "Formula D with all modules",
    "preset.fd-modules.about": (
        "Formula D 2008 with its optional modules: own car, qualifying, weather, tyres, extended pit "
        "stops."
    ),
    "preset.fde-advanced": "Formula Dé advanced",
    "preset.fde-advanced.about": "Formula Dé with all seven advanced modules, over 3 laps.",
    "preset.masters-2002": "Masters 2002",
    "preset.masters-2002.about": (
        "The Formula Dé modules with the Masters turn order; the weather changes at the end of the game "
        "round."
    ),
    "preset.dresden-2006": "Dresden league 2006",
    "preset.dresden-2006.about": (
        "The Dresden league's house rules over 3 laps: start roll in the first turn, fuel, engine "
        "boost, pit stops by points, wrecks, driver profiles and karma."
    ),
    "preset.dresden-open": "Dresden Open",
    "preset.dresden-open.about": "The Dresden rules as the Open plays them: karma per 100 points.",
    "race.hint.karma": "{name}: spend karma on this check, or accept it.",
    "race.hint.bid": "{name}: your secret head-to-head bid.",
    "race.hint.tcar": "{name}: race on in the T-car?",
    "setup.profile_hint": "Click for the next driver profile (Dresden league rules).",
    "profile.normalo": "Normalo",
    "profile.normalo.about": "Regular: no strengths, no weaknesses.",
    "profile.theoretiker": "Theorist",
    "profile.theoretiker.about": "Theorist: 1 better in qualifying; 1 space less at the start, out of the box and after a spin.",
    "profile.praktiker": "Practitioner",
    "profile.praktiker.about": "Practitioner: 1 worse in qualifying; 1 optional space more at the start, out of the box and after a spin.",
    "profile.leichter_flitzer": "Light racer",
    "profile.leichter_flitzer.about": "Light racer: 1 space more in every gear; body, engine and road-holding checks 1 lower.",
    "profile.schwerer_tourer": "Heavy tourer",
    "profile.schwerer_tourer.about": "Heavy tourer: 1 space less in every gear; body, engine and road-holding checks 1 higher.",
    "profile.schoenwetterfahrer": "Fair-weather",
    "profile.schoenwetterfahrer.about": "Fair-weather driver: in sun 1 space less at a corner stop; in rain slides 1 more.",
    "profile.regengott": "Rain god",
    "profile.regengott.about": "Rain god: in sun 1 space more at a corner stop; in rain slides 1 less.",
    "plan.title": "Pit stop plan: {name}",
    "plan.hint": "What the crew does at the box; the dearest action counts ({reserve} WP in the box for repairs).",
    "plan.fuel": "Refuel (WP)",
    "plan.tyres": "Tyres",
    "plan.keep_tyres": "keep",
    "plan.announce": "Announce: {n} points (Enter)",
    "plan.cancel": "Cancel",
    "race.pit_plan": "Pit plan",
    "race.pit_plan_set": "Pit plan: {n} points",
    "race.pit_plan_hint": "Announce the stop before the roll that takes you into the box: without it 5 penalty points.",
    "race.boost": "Boost: {state}",
    "race.boost_hint": "1 engine WP for as many extra spaces as the gear (not the last engine WP); it leaves a dangerous space.",
    "dash.karma": "karma {n}",
    "dash.karma_pool": "Karma pool: {n}",
    "dash.pit_points": "box: {n} points to go",
    "dash.pit_plan": "stop announced: {n} points",
    "since.title": "Since your turn",
    "since.moved": "{name}: {start} to {end}",
    "since.moved_cost": "{name}: {start} to {end}, lost {cost}",
    "since.lost": "{name} lost {cost}",
    "since.out": "{name} is out of the race",
    "since.finished": "{name} finished, place {place}",
    "since.pit": "{name} went into the pits",
    "plan.work": "To work: {n} points (Enter)",
    "plan.late": "No stop was announced: the crew's plan now costs 5 points more ({reserve} WP in the box for repairs).",
    # --- the Dresden league: karma, head-to-head, T-car -------------------------------------
    "league.karma_title": "Karma: {name}",
    "league.check.collision": "Collision check: {roll}. The check fails: 1 body WP is lost.",
    "league.check.engine": "Engine check: {roll}. The check fails: 1 engine WP is lost.",
    "league.check.road_holding": "Road-holding check: {roll}. The check fails: 1 road-holding WP is lost.",
    "league.karma_pool": "Karma pool: {n}",
    "league.reroll": "Roll again ({cost})",
    "league.raise": "+1 ({cost})",
    "league.accept": "Accept (Enter)",
    "league.bid_title": "Head-to-head: {name}",
    "league.bid_others": "Level with {others}: bid karma to move first. Every bid is paid.",
    "league.bid_secret": "The others look away: nobody sees your bid. 0 = no bid.",
    "league.bid_confirm": "Bid {n} (Enter)",
    "league.tcar_title": "T-car for {name}",
    "league.tcar_offer": "Out before the end of the first corner: race on from the box in the T-car with {n} WP?",
    "league.tcar_take": "Take the T-car (Enter)",
    "league.tcar_retire": "Retire",
    "league.tcar_choose": "The crew took {n} WP off your set-up where marked; choose others with − and + (every area keeps at least 1).",
    "league.tcar_more": "{n} WP more to take off before the T-car is ready.",
    "league.tcar_back": "{n} WP too many taken off: put them back with +.",
    "league.tcar_ready": "Ready: the T-car has {n} WP.",
    # --- weather -----------------------------------------------------------------------------
    "weather.sun": "Sun",
    "weather.rain": "Rain",
    "weather.dry": "Overcast, dry",
    "weather.variable": "Variable, dry",
    "weather.row_sun": "Sunny",
    "weather.row_rain": "Rainy",
    "weather.temp_sun": "Sunny for now",
    "weather.temp_rain": "Rain for now",
    "weather.locked_sun": "Sun, settled",
    "weather.locked_rain": "Rain, settled",
    "weather.unknown": "Weather: not rolled yet",
    "weather.effects.wet": "Wet track: cars slide on in corners, checks fail more often.",
    "weather.effects.dry": "Dry track: soft tyres give an extra space.",
    "weather.changeable": "It may change after a 20 in 5th or a 30 in 6th gear.",
    "weather.fixed": "It stays like this for the rest of the race.",
    "weather.banner.first": "Race weather: {weather}",
    "weather.banner.change": "The weather changes: {weather}",
    "weather.banner.same": "The weather holds: {weather}",
    "barometer.sun": "sun",
    "barometer.variable": "variable",
    "barometer.rain": "rain",
    # --- tyres -------------------------------------------------------------------------------
    "tyre.hard": "Hard",
    "tyre.soft": "Soft",
    "tyre.rain": "Rain",
    "tyre.penalty": "fly-out ×{n} tyre WP",
    "tyre.bonus": "+1 optional space",
    "tyre.slide": "slides +{n} in corners",
    "tyre.malus": "−{n} space per roll",
    "tyre.worn": "3rd lap on the set: {effects}",
    # --- movement extras ------------------------------------------------------------------------
    "via.slip.name": "slipstream",
    "via.bonus.name": "soft-tyre bonus",
    "via.slide.name": "slide",
    "via.slip": Plural("Slipstream: +{n} space", "Slipstream: +{n} spaces"),
    "via.bonus": "Soft-tyre bonus: +{n} space",
    "via.slide": Plural(
        "Slide in the wet: 1 more space, not optional",
        "Slide in the wet: {n} more spaces, not optional",
    ),
    "via.slip.short": "Slip +{n}",
    "via.bonus.short": "+{n}",
    "via.slide.short": "Slide +{n}",
    "via.launch.name": "Practitioner's extra space",
    "via.launch": Plural(
        "Practitioner: +{n} space pulling away, optional",
        "Practitioner: +{n} spaces pulling away, optional",
    ),
    "via.launch.short": "P +{n}",
    "via.slip_brake": "+1 brake WP: the slipstream ends in a corner",
    # --- race screen ---------------------------------------------------------------------------
    "race.end_move": "End move here ({shortcut})",
    "race.skip": "Skip to your turn ({shortcut})",
    "race.finish_race": "Finish the race ({shortcut})",
    "race.setup_round": "Set-up before the start",
    "race.hint.setup": "Choose the tyres (and share out the car's WP), then start.",
    "race.hint.pit": "Your crew is ready: tyres and repairs, then back out.",
    "race.hint.slide": "The car slides on in the wet: click where it ends (blue).",
    "race.hint.extras": "Optional: {extras}. Click a marked space, or end the move (Enter).",
    "dash.tyre": "{tyre}, lap {age}",
    "dash.reserve": "reserve {n} WP",
    # --- the crew's dialog ----------------------------------------------------------------------
    "crew.setup_title": "{name}: set-up for the race",
    "crew.pit_title": "{name}: pit stop",
    "crew.no_weather": "No weather module: always dry.",
    "crew.weather_now": "Weather now: {weather}",
    "crew.chosen": "chosen",
    "crew.now": "(now)",
    "crew.dry": "Dry:",
    "crew.wet": "Rain:",
    "crew.build": "Your car: {points} of {total} WP shared out",
    "crew.build_reserve": "Your car: {points} of {total} WP in the car, {reserve} in the box for repairs",
    "crew.repairs": "Repairs: {left} of {reserve} reserve WP left",
    "crew.limits": "{low}–{high}",
    "crew.limit_low": "min {low}",
    "crew.of_setup": "max {n}",
    "crew.long_stop": "Long stop: {state}",
    "crew.start": "Ready for the start",
    "crew.leave": "Back to the race",
    "crew.setup_hint": "Enter: ready. The tyres hold until the next pit stop.",
    "crew.repair_hint": "Repairs up to the set-up, in at most {areas} areas; tyres come new anyway.",
    "crew.pit_hint": "A long stop repairs but waits a game round.",
    # --- the race log --------------------------------------------------------------------------
    "log.weather.first": "Weather roll ({result}): {weather} for the race.",
    "log.weather.change": "Weather roll ({result}): it turns to {weather}.",
    "log.weather.same": "Weather roll ({result}): {weather} holds.",
    "log.setup.tyre": "{name} starts on {tyre} tyres ({wp}).",
    "log.setup.car": "{name}'s car: {wp}.",
    "log.wp_item": "{area} {n}",
    "log.via.slide": "{name} slides {n} more to {space}.",
    "log.via.bonus": "{name} takes the soft-tyre bonus to {space}.",
    "log.via.launch": "{name} takes the Practitioner's extra space to {space}.",
    "log.via.slip": Plural(
        "{name} uses the slipstream: {n} space to {space}.",
        "{name} uses the slipstream: {n} spaces to {space}.",
    ),
    "log.pit.crew": "{name}'s crew: {work}.",
    "log.pit.nothing": "nothing to do",
    "log.pit.long": "long stop",
    "log.pit.tyre": "{tyre} tyres",
    "log.pit.repair": "{area} +{n}",
    "log.karma.twenty": "{name} rolls a natural 20: +1 karma ({left} in the pool).",
    "log.karma.reroll": "{name} spends 40 karma to roll again ({left} left).",
    "log.karma.raise": "{name} spends 20 karma to raise the roll by 1 ({left} left).",
    "log.karma.race_end": "{name} earns {change} karma at the finish ({left} in the pool).",
    "log.bid": "Head-to-head: {name} bid {amount} karma, turn {place} among the level cars ({left} left).",
    "log.pit.points": "{name}'s crew: {points} points, {worked} worked off, {left} to go.",
    "log.pit.done": Plural(
        "{name}'s crew is done: {work}; {out} space out of the box.",
        "{name}'s crew is done: {work}; {out} spaces out of the box.",
        count="out",
    ),
    "dice.weather": "{weather}",
    # --- modules -------------------------------------------------------------------------------
    "module.slipstream": "Slipstream",
    "module.slipstream.about": "Three extra spaces behind a car in 4th gear or higher.",
    "module.weather": "Weather",
    "module.weather.about": "Sun or rain, rolled before the start; it may change.",
    "module.tyres": "Tyres",
    "module.tyres.about": "Hard, soft or rain tyres at the start and at each stop.",
    "module.own_car": "Own car",
    "module.own_car.about": "Each player shares out the car's wear points.",
    "module.markers": "Road holding markers",
    "module.markers.about": "Damage leaves oil on the track: dangerous spaces.",
    "module.pit_options": "Pit-stop options",
    "module.pit_options.about": "A reserve of 2 WP for repairs at the box.",
    "module.teams": "Team race",
    "module.teams.about": "Pairs share 4 repair WP and score points; even number of drivers.",
    # --- the rules screen ------------------------------------------------------------------------
    "rules.title": "Rules",
    "rules.preset": "Based on: {preset}",
    "rules.changed": "{preset}, changed",
    "rules.modules": "Modules",
    "rules.parameters": "What these rules play",
    "rules.done": "Use these rules",
    "rules.reset": "Preset as printed",
    "rules.keys": "Click a switch to turn a module on or off. I: show the rule IDs. Esc: back without changes.",
    "param.laps": "Race distance",
    "param.grid": "Starting grid",
    "param.car": "Cars",
    "param.tyres": "Tyres",
    "param.weather": "Weather",
    "param.pit": "Pit stops",
    "param.slipstream": "Slipstream",
    "param.markers": "Dangerous spaces",
    "param.order": "Cars level on a row",
    "param.teams": "Team race",
    "value.off": "off",
    "value.on": "on",
    "value.laps_choose": "the players choose",
    "value.laps_n": "{n} laps",
    "value.laps_one": "1 lap",
    "value.laps_source": "{laps} (its source plays {n})",
    "value.grid_roll": "rolled with the black die",
    "value.grid_qualifying": "a timed qualifying lap",
    "value.car_fixed": "the same {total} WP for everyone",
    "value.car_own": "share out {total} WP, each area {limits}",
    "value.car_limits": "{low}–{high} (tyres up to {tyres})",
    "value.car_min": "at least {low}",
    "value.tyre_table": "table {table}: hard, soft, rain",
    "value.weather_rows": "one barometer row per change",
    "value.weather_sm": "changes, settles after two alike",
    "value.weather_now": "rolled at once by the driver",
    "value.weather_round": "rolled at the end of the game round",
    "value.pit_basic": "tyres only",
    "value.pit_long": "long stop repairs, reserve {reserve} WP",
    "value.pit_any": "every stop repairs up to {areas} areas, reserve {reserve} WP",
    "value.slip": "behind a car in gear {gear} or higher",
    "value.order_inside": "the inside car first",
    "value.order_arrival": "the first to arrive first",
    "value.teams": (
        "an even number of drivers, in pairs by entry; {stock} repair WP per team at the box; points "
        "{points}"
    ),
    # --- the team race ----------------------------------------------------------------------------
    "team.name": "Team {n}",
    "team.short": "T{n}",
    "dash.team_stock": "team stock {n} WP",
    "crew.team_repairs": "Repairs: {left} of Team {team}'s {reserve} WP left",
    "crew.team_hint": "Repairs from the team's stock, which the team mate shares.",
    "crew.team_hint_areas": "Up to {areas} areas from the team's shared stock.",
    "results.teams": "Team points",
    "results.points": "{n} points",
    "results.team_wins": "Team {n} wins!",
    "results.rules": "Rules: {rules}",
    "results.modules": "Modules: {modules}",
    "results.no_modules": "no modules",
}

# The rules' English reference wording, where it reads well with translated area words;
# a reason that changes with a count is a Plural here.
REASONS: dict[Code, str | Plural] = {
    **TEMPLATES,
    Code.SETUP_BELOW_MINIMUM: "Too few {area} wear points: {points}, at least {minimum} required.",
    Code.SETUP_ABOVE_MAXIMUM: "Too many {area} wear points: {points}, at most {maximum} allowed.",
    Code.LAUNCH_WHOLE_SPACE: "The Practitioner's extra space is one whole space forward, or nothing.",
    Code.SKIP_COST_UNPAYABLE: Plural(
        "Cannot shift down from gear {current} to gear {target}: that needs {needed} {area} wear point, "
        "only {available} left.",
        "Cannot shift down from gear {current} to gear {target}: that needs {needed} {area} wear points, "
        "only {available} left.",
        count="needed",
    ),
    Code.CANNOT_BRAKE: Plural(
        "Stopping 1 space short needs 1 brake wear point; only {brakes} left.",
        "Stopping {spaces} spaces short needs {spaces} brake wear points; only {brakes} left.",
        count="spaces",
    ),
    Code.BLOCKED_UNPAID: Plural(
        "Blocked 1 space short: that costs {brakes} brake and {tyres} tyre wear points, more than the car "
        "has left, so it is out.",
        "Blocked {spaces} spaces short: that costs {brakes} brake and {tyres} tyre wear points, more than "
        "the car has left, so it is out.",
        count="spaces",
    ),
    Code.TYRES_GONE: Plural(
        "Flying out of the corner costs 1 tyre wear point; only {available} left, so the car is out.",
        "Flying out of the corner costs {needed} tyre wear points; only {available} left, so the car is out.",
        count="needed",
    ),
    Code.NO_BRAKING_IN_PIT: Plural(
        "There is no braking in the pit lane: the car cannot stop 1 space short unless the car in front "
        "is in the way.",
        "There is no braking in the pit lane: the car cannot stop {spaces} spaces short unless the car in "
        "front is in the way.",
        count="spaces",
    ),
}

# The names the shipped boards print (circuits, corners, buildings, stands, street zones);
# a designer's own names are proper names and stay as drawn. "Turn {n}" stands for every number.
PLACES: tuple[str, ...] = (
    "Adlerjoch Mountain Circuit",
    "Brückenau City Circuit",
    "Eichwald Grand Prix Circuit",
    "Hafenstadt Street Circuit",
    "Hohenau Grand Prix Circuit",
    "Kranzfeld Airfield Circuit",
    "Lindenring Oval",
    "Turn {n}",
    "Hairpin",
    "Chicane",
    "The Loop",
    "Station Bend",
    "Well Corner",
    "Church Lane",
    "Market Gate",
    "Runway End",
    "Fuel Depot",
    "Fuel depot",
    "Windsock",
    "Cathedral",
    "Chapel",
    "Fountain",
    "Harbour",
    "Lighthouse",
    "Market",
    "Market hall",
    "Post Office",
    "Quay",
    "Station",
    "Tower",
    "Town Hall",
    "Mill",
    "Old Mill",
    "Sawmill",
    "Mountain hut",
    "Main grandstand",
    "Harbour grandstand",
    "Linden grandstand",
    "Runway grandstand",
    "Paddock",
    "Race control",
    "Race office",
    "Roadworks",
    "Residents' windows",
    "Police station",
    "Taxiway",
    "Apron",
    "Hangar",
    "Pylon",
    "Radar",
)

# Races between homes: online (Matrix) and by email.
STRINGS.update({
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
})

# What the referee of a race between homes says (rules/remote/referee_notes.py), by key.
STRINGS.update({
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
})

# --- the track designer's messages: track check, track render, a broken track in the game ----
STRINGS.update({
    "track.where.track": "track",
    "track.where.object": "{where}: object {id}",
    "track.where.at": "{where} at ({x}, {y})",
    "track.line": "{where}: {message}. Fix: {fix}",
    "track.line_without_fix": "{where}: {message}",
    "track.blocked_not_point": "a blocked space is not a point",
    "track.blocked_not_point.fix": (
        "delete it and place a point (Insert Point, I) of class blocked_space on the centre of the "
        "printed space"
    ),
    "track.what.pit_box": "pit box {n}",
    "track.what.pit_space": "a pit-lane space",
    "track.blocked_in_pit": "the blocked space is on {space}, {what}: the pit lane has no blocked spaces",
    "track.blocked_in_pit.fix": (
        "move the blocked_space point onto a space of the lanes, or delete it (draw a pit lane only where "
        "cars may drive)"
    ),
    "track.blocked_off_space": "the blocked space is not on a space",
    "track.blocked_off_space.fix": (
        "move the blocked_space point onto the centre of a space of the lanes (track render --names shows "
        "them), or delete it"
    ),
    "track.blocked_twice": "two blocked spaces are on {space} (objects {first} and {second})",
    "track.blocked_twice.fix": "delete one of them: one blocked_space point per printed space",
    "track.what.grid_slot": "grid slot {n}",
    "track.what.qualifying_start": "the qualifying start",
    "track.what.line_space": "a space at the start/finish line",
    "track.what.pit_entry": "the pit entry",
    "track.what.pit_exit": "the pit exit",
    "track.what.tunnel_entry": "the entry of tunnel {n}",
    "track.what.tunnel_exit": "the exit of tunnel {n}",
    "track.blocked_used.grid_slot.fix": "move the grid slot or the blocked space",
    "track.blocked_used.qualifying_start.fix": "move the qualifying start or the blocked space",
    "track.blocked_used.line_space.fix": "a lap is counted there: move the blocked space off the spaces on either side of the line",
    "track.blocked_used.pit_entry.fix": "move the pit_lane line's first point or the blocked space",
    "track.blocked_used.pit_exit.fix": "move the pit_lane line's last point or the blocked space",
    "track.blocked_used.tunnel_entry.fix": "move the tunnel_entry or the blocked space",
    "track.blocked_used.tunnel_exit.fix": "move the tunnel_exit or the blocked space",
    "track.blocked_used": "the blocked space on {space} is {what}, which a car must be able to use",
    "track.corner_no_way": "no way leads through this corner",
    "track.corner_no_way.fix": "add arrows so cars can drive from the corner's entry to its exit",
    "track.corner_inside": "corner property inside is {value}, not 'left' or 'right'",
    "track.corner_inside.fix": (
        "set the string property inside to left or right (in lower case: the side the corner turns to, "
        "seen in the driving direction), or delete it to let the game work the side out"
    ),
    "track.not_behind_line": "{cls} on {space} is not behind the start/finish line",
    "track.not_behind_line.fix": "place the grid and the qualifying start on the spaces just before the start/finish line",
    "track.slot_off_space": "grid slot is not on a track space",
    "track.slot_off_space.fix": "move the grid slot point onto the centre of a space",
    "track.slot_position_twice": "two grid slots have position {position}",
    "track.slot_position_twice.fix": "number the grid slots 1, 2, 3, ... once each",
    "track.slots_share_space": "two grid slots are on space {space}",
    "track.slots_share_space.fix": "put every grid slot on its own space",
    "track.grid_positions": "the grid has positions {positions}; it needs positions 1 to at least {least}",
    "track.grid_positions.fix": "add grid_slot points in layer 'grid' numbered 1, 2, 3, ... without gaps",
    "track.grid_points": "layer 'grid' has {n} objects of class {cls}",
    "track.grid_points.fix": "place exactly one point of class {cls}",
    "track.point_off_space": "the {cls} point is not on a track space",
    "track.point_off_space.fix": "move it onto the centre of a space",
    "track.nlc_not_polyline": "the no_lane_change line is not a polyline",
    "track.nlc_closed": "the no_lane_change line is not a polyline (it is a closed polygon)",
    "track.nlc_not_polyline.fix": "redraw it with the Insert Polygon tool along the line between two lanes and press Enter",
    "track.nlc_across": "the no_lane_change line crosses lane {lane} between {src} and {dst}",
    "track.nlc_across.fix": "draw it along the line between two lanes, not across a lane",
    "track.nlc_over": "the no_lane_change line runs over the centre of {space}",
    "track.nlc_over.fix": "draw it on the line between two lanes, half way between their spaces' centres",
    "track.nlc_no_change": "the no_lane_change line crosses no diagonal lane change",
    "track.nlc_no_change.fix": (
        "draw it on a straight, on the line between two lanes, from half a space before the first "
        "forbidden change to half a space after the last; in corners and arrow zones cars change lanes "
        "only along the arrows anyway"
    ),
    "track.nlc_outside": "the no_lane_change line lies outside the lanes",
    "track.nlc_outside.fix": "draw it on the line between two lanes where the board forbids lane changes",
    "track.what.closed": "it is a closed polygon",
    "track.what.points": "it has {n} points",
    "track.arrow_points": "arrow is not a line with two points ({what})",
    "track.arrow_points.fix": (
        "redraw it with the Insert Polygon tool: click its start space, then its end space, then press "
        "Enter (first select nothing, Edit > Select None: a click on the end of a selected line extends "
        "that line)"
    ),
    "track.arrow_start_off": "the arrow's start is not on a space",
    "track.arrow_start_off.fix": "move the arrow's start point onto the centre of a space",
    "track.arrow_end_off": "the arrow's end is not on a space",
    "track.arrow_end_off.fix": "move the arrow's end point onto the centre of a space",
    "track.arrow_not_adjacent": "arrow from {src} to {dst} does not lead into an adjacent lane",
    "track.arrow_not_adjacent.fix": "let the arrow end in the lane right next to its start",
    "track.arrow_backwards": (
        "arrow from {src} (row {src_row}) to {dst} (row {dst_row}) does not point forwards: it leads back "
        "along the track"
    ),
    "track.arrow_backwards.fix": (
        "draw the arrow in the driving direction: from its start space to a space beside it or further on"
    ),
    "track.arrow_on_straight": (
        "arrow from {src} to {dst} lies on a straight, outside every corner and arrow zone, where cars "
        "change lanes without arrows"
    ),
    "track.arrow_on_straight.fix": "delete the arrow, or draw an arrow_zone around it if lane changes there go only along arrows",
    "track.arrow_to_and_fro": (
        "sideways arrows lead from {src} to {dst} and back, so a car could drive to and fro without "
        "getting anywhere"
    ),
    "track.arrow_to_and_fro.fix": "delete one of the two arrows: a sideways lane change goes one way only",
    "track.pit_none": "layer 'pit' has 0 pit lanes",
    "track.pit_none.fix": "draw one polyline of class pit_lane, or delete the layer 'pit'",
    "track.pit_not_polyline": "the pit lane is not a polyline",
    "track.pit_closed": "the pit lane is not a polyline (it is a closed polygon)",
    "track.pit_not_polyline.fix": (
        "redraw it with the Insert Polygon tool from the entry space to the exit space and press Enter "
        "(clicking the first point again closes it into a polygon)"
    ),
    "track.pit_start_off": "the pit lane does not start on a track space",
    "track.pit_start_off.fix": "move the pit lane's first point onto the entry space",
    "track.pit_end_off": "the pit lane does not end on a track space",
    "track.pit_end_off.fix": "move the pit lane's last point onto the exit space",
    "track.pit_too_long": Plural(
        "the pit lane is more than {most} space long",
        "the pit lane is more than {most} spaces long",
        count="most",
    ),
    "track.pit_too_long.fix": "draw the pit lane beside the track",
    "track.pit_on_points": "pit_lane property spaces_on_points is {value}, not true or false",
    "track.pit_on_points.fix": "make it a bool property (tick it to put a pit space on every point between the ends)",
    "track.pit_short": Plural(
        "the pit lane has room for {n} space, fewer than {boxes} boxes need",
        "the pit lane has room for {n} spaces, fewer than {boxes} boxes need",
    ),
    "track.pit_short.fix": "make the pit lane longer",
    "track.box_off_pit": "box is not on a pit-lane space",
    "track.box_off_pit.fix": "move the box point onto the pit lane",
    "track.box_number_twice": "two boxes have number {number}",
    "track.box_number_twice.fix": "number the boxes 1, 2, 3, ... once each",
    "track.boxes_share_space": "two boxes are on pit space {space}",
    "track.boxes_share_space.fix": "put every box on its own pit-lane space",
    "track.box_numbers": "the pit lane has boxes {boxes}; it needs boxes numbered 1 to at least {least}",
    "track.box_numbers.fix": "add box points numbered 1, 2, 3, ... without gaps, one per car",
    "track.pit_backwards": "the pit lane runs backwards along the track somewhere",
    "track.pit_backwards.fix": "draw the pit lane in the driving direction, beside the track, from entry to exit",
    "track.pit_second_points": "the layer 'pit' has a second pit_lane line with {n} points",
    "track.pit_second_closed": "the layer 'pit' has a second pit_lane line with {n} points (a closed polygon)",
    "track.pit_second_points.fix": (
        "draw one pit_lane polyline for the pit lane; a second entry or exit is a line with two points: "
        "from the track space onto the pit-lane space (an entry) or from the pit-lane space onto the "
        "track space (an exit)"
    ),
    "track.pit_second_ends": "the second pit_lane line does not join a track space and a pit-lane space",
    "track.pit_second_ends.fix": (
        "draw a second entry from the centre of a track space onto the pit-lane space cars turn into, or "
        "a second exit from a pit-lane space onto the track space they rejoin on"
    ),
    "track.pit_second_entry_backwards": "the second pit entry leads backwards, from {src} to {dst}",
    "track.pit_second_exit_backwards": "the second pit exit leads backwards, from {src} to {dst}",
    "track.pit_second_backwards.fix": (
        "draw it in the driving direction: from a track space onto a pit-lane space further on, or from a "
        "pit-lane space onto a track space further on"
    ),
    "track.pit_entry_late": (
        "the second pit entry joins the pit lane at {space}, after the first box: cars turning in there "
        "could not reach every box"
    ),
    "track.pit_entry_late.fix": "end the line on a pit-lane space before the first box, usually the first one",
    "track.pit_exit_early": (
        "the second pit exit leaves the pit lane at {space}, before the last box: cars could leave "
        "without reaching their box"
    ),
    "track.pit_exit_early.fix": "start the line on a pit-lane space after the last box, usually the last one",
    "track.pit_entry_twice": "{space} is already a pit entry",
    "track.pit_exit_twice": "{space} is already a pit exit",
    "track.pit_link_twice.fix": "delete this line, or move its track end onto another space",
    "track.lane_points": "lane has fewer than 3 points",
    "track.lane_points.fix": "draw the lane as a polyline or polygon around the whole circuit",
    "track.lane_open": "lane does not close the lap: its last point is far from its first",
    "track.lane_open.fix": "move the lane's last point onto its first point, or draw the lane as a polygon",
    "track.partial_value": "lane property partial is {value}, not true or false",
    "track.partial_value.fix": (
        "set the bool property partial on a lane that begins and ends (an open polyline), or delete it"
    ),
    "track.partial_closed": "the lane with partial set is closed: a lane that begins and ends is an open polyline",
    "track.partial_points": "the lane with partial set has fewer than 2 points",
    "track.partial_closed.fix": (
        "draw it as a polyline (finish with Enter) from where the printed lane begins to where it ends, in "
        "the driving direction; or delete the property partial to make it a lane of the whole lap"
    ),
    "track.partial_short": "the lane with partial set is {pixels} px long, shorter than one space",
    "track.partial_short.fix": "draw it from the first space of the printed lane to its last",
    "track.partial_between": (
        "the lane with partial set runs between lanes of the whole lap at ({x}, {y}): a lane that begins "
        "and ends must be the leftmost or the rightmost lane"
    ),
    "track.partial_between.fix": (
        "draw it beside the outermost lane, about a lane's width outside it, in the driving direction"
    ),
    "track.partial_twice": "two lanes with partial set lie on the {side} of the track",
    "track.partial_twice.fix": "a side has one lane that begins and ends: join them into one, or delete one",
    "track.what.side_left": "left",
    "track.what.side_right": "right",
    "track.partial_order": (
        "space {space} of the lane with partial set, at ({x}, {y}), is not further along the lap than the "
        "space before it, measured against the lane beside it"
    ),
    "track.partial_order.fix": (
        "draw the lane in the driving direction and keep it beside the lane next to it; one space of it "
        "for each space of that lane at most"
    ),
    "track.start_crossings": "the start/finish line crosses lane object {lane} {n} times",
    "track.start_crossings.fix": "make the start/finish line cross every lane exactly once",
    "track.corner_not_polygon": "corner is not a polygon",
    "track.corner_not_polygon.fix": "draw the corner's stop area as a polygon",
    "track.corner_crossings": "lane object {lane} crosses the corner border {n} times",
    "track.corner_crossings.fix": "shape the corner polygon so every lane enters it once and leaves it once",
    "track.corner_has_start": "the corner contains the start/finish line",
    "track.corner_has_start.fix": "move the start/finish line onto a straight, outside every corner",
    "track.row_crossings": "row line crosses lane object {lane} {n} times",
    "track.row_crossings.fix": "draw the row line straight across the track so it crosses every lane once",
    "track.lane_reversed": "this lane is drawn against the direction of the other lanes",
    "track.lane_reversed.fix": (
        "delete the lane and draw it again in the driving direction, from the start/finish line round the "
        "lap (Tiled 1.8 cannot reverse a polyline)"
    ),
    "track.what.nothing_more": "nothing more",
    "track.cuts_order": (
        "lane object {lane} meets {mine} here, where lane object {first} meets {theirs}: every lane must "
        "cross the corner borders and row lines in the same order"
    ),
    "track.cuts_order.fix": "make that corner or row line span the whole width of the track, square to the lanes",
    "track.stagger": "lane property stagger is {value}, not a fraction of a space from 0 up to (not including) 1",
    "track.stagger.fix": (
        "set the float property stagger to how far the lane's spaces sit ahead of the even spread, e.g. "
        "0.5 for half a space, or delete it"
    ),
    "track.cuts_close": "less than half a space lies between {first} and {second}",
    "track.cuts_close.fix": "move them at least one space apart, or together",
    "track.row_position_missing": (
        "hand-placed space {space} has no row_position, but other spaces of lane object {lane} between "
        "the same two lines have one"
    ),
    "track.row_position_missing.fix": "give every point of the lane between those two lines a row_position, or none of them",
    "track.row_position_nan": "row_position {value} of hand-placed space {space} is not a number",
    "track.row_position_nan.fix": (
        "set the float property row_position to where the space lies among the piece's rows (0 the first "
        "row after the line before it, 0.5 half a row on), or delete it"
    ),
    "track.row_position_order": (
        "row_position {value} of hand-placed space {space} is not greater than {before}, that of the "
        "space before it on lane object {lane}"
    ),
    "track.row_position_order.fix": "give the spaces of a lane increasing row_position values in the driving direction",
    "track.what.cut_start": "the start/finish line",
    "track.what.cut_enter": "the start of corner object {id}",
    "track.what.cut_leave": "the end of corner object {id}",
    "track.what.cut_row": "row line object {id}",
    "track.placed_not_point": "a hand-placed space is not a point",
    "track.placed_not_point.fix": "delete it and place a point (Insert Point) on the centre of the printed space",
    "track.placed_off_lane": "the hand-placed space is {pixels} pixels from the nearest lane, more than half a space",
    "track.placed_off_lane.fix": "move the point onto the line of the lane it belongs to, or delete it",
    "track.placed_close": (
        "hand-placed spaces {first} and {second} on lane object {lane} are {pixels} pixels apart along "
        "the lane, less than half a space"
    ),
    "track.placed_close.fix": "place one point per printed space, on its centre: move them apart or delete one",
    "track.placed_apart": Plural(
        (
            "hand-placed spaces {first} and {second} on lane object {lane} are {spaces} space apart along the "
            "lane: a space between them has no point"
        ),
        (
            "hand-placed spaces {first} and {second} on lane object {lane} are {spaces} spaces apart along "
            "the lane: a space between them has no point"
        ),
        count="spaces",
    ),
    "track.placed_apart.fix": (
        "place a point on every printed space between them (hand-placed spaces replace all the lane's "
        "spaces between the two lines around them)"
    ),
    "track.what.after": "after {line}",
    "track.what.before": "before {line}",
    "track.placed_end": Plural(
        (
            "hand-placed space {space} is the lane's first or last one {what}, but lies {spaces} space from "
            "that line: the spaces in between have no point"
        ),
        (
            "hand-placed space {space} is the lane's first or last one {what}, but lies {spaces} spaces from "
            "that line: the spaces in between have no point"
        ),
        count="spaces",
    ),
    "track.placed_end.fix": (
        "place a point on every printed space of this lane between the two lines, or delete these points "
        "to let the game spread the spaces evenly there"
    ),
    "track.street_pit": "the track has a pit lane and street-race features: a street race has no pits (STREET-4)",
    "track.street_pit.fix": "delete the layer 'pit' for a street circuit, or delete the zones and tunnels",
    "track.zone.shooting": "shooting zone",
    "track.zone.danger": "danger zone",
    "track.zone.police": "police station",
    "track.zone_not_polygon": "the {zone} is not a polygon",
    "track.zone_not_polygon.fix": (
        "draw it with the Insert Polygon tool (P) over the lanes and click its first point again to close "
        "it (a rectangle from Insert Rectangle is not read)"
    ),
    "track.zone_empty": "the {zone} covers no space: it lies outside the lanes",
    "track.zone_empty.fix": (
        "draw the polygon over the lanes so that it covers the centres of its spaces (track render "
        "--names shows them)"
    ),
    "track.zone_clash": "the {zone} and the {other} object {id} both cover {space}",
    "track.zone_clash.fix": "a space belongs to one zone at most: move the polygons apart",
    "track.black_off_space": "the black space is not on a space",
    "track.black_off_space.fix": "move the black_space point onto the centre of a space",
    "track.what.in_zone": "in the {zone} object {id}",
    "track.what.no_zone": "outside every zone",
    "track.black_outside": "the black space on {space} is outside the danger zone ({inside})",
    "track.black_outside.fix": (
        "move the black_space point onto a space of a danger_zone polygon, or draw the danger zone over "
        "it"
    ),
    "track.black_twice": "two black spaces are on {space}",
    "track.black_twice.fix": "delete one of them",
    "track.danger_no_black": "the danger zone has no black spaces",
    "track.danger_no_black.fix": (
        "place black_space points (Insert Point, I) on the spaces of the zone that count as dangerous "
        "(STREET-6)"
    ),
    "track.tunnel_entry_off": "the tunnel entry is not on a track space",
    "track.tunnel_entry_off_n": "the tunnel entry {n} is not on a track space",
    "track.tunnel_exit_off": "the tunnel exit is not on a track space",
    "track.tunnel_exit_off_n": "the tunnel exit {n} is not on a track space",
    "track.tunnel_off.fix": "move the {cls} point onto the centre of a space of the lanes",
    "track.tunnel_entry_twice": "two tunnel entries have number {n}",
    "track.tunnel_exit_twice": "two tunnel exits have number {n}",
    "track.tunnel_twice.fix": "give each tunnel pair its own number: one {entry} and one {exit} per number",
    "track.tunnel_entry_shared": "the tunnel entry {n} is on {space}, where object {id} is already a tunnel end",
    "track.tunnel_exit_shared": "the tunnel exit {n} is on {space}, where object {id} is already a tunnel end",
    "track.tunnel_shared.fix": "put every tunnel entry and exit on its own space",
    "track.tunnel_entry_alone": "the tunnel entry {n} has no partner: no {other} has number {n}",
    "track.tunnel_exit_alone": "the tunnel exit {n} has no partner: no {other} has number {n}",
    "track.tunnel_alone.fix": (
        "place a {other} point with number {n} on the space at the tunnel's other end, or delete this one"
    ),
    "track.tunnel_backwards": "tunnel {n} leads from {entry} back to {exit}, or across the start/finish line",
    "track.tunnel_backwards.fix": (
        "put the tunnel_exit further along the lap than its tunnel_entry, both on the same side of the "
        "start/finish line (swap the two classes if they are the wrong way round)"
    ),
    "track.no_circuit_name": "the map has no circuit_name",
    "track.no_circuit_name.fix": "add a string map property circuit_name, e.g. 'Lindenring'",
    "track.no_laps": "the map has no laps property (the laps a race here usually runs)",
    "track.no_laps.fix": "add an int map property laps: 1, 2 or 3, e.g. 2 for a Grand Prix circuit",
    "track.laps": "map property laps is {value}, not 1, 2 or 3",
    "track.laps.fix": "set the int map property laps to 1, 2 or 3",
    "track.space_length": "map property space_length is {value}, not a length of at least {least} pixels",
    "track.space_length.fix": "set the float map property space_length to the length of one space in pixels, e.g. 48",
    "track.no_weather": "the map has no {prop}",
    "track.no_weather.fix": "add a string map property {prop}, e.g. '13-20', or '' if it never happens",
    "track.weather_range": "map property {prop} is {value}, not a range of black-die results",
    "track.weather_range.fix": "write it as 'a-b' with 1 <= a <= b <= 20, a single number, or leave it empty",
    "track.results": Plural(
        "result {values}",
        "results {values}",
    ),
    "track.weather_both": "{results} in both {first} and {second}",
    "track.weather_none": "{results} in none",
    "track.weather_table": "the weather table does not cover the black-die results 1 to 20 exactly once: {gaps}",
    "track.weather_table.fix": (
        "make weather_sun, weather_variable and weather_rain split 1-20 without gaps or overlaps, e.g. "
        "rain 1-5, variable 6-12, sun 13-20"
    ),
    "track.weather_order": "variable weather does not lie between sun and rain on the barometer",
    "track.weather_order.fix": "order the ranges sun, variable, rain, e.g. rain 1-5, variable 6-12, sun 13-20",
    "track.reserved_property": "custom property {name} is a reserved name",
    "track.reserved_property.fix": "rename or delete that custom property; Tiled's own fields use these names",
    "track.wrong_class": "object of class {cls} in layer {layer}",
    "track.wrong_class_meant": "object of class {cls} in layer {layer} (the closest class is {meant})",
    "track.wrong_class.fix": (
        "set its class (the Type field in Tiled 1.8, Class in later versions) to {classes}, or move it to "
        "another layer"
    ),
    "track.either": "{some} or {last}",
    "track.int_missing": "{cls} property {prop} is missing",
    "track.int_missing.fix": (
        "set the int property {prop} to a value from {lo} to {hi} (a grey value in Tiled's Properties is "
        "only the project's default and is not saved: click it and type the number)"
    ),
    "track.int_wrong": "{cls} property {prop} is {value}",
    "track.int_wrong.fix": "set the int property {prop} to a value from {lo} to {hi}",
    "track.no_layer": "the map has no object layer named '{layer}'",
    "track.no_lanes_layer.fix": "add an object layer 'lanes' with one polyline per lane",
    "track.no_start_layer.fix": "add an object layer 'start_finish' with one polyline across all lanes",
    "track.no_grid_layer.fix": "add an object layer 'grid' with the grid slots and the qualifying start",
    "track.lanes": Plural(
        "the track has {n} lane",
        "the track has {n} lanes",
    ),
    "track.too_many_lanes": (
        "the track has {n} lanes, more than the {most} a board may have (lanes are lettered {first} to "
        "{last})"
    ),
    "track.lanes.fix": "draw 2 to {most} lanes (3 is usual) in the layer 'lanes'",
    "track.start_lines": "layer 'start_finish' has {n} start/finish lines",
    "track.start_lines.fix": "draw exactly one polyline of class start_finish",
    "track.lane_too_long": Plural(
        "the lane is {pixels} pixels long: more than {most} space",
        "the lane is {pixels} pixels long: more than {most} spaces",
        count="most",
    ),
    "track.lane_too_long.fix": "draw the track smaller or make space_length larger",
    "track.unreached": Plural(
        "{n} space cannot be reached from the grid, starting with {space}",
        "{n} spaces cannot be reached from the grid, starting with {space}",
    ),
    "track.unreached.fix": (
        "add arrows or diagonal room so cars can get into that lane, or join the pit lane to the "
        "track{blocked}"
    ),
    "track.stuck": Plural(
        "{n} space leads nowhere (the lap cannot go on from it), starting with {space}",
        "{n} spaces lead nowhere (the lap cannot go on from them), starting with {space}",
    ),
    "track.stuck.fix": "join the lane or pit lane back to the track{blocked}",
    "track.what.blocked_on": "{space} (object {id})",
    "track.blocked_hint": (
        "; a blocked space closes its lane, so check the blocked_space points on {spaces}: a lane needs a "
        "way round them"
    ),
    "track.pytmx": "pytmx cannot read the map ({detail})",
    "track.pytmx.fix": "open and save it again in Tiled",
    "track.not_object_layer": "layer {layer} is not an object layer",
    "track.not_object_layer.fix": "recreate {layer} as an object layer",
    "track.cannot_look": "cannot look at the file ({detail})",
    "track.check_path.fix": "check the path; track files end in .tmx",
    "track.no_file": "no such file",
    "track.folder": "this is a folder, not a track file",
    "track.folder.fix": "give the path of a .tmx file",
    "track.json_map": "JSON maps (.tmj) are not supported",
    "track.json_map.fix": "in Tiled use File > Save As and choose the .tmx format",
    "track.not_xml": "not a valid XML file ({detail})",
    "track.not_xml.fix": "open the track in Tiled and save it as .tmx",
    "track.refused": "{detail}",
    "track.refused.fix": "{detail}",
    "track.file_unreadable": "cannot read the file ({detail})",
    "track.file_unreadable.fix": "check that the file exists and is readable",
    "track.not_map": "not a Tiled map (the root element is <{tag}>)",
    "track.not_map.fix": "give the path of a .tmx map, not a tileset or other file",
    "track.orientation": "the map is {orientation}",
    "track.orientation.fix": "create the track as an orthogonal map",
    "track.infinite": "the map is infinite",
    "track.infinite.fix": "in Tiled: Map > Map Properties, untick Infinite",
    "track.zstd": "a tile layer uses zstd compression",
    "track.zstd.fix": "in Map Properties set Tile Layer Format to CSV or Base64 (zlib)",
    "track.json_tileset": "tileset {tileset} is a JSON tileset",
    "track.json_tileset.fix": "export the tileset as .tsx",
    "track.tileset_missing": "the tileset {tileset} is not at {place}",
    "track.tileset_missing.fix": (
        "copy {name} to that place (the shipped one is maps/circuit.tsx with its circuit-tiles.png), or "
        "open the map in Tiled and point it to the tileset's new place"
    ),
    "track.layer_twice": "two layers are named {layer}",
    "track.layer_twice.fix": "give every layer its own name",
    "track.unknown_layer": "layer {layer} is not a layer the game reads, so its objects are ignored; the closest is {meant}",
    "track.unknown_layer.fix": "rename the layer to {meant} (layer names are lower case, with _ between words)",
    "track.what.map": "the map",
    "track.what.layer": "layer {layer}",
    "track.what.object": "the object",
    "track.id_twice": "two objects have this id",
    "track.id_twice.fix": "let Tiled give ids: copy the object and delete the old one",
    "track.tile_object": "the object in layer {layer} is a tile object (a picture)",
    "track.tile_object.fix": (
        "delete it and draw the object again: grid slots, boxes and the qualifying start are points "
        "(Insert Point), lanes, lines and arrows polylines, corners and zones polygons"
    ),
    "track.template": "the object uses a template",
    "track.template.fix": "select it in Tiled and use 'Detach' (templates load incorrectly)",
    "track.property_reserved": "{what} has a custom property named {name}, a name Tiled or pytmx reserves",
    "track.property_reserved.fix": "rename or delete that custom property",
    "track.property_class": "{what} has a class-typed property {name}",
    "track.property_class.fix": "use int, float, bool or string properties (Tiled 1.8 drops class properties on export)",
    "track.property_value": "{what}'s {kind} property {name} is {value}",
    "track.property_value.fix": "enter a valid {kind}",
    "track.property_infinite": "{what}'s property {name} is {value}",
    "track.property_infinite.fix": "enter a finite number",
    "track.offset": "layer {layer} (or its group) has an offset",
    "track.offset.fix": "set the layer's Offset X and Y to 0 in its properties",
    "track.offset_nan": "a layer offset is not a number",
    "track.offset_nan.fix": "set Offset X and Y to numbers",
    "track.coordinate": "the object's {prop} is {value}, not a number",
    "track.coordinate.fix": "move the object in Tiled to reset it",
    "track.rotated": "the object is rotated",
    "track.rotated.fix": "set its Rotation to 0 and draw it in place (rotation is not applied to points)",
    "track.polygon_points": "the polygon's points are not a list of x,y numbers",
    "track.polygon_points.fix": "redraw the polygon in Tiled",
    "track.polyline_points": "the polyline's points are not a list of x,y numbers",
    "track.polyline_points.fix": "redraw the polyline in Tiled",
    "track.ok": "{file}: ok",
    "track.not_rendered": "{file}: not rendered; fix the problems above (python main.py track check {file})",
    "track.watch.start": "watching {file} (Ctrl+C ends); the board is drawn into {picture}",
    "track.watch.stopped": "stopped watching {file}",
    "track.watch.gone": "[{time}] {file}: the file is gone; waiting for it to be saved again",
    "track.watch.problems": Plural("[{time}] {file}: {n} problem, the picture is not updated",
                                   "[{time}] {file}: {n} problems, the picture is not updated"),
    "track.watch.not_drawn": "[{time}] {file}: checked ok, but not drawn:",
    "track.watch.not_written": "[{time}] {picture}: not written: {detail}",
    "track.watch.ok": "[{time}] {file}: ok, board drawn into {picture}",
})

# `track import`: what the converter of a GP Online board (.dat) says, to someone who knows
# GP Online's track editor (nodes, edges, node types) and Tiled.
STRINGS.update({
    "import.out_not_tmx": "the map is written as a Tiled .tmx file; give a name ending in .tmx",
    "import.report_not_json": "the report is written as JSON; give a name ending in .json",
    "import.cannot_write_map": "{out}: cannot write the map ({detail})",
    "import.fails_check": "{out}: written, but it does not pass track check; fix the problems above in Tiled",
    "import.cannot_write_report": "{report}: cannot write the report ({detail})",
    "import.written": "{out}: written; track check: ok",
    "import.read": "{src}: {nodes} nodes, {steps} steps, header {header}",
    "import.kept": "kept: {lanes} lanes ({per_lane}), {corners} corners (stops {stops}), {pit}, grid of {grid}{blocked}",
    "import.kept.spaces": Plural("{spaces} space", "{spaces} spaces", count="spaces"),
    "import.kept.no_pit": "no pit lane",
    "import.kept.pit": Plural("pit lane of {spaces} space with {boxes} boxes", "pit lane of {spaces} spaces with {boxes} boxes",
                              count="spaces"),
    "import.kept.blocked": Plural(", {n} blocked space {spaces}", ", {n} blocked spaces {spaces}"),
    "import.gap": Plural("before node {node} ({space}, {far} space after the space before it)",
                         "before node {node} ({space}, {far} spaces after the space before it)", count="whole"),
    "import.gaps": (
        "gaps: the board has no space {gaps}: a bridge or a tunnel, or a node the tracing left out; each is kept "
        "as one step, its space marked after_gap (if a node is missing, add it in GP Online's editor)"
    ),
    "import.steps": (
        "steps: {board} on the board, {kept} kept, {moved} moved to another space, {dropped} dropped, {refused} "
        "no move under the rules (left out, CORE-MOVE-3), {blocked} touching a blocked space (left out, AMB-69)"
    ),
    "import.assumed": (
        "assumed: laps {laps}, weather sun {sun}, variable {variable}, rain {rain}, qualifying start on {start}, "
        "space length {length} px; the header's picture and info-box corner are not used"
    ),
    "import.not_kept": "not kept ({n}):",
    "import.not_kept.nothing": "not kept: nothing",
    "import.list": "{first}, {rest}",
    "import.ids_more": "{ids} and {more} more",
    "import.none": "none",
    "import.lane": "lane {lane}",
    "import.the_pit_lane": "the pit lane",
    "import.type.unknown": "unknown",
    "import.type.straight": "straight",
    "import.type.curve_2": "curve of 2 stops",
    "import.type.curve_1": "curve of 1 stop",
    "import.type.blocked": "blocked",
    "import.type.finish": "finish",
    "import.type.curve_3": "curve of 3 stops",
    "import.type.pit": "pit lane",
    "import.edge.straight": "straight",
    "import.edge.diagonal": "diagonal",
    "import.edge.arrow": "arrow",
    "import.edge.pit_entry": "pit entry",
    "import.edge.pit": "pit lane",
    "import.edge.pit_exit": "pit exit",
    "import.stray": Plural("{n} track node lies in no lane and was left out: {ids}",
                           "{n} track nodes lie in no lane and were left out: {ids}"),
    "import.unknown_type": "node {node} has the type 'unknown'; it became a straight space",
    "import.finish_nodes": Plural(
        "the finish line has {n} node, so the converter cannot tell the lanes (it needs 2 to 4). Fix: mark "
        "one node of each lane with F (or type 5) in GP Online's editor",
        "the finish line has {n} nodes, so the converter cannot tell the lanes (it needs 2 to 4). Fix: mark "
        "one node of each lane with F (or type 5) in GP Online's editor",
    ),
    "import.no_start_step": "no step leaves the finish line. Fix: add the edges from the finish nodes forwards",
    "import.into_lanes": Plural("into lane {lanes}", "into lanes {lanes}", count="count"),
    "import.into_needed": "only into nodes the other lanes need",
    "import.lanes_tangled": (
        "following lane {lane} from finish node {start}, node {node} at ({x}, {y}) leads on {into}, so the lanes "
        "cannot be told apart. Fix: give every node a straight successor (the next node of the same lane) in GP "
        "Online's editor"
    ),
    "import.dead_end": (
        "node {node} at ({x}, {y}) has no step forwards, so lane {lane} does not close the lap. Fix: add its "
        "edges in GP Online's editor"
    ),
    "import.never_returns": "lane {lane} never returns to its finish node {node}. Fix: check its edges",
    "import.blocked_unfollowed": Plural(
        "the lane through blocked node {end} at ({x}, {y}) ends there: its one step leads {far} space away, to "
        "node {again}, but the lane cannot be followed back from node {end} to node {again}. Fix: in GP Online's "
        "editor give each of that lane's nodes a step to the next node of its lane",
        "the lane through blocked node {end} at ({x}, {y}) ends there: its one step leads {far} spaces away, to "
        "node {again}, but the lane cannot be followed back from node {end} to node {again}. Fix: in GP Online's "
        "editor give each of that lane's nodes a step to the next node of its lane",
        count="far",
    ),
    "import.partial_lane": Plural(
        "the lane from node {again} at ({ax}, {ay}) to node {end} at ({ex}, {ey}) runs along part of the lap "
        "only ({n} node) and not beside the leftmost or the rightmost lane all along (or a second such lane lies "
        "on that side), so its nodes {ids} and every step into or out of them are left out. Fix: in GP Online's "
        "editor check that the lane's nodes lie beside the outermost lane, one lane further out",
        "the lane from node {again} at ({ax}, {ay}) to node {end} at ({ex}, {ey}) runs along part of the lap "
        "only ({n} nodes) and not beside the leftmost or the rightmost lane all along (or a second such lane lies "
        "on that side), so its nodes {ids} and every step into or out of them are left out. Fix: in GP Online's "
        "editor check that the lane's nodes lie beside the outermost lane, one lane further out",
        count="n",
    ),
    "import.curve_no_lane": (
        "the curve of nodes {ids} has no space in lane {lane} and no step to it; a corner of this format spans "
        "every lane. Fix: give that lane curve nodes there"
    ),
    "import.curve_lane_straight": (
        "the curve of nodes {ids} leaves lane {lane} straight (nodes {nodes}); a corner of this format spans "
        "every lane, so they are corner spaces in the map"
    ),
    "import.curve_on_finish": (
        "the curve of nodes {ids} begins on the finish line in lane {lane} (node {node}); the format's start "
        "line cannot lie in a corner, so that space, {space}, is a straight space and the corner begins after it"
    ),
    "import.curve_part_straight": (
        "the curve of nodes {ids} leaves lane {lane} straight part of the way (nodes {nodes}) where another lane "
        "drives one curve; a corner of this format is one run of spaces in each lane, so they are corner spaces "
        "in the map"
    ),
    "import.curve_broken": (
        "the curve of nodes {ids} is not one unbroken run in lane {lane} (or holds the finish line). Fix: mark "
        "the nodes between as curve nodes, or move the finish line onto a straight"
    ),
    "import.curve_mixed": (
        "the curve of nodes {ids} mixes {kinds}; one corner has one stop count, so it asks {stops}"
    ),
    "import.no_pit_entry": "no step leads from the track into the pit lane; its {n} nodes were left out",
    "import.pit_branch": "the pit lane branches at node {node}; the branch to {ids} was left out",
    "import.pit_no_return": "the pit lane from node {node} never returns to the track; its nodes were left out",
    "import.pit_stray": Plural("{n} pit node is not on the pit lane's one way and was left out: {ids}",
                               "{n} pit nodes are not on the pit lane's one way and were left out: {ids}"),
    "import.fresh_changes": Plural("the map allows lane changes the board does not have, from node {ids}",
                                   "the map allows lane changes the board does not have, from nodes {ids}",
                                   count="count"),
    "import.unmatched": Plural(
        "the lane changes of this board could not be matched in {rounds} builds; the last still had {n} "
        "problem: {first}. Fix: check the lane changes of the nodes it names in GP Online's editor "
        "(every step should lead forwards, into the next lane or the same one)",
        "the lane changes of this board could not be matched in {rounds} builds; the last still had {n} "
        "problems, the first: {first}. Fix: check the lane changes of the nodes it names in GP Online's editor "
        "(every step should lead forwards, into the next lane or the same one)",
    ),
    "import.border_crossed": Plural(
        "lane {lane} meets the border the converter drew around the curve nodes {ids} {times} time, not twice: "
        "the lanes' curves begin or end far apart in a tight bend, or another stretch of track runs close by. "
        "Fix: in GP Online's editor mark the curve nodes so each lane's curve begins and ends beside its "
        "neighbours'; or draw that corner's polygon in Tiled",
        "lane {lane} meets the border the converter drew around the curve nodes {ids} {times} times, not twice: "
        "the lanes' curves begin or end far apart in a tight bend, or another stretch of track runs close by. "
        "Fix: in GP Online's editor mark the curve nodes so each lane's curve begins and ends beside its "
        "neighbours'; or draw that corner's polygon in Tiled",
        count="times",
    ),
    "import.long_step": Plural(
        "node {nodes} of lane {lane}, a step much longer than the board's other steps ({message}). Fix: the "
        "format needs a node on every printed space: add the missing node next to it in GP Online's editor",
        "nodes {nodes} of lane {lane}, a step much longer than the board's other steps ({message}). Fix: the "
        "format needs a node on every printed space: add the missing nodes next to them in GP Online's editor",
        count="count",
    ),
    "import.lanes_maybe_wrong": (
        "{line} (the lanes found may be wrong: check that every node has a step to the next node of its own lane)"
    ),
    "import.not_converted": "the converted map does not pass the checks: {problems}",
    "import.lane_count": Plural(
        "{what} has {board} space on the board but {map} in the map (the format spreads a lane's spaces evenly "
        "between corner borders; the nodes are not evenly spaced there)",
        "{what} has {board} spaces on the board but {map} in the map (the format spreads a lane's spaces evenly "
        "between corner borders; the nodes are not evenly spaced there)",
        count="board",
    ),
    "import.corner_counts": Plural(
        "corner {corner} ({stops} stop, nodes {ids}): {counts}; its spaces are not as long as the "
        "straights' (the format has one space length)",
        "corner {corner} ({stops} stops, nodes {ids}): {counts}; its spaces are not as long as the "
        "straights' (the format has one space length)",
        count="stops",
    ),
    "import.corner_count": Plural("lane {lane} {board} space on the board, {map} in the map",
                                  "lane {lane} {board} spaces on the board, {map} in the map", count="board"),
    "import.pit_spread": (
        "the pit lane's spaces on its nodes do not pass the checks (they lead back along the track), so the "
        "format spreads them evenly along it, up to {far} px from their node on the board (node {node})"
    ),
    "import.no_space": Plural("{n} node has no space of its own in the map: {ids}",
                              "{n} nodes have no space of their own in the map: {ids}"),
    "import.moved_step": "{src}-{dst} as {to_src}-{to_dst}",
    "import.moved_on": Plural(
        "{n} lane change leads to a space the map's rows put level with or behind its start (the row "
        "positions measured beside the neighbouring lane disagree with the board's step there), so it became "
        "a step one row ahead, to that lane's next space: {steps}{more}. Fix: in Tiled, give the space it should "
        "lead to a row_position greater than its start's",
        "{n} lane changes lead to a space the map's rows put level with or behind their start (the row "
        "positions measured beside the neighbouring lane disagree with the board's step there), so each became "
        "a step one row ahead, to that lane's next space: {steps}{more}. Fix: in Tiled, give the space it should "
        "lead to a row_position greater than its start's",
    ),
    "import.step_lost": "the step from node {a} to {b} ({space_a} to {space_b}) is not in the map: {why}",
    "import.why.refused": (
        "{message}. Fix: in GP Online's editor let the step lead forwards, to the next lane or along its own; a "
        "way in or out of the pit lane forwards along the track"
    ),
    "import.step_refused": (
        "the step from node {a} to {b} ({space_a} to {space_b}) is no move under the rules and is left out: {why}"
    ),
    "import.why.lanes": (
        "it crosses {n} lanes in one step, but a car enters the space straight ahead or the next space of the "
        "lane beside (CORE-MOVE-3), so no printed board has it. Fix: it is a stray edge of the tracing; delete "
        "it in GP Online's editor"
    ),
    "import.why.past": (
        "it leads past {space}, the next space of its own lane, but every space entered counts as one "
        "(CORE-MOVE-3) and a car may not jump over a car on {space} (CORE-MOVE-2), so no printed board has it. "
        "Fix: it is a stray edge of the tracing; delete it in GP Online's editor"
    ),
    "import.why.pit_spread": (
        "the pit lane's spaces are spread evenly along it (above), so its nodes and the map's pit spaces do not "
        "pair up one to one. Fix: in GP Online's editor move the first pit node beside or after the space the "
        "pit entry leaves from"
    ),
    "import.why.other": "the map has no step like it. Fix: check the node's edges in GP Online's editor",
    "import.extra_step": (
        "the map allows a {kind} step {src} to {dst} (nodes {a} to {b}) that the board does not have"
    ),
    "import.grid_lost": Plural("{n} grid slot is not on a lane space and was left out",
                               "{n} grid slots are not on a lane space and were left out"),
})

# A file the game refuses to read or replace (rules.files.filelimits): the kinds of file its
# reasons name, and the sentence that joins what is wrong to the fix.
STRINGS.update({
    "file.refused": "{reason}; {fix}",
    "word.file.a_race_record": "a race record",
    "word.file.a_saved_race": "a saved race",
    "word.file.a_position": "a position",
    "word.file.the_settings_file": "the settings file",
    "word.file.the_line-up_file": "the line-up file",
    "word.file.a_track_file": "a track file",
    "word.file.a_race_file": "a race file",
})

# The GP Online .dat reader (``track import``): what is wrong on which line, then the fix.
STRINGS.update({
    "dat.error": "{where}: {message}. Fix: {fix}",
    "dat.refused": "{reason}",
    "dat.refused.fix": "{fix}",
    "dat.unreadable": "cannot read the file ({detail})",
    "dat.unreadable.fix": "check the path",
    "dat.empty_first": "the first line is empty",
    "dat.empty_first.fix": "a GP Online track starts with its header, e.g. 'board.jpg 0'",
    "dat.no_header": "the file has no header line: it starts with a node",
    "dat.no_header.fix": "add the header 'IMAGE.jpg 0' as the first line, as GP Online's editor writes it",
    "dat.sections": "more than four sections",
    "dat.sections.fix": (
        "separate nodes, edges, attributes and grid by one empty line each, with no empty line at the end "
        "or inside a section"
    ),
    "dat.no_nodes": "the file has no nodes",
    "dat.no_nodes.fix": "give one node a line after the header: ID X Y TYPE",
    "dat.node_line": "a node line must be 'ID X Y TYPE' or 'ID X Y TYPE F', not {line}",
    "dat.node_line.fix": "write the node's number, its x and y pixel and its type number",
    "dat.fifth_word": "the fifth word of a node line can only be F (finish), not {word}",
    "dat.fifth_word.fix": "delete it, or write F for a node on the finish line",
    "dat.node_twice": "node {node} is given twice",
    "dat.node_twice.fix": "give every node its own number",
    "dat.node_type": "node type {kind} is not one of 0-{last}",
    "dat.node_type.fix": "use 1 straight, 2/3/6 curve of 2/1/3 stops, 4 blocked, 5 finish, 7 pit lane",
    "dat.off_board": "node {node} lies at ({x}, {y}), off any board",
    "dat.off_board.fix": "give its pixel on the board's picture (at most {most} either way)",
    "dat.edge_line": "an edge line must be 'FROM TO', not {line}",
    "dat.edge_line.fix": "write the two node numbers of the step, or check for a missing empty line between sections",
    "dat.edge_node": "the edge {a} {b} names node {node}, which the file does not have",
    "dat.edge_node.fix": "add that node or delete the edge",
    "dat.edge_self": "the edge {a} {b} leads from node {a} to itself",
    "dat.edge_self.fix": "delete it: a step goes to another node",
    "dat.attribute_line": "an attribute line must be 'ID NUMBER', not {line}",
    "dat.grid_line": "a grid slot line must be 'ID NUMBER', not {line}",
    "dat.pair_line.fix": "write the node's number and the value",
    "dat.attribute_node": "the attribute names node {node}, which the file does not have",
    "dat.grid_node": "the grid slot names node {node}, which the file does not have",
    "dat.pair_node.fix": "fix the node number",
    "dat.not_whole.node_id": "the node id {word} is not a whole number",
    "dat.not_whole.node_type": "the node type {word} is not a whole number",
    "dat.not_whole.fix": "write it as a whole number",
})

# Race by email: a race file or the game's own copy of the race that cannot be used.
STRINGS.update({
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
        "{path}: the race's set-up or seed commitment differs from the file seen before: "
        "the file was tampered with"
    ),
    "mail.history_differs": (
        "{path}: action {n} differs from the file seen before (or the file is older): "
        "the race's history cannot change; ask the steward for the newest file"
    ),
    "mail.does_not_replay": "{path}: {problem}",
    "mail.no_sealed_bid": "no sealed bid of {car} is kept in {folder}: seal one first",
})

# Remote play over Matrix: what the game was doing when the homeserver failed, and the race
# room's own problems.
STRINGS.update({
    "matrix.unreachable": "{what}: the homeserver {homeserver} cannot be reached ({detail})",
    "matrix.failed": "{what}: the connection to {homeserver} failed ({detail})",
    "matrix.refused": "{what}: {homeserver} refused ({detail})",
    "matrix.no_answer": Plural("the homeserver {homeserver} did not answer in {seconds} second",
                               "the homeserver {homeserver} did not answer in {seconds} seconds", count="seconds"),
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
})

# A race record that does not replay, and a championship's race left out of its standings.
STRINGS.update({
    "record.does_not_replay": "action {n} ({action}) does not replay: {reason}",
    "series.left_out": "race {n} ({track}): {why}",
    "series.other_track": "{file} is not the track it was raced on",
})

# A championship's race run by email or online: why it cannot be set up or kept.
STRINGS.update({
    "series.no_championship": "there is no championship {id} in {folder}",
    "series.over": Plural("the championship {name} is over: its {n} race is in",
                          "the championship {name} is over: all its {n} races are in"),
    "series.track_unloadable": "the championship's race {n} is on {file}, which cannot be loaded",
    "series.not_a_series_race": "the race is not a championship's race",
    "series.not_kept": "the race is not kept in the championship: {why}",
    "series.not_over": "the race is not over yet",
    "series.seats": "--seat: seat the championship's human drivers {drivers}, each once",
})

# A new race between homes from what a person typed (the Create race form, the steward's window).
STRINGS.update({
    "create.deadline_form": "the deadline must be a whole number with s, m, h or d (like 10m or 3d), not {text}",
    "create.seat_form": "--seat {pair}: write CAR=@user:server, like car1=@ann:example.org",
    "create.seat_unknown": "--seat: {cars} is not one of the race's cars car1..{last}",
})

# The keyboard: the key map's file, the keys screen, the names of keys and the race's key hints.
STRINGS.update({
    "notice.keys_unreadable": "Your key map {path} could not be read ({detail}); the default keys are used.",
    "notice.keys_not_json": (
        "Your key map {path} is damaged (not valid JSON: {detail}); the default keys are used."
    ),
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
})
