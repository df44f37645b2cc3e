"""Reading tests of Foundations' shapes (h3): each real card's line (tests/data/fdn_shapes.json, its Oracle text as
Forge's card scripts keep it) -> its status, the ability written back in words (`parse`) and the vocabulary facts the
rules interpret. The behaviour of each is played out in tests/rules/card_families/fdn_shapes.yaml."""

from __future__ import annotations

import pytest

from tests.card_lines import facts, lines_of

line = lines_of("fdn_shapes.json")


# each player sacrifices N (CR 701.21a, 608.2d; rules/timeline/sacrifice_n.lp) and tokens counted as it resolves
# (CR 608.2h, 107.3c; rules/timeline/token_counts.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Liliana, Dreadhorde General", 3, "-4: each player sacrifices 2 creatures",
     'sacrifice_n_chosen(each_player,2,f("creatures"))'),
    ("Blasphemous Edict", 2, "each player sacrifices 13 creatures",
     'sacrifice_n_chosen(each_player,13,f("creatures"))'),
    ("Revenge of the Rats", 1,
     "create a tapped 1/1 black Rat creature token for each creature card in your graveyard",
     'create_token_tapped("Rat Token (1/1 black)",graveyard_count(f("creature")))'),
    ("Brass's Bounty", 1, "for each land you control, create a Treasure token",
     'create_token("Treasure Token",count(f("land you control")))'),
    ("Krenko, Mob Boss", 1,
     "{T}: create X 1/1 red Goblin creature token, where X is the number of Goblins you control",
     'create_token("Goblin Token (1/1 red)",count(f("goblins you control")))'),
    ("Ajani, Caller of the Pride", 3, "-8: create X 2/2 white Cat creature token, where X is your life total",
     'create_token("Cat Token (2/2 white)",your_life)'),
    ("Ajani, Caller of the Pride", 2,
     "-3: target creature gains flying until end of turn; it gains double strike until end of turn",
     "apply(gains(double_strike),target(1),end_of_turn)"),
])
def test_fdn_shapes(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


# draw triggers (CR 121.2, 603.2; rules/timeline/draw_triggers.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Erudite Wizard", 1,
     "whenever you draw your second card each turn, put 1 +1/+1 counter(s) on this creature", "draws_nth(you,2)"),
    ("Scrawling Crawler", 2, "whenever an opponent draws a card, that player loses 1 life", "lose_life(drawer,1)"),
])
def test_fdn_draw_triggers(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


# "During your turn, ...": read as "as long as it's your turn" (CR 611.3a; rules/core/conditions.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("Inspiring Paladin", 1, "Inspiring Paladin has first strike as long as it's your turn",
     'as_long_as(ab("Inspiring Paladin",front,1,static_1),your_turn)'),
    ("Inspiring Paladin", 2,
     "as long as it's your turn, creatures you control with +1/+1 counters on them have first strike",
     'scope(ab("Inspiring Paladin",front,2,static_2),each(f("creatures you control with a +1/+1 counter on it")))'),
    ("Quick-Draw Katana", 1, "equipped creature gets +2/+0 and has first strike as long as it's your turn",
     'as_long_as(ab("Quick-Draw Katana",front,1,static_1),your_turn)'),
])
def test_fdn_during_your_turn(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


# the words around these shapes that aren't read stay not modelled: Liliana's −9 and Blasphemous Edict's alternative
# cost (Mischievous Mystic's "1/1 blue Faerie token", where Forge's text leaves out "creature", is read as a creature
# token since every subtype it names is a creature type: tests/test_grammar_batch_triggers.py)
@pytest.mark.parametrize("card, n", [("Liliana, Dreadhorde General", 4), ("Blasphemous Edict", 1)])
def test_fdn_shapes_not_read(card, n):
    assert line(card, n).status == "not_modelled"
