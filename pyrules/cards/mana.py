"""Mana symbols as printed on cards: reading a mana cost into its symbols, and what each symbol is.

A mana cost is read symbol by symbol, in printed order ("{G}{G}{U}{U}" stays G, G, U, U). Each symbol
is a `ManaSymbol` with its printed text, its kind, the colors it involves and the amount it adds to a
mana value. The kinds:

    generic            {0} {1} {2} ... {15} ...   amount N, adds N
    colored            {W} {U} {B} {R} {G}         adds 1
    colorless          {C}                         adds 1
    snow               {S}                         adds 1
    x                  {X}                         adds 0 (the value chosen for X is added only on the stack)
    hybrid             {W/U} {U/B} ... {G/U}       adds 1
    mono_hybrid        {2/W} ... {2/G}             amount 2, adds 2
                       {C/W} ... {C/G}             adds 1 (one mana of the color or one colorless)
    phyrexian          {W/P} ... {G/P}             adds 1
    hybrid_phyrexian   {W/U/P} ... {G/U/P}         adds 1

No mana cost and a cost of {0} are different things: `parse_mana_cost("")` is `[]` (no symbols: the
object has no mana cost) while `parse_mana_cost("{0}")` is one generic symbol of amount 0, so an empty
list never stands for {0}. Callers who want the absence spelled out use `parse_optional_cost`, which
gives None for no mana cost (None or "") and a list otherwise.

Anything else between braces ({H/W}, {½}, {∞}, {HW}, {Z}, lower-case letters, hybrids in an order no card
prints) is refused with a `ManaSymbolError` naming the symbol, as are text outside braces and unbalanced
braces; {Y} (a second variable, chosen apart from X) is refused as not supported yet, never read as {X}.
Activation costs may also hold {T} and {Q}: `parse_cost_symbols` reads those too; energy ({E}) is not
supported yet and is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

COLORS = ("W", "U", "B", "R", "G")
_COLOR_SET = frozenset(COLORS)
# The ten two-color pairs in the order cards print them ({W/U}, never {U/W}).
HYBRID_PAIRS = ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")
_HYBRID_SET = frozenset(HYBRID_PAIRS)

KINDS = ("generic", "colored", "colorless", "snow", "x", "hybrid", "mono_hybrid", "phyrexian",
         "hybrid_phyrexian")


class ManaSymbolError(ValueError):
    """A symbol that is not a (supported) mana symbol. `symbol` is the offending text as written."""

    def __init__(self, symbol: str, message: str):
        self.symbol = symbol
        self.message = message
        super().__init__(message)

    def __reduce__(self):
        return (type(self), (self.symbol, self.message))


def _wubrg(letters: Iterable[str]) -> tuple[str, ...]:
    present = set(letters)
    return tuple(c for c in COLORS if c in present)


@dataclass(frozen=True)
class ManaSymbol:
    text: str                        # as printed, with its braces: "{2/W}"
    kind: str                        # one of KINDS
    amount: int | None = None        # generic: N; {2/W}-style mono_hybrid: 2 (the generic half); else None
    colors: tuple[str, ...] = ()     # the colors the symbol involves, in WUBRG order

    @property
    def mana_value(self) -> int:
        """What this symbol adds to a mana value."""
        if self.kind == "generic":
            return self.amount or 0
        if self.kind == "x":
            return 0
        if self.kind == "mono_hybrid":
            return self.amount or 1      # {2/W}: 2; {C/W}: 1 (the larger half counts)
        return 1


@dataclass(frozen=True)
class CostSymbol:
    """A non-mana symbol of an activation cost: {T} (tap) or {Q} (untap)."""

    text: str
    kind: str                        # "tap" | "untap"
    amount: None = None
    colors: tuple[str, ...] = ()

    @property
    def mana_value(self) -> int:
        return 0


_TOKEN = re.compile(r"\{([^{}]*)\}")
_GENERIC = re.compile(r"0|[1-9][0-9]*")
_CACHE: dict[str, ManaSymbol] = {}


def _symbol(inner: str) -> ManaSymbol:
    """One mana symbol from the text between its braces (cached: symbols are immutable)."""
    sym = _CACHE.get(inner)
    if sym is not None:
        return sym
    text = "{" + inner + "}"
    if _GENERIC.fullmatch(inner):
        sym = ManaSymbol(text, "generic", int(inner))
    elif inner in _COLOR_SET:
        sym = ManaSymbol(text, "colored", None, (inner,))
    elif inner == "C":
        sym = ManaSymbol(text, "colorless")
    elif inner == "S":
        sym = ManaSymbol(text, "snow")
    elif inner == "X":
        sym = ManaSymbol(text, "x")
    elif inner in _HYBRID_SET:
        sym = ManaSymbol(text, "hybrid", None, _wubrg(inner.split("/")))
    elif len(inner) == 3 and inner[:2] == "2/" and inner[2] in _COLOR_SET:
        sym = ManaSymbol(text, "mono_hybrid", 2, (inner[2],))
    elif len(inner) == 3 and inner[:2] == "C/" and inner[2] in _COLOR_SET:
        sym = ManaSymbol(text, "mono_hybrid", None, (inner[2],))
    elif len(inner) == 3 and inner[1:] == "/P" and inner[0] in _COLOR_SET:
        sym = ManaSymbol(text, "phyrexian", None, (inner[0],))
    elif len(inner) == 5 and inner[3:] == "/P" and inner[:3] in _HYBRID_SET:
        sym = ManaSymbol(text, "hybrid_phyrexian", None, _wubrg(inner[:3].split("/")))
    else:
        raise ManaSymbolError(text, _unknown_message(inner))
    _CACHE[inner] = sym
    return sym


def _unknown_message(inner: str) -> str:
    text = "{" + inner + "}"
    if inner in ("T", "Q"):
        return f"{text} is a cost symbol, not a mana symbol"
    if inner == "E":
        return f"energy symbols ({text}) are not supported yet"
    if inner == "Y":   # a second variable, chosen apart from X: never to be read as {X}
        return f"{text} is not supported yet (pyrules models one variable, {{X}})"
    upper = inner.upper()
    if upper != inner:
        try:
            _symbol(upper)
        except ManaSymbolError:
            pass
        else:
            return f"unknown mana symbol {text} (mana symbols are written in capitals: {{{upper}}})"
    parts = upper.split("/")
    if len(parts) in (2, 3) and all(p in _COLOR_SET for p in parts[:2]) and parts[0] != parts[1]:
        pair = "/".join(reversed(parts[:2]))
        if pair in _HYBRID_SET:
            fixed = "{" + "/".join([pair] + parts[2:]) + "}"
            return f"unknown mana symbol {text} (hybrid symbols are written {fixed})"
    return f"unknown mana symbol {text}"


def _tokens(text: str) -> list[str]:
    """The text between each pair of braces; anything else (stray text, unbalanced braces) is refused."""
    if not isinstance(text, str):
        raise ManaSymbolError(repr(text), f"a mana cost is text like '{{1}}{{R}}', not {type(text).__name__}")
    out: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            _refuse_stray(text, pos, m.start())
        out.append(m.group(1))
        pos = m.end()
    if pos != len(text):
        _refuse_stray(text, pos, len(text))
    return out


def _refuse_stray(text: str, start: int, end: int) -> None:
    stray = text[start:end]
    if "{" in stray or "}" in stray:
        raise ManaSymbolError(stray, f"unbalanced braces in mana cost {text!r} at {stray!r}")
    raise ManaSymbolError(stray, f"{stray!r} in mana cost {text!r} is not a mana symbol "
                                 "(each symbol is written in braces, like {2}{W})")


def parse_mana_cost(text: str) -> list[ManaSymbol]:
    """A printed mana cost -> its symbols in printed order. "" (no mana cost) -> []; "{0}" -> [{0}]."""
    return [_symbol(inner) for inner in _tokens(text)]


def parse_optional_cost(text: str | None) -> list[ManaSymbol] | None:
    """Like parse_mana_cost, but None for "no mana cost" (None or ""), so it can't be mistaken for {0}."""
    if text is None or text == "":
        return None
    return parse_mana_cost(text)


def parse_cost_symbols(text: str) -> list[ManaSymbol | CostSymbol]:
    """The symbols of an activation cost such as "{2}{T}" or "{Q}": mana symbols plus {T} and {Q}."""
    out: list[ManaSymbol | CostSymbol] = []
    for inner in _tokens(text):
        if inner == "T":
            out.append(CostSymbol("{T}", "tap"))
        elif inner == "Q":
            out.append(CostSymbol("{Q}", "untap"))
        else:
            out.append(_symbol(inner))
    return out


def colors_of(symbols: Iterable[ManaSymbol | CostSymbol]) -> list[str]:
    """The colors of these symbols, in WUBRG order ([] for colorless)."""
    return list(_wubrg(c for s in symbols for c in s.colors))


def mana_value(symbols: Iterable[ManaSymbol | CostSymbol] | None) -> int:
    """The total each symbol adds ({2/W} 2, X 0, Phyrexian 1); 0 for no mana cost (None or [])."""
    return sum(s.mana_value for s in symbols or ())


def format_cost(symbols: Iterable[ManaSymbol | CostSymbol] | None) -> str:
    """Symbols back to printed text, in the order given ("" for no mana cost)."""
    return "".join(s.text for s in symbols or ())
