"""Reading tests of the long tail of Bloomburrow's and Foundations' trigger lines (issue 28): batch ("one or more")
triggers, "This ability triggers only once each turn.", and tokens printed without a card type. Real cards as
Forge's card scripts keep their Oracle text (tests/data/batch_triggers.json) -> status and the vocabulary facts the
rules interpret. The behaviour is played out in tests/rules/card_families/batch_triggers.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("batch_triggers.json")


@pytest.mark.parametrize("card, n, made", [
    ("Knightfisher", 2, "Fish Token (1/1 blue)"),
    ("Infestation Sage", 1, "Insect Token (1/1 black green, flying)"),
    ("Mischievous Mystic", 2, "Faerie Token (1/1 blue, flying)"),
])
def test_a_token_with_only_creature_types_is_a_creature_token(card, n, made):
    # "create a 1/1 blue Fish token" (no card type printed): its subtype is a creature type, so it is a creature
    # token (CR 205.3d, 205.3m) with that power and toughness
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert f'"{made}"' in facts(ln)


def test_a_token_with_another_kinds_subtype_is_not_read_as_a_creature():
    # "a 1/1 blue Food token" would give a creature's power and toughness to an artifact type (CR 205.3d, 205.3g):
    # not read
    from pyrules.cards.model import card_from_record
    from pyrules.cards.reader import read_card

    for text, status in [("Create a 1/1 blue Food token.", "not_modelled"), ("Create a 1/1 blue Fish token.", "modelled")]:
        card = card_from_record({"name": "Test Card", "layout": "normal", "mana_cost": "{U}", "type_line": "Sorcery",
                                 "oracle_text": text})
        card.reader = read_card
        assert card.reading()[0].status == status, text
