"""Every word of a `modelled` line is understood (docs/guide/cards.md): the grammar reads a line whole or not at
all (pyrules/cards/reader.py: a parsed line's span is all of it), and `reader.unread` lists the words no span covers. These tests
read every line of every card pyrules ships (pyrules/data/cards.json) and of every card file in tests/data,
reminder text (in parentheses) aside:
- a line reported `modelled` leaves no word unread;
- a word no template knows, put anywhere into a modelled line, makes the line `not_modelled` — the check
  that no template skips a word, guesses one from where it stands (a capitalized word as a creature type)
  or reads past it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from pyrules.cards.db import bundled, with_files
from pyrules.cards.reader import Line, read_line, unread

DATA = Path(__file__).parent / "data"


def every_card() -> dict:
    """Every card pyrules ships and every card of the card files in tests/data, by name (a later file's card
    of the same name wins, as with --cards)."""
    cards = {}
    for name in bundled().names():
        cards[name] = bundled().lookup(name)
    for path in sorted(DATA.glob("*.json")):
        db = with_files((str(path),))
        for name in db.names():
            card = db.lookup(name)
            cards[card.name] = card
    return cards


CARDS = every_card()


def test_the_corpus_is_the_bundled_cards_and_the_test_card_files():
    assert {"Sol Ring", "Welcome to . . . // Jurassic Park", "Icy Manipulator", "Sphere of Resistance",
            "Birds of Paradise", "Smuggler's Copter", "Pacifism"} <= set(CARDS)
    assert sum(ln.status == "modelled" and bool(ln.read) for c in CARDS.values() for ln in c.reading()) > 100


def test_every_modelled_line_is_read_whole():
    left = [(c.name, ln.line, ln.text, unread(ln)) for c in CARDS.values() for ln in c.reading()
            if ln.status == "modelled" and unread(ln)]
    assert left == []


def test_unread_names_the_words_no_span_covers_and_leaves_reminder_text_out():
    ln = Line("front", 1, "Flying (This creature can fly.)", "modelled", read="Flying, menace, haste", spans=((0, 7), (15, 21)))
    assert unread(ln) == ["menace,"]
    ln = Line("front", 1, "(Reminder only.)", "modelled", read="", spans=())
    assert unread(ln) == []


def _with_line(card, face, i: int, text: str):
    lines = list(face.lines)
    lines[i] = text
    new_face = dataclasses.replace(face, oracle_text="\n".join(lines))
    return dataclasses.replace(card, faces=[new_face if f is face else f for f in card.faces], _facts=None, _lines=None)


def _insertions(raw: str):
    """The line with a word put before or after each of its words (not inside its reminder text; a capitalized word
    is not put into a card name after "named", whose words may be any: "a card named Zzz Festering Newt" names a card;
    nor into a token's own name)."""
    inside = [(m.start(), m.end()) for m in re.finditer(r"\([^)]*\)", raw)]
    names = [(m.start(1), m.end(1)) for m in re.finditer(r"named ((?:[A-Z][\w',-]*)(?: (?:of|the|or|[A-Z][\w',-]*))*)", raw)]
    # (a token given a name: "create Karox Bladewing, a legendary 4/4 red Dragon creature token", whose words may be any)
    names += [(m.start(1), m.end(1)) for m in re.finditer(r"create ((?:[A-Z][\w',-]*)(?: (?:of|the|[A-Z][\w',-]*))*), an? ", raw)]
    for w in re.finditer(r"\S+", raw):
        if any(a <= w.start() < b for a, b in inside):
            continue
        for pos in (w.start(), w.end()):
            for word in ("zzz", "Zzz", "not"):
                if word == "Zzz" and any(a - 1 <= pos <= b for a, b in names):
                    continue
                text = raw[:pos] + f" {word} " + raw[pos:]
                yield re.sub(r" {2,}", " ", text).strip()


@pytest.mark.parametrize("name", sorted(n for n, c in CARDS.items() if any(ln.status == "modelled" and ln.read for ln in c.reading())))
def test_a_word_no_template_knows_makes_a_modelled_line_not_modelled(name):
    card = CARDS[name]
    accepted = []
    for face in card.faces:
        for i, raw in enumerate(face.lines):
            [orig] = [ln for ln in card.reading() if ln.face == face.id and ln.line == i + 1]
            if orig.status != "modelled" or not orig.read:
                continue
            for text in _insertions(raw):
                changed = _with_line(card, face, i, text)   # (a line is read on its own: read_face reads each alone)
                new_face = next(f for f in changed.faces if f.id == face.id)
                got = read_line(changed, new_face, i + 1, new_face.lines[i], tokens=bundled().lookup)
                if got.status == "modelled":
                    accepted.append(text)
    assert accepted == []
