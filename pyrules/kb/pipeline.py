"""The grounding pipeline: which parts of the knowledge base a moment grounds, in which order, behind which
gates, and with which views (pyrules/game/engine.py grounds them; pyrules/kb/compile.py compiles one copy of
each view). A part is a `#program NAME(t).` block of rules/.
"""

from __future__ import annotations

# The state of moment t, in order: (part, gate or None, the views grounded with it).
STATE = (
    ("s_obj", None, ()),
    ("s_lay", "layers", ()),
    ("s_fin", None, ()),
    ("s_lay2", "layers", (("vf", "l2"),)),
    ("s_pt", None, ()),
    ("s_trg", "triggers", (("vf", "tr"), ("vf", "tg"), ("vt", "tg"))),
    ("s_stk", "stack", (("vf", "sk"), ("vt", "sk"))),
    ("s_cmb", "combat", ()),
    ("s_game", None, ()),
)
# The views the show query grounds with it.
QUERY_VIEWS = (("vf", "s"), ("va", "s"))
# A plan's goal, evaluated in each state it shows: a part its games ground with the show query, in the same call.
GOAL = "goal"
# What explanations read of a state shown (which atoms show a property, which ruling is about which object): a
# part grounded after the show query, only when an explanation is asked.
EXPLAIN = "explain"
# What each kind of event needs of the transition's parts (d_act, d_chg and d_frame always run).
EVENT_PARTS = {
    "cast": ("d_cast",), "play": ("d_land",), "attack": ("d_cmb",), "block": ("d_cmb",),
    "move": ("d_fx",), "convert": ("d_fx",), "transform": ("d_fx",), "copy": ("d_fx",), "counter": ("d_fx",),
    "gain_control": ("d_fx",), "pass": ("d_res", "d_turn"), "pass_all": ("d_res",), "end_step": ("d_turn",),
    "next_turn": ("d_turn",), "advance": ("d_turn",), "sba": ("d_sba",), "put_triggers": ("d_put",),
    "activate": ("d_act2",),
}
STEP_ORDER = ("d_cast", "d_land", "d_cmb", "d_fx", "d_act2", "d_res", "d_turn", "d_sba", "d_put")
# Whether an action is allowed at moment t (and the options of players asking): the parts each kind needs.
CHECK = (
    ("c_act", (), ()),
    ("c_mana", (("vf", "m"),), ("cast", "activate", "asking")),
    ("c_cand", (("vf", "g"),), ("cast", "play", "asking")),
    ("c_abl", (("vf", "ab"), ("vt", "ab")), ("activate", "asking")),
    ("c_cbo", (("va", "ao"),), ("asking",)),
    ("c_land", (), ("play", "asking")),
    ("c_cast", (("vf", "c"), ("vfs", "c"), ("vt", "c")), ("cast", "play", "activate", "asking")),
    ("c_cmb", (("va", "cb"),), ("attack", "block", "asking")),
)


def view_keys() -> set[tuple[str, str]]:
    """(view block, key) for every view the engine grounds: the knowledge base compiles one copy of each."""
    out = {(v, key) for _part, _gate, views in STATE for v, key in views}
    out |= {(v, key) for _part, views, _needed in CHECK for v, key in views}
    return out | set(QUERY_VIEWS)


def grounding_calls() -> dict[str, list[str]]:
    """The parts grounded together in one call, at most (every kind of event, every gate open): the
    knowledge base must be stratified within each (tests/test_kb_order.py checks it)."""
    def with_views(rows):
        return [name for part, views in rows for name in [part] + [f"{v}_{k}" for v, k in views]]

    check = with_views((part, views) for part, views, _needed in CHECK)
    return {
        "transition": check + ["d_act"] + list(STEP_ORDER) + ["d_chg", "d_frame"],
        "state": [STATE[0][0]],
        "state, after the gates": with_views((part, views) for part, _gate, views in STATE[1:]),
        "check": check,
        "show": with_views([("show", QUERY_VIEWS)]) + [GOAL],
        "explain": [EXPLAIN],
    }
