"""Every rule in rules/ carries a label naming the CR rule (and rulings) it encodes — checked with clingo.ast."""

import re

import yaml
from clingo import ast

from pyrules.kb import kb, parse_label, rule_files, _label_lines

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
        if label is None or not parse_label(label)[0]:
            missing.append(f"rules/{name}:{stm.location.begin.line}: {stm}")
    assert count > 100
    assert not missing, "rules without a '% CR ...' label:\n" + "\n".join(missing)


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
        assert label.rules, label.text
        for rid in label.rulings:
            assert rid in RULINGS, f"{label.file}:{label.line} cites unknown ruling {rid}"
        for r in label.rules:
            assert re.fullmatch(r"CR \d{3}(\.\d+[a-z]?(\([a-z]\))?)?", r), r


def test_parse_label():
    rules, rulings, text = parse_label("% CR 613.1d, 702.161a; BOT-05, BOT-09 — living metal")
    assert rules == ("CR 613.1d", "CR 702.161a")
    assert rulings == ("BOT-05", "BOT-09")
    assert text == "living metal"


def test_knowledge_base_loads_without_unlabelled_rules():
    from pyrules.engine import grounding_calls

    base = kb()
    assert base.unlabelled == []
    # every labelled rule has a shadow rule (explanations are made of them)
    assert sum(len(v) for v in base.shadows.values()) >= len(base.labels)
    # the parts are the ones the engine grounds
    grounded = {p for parts in grounding_calls().values() for p in parts} | {"base", "validate"}
    assert set(base.parts) <= grounded | {p for p in base.parts if p.startswith(("vf", "vt", "va"))}
    assert {"base", "s_obj", "d_chg", "d_frame", "show"} <= set(base.parts)


def test_every_predicate_reads_as_a_sentence_or_is_bookkeeping():
    # explanations show claims, not atoms: each predicate has a `%: claim` template or is hidden (`%: hide`)
    from pyrules.kb import CITED

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
    missing = sorted(s for s in sigs if s not in base.hidden
                     and (s if s not in CITED else (s[0], s[1] + 1)) not in base.templates)
    assert not missing, f"predicates without a claim template: {missing}"
