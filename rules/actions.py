"""What can happen to a race: player choices and chance outcomes, plus the events they cause."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.car import Area, WearPoints
from rules.moves import Via
from rules.tables.pit_points import PitPlan
from rules.tables.tyres import Tyre


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _Choice(_Action):
    """A player's (or computer driver's) decision; ``car`` names whose, and the engine refuses
    it for any other car, so a record says who decided what and cannot be misread."""

    car: str | None = None


class ChooseGear(_Choice):
    """Declare the gear for this turn (CORE-TURN-1); skip costs are struck now (CORE-GEAR-7)."""

    kind: Literal["gear"] = "gear"
    gear: int
    boost: bool = False  # ENG-D-3: strike 1 engine WP for as many extra spaces as the gear
    nitro: bool = False  # STREET-3: the lap's nitro, as many extra spaces as the gear
    pit: PitPlan | None = None  # PIT-D-6: announce (or change) what the crew will do; None keeps the last


class Roll(_Action):
    """A chance outcome: the face of the die the state asks for (OpenSpiel's chance node)."""

    kind: Literal["roll"] = "roll"
    value: int


class Drive(_Choice):
    """Drive this path (the spaces entered, in order); shorter than the roll = braking.

    ``via`` says which segment of the movement it is: the roll, a slide, the soft-tyre
    bonus or a slipstream (CORE-TURN-2; the state offers which).
    """

    kind: Literal["move"] = "move"
    path: tuple[str, ...]
    via: Via = "roll"


class EndMove(_Choice):
    """Decline the optional extras (the soft-tyre bonus, slipstream): the movement ends here."""

    kind: Literal["stop"] = "stop"


class SetUp(_Choice):
    """The active car's set-up before the start, once the race weather is known: its tyres
    (TYRE-1) and, where the rules let players build their car, its WP (CAR-C-2, OPT-CAR-1).
    ``wp`` None keeps the set-up the car was entered with."""

    kind: Literal["setup"] = "setup"
    tyre: Tyre | None = None
    wp: WearPoints | None = None
    reserve: int = Field(default=0, ge=0)  # AMB-32: WP of the total kept in the box for repairs


class PitStop(_Choice):
    """What the crew does at the box (MASTERS-TURN-11/12): the tyres for the next lap
    (PIT-X-2, TYRE-D-1), a long stop (PIT-A-4) and repairs from the car's reserve
    (PIT-A-1, PIT-X-3). With pit stops by points it is the plan chosen at the box when none
    was announced (PIT-D-10): fuel WP, a new set of tyres (None keeps the set) and repairs."""

    kind: Literal["pitstop"] = "pitstop"
    tyre: Tyre | None = None
    long: bool = False
    repairs: dict[Area, int] = {}
    fuel: int = Field(default=0, ge=0)  # PIT-D-10: fuel WP to refuel (pit stops by points only)


class Karma(_Choice):
    """What the driver does with a check roll just made (KARMA-3/4): re-roll it for 40
    karma, raise it by 1 for 20, or accept it."""

    kind: Literal["karma"] = "karma"
    spend: Literal["reroll", "raise", "accept"]


class Bid(_Choice):
    """A secret head-to-head bid of karma points for the turn order among level cars (H2H-2);
    0 = no bid."""

    kind: Literal["bid"] = "bid"
    amount: int = Field(ge=0)


class TCar(_Choice):
    """After an early retirement: race on in the T-car (TCAR-1), which has ``wp`` (the set-up
    less 2 WP, AMB-38), or not (``wp`` None)."""

    kind: Literal["tcar"] = "tcar"
    wp: WearPoints | None = None


class TimeOut(_Choice):
    """FD Blitz: the player's clock has run out (BLITZ-6): the turn ends at once and the car stays
    exactly where it is for the rest of the heat. The game's clock sends it, so it is in the record."""

    kind: Literal["timeout"] = "timeout"


class FreeWP(_Choice):
    """The street race's won WP put into areas (STREET-7: 2 at the police station, STREET-8: 2 on
    the line): area -> WP, adding up to what the car may take (``rules.modules.free_wp``)."""

    kind: Literal["free_wp"] = "free_wp"
    wp: dict[Area, int] = {}


Action = Annotated[
    ChooseGear | Roll | Drive | EndMove | SetUp | PitStop | Karma | Bid | TCar | TimeOut | FreeWP,
    Field(discriminator="kind"),
]


class Event(BaseModel):
    """Something that happened, for the race log and the animations (never changes state)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal[
        "grid",
        "start",
        "gear",
        "roll",
        "moved",
        "wear",
        "check",
        "collision",
        "spin",
        "marker",
        "out",
        "pit",
        "lap",
        "finish",
        "round",
        "turn",
        "race_over",
        "weather",
        "setup",
        "offer",
        "fuel",
        "boost",
        "karma",
        "bid",
        "wreck",
        "tcar",
        "restart",
        "nitro",
        "tunnel",
        "police",
        "tyres_back",
        "free_wp",
    ]
    car: str | None = None
    data: dict[str, int | str | bool | None | list[str]] = {}
