"""Timeline benchmark (issue "The game in time"): a 20-action timeline on a 20-object board against one `show`
of that board, in process, medians over runs; every figure printed, the target as a ratio (at most 5x).

    python bench/timeline.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyrules  # noqa: E402
from common import median_s  # noqa: E402


def board(n: int, actions: list | None = None) -> dict:
    """n objects: creatures and artifacts on the battlefield, Grizzly Bears in alice's hand to cast."""
    objects = [{"id": "march", "card": "March of the Machines", "owner": "alice", "zone": "battlefield"}]
    kinds = ["Sol Ring", "Mind Stone", "Thalia, Guardian of Thraben", "Arcee, Sharpshooter"]
    for i in range(n - 11):
        objects.append({"id": f"o{i}", "card": kinds[i % len(kinds)], "owner": "bob" if i % 2 else "alice",
                        "zone": "battlefield"})
    for i in range(10):
        objects.append({"id": f"h{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"})
    d = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objects}
    if actions:
        d["actions"] = actions
    return d


def twenty_actions() -> list:
    """Ten casts, each followed by both players passing (its resolution): 20 actions."""
    out = []
    for i in range(10):
        out += [{"cast": f"h{i}"}, {"resolve": "top"}]
    return out




def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    still = pyrules.load(board(20))
    timeline = pyrules.load(board(20, twenty_actions()))
    show = median_s(lambda: pyrules.evaluate(still).to_json(), args.runs)
    ev = pyrules.evaluate(timeline)
    assert ev.error is None, ev.error
    assert all(ev.objects[f"h{i}"].zone == "battlefield" for i in range(10))
    line = median_s(lambda: pyrules.evaluate(timeline).to_json(), args.runs)
    g = ev.game
    print(f"board: {len(still.objects)} objects; timeline: {len(timeline.actions)} actions, {ev.t} moments, "
          f"{g.timings['calls']} grounding calls")
    print(f"show of the board:          {show * 1000:8.1f} ms")
    print(f"20-action timeline (show):  {line * 1000:8.1f} ms  ({line / ev.t * 1000:.1f} ms per moment)")
    print(f"ratio timeline / show:      {line / show:8.2f}x  (target <= 5x)")
    prepared = rules_prepared(g)
    still = rules_prepared(pyrules.evaluate(still).game)
    print(f"rules clingo prepares:      {prepared:8d} for the timeline ({prepared / ev.t:.0f} per moment), "
          f"{still} for the show (what a moment costs: see README, Benchmark)")


def rules_prepared(game) -> int:
    """How many rules clingo set up over a game's grounding calls: each group of a part given to a call is
    prepared again, every statement of it (the figure the time of a moment follows)."""
    from clingo import ast

    sizes: dict[str, int] = {}
    texts = {**game.kb.parts, **game.kb.group_texts}
    for name, _args in game.given:      # (the groups of each part the engine took: pyrules/kb/compile.py, group_parts)
        if name not in texts:   # a part that only brings in a fact: one rule
            sizes[name] = 1
        elif name not in sizes:
            count = [0]
            ast.parse_string(texts[name][1],
                             lambda stm: count.__setitem__(0, count[0] + (stm.ast_type != ast.ASTType.Program)))
            sizes[name] = count[0]
    return sum(sizes[name] for name, _args in game.given)


if __name__ == "__main__":
    main()
