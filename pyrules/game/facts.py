"""A validated scenario as clingo symbols: the facts of moment 0, and those of each action of its timeline.

Every fact is built with the clingo API (Function, String, Number): no text from a scenario is ever
parsed as ASP, so no scenario can inject rules. The object fields become fluents as the one declaration
of the format says (pyrules/input/schema.py).
"""

from __future__ import annotations

from clingo import Number, Symbol

from pyrules.cards.db import bundled, made_token
from pyrules.input.actions import CHOICES, GEN, ID_CHOICES, kind_of
from pyrules.input.scenario import Scenario
from pyrules.input.schema import OBJECT_FIELDS
from pyrules.kb.interface import (
    ABILITY_KEYWORD,
    ABILITY_LINE,
    ACTIONS_BY_KIND,
    ACTION_ADVANCE,
    ACTION_ATTACK,
    ACTION_BLOCK,
    ACTION_CAST,
    ACTION_COPY,
    ACTION_GAIN_CONTROL,
    ACTION_MOVE,
    ACTION_NEXT_TURN,
    ACTION_PASS,
    ACTION_PASS_ALL,
    ANY,
    CHOICE,
    EFFECT_FLUENT,
    EFFECT_ID,
    GAME_ACTIVE,
    GAME_CARDS_DRAWN,
    GAME_SPELL_MANA,
    GAME_FLUENT,
    GAME_LANDS,
    GAME_SPELLS_CAST,
    GAME_PHASE,
    GAME_PRIORITY,
    GAME_STEP,
    GAME_TURN,
    GIVEN,
    HOLDS,
    NONE,
    OBJECT_FLUENT,
    OCCURS,
    OPTION_ACTIVATE,
    OPTION_PLAY,
    PLAYER,
    PLAYER_FLUENT,
    PLAYER_LIFE,
    PLAYER_POOL,
    SEAT,
    STEP_NO,
    TOKEN_ID,
    TRACK_MANA,
    TRIGGER_ID,
)
from pyrules.kb.terms import Function, String

ZERO = Number(0)


def holds(term: Symbol) -> Symbol:
    return HOLDS(term, ZERO)


def _mana_term(sym) -> Symbol:
    if sym.kind == "colorless":
        return Function("c")
    return Function(sym.colors[0].lower())


def scenario_facts(sc: Scenario) -> list[Symbol]:
    out: list[Symbol] = []
    for i, p in enumerate(sc.players, start=1):
        P = String(p)
        out += [PLAYER(P), SEAT(P, i), holds(PLAYER_FLUENT(P, PLAYER_LIFE(sc.life[p])))]
        amounts: dict[str, int] = {}
        for s in sc.mana_pool.get(p, ()):
            if s.kind == "generic":
                continue
            key = "c" if s.kind == "colorless" else s.colors[0].lower()
            amounts[key] = amounts.get(key, 0) + 1
        for key, n in amounts.items():
            out.append(holds(PLAYER_FLUENT(P, PLAYER_POOL(key, n))))
    turn = sc.turn
    g = lambda attribute: holds(GAME_FLUENT(attribute))  # noqa: E731
    out += [
        g(GAME_ACTIVE(turn["active"])),
        g(GAME_PHASE(turn["phase"])),
        g(GAME_STEP(turn["step"] or "none")),
        g(GAME_PRIORITY(turn["priority"])),
        g(GAME_LANDS(turn["lands_played"])),
        *(g(GAME_SPELLS_CAST(p, n)) for p, n in turn["spells_cast"].items() if n),
        *(g(GAME_CARDS_DRAWN(p, n)) for p, n in turn["cards_drawn"].items() if n),
        *(g(GAME_SPELL_MANA(p, n)) for p, n in turn["mana_spent_on_spells"].items() if n),
        g(GAME_TURN(1)),
        STEP_NO(ZERO, ZERO),
    ]
    if sc.track_mana:
        out.append(TRACK_MANA())
    fields = {f.name: f for f in OBJECT_FIELDS}
    cards = dict(sc.cards)
    stack = 0
    for ts, o in enumerate(sc.objects, start=1):
        O = oid(o["id"])

        def add(attr: str, *args: Symbol) -> None:
            out.append(holds(OBJECT_FLUENT(O, Function(attr, list(args)) if args else Function(attr))))

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
                out.append(GIVEN(O, name))
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
            elif f.kind == "word":
                add(f.attr, String(value.lower()))
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
            out.append(holds(EFFECT_FLUENT(E, Function(attr, list(args)))))

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
    for card in list(cards.values()):  # and the tokens made from the words of an effect of these cards
        for line in card.reading():
            for name in line.tokens:
                cards.setdefault(name, made_token(name))
    for card in cards.values():
        out += card.facts()
    return out


# ------------------------------------------------------------------------------------------------ actions

def _choice(T, key: str, x) -> list[Symbol]:
    """A choice named on an action: a value of its kind, or (for the cards a scry or surveil moves) each id in order."""
    if key in ID_CHOICES:
        return [CHOICE(T, key, i, oid(y)) for i, y in enumerate(x, start=1)]
    if key == "type":     # a type, as the rules write subtypes (lower case); a list: one for each time, in order
        return [CHOICE(T, key, i, String(y.lower())) for i, y in enumerate(x if isinstance(x, list) else [x], start=1)]
    return [CHOICE(T, key, 1, Function(CHOICES[key][x]))]


def oid(value: str) -> Symbol:
    """An id as the knowledge base writes it: the scenario's ids are strings; ids pyrules makes are terms."""
    m = GEN.match(value)
    if m:
        made = {"trigger": TRIGGER_ID, "token": TOKEN_ID, "effect": EFFECT_ID}[m[1]]
        return made(int(m[2]), int(m[3] or 1))
    return String(value)


def action_facts(action: dict, t: int, priority: str, players: list[str]) -> list[Symbol]:
    """The facts of the moment t at which this action is taken."""
    kind = kind_of(action, "action")
    T = Number(t)
    v = action[kind]
    by = String(action.get("by", priority))
    out: list[Symbol] = []

    def occurs(term: Symbol) -> None:
        out.append(OCCURS(term, T))

    def choices(name: str, values) -> None:
        for i, x in enumerate(values, start=1):
            val = Number(x) if isinstance(x, int) else (String(x) if x in players else (Function("pool") if x == "pool" else oid(x)))
            out.append(CHOICE(T, name, i, val))

    if kind == "cast":
        src = action.get("source")
        src_t = ANY() if src is None else (Function("own") if src == "own" else oid(src))
        part = action.get("part")
        occurs(ACTION_CAST(by, oid(v), action.get("method", "normal"),
                              String(part) if part is not None else NONE(), src_t))
        for key in ("targets", "exile", "discard", "sacrifice", "pay"):
            choices("target" if key == "targets" else key, action.get(key, []))
        if action.get("targets") == []:   # "targets: []": no target chosen (an "up to one" left empty)
            out.append(CHOICE(T, "no_targets", 1, NONE()))
        if "x" in action:
            choices("x", [action["x"]])
        choices("mode", action.get("modes", []))
        choices("optional", action.get("optional", []))
        choices("gift", [action["gift"]] if "gift" in action else [])   # the opponent promised the gift
    elif kind == "resolve":
        occurs(ACTION_PASS_ALL())
    elif kind == "pass":
        occurs(ACTION_PASS(v))
    if kind in ("resolve", "pass"):      # the choices made as the top of the stack resolves ("you may": may)
        for key, x in action.get("choose", {}).items():
            out += _choice(T, key, x)
    elif kind in ("convert", "transform", "counter"):
        occurs(ACTIONS_BY_KIND[kind](oid(v)))
    elif kind == "move":
        occurs(ACTION_MOVE(oid(v), action["to"]))
    elif kind == "copy":
        occurs(ACTION_COPY(oid(v), action["as"], by))
    elif kind == "gain_control":
        occurs(ACTION_GAIN_CONTROL(oid(v), by))
    elif kind == "play":
        occurs(OPTION_PLAY(by, oid(v)))
    elif kind == "activate":
        ab = action["ability"]
        ref = ABILITY_LINE(ab) if isinstance(ab, int) else ABILITY_KEYWORD(ab)
        occurs(OPTION_ACTIVATE(by, oid(v), ref))
        for key in ("targets", "pay", "crew", "tap", "sacrifice", "discard", "exile"):
            choices("target" if key == "targets" else key, action.get(key, []))
        if action.get("targets") == []:
            out.append(CHOICE(T, "no_targets", 1, NONE()))
        if "x" in action:
            choices("x", [action["x"]])
        for key, x in action.get("choose", {}).items():
            out += _choice(T, key, x)
    elif kind == "attack":
        occurs(ACTION_ATTACK(by))
        for i, (a, d) in enumerate(v.items(), start=1):
            out.append(CHOICE(T, "attacker", i, Function("", [oid(a), String(d) if d in players else oid(d)])))
    elif kind == "block":
        occurs(ACTION_BLOCK(by))
        for i, (b, a) in enumerate(v.items(), start=1):
            out.append(CHOICE(T, "blocker", i, Function("", [oid(b), oid(a)])))
    elif kind == "next_turn":
        occurs(ACTION_NEXT_TURN())
    elif kind == "advance":
        st = v.get("step")
        occurs(ACTION_ADVANCE(v["phase"], st or "none"))
    choices("keep", action.get("keep", []))
    for tid, targets in action.get("trigger_targets", {}).items():
        if not targets:   # the player chooses no target: a choice numbered 0
            out.append(CHOICE(T, "trigger_target", 0, Function("", [oid(tid), NONE()])))
        for i, x in enumerate(targets, start=1):
            y = String(x) if x in players else oid(x)
            out.append(CHOICE(T, "trigger_target", i, Function("", [oid(tid), y])))
    for tid, modes in action.get("trigger_modes", {}).items():
        for i, n in enumerate(modes, start=1):
            out.append(CHOICE(T, "trigger_mode", i, Function("", [oid(tid), Number(n)])))
    return out
