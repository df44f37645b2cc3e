"""What the reading tests share: one line of a card in a card file, read by the grammar, and its vocabulary facts
written as text (tests/test_grammar_*.py)."""

from __future__ import annotations

from pathlib import Path

from pyrules.cards.db import with_files

DATA = Path(__file__).parent / "data"


def line_of(path: Path | str, card: str, n: int):
    """Line `n` (from 1) of `card` as the grammar reads it, from the card file `path` (a name alone is in tests/data)."""
    return with_files((str(DATA / path),)).lookup(card).reading()[n - 1]


def lines_of(path: Path | str):
    """`line(card, n)` for one card file."""
    return lambda card, n: line_of(path, card, n)


def facts(ln) -> str:
    return " ".join(str(f) for f in ln.facts)
