"""Reading tests of issue 28's damage-dealt-to-creatures triggers (helper f6): each real card's line
(tests/data/f6_damage_triggers.json, as Scryfall's files of its set print it) -> its status, `parse` and the
vocabulary facts the rules interpret. Played out in tests/rules/card_families/f6_damage_triggers.yaml."""

from __future__ import annotations

from pathlib import Path

from tests.card_lines import lines_of

DATA = Path(__file__).parent / "data"


line = lines_of(DATA / "f6_damage_triggers.json")


def test_whenever_a_creature_an_opponent_controls_is_dealt_damage():
    # Kazarov, Sengir Pureblood (CR 120.3, 603.2c)
    ln = line("Kazarov, Sengir Pureblood", 2)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == "whenever a creature an opponent controls is dealt damage, put 1 +1/+1 counter(s) on Kazarov"
    text = " ".join(str(f) for f in ln.facts)
    assert "dealt_damage(f(\"creature an opponent controls\"))" in text
    assert "opponent_controls" in text


def test_whenever_this_deals_damage_to_a_creature():
    # Spiritmonger (CR 603.2c)
    ln = line("Spiritmonger", 1)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == "whenever Spiritmonger deals damage to a creature, put 1 +1/+1 counter(s) on Spiritmonger"
    assert "deals_damage(self,creature)" in " ".join(str(f) for f in ln.facts)


def test_lines_near_these_are_not_read():
    from tests.test_grammar import read_line

    # only creatures are read as "is dealt damage" (a player or planeswalker filter isn't)
    assert read_line("Whenever a planeswalker an opponent controls is dealt damage, draw a card.",
                     "Enchantment").status == "not_modelled"
