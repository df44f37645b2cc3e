"""The bundled card database and the facts it gives the knowledge base.

Cards are stored in Scryfall's field names (pyrules/data/cards.json). This module reads them, finds a
card by any of its names, and turns a card's printed text into facts for clingo: the faces, their mana
costs, type-line words, power and toughness, and the keyword abilities (with their costs) found by one
general parser of keyword lines. What those facts *mean* (which words are card types, what a keyword
does) is decided in rules/, not here.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from clingo import Function, Number, String, Symbol

from .errors import ScenarioError

# The face identifiers of each layout, in the order the card data lists them (Scryfall's card_faces).
FACE_IDS = {
    "normal": ("front",),
    "transform": ("front", "back"),
    "split": ("left", "right"),
    "adventure": ("front", "adventure"),
    "token": ("front",),
}

MANA_SYMBOLS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c", "X": "x"}
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10,
}

# Keyword abilities the parser recognises at the start of an ability line: the printed words, the
# atom the knowledge base uses, and what follows the keyword (nothing, a cost, or a number).
KEYWORDS = {
    "living metal": ("living_metal", None),
    "more than meets the eye": ("more_than_meets_the_eye", "cost"),
    "escape": ("escape", "cost"),
    "flashback": ("flashback", "cost"),
    "ward": ("ward", "cost"),
    "modular": ("modular", "number"),
    "flying": ("flying", None),
    "first strike": ("first_strike", None),
    "double strike": ("double_strike", None),
    "lifelink": ("lifelink", None),
    "trample": ("trample", None),
    "haste": ("haste", None),
    "menace": ("menace", None),
    "deathtouch": ("deathtouch", None),
    "hexproof": ("hexproof", None),
    "defender": ("defender", None),
    "flash": ("flash", None),
    "vigilance": ("vigilance", None),
    "reach": ("reach", None),
    "indestructible": ("indestructible", None),
}

_REMINDER = re.compile(r"\s*\([^)]*\)")
_SYMBOL = re.compile(r"\{([^}]+)\}")


def parse_mana(cost: str) -> list[tuple[str, int]]:
    """'{3}{W}{W}' -> [('generic', 3), ('w', 2)]; '' -> []. Unknown symbols raise ValueError."""
    if not re.fullmatch(r"(\{[^}]+\})*", cost):
        raise ValueError(f"not a mana cost: {cost!r}")
    amounts: dict[str, int] = {}
    for sym in _SYMBOL.findall(cost):
        if sym.isdigit():
            amounts["generic"] = amounts.get("generic", 0) + int(sym)
        elif sym in MANA_SYMBOLS:
            key = MANA_SYMBOLS[sym]
            amounts[key] = amounts.get(key, 0) + 1
        else:
            raise ValueError(f"mana symbol {{{sym}}} is not supported yet")
    return list(amounts.items())


def _number(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    raise ValueError(f"not a number: {word!r}")


# Non-mana parts of a cost, as printed, and the cost item they become.
_COST_PARTS = [
    (re.compile(r"exile (\w+) other cards? from your graveyard", re.I), lambda m: ("exile_other_graveyard", _number(m[1]))),
    (re.compile(r"pay (\w+) life", re.I), lambda m: ("pay_life", _number(m[1]))),
    (re.compile(r"sacrifice (a|an|one|two|three) (\w+?)s?$", re.I), lambda m: (("sacrifice", m[2].lower()), _number(m[1]))),
    (re.compile(r"discard (a|an|one|two|three) cards?$", re.I), lambda m: ("discard", _number(m[1]))),
]


def parse_cost(text: str) -> list[tuple[object, int]]:
    """A printed cost -> cost items: ('mana', sym) amounts and the other parts."""
    items: list[tuple[object, int]] = []
    for part in (p.strip().rstrip(".") for p in text.split(",")):
        if not part:
            continue
        if re.fullmatch(r"(\{[^}]+\})+", part):
            items.extend((("mana", sym), n) for sym, n in parse_mana(part))
            continue
        for pattern, make in _COST_PARTS:
            m = pattern.fullmatch(part)
            if m:
                items.append(make(m))
                break
        else:
            raise ValueError(f"cost part not understood: {part!r}")
    return items


@dataclass(frozen=True)
class Keyword:
    keyword: str          # the knowledge base's name, e.g. "escape"
    line: int             # which line of the face's text (1-based): two escapes are two abilities
    cost: tuple = ()      # cost items for keywords with a cost
    value: int | None = None  # the number of keywords like modular N


@dataclass(frozen=True)
class Face:
    id: str
    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None

    @property
    def lines(self) -> list[str]:
        return [line for line in self.oracle_text.split("\n") if line.strip()]


def _type_words(type_line: str) -> tuple[list[str], list[str]]:
    left, _, right = type_line.partition("—")
    return [w.lower() for w in left.split()], [w.lower() for w in right.split()]


def parse_keywords(face: Face) -> list[Keyword]:
    """Keyword abilities of a face: one general parser for every keyword line."""
    found: list[Keyword] = []
    for index, raw in enumerate(face.lines, start=1):
        line = _REMINDER.sub("", raw).strip()
        low = line.lower()
        # a keyword with a cost or a number: "Escape—{G}{G}{U}{U}, Exile five ...", "Ward {2}", "Modular 3"
        matched = False
        for words, (name, kind) in KEYWORDS.items():
            if kind and (low.startswith(words + " ") or low.startswith(words + "—")):
                rest = line[len(words):].lstrip(" —")
                if kind == "cost":
                    found.append(Keyword(name, index, tuple(parse_cost(rest))))
                else:
                    found.append(Keyword(name, index, value=_number(rest)))
                matched = True
                break
        if matched:
            continue
        # a line of keywords without costs: "Flying, menace, haste"
        parts = [p.strip().lower() for p in line.rstrip(".").split(",")]
        if parts and all(p in KEYWORDS and KEYWORDS[p][1] is None for p in parts):
            found.extend(Keyword(KEYWORDS[p][0], index) for p in parts)
    return found


_ADDITIONAL = re.compile(r"As an additional cost to cast this spell, (.+?)\.?$", re.I)
_ESCAPES_WITH = re.compile(r".+ escapes with (\w+) ([+-]\d+/[+-]\d+) counters? on it\.?$", re.I)


@dataclass
class Card:
    name: str
    layout: str
    faces: list[Face]
    data: dict = field(repr=False)
    _facts: list[Symbol] | None = field(default=None, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        return [self.name] + [f.name for f in self.faces if f.name != self.name]

    def face(self, face_id: str) -> Face:
        for f in self.faces:
            if f.id == face_id:
                return f
        raise KeyError(face_id)

    def facts(self) -> list[Symbol]:
        """The printed card as facts: what the card says, not what it means (computed once per card)."""
        if self._facts is None:
            self._facts = self._make_facts()
        return self._facts

    def _make_facts(self) -> list[Symbol]:
        c = String(self.name)
        out = [Function("card", [c]), Function("card_layout", [c, Function(self.layout)])]
        for face in self.faces:
            f = Function(face.id)
            out.append(Function("face", [c, f, String(face.name)]))
            if face.mana_cost:
                out.append(Function("face_has_mana_cost", [c, f]))
                for sym, n in parse_mana(face.mana_cost):
                    out.append(Function("face_mana", [c, f, Function(sym), Number(n)]))
            left, right = _type_words(face.type_line)
            out += [Function("face_type_word", [c, f, String(w)]) for w in left]
            out += [Function("face_subtype", [c, f, String(w)]) for w in right]
            if face.power is not None and face.toughness is not None:
                out.append(Function("face_pt", [c, f, Number(int(face.power)), Number(int(face.toughness))]))
            for kw in parse_keywords(face):
                k, i = Function(kw.keyword), Number(kw.line)
                out.append(Function("face_keyword", [c, f, k, i]))
                for item, n in kw.cost:
                    out.append(Function("face_keyword_cost", [c, f, i, _item(item), Number(n)]))
                if kw.value is not None:
                    out.append(Function("face_keyword_value", [c, f, i, Number(kw.value)]))
            for index, raw in enumerate(face.lines, start=1):
                line = _REMINDER.sub("", raw).strip()
                m = _ADDITIONAL.match(line)
                if m:
                    for item, n in parse_cost(m[1]):
                        out.append(Function("face_additional_cost", [c, f, Number(index), _item(item), Number(n)]))
                m = _ESCAPES_WITH.match(line)
                if m:
                    out.append(Function("face_escapes_with", [c, f, String(m[2]), Number(_number(m[1]))]))
        return out


def _item(item: object) -> Symbol:
    """A cost item as a term: mana(Sym), exile_other_graveyard, pay_life, sacrifice(Type), discard."""
    if isinstance(item, tuple):
        head, arg = item
        return Function(head, [Function(arg)])
    return Function(str(item))


class CardDB:
    def __init__(self, raw: dict):
        self.meta = raw.get("_meta", {})
        self.cards: dict[str, Card] = {}
        self._by_name: dict[str, Card] = {}
        for data in raw["cards"]:
            layout = data["layout"]
            face_data = data.get("card_faces") or [data]
            faces = [
                Face(
                    id=fid,
                    name=fd["name"],
                    mana_cost=fd.get("mana_cost", ""),
                    type_line=fd["type_line"],
                    oracle_text=fd.get("oracle_text", ""),
                    power=fd.get("power"),
                    toughness=fd.get("toughness"),
                )
                for fid, fd in zip(FACE_IDS[layout], face_data, strict=True)
            ]
            card = Card(data["name"], layout, faces, data)
            self.cards[card.name] = card
            for n in card.names:
                self._by_name[n.casefold()] = card

    def lookup(self, name: str) -> Card | None:
        return self._by_name.get(name.casefold())

    def get(self, name: str, field_name: str = "card") -> Card:
        """The card with this name (either face, or "Front // Back"); a ScenarioError with a did-you-mean otherwise."""
        card = self.lookup(name)
        if card is None:
            raise ScenarioError(field_name, f"unknown card {name!r}{self.did_you_mean(name)}")
        return card

    def did_you_mean(self, name: str) -> str:
        names = sorted({n for c in self.cards.values() for n in c.names})
        lowered = {n.casefold(): n for n in names}
        close = difflib.get_close_matches(name.casefold(), list(lowered), n=3, cutoff=0.5)
        if not close:
            close = [k for k in lowered if name.casefold() in k][:3]
        if not close:
            return " (pyrules cards lists the cards it knows)"
        return " — did you mean " + " or ".join(repr(lowered[c]) for c in close) + "?"


@cache
def card_db() -> CardDB:
    text = resources.files("pyrules.data").joinpath("cards.json").read_text(encoding="utf-8")
    return CardDB(json.loads(text))
