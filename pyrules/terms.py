"""Reading answers in bulk: a clingo term turned into a plain Python object from its text.

Reading a term through clingo's Python API costs a call into the C library for each argument and each type
test; a board of a thousand objects has tens of thousands of answer atoms. `parse(str(symbol))` costs one
call per atom: the text is split here. A Term answers the same questions a clingo Symbol does (type, name,
arguments, number, string, str()), so code that reads answers works on either.
"""

from __future__ import annotations

import re

from clingo import SymbolType

_NUMBER, _STRING, _FUNCTION = SymbolType.Number, SymbolType.String, SymbolType.Function
_ESCAPES = {"n": "\n", "\\": "\\", '"': '"', "t": "\t"}


class Term:
    __slots__ = ("type", "name", "arguments", "number", "string", "_text", "_span")

    def __init__(self, type_, name="", arguments=(), number=0, string="", text=None, span=None):
        self.type = type_
        self.name = name
        self.arguments = arguments
        self.number = number
        self.string = string
        self._text = text
        self._span = span  # (tokens, first, end): the text, joined only when asked for

    @property
    def text(self) -> str:
        if self._text is None:
            tokens, i, j = self._span
            self._text = "".join(tokens[i:j])
            self._span = None
        return self._text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.text)


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+|-?[A-Za-z_\'][A-Za-z0-9_\']*|[(),]')
_UNESCAPE = re.compile(r"\\(.)")


def parse(text: str) -> Term:
    """The term a clingo symbol's text (str(symbol)) writes."""
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"not a term: {text!r}")
    term, end = _term(tokens, 0)
    if end != len(tokens):
        raise ValueError(f"not one term: {text!r}")
    term._text, term._span = text, None
    return term


_LEAVES: dict[str, Term] = {}


def _leaf(tok: str) -> Term:
    """A constant, number or string: made once per distinct text (terms are never changed once made)."""
    c = tok[0]
    if c == '"':
        body = tok[1:-1]
        if "\\" in body:
            body = _UNESCAPE.sub(lambda m: _ESCAPES.get(m[1], m[1]), body)
        term = Term(_STRING, string=body, text=tok)
    elif c.isdigit() or (c == "-" and tok[1:2].isdigit()):
        term = Term(_NUMBER, number=int(tok), text=tok)
    else:
        term = Term(_FUNCTION, name=tok[1:] if c == "-" else tok, arguments=(), text=tok)
    if len(_LEAVES) < 100_000:
        _LEAVES[tok] = term
    return term


def _term(tokens: list[str], i: int) -> tuple[Term, int]:
    tok = tokens[i]
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    if nxt != "(" and tok != "(":
        leaf = _LEAVES.get(tok)
        return (leaf if leaf is not None else _leaf(tok)), i + 1
    c = tok[0]
    if tok == "(":  # a tuple
        name, j = "", i
    else:
        name, j = (tok[1:] if c == "-" else tok), i + 1
    if j < len(tokens) and tokens[j] == "(":
        args = []
        j += 1
        while tokens[j] != ")":
            arg, j = _term(tokens, j)
            args.append(arg)
            if tokens[j] == ",":
                j += 1
        j += 1
        return Term(_FUNCTION, name=name, arguments=args, span=(tokens, i, j)), j
    return Term(_FUNCTION, name=name, arguments=[], text=tok), j

