"""Every answer of every example and test scenario, to compare before and after a change that must not change
behaviour (a restructuring): show, actions (every player, with their explanations), the explanation of every
property of every object, plans — as JSON documents and as the command line's text — written one JSON line per
scenario, so that two runs compare byte for byte.

    PYRULES_RECORD=/tmp/rec python -m pytest -q -n auto     # the scenarios and plans the suite loads
    python bench/answers.py dump /tmp/rec before.jsonl       # their answers (plus those of examples/)
    ... the change ...
    python bench/answers.py dump /tmp/rec after.jsonl
    python bench/answers.py diff before.jsonl after.jsonl    # exit 1 and the first differences, if any

Only the public interface is used (pyrules.evaluate, pyrules.plan, the command line's entry point), so the same
script runs on both sides of a restructuring.

An explanation node's "atom" is the ASP atom behind it, and a reason's atom (why_not, opt_why_not, sba, ...)
carries the number of the label of the rule that derived it: labels are numbered in the order of the rule files,
so moving a rule to another file, or adding one, renumbers the labels after it although no answer changes.
`dump --labels-as-text` writes each such number as its label's text (read from the knowledge base of the code
that answers), so that two dumps compare the citations rather than the numbering; run the same script on both
sides (copy it into the old checkout's bench/).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROPERTIES = ("name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "colors", "power",
              "toughness", "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped",
              "summoning_sick", "cannot_attack", "tapped", "token", "copy_of", "damage", "attacking", "blocking")


def _entries(folder: str) -> list[dict]:
    """The recorded entries (deduplicated, in a stable order), and every example."""
    import yaml

    seen: dict[str, dict] = {}
    for f in sorted(Path(folder).glob("*.jsonl")) if folder else []:
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen.setdefault(line, json.loads(line))
    for ex in sorted((ROOT / "examples").glob("*.yaml")):
        data = yaml.safe_load(ex.read_text(encoding="utf-8"))
        data.pop("expect", None)
        entry = {"kind": "scenario", "scenario": data, "cards": [], "example": ex.name}
        seen.setdefault(json.dumps(entry, sort_keys=True), entry)
    return [seen[k] for k in sorted(seen)]


def _cli(*args: str) -> dict:
    from pyrules.apps import cli

    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as exc:
                code = exc.code
    finally:
        os.chdir(old)
    return {"exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def answers(entry: dict) -> dict:
    """Every answer of one recorded entry (errors included: a refusal is an answer too)."""
    import pyrules

    cards = tuple(entry["cards"])
    out: dict = {"entry": entry}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scenario.json")
        Path(path).write_text(json.dumps(entry["scenario"]), encoding="utf-8")
        extra = [a for c in cards for a in ("--cards", c)]
        if entry["kind"] == "plan":
            args = ["plan", path, entry["goal"]] + extra
            for k in ("player", "horizon", "step", "opponents"):
                if entry.get(k) is not None:
                    args += [f"--{k}", str(entry[k])]
            if entry.get("all"):
                args.append("--all")
            out["plan_json"] = _cli(*args, "--json")
            out["plan_text"] = _cli(*args)
            return out
        out["show_text"] = _cli("show", path, *extra)
        out["actions_text"] = _cli("actions", path, "--all", *extra)
        try:
            ev = pyrules.evaluate(pyrules.load(entry["scenario"], cards))
        except Exception as exc:   # a refusal: the command line's answers above say it
            out["evaluate"] = f"{type(exc).__name__}: {exc}"
            return out
        out["show"] = ev.to_json(explain=True)
        out["actions"] = {p: ev.actions_json(p, True, True) for p in ev.scenario.players}
        props = {}
        for oid in ev.objects:
            for prop in PROPERTIES:
                try:
                    props[f"{oid}.{prop}"] = ev.explain(f"{oid}.{prop}").to_json()
                except Exception as exc:
                    props[f"{oid}.{prop}"] = f"{type(exc).__name__}: {exc}"
        out["explain"] = props
    return out


def _label_arguments() -> dict[tuple[str, int], int]:
    """(predicate, arity) -> the argument that is a label number: those the compiler inserts (CITED), and those
    a rule copies from one of them (performed_sba(K, X, L, t) :- ..., sba(K, X, L, t-1)), to a fixpoint."""
    from clingo import ast

    from pyrules.kb import compile as kbc

    found = {(name, n + 1): pos for (name, n), pos in kbc.CITED.items()}
    found.update({(name, n): n - 2 for name, n in getattr(kbc.kb(), "cases", ())})   # a case's label: before its moment
    rules = []
    for _params, text in kbc.kb().parts.values():
        ast.parse_string(text, lambda st: rules.append(st) if st.ast_type == ast.ASTType.Rule else None)

    def atom(lit):
        if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            sym = lit.atom.symbol
            if sym.ast_type == ast.ASTType.Function:
                return sym
        return None

    grew = True
    while grew:
        grew = False
        for rule in rules:
            head = atom(rule.head)
            if head is None or (head.name, len(head.arguments)) in found:
                continue
            for lit in rule.body:
                b = atom(lit)
                pos = found.get((b.name, len(b.arguments))) if b is not None else None
                if pos is None or b.arguments[pos].ast_type != ast.ASTType.Variable:
                    continue
                var = b.arguments[pos].name
                at = [i for i, a in enumerate(head.arguments) if a.ast_type == ast.ASTType.Variable and a.name == var]
                if at:
                    found[(head.name, len(head.arguments))] = at[0]
                    grew = True
                    break
    return found


def _labels_as_text(doc):
    """The document with the label numbers in its atoms written as the labels' text (see the module's doc)."""
    import clingo

    from pyrules.kb.compile import kb

    where = _labels_as_text.__dict__.setdefault("where", _label_arguments())
    labels = kb().labels

    def atom(text: str) -> str:
        neg = text.startswith("not ")
        try:
            sym = clingo.parse_term(text[4:] if neg else text)
        except RuntimeError:
            return text
        pos = where.get((sym.name, len(sym.arguments))) if sym.type == clingo.SymbolType.Function else None
        if pos is None or sym.arguments[pos].type != clingo.SymbolType.Number:
            return text
        args = list(sym.arguments)
        args[pos] = clingo.String("label: " + labels[args[pos].number].text)
        return ("not " if neg else "") + str(clingo.Function(sym.name, args))

    def walk(x):
        if isinstance(x, dict):
            return {k: atom(v) if k == "atom" and isinstance(v, str) else walk(v) for k, v in x.items()}
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, str) and x.startswith("{") and '"atom"' in x:   # a command's --json output
            try:
                return json.dumps(walk(json.loads(x)), sort_keys=True)
            except ValueError:
                return x
        return x

    return walk(doc)


def _answers_labels_as_text(entry: dict) -> dict:
    return _labels_as_text(answers(entry))


def dump(folder: str, target: str, jobs: int, labels_as_text: bool = False) -> None:
    entries = _entries(folder)
    work = _answers_labels_as_text if labels_as_text else answers
    with open(target, "w", encoding="utf-8") as f, ProcessPoolExecutor(jobs) as pool:
        for i, doc in enumerate(pool.map(work, entries, chunksize=4)):
            f.write(json.dumps(doc, sort_keys=True) + "\n")
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(entries)}", file=sys.stderr)
    print(f"{len(entries)} entries answered into {target}", file=sys.stderr)


def diff(a: str, b: str) -> int:
    left = Path(a).read_text(encoding="utf-8").splitlines()
    right = Path(b).read_text(encoding="utf-8").splitlines()
    if len(left) != len(right):
        print(f"{a} has {len(left)} entries, {b} {len(right)}")
        return 1
    bad = 0
    for x, y in zip(left, right):
        if x != y:
            bad += 1
            if bad <= 5:
                dx, dy = json.loads(x), json.loads(y)
                keys = [k for k in sorted(set(dx) | set(dy)) if dx.get(k) != dy.get(k)]
                print(f"differs in {keys}: {json.dumps(dx['entry'])[:200]}")
    print(f"{len(left)} entries, {bad} differ")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="answer the recorded scenarios (and the examples) into a JSON Lines file")
    d.add_argument("folder", help="the folder PYRULES_RECORD wrote ('' for the examples only)")
    d.add_argument("target")
    d.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    d.add_argument("--labels-as-text", action="store_true",
                   help="write the label numbers in atoms as the labels' text (rules moved between files)")
    c = sub.add_parser("diff", help="compare two dumps")
    c.add_argument("a")
    c.add_argument("b")
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.folder, args.target, args.jobs, args.labels_as_text)
        return 0
    return diff(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
