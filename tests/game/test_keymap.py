"""The key map's file: defaults, a change kept across starts, damage survived, clashes refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.storage.keys import ACTIONS, FILE, KeyMap, load_keys, save_keys


def test_a_missing_file_is_every_default_key() -> None:
    keys, notices = load_keys(Path("/nonexistent-folder"))
    assert notices == [] and keys == KeyMap()
    assert keys.key("race.roll") == "space" and keys.key("race.target_next") == "tab"
    assert keys.action("tab", ("race.move", "race")) == "race.target_next"
    assert keys.action("tab", ("race.busy", "race")) == "race.skip"  # one key, two moments that never meet


def test_a_changed_key_is_saved_and_read_back(tmp_path: Path) -> None:
    keys = KeyMap().rebound("race.hint", "g")
    save_keys(tmp_path, keys)
    again, notices = load_keys(tmp_path)
    assert notices == [] and again.key("race.hint") == "g" and again.action("g", ("race",)) == "race.hint"
    assert json.loads((tmp_path / FILE).read_text()) == {"keys": {"race.hint": "g"}}  # only what differs
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary left


def test_a_key_back_on_its_default_is_not_stored() -> None:
    assert KeyMap().rebound("race.hint", "g").rebound("race.hint", "h").keys == {}


@pytest.mark.parametrize(
    ("action", "key", "other"),
    [
        ("race.hint", "f", "race.fit"),  # both on the race board
        ("race.target_choose", "space", "race.roll"),  # picking a destination is on the race board
        ("focus.press", "shift+tab", "focus.previous"),
    ],
)
def test_a_key_another_action_uses_at_the_same_moment_is_refused(action: str, key: str, other: str) -> None:
    keys = KeyMap()
    assert keys.clash(action, key) == other
    with pytest.raises(ValueError):
        keys.rebound(action, key)


def test_keys_of_moments_that_never_meet_may_be_shared() -> None:
    keys = KeyMap().rebound("race.end_move", "k").rebound("race.skip", "k")
    assert keys.action("k", ("race.move", "race")) == "race.end_move"
    assert keys.action("k", ("race.busy", "race")) == "race.skip"
    assert KeyMap().rebound("focus.press", "h").key("race.hint") == "h"  # a menu's key and a race key


@pytest.mark.parametrize("key", ["escape", "f11", "left", "left shift", "", "Tab", "enter"])
def test_the_game_s_own_keys_and_names_that_are_no_key_are_refused(key: str) -> None:
    with pytest.raises(ValueError):
        KeyMap().rebound("race.hint", key)


def test_a_file_that_is_not_json_gives_a_notice_and_the_defaults(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text("{not json")
    keys, notices = load_keys(tmp_path)
    assert keys == KeyMap()
    assert [n.key for n in notices] == ["notice.keys_not_json", "notice.damaged_kept"]
    assert "not valid JSON" in notices[0].text()
    assert (tmp_path / f"{FILE}.damaged").read_text() == "{not json"


def test_a_bad_binding_costs_only_itself(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text(
        json.dumps(
            {"keys": {"race.hint": "g", "race.fit": "g", "race.nitro": "escape", "no.such": "x", "race.log": "k"}}
        )
    )
    keys, notices = load_keys(tmp_path)
    assert keys.keys == {
        "race.hint": "g",
        "race.log": "k",
    }  # the clash, the reserved key and the unknown action dropped
    assert notices[0].key == "notice.keys_invalid"
    assert notices[0].values["field"] == "keys.race.fit, keys.race.nitro, keys.no.such"


@pytest.mark.parametrize("text", ["[]", '{"keys": 3}', '{"keys": {}, "more": 1}'])
def test_a_file_of_the_wrong_shape_gives_a_notice_and_the_defaults(tmp_path: Path, text: str) -> None:
    (tmp_path / FILE).write_text(text)
    keys, notices = load_keys(tmp_path)
    assert keys == KeyMap() and notices[0].key == "notice.keys_invalid"


def test_every_action_has_a_default_key_of_its_own_where_it_works() -> None:
    keys = KeyMap()
    assert all(keys.clash(a.id, a.default) is None for a in ACTIONS)
