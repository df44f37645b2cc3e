"""A validated scenario as clingo symbols.

Every fact is built with the clingo API (Function, String, Number): no text from a scenario is ever
parsed as ASP, so no scenario can inject rules. Ids and player names become clingo strings.
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from .cards import card_db
from .scenario import Scenario


def F(name: str, *args) -> Symbol:
    return Function(name, [_term(a) for a in args])


def _term(value) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms")
    if isinstance(value, int):
        return Number(value)
    return String(value)


_CONSTS: dict[str, Symbol] = {}


def const(name: str) -> Symbol:
    sym = _CONSTS.get(name)
    if sym is None:
        sym = _CONSTS[name] = Function(name)
    return sym


def scenario_facts(sc: Scenario) -> list[Symbol]:
    out: list[Symbol] = []
    for i, p in enumerate(sc.players, start=1):
        out += [F("player", p), F("turn_order", p, i), F("life", p, sc.life[p])]
    out += [
        F("active_player", sc.active),
        F("phase", const(sc.phase)),
        F("step", const(sc.step or "none")),
        F("priority", sc.priority),
    ]
    none = Function("none")
    strings: dict[str, Symbol] = {}

    def S(value: str) -> Symbol:  # one clingo string per distinct value
        sym = strings.get(value)
        if sym is None:
            sym = strings[value] = String(value)
        return sym

    stack_pos = 0
    cards = {}
    for ts, o in enumerate(sc.objects, start=1):
        ts = o.timestamp if o.timestamp is not None else ts
        oid = S(o.id)
        owner = S(o.owner) if o.owner is not None else none
        card = S(o.card.name) if o.card is not None else none
        out.append(Function("obj", [oid, const(o.zone), Number(ts), owner, card]))
        if o.card is not None:
            cards[o.card.name] = o.card
        if o.zone == "stack":
            stack_pos += 1
            out.append(F("stack_pos", oid, stack_pos))
        if o.controller is not None:
            out.append(F("controller_given", oid, S(o.controller)))
        for k, target in enumerate(o.targets, start=1):
            out.append(F("target", oid, S(target), k))
        if o.is_ability:
            out += [F("ability_source", oid, S(o.ability_of)), F("ability_kind", oid, const(o.ability))]
            continue
        if o.face is not None:
            out.append(F("face_given", oid, const(o.face)))
        if o.tapped:
            out.append(F("tapped", oid))
        for kind, n in o.counters:
            if n:
                out.append(F("counter", oid, kind, n))
        if o.attached_to is not None:
            out.append(F("attached_to", oid, S(o.attached_to)))
        if o.zone == "battlefield" and not o.controlled_since_turn_start:
            out.append(F("new_under_control", oid))
        if o.cast_with is not None:
            out.append(F("cast_with", oid, const(o.cast_with)))
        if o.part is not None:
            out.append(F("cast_part", oid, o.part))
        if o.exiled_with is not None:
            out.append(F("exiled_with", oid, S(o.exiled_with)))
        if o.copy_of is not None:
            out.append(F("copy_of", oid, S(o.copy_of)))
        if o.copy_card is not None:
            out.append(F("copied_card", oid, o.copy_card))
            cards[o.copy_card] = card_db().cards[o.copy_card]
        if o.copy_dfc:
            out.append(F("copied_dfc", oid))
        if o.face_copy is not None:
            out.append(F("copied_face", oid, const(o.face_copy)))
        if o.copied_from is not None:
            out.append(F("copied_from", oid, S(o.copied_from)))
        if o.token:
            out.append(F("token", oid))
    for e in sc.effects:
        out.append(F("resolved_effect", S(e.id), const(e.effect), S(e.source), S(e.controller), e.timestamp))
        out += [F("resolved_effect_object", S(e.id), S(x)) for x in e.objects]
    for o in sc.objects:  # a copy needs the card data of what it copies
        cur = o
        while cur.copy_of is not None:
            cur = sc.object(cur.copy_of)
        if cur.card is not None:
            cards[cur.card.name] = cur.card
    for card in cards.values():
        out += card.facts()
    return out
