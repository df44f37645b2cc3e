"""Reading tests of control-changing Auras (issue 28): "You control enchanted creature." (Kitnap, as Forge's card script
keeps its Oracle text: tests/data/control_auras.json) and "You control enchanted permanent." (In Bolas's Clutches,
tests/data/e3_statics.json) -> status and the vocabulary facts the rules interpret (rules/core/objects.lp). The
behaviour is played out in tests/rules/card_families/control_auras.yaml."""

from __future__ import annotations

import pytest

from pyrules.cards.grammar import NotUnderstood, parse
from tests.card_lines import facts, lines_of

line = lines_of("control_auras.json")
clutches = lines_of("e3_statics.json")


def test_you_control_enchanted_creature():
    # Kitnap's last line: a static ability of the Aura, layer 2 on the creature it enchants (CR 303.4, 613.1b)
    ln = line("Kitnap", 4)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'static(ab("Kitnap",front,4,static_4))' in f
    assert 'scope(ab("Kitnap",front,4,static_4),enchanted)' in f
    assert 'restriction(ab("Kitnap",front,4,static_4),control(enchanted))' in f


def test_every_line_of_kitnap_is_modelled():
    # "Gift a card", "Enchant creature", the enter trigger and the control line
    assert [line("Kitnap", i).status for i in (1, 2, 3, 4)] == ["modelled"] * 4


def test_you_control_enchanted_permanent():
    # In Bolas's Clutches: "You control enchanted permanent." is the same shape, on any permanent it enchants
    ln = clutches("In Bolas's Clutches", 2)
    assert ln.status == "modelled", ln.text
    assert 'restriction(ab("In Bolas\'s Clutches",front,2,static_2),control(enchanted))' in facts(ln)


def test_you_control_enchanted_artifact_and_land_read_alike():
    # "You control enchanted artifact." (Steal Artifact), "You control enchanted land." (Annex): the permanent the Aura
    # is attached to, whatever its kind (the Aura's "Enchant ..." says what it may enchant, 303.4a, 704.5m)
    for kind in ("artifact", "land"):
        st = parse(f"You control enchanted {kind}.", spell=False).static
        assert st.kind == "control_enchanted" and st.filter.text == kind


def test_other_words_are_not_read_as_control():
    # "You control equipped creature." is no shape pyrules reads (no card says it): the line isn't understood
    with pytest.raises(NotUnderstood):
        parse("You control equipped creature.", spell=False)
