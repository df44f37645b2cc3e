"""Finding cards as people type them (pyrules.cardsearch): exact, prefix, word-prefix, substring and fuzzy
matches on either face or the full name, ranked in that order, and the did-you-mean of error messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrules.cards.index import CardLibrary, search_key, search_words
from pyrules.cards.search import Match, did_you_mean, find

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def lib():
    return CardLibrary([DATA / "scryfall_list.json"])


def best(lib, query):
    matches = find(lib, query)
    assert matches, query
    return matches[0]


def test_search_keys_ignore_case_punctuation_spacing_and_accents():
    assert search_key("Welcome to . . .") == search_key("welcome to...") == "welcometo"
    assert search_key("Uro, Titan of Nature's Wrath") == search_key("URO TITAN OF NATURES WRATH")
    assert search_key("Lim-Dûl the Necromancer") == "limdulthenecromancer"
    assert search_words("Arcee, Sharpshooter") == "arcee sharpshooter"


@pytest.mark.parametrize("query, card, matched, kind", [
    ("uro", "Uro, Titan of Nature's Wrath", "Uro, Titan of Nature's Wrath", "prefix"),
    ("arcee", "Arcee, Sharpshooter // Arcee, Acrobatic Coupe", "Arcee, Sharpshooter", "prefix"),
    ("jurassic", "Welcome to . . . // Jurassic Park", "Jurassic Park", "prefix"),
    ("welcome to...", "Welcome to . . . // Jurassic Park", "Welcome to . . .", "exact"),
    ("arcee sharpshoter", "Arcee, Sharpshooter // Arcee, Acrobatic Coupe", "Arcee, Sharpshooter", "fuzzy"),
    ("ACROBATIC COUPE", "Arcee, Sharpshooter // Arcee, Acrobatic Coupe", "Arcee, Acrobatic Coupe", "word_prefix"),
    ("swift end", "Murderous Rider // Swift End", "Swift End", "exact"),
    ("dead // gone", "Dead // Gone", "Dead // Gone", "exact"),
    ("insectile", "Delver of Secrets // Insectile Aberration", "Insectile Aberration", "prefix"),
    ("sleeper", "Ajani, Sleeper Agent", "Ajani, Sleeper Agent", "word_prefix"),
    ("crusher", "Bonecrusher Giant // Stomp", "Bonecrusher Giant", "substring"),
    ("dismembr", "Dismember", "Dismember", "fuzzy"),
])
def test_cards_are_found_by_what_people_type(lib, query, card, matched, kind):
    m = best(lib, query)
    assert (m.name, m.matched_name, m.kind) == (card, matched, kind)
    assert lib.get(m.name)["name"] == card


def test_ranking_exact_then_prefix_then_word_prefix_then_substring_then_fuzzy(tmp_path):
    names = ["Gone", "Gone Fishing", "Long Gone", "Bygone Era", "Goner Boat", "Gonne"]
    cards = [{"object": "card", "name": n, "layout": "normal", "mana_cost": "{1}", "type_line": "Artifact",
              "oracle_text": ""} for n in names]
    path = tmp_path / "gone.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    lib = CardLibrary([path], bundled=False)
    got = [(m.name, m.kind) for m in find(lib, "gone", limit=10)]
    assert got == [("Gone", "exact"),
                   ("Gone Fishing", "prefix"), ("Goner Boat", "prefix"),     # ties by name
                   ("Long Gone", "word_prefix"),
                   ("Bygone Era", "substring"),
                   ("Gonne", "fuzzy")]
    assert find(lib, "gone", limit=2) == find(lib, "gone", limit=10)[:2]


def test_fuzzy_matches_rank_by_score_then_name(lib):
    matches = find(lib, "arcee sharpshoter", limit=5)
    fuzzy = [m for m in matches if m.kind == "fuzzy"]
    assert fuzzy and fuzzy[0].name == "Arcee, Sharpshooter // Arcee, Acrobatic Coupe"
    assert [(-m.score, m.name) for m in fuzzy] == sorted((-m.score, m.name) for m in fuzzy)
    assert all(75 <= m.score < 100 for m in fuzzy)


def test_one_match_per_card_and_the_same_answer_every_time(lib):
    matches = find(lib, "arcee", limit=10)
    assert len({m.name for m in matches}) == len(matches)
    assert find(lib, "arcee", limit=10) == matches
    assert isinstance(matches[0], Match)


def test_nothing_close_finds_nothing(lib):
    assert find(lib, "qqqqzzzz") == []
    assert find(lib, "...") == []
    assert find(lib, "") == []
    assert find(lib, "uro", limit=0) == []


def test_did_you_mean_names_the_face_that_was_meant(lib):
    assert did_you_mean(lib, "Arcee, Sharpshoter") == " — did you mean 'Arcee, Sharpshooter'?"
    assert did_you_mean(lib, "Jurasic Park") == " — did you mean 'Jurassic Park'?"
    assert did_you_mean(lib, "qqqqzzzz") == (" (pyrules cards lists the cards it knows; --cards FILE reads more: a "
                                             "Scryfall or MTGJSON file)")
    several = did_you_mean(lib, "titan of")
    assert several.startswith(" — did you mean ") and " or " in several
    assert "Uro, Titan of Nature's Wrath" in several


def test_search_sees_a_later_files_card_instead_of_an_earlier_one(tmp_path):
    bears = {"object": "card", "name": "Grizzly Bears", "layout": "normal", "mana_cost": "{1}{G}",
             "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2", "set": "mine"}
    path = tmp_path / "bears.json"
    path.write_text(json.dumps(bears), encoding="utf-8")
    lib = CardLibrary([path])
    matches = find(lib, "grizzly", limit=10)
    assert [m.name for m in matches] == ["Grizzly Bears"]
    assert lib.get(matches[0].name)["set"] == "mine"


def test_search_over_an_indexed_bulk_file(tmp_path):
    objects = json.loads((DATA / "scryfall_list.json").read_text(encoding="utf-8"))
    extra = [{**o, "name": f"{o['name']} {i}"} for i, o in enumerate(objects) if "card_faces" not in o]
    bulk = tmp_path / "oracle-cards.json"
    bulk.write_text("[\n" + ",\n".join(json.dumps(o) for o in objects + extra) + "\n]\n", encoding="utf-8")
    lib = CardLibrary([bulk], cache_dir=tmp_path / "cache", index_min_bytes=0)
    assert lib.sources[-1].index == "built"
    assert best(lib, "swift end").name == "Murderous Rider // Swift End"
    assert [m.name for m in find(lib, "reaper king", limit=3)] == ["Reaper King", "Reaper King 6"]
    assert best(lib, "dismembr").matched_name == "Dismember"
    assert best(lib, "jurassic").name == "Welcome to . . . // Jurassic Park"       # from the bundled cards
    again = CardLibrary([bulk], cache_dir=tmp_path / "cache", index_min_bytes=0)
    assert again.sources[-1].index == "reused"
    assert find(again, "aberration") == find(lib, "aberration")
    assert did_you_mean(again, "Insectile Aberation") == " — did you mean 'Insectile Aberration'?"
