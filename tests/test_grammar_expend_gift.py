"""Reading tests of expend (CR 700.14) and of gift's "instead" / "also" lines (CR 702.174, issue 28): real cards of
Bloomburrow in today's Oracle wording, as Forge's card scripts keep them (tests/data/expend_gift.json) -> status and
the vocabulary facts the rules interpret (rules/mana/expend.lp, rules/mechanics/gift.lp). The behaviour is played out
in tests/rules/card_families/expend.yaml and tests/rules/card_families/gift_instead.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("expend_gift.json")


@pytest.mark.parametrize("card, n, effect", [
    # "Whenever you expend 4, ..." (its reminder text aside): the trigger event expends(you, 4), and the effect
    ("Bakersbane Duo", 2, "apply(pump(1,1),self,end_of_turn)"),
    ("Junkblade Bruiser", 2, "apply(pump(2,1),self,end_of_turn)"),
    ("Bark-Knuckle Boxer", 1, "apply(gains(indestructible),self,end_of_turn)"),
    ("Teapot Slinger", 2, "damage(each_opponent,2)"),
    ("Wandertale Mentor", 1, "counters(self,"),
    ("Roughshod Duo", 2, "apply(gains(trample),target(1),end_of_turn)"),
    ("Brambleguard Veteran", 1, "vigilance"),
])
def test_whenever_you_expend_4_is_a_trigger_event(card, n, effect):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert f'trigger(ab("{card}",front,{n},trigger_{n}),expends(you,4))' in facts(ln)
    assert effect in facts(ln)
