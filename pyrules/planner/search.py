"""Plans: "how can I…" — the shortest lines of legal actions from a scenario's state to a goal (docs/guide/plans.md);
and strategies that reach it whatever the other players do (opponents "any": its section "Against any opponent").

The search is breadth first over states the knowledge base computes itself. A state is the scenario with a
prefix of planned actions appended to its timeline, played out by the engine; each is held in a process of its
own, which forks to play each successor's one action on a copy of its game (pyrules/planner/forest.py: no state
replays its prefix, and several are worked out at once). What the search needs of a state — its show document,
which of the goal's conditions hold (and why the others don't), its successors — is worked out there
(Planner.summarize). Its successors are exactly what the rules allow there:

- when the planning player has priority: every option `actions` lists as legal for them (Option.to_action:
  casting with every method, part and permission, playing a land, activating an ability; attacking and
  blocking in those steps), except mana abilities on their own (a cast or an activation pays with them as it
  is paid for) and, with track_mana, an option the pool and mana sources can't pay; then `{resolve: top}` when
  the stack isn't empty (every player passing in succession), or `{pass: P}` when it is;
- when another player has priority: `{pass: Q}` — they only pass — and the planning player's attacks or
  blocks the rules allow then (declaring them doesn't wait for priority; the rules say when someone may,
  plan_state(may_declare(...)): elsewhere the options aren't asked for).

With opponents "any", every player chooses among what the rules allow them (Planner._choices: a player who may
declare attackers or blockers first — every way, or none —, then the player with priority: every option, each
legal target named in turn where the card's text targets, or passing), and the search is an AND-OR search, depth
first (Planner._run_dfs): the planning player's choices in the order of Planner._preference, until one wins
whatever follows; every choice of the others; what is known of a state (won, or not, within so many of the
planning player's actions) kept whatever line reaches it.

A successor whose replay the engine refuses (rejected: the timeline's own check) is dropped, as is one that
begins the next turn. Two prefixes that reach the same state (the show document, and which `cast` conditions of
the goal have happened, who has passed in succession, whether priority was taken in the step, which
declarations were made) are one state: a state first reached at a shallower depth is not searched again; states
reached at the same depth keep every prefix (so `--all` lists every shortest plan). Successors are taken in a
fixed order — the order `actions` lists options (casts, lands, activations, attacks, blocks, each in timestamp
order), then resolve, then pass — so the search visits the shortest prefixes in lexicographic order of that
ranking, and the first plan found is the preferred one.

The goal is checked on every state; no rule of the game is written here: legality, costs, effects and the
reasons an option is not allowed all come from the knowledge base (why_not atoms, rendered by its templates).
"""

from __future__ import annotations

import difflib
import itertools
import json
import math
import os
import re
import time
from dataclasses import dataclass, field, replace
from functools import cache

from clingo import Function, Number, String, Symbol

from pyrules.answers.evaluation import evaluate
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
from pyrules.game.facts import oid, scenario_facts
from pyrules.game.payment import payment_variants
from pyrules.game.state import Reason
from pyrules.input.actions import CHOICES, GEN
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
    COULD_BLOCK,
    LEGAL_TARGET,
    PUTS_TRIGGER,
    TRIGGER_TARGET_CHOICE,
    RESOLVE_CHOICE,
    X_VALUE,
    GOAL_CAST,
    GOAL_COUNTERS,
    GOAL_OBJECT,
    GOAL_OPERATOR,
    GOAL_PLAYER,
    GOAL_POOL,
    GOAL_PROPERTY,
    GOAL_RESULT,
    GOAL_TURN,
    MANA_ABILITY,
    PLAN_FROM_STEP,
    PLAN_IDLE_AT_ZERO,
    PLAN_MANA_STEP,
    PLAN_STEP_COLOR,
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

# ------------------------------------------------------------------------------------------------ the goal

@dataclass(frozen=True)
class Condition:
    kind: str                 # object | player | turn | cast | outcome (PLAYER loses, PLAYER wins)
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
    properties: dict[str, dict[str, str]]     # object | player | turn | cast | outcome -> property -> kind of values
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
        outcomes = lang.properties.get("outcome", {})
        if len(words) == 2 and (words[1].lower() in outcomes or words[0] in sc.players):
            if words[0] not in sc.players:
                raise ScenarioError("goal", f"{clause!r}: unknown player {words[0]!r}{_hint(words[0], sc.players)} "
                                            f"(players: {', '.join(sc.players)})")
            if words[1].lower() not in outcomes:
                raise ScenarioError("goal", f"{clause!r}: write PLAYER {' or PLAYER '.join(outcomes)}"
                                            f"{_hint(words[1].lower(), outcomes)}")
            conds.append(Condition("outcome", words[0], words[1].lower(), text=clause,
                                   values=outcomes[words[1].lower()]))
            continue
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
                                        "OBJECT.PROPERTY != VALUE, PLAYER.life <= N, OBJECT.counters.KIND >= N, "
                                        "cast OBJECT [METHOD], PLAYER loses or PLAYER wins)")
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
        if c.kind == "outcome":
            out.append(CONDITION(C, GOAL_PLAYER(c.subject), GOAL_RESULT(c.prop)))
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
class Summary:
    """What the search needs of one state, worked out where the state's game is (a node process of the forest, or
    this process): the show document and the goal's conditions, the successors, and the options noted for the
    reasons a search gives when it finds nothing. It holds no clingo symbol: it travels between processes."""
    key: str
    doc: dict
    holding: frozenset                      # the goal's conditions that hold (their text)
    unmet: dict                             # condition text -> why it doesn't hold (a Reason, worded in the state)
    actions: list                           # the successors' actions (pass mode), or the chooser's (any mode)
    notes: list = field(default_factory=list)   # (identity, allowed, number of reasons, words, reasons)
    error: bool = False                     # the action leading here was refused
    next_turn: bool = False                 # it began the next turn
    over: bool = False                      # the game is over
    chooser: str | None = None              # any mode: who chooses next
    declaring: str | None = None            # any mode: who may declare attackers or blockers first (they choose
    declarations: list = field(default_factory=list)   # among these, or to declare none)
    declaration: str | None = None          # attackers | blockers
    incomplete: bool = False                # any mode: an opponent's choices weren't all listed (too many)
    partial: bool = False                   # any mode: the choices weren't worked out (no action left to take them)
    aims: list = field(default_factory=list)    # any mode: the targets the planning player could have named for the
                                            # triggered abilities of theirs the action leading here put on the stack
    resolving: list = field(default_factory=list)   # any mode: what the planning player may name as the top of the
                                            # stack, theirs, resolves on a pass ({"choose": {KIND: [id]}})


@dataclass
class State:
    key: str
    depth: int
    doc: dict
    holding: frozenset                            # the goal's conditions that hold (their text)
    unmet: dict                                   # why the others don't (condition text -> Reason)
    parents: list = field(default_factory=list)   # (parent State, action, rank) — every prefix at this depth
    met: int = 0
    index: int = 0                                # the order states were reached in
    handle: object = None                         # where the forest holds its game
    summary: Summary | None = None


@dataclass
class PlanResult:
    """What `pyrules plan` answers: the shortest plans found, or why there is none (docs/guide/plans.md); with
    opponents "any", the lines of a strategy that reaches the goal whatever they do."""

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
    opponents: str = "pass"                                # pass | any
    lines: list = field(default_factory=list)              # any: every line of play the strategy allows
    length: int | None = None                              # any: the longest of those lines
    exhaustive: bool = True                                # any: every opponent choice was searched
    assumes: list = field(default_factory=list)            # any: what a strategy found holds for (model.Reason)
    cpu: float = 0.0                                       # seconds of processor time, all processes (not in JSON)

    def to_json(self) -> dict:
        out = {"goal": self.goal, "player": self.player, "horizon": self.horizon, "opponents": self.opponents,
               "found": self.found}
        if self.opponents == "any":
            out["lines"] = [{"actions": p, "length": len(p)} for p in self.lines]
            if self.found:
                out["length"] = self.length
                out["assumes"] = [dict(r.to_json(), **({"rules": list(r.rules)} if r.rules[1:] else {}))
                                  for r in self.assumes]
        else:
            out["plans"] = [{"actions": p, "length": len(p)} for p in self.plans]
        if not self.found:
            out["why_not"] = [dict(r.to_json(), **({"rules": list(r.rules)} if r.rules[1:] else {}))
                              for r in self.why_not]
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_json() if hasattr(self.explanation, "to_json") else self.explanation
        out["search"] = {"states": self.states, "complete": self.complete}   # (no time: the same answer every run)
        if self.more:
            out["search"]["more"] = True
        if not self.exhaustive:
            out["search"]["exhaustive"] = False
        if self.error:
            out["error"] = self.error
        out.update({"complete": not self.not_modelled, "not_modelled": self.not_modelled})
        return out


INF = float("inf")
MAX_LINES = 100           # any: the lines of a strategy listed at most
MAX_DECLARATIONS = 64     # any: an opponent's ways to declare attackers or blockers searched at most
UNKNOWN = object()        # any: a choice whose successor hasn't been worked out
MAX_AIMS = 12            # any: the other targets tried for the planning player's triggered abilities at most
MAX_SUBSETS = 4           # any: the planning player's attacks are every set of attackers up to this many creatures


class Planner:
    def __init__(self, sc, goal: Goal, player: str | None, horizon: int, want_all: bool,
                 budget: float | None = None, max_states: int = MAX_STATES, root=None, opponents: str = "pass",
                 jobs: int | None = None, client=None):
        self.sc = sc
        self.goal = goal
        self.horizon = horizon
        self.want_all = want_all
        self.opponents = opponents
        self.jobs = jobs
        self.client = client    # a Dask client: the states are worked out on its cluster (forest.DaskForest)
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
        self.blocked: dict[tuple, tuple] = {}   # option identity -> ((number of reasons, -depth), words, reasons)
        self.taken: set[tuple] = set()          # the identities of options allowed on some line searched
        self.incomplete = False                 # any: some opponent's choices weren't all searched
        self.forest = None

    # ---------------------------------------------------------------- states
    def _evaluate(self, prefix: list[dict]):
        return evaluate(replace(self.sc, actions=list(self.sc.actions) + list(prefix)), facts=self.facts,
                        query_parts=(GOAL,))

    def summarize(self, ev, context: tuple[int, int | None]) -> Summary | None:
        """The state of an evaluation as the search needs it (run where the evaluation's game is: in a node
        process of the forest, see pyrules/planner/forest.py). context: the state's depth, and (any mode) the
        planning player's actions left when the search reaches it, or None."""
        depth, left = context
        if ev.error:
            return Summary("", {}, frozenset(), {}, [], error=True)
        if ev.turn["number"] != self.turn_number:
            return Summary("", {}, frozenset(), {}, [], next_turn=True)
        full = ev.to_json()
        doc = {"objects": full["objects"], "turn": full["turn"], "players": full["players"],
               "stack": full.get("stack", ev.stack)}
        # the goal's conditions, evaluated by the knowledge base in the state's show query; and what the show
        # document leaves out and decides what may come next (plan_state/2: who has passed in succession, ...)
        T, game = ev.t, ev.game
        holding = frozenset(r.condition.string for r in CONDITION_MET.read(game, T))
        flow = sorted(str(r.state) for r in PLAN_STATE.read(game, T))
        casts = sorted({c.text for c in self.goal.casts() if c.text in holding})
        # (the X of each spell or ability on the stack: two activations that differ only by X are two states)
        xs = sorted((ev.ident(r.object), r.value) for r in X_VALUE.read(game, T))
        key = json.dumps([doc, casts, flow, xs], sort_keys=True)
        # why each condition that doesn't hold doesn't, in the words of its template, said of this state
        unmet = {}
        for why in CONDITION_UNMET.read(game, T):
            text = why.condition.string
            if text in unmet or text in holding:
                continue
            c = next((c for c in self.goal.conditions if c.text == text), None)
            if c is None:
                continue
            extra = {"W": BEST_LINE(depth)}
            if UNMET_DIFFERS.is_(why.why):
                extra["V"] = String(json.dumps(_reported(c, doc)))
            lab = language().labels[(c.kind, c.prop) if c.kind != "cast" else ("cast", "cast")]
            unmet[text] = Reason(ev.renderer.reason(why.atom, extra), lab.rule, None, f"unmet({text})", lab.rules)
        s = Summary(key, doc, holding, unmet, [])
        lost = sum(bool(d.get("lost")) for d in ev.players.values())
        if doc["turn"]["priority"] is None or lost and len(ev.players) - lost <= 1:   # (a one-player game goes on)
            s.over = True
            return s
        if len(holding) == len(self.goal.conditions):
            return s            # (the goal holds: the search goes no further from here)
        declaring = any(f.startswith("may_declare(") for f in flow)
        if self.opponents == "any":
            s.aims = self._aims(ev)
            if left == 0 and not declaring and doc["turn"]["priority"] == self.player:
                # (the planning player chooses with none of their actions left: the search goes no further from
                # here, and their choices aren't worked out; reached again with some left, they are)
                s.chooser, s.partial = self.player, True
                return s
            self._choices(ev, s, depth, declaring)
        elif depth < self.horizon or any(c.kind in ("object", "cast") for c in self.goal.conditions):
            # (a state at the horizon is never expanded: its options are asked only for the notes on the goal's
            # objects, which a goal about players or the turn has none of)
            s.actions, s.notes = self.successors(ev, doc, depth, declaring)
        return s

    def done(self, st: State) -> bool:
        return st.met == len(self.goal.conditions)

    def _over_limit(self) -> bool:
        played = self.forest.played if self.forest is not None else self.played
        if time.perf_counter() - self.t0 > self.budget or played >= self.max_states:
            self.limit_hit = True
        return self.limit_hit

    def _forest(self, root_summary):
        from pyrules.planner.forest import DaskForest, ForkForest, ReplayForest, can_fork

        if self.client is not None:
            spec = (self.sc, self.goal, self.player, self.horizon, self.opponents)
            return DaskForest(root_summary, spec, self.client)
        if can_fork():
            return ForkForest(self.root_ev, root_summary, self.summarize, self.jobs)
        return ReplayForest(self.root_ev, root_summary, self.summarize, self._evaluate, self.jobs)

    def _state(self, s: Summary, depth: int) -> State:
        st = State(s.key, depth, s.doc, s.holding, s.unmet, summary=s)
        st.met = sum(c.text in s.holding for c in self.goal.conditions)
        return st

    # ---------------------------------------------------------------- successors (opponents only pass)
    def successors(self, ev, doc: dict, depth: int, declaring: bool = True) -> tuple[list[dict], list]:
        """The actions the rules allow the planning player (or the pass of the player who has priority), and the
        options noted for the reasons a search gives when it finds nothing. (Where another player has priority and
        the rules say no one may declare attackers or blockers now, the planning player has nothing to do but
        pass: their options aren't asked for.)"""
        holder = doc["turn"]["priority"]
        if holder != self.player and not declaring:
            return ([{"resolve": "top"}] if doc["stack"] else []) + [{"pass": holder}], []
        # (whether the mana sources can pay matters only when the scenario tracks mana)
        opts = ev.actions(self.player, include_illegal=True, payments=self.sc.track_mana)
        legal = [o for o in opts if o.legal and not (self.sc.track_mana and o.payable is False)
                 and not self._mana_ability(ev, o)]
        if holder != self.player:
            # declaring attackers or blockers doesn't wait for priority: the planning player may, if the rules allow;
            # with something on the stack, every player passing in succession resolves its top (the planning
            # player passes too)
            return self._combat(ev, doc, legal) + (self._resolutions(ev, doc) if doc["stack"] else []) + [{"pass": holder}], []
        out = []
        notes = self._notes(opts)
        for o in legal:
            if o.action in ("attack", "block"):
                continue
            out += self._payments(ev, o, self._colors(ev, o, self._x_values(ev, o, self._own_action(o, opts))))
        out += self._combat(ev, doc, legal)
        # passing alone over a non-empty stack is left out: the other players only pass, so it leads where
        # resolving does, a step later (it would matter only to a goal about who has priority in between)
        out += self._resolutions(ev, doc) if doc["stack"] else [{"pass": self.player}]
        return out, notes

    def _aims(self, ev) -> list[dict]:
        """The other targets the planning player could have named for their triggered abilities the action that led
        to this state put on the stack (the knowledge base's trigger_target_choice): one `trigger_targets` each, an
        ability of one target at a time (one of several targets keeps the defaults)."""
        since = ev.since
        if since is None:
            return []
        mine = {ev.ident(r.object) for r in PUTS_TRIGGER.read(ev.game, since=since) if ev.ident(r.controller) == self.player}
        slots: dict[str, dict[int, list[str]]] = {}
        for r in TRIGGER_TARGET_CHOICE.read(ev.game, since=since):
            tid = ev.ident(r.object)
            if tid in mine:
                slots.setdefault(tid, {}).setdefault(r.n, []).append(ev.ident(r.target))
        out = []
        for tid, by in sorted(slots.items()):
            if set(by) == {1}:
                out += [{"trigger_targets": {tid: [y]}} for y in sorted(set(by[1]))]
        return out[:MAX_AIMS]

    def _named_as_it_resolves(self, ev, doc: dict) -> list[dict]:
        """What the planning player may name as the top of the stack, theirs, resolves (the knowledge base's
        resolve_choice: the permanent "return a permanent you control" returns), one `choose` each; none when the top
        is another player's or names nothing."""
        if not doc["stack"] or doc["objects"].get(doc["stack"][-1], {}).get("controller") != self.player:
            return []
        named = [{"choose": {r.kind.name: [ev.ident(r.object)]}} for r in RESOLVE_CHOICE.read(ev.game, ev.t)]
        return sorted(named, key=lambda a: json.dumps(a, sort_keys=True))

    def _resolutions(self, ev, doc: dict) -> list[dict]:
        """Resolving the top of the stack: once for each thing the planning player may name as it resolves, or once
        with the timeline's defaults where they name nothing."""
        return [dict({"resolve": "top"}, **w) for w in self._named_as_it_resolves(ev, doc)] or [{"resolve": "top"}]

    @staticmethod
    def _own_action(o, opts) -> dict:
        a = o.to_action()
        if o.action == "cast" and o.source is None and any(
                p is not o and p.action == "cast" and p.object == o.object and p.method == o.method
                and p.part == o.part for p in opts):
            a["source"] = "own"    # the card's own permission, where another object grants the same way
        return a

    def _x_values(self, ev, o, a: dict) -> list[dict]:
        """An option whose cost has {X}: one action for each value of X its controller could pay, the largest
        first (the option's payment found the largest: the player announces any value they can pay, rules/casting/cast.lp)
        — but not 0 for an ability the rules say changes nothing then (plan_idle_at_zero, rules/output/goals.lp)."""
        if o.x is None or o.action not in ("cast", "activate"):
            return [a]
        low = 1 if self._idle_at_zero(ev, o) else 0
        return [dict(a, x=v) for v in range(o.x, low - 1, -1)]

    def _idle_at_zero(self, ev, o) -> bool:
        """An activation of an ability the knowledge base says costs nothing and changes nothing with X = 0."""
        if o.action != "activate" or any(c.subject and GEN.match(c.subject) for c in self.goal.conditions):
            return False    # (a goal about an object the game makes, an ability on the stack: X = 0 makes one)
        for r in ACT_AB.read(ev.game, ev.t):
            if r.option == o.term:
                return PLAN_IDLE_AT_ZERO.has(ev.game, r.ability)
        return False

    def _payments(self, ev, o, acts: list[dict]) -> list[dict]:
        """With mana tracked, the actions that pay an option's cost otherwise than by default: one for each set of
        sources a different kind of mana would leave untapped (pyrules/game/payment.py: payment_variants)."""
        if not self.sc.track_mana or o.action not in ("cast", "activate") or any("x" in a for a in acts):
            return acts
        ways = payment_variants(ev, o)
        return [w for a in acts for w in [a] + [dict(a, pay=v) for v in ways]]

    def _ability(self, ev, o):
        """The ability an activate option activates (the knowledge base's act_ab), or None."""
        if o.action != "activate":
            return None
        return next((r.ability for r in ACT_AB.read(ev.game, ev.t) if r.option == o.term), None)

    def _mana_ability(self, ev, o) -> bool:
        """An activation of a mana ability the payment activates as it pays (the knowledge base's mana_ability/1 of
        the ability it activates, but not plan_mana_step/1: a filter, activated as an action of its own)."""
        a = self._ability(ev, o)
        return a is not None and MANA_ABILITY.has(ev.game, a) and not PLAN_MANA_STEP.has(ev.game, a)

    def _colors(self, ev, o, acts: list[dict]) -> list[dict]:
        """A mana ability activated as an action (plan_mana_step): one action for each color the knowledge base's
        plan_step_color names for its mana (choose: {color: ...}); other actions as they are."""
        a = self._ability(ev, o)
        if a is None or not PLAN_MANA_STEP.has(ev.game, a):
            return acts
        names = {v: k for k, v in CHOICES["color"].items()}
        colors = sorted(names[r.color.name] for r in PLAN_STEP_COLOR.read(ev.game) if r.ability == a)
        return [dict(x, choose={"color": c}) for x in acts for c in colors] or acts

    def _combat(self, ev, doc: dict, legal) -> list[dict]:
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
        attacking = [oid for oid, o in doc["objects"].items() if o.get("attacking")]
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

    def _notes(self, opts) -> list:
        """For the reasons when there is no plan: each option on the goal's objects (of the goal's method, for a
        cast), whether it was allowed, and if not its reasons (with those of its payment, when mana is tracked)."""
        out = []
        for o in opts:
            if not self._relevant(o):
                continue
            unpaid = self.sc.track_mana and o.payable is False
            ident = (o.action, o.object, o.method, o.part, o.source, str(o.ability))
            what = o.action + (f" {o.object}" if o.object else "") + (f" ({o.method.replace('_', ' ')})" if o.method else "")
            if o.legal and not unpaid:
                out.append((ident, True, 0, what, []))
                continue
            reasons = list(o.why_not) + (list(o.payment_why_not or []) if unpaid else [])
            out.append((ident, False, len(reasons), what, reasons))
        return out

    def _note_blocked(self, notes, depth: int) -> None:
        """Where each option on the goal's objects came closest to being allowed — the fewest reasons, then the
        furthest along a line —, and which were allowed on some line (their reasons elsewhere don't say why there
        is no plan)."""
        for ident, allowed, n, what, reasons in notes:
            if allowed:
                self.taken.add(ident)
                continue
            if ident not in self.blocked or (n, -depth) <= self.blocked[ident][0]:
                self.blocked[ident] = ((n, -depth), what, reasons)

    # ---------------------------------------------------------------- breadth first (opponents only pass)
    def run(self) -> PlanResult:
        root_summary = self.summarize(self.root_ev, (0, None))
        t = os.times()
        with self._forest(root_summary) as forest:
            self.forest = forest
            try:
                res = self._run_dfs(forest, root_summary) if self.opponents == "any" else self._run(forest, root_summary)
            finally:
                self.played = max(self.played, forest.played)
        now = os.times()
        res.cpu = forest.cpu + (now.user + now.system) - (t.user + t.system)
        return res

    def _run(self, forest, root_summary) -> PlanResult:
        root = self._state(root_summary, 0)
        root.handle = forest.root
        self.states[root.key] = root
        self.best = root
        self._note_blocked(root_summary.notes, 0)
        frontier = [root]
        goals = [root] if self.done(root) else []
        depth = 0
        batch = max(1, getattr(forest, "jobs", 1)) * 4
        while not goals and frontier and depth < self.horizon:
            depth += 1
            nxt: list[State] = []
            i = 0
            while i < len(frontier):
                if (goals and not self.want_all) or self._over_limit():
                    break
                # the successors of the next states, worked out together (up to `jobs` at once), then looked at in
                # the fixed order: the first plan found is the preferred one whatever finished first
                chunk, n = [], 0
                while i < len(frontier) and (not chunk or n + len(frontier[i].summary.actions) <= batch):
                    chunk.append(frontier[i])
                    n += len(frontier[i].summary.actions)
                    i += 1
                requests = [(st.handle, a, (depth, None)) for st in chunk for a in st.summary.actions]
                results = iter(forest.expand(requests))
                for st in chunk:
                    for rank, action in enumerate(st.summary.actions):
                        handle, s = next(results)
                        if (goals and not self.want_all) or s is None or s.error or s.next_turn:
                            if s is None or s.error:
                                self.rejected += 1
                            forest.release(handle)
                            continue
                        child = self._state(s, depth)
                        old = self.states.get(child.key)
                        if old is not None:
                            if old.depth == depth:
                                old.parents.append((st, action, rank))
                            forest.release(handle)
                            continue
                        child.handle = handle
                        child.parents.append((st, action, rank))
                        child.index = len(self.states)
                        self.states[child.key] = child
                        self._note_blocked(s.notes, depth)
                        if child.met > self.best.met:
                            self.best = child
                        if self.done(child):
                            goals.append(child)
                            forest.release(handle)
                        elif depth < self.horizon:
                            nxt.append(child)
                        else:
                            forest.release(handle)
                    forest.release(st.handle)
            frontier = nxt
            if self.limit_hit:
                break
        for st in frontier:
            forest.release(st.handle)
        self.played = forest.played
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

    def _why_not(self, depth: int, bound: bool = True) -> list:
        out: list[Reason] = []
        best = self.best
        for c in self.goal.conditions:
            if c.text in best.holding or c.text not in best.unmet:
                continue
            # why it doesn't hold in the best state, in the words of its template, cited with the rule of what it
            # asks about (the label of its property in rules/output/goals.lp)
            out.append(best.unmet[c.text])
        seen = {r.code for r in out}
        # an option allowed on some line doesn't block the goal, whatever kept it back on another
        blocked = [(ident, v) for ident, v in self.blocked.items() if ident not in self.taken]
        for ident, (_, what, reasons) in sorted(blocked, key=lambda iv: (iv[0][1], str(iv[0][2]), iv[1][0])):
            for r in reasons:
                key = (what, r.code)
                if key in seen:
                    continue
                seen.add(key)
                out.append(Reason(f"{what}: {r.reason}", r.rule, r.ruling, r.code, r.rules, r.rulings))
        if bound:
            out.append(self._bound_reason(depth))
        return out

    def _assumes(self) -> list:
        """What a strategy found holds for (rules/output/goals.lp, goal_assumes/1): each in the words of its
        template, cited with its label."""
        out = []
        for name in ("defaults_any",):
            lab = self.kb_label(f"goal_assumes({name})")
            if lab:
                out.append(Reason(self.root_ev.renderer.reason(Function(name, [])), lab.rule, None, name, lab.rules))
        return out

    def _bound_reason(self, depth: int) -> Reason:
        """The search's bounds, cited with the rules they stand for: the actions players may take, within the turn."""
        ev = self.root_ev
        bounds = [lab for lab in (self.kb_label("goal_bound(actions)"), self.kb_label("goal_bound(turn)")) if lab]
        cited = tuple(r for lab in bounds for r in lab.rules)
        first = cited[0] if cited else None
        if self.limit_hit:
            why = Function("search_limit", [String(f"{self.budget:g}"), Number(self.max_states), Number(len(self.states)),
                                            Number(depth), Number(self.horizon)])
            return Reason(ev.renderer.reason(why), first, None, "search_limit", cited)
        name = "horizon_any" if self.opponents == "any" else "horizon"
        why = Function(name, [Number(self.horizon), Number(len(self.states))])
        return Reason(ev.renderer.reason(why), first, None, f"horizon({self.horizon})", cited)

    # ---------------------------------------------------------------- against any opponent
    def _choices(self, ev, s: Summary, depth: int, declaring: bool = True) -> None:
        """Who chooses next and among what (opponents "any"): a player who may declare attackers or blockers
        first (their declarations, or none), then the player with priority: every option the rules allow them
        (each target named, where the card's text targets), or passing."""
        players = self.sc.players
        active = s.doc["turn"]["active"]
        order = players[players.index(active):] + players[:players.index(active)]
        holder = s.doc["turn"]["priority"]
        for q in order if declaring else ():
            if ev.players[q].get("lost"):
                continue
            opts = ev.actions(q, include_illegal=False, payments=False)
            attacks = [o for o in opts if o.action == "attack"]
            blocks = [o for o in opts if o.action == "block"]
            if attacks or blocks:
                s.declaring = q
                s.declaration = "attackers" if attacks else "blockers"
                s.declarations, s.incomplete = (self._attacks(ev, q, attacks) if attacks
                                                else self._blocks(ev, q, blocks, s.doc))
                break
        s.chooser = holder
        s.resolving = self._named_as_it_resolves(ev, s.doc)
        opts = ev.actions(holder, include_illegal=holder == self.player, payments=self.sc.track_mana)
        if holder == self.player:
            s.notes = self._notes(opts)
        legal = [o for o in opts if o.legal and not (self.sc.track_mana and o.payable is False)
                 and o.action not in ("attack", "block") and not self._mana_ability(ev, o)]
        out = []
        for o in legal:
            acts = self._colors(ev, o, self._x_values(ev, o, self._own_action(o, opts)))
            for a in self._payments(ev, o, acts) if holder == self.player else acts:
                out.append(a)
                for x in self._target_candidates(ev, o, s.doc):
                    out.append(dict(a, targets=[x]))
        out.append({"pass": holder})
        s.actions = out

    def _attacks(self, ev, q: str, attacks) -> tuple[list[dict], bool]:
        """The ways player q may declare attackers: each set of the creatures that may attack (all of them at one
        opponent; every set when there are few, else each alone and all together)."""
        players = self.sc.players
        defenders = [p for p in players[players.index(q) + 1:] + players[:players.index(q)]
                     if p != q and not ev.players[p].get("lost")]
        names = [o.object for o in attacks]
        sets = [c for k in range(1, len(names) + 1) for c in itertools.combinations(names, k)]
        limited = False
        if q == self.player and len(names) > MAX_SUBSETS:
            sets = [(n,) for n in names] + [tuple(names)]
        elif q != self.player and len(sets) * len(defenders) > MAX_DECLARATIONS:
            sets, limited = sets[:MAX_DECLARATIONS // max(1, len(defenders))], True
        out = [{"attack": {n: d for n in c}, "by": q} for d in defenders for c in sets]
        return out, limited

    def _blocks(self, ev, q: str, blocks, doc: dict) -> tuple[list[dict], bool]:
        """The ways player q may declare blockers: each creature that may block blocks one attacking creature it
        could block, or none (the rules refuse the ways that break a restriction, such as menace)."""
        pairs: dict[str, list[str]] = {}
        could = {(ev.ident(r.blocker), ev.ident(r.attacker)) for r in COULD_BLOCK.read(ev.game, ev.t)}
        attacking = [oid for oid, o in doc["objects"].items() if o.get("attacking")]
        for o in blocks:
            pairs[o.object] = [a for a in attacking if (o.object, a) in could]
        blockers = [b for b, xs in pairs.items() if xs]
        out, limited = [], False
        for combo in itertools.product(*[[None] + pairs[b] for b in blockers]):
            chosen = {b: a for b, a in zip(blockers, combo) if a is not None}
            if not chosen:
                continue
            if len(out) >= MAX_DECLARATIONS:
                limited = q != self.player
                break
            out.append({"block": chosen, "by": q})
        return out, limited

    def _target_candidates(self, ev, o, doc: dict) -> list[str]:
        """The targets to name one at a time for an option whose card text targets: every player still in the game
        and every object on the battlefield or the stack (and in graveyards, when the text says so); the rules
        refuse those that aren't legal. None where no line the knowledge base models says "target"."""
        card = ev._card_of(o.object)
        if card is None:
            return []
        face = doc["objects"].get(o.object, {}).get("face") or o.face or "front"
        # (only the lines the knowledge base models: a target of a line it doesn't is a naming it can't check)
        lines = [ln for ln in card.reading() if ln.status == "modelled"]
        # (a spell's targets are its spell ability's, or an Aura's enchant: a permanent spell's triggered or
        # activated abilities target later, not as it is cast — Journey to Nowhere's "exile target creature")
        texts = [ln.text.lower() for ln in lines if (ln.face == face or o.action == "cast")
                 and (o.action != "cast" or any(n.startswith("spell") or n == "enchant" for n in ln.names))]
        if o.action == "activate" and isinstance(o.ability, int):
            texts = [ln.text.lower() for ln in lines if ln.face == face and ln.line == o.ability]
        if not any("target" in t for t in texts):
            return []
        zones = ("battlefield", "stack") + (("graveyard",) if any("graveyard" in t for t in texts) else ())
        out = [p for p in self.sc.players if not ev.players[p].get("lost")]
        out += [i for i, x in doc["objects"].items() if x["zone"] in zones and i != o.object]
        # (where the rules worked out the option's legal targets, only those: the others would be refused)
        # (legal_target is a view's predicate: the options' checks conclude it under each key's copy, NAME__KEY)
        legal = {ev.ident(r.target) for key in ("c", "ab")
                 for r in LEGAL_TARGET.decode(ev.game.atoms(f"{LEGAL_TARGET.name}__{key}", LEGAL_TARGET.arity))
                 if r.context == o.term and r.key == Function(key, [Number(ev.t)])}
        return [x for x in out if x in legal] if legal else out

    def _run_dfs(self, forest, root_summary) -> PlanResult:
        """An AND-OR search, depth first (docs/guide/plans.md, "The search against any opponent"): from a state
        where the planning player chooses, their choices are tried in the fixed order until one leads to the goal
        whatever follows; where another player chooses, every choice must (their passing, or declaring nothing,
        first). A state is one node whatever line reaches it; what is known of it — won within so many of the
        planning player's actions, or not won within so many — is kept, so a state reached again is searched
        again only with more of the horizon left than it was refuted with. Within the horizon the search is
        exhaustive: a strategy exists iff one is found; the answer's lines are then the quickest the searched
        states allow (the states' values from the leaves up, as the breadth-first search works them out)."""
        nodes: dict[tuple, dict] = {}
        won_at: dict[tuple, int] = {}     # node -> the fewest of the planning player's actions it was won within
        lost_at: dict[tuple, int] = {}    # node -> the most it was found not won within
        limit = 4 * self.horizon + 16     # (the most actions of a line, the others' included: a safety bound)
        jobs = max(1, getattr(forest, "jobs", 1))

        def node_of(s: Summary, depth: int, mine: int, declined: bool = False):
            key = (s.key, declined)
            n = nodes.get(key)
            if n is not None:
                n["mine"] = min(n["mine"], mine)
                if n["s"].partial and not s.partial:   # (the choices, worked out where some action is left)
                    n["s"] = s
                return n
            n = {"key": key, "s": s, "depth": depth, "mine": mine, "edges": [], "expanded": False, "goal": False,
                 "handle": None, "declined": declined, "chooser": None, "known": {}}
            st = self._state(s, depth)
            n["goal"] = self.done(st)
            if s.key not in self.states:
                st.index = len(self.states)
                self.states[s.key] = st
                if self.best is None or st.met > self.best.met:
                    self.best = st
            s_ = n["s"]
            n["chooser"] = s_.declaring if (s_.declaring is not None and not declined) else s_.chooser
            nodes[key] = n
            return n

        def variant_node(n, a, alts: list[dict], varied: frozenset):
            """The planning player's choice, free of their horizon, among the ways one action (theirs or another
            player's) may be taken: the action as it is, and with each choice of theirs it leaves (the targets of
            their triggered abilities it puts on the stack, what they name as their ability resolves)."""
            key = ("ways", n["key"], json.dumps(a, sort_keys=True))
            v = nodes.get(key)
            if v is None:
                v = {"key": key, "s": replace(n["s"], actions=[a] + alts, declaring=None, chooser=self.player),
                     "depth": n["depth"], "mine": n["mine"], "edges": [], "expanded": False, "goal": False,
                     "handle": None, "declined": False, "chooser": self.player, "known": {}, "free": True,
                     "varied": varied}
                nodes[key] = v
            return v

        def ways(n, a, cs) -> tuple[list[dict], frozenset]:
            """The other ways to take action a from node n (cs: the state it leads to as it is), and the kinds of
            choice they vary."""
            if a is None:
                return [], frozenset()
            varied = n.get("varied", frozenset())
            alts, kinds = [], set()
            if "choose" not in varied and "choose" not in a and "pass" in a and n["s"].resolving:
                alts += [dict(a, **w) for w in n["s"].resolving]
                kinds.add("choose")
            if "trigger_targets" not in varied and "trigger_targets" not in a and cs is not None and cs.aims:
                alts += [dict(a, **w) for w in cs.aims]
                kinds.add("trigger_targets")
            return alts, varied | kinds

        def decided(key, r):
            if key is None:
                return False
            n = nodes[key]
            if n["goal"]:
                return True
            if n["s"].over:
                return False
            if key in won_at and r >= won_at[key]:
                return True
            if key in lost_at and r <= lost_at[key]:
                return False
            return None

        def undecided(known, r) -> bool:
            return known is UNKNOWN or decided(known, r) is None

        onpath: dict[tuple, int] = {}    # the states of the line searched, each with its place on it

        def solve(n, handle, r: int, depth: int) -> tuple[bool, float]:
            """Whether the state is won within r of the planning player's actions; and the first place on the line
            of a state this search came back to (a line that goes round never reaches the goal by going round):
            a state found not won only because the line came back to one before it isn't known not won from
            elsewhere, and isn't kept as such."""
            key = n["key"]
            got = decided(key, r)
            if got is not None:
                return got, INF
            if key in onpath:
                return False, onpath[key]
            if depth >= limit:
                self.limit_hit = True     # (the answer says the search was cut)
                return False, INF
            mine = n["chooser"] == self.player
            free = bool(n.get("free"))      # (a choice among the ways to take one action: it costs no action)
            if mine and r == 0 and not free:
                lost_at[key] = max(lost_at.get(key, -1), 0)
                return False, INF
            s = n["s"]
            choices: list = []
            if s.declaring is not None and not n["declined"]:
                d = node_of(s, n["depth"], n["mine"], declined=True)
                choices.append((None, d))
                choices += [(a, None) for a in s.declarations]
                if s.incomplete and not mine:
                    self.incomplete = True
            else:
                choices = [(a, None) for a in s.actions]
                self._note_blocked(s.notes, n["depth"])
            order = choices if mine else sorted(choices, key=lambda c: not (c[0] is None or "pass" in c[0]))
            cost = 1 if mine and not free else 0
            here = len(onpath)
            onpath[key] = here
            low = INF
            edges: dict[int, tuple] = {}
            ready: dict[int, tuple] = {}      # choice -> (handle, summary) worked out, not searched yet
            result = not mine                 # (an AND node is won until a choice refutes it)
            try:
                if mine and len(order) > 1:
                    # the planning player's choices, each successor worked out first (up to `jobs` at once), then
                    # searched in the order of preference (Planner._preference)
                    want = [j for j, (b, e) in enumerate(order) if e is None
                            and undecided(n["known"].get(json.dumps(b, sort_keys=True), UNKNOWN), r - cost)]
                    if want and self._over_limit():
                        return False, INF
                    for j, got in zip(want, forest.expand([(handle, order[j][0], (n["depth"] + 1, r - cost)) for j in want])):
                        ready[j] = got
                    def rank(j):
                        got = ready.get(j)
                        if order[j][1] is not None:   # (declaring nothing: the same state)
                            cs = s
                        elif got is None:
                            k = n["known"].get(json.dumps(order[j][0], sort_keys=True))
                            cs = nodes[k]["s"] if k in nodes else None
                        else:
                            cs = got[1]
                        # (with something on the stack, letting it resolve comes before adding to it)
                        answer = bool(s.doc["stack"]) and "pass" not in order[j][0]
                        # (then, among the ways to take one option — its payments and targets —, the one that
                        # leaves the planning player more choices: Planner._preference)
                        pref = self._preference(cs)
                        return pref[:3] + (answer, group[j]) + pref[3:] + (self._aim(s, order[j][0]), j)
                    group = {}
                    firsts: dict[str, int] = {}
                    for j, (b, e) in enumerate(order):
                        way = json.dumps({k: v for k, v in (b or {}).items() if k not in ("pay", "targets")},
                                         sort_keys=True)
                        group[j] = firsts.setdefault(way, j)
                    perm = sorted(range(len(order)), key=rank)
                    order = [order[j] for j in perm]
                    ready = {perm.index(j): v for j, v in ready.items()}
                for i, (a, d) in enumerate(order):
                    if d is not None:         # (declaring nothing: the same state, the player with priority next)
                        edges[i] = (a, d["key"])
                        ok, back = solve(d, handle, r, depth)
                        low = min(low, back)
                    else:
                        known = n["known"].get(json.dumps(a, sort_keys=True), UNKNOWN)
                        if known is not UNKNOWN and decided(known, r - cost) is not None:
                            edges[i] = (a, known)
                            ok = bool(decided(known, r - cost))
                        else:
                            if i not in ready:
                                if self._over_limit():
                                    return False, INF
                                want = [j for j, (b, e) in enumerate(order) if j >= i and e is None and j not in ready
                                        and undecided(n["known"].get(json.dumps(b, sort_keys=True), UNKNOWN), r - cost)][:jobs]
                                for j, got in zip(want, forest.expand([(handle, order[j][0], (n["depth"] + 1, r - cost)) for j in want])):
                                    ready[j] = got
                            h, cs = ready.pop(i)
                            if cs is None or cs.error:
                                self.rejected += 1
                                forest.release(h)
                                continue
                            if cs.next_turn:
                                forest.release(h)
                                n["known"][json.dumps(a, sort_keys=True)] = None
                                edges[i] = (a, None)
                                ok = False
                            else:
                                alts, varied = ways(n, a, cs)
                                if alts:
                                    # (the planning player's choices this way of taking it leaves: a node of theirs,
                                    # from this state, among the ways — the action as it is among them)
                                    forest.release(h)
                                    v = variant_node(n, a, alts, varied)
                                    n["known"][json.dumps(a, sort_keys=True)] = v["key"]
                                    edges[i] = (a, v["key"])
                                    ok, back = solve(v, handle, r - cost, depth + 1)
                                    low = min(low, back)
                                else:
                                    c = node_of(cs, n["depth"] + 1, n["mine"] + cost)
                                    n["known"][json.dumps(a, sort_keys=True)] = c["key"]
                                    edges[i] = (a, c["key"])
                                    try:
                                        ok, back = solve(c, h, r - cost, depth + 1)
                                        low = min(low, back)
                                    finally:
                                        forest.release(h)
                    if ok and mine:
                        result = True
                        break
                    if not ok and not mine:
                        result = False
                        break
            finally:
                del onpath[key]
                for h, _ in ready.values():
                    forest.release(h)
                # (the edges searched, in the order of the choices: the values and lines read them; a node cut short
                # by the search's limit is not expanded: its value stays unknown)
                for i in sorted(edges):
                    if edges[i] not in n["edges"]:
                        n["edges"].append(edges[i])
                n["expanded"] = n["expanded"] or not self.limit_hit
            if self.limit_hit:
                return False, INF
            if result:
                won_at[key] = min(won_at.get(key, r), r)
                return True, INF
            if low >= here:
                lost_at[key] = max(lost_at.get(key, -1), r)
                low = INF
            return False, low

        root = node_of(root_summary, 0, 0)
        solve(root, forest.root, self.horizon, 0)
        self.played = forest.played
        value = self._values(nodes)
        seconds = time.perf_counter() - self.t0
        res = PlanResult(self.goal.text, self.player, self.horizon, value[root["key"]] < INF, [],
                         states=len(self.states), seconds=seconds, complete=not self.limit_hit, opponents="any",
                         exhaustive=not self.incomplete)
        if res.found:
            res.lines, res.more = self._lines(nodes, value, root)
            res.length = max(len(x) for x in res.lines)
            res.plans = res.lines[:1]
            res.assumes = self._assumes()
        else:
            res.why_not = self._why_not_any(nodes, value, root, max(n["mine"] for n in nodes.values()))
        return res

    def _preference(self, s: Summary | None) -> tuple:
        """Which of the planning player's choices the search against any opponent tries first, from the state each
        leads to (docs/guide/plans.md, "Preference"): one where the goal holds; then one where more of the goal's
        conditions hold; then one closer to it (the life totals a goal about life or a player losing asks about,
        lower for the players who must lose or reach at most a value); its last element is how many choices the
        planning player has there (more first: the search compares it only among the ways to take one option,
        after letting the stack resolve first). A choice the rules refuse, or that leaves the turn or the game,
        comes last."""
        if s is None or s.error or s.next_turn:
            return (3, 0, 0, 0)
        if len(s.holding) == len(self.goal.conditions):
            return (0, 0, 0, 0)
        if s.over:
            return (2, 0, 0, 0)
        distance = 0
        players = s.doc.get("players", {})
        for c in self.goal.conditions:
            if c.text in s.holding:
                continue
            if c.kind == "outcome":
                losers = [c.subject] if c.prop == "loses" else [p for p in players if p != c.subject]
                distance += sum(max(0, players.get(p, {}).get("life") or 0) for p in losers)
            elif c.kind == "player" and c.prop == "life" and isinstance(c.value, int) and c.op in ("<=", "<"):
                distance += max(0, (players.get(c.subject, {}).get("life") or 0) - c.value)
        # (then the state where the planning player has more choices: a payment that leaves the mana another
        # choice needs, rather than one that spends it)
        mobility = len(s.actions) if s.chooser == self.player else 0
        return (1, len(self.goal.conditions) - len(s.holding), distance, -mobility)

    def _aim(self, s: Summary, a) -> tuple:
        """Among the targets one option may name (docs/guide/plans.md, "Preference"): another player, or an object
        another player controls, the one with the greatest power first; then the planning player's own; the option
        with no target named (the engine's default, one of those) last."""
        targets = (a or {}).get("targets")
        if not targets:
            return (2, 0)
        t = targets[0]
        if t in self.sc.players:
            return (0 if t != self.player else 1, 0)
        o = s.doc["objects"].get(t) or {}
        power = o.get("power") if isinstance(o.get("power"), int) else 0
        return (0 if o.get("controller") not in (None, self.player) else 1, -power)

    def _cost(self, n: dict, a) -> int:
        """What a choice costs of the horizon: one action, when it is the planning player's."""
        return 1 if a is not None and n["chooser"] == self.player and not n.get("free") else 0

    def _values(self, nodes: dict, optimistic: bool = False) -> dict:
        """Each node's value: the fewest actions of the planning player within which they reach the goal from it
        whatever the others choose (optimistic: if the others only pass, or declare nothing), INF when they can't
        within the horizon."""
        val = {k: (0 if n["goal"] else INF) for k, n in nodes.items()}
        changed = True
        while changed:
            changed = False
            for k, n in nodes.items():
                if n["goal"] or not n["edges"] or not n["expanded"]:
                    continue
                edges = n["edges"]
                if optimistic and n["chooser"] != self.player:   # (the others only pass, or declare nothing)
                    edges = [(a, c) for a, c in edges if a is None or "pass" in a] or edges
                vals = [self._cost(n, a) + (val[c] if c is not None else INF) for a, c in edges]
                v = min(vals) if n["chooser"] == self.player else max(vals)
                if v + n["mine"] > self.horizon:
                    v = INF
                if v < val[k]:
                    val[k] = v
                    changed = True
        return val

    def _lines(self, nodes: dict, value: dict, root: dict) -> tuple[list[list[dict]], bool]:
        """Every line of play the strategy allows: the planning player's choice where they choose (the first of the
        quickest), each of the others' choices where they do."""
        out: list[list[dict]] = []
        more = False

        def walk(k, acts, seen):
            nonlocal more
            if len(out) >= MAX_LINES:
                more = True
                return
            n = nodes[k]
            if n["goal"]:
                out.append(acts)
                return
            if k in seen:      # (a strategy's lines don't go round: the value of a state on a loop is never won)
                return
            seen = seen | {k}
            if n["chooser"] == self.player:
                best = min((self._cost(n, a) + value[c], i) for i, (a, c) in enumerate(n["edges"]) if c is not None)
                a, c = n["edges"][best[1]]
                walk(c, acts + ([a] if a is not None and not nodes[c].get("free") else []), seen)
                return
            for a, c in n["edges"]:
                walk(c, acts + ([a] if a is not None and (c is None or not nodes[c].get("free")) else []), seen)

        walk(root["key"], [], frozenset())
        return out, more

    def _choice_text(self, n: dict, a) -> str:
        if a is None:
            return f"{n['s'].declaring} declares no {n['s'].declaration}"
        return action_text(a)

    def _choice_kind(self, n: dict, a) -> str:
        if a is None:
            return "no_attack" if n["s"].declaration == "attackers" else "no_block"
        return next(k for k in a if k not in ("by", "targets"))

    def _why_not_any(self, nodes: dict, value: dict, root: dict, depth: int) -> list:
        """No strategy: when no line reaches the goal even if the others only pass, the reasons a plan gives; else,
        for each first choice of the planning player on which some line does then, the choice of another player
        that defeats it."""
        opt = self._values(nodes, optimistic=True)
        if opt[root["key"]] == INF:
            return self._why_not(depth)
        out: list[Reason] = []
        ev = self.root_ev

        def refute(k, line):
            """The line the planning player hoped for, up to the other player's choice that defeats it."""
            last = None
            for _ in range(self.horizon + 2):
                n = nodes[k]
                if n["goal"] or not n["edges"]:
                    break
                if n.get("free") and line:   # (a way to take the action just worded: worded instead of it)
                    line.pop()
                if n.get("chooser") == self.player:
                    cands = [(opt[c], i) for i, (a, c) in enumerate(n["edges"]) if c is not None and opt[c] < INF]
                    if not cands:
                        break
                    a, c = n["edges"][min(cands)[1]]
                    line.append(self._choice_text(n, a))
                    k = c
                    continue
                lost = [(a, c) for a, c in n["edges"] if c is None or value[c] == INF]
                if not lost:
                    break
                # a choice after which no line reaches the goal even if the others then only pass defeats the line
                # outright; else the line goes on where they pass (or declare nothing), to the choice that does
                clean = [(a, c) for a, c in lost if c is None or opt[c] == INF]
                passing = [(a, c) for a, c in lost if a is None or "pass" in a]
                a, c = (clean or passing or lost)[0]
                last = (n, a)
                line.append(self._choice_text(n, a))
                if clean or c is None:
                    break
                k = c
            return last

        first = root if root.get("chooser") == self.player else None
        starts = []
        if first is not None:
            for a, c in first["edges"]:
                if c is not None and opt[c] < INF:
                    starts.append(([self._choice_text(first, a)], c))
        else:
            starts.append(([], root["key"]))
        for line, k in starts:
            got = refute(k, line)
            if got is None:
                continue
            n, a = got
            lab = self.kb_label(f"opponent_choice({self._choice_kind(n, a)})")
            why = Function("defeated", [String("; ".join(line[:-1]) or "in the scenario's state"),
                                        String(line[-1]), Number(self.horizon)])
            out.append(Reason(ev.renderer.reason(why), lab.rule if lab else None, None,
                              f"defeated({self._choice_kind(n, a)})", lab.rules if lab else ()))
            if len(out) >= 20:
                break
        out.append(self._bound_reason(depth))
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


def _named(action: dict) -> str:
    """What an action names for what it resolves or puts on the stack, in words (empty when nothing)."""
    bits = [f"{k}: {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in sorted(action.get("choose", {}).items())]
    bits += [f"{t} targeting {', '.join(map(str, v))}" for t, v in sorted(action.get("trigger_targets", {}).items())]
    return f" ({'; '.join(bits)})" if bits else ""


def action_text(action: dict) -> str:
    """One planned action in words (for text output)."""
    if "cast" in action:
        bits = [action.get("method", "normal").replace("_", " ")]
        if action.get("part"):
            bits.append(f"as {action['part']}")
        if action.get("source") and action["source"] != "own":
            bits.append(f"permission of {action['source']}")
        if action.get("targets"):
            bits.append("targeting " + ", ".join(map(str, action["targets"])))
        return f"{action.get('by', '')} casts {action['cast']} ({', '.join(bits)})".strip()
    if "play" in action:
        return f"{action.get('by', '')} plays {action['play']}".strip()
    if "activate" in action:
        aim = f" targeting {', '.join(map(str, action['targets']))}" if action.get("targets") else ""
        return f"{action.get('by', '')} activates {action['activate']}'s {action['ability']}{aim}{_named(action)}".strip()
    if "attack" in action:
        return f"{action.get('by', '')} attacks: " + ", ".join(f"{a} → {d}" for a, d in action["attack"].items())
    if "block" in action:
        return f"{action.get('by', '')} blocks: " + ", ".join(f"{b} blocks {a}" for b, a in action["block"].items())
    if "pass" in action:
        return f"{action['pass']} passes" + _named(action)
    if "resolve" in action:
        return "every player passes: the top of the stack resolves" + _named(action)
    return json.dumps(action)


# ------------------------------------------------------------------------------------------------ entry points

def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(name, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


OPPONENTS = ("pass", "any")


def plan(scenario, goal: str | None, player: str | None = None, horizon: int | None = None, all: bool = False,
         explain: bool = False, step: int | None = None, budget: float | None = None, cards=(),
         opponents: str | None = None, jobs: int | None = None, dask=None) -> PlanResult:
    """The shortest plans from a scenario's state (after its timeline, or its first `step` actions) to `goal` (None:
    the scenario's own `goal:`)."""
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, db=with_files(tuple(str(c) for c in cards)))
    horizon = DEFAULT_HORIZON if horizon is None else _whole(horizon, "horizon", 0, MAX_HORIZON)
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not math.isfinite(budget) or budget <= 0):
        # (nan passes "> 0" no more than it fails it, and inf or nan would take the search's time limit away)
        raise ScenarioError("budget", f"must be a finite number of seconds above 0, not {budget!r}")
    if step is not None:
        _whole(step, "step", 0, len(sc.actions))
        sc = replace(sc, actions=list(sc.actions[:step]))
    if goal is None or (isinstance(goal, str) and not goal.strip()):
        if sc.goal is None:
            raise ScenarioError("goal", "is required: give a GOAL, or the scenario's goal: field (for example "
                                        "'bob loses', 'kroxa.zone = battlefield' or 'cast kroxa escape')")
        goal = sc.goal
    g = parse_goal(goal, sc)
    opponents = "pass" if opponents is None else opponents
    if opponents not in OPPONENTS:
        raise ScenarioError("opponents", f"must be pass or any, not {opponents!r}{_hint(str(opponents), OPPONENTS)}")
    if opponents == "any" and all:
        raise ScenarioError("all", "goes with opponents pass: against any opponent, the answer's lines are every "
                                   "line of play the strategy allows")
    if jobs is not None:
        _whole(jobs, "jobs", 1, 64)
    if player is not None and player not in sc.players:
        raise ScenarioError("player", f"unknown player {player!r}{_hint(str(player), sc.players)} (players: {', '.join(sc.players)})")
    root = evaluate(sc, facts=goal_facts(g, sc), query_parts=(GOAL,))
    notes = root.not_modelled
    if root.error:
        return PlanResult(g.text, player or root.turn["priority"], horizon, False, [], error=root.error, complete=False,
                          not_modelled=notes)
    if dask is None:
        res, p = _search(sc, g, player, horizon, all, budget, root, opponents, jobs, None)
    else:
        # (Dask is optional: pyrules/cluster.py imports it only when a cluster is asked for)
        from pyrules.cluster import connect

        with connect(dask, jobs or 2, field="dask") as client:
            res, p = _search(sc, g, player, horizon, all, budget, root, opponents, jobs, client)
    res.not_modelled = notes
    if notes and not res.found:   # no line found isn't no line: the search plays only the text pyrules models
        n = len(notes)
        why = Function("unmodelled_text", [Number(n)])
        res.why_not.insert(0, Reason(root.renderer.reason(why), None, None, str(why)))
    if explain and res.found and res.plans:
        res.explanation = explain_plan(sc, res.plans[0], g, p.player)
        extra = caveat(notes)
        if extra:
            res.explanation = replace(res.explanation, summary=(res.explanation.summary or "") + " " + extra)
    return res


def _search(sc, g, player, horizon, all, budget, root, opponents, jobs, client):
    p = Planner(sc, g, player, horizon, all, budget, root=root, opponents=opponents, jobs=jobs, client=client)
    return p.run(), p


def plan_text(res: PlanResult, explain: bool = False) -> str:
    lines = []
    if res.error:
        return f"the scenario's timeline stops at step {res.error['step']}: no plan is searched from an illegal action"
    if res.opponents == "any":
        lines += _strategy_text(res)
    elif res.found:
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
        lines.append("(the other players only pass: --opponents any searches for a plan that holds whatever they do)")
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


def _strategy_text(res: PlanResult) -> list[str]:
    """A strategy against any opponent in words: each line of play it allows, or why there is none."""
    lines = []
    if res.found:
        n = len(res.lines)
        lines.append(f"strategy for {res.goal!r} whatever the other players do ({res.player}, at most {res.length} "
                     f"action{'s' if res.length != 1 else ''}): {n}{'+' if res.more else ''} line{'s' if n != 1 else ''} of play")
        for k, line in enumerate(res.lines, start=1):
            lines.append(f"  line {k}: " + ("; ".join(action_text(a) for a in line) or "nothing to do: the goal already holds"))
        if res.more:
            lines.append(f"  (more lines: the first {n} are listed)")
        if not res.exhaustive:
            lines.append("  (some of the other players' choices were too many to search all of them: the strategy "
                         "holds against those searched)")
        if res.not_modelled:
            lines.append("  (with the card text pyrules models: a line of text it doesn't model could give the others "
                         "another answer)")
        lines += [f"  (assumes: {r.reason})" for r in res.assumes]
        return lines
    head = "no strategy found with the card text pyrules models" if res.not_modelled else "no strategy"
    lines.append(f"{head} for {res.goal!r} whatever the other players do, within {res.horizon} "
                 f"action{'s' if res.horizon != 1 else ''} ({res.player}):")
    for r in res.why_not:
        cite = ", ".join(x for x in (r.rule, r.ruling) if x)
        lines.append(f"  - {r.reason}" + (f" [{cite}]" if cite else ""))
    return lines
