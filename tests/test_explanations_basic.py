"""Explanation trees are finite, non-circular, deterministic, cite the CR, and end in scenario facts."""

import json

import pytest

import pyrules
from conftest import EXAMPLE_NAMES, EXAMPLES, cli, example_evaluation


def _ev(name="arcee_march_opponent_turn.yaml"):
    return pyrules.evaluate(pyrules.load(EXAMPLES / name))


def _check(node, path=()):
    key = node.atom or node.claim
    assert key not in path, f"circular: {key}"
    if node.kind == "derived":
        assert node.rule and node.rule.startswith("CR "), node.claim
        assert node.because or node.atom  # a KB fact has no body
    for child in node.because:
        _check(child, path + (key,))
    if not node.because and node.kind == "derived":
        return
    return True


def test_BOT_09_explanation_of_arcee_power_on_an_opponents_turn_cites_march_and_mana_value():
    node = _ev().explain("arcee.power")
    _check(node)
    rules = {r for n in node.walk() for r in n.rules}
    rulings = {r for n in node.walk() for r in n.rulings}
    assert {"CR 613.4b", "CR 202.3b"} <= rules
    assert {"BOT-09", "BOT-15"} <= rulings
    leaves = [n for n in node.walk() if not n.because]
    assert all(n.kind in ("fact", "absent", "derived") for n in leaves)
    # the scenario puts Arcee back face up: a fact of the scenario (CR 712.8e, BOT-15 count from the front face anyway)
    assert any(n.kind == "fact" and "face(back)" in (n.atom or "") and n.note == "stated by the scenario" for n in node.walk())


def test_explanations_are_deterministic():
    a = _ev().explain("arcee.power").to_json()
    b = _ev().explain("arcee.power").to_json()
    assert a == b


def test_an_explanation_does_not_depend_on_what_was_asked_before():
    # the shortest derivations are worked out over the atoms a question reaches; Sol Ring's types have two
    # derivations (its printed type, and March of the Machines' layer 4 effect, CR 613.1d) and the shorter one
    # must win whichever properties were explained first
    alone = _ev().explain("ring.types").to_json()
    ev = _ev()
    for q in ("march.power", "arcee.types", "arcee.power", "ring.power", "ring.zone"):
        ev.explain(q)
    assert ev.explain("ring.types").to_json() == alone


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_property_of_every_example_object_is_explained(name):
    ev = example_evaluation(name)   # (shared with the other tests that explain every example)
    for oid, o in ev.objects.items():
        for prop in ("types", "power", "mana_value", "can_attack", "face", "controller"):
            node = ev.explain_property(oid, prop)
            _check(node)


def test_explain_command_prints_a_tree_with_citations():
    r = cli("explain", str(EXAMPLES / "arcee_march_opponent_turn.yaml"), "arcee.power")
    assert r.returncode == 0, r.stderr
    assert "CR 613.4b" in r.stdout and "BOT-09" in r.stdout and "has power 3" in r.stdout


def test_a_part_may_be_named_without_the_way_of_casting():
    """`cast OBJECT [METHOD] [PART]`: a split card's half named right after the object is the part (Ice of Fire //
    Ice, cast normally), the same question as with the method given."""
    path = str(EXAMPLES / "timeline_fire_in_response.yaml")
    short = cli("explain", path, "cast fire Ice by bob", "--step", "0", "--json")
    full = cli("explain", path, "cast fire normal Ice by bob", "--step", "0", "--json")
    assert short.returncode == full.returncode == 0, short.stderr
    assert short.stdout == full.stdout and "Ice" in json.loads(short.stdout)["claim"]
    wrong = cli("explain", path, "cast fire sideways by bob", "--step", "0")
    assert wrong.returncode == 2 and "'sideways' is not a way to cast" in wrong.stderr


def test_bad_query_exits_2():
    r = cli("explain", str(EXAMPLES / "arcee_march_opponent_turn.yaml"), "arcee.colour")
    assert r.returncode == 2 and "unknown property" in r.stderr
