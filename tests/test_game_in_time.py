"""The game in time, where the check isn't a partial match of one answer: two timelines that must end in the same
state (CR 732.1), and bad input naming its field (CR 704.5j's choice, malformed game actions). The rest of
priority, countering, control, state-based actions, durations and steps are rule cases: tests/rules/117_timing_and_priority/,
500_turn_structure/, 603_triggered_abilities/, 611_continuous_effects/, 613_layers/, 701_keyword_actions/,
704_state_based_actions/, 707_copies/, 800_multiplayer/."""

import pytest

import pyrules
from conftest import cli, obj, scenario


def run(d, step=None, cards=()):
    return pyrules.evaluate(pyrules.load(d, cards=cards), step=step)


def test_CR_704_5j_keep_naming_a_permanent_the_legend_rule_didnt_apply_to_exits_2(write_yaml):
    # the choice exists only for a player's legendary permanents with the same name as the legend rule applies
    # (CR 704.5j): after the cast, a2 is on the stack, and keep: [a1] names a choice nobody had to make
    base = [obj("a1", "Arcee, Sharpshooter"), obj("a2", "Arcee, Sharpshooter", zone="hand")]
    r = cli("show", write_yaml(scenario(*base, actions=[{"cast": "a2", "keep": ["a1"]}, {"resolve": "top"}])))
    assert r.returncode == 2 and "actions[0].keep[0]" in r.stderr and r.stderr.count("\n") == 1
    # the player keeps one of the group: naming both is a choice that can't be made
    r = cli("show", write_yaml(scenario(*base, actions=[{"cast": "a2"}, {"resolve": "top", "keep": ["a1", "a2"]}])))
    assert r.returncode == 2 and "actions[1].keep[" in r.stderr


@pytest.mark.parametrize("action,field", [
    ({"pass": "carol"}, "actions[0].pass"),
    ({"counter": 3}, "actions[0].counter"),
    ({"gain_control": "bears"}, "actions[0].by"),
    ({"gain_control": "bears", "by": "nobody"}, "actions[0].by"),
])
def test_malformed_game_actions_exit_2_naming_the_field(action, field, write_yaml):
    r = cli("show", write_yaml(scenario(obj("bears", "Grizzly Bears"), actions=[action])))
    assert r.returncode == 2 and field in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_CR_732_1_next_turn_ends_where_passing_in_every_step_ends():
    """A macro action is a shortcut for every player passing in each step (CR 732.1): moving through the steps
    in which nothing happens as they begin without stopping in them changes nothing. next_turn from alice's
    main phase must leave the game where passing priority step by step leaves it, at bob's precombat main
    phase: bob's tapped Bears untapped (502.3), their damage removed in the cleanup step (514.2)."""
    board = [obj("bears", "Grizzly Bears", owner="bob", tapped=True, damage=1), obj("ring", "Sol Ring")]
    passes = [{"pass": "alice"}, {"pass": "bob"}] * 6 + [{"pass": "bob"}, {"pass": "alice"}] * 2
    by_macro = run(scenario(*board, actions=[{"next_turn": True}]))
    by_passes = run(scenario(*board, actions=passes))
    assert by_macro.error is None and by_passes.error is None
    for ev in (by_macro, by_passes):
        assert (ev.turn["active"], ev.turn["phase"]) == ("bob", "precombat_main")
    assert by_macro.to_json()["objects"] == by_passes.to_json()["objects"]
    assert not by_macro.objects["bears"].tapped
    # the quiet steps were passed through: beginning of combat (the step next_turn ends the main phase into),
    # cleanup, untap, draw and the main phase, not all eleven steps on the way
    assert len(by_macro.game.moments) - 1 <= 5
