"""Reading tests of restricted mana and cost reductions (issue 28): real cards of Bloomburrow and Foundations as Forge's
card scripts keep their Oracle text (tests/data/restricted_mana.json) -> status and the vocabulary facts the rules
interpret. The behaviour is played out in tests/rules/card_families/restricted_mana.yaml."""

from __future__ import annotations

import json
import tempfile

import pytest

from pyrules.cards.db import with_files
from tests.card_lines import facts, lines_of

line = lines_of("restricted_mana.json")


def probe(text: str, type_line: str = "Land", cost: str = ""):
    """The first line of a made-up card (a shape that must not be read)."""
    card = {"object": "card", "name": "Restricted Probe", "mana_cost": cost, "cmc": 0, "layout": "normal",
            "type_line": type_line, "oracle_text": text}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([card], f)
    return with_files((f.name,)).lookup("Restricted Probe").reading()[0]


@pytest.mark.parametrize("card, n, color, kind", [
    ("Lilypad Village", 2, "u", 'f("creature")'),
    ("Oakhollow Village", 2, "g", 'f("creature")'),
    ("Rockface Village", 2, "r", 'f("creature")'),
    ("Mudflat Village", 2, "b", 'f("creature")'),
    ("Lupinflower Village", 2, "w", 'f("creature")'),
    ("Giada, Font of Hope", 3, "w", 'f("angel")'),
])
def test_spend_this_mana_only_to_cast(card, n, color, kind):
    # "{T}: Add {U}. Spend this mana only to cast a creature spell.": a mana ability whose mana pays only for such a
    # spell (CR 106.6)
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "mana_ability(" in f and f",{color},fixed(1))" in f
    assert f",{kind})" in f and "spend_only_to_cast(" in f


def test_spend_restriction_outside_a_mana_ability_is_not_read():
    # the sentence restricts the mana the ability adds: after an effect that adds no mana it isn't understood
    assert probe("{T}: Draw a card. Spend this mana only to cast a creature spell.").status == "not_modelled"


@pytest.mark.parametrize("card, n, zones, kind", [
    ("Tolarian Terror", 1, ("graveyard",), 'f("instant and sorcery")'),
    ("Eddymurk Crab", 2, ("graveyard",), 'f("instant and sorcery")'),
    ("Huskburster Swarm", 1, ("exile", "graveyard"), 'f("creature")'),
])
def test_costs_less_for_each_card(card, n, zones, kind):
    # "This spell costs {1} less to cast for each instant and sorcery card in your graveyard": {1} for each card of
    # the kind its caster owns in each zone named (CR 601.2f)
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    for zone in zones:
        assert f",1,{zone},{kind})" in f
    assert "scope(" in f and ",this_spell)" in f


def test_costs_less_for_each_card_elsewhere_is_not_read():
    # only "in your graveyard" and "you own in exile and in your graveyard" are read
    assert probe("This spell costs {1} less to cast for each creature card in your hand.", "Creature — Crab",
                 "{5}{U}").status == "not_modelled"


def test_enters_tapped_if_its_not_your_turn():
    # "This creature enters tapped if it's not your turn." (CR 614.1c): tapped unless it is its controller's turn
    ln = line("Eddymurk Crab", 3)
    assert ln.status == "modelled", ln.text
    assert "enters_tapped_unless(" in facts(ln) and ",your_turn)" in facts(ln)


def test_costs_less_if_it_targets():
    # "This spell costs {3} less to cast if it targets a tapped creature." (CR 601.2c, 601.2f)
    ln = line("Luminous Rebuke", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'cost_if_targets(' in f and ',3,f("tapped creature"))' in f
    assert "pos(tapped)" in f and "pos(type(creature))" in f


def test_costs_less_if_it_targets_needs_a_target_read():
    # Dire Downdraft's target is on its second line ("Target creature's owner puts it on their choice of the top or
    # bottom of their library."), now read: the reduction of its first line has a target to look at, so both are
    # modelled ("an attacking or tapped creature": CR 601.2c, 601.2f)
    assert line("Dire Downdraft", 2).status == "modelled"
    ln = line("Dire Downdraft", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'cost_if_targets(' in f and ',1,f("attacking or tapped creature"))' in f
