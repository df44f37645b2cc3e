"""The knowledge base's parts are grounded one after another at each moment, in the order rules/pipeline.lp
declares. A rule can only use what earlier parts (or its own) concluded about the same moment: an atom of a
part grounded later doesn't exist yet when the rule is grounded, so the rule would silently never fire. This
test reads every rule with clingo.ast and checks that order, so a rule put in the wrong part fails here rather
than giving a quietly wrong answer."""

from __future__ import annotations

import clingo
from clingo import ast

from pyrules.kb.compile import kb
from pyrules.kb.pipeline import view_copy

PIPELINE = kb().pipeline   # as rules/pipeline.lp declares it
# Parts grounded for moment t, in order (the check and query parts come after the state of moment t).
ORDER = PIPELINE.order()
# The part each view copy (filters_tr: the filters asked with the key tr) is grounded with.
VIEW_USER: dict[str, list[str]] = {}
for part in PIPELINE.checks + PIPELINE.events + PIPELINE.states + (PIPELINE.show,) + PIPELINE.asks:
    for v, key in part.views:
        VIEW_USER.setdefault(view_copy(v, key), []).append(part.name)


def _when(atom, param: str, view_time: str | None) -> str | None:
    """'now' when an atom's last argument is the part's moment (or, in a view, the moment it asks about)."""
    args = getattr(atom.symbol, "arguments", None) if atom.ast_type == ast.ASTType.SymbolicAtom else None
    if not args:
        return None
    last = str(args[-1])
    if last == param or (view_time and last == view_time):
        return "now"
    return None


def _rules():
    """(part, head signatures at its moment, body signatures at its moment) for every rule."""
    out = []
    base = kb()
    for part, (params, text) in base.parts.items():
        param = params[0] if params else None
        stmts = []
        ast.parse_string(text, stmts.append)
        for st in stmts:
            if st.ast_type != ast.ASTType.Rule:
                continue
            view_time = None
            body = []
            for lit in st.body:
                if lit.ast_type != ast.ASTType.Literal or lit.atom.ast_type != ast.ASTType.SymbolicAtom:
                    continue
                sym = lit.atom.symbol
                if sym.ast_type == ast.ASTType.Function and sym.name == "view" and len(sym.arguments) == 2:
                    view_time = str(sym.arguments[1])
            for lit in st.body:
                if lit.ast_type != ast.ASTType.Literal or lit.atom.ast_type != ast.ASTType.SymbolicAtom:
                    continue
                sym = lit.atom.symbol
                if sym.ast_type != ast.ASTType.Function:
                    continue
                if sym.name != "view" and _when(lit.atom, param, view_time) == "now":
                    body.append((sym.name, len(sym.arguments)))
            heads = []
            h = st.head
            if h.ast_type == ast.ASTType.Literal and h.atom.ast_type == ast.ASTType.SymbolicAtom:
                sym = h.atom.symbol
                if sym.ast_type == ast.ASTType.Function and _when(h.atom, param, None) == "now":
                    heads.append((sym.name, len(sym.arguments)))
            out.append((part, heads, body, st.location.begin.filename, st.location.begin.line))
    return out


def _positions(part: str) -> list[int]:
    if part in ORDER:
        return [ORDER.index(part)]
    return [ORDER.index(user) for user in VIEW_USER.get(part, [])]


def test_every_part_is_in_the_engine_order():
    known = set(ORDER) | set(VIEW_USER) | {"base", "validate"}
    assert set(kb().parts) <= known, set(kb().parts) - known


def test_rules_use_only_what_earlier_parts_concluded_about_the_same_moment():
    rules = _rules()
    defined: dict[tuple[str, int], set[str]] = {}
    for part, heads, _body, _f, _l in rules:
        for sig in heads:
            defined.setdefault(sig, set()).add(part)
    problems = []
    for part, _heads, body, f, line in rules:
        if part in ("base", "validate"):
            continue
        for sig in body:
            for where in defined.get(sig, ()):
                if where in VIEW_USER or where == part:
                    continue
                if where in ("base", "validate"):
                    continue
                if any(w > p for w in _positions(where) for p in _positions(part)):
                    problems.append(f"{part} (rule at line {line}) uses {sig[0]}/{sig[1]} of the same moment, which {where} concludes later")
    assert not problems, "\n".join(sorted(set(problems)))


# ------------------------------------------------------------------------------------------------ strata

def _unify(a, b) -> bool:
    """Whether two terms of the rules could stand for the same value (variables, the part's parameters and
    arithmetic match anything): the way clingo decides that a body atom may use a head's atoms."""
    wild = (ast.ASTType.Variable, ast.ASTType.BinaryOperation, ast.ASTType.UnaryOperation, ast.ASTType.Interval, ast.ASTType.Pool)
    if a.ast_type in wild or b.ast_type in wild:
        return True
    fa = _fn(a)
    fb = _fn(b)
    if fa is None or fb is None:
        return str(a) == str(b)
    (na, xa), (nb, xb) = fa, fb
    if not xa and na in PARAMS or not xb and nb in PARAMS:
        return True
    return na == nb and len(xa) == len(xb) and all(_unify(x, y) for x, y in zip(xa, xb))


PARAMS = {"t", "v"}


def _fn(term):
    if term.ast_type == ast.ASTType.Function:
        return term.name, list(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        # a constant term: compare by its text
        return None if term.symbol.arguments else (term.symbol.name, [])
    return None


def _occurrences(parts):
    """(head atom, [(body atom, negative?)]) for every rule of the parts."""
    rules = []
    base = kb()
    for part in parts:
        _params, text = base.parts[part]
        stmts = []
        ast.parse_string(text, stmts.append)
        for st in stmts:
            if st.ast_type != ast.ASTType.Rule:
                continue
            h = st.head
            if h.ast_type != ast.ASTType.Literal or h.atom.ast_type != ast.ASTType.SymbolicAtom:
                continue
            body = []

            def visit(node, neg):
                if node.ast_type == ast.ASTType.Literal:
                    n = neg or node.sign != ast.Sign.NoSign
                    if node.atom.ast_type == ast.ASTType.SymbolicAtom:
                        body.append((node.atom.symbol, n))
                    elif node.atom.ast_type == ast.ASTType.BodyAggregate:
                        for e in node.atom.elements:
                            for c in e.condition:
                                visit(c, True)   # an aggregate is not monotone: treat its atoms as negative
                elif node.ast_type == ast.ASTType.ConditionalLiteral:
                    visit(node.literal, neg)
                    for c in node.condition:
                        visit(c, True)

            for lit in st.body:
                visit(lit, False)
            rules.append((part, st.location.begin.line, h.atom.symbol, body))
    return rules


def _negative_cycles(parts):
    rules = _occurrences(parts)
    by_name: dict[tuple[str, int], list[int]] = {}
    for i, (_p, _l, head, _b) in enumerate(rules):
        f = _fn(head)
        if f:
            by_name.setdefault((f[0], len(f[1])), []).append(i)
    edges: dict[int, list[tuple[int, bool]]] = {}
    for i, (_p, _l, _h, body) in enumerate(rules):
        for atom, neg in body:
            f = _fn(atom)
            if not f:
                continue
            for j in by_name.get((f[0], len(f[1])), ()):
                if _unify(atom, rules[j][2]):
                    edges.setdefault(i, []).append((j, neg))
    # strongly connected components (iterative Tarjan)
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
    for root in range(len(rules)):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter[0]
                counter[0] += 1
                stack.append(v)
                on.add(v)
            succ = edges.get(v, [])
            if k < len(succ):
                work.append((v, k + 1))
                w = succ[k][0]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            for w, _n in succ:
                if w in on:
                    low[v] = min(low[v], low[w])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                comps.append(comp)
    out = []
    for comp in comps:
        for v in comp:
            for w, neg in edges.get(v, ()):
                if neg and w in comp:
                    out.append(f"{rules[v][0]} line {rules[v][1]} ({rules[v][2]}) depends negatively on "
                               f"{rules[w][0]} line {rules[w][1]} ({rules[w][2]}) in a cycle")
    return out


def test_each_grounding_call_is_stratified():
    """Within one grounding call no rule may depend, through a negative literal or an aggregate, on itself:
    clingo couldn't decide such atoms by grounding alone and they would not be facts."""
    problems = []
    for name, parts in PIPELINE.grounding_calls().items():
        present = [p for p in parts if p in kb().parts]
        problems += [f"[{name}] {p}" for p in _negative_cycles(present)]
    assert not problems, "\n".join(problems[:20])


# ------------------------------------------------------------------------------------------------ the declaration

_PIPELINE = """%: check check_action
%: event event_action
%: event event_frame
%: state state_objects
%: show show
"""
_RULES = """#program check_action(t).

% CR 117.1 — the action considered
cand(A, t) :- occurs(A, t+1).

#program event_action(t).

% CR 117.1 — it happens
does(A, t) :- occurs(A, t).

#program event_frame(t).

% CR 113.7a — what stays true
kept(t) :- kept(t-1).

#program state_objects(t).

% CR 109.1 — a fact of the moment
here(t) :- now(t).

#program show(t).

% CR 109.1 — what show reports
out(t) :- here(t).
"""


def _compile(rules: str, pipeline: str = _PIPELINE):
    from pyrules.kb.compile import compile_kb

    return compile_kb([("pipeline.lp", pipeline), ("a.lp", rules)], "rulings: []\n")


def test_the_engine_grounds_what_the_declaration_says():
    base = _compile(_RULES)
    assert [p.name for p in base.pipeline.states] == ["state_objects"] and base.pipeline.show.name == "show"
    assert base.pipeline.event_parts("cast", lambda gate: True) == ["event_action", "event_frame"]


def test_a_part_the_declaration_leaves_out_is_an_error():
    import pytest

    from pyrules.errors import KnowledgeBaseError

    with pytest.raises(KnowledgeBaseError, match=r"#program nowhere is not in rules/pipeline.lp"):
        _compile(_RULES + "\n#program nowhere(t).\n\n% CR 109.1 — never grounded\nlost(t) :- here(t).\n")
    with pytest.raises(KnowledgeBaseError, match=r"declares the part event_cast, which no rule file has"):
        _compile(_RULES, _PIPELINE + "%: event event_cast for cast\n")


def test_a_line_of_the_declaration_that_cant_be_read_names_itself():
    import pytest

    from pyrules.errors import KnowledgeBaseError
    from pyrules.kb.pipeline import parse

    with pytest.raises(KnowledgeBaseError, match=r"rules/pipeline.lp:2: 'when' is not understood in a state part's line"):
        parse("%: show show\n%: state state_objects when layers\n")
    with pytest.raises(KnowledgeBaseError, match=r"the key tr is used by a view but not declared"):
        parse("%: show show\n%: state state_triggers views filters(tr)\n")
    p = parse("%: show show\n%: state state_triggers if triggers views filters(tr) targets(tg)\n"
              "%: key tr = triggers\n%: key tg = their targets\n")
    assert p.states[0].gate == "triggers" and p.view_keys() == {("filters", "tr"), ("targets", "tg")}
