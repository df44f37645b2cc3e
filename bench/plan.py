"""Plans benchmark (issue #14): the time `pyrules plan` takes to find the Kroxa plan of the example, and to
search a 20-object board to horizons 4, 8 and 12 for a goal its combat reaches (within the search budget). Every figure is printed.

    python bench/plan.py [--budget SECONDS] [--horizons 4,8,12] [--skip-board] [--puzzles]

With --puzzles, each real Pauper Puzzle of tests/data/puzzles/ is imported (`pyrules import`, its cards from
tests/data/pauper_puzzles.json) and its own goal planned against any opponent (--puzzle-horizon, --puzzle-budget):
one line each with whether a strategy was found, the states and the time.

Each state of the search is the scenario with a prefix of actions replayed by the engine, so the time grows
with the number of states searched times the length of their prefixes; the budget caps it (the answer then
says the limit was hit).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyrules  # noqa: E402


def board() -> dict:
    """20 objects: Kroxa in the graveyard with three other cards (escape needs five), creatures and lands on
    the battlefield, Village Rites and creatures in hand, a library to draw from: every line can be tried."""
    o = []
    add = lambda i, card, zone: o.append({"id": i, "card": card, "owner": "alice", "zone": zone})  # noqa: E731
    add("kroxa", "Kroxa, Titan of Death's Hunger", "graveyard")
    for i, c in enumerate(("Sol Ring", "Mind Stone", "Forest")):
        add(f"g{i}", c, "graveyard")
    for i in range(3):
        add(f"bears{i}", "Grizzly Bears", "battlefield")
    for i in range(4):
        add(f"land{i}", "Swamp" if i % 2 else "Mountain", "battlefield")
    add("rites", "Village Rites", "hand")
    add("hand_bears", "Grizzly Bears", "hand")
    add("hand_forest", "Forest", "hand")
    for i in range(6):
        add(f"lib{i}", "Island", "library")
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": o}


# three Grizzly Bears attacking unblocked deal 6 (CR 510.1): passes through beginning of combat and declare
# attackers, the attack, passes through declare blockers: the combat damage step — about nine actions
BOARD_GOAL = "bob.life <= 14"


def timed(scenario, goal: str, **kw):
    t0 = time.perf_counter()
    res = pyrules.plan(scenario, goal, **kw)
    return time.perf_counter() - t0, res


def load() -> str:
    """The machine's load average over the last minute, and its cores: a wall time is only comparable with
    another taken under the same load (the processor time, summed over the search's processes, much less so)."""
    try:
        return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:
        return f"{os.cpu_count()} cores"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=120.0, help="seconds of search for each board run")
    ap.add_argument("--horizons", default="4,8,12")
    ap.add_argument("--skip-board", action="store_true")
    ap.add_argument("--jobs", type=int, default=None, help="states worked out at once (default: one per core)")
    ap.add_argument("--opponents", choices=("pass", "any"), default="pass")
    ap.add_argument("--puzzles", action="store_true", help="also plan each Pauper Puzzle against any opponent")
    ap.add_argument("--puzzle-horizon", type=int, default=16)   # Pauper Puzzles #1 needs 14 of alice's actions (tests/rules/104_ending_the_game/pauper_puzzle_01.yaml)
    ap.add_argument("--puzzle-budget", type=float, default=60.0)
    args = ap.parse_args()
    print(load())
    example = ROOT / "examples" / "plan_kroxa_escape.yaml"
    pyrules.evaluate(pyrules.load(example))     # warm: the knowledge base loaded once
    for goal in ("cast kroxa escape", "kroxa.zone = battlefield"):
        secs, res = timed(example, goal, jobs=args.jobs, opponents=args.opponents)
        length = len(res.plans[0]) if res.found else None
        print(f"kroxa example  goal {goal!r}: found={res.found} length={length} states={res.states} "
              f"time={secs:.1f} s cpu={res.cpu:.1f} s")
    if args.puzzles:
        puzzles(args)
    if args.skip_board:
        return
    d = board()
    for h in (int(x) for x in args.horizons.split(",")):
        secs, res = timed(d, BOARD_GOAL, horizon=h, budget=args.budget, jobs=args.jobs, opponents=args.opponents)
        length = len(res.plans[0]) if res.found else None
        print(f"20-object board  horizon {h:2}: found={res.found} length={length} states={res.states} "
              f"complete={res.complete} time={secs:.1f} s cpu={res.cpu:.1f} s ({load()})", flush=True)


def puzzles(args) -> None:
    """Each real Pauper Puzzle (tests/data/puzzles/PP*.pzl), imported and planned for its goal against any opponent."""
    import subprocess
    import tempfile

    data = ROOT / "tests" / "data"
    cards = str(data / "pauper_puzzles.json")
    with tempfile.TemporaryDirectory() as tmp:
        for pzl in sorted((data / "puzzles").glob("PP*.pzl")):
            r = subprocess.run([sys.executable, "-m", "pyrules", "import", str(pzl), "--cards", cards],
                               capture_output=True, text=True, check=False)
            if r.returncode != 0:
                print(f"puzzle {pzl.stem}: not imported: {r.stderr.strip()}")
                continue
            path = Path(tmp) / f"{pzl.stem}.yaml"
            path.write_text(r.stdout, encoding="utf-8")
            secs, res = timed(str(path), None, horizon=args.puzzle_horizon, budget=args.puzzle_budget,
                              jobs=args.jobs, opponents="any", cards=(cards,))
            print(f"puzzle {pzl.stem}  goal {res.goal!r}: found={res.found} states={res.states} "
                  f"complete={res.complete} not_modelled={len(res.not_modelled)} time={secs:.1f} s "
                  f"cpu={res.cpu:.1f} s ({load()})", flush=True)


if __name__ == "__main__":
    main()
