"""Answers read in bulk (pyrules.terms): a term parsed from a clingo symbol's text answers every question the
symbol answers — type, name, arguments, number, string, text — for every shape of term clingo prints."""

import pytest
from clingo import SymbolType, parse_term

from pyrules.terms import parse


def same(a, b) -> bool:
    if a.type != b.type or str(a) != str(b):
        return False
    if a.type == SymbolType.Number:
        return a.number == b.number
    if a.type == SymbolType.String:
        return a.string == b.string
    return a.name == b.name and len(a.arguments) == len(b.arguments) and all(map(same, a.arguments, b.arguments))


@pytest.mark.parametrize("text", [
    'out_object("o1","Arcee, Sharpshooter",battlefield,"alice","alice",front,3,card,2)',
    'f(-3,"q\\"x\\\\n",g(h,()),(1,2))', "x", "tok(2,1)", "f((a,b))", "-f(a)", "(a,)", "f(())", "f(-x)",
    'g("it\'s")', '"a(b,c)"', '"é\\n"', "-5", "0", "ab(x,1,2,trigger_3)", 'f("")',
])
def test_a_parsed_term_is_the_symbol(text):
    sym = parse_term(text)
    assert same(sym, parse(str(sym)))


def test_text_that_is_not_a_term_is_refused():
    with pytest.raises(ValueError):
        parse("f(a) g")
