"""Playing lands, activating abilities, combat and targets (issue 12), where the check isn't a partial match of an
answer: bad input naming the field, a made-up planeswalker written by the test, and the text answer's wording
of a skipped step. The rest are rule cases: tests/rules/305_lands/, 506_combat/, 601_casting/targets.yaml,
602_activated_abilities/, 605_mana_abilities/, 702_keywords/ (equip, crew, lifelink, menace, trample)."""

from __future__ import annotations

import pytest

import pyrules
from pyrules.answers.evaluation import Evaluation

actions_json = Evaluation.actions_json

from conftest import cli, obj, scenario


def run(d: dict, step=None, cards=()):
    return pyrules.evaluate(d, step=step, cards=cards)


def options(d: dict, player=None, cards=()) -> list[dict]:
    return actions_json(run(d, cards=cards), player, include_illegal=True)["actions"]


def entry(opts, action, oid, **kw):
    got = [o for o in opts if o["action"] == action and o["object"] == oid and all(o.get(k) == v for k, v in kw.items())]
    assert len(got) == 1, (action, oid, opts)
    return got[0]


def test_509_1a_a_creature_attacking_a_planeswalker_may_be_blocked_by_its_controller(tmp_path):
    """CR 509.1a: the defending player blocks creatures attacking them or a planeswalker they control (506.2);
    a creature attacking bob's planeswalker is bob's to block — as an option of `actions` and in the timeline. The
    planeswalker has its loyalty counters (with none it would be put into its owner's graveyard, 704.5i)."""
    import json

    card = tmp_path / "walker.json"
    card.write_text(json.dumps({"object": "card", "name": "Test Walker", "layout": "normal", "mana_cost": "{2}{W}",
                                "type_line": "Legendary Planeswalker — Test", "oracle_text": "", "loyalty": "3",
                                "colors": ["W"]}), encoding="utf-8")
    objs = [obj("a", "Grizzly Bears"), obj("w", "Test Walker", owner="bob", counters={"loyalty": 3}), obj("b", "Grizzly Bears", owner="bob")]
    attack = [{"attack": {"a": "w"}}, {"pass": "alice"}, {"pass": "bob"}]
    d = scenario(*objs, phase="combat", step="declare_attackers", actions=attack)
    ev = run(d, cards=[str(card)])
    assert ev.error is None and ev.objects["a"].attacking == "w" and ev.turn["step"] == "declare_blockers"
    block = entry(options(d, "bob", cards=[str(card)]), "block", "b")
    assert block["legal"], block["why_not"]
    ev = run(scenario(*objs, phase="combat", step="declare_attackers", actions=attack + [{"block": {"b": "a"}, "by": "bob"}]),
             cards=[str(card)])
    assert ev.error is None and ev.objects["b"].blocking == "a"


def test_an_attack_on_an_unknown_player_names_it_as_a_player():
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "carol"}}])
    with pytest.raises(pyrules.ScenarioError) as err:
        run(d)
    assert err.value.field == "actions[0].attack.bears" and "unknown player or permanent 'carol'" in err.value.message
    d["actions"] = [{"attack": {"bears": "bob"}, "colour": "red"}]
    with pytest.raises(pyrules.ScenarioError) as err:
        run(d)
    assert "for an attack action" in err.value.message


def test_508_8_advance_to_declare_blockers_with_no_attackers_stops_after_the_skipped_steps_and_says_so(write_yaml):
    # no creature is declared as an attacker, so the declare blockers and combat damage steps are skipped (CR 508.8):
    # advancing to declare blockers ends in the end of combat step, and the answer names the skipped step and rule
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"pass": "alice"}, {"advance": {"phase": "combat", "step": "declare_blockers"}}])
    ev = run(d)
    assert ev.error is None and ev.turn["phase"] == "combat" and ev.turn["step"] == "end_of_combat"
    doc = ev.to_json()
    assert [(s["phase"], s["step"], s["rule"]) for s in doc["skipped"]] == [("combat", "declare_blockers", "CR 508.8")]
    out = cli("show", write_yaml(d))
    assert "turn: alice's, combat, end of combat" in out.stdout and "declare blockers step was skipped" in out.stdout
    # an attacker declared and then removed from combat still counts as declared (508.8): declare blockers happens
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "bob"}}, {"move": "bears", "to": "hand"},
                          {"advance": {"phase": "combat", "step": "declare_blockers"}}])
    ev = run(d)
    assert ev.error is None and ev.turn["step"] == "declare_blockers" and "skipped" not in ev.to_json()
    # with an attacker declared, declare blockers happens: the advance stops there and nothing was skipped
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "bob"}}, {"advance": {"phase": "combat", "step": "declare_blockers"}}])
    ev = run(d)
    assert ev.error is None and ev.turn["step"] == "declare_blockers" and "skipped" not in ev.to_json()
