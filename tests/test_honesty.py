"""Interface §5.7: what pyrules doesn't know, it says. Every answer document carries `complete` and
`not_modelled` (every line of card text pyrules doesn't model, on the card of any object of the board, in any
zone, or created by the timeline); text output ends with `note:` lines; a plan search that finds nothing on an
incomplete board says so; a short answer names the lines that could change it; a naming refused only because
pyrules doesn't read a line is bad input naming the line, never a rule of the game; a cast the rules allow but
the player can't pay now is never a bare yes.

Cards from tests/data/unread.json (Deep Freeze, Fireball, Kolaghan Monument — and Barkhide Troll, read this session, Act of Treason, read since issue 29, and Blanchwood Armor, since issue 28:
real Scryfall objects of Dominaria and Core Set 2019 with a line pyrules doesn't read; the cards these tests used
before — Pacifism, Giant Growth, Shivan Dragon, Glorious Anthem — are read since issue 27). Each answer here is
stated from the card's text: what it says and pyrules doesn't read."""

from __future__ import annotations

import json

import pyrules
from conftest import EXAMPLES, ROOT, cli, obj, scenario

PACIFISM = str(ROOT / "tests" / "data" / "unread.json")
HONESTY = PACIFISM
DEEP_FREEZE_2 = "Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types."
PAC_LINES = [("pac", "Deep Freeze", "front", 2, DEEP_FREEZE_2, "not_modelled")]


def pacified():
    """Grizzly Bears enchanted by Deep Freeze, in alice's declare attackers step: "Enchanted creature has ... defender
    ..." — a line pyrules doesn't model, so whether the Bears may attack is exactly what it can't answer."""
    return scenario(obj("bears", "Grizzly Bears"), obj("pac", "Deep Freeze", owner="bob", attached_to="bears"),
                    phase="combat", step="declare_attackers")


def rows(doc):
    return [(n["object"], n["card"], n["face"], n["line"], n["text"], n["status"]) for n in doc["not_modelled"]]


def test_every_answer_document_carries_complete_and_the_lines_not_modelled(write_yaml):
    path = write_yaml(pacified())
    docs = {
        "show": json.loads(cli("show", path, "--cards", PACIFISM, "--json").stdout),
        "show bears": json.loads(cli("show", path, "bears", "--cards", PACIFISM, "--json").stdout),
        "actions": json.loads(cli("actions", path, "--all", "--cards", PACIFISM, "--json").stdout),
        "explain": json.loads(cli("explain", path, "attack bears", "--cards", PACIFISM, "--json").stdout),
        "plan": json.loads(cli("plan", path, "bob.life <= 18", "--cards", PACIFISM, "--json").stdout),
    }
    for name, doc in docs.items():
        # the filtered show names only the Bears, yet Pacifism's lines are the board's: they are listed
        assert doc["complete"] is False, name
        assert rows(doc) == PAC_LINES, name


def test_a_fully_modelled_board_is_complete_in_every_answer(write_yaml):
    # Grizzly Bears (no text) and a Forest (its intrinsic mana ability, CR 305.6): nothing unread
    path = write_yaml(scenario(obj("bears", "Grizzly Bears"), obj("forest", "Forest")))
    for args in (("show",), ("show", "bears"), ("actions", "--all"), ("explain", "bears.power"),
                 ("plan", "bears.tapped = true")):
        r = cli(args[0], path, *args[1:], "--json")
        assert r.returncode == 0, r.stderr
        doc = json.loads(r.stdout)
        assert doc["complete"] is True and doc["not_modelled"] == [], args
        text = cli(args[0], path, *args[1:]).stdout
        assert "note:" not in text, args


def test_text_answers_end_with_their_notes(write_yaml):
    path = write_yaml(pacified())
    for args in (("show", "bears"), ("actions",), ("explain", "attack bears"), ("plan", "bob.life <= 18")):
        out = cli(args[0], path, *args[1:], "--cards", PACIFISM).stdout.rstrip("\n").splitlines()
        assert out[-1:] == [f"note: pac (Deep Freeze), line 2, is not modelled: “{DEEP_FREEZE_2}”"], args


def test_more_than_five_notes_give_the_count_and_the_first_five(write_yaml):
    # six Deep Freezes in the library: six lines not modelled (their "Enchant creature" is)
    pacs = [obj(f"pac{i}", "Deep Freeze", zone="library") for i in range(6)]
    path = write_yaml(scenario(obj("bears", "Grizzly Bears"), *pacs))
    out = cli("show", path, "bears", "--cards", PACIFISM).stdout.rstrip("\n").splitlines()
    notes = [line for line in out if line.startswith("note:")]
    assert len(notes) == 6 and notes[0].startswith("note: 6 lines of card text on this board aren't modelled")
    assert notes[1] == f"note: pac0 (Deep Freeze), line 2, is not modelled: “{DEEP_FREEZE_2}”"
    assert json.loads(cli("show", path, "--cards", PACIFISM, "--json").stdout)["not_modelled"][5]["object"] == "pac5"


def test_the_service_and_batches_carry_complete_too(tmp_path):
    from pyrules.api import answer

    d = pacified()
    for command, extra in (("show", {}), ("actions", {}), ("explain", {"query": "bears.power"}),
                           ("plan", {"goal": "bob.life <= 18"})):
        code, doc = answer(command, {"scenario": d, "cards": [PACIFISM], **extra})
        assert code == 0 and doc["complete"] is False and rows(doc) == PAC_LINES, command
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(d) + "\n", encoding="utf-8")
    r = cli("batch", str(src), "--command", "actions", "--cards", PACIFISM)
    line = json.loads(r.stdout.splitlines()[0])
    assert line["exit"] == 0 and line["answer"]["complete"] is False and rows(line["answer"]) == PAC_LINES


def test_a_copy_the_timeline_makes_of_a_card_with_unread_text_is_listed():
    # Arcee, Sharpshooter's line 3 isn't modelled; a copy of the Arcee spell (CR 707.10) is an object of its own
    # with the same text, made by the timeline: its lines are listed under its id
    d = scenario(obj("arcee", "Arcee, Sharpshooter", zone="stack"), actions=[{"copy": "arcee", "as": "arcee2"}])
    doc = pyrules.evaluate(pyrules.load(d)).to_json()
    assert {(n["object"], n["face"], n["line"]) for n in doc["not_modelled"]} == {
        ("arcee", "front", 3), ("arcee", "back", 2), ("arcee2", "front", 3), ("arcee2", "back", 2)}


def test_no_plan_on_an_incomplete_board_is_no_plan_found_with_the_text_pyrules_models(write_yaml):
    # Fireball "deals X damage divided evenly, rounded down, among any number of targets": pyrules doesn't read that
    # line, so it finds no line that takes bob from 3 life to 0 — which is not to say none exists (one does: cast
    # Fireball with X = 3 targeting bob). (Radiating Lightning was the example until issue 28 read it.)
    lands = [obj(f"m{i}", "Mountain") for i in range(5)]
    d = scenario(obj("axe", "Fireball", zone="hand"), *lands, life={"alice": 20, "bob": 3}, track_mana=True)
    path = write_yaml(d)
    r = cli("plan", path, "bob.life <= 0", "--horizon", "2", "--cards", HONESTY)
    assert r.returncode == 0
    assert r.stdout.startswith("no plan found with the card text pyrules models for 'bob.life <= 0'")
    assert ("note: axe (Fireball), line 2, is not modelled: “Fireball deals X damage divided evenly, rounded down, "
            "among any number of targets.”") in r.stdout
    doc = json.loads(cli("plan", path, "bob.life <= 0", "--horizon", "2", "--cards", HONESTY, "--json").stdout)
    assert not doc["found"] and doc["complete"] is False
    assert doc["why_not"][0]["reason"].startswith("no plan found with the card text pyrules models")
    assert doc["why_not"][0]["rule"] is None   # pyrules' own limit, not a rule of the game
    # a complete board's no-plan answer isn't hedged
    clean = write_yaml(scenario(obj("bears", "Grizzly Bears"), life={"alice": 20, "bob": 5}), "clean.yaml")
    r = cli("plan", clean, "bob.life <= 0", "--horizon", "2")
    assert r.stdout.startswith("no plan for 'bob.life <= 0'")


def test_a_short_answer_names_the_unmodelled_lines_that_could_change_it(write_yaml):
    # Deep Freeze: "Enchanted creature has base power and toughness 0/4, ..." — unread, so the Bears' power pyrules
    # gives (2, its card's) may be wrong, and the summary says which line could change it (Blanchwood Armor, which
    # this test used before, is read since issue 28)
    d = scenario(obj("bears", "Grizzly Bears"), obj("freeze", "Deep Freeze", attached_to="bears"))
    path = write_yaml(d)
    doc = json.loads(cli("explain", path, "bears.power", "--cards", HONESTY, "--json").stdout)
    assert doc["complete"] is False
    assert f"Deep Freeze (freeze), line 2: “{DEEP_FREEZE_2}”" in doc["summary"]
    assert doc["summary"].count("This answer may be incomplete") == 1
    text = cli("explain", path, "bears.power", "--cards", HONESTY).stdout
    assert "This answer may be incomplete" in text.splitlines()[0]
    # a complete board's summary has no such sentence
    clean = pyrules.evaluate(pyrules.load(scenario(obj("bears", "Grizzly Bears"))))
    assert "incomplete" not in clean.explain("bears.power").summary


def test_show_of_an_object_under_unread_text_notes_it(write_yaml):
    d = scenario(obj("bears", "Grizzly Bears"), obj("freeze", "Deep Freeze", attached_to="bears"))
    out = cli("show", write_yaml(d), "bears", "--cards", HONESTY).stdout
    assert "2/2" in out and f"note: freeze (Deep Freeze), line 2, is not modelled: “{DEEP_FREEZE_2}”" in out


def test_targets_for_a_spell_line_pyrules_doesnt_read_are_bad_input_naming_the_line(write_yaml):
    # Fireball: "Fireball deals X damage divided evenly, rounded down, among any number of targets." — unread, so
    # pyrules can't say how many targets it has; naming one isn't refused by CR 601.2c, it is a naming pyrules can't
    # check: exit 2, naming the line (Act of Treason, then Radiating Lightning, were the example until issues 29 and
    # 28 read them)
    d = scenario(obj("bears", "Grizzly Bears"), obj("gg", "Fireball", zone="hand"),
                 actions=[{"cast": "gg", "targets": ["bob"]}])
    r = cli("show", write_yaml(d), "--cards", HONESTY)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("pyrules: error: actions[0].targets:")
    assert ("Fireball's line 1 “This spell costs {1} more to cast for each target beyond the first.”; line 2 “Fireball "
            "deals X damage divided evenly") in r.stderr and "CR " not in r.stderr
    # the same spell on the stack with a target the scenario states
    d = scenario(obj("bears", "Grizzly Bears"), obj("gg", "Fireball", zone="stack", targets=["bob"]))
    r = cli("show", write_yaml(d, "stack.yaml"), "--cards", HONESTY)
    assert r.returncode == 2 and "objects[1].targets" in r.stderr and "line 2" in r.stderr and "CR " not in r.stderr


def test_an_ability_on_a_line_pyrules_doesnt_read_is_bad_input_naming_the_line(write_yaml):
    # Kolaghan Monument's "{4}{B}{R}: Kolaghan Monument becomes a 4/4 black and red Dragon artifact creature with
    # flying until end of turn." is on line 2: unread (Barkhide Troll's "Remove a +1/+1 counter" cost and, before it,
    # Elvish Clancaller's search for a card named Elvish Clancaller were the examples until issue 28 read them)
    d = scenario(obj("dragon", "Kolaghan Monument"), actions=[{"activate": "dragon", "ability": 2}])
    r = cli("show", write_yaml(d), "--cards", HONESTY)
    assert r.returncode == 2 and r.stderr.startswith("pyrules: error: actions[0].ability:")
    assert "Kolaghan Monument's line 2 “{4}{B}{R}: Kolaghan Monument becomes" in r.stderr and "CR " not in r.stderr
    # a line that isn't there at all is still the rules' refusal (CR 602.2: it has no such ability), exit 1
    d = scenario(obj("dragon", "Kolaghan Monument"), actions=[{"activate": "dragon", "ability": 5}])
    r = cli("show", write_yaml(d, "five.yaml"), "--cards", HONESTY, "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["error"]["why_not"][0]["rule"].startswith("CR 602")


def test_too_many_targets_for_a_line_pyrules_reads_is_still_the_rules_refusal():
    # Bonesplitter's "Equip {1}" is read: it targets one creature (CR 702.6a), so two are too many (CR 115.1)
    d = scenario(obj("axe", "Bonesplitter"), obj("bears", "Grizzly Bears"), obj("cub", "Grizzly Bears"),
                 actions=[{"activate": "axe", "ability": "equip", "targets": ["bears", "cub"]}])
    ev = pyrules.evaluate(pyrules.load(d))
    assert [w["code"] for w in ev.error["why_not"]] == ["too_many_targets(1)"]


def test_a_cast_that_cant_be_paid_is_never_a_bare_yes():
    # mana_can_i_escape_uro.yaml: Uro's escape costs {G}{G}{U}{U} and two Forests and an Island make {G}{G}{U}
    path = str(EXAMPLES / "mana_can_i_escape_uro.yaml")
    doc = json.loads(cli("explain", path, "cast uro escape", "--json").stdout)
    assert doc["summary"].startswith("Yes — but alice can't pay for it now: alice may cast Uro, Titan of Nature's Wrath (escape)")
    assert "at most {G}{G}{U}" in doc["summary"] and "CR 601.2g" in doc["summary"]
    line = next(x for x in cli("actions", path).stdout.splitlines() if x.strip().startswith("cast uro"))
    assert "can't be paid now: it needs {G}{G}{U}{U}; your untapped mana sources and mana pool make at most {G}{G}{U}" in line
    # Think Twice's flashback {2}{U} can be paid (Island, Sol Ring): a plain yes
    doc = json.loads(cli("explain", path, "cast twice flashback", "--json").stdout)
    assert doc["summary"].startswith("Yes: alice may cast Think Twice (flashback)")


def test_an_activation_that_cant_be_paid_is_never_a_bare_yes(write_yaml):
    # Mind Stone's "{1}, {T}, Sacrifice Mind Stone: Draw a card." needs {1}; its own "{T}: Add {C}." can't pay it,
    # since the cost taps Mind Stone itself (docs/guide/json.md): the rules allow it, but it can't be paid now
    d = scenario(obj("stone", "Mind Stone"))
    path = write_yaml(d)
    doc = json.loads(cli("actions", path, "--json").stdout)
    draw = next(a for a in doc["actions"] if a["object"] == "stone" and a["cost"]["mana"] == "{1}")
    assert draw["legal"] and draw["payable"] is False
    summary = json.loads(cli("explain", path, f"activate stone {draw['ability']}", "--json").stdout)["summary"]
    assert summary.startswith("Yes — but alice can't pay for it now:")


ADEPT_2 = ("{T}: Until end of turn, you may cast creature spells from your graveyard by foraging in addition to paying "
           "their other costs.")


def test_no_option_on_a_board_with_an_unmodelled_ability_is_not_a_certain_no(write_yaml):
    # Osteomancer Adept, untapped and not summoning sick, in alice's main phase: its line 2 is an ability whose cost,
    # {T}, alice could pay (CR 602.1, 602.2) — pyrules doesn't model the line, so "alice can't do anything now" would
    # read as certain what only the text it models says (interface §5.7)
    d = scenario(obj("adept", "Osteomancer Adept"), phase="postcombat_main")
    path = write_yaml(d)
    out = cli("actions", path, "--cards", HONESTY).stdout.splitlines()
    assert out[0] == "With the card text pyrules models (not the lines in the notes below), alice can't do anything now."
    assert out[-1].startswith("note: adept (Osteomancer Adept), line 2, is not modelled: “" + ADEPT_2)
    # asked about that ability by its line, or about the object's activations, the answer names the line (exit 2),
    # not a refusal by the rules
    for query in ("activate adept 2", "activate adept"):
        r = cli("explain", path, query, "--cards", HONESTY)
        assert r.returncode == 2 and r.stdout == ""
        assert "doesn't model Osteomancer Adept's line 2 “" + ADEPT_2 in r.stderr
        assert "no one may" not in r.stderr
    # a complete board's heading isn't hedged
    clean = write_yaml(scenario(obj("bears", "Grizzly Bears"), phase="postcombat_main"), "clean.yaml")
    assert cli("actions", clean).stdout.splitlines()[0] == "alice can't do anything now."
