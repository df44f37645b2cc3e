"""Answers read in bulk (pyrules.kb.terms): a term parsed from a clingo symbol's text answers every question the
symbol answers — type, name, arguments, number, string, text — for every shape of term clingo prints."""

import pytest
from clingo import SymbolType, parse_term

from pyrules.kb.terms import parse


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


TERMS = ['out_object("o1","Arcee, Sharpshooter",battlefield,"alice","alice",front,3,card,2)',
         'f(-3,"q\\"x\\\\n",g(h,()),(1,2))', "f((a,b))", "f(())", "f(-x)", 'f("é\\n")', "f(-5,0)",
         "f(x,1,2,trigger_3)", 'f("")', "f(tok(2,1),(a,))"]


@pytest.mark.parametrize("direct", [True, False], ids=["C calls", "text"])
def test_facts_read_in_bulk_are_the_grounded_symbols(direct, monkeypatch):
    """pyrules.kb.terms.facts reads a signature's facts with clingo's C functions called directly (or, where a
    clingo build doesn't give them, from each atom's text): either way the terms are the symbols clingo holds,
    text included, and atoms that are not facts are left out."""
    import clingo

    from pyrules.kb import terms

    monkeypatch.setattr(terms, "_DIRECT", direct and terms._DIRECT)
    ctl = clingo.Control(["--warn=none"])
    with ctl.backend() as b:
        for text in TERMS:
            b.add_rule([b.add_atom(parse_term(text))])
        b.add_rule([b.add_atom(parse_term("f(not_a_fact)"))], [b.add_atom(parse_term("g"))], choice=False)
        b.add_rule([b.add_atom(parse_term("g"))], choice=True)
    got = {str(t): t for t in terms.facts(ctl, "f", 1) + terms.facts(ctl, "f", 2) + terms.facts(ctl, "f", 4)
           + terms.facts(ctl, "out_object", 9)}
    want = [parse_term(t) for t in TERMS]
    assert sorted(got) == sorted(str(s) for s in want)
    for sym in want:
        assert same(sym, got[str(sym)])


def test_symbols_built_with_direct_calls_are_clingos_own():
    """pyrules.kb.terms.Function and String build the symbols clingo.Function and clingo.String build (the facts of
    every scenario are made with them), for names, strings with quotes, backslashes and accents, tuples, signs
    and argument lists past the preallocated buffer."""
    import clingo
    from clingo import Number

    from pyrules.kb import terms

    texts = ['plain', 'with "quotes"', "back\\slash", "é\nü", ""]
    for t in texts:
        assert terms.String(t) == clingo.String(t) and str(terms.String(t)) == str(clingo.String(t))
    args = [Number(1), clingo.String("x"), clingo.Function("a")]
    for name, a, positive in [("f", args, True), ("", args[:2], True), ("g", [], False), ("h", [Number(i) for i in range(70)], True)]:
        assert terms.Function(name, a, positive) == clingo.Function(name, a, positive)


def test_facts_added_with_direct_calls_are_facts():
    import clingo
    from clingo import Number

    from pyrules.kb import terms

    ctl = clingo.Control(["--warn=none"])
    syms = [terms.Function("p", [Number(i), terms.String(f"s{i}")]) for i in range(5)]
    with ctl.backend() as b:
        terms.add_facts(b, syms)
    ctl.ground([("base", [])])
    got = sorted(str(t) for t in terms.facts(ctl, "p", 2))
    assert got == sorted(str(s) for s in syms)
