"""Reading tests of the card-text families of issue 28 that Pauper Puzzle #03's cards need
(tests/data/puzzles/PP03.pzl; the cards in tests/data/pauper_puzzles.json): each line -> its status and the
vocabulary facts the rules interpret. The behaviour of each is played out in tests/rules/card_families/."""

from __future__ import annotations

from pathlib import Path

from tests.card_lines import facts, lines_of

PUZZLES = Path(__file__).parent / "data" / "pauper_puzzles.json"

line_of = lines_of(PUZZLES)


# ------------------------------------------------------------------------------------------------ morbid "instead if"

def test_hunger_of_the_howlpacks_morbid_instead_is_read():
    # "Morbid - Put three +1/+1 counters on that creature instead if a creature died this turn.": the number of
    # line 1's counters (rules/timeline/instead.lp)
    ln = line_of("Hunger of the Howlpack", 2)
    assert ln.status == "modelled", ln.text
    assert ('amount_instead(ab("Hunger of the Howlpack",front,2,static_2),ab("Hunger of the Howlpack",front,1,spell_1),'
            '1,3,creature_died_this_turn)') in facts(ln)


def test_counters_instead_without_a_counters_line_before_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Put three +1/+1 counters on that creature instead if a creature died this turn.",
                     "Instant").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ affinity

def test_myr_enforcers_affinity_is_read():
    # "Affinity for artifacts (This spell costs {1} less to cast for each artifact you control.)" (CR 702.41a;
    # rules/mechanics/affinity.lp)
    ln = line_of("Myr Enforcer", 1)
    assert ln.status == "modelled", ln.text
    assert 'keyword(ab("Myr Enforcer",front,1,static_1),affinity)' in facts(ln)
    assert 'affinity_for(ab("Myr Enforcer",front,1,static_1),f("artifacts you control"))' in facts(ln)


def test_affinity_for_a_word_outside_the_lists_is_not_read():
    from tests.test_grammar import read_line

    assert read_line("Affinity for zzzs", "Artifact Creature — Myr").status == "not_modelled"


# ------------------------------------------------------------------------------------------------ dredge

def test_moldervine_cloaks_dredge_is_read():
    # "Dredge 2 (If you would draw a card, instead you may ...)" (CR 702.52a; rules/mechanics/dredge.lp)
    ln = line_of("Moldervine Cloak", 3)
    assert ln.status == "modelled", ln.text
    assert 'keyword(ab("Moldervine Cloak",front,3,dredge),dredge)' in facts(ln)
    assert 'keyword_n(ab("Moldervine Cloak",front,3,dredge),2)' in facts(ln)


# ------------------------------------------------------------------------------------------------ an Aura's quoted ability

def test_abundant_growths_quoted_mana_ability_is_read_as_the_enchanted_lands():
    # 'Enchanted land has "{T}: Add one mana of any color to your mana pool."': a mana ability no face prints, which
    # the Aura's static ability gives the land (rules/core/granted_abilities.lp)
    ln = line_of("Abundant Growth", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'grants_ability(ab("Abundant Growth",front,3,static_3),ab("Abundant Growth",front,3,mana_3))' in f
    assert 'mana_ability(ab("Abundant Growth",front,3,mana_3))' in f
    assert 'scope(ab("Abundant Growth",front,3,static_3),enchanted)' in f
    assert "face_ability" not in f.replace('face_ability("Abundant Growth",front,ab("Abundant Growth",front,3,static_3))', "")


def test_lunarch_mantles_quoted_activated_ability_is_read():
    # the +2/+2 and the quoted "{1}, Sacrifice a permanent: This creature gains flying until end of turn.", whose
    # "this creature" is the enchanted creature (the ability's source: self)
    ln = line_of("Lunarch Mantle", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'mod_pt(ab("Lunarch Mantle",front,2,static_2),2,2)' in f
    assert 'grants_ability(ab("Lunarch Mantle",front,2,static_2),ab("Lunarch Mantle",front,2,activated_2))' in f
    assert 'apply(gains(flying),self,end_of_turn)' in f


def test_a_quoted_ability_the_grammar_doesnt_read_leaves_the_line_not_modelled():
    from tests.test_grammar import read_line

    assert read_line('Enchanted land has "{T}: Zzz a zzz."', "Enchantment — Aura").status == "not_modelled"
