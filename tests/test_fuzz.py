"""Fuzzing (issue "Hostile and huge input"): scenarios and timelines generated from the schema's vocabulary and
the bundled cards are answered (exit 0 or 1, a JSON document) or refused as bad input (exit 2 naming a field) —
never an exception, never exit 3; mutated ones are refused or answered the same way. A fixed seed and example
budget keep the suite fast; `PYRULES_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py` runs a longer campaign.
The same input gives byte-identical output across runs and hash seeds."""

import json
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT

from pyrules import api
from pyrules.carddata import bundled
from pyrules.schema import PHASES, STEPS, ZONES

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
        r = subprocess.run([sys.executable, "-m", "pyrules.cli", "show", str(path), "--json"], capture_output=True,
                           cwd=ROOT, env={**os.environ, "PYRULES_SEED_CHECK": seed, "PYTHONHASHSEED": seed})
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout)
    assert len(outs) == 1
