"""Reading tests of issue 28's long tail (the families "13 damage", "2 attack/block/combat damage triggers", "+1/+1
and -1/-1 counters", "draw, discard, mill, scry, surveil"): each real card's line (tests/data/real_sets_long_tail.json,
as Scryfall's files of its set print it) -> its status, the ability written back in words (`parse`) and the
vocabulary facts the rules interpret. Their behaviour is played out in tests/rules/card_families/ (damage_shapes.yaml
and the files named in each section)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules.cards.db import with_files

SAMPLE = Path(__file__).parent / "data" / "real_sets_long_tail.json"


def line(card: str, n: int):
    return with_files((str(SAMPLE),)).lookup(card).reading()[n - 1]


def facts(ln) -> str:
    return " ".join(str(f) for f in ln.facts)


def assert_modelled(card: str, n: int, parse: str, *fact: str):
    """Line n of the card is modelled, written back as `parse`, with each fact among its facts."""
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for f in fact:
        assert f in facts(ln)
    return ln


def made_up(text: str, type_line: str = "Instant"):
    from tests.test_grammar import read_line

    return read_line(text, type_line)


# ------------------------------------------------------------------------------------------------ damage (damage_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Chandra's Outrage", 1, "Chandra's Outrage deals 4 damage to target creature; Chandra's Outrage deals 2 damage to "
     "that creature's controller", ["damage(target(1),4)", "damage(controller_of(target(1)),2)"]),
    ("Rabid Bite", 1, "target creature you control deals damage equal to its power to target creature you don't control",
     ['target(ab("Rabid Bite",front,1,spell_1),2,permanent(f("creature you don\'t control")))', "bite(target(1),target(2))"]),
    ("Rile", 1, "Rile deals 1 damage to target creature you control; that creature gains trample until end of turn",
     ["damage(target(1),1)", "apply(gains(trample),target(1),end_of_turn)"]),
    ("Sorcerer of the Fang", 1, "{5}{B}, {T}: Sorcerer of the Fang deals 2 damage to target opponent or planeswalker",
     ["opponent_or_planeswalker", "damage(target(1),2)"]),
    ("Sun-Crowned Hunters", 1, "whenever Sun-Crowned Hunters is dealt damage, it deals 3 damage to target opponent or "
     "planeswalker", ["dealt_damage(self)", "opponent_or_planeswalker"]),
    ("Gideon's Reproach", 1, "Gideon's Reproach deals 4 damage to target attacking or blocking creature",
     ['filter_lit(f("attacking or blocking creature"),1,pos(attacking))',
      'filter_lit(f("attacking or blocking creature"),1,pos(type(creature)))',
      'filter_lit(f("attacking or blocking creature"),2,pos(blocking))',
      'filter_lit(f("attacking or blocking creature"),2,pos(type(creature)))']),
    ("Vent Sentinel", 2, "{1}{R}, {T}: Vent Sentinel deals X damage to target player or planeswalker, where X is the "
     "number of creatures with defender you control",
     ['damage(target(1),count(f("creatures with defender you control")))',
      'filter_lit(f("creatures with defender you control"),1,pos(keyword(defender)))']),
])
def test_damage_shapes_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_colors_before_or_describe_the_kind_named_once_at_the_end():
    # "target white or blue creature": a white creature or a blue creature — not any white permanent
    ln = made_up("Destroy target white or blue creature.")
    assert ln.status == "modelled"
    f = facts(ln)
    assert 'filter_lit(f("white or blue creature"),1,pos(type(creature)))' in f
    assert 'filter_lit(f("white or blue creature"),2,pos(type(creature)))' in f


def test_that_creature_needs_a_creature_targeted_before():
    # "That creature gains trample" with no creature targeted before it names nothing the reader knows: not modelled
    assert made_up("Draw a card. That creature gains trample until end of turn.").status == "not_modelled"
    assert made_up("Test Card deals 2 damage to target player. That creature gains trample until end of turn."
                   ).status == "not_modelled"
