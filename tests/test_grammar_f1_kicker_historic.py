"""Reading tests of issue 28's family "kicker conditions and historic" (helper f1): each real card's line
(tests/data/f1_kicker_historic.json, as Scryfall's files of its set print it) -> its status, the ability written back
in words (`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f1_*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

CARDS = Path(__file__).parent / "data" / "f1_kicker_historic.json"


line = lines_of(CARDS)


# "You may cast [kind] spells as though they had flash" (CR 601.3b): the spells its controller may cast any time they
# have priority
@pytest.mark.parametrize("card, n, words, filter_", [
    ("Leyline of Anticipation", 2, "spells", 'f("a spell")'),
    ("Hypersonic Dragon", 2, "sorcery spells", 'f("sorcery")'),
    ("Raff Capashen, Ship's Mage", 3, "historic spells", 'f("historic")'),
])
def test_cast_as_though_flash(card, n, words, filter_):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == f"you may cast {words} as though they had flash"
    assert f"spells(you,{filter_}))" in facts(ln) and "cast_as_flash(ab(" in facts(ln)


# "if ~ wasn't kicked," an intervening condition of a triggered ability (CR 603.4, 702.33d)
def test_if_not_kicked():
    ln = line("Skizzik", 3)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "at the beginning of each end step, if it wasn't kicked, sacrifice it"
    assert "intervening_if(ab(\"Skizzik\",front,3,trigger_3),not_kicked(self))" in facts(ln)
    assert "sacrifice(self)" in facts(ln)


# "If this spell was kicked, [the same effect, another number] instead." (CR 702.33d, 608.2c)
@pytest.mark.parametrize("card, parse, instead", [
    ("Wild Onslaught", "put 1 +1/+1 counter(s) on each creature you control; if this spell was kicked, put 2 +1/+1 "
     "counter(s) on each creature you control instead",
     'effect_instead(ab("Wild Onslaught",front,2,spell_2),1,counters(each(f("creature you control")),"+1/+1",2),kicked)'),
    ("Saproling Migration", "create 2 1/1 green Saproling creature token; if this spell was kicked, create 4 of those "
     "tokens instead",
     'effect_instead(ab("Saproling Migration",front,2,spell_2),1,create_token("Saproling Token (1/1 green)",4),kicked)'),
])
def test_kicked_instead_another_number(card, parse, instead):
    ln = line(card, 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert instead in facts(ln)


# "~ can't be blocked if you've cast a historic spell this turn" (CR 509.1b, 700.6)
def test_unblockable_if_cast_historic():
    ln = line("Relic Runner", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "Relic Runner can't be blocked if you've cast a historic spell this turn"
    assert 'cant_be_blocked_if(self,cast_this_turn(you,f("historic")))' in facts(ln)
    assert "filter_lit(f(\"historic\"),1,pos(historic))" in facts(ln)


# a token of two subtypes, "Zombie Knight Token" (CR 111.4), and a named token "create Karox Bladewing, a legendary ..."
@pytest.mark.parametrize("card, parse, made", [
    ("Josu Vess, Lich Knight", "when Josu Vess enters, if it was kicked, create 8 2/2 black Zombie Knight creature token "
     "with menace", 'create_token("Zombie Knight Token (2/2 black, menace)",8)'),
    ("Verix Bladewing", "when Verix Bladewing enters, if it was kicked, create 1 Karox Bladewing, a 4/4 legendary red "
     "Dragon creature token with flying", 'create_token("Karox Bladewing",1)'),
])
def test_kicked_enter_tokens(card, parse, made):
    ln = line(card, 3)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert made in facts(ln) and ",kicked(self))" in facts(ln)


# an activated ability's cost "Discard a historic card" (CR 602.2b, 700.6)
def test_discard_historic_cost():
    ln = line("Sanctum Spirit", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "discard 1 historic card(s): Sanctum Spirit gains indestructible until end of turn"
    assert 'cost(ab("Sanctum Spirit",front,2,activated_2),discard(1,f("historic")))' in facts(ln)


# "exile target historic card from your graveyard" (CR 115.1, 700.6): a card its controller owns
def test_exile_target_historic_from_your_graveyard():
    ln = line("Rona, Disciple of Gix", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "when Rona enters, you may exile target historic from your graveyard"
    assert "pos(historic)" in facts(ln) and "pos(you_own)" in facts(ln) and "card_in_graveyard(" in facts(ln)
