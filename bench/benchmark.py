"""pyrules benchmark: every speed figure from one run, printed with the ratio it is judged by.

    python bench/benchmark.py            # everything (a few minutes on 2 cores)
    python bench/benchmark.py --quick    # fewer runs, smaller boards, no service/batch/plan sections
    python bench/benchmark.py --only startup,show,boards

Sections (each also runs alone; see the files named):
  startup   whole processes against `python -c pass`: `pyrules --version`, `cards`, `show` and `explain` of an
            example (issue 15: cards <= 200 ms, show <= 300 ms)
  show      each example in process: load, evaluate (clingo's grounding inside it), read the answer; the query
            against clingo's own grounding time (the ratio "query / clingo")
  boards    `show --json` of generated boards of 0, 100, 1000 and 3000 objects, in process split into load,
            ground and read, and as whole processes; t(1000)/t(100) above start-up (issue 15: <= 11)
  timeline  bench/timeline.py: a 20-action timeline against one show of its board (issue 8: <= 5x)
  moments   bench/moments.py: what a moment costs: clingo's preparation of every rule on each grounding call,
            and why moments can't be grounded together (the atoms grounding then leaves undecided)
  big       bench/boards.py: the living metal + March + copies repro and seeded mixed boards (issue 13)
  explain   bench/explain_speed.py: an explanation against a plain query (issue 9)
  mana      bench/mana.py: payments found by search (issue 11)
  cards     bench/cards.py: coverage of the bundled cards, a 30,000-card bulk file indexed once (issue 10)
  plan      bench/plan.py: plans found by search (issue 14)
  service   bench/service_batch.py: the server's latency (one client, 8, and p50/p95/p99 under 32 concurrent
            clients with the server's memory before and after: issue 25) and batch throughput (issue 15)
Medians of several runs; the machine may be busy, so compare ratios from the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

from common import median_s  # noqa: E402

EXAMPLE = ROOT / "examples" / "arcee_march_your_turn.yaml"
SECTIONS = ("startup", "show", "boards", "timeline", "moments", "big", "explain", "mana", "cards", "plan", "service")




def process_s(argv: list[str], runs: int) -> float:
    def once():
        subprocess.run(argv, capture_output=True, cwd=ROOT, check=False)
    return median_s(once, runs)


def startup(runs: int) -> None:
    py = sys.executable
    # with bytecode cached, as an installed package runs (some environments set PYTHONDONTWRITEBYTECODE)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "pyrules")], capture_output=True, check=False)
    base = process_s([py, "-c", "pass"], runs)
    print(f"startup (whole processes, bytecode cached, median of {runs}): python -c pass {base * 1000:.0f} ms")
    rows = [("import pyrules", [py, "-c", "import pyrules"]),
            ("pyrules --version", [py, "-m", "pyrules", "--version"]),
            ("pyrules cards", [py, "-m", "pyrules", "cards"]),
            ("pyrules show EXAMPLE", [py, "-m", "pyrules", "show", str(EXAMPLE)]),
            ("pyrules explain EXAMPLE arcee.power", [py, "-m", "pyrules", "explain", str(EXAMPLE), "arcee.power"])]
    for label, argv in rows:
        t = process_s(argv, runs)
        print(f"  {label:38} {t * 1000:7.0f} ms   {t / base:5.1f}x python -c pass")


def show(runs: int) -> None:
    import pyrules
    from pyrules import api

    print(f"\nshow, in process (median of {runs}): load, evaluate (of it clingo grounding), read; query / clingo")
    print(f"  {'example':42} {'load':>7} {'eval':>7} {'clingo':>7} {'read':>7} {'ratio':>6}")
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        load = median_s(lambda: api.load(path), runs)
        sc = api.load(path)
        samples = []
        for _ in range(runs + 1):
            t0 = time.perf_counter()
            ev = pyrules.evaluate(sc)
            t1 = time.perf_counter()
            ev.to_json()
            t2 = time.perf_counter()
            samples.append((t1 - t0, t2 - t1, ev.game.timings["ground"]))
        samples = samples[1:]
        ev_t = statistics.median(s[0] for s in samples)
        read = statistics.median(s[1] for s in samples)
        clingo = statistics.median(s[2] for s in samples)
        print(f"  {path.name:42} {load * 1000:6.1f}ms {ev_t * 1000:6.0f}ms {clingo * 1000:6.0f}ms "
              f"{read * 1000:6.0f}ms {(ev_t + read) / clingo:5.2f}x")


def board(n: int) -> dict:
    """A generated board of n objects: creatures, Vehicles with living metal, artifacts, March, cards in hand."""
    cards = [
        ("Arcee, Sharpshooter", {"face": "back"}), ("Prowl, Stoic Strategist", {"face": "back", "counters": {"+1/+1": 1}}),
        ("Sol Ring", {}), ("Mind Stone", {}), ("Grizzly Bears", {"counters": {"+1/+1": 2}}),
        ("Thalia, Guardian of Thraben", {}), ("Blaster, Combat DJ", {"face": "back"}), ("Carnage Tyrant", {}),
        ("Uro, Titan of Nature's Wrath", {"zone": "graveyard"}), ("Fire // Ice", {"zone": "hand"}),
        ("Bonecrusher Giant", {"zone": "hand"}), ("Think Twice", {"zone": "graveyard"}),
    ]
    objects = [{"id": "march", "card": "March of the Machines", "owner": "alice", "zone": "battlefield"}]
    for i in range(n - 1):
        name, extra = cards[i % len(cards)]
        o = {"id": f"o{i}", "card": name, "owner": "alice" if i % 2 else "bob", "zone": "battlefield"}
        o.update(extra)
        objects.append(o)
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objects}


def boards(runs: int, sizes: list[int]) -> None:
    import pyrules
    from pyrules import api

    print(f"\nboards: show --json (in process, median of {runs}; whole process below)")
    print(f"  {'objects':>7} {'load':>8} {'ground':>8} {'read':>8} {'total':>8}")
    whole: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"board{n}.json"
            path.write_text(json.dumps(board(n)), encoding="utf-8")
            rows = []
            for _ in range(max(1, runs // 2)):
                t0 = time.perf_counter()
                sc = api.load(path)
                t1 = time.perf_counter()
                ev = pyrules.evaluate(sc)
                t2 = time.perf_counter()
                json.dumps(ev.to_json())
                t3 = time.perf_counter()
                rows.append((t1 - t0, t2 - t1, t3 - t2))
            load, ground, read = (statistics.median(r[i] for r in rows) for i in range(3))
            print(f"  {n:7} {load * 1000:6.0f}ms {ground * 1000:6.0f}ms {read * 1000:6.0f}ms "
                  f"{(load + ground + read) * 1000:6.0f}ms")
            whole[n] = process_s([sys.executable, "-m", "pyrules", "show", str(path), "--json"], max(1, runs // 2))
        start = whole.get(0)
        for n, t in whole.items():
            print(f"  whole process, {n:5} objects: {t * 1000:7.0f} ms")
        if start is not None and 100 in whole and 1000 in whole and whole[100] > start:
            print(f"  t(1000)/t(100) above start-up: {(whole[1000] - start) / (whole[100] - start):.1f} (target <= 11)")


def run_script(name: str, *args: str) -> None:
    print(f"\n{name} {' '.join(args)}".rstrip())
    sys.stdout.flush()
    subprocess.run([sys.executable, str(BENCH / name), *args], cwd=ROOT, check=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="fewer runs, smaller boards, no service/plan sections")
    ap.add_argument("--only", default=None, help="comma-separated sections: " + ",".join(SECTIONS))
    args = ap.parse_args()
    runs = 3 if args.quick else args.runs
    todo = args.only.split(",") if args.only else [s for s in SECTIONS if not (args.quick and s in ("plan", "service", "big"))]
    print(f"pyrules benchmark — {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if "startup" in todo:
        startup(runs)
    if "show" in todo:
        show(runs)
    if "boards" in todo:
        boards(runs, [0, 100, 1000] if args.quick else [0, 100, 1000, 3000])
    if "timeline" in todo:
        run_script("timeline.py", "--runs", str(max(1, runs // 2)))
    if "moments" in todo:
        run_script("moments.py", "--runs", str(max(1, runs // 2)))
    if "big" in todo:
        run_script("boards.py", "--sizes", "1000,5000")
    if "explain" in todo:
        run_script("explain_speed.py", "--runs", str(runs))
    if "mana" in todo:
        run_script("mana.py", "--runs", str(runs))
    if "cards" in todo:
        run_script("cards.py", "--bulk-cards", "5000" if args.quick else "30000")
    if "plan" in todo:
        run_script("plan.py")
    if "service" in todo:
        run_script("service_batch.py", "--requests", "100", "--copies", "60", "--skip-dask", "--clients", "32",
                   "--load-requests", "1600", "--mix", "still")


if __name__ == "__main__":
    main()
