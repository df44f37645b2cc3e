"""Reading tests of expend (CR 700.14) and of gift's "instead" / "also" lines (CR 702.174, issue 28): real cards of
Bloomburrow in today's Oracle wording, as Forge's card scripts keep them (tests/data/expend_gift.json) -> status and
the vocabulary facts the rules interpret (rules/mana/expend.lp, rules/mechanics/gift.lp). The behaviour is played out
in tests/rules/card_families/expend.yaml and tests/rules/card_families/gift_instead.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("expend_gift.json")


@pytest.mark.parametrize("card, n, effect", [
    # "Whenever you expend 4, ..." (its reminder text aside): the trigger event expends(you, 4), and the effect
    ("Bakersbane Duo", 2, "apply(pump(1,1),self,end_of_turn)"),
    ("Junkblade Bruiser", 2, "apply(pump(2,1),self,end_of_turn)"),
    ("Bark-Knuckle Boxer", 1, "apply(gains(indestructible),self,end_of_turn)"),
    ("Teapot Slinger", 2, "damage(each_opponent,2)"),
    ("Wandertale Mentor", 1, "counters(self,"),
    ("Roughshod Duo", 2, "apply(gains(trample),target(1),end_of_turn)"),
    ("Brambleguard Veteran", 1, "vigilance"),
    ("Muerra, Trash Tactician", 2, "gain_life(you,3)"),
])
def test_whenever_you_expend_4_is_a_trigger_event(card, n, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert f'trigger(ab("{card}",front,{n},trigger_{n}),expends(you,4))' in facts(ln)
    assert effect in facts(ln)


def test_also_deals_damage_to_that_creatures_controller_if_the_gift_was_promised():
    # Blooming Blast: "... deals 2 damage to target creature. If the gift was promised, Blooming Blast also deals 3
    # damage to that creature's controller." — the controller of target 1, no new target
    ln = line("Blooming Blast", 2)
    assert ln.status == "modelled", ln.text
    assert "effect(" in facts(ln) and "damage(target(1),2)" in facts(ln)
    assert "if(gift_promised,damage(controller_of(target(1)),3))" in facts(ln)
    assert "target_if(" not in facts(ln)


def test_several_instructions_with_a_target_only_if_the_gift_was_promised():
    # Mind Spiral: "Target player draws three cards. If the gift was promised, tap target creature an opponent controls
    # and put a stun counter on it." — target 2 is chosen only if the gift was promised (CR 601.2c)
    ln = line("Mind Spiral", 2)
    assert ln.status == "modelled", ln.text
    assert "draw(target(1),3)" in facts(ln)
    assert "if(gift_promised,tap(target(2)))" in facts(ln)
    assert 'if(gift_promised,counters(target(2),"stun",1))' in facts(ln)
    assert 'target_if(ab("Mind Spiral",front,2,spell_2),2,gift_promised)' in facts(ln)


def test_if_the_gift_was_promised_instead_replaces_the_instructions_before_it():
    # Wildfire Howl: "Wildfire Howl deals 2 damage to each creature. If the gift was promised, instead Wildfire Howl
    # deals 1 damage to any target and 2 damage to each creature."
    ln = line("Wildfire Howl", 2)
    assert ln.status == "modelled", ln.text
    assert 'if(gift_not_promised,damage(each(f("creature")),2))' in facts(ln)
    assert "if(gift_promised,damage(target(1),1))" in facts(ln)
    assert 'if(gift_promised,damage(each(f("creature")),2))' in facts(ln)
    assert 'target_if(ab("Wildfire Howl",front,2,spell_2),1,gift_promised)' in facts(ln)


@pytest.mark.parametrize("card", [
    # ("instead" with a target of its own — Into the Flood Maw, Wear Down, Peerless Recycling, Dewdrop Cure — is read:
    # tests/test_grammar_gift_targets.py)
    # "You and permanents you control gain hexproof" (a player's hexproof until end of turn) and "return a creature card
    # put into your graveyard this way": no rules yet
    "Dawn's Truce",
    "Starfall Invocation",
])
def test_gift_lines_without_rules_stay_not_modelled(card):
    assert line(card, 2).status == "not_modelled"
