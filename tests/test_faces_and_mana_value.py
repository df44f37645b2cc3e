"""Faces and mana value, where the check isn't a partial match of an answer: the card database's own mana values,
card names read by either face, and show and actions reporting the same face. The faces' and mana values' rules
(BOT-04, BOT-11, BOT-15; CR 712.8, 202.3, 707, 709.4, 715) are rule cases: tests/rules/712_double_faced/,
202_mana_value/, 707_copies/, 709_split_cards/, 715_adventurers/."""

import pyrules
from conftest import obj, scenario, show


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
    """docs/guide/scenarios.md (face: front | back, default front) and §3 (actions gives a one-faced card's face as "front"):
    show reports the same face for the same card."""
    d = scenario(obj("ring", "Sol Ring"), obj("bears", "Grizzly Bears", zone="hand"))
    ev = pyrules.evaluate(pyrules.load(d))
    assert (ev.objects["ring"].face, ev.objects["bears"].face) == ("front", "front")
    cast = [o for o in ev.actions_json("alice")["actions"] if o["object"] == "bears"]
    assert cast and all(o["face"] == "front" for o in cast)
