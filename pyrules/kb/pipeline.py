"""The grounding pipeline, as rules/pipeline.lp declares it: which parts of the knowledge base a moment grounds,
in which order, when, and with which views. The compiler reads the declaration (kb/compile.py: it compiles one
copy of each view per key, and keeps the Pipeline in the KnowledgeBase); the engine grounds it
(game/engine.py, through KnowledgeBase.pipeline). A part is a `#program NAME(t).` block of rules/; a view a
`#program NAME(v).` block, grounded once per key that asks it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pyrules.errors import KnowledgeBaseError

FILE = "pipeline.lp"   # the declaration, at the root of rules/
# The asked parts pyrules requests by name (each must be declared `%: ask NAME`): a plan's goal, evaluated in each
# state it shows, in the show query's grounding call; what explanations read of a state shown (which atoms show a
# property, which ruling is about which object), grounded after the show query, when an explanation is asked.
GOAL = "goal"
EXPLAIN = "explain"
STAGES = ("check", "event", "state", "show", "ask")
_LINE = re.compile(r"^%:\s*(check|event|state|show|ask|key)\s+(.*?)\s*$")
_VIEW = re.compile(r"^([a-z][a-z0-9_]*)\(([a-z][a-z0-9_]*)\)$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Part:
    """One part of a stage, as declared: `%: STAGE NAME [for KIND ...] [if GATE] [or if GATE] [views V(K) ...]`."""
    name: str
    kinds: tuple[str, ...] = ()              # the kinds of action that need it (none: every moment)
    gate: str | None = None                  # a state part: grounded only when gate(GATE, t) holds
    also_if: str | None = None               # an event part: grounded too when gate(GATE, t-1) held
    views: tuple[tuple[str, str], ...] = ()  # (view block, key), grounded with it
    with_show: bool = False                  # an asked part grounded in the show query's call (else after it)

    def calls(self) -> list[str]:
        """The part and the copies of the views grounded with it."""
        return [self.name] + [view_copy(v, k) for v, k in self.views]


@dataclass(frozen=True)
class Pipeline:
    checks: tuple[Part, ...]   # whether an action is allowed (moment t-1), the options of players asking
    events: tuple[Part, ...]   # the transition to moment t, in order
    states: tuple[Part, ...]   # the state of moment t, in order (the first grounded on its own: it concludes the gates)
    show: Part                 # what `show` reports
    keys: dict[str, str] = field(default_factory=dict)   # a view's key -> who asks with it
    asks: tuple[Part, ...] = ()   # asked of the state shown, on request: a plan's goal, what explanations read

    def ask(self, name: str) -> Part:
        """An asked part, by name (a part the pipeline doesn't declare is an error of the knowledge base)."""
        for p in self.asks:
            if p.name == name:
                return p
        raise KnowledgeBaseError(f"rules/{FILE}: no part `%: ask {name}` is declared")

    def view_keys(self) -> set[tuple[str, str]]:
        """(view block, key) for every view the engine grounds: the knowledge base compiles one copy of each."""
        return {view for part in self.checks + self.events + self.states + (self.show,) + self.asks
                for view in part.views}

    def event_parts(self, kind: str | None, gate_held) -> list[str]:
        """The event parts a moment of this kind grounds, in order (gate_held(GATE): the gate held at t-1)."""
        return [p.name for p in self.events
                if (not p.kinds and p.also_if is None) or kind in p.kinds
                or (p.also_if is not None and gate_held(p.also_if))]

    def grounding_calls(self) -> dict[str, list[str]]:
        """The parts grounded together in one call, at most (every kind of event, every gate open): the
        knowledge base must be stratified within each (tests/test_kb_order.py checks it)."""
        check = [name for p in self.checks for name in p.calls()]
        return {
            "transition": check + [name for p in self.events for name in p.calls()],
            "state": self.states[0].calls(),
            "state, after the gates": [name for p in self.states[1:] for name in p.calls()],
            "check": check,
            "show": self.show.calls() + [name for p in self.asks if p.with_show for name in p.calls()],
            **{f"asked after show: {p.name}": p.calls() for p in self.asks if not p.with_show},
        }

    def order(self) -> list[str]:
        """The parts a moment t grounds, in order: the event, the state, then the checks and show asked of it."""
        return [p.name for p in self.events + self.states + self.checks + (self.show,) + self.asks]


def view_copy(block: str, key: str) -> str:
    """The name of the copy of a view block compiled for one key: filters(tr) -> filters_tr."""
    return f"{block}_{key}"


def parse(text: str, where: str = f"rules/{FILE}") -> Pipeline:
    """The pipeline its `%:` lines declare (see rules/pipeline.lp for the form of a line)."""
    stages: dict[str, list[Part]] = {s: [] for s in STAGES}
    keys: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = _LINE.match(line.strip())
        if not m:
            continue
        stage, rest = m.groups()
        if stage == "key":
            key, eq, about = rest.partition("=")
            if not eq or not _NAME.match(key.strip()):
                raise KnowledgeBaseError(f"{where}:{n}: a key is declared as `%: key KEY = who asks with it`")
            keys[key.strip()] = about.strip()
            continue
        stages[stage].append(_part(stage, rest.split(), f"{where}:{n}"))
    if not stages["state"] or len(stages["show"]) != 1:
        raise KnowledgeBaseError(f"{where}: the pipeline needs its state parts and one show part")
    out = Pipeline(tuple(stages["check"]), tuple(stages["event"]), tuple(stages["state"]), stages["show"][0], keys,
                   tuple(stages["ask"]))
    names = out.order()
    if len(set(names)) != len(names):
        raise KnowledgeBaseError(f"{where}: a part is declared twice")
    for _block, key in sorted(out.view_keys()):
        if key not in keys:
            raise KnowledgeBaseError(f"{where}: the key {key} is used by a view but not declared (`%: key {key} = ...`)")
    return out


def _part(stage: str, words: list[str], where: str) -> Part:
    if not words or not _NAME.match(words[0]):
        raise KnowledgeBaseError(f"{where}: a part's line starts with its name")
    name, kinds, gate, also_if, views, with_show = words[0], [], None, None, [], False
    i, mode = 1, None
    while i < len(words):
        w = words[i]
        if w == "for" and stage in ("check", "event"):
            mode = "for"
        elif w == "if" and stage == "state":
            gate, mode = _word(words, i + 1, where), None
            i += 1
        elif w == "or" and stage == "event" and i + 1 < len(words) and words[i + 1] == "if":
            also_if, mode = _word(words, i + 2, where), None
            i += 2
        elif w == "with" and stage == "ask" and i + 1 < len(words) and words[i + 1] == "show":
            with_show, mode = True, None
            i += 1
        elif w == "views":
            mode = "views"
        elif mode == "for" and _NAME.match(w):
            kinds.append(w)
        elif mode == "views" and _VIEW.match(w):
            views.append(_VIEW.match(w).groups())
        else:
            raise KnowledgeBaseError(f"{where}: {w!r} is not understood in a {stage} part's line")
        i += 1
    return Part(name, tuple(kinds), gate, also_if, tuple(views), with_show)


def _word(words: list[str], i: int, where: str) -> str:
    if i >= len(words) or not _NAME.match(words[i]):
        raise KnowledgeBaseError(f"{where}: a gate's name is missing")
    return words[i]
