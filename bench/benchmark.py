"""pyrules benchmark: prints its figures; run with `python bench/benchmark.py` (add --xclingo after
`pip install -e '.[bench]'` to compare explanations with xclingo's).

For each example and for generated boards of 20 and 200 objects it prints, as medians over repeated runs:
  query   — one whole query in process (facts built, KB added to a fresh clingo Control, ground, solve,
            atoms read back into typed objects), once the KB is loaded;
  clingo  — clingo's own ground + solve time for the same program and the same facts;
  ratio   — query / clingo.
The KB load time (reading and parsing rules/ once per process) is printed first.
Targets (issue #2): query <= 10 ms for a 20-object scenario; query <= 1.5x clingo.
Then, for explanations (issue #5): a plain `show` query next to `explain OBJECT.types` and
`explain OBJECT.power` in process, their ratio to the plain query (target <= 2x), and with --xclingo the
time xclingo takes to explain a has_type atom of the same scenario from the same labelled program (the
labels become xclingo's %!trace_rule annotations; xclingo parses, translates, grounds and solves it).
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
    ap.add_argument("--xclingo", action="store_true", help="also time xclingo on the same explanations")
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
    explanations(args.runs, args.xclingo)


def labelled_program_for_xclingo() -> str:
    """The base part of the knowledge base with its labels as xclingo %!trace_rule annotations.

    Anonymous variables in positive body literals and aggregates are named (xclingo 2.0b24 rejects them
    in its translation); nothing else changes."""
    from pyrules.kb import _label_lines, _NameAnonymous, parse_label, rule_files

    out = []
    for _, text in rule_files():
        lines = text.splitlines()
        stms: list = []
        ast.parse_string(text, stms.append)
        part = "base"
        for stm in stms:
            if stm.ast_type == ast.ASTType.Program:
                part = stm.name
                continue
            if part != "base" or stm.ast_type != ast.ASTType.Rule:
                continue
            rules, rulings, _ = parse_label(_label_lines(lines, stm.location.begin.line))
            namer = _NameAnonymous()
            body = [namer(lit) if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                                   and lit.atom.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.BodyAggregate))
                    else lit for lit in stm.body]
            out.append('%!trace_rule {"' + ", ".join(rules + rulings) + '"}.')
            out.append(str(ast.Rule(stm.location, stm.head, body)))
    return "\n".join(out) + "\n"


def xclingo_explain(program: str, facts_text: str) -> tuple[float, int]:
    """xclingo's time to explain one has_type atom, and the number of tree lines it printed."""
    from xclingo import XclingoControl

    t = time.perf_counter()
    x = XclingoControl(["1"], n_explanations="1")
    x.add("base", [], program + facts_text + "%!show_trace {has_type(O,T)}.\n")
    x.ground([("base", [])])
    lines = 0
    for model in x.solve():  # the first model, its first explanation
        for graph in model.explain_model():
            lines += sum(len(graph.explain(s).ascii_tree().splitlines()) for s in graph.show_trace)
            break
        break
    return time.perf_counter() - t, lines


def explanations(runs: int, with_xclingo: bool) -> None:
    import contextlib
    import io

    import pyrules

    print("\nexplanations (explain OBJECT.types / OBJECT.power vs a plain show query, in process)")
    head = f"{'scenario':42} {'plain ms':>8} {'types ms':>8} {'ratio':>6} {'power ms':>8} {'ratio':>6}"
    print(head + (f" {'xclingo ms':>10} {'ours/xcl':>8}" if with_xclingo else ""))
    program = labelled_program_for_xclingo() if with_xclingo else ""
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        sc = load(path)
        if sc.actions:
            continue
        target = next((o.id for o in sc.objects if o.card is not None), None)
        plain = median_ms(lambda: pyrules.evaluate(sc).objects, runs)
        types = median_ms(lambda: pyrules.evaluate(sc).explain(f"{target}.types"), runs)
        power = median_ms(lambda: pyrules.evaluate(sc).explain(f"{target}.power"), runs)
        line = f"{path.name:42} {plain:>8.2f} {types:>8.2f} {types / plain:>6.2f} {power:>8.2f} {power / plain:>6.2f}"
        if with_xclingo:
            facts_text = "".join(f"{f}.\n" for f in scenario_facts(sc))  # benchmark only: our own symbols as text
            with contextlib.redirect_stdout(io.StringIO()):
                xs = [xclingo_explain(program, facts_text) for _ in range(max(3, runs // 5))]
            xcl = statistics.median(t for t, _ in xs) * 1000
            found = xs[0][1] > 0
            line += f" {xcl:>10.2f} {types / xcl:>8.2f}" + ("" if found else "  (xclingo found no explanation)")
        print(line)


if __name__ == "__main__":
    main()
