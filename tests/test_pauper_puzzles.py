"""The real Pauper Puzzles (tests/data/puzzles/, Forge's forge-gui/res/puzzle/PP*.pzl), imported with `pyrules import`
and played with the cards' lines issue 29 models. Pauper Puzzles #00 ("Win this turn", Forge's Goal:Win, Turns:1):
alice at 1 life, bob at 8 with Young Wolf (undying) and Gurmag Angler; alice has Crypt Rats, Gurmag Angler, four
Swamps, three Islands and Tendrils of Corruption. The line below wins, each step stated from the cards' text:
Tendrils (paid with the three Islands and one Swamp) deals 4 damage to bob's Angler and alice gains 4 (four
Swamps: CR 107.3c); Crypt Rats is activated with X = 2 (two Swamps) and, holding priority, with X = 1 (one
Swamp) on top (CR 117.3c, 107.3k); X = 1 resolves: 1 damage to everything kills the Wolf, the Rats and bob's
Angler (4 + 1), alice 5 -> 4, bob 8 -> 7; undying returns the Wolf with a +1/+1 counter (CR 702.93a); X = 2
resolves: the 2/2 Wolf dies for good, alice 4 -> 2, bob 7 -> 5, alice's Angler has 3 damage; it attacks
unblocked for 5 (CR 510.1): bob at 0 loses (CR 704.5a), and alice wins (CR 104.2a).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import pyrules

from conftest import cli

DATA = Path(__file__).parent / "data"
CARDS = str(DATA / "pauper_puzzles.json")

PP00_LINE = [
    {"cast": "tendrils_of_corruption", "by": "alice", "targets": ["gurmag_angler_2"],
     "pay": ["swamp", "island", "island_2", "island_3"]},
    {"resolve": "top"},
    {"activate": "crypt_rats", "ability": 1, "by": "alice", "x": 2},
    {"activate": "crypt_rats", "ability": 1, "by": "alice", "x": 1},
    {"resolve": "top"}, {"resolve": "top"}, {"resolve": "top"},
    {"pass": "alice"}, {"pass": "bob"}, {"pass": "alice"}, {"pass": "bob"},
    {"attack": {"gurmag_angler": "bob"}, "by": "alice"},
    {"pass": "alice"}, {"pass": "bob"}, {"pass": "alice"}, {"pass": "bob"},
]


def imported(name: str, tmp_path: Path, actions: list[dict]) -> Path:
    r = cli("import", str(DATA / "puzzles" / f"{name}.pzl"), "--cards", CARDS)
    assert r.returncode == 0, r.stderr
    sc = yaml.safe_load(r.stdout)
    assert sc["goal"] == "alice wins"
    sc["actions"] = actions
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(sc, sort_keys=False), encoding="utf-8")
    return path


def test_pauper_puzzle_00_is_won_by_its_line(tmp_path):
    path = imported("PP00", tmp_path, PP00_LINE)
    doc = json.loads(cli("show", str(path), "--cards", CARDS, "--json").stdout)
    assert "error" not in doc
    assert doc["players"]["bob"]["life"] == 0 and doc["lost"] == ["bob"]       # bob loses: alice wins (CR 104.2a)
    assert doc["players"]["alice"]["life"] == 2
    assert doc["objects"]["young_wolf"]["zone"] == "graveyard"
    # the only lines of the board pyrules doesn't model are the two Anglers' delve (they are already on the
    # battlefield: it changes nothing here)
    assert {n["card"] for n in doc["not_modelled"]} == {"Gurmag Angler"}
    # after step 4, both activations are on the stack, X = 1 on top
    four = json.loads(cli("show", str(path), "--cards", CARDS, "--json", "--step", "4").stdout)
    assert four["stack"] and len(four["stack"]) == 2


def test_pauper_puzzle_00_is_not_won_when_tendrils_taps_the_swamps(tmp_path):
    # paid by default (the Swamps first), Tendrils leaves no black mana: Crypt Rats' X ("Spend only black mana
    # this way", CR 106.6) can't be paid, and the line is refused at its third step
    line = [dict(PP00_LINE[0])] + PP00_LINE[1:]
    del line[0]["pay"]
    path = imported("PP00", tmp_path, line)
    r = cli("show", str(path), "--cards", CARDS, "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["error"]["step"] == 3


@pytest.mark.slow
def test_pauper_puzzle_00_after_tendrils_is_won_against_any_opponent(tmp_path):
    """From the state after Tendrils of Corruption resolves (paid with the Islands and a Swamp, at bob's Gurmag
    Angler: alice at 5 life, bob at 8, three Swamps untapped), alice wins this turn whatever bob does: Crypt Rats
    with X = 2, then X = 1 on top (CR 117.3c, 107.3k), both resolve (the Wolf dies twice, undying in between: CR
    702.93a; bob's Angler and the Rats die), and alice's Angler attacks the board bob has left, with nothing to
    block it (CR 509.1a), for 5 (CR 510.1): bob at 0 loses (CR 704.5a). The line is ten of alice's actions deep
    and some twenty of both players'; the depth-first search reaches it (the breadth-first search before it
    stopped at depth 4 of the whole puzzle). Each line of the strategy replays to bob losing."""
    path = imported("PP00", tmp_path, PP00_LINE[:2])
    code, doc = pyrules.answer("plan", {"scenario": str(path), "opponents": "any", "horizon": 12, "budget": 600,
                                        "explain": False, "cards": [CARDS]})
    assert code == 0 and doc["found"] is True, doc.get("why_not")
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    for line in doc["lines"]:
        sc["actions"] = PP00_LINE[:2] + line["actions"]
        path.write_text(yaml.safe_dump(sc, sort_keys=False), encoding="utf-8")
        shown = json.loads(cli("show", str(path), "--cards", CARDS, "--json").stdout)
        assert "error" not in shown and shown["lost"] == ["bob"] and shown["players"]["bob"]["life"] <= 0


@pytest.mark.slow
def test_pauper_puzzle_00_is_won_against_any_opponent_from_its_start(tmp_path):
    """Pauper Puzzles #00 says "Win this turn" (Goal:Win, Turns:1): from the puzzle's own state, alice has a
    strategy whatever bob does — Tendrils of Corruption paid with the three Islands and a Swamp (CR 601.2h, 106.6:
    Crypt Rats' X needs black mana) at bob's Gurmag Angler (4 damage, alice gains 4: four Swamps, CR 107.3c), then
    Crypt Rats with X = 2 and X = 1 on top (CR 117.3c), and the Angler's unblockable attack for 5 (CR 509.1a, 510.1):
    bob at 0 loses (CR 704.5a), alice wins (CR 104.2a). The search finds it from the start (before the X = 0 bound
    and the order of targets and payments of docs/guide/plans.md, it stopped at its limit after 230 states in 120 s),
    and each line of the strategy replays to bob losing."""
    path = imported("PP00", tmp_path, [])
    code, doc = pyrules.answer("plan", {"scenario": str(path), "opponents": "any", "horizon": 13, "budget": 600,
                                        "explain": False, "cards": [CARDS]})
    assert code == 0 and doc["found"] is True, doc.get("why_not")
    first = doc["lines"][0]["actions"][0]
    assert first["cast"] == "tendrils_of_corruption" and first["targets"] == ["gurmag_angler_2"]
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    for line in doc["lines"]:
        sc["actions"] = line["actions"]
        path.write_text(yaml.safe_dump(sc, sort_keys=False), encoding="utf-8")
        shown = json.loads(cli("show", str(path), "--cards", CARDS, "--json").stdout)
        assert "error" not in shown and shown["lost"] == ["bob"] and shown["players"]["bob"]["life"] <= 0
