"""Mana payment benchmark (issue "Mana: can I pay for it"): the whole `actions` query on a board with 30 mana
sources (basic lands of five colors, Sol Ring, Mind Stone, Llanowar Elves, Birds of Paradise) and a hand of
costs to pay (generic, colored, hybrid, monocolored hybrid, Phyrexian, X, escape), against the same query with
track_mana off and no mana sources. Payability is found for every option (one search per distinct cost);
in process, medians over runs; the target is a ratio of at most 2x.

    python bench/mana.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyrules  # noqa: E402
from common import median_s  # noqa: E402

CARDS = (str(ROOT / "tests/data/mana_cards.json"), str(ROOT / "tests/data/scryfall_list.json"))
HAND = ["Grizzly Bears", "Bonecrusher Giant // Stomp", "Arcee, Sharpshooter", "Boros Guildmage", "Reaper King",
        "Dismember", "Stream of Life", "Think Twice", "Megatron, Tyrant", "Ultra Magnus, Tactician",
        "Optimus Prime, Hero", "Carnage Tyrant"]
SOURCES = ["Forest", "Island", "Mountain", "Plains", "Swamp"] * 5 + ["Sol Ring", "Mind Stone", "Llanowar Elves",
                                                                     "Birds of Paradise", "Wastes"]


def board(with_sources: bool) -> dict:
    objects = [{"id": f"h{i}", "card": c, "owner": "alice", "zone": "hand"} for i, c in enumerate(HAND)]
    objects += [{"id": "uro", "card": "Uro, Titan of Nature's Wrath", "owner": "alice", "zone": "graveyard"}]
    objects += [{"id": f"gy{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "graveyard"} for i in range(5)]
    objects += [{"id": "target", "card": "Grizzly Bears", "owner": "bob", "zone": "battlefield"}]
    if with_sources:
        objects += [{"id": f"s{i}", "card": c, "owner": "alice", "zone": "battlefield"} for i, c in enumerate(SOURCES)]
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objects,
            "track_mana": with_sources}




def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    full = pyrules.load(board(True), cards=CARDS)
    bare = pyrules.load(board(False), cards=CARDS)
    opts = pyrules.evaluate(full).actions("alice", include_illegal=True)
    casts = [o for o in opts if o.payable is not None]
    payable = sum(1 for o in casts if o.payable)
    with_sources = median_s(lambda: pyrules.evaluate(full).actions_json("alice", include_illegal=True), args.runs)
    without = median_s(lambda: pyrules.evaluate(bare).actions_json("alice", include_illegal=True), args.runs)
    print(f"board: {len(full.objects)} objects, {len(SOURCES)} mana sources; {len(casts)} options with a mana cost, "
          f"{payable} payable, {len({(o.cost.mana, o.cost.life) for o in casts})} distinct costs")
    print(f"actions, 30 sources, track_mana:    {with_sources * 1000:8.1f} ms")
    print(f"actions, no sources, no track_mana: {without * 1000:8.1f} ms")
    print(f"ratio:                              {with_sources / without:8.2f}x  (target <= 2x)")


if __name__ == "__main__":
    main()
