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


@pytest.mark.parametrize("card, n, cond, effect", [
    # the intervening "if you gained or lost life this turn", "if you gained and lost life this turn" (CR 603.4)
    ("Starlit Soothsayer", 2, "gained_or_lost_life", "surveil("),
    ("Star Charter", 2, "gained_or_lost_life", "dig(4,"),
    ("Lunar Convocation", 2, "gained_and_lost_life", "create_token("),
    ("Starseer Mentor", 2, "gained_or_lost_life", "alt_sacrifice_or_discard("),
])
def test_end_step_if_you_gained_or_lost_life(card, n, cond, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert "intervening_if(" in facts(ln) and f",{cond})" in facts(ln)
    assert effect in facts(ln)


@pytest.mark.parametrize("card", ["Starseer Mentor", "Thornplate Intimidator"])
def test_loses_life_unless_sacrifice_or_discard(card):
    # "target opponent loses 3 life unless they sacrifice a nonland permanent or discard a card" (CR 608.2d)
    ln = line(card, 2)
    assert ln.status == "modelled", ln.text
    assert "unless_chooses(target(" in facts(ln) and "lose_life(target(" in facts(ln) and ",3))" in facts(ln)
    assert 'f("nonland permanent")' in facts(ln)


def test_as_long_as_you_have_lost_life_this_turn():
    # "As long as you've lost life this turn, Essence Channeler has flying and vigilance." (CR 611.3a)
    ln = line("Essence Channeler", 1)
    assert ln.status == "modelled", ln.text
    assert "as_long_as(" in facts(ln) and ",lost_life_this_turn)" in facts(ln)
    assert ",flying)" in facts(ln) and ",vigilance)" in facts(ln)



def test_activate_only_if_an_opponent_lost_life_and_only_once_each_turn():
    # "{1}{R}: Put a +1/+1 counter on Hired Claw. Activate only if an opponent lost life this turn and only once each
    # turn." (CR 602.5b): both restrictions
    ln = line("Hired Claw", 2)
    assert ln.status == "modelled", ln.text
    assert "activate_if(" in facts(ln) and ",opponent_lost_life_ge(1))" in facts(ln)
    assert ",once_each_turn)" in facts(ln)


def test_hired_claw_attack_trigger_is_read():
    # "Whenever you attack with one or more Lizards, ..." (issue 28, cs: tests/test_grammar_conditional_tail.py)
    assert line("Hired Claw", 1).status == "modelled"


@pytest.mark.parametrize("card, trigger, effect", [
    # "Whenever you gain or lose life during your turn, ..." (CR 603.2, 119.3, 119.9)
    ("Wax-Wane Witness", "gains_or_loses_life_your_turn(you))", "apply(pump(1,0),self,end_of_turn)"),
    # "... This ability triggers only once each turn." (CR 603.2)
    ("Moonstone Harbinger", "gains_or_loses_life_your_turn_once(you))", "apply(gains(deathtouch),each("),
])
def test_whenever_you_gain_or_lose_life_during_your_turn(card, trigger, effect):
    ln = line(card, 2)
    assert ln.status == "modelled", ln.text
    assert "trigger(" in facts(ln) and trigger in facts(ln)
    assert effect in facts(ln)


def test_other_creatures_enter_with_an_additional_counter_for_each_opponent_who_lost_life():
    # "Other creatures you control enter with an additional +1/+1 counter on them for each opponent who lost life this
    # turn." (Gev, Scaled Scorch; CR 614.1c)
    ln = line("Gev, Scaled Scorch", 2)
    assert ln.status == "modelled", ln.text
    assert 'others_enter_with_counters(' in facts(ln) and ',"+1/+1",opponent_lost_life)' in facts(ln)
