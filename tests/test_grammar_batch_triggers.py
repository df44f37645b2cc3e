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


@pytest.mark.parametrize("card, n, event", [
    ("Caretaker's Talent", 2, 'enter_one_or_more(f("tokens you control"))'),
    ("Valley Questcaller", 1, 'enter_one_or_more(f("other rabbits, bats, birds, and/or mice you control"))'),
    ("Builder's Talent", 4, 'enter_one_or_more(f("noncreature, nonland permanents you control"))'),
    ("Scavenger's Talent", 2, 'dies_one_or_more(f("creatures you control"))'),
])
def test_one_or_more_triggers(card, n, event):
    # "Whenever one or more [filter] you control enter / die": one trigger for the event (CR 603.2c)
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert event in facts(ln)


@pytest.mark.parametrize("card, n, once", [
    ("Caretaker's Talent", 2, True), ("Scavenger's Talent", 2, True), ("Valley Questcaller", 1, False),
])
def test_triggers_only_once_each_turn(card, n, once):
    # "This ability triggers only once each turn." (CR 603.2): its own fact, only where printed
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ("trigger_once_each_turn(" in facts(ln)) is once


def test_a_comma_between_negated_words_is_one_kind():
    # "noncreature, nonland permanents" (Builder's Talent): a permanent that is neither, not a list of kinds
    f = facts(line("Builder's Talent", 4))
    assert 'f("noncreature, nonland permanents you control"),1,neg(type(creature))' in f
    assert 'f("noncreature, nonland permanents you control"),1,neg(type(land))' in f
    assert 'filter_clause(f("noncreature, nonland permanents you control"),2)' not in f


def test_once_each_turn_after_another_event_is_not_read():
    # "This ability triggers only once each turn." after an event it has no rules with stays not modelled
    from pyrules.cards.model import card_from_record
    from pyrules.cards.reader import read_card

    card = card_from_record({"name": "Test Card", "layout": "normal", "mana_cost": "{W}", "type_line": "Enchantment",
                             "oracle_text": "Whenever a creature you control attacks, draw a card. This ability triggers only once each turn."})
    card.reader = read_card
    assert card.reading()[0].status == "not_modelled"


def test_counters_put_triggers():
    # "Whenever one or more +1/+1 counters are put on another non-Hydra creature you control" (Wildwood Scourge);
    # "Whenever you put one or more +1/+1 counters on this creature, ... only once each turn." (Exemplar of Light)
    ln = line("Wildwood Scourge", 2)
    assert ln.status == "modelled", ln.text
    assert 'counters_put_on(f("another non-hydra creature you control"),"+1/+1")' in facts(ln)
    ln = line("Exemplar of Light", 3)
    assert ln.status == "modelled", ln.text
    assert 'you_put_counters_on(self,"+1/+1")' in facts(ln) and "trigger_once_each_turn(" in facts(ln)


def test_leaving_without_dying():
    # "Whenever one or more other creatures you control leave the battlefield without dying" (Dour Port-Mage): once
    # for the event; "Whenever Three Tree Scribe or another creature you control leaves ..." (its own leaving too)
    ln = line("Dour Port-Mage", 1)
    assert ln.status == "modelled", ln.text
    assert 'leave_without_dying_one_or_more(f("other creatures you control"))' in facts(ln)
    ln = line("Three Tree Scribe", 1)
    assert ln.status == "modelled", ln.text
    assert "leaves_without_dying(self)" in facts(ln)
    assert 'leaves_without_dying(f("another creature you control"))' in facts(ln)


def test_sacrificing_one_or_more():
    # "Whenever you sacrifice one or more Foods" (Camellia, the Seedmiser): its controller's sacrifices (CR 701.21a)
    ln = line("Camellia, the Seedmiser", 3)
    assert ln.status == "modelled", ln.text
    assert 'sacrifice_one_or_more(you,f("foods"))' in facts(ln)


def test_sacrificing_a_permanent():
    # "Whenever you sacrifice a permanent, target player mills two cards." (Scavenger's Talent, level 2): each one
    ln = line("Scavenger's Talent", 4)
    assert ln.status == "modelled", ln.text
    assert 'sacrifice_each(you,f("permanent"))' in facts(ln) and "class_ability_level(" in facts(ln)
