"""Grounding and solving: the knowledge base plus a scenario's facts, in one clingo Control per query."""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field

import clingo
from clingo import ast

from .errors import KnowledgeBaseError
from .kb import AGG, WHY, KnowledgeBase, kb



@dataclass
class Answer:
    """The answer set of one query, atoms grouped by predicate name."""

    atoms: dict[str, list[clingo.Symbol]]
    facts: set[clingo.Symbol]
    why: list[tuple[int, clingo.Symbol, tuple, tuple]] = field(default_factory=list)  # label, head, body, negated
    agg: list[tuple[int, clingo.Symbol, tuple[clingo.Symbol, ...]]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    def get(self, name: str) -> list[clingo.Symbol]:
        return self.atoms.get(name, [])


def solve(facts: list[clingo.Symbol], explain: bool = False, parts: tuple[str, ...] = ("base",),
          base: KnowledgeBase | None = None, targets=None) -> Answer:
    """Ground and solve the given program parts of the knowledge base with these facts.

    With explain, the shadow rules are grounded too — only for what the target predicates depend on,
    when targets (a set of (name, arity)) are given."""
    base = base or kb()
    t0 = time.perf_counter()
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none", "--models=2"], logger=lambda code, msg: messages.append(msg), message_limit=5)
    with ast.ProgramBuilder(ctl) as builder:
        for stm in base.statements(parts, explain, targets):
            builder.add(stm)
        if explain:
            ast.parse_string(base.explain_show, builder.add)
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    t1 = time.perf_counter()
    try:
        ctl.ground([(part, []) for part in parts])
        if explain:  # the shadows, once the rules' own atoms are known
            ctl.ground([(f"{part}_why", []) for part in parts])
    except RuntimeError as exc:
        detail = " ".join(" ".join(messages).split()) or str(exc)
        raise KnowledgeBaseError(f"clingo could not ground the knowledge base: {detail}") from None
    t2 = time.perf_counter()
    models: list[list[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)))
    t3 = time.perf_counter()
    if len(models) != 1:
        raise KnowledgeBaseError(f"the knowledge base gave {len(models)} answer sets for one scenario; it must give exactly one")
    atoms: dict[str, list[clingo.Symbol]] = defaultdict(list)
    why, agg = [], []
    for sym in models[0]:
        name = sym.name
        if name == WHY:
            k, head, body = sym.arguments
            pos, neg = [], []
            for b in body.arguments:
                if b.name == "neg":
                    neg.append(b.arguments[0])
                else:
                    pos.append(b)
            why.append((k.number, head, tuple(pos), tuple(neg)))
        elif name == AGG:
            k, head, body = sym.arguments
            agg.append((k.number, head, tuple(body.arguments)))
        else:
            atoms[name].append(sym)
    t4 = time.perf_counter()
    timings = {"build": t1 - t0, "ground": t2 - t1, "solve": t3 - t2, "read": t4 - t3}
    return Answer(dict(atoms), set(facts), why, agg, timings)
