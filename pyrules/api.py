"""The Python API: the same answers as the command line, as typed objects, without a subprocess.

    import pyrules
    ev = pyrules.evaluate("examples/arcee_march_opponent_turn.yaml")
    ev.objects["arcee"].power          # 3
    print(pyrules.tree_text(ev.explain("arcee.power")))

respond(command, request) is the one dispatcher of every command: the command line prints its document with
--json (and renders it as text otherwise); answer(command, request) gives the same document with its exit code,
and the service and batches answer through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyrules.errors import ScenarioError

# The modules that answer are imported by the functions that need them: importing the game and the answers
# costs ~95 ms, which `pyrules --version`, `pyrules cards` and the service's front process don't need.

COMMANDS = ("show", "actions", "explain", "cards", "plan")


def load(source, cards: list[str] | tuple = ()):
    """A validated scenario from a YAML/JSON file ('-' for standard input) or a mapping; ScenarioError names the bad field."""
    from pyrules.input.scenario import Scenario
    from pyrules.input.scenario import load as _load

    if isinstance(source, Scenario):
        return source
    return _load(source, db=card_db(tuple(cards)) if cards else None)


def evaluate(scenario, step: int | None = None, cards: list[str] | tuple = ()):
    """Evaluate a scenario: its state after `step` actions of its timeline (default: all of them)."""
    from pyrules.answers.evaluation import evaluate as _evaluate

    return _evaluate(load(scenario, cards), step)


def plan(scenario, goal: str | None = None, player: str | None = None, horizon: int | None = None, all: bool = False,
         explain: bool = False, step: int | None = None, budget: float | None = None, cards: list[str] | tuple = (),
         opponents: str | None = None, jobs: int | None = None, dask=None):
    """The shortest sequences of legal actions from the scenario's state to `goal` (None: the scenario's own
    `goal:` field) (pyrules/planner/): a PlanResult (.found, .plans, .why_not, .explanation, .to_json()). dask: a
    cluster to work the states out on (a scheduler's address, "local" or a distributed.Client)."""
    from pyrules.planner.search import plan as _plan

    return _plan(scenario, goal, player, horizon, all, explain, step, budget, tuple(cards), opponents, jobs, dask)


def import_puzzle(path, cards: list[str] | tuple = (), players: list[str] | None = None) -> dict:
    """The scenario (a mapping, as a scenario file holds it) of a Forge puzzle or game-state file, with the puzzle's
    goal in its `goal:` field when the goal language can say it (pyrules/input/forge.py)."""
    from pyrules.input.forge import import_file

    return import_file(str(path), tuple(str(c) for c in cards), players)


def card_db(files: tuple[str, ...] = ()):
    """The bundled cards, and those of the card files given (a later file's card of the same name wins)."""
    from pyrules.cards.db import with_files

    return with_files(tuple(str(f) for f in files))


def card_report(name: str | None = None, files: tuple[str, ...] = (), coverage: bool = False) -> dict:
    """The card database: every card's name and layout, or one card with each line of its text and what the
    knowledge base understood of it, or (coverage) how much of all the cards' text is modelled."""
    from pyrules.cards.db import card_json, coverage_json, find_card

    db = card_db(tuple(files))
    if coverage:
        return coverage_json(db)
    if name is None:
        return {"cards": [{"name": c.name, "layout": c.layout} for c in sorted(db.cards.values(), key=lambda c: c.name)]}
    from pyrules.cards.files import CardDataError

    try:
        return card_json(find_card(db, name))
    except CardDataError as exc:   # the card's record can't be read: name the card, its field and the option
        if exc.card_name is None:
            raise
        raise ScenarioError("--cards", str(exc)) from None


def _int_or_none(value, field_name: str):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(field_name, f"must be a whole number, not {value!r}")
    return value


# How an option is named in an error. Every surface takes the same options, and an error names the option the
# way its surface spells it: by its request field in answer(), the service and a batch line ("step", "player",
# "depth", "horizon", "budget"), and as the option on the command line ("--step"; pyrules.cli renames the
# field). The library below (evaluate, plan, actions) raises with the request field.
NUMBER_OPTIONS = ("step", "depth")   # whole numbers, 0 or more, for every command that takes them


def check_options(request: dict) -> None:
    """The checks every surface makes of the options before any work (answer() and the command line call it):
    step and depth are whole numbers, 0 or more. (A step past the timeline, an unknown player, a horizon out
    of range are refused by evaluate and plan, which every surface goes through.)"""
    for name in NUMBER_OPTIONS:
        value = _int_or_none(request.get(name), name)
        if value is not None and value < 0:
            raise ScenarioError(name, "must be 0 or more")


@dataclass
class Answer:
    """One command answered (respond): its exit code and JSON document, with what the command line renders as
    text from (the evaluation, the explanation's tree, the plan)."""

    code: int
    document: dict
    evaluation: object = None      # pyrules.answers.evaluation.Evaluation (show, actions, explain)
    node: object = None            # explain: the tree, uncut (pyrules.answers.trees.Node)
    plan: object = None            # plan: the PlanResult


def respond(command: str, request: dict | None = None) -> Answer:
    """One request answered: the one dispatcher of every surface (the command line, answer(), and through it the
    service and batches). `request` holds what the command line takes: {"scenario": mapping or file path,
    "step": N, "ids": [...], "player": P, "all": bool, "explain": bool, "query": "...", "depth": N,
    "name": "...", "coverage": bool, "goal": "...", "horizon": N, "budget": S, "cards": [files]} (a plan's
    document carries its explanation unless "explain" is false). Bad input raises ScenarioError naming the
    request field; an illegal timeline action is exit code 1 with the document's "error"."""
    request = dict(request or {})
    if command not in COMMANDS:
        raise ScenarioError("command", f"unknown command {command!r} (one of: {', '.join(COMMANDS)})")
    check_options(request)
    files = tuple(request.get("cards") or ())
    if command == "cards":
        return Answer(0, card_report(request.get("name"), files, bool(request.get("coverage"))))
    if "scenario" not in request:
        raise ScenarioError("scenario", "is required")
    scenario = request["scenario"]
    if not isinstance(scenario, (dict, str, Path)):
        raise ScenarioError("scenario", "must be a mapping (or a file path)")
    if command == "plan":
        res = plan(scenario, request.get("goal"), request.get("player"), request.get("horizon"),
                   bool(request.get("all")), bool(request.get("explain", True)), request.get("step"),
                   request.get("budget"), files, request.get("opponents"), request.get("jobs"), request.get("dask"))
        return Answer(1 if res.error else 0, res.to_json(), plan=res)
    ev = evaluate(scenario, _int_or_none(request.get("step"), "step"), files)
    code = 1 if ev.error else 0
    depth = _int_or_none(request.get("depth"), "depth")
    if command == "show":
        ids = request.get("ids") or None
        if ids is not None and (not isinstance(ids, list) or not all(isinstance(i, str) for i in ids)):
            raise ScenarioError("ids", "must be a list of object ids")
        return Answer(code, ev.to_json(ids, explain=bool(request.get("explain"))), ev)
    if command == "actions":
        return Answer(code, ev.actions_json(request.get("player"), bool(request.get("all")),
                                            bool(request.get("explain")), depth=depth), ev)
    query = request.get("query")
    if not isinstance(query, str) or not query.strip():
        raise ScenarioError("query", "is required (for example arcee.power or 'cast uro escape')")
    from pyrules.answers.queries import explain, with_honesty   # (see the module's imports)

    node = explain(ev, query, request.get("player"))
    return Answer(code, with_honesty(ev, node.cut(depth).to_json()), ev, node)


def answer(command: str, request: dict | None = None) -> tuple[int, dict]:
    """One request, answered as the command line's `--json` answers it: (exit code, JSON document), bad input
    included ((2, {"error": {"field", "message"}})): see respond."""
    try:
        a = respond(command, request)
    except ScenarioError as exc:
        return 2, {"error": {"field": exc.field, "message": exc.message}}
    return a.code, a.document
