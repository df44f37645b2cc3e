"""The grammar against the regular-expression templates it replaced (issue 27, step 1): every line of every card
pyrules ships (pyrules/data) and tests with (tests/data), and of any card file given, read by both; the facts
and statuses compared line by line.

    python bench/compare_readers.py [--old REF] [--cards FILE ...] [--show N]

The templates are taken from git (pyrules/cards/templates.py at REF, default the last commit that has it) and
loaded beside the grammar. A line the templates model must be modelled by the grammar with the same facts;
a line the grammar models and the templates don't is listed as new (to be checked by its tests). A `read` line
(§5.8: parsed, some part without rules) counts as not modelled, as the templates' not_modelled.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def old_reader(ref: str):
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:pyrules/cards/templates.py"], capture_output=True,
                         text=True, check=True).stdout
    mod = types.ModuleType("old_templates")
    sys.modules["old_templates"] = mod
    exec(compile(src, "old_templates.py", "exec"), mod.__dict__)
    return mod.read_card


def last_ref_with_templates() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%H", "--", "pyrules/cards/templates.py"],
                         capture_output=True, text=True, check=True).stdout.strip()
    # the commit that deleted it has no templates.py: take its parent then
    has = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{out}:pyrules/cards/templates.py"],
                         capture_output=True).returncode == 0
    return out if has else out + "^"


def cards(files: list[str]):
    from pyrules.cards.db import bundled, with_files

    seen = {}
    for f in [None] + files:
        db = with_files((f,)) if f else bundled()
        for name, card in db.cards.items():
            seen[(f, name)] = (db, card)
    return seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", default=None, help="the git ref of the templates (default: the last that has them)")
    ap.add_argument("--cards", action="append", default=None, help="also compare this card file's cards")
    ap.add_argument("--show", type=int, default=40, help="lines to print of each kind of difference")
    args = ap.parse_args()
    files = args.cards if args.cards is not None else sorted(str(p) for p in (ROOT / "tests" / "data").glob("*.json"))
    old = old_reader(args.old or last_ref_with_templates())
    from pyrules.cards.reader import read_card as new

    lost, differ, gained = [], [], []
    total = same = 0
    for (f, name), (db, card) in cards(files).items():
        a = old(card, tokens=db.lookup)
        b = new(card, tokens=db.lookup)
        for x, y in zip(a, b):
            total += 1
            xm, ym = x.status == "modelled", y.status == "modelled"
            fx, fy = sorted(map(str, x.facts)), sorted(map(str, y.facts))
            where = f"{name} {x.face} line {x.line}: {x.text[:90]}"
            if xm and not ym:
                lost.append(where)
            elif xm and ym and fx != fy:
                differ.append(where + f"\n    old only: {sorted(set(fx) - set(fy))[:4]}\n    new only: {sorted(set(fy) - set(fx))[:4]}")
            elif ym and not xm:
                gained.append(where)
            else:
                same += 1
    print(f"{total} lines: {same} alike; templates modelled, grammar doesn't: {len(lost)}; both model, facts "
          f"differ: {len(differ)}; grammar models, templates didn't: {len(gained)}")
    for title, rows in (("lost", lost), ("facts differ", differ), ("new", gained)):
        for r in rows[:args.show]:
            print(f"  {title}: {r}")
    return 1 if lost or differ else 0


if __name__ == "__main__":
    sys.exit(main())
