"""Timelines: a scenario's `actions:`, applied one step at a time.

Python only sequences the steps. For each action the knowledge base (rules/actions.lp) decides whether
it is allowed and derives the next state as next(Fact) atoms and the events that happened; then
rules/triggers.lp, in the new state, decides which abilities triggered and puts them on the stack. The
new state's facts are read back into a Scenario, so every step can be evaluated like a scenario file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol, SymbolType

from . import engine
from .cards import card_db
from .errors import KnowledgeBaseError, ScenarioError
from .facts import const, scenario_facts
from .kb import kb
from .scenario import ZONES, EffectSpec, ObjectSpec, Scenario, STEPS
from .explain import Renderer

KINDS = ("cast", "resolve", "convert", "transform", "move", "copy", "next_turn", "advance")
FIELDS = {
    "cast": {"cast", "by", "method", "part", "source", "targets", "exile", "discard", "sacrifice"},
    "resolve": {"resolve"},
    "convert": {"convert"},
    "transform": {"transform"},
    "move": {"move", "to"},
    "copy": {"copy", "as", "by"},
    "next_turn": {"next_turn"},
    "advance": {"advance"},
}
METHODS = ("normal", "escape", "flashback", "more_than_meets_the_eye")


@dataclass
class StepResult:
    """The state after one step, and what happened on the way."""

    index: int                     # 1-based step number
    action: dict
    state: Scenario
    triggered: list[dict] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    new_facts: set[Symbol] = field(default_factory=set)


@dataclass
class Timeline:
    initial: Scenario
    steps: list[StepResult]
    error: dict | None = None

    def state(self, n: int) -> Scenario:
        return self.initial if n == 0 else self.steps[n - 1].state


def _kind(action: dict, where: str) -> str:
    if not isinstance(action, dict):
        raise ScenarioError(where, "an action is a mapping such as {resolve: top}")
    kinds = [k for k in KINDS if k in action]
    if len(kinds) != 1:
        raise ScenarioError(where, "an action needs exactly one of: " + ", ".join(KINDS))
    kind = kinds[0]
    extra = sorted(set(action) - FIELDS[kind])
    if extra:
        raise ScenarioError(f"{where}.{extra[0]}", f"unknown field for a {kind} action (fields: {', '.join(sorted(FIELDS[kind]))})")
    return kind


def check_shapes(sc: Scenario) -> None:
    """Everything about the actions that can be checked before running them (bad input: exit 2)."""
    for i, action in enumerate(sc.actions):
        where = f"actions[{i}]"
        kind = _kind(action, where)
        value = action[kind]
        if kind == "resolve" and value != "top":
            raise ScenarioError(f"{where}.resolve", "only the top of the stack resolves: write {resolve: top}")
        if kind == "next_turn" and value is not True:
            raise ScenarioError(f"{where}.next_turn", "write {next_turn: true}")
        if kind in ("cast", "convert", "transform", "move", "copy") and not isinstance(value, str):
            raise ScenarioError(f"{where}.{kind}", "must be an object id")
        if kind == "cast":
            m = action.get("method", "normal")
            if m not in METHODS:
                raise ScenarioError(f"{where}.method", f"{m!r} is not one of: {', '.join(METHODS)}")
            for key in ("targets", "exile", "discard", "sacrifice"):
                if key in action and (not isinstance(action[key], list) or not all(isinstance(x, str) for x in action[key])):
                    raise ScenarioError(f"{where}.{key}", "must be a list of ids")
            if "by" in action and action["by"] not in sc.players:
                raise ScenarioError(f"{where}.by", f"unknown player {action['by']!r} (players: {', '.join(sc.players)})")
        if kind == "move":
            to = action.get("to")
            if to not in ZONES or to == "stack":
                allowed = ", ".join(z for z in ZONES if z != "stack")
                raise ScenarioError(f"{where}.to", f"{to!r} is not a zone an object can be moved to (one of: {allowed}; cast puts spells on the stack)")
        if kind == "copy":
            new = action.get("as")
            if not isinstance(new, str) or not new.replace("_", "").replace("-", "").isalnum():
                raise ScenarioError(f"{where}.as", "the copy needs a new id (letters, digits, '_' and '-')")
            if new in sc.ids or new in sc.players:
                raise ScenarioError(f"{where}.as", f"{new!r} is already in use")
            if "by" in action and action["by"] not in sc.players:
                raise ScenarioError(f"{where}.by", f"unknown player {action['by']!r}")
        if kind == "advance":
            if not isinstance(value, dict) or set(value) - {"phase", "step"} or "phase" not in value:
                raise ScenarioError(f"{where}.advance", "write {advance: {phase: ..., step: ...}}")
            phase, step = value["phase"], value.get("step")
            if phase not in STEPS:
                raise ScenarioError(f"{where}.advance.phase", f"{phase!r} is not one of: {', '.join(STEPS)}")
            if step not in STEPS[phase]:
                allowed = ", ".join("null" if s is None else s for s in STEPS[phase])
                raise ScenarioError(f"{where}.advance.step", f"{step!r} is not a step of the {phase} phase (one of: {allowed})")


def _action_facts(action: dict, kind: str, state: Scenario, where: str, seen: set[str]) -> list[Symbol]:
    ids = {o.id: o for o in state.objects}

    def obj(value: str, field_name: str) -> ObjectSpec | None:
        if value in ids:
            return ids[value]
        if value in seen:
            return None  # it existed once: the action is illegal, not malformed
        raise ScenarioError(f"{where}.{field_name}", f"unknown id {value!r}")

    value = action[kind]
    if kind == "cast":
        o = obj(value, "cast")
        by = action.get("by", state.priority)
        method = action.get("method", "normal")
        if o is None:
            return [Function("action", [Function("gone", [String(value)])])]
        face = "back" if method == "more_than_meets_the_eye" else "front"
        card = o.card
        if "part" in action:
            if card is None or card.layout not in ("split", "adventure"):
                raise ScenarioError(f"{where}.part", f"{value!r} has no parts to choose from (only split and adventurer cards do)")
            match = next((f for f in card.faces if f.name.casefold() == str(action["part"]).casefold()), None)
            if match is None:
                names = ", ".join(f.name for f in card.faces)
                raise ScenarioError(f"{where}.part", f"{action['part']!r} is not a part of {card.name} (one of: {names})")
            face = match.id
        elif card is not None and card.layout == "split":
            names = " or ".join(repr(f.name) for f in card.faces)
            raise ScenarioError(f"{where}.part", f"casting a split card, say which half ({names}; CR 709.3)")
        facts = [Function("action", [Function("cast", [String(value), String(by), const(method), const(face)])])]
        if "source" in action:
            src = action["source"]
            if src != "own":
                obj(src, "source")
            facts.append(Function("action_source", [const("own") if src == "own" else String(src)]))
        for k, t in enumerate(action.get("targets", []), start=1):
            if t not in state.players:
                obj(t, f"targets[{k - 1}]")
            facts.append(Function("choose_target", [String(t), Number(k)]))
        for key in ("exile", "discard", "sacrifice"):
            for k, x in enumerate(action.get(key, [])):
                obj(x, f"{key}[{k}]")
                facts.append(Function("choose", [const(key), String(x)]))
        return facts
    if kind == "resolve":
        return [Function("action", [const("resolve")])]
    if kind in ("convert", "transform", "move"):
        o = obj(value, kind)
        if o is None:
            return [Function("action", [Function("gone", [String(value)])])]
        if kind == "move":
            return [Function("action", [Function("move", [String(value), const(action["to"])])])]
        return [Function("action", [Function(kind, [String(value)])])]
    if kind == "copy":
        o = obj(value, "copy")
        if o is None:
            return [Function("action", [Function("gone", [String(value)])])]
        if action["as"] in ids or action["as"] in seen:
            raise ScenarioError(f"{where}.as", f"{action['as']!r} is already in use")
        by = action.get("by", o.controller or o.owner)
        return [Function("action", [Function("copy", [String(value), String(action["as"]), String(by)])])]
    if kind == "next_turn":
        return [Function("action", [const("next_turn")])]
    if kind == "advance":
        v = action["advance"]
        return [Function("action", [Function("advance", [const(v["phase"]), const(v.get("step") or "none")])])]
    raise AssertionError(kind)


def _reasons(answer: engine.Answer, scenario: Scenario) -> list[dict]:
    base = kb()
    names = {o.id: (o.card.name if o.card else o.id) for o in scenario.objects}
    r = Renderer(base, names, set(scenario.players))
    out = []
    for sym in answer.get("action_why_not"):
        reason, k = sym.arguments
        label = base.label(k.number)
        if reason.type == SymbolType.Function and reason.name == "option" and len(reason.arguments) == 1:
            inner = reason.arguments[0]
            out.append({"reason": r.reason(inner), "rule": label.rule, "ruling": label.ruling, "code": str(inner)})
            continue
        out.append({"reason": r.reason(reason), "rule": label.rule, "ruling": label.ruling, "code": str(reason)})
    out.sort(key=lambda x: x["code"])
    return out


def _unpack(answer: engine.Answer, name: str) -> list[Symbol]:
    return [s.arguments[0] for s in answer.get(name)]


def run(sc: Scenario, upto: int | None = None) -> Timeline:
    """Apply the first `upto` actions (default: all); stop at the first illegal one."""
    check_shapes(sc)
    n = len(sc.actions) if upto is None else upto
    if n < 0 or n > len(sc.actions):
        raise ScenarioError("--step", f"the timeline has {len(sc.actions)} action(s); --step must be between 0 and {len(sc.actions)}")
    timeline = Timeline(sc, [])
    state = sc
    seen = set(sc.ids)
    for i in range(n):
        action = sc.actions[i]
        where = f"actions[{i}]"
        kind = _kind(action, where)
        facts = scenario_facts(state)
        act = _action_facts(action, kind, state, where, seen)
        if act[0].arguments[0].name == "gone":
            gone = act[0].arguments[0].arguments[0].string
            timeline.error = {"step": i + 1, "action": action, "why_not": [{
                "reason": f"{gone!r} no longer exists (it left the zone where it existed: CR 111.7, 400.7, 707.10a)",
                "rule": "CR 400.7", "ruling": None, "code": "gone"}]}
            break
        parts = ["base", "actions"]
        if kind == "cast":
            parts.insert(1, "casting")
            by = act[0].arguments[0].arguments[1]
            act.append(Function("asking", [by]))
        fresh = [Function("fresh_id", [Number(1), String(f"token_{i + 1}")])]
        answer = engine.solve(facts + act + fresh, parts=tuple(parts))
        why = _reasons(answer, state)
        if why:
            timeline.error = {"step": i + 1, "action": action, "why_not": why}
            break
        next_facts = _unpack(answer, "next")
        events = _unpack(answer, "event")
        # triggered abilities, in the new state (CR 603.3)
        fresh = [Function("fresh_id", [Number(k), String(f"trigger_{i + 1}_{k}")]) for k in range(1, 9)]
        event_facts = [Function("event", [e]) for e in events]
        after = state_from_facts(next_facts, state)
        tanswer = engine.solve(scenario_facts(after) + event_facts + fresh, parts=("base", "triggers"))
        trig_facts = _unpack(tanswer, "next")
        triggered = []
        for sym in sorted(tanswer.get("triggered"), key=lambda s: str(s)):
            src, ability, ctl = sym.arguments
            triggered.append({"source": src.string, "ability": ability.name, "controller": ctl.string})
        all_facts = next_facts + trig_facts
        new_state = state_from_facts(all_facts, state)
        seen |= set(new_state.ids)
        prev = set(facts)
        timeline.steps.append(StepResult(i + 1, action, new_state, triggered, [str(e) for e in events],
                                         {f for f in all_facts if f not in prev}))
        state = new_state
    return timeline


def state_from_facts(facts: list[Symbol], prev: Scenario) -> Scenario:
    """The scenario a set of state facts describes (the inverse of facts.scenario_facts)."""
    db = card_db()
    objs: dict[str, dict] = {}
    glob: dict[str, list] = {}
    effects: dict[str, dict] = {}
    for f in facts:
        name, args = f.name, f.arguments
        if name == "obj":
            oid, zone, ts, owner, card = args
            if oid.string in objs and "zone" in objs[oid.string]:
                raise KnowledgeBaseError(f"the knowledge base put object {oid.string} in two places at once")
            objs.setdefault(oid.string, {}).update(
                zone=zone.name, timestamp=ts.number,
                owner=owner.string if owner.type == SymbolType.String else None,
                card=card.string if card.type == SymbolType.String else None)
        elif name in ("controller_given", "face_given", "attached_to", "cast_with", "cast_part", "exiled_with",
                      "copied_card", "copied_face", "copied_from", "ability_source", "ability_kind", "stack_pos"):
            oid, v = args
            objs.setdefault(oid.string, {})[name] = v.string if v.type == SymbolType.String else (
                v.number if v.type == SymbolType.Number else v.name)
        elif name in ("tapped", "new_under_control", "copied_dfc", "token"):
            objs.setdefault(args[0].string, {})[name] = True
        elif name == "counter":
            oid, kind, n = args
            objs.setdefault(oid.string, {}).setdefault("counters", {})[kind.string] = n.number
        elif name == "target":
            oid, t, k = args
            objs.setdefault(oid.string, {}).setdefault("targets", []).append((k.number, t.string))
        elif name == "resolved_effect":
            eid, eff, src, ctl, ts = args
            effects.setdefault(eid.string, {}).update(effect=eff.name, source=src.string, controller=ctl.string,
                                                     timestamp=ts.number)
        elif name == "resolved_effect_object":
            effects.setdefault(args[0].string, {}).setdefault("objects", []).append(args[1].string)
        else:
            glob.setdefault(name, []).append(args)
    specs = []
    for oid, d in objs.items():
        if "zone" not in d:
            continue  # facts about an object that ceased to exist
        is_ability = "ability_source" in d
        specs.append(ObjectSpec(
            index=0, id=oid, zone=d["zone"], card=db.cards[d["card"]] if d.get("card") else None,
            owner=d.get("owner"), controller=d.get("controller_given"), face=d.get("face_given"),
            tapped=d.get("tapped", False), counters=tuple(sorted(d.get("counters", {}).items())),
            attached_to=d.get("attached_to"), controlled_since_turn_start=not d.get("new_under_control", False),
            cast_with=d.get("cast_with"), part=d.get("cast_part"), exiled_with=d.get("exiled_with"),
            token=d.get("token", False), ability_of=d.get("ability_source") if is_ability else None,
            ability=d.get("ability_kind") if is_ability else None,
            targets=tuple(t for _, t in sorted(d.get("targets", []))), timestamp=d["timestamp"],
            copy_card=d.get("copied_card"), copy_dfc=d.get("copied_dfc", False), face_copy=d.get("copied_face"),
            copied_from=d.get("copied_from"),
        ))
    specs.sort(key=lambda o: o.timestamp)
    specs = [ObjectSpec(**{**o.__dict__, "index": i}) for i, o in enumerate(specs)]
    stack = sorted((d["stack_pos"], oid) for oid, d in objs.items() if "stack_pos" in d and "zone" in d)
    order = [oid for _, oid in stack]
    on_stack = [o for o in specs if o.zone == "stack"]
    if [o.id for o in on_stack] != order:
        # keep the stack's order: stack objects in stack order, each at its timestamp slot
        slots = [i for i, o in enumerate(specs) if o.zone == "stack"]
        by_id = {o.id: o for o in specs}
        for slot, oid in zip(slots, order):
            specs[slot] = by_id[oid]
    one = lambda k: glob[k][0][0]  # noqa: E731
    life = {a[0].string: a[1].number for a in glob.get("life", [])}
    step = one("step").name
    return Scenario(
        players=list(prev.players), life={p: life.get(p, prev.life[p]) for p in prev.players},
        active=one("active_player").string, phase=one("phase").name, step=None if step == "none" else step,
        priority=one("priority").string, objects=specs, actions=[], description=prev.description,
        source=prev.source,
        effects=[EffectSpec(e, d["effect"], d["source"], d["controller"], tuple(d.get("objects", ())), d["timestamp"])
                 for e, d in sorted(effects.items()) if "effect" in d],
    )
