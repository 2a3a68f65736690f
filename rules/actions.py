"""What can happen to a race: player choices and chance outcomes, plus the events they cause."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChooseGear(_Action):
    """Declare the gear for this turn (CORE-TURN-1); skip costs are struck now (CORE-GEAR-7)."""

    kind: Literal["gear"] = "gear"
    gear: int


class Roll(_Action):
    """A chance outcome: the face of the die the state asks for (OpenSpiel's chance node)."""

    kind: Literal["roll"] = "roll"
    value: int


class Drive(_Action):
    """Drive this path (the spaces entered, in order); shorter than the roll = braking."""

    kind: Literal["move"] = "move"
    path: tuple[str, ...]


Action = Annotated[Union[ChooseGear, Roll, Drive], Field(discriminator="kind")]


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
    ]
    car: str | None = None
    data: dict[str, int | str | bool | None | list[str]] = {}
