"""Reading tests of the long tail of the family "library: search, shuffle, look" in Foundations and Bloomburrow (issue
28): real cards as Forge's card scripts keep their Oracle text (tests/data/library_long_tail.json) -> status and the
vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/library_long_tail.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("library_long_tail.json")


def test_a_dig_for_a_noncreature_nonland_card():
    # "You may reveal a noncreature, nonland card from among them" (Thundertrap Trainer): both "non-" words at once
    ln = line("Thundertrap Trainer", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "dig(4," in f and "neg(type(creature))" in f and "neg(type(land))" in f
    assert 'filter_clause(f("noncreature nonland"),2)' not in f      # one kind, not either of two


def test_a_search_for_a_card_with_a_mana_value():
    # "you may search your library for an instant or sorcery card with mana value 1, reveal it, put it into your hand,
    # then shuffle." (Micromancer): that mana value exactly, in each kind
    ln = line("Micromancer", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "may(search(" in f and ",hand)))" in f
    for n in (1, 2):
        assert f"{n},pos(mana_value_ge(1))" in f and f"{n},pos(mana_value_le(1))" in f


def test_a_search_for_up_to_two_basic_lands():
    # "Search your library for up to two basic land cards, put them onto the battlefield tapped, then shuffle."
    ln = line("Burnished Hart", 1)
    assert ln.status == "modelled", ln.text
    assert 'search_n(f("basic land"),battlefield_tapped,2)' in facts(ln)


def test_a_kicked_search_for_two_instead():
    # "If this spell was kicked, instead search your library for two basic land cards, put them onto the battlefield,
    # then shuffle." (Grow from the Ashes): the search just before, another number
    ln = line("Grow from the Ashes", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'search(f("basic land"),battlefield)' in f
    assert 'effect_instead(' in f and 'search_n(f("basic land"),battlefield,2),kicked)' in f



def test_a_search_that_puts_the_card_on_top():
    # "you may search your library for a basic land card, reveal it, then shuffle and put that card on top."
    for card in ("Fountainport Bell", "Campus Guide"):
        ln = line(card, 1)
        assert ln.status == "modelled", ln.text
        assert 'may(search(f("basic land"),top))' in facts(ln)


def test_untap_the_land_the_search_found():
    # "... put it onto the battlefield tapped, then shuffle your library. Then if you control four or more lands, untap
    # that land." (Fabled Passage): "that land" is the card the search found
    ln = line("Fabled Passage", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'search(f("basic land"),battlefield_tapped)' in f
    assert 'if(controls(f("lands you control"),4),untap(found))' in f


def test_mill_then_return_all_lands_tapped():
    # "When Lumra enters, mill four cards. Then return all land cards from your graveyard to the battlefield tapped."
    ln = line("Lumra, Bellow of the Woods", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert ",1,mill(you,4))" in f and ',2,reanimate_all_tapped(f("land")))' in f


def test_raid_each_opponent_loses_life_unless():
    # "Raid — At the beginning of your end step, if you attacked this turn, each opponent loses 3 life unless that
    # player sacrifices a nonland permanent of their choice or discards a card." (Perforating Artist): raid's
    # intervening if, and each opponent's own choice
    ln = line("Perforating Artist", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "attacked_this_turn(you)" in f
    assert 'unless_each_opponent(alt_sacrifice_or_discard(f("nonland permanent")),lose_life(3))' in f


def test_raid_look_and_keep_one_on_top():
    # "Raid — When this creature enters, if you attacked this turn, look at the top three cards of your library. You may
    # put one of those cards back on top of your library. Put the rest into your graveyard." (Gutless Plunderer)
    ln = line("Gutless Plunderer", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "attacked_this_turn(you)" in f and "dig_keep_top(3)" in f


def test_reveal_the_top_card_and_lose_life():
    # "At the beginning of your upkeep, reveal the top card of your library and put that card into your hand. You lose
    # life equal to its mana value." (Darkstar Augur)
    ln = line("Darkstar Augur", 3)
    assert ln.status == "modelled", ln.text
    assert "reveal_top_lose_mv" in facts(ln)


def test_reveal_until_a_land_card():
    # "reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield tapped
    # and the rest on the bottom of your library in a random order." (Clifftop Lookout)
    ln = line("Clifftop Lookout", 2)
    assert ln.status == "modelled", ln.text
    assert 'reveal_until(f("land"),battlefield_tapped)' in facts(ln)


def test_a_trigger_on_toughness_greater_than_power_and_otherwise():
    # "Whenever this creature or another creature you control with toughness greater than its power enters, look at the
    # top card of your library. If it's a land card, you may put it onto the battlefield tapped. Otherwise, put it into
    # your hand." (Fecund Greenshell)
    ln = line("Fecund Greenshell", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "enters(self)" in f and "pos(toughness_gt_power)" in f and "pos(you_control)" in f
    assert 'peek_to_else(f("land"),battlefield_tapped,hand)' in f


def test_a_dig_for_a_creature_card_up_to_the_lands_you_control():
    # "Look at the top six cards of your library. You may reveal a creature card with mana value less than or equal to
    # the number of lands you control from among them and put it onto the battlefield. Put the rest on the bottom in a
    # random order." (Loot, Exuberant Explorer)
    ln = line("Loot, Exuberant Explorer", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "pos(type(creature))" in f and "pos(mana_value_le_lands)" in f
    assert ",battlefield,bottom,may))" in f and "dig_to(6," in f
