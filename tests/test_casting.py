"""Casting answers whose check isn't a partial match of an answer document: every ruling a reason's label cites
(the JSON gives its first), the default player, the shape of `actions --json`. The cast options and their costs
are rule cases: tests/rules/601_casting/, 702_keywords/ (escape, flashback, More Than Meets the Eye),
117_timing_and_priority/, 709_split_cards/, 712_double_faced/, 715_adventurers/."""


import pyrules
from conftest import cli, obj, scenario


def options(d, player=None, include_illegal=True):
    return pyrules.evaluate(pyrules.load(d)).actions(player, include_illegal=include_illegal)


def find(opts, oid, method, source=None, part=None, face=None):
    found = [o for o in opts if o.object == oid and o.method == method and (source is None or o.source == source)
             and (part is None or o.part == part) and (face is None or o.face == face)]
    assert len(found) == 1, [(o.object, o.method, o.source, o.part, o.face) for o in opts]
    return found[0]


def graveyard(n, owner="alice", start=0):
    cards = ["Grizzly Bears", "Sol Ring", "Mind Stone", "Bonesplitter", "Carnage Tyrant", "Fire // Ice", "Think Twice",
             "Village Rites"]
    return [obj(f"gy{i}", cards[i % len(cards)], zone="graveyard", owner=owner) for i in range(start, start + n)]




def test_BOT_02_and_REX_04_only_one_alternative_cost():
    # Arcee in the graveyard with Underworld Breach: escape is legal; More Than Meets the Eye would need a
    # second alternative cost on top of escape's permission, so it is not an option
    d = scenario(obj("breach", "Underworld Breach"), obj("arcee", "Arcee, Sharpshooter", zone="graveyard"), *graveyard(3))
    opts = options(d)
    assert find(opts, "arcee", "escape", source="breach").legal
    mtmte = find(opts, "arcee", "more_than_meets_the_eye")
    assert not mtmte.legal
    codes = {r.code for r in mtmte.why_not}
    assert "two_alternative_costs(more_than_meets_the_eye,escape)" in codes
    reason = next(r for r in mtmte.why_not if r.code.startswith("two_alternative_costs"))
    assert reason.rule == "CR 118.9a" and {"BOT-02", "REX-04"} <= set(reason.rulings)


def test_default_player_is_the_one_with_priority_and_unknown_player_exits_2(write_yaml):
    d = scenario(obj("fi", "Fire // Ice", zone="hand", owner="bob"), priority="bob")
    assert pyrules.evaluate(pyrules.load(d)).actions_json()["player"] == "bob"
    r = cli("actions", write_yaml(d), "--player", "carol")
    assert r.returncode == 2 and "--player" in r.stderr and "carol" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_actions_json_shape(write_yaml):
    import json

    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *graveyard(5))
    r = cli("actions", write_yaml(d), "--json")
    doc = json.loads(r.stdout)
    assert doc["player"] == "alice"
    (opt,) = doc["actions"]
    assert {k: opt[k] for k in ("action", "object", "zone", "method", "face", "part", "mana_value", "legal", "why_not")} == \
        {"action": "cast", "object": "uro", "zone": "graveyard", "method": "escape", "face": "front", "part": None,
         "mana_value": 3, "legal": True, "why_not": []}
    assert opt["cost"]["mana"] == "{G}{G}{U}{U}"
    assert opt["cost"]["exile_from_graveyard"] == 5
    assert opt["cost"]["text"] == "{G}{G}{U}{U}, exile five other cards from your graveyard"
    r = cli("actions", write_yaml(d), "--json", "--all")
    illegal = [a for a in json.loads(r.stdout)["actions"] if not a["legal"]]
    assert illegal and all(a["why_not"] and all(set(w) >= {"reason", "rule", "ruling"} for w in a["why_not"]) for a in illegal)


