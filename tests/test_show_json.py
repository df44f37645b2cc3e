"""`pyrules show --json` has the shape interface.md §3 defines."""

import json

from conftest import EXAMPLES, cli

KEYS = {"name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "power", "toughness",
        "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped"}


def test_show_json_shape():
    r = cli("show", str(EXAMPLES / "arcee_march_your_turn.yaml"), "--json")
    assert r.returncode == 0
    doc = json.loads(r.stdout)
    arcee = doc["objects"]["arcee"]
    assert KEYS <= set(arcee)
    assert arcee == {**arcee, "name": "Arcee, Acrobatic Coupe", "face": "back", "zone": "battlefield",
                     "owner": "alice", "controller": "alice", "supertypes": ["legendary"],
                     "types": ["artifact", "creature"], "subtypes": ["vehicle"], "power": 2, "toughness": 2,
                     "mana_value": 3, "counters": {}, "attached_to": None, "keywords": ["living_metal"],
                     "can_attack": True, "escaped": False}
    assert "explanation" not in arcee


def test_show_selected_ids_only():
    r = cli("show", str(EXAMPLES / "arcee_march_your_turn.yaml"), "arcee", "--json")
    assert list(json.loads(r.stdout)["objects"]) == ["arcee"]


def test_show_explain_attaches_trees():
    r = cli("show", str(EXAMPLES / "arcee_march_opponent_turn.yaml"), "arcee", "--json", "--explain")
    node = json.loads(r.stdout)["objects"]["arcee"]["explanation"]["power"]
    assert set(node) >= {"claim", "rule", "ruling", "because"}
    assert node["claim"] and isinstance(node["because"], list)


def test_cards_command_lists_and_shows():
    r = cli("cards", "--json")
    names = [c["name"] for c in json.loads(r.stdout)["cards"]]
    for required in ("Sol Ring", "Mind Stone", "Bonesplitter", "Grizzly Bears", "Thalia, Guardian of Thraben",
                     "Goblin Electromancer", "Etherium Sculptor", "Village Rites", "Carnage Tyrant",
                     "Cult of the Waxing Moon", "Arcee, Sharpshooter // Arcee, Acrobatic Coupe",
                     "Welcome to . . . // Jurassic Park"):
        assert required in names
    r = cli("cards", "Arcee, Acrobatic Coupe", "--json")
    card = json.loads(r.stdout)
    front, back = card["faces"]
    assert {"keyword": "more_than_meets_the_eye", "line": 1, "cost": "{R}{W}"} in front["keywords"]
    assert any(k["keyword"] == "living_metal" for k in back["keywords"])
    r = cli("cards", "March", "of", "the", "Machines")
    assert r.returncode == 0 and "march_of_the_machines" in r.stdout and "thalia_tax" not in r.stdout
    welcome = json.loads(cli("cards", "Welcome to . . .", "--json").stdout)
    front, back = welcome["faces"]
    assert [a["ability"] for a in front["modelled_abilities"]] == ["chapter_1", "chapter_2", "chapter_3"]
    assert [a["ability"] for a in back["modelled_abilities"]] == ["jurassic_park_escape"]
