"""Families of card text: the common shapes of real cards' lines, by a pattern each, for measuring and reporting
what is missing (bench/cards.py; `pyrules cards --coverage`). The reader never looks at these: a line is read by
the grammar or not at all; a family only names, for a line pyrules doesn't model, the kind of text it is."""

from __future__ import annotations

import re

# issue 27's fifteen families (the most common shapes of real cards' lines, numbered in its order of value), then
# the long tail's; a line is put in the first family whose pattern it matches (the card's own name written ~)
FAMILIES = [
    ("14 activated gains/gets", r"^[^:\"]+: ~ (?:gains|gets) "),
    ("10 planeswalkers", r"^[+−-]?\d+: |^\[[+−-]?\d+\]: |\bloyalty\b"),
    ("5 auras", r"^Enchant |^Enchanted |\benchanted (?:creature|permanent|land)\b"),
    ("1 pump/shrink until end of turn", r"gets? [+−-][\dX]+/[+−-][\dX]+ until end of turn"),
    ("2 attack/block/combat damage triggers", r"^(?:When|Whenever) .*(?:attacks|blocks|becomes blocked|deals combat damage)"),
    ("4 cast triggers", r"^Whenever you cast "),
    ("6 dies triggers", r"^(?:When|Whenever) .*(?:dies|put into a graveyard from the battlefield)"),
    ("7 enters tapped", r"enters(?: the battlefield)? tapped"),
    ("8 enter triggers", r"^(?:When|Whenever) .*enters"),
    ("9 anthems and lords", r"(?:creatures|\b[A-Z][a-z]+s) you control get [+−-]"),
    ("3 destroy", r"\b[Dd]estroy (?:target|all|each|up to)"),
    ("11 evasion and restrictions", r"can't be blocked|walk\b|can block only|attacks each (?:combat|turn) if able|can't block|can't attack"),
    ("12 bounce", r"[Rr]eturn (?:target|up to|all|each) .* to (?:its|their) owner'?s'? hands?"),
    ("13 damage", r"deals? (?:\w+ )?damage"),
    ("15 mana", r"\bAdd \{|\bAdd (?:one|two|three) mana"),
    ("modal spells", r"^Choose (?:one|two|three|four)\b|^Choose up to \w+ \{P\} worth of modes"),
    ("additional and optional costs", r"^Kicker|\bkicked\b|additional cost"),
    ("abilities from the hand", r"^(?:\w+)?[Cc]ycling\b|from your hand"),
    ("counterspells", r"^Counter target"),
    ("tokens", r"\btokens?\b"),
    ("+1/+1 and -1/-1 counters", r"[+−-]1/[+−-]1 counters?"),
    ("protection and regenerate", r"[Pp]rotection from|[Rr]egenerate"),
    ("prevention and replacement", r"\b[Pp]revent\b|\binstead\b"),
    ("copies", r"\bcop(?:y|ies)\b"),
    ("control change", r"gains? control"),
    ("library: search, shuffle, look", r"\bsearch\b|\bshuffle|\blook at\b|\breveal"),
    ("draw, discard, mill, scry, surveil", r"\b(?:draws?|discards?|mills?|scry|surveil)\b"),
    ("sacrifice", r"\bsacrifices?\b"),
    ("beginning of a step", r"^At the beginning of"),
    ("X and for each", r"\bX\b|\bfor each\b"),
]


def family(text: str, names=()) -> str:
    """The first family whose pattern the line matches (its card's names written ~, reminder text left out), or
    "other"."""
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, "~")
    text = re.sub(r"\s*\([^)]*\)", "", text).strip()
    for name, pattern in FAMILIES:
        if re.search(pattern, text):
            return name
    return "other"
