"""Words for atoms and terms, from the knowledge base's `%:` templates.

Templates are sentences with slots: {X} names the value of X, {a X} adds an article, {X:+} a signed
number, {in Z} / {from Z} / {to Z} a zone with its preposition ("on the battlefield", "from exile"), {N card|cards}
a count with the noun that agrees with it ("1 card", "4 cards"), {words N} a number in words ("five"), {word X} a
word of the knowledge base read as words ("mana value"), {text X} a value as written (an id as the scenario
writes it, a name, a word), {json X} a value as `show --json` writes it.
Object ids read as card names ("Arcee, Acrobatic Coupe"), or with their id when two objects share a name.
"""

from __future__ import annotations

import json
import re

from clingo import Symbol, SymbolType

from pyrules.kb.compile import KnowledgeBase, Template
from pyrules.kb.interface import ABILITY, FILTER, GENERATED_IDS, TOKEN_ID, TRIGGER_ID
from pyrules.kb.vocabulary import COLOR_WORDS, symbol_text

_VOWEL = re.compile(r"^[aeiou]", re.I)
MANA_WORDS = {k.lower(): v for k, v in COLOR_WORDS.items()} | {"c": "colorless"}   # a kind of mana, {color S}
ZONE_IN = {"battlefield": "on the battlefield", "stack": "on the stack", "graveyard": "in a graveyard",
           "exile": "in exile", "hand": "in a hand", "library": "in a library"}
ZONE_FROM = {"battlefield": "from the battlefield", "stack": "from the stack", "graveyard": "from a graveyard",
             "exile": "from exile", "hand": "from a hand", "library": "from a library"}
ZONE_TO = {"battlefield": "onto the battlefield", "stack": "onto the stack", "graveyard": "to a graveyard",
           "exile": "into exile", "hand": "to a hand", "library": "to a library"}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _possessive(text: str) -> str:
    """"March of the Machines's" -> "March of the Machines'" (a name ending in s takes the apostrophe alone)."""
    return re.sub(r"(?<=[a-z]s)'s\b", "'", text)


def generated_id(t: Symbol, token_counts: dict[int, int] | None = None) -> str | None:
    """trig(2,1) -> trigger_2_1; tok(3,1) -> token_3 (or token_3_1 when step 3 made several); eff -> effect_N_K."""
    if t.type != SymbolType.Function or len(t.arguments) != 2 or t.name not in GENERATED_IDS:
        return None
    made = GENERATED_IDS[t.name]
    ids = made.of(t)
    n, k = ids.step, ids.n
    if made is TOKEN_ID:
        if token_counts is not None and token_counts.get(n, 1) == 1 and k == 1:
            return f"token_{n}"
        return f"token_{n}_{k}"
    return f"{'trigger' if made is TRIGGER_ID else 'effect'}_{n}_{k}"


def py(sym: Symbol, token_counts: dict[int, int] | None = None):
    """A clingo term as a plain Python value: numbers, strings, constants as strings, ids as ids, none as None."""
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function:
        if not sym.arguments:
            return None if sym.name == "none" else sym.name
        g = generated_id(sym, token_counts)
        if g is not None:
            return g
    return str(sym)


def _split(params: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    return out + [cur.strip()]


def _match(pattern: str, sym: Symbol, values: dict[str, Symbol]) -> bool:
    """Whether a template's argument pattern (a variable, a constant, or f(...) of patterns) matches a term;
    binds the variables it names."""
    if not pattern or pattern[0].isupper() or pattern[0] == "_":
        if pattern in values and pattern != "_":
            return values[pattern] == sym
        values[pattern] = sym
        return True
    if pattern[0].isdigit() or pattern[0] == "-":
        return sym.type == SymbolType.Number and str(sym.number) == pattern
    if pattern[0] == '"':
        return sym.type == SymbolType.String and sym.string == pattern.strip('"')
    name, paren, rest = pattern.partition("(")
    if sym.type != SymbolType.Function or sym.name != name.strip():
        return False
    if not paren:
        return not sym.arguments
    args = _split(rest[:-1]) if rest[:-1].strip() else []
    return len(args) == len(sym.arguments) and all(_match(p, a, values) for p, a in zip(args, sym.arguments))


class Renderer:
    """Turns atoms and terms into readable words, using the templates of the knowledge base."""

    def __init__(self, base: KnowledgeBase, names: dict[str, str], players: set[str], lines: dict | None = None,
                 token_counts: dict[int, int] | None = None):
        self.base = base
        self.players = players
        self.lines = lines or {}
        self.token_counts = token_counts or {}
        counts: dict[str, int] = {}
        for n in names.values():
            counts[n] = counts.get(n, 0) + 1
        self.display = {}
        for oid, n in names.items():
            plain = oid.replace("_", " ").replace("-", " ").casefold()
            if n == oid or (counts[n] == 1 and (plain in n.casefold() or n.casefold().startswith(plain))):
                self.display[oid] = n
            else:
                self.display[oid] = f"{n} ({oid})"

    def name(self, oid: str) -> str:
        return self.display.get(oid, oid)

    _anything = False
    _why = 0   # inside a reason: a plain constant may be one (`land`, `defender`), read by its `%: reason` template

    def term(self, t: Symbol) -> str:
        if self._anything and t.type == SymbolType.Function and t.name == "any" and not t.arguments:
            return "any one"
        if t.type == SymbolType.String:
            return self.display.get(t.string, t.string)
        if t.type == SymbolType.Number:
            return str(t.number)
        if t.type == SymbolType.Function:
            g = generated_id(t, self.token_counts)
            if g is not None:
                return self.display.get(g, g)
            ab = ABILITY.match(t)
            if ab is not None:
                text = self.lines.get(str(t))
                if text:
                    words = text.rstrip(".").split()
                    return f"“{' '.join(words[:7])}…”" if len(words) > 9 else f"“{text}”"
                return ab.name.name.replace("_", " ")
            f = FILTER.match(t)
            if f is not None and f.text.type == SymbolType.String:
                return f.text.string.split(" [")[0]
            tpl = self._template("term", t)
            if tpl is not None:
                return tpl
            tpl = self._template("fluent", t)
            if tpl is not None:
                return tpl
            if t.arguments or self._why:   # (elsewhere `land` is a card type, `defender` a keyword)
                tpl = self._template("reason", t)
                if tpl is not None:
                    return tpl
            if not t.arguments:
                return t.name.replace("_", " ")
            if not t.name:
                return ", ".join(self.term(a) for a in t.arguments)
            return f"{t.name.replace('_', ' ')}({', '.join(self.term(a) for a in t.arguments)})"
        return str(t)

    def _fill(self, tpl: Template, values: dict[str, Symbol]) -> str:

        def sub(m: re.Match) -> str:
            spec = m.group(1)
            name, space, forms = spec.partition(" ")
            if space and "|" in forms and name in values:
                one, _, many = forms.partition("|")
                v = values[name]
                if v.type == SymbolType.Number:
                    return f"{v.number} {one if v.number == 1 else many}"
                return f"{self.term(v)} {many}"
            if spec.startswith("text ") and spec[5:] in values:   # a value as written: an id, a name, a word
                v = values[spec[5:]]
                return v.string if v.type == SymbolType.String else str(py(v, self.token_counts))
            if spec.startswith("word ") and spec[5:] in values:   # a word of the knowledge base as words: mana value
                v = values[spec[5:]]
                return v.name.replace("_", " ") if v.type == SymbolType.Function and not v.arguments else self.term(v)
            if spec.startswith("json ") and spec[5:] in values:   # a value as `show --json` writes it
                return json.dumps(py(values[spec[5:]], self.token_counts))
            if spec.startswith("words ") and spec[6:] in values:   # a number in words, from one to ten
                v = values[spec[6:]]
                if v.type == SymbolType.Number and 0 < v.number < len(NUMBER_WORDS):
                    return NUMBER_WORDS[v.number]
                return self.term(v)
            if spec.startswith("why ") and spec[4:] in values:   # a reason: {why R}
                return self._as_reason(self.term, values[spec[4:]])
            if spec.startswith("mana ") and spec[5:] in values:   # a mana symbol as printed: {G}, {2/W}
                return symbol_text(values[spec[5:]])
            if spec.startswith("color ") and spec[6:] in values:   # a kind of mana in words: green, colorless
                v = values[spec[6:]]
                if v.type == SymbolType.Function and not v.arguments and v.name in MANA_WORDS:
                    return MANA_WORDS[v.name]
                return self.term(v)
            for prefix, table in (("in ", ZONE_IN), ("from ", ZONE_FROM), ("to ", ZONE_TO)):
                if spec.startswith(prefix) and spec[len(prefix):] in values:
                    v = values[spec[len(prefix):]]
                    if v.type == SymbolType.Function and v.name in table:
                        return table[v.name]
                    return self.term(v)
            article = spec.startswith("a ")
            name = spec[2:] if article else spec
            signed = name.endswith(":+")
            name = name[:-2] if signed else name
            v = values.get(name)
            if v is None:
                return m.group(0)
            if signed and v.type == SymbolType.Number:
                return f"{v.number:+d}"
            text = self.term(v)
            if article and not re.match(r"(?:a|an|another|the|each|every|any)\b", text):
                text = ("an " if _VOWEL.match(text) else "a ") + text
            return text

        return _possessive(re.sub(r"\{([^}]+)\}", sub, tpl.text))

    def _template(self, kind: str, atom: Symbol, negated: bool = False, extra: dict | None = None) -> str | None:
        """The atom in the words of its first template of this kind that matches it; `extra` fills slots the
        atom doesn't (what the asker knows: where in a search a state is)."""
        if atom.type != SymbolType.Function:
            return None
        for tpl in self.base.templates.get((atom.name, len(atom.arguments)), []):
            if tpl.kind != kind or tpl.negated != negated:
                continue
            values: dict[str, Symbol] = dict(extra or {})
            if all(_match(p, a, values) for p, a in zip(tpl.params, atom.arguments)):
                return self._as_reason(self._fill, tpl, values) if kind == "reason" else self._fill(tpl, values)
        return None

    def _as_reason(self, render, *args) -> str:
        self._why += 1
        try:
            return render(*args)
        finally:
            self._why -= 1

    def summary(self, atom: Symbol, negated: bool = False) -> str | None:
        """How a short answer names a deciding fact (`%: summary`), or None: the fact doesn't decide answers."""
        return self._template("summary", atom, negated)

    def claim(self, atom: Symbol) -> str:
        text = self._template("claim", atom)
        if text is not None:
            return text
        return f"{atom.name.replace('_', ' ')}({', '.join(self.term(a) for a in atom.arguments)})"

    def absent(self, atom: Symbol) -> str:
        text = self._template("claim", atom, negated=True)
        if text is not None:
            return text
        self._anything = True   # in an absence, `any` (a '_' of the rule) stands for anything
        try:
            return "it is not the case that " + self.claim(atom)
        finally:
            self._anything = False

    def reason(self, atom: Symbol, extra: dict | None = None) -> str:
        text = self._template("reason", atom, extra=extra)
        return text if text is not None else self._as_reason(self.term, atom)
