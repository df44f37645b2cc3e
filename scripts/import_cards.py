"""Rebuild pyrules/data/cards.json from the reference card data.

The reference file (../shared/reference/cards.json) keeps each card's faces under "faces"; the bundled
database uses Scryfall's field names instead (name, layout, card_faces, mana_cost, type_line,
oracle_text, power, toughness, cmc), so that cards exported from Scryfall can be added as they are.
It also copies the official rulings (../shared/rulings/rulings.yaml) with their source.
Run from the repository root:  python scripts/import_cards.py ../shared/reference/cards.json
"""

import json
import sys
from pathlib import Path

FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness")


def convert(card: dict) -> dict:
    faces = [{k: face.get(k) for k in FACE_FIELDS if face.get(k) is not None} for face in card["faces"]]
    out = {"name": card["name"], "layout": card["layout"], "cmc": card["mana_value"]}
    if len(faces) == 1:
        out.update({k: v for k, v in faces[0].items() if k != "name"})
    else:
        if card["layout"] != "transform":  # Scryfall gives no top-level mana cost for transforming cards
            out["mana_cost"] = " // ".join(f.get("mana_cost", "") for f in faces)
        out["type_line"] = " // ".join(f["type_line"] for f in faces)
        out["card_faces"] = faces
    for key in ("set", "collector_number", "notes", "source"):
        if card.get(key):
            out[key] = card[key]
    return out


# Tokens created by the cards in scope (Scryfall lists tokens as cards with the "token" layout). Their
# characteristics are the ones the creating card's text defines.
TOKENS = [
    {"name": "Wolf", "layout": "token", "cmc": 0, "mana_cost": "", "type_line": "Token Creature — Wolf",
     "oracle_text": "", "power": "2", "toughness": "2",
     "source": "created by Cult of the Waxing Moon: 'a 2/2 green Wolf creature token'"},
    {"name": "Dinosaur", "layout": "token", "cmc": 0, "mana_cost": "", "type_line": "Token Creature — Dinosaur",
     "oracle_text": "Trample", "power": "3", "toughness": "3",
     "source": "created by Welcome to . . . chapter II: 'a 3/3 green Dinosaur creature token with trample'"},
]


def import_rulings(src: Path, dest: Path) -> int:
    """Copy the rulings with their source: the header comments become a 'source' field."""
    import yaml

    text = src.read_text(encoding="utf-8")
    header = [line[1:].strip() for line in text.splitlines() if line.startswith("#")]
    rulings = yaml.safe_load(text)
    doc = {"source": "\n".join(header), "rulings": rulings}
    dest.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return len(rulings)


def main(src: str) -> None:
    data = json.loads(Path(src).read_text(encoding="utf-8"))
    cards = sorted([convert(c) for c in data["cards"]] + TOKENS, key=lambda c: c["name"])
    meta = {
        "what": "The cards pyrules knows, in Scryfall's field names.",
        "source": data["_meta"]["source"],
        "imported_from": "reference/cards.json of the pyrules project (scripts/import_cards.py)",
        "count": len(cards),
    }
    dest = Path(__file__).resolve().parent.parent / "pyrules" / "data" / "cards.json"
    dest.write_text(json.dumps({"_meta": meta, "cards": cards}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(cards)} cards to {dest}")
    rulings_src = Path(src).resolve().parent.parent / "rulings" / "rulings.yaml"
    n = import_rulings(rulings_src, dest.parent / "rulings.yaml")
    print(f"wrote {n} rulings to {dest.parent / 'rulings.yaml'}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/cards.json")
