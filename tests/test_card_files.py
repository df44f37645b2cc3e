"""Cards from files (pyrules.cardfile) and the card library with its on-disk index (pyrules.cardindex).

The card files in tests/data are written from the cards' official text (see tests/data/README.md); the
expected values below are read off the cards themselves and the CR rules cited."""

from __future__ import annotations

import json
import os
import pickle
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pyrules.cards import files as cardfile
from pyrules.cards import index as cardindex
from pyrules.cards.files import CardDataError, normalize_card, read_file
from pyrules.cards.index import CardLibrary
from pyrules.errors import ScenarioError

DATA = Path(__file__).parent / "data"
SCRYFALL_LIST = DATA / "scryfall_list.json"
SCRYFALL_CARD = DATA / "scryfall_card.json"
MTGJSON = DATA / "mtgjson_atomic.json"
BUNDLED = Path(cardfile.__file__).parent.parent / "data" / "cards.json"

NEW_CARDS = {"Satyr's Cunning", "Faithless Looting", "Dead // Gone", "Murderous Rider // Swift End",
             "Sphere of Resistance", "Boros Guildmage", "Reaper King", "Dismember", "Ajani, Sleeper Agent",
             "Stream of Life", "Delver of Secrets // Insectile Aberration"}


def scryfall_objects() -> list[dict]:
    return json.loads(SCRYFALL_LIST.read_text(encoding="utf-8"))


def write_bulk(path: Path, objects: list[dict]) -> Path:
    """A file in Scryfall's bulk-data layout: one JSON array, one card object per line."""
    lines = ",\n".join(json.dumps(o, ensure_ascii=False) for o in objects)
    path.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    return path


def comparable(card: dict) -> dict:
    """A normalized card without what depends on the file format (where it came from, the printing's set)."""
    return {k: v for k, v in card.items() if k not in ("source", "set")}


@pytest.fixture
def library(tmp_path):
    """A library whose index cache is private to the test; every file of any size goes through the index."""
    def make(*files, **kw):
        kw.setdefault("cache_dir", tmp_path / "cache")
        kw.setdefault("index_min_bytes", 0)
        return CardLibrary(files, **kw)
    return make


# ---------------------------------------------------------------------------------------------------
# every format reads to the same cards


def test_scryfall_list_mtgjson_and_bulk_read_to_the_same_normalized_cards(tmp_path, library):
    from_list = read_file(SCRYFALL_LIST)
    from_mtgjson = read_file(MTGJSON)
    bulk = write_bulk(tmp_path / "default-cards.json", scryfall_objects())
    from_bulk = read_file(bulk, stream=True)
    assert (from_list.kind, from_mtgjson.kind, from_bulk.kind) == ("scryfall list", "mtgjson", "scryfall bulk")
    assert set(from_list.cards) == set(from_mtgjson.cards) == set(from_bulk.cards) == NEW_CARDS
    for name in NEW_CARDS:
        assert comparable(from_list.cards[name]) == comparable(from_mtgjson.cards[name]), name
        assert from_bulk.cards[name] == {**from_list.cards[name], "source": f"Scryfall bulk {bulk}"}, name
    # the same cards through the library's SQLite index
    lib = library(bulk)
    assert lib.sources[-1].index == "built"
    for name in NEW_CARDS:
        assert lib.get(name) == from_bulk.cards[name]


def test_a_single_scryfall_card_object_and_a_scryfall_list_object(tmp_path):
    single = read_file(SCRYFALL_CARD)
    assert single.kind == "scryfall card"
    assert list(single.cards) == ["Murderous Rider // Swift End"]
    rider = single.cards["Murderous Rider // Swift End"]
    assert comparable(rider) == comparable(read_file(SCRYFALL_LIST).cards["Murderous Rider // Swift End"])
    assert rider["source"] == str(SCRYFALL_CARD)
    listed = tmp_path / "search.json"
    listed.write_text(json.dumps({"object": "list", "has_more": False, "data": scryfall_objects()}), encoding="utf-8")
    assert set(read_file(listed).cards) == NEW_CARDS
    assert cardfile.read_card(SCRYFALL_CARD)["name"] == "Murderous Rider // Swift End"


def test_the_bundled_file_is_read_by_the_same_reader():
    bundled = read_file(BUNDLED)
    assert bundled.kind == "pyrules" and bundled.skipped == []
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    assert bundled.read == len(raw["cards"]) == raw["_meta"]["count"]
    # each card keeps its own source
    assert bundled.cards["Sol Ring"]["source"].startswith("Card-Forge/forge")


# ---------------------------------------------------------------------------------------------------
# the normal shape


def test_split_card_faces_and_colors():
    dead_gone = read_file(MTGJSON).cards["Dead // Gone"]
    assert dead_gone["layout"] == "split"
    assert [f["name"] for f in dead_gone["card_faces"]] == ["Dead", "Gone"]
    assert [f["mana_cost"] for f in dead_gone["card_faces"]] == ["{R}", "{2}{R}"]
    assert dead_gone["type_line"] == "Instant // Instant"
    assert dead_gone["colors"] == ["R"]           # CR 709.4: a split card has both halves' characteristics
    assert dead_gone["cmc"] == 4                  # CR 202.3d: the halves' combined mana costs
    assert "mana_cost" not in dead_gone           # faces carry the mana costs


def test_adventurer_card_faces():
    rider = read_file(SCRYFALL_LIST).cards["Murderous Rider // Swift End"]
    creature, adventure = rider["card_faces"]
    assert (creature["name"], creature["type_line"], creature["power"], creature["toughness"]) == \
        ("Murderous Rider", "Creature — Zombie Knight", "2", "3")
    assert (adventure["name"], adventure["type_line"], adventure["mana_cost"]) == \
        ("Swift End", "Instant — Adventure", "{1}{B}{B}")
    assert "power" not in adventure
    assert rider["colors"] == ["B"]


def test_back_face_color_indicator_gives_its_color():
    for source in (SCRYFALL_LIST, MTGJSON):
        delver = read_file(source).cards["Delver of Secrets // Insectile Aberration"]
        front, back = delver["card_faces"]
        assert back["mana_cost"] == ""                    # a back face has no mana cost (CR 202.1b)
        assert back["color_indicator"] == ["U"]           # CR 202.2e: the color indicator's color
        assert back["colors"] == ["U"]
        assert "color_indicator" not in front and front["colors"] == ["U"]
        assert delver["colors"] == ["U"]                  # the front face's colors (CR 712.8a)


def test_colors_come_from_the_mana_cost_and_indicator_when_the_file_gives_none():
    card = normalize_card({"name": "Reaper King", "layout": "normal", "mana_cost": "{2/W}{2/U}{2/B}{2/R}{2/G}",
                           "type_line": "Legendary Artifact Creature — Scarecrow", "power": "6", "toughness": "6"})
    assert card["colors"] == ["W", "U", "B", "R", "G"]    # CR 202.2d: all the hybrid symbols' colors
    assert card["oracle_text"] == ""
    dfc = normalize_card({"name": "A // B", "layout": "transform", "card_faces": [
        {"name": "A", "mana_cost": "{1}{G}", "type_line": "Creature — Wolf"},
        {"name": "B", "mana_cost": "", "type_line": "Creature — Werewolf", "color_indicator": ["R", "G"]}]})
    assert [f["colors"] for f in dfc["card_faces"]] == [["G"], ["R", "G"]]
    assert dfc["colors"] == ["G"]


def test_the_files_colors_are_kept_in_WUBRG_order():
    ajani = read_file(SCRYFALL_LIST).cards["Ajani, Sleeper Agent"]
    assert ajani["colors"] == ["W", "G"]                  # the file says ["G", "W"]
    assert ajani["loyalty"] == "4"
    reaper = read_file(SCRYFALL_LIST).cards["Reaper King"]
    assert reaper["colors"] == ["W", "U", "B", "R", "G"]
    assert reaper["cmc"] == 10 and isinstance(reaper["cmc"], int)


def test_fields_pyrules_does_not_use_are_dropped():
    card = normalize_card({**scryfall_objects()[0], "legalities": {"modern": "legal"}, "prices": {"usd": "0.10"},
                           "image_uris": {"small": "x"}, "id": "0000"})
    assert set(card) == {"name", "layout", "mana_cost", "type_line", "oracle_text", "colors", "cmc", "set"}


def test_a_flip_card_is_refused_naming_the_card_and_its_layout():
    # CR 710 (flip cards) is not modelled: read as a one-faced card, a flip card gave an object with no name
    # and no types (issue 25); it is refused, naming the card and `layout`
    with pytest.raises(CardDataError) as err:
        normalize_card({"name": "Akki Lavarunner // Tok-Tok, Volcano Born", "layout": "flip", "card_faces": [
            {"name": "Akki Lavarunner", "mana_cost": "{3}{R}", "type_line": "Creature — Goblin Warrior",
             "power": "1", "toughness": "1"},
            {"name": "Tok-Tok, Volcano Born", "mana_cost": "", "type_line": "Legendary Creature — Goblin Shaman",
             "power": "2", "toughness": "2"}]})
    assert (err.value.card_name, err.value.field) == ("Akki Lavarunner // Tok-Tok, Volcano Born", "layout")


# ---------------------------------------------------------------------------------------------------
# bad cards


@pytest.mark.parametrize("change, name, field, words", [
    ({"mana_cost": "{H/W}"}, "Dismember", "mana_cost", "unknown mana symbol {H/W}"),
    ({"mana_cost": "{1}{B/P"}, "Dismember", "mana_cost", "unbalanced braces"),
    ({"type_line": None}, "Dismember", "type_line", "missing"),
    ({"type_line": ""}, "Dismember", "type_line", "empty"),
    ({"layout": None}, "Dismember", "layout", "missing"),
    ({"power": ["5"], "toughness": "5"}, "Dismember", "power", "string"),
    ({"power": "5"}, "Dismember", "toughness", "missing"),
    ({"colors": ["Black"]}, "Dismember", "colors", "W, U, B, R, G"),
    ({"oracle_text": 7}, "Dismember", "oracle_text", "text"),
    ({"cmc": "three"}, "Dismember", "cmc", "number"),
])
def test_a_bad_card_names_the_card_and_the_field(change, name, field, words):
    raw = {**next(o for o in scryfall_objects() if o["name"] == "Dismember"), **change}
    raw = {k: v for k, v in raw.items() if v is not None}
    with pytest.raises(CardDataError) as err:
        normalize_card(raw)
    e = err.value
    assert (e.card_name, e.field) == (name, field)
    assert words in str(e)
    assert str(e).startswith(f"card {name!r}: {field}: ")
    assert "\n" not in str(e)


def test_bad_card_error_is_one_line_and_a_scenario_error():
    with pytest.raises(CardDataError) as err:
        normalize_card({"name": "Foo", "layout": "normal", "mana_cost": "{H/W}", "type_line": "Instant"})
    assert str(err.value) == "card 'Foo': mana_cost: unknown mana symbol {H/W}"
    assert isinstance(err.value, ValueError) and isinstance(err.value, ScenarioError)
    copy = pickle.loads(pickle.dumps(err.value))
    assert str(copy) == str(err.value)


def test_a_bad_face_names_the_face_field():
    rider = next(o for o in scryfall_objects() if o["name"].startswith("Murderous"))
    rider["card_faces"][1] = {k: v for k, v in rider["card_faces"][1].items() if k != "type_line"}
    with pytest.raises(CardDataError) as err:
        normalize_card(rider)
    assert (err.value.card_name, err.value.field) == ("Murderous Rider // Swift End", "card_faces[1].type_line")


def test_a_card_without_a_name_is_named_by_its_place_in_the_file(tmp_path):
    objects = scryfall_objects()
    del objects[2]["name"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(objects), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        read_file(path, strict=True)
    assert err.value.card_name is None and err.value.field == "cards[2].name"
    assert "missing" in str(err.value)


def test_a_file_with_a_bad_card_keeps_the_others_and_refuses_the_bad_one_when_used(tmp_path, library):
    objects = scryfall_objects()
    next(o for o in objects if o["name"] == "Dismember")["mana_cost"] = "{1}{H/B}{B/P}"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(objects), encoding="utf-8")
    result = read_file(path)
    assert result.read == 10 and [(e.card_name, e.field) for e in result.skipped] == [("Dismember", "mana_cost")]
    lib = CardLibrary([path])
    assert lib.get("Dead") is not None
    with pytest.raises(CardDataError, match=r"^card 'Dismember': mana_cost: unknown mana symbol \{H/B\}$"):
        lib.get("dismember")


def test_a_bulk_file_skips_and_counts_its_bad_card(tmp_path, library):
    objects = scryfall_objects()
    bad = {**objects[0], "name": "Half-Hybrid Test", "mana_cost": "{H/W}"}
    reprint = {**objects[1], "set": "uma"}                   # a second printing of Faithless Looting
    art = {"object": "card", "name": "Dismember // Dismember", "layout": "art_series", "type_line": "Card // Card"}
    emblem = {"object": "card", "name": "Ajani, Sleeper Agent Emblem", "layout": "emblem", "type_line": "Emblem — Ajani"}
    not_card = {"object": "set", "name": "Theros Beyond Death"}
    bulk = write_bulk(tmp_path / "oracle-cards.json", objects + [bad, reprint, art, emblem, not_card])
    lib = library(bulk)
    stats = lib.sources[-1]
    assert stats.index == "built" and stats.kind == "scryfall bulk"
    assert stats.read == 11
    assert [(e.card_name, e.field, e.message) for e in stats.skipped] == \
        [("Half-Hybrid Test", "mana_cost", "unknown mana symbol {H/W}")]
    assert stats.duplicates == 1
    assert stats.ignored == {"layout art_series": 1, "layout emblem": 1, "object set": 1}
    assert lib.get("Faithless Looting")["set"] == "dka"      # the first printing read wins
    with pytest.raises(CardDataError, match="Half-Hybrid Test"):
        lib.get("half-hybrid test")
    # the same counts when the index is reused
    again = library(bulk).sources[-1]
    assert (again.index, again.read, again.duplicates, again.ignored) == ("reused", 11, 1, stats.ignored)
    assert [str(e) for e in again.skipped] == [str(e) for e in stats.skipped]


def test_a_card_replaces_a_token_of_the_same_name_in_a_bulk_file(tmp_path, library):
    token = {"object": "card", "name": "Sphere of Resistance", "layout": "token", "type_line": "Token Artifact",
             "mana_cost": "", "oracle_text": ""}
    bulk = write_bulk(tmp_path / "default-cards.json", [token] + scryfall_objects())
    for lib in (library(bulk), CardLibrary([bulk], index_min_bytes=10**9)):
        assert lib.get("Sphere of Resistance")["layout"] == "normal"
        assert lib.sources[-1].read == 11 and lib.sources[-1].duplicates == 0


def test_tokens_are_cards_too(tmp_path):
    goat = {"object": "card", "name": "Goat", "layout": "token", "mana_cost": "", "type_line": "Token Creature — Goat",
            "oracle_text": "", "power": "0", "toughness": "1", "colors": ["W"]}
    path = write_bulk(tmp_path / "tokens.json", [goat])
    assert read_file(path).cards["Goat"]["layout"] == "token"


# ---------------------------------------------------------------------------------------------------
# unreadable files


@pytest.mark.parametrize("content, words", [
    (None, "no such file"),
    ("", "empty"),
    ("{\"name\": \"Foo\",", "not valid JSON"),
    ("hello", "not a JSON card file"),
    ("{\"deck\": []}", "not a card file"),
    ("42", "not a JSON card file"),
])
def test_an_unreadable_file_is_refused_as_a_cards_argument(tmp_path, content, words):
    path = tmp_path / "cards.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    for read in (read_file, lambda p: CardLibrary([p], cache_dir=tmp_path / "cache")):
        with pytest.raises(CardDataError) as err:
            read(path)
        assert err.value.card_name is None and err.value.field == "--cards"
        assert str(err.value).startswith(f"--cards: {path}: ") and words in str(err.value)


def test_a_directory_and_a_truncated_bulk_file_are_refused(tmp_path, library):
    with pytest.raises(CardDataError, match="directory"):
        CardLibrary([tmp_path])
    bulk = write_bulk(tmp_path / "bulk.json", scryfall_objects())
    bulk.write_text(bulk.read_text(encoding="utf-8")[:-200], encoding="utf-8")
    with pytest.raises(CardDataError, match="^--cards: .*not valid JSON"):
        library(bulk)
    # nothing half-built is left in the cache
    assert [p.name for p in (tmp_path / "cache").iterdir() if p.name != "files.sqlite"] == []


# ---------------------------------------------------------------------------------------------------
# the on-disk index


def test_the_index_is_built_once_and_a_later_load_does_not_parse_the_file(tmp_path, library, monkeypatch):
    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects())
    builds = cardindex.BUILD_COUNT
    first = library(bulk)
    assert first.sources[-1].index == "built" and cardindex.BUILD_COUNT == builds + 1
    index_file = Path(first.sources[-1].index_path)
    assert index_file.parent == tmp_path / "cache" and index_file.exists()

    def no_parsing(*args, **kwargs):
        raise AssertionError("the card file was parsed again")

    monkeypatch.setattr(cardfile, "normalize_card", no_parsing)
    monkeypatch.setattr(cardindex, "iter_records", no_parsing)
    second = library(bulk, bundled=False)
    assert second.sources[-1].index == "reused" and cardindex.BUILD_COUNT == builds + 1
    assert second.sources[-1].index_path == str(index_file)
    assert second.get("murderous rider")["name"] == "Murderous Rider // Swift End"
    assert second.get("Swift End")["card_faces"][1]["oracle_text"] == \
        "Destroy target creature or planeswalker. You lose 2 life."
    assert second.get("Delver of Secrets // Insectile Aberration")["source"] == f"Scryfall bulk {bulk}"


def test_a_known_file_is_not_hashed_again_unless_it_changed(tmp_path, library, monkeypatch):
    import hashlib

    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects())
    library(bulk)
    real_sha256 = hashlib.sha256
    calls = []
    monkeypatch.setattr(hashlib, "sha256", lambda *a: calls.append(1) or real_sha256(*a))
    assert library(bulk).sources[-1].index == "reused" and calls == []
    # a new modification time: hashed again, same content, so the same index
    st = os.stat(bulk)
    os.utime(bulk, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert library(bulk).sources[-1].index == "reused" and len(calls) == 1
    # new content: a new index
    objects = scryfall_objects()
    objects[0]["oracle_text"] += " "
    write_bulk(bulk, objects)
    assert library(bulk).sources[-1].index == "built"


def test_a_corrupt_or_old_index_is_rebuilt(tmp_path, library):
    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects())
    index_file = Path(library(bulk).sources[-1].index_path)
    index_file.write_bytes(b"this is not a database")
    lib = library(bulk)
    assert lib.sources[-1].index == "built" and lib.get("Dismember") is not None
    conn = sqlite3.connect(index_file)
    with conn:
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'schema'")
    conn.close()
    assert library(bulk).sources[-1].index == "built"
    (tmp_path / "cache" / "files.sqlite").write_bytes(b"garbage")
    assert library(bulk).sources[-1].index == "reused"


def test_an_unusable_cache_directory_only_costs_speed(tmp_path, library):
    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects())
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    lib = library(bulk, cache_dir=not_a_dir / "cache")
    assert lib.sources[-1].index == "memory"
    assert lib.get("Gone")["name"] == "Dead // Gone"


def test_two_builds_at_once_leave_one_complete_index(tmp_path, library):
    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects() * 3)
    with ThreadPoolExecutor(2) as pool:
        libs = list(pool.map(lambda _: library(bulk), range(2)))
    assert all(lib.get("Reaper King") is not None for lib in libs)
    files = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len([f for f in files if f.startswith("cards-")]) == 1
    assert not [f for f in files if f.endswith(".tmp")]
    assert library(bulk).sources[-1].index == "reused"


def test_the_cache_directory_comes_from_PYRULES_CACHE_DIR(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRULES_CACHE_DIR", str(tmp_path / "env-cache"))
    bulk = write_bulk(tmp_path / "oracle-cards.json", scryfall_objects())
    lib = CardLibrary([bulk], index_min_bytes=0)
    assert Path(lib.sources[-1].index_path).parent == tmp_path / "env-cache"


def test_mtgjson_through_the_index(tmp_path, library):
    lib = library(MTGJSON)
    stats = lib.sources[-1]
    assert (stats.index, stats.kind, stats.read, stats.label) == ("built", "mtgjson", 11, f"MTGJSON {MTGJSON}")
    assert lib.get("Insectile Aberration")["card_faces"][1]["color_indicator"] == ["U"]


def test_small_files_are_read_directly():
    lib = CardLibrary([SCRYFALL_LIST])
    assert lib.sources[-1].index is None and lib.sources[-1].read == 11


# ---------------------------------------------------------------------------------------------------
# the library


def test_cards_are_found_by_full_name_face_name_in_any_case():
    lib = CardLibrary([SCRYFALL_LIST])
    for name in ("Dead // Gone", "dead // gone", "Dead", "GONE", "Arcee, Acrobatic Coupe", "welcome to . . ."):
        assert lib.get(name) is not None, name
    assert lib.get("Gone")["name"] == "Dead // Gone"
    assert lib.get("Dead and Gone") is None
    assert lib.get(None) is None  # type: ignore[arg-type]
    assert "Stomp" in lib and "Stompy" not in lib


def test_a_later_file_overrides_an_earlier_card_of_the_same_name(tmp_path):
    bears = {"object": "card", "name": "Grizzly Bears", "layout": "normal", "mana_cost": "{1}{G}",
             "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2"}
    first = tmp_path / "first.json"
    first.write_text(json.dumps([{**bears, "set": "one"}]), encoding="utf-8")
    second = tmp_path / "second.json"
    second.write_text(json.dumps({**bears, "set": "two"}), encoding="utf-8")
    assert CardLibrary().get("Grizzly Bears")["set"] == "LEA"
    assert CardLibrary([first]).get("grizzly bears")["set"] == "one"
    assert CardLibrary([first, second]).get("Grizzly Bears")["set"] == "two"
    assert CardLibrary([second, first]).get("Grizzly Bears")["set"] == "one"
    lib = CardLibrary([first, second])
    assert lib.names().count("Grizzly Bears") == 1
    assert [s.path for s in lib.sources] == ["bundled", str(first), str(second)]


def test_a_full_name_that_is_another_cards_face_name_is_refused(tmp_path):
    # (it used to win over the face name, so that a card file's card silently stood for the bundled card's
    # half: issue 25) — no two cards share a name, so one of the two records is wrong: the name is refused,
    # naming both; the other card is still found by its full name and its other face's name
    assert CardLibrary().get("Fire")["name"] == "Fire // Ice"       # the bundled split card's half
    fire = {"object": "card", "name": "Fire", "layout": "normal", "mana_cost": "{R}", "type_line": "Instant",
            "oracle_text": "Test card."}
    path = tmp_path / "fire.json"
    path.write_text(json.dumps(fire), encoding="utf-8")
    lib = CardLibrary([path])
    with pytest.raises(CardDataError) as err:
        lib.get("Fire")
    assert (err.value.card_name, err.value.field) == ("Fire", "name") and "'Fire // Ice'" in err.value.message
    assert lib.get("Ice")["name"] == "Fire // Ice"
    assert lib.get("Fire // Ice")["name"] == "Fire // Ice"


def test_returned_cards_are_copies():
    lib = CardLibrary()
    lib.get("Sol Ring")["oracle_text"] = "changed"
    assert lib.get("Sol Ring")["oracle_text"] == "{T}: Add {C}{C}."


# ---------------------------------------------------------------------------------------------------
# the bundled cards


def bundled() -> dict[str, dict]:
    return {c["name"]: c for c in json.loads(BUNDLED.read_text(encoding="utf-8"))["cards"]}


@pytest.mark.parametrize("name, subtype, mana", [
    ("Plains", "Plains", "W"), ("Island", "Island", "U"), ("Swamp", "Swamp", "B"),
    ("Mountain", "Mountain", "R"), ("Forest", "Forest", "G"),
])
def test_bundled_basic_lands(name, subtype, mana):
    card = bundled()[name]
    assert card["type_line"] == f"Basic Land — {subtype}"
    assert card["oracle_text"] == "({T}: Add {%s}.)" % mana     # CR 305.6: the intrinsic mana ability
    assert (card["mana_cost"], card["colors"], card["layout"]) == ("", [], "normal")


def test_bundled_wastes_and_goat_token():
    wastes = bundled()["Wastes"]
    assert (wastes["type_line"], wastes["oracle_text"], wastes["colors"]) == ("Basic Land", "{T}: Add {C}.", [])
    goat = bundled()["Goat"]      # Woe Strider: "create a 0/1 white Goat creature token"
    assert (goat["layout"], goat["type_line"], goat["power"], goat["toughness"], goat["colors"]) == \
        ("token", "Token Creature — Goat", "0", "1", ["W"])


# Back faces and their color indicators, from the Forge scripts' "Colors:" lines (Cyclonus: see its notes).
BACK_FACE_INDICATORS = {
    "Arcee, Acrobatic Coupe": ["W", "R"], "Blaster, Morale Booster": ["R", "G"],
    "Blitzwing, Adaptive Assailant": ["B"], "Cyclonus, Cybertronian Fighter": ["U", "B"],
    "Flamewar, Streetwise Operative": ["B", "R"], "Goldbug, Scrappy Scout": ["W", "U"],
    "Jetfire, Air Guardian": ["U"], "Megatron, Destructive Force": ["W", "B", "R"],
    "Optimus Prime, Autobot Leader": ["W", "U", "R"], "Prowl, Pursuit Vehicle": ["W"],
    "Ratchet, Rescue Racer": ["W"], "Slicer, High-Speed Antagonist": ["R"],
    "Soundwave, Superior Captain": ["W", "U", "B"], "Starscream, Seeker Leader": ["B"],
    "Ultra Magnus, Armored Carrier": ["W", "R", "G"],
}


def test_bundled_back_faces_have_their_color_indicators():
    backs = {f["name"]: f for c in bundled().values() if c["layout"] == "transform" for f in c["card_faces"][1:]}
    assert set(backs) == set(BACK_FACE_INDICATORS) | {"Jurassic Park"}
    for name, indicator in BACK_FACE_INDICATORS.items():
        assert backs[name]["color_indicator"] == indicator, name
        assert backs[name]["colors"] == indicator, name           # CR 202.2e
    # Jurassic Park: a land with no mana cost and no color indicator is colorless (CR 202.2b)
    assert "color_indicator" not in backs["Jurassic Park"] and backs["Jurassic Park"]["colors"] == []


def test_every_bundled_card_and_face_has_colors():
    for card in bundled().values():
        assert all(c in "WUBRG" for c in card["colors"]), card["name"]
        for face in card.get("card_faces", ()):
            assert "colors" in face, (card["name"], face["name"])
    assert bundled()["Fire // Ice"]["colors"] == ["U", "R"]
    assert bundled()["Bonecrusher Giant // Stomp"]["colors"] == ["R"]
    assert bundled()["Megatron, Tyrant // Megatron, Destructive Force"]["colors"] == ["W", "B", "R"]


def test_a_name_on_two_lines_is_refused():
    with pytest.raises(CardDataError, match="name: a name is one line"):
        normalize_card({"name": "Foo\nBar", "layout": "normal", "type_line": "Instant"})
    with pytest.raises(CardDataError) as err:
        normalize_card({"name": "A // B", "layout": "split", "card_faces": [
            {"name": "A", "type_line": "Instant"}, {"name": "B\n", "type_line": "Instant"}]})
    assert err.value.field == "card_faces[1].name"


def test_the_bundled_path_imports_no_index_or_search_library():
    # `pyrules cards` must start fast: sqlite3, ijson, rapidfuzz and platformdirs load only when a large
    # file or a search needs them
    import subprocess
    import sys

    code = ("import sys, pyrules; before = set(sys.modules)\n"
            "from pyrules.cards.index import CardLibrary\nfrom pyrules.cards.search import find\n"
            "lib = CardLibrary(); assert lib.get('Forest') and lib.get('stomp') and 'Sol Ring' in lib.names()\n"
            "print(sorted(m for m in ('sqlite3', 'ijson', 'rapidfuzz', 'platformdirs')"
            " if m in sys.modules and m not in before))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
