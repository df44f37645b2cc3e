"""The knowledge base's words for what cards print: the five colors, and mana symbols as terms
(rules/core/mana_value.lp writes {G} as g, {2/W} as mono_hybrid(w), {X} as x), both ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clingo import Function, Number, Symbol, SymbolType

if TYPE_CHECKING:   # (a parsed symbol: only its fields are read)
    from pyrules.cards.mana import ManaSymbol

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def symbol_term(s: ManaSymbol) -> Symbol:
    """A mana symbol as the knowledge base writes it (rules/core/mana_value.lp)."""
    k = s.kind
    low = [Function(c.lower()) for c in s.colors]
    if k == "generic":
        return Function("generic", [Number(s.amount or 0)])
    if k == "colored":
        return low[0]
    if k == "colorless":
        return Function("c")
    if k == "snow":
        return Function("s")
    if k == "x":
        return Function("x")
    if k == "hybrid":
        a, b = s.text.strip("{}").split("/")
        return Function("hybrid", [Function(a.lower()), Function(b.lower())])
    if k == "mono_hybrid":
        return Function("mono_hybrid", low)
    if k == "phyrexian":
        return Function("phyrexian", low)
    if k == "hybrid_phyrexian":
        a, b, _ = s.text.strip("{}").split("/")
        return Function("hybrid_phyrexian", [Function(a.lower()), Function(b.lower())])
    raise ValueError(f"no term for the mana symbol {s.text}")   # (parse_mana_cost refuses every other symbol)


_SYM_TEXT = {"w": "{W}", "u": "{U}", "b": "{B}", "r": "{R}", "g": "{G}", "c": "{C}", "s": "{S}", "x": "{X}"}


def symbol_text(sym: Symbol) -> str:
    """A mana symbol term of the knowledge base as printed ({W}, {2/W}, {R/P}, ...)."""
    if sym.type == SymbolType.Function:
        n, args = sym.name, sym.arguments
        if n in _SYM_TEXT and not args:
            return _SYM_TEXT[n]
        if n == "generic":
            return "{" + str(args[0].number) + "}"
        if n == "hybrid":
            return "{" + args[0].name.upper() + "/" + args[1].name.upper() + "}"
        if n == "mono_hybrid":
            return "{2/" + args[0].name.upper() + "}"
        if n == "phyrexian":
            return "{" + args[0].name.upper() + "/P}"
        if n == "hybrid_phyrexian":
            return "{" + args[0].name.upper() + "/" + args[1].name.upper() + "/P}"
    return "{" + str(sym) + "}"
