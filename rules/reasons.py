"""Structured reasons why the rules refuse something.

The rules never answer with prose: a refusal (an illegal gear) or a problem
(an invalid car set-up) is a ``Reason`` carrying the RULES.md rule ID, a
stable ``code`` and the numbers involved. The UI translates the code; the
English templates below are the reference wording and what tests and logs use.
"""

from __future__ import annotations

import string
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class CountingFormatter(string.Formatter):
    """``{n:space|spaces}`` writes the word for the count ("1 space", "2 spaces"), so no
    sentence has to say "space(s)"; any other field formats as ``str.format`` does."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if value == 1 else many
        return super().format_field(value, format_spec)


FORMAT = CountingFormatter()


class Code(StrEnum):
    """Stable keys for translations; never rename one, only add."""

    UPSHIFT_SKIP = "upshift_skip"
    SIX_TO_ONE = "six_to_one"
    SKIP_AREA_EMPTY = "skip_area_empty"
    SKIP_COST_UNPAYABLE = "skip_cost_unpayable"
    NOT_FROM_GEAR_ZERO = "not_from_gear_zero"
    SETUP_WRONG_TOTAL = "setup_wrong_total"
    SETUP_BELOW_MINIMUM = "setup_below_minimum"
    SETUP_ABOVE_MAXIMUM = "setup_above_maximum"
    SETUP_AREA_UNUSED = "setup_area_unused"
    NOT_A_STEP = "not_a_step"
    CANNOT_BRAKE = "cannot_brake"
    BLOCKED_TOO_FAR = "blocked_too_far"
    BLOCKED_UNPAID = "blocked_unpaid"
    MISSED_STOPS = "missed_stops"
    TYRES_GONE = "tyres_gone"
    SPIN_TOO_FAR = "spin_too_far"
    SPACE_OCCUPIED = "space_occupied"
    NO_PIT_NOW = "no_pit_now"
    NO_LANE_CHANGE_AFTER_OVERSHOOT = "no_lane_change_after_overshoot"
    TOO_MANY_LANES = "too_many_lanes"
    NO_ZIGZAG = "no_zigzag"
    NOT_NOW = "not_now"
    NOT_A_FACE = "not_a_face"
    NO_SUCH_GEAR = "no_such_gear"
    PIT_GEAR_LIMIT = "pit_gear_limit"
    AREA_GONE = "area_gone"
    NO_BRAKING_IN_PIT = "no_braking_in_pit"
    NO_BRAKING_NOW = "no_braking_now"
    NO_LANE_CHANGE_ON_EXIT = "no_lane_change_on_exit"
    SLIP_NEEDS_BRAKE = "slip_needs_brake"
    SLIP_SHAPE = "slip_shape"
    SLIP_EMPTY = "slip_empty"
    EXTRA_NOT_OFFERED = "extra_not_offered"
    BONUS_WHOLE_SPACE = "bonus_whole_space"
    TYRE_REQUIRED = "tyre_required"
    NO_TYRE_MODULE = "no_tyre_module"
    NO_LONG_STOP = "no_long_stop"
    REPAIR_NEEDS_LONG_STOP = "repair_needs_long_stop"
    REPAIR_TOO_MUCH = "repair_too_much"
    RESERVE_TOO_SMALL = "reserve_too_small"
    REPAIR_TOO_MANY_AREAS = "repair_too_many_areas"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_SHORTEST = "not_shortest"
    TOO_MANY_SPACES = "too_many_spaces"
    SETUP_NO_RESERVE = "setup_no_reserve"
    REPAIR_ONE_OR_TWO = "repair_one_or_two"
    KARMA_NOT_OFFERED = "karma_not_offered"
    BID_TOO_HIGH = "bid_too_high"
    PIT_LANE_GEAR = "pit_lane_gear"
    PIT_WORK_GEAR = "pit_work_gear"
    NO_PIT_POINTS = "no_pit_points"
    ROLLING_OUT = "rolling_out"
    ROLL_OUT_STRAIGHT = "roll_out_straight"
    OUT_OF_FUEL = "out_of_fuel"
    NO_BOOST = "no_boost"
    BOOST_LAST_ENGINE_WP = "boost_last_engine_wp"
    BOOST_IN_BOX = "boost_in_box"
    BOX_REACHABLE = "box_reachable"
    TIME_UP = "time_up"
    TCAR_WP = "tcar_wp"
    ONE_SPACE_LESS_IN_CORNER = "one_space_less_in_corner"
    LAUNCH_WHOLE_SPACE = "launch_whole_space"
    NO_NITRO = "no_nitro"
    NITRO_USED = "nitro_used"
    FREE_WP_TOTAL = "free_wp_total"
    FREE_WP_ABOVE_SETUP = "free_wp_above_setup"
    FREE_WP_AREA = "free_wp_area"
    TYRES_FIXED = "tyres_fixed"
    FILE_FOLDER = "file_folder"
    FILE_DEVICE = "file_device"
    FILE_TOO_LARGE = "file_too_large"
    FILE_GREW = "file_grew"
    FILE_NOT_UTF8 = "file_not_utf8"
    FILE_UNLOOKABLE = "file_unlookable"
    FILE_NOT_REPLACED = "file_not_replaced"
    FILE_GIVE_PATH = "file_give_path"
    FILE_RIGHT_ONE = "file_right_one"
    FILE_IS_UTF8 = "file_is_utf8"
    FILE_OTHER_NAME = "file_other_name"
    FILE_NAME_IN_FOLDER = "file_name_in_folder"
    FILE_REGULAR_NAME = "file_regular_name"


TEMPLATES: dict[Code, str] = {
    Code.UPSHIFT_SKIP: ("Cannot shift up from gear {current} to gear {target}: only one gear up per turn."),
    Code.SIX_TO_ONE: "Shifting down from 6th gear straight to 1st gear is never allowed.",
    Code.SKIP_AREA_EMPTY: (
        "Cannot shift down from gear {current} to gear {target}: with no {area} wear points left, "
        "only one gear down per turn."
    ),
    Code.SKIP_COST_UNPAYABLE: (
        "Cannot shift down from gear {current} to gear {target}: skipping {skipped} {skipped:gear|gears} needs "
        "{needed} {area} wear {needed:point|points}, only {available} left."
    ),
    Code.NOT_FROM_GEAR_ZERO: "From neutral (N) a car may only engage gear {allowed}, not gear {target}.",
    Code.SETUP_WRONG_TOTAL: "The set-up has {total} wear points; it must have exactly {required}.",
    Code.SETUP_BELOW_MINIMUM: ("Too few wear points on {area}: {points}, at least {minimum} required."),
    Code.SETUP_ABOVE_MAXIMUM: ("Too many wear points on {area}: {points}, at most {maximum} allowed."),
    Code.NOT_A_STEP: "A car cannot drive from {src} to {dst} in one step.",
    Code.CANNOT_BRAKE: (
        "Stopping {spaces} {spaces:space|spaces} short needs {spaces} brake wear {spaces:point|points}; "
        "only {brakes} left."
    ),
    Code.BLOCKED_TOO_FAR: "Blocked {spaces} spaces short: 7 or more spaces means the car is out.",
    Code.BLOCKED_UNPAID: (
        "Blocked {spaces} {spaces:space|spaces} short: that costs {brakes} brake and {tyres} tyre wear "
        "points, more than the car has left, so it is out."
    ),
    Code.MISSED_STOPS: ("Leaving {corner} after {stops} of {required} stops puts the car out of the race."),
    Code.TYRES_GONE: (
        "Flying out of the corner costs {needed} tyre wear {needed:point|points}; only {available} left, "
        "so the car is out."
    ),
    Code.SPIN_TOO_FAR: (
        "The last tyre wear point goes with an overshoot of {spaces} spaces: the car is out instead of spinning."
    ),
    Code.SPACE_OCCUPIED: "Space {space} is taken: cars cannot jump over or onto another car.",
    Code.NO_PIT_NOW: "The car may not turn into the pit lane now.",
    Code.NO_LANE_CHANGE_AFTER_OVERSHOOT: (
        "After leaving a corner with a stop missing the car may not change lanes ({space})."
    ),
    Code.TOO_MANY_LANES: ("On a straight a car may move at most two lanes away from its starting lane ({space})."),
    Code.NO_ZIGZAG: ("A car may not leave its lane and come back to it, except to pass another car ({space})."),
    Code.NOT_NOW: "It is not the moment to {action}.",
    Code.NOT_A_FACE: "{value} is not a face of the {die} die.",
    Code.NO_SUCH_GEAR: "There is no gear {gear}: cars have gears 1 to 6.",
    Code.PIT_GEAR_LIMIT: "Leaving the pits the car may use at most gear {limit}, not gear {gear}.",
    Code.AREA_GONE: "The last {area} wear point is gone: the car is out of the race.",
    Code.SETUP_AREA_UNUSED: ("This rule set has no {area} area: it must have 0 wear points, not {points}."),
    Code.NO_BRAKING_IN_PIT: (
        "There is no braking in the pit lane: the car cannot stop {spaces} {spaces:space|spaces} short unless "
        "the car in front is in the way."
    ),
    Code.NO_BRAKING_NOW: "The car may not brake now: it must drive all {roll} spaces.",
    Code.NO_LANE_CHANGE_ON_EXIT: "A car may not change lanes once it leaves a corner ({space}).",
    Code.SLIP_NEEDS_BRAKE: "A slipstream into a corner costs 1 brake WP, and the car has none left ({space}).",
    Code.SLIP_SHAPE: (
        "Slipstream goes one lane out and past, two straight on, or two lanes out and one straight on ({space})."
    ),
    Code.SLIP_EMPTY: "A slipstream moves the car at least one space.",
    Code.EXTRA_NOT_OFFERED: "The car cannot drive a {extra} segment now.",
    Code.BONUS_WHOLE_SPACE: "The soft-tyre bonus is one whole space forward, or nothing.",
    Code.TYRE_REQUIRED: "Choose the tyres: hard, soft or rain.",
    Code.NO_TYRE_MODULE: "This rule set has no tyre choice.",
    Code.NO_LONG_STOP: "This rule set has no long pit stop.",
    Code.REPAIR_NEEDS_LONG_STOP: "Repairs are only possible in a long pit stop.",
    Code.REPAIR_TOO_MUCH: (
        "The crew cannot give {area} {points} WP: never more than the set-up's {setup}, and never tyres."
    ),
    Code.RESERVE_TOO_SMALL: "The repairs need {needed} WP, but only {reserve} are left in the reserve.",
    Code.REPAIR_TOO_MANY_AREAS: "A technical stop repairs at most {areas} areas.",
    Code.NOT_YOUR_TURN: "It is not the turn of {car} now, but of {active}.",
    Code.NOT_SHORTEST: "On a straight the car must take a shortest way: {space} is nearer by another path.",
    Code.TOO_MANY_SPACES: "That way is {spaces} spaces long: the car drives {roll} this time, fewer only by braking.",
    Code.SETUP_NO_RESERVE: "This rule set keeps no WP in the box: put the {points} reserve WP into the car.",
    Code.REPAIR_ONE_OR_TWO: "The crew repairs 1 or 2 WP in a stop, not {points}.",
    Code.KARMA_NOT_OFFERED: (
        "Karma cannot {spend} this roll: a re-roll costs 40 and comes before any raise (raised {raised}), "
        "a raise costs 20, and the pool has {karma}."
    ),
    Code.BID_TOO_HIGH: "A head-to-head bid is at most the karma pool: {amount} is more than {karma}.",
    Code.PIT_LANE_GEAR: "In the pit lane a car drives at most in gear {limit}, not gear {gear}.",
    Code.PIT_WORK_GEAR: "At its box the car works off the crew's points in gear {work}, not gear {gear}.",
    Code.NO_PIT_POINTS: "This rule set has no pit stops by points: nothing to announce or refuel.",
    Code.ROLLING_OUT: "The car is rolling out: it must use gear {gear}, at no cost.",
    Code.ROLL_OUT_STRAIGHT: "A car rolling out after an engine failure goes straight ahead while it can.",
    Code.OUT_OF_FUEL: "Out of fuel: the car rolled out short of its box and the finish line.",
    Code.NO_BOOST: "The engine boost is not possible now.",
    Code.BOOST_LAST_ENGINE_WP: "The engine boost may not use the last engine WP ({left} left).",
    Code.BOOST_IN_BOX: "No engine boost at the box: the crew's points are worked off with plain 4th-gear rolls.",
    Code.BOX_REACHABLE: (
        "The roll reaches the box by the shortest way: in the pit lane the car drives into it, not short of it."
    ),
    Code.TIME_UP: "The driver's time is up: the car stays where it stands for the rest of the heat.",
    Code.TCAR_WP: "The T-car has the set-up less {less} WP, taken from any areas, each keeping at least 1.",
    Code.ONE_SPACE_LESS_IN_CORNER: (
        "In sun this driver stops one space short in a corner: the move ends before {space}."
    ),
    Code.LAUNCH_WHOLE_SPACE: "The Praktiker's extra space is one whole space forward, or nothing.",
    Code.NO_NITRO: "The nitro is not possible now.",
    Code.NITRO_USED: "The nitro is used once per lap: this car has used it on lap {lap} already.",
    Code.FREE_WP_TOTAL: "Distribute exactly {amount} WP, not {given}.",
    Code.FREE_WP_ABOVE_SETUP: "{area} may get at most {room} WP more: never above the set-up's {setup}.",
    Code.FREE_WP_AREA: "This car has no {area} area.",
    Code.TYRES_FIXED: "In the street race every car drives on hard tyres.",
    # A file the program refuses to read or replace (rules.files.filelimits): what is wrong, then
    # the fix; ``file`` names the kind of file ("a_race_record").
    Code.FILE_FOLDER: "it is a folder.",
    Code.FILE_DEVICE: "it is a device or a pipe, not a file, and may never end.",
    Code.FILE_TOO_LARGE: "it is {size}, but {file} is at most {limit}.",
    Code.FILE_GREW: "it is more than {size}, but {file} is at most {limit}.",
    Code.FILE_NOT_UTF8: "it is not UTF-8 text (byte {byte} at offset {offset}).",
    Code.FILE_UNLOOKABLE: "it cannot be looked at ({detail}).",
    Code.FILE_NOT_REPLACED: "it is a device or a pipe, not a file, and is never replaced.",
    Code.FILE_GIVE_PATH: "give the path of {file}.",
    Code.FILE_RIGHT_ONE: "check that it is the right file.",
    Code.FILE_IS_UTF8: "{file} is a UTF-8 text file.",
    Code.FILE_OTHER_NAME: "give another file name.",
    Code.FILE_NAME_IN_FOLDER: "give the name of a file in it.",
    Code.FILE_REGULAR_NAME: "give the name of a regular file.",
}


class Reason(BaseModel):
    """Why something is not allowed: rule ID, translation key, and the values."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    code: Code
    values: dict[str, int | str] = {}

    def english(self) -> str:
        """A short English sentence; snake_case values read as words."""
        words = {k: v.replace("_", " ") if isinstance(v, str) else v for k, v in self.values.items()}
        return FORMAT.format(TEMPLATES[self.code], **words)


# The same model under the two names the callers think in.
Refusal = Reason
Problem = Reason
