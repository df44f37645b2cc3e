"""Cast options: every way a player could cast every card, read back from the knowledge base."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clingo import Function, String, Symbol, SymbolType

from .cards import parse_keywords
from .explain import Node, Renderer
from .kb import kb

METHOD_ORDER = {"normal": 0, "more_than_meets_the_eye": 1, "escape": 2, "flashback": 3}
FACE_ORDER = {"front": 0, "left": 1, "right": 2, "adventure": 3, "back": 4}
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
MANA_ORDER = ("w", "u", "b", "r", "g", "c")


@dataclass(frozen=True)
class Reason:
    """Why an option is not allowed: a sentence, and the CR rule and ruling of the rule that forbids it."""

    reason: str
    rule: str | None
    ruling: str | None
    code: str = ""
    rules: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()

    def to_json(self) -> dict:
        out = {"reason": self.reason, "rule": self.rule, "ruling": self.ruling, "code": self.code}
        if self.rules[1:]:
            out["rules"] = list(self.rules)
        if self.rulings[1:]:
            out["rulings"] = list(self.rulings)
        return out


@dataclass
class Cost:
    mana: str                  # canonical: generic, then {W}{U}{B}{R}{G}{C}
    exile_from_graveyard: int = 0
    sacrifice: dict[str, int] = field(default_factory=dict)
    discard: int = 0
    life: int = 0
    printed_mana: str = ""     # the same mana in the order the card prints it (for text)

    @property
    def text(self) -> str:
        parts = [self.printed_mana or self.mana]
        if self.exile_from_graveyard:
            n = self.exile_from_graveyard
            parts.append(f"exile {WORDS.get(n, n)} other card{'s' if n != 1 else ''} from your graveyard")
        for kind, n in self.sacrifice.items():
            parts.append(f"sacrifice {'a' if n == 1 else WORDS.get(n, n)} {kind}{'s' if n != 1 else ''}")
        if self.discard:
            parts.append(f"discard {'a card' if self.discard == 1 else str(WORDS.get(self.discard, self.discard)) + ' cards'}")
        if self.life:
            parts.append(f"pay {self.life} life")
        return ", ".join(parts)

    def to_json(self) -> dict:
        return {"mana": self.mana, "exile_from_graveyard": self.exile_from_graveyard, "text": self.text,
                "sacrifice": dict(self.sacrifice), "discard": self.discard, "life": self.life}


@dataclass
class CastOption:
    """One way to cast one card (interface.md §3, `actions`)."""

    object: str
    zone: str
    method: str
    face: str
    part: str | None
    cost: Cost
    mana_value: int | None
    legal: bool
    why_not: list[Reason]
    source: str | None
    term: Symbol = field(repr=False, compare=False)
    explanation: Node | None = field(default=None, repr=False, compare=False)

    @property
    def action(self) -> str:
        return "cast"

    def to_json(self, explain: bool = False) -> dict:
        out = {"action": "cast", "object": self.object, "zone": self.zone, "method": self.method, "face": self.face,
               "part": self.part, "cost": self.cost.to_json(), "mana_value": self.mana_value, "legal": self.legal,
               "why_not": [r.to_json() for r in self.why_not], "source": self.source}
        if explain and self.explanation is not None:
            out["explanation"] = self.explanation.to_json()
        return out

    def describe(self) -> str:
        part = f" as {self.part}" if self.part else (" converted" if self.face == "back" else "")
        how = "" if self.method == "normal" else f" with {self.method.replace('_', ' ')}"
        src = f" (from {self.source})" if self.source else ""
        return f"cast {self.object}{part}{how}{src} from the {self.zone}"


def canonical_mana(amounts: dict[str, int]) -> str:
    """Generic first, then {W}{U}{B}{R}{G}{C}; {0} when nothing is left (interface.md §3)."""
    out = f"{{{amounts['generic']}}}" if amounts.get("generic") else ""
    for sym in MANA_ORDER:
        out += f"{{{sym.upper()}}}" * amounts.get(sym, 0)
    return out or "{0}"


def printed_order(amounts: dict[str, int], printed: str) -> str:
    """The same mana, generic first, colors in the order the printed cost shows them (then the rest)."""
    order = [s.lower() for s in re.findall(r"\{([WUBRGC])\}", printed)]
    order = list(dict.fromkeys(order + list(MANA_ORDER)))
    out = f"{{{amounts['generic']}}}" if amounts.get("generic") else ""
    for sym in order:
        out += f"{{{sym.upper()}}}" * amounts.get(sym, 0)
    return out or "{0}"


def _printed_cost(card, method: str, src: Symbol, face: str) -> str:
    """The printed cost an option starts from: the mana cost, or the keyword's cost."""
    if method == "more_than_meets_the_eye":
        line = next(k.line for k in parse_keywords(card.face("front")) if k.keyword == method)
    elif method in ("escape", "flashback") and src.type == SymbolType.Function and src.name == "line":
        line = src.arguments[0].number
    else:
        return card.face(face).mana_cost
    return card.face("front").lines[line - 1]


def read_options(answer, scenario, player: str) -> list[CastOption]:
    base = kb()
    opts: dict[Symbol, dict] = {}
    for sym in answer.get("cast_option"):
        p, x = sym.arguments
        if p.string == player:
            opts[x] = {"mana": {}, "exile": 0, "sac": {}, "discard": 0, "life": 0, "why": [], "legal": False,
                       "zone": None, "mv": None}
    # option_X(Option, Value) atoms: the field they fill; option_mana/option_sacrifice have a kind too
    for pred, key in (("option_zone", "zone"), ("option_exile", "exile"), ("option_discard", "discard"),
                      ("option_life", "life"), ("option_mv", "mv")):
        for sym in answer.get(pred):
            x, v = sym.arguments
            if x in opts:
                opts[x][key] = v.name if v.type == SymbolType.Function else v.number
    for pred, key in (("option_mana", "mana"), ("option_sacrifice", "sac")):
        for sym in answer.get(pred):
            x, kind, n = sym.arguments
            if x in opts:
                opts[x][key][kind.name] = n.number
    for sym in answer.get("legal"):
        (x,) = sym.arguments
        if x in opts:
            opts[x]["legal"] = True
    names = {o.id: o for o in scenario.objects}
    renderer = Renderer(base, {}, set(scenario.players))
    for sym in answer.get("why_not"):
        x, reason, k = sym.arguments
        if x in opts:
            label = base.label(k.number)
            opts[x]["why"].append(Reason(renderer.reason(reason), label.rule, label.ruling, str(reason),
                                         label.rules, label.rulings))
    out = []
    for x, d in opts.items():
        oid, method, src, face = x.arguments
        spec = names[oid.string]
        card = spec.card
        f = face.name
        part = None
        if card.layout in ("split", "adventure"):
            part = card.face(f).name
        source = src.string if src.type == SymbolType.String else None
        printed = printed_order(d["mana"], _printed_cost(card, method.name, src, f))
        out.append(CastOption(
            object=oid.string, zone=d["zone"], method=method.name, face="back" if f == "back" else "front",
            part=part, cost=Cost(canonical_mana(d["mana"]), d["exile"], d["sac"], d["discard"], d["life"], printed),
            mana_value=d["mv"], legal=d["legal"], why_not=sorted(d["why"], key=lambda r: r.code), source=source,
            term=x,
        ))
    order = {o.id: i for i, o in enumerate(scenario.objects)}
    out.sort(key=lambda o: (order[o.object], METHOD_ORDER.get(o.method, 9), o.source or "",
                            FACE_ORDER.get(_face_id(o), 9), str(o.term)))
    return out


def _face_id(o: CastOption) -> str:
    return o.term.arguments[3].name


def option_atoms(x: Symbol, player: str) -> dict[str, Symbol]:
    return {"legal": Function("legal", [x]), "permitted": Function("permitted", [x]),
            "timing_ok": Function("timing_ok", [x]), "candidate": Function("cast_option", [String(player), x])}
