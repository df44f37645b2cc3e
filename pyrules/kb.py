"""The knowledge base: rules/*.lp loaded and parsed once per process.

Every rule in rules/ has a label: the comment right above it (or above the block of facts it belongs to),
naming the Comprehensive Rules it encodes and the ruling ids it rests on:

    % CR 702.161a; BOT-05 — living metal makes it an artifact creature during its controller's turn

Labels are parsed with clingo.ast (comments are AST nodes since clingo 5.7) and are what explanations are
made of: in explanation mode every labelled rule gets a shadow rule that records, for each instance that
fires, the label, the conclusion and the body atoms it used (pyrules_why/3), plus one shadow rule per
aggregate element (pyrules_agg/3) so that sums and counts can say what they counted.

Lines of the form `%: claim pred(A,B) = text with {A} and {B}` say how to read an atom as a sentence
(`%: claim not pred(...)` how to read its absence, `%: term f(X)` how to name a term, `%: reason r(X)`
how to word a reason something is not allowed). A lower-case parameter is a constant the argument must be.
`%: hide pred/N` marks bookkeeping atoms whose explanation nodes are replaced by their children, and
`%: hide not pred/N` absences too obvious to list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

import yaml
from clingo import Function, Number, ast

from .errors import KnowledgeBaseError

WHY = "pyrules_why"
AGG = "pyrules_agg"

# Prohibitions are first-class atoms with reasons: every atom of these predicates gets one more argument,
# the label of the rule that derived it, so that answers can cite the CR rule and ruling of each reason.
CITED = {("why_not", 2), ("action_why_not", 1)}

_RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?(?:\([a-z]\))?)?")
_RULING = re.compile(r"\b(?:BOT|REX)-\d{2}\b")
_HIDE = re.compile(r"^%:\s*hide\s+(not\s+)?([a-z_][A-Za-z0-9_]*)/(\d+)\s*$")
_TEMPLATE = re.compile(r"^%:\s*(claim|reason|term)\s+(not\s+)?([a-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?\s*=\s*(.+?)\s*$")


@dataclass(frozen=True)
class Label:
    id: int
    file: str
    line: int
    text: str
    rules: tuple[str, ...]      # "CR 702.161a", ...
    rulings: tuple[str, ...]    # "BOT-05", ...
    summary: str                # what the rule says, after the dash

    @property
    def rule(self) -> str | None:
        return self.rules[0] if self.rules else None

    @property
    def ruling(self) -> str | None:
        return self.rulings[0] if self.rulings else None


def parse_label(text: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """'% CR 613.1d, 702.161a; BOT-05 — text' -> (('CR 613.1d', 'CR 702.161a'), ('BOT-05',), 'text')."""
    body = " ".join(line.lstrip("%").strip() for line in text.splitlines())
    refs, sep, summary = body.partition("—")
    if not sep:
        refs, summary = body, ""
    rules: list[str] = []
    rulings = tuple(_RULING.findall(refs))
    for piece in refs.split(";"):
        piece = piece.strip()
        if piece.startswith("CR "):
            rules += [f"CR {n}" for n in _RULE_NUMBER.findall(piece[3:])]
    return tuple(rules), rulings, summary.strip()


@dataclass(frozen=True)
class Template:
    kind: str                  # claim | reason | term
    negated: bool              # a claim about the absence of the atom ("not ...")
    name: str
    params: tuple[str, ...]    # variable names, or constants an argument must equal
    text: str


@dataclass
class KnowledgeBase:
    """The parsed rules, by program part: `base` (what objects are) and `casting` (what may be cast).

    A query grounds only the parts it needs; explanation mode adds each part's shadow rules."""

    files: list[str]
    labels: list[Label]
    plain: dict[str, list[ast.AST]]      # part -> the rules as written (after the #program statement)
    shadows: dict[str, list[ast.AST]]    # part -> the same rules in explanation mode (see _shadows)
    templates: dict[tuple[str, int], list[Template]]
    rulings: dict[str, dict]
    rulings_source: str
    unlabelled: list[tuple[str, int, str]] = field(default_factory=list)
    programs: dict[str, ast.AST] = field(default_factory=dict)
    stack_abilities: dict[str, set[str]] = field(default_factory=dict)   # card -> abilities that can be on the stack
    hidden: set[tuple[str, int]] = field(default_factory=set)            # bookkeeping atoms spliced out of trees
    hidden_absent: set[tuple[str, int]] = field(default_factory=set)     # absences too obvious to show
    deps: dict = field(default_factory=dict)           # predicate -> the predicates its rules' bodies use
    shadow_heads: dict = field(default_factory=dict)   # part -> the head predicate of each shadow rule
    labelled: dict = field(default_factory=dict)       # part -> (rule, label number); shadows are made from these

    def _explanation_mode(self) -> None:
        """Make the shadow rules and the dependency graph, once, the first time an explanation is asked for."""
        if self.shadows or not self.labelled:
            return
        for part, rules in self.labelled.items():
            for stm, k in rules:
                head_sig = _signature(stm.head)
                self.deps.setdefault(head_sig, set()).update(_body_signatures(stm))
                for shadow in _shadows(stm, k):
                    self.shadows.setdefault(part, []).append(shadow)
                    self.shadow_heads.setdefault(part, []).append(head_sig)

    def cone(self, targets) -> set[tuple[str, int]]:
        """The predicates a set of predicates depends on (their rules' bodies, transitively)."""
        self._explanation_mode()
        todo = list(targets) + [("absent_because", 2)]
        seen: set[tuple[str, int]] = set()
        while todo:
            sig = todo.pop()
            if sig in seen:
                continue
            seen.add(sig)
            todo.extend(self.deps.get(sig, ()))
        return seen

    def label(self, k: int) -> Label:
        return self.labels[k]

    def statements(self, parts: tuple[str, ...] = ("base",), explain: bool = False, targets=None):
        """The statements to add to a Control for these parts (each part after its #program statement);
        with explain, each part's shadows follow in a part of their own, `<part>_why` — only those of the
        rules the target predicates depend on, when targets are given."""
        for part in parts:
            yield self.programs[part]
            yield from self.plain.get(part, ())
        if explain:
            self._explanation_mode()
            cone = self.cone(targets) if targets is not None else None
            for part in parts:
                yield self.why_programs[part]
                for shadow, head in zip(self.shadows.get(part, ()), self.shadow_heads.get(part, ())):
                    if cone is None or head in cone:
                        yield shadow

    @property
    def why_programs(self) -> dict[str, ast.AST]:
        if not hasattr(self, "_why_programs"):
            self._why_programs = {p: ast.Program(stm.location, f"{p}_why", []) for p, stm in self.programs.items()}
        return self._why_programs

    @property
    def explain_show(self) -> str:
        """#show statements for the atoms explanation mode records."""
        return f"#show {WHY}/3. #show {AGG}/3."

    def size(self) -> int:
        return sum(len(v) for v in self.plain.values())


def rule_files() -> list[tuple[str, str]]:
    """(name, text) of every .lp file of the knowledge base, in a fixed order."""
    root = resources.files("pyrules.rules")
    out = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lp"):
            out.append((entry.name, entry.read_text(encoding="utf-8")))
    cards = root.joinpath("cards")
    for entry in sorted(cards.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lp"):
            out.append((f"cards/{entry.name}", entry.read_text(encoding="utf-8")))
    return out


def _label_lines(lines: list[str], rule_line: int) -> str | None:
    """The label of the rule starting on line rule_line (1-based): the comment lines right above its block.

    A block is a run of non-blank lines; the label is the run of '% ' comment lines found going up from
    the rule before a blank line (rules and facts in between belong to the same block and share it).
    """
    i = rule_line - 2
    while i >= 0 and lines[i].strip():
        line = lines[i].lstrip()
        if line.startswith("% ") or line == "%":
            j = i
            while j - 1 >= 0 and lines[j - 1].lstrip().startswith("% "):
                j -= 1
            return "\n".join(x.strip() for x in lines[j:i + 1])
        if line.startswith("%"):
            return None  # a header (%%%) or a template (%:) is not a label
        i -= 1
    return None


class _Vars(ast.Transformer):
    def __init__(self):
        self.names: set[str] = set()

    def visit_Variable(self, node):
        self.names.add(node.name)
        return node


def _vars(nodes) -> set[str]:
    v = _Vars()
    for n in nodes:
        v(n)
    return v.names


class _Rename(ast.Transformer):
    def __init__(self, names: set[str], suffix: str):
        self.names, self.suffix = names, suffix

    def visit_Variable(self, node):
        if node.name in self.names:
            return ast.Variable(node.location, node.name + self.suffix)
        return node


class _NameAnonymous(ast.Transformer):
    """Give every '_' a fresh name, so that the atom it is in can be recorded in a shadow head."""

    def __init__(self):
        self.n = 0

    def visit_Variable(self, node):
        if node.name == "_":
            self.n += 1
            return ast.Variable(node.location, f"PyrulesAnon{self.n}")
        return node


class _AnyForAnonymous(ast.Transformer):
    """In a negative literal, '_' means 'any': record it as the constant any."""

    def visit_Variable(self, node):
        if node.name == "_":
            return ast.SymbolicTerm(node.location, _ANY)
        return node


_ANY = Function("any")


class _Cite(ast.Transformer):
    """Append the label number to heads of cited predicates, and an anonymous argument to their uses."""

    def __init__(self, label: int | None):
        self.label = label
        self.in_head = False

    def visit_Rule(self, node):
        self.in_head = True
        head = self(node.head)
        self.in_head = False
        body = [self(b) for b in node.body]
        return ast.Rule(node.location, head, body)

    def visit_SymbolicAtom(self, node):
        t = node.symbol
        if t.ast_type == ast.ASTType.Function and (t.name, len(t.arguments)) in CITED:
            extra = (ast.SymbolicTerm(t.location, Number(self.label)) if self.in_head and self.label is not None
                     else ast.Variable(t.location, "_"))
            return ast.SymbolicAtom(ast.Function(t.location, t.name, list(t.arguments) + [extra], t.external))
        return node


def _fn(loc, name: str, args: list) -> ast.AST:
    return ast.Function(loc, name, args, 0)


def _tuple(loc, args: list) -> ast.AST:
    return ast.Function(loc, "", args, 0)


def _shadows(rule: ast.AST, k: int) -> list[ast.AST]:
    """The shadow rules of labelled rule k: they record which instances of it fire.

    `H :- Body.` gets `pyrules_why(k, H, (B1, ..., Bn)) :- Body.` (positive body atoms, and neg(A) for
    `not A`); for each aggregate element a rule records what the aggregate counted (pyrules_agg/3). The
    shadows of a part are grounded after the part itself (multi-shot grounding), when its atoms are known."""
    head = rule.head
    if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom:
        raise KnowledgeBaseError(f"rule at {rule.location.begin.filename}:{rule.location.begin.line} has a head "
                                 "pyrules can't explain (only plain atoms; the knowledge base is stratified)")
    loc = rule.location
    namer = _NameAnonymous()
    body = []
    for lit in rule.body:
        if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            lit = namer(lit)
        body.append(lit)
    recorded = []
    aggregates = []
    for lit in body:
        if lit.ast_type != ast.ASTType.Literal:
            continue
        atom = lit.atom
        if atom.ast_type == ast.ASTType.SymbolicAtom:
            if lit.sign == ast.Sign.NoSign:
                recorded.append(atom.symbol)
            elif lit.sign == ast.Sign.Negation:
                recorded.append(_fn(loc, "neg", [_AnyForAnonymous()(atom.symbol)]))
        elif atom.ast_type == ast.ASTType.BodyAggregate:
            aggregates.append(lit)
    head_term = head.atom.symbol
    number = ast.SymbolicTerm(loc, Number(k))

    def rule_with(head_name: str, terms: list, extra: list) -> ast.AST:
        atom = ast.SymbolicAtom(_fn(loc, head_name, [number, head_term, _tuple(loc, terms)]))
        return ast.Rule(loc, ast.Literal(loc, ast.Sign.NoSign, atom), body + extra)

    out = [rule_with(WHY, recorded, [])]
    for n, lit in enumerate(aggregates):
        outside = _vars([rule.head] + [b for b in body if b is not lit])
        agg = lit.atom
        outside |= _vars([g for g in (agg.left_guard, agg.right_guard) if g is not None])
        for elem in agg.elements:
            local = _vars(elem.terms) | _vars(elem.condition)
            local -= outside
            rename = _Rename(local, f"PyrulesAgg{n}")
            cond = [rename(c) for c in elem.condition]
            terms = [c.atom.symbol for c in cond
                     if c.ast_type == ast.ASTType.Literal and c.sign == ast.Sign.NoSign
                     and c.atom.ast_type == ast.ASTType.SymbolicAtom]
            out.append(rule_with(AGG, terms, cond))
    return out


def _parse_templates(lines: list[str], templates: dict, hidden: set, hidden_absent: set) -> None:
    for line in lines:
        h = _HIDE.match(line.strip())
        if h:
            (hidden_absent if h[1] else hidden).add((h[2], int(h[3])))
            continue
        m = _TEMPLATE.match(line.strip())
        if not m:
            continue
        kind, negated, name, params, text = m.groups()
        params_t = tuple(p.strip() for p in params.split(",")) if params else ()
        if (name, len(params_t)) in CITED:
            params_t += ("PyrulesLabel",)
        templates.setdefault((name, len(params_t)), []).append(Template(kind, bool(negated), name, params_t, text))


def load_kb() -> KnowledgeBase:
    labels: list[Label] = []
    plain: dict[str, list[ast.AST]] = {}
    programs: dict[str, ast.AST] = {}
    unlabelled: list[tuple[str, int, str]] = []
    templates: dict = {}
    stack_abilities: dict[str, set[str]] = {}
    labelled: dict[str, list[tuple[ast.AST, int]]] = {}
    hidden: set = set()
    hidden_absent: set = set()
    files = []
    label_ids: dict[tuple[str, str], int] = {}
    for name, text in rule_files():
        files.append(name)
        lines = text.splitlines()
        _parse_templates(lines, templates, hidden, hidden_absent)
        statements: list[ast.AST] = []
        ast.parse_string(text, statements.append)
        part = "base"
        for stm in statements:
            if stm.ast_type == ast.ASTType.Comment:
                continue
            if stm.ast_type == ast.ASTType.Program:
                part = stm.name
                programs.setdefault(part, stm)
                continue
            if stm.ast_type != ast.ASTType.Rule:
                plain.setdefault(part, []).append(stm)
                continue
            line = stm.location.begin.line
            label_text = _label_lines(lines, line)
            rules, rulings, summary = parse_label(label_text) if label_text else ((), (), "")
            if not rules:
                unlabelled.append((name, line, str(stm)))
                plain.setdefault(part, []).append(_Cite(None)(stm))
                continue
            key = (name, label_text)
            if key not in label_ids:
                label_ids[key] = len(labels)
                labels.append(Label(len(labels), name, line, label_text, rules, rulings, summary))
            source = "\n".join(lines[line - 1:stm.location.end.line])
            if "why_not" in source:  # only prohibitions get their label as an argument (CITED)
                stm = _Cite(label_ids[key])(stm)
            if not stm.body:
                _note_ability(stm, stack_abilities)
            plain.setdefault(part, []).append(stm)
            labelled.setdefault(part, []).append((stm, label_ids[key]))
    data = yaml.safe_load(resources.files("pyrules.data").joinpath("rulings.yaml").read_text(encoding="utf-8"))
    rulings = {r["id"]: r for r in data["rulings"]}
    return KnowledgeBase(files, labels, plain, {}, templates, rulings, data.get("source", ""), unlabelled,
                         programs, stack_abilities, hidden, hidden_absent, {}, {}, labelled)


def _signature(node: ast.AST) -> tuple[str, int]:
    atom = node.atom.symbol
    if atom.ast_type == ast.ASTType.Function:
        return (atom.name, len(atom.arguments))
    return (atom.symbol.name, len(atom.symbol.arguments))


class _Uses(ast.Transformer):
    def __init__(self):
        self.sigs: set[tuple[str, int]] = set()

    def visit_SymbolicAtom(self, node):
        t = node.symbol
        if t.ast_type == ast.ASTType.Function:
            self.sigs.add((t.name, len(t.arguments)))
        return node


def _body_signatures(rule: ast.AST) -> set[tuple[str, int]]:
    uses = _Uses()
    for lit in rule.body:
        uses(lit)
    return uses.sigs


def _note_ability(stm: ast.AST, out: dict[str, set[str]]) -> None:
    """Record triggered_ability("Card", Face, Line, name) facts: the abilities a scenario may put on the stack."""
    if stm.body or stm.head.ast_type != ast.ASTType.Literal or stm.head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return
    term = stm.head.atom.symbol
    if term.ast_type == ast.ASTType.Function and term.name == "triggered_ability" and len(term.arguments) == 4:
        card, name = term.arguments[0], term.arguments[3]
        if card.ast_type == ast.ASTType.SymbolicTerm and name.ast_type == ast.ASTType.SymbolicTerm:
            out.setdefault(card.symbol.string, set()).add(name.symbol.name)
    elif term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.name == "triggered_ability":
        sym = term.symbol
        out.setdefault(sym.arguments[0].string, set()).add(sym.arguments[3].name)


@cache
def kb() -> KnowledgeBase:
    """The knowledge base, loaded and parsed once per process."""
    base = load_kb()
    if base.unlabelled:
        name, line, text = base.unlabelled[0]
        raise KnowledgeBaseError(f"rules/{name}:{line}: rule without a label (% CR ...): {text}")
    return base


def rules_dir() -> Path:
    return Path(str(resources.files("pyrules.rules")))
