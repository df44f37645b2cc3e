"""Reading tests of Bloomburrow's Seasons (issue 28): modal spells with pawprint modes, "Choose up to five {P} worth of
modes. You may choose the same mode more than once." and "{P} — ...", "{P}{P} — ...", "{P}{P}{P} — ..." (CR 700.2i,
700.2d), real cards as Forge's card scripts keep their Oracle text (tests/data/seasons.json) -> status and the
vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/pawprint_modes.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("seasons.json")


@pytest.mark.parametrize("card, n, fact", [
    # each mode: a spell ability with its number and its pawprints, and what it does
    ("Season of Weaving", 2, "effect(ab(\"Season of Weaving\",front,2,mode_1),1,draw(you,1))"),
    ("Season of Loss", 2, "sacrifice_n_chosen(each_player,1,f(\"creature\"))"),
    ("Season of the Burrow", 2, "create_token(\"Rabbit Token (1/1 white)\",1)"),
    ("Season of the Bold", 2, "create_token_tapped(\"Treasure Token\",1)"),
    # "Exile the top two cards of your library. Until the end of your next turn, you may play them." (impulse draw:
    # rules/mechanics/impulse_draw.lp)
    ("Season of the Bold", 3, "exile_top_may_play(2,end_of_your_next_turn)"),
    # "Exile target nonland permanent. Its controller draws a card." (CR 608.2h)
    ("Season of the Burrow", 3, "draw(controller_of(target(1)),1)"),
    # "... to the battlefield with an indestructible counter on it" (CR 122.6, 122.1b)
    ("Season of the Burrow", 4, "reanimate_with_counter(target(1),\"indestructible\")"),
    # "Draw a card for each creature you controlled that died this turn." (CR 700.4, 608.2h: rules/timeline/died_this_turn.lp)
    # "Return each nonland, nontoken permanent to its owner's hand." (CR 608.2c: rules/timeline/bounce_shapes.lp)
    ("Season of Weaving", 4, "bounce_all(f(\"nonland, nontoken permanent\"))"),
    # "Draw cards equal to the greatest power among creatures you control." (CR 608.2h: rules/timeline/greatest_power_draw.lp)
    ("Season of Gathering", 4, "draw(you,greatest_power_controlled)"),
    # "Put a +1/+1 counter on a creature you control. It gains vigilance and trample until end of turn." (CR 608.2c: no
    # target, the creature chosen as it resolves; "it" is that creature, rules/timeline/loyalty_effects.lp)
    ("Season of Gathering", 2, "counters_chosen(f(\"creature you control\"),\"+1/+1\",1)"),
    ("Season of Gathering", 2, "apply(gains(vigilance),counters_chosen_object,end_of_turn)"),
    ("Season of Gathering", 2, "apply(gains(trample),counters_chosen_object,end_of_turn)"),
    # "Choose artifact or enchantment. Destroy all permanents of the chosen type." (CR 608.2c, 701.8a:
    # rules/timeline/chosen_type_destroy.lp)
    ("Season of Gathering", 3, "destroy_all_chosen_type(artifact,enchantment)"),
    ("Season of Loss", 3, "draw(you,creatures_died_controlled)"),
    # "Each opponent loses X life, where X is the number of creature cards in your graveyard." (CR 107.3c, 404.1:
    # rules/timeline/graveyard_counts.lp), the cards its controller owns
    ("Season of Loss", 4, "lose_life(each_opponent,graveyard_count(f(\"creature cards\")))"),
])
def test_pawprint_modes_modelled(card, n, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)
    assert f"mode(ab(\"{card}\",front,{n},mode_{n - 1}),{n - 1})" in facts(ln)
    assert "spell_ability(" in facts(ln)


@pytest.mark.parametrize("card, n, pawprints", [
    ("Season of Weaving", 2, 1), ("Season of the Burrow", 3, 2), ("Season of the Burrow", 4, 3),
])
def test_a_mode_has_its_pawprints(card, n, pawprints):
    assert f"mode_pawprints(ab(\"{card}\",front,{n},mode_{n - 1}),{pawprints})" in facts(line(card, n))


@pytest.mark.parametrize("card", ["Season of Weaving", "Season of the Burrow", "Season of the Bold"])
def test_the_header_is_read_not_modelled(card):
    # these Seasons have a mode pyrules doesn't model, or one it can't do more than once that may be chosen twice: the
    # header says to choose up to five pawprints' worth, and is read, not modelled, naming those modes
    ln = line(card, 1)
    assert ln.status == "read", ln.text
    assert f"modal_pawprints(ab(\"{card}\",front,1,modal_1),5)" in facts(ln)
    assert ln.missing and "lines" in ln.missing[0]


def test_the_burrow_header_names_its_modes_with_targets():
    # all its modes are modelled, but the second and third have targets: not done more than once (CR 700.2d)
    ln = line("Season of the Burrow", 1)
    assert len(ln.missing) == 1 and "lines 3, 4 more than once" in ln.missing[0]


@pytest.mark.parametrize("card, n", [
    ("Season of Weaving", 3),
    ("Season of the Bold", 4),
])
def test_modes_not_read_stay_not_modelled(card, n):
    ln = line(card, n)
    assert ln.status == "not_modelled", ln.text
    assert not ln.facts
    # and the header names them
    assert str(n) in line(card, 1).missing[0]


def test_the_loss_header_is_modelled():
    # its three modes are modelled; the first two are done more than once; the third ("{P}{P}{P} — Each opponent loses
    # X life, ...") can't be chosen twice, six pawprints of five (CR 700.2i): the whole card is modelled
    ln = line("Season of Loss", 1)
    assert ln.status == "modelled", ln.missing
    assert not ln.missing
    assert "modal_pawprints(ab(\"Season of Loss\",front,1,modal_1),5)" in facts(ln)
    assert all(line("Season of Loss", n).status == "modelled" for n in (2, 3, 4))


def test_the_gathering_header_is_modelled():
    # its {P} mode ("Put a +1/+1 counter on a creature you control. It gains vigilance and trample until end of turn.")
    # and {P}{P} mode ("Choose artifact or enchantment. Destroy all permanents of the chosen type.") are done more
    # than once (CR 700.2d); its {P}{P}{P} mode can't be chosen twice (CR 700.2i): the whole card is modelled
    ln = line("Season of Gathering", 1)
    assert ln.status == "modelled", ln.missing
    assert all(line("Season of Gathering", n).status == "modelled" for n in (2, 3, 4))


def _near_season(tmp_path, header: str, modes: str):
    import json

    from pyrules.cards.db import with_files
    path = tmp_path / "near.json"
    path.write_text(json.dumps([{"name": "Near Season", "layout": "normal", "mana_cost": "{B}", "type_line": "Sorcery",
                                 "oracle_text": header + "\n" + modes}]))
    return with_files((str(path),)).lookup("Near Season").reading()


_SAME = "You may choose the same mode more than once."
_LOSE = "— Each opponent loses X life, where X is the number of creature cards in your graveyard."


@pytest.mark.parametrize("header, mode, status", [
    # three pawprints of five: chosen once at most, the header is modelled
    ("Choose up to five {P} worth of modes.", "{P}{P}{P} " + _LOSE, "modelled"),
    # two pawprints of five: it may be chosen twice (CR 700.2d), which pyrules doesn't do for losing X life
    ("Choose up to five {P} worth of modes.", "{P}{P} " + _LOSE, "read"),
    # three pawprints of six: likewise
    ("Choose up to six {P} worth of modes.", "{P}{P}{P} " + _LOSE, "read"),
])
def test_a_mode_that_cant_be_chosen_twice_needs_no_repeat(tmp_path, header, mode, status):
    # (CR 700.2i, 700.2d)
    lines = _near_season(tmp_path, f"{header} {_SAME}", "{P} — Draw a card.\n" + mode)
    assert lines[2].status == "modelled", lines[2].text
    assert lines[0].status == status, (lines[0].text, lines[0].missing)


@pytest.mark.parametrize("text", [
    # only losing life counts the cards in a graveyard
    "{P}{P}{P} — You gain X life, where X is the number of creature cards in your graveyard.",
    # a word the reader doesn't know
    "{P}{P} — Draw a card for each creature you controlled that died this turn and last turn.",
])
def test_near_misses_are_not_modelled(tmp_path, text):
    import json

    from pyrules.cards.db import with_files
    path = tmp_path / "near.json"
    path.write_text(json.dumps([{"name": "Near Season", "layout": "normal", "mana_cost": "{B}", "type_line": "Sorcery",
                                 "oracle_text": "Choose up to five {P} worth of modes. You may choose the same mode "
                                                "more than once.\n{P} — Draw a card.\n" + text}]))
    ln = with_files((str(path),)).lookup("Near Season").reading()[2]
    assert ln.status != "modelled", ln.text


@pytest.mark.parametrize("mode, status", [
    # the creature chosen for the counter gains a keyword: done more than once (rules/casting/pawprint_modes.lp)
    ("{P} — Put a +1/+1 counter on a creature you control. It gains vigilance until end of turn.", "modelled"),
    # creatures getting +1/+1: pyrules doesn't do it more than once, and the mode may be chosen twice
    ("{P} — Creatures you control get +1/+1 until end of turn.", "read"),
])
def test_a_mode_done_more_than_once_only_with_rules_for_it(tmp_path, mode, status):
    lines = _near_season(tmp_path, f"Choose up to five {{P}} worth of modes. {_SAME}", mode)
    assert lines[1].status == "modelled", lines[1].text
    assert lines[0].status == status, (lines[0].text, lines[0].missing)
