"""Counts in template sentences agree with their nouns ({N card|cards} in a `%:` template)."""

from clingo import Function, Number

from pyrules.kb.compile import kb
from pyrules.kb.words import Renderer


def renderer():
    return Renderer(kb(), {"uro": "Uro, Titan of Nature's Wrath"}, {"alice", "bob"})


def test_one_takes_the_singular_and_every_other_number_the_plural():
    r = renderer()
    said = [r.claim(Function("draws", [Function("alice"), Number(n), Number(3)])) for n in (0, 1, 2)]
    assert [s.split(" draws ")[1] for s in said] == ["0 cards", "1 card", "2 cards"]
    assert r.reason(Function("exile_short", [Number(1), Number(5)])) == "1 other card in your graveyard; escape needs 5"


def test_a_slot_bound_to_something_other_than_a_number_names_it_with_the_plural():
    r = renderer()
    said = r.claim(Function("draws", [Function("alice"), Function("x"), Number(3)]))
    assert "{" not in said and said.endswith("draws x cards")


def test_an_article_is_not_put_before_a_filter_that_has_its_own():
    # Woe Strider's "Sacrifice another creature": with no other creature, the reason reads "you don't control
    # another creature", not "no another creature" (a filter that starts with "another" takes no article)
    import pyrules
    from pyrules.answers.evaluation import Evaluation

    actions_json = Evaluation.actions_json

    d = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
         "objects": [{"id": "strider", "card": "Woe Strider", "owner": "alice", "zone": "battlefield"}]}
    acts = actions_json(pyrules.evaluate(pyrules.load(d)), "alice", include_illegal=True)["actions"]
    reasons = [w["reason"] for a in acts for w in a["why_not"]]
    assert "nothing to sacrifice: you don't control another creature" in reasons
