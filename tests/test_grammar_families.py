"""Reading tests of the card-text families of issue 27 added after the grammar's first half: each real card's
line (tests/data/real_sets_sample.json, as Scryfall's files of its set print it) -> its status, the ability
written back in words (`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out
in tests/rules/card_families/ (a rule case per card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules.cards.db import with_files

SAMPLE = Path(__file__).parent / "data" / "real_sets_sample.json"


def line(card: str, n: int):
    return with_files((str(SAMPLE),)).lookup(card).reading()[n - 1]


def facts(ln) -> str:
    return " ".join(str(f) for f in ln.facts)


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


def test_a_static_scope_by_keyword_is_read_with_what_is_missing():
    # Favorable Winds: "Creatures you control with flying get +1/+1." — which creatures have flying is known only
    # after layer 6 (CR 613.8): `read`, never a silently wrong P/T
    ln = line("Favorable Winds", 1)
    assert ln.status == "read" and "613.8" in ln.missing[0]


def test_a_keyword_with_no_rules_in_a_filter_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Destroy target creature with rebound.", "Instant").status == "not_modelled"


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
    # a quality other than a color isn't read (protection from creatures, from everything: 702.16j)
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
    from tests.test_grammar import read_line

    assert read_line("+1: Put a +1/+1 counter on each of up to two target creatures.").status == "not_modelled"


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
