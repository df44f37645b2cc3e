"""Typed answers: what the knowledge base concluded about a scenario, read back from its atoms."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from clingo import Function, Number, String, Symbol, SymbolType

from . import engine
from .errors import ScenarioError
from .actions import CastOption, read_options
from .explain import Explainer, Node, Renderer
from .facts import scenario_facts
from .kb import kb
from .scenario import Scenario

PROPERTIES = (
    "name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "power", "toughness",
    "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped", "summoning_sick",
    "cannot_attack", "tapped", "token", "copy_of",
)
REPORTED = PROPERTIES  # every property `show` reports has an explanation
# What a question about one property needs explained (the predicates its tree can reach).
PROPERTY_TARGETS = {
    "power": {("power", 2)}, "toughness": {("toughness", 2)}, "mana_value": {("mana_value", 2)},
    "types": {("has_type", 2)}, "supertypes": {("has_supertype", 2)}, "subtypes": {("has_subtype", 2)},
    "name": {("obj_name", 2)}, "face": {("face_up", 2)}, "keywords": {("has_keyword", 2)},
    "can_attack": {("can_attack", 1), ("cannot_attack", 2)}, "cannot_attack": {("cannot_attack", 2)},
    "escaped": {("escaped", 1)}, "summoning_sick": {("summoning_sick", 1)}, "copy_of": {("is_copy", 1)},
    "zone": {("in_zone", 2)}, "owner": {("owner", 2)}, "controller": {("controller", 2)},
}
_COMMON_TARGETS = frozenset({("chars", 3), ("in_zone", 2), ("ability_source", 2)})
# The rule that makes a fact of the scenario the answer, for properties the scenario states directly.
FACT_RULES = {"zone": "CR 400.1", "owner": "CR 108.3", "controller": "CR 108.4", "attached_to": "CR 301.5",
              "tapped": "CR 110.5", "counters": "CR 122.1", "token": "CR 111.1", "face": "CR 712.1"}
LIST_PROPERTIES = ("types", "subtypes", "supertypes", "keywords", "counters", "cannot_attack")


def py(sym: Symbol):
    """A clingo term as a plain Python value (constants become strings)."""
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and not sym.arguments:
        return sym.name
    return str(sym)


@dataclass(frozen=True)
class ObjectState:
    """The derived characteristics of one object (interface.md §3, `show`)."""

    id: str
    name: str | None
    face: str | None
    zone: str
    owner: str | None
    controller: str | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    mana_value: int | None
    counters: dict[str, int]
    attached_to: str | None
    keywords: tuple[str, ...]
    can_attack: bool
    escaped: bool
    summoning_sick: bool = False
    cannot_attack: tuple[str, ...] = ()
    tapped: bool = False
    token: bool = False
    copy_of: str | None = None
    ability_of: str | None = None
    ability: str | None = None
    targets: tuple[str, ...] = ()

    def to_json(self) -> dict:
        out = {
            "name": self.name, "face": self.face, "zone": self.zone, "owner": self.owner,
            "controller": self.controller, "supertypes": list(self.supertypes), "types": list(self.types),
            "subtypes": list(self.subtypes), "power": self.power, "toughness": self.toughness,
            "mana_value": self.mana_value, "counters": dict(self.counters), "attached_to": self.attached_to,
            "keywords": list(self.keywords), "can_attack": self.can_attack, "escaped": self.escaped,
            "summoning_sick": self.summoning_sick, "cannot_attack": list(self.cannot_attack),
            "tapped": self.tapped, "token": self.token, "copy_of": self.copy_of,
        }
        if self.ability_of is not None:
            out.update({"ability_of": self.ability_of, "ability": self.ability, "targets": list(self.targets)})
        return out


@dataclass
class Evaluation:
    """A scenario evaluated by the knowledge base: characteristics now, and explanations on demand."""

    scenario: Scenario
    facts: list[Symbol]
    stack: list[str] = field(default_factory=list)
    timeline: object | None = None    # pyrules.timeline.Timeline, when the scenario has actions
    _answers: dict = field(default_factory=dict, repr=False)
    _explainers: dict = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ timelines
    @property
    def step(self) -> int:
        return len(self.timeline.steps) if self.timeline else 0

    @property
    def error(self) -> dict | None:
        """The first illegal action of the timeline (step, action, why_not), if it stopped there."""
        return self.timeline.error if self.timeline else None

    @property
    def triggered(self) -> list[dict]:
        """The abilities that triggered on the last action applied."""
        return list(self.timeline.steps[-1].triggered) if self.timeline and self.timeline.steps else []

    def _timeline_json(self) -> dict:
        out = {}
        if self.timeline is not None:
            out["step"] = self.step
            out["stack"] = list(self.stack)
            out["triggered"] = self.triggered
            if self.error is not None:
                out["error"] = self.error
        return out

    def _leaf_note(self, fact: Symbol) -> str | None:
        if not self.timeline:
            return None
        for step in reversed(self.timeline.steps):
            if fact in step.new_facts:
                return f"after step {step.index}: {describe_action(step.action)}"
        return None

    @cached_property
    def objects(self) -> dict[str, ObjectState]:
        # an explanation-mode answer holds every plain atom too: reuse it rather than solve twice
        explained = next((a for (p, x, _), a in self._answers.items() if p is None and x), None)
        return _objects(self.scenario, explained if explained is not None else self.answer)

    # ------------------------------------------------------------------ cast options
    def _player(self, player: str | None) -> str:
        if player is None:
            return self.scenario.priority
        if player not in self.scenario.players:
            raise ScenarioError("--player", f"unknown player {player!r} (players: {', '.join(self.scenario.players)})")
        return player

    def _solve(self, player: str | None, explain: bool, targets: frozenset | None = None) -> engine.Answer:
        key = (player, explain, targets)
        if key not in self._answers:
            extra = [Function("asking", [String(player)])] if player is not None else []
            parts = ("base", "casting") if player is not None else ("base",)
            self._answers[key] = engine.solve(self.facts + extra, explain=explain, parts=parts, targets=targets)
        return self._answers[key]

    @property
    def answer(self) -> engine.Answer:
        return self._solve(None, False)

    def actions(self, player: str | None = None, include_illegal: bool = False, explain: bool = False) -> list[CastOption]:
        """Every way `player` (default: the one with priority) could cast every card they could cast now.

        Only the legal options unless include_illegal; each illegal one carries its why_not reasons."""
        p = self._player(player)
        options = read_options(self._solve(p, False), self.scenario, p)
        if not include_illegal:
            options = [o for o in options if o.legal]
        if explain:
            ex = self._explainer(p)
            for o in options:
                o.explanation = option_node(ex, o, p)
        return options

    def actions_json(self, player: str | None = None, include_illegal: bool = False, explain: bool = False) -> dict:
        p = self._player(player)
        return {"player": p, "actions": [o.to_json(explain) for o in self.actions(p, include_illegal, explain)],
                **self._timeline_json()}

    # ------------------------------------------------------------------ explanations
    def _explainer(self, player: str | None = None, targets: frozenset | None = None) -> Explainer:
        """An explainer over an explanation-mode answer; with targets, only the shadow rules those
        predicates depend on are grounded (a smaller, faster program for one question)."""
        key = (player, targets)
        if key not in self._explainers:
            wider = next((e for (p, t), e in self._explainers.items() if p == player and t is None), None)
            if wider is not None:
                return wider
            answer = self._solve(player, True, targets)
            names = {o.id: (_name_of(answer, o.id) or o.id) for o in self.scenario.objects}
            renderer = Renderer(kb(), names, set(self.scenario.players))
            self._explainers[key] = Explainer(kb(), answer, renderer, self._leaf_note)
        return self._explainers[key]

    @property
    def explainer(self) -> Explainer:
        return self._explainer(None)

    def explain_property(self, oid: str, prop: str, _targets: frozenset | None = None) -> Node:
        """The explanation tree of one property of one object (e.g. explain_property("arcee", "power"))."""
        ex = self._explainer(None, _targets)  # explanation mode first: the plain answers come with it
        if oid not in self.objects:
            raise ScenarioError("query", f"unknown object {oid!r}" + _suggest(oid, list(self.objects)))
        if prop not in PROPERTIES:
            raise ScenarioError("query", f"unknown property {prop!r} (one of: {', '.join(PROPERTIES)})")
        o = self.objects[oid]
        s = String(oid)
        subject = ex.renderer.term(s)
        if o.ability_of is not None:
            src = [ex.node(a) for a in (Function("ability_source", [s, String(o.ability_of)]),) if ex.has(a)]
            return Node(f"{subject} is an ability on the stack, not a card: it has no {prop.replace('_', ' ')}",
                        "CR 113.7", None, src, kind="group")
        atoms = _property_atoms(prop, o, s)
        found = [a for a in atoms if ex.has(a)]
        value = _value_text(prop, o)
        if len(found) == 1 and prop not in LIST_PROPERTIES:
            node = ex.node(found[0])
            if node.kind != "fact":
                return node
            return Node(f"{subject}: {prop.replace('_', ' ')} = {value}", FACT_RULES.get(prop), None, [node], kind="group")
        if found:
            rule = {"counters": "CR 122.1", "cannot_attack": "CR 508.1a", "keywords": "CR 702.1",
                    "types": "CR 205.2a", "subtypes": "CR 205.3a", "supertypes": "CR 205.4a"}.get(prop)
            return Node(f"{subject}: {prop.replace('_', ' ')} = {value}", rule, None, [ex.node(a) for a in found],
                        kind="group")
        return self._absent(ex, prop, o, s, value)

    @staticmethod
    def _faces(ex: Explainer, s: Symbol) -> list[Node]:
        return [ex.node(a) for a in sorted(ex.best, key=str) if a.name == "chars" and a.arguments[0] == s]

    def _absent(self, ex: Explainer, prop: str, o: ObjectState, s: Symbol, value: str) -> Node:
        """Why a property has no value (or is false): each case names the rule that says so."""
        subject = ex.renderer.term(s)
        types = [ex.node(a) for a in (Function("has_type", [s, Function(t)]) for t in o.types) if ex.has(a)]
        zone = [ex.node(Function("in_zone", [s, Function(o.zone)]))]
        cases = {
            "power": (f"{subject} has no power: it is not a creature", "CR 208.3", types or self._faces(ex, s)),
            "toughness": (f"{subject} has no toughness: it is not a creature", "CR 208.3", types or self._faces(ex, s)),
            "controller": (f"{subject} has no controller: only permanents and objects on the stack have one", "CR 108.4", zone),
            "supertypes": (f"{subject} has no supertypes", "CR 205.4a", self._faces(ex, s)),
            "types": (f"{subject} has no card types", "CR 205.2a", self._faces(ex, s)),
            "subtypes": (f"{subject} has no subtypes", "CR 205.3a", self._faces(ex, s)),
            "keywords": (f"{subject} has no keyword abilities", "CR 702.1", self._faces(ex, s)),
            "counters": (f"{subject} has no counters", "CR 122.1", zone),
            "attached_to": (f"{subject} is not attached to anything", "CR 301.5", zone),
            "face": (f"{subject} has only one face, its front", "CR 712.1", self._faces(ex, s)),
            "escaped": (f"{subject} didn't escape: it wasn't cast from a graveyard with escape", "CR 702.138b", zone),
            "summoning_sick": (f"{subject} is not summoning sick", "CR 302.6", types or zone),
            "tapped": (f"{subject} is {'tapped' if o.tapped else 'untapped'}", "CR 110.5", zone),
            "token": (f"{subject} is {'a token' if o.token else 'a card, not a token'}", "CR 111.1", zone),
            "copy_of": (f"{subject} is not a copy", "CR 707.2", self._faces(ex, s)),
            "mana_value": (f"{subject} has no mana value", "CR 202.3", self._faces(ex, s)),
        }
        if prop in ("can_attack", "cannot_attack"):
            reasons = [Function("cannot_attack", [s, Function(x)]) for x in o.cannot_attack]
            if o.can_attack:
                return ex.node(Function("can_attack", [s]))
            return Node(f"{subject} can't attack", "CR 508.1a", None, [ex.node(a) for a in reasons if ex.has(a)],
                        kind="group")
        claim, rule, kids = cases.get(prop, (f"{subject}: {prop.replace('_', ' ')} = {value}", None, []))
        ruling = "BOT-08" if prop in ("power", "toughness") and "vehicle" in o.subtypes else None
        return Node(claim, rule, ruling, kids, kind="group")

    def explanations(self, oid: str) -> dict[str, dict]:
        """An explanation tree for every property `show` reports."""
        return {p: self.explain_property(oid, p).to_json() for p in REPORTED}

    def explain(self, query: str, player: str | None = None) -> Node:
        """The explanation tree for a query (see README, 'Explanation queries'):
        OBJECT.PROPERTY, `why not OBJECT.PROPERTY`, `cast OBJECT [METHOD] [PART]`, `why not cast OBJECT ...`."""
        q = " ".join(query.split())
        m = re.fullmatch(r"(?:why(?: not)? )?([A-Za-z0-9_-]+)\.([a-z_]+)", q)
        if m:
            targets = frozenset(PROPERTY_TARGETS.get(m[2], ())) | _COMMON_TARGETS if m[2] in PROPERTY_TARGETS else None
            return self.explain_property(m[1], m[2], targets)
        m = re.fullmatch(r"(why not )?cast ([A-Za-z0-9_-]+)(?: (.+?))?(?: by ([A-Za-z0-9_-]+))?", q)
        if m:
            return self.explain_cast(m[2], m[3], m[4] or player, why_not=bool(m[1]))
        raise ScenarioError("query", f"not a query pyrules understands: {query!r} "
                            "(try OBJECT.PROPERTY, 'cast OBJECT [METHOD] [PART]' or 'why not cast OBJECT ...')")

    def explain_cast(self, oid: str, rest: str | None = None, player: str | None = None, why_not: bool = False) -> Node:
        """Why a way of casting a card is (or is not) allowed: `cast uro escape`, `why not cast arcee more_than_meets_the_eye`."""
        if oid not in self.objects:
            raise ScenarioError("query", f"unknown object {oid!r}")
        p = self._player(player)
        options = [o for o in self.actions(p, include_illegal=True) if o.object == oid]
        words = (rest or "").split()
        methods = {m for m in ("normal", "escape", "flashback", "more_than_meets_the_eye")}
        for w in words:
            key = w.lower().replace("-", "_")
            if key in methods:
                options = [o for o in options if o.method == key]
            elif key in ("front", "back"):
                options = [o for o in options if o.face == key]
            else:
                part = " ".join(words[words.index(w):])
                options = [o for o in options if (o.part or "").casefold() == part.casefold() or o.source == part]
                break
        if why_not:
            options = [o for o in options if not o.legal] or options
        if not options:
            raise ScenarioError("query", f"no way to cast {oid!r} matches {rest!r} (see `pyrules actions --all`)")
        ex = self._explainer(p)
        nodes = [option_node(ex, o, p) for o in options]
        if len(nodes) == 1:
            return nodes[0]
        return Node(f"{len(nodes)} ways to {options[0].describe().split(' from ')[0]}", because=nodes, kind="group")


    def to_json(self, ids: list[str] | None = None, explain: bool = False) -> dict:
        objs = {}
        for oid in ids or list(self.objects):
            if oid not in self.objects:
                raise ScenarioError("ids", f"unknown object {oid!r}")
            data = self.objects[oid].to_json()
            if explain:
                data["explanation"] = self.explanations(oid)
            objs[oid] = data
        return {"objects": objs, **self._timeline_json()}


def _name_of(answer: engine.Answer, oid: str) -> str | None:
    for sym in answer.get("out"):
        if sym.arguments[0].string == oid:
            return sym.arguments[1].string
    return None


def describe_action(action: dict) -> str:
    """A short text for an action of a timeline: 'cast uro (escape)', 'resolve top', ..."""
    for kind in ("cast", "convert", "transform", "move", "copy"):
        if kind in action:
            extra = []
            if kind == "cast" and action.get("method", "normal") != "normal":
                extra.append(action["method"].replace("_", " "))
            if "part" in action:
                extra.append(f"as {action['part']}")
            if kind == "move":
                extra.append(f"to the {action.get('to')}")
            if kind == "copy":
                extra.append(f"as {action.get('as')}")
            return f"{kind} {action[kind]}" + (f" ({', '.join(extra)})" if extra else "")
    if "resolve" in action:
        return "resolve the top of the stack"
    if "next_turn" in action:
        return "next turn"
    if "advance" in action:
        adv = action["advance"]
        return f"advance to {adv.get('phase')}" + (f", {adv['step']}" if adv.get("step") else "")
    return str(action)


def option_node(ex: Explainer, o: CastOption, player: str) -> Node:
    """Why an option is legal (its permission, timing and costs) or why not (each reason's tree)."""
    x = o.term
    r = ex.renderer
    subject = f"{r.term(String(player))} {'may' if o.legal else 'may not'} {o.describe()}"
    if not o.legal:
        kids = []
        for reason in o.why_not:
            atoms = [a for a in ex.best if a.name == "why_not" and a.arguments[0] == x and str(a.arguments[1]) == reason.code]
            kids += [ex.node(a) for a in atoms]
        return Node(subject, "CR 601.3" if not kids else kids[0].rule, kids[0].ruling if kids else None, kids, kind="group")
    wanted = [Function("permitted", [x]), Function("timing_ok", [x])]
    wanted += sorted((a for a in ex.best if a.name in ("option_mana", "option_exile", "exile_available", "option_sacrifice",
                                                        "option_discard", "option_life", "option_mv", "cost_increase",
                                                        "cost_reduction", "extra_cost")
                      and a.arguments[0] == x), key=str)
    kids = [ex.node(a) for a in wanted if ex.has(a)]
    return Node(f"{subject}, for {o.cost.text}", "CR 601.2f", None, kids, kind="group")


def _property_atoms(prop: str, o: ObjectState, s: Symbol) -> list[Symbol]:
    c = Function
    if prop == "power" and o.power is not None:
        return [c("power", [s, Number(o.power)])]
    if prop == "toughness" and o.toughness is not None:
        return [c("toughness", [s, Number(o.toughness)])]
    if prop == "mana_value" and o.mana_value is not None:
        return [c("mana_value", [s, Number(o.mana_value)])]
    if prop == "types":
        return [c("has_type", [s, c(t)]) for t in o.types]
    if prop == "supertypes":
        return [c("has_supertype", [s, c(t)]) for t in o.supertypes]
    if prop == "subtypes":
        return [c("has_subtype", [s, String(t)]) for t in o.subtypes]
    if prop == "keywords":
        return [c("has_keyword", [s, c(k)]) for k in o.keywords]
    if prop == "face" and o.face is not None:
        return [c("face_up", [s, c(o.face)])]
    if prop == "name" and o.name is not None:
        return [c("obj_name", [s, String(o.name)])]
    if prop == "zone":
        return [c("in_zone", [s, c(o.zone)])]
    if prop == "owner" and o.owner is not None:
        return [c("owner", [s, String(o.owner)])]
    if prop == "controller" and o.controller is not None:
        return [c("controller", [s, String(o.controller)])]
    if prop == "can_attack" and o.can_attack:
        return [c("can_attack", [s])]
    if prop == "escaped" and o.escaped:
        return [c("escaped", [s])]
    if prop == "summoning_sick" and o.summoning_sick:
        return [c("summoning_sick", [s])]
    if prop == "counters":
        return [c("counter", [s, String(k), Number(n)]) for k, n in o.counters.items()]
    if prop == "attached_to" and o.attached_to is not None:
        return [c("attached_to", [s, String(o.attached_to)])]
    if prop == "cannot_attack":
        return [c("cannot_attack", [s, c(x)]) for x in o.cannot_attack]
    if prop == "copy_of" and o.copy_of is not None:
        return [c("is_copy", [s])]
    return []


def _suggest(value: str, names: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(value, names, n=1)
    return f" — did you mean {close[0]!r}?" if close else ""


def _value_text(prop: str, o: ObjectState) -> str:
    v = getattr(o, prop)
    if isinstance(v, tuple):
        return ", ".join(v) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{n} {k}" for k, n in v.items()) if v else "none"
    if v is None:
        return "none"
    return str(v).lower() if isinstance(v, bool) else str(v)


# How to read each output atom: the kinds of the arguments after the object id (s string, c constant, n number).
_READ = {
    "out": "sn", "out_pt": "nn", "face_up": "c", "controller": "s", "has_type": "c", "has_supertype": "c",
    "has_subtype": "s", "has_keyword": "c", "can_attack": "", "cannot_attack": "c", "summoning_sick": "",
    "escaped": "",
}


def _read(sym: Symbol, kinds: str):
    args = sym.arguments
    oid = args[0].string
    if not kinds:
        return oid, True
    values = tuple(a.string if k == "s" else a.number if k == "n" else a.name for k, a in zip(kinds, args[1:]))
    return oid, values if len(values) > 1 else values[0]


def _objects(sc: Scenario, answer: engine.Answer) -> dict[str, ObjectState]:
    by: dict[str, dict[str, list]] = {o.id: {} for o in sc.objects}
    for pred, kinds in _READ.items():
        for sym in answer.get(pred):
            oid, value = _read(sym, kinds)
            by[oid].setdefault(pred, []).append(value)
    out = {}
    for o in sc.objects:
        d = by[o.id]

        def one(pred, default=None):
            vals = d.get(pred)
            return vals[0] if vals else default

        name, mv = one("out", (None, None))
        power, toughness = one("out_pt", (None, None))
        face = one("face_up")
        if face is None and not o.is_ability:
            face = "front"
        out[o.id] = ObjectState(
            id=o.id, name=name, face=face, zone=o.zone, owner=o.owner,
            controller=one("controller"), supertypes=tuple(sorted(d.get("has_supertype", ()))),
            types=tuple(sorted(d.get("has_type", ()))), subtypes=tuple(sorted(d.get("has_subtype", ()))),
            power=power, toughness=toughness, mana_value=mv,
            counters=dict(o.counters) if not o.is_ability else {}, attached_to=o.attached_to,
            keywords=tuple(sorted(d.get("has_keyword", ()))), can_attack="can_attack" in d,
            escaped="escaped" in d, summoning_sick="summoning_sick" in d,
            cannot_attack=tuple(sorted(d.get("cannot_attack", ()))), tapped=o.tapped, token=o.token,
            copy_of=o.copy_of or o.copied_from, ability_of=o.ability_of, ability=o.ability, targets=o.targets,
        )
    return out


def evaluate(sc: Scenario) -> Evaluation:
    # a scenario is not changed once validated: its facts are built once and reused by later queries
    facts = sc.__dict__.get("_facts")
    if facts is None:
        facts = sc.__dict__["_facts"] = scenario_facts(sc)
    return Evaluation(sc, facts, stack=[o.id for o in sc.objects if o.zone == "stack"])
