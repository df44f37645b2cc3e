"""Cards from files, normalized to one shape.

Every reader here turns a card into one dict in Scryfall's field names; that dict is what the rest of
pyrules consumes:

    name              the card's name; "Front // Back" for a card with several faces
    layout            Scryfall's layout string, kept as the file gives it: one the knowledge base models
                      (ONE_FACE_LAYOUTS: "normal", "token", "saga", ...; TWO_FACE_LAYOUTS: "transform",
                      "modal_dfc", "double_faced_token", "split", "adventure", with exactly two faces);
                      MTGJSON's "aftermath" becomes "split"
    single-faced cards: the face fields at the top level --
    mana_cost         printed text, "" when the card has no mana cost ("{0}" is a cost of zero)
    type_line, oracle_text ("" when the card has no text)
    power, toughness, loyalty, defense   strings ("*", "1+*"), only where the card has them
    colors            the face's colors, WUBRG letters in WUBRG order; the file's value when it gives one
                      (it may know a colour-setting ability: devoid, "~ is all colors"), else the colors of
                      the mana cost and of the color indicator. The knowledge base takes a face's colors
                      from its mana cost and color indicator, unless the file's differ: then from the file
                      (pyrules/cards/model.py, rules/core/colors.lp)
    color_indicator   only where the card has one
    cards with several faces: "card_faces": [one dict per face with the fields above and its "name"],
                      plus "type_line" (the faces' type lines joined with " // ") and "colors": for split
                      cards the union of the halves, otherwise the colors of the first face (the face a
                      double-faced or adventurer card has outside the battlefield and the stack)
    cmc               the mana value the file states (Scryfall "cmc", MTGJSON "manaValue"), if it does
    color_identity, keywords, set, collector_number, notes   when the file gives them
    source            where the card came from: the card's own "source" (pyrules' bundled file), else
                      the file path, "Scryfall bulk <path>" or "MTGJSON <path>"

Fields pyrules does not use are dropped. Files read:

- a Scryfall card object ({"object": "card", ...}), a JSON list of them, a Scryfall list object
  ({"object": "list", "data": [...]}), a Scryfall bulk file (oracle-cards, default-cards: one JSON array;
  files of 2 MB or more are streamed with ijson, one card object in memory at a time);
- MTGJSON AtomicCards.json ({"meta": ..., "data": {"Name": [face objects]}}), streamed the same way;
- pyrules' own format ({"_meta": ..., "cards": [...]}, as pyrules/data/cards.json).

Which objects are cards: objects whose "object" is not "card" (in Scryfall files) and the layouts
"art_series" (art cards, not game pieces) and "emblem" (an emblem is neither a card nor a permanent) are
dropped and counted as ignored. Everything else is a card, tokens ("token", "double_faced_token") included;
a card whose layout the knowledge base doesn't model (meld, flip, battle, planar, scheme, vanguard, host,
augment, reversible_card, or a layout added later) is a bad card, refused naming the card and `layout`: read
as a one-faced card it would give an object without a name or types.

One card per name: the first object with a name wins (default-cards lists every printing of a card; its
Oracle fields are the same in each), except that a card replaces a token of the same name seen earlier.
Later objects with a name already taken are counted as duplicates.

A bad card (a missing name, layout or type_line, a layout not modelled, a two-faced layout without two
faces, a mana cost with an unknown symbol, a power that is not a string, a number written on the card —
in its mana cost, text, power, toughness, loyalty or defense, or its cmc — beyond limits.max_int, the bound
on a scenario's numbers) is a CardDataError naming the card and the field. Reading a file never stops at a bad card: it is
skipped and recorded (with its name, field and reason) so that a coverage report can list it, and the
library refuses it when a scenario or a command uses it. `normalize_card` and `read_file(strict=True)`
raise at the first bad card instead. A file that can't be read at all (missing, not JSON, not one of the
shapes above, lists and objects nested deeper than limits.max_depth, a number too long to read) is a
CardDataError with card_name None and field "--cards". The nesting is checked on the bytes as they are read,
before a JSON reader builds anything (_Nesting), and a streamed file is handed to ijson in pieces read by
Python code, so that the memory watch (limits.cap_memory) can step in between them.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from pyrules.cards.mana import COLORS, ManaSymbolError, colors_of, parse_mana_cost
from pyrules.errors import ScenarioError, one_line, short
from pyrules.input.limits import current

STREAM_MIN_BYTES = 2 * 1024 * 1024      # files this large are streamed (and indexed by cardindex)
IGNORED_LAYOUTS = frozenset({"art_series", "emblem"})
TOKEN_LAYOUTS = frozenset({"token", "double_faced_token"})
SPLIT_LAYOUTS = frozenset({"split"})
# The layouts the knowledge base models (rules/core/characteristics.lp): one face, or two faces of these kinds.
# Every other layout (meld, flip, battle, planar, scheme, vanguard, host, augment, reversible_card, and any
# layout Scryfall adds later) is refused naming the card and `layout`: read as a one-faced card, it would
# give an object without a name or types.
ONE_FACE_LAYOUTS = ("normal", "token", "saga", "class", "case", "leveler", "prototype", "mutate")
TWO_FACE_LAYOUTS = ("transform", "modal_dfc", "double_faced_token", "split", "adventure")
MODELLED_LAYOUTS = frozenset(ONE_FACE_LAYOUTS + TWO_FACE_LAYOUTS)
FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense",
               "colors", "color_indicator")
_NUMBER_FIELDS = ("power", "toughness", "loyalty", "defense")
_NUMBER_TEXT = re.compile(r"[0-9*+\-.?∞²½Xd]{1,8}")
_MTGJSON_LAYOUTS = {"aftermath": "split"}


class CardDataError(ScenarioError, ValueError):
    """A card (or a card file) pyrules can't read. One line: "card 'Foo': mana_cost: unknown mana symbol {H/W}".

    card_name is None for a file that can't be read at all (field "--cards") and for a card without a name.
    """

    def __init__(self, card_name: str | None, field: str, message: str):
        self.card_name = card_name
        ScenarioError.__init__(self, field, message)

    def __str__(self) -> str:
        if self.card_name is None:
            return f"{self.field}: {self.message}"
        return f"card {self.card_name!r}: {self.field}: {self.message}"

    def __reduce__(self):
        return (type(self), (self.card_name, self.field, self.message))


# ----------------------------------------------------------------------------------------------------
# one card


def _colors_field(name: str, where: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in COLORS for c in value):
        raise CardDataError(name, where, f"must be a list of the letters W, U, B, R, G, got {value!r}")
    present = set(value)
    return [c for c in COLORS if c in present]


def _text_field(name: str, where: str, value: Any, *, required: bool) -> str:
    if value is None:
        if required:
            raise CardDataError(name, where, "missing")
        return ""
    if not isinstance(value, str):
        raise CardDataError(name, where, f"must be text, got {type(value).__name__} {value!r}")
    if required and not value.strip():
        raise CardDataError(name, where, "is empty")
    return value


def _name_field(card_name: str, where: str, value: Any) -> str:
    name = _text_field(card_name, where, value, required=True)
    if "\n" in name or "\r" in name:
        raise CardDataError(card_name, where, "a name is one line")
    return name


def _number_field(name: str, where: str, value: Any) -> str:
    """A printed power, toughness, loyalty or defense: a string, as Scryfall and MTGJSON write them ("2", "*",
    "1+*"). A number (2) is refused: a file that writes one is not one of the formats read, and 2 and "2"
    would not say whether the value is printed as is."""
    if not isinstance(value, str):
        raise CardDataError(name, where, f"must be a string like \"2\" or \"*\", got {_short(value)}")
    if not _NUMBER_TEXT.fullmatch(value):
        raise CardDataError(name, where, f"not a printed value like \"2\", \"*\" or \"1+*\": {_short(value)}")
    _numbers_in(name, where, value)
    return value


def _short(value: Any) -> str:

    return short(value)


_DIGITS = re.compile(r"[0-9]+")


def _numbers_in(name: str, where: str, text: str) -> None:
    """The numbers written in a card's text are bounded as a scenario's are (limits.max_int): the knowledge
    base holds them as clingo numbers, and a cost of {99999999999} or "Crew 99999999999" would not fit."""

    cap = current().max_int
    for m in _DIGITS.finditer(text):
        digits = m.group().lstrip("0") or "0"
        if len(digits) > len(str(cap)) or int(digits) > cap:
            shown = digits if len(digits) <= 20 else f"{digits[:8]}… ({len(digits)} digits)"
            raise CardDataError(name, where, f"the number {shown} is out of range: numbers must be between "
                                             f"{-cap} and {cap}")


def _face(card_name: str, raw: dict, prefix: str, *, with_name: bool) -> dict:
    """The face fields of `raw` (a card face, or a single-faced card), checked and in the normal shape."""
    out: dict[str, Any] = {}
    if with_name:
        out["name"] = _name_field(card_name, prefix + "name", raw.get("name"))
    cost = _text_field(card_name, prefix + "mana_cost", raw.get("mana_cost"), required=False)
    _numbers_in(card_name, prefix + "mana_cost", cost)
    try:
        symbols = parse_mana_cost(cost)
    except ManaSymbolError as exc:
        raise CardDataError(card_name, prefix + "mana_cost", exc.message) from None
    out["mana_cost"] = cost
    out["type_line"] = _text_field(card_name, prefix + "type_line", raw.get("type_line"), required=True)
    out["oracle_text"] = _text_field(card_name, prefix + "oracle_text", raw.get("oracle_text"), required=False)
    _numbers_in(card_name, prefix + "oracle_text", out["oracle_text"])
    for key in _NUMBER_FIELDS:
        if raw.get(key) is not None:
            out[key] = _number_field(card_name, prefix + key, raw[key])
    if ("power" in out) != ("toughness" in out):
        missing = "toughness" if "power" in out else "power"
        raise CardDataError(card_name, prefix + missing, "missing (a face with power has toughness, and the reverse)")
    indicator = raw.get("color_indicator")
    if indicator:
        out["color_indicator"] = _colors_field(card_name, prefix + "color_indicator", indicator)
    if raw.get("colors") is not None:
        out["colors"] = _colors_field(card_name, prefix + "colors", raw["colors"])
    else:
        out["colors"] = colors_of(symbols) if not indicator else \
            [c for c in COLORS if c in set(colors_of(symbols)) | set(out["color_indicator"])]
    return out


def normalize_card(raw: Any, source: str | None = None, *, where: str = "") -> dict:
    """One card object (Scryfall field names) -> the normal shape; CardDataError for a bad card.

    `where` prefixes the field of a card that has no name (e.g. "cards[3]."), so the error still says
    which object it is.
    """
    if not isinstance(raw, dict):
        raise CardDataError(None, (where or "") + "card", f"a card is a JSON object, got {type(raw).__name__}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(None, where + "name", "missing: every card needs a name" if name is None
                            else f"must be a non-empty string, got {name!r}")
    if "\n" in name or "\r" in name:
        raise CardDataError(name.splitlines()[0], "name", "a name is one line")
    layout = raw.get("layout")
    if not isinstance(layout, str) or not layout:
        raise CardDataError(name, "layout", "missing" if layout is None else f"must be text, got {layout!r}")
    if layout not in MODELLED_LAYOUTS:
        raise CardDataError(name, "layout", f"{_short(layout)} cards are not modelled (pyrules models the layouts "
                                            f"{', '.join(ONE_FACE_LAYOUTS + TWO_FACE_LAYOUTS)})")
    card: dict[str, Any] = {"name": name, "layout": layout}
    faces_raw = raw.get("card_faces")
    if layout in TWO_FACE_LAYOUTS and (not isinstance(faces_raw, list) or len(faces_raw) != 2):
        have = f"{len(faces_raw)}" if isinstance(faces_raw, list) else "no list of"
        raise CardDataError(name, "card_faces", f"a {layout} card has two faces, not {have} "
                                                "(pyrules models two-faced cards of this layout only)")
    if layout in ONE_FACE_LAYOUTS and faces_raw not in (None, []):
        raise CardDataError(name, "card_faces", f"a {layout} card has one face: card_faces is for cards "
                                                f"with two ({', '.join(TWO_FACE_LAYOUTS)})")
    if faces_raw is not None and faces_raw != []:
        if not isinstance(faces_raw, list) or not all(isinstance(f, dict) for f in faces_raw):
            raise CardDataError(name, "card_faces", "must be a list of face objects")
        faces = []
        for i, fr in enumerate(faces_raw):
            faces.append(_face(name, fr, f"card_faces[{i}].", with_name=True))
        card["type_line"] = " // ".join(f["type_line"] for f in faces)
        if layout in SPLIT_LAYOUTS:
            present = {c for f in faces for c in f["colors"]}
            card["colors"] = [c for c in COLORS if c in present]
        else:
            card["colors"] = list(faces[0]["colors"])
        card["card_faces"] = faces
    else:
        card.update(_face(name, raw, "", with_name=False))
    cmc = raw.get("cmc")
    if isinstance(cmc, (int, float)) and not isinstance(cmc, bool):
        cap = current().max_int
        if not (isinstance(cmc, int) or math.isfinite(cmc)) or not -cap <= cmc <= cap:
            raise CardDataError(name, "cmc", f"{_short(cmc)} is out of range: numbers must be between {-cap} and {cap}")
        card["cmc"] = int(cmc) if float(cmc).is_integer() else float(cmc)
    elif cmc is not None:
        raise CardDataError(name, "cmc", f"must be a number, got {_short(cmc)}")
    if raw.get("color_identity") is not None:
        card["color_identity"] = _colors_field(name, "color_identity", raw["color_identity"])
    keywords = raw.get("keywords")
    if keywords is not None:
        if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
            raise CardDataError(name, "keywords", f"must be a list of strings, got {keywords!r}")
        card["keywords"] = list(keywords)
    for key in ("set", "collector_number", "notes"):
        if isinstance(raw.get(key), str):
            card[key] = raw[key]
    own = raw.get("source")
    if isinstance(own, str) and own:
        card["source"] = own
    elif source:
        card["source"] = source
    return card


def face_names(card: dict) -> list[str]:
    """The names of a normalized card's faces ([] for a single-faced card)."""
    return [f["name"] for f in card.get("card_faces", ())]


# ----------------------------------------------------------------------------------------------------
# MTGJSON


def from_mtgjson(key: str, entries: Any) -> dict:
    """One AtomicCards entry (the name and its list of face objects) -> a card object in Scryfall's names.

    The result still has to go through normalize_card (which checks it).
    """
    if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(key, "data", "an AtomicCards entry is a list of face objects")
    if any(e.get("side") for e in entries):
        by_side: dict[str, dict] = {}
        for e in entries:
            by_side.setdefault(str(e.get("side") or ""), e)
        faces = [by_side[s] for s in sorted(by_side)]
    else:
        faces = [entries[0]]            # several entries without sides are variants of one card
    first = faces[0]
    layout = first.get("layout")
    card: dict[str, Any] = {
        "object": "card",
        "name": first.get("name", key),
        "layout": _MTGJSON_LAYOUTS.get(layout, layout) if isinstance(layout, str) else layout,
    }
    if "manaValue" in first:
        card["cmc"] = first["manaValue"]
    elif "convertedManaCost" in first:
        card["cmc"] = first["convertedManaCost"]
    if "colorIdentity" in first:
        card["color_identity"] = first["colorIdentity"]
    if any("keywords" in e for e in faces):
        seen: list[str] = []
        for e in faces:
            for k in e.get("keywords") or ():
                if k not in seen:
                    seen.append(k)
        card["keywords"] = seen

    def face(e: dict, with_name: bool) -> dict:
        out: dict[str, Any] = {}
        if with_name:
            out["name"] = e.get("faceName", e.get("name"))
        out["mana_cost"] = e.get("manaCost", "")
        out["type_line"] = e.get("type")
        out["oracle_text"] = e.get("text", "")
        for src, dst in (("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"),
                         ("defense", "defense"), ("colors", "colors"), ("colorIndicator", "color_indicator")):
            if src in e:
                out[dst] = e[src]
        return out

    if len(faces) > 1:
        card["card_faces"] = [face(e, True) for e in faces]
    else:
        card.update(face(first, False))
    return card


# ----------------------------------------------------------------------------------------------------
# files


@dataclass
class CardFile:
    """What reading one file gave: its cards by name (file order) and what was skipped or ignored."""
    path: str
    kind: str                      # "scryfall card" | "scryfall list" | "scryfall bulk" | "mtgjson" | "pyrules"
    label: str                     # the source given to cards that carry none of their own
    cards: dict[str, dict] = field(default_factory=dict)
    skipped: list[CardDataError] = field(default_factory=list)
    ignored: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0
    meta: dict = field(default_factory=dict)

    @property
    def read(self) -> int:
        return len(self.cards)


def _file_error(path: str, message: str) -> CardDataError:
    return CardDataError(None, "--cards", f"{path}: {message}")


def _open(path: str):
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise _file_error(path, "no such file") from None
    except IsADirectoryError:
        raise _file_error(path, "is a directory, not a card file") from None
    except OSError as exc:
        raise _file_error(path, f"can't be read ({exc.strerror or exc})") from None


def _first_char(path: str) -> str:
    with _open(path) as f:
        head = f.read(4096)
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    stripped = head.lstrip()
    if not stripped:
        raise _file_error(path, "is empty, not JSON")
    return chr(stripped[0])


SHAPES = ("a Scryfall card object, a list of them, a Scryfall bulk file, MTGJSON AtomicCards.json "
          "or pyrules' cards.json")

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)      # a whole JSON string
_STRING_BODY = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.S)   # the inside of one, up to its end or a lone \
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class _Nesting:
    """The nesting depth of a JSON text read in pieces, checked against limits.max_depth as it is read (the
    file counting as 1, as for a scenario): a card file of a million nested lists is refused at the first
    list too deep, before a JSON reader builds anything from it (the json module would hit Python's recursion
    limit, and the streaming reader takes time and memory that grow with the square of the depth, holding
    Python's lock all the while, so that even the memory watch can't step in). Strings are skipped, their
    brackets are text; the state carries across pieces (a string may start in one and end in the next)."""

    def __init__(self, path: str):

        self.path = path
        self.limit = current().max_depth
        self.depth = 0
        self.in_string = False
        self.escaped = False      # (in a string) the piece ended with a backslash that escapes the next byte

    def feed(self, data: bytes) -> None:
        pos = 0
        if self.in_string:
            if self.escaped:
                if not data:
                    return
                pos, self.escaped = 1, False
            end = _STRING_BODY.match(data, pos).end()
            if end == len(data):
                return
            if data[end] != 0x22:          # a lone backslash at the end of the piece
                self.escaped = True
                return
            pos, self.in_string = end + 1, False
        rest = _STRING.sub(b"", data[pos:] if pos else data)
        quote = rest.find(b'"')
        if quote != -1:                    # a string that goes on in the next piece
            tail = rest[quote + 1:]
            rest = rest[:quote]
            self.in_string = True
            self.escaped = _STRING_BODY.match(tail).end() != len(tail)
        brackets = rest.translate(None, _NOT_BRACKETS)
        depth, limit = self.depth, self.limit      # (the file's outer list or object is level 1)
        if depth + len(brackets) > limit:
            for b in brackets:
                if b == 0x5B or b == 0x7B:     # [ {
                    depth += 1
                    if depth > limit:
                        raise _file_error(self.path, f"nests lists and objects more than {self.limit} levels "
                                                     f"deep; the limit is {self.limit} (no card file needs more than "
                                                     "a few)")
                else:
                    depth -= 1
        else:
            depth += len(brackets) - 2 * (brackets.count(b"]") + brackets.count(b"}"))
        self.depth = depth


class _Checked:
    """A binary file whose pieces are checked by _Nesting as a JSON reader reads them (ijson reads by read())."""
    def __init__(self, f, path: str):
        self._f = f
        self._nesting = _Nesting(path)

    def read(self, n: int = -1) -> bytes:
        data = self._f.read(n)
        self._nesting.feed(data)
        return data


def _json_error(path: str, exc: Exception) -> CardDataError:

    text = one_line(" ".join(str(exc).split()))
    if "integer overflow" in text:   # (the streaming reader holds whole numbers in 64 bits)
        return _file_error(path, f"has a whole number too large to read, beyond ±2^63 ({text[:200]})")
    return _file_error(path, f"not valid JSON ({text[:200]})")


class _Records:
    """The objects of one card file, as ("scryfall" | "mtgjson" | "pyrules", key, raw) records."""
    def __init__(self, path: str, *, stream: bool | None = None):
        self.path = path
        try:
            self.size = os.path.getsize(path)
        except FileNotFoundError:
            raise _file_error(path, "no such file") from None
        except OSError as exc:
            raise _file_error(path, f"can't be read ({exc.strerror or exc})") from None
        if os.path.isdir(path):
            raise _file_error(path, "is a directory, not a card file")
        self.stream = self.size >= STREAM_MIN_BYTES if stream is None else stream
        self.meta: dict = {}
        self._data: Any = None
        first = _first_char(path)
        if first not in "[{":
            raise _file_error(path, f"not a JSON card file (it starts with {first!r}); expected {SHAPES}")
        if not self.stream:
            self._data = self._load()
            self.kind, self._prefix = self._shape_of(self._data)
        elif first == "[":
            self.kind, self._prefix = "scryfall bulk", "item"
        else:
            self.kind, self._prefix = self._stream_shape()

    # -- shapes

    def _load(self) -> Any:
        with _open(self.path) as f:
            raw = f.read()
        _Nesting(self.path).feed(raw)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _file_error(self.path, f"not UTF-8 text (byte {exc.start})") from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise _file_error(self.path, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
        except (ValueError, RecursionError) as exc:   # a number of thousands of digits
            raise _file_error(self.path, f"has a number pyrules can't read ({_short(str(exc))[1:-1]})") from None

    def _shape_of(self, data: Any) -> tuple[str, str]:
        if isinstance(data, list):
            return "scryfall list", ""
        if not isinstance(data, dict):
            raise _file_error(self.path, f"not a card file: the JSON is a {type(data).__name__}; expected {SHAPES}")
        if data.get("object") == "card":
            return "scryfall card", ""
        if data.get("object") == "list" and isinstance(data.get("data"), list):
            return "scryfall list", "data"
        if isinstance(data.get("cards"), list):
            if isinstance(data.get("_meta"), dict):
                self.meta = data["_meta"]
            return "pyrules", "cards"
        if isinstance(data.get("data"), dict):
            if isinstance(data.get("meta"), dict):
                self.meta = data["meta"]
            return "mtgjson", "data"
        keys = ", ".join(sorted(map(str, data))[:6]) or "none"
        raise _file_error(self.path, f"not a card file (top-level keys: {keys}); expected {SHAPES}")

    def _stream_shape(self) -> tuple[str, str]:
        """The shape of a large JSON object file, from its top-level keys (read until one decides)."""
        import ijson

        try:
            with _open(self.path) as raw:
                f = _Checked(raw, self.path)
                for prefix, event, value in ijson.parse(f):
                    if prefix == "data" and event == "start_map":
                        return "mtgjson", "data"
                    if prefix == "data" and event == "start_array":
                        return "scryfall list", "data.item"
                    if prefix == "cards" and event == "start_array":
                        return "pyrules", "cards.item"
                    if prefix == "object" and value == "card":
                        return "scryfall card", ""
                    if prefix == "" and event == "end_map":
                        break
        except CardDataError:
            raise
        except (ijson.JSONError, ValueError) as exc:
            raise _json_error(self.path, exc) from None
        raise _file_error(self.path, f"not a card file; expected {SHAPES}")

    @property
    def label(self) -> str:
        if self.kind == "mtgjson":
            return f"MTGJSON {self.path}"
        if self.kind == "scryfall bulk":
            return f"Scryfall bulk {self.path}"
        return self.path

    # -- records

    def __iter__(self) -> Iterator[tuple[str, str | None, Any]]:
        if not self.stream or self.kind == "scryfall card" and not self._prefix:
            data = self._data if self._data is not None else self._load()
            yield from self._from_loaded(data)
            return
        import ijson

        try:
            with _open(self.path) as raw:
                f = _Checked(raw, self.path)
                if self.kind == "mtgjson":
                    for key, entries in ijson.kvitems(f, "data", use_float=True):
                        yield "mtgjson", key, entries
                else:
                    source = "pyrules" if self.kind == "pyrules" else "scryfall"
                    for obj in ijson.items(f, self._prefix, use_float=True):
                        yield source, None, obj
        except CardDataError:
            raise
        except (ijson.JSONError, ValueError) as exc:
            raise _json_error(self.path, exc) from None

    def _from_loaded(self, data: Any) -> Iterator[tuple[str, str | None, Any]]:
        if self.kind == "scryfall card":
            yield "scryfall", None, data
        elif self.kind == "mtgjson":
            for key, entries in data["data"].items():
                yield "mtgjson", key, entries
        else:
            items = data if self._prefix == "" else data[self._prefix]
            source = "pyrules" if self.kind == "pyrules" else "scryfall"
            for obj in items:
                yield source, None, obj


def _raw_names(raw: Any) -> list[str]:
    """Every name a raw card object goes by (its name and its faces'), for recording a skipped card."""
    names: list[str] = []
    if isinstance(raw, dict):
        if isinstance(raw.get("name"), str):
            names.append(raw["name"])
        for f in raw.get("card_faces") or ():
            if isinstance(f, dict) and isinstance(f.get("name"), str) and f["name"] not in names:
                names.append(f["name"])
    return names


@dataclass
class Record:
    """One object of a card file after reading: a card, a bad card, or an object that is not a card."""
    status: str                    # "card" | "skipped" | "ignored" | "duplicate"
    name: str | None = None
    card: dict | None = None       # status "card"
    error: CardDataError | None = None   # status "skipped"
    names: tuple[str, ...] = ()    # status "skipped": the names the bad card goes by
    what: str | None = None        # status "ignored": the layout or object kind
    replaces: bool = False         # status "card": it replaces an earlier token of the same name


def iter_records(path: str | os.PathLike, *, stream: bool | None = None) -> tuple[_Records, Iterator[Record]]:
    """Open a card file (CardDataError if it can't be read) and return it with its records, one per object.

    The records come one at a time (a large file is never loaded whole); de-duplication by name is done
    here, so every "card" record is a card to keep.
    """
    records = _Records(os.fspath(path), stream=stream)
    return records, _records(records)


def _records(records: _Records) -> Iterator[Record]:
    label = records.label
    seen: dict[str, bool] = {}     # name -> is a token (cards and skipped cards alike)
    position = -1
    for fmt, key, raw in records:
        position += 1
        if fmt == "mtgjson":
            try:
                raw = from_mtgjson(key, raw)
            except CardDataError as exc:
                exc.names = (key,)
                yield Record("skipped", key, error=exc, names=(key,))
                continue
        elif not isinstance(raw, dict):
            yield Record("skipped", None, error=CardDataError(None, f"cards[{position}]", "not a card object"))
            continue
        obj = raw.get("object")
        if fmt == "scryfall" and obj is not None and obj != "card":
            yield Record("ignored", what=f"object {obj}")
            continue
        layout = raw.get("layout")
        if not isinstance(layout, str):
            layout = None          # (a layout that isn't text: normalize_card refuses the card, naming the field)
        if layout in IGNORED_LAYOUTS:
            yield Record("ignored", raw.get("name"), what=f"layout {layout}")
            continue
        name = raw.get("name")
        is_token = layout in TOKEN_LAYOUTS
        replaces = False
        if isinstance(name, str) and name in seen:
            if is_token or not seen[name]:
                yield Record("duplicate", name)
                continue
            replaces = True                # a card replaces a token of the same name
        try:
            card = normalize_card(raw, label, where=f"cards[{position}]." if key is None else f"data[{key!r}].")
        except CardDataError as exc:
            if isinstance(name, str):
                seen[name] = is_token
            exc.names = tuple(_raw_names(raw))
            yield Record("skipped", name if isinstance(name, str) else None, error=exc,
                         names=tuple(_raw_names(raw)), replaces=replaces)
            continue
        seen[name] = is_token
        yield Record("card", name, card=card, replaces=replaces)


def read_file(path: str | os.PathLike, *, strict: bool = False, stream: bool | None = None) -> CardFile:
    """Read every card of a file into memory (see iter_records); strict=True raises at the first bad card."""
    records, items = iter_records(path, stream=stream)
    out = CardFile(records.path, records.kind, records.label, meta=records.meta)
    skipped_by_name: dict[str, CardDataError] = {}
    for rec in items:
        if rec.status == "card":
            if rec.replaces:
                skipped_by_name.pop(rec.name, None)
            out.cards[rec.name] = rec.card
        elif rec.status == "skipped":
            if strict:
                raise rec.error
            if rec.replaces:
                out.cards.pop(rec.name, None)
            if rec.name is not None:
                skipped_by_name[rec.name] = rec.error
            else:
                out.skipped.append(rec.error)
        elif rec.status == "ignored":
            out.ignored[rec.what] = out.ignored.get(rec.what, 0) + 1
        else:
            out.duplicates += 1
    out.skipped.extend(skipped_by_name.values())
    return out


def read_card(path: str | os.PathLike) -> dict:
    """The one card of a file holding a single card object (CardDataError if it is bad or not one card)."""
    result = read_file(path, strict=True)
    if result.read != 1:
        raise _file_error(result.path, f"holds {result.read} cards, not one")
    return next(iter(result.cards.values()))


def bundled_path() -> Path:
    """pyrules' own card file (pyrules/data/cards.json)."""
    return Path(__file__).resolve().parent.parent / "data" / "cards.json"
