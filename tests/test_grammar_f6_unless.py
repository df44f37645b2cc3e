"""Reading tests of issue 28's "unless" a player chooses lines (helper f6): each real card's line
(tests/data/f6_unless.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f6_unless.yaml."""

from __future__ import annotations

from pathlib import Path

from tests.card_lines import lines_of

DATA = Path(__file__).parent / "data"


line = lines_of(DATA / "f6_unless.json")


def modelled(card: str, n: int, parse: str, *fact: str):
    ln = line(card, n)
    assert ln.status == "modelled", (ln.text, ln.reason)
    assert ln.parse == parse
    text = " ".join(str(f) for f in ln.facts)
    for f in fact:
        assert f in text, f


def test_damage_unless_that_player_sacrifices_a_creature():
    # Demanding Dragon (CR 608.2d, 701.21a): the opponent targeted is the one who may sacrifice
    modelled("Demanding Dragon", 2, "when Demanding Dragon enters, it deals 5 damage to target opponent unless that "
             "player sacrifices a creature",
             "unless_chooses(target(1),alt_sacrifice(f(\"creature\")),damage(target(1),5))")


def test_discards_two_cards_unless_they_discard_an_artifact_card():
    # Wrench Mind (CR 608.2d, 701.9a)
    modelled("Wrench Mind", 1, "target player discards 2 cards unless they discard an artifact card",
             "unless_chooses(target(1),alt_discard(f(\"artifact\")),discard(target(1),2))")


def test_draw_unless_target_opponent_sacrifices_or_pays_life():
    # Indulgent Tormentor (CR 608.2d, 119.4)
    modelled("Indulgent Tormentor", 2, "at the beginning of your upkeep, draw a card unless target opponent sacrifices "
             "a creature or pays 3 life",
             "unless_chooses(target(1),alt_sacrifice_or_life(f(\"creature\"),3),draw(you,1))")


def test_lines_near_these_are_not_read():
    from tests.test_grammar import read_line

    # "unless" a player does something else than these isn't read
    assert read_line("Target player discards two cards unless they sacrifice a creature.",
                     "Sorcery").status == "not_modelled"
    assert read_line("Draw a card unless target opponent pays 3 life.", "Sorcery").status == "not_modelled"
