"""Reading tests of Kastral, the Windcrested (issue 28): "Whenever one or more Birds you control deal combat damage to a
player, choose one —" and its modes (CR 603.2c, 700.2; tests/data/kastral.json). The behaviour is played out in
tests/rules/card_families/kastral.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("kastral.json")


def test_the_trigger_is_one_or_more_birds_dealing_combat_damage_to_a_player():
    ln = line("Kastral, the Windcrested", 2)
    assert ln.status == "modelled", ln.text
    assert 'trigger(ab("Kastral, the Windcrested",front,2,trigger_2),combat_damage_one_or_more(f("birds you control")))' in facts(ln)
    assert "trigger_modes(" in facts(ln)


def test_its_counter_and_draw_modes_are_modelled():
    assert "counters(each(" in facts(line("Kastral, the Windcrested", 4))
    assert "draw(you,1)" in facts(line("Kastral, the Windcrested", 5))
    assert line("Kastral, the Windcrested", 4).status == "modelled"
    assert line("Kastral, the Windcrested", 5).status == "modelled"


def test_its_finality_counter_mode_is_not_modelled():
    # "You may put a Bird creature card from your hand or graveyard onto the battlefield with a finality counter on it."
    assert line("Kastral, the Windcrested", 3).status == "not_modelled"
