"""Reading tests of gift (CR 702.174), Bloomburrow's keyword: real cards in today's Oracle wording, as Forge's card
scripts keep them (tests/data/gift.json) -> status and the vocabulary facts the rules interpret
(rules/mechanics/gift.lp). The behaviour is played out in tests/rules/702_keywords/gift.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("gift.json")


@pytest.mark.parametrize("card, gift", [
    # "Gift a Food": the chosen player creates a Food token (702.174d)
    ("Nocturnal Hunger", 'gift(ab("Nocturnal Hunger",front,1,gift),create_token_for(gift_recipient,"Food Token",1))'),
    # "Gift a card": the chosen player draws a card (702.174e)
    ("Scrapshooter", 'gift(ab("Scrapshooter",front,1,gift),draw(gift_recipient,1))'),
    # "Gift a Treasure": a Treasure token
    ("Blooming Blast", 'gift(ab("Blooming Blast",front,1,gift),create_token_for(gift_recipient,"Treasure Token",1))'),
    # "Gift a tapped Fish": a tapped 1/1 blue Fish creature token
    ("Parting Gust", 'create_token_tapped_for(gift_recipient,"Fish Token (1/1 blue)",1)'),
    ("Starforged Sword", "create_token_tapped_for(gift_recipient,"),   # a permanent: "when it enters, they create ..."
])
def test_the_gift_keyword_line_is_read_with_what_it_gives(card, gift):
    ln = line(card, 1)
    assert ln.status == "modelled", ln.text
    assert f'keyword(ab("{card}",front,1,gift),gift)' in facts(ln)
    assert gift in facts(ln)


def test_if_the_gift_wasnt_promised_is_a_condition_of_the_spell():
    ln = line("Nocturnal Hunger", 2)      # "Destroy target creature. If the gift wasn't promised, you lose 2 life."
    assert ln.status == "modelled", ln.text
    assert "destroy(target(1))" in facts(ln)
    assert "if(gift_not_promised,lose_life(you,2))" in facts(ln)


def test_if_the_gift_was_promised_is_an_intervening_condition_of_an_enter_trigger():
    ln = line("Scrapshooter", 3)   # "When Scrapshooter enters, if the gift was promised, destroy target artifact ..."
    assert ln.status == "modelled", ln.text
    assert "trigger(" in facts(ln) and "enters(self)" in facts(ln)
    assert "intervening_if(" in facts(ln) and "gift_promised(self)" in facts(ln)
    assert "destroy(target(1))" in facts(ln)


@pytest.mark.parametrize("card, n", [
    # the other half of these lines isn't read: they stay not modelled (never a guess; Parting Gust's line 2 is read:
    # tests/test_grammar_gift_targets.py)
    ("Dawn's Truce", 2),        # "You and permanents you control gain hexproof ..."
])
def test_a_gift_condition_whose_effect_is_not_read_stays_not_modelled(card, n):
    assert line(card, n).status == "not_modelled"


def test_that_creature_also_gains_is_the_spells_earlier_target_if_the_gift_was_promised():
    ln = line("Crumb and Get It", 2)   # "... If the gift was promised, that creature also gains indestructible ..."
    assert ln.status == "modelled", ln.text
    assert "apply(pump(2,2),target(1),end_of_turn)" in facts(ln)
    assert "if(gift_promised,apply(gains(indestructible),target(1),end_of_turn))" in facts(ln)


def test_whenever_you_give_a_gift_is_a_trigger_event():
    ln = line("Jolly Gerbils", 1)   # "Whenever you give a gift, draw a card." (702.174c)
    assert ln.status == "modelled", ln.text
    assert "gives_gift(you)" in facts(ln) and "draw(you,1)" in facts(ln)


@pytest.mark.parametrize("card, n, effect", [
    # a new target only if the gift was promised: chosen only then (702.174b, 601.2c)
    ("Valley Rally", 2, "if(gift_promised,apply(gains(first_strike),target(1),end_of_turn))"),
    ("Sazacap's Brew", 3, "if(gift_promised,apply(pump(2,0),target(2),end_of_turn))"),
])
def test_a_target_if_the_gift_was_promised_is_chosen_only_then(card, n, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert effect in facts(ln)
    i = 1 if card == "Valley Rally" else 2
    assert f"target_if(ab(\"{card}\",front,{n},spell_{n}),{i},gift_promised)" in facts(ln)
