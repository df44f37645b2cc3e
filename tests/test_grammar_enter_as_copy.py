"""Reading tests of the Clone shape (issue 28, copy effects on creatures, CR 707): "You may have ~ enter the battlefield
as a copy of any creature on the battlefield ..., except ..." — the real card (tests/data/enter_as_copy.json, Oracle
text as Forge's card script keeps it) -> status and the vocabulary facts the rules interpret. The behaviour is played
out in tests/rules/card_families/enter_as_copy.yaml."""

from __future__ import annotations

import json

import pytest

from tests.card_lines import DATA, facts, line_of, lines_of

line = lines_of("enter_as_copy.json")

MOCKINGBIRD = ("You may have Mockingbird enter the battlefield as a copy of any creature on the battlefield with mana "
               "value less than or equal to the amount of mana spent to cast Mockingbird, except it's a Bird in addition "
               "to its other types and it has flying.")


def _mockingbird(tmp_path, text: str):
    """Line 2 of Mockingbird with `text` for its second line (the card object of tests/data/enter_as_copy.json)."""
    card = next(c for c in json.loads((DATA / "enter_as_copy.json").read_text()) if c["name"] == "Mockingbird")
    card["oracle_text"] = "Flying\n" + text
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card]))
    return line_of(path, "Mockingbird", 2)


def test_mockingbird_enters_as_a_copy():
    # a static ability whose replacement effect applies as it enters (CR 614.12, 707.5): a creature on the battlefield,
    # its mana value at most the mana spent to cast it (601.2h); the exceptions part of its copiable values (707.9a) —
    # the subtype Bird, and flying, an ability of the card that no face prints
    ln = line("Mockingbird", 2)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    assert 'enters_as_copy(ab("Mockingbird",front,2,static_2),creature,mana_spent_or_less)' in f
    assert 'copy_except_subtype(ab("Mockingbird",front,2,static_2),"bird")' in f
    assert 'copy_except_ability(ab("Mockingbird",front,2,static_2),ab("Mockingbird",front,2,copy_flying))' in f
    assert 'keyword(ab("Mockingbird",front,2,copy_flying),flying)' in f
    assert 'face_ability("Mockingbird",front,ab("Mockingbird",front,2,copy_flying))' not in f   # no face prints it
    assert line("Mockingbird", 1).status == "modelled"


def test_the_enter_wording_reads_the_same(tmp_path):
    # the current Oracle wording says "enter" for "enter the battlefield" (the 2024 update): read the same
    ln = _mockingbird(tmp_path, MOCKINGBIRD.replace("enter the battlefield as", "enter as"))
    assert ln.status == "modelled", ln.text
    assert facts(ln) == facts(line("Mockingbird", 2))


@pytest.mark.parametrize("text", [
    # made-up lines, to show what the template does with a word it doesn't have rules for: a limit other than the
    # mana spent, a subtype that isn't a creature type, a keyword with a parameter, no exception at all
    MOCKINGBIRD.replace("less than or equal to", "greater than"),
    MOCKINGBIRD.replace("a Bird", "a Forest"),
    MOCKINGBIRD.replace("it has flying", "it has ward {2}"),
    MOCKINGBIRD.replace(", except it's a Bird in addition to its other types and it has flying", ""),
    MOCKINGBIRD.replace("any creature", "any artifact"),
])
def test_other_words_are_not_modelled(tmp_path, text):
    assert _mockingbird(tmp_path, text).status == "not_modelled"
