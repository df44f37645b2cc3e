"""Reading tests of issue 28's Saga chapters and reanimation lines (helper f2): each real card's line
(tests/data/f2_sagas.json, as Scryfall's files of its set print it) -> its status, the ability written back in words
(`parse`) and the vocabulary facts the rules interpret. The behaviour of each is played out in
tests/rules/card_families/f2_sagas_reanimation.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.card_lines import facts, lines_of

SAGAS = Path(__file__).parent / "data" / "f2_sagas.json"


line = lines_of(SAGAS)


# each player's choice as the effect resolves (CR 701.21a, 608.2c) and reanimation (CR 110.2, 400.7;
# rules/timeline/reanimation_shapes.lp)
@pytest.mark.parametrize("card, n, parse, fact", [
    ("The Eldest Reborn", 2, "chapter 1: each opponent sacrifices a creature or planeswalker",
     'sacrifice_chosen(each_opponent,f("creature or planeswalker"))'),
    ("The Eldest Reborn", 4,
     "chapter 3: put target creature or planeswalker card from a graveyard onto the battlefield under your control",
     'card_in_graveyard(f("creature or planeswalker"))'),
    ("Nicol Bolas, the Arisen", 6,
     "-4: put target creature or planeswalker card from a graveyard onto the battlefield under your control",
     "reanimate(target(1),untapped)"),
    ("Fall of the Thran", 3,
     "chapter 2, 3: each player returns 2 land card(s) from their graveyard to the battlefield",
     'exhume_n(2,f("land"))'),
    ("Primevals' Glorious Rebirth", 2,
     "return all legendary permanent cards from your graveyard to the battlefield",
     'reanimate_all(f("legendary permanent"))'),
    ("Yawgmoth's Vile Offering", 2,
     "put up to one target creature or planeswalker card from a graveyard onto the battlefield under your control; "
     "destroy up to one target creature or planeswalker; exile Yawgmoth's Vile Offering", "exile_self_spell"),
    ("The Mending of Dominaria", 3,
     "chapter 3: return all land cards from your graveyard to the battlefield; then shuffle your graveyard into your "
     "library", "shuffle_graveyard_after_return"),
    ("Song of Freyalise", 3,
     "chapter 3: put 1 +1/+1 counter(s) on each creature you control; those creatures gain vigilance until end of turn; "
     "those creatures gain trample until end of turn; those creatures gain indestructible until end of turn",
     'apply(gains(indestructible),each(f("creature you control")),end_of_turn)'),
    ("Triumph of Gerrard", 2,
     "chapter 1, 2: put 1 +1/+1 counter(s) on target creature you control with the greatest power",
     'filter_lit(f("creature you control with the greatest power"),1,pos(greatest_power))'),
    ("Triumph of Gerrard", 3,
     "chapter 3: target creature you control with the greatest power gains flying until end of turn; it gains first "
     "strike until end of turn; it gains lifelink until end of turn", "apply(gains(lifelink),target(1),end_of_turn)"),
    ("Time of Ice", 2,
     "chapter 1, 2: tap target creature an opponent controls; it doesn't untap during its controller's untap step for "
     "as long as you control Time of Ice", "kept_tapped_while(target(1))"),
])
def test_sagas_and_reanimation(card, n, parse, fact):
    ln = line(card, n)
    assert ln.status == "modelled", ln.reason
    assert ln.parse == parse
    assert fact in facts(ln)


def test_any_graveyard_target_has_no_owner_restriction():
    # "from a graveyard": the target's filter names no owner (CR 115.1; unlike "from your graveyard")
    ln = line("The Eldest Reborn", 4)
    assert "you_own" not in facts(ln)
    assert "reanimate(target(1),untapped)" in facts(ln)


def test_vile_offering_targets_are_up_to_one():
    # "up to one target" twice (CR 601.2c): both targets may be left unchosen
    f = facts(line("Yawgmoth's Vile Offering", 2))
    assert "target_optional(ab(\"Yawgmoth's Vile Offering\",front,2,spell_2),1)" in f
    assert "target_optional(ab(\"Yawgmoth's Vile Offering\",front,2,spell_2),2)" in f
    assert "destroy(target(2))" in f


def test_exile_self_outside_a_spell_is_not_read():
    # "Exile ~." is read as an instant's or sorcery's own instruction only (CR 608.2n); a permanent's isn't
    from tests.test_grammar import read_line

    assert read_line("When ~ enters the battlefield, exile ~.").status == "not_modelled"
    assert read_line("Exile ~.", type_line="Sorcery").status == "modelled"
