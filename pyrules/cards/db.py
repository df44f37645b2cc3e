"""The card database: the bundled cards, then those of any card files given, looked up by name (big files are
indexed once, pyrules/cards/index.py); each card read by the grammar (pyrules/cards/reader.py) on first
use; and the answers of `pyrules cards`: one card line by line, or the coverage of all of them.
"""

from __future__ import annotations

import re
from functools import cache, partial

from pyrules.cards.families import family
from pyrules.cards.files import CardDataError
from pyrules.cards.index import CardLibrary
from pyrules.cards.model import Card, card_from_record
from pyrules.cards.search import did_you_mean, find
from pyrules.errors import ScenarioError
from pyrules.kb.vocabulary import COLOR_WORDS


class CardDB:
    """Cards by name: the bundled ones, then those of any card files given (a later file's card of the same
    name wins), read through pyrules.cards.index.CardLibrary (big files are indexed once in SQLite)."""

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
            card.reader = partial(_read_card, tokens=self.lookup)
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
            except CardDataError as exc:
                self.refused[name] = exc
        return self._cards

    def tokens(self) -> list[Card]:
        """The bundled token cards (the tokens effects create)."""
        return [c for c in bundled().cards.values() if c.layout in ("token", "double_faced_token")]


@cache
def bundled() -> CardDB:
    return CardDB(CardLibrary())


@cache
def with_files(files: tuple[str, ...] = ()) -> CardDB:
    """The bundled cards and those of these card files; a file pyrules can't read is refused (exit 2)."""
    if not files:
        return bundled()
    try:
        return CardDB(CardLibrary(list(files)), files)
    except CardDataError as exc:
        raise ScenarioErrorFromCard(exc) from None


def ScenarioErrorFromCard(exc) -> Exception:
    if getattr(exc, "card_name", None) is None and getattr(exc, "field", None) == "--cards":
        return ScenarioError("--cards", exc.message)   # the file itself: named once, in the field
    return ScenarioError("--cards", str(exc))


def find_card(db: CardDB, name: str) -> Card:
    """A card as people type its name: exact, then the best prefix, word or fuzzy match; else did-you-mean."""
    card = db.lookup(name)
    if card is not None:
        return card
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
                   "abilities": list(ln.names), "parse": ln.parse or None}
                  | ({"missing": list(ln.missing)} if ln.status == "read" else {})
                  | ({"reason": ln.reason} if ln.status == "not_modelled" else {})
                  for ln in lines if ln.face == face.id]
        faces.append({"face": face.id, "name": face.name, "mana_cost": face.mana_cost, "type_line": face.type_line,
                      "power": face.power, "toughness": face.toughness,
                      "colors": [COLOR_WORDS[c] for c in face.colors], "oracle_text": face.oracle_text,
                      "lines": flines})
    return {"name": card.name, "layout": card.layout, "set": card.data.get("set"), "faces": faces,
            "source": card.data.get("source"), "notes": card.data.get("notes")}


def coverage_json(db: CardDB, top: int = 15) -> dict:
    """How much of the cards' text the knowledge base models: by template and keyword, and the most common
    lines it doesn't (card names in them replaced by ~, so that the same wording counts once)."""
    total = modelled = read = 0
    cards = fully = 0
    by_kind: dict[str, list[int]] = {}
    missing: dict[str, int] = {}
    why: dict[str, str] = {}              # a line not modelled -> its reason (what a read line misses)
    lacking: dict[str, list[str]] = {}     # what is missing -> the cards each lacks it in
    for card in db.cards.values():
        cards += 1
        ok = True
        what: set[str] = set()
        for ln in card.reading():
            total += 1
            kinds = {re.sub(r"_\d+$", "", n) for n in ln.names} or ({"reminder text"} if ln.status == "modelled" else {"(not read)"})
            for k in kinds:
                entry = by_kind.setdefault(k, [0, 0, 0])
                entry[0] += 1
                entry[1] += ln.status == "modelled"
                entry[2] += ln.status == "read"
            if ln.status == "modelled":
                modelled += 1
            else:
                read += ln.status == "read"
                ok = False
                text = ln.text
                for n in card.names:
                    text = text.replace(n, "~").replace(n.split(",")[0], "~")
                missing[text] = missing.get(text, 0) + 1
                why.setdefault(text, "; ".join(ln.missing) if ln.status == "read" else ln.reason)
                if ln.status == "read":
                    what.update(f"rules for {m}" for m in ln.missing)
                else:
                    what.add(family(ln.text, card.names))
        fully += ok
        for w in what:
            lacking.setdefault(w, []).append(card.name if len(what) == 1 else "")
    skipped = []
    for src in db.library.sources:
        for err in getattr(src, "skipped", ()) or ():
            skipped.append({"file": getattr(src, "label", None), "card": getattr(err, "card_name", None),
                            "field": getattr(err, "field", None), "message": getattr(err, "message", str(err))})
    for name, err in db.refused.items():
        skipped.append({"file": None, "card": name, "field": err.field, "message": err.message})
    return {
        "cards": cards, "cards_fully_modelled": fully, "lines": total, "lines_modelled": modelled,
        "lines_read": read, "lines_not_modelled": total - modelled - read,
        "share_modelled": round(modelled / total, 4) if total else 1.0,
        "by_template": {k: {"lines": v[0], "modelled": v[1], "read": v[2]} for k, v in sorted(by_kind.items())},
        "most_common_not_modelled": [{"text": t, "count": n, "why": why[t]} for t, n in sorted(missing.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        # what is missing (the rules a `read` line names, or the family of a line not read: pyrules/cards/families.py),
        # by how many cards it alone keeps from being fully modelled: those cards it would complete
        "missing_by_family": sorted(({"missing": w, "cards": len(names), "cards_it_would_complete": sorted(n for n in names if n)}
                                     for w, names in lacking.items()),
                                    key=lambda d: (-len(d["cards_it_would_complete"]), -d["cards"], d["missing"])),
        "skipped_cards": skipped,
    }


# Tokens an effect describes that no card file has ("create a 2/2 white Knight creature token with vigilance"):
# made from the words, by name, once per process (pyrules/cards/reader.py makes them; the scenario's facts include
# those its cards create, pyrules/game/facts.py).
MADE_TOKENS: dict[str, Card] = {}


def made_token(name: str) -> Card | None:
    return MADE_TOKENS.get(name)


def make_token(record: dict) -> Card:
    """The token card of a record (Scryfall's fields); the same name twice is the same token."""
    card = MADE_TOKENS.get(record["name"])
    if card is None:
        card = MADE_TOKENS[record["name"]] = card_from_record(record)
        card.reader = partial(_read_card, tokens=None)
    return card


def _read_card(card: Card, tokens) -> list:
    # The reader is imported when a card is first read, not with the database: importing it (its grammar,
    # clingo) costs tens of ms, a sixth of `pyrules cards`, which lists cards without reading them.
    from pyrules.cards.reader import read_card

    return read_card(card, tokens=tokens)
