"""The game in time: one clingo Control, grounded one moment at a time (clingo's incremental mode).

Moment 0 is the scenario. A player's action is added as facts for the next moment (occurs/2, choice/4)
and that moment is grounded: check(t-1) (is the action allowed in the state before it?), step(t) (what
it does) and state(t) (what follows). When the rules say the game doesn't stop there (state-based
actions to perform, triggered abilities to put on the stack, a step to move through: auto/2), Python
grounds the next moment with no action, until the rules say the game has settled (settled/1). Python
only sequences the grounding and reads atoms; it never rebuilds a state. The knowledge base is
stratified: every atom is decided by grounding, so no search is needed to read the answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import clingo
from clingo import Function, Number, String, Symbol

from .errors import KnowledgeBaseError
from .kb import KnowledgeBase, kb as load_kb

MAX_AUTO = 40   # automatic moments after one action before the engine gives up (a loop in the rules)


@dataclass
class Moment:
    t: int
    step: int              # the user's action number this moment belongs to (0: the scenario)
    auto: bool             # a moment the game moved through by itself


class Game:
    """One game: the knowledge base grounded over moments 0..t for one scenario."""

    def __init__(self, facts: list[Symbol], *, base: KnowledgeBase | None = None, explain: bool = False,
                 targets=None, parts: tuple[str, ...] = ()):
        self.kb = base or load_kb()
        self.explain = explain
        self.targets = targets
        self.timings: dict[str, float] = {"ground": 0.0}
        t0 = time.perf_counter()
        messages: list[str] = []       # (no reference back to the game: a cycle would keep the Control alive)
        self.messages = messages
        self.ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg), message_limit=5)
        for part, (params, text) in self.kb.parts.items():
            self.ctl.add(part, list(params), text)
            if explain:
                shadow = self.kb.shadow_program(part, targets)
                if shadow:
                    self.ctl.add(f"{part}_why", list(params), shadow)
        self.added: set[Symbol] = set()
        self.add(facts)
        self.timings["build"] = time.perf_counter() - t0
        self.t = 0
        self.moments: list[Moment] = [Moment(0, 0, False)]
        self._ground([("base", [])])
        self._ground([("state", [Number(0)]), ("view", [Number(0)])])

    # ------------------------------------------------------------------ grounding
    def _ground(self, parts: list[tuple[str, list]]) -> None:
        todo = []
        for name, args in parts:
            if name in self.kb.parts:
                todo.append((name, args))
                if self.explain and self.kb.shadows.get(name):
                    todo.append((f"{name}_why", args))
        t0 = time.perf_counter()
        try:
            self.ctl.ground(todo)
        except RuntimeError as exc:
            detail = " ".join(" ".join(self.messages).split()) or str(exc)
            raise KnowledgeBaseError(f"clingo could not ground the knowledge base: {detail}") from None
        self.timings["ground"] += time.perf_counter() - t0

    def add(self, facts: list[Symbol]) -> None:
        """Facts, added as symbols through clingo's backend: nothing a scenario says is parsed as ASP."""
        with self.ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
        if self.explain:
            self.added.update(facts)

    def next_moment(self, facts: list[Symbol], step: int, checked: bool) -> int:
        """Ground the next moment with these facts (an action's, or none for an automatic moment)."""
        t = self.t + 1
        self.add(facts + [Function("step_no", [Number(t), Number(step)])])
        if checked:
            self._check(t - 1)
        self._ground([("step", [Number(t)])])
        self._ground([("state", [Number(t)]), ("view", [Number(t)])])
        self.t = t
        self.moments.append(Moment(t, step, not checked))
        return t

    def settle(self, step: int) -> None:
        """Let the game move on by itself until the rules say it has settled."""
        n = 0
        while not self.fact(Function("settled", [Number(self.t)])):
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

    def at(self, name: str, arity: int, t: int) -> list[Symbol]:
        """The atoms of name/arity whose last argument is moment t."""
        T = Number(t)
        return [s for s in self.atoms(name, arity) if s.arguments[-1] == T]

    def _check(self, t: int) -> None:
        """The options considered at moment t (candidates), then whether each is allowed (check)."""
        T = Number(t)
        self._ground([("candidates", [T]), ("view", [Function("g", [T])])])
        self._ground([("check", [T]), ("view", [Function("c", [T])])])

    def ground_query(self, part: str, t: int, facts: list[Symbol] = ()) -> None:
        """Ground a query part for moment t, with its facts: show, or check (every option of the players asking)."""
        if facts:
            self.add(list(facts))
        if part == "check":
            self._check(t)
        else:
            self._ground([(part, [Number(t)]), ("view", [Function("s", [Number(t)])])])

    def nonfacts(self) -> list[Symbol]:
        """Atoms the grounder could not decide: none, in a stratified knowledge base."""
        return [a.symbol for a in self.ctl.symbolic_atoms if not a.is_fact]
