"""Living metal, Vehicles and March of the Machines: BOT-05, BOT-08, BOT-09, BOT-15 (and CR 208.3, 613.8)."""

import pytest

from conftest import obj, scenario, show

ARCEE_BACK = obj("arcee", "Arcee, Acrobatic Coupe", face="back")
MARCH = obj("march", "March of the Machines")


def test_BOT_05_living_metal_makes_it_an_artifact_creature_during_its_controllers_turn():
    o = show(scenario(ARCEE_BACK, active="alice"))["arcee"]
    assert o.types == ("artifact", "creature")
    assert o.subtypes == ("vehicle",)
    assert "living_metal" in o.keywords


def test_BOT_05_living_metal_does_nothing_on_an_opponents_turn():
    o = show(scenario(ARCEE_BACK, active="bob"))["arcee"]
    assert o.types == ("artifact",)


def test_BOT_05_living_metal_works_only_on_the_battlefield():
    # CR 702.161a: "this permanent". Cast converted, Arcee is a Vehicle spell on the stack: not a creature,
    # even on its controller's turn.
    o = show(scenario(obj("arcee", "Arcee, Sharpshooter", zone="stack", cast_with="more_than_meets_the_eye")))["arcee"]
    assert o.face == "back"
    assert o.types == ("artifact",)
    assert o.power is None


def test_BOT_08_vehicle_has_printed_power_and_toughness_only_while_a_creature():
    mine = show(scenario(ARCEE_BACK, active="alice"))["arcee"]
    theirs = show(scenario(ARCEE_BACK, active="bob"))["arcee"]
    assert (mine.power, mine.toughness) == (2, 2)
    assert (theirs.power, theirs.toughness) == (None, None)


def test_BOT_08_counters_count_only_while_the_vehicle_is_a_creature():
    prowl = obj("prowl", "Prowl, Pursuit Vehicle", face="back", counters={"+1/+1": 2})
    mine = show(scenario(prowl, active="alice"))["prowl"]
    theirs = show(scenario(prowl, active="bob"))["prowl"]
    assert (mine.power, mine.toughness) == (4, 5)  # printed 2/3 plus two +1/+1 counters
    assert theirs.power is None and theirs.toughness is None


@pytest.mark.parametrize("march_first", [True, False])
def test_BOT_09_arcee_under_march_is_2_2_on_its_controllers_turn(march_first):
    objects = (MARCH, ARCEE_BACK) if march_first else (ARCEE_BACK, MARCH)
    o = show(scenario(*objects, active="alice"))["arcee"]
    assert o.types == ("artifact", "creature")
    assert (o.power, o.toughness) == (2, 2)


@pytest.mark.parametrize("march_first", [True, False])
def test_BOT_09_arcee_under_march_is_3_3_on_an_opponents_turn(march_first):
    objects = (MARCH, ARCEE_BACK) if march_first else (ARCEE_BACK, MARCH)
    o = show(scenario(*objects, active="bob"))["arcee"]
    assert o.types == ("artifact", "creature")
    assert (o.power, o.toughness) == (3, 3)  # its mana value, which is its front face's (BOT-15)


def test_BOT_09_march_depends_on_living_metal_whichever_timestamp_is_earlier():
    # CR 613.8a: applying living metal changes what March applies to, so March waits for it (613.8b).
    import pyrules
    from clingo import Function, Number, String

    for objects in ((MARCH, ARCEE_BACK), (ARCEE_BACK, MARCH)):
        ev = pyrules.evaluate(pyrules.load(scenario(*objects, active="alice")))
        node = ev.explain("arcee.types")
        rules = {r for n in node.walk() for r in n.rules}
        assert "CR 702.161a" in rules
        from pyrules.answers.queries import explainer

        answer = explainer(ev)
        def ab(card, face, line, name):
            return Function("ab", [String(card), Function(face), Number(line), Function(name)])

        march = Function("st", [String("march"), ab("March of the Machines", "front", 1, "static_1")])
        lm = Function("st", [String("arcee"), ab("Arcee, Sharpshooter // Arcee, Acrobatic Coupe", "back", 1, "living_metal")])
        assert answer.has(Function("depends", [march, lm, Number(0)]))
        assert answer.has(Function("l4_skipped", [march, String("arcee"), Number(0)]))


def test_BOT_09_march_makes_noncreature_artifacts_creatures_with_pt_equal_to_mana_value():
    board = scenario(MARCH, obj("ring", "Sol Ring", owner="bob"), obj("blaster", "Blaster, Morale Booster", face="back"),
                     obj("bears", "Grizzly Bears"), active="alice")
    objs = show(board)
    assert objs["ring"].types == ("artifact", "creature") and (objs["ring"].power, objs["ring"].toughness) == (1, 1)
    # Blaster's back face is a noncreature artifact without living metal; mana value 5 from its front face
    assert (objs["blaster"].power, objs["blaster"].toughness) == (5, 5)
    assert (objs["bears"].power, objs["bears"].toughness) == (2, 2)  # already a creature: March doesn't touch it
    assert objs["march"].types == ("enchantment",) and objs["march"].power is None


def test_CR_208_3_a_noncreature_permanent_has_no_power_or_toughness():
    objs = show(scenario(obj("ring", "Sol Ring"), obj("blaster", "Blaster, Combat DJ", face="back")))
    assert objs["ring"].power is None and objs["ring"].toughness is None
    assert objs["blaster"].power is None  # Blaster, Morale Booster: printed without P/T, not a creature


def test_CR_613_4c_equipment_and_counters_modify_power_in_layer_7c():
    board = scenario(obj("bears", "Grizzly Bears", counters={"+1/+1": 1, "-1/-1": 2}),
                     obj("bone", "Bonesplitter", attached_to="bears"))
    o = show(board)["bears"]
    assert (o.power, o.toughness) == (2 + 2 + 1 - 2, 2 + 1 - 2)


def test_CR_613_4c_equipment_does_nothing_to_a_vehicle_that_is_not_a_creature():
    board = scenario(ARCEE_BACK, obj("bone", "Bonesplitter", attached_to="arcee"), active="bob")
    assert show(board)["arcee"].power is None
