"""Reliability (issue 25, items 2-5): no input makes pyrules fail (exit 3), and the budgets hold.

Each test here is a defect found by hand or by the fuzzer: an action field given a list or a mapping where a
name belongs, a one-player game that could not end its turn, budgets that did not cover all the work, card
files that crashed the reader or were silently misread, YAML 1.1 numbers, and small disagreements between
what is refused and what is accepted.
"""

from __future__ import annotations

import json

import pytest

from conftest import cli, obj, scenario
from pyrules import api, batch

BEARS = obj("bears", "Grizzly Bears")


def refused(d: dict, command: str = "show") -> dict:
    code, doc = api.answer(command, {"scenario": d})
    assert code == 2, doc
    return doc["error"]


# ------------------------------------------------------------------------------------------- action fields

@pytest.mark.parametrize("action, field", [
    ({"pass": ["alice"]}, "actions[0].pass"),
    ({"pass": {"alice": 1}}, "actions[0].pass"),
    ({"cast": "bears", "by": ["alice"]}, "actions[0].by"),
    ({"gain_control": "bears", "by": {"bob": None}}, "actions[0].by"),
    ({"copy": "bears", "as": "bears2", "by": ["bob"]}, "actions[0].by"),
    ({"attack": {"bears": ["bob"]}}, "actions[0].attack.bears"),
    ({"attack": {"bears": {"bob": 1}}}, "actions[0].attack.bears"),
    ({"block": {"bears": ["bears"]}}, "actions[0].block.bears"),
    ({"activate": "bears", "ability": 1, "targets": [["bears"]]}, "actions[0].targets[0]"),
    ({"cast": "bears", "targets": [{"bob": 1}]}, "actions[0].targets[0]"),
    ({"cast": "bears", "exile": [["bears"]]}, "actions[0].exile[0]"),
    ({"pass": "alice", "keep": [{"a": "b"}]}, "actions[0].keep[0]"),
    ({"pass": "alice", "trigger_targets": {"trigger_1_1": [["x"]]}}, "actions[0].trigger_targets.trigger_1_1[0]"),
    ({"pass": "alice", "trigger_targets": {"trigger_1_1": [{"x": 1}]}}, "actions[0].trigger_targets.trigger_1_1[0]"),
])
def test_a_list_or_mapping_where_an_action_names_a_player_or_an_object_is_bad_input_naming_the_field(action, field):
    err = refused(scenario(BEARS, actions=[action]))
    assert err["field"] == field
    assert "must be" in err["message"]


def test_in_a_batch_such_an_action_is_that_lines_error_and_the_batch_goes_on(tmp_path):
    good = scenario(BEARS)
    bad = scenario(BEARS, actions=[{"pass": ["alice"]}])
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in (good, bad, good)) + "\n", encoding="utf-8")
    lines = [(code, json.loads(line)) for code, line in batch.answers(batch.read_items(path))]
    assert [code for code, _ in lines] == [0, 2, 0]
    assert lines[1][1]["answer"]["error"]["field"] == "actions[0].pass"
    out = cli("batch", str(path))
    assert out.returncode == 0, out.stderr


# ------------------------------------------------------------------------------------------- one player

def one_player(*actions, **kw) -> dict:
    return scenario(obj("bears", "Grizzly Bears", tapped=True), obj("f1", "Forest", zone="library"),
                    obj("f2", "Forest", zone="library"), players=("alice",), actions=list(actions), **kw)


def test_500_1_a_one_player_games_turn_ends_and_the_next_one_is_that_players():
    # CR 101.4, 500.1: with one player, the next player in turn order is that player: their next turn begins,
    # their permanents untap (502.3) and they draw (504.1)
    code, doc = api.answer("show", {"scenario": one_player({"next_turn": True})})
    assert code == 0, doc
    assert doc["turn"] == {"active": "alice", "phase": "precombat_main", "step": None, "priority": "alice",
                           "lands_played": 0}
    assert doc["objects"]["bears"]["tapped"] is False
    assert doc["players"]["alice"]["hand"] == 1 and doc["players"]["alice"]["library"] == 1


def test_117_4_a_one_player_game_goes_round_its_turns_by_passing():
    # CR 117.4, 500.2: the only player passing is every player passing in succession: the step ends. From the
    # precombat main phase: beginning of combat, declare attackers, end of combat (none attacked, 508.8),
    # postcombat main, end, cleanup (no priority, 514.3), then the next turn's untap (502.3) and upkeep
    code, doc = api.answer("show", {"scenario": one_player(*[{"pass": "alice"}] * 6)})
    assert code == 0, doc
    assert (doc["turn"]["active"], doc["turn"]["phase"], doc["turn"]["step"]) == ("alice", "beginning", "upkeep")
    assert doc["objects"]["bears"]["tapped"] is False
    # two more: the draw step (504.1: one card drawn) and the precombat main phase
    code, doc = api.answer("show", {"scenario": one_player(*[{"pass": "alice"}] * 8)})
    assert (doc["turn"]["phase"], doc["players"]["alice"]["hand"]) == ("precombat_main", 1)
