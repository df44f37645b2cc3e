"""Bad input: one clear line on stderr naming the field, exit code 2, never a traceback (docs/guide/scenarios.md)."""

import json

import pytest

import pyrules
from conftest import cli_process as cli, obj, scenario

OK = scenario(obj("bears", "Grizzly Bears"))


def _objects(*objs):
    return scenario(*objs)


CASES = [
    ("unknown card", _objects(obj("x", "Grizly Bears")), "objects[0].card", "did you mean 'Grizzly Bears'"),
    ("unknown id", _objects(obj("b", "Bonesplitter", attached_to="nobody")), "objects[0].attached_to", "unknown id 'nobody'"),
    ("duplicate id", _objects(obj("x", "Sol Ring"), obj("x", "Mind Stone")), "objects[1].id", "duplicate id 'x'"),
    ("back face in hand", _objects(obj("a", "Arcee, Sharpshooter", zone="hand", face="back")), "objects[0].face", "712.8a"),
    ("back face of a one-faced card", _objects(obj("a", "Sol Ring", face="back")), "objects[0].face", "no back face"),
    ("negative counters", _objects(obj("a", "Grizzly Bears", counters={"+1/+1": -1})), "objects[0].counters.+1/+1", "at least 0"),
    ("unknown zone", _objects(obj("a", "Sol Ring", zone="battlefeld")), "objects[0].zone", "'battlefeld' is not one of"),
    ("unknown phase", scenario(phase="main"), "turn.phase", "'main' is not one of"),
    ("step not of the phase", scenario(phase="combat", step="upkeep"), "turn.step", "not a step of the combat phase"),
    ("combat without a step", scenario(phase="combat"), "turn.step", "not a step of the combat phase"),
    ("unknown player", _objects(obj("a", "Sol Ring", owner="carol")), "objects[0].owner", "unknown player 'carol'"),
    ("unknown active player", scenario(active="carol"), "turn.active", "unknown player 'carol'"),
    ("players not a list", {"players": "alice", "turn": {"active": "alice", "phase": "precombat_main"}, "objects": []},
     "players", "must be a list"),
    ("missing objects", {"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"}}, "objects", "required"),
    ("unknown field", _objects({**obj("a", "Sol Ring"), "colour": "red"}), "objects[0]", "unknown field 'colour'"),
    ("attached_to a player", _objects(obj("b", "Bonesplitter", attached_to="bob")), "objects[0].attached_to", "is a player"),
    ("controller in hand", _objects(obj("a", "Sol Ring", zone="hand", controller="bob")), "objects[0].controller", "108.4"),
    ("split card on the stack without a half", _objects(obj("f", "Fire // Ice", zone="stack")), "objects[0].part", "709.3"),
    ("part that is not a part", _objects(obj("f", "Fire // Ice", zone="stack", part="Water")), "objects[0].part", "not a part"),
    ("copy loop", _objects(obj("a", None, copy_of="b", token=True), obj("b", None, copy_of="a", token=True)),
     "objects[0].copy_of", "circle"),
    ("ability off the stack", _objects({"id": "c", "ability_of": "w", "ability": "chapter_1", "zone": "hand"},
                                       obj("w", "Welcome to . . .")), "objects[0].zone", "only on the stack"),
    ("bad id characters", _objects(obj("a b", "Sol Ring")), "objects[0].id", "only letters"),
    ("a number where an id is a name", _objects({"id": 1, "card": "Sol Ring", "zone": "battlefield", "owner": "alice"}),
     "objects[0].id", "quote it: '1'"),
    ("a decimal life total", {**scenario(), "life": {"alice": 20.0}}, "life.alice", "must be a whole number, not 20.0"),
    ("a decimal counter", _objects(obj("a", "Grizzly Bears", counters={"+1/+1": 1.5})), "objects[0].counters.+1/+1",
     "must be a whole number, not 1.5"),
    ("unknown target", _objects({"id": "c", "ability_of": "w", "ability": "chapter_1", "zone": "stack", "targets": ["zz"]},
                                obj("w", "Welcome to . . .")), "objects[0].targets[0]", "unknown target 'zz'"),
    # CR 115.1: chapter I of Welcome to . . . has one target (for the one opponent): a second is given in vain
    ("more targets than it has", _objects({"id": "c", "ability_of": "w", "ability": "chapter_1", "zone": "stack",
                                           "targets": ["r1", "r2"]}, obj("w", "Welcome to . . ."),
                                          obj("r1", "Sol Ring", owner="bob"), obj("r2", "Mind Stone", owner="bob")),
     "objects[0].targets", "more targets are named than the 1 target it has"),
    # trigger_modes names triggered abilities put on the stack after this step, each with modes numbered from 1
    ("trigger_modes of another step", {**scenario(obj("s", "Swamp", zone="hand")), "actions": [{"play": "s", "trigger_modes": {"trigger_2_1": [1]}}]},
     "actions[0].trigger_modes.trigger_2_1", "trigger_1_K"),
    ("a trigger mode 0", {**scenario(obj("s", "Swamp", zone="hand")), "actions": [{"play": "s", "trigger_modes": {"trigger_1_1": [0]}}]},
     "actions[0].trigger_modes.trigger_1_1", "numbered from 1"),
    ("a trigger mode twice", {**scenario(obj("s", "Swamp", zone="hand")), "actions": [{"play": "s", "trigger_modes": {"trigger_1_1": [2, 2]}}]},
     "actions[0].trigger_modes.trigger_1_1", "names a mode twice"),
    ("a misspelled field of an action", {**scenario(obj("b", "Grizzly Bears", zone="hand")), "actions": [{"cast": "b", "tagrets": ["bob"]}]},
     "actions[0].tagrets", "did you mean 'targets'?"),
    ("a misspelled player attacked", {**scenario(obj("b", "Grizzly Bears"), phase="combat", step="declare_attackers"),
                                      "actions": [{"attack": {"b": "bbo"}}]},
     "actions[0].attack.b", "unknown player or permanent 'bbo' (players: alice, bob) — did you mean 'bob'?"),
    ("turn.spells_cast of an unknown player", {**scenario(), "turn": {"active": "alice", "phase": "precombat_main",
                                                                    "spells_cast": {"carol": 1}}},
     "turn.spells_cast.carol", "unknown player 'carol'"),
    ("unknown exiled_with", _objects(obj("a", "Grizzly Bears", zone="exile", exiled_with="zz")),
     "objects[0].exiled_with", "unknown id 'zz'"),
    # CR 704.5p: a permanent that is no Aura, Equipment or Fortification isn't attached to anything
    ("CR 704.5p Sol Ring attached", _objects(obj("a", "Grizzly Bears"), obj("s", "Sol Ring", attached_to="a")),
     "objects[1].attached_to", "704.5p"),
    # CR 506.3: only a creature can attack or block; CR 508.1a: only the active player's creatures attack
    ("CR 506.3 an artifact attacking", scenario(obj("r", "Sol Ring", owner="alice", attacking="bob"), phase="combat",
                                                step="declare_attackers"), "objects[0].attacking", "506.3"),
    ("CR 508.1a a creature attacking on its opponent's turn",
     scenario(obj("g", "Grizzly Bears", owner="bob", attacking="alice"), phase="combat", step="declare_attackers"),
     "objects[0].attacking", "508.1a"),
    # CR 506.2: in a two-player game the nonactive player is the defending player, the one who may be attacked
    ("CR 506.2 a creature attacking its controller",
     scenario(obj("g", "Grizzly Bears", owner="alice", attacking="alice"), phase="combat", step="declare_attackers"),
     "objects[0].attacking", "506.2"),
    # CR 509.1a: the defending player's creatures block attacking creatures
    ("CR 509.1a the active player's creature blocking",
     scenario(obj("a", "Grizzly Bears", owner="alice", attacking="bob"), obj("c", "Grizzly Bears", owner="alice", blocking="a"),
              phase="combat", step="declare_blockers"), "objects[1].blocking", "509.1a"),
    # CR 712.11a, BOT-11: a spell cast converted is on the stack back face up
    ("CR 712.11a a converted spell front face up",
     _objects(obj("a", "Arcee, Sharpshooter", zone="stack", face="front", cast_with="more_than_meets_the_eye")),
     "objects[0].face", "712.11a"),
    # CR 305.1, 305.9: a land is played, never cast, so no card is on the stack with a land face up
    ("CR 305.9 a land on the stack", _objects(obj("j", "Welcome to . . .", zone="stack", face="back")),
     "objects[0].zone", "305.9"),
]


@pytest.mark.parametrize("what,data,field,text", CASES, ids=[c[0] for c in CASES])
def test_bad_scenario_is_refused_with_the_field(what, data, field, text):
    with pytest.raises(pyrules.ScenarioError) as err:
        pyrules.evaluate(pyrules.load(data))
    assert err.value.field == field, str(err.value)
    assert text in err.value.message, str(err.value)


@pytest.mark.parametrize("what,data,field,text", CASES[:6], ids=[c[0] for c in CASES[:6]])
def test_cli_prints_one_line_and_exits_2(what, data, field, text, write_yaml):
    r = cli("show", write_yaml(data))
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and field in lines[0] and "Traceback" not in r.stderr


@pytest.mark.parametrize("text", ["players: [alice\nturn: {", "{not json", "- just\n- a list\n", ""])
def test_malformed_file(text, write_yaml, tmp_path):
    name = "s.json" if text.startswith("{") else "s.yaml"
    r = cli("show", write_yaml(text, name))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("pyrules: error: scenario")


def test_missing_file():
    r = cli("show", "does/not/exist.yaml")
    assert r.returncode == 2 and "no such file" in r.stderr


def test_bad_arguments_exit_2_with_one_line():
    r = cli("show")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    # show's ids are optional: only the scenario is named as missing
    # (issue 30: the message names the argument as the usage line does, and gives the usage)
    assert "arguments: SCENARIO is required (usage: pyrules show SCENARIO [ID ...]" in r.stderr


def test_unknown_object_on_the_command_line(write_yaml):
    r = cli("show", write_yaml(OK), "nope")
    assert r.returncode == 2 and "unknown object 'nope'" in r.stderr


def test_unknown_card_in_cards_command():
    r = cli("cards", "Arce, Sharpshooter")
    assert r.returncode == 2 and "did you mean" in r.stderr


def test_strings_from_the_scenario_cannot_inject_asp():
    # counter kinds and descriptions are free text; they reach clingo only as string symbols
    evil = 'x", 1). power("bears", 99). counter("bears", "y'
    d = scenario(obj("bears", "Grizzly Bears", counters={evil: 3, "+1/+1": 1}), description="#false. :- power(X,Y).")
    o = pyrules.evaluate(pyrules.load(d)).objects["bears"]
    assert (o.power, o.toughness) == (3, 3)
    assert o.counters[evil] == 3


def test_json_scenarios_are_accepted(write_yaml):
    r = cli("show", write_yaml(json.dumps(OK), "s.json"), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["objects"]["bears"]["power"] == 2


def test_a_moments_facts_are_parameters_of_a_part_never_program_text():
    """A moment's facts enter the grounding call as part instances whose parameters are the fact's
    arguments (symbols); a name that is not a plain predicate name goes through clingo's backend."""
    from clingo import Function, Number, String

    from pyrules.game.engine import Game
    from pyrules.game.facts import scenario_facts

    g = Game(scenario_facts(pyrules.load(OK)))
    tricky = Function("occurs", [String('x). bad(1'), Number(1)])
    odd = Function("a b", [Number(1)])
    parts = g.fact_parts([tricky, odd])
    assert [name for name, _ in parts] == ["pyrules_fact_occurs_2"]
    g._ground(parts)
    assert g.fact(tricky) and g.fact(odd) and not g.atoms("bad", 1)


def test_509_1a_a_legal_block_is_accepted():
    """The other side of the combat checks: bob's creature blocks alice's attacking creature."""
    ev = pyrules.evaluate(pyrules.load(scenario(obj("a", "Grizzly Bears", owner="alice", attacking="bob"),
                                                obj("b", "Grizzly Bears", owner="bob", blocking="a"),
                                                phase="combat", step="declare_blockers")))
    assert (ev.objects["a"].attacking, ev.objects["b"].blocking) == ("bob", "a")


def test_a_card_file_that_cant_be_read_is_named_once(tmp_path):
    from conftest import cli as cli_in_process

    r = cli_in_process("show", "examples/arcee_march_opponent_turn.yaml", "--cards", str(tmp_path / "none.json"))
    assert r.returncode == 2
    assert r.stderr.strip() == f"pyrules: error: --cards: {tmp_path / 'none.json'}: no such file"


def test_a_card_missing_a_field_is_refused_naming_the_card_and_the_field(tmp_path):
    """docs/guide/cards.md: a card pyrules can't read is refused with exit 2 naming the card and the field."""
    from conftest import cli as cli_in_process

    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"object": "card", "name": "No Type", "layout": "normal", "mana_cost": "{2}",
                                 "oracle_text": ""}]), encoding="utf-8")
    r = cli_in_process("cards", "No Type", "--cards", str(path), "--json")
    assert r.returncode == 2
    err = json.loads(r.stdout)["error"]
    assert err["field"] == "--cards" and "No Type" in err["message"] and "type_line" in err["message"]


def test_510_1d_a_blocker_stays_blocking_when_the_creature_it_blocked_left_combat():
    """A blocking creature remains blocking after the creature it blocks is removed from combat (CR 510.1d,
    glossary "Blocking Creature"): a scenario may describe that state."""
    ev = pyrules.evaluate(pyrules.load(scenario(obj("a", "Grizzly Bears", owner="alice"),
                                                obj("b", "Grizzly Bears", owner="bob", blocking="a"),
                                                phase="combat", step="combat_damage")))
    assert ev.objects["b"].blocking == "a" and ev.objects["a"].attacking is None


@pytest.mark.parametrize("key", ["exile", "pay"])
def test_an_object_named_twice_in_one_choice_is_bad_input(key):
    """A cost exiles (or a payment taps) each object once: naming one twice is malformed, whichever list it is."""
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"),
                 *[obj(f"g{i}", "Sol Ring", zone="graveyard") for i in range(5)], obj("f", "Forest"),
                 track_mana=True, actions=[{"cast": "uro", "method": "escape", key: ["g1", "g1"] if key == "exile" else ["f", "f"]}])
    with pytest.raises(pyrules.ScenarioError) as err:
        pyrules.evaluate(pyrules.load(d))
    assert err.value.field == f"actions[0].{key}[1]" and "named twice" in err.value.message
