"""Plans play a state's last successor on the state's own game (model.extend) instead of replaying the
timeline: the answers must be exactly those of a replay, even though the game has already shown the state
before it (every `show` reading takes the atoms of its own moment)."""

import json
from pathlib import Path

import pytest

import pyrules
from pyrules.answers.evaluation import evaluate, extend

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize("example, actions", [
    ("plan_kroxa_escape.yaml", [{"cast": "rites", "sacrifice": ["bears"]}, {"resolve": "top"}]),
    ("timeline_fire_in_response.yaml", None),
])
def test_an_extended_evaluation_answers_what_a_replay_answers(example, actions):
    sc = pyrules.load(EXAMPLES / example)
    if actions is None:   # the example's own timeline, its last action played by extension
        actions = list(sc.actions)
        from dataclasses import replace
        sc = replace(sc, actions=[])
    from dataclasses import replace

    ev = evaluate(sc)
    for i, action in enumerate(actions):
        ev.to_json()                 # the state before is shown (and its options listed) in the same game
        ev.actions(None, True)
        ev = extend(ev, action)
        replay = evaluate(replace(sc, actions=actions[:i + 1]))
        assert json.dumps(ev.to_json(), sort_keys=True) == json.dumps(replay.to_json(), sort_keys=True)
        assert [o.to_json() for o in ev.actions(None, True)] == [o.to_json() for o in replay.actions(None, True)]


def test_an_evaluation_gives_its_game_up_and_a_refused_one_cannot_be_extended():
    sc = pyrules.load(EXAMPLES / "plan_kroxa_escape.yaml")
    ev = evaluate(sc)
    child = extend(ev, {"pass": "alice"})
    assert ev.game is None and child.game is not None
    refused = extend(child, {"cast": "kroxa", "method": "escape"})   # five other cards are needed (CR 702.138a)
    assert refused.error is not None
    with pytest.raises(ValueError):
        extend(refused, {"pass": "alice"})
