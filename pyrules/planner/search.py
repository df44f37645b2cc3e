"""Plans: "how can I…" — the shortest lines of legal actions from a scenario's state to a goal (docs/guide/plans.md).

The search is breadth-first over states the knowledge base computes itself. A state is the scenario with a
prefix of planned actions appended to its timeline, played out by the engine (model.evaluate: one clingo
Control grounded moment by moment; a Control can't be copied, so every state is its own replay of the
prefix; the evaluation of a state is kept until its successors are asked for, up to KEPT of them and while
the process uses less than half its memory budget, so that it isn't played out twice, and its last successor
is played on its own game, model.extend, rather than replayed). Its successors are exactly what the rules
allow there:

- when the planning player has priority: every option `actions` lists as legal for them (Option.to_action:
  casting with every method, part and permission, playing a land, activating an ability; attacking and
  blocking in those steps), except mana abilities on their own (a cast or an activation pays with them as it
  is paid for) and, with track_mana, an option the pool and mana sources can't pay; then `{resolve: top}` when
  the stack isn't empty (every player passing in succession), or `{pass: P}` when it is;
- when another player has priority: `{pass: Q}` — they only pass — and the planning player's attacks or
  blocks the rules allow then (declaring them doesn't wait for priority).

A successor whose replay the engine refuses (rejected: the timeline's own check) is dropped, as is one that
begins the next turn. Two prefixes that reach the same state (the show document: objects, stack, turn,
players; which `cast` conditions of the goal have happened; and who has passed in succession, whether priority
was taken in the step, which declarations were made) are one state: a state first reached at a
shallower depth is not searched again; states reached at the same depth keep every prefix (so `--all` lists
every shortest plan). Successors are taken in a fixed order — the order `actions` lists options (casts, lands,
activations, attacks, blocks, each in timestamp order), then resolve, then pass — so the search visits the
shortest prefixes in lexicographic order of that ranking, and the first plan found is the preferred one.

The goal is checked on every state; no rule of the game is written here: legality, costs, effects and the
reasons an option is not allowed all come from the knowledge base (why_not atoms, rendered by its templates).
"""

from __future__ import annotations

import difflib
import json
import math
import re
import time
from dataclasses import dataclass, field, replace
from functools import cache

from clingo import Function, Number, String, Symbol

from pyrules.answers.evaluation import evaluate, extend
from pyrules.answers.queries import (
    _group,
    _with_summary,
    caveat,
    explain_option,
    explain_property,
    explainer,
    properties,
)
from pyrules.answers.render import not_modelled_text
from pyrules.cards.db import with_files
from pyrules.cards.reader import SUPERTYPES, TYPE_WORDS
from pyrules.errors import ScenarioError
from pyrules.game.engine import two_at_a_time
from pyrules.game.facts import oid, scenario_facts
from pyrules.game.state import Reason
from pyrules.input.actions import GEN
from pyrules.input.limits import current, data_segment_mb
from pyrules.input.scenario import Scenario
from pyrules.input.scenario import load as load_scenario
from pyrules.input.schema import METHODS, PHASES, STEPS, ZONES
from pyrules.kb.compile import kb
from pyrules.kb.interface import (
    ACT_AB,
    BEST_LINE,
    CONDITION,
    CONDITION_MET,
    CONDITION_TEST,
    CONDITION_UNMET,
    GOAL_CAST,
    GOAL_COUNTERS,
    GOAL_OBJECT,
    GOAL_OPERATOR,
    GOAL_PLAYER,
    GOAL_POOL,
    GOAL_PROPERTY,
    GOAL_TURN,
    MANA_ABILITY,
    PLAN_FROM_STEP,
    PLAN_STATE,
    PRIORITY,
    TOP_OF_STACK,
    UNMET_DIFFERS,
)
from pyrules.kb.pipeline import GOAL
from pyrules.kb.terms import strings_in
from pyrules.kb.vocabulary import COLOR_WORDS

DEFAULT_HORIZON = 10
MAX_HORIZON = 40
MAX_PLANS = 20
DEFAULT_BUDGET = 120.0      # seconds of search before answering that the limit was hit
MAX_STATES = 4000           # states played out, at most
PARALLEL = True             # successors replayed two at a time on a machine with two cores or more
KEPT = 256                  # evaluated states kept for their options to be asked next (each holds a Control),
                            # while the process uses less than half its memory budget

# ------------------------------------------------------------------------------------------------ the goal

@dataclass(frozen=True)
class Condition:
    kind: str                 # object | player | turn | cast
    subject: str | None       # object id or player name (None for turn)
    prop: str | None = None   # property (object, player, turn); method or None (cast)
    op: str | None = None
    value: object = None
    text: str = ""
    counter: str | None = None   # counters: the kind of counter compared (OBJECT.counters.KIND)
    values: str = ""             # the kind of values the property takes (rules/output/goals.lp)

    def to_json(self) -> dict:
        out = {"kind": self.kind, "subject": self.subject, "property": self.prop, "op": self.op,
               "value": self.value, "text": self.text}
        if self.counter is not None:
            out["counter"] = self.counter
        return out


@dataclass(frozen=True)
class Goal:
    text: str
    conditions: tuple[Condition, ...]

    def casts(self) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if c.kind == "cast")


@dataclass(frozen=True)
class Language:
    """The goal language as the knowledge base states it (rules/output/goals.lp): the properties a goal may ask
    about, of an object, a player or the turn, in order, with the kind of values each takes and its label; the
    operators, and which compare numbers only."""
    properties: dict[str, dict[str, str]]     # object | player | turn | cast -> property -> kind of values
    labels: dict[tuple[str, str], object]     # (kind, property) -> the label of what it asks about
    operators: dict[str, tuple[str, str]]     # "<=" -> (le, number)


@cache
def language() -> Language:
    base = kb()
    props: dict[str, dict[str, str]] = {}
    labels = {}
    for r, label in GOAL_PROPERTY.stated(base):
        props.setdefault(r.kind.name, {})[r.property.name] = r.values.name
        labels[r.kind.name, r.property.name] = label
    ops = {r.text.string: (r.name.name, r.compares.name) for r, _ in GOAL_OPERATOR.stated(base)}
    return Language(props, labels, ops)


def _split_and(text: str) -> list[str]:
    """The clauses of a goal, joined with ` and ` (outside "quoted" values)."""
    text = f" {text} "
    out, cur, quoted, i = [], [], False, 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        if not quoted and text[i:i + 5].lower() == " and ":
            out.append("".join(cur))
            cur = []
            i += 5
            continue
        cur.append(ch)
        i += 1
    if quoted:
        raise ScenarioError("goal", "a quoted value is not closed (a missing \")")
    out.append("".join(cur))
    return [c.strip() for c in out]


def _value(raw: str, clause: str):
    raw = raw.strip()
    if not raw:
        raise ScenarioError("goal", f"{clause!r}: a value is missing after the operator")
    if raw.startswith(("=", "<", ">", "!")):
        raise ScenarioError("goal", f"{clause!r}: one operator between the property and its value "
                                    f"(=, !=, <, <=, >, >=; equality is a single =)")
    if raw.startswith('"'):
        if len(raw) < 2 or not raw.endswith('"'):
            raise ScenarioError("goal", f"{clause!r}: a quoted value is not closed")
        return raw[1:-1]
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if raw in ("true", "false"):
        return raw == "true"
    if raw == "null":
        return None
    if " " in raw:
        raise ScenarioError("goal", f"{clause!r}: a name with spaces is written in quotes: \"{raw}\"")
    return raw


def _hint(value: str, names) -> str:
    close = difflib.get_close_matches(value, list(names), n=1)
    return f" — did you mean {close[0]!r}?" if close else ""


def parse_goal(text, sc) -> Goal:
    """A goal (docs/guide/plans.md): clauses joined with ` and `; bad input (exit 2, field `goal`) names what's wrong.
    Which properties a goal may ask about and the values they take are the knowledge base's (language())."""
    if not isinstance(text, str) or not text.strip():
        raise ScenarioError("goal", "is required (for example 'kroxa.zone = battlefield' or 'cast kroxa escape')")
    if len(text) > 2000:
        raise ScenarioError("goal", "is too long (2000 characters at most)")
    text = " ".join(text.split())
    lang = language()
    ids = set(sc.ids) | _copies(sc)
    ops = "|".join(re.escape(o) for o in sorted(lang.operators, key=len, reverse=True))

    def is_object(x: str) -> bool:   # an id of the scenario, a copy's `as`, or one pyrules makes (trigger_N_K)
        return x in ids or bool(GEN.match(x))

    def known_object(x: str, clause: str) -> None:
        if not is_object(x):
            raise ScenarioError("goal", f"{clause!r}: unknown object {x!r}{_hint(x, ids | set(sc.players))}")

    conds = []
    for clause in _split_and(text):
        if not clause:
            raise ScenarioError("goal", f"{text!r}: an empty condition (' and ' at the start or the end, or twice)")
        words = clause.split()
        if words[0].lower() == "cast":
            if len(words) not in (2, 3):
                raise ScenarioError("goal", f"{clause!r}: write cast OBJECT [METHOD]")
            known_object(words[1], clause)
            method = words[2] if len(words) == 3 else None
            if method is not None and method not in METHODS:
                raise ScenarioError("goal", f"{clause!r}: {method!r} is not a way to cast (one of: {', '.join(METHODS)})")
            conds.append(Condition("cast", words[1], method, text=clause, values=lang.properties["cast"]["cast"]))
            continue
        m = re.fullmatch(r'([A-Za-z0-9_-]+)\.([A-Za-z_]+)(?:\.(?:"([^"]+)"|([A-Za-z0-9+/_-]+)))?\s*(' + ops + r')\s*(.*)', clause)
        if not m:
            raise ScenarioError("goal", f"{clause!r} is not a condition (write OBJECT.PROPERTY = VALUE, "
                                        "OBJECT.PROPERTY != VALUE, PLAYER.life <= N, OBJECT.counters.KIND >= N "
                                        "or cast OBJECT [METHOD])")
        subject, prop, quoted, bare, op, raw = m.groups()
        counter = quoted or bare
        if counter is not None and prop not in {p for props in lang.properties.values() for p, v in props.items()
                                                if v == "counters"}:
            raise ScenarioError("goal", f"{clause!r}: only counters are compared by kind (OBJECT.counters.KIND)")
        value = _value(raw, clause)
        if subject in sc.players:
            kind = "player"
        elif subject == "turn" and subject not in ids:
            kind, subject = "turn", None
        else:
            known_object(subject, clause)
            kind = "object"
        props = lang.properties[kind]
        if prop not in props:
            raise ScenarioError("goal", f"{clause!r}: unknown property {prop!r}{_hint(prop, props)} (one of: {', '.join(props)})")
        values = props[prop]
        if values == "counters":
            if counter is None:
                raise ScenarioError("goal", f"{clause!r}: counters are compared one kind at a time: write "
                                            f"{subject}.counters.KIND (for example {subject}.counters.\"+1/+1\" >= 1)")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ScenarioError("goal", f"{clause!r}: a number of counters is a whole number, 0 or more; {raw.strip()!r} is not")
            conds.append(Condition(kind, subject, prop, op, value, clause, counter, values))
            continue
        if lang.operators[op][1] == "number" and (not isinstance(value, int) or isinstance(value, bool)):
            raise ScenarioError("goal", f"{clause!r}: {op} compares numbers; {raw.strip()!r} is not a number")
        _check_value(prop, values, value, raw.strip(), clause, sc, is_object, ids)
        conds.append(Condition(kind, subject, prop, op, value, clause, values=values))
    return Goal(text, tuple(conds))


def _copies(sc) -> set[str]:
    """The ids the scenario's timeline gives copies (`as`)."""
    return {a["as"] for a in sc.actions if isinstance(a, dict) and "as" in a and isinstance(a["as"], str)}


# The words each kind of value is one of (the scenario's and the card reader's vocabularies), and what a value
# outside them is called in the message refusing it (the property's name, unless said here).
def _choices(values: str, sc) -> tuple | None:
    return {"zone": ZONES, "face_or_null": ("front", "back", None), "phase": PHASES,
            "step_or_null": tuple(dict.fromkeys(x for steps in STEPS.values() for x in steps if x)) + (None,),
            "player": tuple(sc.players), "player_or_null": tuple(sc.players) + (None,),
            "card_type": tuple(sorted(TYPE_WORDS)), "supertype": tuple(sorted(SUPERTYPES)),
            "color": tuple(COLOR_WORDS.values())}.get(values)


NOUNS = {"card_type": "card type", "supertype": "supertype", "color": "color"}
NUMBERS = ("number", "count", "number_or_null", "count_or_null")


def _check_value(prop: str, values: str, value, raw: str, clause: str, sc, is_object, ids) -> None:
    """A goal that compares a property with a value it can never have is bad input, not a search that can't
    succeed: the value must be of the kind the property takes."""
    if values in NUMBERS:
        null = values.endswith("_or_null")
        if value is None and null:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScenarioError("goal", f"{clause!r}: {prop} is a number{' (or null)' if null else ''}; {raw!r} is not")
        if values.startswith("count") and value < 0:
            raise ScenarioError("goal", f"{clause!r}: {prop} is never negative; {raw!r} is")
        return
    if values == "flag":
        if not isinstance(value, bool):
            raise ScenarioError("goal", f"{clause!r}: {prop} is true or false; {raw!r} is neither")
        return
    if values == "mana":
        if not isinstance(value, str) or not re.fullmatch(r"(\{[WUBRGCS]\})*", value):
            raise ScenarioError("goal", f"{clause!r}: a mana pool is written as mana symbols, {{G}}{{G}} or \"\" for an empty one; {raw!r} is not")
        return
    if values == "object_or_null" and value is not None:
        if not isinstance(value, str):
            raise ScenarioError("goal", f"{clause!r}: {raw!r} is not an object of the scenario")
        if not is_object(value):
            raise ScenarioError("goal", f"{clause!r}: {raw!r} is not an object of the scenario{_hint(value, ids)}")
        return
    choices = _choices(values, sc)
    if choices is None:
        return
    folded = {c.casefold() if isinstance(c, str) else c for c in choices}
    if (value.casefold() if isinstance(value, str) else value) not in folded:
        shown = ", ".join("null" if c is None else c for c in choices)
        hint = _hint(value, [c for c in choices if c]) if isinstance(value, str) else ""
        what = NOUNS.get(values, prop.replace("_", " "))
        raise ScenarioError("goal", f"{clause!r}: {raw!r} is not a {what}{hint} (one of: {shown})")


# ------------------------------------------------------------------------------------------------ as facts

def goal_facts(goal: Goal, sc) -> list[Symbol]:
    """The goal as facts of the knowledge base, built with the clingo API (rules/output/goals.lp evaluates them in
    the show query of every state: condition_met/2, condition_unmet/3). A value is written the way the state
    writes the property's values; a name may be spelled in any letter case, so each spelling the scenario has of
    it is given."""
    out = [PLAN_FROM_STEP(len(sc.actions))]
    strings: set[str] | None = None
    for c in goal.conditions:
        C = String(c.text)
        if c.kind == "cast":
            out.append(CONDITION(C, GOAL_OBJECT(oid(c.subject)), GOAL_CAST(c.prop or "any")))
            continue
        subject = (GOAL_OBJECT(oid(c.subject)) if c.kind == "object" else
                   GOAL_PLAYER(c.subject) if c.kind == "player" else GOAL_TURN())
        prop = GOAL_COUNTERS(c.counter) if c.counter is not None else Function(c.prop)
        out.append(CONDITION(C, subject, prop))
        v = c.value
        if v is None:
            forms = [Function("none")]
        elif isinstance(v, bool):
            forms = [Function("true" if v else "false")]
        elif isinstance(v, int):
            forms = [Number(v)]
        elif c.values == "mana":
            forms = _pool(v)
        elif c.values in ("player", "player_or_null", "object_or_null", "target"):
            forms = [String(s) if s in sc.players else oid(s)
                     for s in _spellings(v, set(sc.ids) | _copies(sc) | set(sc.players))]
            if GEN.match(v.casefold()) and v.casefold() not in sc.ids:
                forms.append(oid(v.casefold()))
        elif c.values == "text":
            if strings is None:
                strings = strings_in(scenario_facts(sc)) | set(sc.players) | set(sc.ids) | _copies(sc)
            forms = [String(s) for s in _spellings(v, strings)]
        else:   # a word of the knowledge base (a zone, a card type, a keyword, ...)
            w = v.casefold()
            forms = [Function(w)] if re.fullmatch(r"[a-z_][a-z0-9_]*", w) else []
        op = Function(language().operators[c.op][0])
        out += [CONDITION_TEST(C, op, f) for f in forms]
    return out


def _spellings(value: str, known: set[str]) -> list[str]:
    """The value, and the names the scenario spells like it in another letter case."""
    return [value] + sorted(s for s in known if s != value and s.casefold() == value.casefold())


def _pool(text: str) -> list[Symbol]:
    """A mana pool as written ({G}{G}) as the state counts it — if the state writes it that way: the symbols
    in the order W U B R G C (a pool written otherwise is never the one the state shows)."""
    n = {k: text.count("{" + k.upper() + "}") for k in "wubrgc"}
    if "".join("{" + k.upper() + "}" * 1 for k in "wubrgc" for _ in range(n[k])) != text:
        return []
    return [GOAL_POOL(*(n[k] for k in "wubrgc"))]


def _reported(c: Condition, doc: dict):
    """The value the state's show document reports for a condition's subject and property."""
    if c.kind == "object":
        o = doc["objects"].get(c.subject) or {}
        return (o.get("counters") or {}).get(c.counter, 0) if c.counter is not None else o.get(c.prop)
    if c.kind == "player":
        return doc["players"].get(c.subject, {}).get(c.prop)
    return doc["turn"].get(c.prop)


def conditions_met(sc, goal: Goal) -> set[str]:
    """The conditions of a goal (their text) that hold in a scenario's state after its timeline, as the
    knowledge base evaluates them (a cast condition: cast during the timeline)."""
    ev = evaluate(sc, facts=goal_facts(goal, replace(sc, actions=[])), query_parts=(GOAL,))
    ev.to_json()
    return {r.condition.string for r in CONDITION_MET.read(ev.game, ev.t)}


# ------------------------------------------------------------------------------------------------ the search

@dataclass
class State:
    key: str
    depth: int
    doc: dict
    holding: frozenset                            # the goal's conditions that hold (their text)
    unmet: tuple                                  # why the others don't: condition_unmet/3 atoms
    parents: list = field(default_factory=list)   # (parent State, action, rank) — every prefix at this depth
    met: int = 0
    index: int = 0                                # the order states were reached in


@dataclass
class PlanResult:
    """What `pyrules plan` answers: the shortest plans found, or why there is none (docs/guide/plans.md)."""

    goal: str
    player: str
    horizon: int
    found: bool
    plans: list[list[dict]]
    why_not: list = field(default_factory=list)            # model.Reason
    explanation: object = None
    states: int = 0
    seconds: float = 0.0
    complete: bool = True                                  # False: the search limit was hit before the horizon
    more: bool = False                                     # --all: more shortest plans exist than those listed
    unmet: list = field(default_factory=list)
    error: dict | None = None
    not_modelled: list = field(default_factory=list)       # the board's card lines pyrules doesn't model (§5.7)

    def to_json(self) -> dict:
        out = {"goal": self.goal, "player": self.player, "horizon": self.horizon, "found": self.found,
               "plans": [{"actions": p, "length": len(p)} for p in self.plans]}
        if not self.found:
            out["why_not"] = [dict(r.to_json(), **({"rules": list(r.rules)} if r.rules[1:] else {}))
                              for r in self.why_not]
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_json() if hasattr(self.explanation, "to_json") else self.explanation
        out["search"] = {"states": self.states, "complete": self.complete}   # (no time: the same answer every run)
        if self.more:
            out["search"]["more"] = True
        if self.error:
            out["error"] = self.error
        out.update({"complete": not self.not_modelled, "not_modelled": self.not_modelled})
        return out


class Planner:
    def __init__(self, sc, goal: Goal, player: str | None, horizon: int, want_all: bool,
                 budget: float | None = None, max_states: int = MAX_STATES, root=None):
        self.sc = sc
        self.goal = goal
        self.horizon = horizon
        self.want_all = want_all
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.max_states = max_states
        self.t0 = time.perf_counter()
        self.facts = goal_facts(goal, sc)   # every state is evaluated with the goal's conditions
        self.root_ev = root if root is not None else evaluate(sc, facts=self.facts, query_parts=(GOAL,))
        self.player = player or self.root_ev.turn["priority"]
        if self.player not in sc.players:
            raise ScenarioError("player", f"unknown player {self.player!r}{_hint(str(self.player), sc.players)} "
                                          f"(players: {', '.join(sc.players)})")
        self.turn_number = self.root_ev.turn["number"]
        self.played = 0
        self.rejected = 0
        self.limit_hit = False
        self.states: dict[str, State] = {}
        self.best: State | None = None
        self.blocked: dict[tuple, tuple] = {}   # option identity -> (number of reasons, Option)
        self.taken: set[tuple] = set()          # the identities of options allowed on some line searched

    # ---------------------------------------------------------------- states
    def _evaluate(self, prefix: list[dict]):
        return evaluate(replace(self.sc, actions=list(self.sc.actions) + list(prefix)), facts=self.facts,
                        query_parts=(GOAL,))

    def _state(self, ev, depth: int) -> State:
        full = ev.to_json()
        doc = {"objects": full["objects"], "turn": full["turn"], "players": full["players"],
               "stack": full.get("stack", ev.stack)}
        # the goal's conditions, evaluated by the knowledge base in the state's show query; and what the show
        # document leaves out and decides what may come next (plan_state/2: who has passed in succession, ...)
        T, game = ev.t, ev.game
        holding = frozenset(r.condition.string for r in CONDITION_MET.read(game, T))
        unmet = tuple(CONDITION_UNMET.read(game, T))
        flow = sorted(str(r.state) for r in PLAN_STATE.read(game, T))
        casts = sorted({c.text for c in self.goal.casts() if c.text in holding})
        key = json.dumps([doc, casts, flow], sort_keys=True)
        st = State(key, depth, doc, holding, unmet)
        st.met = sum(c.text in holding for c in self.goal.conditions)
        return st

    def done(self, st: State) -> bool:
        return st.met == len(self.goal.conditions)

    def _room(self) -> bool:
        """Whether one more evaluated state may be kept: the process under half its memory budget."""
        used = data_segment_mb()
        return used is None or used < current().max_memory_mb / 2

    def _over_limit(self) -> bool:
        if time.perf_counter() - self.t0 > self.budget or self.played >= self.max_states:
            self.limit_hit = True
        return self.limit_hit

    # ---------------------------------------------------------------- successors
    def successors(self, ev, st: State) -> list[dict]:
        """The actions the rules allow the planning player (or the pass of the player who has priority)."""
        holder = st.doc["turn"]["priority"]
        lost = sum(bool(d.get("lost")) for d in ev.players.values())
        if holder is None or lost and len(ev.players) - lost <= 1:   # (the game is over; a one-player game goes on)
            return []
        # (whether the mana sources can pay matters only when the scenario tracks mana)
        opts = ev.actions(self.player, include_illegal=True, payments=self.sc.track_mana)
        legal = [o for o in opts if o.legal and not (self.sc.track_mana and o.payable is False)
                 and not self._mana_ability(ev, o)]
        if holder != self.player:
            # declaring attackers or blockers doesn't wait for priority: the planning player may, if the rules allow;
            # with something on the stack, every player passing in succession resolves its top (the planning
            # player passes too)
            return self._combat(ev, st, legal) + ([{"resolve": "top"}] if st.doc["stack"] else []) + [{"pass": holder}]
        out = []
        self._note_blocked(opts, st.depth)
        for o in legal:
            if o.action in ("attack", "block"):
                continue
            a = o.to_action()
            if o.action == "cast" and o.source is None and any(
                    p is not o and p.action == "cast" and p.object == o.object and p.method == o.method
                    and p.part == o.part for p in opts):
                a["source"] = "own"    # the card's own permission, where another object grants the same way
            out.append(a)
        out += self._combat(ev, st, legal)
        # passing alone over a non-empty stack is left out: the other players only pass, so it leads where
        # resolving does, a step later (it would matter only to a goal about who has priority in between)
        out.append({"resolve": "top"} if st.doc["stack"] else {"pass": self.player})
        return out

    def _mana_ability(self, ev, o) -> bool:
        """An activation of a mana ability (the knowledge base's mana_ability/1 of the ability it activates)."""
        if o.action != "activate":
            return False
        for r in ACT_AB.read(ev.game, ev.t):
            if r.option == o.term:
                return MANA_ABILITY.has(ev.game, r.ability)
        return False

    def _combat(self, ev, st: State, legal) -> list[dict]:
        """Attacks: for each opponent still in the game, in turn order from the planning player, each creature that
        may attack, alone, at that opponent, then all of them together; blocks: each creature that may block, of
        each attacking creature."""
        out = []
        attackers = [o for o in legal if o.action == "attack"]
        if attackers:
            seats = self.sc.players
            i = seats.index(self.player)
            for k in range(1, len(seats)):
                defender = seats[(i + k) % len(seats)]
                if ev.players[defender].get("lost"):
                    continue
                out += [o.to_action(defender) for o in attackers]
                if len(attackers) > 1:
                    out.append({"attack": {o.object: defender for o in attackers}, "by": self.player})
        attacking = [oid for oid, o in st.doc["objects"].items() if o.get("attacking")]
        for o in legal:
            if o.action == "block":
                out += [o.to_action(a) for a in attacking]
        return out

    def _relevant(self, o) -> bool:
        for c in self.goal.conditions:
            if c.kind == "cast" and o.action == "cast" and o.object == c.subject and c.prop in (None, o.method):
                return True
            if c.kind == "object" and o.object == c.subject:
                return True
        return False

    def _note_blocked(self, opts, depth: int) -> None:
        """For the reasons when there is no plan: each option on the goal's objects (of the goal's method, for a
        cast), where it came closest to being allowed — the fewest reasons, then the furthest along a line —, and
        which were allowed on some line (their reasons elsewhere don't say why there is no plan)."""
        for o in opts:
            if not self._relevant(o):
                continue
            unpaid = self.sc.track_mana and o.payable is False
            ident = (o.action, o.object, o.method, o.part, o.source, str(o.ability))
            if o.legal and not unpaid:
                self.taken.add(ident)
                continue
            n = len(o.why_not) + (len(o.payment_why_not or []) if unpaid else 0)
            if ident not in self.blocked or (n, -depth) <= self.blocked[ident][0]:
                self.blocked[ident] = ((n, -depth), o)

    # ---------------------------------------------------------------- breadth first
    def run(self) -> PlanResult:
        """The search, with a state's successors replayed two at a time where there are two cores (each is its
        own clingo Control, grounded without Python's lock); they are looked at in the same order either way."""
        if not PARALLEL:
            return self._run(None)
        with two_at_a_time() as pool:
            return self._run(pool)

    def _run(self, pool) -> PlanResult:
        root = self._state(self.root_ev, 0)
        root.index = 0
        self.states[root.key] = root
        self.best = root
        frontier = [root]
        goals = [root] if self.done(root) else []
        evs = {root.key: self.root_ev}
        depth = 0
        while not goals and frontier and depth < self.horizon:
            depth += 1
            nxt: list[State] = []
            for st in frontier:
                if goals and not self.want_all:
                    break
                if self._over_limit():
                    break
                ev = evs.pop(st.key, None) or self._evaluate(self.prefix(st))
                if ev.error:
                    continue
                actions = self.successors(ev, st)
                extended = ev is not self.root_ev and not ev.game.explained   # the last one plays on ev's game
                prefix = self.prefix(st)
                replays = actions[:-1] if extended else actions
                ahead = [pool.submit(self._evaluate, prefix + [a]) for a in replays] if pool else None
                for rank, action in enumerate(actions):
                    if self._over_limit() or (goals and not self.want_all):
                        break
                    if extended and rank == len(actions) - 1:
                        child_ev = extend(ev, action)   # the last successor plays on its parent's game
                    elif ahead is not None:
                        child_ev = ahead[rank].result()
                    else:
                        child_ev = self._evaluate(prefix + [action])
                    self.played += 1
                    if child_ev.error:
                        self.rejected += 1
                        continue
                    if child_ev.turn["number"] != self.turn_number:
                        continue            # no step of a plan begins the next turn
                    child = self._state(child_ev, depth)
                    old = self.states.get(child.key)
                    if old is not None:
                        if old.depth == depth:
                            old.parents.append((st, action, rank))
                        continue
                    child.parents.append((st, action, rank))
                    child.index = len(self.states)
                    self.states[child.key] = child
                    if child.met > self.best.met:
                        self.best = child
                    if self.done(child):
                        goals.append(child)
                        evs[child.key] = child_ev
                    else:
                        nxt.append(child)
                        if depth < self.horizon and len(evs) < KEPT and self._room():
                            evs[child.key] = child_ev     # kept: its options are asked for next, without a replay
                    del child_ev
                if ahead is not None:
                    for f in ahead:   # (successors not looked at: the search stopped early)
                        f.cancel()
                    ahead = None
                if self.limit_hit:
                    break
            frontier = nxt
            evs = {k: v for k, v in evs.items() if k in {s.key for s in frontier} or any(g.key == k for g in goals)}
            if self.limit_hit:
                break
        return self._result(goals, frontier, depth)

    def prefix(self, st: State) -> list[dict]:
        out = []
        while st.parents:
            parent, action, _ = st.parents[0]
            out.append(action)
            st = parent
        return out[::-1]

    def _paths(self, st: State) -> list[tuple[tuple, list[dict]]]:
        """Every prefix reaching a state at its depth, with its ranks (for the stable order)."""
        if not st.parents:
            return [((), [])]
        out = []
        for parent, action, rank in st.parents:
            for ranks, acts in self._paths(parent):
                out.append((ranks + (rank,), acts + [action]))
                if len(out) > 10 * MAX_PLANS:
                    return out
        return out

    def _result(self, goals: list[State], frontier, depth: int) -> PlanResult:
        seconds = time.perf_counter() - self.t0
        res = PlanResult(self.goal.text, self.player, self.horizon, bool(goals), [], states=len(self.states),
                         seconds=seconds, complete=not self.limit_hit)
        if goals:
            paths = []
            for g in goals:
                paths += self._paths(g)
            paths.sort(key=lambda rp: (len(rp[0]), rp[0]))
            seen, plans = set(), []
            for _, acts in paths:
                k = json.dumps(acts, sort_keys=True)
                if k not in seen:
                    seen.add(k)
                    plans.append(acts)
            res.plans = plans[:MAX_PLANS] if self.want_all else plans[:1]
            res.more = self.want_all and len(plans) > len(res.plans)   # (without --all the search stops at one)
            return res
        res.why_not = self._why_not(depth)
        return res

    def kb_label(self, fact: str):
        """The label of a fact of the knowledge base (rules/output/goals.lp): the rule a goal's condition or
        the search's bound stands for."""
        return kb().fact_label(fact)

    def _why_not(self, depth: int) -> list:
        ev = self.root_ev
        out: list[Reason] = []
        best = self.best
        for c in self.goal.conditions:
            if c.text in best.holding:
                continue
            # why it doesn't hold in the best state, in the words of its template, cited with the rule of what it
            # asks about (the label of its property in rules/output/goals.lp)
            why = next(r for r in best.unmet if r.condition.string == c.text)
            extra = {"W": BEST_LINE(best.depth)}
            if UNMET_DIFFERS.is_(why.why):
                extra["V"] = String(json.dumps(_reported(c, best.doc)))
            lab = language().labels[(c.kind, c.prop) if c.kind != "cast" else ("cast", "cast")]
            out.append(Reason(ev.renderer.reason(why.atom, extra), lab.rule, None, f"unmet({c.text})", lab.rules))
        seen = {r.code for r in out}
        # an option allowed on some line doesn't block the goal, whatever kept it back on another
        blocked = [no for ident, no in self.blocked.items() if ident not in self.taken]
        for _, o in sorted(blocked, key=lambda no: (no[1].object, str(no[1].method), no[0])):
            unpaid = self.sc.track_mana and o.payable is False
            for r in list(o.why_not) + (list(o.payment_why_not or []) if unpaid else []):
                what = o.action + (f" {o.object}" if o.object else "") + (f" ({o.method.replace('_', ' ')})" if o.method else "")
                key = (what, r.code)
                if key in seen:
                    continue
                seen.add(key)
                out.append(Reason(f"{what}: {r.reason}", r.rule, r.ruling, r.code, r.rules, r.rulings))
        # the search's bounds, cited with the rules they stand for: the actions players may take, within the turn
        bounds = [lab for lab in (self.kb_label("goal_bound(actions)"), self.kb_label("goal_bound(turn)")) if lab]
        cited = tuple(r for lab in bounds for r in lab.rules)
        first = cited[0] if cited else None
        if self.limit_hit:
            why = Function("search_limit", [String(f"{self.budget:g}"), Number(self.max_states), Number(len(self.states)),
                                            Number(depth), Number(self.horizon)])
            out.append(Reason(ev.renderer.reason(why), first, None, "search_limit", cited))
        else:
            why = Function("horizon", [Number(self.horizon), Number(len(self.states))])
            out.append(Reason(ev.renderer.reason(why), first, None, f"horizon({self.horizon})", cited))
        del ev
        return out


# ------------------------------------------------------------------------------------------------ explained

def explain_plan(sc, plan: list[dict], goal: Goal, player: str):
    """Each step's why (the option's explanation in the state before it), then the goal in the final state."""
    steps = []
    for i, action in enumerate(plan):
        ev = evaluate(replace(sc, actions=list(sc.actions) + plan[:i]))
        kind = next(k for k in action if k != "by")
        node = None
        if kind in ("cast", "play", "activate", "attack", "block"):
            who = action.get("by", player)
            subject = action[kind] if isinstance(action[kind], str) else next(iter(action[kind]))
            opts = [o for o in ev.actions(who) if o.action == kind and o.object == subject
                    and (kind != "cast" or (o.method == action.get("method", "normal") and o.part == action.get("part")
                                            and (action.get("source") in (None, "own") or o.source == action["source"])))
                    and (kind != "activate" or o.ability == action.get("ability"))]
            if opts:
                node = explain_option(ev, opts[0])
        else:
            ex = explainer(ev)
            T = ev.t
            holder = action.get("pass") or ev.turn["priority"]
            atom = PRIORITY(holder, T)
            base = ex.node(atom) if ex.has(atom) else None
            if kind == "resolve" and ev.stack:
                atom = TOP_OF_STACK(oid(ev.stack[-1]), T)
                if ex.has(atom):
                    base = ex.node(atom)
            node = _group(f"{holder} passes" if kind == "pass" else "every player passes: the top of the stack resolves",
                          [base] if base is not None else [])
        claim = f"step {i + 1}: {action_text(action)}"
        steps.append(_group(claim, [node] if node is not None else []))
    final = evaluate(replace(sc, actions=list(sc.actions) + plan))
    goal_nodes = []
    for c in goal.conditions:
        if c.kind == "object" and c.subject in final.objects and c.prop in properties():
            goal_nodes.append(explain_property(final, c.subject, c.prop))
    if goal_nodes:
        steps.append(_group(f"then {goal.text}", goal_nodes))
    n = len(plan)
    answer = (f"Yes: {player} can reach {goal.text} in {n} action{'s' if n != 1 else ''}: "
              + "; ".join(action_text(a) for a in plan)) if plan else f"Yes: {goal.text} already holds"
    root = _group(f"a plan for {goal.text}", steps)
    return _with_summary(root, answer, None, final)


def action_text(action: dict) -> str:
    """One planned action in words (for text output)."""
    if "cast" in action:
        bits = [action.get("method", "normal").replace("_", " ")]
        if action.get("part"):
            bits.append(f"as {action['part']}")
        if action.get("source") and action["source"] != "own":
            bits.append(f"permission of {action['source']}")
        return f"{action.get('by', '')} casts {action['cast']} ({', '.join(bits)})".strip()
    if "play" in action:
        return f"{action.get('by', '')} plays {action['play']}".strip()
    if "activate" in action:
        return f"{action.get('by', '')} activates {action['activate']}'s {action['ability']}".strip()
    if "attack" in action:
        return f"{action.get('by', '')} attacks: " + ", ".join(f"{a} → {d}" for a, d in action["attack"].items())
    if "block" in action:
        return f"{action.get('by', '')} blocks: " + ", ".join(f"{b} blocks {a}" for b, a in action["block"].items())
    if "pass" in action:
        return f"{action['pass']} passes"
    if "resolve" in action:
        return "every player passes: the top of the stack resolves"
    return json.dumps(action)


# ------------------------------------------------------------------------------------------------ entry points

def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(name, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def plan(scenario, goal: str, player: str | None = None, horizon: int | None = None, all: bool = False,
         explain: bool = False, step: int | None = None, budget: float | None = None, cards=()) -> PlanResult:
    """The shortest plans from a scenario's state (after its timeline, or its first `step` actions) to `goal`."""
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, db=with_files(tuple(str(c) for c in cards)))
    horizon = DEFAULT_HORIZON if horizon is None else _whole(horizon, "horizon", 0, MAX_HORIZON)
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not math.isfinite(budget) or budget <= 0):
        # (nan passes "> 0" no more than it fails it, and inf or nan would take the search's time limit away)
        raise ScenarioError("budget", f"must be a finite number of seconds above 0, not {budget!r}")
    if step is not None:
        _whole(step, "step", 0, len(sc.actions))
        sc = replace(sc, actions=list(sc.actions[:step]))
    g = parse_goal(goal, sc)
    if player is not None and player not in sc.players:
        raise ScenarioError("player", f"unknown player {player!r}{_hint(str(player), sc.players)} (players: {', '.join(sc.players)})")
    root = evaluate(sc, facts=goal_facts(g, sc), query_parts=(GOAL,))
    notes = root.not_modelled
    if root.error:
        return PlanResult(g.text, player or root.turn["priority"], horizon, False, [], error=root.error, complete=False,
                          not_modelled=notes)
    p = Planner(sc, g, player, horizon, all, budget, root=root)
    res = p.run()
    res.not_modelled = notes
    if notes and not res.found:   # no line found isn't no line: the search plays only the text pyrules models
        n = len(notes)
        why = Function("unmodelled_text", [Number(n)])
        res.why_not.insert(0, Reason(root.renderer.reason(why), None, None, str(why)))
    if explain and res.found:
        res.explanation = explain_plan(sc, res.plans[0], g, p.player)
        extra = caveat(notes)
        if extra:
            res.explanation = replace(res.explanation, summary=(res.explanation.summary or "") + " " + extra)
    return res


def plan_text(res: PlanResult, explain: bool = False) -> str:
    lines = []
    if res.error:
        return f"the scenario's timeline stops at step {res.error['step']}: no plan is searched from an illegal action"
    if res.found:
        n = len(res.plans)
        if res.explanation is not None and getattr(res.explanation, "summary", None):
            lines.append(res.explanation.summary)
        for k, p in enumerate(res.plans, start=1):
            head = f"plan {k}" if n > 1 else "plan"
            lines.append(f"{head} for {res.goal!r} ({len(p)} action{'s' if len(p) != 1 else ''}, {res.player}):")
            if not p:
                lines.append("  nothing to do: the goal already holds")
            for i, a in enumerate(p, start=1):
                lines.append(f"  {i}. {action_text(a)}")
        if res.more:
            lines.append(f"(more than {n} shortest plans exist: the first {n} in the stable order are listed)")
        if explain and res.explanation is not None:
            for step in res.explanation.because:
                why = step.because[0] if step.because else None
                text = (why.summary or why.claim) if why is not None else ""
                lines.append(f"  {step.claim}" + (f" — {text}" if text else ""))
    else:
        # (with card text pyrules doesn't model on the board, no line found isn't no line: docs/guide/json.md)
        head = "no plan found with the card text pyrules models" if res.not_modelled else "no plan"
        lines.append(f"{head} for {res.goal!r} within {res.horizon} action{'s' if res.horizon != 1 else ''} ({res.player}):")
        for r in res.why_not:
            cite = ", ".join(x for x in (r.rule, r.ruling) if x)
            lines.append(f"  - {r.reason}" + (f" [{cite}]" if cite else ""))
    lines.append(f"({res.states} states searched in {res.seconds:.1f} s{'' if res.complete else ', limit hit'})")
    notes = not_modelled_text(res.not_modelled)
    return "\n".join(lines + ([notes] if notes else []))
