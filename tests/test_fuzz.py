"""Fuzzing (issue "Hostile and huge input", issue 25): scenarios and timelines generated from the schema's
vocabulary and the bundled cards are answered (exit 0 or 1, a JSON document) or refused as bad input (exit 2
naming a field) — never an exception, never exit 3; mutated ones are refused or answered the same way. So are
timeline actions whose fields hold any kind of value (lists and mappings where a name belongs, nested lists,
numbers, long text), and card files of any shape (every layout, zero to three faces, numbers where text
belongs and the reverse, huge numbers, nesting past the limit), read whole and streamed. A fixed seed and
example budget keep the suite fast; `PYRULES_FUZZ_EXAMPLES=2000 pytest -p no:xdist tests/test_fuzz.py` runs a
longer campaign (the README's *Limits* says what one found). The same input gives byte-identical output across
runs and hash seeds."""

import itertools
import json
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT

from pyrules import api
from pyrules.input.actions import ACTIONS, COMMON
from pyrules.cards.db import bundled
from pyrules.cards.files import MODELLED_LAYOUTS, read_file
from pyrules.errors import ScenarioError
from pyrules.input.schema import PHASES, STEPS, ZONES

EXAMPLES = int(os.environ.get("PYRULES_FUZZ_EXAMPLES", "12"))
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
CARDS = sorted(c.name for c in bundled().cards.values())
PLAYERS = ["alice", "bob"]
IDS = [f"o{i}" for i in range(6)]


@st.composite
def scenarios(draw):
    n = draw(st.integers(1, 6))
    objects = []
    for oid in IDS[:n]:
        o = {"id": oid, "card": draw(st.sampled_from(CARDS)), "owner": draw(st.sampled_from(PLAYERS)),
             "zone": draw(st.sampled_from(["battlefield", "battlefield", "hand", "graveyard", "exile", "library"]))}
        if o["zone"] == "battlefield":
            if draw(st.booleans()):
                o["face"] = draw(st.sampled_from(["front", "back"]))
            if draw(st.integers(0, 3)) == 0:
                o["counters"] = {draw(st.sampled_from(["+1/+1", "-1/-1", "lore"])): draw(st.integers(0, 4))}
            if draw(st.integers(0, 3)) == 0:
                o["damage"] = draw(st.integers(0, 4))
            if draw(st.integers(0, 3)) == 0:
                o["tapped"] = True
        objects.append(o)
    phase = draw(st.sampled_from(PHASES))
    turn = {"active": draw(st.sampled_from(PLAYERS)), "phase": phase}
    steps = STEPS.get(phase) or ()
    if steps:
        turn["step"] = draw(st.sampled_from(list(steps)))
    d = {"players": list(PLAYERS), "turn": turn, "objects": objects,
         "life": {p: draw(st.integers(0, 25)) for p in PLAYERS}}
    ids = [o["id"] for o in objects]
    action = st.one_of(
        st.builds(lambda p: {"pass": p}, st.sampled_from(PLAYERS)),
        st.just({"resolve": "top"}),
        st.just({"next_turn": True}),
        st.builds(lambda i: {"cast": i}, st.sampled_from(ids)),
        st.builds(lambda i, m: {"cast": i, "method": m}, st.sampled_from(ids),
                  st.sampled_from(["escape", "flashback", "more_than_meets_the_eye"])),
        st.builds(lambda i, z: {"move": i, "to": z}, st.sampled_from(ids), st.sampled_from(list(ZONES))),
        st.builds(lambda i: {"convert": i}, st.sampled_from(ids)),
        st.builds(lambda i: {"counter": i}, st.sampled_from(ids)),
        st.builds(lambda i, p: {"gain_control": i, "by": p}, st.sampled_from(ids), st.sampled_from(PLAYERS)),
        st.builds(lambda i: {"play": i}, st.sampled_from(ids)),
        st.builds(lambda i, k: {"activate": i, "ability": k}, st.sampled_from(ids), st.integers(1, 3)),
        st.builds(lambda i, p: {"attack": {i: p}}, st.sampled_from(ids), st.sampled_from(PLAYERS)),
        st.builds(lambda i, j, p: {"block": {i: j}, "by": p}, st.sampled_from(ids), st.sampled_from(ids),
                  st.sampled_from(PLAYERS)),
        st.builds(lambda s: {"advance": {"phase": "combat", "step": s}},
                  st.sampled_from(["declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"])),
    )
    d["actions"] = draw(st.lists(action, max_size=3))
    return d


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.integers(10**6, 10**7), st.text(max_size=8),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                 st.floats(allow_nan=False, allow_infinity=False))


def paths(value, prefix=()):
    """Every place in a document: (path to the container, key or index)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix, k
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield prefix, i
            yield from paths(v, prefix + (i,))


def answered_or_refused(command: str, d: dict) -> tuple[int, dict]:
    code, doc = api.answer(command, {"scenario": d, "all": True})
    json.dumps(doc)  # a JSON document
    assert code in (0, 1, 2), (code, doc)
    if code == 2:
        err = doc["error"]
        assert err["field"] and err["message"] and "\n" not in err["message"], doc
    elif code == 1:
        assert doc["error"]["step"] >= 1 and doc["error"]["why_not"], doc
    return code, doc


@FUZZ
@given(scenarios())
def test_generated_scenarios_are_answered_or_refused_never_an_exception(d):
    answered_or_refused("show", d)
    answered_or_refused("actions", d)


@FUZZ
@given(scenarios(), st.data())
def test_mutated_scenarios_are_answered_or_refused_naming_a_field(d, data):
    places = list(paths(d))
    where, key = data.draw(st.sampled_from(places))
    target = d
    for k in where:
        target = target[k]
    if data.draw(st.booleans()) and isinstance(target, dict):
        target[data.draw(st.sampled_from(["colour", "zone", "id", "x", "by"]))] = data.draw(JUNK)
    else:
        target[key] = data.draw(JUNK)
    answered_or_refused("show", d)


def test_the_same_input_gives_byte_identical_output_across_hash_seeds(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({
        "players": PLAYERS, "turn": {"active": "alice", "phase": "precombat_main"},
        "objects": [{"id": "arcee", "card": "Arcee, Sharpshooter", "owner": "alice", "zone": "hand"},
                    {"id": "march", "card": "March of the Machines", "owner": "bob", "zone": "battlefield"},
                    {"id": "ring", "card": "Sol Ring", "owner": "alice", "zone": "battlefield"}],
        "actions": [{"cast": "arcee", "method": "more_than_meets_the_eye"}, {"resolve": "top"}]}))
    outs = set()
    for seed in ("0", "1", "12345"):
        r = subprocess.run([sys.executable, "-m", "pyrules", "show", str(path), "--json"], capture_output=True,
                           cwd=ROOT, env={**os.environ, "PYRULES_SEED_CHECK": seed, "PYTHONHASHSEED": seed})
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout)
    assert len(outs) == 1


# ------------------------------------------------------------------------------------------- action field types

def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


# any kind of value a YAML or JSON document can hold where an action's field is (a name, an id, a list, ...)
ANY_VALUE = st.one_of(
    st.sampled_from(PLAYERS + IDS[:3] + ["top", "own", "pool", "trigger_1_1", "token_1", "escape", "graveyard",
                                         "equip", "combat", "nobody", ""]),
    st.none(), st.booleans(), st.integers(-2, 3), st.integers(10**6, 10**12), st.floats(allow_nan=True),
    st.text(max_size=6), st.just("x" * 300),
    st.lists(st.sampled_from(PLAYERS + IDS[:3] + [7, None]), max_size=3),
    st.lists(st.lists(st.sampled_from(IDS[:3]), max_size=2), max_size=2),
    st.dictionaries(st.sampled_from(IDS[:3] + PLAYERS + ["trigger_1_1", "phase", "step"]),
                    st.one_of(st.sampled_from(PLAYERS + IDS[:3] + ["combat"]), st.lists(st.sampled_from(IDS[:3]), max_size=2),
                              st.dictionaries(st.sampled_from(PLAYERS), st.integers(), max_size=1)),
                    max_size=2),
    st.integers(1, 40).map(nested),
)


@st.composite
def actions_of_any_field_types(draw):
    kind = draw(st.sampled_from(sorted(ACTIONS)))
    fields = sorted(ACTIONS[kind] | COMMON)
    action = {kind: draw(ANY_VALUE)}
    for f in draw(st.lists(st.sampled_from(fields), max_size=3, unique=True)):
        action[f] = draw(ANY_VALUE)
    return action


@FUZZ
@given(st.lists(actions_of_any_field_types(), min_size=1, max_size=2), st.sampled_from([1, 2]))
def test_actions_whose_fields_hold_any_kind_of_value_are_answered_or_refused(acts, players):
    objects = [{"id": oid, "card": card, "owner": "alice", "zone": zone}
               for oid, card, zone in (("o0", "Grizzly Bears", "battlefield"), ("o1", "Bonesplitter", "battlefield"),
                                       ("o2", "Fire // Ice", "hand"))]
    d = {"players": PLAYERS[:players], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objects,
         "actions": acts}
    answered_or_refused("show", d)


# ------------------------------------------------------------------------------------------- card files

LAYOUTS = sorted(MODELLED_LAYOUTS) + ["meld", "flip", "battle", "planar", "scheme", "vanguard", "host", "augment",
                                       "reversible_card", "art_series", "emblem", "aftermath", ""]
TEXT_OR_JUNK = st.one_of(
    st.sampled_from(["", "{1}{G}", "{X}{R}", "{2/W}", "{G/U/P}", "{99999999999}", "{1000000}", "{H/W}", "{1}{",
                     "Creature — Bear", "Legendary Artifact Creature — Robot", "Land", "Instant",
                     "Flying", "Crew 99999999999", "{T}: Add {G}.", "Equip {2}", "Escape—{2}{G}, Exile three other cards from your graveyard.",
                     "2", "*", "1+*", "99999999", "-1"]),
    st.text(max_size=12), st.integers(-3, 10**12), st.none(), st.booleans(), st.floats(),
    st.lists(st.sampled_from(["W", "U", "B", "R", "G", "X", 1]), max_size=3),
    st.integers(1, 40).map(nested),
)
COUNTER = itertools.count()


@st.composite
def faces(draw, named: bool):
    face = {}
    if named:
        face["name"] = draw(st.one_of(st.sampled_from(["Front Side", "Back Side", "Third Side"]), TEXT_OR_JUNK))
    for key in ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "colors",
                "color_indicator"):
        if draw(st.booleans()):
            face[key] = draw(TEXT_OR_JUNK)
    if draw(st.booleans()):
        face.update(mana_cost="{1}{G}", type_line="Creature — Bear", power="2", toughness="2")
    return face


@st.composite
def card_objects(draw):
    card = {"object": draw(st.sampled_from(["card", "card", "card", "set"])), "name": "Fuzzed Card",
            "layout": draw(st.one_of(st.sampled_from(LAYOUTS), TEXT_OR_JUNK))}
    n = draw(st.integers(0, 3))
    if n:
        card["card_faces"] = [draw(faces(True)) for _ in range(n)]
    else:
        card.update(draw(faces(False)))
    for key in ("cmc", "colors", "color_identity", "keywords"):
        if draw(st.integers(0, 3)) == 0:
            card[key] = draw(TEXT_OR_JUNK)
    if draw(st.integers(0, 5)) == 0:
        card["name"] = draw(TEXT_OR_JUNK)
    return card


@FUZZ
@given(st.lists(card_objects(), min_size=1, max_size=3), st.booleans())
def test_card_files_of_any_shape_are_read_or_refused(tmp_path_factory, cards, wrapped):
    """A card file of generated card objects: reading it (whole and streamed) keeps the good cards and skips
    the bad ones with a reason; a scenario using its first card, `cards NAME` and the coverage are answered or
    refused naming a field — never an exception."""
    directory = tmp_path_factory.mktemp("cards")
    path = directory / f"fuzz{next(COUNTER)}.json"      # (a new name: card databases are cached by path)
    path.write_text(json.dumps({"object": "list", "data": cards} if wrapped else cards), encoding="utf-8")
    for stream in (False, True):
        try:
            read_file(path, stream=stream)
        except ScenarioError as exc:
            assert exc.field == "--cards" and "\n" not in str(exc)
    name = cards[0].get("name") if isinstance(cards[0].get("name"), str) else "Fuzzed Card"
    for request in ({"name": name}, {"coverage": True}, {}):
        code, doc = api.answer("cards", {**request, "cards": [str(path)]})
        json.dumps(doc)
        assert code in (0, 2), (code, doc)
        if code == 2:
            assert doc["error"]["field"] and "\n" not in doc["error"]["message"], doc
    d = {"players": PLAYERS, "turn": {"active": "alice", "phase": "precombat_main"},
         "objects": [{"id": "x", "card": name, "owner": "alice", "zone": "hand"},
                     {"id": "y", "card": name, "owner": "alice", "zone": "battlefield"}]}
    for command in ("show", "actions"):
        code, doc = api.answer(command, {"scenario": d, "cards": [str(path)], "all": True})
        json.dumps(doc)
        assert code in (0, 2), (code, doc)
        if code == 2:
            assert doc["error"]["field"] and "\n" not in doc["error"]["message"], doc
