"""Reading tests of issue 28's graveyard, library, hand and turn-structure lines (helper e5): each real card's line
(tests/data/e5_*.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/e5_*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, line_of

DATA = Path(__file__).parent / "data"
GRAVEYARD = DATA / "e5_graveyard.json"


line = line_of


# activated abilities that function from the graveyard (CR 113.6k; rules/casting/graveyard_activation.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Reassembling Skeleton", 1,
     "{1}{B}: return Reassembling Skeleton from your graveyard to the battlefield tapped", "return_self(battlefield_tapped)"),
    ("Talons of Wildwood", 3, "{2}{G}: return Talons of Wildwood from your graveyard to your hand", "return_self(hand)"),
    ("Sanitarium Skeleton", 1, "{2}{B}: return Sanitarium Skeleton from your graveyard to your hand", "return_self(hand)"),
    ("Vivien's Jaguar", 2,
     "{2}{G}: return Vivien's Jaguar from your graveyard to your hand (only if you control a Vivien planeswalker)",
     'controls(f("vivien planeswalker you control"),1)'),
    ("Bone Dragon", 2, "{3}{B}{B}, exile 7 other card(s) from your graveyard: return Bone Dragon from your graveyard to "
     "the battlefield tapped", 'exile_graveyard(7,f("other card"))'),
    ("Firemane Angel", 3,
     "{6}{R}{R}{W}{W}: return Firemane Angel from your graveyard to the battlefield (only during your upkeep)",
     "timing(ab(\"Firemane Angel\",front,3,activated_3),your_upkeep)"),
    ("Repeating Barrage", 2, "{3}{R}{R}: return Repeating Barrage from your graveyard to your hand (only if you attacked "
     "with a creature this turn)", "activate_if(ab(\"Repeating Barrage\",front,2,activated_2),attacked_this_turn(you))"),
])
def test_graveyard_activated_abilities(card, n, parse, fact):
    ln = line(GRAVEYARD, card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


def test_return_self_tapped_in_a_trigger_is_not_read():
    # "tapped" after a triggered ability's return from the graveyard: no rules for it there (only activated abilities)
    from tests.test_grammar import read_line

    ln = read_line("When a Dragon enters the battlefield, you may return ~ from your graveyard to the battlefield tapped.")
    assert ln.status == "not_modelled"


# maximum hand size (CR 402.2; rules/timeline/hand_size.lp)
HAND = DATA / "e5_hand_size.json"


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Reliquary Tower", 1, "you have no maximum hand size", 'no_max_hand_size(ab("Reliquary Tower",front,1,static_1))'),
    ("Tishana, Voice of Thunder", 2, "you have no maximum hand size",
     'no_max_hand_size(ab("Tishana, Voice of Thunder",front,2,static_2))'),
    ("Jin-Gitaxias, Core Augur", 3, "each opponent's maximum hand size is reduced by 7",
     'hand_size_reduced(ab("Jin-Gitaxias, Core Augur",front,3,static_3),7)'),
])
def test_maximum_hand_size(card, n, parse, fact):
    ln = line(HAND, card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


# exiling graveyards (CR 406.2; rules/timeline/graveyard_exile.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Remorseful Cleric", 2, "sacrifice Remorseful Cleric: exile all cards from target player's graveyard",
     "exile_graveyard_of(target(1))"),
    ("Phyrexian Scriptures", 4, "chapter 3: exile all cards from all opponents' graveyards",
     "exile_graveyard_of(each_opponent)"),
])
def test_exile_graveyards(card, n, parse, fact):
    ln = line(GRAVEYARD, card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


# "Whenever you discard a card" (CR 701.9a, 603.2) and "Activate this ability only if ~ is attacking" (CR 602.5b)
DISCARD = DATA / "e5_discard.json"


def test_glint_horn_buccaneer():
    ln = line(DISCARD, "Glint-Horn Buccaneer", 2)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == "whenever you discard a card, Glint-Horn Buccaneer deals 1 damage to each opponent"
    assert 'trigger(ab("Glint-Horn Buccaneer",front,2,trigger_2),discards(you))' in facts(ln)
    ln = line(DISCARD, "Glint-Horn Buccaneer", 3)
    assert ln.status == "modelled", ln.reason
    assert 'activate_if(ab("Glint-Horn Buccaneer",front,3,activated_3),attacking)' in facts(ln)


# "~ doesn't untap during your untap step" (CR 502.3)
UNTAP = DATA / "e5_untap.json"


def test_doesnt_untap_during_your_untap_step():
    ln = line(UNTAP, "Elaborate Firecannon", 1)
    assert ln.status == "modelled", ln.reason
    assert 'restriction(ab("Elaborate Firecannon",front,1,static_1),doesnt_untap(self))' in facts(ln)
    ln = line(UNTAP, "Traxos, Scourge of Kroog", 2)
    assert ln.status == "modelled", ln.reason
    assert 'enters_tapped(ab("Traxos, Scourge of Kroog",front,2,static_2))' in facts(ln)
    assert 'restriction(ab("Traxos, Scourge of Kroog",front,2,static_2),doesnt_untap(self))' in facts(ln)
