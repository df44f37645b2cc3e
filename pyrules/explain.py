"""Explanations: trees of labelled rule instances, read back from the shadow atoms of the knowledge base.

In explanation mode every labelled rule instance that fires leaves an atom
pyrules_why(Label, Conclusion, (Body...)), and every element an aggregate counted leaves
pyrules_agg(Label, Conclusion, (Condition...)). A conclusion may have several derivations; the tree
uses the shortest one (least depth, ties broken by label number and then by text), computed bottom-up
from the scenario's facts, so trees are finite, never circular and the same on every run. The leaves
are facts of the scenario (or, for a negated condition, the absence of something).
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, field
from typing import Iterable

from clingo import Symbol, SymbolType

from .kb import KnowledgeBase, Template


@dataclass
class Node:
    """One step of an explanation: a claim, the rule and ruling it rests on, and what it follows from."""

    claim: str
    rule: str | None = None
    ruling: str | None = None
    because: list["Node"] = field(default_factory=list)
    rules: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    atom: str | None = None
    note: str | None = None
    kind: str = "derived"   # derived | fact | absent | group

    def to_json(self) -> dict:
        out = {"claim": self.claim, "rule": self.rule, "ruling": self.ruling,
               "because": [b.to_json() for b in self.because]}
        if self.rules[1:]:
            out["rules"] = list(self.rules)
        if self.rulings[1:]:
            out["rulings"] = list(self.rulings)
        if self.atom is not None:
            out["atom"] = self.atom
        if self.note:
            out["note"] = self.note
        out["kind"] = self.kind
        return out

    def walk(self) -> Iterable["Node"]:
        yield self
        for b in self.because:
            yield from b.walk()


_VOWEL = re.compile(r"^[aeiou]", re.I)


class Renderer:
    """Turns atoms and terms into readable words, using the templates of the knowledge base."""

    def __init__(self, base: KnowledgeBase, names: dict[str, str], players: set[str]):
        self.base = base
        self.names = names
        self.players = players
        counts: dict[str, int] = {}
        for n in names.values():
            counts[n] = counts.get(n, 0) + 1
        self.display = {}
        for oid, n in names.items():
            plain = oid.replace("_", " ").replace("-", " ").casefold()
            if n == oid or (counts[n] == 1 and plain in n.casefold()):
                self.display[oid] = n
            else:
                self.display[oid] = f"{n} ({oid})"

    def term(self, t: Symbol) -> str:
        if t.type == SymbolType.String:
            s = t.string
            return self.display.get(s, s)
        if t.type == SymbolType.Number:
            return str(t.number)
        if t.type == SymbolType.Function:
            if not t.arguments:
                tpl = self._template("term", t)
                if tpl is None:
                    tpl = self._template("reason", t)
                return tpl if tpl is not None else t.name.replace("_", " ")
            tpl = self._template("term", t)
            if tpl is None:
                tpl = self._template("reason", t)
            if tpl is not None:
                return tpl
            if not t.name:
                return ", ".join(self.term(a) for a in t.arguments)
            return f"{t.name.replace('_', ' ')}({', '.join(self.term(a) for a in t.arguments)})"
        return str(t)

    def _fill(self, tpl: Template, args) -> str:
        values = dict(zip(tpl.params, args))

        def sub(m: re.Match) -> str:
            spec = m.group(1)
            article = spec.startswith("a ")
            name = spec[2:] if article else spec
            signed = name.endswith(":+")
            name = name[:-2] if signed else name
            v = values.get(name)
            if v is None:
                return m.group(0)
            if signed and v.type == SymbolType.Number:
                return f"{v.number:+d}"
            text = self.term(v)
            if article:
                text = ("an " if _VOWEL.match(text) else "a ") + text
            return text

        return re.sub(r"\{([^}]+)\}", sub, tpl.text)

    def _template(self, kind: str, atom: Symbol, negated: bool = False) -> str | None:
        for tpl in self.base.templates.get((atom.name, len(atom.arguments)), []):
            if tpl.kind != kind or tpl.negated != negated:
                continue
            if all(not p[:1].islower() or (a.type == SymbolType.Function and a.name == p and not a.arguments)
                   for p, a in zip(tpl.params, atom.arguments)):
                return self._fill(tpl, atom.arguments)
        return None

    def claim(self, atom: Symbol) -> str:
        text = self._template("claim", atom)
        if text is not None:
            return text
        return f"{atom.name.replace('_', ' ')}({', '.join(self.term(a) for a in atom.arguments)})"

    def absent(self, atom: Symbol) -> str:
        text = self._template("claim", atom, negated=True)
        if text is not None:
            return text
        return "it is not the case that " + self.claim(atom).replace("any (any)", "anything")

    def reason(self, atom: Symbol) -> str:
        text = self._template("reason", atom)
        return text if text is not None else self.term(atom)


class Explainer:
    """Builds explanation trees from one answer set computed in explanation mode."""

    def __init__(self, base: KnowledgeBase, answer, renderer: Renderer, leaf_note=None):
        self.base = base
        self.renderer = renderer
        self.facts = answer.facts
        self.leaf_note = leaf_note
        self.derivs: dict[Symbol, list[tuple[int, tuple[Symbol, ...], tuple[Symbol, ...]]]] = {}
        for k, head, pos, neg in answer.why:
            self.derivs.setdefault(head, []).append((k, pos, neg))
        self.agg: dict[tuple[int, Symbol], list[tuple[Symbol, ...]]] = {}
        for k, head, body in answer.agg:
            self.agg.setdefault((k, head), []).append(body)
        self.because_not: dict[Symbol, list[Symbol]] = {}
        for head in self.derivs:
            if head.name == "absent_because" and len(head.arguments) == 2:
                self.because_not.setdefault(head.arguments[0], []).append(head)
        self._memo: dict[Symbol, Node] = {}
        self.level: dict[Symbol, int] = {}
        self.best: dict[Symbol, tuple[int, tuple[Symbol, ...], tuple[Symbol, ...]]] = {}
        self._levels()

    def _levels(self) -> None:
        """Knuth's shortest-derivation algorithm: level = 1 + the deepest body atom, minimised.

        Facts have level 0; ties are broken by label number, then by the answer set's own order, so the
        chosen derivation is the same on every run."""
        facts = self.facts
        level = self.level
        for f in facts:
            level[f] = 0
        users: dict[Symbol, list[int]] = {}
        entries = []
        heap: list[tuple[int, int, int]] = []
        for head, ds in self.derivs.items():
            for k, pos, neg in ds:
                deps = set(pos)
                for elem in self.agg.get((k, head), ()):
                    deps.update(elem)
                i = len(entries)
                waiting = [d for d in deps if d not in facts]
                entries.append((head, k, pos, neg, deps, [len(waiting)]))
                for d in waiting:
                    users.setdefault(d, []).append(i)
                if not waiting:
                    heapq.heappush(heap, (1, k, i))
        while heap:
            depth, _, i = heapq.heappop(heap)
            head = entries[i][0]
            if head in level:
                continue
            level[head] = depth
            self.best[head] = (entries[i][1], entries[i][2], entries[i][3])
            for u in users.get(head, ()):
                e = entries[u]
                e[5][0] -= 1
                if e[5][0] == 0 and e[0] not in level:
                    heapq.heappush(heap, (1 + max((level[d] for d in e[4]), default=0), e[1], u))

    def _hidden(self, atom: Symbol) -> bool:
        return (atom.name, len(atom.arguments)) in self.base.hidden

    def _children(self, atom: Symbol, path: frozenset) -> list[Node]:
        """The nodes an atom's derivation rests on, with bookkeeping atoms replaced by what they rest on."""
        k, pos, neg = self.best[atom]
        out: list[Node] = []
        seen: set[str] = set()

        def add(nodes: list[Node]) -> None:
            for n in nodes:
                key = n.atom or n.claim
                if key not in seen:
                    seen.add(key)
                    out.append(n)

        for b in pos:
            if b not in path:
                add(self._nodes(b, path | {atom}))
        for a in neg:
            if (a.name, len(a.arguments)) in self.base.hidden_absent:
                continue
            add([self.absent_node(a, path | {atom})])
        for elem in self.agg.get((k, atom), []):
            for b in elem:
                if b not in path:
                    add(self._nodes(b, path | {atom}))
        return out

    def absent_node(self, a: Symbol, path: frozenset = frozenset()) -> Node:
        """The absence of an atom; where the knowledge base says why (absent_because/2), with that reason."""
        reasons = [r.arguments[1] for r in self.because_not.get(a, [])]
        kids = [n for r in sorted(reasons, key=str) if r not in path for n in self._nodes(r, path)]
        return Node(self.renderer.absent(a), atom=f"not {a}", kind="absent", because=kids)

    def _nodes(self, atom: Symbol, path: frozenset) -> list[Node]:
        if self._hidden(atom) and atom in self.best:
            return self._children(atom, path)
        if self._hidden(atom) and atom in self.facts:
            return []
        return [self.node(atom, path)]

    def node(self, atom: Symbol, _path: frozenset = frozenset()) -> Node:
        """The explanation tree of an atom (memoised: the shortest derivation is well-founded, never circular)."""
        cached = self._memo.get(atom)
        if cached is None:
            cached = self._memo[atom] = self._build(atom)
        return cached

    def _build(self, atom: Symbol, _path: frozenset = frozenset()) -> Node:
        r = self.renderer
        if atom in self.best:
            k = self.best[atom][0]
            label = self.base.label(k)
            children = self._children(atom, _path)
            return Node(r.claim(atom), label.rule, label.ruling, children, label.rules, label.rulings,
                        str(atom), label.summary or None, "derived")
        if atom in self.facts:
            note = self.leaf_note(atom) if self.leaf_note else None
            return Node(r.claim(atom), atom=str(atom), kind="fact", note=note)
        return Node(r.claim(atom), atom=str(atom), kind="fact", note="not derived")

    def has(self, atom: Symbol) -> bool:
        return atom in self.best or atom in self.facts
