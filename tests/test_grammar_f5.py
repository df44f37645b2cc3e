"""Reading tests of issue 28's suspend, extra turn and planeswalker lines (helper f5): each real card's line
(tests/data/f5_*.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f5_*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import line_of

DATA = Path(__file__).parent / "data"
SUSPEND = DATA / "f5_suspend.json"


line = line_of


# "Suspend N—[cost]" (CR 702.62a; rules/mechanics/suspend.lp): the keyword, its number of time counters and its cost
@pytest.mark.parametrize("card, n, parse, number, mana", [
    ("Search for Tomorrow", 2, "suspend 2—{G}", 2, ["mana(1,g)"]),
    ("Nantuko Shaman", 2, "suspend 1—{2}{G}{G}", 1, ["mana(1,generic(2))", "mana(2,g)", "mana(3,g)"]),
    ("Durkwood Baloth", 1, "suspend 5—{G}", 5, ["mana(1,g)"]),
    ("Rift Bolt", 2, "suspend 1—{R}", 1, ["mana(1,r)"]),
    ("Keldon Halberdier", 2, "suspend 4—{R}", 4, ["mana(1,r)"]),
    ("Ancestral Vision", 1, "suspend 4—{U}", 4, ["mana(1,u)"]),
])
def test_suspend(card, n, parse, number, mana):
    ln = line(SUSPEND, card, n)
    assert ln.status == "modelled"
    assert ln.parse == parse
    ab = f'ab("{card}",front,{n},suspend)'
    got = {str(f) for f in ln.facts}
    assert f"keyword({ab},suspend)" in got
    assert f"keyword_n({ab},{number})" in got
    assert {f"cost({ab},{m})" for m in mana} == {f for f in got if f.startswith("cost(")}


EXTRA_TURNS = DATA / "f5_extra_turns.json"


# "Take an extra turn after this one." (CR 500.7; rules/timeline/extra_turns.lp)
@pytest.mark.parametrize("card, n, parse, effect", [
    ("Nexus of Fate", 1, "take an extra turn after this one", "extra_turn(you)"),
    ("Teferi, Timebender", 3, "-9: take an extra turn after this one", "extra_turn(you)"),
])
def test_extra_turn(card, n, parse, effect):
    ln = line(EXTRA_TURNS, card, n)
    assert ln.status == "modelled"
    assert ln.parse == parse
    assert any(str(f).startswith("effect(") and str(f).endswith(f",{effect})") for f in ln.facts)


PLANESWALKERS = DATA / "f5_planeswalkers.json"


# "Create a 4/4 blue Elemental Bird creature token with flying." (CR 111.4: a token of two creature types)
def test_token_of_two_subtypes():
    ln = line(PLANESWALKERS, "Mu Yanling, Sky Dancer", 2)
    assert ln.status == "modelled"
    assert ln.parse == "-3: create 1 4/4 blue Elemental Bird creature token with flying"
    assert ln.tokens == ["Elemental Bird Token (4/4 blue, flying)"]


# "Target player takes an extra turn after this one. Return up to one target nonland permanent to its owner's hand.
# Exile Karn's Temporal Sundering." (CR 500.7, 115.1, 608.2c)
def test_karns_temporal_sundering():
    ln = line(EXTRA_TURNS, "Karn's Temporal Sundering", 2)
    assert ln.status == "modelled"
    assert ln.parse == ("target player takes an extra turn after this one; return up to one target nonland permanent "
                        "to its owner's hand; exile Karn's Temporal Sundering")
    got = " ".join(str(f) for f in ln.facts)
    assert "extra_turn(target(1))" in got and "bounce(target(2))" in got and ",exile_self_spell)" in got
    assert "target_optional(" in got
