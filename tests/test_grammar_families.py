"""Reading tests of the card-text families of issue 27 added after the grammar's first half: each real card's
line (tests/data/real_sets_sample.json, as Scryfall's files of its set print it) -> its status, the ability
written back in words (`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out
in tests/rules/card_families/ (a rule case per card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules.cards.db import with_files
from tests.card_lines import facts, line_of, lines_of

SAMPLE = Path(__file__).parent / "data" / "real_sets_sample.json"


line = lines_of(SAMPLE)


def assert_modelled(card: str, n: int, parse: str, fact: str):
    """Line n of the card is modelled, written back as `parse`, with the fact among its facts."""
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)
    return ln


# ------------------------------------------------------------------------------------------------ evasion

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Vine Mare", 2, "Vine Mare can't be blocked by black creatures",
     'restriction(ab("Vine Mare",front,2,static_2),cant_be_blocked_by(self,f("black creatures")))'),
    ("Juggernaut", 1, "Juggernaut attacks each combat if able", "attacks_each_combat(self)"),
    ("Juggernaut", 2, "Juggernaut can't be blocked by Walls", 'cant_be_blocked_by(self,f("walls"))'),
    ("Bristling Boar", 1, "Bristling Boar can't be blocked by more than one creature",
     "cant_be_blocked_by_more_than_one(self)"),
    ("Departed Deckhand", 2, "Departed Deckhand can't be blocked except by Spirits",
     'cant_be_blocked_except_by(self,f("spirits"))'),
    ("Dreamcaller Siren", 3, "Dreamcaller Siren can block only creatures with flying", "can_block_only_with(self,flying)"),
    ("Sheoldred, Whispering One", 1, "swampwalk", "keyword(ab(\"Sheoldred, Whispering One\",front,1,swampwalk),swampwalk)"),
    ("Daring Saboteur", 1, "{2}{U}: Daring Saboteur can't be blocked this turn", "apply(cant_be_blocked,self,end_of_turn)"),
    ("Distortion Strike", 1, "target creature gets +1/+0 until end of turn; it can't be blocked this turn",
     "apply(cant_be_blocked,target(1),end_of_turn)"),
    ("Siegebreaker Giant", 2, "{3}{R}: target creature can't block this turn", "apply(cant_block,target(1),end_of_turn)"),
])
def test_evasion_and_restrictions_are_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


def test_a_blocking_restriction_by_a_word_outside_the_lists_is_not_read():
    # "can't be blocked by creatures with zzz" — a word no list has: the line is not modelled, not guessed at
    from tests.test_grammar import read_line

    assert read_line("Test Card can't be blocked by creatures with zzz.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ dies and block triggers

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Poison-Tip Archer", 3, "whenever another creature dies, each opponent loses 1 life",
     'trigger(ab("Poison-Tip Archer",front,3,trigger_3),dies(f("another creature")))'),
    ("Open the Graves", 1, "whenever a nontoken creature you control dies, create 1 2/2 black Zombie creature token",
     'dies(f("nontoken creature you control"))'),
    ("Moldervine Reclamation", 1, "whenever a creature you control dies, you gain 1 life; you draw a card",
     'dies(f("creature you control"))'),
    ("Deeproot Warrior", 1, "whenever Deeproot Warrior becomes blocked, it gets +1/+1 until end of turn",
     "becomes_blocked(self)"),
    ("Sustainer of the Realm", 2, "whenever Sustainer of the Realm blocks, it gets +0/+2 until end of turn", "blocks(self)"),
])
def test_dies_and_block_triggers_are_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


def test_a_dies_trigger_on_a_noncreature_kind_is_not_read():
    # only creatures die (CR 700.4): "Whenever a creature or planeswalker you control dies" (Ajani's Last Stand)
    # isn't read as a dies trigger
    from tests.test_grammar import read_line

    assert read_line("Whenever a creature or planeswalker you control dies, you gain 1 life.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ keyword filters

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Plummet", 1, "destroy target creature with flying",
     'filter_lit(f("creature with flying"),1,pos(keyword(flying)))'),
    ("Tectonic Rift", 1, "destroy target land; Creatures without flying can't block this turn",
     'filter_lit(f("creatures without flying"),1,neg(keyword(flying)))'),
    ("Netcaster Spider", 2, "whenever Netcaster Spider blocks a creature with flying, Netcaster Spider gets +2/+0 until end "
     "of turn", 'trigger(ab("Netcaster Spider",front,2,trigger_2),blocks(self,f("creature with flying")))'),
    ("Vanquish the Weak", 1, "destroy target creature with power 3 or less",
     'filter_lit(f("creature with power 3 or less"),1,pos(power_le(3)))'),
    ("Steel Leaf Champion", 1, "Steel Leaf Champion can't be blocked by creatures with power 2 or less",
     'filter_lit(f("creatures with power 2 or less"),1,pos(power_le(2)))'),
])
def test_a_keyword_in_a_filter_is_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


def test_a_list_filter_gives_the_keyword_to_its_last_kind():
    # Vivien Reid's "−3: Destroy target artifact, enchantment, or creature with flying.": an artifact or an
    # enchantment of any kind, or a creature with flying
    from tests.test_grammar import read_line

    ln = read_line("−3: Destroy target artifact, enchantment, or creature with flying.", "Legendary Planeswalker — Vivien")
    lits = {str(f) for f in ln.facts if f.name == "filter_lit"}
    assert ln.status == "modelled"
    assert 'filter_lit(f("artifact, enchantment, or creature with flying"),3,pos(keyword(flying)))' in lits
    assert not any("keyword" in x for x in lits if ",1," in x or ",2," in x)


def test_a_static_scope_by_keyword_is_asked_after_layer_6():
    # Favorable Winds: "Creatures you control with flying get +1/+1." — an effect of layer 7c, whose scope is asked once
    # layer 6 has given the keywords (CR 613.1f, 613.4c; rules/core/layers.lp: scope_keyword, issue 28, e3)
    ln = line("Favorable Winds", 1)
    assert ln.status == "modelled"
    assert 'scope_keyword(ab("Favorable Winds",front,1,static_1),flying)' in facts(ln)
    assert 'scope(ab("Favorable Winds",front,1,static_1),each(f("creatures you control")))' in facts(ln)


def test_a_static_scope_by_power_or_a_keyword_granting_keywords_is_read_with_what_is_missing():
    # which creatures have a power, or a keyword that the effect's own layer gives, is known only after the layer it
    # applies in (CR 613.8): `read`, never a silently wrong answer
    from tests.test_grammar import read_line

    for text in ("Creatures you control with power 4 or greater get +1/+1.", "Creatures you control with flying have vigilance."):
        ln = read_line(text, "Enchantment")
        assert ln.status == "read" and "613.8" in ln.missing[0]


def test_a_keyword_with_no_rules_in_a_filter_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Destroy target creature with exalted.", "Instant").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ mana shapes

def test_a_painland_is_a_mana_ability_with_damage_to_its_controller():
    # Battlefield Forge: "{T}: Add {R} or {W}. Battlefield Forge deals 1 damage to you." — one mana ability (CR
    # 605.1a) whose effect also deals the damage; `read`: the automatic payment doesn't activate it
    ln = line("Battlefield Forge", 2)
    assert ln.status == "read" and "605.3a" in ln.missing[0]
    assert ln.parse == "{T}: add {R} or {W}; Battlefield Forge deals 1 damage to you"
    f = facts(ln)
    assert "mana_ability(" in f and "produces(" in f and "damage(self_controller,1)" in f
    assert line("Battlefield Forge", 1).status == "modelled"


def test_damage_to_you_is_an_effect_of_any_ability():
    # Sleeper Agent's "At the beginning of your upkeep, Sleeper Agent deals 2 damage to you." in made-up form
    from tests.test_grammar import read_line

    ln = read_line("At the beginning of your upkeep, Test Card deals 2 damage to you.")
    assert ln.status == "modelled" and "damage(self_controller,2)" in facts(ln)


# ------------------------------------------------------------------------------------------------ more shapes

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Steel Overseer", 1, "{T}: put 1 +1/+1 counter(s) on each artifact creature you control",
     'counters(each(f("artifact creature you control")),"+1/+1",1)'),
    ("Fiery Cannonade", 1, "Fiery Cannonade deals 2 damage to each non-Pirate creature",
     'damage(each(f("non-pirate creature")),2)'),
    ("Ravenous Daggertooth", 1, "whenever Ravenous Daggertooth is dealt damage, you gain 2 life", "dealt_damage(self)"),
    ("Jaddi Offshoot", 2, "whenever land you control enters, you gain 1 life", 'enters(f("land you control"))'),
    ("Storm Fleet Spy", 1, "when Storm Fleet Spy enters, if you attacked with a creature this turn, you draw a card",
     "intervening_if(ab(\"Storm Fleet Spy\",front,1,trigger_1),attacked_this_turn(you))"),
    ("Blessed Light", 1, "exile target creature or enchantment", "exile_linked(target(1))"),
    ("Lightning-Rig Crew", 2, "whenever you cast a Pirate spell, untap Lightning-Rig Crew", "untap(self)"),
    ("Voltaic Servant", 1, "at the beginning of your end step, untap target artifact", "untap(target(1))"),
    ("Millstone", 1, "{2}, {T}: target player puts the top 2 card(s) of their library into their graveyard",
     "mill(target(1),2)"),
    ("Phyrexian Rager", 1, "when Phyrexian Rager enters, you draw a card; you lose 1 life", "lose_life(you,1)"),
])
def test_more_shapes_are_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


def test_an_ability_word_outside_the_crs_list_is_not_read():
    # ability words come from the CR's list (207.2c): a made-up one isn't skipped
    from tests.test_grammar import read_line

    assert read_line("Zzzfall — Whenever a land enters the battlefield under your control, you gain 1 life.").status \
        == "not_modelled"


def test_an_opening_hand_ability_is_read_and_does_nothing_in_a_game_begun():
    # Leyline of Sanctity's line 1 (CR 103.6a): modelled, no fact (a scenario is a game already begun)
    ln = line("Leyline of Sanctity", 1)
    assert ln.status == "modelled" and "103.6a" in ln.parse
    assert not [f for f in ln.facts if f.name not in ("face_ability",)]


# ------------------------------------------------------------------------------------------------ modal spells

def test_a_modal_spell_reads_its_header_and_each_mode():
    # Crushing Canopy: "Choose one —" / "• Destroy target creature with flying." / "• Destroy target enchantment."
    head, one, two = (line("Crushing Canopy", n) for n in (1, 2, 3))
    assert [x.status for x in (head, one, two)] == ["modelled"] * 3
    assert head.parse == "choose one (the mode is chosen as the spell is cast)"
    assert 'modal(ab("Crushing Canopy",front,1,modal_1),1)' in facts(head)
    assert 'mode(ab("Crushing Canopy",front,2,mode_1),1)' in facts(one)
    assert 'mode(ab("Crushing Canopy",front,3,mode_2),2)' in facts(two)
    assert two.parse == "• destroy target enchantment"


def test_choose_two_reads_its_header_and_each_mode():
    # Austere Command (Iconic Masters, tests/data/choose_two.json): "Choose two —" and four bullet lines (CR 700.2)
    db = with_files((str(Path(__file__).parent / "data" / "choose_two.json"),))
    head, *modes = db.lookup("Austere Command").reading()
    assert head.status == "modelled" and head.parse == "choose two (the modes are chosen as the spell is cast)"
    assert 'modal(ab("Austere Command",front,1,modal_1),2)' in facts(head)
    assert [m.status for m in modes] == ["modelled"] * 4
    assert [m.parse for m in modes] == ["• destroy all artifacts", "• destroy all enchantments",
                                        "• destroy all creatures with converted mana cost 3 or less",
                                        "• destroy all creatures with converted mana cost 4 or greater"]


def test_protection_from_colors_is_one_keyword_for_each_color():
    # CR 702.16a, 702.16g: "Protection from black and from red" (Auriok Champion) is two protection abilities;
    # "Lifelink, protection from white and from black" (Blood Baron of Vizkopa, tests/data/protection.json: only the
    # Champion) lists a keyword before it
    db = with_files((str(Path(__file__).parent / "data" / "protection.json"),))
    ln = db.lookup("Auriok Champion").reading()[0]
    assert ln.status == "modelled" and ln.parse == "protection from black and from red"
    assert "keyword(ab(\"Auriok Champion\",front,1,protection_from_black),protection_from_black)" in facts(ln)
    assert "keyword(ab(\"Auriok Champion\",front,1,protection_from_red),protection_from_red)" in facts(ln)
    from tests.test_grammar import read_line

    baron = read_line("Lifelink, protection from white and from black", "Creature — Vampire Warrior")
    assert baron.status == "modelled" and baron.names == ["lifelink", "protection_from_white", "protection_from_black"]
    # a quality other than a color or everything (702.16j: tests/test_grammar_single_shapes.py) isn't read
    assert read_line("Protection from creatures", "Creature — Spirit").status == "not_modelled"


def test_prevention_lines_are_read():
    # CR 615.1a: Root Snare's effect until the turn ends, Seraph of the Sword's and Heart of Light's static abilities
    db = with_files((str(Path(__file__).parent / "data" / "prevention.json"),))
    snare = db.lookup("Root Snare").reading()[0]
    assert snare.status == "modelled"
    assert "apply(prevent_combat_damage,none,end_of_turn)" in facts(snare)
    seraph = db.lookup("Seraph of the Sword").reading()[1]
    assert seraph.status == "modelled" and "restriction(" in facts(seraph) and "prevents(combat,self,to)" in facts(seraph)
    heart = db.lookup("Heart of Light").reading()[1]
    assert heart.status == "modelled" and "prevents(all,enchanted,to_and_by)" in facts(heart)
    # a prevention with a shield ("the next 3 damage", a source of your choice) isn't read
    from tests.test_grammar import read_line

    assert read_line("Prevent the next 3 damage that would be dealt to any target this turn.", "Instant").status == "not_modelled"


def test_regrowth_of_any_card_and_of_a_permanent_card():
    db = with_files((str(Path(__file__).parent / "data" / "regrowth.json"),))
    recollect = db.lookup("Recollect").reading()[0]
    assert recollect.status == "modelled" and recollect.parse == "return target card from your graveyard to your hand"
    spiral = db.lookup("Nature's Spiral").reading()[0]
    assert spiral.status == "modelled" and "pos(permanent_card)" in facts(spiral)


def test_its_controller_gains_life_names_the_target_before_it():
    # Nature's Claim: "Destroy target artifact or enchantment. Its controller gains 4 life." (CR 608.2h)
    db = with_files((str(Path(__file__).parent / "data" / "its_controller.json"),))
    claim = db.lookup("Nature's Claim").reading()[0]
    assert claim.status == "modelled" and "gain_life(controller_of(target(1)),4)" in facts(claim)
    # with no permanent targeted before it, "its controller" names nothing pyrules reads
    from tests.test_grammar import read_line

    assert read_line("Its controller gains 4 life.", "Instant").status == "not_modelled"


def test_a_bullet_without_its_choose_line_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("• Destroy target enchantment.", "Instant").status == "not_modelled"


def test_modes_must_be_a_list_of_mode_numbers():
    import pyrules
    from pyrules.errors import ScenarioError

    sc = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
          "objects": [{"id": "light", "card": "Grizzly Bears", "zone": "hand", "owner": "alice"}],
          "actions": [{"cast": "light", "modes": [0]}]}
    with pytest.raises(ScenarioError) as e:
        pyrules.load(sc)
    assert "actions[0].modes" in str(e.value) or "modes" in str(e.value)


# ------------------------------------------------------------------------------------------------ "you may"

def test_you_may_wraps_the_effect():
    # Reclamation Sage: "When Reclamation Sage enters the battlefield, you may destroy target artifact or enchantment."
    ln = line("Reclamation Sage", 1)
    assert ln.status == "modelled"
    assert ln.parse == "when Reclamation Sage enters, you may destroy target artifact or enchantment"
    assert "may(destroy(target(1)))" in facts(ln)


def test_you_may_around_an_effect_on_each_permanent_is_not_read():
    # the effect's objects are asked as it resolves, which a "you may" wrapper doesn't do yet: not modelled
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters the battlefield, you may put a +1/+1 counter on each creature you "
                     "control.").status == "not_modelled"


def test_more_events_are_read():
    from tests.test_grammar import read_line

    # the older wording of "dies" (CR 700.4)
    ln = read_line("When Test Card is put into a graveyard from the battlefield, it deals 5 damage to any target.")
    assert ln.status == "modelled" and "dies(self)" in facts(ln)
    ln = read_line("At the beginning of each upkeep, create a 1/1 green Saproling creature token.", "Enchantment")
    assert ln.status == "modelled" and "at(beginning,upkeep,each)" in facts(ln)
    # a keyword filter before "under your control" (the older wording of "you control")
    ln = read_line("Whenever a creature with defender enters the battlefield under your control, draw a card.")
    assert ln.status == "modelled" and "pos(keyword(defender))" in facts(ln)
    ln = line("Rogue's Gloves", 1)
    assert ln.status == "modelled" and "combat_damage_to_player(equipped)" in facts(ln)
    assert ln.parse == "whenever equipped creature deals combat damage to a player, you may draw a card"


def test_the_older_wording_of_activate_only_as_a_sorcery_is_read():
    from tests.test_grammar import read_line

    old = read_line("{1}: Put a +1/+1 counter on Test Card. Activate this ability only any time you could cast a sorcery.")
    new = read_line("{1}: Put a +1/+1 counter on Test Card. Activate only as a sorcery.")
    assert old.status == new.status == "modelled" and facts(old) == facts(new)


def test_kicker_is_modelled_as_an_optional_additional_cost():
    # Baloth Gorger's "Kicker {4}": its rules are there (702.33), so the line is modelled
    ln = line("Baloth Gorger", 1)
    assert ln.status == "modelled" and ln.parse == "kicker {4}"
    assert "keyword(" in facts(ln) and "kicker" in facts(ln)


def test_kicked_lines_are_read():
    # Baloth Gorger line 2, Krosan Druid line 2 (Dominaria)
    ln = line("Baloth Gorger", 2)
    assert ln.status == "modelled" and 'kicked_enters_with(ab("Baloth Gorger",front,2,kicked_enters),"+1/+1",3)' in facts(ln)
    ln = line("Krosan Druid", 2)
    assert ln.status == "modelled" and ln.parse == "when Krosan Druid enters, if it was kicked, you gain 10 life"
    assert "kicked(self)" in facts(ln)


# ------------------------------------------------------------------------------------------------ "up to one target" (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Huatli, Dinosaur Knight", 1, "+2: put 2 +1/+1 counter(s) on up to one target Dinosaur you control",
     'effect(ab("Huatli, Dinosaur Knight",front,1,loyalty_1),1,counters(target(1),"+1/+1",2))'),
    ("Teferi, Timebender", 1, "+2: untap up to one target artifact or creature",
     'effect(ab("Teferi, Timebender",front,1,loyalty_1),1,untap(target(1)))'),
])
def test_up_to_one_target_is_read_as_an_optional_target(card, n, parse, fact):
    ln = assert_modelled(card, n, parse, fact)
    assert f'target_optional(ab("{card}",front,1,loyalty_1),1)' in facts(ln)


def test_up_to_two_targets_is_not_read_as_one():
    # read since issue 28's long tail as two targets of one word "target" (never the same object, CR 601.2c), never as one
    from tests.test_grammar import read_line

    ln = read_line("+1: Put a +1/+1 counter on each of up to two target creatures.")
    assert ln.status == "modelled"
    assert 'counters(target(1),"+1/+1",1)' in facts(ln) and 'counters(target(2),"+1/+1",1)' in facts(ln)
    assert "target_distinct(" in facts(ln)


# ------------------------------------------------------------------------------------------------ "1 life for each" (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Dwarven Priest", 1, "when Dwarven Priest enters, you gain 1 life for each creature you control",
     'effect(ab("Dwarven Priest",front,1,trigger_1),1,gain_life(you,count(f("creature you control"))))'),
    ("Bishop of the Bloodstained", 1,
     "when Bishop of the Bloodstained enters, target opponent loses 1 life for each Vampire you control",
     'effect(ab("Bishop of the Bloodstained",front,1,trigger_1),1,lose_life(target(1),count(f("vampire you control"))))'),
])
def test_life_for_each_is_read_as_a_count(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


def test_more_than_1_life_for_each_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters the battlefield, you gain 2 life for each creature you control.").status \
        == "not_modelled"


# ------------------------------------------------------------------------------------------------ kept tapped (issue 28)

def test_that_creature_doesnt_untap_during_its_controllers_next_untap_step_is_read():
    ln = line("Frost Lynx", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == ("when Frost Lynx enters, tap target creature an opponent controls; that creature doesn't untap "
                        "during its controller's next untap step")
    assert 'effect(ab("Frost Lynx",front,1,trigger_1),2,skip_next_untap(target(1)))' in facts(ln)


def test_that_creature_without_a_target_before_it_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters the battlefield, you gain 2 life. That creature doesn't untap during its "
                     "controller's next untap step.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ reanimation (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Ajani, Adversary of Tyrants", 2,
     "-2: return target creature card with converted mana cost 2 or less from your graveyard to the battlefield",
     'effect(ab("Ajani, Adversary of Tyrants",front,2,loyalty_2),1,reanimate(target(1),untapped))'),
    ("Gravewaker", 2, "{5}{B}{B}: return target creature card from your graveyard to the battlefield tapped",
     'effect(ab("Gravewaker",front,2,activated_2),1,reanimate(target(1),tapped))'),
])
def test_return_from_your_graveyard_to_the_battlefield_is_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


# ------------------------------------------------------------------------------------------------ "another target" (issue 28)

def test_another_target_is_read_as_a_target_other_than_the_source():
    ln = line("Pegasus Courser", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "whenever Pegasus Courser attacks, another target attacking creature gains flying until end of turn"
    assert 'filter_lit(f("attacking creature [other]"),1,pos(other))' in facts(ln)


def test_another_target_in_exile_is_written_once():
    from tests.test_grammar import read_line

    ln = read_line("When Test Card enters the battlefield, exile another target creature.")
    assert ln.parse == "when Test Card enters, exile another target creature"


# ------------------------------------------------------------------------------------------------ each opponent and each creature (issue 28)

def test_damage_to_each_opponent_and_each_creature_and_planeswalker_they_control_is_read():
    ln = line("Goblin Chainwhirler", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == ("when Goblin Chainwhirler enters, it deals 1 damage to each opponent; it deals 1 damage to each "
                        "creature and planeswalker your opponents control")
    f = facts(ln)
    assert 'effect(ab("Goblin Chainwhirler",front,2,trigger_2),1,damage(each_opponent,1))' in f
    assert ('effect(ab("Goblin Chainwhirler",front,2,trigger_2),2,damage(each(f("creature and planeswalker your '
            'opponents control")),1))') in f
    assert 'filter_lit(f("creature and planeswalker your opponents control"),2,pos(type(planeswalker)))' in f


def test_damage_to_each_opponent_and_each_creature_your_opponents_control_is_read():
    from tests.test_grammar import read_line

    ln = read_line("+2: Test Card deals 1 damage to each opponent and each creature your opponents control.",
                   "Legendary Planeswalker — Sarkhan")
    assert ln.status == "modelled"
    assert 'pos(opponent_controls)' in " ".join(str(x) for x in ln.facts)

# ------------------------------------------------------------------------------------------------ discard N; search for a land (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Sift", 1, "you draw 3 cards; discard a card", "discard(you,1)"),
    ("Mind Rot", 1, "target player discards 2 cards", "discard(target(1),2)"),
    ("Evolving Wilds", 1,
     "{T}, sacrifice Evolving Wilds: search your library for a basic land card, put it onto the battlefield tapped, then shuffle",
     'search(f("basic land"),battlefield_tapped)'),
])
def test_discard_and_search_are_read(card, n, parse, fact):
    assert_modelled(card, n, parse, fact)


@pytest.mark.parametrize("text, fact", [
    ("Draw two cards, then discard two cards.", "discard(you,2)"),
    ("Each player draws two cards.", "draw(each_player,2)"),
    ("You may draw a card. If you do, discard a card.", "may_then(draw(you,1),discard(you,1))"),
    ("Target opponent reveals their hand. You choose a noncreature, nonland card from it. That player discards that "
     "card.", 'discard_chosen(target(1),f("noncreature nonland"))'),
    ("Look at the top five cards of your library. You may reveal a red card from among them and put it into your "
     "hand. Put the rest on the bottom of your library in a random order.", 'dig(5,f("red"))'),
    ("Target opponent discards two cards.", "discard(target(1),2)"),
    ("Search your library for a basic land card, reveal it, put it into your hand, then shuffle.",
     'search(f("basic land"),hand)'),
    ("Search your library for a land card, put it onto the battlefield, then shuffle your library.",
     'search(f("land"),battlefield)'),
])
def test_discard_and_search_wordings_are_read(text, fact):
    from tests.test_grammar import read_line

    ln = read_line(text, "Sorcery")
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)


def test_a_search_for_a_word_outside_the_lists_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Search your library for a zzz card, put it into your hand, then shuffle.", "Sorcery").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ Auras: "for each", "and can't block" (issue 28)

MORE = Path(__file__).parent / "data" / "real_sets_more.json"
PUZZLES = Path(__file__).parent / "data" / "pauper_puzzles.json"


@pytest.mark.parametrize("path, card, n, parse, fact", [
    (PUZZLES, "Ethereal Armor", 2,
     "enchanted creature gets +1/+1 for each enchantment you control and has first strike",
     'mod_pt_for_each(ab("Ethereal Armor",front,2,static_2),1,1,f("enchantment you control"))'),
    (PUZZLES, "Ancestral Mask", 2, "enchanted creature gets +2/+2 for each other enchantment on the battlefield",
     'mod_pt_for_each(ab("Ancestral Mask",front,2,static_2),2,2,f("other enchantment"))'),
    (MORE, "Blanchwood Armor", 2, "enchanted creature gets +1/+1 for each Forest you control",
     'mod_pt_for_each(ab("Blanchwood Armor",front,2,static_2),1,1,f("forest you control"))'),
    (MORE, "Aether Tunnel", 2, "enchanted creature gets +1/+0 and can't be blocked",
     'restriction(ab("Aether Tunnel",front,2,static_2),cant_be_blocked(enchanted))'),
])
def test_aura_counts_and_restrictions_are_read(path, card, n, parse, fact):
    ln = line_of(path, card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


def test_ethereal_armor_also_grants_first_strike_and_no_fixed_bonus():
    # "+1/+1 for each enchantment you control and has first strike": first strike is granted; there is no fixed +1/+1
    ln = line_of(PUZZLES, "Ethereal Armor", 2)
    assert 'grants(ab("Ethereal Armor",front,2,static_2),first_strike)' in facts(ln)
    assert "mod_pt(" not in facts(ln)


@pytest.mark.parametrize("text, fact", [
    # Maniacal Rage (Core Set 2019's own wording, read from a made-up card)
    ("Enchanted creature gets +2/+2 and can't block.", "cant_block(enchanted)"),
    ("Enchanted permanent has hexproof.", "grants("),
    ("Equipped creature gets +1/+0 for each artifact you control.", "mod_pt_for_each("),
])
def test_aura_wordings_are_read(text, fact):
    from tests.test_grammar import read_line

    ln = read_line(text, "Enchantment — Aura")
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)


def test_a_for_each_of_a_word_outside_the_lists_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Enchanted creature gets +1/+1 for each zzz you control.", "Enchantment — Aura").status == "not_modelled"


def test_armadillo_cloaks_damage_trigger_is_read():
    # "Whenever enchanted creature deals damage, you gain that much life.": the amount is the event's
    ln = line_of(PUZZLES, "Armadillo Cloak", 3)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "whenever enchanted creature deals damage, you gain that much life"
    assert 'trigger(ab("Armadillo Cloak",front,3,trigger_3),deals_damage(enchanted))' in facts(ln)
    assert "gain_life(you,that_much)" in facts(ln)


def test_that_much_life_without_an_event_amount_is_not_read():
    # "that much" names an amount only after an event that has one: not after "enters"
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters, you gain that much life.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ "as long as" (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Thrash of Raptors", 1, "Thrash of Raptors gets +2/+0 and has trample as long as you control another Dinosaur",
     'as_long_as(ab("Thrash of Raptors",front,1,static_1),controls(f("another dinosaur you control"),1))'),
    ("Daggersail Aeronaut", 1, "Daggersail Aeronaut has flying as long as it's your turn",
     'as_long_as(ab("Daggersail Aeronaut",front,1,static_1),your_turn)'),
    ("Adanto Vanguard", 1, "Adanto Vanguard gets +2/+0 as long as it's attacking",
     'as_long_as(ab("Adanto Vanguard",front,1,static_1),attacking)'),
    ("Serra Ascendant", 2, "Serra Ascendant gets +5/+5 and has flying as long as you have 30 or more life",
     'as_long_as(ab("Serra Ascendant",front,2,static_2),life_ge(30))'),
    ("Bloodghast", 2, "Bloodghast has haste as long as an opponent has 10 or less life",
     'as_long_as(ab("Bloodghast",front,2,static_2),opponent_life_le(10))'),
])
def test_as_long_as_is_read(card, n, parse, fact):
    ln = line_of(MORE, card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


@pytest.mark.parametrize("text, fact", [
    # metalcraft's condition (an ability word, CR 207.2c), read from a made-up card
    ("Metalcraft — Test Card gets +2/+2 as long as you control three or more artifacts.",
     'controls(f("artifacts you control"),3)'),
    ("Test Card gets +1/+0 as long as any player controls a black permanent.", 'controls(f("black permanent"),1)'),
    ("As long as it's your turn, equipped creature has first strike.", "scope("),
])
def test_as_long_as_wordings_are_read(text, fact):
    from tests.test_grammar import read_line

    ln = read_line(text, "Artifact Creature — Golem")
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)


@pytest.mark.parametrize("text", [
    "Test Card gets +1/+1 as long as you control a zzz.",                   # a word outside the lists
    "Test Card gets -2/-0 as long as two or more creatures are attacking.",   # no rules yet (blocking it: e4, below)
    "Other Test Card gets +1/+1 as long as you control a Dinosaur.",        # not the card itself
])
def test_as_long_as_outside_what_is_read_is_not_modelled(text):
    from tests.test_grammar import read_line

    assert read_line(text).status == "not_modelled"


# ------------------------------------------------------------------------------------------------ "if you control" (issue 28)

@pytest.mark.parametrize("path, card, n, parse, fact", [
    (MORE, "Ghitu Journeymage", 1,
     "when Ghitu Journeymage enters, if you control another Wizard, Ghitu Journeymage deals 2 damage to each opponent",
     'intervening_if(ab("Ghitu Journeymage",front,1,trigger_1),controls(f("another wizard you control"),1))'),
    (PUZZLES, "Bleak Coven Vampires", 1,
     "when Bleak Coven Vampires enters, if you control 3 or more artifacts, target player loses 4 life; you gain 4 life",
     'controls(f("artifacts you control"),3)'),
    (MORE, "Wizard's Retort", 1, "this spell costs {1} less to cast if you control a Wizard",
     'as_long_as(ab("Wizard\'s Retort",front,1,static_1),controls(f("wizard you control"),1))'),
])
def test_if_you_control_is_read(path, card, n, parse, fact):
    ln = line_of(path, card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


@pytest.mark.parametrize("text", [
    "When Test Card enters, if it's your turn, draw a card.",          # an intervening "if" other than "you control"
    "This spell costs {1} less to cast if you have 30 or more life.",   # a cost condition other than "you control"
])
def test_if_conditions_without_rules_are_not_read(text):
    from tests.test_grammar import read_line

    assert read_line(text, "Creature — Elf").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ explore (issue 28)

def test_explore_is_read():
    ln = line_of(MORE, "Tishana's Wayfinder", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "when Tishana's Wayfinder enters, it explores"
    assert 'effect(ab("Tishana\'s Wayfinder",front,1,trigger_1),1,explore(self))' in facts(ln)


def test_another_permanent_exploring_is_not_read():
    # "target creature you control explores": only the permanent itself is read
    from tests.test_grammar import read_line

    assert read_line("Target creature you control explores.", "Sorcery").status == "not_modelled"


def test_exile_until_it_leaves_is_read():
    ln = line_of(MORE, "Hieromancer's Cage", 1)
    assert ln.status == "modelled", ln.text
    assert ln.parse == ("when Hieromancer's Cage enters, exile target nonland permanent an opponent controls until "
                        "Hieromancer's Cage leaves the battlefield")
    assert "exile_until_leaves(target(1))" in facts(ln)


def test_exile_until_another_permanent_leaves_is_not_read():
    # the card waits for the source itself only
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters, exile target creature until Other Card leaves the battlefield.").status \
        == "not_modelled"


# ------------------------------------------------------------------------------------------------ step triggers (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Battle-Rattle Shaman", 1,
     "at the beginning of combat on your turn, you may have target creature get +2/+0 until end of turn",
     "may(apply(pump(2,0),target(1),end_of_turn))"),
    ("Sheoldred, Whispering One", 3, "at the beginning of each opponent's upkeep, that player sacrifices a creature",
     'sacrifice_chosen(data_player,f("creature"))'),
    ("Revel in Riches", 2, "at the beginning of your upkeep, if you control 10 or more Treasures, you win the game",
     "win_game(you)"),
    ("Navigator's Ruin", 1,
     "at the beginning of your end step, if you attacked with a creature this turn, target opponent puts the top 4 "
     "card(s) of their library into their graveyard", "mill(target(1),4)"),
    ("Colossal Majesty", 1,
     "at the beginning of your upkeep, if you control a creature with power 4 or greater, you draw a card",
     'controls(f("creature you control with power 4 or greater"),1)'),
])
def test_step_trigger_effects_are_read(card, n, parse, fact):
    ln = line_of(MORE, card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


def test_that_player_without_a_player_event_is_not_read():
    # "that player" names the opponent whose upkeep it is: not after "at the beginning of your upkeep"
    from tests.test_grammar import read_line

    assert read_line("At the beginning of your upkeep, that player sacrifices a creature.").status == "not_modelled"


def test_cycling_is_modelled():
    # Secluded Steppe: "Cycling {W} ({W}, Discard this card: Draw a card.)" — its rules are there now (rules/mechanics/cycling.lp)
    ln = line_of(PUZZLES, "Secluded Steppe", 3)
    assert ln.status == "modelled", ln.text
    assert ln.missing == []
    assert 'keyword(ab("Secluded Steppe",front,3,cycling),cycling)' in facts(ln)


def test_vanishing_is_modelled():
    # Aven Riftwatcher: "Vanishing 3 (...)" — its rules are in rules/mechanics/vanishing.lp
    ln = line_of(PUZZLES, "Aven Riftwatcher", 2)
    assert ln.status == "modelled", ln.text
    assert ln.parse == "vanishing 3"
    assert 'keyword_n(ab("Aven Riftwatcher",front,2,vanishing),3)' in facts(ln)


# ------------------------------------------------------------------------------------------------ enter trigger effects (issue 28)

@pytest.mark.parametrize("card, n, parse, fact", [
    ("Ancestral Blade", 1,
     "when Ancestral Blade enters, create 1 1/1 white Soldier creature token; attach Ancestral Blade to it (the token "
     "just created)", "attach(self,created)"),
    ("Yarok's Wavecrasher", 1, "when Yarok's Wavecrasher enters, return another creature you control to its owner's hand",
     'bounce_chosen(f("creature you control [other]"))'),
    ("Caligo Skin-Witch", 2, "when Caligo Skin-Witch enters, if it was kicked, each opponent discards 2 cards",
     "discard(each_opponent,2)"),
])
def test_enter_trigger_effects_are_read(card, n, parse, fact):
    ln = line_of(MORE, card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


def test_attach_to_it_without_a_token_just_created_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("When Test Card enters, attach Test Card to it.", "Artifact — Equipment").status == "not_modelled"


def test_galvanic_blasts_metalcraft_instead_is_read():
    # "Metalcraft - Galvanic Blast deals 4 damage to that creature or player instead if you control three or more
    # artifacts.": the amount of line 1's damage (rules/timeline/instead.lp)
    ln = line_of(PUZZLES, "Galvanic Blast", 2)
    assert ln.status == "modelled", ln.text
    assert ('amount_instead(ab("Galvanic Blast",front,2,static_2),ab("Galvanic Blast",front,1,spell_1),1,4,'
            'controls(f("artifacts you control"),3))') in facts(ln)


def test_instead_without_a_damage_line_before_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Test Card deals 4 damage to that creature or player instead if you control an artifact.",
                     "Instant").status == "not_modelled"


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Dwindle", 3, "when enchanted creature blocks, destroy it", "destroy(data_object)"),
    ("Demonic Vigor", 3, "when enchanted creature dies, return that card to its owner's hand", "bounce(data_object)"),
])
def test_aura_triggers_on_the_enchanted_creature_are_read(card, n, parse, fact):
    ln = line_of(MORE, card, n)

# ------------------------------------------------------------------------------------------------ cast triggers (issue 28)

CAST_TRIGGERS = Path(__file__).parent / "data" / "cast_triggers.json"


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Brineborn Cutthroat", 2,
     "whenever you cast a spell during an opponent's turn, put 1 +1/+1 counter(s) on Brineborn Cutthroat",
     'cast_spell(you,f("spell"),opponents_turn)'),
    ("Bloodstone Goblin", 1,
     "whenever you cast a spell, if that spell was kicked, Bloodstone Goblin gets +1/+1 and gains menace until end of turn",
     "intervening_if(ab(\"Bloodstone Goblin\",front,1,trigger_1),kicked(that_spell))"),
    ("Druid of Horns", 1,
     "whenever you cast a Aura spell that targets Druid of Horns, create 1 3/3 green Beast creature token",
     'cast_spell_targeting(you,f("aura"),self)'),
    ("Season of Growth", 2,
     "whenever you cast a spell that targets a creature you control, you draw a card",
     'cast_spell_targeting(you,f("spell"),f("creature you control"))'),
    ("Sarkhan's Unsealing", 1,
     "whenever you cast a creature spell with power 4, 5, or 6, Sarkhan's Unsealing deals 4 damage to any target",
     'filter_lit(f("creature with power 4, 5, or 6"),1,pos(power_le(6)))'),
    ("Sarkhan's Unsealing", 2,
     "whenever you cast a creature spell with power 7 or greater, Sarkhan's Unsealing deals 4 damage to each opponent; "
     "Sarkhan's Unsealing deals 4 damage to each creature and planeswalker your opponents control",
     'filter_lit(f("creature with power 7 or greater"),1,pos(power_ge(7)))'),
    ("Hallar, the Firefletcher", 2,
     "whenever you cast a spell, if that spell was kicked, put 1 +1/+1 counter(s) on Hallar; Hallar deals damage equal "
     "to the number of +1/+1 counters on it to each opponent",
     'damage(each_opponent,counters_on_self("+1/+1"))'),
])
def test_cast_triggers_are_read(card, n, parse, fact):
    ln = with_files((str(CAST_TRIGGERS),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    assert fact in facts(ln)


def test_destroy_it_without_a_creature_event_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("At the beginning of your upkeep, destroy it.").status == "not_modelled"


@pytest.mark.parametrize("card, n, fact", [
    ("Elvish Reclaimer", 1, 'graveyard_ge(f("land [you_own]"),3)'),
    ("Ghitu Lavarunner", 1, 'graveyard_ge(f("instant and/or sorcery [you_own]"),2)'),
])
def test_as_long_as_graveyard_counts_are_read(card, n, fact):
    ln = line_of(MORE, card, n)
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)


def test_an_opponents_graveyard_count_is_read():
    from tests.test_grammar import read_line

    ln = read_line("Test Card gets +4/+4 as long as an opponent has ten or more cards in their graveyard.")
    assert ln.status == "modelled"
    assert "opponent_graveyard_ge(10)" in facts(ln)


def test_unleash_is_modelled():
    ln = line_of(MORE, "Splatter Thug", 2)
    assert ln.status == "modelled", ln.text
    assert ln.missing == []


def test_renown_is_modelled():
    ln = line_of(MORE, "Topan Freeblade", 2)
    assert ln.status == "modelled", ln.text
    assert ln.missing == []


def test_outlast_is_modelled():
    ln = line_of(MORE, "Abzan Falconer", 1)
    assert ln.status == "modelled", ln.text
    assert ln.missing == []


@pytest.mark.parametrize("text, fact", [
    ("When Test Card enters, you may have it fight another target creature.", "may(fight(self,target(1)))"),
    ("When Test Card enters, if it was kicked, it fights another target creature.", "fight(self,target(1))"),
    ("When Test Card enters, attach it to target Pirate you control.", "attach(self,target(1))"),
    ("When Test Card enters, you may return another target historic permanent you control to its owner's hand.",
     "may(bounce(target(1)))"),
    ("When Test Card enters, search your library for a card, put it into your hand, then shuffle your library.",
     'search(f("card"),hand)'),
    ("When Test Card enters, tap all creatures target opponent controls.", 'tap_all(target(1),f("creatures"))'),
])
def test_more_enter_trigger_wordings_are_read(text, fact):
    from tests.test_grammar import read_line

    ln = read_line(text, "Artifact Creature — Pirate")
    assert ln.status == "modelled", ln.text
    assert fact in facts(ln)

def test_a_cast_trigger_on_any_spell_is_read_with_a_filter_every_spell_satisfies():
    from tests.test_grammar import read_line

    ln = read_line("Whenever you cast a spell, you gain 1 life.")
    assert ln.status == "modelled", ln.text
    assert 'cast_spell(you,f("spell"))' in facts(ln) and 'filter_lit(f("spell")' not in facts(ln)


def test_a_cast_trigger_during_your_own_turn_is_not_read():
    # "during your turn" is a condition no rule reads: the line is not modelled, not read as "any spell"
    from tests.test_grammar import read_line

    assert read_line("Whenever you cast a spell during your turn, you gain 1 life.").status == "not_modelled"


def test_a_cast_trigger_on_a_spell_that_targets_a_word_outside_the_lists_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Whenever you cast a spell that targets a zzz you control, draw a card.").status == "not_modelled"


def test_a_cast_trigger_on_powers_that_are_not_a_run_is_not_read():
    # "with power 2, 4, or 6" is not a range: not read as one
    from tests.test_grammar import read_line

    assert read_line("Whenever you cast a creature spell with power 2, 4, or 6, you gain 1 life.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ dies triggers (issue 28)

DIES_TRIGGERS = Path(__file__).parent / "data" / "dies_triggers.json"


@pytest.mark.parametrize("card, n, parse, facts_in", [
    ("Stitcher's Supplier", 1,
     "when ~ enters or dies, put the top 3 card(s) of your library into your graveyard".replace("~", "Stitcher's Supplier"),
     ["enters(self)", "dies(self)", "mill(you,3)"]),
    ("Starfield Mystic", 2,
     "whenever a enchantment you control is put into a graveyard from the battlefield, put 1 +1/+1 counter(s) on "
     "Starfield Mystic",
     ['put_into_graveyard(f("enchantment you control"))']),
    ("Kokusho, the Evening Star", 2,
     "when Kokusho dies, each opponent loses 5 life; you gain life equal to the life lost this way",
     ["lose_life(each_opponent,5)", "gain_life_lost(you)"]),
    ("Wanted Scoundrels", 1,
     'when Wanted Scoundrels dies, target opponent creates 2 colorless Treasure artifact token with "{T}, Sacrifice '
     'this artifact: Add one mana of any color."',
     ["target(ab(\"Wanted Scoundrels\",front,1,trigger_1),1,opponent)",
      'create_token_for(target(1),"Treasure Token",2)']),
    ("Keiga, the Tide Star", 2, "when Keiga dies, gain control of target creature",
     ["gain_control(target(1),forever)"]),
    ("Forebear's Blade", 2, "whenever equipped creature dies, attach Forebear's Blade to target creature you control",
     ["dies_attached(equipped)", "attach(self,target(1))"]),
    ("Overgrowth Elemental", 2,
     "whenever another creature you control dies, you gain 1 life; if that creature was a Elemental, put 1 +1/+1 "
     "counter(s) on Overgrowth Elemental",
     ['if_that_was(f("elemental"),counters(self,"+1/+1",1))']),
])
def test_dies_triggers_are_read(card, n, parse, facts_in):
    ln = with_files((str(DIES_TRIGGERS),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for fact in facts_in:
        assert fact in facts(ln)


def test_a_put_into_a_graveyard_trigger_on_a_word_outside_the_lists_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Whenever a zzz you control is put into a graveyard from the battlefield, you gain 1 life.").status == "not_modelled"


def test_life_lost_this_way_without_a_loss_before_it_is_not_read():
    # "the life lost this way" names an earlier "each opponent loses N life" of the same ability: alone, not read
    from tests.test_grammar import read_line

    assert read_line("You gain life equal to the life lost this way.", "Sorcery").status == "not_modelled"
    assert read_line("Each opponent loses 2 life. You gain life equal to the life lost this way.", "Sorcery").status == "modelled"


def test_gain_control_until_end_of_turn_keeps_its_duration():
    from tests.test_grammar import read_line

    ln = read_line("Gain control of target creature until end of turn.", "Sorcery")
    assert ln.status == "modelled" and "gain_control(target(1),end_of_turn)" in facts(ln)


def test_if_that_creature_was_outside_a_dies_trigger_is_not_read():
    # "that creature" names the creature that died: in a trigger on something else it is not read
    from tests.test_grammar import read_line

    assert read_line("When ~ enters, if that creature was an Elemental, you gain 1 life.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ enter triggers, more shapes (issue 28)

ENTER_TRIGGERS = Path(__file__).parent / "data" / "enter_triggers.json"


@pytest.mark.parametrize("card, n, parse, facts_in", [
    ("Auriok Champion", 2, "whenever another creature enters, you may gain 1 life",
     ['enters(f("another creature"))', "may(gain_life(you,1))"]),
    ("Faerie Miscreant", 2,
     "when Faerie Miscreant enters, if you control another creature named Faerie Miscreant, you draw a card",
     ["enters(self)", 'pos(named("Faerie Miscreant"))', 'controls(f("another creature you control named faerie miscreant"),1)',
      "draw(you,1)"]),
    ("Scourge of Valkas", 2,
     "whenever Scourge of Valkas or another Dragon enters under your control, it deals X damage to any target, where X is "
     "the number of Dragons you control",
     ["enters(self)", 'enters(f("another dragon you control"))', 'damage(target(1),count(f("dragons you control")))']),
    ("Gruesome Scourger", 1,
     "when Gruesome Scourger enters, it deals X damage to target opponent or planeswalker, where X is the number of "
     "creatures you control",
     ["opponent_or_planeswalker", 'damage(target(1),count(f("creatures you control")))']),
    ("Fathom Fleet Cutthroat", 1,
     "when Fathom Fleet Cutthroat enters, destroy target creature an opponent controls that was dealt damage this turn",
     ["pos(dealt_damage_this_turn)", "pos(opponent_controls)", "destroy(target(1))"]),
    ("Dreamcaller Siren", 4,
     "when Dreamcaller Siren enters, if you control another Pirate, tap up to one target nonland permanents (each of up "
     "to two targets, never the same)",
     ['controls(f("another pirate you control"),1)', "tap(target(1))", "tap(target(2))", "target_distinct(", "target_optional("]),
    ("Chronicler of Heroes", 1,
     "when Chronicler of Heroes enters, you draw a card if you control a creature with a +1/+1 counter on it",
     ['if_controls(f("creature you control with a +1/+1 counter on it"),1,draw(you,1))', 'pos(counter("+1/+1"))']),
    ("Nantuko Shaman", 1,
     "when Nantuko Shaman enters, if you control no tapped lands, you draw a card",
     ['intervening_if(ab("Nantuko Shaman",front,1,trigger_1),controls_none(f("tapped lands you control")))', "pos(tapped)"]),
    ("Bladewing's Thrall", 2,
     "whenever Dragon enters, you may return Bladewing's Thrall from your graveyard to the battlefield",
     ['enters(f("dragon"))', "may(return_self(battlefield))"]),
    ("Bloodghast", 3,
     "whenever land you control enters, you may return Bloodghast from your graveyard to the battlefield",
     ['enters(f("land you control"))', "may(return_self(battlefield))"]),
    ("Yarok's Fenlurker", 1, "when Yarok's Fenlurker enters, each opponent exiles a card from their hand",
     ["exile_from_hand(each_opponent,1)"]),
    ("Dire Fleet Ravager", 2, "when Dire Fleet Ravager enters, each player loses a third of their life, rounded up",
     ["lose_life_third(each_player)"]),
    ("Rotfeaster Maggot", 1,
     "when Rotfeaster Maggot enters, exile target creature from a graveyard; you gain life equal to that card's toughness",
     ["card_in_graveyard(f(\"creature\"))", "exile(target(1))", "gain_life_toughness(you,target(1))"]),
])
def test_more_enter_triggers_are_read(card, n, parse, facts_in):
    ln = with_files((str(ENTER_TRIGGERS),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for fact in facts_in:
        assert fact in facts(ln)


def test_self_or_another_enters_under_an_opponents_control_is_not_read():
    # "~ or another [kind] enters the battlefield under your control": a filter naming its own controller is not read
    from tests.test_grammar import read_line

    assert read_line("Whenever ~ or another creature an opponent controls enters the battlefield under your control, "
                     "you gain 1 life.").status == "not_modelled"
    assert read_line("Whenever ~ or another zzz enters the battlefield under your control, you gain 1 life.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ life gained or lost this turn (issue 28)

LIFE_THIS_TURN = Path(__file__).parent / "data" / "life_this_turn.json"


@pytest.mark.parametrize("card, n, parse, facts_in", [
    ("Regal Bloodlord", 2,
     "at the beginning of each end step, if you gained life this turn, create 1 1/1 black Bat creature token with flying",
     ["at(ending,end,each)", "gained_life_ge(1)", 'create_token("Bat Token (1/1 black, flying)",1)']),
    ("Angelic Accord", 1,
     "at the beginning of each end step, if you gained 4 or more life this turn, create 1 4/4 white Angel creature token "
     "with flying",
     ["gained_life_ge(4)"]),
    ("Knight of the Ebon Legion", 2,
     "at the beginning of your end step, if a player lost 4 or more life this turn, put 1 +1/+1 counter(s) on Knight of "
     "the Ebon Legion",
     ["at(ending,end,you)", "player_lost_life_ge(4)", 'counters(self,"+1/+1",1)']),
])
def test_life_this_turn_conditions_are_read(card, n, parse, facts_in):
    ln = with_files((str(LIFE_THIS_TURN),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for fact in facts_in:
        assert fact in facts(ln)


def test_life_this_turn_is_read_only_as_a_triggers_condition():
    # "as long as you gained life this turn" is a static ability's condition pyrules has no rules for: not read
    from tests.test_grammar import read_line

    assert read_line("~ gets +1/+1 as long as you gained life this turn.").status == "not_modelled"
    assert read_line("At the beginning of your end step, if you gained life this turn, draw a card.").status == "modelled"


# ------------------------------------------------------------------------------------------------ rebound (issue 28)

REBOUND = Path(__file__).parent / "data" / "rebound.json"


def test_rebound_is_modelled():
    # Rebound (CR 702.88a) has its rules (rules/mechanics/rebound.lp): the keyword line is modelled, nothing missing
    ln = with_files((str(REBOUND),)).lookup("Staggershock").reading()[1]
    assert ln.status == "modelled" and ln.missing == [] and ln.names == ["rebound"]


def test_dealt_damage_this_turn_is_read_only_after_the_filter():
    # "that was dealt damage this turn" ends a permanent filter; the words elsewhere are not read
    from tests.test_grammar import read_line

    assert read_line("Destroy target creature that was dealt damage this turn.", "Instant").status == "modelled"
    assert read_line("Destroy target creature that was dealt damage last turn.", "Instant").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ transform ~ (issue 28)

TRANSFORM = Path(__file__).parent / "data" / "transform.json"


@pytest.mark.parametrize("card, n, parse, facts_in", [
    ("Growing Rites of Itlimoc // Itlimoc, Cradle of the Sun", 2,
     "at the beginning of your end step, if you control 4 or more creatures, transform Growing Rites of Itlimoc",
     ['controls(f("creatures you control"),4)', "transform(self)"]),
    ("Arguel's Blood Fast // Temple of Aclazotz", 2,
     "at the beginning of your upkeep, if you have 5 or less life, you may transform Arguel's Blood Fast",
     ["at(beginning,upkeep,you)", "life_le(5)", "may(transform(self))"]),
])
def test_transform_is_read(card, n, parse, facts_in):
    ln = with_files((str(TRANSFORM),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for fact in facts_in:
        assert fact in facts(ln)


def test_transform_needs_the_card_itself():
    # "transform target creature" is not read: only the permanent itself is turned over (CR 701.27a)
    from tests.test_grammar import read_line

    assert read_line("At the beginning of your upkeep, transform target creature.").status == "not_modelled"


def test_if_you_control_after_an_effect_is_read_only_for_simple_effects():
    # "[effect] if you control [a kind]" is read for a draw, a life gain, tokens or counters on the source; an effect
    # with a target is not (its target would be chosen whatever the condition)
    from tests.test_grammar import read_line

    assert read_line("When ~ enters the battlefield, you gain 3 life if you control a Wizard.").status == "modelled"
    assert read_line("When ~ enters the battlefield, destroy target creature if you control a Wizard.").status == "not_modelled"
    assert read_line("When ~ enters the battlefield, draw a card if you control a creature an opponent controls.").status == "not_modelled"


def test_returning_itself_from_the_graveyard_is_read_only_in_a_trigger_on_a_permanent_entering():
    # the rules make only such a trigger function from the graveyard (rules/timeline/graveyard_triggers.lp)
    from tests.test_grammar import read_line

    assert read_line("When ~ enters the battlefield, return ~ from your graveyard to the battlefield.").status == "not_modelled"
    assert read_line("At the beginning of your upkeep, return ~ from your graveyard to the battlefield.").status == "not_modelled"


def test_that_cards_toughness_needs_a_card_exiled_before():
    from tests.test_grammar import read_line

    assert read_line("When ~ enters the battlefield, you gain life equal to that card's toughness.").status == "not_modelled"
# ------------------------------------------------------------------------------------------------ d2 (issue 28): attack
# triggers, damage, evasion, pumps (tests/data/d2_combat_damage.json; played out in
# tests/rules/card_families/d2_combat_damage.yaml)

D2 = Path(__file__).parent / "data" / "d2_combat_damage.json"


def d2_line(card: str, n: int):
    return with_files((str(D2),)).lookup(card).reading()[n - 1]


def test_lore_counter_on_target_saga():
    # Keldon Warcaller: "Whenever Keldon Warcaller attacks, put a lore counter on target Saga you control." (CR 714.2b)
    ln = d2_line("Keldon Warcaller", 1)
    assert ln.status == "modelled"
    assert 'counters(target(1),"lore",1)' in facts(ln)
    # any other kind of counter is not read by this shape
    from tests.test_grammar import read_line

    assert read_line("Put a charge counter on target artifact you control.", "Instant").status == "not_modelled"


@pytest.mark.parametrize("card, fact", [
    # "If this spell was kicked, it deals 4 damage to that creature instead." (CR 702.33d, 608.2c)
    ("Shivan Fire", 'effect_instead(ab("Shivan Fire",front,2,spell_2),1,damage(target(1),4),kicked)'),
    ("Vicious Offering", "effect_instead(ab(\"Vicious Offering\",front,2,spell_2),1,apply(pump(-5,-5),target(1),end_of_turn),kicked)"),
    # "It gets +2/+2": the creature targeted, not the spell
    ("Gift of Growth", 'effect(ab("Gift of Growth",front,2,spell_2),2,apply(pump(2,2),target(1),end_of_turn))'),
    ("Huatli's Spurring", "apply(pump(4,0),target(1),end_of_turn),controls("),
])
def test_instead_replaces_the_effect_before(card, fact):
    files = (str(D2), str(SAMPLE))
    ln = [x for x in with_files(files).lookup(card).reading() if "instead" in x.text][0]
    assert ln.status == "modelled", ln.reason
    assert fact in facts(ln)


def test_instead_needs_the_same_target_and_a_spell():
    from tests.test_grammar import read_line

    # "that creature" with no target creature before it names nothing pyrules reads
    assert read_line("You gain 2 life. If this spell was kicked, that creature gets -5/-5 until end of turn instead.",
                     "Instant").status == "not_modelled"
    # a condition with no rules ("if you attacked this turn" in this shape) is not read
    assert read_line("Target creature gets +2/+0 until end of turn. If it's your turn, that creature gets +4/+0 until "
                     "end of turn instead.", "Instant").status == "not_modelled"


def test_it_in_a_spell_is_the_target():
    # Mark of Mutiny: "Put a +1/+1 counter on it and untap it." — the creature, not the sorcery (CR 608.2c)
    ln = d2_line("Mark of Mutiny", 1)
    assert ln.status == "modelled" and 'counters(target(1),"+1/+1",1)' in facts(ln)


def test_cant_attack_or_block_alone():
    # Loyal Pegasus: "Loyal Pegasus can't attack or block alone." (CR 506.5)
    ln = d2_line("Loyal Pegasus", 2)
    assert ln.status == "modelled"
    assert "cant_attack_alone(self)" in facts(ln) and "cant_block_alone(self)" in facts(ln)


@pytest.mark.parametrize("card, n, fact", [
    # "Another target creature with power 2 or less can't be blocked this turn." (CR 115.1, 509.1b)
    ("Goblin Smuggler", 2, "apply(cant_be_blocked,target(1),end_of_turn)"),
    # "Up to two target creatures can't be blocked this turn." — two targets of one word, never the same (CR 601.2c)
    ("Ghostform", 1, "target_distinct("),
    ("Ghostform", 1, "apply(cant_be_blocked,target(2),end_of_turn)"),
    # "Up to two target creatures each get +1/+0 and gain first strike until end of turn."
    ("Coordinated Assault", 1, "apply(gains(first_strike),target(2),end_of_turn)"),
    ("Coordinated Assault", 1, "apply(pump(1,0),target(2),end_of_turn)"),
])
def test_unblockable_and_pumps_on_another_or_two_targets(card, n, fact):
    ln = d2_line(card, n)
    assert ln.status == "modelled", ln.reason
    assert fact in facts(ln)


@pytest.mark.parametrize("card, n, fact", [
    # "Raid — ~ deals 6 damage to that creature instead if you attacked with a creature this turn." (CR 608.2h)
    ("Firecannon Blast", 2, 'amount_instead(ab("Firecannon Blast",front,2,static_2),ab("Firecannon Blast",front,1,spell_1),1,6,attacked_this_turn(you))'),
    # "Tap ~. It gains indestructible until end of turn." (CR 701.26a): the permanent itself
    ("Drudge Sentinel", 1, "tap(self)"),
    ("Drudge Sentinel", 1, "apply(gains(indestructible),self,end_of_turn)"),
    # "Until end of turn, ..." written first (CR 611.2a)
    ("Skulduggery", 1, "apply(pump(-1,-1),target(2),end_of_turn)"),
    ("Resplendent Angel", 3, "apply(gains(lifelink),self,end_of_turn)"),
])
def test_raid_instead_tap_self_and_until_end_of_turn_first(card, n, fact):
    ln = d2_line(card, n)
    assert ln.status == "modelled", ln.reason
    assert fact in facts(ln)


def test_raid_instead_needs_the_same_kind_of_target():
    # "that creature" after a line whose target is any target names nothing pyrules reads
    from pyrules.cards.model import card_from_record
    from pyrules.cards.reader import read_card

    card = card_from_record({"name": "Test Blast", "layout": "normal", "type_line": "Sorcery", "mana_cost": "{R}",
                             "oracle_text": "Test Blast deals 3 damage to any target.\nRaid — Test Blast deals 6 damage "
                                            "to that creature instead if you attacked with a creature this turn."})
    assert [ln.status for ln in read_card(card)] == ["modelled", "not_modelled"]


@pytest.mark.parametrize("card, n, fact", [
    # CR 509.1b, 301.5
    ("Wolfrider's Saddle", 2, "cant_be_blocked_by_more_than_one(equipped)"),
    # CR 509.1b, 122.1: the creatures of the filter, each with a +1/+1 counter
    ("Herald of Secret Streams", 1, 'cant_be_blocked(each(f("creatures you control with a +1/+1 counter on it")))'),
    # CR 508.1c
    ("Desperate Castaways", 1, 'cant_attack_unless(self,controls(f("artifact you control"),1))'),
])
def test_evasion_statics(card, n, fact):
    ln = d2_line(card, n)
    assert ln.status == "modelled", ln.reason
    assert fact in facts(ln)


def test_cant_attack_unless_only_a_counted_condition():
    from tests.test_grammar import read_line

    # "can't attack unless" with a condition the rules don't count (it's your turn) is not read
    assert read_line("This creature can't attack unless you control an artifact.", "Creature — Bear").status == "modelled"
    assert read_line("This creature can't attack unless it's your turn.", "Creature — Bear").status == "not_modelled"


def test_mill_half_a_library_rounded_up():
    # Fleet Swallower (CR 701.17a, 107.1a): counted as the ability resolves
    ln = d2_line("Fleet Swallower", 1)
    assert ln.status == "modelled" and "mill(target(1),half_library_rounded_up)" in facts(ln)


def test_activate_only_if_you_control():
    # Goblin Bird-Grabber: "Activate this ability only if you control a creature with flying." (CR 602.5b)
    ln = d2_line("Goblin Bird-Grabber", 1)
    assert ln.status == "modelled", ln.reason
    assert 'activate_if(ab("Goblin Bird-Grabber",front,1,activated_1),controls(f("creature you control with flying"),1))' in facts(ln)
    from tests.test_grammar import read_line

    # a mana ability's condition (e1, Nimbus Maze: rules/mana/sources.lp, CR 602.5b): read too
    mana = read_line("{T}: Add {G}. Activate only if you control a Forest.")
    assert mana.status == "modelled" and 'controls(f("forest you control"),1)' in facts(mana)


def test_pump_and_become_a_creature_type():
    # Ursine Champion: "~ gets +3/+3 and becomes a Bear Berserker until end of turn." (CR 205.1b, 613.1d)
    ln = d2_line("Ursine Champion", 1)
    assert ln.status == "modelled", ln.reason
    assert "apply(pump(3,3),self,end_of_turn)" in facts(ln)
    assert 'sets_creature_type(d(ab("Ursine Champion",front,1,activated_1),1),"bear")' in facts(ln)
    from tests.test_grammar import read_line

    # a word that isn't a creature type isn't read
    assert read_line("{2}: This creature gets +1/+1 and becomes a Forest until end of turn.", "Creature — Bear").status \
        == "not_modelled"


def test_explore_trigger():
    # Lurking Chupacabra: "Whenever a creature you control explores, ..." (CR 603.2)
    ln = d2_line("Lurking Chupacabra", 1)
    assert ln.status == "modelled", ln.reason
    assert 'trigger(ab("Lurking Chupacabra",front,1,trigger_1),explores(f("creature you control")))' in facts(ln)


def test_unblockable_by_a_filter_this_turn():
    # Ghirapur Guide (CR 509.1b, 611.2a)
    ln = d2_line("Ghirapur Guide", 1)
    assert ln.status == "modelled", ln.reason
    assert 'apply(cant_be_blocked_by(f("creatures with power 2 or less")),target(1),end_of_turn)' in facts(ln)
def test_enters_tapped_unless_you_control_either_kind():
    # Glacial Fortress (Ixalan): "Glacial Fortress enters the battlefield tapped unless you control a Plains or an
    # Island." (CR 614.1d): a condition of either land type, of the permanents its controller controls
    db = with_files((str(Path(__file__).parent / "data" / "check_lands.json"),))
    fortress = db.lookup("Glacial Fortress").reading()[0]
    assert fortress.status == "modelled"
    assert fortress.parse == "Glacial Fortress enters tapped unless you control a Plains or an Island"
    assert "enters_tapped_unless(" in facts(fortress) and 'controls(f("plains or island you control"),1)' in facts(fortress)
    assert 'filter_lit(f("plains or island you control"),2,pos(subtype("island")))' in facts(fortress)
    # a kind outside the CR's lists is not read
    from tests.test_grammar import read_line

    assert read_line("~ enters the battlefield tapped unless you control a Zzz or an Island.", "Land").status == "not_modelled"


def test_that_many_is_the_amount_of_the_trigger_event():
    # Hungering Hydra: "Whenever Hungering Hydra is dealt damage, put that many +1/+1 counters on it."; Illusory
    # Ambusher: "Whenever Illusory Ambusher is dealt damage, draw that many cards." (CR 603.2, 608.2h)
    db = with_files((str(Path(__file__).parent / "data" / "that_many.json"),))
    hydra = db.lookup("Hungering Hydra").reading()[2]
    assert hydra.status == "modelled" and hydra.parse == "whenever Hungering Hydra is dealt damage, put that many +1/+1 counters on it"
    assert 'counters(self,"+1/+1",that_much)' in facts(hydra) and "dealt_damage(self)" in facts(hydra)
    ambusher = db.lookup("Illusory Ambusher").reading()[1]
    assert ambusher.status == "modelled" and "draw(you,that_much)" in facts(ambusher)
    # after an event with no amount, "that many" names nothing
    from tests.test_grammar import read_line

    assert read_line("When ~ enters the battlefield, draw that many cards.").status == "not_modelled"
    assert read_line("When ~ enters the battlefield, put that many +1/+1 counters on it.").status == "not_modelled"


def test_enters_with_a_counter_for_each_and_x_counters_equal_to_its_power():
    # Squad Captain: "Squad Captain enters the battlefield with a +1/+1 counter on it for each other creature you
    # control." (CR 614.1c); Heroes' Bane: "Put X +1/+1 counters on Heroes' Bane, where X is its power." (CR 107.3c)
    db = with_files((str(Path(__file__).parent / "data" / "counters_for_each.json"),))
    captain = db.lookup("Squad Captain").reading()[1]
    assert captain.status == "modelled"
    assert 'enters_with_counters_for_each(' in facts(captain) and 'f("other creature you control")' in facts(captain)
    bane = db.lookup("Heroes' Bane").reading()[1]
    assert bane.status == "modelled" and 'counters(self,"+1/+1",power(self))' in facts(bane)
    # a kind outside the CR's lists is not read
    from tests.test_grammar import read_line

    assert read_line("~ enters the battlefield with a +1/+1 counter on it for each zzz you control.").status == "not_modelled"


def test_bounce_shapes_and_a_last_if_sentence():
    # Captivating Gyre: "Return up to three target creatures to their owners' hands." (three targets, none the same);
    # River's Rebuke: "Return all nonland permanents target player controls to their owner's hand."; Temporal
    # Machinations: "... If you control an artifact, draw a card."; Blink of an Eye: "... If this spell was kicked, draw a
    # card." (CR 601.2c, 608.2c, 702.33d)
    db = with_files((str(Path(__file__).parent / "data" / "bounce_shapes.json"),))
    gyre = db.lookup("Captivating Gyre").reading()[0]
    assert gyre.status == "modelled" and gyre.parse == "return up to 3 target creatures to their owners' hands"
    for pair in ("1,2", "1,3", "2,3"):
        assert f"target_distinct(ab(\"Captivating Gyre\",front,1,spell_1),{pair})" in facts(gyre)
    rebuke = db.lookup("River's Rebuke").reading()[0]
    assert rebuke.status == "modelled" and 'bounce_all_of(target(1),f("nonland permanents"))' in facts(rebuke)
    machinations = db.lookup("Temporal Machinations").reading()[0]
    assert machinations.status == "modelled"
    assert 'if(controls(f("artifact you control"),1),draw(you,1))' in facts(machinations)
    blink = db.lookup("Blink of an Eye").reading()[1]
    assert blink.status == "modelled" and "if(kicked,draw(you,1))" in facts(blink)
    from tests.test_grammar import read_line

    # without kicker on the card, "if this spell was kicked" names nothing; after an instruction whose permanents the
    # rules don't follow off the battlefield, "if you control" is not read
    assert read_line("Return target creature to its owner's hand. If this spell was kicked, draw a card.", "Instant").status == "not_modelled"
    assert read_line("Destroy all creatures. If you control an artifact, draw a card.", "Sorcery").status == "not_modelled"


def test_a_permanent_put_on_top_or_on_the_bottom_of_its_owners_library():
    # Totally Lost: "Put target nonland permanent on top of its owner's library."; Eternal Isolation: "Put target creature
    # with power 4 or greater on the bottom of its owner's library." (CR 401.4)
    db = with_files((str(Path(__file__).parent / "data" / "library_shapes.json"),))
    lost = db.lookup("Totally Lost").reading()[0]
    assert lost.status == "modelled" and "put_library(target(1),top)" in facts(lost)
    iso = db.lookup("Eternal Isolation").reading()[0]
    assert iso.status == "modelled" and "put_library(target(1),bottom)" in facts(iso)
    assert db.lookup("Azorius Charm").reading()[3].status == "modelled"
    from tests.test_grammar import read_line

    # the middle of a library, or a library not its owner's, is not read
    assert read_line("Put target creature second from the top of its owner's library.", "Instant").status == "not_modelled"
    assert read_line("Put target creature on top of your library.", "Instant").status == "not_modelled"


def test_creatures_your_opponents_control_enter_tapped():
    # Kinjalli's Sunwing: "Creatures your opponents control enter the battlefield tapped." (CR 614.1c, 614.12)
    db = with_files((str(Path(__file__).parent / "data" / "check_lands.json"),))
    sunwing = db.lookup("Kinjalli's Sunwing").reading()[1]
    assert sunwing.status == "modelled" and "opponents_enter_tapped(" in facts(sunwing) and ",creature)" in facts(sunwing)
    from tests.test_grammar import read_line

    # a kind that isn't one card type is not read
    assert read_line("Nonbasic lands your opponents control enter the battlefield tapped.").status == "not_modelled"


def test_destroy_all_of_two_kinds_and_damage_to_each_of_two_kinds():
    # Cleansing Nova: "• Destroy all artifacts and enchantments."; Star of Extinction: "... deals 20 damage to each
    # creature and each planeswalker." (CR 701.8a, 120.3)
    db = with_files((str(Path(__file__).parent / "data" / "destroy_shapes.json"),))
    nova = db.lookup("Cleansing Nova").reading()[2]
    assert nova.status == "modelled" and 'destroy_all(f("artifacts and enchantments"))' in facts(nova)
    assert 'filter_lit(f("artifacts and enchantments"),2,pos(type(enchantment)))' in facts(nova)
    star = db.lookup("Star of Extinction").reading()[0]
    assert star.status == "modelled" and 'damage(each(f("creature or planeswalker")),20)' in facts(star)
    from tests.test_grammar import read_line

    assert read_line("~ deals 2 damage to each creature and each zzz.", "Sorcery").status == "not_modelled"
    assert read_line("Destroy all artifacts and zzzs.", "Sorcery").status == "not_modelled"


def test_a_token_created_tapped():
    # Graveyard Marshal: "{2}{B}, Exile a creature card from your graveyard: Create a tapped 2/2 black Zombie creature
    # token." (CR 111.2, 110.5b)
    db = with_files((str(Path(__file__).parent / "data" / "tapped_tokens.json"),))
    marshal = db.lookup("Graveyard Marshal").reading()[0]
    assert marshal.status == "modelled" and 'create_token_tapped("Zombie Token (2/2 black)",1)' in facts(marshal)


def test_activate_only_during_your_turn():
    # Vona, Butcher of Magan: "{T}, Pay 7 life: Destroy target nonland permanent. Activate this ability only during your
    # turn." (CR 602.5b)
    db = with_files((str(Path(__file__).parent / "data" / "your_turn_only.json"),))
    vona = db.lookup("Vona, Butcher of Magan").reading()[1]
    assert vona.status == "modelled" and "timing(" in facts(vona) and ",your_turn)" in facts(vona)
# ------------------------------------------------------------------------------------------------ planeswalkers' effects (issue 28)

PLANESWALKERS = Path(__file__).parent / "data" / "planeswalker_effects.json"


@pytest.mark.parametrize("card, n, parse, fact", [
    # a loyalty ability that adds mana: added as it resolves (CR 605.1a: no mana ability)
    ("Chandra, Novice Pyromancer", 2, "-1: add {R}{R}", "add_mana(r,2)"),
    ("Vraska, Relic Seeker", 3, "-10: target player's life total becomes 1", "life_becomes(target(1),1)"),
    ("Jace, Ingenious Mind-Mage", 2, "+1: untap all creatures you control", 'untap(each(f("creatures you control")))'),
])
def test_planeswalker_effects(card, n, parse, fact):
    ln = with_files((str(PLANESWALKERS),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse and fact in facts(ln)


def test_mana_added_by_an_activated_ability_with_more_effects_is_not_read_as_resolving():
    # "{T}: Add {C}. You gain 1 life." is a mana ability (CR 605.1a: it doesn't use the stack): its mana is not read as
    # an effect that resolves; "Add {R} or {G}" as a loyalty ability (a choice of color) is not read either
    from tests.test_grammar import read_line

    assert read_line("{T}: Add {C}. You gain 1 life.", "Artifact").status == "not_modelled"
    assert read_line("−1: Add {R} or {G}.", "Legendary Planeswalker — Chandra").status == "not_modelled"
    assert read_line("II — Add {R}{R}.", "Enchantment — Saga").status == "modelled"


# ------------------------------------------------------------------------------------------------ counterspells "unless its controller pays {N}" (issue 28)

COUNTER_UNLESS = Path(__file__).parent / "data" / "counter_unless.json"


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Mana Leak", 1, "counter target spell unless its controller pays {3}", "counter_unless_pays(target(1),3)"),
    ("Spell Pierce", 1, "counter target noncreature spell unless its controller pays {2}", 'spell(f("noncreature"))'),
    ("Convolute", 1, "counter target spell unless its controller pays {4}", "counter_unless_pays(target(1),4)"),
    ("Lookout's Dispersal", 2, "counter target spell unless its controller pays {4}", "counter_unless_pays(target(1),4)"),
])
def test_counterspells_unless_its_controller_pays(card, n, parse, fact):
    ln = with_files((str(COUNTER_UNLESS),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse and fact in facts(ln)


def test_counter_unless_pays_x_and_colored_mana():
    # Condescend's "{X}": the value announced for the counterspell (CR 107.3a); a colored payment isn't read
    from tests.test_grammar import read_line

    ln = with_files((str(COUNTER_UNLESS),)).lookup("Condescend").reading()[0]
    assert ln.status == "modelled" and "counter_unless_pays(target(1),x)" in facts(ln) and "scry(2)" in facts(ln)
    assert read_line("Counter target spell unless its controller pays {U}.", "Instant").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ "~ gets +1/+1 for each [permanent] you control" (issue 28)

FOR_EACH_SELF = Path(__file__).parent / "data" / "for_each_self.json"


@pytest.mark.parametrize("card, n, fact", [
    ("Deadeye Plunderers", 1, 'mod_pt_for_each(ab("Deadeye Plunderers",front,1,static_1),1,1,f("artifact you control"))'),
    ("Tempest Djinn", 2, 'mod_pt_for_each(ab("Tempest Djinn",front,2,static_2),1,0,f("basic island you control"))'),
    ("Benalish Honor Guard", 1, 'f("legendary creature you control")'),
    ("Rat Colony", 1, 'filter_lit(f("other rat you control"),1,pos(other))'),
])
def test_self_gets_for_each_permanent_you_control(card, n, fact):
    ln = with_files((str(FOR_EACH_SELF),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert "scope(" in facts(ln) and ",self)" in facts(ln) and fact in facts(ln)


def test_self_gets_for_each_card_in_a_graveyard_is_read_as_a_count():
    # Knight of the Reliquary's "for each land card in your graveyard": the cards in its controller's graveyard, counted
    # by rules/core/counts.lp (issue 28, e3), not by the shape of permanents you control; "for each creature" (whose?)
    # is still not read
    from tests.test_grammar import read_line

    ln = read_line("~ gets +1/+1 for each land card in your graveyard.")
    assert ln.status == "modelled" and "in_graveyard(" in facts(ln)
    assert read_line("~ gets +1/+1 for each creature.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ regenerate (issue 28)

REGENERATE = Path(__file__).parent / "data" / "regenerate.json"


@pytest.mark.parametrize("card, n, parse, fact", [
    ("Undercity Troll", 2, "{2}{G}: regenerate Undercity Troll", "regenerate(self)"),
    ("Spiritmonger", 2, "{B}: regenerate Spiritmonger", "regenerate(self)"),
    # "Regenerate it": the target of the effect before it (CR 608.2c)
    ("Butcher's Glee", 1, "target creature gets +3/+0 and gains lifelink until end of turn; regenerate it",
     "regenerate(target(1))"),
])
def test_regenerate(card, n, parse, fact):
    ln = with_files((str(REGENERATE),)).lookup(card).reading()[n - 1]
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse and fact in facts(ln)


def test_regenerate_target_creature_is_read():
    from tests.test_grammar import read_line

    ln = read_line("Regenerate target creature.", "Instant")
    assert ln.status == "modelled" and "regenerate(target(1))" in facts(ln)


def test_prevent_all_damage_to_creatures_this_turn():
    # Blinding Fog (Ixalan): a prevention effect until the turn ends, and hexproof for the caster's creatures (CR 615.1a)
    db = with_files((str(Path(__file__).parent / "data" / "prevention_to_creatures.json"),))
    ln = db.lookup("Blinding Fog").reading()[0]
    assert ln.status == "modelled"
    assert "apply(prevent_damage_to_creatures,none,end_of_turn)" in facts(ln)
    assert 'apply(gains(hexproof),each(f("creatures you control")),end_of_turn)' in facts(ln)


def test_mana_for_each_artifact_named_itself():
    # Powerstone Shard (Dominaria): "{T}: Add {C} for each artifact you control named Powerstone Shard." (CR 201.2)
    db = with_files((str(Path(__file__).parent / "data" / "powerstone_shard.json"),))
    ln = db.lookup("Powerstone Shard").reading()[0]
    assert ln.status == "modelled"
    assert 'produces(ab("Powerstone Shard",front,1,mana_1),c,count(f("artifact you control named powerstone shard")))' in facts(ln)
    assert 'pos(named("Powerstone Shard"))' in facts(ln)


def test_counters_where_x_is_your_life_total():
    # Ajani, Wise Counselor's −9 (Core Set 2019): X is the controller's life total as it resolves (CR 107.3c)
    ln = line("Ajani, Wise Counselor", 3)
    assert ln.status == "modelled"
    assert 'counters(target(1),"+1/+1",your_life)' in facts(ln)


def test_loyalty_counters_on_a_planeswalker_you_control():
    # Settle the Score (Dominaria): no target for the counters; chosen as it resolves (CR 608.2c)
    ln = with_files((str(PLANESWALKERS),)).lookup("Settle the Score").reading()[0]
    assert ln.status == "modelled"
    assert 'counters_chosen(f("planeswalker you control"),"loyalty",2)' in facts(ln)


def test_protection_from_the_color_of_your_choice():
    # Gods Willing (Core Set 2020): the color chosen as it resolves (CR 608.2d, 702.16a)
    db = with_files((str(Path(__file__).parent / "data" / "protection_choice.json"),))
    ln = db.lookup("Gods Willing").reading()[0]
    assert ln.status == "modelled"
    assert "apply(gains_protection_chosen,target(1),end_of_turn)" in facts(ln) and "scry(1)" in facts(ln)


def test_damage_to_target_player_and_each_creature_and_planeswalker_they_control():
    # Chandra, Bold Pyromancer's −7 (Dominaria): the same 10 damage to the player and to each of their creatures and
    # planeswalkers (CR 608.2c)
    ln = with_files((str(PLANESWALKERS),)).lookup("Chandra, Bold Pyromancer").reading()[2]
    assert ln.status == "modelled"
    assert "damage(target(1),10)" in facts(ln)
    assert 'damage(each_of(target(1),f("creature and planeswalker")),10)' in facts(ln)


# ------------------------------------------------------------------------------------------------ e4 (issue 28): hexproof variants

def test_hexproof_from_a_color_is_a_keyword_of_that_color():
    # CR 702.11d: "Hexproof from black (This creature can't be the target of black spells or abilities your opponents
    # control.)" (Knight of Grace), "Hexproof from white" (Knight of Malice)
    db = with_files((str(Path(__file__).parent / "data" / "e4_hexproof.json"),))
    grace = db.lookup("Knight of Grace").reading()[1]
    assert grace.status == "modelled" and grace.parse == "hexproof from black"
    assert 'keyword(ab("Knight of Grace",front,2,hexproof_from_black),hexproof_from_black)' in facts(grace)
    malice = db.lookup("Knight of Malice").reading()[1]
    assert malice.status == "modelled" and malice.names == ["hexproof_from_white"]
    from tests.test_grammar import read_line

    assert read_line("Hexproof from creatures", "Creature — Spirit").status == "not_modelled"


def test_you_have_hexproof():
    # CR 702.11c: "You have hexproof. (You can't be the target of spells or abilities your opponents control.)"
    # (Leyline of Sanctity)
    db = with_files((str(Path(__file__).parent / "data" / "e4_hexproof.json"),))
    ln = db.lookup("Leyline of Sanctity").reading()[1]
    assert ln.status == "modelled" and ln.parse == "you have hexproof"
    assert 'restriction(ab("Leyline of Sanctity",front,2,static_2),player_hexproof(you))' in facts(ln)


# ------------------------------------------------------------------------------------------------ e4 (issue 28): combat damage by toughness

@pytest.mark.parametrize("card, n, fact", [
    ("Belligerent Brontodon", 1, 'scope(ab("Belligerent Brontodon",front,1,static_1),each(f("creature you control")))'),
    ("Assault Formation", 1, 'scope(ab("Assault Formation",front,1,static_1),each(f("creature you control")))'),
    ("Gauntlets of Light", 2, 'mod_pt(ab("Gauntlets of Light",front,2,static_2),0,2)'),
])
def test_assigns_combat_damage_equal_to_its_toughness(card, n, fact):
    # CR 510.1a, 101.1: "Each creature you control assigns combat damage equal to its toughness rather than its power.",
    # "Enchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather than its power."
    db = with_files((str(Path(__file__).parent / "data" / "e4_combat_damage.json"),))
    ln = db.lookup(card).reading()[n - 1]
    assert ln.status == "modelled" and ln.parse.endswith("assigns combat damage equal to its toughness rather than its power")
    assert fact in facts(ln) and ",assigns_damage_by_toughness)" in facts(ln)


# ------------------------------------------------------------------------------------------------ e4 (issue 28): exile instead of dying

@pytest.mark.parametrize("card, fact", [
    ("Anger of the Gods", "exile_if_dies(dealt(1))"),
    ("Pillar of Flame", "exile_if_dies(dealt(1))"),
    ("Reduce to Ashes", "exile_if_dies(target(1))"),
])
def test_would_die_this_turn_exile_it_instead(card, fact):
    # CR 614.1a, 614.6: "If a creature dealt damage this way would die this turn, exile it instead.", "If that creature
    # would die this turn, exile it instead." (the spell's second sentence, its second effect)
    db = with_files((str(Path(__file__).parent / "data" / "e4_exile_if_dies.json"),))
    ln = db.lookup(card).reading()[0]
    assert ln.status == "modelled" and ln.parse.endswith("would die this turn, exile it instead")
    assert f",2,{fact})" in facts(ln)


def test_exile_instead_needs_a_damage_effect_before_it():
    from tests.test_grammar import read_line

    assert read_line("Destroy target creature. If that creature would die this turn, exile it instead.",
                     "Instant").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ e4 (issue 28): Rampaging Ferocidon

def test_players_cant_gain_life_and_damage_to_that_creatures_controller():
    # CR 119.7: "Players can't gain life."; CR 603.2, 608.2h: "Whenever another creature enters the battlefield, Rampaging
    # Ferocidon deals 1 damage to that creature's controller."
    db = with_files((str(Path(__file__).parent / "data" / "e4_ferocidon.json"),))
    _, cant, trig = db.lookup("Rampaging Ferocidon").reading()
    assert cant.status == "modelled" and cant.parse == "players can't gain life"
    assert 'restriction(ab("Rampaging Ferocidon",front,2,static_2),cant_gain_life(players))' in facts(cant)
    assert trig.status == "modelled"
    assert trig.parse == "whenever another creature enters, Rampaging Ferocidon deals 1 damage to that creature's controller"
    assert "damage(data_controller,1)" in facts(trig)
    from tests.test_grammar import read_line

    # "that creature's controller" is read only where the trigger event was about a creature entering
    assert read_line("Whenever you cast a spell, ~ deals 1 damage to that creature's controller.",
                     "Creature — Dinosaur").status == "not_modelled"


def test_target_player_sacrifices_an_attacking_creature():
    # CR 701.21a: "Target player sacrifices an attacking creature." (Wing Shards)
    db = with_files((str(Path(__file__).parent / "data" / "e4_wing_shards.json"),))
    ln = db.lookup("Wing Shards").reading()[0]
    assert ln.status == "modelled" and ln.parse == "target player sacrifices an attacking creature"
    assert 'sacrifice_chosen(target(1),f("attacking creature"))' in facts(ln)


def test_cant_be_blocked_this_turn_except_by():
    # CR 509.1b, 611.2a: "{3}{U}: Another target creature you control can't be blocked this turn except by Spirits."
    # (Departed Deckhand)
    ln = line("Departed Deckhand", 3)
    assert ln.status == "modelled"
    assert ln.parse == "{3}{U}: another target creature you control can't be blocked this turn except by Spirits"
    assert 'apply(cant_be_blocked_except_by(f("spirits")),target(1),end_of_turn)' in facts(ln)


def test_as_long_as_two_or_more_creatures_are_blocking_it():
    # CR 611.3a, 509.1h: "Rampaging Cyclops gets -2/-0 as long as two or more creatures are blocking it."
    db = with_files((str(Path(__file__).parent / "data" / "e4_cyclops.json"),))
    ln = db.lookup("Rampaging Cyclops").reading()[0]
    assert ln.status == "modelled"
    assert 'as_long_as(ab("Rampaging Cyclops",front,1,static_1),blocked_by_ge(2))' in facts(ln)
    assert 'mod_pt(ab("Rampaging Cyclops",front,1,static_1),-2,0)' in facts(ln)
    from tests.test_grammar import read_line

    # only as a permanent's own condition: not as an activated ability's
    assert read_line("{T}: Draw a card. Activate only if two or more creatures are blocking it.",
                     "Creature — Cyclops").status == "not_modelled"
E3_STATICS = Path(__file__).parent / "data" / "e3_statics.json"


@pytest.mark.parametrize("name, i, wanted", [
    # "All creatures get -1/-1." (Night of Souls' Betrayal): every creature, whoever controls it (CR 611.3a)
    ("Night of Souls' Betrayal", 0, ['scope(ab("Night of Souls\' Betrayal",front,1,static_1),each(f("creatures")))',
                                     'mod_pt(ab("Night of Souls\' Betrayal",front,1,static_1),-1,-1)']),
    # "Other Wolves and Werewolves you control get +1/+1.": "and" joins two kinds, either one
    ("Nightpack Ambusher", 1, ['filter_lit(f("other wolves and werewolves you control"),2,pos(subtype("werewolf")))',
                               'filter_lit(f("other wolves and werewolves you control"),2,pos(other))']),
    # "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.": either filter
    ("Death Baron", 0, ['filter_lit(f("skeletons you control and other zombies you control"),1,pos(subtype("skeleton")))',
                        'filter_lit(f("skeletons you control and other zombies you control"),2,pos(other))',
                        'grants(ab("Death Baron",front,1,static_1),deathtouch)']),
    # "Each other creature you control that's a Fungus or Saproling gets +1/+1.": a creature of either subtype
    ("Sporecrown Thallid", 0, ['filter_lit(f("other creature you control that\'s a fungus or saproling"),2,pos(subtype("saproling")))',
                               'filter_lit(f("other creature you control that\'s a fungus or saproling"),2,pos(type(creature)))']),
    # "~ gets +1/+1 as long as you control another Merfolk or an Island.": "another" is the Merfolk's only
    ("Kumena's Speaker", 0, ['filter_lit(f("island or another merfolk you control"),2,pos(other))',
                             'as_long_as(ab("Kumena\'s Speaker",front,1,static_1),controls(f("island or another merfolk you control"),1))']),
])
def test_more_anthems_and_lords(name, i, wanted):
    ln = with_files((str(E3_STATICS),)).lookup(name).reading()[i]
    assert ln.status == "modelled"
    got = facts(ln)
    for w in wanted:
        assert w in got
    assert 'filter_lit(f("island or another merfolk you control"),1,pos(other))' not in got


@pytest.mark.parametrize("name, i, wanted", [
    # a characteristic-defining ability (CR 604.3): every zone; the toughness printed beside "*"
    ("Ironroot Warlord", 0, ['cda_pt(ab("Ironroot Warlord",front,1,static_1),power,on_battlefield(f("creatures you control")))',
                             'cda_pt(ab("Ironroot Warlord",front,1,static_1),toughness,fixed(5))',
                             'functions_in(ab("Ironroot Warlord",front,1,static_1),hand)']),
    ("Tishana, Voice of Thunder", 0, ['cda_pt(ab("Tishana, Voice of Thunder",front,1,static_1),toughness,in_hand)']),
    ("Enigma Drake", 1, ['cda_pt(ab("Enigma Drake",front,2,static_2),power,in_graveyard(f("instant and sorcery cards [you_own]")))']),
    # +N/+N for each card in a graveyard, for each Aura and Equipment attached to it (CR 613.4c)
    ("Knight of the Reliquary", 0, ['mod_pt_count(ab("Knight of the Reliquary",front,1,static_1),1,1,in_graveyard(f("land card [you_own]")))']),
    ("Wight of Precinct Six", 0, ['filter_lit(f("creature card [opponent_owns]"),1,pos(opponent_owns))']),
    ("Multani, Yavimaya's Avatar", 1, ['sum(on_battlefield(f("land you control")),in_graveyard(f("land card [you_own]")))']),
    ("Champion of the Flame", 1, ['mod_pt_count(ab("Champion of the Flame",front,2,static_2),2,2,attached(f("aura and equipment")))']),
])
def test_power_and_toughness_from_a_count(name, i, wanted):
    ln = with_files((str(E3_STATICS),)).lookup(name).reading()[i]
    assert ln.status == "modelled"
    got = facts(ln)
    for w in wanted:
        assert w in got


@pytest.mark.parametrize("name, i, wanted", [
    # "Target creature has base power and toughness 1/1 until end of turn." (layer 7b, CR 613.4b)
    ("Diminish", 0, ['apply(base_pt(1,1),target(1),end_of_turn)']),
    # both conditions of "as long as ... and ..." (CR 611.3a)
    ("Blood Baron of Vizkopa", 1, ['as_long_as(ab("Blood Baron of Vizkopa",front,2,static_2),life_ge(30))',
                                   'as_long_as(ab("Blood Baron of Vizkopa",front,2,static_2),opponent_life_le(10))']),
    ("Path of Bravery", 0, ['as_long_as(ab("Path of Bravery",front,1,static_1),life_ge_starting)',
                            'scope(ab("Path of Bravery",front,1,static_1),each(f("creatures you control")))']),
    # an Aura's or Equipment's layer-4 effect (CR 613.1d, 205.1b, 205.4)
    ("Dub", 1, ['adds_subtype(ab("Dub",front,2,static_2),"knight")', 'scope(ab("Dub",front,2,static_2),enchanted)']),
    ("Sigiled Sword of Valeron", 0, ['adds_subtype(ab("Sigiled Sword of Valeron",front,1,static_1),"knight")',
                                     'scope(ab("Sigiled Sword of Valeron",front,1,static_1),equipped)']),
    ("On Serra's Wings", 1, ['adds_supertype(ab("On Serra\'s Wings",front,2,static_2),legendary)',
                             'grants(ab("On Serra\'s Wings",front,2,static_2),lifelink)']),
    ("In Bolas's Clutches", 2, ['adds_supertype(ab("In Bolas\'s Clutches",front,3,static_3),legendary)']),
    # "Equip legendary creature {3}" (CR 702.6a): the target it may take
    ("Blackblade Reforged", 1, ['equip_quality(ab("Blackblade Reforged",front,2,equip),f("other legendary creature you control"))',
                                'keyword(ab("Blackblade Reforged",front,2,equip),equip)']),
])
def test_characteristics_set_or_added(name, i, wanted):
    ln = with_files((str(E3_STATICS),)).lookup(name).reading()[i]
    assert ln.status == "modelled"
    got = facts(ln)
    for w in wanted:
        assert w in got
