"""The six clarifications of the Formula D basic rules (003_656253a1cef12854.txt), one test each.

The source gives only the answers, one paragraph per question; each test names the
question its paragraph settles (in German and English) and quotes the German answer.
Played with the ``fd-basic`` rules on the oval (positions as in fixtures.py).

Rules: FAQ-1..6.
"""

from __future__ import annotations

import math

import pytest

from rules.actions import ChooseGear, Drive, EndMove, Roll
from rules.dice import Purpose
from rules.engine import chance, gear_options, moves
from rules.gears import ShiftCost
from tests.rules.fixtures import (
    OVAL,
    W,
    act,
    car,
    kinds,
    pending,
    position,
    rolls,
    wear,
)


def legal_gears(state) -> list[int]:
    return [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)]


def seekurve(tyres: int, roll: int = 12):
    """m (5th) drives ``roll`` spaces along lane B from B40 through the Seekurve (1 stop)
    without stopping in it: 12 end on B52, one space past the corner; 13 on B53, two."""
    state = position([car("m", "B40", gear=5, wp=wear(tyres=tyres)), car("f", "A5", gear=1)], "m")
    state, _ = act(state, ChooseGear(gear=5), Roll(value=roll))
    return act(state, Drive(path=tuple(f"B{i}" for i in range(41, 41 + roll))))


@pytest.mark.rules("CORNER-5", "CORNER-6", "FAQ-1")
def test_FAQ_1_missed_stops_cost_tyres_the_last_one_spins_more_is_out():
    """Frage: Muss man in einer Kurve die angegebene Zahl an Stopps einlegen, und was
    passiert sonst? (Must a car make the stops a corner asks for, and what if it does not?)

    "Ja — du musst die für die Kurve angegebene Mindestanzahl an Stopps einlegen; wenn du sie
    ohne die erforderlichen Stopps durchfährst, schießt du hinaus und verlierst für jedes
    übersprungene Feld 1 Reifen-WP. Wenn du deinen letzten Reifen-WP verlierst, wirst du
    rückwärts auf deinem Zielfeld platziert und musst im nächsten Zug im 1. Gang neu starten
    (ein Überschießen über die verfügbaren WP hinaus oder das Auslassen erforderlicher Stopps
    kann dich aus dem Spiel werfen)."
    """
    state, _ = seekurve(tyres=6, roll=13)  # two spaces too far: 2 tyre WP
    assert state.car("m").wp.tyres == 4 and state.car("m").status == "racing"
    state, ev = seekurve(tyres=1)  # one space too far with the last tyre WP: a spin
    m = state.car("m")
    assert (m.space, m.wp.tyres, m.spun, m.gear) == ("B52", 0, True, 0) and kinds(ev, "spin")
    state = state.model_copy(update={"phase": "gear", "active": "m", "pending": ()})
    assert legal_gears(state) == [1]  # it starts again in 1st
    state, ev = seekurve(tyres=1, roll=13)  # two spaces, one WP: out
    assert state.car("m").status == "out" and [e.data["rule"] for e in kinds(ev, "out")] == ["CORNER-6"]
    # the Lindenkehre asks for 2 stops: driven through without one, the car is out
    state = position([car("m", "A5", gear=6), car("f", "C1", gear=1)], "m")
    state, _ = act(state, ChooseGear(gear=6), Roll(value=21))
    assert {m.out.rule for m in moves(OVAL, state) if m.corner is None and m.out is not None} == {"CORNER-5"}
    assert all(m.out is not None for m in moves(OVAL, state) if m.stops == 0 and m.corner is None)


@pytest.mark.rules("CORE-BLOCK-3", "FAQ-2")
def test_FAQ_2_braking_costs_a_brake_WP_per_space_blocked_cars_use_the_table():
    """Frage: Darf man weniger Felder fahren, als man gewürfelt hat, und was kostet es, wenn
    man blockiert wird? (May a car drive fewer spaces than rolled, and what does being
    blocked cost?)

    "Du darfst Brems-WP ausgeben, um die Anzahl der Felder zu reduzieren, um die du vorrückst
    (verliere 1 Brems-WP pro nicht vorgerücktem Feld); wenn du blockiert wirst, wendest du die
    Tabelle „verbleibende Felder" an, um die Verluste an Brems- und Reifen-WP zu bestimmen, und
    wenn du nicht genug WP zum Anhalten hast, scheidest du aus."
    """
    state = position([car("m", "B21", gear=4), car("f", "A5", gear=1)], "m")
    state, _ = act(state, ChooseGear(gear=4), Roll(value=9))
    assert {(len(m.path), m.brakes) for m in moves(OVAL, state)} >= {(9, 0), (8, 1), (7, 2), (6, 3)}
    state, _ = act(state, Drive(path=tuple(f"B{i}" for i in range(22, 29))))  # 7 of 9
    assert state.car("m").wp.brakes == W.brakes - 2
    wall = [car("a", "A31"), car("b", "B33"), car("c", "C36")]  # row 35 is blocked
    for brakes, out in ((3, None), (2, "CORE-BLOCK-3")):
        state = position([car("m", "B28", gear=4, wp=wear(brakes=brakes)), *wall], "m")
        state, _ = act(state, ChooseGear(gear=4), Roll(value=9))  # 4 spaces free, 5 remain
        found = moves(OVAL, state)
        assert {(m.blocked, m.brakes, m.tyres) for m in found} == {(5, 3, 2)}
        assert {m.out.rule if m.out else None for m in found} == {out}


@pytest.mark.rules("FAQ-3")
def test_FAQ_3_slipstream_behind_an_equal_or_slower_car_both_in_4th_or_higher():
    """Frage: Wann darf man Windschatten fahren? (When may a car use the slipstream?)

    "Wenn du direkt hinter einem anderen Wagen stehen bleibst, genauso schnell oder schneller
    bist und beide Wagen im 4. Gang oder höher sind, darfst du Windschattenfahren: Füge deiner
    Bewegung 3 Felder mit den angegebenen Spur-/Bewegungsoptionen hinzu. Führt dich der
    Windschatten in eine Kurve, verlierst du trotzdem 1 Brems-WP, und du darfst nicht
    absichtlich bremsen, um Windschattenfahren vorzubereiten."
    """

    def behind_f(gear: int, front_gear: int, roll: int = 7, front: str = "B29", start: str = "B21") -> tuple[str, ...]:
        cars = [car("m", start, gear=gear), car("f", front, gear=front_gear)]
        state, _ = act(position(cars, "m"), ChooseGear(gear=gear), Roll(value=roll))
        end = int(front[1:]) - 1
        state, _ = act(state, Drive(path=tuple(f"B{i}" for i in range(int(start[1:]) + 1, end + 1))))
        return state.movement.offer if state.movement else ()

    assert behind_f(4, 4) == ("slip",) and behind_f(5, 4, roll=11, front="B33") == ("slip",)
    assert behind_f(4, 3) == () and behind_f(4, 5) == ()  # both 4th or higher; as fast or faster
    assert behind_f(3, 3, roll=7) == ()
    assert behind_f(4, 4, roll=8) == ()  # 8 rolled, 1 braked to stop behind f: no slipstream
    cars = [car("m", "B21", gear=4), car("f", "B29", gear=4)]
    state, _ = act(
        position(cars, "m"), ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29)))
    )
    assert {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {3}  # 3 more spaces
    state = position([car("m", "B33", gear=4), car("f", "B42", gear=4)], "m")
    state, _ = act(state, ChooseGear(gear=4), Roll(value=8), Drive(path=tuple(f"B{i}" for i in range(34, 42))))
    state, _ = act(state, Drive(path=("A40", "A41", "A42"), via="slip"))  # into the Seekurve
    assert state.car("m").wp.brakes == W.brakes - 1


@pytest.mark.rules("CORE-COLL-3", "FAQ-4")
def test_FAQ_4_ending_next_to_or_behind_cars_rolls_for_collisions_damage_marks_the_space():
    """Frage: Was passiert, wenn man neben oder hinter anderen Autos stehen bleibt? (What
    happens when a car stops next to or behind other cars?)

    "Wenn du deinen Zug neben oder hinter einem oder mehreren Autos beendest, würfelst du zur
    Kollisionsprüfung mit dem schwarzen Würfel; bei einer 1 verliert das Auto 1 Karosserie-WP
    (und der Verlust des letzten Karosserie-WP scheidet dich aus). Außerdem setzt der Verlust
    von Karosserie- oder Motor-WP einen Schadensmarker, der zukünftige Straßenlageprüfungen
    erzwingen kann."
    """
    # m stops on B28: beside a on C31 and directly behind b on B29 - a check for each
    cars = [car("m", "B21", gear=4), car("a", "C31", gear=3), car("b", "B29", gear=3)]
    state, _ = act(
        position(cars, "m"), ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29)))
    )
    assert sorted(p for p in pending(state) if p[1] == "m") == [("collision", "m", "a"), ("collision", "m", "b")]
    state, _ = rolls(state, *[1 if p.car == "m" and p.other == "a" else 20 for p in state.pending])
    assert state.car("m").wp.body == W.body - 1 and state.markers == ("B28",)
    # the marker makes B28 dangerous: a car driving over it checks its road holding
    later = position([car("n", "B21", gear=4), car("m", "B40", gear=3)], "n", markers=state.markers)
    later, _ = act(later, ChooseGear(gear=4), Roll(value=9), Drive(path=tuple(f"B{i}" for i in range(22, 31))))
    assert pending(later) == [("road_holding", "n", None)]
    # the last body WP lost: out
    cars = [car("m", "B21", gear=4, wp=wear(body=1)), car("b", "B29", gear=3)]
    state, _ = act(
        position(cars, "m"), ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29)))
    )
    state, _ = rolls(state, 20, 1)
    assert state.car("m").status == "out" and state.car("m").out.rule == "CORE-COLL-3"


@pytest.mark.rules("FAQ-5")
def test_FAQ_5_any_speed_into_the_pit_lane_tyres_restored_on_entry_then_the_black_die():
    """Frage: Wie läuft ein Boxenstopp ab? (How does a pit stop go?)

    "Du darfst mit jeder Geschwindigkeit in die Boxengasse fahren (du musst mit deinem
    Gangwürfel mindestens den erforderlichen Wert würfeln, um einzufahren); beim Einfahren
    werden alle Reifen-WP sofort wiederhergestellt. Danach würfelst du mit dem schwarzen
    Würfel — bei 1–10 handelt es sich um einen kurzen Boxenstopp (teile das Ergebnis durch 2
    und runde auf; so viele Felder darfst du beim Verlassen im 4. Gang ziehen), bei 11–20
    bleibst du bis zur nächsten Runde und verlässt die Boxengasse dann im 4. Gang oder
    niedriger."

    From C58 box 1 (P4) is 5 spaces away: a 4 cannot turn in, a 5, an 8 or a 21 in 6th can.
    """

    def pit_turn(gear: int, roll: int):
        cars = [car("m", "C58", gear=gear, box="P4", wp=wear(tyres=2)), car("far", "A30")]
        state, _ = act(position(cars, "m", laps=2), ChooseGear(gear=gear), Roll(value=roll))
        return state

    short = pit_turn(3, 4)
    assert not any(OVAL.space(n).in_pit for m in moves(OVAL, short) for n in m.path)
    for gear, roll in ((3, 5), (3, 8), (6, 21)):
        state = pit_turn(gear, roll)
        into = [m for m in moves(OVAL, state) if m.in_box]
        assert [m.path for m in into] == [("C59", "P1", "P2", "P3", "P4")], (gear, roll)
    state, _ = act(pit_turn(6, 21), Drive(path=("C59", "P1", "P2", "P3", "P4")))
    assert state.car("m").wp.tyres == W.tyres and chance(state).purpose == Purpose.PIT
    for value in range(1, 11):
        fast, _ = rolls(state, value)
        assert (fast.phase, fast.moves_left, fast.car("m").gear) == ("move", math.ceil(value / 2), 4)
    slow, _ = rolls(state, 11)
    assert slow.car("m").pit_wait and slow.car("m").space == "P4"
    slow = slow.model_copy(update={"phase": "gear", "active": "m", "pending": ()})
    assert legal_gears(slow) == [1, 2, 3, 4]


@pytest.mark.rules("FAQ-6")
def test_FAQ_6_a_top_roll_in_5th_or_6th_checks_every_engine_in_5th_or_6th():
    """Frage: Wann gibt es eine Motorenschadensprüfung? (When are engines checked?)

    "Wenn ein Spieler beim Gangwürfel das Maximum würfelt (eine 20 im 5. Gang oder eine 30 im
    6. Gang), wird eine Motorenschadensprüfung ausgelöst: Alle Spieler im 5. oder 6. Gang
    würfeln den schwarzen Würfel, und bei einem Ergebnis von 1–4 verliert das Auto 1
    Motor-WP (der Verlust des letzten Motor-WP scheidet das Auto aus)."
    """
    for gear, top in ((5, 20), (6, 30)):
        cars = [
            car("m", "B21", gear=gear),
            car("five", "A5", gear=5),
            car("six", "C3", gear=6, wp=wear(engine=1)),
            car("four", "B3", gear=4),
        ]
        state, _ = act(position(cars, "m"), ChooseGear(gear=gear), Roll(value=top))
        best = max((mv for mv in moves(OVAL, state) if mv.out is None and not mv.brakes), key=lambda mv: len(mv.path))
        state, _ = act(state, Drive(path=best.path))
        if state.phase == "move":
            state, _ = act(state, EndMove())
        engines = [p[1] for p in pending(state) if p[0] == "engine"]
        assert engines == ["m", "five", "six"], gear
        state, _ = rolls(state, *[{"m": 5, "five": 4, "six": 1}.get(p.car, 20) for p in state.pending])
        assert (state.car("m").wp.engine, state.car("five").wp.engine) == (W.engine, W.engine - 1)
        assert state.car("six").status == "out" and state.car("four").wp.engine == W.engine
    cars = [car("m", "B21", gear=5), car("five", "A5", gear=5)]
    state, _ = act(position(cars, "m"), ChooseGear(gear=5), Roll(value=19))  # one below the top
    best = max((mv for mv in moves(OVAL, state) if mv.out is None and not mv.brakes), key=lambda mv: len(mv.path))
    state, _ = act(state, Drive(path=best.path))
    assert [p for p in pending(state) if p[0] == "engine"] == []
