"""Reading tests of the long tail of card text in Foundations and Bloomburrow (issue 28): real cards as Forge's card
scripts keep their Oracle text (tests/data/tail_shapes.json, tests/data/library_long_tail.json) -> status and the
vocabulary facts the rules interpret. The behaviour is played out in tests/rules/card_families/tail_shapes.yaml."""

from __future__ import annotations

import json

import pytest

from tests.card_lines import DATA, facts, line_of, lines_of

line = lines_of("tail_shapes.json")


@pytest.mark.parametrize("path, card", [("tail_shapes.json", "Carrot Cake"), ("library_long_tail.json", "Heaped Harvest")])
def test_enters_and_when_you_sacrifice_it_is_one_ability_with_two_events(path, card):
    # "When ~ enters and when you sacrifice it, ...": one triggered ability, two trigger events (CR 603.2, 603.6a,
    # 603.10a): entering, and being sacrificed by its controller
    ln = line_of(path, card, 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert f.count("triggered(") == 1
    assert "),enters(self))" in f and "),sacrificed(self))" in f


def test_carrot_cakes_effect_is_a_rabbit_and_scry_1():
    f = facts(line("Carrot Cake", 1))
    assert 'create_token("Rabbit Token (1/1 white)",1)' in f and "scry(1)" in f



def _with_text(tmp_path, file: str, name: str, change, line: int):
    """Line `line` of the card of tests/data/FILE named NAME, read with its Oracle text changed by `change`."""
    card = next(c for c in json.loads((DATA / file).read_text()) if c["name"] == name)
    path = tmp_path / "card.json"
    path.write_text(json.dumps([dict(card, oracle_text=change(card["oracle_text"]))]))
    return line_of(path, name, line)

@pytest.mark.parametrize("text", [
    "When Carrot Cake enters and when an opponent sacrifices it, create a 1/1 white Rabbit creature token.",
    "When Carrot Cake enters and when you sacrifice a Food, create a 1/1 white Rabbit creature token.",
])
def test_another_sacrificer_or_object_is_not_read_as_it(text, tmp_path):
    # only "you sacrifice it" has rules: another player or another object stays not modelled
    assert _with_text(tmp_path, "tail_shapes.json", "Carrot Cake", lambda _: text, 1).status != "modelled"


def test_equipped_creature_gets_and_loses_flying():
    # "Equipped creature gets +3/+3 and loses flying." (Starforged Sword): layer 7c and layer 6 removal (CR 613.1f)
    ln = line_of("gift.json", "Starforged Sword", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert "scope(" in f and ",equipped)" in f
    assert "mod_pt(" in f and ",3,3)" in f
    assert "removes(" in f and ",flying)" in f


def test_losing_a_keyword_without_rules_for_its_removal_is_not_modelled(tmp_path):
    # only keywords whose every rule asks whether the object has them can be removed (rules/core/layers.lp)
    ln = _with_text(tmp_path, "gift.json", "Starforged Sword", lambda t: t.replace("loses flying", "loses ward"), 3)
    assert ln.status != "modelled"


def test_creatures_your_opponents_control_have_base_toughness_1():
    # "Creatures your opponents control have base toughness 1." (Maha, Its Feathers Night): layer 7b, toughness only
    # (CR 613.4b), on the creatures of the filter
    ln = line_of("ward_costs.json", "Maha, Its Feathers Night", 3)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'each(f("creatures your opponents control"))' in f and "pos(opponent_controls)" in f
    assert "sets_toughness(" in f and ",1)" in f


def test_base_toughness_of_another_kind_than_creatures_is_not_modelled(tmp_path):
    card = next(c for c in json.loads((DATA / "ward_costs.json").read_text()) if c["name"].startswith("Maha"))
    text = card["oracle_text"].replace("Creatures your opponents control", "Artifacts your opponents control")
    path = tmp_path / "card.json"
    path.write_text(json.dumps([dict(card, oracle_text=text)]))
    assert line_of(path, "Maha, Its Feathers Night", 3).status != "modelled"
