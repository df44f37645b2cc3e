"""Reading tests of token copies and offspring (issue 28): real cards of Foundations and Bloomburrow as Forge's card
scripts keep their Oracle text (tests/data/token_copies.json) -> status and the vocabulary facts the rules interpret
(rules/timeline/token_copies.lp, rules/mechanics/offspring.lp). The behaviour is played out in
tests/rules/707_copies/token_copies.yaml and tests/rules/702_keywords/offspring.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("token_copies.json")


def test_a_copy_of_target_creature_you_control():
    # Self-Reflection: "Create a token that's a copy of target creature you control." (CR 707.2, 111.1)
    ln = line("Self-Reflection", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "create_copy(target(1))" in f
    assert "pos(type(creature))" in f and "pos(you_control)" in f


def test_a_copy_of_another_target_nonland_permanent_at_upkeep():
    # Extravagant Replication: "another" leaves the source out (CR 115.10a), "nonland" excludes lands
    ln = line("Extravagant Replication", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "at(beginning,upkeep,you)" in f and "create_copy(target(1))" in f
    assert "neg(type(land))" in f and "pos(you_control)" in f and "[other]" in f


def test_a_copy_of_this_creature():
    # Homunculus Horde: the ability's source (its draw trigger: rules/timeline/draw_triggers.lp)
    ln = line("Homunculus Horde", 1)
    assert ln.status == "modelled", ln.text
    assert "draws_nth(you,2)" in facts(ln) and "create_copy(self)" in facts(ln)


@pytest.mark.parametrize("card, cost", [
    ("Intrepid Rabbit", ["mana(1,generic(1))"]),
    ("Flowerfoot Swordmaster", ["mana(1,generic(2))"]),
    ("Warren Warleader", ["mana(1,generic(2))"]),
    ("Finch Formation", ["mana(1,generic(3))"]),
    ("Splash Lasher", ["mana(1,generic(1))", "mana(2,u)"]),
    ("Darkstar Augur", ["mana(1,b)"]),
    ("Iridescent Vinelasher", ["mana(1,generic(2))"]),
    ("Starscape Cleric", ["mana(1,generic(2))", "mana(2,b)"]),
    ("Thornplate Intimidator", ["mana(1,generic(3))"]),
    ("Coruscation Mage", ["mana(1,generic(2))"]),
    ("Manifold Mouse", ["mana(1,generic(2))"]),
    ("Thundertrap Trainer", ["mana(1,generic(4))"]),
    ("Steampath Charger", ["mana(1,generic(2))"]),
    ("Bushy Bodyguard", ["mana(1,generic(2))"]),
    ("Pawpatch Recruit", ["mana(1,generic(2))"]),
    ("Rust-Shield Rampager", ["mana(1,generic(2))"]),
    ("Tender Wildguide", ["mana(1,generic(2))"]),
])
def test_offspring_is_read_with_its_cost(card, cost):
    # "Offspring {cost}" with its reminder text: the keyword and its optional additional cost (CR 702.175a)
    ln = line(card, 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert ",offspring)" in f
    for c in cost:
        assert c in f


@pytest.mark.parametrize("card, n, name", [("Electroduplicate", 1, "spell_1"), ("Chandra, Flameshaper", 2, "loyalty_2")])
def test_a_copy_except_it_has_haste_and_a_quoted_ability(card, n, name):
    # '..., except it has haste and "At the beginning of the end step, sacrifice this token."': the keyword and the
    # quoted ability are abilities of the card no face prints, which the copy has (CR 707.9a); "this token" is the token
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "create_copy_adds(target(1)," in f
    assert "copy_haste),haste)" in f
    assert "at(ending,end,each)" in f and "sacrifice(self)" in f
    assert f"face_ability(\"{card}\",front,ab(\"{card}\",front,{n},copy_haste))" not in f   # no face prints them


def test_a_copy_of_target_token_you_control_at_level_2():
    # Caretaker's Talent (tests/data/class_cards.json): "When this Class becomes level 2, create a token that's a copy
    # of target token you control." (CR 716.2a, 707.2)
    from tests.card_lines import line_of
    ln = line_of("class_cards.json", "Caretaker's Talent", 4)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "becomes_level(2)" in f and "create_copy(target(1))" in f and "pos(you_control)" in f
