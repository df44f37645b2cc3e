"""Reading tests of the long tail of issue 28 (fc): "+X/+X, where X is ...", exile-then-return, "that many" after combat
damage, counts. Real cards as Forge's card scripts keep their Oracle text (tests/data/flicker_counts.json) -> status and
the vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/flicker_counts.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("flicker_counts.json")


def test_pump_x_number_of_creatures():
    # "until end of turn, target creature you control gains vigilance and gets +X/+X, where X is the number of creatures
    # you control" (Treeguard Duo): two effects on the same target, X counted as it resolves
    ln = line("Treeguard Duo", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "apply(gains(vigilance),target(1),end_of_turn)" in f
    assert 'apply(pump_for_each(1,1,count(f("creatures you control"))),target(1),end_of_turn)' in f


def test_pump_x_source_power():
    # "target creature you control gets +X/+0 until end of turn, where X is this creature's power" (Brambleguard Captain)
    ln = line("Brambleguard Captain", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(pump_for_each(1,0,source_power),target(1),end_of_turn)" in facts(ln)


def test_pump_x_source_power_another_target():
    # "When this creature attacks, another target creature you control gains trample and gets +X/+X until end of turn,
    # where X is this creature's power" (Ashroot Animist): "when ... attacks" as "whenever" (CR 508.1m, 603.2)
    ln = line("Ashroot Animist", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "trigger(" in f and "attacks" in f
    assert "apply(gains(trample),target(1),end_of_turn)" in f
    assert "apply(pump_for_each(1,1,source_power),target(1),end_of_turn)" in f
    assert "pos(other)" in f


@pytest.mark.parametrize("card, n, counter", [("Skyskipper Duo", 2, '"",0'), ("Salvation Swan", 3, '"flying",1'),
                                              ("Kykar, Zephyr Awakener", 3, '"",0')])
def test_exile_then_return_at_the_next_end_step(card, n, counter):
    # "exile up to one other target creature you control. Return it to the battlefield under its owner's control at the
    # beginning of the next end step." (Skyskipper Duo), "... with a flying counter on it ..." (Salvation Swan), "Exile
    # another target creature you control. Return that card ..." (Kykar's mode): a delayed triggered ability returns
    # the card the instruction just before exiled (CR 603.7a)
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert ",1,exile_linked(target(1)))" in f
    assert f",2,return_next_end_step(target(1),{counter},ab(" in f
    assert ("target_optional(" in f) == (card != "Kykar, Zephyr Awakener")   # "up to one" (CR 115.1)


def test_exile_then_return_at_once():
    # "Exile another target creature you control, then return it to the battlefield under its owner's control with a
    # +1/+1 counter on it. Activate only as a sorcery." (Lilysplash Mentor; CR 610.3)
    ln = line("Lilysplash Mentor", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'flicker(target(1),"+1/+1",1)' in f and "pos(other)" in f and "timing(" in f



def test_counter_on_itself_for_each():
    # "When this creature enters, put a +1/+1 counter on it for each other Squirrel and/or Food you control." (Honored
    # Dreyleader): "and/or" joins two kinds, "other" and "you control" on each
    ln = line("Honored Dreyleader", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'counters(self,"+1/+1",count(f("other squirrel and/or food you control")))' in f
    assert 'pos(subtype("squirrel"))' in f and 'pos(subtype("food"))' in f and "pos(other)" in f


def test_that_many_incubation_counters():
    # "Whenever this creature deals combat damage to a player, put that many incubation counters on it." and "Remove
    # three incubation counters from this creature: Create a 2/2 blue Drake creature token with flying." (Drake Hatcher)
    ln = line("Drake Hatcher", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "combat_damage_to_player(self)" in f and 'counters(self,"incubation",that_much)' in f
    ln = line("Drake Hatcher", 3)
    assert ln.status == "modelled", ln.text
    assert 'remove_counters("incubation",3)' in facts(ln) and "create_token(" in facts(ln)


def test_create_that_many_tokens():
    # "Whenever Lathril, Blade of the Elves deals combat damage to a player, create that many 1/1 green Elf Warrior
    # creature tokens."
    ln = line("Lathril, Blade of the Elves", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "combat_damage_to_player(self)" in f and ",that_much))" in f and "create_token(" in f


def test_a_creature_you_control_deals_combat_damage():
    # "Whenever a creature you control deals combat damage to a player, put a loyalty counter on Kaito."
    ln = line("Kaito, Cunning Infiltrator", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'combat_damage_to_player(f("creature you control"))' in f and 'counters(self,"loyalty",1)' in f


def test_damage_to_each_player_by_their_count():
    # "When Sunspine Lynx enters, it deals damage to each player equal to the number of nonbasic lands that player
    # controls." and "Damage can't be prevented."
    ln = line("Sunspine Lynx", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'damage_each_player_count(f("nonbasic lands"))' in f and "neg(supertype(basic))" in f
    ln = line("Sunspine Lynx", 2)
    assert ln.status == "modelled", ln.text
    assert "restriction(" in facts(ln) and ",damage_cant_be_prevented)" in facts(ln)


def test_tokens_named():
    # "Whenever Koma deals combat damage to a player, create four 3/3 blue Serpent creature tokens named Koma's Coil."
    # (the card's short name inside the token's name)
    ln = line("Koma, World-Eater", 3)
    assert ln.status == "modelled", ln.text
    assert "create_token(\"Koma's Coil\",4)" in facts(ln)


def test_a_loyalty_counter_on_itself():
    # "Whenever you cast a noncreature spell, put a loyalty counter on Ral, Crackling Wit."
    ln = line("Ral, Crackling Wit", 1)
    assert ln.status == "modelled", ln.text
    assert 'counters(self,"loyalty",1)' in facts(ln)
