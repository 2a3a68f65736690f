"""A race between homes for tests: the opening, and players who decide like a computer level
through their own view of the race (the messages a real player's game would send)."""

from __future__ import annotations

from game.tracks.load import load_track
from rules.ai.registry import computer_action
from rules.files.record import Header, same_drivers
from rules.remote.fair_dice import commitment
from rules.remote.race_view import RaceView
from rules.remote.referee import Notice, Out
from rules.remote.referee_protocol import Applied, Decision, RaceOpen, SeedReveal
from rules.ruleset import FORMULA_D_BASIC, RuleSet
from tests.conftest import REPO

OVAL = load_track(REPO / "maps" / "oval.tmx")
SEED = "5eed" * 16
REFEREE = "@referee:test"


def opening(
    seats: dict[str, str],
    cars: int = 2,
    deadline: int = 60,
    rules: RuleSet = FORMULA_D_BASIC,
    seed: str = SEED,
    header: Header | None = None,
) -> RaceOpen:
    """A 1-lap race on the oval: the seated cars human, the others Racers."""
    header = header or same_drivers(OVAL, rules, cars, 1, seed=0, driver="racer")
    entries = tuple(e.model_copy(update={"driver": "human"}) if e.id in seats else e for e in header.entries)
    return RaceOpen(
        header=header.model_copy(update={"entries": entries}),
        commitment=commitment(seed),
        seats=seats,
        referee=REFEREE,
        deadline=deadline,
    )


def decision(view: RaceView, account: str, level: str = "racer") -> Decision | None:
    """What ``account``'s game sends now: a decision for its car to move, or None."""
    car = view.to_move()
    if view.state.finished or car not in view.mine(account) or view.state.phase == "bid":
        return None
    from rules.engine import chance

    if chance(view.state) is not None:
        return None
    return Decision(seq=len(view.actions), action=computer_action(view.track, view.state, level))


def deliver(views: list[RaceView], out: list[Out]) -> list[Notice]:
    """Every view sees the referee's messages; the notices are returned."""
    for message in out:
        if isinstance(message, (Applied, SeedReveal)):
            for view in views:
                assert view.add(REFEREE, message) == ""
    return [m for m in out if isinstance(m, Notice)]
