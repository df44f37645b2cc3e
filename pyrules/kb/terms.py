"""Reading answers in bulk: clingo terms turned into plain Python objects.

Reading a term through clingo's Python API costs a call into the C library (through a generic wrapper that
allocates its own out-parameters) for each argument and each type test; a board of a thousand objects has
tens of thousands of answer atoms. `facts(ctl, name, arity)` walks a signature's atoms with clingo's C
functions called directly, out-parameters allocated once, and decodes each argument once per distinct symbol
(clingo interns its symbols: one number stands for one term for the whole process), about a fifth of the
cost. Where clingo's C functions can't be reached (another build of the module), `parse(str(symbol))` reads
the text of each atom instead. A Term answers the same questions a clingo Symbol does (type, name,
arguments, number, string, str()), so code that reads answers works on either.
"""

from __future__ import annotations

import re
from _thread import _local

from clingo import SymbolType

_NUMBER, _STRING, _FUNCTION = SymbolType.Number, SymbolType.String, SymbolType.Function
_ESCAPES = {"n": "\n", "\\": "\\", '"': '"', "t": "\t"}


class Term:
    __slots__ = ("type", "name", "arguments", "number", "string", "_text", "_span", "_hash")

    def __init__(self, type_, name="", arguments=(), number=0, string="", text=None, span=None):
        self.type = type_
        self.name = name
        self.arguments = arguments
        self.number = number
        self.string = string
        self._text = text
        self._span = span  # (tokens, first, end), or clingo's number for the symbol: the text, made when asked for
        self._hash = None

    @property
    def text(self) -> str:
        if self._text is None:
            span = self._span
            if isinstance(span, int):
                self._text = _symbol_text(span)
            else:
                tokens, i, j = span
                self._text = "".join(tokens[i:j])
            self._span = None
        return self._text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash(self.text)
        return h


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


def strings_in(terms) -> set[str]:
    """The strings anywhere inside these terms (clingo Symbols or Terms): the ids and names an atom mentions."""
    out: set[str] = set()
    todo = list(terms)
    while todo:
        x = todo.pop()
        if x.type == SymbolType.String:
            out.add(x.string)
        elif x.type == SymbolType.Function:
            todo.extend(x.arguments)
    return out


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


# ------------------------------------------------------------------------------------------------ direct reading

# clingo's private API (clingo._internal: the cffi handle on its C library) is used here and nowhere else in
# pyrules, for the speed said above. Checked against clingo 5.8.3 (pyproject.toml admits >=5.8,<6);
# tests/test_terms.py checks that the direct way and the public one (`parse` of the symbol's text) read the same
# terms, and a clingo without this module falls back to the public way.
try:   # clingo's C library as its own Python module reaches it (cffi); absent from other builds
    from clingo._internal import _ffi, _lib

    _T_NUMBER, _T_STRING, _T_FUNCTION = (_lib.clingo_symbol_type_number, _lib.clingo_symbol_type_string,
                                         _lib.clingo_symbol_type_function)
    _DIRECT = True
except (ImportError, AttributeError):   # pragma: no cover - depends on the clingo build
    _DIRECT = False

_DECODED: dict[int, Term] = {}   # clingo's symbol number -> its term (symbols live as long as the process)


def _symbol_text(rep: int) -> str:
    size = _ffi.new("size_t*")
    _lib.clingo_symbol_to_string_size(rep, size)
    buf = _ffi.new("char[]", size[0])
    _lib.clingo_symbol_to_string(rep, buf, size[0])
    return _ffi.string(buf).decode()


class _Calls(_local):
    """The out-parameters and argument arrays of the C calls that read and build symbols: allocated once per
    thread (an instance is thread-local), not at each call."""

    def __init__(self):
        self.args = _ffi.new("clingo_symbol_t**")
        self.size = _ffi.new("size_t*")
        self.chars = _ffi.new("char**")
        self.int = _ffi.new("int*")
        self.atoms = _ffi.new("clingo_symbolic_atoms_t**")
        self.sig = _ffi.new("clingo_signature_t*")
        self.it = _ffi.new("clingo_symbolic_atom_iterator_t*")
        self.end = _ffi.new("clingo_symbolic_atom_iterator_t*")
        self.flag = _ffi.new("bool*")
        self.sym = _ffi.new("clingo_symbol_t*")
        # building (Function, String, add_facts)
        self.made_args = _ffi.new("clingo_symbol_t[]", 64)
        self.made = _ffi.new("clingo_symbol_t*")
        self.atom = _ffi.new("clingo_atom_t*")
        self.head = _ffi.new("clingo_atom_t[]", 1)

    def decode(self, rep: int) -> Term:
        term = _DECODED.get(rep)
        if term is not None:
            return term
        kind = _lib.clingo_symbol_type(rep)
        if kind == _T_NUMBER:
            _lib.clingo_symbol_number(rep, self.int)
            term = Term(_NUMBER, number=self.int[0], span=rep)
        elif kind == _T_STRING:
            _lib.clingo_symbol_string(rep, self.chars)
            term = Term(_STRING, string=_ffi.string(self.chars[0]).decode(), span=rep)
        elif kind == _T_FUNCTION:
            _lib.clingo_symbol_name(rep, self.chars)
            name = _ffi.string(self.chars[0]).decode()
            _lib.clingo_symbol_arguments(rep, self.args, self.size)
            n, first = self.size[0], self.args[0]
            reps = [first[i] for i in range(n)]
            term = Term(_FUNCTION, name=name, arguments=[self.decode(r) for r in reps], span=rep)
        else:   # #inf, #sup: never in an answer; read from their text
            term = parse(_symbol_text(rep))
        if len(_DECODED) >= 500_000:
            _DECODED.clear()
        _DECODED[rep] = term
        return term

    def facts(self, ctl, name: str, arity: int, seen: set | None = None) -> list[Term]:
        """The atoms of name/arity that are facts in ctl, as terms (with `seen`, only those not in it, which are
        added to it: clingo's numbers for the symbols read)."""
        lib = _lib
        atoms = self._range(ctl, name, arity)
        it, end, flag, sym, args, size = self.it, self.end, self.flag, self.sym, self.args, self.size
        equal, is_fact, symbol, step = (lib.clingo_symbolic_atoms_iterator_is_equal_to,
                                        lib.clingo_symbolic_atoms_is_fact, lib.clingo_symbolic_atoms_symbol,
                                        lib.clingo_symbolic_atoms_next)
        decode, out, stop = self.decode, [], end[0]
        while True:
            equal(atoms, it[0], stop, flag)
            if flag[0]:
                return out
            is_fact(atoms, it[0], flag)
            if flag[0]:
                symbol(atoms, it[0], sym)
                rep = sym[0]
                if seen is not None:
                    if rep in seen:
                        step(atoms, it[0], it)
                        continue
                    seen.add(rep)
                lib.clingo_symbol_arguments(rep, args, size)
                n, first = size[0], args[0]
                reps = [first[i] for i in range(n)]
                out.append(Term(_FUNCTION, name=name, arguments=[decode(r) for r in reps], span=rep))
            step(atoms, it[0], it)

    def any_atom(self, ctl, name: str, arity: int) -> bool:
        """Whether clingo has any atom of name/arity (a fact or not)."""
        atoms = self._range(ctl, name, arity)
        _lib.clingo_symbolic_atoms_iterator_is_equal_to(atoms, self.it[0], self.end[0], self.flag)
        return not self.flag[0]

    def _range(self, ctl, name: str, arity: int):
        """ctl's symbolic atoms, with self.it and self.end set to the first and past the last atom of name/arity."""
        lib = _lib
        if not lib.clingo_control_symbolic_atoms(ctl._rep, self.atoms):
            raise RuntimeError("clingo could not give its symbolic atoms")
        atoms = self.atoms[0]
        lib.clingo_signature_create(name.encode(), arity, True, self.sig)
        lib.clingo_symbolic_atoms_begin(atoms, self.sig, self.it)
        lib.clingo_symbolic_atoms_end(atoms, self.end)
        return atoms


_CALLS = _Calls() if _DIRECT else None


def any_atom(ctl, name: str, arity: int) -> bool:
    """Whether a clingo Control has any atom of name/arity."""
    if not _DIRECT:
        return any(True for _ in ctl.symbolic_atoms.by_signature(name, arity))
    return _CALLS.any_atom(ctl, name, arity)


def facts(ctl, name: str, arity: int, seen: set | None = None) -> list[Term]:
    """The atoms of name/arity that are facts in a grounded clingo Control, as terms; with `seen`, only those
    not read into it before (it keeps what identifies each symbol read)."""
    if not _DIRECT:
        out = []
        for a in ctl.symbolic_atoms.by_signature(name, arity):
            if a.is_fact and (seen is None or a.symbol not in seen):
                if seen is not None:
                    seen.add(a.symbol)
                out.append(parse(str(a.symbol)))
        return out
    return _CALLS.facts(ctl, name, arity, seen)


def of_symbol(sym) -> Term:
    """The term of a clingo Symbol: the one facts() gives for it (one object per symbol), or read from its text."""
    if not _DIRECT:
        return parse(str(sym))
    return _CALLS.decode(sym._rep)


# ------------------------------------------------------------------------------------------------ building

if _DIRECT:
    from clingo._internal import _handle_error
    from clingo.symbol import Symbol

    _ENCODED: dict[str, bytes] = {}

    def Function(name: str, arguments=(), positive: bool = True) -> Symbol:   # noqa: N802 (clingo's name)
        """clingo.Function, with one call into the C library and no allocation."""
        n = len(arguments)
        if n > 64:
            import clingo

            return clingo.Function(name, arguments, positive)
        calls = _CALLS
        args = calls.made_args
        for i, a in enumerate(arguments):
            args[i] = a._rep
        raw = _ENCODED.get(name)
        if raw is None:
            raw = _ENCODED[name] = name.encode()
        _handle_error(_lib.clingo_symbol_create_function(raw, args, n, positive, calls.made))
        return Symbol(calls.made[0])

    def String(text: str) -> Symbol:   # noqa: N802 (clingo's name)
        """clingo.String, with one call into the C library and no allocation."""
        calls = _CALLS
        _handle_error(_lib.clingo_symbol_create_string(text.encode(), calls.made))
        return Symbol(calls.made[0])

    def add_facts(backend, facts) -> None:
        """Each symbol as a fact through an open clingo backend (Backend.add_atom and add_rule, called directly)."""
        calls = _CALLS
        rep, sym, atom, head = backend._rep, calls.made, calls.atom, calls.head
        add_atom, rule, null = _lib.clingo_backend_add_atom, _lib.clingo_backend_rule, _ffi.NULL
        for s in facts:
            sym[0] = s._rep
            _handle_error(add_atom(rep, sym, atom))
            head[0] = atom[0]
            _handle_error(rule(rep, False, head, 1, null, 0))
else:   # pragma: no cover - depends on the clingo build
    from clingo import Function, String  # noqa: F401

    def add_facts(backend, facts) -> None:
        for s in facts:
            backend.add_rule([backend.add_atom(s)])
