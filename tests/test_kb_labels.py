"""Every rule in rules/ carries a label naming the CR rule (and rulings) it encodes — checked with clingo.ast."""

import re

import yaml
from clingo import ast

from pyrules.kb.compile import compile_kb, is_engine, kb, parse_label, rule_files, _label_lines

RULINGS = {r["id"] for r in yaml.safe_load((__import__("importlib.resources").resources.files("pyrules.data")
                                              .joinpath("rulings.yaml").read_text(encoding="utf-8")))["rulings"]}


def _rules():
    for name, text in rule_files():
        lines = text.splitlines()
        stms = []
        ast.parse_string(text, stms.append)
        for stm in stms:
            if stm.ast_type == ast.ASTType.Rule:
                yield name, lines, stm


def test_comments_are_ast_nodes():
    # the label check relies on clingo >= 5.7 parsing comments as AST nodes
    stms = []
    ast.parse_string("% CR 100.1 — a label\na :- b.\n", stms.append)
    assert [s.ast_type for s in stms][1:] == [ast.ASTType.Comment, ast.ASTType.Rule]


def test_every_rule_has_a_label_citing_the_cr():
    missing = []
    count = 0
    for name, lines, stm in _rules():
        count += 1
        label = _label_lines(lines, stm.location.begin.line)
        if label is None or not (parse_label(label)[0] or is_engine(label)):
            missing.append(f"rules/{name}:{stm.location.begin.line}: {stm}")
    assert count > 100
    assert not missing, "rules without a '% CR ...' (or '% ENGINE — ...') label:\n" + "\n".join(missing)


def test_label_check_catches_an_unlabelled_rule():
    text = "% CR 702.161a; BOT-05 — labelled\na(1).\n\nb :- a(1).\n"
    lines = text.splitlines()
    stms = []
    ast.parse_string(text, stms.append)
    rules = [s for s in stms if s.ast_type == ast.ASTType.Rule]
    assert _label_lines(lines, rules[0].location.begin.line) is not None
    assert _label_lines(lines, rules[1].location.begin.line) is None


def test_cited_rulings_exist_and_labels_parse():
    for label in kb().labels:
        assert label.rules or label.engine, label.text
        if label.engine:   # an engine rule cites no rule of the game and no ruling
            assert not label.rules and not label.rulings, label.text
        for rid in label.rulings:
            assert rid in RULINGS, f"{label.file}:{label.line} cites unknown ruling {rid}"
        for r in label.rules:
            assert re.fullmatch(r"CR \d{3}(\.\d+[a-z]?(\([a-z]\))?)?", r), r


def test_engine_labels_are_their_own_kind():
    """A rule of the engine's own (which parts a moment grounds, which questions a view is asked) is labelled
    `% ENGINE — ...`, not with a borrowed CR number: the label check accepts it, and it cites nothing."""
    assert is_engine("% ENGINE — the stack parts are grounded")
    assert not is_engine("% CR 405.1 — the stack") and not is_engine("% the engine grounds")
    base = compile_kb([("x.lp", "#program state_objects(t).\n\n% ENGINE — a gate\ngate(stack, t) :- a(t).\n\n"
                                "% CR 405.1 — a rule\nb(t) :- gate(stack, t).\n"),
                       ("y.lp", "#program show(t).\n\n% CR 109.1 — shown\nout(t) :- now(t).\n"),
                       ("pipeline.lp", "%: state state_objects\n%: show show\n")], "rulings: []\n")
    assert base.unlabelled == []
    engine, cr = [lab for lab in base.labels if lab.file == "x.lp"]
    assert engine.engine and engine.rules == () and engine.rule is None and engine.summary == "a gate"
    assert not cr.engine and cr.rules == ("CR 405.1",)
    # the gates, views and questions of the engine carry no CR number any more
    gates = [lab for lab in kb().labels if lab.file == "core/gates.lp"]
    assert gates and all(lab.engine for lab in gates)


def test_parse_label():
    rules, rulings, text = parse_label("% CR 613.1d, 702.161a; BOT-05, BOT-09 — living metal")
    assert rules == ("CR 613.1d", "CR 702.161a")
    assert rulings == ("BOT-05", "BOT-09")
    assert text == "living metal"


def test_knowledge_base_loads_without_unlabelled_rules():
    base = kb()
    assert base.unlabelled == []
    # every labelled rule has a shadow rule (explanations are made of them)
    assert sum(len(v) for v in base.shadows.values()) >= len(base.labels)
    # the parts are the ones the engine grounds (rules/pipeline.lp), views included
    grounded = {p for parts in base.pipeline.grounding_calls().values() for p in parts} | {"base", "validate"}
    assert set(base.parts) <= grounded
    assert {"base", "state_objects", "event_changes", "event_frame", "show"} <= set(base.parts)


def test_every_predicate_reads_as_a_sentence_or_is_bookkeeping():
    # explanations show claims, not atoms: each predicate has a `%: claim` template or is hidden (`%: hide`)
    from pyrules.kb.compile import CITED

    base = kb()
    sigs = set()

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, node):
            t = node.symbol
            if t.ast_type == ast.ASTType.Function:
                sigs.add((t.name, len(t.arguments)))
            return node

    for _, text in rule_files():
        ast.parse_string(text, lambda s: Atoms()(s))
    missing = sorted(s for s in sigs if s not in base.hidden and (s[0], s[1] + 1) not in base.cases   # (a case: `%: case`)
                     and (s if s not in CITED else (s[0], s[1] + 1)) not in base.templates)
    assert not missing, f"predicates without a claim template: {missing}"


# CR 702 (the 2026-04-17 edition): the keyword each rule number is about. A label citing one names the keyword (or
# the rule it labels uses it): a citation of the wrong number (menace was 702.110b until its renumbering) fails here.
# Escape (702.138) and living metal (702.161) are left out: the many rules about their costs and duration name them
# only in their files' headers.
KEYWORD_RULES = {
    "702.2": "deathtouch", "702.3": "defender", "702.5": "enchant", "702.4": "double strike", "702.6": "equip", "702.7": "first strike",
    "702.8": "flash", "702.9": "flying", "702.10": "haste", "702.11": "hexproof", "702.12": "indestructible", "702.14": "landwalk",
    "702.15": "lifelink", "702.16": "protection", "702.17": "reach", "702.18": "shroud", "702.19": "trample", "702.20": "vigilance",
    "702.21": "ward", "702.34": "flashback", "702.43": "modular", "702.108": "prowess", "702.111": "menace", "702.114": "devoid", "702.122": "crew",
    "702.162": "more than meets the eye", "702.29": "cycling", "702.33": "kicker", "702.40": "storm", "702.54": "bloodthirst",
    "702.83": "exalted", "702.88": "rebound", "702.98": "unleash", "702.107": "outlast", "702.112": "renown", "702.93": "undying", "702.62": "suspend", "702.63": "vanishing", "702.86": "annihilator",
    "702.41": "affinity", "702.52": "dredge", "702.174": "gift", "702.175": "offspring", "702.73": "changeling",
}


def test_702_keyword_citations_name_their_keyword():
    texts = dict(rule_files())
    wrong = []
    for label in kb().labels:
        lines = texts[label.file].splitlines()
        body = next((ln for ln in lines[label.line - 1:] if ln.strip() and not ln.lstrip().startswith("%")), "")
        said = (label.text + " " + body).lower().replace("_", " ")
        for r in label.rules:
            m = re.fullmatch(r"CR (702\.\d+)[a-z]?", r)
            if m and m[1] not in ("702.1", "702.138", "702.161"):
                word = KEYWORD_RULES.get(m[1])
                if word is None or word not in said:
                    wrong.append(f"rules/{label.file}:{label.line}: {r} ({word or 'no keyword known'}) — {label.text}")
    assert not wrong, "\n".join(wrong)


def test_an_engine_rule_is_never_shown_in_an_explanation():
    """Explanations are made of rules of the game: a conclusion drawn by an engine rule is spliced out of the tree
    (what it rests on is shown in its place), so no node cites it or claims it."""
    from clingo import Function, Number

    from pyrules.answers.trees import Explainer
    from pyrules.game.engine import Game
    from pyrules.kb.words import Renderer

    text = ("%: claim a(T) = a holds\n%: claim b(T) = b holds\n%: claim c(T) = c holds\n\n#program state_objects(t).\n\n"
            "% CR 100.1 — a\na(t) :- start(t).\n\n% ENGINE — b, for the engine\nb(t) :- a(t).\n\n"
            "% CR 405.1 — c\nc(t) :- b(t).\n")
    pipeline = "%: state state_objects\n%: show show\n"
    base = compile_kb([("x.lp", text), ("y.lp", "#program show(t).\n\n% CR 109.1 — shown\nout(t) :- now(t).\n"),
                       ("pipeline.lp", pipeline)], "rulings: []\n")
    game = Game([Function("start", [Number(0)])], base=base, explain=True)
    ex = Explainer(base, game, Renderer(base, {}, set()), game.added, {0: 0})
    ex.prepare([("c", 1)])
    root = ex.node(Function("c", [Number(0)]))
    assert root.rule == "CR 405.1"
    assert [n.claim for n in root.because] == ["a holds"] and root.because[0].rule == "CR 100.1"
    assert "b holds" not in [n.claim for n in root.walk()]


def test_a_rule_written_once_cites_the_case_that_holds():
    """`%: case`: the reason is derived by one rule; which rule and ruling it cites is the label of the case
    rule that holds for it (the sorcery-timing reason: REX-02 for escape, BOT-12 from exile, CR 307.1 else)."""
    import clingo

    from pyrules.kb.compile import compile_kb

    rules = """%: case kind_case/2
%: reason too_early = not yet

#program state_objects(t).

% CR 117.1a — a noninstant spell waits (the case cites the rule and ruling)
why_not(X, too_early, t) :- thing(X), kind_case(X, t).

% CR 117.1a, 307.1; REX-02 — with escape
kind_case(X, t) :- thing(X), X = escaped.

% CR 117.1a — any other
kind_case(X, t) :- thing(X), X != escaped.
"""
    pipeline = "%: state state_objects\n%: show show\n"
    base = compile_kb([("a.lp", rules), ("b.lp", "#program show(t).\n\n% CR 109.1 — shown\nout(t) :- now(t).\n"),
                       ("pipeline.lp", pipeline)], "rulings: []\n")
    assert base.cases == {("kind_case", 3)} and ("kind_case", 3) in base.hidden
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], "thing(escaped). thing(normal).")
    for part in ("state_objects",):
        ctl.add(part, list(base.parts[part][0]), base.parts[part][1].split("\n", 1)[1])
        ctl.add(part + "_why", ["t"], "\n".join(text for _sig, text, _n in base.shadows[part]))
    ctl.ground([("base", []), ("state_objects", [clingo.Number(0)]), ("state_objects_why", [clingo.Number(0)])])
    cited = {str(a.symbol.arguments[0]): base.label(a.symbol.arguments[2].number)
             for a in ctl.symbolic_atoms.by_signature("why_not", 4)}
    assert cited["escaped"].rules == ("CR 117.1a", "CR 307.1") and cited["escaped"].rulings == ("REX-02",)
    assert cited["normal"].summary == "any other" and cited["normal"].rulings == ()
    # the explanation of each reason is the case's rule: its shadow records the case's label
    why = {str(a.symbol.arguments[1].arguments[0]): a.symbol.arguments[0].number
           for a in ctl.symbolic_atoms.by_signature("pyrules_why", 3) if a.symbol.arguments[1].name == "why_not"}
    assert base.label(why["escaped"]).summary == "with escape" and base.label(why["normal"]).summary == "any other"
