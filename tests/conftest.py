"""Helpers shared by the scenario tests: build a scenario as a dict, evaluate it, run the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pyrules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


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


def cli(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyrules.cli", *args], capture_output=True, text=True,
                          input=input, cwd=ROOT)


@pytest.fixture
def write_yaml(tmp_path):
    import yaml

    def write(d, name="scenario.yaml") -> str:
        p = tmp_path / name
        p.write_text(d if isinstance(d, str) else yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
        return str(p)

    return write
