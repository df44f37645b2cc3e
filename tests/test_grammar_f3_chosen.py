"""Reading tests of issue 28's family "mana abilities and 'choose as it enters'" (helper f3): each real card's line
(tests/data/f3_chosen.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f3_*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

CARDS = Path(__file__).parent / "data" / "f3_chosen.json"


line = lines_of(CARDS)


# "As ~ enters the battlefield, choose a color / a creature type" (CR 614.12): the choice, a static ability's
@pytest.mark.parametrize("card, n, kind", [
    ("Diamond Mare", 1, "color"), ("Diamond Knight", 2, "color"), ("Pentarch Ward", 2, "color"),
    ("Icon of Ancestry", 1, "creature type"), ("Vanquisher's Banner", 1, "creature type"),
    ("Unclaimed Territory", 1, "creature type"),
])
def test_as_enters_choose(card, n, kind):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == f"as {card} enters, choose a {kind}"
    assert f"as_enters_choose(ab(\"{card}\",front,{n},static_{n}),{kind.replace(' ', '_')})" in facts(ln)


# "Whenever you cast a [creature] spell of the chosen color / type" (CR 603.2): the spell's filter asks for the choice
@pytest.mark.parametrize("card, n, parse, lit", [
    ("Diamond Mare", 2, "whenever you cast a spell of the chosen color, you gain 1 life",
     'filter_lit(f("spell of the chosen color"),1,pos(chosen_color))'),
    ("Diamond Knight", 3, "whenever you cast a spell of the chosen color, put 1 +1/+1 counter(s) on Diamond Knight",
     'filter_lit(f("spell of the chosen color"),1,pos(chosen_color))'),
    ("Vanquisher's Banner", 3, "whenever you cast a creature spell of the chosen type, you draw a card",
     'filter_lit(f("creature spell of the chosen type"),1,pos(chosen_type))'),
])
def test_cast_spell_of_the_chosen(card, n, parse, lit):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert lit in facts(ln)


# "Creatures you control of the chosen type get +1/+1." (CR 613.4c): an anthem whose filter asks for the choice
@pytest.mark.parametrize("card", ["Icon of Ancestry", "Vanquisher's Banner"])
def test_anthem_of_the_chosen_type(card):
    ln = line(card, 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "Creatures you control of the chosen type get +1/+1"
    f = 'f("creatures you control of the chosen type")'
    assert f"filter_lit({f},1,pos(chosen_type))" in facts(ln)
    assert f"filter_lit({f},1,pos(you_control))" in facts(ln)
    assert f"filter_lit({f},1,pos(type(creature)))" in facts(ln)


# "{T}: Add three mana of any color." (CR 106.1a): three mana, each of any color
def test_three_mana_of_any_color():
    ln = line("Lotus Field", 4)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "{T}: add 3 mana of any color"
    assert 'produces(ab("Lotus Field",front,4,mana_4),any,fixed(3))' in facts(ln)


# "{T}: Add an amount of {G} equal to ~'s power." (CR 106.1, 208.1): as much mana as the source's power
def test_mana_equal_to_power():
    ln = line("Marwyn, the Nurturer", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "{T}: add an amount of {G} equal to Marwyn's power"
    assert 'produces(ab("Marwyn, the Nurturer",front,2,mana_2),g,power(self))' in facts(ln)


# "As ~ enters, choose another creature you control." / "Sacrifice ~: The chosen creature gains indestructible until end
# of turn." (CR 614.12, 607.2a)
def test_choose_another_creature():
    ln = line("Dauntless Bodyguard", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "as Dauntless Bodyguard enters, choose another creature you control"
    assert 'as_enters_choose(ab("Dauntless Bodyguard",front,1,static_1),another_creature)' in facts(ln)
    ln = line("Dauntless Bodyguard", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "sacrifice Dauntless Bodyguard: the chosen creature gains indestructible until end of turn"
    assert "apply(gains(indestructible),chosen,end_of_turn)" in facts(ln)
