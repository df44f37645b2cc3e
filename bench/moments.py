"""What a moment of a timeline costs, and why it can't be had for less by grounding moments together.

    python bench/moments.py [--runs N]

1. clingo alone, no knowledge base: a program part of N rules that match no atom, grounded for K moments, as K
   grounding calls (one per moment, as a timeline does) and as one call with the K instances. clingo prepares
   every statement of the parts it is asked to ground on each call, whether or not any atom matches it; the
   K instances of one call share that preparation.
2. The knowledge base: the grounding calls of a short timeline on the board of bench/timeline.py, made again
   in a new Control, once moment by moment (as the engine does) and once with every moment after the
   scenario's in a single call. Moment by moment, grounding alone decides every atom. In one call, the
   frame axiom (holds(F, t) :- holds(F, t-1), not ends(F, t)) and the rules that read the state make a cycle
   through negation across moments: clingo can then only over-approximate, and leaves most atoms undecided
   for a solver, so the engine's one-answer-by-grounding design needs a call per moment.
3. The groups: of each part, the engine grounds only the groups of statements that can conclude something; the
   same timeline with groups and with whole parts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import clingo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timeline import board, twenty_actions  # noqa: E402


def preparation(runs: int) -> None:
    print("1. clingo alone: a part of N rules that match nothing, grounded for 10 moments (median of runs)")
    print(f"  {'rules':>6} {'10 calls':>10} {'per rule per call':>18} {'1 call, 10 instances':>21}")
    for n in (100, 300, 1000):
        rules = "\n".join(f"a{i}(X, t) :- h(X, t-1), k(X, Y, t), c(X), not d{i}(X, t)." for i in range(n))

        def control():
            ctl = clingo.Control(["--warn=none"])
            ctl.add("base", [], "c(1..10).")
            ctl.add("p", ["t"], rules)
            ctl.ground([("base", [])])
            return ctl

        apart, together = [], []
        for _ in range(runs):
            ctl = control()
            t0 = time.perf_counter()
            for t in range(1, 11):
                ctl.ground([("p", [clingo.Number(t)])])
            apart.append(time.perf_counter() - t0)
            ctl = control()
            t0 = time.perf_counter()
            ctl.ground([("p", [clingo.Number(t)]) for t in range(1, 11)])
            together.append(time.perf_counter() - t0)
        a, b = statistics.median(apart), statistics.median(together)
        print(f"  {n:6} {a * 1000:8.1f}ms {a / 10 / n * 1e6:15.1f} us {b * 1000:18.1f}ms")


def recorded_calls(actions: int):
    """The part instances of each grounding call the engine makes for a timeline of this many actions."""
    import pyrules
    from pyrules.game import engine

    calls: list[list] = []
    original = engine.Game._ground

    def record(game, parts):
        calls.append(list(parts))
        return original(game, parts)

    engine.Game._ground = record
    try:
        ev = pyrules.evaluate(pyrules.load(board(20, twenty_actions()[:actions])))
    finally:
        engine.Game._ground = original
    assert ev.error is None, ev.error
    return ev, calls


def regrounded(ev, calls, split: int, together: bool):
    """A new Control given the same facts and parts, grounded with the recorded calls: the calls up to `split`
    (the scenario's state) one by one, the rest one by one or all in one call."""
    from pyrules.game import engine
    from pyrules.kb.terms import add_facts

    kb = ev.game.kb
    ctl = clingo.Control(["--warn=none"])
    with ctl.backend() as backend:
        add_facts(backend, [s for s in ev.game.added])
    names = list(dict.fromkeys(n for call in calls for n, _args in call))
    engine._add_parts(ctl, kb, "parts", [n for n in names if n in kb.parts])
    for n in names:
        if n.startswith(engine.FACT_PART):
            name, arity = n[len(engine.FACT_PART):].rsplit("_", 1)
            params = [f"a{i}" for i in range(int(arity))]
            ctl.add(n, params, f"{name}({', '.join(params)})." if params else f"{name}.")
    for call in calls[:split]:
        ctl.ground(call)
    t0 = time.perf_counter()
    if together:
        ctl.ground([p for call in calls[split:] for p in call])
    else:
        for call in calls[split:]:
            ctl.ground(call)
    seconds = time.perf_counter() - t0
    atoms = len(ctl.symbolic_atoms)
    undecided = sum(1 for a in ctl.symbolic_atoms if not a.is_fact)
    return seconds, atoms, undecided


def together(actions: int) -> None:
    ev, calls = recorded_calls(actions)
    one = clingo.Number(1)
    split = next(i for i, call in enumerate(call for call in calls)
                 if any(name == "event_action" and args == [one] for name, args in call))
    print(f"\n2. the knowledge base: a {actions}-action timeline on a 20-object board, {ev.t} moments after the "
          f"scenario's, {len(calls) - split} grounding calls for them")
    for label, flag in (("moment by moment", False), ("all in one call  ", True)):
        s, atoms, undecided = regrounded(ev, calls, split, flag)
        print(f"  {label}: {s * 1000:7.1f} ms, {atoms:6} atoms, {undecided:6} left undecided by grounding")


def groups(runs: int) -> None:
    """3. The groups (pyrules/kb/compile.py, group_parts): the 20-action timeline of the 20-object board grounded
    with only the groups of each part that can conclude something, and with whole parts (the engine's GROUPED
    switch, PYRULES_UNGROUPED=1 for a whole process): the statements clingo was given, and the processor time
    (runs interleaved, the least of each)."""
    import pyrules
    from pyrules.game import engine
    from timeline import board, twenty_actions

    sc = pyrules.load(board(20, twenty_actions()))
    kb = pyrules.evaluate(pyrules.load(board(20))).game.kb
    size = {g: text.count("\n") for g, (_params, text) in kb.group_texts.items()}
    whole = {p: text.count("\n") for p, (_params, text) in kb.parts.items()}
    print("\n3. the groups: the 20-action timeline of a 20-object board, with groups and with whole parts")
    times: dict[bool, list[float]] = {True: [], False: []}
    given: dict[bool, int] = {}
    for _ in range(runs):
        for grouped in (True, False):
            engine.GROUPED = grouped
            t0 = time.process_time()
            game = pyrules.evaluate(sc).game
            times[grouped].append(time.process_time() - t0)
            # what clingo was given (Game.given): the groups taken, or whole parts
            given[grouped] = sum(size.get(n, whole.get(n, 0)) for n, _args in game.given)
    engine.GROUPED = True
    for grouped in (True, False):
        label = "groups     " if grouped else "whole parts"
        print(f"  {label}: {min(times[grouped]):6.2f} s of processor time, {given[grouped]:6} statements given to clingo")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--actions", type=int, default=4)
    args = ap.parse_args()
    preparation(args.runs)
    together(args.actions)
    groups(args.runs)


if __name__ == "__main__":
    main()
