"""Big boards (issue "Hostile and huge input"): how grounding grows with the board. Prints, for each board,
the whole-process time of `pyrules show FILE --json` and its peak memory, and the ratios between sizes.

    python bench/boards.py [--sizes 1000,5000] [--megatrons 100,200,400]

Boards:
- the living metal + March of the Machines + token copy repro: N Megatron, Tyrant back face up, March, and
  4 token copies of them, on their controller's turn (near-linear growth is the target);
- a seeded mixed board of N objects: a fifth of the permanents with static effects (March, Thalia, Etherium
  Sculptor, Goblin Electromancer, Blaster, Jurassic Park), half the Transformers back face up, 20 token
  copies, Equipment attached, Sagas with lore counters, cards in hands and graveyards (target for 1000
  objects: <= 3 s whole process and <= 300 MB; 5000 objects answered).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TRANSFORMERS = ["Arcee, Sharpshooter", "Prowl, Stoic Strategist", "Megatron, Tyrant", "Blitzwing, Cruel Tormentor",
                "Goldbug, Humanity's Ally", "Jetfire, Ingenious Scientist", "Ratchet, Field Medic",
                "Starscream, Power Hungry", "Cyclonus, the Saboteur", "Ultra Magnus, Tactician"]
STATICS = ["March of the Machines", "Thalia, Guardian of Thraben", "Etherium Sculptor", "Goblin Electromancer",
           "Underworld Breach"]
PLAIN = ["Grizzly Bears", "Sol Ring", "Mind Stone", "Carnage Tyrant", "Forest", "Island", "Mountain", "Plains",
         "Swamp", "Wastes", "Bonesplitter"]
IN_HAND = ["Think Twice", "Fire // Ice", "Village Rites", "Deep Analysis", "Cling to Dust", "Bonecrusher Giant"]
IN_GRAVEYARD = ["Uro, Titan of Nature's Wrath", "Kroxa, Titan of Death's Hunger", "Ox of Agonas", "Woe Strider"]


def megatrons(n: int, copies: int = 4) -> dict:
    objs = [{"id": "march", "card": "March of the Machines", "owner": "alice", "zone": "battlefield"}]
    objs += [{"id": f"m{i}", "card": "Megatron, Tyrant", "owner": "alice", "zone": "battlefield", "face": "back"}
             for i in range(n)]
    objs += [{"id": f"c{i}", "card": "Megatron, Tyrant", "owner": "alice", "zone": "battlefield", "face": "back",
              "token": True, "copy_of": f"m{i}"} for i in range(copies)]
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objs}


def mixed(n: int, seed: int = 7) -> dict:
    rnd = random.Random(seed)
    objs: list[dict] = []
    creatures: list[str] = []
    transformers: list[str] = []
    for i in range(n):
        owner = "alice" if i % 2 else "bob"
        roll = rnd.random()
        oid = f"o{i}"
        if roll < 0.12:
            objs.append({"id": oid, "card": rnd.choice(IN_HAND), "owner": owner, "zone": "hand"})
        elif roll < 0.22:
            objs.append({"id": oid, "card": rnd.choice(IN_GRAVEYARD + IN_HAND), "owner": owner, "zone": "graveyard"})
        elif roll < 0.38:  # a fifth of the permanents carry static effects
            objs.append({"id": oid, "card": rnd.choice(STATICS), "owner": owner, "zone": "battlefield"})
        elif roll < 0.60:
            o = {"id": oid, "card": rnd.choice(TRANSFORMERS), "owner": owner, "zone": "battlefield"}
            if rnd.random() < 0.5:
                o["face"] = "back"
            else:
                creatures.append(oid)
            transformers.append(oid)
            objs.append(o)
        elif roll < 0.64:
            objs.append({"id": oid, "card": "Welcome to . . . // Jurassic Park", "owner": owner, "zone": "battlefield",
                         "counters": {"lore": rnd.randint(1, 2)}})
        else:
            card = rnd.choice(PLAIN)
            o = {"id": oid, "card": card, "owner": owner, "zone": "battlefield"}
            if card == "Grizzly Bears":
                creatures.append(oid)
                if rnd.random() < 0.3:
                    o["counters"] = {"+1/+1": rnd.randint(1, 3)}
            objs.append(o)
    # Equipment attached to creatures (their controller's)
    owners = {o["id"]: o["owner"] for o in objs}
    for o in objs:
        if o["card"] == "Bonesplitter" and o["zone"] == "battlefield":
            mine = [c for c in creatures if owners[c] == o["owner"]]
            if mine:
                o["attached_to"] = rnd.choice(mine)
    for k in range(20):  # token copies of Transformers
        src = transformers[k % len(transformers)]
        orig = next(o for o in objs if o["id"] == src)
        tok = {"id": f"copy{k}", "card": orig["card"], "owner": orig["owner"], "zone": "battlefield", "token": True,
               "copy_of": src}
        if "face" in orig:
            tok["face"] = orig["face"]
        objs.append(tok)
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objs}


def whole_process(board: dict, folder: Path, name: str) -> tuple[float, float, int]:
    """Seconds and peak MB of `pyrules show FILE --json` as a separate process, and its exit code."""
    path = folder / f"{name}.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pyrules", "show", str(path), "--json"], capture_output=True,
                          text=True, cwd=ROOT)
    wall = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if proc.returncode not in (0, 1):
        print(f"  {name}: exit {proc.returncode}: {proc.stderr.strip()[:200]}")
    return wall, max(peak, before) / 1024, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="100,1000,5000")
    ap.add_argument("--megatrons", default="100,200,400")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        whole_process(megatrons(1, 0), folder, "warm")  # compiles and caches the KB once
        print("living metal + March + 4 token copies (pyrules show --json, whole process)")
        prev = None
        for n in [int(x) for x in args.megatrons.split(",")]:
            wall, mb, code = whole_process(megatrons(n), folder, f"megatron{n}")
            ratio = f"  x{wall / prev:.2f} for x2 objects" if prev else ""
            print(f"  {n:5} Megatrons: {wall:6.2f} s  peak {mb:7.1f} MB  exit {code}{ratio}")
            prev = wall
        print("seeded mixed board (pyrules show --json, whole process)")
        for n in [int(x) for x in args.sizes.split(",")]:
            wall, mb, code = whole_process(mixed(n), folder, f"mixed{n}")
            print(f"  {n:5} objects (+20 copies): {wall:6.2f} s  peak {mb:7.1f} MB  exit {code}")


if __name__ == "__main__":
    main()
