"""Reading tests of gift's lines that change a spell's targets (CR 702.174b, 601.2c; issue 28): real cards of
Bloomburrow in today's Oracle wording, as Forge's card scripts keep them (tests/data/gift_targets.json) -> status and
the vocabulary facts the rules interpret (rules/mechanics/gift.lp, rules/core/targets_distinct.lp). The behaviour is
played out in tests/rules/card_families/gift_targets.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("gift_targets.json")


def _ab(card: str) -> str:
    return f'ab("{card}",front,2,spell_2)'


@pytest.mark.parametrize("card, old, new", [
    # "Return target creature an opponent controls to its owner's hand. If the gift was promised, instead return target
    # nonland permanent an opponent controls to its owner's hand."
    ("Into the Flood Maw", ["bounce(target(1))"], ["bounce(target(2))"]),
    # "Counter target creature spell. If the gift was promised, instead counter target spell."
    ("Long River's Pull", ["counter(target(1))"], ["counter(target(2))"]),
    # "Destroy target artifact or enchantment. If the gift was promised, instead destroy two target artifacts and/or
    # enchantments."
    ("Wear Down", ["destroy(target(1))"], ["destroy(target(2))", "destroy(target(3))"]),
    # "Return target permanent card from your graveyard to your hand. If the gift was promised, instead return two
    # target permanent cards from your graveyard to your hand."
    ("Peerless Recycling", ["bounce(target(1))"], ["bounce(target(2))", "bounce(target(3))"]),
    # "Return up to two target creature cards each with mana value 2 or less from your graveyard to the battlefield. If
    # the gift was promised, instead return up to three target creature cards each with mana value 2 or less ..."
    ("Dewdrop Cure", ["reanimate(target(1),untapped)", "reanimate(target(2),untapped)"],
     ["reanimate(target(3),untapped)", "reanimate(target(4),untapped)", "reanimate(target(5),untapped)"]),
])
def test_instead_with_targets_of_its_own(card, old, new):
    # the instructions replaced, and their targets, only without the gift; the new ones, and theirs, only with it
    ln = line(card, 2)
    assert ln.status == "modelled", ln.text
    for t in old:
        assert f"if(gift_not_promised,{t})" in facts(ln)
    for t in new:
        assert f"if(gift_promised,{t})" in facts(ln)
    for i in range(1, len(old) + 1):
        assert f"target_if({_ab(card)},{i},gift_not_promised)" in facts(ln)
    for i in range(len(old) + 1, len(old) + len(new) + 1):
        assert f"target_if({_ab(card)},{i},gift_promised)" in facts(ln)


@pytest.mark.parametrize("card, n, spec", [
    ("Into the Flood Maw", 1, 'permanent(f("creature an opponent controls"))'),
    ("Into the Flood Maw", 2, 'permanent(f("nonland permanent an opponent controls"))'),
    ("Long River's Pull", 1, 'spell(f("creature"))'),
    ("Long River's Pull", 2, 'spell(f("spell"))'),
    ("Wear Down", 2, 'permanent(f("artifacts and/or enchantments"))'),
    ("Peerless Recycling", 3, 'card_in_graveyard(f("permanent [you_own]"))'),
    ("Dewdrop Cure", 5, 'card_in_graveyard(f("creature with mana value 2 or less [you_own]"))'),
])
def test_each_branch_reads_its_own_kind_of_target(card, n, spec):
    assert f"target({_ab(card)},{n},{spec})" in facts(line(card, 2))


def test_several_targets_of_one_word_target_are_distinct():
    # "two target artifacts and/or enchantments": never the same object (CR 601.2c); "up to" only where the card says so
    wear, cure = facts(line("Wear Down", 2)), facts(line("Dewdrop Cure", 2))
    assert f"target_distinct({_ab('Wear Down')},2,3)" in wear and "target_optional(" not in wear
    assert f"target_distinct({_ab('Dewdrop Cure')},1,2)" in cure
    for i, j in ((3, 4), (3, 5), (4, 5)):
        assert f"target_distinct({_ab('Dewdrop Cure')},{i},{j})" in cure
    for i in range(1, 6):
        assert f"target_optional({_ab('Dewdrop Cure')},{i})" in cure
    assert "mana_value_le(2)" in cure


def test_if_the_gift_wasnt_promised_in_a_permanents_enter_trigger():
    # Kitnap: "When Kitnap enters, tap enchanted creature. If the gift wasn't promised, put three stun counters on it."
    # — "it" is the creature just tapped, the one the Aura enchants (CR 122.1d)
    ln = line("Kitnap", 3)
    assert ln.status == "modelled", ln.text
    assert "enters(self)" in facts(ln) and "tap(enchanted)" in facts(ln)
    assert 'if(gift_not_promised,counters(enchanted,"stun",3))' in facts(ln)


def test_you_control_enchanted_creature_is_read():
    # "You control enchanted creature." (layer 2: tests/test_grammar_control_auras.py)
    ln = line("Kitnap", 4)
    assert ln.status == "modelled", ln.text
    assert "control(enchanted)" in facts(ln)


def test_if_the_gift_wasnt_promised_return_that_creature_at_the_next_end_step():
    # Parting Gust: "Exile target nontoken creature. If the gift wasn't promised, return that creature to the battlefield
    # under its owner's control with a +1/+1 counter on it at the beginning of the next end step." — "that creature" is
    # the card just exiled, returned by a delayed triggered ability (CR 603.7a)
    ln = line("Parting Gust", 2)
    assert ln.status == "modelled", ln.text
    assert 'permanent(f("nontoken creature"))' in facts(ln)
    assert "exile_linked(target(1))" in facts(ln)
    assert ('if(gift_not_promised,return_next_end_step(target(1),"+1/+1",1,'
            'ab("Parting Gust",front,2,delayed_2)))') in facts(ln)


def test_a_new_target_if_the_gift_was_promised_after_an_edict_of_the_greatest_power():
    # Consumed by Greed: "Target opponent sacrifices a creature with the greatest power among creatures they control. If
    # the gift was promised, return target creature card from your graveyard to your hand."
    ln = line("Consumed by Greed", 2)
    assert ln.status == "modelled", ln.text
    edict = 'f("creature with the greatest power among creatures they control")'
    assert f"sacrifice_chosen(target(1),{edict})" in facts(ln)
    assert f"filter_lit({edict},1,pos(greatest_power))" in facts(ln)
    assert "if(gift_promised,bounce(target(2)))" in facts(ln)
    assert f"target_if({_ab('Consumed by Greed')},2,gift_promised)" in facts(ln)
    assert f"target_if({_ab('Consumed by Greed')},1," not in facts(ln)   # the opponent is a target with or without it


def test_choose_two_targets_a_counter_if_the_gift_was_promised_then_they_fight():
    # Longstalk Brawl: "Choose target creature you control and target creature you don't control. Put a +1/+1 counter on
    # the creature you control if the gift was promised. Then those creatures fight each other."
    ln = line("Longstalk Brawl", 2)
    assert ln.status == "modelled", ln.text
    ab = _ab("Longstalk Brawl")
    assert f'target({ab},1,permanent(f("creature you control")))' in facts(ln)
    assert f'target({ab},2,permanent(f("creature you don\'t control")))' in facts(ln)
    assert f'effect({ab},1,if(gift_promised,counters(target(1),"+1/+1",1)))' in facts(ln)
    assert f"effect({ab},2,fight(target(1),target(2)))" in facts(ln)
    assert "target_if(" not in facts(ln)   # both targets are chosen, with or without the gift
