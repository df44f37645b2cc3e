"""Reading tests of Foundations' and Bloomburrow's remaining single shapes (issue 28): real cards as Forge's card scripts
keep their Oracle text (tests/data/single_shapes.json) -> status and the vocabulary facts the rules interpret. The
behaviour is played out in tests/rules/card_families/single_shapes.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("single_shapes.json")


def test_return_up_to_two_then_discard():
    # Macabre Waltz (FDN): "Return up to two target creature cards from your graveyard to your hand, then discard a card."
    ln = line("Macabre Waltz", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "bounce(target(1))" in f and "bounce(target(2))" in f
    assert "discard(you,1)" in f


def test_mill_then_return_a_card_chosen():
    # Inspiration from Beyond (FDN): "Mill three cards, then return an instant or sorcery card from your graveyard to your
    # hand." — no target: the card is chosen as it resolves
    ln = line("Inspiration from Beyond", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "mill(you,3)" in f and "regrowth_chosen(" in f
    assert "target(" not in f


@pytest.mark.parametrize("card, n, fact", [
    # Felling Blow (FDN): "Put a +1/+1 counter on target creature you control. Then that creature deals damage equal to its
    # power to target creature an opponent controls." — the same creature, the one targeted before
    ("Felling Blow", 1, "bite(target(1),target(2))"),
    # Rabid Gnaw (BLB): "Target creature you control gets +1/+0 until end of turn. Then it deals damage equal to its power
    # to target creature you don't control."
    ("Rabid Gnaw", 1, "bite(target(1),target(2))"),
    # Polliwallop (BLB): "Target creature you control deals damage equal to twice its power to target creature you don't
    # control."
    ("Polliwallop", 2, "bite_times(target(1),target(2),2)"),
])
def test_bite_with_power(card, n, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)


def test_up_to_one_other_target():
    # Mabel's Mettle (BLB): "Target creature gets +2/+2 until end of turn. Up to one other target creature gets +1/+1 until
    # end of turn." — the second target is optional and never the first's object
    ln = line("Mabel's Mettle", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "apply(pump(2,2),target(1),end_of_turn)" in f and "apply(pump(1,1),target(2),end_of_turn)" in f
    assert "target_optional(" in f and "target_distinct(" in f


def test_pay_then_target_cant_block():
    # Frenzied Goblin (FDN): "Whenever Frenzied Goblin attacks, you may pay {R}. If you do, target creature can't block
    # this turn." — the target chosen as the trigger is put on the stack, the effect only if its controller pays
    ln = line("Frenzied Goblin", 1)
    assert ln.status == "modelled", ln.text
    assert "pay_then(mana(0,0,0,0,1,0),apply(cant_block,target(1),end_of_turn))" in facts(ln)


def test_double_power():
    # Bulk Up (FDN): "Double target creature's power until end of turn."
    ln = line("Bulk Up", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(double_power,target(1),end_of_turn)" in facts(ln)


def test_up_to_one_target_unblockable_then_loot():
    # Kaito, Cunning Infiltrator (FDN): "+1: Up to one target creature you control can't be blocked this turn. Draw a card,
    # then discard a card."
    ln = line("Kaito, Cunning Infiltrator", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "cost(" in f and "loyalty(1)" in f
    assert "target_optional(" in f and "apply(cant_be_blocked,target(1),end_of_turn)" in f
    assert "draw(you,1)" in f and "discard(you,1)" in f


def test_attack_with_n_or_more():
    # Armasaur Guide (FDN): "Whenever you attack with three or more creatures, put a +1/+1 counter on target creature you
    # control."
    ln = line("Armasaur Guide", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'attack_n_or_more(f("creatures you control"),3)' in f
    assert 'counters(target(1),"+1/+1",1)' in f


def test_protection_from_everything():
    # Progenitus (FDN): "Protection from everything" (its second line isn't read)
    ln = line("Progenitus", 1)
    assert ln.status == "modelled", ln.text
    assert "protection_from_everything" in facts(ln)
    assert line("Progenitus", 2).status == "not_modelled"
