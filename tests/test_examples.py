"""Every example in examples/ runs, and carries the answers its rulings state: its `expect:` block, which the rule
cases' plugin (tests/rulecases.py) checks as one test per example."""

import json

import pytest
import yaml

import pyrules
from conftest import EXAMPLES, cli


def _examples():
    return sorted(p.name for p in EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("name", _examples())
def test_every_example_has_an_expect_block_with_checks_and_citations(name):
    data = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect.get("checks") and expect.get("cites"), \
        f"{name} has no expect: block with cites and checks"


@pytest.mark.parametrize("name", _examples())
def test_example_runs_with_text_output(name):
    r = cli("show", str(EXAMPLES / name))
    assert r.returncode in (0, 1), r.stderr
    assert r.stdout.strip()
    r = cli("actions", str(EXAMPLES / name), "--all")
    assert r.returncode in (0, 1), r.stderr


def test_an_example_runs_with_text_output_and_explanations():
    # (every property and option of every example is explained, and its short answer checked, by
    # tests/test_explanations_complete.py and test_explanations_judge.py: here, the text that prints them)
    name = "cast_think_twice_with_breach.yaml"
    r = cli("show", str(EXAMPLES / name), "--explain")
    assert r.returncode == 0, r.stderr
    assert "why: " in r.stdout
    r = cli("actions", str(EXAMPLES / name), "--all", "--explain")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()


def test_python_api_gives_the_same_answers_as_the_cli():
    ev = pyrules.evaluate(pyrules.load(EXAMPLES / "arcee_march_opponent_turn.yaml"))
    r = cli("show", str(EXAMPLES / "arcee_march_opponent_turn.yaml"), "--json")
    assert ev.to_json() == json.loads(r.stdout)
