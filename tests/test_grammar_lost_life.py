"""Reading tests of the lines conditioned on the life gained or lost this turn (issue 28, lf): real cards of Bloomburrow
(tests/data/lost_life_this_turn.json) -> status and the vocabulary facts the rules interpret. The behaviour is played
out in tests/rules/card_families/lost_life_this_turn.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("lost_life_this_turn.json")


@pytest.mark.parametrize("card, n", [("Frilled Sparkshooter", 2), ("Cindering Cutthroat", 1)])
def test_enters_with_a_counter_if_an_opponent_lost_life(card, n):
    # "This creature enters with a +1/+1 counter on it if an opponent lost life this turn." (CR 614.1c)
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert 'enters_with_counters(' in facts(ln)
    assert '"+1/+1",1,opponent_lost_life_ge(1))' in facts(ln)
