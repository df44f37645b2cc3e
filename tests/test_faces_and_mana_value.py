"""Faces of double-faced cards and mana value: BOT-04, BOT-11, BOT-15 and CR 712.8, 202.3, 709.4, 715."""

import pytest

import pyrules
from conftest import obj, scenario, show


@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
def test_CR_712_8a_outside_battlefield_and_stack_only_the_front_face(zone):
    o = show(scenario(obj("arcee", "Arcee, Acrobatic Coupe", zone=zone)))["arcee"]
    assert o.name == "Arcee, Sharpshooter"
    assert o.types == ("artifact", "creature") and o.subtypes == ("robot",)
    assert (o.power, o.toughness, o.mana_value) == (2, 2, 3)
    assert o.controller is None  # CR 108.4: only permanents and objects on the stack have controllers


def test_BOT_04_a_converted_permanent_has_its_other_face_up():
    # "to convert a permanent on the battlefield, turn it over so that its other face is up": with the back
    # face up it has only the back face's characteristics (CR 712.8e)
    front = show(scenario(obj("arcee", "Arcee, Sharpshooter")))["arcee"]
    back = show(scenario(obj("arcee", "Arcee, Sharpshooter", face="back")))["arcee"]
    assert (front.name, front.face, front.subtypes) == ("Arcee, Sharpshooter", "front", ("robot",))
    assert (back.name, back.face, back.subtypes) == ("Arcee, Acrobatic Coupe", "back", ("vehicle",))
    assert "first_strike" in front.keywords and "first_strike" not in back.keywords
    assert "living_metal" in back.keywords


def test_BOT_11_cast_converted_the_spell_has_only_its_back_face_characteristics():
    o = show(scenario(obj("arcee", "Arcee, Sharpshooter", zone="stack", cast_with="more_than_meets_the_eye")))["arcee"]
    assert (o.name, o.face) == ("Arcee, Acrobatic Coupe", "back")
    assert o.supertypes == ("legendary",) and o.types == ("artifact",) and o.subtypes == ("vehicle",)
    assert o.mana_value == 3  # CR 712.8c: from the front face's mana cost (BOT-01)


@pytest.mark.parametrize("card,mv", [
    ("Arcee, Sharpshooter", 3), ("Prowl, Stoic Strategist", 4), ("Blaster, Combat DJ", 5),
    ("Cyclonus, the Saboteur", 4), ("Welcome to . . .", 3), ("Megatron, Tyrant", 6),
])
def test_BOT_15_a_converted_permanent_has_its_front_faces_mana_value(card, mv):
    o = show(scenario(obj("x", card, face="back")))["x"]
    assert o.face == "back"
    assert o.mana_value == mv


def test_CR_202_3b_a_token_copy_of_a_back_face_has_mana_value_0():
    objs = show(scenario(obj("arcee", "Arcee, Sharpshooter", face="back"),
                         obj("t", None, copy_of="arcee", token=True, controlled_since_turn_start=False)))
    token = objs["t"]
    assert (token.name, token.face) == ("Arcee, Acrobatic Coupe", "back")  # CR 707.8a: double-faced token
    assert token.mana_value == 0
    assert objs["arcee"].mana_value == 3
    assert token.types == ("artifact", "creature")  # it has living metal too, on alice's turn
    assert not token.can_attack and token.summoning_sick


def test_CR_707_8a_a_token_copy_of_a_front_face_has_the_front_faces_mana_value():
    objs = show(scenario(obj("arcee", "Arcee, Sharpshooter"), obj("t", None, copy_of="arcee", token=True)))
    assert (objs["t"].name, objs["t"].mana_value, objs["t"].power) == ("Arcee, Sharpshooter", 3, 2)


def test_CR_707_10g_copy_of_a_converted_spell_is_a_back_face_up_double_faced_spell():
    # BOT-06 (2022) said the copy "isn't itself a double-faced card"; today's CR 707.10g makes it one, back
    # face up, with the back face's characteristics either way — and as a copy of a back face, mana value 0.
    objs = show(scenario(obj("arcee", "Arcee, Sharpshooter", zone="stack", cast_with="more_than_meets_the_eye"),
                         obj("copy", None, zone="stack", copy_of="arcee")))
    c = objs["copy"]
    assert (c.name, c.face, c.types, c.subtypes) == ("Arcee, Acrobatic Coupe", "back", ("artifact",), ("vehicle",))
    assert c.mana_value == 0
    assert objs["arcee"].mana_value == 3


def test_CR_709_4_a_split_card_off_the_stack_has_both_halves():
    o = show(scenario(obj("fi", "Fire // Ice", zone="hand")))["fi"]
    assert (o.name, o.types, o.mana_value) == ("Fire // Ice", ("instant",), 4)


def test_CR_709_3b_on_the_stack_only_the_half_cast_exists():
    o = show(scenario(obj("fi", "Fire // Ice", zone="stack", part="Ice")))["fi"]
    assert (o.name, o.mana_value) == ("Ice", 2)


def test_CR_715_an_adventurer_card_is_the_creature_except_as_an_adventure_on_the_stack():
    objs = show(scenario(obj("giant", "Bonecrusher Giant", zone="hand"),
                         obj("stomp", "Bonecrusher Giant", zone="stack", part="Stomp"),
                         obj("giant2", "Stomp", zone="stack", part="Bonecrusher Giant")))
    assert (objs["giant"].name, objs["giant"].types, objs["giant"].power, objs["giant"].mana_value) == \
        ("Bonecrusher Giant", ("creature",), 4, 3)
    assert (objs["stomp"].name, objs["stomp"].types, objs["stomp"].subtypes, objs["stomp"].mana_value) == \
        ("Stomp", ("instant",), ("adventure",), 2)
    assert objs["stomp"].power is None
    assert (objs["giant2"].name, objs["giant2"].mana_value) == ("Bonecrusher Giant", 3)


def test_mana_value_of_every_card_in_hand_matches_the_card_database():
    # CR 202.3: the KB computes mana value from the mana cost; the database records Scryfall's cmc
    db = pyrules.card_report()
    objects = [obj(f"c{i}", c["name"], zone="hand") for i, c in enumerate(db["cards"])]
    objs = show(scenario(*objects))
    from pyrules.api import card_db

    for i, c in enumerate(db["cards"]):
        assert objs[f"c{i}"].mana_value == card_db().cards[c["name"]].data["cmc"], c["name"]


def test_cards_can_be_named_by_either_face_or_both():
    for name in ("Arcee, Sharpshooter", "Arcee, Acrobatic Coupe", "Arcee, Sharpshooter // Arcee, Acrobatic Coupe",
                 "arcee, acrobatic coupe"):
        assert show(scenario(obj("a", name, zone="hand")))["a"].name == "Arcee, Sharpshooter"


def test_a_one_faced_card_is_reported_front_face_up_by_show_as_by_actions():
    """interface §1 (face: front | back, default front) and §3 (actions gives a one-faced card's face as "front"):
    show reports the same face for the same card."""
    d = scenario(obj("ring", "Sol Ring"), obj("bears", "Grizzly Bears", zone="hand"))
    ev = pyrules.evaluate(pyrules.load(d))
    assert (ev.objects["ring"].face, ev.objects["bears"].face) == ("front", "front")
    cast = [o for o in ev.actions_json("alice")["actions"] if o["object"] == "bears"]
    assert cast and all(o["face"] == "front" for o in cast)


MDFC = str(__import__("pathlib").Path(__file__).parent / "data" / "modal_dfc.json")


def test_CR_712_8f_202_3a_a_modal_dfc_with_its_back_face_up_has_its_own_mana_value():
    # CR 202.3b (the back face counts the front face's mana cost) is for nonmodal double-faced cards only. A modal
    # double-faced permanent or spell has only the characteristics of the face that's up (CR 712.8f), its mana
    # cost included: The Prismatic Bridge ({W}{U}{B}{R}{G}) has mana value 5, not Esika's 3 ({1}{G}{G}); a back
    # face with no mana cost, Kazandu Valley (a land), has mana value 0 (CR 202.3a), not Kazandu Mammoth's 3.
    d = scenario(obj("esika", "Esika, God of the Tree // The Prismatic Bridge"),
                 obj("bridge", "Esika, God of the Tree // The Prismatic Bridge", face="back"),
                 obj("spell", "The Prismatic Bridge", zone="stack", face="back"),
                 obj("inhand", "The Prismatic Bridge", zone="hand"),
                 obj("mammoth", "Kazandu Mammoth // Kazandu Valley"),
                 obj("valley", "Kazandu Mammoth // Kazandu Valley", face="back"))
    objs = pyrules.evaluate(d, cards=[MDFC]).objects
    assert (objs["esika"].name, objs["esika"].mana_value) == ("Esika, God of the Tree", 3)
    assert (objs["bridge"].name, objs["bridge"].face, objs["bridge"].mana_value) == ("The Prismatic Bridge", "back", 5)
    assert (objs["spell"].name, objs["spell"].face, objs["spell"].mana_value) == ("The Prismatic Bridge", "back", 5)
    # outside the battlefield and the stack only the front face exists (CR 712.8a)
    assert (objs["inhand"].name, objs["inhand"].mana_value) == ("Esika, God of the Tree", 3)
    assert (objs["mammoth"].name, objs["mammoth"].mana_value) == ("Kazandu Mammoth", 3)
    assert (objs["valley"].name, objs["valley"].types, objs["valley"].mana_value) == ("Kazandu Valley", ("land",), 0)


def test_CR_707_2_a_copy_of_a_modal_dfcs_back_face_has_that_faces_mana_value():
    # the copiable values of a modal double-faced permanent with its back face up are that face's, its mana cost
    # included; CR 202.3b's mana value 0 for a copy of a back face is about nonmodal double-faced objects
    d = scenario(obj("bridge", "Esika, God of the Tree // The Prismatic Bridge", face="back"),
                 obj("t", None, copy_of="bridge", token=True))
    objs = pyrules.evaluate(d, cards=[MDFC]).objects
    assert (objs["t"].name, objs["t"].mana_value) == ("The Prismatic Bridge", 5)
