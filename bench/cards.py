"""Card files (issue "Any card"): coverage of the bundled cards (and of any file given), and a Scryfall bulk
file indexed once: the first `pyrules cards NAME --cards BULK` (which builds the SQLite index) against a later
one (which finds the card in it), as whole processes in a fresh cache directory.

    python bench/cards.py [--cards FILE ...] [--bulk-cards 30000]

The bulk file is generated: the bundled cards and the test card files, renamed and repeated to the size asked
for (Scryfall's oracle-cards file has about 30,000 cards, ~100 MB of JSON with all its fields; the generated
one carries the fields pyrules reads, so it is smaller per card).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def coverage(files: list[str]) -> None:
    from pyrules import api

    for label, given in [("bundled cards", ())] + [(f, (f,)) for f in files]:
        doc = api.card_report(None, tuple(given), coverage=True)
        print(f"coverage, {label}: {doc['lines_modelled']}/{doc['lines']} lines modelled "
              f"({doc['share_modelled'] * 100:.1f}%), {doc['cards_fully_modelled']}/{doc['cards']} cards fully")
        common = ", ".join(f"“{m['text'][:50]}” ×{m['count']}" for m in doc["most_common_not_modelled"][:3])
        if common:
            print(f"  most common lines not modelled: {common}")


def bulk_file(path: Path, n: int) -> int:
    bundled = json.loads((ROOT / "pyrules" / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    extra = json.loads((ROOT / "tests" / "data" / "scryfall_list.json").read_text(encoding="utf-8"))
    base = bundled + extra
    out = []
    for i in range(n):
        card = copy.deepcopy(base[i % len(base)])
        if i >= len(base):  # a distinct name for each copy (both faces of a double-faced card)
            k = i // len(base)
            for face in card.get("card_faces") or []:
                face["name"] = f"{face['name']} {k}"
            if card.get("card_faces"):
                card["name"] = " // ".join(f["name"] for f in card["card_faces"])
            else:
                card["name"] = f"{card['name']} {k}"
        card["object"] = "card"
        out.append(card)
    path.write_text(json.dumps(out), encoding="utf-8")
    return path.stat().st_size


def timed(argv: list[str], env: dict) -> float:
    t = time.perf_counter()
    r = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env)
    if r.returncode != 0:
        print(f"  exit {r.returncode}: {r.stderr.strip()[:200]}")
    return time.perf_counter() - t


def bulk(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "oracle-cards.json"
        size = bulk_file(path, n)
        env = {**os.environ, "PYRULES_CACHE_DIR": str(Path(tmp) / "cache")}
        argv = [sys.executable, "-m", "pyrules", "cards", "Grizzly Bears", "--cards", str(path), "--json"]
        base = timed([sys.executable, "-m", "pyrules", "cards", "Grizzly Bears", "--json"], env)
        first = timed(argv, env)
        later = statistics.median(timed(argv, env) for _ in range(3))
        print(f"bulk file: {n} cards, {size / 1e6:.1f} MB; `pyrules cards NAME --cards FILE` as a whole process:")
        print(f"  bundled cards only:              {base * 1000:7.0f} ms")
        print(f"  first run (builds the index):    {first * 1000:7.0f} ms")
        print(f"  later runs (the index on disk):  {later * 1000:7.0f} ms   first/later {first / later:.1f}x, "
              f"later - bundled only {1000 * (later - base):+.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", action="append", default=[], help="also report the coverage of this card file")
    ap.add_argument("--bulk-cards", type=int, default=30000)
    args = ap.parse_args()
    coverage(args.cards)
    bulk(args.bulk_cards)


if __name__ == "__main__":
    main()
