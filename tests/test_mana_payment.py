"""Paying for it: mana sources (CR 605, 305.6), the mana pool (CR 106.4), payment of generic, colored,
colorless, hybrid, Phyrexian and X symbols (CR 601.2g-h, 107.3, 107.4), and timelines that spend mana
(track_mana). The expectations are read off the cards and the CR rules each test names."""

import json

import pyrules
from conftest import cli, obj, scenario

CARDS = ("tests/data/mana_cards.json", "tests/data/scryfall_list.json")


def options(d, player=None):
    from conftest import ROOT

    ev = pyrules.evaluate(pyrules.load(d, cards=tuple(str(ROOT / c) for c in CARDS)))
    return ev.actions(player, include_illegal=True)


def find(opts, oid, method="normal", part=None):
    found = [o for o in opts if o.object == oid and o.action == "cast" and o.method == method and (part is None or o.part == part)]
    assert len(found) == 1, [(o.object, o.method) for o in opts]
    return found[0]


def graveyard(n, owner="alice"):
    return [obj(f"gy{i}", "Grizzly Bears", zone="graveyard", owner=owner) for i in range(n)]


URO = obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard")


def lands(*cards):
    return [obj(f"{c.lower()}{i}", c) for i, c in enumerate(cards, start=1)]


def sources(payment):
    return sorted(e["source"] for e in payment)


# ------------------------------------------------------------------------------------------------ sources


def test_605_1a_305_6_uro_escape_is_paid_by_two_forests_and_two_islands():
    # Uro's escape costs {G}{G}{U}{U} (printed order kept, docs/guide/json.md); the basic land types' intrinsic
    # abilities (305.6) pay it
    opt = find(options(scenario(URO, *graveyard(5), *lands("Forest", "Forest", "Island", "Island"))), "uro", "escape")
    assert opt.legal and opt.cost.mana == "{G}{G}{U}{U}"
    assert opt.payable
    assert sorted((e["source"], e["mana"]) for e in opt.payment) == [
        ("forest1", "{G}"), ("forest2", "{G}"), ("island3", "{U}"), ("island4", "{U}")]
    assert opt.to_json()["payable"] is True and opt.to_json()["payment_why_not"] == []


def test_601_2g_106_1b_colorless_mana_pays_no_colored_symbol_and_why_not_names_what_is_missing():
    # Forest, Forest, Island and Sol Ring: {C}{C} can't pay {U}; the most they make toward the cost is {G}{G}{U}
    opt = find(options(scenario(URO, *graveyard(5), *lands("Forest", "Forest", "Island"), obj("sol", "Sol Ring"))),
               "uro", "escape")
    assert opt.legal and not opt.payable and opt.payment is None
    [why] = opt.payment_why_not
    assert why.code == 'cant_pay("{G}{G}{U}{U}","{G}{G}{U}",("forest1","forest2","island3"))'
    assert why.reason.startswith("it needs {G}{G}{U}{U}; your untapped mana sources and mana pool make at most {G}{G}{U}")
    assert why.rule.startswith("CR 601.2")


def test_605_3a_sol_ring_and_a_mountain_pay_2R():
    # Bonecrusher Giant costs {2}{R}: Sol Ring's {C}{C} pays the generic part, the Mountain the {R}; two sources
    # tapped rather than three (the preference: fewest sources, pool first)
    d = scenario(obj("sol", "Sol Ring"), *lands("Mountain", "Mountain"), obj("giant", "Bonecrusher Giant", zone="hand"))
    opt = find(options(d), "giant", part="Bonecrusher Giant")
    assert opt.cost.mana == "{2}{R}" and opt.payable
    assert sorted((e["source"], e["mana"]) for e in opt.payment) == [("mountain1", "{R}"), ("sol", "{C}"), ("sol", "{C}")]


def test_118_3_701_26a_a_tapped_land_doesnt_count():
    # CR 118.3: "a permanent that's already tapped can't be tapped to pay a cost"
    d = scenario(URO, *graveyard(5), *lands("Forest", "Forest", "Island"), obj("island4", "Island", tapped=True))
    opt = find(options(d), "uro", "escape")
    assert not opt.payable
    tapped = [r for r in opt.payment_why_not if r.code == 'source_unusable("island4",tapped)']
    assert tapped and tapped[0].rule == "CR 118.3"


def test_302_6_a_summoning_sick_creature_cant_tap_for_mana_and_REX_05_nor_an_animated_artifact():
    # Llanowar Elves ({T}: Add {G}) that came under alice's control this turn can't be tapped for mana (CR 302.6);
    # it is a creature card, so REX-05 (about a noncreature permanent that turns into a creature) isn't cited
    bears = obj("bears", "Grizzly Bears", zone="hand")
    sick = find(options(scenario(obj("elves", "Llanowar Elves", controlled_since_turn_start=False), obj("f", "Forest"), bears)), "bears")
    assert not sick.payable
    elves = [r for r in sick.payment_why_not if r.code == 'source_unusable("elves",summoning_sickness)']
    assert elves and elves[0].rule == "CR 302.6" and elves[0].ruling is None
    # a Sol Ring that March of the Machines makes an artifact creature, come under alice's control this turn: REX-05
    ring = find(options(scenario(obj("march", "March of the Machines"), obj("sol", "Sol Ring", controlled_since_turn_start=False),
                                 obj("f", "Forest"), bears)), "bears")
    sol = [r for r in ring.payment_why_not if r.code == 'source_unusable("sol",summoning_sickness)']
    assert not ring.payable and sol and sol[0].rule == "CR 302.6" and sol[0].ruling == "REX-05"
    ready = find(options(scenario(obj("elves", "Llanowar Elves"), obj("f", "Forest"), bears)), "bears")
    assert ready.payable and sources(ready.payment) == ["elves", "f"]


def test_106_1a_one_mana_of_any_color_pays_either_color():
    d = scenario(obj("birds", "Birds of Paradise"), obj("m", "Mountain"), obj("arcee", "Arcee, Sharpshooter", zone="hand"))
    opt = find(options(d), "arcee", "more_than_meets_the_eye")   # {R}{W}
    assert opt.payable
    assert sorted((e["source"], e["mana"]) for e in opt.payment) == [("birds", "{W}"), ("m", "{R}")]


def test_106_1_605_1a_jurassic_park_adds_G_for_each_dinosaur_you_control():
    park = obj("park", "Welcome to . . . // Jurassic Park", face="back")
    bears = obj("bears", "Grizzly Bears", zone="hand")
    none = find(options(scenario(park, bears)), "bears")
    assert not none.payable
    assert none.payment_why_not[0].code == 'cant_pay("{1}{G}","",())'
    dinos = [obj(f"dino{i}", "Dinosaur", token=True) for i in (1, 2)]
    two = find(options(scenario(park, *dinos, bears)), "bears")
    assert two.payable and two.payment == [{"source": "park", "mana": "{G}"}, {"source": "park", "mana": "{G}"}]


# ------------------------------------------------------------------------------------------------ the pool


def test_106_4_mana_in_the_pool_pays_first_and_is_shown_in_printed_order():
    d = scenario(obj("f", "Forest"), obj("bears", "Grizzly Bears", zone="hand"), mana_pool={"alice": "{G}{G}"})
    ev = pyrules.evaluate(pyrules.load(d))
    assert ev.to_json()["players"]["alice"]["mana_pool"] == "{G}{G}"
    assert ev.to_json()["players"]["bob"]["mana_pool"] == ""
    opt = find(ev.actions("alice", include_illegal=True), "bears")
    assert opt.payment == [{"source": "pool", "mana": "{G}"}, {"source": "pool", "mana": "{G}"}]


# ------------------------------------------------------------------------------------------------ cost changes


def test_601_2f_thalias_tax_makes_a_cost_unpayable_and_electromancers_reduction_payable_again():
    twice = obj("twice", "Think Twice", zone="hand")   # {1}{U}, an instant
    islands = lands("Island", "Island")
    assert find(options(scenario(*islands, twice)), "twice").payable
    taxed = find(options(scenario(*islands, obj("thalia", "Thalia, Guardian of Thraben", owner="bob"), twice)), "twice")
    assert taxed.cost.mana == "{2}{U}" and not taxed.payable
    both = find(options(scenario(*islands, obj("thalia", "Thalia, Guardian of Thraben", owner="bob"),
                                 obj("gob", "Goblin Electromancer"), twice)), "twice")
    assert both.cost.mana == "{1}{U}" and both.payable


# ------------------------------------------------------------------------------------------------ symbols


def test_107_4e_hybrid_symbols_are_paid_with_either_color():
    guildmage = obj("gm", "Boros Guildmage", zone="hand")   # {R/W}{R/W}
    opt = find(options(scenario(*lands("Mountain", "Plains"), guildmage)), "gm")
    assert opt.cost.mana == "{R/W}{R/W}" and opt.payable
    assert not find(options(scenario(*lands("Forest", "Forest"), guildmage)), "gm").payable


def test_107_4e_monocolored_hybrid_is_one_mana_of_its_color_or_two_of_any():
    king = obj("king", "Reaper King", zone="hand")   # {2/W}{2/U}{2/B}{2/R}{2/G}
    five = find(options(scenario(*lands("Plains", "Island", "Swamp", "Mountain", "Forest"), king)), "king")
    assert five.payable and len(five.payment) == 5
    # Sol Ring's {C}{C} pays one {2/X} symbol in full: four basics of four colors and Sol Ring
    ring = find(options(scenario(*lands("Plains", "Island", "Swamp", "Mountain"), obj("sol", "Sol Ring"), king)), "king")
    assert ring.payable and sources(ring.payment).count("sol") == 2
    assert not find(options(scenario(*lands("Plains", "Island", "Swamp", "Mountain"), king)), "king").payable


def test_107_4f_119_4_phyrexian_symbols_cost_2_life_each_while_life_is_at_least_2():
    dismember = obj("dis", "Dismember", zone="hand")   # {1}{B/P}{B/P}
    target = obj("bears", "Grizzly Bears", owner="bob")
    opt = find(options(scenario(obj("s", "Swamp"), dismember, target)), "dis")
    assert opt.cost.mana == "{1}{B/P}{B/P}" and opt.payable
    assert sorted((e["source"], e["mana"]) for e in opt.payment) == [("life", "{B/P}"), ("life", "{B/P}"), ("s", "{B}")]
    # mana is preferred to life: with three Swamps no life is paid
    swamps = find(options(scenario(*lands("Swamp", "Swamp", "Swamp"), dismember, target)), "dis")
    assert swamps.payable and all(e["source"] != "life" for e in swamps.payment)
    # at 1 life, no Phyrexian symbol can be paid with life
    low = find(options(scenario(obj("s", "Swamp"), dismember, target, life={"alice": 1, "bob": 20})), "dis")
    assert not low.payable
    assert "phyrexian_life(1)" in [r.code for r in low.payment_why_not]
    # at 3 life, one of them can (2 life), not both (4)
    three = find(options(scenario(*lands("Swamp", "Swamp"), dismember, target, life={"alice": 3, "bob": 20})), "dis")
    assert three.payable and [e["source"] for e in three.payment].count("life") == 1


def test_107_3_x_actions_report_the_largest_x_that_can_be_paid():
    stream = obj("stream", "Stream of Life", zone="hand")   # {X}{G}
    opt = find(options(scenario(*lands("Forest", "Forest"), obj("sol", "Sol Ring"), stream)), "stream")
    assert opt.cost.mana == "{X}{G}" and opt.payable and opt.x == 3
    assert opt.to_json()["x"] == 3 and len(opt.payment) == 4


def test_601_2g_the_same_scenario_gives_the_same_payment():
    d = scenario(*lands("Forest", "Forest", "Forest", "Island"), obj("sol", "Sol Ring"), obj("bears", "Grizzly Bears", zone="hand"))
    first = find(options(d), "bears").payment
    assert first == find(options(d), "bears").payment
    # the fewest sources, then the earliest timestamps: Sol Ring can't pay {G}, so two sources; the earliest two Forests
    assert first == [{"source": "forest1", "mana": "{G}"}, {"source": "forest2", "mana": "{G}"}]


# ------------------------------------------------------------------------------------------------ timelines


def tracked(*objects, actions, **extra):
    return scenario(*objects, actions=actions, track_mana=True, **extra)


def state(d, step=None):
    return pyrules.evaluate(pyrules.load(d), step=step)


def test_601_2g_605_3a_a_cast_taps_the_lands_of_its_payment_and_a_second_cast_then_cant_be_paid(write_yaml):
    d = tracked(*lands("Forest", "Forest", "Forest"), obj("bears", "Grizzly Bears", zone="hand"),
                obj("bears2", "Grizzly Bears", zone="hand"),
                actions=[{"cast": "bears"}, {"pass": "alice"}, {"pass": "bob"}, {"cast": "bears2"}])
    after = state(d, step=1)
    assert after.objects["bears"].zone == "stack"
    assert after.objects["forest1"].tapped and after.objects["forest2"].tapped and not after.objects["forest3"].tapped
    assert after.players["alice"]["mana_pool"] == ""      # all of it spent
    assert not after.stack[1:] and after.stack == ["bears"]   # mana abilities don't use the stack (605.3b)
    ev = state(d)
    assert ev.error["step"] == 4
    assert ev.error["why_not"][0]["reason"].startswith("it needs {1}{G}; your untapped mana sources and mana pool make at most {G}")
    r = cli("show", write_yaml(d), "--json")
    assert r.returncode == 1
    assert json.loads(r.stdout)["error"]["step"] == 4


def test_106_4_unspent_mana_stays_until_the_step_ends_then_empties():
    # Sol Ring adds {C}{C} to pay Bonesplitter's {1}: one {C} is left in the pool, and empties when the
    # precombat main phase ends
    d = tracked(obj("sol", "Sol Ring"), obj("axe", "Bonesplitter", zone="hand"),
                actions=[{"cast": "axe"}, {"pass": "alice"}, {"pass": "bob"},
                         {"advance": {"phase": "combat", "step": "beginning_of_combat"}}])
    assert state(d, step=1).players["alice"]["mana_pool"] == "{C}"
    assert state(d, step=3).players["alice"]["mana_pool"] == "{C}"     # the spell resolved: same phase
    assert state(d, step=4).players["alice"]["mana_pool"] == ""


def test_106_4_the_scenarios_pool_empties_between_steps():
    d = tracked(obj("f", "Forest"), actions=[{"advance": {"phase": "combat", "step": "beginning_of_combat"}}],
                mana_pool={"alice": "{R}{G}"})
    assert state(d, step=0).players["alice"]["mana_pool"] == "{R}{G}"
    assert state(d).players["alice"]["mana_pool"] == ""


def test_601_2g_pay_names_the_sources_tapped():
    d = tracked(obj("sol", "Sol Ring"), *lands("Forest", "Forest"), obj("bears", "Grizzly Bears", zone="hand"),
                actions=[{"cast": "bears", "pay": ["forest2", "sol"]}])
    ev = state(d)
    assert ev.error is None
    assert ev.objects["sol"].tapped and ev.objects["forest2"].tapped and not ev.objects["forest1"].tapped
    assert ev.players["alice"]["mana_pool"] == "{C}"   # Sol Ring made {C}{C}; {1}{G} used one


def test_118_3_a_tapped_source_named_to_pay_makes_the_cast_illegal():
    d = tracked(obj("f1", "Forest", tapped=True), obj("f2", "Forest"), obj("f3", "Forest"),
                obj("bears", "Grizzly Bears", zone="hand"), actions=[{"cast": "bears", "pay": ["f1", "f2"]}])
    ev = state(d)
    assert ev.error["step"] == 1
    tapped = [w for w in ev.error["why_not"] if w["code"] == 'source_unusable("f1",tapped)']
    assert len(tapped) == 1 and tapped[0]["rule"] == "CR 118.3"   # one reason, one citation (the payment's too)


def test_107_4f_119_4_a_timeline_pays_phyrexian_mana_with_life():
    d = tracked(obj("s", "Swamp"), obj("dis", "Dismember", zone="hand"), obj("bears", "Grizzly Bears", owner="bob"),
                actions=[{"cast": "dis"}])
    ev = pyrules.evaluate(pyrules.load(d, cards=tuple(str(__import__("conftest").ROOT / c) for c in CARDS)))
    assert ev.error is None and ev.players["alice"]["life"] == 16 and ev.objects["s"].tapped


def test_107_3a_a_timeline_pays_the_x_it_announces():
    d = tracked(*lands("Forest", "Forest", "Forest"), obj("stream", "Stream of Life", zone="hand"),
                actions=[{"cast": "stream", "x": 2}])
    ev = pyrules.evaluate(pyrules.load(d, cards=tuple(str(__import__("conftest").ROOT / c) for c in CARDS)))
    assert ev.error is None and all(ev.objects[f].tapped for f in ("forest1", "forest2", "forest3"))
    d["actions"][0]["x"] = 3
    ev = pyrules.evaluate(pyrules.load(d, cards=tuple(str(__import__("conftest").ROOT / c) for c in CARDS)))
    assert ev.error and ev.error["step"] == 1


def test_601_2b_601_2f_a_cost_reduction_reduces_the_mana_x_stands_for():
    # X is announced first (CR 601.2b), then the total cost is worked out (601.2f): Goblin Electromancer's {1}
    # reduction takes {1} off Stream of Life's {X}{G} with X = 3, so three Forests pay {2}{G}
    cards = tuple(str(__import__("conftest").ROOT / c) for c in CARDS)
    board = (obj("gob", "Goblin Electromancer"), *lands("Forest", "Forest", "Forest"), obj("stream", "Stream of Life", zone="hand"))
    opt = find(options(scenario(*board)), "stream")
    assert opt.payable and opt.x == 3
    ev = pyrules.evaluate(pyrules.load(tracked(*board, actions=[{"cast": "stream", "x": 3}]), cards=cards))
    assert ev.error is None and all(ev.objects[f].tapped for f in ("forest1", "forest2", "forest3"))


def test_601_2b_107_3_no_value_for_x_is_announced_for_a_cost_without_x():
    # Grizzly Bears costs {1}{G}: there is no X to announce a value for (CR 601.2b, 107.3)
    ev = pyrules.evaluate(pyrules.load(scenario(obj("bears", "Grizzly Bears", zone="hand"),
                                                actions=[{"cast": "bears", "x": 2}])))
    assert ev.error and [w["code"] for w in ev.error["why_not"]] == ["no_x"] and ev.error["why_not"][0]["rule"] == "CR 601.2b"


def test_without_track_mana_a_timeline_taps_nothing():
    d = scenario(obj("f", "Forest"), obj("bears", "Grizzly Bears", zone="hand"), actions=[{"cast": "bears"}])
    ev = state(d)
    assert ev.error is None and not ev.objects["f"].tapped


# ------------------------------------------------------------------------------------------------ bad input


def test_bad_mana_input_is_refused_with_the_field_named(write_yaml):
    base = scenario(obj("f", "Forest"), obj("bears", "Grizzly Bears", zone="hand"), obj("b2", "Grizzly Bears", zone="hand"))
    cases = [
        (dict(base, mana_pool={"alice": "{2}"}), "mana_pool.alice"),
        (dict(base, mana_pool={"carol": "{G}"}), "mana_pool.carol"),
        (dict(base, track_mana="yes"), "track_mana"),
        (dict(base, track_mana=True, actions=[{"cast": "bears", "pay": ["nope"]}]), "actions[0].pay[0]"),
        (dict(base, track_mana=True, actions=[{"cast": "bears", "pay": ["b2"]}]), "actions[0].pay[0]"),
        (dict(base, track_mana=True, actions=[{"cast": "bears", "pay": ["f", "f"]}]), "actions[0].pay[1]"),
        (dict(base, actions=[{"cast": "bears", "pay": ["f"]}]), "actions[0].pay"),
        (dict(base, track_mana=True, actions=[{"cast": "bears", "x": -1}]), "actions[0].x"),
    ]
    for d, field in cases:
        r = cli("show", write_yaml(d))
        assert r.returncode == 2, (field, r.stdout, r.stderr)
        assert field in r.stderr and len(r.stderr.strip().splitlines()) == 1, (field, r.stderr)


def test_example_can_i_escape_uro_with_these_lands():
    # examples/mana_can_i_escape_uro.yaml: escape is legal (CR 702.138a) but {G}{G}{U}{U} can't be paid with
    # Forest, Forest, Island and Sol Ring (CR 305.6, 107.4a)
    r = cli("actions", "examples/mana_can_i_escape_uro.yaml", "--json")
    assert r.returncode == 0, r.stderr
    [uro] = [a for a in json.loads(r.stdout)["actions"] if a["object"] == "uro"]
    assert uro["legal"] and uro["payable"] is False and uro["payment"] is None
    assert uro["payment_why_not"][0]["reason"] == ("it needs {G}{G}{U}{U}; your untapped mana sources and mana pool "
                                                   "make at most {G}{G}{U}: Forest (forest1), Forest (forest2), Island (island1)")
