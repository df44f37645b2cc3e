"""Hostile and huge input at the loading layer (pyrules/input/document.py, pyrules/input/limits.py).

Every hazard is built here, in the test: a "billion laughs" alias bomb, nesting hundreds and a hundred
thousand levels deep, a 50 MB file, 20,000 objects, a 1 MB card name, keys that are not strings, numbers
clingo can't hold. Each is refused with one line naming the field and the limit (or read), within 10 s and
1 GiB: the big ones run together in one child process whose address space is capped at 1 GiB.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules.input import document as inputs
from pyrules.errors import ScenarioError
from pyrules.input.document import DocumentError, check_document, field_path, load_document, parse_text, read_source, short
from pyrules.input.limits import DEFAULT, Limits

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
MiB = 1 << 20

HEAD = "players: [alice, bob]\nturn: {active: alice, phase: precombat_main}\n"


def refused(text, name="s.yaml", **kw) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_text(text, name, **kw)
    err = info.value
    assert "\n" not in str(err) and "\r" not in str(err), str(err)
    return err


def board(n: int, id_width: int = 0, seed: int = 7) -> dict:
    """A generated board of n objects: Grizzly Bears and friends in every zone, some tapped, some with
    counters (the shape an engine sends)."""
    rng = random.Random(seed)
    cards = ["Grizzly Bears", "Llanowar Elves", "Sol Ring", "Uro, Titan of Nature's Wrath", "Arcee, Sharpshooter",
             "Forest", "Island", "Think Twice", "Fire // Ice", "Bonesplitter"]
    zones = ["battlefield", "battlefield", "hand", "graveyard", "library", "exile"]
    objects = []
    for i in range(n):
        o = {"id": f"obj{i}".ljust(id_width, "x"), "card": rng.choice(cards), "owner": rng.choice(["alice", "bob"]),
             "zone": rng.choice(zones)}
        if o["zone"] == "battlefield":
            o["tapped"] = rng.random() < 0.3
            if rng.random() < 0.3:
                o["counters"] = {"+1/+1": rng.randint(1, 5)}
        objects.append(o)
    return {"description": f"a generated board of {n} objects", "players": ["alice", "bob"],
            "life": {"alice": 20, "bob": 20}, "turn": {"active": "alice", "phase": "precombat_main"},
            "objects": objects}


def as_yaml(data) -> str:
    return yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True)


def board_yaml(n: int, id_width: int = 0) -> str:
    """board(n) as block-style YAML, written directly (yaml.dump takes seconds for 20,000 objects)."""
    data = board(n, id_width)
    lines = [f"description: {data['description']}", "players: [alice, bob]", "life: {alice: 20, bob: 20}",
             "turn: {active: alice, phase: precombat_main}", "objects:"]
    for o in data["objects"]:
        lines.append(f"- id: {o['id']}\n  card: \"{o['card']}\"\n  owner: {o['owner']}\n  zone: {o['zone']}")
        if "tapped" in o:
            lines.append(f"  tapped: {str(o['tapped']).lower()}")
        if "counters" in o:
            lines.append(f"  counters: {{'+1/+1': {o['counters']['+1/+1']}}}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------------------
# the hazards, each a function that reads a document as pyrules would (and returns its data) or raises

def bomb(levels: int = 9, width: int = 9) -> str:
    """A "billion laughs" list: 9 anchored lists, each holding 9 aliases of the one before: 9**9 laughs."""
    names = "abcdefghijklmnopqrstuvwxyz"
    parts = ["&a [" + ",".join(["lol"] * width) + "]"]
    for k in range(1, levels):
        parts.append(f"&{names[k]} [" + ",".join([f"*{names[k - 1]}"] * width) + "]")
    return "[" + ", ".join(parts) + "]"


BOMBS = {
    "description": HEAD + "objects: []\ndescription: " + bomb() + "\n",
    "players": "players: " + bomb() + "\nturn: {active: alice, phase: precombat_main}\nobjects: []\n",
    "targets": HEAD + "objects:\n- {id: w, card: Sol Ring, owner: alice, zone: battlefield}\n"
               "- {id: c, ability_of: w, ability: x, zone: stack, targets: " + bomb() + "}\n",
    "counters": HEAD + "objects:\n- id: b\n  card: Grizzly Bears\n  owner: alice\n  zone: battlefield\n"
                "  counters: {'+1/+1': " + bomb() + "}\n",
    "method": HEAD + "objects: []\nactions:\n- {cast: x, method: " + bomb() + "}\n",
}
BOMB_FIELDS = {"description": "description[0]", "players": "players[0]", "targets": "objects[1].targets[0]",
               "counters": "objects[0].counters.+1/+1[0]", "method": "actions[0].method[0]"}


def deep_yaml_block(levels: int) -> str:
    return "".join("  " * i + "a:\n" for i in range(levels)) + "  " * levels + "x\n"


def deep_flow(levels: int, json_text: bool) -> str:
    inner = "[" * levels + "1" + "]" * levels
    if json_text:
        return '{"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": [], ' \
               '"description": ' + inner + "}"
    return HEAD + "objects: []\ndescription: " + inner + "\n"


def fifty_mb_file(tmp: Path) -> Path:
    path = tmp / "fifty.yaml"
    line = b"- {id: bears, card: Grizzly Bears, owner: alice, zone: battlefield}\n"
    with path.open("wb") as f:
        f.write(HEAD.encode() + b"objects:\n")
        f.write(line * (50 * MiB // len(line) + 1))
    return path


def big_cases(tmp: Path) -> dict:
    """The hazards to run in the capped child process: name -> (prepare, read), where prepare() builds the
    input (not timed) and read(input) reads it as pyrules would (timed), returning its data or raising."""
    def text(t, name="s.yaml"):
        return (lambda: t, lambda t: parse_text(t, name))

    def build(make, name):
        return (make, lambda t: parse_text(t, name))

    return {
        **{f"bomb under {k}": text(t) for k, t in BOMBS.items()},
        "yaml nested 490 levels (block)": text(HEAD + "objects: []\n" + deep_yaml_block(490)),
        "yaml nested 490 levels (flow)": text(deep_flow(490, False)),
        "json nested 990 levels": text(deep_flow(990, True), "deep.json"),
        "json nested 100000 levels": text(deep_flow(100_000, True), "deep.json"),
        "dict nested 100000 levels": (lambda: _deep_dict(100_000), check_document),
        "50 MB file": (lambda: fifty_mb_file(tmp), load_document),
        "50 MB text": build(lambda: "#" * (50 * MiB), "big.yaml"),
        "20000 objects with long ids (yaml)": build(lambda: board_yaml(20_000, id_width=64), "b.yaml"),
        "20000 objects with long ids (json)": build(lambda: json.dumps(board(20_000, id_width=64)), "b.json"),
        "5000 objects (yaml)": build(lambda: board_yaml(5_000), "b.yaml"),
        "10000 objects (json)": build(lambda: json.dumps(board(10_000)), "b.json"),
        "8 MiB of empty mappings": build(lambda: "x: [" + "{}," * (8 * MiB // 3 - 3) + "{}]", "flat.yaml"),
        "8 MiB of empty lists (json)": build(lambda: "[" + "[]," * (8 * MiB // 3 - 3) + "[]]", "flat.json"),
        "1 MB card name": build(lambda: HEAD + "objects:\n- {id: a, card: '" + "x" * MiB + "', owner: alice, zone: hand}\n",
                                "s.yaml"),
    }


def _deep_dict(levels: int) -> dict:
    root = cur = {}
    for _ in range(levels):
        cur["a"] = {}
        cur = cur["a"]
    return root


CHILD = r"""
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
sys.path.insert(0, sys.argv[1])
from pathlib import Path
import test_hostile_input as T
from pyrules.errors import ScenarioError
cases = T.big_cases(Path(sys.argv[2]))
for name, (prepare, read) in cases.items():
    given = prepare()
    t0 = time.perf_counter()
    try:
        data = read(given)
        out = {"answered": True, "objects": len(data["objects"]) if isinstance(data, dict) else None}
    except ScenarioError as e:
        out = {"field": e.field, "message": e.message, "text": str(e)}
    except MemoryError:
        out = {"memory_error": True}
    except BaseException as e:
        out = {"crash": type(e).__name__ + ": " + str(e)[:300]}
    out["seconds"] = time.perf_counter() - t0
    print(json.dumps({name: out}), flush=True)
# VmHWM is this process's own peak (ru_maxrss would keep the parent's high-water mark across fork and exec)
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(json.dumps({"peak_rss_mb": hwm / 1024}), flush=True)
"""


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> dict:
    """Run every big hazard once in a child process capped at 1 GiB of address space."""
    tmp = tmp_path_factory.mktemp("hostile")
    proc = subprocess.run([sys.executable, "-c", CHILD, str(HERE), str(tmp)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYRULES_LIMITS": ""})
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = {}
    for line in proc.stdout.splitlines():
        results.update(json.loads(line))
    return results


def within_bounds(result: dict) -> None:
    assert "crash" not in result and "memory_error" not in result, result
    assert result["seconds"] < 10, result


def test_the_capped_child_ran_every_hazard_within_1_gib(big, tmp_path):
    assert set(big) == set(big_cases(tmp_path)) | {"peak_rss_mb"}
    assert big["peak_rss_mb"] < 1024


# --------------------------------------------------------------------------------------------------------
# alias bombs

@pytest.mark.parametrize("where", sorted(BOMBS))
def test_alias_bomb_is_refused_at_its_first_anchor_naming_the_field(big, where):
    assert len(BOMBS[where]) < 800  # the bomb itself is tiny: 9**9 laughs in a few hundred bytes
    result = big[f"bomb under {where}"]
    within_bounds(result)
    assert result["field"] == BOMB_FIELDS[where]
    assert "anchor &a" in result["message"] and "anchors and aliases are refused" in result["message"]
    assert result["seconds"] < 1


def test_alias_bomb_is_refused_in_milliseconds_in_process():
    t0 = time.perf_counter()
    err = refused(BOMBS["description"])
    assert time.perf_counter() - t0 < 0.5
    assert err.field == "description[0]"


def test_an_alias_alone_and_an_anchor_alone_are_refused():
    assert "alias *d" in refused(HEAD + "objects: []\ndescription: *d\n").message
    err = refused(HEAD + "objects: []\ndescription: &d just text\n")
    assert err.field == "description" and "anchor &d" in err.message and "(line 4, column 14)" in err.message


def test_a_merge_key_is_a_plain_key_not_a_merge():
    assert parse_text("a: {<<: {b: 1}}")["a"] == {"<<": {"b": 1}}


# --------------------------------------------------------------------------------------------------------
# nesting

def test_yaml_nested_490_levels_in_block_style_is_refused_at_the_limit(big):
    result = big["yaml nested 490 levels (block)"]
    within_bounds(result)
    assert result["field"] == ".".join(["a"] * 32)  # the 33rd mapping (the document is the 1st)
    assert result["message"].startswith("is nested 33 levels deep; the limit is 32 (line 36, column 65)")


def test_yaml_nested_490_levels_in_flow_style_is_refused_at_the_limit(big):
    result = big["yaml nested 490 levels (flow)"]
    within_bounds(result)
    assert result["field"] == "description" + "[0]" * 31
    assert result["message"].startswith("is nested 33 levels deep; the limit is 32")


def test_json_nested_990_levels_is_refused_naming_the_path(big):
    result = big["json nested 990 levels"]
    within_bounds(result)
    assert result["field"] == "description" + "[0]" * 31
    assert result["message"].startswith("is nested 33 levels deep; the limit is 32")


def test_json_nested_100000_levels_is_refused_as_a_limit_not_a_recursion_error(big):
    result = big["json nested 100000 levels"]
    within_bounds(result)
    assert result["field"] in ("scenario", "description" + "[0]" * 31)
    assert "the limit is 32" in result["message"]
    assert "recursion" not in result["text"].lower()


def test_json_too_deep_for_the_json_module_is_refused_in_process():
    err = refused(deep_flow(100_000, True), "deep.json")
    assert "the limit is 32" in err.message


def test_a_dict_nested_100000_levels_is_refused_without_recursion(big):
    result = big["dict nested 100000 levels"]
    within_bounds(result)
    assert result["field"] == ".".join(["a"] * 32)
    assert result["message"] == "is nested 33 levels deep; the limit is 32"


def test_nesting_at_the_limit_is_read():
    data = parse_text("x: " + "[" * 31 + "1" + "]" * 31)  # the document, then 31 lists: 32 levels
    assert data["x"] == [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]


# --------------------------------------------------------------------------------------------------------
# size

def test_a_50_mb_file_is_refused_by_its_size_in_the_child(big):
    result = big["50 MB file"]
    within_bounds(result)
    assert result["field"] == "scenario"
    assert "the limit is 8 MiB" in result["message"]


def test_a_50_mb_file_is_refused_before_it_is_opened(tmp_path, monkeypatch):
    path = tmp_path / "big.yaml"
    with path.open("wb") as f:
        f.truncate(50 * MiB)  # sparse: 50 MB by its size, nothing written

    def no_open(*a, **k):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(Path, "open", no_open)
    with pytest.raises(ScenarioError) as info:
        read_source(path)
    assert info.value.field == "scenario"
    assert info.value.message == f"{path} is 50 MiB; the limit is 8 MiB"


def test_a_50_mb_text_is_refused_by_its_size(big):
    result = big["50 MB text"]
    within_bounds(result)
    assert result["field"] == "scenario" and "50 MiB" in result["message"] and "the limit is 8 MiB" in result["message"]


def test_a_text_is_measured_in_utf8_bytes():
    lim = Limits(max_bytes=100)
    assert parse_text("a: " + "é" * 40, limits=lim) == {"a": "é" * 40}  # 83 bytes
    assert "the limit is 100 bytes" in refused("a: " + "é" * 60, limits=lim).message  # 123 bytes


def test_standard_input_is_read_only_to_one_byte_past_the_limit():
    stdin = io.BytesIO(b"#" * (50 * MiB))
    with pytest.raises(ScenarioError) as info:
        read_source("-", stdin=stdin)
    assert info.value.field == "scenario"
    assert info.value.message == "standard input is larger than the limit of 8 MiB"
    assert stdin.tell() == 8 * MiB + 1


def test_20000_objects_with_long_ids_are_refused_by_the_object_limit(big):
    for fmt in ("yaml", "json"):
        result = big[f"20000 objects with long ids ({fmt})"]
        within_bounds(result)
        assert result["field"] == "objects"
        assert result["message"].startswith("has 20000 objects; the limit is 10000")


def test_boards_of_5000_and_10000_objects_load(big):
    for case, n in (("5000 objects (yaml)", 5000), ("10000 objects (json)", 10000)):
        result = big[case]
        within_bounds(result)
        assert result == {"answered": True, "objects": n, "seconds": result["seconds"]}


@pytest.mark.parametrize("case", ["8 MiB of empty mappings", "8 MiB of empty lists (json)"])
def test_8_mib_of_tiny_values_is_refused_within_bounds(big, case):
    result = big[case]
    within_bounds(result)
    assert ("document has more than 500000 values" in result["message"]
            or "entries; the limit is 256" in result["message"]), result


def test_an_object_limit_can_be_raised_per_call():
    text = json.dumps(board(12))
    assert refused(text, "b.json", limits=Limits(max_objects=10)).message == "has 12 objects; the limit is 10"
    assert len(parse_text(text, "b.json", limits=Limits(max_objects=12))["objects"]) == 12


def test_actions_effects_players_and_other_lists_have_their_limits():
    base = {"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": []}
    cases = [
        ({"actions": [{"resolve": "top"}] * 2001}, "actions", "has 2001 actions; the limit is 2000"),
        ({"effects": [{"id": "e"}] * 1001}, "effects", "has 1001 effects; the limit is 1000"),
        ({"players": [f"p{i}" for i in range(17)]}, "players", "has 17 players; the limit is 16"),
        ({"objects": [{"id": "a", "targets": ["b"] * 257}]}, "objects[0].targets", "has 257 entries; the limit is 256"),
        ({"objects": [{"id": "a", "counters": {f"k{i}": 1 for i in range(257)}}]}, "objects[0].counters",
         "has 257 entries; the limit is 256"),
        ({"actions": [{"cast": "u", "exile": ["g"] * 300}]}, "actions[0].exile", "has 300 entries; the limit is 256"),
    ]
    for extra, field, message in cases:
        with pytest.raises(DocumentError) as info:
            check_document({**base, **extra})
        assert (info.value.field, info.value.message) == (field, message)
    check_document({**base, "actions": [{"resolve": "top"}] * 2000, "players": [f"p{i}" for i in range(16)]})


def test_check_document_passes_a_5000_object_board_quickly():
    data = board(5000)
    best = min(_timed(check_document, data) for _ in range(3))
    assert best < 0.25  # measured ~15 ms; a quadratic walk would take seconds


def _timed(f, *a) -> float:
    t0 = time.perf_counter()
    f(*a)
    return time.perf_counter() - t0


# --------------------------------------------------------------------------------------------------------
# strings and keys

def test_a_1_mb_card_name_is_refused_quoting_80_characters(big):
    result = big["1 MB card name"]
    within_bounds(result)
    assert result["field"] == "objects[0].card"
    assert result["message"].startswith("is 1048576 characters long, '" + "x" * 80 + "…'; the limit for a card name is 200")
    assert len(result["text"]) < 250


def test_string_limits_follow_the_field():
    def doc(**o):
        return {"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"},
                "objects": [{"id": "a", "zone": "hand", **o}]}
    check_document(doc(card="C" * 200, owner="o" * 64, copy_of="i" * 64, ability="z" * 1000))
    for key, n, what, limit in (("card", 201, "a card name", 200), ("owner", 65, "an id or a player's name", 64),
                                ("id", 65, "an id or a player's name", 64), ("part", 201, "a part's name", 200),
                                ("ability", 1001, "a string", 1000)):
        with pytest.raises(DocumentError) as info:
            check_document(doc(**{key: "x" * n}))
        assert info.value.field == f"objects[0].{key}"
        assert info.value.message.endswith(f"; the limit for {what} is {limit}")
    with pytest.raises(DocumentError) as info:
        check_document({"description": "d" * 10_001})
    assert info.value.field == "description" and info.value.message.endswith("the limit for a description is 10000")
    check_document({"description": "d" * 10_000, "players": ["p" * 64]})


def test_a_newline_inside_a_key_gives_a_one_line_error():
    err = refused(HEAD + 'objects:\n- id: a\n  counters: {"+1/+1\\n": 2147483648}\n')
    assert err.field == "objects[0].counters['+1/+1\\n']"
    assert err.message.startswith("2147483648 is out of range")
    err = refused(HEAD + 'objects: []\n"a\\nb": 1\n"a\\nb": 2\n')
    assert err.field == "scenario" and err.message.startswith("has the key 'a\\nb' twice")
    with pytest.raises(DocumentError) as info:
        check_document({"x\n" * 40: 1})
    assert "\n" not in str(info.value) and "has a key of 80 characters" in info.value.message


def test_a_newline_or_a_bidi_override_in_a_value_is_escaped_in_the_message():
    err = refused(HEAD + 'objects:\n- {id: a, card: "' + "x\\n\\u202e" * 100 + '"}\n')
    assert err.field == "objects[0].card"
    assert "\n" not in str(err) and "\u202e" not in str(err) and "\\u202e" in str(err)


@pytest.mark.parametrize("text,field,key", [
    (HEAD + "objects:\n- id: a\n  counters: {1: 1}\n", "objects[0].counters", "1, an integer"),
    (HEAD + "objects:\n- id: a\n  counters: {null: 1}\n", "objects[0].counters", "None, null"),
    (HEAD + "objects:\n- 1: x\n  foo: y\n", "objects[0]", "1, an integer"),
    (HEAD + "objects: []\ntrue: 1\n", "scenario", "True, a boolean"),
    (HEAD + "objects: []\nlife: {1.5: 20}\n", "life", "1.5, a number"),
])
def test_a_key_that_is_not_a_string_is_refused_naming_the_mapping(text, field, key):
    err = refused(text)
    assert err.field == field
    assert err.message.startswith(f"has the key {key}; mapping keys must be strings")


def test_a_list_as_a_key_is_refused():
    err = refused("? [a]\n: 1\n")
    assert err.field == "scenario" and "keys must be strings" in err.message


def test_a_dict_with_a_key_that_is_not_a_string_is_refused():
    for key in (1, None, True, ("a",)):
        with pytest.raises(DocumentError) as info:
            check_document({"objects": [{"id": "a", "counters": {key: 1}}]})
        assert info.value.field == "objects[0].counters" and "mapping keys must be strings" in info.value.message


def test_a_key_given_twice_is_refused_in_yaml_and_json():
    err = refused(HEAD + "objects:\n- id: a\n  zone: hand\n  zone: battlefield\n")
    assert (err.field, err.message) == ("objects[0]", "has the key 'zone' twice (line 6, column 3)")
    err = refused('{"objects": [{"id": "a",\n "zone": "hand", "zone": "battlefield"}]}', "s.json")
    assert err.field == "objects[0]" and err.message.startswith("has the key 'zone' twice")


def test_a_lone_surrogate_is_refused():
    assert "lone surrogate" in refused('{"players": ["\\ud800"]}', "s.json").message
    assert "lone surrogate" in refused("players: [\ud800]").message


# --------------------------------------------------------------------------------------------------------
# numbers

def test_numbers_beyond_a_million_are_refused_naming_the_field():
    for text in ("life: {alice: 2147483648}", "life: {alice: -2147483648}", f"life: {{alice: {10 ** 30}}}",
                 '{"life": {"alice": 2147483648}}', "life: {alice: 1.0e+300}"):
        err = refused(text)
        assert err.field == "life.alice", text
        assert "is out of range: numbers must be between -1000000 and 1000000" in err.message
    # (1_000_001 is a number only by YAML 1.1's rules: refused naming the field before its range is looked at)
    assert refused("life: {alice: 1_000_001}").field == "life.alice"
    err = refused(HEAD + "objects:\n- id: b\n  counters: {'+1/+1': 2147483647}\n")
    assert err.field == "objects[0].counters.+1/+1"


def test_a_number_of_5000_digits_is_refused_without_a_python_error():
    for text in ("life: {alice: " + "9" * 5000 + "}", '{"life": {"alice": ' + "9" * 5000 + "}}"):
        err = refused(text)
        assert err.field == "life.alice" and "out of range" in err.message and len(str(err)) < 200


def test_numbers_within_a_million_and_floats_are_left_to_the_schema():
    assert parse_text("life: {alice: 20.0, bob: 1000000, carol: -1000000, dan: 0x10}")["life"] == \
        {"alice": 20.0, "bob": 1_000_000, "carol": -1_000_000, "dan": 16}
    assert type(parse_text("life: {alice: 20.0}")["life"]["alice"]) is float


def test_infinite_and_not_a_number_are_refused():
    for text in ('{"life": {"alice": NaN}}', '{"life": {"alice": Infinity}}', '{"life": {"alice": 1e400}}',
                 "life: {alice: .inf}"):
        err = refused(text)
        assert err.field == "life.alice" and "is not a number a scenario can hold" in err.message


# --------------------------------------------------------------------------------------------------------
# YAML's readings

def test_yes_no_on_off_y_n_are_strings_and_true_false_are_booleans():
    data = parse_text("players: [yes, no, on, off, y, n, Yes, NO, Off, Y]\nflags: [true, True, TRUE, false, False, tRuE]\n")
    assert data["players"] == ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "Off", "Y"]
    assert data["flags"] == [True, True, True, False, False, True]
    assert yaml.safe_load("players: [no]")["players"] == [False]  # what PyYAML alone does (the Norway problem)


def test_a_player_named_no_loads_as_no():
    text = "players: [alice, no]\nturn: {active: no, phase: precombat_main}\nlife: {no: 20}\nobjects: []\n"
    data = parse_text(text)
    assert data["players"] == ["alice", "no"] and data["turn"]["active"] == "no" and data["life"] == {"no": 20}


def test_dates_and_other_yaml_1_1_words_are_strings():
    assert parse_text("description: 2024-05-01\nx: =\n") == {"description": "2024-05-01", "x": "="}


def test_tags_other_than_the_plain_ones_are_refused():
    for text, field in (("x: !!python/object/apply:os.system [ls]", "x"), ("x: !!binary aGk=", "x"),
                        ("x: !!set {a: null}", "x"), ("x: !custom 1", "x"), ("- !!timestamp 2024-05-01", "[0]")):
        err = refused(text)
        assert err.field == field and "has the YAML tag" in err.message, text
    assert parse_text("x: !!str 123\ny: !!int '12'\nz: !!float '1'") == {"x": "123", "y": 12, "z": 1.0}


def test_more_than_one_document_is_refused():
    err = refused("a: 1\n---\nb: 2\n")
    assert err.field == "scenario" and "more than one YAML document (line 2 starts another)" in err.message


def test_an_empty_text_reads_as_nothing():
    assert parse_text("") is None and parse_text("# a comment\n") is None


# --------------------------------------------------------------------------------------------------------
# JSON and YAML

def test_json_and_yaml_of_the_same_board_read_the_same():
    data = board(50)
    assert parse_text(json.dumps(data), "b.json") == data
    assert parse_text(json.dumps(data, indent=2), "b.yaml") == data  # JSON found by its first character
    assert parse_text(as_yaml(data), "b.yaml") == data
    assert parse_text(json.dumps(data), "b.txt", "yaml") == data  # and YAML reads JSON too


def test_json_text_is_read_as_json_where_yaml_1_1_would_differ():
    assert parse_text('{"x": 1e5}') == {"x": 100000.0}  # YAML 1.1 reads 1e5 as a string
    assert parse_text('{"x": 1e5}', fmt="yaml") == {"x": "1e5"}


def test_yaml_flow_style_starting_with_a_brace_is_read_as_yaml():
    assert parse_text("{players: [alice], turn: {active: alice}}") == {"players": ["alice"], "turn": {"active": "alice"}}


def test_syntax_errors_are_one_line_with_line_and_column():
    err = refused("players: [alice\nturn: x\n")
    assert err.field == "scenario" and err.message.startswith("s.yaml is not valid YAML: line 2, column 5: ")
    err = refused("a:\n  b: 1\n c: 2\n")
    assert err.message.startswith("s.yaml is not valid YAML: line 3, column 2: ")
    err = refused('{"players": ["alice",]}', "s.json")
    assert err.message == "s.json is not valid JSON: line 1, column 22: Expecting value"
    err = refused("players: [alice]\n", "s.json")  # a .json file is JSON
    assert err.message == "s.json is not valid JSON: line 1, column 1: Expecting value"
    err = refused("a: \x00")
    assert err.message.startswith("s.yaml is not valid YAML: line 1, column 4: the character #x0000 is not allowed")


def test_errors_about_a_value_carry_its_line():
    text = HEAD + "objects:\n" + "".join(f"- {{id: o{i}, zone: hand}}\n" for i in range(37)) + \
        "- id: big\n  zone: hand\n  counters:\n    '+1/+1': 5000000\n"
    err = refused(text)
    assert err.field == "objects[37].counters.+1/+1"
    assert err.message.endswith("(line 44, column 14)")
    assert isinstance(err, DocumentError) and err.line == 44


def test_check_document_refuses_values_json_cannot_hold():
    for value, what in ((b"x", "binary data"), ({1, 2}, "a set"), (object(), "a object")):
        with pytest.raises(DocumentError) as info:
            check_document({"description": [value]})
        assert info.value.field == "description[0]" and info.value.message.startswith(f"is {what}")


# --------------------------------------------------------------------------------------------------------
# files and standard input

def test_a_file_and_standard_input_read_the_same(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(("\ufeff" + HEAD + "objects: []\n").encode())
    text, name = read_source(path)
    assert (text, name) == (HEAD + "objects: []\n", str(path))
    stdin = io.TextIOWrapper(io.BytesIO(path.read_bytes()))
    assert read_source("-", stdin=stdin) == (text, "<stdin>")
    assert load_document(path) == parse_text(text)


def test_standard_input_from_sys_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"players": ["no"]}')))
    assert load_document("-") == {"players": ["no"]}


def test_unreadable_sources_are_one_line_about_the_scenario(tmp_path):
    (tmp_path / "latin1.yaml").write_bytes(b"description: caf\xe9\n")
    cases = [
        (tmp_path / "missing.yaml", f"no such file: {tmp_path / 'missing.yaml'}"),
        (tmp_path, f"{tmp_path} is a folder, not a scenario file"),
        (tmp_path / "latin1.yaml", f"{tmp_path / 'latin1.yaml'} is not UTF-8 text (byte 0xe9 on line 1, at offset 16)"),
    ]
    for source, message in cases:
        with pytest.raises(ScenarioError) as info:
            read_source(source)
        assert (info.value.field, info.value.message) == ("scenario", message)
    with pytest.raises(ScenarioError) as info:
        read_source("-", stdin=io.BytesIO(b"\xff\xfe"))
    assert info.value.message == "<stdin> is not UTF-8 text (byte 0xff on line 1, at offset 0)"


# --------------------------------------------------------------------------------------------------------
# limits

def test_limits_come_from_pyrules_limits_when_set(monkeypatch):
    monkeypatch.setenv("PYRULES_LIMITS", "max_objects=3, max_bytes=1_000")
    from pyrules.input.limits import current
    assert current() == Limits(max_objects=3, max_bytes=1000)
    assert refused(json.dumps(board(4)), "b.json").message == "has 4 objects; the limit is 3"
    monkeypatch.setenv("PYRULES_LIMITS", "max_object=3")
    with pytest.raises(ScenarioError) as info:
        current()
    assert info.value.field == "PYRULES_LIMITS" and "'max_object=3' is not name=number" in info.value.message
    monkeypatch.setenv("PYRULES_LIMITS", "max_objects=lots")
    with pytest.raises(ScenarioError):
        current()
    monkeypatch.delenv("PYRULES_LIMITS")
    assert current() is DEFAULT


def test_a_limit_must_be_a_positive_whole_number():
    with pytest.raises(ValueError):
        Limits(max_objects=0)
    with pytest.raises(ValueError):
        Limits(max_depth=2.5)


def test_the_defaults_are_those_documented():
    assert DEFAULT == Limits(max_bytes=8 * MiB, max_depth=32, max_values=500_000, max_objects=10_000,
                             max_actions=2_000, max_effects=1_000, max_players=16, max_entries=256,
                             max_id_chars=64, max_card_chars=200, max_description_chars=10_000,
                             max_string_chars=1_000, max_int=1_000_000)


# --------------------------------------------------------------------------------------------------------
# the helpers the validator uses too

def test_short_quotes_at_most_80_characters_of_anything():
    assert short("Grizzly Bears") == "'Grizzly Bears'"
    assert short("x" * MiB) == "'" + "x" * 80 + "…'"
    assert short("a\nb") == "'a\\nb'"
    assert short(10 ** 5000) == "<an integer of about 5001 digits>"
    assert short(list(range(MiB))).endswith(", …]") and len(short(list(range(MiB)))) < 100
    assert short(_deep_dict(100_000)) == "{'a': {'a': {'a': {…}}}}"
    assert short(None) == "None" and short(2.5) == "2.5" and short(True) == "True"


def test_field_path_spells_paths_as_the_validator_does():
    assert field_path(()) == "scenario"
    assert field_path(("objects", 3, "counters", "+1/+1")) == "objects[3].counters.+1/+1"
    assert field_path(("objects", 0, "counters", "a b\n")) == "objects[0].counters['a b\\n']"
    assert len(field_path(["k" * 64] * 32)) <= 200


# --------------------------------------------------------------------------------------------------------
# what must keep reading as before

@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_reads_as_pyyaml_reads_it(path):
    text = path.read_text(encoding="utf-8")
    assert parse_text(text, path.name) == yaml.safe_load(text)
    assert parse_text(text, path.name) == yaml.load(text, Loader=inputs.Loader)


def test_a_1000_object_board_reads_as_pyyaml_and_json_read_it():
    data = board(1000)
    assert parse_text(board_yaml(1000), "b.yaml") == data
    text = as_yaml(data)
    assert parse_text(text, "b.yaml") == data == yaml.load(text, Loader=inputs.Loader)
    assert parse_text(json.dumps(data), "b.json") == data


_keys = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_scalars = (st.none() | st.booleans() | st.integers(-1_000_000, 1_000_000)
            | st.floats(-1e6, 1e6, allow_nan=False) | st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
            | st.sampled_from(["yes", "no", "on", "off", "y", "n", "~", "null", "0o17", "017", "0x1f", "1_000",
                               "1:30", "1e5", ".5", "-.inf", "2024-05-01", "=", "<<", "true", "TRUE", ""]))
_documents = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_keys, inner, max_size=5),
                          max_leaves=30)


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_documents, flow=st.sampled_from([None, True, False]), style=st.sampled_from([None, '"', "'"]))
def test_the_event_reader_reads_what_the_loader_reads(data, flow, style):
    """The event-built data equals what PyYAML's loader (with pyrules' resolvers) constructs, whatever the
    style the text is written in, and a document written by PyYAML reads back as it was."""
    text = yaml.dump(data, Dumper=yaml.CSafeDumper, default_flow_style=flow, default_style=style, allow_unicode=True)
    assert parse_text(text, "h.yaml", "yaml") == yaml.load(text, Loader=inputs.Loader) == data


def test_check_document_walks_mapping_and_list_subclasses_too():
    from collections import OrderedDict

    class Name(str):
        pass

    with pytest.raises(DocumentError) as info:
        check_document(OrderedDict(objects=[OrderedDict(id=Name("x" * 65))]))
    assert info.value.field == "objects[0].id"
    with pytest.raises(DocumentError) as info:
        check_document({"life": OrderedDict(alice=2 ** 40)})
    assert info.value.field == "life.alice"
    check_document(OrderedDict(players=("alice", Name("bob")), life=OrderedDict(alice=20)))


# --------------------------------------------------------------------------------------------------------
# budgets: time and memory per question

def test_a_question_over_its_time_budget_is_refused_naming_the_limit(monkeypatch):
    import pyrules

    monkeypatch.setenv("PYRULES_LIMITS", "max_seconds=1")
    d = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
         "objects": [{"id": f"b{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"}
                     for i in range(5)],
         "actions": [{"next_turn": True}] * 60}  # 300 moments, about 25 s unbounded: well over 1 s
    with pytest.raises(pyrules.ScenarioError) as err:
        pyrules.evaluate(pyrules.load(d)).to_json()
    assert err.value.field == "limits.max_seconds" and "more than 1 s" in err.value.message


@pytest.mark.parametrize("cap", [50, 70, 90])
@pytest.mark.parametrize("bytecode", ["cached", "compiled at start"])
def test_a_process_over_its_memory_budget_exits_2_naming_the_limit(tmp_path, cap, bytecode):
    """Wherever the memory runs out (in Python, or inside clingo's grounding, where clingo crashes instead of
    raising: a fresh checkout without bytecode ran out there under a 70 MB cap), the process refuses in one
    line naming the limit and exits 2."""
    objects = [{"id": f"o{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"} for i in range(3000)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
                                "objects": objects}))
    env = {**os.environ, "PYRULES_LIMITS": f"max_memory_mb={cap}"}
    if bytecode != "cached":
        env.update(PYTHONPYCACHEPREFIX=str(tmp_path / "no-bytecode"), PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-m", "pyrules", "show", str(path), "--json"], capture_output=True,
                       text=True, env=env)
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    err = json.loads(r.stdout)["error"]
    assert err["field"] == "limits.max_memory_mb" and f"{cap} MB" in err["message"]
