"""Summoning sickness: REX-05 and CR 302.6."""

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
