"""Summoning sickness: REX-05 and CR 302.6."""

from pathlib import Path

import pyrules
from conftest import obj, scenario, show

MARCH = obj("march", "March of the Machines", controlled_since_turn_start=False)


def test_REX_05_a_noncreature_turned_creature_can_attack_if_controlled_since_the_turn_began():
    # March arrived this turn, so Sol Ring has been a creature for moments only: it doesn't matter (REX-05)
    o = show(scenario(MARCH, obj("ring", "Sol Ring")))["ring"]
    assert "creature" in o.types
    assert o.can_attack and not o.summoning_sick


def test_REX_05_it_cant_attack_if_it_came_under_control_this_turn():
    o = show(scenario(obj("march", "March of the Machines"), obj("ring", "Sol Ring", controlled_since_turn_start=False)))["ring"]
    assert "creature" in o.types
    assert not o.can_attack
    assert o.summoning_sick and "summoning_sickness" in o.cannot_attack


def test_REX_05_living_metal_vehicle_that_entered_this_turn_cant_attack():
    o = show(scenario(obj("arcee", "Arcee, Acrobatic Coupe", face="back", controlled_since_turn_start=False)))["arcee"]
    assert "creature" in o.types and not o.can_attack


def test_CR_702_10b_haste_lets_a_summoning_sick_creature_attack():
    o = show(scenario(obj("slicer", "Slicer, Hired Muscle", controlled_since_turn_start=False)))["slicer"]
    assert o.summoning_sick and o.can_attack


def test_CR_508_1_a_creature_attacks_only_on_its_controllers_turn_and_untapped():
    objs = show(scenario(obj("bears", "Grizzly Bears", owner="bob"), obj("b2", "Grizzly Bears", tapped=True)))
    assert not objs["bears"].can_attack and "not_your_turn" in objs["bears"].cannot_attack
    assert not objs["b2"].can_attack and "tapped" in objs["b2"].cannot_attack


def test_CR_508_1a_a_noncreature_cant_attack():
    o = show(scenario(obj("ring", "Sol Ring")))["ring"]
    assert not o.can_attack and o.cannot_attack == ("not_a_creature",)


# ------------------------------------------------------------------ control that comes back (CR 302.6)

ELVES = str(Path(__file__).parent / "data" / "mana_cards.json")


def test_CR_302_6_800_4a_control_back_from_a_player_who_left_the_game_is_summoning_sick():
    # Three players, Alice's turn. Carol gains control of Alice's Llanowar Elves (under Alice's control since her turn
    # began); Alice's Fire then deals 2 damage to Carol, at 2 life: Carol loses (CR 704.5a) and leaves the game, the
    # effect that gave her control ends and the Elves come back to Alice (CR 800.4a). Alice hasn't controlled them
    # continuously since her most recent turn began (CR 302.6): they can't attack, nor tap for mana.
    d = scenario(obj("elves", "Llanowar Elves"), obj("fire", "Fire // Ice", zone="hand"), players=("alice", "bob", "carol"),
                 life={"carol": 2},
                 actions=[{"gain_control": "elves", "by": "carol"}, {"cast": "fire", "part": "Fire", "targets": ["carol"]},
                          {"resolve": "top"}])
    ev = pyrules.evaluate(d, cards=[ELVES])
    assert ev.error is None and ev.players["carol"]["life"] == 0
    elves = ev.objects["elves"]
    assert elves.zone == "battlefield" and elves.controller == "alice"
    assert elves.summoning_sick and not elves.can_attack and "summoning_sickness" in elves.cannot_attack
    tap = pyrules.evaluate(dict(d, actions=d["actions"] + [{"activate": "elves", "ability": 1}]), cards=[ELVES])
    assert tap.error is not None and tap.error["why_not"][0]["rule"] == "CR 302.6"


def test_CR_302_6_gaining_control_back_doesnt_restore_control_since_the_turn_began():
    # Bob gains control of Alice's Bears, then Alice gains control of them again, in her own turn: she has not
    # controlled them continuously since her turn began (CR 302.6) — they can't attack until her next turn begins
    d = scenario(obj("bears", "Grizzly Bears"), obj("other", "Grizzly Bears"),
                 actions=[{"gain_control": "bears", "by": "bob"}, {"gain_control": "bears", "by": "alice"}])
    ev = show(d)
    assert ev["bears"].controller == "alice" and ev["bears"].summoning_sick and not ev["bears"].can_attack
    assert not ev["other"].summoning_sick and ev["other"].can_attack   # never changed control
    # on Bob's turn it is still sick for Alice; once Alice's next turn begins it isn't
    later = show(dict(d, actions=d["actions"] + [{"next_turn": True}]))
    assert later["bears"].summoning_sick
    later = show(dict(d, actions=d["actions"] + [{"next_turn": True}, {"next_turn": True}]))
    assert not later["bears"].summoning_sick and later["bears"].can_attack


def test_CR_302_6_611_2b_control_back_when_an_effect_ends_is_summoning_sick():
    # Bob controls Alice's Bears through an effect lasting as long as its source, Bob's Sol Ring, remains on the
    # battlefield (CR 611.2b). The Ring leaves: the effect ends and the Bears return to Alice during her turn — she
    # hasn't controlled them continuously since it began (CR 302.6)
    d = scenario(obj("ring", "Sol Ring", owner="bob"), obj("bears", "Grizzly Bears"),
                 effects=[{"id": "steal", "effect": "control", "source": "ring", "controller": "bob", "objects": ["bears"],
                           "until": "leaves"}],
                 actions=[{"move": "ring", "to": "graveyard"}])
    before = show(dict(d, actions=[]))["bears"]
    assert before.controller == "bob"
    bears = show(d)["bears"]
    assert bears.controller == "alice" and bears.summoning_sick and not bears.can_attack
