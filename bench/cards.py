"""Card files (issue "Any card"): coverage of the bundled cards (and of any file given), and a Scryfall bulk
file indexed once: the first `pyrules cards NAME --cards BULK` (which builds the SQLite index) against a later
one (which finds the card in it), as whole processes in a fresh cache directory.

    python bench/cards.py [--cards FILE ...] [--bulk-cards 30000]
    python bench/cards.py --sets FILE [FILE ...] [--lines]

--sets reads Scryfall files of whole sets (a list of card objects, as the API's search pages or a set's export
give them: only that file's cards, not the bundled ones) and prints, per file, the lines modelled / read / not
modelled, the cards fully modelled (and those with text other than basic land reminders and keywords), and
the same per family of lines (the families of issue 27, in its order; a line counts in the first family whose
words it has). --lines also prints each family's lines not modelled.

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

from pyrules.cards.families import FAMILIES, family  # noqa: E402  (the families: pyrules/cards/families.py)


def coverage(files: list[str]) -> None:
    from pyrules import api

    for label, given in [("bundled cards", ())] + [(f, (f,)) for f in files]:
        doc = api.card_report(None, tuple(given), coverage=True)
        print(f"coverage, {label}: {doc['lines_modelled']}/{doc['lines']} lines modelled "
              f"({doc['share_modelled'] * 100:.1f}%), {doc['cards_fully_modelled']}/{doc['cards']} cards fully")
        common = ", ".join(f"“{m['text'][:50]}” ×{m['count']}" for m in doc["most_common_not_modelled"][:3])
        if common:
            print(f"  most common lines not modelled: {common}")



def sets(files: list[str], show_lines: bool) -> None:
    from functools import partial

    from pyrules.cards.db import with_files
    from pyrules.cards.files import read_file
    from pyrules.cards.model import card_from_record
    from pyrules.cards.reader import read_card

    grand = {"modelled": 0, "read": 0, "not_modelled": 0}
    grand_fams: dict[str, dict[str, int]] = {}
    grand_cards = grand_fully = 0
    for path in files:
        db = with_files((path,))        # the tokens a line creates are looked up here
        got = read_file(path)
        counts = {"modelled": 0, "read": 0, "not_modelled": 0}
        fams: dict[str, dict[str, int]] = {}
        unread: dict[str, list[str]] = {}
        cards = fully = texty = texty_fully = 0
        t = time.perf_counter()
        for record in got.cards.values():
            card = card_from_record(record)
            card.reader = partial(read_card, tokens=db.lookup)
            cards += 1
            lines = card.reading()
            ok = all(ln.status == "modelled" for ln in lines)
            fully += ok
            plain = all(ln.names and all(n in ("flying", "first_strike", "double_strike", "lifelink", "trample", "haste",
                                                 "menace", "deathtouch", "hexproof", "shroud", "defender", "flash",
                                                 "vigilance", "reach", "indestructible") for n in ln.names)
                        or ln.parse.startswith("reminder text") for ln in lines)
            if not plain:
                texty += 1
                texty_fully += ok
            for ln in lines:
                counts[ln.status] += 1
                fam = family(ln.text, card.names)
                entry = fams.setdefault(fam, {"modelled": 0, "read": 0, "not_modelled": 0})
                entry[ln.status] += 1
                if ln.status != "modelled":
                    unread.setdefault(fam, []).append(f"{card.name}: {ln.text}")
        secs = time.perf_counter() - t
        total = sum(counts.values())
        for k in grand:
            grand[k] += counts[k]
        grand_cards += cards
        grand_fully += fully
        for fam, e in fams.items():
            g = grand_fams.setdefault(fam, {"modelled": 0, "read": 0, "not_modelled": 0})
            for k in g:
                g[k] += e[k]
        print(f"{Path(path).name}: {cards} cards, {total} lines: {counts['modelled']} modelled "
              f"({100 * counts['modelled'] / total:.1f}%), {counts['read']} read, {counts['not_modelled']} not modelled; "
              f"{fully} cards fully modelled ({100 * fully / cards:.1f}%; {texty_fully}/{texty} of the cards with "
              f"more than keywords and basic land reminders); read in {secs:.1f} s")
        for fam in [f for f, _ in FAMILIES] + ["other"]:
            e = fams.get(fam)
            if e:
                n = sum(e.values())
                print(f"  {fam:40} {n:4} lines: {e['modelled']:4} modelled, {e['read']:3} read")
                if show_lines:
                    for text in unread.get(fam, [])[:40]:
                        print(f"      {text[:150]}")
    total = sum(grand.values())
    if len(files) > 1 and total:
        print(f"all files: {total} lines: {grand['modelled']} modelled ({100 * grand['modelled'] / total:.1f}%), "
              f"{grand['read']} read, {grand['not_modelled']} not modelled; {grand_fully} of {grand_cards} cards "
              f"fully modelled")
        for fam in [f for f, _ in FAMILIES] + ["other"]:
            e = grand_fams.get(fam)
            if e:
                n = sum(e.values())
                print(f"  {fam:40} {n:4} lines: {e['modelled']:4} modelled ({100 * e['modelled'] / n:.0f}%), "
                      f"{e['read']:3} read")


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
    ap.add_argument("--sets", nargs="+", default=None, help="Scryfall files of whole sets: coverage per file and family")
    ap.add_argument("--lines", action="store_true", help="with --sets: each family's lines not modelled")
    args = ap.parse_args()
    if args.sets:
        sets(args.sets, args.lines)
        return
    coverage(args.cards)
    bulk(args.bulk_cards)


if __name__ == "__main__":
    main()
