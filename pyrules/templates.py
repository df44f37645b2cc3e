"""Reading oracle text into the knowledge base's vocabulary, one line at a time, by templates.

Each line of a face's text is matched against the templates the knowledge base models: keyword abilities
with their costs, activated abilities ("COST: EFFECT"), triggered abilities ("When/Whenever/At ..., EFFECT"),
Saga chapters, static abilities (cost changes, "Each [kind] is ...", "Equipped creature gets ...",
restrictions, escape grants) and the effects of instants and sorceries, built from a small grammar of
effects ("draw a card", "deals N damage to any target", "create a 2/2 green Wolf creature token", ...).
A line a template matches completely produces vocabulary facts (rules/core/abilities.lp and
rules/timeline/effects.lp say what they mean) and is `modelled`; a line no template matches completely
produces nothing and is `not_modelled` — reported, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol

from .mana import ManaSymbolError, parse_mana_cost

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10,
}
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
COLORS = {"white", "blue", "black", "red", "green", "colorless"}

# Keyword abilities: the printed words, the knowledge base's name, and what follows the words.
KEYWORDS = {
    "living metal": ("living_metal", None),
    "more than meets the eye": ("more_than_meets_the_eye", "cost"),
    "escape": ("escape", "cost"),
    "flashback": ("flashback", "cost"),
    "ward": ("ward", "cost"),
    "equip": ("equip", "cost"),
    "crew": ("crew", "number"),
    "modular": ("modular", "number"),
    "flying": ("flying", None),
    "first strike": ("first_strike", None),
    "double strike": ("double_strike", None),
    "lifelink": ("lifelink", None),
    "trample": ("trample", None),
    "haste": ("haste", None),
    "menace": ("menace", None),
    "deathtouch": ("deathtouch", None),
    "hexproof": ("hexproof", None),
    "shroud": ("shroud", None),
    "defender": ("defender", None),
    "flash": ("flash", None),
    "vigilance": ("vigilance", None),
    "reach": ("reach", None),
    "indestructible": ("indestructible", None),
}

# Keywords read (the object has them) whose rules the knowledge base doesn't have yet: their lines are reported
# as not modelled (ward's triggered ability never triggers).
KEYWORDS_NOT_MODELLED = {"ward"}

_REMINDER = re.compile(r"\s*\([^)]*\)")
TYPE_WORDS = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"}
SUPERTYPES = {"legendary", "basic", "snow"}


def _term(a) -> Symbol:
    if isinstance(a, Symbol):
        return a
    if isinstance(a, int):
        return Number(a)
    return String(a)


def F(name: str, *args) -> Symbol:
    return Function(name, [_term(a) for a in args])


C_ = Function  # constants: C_("you")


@dataclass
class Line:
    face: str
    line: int
    text: str
    status: str = "not_modelled"           # modelled | not_modelled
    understood: list[str] = field(default_factory=list)
    facts: list[Symbol] = field(default_factory=list)
    names: list[str] = field(default_factory=list)   # the names of the abilities it makes


class NotUnderstood(ValueError):
    pass


def number(word: str) -> int:
    w = word.lower()
    if w.isdigit():
        return int(w)
    if w in NUMBER_WORDS:
        return NUMBER_WORDS[w]
    raise NotUnderstood(word)


class Ability:
    """Collects the facts of one ability."""

    def __init__(self, ctx: "Ctx", name: str):
        self.ctx = ctx
        self.name = name
        self.ab = Function("ab", [ctx.c, ctx.f, Number(ctx.i), Function(name)])
        self.facts: list[Symbol] = [Function("face_ability", [ctx.c, ctx.f, self.ab])]
        self.targets = 0
        self.effects = 0
        self.defs = 0

    def add(self, pred: str, *args) -> None:
        self.facts.append(Function(pred, [self.ab, *[_term(a) for a in args]]))

    def fact(self, sym: Symbol) -> None:
        self.facts.append(sym)

    def filter(self, text: str, extra: tuple = ()) -> Symbol:
        """The filter term for a phrase ("noncreature artifact"), its facts added to the ability's."""
        term, facts = filter_term(text, extra=extra)
        self.facts += facts
        return term

    def effect(self, eff: Symbol) -> None:
        self.effects += 1
        self.add("effect", Number(self.effects), eff)

    def target(self, spec: Symbol, optional: bool = False, each_opponent: bool = False) -> int:
        self.targets += 1
        self.add("target", Number(self.targets), spec)
        if optional:
            self.add("target_optional", Number(self.targets))
        if each_opponent:
            self.add("target_each_opponent", Number(self.targets))
        return self.targets

    def new_def(self) -> Symbol:
        """A continuous effect this ability creates, named after the ability."""
        self.defs += 1
        return Function("d", [self.ab, Number(self.defs)])


@dataclass
class Ctx:
    card: object
    face: object
    i: int
    names: tuple[str, ...]

    @property
    def c(self) -> Symbol:
        return String(self.card.name)

    @property
    def f(self) -> Symbol:
        return Function(self.face.id)


def filter_term(phrase: str, extra: tuple[str, ...] = ()) -> tuple[Symbol, list[Symbol]]:
    """A filter phrase ("noncreature artifact", "another creature", "creature or Vehicle") as a filter term
    in disjunctive normal form with its facts (rules/core/filters.lp)."""
    words = [w.strip(",") for w in phrase.strip().rstrip(".").split()]
    if not words:
        raise NotUnderstood(phrase)
    clauses: list[list[Symbol]] = [[]]
    common: list[Symbol] = [F("pos", C_(x)) for x in extra]
    for w in words:
        lw = w.lower()
        if lw in ("or", "and/or"):
            clauses.append([])
            continue
        if lw in ("another", "other"):
            common.append(F("pos", C_("other")))
            continue
        if lw in ("a", "an", "target", "card", "cards", "permanent", "permanents", "spell", "spells", "one"):
            continue
        if lw in ("token", "tokens"):
            common.append(F("pos", C_("token")))
            continue
        if lw == "nontoken":
            common.append(F("neg", C_("token")))
            continue
        if lw == "tapped":
            common.append(F("pos", C_("tapped")))
            continue
        if lw == "attacking":
            common.append(F("pos", C_("attacking")))
            continue
        sign = "pos"
        base = lw
        if base.startswith("non-"):
            sign, base, w = "neg", base[4:], w[4:]
        elif base.startswith("non") and (base[3:] in TYPE_WORDS or base[3:].rstrip("s") in TYPE_WORDS):
            sign, base = "neg", base[3:]
        singular = base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base
        if singular in TYPE_WORDS:
            clauses[-1].append(F(sign, F("type", C_(singular))))
        elif singular in SUPERTYPES:
            clauses[-1].append(F(sign, F("supertype", C_(singular))))
        elif singular in COLORS:
            clauses[-1].append(F(sign, F("color", C_(singular))))
        elif w[:1].isupper():
            sub = base[:-1] if base.endswith("s") and len(base) > 3 and not base.endswith("ss") else base
            clauses[-1].append(F(sign, F("subtype", String(sub))))
        else:
            raise NotUnderstood(phrase)
    if any(not c for c in clauses) and len(clauses) > 1:
        raise NotUnderstood(phrase)
    key = " ".join(words).lower() + ("".join(f" [{x}]" for x in extra))
    term = Function("f", [String(key)])
    facts = [Function("filter_text", [term, String(" ".join(words))])]
    for k, lits in enumerate(clauses, start=1):
        facts.append(Function("filter_clause", [term, Number(k)]))
        for lit in lits + common:
            facts.append(Function("filter_lit", [term, Number(k), lit]))
    return term, facts


def _mana_items(text: str, start: int = 0) -> list[Symbol]:
    from .carddata import _sym_term

    out = []
    pos = start
    for inner in re.findall(r"\{([^}]+)\}", text):
        try:
            (sym,) = parse_mana_cost("{" + inner + "}")
        except ManaSymbolError as exc:
            raise NotUnderstood(exc.message) from None
        pos += 1
        out.append(F("mana", Number(pos), _sym_term(sym)))
    return out


def cost_items(text: str, ctx: Ctx) -> tuple[list[Symbol], list[Symbol]]:
    """A printed cost -> (cost items, facts they need)."""
    items: list[Symbol] = []
    facts: list[Symbol] = []
    pos = 0
    for part in (p.strip().rstrip(".") for p in text.split(",")):
        if not part:
            continue
        if re.fullmatch(r"(\{[^}]+\})+", part):
            for inner in re.findall(r"\{([^}]+)\}", part):
                if inner == "T":
                    items.append(C_("tap"))
                elif inner == "Q":
                    items.append(C_("untap"))
                else:
                    m = _mana_items("{" + inner + "}", pos)
                    pos += 1
                    items += m
            continue
        low = part.lower()
        m = re.fullmatch(r"exile (\w+) other cards? from your graveyard", low)
        if m:
            items.append(F("exile_other_graveyard", number(m[1])))
            continue
        m = re.fullmatch(r"pay (\w+) life", low)
        if m:
            items.append(F("pay_life", number(m[1])))
            continue
        m = re.fullmatch(r"discard (a|an|one|two|three) cards?", low)
        if m:
            items.append(F("discard", number(m[1])))
            continue
        if low == "discard your hand":
            items.append(C_("discard_hand"))
            continue
        m = re.fullmatch(r"sacrifice (.+)", part, re.I)
        if m:
            what = m[1]
            if what in ctx.names or what.lower() in ("this artifact", "this creature", "this permanent", "it"):
                items.append(C_("sacrifice_self"))
                continue
            m2 = re.fullmatch(r"(a|an|one|two|three|another) (.+)", what, re.I)
            if m2:
                n = 1 if m2[1].lower() == "another" else number(m2[1])
                phrase = ("another " if m2[1].lower() == "another" else "") + m2[2]
                term, ffacts = filter_term(phrase)
                items.append(F("sacrifice", Number(n), term))
                facts += ffacts
                continue
        raise NotUnderstood(part)
    return items, facts


def _self_ref(word: str, ctx: Ctx) -> bool:
    w = word.strip()
    return w in ctx.names or w.lower() in ("it", "this saga", "this creature", "this artifact", "this permanent",
                                          "this enchantment", "this land")


# ------------------------------------------------------------------------------------------------ effects

def _token(ctx: Ctx, desc: str) -> tuple[str, str]:
    """'2/2 green Wolf creature token' -> the name of a token card pyrules knows that fits it."""
    m = re.fullmatch(r"(\d+)/(\d+) (.+?) creature token(?: with (.+))?", desc.strip(), re.I)
    if not m:
        raise NotUnderstood(desc)
    words = m[3].split()
    subtypes = [w for w in words if w[:1].isupper() and w.lower() not in COLORS]
    if len(subtypes) != 1:
        raise NotUnderstood(desc)
    name = subtypes[0]
    db = getattr(ctx.card, "_db", None)
    from .carddata import bundled

    card = (db or bundled()).lookup(name)
    if card is None or card.layout != "token":
        raise NotUnderstood(desc)
    face = card.faces[0]
    if (face.power, face.toughness) != (m[1], m[2]):
        raise NotUnderstood(desc)
    kw = (m[4] or "").replace(" and ", ", ").split(", ") if m[4] else []
    printed = {KEYWORDS[k.lower()][0] for k in kw if k.lower() in KEYWORDS}
    if len(printed) != len(kw):
        raise NotUnderstood(desc)
    return card.name, f"{m[1]}/{m[2]} {m[3]} token"


def effects(text: str, ab: Ability, ctx: Ctx) -> list[str]:
    """The effects of an ability or spell, sentence by sentence; NotUnderstood if any part isn't modelled."""
    understood: list[str] = []
    text = text.strip()
    # whole-text templates first
    m = re.fullmatch(r"Exile target card from a graveyard\. If it was a creature card, you gain (\w+) life\. Otherwise, you draw a card\.", text)
    if m:
        term = ab.filter("card")
        k = ab.target(F("card_in_graveyard", term))
        ab.effect(F("exile", F("target", k)))
        cterm = ab.filter("creature")
        ab.effect(F("if_was", F("target", k), cterm, F("gain_life", C_("you"), number(m[1])), F("draw", C_("you"), 1)))
        return ["exile target card from a graveyard; creature: gain life, else draw"]
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text) if s.strip()]
    created = False
    for s in sentences:
        s = s.rstrip(".")
        try:
            done = _effect(s, ab, ctx, created)
            if done == "token":
                created = True
            understood.append(s)
            continue
        except NotUnderstood:
            pass
        parts = re.split(r", then |, and | and (?=you |draw |convert )|, ", s)
        for p in parts:
            p = p.strip()
            done = _effect(p, ab, ctx, created)
            if done == "token":
                created = True
            understood.append(p)
    return understood


def _effect(p: str, ab: Ability, ctx: Ctx, created: bool) -> str:
    low = p.lower()
    names = ctx.names
    m = re.fullmatch(r"(?:you )?draws? (\w+) cards?", low)
    if m:
        ab.effect(F("draw", C_("you"), number(m[1])))
        return "ok"
    m = re.fullmatch(r"target player draws (\w+) cards?", low)
    if m:
        k = ab.target(C_("player"))
        ab.effect(F("draw", F("target", k), number(m[1])))
        return "ok"
    m = re.fullmatch(r"you gain (\w+) life", low)
    if m:
        ab.effect(F("gain_life", C_("you"), number(m[1])))
        return "ok"
    m = re.fullmatch(r"each opponent loses (\w+) life", low)
    if m:
        ab.effect(F("lose_life", C_("each_opponent"), number(m[1])))
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage to any target", p)
    if m and _self_ref(m[1], ctx):
        k = ab.target(C_("any"))
        ab.effect(F("damage", F("target", k), number(m[2])))
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage divided as you choose among one or two targets", p)
    if m and _self_ref(m[1], ctx):
        ab.target(C_("any"))
        ab.target(C_("any"), optional=True)
        ab.effect(F("damage_divided", number(m[2])))
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage to that spell's controller", p)
    if m and _self_ref(m[1], ctx):
        ab.effect(F("damage", C_("data_controller"), number(m[2])))
        return "ok"
    m = re.fullmatch(r"tap target (.+)", low)
    if m:
        term = ab.filter(m[1])
        k = ab.target(F("permanent", term))
        ab.effect(F("tap", F("target", k)))
        return "ok"
    m = re.fullmatch(r"sacrifice (.+?) unless it escaped", p, re.I)
    if m and _self_ref(m[1], ctx):
        ab.effect(F("unless", F("escaped", C_("self")), F("sacrifice", C_("self"))))
        return "ok"
    m = re.fullmatch(r"sacrifice (.+)", p, re.I)
    if m and _self_ref(m[1], ctx):
        ab.effect(F("sacrifice", C_("self")))
        return "ok"
    m = re.fullmatch(r"put (a|an|one|two|three) ([+-]\d+/[+-]\d+) counters? on (.+)", p, re.I)
    if m and _self_ref(m[3], ctx):
        ab.effect(F("counters", C_("self"), String(m[2]), number(m[1])))
        return "ok"
    m = re.fullmatch(r"(?:you )?convert (.+)", p, re.I)
    if m and _self_ref(m[1], ctx):
        ab.effect(F("convert", C_("self")))
        return "ok"
    m = re.fullmatch(r"create (a|an|one|two|three) (.+)", p, re.I)
    if m:
        name, _ = _token(ctx, m[2])
        ab.effect(F("create_token", String(name), number(m[1])))
        return "token"
    m = re.fullmatch(r"it gains (\w+) until end of turn", low)
    if m and created and m[1] in KEYWORDS:
        ab.effect(F("apply", F("gains", C_(KEYWORDS[m[1]][0])), C_("created"), C_("end_of_turn")))
        return "ok"
    m = re.fullmatch(r"destroy all (.+)", p, re.I)
    if m:
        term = ab.filter(m[1])
        ab.effect(F("destroy_all", term))
        return "ok"
    m = re.fullmatch(r"exile (this saga|.+?), then return it to the battlefield transformed under your control", p, re.I)
    if m and _self_ref(m[1], ctx):
        ab.effect(F("exile_return_transformed", C_("self")))
        return "ok"
    if low == "discard your hand":
        ab.effect(F("discard_hand", C_("you")))
        return "ok"
    if low == "you may put a land card from your hand onto the battlefield":
        ab.effect(F("put_land", C_("you")))
        return "ok"
    m = re.fullmatch(r"(surveil|scry) (\d+)", low)
    if m:
        ab.effect(F(m[1], int(m[2])))
        return "ok"
    raise NotUnderstood(p)


# ------------------------------------------------------------------------------------------------ line kinds

TRIGGERS = [
    (r"When (.+?) enters", lambda m, ctx: [F("enters", C_("self"))] if _self_ref(m[1], ctx) else None),
    (r"Whenever (.+?) enters or attacks", lambda m, ctx: [F("enters", C_("self")), F("attacks", C_("self"))] if _self_ref(m[1], ctx) else None),
    (r"Whenever (.+?) attacks", lambda m, ctx: [F("attacks", C_("self"))] if _self_ref(m[1], ctx) else None),
    (r"At the beginning of the end step", lambda m, ctx: [F("at", C_("ending"), C_("end"), C_("each"))]),
    (r"At the beginning of each end step", lambda m, ctx: [F("at", C_("ending"), C_("end"), C_("each"))]),
    (r"At the beginning of your end step", lambda m, ctx: [F("at", C_("ending"), C_("end"), C_("you"))]),
    (r"At the beginning of your upkeep", lambda m, ctx: [F("at", C_("beginning"), C_("upkeep"), C_("you"))]),
    (r"At the beginning of each opponent's upkeep", lambda m, ctx: [F("at", C_("beginning"), C_("upkeep"), C_("opponent"))]),
    (r"At the beginning of combat on your turn", lambda m, ctx: [F("at", C_("combat"), C_("beginning_of_combat"), C_("you"))]),
    (r"At the beginning of each of your postcombat main phases", lambda m, ctx: [F("at", C_("postcombat_main"), C_("none"), C_("you"))]),
    (r"Whenever (.+?) deals combat damage to a player", lambda m, ctx: [F("combat_damage_to_player", C_("self"))] if _self_ref(m[1], ctx) else None),
    (r"Whenever (.+?) becomes the target of a spell", lambda m, ctx: [F("becomes_target", C_("self"), C_("spell"))] if _self_ref(m[1], ctx) else None),
    (r"Whenever a player plays a card exiled with (.+)", lambda m, ctx: [F("plays_exiled_with", C_("self"))] if _self_ref(m[1], ctx) else None),
]


def _triggered(line: str, ctx: Ctx) -> Line | None:
    m = re.fullmatch(r"Whenever a permanent you control transforms into (?:a |an )?(.+?), (.+)", line)
    if m:
        ab = Ability(ctx, f"trigger_{ctx.i}")
        term = ab.filter(m[1])
        ab.add("triggered")
        ab.add("trigger", F("transforms", term))
        understood = effects(m[2] + ".", ab, ctx)
        return _done(ctx, line, ab, [f"trigger: a permanent you control transforms into {m[1]}"] + understood)
    for pattern, make in TRIGGERS:
        m = re.fullmatch(pattern + r", (.+)", line)
        if not m:
            continue
        events = make(m, ctx)
        if not events:
            return None
        ab = Ability(ctx, f"trigger_{ctx.i}")
        ab.add("triggered")
        for e in events:
            ab.add("trigger", e)
        rest = m[m.lastindex]
        # "exile up to one other target ... For as long as that card remains exiled, its owner may play it."
        m2 = re.fullmatch(r"exile up to one (other )?target (.+?)\. For as long as that card remains exiled, its owner may play it\.", rest)
        if m2:
            term = ab.filter(m2[2], extra=("other",) if m2[1] else ())
            k = ab.target(F("permanent", term), optional=True)
            ab.effect(F("exile_may_play", F("target", k)))
            ab.add("grants_exile_play")
            return _done(ctx, line, ab, [f"trigger: {m[0].split(',')[0]}", f"exile up to one target {m2[2]}; its owner may play it while exiled"])
        understood = effects(rest, ab, ctx)
        return _done(ctx, line, ab, [f"trigger: {line.split(',')[0]}"] + understood)
    return None


def _chapter(line: str, ctx: Ctx) -> Line | None:
    m = re.fullmatch(r"([IVX]+) — (.+)", line)
    if not m or m[1] not in ROMAN:
        return None
    n = ROMAN[m[1]]
    ab = Ability(ctx, f"chapter_{n}")
    ab.add("triggered")
    ab.add("chapter", Number(n))
    rest = m[2]
    m2 = re.fullmatch(r"For each opponent, up to one target (.+?) they control becomes a (\d+)/(\d+) (\w+) artifact creature with (\w+) for as long as you control this Saga\.", rest)
    if m2:
        term = ab.filter(m2[1])
        k = ab.target(F("permanent", term), optional=True, each_opponent=True)
        d = ab.new_def()
        ab.facts += [F("adds_type", d, C_("artifact")), F("adds_type", d, C_("creature")),
                     F("sets_creature_type", d, String(m2[4].lower())),
                     F("sets_pt", d, F("fixed", int(m2[2]), int(m2[3]))), F("known_def", d)]
        if m2[5].lower() not in KEYWORDS:
            raise NotUnderstood(m2[5])
        ab.facts.append(F("grants", d, C_(KEYWORDS[m2[5].lower()][0])))
        ab.effect(F("apply", d, F("targets", k), C_("while_you_control_source")))
        return _done(ctx, line, ab, [f"chapter {n}", f"each opponent's {m2[1]} becomes a {m2[2]}/{m2[3]} {m2[4]} artifact creature with {m2[5]} while you control the Saga"])
    understood = effects(rest, ab, ctx)
    return _done(ctx, line, ab, [f"chapter {n}"] + understood)


def _activated(line: str, ctx: Ctx) -> Line | None:
    m = re.fullmatch(r"([^:\"]+): (.+)", line)
    if not m:
        return None
    cost_text, rest = m[1], m[2]
    if not (re.search(r"\{", cost_text) or re.match(r"(Sacrifice|Discard|Remove|Pay|Exile)\b", cost_text)):
        return None
    sorcery = False
    if rest.endswith("Activate only as a sorcery."):
        sorcery = True
        rest = rest[: -len("Activate only as a sorcery.")].strip()
    items, cfacts = cost_items(cost_text, ctx)
    mana = re.fullmatch(r"Add ((?:\{[WUBRGC]\})+)\.", rest)
    mana_each = re.fullmatch(r"Add \{([WUBRGC])\} for each (.+?) you control\.", rest)
    mana_choice = re.fullmatch(r"Add (?:one mana of any color|\{([WUBRG])\} or \{([WUBRG])\})\.", rest)
    if mana_choice or mana or mana_each:
        ab = Ability(ctx, f"mana_{ctx.i}")
        ab.add("activated")
        ab.add("mana_ability")
        for it in items:
            ab.add("cost", it)
        ab.facts += cfacts
        if mana_choice:
            kind = F("or", C_(mana_choice[1].lower()), C_(mana_choice[2].lower())) if mana_choice[1] else C_("any")
            ab.add("produces", kind, F("fixed", 1))
            return _done(ctx, line, ab, [f"mana ability: {cost_text}: {rest[:-1].lower()}"])
        if mana:
            counts: dict[str, int] = {}
            for sym in re.findall(r"\{([WUBRGC])\}", mana[1]):
                counts[sym] = counts.get(sym, 0) + 1
            for sym, n in counts.items():
                ab.add("produces", C_(sym.lower()), F("fixed", n))
            return _done(ctx, line, ab, [f"mana ability: {cost_text}: add {mana[1]}"])
        term = ab.filter(mana_each[2])
        ab.add("produces", C_(mana_each[1].lower()), F("count", term))
        return _done(ctx, line, ab, [f"mana ability: {cost_text}: add {{{mana_each[1]}}} for each {mana_each[2]} you control"])
    ab = Ability(ctx, f"activated_{ctx.i}")
    ab.add("activated")
    for it in items:
        ab.add("cost", it)
    ab.facts += cfacts
    if sorcery:
        ab.add("timing", C_("sorcery"))
    m2 = re.fullmatch(r"Until end of turn, each (.+?) card in your graveyard gains \"Escape—(.+?)\.\"", rest)
    if m2:
        term = ab.filter(m2[1])
        d = ab.new_def()
        gitems, gfacts = cost_items(m2[2], ctx)
        ab.facts += [F("grants_escape", d, term), F("known_def", d)] + [F("grant_cost", d, it) for it in gitems] + gfacts
        ab.effect(F("apply", d, C_("rules"), C_("end_of_turn")))
        return _done(ctx, line, ab, [f"activated: {cost_text}", f"until end of turn, each {m2[1]} card in your graveyard gains escape {m2[2]}"])
    understood = effects(rest, ab, ctx)
    return _done(ctx, line, ab, [f"activated: {cost_text}"] + understood + (["activate only as a sorcery"] if sorcery else []))


def _static(line: str, ctx: Ctx) -> Line | None:
    s = line
    m = re.fullmatch(r"Each (.+?) is an artifact creature with power and toughness each equal to its mana value\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(m[1])
        ab.add("static")
        ab.add("scope", F("each", term))
        ab.add("adds_type", C_("artifact"))
        ab.add("adds_type", C_("creature"))
        ab.add("sets_pt", C_("mana_value"))
        return _done(ctx, line, ab, [f"each {m[1]} is an artifact creature with power and toughness equal to its mana value"])
    m = re.fullmatch(r"(.+?) spells( you cast| your opponents cast)? cost \{(\d+)\} (more|less) to cast\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        phrase = m[1].replace(" and ", " or ")
        term = ab.filter(phrase)
        who = {" you cast": "you", " your opponents cast": "opponents", None: "any"}[m[2]]
        ab.add("static")
        ab.add("scope", F("spells", C_(who), term))
        ab.add("cost_mod", C_("increase" if m[4] == "more" else "reduce"), int(m[3]))
        return _done(ctx, line, ab, [f"{m[1]} spells{m[2] or ''} cost {{{m[3]}}} {m[4]}"])
    m = re.fullmatch(r"Equipped creature gets ([+-]\d+)/([+-]\d+)\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add("static")
        ab.add("scope", C_("equipped"))
        ab.add("mod_pt", int(m[1]), int(m[2]))
        return _done(ctx, line, ab, [f"equipped creature gets {m[1]}/{m[2]}"])
    m = re.fullmatch(r"Each (.+?) card in your graveyard has escape\. The escape cost is equal to the card's mana cost plus exile (\w+) other cards from your graveyard\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(m[1])
        ab.add("static")
        ab.add("grants_escape", term)
        ab.add("grant_cost", C_("mana_cost"))
        ab.add("grant_cost", F("exile_other_graveyard", number(m[2])))
        return _done(ctx, line, ab, [f"each {m[1]} card in your graveyard has escape: its mana cost plus exile {m[2]} other cards"])
    if s == "This spell can't be countered.":
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add("static")
        ab.add("functions_in", C_("stack"))
        ab.add("restriction", F("cant_be_countered", C_("self")))
        return _done(ctx, line, ab, ["this spell can't be countered"])
    m = re.fullmatch(r"(.+?) spells you control can't be countered\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(m[1])
        ab.add("static")
        ab.add("restriction", F("cant_be_countered", term))
        return _done(ctx, line, ab, [f"{m[1]} spells you control can't be countered"])
    if s == "Your opponents can't cast spells during combat.":
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add("static")
        ab.add("restriction", F("cant_cast", C_("opponents"), C_("during_combat")))
        return _done(ctx, line, ab, ["your opponents can't cast spells during combat"])
    return None


def _spell(line: str, ctx: Ctx) -> Line | None:
    """A line of an instant's or sorcery's text: what it does as it resolves."""
    if not any(t in ctx.face.type_line.lower() for t in ("instant", "sorcery")):
        return None
    ab = Ability(ctx, f"spell_{ctx.i}")
    ab.add("spell_ability")
    text = line
    note = []
    if text.startswith("Damage can't be prevented this turn. "):
        text = text[len("Damage can't be prevented this turn. "):]
        note = ["damage can't be prevented this turn (pyrules models no prevention, so this changes nothing here)"]
    understood = effects(text, ab, ctx)
    return _done(ctx, line, ab, note + understood)


def _done(ctx: Ctx, text: str, ab: Ability, understood: list[str]) -> Line:
    status = "not_modelled" if ab.name in KEYWORDS_NOT_MODELLED else "modelled"
    return Line(ctx.face.id, ctx.i, text, status, understood, ab.facts, [ab.name])


def _keyword_line(line: str, ctx: Ctx) -> Line | None:
    low = line.lower()
    for words, (name, kind) in KEYWORDS.items():
        if kind and (low.startswith(words + " ") or low.startswith(words + "—")):
            rest = line[len(words):].lstrip(" —")
            ab = Ability(ctx, name)
            ab.add("keyword", C_(name))
            if kind == "cost":
                items, facts = cost_items(rest, ctx)
                for it in items:
                    ab.add("cost", it)
                ab.facts += facts
                return _done(ctx, line, ab, [f"keyword {name} {rest}"])
            ab.add("keyword_n", Number(number(rest)))
            return _done(ctx, line, ab, [f"keyword {name} {number(rest)}"])
    parts = [p.strip().lower() for p in line.rstrip(".").split(",")]
    if parts and all(p in KEYWORDS and KEYWORDS[p][1] is None for p in parts):
        facts: list[Symbol] = []
        names = []
        for p in parts:
            name = KEYWORDS[p][0]
            ab = Ability(ctx, name)
            ab.add("keyword", C_(name))
            facts += ab.facts
            names.append(name)
        return Line(ctx.face.id, ctx.i, line, "modelled", [f"keyword {n}" for n in names], facts, names)
    return None


_ADDITIONAL = re.compile(r"As an additional cost to cast this spell, (.+?)\.?$", re.I)
_CANT = re.compile(r"(.+?) can't (attack|block|attack or block)\.?$", re.I)


def _restriction_line(line: str, ctx: Ctx) -> Line | None:
    """"[This creature] can't attack / can't block / can't attack or block." — a restriction on the object
    itself (restriction(A, cant_attack(self)), rules/mechanics/restrictions.lp) the combat rules consult."""
    m = _CANT.match(line)
    if not m or not _self_ref(m[1], ctx):
        return None
    kinds = {"attack": ["cant_attack"], "block": ["cant_block"], "attack or block": ["cant_attack", "cant_block"]}[m[2].lower()]
    ab = Ability(ctx, f"restriction_{ctx.i}")
    for name in kinds:
        ab.add("restriction", F(name, C_("self")))
    return _done(ctx, line, ab, [f"restriction {k}" for k in kinds])
_ESCAPES_WITH = re.compile(r"(.+) escapes with (\w+) ([+-]\d+/[+-]\d+) counters? on it\.?$", re.I)


_BASIC_REMINDER = re.compile(r"\(\{T\}: Add \{[WUBRG]\}(?:(?:, \{[WUBRG]\})*,? or \{[WUBRG]\})?\.\)")


def read_face(card, face) -> list[Line]:
    first = face.name.split(",")[0]
    names = tuple({card.name, face.name, first})
    out: list[Line] = []
    for i, raw in enumerate(face.lines, start=1):
        line = _REMINDER.sub("", raw).strip()
        ctx = Ctx(card, face, i, names)
        if not line:
            if _BASIC_REMINDER.fullmatch(raw.strip()):   # "({T}: Add {G}.)": the line that names a basic land type's ability
                out.append(Line(face.id, i, raw, "modelled", ["reminder text: the intrinsic mana ability of its basic land type"],
                                [Function("face_reminder_mana", [ctx.c, ctx.f, Number(i)])]))
                continue
            out.append(Line(face.id, i, raw, "modelled", ["reminder text"], []))
            continue
        got = None
        try:
            got = _keyword_line(line, ctx) or _restriction_line(line, ctx)
            if got is None:
                m = _ADDITIONAL.match(line)
                if m:
                    ab = Ability(ctx, "additional_cost")
                    ab.add("additional_cost")
                    items, facts = cost_items(m[1], ctx)
                    for it in items:
                        ab.add("cost", it)
                    ab.facts += facts
                    got = _done(ctx, line, ab, [f"additional cost: {m[1]}"])
            if got is None:
                m = _ESCAPES_WITH.match(line)
                if m and _self_ref(m[1], ctx):
                    ab = Ability(ctx, "escapes_with")
                    ab.add("escapes_with", String(m[3]), Number(number(m[2])))
                    got = _done(ctx, line, ab, [f"escapes with {m[2]} {m[3]} counter(s)"])
            for kind in (_chapter, _triggered, _activated, _static, _spell):
                if got is None:
                    got = kind(line, ctx)
        except NotUnderstood:
            got = None
        if got is None:
            got = Line(face.id, i, raw)
        got.text = raw
        out.append(got)
    return out


def read_card(card) -> list[Line]:
    out: list[Line] = []
    for face in card.faces:
        out.extend(read_face(card, face))
    return out
