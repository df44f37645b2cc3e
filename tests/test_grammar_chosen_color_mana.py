"""Reading test of "{T}: Add one mana of the chosen color." (issue 28): Heraldic Banner (Foundations) and Uncharted Haven
(Bloomburrow), Oracle text as Forge's card scripts keep it (tests/data/chosen_color_mana.json) -> status and the
vocabulary facts rules/mana/chosen_color.lp interprets. The behaviour is played out in
tests/rules/605_mana_abilities/chosen_color.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("chosen_color_mana.json")


@pytest.mark.parametrize("card", ["Heraldic Banner", "Uncharted Haven"])
def test_one_mana_of_the_chosen_color(card):
    ln = line(card, 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "mana_ability(" in f and ",chosen,chosen_color(1))" in f and "cost(" in f
