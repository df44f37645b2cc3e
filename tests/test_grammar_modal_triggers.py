"""Reading tests of modal triggered abilities (issue 28): "Whenever ..., choose one —" and the bullet lines after it,
each mode an ability of its own tied to the trigger (tests/data/modal_triggers.json, as Scryfall's files of their sets
print them). Their behaviour is played out in tests/rules/card_families/modal_triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules.cards.db import with_files
from tests.card_lines import facts

CARDS = Path(__file__).parent / "data" / "modal_triggers.json"


def reading(card: str):
    return with_files((str(CARDS),)).lookup(card).reading()


# the trigger says to choose one of the modes after it (CR 603.3c); it does nothing of its own
@pytest.mark.parametrize("card, n, modes", [("Dread Presence", 1, 2), ("Voracious Hydra", 3, 2),
                                            ("Blizzard Specter", 2, 2)])
def test_modal_trigger_header(card, n, modes):
    ln = reading(card)[n - 1]
    assert ln.status == "modelled", ln.reason
    assert ln.parse.endswith("choose one (the mode is chosen as it is put on the stack)")
    assert f"choose one of {modes} modes as it is put on the stack" in ln.understood
    assert f'trigger_modes(ab("{card}",front,{n},trigger_{n}),1)' in facts(ln)
    assert "effect(" not in facts(ln)


# each bullet line is mode N of the trigger above it, with its own effects and targets
@pytest.mark.parametrize("card, n, mode, header, fact", [
    ("Dread Presence", 2, 1, 1, "draw(you,1)"),
    ("Dread Presence", 3, 2, 1, "damage(target(1),2)"),
    ("Voracious Hydra", 4, 1, 3, 'counters(self,"+1/+1",counters_on_self("+1/+1"))'),
    ("Voracious Hydra", 5, 2, 3, "fight(self,target(1))"),
    ("Blizzard Specter", 4, 2, 2, "discard("),
])
def test_modes_of_a_trigger(card, n, mode, header, fact):
    ln = reading(card)[n - 1]
    assert ln.status == "modelled", ln.reason
    assert f"mode {mode} of the triggered ability on line {header}" in ln.understood
    assert f'mode_of(ab("{card}",front,{n},mode_{mode}),ab("{card}",front,{header},trigger_{header}),{mode})' in facts(ln)
    assert fact in facts(ln)
    assert "spell_ability(" not in facts(ln) and "mode(ab(" not in facts(ln)


# a bullet whose words have no rules stays not modelled, and the trigger's other mode is read on its own
def test_unread_mode_stays_not_modelled():
    lines = reading("Blizzard Specter")
    assert lines[2].status == "not_modelled"
    assert "returns a permanent they control" in lines[2].reason
    assert lines[3].status == "modelled"


# "Up to two target creatures can't block this turn." (Seismic Shift, after "Destroy target land."): one word "target"
# with up to two creatures, each restricted until the turn ends
def test_up_to_two_cant_block():
    ln = reading("Seismic Shift")[0]
    assert ln.status == "modelled", ln.reason
    assert "destroy(target(1))" in facts(ln)
    assert facts(ln).count("cant_block") == 2 and "target_optional(" in facts(ln)


# "if you didn't cast a spell this turn" (Nightpack Ambusher): an intervening "if" about the ability's controller
def test_if_you_didnt_cast_a_spell():
    ln = reading("Nightpack Ambusher")[2]
    assert ln.status == "modelled", ln.reason
    assert "intervening_if(" in facts(ln) and ",cast_none_this_turn)" in facts(ln)
    assert ",at(ending,end,you))" in facts(ln) and 'create_token("Wolf",1)' in facts(ln)


# "it deals damage to any target equal to the number of Elementals you control" (Omnath): counted as it resolves;
# "Activate this ability only any time you could play a sorcery." (Bloodsoaked Altar): the older "only as a sorcery"
@pytest.mark.parametrize("card, n, fact", [
    ("Omnath, Locus of the Roil", 1, 'damage(target(1),count(f("elementals you control")))'),
    ("Bloodsoaked Altar", 1, ",sorcery)"),
])
def test_count_damage_and_sorcery_wording(card, n, fact):
    ln = reading(card)[n - 1]
    assert ln.status == "modelled", ln.reason
    assert fact in facts(ln)


# "Each player can't cast more than one spell each turn." (Rule of Law): a restriction the casting rules read
def test_one_spell_each_turn():
    ln = reading("Rule of Law")[0]
    assert ln.status == "modelled", ln.reason
    assert "restriction(" in facts(ln) and ",cast_limit(each_player,1))" in facts(ln)


# "destroy up to one target nonland permanent. Its controller creates a 3/3 colorless Golem artifact creature token."
# (Cavalier of Dawn): an optional target, and a token for the controller of the permanent targeted
def test_its_controller_creates():
    ln = reading("Cavalier of Dawn")[1]
    assert ln.status == "modelled", ln.reason
    assert "target_optional(" in facts(ln) and "destroy(target(1))" in facts(ln)
    assert "create_token_for(controller_of(target(1))," in facts(ln)


# "Creatures you control with power or toughness 1 or less can't be blocked." (Tetsuko Umezawa): a filter of two
# clauses, power 1 or less or toughness 1 or less
def test_power_or_toughness_filter():
    ln = with_files((str(CARDS),)).lookup("Tetsuko Umezawa, Fugitive").reading()[0]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert ",1,pos(power_le(1)))" in f and ",2,pos(toughness_le(1)))" in f and "toughness_le(1)))" not in f.split(",2,")[0]
    assert "cant_be_blocked(each(" in f


# "You, planeswalkers you control, and other creatures you control have hexproof." (Shalai): the player's hexproof and
# a grant of hexproof to both kinds
def test_you_and_permanents_have_hexproof():
    ln = with_files((str(CARDS),)).lookup("Shalai, Voice of Plenty").reading()[1]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert ",player_hexproof(you))" in f and ",hexproof)" in f and "grants(" in f
    assert "pos(type(planeswalker))" in f and "pos(other)" in f


# "If that spell is countered this way, exile it instead of putting it into its owner's graveyard." (Syncopate): read
# after "Counter target spell unless its controller pays {X}." only
def test_exile_if_countered():
    ln = with_files((str(CARDS),)).lookup("Syncopate").reading()[0]
    assert ln.status == "modelled", ln.reason
    assert "counter_unless_pays(target(1),x))" in facts(ln) and ",2,exile_if_countered)" in facts(ln)


# "{2}: Guardian Idol becomes a 2/2 Golem artifact creature until end of turn.": a continuous effect on itself
def test_self_becomes_artifact_creature():
    ln = with_files((str(CARDS),)).lookup("Guardian Idol").reading()[2]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert "adds_type(" in f and ',"golem")' in f and ",fixed(2,2))" in f and ",self,end_of_turn))" in f


# "it deals 1 damage to each creature with flying your opponents control. Tap those creatures." (Thundermaw Hellkite)
def test_tap_those_creatures():
    ln = with_files((str(CARDS),)).lookup("Thundermaw Hellkite").reading()[2]
    assert ln.status == "modelled", ln.reason
    assert ',2,tap(each(f("creature with flying your opponents control"))))' in facts(ln)


# "That creature gets -4/-4 instead if you control a creature named Bogbrew Witch." (Festering Newt): the condition after
# the effect, in a triggered ability; the name after "you control" read as the filter's
def test_instead_if_after():
    ln = with_files((str(CARDS),)).lookup("Festering Newt").reading()[0]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert ",1,apply(pump(-4,-4),target(1),end_of_turn),controls(" in f and 'pos(named("Bogbrew Witch"))' in f


# "You may cast Squee, the Immortal from your graveyard or from exile.": the card's own permission in two zones
def test_cast_self_from():
    ln = with_files((str(CARDS),)).lookup("Squee, the Immortal").reading()[0]
    assert ln.status == "modelled", ln.reason
    assert ",graveyard)" in facts(ln) and ",exile)" in facts(ln) and "cast_self_from(" in facts(ln)


# "each creature except for creatures you control with flying" (Flame Sweep): one it doesn't control, or one without
# flying
def test_except_for_filter():
    ln = with_files((str(CARDS),)).lookup("Flame Sweep").reading()[0]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert ",1,neg(you_control))" in f and ",2,neg(keyword(flying)))" in f and ",1,neg(keyword(flying)))" not in f


# "Whenever one or more tokens enter the battlefield under your control, put that many +1/+1 counters on ~."
def test_one_or_more_enter():
    ln = with_files((str(CARDS),)).lookup("Woodland Champion").reading()[0]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert 'enter_one_or_more(f("tokens you control")))' in f and "pos(token)" in f and ',counters(self,"+1/+1",that_much))' in f


# "{1}, Remove a +1/+1 counter from Barkhide Troll: ..." — a cost that removes counters from the permanent
def test_remove_counter_cost():
    ln = with_files((str(CARDS),)).lookup("Barkhide Troll").reading()[1]
    assert ln.status == "modelled", ln.reason
    assert ',remove_counters("+1/+1",1))' in facts(ln) and ",apply(gains(hexproof),self,end_of_turn))" in facts(ln)


# 'Equipped creature has "Sacrifice this creature: It deals 1 damage to any target."' (Mask of Immolation): the quoted
# ability is the equipped creature's ("it" is that creature)
def test_equipped_has_quoted():
    ln = with_files((str(CARDS),)).lookup("Mask of Immolation").reading()[1]
    assert ln.status == "modelled", ln.reason
    f = facts(ln)
    assert ",equipped)" in f and "grants_ability(" in f and ",sacrifice_self)" in f and ",damage(target(1),1))" in f


# a modal trigger none of whose modes has rules (Suncleanser, Core Set 2019: "Remove all counters ... can't have
# counters put on it", "loses all counters") isn't modelled either: it would have no mode to choose
def test_modal_trigger_without_a_mode_read():
    lines = with_files((str(CARDS),)).lookup("Suncleanser").reading()
    assert [ln.status for ln in lines[-3:]] == ["not_modelled"] * 3
    assert "any of the modes after it" in lines[-3].reason
