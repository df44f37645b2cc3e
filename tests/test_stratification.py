"""The knowledge base stays stratified where it must: the grounder alone decides what objects are and the
order of layer 4, so large boards ground fast and the answer is unique without search."""

import sys

import clingo
from clingo import ast

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

from benchmark import board  # noqa: E402

from pyrules.facts import scenario_facts  # noqa: E402
from pyrules.kb import kb  # noqa: E402
from pyrules.scenario import from_dict  # noqa: E402

DECIDED_BY_GROUNDING = ("chars", "proto", "dfc_object", "face_up", "base_type", "mana_value", "effect", "depends",
                        "l4_pos", "printed_pt", "obj_name")


def test_characteristics_and_layer_order_are_facts_after_grounding():
    sc = from_dict(board(40))
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as b:
        for stm in kb().statements(("base",)):
            b.add(stm)
    with ctl.backend() as bk:
        for f in scenario_facts(sc):
            bk.add_rule([bk.add_atom(f)])
    ctl.ground([("base", [])])
    undecided = sorted({sa.symbol.name for sa in ctl.symbolic_atoms
                        if sa.symbol.name in DECIDED_BY_GROUNDING and not sa.is_fact})
    assert not undecided, f"not decided by grounding (a cycle through negation?): {undecided}"
    positions = [sa.symbol for sa in ctl.symbolic_atoms.by_signature("l4_pos", 2)]
    assert len(positions) == len({p.arguments[0] for p in positions}) > 1
