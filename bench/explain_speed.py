"""Issue #9, item 6: how much an explanation costs next to a plain query of the same scenario.

  fresh process — `pyrules show SCENARIO ID --json` against `pyrules explain SCENARIO QUERY --format json`, each in
                  a new process (the knowledge base cache warm on disk): target, explain - show <= 150 ms;
  in process    — evaluate + read the object (the plain query) against evaluate + the same object's explanation
                  (the first explanation of that evaluation: shadow rules grounded then): target <= 2x.
Medians over --runs runs. Run: python bench/explain_speed.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = [("arcee_march_opponent_turn.yaml", "arcee", "arcee.power"),
         ("cast_uro_escape.yaml", "uro", "cast uro escape"),
         ("timeline_uro_escape.yaml", "uro", "uro.power")]


def fresh(args: list[str], runs: int) -> float:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pyrules", *args], check=True, capture_output=True, cwd=ROOT)
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def in_process(example: str, oid: str, query: str, runs: int) -> tuple[float, float]:
    import pyrules

    sc = pyrules.load(ROOT / "examples" / example)
    plain, explained = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        ev = pyrules.evaluate(sc)
        ev.objects[oid]
        if query.startswith("cast "):
            ev.actions(None, True)
        plain.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        ev = pyrules.evaluate(sc)
        ev.explain(query)
        explained.append(time.perf_counter() - t0)
    return statistics.median(plain), statistics.median(explained)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    print(f"{'example':34} {'query':18} {'show':>8} {'explain':>8} {'+ms':>6}   {'plain':>7} {'explain':>8} {'ratio':>6}")
    for example, oid, query in CASES:
        path = str(ROOT / "examples" / example)
        kind = ["actions", path, "--all", "--json"] if query.startswith("cast ") else ["show", path, oid, "--json"]
        s = fresh(kind, a.runs)
        e = fresh(["explain", path, *query.split(), "--format", "json"], a.runs)
        p, x = in_process(example, oid, query, a.runs)
        print(f"{example:34} {query:18} {s * 1000:7.0f}ms {e * 1000:7.0f}ms {(e - s) * 1000:6.0f}   "
              f"{p * 1000:6.0f}ms {x * 1000:7.0f}ms {x / p:5.2f}x")
    print("targets: explain - show <= 150 ms in a fresh process; explain / plain <= 2x in process")


if __name__ == "__main__":
    main()
