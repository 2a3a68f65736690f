"""Every player-visible string in German, keyed as the code asks for it (``tr(key)``).

``STRINGS`` holds the interface, grouped by the screen that shows them; ``REASONS``
the rules' reasons by code, with the placeholders of ``rules.reasons.TEMPLATES``.
A test checks that every language has every key with the same placeholders.
"""

from __future__ import annotations

from rules.reasons import Code

STRINGS: dict[str, str] = {
    # --- common -------------------------------------------------------------
    "app.title": "Formula D",
    "button.back": "Zurück",
    "toggle.on": "An",
    "toggle.off": "Aus",
    "lang.en": "English",
    "lang.de": "Deutsch",
    "notice.dismiss": "Klicken zum Schließen",
    # --- notices ----------------------------------------------------------------
    "notice.settings_unreadable": (
        "Die Einstellungsdatei {path} ließ sich nicht lesen ({detail}); es gelten die "
        "Standardeinstellungen."
    ),
    "notice.settings_not_json": (
        "Die Einstellungsdatei {path} ist beschädigt (kein gültiges JSON: {detail}); es gelten die "
        "Standardeinstellungen."
    ),
    "notice.settings_invalid": (
        "Die Einstellungsdatei {path} hat einen ungültigen Wert für „{field}“: dafür gilt der "
        "Standardwert, alle anderen Einstellungen bleiben. Stelle ihn in den Einstellungen neu ein."
    ),
    "notice.lineup_unreadable": (
        "Die Datei der Rennaufstellung {path} ließ sich nicht lesen ({detail}); es gilt die "
        "Standardaufstellung."
    ),
    "notice.lineup_not_json": (
        "Die Datei der Rennaufstellung {path} ist beschädigt (kein gültiges JSON: {detail}); es gilt die "
        "Standardaufstellung."
    ),
    "notice.lineup_invalid": (
        "Die Datei der Rennaufstellung {path} hat einen ungültigen Wert für „{field}“: dafür gilt der "
        "Standardwert, alles andere bleibt. Prüfe ihn unter „Neues Rennen“."
    ),
    "notice.damaged_kept": "Die beschädigte Datei bleibt als {copy} erhalten; nichts darin geht verloren.",
    "notice.settings_not_saved": "Die Einstellungen ließen sich nicht speichern: {detail}",
    "notice.save_corrupt": "Das gespeicherte Rennen ließ sich nicht lesen: {detail}",
    "notice.save_fallback": "Stattdessen wurde der vorige Spielstand geladen; er bleibt unverändert erhalten.",
    "notice.save_nothing": "Kein gespeichertes Rennen ließ sich lesen; die Dateien bleiben unverändert.",
    "notice.save_failed": "Das Rennen ließ sich nicht speichern: {detail}",
    "notice.qualifying_resumed": (
        "Qualifikation fortgesetzt: Die Runde von {name} geht bei {time} weiter, der Zeit des letzten Zugs. "
        "Die Stoppuhr stand, solange das Spiel geschlossen war; diese Zeit zählt nicht."
    ),
    "notice.qualifying_resumed_next": (
        "Qualifikation fortgesetzt: {done} von {total} Runden sind gefahren, als Nächstes fährt {name}."
    ),
    "notice.save_not_a_file": (
        "{path} ist ein Ordner (oder keine gewöhnliche Datei) und kann das gespeicherte Rennen nicht "
        "aufnehmen; das Spiel nimmt den vorigen Spielstand, falls es einen gibt, und kann das Rennen erst "
        "speichern, wenn du {path} verschiebst oder löschst."
    ),
    "notice.save_track_missing": (
        "Die Strecke „{track}“ des gespeicherten Rennens fehlt im Ordner maps (oder wurde geändert)."
    ),
    "notice.crash": (
        "Etwas ist schiefgegangen ({detail}). Das Rennen wird nach jedem Zug gespeichert; zurück im "
        "Menü."
    ),
    # --- main menu --------------------------------------------------------------
    "menu.subtitle": "Das Rennspiel für 2 bis 10 Fahrer an einem Computer",
    "menu.new_race": "Neues Rennen",
    "menu.championship": "Meisterschaft",
    "menu.continue": "Rennen fortsetzen",
    "menu.gallery": "Streckengalerie",
    "menu.settings": "Einstellungen",
    "menu.quit": "Beenden",
    "menu.footer": "F11: Vollbild",
    # --- race set-up ----------------------------------------------------------------
    "setup.title": "Neues Rennen",
    "setup.title_series": "Neue Meisterschaft: Fahrer und Regeln",
    "setup.track": "Strecke",
    "setup.laps": "Runden",
    "setup.rules": "Regeln",
    "setup.modules": "Module …",
    "setup.modules.about": "Einzelne Regelmodule dieser Voreinstellung an- oder abschalten.",
    "setup.preset_changed": "{preset} (geändert)",
    "setup.teams_odd": "Ein Teamrennen braucht eine gerade Zahl von Fahrern, nicht {n}.",
    "setup.drivers": "Fahrer",
    "setup.add_driver": "+ Fahrer hinzufügen",
    "setup.remove_driver": "Diesen Fahrer entfernen",
    "setup.colour_hint": "Klicken für die nächste freie Farbe",
    "setup.number_hint": "Startnummer: klicken für die nächste freie",
    "setup.kind_hint": "Klicken: Mensch oder Computer",
    "setup.name_hint": "Klicken und Namen tippen",
    "setup.next": "Weiter: Autos",
    "setup.next_races": "Weiter: Rennen",
    "setup.laps_from_preset": "{preset} geht über {n} Runden: die Runden stehen auf {n}; − und + ändern sie.",
    "setup.room": "Platz für {n} Fahrer auf dieser Strecke.",
    "setup.broken": "Diese Strecke lässt sich nicht laden:",
    "track.not_a_file": (
        "{path} ist keine Streckendatei (ein Ordner oder ein Verweis ins Leere). Abhilfe: so umbenennen, "
        "dass der Name nicht auf .tmx endet, oder aus dem Ordner maps nehmen."
    ),
    "track.unreadable": (
        "{path}: Das Spiel kann diese Datei nicht lesen ({detail}). Abhilfe: eine lesbare Tiled-.tmx-Datei "
        "daraus machen oder sie aus dem Ordner maps nehmen."
    ),
    "setup.loading": "Die Strecke wird geladen …",
    "setup.no_tracks": "Keine Strecken im Ordner maps gefunden.",
    "driver.human": "Mensch",
    "driver.careful": "Computer, vorsichtig",
    "driver.aggressive": "Computer, angriffslustig",
    "preset.fd-basic": "Formula D Grundspiel",
    "preset.fd-basic.about": "Das Grundspiel von 2008: alle Autos haben dieselben Verschleißpunkte.",
    # --- track facts --------------------------------------------------------------------
    "facts.lanes": "{n} Spuren",
    "facts.lap": "Runde: {spaces} Felder",
    "facts.corners": "{n} Kurven",
    "facts.corner_1": "{label}: 1 Stopp",
    "facts.corner_n": "{label}: {n} Stopps",
    "facts.pit": "Boxengasse mit {n} Boxen",
    "facts.no_pit": "Keine Boxengasse",
    "facts.laps": "üblich: {n} Runden",
    "facts.weather": "Wetter (schwarzer Würfel): Sonne {sun} · wechselhaft {variable} · Regen {rain}",
    # --- car set-up ---------------------------------------------------------------------
    "carsetup.title": "Autos",
    "carsetup.fixed": "Im {preset} startet jedes Auto mit diesen Verschleißpunkten (VP).",
    "carsetup.build": (
        "Plant die Autos der Menschen ({total} VP); wenn das Rennwetter feststeht, lässt es sich noch "
        "ändern."
    ),
    "carsetup.car_of": "Auto von {name}",
    "carsetup.total": "{points} von {total} VP",
    "carsetup.total_reserve": "{points} VP im Auto, {reserve} in der Box: {total}",
    "carsetup.default": "Standard",
    "carsetup.computers": "Computerfahrer fahren das Standardauto.",
    "carsetup.start": "Rennen starten",
    "carsetup.fix_first": "Erst die Aufteilung korrigieren:",
    "area.tyres": "Reifen",
    "area.brakes": "Bremsen",
    "area.gearbox": "Getriebe",
    "area.fuel": "Benzin",
    "area.body": "Karosserie",
    "area.engine": "Motor",
    "area.road_holding": "Straßenlage",
    "area_short.tyres": "R",
    "area_short.brakes": "B",
    "area_short.gearbox": "G",
    "area_short.fuel": "Bz",
    "area_short.body": "K",
    "area_short.engine": "M",
    "area_short.road_holding": "S",
    "word.area.tyres": "Reifen",
    "word.area.brakes": "Bremsen",
    "word.area.gearbox": "Getriebe",
    "word.area.fuel": "Benzin",
    "word.area.body": "Karosserie",
    "word.area.engine": "Motor",
    "word.area.road_holding": "Straßenlage",
    "action.roll": "zu würfeln",
    "action.gear": "einen Gang zu wählen",
    "action.move": "zu fahren",
    "action.announce": "einen Boxenstopp anzusagen",
    "die.gear": "Würfel für Gang {gear}",
    "die.black": "schwarzer Würfel",
    # --- race -------------------------------------------------------------------------
    "race.round": "Spielrunde {round}",
    "race.grid_rolls": "Auswürfeln der Startaufstellung",
    "race.start_rolls": "Start",
    "race.lap": "Runde {lap}/{laps}",
    "race.lap_gap": "Runde {lap}/{laps} · +{n}",
    "race.banner": "{name} ist dran",
    "race.banner_hint": "Klicken oder Enter drücken",
    "race.fit": "Einpassen (F)",
    "board.pit_lane": "BOXENGASSE",
    "race.follow": "Folgen (C): {state}",
    "race.menu": "Menü (Esc)",
    "race.speed": "Tempo (S): {speed}",
    "race.help": (
        "Ziehen/Pfeile: schieben · Rad, +/-: zoomen · F: einpassen · C: folgen · S: Tempo · Tab: Computer "
        "vorspulen · F11: Vollbild · Esc: Menü"
    ),
    "race.flags.stops": "Gelb {n}: Pflichtstopps",
    "race.flags.shortest": "Rot {n}: Felder auf dem kürzesten Weg hindurch",
    "race.flags.longest": "Grün {n}: Felder auf dem längsten Weg hindurch",
    "race.hint.gear": "Gang wählen: Schaltung oder Zeile anklicken oder 1–6 drücken.",
    "race.hint.roll": "{die} werfen: anklicken oder Leertaste. Rücktaste nimmt den Gang zurück.",
    "race.hint.move": "Ein markiertes Feld anklicken. B = Brems-VP, R = Reifen-VP, rot = Ausscheiden.",
    "race.hint.computer": "{name} fährt …",
    "race.hint.computer_setup": "{name} stellt das Auto ein …",
    "race.hint.computer_pit": "Die Crew von {name} arbeitet …",
    "race.hint.dice": "Es wird gewürfelt …",
    "race.hint.done": "Das Rennen ist aus.",
    "race.roll": "Würfeln (Leertaste)",
    "race.undo": "Gang zurück (Rücktaste)",
    "race.out_of_reach": "{space} ist mit {value} Feldern nicht erreichbar.",
    "race.not_a_space": "Ein markiertes Feld anklicken.",
    "race.why_not": "Nicht {space}: {reason}",
    "race.choose_way": "Mehrere Wege enden auf {space}:",
    "cost.free": "keine VP",
    "cost.brakes": "{n} Brems-VP",
    "cost.tyres": "{n} Reifen-VP",
    "cost.checks.1": "1 Straßenlage-Probe",
    "cost.checks.n": "{n} Straßenlage-Proben",
    "cost.stop": "Stopp {stops}/{required} in {corner}",
    "cost.spin": "Dreher!",
    "cost.pit": "in die Box",
    "cost.finish": "fährt ins Ziel",
    "cost.blocked": "blockiert",
    "cost.out": "scheidet aus: {reason}",
    "cost.out_short": "AUS",
    "cost.brakes_short": "−{n} Br",
    "cost.tyres_short": "−{n} Rf",
    "cost.stay": "bleibt auf {space}",
    "gear.title": "Schaltung",
    "gear.col_gear": "Gang",
    "gear.col_spaces": "Felder",
    "gear.col_stop": "Stopp",
    "gear.col_over": "Raus",
    "gear.col_out": "Aus",
    "gear.col_cost": "Kosten",
    "gear.die_range": "(Würfel {range}: Reifen, Fahrerprofil oder Boost ändern das)",
    "gear.legend": "Stopp: endet in der Kurve · Raus: fliegt hinaus · Aus: scheidet aus",
    "gear.cost_none": "–",
    "gear.cost": "−{n} {area}",
    "gear.current": "Jetzt im Gang {gear}",
    "gear.neutral": "Noch nicht gestartet",
    "dash.corner": "{corner}: Stopp {stops}/{required}",
    "dash.straight": "Auf der Geraden",
    "dash.grid": "Wartet auf die Startaufstellung",
    "dash.pit": "In der Boxengasse",
    "dash.gear_n": "Gang {gear}",
    "dash.spun": "Dreher: fährt in Gang 1 weiter",
    "dash.finished": "Im Ziel, Platz {place}",
    "dash.out": "Ausgeschieden",
    "purpose.gear": "Zug",
    "purpose.grid": "Startplatz",
    "purpose.start": "Start",
    "purpose.collision": "Kollisionsprobe",
    "purpose.engine": "Motorprobe",
    "purpose.road_holding": "Straßenlage-Probe",
    "purpose.pit": "Boxenstopp",
    "purpose.weather": "Wetter",
    "dice.spaces.1": "1 Feld",
    "dice.spaces.n": "{n} Felder",
    "dice.held": "misslingt, außer Karma hilft",
    "dice.passed": "bestanden",
    "dice.failed": "−{n} VP {area}",
    "dice.start.stall": "abgewürgt!",
    "dice.start.stall_turn": "abgewürgt: kein Zug jetzt",
    "dice.start.normal": "normaler Start",
    "dice.start.dream": "Traumstart!",
    "dice.pit_fast": "schneller Stopp",
    "dice.pit_slow": "langsamer Stopp",
    "dice.caption": "{name}: {purpose}",
    "standings.title": "Reihenfolge",
    "standings.finished": "im Ziel",
    "standings.out": "raus",
    "standings.grid": "Start",
    "log.title": "Rennverlauf",
    "log.back": "{n} Zeilen zurück · Rad nach unten: neueste",
    "log.grid": "Startaufstellung: {order}",
    "log.start.stall": "{name} würgt ab und setzt Runde 1 aus.",
    "log.start.normal": "{name} startet normal.",
    "log.start.dream": "{name} erwischt einen Traumstart!",
    "log.start.stall_turn": "{name} würgt ab: kein Zug jetzt, nächste Runde im 1. Gang.",
    "log.gear": "{name} schaltet in Gang {gear}.",
    "log.gear_cost": "{name} schaltet in Gang {gear} und zahlt {cost}.",
    "log.roll": "{name} würfelt {value} mit dem {die}.",
    "log.moved.1": "{name} fährt 1 Feld bis {space}.",
    "log.moved.n": "{name} fährt {n} Felder bis {space}.",
    "log.stayed": "{name} kommt nicht weiter.",
    "log.cost_item": "{n} VP {area}",
    "log.wear": "{name} verliert {lost} VP {area} (noch {left}).",
    "log.check": "{name}: {purpose}, schwarzer Würfel {value}.",
    "log.collision": "{name} kollidiert.",
    "log.spin": "{name} dreht sich auf {space}!",
    "log.marker": "Schadensmarker auf {space}.",
    "log.out": "{name} scheidet aus: {reason}",
    "log.pit_in": "{name} ist in der Boxengasse: Reifen wieder auf {tyres}.",
    "log.pit_fast": "{name}: schneller Boxenstopp ({value}).",
    "log.pit_slow": "{name}: langsamer Boxenstopp ({value}), wartet eine Runde.",
    "log.lap": "{name} überquert die Ziellinie.",
    "log.finish": "{name} kommt als {place}. ins Ziel!",
    "log.undo": "{name} nimmt den Gang zurück.",
    "log.round": "Spielrunde {round}",
    "log.race_over": "Das Rennen ist aus.",
    "log.fuel": "{name} verlässt die letzte Kurve: 1 VP Benzin (noch {left}).",
    "log.fuel_empty": "{name} hat kein Benzin mehr und rollt aus, jeden Zug einen Gang tiefer.",
    "log.boost": "{name} gibt Motor-Boost: +{spaces} Felder für 1 VP Motor.",
    "log.wreck": "Das Wrack auf {space} wird von der Strecke geräumt.",
    "log.tcar": "{name} fährt im T-Car weiter.",
    "log.tcar_declined": "{name} verzichtet auf das T-Car.",
    "log.restart": "Rote Flagge: die Strecke ist blockiert. Das Rennen wird neu gestartet.",
    "log.restart_full": "Rote Flagge: die Strecke ist blockiert. Das ganze Rennen startet neu vom Startplatz.",
    # --- pause -------------------------------------------------------------------------
    "pause.title": "Pause",
    "pause.resume": "Weiter",
    "pause.settings": "Einstellungen",
    "pause.leave": "Speichern und zum Menü",
    "pause.saved": "Das Rennen wird nach jedem Zug gespeichert.",
    # --- quit ------------------------------------------------------------------------
    "quit.title": "Formula D beenden?",
    "quit.stay": "Bleiben (Esc)",
    "quit.quit": "Beenden (Enter)",
    "quit.saved": "Dein Rennen ist gespeichert: „Rennen fortsetzen“ im Menü macht beim nächsten Mal dort weiter.",
    "quit.keys": "Einstellungen und Rundenrekorde bleiben erhalten.",
    # --- results -----------------------------------------------------------------------
    "results.title": "Ergebnis",
    "results.winner": "{name} gewinnt!",
    "results.no_winner": "Niemand hat das Ziel erreicht.",
    "results.pos": "Pl.",
    "results.driver": "Fahrer",
    "results.laps": "Runden",
    "results.status": "Ergebnis",
    "results.finished": "Im Ziel",
    "results.running": "Noch im Rennen",
    "results.out": "Aus: {reason}",
    "results.back": "Zurück zum Menü",
    "results.standings": "Meisterschaftswertung",
    "results.series": "{name}, Rennen {n}",
    # championships: the list and a new one's races and teams
    "series.list_title": "Meisterschaften",
    "series.none": "Noch keine Meisterschaft: beginne eine mit Neue Meisterschaft.",
    "series.new": "Neue Meisterschaft",
    "series.open": "Wertung und nächstes Rennen",
    "series.final": "Endstand",
    "series.delete": "Löschen",
    "series.really": "Wirklich löschen?",
    "series.col_name": "Meisterschaft",
    "series.col_races": "Rennen",
    "series.title": "Neue Meisterschaft: Rennen und Teams",
    "series.name": "Name",
    "series.default_name": "Meisterschaft {rules}",
    "series.create": "Anlegen",
    "series.points": "Punkte: {table}",
    "series.league_points": "Punkte: {table}",
    "series.races": "Rennen der Reihe nach ({n})",
    "series.add": "+ Rennen dazu",
    "series.track_hint": "Klick für die nächste Strecke.",
    "series.no_tracks": "Füge mindestens ein Rennen hinzu.",
    "series.teams": "Teams (bis zu 2 Fahrer)",
    "series.no_team": "Kein Team",
    "series.team_n": "Team {n}",
    "scheme.season": "10-8-6-5-4-3-2-1 der Saison ab 2 Runden, 2 Streichresultate",
    "scheme.open": "1000-800-...-100 des Open ab 2 Runden, 100 für die Pole",
    "scheme.f1": "10-8-6-5-4-3-2-1",
    "scheme.f1-modern": "25-18-15-12-10-8-6-4-2-1",
    # championships: the standings
    "season.title": "Meisterschaft",
    "season.missing": "Diese Meisterschaft ist nicht mehr im Datenordner.",
    "season.tab.drivers": "Fahrer",
    "season.tab.teams": "Konstrukteure",
    "season.tab.chart": "Punkteverlauf",
    "season.csv": "CSV exportieren",
    "season.csv_saved": "Gespeichert als {path}",
    "season.csv_failed": "{path} konnte nicht geschrieben werden: {why}",
    "season.next": "Saison beendet",
    "season.next_race": "Rennen {n}: {track}",
    "season.track_missing": "Die Strecke des nächsten Rennens, {track}, fehlt im Kartenordner.",
    "season.champion": "Meister: {name}",
    "season.after": "Nach {n} von {of} Rennen · {rules}",
    "season.team": "Team",
    "season.drivers": "Fahrer",
    "season.pair": "{a} & {b}",
    "season.total": "Gesamt",
    "season.counted": "Gewertet",
    "season.race_n": "R{n}",
    "season.drop_hint": "{n} Ergebnisse je Fahrer sind Streichresultate (in Klammern). Klick auf ein Ergebnis streicht stattdessen dieses, bis zum letzten Rennen.",
    # --- settings ---------------------------------------------------------------------
    "settings.title": "Einstellungen",
    "settings.language": "Sprache",
    "settings.volume": "Lautstärke",
    "settings.mute": "Ton",
    "settings.speed": "Animationstempo",
    "settings.fullscreen": "Vollbild",
    "settings.no_sound": "Kein Audiogerät gefunden: das Spiel bleibt stumm.",
    "speed.1": "langsam",
    "speed.2": "normal",
    "speed.3": "schnell",
    "speed.4": "sehr schnell",
    "speed.5": "sofort",
    # --- gallery ------------------------------------------------------------------------
    "gallery.count": "Strecke {i} von {n} · Tab: nächste",
    "gallery.help": "Ziehen/Pfeile: schieben · Rad: zoomen · F: einpassen · Tab: nächste Strecke · Esc: zurück",
    "gallery.space": "Feld {name}",
    "gallery.lane": "Spur {lane}, Reihe {row}",
    "gallery.pit": "Boxengasse",
    "gallery.box": "Boxengasse, Box {box}",
    "gallery.straight": "Gerade",

    # === qualifying, grid, time trial, lap records ===
    # --- the records database ---------------------------------------------------------
    "notice.records_corrupt": (
        "Die Rundenrekord-Datei {path} ließ sich nicht lesen; sie wurde als {kept} aufbewahrt und eine "
        "neue, leere angelegt."
    ),
    "notice.records_unavailable": (
        "Rundenrekorde lassen sich nicht in {path} speichern ({detail}); die Runden dieser Sitzung "
        "bleiben bis zum Beenden erhalten."
    ),
    "notice.records_readonly": (
        "Die Rundenrekord-Datei {path} ist schreibgeschützt ({detail}); neue Runden werden nicht "
        "gespeichert."
    ),
    "notice.records_not_saved": "Die Runde ließ sich nicht in die Rekorde eintragen: {detail}",
    "notice.records_unreadable": "Die Rundenrekorde ließen sich nicht lesen: {detail}",
    "notice.championships_corrupt": (
        "Die Meisterschafts-Datei {path} ließ sich nicht lesen; sie wurde als {kept} aufbewahrt und eine "
        "neue, leere angelegt."
    ),
    "notice.championships_newer": (
        "Die Meisterschafts-Datei {path} gehört zu einer neueren Version des Spiels und bleibt unverändert; "
        "die Meisterschaften dieser Sitzung bleiben bis zum Beenden erhalten."
    ),
    "notice.championships_unavailable": (
        "Meisterschaften lassen sich nicht in {path} speichern ({detail}); die Meisterschaften dieser "
        "Sitzung bleiben bis zum Beenden erhalten."
    ),
    "notice.championships_not_saved": "Die Meisterschaft ließ sich nicht speichern: {detail}",
    "notice.championships_unreadable": "Die Meisterschaften ließen sich nicht lesen: {detail}",
    "notice.championships_invalid": (
        "Die Meisterschaft {name} ließ sich nicht lesen und wird ausgelassen (von einer neueren Version "
        "des Spiels gespeichert oder von Hand bearbeitet?): {detail}"
    ),
    "notice.championships_race_skipped": (
        "Rennen {race} der Meisterschaft {name} ließ sich nicht lesen und fehlt in der Wertung: {detail}"
    ),
    # --- the qualifying screen -----------------------------------------------------------
    "qual.title": "Qualifikation",
    "qual.trial_title": "Zeitfahren",
    "qual.clock.running": "läuft",
    "qual.clock.waiting": "startet beim ersten Wurf",
    "qual.clock.paused": "angehalten",
    "qual.classification": "Qualifikationsstand",
    "qual.nobody_yet": "Noch niemand war auf der Strecke.",
    "qual.score_time": "{score} in {time}",
    "qual.not_qualified": "nicht qualifiziert",
    "qual.start": "Runde starten (Leertaste)",
    "qual.tyre.hard": "Hart",
    "qual.tyre.soft": "Weich",
    "qual.tyre.rain": "Regen",
    "qual.choose_tyres": "Reifen für diese Runde:",
    "qual.resume": "Weiter (Esc)",
    "qual.leave": "Zum Hauptmenü",
    "qual.paused": "Pause",
    "qual.paused_hint": "Die Stoppuhr steht.",
    "qual.not_a_target": "{space} ist mit diesem Wurf nicht erreichbar.",
    "qual.press_space": "Würfeln: Leertaste",
    "qual.spaces": "{n} Felder",
    "qual.spaces.1": "1 Feld",
    "qual.hint.computer": "{name} fährt die Runde (Leertaste überspringt) …",
    "qual.hint.gear": "Gang wählen: Tasten 1-6 oder Schaltung.",
    "qual.hint.roll": "Würfeln: Leertaste.",
    "qual.hint.move": "Markiertes Feld anklicken, oder Enter für das hervorgehobene (Tab: nächstes).",
    "qual.hint.keys": "Ziffern 1-6: Gang · Leertaste: würfeln · Klick oder Enter: fahren · Esc: Pause",
    "qual.lap_of": "Qualifikationsrunde {n} von {total}",
    "qual.driver_up": "{name}, du bist dran!",
    "qual.ready_hint": "Die Stoppuhr läuft nur, während du entscheidest.",
    "qual.ghost": "Geist: Bestrunde von {name}, {score} in {time}",
    "qual.weather.none": "Trockene Strecke",
    "qual.weather": "Qualifikationswetter: {weather} (schwarzer Würfel {roll})",
    "qual.barometer.sun": "Sonne",
    "qual.barometer.variable": "bewölkt, trocken",
    "qual.barometer.rain": "Regen",
    "qual.result": "{name}: {score} in {time}",
    "qual.result_failed": "{name}: Runde beendet",
    "qual.breakdown": "{rolls} Würfe + {minutes} volle Minuten + {penalty} Strafe",
    "qual.failed_in": "Zu wenige Stopps in {corner}: nicht qualifiziert, startet hinten.",
    "qual.crossed": "Über die Ziellinie!",
    "qual.continue": "Leertaste, Enter oder Klick: weiter",
    "qual.rolls": "Würfe",
    "qual.penalty": "Strafe",
    "qual.score": "Wertung",
    # --- the starting grid -----------------------------------------------------------------
    "grid.title": "Startaufstellung",
    "grid.start": "Rennen starten (Enter)",
    "grid.menu": "Hauptmenü",
    "grid.pos": "Platz",
    "grid.driver": "Fahrer",
    "grid.time": "Zeit",
    "grid.status": "Runde",
    "grid.qualified": "qualifiziert",
    "grid.failed": "in {corner} beendet: hinten",
    "grid.drawn": "in {corner} beendet: Platz gelost (schwarzer Würfel {rolls})",
    # --- set-up and main menu ---------------------------------------------------------------
    "setup.grid.roll": "Startplätze: schwarzer Würfel",
    "setup.grid.qualifying": "Startplätze: Qualifikationsrunde",
    "setup.grid.roll.about": "Jeder würfelt mit dem schwarzen Würfel; die höchste Zahl steht auf der Pole.",
    "setup.grid.qualifying.about": (
        "Jeder fährt eine Runde gegen die Stoppuhr; die wenigsten Würfe stehen auf der Pole."
    ),
    "menu.time_trial": "Zeitfahren",
    "menu.records": "Rundenrekorde",
    # --- time trial and records ------------------------------------------------------------
    "trial.title": "Zeitfahren",
    "trial.start": "Runde fahren",
    "trial.driver": "Fahrer",
    "trial.best": "Bestrunde: {name}, {score} in {time}. Schlag den Geist!",
    "trial.no_best": "Noch keine Runde auf dieser Strecke: fahr den ersten Rekord.",
    "trial.about": (
        "Eine Qualifikationsrunde allein auf der Strecke: die wenigsten Würfe plus volle Minuten plus "
        "Strafe gewinnen; bei Gleichstand entscheidet die Zeit. Die Stoppuhr läuft nur, während du "
        "entscheidest."
    ),
    "records.title": "Rundenrekorde",
    "records.none": "Noch keine Runden. Fahr ein Zeitfahren oder eine Qualifikation für die ersten Rekorde.",
    "records.again": "Noch einmal (Enter)",
    "records.rules": "Regeln",
    "records.played": "Gefahren am",
    "records.yours": "Deine Runde: {score} in {time}",
    "qual.stop_here": "Hier anhalten (E)",
    "qual.hint.extra": (
        "Weiche Reifen: ein Feld mehr? Anklicken, oder hier anhalten (E). Enter nimmt es, wenn es "
        "nichts kostet."
    ),

    # === rule modules: presets, weather, tyres, pit crew, teams ===
    # --- presets ---------------------------------------------------------------------------
    "preset.fd-modules": "Formula D mit allen Modulen",
    "preset.fd-modules.about": (
        "Formula D 2008 mit seinen Zusatzmodulen: eigenes Auto, Qualifikation, Wetter, Reifen, "
        "erweiterte Boxenstopps."
    ),
    "preset.fde-advanced": "Formula Dé für Fortgeschrittene",
    "preset.fde-advanced.about": "Formula Dé mit allen sieben Modulen für Fortgeschrittene, über 3 Runden.",
    "preset.masters-2002": "Masters 2002",
    "preset.masters-2002.about": (
        "Die Formula-Dé-Module mit dem Spielzug der Masters; das Wetter wechselt am Ende der "
        "Spielrunde."
    ),
    "preset.dresden-2006": "Dresdner Liga 2006",
    "preset.dresden-2006.about": (
        "Die Hausregeln der Dresdner Liga über 3 Runden: Startwurf im ersten Zug, Benzin, "
        "Motorboost, Boxenstopps nach Punkten, Wracks, Fahrerprofile und Karma."
    ),
    "preset.dresden-open": "Dresden Open",
    "preset.dresden-open.about": "Die Dresdner Regeln, wie das Open sie spielt: Karma je 100 Punkte.",
    "race.hint.karma": "{name}: Karma für diesen Check einsetzen oder ihn annehmen.",
    "race.hint.bid": "{name}: dein geheimes Kopf-an-Kopf-Gebot.",
    "race.hint.tcar": "{name}: mit dem T-Car weiterfahren?",
    "setup.profile_hint": "Klicken für das nächste Fahrerprofil (Regeln der Dresdner Liga).",
    "profile.normalo": "Normalo",
    "profile.normalo.about": "Normalo: keine besonderen Vor- oder Nachteile.",
    "profile.theoretiker": "Theoretiker",
    "profile.theoretiker.about": "Theoretiker: 1 besser in der Qualifikation; 1 Feld weniger beim Start, aus der Box und nach Drehern.",
    "profile.praktiker": "Praktiker",
    "profile.praktiker.about": "Praktiker: 1 schlechter in der Qualifikation; 1 Feld mehr (wahlweise) beim Start, aus der Box und nach Drehern.",
    "profile.leichter_flitzer": "Leichter Flitzer",
    "profile.leichter_flitzer.about": "Leichter Flitzer: in jedem Gang 1 Feld mehr; Karosserie-, Motor- und Straßenlagechecks 1 niedriger.",
    "profile.schwerer_tourer": "Schwerer Tourer",
    "profile.schwerer_tourer.about": "Schwerer Tourer: in jedem Gang 1 Feld weniger; Karosserie-, Motor- und Straßenlagechecks 1 höher.",
    "profile.schoenwetterfahrer": "Schönwetter",
    "profile.schoenwetterfahrer.about": "Schönwetterfahrer: bei Sonne 1 Feld weniger beim Kurvenstopp; bei Regen rutscht er 1 mehr.",
    "profile.regengott": "Regengott",
    "profile.regengott.about": "Regengott: bei Sonne 1 Feld mehr beim Kurvenstopp; bei Regen rutscht er 1 weniger.",
    "plan.title": "Boxenstopp-Ansage: {name}",
    "plan.hint": "Was die Crew in der Box tut; die teuerste Aktion zählt ({reserve} VP in der Box für Reparaturen).",
    "plan.fuel": "Tanken (VP)",
    "plan.tyres": "Reifen",
    "plan.keep_tyres": "behalten",
    "plan.announce": "Ansagen: {n} Punkte (Enter)",
    "plan.cancel": "Abbrechen",
    "race.pit_plan": "Boxenansage",
    "race.pit_plan_set": "Ansage: {n} Punkte",
    "race.pit_plan_hint": "Sag den Stopp vor dem Wurf an, mit dem du in die Box fährst: ohne Ansage 5 Strafpunkte.",
    "race.boost": "Motorboost: {state}",
    "race.boost_hint": "1 VP Motor für so viele Felder mehr, wie der Gang zählt (nicht der letzte Motor-VP); es entsteht ein gefährliches Feld.",
    "dash.karma": "Karma {n}",
    "dash.karma_pool": "Karma-Pool: {n}",
    "dash.pit_points": "Box: noch {n} Punkte",
    "dash.pit_plan": "Stopp angesagt: {n} Punkte",
    "since.title": "Seit deinem Zug",
    "since.moved": "{name}: {start} bis {end}",
    "since.moved_cost": "{name}: {start} bis {end}, verliert {cost}",
    "since.lost": "{name} verliert {cost}",
    "since.out": "{name} ist ausgeschieden",
    "since.finished": "{name} ist im Ziel, Platz {place}",
    "since.pit": "{name} fährt in die Box",
    "plan.work": "Abarbeiten: {n} Punkte (Enter)",
    "plan.late": "Kein Stopp angesagt: der Plan der Crew kostet jetzt 5 Punkte mehr ({reserve} VP in der Box für Reparaturen).",
    # --- the Dresden league: karma, head-to-head, T-car -------------------------------------
    "league.karma_title": "Karma: {name}",
    "league.check.collision": "Kollisionscheck: {roll}. Der Check misslingt: 1 VP Karosserie geht verloren.",
    "league.check.engine": "Motorcheck: {roll}. Der Check misslingt: 1 VP Motor geht verloren.",
    "league.check.road_holding": "Straßenlagecheck: {roll}. Der Check misslingt: 1 VP Straßenlage geht verloren.",
    "league.karma_pool": "Karmapool: {n}",
    "league.reroll": "Neu würfeln ({cost})",
    "league.raise": "+1 ({cost})",
    "league.accept": "Annehmen (Enter)",
    "league.bid_title": "Kopf an Kopf: {name}",
    "league.bid_others": "Gleichauf mit {others}: setze Karma, um eher am Zug zu sein. Jedes Gebot wird bezahlt.",
    "league.bid_secret": "Die anderen schauen weg: niemand sieht dein Gebot. 0 = kein Gebot.",
    "league.bid_confirm": "{n} setzen (Enter)",
    "league.tcar_title": "T-Car für {name}",
    "league.tcar_offer": "Ausgefallen vor dem Ende der ersten Kurve: mit dem T-Car ({n} VP) aus der Box weiterfahren?",
    "league.tcar_take": "T-Car nehmen (Enter)",
    "league.tcar_retire": "Aufgeben",
    "league.tcar_choose": "Die Crew hat {n} VP von deiner Einstellung abgezogen, wo markiert; wähle andere mit − und + (jeder Bereich behält mindestens 1).",
    "league.tcar_more": "Noch {n} VP abziehen, dann ist das T-Car fertig.",
    "league.tcar_back": "{n} VP zu viel abgezogen: mit + zurückgeben.",
    "league.tcar_ready": "Fertig: das T-Car hat {n} VP.",
    # --- weather -----------------------------------------------------------------------------
    "weather.sun": "Sonne",
    "weather.rain": "Regen",
    "weather.dry": "Bewölkt, trocken",
    "weather.variable": "Wechselhaft, trocken",
    "weather.row_sun": "Sonnig",
    "weather.row_rain": "Regnerisch",
    "weather.temp_sun": "Vorerst sonnig",
    "weather.temp_rain": "Vorerst Regen",
    "weather.locked_sun": "Sonne, beständig",
    "weather.locked_rain": "Regen, beständig",
    "weather.unknown": "Wetter: noch nicht gewürfelt",
    "weather.effects.wet": "Nasse Strecke: Autos rutschen in Kurven weiter, Proben misslingen öfter.",
    "weather.effects.dry": "Trockene Strecke: weiche Reifen geben ein Extrafeld.",
    "weather.changeable": "Es kann nach einer 20 im 5. oder einer 30 im 6. Gang umschlagen.",
    "weather.fixed": "So bleibt es bis zum Rennende.",
    "weather.banner.first": "Rennwetter: {weather}",
    "weather.banner.change": "Das Wetter schlägt um: {weather}",
    "weather.banner.same": "Das Wetter hält: {weather}",
    "barometer.sun": "Sonne",
    "barometer.variable": "wechselhaft",
    "barometer.rain": "Regen",
    # --- tyres -------------------------------------------------------------------------------
    "tyre.hard": "Hart",
    "tyre.soft": "Weich",
    "tyre.rain": "Regen",
    "tyre.penalty": "Abflug ×{n} Reifen-VP",
    "tyre.bonus": "+1 freiwilliges Feld",
    "tyre.slide": "rutscht in Kurven +{n}",
    "tyre.malus": "−{n} Feld pro Wurf",
    "tyre.worn": "3. Runde auf dem Satz: {effects}",
    # --- movement extras ------------------------------------------------------------------------
    "via.slip.name": "Windschatten",
    "via.bonus.name": "Bonus der weichen Reifen",
    "via.slide.name": "Rutschen",
    "via.slip": "Windschatten: +{n} Felder",
    "via.slip.1": "Windschatten: +1 Feld",
    "via.bonus": "Bonus weiche Reifen: +{n} Feld",
    "via.slide": "Rutschen im Nassen: {n} Felder mehr, Pflicht",
    "via.slide.1": "Rutschen im Nassen: 1 Feld mehr, Pflicht",
    "via.slip.short": "WS +{n}",
    "via.bonus.short": "+{n}",
    "via.slide.short": "Rutsch +{n}",
    "via.launch.name": "Zusatzpunkt des Praktikers",
    "via.launch": "Praktiker: +{n} Feld beim Anfahren, freiwillig",
    "via.launch.short": "P +{n}",
    "via.slip_brake": "+1 Brems-VP: der Windschatten endet in einer Kurve",
    # --- race screen ---------------------------------------------------------------------------
    "race.end_move": "Zug hier beenden (Enter)",
    "race.skip": "Vorspulen bis zu deinem Zug (Tab)",
    "race.finish_race": "Rennen zu Ende fahren (Tab)",
    "race.setup_round": "Einstellung vor dem Start",
    "race.hint.setup": "Reifen wählen (und die VP des Autos verteilen), dann starten.",
    "race.hint.pit": "Deine Crew ist bereit: Reifen und Reparaturen, dann raus.",
    "race.hint.slide": "Das Auto rutscht im Nassen weiter: klicke, wo es endet (blau).",
    "race.hint.extras": "Freiwillig: {extras}. Klicke ein markiertes Feld oder beende den Zug (Enter).",
    "dash.tyre": "{tyre}, Runde {age}",
    "dash.reserve": "Reserve {n} VP",
    # --- the crew's dialog ----------------------------------------------------------------------
    "crew.setup_title": "{name}: Einstellung fürs Rennen",
    "crew.pit_title": "{name}: Boxenstopp",
    "crew.no_weather": "Ohne Wettermodul: immer trocken.",
    "crew.weather_now": "Wetter jetzt: {weather}",
    "crew.chosen": "gewählt",
    "crew.now": "(jetzt)",
    "crew.dry": "Trocken:",
    "crew.wet": "Regen:",
    "crew.build": "Dein Auto: {points} von {total} VP verteilt",
    "crew.build_reserve": "Dein Auto: {points} von {total} VP im Auto, {reserve} in der Box für Reparaturen",
    "crew.repairs": "Reparaturen: {left} von {reserve} Reserve-VP übrig",
    "crew.limits": "{low}–{high}",
    "crew.limit_low": "min. {low}",
    "crew.of_setup": "max. {n}",
    "crew.long_stop": "Langer Stopp: {state}",
    "crew.start": "Bereit zum Start",
    "crew.leave": "Zurück ins Rennen",
    "crew.setup_hint": "Enter: bereit. Die Reifen bleiben bis zum nächsten Boxenstopp.",
    "crew.repair_hint": (
        "Reparaturen bis zur Einstellung, in höchstens {areas} Bereichen; Reifen gibt es ohnehin neu."
    ),
    "crew.pit_hint": "Ein langer Stopp repariert, wartet aber eine Spielrunde.",
    # --- the race log --------------------------------------------------------------------------
    "log.weather.first": "Wetterwurf ({result}): {weather} fürs Rennen.",
    "log.weather.change": "Wetterwurf ({result}): es wird {weather}.",
    "log.weather.same": "Wetterwurf ({result}): {weather} hält.",
    "log.setup.tyre": "{name} startet auf Reifen {tyre} ({wp}).",
    "log.setup.car": "Auto von {name}: {wp}.",
    "log.wp_item": "{area} {n}",
    "log.via.slide": "{name} rutscht {n} weiter bis {space}.",
    "log.via.bonus": "{name} nutzt den Bonus der weichen Reifen bis {space}.",
    "log.via.launch": "{name} nutzt den Zusatzpunkt des Praktikers bis {space}.",
    "log.via.slip": "{name} nutzt den Windschatten: {n} Felder bis {space}.",
    "log.via.slip.1": "{name} nutzt den Windschatten: 1 Feld bis {space}.",
    "log.pit.crew": "Crew von {name}: {work}.",
    "log.pit.nothing": "nichts zu tun",
    "log.pit.long": "langer Stopp",
    "log.pit.tyre": "Reifen {tyre}",
    "log.pit.repair": "{area} +{n}",
    "log.karma.twenty": "{name} würfelt eine echte 20: +1 Karma ({left} im Pool).",
    "log.karma.reroll": "{name} setzt 40 Karma ein und würfelt noch einmal ({left} übrig).",
    "log.karma.raise": "{name} setzt 20 Karma ein und erhöht den Wurf um 1 ({left} übrig).",
    "log.karma.race_end": "{name} erhält {change} Karma im Ziel ({left} im Pool).",
    "log.bid": "Kopf an Kopf: {name} hat {amount} Karma geboten und fährt als {place}. der gleichauf liegenden Autos ({left} übrig).",
    "log.pit.points": "Crew von {name}: {points} Punkte, {worked} abgearbeitet, noch {left}.",
    "log.pit.done": "Crew von {name} fertig: {work}; {out} Feld(er) aus der Box.",
    "dice.weather": "{weather}",
    # --- modules -------------------------------------------------------------------------------
    "module.slipstream": "Windschatten",
    "module.slipstream.about": "Drei Extrafelder hinter einem Auto im 4. Gang oder höher.",
    "module.weather": "Wetter",
    "module.weather.about": "Sonne oder Regen, vor dem Start gewürfelt; es kann umschlagen.",
    "module.tyres": "Reifen",
    "module.tyres.about": "Harte, weiche oder Regenreifen am Start und bei jedem Stopp.",
    "module.own_car": "Eigenes Auto",
    "module.own_car.about": "Jeder verteilt die Verschleißpunkte seines Autos selbst.",
    "module.markers": "Straßenlage-Marker",
    "module.markers.about": "Schäden hinterlassen Öl: gefährliche Felder.",
    "module.pit_options": "Boxenstopp-Optionen",
    "module.pit_options.about": "Eine Reserve von 2 VP für Reparaturen an der Box.",
    "module.teams": "Mannschaftsrennen",
    "module.teams.about": "Paare teilen 4 Reparatur-VP, zählen Punkte; gerade Fahrerzahl.",
    # --- the rules screen ------------------------------------------------------------------------
    "rules.title": "Regeln",
    "rules.preset": "Grundlage: {preset}",
    "rules.changed": "{preset}, geändert",
    "rules.modules": "Module",
    "rules.parameters": "Was diese Regeln spielen",
    "rules.done": "Diese Regeln nehmen",
    "rules.reset": "Vorlage wie gedruckt",
    "rules.keys": "Schalter anklicken, um ein Modul an- oder auszuschalten. I: Regel-IDs zeigen. Esc: zurück ohne Änderung.",
    "param.laps": "Renndistanz",
    "param.grid": "Startaufstellung",
    "param.car": "Autos",
    "param.tyres": "Reifen",
    "param.weather": "Wetter",
    "param.pit": "Boxenstopps",
    "param.slipstream": "Windschatten",
    "param.markers": "Gefährliche Felder",
    "param.order": "Gleichauf in einer Reihe",
    "param.teams": "Mannschaftsrennen",
    "value.off": "aus",
    "value.on": "an",
    "value.laps_choose": "wählen die Spieler",
    "value.laps_n": "{n} Runden",
    "value.laps_one": "1 Runde",
    "value.laps_source": "{laps} (die Vorlage fährt {n})",
    "value.grid_roll": "mit dem schwarzen Würfel",
    "value.grid_qualifying": "eine gestoppte Qualifikationsrunde",
    "value.car_fixed": "für alle dieselben {total} VP",
    "value.car_own": "{total} VP verteilen, je Bereich {limits}",
    "value.car_limits": "{low}–{high} (Reifen bis {tyres})",
    "value.car_min": "mindestens {low}",
    "value.tyre_table": "Tabelle {table}: hart, weich, Regen",
    "value.weather_rows": "eine Barometer-Reihe pro Wechsel",
    "value.weather_sm": "wechselt, beständig nach zweimal gleich",
    "value.weather_now": "sofort vom Fahrer gewürfelt",
    "value.weather_round": "am Ende der Spielrunde gewürfelt",
    "value.pit_basic": "nur Reifen",
    "value.pit_long": "langer Stopp repariert, Reserve {reserve} VP",
    "value.pit_any": "jeder Stopp repariert bis zu {areas} Bereiche, Reserve {reserve} VP",
    "value.slip": "hinter einem Auto ab dem {gear}. Gang",
    "value.order_inside": "das innere Auto zuerst",
    "value.order_arrival": "wer zuerst ankam, zuerst",
    "value.teams": (
        "gerade Fahrerzahl, Paare nach Meldung; {stock} Reparatur-VP je Team an der Box; Punkte "
        "{points}"
    ),
    # --- the team race ----------------------------------------------------------------------------
    "team.name": "Team {n}",
    "team.short": "T{n}",
    "dash.team_stock": "Teamvorrat {n} VP",
    "crew.team_repairs": "Reparaturen: {left} von {reserve} VP von Team {team} übrig",
    "crew.team_hint": "Reparaturen aus dem Teamvorrat, den der Teamkollege teilt.",
    "crew.team_hint_areas": "Bis zu {areas} Bereiche aus dem gemeinsamen Teamvorrat.",
    "results.teams": "Teampunkte",
    "results.points": "{n} Punkte",
    "results.team_wins": "Team {n} gewinnt!",
    "results.rules": "Regeln: {rules}",
    "results.modules": "Module: {modules}",
    "results.no_modules": "keine Module",
}

REASONS: dict[Code, str] = {
    Code.UPSHIFT_SKIP: "Von Gang {current} nicht in Gang {target}: pro Zug nur einen Gang hoch.",
    Code.SIX_TO_ONE: "Vom 6. direkt in den 1. Gang zurückzuschalten ist nie erlaubt.",
    Code.SKIP_AREA_EMPTY: (
        "Von Gang {current} nicht in Gang {target}: ohne VP bei {area} nur ein Gang pro Zug herunter."
    ),
    Code.SKIP_COST_UNPAYABLE: (
        "Von Gang {current} nicht in Gang {target}: {skipped} Gang/Gänge zu überspringen kostet "
        "{needed} VP bei {area}, nur noch {available} übrig."
    ),
    Code.NOT_FROM_GEAR_ZERO: "Aus dem Leerlauf (N) darf ein Auto nur Gang {allowed} einlegen, nicht Gang {target}.",
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
        "Aus der Kurve zu fliegen kostet {needed} Reifen-VP; nur noch {available} übrig, also scheidet "
        "das Auto aus."
    ),
    Code.SPIN_TOO_FAR: (
        "Der letzte Reifen-VP geht bei {spaces} Feldern zu weit: das Auto scheidet aus, statt sich zu "
        "drehen."
    ),
    Code.SPACE_OCCUPIED: "Feld {space} ist besetzt: Autos können nicht über oder auf ein anderes Auto fahren.",
    Code.NO_PIT_NOW: "Das Auto darf jetzt nicht in die Boxengasse abbiegen.",
    Code.NO_LANE_CHANGE_AFTER_OVERSHOOT: (
        "Nach dem Verlassen einer Kurve mit fehlendem Stopp darf das Auto die Spur nicht wechseln "
        "({space})."
    ),
    Code.TOO_MANY_LANES: "Auf der Geraden höchstens zwei Spuren weg von der Startspur ({space}).",
    Code.NO_ZIGZAG: (
        "Ein Auto darf nicht aus seiner Spur und wieder zurück, außer um ein anderes Auto zu überholen "
        "({space})."
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
    Code.NO_LANE_CHANGE_ON_EXIT: (
        "Ein Auto darf nach dem Verlassen einer Kurve die Spur nicht wechseln ({space})."
    ),
    Code.SLIP_NEEDS_BRAKE: (
        "Ein Windschatten in eine Kurve kostet 1 Brems-VP, und das Auto hat keinen mehr ({space})."
    ),
    Code.SLIP_SHAPE: (
        "Windschatten heißt: eine Spur raus und vorbei, zwei Felder geradeaus, oder zwei Spuren raus "
        "und eins geradeaus ({space})."
    ),
    Code.SLIP_EMPTY: "Ein Windschatten bringt das Auto mindestens ein Feld weiter.",
    Code.EXTRA_NOT_OFFERED: "Das Auto kann jetzt nicht „{extra}“ fahren.",
    Code.BONUS_WHOLE_SPACE: "Der Bonus der weichen Reifen ist ein ganzes Feld vorwärts oder nichts.",
    Code.TYRE_REQUIRED: "Wähle die Reifen: hart, weich oder Regen.",
    Code.NO_TYRE_MODULE: "Diese Regeln kennen keine Reifenwahl.",
    Code.NO_LONG_STOP: "Diese Regeln kennen keinen langen Boxenstopp.",
    Code.REPAIR_NEEDS_LONG_STOP: "Reparaturen gibt es nur beim langen Boxenstopp.",
    Code.REPAIR_TOO_MUCH: (
        "Die Crew kann {area} nicht {points} VP geben: nie mehr als die {setup} des Set-ups, und nie "
        "Reifen."
    ),
    Code.RESERVE_TOO_SMALL: "Die Reparaturen brauchen {needed} VP, in der Reserve sind nur noch {reserve}.",
    Code.REPAIR_TOO_MANY_AREAS: "Ein technischer Stopp repariert höchstens {areas} Bereiche.",
    Code.NOT_YOUR_TURN: "Jetzt ist nicht {car} dran, sondern {active}.",
    Code.TOO_MANY_SPACES: "Dieser Weg ist {spaces} Felder lang: das Auto fährt diesmal {roll}, weniger nur durch Bremsen.",
    Code.NOT_SHORTEST: "Auf der Geraden muss das Auto einen kürzesten Weg nehmen: {space} ist auf anderem Weg näher.",
    Code.SETUP_NO_RESERVE: "Diese Regeln kennen keine VP in der Box: die {points} Reserve-VP gehören ins Auto.",
    Code.REPAIR_ONE_OR_TWO: "Die Crew repariert in einem Stopp 1 oder 2 VP, nicht {points}.",
    Code.KARMA_NOT_OFFERED: (
        "Karma kann diesen Wurf nicht ändern ({spend}): Wiederholen kostet 40 und geht nur vor dem "
        "Erhöhen (erhöht um {raised}), Erhöhen kostet 20, im Pool sind {karma}."
    ),
    Code.BID_TOO_HIGH: "Ein Kopf-an-Kopf-Gebot ist höchstens der Karmapool: {amount} ist mehr als {karma}.",
    Code.PIT_LANE_GEAR: "In der Boxengasse höchstens Gang {limit}, nicht Gang {gear}.",
    Code.PIT_WORK_GEAR: "In der Box werden die Punkte der Crew im Gang {work} abgearbeitet, nicht im Gang {gear}.",
    Code.NO_PIT_POINTS: "Diese Regeln kennen keine Boxenstopps nach Punkten: nichts anzusagen oder zu tanken.",
    Code.ROLLING_OUT: "Das Auto rollt aus: es fährt im {gear}. Gang, ohne Kosten.",
    Code.ROLL_OUT_STRAIGHT: "Ein Auto, das nach einem Motorschaden ausrollt, fährt geradeaus, wo es kann.",
    Code.OUT_OF_FUEL: "Kein Benzin mehr: das Auto ist vor seiner Box und vor dem Ziel ausgerollt.",
    Code.NO_BOOST: "Ein Motor-Boost ist jetzt nicht möglich.",
    Code.BOOST_LAST_ENGINE_WP: "Für den Motor-Boost darf nicht der letzte VP Motor benutzt werden (noch {left}).",
    Code.BOOST_IN_BOX: "Kein Motor-Boost an der Box: die Punkte der Crew werden mit normalen Würfen im 4. Gang abgearbeitet.",
    Code.TCAR_WP: "Das T-Car hat das Set-up weniger {less} VP, aus beliebigen Bereichen, jeder behält mindestens 1.",
    Code.ONE_SPACE_LESS_IN_CORNER: "Bei Sonne hält dieser Fahrer in einer Kurve ein Feld früher: der Zug endet vor {space}.",
    Code.LAUNCH_WHOLE_SPACE: "Der Zusatzpunkt des Praktikers ist ein ganzes Feld vorwärts oder nichts.",
}
