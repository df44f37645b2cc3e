"""Rule cases: tests written as data beside the rules they check (the way OpenFisca keeps its tests beside the
law). Each YAML file under tests/rules/ (one folder per part of the Comprehensive Rules, one file per mechanic or
rule) holds a list of cases; each example in examples/ carries its own under `expect:`. A case is a scenario
(inline, or an example's file), the questions asked of it and the answers the rules give, stated from the CR,
the ruling or the card's text:

    - name: REX-11 Uro escapes from the graveyard for its escape cost
      cites: [CR 702.138a, REX-11]          # what the answer rests on (at least one CR rule or ruling)
      scenario: {players: [alice, bob], turn: {active: alice, phase: precombat_main}, objects: [...]}
      cards: [tests/data/misreads.json]     # optional: card files, from the repository's root
      marks: [slow]                         # optional: pytest marks (slow: plans and long timelines)
      expect:
        - actions: {player: alice, all: true}          # a command (show, actions, explain, plan) and its request
          answer: {actions: {$one: [{object: uro, method: escape, legal: true}]}}
        - show: {step: 2, ids: [uro]}
          answer: {objects: {uro: {zone: battlefield, power: 6}}}
        - explain: uro.power                            # explain's query, plan's goal: the command's value
          answer: {$cites: [CR 208.1]}
        - show: {}
          exit: 2                                       # bad input: the error names the field
          answer: {error: {field: actions[0].targets}}

An example carries one case, under `expect:` (pyrules ignores the field; the scenario is the file itself):

    expect:
      cites: [BOT-09, BOT-15]
      checks:
        - show: {ids: [arcee]}
          answer: {objects: {arcee: {power: 3}}}

A case may also name an example instead of giving a scenario (`example: cast_uro_escape.yaml`), and a check
may add timeline actions to its scenario's (`then: [{resolve: top}]`: the scenario's actions and these, in
order), to take a step more. A plan check may say `replay: ANSWER`: every plan found (with `opponents: any`,
every line of the strategy) is appended to the scenario's actions and answered by show, which must play it to
its end (exit 0, no error, every action applied) to a state that matches ANSWER — where the goal holds:

        - plan: {goal: "bears.zone = battlefield", horizon: 3, explain: false}
          answer: {found: true}
          replay: {objects: {bears: {zone: battlefield}}}

Each check is answered through pyrules.api.answer (the service's and batches' path, in this process: one loaded
knowledge base for the whole session). `exit` is 0 unless given. An answer is matched partially: a mapping
matches when each key it gives matches (other keys are not looked at); a list matches element by element and
must have the same length; a scalar must be equal (and of the same kind: 1 is not true). Operators, as one-key
mappings:

    {$has: [X, ...]}        each item matches some element of the list
    {$one: [X, ...]}        each item matches exactly one element of the list
    {$lacks: [X, ...]}      no element of the list matches any item
    {$set: [X, ...]}        every element matches some item and every item some element (a set, in any order)
    {$contains: V}          a string contains the text V, or a list has an element equal to V
    {$startswith: "text"}   a string that starts so
    {$len: N}               a list, mapping or string of N elements
    {$le: N}, {$ge: N}      a number at most, at least N
    {$not: X}               doesn't match X
    {$eq: V}                equal to V, all of it (not a partial match)
    {$first: X}             a list whose first element matches X
    {$values: X}            a mapping whose values, as a list (in the mapping's order), match X
    {$any: [X, ...]}        matches one of them at least
    {$all: [X, ...]}        matches each of them
    {$filter: [X, Y]}       the elements of the list that match X, as a list, match Y
    {$absent: true}         (as a mapping's value) the key isn't there
    {$cites: [id, ...]}     an explanation tree (or anything nested) cites each: some node's rule, rules,
                            ruling or rulings has it
    {$somewhere: X}         the value or something nested in it (through mappings and lists) matches X
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "rules"
EXAMPLES = ROOT / "examples"
COMMANDS = ("show", "actions", "explain", "plan")
VALUE_KEY = {"explain": "query", "plan": "goal"}    # the command's own value, written after its name
CASE_KEYS = {"name", "cites", "scenario", "example", "cards", "marks", "expect"}
CHECK_KEYS = set(COMMANDS) | {"answer", "exit", "then", "replay"}
MISSING = object()    # what a mapping's absent key is matched against


class CaseError(Exception):
    """A rule-case file that can't be read: said with the file and the case."""


def _nodes(value):
    """The value and everything nested in it, depth first."""
    todo = [value]
    while todo:
        v = todo.pop()
        yield v
        if isinstance(v, dict):
            todo.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            todo.extend(reversed(v))


def _cited(value) -> set[str]:
    out = set()
    for n in _nodes(value):
        if isinstance(n, dict):
            for k in ("rule", "ruling"):
                if isinstance(n.get(k), str):
                    out.add(n[k])
            for k in ("rules", "rulings"):
                if isinstance(n.get(k), list):
                    out.update(x for x in n[k] if isinstance(x, str))
    return out


def _show(v) -> str:
    return "(absent)" if v is MISSING else repr(v)


def match(expected, actual, where: str = "answer") -> list[str]:
    """The differences between an expected (partial) answer and the actual one, each naming where it is."""
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        op, arg = next(iter(expected.items()))
        return _operator(op, arg, actual, where)
    if actual is MISSING:
        return [f"{where}: missing"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        out = []
        for k, v in expected.items():
            out += match(v, actual.get(k, MISSING), f"{where}.{k}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [d for i, (e, a) in enumerate(zip(expected, actual)) for d in match(e, a, f"{where}[{i}]")]
    if expected != actual or isinstance(expected, bool) != isinstance(actual, bool):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def _matches(expected, actual) -> bool:
    return not match(expected, actual)


def _operator(op: str, arg, actual, where: str) -> list[str]:
    if op == "$absent":
        return [] if actual is MISSING else [f"{where}: expected no such key, got {actual!r}"]
    if op == "$not":
        return [f"{where}: {_show(actual)} matches {arg!r}"] if _matches(arg, actual) else []
    if op == "$any":
        return [] if any(_matches(a, actual) for a in _list(arg, op)) else [f"{where}: {_show(actual)} matches none of {arg!r}"]
    if op == "$all":
        return [d for a in _list(arg, op) for d in match(a, actual, where)]
    if actual is MISSING:
        return [f"{where}: missing"]
    if op == "$eq":
        return [] if actual == arg and type(actual) is type(arg) else [f"{where}: expected exactly {arg!r}, got {actual!r}"]
    if op == "$first":
        if not isinstance(actual, list) or not actual:
            return [f"{where}: expected a list with a first element, got {actual!r}"]
        return match(arg, actual[0], f"{where}[0]")
    if op == "$values":
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        return match(arg, list(actual.values()), f"{where}(values)")
    if op == "$filter":
        if not isinstance(actual, list):
            return [f"{where}: expected a list, got {actual!r}"]
        if not isinstance(arg, list) or len(arg) != 2:
            raise CaseError(f"$filter takes [which elements, what they match], not {arg!r}")
        return match(arg[1], [a for a in actual if _matches(arg[0], a)], f"{where}(those matching {arg[0]!r})")
    if op in ("$has", "$one", "$lacks", "$set"):
        if not isinstance(actual, list):
            return [f"{where}: expected a list, got {actual!r}"]
        items = _list(arg, op)
        if op in ("$has", "$one"):
            out = []
            for item in items:
                n = sum(_matches(item, a) for a in actual)
                if n == 0:
                    out.append(f"{where}: no element matches {item!r}{_closest(item, actual, where)}")
                elif n > 1 and op == "$one":
                    out.append(f"{where}: {n} elements match {item!r}, expected one")
            return out
        if op == "$lacks":
            return [f"{where}: an element matches {item!r}" for item in items if any(_matches(item, a) for a in actual)]
        out = [f"{where}: no element matches {item!r}" for item in items if not any(_matches(item, a) for a in actual)]
        out += [f"{where}: {a!r} matches none of the set" for a in actual if not any(_matches(item, a) for item in items)]
        return out
    if op == "$contains":
        ok = isinstance(actual, (str, list)) and (arg in actual if isinstance(actual, list) or isinstance(arg, str) else False)
        return [] if ok else [f"{where}: {actual!r} doesn't contain {arg!r}"]
    if op == "$startswith":
        ok = isinstance(actual, str) and actual.startswith(arg)
        return [] if ok else [f"{where}: {actual!r} doesn't start with {arg!r}"]
    if op in ("$le", "$ge"):
        ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and \
            (actual <= arg if op == "$le" else actual >= arg)
        return [] if ok else [f"{where}: {actual!r} is not {'at most' if op == '$le' else 'at least'} {arg}"]
    if op == "$len":
        ok = isinstance(actual, (list, dict, str)) and len(actual) == arg
        return [] if ok else [f"{where}: length {len(actual) if isinstance(actual, (list, dict, str)) else '-'} is not {arg}"]
    if op == "$cites":
        cited = _cited(actual)
        return [f"{where}: doesn't cite {c}" for c in _list(arg, op) if c not in cited]
    if op == "$somewhere":
        return [] if any(_matches(arg, n) for n in _nodes(actual)) else [f"{where}: nothing in it matches {arg!r}"]
    raise CaseError(f"unknown operator {op} at {where}")


def _closest(item, actual: list, where: str) -> str:
    """What differs in the element nearest to matching (the fewest differences), to say why none matches."""
    if not actual:
        return " (the list is empty)"
    diffs = min((match(item, a, f"{where}[{i}]") for i, a in enumerate(actual)), key=len)
    return " — nearest: " + "; ".join(diffs)


def _list(arg, op: str) -> list:
    if not isinstance(arg, list):
        raise CaseError(f"{op} takes a list, not {arg!r}")
    return arg


# ------------------------------------------------------------------------------------------------ reading cases

def _read_example(name: str) -> dict:
    data = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    data.pop("expect", None)
    return data


def _check_case(case, where: str) -> None:
    if not isinstance(case, dict) or not {"name", "cites", "expect"} <= set(case) or \
            ("scenario" in case) == ("example" in case):
        raise CaseError(f"{where}: a case needs name, cites, expect and one of scenario or example")
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseError(f"{where}: unknown key(s) {sorted(unknown)} (a case has {sorted(CASE_KEYS)})")
    cites = case["cites"]
    if not isinstance(cites, list) or not cites or \
            not all(isinstance(c, str) and (c.startswith("CR ") or "-" in c) for c in cites):
        raise CaseError(f"{where}: cites names CR rules ('CR 702.138a') or rulings ('REX-11')")
    if not isinstance(case["expect"], list) or not case["expect"]:
        raise CaseError(f"{where}: expect is a list of checks")
    for k, check in enumerate(case["expect"]):
        if not isinstance(check, dict) or set(check) - CHECK_KEYS or \
                len([c for c in COMMANDS if c in check]) != 1:
            raise CaseError(f"{where}, check {k + 1}: name one command of {', '.join(COMMANDS)} "
                            f"(with answer, exit, then, replay)")
        if "replay" in check and "plan" not in check:
            raise CaseError(f"{where}, check {k + 1}: replay is for a plan's check")


def load_cases(path: Path) -> list[dict]:
    """The cases of a rule-case file (a list), or of an example (its `expect:`, with the file as scenario)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if path.parent == EXAMPLES:
        expect = data.pop("expect", None) if isinstance(data, dict) else None
        if not expect:
            return []
        if not isinstance(expect, dict) or set(expect) - {"cites", "checks", "cards", "marks"}:
            raise CaseError(f"{path}: expect: has cites: [...] and checks: [...] (and cards, marks)")
        case = {"name": path.stem, "cites": expect.get("cites"), "scenario": data,
                "expect": expect.get("checks"), "cards": expect.get("cards", []), "marks": expect.get("marks", [])}
        _check_case(case, f"{path.name}: expect")
        return [case]
    if not isinstance(data, list):
        raise CaseError(f"{path}: a rule-case file is a list of cases")
    out, names = [], set()
    for i, case in enumerate(data):
        _check_case(case, f"{path.name}: case {i + 1}")
        if case["name"] in names:
            raise CaseError(f"{path.name}: two cases named {case['name']!r}")
        names.add(case["name"])
        if "example" in case:
            case = dict(case, scenario=_read_example(case["example"]))
        out.append(case)
    return out


def run_case(case: dict) -> list[str]:
    """The differences between what a case expects and what pyrules answers, check by check."""
    from pyrules.api import answer

    problems = []
    cards = [str(ROOT / c) for c in case.get("cards") or []]
    for k, check in enumerate(case["expect"]):
        (command,) = [c for c in COMMANDS if c in check]
        request = check[command]
        if request is None:
            request = {}
        elif not isinstance(request, dict):
            request = {VALUE_KEY.get(command, "ids"): request}
        scenario = case["scenario"]
        if check.get("then"):
            scenario = dict(scenario, actions=list(scenario.get("actions") or []) + list(check["then"]))
        code, doc = answer(command, {"scenario": scenario, "cards": cards, **request})
        want = check.get("exit", 0)
        label = f"check {k + 1} ({command} {request!r})"
        if code != want:
            problems.append(f"{label}: exit {code}, expected {want}: {doc.get('error', '')}")
            continue
        problems += [f"{label}: {d}" for d in match(check.get("answer", {}), doc)]
        if "replay" in check:
            problems += _replay(scenario, cards, doc, check["replay"], label)
    return problems


def _replay(scenario: dict, cards: list, doc: dict, want, label: str) -> list[str]:
    """Each plan of a plan's answer (each line of a strategy's, with opponents any), appended to the scenario's
    timeline and played by show."""
    from pyrules.api import answer

    plans = doc.get("lines") if doc.get("opponents") == "any" else doc.get("plans")
    if not isinstance(plans, list) or not plans:
        return [f"{label}: replay: the answer has no plans"]
    out = []
    for i, p in enumerate(plans):
        actions = list(scenario.get("actions") or []) + list(p.get("actions") or [])
        code, shown = answer("show", {"scenario": dict(scenario, actions=actions), "cards": cards})
        where = f"{label}: replay of plan {i + 1} {p.get('actions')!r}"
        if code != 0 or "error" in shown:
            out.append(f"{where}: exit {code}: {shown.get('error', '')}")
        elif shown.get("step", 0) != len(actions):
            out.append(f"{where}: stopped at step {shown.get('step')} of {len(actions)}")
        else:
            out += [f"{where}: {d}" for d in match(want, shown)]
    return out


# ------------------------------------------------------------------------------------------------ pytest

class RuleCaseFile(pytest.File):
    def collect(self):
        try:
            cases = load_cases(self.path)
        except yaml.YAMLError as exc:
            raise CaseError(f"{self.path}: {exc}") from None
        for case in cases:
            yield RuleCase.from_parent(self, name=case["name"], case=case)


class RuleCase(pytest.Item):
    def __init__(self, *, case: dict, **kwargs):
        super().__init__(**kwargs)
        self.case = case
        for mark in case.get("marks") or []:
            self.add_marker(mark)

    def runtest(self):
        problems = run_case(self.case)
        if problems:
            raise AssertionError("\n".join(problems))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, (AssertionError, CaseError)):
            return f"{self.path.name}: {self.name} (cites {', '.join(self.case['cites'])})\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"rule case: {self.name}"


def collect(file_path: Path, parent):
    """pytest_collect_file: the YAML files under tests/rules/, and the examples (those with `expect:`)."""
    if file_path.suffix != ".yaml":
        return None
    if RULES in file_path.parents or file_path.parent == EXAMPLES:
        return RuleCaseFile.from_parent(parent, path=file_path)
    return None
