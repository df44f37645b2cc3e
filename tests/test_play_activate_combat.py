"""Every action a player can take besides casting (issue 12): playing a land (CR 305), activating abilities
(CR 602, 605; equip 702.6, crew 702.122), declaring attackers and blockers and combat damage (CR 506-511),
and targets (CR 115, 601.2c). Expected values are read off the CR rules and rulings each test is named after
and the cards' own text. Smuggler's Copter (Crew 1) comes from tests/data/vehicles.json."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyrules
from pyrules.answers.evaluation import Evaluation

actions_json = Evaluation.actions_json

from conftest import cli, obj, scenario

VEHICLES = str(Path(__file__).parent / "data" / "vehicles.json")


def trig(ev) -> list[dict]:
    """The abilities that triggered on the last action, as show --json reports them (without their ids)."""
    return [{k: v for k, v in d.items() if k != "id"} for d in ev.triggered]


def run(d: dict, step=None, cards=()):
    return pyrules.evaluate(d, step=step, cards=cards)


def options(d: dict, player=None, cards=()) -> list[dict]:
    return actions_json(run(d, cards=cards), player, include_illegal=True)["actions"]


def codes(err) -> list[str]:
    return [w["code"] for w in err["why_not"]]


def entry(opts, action, oid, **kw):
    got = [o for o in opts if o["action"] == action and o["object"] == oid and all(o.get(k) == v for k, v in kw.items())]
    assert len(got) == 1, (action, oid, opts)
    return got[0]


def combat(*objects, step="declare_attackers", **kw):
    return scenario(*objects, phase="combat", step=step, **kw)


# ------------------------------------------------------------------------------------------------ lands (CR 305)

def test_305_1_a_land_is_played_from_the_hand_in_its_owners_main_phase():
    d = scenario(obj("forest", "Forest", zone="hand"))
    assert entry(options(d), "play", "forest")["legal"]
    d["actions"] = [{"play": "forest"}]
    ev = run(d)
    assert ev.error is None and ev.objects["forest"].zone == "battlefield" and ev.turn["lands_played"] == 1
    assert ev.turn["priority"] == "alice"          # a special action: the player keeps priority (116.2a, 117.3c)


def test_305_2_a_second_land_in_one_turn_is_not_allowed():
    d = scenario(obj("f1", "Forest", zone="hand"), obj("f2", "Island", zone="hand"),
                 actions=[{"play": "f1"}, {"play": "f2"}])
    ev = run(d)
    assert ev.error["step"] == 2 and codes(ev.error) == ["no_land_drop"]
    assert ev.error["why_not"][0]["rule"] == "CR 305.2"
    # the scenario can say a land was played already (turn.lands_played)
    d2 = scenario(obj("f1", "Forest", zone="hand"))
    d2["turn"]["lands_played"] = 1
    assert entry(options(d2), "play", "f1")["why_not"][0]["code"] == "no_land_drop"


def test_305_1_no_land_in_an_opponents_turn_nor_with_a_spell_on_the_stack():
    d = scenario(obj("f1", "Forest", zone="hand"), active="bob", priority="alice")
    assert set(codes(entry(options(d, "alice"), "play", "f1"))) == {"land_timing"}
    d = scenario(obj("f1", "Forest", zone="hand"), obj("tt", "Think Twice", zone="stack"))
    assert codes(entry(options(d), "play", "f1")) == ["land_timing"]
    d = scenario(obj("f1", "Forest", zone="hand"), actions=[{"play": "f1", "by": "bob"}])
    assert "no_priority" in codes(run(d).error)


def test_305_1_601_1a_a_land_is_never_cast():
    d = scenario(obj("f1", "Forest", zone="hand"))
    cast = entry(options(d), "cast", "f1")
    assert not cast["legal"] and codes(cast) == ["land"]
    d["actions"] = [{"cast": "f1"}]
    assert codes(run(d).error) == ["land"]


# ------------------------------------------------------------------------------------------------ activated abilities

def test_702_6a_equip_attaches_the_equipment_as_it_resolves():
    d = scenario(obj("axe", "Bonesplitter"), obj("bears", "Grizzly Bears"),
                 actions=[{"activate": "axe", "ability": "equip", "targets": ["bears"]}, {"resolve": "top"}])
    on_stack = run(d, step=1)
    assert on_stack.stack == ["trigger_1_1"] and on_stack.objects["trigger_1_1"].ability == "equip"
    assert on_stack.objects["axe"].attached_to is None       # not yet: equip uses the stack
    ev = run(d)
    assert ev.objects["axe"].attached_to == "bears" and ev.objects["bears"].power == 4


def test_702_6a_115_1_equip_has_one_target_and_more_named_say_so():
    # "Equip {1}" targets one creature (CR 702.6a): naming two is too many targets, not an illegal Bears (CR 115.1)
    d = scenario(obj("axe", "Bonesplitter"), obj("bears", "Grizzly Bears"), obj("cub", "Grizzly Bears"),
                 actions=[{"activate": "axe", "ability": "equip", "targets": ["bears", "cub"]}])
    assert codes(run(d).error) == ["too_many_targets(1)"]
    d = scenario(obj("tt", "Fire // Ice", zone="hand"), obj("bears", "Grizzly Bears", owner="bob"),
                 actions=[{"cast": "tt", "part": "Ice", "targets": ["bears", "bob"]}])
    assert codes(run(d).error) == ["too_many_targets(1)"]   # Ice: "Tap target permanent."


def test_702_6a_equip_is_listed_with_its_cost_and_only_as_a_sorcery():
    d = scenario(obj("axe", "Bonesplitter"), obj("bears", "Grizzly Bears"))
    eq = entry(options(d), "activate", "axe", ability="equip")
    assert eq["legal"] and eq["cost"]["mana"] == "{1}" and eq["cost"]["text"] == "{1}"
    # at instant speed (in combat), it can't be activated
    d = combat(obj("axe", "Bonesplitter"), obj("bears", "Grizzly Bears"),
               actions=[{"activate": "axe", "ability": "equip", "targets": ["bears"]}])
    err = run(d).error
    assert codes(err) == ["sorcery_timing"] and err["why_not"][0]["rule"] == "CR 602.5d"


def test_702_6a_equip_targets_a_creature_you_control():
    d = scenario(obj("axe", "Bonesplitter"), obj("theirs", "Grizzly Bears", owner="bob"),
                 actions=[{"activate": "axe", "ability": "equip", "targets": ["theirs"]}])
    assert "illegal_target(\"theirs\")" in codes(run(d).error)
    # with no creature of its controller's, equip has no legal target (601.2c, 602.2b)
    eq = entry(options(scenario(obj("axe", "Bonesplitter"), obj("theirs", "Grizzly Bears", owner="bob"))),
               "activate", "axe", ability="equip")
    assert not eq["legal"] and codes(eq) == ["no_legal_target(1)"]


def test_302_6_rex_05_a_summoning_sick_creatures_tap_ability_but_not_a_noncreature_artifacts():
    # Mind Stone came under alice's control this turn: as a noncreature artifact its {T} abilities are fine
    fresh = scenario(obj("stone", "Mind Stone", controlled_since_turn_start=False))
    assert entry(options(fresh), "activate", "stone", ability=2)["legal"]
    # under March of the Machines it is an artifact creature: summoning sick (REX-05)
    sick = scenario(obj("stone", "Mind Stone", controlled_since_turn_start=False), obj("march", "March of the Machines"))
    e = entry(options(sick), "activate", "stone", ability=2)
    assert not e["legal"] and codes(e) == ["summoning_sickness"] and e["why_not"][0]["rule"] == "CR 302.6"
    # controlled since the turn began, it doesn't matter how long it has been a creature (REX-05)
    old = scenario(obj("stone", "Mind Stone"), obj("march", "March of the Machines"))
    assert entry(options(old), "activate", "stone", ability=2)["legal"]


def test_602_2b_mind_stone_is_sacrificed_and_tapped_to_pay_and_its_ability_draws_on_resolution():
    d = scenario(obj("stone", "Mind Stone"), obj("card", "Forest", zone="library"),
                 actions=[{"activate": "stone", "ability": 2}, {"resolve": "top"}])
    e = entry(options(scenario(obj("stone", "Mind Stone"))), "activate", "stone", ability=2)
    assert e["cost"]["mana"] == "{1}" and e["cost"]["tap"] and e["cost"]["sacrifice"] == {"Mind Stone": 1}
    paid = run(d, step=1)
    assert paid.objects["stone"].zone == "graveyard" and paid.stack == ["trigger_1_1"]
    assert run(d).objects["card"].zone == "hand"


def test_118_3_a_tapped_permanents_tap_ability_cant_be_activated():
    e = entry(options(scenario(obj("stone", "Mind Stone", tapped=True))), "activate", "stone", ability=2)
    assert codes(e) == ['tapped("stone")']


def test_605_3b_a_mana_ability_resolves_at_once_without_the_stack():
    d = scenario(obj("ring", "Sol Ring"), actions=[{"activate": "ring", "ability": 1}])
    ev = run(d)
    assert ev.error is None and ev.stack == [] and ev.objects["ring"].tapped
    assert ev.players["alice"]["mana_pool"] == "{C}{C}"


def test_305_6_605_3b_a_basic_lands_intrinsic_mana_ability_is_activated_by_its_reminder_line():
    # a Forest has "{T}: Add {G}" because it is a Forest (CR 305.6); `pyrules cards Forest` numbers its reminder
    # text "({T}: Add {G}.)" line 1: activating it taps the Forest and adds {G} at once (CR 605.3b)
    d = scenario(obj("f", "Forest"), actions=[{"activate": "f", "ability": 1}])
    listed = entry(options(scenario(obj("f", "Forest"))), "activate", "f", ability=1)
    assert listed["legal"] and listed["cost"]["tap"] and listed["cost"]["text"] == "{T}"
    ev = run(d)
    assert ev.error is None and ev.stack == [] and ev.objects["f"].tapped
    assert ev.players["alice"]["mana_pool"] == "{G}"
    again = run(dict(d, actions=d["actions"] * 2))
    assert codes(again.error) == ["tapped(\"f\")"]   # a tapped permanent can't be tapped again (CR 118.3)


def test_605_3b_106_1_jurassic_parks_mana_ability_adds_G_for_each_dinosaur_when_activated():
    # "{T}: Add {G} for each Dinosaur you control." activated by a timeline: two Dinosaurs, {G}{G} (CR 106.1, 605.3b)
    d = scenario(obj("park", "Welcome to . . . // Jurassic Park", face="back"),
                 *[obj(f"dino{i}", "Dinosaur", token=True) for i in (1, 2)], track_mana=True,
                 actions=[{"activate": "park", "ability": 3}])
    ev = run(d)
    assert ev.error is None and ev.objects["park"].tapped and ev.players["alice"]["mana_pool"] == "{G}{G}"


def test_118_3_woe_striders_sacrifice_needs_another_creature():
    alone = entry(options(scenario(obj("ws", "Woe Strider"))), "activate", "ws", ability=2)
    assert not alone["legal"] and codes(alone) == ["no_sacrifice(f(\"another creature\"))"]
    d = scenario(obj("ws", "Woe Strider"), obj("goat", "Goat", token=True), actions=[{"activate": "ws", "ability": 2}])
    ev = run(d)
    assert "goat" not in ev.objects and ev.stack == ["trigger_1_1"]


def test_611_2_the_grim_captains_locker_grants_escape_until_end_of_turn():
    d = scenario(obj("locker", "The Grim Captain's Locker"), obj("bears", "Grizzly Bears", zone="graveyard"),
                 *[obj(f"g{i}", "Forest", zone="graveyard") for i in range(4)],
                 actions=[{"activate": "locker", "ability": 2}, {"resolve": "top"}])
    ev = run(d)
    assert ev.objects["locker"].tapped
    esc = [o for o in actions_json(ev, "alice")["actions"] if o["object"] == "bears" and o.get("method") == "escape"]
    assert esc and esc[0]["source"] == "locker" and esc[0]["cost"]["mana"] == "{3}{B}"


def test_602_5d_flamewars_sacrifice_ability_converts_it_as_a_sorcery():
    d = scenario(obj("flame", "Flamewar, Brash Veteran"), obj("ring", "Sol Ring"),
                 actions=[{"activate": "flame", "ability": 2}, {"resolve": "top"}])
    ev = run(d)
    assert ev.objects["ring"].zone == "graveyard"
    assert ev.objects["flame"].face == "back" and ev.objects["flame"].counters == {"+1/+1": 1}
    d = combat(obj("flame", "Flamewar, Brash Veteran"), obj("ring", "Sol Ring"))
    assert codes(entry(options(d), "activate", "flame", ability=2)) == ["sorcery_timing"]


def test_602_2_an_unknown_ability_is_illegal_and_a_malformed_one_bad_input(write_yaml):
    d = scenario(obj("bears", "Grizzly Bears"), actions=[{"activate": "bears", "ability": "equip"}])
    assert codes(run(d).error) == ["no_such_ability(kw(equip))"]
    assert cli("show", write_yaml(d)).returncode == 1
    bad = scenario(obj("bears", "Grizzly Bears"), actions=[{"activate": "bears", "ability": "Equip {1}"}])
    r = cli("show", write_yaml(bad, "bad.yaml"))
    assert r.returncode == 2 and "actions[0].ability" in r.stderr


def test_702_122a_crew_taps_creatures_and_makes_the_vehicle_an_artifact_creature():
    d = scenario(obj("copter", "Smuggler's Copter"), obj("bears", "Grizzly Bears", controlled_since_turn_start=False),
                 actions=[{"activate": "copter", "ability": "crew"}, {"resolve": "top"}])
    e = entry(options(scenario(obj("copter", "Smuggler's Copter"), obj("bears", "Grizzly Bears")), cards=[VEHICLES]),
              "activate", "copter", ability="crew")
    assert e["legal"] and e["cost"]["crew"] == 1 and e["cost"]["mana"] == "{0}"
    ev = run(d, cards=[VEHICLES])
    # a summoning-sick creature can crew (the cost has no {T} of its own, CR 302.6)
    assert ev.objects["bears"].tapped and ev.objects["copter"].types == ("artifact", "creature")
    assert ev.objects["copter"].power == 3 and ev.objects["copter"].can_attack   # controlled since the turn began (REX-05)


def test_702_122a_crew_needs_untapped_creatures_with_enough_power():
    lone = entry(options(scenario(obj("copter", "Smuggler's Copter"), obj("ring", "Sol Ring")), cards=[VEHICLES]),
                 "activate", "copter", ability="crew")
    assert not lone["legal"] and codes(lone) == ["crew_short(0,1)"]
    d = scenario(obj("copter", "Smuggler's Copter"), obj("ring", "Sol Ring"),
                 actions=[{"activate": "copter", "ability": "crew", "crew": ["ring"]}])
    assert 'bad_crew("ring")' in codes(run(d, cards=[VEHICLES]).error)


def test_302_6_rex_05_a_vehicle_that_came_under_control_this_turn_and_was_crewed_is_summoning_sick():
    d = combat(obj("copter", "Smuggler's Copter", controlled_since_turn_start=False), obj("bears", "Grizzly Bears"),
               step="beginning_of_combat",
               actions=[{"activate": "copter", "ability": "crew"}, {"resolve": "top"},
                        {"pass": "alice"}, {"pass": "bob"}, {"attack": {"copter": "bob"}}])
    ev = run(d, cards=[VEHICLES])
    assert ev.step == 4 and codes(ev.error) == ['cant_attack("copter",summoning_sickness)']


# ------------------------------------------------------------------------------------------------ combat

def test_508_1a_302_6_a_summoning_sick_creature_cant_attack_one_with_haste_can():
    d = combat(obj("bears", "Grizzly Bears", controlled_since_turn_start=False),
               obj("slicer", "Slicer, Hired Muscle", controlled_since_turn_start=False))
    opts = options(d)
    assert codes(entry(opts, "attack", "bears")) == ["cannot_attack(summoning_sickness)"]
    assert entry(opts, "attack", "slicer")["legal"]              # haste (702.10b)
    d["actions"] = [{"attack": {"bears": "bob"}}]
    assert codes(run(d).error) == ['cant_attack("bears",summoning_sickness)']


def test_702_3b_a_wall_with_defender_cant_attack():
    d = combat(obj("welcome", "Welcome to . . .", counters={"lore": 1}), obj("relic", "Sol Ring"),
               effects=[{"id": "wall1", "effect": "welcome_wall", "source": "welcome", "objects": ["relic"]}],
               actions=[{"attack": {"relic": "bob"}}])
    assert codes(entry(options(d), "attack", "relic")) == ["cannot_attack(defender)"]
    assert codes(run(d).error) == ['cant_attack("relic",defender)']


def test_702_161a_arcees_back_face_attacks_on_its_controllers_turn_an_uncrewed_vehicle_doesnt():
    d = combat(obj("arcee", "Arcee, Sharpshooter", face="back"), obj("copter", "Smuggler's Copter"),
               actions=[{"attack": {"arcee": "bob"}}])
    opts = options(d | {"actions": []}, cards=[VEHICLES])
    assert entry(opts, "attack", "arcee")["legal"]
    assert codes(entry(opts, "attack", "copter")) == ["cannot_attack(not_a_creature)"]
    ev = run(d, cards=[VEHICLES])
    assert ev.objects["arcee"].attacking == "bob" and ev.objects["arcee"].tapped
    d["actions"] = [{"attack": {"copter": "bob"}}]
    assert codes(run(d, cards=[VEHICLES]).error) == ['cant_attack("copter",not_a_creature)']


def test_508_1_attackers_are_declared_only_in_the_declare_attackers_step():
    d = scenario(obj("bears", "Grizzly Bears"), actions=[{"attack": {"bears": "bob"}}])
    assert codes(run(d).error) == ["not_declare_attackers"]
    assert not any(o["action"] == "attack" for o in options(scenario(obj("bears", "Grizzly Bears"))))


def test_509_1_510_a_block_and_lethal_combat_damage_704_5g():
    d = combat(obj("bears", "Grizzly Bears"), obj("ox", "Ox of Agonas"), obj("wall", "Grizzly Bears", owner="bob"),
               actions=[{"attack": {"bears": "bob", "ox": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                        {"block": {"wall": "bears"}, "by": "bob"}, {"pass": "alice"}, {"pass": "bob"}])
    before = run(d, step=3)
    assert before.turn["step"] == "declare_blockers"
    blocks = options(d | {"actions": d["actions"][:3]}, "bob")
    assert entry(blocks, "block", "wall")["legal"]
    blocked = run(d, step=4)
    assert blocked.objects["wall"].blocking == "bears" and blocked.objects["bears"].attacking == "bob"
    ev = run(d)
    assert ev.turn["step"] == "combat_damage"
    assert ev.objects["bears"].zone == "graveyard" and ev.objects["wall"].zone == "graveyard"
    assert ev.players["bob"]["life"] == 20 - 4                     # the unblocked Ox (4/2)
    assert {"action": "destroy", "object": "wall", "rule": "CR 704.5g"} in ev.state_based_actions


def test_509_1a_702_9b_a_creature_without_flying_or_reach_cant_block_a_flyer():
    d = combat(obj("cyc", "Cyclonus, the Saboteur"), obj("bears", "Grizzly Bears", owner="bob"),
               actions=[{"attack": {"cyc": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                        {"block": {"bears": "cyc"}, "by": "bob"}])
    assert codes(entry(options(d | {"actions": d["actions"][:3]}, "bob"), "block", "bears")) == ["nothing_to_block"]
    assert codes(run(d).error) == ['flying("cyc")']


def test_508_3a_prowl_triggers_when_it_attacks():
    d = combat(obj("prowl", "Prowl, Stoic Strategist"), obj("tapped", "Grizzly Bears", owner="bob", tapped=True),
               actions=[{"attack": {"prowl": "bob"}}, {"resolve": "top"}])
    ev = run(d, step=1)
    assert trig(ev) == [{"source": "prowl", "ability": "trigger_2", "controller": "alice"}]
    assert run(d).objects["tapped"].zone == "exile"


def test_508_3a_uro_triggers_when_it_attacks():
    d = combat(obj("uro", "Uro, Titan of Nature's Wrath", cast_with="escape"), obj("l1", "Forest", zone="library"),
               actions=[{"attack": {"uro": "bob"}}, {"resolve": "top"}])
    assert run(d, step=1).triggered[0]["source"] == "uro"
    assert run(d).players["alice"]["life"] == 23


def test_510_3a_blitzwing_converts_when_it_deals_combat_damage_to_a_player():
    d = combat(obj("blitz", "Blitzwing, Cruel Tormentor", face="back"),
               actions=[{"attack": {"blitz": "bob"}}, {"pass": "alice"}, {"pass": "bob"}, {"pass": "alice"},
                        {"pass": "bob"}, {"resolve": "top"}])
    dealt = run(d, step=5)
    assert dealt.players["bob"]["life"] == 17 and dealt.triggered[0]["source"] == "blitz"
    assert run(d).objects["blitz"].face == "front"


# ------------------------------------------------------------------------------------------------ targets

def test_601_2c_ice_needs_a_permanent_to_target():
    alone = options(scenario(obj("fi", "Fire // Ice", zone="hand")))
    ice = entry(alone, "cast", "fi", part="Ice")
    assert not ice["legal"] and codes(ice) == ["no_legal_target(1)"] and ice["why_not"][0]["rule"] == "CR 601.2c"
    assert entry(options(scenario(obj("fi", "Fire // Ice", zone="hand"), obj("f", "Forest"))), "cast", "fi", part="Ice")["legal"]


def test_101_2_megatron_stops_opponents_casting_during_combat_only():
    d = combat(obj("tt", "Think Twice", zone="hand", owner="bob"), obj("meg", "Megatron, Tyrant"), priority="bob")
    tt = entry(options(d, "bob"), "cast", "tt")
    assert not tt["legal"] and codes(tt) == ['cant_cast_now("meg")']
    later = scenario(obj("tt", "Think Twice", zone="hand", owner="bob"), obj("meg", "Megatron, Tyrant"),
                     phase="postcombat_main", priority="bob")
    assert entry(options(later, "bob"), "cast", "tt")["legal"]


RESTRICTIONS = str(Path(__file__).parent / "data" / "restrictions.json")


def test_509_1a_101_2_a_creature_whose_text_says_it_cant_block_is_no_blocker():
    # Ogre Taskmaster: "Ogre Taskmaster can't block." (read from its text, not named in the rules)
    d = scenario(obj("bears", "Grizzly Bears"), obj("ogre", "Ogre Taskmaster", owner="bob"),
                 obj("guard", "Grizzly Bears", owner="bob"),
                 phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "bob"}}, {"pass": "alice"}, {"pass": "bob"}])
    ev = pyrules.evaluate(pyrules.load(d, cards=(RESTRICTIONS,)))
    assert ev.error is None and ev.turn["step"] == "declare_blockers"
    opts = {o.object: o for o in ev.actions("bob", include_illegal=True) if o.action == "block"}
    assert opts["guard"].legal and not opts["ogre"].legal
    assert any("its own text says so" in r.reason for r in opts["ogre"].why_not)
    blocked = pyrules.evaluate(pyrules.load({**d, "actions": d["actions"] + [{"block": {"ogre": "bears"}, "by": "bob"}]},
                                            cards=(RESTRICTIONS,)))
    assert blocked.error is not None and blocked.error["step"] == 4


def test_608_2b_a_spell_whose_only_target_became_illegal_doesnt_resolve():
    # Ice: "Tap target permanent. Draw a card." With its target gone, none of it happens: no card is drawn.
    base = [obj("ice", "Fire // Ice", zone="hand"), obj("ring", "Sol Ring", owner="bob"),
            obj("top", "Grizzly Bears", zone="library")]
    cast = {"cast": "ice", "part": "Ice", "targets": ["ring"]}
    ok = pyrules.evaluate(pyrules.load(scenario(*base, actions=[cast, {"resolve": "top"}])))
    assert ok.objects["ring"].tapped and ok.objects["top"].zone == "hand"
    gone = pyrules.evaluate(pyrules.load(scenario(*base, actions=[cast, {"move": "ring", "to": "hand"}, {"resolve": "top"}])))
    assert gone.error is None and gone.objects["ice"].zone == "graveyard"  # removed from the stack (608.2b)
    assert gone.objects["top"].zone == "library" and gone.players["alice"]["hand"] == 0


def test_509_1a_a_creature_attacking_a_planeswalker_may_be_blocked_by_its_controller(tmp_path):
    """CR 509.1a: the defending player blocks creatures attacking them or a planeswalker they control (506.2);
    a creature attacking bob's planeswalker is bob's to block — as an option of `actions` and in the timeline."""
    import json

    card = tmp_path / "walker.json"
    card.write_text(json.dumps({"object": "card", "name": "Test Walker", "layout": "normal", "mana_cost": "{2}{W}",
                                "type_line": "Legendary Planeswalker — Test", "oracle_text": "", "loyalty": "3",
                                "colors": ["W"]}), encoding="utf-8")
    objs = [obj("a", "Grizzly Bears"), obj("w", "Test Walker", owner="bob"), obj("b", "Grizzly Bears", owner="bob")]
    attack = [{"attack": {"a": "w"}}, {"pass": "alice"}, {"pass": "bob"}]
    d = scenario(*objs, phase="combat", step="declare_attackers", actions=attack)
    ev = run(d, cards=[str(card)])
    assert ev.error is None and ev.objects["a"].attacking == "w" and ev.turn["step"] == "declare_blockers"
    block = entry(options(d, "bob", cards=[str(card)]), "block", "b")
    assert block["legal"], block["why_not"]
    ev = run(scenario(*objs, phase="combat", step="declare_attackers", actions=attack + [{"block": {"b": "a"}, "by": "bob"}]),
             cards=[str(card)])
    assert ev.error is None and ev.objects["b"].blocking == "a"


def test_508_1_509_1_117_3a_declarations_come_before_priority_in_their_step():
    # attackers and blockers are declared as their step begins, before any player has priority in it (CR 508.1,
    # 509.1, 117.3a): once alice has passed in the declare attackers step, she can't declare attackers
    d = scenario(obj("bears", "Grizzly Bears"), obj("guard", "Grizzly Bears", owner="bob"), phase="combat",
                 step="declare_attackers", actions=[{"pass": "alice"}, {"attack": {"bears": "bob"}, "by": "alice"}])
    assert codes(run(d).error) == ["declaration_over"]
    attack = entry(options(scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                                    actions=[{"pass": "alice"}]), "alice"), "attack", "bears")
    assert not attack["legal"] and "declaration_over" in codes(attack)
    # nor can bob block once a player has had priority in the declare blockers step
    d = scenario(obj("bears", "Grizzly Bears"), obj("guard", "Grizzly Bears", owner="bob"), phase="combat",
                 step="declare_attackers", actions=[{"attack": {"bears": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                                                    {"pass": "alice"}, {"block": {"guard": "bears"}}])
    assert codes(run(d).error) == ["declaration_over"]


def test_509_1_the_defending_player_declares_blockers_without_saying_by():
    # interface §5.2 writes {block: {wall: arcee}}: the blockers' controller, the defending player, declares them
    # (CR 509.1), though the active player has priority as the step begins
    d = scenario(obj("bears", "Grizzly Bears"), obj("guard", "Grizzly Bears", owner="bob"), phase="combat",
                 step="declare_attackers", actions=[{"attack": {"bears": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                                                    {"block": {"guard": "bears"}}])
    ev = run(d)
    assert ev.error is None and ev.objects["guard"].blocking == "bears"


def test_509_1_each_defending_player_declares_blockers_in_a_multiplayer_game():
    # with alice attacking both bob and carol, each of them is a defending player and declares blockers (CR 509.1)
    d = scenario(obj("b1", "Grizzly Bears"), obj("b2", "Grizzly Bears"), obj("cg", "Grizzly Bears", owner="carol"),
                 obj("bg", "Grizzly Bears", owner="bob"), players=("alice", "bob", "carol"), phase="combat",
                 step="declare_attackers",
                 actions=[{"attack": {"b1": "carol", "b2": "bob"}}, {"pass": "alice"}, {"pass": "bob"}, {"pass": "carol"},
                          {"block": {"cg": "b1"}}, {"block": {"bg": "b2"}}])
    ev = run(d)
    assert ev.error is None and ev.objects["cg"].blocking == "b1" and ev.objects["bg"].blocking == "b2"
    again = dict(d, actions=d["actions"] + [{"block": {"bg": "b2"}, "by": "bob"}])
    assert codes(run(again).error) == ["already_declared"]   # once per combat for each of them


def _combat(*objs, attack, block=None, passes=2):
    """From the declare attackers step: the attack, both players passing, the block (if any), then `passes` more
    passes (each pair ends a step with an empty stack)."""
    acts = [{"attack": attack}, {"pass": "alice"}, {"pass": "bob"}]
    if block:
        acts.append({"block": block})
    acts += [{"pass": p} for p in ("alice", "bob") * (passes // 2)]
    return scenario(*objs, phase="combat", step="declare_attackers", actions=acts)


def test_510_4_702_7b_first_strike_damage_comes_in_a_step_of_its_own():
    # Thalia (2/1, first strike) is blocked by a 2/2 Grizzly Bears; Alice's own Bears attack unblocked. As the
    # combat damage step begins only Thalia deals damage (CR 510.4): the blocking Bears are destroyed (704.5g)
    # before they deal any. A second combat damage step follows: the unblocked Bears deal 2 to Bob, and Thalia,
    # still blocked though its blocker is gone (509.1h), deals none.
    objs = (obj("thalia", "Thalia, Guardian of Thraben"), obj("bears", "Grizzly Bears"),
            obj("guard", "Grizzly Bears", owner="bob"))
    d = _combat(*objs, attack={"thalia": "bob", "bears": "bob"}, block={"guard": "thalia"}, passes=4)
    first = run(d, step=6)
    assert first.error is None and first.turn["step"] == "combat_damage"
    assert first.objects["guard"].zone == "graveyard" and first.objects["thalia"].damage == 0
    assert first.players["bob"]["life"] == 20
    second = run(d)
    assert second.error is None and second.turn["step"] == "combat_damage"
    assert second.players["bob"]["life"] == 18 and second.objects["thalia"].zone == "battlefield"


def test_510_4_702_4b_double_strike_deals_combat_damage_in_both_steps():
    # Slicer, Hired Muscle (3/4, double strike, haste) attacks unblocked: 3 damage in the first-strike combat
    # damage step and 3 more in the second (CR 702.4b)
    # (actions: the attack and two passes end declare attackers; two passes end declare blockers; two more end
    # the first combat damage step)
    d = _combat(obj("slicer", "Slicer, Hired Muscle"), attack={"slicer": "bob"}, passes=4)
    first = run(d, step=5)
    assert first.turn["step"] == "combat_damage" and first.players["bob"]["life"] == 17
    second = run(d)
    assert second.turn["step"] == "combat_damage" and second.players["bob"]["life"] == 14
    # with no first strike or double strike in combat there is one combat damage step (CR 510.1), then end of combat
    plain = run(_combat(obj("bears", "Grizzly Bears"), attack={"bears": "bob"}, passes=4))
    assert plain.players["bob"]["life"] == 18 and plain.turn["step"] == "end_of_combat"


def test_509_1h_a_creature_stays_blocked_when_its_blocker_is_removed():
    # Bob blocks Alice's Bears with his; Alice then burns the blocker with Fire before damage. Her Bears remain
    # blocked (CR 509.1h) and, without trample, deal no combat damage (CR 510.1c): Bob stays at 20.
    d = _combat(obj("bears", "Grizzly Bears"), obj("fire", "Fire // Ice", zone="hand"),
                obj("guard", "Grizzly Bears", owner="bob"), attack={"bears": "bob"}, block={"guard": "bears"}, passes=0)
    d["actions"] += [{"cast": "fire", "part": "Fire", "targets": ["guard"]}, {"pass": "alice"}, {"pass": "bob"},
                     {"pass": "alice"}, {"pass": "bob"}]
    ev = run(d)
    assert ev.error is None and ev.objects["guard"].zone == "graveyard" and ev.turn["step"] == "combat_damage"
    assert ev.players["bob"]["life"] == 20


SLOTH = str(Path(__file__).parent / "data" / "lifelink_trample.json")


def test_702_15b_lifelink_gains_each_amount_dealt_to_each_player_or_creature():
    # Startled Relic Sloth (4/4, trample, lifelink) is blocked by a 2/2 Grizzly Bears: it assigns lethal damage, 2, to
    # the Bears and the rest, 2, to Bob (CR 702.19b). Damage dealt by a source with lifelink makes its controller gain
    # that much life (CR 702.15b): 2 for the Bears and 2 for Bob — Alice gains 4, not 2.
    sloth = obj("sloth", "Startled Relic Sloth")
    d = _combat(sloth, obj("guard", "Grizzly Bears", owner="bob"), attack={"sloth": "bob"}, block={"guard": "sloth"})
    ev = run(d, cards=[SLOTH])
    assert ev.error is None and ev.turn["step"] == "combat_damage" and ev.objects["guard"].zone == "graveyard"
    assert ev.players["bob"]["life"] == 18 and ev.players["alice"]["life"] == 24
    # blocked by two 2/2s, it deals 2 to each (lethal to each, nothing left to trample over): Alice gains 4
    d = _combat(sloth, obj("b1", "Grizzly Bears", owner="bob"), obj("b2", "Grizzly Bears", owner="bob"),
                attack={"sloth": "bob"}, block={"b1": "sloth", "b2": "sloth"})
    ev = run(d, cards=[SLOTH])
    assert ev.error is None and {ev.objects["b1"].zone, ev.objects["b2"].zone} == {"graveyard"}
    assert ev.players["bob"]["life"] == 20 and ev.players["alice"]["life"] == 24


def test_509_1h_510_1c_an_attacker_the_scenario_states_blocked_stays_blocked_when_its_blocker_leaves():
    # The scenario states Bob's Bears as blocking Alice's Bears (after declare blockers): the attacker is blocked
    # (CR 509.1h), as after a block action. Bob returns his blocker to his hand before damage: Alice's Bears remain
    # blocked and, without trample, assign no combat damage (CR 510.1c) — Bob stays at 20.
    objs = (obj("bears", "Grizzly Bears", attacking="bob"), obj("guard", "Grizzly Bears", owner="bob", blocking="bears"))
    acts = [{"move": "guard", "to": "hand"}, {"pass": "alice"}, {"pass": "bob"}]
    ev = run(scenario(*objs, phase="combat", step="declare_blockers", actions=acts))
    assert ev.error is None and ev.turn["step"] == "combat_damage" and ev.objects["guard"].zone == "hand"
    assert ev.players["bob"]["life"] == 20
    # a blocked creature with trample whose blockers are all gone assigns all its damage to the player (CR 702.19b):
    # Carnage Tyrant (7/6, trample) deals Bob 7
    objs = (obj("tyrant", "Carnage Tyrant", attacking="bob"), obj("guard", "Grizzly Bears", owner="bob", blocking="tyrant"))
    ev = run(scenario(*objs, phase="combat", step="declare_blockers", actions=acts))
    assert ev.error is None and ev.turn["step"] == "combat_damage" and ev.players["bob"]["life"] == 13
    # two stated blockers, one leaves: the attacker is still blocked by the other and deals its damage to it
    objs = (obj("bears", "Grizzly Bears", attacking="bob"), obj("g1", "Grizzly Bears", owner="bob", blocking="bears"),
            obj("g2", "Grizzly Bears", owner="bob", blocking="bears"))
    ev = run(scenario(*objs, phase="combat", step="declare_blockers",
                      actions=[{"move": "g1", "to": "hand"}, {"pass": "alice"}, {"pass": "bob"}]))
    assert ev.error is None and ev.players["bob"]["life"] == 20 and ev.objects["g2"].zone == "graveyard"


def test_702_111b_a_creature_with_menace_cant_be_blocked_by_one_creature():
    # Flamewar's back face has menace: Bob's block with one Bears is refused, citing menace's rule, CR 702.111b (it was
    # 702.110b in older editions); two Bears may block it
    objs = (obj("flame", "Flamewar, Brash Veteran", face="back"), obj("b1", "Grizzly Bears", owner="bob"),
            obj("b2", "Grizzly Bears", owner="bob"))
    acts = [{"attack": {"flame": "bob"}}, {"pass": "alice"}, {"pass": "bob"}]
    ev = run(scenario(*objs, phase="combat", step="declare_attackers", actions=acts + [{"block": {"b1": "flame"}}]))
    assert codes(ev.error) == ['menace("flame")'] and ev.error["why_not"][0]["rule"] == "CR 702.111b"
    ev = run(scenario(*objs, phase="combat", step="declare_attackers", actions=acts + [{"block": {"b1": "flame", "b2": "flame"}}]))
    assert ev.error is None and ev.objects["b2"].blocking == "flame"


def test_511_3_508_1_each_combat_declares_attackers_anew():
    # the declarations of a combat are forgotten as it ends (CR 511.3): Alice attacks in this turn's combat and
    # again in her next turn's (CR 508.1)
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "bob"}}, {"next_turn": True}, {"next_turn": True},
                          {"advance": {"phase": "combat", "step": "declare_attackers"}}, {"attack": {"bears": "bob"}}])
    ev = run(d)
    assert ev.error is None and ev.objects["bears"].attacking == "bob" and ev.players["bob"]["life"] == 18


def test_506_4_a_permanent_that_changes_control_or_stops_being_a_creature_is_removed_from_combat():
    # Bob gains control of one of Alice's two attacking Bears: it is removed from combat (CR 506.4) and deals Bob no
    # damage; the other deals 2
    d = scenario(obj("bears", "Grizzly Bears"), obj("bears2", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"bears": "bob", "bears2": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                          {"gain_control": "bears", "by": "bob"}, {"pass": "alice"}, {"pass": "bob"}])
    ev = run(d)
    assert ev.error is None and ev.objects["bears"].attacking is None and ev.players["bob"]["life"] == 18
    # Sol Ring attacks as a 1/1 under March of the Machines; March leaves and the Sol Ring, no longer a creature, is
    # removed from combat: it stays out even when March comes back before damage
    d = scenario(obj("march", "March of the Machines"), obj("ring", "Sol Ring"), phase="combat", step="declare_attackers",
                 actions=[{"attack": {"ring": "bob"}}, {"move": "march", "to": "hand"}, {"move": "march", "to": "battlefield"},
                          {"pass": "alice"}, {"pass": "bob"}, {"pass": "alice"}, {"pass": "bob"}])
    assert run(d, step=2).objects["ring"].attacking is None
    ev = run(d)
    assert ev.error is None and ev.objects["ring"].attacking is None and ev.players["bob"]["life"] == 20


def test_506_4_a_blocker_whose_controller_changes_to_a_third_player_is_removed_from_combat():
    # three players: bob blocks alice's Bears with his own; carol then gains control of bob's blocker: a change of
    # controller removes it from combat (CR 506.4), and alice's Bears stays blocked (509.1h) and deals no damage
    d = scenario(obj("a1", "Grizzly Bears"), obj("b1", "Grizzly Bears", owner="bob"), phase="combat",
                 step="declare_attackers", players=("alice", "bob", "carol"),
                 actions=[{"attack": {"a1": "bob"}}, {"pass": "alice"}, {"pass": "bob"}, {"pass": "carol"},
                          {"block": {"b1": "a1"}}, {"gain_control": "b1", "by": "carol"},
                          {"pass": "alice"}, {"pass": "bob"}, {"pass": "carol"}])
    ev = run(d)
    assert ev.error is None and ev.objects["b1"].blocking is None
    assert ev.objects["a1"].zone == "battlefield" and ev.objects["b1"].zone == "battlefield" and ev.players["bob"]["life"] == 20


def test_704_5h_704_5g_deathtouch_damage_destroys_a_blocker_once():
    # Flamewar's back face (3/2 with a counter, menace, deathtouch) is blocked by two Bears: 1 damage is lethal to each
    # (CR 702.2c); one Bears gets 1 (destroyed by 704.5h, deathtouch), the other 2 (lethal anyway: 704.5g) — each
    # destroyed once, and reported once
    d = scenario(obj("flame", "Flamewar, Brash Veteran", face="back", counters={"+1/+1": 1}),
                 obj("b1", "Grizzly Bears", owner="bob"), obj("b2", "Grizzly Bears", owner="bob"),
                 phase="combat", step="declare_attackers",
                 actions=[{"attack": {"flame": "bob"}}, {"pass": "alice"}, {"pass": "bob"},
                          {"block": {"b1": "flame", "b2": "flame"}}, {"pass": "alice"}, {"pass": "bob"}])
    ev = run(d)
    sbas = [(s["object"], s["rule"]) for s in ev.state_based_actions if s["object"] in ("b1", "b2")]
    assert sorted(o for o, _ in sbas) == ["b1", "b2"]
    assert all(r in ("CR 704.5h", "CR 704.5g") for _, r in sbas) and ("b1", "CR 704.5h") in sbas


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
