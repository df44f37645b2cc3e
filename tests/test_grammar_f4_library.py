"""Reading tests of issue 28's library lines (helper f4): looking at, revealing and searching the library. Each real
card's line (tests/data/f4_library.json, as Scryfall's files of its set print it) -> its status, the ability written
back in words (`parse`) and the vocabulary fact the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f4_library.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

LIBRARY = Path(__file__).parent / "data" / "f4_library.json"


line = lines_of(LIBRARY)


# looking at / revealing the top cards and searching (CR 401.4, 608.2c, 701.20a, 701.23a;
# rules/timeline/library_reveal.lp, rules/timeline/changes.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Golos, Tireless Pilgrim", 1,
     "when Golos enters, you may search your library for a land card, put it onto the battlefield "
     "tapped, then shuffle", 'may(search(f("land"),battlefield_tapped))'),
    ("Goblin Ringleader", 2,
     "when Goblin Ringleader enters, reveal the top 4 cards of your library; put all Goblin cards revealed this way into "
     "your hand and the rest on the bottom of your library", 'dig_all(4,f("goblin"))'),
    ("Cavalier of Thorns", 2,
     "when Cavalier of Thorns enters, reveal the top 5 cards of your library; put a land card from among them onto the "
     "battlefield; put the rest into your graveyard", 'dig_to(5,f("land"),battlefield,graveyard,must)'),
    ("Elvish Rejuvenator", 1,
     "when Elvish Rejuvenator enters, look at the top 5 cards of your library; you may put a land card from among them "
     "onto the battlefield tapped; put the rest on the bottom of your library",
     'dig_to(5,f("land"),battlefield_tapped,bottom,may)'),
    ("Militia Bugler", 2,
     "when Militia Bugler enters, look at the top 4 cards of your library; you may reveal a creature card with power 2 "
     "or less from among them and put it into your hand; put the rest on the bottom of your library",
     'dig(4,f("creature card with power 2 or less"))'),
    ("Dark Bargain", 1,
     "look at the top 3 cards of your library; put 2 of them into your hand and the other into your graveyard; Dark "
     "Bargain deals 2 damage to you", "dig_put_graveyard(3,2)"),
    ("Amass the Components", 1,
     "you draw 3 cards; put 1 card(s) from your hand on the bottom of your library", "put_from_hand(1,bottom)"),
    ("Cavalier of Gales", 2,
     "when Cavalier of Gales enters, you draw 3 cards; put 2 card(s) from your hand on top of your library",
     "put_from_hand(2,top)"),
    ("Undead Servant", 1,
     "when Undead Servant enters, create a 2/2 black Zombie creature token for each card named Undead Servant in your "
     "graveyard", 'create_token("Zombie Token (2/2 black)",graveyard_count(f("card named undead servant")))'),
    ("Growth Cycle", 1,
     "target creature gets +3/+3 until end of turn; it gets an additional +2/+2 until end of turn for each card named "
     "Growth Cycle in your graveyard",
     'apply(pump_for_each(2,2,graveyard_count(f("card named growth cycle"))),target(1),end_of_turn)'),
    ("Battalion Foot Soldier", 1,
     "when Battalion Foot Soldier enters, you may search your library for any number of cards named Battalion Foot "
     "Soldier, put them into your hand, then shuffle", 'may(search_all(f("card named battalion foot soldier"),hand))'),
    ("Gorging Vulture", 2,
     "when Gorging Vulture enters, put the top 4 card(s) of your library into your graveyard; you gain 1 life for each "
     "creature card put into your graveyard this way", 'gain_life(you,milled(4,f("creature")))'),
    ("Windfall", 1,
     "each player discards their hand; each player draws cards equal to the greatest number of cards a player discarded "
     "this way", "draw(each_player,greatest_discarded)"),
    ("Cavalier of Flame", 2,
     "when Cavalier of Flame enters, discard any number of cards, then draw that many cards", "discard_then_draw(any)"),
    ("Jaya Ballard", 2, "+1: discard up to 3 cards, then draw that many cards", "discard_then_draw(3)"),
    ("Agent of Treachery", 2,
     "at the beginning of your end step, if you control 3 or more permanents you don't own, you draw 3 cards",
     "neg(you_own)"),
    ("Thought Distortion", 2,
     "target opponent reveals their hand; exile all noncreature nonland cards from that player's hand and graveyard",
     'exile_hand_graveyard(target(1),f("noncreature nonland"))'),
    ("Shared Summons", 1,
     "search your library for up to 2 creature cards with different names, put them into your hand, then shuffle",
     'search_different(f("creature"),2)'),
    ("Final Parting", 1,
     "search your library for two cards; put one into your hand and the other into your graveyard; then shuffle",
     "search_split(hand,graveyard)"),
    ("Risen Reef", 1,
     "whenever Risen Reef or another Elemental enters under your control, look at the top card of your library; if it's "
     "a land card, you may put it onto the battlefield tapped; if you don't, put it into your hand",
     'peek_to(f("land"),battlefield_tapped,hand)'),
    ("Kaalia, Zenith Seeker", 2,
     "when Kaalia enters, look at the top 6 cards of your library; you may reveal a Angel card, a Demon card, and/or a "
     "Dragon card from among them and put them into your hand; put the rest on the bottom of your library",
     'dig_each(6,f("angel"),f("demon"),f("dragon"))'),
])
def test_library_lines(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


def test_militia_buglers_filter_reads_power_2_or_less():
    # "a creature card with power 2 or less" (CR 208.1): a creature card whose power is at most 2
    f = facts(line("Militia Bugler", 2))
    assert "pos(type(creature))" in f and "pos(power_le(2))" in f


def test_vivien_s_invocation_reflexive_trigger_is_not_read():
    # "Look at the top seven cards ... onto the battlefield. Put the rest on the bottom ... When a creature is put onto
    # the battlefield this way, it deals damage ...": the reflexive trigger has no rules, so the line is not modelled
    from tests.test_grammar import read_line

    ln = read_line("Look at the top seven cards of your library. You may put a creature card from among them onto the "
                   "battlefield. Put the rest on the bottom of your library in a random order. When a creature is put "
                   "onto the battlefield this way, it deals damage equal to its power to target creature an opponent "
                   "controls.", "Sorcery")
    assert ln.status == "not_modelled"
