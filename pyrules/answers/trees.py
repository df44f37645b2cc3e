"""Explanations: trees of labelled rule instances, read back from the shadow atoms of the knowledge base.

In explanation mode every labelled rule instance that fires leaves an atom
pyrules_why(Label, Conclusion, (Body...)), and every element an aggregate counted leaves
pyrules_agg(Label, Conclusion, (Condition...)). Only the shadow rules a question can need are grounded: those
of the cone below the predicates it asks about (Explainer.prepare). A conclusion may have several derivations; the tree uses
the shortest one (least depth, ties broken by label number), computed bottom-up from the scenario's
facts, so trees are finite, never circular and the same on every run. Bookkeeping atoms (`%: hide`) are
spliced out; a fact that stayed true from one moment to the next is shown once, from the moment it began.
The root of every answer carries a short summary: the answer and the facts that decided it, with their
rules, in at most three sentences.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field, replace
from typing import Iterable

from clingo import Symbol

from pyrules.kb.compile import KnowledgeBase
from pyrules.kb.interface import ABSENT_BECAUSE, CHOICE, NEG, PYRULES_AGG, PYRULES_WHY, moment_of, subject_of
from pyrules.kb.terms import Term, of_symbol, parse, strings_in
from pyrules.kb.words import Renderer

REASONS = ABSENT_BECAUSE.signature   # why an atom is absent: absent_because(Atom, Reason, T)

TIMED = {"does", "occurs", "event", "ends", "performed_sba", "resolving", "casting", "moves",
         "flips", "converts", "puts_trigger", "triggered"}


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
    summary: str | None = None
    decisive: bool = False
    brief: str | None = None   # how a short answer names this premise (`%: summary`), when it decides answers
    background: bool = False   # a premise of a background predicate (`%: background`): not in short answers

    def to_json(self, _seen: dict[str, int] | None = None) -> dict:
        """The tree as the interface's nested nodes. As in the text rendering, a sub-tree met a second time is
        not repeated: the first time it is given in full with its number ("n"), later it is the same node
        with no children and "see": that number. (A timeline's explanations share most of their sub-trees:
        written out in full, one `show --explain --json` of a five-step timeline came to 135 MB.)"""
        seen = {} if _seen is None else _seen
        key = self.atom or self.claim
        if self.because and key in seen:
            return {"claim": self.claim, "rule": self.rule, "ruling": self.ruling, "because": [],
                    "see": seen[key], "kind": self.kind}
        out = {"claim": self.claim, "rule": self.rule, "ruling": self.ruling}
        if self.because:
            seen[key] = out["n"] = len(seen) + 1
        out["because"] = [b.to_json(seen) for b in self.because]
        if self.summary is not None:
            out = {"summary": self.summary, **out}
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

    def cut(self, depth: int | None) -> "Node":
        """The tree cut at this depth (the root is depth 0)."""
        if depth is None:
            return self
        if depth <= 0:
            return replace(self, because=[])
        return replace(self, because=[c.cut(depth - 1) for c in self.because])


def _term(atom) -> Term:
    """An atom as the term the explainer's tables are keyed by (a clingo Symbol is converted)."""
    return atom if isinstance(atom, Term) else of_symbol(atom)


class _Shortest:
    """Each derived atom's shortest derivation (rule label, positive body, negative body), worked out when an
    atom is first looked up (Explainer._levels)."""

    __slots__ = ("_ex",)

    def __init__(self, explainer: "Explainer"):
        self._ex = explainer

    def __contains__(self, atom) -> bool:
        self._ex._levels(atom)
        return atom in self._ex._best

    def __getitem__(self, atom):
        self._ex._levels(atom)
        return self._ex._best[atom]


class Explainer:
    """Builds explanation trees from one game grounded in explanation mode."""
    def __init__(self, base: KnowledgeBase, game, renderer: Renderer, facts: set[Symbol], step_of: dict[int, int]):
        self.base = base
        self.renderer = renderer
        # the atoms are read as terms (pyrules.kb.terms): one object per clingo symbol, so that the dictionaries
        # below hash and compare in Python rather than through a call into clingo for each lookup
        self.facts = {of_symbol(f) for f in facts}
        self.step_of = step_of
        self.game = game
        self.derivs: dict[Symbol, list[tuple[int, tuple[Symbol, ...], tuple[Symbol, ...]]]] = {}
        self.agg: dict[tuple[int, Symbol], list[tuple[Symbol, ...]]] = {}
        self.because_not: dict[Symbol, list[Symbol]] = {}
        self._read_why: set = set()   # the pyrules_why/3 and pyrules_agg/3 atoms read (Game.terms)
        self._read_agg: set = set()
        self._covered: set[tuple[str, int]] = set()   # the predicates whose cone's shadow rules are grounded
        self._memo: dict[Symbol, Node] = {}
        self.level: dict[Symbol, int] = dict.fromkeys(self.facts, 0)
        self._seen: set[Symbol] = set()   # the atoms whose cone _levels has gone through
        self._best: dict[Symbol, tuple[int, tuple[Symbol, ...], tuple[Symbol, ...]]] = {}
        self.best = _Shortest(self)
        self.frame = self._frame_label()
        self.start = self._start_label()

    def _frame_label(self) -> int | None:
        """The label of the frame axiom (holds(F, t) :- holds(F, t-1), not ends(F, t))."""
        for lab in self.base.labels:
            if lab.file.endswith("timeline/inertia.lp") and "stays true" in lab.summary:
                return lab.id
        return None

    def _start_label(self) -> int | None:
        """The label of holds(F, t) :- starts(F, t): a fluent is explained by what started it."""
        for lab in self.base.labels:
            if lab.file.endswith("timeline/inertia.lp") and "starts is true" in lab.summary:
                return lab.id
        return None

    def prepare(self, sigs) -> None:
        """Make sure the derivations of atoms of these predicates, of every predicate below them, and of why
        atoms are absent (absent_because/3) are read: the game grounds their shadow rules (Game.explain_cone),
        in one grounding call — each call costs clingo a preparation of the whole program, so a question
        names every predicate its answer reads, up front."""
        want = {s for s in sigs if s not in self._covered}
        if not want:
            return
        want.add(REASONS)
        self._covered |= self.game.explain_cone(sorted(want))
        self._read()

    def _cover(self, atom: Symbol) -> None:
        self.prepare([(atom.name.split("__", 1)[0], len(atom.arguments))])

    def _read(self) -> None:
        """The derivations (pyrules_why/3) and aggregate elements (pyrules_agg/3) grounded since the last read,
        each head's in the order clingo has them."""
        for r in PYRULES_WHY.read_terms(self.game, seen=self._read_why):
            head = r.head
            pos, neg = [], []
            for b in r.body.arguments:
                if NEG.is_(b):
                    neg.append(NEG.of(b).atom)
                else:
                    pos.append(b)
            self.derivs.setdefault(head, []).append((r.label, tuple(pos), tuple(neg)))
            if (head.name, len(head.arguments)) == REASONS:
                self.because_not.setdefault(ABSENT_BECAUSE.of(head).absent, []).append(head)
        for r in PYRULES_AGG.read_terms(self.game, seen=self._read_agg):
            self.agg.setdefault((r.label, r.head), []).append(tuple(r.body.arguments))

    def _reasons_read(self) -> dict[Symbol, list[Symbol]]:
        """Why atoms are absent (absent_because/3 derivations), all of them read."""
        self.prepare([REASONS])
        return self.because_not

    def _levels(self, root: Symbol) -> None:
        """Knuth's shortest-derivation algorithm (level = 1 + the deepest body atom, minimised), run on demand
        over the atoms an asked atom rests on (its cone: every derivation of every atom below it), not over the
        whole game: an atom's level depends only on the atoms below it, and derivations are tried in the same
        order (depth, rule, place among the head's derivations) whichever atom was asked first, so the answer is the same.
        A case atom (`%: case`) adds no level: it only says which rule a derivation cites."""
        level, facts, seen = self.level, self.facts, self._seen
        if root in level or root in seen:
            return
        self._cover(root)
        cone, todo = [], [root]
        while todo:
            a = todo.pop()
            if a in seen or a in facts:
                continue
            seen.add(a)
            cone.append(a)
            for k, pos, _neg in self.derivs.get(a, ()):
                todo.extend(pos)
                for elem in self.agg.get((k, a), ()):
                    todo.extend(elem)
        cases = self.base.cases   # a case atom (`%: case`) is no step: it says which rule's label a step cites
        users: dict[Symbol, list[int]] = {}
        entries = []
        heap: list[tuple[int, int, int, int]] = []   # (depth, rule, place among the head's derivations, entry)
        for head in cone:
            for j, (k, pos, neg) in enumerate(self.derivs.get(head, ())):
                deps = set(pos)
                for elem in self.agg.get((k, head), ()):
                    deps.update(elem)
                waiting = [d for d in deps if d not in level]
                entries.append((head, k, pos, neg, deps, [len(waiting)], j))
                for d in waiting:
                    users.setdefault(d, []).append(len(entries) - 1)
                if not waiting:   # (its premises are facts, or atoms an earlier question already placed)
                    step = 0 if (head.name, len(head.arguments)) in cases else 1
                    heapq.heappush(heap, (step + max((level[d] for d in deps), default=0), k, j, len(entries) - 1))
        while heap:
            depth, _, _, i = heapq.heappop(heap)
            head = entries[i][0]
            if head in level:
                continue
            level[head] = depth
            self._best[head] = (entries[i][1], entries[i][2], entries[i][3])
            for u in users.get(head, ()):
                e = entries[u]
                e[5][0] -= 1
                if e[5][0] == 0 and e[0] not in level:
                    step = 0 if (e[0].name, len(e[0].arguments)) in cases else 1
                    heapq.heappush(heap, (step + max((level[d] for d in e[4]), default=0), e[1], e[6], u))

    # ------------------------------------------------------------------ trees
    def _hidden(self, atom: Symbol) -> bool:
        return (atom.name, len(atom.arguments)) in self.base.hidden

    def _engine(self, atom: Symbol) -> bool:
        """Whether an atom's derivation is by a rule of the engine's own (`% ENGINE —`): an explanation splices
        it out like a bookkeeping atom, so no explanation cites such a rule."""
        return atom in self.best and self.base.label(self.best[atom][0]).engine

    def _origin(self, atom: Symbol) -> Symbol:
        """A fluent kept by the frame axiom is explained from the moment it began."""
        seen = 0
        while atom in self.best and self.best[atom][0] == self.frame and seen < 10000:
            prev = next((b for b in self.best[atom][1] if b.name == "holds"), None)
            if prev is None:
                break
            atom, seen = prev, seen + 1
        if atom in self.best and self.best[atom][0] == self.start:
            began = next((b for b in self.best[atom][1] if b.name == "starts"), None)
            if began is not None:
                return began
        return atom

    def _children(self, atom: Symbol, path: frozenset) -> list[Node]:
        """The nodes an atom's derivation rests on, with bookkeeping atoms replaced by what they rest on."""
        k, pos, neg = self.best[atom]
        out: list[Node] = []
        seen: set[str] = set()

        def add(nodes: list[Node]) -> None:
            for n in nodes:
                key = n.atom or n.claim
                if key not in seen and n.claim not in seen:
                    seen.add(key)
                    seen.add(n.claim)
                    out.append(n)

        for b in pos:
            if b not in path:
                add(self._nodes(b, path | {atom}))
        for a in neg:
            # a bookkeeping absence is left out, unless the knowledge base says why it is absent
            if ((a.name, len(a.arguments)) in self.base.hidden_absent or self._hidden(a)) and a not in self._reasons_read():
                continue
            add([self.absent_node(a, path | {atom})])
        for elem in self.agg.get((k, atom), []):
            for b in elem:
                if b not in path:
                    add(self._nodes(b, path | {atom}))
        out.sort(key=weight)
        return out

    def absent_node(self, a: Symbol, path: frozenset = frozenset()) -> Node:
        """The absence of an atom; where the knowledge base says why (absent_because/3), with that reason."""
        a = _term(a)
        reasons = [ABSENT_BECAUSE.of(r).reason for r in self._reasons_read().get(a, [])]
        kids = [n for r in sorted(reasons, key=str) if r not in path for n in self._nodes(r, path)]
        label = self._defining_label(a)
        if label is not None and label.engine:
            label = None
        return Node(self.renderer.absent(a), label.rule if label else None, None, because=kids,
                    rules=label.rules[:1] if label else (), atom=f"not {a}", kind="absent",
                    brief=self.renderer.summary(a, negated=True))

    def _defining_label(self, a: Symbol):
        """The first rule that would conclude an atom of this predicate: what its absence is measured by."""
        k = self.base.defining_labels().get((a.name, len(a.arguments)))
        return self.base.label(k) if k is not None else None

    def _nodes(self, atom: Symbol, path: frozenset) -> list[Node]:
        """The nodes a premise stands for (a bookkeeping atom: what it rests on); a background premise's are
        marked so (`%: background`)."""
        background = (atom.name, len(atom.arguments)) in self.base.background
        if atom.name == "holds":
            atom = self._origin(atom)
        if (self._hidden(atom) or self._engine(atom)) and atom in self.best:
            nodes = self._children(atom, path)
        elif self._hidden(atom) and atom in self.facts:
            nodes = []
        else:
            nodes = [self.node(atom, path)]
        return [replace(n, background=True) for n in nodes] if background else nodes

    def node(self, atom: Symbol, _path: frozenset = frozenset()) -> Node:
        """The explanation tree of an atom (memoised)."""
        atom = _term(atom)
        if atom.name == "holds":
            atom = self._origin(atom)
        cached = self._memo.get(atom)
        if cached is None:
            cached = self._memo[atom] = self._build(atom, _path)
        return cached

    def when(self, t: int) -> str:
        """A moment in the words of the interface: the scenario's state, or the state after step N."""
        step = self.step_of.get(t, 0)
        return "in the scenario" if step == 0 else f"after step {step}"

    def claim(self, atom: Symbol) -> str:
        text = self.renderer.claim(atom)
        t = moment_of(atom)
        if t is None:
            return text
        if atom.name in TIMED and self.step_of.get(t):
            text += f" (step {self.step_of[t]})"
        elif atom.name == "holds" and self.step_of.get(t) and atom not in self.facts:
            text += f" ({self.when(t)})"
        elif atom.name == "starts" and self.step_of.get(t):
            text += f" (since step {self.step_of[t]})"
        return text

    def _build(self, atom: Symbol, _path: frozenset = frozenset()) -> Node:
        if atom in self.best:
            k = self.best[atom][0]
            label = self.base.label(k)
            claim = self.claim(atom)
            children, note = [], label.summary or None
            for c in self._children(atom, _path):
                if c.kind == "fact" and not c.because and c.claim == claim:
                    note = c.note   # the fact it restates: say where it comes from instead
                else:
                    children.append(c)
            return Node(claim, label.rule, label.ruling, children, label.rules, label.rulings,
                        str(atom), note, "derived", brief=self.renderer.summary(atom))
        if atom in self.facts:
            return Node(self.claim(atom), atom=str(atom), kind="fact", note=self._fact_note(atom),
                        brief=self.renderer.summary(atom))
        return Node(self.claim(atom), atom=str(atom), kind="fact", note="not derived")

    def _fact_note(self, atom: Symbol) -> str:
        t = moment_of(atom)
        if atom.name == "holds":
            return "stated by the scenario" if not self.step_of.get(t) else f"{self.when(t)}, as the timeline states"
        if atom.name in ("occurs", "asking") and t is not None and self.step_of.get(t):
            return f"{self.when(t)}: stated by the timeline" if atom.name == "occurs" else f"asked {self.when(t)}"
        if CHOICE.signature == (atom.name, len(atom.arguments)):
            return f"{self.when(CHOICE.of(atom).t)}: chosen in the timeline"
        if atom.name in ("occurs", "choice", "asking"):
            return "stated by the timeline"
        return "printed on the card" if atom.name.startswith(("face", "card", "layout", "keyword", "cost", "effect", "target", "trigger", "filter", "scope", "static", "adds_", "sets_", "grants", "mod_pt", "restriction", "chapter", "produces")) else "a fact"

    def has(self, atom: Symbol) -> bool:
        atom = _term(atom)
        return atom in self.best or atom in self.facts


# ------------------------------------------------------------------------------------------------ summaries

def weight(n: Node) -> tuple:
    """The order of a node's premises: what decides first (the premises the knowledge base names in short
    answers, then those with such premises just below, then those resting on a ruling), the routine ones
    after (derived, then facts, absences last)."""
    return (0 if n.decisive else 1, 0 if n.brief else 1 if _briefs_below(n) else 2, 0 if n.rulings else 1,
            {"derived": 0, "group": 0, "fact": 1, "absent": 2}.get(n.kind, 1))


def _briefs_below(n: Node, depth: int = 2) -> bool:
    return depth > 0 and any(c.brief or _briefs_below(c, depth - 1) for c in n.because)


def _same_kind(n: Node, chosen: list[Node]) -> bool:
    """Whether a premise states the same kind of fact about the same thing as one already chosen (its earlier
    value, say: "it was put front face up" and, deeper, "it was put back face up" before a convert)."""
    def kind(node: Node):

        if not node.atom or node.atom.startswith("not "):
            return None
        try:
            t = parse(node.atom)
        except ValueError:
            return None
        subject = subject_of(t)
        return (t.name, str(subject) if subject is not None else "")

    k = kind(n)
    return k is not None and any(kind(o) == k for o in chosen)


def _named(atom: str | None) -> set[str]:
    """The ids and names (strings) an atom names ("not ..." for an absence)."""
    if not atom:
        return set()
    try:
        return strings_in([parse(atom[4:] if atom.startswith("not ") else atom)])
    except ValueError:
        return set()


def _asked(root: Node) -> set[str]:
    """What an answer is about: the ids its root names (a group's: those its premises name)."""
    return _named(root.atom) | {s for c in (root.because if root.kind == "group" else []) for s in _named(c.atom)}


def _about(n: Node, asked: set[str], players: frozenset[str]) -> bool:
    """Whether a premise speaks of what the answer is about: a short answer's words (`%: summary`) call the
    premise's object "it", which must be the object asked about, not another in the tree below it (the spell
    that destroyed it, moving onto the stack). A premise naming only players ("it is not alice's turn") or
    nothing is about the game, and may decide any answer."""
    named = _named(n.atom) - players
    return not asked or not named or bool(named & asked)


def deciding(root: Node, limit: int = 3, max_depth: int = 6, players: frozenset[str] = frozenset()) -> list[Node]:
    """The premises that decide an answer, most decisive first: for a negative answer its reasons; else,
    breadth first through the tree, the nodes the knowledge base names in short answers (`%: summary`), leaving
    out background premises and what they rest on (`%: background`: that an object exists, or where it is, is
    what its characteristics are read in, not why they are what they are), and premises about other objects
    than the one asked about (the short answer's words call their object "it")."""
    reasons = [c for c in root.because if c.decisive]
    if reasons:
        return reasons[:limit]
    asked = _asked(root)
    out: list[Node] = []
    seen: set[str] = set()
    level, depth = list(root.because), 1
    while level and len(out) < limit and depth <= max_depth:
        nxt = []
        for n in level:
            key = n.atom or n.claim
            if key in seen or n.background:
                continue
            seen.add(key)
            if (n.brief and n.brief not in {o.brief for o in out} and len(out) < limit and not _same_kind(n, out)
                    and _about(n, asked, players)):
                out.append(n)
            nxt.extend(n.because)
        level, depth = nxt, depth + 1
    return out


def summarize(root: Node, answer: str | None = None, tail: str | None = None,
              players: frozenset[str] = frozenset()) -> str:
    """A judge's short answer, in at most three sentences: the answer with the facts that decided it, each
    with its rule (and the ruling behind it, when one applies); then, for an action, what it costs."""
    premises = deciding(root, players=players)
    head = (answer or root.claim).strip()
    if head.endswith(".") and not head.endswith(". . ."):   # (a name may end in an ellipsis: "Welcome to . . .")
        head = head[:-1]
    head = head[0].upper() + head[1:]
    parts = []
    for n in premises:
        c = _cite(n)
        parts.append((n.brief or n.claim) + (f" ({c})" if c else ""))
    lead = head.split(": ", 1)[1] if head.startswith(("Yes: ", "No: ")) else head
    if root.rule and root.kind == "derived" and premises and not premises[0].rule:
        head += f" ({_cite(root)})"
    if parts:
        joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        text = head + (" — " if ":" in lead else ": ") + joined
    else:
        text = head
    if "CR " not in text:
        cite = _cite(root) or next((_cite(n) for n in root.walk() if n.rule), "")
        if cite:
            text += f" ({cite})"
    if not text.endswith("."):
        text += "."
    if tail:
        text += " " + _sentence(tail)
    return text


def _cite(n: Node) -> str:
    refs = []
    if n.rule:
        refs.append(n.rule)
    if n.ruling:
        refs.append(n.ruling)
    return ", ".join(refs)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# ------------------------------------------------------------------------------------------------ relevance

def cite_only_what_applies(root: Node, situated: set[str], about: dict[str, set[str]], objects) -> Node:
    """The tree with each node citing only the rulings about its situation: a ruling the rules tie to situations
    (ruling_situation/2, rules/output/rulings.lp) is cited where the rules say it is about one of the node's objects
    (objects(node) -> ids; about: ruling -> the ids it is about, ruling_about/3); any other ruling everywhere.
    Nodes are shared between trees, so the tree is copied (shared sub-trees stay shared)."""
    done: dict[int, Node] = {}

    def visit(n: Node) -> Node:
        got = done.get(id(n))
        if got is not None:
            return got
        keep = n.rulings
        if n.rulings:
            ids = objects(n)
            keep = tuple(r for r in n.rulings if r not in situated or about.get(r, set()) & ids)
        new = replace(n, ruling=keep[0] if keep else None, because=[], rulings=keep)
        done[id(n)] = new
        new.because = [visit(c) for c in n.because]
        return new

    return visit(root)
