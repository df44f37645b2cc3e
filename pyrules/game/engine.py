"""The game in time: one clingo Control, grounded one moment at a time (clingo's incremental mode).

Moment 0 is the scenario. A player's action is added as facts for the next moment (occurs/2, choice/4);
the moment is then grounded part by part, in the order rules/pipeline.lp declares (KnowledgeBase.pipeline):
whether the action is allowed in the state before it (the check_* parts, for moment t-1), what happens (the
event_* parts: what kind of event it is, what that kind does, the changes it makes, the frame axiom), and what
follows in the new state (the state_* parts).
Each part uses only what earlier parts concluded, so every part is stratified and grounding alone decides
every atom; a part whose gate (gate/2) doesn't hold, or that the event doesn't need, would conclude nothing
and is not grounded; of the parts grounded, only the groups of statements whose positive bodies can hold are
(Game._select), as clingo prepares every statement it is given on every call. When the rules say the game doesn't stop at a moment (state-based actions to perform,
triggered abilities to put on the stack, a step to move through: auto/2), Python grounds the next moment
with no action, until the rules say the game has settled (settled/1). Python only sequences the grounding
and reads atoms; it never rebuilds a state.
"""

from __future__ import annotations

import _thread
import atexit
import os
import re
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass

import clingo
from clingo import Function, Number, Symbol, SymbolType

from pyrules.errors import KnowledgeBaseError
from pyrules.input.limits import current as current_limits
from pyrules.input.limits import out_of_memory, over_time
from pyrules.kb.compile import ANY_HEAD, KnowledgeBase
from pyrules.kb.compile import kb as load_kb
from pyrules.kb.interface import AUTO, GATE, SETTLED, STEP_NO
from pyrules.kb.pipeline import Part, view_copy
from pyrules.kb.terms import add_facts, any_atom
from pyrules.kb.terms import facts as read_facts

_NAME = re.compile(r"[a-z][A-Za-z0-9_]*")
FACT_PART = "pyrules_fact_"   # the parts that bring a moment's facts into the grounding call (Game.fact_parts)
GROUPED = os.environ.get("PYRULES_UNGROUPED") != "1"   # ground only the groups of a part that can conclude something
PRUNE_SHADOWS = True   # ground only the shadow rules an explanation needs (Game.explain_cone)
MAX_AUTO = 400   # automatic moments after one action before the engine gives up (a loop in the rules)

@dataclass
class Moment:
    t: int
    step: int              # the user's action number this moment belongs to (0: the scenario)
    auto: bool             # a moment the game moved through by itself
    kind: str | None = None


# The knowledge base's program parts are added to a Control when it first grounds them (a `show` of a still
# board never needs the parts that check and carry out actions). The first Control in a process gets a part
# as text; later ones get the syntax trees parsed once (through a ProgramBuilder), which costs less than
# parsing the text again.
_TEXTS: dict[int, tuple] = {}   # the shadow parts (and which heads each explains), per knowledge base
_PARSED: dict[tuple[int, str, str], tuple[KnowledgeBase, list]] = {}
atexit.register(_PARSED.clear)  # free the trees while clingo's library is still loaded
_BUILT: dict[tuple[int, str, str], int] = {}   # how many Controls each part was given to, per process

_PARSED_LOCK = _thread.allocate_lock()   # the trees are shared: one thread at a time reads them (clingo's own
                                  # reference counts on them are not thread-safe)


def _texts(kb: KnowledgeBase, which: str) -> dict[str, tuple[tuple, str]]:
    """Part name -> (parameters, program text): the knowledge base's parts, their groups (_groups), or their
    shadow parts: one for each part and signature of the heads of its rules (NAME_why_K, shadow_heads)."""
    if which == "parts":
        return kb.parts
    if which == "groups":
        return _groups(kb)[0]
    return _shadow_split(kb)[0]


def _groups(kb: KnowledgeBase):
    """(group -> (parameters, text), part -> [(group, needed, heads)]): each part's statements grouped by the
    predicates their positive body atoms need atoms of (compiled: pyrules/kb/compile.py, group_parts)."""
    return kb.group_texts, kb.groups


def _shadow_split(kb: KnowledgeBase):
    """(shadow part -> (parameters, text), part -> [(head signature, needed, shadow part)]): a part's shadow
    rules grouped by the signature of the head they explain and the predicates their positive bodies need
    atoms of (a group none of whose rules can have fired is left out)."""
    hit = _TEXTS.get(id(kb))
    if hit is not None and hit[0] is kb:
        return hit[1]
    texts: dict[str, tuple[tuple, str]] = {}
    heads: dict[str, list[tuple[tuple[str, int], tuple, str]]] = {}
    for part, items in kb.shadows.items():
        if not items:
            continue
        groups: dict[tuple, list[str]] = {}
        for sig, text, needed in items:
            groups.setdefault((sig, needed), []).append(text)
        for k, ((sig, needed), rules) in enumerate(groups.items()):
            name = f"{part}_why_{k}"
            texts[name] = (kb.parts[part][0], "\n".join(rules))
            heads.setdefault(part, []).append((sig, needed, name))
    _TEXTS[id(kb)] = (kb, (texts, heads))
    return texts, heads


def _add_parts(ctl: clingo.Control, kb: KnowledgeBase, which: str, names: list[str]) -> None:
    """Program parts (or shadow parts) into a Control: as text the first time in a process, later as trees."""
    texts = _texts(kb, which)
    trees: list = []
    with _PARSED_LOCK:
        for name in names:
            params, text = texts[name]
            key = (id(kb), which, name)
            n = _BUILT.get(key, 0)
            _BUILT[key] = n + 1
            hit = _PARSED.get(key)
            if hit is not None and hit[0] is not kb:
                hit = None
            if n == 0 and hit is None:
                ctl.add(name, list(params), text)
                continue
            if hit is None:
                from clingo import ast

                statements: list = []
                head = f"#program {name}({', '.join(params)}).\n" if params else f"#program {name}.\n"
                ast.parse_string(head + text, statements.append)
                hit = _PARSED[key] = (kb, statements)
            trees += hit[1]
        if trees:
            from clingo import ast

            with ast.ProgramBuilder(ctl) as builder:
                for stm in trees:
                    builder.add(stm)


@contextmanager
def two_at_a_time():
    """A pool of two threads for independent clingo work (each thread its own Control), or None on a machine
    with one core: clingo grounds and solves without Python's lock, so two Controls really work at once."""

    if (os.cpu_count() or 1) < 2:
        yield None
        return
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="pyrules-clingo") as pool:
        yield pool


_ALLOCATOR_TUNED = False


def tune_allocator() -> None:
    """Grounding a moment makes clingo build and free some hundred thousand small blocks. With glibc's
    allocator, freeing them into its "fast bins" and merging those bins again on the next large request
    (malloc_consolidate) took about a tenth of a timeline's time in a profile; with fast bins off
    (mallopt M_MXFAST = 0) a 20-action timeline takes about 15% less (paired runs, bench/timeline.py). Done
    once per process, when a game first moves past its scenario or explains (a single `show` does too little
    to gain the 4 ms ctypes costs to import). It changes no answer; elsewhere than glibc it does nothing."""
    global _ALLOCATOR_TUNED
    if _ALLOCATOR_TUNED:
        return
    _ALLOCATOR_TUNED = True

    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt   # glibc's; musl and others have none
    except (OSError, AttributeError):
        return
    mallopt(1, 0)   # M_MXFAST: the largest request served from fast bins; 0 turns them off


class Game:
    """One game: the knowledge base grounded over moments 0..t for one scenario."""
    def __init__(self, facts: list[Symbol], *, base: KnowledgeBase | None = None, explain: bool = False,
                 query_parts: tuple[str, ...] = ()):
        self.kb = base or load_kb()
        self.query_parts = query_parts   # more parts the show query grounds in its call (a plan's goal)
        self.timings: dict[str, float] = {"ground": 0.0, "calls": 0}
        self.deadline = time.monotonic() + current_limits().max_seconds   # checked after each grounding call
        t0 = time.perf_counter()
        messages: list[str] = []       # (no reference back to the game: a cycle would keep the Control alive)
        self.messages = messages
        self.ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg), message_limit=5)
        self.present: set[tuple[str, int]] = set()   # predicates known to have atoms (Game._select)
        self.absent: set[tuple[str, int]] = set()    # and known to have none
        self.satisfied: set[str] = set()             # the groups each of whose needed predicates has atoms
        self.loaded: set[str] = set()   # the parts (and shadow parts) added to the Control so far
        self.added: set[Symbol] = set()
        self.history: list[tuple[str, list]] = []   # every part instance grounded, in order
        self.given: list[tuple[str, list]] = []     # and what clingo was given for them: the groups taken
        self.explained = False
        self.shadowed: set[tuple[str, tuple]] = set()   # the shadow part instances grounded (explain_cone)
        self.add(facts)
        self.timings["build"] = time.perf_counter() - t0
        self.t = 0
        self.moments: list[Moment] = [Moment(0, 0, False)]
        self._ground([("base", [])])
        self._state(0)
        if explain:
            self.ground_explanations()

    # ------------------------------------------------------------------ grounding
    def _load(self, which: str, names) -> None:
        missing = list(dict.fromkeys(n for n in names if n not in self.loaded))
        if missing:
            _add_parts(self.ctl, self.kb, which, missing)
            self.loaded.update(missing)

    def load_all_parts(self) -> None:
        """Every part of the knowledge base added to the Control (none is grounded): a game about to be copied
        (a plan's search forks it, pyrules/planner/forest.py) parses them once rather than in each copy."""
        if GROUPED:
            groups = _groups(self.kb)
            self._load("parts", [p for p in self.kb.parts if p not in groups[1]])
            self._load("groups", list(groups[0]))
        else:
            self._load("parts", list(self.kb.parts))

    def _ground(self, parts: list[tuple[str, list]]) -> None:
        todo = [(name, args) for name, args in parts if name in self.kb.parts or name.startswith(FACT_PART)]
        if not todo:
            return
        t0 = time.perf_counter()
        calls = self._select(todo) if GROUPED else todo
        groups = _groups(self.kb)[1] if GROUPED else {}
        self._load("parts", (name for name, _args in calls if not name.startswith(FACT_PART) and name not in groups
                             and name in self.kb.parts))
        self._load("groups", (name for name, _args in calls if not name.startswith(FACT_PART)
                              and name not in self.kb.parts))
        try:
            self.ctl.ground(calls)
        except MemoryError:
            raise out_of_memory() from None
        except RuntimeError as exc:
            if "bad_alloc" in str(exc) or "memory" in str(exc).lower():
                raise out_of_memory() from None
            detail = " ".join(" ".join(self.messages).split()) or str(exc)
            raise KnowledgeBaseError(f"clingo could not ground the knowledge base: {detail}") from None
        if time.monotonic() > self.deadline:
            raise over_time()
        self.timings["ground"] += time.perf_counter() - t0
        self.timings["calls"] += 1
        self.history += todo
        self.given += calls

    def _select(self, todo: list[tuple[str, list]]) -> list[tuple[str, list]]:
        """The part instances of a grounding call, each part replaced by those of its groups (_groups) that can
        conclude something: a group is in if each predicate its positive body needs has atoms already, or gets
        some in this call (a fact given, or the head of a group in), until nothing more comes in. A group left
        out has no instance whose body holds, so the call's answer is the same. Which predicates have atoms is
        kept between calls: one without any stays so until a call takes a group that concludes it, or a fact
        of it is added."""
        groups = _groups(self.kb)[1]
        present, absent, ctl = self.present, self.absent, self.ctl

        def has(sig) -> bool:
            if sig in present:
                return True
            if sig in absent:
                return False
            if any_atom(ctl, *sig):
                present.add(sig)
                return True
            absent.add(sig)
            return False

        out: list[tuple[str, list]] = []
        cands: list[tuple[list, str, frozenset, frozenset]] = []
        made: set = set()
        for name, args in todo:
            if name.startswith(FACT_PART):
                fact, arity = name[len(FACT_PART):].rsplit("_", 1)
                made.add((fact, int(arity)))
                out.append((name, args))
            elif name in groups:
                cands += [(args, g, needed, heads) for g, needed, heads in groups[name]]
            else:                   # a part without statements
                out.append((name, args))
        # each group waits for the predicates it needs that have no atom yet; a group taken makes its heads
        missing = [0] * len(cands)
        waiting: dict[tuple[str, int], list[int]] = {}
        ready = []
        satisfied = self.satisfied
        for k, (_args, g, needed, _heads) in enumerate(cands):
            if g in satisfied:
                ready.append(k)
                continue
            lacking = [n for n in needed if not has(n)]
            if not lacking:
                satisfied.add(g)      # (for good: a predicate with atoms keeps them)
            lacking = [n for n in lacking if n not in made]
            missing[k] = len(lacking)
            for n in lacking:
                waiting.setdefault(n, []).append(k)
            if not lacking:
                ready.append(k)
        chosen = [False] * len(cands)
        while ready:
            i = ready.pop()
            if chosen[i]:
                continue
            chosen[i] = True
            heads = cands[i][3]
            if ANY_HEAD in heads:   # a head of another shape: it could conclude anything
                chosen = [True] * len(cands)
                absent.clear()
                break
            for h in heads:
                if h not in made:
                    made.add(h)
                    for j in waiting.pop(h, ()):
                        missing[j] -= 1
                        if missing[j] == 0:
                            ready.append(j)
        absent.difference_update(made)
        return out + [(g, args) for (args, g, _n, _h), c in zip(cands, chosen) if c]

    def ground_explanations(self) -> None:
        """Explanation mode, switched on after the fact. The shadow rules record which rule instances fired
        (pyrules_why/3); they only read atoms that are already facts and nothing reads what they conclude, so
        they are grounded when an explanation needs them (explain_cone), and change no answer."""
        if not self.explained:
            self.explained = True
            tune_allocator()

    def explain_cone(self, roots) -> set[tuple[str, int]]:
        """Ground the shadow rules an explanation of atoms of these predicates can go through, and return those
        predicates (the cone): from each, the rules that conclude it and could have fired (every predicate of
        their positive body has atoms), and on to the predicates their instances rest on. Only the shadow rules
        of the cone's conclusions are grounded (those of each part instance grounded so far, once), and of those
        only the rules that could have fired: a rule outside it has no instance an explanation of these atoms
        rests on. With PRUNE_SHADOWS off, every shadow
        rule of every part instance is grounded (the reference the cone must agree with)."""
        atoms = self.ctl.symbolic_atoms
        named: dict[tuple[str, int], list[tuple[str, int]]] = {}   # (a view's copies of a predicate are NAME__KEY)
        for name, arity, positive in atoms.signatures:
            if positive:
                named.setdefault((name.split("__", 1)[0], arity), []).append((name, arity))
        present: dict[tuple[str, int], bool] = {}

        def has_atoms(sig) -> bool:
            hit = present.get(sig)
            if hit is None:
                hit = present[sig] = any(any_atom(self.ctl, *s) for s in named.get(sig, ()))
            return hit

        cone: set[tuple[str, int]] = set()
        todo = list(roots)
        while todo:
            sig = todo.pop()
            if sig in cone:
                continue
            cone.add(sig)
            for needed, used in self.kb.deps.get(sig, ()):
                if all(has_atoms(n) for n in needed):
                    todo.extend(used)
        heads = _shadow_split(self.kb)[1]
        todo = [(sub, args) for name, args in self.history for sig, needed, sub in heads.get(name, ())
                if (sig in cone and has_atoms(sig) and all(has_atoms(n) for n in needed)) or not PRUNE_SHADOWS]
        todo = [(sub, args) for sub, args in todo if (sub, tuple(args)) not in self.shadowed]
        if todo:
            t0 = time.perf_counter()
            self._load("shadows", (name for name, _args in todo))
            self.ctl.ground(todo)
            self.absent.clear()
            self.shadowed.update((sub, tuple(args)) for sub, args in todo)
            self.timings["explain"] = self.timings.get("explain", 0.0) + time.perf_counter() - t0
        return cone

    @staticmethod
    def _with_views(part: Part, T: Symbol) -> list:
        """A part instance for moment T and those of the copies of the views it asks (each with its key)."""
        return [(part.name, [T])] + [(view_copy(v, k), [Function(k, [T])]) for v, k in part.views]

    def _state(self, t: int) -> None:
        T = Number(t)
        first, *rest = self.kb.pipeline.states
        self._ground(self._with_views(first, T))   # (it concludes the gates the others are grounded by)
        todo = []
        for part in rest:
            if part.gate is not None and not self.fact(GATE(part.gate, T)):
                continue
            todo += self._with_views(part, T)
        self._ground(todo)

    def _check_parts(self, t: int, kinds: set[str]) -> list:
        T = Number(t)
        todo = []
        for part in self.kb.pipeline.checks:
            if part.kinds and not (kinds & set(part.kinds)):
                continue
            todo += self._with_views(part, T)
        return todo

    def add(self, facts: list[Symbol]) -> None:
        """Facts, added as symbols through clingo's backend: nothing a scenario says is parsed as ASP."""
        with self.ctl.backend() as backend:
            add_facts(backend, facts)
        self.added.update(facts)
        self.absent.clear()

    def fact_parts(self, facts: list[Symbol]) -> list[tuple[str, list]]:
        """Facts as part instances of the grounding call that needs them, rather than through the backend:
        opening clingo's backend costs as much as a grounding call (it prepares a program too, 5-15 ms once
        a timeline has grown), and a moment's facts would open it twice. Each signature has a part of its own,
        `#program pyrules_fact_NAME_N(a1, ..., aN). NAME(a1, ..., aN).`, written from the signature alone; the
        values come in as symbols, as the parameters of the part."""
        out, odd = [], []
        for sym in facts:
            if not (sym.type == SymbolType.Function and sym.positive and _NAME.fullmatch(sym.name)):
                odd.append(sym)   # (no such fact is made today) through the backend, never written into a program
                continue
            n = len(sym.arguments)
            name = f"{FACT_PART}{sym.name}_{n}"
            if name not in self.loaded:
                params = [f"a{i}" for i in range(n)]
                self.ctl.add(name, params, f"{sym.name}({', '.join(params)})." if n else f"{sym.name}.")
                self.loaded.add(name)
            out.append((name, list(sym.arguments)))
            self.added.add(sym)
        if odd:
            self.add(odd)
        return out

    def next_moment(self, facts: list[Symbol], step: int, checked: bool, kind: str | None = None,
                    between=None) -> int:
        """Ground the next moment: an action's (checked, of this kind), or an automatic one (kind read from auto/2).

        `between(game, t)`, when given, is called after the checks of the state before the action are
        grounded and before the transition: the facts it returns (a payment found by search from that state,
        pyrules/game/payment.py) are added to the action's moment."""
        tune_allocator()
        t = self.t + 1
        T = Number(t)
        given = self.fact_parts(facts + [STEP_NO(T, step)])
        # whether a player's action is allowed is decided in the same grounding call as what it does: the
        # checks read only the state before it, and the transition reads their why_not/4
        check = self._check_parts(t - 1, {kind} if kind else set()) if checked else []
        if check and between is not None:
            self._ground(given + check)
            check, given = [], self.fact_parts(between(self, t))
        if not checked:
            kind = self.auto_kind(t - 1)
        events = self.kb.pipeline.event_parts(kind, lambda gate: self.fact(GATE(gate, t - 1)))
        self._ground(given + check + [(name, [T]) for name in events])
        self._state(t)
        self.t = t
        self.moments.append(Moment(t, step, not checked, kind))
        return t

    def auto_kind(self, t: int) -> str | None:
        for kind in ("expire", "sba", "put_triggers", "pass_all", "end_step"):
            if self.fact(AUTO(kind, t)):
                return kind
        return None

    def settle(self, step: int) -> None:
        """Let the game move on by itself until the rules say it has settled."""
        n = 0
        while not self.fact(SETTLED(self.t)):
            n += 1
            if n > MAX_AUTO:
                raise KnowledgeBaseError(f"the game did not settle after {MAX_AUTO} automatic moments (a loop in the rules?)")
            self.next_moment([], step, False)

    # ------------------------------------------------------------------ reading
    def fact(self, sym: Symbol) -> bool:
        a = self.ctl.symbolic_atoms[sym]
        return a is not None and a.is_fact

    def atoms(self, name: str, arity: int) -> list[Symbol]:
        return [a.symbol for a in self.ctl.symbolic_atoms.by_signature(name, arity) if a.is_fact]

    def terms(self, name: str, arity: int, seen: set | None = None) -> list:
        """The same atoms as plain Python terms (pyrules.kb.terms), read in bulk: for answers read by the hundred
        (with `seen`, only those not read into it before)."""
        return read_facts(self.ctl, name, arity, seen)

    def ground_query(self, part: str, t: int, facts: list[Symbol] = ()) -> None:
        """Ground a query part for moment t, with its facts: show, or check (every option of the players asking)."""
        given = self.fact_parts(list(facts)) if facts else []
        T = Number(t)
        if part == "check":
            self._ground(given + self._check_parts(t, {"asking"}))
        elif part == "show":
            more = [(self.kb.pipeline.ask(p).name, [T]) for p in self.query_parts]
            self._ground(given + self._with_views(self.kb.pipeline.show, T) + more)
        else:   # an asked part (rules/pipeline.lp: `%: ask NAME`)
            self._ground(given + self._with_views(self.kb.pipeline.ask(part), T))

    def nonfacts(self) -> list[Symbol]:
        """Atoms the grounder could not decide: none, in a stratified knowledge base."""
        return [a.symbol for a in self.ctl.symbolic_atoms if not a.is_fact]
