"""Cast options and their total costs: BOT-01, BOT-02, BOT-07, BOT-12, BOT-16; REX-02, REX-03, REX-04, REX-07,
REX-08, REX-09, REX-11; CR 117.1a, 601.2f, 709.3, 715.3."""


import pyrules
from conftest import cli, obj, scenario


def options(d, player=None, include_illegal=True):
    return pyrules.evaluate(pyrules.load(d)).actions(player, include_illegal=include_illegal)


def find(opts, oid, method, source=None, part=None, face=None):
    found = [o for o in opts if o.object == oid and o.method == method and (source is None or o.source == source)
             and (part is None or o.part == part) and (face is None or o.face == face)]
    assert len(found) == 1, [(o.object, o.method, o.source, o.part, o.face) for o in opts]
    return found[0]


def graveyard(n, owner="alice", start=0):
    cards = ["Grizzly Bears", "Sol Ring", "Mind Stone", "Bonesplitter", "Carnage Tyrant", "Fire // Ice", "Think Twice",
             "Village Rites"]
    return [obj(f"gy{i}", cards[i % len(cards)], zone="graveyard", owner=owner) for i in range(start, start + n)]


ARCEE_HAND = obj("arcee", "Arcee, Sharpshooter", zone="hand")
THALIA = obj("thalia", "Thalia, Guardian of Thraben", owner="bob")


def test_BOT_01_total_cost_adds_increases_to_the_alternative_cost_and_mana_value_stays_the_front_faces():
    opts = options(scenario(THALIA, ARCEE_HAND))
    normal = find(opts, "arcee", "normal")
    mtmte = find(opts, "arcee", "more_than_meets_the_eye")
    # cast normally it is a creature spell: Thalia doesn't tax it
    assert normal.legal and normal.cost.mana == "{1}{R}{W}" and normal.face == "front"
    # cast converted it is a noncreature Vehicle spell: {R}{W} + {1} (BOT-01: start from the alternative cost,
    # add the increase; interface §3: the symbols an increase adds are written after the cost's own)
    assert mtmte.legal and mtmte.cost.mana == "{1}{R}{W}" and mtmte.face == "back"
    assert normal.mana_value == mtmte.mana_value == 3


def test_BOT_01_reductions_apply_after_increases_to_the_alternative_cost():
    sculptor = obj("sculptor", "Etherium Sculptor")  # artifact spells you cast cost {1} less
    opts = options(scenario(THALIA, sculptor, ARCEE_HAND))
    assert find(opts, "arcee", "normal").cost.mana == "{R}{W}"        # {1}{R}{W} - {1}
    assert find(opts, "arcee", "more_than_meets_the_eye").cost.mana == "{R}{W}"  # {R}{W} + {1} - {1}
    cyclonus = obj("cyc", "Cyclonus, the Saboteur", zone="hand")  # MTMtE {5}{U}{B} is more than its mana cost
    opt = find(options(scenario(cyclonus)), "cyc", "more_than_meets_the_eye")
    assert opt.cost.mana == "{5}{U}{B}" and opt.mana_value == 4


def test_BOT_02_and_REX_04_only_one_alternative_cost():
    # Arcee in the graveyard with Underworld Breach: escape is legal; More Than Meets the Eye would need a
    # second alternative cost on top of escape's permission, so it is not an option
    d = scenario(obj("breach", "Underworld Breach"), obj("arcee", "Arcee, Sharpshooter", zone="graveyard"), *graveyard(3))
    opts = options(d)
    assert find(opts, "arcee", "escape", source="breach").legal
    mtmte = find(opts, "arcee", "more_than_meets_the_eye")
    assert not mtmte.legal
    codes = {r.code for r in mtmte.why_not}
    assert "two_alternative_costs(more_than_meets_the_eye,escape)" in codes
    reason = next(r for r in mtmte.why_not if r.code.startswith("two_alternative_costs"))
    assert reason.rule == "CR 118.9a" and {"BOT-02", "REX-04"} <= set(reason.rulings)


def test_BOT_02_and_REX_04_additional_costs_combine_with_alternative_costs():
    d = scenario(obj("breach", "Underworld Breach"), obj("rites", "Village Rites", zone="graveyard"),
                 obj("bears", "Grizzly Bears"), *graveyard(3))
    opt = find(options(d), "rites", "escape", source="breach")
    assert opt.legal and opt.cost.sacrifice == {"creature": 1} and opt.cost.exile_from_graveyard == 3


def test_BOT_07_more_than_meets_the_eye_works_from_any_zone_the_card_may_be_cast_from():
    prowl = obj("prowl", "Prowl, Stoic Strategist", owner="bob", zone="graveyard")
    exiled = obj("arcee", "Arcee, Sharpshooter", zone="exile", exiled_with="prowl")
    opts = options(scenario(prowl, exiled))
    assert find(opts, "arcee", "more_than_meets_the_eye").legal
    assert find(opts, "arcee", "normal").legal
    # but not from a graveyard, where nothing lets you cast it
    in_gy = find(options(scenario(obj("arcee", "Arcee, Sharpshooter", zone="graveyard"))), "arcee", "more_than_meets_the_eye")
    assert not in_gy.legal and any(r.code == "no_permission(graveyard)" for r in in_gy.why_not)


def test_BOT_12_cards_exiled_with_prowl_follow_normal_timing_and_costs():
    prowl = obj("prowl", "Prowl, Stoic Strategist", owner="bob")
    exiled = obj("bears", "Grizzly Bears", zone="exile", exiled_with="prowl")
    opt = find(options(scenario(prowl, exiled, THALIA, active="bob", priority="alice"), "alice"), "bears", "normal")
    assert not opt.legal
    reason = next(r for r in opt.why_not if r.code == "sorcery_timing")
    assert reason.ruling == "BOT-12"
    mine = find(options(scenario(prowl, exiled, obj("sol", "Sol Ring", zone="exile", exiled_with="prowl"), THALIA)), "sol", "normal")
    assert mine.legal and mine.cost.mana == "{2}"  # all costs are paid: Thalia taxes the noncreature spell


def test_BOT_16_owners_may_play_cards_exiled_with_prowl_even_after_prowl_left():
    prowl_gone = obj("prowl", "Prowl, Stoic Strategist", owner="bob", zone="graveyard")
    exiled = obj("bears", "Grizzly Bears", zone="exile", exiled_with="prowl")
    assert find(options(scenario(prowl_gone, exiled)), "bears", "normal").legal
    # a card exiled by something else has no such permission
    other = obj("bears", "Grizzly Bears", zone="exile")
    opt = find(options(scenario(other)), "bears", "normal")
    assert not opt.legal and any(r.code == "no_permission(exile)" for r in opt.why_not)


def test_BOT_16_only_the_owner_may_play_it():
    prowl = obj("prowl", "Prowl, Stoic Strategist", owner="bob")
    exiled = obj("bears", "Grizzly Bears", zone="exile", exiled_with="prowl", owner="alice")
    assert [o for o in options(scenario(prowl, exiled, active="bob"), "bob") if o.object == "bears"] == []


def test_REX_02_escape_does_not_change_timing():
    uro = obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard")
    opt = find(options(scenario(uro, *graveyard(5), active="bob", priority="alice"), "alice"), "uro", "escape")
    assert not opt.legal
    reason = next(r for r in opt.why_not if r.code == "sorcery_timing")
    assert reason.rule == "CR 117.1a" and reason.ruling == "REX-02"


def test_CR_117_1a_instant_speed_escape_on_an_opponents_turn():
    cling = obj("cling", "Cling to Dust", zone="graveyard")
    opt = find(options(scenario(cling, *graveyard(5), active="bob", phase="ending", step="end", priority="alice"),
                       "alice"), "cling", "escape")
    assert opt.legal and opt.cost.mana == "{3}{B}" and opt.cost.exile_from_graveyard == 5


def test_CR_117_1a_sorcery_speed_needs_an_empty_stack():
    on_stack = obj("giant", "Bonecrusher Giant", zone="stack", part="Stomp", owner="bob")
    opts = options(scenario(on_stack, obj("bears", "Grizzly Bears", zone="hand"), obj("fi", "Fire // Ice", zone="hand")))
    bears = find(opts, "bears", "normal")
    assert not bears.legal and [r.code for r in bears.why_not] == ["sorcery_timing"]
    assert find(opts, "fi", "normal", part="Fire").legal  # an instant is fine


def test_CR_117_1_a_player_without_priority_can_cast_nothing():
    # (Ice needs a permanent to target, CR 601.2c: the Sol Ring)
    opts = options(scenario(obj("fi", "Fire // Ice", zone="hand"), obj("ring", "Sol Ring")), "alice") + []
    assert opts and all(o.legal for o in opts)
    opts = options(scenario(obj("fi", "Fire // Ice", zone="hand"), obj("ring", "Sol Ring"), priority="bob"), "alice")
    assert opts and all(not o.legal and "no_priority" in [r.code for r in o.why_not] for o in opts)


def test_REX_03_a_card_with_escape_put_into_the_graveyard_on_your_turn_can_be_cast_right_away():
    # Uro died this turn in alice's main phase; the stack is empty again and she has priority
    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *graveyard(5))
    assert find(options(d, include_illegal=False), "uro", "escape").legal


def test_REX_07_cards_sacrificed_for_an_additional_cost_count_toward_escapes_exile():
    # two other cards in the graveyard + the creature sacrificed for Village Rites = three
    base = [obj("breach", "Underworld Breach"), obj("rites", "Village Rites", zone="graveyard"), *graveyard(2)]
    yes = find(options(scenario(*base, obj("bears", "Grizzly Bears"))), "rites", "escape")
    assert yes.legal
    # a token isn't a card: sacrificed, it can't be exiled from the graveyard for escape
    no = find(options(scenario(*base, obj("bears", "Grizzly Bears", token=True))), "rites", "escape")
    assert not no.legal and any(r.code == "exile_short(2,3)" for r in no.why_not)
    r = next(r for r in no.why_not if r.code == "exile_short(2,3)")
    assert r.reason == "2 other cards in your graveyard; escape needs 3"
    assert r.ruling == "REX-07"   # the count includes what the sacrifice would put there: REX-07 applies


def test_CR_702_138a_the_reason_counts_the_other_cards_in_the_graveyard_in_plain_english():
    # Uro's escape exiles five other cards (CR 702.138a); with one other card there, the reason says so in
    # the singular, and with none it says "0 other cards"
    one = find(options(scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *graveyard(1))),
               "uro", "escape")
    assert [r.reason for r in one.why_not if r.code == "exile_short(1,5)"] == \
        ["1 other card in your graveyard; escape needs 5"]
    # Uro has no sacrifice or discard cost: REX-07 (exiling what such a cost put there) doesn't apply
    assert [(r.rule, r.ruling) for r in one.why_not if r.code == "exile_short(1,5)"] == [("CR 702.138a", None)]
    none = find(options(scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"))), "uro", "escape")
    assert [r.reason for r in none.why_not if r.code == "exile_short(0,5)"] == \
        ["0 other cards in your graveyard; escape needs 5"]


def test_REX_08_split_and_adventurer_cards_with_escape_choose_the_part_then_pay_its_cost_plus_three():
    park = obj("park", "Welcome to . . .", face="back")
    fi = obj("fi", "Fire // Ice", zone="graveyard")
    giant = obj("giant", "Bonecrusher Giant", zone="graveyard")
    d = scenario(obj("breach", "Underworld Breach"), park, fi, giant, *graveyard(3))
    opts = options(d)
    fire = find(opts, "fi", "escape", part="Fire")
    ice = find(opts, "fi", "escape", part="Ice")
    assert (fire.cost.mana, ice.cost.mana) == ("{1}{R}", "{1}{U}")
    assert fire.cost.exile_from_graveyard == ice.cost.exile_from_graveyard == 3
    assert (fire.mana_value, ice.mana_value) == (2, 2)
    stomp = find(opts, "giant", "escape", part="Stomp")
    creature = find(opts, "giant", "escape", part="Bonecrusher Giant")
    assert (stomp.cost.mana, stomp.mana_value) == ("{1}{R}", 2)
    assert (creature.cost.mana, creature.mana_value) == ("{2}{R}", 3)
    assert stomp.legal and creature.legal


def test_REX_08_jurassic_park_gives_dinosaur_cards_escape():
    park = obj("park", "Welcome to . . .", face="back")
    tyrant = obj("tyrant", "Carnage Tyrant", zone="graveyard")
    bears = obj("bears", "Grizzly Bears", zone="graveyard")
    d = scenario(park, tyrant, bears, *graveyard(2, start=2))
    opts = options(d)
    opt = find(opts, "tyrant", "escape", source="park")
    assert opt.legal and opt.cost.mana == "{4}{G}{G}" and opt.cost.exile_from_graveyard == 3
    assert [o for o in opts if o.object == "bears" and o.method == "escape"] == []
    assert "escape" in pyrules.evaluate(pyrules.load(d)).objects["tyrant"].keywords


def test_REX_09_two_permissions_are_two_options():
    d = scenario(obj("breach", "Underworld Breach"), obj("park", "Welcome to . . .", face="back"),
                 obj("tyrant", "Carnage Tyrant", zone="graveyard"), obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"),
                 obj("twice", "Think Twice", zone="graveyard"), *graveyard(5))
    opts = options(d)
    assert {o.source for o in opts if o.object == "tyrant" and o.method == "escape"} == {"breach", "park"}
    uro = [o for o in opts if o.object == "uro" and o.method == "escape"]
    assert {(o.source, o.cost.mana, o.cost.exile_from_graveyard) for o in uro} == {(None, "{G}{G}{U}{U}", 5), ("breach", "{1}{G}{U}", 3)}
    twice = [o for o in opts if o.object == "twice" and o.legal]
    assert {(o.method, o.cost.mana) for o in twice} == {("escape", "{1}{U}"), ("flashback", "{2}{U}")}


def test_REX_11_mana_value_is_unchanged_by_the_cost_paid():
    ox = obj("ox", "Ox of Agonas", zone="graveyard")  # escape {R}{R}, mana value 5
    opt = find(options(scenario(ox, *graveyard(8))), "ox", "escape")
    assert opt.legal and opt.cost.mana == "{R}{R}" and opt.mana_value == 5 and opt.cost.exile_from_graveyard == 8
    too_few = find(options(scenario(ox, *graveyard(7))), "ox", "escape")
    assert not too_few.legal


def test_REX_11_cost_reductions_apply_to_the_escape_cost():
    electro = obj("electro", "Goblin Electromancer")
    cling = obj("cling", "Cling to Dust", zone="graveyard")
    opt = find(options(scenario(electro, cling, *graveyard(5))), "cling", "escape")
    assert opt.cost.mana == "{2}{B}" and opt.mana_value == 1


def test_CR_601_2f_reductions_never_go_below_zero_and_take_only_generic_mana():
    electro = obj("electro", "Goblin Electromancer")
    opts = options(scenario(electro, obj("fi", "Fire // Ice", zone="hand"), obj("rites", "Village Rites", zone="hand"),
                            obj("bears", "Grizzly Bears")))
    assert find(opts, "fi", "normal", part="Ice").cost.mana == "{U}"
    assert find(opts, "rites", "normal").cost.mana == "{B}"  # {B} minus {1} generic: nothing generic to take
    sculptors = [obj(f"s{i}", "Etherium Sculptor") for i in range(3)]
    ring = find(options(scenario(*sculptors, obj("ring", "Sol Ring", zone="hand"))), "ring", "normal")
    assert ring.cost.mana == "{0}" and ring.mana_value == 1


def test_CR_702_34a_flashback_with_a_non_mana_part_and_life_check():
    deep = obj("deep", "Deep Analysis", zone="graveyard")
    opt = find(options(scenario(deep)), "deep", "flashback")
    assert opt.legal and opt.cost.mana == "{1}{U}" and opt.cost.life == 3 and opt.cost.text == "{1}{U}, pay 3 life"
    low = find(options(scenario(deep, life={"alice": 2, "bob": 20})), "deep", "flashback")
    assert not low.legal and any(r.code == "life_short(2,3)" for r in low.why_not)


def test_CR_709_3_split_halves_are_checked_and_costed_separately():
    opts = options(scenario(obj("fi", "Fire // Ice", zone="hand")))
    assert {(o.part, o.cost.mana, o.mana_value) for o in opts} == {("Fire", "{1}{R}", 2), ("Ice", "{1}{U}", 2)}


def test_CR_715_3_adventurer_card_cast_as_adventure_or_creature():
    opts = options(scenario(obj("giant", "Bonecrusher Giant", zone="hand"), active="bob", priority="alice"), "alice")
    stomp = find(opts, "giant", "normal", part="Stomp")
    creature = find(opts, "giant", "normal", part="Bonecrusher Giant")
    assert stomp.legal and (stomp.cost.mana, stomp.mana_value) == ("{1}{R}", 2)   # an instant: now is fine
    assert not creature.legal and (creature.cost.mana, creature.mana_value) == ("{2}{R}", 3)


def test_CR_715_3d_from_its_adventure_exile_only_as_the_creature():
    opts = options(scenario(obj("giant", "Bonecrusher Giant", zone="exile", exiled_with="giant")))
    assert find(opts, "giant", "normal", part="Bonecrusher Giant").legal
    stomp = find(opts, "giant", "normal", part="Stomp")
    assert not stomp.legal and any(r.code == "adventure_from_exile" for r in stomp.why_not)


def test_CR_712_8a_a_double_faced_card_whose_back_face_is_a_land_is_cast_as_its_front_face():
    opts = options(scenario(obj("park", "Jurassic Park", zone="hand")))
    (opt,) = opts
    assert opt.legal and opt.face == "front" and opt.cost.mana == "{1}{G}{G}" and opt.mana_value == 3


def test_default_player_is_the_one_with_priority_and_unknown_player_exits_2(write_yaml):
    d = scenario(obj("fi", "Fire // Ice", zone="hand", owner="bob"), priority="bob")
    assert pyrules.evaluate(pyrules.load(d)).actions_json()["player"] == "bob"
    r = cli("actions", write_yaml(d), "--player", "carol")
    assert r.returncode == 2 and "--player" in r.stderr and "carol" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_actions_json_shape(write_yaml):
    import json

    d = scenario(obj("uro", "Uro, Titan of Nature's Wrath", zone="graveyard"), *graveyard(5))
    r = cli("actions", write_yaml(d), "--json")
    doc = json.loads(r.stdout)
    assert doc["player"] == "alice"
    (opt,) = doc["actions"]
    assert {k: opt[k] for k in ("action", "object", "zone", "method", "face", "part", "mana_value", "legal", "why_not")} == \
        {"action": "cast", "object": "uro", "zone": "graveyard", "method": "escape", "face": "front", "part": None,
         "mana_value": 3, "legal": True, "why_not": []}
    assert opt["cost"]["mana"] == "{G}{G}{U}{U}"
    assert opt["cost"]["exile_from_graveyard"] == 5
    assert opt["cost"]["text"] == "{G}{G}{U}{U}, exile five other cards from your graveyard"
    r = cli("actions", write_yaml(d), "--json", "--all")
    illegal = [a for a in json.loads(r.stdout)["actions"] if not a["legal"]]
    assert illegal and all(a["why_not"] and all(set(w) >= {"reason", "rule", "ruling"} for w in a["why_not"]) for a in illegal)


def test_interface_3_the_generic_part_comes_first_as_one_symbol_then_the_colored_symbols_in_printed_order():
    """Interface §3: cost.mana is the generic part first, as one symbol (the cost's own generic mana plus what
    increases add), then the other symbols in the order the cost it starts from prints them. BOT-01: start from
    the cost paid (Arcee's More Than Meets the Eye {R}{W}), add the increase (Thalia's {1}): {1}{R}{W}. Think
    Twice's flashback {2}{U} under Thalia costs {3}{U}."""
    twice = obj("twice", "Think Twice", zone="graveyard")
    opts = options(scenario(THALIA, ARCEE_HAND, twice))
    assert find(opts, "arcee", "more_than_meets_the_eye").cost.mana == "{1}{R}{W}"
    assert find(opts, "twice", "flashback").cost.mana == "{3}{U}"


def test_305_9_601_2f_a_land_card_gets_no_spell_cost_increase():
    # a land is never a spell (CR 305.9): Thalia's "noncreature spells cost {1} more" doesn't price the (illegal)
    # cast entry of a Forest
    from conftest import obj, scenario

    ev = pyrules.evaluate(pyrules.load(scenario(obj("f", "Forest", zone="hand"),
                                                obj("thalia", "Thalia, Guardian of Thraben", owner="bob"))))
    (cast,) = [o for o in ev.actions("alice", include_illegal=True) if o.object == "f" and o.action == "cast"]
    assert not cast.legal and cast.cost.mana == "{0}"
