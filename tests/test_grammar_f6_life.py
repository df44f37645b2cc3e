"""Reading tests of issue 28's life-change triggers that remember their event (helper f6): each real card's line
(tests/data/f6_life_triggers.json, as Scryfall's files of its set print it) -> its status, the ability written back in
words (`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f6_life_triggers.yaml."""

from __future__ import annotations

from pathlib import Path

from tests.card_lines import facts, lines_of

DATA = Path(__file__).parent / "data"
FILE = "f6_life_triggers.json"


line = lines_of(DATA / FILE)


def modelled(card: str, n: int, parse: str, *fact: str):
    ln = line(card, n)
    assert ln.status == "modelled", (ln.text, ln.reason)
    assert ln.parse == parse
    for f in fact:
        assert f in facts(ln), f


def test_whenever_you_gain_life_target_opponent_loses_that_much_life():
    # Sanguine Bond (CR 119.9, 608.2h): the life gained in the event
    modelled("Sanguine Bond", 1, "whenever you gain life, target opponent loses that much life",
             "gains_life(you)", "target(ab(\"Sanguine Bond\",front,1,trigger_1),1,opponent)",
             "lose_life(target(1),that_much)")


def test_whenever_you_gain_life_draw_that_many_cards():
    # Lich's Mastery's third line (CR 119.9, 121.1)
    modelled("Lich's Mastery", 3, "whenever you gain life, draw that many cards", "gains_life(you)",
             "draw(you,that_much)")


def test_whenever_you_lose_life_draw_that_many_cards():
    # Vilis, Broker of Blood (CR 119.3; the reminder text is not read)
    modelled("Vilis, Broker of Blood", 3, "whenever you lose life, draw that many cards", "loses_life(you)",
             "draw(you,that_much)")


def test_whenever_an_opponent_loses_life_that_player_mills_that_many():
    # Mindcrank (CR 119.3, 701.17a): "that player" is the opponent who lost the life
    modelled("Mindcrank", 1, "whenever an opponent loses life, that player puts that many cards from the top of their "
             "library into their graveyard", "loses_life(opponent)", "mill(life_loser,that_much)")


def test_whenever_you_lose_life_for_the_first_time_each_turn():
    # Vengeful Warchief (CR 119.3, 500.1)
    modelled("Vengeful Warchief", 1, "whenever you lose life for the first time each turn, put 1 +1/+1 counter(s) on "
             "Vengeful Warchief", "loses_life_first(you)", "counters(self,\"+1/+1\",1)")


def test_lines_near_these_are_not_read():
    from tests.test_grammar import read_line

    # "that much" / "that many" need an event with an amount: not after a first-time trigger, not on a spell
    assert read_line("Whenever you lose life for the first time each turn, draw that many cards.",
                     "Enchantment").status == "not_modelled"
    assert read_line("Target opponent loses that much life.", "Sorcery").status == "not_modelled"
    # "that player" after "Whenever you gain life" names no player
    assert read_line("Whenever you gain life, that player puts that many cards from the top of their library into "
                     "their graveyard.", "Enchantment").status == "not_modelled"


def test_its_controller_gains_life_equal_to_its_power():
    # Swords to Plowshares (CR 608.2h): the creature targeted just before, its controller
    modelled("Swords to Plowshares", 1, "exile target creature; its controller gains life equal to its power",
             "gain_life_power(controller_of(target(1)),target(1))")


def test_gets_plus_x_where_x_is_your_life_total():
    # Loxodon Lifechanter's activated ability (CR 107.3c, 608.2h)
    modelled("Loxodon Lifechanter", 2, "{5}{W}: Loxodon Lifechanter gets +X/+X until end of turn, where X is your life "
             "total", "apply(pump_for_each(1,1,your_life),self,end_of_turn)")
