"""Reading tests of the long tail of issue 28 (fc): "+X/+X, where X is ...", exile-then-return, "that many" after combat
damage, counts. Real cards as Forge's card scripts keep their Oracle text (tests/data/flicker_counts.json) -> status and
the vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/flicker_counts.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("flicker_counts.json")


def test_pump_x_number_of_creatures():
    # "until end of turn, target creature you control gains vigilance and gets +X/+X, where X is the number of creatures
    # you control" (Treeguard Duo): two effects on the same target, X counted as it resolves
    ln = line("Treeguard Duo", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "apply(gains(vigilance),target(1),end_of_turn)" in f
    assert 'apply(pump_for_each(1,1,count(f("creatures you control"))),target(1),end_of_turn)' in f


def test_pump_x_source_power():
    # "target creature you control gets +X/+0 until end of turn, where X is this creature's power" (Brambleguard Captain)
    ln = line("Brambleguard Captain", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(pump_for_each(1,0,source_power),target(1),end_of_turn)" in facts(ln)


def test_pump_x_source_power_another_target():
    # "When this creature attacks, another target creature you control gains trample and gets +X/+X until end of turn,
    # where X is this creature's power" (Ashroot Animist): "when ... attacks" as "whenever" (CR 508.1m, 603.2)
    ln = line("Ashroot Animist", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "trigger(" in f and "attacks" in f
    assert "apply(gains(trample),target(1),end_of_turn)" in f
    assert "apply(pump_for_each(1,1,source_power),target(1),end_of_turn)" in f
    assert "pos(other)" in f
