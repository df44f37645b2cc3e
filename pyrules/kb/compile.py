"""The knowledge base: the rules/ tree, parsed, labelled and compiled once, then cached.

Every rule in rules/ has a label: the comment right above it (or above the block of facts it belongs to),
naming the Comprehensive Rules it encodes and the ruling ids it rests on:

    % CR <rule>, <rule>; <RULING-ID> — what the rule says, in a sentence

(the README shows a real one, next to the rule it labels). A rule of the engine's own — which parts a moment
grounds (gate/2), which questions a view is asked (view/2, need/4) — encodes no rule of the game and says so:

    % ENGINE — what it is for

Explanations never show such a rule: its conclusion is spliced out of a tree, like a `%: hide` atom.

Labels are parsed with clingo.ast and are what explanations are made of: in explanation mode every
labelled rule gets a shadow rule that records, for each instance that fires, the label, the conclusion
and the body atoms it used (pyrules_why/3), plus one shadow rule per aggregate element (pyrules_agg/3).

Lines of the form `%: claim pred(A,B) = text with {A} and {B}` say how to read an atom as a sentence
(`%: claim not pred(...)` its absence, `%: term f(X)` how to name a term, `%: reason r(X)` how to word a
reason something is not allowed, `%: summary pred(...)` how a short answer names it). `%: hide pred/N`
marks bookkeeping atoms whose explanation nodes are replaced by their children.

`%: case pred/N` declares the cases of a rule written once whose citation depends on the situation: each rule
concluding pred(..., T) is labelled with the rule and ruling that applies in its situation, and a rule with a
pred atom in its body is cited, and explained, as the case that holds (a reason it derives carries that case's
label, not its own). The compiler gives every pred atom one more argument, before the last: the label of the
case rule that concluded it. A case atom is bookkeeping: its premises stand in the explanation in its place,
and it is not a step of a derivation (pyrules/answers/trees.py), so an explanation is the one the rule would
have had written out once per case.

A part named `search_NAME` (`#program search_payment.`) is not part of the game's moments: it is a small
program solved on its own Control, with its own facts (a choice of which mana pays which symbol, with
#minimize), so it may use choice rules and optimisation, which the stratified moment program never does.
Its rules are labelled like every other rule (cited predicates get their label number); it has no shadow
rules. KnowledgeBase.searches holds its text.

Compiling (parsing, labelling, making the shadow rules) takes a few hundred milliseconds; the result is
cached on disk, keyed by the hash of the rule files, so a process normally only reads the cache.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

try:   # the C unpickler alone: importing the pure-Python pickle module too costs a few milliseconds at start
    from _pickle import load as _unpickle
except ImportError:   # pragma: no cover - an interpreter without the C module
    from pickle import load as _unpickle

import zlib

if TYPE_CHECKING:
    from clingo import Symbol

from pyrules.errors import KnowledgeBaseError
from pyrules.kb import pipeline as pipeline_module
from pyrules.kb.interface import CITED, PYRULES_AGG, PYRULES_WHY
from pyrules.kb.pipeline import Pipeline

PACKAGE = Path(__file__).resolve().parent.parent   # the pyrules package

WHY = PYRULES_WHY.name
AGG = PYRULES_AGG.name
COMPILER = "15"   # bump when the compiled form changes
SEARCH = "search_"   # `#program search_NAME.`: a program solved on its own (choices, optimisation), never in a moment

# Prohibitions are atoms with reasons; each atom of the predicates CITED names gets one more argument, the label
# of the rule that derived it, so every reason cites its own CR rule and ruling: (name, arity as written) -> where
# the label is inserted (0-based), as pyrules/kb/interface.py declares the predicates Python reads.

_RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?(?:\([a-z]\))?)?")
_RULING = re.compile(r"\b(?:BOT|REX)-\d{2}\b")
_ENGINE = re.compile(r"^%\s*ENGINE\s*—")
_HIDE = re.compile(r"^%:\s*hide\s+(not\s+)?([a-z_][A-Za-z0-9_]*)/(\d+)\s*$")
_BACKGROUND = re.compile(r"^%:\s*background\s+([a-z_][A-Za-z0-9_]*)/(\d+)\s*$")
_CASE = re.compile(r"^%:\s*case\s+([a-z_][A-Za-z0-9_]*)/(\d+)\s*$")
CASE_LABEL = "PyrulesCase"   # the variable a rule citing its case reads the case's label into
_TEMPLATE = re.compile(r"^%:\s*(claim|reason|term|summary|fluent)\s+(not\s+)?([a-z_][A-Za-z0-9_]*)(?:\((.*?)\))?\s*=\s*(.+?)\s*$")


class Label(NamedTuple):   # (a named tuple: a cached knowledge base holds some 1,700 and loads them faster)
    id: int
    file: str
    line: int
    text: str
    rules: tuple[str, ...]      # "CR <rule number>", ... in the order the label gives them
    rulings: tuple[str, ...]    # "BOT-05", ...
    summary: str                # what the rule says, after the dash
    engine: bool = False        # `% ENGINE — ...`: a rule of the engine's own, cited by no explanation

    @property
    def rule(self) -> str | None:
        return self.rules[0] if self.rules else None

    @property
    def ruling(self) -> str | None:
        return self.rulings[0] if self.rulings else None


def parse_label(text: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """'% CR <a>, <b>; <RULING-ID> — text' -> (('CR <a>', 'CR <b>'), ('<RULING-ID>',), 'text'): the rule
    numbers after "CR", the ruling ids (BOT-nn, REX-nn) after the semicolon, the text after the dash."""
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


def is_engine(text: str) -> bool:
    """Whether a label is an engine rule's ('% ENGINE — what it is for'): it cites no rule of the game."""
    return bool(_ENGINE.match(text.lstrip()))


class Template(NamedTuple):
    kind: str                  # claim | reason | term | summary
    negated: bool              # a claim about the absence of the atom ("not ...")
    name: str
    params: tuple[str, ...]    # variable names, or constants an argument must equal
    text: str


@dataclass
class KnowledgeBase:
    """The compiled rules: program text per part, labels, templates and the shadow rules."""
    files: list[str]
    labels: list[Label]
    parts: dict[str, tuple[tuple[str, ...], str]]          # part -> (parameters, program text)
    # part -> [(head signature, shadow rule text, the predicates the rule's positive body needs atoms of)]
    shadows: dict[str, list[tuple[tuple[str, int], str, tuple]]]
    templates: dict[tuple[str, int], list[Template]]
    hidden: set[tuple[str, int]]
    hidden_absent: set[tuple[str, int]]
    rulings: dict[str, dict]
    rulings_source: str
    unlabelled: list[tuple[str, int, str]] = field(default_factory=list)
    rule_count: int = 0
    searches: dict[str, str] = field(default_factory=dict)   # search_NAME part -> program text (solved apart)
    # head signature -> for each labelled rule concluding it, (the predicates its positive body atoms need, the
    # predicates an explanation of one of its instances goes on to: those and its aggregates' conditions)
    deps: dict[tuple[str, int], list[tuple[tuple, tuple]]] = field(default_factory=dict)
    # predicates whose premises are background (`%: background`): a short answer doesn't look below them
    background: set[tuple[str, int]] = field(default_factory=set)
    # the case predicates (`%: case`), as compiled (with the label argument): bookkeeping, and no step of a derivation
    cases: set[tuple[str, int]] = field(default_factory=set)
    pipeline: Pipeline | None = None   # the grounding pipeline rules/pipeline.lp declares (kb/pipeline.py)
    # each part's statements in groups, by the predicates their positive bodies need atoms of (group_parts):
    # group -> (parameters, program text); part -> [(group, the predicates needed, the predicates concluded)]
    group_texts: dict[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    groups: dict[str, list[tuple[str, frozenset, frozenset]]] = field(default_factory=dict)

    def label(self, k: int) -> Label:
        return self.labels[k]

    def defining_labels(self) -> dict[tuple[str, int], int]:
        """Predicate -> the label of the first rule that concludes it (what an atom's absence is measured by)."""
        found = self.__dict__.get("_defining")
        if found is None:
            found = {}
            for items in self.shadows.values():
                for sig, text, _needed in items:
                    m = re.match(r"\s*pyrules_why\((\d+),", text)
                    if m and sig not in found:
                        found[sig] = int(m[1])
            self.__dict__["_defining"] = found
        return found

    def facts(self, name: str, arity: int) -> list[tuple[Symbol, Label]]:
        """The facts of a predicate the knowledge base states (rules without a body in its base part), each with
        its label, in the order the rule files state them: what the goal language's properties are, say."""
        found = self.__dict__.get("_facts")
        if found is None:
            from clingo import parse_term

            found = {}
            for _head, text, _needed in self.shadows.get("base", ()):
                m = re.fullmatch(r"pyrules_why\((\d+),(.*),\(\)\)\.", text.strip())
                if m:
                    atom = parse_term(m[2])
                    found.setdefault((atom.name, len(atom.arguments)), []).append((atom, self.labels[int(m[1])]))
            self.__dict__["_facts"] = found
        return found.get((name, arity), [])

    def fact_label(self, atom: str) -> Label | None:
        """The label of a fact the knowledge base states, by the fact's text: what the rule it stands for is."""
        from clingo import parse_term

        sym = parse_term(atom)
        return next((lab for fact, lab in self.facts(sym.name, len(sym.arguments)) if fact == sym), None)


def rules_root() -> Path:
    """Where the rules are: beside the pyrules package that is running, or as the package pyrules.rules.

    An installed wheel carries them inside the package (pyrules/rules/); a checkout, installed editable or not,
    has rules/ beside pyrules/. Looking beside the running package first keeps a second checkout (a git
    worktree, say) on its own rules when another checkout is the one installed editable — that install maps
    pyrules.rules to its own rules/."""
    here = PACKAGE
    for candidate in (here / "rules", here.parent / "rules"):
        if (candidate / "core").is_dir():
            return candidate
    try:
        from pyrules import rules as packaged

        root = Path(packaged.__file__).parent
        if (root / "core").is_dir():
            return root
    except (ImportError, TypeError):
        pass
    raise KnowledgeBaseError("the rules of the knowledge base (rules/*.lp) were not found next to the pyrules package")


def _rule_paths(root: Path) -> list[tuple[str, str]]:
    """(relative path, absolute path) of every .lp file under root, in a fixed order."""
    out = []
    for directory, _subdirs, names in os.walk(root):
        rel = os.path.relpath(directory, root).replace(os.sep, "/")
        for name in names:
            if name.endswith(".lp"):
                out.append((name if rel == "." else f"{rel}/{name}", os.path.join(directory, name)))
    return sorted(out)


def rule_files(root: Path | None = None) -> list[tuple[str, str]]:
    """(relative path, text) of every .lp file of the knowledge base, in a fixed order."""
    out = []
    for rel, path in _rule_paths(root or rules_root()):
        with open(path, encoding="utf-8") as fh:
            out.append((rel, fh.read()))
    return out


def _rulings_path() -> Path:
    return PACKAGE / "data" / "rulings.yaml"


def _rulings_text() -> str:
    return _rulings_path().read_text(encoding="utf-8")


def cache_dir() -> Path | None:
    """PYRULES_CACHE_DIR, or the user's cache directory for "pyrules": platformdirs' user_cache_dir. On Linux,
    in the usual cases ($XDG_CACHE_HOME an absolute path, or unset and $HOME an absolute path) it is worked
    out here the way platformdirs does, without importing it; in any other case platformdirs decides."""
    env = os.environ.get("PYRULES_CACHE_DIR")
    if env:
        return Path(env)
    if sys.platform.startswith("linux"):
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        if os.path.isabs(xdg):
            return Path(xdg) / "pyrules"
        if os.path.isabs(os.environ.get("HOME", "")):
            return Path(os.path.expanduser("~/.cache")) / "pyrules"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency, but never fatal
        return None
    return Path(platformdirs.user_cache_dir("pyrules"))


def _key(root: Path) -> str:
    """The cache key of the compiled knowledge base: the compiler's version, clingo's, the predicates whose atoms cite their rule's label, and the contents of this
    file, of the pipeline's reader, of the rulings and of every rule file (the pipeline's declaration among
    them), with zlib's two checksums: some 2 ms for all the files, where importing hashlib alone costs 5 ms."""
    import clingo

    def chunks():
        own = [("kb.py", __file__), ("pipeline.py", pipeline_module.__file__), ("rulings.yaml", str(_rulings_path()))]
        for rel, path in own + _rule_paths(root):
            with open(path, "rb") as fh:
                yield rel.encode() + b"\0" + fh.read() + b"\0"
        yield f"{COMPILER}\0{clingo.__version__}\0{sorted(CITED.items())}".encode()

    return checksum(chunks())


def checksum(chunks) -> str:
    """A cache key for some bytes: zlib's crc32 and adler32 of them, and their length (importing hashlib
    alone would cost 5 ms of a command's start)."""

    crc, adler, size = 0, 1, 0
    for data in chunks:
        crc, adler, size = zlib.crc32(data, crc), zlib.adler32(data, adler), size + len(data)
    return f"{crc:08x}{adler:08x}{size:x}"


@cache
def kb() -> KnowledgeBase:
    """The knowledge base, compiled once per rule-file content and cached on disk; loaded once per process."""
    root = rules_root()
    digest = _key(root)
    directory = cache_dir()
    path = directory / f"kb-{digest}.pickle" if directory else None
    if path is not None and path.is_file():
        try:
            with path.open("rb") as fh:
                base = _unpickle(fh)
            if isinstance(base, KnowledgeBase):
                return base
        except Exception:  # a corrupt or foreign cache file is rebuilt, never fatal
            pass
    base = compile_kb(rule_files(root), _rulings_text())
    if base.unlabelled:
        name, line, text = base.unlabelled[0]
        raise KnowledgeBaseError(f"rules/{name}:{line}: rule without a label (% CR ... or % ENGINE ...): {text}")
    if path is not None:
        try:
            import pickle
            import tempfile

            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".kb-", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(base, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            # keep the few most recent compiled knowledge bases (each edit of rules/ makes a new one)
            old = sorted(path.parent.glob("kb-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
            for stale in old[4:]:
                stale.unlink(missing_ok=True)
        except OSError:
            pass
    return base


# ------------------------------------------------------------------------------------------------ compiling

def compile_kb(files: list[tuple[str, str]] | None = None, rulings_text: str | None = None) -> KnowledgeBase:
    """Parse every rule file, label every rule, and make the program texts and shadow rules."""
    import yaml
    from clingo import ast

    files = files if files is not None else rule_files()
    rulings_text = rulings_text if rulings_text is not None else _rulings_text()
    declared = [text for name, text in files if name == pipeline_module.FILE]
    if not declared:
        raise KnowledgeBaseError(f"rules/{pipeline_module.FILE}, the grounding pipeline's declaration, is missing")
    pipeline = pipeline_module.parse(declared[0])
    labels: list[Label] = []
    label_ids: dict[tuple[str, str], int] = {}
    templates: dict = {}
    hidden: set = set()
    hidden_absent: set = set()
    background: set = set()
    cases: set = set()   # (name, arity as written) of the case predicates
    unlabelled: list[tuple[str, int, str]] = []
    part_params: dict[str, tuple[str, ...]] = {}
    part_text: dict[str, list[str]] = {}
    shadows: dict[str, list[tuple[tuple[str, int], str, tuple]]] = {}
    deps: dict[tuple[str, int], list[tuple[tuple, tuple]]] = {}
    count = 0
    parsed: list[tuple[str, list[str], str, object]] = []   # (file, its lines, part, statement)
    for name, text in files:
        lines = text.splitlines()
        _parse_templates(lines, templates, hidden, hidden_absent, background, cases)
        statements: list = []
        try:
            ast.parse_string(text, statements.append)
        except RuntimeError as exc:
            raise KnowledgeBaseError(f"rules/{name} does not parse: {exc}") from None
        part = "base"
        part_params.setdefault("base", ())
        for stm in statements:
            if stm.ast_type == ast.ASTType.Comment:
                continue
            if stm.ast_type == ast.ASTType.Program:
                part = stm.name
                params = tuple(p.name for p in stm.parameters)
                if part_params.setdefault(part, params) != params:
                    raise KnowledgeBaseError(f"rules/{name}:{stm.location.begin.line}: #program {part} has other parameters elsewhere")
                continue
            parsed.append((name, lines, part, stm))
    search_text: dict[str, list[str]] = {}
    for name, lines, part, stm in [x for x in parsed if x[2].startswith(SEARCH)]:
        if stm.ast_type == ast.ASTType.Rule:
            count += 1
            label_text = _label_lines(lines, stm.location.begin.line)
            rules, rulings, summary = parse_label(label_text) if label_text else ((), (), "")
            engine = bool(label_text) and is_engine(label_text)
            if not rules and not engine:
                unlabelled.append((name, stm.location.begin.line, str(stm)))
                k = None
            else:
                key = (name, label_text)
                if key not in label_ids:
                    label_ids[key] = len(labels)
                    labels.append(Label(len(labels), name, stm.location.begin.line, label_text, rules, rulings, summary,
                                        engine))
                k = label_ids[key]
            stm = _Cite(k, cases)(stm)
        search_text.setdefault(part, []).append(str(stm))
    parsed = [x for x in parsed if not x[2].startswith(SEARCH)]
    for part in [p for p in part_params if p.startswith(SEARCH)]:
        del part_params[part]
    views = _Views(parsed, part_params, pipeline)
    for name, lines, part, stm in parsed:
        if stm.ast_type != ast.ASTType.Rule:
            for target, text in views.emit(part, stm, ()):
                part_text.setdefault(target, []).append(text)
            continue
        count += 1
        line = stm.location.begin.line
        label_text = _label_lines(lines, line)
        rules, rulings, summary = parse_label(label_text) if label_text else ((), (), "")
        engine = bool(label_text) and is_engine(label_text)
        if not rules and not engine:
            unlabelled.append((name, line, str(stm)))
            for target, text in views.emit(part, _Cite(None, cases)(stm), ()):
                part_text.setdefault(target, []).append(text)
            continue
        key = (name, label_text)
        if key not in label_ids:
            label_ids[key] = len(labels)
            labels.append(Label(len(labels), name, line, label_text, rules, rulings, summary, engine))
        k = label_ids[key]
        cited = _Cite(k, cases)
        try:
            stm = cited(stm)
        except KnowledgeBaseError as exc:
            raise KnowledgeBaseError(f"rules/{name}:{line}: {exc}") from None
        head_sig = _signature(stm.head)
        if head_sig is None:
            raise KnowledgeBaseError(f"rules/{name}:{line}: the head of a labelled rule must be one atom (the knowledge base is stratified and explainable)")
        needed, used = _dependencies(stm)
        deps.setdefault(head_sig, []).append((needed, used))
        for target, text, shadow_texts in views.emit_rule(part, stm, _shadows(stm, CASE_LABEL if cited.by_case else k), f"rules/{name}:{line}"):
            part_text.setdefault(target, []).append(text)
            for shadow in shadow_texts:
                shadows.setdefault(target, []).append((head_sig, shadow, needed))
    declared = set(pipeline.order())
    for part in part_params:
        if part not in declared and part not in views.blocks and part not in ("base", "validate"):
            raise KnowledgeBaseError(f"#program {part} is not in rules/{pipeline_module.FILE}: nothing would ground it")
    for part in sorted(declared - set(part_params)):
        raise KnowledgeBaseError(f"rules/{pipeline_module.FILE} declares the part {part}, which no rule file has")
    for part in list(part_params):
        if part in views.blocks:
            for k in sorted(views.copies.get(part, ())):
                part_params[views.copy_name(part, k)] = part_params[part]
            del part_params[part]
    parts = {}
    for part, params in part_params.items():
        header = f"#program {part}({', '.join(params)})." if params else f"#program {part}."
        parts[part] = (params, header + "\n" + "\n".join(part_text.get(part, [])))
    shadow_text = {}
    for part, items in shadows.items():
        shadow_text[part] = items
    data = yaml.safe_load(rulings_text)
    rulings = {r["id"]: r for r in data["rulings"]}
    searches = {part: "\n".join(text) for part, text in search_text.items()}
    compiled_cases = {(name, n + 1) for name, n in cases}
    group_texts, groups = group_parts(parts)
    return KnowledgeBase([n for n, _ in files], labels, parts, shadow_text, templates, hidden | compiled_cases,
                         hidden_absent, rulings, data.get("source", ""), unlabelled, count, searches, deps, background,
                         compiled_cases, pipeline, group_texts, groups)


GROUP = "_g"   # the groups of a part are PART_g0, PART_g1, ...
ANY_HEAD = ("", -1)   # what a head that isn't one plain atom concludes: it could be anything


def group_parts(parts: dict[str, tuple[tuple[str, ...], str]]):
    """Each part's statements grouped by the predicates the positive atoms of their bodies need atoms of, each
    group with the predicates its heads conclude: (group -> (parameters, program text), part -> [(group,
    needed, heads)]). A group none of whose instances can have a body that holds concludes nothing; the
    engine leaves it out of a grounding call (pyrules/game/engine.py, Game._select), and so doesn't pay for
    clingo's preparation of its statements, some 30 microseconds a statement a call (bench/moments.py)."""
    from clingo import ast

    def signature(atom):
        if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function \
                and not atom.symbol.external and atom.symbol.name:
            return (atom.symbol.name, len(atom.symbol.arguments))
        return None

    class Heads(ast.Transformer):
        def __init__(self):
            self.found: set = set()

        def visit_SymbolicAtom(self, node):
            sig = signature(node)
            self.found.add(sig if sig is not None else ANY_HEAD)
            return node

    texts: dict[str, tuple[tuple[str, ...], str]] = {}
    groups: dict[str, list[tuple[str, frozenset, frozenset]]] = {}
    for part, (params, text) in parts.items():
        statements: list = []
        ast.parse_string(text, statements.append)
        by_need: dict[frozenset, tuple[list[str], set]] = {}
        for stm in statements:
            if stm.ast_type == ast.ASTType.Program:
                continue
            needed: frozenset = frozenset()
            if stm.ast_type == ast.ASTType.Rule:
                needed = frozenset(sig for lit in stm.body if lit.ast_type == ast.ASTType.Literal
                                   and lit.sign == ast.Sign.NoSign and (sig := signature(lit.atom)) is not None)
                found = Heads()
                found(stm.head)
                heads = found.found
            else:
                heads = {ANY_HEAD}
            stms, concluded = by_need.setdefault(needed, ([], set()))
            stms.append(str(stm))
            concluded.update(heads)
        header = f"({', '.join(params)})" if params else ""
        for k, (needed, (stms, concluded)) in enumerate(by_need.items()):
            name = f"{part}{GROUP}{k}"
            texts[name] = (params, f"#program {name}{header}.\n" + "\n".join(stms))
            groups.setdefault(part, []).append((name, needed, frozenset(concluded)))
    return texts, groups


class _Views:
    """Views, compiled per key: one program block per question asked of it.

    A view is a block with the parameter v (`#program filters(v).`: filters, targets, combat eligibility) that
    other parts ground with a key naming who asks and when: need(X, F, S, tr(t)) in the triggers part,
    satisfies(X, F, S, c(t)) in the casting checks. Grounded in one call, two uses of the same block would
    make their predicates depend on each other (clingo analyses dependencies by predicate), so the
    compiler gives each key its own copy of each view block it needs (filters_tr, filters_c, ...: the keys
    rules/pipeline.lp declares) and its own
    predicates (satisfies__tr, satisfies__c): every view atom whose key argument is `v` (in a view) or
    k(...) (in a part asking) is renamed for k. Shadow rules record the atoms under their own names, so
    explanations read them as written. A view atom whose key is neither is an error: it could never match.
    """

    def __init__(self, parsed, part_params, pipeline: Pipeline):
        from clingo import ast

        self.blocks = {p for p, params in part_params.items() if params == ("v",)}
        self.preds: set[tuple[str, int]] = {("view", 2)}
        self.block_of: dict[tuple[str, int], set[str]] = {}
        outer = self

        class Inputs(ast.Transformer):
            """A view's inputs: atoms it reads with the key v (need, tneed, view, ...) are view atoms too."""
            def visit_SymbolicAtom(self, node):
                t = node.symbol
                if t.ast_type == ast.ASTType.Function and t.arguments and str(outer._key_arg(t)) == "v":
                    outer.preds.add((t.name, len(t.arguments)))
                return node

        for _name, _lines, part, stm in parsed:
            if part in self.blocks and stm.ast_type == ast.ASTType.Rule:
                sig = _signature(stm.head)
                if sig:
                    self.preds.add(sig)
                    self.block_of.setdefault(sig, set()).add(part)
                Inputs()(stm)
        self.block_of.setdefault(("view", 2), set())
        # the keys each view block is grounded with: what rules/pipeline.lp grounds with which part
        self.copies: dict[str, set[str]] = {}
        for block, key in pipeline.view_keys():
            self.copies.setdefault(block, set()).add(key)
        declared = {key for keys in self.copies.values() for key in keys}
        for name, _lines, part, stm in parsed:
            if part in self.blocks:
                continue
            for sig, key in self._keys(stm):
                if key is not None and key not in declared:
                    raise KnowledgeBaseError(f"rules/{name}:{stm.location.begin.line}: {sig[0]} is asked with the key {key}, "
                                             f"which rules/{pipeline_module.FILE} declares no view with")

    @staticmethod
    def copy_name(block: str, key: str) -> str:
        return pipeline_module.view_copy(block, key)

    def _key_arg(self, sym):
        args = sym.arguments
        return args[0] if sym.name == "view" else args[-1]

    def _keys(self, stm):
        """(signature, key name or None) of every view atom in a statement outside the views."""
        from clingo import ast

        found = []
        outer = self

        class Find(ast.Transformer):
            def visit_SymbolicAtom(self, node):
                t = node.symbol
                if t.ast_type == ast.ASTType.Function and (t.name, len(t.arguments)) in outer.preds:
                    arg = outer._key_arg(t)
                    key = arg.name if arg.ast_type == ast.ASTType.Function and arg.arguments else None
                    found.append(((t.name, len(t.arguments)), key))
                return node

        Find()(stm)
        return found

    def _rename(self, stm, key_of):
        """The statement with every view atom renamed for its key (key_of(arg) -> key name or None)."""
        from clingo import ast

        outer = self
        bad = []

        class Rename(ast.Transformer):
            def visit_SymbolicAtom(self, node):
                t = node.symbol
                if t.ast_type == ast.ASTType.Function and (t.name, len(t.arguments)) in outer.preds:
                    key = key_of(outer._key_arg(t))
                    if key is None:
                        bad.append(t.name)
                        return node
                    return ast.SymbolicAtom(ast.Function(t.location, f"{t.name}__{key}", t.arguments, t.external))
                return node

        out = Rename()(stm)
        return out, bad

    def _targets(self, part):
        from clingo import ast

        if part in self.blocks:
            for key in sorted(self.copies.get(part, ())):
                yield self.copy_name(part, key), (lambda arg, key=key: key if str(arg) == "v" else None)
        else:
            yield part, (lambda arg: arg.name if arg.ast_type == ast.ASTType.Function and arg.arguments else None)

    def emit(self, part, stm, _shadows):
        for target, key_of in self._targets(part):
            out, _bad = self._rename(stm, key_of)
            yield target, _without_anonymous(out)

    def emit_rule(self, part, stm, shadow_rules, where):
        for target, key_of in self._targets(part):
            out, bad = self._rename(stm, key_of)
            if bad:
                raise KnowledgeBaseError(f"{where}: {bad[0]} is a view's predicate: its key argument must be "
                                         + ("v" if part in self.blocks else "a key such as tr(t)"))
            shadow_texts = [str(self._rename(sh, key_of)[0]) for sh in shadow_rules]
            yield target, _without_anonymous(out), shadow_texts


def _without_anonymous(stm) -> str:
    """The statement's text with a variable of its own for each '_' of a positive body atom.

    The answer is the same; the cost is not. clingo turns each '_' of a body literal into a projection that
    it visits again on every later grounding call, whichever part the call grounds: about 17 microseconds
    each, per call, and with some 600 of them every moment of a timeline paid tens of milliseconds for them.
    A '_' in a negative literal ("no such atom") keeps its projection: written out as rules of our own, the
    projections cost more than clingo's (measured: a 20-action timeline took 15% longer)."""
    from clingo import ast

    if stm.ast_type != ast.ASTType.Rule:
        return str(stm)
    return str(ast.Rule(stm.location, stm.head, _named_positive(stm.body)))


def _named_positive(body) -> list:
    """The body with every '_' of a positive atom given a fresh name (PyrulesAnon1, ...)."""
    from clingo import ast

    namer = _transformers()[2]()
    return [namer(lit) if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
            and lit.atom.ast_type == ast.ASTType.SymbolicAtom else lit for lit in body]


def _label_lines(lines: list[str], rule_line: int) -> str | None:
    """The label of the rule starting on line rule_line (1-based): the comment lines right above its block.

    A block is a run of non-blank lines; the label is the run of '% ' comment lines found going up from
    the rule before a blank line (rules and facts in between belong to the same block and share it)."""
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


def _top_level(params: str) -> list[str]:
    """'O,zone(Z)' -> ['O', 'zone(Z)']: the arguments of a template's pattern, split at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    out.append(cur)
    return out


def _parse_templates(lines: list[str], templates: dict, hidden: set, hidden_absent: set, background: set,
                     cases: set) -> None:
    for line in lines:
        s = line.strip()
        c = _CASE.match(s)
        if c:
            cases.add((c[1], int(c[2])))
            continue
        h = _HIDE.match(s)
        if h:
            (hidden_absent if h[1] else hidden).add((h[2], int(h[3])))
            continue
        b = _BACKGROUND.match(s)
        if b:
            background.add((b[1], int(b[2])))
            continue
        m = _TEMPLATE.match(s)
        if not m:
            continue
        kind, negated, name, params, text = m.groups()
        params_t = tuple(p.strip() for p in _top_level(params)) if params else ()
        pos = CITED.get((name, len(params_t)))
        if pos is not None:
            params_t = params_t[:pos] + ("PyrulesLabel",) + params_t[pos:]
        templates.setdefault((name, len(params_t)), []).append(Template(kind, bool(negated), name, params_t, text))


# ------------------------------------------------------------------------------------------------ shadows

def _signature(node) -> tuple[str, int] | None:
    from clingo import ast

    if node.ast_type != ast.ASTType.Literal or node.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    atom = node.atom.symbol
    if atom.ast_type == ast.ASTType.Function:
        return (atom.name, len(atom.arguments))
    if atom.ast_type == ast.ASTType.SymbolicTerm:
        return (atom.symbol.name, len(atom.symbol.arguments))
    return None


def _transformers():
    """The AST transformers, made on first use (clingo.ast is imported lazily)."""
    from clingo import Function, Number, ast

    class Vars(ast.Transformer):
        def __init__(self):
            self.names: set[str] = set()

        def visit_Variable(self, node):
            self.names.add(node.name)
            return node

    class Rename(ast.Transformer):
        def __init__(self, names: set[str], suffix: str):
            self.names, self.suffix = names, suffix

        def visit_Variable(self, node):
            if node.name in self.names:
                return ast.Variable(node.location, node.name + self.suffix)
            return node

    class NameAnonymous(ast.Transformer):
        """Give every '_' a fresh name: a shadow head can then record the atom it is in, and clingo keeps no
        projection for it (_without_anonymous)."""

        def __init__(self):
            self.n = 0

        def visit_Variable(self, node):
            if node.name == "_":
                self.n += 1
                return ast.Variable(node.location, f"PyrulesAnon{self.n}")
            return node

    class AnyForAnonymous(ast.Transformer):
        """In a negative literal, '_' means 'any': record it as the constant any."""
        def visit_Variable(self, node):
            if node.name == "_":
                return ast.SymbolicTerm(node.location, Function("any"))
            return node

    class Cite(ast.Transformer):
        """Insert the label number into heads of cited predicates, and an anonymous argument into their uses.

        A case atom (`%: case`) gets the label too, before its last argument: in a head the rule's own, in a
        body the variable PyrulesCase, which a rule with a case in its body cites instead of its own label."""
        def __init__(self, label: int | None, cases: set = frozenset()):
            self.label = label
            self.cases = cases
            self.in_head = False
            self.by_case = False   # the rule cites its case's label (a positive case atom in its body)

        def visit_Rule(self, node):
            found = [lit for lit in node.body if lit.ast_type == ast.ASTType.Literal
                     and lit.atom.ast_type == ast.ASTType.SymbolicAtom and self._case(lit.atom.symbol)]
            if len(found) > 1 or any(lit.sign != ast.Sign.NoSign for lit in found):
                raise KnowledgeBaseError("a rule cites at most one case, through a positive atom of its body")
            self.by_case = bool(found) and self.label is not None
            self.in_head = True
            head = self(node.head)
            self.in_head = False
            body = [self(b) for b in node.body]
            return ast.Rule(node.location, head, body)

        def _case(self, t) -> bool:
            return t.ast_type == ast.ASTType.Function and (t.name, len(t.arguments)) in self.cases

        def _label(self, loc):
            if self.by_case:
                return ast.Variable(loc, CASE_LABEL)
            return ast.SymbolicTerm(loc, Number(self.label))

        def visit_SymbolicAtom(self, node):
            t = node.symbol
            if t.ast_type == ast.ASTType.Function:
                pos = CITED.get((t.name, len(t.arguments)))
                if pos is None and self._case(t) and t.arguments:
                    pos = len(t.arguments) - 1
                    extra = (ast.SymbolicTerm(t.location, Number(self.label)) if self.in_head and self.label is not None
                             else ast.Variable(t.location, CASE_LABEL if self.by_case else "_"))
                elif pos is not None:
                    extra = (self._label(t.location) if self.in_head and self.label is not None
                             else ast.Variable(t.location, "_"))
                if pos is not None:
                    args = list(t.arguments)
                    args.insert(pos, extra)
                    return ast.SymbolicAtom(ast.Function(t.location, t.name, args, t.external))
            return node

    return Vars, Rename, NameAnonymous, AnyForAnonymous, Cite


def _Cite(label, cases=frozenset()):
    return _transformers()[4](label, cases)


def _dependencies(rule) -> tuple[tuple, tuple]:
    """(needed, used) of a labelled rule: the predicates of its positive body atoms (an instance fires only if
    each has atoms), and those with the predicates of its aggregates' positive conditions: what the shadow
    rules record of an instance, so what explaining it goes on to."""
    from clingo import ast

    def positive(lits) -> list:
        return [_signature(lit) for lit in lits if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and _signature(lit) is not None]

    needed = positive(rule.body)
    used = list(needed)
    for lit in rule.body:
        if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.BodyAggregate:
            for elem in lit.atom.elements:
                used += positive(elem.condition)
    return tuple(sorted(set(needed))), tuple(sorted(set(used)))


def _shadows(rule, k: int | str) -> list:
    """The shadow rules of labelled rule k: they record which instances of it fire.

    `H :- Body.` gets `pyrules_why(k, H, (B1, ..., Bn)) :- Body.` (positive body atoms, and neg(A) for
    `not A`); for each aggregate element a rule records what the aggregate counted (pyrules_agg/3). The
    shadows of a part are grounded after the part itself, when its atoms are known. A rule that cites its
    case has k = CASE_LABEL: each instance is recorded under the label of the case its body found."""
    from clingo import Number, ast

    Vars, Rename, _, AnyForAnonymous, _ = _transformers()

    def variables(nodes) -> set[str]:
        v = Vars()
        for n in nodes:
            v(n)
        return v.names

    def fn(loc, name, args):
        return ast.Function(loc, name, args, 0)

    head = rule.head
    loc = rule.location
    body = _named_positive(rule.body)
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
                recorded.append(fn(loc, "neg", [AnyForAnonymous()(atom.symbol)]))
        elif atom.ast_type == ast.ASTType.BodyAggregate:
            aggregates.append(lit)
    head_term = head.atom.symbol
    number = ast.Variable(loc, k) if isinstance(k, str) else ast.SymbolicTerm(loc, Number(k))

    def rule_with(head_name: str, terms: list, extra: list):
        atom = ast.SymbolicAtom(fn(loc, head_name, [number, head_term, fn(loc, "", terms)]))
        return ast.Rule(loc, ast.Literal(loc, ast.Sign.NoSign, atom), body + extra)

    out = [rule_with(WHY, recorded, [])]
    for n, lit in enumerate(aggregates):
        outside = variables([rule.head] + [b for b in body if b is not lit])
        agg = lit.atom
        outside |= variables([g for g in (agg.left_guard, agg.right_guard) if g is not None])
        for elem in agg.elements:
            local = variables(elem.terms) | variables(elem.condition)
            local -= outside
            rename = Rename(local, f"PyrulesAgg{n}")
            cond = [rename(c) for c in elem.condition]
            terms = [c.atom.symbol for c in cond
                     if c.ast_type == ast.ASTType.Literal and c.sign == ast.Sign.NoSign
                     and c.atom.ast_type == ast.ASTType.SymbolicAtom]
            out.append(rule_with(AGG, terms, cond))
    return out
