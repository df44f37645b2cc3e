"""The knowledge base's words for what cards print: the five colors, and mana symbols as terms
(rules/core/mana_value.lp writes {G} as g, {2/W} as mono_hybrid(w), {X} as x), both ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clingo import Function, Symbol, SymbolType

from pyrules.kb.interface import MANA_GENERIC, MANA_HYBRID, MANA_HYBRID_PHYREXIAN, MANA_MONO_HYBRID, MANA_PHYREXIAN

if TYPE_CHECKING:   # (a parsed symbol: only its fields are read)
    from pyrules.cards.mana import ManaSymbol

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def symbol_term(s: ManaSymbol) -> Symbol:
    """A mana symbol as the knowledge base writes it (rules/core/mana_value.lp)."""
    k = s.kind
    low = [Function(c.lower()) for c in s.colors]
    if k == "generic":
        return MANA_GENERIC(s.amount or 0)
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
        return MANA_HYBRID(a.lower(), b.lower())
    if k == "mono_hybrid":
        return MANA_MONO_HYBRID(*low)
    if k == "phyrexian":
        return MANA_PHYREXIAN(*low)
    if k == "hybrid_phyrexian":
        a, b, _ = s.text.strip("{}").split("/")
        return MANA_HYBRID_PHYREXIAN(a.lower(), b.lower())
    raise ValueError(f"no term for the mana symbol {s.text}")   # (parse_mana_cost refuses every other symbol)


_SYM_TEXT = {"w": "{W}", "u": "{U}", "b": "{B}", "r": "{R}", "g": "{G}", "c": "{C}", "s": "{S}", "x": "{X}"}


def symbol_text(sym: Symbol) -> str:
    """A mana symbol term of the knowledge base as printed ({W}, {2/W}, {R/P}, ...)."""
    if sym.type == SymbolType.Function:
        n = sym.name
        if n in _SYM_TEXT and not sym.arguments:
            return _SYM_TEXT[n]
        if n == "generic":
            return "{" + str(MANA_GENERIC.of(sym).amount) + "}"
        if n == "hybrid":
            h = MANA_HYBRID.of(sym)
            return "{" + h.first.name.upper() + "/" + h.second.name.upper() + "}"
        if n == "mono_hybrid":
            return "{2/" + MANA_MONO_HYBRID.of(sym).color.name.upper() + "}"
        if n == "phyrexian":
            return "{" + MANA_PHYREXIAN.of(sym).color.name.upper() + "/P}"
        if n == "hybrid_phyrexian":
            h = MANA_HYBRID_PHYREXIAN.of(sym)
            return "{" + h.first.name.upper() + "/" + h.second.name.upper() + "/P}"
    return "{" + str(sym) + "}"
