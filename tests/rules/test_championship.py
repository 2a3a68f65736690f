"""Championship points, dropped results, standings and the karma carried (rules/league/championship.py),
worked out by hand from SEASON-*, OPEN-*, QUAL-D-14, KARMA-1/2 and AMB-41/43/51."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.classify import Place
from rules.league import championship as ch
from rules.tables.karma import START


def places(*rows: tuple[str, str, int]) -> list[Place]:
    """(car, status, completed laps) in classification order."""
    return [Place(position=i, car=c, status=s, laps=laps) for i, (c, s, laps) in enumerate(rows, 1)]


def champ(
    scheme: str = "season", n: int = 4, teams: tuple[str, ...] = ("Red", "Blue"), races: int = 3
) -> ch.Championship:
    members = tuple(
        ch.Member(id=f"d{i}", name=f"Driver {i}", number=i, team=(i - 1) // 2 if teams else None)
        for i in range(1, n + 1)
    )
    return ch.Championship(
        name="Test",
        preset="dresden-2006",
        tracks=("oval.tmx",) * races,
        members=members,
        teams=teams,
        scheme=ch.SCHEMES[scheme],
    )


@pytest.mark.rules("SEASON-4")
def test_SEASON_4_TAB_POINTS_10_8_6_5_4_3_2_1_for_the_first_eight():
    rows = [(f"c{i}", "finished", 3) for i in range(1, 11)]
    score = ch.score_race(ch.SCHEMES["season"], places(*rows), None)
    assert [score[f"c{i}"].points for i in range(1, 11)] == [10, 8, 6, 5, 4, 3, 2, 1, 0, 0]


@pytest.mark.rules("SEASON-5")
def test_SEASON_5_AMB_51_only_two_full_laps_score_a_retired_car_with_two_scores():
    score = ch.score_race(
        ch.SCHEMES["season"], places(("a", "finished", 3), ("b", "out", 2), ("c", "out", 1), ("d", "out", 0)), None
    )
    assert [score[c].points for c in "abcd"] == [10, 8, 0, 0]


@pytest.mark.rules("OPEN-2")
def test_OPEN_2_the_points_are_the_season_s_times_100():
    score = ch.score_race(ch.SCHEMES["open"], places(("a", "finished", 3), ("b", "finished", 3), ("c", "out", 1)), None)
    assert [score[c].race for c in "abc"] == [1000, 800, 0]


@pytest.mark.rules("QUAL-D-14", "OPEN-3")
def test_QUAL_D_14_OPEN_3_the_pole_gets_100_each_slot_one_less():
    score = ch.score_race(
        ch.SCHEMES["open"], places(("b", "finished", 3), ("a", "finished", 3), ("c", "out", 0)), grid=("a", "c", "b")
    )
    assert [(score[c].race, score[c].qualifying, score[c].points) for c in "abc"] == [
        (800, 100, 900),
        (1000, 98, 1098),
        (0, 99, 99),
    ]
    season = ch.score_race(ch.SCHEMES["season"], places(("a", "finished", 3)), grid=("a",))
    assert season["a"].qualifying == 0  # the Season has no qualifying points


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_AMB_41e_karma_per_point_in_the_season_per_100_in_the_open_never_for_qualifying():
    season = ch.Score(driver="a", position=1, laps=3, status="finished", race=10)
    assert ch.karma_after(ch.SCHEMES["season"], 33, season) == 43
    open_ = ch.Score(driver="a", position=2, laps=3, status="finished", race=800, qualifying=99)
    assert ch.karma_after(ch.SCHEMES["open"], 30, open_) == 38
    assert ch.karma_after(ch.SCHEMES["f1"], 30, season) == 30  # no karma outside the league


@pytest.mark.rules("KARMA-1")
def test_KARMA_1_AMB_41f_the_season_starts_with_30_and_the_pool_carries():
    assert START == 30
    pool = START
    for race_points in (10, 0, 6):
        pool = ch.karma_after(
            ch.SCHEMES["season"], pool, ch.Score(driver="a", position=1, laps=3, status="finished", race=race_points)
        )
    assert pool == 46


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_AMB_43_two_dropped_results_the_two_worst_proposed_the_drivers_choice_kept():
    c = champ(races=4)
    races = [
        ch.score_race(c.scheme, places(*rows), None)
        for rows in (
            [("d1", "finished", 3), ("d2", "finished", 3), ("d3", "finished", 3), ("d4", "finished", 3)],
            [("d2", "finished", 3), ("d1", "finished", 3), ("d3", "finished", 3), ("d4", "finished", 3)],
            [("d3", "finished", 3), ("d4", "finished", 3), ("d1", "finished", 3), ("d2", "out", 1)],
            [("d1", "finished", 3), ("d4", "finished", 3), ("d2", "finished", 3), ("d3", "finished", 3)],
        )
    ]
    table = {s.driver: s for s in ch.standings(c, races)}
    d1 = table["d1"]  # 10, 8, 6, 10
    assert d1.points == (10, 8, 6, 10) and d1.total == 34 and d1.dropped == (1, 2) and d1.counted == 20
    mine = {s.driver: s for s in ch.standings(c, races, {"d1": (0, 3)})}["d1"]
    assert mine.dropped == (0, 3) and mine.counted == 14  # the driver's own (odd) choice counts
    odd = {s.driver: s for s in ch.standings(c, races, {"d1": (0,)})}["d1"]
    assert odd.dropped == (0, 2)  # one race chosen: it stands, and the worst of the others is proposed


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_results_are_dropped_only_beyond_those_the_season_counts():
    """A season of 4 races with 2 drops counts the best 2: nothing is dropped after races 1 and 2,
    the worst of 3 after race 3, a driver's own choice honoured as far as drops are in effect."""
    c = champ(races=4)
    rows = [("d1", "finished", 3), ("d2", "finished", 3), ("d3", "out", 0), ("d4", "out", 0)]
    one = [ch.score_race(c.scheme, places(*rows), None)]
    table = {s.driver: s for s in ch.standings(c, one)}
    assert table["d1"].dropped == () and table["d1"].counted == table["d1"].total == 10
    swapped = [("d2", "finished", 3), ("d1", "finished", 3), ("d3", "out", 0), ("d4", "out", 0)]
    three = [*one, ch.score_race(c.scheme, places(*swapped), None), *one]  # d1: 10, 8, 10
    assert {s.driver: s for s in ch.standings(c, three[:2])}["d1"].counted == 18
    d1 = {s.driver: s for s in ch.standings(c, three)}["d1"]
    assert d1.dropped == (1,) and d1.counted == 20
    mine = {s.driver: s for s in ch.standings(c, three, {"d1": (0, 2)})}["d1"]
    assert len(mine.dropped) == 1 and mine.dropped[0] in (0, 2) and mine.counted == 18
    assert ch.drops_in_effect(c, 4) == 2 and ch.drops_in_effect(c, 2) == 0


@pytest.mark.rules("SEASON-3")
def test_SEASON_3_AMB_43_the_champion_has_most_counted_points_ties_by_more_wins():
    c = champ(scheme="f1", races=2)
    races = [
        ch.score_race(c.scheme, places(*rows), None)
        for rows in (
            [("d1", "finished", 3), ("d3", "finished", 3), ("d2", "finished", 3), ("d4", "finished", 3)],
            [("d3", "finished", 3), ("d1", "finished", 3), ("d2", "finished", 3), ("d4", "finished", 3)],
        )
    ]
    table = ch.standings(c, races)
    assert [(s.driver, s.counted) for s in table] == [("d1", 18), ("d3", 18), ("d2", 12), ("d4", 10)]
    # d1 and d3 each won once and came 2nd once: the countback reaches the entry order


@pytest.mark.rules("SEASON-3")
def test_SEASON_3_AMB_43_constructors_both_drivers_points_without_drops():
    c = champ(races=2)
    races = [
        ch.score_race(c.scheme, places(*rows), None)
        for rows in (
            [("d3", "finished", 3), ("d1", "finished", 3), ("d4", "finished", 3), ("d2", "finished", 3)],
            [("d1", "finished", 3), ("d2", "finished", 3), ("d3", "finished", 3), ("d4", "finished", 3)],
        )
    ]
    teams = ch.team_standings(c, races)
    assert [(t.name, t.points, t.total) for t in teams] == [("Red", (13, 18), 31), ("Blue", (16, 11), 27)]


@pytest.mark.rules("SEASON-2", "OPEN-1")
def test_SEASON_2_OPEN_1_a_team_has_one_or_two_drivers():
    ch.Championship(
        name="x",
        preset="dresden-open",
        tracks=("oval.tmx",),
        teams=("Solo",),
        members=(ch.Member(id="a", name="A", team=0), ch.Member(id="b", name="B", number=2)),
    )
    with pytest.raises(ValidationError, match="more than 2"):
        ch.Championship(
            name="x",
            preset="dresden-2006",
            tracks=("oval.tmx",),
            teams=("Big",),
            members=tuple(ch.Member(id=c, name=c, number=i, team=0) for i, c in enumerate("abc", 1)),
        )
    with pytest.raises(ValidationError, match="team 2"):
        ch.Championship(
            name="x",
            preset="dresden-2006",
            tracks=("oval.tmx",),
            teams=("One",),
            members=(ch.Member(id="a", name="A", team=1), ch.Member(id="b", name="B", number=2)),
        )
    with pytest.raises(ValidationError, match="same car number"):
        ch.Championship(
            name="x",
            preset="fd-basic",
            tracks=("oval.tmx",),
            members=(ch.Member(id="a", name="A"), ch.Member(id="b", name="B")),
        )


@pytest.mark.rules("SEASON-1", "OPEN-1")
def test_SEASON_1_OPEN_1_a_season_proposes_10_races_the_open_3():
    assert ch.default_races("dresden-2006") == 10 and ch.default_races("dresden-open") == 3
    assert ch.default_scheme("dresden-2006").dropped == 2 and ch.default_scheme("dresden-open").qualifying
    assert ch.default_scheme("fd-basic").key == "f1"


def test_the_chart_runs_every_result_up():
    c = champ(scheme="f1", races=2)
    races = [
        ch.score_race(
            c.scheme, places(("d1", "finished", 3), ("d2", "finished", 3), ("d3", "out", 1), ("d4", "out", 0)), None
        )
    ] * 2
    assert ch.progression(c, races)["d2"] == (8, 16)


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_the_chart_shows_what_the_standings_counted_after_each_race():
    """With drops in effect, each point of the chart is the counted total of the table after that
    race: it never adds a dropped result (two of 3 races count here)."""
    c = champ(scheme="season", races=3)
    c = c.model_copy(update={"scheme": c.scheme.model_copy(update={"dropped": 1})})
    first = [("d1", "finished", 3), ("d2", "finished", 3), ("d3", "finished", 3), ("d4", "finished", 3)]
    third = [("d3", "finished", 3), ("d4", "finished", 3), ("d2", "finished", 3), ("d1", "finished", 3)]
    races = [ch.score_race(c.scheme, places(*rows), None) for rows in (first, first, third)]  # d1: 10, 10, 5
    run = ch.progression(c, races)
    assert run["d1"] == (10, 20, 20)
    for j in range(3):
        assert {d: r[j] for d, r in run.items()} == {s.driver: s.counted for s in ch.standings(c, races[: j + 1])}


@pytest.mark.rules("SEASON-6")
@given(st.lists(st.integers(min_value=0, max_value=10), min_size=0, max_size=12), st.integers(min_value=0, max_value=3))
def test_SEASON_6_the_proposed_drops_lose_the_fewest_points(points: list[int], n: int):
    drops = ch.proposed_drops(points, min(n, len(points)))
    assert ch.valid_drops(drops, len(points), n)
    kept = sum(points) - sum(points[i] for i in drops)
    assert kept == sum(sorted(points)[min(n, len(points)) :])


@pytest.mark.rules("OPEN-2", "OPEN-3", "OPEN-4")
def test_OPEN_4_VAR_47_the_open_plays_the_season_s_rules_but_for_its_karma_income():
    """The Open repeats the Season's text with the [O] differences (VAR-43..49): the race rules are
    the same, the karma income is 1 per 100 points; its table and qualifying points are the
    championship's (OPEN-2, OPEN-3)."""
    from rules.ruleset import DRESDEN_2006, DRESDEN_OPEN

    differ = {k for k, v in DRESDEN_OPEN.model_dump().items() if DRESDEN_2006.model_dump()[k] != v}
    assert differ == {"name", "karma_per_point"} and DRESDEN_OPEN.karma_per_point == 100
    assert ch.default_scheme("dresden-open").karma_per == DRESDEN_OPEN.karma_per_point
    assert ch.default_scheme("dresden-2006").karma_per == DRESDEN_2006.karma_per_point
