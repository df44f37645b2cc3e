"""Issue 28: a line pyrules doesn't model says why (`reason`, beside `status: not_modelled`), in the words the
rules give it (rules/core/reading_notes.lp): where the grammar stopped reading the line, or the phrase it read that
pyrules has no rules for. Real cards (tests/data/reasons.json, see tests/data/README.md); each line below is one
pyrules doesn't model today: when a family reads one, pick another line of the same kind."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import ROOT

from pyrules import api
from pyrules.cards import grammar

REASONS = str(ROOT / "tests" / "data" / "reasons.json")


def _line(name: str, n: int = 1) -> dict:
    doc = api.card_report(name, (REASONS,))
    return doc["faces"][0]["lines"][n - 1]


def test_a_keyword_the_grammar_has_no_shape_for_is_named_where_reading_stopped():
    # Gurmag Angler: "Delve (...)": delve (CR 702.66) is no keyword pyrules reads: nothing of the line is read
    ln = _line("Gurmag Angler")
    assert ln["status"] == "not_modelled"
    assert ln["reason"] == "no shape of card text pyrules reads goes on with the words “Delve”"


def test_a_phrase_read_without_rules_is_named():
    # Lotus Cobra: "Landfall — Whenever a land enters the battlefield under your control, you may add one mana of any
    # color.": the grammar reads the trigger and its effect, but pyrules has no rules for mana of a color chosen as a
    # trigger resolves (a chapter's "Add {R}{R}", The First Eruption's line 3, is modelled since issue 28)
    ln = _line("Lotus Cobra")
    assert ln["status"] == "not_modelled"
    assert ln["reason"] == "pyrules reads the words but has no rules for “add one mana of any color”"


def test_a_line_that_stops_where_the_grammar_needs_more_words():
    # Isolate: "Exile target permanent with converted mana cost 1.": the grammar reads mana value comparisons
    # ("... 1 or less"), so the line ends where it needs more
    ln = _line("Isolate")
    assert ln["status"] == "not_modelled"
    assert ln["reason"] == "the line ends where every shape of card text pyrules reads needs more words"


def test_only_lines_not_modelled_carry_a_reason():
    for name in ("Gurmag Angler", "The First Eruption", "Isolate"):
        for face in api.card_report(name, (REASONS,))["faces"]:
            for ln in face["lines"]:
                assert ("reason" in ln) == (ln["status"] == "not_modelled"), (name, ln)
    # a modelled line of the bundled cards has none
    uro = api.card_report("Uro, Titan of Nature's Wrath")["faces"][0]["lines"]
    assert all("reason" not in ln for ln in uro if ln["status"] != "not_modelled")


def test_the_reasons_are_the_rules_words():
    # the sentences live in the rules, not in Python: each kind the reader gives has its sentence there
    assert set(grammar.reading_reasons()) == {"not_read", "ends_early", "no_rules"}


def test_the_reason_survives_the_parse_cache(tmp_path):
    # a new process reads the line from the cache on disk (pyrules/cards/grammar.py: lines-*.pickle): the place
    # where reading stopped is kept with it
    env = dict(os.environ, PYRULES_CACHE_DIR=str(tmp_path))
    argv = [sys.executable, "-m", "pyrules", "cards", "Gurmag Angler", "--cards", REASONS, "--json"]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    assert list(tmp_path.rglob("lines-*.pickle")), first.stderr
    again = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    assert json.loads(again.stdout)["faces"][0]["lines"][0]["reason"] == _line("Gurmag Angler")["reason"]


def test_the_text_output_says_why():
    done = subprocess.run([sys.executable, "-m", "pyrules", "cards", "Isolate", "--cards", REASONS],
                          capture_output=True, text=True, cwd=ROOT)
    assert "not modelled: the line ends where every shape of card text pyrules reads needs more words" in done.stdout


def test_every_answer_lists_why_each_line_is_not_modelled():
    # interface §5.7's not_modelled entries carry the reason of a line not modelled (and what a read line misses)
    sc = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
          "objects": [{"id": "angler", "card": "Gurmag Angler", "owner": "alice", "zone": "hand"},
                      {"id": "eruption", "card": "The First Eruption", "owner": "alice", "zone": "hand"}]}
    code, doc = api.answer("show", {"scenario": sc, "cards": [REASONS]})
    assert code == 0 and doc["complete"] is False
    assert {(n["card"], n["line"]): n["reason"] for n in doc["not_modelled"]} == {
        ("Gurmag Angler", 1): _line("Gurmag Angler")["reason"],
        ("The First Eruption", 4): _line("The First Eruption", 4)["reason"]}


def test_the_coverage_report_says_why_for_its_most_common_lines():
    doc = api.card_report(None, (REASONS,), coverage=True)
    why = {m["text"]: m["why"] for m in doc["most_common_not_modelled"]}
    assert why["Exile target permanent with converted mana cost 1."] == _line("Isolate")["reason"]
