"""Reading tests of small shapes of Foundations and Bloomburrow (issue 28): real cards as Forge's card scripts keep their
Oracle text (tests/data/small_shapes.json) -> status and the vocabulary facts the rules interpret. The behaviour is
played out in tests/rules/card_families/small_shapes.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("small_shapes.json")


@pytest.mark.parametrize("card", ["Barkform Harvester", "Three Tree Mascot"])
def test_changeling_is_a_keyword(card):
    # "Changeling (This card is every creature type.)" (CR 702.73a): the keyword, its reminder text read with it
    ln = line(card, 1)
    assert ln.status == "modelled", ln.text
    assert ",changeling)" in facts(ln)


def test_mice_is_the_plural_of_mouse():
    # "Other Mice creatures you control get +1/+1." (Mabel, Heir to Cragflame)
    ln = line("Mabel, Heir to Cragflame", 1)
    assert ln.status == "modelled", ln.text
    assert 'pos(subtype("mouse"))' in facts(ln) and "pos(other)" in facts(ln) and ",1,1)" in facts(ln)


def test_a_lord_over_a_list_of_kinds():
    # "Other Rabbits, Bats, Birds, and Mice you control get +1/+1." (Valley Questcaller): "and" joins kinds, each one
    ln = line("Valley Questcaller", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    for n, sub in enumerate(("rabbit", "bat", "bird", "mouse"), 1):
        assert f'filter_clause(f("other rabbits, bats, birds, and mice you control"),{n})' in f
        assert f'{n},pos(subtype("{sub}"))' in f
    assert "mod_pt(" in f


@pytest.mark.parametrize("card, n, pt", [
    # "Threshold — This creature can't be blocked as long as there are seven or more cards in your graveyard."
    ("Cephalid Inkmage", 2, None),
    # "Threshold — As long as seven or more cards are in your graveyard, Nightwhorl Hermit gets +1/+0 and can't be blocked."
    ("Nightwhorl Hermit", 2, "mod_pt("),
])
def test_threshold_unblockable(card, n, pt):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "cant_be_blocked_while(self)" in f and "scope(" in f and ",self)" in f
    assert 'as_long_as(' in f and 'graveyard_ge(f("card [you_own]"),7)' in f
    assert (pt in f) if pt else "mod_pt(" not in f


@pytest.mark.parametrize("card, n", [("Uncharted Voyage", 1), ("Dire Downdraft", 2)])
def test_owner_chooses_top_or_bottom(card, n):
    # "Target creature's owner puts it on their choice of the top or bottom of their library."
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert "put_library(target(1),owner_choice)" in facts(ln)


def test_own_power_damage_of_an_activated_ability():
    # "{R}, Sacrifice Heartfire Immolator: It deals damage equal to its power to target creature or planeswalker."
    ln = line("Heartfire Immolator", 2)
    assert ln.status == "modelled", ln.text
    assert "damage_own_power(target(1))" in facts(ln)


def test_own_power_damage_of_a_dies_trigger():
    # "When this creature dies, it deals damage equal to its power to each opponent." (Heartfire Hero)
    ln = line("Heartfire Hero", 2)
    assert ln.status == "modelled", ln.text
    assert "damage_own_power(each_opponent)" in facts(ln) and "dies(self)" in facts(ln)


def test_a_spells_it_is_not_its_source():
    # in a spell, "it" after a target is that target, never the spell: the own-power shape isn't read there
    from pyrules.cards.db import with_files
    import json
    import tempfile
    card = {"object": "card", "name": "Own Power Probe", "mana_cost": "{R}", "cmc": 1, "layout": "normal",
            "type_line": "Instant", "oracle_text": "It deals damage equal to its power to target creature."}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([card], f)
    assert with_files((f.name,)).lookup("Own Power Probe").reading()[0].status == "not_modelled"


def test_three_keywords_until_end_of_turn():
    # "Target creature you control gets +3/+3 and gains trample, hexproof, and indestructible until end of turn."
    ln = line("Overprotect", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "apply(pump(3,3),target(1),end_of_turn)" in f
    for kw in ("trample", "hexproof", "indestructible"):
        assert f"apply(gains({kw}),target(1),end_of_turn)" in f


def test_an_additional_land():
    # "You may play an additional land on each of your turns." (Loot, Exuberant Explorer; CR 305.2a)
    ln = line("Loot, Exuberant Explorer", 1)
    assert ln.status == "modelled", ln.text
    assert "additional_land(you)" in facts(ln) and "static(" in facts(ln)


def test_prevention_for_each_permanent_of_a_filter():
    # "Prevent all noncombat damage that would be dealt to other creatures you control." (Crystal Barricade)
    ln = line("Crystal Barricade", 3)
    assert ln.status == "modelled", ln.text
    assert 'prevents(noncombat,each(f("other creatures you control")),to)' in facts(ln)


def test_prevention_on_a_spells_target():
    # "... It gains flying until end of turn. Prevent all combat damage that would be dealt to it this turn." (Fleeting
    # Flight): "it" is the creature the spell targeted
    ln = line("Fleeting Flight", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(prevent_combat_damage_to,target(1),end_of_turn)" in facts(ln)
