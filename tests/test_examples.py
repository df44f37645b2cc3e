"""Every example in examples/ runs, and gives the answers its rulings state."""

import json

import pytest

import pyrules
from conftest import EXAMPLES, cli

# For each example: the properties the rulings and CR fix, per object.
EXPECTED = {
    "arcee_march_your_turn.yaml": {  # BOT-09, BOT-05
        "arcee": {"types": ["artifact", "creature"], "power": 2, "toughness": 2, "mana_value": 3},
        "ring": {"types": ["artifact", "creature"], "power": 1, "toughness": 1},
    },
    "arcee_march_opponent_turn.yaml": {  # BOT-09, BOT-15
        "arcee": {"types": ["artifact", "creature"], "power": 3, "toughness": 3, "mana_value": 3},
    },
    "prowl_with_counters.yaml": {  # BOT-05, BOT-08, BOT-15, CR 302.6
        "prowl": {"name": "Prowl, Pursuit Vehicle", "power": 4, "toughness": 5, "mana_value": 4, "can_attack": False},
    },
    "jurassic_park.yaml": {  # CR 712.8e, 712.8a, BOT-15
        "park": {"name": "Jurassic Park", "supertypes": ["legendary"], "types": ["land"], "mana_value": 3},
        "saga": {"name": "Welcome to . . .", "types": ["enchantment"], "subtypes": ["saga"], "mana_value": 3},
    },
    "timeline_arcee_cast_converted.yaml": {  # BOT-10, BOT-11, BOT-05 (after the next turn: bob's)
        "arcee": {"zone": "battlefield", "face": "back", "name": "Arcee, Acrobatic Coupe", "types": ["artifact"],
                  "power": None, "mana_value": 3},
    },
    "mana_can_i_escape_uro.yaml": {  # CR 305.6: untapped lands; whether escape can be paid: tests/test_mana_payment.py
        "uro": {"zone": "graveyard"}, "forest1": {"tapped": False}, "sol": {"tapped": False},
    },
    "timeline_uro_escape.yaml": {  # REX-06, CR 702.138b
        "uro": {"zone": "battlefield", "escaped": True, "power": 6},
        "bears": {"zone": "exile"},
    },
    "timeline_welcome_leaves.yaml": {  # REX-01
        "relic": {"types": ["artifact"], "power": None, "subtypes": []},
        "welcome": {"zone": "graveyard"},
    },
    "timeline_fire_in_response.yaml": {  # CR 117.4, 608.1, 704.5g: Fire resolves first, the Bears it hit die
        "other_bears": {"zone": "graveyard", "damage": 0},
        "fire": {"zone": "graveyard"},
        "bears": {"zone": "stack"},
    },
    "timeline_bonesplitter_falls_off_prowl.yaml": {  # BOT-04, BOT-05, BOT-14, CR 704.5n
        "prowl": {"name": "Prowl, Pursuit Vehicle", "types": ["artifact"], "power": None},
        "bonesplitter": {"zone": "battlefield", "attached_to": None},
    },
    "timeline_equip_and_attack.yaml": {  # CR 702.6a, 510.1, 510.2, 704.5g; BOT-12 (Prowl's attack trigger exiles)
        "axe": {"attached_to": "prowl"}, "bears": {"zone": "graveyard"}, "guard": {"zone": "graveyard"},
        "strider": {"zone": "exile"},
    },
    "token_copy_of_arcee.yaml": {  # CR 707.8a, 202.3b
        "arcee_token": {"name": "Arcee, Acrobatic Coupe", "face": "back", "mana_value": 0, "can_attack": False},
        "arcee": {"mana_value": 3, "can_attack": True},
    },
}


# For each casting example: the options the rulings give, as (object, method, source, part, mana, legal).
EXPECTED_ACTIONS = {
    "cast_uro_escape.yaml": {  # CR 702.138a, REX-11
        ("uro", "escape", None, None, "{G}{G}{U}{U}", True),
        ("uro", "normal", None, None, "{1}{G}{U}", False),
        ("twice", "flashback", None, None, "{2}{U}", True),
    },
    "cast_arcee_with_thalia.yaml": {  # BOT-01
        ("arcee", "normal", None, None, "{1}{R}{W}", True),
        ("arcee", "more_than_meets_the_eye", None, None, "{1}{R}{W}", True),
    },
    "plan_kroxa_escape.yaml": {  # CR 702.138a: three other cards, escape needs five; Village Rites may be cast
        ("kroxa", "escape", None, None, "{B}{B}{R}{R}", False),
        ("rites", "normal", None, None, "{B}", True),
    },
    "cast_think_twice_with_breach.yaml": {  # REX-02, REX-09
        ("twice", "flashback", None, None, "{2}{U}", True),
        ("twice", "escape", "breach", None, "{1}{U}", True),
        ("twice", "normal", None, None, "{1}{U}", False),
        ("bears", "escape", "breach", None, "{1}{G}", False),
    },
}


def _examples():
    return sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def test_every_example_has_expectations():
    missing = [name for name in _examples() if name not in EXPECTED and name not in EXPECTED_ACTIONS]
    assert not missing, f"examples without expected answers in this test: {missing}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_gives_the_ruling_answer(name):
    r = cli("show", str(EXAMPLES / name), "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert "error" not in doc
    objects = doc["objects"]
    for oid, props in EXPECTED[name].items():
        for prop, value in props.items():
            assert objects[oid][prop] == value, (name, oid, prop)


@pytest.mark.parametrize("name", sorted(EXPECTED_ACTIONS))
def test_casting_example_gives_the_ruling_answer(name):
    r = cli("actions", str(EXAMPLES / name), "--all", "--json")
    assert r.returncode == 0, r.stderr
    got = {(a["object"], a["method"], a["source"], a["part"], a["cost"]["mana"], a["legal"])
           for a in json.loads(r.stdout)["actions"] if a["action"] == "cast"}
    assert EXPECTED_ACTIONS[name] <= got


@pytest.mark.parametrize("name", _examples())
def test_example_runs_with_text_output_and_explanations(name):
    r = cli("show", str(EXAMPLES / name), "--explain")
    assert r.returncode in (0, 1), r.stderr
    assert r.stdout.strip()
    r = cli("actions", str(EXAMPLES / name), "--all", "--explain")
    assert r.returncode in (0, 1), r.stderr


def test_timeline_examples_step_by_step():
    doc = json.loads(cli("show", str(EXAMPLES / "timeline_arcee_cast_converted.yaml"), "--step", "1", "--json").stdout)
    assert doc["stack"] == ["arcee"] and doc["objects"]["arcee"]["face"] == "back"
    doc = json.loads(cli("show", str(EXAMPLES / "timeline_uro_escape.yaml"), "--step", "2", "--json").stdout)
    # both of Uro's "enters" abilities trigger (its first and second lines)
    assert sorted(t["ability"] for t in doc["triggered"]) == ["trigger_1", "trigger_2"]
    assert {(t["source"], t["controller"]) for t in doc["triggered"]} == {("uro", "alice")}
    doc = json.loads(cli("show", str(EXAMPLES / "timeline_fire_in_response.yaml"), "--step", "4", "--json").stdout)
    assert doc["stack"] == ["bears", "fire"] and doc["turn"]["priority"] == "alice"  # CR 117.3d: bob passed
    doc = json.loads(cli("show", str(EXAMPLES / "timeline_bonesplitter_falls_off_prowl.yaml"), "--step", "0",
                         "--json").stdout)
    assert doc["objects"]["prowl"]["power"] == 5 and doc["objects"]["bonesplitter"]["attached_to"] == "prowl"
    doc = json.loads(cli("show", str(EXAMPLES / "timeline_welcome_leaves.yaml"), "--step", "0", "--json").stdout)
    assert doc["stack"] == ["chapter1"]


def test_python_api_gives_the_same_answers_as_the_cli():
    ev = pyrules.evaluate(pyrules.load(EXAMPLES / "arcee_march_opponent_turn.yaml"))
    r = cli("show", str(EXAMPLES / "arcee_march_opponent_turn.yaml"), "--json")
    assert ev.to_json() == json.loads(r.stdout)
