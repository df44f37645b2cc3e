"""Honest answers: a line the reader calls `modelled` compiles into vocabulary terms that the rules act on. Every
effect, cost and trigger term the reader writes for a modelled line of the cards in tests/data must be named in the
body of some rule of rules/ (a term no rule reads would make a line "modelled" that does nothing): checked with
clingo.ast over the rule files, for every card file kept in tests/data."""

import json
from pathlib import Path

from clingo import ast
from clingo.symbol import SymbolType

from pyrules.cards import db
from pyrules.kb.compile import rule_files

DATA = Path(__file__).resolve().parent / "data"
WATCHED = {"effect": 2, "cost": 1, "trigger": 1, "intervening_if": 1, "restriction": 1}   # predicate: its term's place


def _body_names() -> set[str]:
    """The names of every function term and constant written in a rule body of rules/."""
    names: set[str] = set()

    def walk(node):
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.Function:
                names.add(node.name)
            elif node.ast_type == ast.ASTType.SymbolicTerm and node.symbol.type == SymbolType.Function:
                names.add(node.symbol.name)
            for key in node.child_keys:
                walk(getattr(node, key))
        elif isinstance(node, (list, tuple, ast.ASTSequence)):
            for x in node:
                walk(x)

    for _name, text in rule_files():
        stms = []
        ast.parse_string(text, stms.append)
        for stm in stms:
            if stm.ast_type == ast.ASTType.Rule:
                walk(stm.body)
    return names


def _card_files() -> list[Path]:
    out = []
    for p in sorted(DATA.glob("*.json")):
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(doc, (list, dict)):
            out.append(p)
    return out


def test_every_term_of_a_modelled_line_is_read_by_some_rule():
    body = _body_names()
    unread = set()
    lines = 0
    for path in _card_files():
        try:
            cards = db.with_files((str(path),))
        except Exception:          # a file of the card-data tests that is bad on purpose, or not a card file
            continue
        for card in cards.cards.values():
            for line in card.reading():
                if line.status != "modelled":
                    continue
                lines += 1
                for f in line.facts:
                    place = WATCHED.get(f.name)
                    if place is None or len(f.arguments) <= place:
                        continue
                    term = f.arguments[place]
                    if term.type == SymbolType.Function and term.name and term.name not in body:
                        unread.add(f"{card.name} line {line.line}: {f.name} term {term.name}")
    assert lines > 100
    assert not unread, "terms of modelled lines that no rule body names:\n" + "\n".join(sorted(unread))
