"""Cards as the knowledge base sees them: a card's printed faces, turned into facts.

A card comes in Scryfall's field names (the bundled pyrules/data/cards.json, or a card file given with
--cards, read by pyrules/cardfile.py). This module reads one such record into faces and turns what the
card prints into facts: names, mana costs symbol by symbol, type-line words, power and toughness, color
indicators, and the abilities its text states (read by the grammar: pyrules/cards/reader.py). What the facts mean
is decided in rules/, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, String, Symbol

from pyrules.cards.mana import ManaSymbol, colors_of, parse_mana_cost
from pyrules.kb.interface import (
    CARD,
    FACE,
    FACE_COLOR_INDICATOR,
    FACE_COLORS_STATED,
    FACE_DEFINED_COLOR,
    FACE_HAS_MANA_COST,
    FACE_LOYALTY,
    FACE_MANA,
    FACE_PT,
    FACE_STATED_COLOR,
    FACE_SUBTYPE,
    FACE_TYPE_WORD,
    LAYOUT,
)
from pyrules.kb.vocabulary import COLOR_WORDS, symbol_term

# The face identifiers of each layout, in the order Scryfall lists card_faces.
FACE_IDS = {
    "transform": ("front", "back"),
    "modal_dfc": ("front", "back"),
    "double_faced_token": ("front", "back"),
    "split": ("left", "right"),
    "adventure": ("front", "adventure"),
}


@dataclass(frozen=True)
class Face:
    id: str
    name: str
    mana_cost: str
    symbols: tuple[ManaSymbol, ...] | None     # None: no mana cost (a back face, a land)
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    color_indicator: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    loyalty: str | None = None

    @property
    def lines(self) -> list[str]:
        return [line for line in self.oracle_text.split("\n") if line.strip()]


def _int(value) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


@dataclass
class Card:
    name: str
    layout: str
    faces: list[Face]
    data: dict = field(repr=False)
    _facts: list[Symbol] | None = field(default=None, repr=False, compare=False)
    _lines: list | None = field(default=None, repr=False, compare=False)
    reader: object = field(default=None, repr=False, compare=False)   # card -> its lines as read (the card
                                                                       # database that made it sets it)

    @property
    def names(self) -> list[str]:
        return [self.name] + [f.name for f in self.faces if f.name != self.name]

    def __getstate__(self):
        # (sent to another process — a Dask worker, pyrules/planner/forest.py — without what it computed: a clingo
        # symbol is only valid in the process that made it; the reading and the facts are made again there)
        return dict(self.__dict__, _facts=None, _lines=None)

    def face(self, face_id: str) -> Face:
        for f in self.faces:
            if f.id == face_id:
                return f
        raise KeyError(face_id)

    @property
    def is_dfc(self) -> bool:
        return self.layout in ("transform", "modal_dfc", "double_faced_token")

    def reading(self):
        """What the reader understood of each line (pyrules/cards/reader.py), computed once."""
        if self._lines is None:
            if self.reader is None:
                raise ValueError(f"{self.name}: a card made outside a card database has no reader")
            self._lines = self.reader(self)
        return self._lines

    def facts(self) -> list[Symbol]:
        """The printed card as facts (computed once per card)."""
        if self._facts is None:
            self._facts = self._make_facts()
        return self._facts

    def _make_facts(self) -> list[Symbol]:
        c = String(self.name)
        out = [CARD(c), LAYOUT(c, self.layout)]
        for face in self.faces:
            f = Function(face.id)
            out.append(FACE(c, f, face.name))
            if face.symbols is not None:
                out.append(FACE_HAS_MANA_COST(c, f))
                for pos, sym in enumerate(face.symbols, start=1):
                    out.append(FACE_MANA(c, f, pos, symbol_term(sym)))
            left, _, right = face.type_line.partition("—")
            out += [FACE_TYPE_WORD(c, f, w.lower()) for w in left.split()]
            out += [FACE_SUBTYPE(c, f, w.lower()) for w in right.split()]
            p, t = _int(face.power), _int(face.toughness)
            if p is not None and t is not None:
                out.append(FACE_PT(c, f, p, t))
            if _int(face.loyalty) is not None:
                out.append(FACE_LOYALTY(c, f, _int(face.loyalty)))
            for col in face.color_indicator:
                out.append(FACE_COLOR_INDICATOR(c, f, COLOR_WORDS[col]))
            if self.layout in ("token", "double_faced_token") and not face.color_indicator:
                for col in face.colors:
                    out.append(FACE_DEFINED_COLOR(c, f, COLOR_WORDS[col]))
            elif set(face.colors) != set(colors_of(face.symbols or ())) | set(face.color_indicator):
                # the file states other colors than the cost and indicator give (devoid, "~ is all colors")
                out.append(FACE_COLORS_STATED(c, f))
                for col in face.colors:
                    out.append(FACE_STATED_COLOR(c, f, COLOR_WORDS[col]))
        for line in self.reading():
            out.extend(line.facts)
            out.extend(line.printed)   # what a line prints whether or not it is read (a chapter's number)
        return out


def card_from_record(data: dict) -> Card:
    """A Card from a record as pyrules.cards.files.normalize_card makes it: the one place a card is checked (a
    card file's bad card is refused there, naming the card and the field, before anything uses it), so this only
    builds the faces."""
    layout = data["layout"]
    ids = FACE_IDS.get(layout)
    sources = list(zip(ids, data["card_faces"])) if ids is not None else [("front", data)]
    faces = []
    for fid, fd in sources:
        cost = fd.get("mana_cost") or ""
        power, toughness = fd.get("power"), fd.get("toughness")
        # (a token an effect describes is keyed by its description; its face has its name: "face_name")
        faces.append(Face(fid, fd.get("face_name") or fd.get("name") or data["name"], cost, tuple(parse_mana_cost(cost)) if cost else None,
                          fd["type_line"], fd.get("oracle_text") or "", power, toughness,
                          tuple(fd.get("color_indicator") or ()), tuple(fd.get("colors") or ()), fd.get("loyalty")))
    return Card(data["name"], layout, faces, data)
