"""Rule cases: tests written as data beside the rules they check (the way OpenFisca keeps its tests beside the
law). Each YAML file under tests/rules/ (one folder per part of the Comprehensive Rules, one file per mechanic or
rule) holds a list of cases; each example in examples/ carries its own under `expect:`. A case is a scenario
(inline, or an example's file), the questions asked of it and the answers the rules give, stated from the CR,
the ruling or the card's text:

    - name: Uro escapes from the graveyard for its escape cost
      cites: [CR 702.138a, REX-11]          # what the answer rests on (at least one CR rule or ruling)
      scenario: {players: [alice, bob], turn: {active: alice, phase: precombat_main}, objects: [...]}
      cards: [tests/data/misreads.json]     # optional: card files, from the repository's root
      expect:
        - actions: {player: alice, all: true}          # a command (show, actions, explain, plan) and its request
          answer: {actions: {$has: [{object: uro, method: escape, legal: true}]}}
        - show: {step: 2, ids: [uro]}
          answer: {objects: {uro: {zone: battlefield, power: 6}}}
        - explain: uro.power                            # explain's query, plan's goal: the command's value
          answer: {rule: CR 208.1}
        - show: {}
          exit: 2                                       # bad input: the error names the field
          answer: {error: {field: actions[0].targets}}

Each case is answered through pyrules.api.answer (the service's and batches' path, in this process: one loaded
knowledge base for the whole session). `exit` is 0 unless given. An answer is matched partially: a mapping
matches when each key it gives matches (other keys are not looked at); a list matches element by element and
must have the same length; a scalar must be equal. Operators, as one-key mappings: `{$has: [...]}` (each item
matches some element of the list), `{$lacks: [...]}` (no element matches any item), `{$contains: "text"}` (a
substring, or an item of a list), `{$startswith: "text"}`, `{$len: N}`, `{$not: X}`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("show", "actions", "explain", "plan")
VALUE_KEY = {"explain": "query", "plan": "goal"}    # the command's own value, written after its name


class CaseError(Exception):
    """A rule-case file that can't be read: said with the file and the case."""


def match(expected, actual, where: str = "answer") -> list[str]:
    """The differences between an expected (partial) answer and the actual one, each naming where it is."""
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        op, arg = next(iter(expected.items()))
        if op == "$has":
            if not isinstance(actual, list):
                return [f"{where}: expected a list, got {actual!r}"]
            return [f"{where}: no element matches {item!r}" for item in arg
                    if not any(not match(item, a, where) for a in actual)]
        if op == "$lacks":
            if not isinstance(actual, list):
                return [f"{where}: expected a list, got {actual!r}"]
            return [f"{where}: an element matches {item!r}" for item in arg if any(not match(item, a, where) for a in actual)]
        if op == "$contains":
            ok = isinstance(actual, (str, list)) and arg in actual
            return [] if ok else [f"{where}: {actual!r} doesn't contain {arg!r}"]
        if op == "$startswith":
            ok = isinstance(actual, str) and actual.startswith(arg)
            return [] if ok else [f"{where}: {actual!r} doesn't start with {arg!r}"]
        if op == "$len":
            ok = hasattr(actual, "__len__") and len(actual) == arg
            return [] if ok else [f"{where}: length {len(actual) if hasattr(actual, '__len__') else '-'} is not {arg}"]
        if op == "$not":
            return [f"{where}: {actual!r} matches {arg!r}"] if not match(arg, actual, where) else []
        raise CaseError(f"unknown operator {op} at {where}")
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(f"{where}.{k}: missing")
            else:
                out += match(v, actual[k], f"{where}.{k}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [d for i, (e, a) in enumerate(zip(expected, actual)) for d in match(e, a, f"{where}[{i}]")]
    if expected != actual or type(expected) is not type(actual) and not (isinstance(expected, (int, float)) and isinstance(actual, (int, float)) and not isinstance(actual, bool)):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def load_cases(path: Path) -> list[dict]:
    """The cases of a rule-case file (a list), or of an example (its `expect:`, with the file as scenario)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if path.parent.name == "examples" or (isinstance(data, dict) and "players" in data):
        expect = data.pop("expect", None)
        if not expect:
            return []
        if not isinstance(expect, dict) or "cites" not in expect or "checks" not in expect:
            raise CaseError(f"{path}: expect: needs cites: [...] and checks: [...]")
        return [{"name": path.stem, "cites": expect["cites"], "scenario": data, "expect": expect["checks"],
                 "cards": expect.get("cards", [])}]
    if not isinstance(data, list):
        raise CaseError(f"{path}: a rule-case file is a list of cases")
    out = []
    for i, case in enumerate(data):
        if not isinstance(case, dict) or not {"name", "cites", "expect"} <= set(case) or \
                ("scenario" in case) == ("example" in case):
            raise CaseError(f"{path}: case {i + 1} needs name, cites, expect and one of scenario or example")
        if not case["cites"] or not all(isinstance(c, str) and (c.startswith("CR ") or "-" in c) for c in case["cites"]):
            raise CaseError(f"{path}: case {case['name']!r}: cites names CR rules ('CR 702.138a') or rulings ('REX-11')")
        if "example" in case:
            case = dict(case, scenario=yaml.safe_load((ROOT / "examples" / case["example"]).read_text(encoding="utf-8")))
            case["scenario"].pop("expect", None)
        out.append(case)
    return out


def run_case(case: dict) -> list[str]:
    from pyrules.api import answer

    problems = []
    cards = [str(ROOT / c) for c in case.get("cards") or []]
    for k, check in enumerate(case["expect"]):
        commands = [c for c in COMMANDS if c in check]
        if len(commands) != 1:
            raise CaseError(f"case {case['name']!r}, check {k + 1}: name one command of {', '.join(COMMANDS)}")
        command = commands[0]
        request = check[command]
        if not isinstance(request, dict):
            request = {VALUE_KEY.get(command, "ids"): request}
        code, doc = answer(command, {"scenario": case["scenario"], "cards": cards, **request})
        want = check.get("exit", 0)
        if code != want:
            problems.append(f"check {k + 1} ({command}): exit {code}, expected {want}: {doc.get('error', '')}")
            continue
        problems += [f"check {k + 1} ({command}): {d}" for d in match(check.get("answer", {}), doc)]
    return problems


class RuleCaseFile(pytest.File):
    def collect(self):
        try:
            cases = load_cases(self.path)
        except (CaseError, yaml.YAMLError) as exc:
            raise CaseError(str(exc)) from None
        for case in cases:
            yield RuleCase.from_parent(self, name=case["name"], case=case)


class RuleCase(pytest.Item):
    def __init__(self, *, case: dict, **kwargs):
        super().__init__(**kwargs)
        self.case = case
        for mark in case.get("marks", []):
            self.add_marker(mark)

    def runtest(self):
        problems = run_case(self.case)
        if problems:
            raise AssertionError("\n".join(problems))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, (AssertionError, CaseError)):
            return f"{self.path.name}: {self.name} (cites {', '.join(self.case['cites'])})\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"rule case: {self.name}"


def collect(file_path: Path, parent):
    """pytest_collect_file: the YAML files under tests/rules/, and the examples (those with `expect:`)."""
    if file_path.suffix != ".yaml":
        return None
    rules_dir = ROOT / "tests" / "rules"
    if rules_dir in file_path.parents or file_path.parent == ROOT / "examples":
        return RuleCaseFile.from_parent(parent, path=file_path)
    return None
