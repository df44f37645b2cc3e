"""Helpers shared by the scenario tests: build a scenario as a dict, evaluate it, run the CLI."""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

import pyrules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


@lru_cache(maxsize=None)
def example_evaluation(name: str):
    """An example's evaluation, shared by the tests that explain all of it (tests/test_explanations_*.py): the
    evaluation keeps the explanation trees it has worked out, so every property and option of an example is
    explained once in a test process however many of those tests read the trees (all sixteen examples, every
    property and option explained, hold about 160 MB). (pytest-xdist's --dist loadgroup would keep an example's
    tests on one worker, but with pytest 9.2 it doesn't group: pytest-xdist issue 1386.)"""
    return pyrules.evaluate(pyrules.load(EXAMPLES / name))


def scenario(*objects: dict, active: str = "alice", phase: str = "precombat_main", step=None,
             players=("alice", "bob"), priority: str | None = None, actions=None, **extra) -> dict:
    d = {"players": list(players), "turn": {"active": active, "phase": phase}, "objects": list(objects)}
    if step is not None:
        d["turn"]["step"] = step
    if priority is not None:
        d["turn"]["priority"] = priority
    if actions is not None:
        d["actions"] = actions
    d.update(extra)
    return d


def obj(oid: str, card: str | None = None, zone: str = "battlefield", owner: str = "alice", **kw) -> dict:
    d = {"id": oid, "zone": zone, "owner": owner}
    if card is not None:
        d["card"] = card
    d.update(kw)
    return d


def show(d: dict) -> dict[str, pyrules.ObjectState]:
    return pyrules.evaluate(pyrules.load(d)).objects


def cli_process(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    """The command line as a separate process: for the tests whose subject is the process itself (exit codes,
    one-line stderr, stdin, --version)."""
    return subprocess.run([sys.executable, "-m", "pyrules", *args], capture_output=True, text=True,
                          input=input, cwd=ROOT)


def cli(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    """The command line's own entry point (pyrules.cli.main) run in this process, with its standard streams
    captured: the same code path and exit code as `pyrules ARGS`, without an interpreter start per call."""
    import contextlib
    import io
    import os

    from pyrules.apps import cli as cli_module

    out, err = io.StringIO(), io.StringIO()
    old_stdin, old_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(input or "")
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_module.main(list(args))
            except SystemExit as exc:  # --version, --help
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
    return subprocess.CompletedProcess(["pyrules", *args], code, out.getvalue(), err.getvalue())


@pytest.fixture
def write_yaml(tmp_path):
    import yaml

    def write(d, name="scenario.yaml") -> str:
        p = tmp_path / name
        p.write_text(d if isinstance(d, str) else yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
        return str(p)

    return write


# ------------------------------------------------------------------------------------------------ recording
# PYRULES_RECORD=DIR pytest ... writes every scenario the suite loads (and every plan it asks for) to DIR, one
# JSON Lines file per process, for bench/answers.py: the answers of every example and test scenario, compared
# byte for byte before and after a change that must not change behaviour.

def _record_scenarios(folder: str) -> None:
    import copy
    import json
    import os

    from pyrules.planner import search as plan_module

    from pyrules.cards import db as carddata

    from pyrules.input import scenario as scenario_module

    out = open(os.path.join(folder, f"scenarios-{os.getpid()}.jsonl"), "a", encoding="utf-8")

    def files_of(db) -> list[str]:
        return [str(f) for f in getattr(db, "files", ())]

    def write(kind: str, data, db, **extra) -> None:
        try:
            line = json.dumps({"kind": kind, "scenario": copy.deepcopy(data), "cards": files_of(db), **extra},
                              sort_keys=True, default=str)
        except (TypeError, ValueError):   # a hostile test's scenario that isn't JSON (a set, a nan): not an answer
            return
        out.write(line + "\n")
        out.flush()

    original_from_dict = scenario_module.from_dict

    def from_dict(data, source="<scenario>", db=None):
        sc = original_from_dict(data, source, db)   # (only scenarios that load: the others are refusals)
        write("scenario", data, sc.db)
        return sc

    scenario_module.from_dict = from_dict
    original_plan = plan_module.plan

    def plan(scenario, goal, player=None, horizon=None, all=False, explain=False, step=None, budget=None, cards=(),
             opponents=None, jobs=None):
        res = original_plan(scenario, goal, player, horizon, all, explain, step, budget, cards, opponents, jobs)
        if isinstance(scenario, dict) and not res.error:
            write("plan", scenario, carddata.with_files(tuple(str(c) for c in cards)), goal=goal, player=player,
                  horizon=horizon, all=all, step=step, opponents=opponents)
        return res

    plan_module.plan = plan


def pytest_configure(config):
    import os

    folder = os.environ.get("PYRULES_RECORD")
    if folder:
        os.makedirs(folder, exist_ok=True)
        _record_scenarios(folder)
