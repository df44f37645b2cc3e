"""Reading oracle text into the knowledge base's vocabulary, one line at a time, by templates.

Each line of a face's text is matched against the templates the knowledge base models: keyword abilities
with their costs, activated abilities ("COST: EFFECT"), triggered abilities ("When/Whenever/At ..., EFFECT"),
Saga chapters, static abilities (cost changes, "Each [kind] is ...", "Equipped creature gets ...",
restrictions, escape grants) and the effects of instants and sorceries, built from a small grammar of
effects ("draw a card", "deals N damage to any target", "create a 2/2 green Wolf creature token", ...).
A line a template matches completely produces vocabulary facts (rules/core/abilities.lp and
rules/timeline/effects.lp say what they mean) and is `modelled`; a line no template matches completely
produces nothing and is `not_modelled` — reported, never guessed at.

"Completely" is checked, not assumed: the templates read `Span`s (pieces of the line that know where they
are in it) and record every stretch of the line they understood (`Ctx.took`); a line is `modelled` only if
those stretches cover every word of it, reminder text aside (`unread` lists what is left; a test reads every
card pyrules ships or tests with and requires nothing to be left). Words are understood only from the
Comprehensive Rules' own lists: card types, supertypes and subtypes as rules/core/types.lp states them,
the five colors, the keywords below — a capitalized word is a subtype only if one of the CR's subtype lists
has it, never because of where it stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

import clingo
from clingo import Function, Number, String, Symbol

from pyrules.cards.mana import ManaSymbolError, parse_mana_cost
from pyrules.kb.compile import rules_root
from pyrules.kb.interface import (
    ABILITY,
    ACTIVATED,
    ADDITIONAL_COST,
    ADDS_TYPE,
    CARD_TYPE_WORD,
    CHAPTER,
    COST,
    COST_MOD,
    EFFECT,
    EFFECT_DEF,
    ESCAPES_WITH,
    FACE_ABILITY,
    FACE_CHAPTER,
    FACE_REMINDER_MANA,
    FILTER,
    FILTER_CLAUSE,
    FILTER_LIT,
    FUNCTIONS_IN,
    GRANTS,
    GRANTS_ESCAPE,
    GRANTS_EXILE_PLAY,
    GRANT_COST,
    KEYWORD,
    KEYWORD_N,
    KNOWN_DEF,
    MANA_ABILITY,
    MOD_PT,
    Predicate,
    PRODUCES,
    RESTRICTION,
    SCOPE,
    SETS_CREATURE_TYPE,
    SETS_PT,
    SPELL_ABILITY,
    STATIC,
    SUBTYPE_LIST,
    SUPERTYPE_WORD,
    TARGET,
    TARGET_EACH_OPPONENT,
    TARGET_OPTIONAL,
    TIMING,
    TRIGGER,
    TRIGGERED_ABILITY,
)
from pyrules.kb.vocabulary import COLOR_WORDS, symbol_term

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10,
}
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
COLORS = {"white", "blue", "black", "red", "green"}   # the five colors; colorless is not a color

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

# Keywords read (the object has them) whose rules the knowledge base doesn't have in full yet: their lines are
# reported as not modelled (ward's triggered ability never triggers; modular's counters are put on the permanent
# as it enters, but its "when this dies" triggered ability never triggers).
KEYWORDS_NOT_MODELLED = {"ward", "modular"}

_REMINDER = re.compile(r"\s*\([^)]*\)")


@cache
def _type_lists() -> tuple[frozenset, frozenset, dict]:
    """The CR's lists of words, as the knowledge base states them (rules/core/types.lp): the card types, the
    supertypes and each subtype with its kind."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], (rules_root() / "core" / "types.lp").read_text(encoding="utf-8"))
    ctl.ground([("base", [])])

    def atoms(predicate):
        return predicate.decode(a.symbol for a in ctl.symbolic_atoms.by_signature(*predicate.signature))

    return (frozenset(r.word.string for r in atoms(CARD_TYPE_WORD)),
            frozenset(r.word.string for r in atoms(SUPERTYPE_WORD)),
            {r.word.string: r.kind.name for r in atoms(SUBTYPE_LIST)})


def __getattr__(name: str):
    """TYPE_WORDS and SUPERTYPES: the card types and supertypes of the CR's lists (read from the rules once)."""
    if name == "TYPE_WORDS":
        return _type_lists()[0]
    if name == "SUPERTYPES":
        return _type_lists()[1]
    raise AttributeError(name)


def _term(a) -> Symbol:
    if isinstance(a, Symbol):
        return a
    if isinstance(a, int):
        return Number(a)
    return String(str(a))


def F(name: str, *args) -> Symbol:
    return Function(name, [_term(a) for a in args])


C_ = Function  # constants: C_("you")


# ------------------------------------------------------------------------------------------------ spans

class Span(str):
    """A piece of a line's text that knows where it starts in the line (`at`)."""

    at: int = 0


def span(text: str, at: int) -> Span:
    s = Span(text)
    s.at = at
    return s


def part(s: Span, m: re.Match, g) -> Span:
    """Group g of a match on s, as a span of the line."""
    return span(m.group(g), s.at + m.start(g))


def stripped(s: Span) -> Span:
    lead = len(s) - len(s.lstrip())
    return span(s.strip(), s.at + lead)


def pieces(s: Span, pattern: str) -> tuple[list[Span], list[Span]]:
    """s split at each match of pattern: the pieces and the separators, each a span of the line."""
    out, seps, pos = [], [], 0
    for m in re.finditer(pattern, s):
        out.append(span(s[pos:m.start()], s.at + pos))
        seps.append(span(m.group(0), s.at + m.start()))
        pos = m.end()
    out.append(span(s[pos:], s.at + pos))
    return out, seps


@dataclass
class Line:
    face: str
    line: int
    text: str
    status: str = "not_modelled"           # modelled | not_modelled
    understood: list[str] = field(default_factory=list)
    facts: list[Symbol] = field(default_factory=list)
    names: list[str] = field(default_factory=list)   # the names of the abilities it makes
    read: str = ""                          # the text the templates read: the line without its reminder text
    spans: tuple = ()                       # the stretches of `read` they understood: (start, end)
    printed: list[Symbol] = field(default_factory=list)   # what the line prints whether or not it is read
                                                          # (a Saga's chapter numbers: rules/timeline/sba.lp)


def unread(line: Line) -> list[str]:
    """The words of a line (its reminder text aside) that no template understood, in order: [] when the
    templates' spans cover all of it."""
    covered = bytearray(len(line.read))
    for a, b in line.spans:
        covered[a:b] = b"\x01" * (b - a)
    return [m.group() for m in re.finditer(r"\S+", line.read) if not all(covered[m.start():m.end()])]


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
        self.ab = ABILITY(ctx.c, ctx.f, ctx.i, name)
        self.facts: list[Symbol] = [FACE_ABILITY(ctx.c, ctx.f, self.ab)]
        self.targets = 0
        self.effects = 0
        self.defs = 0

    def add(self, predicate: Predicate, *args) -> None:
        """A fact of the ability: predicate(ab, args...) (pyrules/kb/interface.py declares the card vocabulary)."""
        self.facts.append(predicate(self.ab, *[_term(a) for a in args]))

    def fact(self, sym: Symbol) -> None:
        self.facts.append(sym)

    def filter(self, text: str, kind: str = "permanent", extra: tuple = (), and_or: bool = False) -> Symbol:
        """The filter term for a phrase ("noncreature artifact"), its facts added to the ability's (the words
        it reads are marked understood when the phrase is a span of the line)."""
        term, facts = filter_term(text, kind, extra=extra, ctx=self.ctx if isinstance(text, Span) else None, and_or=and_or)
        self.facts += facts
        return term

    def effect(self, eff: Symbol) -> None:
        self.effects += 1
        self.add(EFFECT, Number(self.effects), eff)

    def target(self, spec: Symbol, optional: bool = False, each_opponent: bool = False) -> int:
        self.targets += 1
        self.add(TARGET, Number(self.targets), spec)
        if optional:
            self.add(TARGET_OPTIONAL, Number(self.targets))
        if each_opponent:
            self.add(TARGET_EACH_OPPONENT, Number(self.targets))
        return self.targets

    def new_def(self) -> Symbol:
        """A continuous effect this ability creates, named after the ability."""
        self.defs += 1
        return EFFECT_DEF(self.ab, self.defs)

    def save(self) -> tuple:
        return (len(self.facts), self.targets, self.effects, self.defs, len(self.ctx.spans))

    def restore(self, state: tuple) -> None:
        """Back to a saved state: a reading that failed half-way leaves no facts and no understood words."""
        del self.facts[state[0]:]
        self.targets, self.effects, self.defs = state[1:4]
        del self.ctx.spans[state[4]:]


@dataclass
class Ctx:
    card: object
    face: object
    i: int
    names: tuple[str, ...]
    spans: list = field(default_factory=list)
    tokens: object = None          # name -> the token card an effect creates (the card database's lookup)

    @property
    def c(self) -> Symbol:
        return String(self.card.name)

    @property
    def f(self) -> Symbol:
        return Function(self.face.id)

    def took(self, s: Span, m: re.Match | None = None, *keep) -> None:
        """The template understood s (all of it), or match m on s: its literal text and the groups in keep
        (the other groups are read by the readers they are given to, which mark what they understand)."""
        if m is None:
            self.spans.append((s.at, s.at + len(s)))
            return
        cuts = sorted((m.start(g), m.end(g)) for g in range(1, m.re.groups + 1) if g not in keep and m.start(g) >= 0)
        pos = m.start()
        for a, b in cuts:
            if a > pos:
                self.spans.append((s.at + pos, s.at + a))
            pos = max(pos, b)
        if m.end() > pos:
            self.spans.append((s.at + pos, s.at + m.end()))


# ------------------------------------------------------------------------------------------------ filters

# The noun a filter may use for the kind of object it is about ("target permanent", "nonland card").
KIND_NOUNS = {"permanent": ("permanent", "permanents"), "card": ("card", "cards"), "spell": ("spell", "spells")}
MODIFIERS = {"another": "other", "other": "other", "token": "token", "tokens": "token", "tapped": "tapped",
             "attacking": "attacking", "blocking": "blocking"}
NEGATED_MODIFIERS = {"nontoken": "token", "untapped": "tapped"}


def _singulars(word: str) -> list[str]:
    """The singular forms a plural word may have ("Walls" wall, "sorceries" sorcery, "Elves" elf)."""
    w = word.lower()
    out = [w]
    if w.endswith("ies"):
        out.append(w[:-3] + "y")
    if w.endswith("ves"):
        out.append(w[:-3] + "f")
    if w.endswith("es"):
        out.append(w[:-2])
    if w.endswith("s") and not w.endswith("ss"):
        out.append(w[:-1])
    return out


def _word_literal(w: str) -> Symbol | None:
    """One word of a filter as the condition it names: a card type, supertype or subtype of the CR's lists
    (a subtype capitalized, as printed), a color, or historic; None for any other word."""
    types, supertypes, subtypes = _type_lists()
    for s in _singulars(w):
        if s in types:
            return F("type", C_(s))
        if s in supertypes:
            return F("supertype", C_(s))
        if s in COLORS:
            return F("color", C_(s))
        if s == "historic":
            return C_("historic")
        if s in subtypes and w[:1].isupper():
            return F("subtype", String(s))
    return None


def filter_term(phrase: str, kind: str = "permanent", extra: tuple[str, ...] = (), ctx: Ctx | None = None,
                and_or: bool = False) -> tuple[Symbol, list[Symbol]]:
    """A filter phrase ("noncreature artifact", "another creature", "artifact, creature, or land") as a filter
    term in disjunctive normal form with its facts (rules/core/filters.lp). Every word must be understood:
    "or" (and the commas of a list ending ", or ...") separates kinds of objects, each kind the conjunction of
    its words; a modifier before the first kind (another, tapped, token, ...) applies to every kind; the
    noun of the filter's kind ("permanent", "card", "spell") adds nothing. and_or: "and" means "or" too
    ("instant and sorcery spells"). With ctx, the words read are marked understood."""
    toks = list(re.finditer(r"[^\s,]+|,", phrase))
    if not toks:
        raise NotUnderstood(phrase)
    connectors = {"or", "and/or"} | ({"and"} if and_or else set())
    clauses: list[list[Symbol]] = [[]]
    nouns = [0]            # words that name a kind in each clause
    common: list[Symbol] = [F("pos", C_(x)) for x in extra]
    commas = after_last_comma = 0
    prev = None
    for t in toks:
        w = t.group()
        lw = w.lower()
        if w == ",":
            if prev is None or prev == ",":
                raise NotUnderstood(phrase)
            commas += 1
            after_last_comma = 0
            clauses.append([])
            nouns.append(0)
            prev = w
            continue
        if lw in connectors:
            if prev is None or prev in connectors:
                raise NotUnderstood(phrase)
            if prev == ",":       # ", or": the comma has begun the list's last item
                after_last_comma = 1
            else:
                clauses.append([])
                nouns.append(0)
            prev = lw
            continue
        prev = lw
        first = len(clauses) == 1 and not nouns[0]   # before the first kind: applies to every kind
        into = common if first else clauses[-1]
        if lw in ("a", "an") and not clauses[-1] and not nouns[-1] and not (first and len(common) > len(extra)):
            continue
        if lw in KIND_NOUNS.get(kind, ()):
            nouns[-1] += 1
            continue
        if lw in MODIFIERS:
            into.append(F("pos", C_(MODIFIERS[lw])))
            continue
        if lw in NEGATED_MODIFIERS:
            into.append(F("neg", C_(NEGATED_MODIFIERS[lw])))
            continue
        lit = _word_literal(w)
        sign = "pos"
        if lit is None and lw.startswith("non-"):
            lit, sign = _word_literal(w[4:]), "neg"
        elif lit is None and lw.startswith("non") and len(lw) > 3:
            lit, sign = _word_literal(w[3:]), "neg"
            if lit is not None and lit.name == "subtype":   # "non-Human": a subtype keeps its capital and hyphen
                lit = None
        if lit is None:
            raise NotUnderstood(phrase)
        clauses[-1].append(F(sign, lit))
        if lit.name in ("type", "subtype") or lit.name == "historic":
            nouns[-1] += 1
    if prev in connectors or prev == ",":
        raise NotUnderstood(phrase)
    if commas and not after_last_comma:   # "artifact, creature": a list needs its "or"
        raise NotUnderstood(phrase)
    if len(clauses) > 1 and any(not c and not n for c, n in zip(clauses, nouns)):
        raise NotUnderstood(phrase)
    if ctx is not None and isinstance(phrase, Span):
        ctx.took(phrase)
    text = " ".join(phrase.split())
    key = text.lower() + "".join(f" [{x}]" for x in extra)
    term = FILTER(key)
    facts = []
    for k, lits in enumerate(clauses, start=1):
        facts.append(FILTER_CLAUSE(term, k))
        for lit in lits + common:
            facts.append(FILTER_LIT(term, k, lit))
    return term, facts


# ------------------------------------------------------------------------------------------------ costs

def _mana_items(text: str, start: int = 0) -> list[Symbol]:
    out = []
    pos = start
    for inner in re.findall(r"\{([^}]+)\}", text):
        try:
            (sym,) = parse_mana_cost("{" + inner + "}")
        except ManaSymbolError as exc:
            raise NotUnderstood(exc.message) from None
        pos += 1
        out.append(F("mana", Number(pos), symbol_term(sym)))
    return out


def cost_items(text: Span, ctx: Ctx) -> tuple[list[Symbol], list[Symbol]]:
    """A printed cost -> (cost items, facts they need); its words are marked understood."""
    items: list[Symbol] = []
    facts: list[Symbol] = []
    pos = 0
    parts, commas = pieces(text, r",")
    for c in commas:
        ctx.took(c)
    for raw in parts:
        p = stripped(raw)
        if p.endswith("."):
            ctx.took(span(".", p.at + len(p) - 1))
            p = span(p[:-1], p.at)
        if not p:
            raise NotUnderstood(text)
        if re.fullmatch(r"(\{[^}]+\})+", p):
            for inner in re.findall(r"\{([^}]+)\}", p):
                if inner == "T":
                    items.append(C_("tap"))
                elif inner == "Q":
                    items.append(C_("untap"))
                else:
                    items += _mana_items("{" + inner + "}", pos)
                    pos += 1
            ctx.took(p)
            continue
        m = re.fullmatch(r"exile (\w+) other cards? from your graveyard", p, re.I)
        if m:
            items.append(F("exile_other_graveyard", number(m[1])))
            ctx.took(p, m, 1)
            continue
        m = re.fullmatch(r"pay (\w+) life", p, re.I)
        if m:
            items.append(F("pay_life", number(m[1])))
            ctx.took(p, m, 1)
            continue
        m = re.fullmatch(r"discard (a|an|one|two|three) cards?", p, re.I)
        if m:
            items.append(F("discard", number(m[1])))
            ctx.took(p, m, 1)
            continue
        if p.lower() == "discard your hand":
            items.append(C_("discard_hand"))
            ctx.took(p)
            continue
        m = re.fullmatch(r"sacrifice (.+)", p, re.I)
        if m:
            what = part(p, m, 1)
            if _self_ref(what, ctx):
                items.append(C_("sacrifice_self"))
                ctx.took(p, m, 1)
                continue
            m2 = re.fullmatch(r"(a|an|one|two|three|another) (.+)", what, re.I)
            if m2:
                another = m2[1].lower() == "another"
                n = 1 if another else number(m2[1])
                # "another" belongs to the filter ("another creature": not this permanent)
                phrase = span(what[m2.start(1):], what.at + m2.start(1)) if another else part(what, m2, 2)
                term, ffacts = filter_term(phrase, "permanent", ctx=ctx)
                items.append(F("sacrifice", Number(n), term))
                facts += ffacts
                ctx.took(p, m)
                if not another:
                    ctx.took(what, m2, 1)
                continue
        raise NotUnderstood(p)
    return items, facts


def _self_ref(word: str, ctx: Ctx, created: bool = False) -> bool:
    """Whether words name the object whose text it is: its name, "it" (not once an effect has created a
    token: then "it" is the token), or "this [type]" for a card type or subtype the face has."""
    w = word.strip()
    if w in ctx.names:
        return True
    lw = w.lower()
    if lw == "it":
        return not created
    m = re.fullmatch(r"this (\w+)", lw)
    if not m:
        return False
    left, _, right = ctx.face.type_line.lower().partition("—")
    return m[1] == "permanent" and "instant" not in left and "sorcery" not in left or m[1] in left.split() + right.split()


# ------------------------------------------------------------------------------------------------ effects

def _token(ctx: Ctx, desc: str) -> str:
    """'2/2 green Wolf creature token' -> the name of the token card pyrules knows that is exactly that: its
    power and toughness, colors, card types, subtypes and keyword abilities are the ones the words name."""
    m = re.fullmatch(r"(\d+)/(\d+) (.+?) creature token(?: with (.+))?", desc.strip())
    if not m:
        raise NotUnderstood(desc)
    types, supertypes, subtypes = _type_lists()
    colors: set[str] = set()
    kinds: set[str] = {"creature"}
    supers: set[str] = set()
    subs: list[str] = []
    words = m[3].split()
    for k, w in enumerate(words):
        lw = w.lower()
        if lw in COLORS:
            colors.add(lw)
        elif lw == "colorless" and not colors:
            colors.add(lw)
        elif lw == "and" and 0 < k < len(words) - 1 and words[k - 1].lower() in COLORS and words[k + 1].lower() in COLORS:
            pass
        elif lw in types:
            kinds.add(lw)
        elif lw in supertypes:
            supers.add(lw)
        elif w[:1].isupper() and lw in subtypes:
            subs.append(lw)
        else:
            raise NotUnderstood(desc)
    if not colors or len(subs) != 1:
        raise NotUnderstood(desc)
    card = ctx.tokens(words[[w.lower() for w in words].index(subs[0])]) if ctx.tokens else None
    if card is None or card.layout != "token":
        raise NotUnderstood(desc)
    face = card.faces[0]
    left, _, right = face.type_line.lower().partition("—")
    face_colors = {COLOR_WORDS[c] for c in face.colors} or {"colorless"}
    if ((face.power, face.toughness) != (m[1], m[2]) or face_colors != colors
            or set(left.split()) - {"token"} != kinds | supers or right.split() != subs):
        raise NotUnderstood(desc)
    kw = re.split(r", and |, | and ", m[4]) if m[4] else []
    named = {KEYWORDS[k.lower()][0] for k in kw if k.lower() in KEYWORDS and KEYWORDS[k.lower()][1] is None}
    has = [ln for ln in card.reading()]
    if len(named) != len(kw) or any(ln.status != "modelled" or not set(ln.names) <= named for ln in has) \
            or {n for ln in has for n in ln.names} != named:
        raise NotUnderstood(desc)
    return card.name


def effects(text: Span, ab: Ability, ctx: Ctx) -> list[str]:
    """The effects of an ability or spell, sentence by sentence; NotUnderstood if any part isn't modelled."""
    understood: list[str] = []
    text = stripped(text)
    # whole-text templates first
    m = re.fullmatch(r"Exile target card from a graveyard\. If it was a creature card, you gain (\w+) life\. Otherwise, you draw a card\.", text)
    if m:
        term = ab.filter("card", "card")
        k = ab.target(F("card_in_graveyard", term))
        ab.effect(F("exile", F("target", k)))
        cterm = ab.filter("creature", "card")
        ab.effect(F("if_was", F("target", k), cterm, F("gain_life", C_("you"), number(m[1])), F("draw", C_("you"), 1)))
        ctx.took(text, m, 1)
        return ["exile target card from a graveyard; creature: gain life, else draw"]
    sentences, _spaces = pieces(text, r"(?<=\.)\s+")
    created = False
    for s in sentences:
        if not s:
            raise NotUnderstood(text)
        if s.endswith("."):
            ctx.took(span(".", s.at + len(s) - 1))
            s = span(s[:-1], s.at)
        state = ab.save()
        try:
            done = _effect(s, ab, ctx, created)
            created = created or done == "token"
            understood.append(str(s))
            continue
        except NotUnderstood:
            ab.restore(state)
        parts, seps = pieces(s, r", then |, and | and (?=you |draw |convert )|, ")
        for sep in seps:
            ctx.took(sep)
        for p in parts:
            p = stripped(p)
            done = _effect(p, ab, ctx, created)
            created = created or done == "token"
            understood.append(str(p))
    return understood


def _effect(p: Span, ab: Ability, ctx: Ctx, created: bool) -> str:
    """One effect; its words are marked understood (the caller undoes a failed reading)."""
    m = re.fullmatch(r"(?:you )?draw (\w+) cards?", p, re.I)
    if m:
        ab.effect(F("draw", C_("you"), number(m[1])))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"target player draws (\w+) cards?", p, re.I)
    if m:
        n = number(m[1])
        k = ab.target(C_("player"))
        ab.effect(F("draw", F("target", k), n))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"you gain (\w+) life", p, re.I)
    if m:
        ab.effect(F("gain_life", C_("you"), number(m[1])))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"each opponent loses (\w+) life", p, re.I)
    if m:
        ab.effect(F("lose_life", C_("each_opponent"), number(m[1])))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage to any target", p)
    if m and _self_ref(m[1], ctx, created):
        n = number(m[2])
        k = ab.target(C_("any"))
        ab.effect(F("damage", F("target", k), n))
        ctx.took(p, m, 1, 2)
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage divided as you choose among one or two targets", p)
    if m and _self_ref(m[1], ctx, created):
        n = number(m[2])
        ab.target(C_("any"))
        ab.target(C_("any"), optional=True)
        ab.effect(F("damage_divided", n))
        ctx.took(p, m, 1, 2)
        return "ok"
    m = re.fullmatch(r"(.+?) deals (\w+) damage to that spell's controller", p)
    if m and _self_ref(m[1], ctx, created):
        ab.effect(F("damage", C_("data_controller"), number(m[2])))
        ctx.took(p, m, 1, 2)
        return "ok"
    m = re.fullmatch(r"tap target (.+)", p, re.I)
    if m:
        term = ab.filter(part(p, m, 1))
        k = ab.target(F("permanent", term))
        ab.effect(F("tap", F("target", k)))
        ctx.took(p, m)
        return "ok"
    m = re.fullmatch(r"sacrifice (.+?) unless it escaped", p, re.I)
    if m and _self_ref(m[1], ctx, created):
        ab.effect(F("unless", F("escaped", C_("self")), F("sacrifice", C_("self"))))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"sacrifice (.+)", p, re.I)
    if m and _self_ref(m[1], ctx, created):
        ab.effect(F("sacrifice", C_("self")))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"put (a|an|one|two|three) ([+-]\d+/[+-]\d+) counters? on (.+)", p, re.I)
    if m and _self_ref(m[3], ctx, created):
        ab.effect(F("counters", C_("self"), String(m[2]), number(m[1])))
        ctx.took(p, m, 1, 2, 3)
        return "ok"
    m = re.fullmatch(r"(?:you )?convert (.+)", p, re.I)
    if m and _self_ref(m[1], ctx, created):
        ab.effect(F("convert", C_("self")))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"create (a|an|one|two|three) (.+)", p, re.I)
    if m:
        n = number(m[1])
        name = _token(ctx, m[2])
        ab.effect(F("create_token", String(name), n))
        ctx.took(p, m, 1, 2)
        return "token"
    m = re.fullmatch(r"it gains (\w+) until end of turn", p, re.I)
    if m and created and m[1].lower() in KEYWORDS and KEYWORDS[m[1].lower()][1] is None:
        ab.effect(F("apply", F("gains", C_(KEYWORDS[m[1].lower()][0])), C_("created"), C_("end_of_turn")))
        ctx.took(p, m, 1)
        return "ok"
    m = re.fullmatch(r"destroy all (.+)", p, re.I)
    if m:
        term = ab.filter(part(p, m, 1))
        ab.effect(F("destroy_all", term))
        ctx.took(p, m)
        return "ok"
    m = re.fullmatch(r"exile (.+?), then return it to the battlefield transformed under your control", p, re.I)
    if m and _self_ref(m[1], ctx, created):
        ab.effect(F("exile_return_transformed", C_("self")))
        ctx.took(p, m, 1)
        return "ok"
    if p.lower() == "discard your hand":
        ab.effect(F("discard_hand", C_("you")))
        ctx.took(p)
        return "ok"
    if p.lower() == "you may put a land card from your hand onto the battlefield":
        ab.effect(F("put_land", C_("you")))
        ctx.took(p)
        return "ok"
    m = re.fullmatch(r"(surveil|scry) (\d+)", p, re.I)
    if m:
        ab.effect(F(m[1].lower(), int(m[2])))
        ctx.took(p, m, 1, 2)
        return "ok"
    raise NotUnderstood(p)


# ------------------------------------------------------------------------------------------------ line kinds

# (pattern, the events, whether group 1 must name the object itself)
TRIGGERS = [
    (r"When (.+?) enters", lambda: [F("enters", C_("self"))], True),
    (r"Whenever (.+?) enters or attacks", lambda: [F("enters", C_("self")), F("attacks", C_("self"))], True),
    (r"Whenever (.+?) attacks", lambda: [F("attacks", C_("self"))], True),
    (r"At the beginning of the end step", lambda: [F("at", C_("ending"), C_("end"), C_("each"))], False),
    (r"At the beginning of each end step", lambda: [F("at", C_("ending"), C_("end"), C_("each"))], False),
    (r"At the beginning of your end step", lambda: [F("at", C_("ending"), C_("end"), C_("you"))], False),
    (r"At the beginning of your upkeep", lambda: [F("at", C_("beginning"), C_("upkeep"), C_("you"))], False),
    (r"At the beginning of each opponent's upkeep", lambda: [F("at", C_("beginning"), C_("upkeep"), C_("opponent"))], False),
    (r"At the beginning of combat on your turn", lambda: [F("at", C_("combat"), C_("beginning_of_combat"), C_("you"))], False),
    (r"At the beginning of each of your postcombat main phases", lambda: [F("at", C_("postcombat_main"), C_("none"), C_("you"))], False),
    (r"Whenever (.+?) deals combat damage to a player", lambda: [F("combat_damage_to_player", C_("self"))], True),
    (r"Whenever (.+?) becomes the target of a spell", lambda: [F("becomes_target", C_("self"), C_("spell"))], True),
    (r"Whenever a player plays a card exiled with (.+)", lambda: [F("plays_exiled_with", C_("self"))], True),
]


def _triggered(line: Span, ctx: Ctx) -> Line | None:
    m = re.fullmatch(r"Whenever a permanent you control transforms into (?:a |an )?(.+?), (.+)", line)
    if m:
        ab = Ability(ctx, f"trigger_{ctx.i}")
        term = ab.filter(part(line, m, 1))
        ab.add(TRIGGERED_ABILITY)
        ab.add(TRIGGER, F("transforms", term))
        ctx.took(line, m)
        understood = effects(part(line, m, 2), ab, ctx)
        return _done(ctx, line, ab, [f"trigger: a permanent you control transforms into {m[1]}"] + understood)
    for pattern, make, self_group in TRIGGERS:
        m = re.fullmatch(pattern + r", (.+)", line)
        if not m:
            continue
        if self_group and not _self_ref(m[1], ctx):
            return None
        ab = Ability(ctx, f"trigger_{ctx.i}")
        ab.add(TRIGGERED_ABILITY)
        for e in make():
            ab.add(TRIGGER, e)
        rest = part(line, m, m.lastindex)
        ctx.took(line, m, *((1,) if self_group else ()))
        # "exile up to one other target ... For as long as that card remains exiled, its owner may play it."
        m2 = re.fullmatch(r"exile up to one (other )?target (.+?)\. For as long as that card remains exiled, its owner may play it\.", rest)
        if m2:
            term = ab.filter(part(rest, m2, 2), extra=("other",) if m2[1] else ())
            k = ab.target(F("permanent", term), optional=True)
            ab.effect(F("exile_may_play", F("target", k)))
            ab.add(GRANTS_EXILE_PLAY)
            ctx.took(rest, m2, 1)
            return _done(ctx, line, ab, [f"trigger: {m[0].split(',')[0]}", f"exile up to one target {m2[2]}; its owner may play it while exiled"])
        understood = effects(rest, ab, ctx)
        return _done(ctx, line, ab, [f"trigger: {line.split(',')[0]}"] + understood)
    return None


_CHAPTER = re.compile(r"([IVX]+(?:, [IVX]+)*) — (.+)")


def chapter_numbers(line: str) -> list[int]:
    """The chapter numbers a line's chapter symbols print ("I, II — ..." 1 and 2)."""
    m = _CHAPTER.fullmatch(line)
    if not m or any(x not in ROMAN for x in m[1].split(", ")):
        return []
    return [ROMAN[x] for x in m[1].split(", ")]


def _chapter(line: Span, ctx: Ctx) -> Line | None:
    nums = chapter_numbers(line)
    if not nums:
        return None
    m = _CHAPTER.fullmatch(line)
    rest = part(line, m, 2)
    ctx.took(line, m, 1)
    abilities, understood = [], []
    for n in nums:      # "I, II — [effect]" is two chapter abilities, one for each symbol
        ab = Ability(ctx, f"chapter_{n}")
        ab.add(TRIGGERED_ABILITY)
        ab.add(CHAPTER, Number(n))
        abilities.append(ab)
        m2 = re.fullmatch(r"For each opponent, up to one target (.+?) they control becomes a (\d+)/(\d+) (\w+) artifact creature with (\w+) for as long as you control this Saga\.", rest)
        if m2:
            kw = m2[5].lower()
            if _type_lists()[2].get(m2[4].lower()) != "creature" or kw not in KEYWORDS or KEYWORDS[kw][1] is not None:
                raise NotUnderstood(rest)
            term = ab.filter(part(rest, m2, 1))
            k = ab.target(F("permanent", term), optional=True, each_opponent=True)
            d = ab.new_def()
            ab.facts += [ADDS_TYPE(d, C_("artifact")), ADDS_TYPE(d, C_("creature")),
                         SETS_CREATURE_TYPE(d, String(m2[4].lower())),
                         SETS_PT(d, F("fixed", int(m2[2]), int(m2[3]))), KNOWN_DEF(d)]
            ab.facts.append(GRANTS(d, C_(KEYWORDS[kw][0])))
            ab.effect(F("apply", d, F("targets", k), C_("while_you_control_source")))
            ctx.took(rest, m2, 2, 3, 4, 5)
            understood += [f"chapter {n}", f"each opponent's {m2[1]} becomes a {m2[2]}/{m2[3]} {m2[4]} artifact creature with {m2[5]} while you control the Saga"]
            continue
        understood += [f"chapter {n}"] + effects(rest, ab, ctx)
    return _done(ctx, line, abilities, understood)


def _activated(line: Span, ctx: Ctx) -> Line | None:
    m = re.fullmatch(r"([^:\"]+): (.+)", line)
    if not m:
        return None
    cost_text, rest = part(line, m, 1), part(line, m, 2)
    if not (re.search(r"\{", cost_text) or re.match(r"(Sacrifice|Discard|Remove|Pay|Exile)\b", cost_text)):
        return None
    ctx.took(line, m)
    sorcery = False
    ms = re.fullmatch(r"(.+?) ?Activate only as a sorcery\.", rest)
    if ms:
        sorcery = True
        ctx.took(rest, ms)
        rest = part(rest, ms, 1)
    items, cfacts = cost_items(cost_text, ctx)
    mana = re.fullmatch(r"Add ((?:\{[WUBRGC]\})+)\.", rest)
    mana_each = re.fullmatch(r"Add \{([WUBRGC])\} for each (.+?) you control\.", rest)
    mana_choice = re.fullmatch(r"Add (?:one mana of any color|\{([WUBRG])\} or \{([WUBRG])\})\.", rest)
    if mana_choice or mana or mana_each:
        ab = Ability(ctx, f"mana_{ctx.i}")
        ab.add(ACTIVATED)
        ab.add(MANA_ABILITY)
        for it in items:
            ab.add(COST, it)
        ab.facts += cfacts
        if sorcery:
            ab.add(TIMING, C_("sorcery"))
        if mana_choice:
            kind = F("or", C_(mana_choice[1].lower()), C_(mana_choice[2].lower())) if mana_choice[1] else C_("any")
            ab.add(PRODUCES, kind, F("fixed", 1))
            ctx.took(rest, mana_choice, 1, 2)
            return _done(ctx, line, ab, [f"mana ability: {cost_text}: {rest[:-1].lower()}"])
        if mana:
            counts: dict[str, int] = {}
            for sym in re.findall(r"\{([WUBRGC])\}", mana[1]):
                counts[sym] = counts.get(sym, 0) + 1
            for sym, n in counts.items():
                ab.add(PRODUCES, C_(sym.lower()), F("fixed", n))
            ctx.took(rest, mana, 1)
            return _done(ctx, line, ab, [f"mana ability: {cost_text}: add {mana[1]}"])
        term = ab.filter(part(rest, mana_each, 2))
        ab.add(PRODUCES, C_(mana_each[1].lower()), F("count", term))
        ctx.took(rest, mana_each, 1)
        return _done(ctx, line, ab, [f"mana ability: {cost_text}: add {{{mana_each[1]}}} for each {mana_each[2]} you control"])
    ab = Ability(ctx, f"activated_{ctx.i}")
    ab.add(ACTIVATED)
    for it in items:
        ab.add(COST, it)
    ab.facts += cfacts
    if sorcery:
        ab.add(TIMING, C_("sorcery"))
    m2 = re.fullmatch(r"Until end of turn, each (.+?) card in your graveyard gains \"Escape—(.+?)\.\"", rest)
    if m2:
        term = ab.filter(part(rest, m2, 1), "card")
        d = ab.new_def()
        gitems, gfacts = cost_items(part(rest, m2, 2), ctx)
        ab.facts += [GRANTS_ESCAPE(d, term), KNOWN_DEF(d)] + [GRANT_COST(d, it) for it in gitems] + gfacts
        ab.effect(F("apply", d, C_("rules"), C_("end_of_turn")))
        ctx.took(rest, m2)
        return _done(ctx, line, ab, [f"activated: {cost_text}", f"until end of turn, each {m2[1]} card in your graveyard gains escape {m2[2]}"])
    understood = effects(rest, ab, ctx)
    return _done(ctx, line, ab, [f"activated: {cost_text}"] + understood + (["activate only as a sorcery"] if sorcery else []))


def _static(line: Span, ctx: Ctx) -> Line | None:
    s = line
    m = re.fullmatch(r"Each (.+?) is an artifact creature with power and toughness each equal to its mana value\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(part(s, m, 1))
        ab.add(STATIC)
        ab.add(SCOPE, F("each", term))
        ab.add(ADDS_TYPE, C_("artifact"))
        ab.add(ADDS_TYPE, C_("creature"))
        ab.add(SETS_PT, C_("mana_value"))
        ctx.took(s, m)
        return _done(ctx, line, ab, [f"each {m[1]} is an artifact creature with power and toughness equal to its mana value"])
    # "Noncreature spells cost {1} more to cast.", "Spells cost {1} less to cast." (every spell)
    m = re.fullmatch(r"(?:(.+?) spells|Spells)( you cast| your opponents cast)? cost \{(\d+)\} (more|less) to cast\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(part(s, m, 1), "spell", and_or=True) if m[1] else ab.filter("a spell", "spell")
        who = {" you cast": "you", " your opponents cast": "opponents", None: "any"}[m[2]]
        ab.add(STATIC)
        ab.add(SCOPE, F("spells", C_(who), term))
        ab.add(COST_MOD, C_("increase" if m[4] == "more" else "reduce"), int(m[3]))
        ctx.took(s, m, 2, 3, 4)
        return _done(ctx, line, ab, [f"{m[1] + ' spells' if m[1] else 'spells'}{m[2] or ''} cost {{{m[3]}}} {m[4]}"])
    m = re.fullmatch(r"Equipped creature gets ([+-]\d+)/([+-]\d+)\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add(STATIC)
        ab.add(SCOPE, C_("equipped"))
        ab.add(MOD_PT, int(m[1]), int(m[2]))
        ctx.took(s, m, 1, 2)
        return _done(ctx, line, ab, [f"equipped creature gets {m[1]}/{m[2]}"])
    m = re.fullmatch(r"Each (.+?) card in your graveyard has escape\. The escape cost is equal to the card's mana cost plus exile (\w+) other cards from your graveyard\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(part(s, m, 1), "card")
        ab.add(STATIC)
        ab.add(GRANTS_ESCAPE, term)
        ab.add(GRANT_COST, C_("mana_cost"))
        ab.add(GRANT_COST, F("exile_other_graveyard", number(m[2])))
        ctx.took(s, m, 2)
        return _done(ctx, line, ab, [f"each {m[1]} card in your graveyard has escape: its mana cost plus exile {m[2]} other cards"])
    if s == "This spell can't be countered.":
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add(STATIC)
        ab.add(FUNCTIONS_IN, C_("stack"))
        ab.add(RESTRICTION, F("cant_be_countered", C_("self")))
        ctx.took(s)
        return _done(ctx, line, ab, ["this spell can't be countered"])
    m = re.fullmatch(r"(.+?) spells you control can't be countered\.", s)
    if m:
        ab = Ability(ctx, f"static_{ctx.i}")
        term = ab.filter(part(s, m, 1), "spell", and_or=True)
        ab.add(STATIC)
        ab.add(RESTRICTION, F("cant_be_countered", term))
        ctx.took(s, m)
        return _done(ctx, line, ab, [f"{m[1]} spells you control can't be countered"])
    if s == "Your opponents can't cast spells during combat.":
        ab = Ability(ctx, f"static_{ctx.i}")
        ab.add(STATIC)
        ab.add(RESTRICTION, F("cant_cast", C_("opponents"), C_("during_combat")))
        ctx.took(s)
        return _done(ctx, line, ab, ["your opponents can't cast spells during combat"])
    return None


def _spell(line: Span, ctx: Ctx) -> Line | None:
    """A line of an instant's or sorcery's text: what it does as it resolves."""
    if not any(t in ctx.face.type_line.lower() for t in ("instant", "sorcery")):
        return None
    ab = Ability(ctx, f"spell_{ctx.i}")
    ab.add(SPELL_ABILITY)
    text = line
    note = []
    prefix = "Damage can't be prevented this turn. "
    if text.startswith(prefix):
        ctx.took(span(prefix, text.at))
        text = span(text[len(prefix):], text.at + len(prefix))
        note = ["damage can't be prevented this turn (pyrules models no prevention, so this changes nothing here)"]
    understood = effects(text, ab, ctx)
    return _done(ctx, line, ab, note + understood)


def _done(ctx: Ctx, text: str, abilities, understood: list[str]) -> Line:
    abilities = abilities if isinstance(abilities, list) else [abilities]
    status = "not_modelled" if any(ab.name in KEYWORDS_NOT_MODELLED for ab in abilities) else "modelled"
    facts = [f for ab in abilities for f in ab.facts]
    return Line(ctx.face.id, ctx.i, str(text), status, understood, facts, [ab.name for ab in abilities],
                spans=tuple(ctx.spans))


def _keyword_line(line: Span, ctx: Ctx) -> Line | None:
    low = line.lower()
    for words, (name, kind) in KEYWORDS.items():
        if kind and (low.startswith(words + " ") or low.startswith(words + "—")):
            head = re.match(re.escape(words) + r"[ —]+", line, re.I)
            rest = span(line[head.end():], line.at + head.end())
            ctx.took(span(head.group(), line.at))
            ab = Ability(ctx, name)
            ab.add(KEYWORD, C_(name))
            if kind == "cost":
                items, facts = cost_items(rest, ctx)
                for it in items:
                    ab.add(COST, it)
                ab.facts += facts
                return _done(ctx, line, ab, [f"keyword {name} {rest}"])
            ab.add(KEYWORD_N, Number(number(rest)))
            ctx.took(rest)
            return _done(ctx, line, ab, [f"keyword {name} {number(rest)}"])
    body = span(line[:-1], line.at) if line.endswith(".") else line
    parts, commas = pieces(body, r",")
    parts = [stripped(p) for p in parts]
    if parts and all(p.lower() in KEYWORDS and KEYWORDS[p.lower()][1] is None for p in parts):
        facts: list[Symbol] = []
        names = []
        for p in parts:
            name = KEYWORDS[p.lower()][0]
            ab = Ability(ctx, name)
            ab.add(KEYWORD, C_(name))
            facts += ab.facts
            names.append(name)
        ctx.took(line)
        return Line(ctx.face.id, ctx.i, str(line), "modelled", [f"keyword {n}" for n in names], facts, names,
                    spans=tuple(ctx.spans))
    return None


_ADDITIONAL = re.compile(r"As an additional cost to cast this spell, (.+?)\.?$", re.I)
_CANT = re.compile(r"(.+?) can't (attack|block|attack or block)\.?$", re.I)


def _restriction_line(line: Span, ctx: Ctx) -> Line | None:
    """"[This creature] can't attack / can't block / can't attack or block." — a restriction on the object
    itself (restriction(A, cant_attack(self)), rules/mechanics/restrictions.lp) the combat rules consult."""
    m = _CANT.match(line)
    if not m or not _self_ref(m[1], ctx):
        return None
    kinds = {"attack": ["cant_attack"], "block": ["cant_block"], "attack or block": ["cant_attack", "cant_block"]}[m[2].lower()]
    ab = Ability(ctx, f"restriction_{ctx.i}")
    for name in kinds:
        ab.add(RESTRICTION, F(name, C_("self")))
    ctx.took(line, m, 1, 2)
    return _done(ctx, line, ab, [f"restriction {k}" for k in kinds])


_ESCAPES_WITH = re.compile(r"(.+) escapes with (\w+) ([+-]\d+/[+-]\d+) counters? on it\.?$", re.I)
_BASIC_REMINDER = re.compile(r"\(\{T\}: Add \{[WUBRG]\}(?:(?:, \{[WUBRG]\})*,? or \{[WUBRG]\})?\.\)")


def _additional(line: Span, ctx: Ctx) -> Line | None:
    m = _ADDITIONAL.match(line)
    if not m:
        return None
    ab = Ability(ctx, "additional_cost")
    ab.add(ADDITIONAL_COST)
    items, facts = cost_items(part(line, m, 1), ctx)
    for it in items:
        ab.add(COST, it)
    ab.facts += facts
    ctx.took(line, m)
    return _done(ctx, line, ab, [f"additional cost: {m[1]}"])


def _escapes_with(line: Span, ctx: Ctx) -> Line | None:
    m = _ESCAPES_WITH.match(line)
    if not m or not _self_ref(m[1], ctx):
        return None
    ab = Ability(ctx, "escapes_with")
    ab.add(ESCAPES_WITH, String(m[3]), Number(number(m[2])))
    ctx.took(line, m, 1, 2, 3)
    return _done(ctx, line, ab, [f"escapes with {m[2]} {m[3]} counter(s)"])


LINE_KINDS = (_keyword_line, _restriction_line, _additional, _escapes_with, _chapter, _triggered, _activated,
              _static, _spell)


def read_face(card, face, tokens=None) -> list[Line]:
    first = face.name.split(",")[0]
    names = tuple({card.name, face.name, first})
    out: list[Line] = []
    for i, raw in enumerate(face.lines, start=1):
        read = _REMINDER.sub("", raw).strip()
        line = span(read, 0)
        printed = [FACE_CHAPTER(card.name, face.id, n)
                   for n in chapter_numbers(read)]
        if not read:
            ctx = Ctx(card, face, i, names, tokens=tokens)
            if _BASIC_REMINDER.fullmatch(raw.strip()):   # "({T}: Add {G}.)": the line that names a basic land type's ability
                out.append(Line(face.id, i, raw, "modelled", ["reminder text: the intrinsic mana ability of its basic land type"],
                                [FACE_REMINDER_MANA(ctx.c, ctx.f, i)]))
                continue
            out.append(Line(face.id, i, raw, "modelled", ["reminder text"], []))
            continue
        got = None
        try:
            for kind in LINE_KINDS:
                got = kind(line, Ctx(card, face, i, names, tokens=tokens))
                if got is not None:
                    break
        except NotUnderstood:
            got = None
        if got is None:
            got = Line(face.id, i, raw)
        got.text = raw
        got.read = read
        got.printed = printed
        out.append(got)
    return out


def read_card(card, tokens=None) -> list[Line]:
    """What the templates understand of each line of a card; `tokens` finds the token card a line creates by its
    name (the card database's lookup: a line that creates a token is read only against its card)."""
    out: list[Line] = []
    for face in card.faces:
        out.extend(read_face(card, face, tokens))
    return out
