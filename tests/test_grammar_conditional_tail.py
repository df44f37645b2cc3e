"""Reading tests of a known effect plus a condition (issue 28, cs): real cards of Bloomburrow
(tests/data/conditional_tail.json) -> status and the vocabulary facts the rules interpret. The behaviour is played out
in tests/rules/card_families/conditional_tail.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("conditional_tail.json")


def test_it_also_gets_if_you_control_a_mouse():
    # "Target creature gains trample until end of turn. It also gets +1/+0 until end of turn if you control a Mouse."
    # (CR 608.2c: "it" the target; the condition checked as the spell resolves)
    ln = line("Might of the Meek", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(gains(trample),target(1),end_of_turn)" in facts(ln)
    assert 'if_controls(f("mouse you control"),1,apply(pump(1,0),target(1),end_of_turn))' in facts(ln)


def test_if_that_creature_is_a_token_it_also_gains():
    # "Whenever you attack, target creature you control gets +1/+0 until end of turn. If that creature is a token, it
    # also gains deathtouch until end of turn." (CR 508.3a, 608.2c, 111.1)
    ln = line("Hazardroot Herbalist", 1)
    assert ln.status == "modelled", ln.text
    assert "apply(pump(1,0),target(1),end_of_turn)" in facts(ln)
    assert 'if_is(target(1),f("token"),apply(gains(deathtouch),target(1),end_of_turn))' in facts(ln)


def test_if_you_control_that_creature_draw():
    # "When this creature enters, tap up to one target creature and put three stun counters on it. If you control that
    # creature, draw two cards." (CR 608.2c: the target's controller as the ability resolves)
    ln = line("Dreamdew Entrancer", 2)
    assert ln.status == "modelled", ln.text
    assert "target_optional(" in facts(ln) and 'counters(target(1),"stun",3)' in facts(ln)
    assert 'if_is(target(1),f("creature you control"),draw(you,2))' in facts(ln)


def test_if_you_control_a_raccoon_you_may_discard_if_you_do_draw():
    # "... If you control a Raccoon, you may discard a card. If you do, draw a card." (CR 608.2c, 608.2d)
    ln = line("Take Out the Trash", 1)
    assert ln.status == "modelled", ln.text
    assert "damage(target(1),3)" in facts(ln)
    assert 'if_controls(f("raccoon you control"),1,may_then(discard(you,1),draw(you,1)))' in facts(ln)


def test_if_you_control_a_bird_counter_unless_pays_more_instead():
    # "Counter target spell unless its controller pays {2}. If you control a Bird, counter that spell unless its
    # controller pays {4} instead." (CR 608.2c, 608.2h: the same target spell, another amount)
    ln = line("Dazzling Denial", 1)
    assert ln.status == "modelled", ln.text
    assert "counter_unless_pays(target(1),2)" in facts(ln)
    assert 'effect_instead(' in facts(ln) and ',1,counter_unless_pays(target(1),4),controls(f("bird you control"),1))' in facts(ln)


def test_whenever_you_attack_with_one_or_more_lizards():
    # "Whenever you attack with one or more Lizards, Hired Claw deals 1 damage to target opponent." (CR 508.3a, 603.2)
    ln = line("Hired Claw", 1)
    assert ln.status == "modelled", ln.text
    assert 'attack_one_or_more(f("lizards you control"))' in facts(ln)
    assert "damage(target(1),1)" in facts(ln)


def test_where_x_is_the_number_of_a_list_of_kinds():
    # "Whenever Valley Rotcaller attacks, each opponent loses X life and you gain X life, where X is the number of other
    # Squirrels, Bats, Lizards, and Rats you control." (CR 107.3c, 608.2h: each kind, counted as it resolves)
    ln = line("Valley Rotcaller", 2)
    assert ln.status == "modelled", ln.text
    f = 'count(f("other squirrels, bats, lizards, and rats you control"))'
    assert f"lose_life(each_opponent,{f})" in facts(ln) and f"gain_life(you,{f})" in facts(ln)
    for kind in ("squirrel", "bat", "lizard", "rat"):
        assert f'pos(subtype("{kind}"))' in facts(ln)


def test_bandits_talent_level_2_if_that_player_has_one_or_fewer_cards():
    # level 2: "At the beginning of each opponent's upkeep, if that player has one or fewer cards in hand, they lose 2
    # life." (CR 716.2a: a Class ability of level 2; CR 603.4: the intervening "if")
    ln = line("Bandit's Talent", 4)
    assert ln.status == "modelled", ln.text
    assert "at(beginning,upkeep,opponent)" in facts(ln)
    assert "data_player_hand_le(1)" in facts(ln) and "lose_life(data_player,2)" in facts(ln)
    assert "class_ability_level(" in facts(ln) and ",2)" in facts(ln)


def test_beza_if_an_opponent_has_more():
    # "When Beza, the Bounding Spring enters, create a Treasure token if an opponent controls more lands than you. You
    # gain 4 life if an opponent has more life than you. Create two 1/1 blue Fish creature tokens if an opponent
    # controls more creatures than you. Draw a card if an opponent has more cards in hand than you." (CR 608.2c)
    ln = line("Beza, the Bounding Spring", 1)
    assert ln.status == "modelled", ln.text
    assert 'if_opponent_more(lands,create_token("Treasure Token",1))' in facts(ln)
    assert "if_opponent_more(life,gain_life(you,4))" in facts(ln)
    assert "if_opponent_more(creatures,create_token(" in facts(ln) and ",2))" in facts(ln)
    assert "if_opponent_more(hand,draw(you,1))" in facts(ln)
