"""Reading tests of issue 28's tap, untap, exile, control and counterspell lines (helper e6): each real card's line
(tests/data/e6_*.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/e6_*.yaml."""

from __future__ import annotations

from pathlib import Path

from tests.card_lines import facts, line_of

DATA = Path(__file__).parent / "data"


line = line_of


def modelled(file: str, card: str, n: int, parse: str, *fact: str):
    ln = line(file, card, n)
    assert ln.status == "modelled", (ln.text, ln.reason)
    assert ln.parse == parse
    for f in fact:
        assert f in facts(ln), f


def test_tap_all_creatures_your_opponents_control():
    # Cryptic Command's third mode (CR 701.26a): the permanents of the filter as it resolves
    modelled("e6_tap_control.json", "Cryptic Command", 4, "• tap all creatures your opponents control",
             "tap(each(f(\"creatures your opponents control\")))", "opponent_controls")


def test_untap_another_target_artifact():
    # Manifold Key (CR 701.26b, 115.10a): "another" leaves the source out
    modelled("e6_tap_control.json", "Manifold Key", 1, "{1}, {T}: untap another target artifact",
             "untap(target(1))", "pos(other)")


def test_gain_control_of_up_to_three_target_creatures():
    # Jace, Ingenious Mind-Mage's −9 (CR 601.2c, 613.1b): three optional targets, none the same
    ln = line("e6_tap_control.json", "Jace, Ingenious Mind-Mage", 3)
    assert ln.status == "modelled"
    assert ln.parse == "-9: gain control of up to 3 target creatures"
    for i in (1, 2, 3):
        assert f"gain_control(target({i}),forever)" in facts(ln)
    assert "target_distinct(" in facts(ln)


def test_exile_target_colorless_creature_and_gain_life_equal_to_its_power():
    # Infernal Reckoning (CR 105.2c, 608.2h)
    modelled("e6_tap_control.json", "Infernal Reckoning", 1,
             "exile target colorless creature; you gain life equal to its power",
             "pos(colorless)", "gain_life_power(you,target(1))")


def test_exile_all_nonland_permanents_that_arent_legendary():
    # Urza's Ruinous Blast (CR 406.2, 205.4d)
    modelled("e6_tap_control.json", "Urza's Ruinous Blast", 2, "exile all nonland permanents that aren't legendary",
             "exile_all(f(\"nonland permanents that aren't legendary\"))", "neg(supertype(legendary))", "neg(type(land))")


def test_lines_near_these_are_not_read():
    from tests.test_grammar import read_line

    # "that aren't" a card type (not a supertype) is not read
    assert read_line("Exile all permanents that aren't creatures.", "Sorcery").status == "not_modelled"
    # "its power" with no permanent targeted before it
    assert read_line("You gain life equal to its power.", "Sorcery").status == "not_modelled"


def test_exchange_control_of_two_target_creatures():
    # Switcheroo (CR 701.10b): two targets, never the same
    modelled("e6_tap_control.json", "Switcheroo", 1, "exchange control of two target creatures",
             "exchange_control(target(1),target(2))", "target_distinct(")


def test_those_creatures_dont_untap_during_that_players_next_untap_step():
    # Sleep (CR 502.3): the creatures the "tap all" before it tapped
    modelled("e6_tap_control.json", "Sleep", 1,
             "tap all creatures target player controls; those creatures don't untap during that player's next untap step",
             "tap_all(target(1),", "skip_next_untap(tapped_all)")
    from tests.test_grammar import read_line

    # "those creatures" after no "tap all" is not read
    assert read_line("Those creatures don't untap during that player's next untap step.", "Sorcery").status == "not_modelled"
    # nor when the kind differs from the kind tapped
    assert read_line("Tap all creatures target player controls. Those lands don't untap during that player's next untap "
                     "step.", "Sorcery").status == "not_modelled"


def test_untap_up_to_three_lands():
    # Unwind (CR 608.2c, 701.26b): no target, chosen as it resolves
    modelled("e6_tap_control.json", "Unwind", 1,
             "counter target noncreature spell; untap up to 3 lands (chosen as it resolves)",
             "untap_chosen(3,f(\"lands\"))")


def test_counter_target_spell_that_targets_you():
    # Cerulean Drake (CR 115.1, 701.6a): a spell one of whose targets is the ability's controller
    modelled("e6_tap_control.json", "Cerulean Drake", 3, "sacrifice Cerulean Drake: counter target spell that targets you",
             "counter(target(1))", "pos(targets_you)")
