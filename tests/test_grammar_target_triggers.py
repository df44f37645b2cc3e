"""Reading tests of "becomes the target" triggers (issue 28; CR 115.2, 603.2): each real card's line
(tests/data/target_triggers.json, as Scryfall's files of its set print it) -> its status and the trigger the rules
interpret (rules/timeline/target_triggers.lp). The behaviour is played out in
tests/rules/card_families/target_triggers.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("target_triggers.json")


@pytest.mark.parametrize("card, n, trigger", [
    # "Whenever ~ becomes the target of a spell or ability an opponent controls"
    ("Thorn Lieutenant", 1, "becomes_target(self,spell_or_ability,opponent)"),
    # "When ~ becomes the target of a spell" (any player's spell; an ability doesn't trigger it)
    ("Departed Deckhand", 1, "becomes_target(self,spell)"),
    # "Whenever a creature you control becomes the target of a spell or ability an opponent controls"
    ("Shapers' Sanctuary", 1, 'becomes_target(f("creature you control"),spell_or_ability,opponent)'),
])
def test_becomes_the_target_is_read(card, n, trigger):
    ln = line(card, n)
    assert ln.status == "modelled", (ln.text, ln.why)
    assert trigger in facts(ln)


def test_enters_or_becomes_the_target_is_two_triggers():
    # "When Shield Mare enters the battlefield or becomes the target of a spell or ability an opponent controls, you
    # gain 3 life.": one ability with two trigger events (CR 603.2)
    ln = line("Shield Mare", 2)
    assert ln.status == "modelled", ln.why
    assert "enters(self)" in facts(ln)
    assert "becomes_target(self,spell_or_ability,opponent)" in facts(ln)
