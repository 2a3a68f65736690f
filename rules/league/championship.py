"""Championships: points per race, dropped results, standings and the karma carried from race to
race (SEASON-1..6, OPEN-1..3, QUAL-D-14, KARMA-1/2, TAB-POINTS, AMB-41e/f, AMB-43, AMB-51).

Pure functions of a championship's definition and each race's classification and grid: the
standings are never stored, only the races, so they recompute from the race records at any time.
The game keeps the championship (``game/storage/championships.py``) and draws the standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.classify import Place
from rules.ruleset import DRESDEN_2006, DRESDEN_OPEN
from rules.tables import karma
from rules.tables.profiles import Profile

SEASON_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)  # SEASON-4, TAB-POINTS: Formula 1 style
MODERN_POINTS = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)  # a choice for the Formula D / Formula Dé sets
POLE_POINTS = 100  # QUAL-D-14: the pole; each later grid slot one point less


class Scheme(BaseModel):
    """What a race awards: points by place, the laps a car must have completed to score, and
    whether the grid scores too (QUAL-D-14)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    race: tuple[int, ...]
    min_laps: int = Field(default=0, ge=0)  # SEASON-5, OPEN-2: 2 full laps in the league
    qualifying: bool = False  # QUAL-D-14, OPEN-3: 101 - grid slot
    dropped: int = Field(default=0, ge=0)  # SEASON-6: results each driver drops
    karma_per: int = Field(default=0, ge=0)  # KARMA-2, AMB-41e: 1 karma per this many race points; 0 = none


SCHEMES: dict[str, Scheme] = {
    # the league's own: the Season (SEASON-4..6) and the Open (OPEN-2, QUAL-D-14; no drops), with
    # their rule set's karma income (KARMA-2, VAR-47: per point or per 100)
    "season": Scheme(key="season", race=SEASON_POINTS, min_laps=2, dropped=2, karma_per=DRESDEN_2006.karma_per_point),
    "open": Scheme(
        key="open",
        race=tuple(100 * p for p in SEASON_POINTS),
        min_laps=2,
        qualifying=True,
        karma_per=DRESDEN_OPEN.karma_per_point,
    ),
    # for the Formula D and Formula Dé sets, which define no championship: the players choose
    "f1": Scheme(key="f1", race=SEASON_POINTS),
    "f1-modern": Scheme(key="f1-modern", race=MODERN_POINTS),
}


class Member(BaseModel):
    """One driver of the championship: the seat, and what stays the same all season."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    driver: str = "human"  # human or a computer driver kind
    colour: str = "#be171d"  # rules.files.record.COLOURS[0]
    number: int = Field(default=1, ge=1, le=99)
    team: int | None = Field(default=None, ge=0, le=9)  # SEASON-2: up to 2 drivers a team
    profile: Profile = Profile.NORMALO  # DRESDEN-PROFILE-1: chosen once for the season


class Championship(BaseModel):
    """A named series: its rule set, its tracks in order, its drivers and teams, what it awards."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    preset: str
    modules: dict[str, bool] = Field(default_factory=dict)  # the set-up's module switches
    tracks: tuple[str, ...] = Field(min_length=1, max_length=30)  # track files, raced in this order
    laps: int = Field(default=3, ge=1, le=3)
    members: tuple[Member, ...] = Field(min_length=2, max_length=10)
    teams: tuple[str, ...] = ()  # team names, indexed by Member.team
    scheme: Scheme = SCHEMES["f1"]
    qualifying_runs: int = Field(default=1, ge=1, le=2)  # QUAL-D-13, OPEN-3: the Open's 1 or 2 runs a race

    @model_validator(mode="after")
    def _valid(self) -> Championship:
        """SEASON-2, OPEN-1: a team has 1 or 2 drivers, and every team a driver names exists; the
        drivers' ids and car numbers differ (the race set-up's rule)."""
        for t in {m.team for m in self.members if m.team is not None}:
            if t >= len(self.teams):
                raise ValueError(f"a driver is in team {t + 1}, but only {len(self.teams)} teams are named")
            if sum(1 for m in self.members if m.team == t) > 2:
                raise ValueError(f"team {self.teams[t]!r} has more than 2 drivers (SEASON-2)")
        if len({m.id for m in self.members}) != len(self.members):
            raise ValueError("two drivers share an id")
        if len({m.number for m in self.members}) != len(self.members):
            raise ValueError("two drivers have the same car number")
        return self

    def member(self, member_id: str) -> Member:
        return next(m for m in self.members if m.id == member_id)


class Score(BaseModel):
    """One driver's result in one race."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    driver: str
    position: int
    laps: int
    status: str
    race: int = 0  # SEASON-4 / OPEN-2 points
    qualifying: int = 0  # QUAL-D-14 points

    @property
    def points(self) -> int:
        return self.race + self.qualifying


def score_race(scheme: Scheme, places: Sequence[Place], grid: Sequence[str] | None) -> dict[str, Score]:
    """Every classified car's points (AMB-51's classification): the place's points if the car
    completed ``min_laps`` (SEASON-5: a retired car with 2 laps in the top 8 scores too), and with
    ``qualifying`` 101 minus its grid slot (QUAL-D-14: the pole 100)."""
    slots = {car: i for i, car in enumerate(grid or ())}
    out = {}
    for p in places:
        race = scheme.race[p.position - 1] if p.position <= len(scheme.race) and p.laps >= scheme.min_laps else 0
        quali = POLE_POINTS - slots[p.car] if scheme.qualifying and p.car in slots else 0
        out[p.car] = Score(driver=p.car, position=p.position, laps=p.laps, status=p.status, race=race, qualifying=quali)
    return out


def karma_after(scheme: Scheme, pool_at_finish: int, score: Score | None) -> int:
    """KARMA-2, AMB-41e/f: the pool a driver takes to the next race: what it held at the flag
    (its race-end income paid) plus 1 per ``karma_per`` race points (qualifying points do not count)."""
    if not scheme.karma_per or score is None:
        return pool_at_finish
    return pool_at_finish + karma.points_income(score.race, scheme.karma_per)


def proposed_drops(points: Sequence[int], n: int) -> tuple[int, ...]:
    """SEASON-6, AMB-43: the ``n`` races (indexes) a driver loses least by dropping, the later
    race first among equals (an early good result is kept as the season goes on)."""
    ranked = sorted(range(len(points)), key=lambda i: (points[i], -i))
    return tuple(sorted(ranked[:n]))


def drops_in_effect(champ: Championship, races: int) -> int:
    """SEASON-6 read as Formula 1 series count: a season of R races counts the best R - n, so the
    results a driver drops so far are those beyond R - n (none until then, all n at the end).
    Dropping from the first race on would show every driver with 0 counted points after race 1."""
    n = champ.scheme.dropped
    return max(0, min(n, races - (len(champ.tracks) - n)))


def valid_drops(chosen: Sequence[int], races: int, n: int) -> bool:
    """A driver's own choice (SEASON-6): at most ``n`` different races of those played."""
    return len(set(chosen)) == len(chosen) <= n and all(0 <= i < races for i in chosen)


def _dropped(points: Sequence[int], chosen: Sequence[int], k: int) -> tuple[int, ...]:
    """The ``k`` races dropped: the driver's own choice (of its races, the ``k`` worth least if it
    named more), the rest as proposed among the other races."""
    mine = tuple(chosen[i] for i in proposed_drops([points[c] for c in chosen], k))
    others = [i for i in range(len(points)) if i not in mine]
    rest = proposed_drops([points[i] for i in others], k - len(mine))
    return tuple(sorted((*mine, *(others[j] for j in rest))))


class Standing(BaseModel):
    """A driver's season so far: points per race (None = not in that race), both totals."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    driver: str
    points: tuple[int | None, ...]
    dropped: tuple[int, ...]
    total: int  # every race
    counted: int  # without the dropped results (SEASON-6)
    places: tuple[int, ...]  # finishing positions, for ties (AMB-43: more wins, then more 2nds, ...)


def _countback(places: Sequence[int], size: int) -> tuple[int, ...]:
    """AMB-43: more wins, then more 2nd places, ... (negated, to sort best first)."""
    return tuple(-sum(1 for p in places if p == k) for k in range(1, size + 1))


def standings(
    champ: Championship, races: Sequence[Mapping[str, Score]], drops: Mapping[str, Sequence[int]] | None = None
) -> list[Standing]:
    """SEASON-3, SEASON-6, AMB-43: the drivers' table after ``races``, best first: the counted
    total (the drops in effect so far: the driver's chosen ones, else the proposed ones), then
    the countback."""
    n = champ.scheme.dropped
    k = drops_in_effect(champ, len(races))
    out = []
    for m in champ.members:
        points = tuple(r[m.id].points if m.id in r else None for r in races)
        plain = [p or 0 for p in points]
        chosen = tuple((drops or {}).get(m.id, ()))
        dropped = _dropped(plain, chosen if valid_drops(chosen, len(races), n) else (), k)
        total = sum(plain)
        places = tuple(r[m.id].position for r in races if m.id in r)
        out.append(
            Standing(
                driver=m.id,
                points=points,
                dropped=dropped,
                total=total,
                counted=total - sum(plain[i] for i in dropped),
                places=places,
            )
        )
    size = len(champ.members)
    return sorted(
        out, key=lambda s: (-s.counted, _countback(s.places, size), champ.members.index(champ.member(s.driver)))
    )


class TeamStanding(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    team: int
    name: str
    drivers: tuple[str, ...]
    points: tuple[int, ...]  # per race, both drivers together
    total: int


def team_standings(champ: Championship, races: Sequence[Mapping[str, Score]]) -> list[TeamStanding]:
    """SEASON-3, OPEN-1, AMB-43: the constructors: both drivers' points of every race, no drops;
    ties by the better driver places as for drivers."""
    out = []
    for t, name in enumerate(champ.teams):
        drivers = tuple(m.id for m in champ.members if m.team == t)
        per_race = tuple(sum(r[d].points for d in drivers if d in r) for r in races)
        out.append(TeamStanding(team=t, name=name, drivers=drivers, points=per_race, total=sum(per_race)))
    size = len(champ.members)

    def places(ts: TeamStanding) -> tuple[int, ...]:
        return _countback([r[d].position for r in races for d in ts.drivers if d in r], size)

    return sorted(out, key=lambda ts: (-ts.total, places(ts), ts.team))


def progression(
    champ: Championship, races: Sequence[Mapping[str, Score]], drops: Mapping[str, Sequence[int]] | None = None
) -> dict[str, tuple[int, ...]]:
    """Each driver's counted total after each race, as the standings counted it then, for the
    chart (so the chart and the table never disagree)."""
    out: dict[str, list[int]] = {m.id: [] for m in champ.members}
    for j in range(len(races)):
        upto = {d: tuple(i for i in chosen if i <= j) for d, chosen in (drops or {}).items()}
        for s in standings(champ, races[: j + 1], upto):
            out[s.driver].append(s.counted)
    return {d: tuple(run) for d, run in out.items()}


def default_scheme(preset: str) -> Scheme:
    """The league's own tables for its presets (SEASON-4, OPEN-2); Formula 1 style for the rest."""
    return {"dresden-2006": SCHEMES["season"], "dresden-open": SCHEMES["open"]}.get(preset, SCHEMES["f1"])


def default_races(preset: str) -> int:
    """SEASON-1: the Season has 10 races; OPEN-1: the Open 3; other series propose 3."""
    return {"dresden-2006": 10}.get(preset, 3)
