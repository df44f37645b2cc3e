"""A validated scenario as clingo symbols: the facts of moment 0.

Every fact is built with the clingo API (Function, String, Number): no text from a scenario is ever
parsed as ASP, so no scenario can inject rules. The object fields become fluents as the one declaration
of the format says (pyrules/next/schema.py).
"""

from __future__ import annotations

from clingo import Number, Symbol

from .terms import Function, String

from .actions import oid
from .carddata import bundled
from .scenario import Scenario
from .schema import OBJECT_FIELDS

ZERO = Number(0)


def holds(term: Symbol) -> Symbol:
    return Function("holds", [term, ZERO])


def _mana_term(sym) -> Symbol:
    if sym.kind == "colorless":
        return Function("c")
    return Function(sym.colors[0].lower())


def scenario_facts(sc: Scenario) -> list[Symbol]:
    out: list[Symbol] = []
    for i, p in enumerate(sc.players, start=1):
        P = String(p)
        out += [Function("player", [P]), Function("seat", [P, Number(i)]),
                holds(Function("p", [P, Function("life", [Number(sc.life[p])])]))]
        amounts: dict[str, int] = {}
        for s in sc.mana_pool.get(p, ()):
            if s.kind == "generic":
                continue
            key = "c" if s.kind == "colorless" else s.colors[0].lower()
            amounts[key] = amounts.get(key, 0) + 1
        for key, n in amounts.items():
            out.append(holds(Function("p", [P, Function("pool", [Function(key), Number(n)])])))
    turn = sc.turn
    g = lambda *a: holds(Function("g", [Function(*a)]))  # noqa: E731
    out += [
        g("active", [String(turn["active"])]),
        g("phase", [Function(turn["phase"])]),
        g("step", [Function(turn["step"] or "none")]),
        g("priority", [String(turn["priority"])]),
        g("lands", [Number(turn["lands_played"])]),
        g("turn", [Number(1)]),
        Function("step_no", [ZERO, ZERO]),
    ]
    if sc.track_mana:
        out.append(Function("track_mana"))
    fields = {f.name: f for f in OBJECT_FIELDS}
    cards = dict(sc.cards)
    stack = 0
    for ts, o in enumerate(sc.objects, start=1):
        O = oid(o["id"])

        def add(attr: str, *args: Symbol) -> None:
            out.append(holds(Function("o", [O, Function(attr, list(args)) if args else Function(attr)])))

        add("ts", Number(ts))
        if o["zone"] == "stack":
            stack += 1
            add("stack", Number(stack))
        if "ability_of" in o:
            add("zone", Function(o["zone"]))   # only "stack" is valid: the knowledge base refuses the rest
            src_ts = sc.index[o["ability_of"]] + 1   # the source as it is in the scenario
            add("ability", oid(o["ability_of"]), Function("named", [Function(o["ability"])]), Number(src_ts))
            if "controller" in o:
                add("ctl", String(o["controller"]))
            for i, x in enumerate(o.get("targets", []), start=1):
                add("target", Number(i), String(x) if x in sc.players else oid(x))
            continue
        for name in o:
            if name in fields and name != "id":
                out.append(Function("given", [O, Function(name)]))
        for name, value in o.items():
            f = fields.get(name)
            if f is None or f.kind == "special" or value is None:
                continue
            if f.kind == "const":
                add(f.attr, Function(value))
            elif f.kind == "player":
                add(f.attr, String(value))
            elif f.kind == "id":
                add(f.attr, oid(value))
            elif f.kind == "flag":
                if value:
                    add(f.attr)
            elif f.kind == "int":
                add(f.attr, Number(value))
            elif f.kind == "card":
                add(f.attr, String(value.name))
            elif f.kind == "map":
                for key, n in value.items():
                    if n:
                        add(f.attr, String(key), Number(n))
            elif f.kind == "list":
                for i, x in enumerate(value, start=1):
                    add(f.attr, Number(i), String(x) if x in sc.players else oid(x))
        if "part_face" in o:
            add("part", Function(o["part_face"]))
        if o["zone"] == "battlefield" and o.get("controlled_since_turn_start", True):
            add("cfts", String(o.get("controller") or o["owner"]))
    for ts, e in enumerate(sc.effects, start=len(sc.objects) + 1):
        E = String(e["id"])

        def eff(attr: str, *args: Symbol) -> None:
            out.append(holds(Function("e", [E, Function(attr, list(args))])))

        name = e["effect"]
        if name.startswith("gains_"):
            eff("def", Function("gains", [Function(name[len("gains_"):])]))
        elif name == "control":
            eff("def", Function("control", [String(e["controller"])]))
        else:
            eff("name", Function(name))
        eff("source", oid(e["source"]))
        eff("controller", String(e["controller"]))
        eff("ts", Number(ts))
        for x in e.get("objects", []):
            eff("on", oid(x))
        if e.get("until"):
            eff("until", Function(e["until"]))
    for card in bundled().tokens():   # tokens an effect may create
        cards.setdefault(card.name, card)
    for card in cards.values():
        out += card.facts()
    return out
