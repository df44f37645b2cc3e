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
            for k in ("player", "horizon", "step"):
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


def dump(folder: str, target: str, jobs: int) -> None:
    entries = _entries(folder)
    with open(target, "w", encoding="utf-8") as f, ProcessPoolExecutor(jobs) as pool:
        for i, doc in enumerate(pool.map(answers, entries, chunksize=4)):
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
    c = sub.add_parser("diff", help="compare two dumps")
    c.add_argument("a")
    c.add_argument("b")
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.folder, args.target, args.jobs)
        return 0
    return diff(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
