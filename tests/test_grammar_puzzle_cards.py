"""The lines real Pauper Puzzles need (issue 29): the older wordings of the cards users bring, read as today's
("target creature or player" is "any target", CR 115.4; "Add {W} to your mana pool" is "Add {W}", CR 106.4),
amounts that are X (CR 107.3a: announced as the cost is paid; CR 107.3c: "where X is the number of ..."), "Spend
only black mana this way" (CR 106.6) and undying (CR 702.93a). The lines are the real cards' of
tests/data/pauper_puzzles.json (the stored Forge scripts' wording) unless a test says it reads another wording.
"""

from __future__ import annotations

import json
from pathlib import Path

from pyrules.cards.db import bundled
from pyrules.cards.reader import read_card

from conftest import cli

CARDS = str(Path(__file__).parent / "data" / "pauper_puzzles.json")


class _Face:
    def __init__(self, text: str, type_line: str, name: str):
        self.id, self.name, self.type_line, self.oracle_text = "front", name, type_line, text
        self.lines = [text]


class _Card:
    def __init__(self, face):
        self.name, self.faces, self.layout = face.name, [face], "normal"


def read_line(text: str, type_line: str, name: str):
    [ln] = read_card(_Card(_Face(text, type_line, name)), tokens=bundled().lookup)
    return ln


def lines(name: str) -> list[dict]:
    card = json.loads(cli("cards", name, "--cards", CARDS, "--json").stdout)
    return [ln for f in card["faces"] for ln in f["lines"]]


def facts(ln) -> set[str]:
    return {str(f) for f in ln.facts}


def test_target_creature_or_player_is_any_target():
    # Lightning Bolt as Forge stores it: "deals 3 damage to target creature or player" — today's "any target"
    [bolt] = lines("Lightning Bolt")
    assert bolt["status"] == "modelled" and bolt["parse"] == "Lightning Bolt deals 3 damage to any target"
    old = read_line("Lightning Bolt deals 3 damage to target creature or player.", "Instant", "Lightning Bolt")
    new = read_line("Lightning Bolt deals 3 damage to any target.", "Instant", "Lightning Bolt")
    assert facts(old) == facts(new)


def test_add_to_your_mana_pool_is_add():
    # Ancient Den: "{T}: Add {W} to your mana pool."; Prophetic Prism: "Add one mana of any color to your mana pool."
    assert lines("Ancient Den")[-1]["status"] == "modelled"
    assert lines("Ancient Den")[-1]["parse"] == "{T}: add {W}"
    assert lines("Prophetic Prism")[-1]["parse"] == "{1}, {T}: add one mana of any color"
    old = read_line("{T}: Add {W}{B} to your mana pool.", "Land", "Orzhov Basilica")
    new = read_line("{T}: Add {W}{B}.", "Land", "Orzhov Basilica")
    assert old.status == "modelled" and facts(old) == facts(new)


def test_x_announced_for_an_activated_ability():
    # Crypt Rats: "{X}: Crypt Rats deals X damage to each creature and each player. Spend only black mana this way."
    [rats] = lines("Crypt Rats")
    assert rats["status"] == "modelled"
    assert rats["parse"] == ("{X}: Crypt Rats deals X damage to each creature and each player; spend only black "
                             "mana this way")
    ln = read_line(rats["text"].replace("Crypt Rats", "Crypt Rats"), "Creature — Rat", "Crypt Rats")
    f = facts(ln)
    assert 'effect(ab("Crypt Rats",front,1,activated_1),1,damage(each_creature_and_player,x))' in f
    assert 'spend_only(ab("Crypt Rats",front,1,activated_1),b)' in f
    # today's Oracle wording says "Spend only black mana on X.": the same restriction
    new = read_line("{X}: Crypt Rats deals X damage to each creature and each player. Spend only black mana on X.",
                    "Creature — Rat", "Crypt Rats")
    assert facts(new) == f


def test_x_defined_by_the_text():
    # Tendrils of Corruption: "... deals X damage to target creature and you gain X life, where X is the number of
    # Swamps you control." — both X are the count (CR 107.3c)
    [t] = lines("Tendrils of Corruption")
    assert t["status"] == "modelled"
    assert t["parse"].endswith("you gain X life, where X is the number of Swamps you control")
    f = {x for x in facts(read_line(t["text"], "Instant", "Tendrils of Corruption")) if x.startswith("effect(")}
    assert all("count(" in x for x in f) and len(f) == 2


def test_x_in_an_effect_that_has_no_rules_for_x_is_not_modelled():
    # "Draw X cards" has no rules for X here: the line is not modelled, never read as a number
    ln = read_line("Draw X cards.", "Sorcery", "Test Card")
    assert ln.status == "not_modelled"


def test_undying_is_modelled():
    [wolf] = lines("Young Wolf")
    assert wolf["status"] == "modelled" and wolf["parse"] == "undying"


def test_fight_exile_until_it_leaves_and_control_are_read():
    # Prey Upon, Journey to Nowhere, Oblivion Ring, Act of Treason, Burst of Speed: every line modelled
    for name in ("Prey Upon", "Journey to Nowhere", "Oblivion Ring", "Act of Treason", "Burst of Speed"):
        assert {ln["status"] for ln in lines(name)} == {"modelled"}, name
    [prey] = lines("Prey Upon")
    assert prey["parse"] == "target creature you control fights target creature you don't control"
    enters, leaves = lines("Oblivion Ring")
    assert enters["parse"] == "when Oblivion Ring enters, exile another target nonland permanent"
    assert leaves["parse"].startswith("when Oblivion Ring leaves the battlefield, return the exiled card")
    [treason] = lines("Act of Treason")
    assert treason["parse"] == ("gain control of target creature until end of turn; untap that creature; it gains haste "
                                "until end of turn")


def test_act_of_treason_s_it_is_the_target():
    # "Untap that creature. It gains haste": both refer to the creature targeted, not to the spell
    f = facts(read_line("Gain control of target creature until end of turn. Untap that creature. It gains haste until "
                        "end of turn.", "Sorcery", "Act of Treason"))
    assert 'effect(ab("Act of Treason",front,1,spell_1),2,untap(target(1)))' in f
    assert 'effect(ab("Act of Treason",front,1,spell_1),3,apply(gains(haste),target(1),end_of_turn))' in f


def test_untap_that_creature_without_a_target_before_it_is_not_modelled():
    assert read_line("Untap that creature.", "Instant", "Test Card").status == "not_modelled"


def test_the_choices_a_player_makes_as_it_resolves_and_older_token_wording_are_read():
    for name in ("Sign in Blood", "Chainer's Edict", "Exhume", "Skred", "Fists of Ironwood"):
        assert {ln["status"] for ln in lines(name)} == {"modelled"}, name
    [sign] = lines("Sign in Blood")
    assert sign["parse"] == "target player draws 2 cards; that player loses 2 life"
    [exhume] = lines("Exhume")      # "his or her", the older wording of "their"
    assert exhume["parse"] == "each player puts a creature card from their graveyard onto the battlefield"
    old = read_line("When Fists of Ironwood enters the battlefield, put two 1/1 green Saproling creature tokens onto "
                    "the battlefield.", "Enchantment — Aura", "Fists of Ironwood")
    new = read_line("When Fists of Ironwood enters, create two 1/1 green Saproling creature tokens.",
                    "Enchantment — Aura", "Fists of Ironwood")
    assert old.status == "modelled" and facts(old) == facts(new)


def test_investigate_once_each_turn_and_enters_or_leaves_are_read():
    [inspector] = lines("Thraben Inspector")
    assert inspector["status"] == "modelled" and inspector["parse"].endswith("investigate (create a Clue token)")
    [leech] = lines("Putrid Leech")
    assert leech["status"] == "modelled" and leech["parse"].endswith("(only once each turn)")
    rift = lines("Aven Riftwatcher")
    assert rift[2]["status"] == "modelled"
    assert rift[2]["parse"] == "when Aven Riftwatcher enters or leaves the battlefield, you gain 2 life"
    assert rift[1]["status"] == "modelled"              # vanishing (issue 28: rules/mechanics/vanishing.lp)
