"""Reading tests of Bloomburrow's valiant and forage, and the "for the first time each turn" life triggers of
Foundations: real cards as Forge's card scripts keep their Oracle text (tests/data/valiant_forage.json) -> status and
the vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/valiant.yaml,
tests/rules/701_keyword_actions/forage.yaml and tests/rules/603_triggered_abilities/first_time_each_turn.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("valiant_forage.json")

VALIANT = "becomes_target(self,spell_or_ability,you,first_time)"


@pytest.mark.parametrize("card, n, effect", [
    ("Heartfire Hero", 1, 'counters(self,"+1/+1",1)'),
    ("Seedglaive Mentor", 2, 'counters(self,"+1/+1",1)'),
    ("Nettle Guard", 1, "apply(pump(0,2),self,end_of_turn)"),
    ("Mouse Trapper", 2, "tap(target(1))"),
    ("Whiskerquill Scribe", 1, "may_then(discard(you,1),draw(you,1))"),
    ("Veteran Guardmouse", 1, "scry(1)"),
])
def test_valiant_is_a_first_time_target_trigger_of_your_spells_and_abilities(card, n, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.text.startswith("Valiant — ")
    assert VALIANT in facts(ln)
    assert effect in facts(ln)


def test_an_opponents_becomes_target_trigger_is_not_valiant():
    # Thorn Lieutenant's "... of a spell or ability an opponent controls" keeps its own term, without first_time
    from tests.card_lines import line_of
    ln = line_of("target_triggers.json", "Thorn Lieutenant", 1)
    assert ln.status == "modelled", ln.text
    assert "becomes_target(self,spell_or_ability,opponent)" in facts(ln)
    assert "first_time" not in facts(ln)


def test_forage_as_an_activated_abilitys_cost():
    ln = line("Camellia, the Seedmiser", 4)
    assert ln.status == "modelled", ln.text
    assert ",forage)" in facts(ln) and "mana(1,generic(2))" in facts(ln)


@pytest.mark.parametrize("card, n, effect", [
    ("Treetop Sentries", 2, "forage_then(draw(you,1))"),
    ("Bushy Bodyguard", 2, 'forage_then(counters(self,"+1/+1",2))'),
    ("Corpseberry Cultivator", 1, "may(forage(you))"),
])
def test_forage_as_an_instruction(card, n, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert effect in facts(ln)


def test_whenever_you_forage():
    ln = line("Corpseberry Cultivator", 2)
    assert ln.status == "modelled", ln.text
    assert "forages(you)" in facts(ln)


def test_thornvault_foragers_mana_ability_is_not_read():
    # "{T}, Forage: Add two mana in any combination of colors.": the cost is read, the mana isn't: not modelled
    assert line("Thornvault Forager", 2).status == "not_modelled"


@pytest.mark.parametrize("card, n, trigger", [
    ("Vanguard Seraph", 2, "gains_life_first(you)"),
    ("Cat Collector", 2, "gains_life_first_your_turn(you)"),
])
def test_first_life_gain_of_the_turn(card, n, trigger):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert trigger in facts(ln)
