"""Reliability (issue 25, items 2-5): no input makes pyrules fail (exit 3), and the budgets hold.

Each test here is a defect found by hand or by the fuzzer: an action field given a list or a mapping where a
name belongs, a one-player game that could not end its turn, budgets that did not cover all the work, card
files that crashed the reader or were silently misread, YAML 1.1 numbers, and small disagreements between
what is refused and what is accepted.
"""

from __future__ import annotations

import json

import pytest

from conftest import EXAMPLES, ROOT, cli, obj, scenario
from pyrules import api
from pyrules.apps import batch

DATA = ROOT / "tests" / "data"

BEARS = obj("bears", "Grizzly Bears")


def refused(d: dict, command: str = "show") -> dict:
    code, doc = api.answer(command, {"scenario": d})
    assert code == 2, doc
    return doc["error"]


# ------------------------------------------------------------------------------------------- action fields

@pytest.mark.parametrize("action, field", [
    ({"pass": ["alice"]}, "actions[0].pass"),
    ({"pass": {"alice": 1}}, "actions[0].pass"),
    ({"cast": "bears", "by": ["alice"]}, "actions[0].by"),
    ({"gain_control": "bears", "by": {"bob": None}}, "actions[0].by"),
    ({"copy": "bears", "as": "bears2", "by": ["bob"]}, "actions[0].by"),
    ({"attack": {"bears": ["bob"]}}, "actions[0].attack.bears"),
    ({"attack": {"bears": {"bob": 1}}}, "actions[0].attack.bears"),
    ({"block": {"bears": ["bears"]}}, "actions[0].block.bears"),
    ({"activate": "bears", "ability": 1, "targets": [["bears"]]}, "actions[0].targets[0]"),
    ({"cast": "bears", "targets": [{"bob": 1}]}, "actions[0].targets[0]"),
    ({"cast": "bears", "exile": [["bears"]]}, "actions[0].exile[0]"),
    ({"pass": "alice", "keep": [{"a": "b"}]}, "actions[0].keep[0]"),
    ({"pass": "alice", "trigger_targets": {"trigger_1_1": [["x"]]}}, "actions[0].trigger_targets.trigger_1_1[0]"),
    ({"pass": "alice", "trigger_targets": {"trigger_1_1": [{"x": 1}]}}, "actions[0].trigger_targets.trigger_1_1[0]"),
])
def test_a_list_or_mapping_where_an_action_names_a_player_or_an_object_is_bad_input_naming_the_field(action, field):
    err = refused(scenario(BEARS, actions=[action]))
    assert err["field"] == field
    assert "must be" in err["message"]


def test_in_a_batch_such_an_action_is_that_lines_error_and_the_batch_goes_on(tmp_path):
    good = scenario(BEARS)
    bad = scenario(BEARS, actions=[{"pass": ["alice"]}])
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in (good, bad, good)) + "\n", encoding="utf-8")
    lines = [(code, json.loads(line)) for code, line in batch.answers(batch.read_items(path))]
    assert [code for code, _ in lines] == [0, 2, 0]
    assert lines[1][1]["answer"]["error"]["field"] == "actions[0].pass"
    out = cli("batch", str(path))
    assert out.returncode == 0, out.stderr


# ------------------------------------------------------------------------------------------- one player

def one_player(*actions, **kw) -> dict:
    return scenario(obj("bears", "Grizzly Bears", tapped=True), obj("f1", "Forest", zone="library"),
                    obj("f2", "Forest", zone="library"), players=("alice",), actions=list(actions), **kw)


def test_500_1_a_one_player_games_turn_ends_and_the_next_one_is_that_players():
    # CR 101.4, 500.1: with one player, the next player in turn order is that player: their next turn begins,
    # their permanents untap (502.3) and they draw (504.1)
    code, doc = api.answer("show", {"scenario": one_player({"next_turn": True})})
    assert code == 0, doc
    assert doc["turn"] == {"active": "alice", "phase": "precombat_main", "step": None, "priority": "alice",
                           "lands_played": 0}
    assert doc["objects"]["bears"]["tapped"] is False
    assert doc["players"]["alice"]["hand"] == 1 and doc["players"]["alice"]["library"] == 1


def test_117_4_a_one_player_game_goes_round_its_turns_by_passing():
    # CR 117.4, 500.2: the only player passing is every player passing in succession: the step ends. From the
    # precombat main phase: beginning of combat, declare attackers, end of combat (none attacked, 508.8),
    # postcombat main, end, cleanup (no priority, 514.3), then the next turn's untap (502.3) and upkeep
    code, doc = api.answer("show", {"scenario": one_player(*[{"pass": "alice"}] * 6)})
    assert code == 0, doc
    assert (doc["turn"]["active"], doc["turn"]["phase"], doc["turn"]["step"]) == ("alice", "beginning", "upkeep")
    assert doc["objects"]["bears"]["tapped"] is False
    # two more: the draw step (504.1: one card drawn) and the precombat main phase
    code, doc = api.answer("show", {"scenario": one_player(*[{"pass": "alice"}] * 8)})
    assert (doc["turn"]["phase"], doc["players"]["alice"]["hand"]) == ("precombat_main", 1)


def test_a_one_player_game_is_not_over_for_the_planner():
    # the planner took "at most one player left" for a game that is over: in a one-player game it searched
    # nothing (CR 104.2a: a game is over when all but one player have lost; no one has lost here)
    d = scenario(obj("f", "Forest", zone="hand"), players=("alice",))
    code, doc = api.answer("plan", {"scenario": d, "goal": "f.zone = battlefield", "explain": False})
    assert code == 0 and doc["found"] is True, doc
    assert doc["plans"][0]["actions"] == [{"play": "f", "by": "alice"}]


# ------------------------------------------------------------------------------------------- budgets

def forests_and(n: int, *hand: str) -> dict:
    return scenario(*[obj(f"f{i}", "Forest") for i in range(n)],
                    *[obj(f"h{i}", card, zone="hand") for i, card in enumerate(hand)])


def test_max_seconds_covers_the_payment_searches_of_actions(monkeypatch):
    # 600 Forests and Stream of Life ({X}{G}): `actions` searches the payments (the largest X) for 10 s and more;
    # over a budget of 1 s it is refused once, naming the limit, about when the budget runs out (the searches
    # each had a budget of their own, and their preparation couldn't be interrupted: 600 lands took 16 s)
    import time

    monkeypatch.setenv("PYRULES_LIMITS", "max_seconds=1")
    d = forests_and(600, "Stream of Life")
    t0 = time.monotonic()
    code, doc = api.answer("actions", {"scenario": d, "cards": [str(DATA / "scryfall_list.json")]})
    took = time.monotonic() - t0
    assert code == 2 and doc["error"]["field"] == "limits.max_seconds", doc
    assert took < 8, took     # (loading 600 objects is not counted in the budget: a few seconds at most)


def test_a_payment_search_past_its_deadline_is_refused_at_once():
    import time

    from pyrules.game import payment
    from pyrules.input.limits import BudgetExceeded

    ev = pyrules_evaluate(forests_and(2, "Grizzly Bears"))
    ev.actions("alice", payments=False)    # (the options and their costs)
    g, t = ev.game, ev.t
    costs = payment.option_costs(g, t)
    cost = next(c for c in costs.values() if c.generic or c.symbols)
    wallet = payment.Wallet(g, "alice", t)
    assert payment.search(g.kb, cost, wallet).payable in (True, False)
    with pytest.raises(BudgetExceeded) as err:
        payment.search(g.kb, cost, wallet, deadline=time.monotonic() - 1)
    assert err.value.field == "limits.max_seconds"


def test_payment_searches_grow_about_linearly_with_the_sources():
    # the search program's clauses: a sum assigned to a variable was grounded once for each value it could
    # take (2,400 lands: 191 s and 2.2 GB for `actions`, most of it clasp preparing the program); each source
    # tapped must now give mana that is spent, and mana is offered only to the symbols it can pay
    import time

    def took(n: int) -> float:
        d = forests_and(n, "Grizzly Bears", "Uro, Titan of Nature's Wrath")
        ev = pyrules_evaluate(d)
        t0 = time.perf_counter()
        opts = ev.actions("alice", include_illegal=True)
        assert {o.object: o.payable for o in opts if o.action == "cast"} == {"h0": True, "h1": False}
        return time.perf_counter() - t0

    small, big = took(150), took(600)
    assert big < 10 * small + 1.0, (small, big)   # four times the sources: not sixteen times the time


@pytest.mark.parametrize("budget", [float("nan"), float("inf")])
def test_a_plans_budget_must_be_a_finite_number_above_0(budget):
    # nan passed the "> 0" check, and nan and inf took the search's time limit away
    d = scenario(obj("bears", "Grizzly Bears", zone="hand"))
    code, doc = api.answer("plan", {"scenario": d, "goal": "bears.zone = battlefield", "budget": budget})
    assert code == 2 and doc["error"]["field"] == "budget", doc
    assert "finite" in doc["error"]["message"]
    r = cli("plan", str(EXAMPLES / "plan_kroxa_escape.yaml"), "kroxa.zone = battlefield", "--budget", "nan")
    assert r.returncode == 2 and "budget" in r.stderr


def pyrules_evaluate(d: dict):
    import pyrules

    return pyrules.evaluate(pyrules.load(d))


# ------------------------------------------------------------------------------------------- card files

def card_file(tmp_path, cards, name="cards.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return str(path)


def test_a_small_card_file_of_nested_lists_is_refused_naming_the_file_and_the_limit(tmp_path):
    # 10 KB of nested lists: the json module hit Python's recursion limit (RecursionError, exit 3)
    path = tmp_path / "nested.json"
    path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    r = cli("cards", "--cards", str(path))
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == (f"pyrules: error: --cards: {path}: nests lists and objects more than 32 levels deep; "
                                "the limit is 32 (no card file needs more than a few)")


def test_a_streamed_card_file_of_deeply_nested_lists_is_refused_at_once(tmp_path):
    # 200,000 nested lists in a file streamed by ijson: the reader's time and memory grow with the square of the
    # depth, all of it holding Python's lock, so the memory watch never ran: 6.3 GB at a 4,096 MB budget
    import subprocess
    import sys
    import time

    path = tmp_path / "deep.json"
    path.write_text("[" + "[" * 200_000 + "]" * 200_000 + "]" + " " * 2_100_000, encoding="utf-8")
    env = {**__import__("os").environ, "PYRULES_LIMITS": "max_memory_mb=400", "PYRULES_CACHE_DIR": str(tmp_path / "cache")}
    t0 = time.monotonic()
    try:
        r = subprocess.run([sys.executable, "-m", "pyrules", "cards", "--cards", str(path)], capture_output=True,
                           text=True, env=env, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("reading the file took more than 60 s")
    assert time.monotonic() - t0 < 20
    assert r.returncode == 2 and "levels deep" in r.stderr, r.stderr[-400:]


def test_numbers_on_a_card_are_bounded_like_a_scenarios(tmp_path):
    # {99999999999999999999} made an OverflowError (exit 3) as the card became facts; so did "Crew 99999999999"
    base = {"object": "card", "layout": "normal", "type_line": "Artifact — Vehicle", "oracle_text": "",
            "power": "3", "toughness": "3"}
    cards = [dict(base, name="Big Cost", mana_cost="{99999999999999999999}"),
             dict(base, name="Big Crew", mana_cost="{2}", oracle_text="Crew 99999999999"),
             dict(base, name="Big Power", mana_cost="{2}", power="99999999"),
             dict(base, name="Gleemax Like", mana_cost="{1000000}")]
    path = card_file(tmp_path, cards)
    for name, fld in (("Big Cost", "mana_cost"), ("Big Crew", "oracle_text"), ("Big Power", "power")):
        d = scenario(obj("x", name, zone="hand"))
        code, doc = api.answer("actions", {"scenario": d, "cards": [path]})
        assert code == 2, doc
        assert doc["error"]["field"] == "objects[0].card"
        assert f"card {name!r}: {fld}: the number" in doc["error"]["message"] and "out of range" in doc["error"]["message"]
    code, doc = api.answer("show", {"scenario": scenario(obj("x", "Gleemax Like", zone="hand")), "cards": [path]})
    assert code == 0 and doc["objects"]["x"]["mana_value"] == 1_000_000      # within the bounds
    coverage = api.card_report(files=(path,), coverage=True)
    assert sorted((s["card"], s["field"]) for s in coverage["skipped_cards"]) == \
        [("Big Cost", "mana_cost"), ("Big Crew", "oracle_text"), ("Big Power", "power")]


def test_a_number_too_long_to_read_in_a_card_file_is_one_line_of_bad_input(tmp_path):
    text = json.dumps([{"object": "card", "name": "Long Number", "layout": "normal", "type_line": "Instant",
                        "mana_cost": "{1}", "oracle_text": ""}])
    for name, pad in (("small.json", ""), ("streamed.json", " " * 2_100_000)):
        path = tmp_path / name
        path.write_text(text.replace('"oracle_text": ""', '"oracle_text": "", "x": ' + "9" * 5000) + pad)
        r = cli("cards", "--cards", str(path))
        assert r.returncode == 2, r.stderr
        assert r.stderr.count("\n") == 1 and f"--cards: {path}:" in r.stderr and "number" in r.stderr


def test_a_transform_card_with_three_faces_is_refused_naming_the_card_and_card_faces(tmp_path):
    # `pyrules cards NAME` raised an unhandled CardDataError (exit 3)
    faces = [{"name": n, "mana_cost": "", "type_line": "Creature — Human", "power": "1", "toughness": "1"}
             for n in ("One", "Two", "Three")]
    faces[0]["mana_cost"] = "{1}{W}"
    path = card_file(tmp_path, [{"object": "card", "name": "One // Two // Three", "layout": "transform",
                                 "card_faces": faces}])
    r = cli("cards", "One", "--cards", path, "--json")
    assert r.returncode == 2
    err = json.loads(r.stdout)["error"]
    assert err["field"] == "--cards" and "'One // Two // Three': card_faces: a transform card has two faces, not 3" in err["message"]
    assert cli("cards", "--cards", path).returncode == 0        # the list goes on without it


LAYOUTS = ["meld", "flip", "battle", "planar", "scheme", "vanguard", "host", "augment", "reversible_card", "new_layout"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_layout_pyrules_does_not_model_is_refused_naming_the_card_and_layout(tmp_path, layout):
    # accepted before, it gave an object with name null, no types, "can't attack: not a creature", while
    # `actions` offered to cast it
    card = {"object": "card", "name": "Odd Layout", "layout": layout, "mana_cost": "{2}", "type_line": "Artifact",
            "oracle_text": ""}
    path = card_file(tmp_path, [card])
    code, doc = api.answer("actions", {"scenario": scenario(obj("x", "Odd Layout", zone="hand")), "cards": [path]})
    assert code == 2, doc
    assert doc["error"]["field"] == "objects[0].card"
    assert doc["error"]["message"].startswith(f"card 'Odd Layout': layout: '{layout}' cards are not modelled")


def test_a_bulk_file_skips_and_counts_the_layouts_pyrules_does_not_model(tmp_path):
    cards = [{"object": "card", "name": f"Odd {layout}", "layout": layout, "mana_cost": "{2}", "type_line": "Artifact",
              "oracle_text": ""} for layout in LAYOUTS]
    cards.append({"object": "card", "name": "Plain Rock", "layout": "normal", "mana_cost": "{2}",
                  "type_line": "Artifact", "oracle_text": ""})
    path = tmp_path / "bulk.json"
    path.write_text("[\n" + ",\n".join(json.dumps(c) for c in cards) + "\n]" + " " * 2_100_000)
    from pyrules.cards.index import CardLibrary

    lib = CardLibrary([path], cache_dir=tmp_path / "cache")
    stats = lib.sources[-1]
    assert stats.index == "built" and stats.read == 1
    assert sorted(e.card_name for e in stats.skipped) == sorted(f"Odd {layout}" for layout in LAYOUTS)
    assert {e.field for e in stats.skipped} == {"layout"}


def test_a_numeric_power_is_refused_as_the_card_reader_documents(tmp_path):
    # the reader's documentation says a power that is not a string is a bad card; a number was accepted
    path = card_file(tmp_path, [{"object": "card", "name": "Number Power", "layout": "normal", "mana_cost": "{1}{G}",
                                 "type_line": "Creature — Bear", "oracle_text": "", "power": 2, "toughness": "2"}])
    code, doc = api.answer("show", {"scenario": scenario(obj("x", "Number Power")), "cards": [path]})
    assert code == 2 and "card 'Number Power': power: must be a string like \"2\"" in doc["error"]["message"], doc



def test_702_114a_a_card_files_colors_are_the_cards_colors():
    # CR 702.114a, 604.3: devoid: the card has no color, though its mana cost has {B}{R}; the file says so
    # (colors: []), and the file's colors were ignored (show said black and red)
    path = str(DATA / "devoid.json")
    code, doc = api.answer("show", {"scenario": scenario(obj("f", "Forerunner of Slaughter")), "cards": [path]})
    assert code == 0 and doc["objects"]["f"]["colors"] == [], doc
    # without colors in the file, they are the mana cost's (CR 202.2)
    code, doc = api.answer("show", {"scenario": scenario(obj("b", "Grizzly Bears")), "cards": [path]})
    assert doc["objects"]["b"]["colors"] == ["green"]


def test_a_card_files_card_named_like_a_bundled_double_faced_cards_face_is_refused(tmp_path):
    # it silently took the name over: a scenario's "Arcee, Sharpshooter" became a one-faced card
    path = card_file(tmp_path, [{"object": "card", "name": "Arcee, Sharpshooter", "layout": "normal",
                                 "mana_cost": "{1}{R}{W}", "type_line": "Legendary Artifact Creature — Robot",
                                 "oracle_text": "", "power": "3", "toughness": "3"}])
    code, doc = api.answer("show", {"scenario": scenario(obj("a", "Arcee, Sharpshooter", zone="hand")), "cards": [path]})
    assert code == 2 and doc["error"]["field"] == "objects[0].card", doc
    assert ("card 'Arcee, Sharpshooter': name: is also the name of a face of "
            "'Arcee, Sharpshooter // Arcee, Acrobatic Coupe' (pyrules' bundled cards)") in doc["error"]["message"]
    full = "Arcee, Sharpshooter // Arcee, Acrobatic Coupe"
    code, doc = api.answer("show", {"scenario": scenario(obj("a", full, zone="hand")), "cards": [path]})
    assert code == 0 and doc["objects"]["a"]["name"] == "Arcee, Sharpshooter"


# ------------------------------------------------------------------------------------------- YAML numbers

@pytest.mark.parametrize("text, field", [
    ("life: {alice: 020, bob: 20}", "life.alice"),     # YAML 1.1: octal 16; YAML 1.2: 20
    ("life: {alice: 20, bob: 1:20}", "life.bob"),      # YAML 1.1: base 60, 80; YAML 1.2: text
    ("life: {alice: 0b10100, bob: 20}", "life.alice"),
    ("life: {alice: 2_0, bob: 20}", "life.alice"),
])
def test_a_number_yaml_1_1_and_yaml_1_2_read_differently_is_refused_naming_the_field(text, field):
    # `life: {alice: 020, bob: 1:20}` read as 16 and 80
    yaml_text = "players: [alice, bob]\n" + text + "\nturn: {active: alice, phase: precombat_main}\nobjects: []\n"
    r = cli("show", "-", "--json", input=yaml_text)
    assert r.returncode == 2, r.stdout
    err = json.loads(r.stdout)["error"]
    assert err["field"] == field and "YAML 1.1" in err["message"] and "YAML 1.2" in err["message"]


def test_numbers_both_yaml_versions_read_alike_are_read():
    from pyrules.input.document import parse_text

    data = parse_text("a: 20\nb: -7\nc: 0x14\nd: 1.5\ne: 007\nf: '020'\ng: 0o20\n", "x.yaml")
    assert data == {"a": 20, "b": -7, "c": 20, "d": 1.5, "e": 7, "f": "020", "g": "0o20"}


# ------------------------------------------------------------------------------------------- small disagreements

@pytest.mark.parametrize("cycle", [("a", "b"), ("a", "b", "c")])
def test_an_attachment_cycle_of_any_length_is_refused_naming_the_field(cycle):
    # an object attached to itself was refused, but a attached to b and b attached to a was accepted
    objects = [obj("bears", "Grizzly Bears")]
    objects += [obj(x, "Bonesplitter", attached_to=cycle[(i + 1) % len(cycle)]) for i, x in enumerate(cycle)]
    err = refused(scenario(*objects))
    assert err["field"] == "objects[1].attached_to"
    assert f"attachments go round in a circle ({' -> '.join(cycle + (cycle[0],))})" in err["message"]


def test_an_attachment_chain_without_a_cycle_is_left_to_the_rules():
    code, doc = api.answer("show", {"scenario": scenario(obj("bears", "Grizzly Bears"),
                                                          obj("axe", "Bonesplitter", attached_to="bears"))})
    assert code == 0 and doc["objects"]["axe"]["attached_to"] == "bears"


def test_too_many_values_names_the_whole_document():
    # the error named the path of whichever value the count went over at (an arbitrary field)
    from pyrules.errors import ScenarioError
    from pyrules.input.document import check_document, parse_text
    from pyrules.input.limits import Limits

    d = scenario(*[obj(f"b{i}", "Grizzly Bears") for i in range(20)])
    small = Limits(max_values=100)
    for run in (lambda: check_document(d, small), lambda: parse_text(json.dumps(d), "s.json", limits=small),
                lambda: parse_text(json.dumps(d, indent=1), "s.yaml", "yaml", limits=small)):
        with pytest.raises(ScenarioError) as err:
            run()
        assert err.value.field == "scenario"
        assert err.value.message.startswith("the whole document has more than 100 values")


def test_batch_workers_end_with_their_parent():
    # `batch --jobs 2` killed with SIGTERM left its workers (and multiprocessing's resource tracker) running
    import os
    import signal
    import subprocess
    import sys
    import tempfile
    import time

    def children(pid: int) -> list[int]:
        out = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as fh:
                        fields = fh.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == pid:
                    out.append(int(entry))
        return out

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    if not os.path.isdir("/proc"):
        pytest.skip("needs /proc to find the workers")
    line = json.dumps(forests_and(150, "Grizzly Bears"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.jsonl")
        with open(path, "w") as fh:
            fh.write((line + "\n") * 40)
        p = subprocess.Popen([sys.executable, "-m", "pyrules", "batch", path, "--jobs", "2", "--command", "actions"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        try:
            deadline = time.monotonic() + 60
            while len(children(p.pid)) < 3 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(2)          # the workers have started (and are answering)
            kids = children(p.pid)
            assert len(kids) >= 2, kids
        finally:
            p.send_signal(signal.SIGTERM)
            p.wait(30)
        deadline = time.monotonic() + 15
        while any(alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [k for k in kids if alive(k)]
        for k in left:     # (the test's own processes: don't leave them behind if it fails)
            os.kill(k, signal.SIGKILL)
        assert not left, left


def test_a_card_whose_layout_is_not_text_is_refused_naming_the_field(tmp_path):
    # found by the fuzzer: a layout that is a list made a TypeError (exit 3) as the file was read
    path = card_file(tmp_path, [{"object": "card", "name": "Listed Layout", "layout": [], "type_line": "Artifact"}])
    code, doc = api.answer("show", {"scenario": scenario(obj("x", "Listed Layout")), "cards": [path]})
    assert code == 2 and "card 'Listed Layout': layout: must be text" in doc["error"]["message"], doc
