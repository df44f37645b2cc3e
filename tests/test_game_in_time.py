"""The game in time: priority and responses (CR 117.3-117.4), countering (701.6, 702.34a), control changes
(613.1b, 302.6, BOT-05), state-based actions (704.3, 704.5a-q, 714.4), durations (514.2, 611.2b) and type-setting
effects (205.1b, BOT-14). Every expected answer is stated from the rule it is named after."""

import json
from pathlib import Path

import pytest

import pyrules
from conftest import cli, obj, scenario

FOUNTAIN = str(Path(__file__).parent / "data" / "fountain_of_renewal.json")
PACIFISM = str(Path(__file__).parent / "data" / "pacifism.json")
FORTIFICATION = str(Path(__file__).parent / "data" / "fortification.json")


def run(d, step=None, cards=()):
    return pyrules.evaluate(pyrules.load(d, cards=cards), step=step)


def performed(ev):
    return {(s["action"], s["object"], s["rule"]) for s in ev.state_based_actions}


# ------------------------------------------------------------------ priority (117.3, 117.4)

FIRE = [obj("bears", "Grizzly Bears", zone="hand"), obj("other", "Grizzly Bears"),
        obj("fire", "Fire // Ice", zone="hand", owner="bob")]
RESPONSE = [{"cast": "bears"}, {"pass": "alice"}, {"cast": "fire", "by": "bob", "part": "Fire", "targets": ["other"]},
            {"pass": "bob"}, {"pass": "alice"}]


def test_CR_117_3c_the_caster_keeps_priority_and_117_3d_passing_gives_it_to_the_next_player():
    d = scenario(*FIRE, actions=RESPONSE)
    assert run(d, step=1).turn["priority"] == "alice"  # 117.3c
    assert run(d, step=2).turn["priority"] == "bob"    # 117.3d
    after_fire = run(d, step=3)
    assert after_fire.stack == ["bears", "fire"] and after_fire.turn["priority"] == "bob"


def test_CR_117_4_all_passing_resolves_the_top_of_the_stack_first_and_the_active_player_gets_priority():
    ev = run(scenario(*FIRE, actions=RESPONSE))
    assert ev.error is None
    assert ev.objects["fire"].zone == "graveyard"          # Fire resolved (608.2n: an instant goes to the graveyard)
    assert ev.objects["bears"].zone == "stack" and ev.stack == ["bears"]  # the spell below it waits
    assert ev.objects["other"].zone == "graveyard"          # 2 damage to a 2/2: destroyed (704.5g)
    assert ("destroy", "other", "CR 704.5g") in performed(ev)
    assert ev.turn["priority"] == "alice"                   # 117.3b


def test_CR_117_4_all_passing_with_an_empty_stack_ends_the_step():
    ev = run(scenario(obj("bears", "Grizzly Bears"), actions=[{"pass": "alice"}, {"pass": "bob"}]))
    assert (ev.turn["phase"], ev.turn["step"], ev.turn["priority"]) == ("combat", "beginning_of_combat", "alice")


def test_CR_117_3d_a_player_without_priority_cannot_pass_exit_1_with_the_step(write_yaml):
    d = scenario(obj("bears", "Grizzly Bears", zone="hand"), actions=[{"cast": "bears"}, {"pass": "bob"}])
    r = cli("show", write_yaml(d), "--json")
    assert r.returncode == 1
    err = json.loads(r.stdout)["error"]
    assert err["step"] == 2 and err["action"] == {"pass": "bob"}
    assert [w["rule"] for w in err["why_not"]] == ["CR 117.3d"]


# ------------------------------------------------------------------ counter (701.6, 702.34a, 101.2)

def test_CR_701_6a_a_countered_spell_goes_to_its_owners_graveyard():
    ev = run(scenario(obj("tt", "Think Twice", zone="hand"), actions=[{"cast": "tt"}, {"counter": "tt"}]))
    assert ev.error is None and ev.objects["tt"].zone == "graveyard" and ev.stack == []


def test_CR_702_34a_a_countered_flashback_spell_is_exiled_instead():
    ev = run(scenario(obj("tt", "Think Twice", zone="graveyard"),
                      actions=[{"cast": "tt", "method": "flashback"}, {"counter": "tt"}]))
    assert ev.error is None and ev.objects["tt"].zone == "exile"


def test_CR_101_2_a_spell_that_cant_be_countered_makes_the_counter_action_illegal(write_yaml):
    d = scenario(obj("ct", "Carnage Tyrant", zone="hand"), actions=[{"cast": "ct"}, {"counter": "ct"}])
    r = cli("show", write_yaml(d), "--json")
    assert r.returncode == 1
    doc = json.loads(r.stdout)
    assert doc["error"]["step"] == 2 and "can't be countered" in doc["error"]["why_not"][0]["reason"]
    assert doc["objects"]["ct"]["zone"] == "stack"


def test_CR_701_6a_countering_something_not_on_the_stack_exits_1(write_yaml):
    d = scenario(obj("tt", "Think Twice", zone="hand"), actions=[{"counter": "tt"}])
    r = cli("show", write_yaml(d), "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["error"]["step"] == 1


# ------------------------------------------------------------------ control (613.1b, 302.6, BOT-05)

def test_CR_613_1b_gain_control_and_CR_302_6_summoning_sickness_follows_the_new_controller():
    ev = run(scenario(obj("bears", "Grizzly Bears"), active="bob",
                      actions=[{"gain_control": "bears", "by": "bob"}]))
    bears = ev.objects["bears"]
    assert bears.controller == "bob" and bears.owner == "alice"
    assert bears.summoning_sick and not bears.can_attack  # bob hasn't controlled it since his turn began


def test_BOT_05_living_metal_follows_the_new_controllers_turn():
    # on alice's turn, a Vehicle with living metal that bob now controls is not a creature
    d = scenario(obj("arcee", "Arcee, Sharpshooter", face="back"), actions=[{"gain_control": "arcee", "by": "bob"}])
    assert run(d, step=0).objects["arcee"].types == ("artifact", "creature")
    assert run(d).objects["arcee"].types == ("artifact",)


# ------------------------------------------------------------------ state-based actions (704)

def test_CR_500_2_117_4_next_turn_resolves_the_stack_on_the_way():
    # interface §1: next_turn ends the turn; a step ends only with an empty stack (CR 500.2), so the players pass in
    # succession first and the Bears resolve (CR 117.4, 608.3) before the turn goes on
    ev = run(scenario(obj("bears", "Grizzly Bears", zone="hand"), actions=[{"cast": "bears"}, {"next_turn": True}]))
    assert ev.error is None and not ev.stack and ev.objects["bears"].zone == "battlefield"
    assert (ev.turn["active"], ev.turn["phase"]) == ("bob", "precombat_main")


def test_interface_5_2_the_scenarios_own_state_is_taken_as_written_and_CR_704_3_checks_the_next():
    # interface §5.2: no state-based action is performed on the scenario's own state (a convention: it describes a
    # moment, not how it was reached); CR 704.3: they are checked whenever a player would receive priority next
    d = scenario(obj("bears", "Grizzly Bears", damage=2), actions=[{"pass": "alice"}])
    ev = run(d, step=0)
    assert ev.objects["bears"].zone == "battlefield" and ev.state_based_actions == []
    assert ("destroy", "bears", "CR 704.5g") in performed(run(d))


def test_CR_704_5a_a_player_at_0_life_loses_and_it_is_reported():
    ev = run(scenario(obj("bears", "Grizzly Bears"), life={"bob": 0}, actions=[{"pass": "alice"}]))
    assert ("lose", "bob", "CR 704.5a") in performed(ev)
    assert ev.players["bob"]["lost"] is True and ev.players["alice"]["lost"] is False


def test_CR_704_5b_a_player_who_drew_from_an_empty_library_loses():
    # alice's library is described: one card. Think Twice draws it; its flashback then draws from the empty library,
    # and "a player who attempted to draw a card from a library with no cards in it" loses (CR 704.5b)
    d = scenario(obj("tt", "Think Twice", zone="hand"), obj("lib1", "Grizzly Bears", zone="library"),
                 actions=[{"cast": "tt"}, {"resolve": "top"}, {"cast": "tt", "method": "flashback"}, {"resolve": "top"}])
    first = run(d, step=2)
    assert first.objects["lib1"].zone == "hand" and not first.players["alice"]["lost"]
    ev = run(d)
    assert ev.error is None and ev.players["alice"]["lost"] and ("lose", "alice", "CR 704.5b") in performed(ev)


def test_CR_704_5e_a_copy_of_a_spell_that_left_the_stack_ceases_to_exist():
    # a copy of Think Twice, countered, would go to the graveyard: it ceases to exist there (CR 704.5e, 707.10a)
    ev = run(scenario(obj("tt", "Think Twice", zone="stack"), actions=[{"copy": "tt", "as": "tt2"}, {"counter": "tt2"}]))
    assert ev.error is None and ("cease", "tt2", "CR 704.5e") in performed(ev)
    assert "tt2" not in ev.objects or ev.objects["tt2"].zone != "graveyard"
    assert ev.stack == ["tt"]


def test_CR_704_5m_an_aura_attached_to_nothing_is_put_into_its_owners_graveyard():
    d = scenario(obj("bears", "Grizzly Bears", owner="bob"), obj("pac", "Pacifism", attached_to="bears"),
                 actions=[{"move": "bears", "to": "graveyard"}])
    assert run(d, step=0, cards=(PACIFISM,)).objects["pac"].zone == "battlefield"
    ev = run(d, cards=(PACIFISM,))
    assert ev.error is None and ("graveyard", "pac", "CR 704.5m") in performed(ev)
    assert ev.objects["pac"].zone == "graveyard"


def test_CR_704_5d_a_token_that_left_the_battlefield_ceases_to_exist():
    ev = run(scenario(obj("tok", "Grizzly Bears", token=True), actions=[{"move": "tok", "to": "graveyard"}]))
    assert ("cease", "tok", "CR 704.5d") in performed(ev)
    assert "tok" not in ev.objects or ev.objects["tok"].zone != "graveyard"


def test_CR_704_5f_a_0_0_creature_is_put_into_its_owners_graveyard():
    # a token copy of Arcee's back face has mana value 0 (CR 707.8a, 202.3b); on bob's turn living metal doesn't
    # make alice's copy a creature, so March of the Machines makes it a 0/0 artifact creature
    ev = run(scenario(obj("march", "March of the Machines"), obj("arcee", "Arcee, Sharpshooter", face="back", owner="bob"),
                      obj("tok", "Arcee, Sharpshooter", face="back", token=True, copy_of="arcee"),
                      active="bob", actions=[{"pass": "bob"}]))
    assert ("graveyard", "tok", "CR 704.5f") in performed(ev)
    assert ev.objects["arcee"].zone == "battlefield"  # bob's card, a creature on his turn (living metal)


def test_CR_704_5g_lethal_damage_destroys_a_creature():
    ev = run(scenario(obj("bears", "Grizzly Bears", damage=2), obj("big", "Grizzly Bears", damage=1,
                                                                     counters={"+1/+1": 1}),
                      actions=[{"pass": "alice"}]))
    assert ("destroy", "bears", "CR 704.5g") in performed(ev)
    assert ev.objects["bears"].zone == "graveyard" and ev.objects["big"].zone == "battlefield"


def test_CR_704_5j_legend_rule_keeps_the_newest_by_default_or_the_chosen_one():
    base = [obj("a1", "Arcee, Sharpshooter"), obj("a2", "Arcee, Sharpshooter", zone="hand")]
    ev = run(scenario(*base, actions=[{"cast": "a2"}, {"resolve": "top"}]))
    assert ("legend", "a1", "CR 704.5j") in performed(ev)
    assert (ev.objects["a1"].zone, ev.objects["a2"].zone) == ("graveyard", "battlefield")
    ev = run(scenario(*base, actions=[{"cast": "a2"}, {"resolve": "top", "keep": ["a1"]}]))
    assert (ev.objects["a1"].zone, ev.objects["a2"].zone) == ("battlefield", "graveyard")


def test_CR_704_5j_keep_naming_a_permanent_the_legend_rule_didnt_apply_to_exits_2(write_yaml):
    # the choice exists only for a player's legendary permanents with the same name as the legend rule applies
    # (CR 704.5j): after the cast, a2 is on the stack, and keep: [a1] names a choice nobody had to make
    base = [obj("a1", "Arcee, Sharpshooter"), obj("a2", "Arcee, Sharpshooter", zone="hand")]
    r = cli("show", write_yaml(scenario(*base, actions=[{"cast": "a2", "keep": ["a1"]}, {"resolve": "top"}])))
    assert r.returncode == 2 and "actions[0].keep[0]" in r.stderr and r.stderr.count("\n") == 1
    # the player keeps one of the group: naming both is a choice that can't be made
    r = cli("show", write_yaml(scenario(*base, actions=[{"cast": "a2"}, {"resolve": "top", "keep": ["a1", "a2"]}])))
    assert r.returncode == 2 and "actions[1].keep[" in r.stderr


def test_CR_704_5n_equipment_falls_off_a_permanent_that_stopped_being_a_creature():
    ev = run(scenario(obj("prowl", "Prowl, Stoic Strategist"), obj("axe", "Bonesplitter", attached_to="prowl"),
                      active="bob", actions=[{"convert": "prowl"}]))
    assert ("unattach", "axe", "CR 704.5n") in performed(ev)
    assert ev.objects["axe"].attached_to is None and ev.objects["axe"].zone == "battlefield"


def test_CR_704_5n_an_equipment_that_became_a_creature_falls_off():
    # March of the Machines makes Bonesplitter an artifact creature (its reminder text: it becomes unattached)
    ev = run(scenario(obj("bears", "Grizzly Bears"), obj("axe", "Bonesplitter", attached_to="bears"),
                      obj("march", "March of the Machines", zone="hand"),
                      actions=[{"cast": "march"}, {"resolve": "top"}]))
    assert ("unattach", "axe", "CR 704.5n") in performed(ev)
    assert ev.objects["axe"].types == ("artifact", "creature") and ev.objects["axe"].attached_to is None


def test_CR_704_5n_301_5c_equipment_whose_creature_left_is_unattached_by_a_reported_state_based_action():
    # Fire deals 2 damage to the equipped Bears, which are destroyed (CR 704.5g): Bonesplitter is left attached to an
    # object that no longer exists; the next check of state-based actions unattaches it (CR 301.5c, 704.5n), and that
    # action is reported among those performed. It stays on the battlefield.
    d = scenario(obj("bears", "Grizzly Bears", owner="bob"), obj("axe", "Bonesplitter", owner="bob", attached_to="bears"),
                 obj("fire", "Fire // Ice", zone="hand"),
                 actions=[{"cast": "fire", "part": "Fire", "targets": ["bears"]}, {"resolve": "top"}])
    ev = run(d)
    assert ev.error is None and ("destroy", "bears", "CR 704.5g") in performed(ev)
    assert ("unattach", "axe", "CR 704.5n") in performed(ev)
    assert ev.objects["axe"].zone == "battlefield" and ev.objects["axe"].attached_to is None
    # a token creature that leaves (and then ceases to exist, CR 704.5d): the same
    d = scenario(obj("tok", "Grizzly Bears", token=True), obj("axe", "Bonesplitter", attached_to="tok"),
                 actions=[{"move": "tok", "to": "exile"}])
    ev = run(d)
    assert ("cease", "tok", "CR 704.5d") in performed(ev) and ("unattach", "axe", "CR 704.5n") in performed(ev)
    assert ev.objects["axe"].attached_to is None


def test_CR_704_5n_800_4a_equipment_on_a_creature_that_left_the_game_with_its_owner_is_unattached():
    # Alice's Bonesplitter is attached to Carol's Bears. Carol, at 0 life, loses (CR 704.5a) and her Bears leave the
    # game with her (CR 800.4a): the state-based action unattaches the Bonesplitter (CR 704.5n), reported
    d = scenario(obj("bears", "Grizzly Bears", owner="carol"), obj("axe", "Bonesplitter", attached_to="bears"),
                 players=("alice", "bob", "carol"), life={"carol": 0}, actions=[{"pass": "alice"}])
    ev = run(d)
    assert ev.error is None and ("lose", "carol", "CR 704.5a") in performed(ev)
    assert ("unattach", "axe", "CR 704.5n") in performed(ev)
    assert ev.objects["axe"].zone == "battlefield" and ev.objects["axe"].attached_to is None


def test_CR_704_5n_a_fortification_whose_land_left_is_unattached_by_a_reported_state_based_action():
    # Darksteel Garrison fortifies a Forest; the Forest returns to its owner's hand: the Fortification becomes
    # unattached by a state-based action (CR 704.5n) and stays on the battlefield
    d = scenario(obj("forest", "Forest"), obj("garrison", "Darksteel Garrison", attached_to="forest"),
                 actions=[{"move": "forest", "to": "hand"}])
    ev = run(d, cards=(FORTIFICATION,))
    assert ev.error is None and ("unattach", "garrison", "CR 704.5n") in performed(ev)
    assert ev.objects["garrison"].zone == "battlefield" and ev.objects["garrison"].attached_to is None


def test_CR_704_5m_an_aura_whose_creature_left_goes_to_the_graveyard_and_only_that_is_reported():
    # Pacifism on Bob's Bears, which Alice's Fire destroys: the Aura, attached to nothing that exists, is put into
    # its owner's graveyard (CR 704.5m) — not also unattached (704.5n is for Equipment and Fortifications)
    d = scenario(obj("bears", "Grizzly Bears", owner="bob"), obj("pac", "Pacifism", attached_to="bears"),
                 obj("fire", "Fire // Ice", zone="hand"),
                 actions=[{"cast": "fire", "part": "Fire", "targets": ["bears"]}, {"resolve": "top"}])
    ev = run(d, cards=(PACIFISM,))
    assert ev.error is None and ("graveyard", "pac", "CR 704.5m") in performed(ev)
    assert not [a for a in performed(ev) if a[1] == "pac" and a[0] != "graveyard"]
    assert ev.objects["pac"].zone == "graveyard"


def test_CR_704_5q_plus_and_minus_counters_annihilate():
    ev = run(scenario(obj("bears", "Grizzly Bears", counters={"+1/+1": 2, "-1/-1": 1}), actions=[{"pass": "alice"}]))
    assert ("annihilate", "bears", "CR 704.5q") in performed(ev)
    assert ev.objects["bears"].counters == {"+1/+1": 1} and ev.objects["bears"].power == 3


def test_CR_714_4_a_saga_past_its_final_chapter_is_sacrificed():
    ev = run(scenario(obj("welcome", "Welcome to . . .", counters={"lore": 3}), actions=[{"pass": "alice"}]))
    assert ("sacrifice", "welcome", "CR 714.4") in performed(ev)
    assert ev.objects["welcome"].zone == "graveyard"


# ------------------------------------------------------------------ steps and durations (500.2, 603.2, 514.2, 611.2b)

def test_CR_603_2_beginning_of_upkeep_triggers_whichever_way_the_step_begins():
    cards = (FOUNTAIN,)
    by_macro = run(scenario(obj("fountain", "Fountain of Renewal", owner="bob"), actions=[{"next_turn": True}]),
                   cards=cards)
    assert by_macro.players["bob"]["life"] == 21  # it triggered in bob's upkeep and resolved on the way
    by_passes = run(scenario(obj("fountain", "Fountain of Renewal", owner="bob"), phase="ending", step="end",
                             actions=[{"pass": "alice"}, {"pass": "bob"}]), cards=cards)
    assert (by_passes.turn["active"], by_passes.turn["step"]) == ("bob", "upkeep")
    assert [{k: v for k, v in d.items() if k != "id"} for d in by_passes.triggered] == \
        [{"source": "fountain", "ability": "trigger_1", "controller": "bob"}]
    assert len(by_passes.stack) == 1 and by_passes.turn["priority"] == "bob"


def test_CR_514_2_until_end_of_turn_ends_in_the_cleanup_step():
    # chapter II of Welcome to . . . : the Dinosaur token gains haste until end of turn
    d = scenario(obj("welcome", "Welcome to . . .", counters={"lore": 1}),
                 actions=[{"next_turn": True}, {"next_turn": True}, {"resolve": "top"},
                          {"advance": {"phase": "ending", "step": "end"}}, {"pass": "alice"}, {"pass": "bob"}])
    tokens = [o for o in run(d, step=4).objects.values() if o.token]
    assert len(tokens) == 1 and "haste" in tokens[0].keywords  # in the end step, still until end of turn
    combat = run(scenario(obj("welcome", "Welcome to . . .", counters={"lore": 1}),
                          actions=[{"next_turn": True}, {"next_turn": True}, {"resolve": "top"},
                                   {"advance": {"phase": "combat", "step": "declare_attackers"}}]))
    (dino,) = [o for o in combat.objects.values() if o.token]
    assert dino.can_attack  # haste: it can attack the turn it was created (702.10b)
    end = run(d)
    after = [o for o in end.objects.values() if o.token]
    assert "haste" not in after[0].keywords and end.turn["active"] == "bob"


def test_CR_611_2b_for_as_long_as_you_control_ends_when_control_is_lost():
    base = [obj("welcome", "Welcome to . . .", counters={"lore": 1}), obj("relic", "Sol Ring", owner="bob"),
            {"id": "ch1", "ability_of": "welcome", "ability": "chapter_1", "zone": "stack", "controller": "alice",
             "targets": ["relic"]}]
    d = scenario(*base, actions=[{"resolve": "top"}, {"gain_control": "welcome", "by": "bob"}])
    assert run(d, step=1).objects["relic"].types == ("artifact", "creature")
    relic = run(d).objects["relic"]
    assert relic.types == ("artifact",) and relic.power is None


def test_CR_205_1b_a_wall_artifact_creature_keeps_its_other_types_but_not_its_creature_types_and_BOT_14():
    base = [obj("welcome", "Welcome to . . .", counters={"lore": 1}),
            obj("arcee", "Arcee, Sharpshooter", owner="bob", face="back"),
            {"id": "ch1", "ability_of": "welcome", "ability": "chapter_1", "zone": "stack", "controller": "alice",
             "targets": ["arcee"]}]
    d = scenario(*base, actions=[{"resolve": "top"}, {"convert": "arcee"}])
    vehicle = run(d, step=1).objects["arcee"]
    assert vehicle.types == ("artifact", "creature") and set(vehicle.subtypes) == {"vehicle", "wall"}
    robot = run(d).objects["arcee"]  # converted: the same permanent, the effect still applies (BOT-14)
    assert robot.name == "Arcee, Sharpshooter"
    assert robot.subtypes == ("wall",)  # "Wall artifact creature" replaces the creature type Robot
    assert (robot.power, robot.toughness) == (0, 4) and "defender" in robot.keywords


@pytest.mark.parametrize("action,field", [
    ({"pass": "carol"}, "actions[0].pass"),
    ({"counter": 3}, "actions[0].counter"),
    ({"gain_control": "bears"}, "actions[0].by"),
    ({"gain_control": "bears", "by": "nobody"}, "actions[0].by"),
])
def test_malformed_game_actions_exit_2_naming_the_field(action, field, write_yaml):
    r = cli("show", write_yaml(scenario(obj("bears", "Grizzly Bears"), actions=[action])))
    assert r.returncode == 2 and field in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_CR_508_8_advancing_to_a_skipped_step_stops_at_the_step_that_comes_instead():
    # no creature attacks, so there is no declare blockers step (508.8): the game stops at end of combat
    ev = run(scenario(obj("bears", "Grizzly Bears"), actions=[{"advance": {"phase": "combat", "step": "declare_blockers"}}]))
    assert ev.error is None
    assert (ev.turn["phase"], ev.turn["step"], ev.turn["active"]) == ("combat", "end_of_combat", "alice")


def test_CR_732_1_next_turn_ends_where_passing_in_every_step_ends():
    """A macro action is a shortcut for every player passing in each step (CR 732.1): moving through the steps
    in which nothing happens as they begin without stopping in them changes nothing. next_turn from alice's
    main phase must leave the game where passing priority step by step leaves it, at bob's precombat main
    phase: bob's tapped Bears untapped (502.3), their damage removed in the cleanup step (514.2)."""
    board = [obj("bears", "Grizzly Bears", owner="bob", tapped=True, damage=1), obj("ring", "Sol Ring")]
    passes = [{"pass": "alice"}, {"pass": "bob"}] * 6 + [{"pass": "bob"}, {"pass": "alice"}] * 2
    by_macro = run(scenario(*board, actions=[{"next_turn": True}]))
    by_passes = run(scenario(*board, actions=passes))
    assert by_macro.error is None and by_passes.error is None
    for ev in (by_macro, by_passes):
        assert (ev.turn["active"], ev.turn["phase"]) == ("bob", "precombat_main")
    assert by_macro.to_json()["objects"] == by_passes.to_json()["objects"]
    assert not by_macro.objects["bears"].tapped
    # the quiet steps were passed through: beginning of combat (the step next_turn ends the main phase into),
    # cleanup, untap, draw and the main phase, not all eleven steps on the way
    assert len(by_macro.game.moments) - 1 <= 5


def test_CR_603_2_a_trigger_at_the_beginning_of_a_step_on_the_way_still_triggers_only_on_its_turn():
    """Fountain of Renewal triggers at the beginning of its controller's upkeep: passing through bob's upkeep
    (alice controls it) does nothing, alice's next upkeep triggers it (she gains 1 life)."""
    ev = run(scenario(obj("fountain", "Fountain of Renewal"), actions=[{"next_turn": True}, {"next_turn": True}]),
             cards=(FOUNTAIN,))
    assert ev.error is None and ev.turn["active"] == "alice"
    assert ev.players["alice"]["life"] == 21
    assert run(scenario(obj("fountain", "Fountain of Renewal"), actions=[{"next_turn": True}]),
               cards=(FOUNTAIN,)).players["alice"]["life"] == 20


def test_CR_514_1_the_active_player_discards_down_to_seven_in_the_cleanup_step():
    # nine cards in hand as the cleanup step begins: the two in excess are discarded (pyrules chooses the earliest)
    hand = [obj(f"h{i}", "Grizzly Bears", zone="hand") for i in range(1, 10)]
    ev = run(scenario(*hand, phase="ending", step="end", actions=[{"pass": "alice"}, {"pass": "bob"}]))
    assert ev.error is None and ev.players["alice"]["hand"] == 7 and ev.players["alice"]["graveyard"] == 2
    assert {o for o, s in ev.objects.items() if s.zone == "graveyard"} == {"h1", "h2"}
    seven = run(scenario(*hand[:7], phase="ending", step="end", actions=[{"pass": "alice"}, {"pass": "bob"}]))
    assert seven.players["alice"]["hand"] == 7 and seven.players["alice"]["graveyard"] == 0


def test_CR_702_34a_a_flashback_spell_an_effect_moves_off_the_stack_is_exiled():
    # "exile this card instead of putting it anywhere else any time it would leave the stack" (CR 702.34a): bounced
    # to its owner's hand by an effect, Think Twice cast with flashback goes to exile
    d = scenario(obj("tt", "Think Twice", zone="graveyard"),
                 actions=[{"cast": "tt", "method": "flashback"}, {"move": "tt", "to": "hand"}])
    ev = run(d)
    assert ev.error is None and ev.objects["tt"].zone == "exile"


def test_CR_707_10_a_copy_of_a_spell_copies_its_value_of_x():
    # Stream of Life cast with X = 4 has mana value 5 on the stack (CR 202.3e); its copy copies the choice of X
    # (CR 707.10) and has mana value 5 too
    cards = (str(Path(__file__).parent / "data" / "scryfall_list.json"),)
    d = scenario(obj("stream", "Stream of Life", zone="hand"), actions=[{"cast": "stream", "x": 4}, {"copy": "stream", "as": "s2"}])
    ev = run(d, cards=cards)
    assert ev.error is None and ev.objects["stream"].mana_value == 5 and ev.objects["s2"].mana_value == 5


THREE = ("alice", "bob", "carol")


def test_CR_800_4a_a_player_who_lost_leaves_the_game_with_their_objects_and_is_skipped_in_turn_order():
    # bob is at 0 life: as alice passes, he loses (704.5a) and leaves the game (800.4a): the Sol Ring he owns leaves
    # with him, the Bears he controls but carol owns are exiled, priority goes to carol (the next player still in
    # the game), and after alice's turn comes carol's
    d = scenario(obj("ring", "Sol Ring", owner="bob"), obj("bears", "Grizzly Bears", owner="carol", controller="bob"),
                 players=THREE, life={"bob": 0}, actions=[{"pass": "alice"}, {"pass": "carol"}, {"next_turn": True}])
    ev = run(d, step=1)
    assert ("lose", "bob", "CR 704.5a") in performed(ev) and ("leave_game", "ring", "CR 800.4a") in performed(ev)
    assert ("exile", "bears", "CR 800.4a") in performed(ev) and ev.objects["bears"].zone == "exile"
    assert "ring" not in ev.objects and ev.turn["priority"] == "carol"
    ev = run(d)
    assert ev.error is None and ev.turn["active"] == "carol"
    # bob has no priority to pass
    bad = run(scenario(players=THREE, life={"bob": 0}, actions=[{"pass": "alice"}, {"pass": "bob"}]))
    assert bad.error["step"] == 2 and bad.error["why_not"][0]["rule"] == "CR 117.3d"


def test_CR_800_4a_an_effect_that_gave_the_player_who_left_control_ends():
    # bob gained control of alice's Bears (an effect with no end); when bob leaves the game the effect ends and the
    # Bears return to alice's control rather than being exiled
    d = scenario(obj("bears", "Grizzly Bears"), players=THREE,
                 actions=[{"gain_control": "bears", "by": "bob"}, {"pass": "alice"}],
                 life={"bob": 0})
    ev = run(d)
    assert ev.error is None and ev.objects["bears"].zone == "battlefield" and ev.objects["bears"].controller == "alice"


# ------------------------------------------------------------------ divided damage (601.2d, 608.2b)

def _fire(*objs, targets, between=(), state=None):
    """Alice casts Fire at `targets` (or the scenario states it on the stack so), `between` happens, Fire resolves."""
    if state is None:
        objs = (obj("fire", "Fire // Ice", zone="hand"),) + objs
        acts = [{"cast": "fire", "part": "Fire", "targets": targets}]
    else:
        objs = (obj("fire", "Fire // Ice", zone="stack", part="Fire", targets=targets),) + objs
        acts = []
    return run(scenario(*objs, actions=acts + list(between) + [{"resolve": "top"}]))


def test_CR_601_2d_608_2b_divided_damage_keeps_its_division_when_a_target_becomes_illegal():
    # Fire divides 2 damage between Bob's two Bears: 1 each, announced as it is cast (CR 601.2d). Before it resolves
    # one Bears returns to Bob's hand: it is an illegal target, and its share is lost (CR 608.2b) — the other Bears
    # are dealt 1, not 2, and survive.
    b1, b2 = obj("b1", "Grizzly Bears", owner="bob"), obj("b2", "Grizzly Bears", owner="bob")
    ev = _fire(b1, b2, targets=["b1", "b2"], between=[{"move": "b1", "to": "hand"}])
    assert ev.error is None and ev.objects["b2"].zone == "battlefield" and ev.objects["b2"].damage == 1
    # with both still there: 1 each
    ev = _fire(b1, b2, targets=["b1", "b2"])
    assert (ev.objects["b1"].damage, ev.objects["b2"].damage) == (1, 1)
    # a creature and a player: the creature leaves, the player is still dealt only their 1
    ev = _fire(b1, targets=["b1", "bob"], between=[{"move": "b1", "to": "exile"}])
    assert ev.error is None and ev.players["bob"]["life"] == 19
    # one target only: it gets all 2
    ev = _fire(b1, targets=["bob"])
    assert ev.players["bob"]["life"] == 18


def test_CR_601_2d_608_2b_a_fire_the_scenario_states_on_the_stack_keeps_its_division():
    # Fire on the stack in the scenario's state, targeting Bob's Bears and Bob: its division (pyrules' default: 1
    # each) was made as it was cast, before that state; the Bears leave, Bob is dealt 1
    ev = _fire(obj("b1", "Grizzly Bears", owner="bob"), targets=["b1", "bob"], between=[{"move": "b1", "to": "hand"}], state=True)
    assert ev.error is None and ev.players["bob"]["life"] == 19


def test_CR_707_10_601_2d_a_copy_of_a_divided_spell_copies_its_division():
    # Fire targets Bob's Bears and Bob; the Bears leave; a copy of Fire is made (CR 707.10: it copies the decisions
    # made for the spell, the division included): each deals Bob 1 — the copy doesn't divide anew among the targets
    # left to it
    ev = _fire(obj("b1", "Grizzly Bears", owner="bob"), targets=["b1", "bob"],
               between=[{"move": "b1", "to": "hand"}, {"copy": "fire", "as": "fire2"}, {"resolve": "top"}])
    assert ev.error is None and ev.players["bob"]["life"] == 18
