"""Misreads (issue 24, item 3): a line reported `modelled` must be read right — every word of it understood —
or reported `not_modelled`. Each test names a line pyrules used to read wrongly and states how it is read; what
the line then does in a game (the answer the CR or the card's own text gives) is a rule case under tests/rules/
(115_targets, 601_casting/costs.yaml and paying.yaml, 605_mana_abilities, 714_sagas). The cards are real (tests/data/misreads.json, with their Forge scripts in
tests/data/README.md) unless a test says it reads a made-up line to show what a template does with a word.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pyrules
from pyrules.cards.db import bundled, with_files
from pyrules.cards.files import CardDataError, normalize_card
from pyrules.cards.reader import NotUnderstood, filter_term, unread

from conftest import cli, obj, scenario

DATA = Path(__file__).parent / "data"
CARDS = tuple(str(DATA / f) for f in ("misreads.json", "mana_cards.json", "scryfall_list.json"))


def run(d: dict, step=None):
    return pyrules.evaluate(d, step=step, cards=CARDS)


def card(name: str):
    return with_files(CARDS).lookup(name)


def lines(name: str) -> list:
    return card(name).reading()


# ------------------------------------------------------------------------------------------------ 1. lists of types

def test_205_2b_icy_manipulators_list_of_three_card_types_is_read_whole():
    # "Tap target artifact, creature, or land.": a list of three card types, any one of them; which it taps is a
    # rule case (tests/rules/115_targets/targets.yaml)
    [ln] = lines("Icy Manipulator")
    assert ln.status == "modelled" and unread(ln) == []


def test_a_list_of_kinds_needs_its_or_and_each_comma_separates_a_kind():
    term, facts = filter_term("artifact, creature, or land")
    clauses = {(f.arguments[1].number, str(f.arguments[2])) for f in facts if f.name == "filter_lit"}
    assert clauses == {(1, "pos(type(artifact))"), (2, "pos(type(creature))"), (3, "pos(type(land))")}
    # "artifact creature or land" is another filter (an artifact creature, or a land), with another name
    other, facts2 = filter_term("artifact creature or land")
    assert other != term
    assert {(f.arguments[1].number, str(f.arguments[2])) for f in facts2 if f.name == "filter_lit"} == \
        {(1, "pos(type(artifact))"), (1, "pos(type(creature))"), (2, "pos(type(land))")}
    with pytest.raises(NotUnderstood):
        filter_term("artifact, creature")          # no "or": not a list pyrules can read


# ------------------------------------------------------------------------------------------------ 2. historic

def test_700_6_historic_is_not_a_creature_type_in_jhoiras_familiars_line():
    # "Historic spells you cast cost {1} less to cast.": artifacts, legendaries and Sagas (CR 700.6); the costs it
    # gives are rule cases (tests/rules/601_casting/costs.yaml)
    ln = lines("Jhoira's Familiar")[1]
    assert ln.status == "modelled" and unread(ln) == []
    assert not any("subtype" in str(f) for f in ln.facts)


def test_205_3_a_capitalized_word_is_a_subtype_only_if_the_crs_lists_have_it():
    assert str(filter_term("Wall")[1][-1].arguments[2]) == 'pos(subtype("wall"))'
    for phrase in ("Historical", "Spell", "Legend", "Rebels"):
        if phrase == "Rebels":      # Rebel is a creature type: its plural is read
            filter_term(phrase)
            continue
        with pytest.raises(NotUnderstood):
            filter_term(phrase)


def test_105_2c_colorless_is_not_a_color_a_filter_can_ask_for():
    # "colorless" is read as having no color (rules/core/filters.lp: colorless), never as a color of its own
    lits = [str(f.arguments[2]) for f in filter_term("colorless creature")[1][1:]]
    assert "pos(colorless)" in lits and not any("color(" in x for x in lits)


# ------------------------------------------------------------------------------------------------ 3. mana of a color chosen

def mana_scenario(*objects, actions):
    return scenario(*objects, obj("f1", "Forest"), obj("f2", "Forest"), track_mana=True, actions=actions)


@pytest.mark.parametrize("choose, words", [
    ({"colour": "red"}, "did you mean 'color'"),
    ({"color": "purple"}, "white, blue, black, red, green"),
    ("red", "{color: red}"),
])
def test_a_bad_choice_is_refused_naming_the_field(choose, words):
    d = mana_scenario(obj("birds", "Birds of Paradise"), actions=[{"activate": "birds", "ability": 2, "choose": choose}])
    with pytest.raises(pyrules.ScenarioError) as err:
        run(d)
    assert err.value.field.startswith("actions[0].choose") and words in str(err.value)


# ------------------------------------------------------------------------------------------------ 4. Saga chapters

def test_714_2d_the_flame_of_keld_chapter_iii_is_not_modelled():
    # The Flame of Keld prints chapters I, II and III; its chapter III line isn't modelled, yet its final chapter
    # number is 3 (CR 714.2d): that it is sacrificed with three lore counters, not two, is a rule case
    # (tests/rules/714_sagas/sagas.yaml)
    assert [ln.status for ln in lines("The Flame of Keld")][1:] == ["modelled", "modelled", "not_modelled"]


# ------------------------------------------------------------------------------------------------ 5. unknown mana symbols

@pytest.mark.parametrize("cost, words", [("{Z}", "unknown mana symbol {Z}"), ("{2}{Z}", "unknown mana symbol {Z}"),
                                         ("{Y}{R}", "{Y} is not supported yet")])
def test_107_3_a_mana_cost_with_an_unknown_variable_is_refused(cost, words):
    with pytest.raises(CardDataError) as err:
        normalize_card({"name": "Foo", "layout": "normal", "mana_cost": cost, "type_line": "Instant"})
    assert (err.value.card_name, err.value.field) == ("Foo", "mana_cost") and words in str(err.value)


def test_a_card_file_with_Z_in_a_mana_cost_is_refused_exit_2(tmp_path, write_yaml):
    bad = [{"object": "card", "name": "Zeta Test", "layout": "normal", "mana_cost": "{Z}{R}", "type_line": "Instant",
            "oracle_text": "Draw a card."}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    d = scenario(obj("z", "Zeta Test", zone="hand"))
    out = cli("show", write_yaml(d), "--cards", str(path))
    assert out.returncode == 2
    assert "Zeta Test" in out.stderr and "mana_cost" in out.stderr and "{Z}" in out.stderr


# ------------------------------------------------------------------------------------------------ 6. every spell

def test_601_2f_sphere_of_resistances_line_is_read_whole():
    # "Spells cost {1} more to cast." (Uro's escape cost with it: a rule case, tests/rules/601_casting/costs.yaml)
    [ln] = lines("Sphere of Resistance")
    assert ln.status == "modelled" and unread(ln) == []


def test_601_2f_118_7a_helm_of_awakenings_line_is_read_whole():
    # "Spells cost {1} less to cast." (the costs it gives: a rule case, tests/rules/601_casting/costs.yaml)
    [ln] = lines("Helm of Awakening")
    assert ln.status == "modelled" and unread(ln) == []


# ------------------------------------------------------------------------------------------------ the same class elsewhere

def test_702_43a_modular_is_not_modelled_while_its_dies_trigger_isnt():
    # "Modular 3": the permanent enters with three +1/+1 counters (modelled: tests/rules/702_keywords/more_than_meets_the_eye.yaml) and, when it
    # dies, may put its counters on target artifact creature — a triggered ability pyrules doesn't have: the line
    # is `read` (§5.8), not `modelled`, and says what is missing
    back = [ln for ln in lines("Blaster, Combat DJ // Blaster, Morale Booster") if ln.face == "back"]
    [modular] = [ln for ln in back if ln.text == "Modular 3"]
    assert modular.status == "read" and any("702.43a" in m for m in modular.missing)
    assert any(f.name == "keyword_n" for f in modular.facts)      # the object still has modular 3


class _Face:
    def __init__(self, text: str, type_line: str = "Creature — Elf", name: str = "Test Card"):
        self.id, self.name, self.type_line, self.oracle_text = "front", name, type_line, text
        self.lines = [text]


class _Card:
    def __init__(self, face):
        self.name, self.faces, self.layout = face.name, [face], "normal"


def read_line(text: str, type_line: str = "Creature — Elf"):
    """A made-up line, read as the templates read a card's (to show what they do with each word)."""
    from pyrules.cards.reader import read_card

    [ln] = read_card(_Card(_Face(text, type_line)), tokens=bundled().lookup)
    return ln


@pytest.mark.parametrize("text, colors, type_line, keywords", [
    # the Wolf token pyrules has is green: a blue one is made from the words, not the green one
    ("When Test Card enters, create a 2/2 blue Wolf creature token.", ("U",), "Token Creature — Wolf", []),
    # its Dinosaur has trample: one with haste (or with nothing) is made from the words
    ("When Test Card enters, create a 3/3 green Dinosaur creature token with haste.", ("G",), "Token Creature — Dinosaur", ["haste"]),
    ("When Test Card enters, create a 3/3 green Dinosaur creature token.", ("G",), "Token Creature — Dinosaur", []),
    ("When Test Card enters, create a 2/2 green legendary Wolf creature token.", ("G",), "Token Legendary Creature — Wolf", []),
])
def test_111_4_a_token_is_exactly_what_the_words_describe(text, colors, type_line, keywords):
    # CR 111.4, 111.2: the effect defines the token's characteristics; a token card pyrules has is used only if it
    # is exactly that, otherwise the token is made from the words (issue 27: pyrules used to refuse such lines)
    from pyrules.cards.db import made_token

    ln = read_line(text)
    assert ln.status == "modelled" and len(ln.tokens) == 1
    tok = made_token(ln.tokens[0])
    face = tok.faces[0]
    assert face.colors == colors and face.type_line == type_line
    assert sorted(n for line in tok.reading() for n in line.names) == keywords


@pytest.mark.parametrize("text", [
    "When Test Card enters, create a 2/2 Wolf creature token.",                   # no color: not a token's words
    "When Test Card enters, create a 2/2 green Zzz creature token.",              # no CR list has Zzz
    "When Test Card enters, create a 2/2 green Wolf creature token with zzz.",    # nor a keyword zzz
])
def test_111_4_a_token_is_made_only_if_every_word_describes_it(text):
    assert read_line(text).status == "not_modelled"


def test_a_token_the_words_describe_is_made():
    ln = read_line("When Test Card enters, create a 3/3 green Dinosaur creature token with trample.")
    assert ln.status == "modelled" and unread(ln) == []


def test_it_after_a_token_is_created_is_the_token_not_the_card():
    # "Put a +1/+1 counter on it." after "Create ... token." is about the token: pyrules doesn't model
    # counters on a created token, so the line is not modelled (it was read as a counter on Test Card)
    ln = read_line("When Test Card enters, create a 2/2 green Wolf creature token. Put a +1/+1 counter on it.")
    assert ln.status == "not_modelled"
    ln = read_line("When Test Card enters, put a +1/+1 counter on it.")
    assert ln.status == "modelled"


def test_a_modifier_after_the_first_kind_applies_to_its_own_kind_only():
    # "tapped creature or Vehicle": tapped goes with both; "creature or tapped Vehicle": with the Vehicle only
    def lits(phrase):
        return {(f.arguments[1].number, str(f.arguments[2])) for f in filter_term(phrase)[1] if f.name == "filter_lit"}

    assert lits("tapped creature or Vehicle") == {(1, "pos(type(creature))"), (1, "pos(tapped)"),
                                                  (2, 'pos(subtype("vehicle"))'), (2, "pos(tapped)")}
    assert lits("creature or tapped Vehicle") == {(1, "pos(type(creature))"),
                                                  (2, 'pos(subtype("vehicle"))'), (2, "pos(tapped)")}


def test_the_noun_of_a_filter_must_fit_what_it_is_about():
    # "Tap target spell." can't be read as "tap target permanent"
    with pytest.raises(NotUnderstood):
        filter_term("spell", "permanent")
    assert read_line("Tap target spell.", "Instant").status == "not_modelled"
    assert read_line("Tap target permanent.", "Instant").status == "modelled"


def test_714_2c_a_line_with_two_chapter_symbols_is_two_chapter_abilities_and_prints_both_numbers():
    ln = read_line("I, II — Draw a card.", "Enchantment — Saga")
    assert ln.status == "modelled" and ln.names == ["chapter_1", "chapter_2"] and unread(ln) == []
    assert sorted(str(f) for f in ln.printed) == ['face_chapter("Test Card",front,1)', 'face_chapter("Test Card",front,2)']
    ln = read_line("III — If a red source you control would deal damage to a permanent or player this turn, it deals that much damage plus 2 to that permanent or player instead.", "Enchantment — Saga")
    assert ln.status == "not_modelled" and [str(f) for f in ln.printed] == ['face_chapter("Test Card",front,3)']
