"""Issue 30: the text output a player reads.

- the line that heads `actions` counts what the list below it holds (with --all, the options that are not legal
  too);
- notes never cut a word;
- subtypes in the order the type line prints them (Llanowar Elves is printed "Creature — Elf Druid");
- an activated ability is shown by what it does ("{T}: Add {G}."), not by its line number.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import EXAMPLES, ROOT, cli

MANA_CARDS = str(ROOT / "tests" / "data" / "mana_cards.json")


def option_lines(text: str) -> list[str]:
    """The options an `actions` text lists: the lines indented by two spaces (reasons are indented further)."""
    return [line for line in text.splitlines() if re.match(r"  \S", line)]


@pytest.mark.parametrize("example, step", [("mana_can_i_escape_uro.yaml", None), ("jurassic_park.yaml", None),
                                           ("timeline_equip_and_attack.yaml", "1")])
def test_the_heading_of_actions_all_counts_what_it_lists(example, step):
    argv = ["actions", f"examples/{example}", "--all"] + (["--step", step] if step else [])
    data = json.loads(cli(*argv, "--json").stdout)
    listed, legal = len(data["actions"]), sum(a["legal"] for a in data["actions"])
    text = cli(*argv).stdout.split("\nafter step")[0]
    heading, lines = text.splitlines()[0], option_lines(text)
    assert len(lines) == listed and sum(not line.startswith("  ✗ ") for line in lines) == legal
    if not data["complete"]:
        # (a board with card text pyrules doesn't model: the count is what the text it models allows, interface §5.7)
        hedge = "With the card text pyrules models (not the lines in the notes below), "
        assert heading.startswith(hedge)
        heading = heading[len(hedge):]
    if 0 < legal < listed:
        assert heading == f"{listed} options for alice, {legal} legal now (✗ marks the {listed - legal} that " \
                          f"{'are' if listed - legal != 1 else 'is'} not):"
    elif not legal:
        assert heading == ("alice can't do anything now; " + (f"the {listed} options that are not legal (✗):"
                                                              if listed != 1 else "the option that is not legal (✗):"))
    else:
        assert heading == f"alice may do {listed} thing{'s' if listed != 1 else ''}:"


def test_without_all_the_heading_counts_the_legal_options():
    r = cli("actions", "examples/mana_can_i_escape_uro.yaml")
    lines = option_lines(r.stdout)
    heading = r.stdout.splitlines()[0]
    unpaid = sum("can't be paid now" in x for x in lines)
    assert heading == f"alice may do {len(lines)} things" + (f", {unpaid} of which can't be paid now:" if unpaid else ":")
    assert not any("✗" in x for x in lines)


def test_the_heading_says_how_many_of_the_legal_options_cannot_be_paid_now():
    """cast_uro_escape.yaml: the rules allow alice to escape Uro and flash back Think Twice (CR 702.138a, 702.34a),
    but she has no mana source and an empty pool, so neither can be paid now (CR 601.2g): "may do 2 things" alone
    read as if she could."""
    r = cli("actions", "examples/cast_uro_escape.yaml")
    lines = option_lines(r.stdout)
    assert len(lines) == 2 and all("can't be paid now" in x for x in lines)
    assert r.stdout.splitlines()[0] == "alice may do 2 things, none of which can be paid now:"


def test_the_mana_example_heading_the_issue_quotes():
    """"alice may do 6 things" headed a list of 12 (six of them not legal)."""
    heading = cli("actions", "examples/mana_can_i_escape_uro.yaml", "--all").stdout.splitlines()[0]
    assert heading == "12 options for alice, 6 legal now (✗ marks the 6 that are not):"


def test_notes_never_cut_a_word():
    data = json.loads(cli("cards", "--coverage", "--json").stdout)
    texts = [m["text"] for m in data["most_common_not_modelled"]]
    after = cli("cards", "--coverage").stdout.split("most common lines not modelled:\n", 1)[1].splitlines()
    shown = after[:next((i for i, line in enumerate(after) if not line.startswith(" ")), len(after))]   # (its block)
    assert len(shown) == len(texts)
    cut = 0
    for line, text in zip(shown, texts):
        said = line.split(None, 1)[1]
        if said.endswith("…"):
            cut += 1
            kept = said[:-1]
            # a word ends where it stops: a space follows, or the punctuation the cut leaves out ("battlefield,")
            assert text.startswith(kept) and text[len(kept)] in " ,;:—–-", (said, text)
        else:
            assert said == text
    assert cut, "no line long enough to be cut: the test would test nothing"


def test_subtypes_in_printed_order(tmp_path):
    """Llanowar Elves (tests/data/mana_cards.json, its Oracle type line "Creature — Elf Druid")."""
    p = tmp_path / "elves.yaml"
    p.write_text("players: [alice, bob]\nturn: {active: alice, phase: precombat_main}\nobjects:\n"
                 "  - {id: elves, card: Llanowar Elves, owner: alice, zone: battlefield}\n", encoding="utf-8")
    r = cli("show", str(p), "--cards", MANA_CARDS)
    assert "  Creature — Elf Druid  1/1" in r.stdout
    doc = json.loads(cli("show", str(p), "--cards", MANA_CARDS, "--json").stdout)
    assert doc["objects"]["elves"]["subtypes"] == ["elf", "druid"]


def test_subtypes_an_effect_adds_come_after_the_printed_ones():
    """Uro, Titan of Nature's Wrath is printed "Legendary Creature — Elder Giant" (and stays so)."""
    r = cli("show", "examples/timeline_uro_escape.yaml", "uro")
    assert "Legendary Creature — Elder Giant" in r.stdout


def test_an_activated_ability_is_shown_by_what_it_does():
    text = cli("actions", "examples/mana_can_i_escape_uro.yaml").stdout
    assert "  activate forest1: {T}: Add {G}." in text            # a basic land's intrinsic ability (CR 305.6)
    assert "  activate island1: {T}: Add {U}." in text
    assert "  activate sol: {T}: Add {C}{C}." in text               # Sol Ring's printed ability
    assert "(1) — {T}" not in text
    text = cli("actions", "examples/jurassic_park.yaml").stdout
    assert "  activate park: {T}: Add {G} for each Dinosaur you control." in text
    text = cli("actions", "examples/timeline_equip_and_attack.yaml", "--step", "0", "--all").stdout
    assert "activate axe: Equip {1}" in text                      # a keyword ability, by its printed words
    assert (EXAMPLES / "timeline_equip_and_attack.yaml").is_file()


@pytest.mark.parametrize("life, won, line", [
    ({"alice": 20, "bob": 0}, ["alice"], "the game is over: alice wins"),     # CR 704.5a, 104.2a
    ({"alice": 0, "bob": 0}, [], "the game is over: a draw"),                 # CR 104.4a: both lose at once
])
def test_show_says_when_the_game_is_over_and_who_won(tmp_path, life, won, line):
    """A player at 0 life loses (CR 704.5a, 104.3b); in a two-player game the other player, still in it, wins and the
    game is over (CR 104.2a); if both lose at once, it is a draw (CR 104.4a). `show` says so, in its text and its
    JSON, rather than only whose priority it would be."""
    import yaml
    from conftest import obj, scenario

    path = tmp_path / "over.yaml"
    path.write_text(yaml.safe_dump(scenario(obj("bear", "Grizzly Bears"), life=life, actions=[{"pass": "alice"}])))
    data = json.loads(cli("show", str(path), "--json").stdout)
    assert data["game_over"] is True and data["won"] == won
    assert line in cli("show", str(path)).stdout


def test_show_says_nothing_of_a_game_over_while_it_goes_on():
    data = json.loads(cli("show", "examples/timeline_equip_and_attack.yaml", "--json").stdout)
    assert "game_over" not in data and "won" not in data
    assert "game is over" not in cli("show", "examples/timeline_equip_and_attack.yaml").stdout
