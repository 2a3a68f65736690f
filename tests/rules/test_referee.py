"""The referee of a race between homes (rules/remote/referee.py) and a player's view of it
(rules/remote/race_view.py): turn order, refusals, deadlines, resuming, sealed bids (H2H-2) and
dice checked against the committed seed (CORE-DICE-1)."""

from __future__ import annotations

import pytest

from rules.actions import Bid, ChooseGear, Roll
from rules.ai.registry import DRIVERS
from rules.engine import to_move
from rules.files.record import Record, replay, same_drivers
from rules.remote.fair_dice import bid_commitment, commitment
from rules.remote.race_view import RaceView
from rules.remote.referee import Notice, Referee, RefereeError
from rules.remote.referee_protocol import Applied, BidOpen, BidSeal, Decision, ProtocolError, SeedReveal, parse
from rules.ruleset import DRESDEN_2006
from tests.rules.remote_helpers import OVAL, REFEREE, SEED, decision, deliver, opening
from tests.rules.test_dresden_head_to_head import after_leader, level

SEATS = {"car1": "@ann:test", "car2": "@bob:test"}


def play_to_flag(referee: Referee, views: list[RaceView], now: float = 0.0) -> list[Applied]:
    """Both players decide through their own view until the flag; every message is delivered."""
    sent: list[Applied] = []
    out = referee.step(now)
    for _ in range(5000):
        deliver(views, out)
        sent += [m for m in out if isinstance(m, Applied)]
        if referee.revealed:
            return sent
        pending = [(acc, d) for view, acc in zip(views, SEATS.values()) if (d := decision(view, acc))]
        assert pending, referee.session.where()
        out = referee.receive(*pending[0], now)
    raise AssertionError("the race did not end")


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_two_players_race_to_the_flag_and_every_die_checks_against_the_seed():
    race = opening(SEATS)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    views = [RaceView(OVAL, race), RaceView(OVAL, race)]
    sent = play_to_flag(referee, views)
    assert all(v.state.finished and v.verified is True and v.actions == referee.session.actions for v in views)
    assert {a.by for a in sent} == {"player", "dice"}
    final = replay(OVAL, Record(header=race.header, actions=tuple(views[0].actions)))
    assert final == referee.session.state


def test_a_race_is_refereed_only_with_the_committed_seed():
    with pytest.raises(RefereeError, match="not the one the race committed to"):
        Referee(OVAL, opening(SEATS), "f" * 64, drivers=DRIVERS)


def test_refusals_leave_the_race_unchanged_with_one_notice_each():
    race = opening(SEATS)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    view = RaceView(OVAL, race)
    deliver([view], referee.step(0))
    car = referee.session.state.active
    assert car in SEATS
    other = next(c for c in SEATS if c != car)
    seq = referee.seq
    gear = decision(view, SEATS[car]).action
    cases = [
        ("@eve:test", Decision(seq=seq, action=gear), "has no seat in this race"),
        (SEATS[other], Decision(seq=seq, action=gear), "it is not your turn"),
        (SEATS[car], Decision(seq=seq + 3, action=gear), f"not yet at action {seq + 4}"),
        (SEATS[car], Decision(seq=seq, action=ChooseGear(gear=6)), "refused"),
        (SEATS[car], Decision(seq=seq, action=gear.model_copy(update={"car": other})), f"is for car {other}"),
        (SEATS[car], BidSeal(seq=seq, car=car, seal="0" * 64), "no head-to-head bidding is open"),
    ]
    for sender, message, text in cases:
        out = referee.receive(sender, message, 1.0)
        assert len(out) == 1 and isinstance(out[0], Notice) and text in out[0].text and out[0].to == sender, text
        assert referee.seq == seq
    out = referee.receive(SEATS[car], Decision(seq=seq, action=gear), 1.0)
    assert isinstance(out[0], Applied) and out[0].action.car == car
    again = referee.receive(SEATS[car], Decision(seq=seq, action=gear), 2.0)  # the same event twice
    assert [n.text for n in again] == [f"action {seq + 1} was applied already: the copy is ignored"]


def test_malformed_messages_are_refused_with_what_and_where():
    with pytest.raises(ProtocolError, match="org.formula_d.decision: seq: Input should be greater"):
        parse("org.formula_d.decision", {"seq": -1, "action": {"kind": "gear", "gear": 3}})
    with pytest.raises(ProtocolError, match="a player never rolls"):
        parse("org.formula_d.decision", {"seq": 0, "action": {"kind": "roll", "value": 20}})
    with pytest.raises(ProtocolError, match="not readable JSON"):
        parse("org.formula_d.decision", "{not json")
    with pytest.raises(ProtocolError, match="is not a message of the race"):
        parse("org.formula_d.cheat", {})
    with pytest.raises(ProtocolError, match="seal: String should match"):
        parse("org.formula_d.bid_seal", {"seq": 0, "car": "a", "seal": "xyz"})
    good = parse("org.formula_d.decision", '{"seq": 4, "action": {"kind": "gear", "gear": 3}}')
    assert good == Decision(seq=4, action=ChooseGear(gear=3))


def test_a_race_cannot_seat_a_player_in_a_computer_car_or_leave_a_human_car_empty():
    header = same_drivers(OVAL, opening(SEATS).header.rules, 2, 1, seed=0, driver="racer")
    with pytest.raises(ValueError, match="driven by a computer"):
        opening(SEATS).model_validate({**opening(SEATS).model_dump(), "header": header.model_dump()})
    with pytest.raises(ValueError, match="have no player"):
        opening(SEATS).model_validate({**opening(SEATS).model_dump(), "seats": {"car1": "@ann:test"}})


def test_a_player_who_misses_the_deadline_is_driven_by_the_fallback_level_with_a_notice():
    race = opening(SEATS, deadline=600)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    view = RaceView(OVAL, race)
    deliver([view], referee.step(0))
    car = to_move(referee.session.state)
    assert referee.step(599) == [] and referee.waiting_for() == (car,)
    out = referee.step(600)
    assert isinstance(out[0], Applied) and out[0].by == "deadline" and out[0].action.car == car
    assert "missed the deadline: the racer level decided" in out[0].notice
    deliver([view], out)
    assert view.notices and view.notices[0].key == "deadline_move"
    assert view.notices[0].args == {"name": referee._name(car), "level": "racer"}


def test_a_restarted_referee_resumes_from_the_history_and_rolls_the_same_dice():
    race = opening(SEATS)
    whole = Referee(OVAL, race, SEED, drivers=DRIVERS)
    sent = play_to_flag(whole, [RaceView(OVAL, race), RaceView(OVAL, race)])
    half = len(sent) // 2
    while sent[half].by == "dice":  # restart where a player is asked
        half += 1
    shuffled = list(reversed(sent[:half])) + sent[:3]  # any order, some twice
    resumed = Referee(OVAL, race, SEED, history=shuffled, drivers=DRIVERS)
    assert resumed.seq == half
    assert resumed.step(0) == []  # a player is asked: nothing to do without them
    for applied in sent[half:]:
        if applied.by == "player":
            out = resumed.receive(SEATS[applied.action.car], Decision(seq=applied.seq, action=applied.action), 0)
            assert out[0] == applied
    assert resumed.session.actions == whole.session.actions and resumed.revealed
    with pytest.raises(RefereeError, match="lacks action 2"):
        Referee(OVAL, race, SEED, history=[sent[0], sent[2]], drivers=DRIVERS)


def test_views_ignore_forged_and_repeated_actions_and_wait_for_gaps():
    race = opening(SEATS)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    sent = play_to_flag(referee, [RaceView(OVAL, race), RaceView(OVAL, race)])
    view = RaceView(OVAL, race)
    forged = sent[0].model_copy(update={"action": Roll(value=20)})
    assert "who is not the referee" in view.add("@bob:test", forged) and not view.actions
    assert view.add(REFEREE, sent[1]) == "" and not view.actions  # waits for action 1
    assert view.add(REFEREE, sent[0]) == "" and len(view.actions) == 2
    assert view.add(REFEREE, sent[0]) == ""  # the same event twice changes nothing
    assert "different content" in view.add(REFEREE, forged)
    assert len(view.actions) == 2


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_a_changed_die_or_a_wrong_seed_marks_the_race_unverified():
    race = opening(SEATS)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    sent = play_to_flag(referee, [RaceView(OVAL, race), RaceView(OVAL, race)])
    wrong_seed = RaceView(OVAL, race)
    for a in sent:
        wrong_seed.add(REFEREE, a)
    assert "UNVERIFIED RACE: the revealed seed does not match" in wrong_seed.add(REFEREE, SeedReveal(seed="0" * 64))
    assert wrong_seed.verified is False
    # a referee that rolled what suited it: the first black-die roll (the grid) changed
    first = next(i for i, a in enumerate(sent) if isinstance(a.action, Roll))
    cheat = opening(SEATS, seed="c" * 64).model_copy(update={"commitment": commitment(SEED)})
    tampered = RaceView(OVAL, cheat)
    value = sent[first].action.value
    changed = sent[first].model_copy(update={"action": Roll(value=value % 20 + 1)})
    for a in [changed if i == first else a for i, a in enumerate(sent)]:
        if tampered.add(REFEREE, a):
            break
    tampered.add(REFEREE, SeedReveal(seed=SEED))
    assert tampered.verified is not True


def bid_referee(deadline: int = 60) -> tuple[Referee, dict[str, str]]:
    """Dresden rules; cars a and b level on row 44 bid for their order after x's turn (H2H-1)."""
    state, _ = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    base = same_drivers(OVAL, DRESDEN_2006, 4, 1, seed=0, driver="racer")
    entries = tuple(e.model_copy(update={"id": cid}) for e, cid in zip(base.entries, ("x", "a", "b", "t")))
    seats = {"a": "@ann:test", "b": "@bob:test"}
    race = opening(seats, header=base.model_copy(update={"entries": entries}), deadline=deadline)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    referee.session.state = state
    return referee, seats


@pytest.mark.rules("H2H-2", "H2H-3")
def test_H2H_2_bids_are_sealed_then_opened_and_applied_only_when_all_are_open():
    referee, seats = bid_referee()
    assert referee.step(0) == [] and referee.waiting_for() == ("a", "b")
    seq = referee.seq
    seal_a, seal_b = bid_commitment("a", 4, "n" * 32), bid_commitment("b", 1, "m" * 32)
    early = referee.receive("@ann:test", BidOpen(seq=seq, car="a", amount=4, nonce="n" * 32), 1)
    assert "seal the bid of a before opening it" in early[0].text
    assert "sealed first" in referee.receive("@ann:test", Decision(seq=seq, action=Bid(amount=4)), 1)[0].text
    assert "car b is not yours" in referee.receive("@ann:test", BidSeal(seq=seq, car="b", seal=seal_b), 1)[0].text
    assert referee.receive("@ann:test", BidSeal(seq=seq, car="a", seal=seal_a), 1) == []
    assert "sealed already" in referee.receive("@ann:test", BidSeal(seq=seq, car="a", seal=seal_b), 1)[0].text
    wait = referee.receive("@ann:test", BidOpen(seq=seq, car="a", amount=4, nonce="n" * 32), 1)
    assert "wait until every bid is sealed" in wait[0].text  # b has not sealed: a's bid stays hidden
    assert [n.text for n in referee.receive("@bob:test", BidSeal(seq=seq, car="b", seal=seal_b), 2)] == [
        "every bid is sealed: open your bids now"
    ]
    lie = referee.receive("@ann:test", BidOpen(seq=seq, car="a", amount=9, nonce="n" * 32), 3)
    assert "does not match its seal" in lie[0].text
    assert referee.receive("@ann:test", BidOpen(seq=seq, car="a", amount=4, nonce="n" * 32), 3) == []
    assert referee.seq == seq  # no bid is applied, so none is public, until every bid is open
    out = referee.receive("@bob:test", BidOpen(seq=seq, car="b", amount=1, nonce="m" * 32), 4)
    bids = [(m.action.car, m.action.amount, m.by) for m in out if isinstance(m, Applied)]
    assert bids == [("a", 4, "player"), ("b", 1, "player")]
    assert referee.session.state.active == "a"  # H2H-3: the larger bid moves first


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_bidder_who_misses_the_deadline_gets_the_fallback_bid_and_the_sealed_one_opens():
    referee, _ = bid_referee(deadline=100)
    referee.step(0)
    seq = referee.seq
    referee.receive("@ann:test", BidSeal(seq=seq, car="a", seal=bid_commitment("a", 2, "n" * 32)), 10)
    out = referee.step(100)
    assert [n.text for n in out] == ["every bid is sealed: open your bids now"]
    assert referee.step(150) == []  # a has a new deadline to open its bid
    out = referee.receive("@ann:test", BidOpen(seq=seq, car="a", amount=2, nonce="n" * 32), 160)
    applied = [m for m in out if isinstance(m, Applied)]
    assert [(m.action.car, m.by) for m in applied[:2]] == [("a", "player"), ("b", "deadline")]
    assert "missed the deadline" in applied[1].notice


def test_a_decision_sent_for_a_step_the_dice_took_is_refused_as_decided_not_applied():
    race = opening(SEATS)
    referee = Referee(OVAL, race, SEED, drivers=DRIVERS)
    view = RaceView(OVAL, race)
    deliver([view], referee.step(0))
    car = referee.session.state.active
    assert car in SEATS
    gear = decision(view, SEATS[car])
    assert gear is not None
    rolled = max(i for i, a in enumerate(referee.session.actions) if isinstance(a, Roll))
    before = referee.session.actions
    out = referee.receive(SEATS[car], Decision(seq=rolled, action=gear.action), 2.0)
    assert len(out) == 1 and isinstance(out[0], Notice), out
    assert f"action {rolled + 1} was decided already" in out[0].text
    assert referee.session.actions == before
