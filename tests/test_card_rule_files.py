"""Cards with their own file (rules/cards/*.lp, issue 28): a line such a file models is counted as modelled only
with the test that plays it. Each file names its lines (card_line/4) and their test; the test must exist and play
the card, and the line must be one the grammar doesn't model on its own (else the file would say it twice)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from pyrules.cards import grammar
from pyrules.cards.db import with_files
from pyrules.cards.reader import read_face, read_card
from pyrules.kb.compile import rules_root
from tests.conftest import cli

ROOT = Path(__file__).resolve().parent.parent


def _cases(test: str) -> list[dict]:
    return yaml.safe_load((ROOT / test).read_text(encoding="utf-8"))


def test_each_line_a_card_file_models_names_a_test_that_plays_the_card():
    files = grammar.card_rule_files()
    assert files, "no card file declares a line (rules/cards/lilianas_contract.lp does)"
    for (card, face, line), (path, test, names) in files.items():
        assert (ROOT / path).is_file()
        assert test, f"{path}: line {line} of {card} names no test"
        cases = _cases(test)
        playing = [c for c in cases if any(o.get("card") == card for o in c["scenario"].get("objects", []))]
        assert playing, f"{test}: no case puts {card} in a scenario"
        assert names, f"{path}: line {line} of {card} makes no ability"


def test_a_card_file_models_only_what_the_grammar_does_not():
    for (card, face, line), (path, test, _names) in grammar.card_rule_files().items():
        files = sorted({f for c in _cases(test) for f in c.get("cards", [])})
        got = with_files(tuple(str(ROOT / f) for f in files)).lookup(card)
        alone = [ln for f in got.faces if f.id == face for ln in read_face(got, f) if ln.line == line]
        assert alone and alone[0].status != "modelled", f"{path}: the grammar models line {line} of {card} itself"


def test_every_file_of_rules_cards_is_played_by_a_test():
    """The card files that state no line (an effect's name, as Welcome to . . . // Jurassic Park's) are played by
    some rule case too: each names its card, and some case puts that card in a scenario."""
    texts = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.yaml"))
    texts += "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "examples").glob("*.yaml"))
    for path in sorted((rules_root() / "cards").glob("*.lp")):
        cards = set(re.findall(r'"([^"]+)"', path.read_text(encoding="utf-8")))
        named = {c for c in cards if not c.startswith("tests/") and c.lower() != c}
        assert any(c in texts for c in named), f"{path.name}: no test plays {sorted(named)}"


def test_liliana_s_contract_line_2_is_modelled_by_its_file_and_counted():
    got = with_files((str(ROOT / "tests/data/lilianas_contract.json"),)).lookup("Liliana's Contract")
    lines = read_card(got)
    assert [ln.status for ln in lines] == ["modelled", "modelled"]
    assert lines[1].names == ["trigger_2"] and "rules/cards/lilianas_contract.lp" in lines[1].parse
    assert lines[1].facts == []     # (the file's rules state the vocabulary, not the reader)
    r = cli("cards", "--coverage", "--cards", "tests/data/lilianas_contract.json", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    # (Malfegor's enter trigger isn't modelled: the report names it, and not Liliana's Contract nor Vilis, whose lines
    # all are)
    missing = json.dumps(doc["missing_by_family"])
    assert "Malfegor" in missing
    assert "Liliana's Contract" not in missing and "Vilis, Broker of Blood" not in missing


def test_a_card_file_line_without_a_test_is_not_counted(monkeypatch):
    files = dict(grammar.card_rule_files())
    key = ("Liliana's Contract", "front", 2)
    path, _test, names = files[key]
    files[key] = (path, "", names)
    monkeypatch.setattr("pyrules.cards.reader.card_rule_files", lambda: files)
    got = with_files((str(ROOT / "tests/data/lilianas_contract.json"),)).lookup("Liliana's Contract")
    assert read_card(got)[1].status == "not_modelled"
