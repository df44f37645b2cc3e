"""Timelines: BOT-03, BOT-04, BOT-06, BOT-10, BOT-11, BOT-13, BOT-14, BOT-16 and REX-01, REX-03, REX-06, REX-10;
illegal actions exit 1, malformed ones exit 2."""

import json

import pytest

import pyrules
from conftest import cli, obj, scenario


def trig(ev) -> list[dict]:
    """The abilities that triggered on the last action, as show --json reports them (without their ids)."""
    return [{k: v for k, v in d.items() if k != "id"} for d in ev.triggered]


def run(d, step=None):
    return pyrules.evaluate(pyrules.load(d), step=step)


def gy(n, owner="alice"):
    return [obj(f"g{i}", "Sol Ring", zone="graveyard", owner=owner) for i in range(n)]


ARCEE_HAND = obj("arcee", "Arcee, Sharpshooter", zone="hand")


def test_BOT_11_cast_converted_it_is_on_the_stack_back_face_up():
    ev = run(scenario(ARCEE_HAND, actions=[{"cast": "arcee", "method": "more_than_meets_the_eye"}]))
    a = ev.objects["arcee"]
    assert (a.zone, a.face, a.name) == ("stack", "back", "Arcee, Acrobatic Coupe")
    assert a.types == ("artifact",) and a.mana_value == 3
    assert ev.stack == ["arcee"] and ev.error is None


def test_BOT_10_cast_converted_it_enters_the_battlefield_back_face_up():
    ev = run(scenario(ARCEE_HAND, actions=[{"cast": "arcee", "method": "more_than_meets_the_eye"}, {"resolve": "top"}]))
    a = ev.objects["arcee"]
    assert (a.zone, a.face, a.name, a.controller) == ("battlefield", "back", "Arcee, Acrobatic Coupe", "alice")
    assert a.types == ("artifact", "creature")  # living metal, alice's turn
    assert a.summoning_sick and not a.can_attack
    normal = run(scenario(ARCEE_HAND, actions=[{"cast": "arcee"}, {"resolve": "top"}])).objects["arcee"]
    assert (normal.face, normal.name) == ("front", "Arcee, Sharpshooter")


def test_BOT_04_convert_turns_the_permanent_over():
    ev = run(scenario(obj("arcee", "Arcee, Sharpshooter"), actions=[{"convert": "arcee"}]))
    assert ev.objects["arcee"].face == "back"
    ev = run(scenario(obj("arcee", "Arcee, Sharpshooter", face="back"), actions=[{"convert": "arcee"}]))
    assert ev.objects["arcee"].face == "front" and ev.objects["arcee"].name == "Arcee, Sharpshooter"


def test_BOT_03_a_transform_instruction_converts_it():
    ev = run(scenario(obj("prowl", "Prowl, Stoic Strategist"), actions=[{"transform": "prowl"}]))
    assert (ev.objects["prowl"].face, ev.objects["prowl"].name) == ("back", "Prowl, Pursuit Vehicle")


def test_CR_712_9_a_one_faced_permanent_cant_convert():
    # the instruction does nothing: a one-faced card has no other face to turn to (it keeps its only face,
    # which show reports as its front, the scenario's default face)
    ev = run(scenario(obj("bears", "Grizzly Bears"), actions=[{"convert": "bears"}]))
    assert ev.error is None and ev.objects["bears"].face == "front"
    assert (ev.objects["bears"].name, ev.objects["bears"].power) == ("Grizzly Bears", 2)
    assert trig(ev) == [] and "converted" not in str(ev.game.atoms("event", 2))


def test_BOT_14_counters_and_effects_stay_when_it_converts_and_CR_704_5n_equipment_falls_off_a_noncreature():
    d = scenario(
        obj("arcee", "Arcee, Sharpshooter", face="back", counters={"+1/+1": 1}),
        obj("bone", "Bonesplitter", attached_to="arcee"),
        obj("welcome", "Welcome to . . .", owner="bob", counters={"lore": 1}),
        {"id": "ch1", "ability_of": "welcome", "ability": "chapter_1", "zone": "stack", "controller": "bob", "targets": ["arcee"]},
        obj("stomp", "Bonecrusher Giant", owner="bob", zone="stack", part="Stomp", targets=["arcee"]),
        active="bob", priority="bob",
        actions=[{"move": "stomp", "to": "graveyard"}, {"resolve": "top"}, {"convert": "arcee"}],
    )
    # step 1: on bob's turn living metal is off, so Arcee's back face is a noncreature Vehicle: after the
    # action, state-based actions unattach Bonesplitter from it (CR 704.5n, 301.5c)
    ev1 = run(d, step=1)
    assert ev1.objects["bone"].attached_to is None
    assert {"action": "unattach", "object": "bone", "rule": "CR 704.5n"} in ev1.state_based_actions
    # step 2: chapter I made the noncreature artifact a 0/4 Wall artifact creature with defender; +1/+1 counter
    before = run(d, step=2).objects["arcee"]
    assert set(before.subtypes) == {"vehicle", "wall"} and set(before.types) == {"artifact", "creature"}
    assert (before.power, before.toughness) == (1, 5) and "defender" in before.keywords
    # step 3: it converts to its front face (a Robot creature); the counter and the resolved effect stay
    # (BOT-14): the effect's creature type replaces Robot (CR 205.1b), the effect sets base P/T 0/4
    after = run(d).objects["arcee"]
    assert (after.name, after.face) == ("Arcee, Sharpshooter", "front")
    assert after.counters == {"+1/+1": 1}
    assert after.subtypes == ("wall",) and "defender" in after.keywords
    assert (after.power, after.toughness) == (0 + 1, 4 + 1)


def test_BOT_14_equipment_stays_attached_when_it_converts():
    # on alice's turn living metal makes the back face a creature, so no state-based action unattaches
    # Bonesplitter; after converting it is the same permanent (BOT-14): still equipped, with its counter, the
    # front face's printed P/T plus +1/+1 and +2/+0 (CR 613.4c)
    d = scenario(obj("arcee", "Arcee, Sharpshooter", face="back", counters={"+1/+1": 1}),
                 obj("bone", "Bonesplitter", attached_to="arcee"), active="alice",
                 actions=[{"convert": "arcee"}])
    ev = run(d)
    arcee = ev.objects["arcee"]
    assert ev.objects["bone"].attached_to == "arcee" and ev.state_based_actions == []
    assert arcee.face == "front" and arcee.counters == {"+1/+1": 1}
    front_pt = next(f for f in pyrules.api.card_db().lookup("Arcee, Sharpshooter").faces if f.id == "front")
    base_p, base_t = int(front_pt.power), int(front_pt.toughness)
    assert (arcee.power, arcee.toughness) == (base_p + 1 + 2, base_t + 1)


def test_BOT_14_a_spell_targeting_it_still_targets_it_after_it_converts():
    d = scenario(obj("arcee", "Arcee, Sharpshooter"),
                 obj("stomp", "Bonecrusher Giant", owner="bob", zone="stack", part="Stomp", targets=["arcee"]),
                 actions=[{"convert": "arcee"}])
    ev = run(d)
    assert ev.objects["stomp"].targets == ("arcee",) and ev.objects["arcee"].face == "back"


def test_BOT_13_a_transforms_into_trigger_triggers_on_convert():
    d = scenario(obj("cult", "Cult of the Waxing Moon"), obj("arcee", "Arcee, Sharpshooter", face="back"),
                 actions=[{"convert": "arcee"}, {"resolve": "top"}])
    ev1 = run(d, step=1)
    assert trig(ev1) == [{"source": "cult", "ability": "trigger_1", "controller": "alice"}]
    assert len(ev1.stack) == 1
    ev2 = run(d)
    wolves = [o for o in ev2.objects.values() if o.name == "Wolf"]
    assert len(wolves) == 1 and wolves[0].token and (wolves[0].power, wolves[0].toughness) == (2, 2)


def test_BOT_13_no_trigger_when_it_converts_into_a_noncreature():
    # Arcee, Sharpshooter -> Arcee, Acrobatic Coupe on an opponent's turn: a noncreature Vehicle
    d = scenario(obj("cult", "Cult of the Waxing Moon"), obj("arcee", "Arcee, Sharpshooter"), active="bob",
                 actions=[{"convert": "arcee"}])
    ev = run(d)
    assert ev.error is None and ev.objects["arcee"].face == "back" and "creature" not in ev.objects["arcee"].types
    assert trig(ev) == []


def test_BOT_06_a_copy_of_a_converted_spell_has_the_back_face_and_becomes_a_double_faced_token():
    d = scenario(ARCEE_HAND, actions=[{"cast": "arcee", "method": "more_than_meets_the_eye"},
                                      {"copy": "arcee", "as": "copy1"}, {"resolve": "top"}, {"convert": "copy1"}])
    on_stack = run(d, step=2).objects["copy1"]
    assert (on_stack.name, on_stack.face, on_stack.zone) == ("Arcee, Acrobatic Coupe", "back", "stack")
    assert on_stack.copy_of == "arcee" and on_stack.mana_value == 0  # CR 202.3b
    token = run(d, step=3).objects["copy1"]
    assert (token.zone, token.token, token.name, token.face) == ("battlefield", True, "Arcee, Acrobatic Coupe", "back")
    # CR 707.10g (current rules): the token is double-faced, so it can convert — BOT-06 (2022) said it isn't
    assert run(d).objects["copy1"].face == "front"


def test_BOT_16_playing_a_card_exiled_with_prowl_triggers_only_while_prowl_is_prowl_stoic_strategist():
    objs = [obj("bears", "Grizzly Bears", zone="exile", exiled_with="prowl"), obj("top", "Sol Ring", zone="library", owner="bob")]
    front = run(scenario(obj("prowl", "Prowl, Stoic Strategist", owner="bob"), *objs,
                         actions=[{"cast": "bears"}, {"resolve": "top"}]))
    step1 = run(scenario(obj("prowl", "Prowl, Stoic Strategist", owner="bob"), *objs, actions=[{"cast": "bears"}]))
    assert trig(step1) == [{"source": "prowl", "ability": "trigger_3", "controller": "bob"}]
    assert front.objects["prowl"].face == "back" and front.objects["top"].zone == "hand"  # drew, converted
    back = run(scenario(obj("prowl", "Prowl, Stoic Strategist", owner="bob", face="back"), *objs, actions=[{"cast": "bears"}]))
    assert back.error is None and trig(back) == [] and back.objects["bears"].zone == "stack"
    gone = run(scenario(obj("prowl", "Prowl, Stoic Strategist", owner="bob", zone="graveyard"), *objs, actions=[{"cast": "bears"}]))
    assert gone.error is None and trig(gone) == []  # the permission outlives Prowl; the trigger doesn't


def test_REX_06_casting_with_escape_moves_the_card_to_the_stack_at_once():
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *gy(5),
                 actions=[{"cast": "uro", "method": "escape"}])
    ev = run(d)
    assert ev.objects["uro"].zone == "stack" and ev.stack == ["uro"]
    assert [o.zone for k, o in ev.objects.items() if k.startswith("g")] == ["exile"] * 5  # "other" cards: not Uro


def test_REX_10_an_escaped_instant_returns_to_the_graveyard_and_a_permanent_enters():
    # the target is in bob's graveyard, so paying escape's cost (exile five other cards from alice's) leaves it a
    # legal target and Cling to Dust resolves: it exiles the creature card, alice gains 3 life, and the escaped
    # instant goes back to the graveyard (REX-10)
    d = scenario(obj("cling", "Cling to Dust", zone="graveyard"), *gy(5),
                 obj("b0", "Grizzly Bears", zone="graveyard", owner="bob"),
                 actions=[{"cast": "cling", "method": "escape", "targets": ["b0"]}, {"resolve": "top"}])
    assert run(d, step=1).objects["cling"].zone == "stack"
    ev = run(d)
    assert ev.error is None and ev.objects["b0"].zone == "exile" and ev.players["alice"]["life"] == 23
    assert ev.objects["cling"].zone == "graveyard"
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *gy(5),
                 actions=[{"cast": "uro", "method": "escape"}, {"resolve": "top"}, {"resolve": "top"}])
    ev = run(d)
    assert ev.objects["uro"].zone == "battlefield" and ev.objects["uro"].escaped  # the sacrifice trigger did nothing


def test_REX_10_702_138c_escapes_with_counters():
    d = scenario(obj("woe", "Woe Strider", zone="graveyard"), *gy(4),
                 actions=[{"cast": "woe", "method": "escape"}, {"resolve": "top"}])
    woe = run(d).objects["woe"]
    assert woe.counters == {"+1/+1": 2} and (woe.power, woe.toughness) == (5, 4)


def test_CR_702_138b_uro_cast_normally_is_sacrificed_and_REX_03_can_escape_at_once():
    # Uro's two enters triggers go on the stack together; pyrules orders them (the controller's choice, CR
    # 603.3b) so that they resolve in printed order: "sacrifice it unless it escaped" first
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="hand"), *gy(5), obj("lib", "Grizzly Bears", zone="library"),
                 actions=[{"cast": "uro"}, {"resolve": "top"}, {"resolve": "top"}, {"resolve": "top"},
                          {"cast": "uro", "method": "escape"}])
    after_sacrifice = run(d, step=3)
    assert after_sacrifice.objects["uro"].zone == "graveyard"     # cast normally, it didn't escape (702.138b)
    assert len(after_sacrifice.stack) == 1                          # the gain-and-draw trigger still waits
    after_triggers = run(d, step=4)
    assert after_triggers.players["alice"]["life"] == 23 and after_triggers.objects["lib"].zone == "hand"
    # REX-03: right away, before an opponent can act — after a resolution the active player gets priority (CR 117.3b)
    assert after_triggers.turn["priority"] == "alice" and not after_triggers.stack
    opts = [o for o in after_triggers.actions("alice") if o.object == "uro"]
    assert [(o.method, o.legal) for o in opts] == [("escape", True)]
    assert run(d).objects["uro"].zone == "stack"


def test_REX_01_welcome_to_leaving_before_chapter_one_resolves_does_nothing():
    base = [obj("welcome", "Welcome to . . .", counters={"lore": 1}), obj("relic", "Sol Ring", owner="bob"),
            {"id": "ch1", "ability_of": "welcome", "ability": "chapter_1", "zone": "stack", "controller": "alice",
             "targets": ["relic"]}]
    stays = run(scenario(*base, actions=[{"resolve": "top"}])).objects["relic"]
    assert stays.types == ("artifact", "creature") and "wall" in stays.subtypes and (stays.power, stays.toughness) == (0, 4)
    assert "defender" in stays.keywords
    gone = run(scenario(*base, actions=[{"move": "welcome", "to": "graveyard"}, {"resolve": "top"}]))
    assert gone.error is None and "ch1" not in gone.stack
    left = gone.objects["relic"]
    assert left.types == ("artifact",) and left.power is None and "wall" not in left.subtypes


def test_CR_611_2b_the_wall_effect_ends_when_the_saga_leaves():
    # "for as long as you control this Saga": the effect applies, then ends when the Saga leaves (CR 611.2b)
    base = [obj("welcome", "Welcome to . . .", counters={"lore": 1}), obj("relic", "Sol Ring", owner="bob"),
            {"id": "ch1", "ability_of": "welcome", "ability": "chapter_1", "zone": "stack", "targets": ["relic"]}]
    d = scenario(*base, actions=[{"resolve": "top"}, {"move": "welcome", "to": "hand"}])
    assert run(d, step=1).objects["relic"].types == ("artifact", "creature")
    ev = run(d)
    assert ev.error is None and ev.objects["welcome"].zone == "hand"
    assert ev.objects["relic"].types == ("artifact",)


def test_CR_714_3a_a_saga_entering_gets_a_lore_counter_and_chapter_one_triggers_with_a_target():
    d = scenario(obj("welcome", "Welcome to . . .", zone="hand"), obj("relic", "Mind Stone", owner="bob"),
                 actions=[{"cast": "welcome"}, {"resolve": "top"}, {"resolve": "top"}])
    ev1 = run(d, step=2)
    assert ev1.objects["welcome"].counters == {"lore": 1}
    assert trig(ev1) == [{"source": "welcome", "ability": "chapter_1", "controller": "alice"}]
    (trigger,) = [o for o in ev1.objects.values() if o.ability == "chapter_1"]
    assert trigger.targets == ("relic",)
    assert (run(d).objects["relic"].power, run(d).objects["relic"].toughness) == (0, 4)


def _welcome(trigger_targets):
    # Welcome to . . . resolves at step 2; its chapter I ability ("for each opponent, up to one target noncreature
    # artifact that player controls becomes a 0/4 Wall ...") goes on the stack after step 2 as trigger_2_1
    return scenario(obj("welcome", "Welcome to . . .", zone="hand"), obj("relic", "Mind Stone", owner="bob"),
                    obj("ring", "Sol Ring", owner="bob"),
                    actions=[{"cast": "welcome"}, {"resolve": "top", "trigger_targets": trigger_targets}, {"resolve": "top"}])


def test_CR_603_3d_the_targets_of_a_triggered_ability_are_the_ones_the_timeline_names():
    # the player chooses the targets as the ability is put on the stack (CR 603.3d): named, Sol Ring is chosen
    # rather than the Mind Stone the default would take (the earliest of the opponent's)
    d = _welcome({"trigger_2_1": ["ring"]})
    (trigger,) = [o for o in run(d, step=2).objects.values() if o.ability == "chapter_1"]
    assert trigger.id == "trigger_2_1" and trigger.targets == ("ring",)
    ev = run(d)
    assert ev.error is None
    assert (ev.objects["ring"].power, ev.objects["ring"].toughness, ev.objects["ring"].subtypes) == (0, 4, ("wall",))
    assert "creature" not in ev.objects["relic"].types


def test_CR_603_3d_115_1_a_named_target_the_ability_cant_have_makes_the_step_illegal():
    # Welcome to . . . itself is not an artifact an opponent controls (CR 115.1): the step is refused (exit 1) with the
    # reason, and the answer is the state before it (the Saga still on the stack)
    ev = run(_welcome({"trigger_2_1": ["welcome"]}))
    assert ev.error["step"] == 2 and ev.step == 1 and ev.objects["welcome"].zone == "stack"
    (why,) = ev.error["why_not"]
    assert why["rule"] == "CR 603.3d" and why["code"].startswith("not_a_target_of(")
    # it has one target (one opponent): two are too many
    ev = run(_welcome({"trigger_2_1": ["ring", "relic"]}))
    assert [w["code"].split("(")[0] for w in ev.error["why_not"]] == ["too_many_targets_for"]


def test_CR_603_3d_an_up_to_one_target_may_be_left_unchosen_but_a_required_one_may_not():
    # Welcome to . . .'s chapter I targets "up to one" artifact: naming none ([]) leaves both artifacts as they are
    ev = run(_welcome({"trigger_2_1": []}))
    assert ev.error is None and "creature" not in ev.objects["ring"].types and "creature" not in ev.objects["relic"].types
    # Phlage's "deals 3 damage to any target" must have its target while there is a legal one (CR 603.3d, 115.1)
    d = scenario(obj("guard", "Grizzly Bears", owner="bob"), obj("phlage", "Phlage, Titan of Fire's Fury", zone="hand"),
                 actions=[{"cast": "phlage"}, {"resolve": "top", "trigger_targets": {"trigger_2_1": []}}])
    ev = run(d)
    assert ev.error["step"] == 2 and [w["code"].split("(")[0] for w in ev.error["why_not"]] == ["needs_a_target"]


def test_CR_400_7_608_2b_a_target_that_left_and_came_back_is_a_new_object_and_the_ability_does_nothing():
    # Phlage's "deals 3 damage to any target and you gain 3 life" targets Bob's Bears; the Bears go to the hand and
    # come back: a new object (CR 400.7) the ability never targeted, so its only target is illegal and it doesn't
    # resolve (608.2b): no damage, no life
    def d(away):
        moves = [{"move": "guard", "to": "hand"}, {"move": "guard", "to": "battlefield"}] if away else []
        return scenario(obj("guard", "Grizzly Bears", owner="bob"), obj("phlage", "Phlage, Titan of Fire's Fury", zone="hand"),
                        actions=[{"cast": "phlage"}, {"resolve": "top", "trigger_targets": {"trigger_2_1": ["guard"]}},
                                 *moves, {"resolve": "top"}, {"resolve": "top"}])
    ev = run(d(True))
    assert ev.error is None and ev.players["alice"]["life"] == 20
    assert ev.objects["guard"].zone == "battlefield" and ev.objects["guard"].damage == 0
    ev = run(d(False))   # the same line without the Bears leaving: 3 damage destroys them (704.5g), Alice gains 3
    assert ev.players["alice"]["life"] == 23 and ev.objects["guard"].zone == "graveyard"


def test_after_a_timeline_actions_carries_the_step_the_stack_and_what_triggered():
    # README, After a timeline: `show` and `actions` both carry step, stack and triggered
    from pyrules.answers.evaluation import Evaluation

    actions_json = Evaluation.actions_json

    ev = run(_welcome({"trigger_2_1": ["ring"]}), step=2)
    doc = actions_json(ev, "alice")
    assert doc["step"] == 2 and doc["stack"] == ["trigger_2_1"]
    assert doc["triggered"] == [{"source": "welcome", "ability": "chapter_1", "controller": "alice"}]


@pytest.mark.parametrize("named, field", [
    ({"trigger_3_1": ["ring"]}, "actions[1].trigger_targets.trigger_3_1"),          # not this step's ability
    ({"trigger_2_2": ["ring"]}, "actions[1].trigger_targets.trigger_2_2"),          # no such ability went on the stack
    ({"trigger_2_1": ["rnig"]}, "actions[1].trigger_targets.trigger_2_1[0]"),       # no such object
    ({"trigger_2_1": "ring"}, "actions[1].trigger_targets.trigger_2_1"),            # not a list
])
def test_trigger_targets_naming_what_isnt_there_exits_2_naming_the_field(write_yaml, named, field):
    r = cli("show", write_yaml(_welcome(named)))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and field in r.stderr


def test_CR_302_6_next_turn_ends_summoning_sickness_and_living_metal_follows_the_turn():
    d = scenario(obj("arcee", "Arcee, Acrobatic Coupe", face="back", controlled_since_turn_start=False, tapped=True),
                 actions=[{"next_turn": True}, {"next_turn": True}])
    bob_turn = run(d, step=1)
    assert bob_turn.turn["active"] == "bob" and bob_turn.objects["arcee"].types == ("artifact",)
    alice_again = run(d).objects["arcee"]
    assert alice_again.types == ("artifact", "creature") and not alice_again.tapped and alice_again.can_attack


def test_flashback_exiles_and_adventure_exiles_with_permission():
    d = scenario(obj("twice", "Think Twice", zone="graveyard"), obj("giant", "Bonecrusher Giant", zone="hand"),
                 actions=[{"cast": "twice", "method": "flashback"}, {"resolve": "top"},
                          {"cast": "giant", "part": "Stomp", "targets": ["bob"]}, {"resolve": "top"}, {"cast": "giant"}])
    assert run(d, step=2).objects["twice"].zone == "exile"  # CR 702.34a
    assert run(d, step=4).objects["giant"].zone == "exile"  # CR 715.3d
    assert run(d).objects["giant"].zone == "stack" and run(d).objects["giant"].name == "Bonecrusher Giant"


def test_REX_07_escape_cost_can_use_the_sacrificed_creature(write_yaml):
    d = scenario(obj("breach", "Underworld Breach"), obj("rites", "Village Rites", zone="graveyard"),
                 obj("bears", "Grizzly Bears"), *gy(2),
                 actions=[{"cast": "rites", "method": "escape", "sacrifice": ["bears"], "exile": ["g0", "g1", "bears"]}])
    ev = run(d)
    assert ev.error is None
    assert ev.objects["bears"].zone == "exile" and ev.objects["rites"].zone == "stack"


def test_illegal_escape_with_too_few_cards_exits_1_with_the_step_and_reasons(write_yaml):
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *gy(4),
                 *[obj(f"lib{i}", "Grizzly Bears", zone="library", owner=p) for i, p in enumerate(["alice", "bob"])],
                 actions=[{"next_turn": True}, {"next_turn": True}, {"cast": "uro", "method": "escape"}])
    r = cli("show", write_yaml(d), "--json")
    assert r.returncode == 1
    doc = json.loads(r.stdout)
    err = doc["error"]
    assert err["step"] == 3 and err["action"] == {"cast": "uro", "method": "escape"}
    assert any(w["reason"] == "4 other cards in your graveyard; escape needs 5" for w in err["why_not"])
    assert doc["objects"]["uro"]["zone"] == "graveyard"  # the state before the illegal action
    r = cli("show", write_yaml(d), "--step", "2", "--json")
    assert r.returncode == 0 and "error" not in json.loads(r.stdout)


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


def test_explanations_work_at_every_step():
    d = scenario(ARCEE_HAND, obj("march", "March of the Machines"),
                 actions=[{"cast": "arcee", "method": "more_than_meets_the_eye"}, {"resolve": "top"}, {"next_turn": True}])
    ev = run(d)
    node = ev.explain("arcee.power")
    assert "has power 3" in node.claim
    notes = [n.note for n in node.walk() if n.kind == "fact" and n.note]
    assert any(n.startswith("after step") for n in notes)


def test_a_scenario_can_state_an_effect_that_still_applies():
    # the state after Welcome to . . .'s chapter I resolved, written directly (pyrules' `effects:` extension)
    d = scenario(obj("welcome", "Welcome to . . .", counters={"lore": 1}), obj("relic", "Sol Ring", owner="bob"),
                 effects=[{"id": "wall1", "effect": "welcome_wall", "source": "welcome", "objects": ["relic"]}])
    relic = run(d).objects["relic"]
    assert (relic.power, relic.toughness) == (0, 4) and "defender" in relic.keywords
    gone = scenario(obj("welcome", "Welcome to . . .", zone="graveyard"), obj("relic", "Sol Ring", owner="bob"),
                    effects=[{"id": "wall1", "effect": "welcome_wall", "source": "welcome", "objects": ["relic"]}])
    # the effect lasts only while its controller controls the Saga: with the Saga gone it has ended,
    # so a scenario can't state that it still applies (CR 611.2b)
    with pytest.raises(pyrules.ScenarioError) as err:
        run(gone)
    assert err.value.field == "effects[0].source" and "already ended" in err.value.message
    with pytest.raises(pyrules.ScenarioError) as err:
        run(scenario(obj("relic", "Sol Ring"), effects=[{"id": "w", "effect": "welcome_wall", "source": "nope"}]))
    assert err.value.field == "effects[0].source"


def test_CR_113_8_an_ability_on_the_stack_that_names_no_controller_is_its_sources_controllers():
    """The controller of a triggered ability is the player who controlled its source when it triggered
    (CR 113.8): chapter II, given on the stack without a controller, is alice's, so its Dinosaur token is hers."""
    d = scenario(obj("welcome", "Welcome to . . .", counters={"lore": 2}),
                 {"id": "ch2", "ability_of": "welcome", "ability": "chapter_2", "zone": "stack"},
                 actions=[{"resolve": "top"}])
    assert run(d, step=0).objects["ch2"].controller == "alice"
    ev = run(d)
    assert ev.error is None
    assert ev.objects["token_1"].controller == "alice" and ev.objects["token_1"].zone == "battlefield"


def test_explain_after_an_illegal_action_names_it_in_the_json_and_exits_1():
    """interface §2: exit 1 when a timeline action is illegal, and the JSON names it and says why (CR 702.138a)."""
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *gy(1),
                 actions=[{"cast": "uro", "method": "escape"}])
    code, doc = pyrules.answer("explain", {"scenario": d, "query": "uro.zone"})
    assert code == 1
    assert doc["error"]["step"] == 1 and doc["error"]["action"] == {"cast": "uro", "method": "escape"}
    assert [w["rule"] for w in doc["error"]["why_not"]] == ["CR 702.138a"]
    assert doc["claim"] and doc["summary"]   # the explanation itself: of the state before the illegal action


def test_CR_113_8_the_default_controller_is_fixed_when_the_ability_was_put_on_the_stack():
    """CR 113.8: the controller of a triggered ability is the player who controlled its source when it
    triggered. Bob controls alice's Welcome to . . . as chapter II waits on the stack with no controller given;
    the Saga then goes to its owner's graveyard: the ability is still bob's, and so is its Dinosaur token."""
    d = scenario(obj("welcome", "Welcome to . . .", counters={"lore": 2}, controller="bob"),
                 {"id": "ch2", "ability_of": "welcome", "ability": "chapter_2", "zone": "stack"},
                 actions=[{"move": "welcome", "to": "graveyard"}, {"resolve": "top"}])
    assert run(d, step=0).objects["ch2"].controller == "bob"
    assert run(d, step=1).objects["ch2"].controller == "bob"
    ev = run(d)
    assert ev.error is None and ev.objects["token_2"].controller == "bob"


def test_CR_707_8a_a_token_copy_keeps_the_face_it_was_made_with_when_the_original_turns_over():
    """CR 707.8a, BOT-06: a token copy of a double-faced permanent is made with the face up that the original
    showed, and is a permanent of its own: converting the original later (CR 701.28a), or its leaving the
    battlefield, doesn't turn the token over. Two different names: no legend rule (CR 704.5j)."""
    base = [obj("arcee", "Arcee, Sharpshooter", face="back"), obj("tok", None, copy_of="arcee", token=True)]
    for action in ({"convert": "arcee"}, {"move": "arcee", "to": "graveyard"}):
        ev = run(scenario(*base, actions=[action]))
        assert ev.error is None
        tok = ev.objects["tok"]
        assert (tok.name, tok.face, tok.mana_value, tok.zone) == ("Arcee, Acrobatic Coupe", "back", 0, "battlefield")
        assert ev.state_based_actions == []


def test_BOT_10_a_spell_cast_converted_enters_back_face_up_with_its_back_faces_modular_counters():
    """BOT-10: Blaster cast with More Than Meets the Eye enters the battlefield back face up, as Blaster, Morale
    Booster, whose Modular 3 means it enters with three +1/+1 counters (CR 702.43a, 614.12: the face it enters
    with decides)."""
    ev = run(scenario(obj("blaster", "Blaster, Combat DJ", zone="hand"),
                      actions=[{"cast": "blaster", "method": "more_than_meets_the_eye"}, {"resolve": "top"}]))
    b = ev.objects["blaster"]
    assert ev.error is None and (b.zone, b.face, b.name) == ("battlefield", "back", "Blaster, Morale Booster")
    assert b.counters == {"+1/+1": 3}
    normal = run(scenario(obj("blaster", "Blaster, Combat DJ", zone="hand"),
                          actions=[{"cast": "blaster"}, {"resolve": "top"}])).objects["blaster"]
    assert (normal.face, normal.counters) == ("front", {})   # the front face has no modular of its own


def test_608_2c_305_4_uro_puts_the_land_it_just_drew_onto_the_battlefield():
    # "you gain 3 life and draw a card, then you may put a land card from your hand onto the battlefield": the
    # instructions are followed in order (CR 608.2c), so the Forest just drawn may be the land put (CR 305.4)
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *gy(5),
                 obj("top", "Forest", zone="library"),
                 actions=[{"cast": "uro", "method": "escape"}, {"resolve": "top"}, {"resolve": "top"}, {"resolve": "top"}])
    ev = run(d)
    assert ev.error is None and ev.objects["top"].zone == "battlefield" and ev.objects["top"].controller == "alice"
    assert ev.players["alice"]["hand"] == 0 and ev.players["alice"]["life"] == 23
