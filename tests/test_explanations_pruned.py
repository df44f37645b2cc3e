"""Explanations ground only the shadow rules of the cone of what is asked (pyrules/game/engine.py,
Game.explain_cone): the rules concluding the asked predicates and, below them, those whose positive body
predicates all have atoms (a rule with a body predicate no atom has never fired). The trees must be exactly
those of every shadow rule of every part instance grounded, for single states, options and timelines alike."""

import json

import pytest

import pyrules
from conftest import EXAMPLES
from pyrules.game import engine

CASES = ["arcee_march_opponent_turn.yaml", "cast_uro_escape.yaml", "jurassic_park.yaml",
         "timeline_fire_in_response.yaml", "timeline_welcome_leaves.yaml"]


def answers(name: str) -> str:
    ev = pyrules.evaluate(pyrules.load(EXAMPLES / name))
    shown = ev.to_json(explain=True)
    acts = ev.actions_json(None, True, True)
    return json.dumps([shown, acts], sort_keys=True)


@pytest.mark.parametrize("name", CASES)
def test_pruned_shadows_give_the_trees_of_all_shadows(name, monkeypatch):
    pruned = answers(name)
    monkeypatch.setattr(engine, "PRUNE_SHADOWS", False)
    assert answers(name) == pruned
