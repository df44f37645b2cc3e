"""The knowledge base is stratified: at every moment grounding alone decides every atom, so the answer is
unique without search and a big board grounds without a solver (the engine's design, pyrules/game/engine.py).
Checked on a generated 40-object board, for its state and for a timeline through a turn."""

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

from benchmark import board  # noqa: E402

import pyrules  # noqa: E402


def test_a_board_and_its_timeline_are_decided_by_grounding_alone():
    d = board(40)
    d["objects"] += [{"id": f"lib{i}", "card": "Grizzly Bears", "owner": p, "zone": "library"}
                     for i, p in enumerate(["alice", "bob"] * 3)]
    giant = next(o for o in d["objects"] if o["id"] == "o10")
    assert giant["card"] == "Bonecrusher Giant" and giant["zone"] == "hand"
    giant["owner"] = "alice"
    d["actions"] = [{"cast": "o10", "by": "alice"}, {"pass": "alice"}, {"pass": "bob"}, {"next_turn": True}]
    ev = pyrules.evaluate(pyrules.load(d))
    assert ev.error is None, ev.error
    assert ev.game.nonfacts() == []
    # the layer-4 order is decided by grounding: for each object, one rank per effect that may apply to it,
    # and no two effects share a rank (CR 613.7)
    ranks = ev.game.atoms("l4_rank", 4)
    assert ranks
    assert len({(r.arguments[0], r.arguments[1], r.arguments[3]) for r in ranks}) == len(ranks)
    assert len({(r.arguments[1], r.arguments[2], r.arguments[3]) for r in ranks}) == len(ranks)
    # the state shown is the one of the last moment, decided too
    ev.to_json()
    assert ev.game.nonfacts() == []
