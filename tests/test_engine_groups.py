"""The engine grounds, of each part, only the groups of statements that can conclude something (pyrules/kb/compile.py,
group_parts; pyrules/game/engine.py, Game._select): a group whose positive body needs atoms of a predicate that has
none, and gets none in the same grounding call, has no instance. Leaving such groups out must change no atom: five
example timelines (casting, resolving, combat, triggers, copies, escape), played with and without the groups, end
with the same atoms, each a fact in both. (bench/answers.py compares every answer of every recorded scenario.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import pyrules
from pyrules.game import engine
from pyrules.kb.compile import kb

ROOT = Path(__file__).resolve().parent.parent
# timelines that go through casting, resolving, combat, triggers, copies and escape
EXAMPLES = ["timeline_fire_in_response.yaml", "timeline_equip_and_attack.yaml", "timeline_welcome_leaves.yaml",
            "timeline_uro_escape.yaml", "token_copy_of_arcee.yaml"]


def _atoms(source, grouped: bool, monkeypatch) -> dict[str, bool]:
    monkeypatch.setattr(engine, "GROUPED", grouped)
    ev = pyrules.evaluate(pyrules.load(source))
    ev.to_json()                                   # the show query's parts too
    for player in ev.scenario.players:
        ev.actions_json(player, True)              # and every option's checks
    return {str(a.symbol): a.is_fact for a in ev.game.ctl.symbolic_atoms}


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_groups_left_out_change_no_atom(name, monkeypatch):
    path = ROOT / "examples" / name
    grouped, whole = _atoms(path, True, monkeypatch), _atoms(path, False, monkeypatch)
    assert grouped == whole
    assert all(grouped.values())


def test_groups_are_left_out_and_each_part_is_split_whole():
    # every statement of a part is in exactly one of its groups, and on a still board some groups are left out
    base = kb()
    for part, groups in base.groups.items():
        texts = [base.group_texts[g][1].split("\n", 1)[1] for g, _needed, _heads in groups]
        body = base.parts[part][1].split("\n", 1)[1]
        assert sum(t.count(":-") for t in texts) == body.count(":-"), part
    game = pyrules.evaluate(pyrules.load(ROOT / "examples" / "arcee_march_opponent_turn.yaml")).game
    grounded = {name for name, _args in game.history}
    offered = [g for part in grounded for g, _n, _h in base.groups.get(part, ())]
    assert offered and not set(offered) <= game.loaded
