"""pyrules benchmark: prints its figures; run with `python bench/benchmark.py`.

For each example and for generated boards of 20 and 200 objects it prints, as medians over repeated runs:
  query   — one whole query in process (facts built, KB added to a fresh clingo Control, ground, solve,
            atoms read back into typed objects), once the KB is loaded;
  clingo  — clingo's own ground + solve time for the same program and the same facts;
  ratio   — query / clingo.
The KB load time (reading and parsing rules/ once per process) is printed first.
Targets (issue #2): query <= 10 ms for a 20-object scenario; query <= 1.5x clingo.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import clingo
from clingo import ast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyrules import kb as kbmod  # noqa: E402
from pyrules.facts import scenario_facts  # noqa: E402
from pyrules.scenario import from_dict, load  # noqa: E402


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


def median_ms(fn, runs: int) -> float:
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def clingo_only(base, facts, explain=False, extra=(), parts=("base",)):
    """clingo's own ground + solve for the same program and facts (the program is added outside the timing)."""
    ctl = clingo.Control(["--warn=none", "--models=2"])
    with ast.ProgramBuilder(ctl) as b:
        for s in base.statements(parts, explain):
            b.add(s)
    with ctl.backend() as bk:
        for f in list(facts) + list(extra):
            bk.add_rule([bk.add_atom(f)])
    t = time.perf_counter()
    ctl.ground([(p, []) for p in parts])
    if explain:
        ctl.ground([(f"{p}_why", []) for p in parts])
    ctl.solve()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()

    t = time.perf_counter()
    base = kbmod.load_kb()
    load_ms = (time.perf_counter() - t) * 1000
    kbmod.kb()  # warm the cached copy the API uses
    import pyrules

    print(f"KB load (read + parse rules/, once per process): {load_ms:.1f} ms; "
          f"{base.size()} statements, {len(base.labels)} labels")
    cases = [(p.name, load(p)) for p in sorted((ROOT / "examples").glob("*.yaml"))]
    cases += [("generated board", from_dict(board(20))), ("generated board", from_dict(board(200)))]
    asking = clingo.Function("asking", [clingo.String("alice")])
    for query in ("show", "actions"):
        print(f"\n{query}")
        print(f"{'scenario':42} {'objects':>7} {'query ms':>9} {'clingo ms':>9} {'ratio':>6}")
        for name, sc in cases:
            if sc.actions:
                continue
            facts = scenario_facts(sc)
            if query == "show":
                q = median_ms(lambda: pyrules.evaluate(sc).objects, args.runs)
                extra, parts = (), ("base",)
            else:
                q = median_ms(lambda: pyrules.evaluate(sc).actions("alice", include_illegal=True), args.runs)
                extra, parts = (asking,), ("base", "casting")
            c = statistics.median(clingo_only(base, facts, extra=extra, parts=parts) for _ in range(args.runs)) * 1000
            print(f"{name:42} {len(sc.objects):>7} {q:>9.2f} {c:>9.2f} {q / c:>6.2f}")


if __name__ == "__main__":
    main()
