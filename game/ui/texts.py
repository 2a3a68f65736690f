"""Every player-visible string, in English and German.

``STRINGS[language][key]`` holds the interface; ``REASONS[language][code]``
the rules' reasons, with the same placeholders as ``rules.reasons.TEMPLATES``
(the English reference wording). Keys are grouped by the screen that shows
them.
"""

from __future__ import annotations

from game.ui import texts_modules, texts_qualifying
from rules.reasons import TEMPLATES, Code

_PAIRS: dict[str, tuple[str, str]] = {
    # --- common -------------------------------------------------------------
    "app.title": ("Formula D", "Formula D"),
    "button.back": ("Back", "Zurück"),
    "toggle.on": ("On", "An"),
    "toggle.off": ("Off", "Aus"),
    "lang.en": ("English", "English"),
    "lang.de": ("Deutsch", "Deutsch"),
    "notice.dismiss": ("Click to close", "Klicken zum Schließen"),
    # --- notices ----------------------------------------------------------------
    "notice.settings_unreadable": (
        "Your settings file {path} could not be read ({detail}); the default settings are used.",
        "Die Einstellungsdatei {path} ließ sich nicht lesen ({detail}); es gelten die Standardeinstellungen.",
    ),
    "notice.settings_not_json": (
        "Your settings file {path} is damaged (not valid JSON: {detail}); the default settings are used.",
        "Die Einstellungsdatei {path} ist beschädigt (kein gültiges JSON: {detail}); es gelten die Standardeinstellungen.",
    ),
    "notice.settings_invalid": (
        "Your settings file {path} has an invalid value for “{field}”; the default settings are used.",
        "Die Einstellungsdatei {path} hat einen ungültigen Wert für „{field}“; es gelten die Standardeinstellungen.",
    ),
    "notice.settings_not_saved": (
        "The settings could not be saved: {detail}",
        "Die Einstellungen ließen sich nicht speichern: {detail}",
    ),
    "notice.save_corrupt": (
        "The saved race could not be read: {detail}",
        "Das gespeicherte Rennen ließ sich nicht lesen: {detail}",
    ),
    "notice.save_fallback": (
        "The previous save was loaded instead; it is kept as it was.",
        "Stattdessen wurde der vorige Spielstand geladen; er bleibt unverändert erhalten.",
    ),
    "notice.save_nothing": (
        "No saved race could be read; your files were left as they are.",
        "Kein gespeichertes Rennen ließ sich lesen; die Dateien bleiben unverändert.",
    ),
    "notice.save_failed": (
        "The race could not be saved: {detail}",
        "Das Rennen ließ sich nicht speichern: {detail}",
    ),
    "notice.save_track_missing": (
        "The track “{track}” of the saved race is not in the maps folder (or was changed).",
        "Die Strecke „{track}“ des gespeicherten Rennens fehlt im Ordner maps (oder wurde geändert).",
    ),
    "notice.crash": (
        "Something went wrong ({detail}). The race is saved after every move; you are back in the menu.",
        "Etwas ist schiefgegangen ({detail}). Das Rennen wird nach jedem Zug gespeichert; zurück im Menü.",
    ),
    # --- main menu --------------------------------------------------------------
    "menu.subtitle": (
        "The racing board game for 2 to 10 drivers at one computer",
        "Das Rennspiel für 2 bis 10 Fahrer an einem Computer",
    ),
    "menu.new_race": ("New race", "Neues Rennen"),
    "menu.continue": ("Continue race", "Rennen fortsetzen"),
    "menu.gallery": ("Track gallery", "Streckengalerie"),
    "menu.settings": ("Settings", "Einstellungen"),
    "menu.quit": ("Quit", "Beenden"),
    "menu.footer": ("F11: fullscreen", "F11: Vollbild"),
    # --- race set-up ----------------------------------------------------------------
    "setup.title": ("New race", "Neues Rennen"),
    "setup.track": ("Track", "Strecke"),
    "setup.laps": ("Laps", "Runden"),
    "setup.rules": ("Rules", "Regeln"),
    "setup.modules": ("Modules…", "Module …"),
    "setup.modules.about": (
        "Switch single rule modules of this preset on or off.",
        "Einzelne Regelmodule dieser Voreinstellung an- oder abschalten.",
    ),
    "setup.preset_changed": ("{preset} (changed)", "{preset} (geändert)"),
    "setup.teams_odd": (
        "A team race needs an even number of drivers, not {n}.",
        "Ein Teamrennen braucht eine gerade Zahl von Fahrern, nicht {n}.",
    ),
    "setup.drivers": ("Drivers", "Fahrer"),
    "setup.add_driver": ("+ Add driver", "+ Fahrer hinzufügen"),
    "setup.remove_driver": ("Remove this driver", "Diesen Fahrer entfernen"),
    "setup.colour_hint": ("Click for the next free colour", "Klicken für die nächste freie Farbe"),
    "setup.number_hint": ("Car number: click for the next free one", "Startnummer: klicken für die nächste freie"),
    "setup.kind_hint": ("Click to switch between human and computer", "Klicken: Mensch oder Computer"),
    "setup.name_hint": ("Click and type a name", "Klicken und Namen tippen"),
    "setup.next": ("Next: cars", "Weiter: Autos"),
    "setup.room": ("Room for {n} drivers on this track.", "Platz für {n} Fahrer auf dieser Strecke."),
    "setup.broken": ("This track cannot be loaded:", "Diese Strecke lässt sich nicht laden:"),
    "setup.loading": ("Loading the track…", "Die Strecke wird geladen …"),
    "setup.no_tracks": ("No tracks found in the maps folder.", "Keine Strecken im Ordner maps gefunden."),
    "driver.human": ("Human", "Mensch"),
    "driver.careful": ("Computer, careful", "Computer, vorsichtig"),
    "driver.aggressive": ("Computer, aggressive", "Computer, angriffslustig"),
    "preset.fd-basic": ("Formula D basic game", "Formula D Grundspiel"),
    "preset.fd-basic.about": (
        "The 2008 basic game: every car has the same wear points.",
        "Das Grundspiel von 2008: alle Autos haben dieselben Verschleißpunkte.",
    ),
    # --- track facts --------------------------------------------------------------------
    "facts.lanes": ("{n} lanes", "{n} Spuren"),
    "facts.lap": ("Lap: {spaces} spaces", "Runde: {spaces} Felder"),
    "facts.corners": ("{n} corners", "{n} Kurven"),
    "facts.corner_1": ("{label}: 1 stop", "{label}: 1 Stopp"),
    "facts.corner_n": ("{label}: {n} stops", "{label}: {n} Stopps"),
    "facts.pit": ("Pit lane with {n} boxes", "Boxengasse mit {n} Boxen"),
    "facts.no_pit": ("No pit lane", "Keine Boxengasse"),
    "facts.laps": ("{n} laps usually", "üblich: {n} Runden"),
    "facts.weather": (
        "Weather (black die): sun {sun} · variable {variable} · rain {rain}",
        "Wetter (schwarzer Würfel): Sonne {sun} · wechselhaft {variable} · Regen {rain}",
    ),
    # --- car set-up ---------------------------------------------------------------------
    "carsetup.title": ("Cars", "Autos"),
    "carsetup.fixed": (
        "In the {preset} every car starts with these wear points (WP).",
        "Im {preset} startet jedes Auto mit diesen Verschleißpunkten (VP).",
    ),
    "carsetup.build": (
        "Plan each human driver's car ({total} WP); you can still change it once the race weather is known.",
        "Plant die Autos der Menschen ({total} VP); wenn das Rennwetter feststeht, lässt es sich noch ändern.",
    ),
    "carsetup.car_of": ("{name}'s car", "Auto von {name}"),
    "carsetup.total": ("{points} of {total} WP", "{points} von {total} VP"),
    "carsetup.default": ("Default", "Standard"),
    "carsetup.computers": (
        "Computer drivers use the default car.",
        "Computerfahrer fahren das Standardauto.",
    ),
    "carsetup.start": ("Start race", "Rennen starten"),
    "carsetup.fix_first": ("Fix the set-ups first:", "Erst die Aufteilung korrigieren:"),
    "area.tyres": ("Tyres", "Reifen"),
    "area.brakes": ("Brakes", "Bremsen"),
    "area.gearbox": ("Gearbox", "Getriebe"),
    "area.fuel": ("Fuel", "Benzin"),
    "area.body": ("Body", "Karosserie"),
    "area.engine": ("Engine", "Motor"),
    "area.road_holding": ("Road holding", "Straßenlage"),
    "area_short.tyres": ("T", "R"),
    "area_short.brakes": ("B", "B"),
    "area_short.gearbox": ("G", "G"),
    "area_short.fuel": ("F", "Bz"),
    "area_short.body": ("Bo", "K"),
    "area_short.engine": ("E", "M"),
    "area_short.road_holding": ("RH", "S"),
    "word.area.tyres": ("tyre", "Reifen"),
    "word.area.brakes": ("brake", "Bremsen"),
    "word.area.gearbox": ("gearbox", "Getriebe"),
    "word.area.fuel": ("fuel", "Benzin"),
    "word.area.body": ("body", "Karosserie"),
    "word.area.engine": ("engine", "Motor"),
    "word.area.road_holding": ("road-holding", "Straßenlage"),
    "action.roll": ("roll", "zu würfeln"),
    "action.gear": ("choose a gear", "einen Gang zu wählen"),
    "action.move": ("move", "zu fahren"),
    "die.gear": ("gear {gear} die", "Würfel für Gang {gear}"),
    "die.black": ("black die", "schwarzer Würfel"),
    # --- race -------------------------------------------------------------------------
    "race.round": ("Round {round}", "Spielrunde {round}"),
    "race.grid_rolls": ("Rolling for the grid", "Auswürfeln der Startaufstellung"),
    "race.start_rolls": ("Start", "Start"),
    "race.lap": ("Lap {lap}/{laps}", "Runde {lap}/{laps}"),
    "race.lap_gap": ("Lap {lap}/{laps} · +{n}", "Runde {lap}/{laps} · +{n}"),
    "race.banner": ("{name}'s turn", "{name} ist dran"),
    "race.banner_hint": ("Click or press Enter to start", "Klicken oder Enter drücken"),
    "race.fit": ("Fit (F)", "Ganz (F)"),
    "race.follow": ("Follow (C): {state}", "Folgen (C): {state}"),
    "race.menu": ("Menu (Esc)", "Menü (Esc)"),
    "race.speed": ("Speed (S): {speed}", "Tempo (S): {speed}"),
    "race.help": (
        "Drag/arrows: pan · wheel, +/-: zoom · F: fit · C: follow · S: speed · F11: fullscreen · Esc: menu",
        "Ziehen/Pfeile: schieben · Rad, +/-: zoomen · F: ganz · C: folgen · S: Tempo · F11: Vollbild · Esc: Menü",
    ),
    "race.hint.gear": (
        "Choose a gear: click the shifter or a row, or press 1–6.",
        "Gang wählen: Schaltung oder Zeile anklicken oder 1–6 drücken.",
    ),
    "race.hint.roll": (
        "Roll the {die}: click it or press Space. Backspace takes the gear back.",
        "{die} werfen: anklicken oder Leertaste. Rücktaste nimmt den Gang zurück.",
    ),
    "race.hint.move": (
        "Click a highlighted space. B = brake WP, T = tyre WP, red = out of the race.",
        "Ein markiertes Feld anklicken. B = Brems-VP, R = Reifen-VP, rot = Ausscheiden.",
    ),
    "race.hint.computer": ("{name} is driving…", "{name} fährt …"),
    "race.hint.computer_setup": ("{name} sets up the car…", "{name} stellt das Auto ein …"),
    "race.hint.computer_pit": ("{name}'s crew is at work…", "Die Crew von {name} arbeitet …"),
    "race.hint.dice": ("Rolling…", "Es wird gewürfelt …"),
    "race.hint.done": ("The race is over.", "Das Rennen ist aus."),
    "race.roll": ("Roll (Space)", "Würfeln (Leertaste)"),
    "race.undo": ("Undo gear (Backspace)", "Gang zurück (Rücktaste)"),
    "race.out_of_reach": (
        "{space} is out of reach with {value} spaces to drive.",
        "{space} ist mit {value} Feldern nicht erreichbar.",
    ),
    "race.not_a_space": ("Click a highlighted space.", "Ein markiertes Feld anklicken."),
    "race.why_not": ("Not {space}: {reason}", "Nicht {space}: {reason}"),
    "race.choose_way": ("Several ways end on {space}:", "Mehrere Wege enden auf {space}:"),
    "cost.free": ("no WP", "keine VP"),
    "cost.brakes": ("{n} brake WP", "{n} Brems-VP"),
    "cost.tyres": ("{n} tyre WP", "{n} Reifen-VP"),
    "cost.checks.1": ("1 road-holding check", "1 Straßenlage-Probe"),
    "cost.checks.n": ("{n} road-holding checks", "{n} Straßenlage-Proben"),
    "cost.stop": ("stop {stops}/{required} in {corner}", "Stopp {stops}/{required} in {corner}"),
    "cost.spin": ("spin!", "Dreher!"),
    "cost.pit": ("into the box", "in die Box"),
    "cost.finish": ("crosses the finish", "fährt ins Ziel"),
    "cost.blocked": ("blocked", "blockiert"),
    "cost.out": ("out of the race: {reason}", "scheidet aus: {reason}"),
    "cost.out_short": ("OUT", "AUS"),
    "cost.brakes_short": ("B{n}", "B{n}"),
    "cost.tyres_short": ("T{n}", "R{n}"),
    "cost.stay": ("stays on {space}", "bleibt auf {space}"),
    "gear.title": ("Gear box", "Schaltung"),
    "gear.col_gear": ("Gear", "Gang"),
    "gear.col_spaces": ("Spaces", "Felder"),
    "gear.col_stop": ("Stop", "Stopp"),
    "gear.col_over": ("Over", "Raus"),
    "gear.col_out": ("Out", "Aus"),
    "gear.col_cost": ("Cost", "Kosten"),
    "gear.legend": (
        "Stop: ends in the coming corner · Over: flies out of it · Out: eliminated",
        "Stopp: endet in der Kurve · Raus: fliegt hinaus · Aus: scheidet aus",
    ),
    "gear.cost_none": ("–", "–"),
    "gear.cost": ("−{n} {area}", "−{n} {area}"),
    "gear.current": ("Now in gear {gear}", "Jetzt im Gang {gear}"),
    "gear.neutral": ("Not started yet", "Noch nicht gestartet"),
    "dash.corner": ("{corner}: stop {stops}/{required}", "{corner}: Stopp {stops}/{required}"),
    "dash.straight": ("On a straight", "Auf der Geraden"),
    "dash.grid": ("Waiting for the grid", "Wartet auf die Startaufstellung"),
    "dash.pit": ("In the pit lane", "In der Boxengasse"),
    "dash.gear_n": ("Gear {gear}", "Gang {gear}"),
    "dash.spun": ("Spun: restarts in gear 1", "Dreher: fährt in Gang 1 weiter"),
    "dash.finished": ("Finished, place {place}", "Im Ziel, Platz {place}"),
    "dash.out": ("Out of the race", "Ausgeschieden"),
    "purpose.gear": ("move", "Zug"),
    "purpose.grid": ("grid position", "Startplatz"),
    "purpose.start": ("start", "Start"),
    "purpose.collision": ("collision check", "Kollisionsprobe"),
    "purpose.engine": ("engine check", "Motorprobe"),
    "purpose.road_holding": ("road-holding check", "Straßenlage-Probe"),
    "purpose.pit": ("pit stop", "Boxenstopp"),
    "purpose.weather": ("weather", "Wetter"),
    "dice.spaces.1": ("1 space", "1 Feld"),
    "dice.spaces.n": ("{n} spaces", "{n} Felder"),
    "dice.passed": ("passed", "bestanden"),
    "dice.failed": ("−{n} {area} WP", "−{n} VP {area}"),
    "dice.start.stall": ("stalled!", "abgewürgt!"),
    "dice.start.normal": ("normal start", "normaler Start"),
    "dice.start.dream": ("dream start!", "Traumstart!"),
    "dice.pit_fast": ("fast stop", "schneller Stopp"),
    "dice.pit_slow": ("slow stop", "langsamer Stopp"),
    "dice.caption": ("{name}: {purpose}", "{name}: {purpose}"),
    "standings.title": ("Running order", "Reihenfolge"),
    "standings.finished": ("finished", "im Ziel"),
    "standings.out": ("out", "raus"),
    "standings.grid": ("grid", "Start"),
    "log.title": ("Race log", "Rennverlauf"),
    "log.grid": ("Starting grid: {order}", "Startaufstellung: {order}"),
    "log.start.stall": ("{name} stalls and misses round 1.", "{name} würgt ab und setzt Runde 1 aus."),
    "log.start.normal": ("{name} starts normally.", "{name} startet normal."),
    "log.start.dream": ("{name} makes a dream start!", "{name} erwischt einen Traumstart!"),
    "log.gear": ("{name} shifts to gear {gear}.", "{name} schaltet in Gang {gear}."),
    "log.gear_cost": ("{name} shifts to gear {gear} and pays {cost}.", "{name} schaltet in Gang {gear} und zahlt {cost}."),
    "log.roll": ("{name} rolls {value} with the {die}.", "{name} würfelt {value} mit dem {die}."),
    "log.moved.1": ("{name} drives 1 space to {space}.", "{name} fährt 1 Feld bis {space}."),
    "log.moved.n": ("{name} drives {n} spaces to {space}.", "{name} fährt {n} Felder bis {space}."),
    "log.stayed": ("{name} cannot move.", "{name} kommt nicht weiter."),
    "log.cost_item": ("{n} {area} WP", "{n} VP {area}"),
    "log.wear": ("{name} loses {lost} {area} WP ({left} left).", "{name} verliert {lost} VP {area} (noch {left})."),
    "log.check": ("{name}: {purpose}, black die {value}.", "{name}: {purpose}, schwarzer Würfel {value}."),
    "log.collision": ("{name} collides.", "{name} kollidiert."),
    "log.spin": ("{name} spins on {space}!", "{name} dreht sich auf {space}!"),
    "log.marker": ("Damage marker on {space}.", "Schadensmarker auf {space}."),
    "log.out": ("{name} is out: {reason}", "{name} scheidet aus: {reason}"),
    "log.pit_in": ("{name} is in the pit lane: tyres back to {tyres}.", "{name} ist in der Boxengasse: Reifen wieder auf {tyres}."),
    "log.pit_fast": ("{name}: fast pit stop ({value}).", "{name}: schneller Boxenstopp ({value})."),
    "log.pit_slow": ("{name}: slow pit stop ({value}), waits a round.", "{name}: langsamer Boxenstopp ({value}), wartet eine Runde."),
    "log.lap": ("{name} crosses the line.", "{name} überquert die Ziellinie."),
    "log.finish": ("{name} finishes in place {place}!", "{name} kommt als {place}. ins Ziel!"),
    "log.undo": ("{name} takes the gear back.", "{name} nimmt den Gang zurück."),
    "log.round": ("Round {round}", "Spielrunde {round}"),
    "log.race_over": ("The race is over.", "Das Rennen ist aus."),
    # --- pause -------------------------------------------------------------------------
    "pause.title": ("Paused", "Pause"),
    "pause.resume": ("Resume", "Weiter"),
    "pause.settings": ("Settings", "Einstellungen"),
    "pause.leave": ("Save and leave to the menu", "Speichern und zum Menü"),
    "pause.saved": ("The race is saved after every move.", "Das Rennen wird nach jedem Zug gespeichert."),
    # --- results -----------------------------------------------------------------------
    "results.title": ("Results", "Ergebnis"),
    "results.winner": ("{name} wins!", "{name} gewinnt!"),
    "results.no_winner": ("Nobody reached the finish.", "Niemand hat das Ziel erreicht."),
    "results.pos": ("Pos.", "Pl."),
    "results.driver": ("Driver", "Fahrer"),
    "results.laps": ("Laps", "Runden"),
    "results.status": ("Result", "Ergebnis"),
    "results.finished": ("Finished", "Im Ziel"),
    "results.running": ("Still racing", "Noch im Rennen"),
    "results.out": ("Out: {reason}", "Aus: {reason}"),
    "results.back": ("Back to the menu", "Zurück zum Menü"),
    # --- settings ---------------------------------------------------------------------
    "settings.title": ("Settings", "Einstellungen"),
    "settings.language": ("Language", "Sprache"),
    "settings.volume": ("Volume", "Lautstärke"),
    "settings.mute": ("Sound", "Ton"),
    "settings.speed": ("Animation speed", "Animationstempo"),
    "settings.fullscreen": ("Fullscreen", "Vollbild"),
    "settings.no_sound": ("No sound device found: the game is silent.", "Kein Audiogerät gefunden: das Spiel bleibt stumm."),
    "speed.1": ("slow", "langsam"),
    "speed.2": ("normal", "normal"),
    "speed.3": ("fast", "schnell"),
    "speed.4": ("very fast", "sehr schnell"),
    "speed.5": ("instant", "sofort"),
    # --- gallery ------------------------------------------------------------------------
    "gallery.count": ("Track {i} of {n} · Tab: next", "Strecke {i} von {n} · Tab: nächste"),
    "gallery.help": (
        "Drag/arrows: pan · wheel: zoom · F: fit · Tab: next track · Esc: back",
        "Ziehen/Pfeile: schieben · Rad: zoomen · F: ganz · Tab: nächste Strecke · Esc: zurück",
    ),
    "gallery.space": ("Space {name}", "Feld {name}"),
    "gallery.lane": ("lane {lane}, row {row}", "Spur {lane}, Reihe {row}"),
    "gallery.pit": ("pit lane", "Boxengasse"),
    "gallery.box": ("pit lane, box {box}", "Boxengasse, Box {box}"),
    "gallery.straight": ("straight", "Gerade"),
}

_REASONS_DE: dict[Code, str] = {
    Code.UPSHIFT_SKIP: "Von Gang {current} nicht in Gang {target}: pro Zug nur einen Gang hoch.",
    Code.SIX_TO_ONE: "Vom 6. direkt in den 1. Gang zurückzuschalten ist nie erlaubt.",
    Code.SKIP_AREA_EMPTY: (
        "Von Gang {current} nicht in Gang {target}: ohne VP bei {area} nur ein Gang pro Zug herunter."
    ),
    Code.SKIP_COST_UNPAYABLE: (
        "Von Gang {current} nicht in Gang {target}: {skipped} Gang/Gänge zu überspringen kostet "
        "{needed} VP bei {area}, nur noch {available} übrig."
    ),
    Code.NOT_FROM_GEAR_ZERO: "Ein Auto in Gang 0 darf nur Gang {allowed} einlegen, nicht Gang {target}.",
    Code.SETUP_WRONG_TOTAL: "Die Aufteilung hat {total} VP; es müssen genau {required} sein.",
    Code.SETUP_BELOW_MINIMUM: "Zu wenige VP bei {area}: {points}, mindestens {minimum}.",
    Code.SETUP_ABOVE_MAXIMUM: "Zu viele VP bei {area}: {points}, höchstens {maximum}.",
    Code.SETUP_AREA_UNUSED: "Diese Regeln kennen den Bereich {area} nicht: 0 VP statt {points}.",
    Code.NOT_A_STEP: "Von {src} kommt ein Auto nicht in einem Schritt nach {dst}.",
    Code.CANNOT_BRAKE: "{spaces} Feld(er) früher anzuhalten kostet {spaces} Brems-VP; nur noch {brakes} übrig.",
    Code.BLOCKED_TOO_FAR: "{spaces} Felder vor dem Ziel blockiert: ab 7 Feldern scheidet das Auto aus.",
    Code.BLOCKED_UNPAID: (
        "{spaces} Feld(er) vor dem Ziel blockiert: das kostet {brakes} Brems- und {tyres} Reifen-VP, "
        "mehr als übrig, also scheidet das Auto aus."
    ),
    Code.MISSED_STOPS: "Wer {corner} nach {stops} von {required} Stopps verlässt, scheidet aus.",
    Code.TYRES_GONE: (
        "Aus der Kurve zu fliegen kostet {needed} Reifen-VP; nur noch {available} übrig, also scheidet das Auto aus."
    ),
    Code.SPIN_TOO_FAR: (
        "Der letzte Reifen-VP geht bei {spaces} Feldern zu weit: das Auto scheidet aus, statt sich zu drehen."
    ),
    Code.SPACE_OCCUPIED: "Feld {space} ist besetzt: Autos können nicht über oder auf ein anderes Auto fahren.",
    Code.NO_PIT_NOW: "Das Auto darf jetzt nicht in die Boxengasse abbiegen.",
    Code.NO_LANE_CHANGE_AFTER_OVERSHOOT: (
        "Nach dem Verlassen einer Kurve mit fehlendem Stopp darf das Auto die Spur nicht wechseln ({space})."
    ),
    Code.TOO_MANY_LANES: "Auf der Geraden höchstens zwei Spuren weg von der Startspur ({space}).",
    Code.NO_ZIGZAG: (
        "Ein Auto darf nicht aus seiner Spur und wieder zurück, außer um ein anderes Auto zu überholen ({space})."
    ),
    Code.NOT_NOW: "Jetzt ist nicht der Moment, {action}.",
    Code.NOT_A_FACE: "{value} ist keine Seite des Würfels ({die}).",
    Code.NO_SUCH_GEAR: "Gang {gear} gibt es nicht: Autos haben die Gänge 1 bis 6.",
    Code.PIT_GEAR_LIMIT: "Aus der Box höchstens Gang {limit}, nicht Gang {gear}.",
    Code.AREA_GONE: "Der letzte VP bei {area} ist weg: das Auto scheidet aus.",
    Code.NO_BRAKING_IN_PIT: (
        "In der Boxengasse wird nicht gebremst: das Auto kann nicht {spaces} Feld(er) früher halten, "
        "außer ein Auto davor ist im Weg."
    ),
    Code.NO_BRAKING_NOW: "Das Auto darf jetzt nicht bremsen: es muss alle {roll} Felder fahren.",
    Code.NO_LANE_CHANGE_ON_EXIT: "Ein Auto darf nach dem Verlassen einer Kurve die Spur nicht wechseln ({space}).",
    Code.SLIP_NEEDS_BRAKE: 'Ein Windschatten in eine Kurve kostet 1 Brems-VP, und das Auto hat keinen mehr ({space}).',
    Code.SLIP_SHAPE: 'Windschatten heißt: eine Spur raus und vorbei, zwei Felder geradeaus, oder zwei Spuren raus und eins geradeaus ({space}).',
    Code.SLIP_EMPTY: 'Ein Windschatten bringt das Auto mindestens ein Feld weiter.',
    Code.EXTRA_NOT_OFFERED: 'Das Auto kann jetzt nicht „{extra}“ fahren.',
    Code.BONUS_WHOLE_SPACE: 'Der Bonus der weichen Reifen ist ein ganzes Feld vorwärts oder nichts.',
    Code.TYRE_REQUIRED: 'Wähle die Reifen: hart, weich oder Regen.',
    Code.NO_TYRE_MODULE: 'Diese Regeln kennen keine Reifenwahl.',
    Code.NO_LONG_STOP: 'Diese Regeln kennen keinen langen Boxenstopp.',
    Code.REPAIR_NEEDS_LONG_STOP: 'Reparaturen gibt es nur beim langen Boxenstopp.',
    Code.REPAIR_TOO_MUCH: 'Die Crew kann {area} nicht {points} VP geben: nie mehr als die {setup} des Set-ups, und nie Reifen.',
    Code.RESERVE_TOO_SMALL: 'Die Reparaturen brauchen {needed} VP, in der Reserve sind nur noch {reserve}.',
    Code.REPAIR_TOO_MANY_AREAS: 'Ein technischer Stopp repariert höchstens {areas} Bereiche.',
    Code.NOT_YOUR_TURN: 'Jetzt ist nicht {car} dran, sondern {active}.',
    Code.NOT_SHORTEST: 'Auf der Geraden muss das Auto einen kürzesten Weg nehmen: {space} ist auf anderem Weg näher.',
}

LANGUAGES = ("en", "de")
_ALL_PAIRS = {**_PAIRS, **texts_qualifying.PAIRS, **texts_modules.PAIRS}
STRINGS: dict[str, dict[str, str]] = {
    lang: {key: pair[i] for key, pair in _ALL_PAIRS.items()} for i, lang in enumerate(LANGUAGES)
}
# The rules' English reference wording, where it reads well with translated area words.
_REASONS_EN: dict[Code, str] = {
    **TEMPLATES,
    Code.SETUP_BELOW_MINIMUM: "Too few {area} wear points: {points}, at least {minimum} required.",
    Code.SETUP_ABOVE_MAXIMUM: "Too many {area} wear points: {points}, at most {maximum} allowed.",
}
REASONS: dict[str, dict[Code, str]] = {"en": _REASONS_EN, "de": _REASONS_DE}
