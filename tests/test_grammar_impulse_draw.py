"""Reading tests of impulse draw (issue 28): "Exile the top card of your library. Until the end of your next turn, you
may play that card." — real cards as Forge's card scripts keep their Oracle text (tests/data/impulse_draw.json) ->
status and the vocabulary facts the rules interpret (rules/mechanics/impulse_draw.lp). The behaviour is played out in
tests/rules/card_families/impulse_draw.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("impulse_draw.json")


def test_the_top_card_until_the_end_of_your_next_turn():
    # "When this creature enters, exile the top card of your library. Until the end of your next turn, you may play
    # that card." (Alania's Pathmaker)
    ln = line("Alania's Pathmaker", 1)
    assert ln.status == "modelled", ln.text
    assert "exile_top_may_play(1,end_of_your_next_turn)" in facts(ln)


def test_the_top_card_until_end_of_turn():
    # Emberheart Challenger's valiant line: "... exile the top card of your library. Until end of turn, you may play
    # that card."
    ln = line("Emberheart Challenger", 3)
    assert ln.status == "modelled", ln.text
    assert "exile_top_may_play(1,end_of_turn)" in facts(ln)


def test_the_top_two_cards_them():
    # Season of the Bold: "{P}{P} — Exile the top two cards of your library. Until the end of your next turn, you may
    # play them."
    ln = line("Season of the Bold", 3)
    assert ln.status == "modelled", ln.text
    assert "exile_top_may_play(2,end_of_your_next_turn)" in facts(ln)


def test_the_top_two_cards_those_cards():
    # Muerra, Trash Tactician: "Whenever you expend 8, exile the top two cards of your library. Until the end of your
    # next turn, you may play those cards."
    ln = line("Muerra, Trash Tactician", 3)
    assert ln.status == "modelled", ln.text
    assert "exile_top_may_play(2,end_of_your_next_turn)" in facts(ln)


def test_the_top_x_cards_of_a_creature_entering():
    # Hugs, Grisly Guardian: "When Hugs enters, exile the top X cards of your library. Until the end of your next turn,
    # you may play those cards." — X of the spell the creature was (CR 107.3m)
    ln = line("Hugs, Grisly Guardian", 2)
    assert ln.status == "modelled", ln.text
    assert "exile_top_may_play(x,end_of_your_next_turn)" in facts(ln)


def test_you_may_exile_and_a_cast_trigger_once_each_turn():
    # Harnesser of Storms: "Whenever you cast a noncreature or Otter spell, you may exile the top card of your library.
    # Until end of turn, you may play that card. This ability triggers only once each turn."
    ln = line("Harnesser of Storms", 1)
    assert ln.status == "modelled", ln.text
    assert "may(exile_top_may_play(1,end_of_turn))" in facts(ln)
    assert "trigger_once_each_turn(" in facts(ln)      # (rules/timeline/batch_triggers.lp)


def test_choose_one_of_them():
    # Strongbox Raider (FDN): "Raid — When this creature enters, if you attacked this turn, exile the top two cards of
    # your library. Choose one of them. Until the end of your next turn, you may play that card."
    ln = line("Strongbox Raider", 1)
    assert ln.status == "modelled", ln.text
    assert "exile_top_choose_may_play(2,end_of_your_next_turn)" in facts(ln)


def test_choose_one_this_turn():
    # Chandra, Flameshaper (FDN): "+2: Add {R}{R}{R}. Exile the top three cards of your library. Choose one. You may
    # play that card this turn." ("this turn": until the turn ends)
    ln = line("Chandra, Flameshaper", 1)
    assert ln.status == "modelled", ln.text
    assert "exile_top_choose_may_play(3,end_of_turn)" in facts(ln)


def test_at_the_beginning_of_your_second_main_phase():
    # Fireglass Mentor (BLB): "At the beginning of your second main phase, if an opponent lost life this turn, exile the
    # top two cards of your library. Choose one of them. Until end of turn, you may play that card." — the second main
    # phase is the postcombat main phase (CR 505.1)
    ln = line("Fireglass Mentor", 1)
    assert ln.status == "modelled", ln.text
    assert "at(postcombat_main,none,you)" in facts(ln)
    assert "exile_top_choose_may_play(2,end_of_turn)" in facts(ln)
