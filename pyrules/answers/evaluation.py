"""The answers about a scenario, as the Python API gives them: a scenario played out (pyrules.game.state), with
what a player may do (pyrules.game.options) and why (pyrules.answers.queries).

    import pyrules
    ev = pyrules.evaluate("examples/arcee_march_opponent_turn.yaml")
    ev.objects["arcee"].power              # 3
    ev.actions("alice", include_illegal=True)
    print(pyrules.tree_text(ev.explain("arcee.power")))
"""

from __future__ import annotations

from pyrules.answers.queries import _prop_atoms, _signatures, explain_option, explainer, properties, with_caveat
from pyrules.answers.queries import explain as _explain
from pyrules.answers.queries import explain_property as _explain_property
from pyrules.game import state
from pyrules.game.options import Option, options_json
from pyrules.game.options import actions as _actions
from pyrules.game.state import GameState
from pyrules.input.scenario import Scenario


class Evaluation(GameState):
    """A scenario played out by the knowledge base: its state after the timeline, and answers about it."""

    def to_json(self, ids: list[str] | None = None, explain: bool = False) -> dict:
        """The `show --json` document: these objects (all by default), with their explanations if asked."""
        out = self.document(ids)
        if explain:
            chosen = list(out["objects"])
            names = properties()
            explainer(self).prepare(_signatures(a for i in chosen for p in names for a in _prop_atoms(self, i, p)))
            for i in chosen:
                out["objects"][i]["explanation"] = {p: _explain_property(self, i, p).to_json() for p in names}
        return out

    def actions(self, player: str | None = None, include_illegal: bool = False, payments: bool = True) -> list[Option]:
        """A player's options (the player with priority by default), each saying whether it can be paid."""
        return _actions(self, player, include_illegal, payments)

    def actions_json(self, player: str | None = None, include_illegal: bool = False, explain: bool = False,
                     depth: int | None = None) -> dict:
        """The `actions --json` document, with each option's explanation if asked (cut at `depth`)."""
        out = options_json(self, player, include_illegal)
        if explain:
            for d, o in zip(out["actions"], _actions(self, out["player"], include_illegal)):
                d["explanation"] = with_caveat(self, explain_option(self, o)).cut(depth).to_json()
        return out

    def explain(self, query: str, player: str | None = None):
        """The explanation of a query (pyrules.answers.queries): a tree of Nodes, its short answer first."""
        return _explain(self, query, player)

    def explain_property(self, oid: str, prop: str):
        return _explain_property(self, oid, prop)


def evaluate(source: Scenario | str | dict, step: int | None = None, facts=(), query_parts=()) -> Evaluation:
    """A scenario's state after `step` actions of its timeline (default: all of them), with answers about it
    (`facts`, `query_parts`: more facts of moment 0 and parts of its show query, as pyrules.game.state.evaluate
    takes them)."""
    return state.evaluate(source, step, cls=Evaluation, facts=facts, query_parts=query_parts)


def extend(ev: Evaluation, action: dict) -> Evaluation:
    """ev's scenario with one more action, played on ev's own game (pyrules.game.state.extend)."""
    return state.extend(ev, action)
