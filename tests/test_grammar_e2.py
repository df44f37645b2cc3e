"""Reading tests of issue 28's optional payments "If you do" (branch e2): each real card's line
(tests/data/e2_if_you_do.json, as Scryfall's files of Core Set 2019 and Ixalan print it) -> its status, the ability
written back in words (`parse`) and the vocabulary facts the rules interpret (rules/timeline/if_you_do.lp). The
behaviour of each is played out in tests/rules/card_families/if_you_do.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

CARDS = Path(__file__).parent / "data" / "e2_if_you_do.json"


line = lines_of(CARDS)


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Rupture Spire", 2, "when Rupture Spire enters, sacrifice it unless you pay {1}",
     "sacrifice_unless_pay(mana(1,0,0,0,0,0))"),
    ("Spit Flame", 2, "whenever Dragon you control enters, you may pay {R}; if you do, return Spit Flame from your "
     "graveyard to your hand", "pay_then(mana(0,0,0,0,1,0),return_self(hand))"),
    ("Fathom Fleet Captain", 2, "whenever Fathom Fleet Captain attacks, if you control another nontoken Pirate, you may "
     "pay {2}; if you do, create 1 2/2 black Pirate creature token with menace", 'pay_then(mana(2,0,0,0,0,0),create_token("Pirate Token (2/2 black, menace)",1))'),
    ("Brawl-Bash Ogre", 2, "whenever Brawl-Bash Ogre attacks, you may sacrifice another creature; if you do, "
     "Brawl-Bash Ogre gets +2/+2 until end of turn", 'sacrifice_then(f("another creature"),apply(pump(2,2),self,end_of_turn))'),
    ("Priest of the Wakening Sun", 1, "at the beginning of your upkeep, you may reveal a Dinosaur card from your hand; "
     "if you do, you gain 2 life", 'reveal_then(f("dinosaur"),gain_life(you,2))'),
    ("Elaborate Firecannon", 3, "at the beginning of your upkeep, you may discard a card; if you do, untap Elaborate "
     "Firecannon", "may_then(discard(you,1),untap(self))"),
])
def test_optional_payments_if_you_do(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln), facts(ln)


@pytest.mark.parametrize("card, n, parse, facts_in", [
    ("Sparktongue Dragon", 2, "when Sparktongue Dragon enters, you may pay {2}{R}; when you do, it deals 3 damage to any target",
     ['pay_when(mana(2,0,0,0,1,0),ab("Sparktongue Dragon",front,2,reflexive_2))',
      'trigger(ab("Sparktongue Dragon",front,2,reflexive_2),reflexive)']),
    ("Skyrider Patrol", 2, "at the beginning of combat on your turn, you may pay {G}{U}; when you do, put 1 +1/+1 counter(s) "
     "on another target creature you control and that creature gains flying until end of turn",
     ['pay_when(mana(0,0,1,0,0,1),ab("Skyrider Patrol",front,2,reflexive_2))']),
    ("Cavalier of Night", 2, "when Cavalier of Night enters, you may sacrifice another creature; when you do, destroy target "
     "creature an opponent controls",
     ['sacrifice_when(f("another creature"),ab("Cavalier of Night",front,2,reflexive_2))',
      'effect(ab("Cavalier of Night",front,2,reflexive_2),1,destroy(target(1)))']),
    ("Sorin, Imperious Bloodlord", 2, "+1: you may sacrifice a Vampire; when you do, Sorin deals 3 damage to any target and "
     "you gain 3 life", ['sacrifice_when(f("vampire"),ab("Sorin, Imperious Bloodlord",front,2,reflexive_2))',
                         'effect(ab("Sorin, Imperious Bloodlord",front,2,reflexive_2),2,gain_life(you,3))']),
])
def test_reflexive_triggers_when_you_do(card, n, parse, facts_in):
    # CR 603.12: the effects after "When you do," are a reflexive triggered ability of their own
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for fact in facts_in:
        assert fact in facts(ln), facts(ln)


def test_payments_not_read():
    # hybrid and {X} payments are not read (Isareth the Awakener's "you may pay {X}. When you do, ...")
    from tests.test_grammar import read_line

    assert read_line("When this creature enters, you may pay {X}. If you do, draw a card.", "Creature — Bear").status == "not_modelled"
    assert read_line("When this creature enters, you may pay {R/G}. If you do, draw a card.", "Creature — Bear").status == "not_modelled"
    assert read_line("Whenever this creature attacks, you may pay {X}. When you do, draw a card.",
                     "Creature — Human").status == "not_modelled"
