"""Cards as the knowledge base sees them: a card's printed faces, turned into facts.

A card comes in Scryfall's field names (the bundled pyrules/data/cards.json, or a card file given with
--cards, read by pyrules/cardfile.py). This module reads one such record into faces and turns what the
card prints into facts: names, mana costs symbol by symbol, type-line words, power and toughness, color
indicators, and the abilities its text states (read by pyrules/next/templates.py). What the facts mean
is decided in rules/, not here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache

from clingo import Function, Number, String, Symbol

from .cardfile import CardDataError as _FileCardDataError
from .mana import ManaSymbol, ManaSymbolError, colors_of, parse_mana_cost

# The face identifiers of each layout, in the order Scryfall lists card_faces.
FACE_IDS = {
    "transform": ("front", "back"),
    "modal_dfc": ("front", "back"),
    "double_faced_token": ("front", "back"),
    "split": ("left", "right"),
    "adventure": ("front", "adventure"),
}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class CardDataError(_FileCardDataError):
    """A card record pyrules can't read: names the card and the field. The same error as a card file's (bad
    input, exit 2): cardfile.normalize_card refuses every record this module can't read, so that a card file's
    bad card is skipped and counted when the file is read, not found out when the card is used."""

    def __init__(self, card: str | None, field_name: str, message: str):
        self.card = card
        super().__init__(card, field_name, message)

    def __reduce__(self):
        return (type(self), (self.card, self.field, self.message))


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

    @property
    def lines(self) -> list[str]:
        return [line for line in self.oracle_text.split("\n") if line.strip()]


def _sym_term(s: ManaSymbol) -> Symbol:
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
    raise CardDataError(None, "mana_cost", f"unknown mana symbol {s.text}")


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

    @property
    def names(self) -> list[str]:
        return [self.name] + [f.name for f in self.faces if f.name != self.name]

    def face(self, face_id: str) -> Face:
        for f in self.faces:
            if f.id == face_id:
                return f
        raise KeyError(face_id)

    @property
    def is_dfc(self) -> bool:
        return self.layout in ("transform", "modal_dfc", "double_faced_token")

    def reading(self):
        """What the templates understood of each line (pyrules/next/templates.py), computed once."""
        if self._lines is None:
            from .templates import read_card

            self._lines = read_card(self)
        return self._lines

    def facts(self) -> list[Symbol]:
        """The printed card as facts (computed once per card)."""
        if self._facts is None:
            self._facts = self._make_facts()
        return self._facts

    def _make_facts(self) -> list[Symbol]:
        c = String(self.name)
        out = [Function("card", [c]), Function("layout", [c, Function(self.layout)])]
        for face in self.faces:
            f = Function(face.id)
            out.append(Function("face", [c, f, String(face.name)]))
            if face.symbols is not None:
                out.append(Function("face_has_mana_cost", [c, f]))
                for pos, sym in enumerate(face.symbols, start=1):
                    out.append(Function("face_mana", [c, f, Number(pos), _sym_term(sym)]))
            left, _, right = face.type_line.partition("—")
            out += [Function("face_type_word", [c, f, String(w.lower())]) for w in left.split()]
            out += [Function("face_subtype", [c, f, String(w.lower())]) for w in right.split()]
            p, t = _int(face.power), _int(face.toughness)
            if p is not None and t is not None:
                out.append(Function("face_pt", [c, f, Number(p), Number(t)]))
            for col in face.color_indicator:
                out.append(Function("face_color_indicator", [c, f, Function(COLOR_WORDS[col])]))
            if self.layout in ("token", "double_faced_token") and not face.color_indicator:
                for col in face.colors:
                    out.append(Function("face_defined_color", [c, f, Function(COLOR_WORDS[col])]))
            elif set(face.colors) != set(colors_of(face.symbols or ())) | set(face.color_indicator):
                # the file states other colors than the cost and indicator give (devoid, "~ is all colors")
                out.append(Function("face_colors_stated", [c, f]))
                for col in face.colors:
                    out.append(Function("face_stated_color", [c, f, Function(COLOR_WORDS[col])]))
            for i, _line in enumerate(face.lines, start=1):
                out.append(Function("face_line", [c, f, Number(i)]))
        for line in self.reading():
            out.extend(line.facts)
            out.extend(line.printed)   # what a line prints whether or not it is read (a chapter's number)
        return out


def card_from_record(data: dict) -> Card:
    """A Card from a record in Scryfall's field names; CardDataError names the card and field it can't read."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(None, "name", "every card needs a name")
    layout = data.get("layout") or "normal"
    if not isinstance(layout, str):
        raise CardDataError(name, "layout", "must be text such as 'normal' or 'transform'")
    raw_faces = data.get("card_faces")
    ids = FACE_IDS.get(layout)
    if ids is not None:
        if not isinstance(raw_faces, list) or len(raw_faces) != len(ids):
            raise CardDataError(name, "card_faces", f"a {layout} card has {len(ids)} faces")
        sources = list(zip(ids, raw_faces))
    else:
        sources = [("front", data if not raw_faces else {**raw_faces[0], **{k: v for k, v in data.items() if k not in ("card_faces",)}})]
        if raw_faces:
            raise CardDataError(name, "layout", f"layout {layout!r} with several faces is not supported")
    faces = []
    for fid, fd in sources:
        where = "card_faces" if ids is not None else ""
        fname = fd.get("name") or (name if ids is None else None)
        if not isinstance(fname, str):
            raise CardDataError(name, f"{where}.name".strip("."), "every face needs a name")
        type_line = fd.get("type_line")
        if not isinstance(type_line, str) or not type_line.strip():
            raise CardDataError(name, f"{where}.type_line".strip("."), "every face needs a type line")
        cost = fd.get("mana_cost") or ""
        if not isinstance(cost, str):
            raise CardDataError(name, f"{where}.mana_cost".strip("."), "must be text such as '{1}{R}'")
        try:
            symbols = tuple(parse_mana_cost(cost)) if cost else None
        except ManaSymbolError as exc:
            raise CardDataError(name, f"{where}.mana_cost".strip("."), exc.message) from None
        text = fd.get("oracle_text") or ""
        if not isinstance(text, str):
            raise CardDataError(name, f"{where}.oracle_text".strip("."), "must be text")
        indicator = fd.get("color_indicator") or ()
        colors = fd.get("colors") or ()
        for key, value in (("color_indicator", indicator), ("colors", colors)):
            if not isinstance(value, (list, tuple)) or any(v not in COLOR_WORDS for v in value):
                raise CardDataError(name, f"{where}.{key}".strip("."), "must be a list of W, U, B, R, G")
        power, toughness = fd.get("power"), fd.get("toughness")
        for key, value in (("power", power), ("toughness", toughness)):
            if value is not None and not isinstance(value, (str, int)):
                raise CardDataError(name, f"{where}.{key}".strip("."), "must be text such as '2' or '*'")
        faces.append(Face(fid, fname, cost, symbols, type_line, text,
                          None if power is None else str(power), None if toughness is None else str(toughness),
                          tuple(indicator), tuple(colors)))
    return Card(name, layout, faces, data)


class CardDB:
    """Cards by name: the bundled ones, then those of any card files given (a later file's card of the same
    name wins), read through pyrules.cardindex.CardLibrary (big files are indexed once in SQLite)."""

    def __init__(self, library, files: tuple[str, ...] = ()):
        self.library = library
        self.files = files           # the card files given, in order (none: the bundled cards only)
        self._cards: dict[str, Card] = {}
        self.refused: dict[str, CardDataError] = {}    # cards a name can't be looked up for (see `cards`)

    def lookup(self, name: str) -> Card | None:
        record = self.library.get(name)
        if record is None:
            return None
        card = self._cards.get(record["name"])
        if card is None:
            card = self._cards[record["name"]] = card_from_record(record)
        return card

    def names(self) -> list[str]:
        return self.library.names()

    @property
    def cards(self) -> dict[str, Card]:
        """Every card (built on first use: for a bulk file of 30,000 cards this takes a while). A card its name
        can't be looked up for (it is also the name of another card's face) is left out, and kept in `refused`
        with the reason, as the cards a file could not be read for are."""
        for name in self.library.names():
            if name in self._cards or name in self.refused:
                continue
            try:
                self.lookup(name)
            except _FileCardDataError as exc:
                self.refused[name] = exc
        return self._cards

    def tokens(self) -> list[Card]:
        """The bundled token cards (the tokens effects create)."""
        return [c for c in bundled().cards.values() if c.layout in ("token", "double_faced_token")]


@cache
def bundled() -> CardDB:
    from .cardindex import CardLibrary

    return CardDB(CardLibrary())


@cache
def with_files(files: tuple[str, ...] = ()) -> CardDB:
    """The bundled cards and those of these card files; a file pyrules can't read is refused (exit 2)."""
    if not files:
        return bundled()
    from .cardindex import CardLibrary
    from .cardfile import CardDataError as FileError

    try:
        return CardDB(CardLibrary(list(files)), files)
    except FileError as exc:
        raise ScenarioErrorFromCard(exc) from None


def ScenarioErrorFromCard(exc) -> Exception:
    from .errors import ScenarioError

    if getattr(exc, "card_name", None) is None and getattr(exc, "field", None) == "--cards":
        return ScenarioError("--cards", exc.message)   # the file itself: named once, in the field
    return ScenarioError("--cards", str(exc))


def find_card(db: CardDB, name: str) -> Card:
    """A card as people type its name: exact, then the best prefix, word or fuzzy match; else did-you-mean."""
    from .errors import ScenarioError

    card = db.lookup(name)
    if card is not None:
        return card
    from .cardsearch import did_you_mean, find

    matches = find(db.library, name, limit=5)
    if matches and matches[0].kind != "fuzzy" and (len(matches) == 1 or matches[0].kind != matches[1].kind or matches[0].kind in ("exact", "prefix") and matches[1].kind != "prefix"):
        found = db.lookup(matches[0].name)
        if found is not None:
            return found
    if matches and matches[0].kind in ("prefix", "word_prefix", "substring"):
        options = ", ".join(repr(m.name) for m in matches)
        raise ScenarioError("name", f"{name!r} matches several cards: {options}")
    raise ScenarioError("name", f"unknown card {name!r}{did_you_mean(db.library, name)}")


def card_json(card: Card) -> dict:
    faces = []
    lines = card.reading()
    for face in card.faces:
        flines = [{"line": ln.line, "text": ln.text, "status": ln.status, "understood": list(ln.understood),
                   "abilities": list(ln.names)} for ln in lines if ln.face == face.id]
        faces.append({"face": face.id, "name": face.name, "mana_cost": face.mana_cost, "type_line": face.type_line,
                      "power": face.power, "toughness": face.toughness,
                      "colors": [COLOR_WORDS[c] for c in face.colors], "oracle_text": face.oracle_text,
                      "lines": flines})
    return {"name": card.name, "layout": card.layout, "set": card.data.get("set"), "faces": faces,
            "source": card.data.get("source"), "notes": card.data.get("notes")}


def coverage_json(db: CardDB, top: int = 15) -> dict:
    """How much of the cards' text the knowledge base models: by template and keyword, and the most common
    lines it doesn't (card names in them replaced by ~, so that the same wording counts once)."""
    import re

    total = modelled = 0
    cards = fully = 0
    by_kind: dict[str, list[int]] = {}
    missing: dict[str, int] = {}
    for card in db.cards.values():
        cards += 1
        ok = True
        for ln in card.reading():
            total += 1
            kinds = {re.sub(r"_\d+$", "", n) for n in ln.names} or ({"reminder text"} if ln.status == "modelled" else {"(no template)"})
            for k in kinds:
                entry = by_kind.setdefault(k, [0, 0])
                entry[0] += 1
                entry[1] += ln.status == "modelled"
            if ln.status == "modelled":
                modelled += 1
            else:
                ok = False
                text = ln.text
                for n in card.names:
                    text = text.replace(n, "~").replace(n.split(",")[0], "~")
                missing[text] = missing.get(text, 0) + 1
        fully += ok
    skipped = []
    for src in db.library.sources:
        for err in getattr(src, "skipped", ()) or ():
            skipped.append({"file": getattr(src, "label", None), "card": getattr(err, "card_name", None),
                            "field": getattr(err, "field", None), "message": getattr(err, "message", str(err))})
    for name, err in db.refused.items():
        skipped.append({"file": None, "card": name, "field": err.field, "message": err.message})
    return {
        "cards": cards, "cards_fully_modelled": fully, "lines": total, "lines_modelled": modelled,
        "share_modelled": round(modelled / total, 4) if total else 1.0,
        "by_template": {k: {"lines": v[0], "modelled": v[1]} for k, v in sorted(by_kind.items())},
        "most_common_not_modelled": [{"text": t, "count": n} for t, n in sorted(missing.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        "skipped_cards": skipped,
    }
