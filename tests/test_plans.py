"""Issue #14, interface §5.6: plans — the shortest legal lines of actions to a goal.

Each expectation is stated from the Comprehensive Rules and the cards (what the shortest line must be, or why
none exists), not from pyrules' output; every plan found is replayed with `show` (appended to the scenario's
actions: exit 0, and the goal holds in the state it reaches).
"""

from __future__ import annotations

import json

import pytest

import pyrules
from conftest import EXAMPLES, cli, obj, scenario
from pyrules.planner.search import conditions_met, parse_goal

LIBRARY = [obj("lib1", "Island", "library"), obj("lib2", "Island", "library"), obj("lib3", "Island", "library")]


def replay(d: dict, plan: list[dict], goal: str) -> dict:
    """The plan appended to the scenario's timeline, played by `show --json`: it must run to the end (exit 0),
    and every condition of the goal that the state shows must hold there."""
    full = dict(d, actions=list(d.get("actions", [])) + plan)
    r = cli("show", "-", "--json", input=json.dumps(full))
    assert r.returncode == 0, (r.stdout, r.stderr)
    doc = json.loads(r.stdout)
    assert "error" not in doc
    assert doc.get("step", 0) == len(full["actions"])
    sc = pyrules.load(full)
    g = parse_goal(goal, sc)
    met = conditions_met(sc, g)
    for c in g.conditions:
        if c.kind != "cast":
            assert c.text in met, (c.text, doc["objects"].get(c.subject))
    return doc


def plans_of(d: dict, goal: str, **kw):
    res = pyrules.plan(d, goal, **kw)
    for p in res.plans:
        replay(d, p, goal)
    return res


def casts(plan: list[dict]) -> list[tuple]:
    return [(a["cast"], a.get("method", "normal")) for a in plan if "cast" in a]


# ------------------------------------------------------------------------------------------------ found

def test_702_138a_kroxa_escaped_after_village_rites_adds_the_sacrificed_bears_and_itself_to_the_graveyard():
    # Kroxa's escape exiles five other cards (CR 702.138a); three are there. Village Rites' additional cost
    # sacrifices the Bears (a fourth), and Village Rites goes to the graveyard as it resolves (CR 608.2n): five.
    # So the shortest line is Rites, let it resolve, then escape Kroxa — three actions, with mana tracked.
    d = pyrules.load(EXAMPLES / "plan_kroxa_escape.yaml")
    data = _yaml(EXAMPLES / "plan_kroxa_escape.yaml")
    res = plans_of(data, "cast kroxa escape")
    assert res.found and len(res.plans) == 1
    plan = res.plans[0]
    assert len(plan) == 3
    assert casts(plan) == [("rites", "normal"), ("kroxa", "escape")]
    assert plan[1] == {"resolve": "top"}
    doc = replay(data, plan, "cast kroxa escape")
    assert doc["objects"]["kroxa"]["zone"] == "stack" and doc["objects"]["bears"]["zone"] == "exile"
    assert d.track_mana


def test_702_138a_no_plan_when_the_graveyard_cant_reach_five_other_cards():
    # Two other cards, plus the Bears sacrificed and Village Rites itself: four — escape needs five (702.138a).
    d = scenario(obj("kroxa", "Kroxa, Titan of Death's Hunger", "graveyard"), obj("ring", "Sol Ring", "graveyard"),
                 obj("stone", "Mind Stone", "graveyard"), obj("bears", "Grizzly Bears"),
                 obj("rites", "Village Rites", "hand"), *LIBRARY)
    res = pyrules.plan(d, "cast kroxa escape", horizon=4)
    assert not res.found and res.plans == [] and res.complete
    codes = {r.code for r in res.why_not}
    assert "exile_short(4,5)" in codes          # the best the graveyard gets: four
    short = [r for r in res.why_not if r.code.startswith("exile_short")]
    assert all("CR 702.138a" in r.rules for r in short)
    assert any(r.code == "unmet(cast kroxa escape)" for r in res.why_not)
    doc = res.to_json()
    assert doc["found"] is False and doc["plans"] == [] and doc["why_not"]


def test_REX_07_village_rites_escaped_with_underworld_breach_exiles_the_creature_it_sacrificed():
    # Breach gives Village Rites escape: {B} plus exiling three other cards. Only two are there; the Bears
    # sacrificed for Rites' additional cost may be exiled to pay escape's (REX-07): one action does it.
    d = scenario(obj("breach", "Underworld Breach"), obj("rites", "Village Rites", "graveyard"),
                 obj("ring", "Sol Ring", "graveyard"), obj("stone", "Mind Stone", "graveyard"),
                 obj("bears", "Grizzly Bears"), *LIBRARY)
    res = plans_of(d, "cast rites escape", horizon=3)
    assert res.found
    assert res.plans[0] == [{"cast": "rites", "by": "alice", "method": "escape", "source": "breach"}]
    doc = replay(d, res.plans[0], "cast rites escape")
    assert doc["objects"]["bears"]["zone"] == "exile"
    assert {doc["objects"][x]["zone"] for x in ("ring", "stone")} == {"exile"}


def test_702_34a_304_1_think_twice_flashback_on_an_opponents_turn():
    # Think Twice is an instant: its flashback may be cast whenever Alice has priority (CR 304.1, 702.34a),
    # here in Bob's declare blockers step.
    d = scenario(obj("twice", "Think Twice", "graveyard"), obj("bears", "Grizzly Bears", "hand"), *LIBRARY,
                 active="bob", phase="combat", step="declare_blockers", priority="alice")
    res = plans_of(d, "cast twice flashback", horizon=2)
    assert res.found and res.plans[0] == [{"cast": "twice", "by": "alice", "method": "flashback"}]


def test_307_1_REX_02_a_sorcery_speed_goal_has_no_plan_on_an_opponents_turn():
    # Deep Analysis is a sorcery and Grizzly Bears a creature: only in their caster's main phase with an empty
    # stack (CR 307.1, 302.1) — never on Bob's turn; escape from Underworld Breach doesn't change that (REX-02).
    d = scenario(obj("breach", "Underworld Breach"), obj("deep", "Deep Analysis", "graveyard"),
                 obj("ring", "Sol Ring", "graveyard"), obj("stone", "Mind Stone", "graveyard"),
                 obj("forest", "Forest", "graveyard"), *LIBRARY,
                 active="bob", phase="ending", step="end", priority="alice")
    res = pyrules.plan(d, "cast deep", horizon=3)
    assert not res.found and res.complete
    timing = [r for r in res.why_not if r.code == "sorcery_timing"]
    assert timing and all("CR 307.1" in r.rules for r in timing)
    assert any("REX-02" in r.rulings for r in timing)      # the escape option's reason
    assert "deep" not in {a.get("cast") for p in res.plans for a in p}


def test_702_162a_arcee_cast_converted_is_back_face_up_on_the_battlefield():
    # Cast normally Arcee enters front face up; More Than Meets the Eye casts it converted, and the permanent
    # enters back face up (CR 702.162a, 712.11a; BOT-10, BOT-11): cast that way, then let it resolve.
    d = scenario(obj("arcee", "Arcee, Sharpshooter", "hand"))
    res = plans_of(d, "arcee.zone = battlefield and arcee.face = back", horizon=3)
    assert res.found
    assert res.plans[0] == [{"cast": "arcee", "by": "alice", "method": "more_than_meets_the_eye"}, {"resolve": "top"}]


def test_REX_jurassic_park_gives_a_dinosaur_escape_with_exactly_three_other_cards():
    # Jurassic Park: each Dinosaur card in your graveyard has escape, its mana cost plus exiling three other
    # cards (CR 702.138a). Three other cards: one action; two: no plan.
    base = [obj("park", "Welcome to . . . // Jurassic Park", face="back"),
            obj("tyrant", "Carnage Tyrant", "graveyard"), obj("ring", "Sol Ring", "graveyard"),
            obj("stone", "Mind Stone", "graveyard")]
    d = scenario(*base, obj("forest", "Forest", "graveyard"))
    res = plans_of(d, "cast tyrant escape", horizon=2)
    assert res.found and res.plans[0] == [{"cast": "tyrant", "by": "alice", "method": "escape", "source": "park"}]
    doc = replay(d, res.plans[0], "cast tyrant escape")
    assert {doc["objects"][x]["zone"] for x in ("ring", "stone", "forest")} == {"exile"}
    res = pyrules.plan(scenario(*base), "cast tyrant escape", horizon=2)
    assert not res.found and "exile_short(2,3)" in {r.code for r in res.why_not}


def test_305_1_601_2g_a_land_played_first_pays_for_the_spell_with_track_mana():
    # Grizzly Bears costs {1}{G}; one Forest can't pay it (CR 601.2g). Playing the Forest in hand first (CR
    # 305.1, in the main phase) gives two: play, cast, resolve.
    d = scenario(obj("f1", "Forest"), obj("f2", "Forest", "hand"), obj("bears", "Grizzly Bears", "hand"),
                 track_mana=True)
    res = plans_of(d, "bears.zone = battlefield", horizon=4)
    assert res.found
    assert res.plans[0] == [{"play": "f2", "by": "alice"}, {"cast": "bears", "by": "alice", "method": "normal"},
                            {"resolve": "top"}]


def test_all_gives_every_shortest_plan_in_a_stable_order():
    # Two Forests in hand: either may be played first (CR 305.2: one land a turn) — two shortest plans, the
    # earlier timestamp first; the default plan is the first of them.
    d = scenario(obj("f1", "Forest"), obj("f2", "Forest", "hand"), obj("f3", "Forest", "hand"),
                 obj("bears", "Grizzly Bears", "hand"), track_mana=True)
    res = plans_of(d, "bears.zone = battlefield", horizon=3, all=True)
    assert [p[0] for p in res.plans] == [{"play": "f2", "by": "alice"}, {"play": "f3", "by": "alice"}]
    assert all(len(p) == 3 for p in res.plans)
    one = pyrules.plan(d, "bears.zone = battlefield", horizon=3)
    assert one.plans == res.plans[:1]


def test_508_1_117_3a_every_plan_attacks_before_priority_is_passed_and_replays():
    # Attackers are declared as the declare attackers step begins, before any player has priority (CR 508.1,
    # 117.3a): an attack after alice passed isn't a line of play. The shortest way to deal bob 2 is the attack,
    # then passes through declare blockers and into combat damage (CR 510.1a); every plan found replays.
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers")
    res = plans_of(d, "bob.life <= 18", all=True)
    assert res.found and all(p[0] == {"attack": {"bears": "bob"}, "by": "alice"} for p in res.plans)


def test_506_2_508_1_a_plan_attacks_whichever_opponent_the_goal_needs():
    # three players: alice may attack any opponent (CR 506.2, 508.1), not only the next in turn order; the plan
    # to lower carol's life attacks carol, and it replays
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers", players=("alice", "bob", "carol"))
    res = plans_of(d, "carol.life <= 18", horizon=8)
    assert res.found and res.plans[0][0] == {"attack": {"bears": "carol"}, "by": "alice"}
    ev = pyrules.evaluate(pyrules.load({**d, "actions": res.plans[0]}))
    assert ev.error is None and ev.players["carol"]["life"] == 18


def test_714_3a_a_goal_on_one_kind_of_counter():
    # a Saga enters with a lore counter (CR 714.3a): casting Welcome to . . . and letting it resolve puts one on it
    d = scenario(obj("welcome", "Welcome to . . .", zone="hand"))
    res = plans_of(d, "welcome.counters.lore >= 1", horizon=3)
    assert res.found and res.plans[0] == [{"cast": "welcome", "by": "alice", "method": "normal"}, {"resolve": "top"}]
    assert pyrules.plan(d, 'welcome.counters."+1/+1" >= 1', horizon=2).found is False


def test_800_4a_a_plan_goes_on_after_a_player_has_left_a_multiplayer_game():
    # three players, bob at 0 life: he loses as soon as the game moves (704.5a) and leaves the game (800.4a), which
    # goes on; alice's plan to deal carol 2 attacks her, and priority passes over bob
    d = scenario(obj("bears", "Grizzly Bears"), phase="combat", step="declare_attackers",
                 players=("alice", "bob", "carol"), life={"bob": 0})
    res = plans_of(d, "carol.life <= 18", horizon=6)
    assert res.found and res.plans[0][0] == {"attack": {"bears": "carol"}, "by": "alice"}
    assert not any(a.get("pass") == "bob" for a in res.plans[0])


def test_117_4_from_an_opponents_priority_every_player_passing_resolves_the_top_of_the_stack():
    # bob's turn, his Bears on the stack, bob has priority; alice plans: every player passing in succession
    # (alice too) resolves it (CR 117.4, 608.1) — one action, as for bob
    d = scenario(obj("sbears", "Grizzly Bears", zone="stack", owner="bob"), active="bob")
    res = plans_of(d, "sbears.zone = battlefield", player="alice", horizon=2)
    assert res.found and res.plans[0] == [{"resolve": "top"}]


def test_117_4_500_2_passing_moves_through_steps_one_pass_per_player():
    # With the stack empty, every player passing in succession ends the step (CR 117.4, 500.2): from Alice's
    # first main phase to her combat's beginning step takes her pass and Bob's.
    d = scenario()
    res = plans_of(d, "turn.phase = combat", horizon=3)
    assert res.found and res.plans[0] == [{"pass": "alice"}, {"pass": "bob"}]


def test_509_1a_the_defending_player_plans_a_block_without_priority():
    # Bob defends. Declaring blockers is the turn-based action of the declare blockers step (CR 509.1a), taken as
    # the step begins, before any player gets priority (CR 117.3a). A scenario in that step describes it before
    # the declaration — blockers are declared by a timeline's `block` action, the turn-based action itself
    # (interface §5.2) — and its `priority` is who gets priority afterwards, Alice, the active player. So Bob's
    # plan is the block alone.
    d = scenario(obj("bears", "Grizzly Bears", attacking="bob", tapped=True), obj("guard", "Grizzly Bears", owner="bob"),
                 phase="combat", step="declare_blockers", priority="alice")
    res = plans_of(d, "guard.blocking = bears", player="bob", horizon=2)
    assert res.found and res.plans[0] == [{"block": {"guard": "bears"}, "by": "bob"}]


def test_a_goal_that_already_holds_is_a_plan_of_no_actions():
    res = pyrules.plan(scenario(obj("bears", "Grizzly Bears")), "bears.zone = battlefield")
    assert res.found and res.plans == [[]] and res.to_json()["plans"] == [{"actions": [], "length": 0}]


def test_cli_json_shape_and_explanation():
    r = cli("plan", str(EXAMPLES / "plan_kroxa_escape.yaml"), "cast kroxa escape", "--json", "--explain")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["goal"] == "cast kroxa escape" and doc["found"] is True
    assert [p["length"] for p in doc["plans"]] == [3] and len(doc["plans"][0]["actions"]) == 3
    ex = doc["explanation"]
    assert ex["summary"].startswith("Yes") and len(ex["because"]) >= 3
    assert any(n.get("rule") for step in ex["because"] for n in step["because"])


# ------------------------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("goal, words", [
    ("nosuch.zone = battlefield", "unknown object 'nosuch'"),
    ("cast nosuch", "unknown object 'nosuch'"),
    ("bears.colour = green", "unknown property 'colour'"),
    ("bears.zone battlefield", "is not a condition"),
    ("cast bears sideways", "is not a way to cast"),
    ("bears.power <= big", "compares numbers"),
    ("bears.zone = battlefield and", "empty condition"),
    ("carol.life <= 3", "unknown object 'carol'"),
    # a value the property can never have, as show --json writes it (interface §5.6: a malformed goal)
    ("alice.life = x", "life is a number"),
    ("bears.power = big", "power is a number (or null)"),
    ("bears.tapped = yes", "tapped is true or false"),
    ("bears.zone = battlefeld", "did you mean 'battlefield'"),
    ("bears.face = sideways", "is not a face"),
    ("bears.controller = carol", "is not a controller"),
    ("turn.step = upkep", "did you mean 'upkeep'"),
    ("bears.types = foo", "is not a card type"),              # CR 205.2a: the card types
    ("bears.colors = purple", "is not a color"),              # CR 105.1: the five colors
    ('alice.mana_pool = "{Q}"', "is written as mana symbols"),
    ("turn.lands_played = -1", "is never negative"),
    ("bears.attached_to = nosuch", "is not an object of the scenario"),
    ("bears.counters >= 1", "one kind at a time"),
    ("bears.power.x = 1", "only counters are compared by kind"),
    ("bears.counters.lore >= two", "is a whole number"),
])
def test_a_malformed_goal_or_unknown_object_is_exit_2_naming_it(tmp_path, goal, words):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario(obj("bears", "Grizzly Bears"))))
    r = cli("plan", str(path), goal)
    assert r.returncode == 2
    assert r.stderr.startswith("pyrules: error: goal:") and words in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_bad_horizon_and_player_are_exit_2(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario(obj("bears", "Grizzly Bears"))))
    r = cli("plan", str(path), "bears.tapped = true", "--horizon", "-1")
    assert r.returncode == 2 and "horizon" in r.stderr
    r = cli("plan", str(path), "bears.tapped = true", "--player", "carol")
    assert r.returncode == 2 and "carol" in r.stderr


def _yaml(path):
    import yaml

    return yaml.safe_load(path.read_text())


@pytest.mark.parametrize("goal", ["bears.power = null", "bears.tapped = true", "turn.step = null",
                                  "bears.zone = Battlefield", "bears.controller = alice", "alice.life >= 20",
                                  "bears.types = creature", "bears.colors = green", 'alice.mana_pool = "{G}{G}"',
                                  "alice.life <= -1", "bears.attached_to = null"])
def test_a_goal_with_a_value_the_property_can_have_is_searched(goal):
    """The values show --json can print for these properties are accepted (names in any letter case)."""
    parse_goal(goal, pyrules.load(scenario(obj("bears", "Grizzly Bears"))))


def test_the_json_answer_of_a_plan_carries_its_explanation():
    """interface §5.6: `--json` gives {"goal", "found", "plans", "explanation": <node>} (--no-explain leaves it out)."""
    r = cli("plan", str(EXAMPLES / "plan_kroxa_escape.yaml"), "cast kroxa escape", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["found"] and doc["explanation"]["summary"].startswith("Yes")
    assert doc["explanation"]["because"]
    r = cli("plan", str(EXAMPLES / "plan_kroxa_escape.yaml"), "cast kroxa escape", "--json", "--no-explain")
    assert "explanation" not in json.loads(r.stdout)


def test_every_reason_for_no_plan_is_cited():
    """interface §5.6: "found": false with the reasons no plan exists within the horizon, cited — the goal's
    unmet condition with the rule of what it asks about (a life total: CR 119.1), the search's bound with the
    rules of the actions a player may take within the turn (CR 117.1, 500.1)."""
    res = pyrules.plan(EXAMPLES / "plan_kroxa_escape.yaml", "bob.life <= 19", horizon=2)
    assert not res.found
    doc = res.to_json()
    # Kroxa's "enters or attacks" line isn't modelled (it would make bob lose life): the first reason says the
    # search played only the text pyrules models (interface §5.7) — pyrules' limit, so no rule of the game is cited
    honest, *cited = doc["why_not"]
    assert honest["code"].startswith("unmodelled_text(") and honest["reason"].startswith("no plan found with the card text pyrules models")
    assert doc["complete"] is False and doc["not_modelled"]
    assert cited and all(w["rule"] and w["rule"].startswith("CR ") for w in cited)
    unmet = [w for w in doc["why_not"] if w["code"].startswith("unmet")]
    assert [w["rule"] for w in unmet] == ["CR 119.1"]
    bound = [w for w in doc["why_not"] if w["code"].startswith("horizon")]
    assert bound and "CR 500.1" in bound[0]["rules"]


def test_all_says_when_more_shortest_plans_exist_than_it_lists(monkeypatch):
    # The two Forests of the test above give two shortest plans (CR 305.2); with room for one, --all lists the
    # first in the stable order and says more exist; with room for both it lists both and says nothing more.
    from pyrules.planner import search as plan_module

    d = scenario(obj("f1", "Forest"), obj("f2", "Forest", "hand"), obj("f3", "Forest", "hand"),
                 obj("bears", "Grizzly Bears", "hand"), track_mana=True)
    both = pyrules.plan(d, "bears.zone = battlefield", horizon=3, all=True)
    assert len(both.plans) == 2 and "more" not in both.to_json()["search"]
    monkeypatch.setattr(plan_module, "MAX_PLANS", 1)
    one = pyrules.plan(d, "bears.zone = battlefield", horizon=3, all=True)
    assert one.plans == both.plans[:1]
    assert one.to_json()["search"]["more"] is True
    assert "more than 1 shortest plans exist" in plan_module.plan_text(one)


def test_no_plan_does_not_quote_a_reason_that_held_only_on_another_line():
    # With one Forest on the battlefield, Grizzly Bears ({1}{G}) can't be paid for (CR 601.2g, 601.2h); after
    # the Forest in hand is played (CR 305.1) it can. Within 2 actions it is cast but can't resolve (CR 608.1):
    # no plan, and the reason isn't that the Bears can't be paid for — on the line that plays the land, they can.
    d = scenario(obj("f1", "Forest"), obj("f2", "Forest", "hand"), obj("bears", "Grizzly Bears", "hand"),
                 track_mana=True)
    res = pyrules.plan(d, "bears.zone = battlefield", horizon=2)
    assert not res.found
    codes = [w["code"] for w in res.to_json()["why_not"]]
    assert not any(c.startswith("cant_pay") for c in codes), codes
    assert codes[0].startswith("unmet(") and codes[-1] == "horizon(2)"
    # with no land to play, the payment is what blocks the goal, and it is quoted
    d = scenario(obj("f1", "Forest"), obj("bears", "Grizzly Bears", "hand"), track_mana=True)
    res = pyrules.plan(d, "bears.zone = battlefield", horizon=2)
    assert any(w["code"].startswith("cant_pay") and w["rule"] == "CR 601.2g" for w in res.to_json()["why_not"])


def test_a_goal_is_evaluated_by_the_rules():
    """The goal language is the knowledge base's (rules/output/goals.lp): a goal's conditions become facts, and the
    rules decide in the state whether each holds. Grizzly Bears on the battlefield is a 2/2 creature (CR 208.1,
    205.2a), untapped (CR 110.5), named Grizzly Bears in any letter case (CR 201.1); alice has 20 life (CR 119.1,
    103.4) and no cards in hand (CR 402.1); it is the precombat main phase, which has no step (CR 500.1)."""
    sc = pyrules.load(scenario(obj("bears", "Grizzly Bears")))
    holding = ["bears.power >= 2", "bears.power < 3", "bears.zone = Battlefield", "bears.tapped = false",
               "bears.types = creature", 'bears.name = "grizzly BEARS"', "alice.life = 20", "alice.hand = 0",
               'alice.mana_pool = ""', "turn.step = null", "bears.counters.\"+1/+1\" = 0", "bears.attached_to = null"]
    failing = ["bears.power > 2", "bears.power = null", "bears.tapped = true", "bears.types != creature",
               "alice.life < 20", "turn.phase = combat", 'alice.mana_pool = "{G}"', "bears.name >= 1"]
    goal = parse_goal(" and ".join(holding + failing), sc)
    assert conditions_met(sc, goal) == set(holding)
    # the properties a goal may ask about are the rules' too, each with the rule that defines it
    from pyrules.planner.search import language

    lang = language()
    assert list(lang.properties["player"]) == ["life", "mana_pool", "hand", "library", "graveyard"]
    assert lang.labels["player", "life"].rule == "CR 119.1" and lang.labels["object", "zone"].rule == "CR 400.1"
    assert lang.operators["<="] == ("le", "number") and lang.operators["="] == ("eq", "any")
