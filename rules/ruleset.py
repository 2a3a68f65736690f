"""Rule variants as parameters, and the named presets that pick them.

Code reads parameters, never preset names. Each field names the
variant row (VAR-n) or ambiguity (AMB-n) of RULES.md it settles; a preset
sets every field to its source's version.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.car import B_BASIC, B_BASIC_WEAR, B_OWN_CAR, C_OWN_CAR, D_DRESDEN, CarSetupRules, WearPoints
from rules.dice import COMMERCIAL_GEAR_DICE, GearDice
from rules.gears import DOWNSHIFT_B, DOWNSHIFT_CD, DownshiftTable
from rules.order import TieBreak
from rules.qualifying.rules import QUAL_B, QUAL_C, QUAL_D, QualifyingRules


class RuleSet(BaseModel):
    """Every switch the engine reads. Defaults are the Formula D 2008 basic game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "Formula D basic"
    race_laps: int | None = None  # the distance the preset's source plays; None = the players choose
    gear_dice: GearDice = COMMERCIAL_GEAR_DICE  # AMB-1
    downshift: DownshiftTable = DOWNSHIFT_B  # VAR-2, TAB-DOWNSHIFT
    car_setup: CarSetupRules = B_BASIC  # VAR-4, TAB-CAR
    default_wear: WearPoints = B_BASIC_WEAR  # AMB-30
    tie_break: TieBreak = "inside"  # VAR-1: B inside (FD08-ORDER-1); C, D, E first arrival
    max_lane_shift: int | None = 2  # FD08-LANE-1: at most two lanes away on a straight
    arc_around_markers: bool = False  # VAR-14: leave a lane and come back to pass a dangerous space (ROAD-4)
    exit_lane_change: Literal["overshoot_only", "never"] = "overshoot_only"  # AMB-17, VAR-16
    missed_stops_eliminate: bool = True  # CORNER-5 (AMB-18: D may switch it off)
    spin_max_overshoot: int = 1  # FD08-SPIN-2: out instead of a spin beyond this overshoot
    overshoot_multiplier: int = 1  # CORNER-4 without the tyre module
    wrecks: bool = False  # retired cars stay as obstacles (D) or only leave a damage marker
    collision_diagonal: bool = False  # AMB-4: diagonally ahead counts as "next to"
    collision_rolls: Literal["both", "mover"] = "both"  # VAR-5: FD08-COLL-1 or 003's mover only
    danger_on_stop: bool = True  # VAR-7, AMB-24: stopping on a dangerous space also checks
    start_roll: bool = True  # FD08-START-1, TAB-START column B
    dream_start_spaces: int = 4  # FD08-START-1; moved before game round 1 (AMB-58)
    pit_stops: int = 1  # PIT-B-1: one stop in a race of one or two laps; 0 = no pit stops
    pit_stops_3_laps: int = 2  # OPT-3LAP-1: a 3-lap race is the 3-lap module, with two stops
    pit_fast_max: int = 10  # TAB-PIT-B: 1-10 fast stop, 11-20 slow stop
    pit_exit_gear: int = 4  # PIT-B-4, CORE-PIT-3
    # AMB-68 (PIT-B-5 suspends braking "in the pit lane"): a movement that starts there may still
    # brake for a stop on the track (True), or may not brake at all (False, PIT-B-5 read widely)
    pit_exit_braking: bool = True
    # --- slipstream (CORE-SLIP-*, FD08-SLIP-*, SLIP-*, SLIP-D-*) ---
    slipstream: bool = True  # part of the 2008 basic rules (3.10); module 1 of Formula Dé (ADV-1)
    slip_front_gear: int = 4  # VAR-10: the car in front must be in this gear or higher (0 = any)
    slip_geometry: Literal["options", "free"] = "options"  # VAR-11: the three options (AMB-13), or D's free path
    # VAR-12, AMB-14: the brake WP for a slipstream "ending in a corner" (FD08-SLIP-4), or for one
    # that "brings the car into a corner" (SLIP-7, SLIP-D-3: crossing a corner's start line)
    slip_corner_brake: Literal["ends_in_corner", "enters_corner"] = "ends_in_corner"
    # --- weather (CORE-WEATHER-*, WEATHER-*) ---
    weather: bool = False  # the weather module (WEATHER-B-1, module 4 of Formula Dé); off = always dry
    weather_change: Literal["state_machine", "row_step"] = "state_machine"  # VAR-25: TAB-WEATHER-SM or AMB-6
    weather_streak: Literal["strict", "sun_rain_only"] = "strict"  # AMB-7
    weather_timing: Literal["end_of_round", "immediate"] = "end_of_round"  # AMB-8, MASTERS-TURN-15
    # VAR-26: a variable race starts dry (C), on the middle row (B, AMB-6), or temporarily as
    # the qualifying weather (D, WEATHER-D-2)
    weather_start: Literal["dry", "row", "qualifying"] = "dry"
    # --- tyres (TYRE-*, TAB-TYRE-C/D) ---
    tyres: Literal["C", "D"] | None = None  # the tyre module and its table (TAB-TYRE-C, TAB-TYRE-D); None = off
    rain_slide: Literal["ends_in_corner", "any_corner_space"] = "ends_in_corner"  # VAR-28, AMB-28
    # --- road holding (CORE-DANGER-*, ROAD-*) ---
    markers: bool = True  # damage markers make dangerous spaces (FD08-DANGER-1; module 6 of Formula Dé)
    # --- pit-stop options (PIT-A-*, PIT-X-*) ---
    pit_repairs: Literal["none", "long_stop", "any_stop"] = "none"  # VAR-32/33: PIT-A-4 long stop, PIT-X-3
    pit_reserve: int = 0  # repair WP per car for the race: PIT-A-1 (AMB-31) and PIT-X-1 give 2
    pit_repair_areas: int = 6  # PIT-X-3: a technical stop repairs one or two areas
    # --- team race (TEAM-B-1..3) ---
    teams: bool = False  # pairs of cars in entry order form teams (TEAM-B-1)
    team_stock: int = 4  # repair WP a team shares for the whole race (TEAM-B-2); it replaces the cars' own reserve

    grid: Literal["roll", "qualifying"] = "roll"  # VAR-20: FD08-GRID-1, or a timed lap (QUAL-B-1)
    qualifying: QualifyingRules = QUAL_B  # VAR-21..23
    # --- the Dresden league rules (section 5) ---
    start_in_turn: bool = False  # VAR-24: the start roll is part of the first turn, from gear 0 (START-D-1..3)
    spin_restart: Literal["first_gear", "start_roll"] = "first_gear"  # VAR-18: FD08-SPIN-1, or WEAR-D-2/OUT-D-1
    fuel_per_lap: bool = False  # FUEL-1..3: 1 fuel WP per lap, rolling out when the tank is empty
    engine_boost: bool = False  # ENG-D-3, VAR-42
    engine_failure: Literal["out", "roll_out"] = "out"  # VAR-8: out at once, or OUT-D-2's roll-out
    pit_points: bool = False  # PIT-D-5..11: announced stops worked off by points, no pit roll
    pit_lane_gear: int | None = None  # PIT-D-2: the highest gear into and in the pit lane
    team_box: bool = False  # PIT-D-4: team-mates share one box, one car at a time
    block_front_body: bool = False  # BLOCK-D-3: the car in front loses 1 body WP when one retires blocked
    # AMB-20 (COLL-D-4): the mover rolls the wreck's check too (b), loses 1 body per wreck (a),
    # or 1 body per car this check puts out (c)
    wreck_collision: Literal["rolls_for_wreck", "automatic", "per_retirement"] = "rolls_for_wreck"
    profiles: bool = False  # DRESDEN-PROFILE-1..9
    karma: bool = False  # KARMA-1..4
    karma_per_point: int = 1  # KARMA-2, VAR-47: +1 per championship point [S], per 100 points [O]
    head_to_head: bool = False  # H2H-1..3
    t_car: bool = False  # TCAR-1..2
    t_car_wp: int = 20  # TCAR-1: 2 WP less than the 22
    restart: bool = False  # RESTART-1..2
    clock: bool = False  # BLITZ-6, BLITZ-7: out of its player's time, the car stops where it stands
    # --- the street race (STREET-1..8; the open points AMB-52, AMB-63: docs/rules.md) ---
    # STREET-1..8: the roster's drivers (their abilities are the Dresden profiles, with ``profiles``),
    # hard tyres, nitro, no pits, the city circuit's zones and tunnels, the tyres back on the line
    street: bool = False
    nitro_per: Literal["lap", "game_round"] = "lap"  # AMB-63: "einmal pro Runde" read as a lap, or as a game round
    # AMB-52: the shooting zone is a black-die check of every movement that drives into it
    # ("passing") or only of a car that stands in it ("stopping"); a roll up to ``shooting_fails``
    # costs 1 body WP
    shooting: Literal["passing", "stopping"] = "passing"
    shooting_fails: int = Field(default=4, ge=0, le=20)
    police_tie: Literal["first", "nobody"] = "first"  # AMB-52: level highest rolls: the first to pass, or nobody
    free_wp_cap: Literal["setup", "none"] = "setup"  # AMB-52: the free WP never above the set-up, or without a cap

    @model_validator(mode="after")
    def _one_weather_mechanism(self) -> RuleSet:
        """The row step starts on the middle row, the state machine dry (VAR-25, VAR-26)."""
        if (self.weather_change == "row_step") != (self.weather_start == "row"):
            raise ValueError(
                "weather_change 'row_step' goes with weather_start 'row', 'state_machine' with 'dry' or 'qualifying'"
            )
        return self


FORMULA_D_BASIC = RuleSet()

# Formula D 2008 with its optional modules (3.14-3.20): own car (OPT-CAR-1/2), qualifying
# with the stopwatch (QUAL-B-*), weather moving one row per determination (WEATHER-B-*,
# AMB-6), tyre choice read from the Formula Dé table (TYRE-B-4), extended pit stops with
# 2 repair WP for one or two areas (PIT-X-1..4). The street race is a preset of its own (STREET).
FORMULA_D_MODULES = RuleSet(
    name="Formula D with all modules",
    car_setup=B_OWN_CAR,
    grid="qualifying",
    qualifying=QUAL_B,
    weather=True,
    weather_change="row_step",
    weather_start="row",
    tyres="C",
    pit_repairs="any_stop",
    pit_reserve=2,
    pit_repair_areas=2,
)

# AMB-30-like standard car for the sets with fuel (VAR-3): what computer drivers and a
# player who keeps the default get; CAR-C-2's 20 WP, each area at least 1 (CAR-C-3).
C_DEFAULT_WEAR = WearPoints(tyres=6, brakes=3, fuel=3, body=3, engine=3, road_holding=2)

# Formula Dé with all seven advanced modules (ADV-1) over 3 laps (C-RACE-1): slipstream,
# qualifying (QUAL-1..8), tyres (TAB-TYRE-C), weather (TAB-WEATHER-SM, rolled at once by
# the triggering pilot, WEATHER-5), own car (CAR-C-1..3), road holding (ROAD-1..4),
# pit-stop options (PIT-A-1..5); fuel pays for skipped gears (VAR-2), level cars go in
# order of arrival (VAR-1), the B start roll (AMB-58).
FORMULA_DE_ADVANCED = RuleSet(
    name="Formula Dé advanced",
    race_laps=3,
    downshift=DOWNSHIFT_CD,
    car_setup=C_OWN_CAR,
    default_wear=C_DEFAULT_WEAR,
    tie_break="first_arrival",
    arc_around_markers=True,
    slip_corner_brake="enters_corner",
    grid="qualifying",
    qualifying=QUAL_C,
    weather=True,
    weather_timing="immediate",
    tyres="C",
    pit_repairs="long_stop",
    pit_reserve=2,
)

# Masters 2002 (chapter 6): the Formula Dé modules (AMB-50) with its own turn procedure
# (MASTERS-TURN-1..15, the engine's order for every set) and the weather determined at
# the end of the game round (MASTERS-TURN-15). The gear lever (MASTERS-LEVER-1..3) cannot
# be mismatched on a screen: the declared gear is the only gear (MASTERS-LEVER-4).
MASTERS_2002 = FORMULA_DE_ADVANCED.model_copy(update={"name": "Masters 2002", "weather_timing": "end_of_round"})

# A 22-WP Dresden car (RACE-D-4, AMB-32): four fuel WP for three laps (FUEL-1) and one
# for a skip, one WP in the box reserve for a repair.
D_DEFAULT_WEAR = WearPoints(tyres=6, brakes=3, fuel=4, body=3, engine=2, road_holding=3)
D_DEFAULT_RESERVE = 1

# The Dresden league's Season 2006 text [S] (section 5): the Formula Dé modules it builds on
# (the SUGGESTION at the head of section 5) with its own start, wear, pits, wrecks,
# profiles and karma. Each field names its rule.
DRESDEN_2006 = RuleSet(
    name="Dresden league 2006",
    race_laps=3,  # RACE-D-7
    downshift=DOWNSHIFT_CD,  # FUEL-4
    car_setup=D_DRESDEN,  # RACE-D-4, CAR-D-4, AMB-32
    default_wear=D_DEFAULT_WEAR,
    tie_break="first_arrival",  # ORDER-D-2
    max_lane_shift=None,  # LANE-D-1: one direction, as many lanes as it likes
    arc_around_markers=True,  # LANE-D-2: cars and dangerous spaces may be driven around
    wrecks=True,  # OUT-D-3
    slip_geometry="free",  # SLIP-D-2
    slip_corner_brake="enters_corner",  # SLIP-D-3
    grid="qualifying",  # RACE-D-1
    qualifying=QUAL_D,
    weather=True,  # WEATHER-D-1
    weather_start="qualifying",  # WEATHER-D-2, VAR-26
    tyres="D",  # TYRE-D-1..5
    pit_stops=3,  # PIT-D-*: no limit is stated; one per lap at most (AMB-54)
    pit_stops_3_laps=3,
    pit_exit_gear=4,  # PIT-D-2, PIT-D-11
    start_in_turn=True,
    spin_restart="start_roll",
    fuel_per_lap=True,
    engine_boost=True,
    engine_failure="roll_out",
    pit_points=True,
    pit_lane_gear=4,
    team_box=True,
    block_front_body=True,
    profiles=True,
    karma=True,
    head_to_head=True,
    t_car=True,
    restart=True,
)

# FD Blitz (BLITZ-1..3, BLITZ-6..9): two players against the clock, each car 9 WP (BLITZ-2; AMB-46a: no
# brakes and no road holding, so a car that must brake, or fails a road-holding check, is out),
# otherwise the Season's rules (BLITZ-9; AMB-46e: profiles and karma off). Not a preset of the
# race set-up: a Blitz match sets its heats up itself (rules/league/blitz.py).
BLITZ_WEAR = WearPoints(tyres=6, brakes=0, fuel=1, body=1, engine=1, road_holding=0)
FD_BLITZ = DRESDEN_2006.model_copy(
    update={
        "name": "FD Blitz",
        "car_setup": CarSetupRules(
            name="blitz",
            total=9,
            areas=D_DRESDEN.areas,
            minimum={a: BLITZ_WEAR[a] for a in D_DRESDEN.areas},
            maximum={a: BLITZ_WEAR[a] for a in D_DRESDEN.areas},
            total_rule="BLITZ-2",
            limit_rule="BLITZ-2",
        ),
        "default_wear": BLITZ_WEAR,
        "grid": "roll",  # the match decides the grid (BLITZ-3)
        "profiles": False,
        "karma": False,
        "head_to_head": False,
        "t_car": False,  # a duel has no team box to bring one from
        "clock": True,
    }
)

# The Open's text [O] (VAR-43..49): karma per 100 points, profiles only where the league
# has given them (AMB-39g: Normalo otherwise); the race rules are the Season's.
DRESDEN_OPEN = DRESDEN_2006.model_copy(update={"name": "Dresden Open", "karma_per_point": 100})

# The street race of the 2008 box (STREET-1..8, FLOW-B's variant): the basic game with its own
# set-up: the roster's ten drivers with their abilities (AMB-52: the Dresden profiles,
# DRESDEN-PROFILE-2..8), every car on hard tyres (STREET-2, the tyre table of TYRE-B-4 so rain
# would make them slide), nitro once per lap (STREET-3, AMB-63), no pits (STREET-4), the city
# circuit's zones (STREET-5..7) and the tyres and 2 free WP back on the line (STREET-8). The grid
# is rolled (FD08-GRID-1); the race is run dry, as the source names no weather for it.
STREET = RuleSet(
    name="Street race",
    tyres="C",
    profiles=True,
    street=True,
)

PRESETS: dict[str, RuleSet] = {
    "fd-basic": FORMULA_D_BASIC,
    "fd-modules": FORMULA_D_MODULES,
    "fde-advanced": FORMULA_DE_ADVANCED,
    "masters-2002": MASTERS_2002,
    "dresden-2006": DRESDEN_2006,
    "dresden-open": DRESDEN_OPEN,
    "street": STREET,
}


def preset(key: str) -> RuleSet:
    """A preset by its key; KeyError lists the keys that exist."""
    try:
        return PRESETS[key]
    except KeyError:
        raise KeyError(f"unknown rule set {key!r}; presets: {', '.join(sorted(PRESETS))}") from None
