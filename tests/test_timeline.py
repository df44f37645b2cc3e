"""Timelines, where the check isn't a partial match of an answer: what the engine grounds (a one-faced permanent
doesn't convert, CR 712.9), the text answer's wording, and bad input naming its field (exit 2). The timelines'
answers from the rulings (BOT-03 … BOT-16, REX-01 … REX-10) are rule cases under tests/rules/."""

import json

import pytest

import pyrules
from conftest import cli, obj, scenario


def trig(ev) -> list[dict]:
    """The abilities that triggered on the last action, as show --json reports them (without their ids)."""
    return [{k: v for k, v in d.items() if k != "id"} for d in ev.triggered]


def run(d, step=None):
    return pyrules.evaluate(pyrules.load(d), step=step)


def test_CR_712_9_a_one_faced_permanent_cant_convert():
    # the instruction does nothing: a one-faced card has no other face to turn to (it keeps its only face,
    # which show reports as its front, the scenario's default face)
    ev = run(scenario(obj("bears", "Grizzly Bears"), actions=[{"convert": "bears"}]))
    assert ev.error is None and ev.objects["bears"].face == "front"
    assert (ev.objects["bears"].name, ev.objects["bears"].power) == ("Grizzly Bears", 2)
    assert trig(ev) == [] and "converted" not in str(ev.game.atoms("event", 2))


def _welcome(trigger_targets):
    # Welcome to . . . resolves at step 2; its chapter I ability ("for each opponent, up to one target noncreature
    # artifact that player controls becomes a 0/4 Wall ...") goes on the stack after step 2 as trigger_2_1
    return scenario(obj("welcome", "Welcome to . . .", zone="hand"), obj("relic", "Mind Stone", owner="bob"),
                    obj("ring", "Sol Ring", owner="bob"),
                    actions=[{"cast": "welcome"}, {"resolve": "top", "trigger_targets": trigger_targets}, {"resolve": "top"}])


@pytest.mark.parametrize("named, field", [
    ({"trigger_3_1": ["ring"]}, "actions[1].trigger_targets.trigger_3_1"),          # not this step's ability
    ({"trigger_2_2": ["ring"]}, "actions[1].trigger_targets.trigger_2_2"),          # no such ability went on the stack
    ({"trigger_2_1": ["rnig"]}, "actions[1].trigger_targets.trigger_2_1[0]"),       # no such object
    ({"trigger_2_1": "ring"}, "actions[1].trigger_targets.trigger_2_1"),            # not a list
])
def test_trigger_targets_naming_what_isnt_there_exits_2_naming_the_field(write_yaml, named, field):
    r = cli("show", write_yaml(_welcome(named)))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and field in r.stderr


def test_illegal_sorcery_speed_spell_on_an_opponents_turn_exits_1(write_yaml):
    d = scenario(obj("bears", "Grizzly Bears", zone="hand"), active="bob", priority="alice",
                 actions=[{"cast": "bears", "by": "alice"}])
    r = cli("show", write_yaml(d))
    assert r.returncode == 1 and "not your main phase with an empty stack" in r.stdout and "REX" not in r.stdout
    r = cli("actions", write_yaml(d), "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["error"]["step"] == 1


@pytest.mark.parametrize("action,field", [
    ({"cast": "nobody"}, "actions[0].cast"),
    ({"resolve": "bottom"}, "actions[0].resolve"),
    ({"frobnicate": "x"}, "actions[0]"),
    ({"cast": "bears", "method": "telepathy"}, "actions[0].method"),
    ({"move": "bears", "to": "moon"}, "actions[0].to"),
    ({"advance": {"phase": "combat", "step": "upkeep"}}, "actions[0].advance.step"),
    ({"copy": "bears"}, "actions[0].as"),
    ({"cast": "bears", "colour": "red"}, "actions[0].colour"),
])
def test_malformed_actions_exit_2(action, field, write_yaml):
    d = scenario(obj("bears", "Grizzly Bears", zone="hand"), actions=[action])
    r = cli("show", write_yaml(d))
    assert r.returncode == 2 and field in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_step_out_of_range_exits_2(write_yaml):
    d = scenario(obj("bears", "Grizzly Bears", zone="hand"), actions=[{"cast": "bears"}])
    r = cli("show", write_yaml(d), "--step", "5")
    assert r.returncode == 2 and "--step" in r.stderr


