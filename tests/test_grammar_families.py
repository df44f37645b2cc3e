"""Reading tests of the card-text families of issue 27 added after the grammar's first half: each real card's
line (tests/data/real_sets_sample.json, as Scryfall's files of its set print it) -> its status, the ability
written back in words (`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out
in tests/rules/card_families/ (a rule case per card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules.cards.db import with_files

SAMPLE = Path(__file__).parent / "data" / "real_sets_sample.json"


def line(card: str, n: int):
    return with_files((str(SAMPLE),)).lookup(card).reading()[n - 1]


def facts(ln) -> str:
    return " ".join(str(f) for f in ln.facts)


# ------------------------------------------------------------------------------------------------ evasion

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Vine Mare", 2, "Vine Mare can't be blocked by black creatures",
     'restriction(ab("Vine Mare",front,2,static_2),cant_be_blocked_by(self,f("black creatures")))'),
    ("Juggernaut", 1, "Juggernaut attacks each combat if able", "attacks_each_combat(self)"),
    ("Juggernaut", 2, "Juggernaut can't be blocked by Walls", 'cant_be_blocked_by(self,f("walls"))'),
    ("Bristling Boar", 1, "Bristling Boar can't be blocked by more than one creature",
     "cant_be_blocked_by_more_than_one(self)"),
    ("Departed Deckhand", 2, "Departed Deckhand can't be blocked except by Spirits",
     'cant_be_blocked_except_by(self,f("spirits"))'),
    ("Dreamcaller Siren", 3, "Dreamcaller Siren can block only creatures with flying", "can_block_only_with(self,flying)"),
    ("Sheoldred, Whispering One", 1, "swampwalk", "keyword(ab(\"Sheoldred, Whispering One\",front,1,swampwalk),swampwalk)"),
    ("Daring Saboteur", 1, "{2}{U}: Daring Saboteur can't be blocked this turn", "apply(cant_be_blocked,self,end_of_turn)"),
    ("Distortion Strike", 1, "target creature gets +1/+0 until end of turn; it can't be blocked this turn",
     "apply(cant_be_blocked,target(1),end_of_turn)"),
    ("Siegebreaker Giant", 2, "{3}{R}: target creature can't block this turn", "apply(cant_block,target(1),end_of_turn)"),
])
def test_evasion_and_restrictions_are_read(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


def test_a_blocking_restriction_by_a_word_outside_the_lists_is_not_read():
    # "can't be blocked by creatures with power 2 or less" (Steel Leaf Champion) needs a power filter the
    # grammar doesn't have: the line is not modelled, not guessed at
    from tests.test_grammar import read_line

    assert read_line("Test Card can't be blocked by creatures with power 2 or less.").status == "not_modelled"
