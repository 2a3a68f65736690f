"""The race screen: the round, the gear box, the planning aid and its warnings, pause and quit."""

from __future__ import annotations

from game.texts.plural import Plural

RACE: dict[str, str | Plural] = {
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
        "Drag/arrows: pan · wheel, +/-: zoom · {fit}: fit · {follow}: follow · {speed}: speed · {skip}: skip the "
        "computers · "
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
    "plan.line_drop_cost": (
        "After gear {gear}: next turn only gear {safe} or lower stops in the next corner: the skip down costs {n} WP"
    ),
    "plan.line_no_safe": "After gear {gear}: no gear may be low enough for the next corner next turn",
    "plan.line_risk": "Next two turns, safest gears: overshoot {over} · out {out}",
    "trap.pit_gear": "Gear {gear} near the pit entry: the pit lane takes at most gear {limit}: no box would be offered",
    "trap.no_brakes": "A roll of {roll} or more carries you past {corner} even with all {brakes} brake WP",
    "trap.last_wp": "This strikes your last {area} WP",
    "trap.no_further_stop": "A stop here leaves no room for the next stop in {corner} ({made} of {stops} stops)",
    "trap.brakes_short": (
        "{corner} may still need {need} brake WP for its stops (rain slide included): you would keep {brakes}"
    ),
    "trap.box_refused": "No box offered: in gear {gear}; the pit lane takes at most gear {limit}",
    "trap.confirm": "{text}. Choose it again to take it anyway.",
    "gear.wear_expected": "WP this roll is expected to cost, with the skip, braking, flying out and blocks: {n}",
    "hint.off": "Hints are switched off (the set-up switches them on).",
    "setup.hints": "Hints: {state}",
    "setup.hints.about": (
        "The race screen's hint (H): what a Champion would do, and why. Switch it off for a league race."
    ),
    "tut.you": "You",
    "tut.button": "Tutorial",
    "tut.start.title": "Welcome to your first race",
    "tut.start": (
        "One lap of the oval against two Rookies, step by step. First every car rolls the black die for its place on "
        "the grid and for the start: when the tray asks, click Roll or press Space. A 1 on the start roll stalls the "
        "engine: that car waits a round."
    ),
    "tut.gears.title": "Gears and dice",
    "tut.gears": (
        "Each turn you pick a gear, then roll its die and drive that many spaces. 1st moves 1-2, 2nd 2-4, 3rd 4-8, "
        "4th 7-12, 5th 11-20, 6th 21-30. Up one gear a turn, or down one for free. Click a gear in the shifter or "
        "the table, or press its number."
    ),
    "tut.dice.title": "The roll",
    "tut.dice": (
        "Now roll the gear's die (the Roll button or Space). You must drive every space it shows; if you chose the "
        "wrong gear, Undo takes it back before the roll."
    ),
    "tut.move.title": "Where to end",
    "tut.move": (
        "The lit spaces are where your roll can end. Moving diagonally into another lane costs nothing; the labels "
        "show what a destination costs. Point at a space to read about it, click to drive there."
    ),
    "tut.corners.title": "Corners and stops",
    "tut.corners": (
        "A corner ahead: its yellow number says how many turns you must end inside it. Arrive slowly: the table's "
        "'Next' column is the highest gear that surely stops there next turn, '2 turns' the chance of flying out. On "
        "a corner that needs several stops, green rings leave room for the next stop, red crosses do not."
    ),
    "tut.wp.title": "Wear points",
    "tut.wp": (
        "You have spent wear points (the dots on the dashboard). Brakes and tyres pay for corners taken too fast; "
        "the last WP of body, engine or road holding ends a race. Slower gears before corners keep them."
    ),
    "tut.brakes.title": "Braking and flying out",
    "tut.brakes": (
        "This roll goes further than the corner allows. A label with 'brk' costs brake WP (one a space you do not "
        "drive), one with 'tyr' costs tyre WP (one a space past the corner's end). Missing a stop in a 2- or 3-stop "
        "corner ends the race: the game warns before you do."
    ),
    "tut.pit.title": "The pit lane",
    "tut.pit": (
        "The pit entry is ahead. At the end of a lap (not in a one-lap race like this) you may turn into the pit "
        "lane and stop at your box for new tyres: keep to the entry's lane, and your roll must reach the box."
    ),
    "tut.plan.title": "Plan ahead",
    "tut.plan": (
        "A straight: go faster, but look at the table's 'Next' and '2 turns' columns before you shift up, and point "
        "at a gear to read its plan in words. Unsure? Press H for what a Champion would do, and why."
    ),
    "tut.finish.title": "The flag",
    "tut.finish": (
        "That is a race of Formula D. Next: a new race from the menu, 'How to play' for the other rule sets, and "
        "more laps and opponents when you like."
    ),
    "primer.title": "How to play · {preset}",
    "primer.button": "How to play",
    "primer.prev": "Back a page",
    "primer.next": "Next page",
    "primer.page": "{page} of {pages}",
    "primer.gears.title": "Gears and dice",
    "primer.gears": (
        "Each turn you declare a gear, then roll its die and drive exactly that many spaces. 1st moves 1-2, 2nd 2-4, "
        "3rd 4-8, 4th 7-12, 5th 11-20, 6th 21-30. You may go up one gear a turn, stay, or go down one for free; "
        "skipping gears down costs wear points. Every car starts in 1st. The gear table beside the board shows, for "
        "each gear, what its roll does: stop in the coming corner, fly out of it, go out of the race."
    ),
    "primer.corners.title": "Corners and stops",
    "primer.corners": (
        "A corner is the area between its two red lines; its yellow number says how many times you must end a turn "
        "inside it (1, 2 or 3 stops), one stop a turn. Leave a 2-stop corner after no stop, or a 3-stop corner after "
        "fewer than two, and your race is over. On the race screen the spaces of a corner that needs more stops are "
        "marked: a green ring leaves room for the next stop, a red cross does not. The picture shows them on the "
        "oval's 2-stop corner."
    ),
    "primer.wp.title": "Wear points",
    "primer.wp": (
        "Your car's wear points (WP) are the dots on the dashboard: tyres, brakes, gearbox, body, engine, road "
        "holding (and fuel in some rule sets). Skipping gears, braking, flying out of corners, being blocked and "
        "failed checks cost them. The last WP of the body, the engine or the road holding ends your race, so keep "
        "those. The 'Next' column of the gear table warns when a gear would leave you too fast for the next corner."
    ),
    "primer.brakes.title": "Braking and flying out",
    "primer.brakes": (
        "If your roll would carry you past a corner's end line before you made its stops, you may brake: each brake "
        "WP takes off one space. Spaces you still drive past the end line cost tyre WP each: you fly out of the "
        "corner. Losing exactly your last tyre WP spins the car; needing more than you have puts you out. Blocked by "
        "cars ahead, the spaces you cannot drive cost brakes and then tyres. The game warns before a gear or a move "
        "walks into such a trap."
    ),
    "primer.pit.title": "The pit lane",
    "primer.pit": (
        "At the end of a lap (never in a 1-lap race) you may turn into the pit lane and stop at your box for fresh "
        "tyres and repairs. The roll must reach the box; a stop costs time. Drive into the lane of the pit entry in "
        "good time, and in a low enough gear where the rules limit the gear in the pit lane."
    ),
    "primer.set.fd-basic.title": "The basic game",
    "primer.set.fd-basic": (
        "Every car has the same WP, the grid is rolled, and there is no weather. A good first race: one or two laps "
        "on the oval, against Rookies."
    ),
    "primer.set.fd-modules.title": "Formula D with modules",
    "primer.set.fd-modules": (
        "Adds tyres to choose (soft, hard, rain), the weather, and a qualifying lap for the grid. Soft tyres may add "
        "a space but wear faster; in rain a car slides on after a stop in a corner."
    ),
    "primer.set.fde-advanced.title": "Formula Dé advanced",
    "primer.set.fde-advanced": (
        "A 3-lap race with all advanced modules: you share 20 WP between the areas before the start, choose tyres, "
        "race in the weather and qualify for the grid. Skipping gears costs fuel first."
    ),
    "primer.set.masters-2002.title": "Masters 2002",
    "primer.set.masters-2002": (
        "The Masters' tournament rules: 3 laps, your own share of WP, qualifying, and the Masters' turn order. Plan "
        "your pit stop: worn tyres make every corner dearer."
    ),
    "primer.set.dresden-2006.title": "Dresden league",
    "primer.set.dresden-2006": (
        "Dresden's league rules: 3 laps, fuel used every lap, pit stops by points (announce a pit plan with your "
        "gear; the crew works it off with 4th-gear rolls), at most 4th gear into and in the pit lane, driver "
        "profiles, karma and an engine boost. The screen tells you what a pit plan costs and warns when you come to "
        "the pit entry too fast."
    ),
    "primer.set.dresden-open.title": "Dresden Open",
    "primer.set.dresden-open": (
        "The Dresden rules as the Open plays them: as the league, with karma counted per 100 points. Announce your "
        "pit plan in time and arrive at the pit entry in 4th or lower."
    ),
    "primer.set.street.title": "Street race",
    "primer.set.street": (
        "A game of its own through the city: nitro once a lap, tunnels that take you ahead, residents who shoot at "
        "passing cars, and WP won along the way. Corners and stops work as everywhere."
    ),
    "setup.length": "Expected length: about {rounds} game rounds, {minutes} min (estimate)",
    "tell.stall": (
        "{name} stalled at the start: a 1 on the start roll. The car stays where it is this game round and pulls "
        "away in gear 1 in the next."
    ),
    "announce.stall": "{name} stalls at the start!",
    "announce.out": "{name} is out of the race",
    "announce.timeout": "{name}'s time is up",
    "announce.lead": "{name} takes the lead",
    "announce.last_lap": "Last lap! {name} leads",
    "announce.winner": "{name} wins the race!",
    "tell.pit_plan": (
        "Pit plan announced: {points} points for the crew, worked off with gear-4 rolls at the box: about {rounds} "
        "game rounds standing."
    ),
    "tell.late_plan": "No pit plan was announced before the roll into the box: the crew's work costs {n} points more.",
    "tell.blocked": (
        "Blocked by the cars ahead, {spaces} short of the roll: that costs {brakes} brake and {tyres} tyre WP."
    ),
    "hint.button": "Hint ({shortcut})",
    "hint.pick": "A Champion would take gear {gear}: {reason}",
    "hint.only": "it is the only gear allowed now.",
    "hint.higher_out": "gear {higher} could put you out of the race this turn ({p}).",
    "hint.higher_over": "gear {higher} could fly out of the corner this turn ({p}).",
    "hint.higher_drop": (
        "after gear {higher} only gear {safe} or lower would stop in the next corner, a skip down costing {n} WP."
    ),
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
    "blitz.about": (
        "Each car has 6 tyre, 1 fuel, 1 body and 1 engine WP, no brakes and no road holding. The first to win 2 "
        "heats wins the match; each player starts once from the pole, a third heat starts level. A player out of "
        "time stops where the car stands and the other drives on alone; the car that got furthest wins the heat."
    ),
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
}
