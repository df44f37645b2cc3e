"""Reading tests of Class cards (CR 716.2a; Bloomburrow's Talents in tests/data/class_cards.json): the level bars are
level abilities, and the abilities printed after a level bar exist only at that level. The behaviour is played out in
tests/rules/716_class/class.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("class_cards.json")


def test_a_level_bar_is_a_sorcery_speed_level_ability():
    ln = line("Hunter's Talent", 3)             # "{1}{G}: Level 2"
    assert ln.status == "modelled", ln.text
    assert "class_level(2)" in facts(ln) and "sorcery" in facts(ln)
    assert "class_ability_level(" not in facts(ln)   # the level abilities themselves are always there


def test_abilities_after_a_level_bar_have_that_level():
    assert "class_ability_level(" not in facts(line("Hunter's Talent", 2))       # the top section: level 1
    assert ",2)" in facts(line("Hunter's Talent", 4)).split("class_ability_level(")[1]
    assert ",3)" in facts(line("Hunter's Talent", 6)).split("class_ability_level(")[1]
    assert ",3)" in facts(line("Caretaker's Talent", 6)).split("class_ability_level(")[1]


def test_the_reminder_line_is_reminder_text():
    ln = line("Builder's Talent", 1)            # "(Gain the next level as a sorcery to add its ability.)"
    assert ln.status == "modelled" and ln.facts == []


def test_when_this_class_becomes_level():
    ln = line("Stormchaser's Talent", 4)        # "When this Class becomes level 2, return target instant or sorcery card ..."
    assert ln.status == "modelled", ln.text
    assert "becomes_level(2)" in facts(ln)
