"""Issue #5: every answer pyrules reports has an explanation, and every explanation cites the CR."""

import json

import pytest

from conftest import EXAMPLE_NAMES, EXAMPLES, cli, example_evaluation

SHOW_KEYS = ("name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "power", "toughness",
             "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped", "summoning_sick",
             "cannot_attack", "tapped", "token", "copy_of")


def cites_cr(node: dict) -> bool:
    return (node.get("rule") or "").startswith("CR ") or any(cites_cr(c) for c in node["because"])


def well_formed(node: dict, path=()) -> None:
    assert set(node) >= {"claim", "rule", "ruling", "because"}
    assert node["claim"] and "(" not in node["claim"].split(" ")[0]  # a sentence, not an atom
    key = node.get("atom") or node["claim"]
    assert key not in path, f"circular explanation at {key}"
    for c in node["because"]:
        well_formed(c, path + (key,))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_reported_property_and_option_of_every_example_is_explained(name):
    # the documents `show --explain --json` and `actions --all --explain --json` print, of the example's evaluation
    # shared with the other tests that explain every example (the trees are worked out once)
    ev = example_evaluation(name)
    assert ev.error is None
    for oid, obj in json.loads(json.dumps(ev.to_json(explain=True)))["objects"].items():
        for key in SHOW_KEYS:
            assert key in obj["explanation"], (oid, key)
            node = obj["explanation"][key]
            well_formed(node)
            assert cites_cr(node), (name, oid, key, node["claim"])
    for opt in json.loads(json.dumps(ev.actions_json(None, True, True)))["actions"]:
        node = opt["explanation"]
        well_formed(node)
        assert cites_cr(node), (name, opt["object"], opt["method"])
        if not opt["legal"]:
            assert opt["why_not"] and all(w["rule"] and w["rule"].startswith("CR ") for w in opt["why_not"])
            assert node["because"], "an illegal option's tree gives its reasons"


def test_a_subtree_met_again_refers_back_to_where_it_was_given_in_full():
    """A timeline's explanations share sub-trees across steps; JSON names a repeat by the number ("n") of the
    node given in full earlier in the same tree, as the text rendering does, instead of writing it again."""
    r = cli("show", str(EXAMPLES / "timeline_fire_in_response.yaml"), "--explain", "--json")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout) < 20_000_000
    refs = 0
    for obj in json.loads(r.stdout)["objects"].values():
        for node in obj["explanation"].values():
            full: dict[int, dict] = {}

            def walk(n):
                nonlocal refs
                if "see" in n:
                    refs += 1
                    assert n["because"] == [] and n["see"] in full, n
                    assert full[n["see"]]["claim"] == n["claim"]
                    return
                if "n" in n:
                    assert n["n"] not in full and n["because"]
                    full[n["n"]] = n
                for c in n["because"]:
                    walk(c)

            walk(node)
    assert refs > 0, "the timeline's trees share sub-trees"
