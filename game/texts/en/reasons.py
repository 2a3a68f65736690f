"""Why the rules refuse a move, by reason code, in the words the screens show.

Every code of ``rules.reasons.TEMPLATES`` with its placeholders; where the rules' reference
wording reads badly beside translated area words, or changes with a count, it is replaced here.
"""

from __future__ import annotations

from game.texts.plural import Plural
from rules.reasons import TEMPLATES, Code

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
        "There is no braking in the pit lane: the car cannot stop 1 space short unless the car in front is in the way.",
        "There is no braking in the pit lane: the car cannot stop {spaces} spaces short unless the car in "
        "front is in the way.",
        count="spaces",
    ),
}
