"""Reading tests of "Tap two untapped tokens you control: ..." — tapping untapped permanents you control as an activated
ability's cost (issue 28, tt): real cards as Forge's card scripts keep their Oracle text (tests/data/tap_untapped.json)
-> status and the vocabulary facts the rules interpret. The behaviour is played out in
tests/rules/card_families/tap_untapped.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of
from tests.test_grammar import read_line

line = lines_of("tap_untapped.json")


@pytest.mark.parametrize("n, effect", [
    (1, "produces("),                      # "Tap two untapped tokens you control: Add one mana of any color."
    (2, "draw("),                          # "Tap three untapped tokens you control: Draw a card."
    (3, "trample"),                        # "Tap four untapped tokens you control: Put three +1/+1 counters on ..."
])
def test_baylen_taps_untapped_tokens_you_control(n, effect):
    ln = line("Baylen, the Haymaker", n)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert f'cost(ab("Baylen, the Haymaker",front,{n},' in f
    assert f'tap_untapped({n + 1},f("untapped tokens you control")))' in f
    assert 'pos(token)' in f and 'neg(tapped)' in f and 'pos(you_control)' in f
    assert effect in f
    assert ",tap)" not in f                # no {T}: Baylen itself isn't tapped


def test_baylens_first_line_is_a_mana_ability():
    # "Add one mana of any color." after a cost that isn't {T}: still a mana ability (CR 605.1a)
    f = facts(line("Baylen, the Haymaker", 1))
    assert "mana_ability(" in f and ",any,fixed(1))" in f


def test_tangle_tumbler_becomes_an_artifact_creature():
    # "Tap two untapped tokens you control: Tangle Tumbler becomes an artifact creature until end of turn." (a Vehicle:
    # its printed power and toughness, CR 301.7b)
    ln = line("Tangle Tumbler", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'tap_untapped(2,f("untapped tokens you control"))' in f
    assert "adds_type(" in f and ",artifact)" in f and ",creature)" in f and "end_of_turn)" in f
    assert "sets_pt(" not in f


def test_lathril_taps_itself_and_ten_elves():
    # "{T}, Tap ten untapped Elves you control: Each opponent loses 10 life and you gain 10 life."
    ln = line("Lathril, Blade of the Elves", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert ",tap)" in f and 'tap_untapped(10,f("untapped elves you control"))' in f
    assert 'pos(subtype("elf"))' in f


@pytest.mark.parametrize("text", [
    # the cost taps untapped permanents its controller controls: the words must say both (the reader checks)
    "Tap two tokens you control: Draw a card.",
    "Tap two untapped tokens: Draw a card.",
    "Tap two untapped tokens an opponent controls: Draw a card.",
])
def test_a_tap_cost_without_untapped_or_you_control_is_not_read(text):
    assert read_line(text).status == "not_modelled"


def test_only_a_vehicle_becomes_an_artifact_creature_without_a_size():
    # a noncreature artifact that isn't a Vehicle has no printed power and toughness to have (CR 301.7b is about
    # Vehicles): the words alone don't say its size
    ln = read_line("Tap two untapped tokens you control: Test Card becomes an artifact creature until end of turn.",
                   "Artifact")
    assert ln.status == "not_modelled"
    ln = read_line("Tap two untapped tokens you control: Test Card becomes an artifact creature until end of turn.",
                   "Artifact — Vehicle")
    assert ln.status == "modelled", ln.text
