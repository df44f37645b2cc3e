"""Reading tests of issue 28's family "mana abilities and cost modifiers" (helper e1): each real card's line
(tests/data/e1_mana.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/e1_*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

CARDS = Path(__file__).parent / "data" / "e1_mana.json"


line = lines_of(CARDS)


# "N mana of any one color" (CR 106.1a): all of one color its controller chooses
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Gilded Lotus", 1, "{T}: add 3 mana of any one color", "produces(ab(\"Gilded Lotus\",front,1,mana_1),any_one,fixed(3))"),
    ("Gift of Paradise", 3, 'enchanted land has "{T}: add 2 mana of any one color"', ",any_one,fixed(2))"),
    ("New Horizons", 3, 'enchanted land has "{T}: add 2 mana of any one color"', ",any_one,fixed(2))"),
])
def test_mana_of_any_one_color(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


# a mana ability "Activate this ability only if you control an Island" (CR 602.5b)
@pytest.mark.parametrize("n, color, kind", [(2, "w", "island"), (3, "u", "plains")])
def test_mana_ability_only_if_you_control(n, color, kind):
    ln = line("Nimbus Maze", n)
    assert ln.status == "modelled", ln.text
    assert f",{color},fixed(1))" in facts(ln) and "mana_ability(" in facts(ln)
    assert f'activate_if(ab("Nimbus Maze",front,{n},mana_{n}),controls(f("{kind} you control"),1))' in facts(ln)


# cost reductions for spells with a keyword or a power (CR 601.2f): the filter of the spells, keyword or power included
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Warden of Evos Isle", 2, "Creature spells with flying you cast cost {1} less",
     'filter_lit(f("creature with flying"),1,pos(keyword(flying)))'),
    ("Goreclaw, Terror of Qal Sisma", 1, "Creature spells with power 4 or greater you cast cost {2} less",
     'filter_lit(f("creature with power 4 or greater"),1,pos(power_ge(4)))'),
])
def test_cost_reduction_with_keyword_or_power(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln) and ",reduce," in facts(ln) and "spells(you," in facts(ln)


def test_cast_only_if_you_cast_another_spell_this_turn():
    # Illusory Angel (Iconic Masters): a restriction on casting the spell (CR 601.3)
    ln = line("Illusory Angel", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "cast this spell only if you've cast another spell this turn"
    assert 'cast_only_if(ab("Illusory Angel",front,1,static_1),cast_another)' in facts(ln)


def test_cost_more_for_each_other_spell_cast_this_turn():
    # Damping Sphere's second line (Dominaria): every player's spells, {1} more for each other spell they cast this turn
    # (CR 601.2f); its first line (a land tapped for two or more mana) isn't read
    ln = line("Damping Sphere", 2)
    assert ln.status == "modelled", ln.text
    assert 'cost_mod_per_cast(ab("Damping Sphere",front,2,static_2),increase,1)' in facts(ln)
    assert 'scope(ab("Damping Sphere",front,2,static_2),spells(any,f("a spell")))' in facts(ln)
    assert line("Damping Sphere", 1).status == "not_modelled"


# a mana ability's "If ..., add ... instead" (CR 608.2c): what it adds if the condition holds as it resolves
@pytest.mark.parametrize("card, parse, facts_in", [
    ("Leafkin Druid", "{T}: add {G}; if you control 4 or more creatures, add {G}{G} instead",
     [",g,fixed(1))", ',g,fixed(2),controls(f("creatures you control"),4))']),
    ("River of Tears", "{T}: add {U}; if you played a land this turn, add {B} instead",
     [",u,fixed(1))", ",b,fixed(1),played_land_this_turn)"]),
])
def test_mana_instead(card, parse, facts_in):
    ln = line(card, 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for f in facts_in:
        assert f in facts(ln)
