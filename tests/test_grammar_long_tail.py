"""Reading tests of issue 28's long tail (the families "13 damage", "2 attack/block/combat damage triggers", "+1/+1
and -1/-1 counters", "draw, discard, mill, scry, surveil"): each real card's line (tests/data/real_sets_long_tail.json,
as Scryfall's files of its set print it) -> its status, the ability written back in words (`parse`) and the
vocabulary facts the rules interpret. Their behaviour is played out in tests/rules/card_families/ (damage_shapes.yaml
and the files named in each section)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

SAMPLE = Path(__file__).parent / "data" / "real_sets_long_tail.json"


line = lines_of(SAMPLE)


def assert_modelled(card: str, n: int, parse: str, *fact: str):
    """Line n of the card is modelled, written back as `parse`, with each fact among its facts."""
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse == parse
    for f in fact:
        assert f in facts(ln)
    return ln


def made_up(text: str, type_line: str = "Instant"):
    from tests.test_grammar import read_line

    return read_line(text, type_line)


# ------------------------------------------------------------------------------------------------ damage (damage_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Chandra's Outrage", 1, "Chandra's Outrage deals 4 damage to target creature; Chandra's Outrage deals 2 damage to "
     "that creature's controller", ["damage(target(1),4)", "damage(controller_of(target(1)),2)"]),
    ("Rabid Bite", 1, "target creature you control deals damage equal to its power to target creature you don't control",
     ['target(ab("Rabid Bite",front,1,spell_1),2,permanent(f("creature you don\'t control")))', "bite(target(1),target(2))"]),
    ("Rile", 1, "Rile deals 1 damage to target creature you control; that creature gains trample until end of turn",
     ["damage(target(1),1)", "apply(gains(trample),target(1),end_of_turn)"]),
    ("Sorcerer of the Fang", 1, "{5}{B}, {T}: Sorcerer of the Fang deals 2 damage to target opponent or planeswalker",
     ["opponent_or_planeswalker", "damage(target(1),2)"]),
    ("Sun-Crowned Hunters", 1, "whenever Sun-Crowned Hunters is dealt damage, it deals 3 damage to target opponent or "
     "planeswalker", ["dealt_damage(self)", "opponent_or_planeswalker"]),
    ("Gideon's Reproach", 1, "Gideon's Reproach deals 4 damage to target attacking or blocking creature",
     ['filter_lit(f("attacking or blocking creature"),1,pos(attacking))',
      'filter_lit(f("attacking or blocking creature"),1,pos(type(creature)))',
      'filter_lit(f("attacking or blocking creature"),2,pos(blocking))',
      'filter_lit(f("attacking or blocking creature"),2,pos(type(creature)))']),
    ("Radiating Lightning", 1, "Radiating Lightning deals 3 damage to target player; Radiating Lightning deals 1 damage to "
     "each creature that player controls", ["damage(target(1),3)", 'damage(each_of(target(1),f("creature")),1)']),
    ("Vent Sentinel", 2, "{1}{R}, {T}: Vent Sentinel deals X damage to target player or planeswalker, where X is the "
     "number of creatures with defender you control",
     ['damage(target(1),count(f("creatures with defender you control")))',
      'filter_lit(f("creatures with defender you control"),1,pos(keyword(defender)))']),
])
def test_damage_shapes_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_colors_before_or_describe_the_kind_named_once_at_the_end():
    # "target white or blue creature": a white creature or a blue creature — not any white permanent
    ln = made_up("Destroy target white or blue creature.")
    assert ln.status == "modelled"
    f = facts(ln)
    assert 'filter_lit(f("white or blue creature"),1,pos(type(creature)))' in f
    assert 'filter_lit(f("white or blue creature"),2,pos(type(creature)))' in f


def test_that_creature_needs_a_creature_targeted_before():
    # "That creature gains trample" with no creature targeted before it names nothing the reader knows: not modelled
    assert made_up("Draw a card. That creature gains trample until end of turn.").status == "not_modelled"
    assert made_up("Test Card deals 2 damage to target player. That creature gains trample until end of turn."
                   ).status == "not_modelled"


# ------------------------------------------------------------------------------------------------ attack, block and combat damage triggers (combat_triggers.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Howling Golem", 1, "whenever Howling Golem attacks or blocks, each player draws a card",
     ["attacks(self)", "blocks(self)", "draw(each_player,1)"]),
    ("Shriekgeist", 2, "whenever Shriekgeist deals combat damage to a player, that player puts the top 2 card(s) of their "
     "library into their graveyard", ["combat_damage_to_player(self)", "mill(data_player,2)"]),
    ("Fell Flagship", 2, "whenever Fell Flagship deals combat damage to a player, that player discards a card",
     ["discard(data_player,1)"]),
    ("Dragon Mage", 2, "whenever Dragon Mage deals combat damage to a player, each player discards their hand; each player "
     "draws 7 cards", ["discard_hand(each_player)", "draw(each_player,7)"]),
    ("Tomebound Lich", 3, "when Tomebound Lich enters or deals combat damage to a player, you draw a card; discard a card",
     ["enters(self)", "combat_damage_to_player(self)", "draw(you,1)", "discard(you,1)"]),
    ("Sanctum Seeker", 1, "whenever a Vampire you control attacks, each opponent loses 1 life; you gain 1 life",
     ['attacks(f("vampire you control"))']),
    ("Windreader Sphinx", 2, "whenever a creature with flying attacks, you may draw a card",
     ['attacks(f("creature with flying"))', "may(draw(you,1))"]),
    ("Scorch Spitter", 1, "whenever Scorch Spitter attacks, it deals 1 damage to the player or planeswalker it's attacking",
     ["attacks(self)", "damage(attacked,1)"]),
])
def test_attack_block_and_combat_damage_triggers_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_that_player_and_the_attacked_need_a_trigger_that_names_them():
    # "that player" is the player a combat damage trigger is about; in an enter trigger it names no one the reader
    # knows, and "the player or planeswalker it's attacking" needs an attack trigger: not modelled
    assert made_up("When Test Card enters the battlefield, that player discards a card.", "Creature — Elf").status == "not_modelled"
    assert made_up("When Test Card enters the battlefield, it deals 1 damage to the player or planeswalker it's attacking.",
                   "Creature — Elf").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ "your opponents control", "you may have", "if you control", discards (conditions_and_discards.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Uncomfortable Chill", 1, "Creatures your opponents control get -2/+0 until end of turn",
     ['filter_lit(f("creatures your opponents control"),1,pos(opponent_controls))',
      'apply(pump(-2,0),each(f("creatures your opponents control")),end_of_turn)']),
    ("Plague Mare", 2, "when Plague Mare enters, creatures your opponents control get -1/-1 until end of turn",
     ['apply(pump(-1,-1),each(f("creatures your opponents control")),end_of_turn)']),
    ("Anointed Deacon", 1, "at the beginning of combat on your turn, you may have target Vampire get +2/+0 until end of "
     "turn", ["may(apply(pump(2,0),target(1),end_of_turn))"]),
    ("Tilonalli's Knight", 1, "whenever Tilonalli's Knight attacks, if you control a Dinosaur, Tilonalli's Knight gets "
     "+1/+1 until end of turn", ['intervening_if(ab("Tilonalli\'s Knight",front,1,trigger_1),controls(f("dinosaur you control"),1))']),
    ("Colossal Majesty", 1, "at the beginning of your upkeep, if you control a creature with power 4 or greater, you "
     "draw a card", ['controls(f("creature you control with power 4 or greater"),1)', "pos(power_ge(4))"]),
    ("Karplusan Hound", 1, "whenever Karplusan Hound attacks, if you control a Chandra planeswalker, this creature "
     "deals 2 damage to any target", ['controls(f("chandra planeswalker you control"),1)']),
    ("Cephalid Broker", 1, "{T}: target player draws 2 cards; that player discards 2 card(s)",
     ["draw(target(1),2)", "discard(target(1),2)"]),
    ("Fell Specter", 3, "whenever an opponent discards a card, that player loses 2 life",
     ["discards(opponent)", "lose_life(discarder,2)"]),
])
def test_conditions_and_discards_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_an_intervening_if_of_a_word_outside_the_lists_is_not_read():
    assert made_up("Whenever Test Card attacks, if you control a zzz, draw a card.", "Creature — Elf").status == "not_modelled"
    # "that player discards" names the player who discarded only in a discard trigger
    assert made_up("When Test Card enters the battlefield, that player loses 2 life.", "Creature — Elf").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ +1/+1 counters (counters_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Heroes' Bane", 1, "Heroes' Bane enters with 4 +1/+1 counter(s) on it", ['enters_with_counters(ab("Heroes\' Bane",'
                                                                             'front,1,static_1),"+1/+1",4,always)']),
    ("Ivy Elemental", 1, "Ivy Elemental enters with X +1/+1 counter(s) on it", ['"+1/+1",x,always)']),
    ("Rigging Runner", 2, "Rigging Runner enters with 1 +1/+1 counter(s) on it if you attacked with a creature this turn",
     ['"+1/+1",1,attacked_this_turn(you))']),
    ("Hunt the Weak", 1, "put 1 +1/+1 counter(s) on target creature you control; then that creature fights target "
     "creature you don't control", ['counters(target(1),"+1/+1",1)', "fight(target(1),target(2))"]),
    ("River Heralds' Boon", 1, "put 1 +1/+1 counter(s) on target creature; put 1 +1/+1 counter(s) on up to one target "
     "Merfolk", ['counters(target(2),"+1/+1",1)', 'target_optional(ab("River Heralds\' Boon",front,1,spell_1),2)']),
    ("Arbor Armament", 1, "put 1 +1/+1 counter(s) on target creature; that creature gains reach until end of turn",
     ["apply(gains(reach),target(1),end_of_turn)"]),
    ("Crowned Ceratok", 2, "each creature you control with a +1/+1 counter on it has trample",
     ['filter_lit(f("creature you control with a +1/+1 counter on it"),1,pos(counter("+1/+1")))', "grants("]),
])
def test_counters_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_then_that_creature_fights_needs_a_creature_targeted_before():
    assert made_up("Draw a card. Then that creature fights target creature you don't control.", "Sorcery").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ pump for each, "untap them", "unless", "if it's" (pump_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Lavakin Brawler", 1, "whenever Lavakin Brawler attacks, it gets +1/+0 until end of turn for each Elemental you control",
     ['apply(pump_for_each(1,0,count(f("elemental you control"))),self,end_of_turn)']),
    ("Dire Fleet Captain", 1, "whenever Dire Fleet Captain attacks, it gets +1/+1 until end of turn for each other "
     "attacking Pirate", ['pump_for_each(1,1,count(f("other attacking pirate")))']),
    ("Might of the Masses", 1, "target creature gets +1/+1 until end of turn for each creature you control",
     ['apply(pump_for_each(1,1,count(f("creature you control"))),target(1),end_of_turn)']),
    ("Rallying Roar", 1, "Creatures you control get +1/+1 until end of turn; untap them",
     ['untap(each(f("creatures you control")))']),
    ("Chart a Course", 1, "you draw 2 cards; then discard 1 card(s) unless you attacked with a creature this turn",
     ["unless(attacked_this_turn(you),discard(you,1))"]),
    ("Vampire's Zeal", 1, "target creature gets +2/+2 until end of turn; if it's Vampire, it gains first strike until end "
     "of turn", ['if_is(target(1),f("vampire"),apply(gains(first_strike),target(1),end_of_turn))']),
    ("Blessing of Belzenlok", 1, "target creature gets +2/+1 until end of turn; if it's legendary, it gains lifelink until "
     "end of turn", ['if_is(target(1),f("legendary"),apply(gains(lifelink),target(1),end_of_turn))']),
    ("Memorial to Unity", 3, "{2}{G}, {T}, sacrifice Memorial to Unity: look at the top 5 cards of your library; you may "
     "reveal a creature card from among them and put it into your hand; put the rest on the bottom of your library",
     ['dig(5,f("creature"))']),
])
def test_pump_for_each_and_more_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_untap_them_needs_the_permanents_just_named():
    assert made_up("Draw a card. Untap them.").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ tokens attacking, "defending player" (combat_triggers.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Leonin Warleader", 1, "whenever Leonin Warleader attacks, create 2 1/1 white Cat creature token with lifelink that "
     "are tapped and attacking", ['create_token_attacking("Cat Token (1/1 white, lifelink)",2)']),
    ("Skyknight Vanguard", 2, "whenever Skyknight Vanguard attacks, create 1 1/1 white Soldier creature token that are "
     "tapped and attacking", ['create_token_attacking("Soldier Token (1/1 white)",1)']),
    ("Star-Crowned Stag", 1, "whenever Star-Crowned Stag attacks, tap target creature defending player controls",
     ['defending(f("creature"))', "tap(target(1))"]),
    ("Heart-Piercer Bow", 1, "whenever equipped creature attacks, Heart-Piercer Bow deals 1 damage to target creature "
     "defending player controls", ["attacks(equipped)", 'defending(f("creature"))', "damage(target(1),1)"]),
    ("Ancient Animus", 1, "put 1 +1/+1 counter(s) on target creature you control if it's legendary; then it fights target "
     "creature an opponent controls", ['if_is(target(1),f("legendary"),counters(target(1),"+1/+1",1))',
                                       "fight(target(1),target(2))"]),
])
def test_tokens_attacking_and_defending_player_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_defending_player_needs_an_attack_trigger():
    assert made_up("When Test Card enters the battlefield, tap target creature defending player controls.",
                   "Creature — Elf").status == "not_modelled"
    assert made_up("When Test Card enters the battlefield, create a 1/1 white Soldier creature token that's tapped and "
                   "attacking.", "Creature — Elf").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ draw triggers (conditions_and_discards.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Psychic Corrosion", 1, "whenever you draw a card, each opponent puts the top 2 card(s) of their library into their "
     "graveyard", ["draws(you)", "mill(each_opponent,2)"]),
    ("Consecrated Sphinx", 2, "whenever an opponent draws a card, you may draw 2 cards",
     ["draws(opponent)", "may(draw(you,2))"]),
])
def test_draw_triggers_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


# ------------------------------------------------------------------------------------------------ "put one of them into your hand" (pump_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Anticipate", 1, "look at the top 3 cards of your library; put 1 of them into your hand and the rest on the bottom of "
     "your library", ["dig_put(3,1)"]),
    ("Drawn from Dreams", 1, "look at the top 7 cards of your library; put 2 of them into your hand and the rest on the "
     "bottom of your library", ["dig_put(7,2)"]),
])
def test_dig_put_is_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_hand_is_a_kind_of_choice():
    # `choose: {hand: [ids]}` names the cards "put one of them into your hand" takes; an unknown kind is refused naming it
    from pyrules.input.actions import ID_CHOICES

    assert "hand" in ID_CHOICES


@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Fervent Strike", 1, "target creature gets +1/+0 and gains first strike until end of turn; it gains haste until end "
     "of turn", ["apply(gains(first_strike),target(1),end_of_turn)", "apply(gains(haste),target(1),end_of_turn)"]),
    ("Navigator's Ruin", 1, "at the beginning of your end step, if you attacked with a creature this turn, target "
     "opponent puts the top 4 card(s) of their library into their graveyard", ["mill(target(1),4)", ",opponent)"]),
])
def test_two_keywords_and_target_opponent_mill_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


# ------------------------------------------------------------------------------------------------ "each of up to two target creatures" (damage_shapes.yaml)

@pytest.mark.parametrize("card, n, facts_", [
    ("Dual Shot", 1, ["damage(target(1),1)", "damage(target(2),1)", 'target_distinct(ab("Dual Shot",front,1,spell_1),1,2)',
                      'target_optional(ab("Dual Shot",front,1,spell_1),2)']),
    ("Fire Shrine Keeper", 2, ["damage(target(1),3)", "damage(target(2),3)", "target_distinct("]),
    ("Soul Salvage", 1, ["bounce(target(1))", "bounce(target(2))", "target_distinct(", "card_in_graveyard("]),
])
def test_up_to_two_targets_are_read(card, n, facts_):
    ln = line(card, n)
    assert ln.status == "modelled", ln.text
    assert ln.parse.endswith("(each of up to two targets, never the same)")
    for f in facts_:
        assert f in facts(ln)


def test_discarding_a_card_just_returned_to_the_hand_is_read():
    # Macabre Waltz: "Return up to two target creature cards from your graveyard to your hand, then discard a card." —
    # the cards just returned may be discarded (608.2c; rules/timeline/effects.lp, changes.lp; issue 28: played out in
    # tests/rules/card_families/single_shapes.yaml)
    ln = line("Macabre Waltz", 1)
    assert ln.status == "modelled", ln.text
    assert "discard(you,1)" in facts(ln)


# ------------------------------------------------------------------------------------------------ a card by name; the top card (pump_shapes.yaml)

@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Renowned Weaponsmith", 2, "{U}, {T}: search your library for a card named Heart-Piercer Bow or Vial of Dragonfire, "
     "put it into your hand, then shuffle", ['pos(named("Heart-Piercer Bow"))', 'pos(named("Vial of Dragonfire"))',
                                            'search(f("card named Heart-Piercer Bow or Vial of Dragonfire"),hand)']),
    ("Elvish Clancaller", 2, "{4}{G}{G}, {T}: search your library for a card named Elvish Clancaller, put it onto the "
     "battlefield, then shuffle", ['pos(named("Elvish Clancaller"))']),
    ("Dryad Greenseeker", 1, "{T}: look at the top card of your library; if it's a land card, you may put it into your hand",
     ['peek_top(f("land"))']),
])
def test_search_by_name_and_the_top_card_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_a_name_must_be_capitalized_words():
    assert made_up("Search your library for a card named zzz, put it into your hand, then shuffle.", "Sorcery").status \
        == "not_modelled"


@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Leonin Vanguard", 1, "at the beginning of combat on your turn, if you control 3 or more creatures, Leonin Vanguard "
     "gets +1/+1 until end of turn; you gain 1 life", ['controls(f("creatures you control"),3)']),
    ("Lead the Stampede", 1, "look at the top 5 cards of your library; you may reveal any number of creature cards from "
     "among them and put them into your hand; put the rest on the bottom of your library", ['dig_any(5,f("creature"))']),
    ("Inspiring Call", 1, "draw a card for each creature you control with a +1/+1 counter on it; those creatures gain "
     "indestructible until end of turn",
     ['draw(you,count(f("creature you control with a +1/+1 counter on it")))',
      'apply(gains(indestructible),each(f("creature you control with a +1/+1 counter on it")),end_of_turn)']),
])
def test_counts_and_any_number_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Surge Mare", 2, "whenever Surge Mare deals damage to an opponent, you may draw a card; if you do, discard a card",
     ["deals_damage(self,opponent)", "may_then(draw(you,1),discard(you,1))"]),
    ("Chandra's Spitfire", 2, "whenever an opponent is dealt noncombat damage, Chandra's Spitfire gets +3/+0 until end of "
     "turn", ["dealt_noncombat_damage(opponent)"]),
    ("Elusive Spellfist", 1, "whenever you cast a noncreature spell, Elusive Spellfist gets +1/+0 until end of turn; it "
     "can't be blocked this turn", ["apply(cant_be_blocked,self,end_of_turn)"]),
    ("Pack Mastiff", 1, "{1}{R}: creature you control named Pack Mastiff get +1/+0 until end of turn",
     ['pos(named("Pack Mastiff"))', 'apply(pump(1,0),each(f("creature you control named pack mastiff")),end_of_turn)']),
])
def test_damage_triggers_and_named_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Fry", 2, "Fry deals 5 damage to target creature or planeswalker that's white or blue",
     ['filter_lit(f("creature or planeswalker that\'s white or blue"),4,pos(type(planeswalker)))',
      'filter_lit(f("creature or planeswalker that\'s white or blue"),4,pos(color(blue)))']),
    ("Devout Decree", 1, "exile target creature or planeswalker that's black or red; scry 1",
     ['filter_lit(f("creature or planeswalker that\'s black or red"),1,pos(color(black)))', "scry(1)"]),
])
def test_thats_two_colors_is_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


@pytest.mark.parametrize("card, n, parse, facts_", [
    ("Mavren Fein, Dusk Apostle", 1, "whenever one or more nontoken Vampires you control attack, create 1 1/1 white Vampire "
     "creature token with lifelink", ['attack_one_or_more(f("nontoken vampires you control"))']),
    ("Doorkeeper", 2, "{2}{U}, {T}: target player puts the top X card(s) of their library into their graveyard, where X is "
     "the number of creatures with defender you control",
     ['mill(target(1),count(f("creatures with defender you control")))']),
])
def test_one_or_more_attack_and_mill_x_are_read(card, n, parse, facts_):
    assert_modelled(card, n, parse, *facts_)


def test_a_made_token_is_named_the_same_whichever_card_a_process_reads_first():
    """Druid of Horns makes "a 3/3 green Beast creature token", Rampaging Baloths "a 4/4 green Beast creature token":
    each token's name says what it is, so a process that reads one card first names both as one that reads the other
    first does (answers depend on their input only)."""
    import json
    import subprocess
    import sys

    files = [str(Path(__file__).parent / "data" / f) for f in ("cast_triggers.json", "real_sets_sample.json")]
    code = ("import json, sys\nfrom pyrules.cards.db import with_files\n"
            "db = with_files(tuple(sys.argv[1:3]))\nnames = {}\n"
            "for card in sys.argv[3:]:\n    for ln in db.lookup(card).reading():\n        names[card] = names.get(card, []) + ln.tokens\n"
            "print(json.dumps(names, sort_keys=True))")
    runs = [json.loads(subprocess.run([sys.executable, "-c", code, *files, *order], capture_output=True, text=True,
                                      check=True).stdout)
            for order in (["Druid of Horns", "Rampaging Baloths"], ["Rampaging Baloths", "Druid of Horns"])]
    assert runs[0] == runs[1] == {"Druid of Horns": ["Beast Token (3/3 green)"],
                                  "Rampaging Baloths": ["Beast Token (4/4 green)"]}
