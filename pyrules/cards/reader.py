"""Reading oracle text: each line parsed by the grammar (pyrules/cards/oracle.lark, pyrules/cards/grammar.py) into
a typed tree (pyrules/cards/tree.py), compiled here into the knowledge base's vocabulary facts
(rules/core/abilities.lp, rules/timeline/effects.lp and their kin say what they mean).

A line the grammar reads whole, every word from a list (the CR's card types, supertypes and subtypes as
rules/core/types.lp states them, the colors, the keywords), and whose every part has rules, is `modelled`;
a line that is read but some part of which has no rules yet is `read`, with `missing` naming the part; any
other line is `not_modelled` — reported, never guessed at. A capitalized word is a subtype only if one of the
CR's subtype lists has it, never because of where it stands; the card's own name is written ~ before parsing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from clingo import Function, Number, String, Symbol

from pyrules.cards import tree as T
from pyrules.cards.grammar import (
    COLORS,
    IRREGULAR_PLURALS,
    KEYWORDS,
    NotUnderstood,
    card_rule_files,
    keywords_missing,
    parse,
    predefined_tokens,
    modes_fitting_twice,
    reading_missing,
    repeats_effects,
    reading_notes,
    reading_reasons,
    type_lists,
)
from pyrules.cards.mana import ManaSymbolError, parse_mana_cost
from pyrules.kb.interface import (
    ABILITY,
    ACTIVATED,
    ADDITIONAL_COST,
    ADDS_TYPE,
    ADDS_SUBTYPE,
    ADDS_SUPERTYPE,
    AFFINITY_FOR,
    AMOUNT_INSTEAD,
    EFFECT_INSTEAD,
    ACTIVATE_IF,
    AS_ENTERS_CHOOSE,
    ENTERS_AS_COPY,
    COPY_EXCEPT_SUBTYPE,
    COPY_EXCEPT_ABILITY,
    GRANTS_CHOSEN_PROTECTION,
    PROTECTION_SPARES_SELF,
    CAST_AS_FLASH,
    CAST_ONLY_IF,
    COST_MOD_PER_CAST,
    AS_LONG_AS,
    CHAPTER,
    COST,
    COST_MOD,
    EFFECT,
    EFFECT_DEF,
    ENTERS_TAPPED,
    ENTERS_TAPPED_UNLESS,
    OPPONENTS_ENTER_TAPPED,
    NO_MAX_HAND_SIZE,
    HAND_SIZE_REDUCED,
    ENTERS_WITH_COUNTERS,
    ENTERS_WITH_COUNTERS_FOR_EACH,
    OTHERS_ENTER_WITH_COUNTERS,
    ESCAPES_WITH,
    FACE_ABILITY,
    GRANTS_ABILITY,
    FACE_CHAPTER,
    FACE_REMINDER_MANA,
    FILTER,
    FILTER_CLAUSE,
    FILTER_LIT,
    FUNCTIONS_IN,
    GRANTS,
    REMOVES,
    GRANTS_ESCAPE,
    GRANTS_EXILE_PLAY,
    INTERVENING_IF,
    TRIGGER_ONCE_EACH_TURN,
    TRIGGER_WHILE,
    CLASS_ABILITY_LEVEL,
    GRANT_COST,
    KEYWORD,
    KEYWORD_N,
    KICKED_ENTERS_WITH,
    GIFT,
    TARGET_IF,
    KNOWN_DEF,
    MANA_ABILITY,
    MOD_PT,
    MOD_PT_FOR_EACH,
    MOD_PT_COUNT,
    SCOPE_KEYWORD,
    EQUIP_QUALITY,
    CDA_PT,
    MODAL,
    MODAL_PAWPRINTS,
    MODE,
    MODE_PAWPRINTS,
    MODE_OF,
    CAST_SELF_FROM,
    PRODUCES,
    PRODUCES_INSTEAD,
    RESTRICTION,
    SCOPE,
    SETS_CREATURE_TYPE,
    SETS_PT,
    SETS_TOUGHNESS,
    SPELL_ABILITY,
    SPEND_ONLY,
    COST_FOR_EACH_CARD,
    COST_IF_TARGETS,
    SPEND_ONLY_TO_CAST,
    STATIC,
    TARGET,
    TARGET_EACH_OPPONENT,
    TARGET_DISTINCT,
    TARGET_OPTIONAL,
    TIMING,
    TRIGGER,
    TRIGGER_MODES,
    TRIGGERED_ABILITY,
    Predicate,
)
from pyrules.kb.vocabulary import COLOR_WORDS, symbol_term

__all__ = ["Line", "NotUnderstood", "filter_term", "read_card", "read_face", "unread", "TYPE_WORDS", "SUPERTYPES"]

_REMINDER = re.compile(r"\s*\([^)]*\)")
# the instructions "If the gift was promised, instead ..." replaces, and its own: damage to a target or to each of a kind;
# returning a target to its owner's hand, destroying it, countering it, returning it from a graveyard to the battlefield
_GIFT_INSTEAD = re.compile(r'damage\((target\(\d+\)|each\(f\("[^"]*"\)\)),\d+\)'
                           r'|(bounce|destroy|counter)\(target\(\d+\)\)|reanimate\(target\(\d+\),untapped\)')
_BASIC_REMINDER = re.compile(r"\(\{T\}: Add \{[WUBRG]\}(?:(?:, \{[WUBRG]\})*,? or \{[WUBRG]\})?\.\)")
_CHAPTER = re.compile(r"([IVX]+(?:, [IVX]+)*) — (.+)")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def __getattr__(name: str):
    """TYPE_WORDS and SUPERTYPES: the card types and supertypes of the CR's lists (read from the rules once)."""
    if name == "TYPE_WORDS":
        return type_lists()[0]
    if name == "SUPERTYPES":
        return type_lists()[1]
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


@dataclass
class Line:
    face: str
    line: int
    text: str
    status: str = "not_modelled"           # modelled | read | not_modelled
    understood: list[str] = field(default_factory=list)
    facts: list[Symbol] = field(default_factory=list)
    names: list[str] = field(default_factory=list)   # the names of the abilities it makes
    read: str = ""                          # the text the grammar read: the line without its reminder text
    spans: tuple = ()                       # the stretches of `read` understood: (start, end) — all of it, when parsed
    printed: list[Symbol] = field(default_factory=list)   # what the line prints whether or not it is read
                                                          # (a Saga's chapter numbers: rules/timeline/sba.lp)
    missing: list[str] = field(default_factory=list)      # `read`: the parts that have no rules yet
    parse: str = ""                         # the ability as read, written back in words
    reason: str = ""                        # `not_modelled`: why, as the rules word it (not_read_reason)
    tokens: list[str] = field(default_factory=list)       # the tokens made from its words that it creates


def unread(line: Line) -> list[str]:
    """The words of a line (its reminder text aside) that were not understood, in order: [] when the spans
    cover all of it."""
    covered = bytearray(len(line.read))
    for a, b in line.spans:
        covered[a:b] = b"\x01" * (b - a)
    return [m.group() for m in re.finditer(r"\S+", line.read) if not all(covered[m.start():m.end()])]


# ------------------------------------------------------------------------------------------------ filters

KIND_NOUNS = {"permanent": ("permanent", "permanents"), "card": ("card", "cards"), "spell": ("spell", "spells")}
MODIFIERS = {"another": "other", "other": "other", "token": "token", "tokens": "token", "tapped": "tapped",
             "attacking": "attacking", "blocking": "blocking", "colorless": "colorless"}
NEGATED_MODIFIERS = {"nontoken": "token", "untapped": "tapped"}
CONTROL_SUFFIXES = (("you control", F("pos", C_("you_control"))), ("you don't control", F("neg", C_("you_control"))),
                    ("an opponent controls", F("pos", C_("opponent_controls"))),
                    ("your opponents control", F("pos", C_("opponent_controls"))))


def _singulars(word: str) -> list[str]:
    """The singular forms a plural word may have ("Walls" wall, "sorceries" sorcery, "Elves" elf)."""
    w = word.lower()
    out = [w]
    if w.endswith("ies"):
        out.append(w[:-3] + "y")
    if w.endswith("ves"):
        out.append(w[:-3] + "f")
        out.append(w[:-3] + "fe")
    if w.endswith("es"):
        out.append(w[:-2])
    if w.endswith("s") and not w.endswith("ss"):
        out.append(w[:-1])
    out += [s for s, forms in IRREGULAR_PLURALS.items() if w in forms]
    return out


def _word_literal(w: str) -> Symbol | None:
    """One word of a filter as the condition it names: a card type, supertype or subtype of the CR's lists
    (a subtype capitalized, as printed), a color, or historic; None for any other word."""
    types, supertypes, subtypes = type_lists()
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


def _filter_or(term: Symbol, parts: list[tuple[Symbol, list[Symbol]]]) -> tuple[Symbol, list[Symbol]]:
    """One filter whose clauses are the clauses of each part (an object fits it if it fits one of them)."""
    facts: list[Symbol] = []
    shift = 0
    for _, got in parts:
        for x in got:
            if FILTER_CLAUSE.is_(x):
                facts.append(FILTER_CLAUSE(term, FILTER_CLAUSE.of(x).n + shift))
            elif FILTER_LIT.is_(x):
                lit = FILTER_LIT.of(x)
                facts.append(FILTER_LIT(term, lit.n + shift, lit.literal))
            else:
                facts.append(x)
        shift += sum(1 for x in got if FILTER_CLAUSE.is_(x))
    return term, facts


def filter_term(phrase: str, kind: str = "permanent", extra: tuple[str, ...] = (),
                and_or: bool = False) -> tuple[Symbol, list[Symbol]]:
    """A filter phrase ("noncreature artifact", "another creature", "artifact, creature, or land") as a filter
    term in disjunctive normal form with its facts (rules/core/filters.lp). Every word must be understood:
    "or" (and the commas of a list ending ", or ...") separates kinds of objects, each kind the conjunction of
    its words; a modifier before the first kind (another, tapped, token, ...) applies to every kind; the
    noun of the filter's kind ("permanent", "card", "spell") adds nothing. and_or: "and" means "or" too
    ("instant and sorcery spells")."""
    words = " ".join(phrase.split())
    named_ctl = re.fullmatch(r"(.+?) (named [A-Z][\w',-]*(?: (?:of|the|[A-Z][\w',-]*))*) (you control|an opponent controls)",
                             words)
    if named_ctl:                              # "creature named Bogbrew Witch you control": the name last
        words = f"{named_ctl[1]} {named_ctl[3]} {named_ctl[2]}"
    exc = re.fullmatch(r"(\w+) except for (\w+) you control with (\w+)", words, re.I)
    if exc and exc[1].lower() in _singulars(exc[2].lower()):
        # "creature except for creatures you control with flying": one it doesn't control, or one without flying
        return _filter_or(FILTER(words), [filter_term(f"{exc[1]} you don't control", kind, extra, and_or),
                                          filter_term(f"{exc[1]} without {exc[3]}", kind, extra, and_or)])
    either = re.fullmatch(r"(.+?) with power or toughness (\d+) or (less|greater)", words, re.I)
    if either:                                 # "creatures you control with power or toughness 1 or less": either kind
        parts = [filter_term(f"{either[1]} with {p} {either[2]} or {either[3]}", kind, extra, and_or)
                 for p in ("power", "toughness")]
        return _filter_or(FILTER(words), parts)
    negs = re.fullmatch(r"((?:non-?[a-z]+, )+)(non-?[a-z]+ .+)", words)
    if negs:                                   # "noncreature, nonland permanent": the negated words, each of one kind
        words = negs[1].replace(",", "") + negs[2]   # of object (a comma between adjectives, no list of kinds)
    control = None
    chosen = re.fullmatch(r"(.+?) of the chosen (color|type)", words, re.I)
    if chosen:                                 # "spell of the chosen color", "creatures you control of the chosen type":
        words = chosen[1]                      # the choice made as the source entered (rules/timeline/chosen_as_enters.lp)
    targets_you = re.fullmatch(r"(.+?) that targets you", words, re.I)
    if targets_you:                            # "spell that targets you" (rules/core/filters.lp: targets_you)
        words = targets_you[1]
    arent = re.fullmatch(r"(.+?) that aren't (\w+)", words, re.I)
    if arent:                                  # "nonland permanents that aren't legendary": a supertype each kind lacks
        arent_lit = _word_literal(arent[2])
        if arent_lit is None or arent_lit.name != "supertype":
            raise NotUnderstood(phrase)
        words = arent[1]
    dealt = re.fullmatch(r"(.+?) that was dealt damage this turn", words, re.I)
    if dealt:                                  # "creature that was dealt damage this turn" (rules/timeline/dealt_damage_this_turn.lp)
        words = dealt[1]
    with_kw = None
    greatest = (re.fullmatch(r"(creatures? you control) with the greatest power", words, re.I)
                or re.fullmatch(r"(creatures?) with the greatest power among creatures they control", words, re.I))
    if greatest:                               # "creature you control with the greatest power", "a creature with the
        # greatest power among creatures they control" (the player who sacrifices it: rules/core/filters.lp)
        words, with_kw = greatest[1], F("pos", C_("greatest_power"))
    thats = re.fullmatch(r"(.+?) that's (white|blue|black|red|green) or (white|blue|black|red|green)", words, re.I)
    if thats:                                  # "creature or planeswalker that's white or blue": each kind, of either color
        words = thats[1]
    subs = None if thats else re.fullmatch(r"(.+?) that's an? ([A-Z][a-z]+) or ([A-Z][a-z]+)", words)
    if subs:                                   # "creature you control that's a Fungus or Saproling": each kind, of either subtype
        words = subs[1]
        sub_lits = [_word_literal(subs[k]) for k in (2, 3)]
        if any(x is None or x.name != "subtype" for x in sub_lits):
            raise NotUnderstood(phrase)
    num = re.fullmatch(r"(.+?) with (power|toughness|converted mana cost|mana value) (\d+) or (less|greater)", words, re.I)
    gt = None if num else re.fullmatch(r"(.+?) with toughness greater than its power", words, re.I)
    if gt:                                     # "another creature you control with toughness greater than its power"
        words, with_kw = gt[1], F("pos", C_("toughness_gt_power"))   # (Fecund Greenshell; rules/core/filters.lp)
    if not gt and not num:
        gt = re.fullmatch(r"(.+?) with mana value less than or equal to the number of lands you control", words, re.I)
        if gt:                                 # "creature card with mana value less than or equal to the number of lands
            words, with_kw = gt[1], F("pos", C_("mana_value_le_lands"))   # you control" (Loot; rules/core/filters.lp)
    cnt = re.fullmatch(r"(.+?) with an? ([+-]1/[+-]1) counter on it", words, re.I)
    if cnt:                                    # "creature you control with a +1/+1 counter on it" (rules/core/filters.lp)
        words, with_kw = cnt[1], F("pos", F("counter", String(cnt[2])))
    nm = None if num or cnt or gt else re.fullmatch(r"(.+?) named ((?:[A-Z][\w',-]*)(?: (?:of|the|[A-Z][\w',-]*))*)", words)
    if nm:                                     # "creature you control named Pack Mastiff" (rules/core/filters.lp: named)
        words, with_kw = nm[1], F("pos", F("named", String(nm[2])))
    m = None if num or cnt or nm or gt else re.fullmatch(r"(.+?) (with|without) (\w+(?: \w+)?)", words, re.I)
    run = None if num else re.fullmatch(r"(.+?) with power (\d+), (\d+), or (\d+)", words, re.I)
    exact = None if num or run else re.fullmatch(r"(.+?) with mana value (\d+)", words, re.I)
    if exact:                                  # "instant or sorcery card with mana value 1" (Micromancer): that value, a
        words, m, run = exact[1], None, exact  # range of one (rules/core/filters.lp)
        between = [F("pos", F("mana_value_ge", int(exact[2]))), F("pos", F("mana_value_le", int(exact[2])))]
    elif run:                                    # "creature with power 4, 5, or 6": consecutive numbers, a range
        a, b, c = int(run[2]), int(run[3]), int(run[4])
        if not (b == a + 1 and c == b + 1):
            raise NotUnderstood(phrase)
        words, m = run[1], None
        between = [F("pos", F("power_ge", a)), F("pos", F("power_le", c))]
    if num:                                    # "creature with power 2 or less" (rules/core/filters.lp)
        prop = {"power": "power", "toughness": "toughness"}.get(num[2].lower(), "mana_value")
        words, with_kw = num[1], F("pos", F(f"{prop}_{'le' if num[4].lower() == 'less' else 'ge'}", int(num[3])))
    if m:                                      # "creature with flying": a keyword in a filter (rules/core/filters.lp)
        kw = KEYWORDS.get(m[3].lower())
        if kw is None or kw[1] is not None or kw[0] in keywords_missing():
            raise NotUnderstood(phrase)
        words, with_kw = m[1], F("pos" if m[2].lower() == "with" else "neg", F("keyword", C_(kw[0])))
    for suffix, lit in CONTROL_SUFFIXES:       # "... you control": who controls each kind (rules/core/filters.lp)
        if words.lower().endswith(" " + suffix):
            words, control = words[: -len(suffix) - 1], lit
            break
    if words.lower().endswith(" you don't own"):   # "permanents you don't own" (f4): who owns them (rules/core/filters.lp: you_own)
        words, owned = words[: -len(" you don't own")], F("neg", C_("you_own"))
    else:
        owned = None
    m = None if with_kw is not None else re.fullmatch(r"(.+?) (with|without) (\w+(?: \w+)?)", words, re.I)
    if m:                                      # "creature with defender you control"
        kw = KEYWORDS.get(m[3].lower())
        if kw is None or kw[1] is not None or kw[0] in keywords_missing():
            raise NotUnderstood(phrase)
        words, with_kw = m[1], F("pos" if m[2].lower() == "with" else "neg", F("keyword", C_(kw[0])))
    toks = list(re.finditer(r"[^\s,]+|,", words))
    if not toks:
        raise NotUnderstood(phrase)
    connectors = {"or", "and/or"} | ({"and"} if and_or else set())
    clauses: list[list[Symbol]] = [[]]
    nouns = [0]            # words that name a kind in each clause
    common: list[Symbol] = ([F("pos", C_(x)) for x in extra] + ([control] if control is not None else [])
                            + ([owned] if owned is not None else []))
    if run:
        common += between
    commas = after_last_comma = 0
    prev = None
    lead: list[Symbol] = []   # the modifiers before the first kind, in `common` until an "or" shows they were its own
    kind_lits: dict[int, list[Symbol]] = {}    # each clause's literals that name a kind (its card types, subtypes)
    for t in toks:
        w = t.group()
        lw = w.lower()
        if w == ",":
            if prev is None or prev == ",":
                raise NotUnderstood(phrase)
            if len(clauses) == 1 and not clauses[0] and not nouns[0] and lead:
                # "attacking, blocking, or tapped creature": the words before the comma were the first kind's
                clauses[0], common = lead, common[:len(common) - len(lead)]
                lead = []
            commas += 1
            after_last_comma = 0
            clauses.append([])
            nouns.append(0)
            prev = w
            continue
        if lw in connectors:
            if prev is None or prev in connectors:
                raise NotUnderstood(phrase)
            if len(clauses) == 1 and not clauses[0] and not nouns[0] and lead:
                # "attacking or blocking creature": the words before "or" were the first kind's, not every kind's
                clauses[0], common = lead, common[:len(common) - len(lead)]
                lead = []
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
        if lw in ("a", "an") and not clauses[-1] and not nouns[-1] and not (first and len(common) > len(extra) + (control is not None)):
            continue
        if lw in KIND_NOUNS.get(kind, ()):
            nouns[-1] += 1
            continue
        if kind == "card" and lw == "permanent":   # "permanent card": a card of a permanent type (rules/core/filters.lp)
            clauses[-1].append(F("pos", C_("permanent_card")))
            nouns[-1] += 1
            continue
        if lw in MODIFIERS:
            into.append(F("pos", C_(MODIFIERS[lw])))
            if first:
                lead.append(into[-1])
            continue
        if lw in NEGATED_MODIFIERS:
            into.append(F("neg", C_(NEGATED_MODIFIERS[lw])))
            if first:
                lead.append(into[-1])
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
            kind_lits.setdefault(len(clauses) - 1, []).append(clauses[-1][-1])
    if prev in connectors or prev == ",":
        raise NotUnderstood(phrase)
    if commas and not after_last_comma:   # "artifact, creature": a list needs its "or"
        raise NotUnderstood(phrase)
    if len(clauses) > 1 and any(not c and not n for c, n in zip(clauses, nouns)):
        raise NotUnderstood(phrase)
    if len(clauses) > 1 and nouns[-1] and not any(nouns[:-1]):
        # "attacking or blocking creature", "white or blue creature", "attacking, blocking, or tapped creature": the
        # words before "or" describe the same kind of object as the last (the kind is named once, at the end)
        kinds = kind_lits.get(len(clauses) - 1, [])
        for c in clauses[:-1]:
            c.extend(kinds)
    if with_kw is not None:                   # "artifact, enchantment, or creature with flying": the last kind's
        if len(clauses) > 1:
            clauses[-1].append(with_kw)
        else:
            common.append(with_kw)
    if dealt:
        common.append(F("pos", C_("dealt_damage_this_turn")))
    if arent:
        common.append(F("neg", arent_lit))
    if targets_you:
        common.append(F("pos", C_("targets_you")))
    if chosen:
        common.append(F("pos", C_(f"chosen_{chosen[2].lower()}")))
    if thats:
        colors = [F("pos", F("color", C_(thats[k].lower()))) for k in (2, 3)]
        clauses = [c + [col] for c in clauses for col in colors]
    if subs:
        clauses = [c + [F("pos", x)] for c in clauses for x in sub_lits]
    text = " ".join(phrase.split())
    key = text.lower() + "".join(f" [{x}]" for x in extra)
    term = FILTER(key)
    facts = []
    for k, lits in enumerate(clauses, start=1):
        facts.append(FILTER_CLAUSE(term, k))
        for lit in lits + common:
            facts.append(FILTER_LIT(term, k, lit))
    return term, facts


# ------------------------------------------------------------------------------------------------ compiling

@dataclass
class Ctx:
    card: object
    face: object
    i: int
    tokens: object = None          # name -> the token card an effect creates (the card database's lookup)
    made: list = field(default_factory=list)   # the names of the tokens made from the words (pyrules/cards/db.py)
    granted_to: str = ""           # a quoted ability an Aura gives: the kind of permanent its "this [type]" names
    reflexive: list = field(default_factory=list)   # the reflexive triggered abilities a line's "When you do," makes (e2)

    @property
    def c(self) -> Symbol:
        return String(self.card.name)

    @property
    def f(self) -> Symbol:
        return Function(self.face.id)

    def is_self(self, ref: T.SelfRef | None, created: bool = False) -> bool:
        """Whether words name the object whose text it is: its name (~), "it" (not once an effect has created a
        token: then "it" is the token), or "this [type]" for a card type or subtype the face has."""
        if ref is None:
            return False
        if self.granted_to:            # the enchanted permanent's ability: "this creature" is that permanent, and so is
            return ref.word in (self.granted_to, "permanent") or ref.word == "it" and not created   # "it" after it
        if ref.word == "~":
            return True
        if ref.word == "it":
            return not created
        left, _, right = self.face.type_line.lower().partition("—")
        return (ref.word == "permanent" and "instant" not in left and "sorcery" not in left
                or ref.word in left.split() + right.split())

    def need_self(self, ref, created: bool = False) -> None:
        if not self.is_self(ref, created):
            raise NotUnderstood(ref.words() if ref else "")


class Ab:
    """Collects the facts of one ability."""

    def __init__(self, ctx: Ctx, name: str):
        self.ctx = ctx
        self.name = name
        self.ab = ABILITY(ctx.c, ctx.f, ctx.i, name)
        self.facts: list[Symbol] = [FACE_ABILITY(ctx.c, ctx.f, self.ab)]
        self.targets = 0
        self.effects = 0
        self.defs = 0
        self.missing: list[str] = []
        self.it_target: int | None = None    # the target "it" / "that creature" refers to (Act of Treason)
        self.effect_kinds: list[str] = []       # the names of the effects added so far, in order
        self.effect_terms: list[Symbol] = []    # and the effects themselves
        self.event_amount = False            # a trigger whose event has an amount ("that much", rules/timeline/triggers.lp)
        self.event_player = False            # a trigger whose event has a player ("that player": an opponent's upkeep)
        self.event_object = ""               # a trigger whose event has a creature ("it", "that card"): where it is then
        self.last_permanent: tuple[int, str] | None = None   # the last target permanent and its filter's words
        self.chosen: list[tuple[int, str]] = []   # "Choose target X and target Y": the two targets and their filters' words
        self.last_player: int | None = None   # the last "target player"
        self.last_self = False                # the last pump or "gains" was on the source itself
        self.last_each: Symbol | None = None  # the last "each [filter]" an effect applied to ("Untap them")
        self.event_data: str | None = None   # a trigger's: what its event was about (player | attacked), if the text may name it
        self.event_kind = ""                 # a trigger's event, as read (the tree's Event.kind)
        self.last_card: int | None = None    # the target card in a graveyard an effect just exiled ("that card's toughness")
        self.last_tap_all = ""               # the kind "tap all [kind] target player controls" tapped ("those creatures")

    def add(self, predicate: Predicate, *args) -> None:
        self.facts.append(predicate(self.ab, *[_term(a) for a in args]))

    def filter(self, f: T.Filter | str, kind: str | None = None) -> Symbol:
        if isinstance(f, str):
            f = T.Filter(f, kind or "permanent")
        if f.text.endswith(" named ~"):          # "named ~": the card's own name
            f = T.Filter(f.text[:-1] + self.ctx.card.name, f.kind, f.and_or, f.extra)
        term, facts = filter_term(f.text, kind or f.kind, extra=f.extra, and_or=f.and_or)
        self.facts += facts
        return term

    def filter_union(self, f1: T.Filter, f2: T.Filter) -> Symbol:
        """Two filters joined by "and" ("Skeletons you control and other Zombies you control"): the objects of either
        one, a filter whose clauses are both filters' clauses."""
        t1, facts1 = filter_term(f1.text, f1.kind)
        t2, facts2 = filter_term(f2.text, f2.kind)
        term = FILTER(f"{FILTER.of(t1).text.string} and {FILTER.of(t2).text.string}")
        n1 = sum(1 for x in facts1 if FILTER_CLAUSE.is_(x))
        for facts, shift in ((facts1, 0), (facts2, n1)):
            for x in facts:
                if FILTER_CLAUSE.is_(x):
                    self.facts.append(FILTER_CLAUSE(term, FILTER_CLAUSE.of(x).n + shift))
                else:
                    lit = FILTER_LIT.of(x)
                    self.facts.append(FILTER_LIT(term, lit.n + shift, lit.literal))
        return term

    def effect(self, eff: Symbol) -> None:
        self.effects += 1
        # "apply_pump": a continuous effect that changes only power, toughness or keywords (no control, no zone)
        pump = eff.name == "apply" and re.match(r"apply\((pump|gains)\(", str(eff)) is not None
        self.effect_kinds.append("apply_pump" if pump else eff.name)
        self.effect_terms.append(eff)
        self.add(EFFECT, Number(self.effects), eff)

    def target(self, spec: Symbol, optional: bool = False, each_opponent: bool = False) -> int:
        self.targets += 1
        self.add(TARGET, Number(self.targets), spec)
        if spec == C_("player"):
            self.last_player = self.targets
        if optional:
            self.add(TARGET_OPTIONAL, Number(self.targets))
        if each_opponent:
            self.add(TARGET_EACH_OPPONENT, Number(self.targets))
        return self.targets

    def new_def(self) -> Symbol:
        """A continuous effect this ability creates, named after the ability."""
        self.defs += 1
        return EFFECT_DEF(self.ab, self.defs)


def cost_items(cost: T.Cost, ctx: Ctx, activated: bool = False) -> tuple[list[Symbol], list[Symbol]]:
    """A cost -> (cost items, facts they need); `activated`: an activated ability's (some items only it pays)."""
    items: list[Symbol] = []
    facts: list[Symbol] = []
    pos = 0
    for it in cost.items:
        k = it.kind
        if k == "tap":
            items.append(C_("tap"))
        elif k == "untap":
            items.append(C_("untap"))
        elif k == "mana":
            for s in it.symbols:
                try:
                    (sym,) = parse_mana_cost(s)
                except (ManaSymbolError, ValueError) as exc:
                    raise NotUnderstood(str(exc)) from None
                pos += 1
                items.append(F("mana", Number(pos), symbol_term(sym)))
        elif k == "exile_other_graveyard" and activated:
            # "Exile seven other cards from your graveyard" (Bone Dragon): an activated ability's cost, the cards other
            # than its source (e5; rules/casting/activate.lp: exile_graveyard)
            term, ffacts = filter_term("other card", "card")
            items.append(F("exile_graveyard", Number(it.n), term))
            facts += ffacts
        elif k == "exile_other_graveyard":
            items.append(F("exile_other_graveyard", it.n))
        elif k == "pay_life":
            items.append(F("pay_life", it.n))
        elif k == "discard":
            items.append(F("discard", it.n))
        elif k == "discard_kind":
            if not activated:   # the rules pay it for activated abilities only (rules/casting/activate.lp)
                raise NotUnderstood(it.words())
            term, ffacts = filter_term(it.filter.text, "card")
            items.append(F("discard", Number(it.n), term))
            facts += ffacts
        elif k == "discard_hand":
            items.append(C_("discard_hand"))
        elif k == "sacrifice_self":
            ctx.need_self(it.ref)
            items.append(C_("sacrifice_self"))
        elif k == "exile_single_graveyard":   # rules/casting/graveyard_costs.lp: activated abilities only
            if not activated:
                raise NotUnderstood(it.words())
            term, ffacts = filter_term(it.filter.text, "card")
            items.append(F("exile_single_graveyard", Number(it.n), term))
            facts += ffacts
        elif k == "forage":   # "{2}, Forage:" (rules/mechanics/forage.lp: activated abilities only)
            if not activated:
                raise NotUnderstood(it.words())
            items.append(C_("forage"))
        elif k == "exile_self":
            ctx.need_self(it.ref)
            items.append(C_("exile_self"))
        elif k == "remove_counters" and activated:   # "Remove a +1/+1 counter from ~" (rules/casting/activate.lp)
            ctx.need_self(it.ref)
            items.append(F("remove_counters", String(it.symbols[0]), it.n))
        elif k == "sacrifice":
            term, ffacts = filter_term(it.filter.text, "permanent")
            items.append(F("sacrifice", Number(it.n), term))
            facts += ffacts
        elif k == "tap_untapped" and activated:
            # "Tap two untapped tokens you control" (Baylen, the Haymaker): an activated ability's cost taps that many
            # untapped permanents of the filter its controller controls (rules/casting/activate.lp)
            term, ffacts = filter_term(it.filter.text, "permanent")
            items.append(F("tap_untapped", Number(it.n), term))
            facts += ffacts
        elif k == "exile_graveyard":
            if not activated:   # the rules pay it for activated abilities only (rules/casting/activate.lp)
                raise NotUnderstood(it.words())
            term, ffacts = filter_term(it.filter.text, "card")
            items.append(F("exile_graveyard", Number(it.n), term))
            facts += ffacts
        else:
            raise NotUnderstood(k)
    return items, facts


def _token(ctx: Ctx, tok: T.Token) -> str:
    """'2/2 green Wolf creature token' -> the name of the token card pyrules knows that is exactly that: its
    power and toughness, colors, card types, subtypes and keyword abilities are the ones the words name."""
    types, supertypes, subtypes = type_lists()
    if tok.predefined:
        # a token the rules define by name (rules/core/predefined_tokens.lp), made as if its card printed its ability
        word = tok.words_[0]
        ability = predefined_tokens().get(word.lower())
        if ability is None:
            raise NotUnderstood(tok.words())
        tok = T.Token("", "", ("colorless", word, "artifact"), (), (ability,), creature=False)
    colors: set[str] = set()
    kinds: set[str] = {"creature"} if tok.creature else set()
    supers: set[str] = set()
    subs: list[str] = []
    words = list(tok.words_)
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
            raise NotUnderstood(tok.words())
    if not colors or not subs or len(subs) != 1 and not tok.creature or not tok.creature and kinds != {"artifact"}:
        raise NotUnderstood(tok.words())
    if tok.implied_creature and any(subtypes[s] != "creature" for s in subs):
        # "a 1/1 blue Fish token" names no card type: a creature token only where each subtype is a creature type
        # (a subtype goes with its type), never another kind's subtype
        raise NotUnderstood(tok.words())
    kw = list(tok.keywords)
    named = {KEYWORDS[k][0] for k in kw if k in KEYWORDS and KEYWORDS[k][1] is None and KEYWORDS[k][0] not in keywords_missing()}
    if len(named) != len(kw):
        raise NotUnderstood(tok.words())
    card = ctx.tokens(words[[w.lower() for w in words].index(subs[0])]) if ctx.tokens else None
    if card is not None and card.layout == "token" and not tok.abilities and _token_is(card, tok, colors, kinds | supers, subs, named):
        return card.name           # the token card pyrules has is exactly the one described
    # a token the effect describes (its name is its subtype plus "Token"), made from the words
    from pyrules.cards.db import make_token, made_token

    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    name = " ".join(w for w in words if w.lower() in subs) + " Token"   # "Zombie Knight Token": all its subtypes
    if tok.name:
        name = tok.name                  # "create Karox Bladewing, a legendary 4/4 red Dragon creature token"
        name = name.replace("~", ctx.face.name.split(",")[0])   # "named Koma's Coil", read as "~'s Coil"
    record = {"name": name, "layout": "token", "mana_cost": "",
              "type_line": "Token " + " ".join(w.capitalize() for w in sorted(supers) + sorted(kinds - {"creature"})
                                               + (["creature"] if "creature" in kinds else []))
              + " — " + " ".join(s.capitalize() for s in subs),
              "oracle_text": "\n".join([k.capitalize() for k in kw] + list(tok.abilities)),
              "colors": sorted(letters[c] for c in colors if c in letters)}
    if tok.creature:
        record |= {"power": tok.power, "toughness": tok.toughness}
    if tok.creature and not tok.name:
        # a creature token's card key says what it is: two effects may make tokens of one subtype that differ ("a 3/3
        # green Beast", "a 4/4 green Beast"), and the key must not depend on which a process read first
        # (the card's key; the token's name stays its subtypes plus "Token": its face's name)
        record["face_name"] = name
        name = f"{name} ({tok.power}/{tok.toughness} {' '.join(sorted(colors))}{', ' + ', '.join(kw) if kw else ''})"
        record["name"] = name
    have = made_token(name)
    if have is not None and not _token_is(have, tok, colors, kinds | supers, subs, named):
        raise NotUnderstood(tok.words())   # (the same words describing another token: not expected to happen)
    made = make_token(record)
    if any(ln.status != "modelled" for ln in made.reading()):    # its quoted abilities must be read whole too
        raise NotUnderstood(tok.words())
    if made.name not in ctx.made:
        ctx.made.append(made.name)
    return name


def predefined_token_card(name: str):
    """The token card of a token the rules define by name (rules/core/predefined_tokens.lp), named by its subtype
    ("Treasure", "Treasure Token"): the very card the reader makes for "create a Treasure token" (a scenario's
    object with `token: true`). None for any other name."""
    word = name[: -len(" token")] if name.lower().endswith(" token") else name
    if predefined_tokens().get(word.lower()) is None:
        return None
    from pyrules.cards.db import made_token

    try:
        made = _token(Ctx(None, None, 0), T.Token("", "", (word.capitalize(),), (), (), creature=False, predefined=True))
    except NotUnderstood:
        return None
    return made_token(made)


def _token_is(card, tok: T.Token, colors: set, kinds: set, subs: list, named: set) -> bool:
    """Whether a token card is exactly the token the words describe."""
    face = card.faces[0]
    left, _, right = face.type_line.lower().partition("—")
    face_colors = {COLOR_WORDS[c] for c in face.colors} or {"colorless"}
    if ((face.power or "", face.toughness or "") != (tok.power, tok.toughness) or face_colors != colors
            or set(left.split()) - {"token"} != kinds or right.split() != subs):
        return False
    if tuple(face.lines[len(named):]) != tuple(tok.abilities):       # its quoted abilities, as written
        return False
    has = [ln for ln in card.reading() if ln.line <= len(named)]
    return not any(ln.status != "modelled" or not set(ln.names) <= named for ln in has) \
        and {n for ln in has for n in ln.names} == named


def _permanent_target(e: T.Effect, ab: Ab) -> int:
    """A target permanent of a filter."""
    term = ab.filter(e.target.filter)
    t = ab.target(F("permanent", term), optional=e.target.optional)
    ab.last_permanent = (t, e.target.filter.text)
    return t


def _spell_it(ref: T.SelfRef | None, ab: Ab, created: bool) -> int | None:
    """"It" in an instant's or sorcery's effect on a permanent ("Untap target creature. It gets +2/+2 until end of
    turn.", "Put a +1/+1 counter on it"): the permanent targeted just before, never the spell itself (rules/timeline/effects.lp);
    None where "it" isn't that (another kind of ability; a token just created; no target permanent before)."""
    if ref is None or ref.word != "it" or created or not ab.name.startswith("spell_"):
        return None
    if ab.it_target is not None:
        return ab.it_target
    return ab.last_permanent[0] if ab.last_permanent is not None else None


def _filter_only(f: T.Filter) -> Symbol:
    """A filter's term, without adding its facts again (those of a filter the ability already has)."""
    return filter_term(f.text, f.kind, extra=f.extra, and_or=f.and_or)[0]


# The effects on one target an "If you do" after a payment may do (each run as any other instruction: rules/timeline/effects.lp)
PAY_THEN_TARGETED = ("apply", "destroy", "tap", "untap", "bounce", "exile")


def _that_target(ab: Ab, word: str, e: T.Effect) -> int:
    """"That creature": the target permanent just before, whose filter names that card type (else not understood)."""
    if ab.last_permanent is None or not re.search(rf"\b{re.escape(word)}s?\b", ab.last_permanent[1], re.I):
        raise NotUnderstood(e.words())
    return ab.last_permanent[0]


def effect_terms(e: T.Effect, ab: Ab, ctx: Ctx, created: bool) -> list[Symbol]:
    """An effect as the vocabulary's terms: most effects are one; "gets +N/+N and gains KEYWORD until end of turn"
    is two continuous effects on the same object."""
    k = e.kind
    if k == "class_level":                           # "{W}: Level 2" (rules/mechanics/class.lp)
        if "class" not in ctx.face.type_line.lower().split() or not ab.name.startswith("activated_") or ab.effects:
            raise NotUnderstood(e.words())
        ab.add(TIMING, C_("sorcery"))
        return [F("class_level", e.n)]
    if k == "pump_x":
        # "target creature you control gets +X/+0 until end of turn, where X is this creature's power", "until end of turn,
        # target creature you control gains vigilance and gets +X/+X, where X is the number of creatures you control": X
        # determined once as it resolves (rules/timeline/pump_x.lp, rules/timeline/pump_shapes.lp)
        if e.keyword and (e.keyword not in KEYWORDS or KEYWORDS[e.keyword][1] is not None
                          or KEYWORDS[e.keyword][0] in keywords_missing()):
            raise NotUnderstood(e.words())
        if e.counter == "source_power" and not (ab.name.startswith("trigger_") or ab.name.startswith("activated_")):
            raise NotUnderstood(e.words())         # "this creature": a permanent's own ability
        ref = F("target", _permanent_target(e, ab))
        amount = C_("source_power") if e.counter == "source_power" else F("count", ab.filter(e.x))
        out = [F("apply", F("gains", C_(KEYWORDS[e.keyword][0])), ref, C_("end_of_turn"))] if e.keyword else []
        return out + [F("apply", F("pump_for_each", e.pt[0], e.pt[1], amount), ref, C_("end_of_turn"))]
    if k == "return_next_end_step":
        # "Exile target nontoken creature. ... return that creature to the battlefield under its owner's control with a
        # +1/+1 counter on it at the beginning of the next end step": the card the instruction just before exiled, by a
        # delayed triggered ability (rules/timeline/delayed_return.lp); after any other instruction it isn't read
        done = [EFFECT.of(f).effect for f in ab.facts if EFFECT.is_(f)]
        if ab.last_permanent is None or done[-1:] != [F("exile_linked", F("target", ab.last_permanent[0]))]:
            raise NotUnderstood(e.words())
        if e.keyword == "it":
            # "Return it / that card to the battlefield ... at the beginning of the next end step" (Skyskipper Duo, Salvation
            # Swan, Kykar): the card a triggered ability's (or a mode's) instruction just before exiled
            if not (ab.name.startswith("trigger_") or ab.name.startswith("mode_")) or not re.search(
                    r"\bcreatures?\b", ab.last_permanent[1], re.I):
                raise NotUnderstood(e.words())
        elif (not ab.name.startswith("spell_") or e.keyword != "creature"
                or not re.fullmatch(r"(nontoken )?creature", ab.last_permanent[1], re.I)):
            raise NotUnderstood(e.words())
        delayed = ABILITY(ctx.c, ctx.f, ctx.i, f"delayed_{ctx.i}")   # the delayed triggered ability it creates
        return [F("return_next_end_step", F("target", ab.last_permanent[0]), String(e.counter), e.n, delayed)]
    if k == "choose_two_targets":
        # "Choose target creature you control and target creature you don't control.": two targets, which the instructions
        # after it name ("the creature you control", "those creatures"); nothing is done to them yet
        if ab.effects or ab.chosen or not ab.name.startswith("spell_"):
            raise NotUnderstood(e.words())
        t1 = _permanent_target(e, ab)
        t2 = ab.target(F("permanent", ab.filter(e.filter)))
        ab.chosen = [(t1, e.target.filter.text.lower()), (t2, e.filter.text.lower())]
        return []
    if k == "counter_on_chosen_if_gift":
        # "Put a +1/+1 counter on the creature you control if the gift was promised.": the chosen target of those words,
        # only with the gift (rules/mechanics/gift.lp)
        named = [i for i, words in ab.chosen if words == e.filter.text.lower()]
        if (len(named) != 1 or not ab.name.startswith("spell_")
                or not any(re.match(r"gift a\b", ln, re.I) for ln in ctx.face.lines)):
            raise NotUnderstood(e.words())
        return [F("if", C_("gift_promised"), F("counters", F("target", named[0]), String(e.counter), e.n))]
    if k == "those_fight":
        # "Then those creatures fight each other.": the two chosen targets (rules/timeline/fight_exile_control.lp)
        if len(ab.chosen) != 2 or not all(re.fullmatch(r"creature .*", w) for _, w in ab.chosen):
            raise NotUnderstood(e.words())
        return [F("fight", F("target", ab.chosen[0][0]), F("target", ab.chosen[1][0]))]
    if k == "stun_on_it":
        # "tap enchanted creature. ... put three stun counters on it", "tap target creature an opponent controls and put
        # a stun counter on it": "it" is the creature the instruction just before tapped — the one the Aura enchants, or
        # that target (rules/mechanics/stun.lp); after any other instruction it isn't read
        done = [EFFECT.of(f).effect for f in ab.facts if EFFECT.is_(f)]
        tapped = [C_("enchanted")] + ([F("target", ab.targets)] if ab.targets else [])   # (the target named last)
        it = next((x for x in tapped if done[-1:] == [F("tap", x)]), None)
        if it is None:
            raise NotUnderstood(e.words())
        return [F("counters", it, String("stun"), e.n)]
    if k == "tap_stun":                              # "tap target creature and put a stun counter on it" (rules/mechanics/stun.lp)
        t = _permanent_target(e, ab)
        return [F("tap", F("target", t)), F("counters", F("target", t), String("stun"), e.n)]
    if k in ("pump", "gains_until_eot"):
        if e.who == "chosen":                        # "The chosen creature gains indestructible" (rules/timeline/chosen_as_enters.lp)
            ref = C_("chosen")
        elif e.who == "that":                        # "That creature gains trample until end of turn" (issue 28)
            ref = F("target", _that_target(ab, e.counter, e))
        elif e.who == "those":                       # "Those creatures gain indestructible": the ones just counted
            ref = F("each", ab.filter(e.filter))
        elif e.who == "other_target":                # "Up to one other target creature gets +1/+1" (Mabel's Mettle): never
            if ab.last_permanent is None:            # the object of the target before (rules/core/targets_distinct.lp)
                raise NotUnderstood(e.words())
            first = ab.last_permanent[0]
            ref = F("target", _permanent_target(e, ab))
            ab.add(TARGET_DISTINCT, Number(first), Number(ab.last_permanent[0]))
        elif e.who == "equipped":                    # "equipped creature gets +2/+2 until end of turn" (rules/timeline/effects.lp)
            ref = C_("equipped")
        elif e.who == "same":                        # "gets +1/+0 and gains first strike and haste": the same target
            if ab.last_permanent is None:
                raise NotUnderstood(e.words())
            ref = F("target", ab.last_permanent[0])
        elif e.filter is not None:                   # "Creatures you control get +1/+1 until end of turn"
            ref = F("each", ab.filter(e.filter))
        elif e.target is not None:
            ref = F("target", _permanent_target(e, ab))
        elif k == "gains_until_eot" and created and e.ref is not None and e.ref.word == "it":
            ref = C_("created")                      # "It gains haste": the token just created
        elif e.ref is not None and e.ref.word == "it" and ab.it_target is not None:
            ref = F("target", ab.it_target)          # "It gains haste": the creature the spell took control of
        elif _spell_it(e.ref, ab, created) is not None:
            ref = F("target", _spell_it(e.ref, ab, created))   # "Untap target creature. It gets +2/+2" (d2)
        else:
            ctx.need_self(e.ref, created)
            ref = C_("self")
        if e.keyword and (e.keyword not in KEYWORDS or KEYWORDS[e.keyword][1] is not None
                          or KEYWORDS[e.keyword][0] in keywords_missing()):
            raise NotUnderstood(e.words())
        out = []
        ab.last_self = ref == C_("self")
        if ref.name == "each":
            ab.last_each = ref                       # "Untap them": the same creatures (issue 28)
        if k == "pump" and e.for_each and e.counter == "your_graveyard":
            # "for each card named Growth Cycle in your graveyard": counted as it resolves (f4; rules/timeline/library_reveal.lp)
            out.append(F("apply", F("pump_for_each", e.pt[0], e.pt[1], F("graveyard_count", ab.filter(e.x))), ref,
                         C_("end_of_turn")))
        elif k == "pump" and e.for_each and e.x is not None:
            # "gets +1/+0 until end of turn for each Elemental you control": counted as it resolves (rules/timeline/pump_shapes.lp)
            out.append(F("apply", F("pump_for_each", e.pt[0], e.pt[1], F("count", ab.filter(e.x))), ref, C_("end_of_turn")))
        elif k == "pump":
            out.append(F("apply", F("pump", e.pt[0], e.pt[1]), ref, C_("end_of_turn")))
        if e.keyword:
            out.append(F("apply", F("gains", C_(KEYWORDS[e.keyword][0])), ref, C_("end_of_turn")))
        return out
    if k == "base_pt":
        # "Target creature has base power and toughness 1/1 until end of turn" (rules/core/layers.lp: base_pt)
        return [F("apply", F("base_pt", e.pt[0], e.pt[1]), F("target", _permanent_target(e, ab)), C_("end_of_turn"))]
    if k == "pump_becomes":
        # "~ gets +3/+3 and becomes a Bear Berserker until end of turn" (d2): its creature types replaced (layer 4,
        # rules/core/types.lp) and +N/+N, both on the permanent itself
        ctx.need_self(e.ref, created)
        subs = e.counter.split()
        if not subs or any(type_lists()[2].get(x) != "creature" for x in subs):
            raise NotUnderstood(e.words())
        d = ab.new_def()
        ab.facts += [SETS_CREATURE_TYPE(d, String(x)) for x in subs] + [KNOWN_DEF(d)]
        ab.last_self = True
        return [F("apply", F("pump", e.pt[0], e.pt[1]), C_("self"), C_("end_of_turn")),
                F("apply", d, C_("self"), C_("end_of_turn"))]
    if k in ("up_to_n", "n_targets"):
        # "up to three target creatures": n targets of one word "target", none the same (rules/core/targets_distinct.lp);
        # "two target artifacts and/or enchantments": likewise, none of them "up to"
        first = ab.targets + 1
        out = [effect_term(e.then, ab, ctx, created) for _ in range(e.n)]
        if e.n < 2 or ab.targets != first + e.n - 1:
            raise NotUnderstood(e.words())
        for i in range(first, first + e.n):
            for j in range(i + 1, first + e.n):
                ab.add(TARGET_DISTINCT, Number(i), Number(j))
        return out
    if k == "damage_any_and_each":
        # "~ deals 1 damage to any target and 2 damage to each creature" (Wildfire Howl; rules/mechanics/gift.lp)
        return effect_terms(T.Effect("damage", n=e.n, ref=e.ref, target=e.target), ab, ctx, created) + \
            effect_terms(e.then, ab, ctx, created)
    if k == "if_then" and e.keyword == "gift_instead":
        # "If the gift was promised, instead [effect]" (Wildfire Howl): the instructions before it are followed only if
        # the gift wasn't promised, the new ones only if it was, and a target they name is chosen only then
        # (rules/mechanics/gift.lp): the targets the instructions before it name are chosen only if the gift wasn't
        # promised (Into the Flood Maw: "Return target creature an opponent controls ... If the gift was promised, instead
        # return target nonland permanent an opponent controls ..."); read for the instructions of _GIFT_INSTEAD, the new
        # ones naming only targets of their own
        if (not ab.name.startswith("spell_") or not any(re.match(r"gift a\b", ln, re.I) for ln in ctx.face.lines)
                or not ab.effects or any(TARGET_IF.is_(f) for f in ab.facts)):
            raise NotUnderstood(e.words())
        before = ab.targets
        old = [EFFECT.of(f) for f in ab.facts if EFFECT.is_(f)]
        then = effect_terms(e.then, ab, ctx, created)
        if any(not _GIFT_INSTEAD.fullmatch(str(t)) for t in [*then, *(r.effect for r in old)]):
            raise NotUnderstood(e.words())
        if any(int(n) <= before for t in then for n in re.findall(r"target\((\d+)\)", str(t))):
            raise NotUnderstood(e.words())
        if any(TARGET_EACH_OPPONENT.is_(f) for f in ab.facts):
            raise NotUnderstood(e.words())
        ab.facts = [EFFECT(ab.ab, EFFECT.of(f).n, F("if", C_("gift_not_promised"), EFFECT.of(f).effect))
                    if EFFECT.is_(f) else f for f in ab.facts]
        for i in range(1, before + 1):
            ab.add(TARGET_IF, Number(i), C_("gift_not_promised"))
        for i in range(before + 1, ab.targets + 1):
            ab.add(TARGET_IF, Number(i), C_("gift_promised"))
        return [F("if", C_("gift_promised"), t) for t in then]
    if k == "if_then":
        # a last sentence "If this spell was kicked, ..." / "If you control [a kind], ..." (rules/timeline/bounce_shapes.lp)
        before = ab.targets
        then = effect_terms(e.then, ab, ctx, created)
        # (a target an earlier instruction chose, "that creature", is the same object: "If the gift was promised, that
        # creature also gains indestructible"; a new target only if the gift was promised is not read)
        earlier = e.keyword in ("gift_promised", "gift_not_promised") and ab.targets == before
        # (a new target "if the gift was promised": chosen only if it was, as the spell is cast)
        new = e.keyword == "gift_promised" and ab.targets > before
        # (several instructions only "if the gift was promised": "tap target creature an opponent controls and put a stun
        # counter on it", Mind Spiral)
        several = e.keyword in ("gift_promised", "gift_not_promised") and len(then) > 1
        if (len(then) != 1 and not several) or any(
                re.search(r"\b(x|count|that_much|each" + ("" if earlier or new else "|target") + r")\b", str(t)) for t in then):
            raise NotUnderstood(e.words())
        if new:
            if any(TARGET_OPTIONAL.is_(f) or TARGET_EACH_OPPONENT.is_(f) or TARGET_DISTINCT.is_(f) for f in ab.facts):
                raise NotUnderstood(e.words())
            for i in range(before + 1, ab.targets + 1):
                ab.add(TARGET_IF, Number(i), C_("gift_promised"))
        if e.keyword == "kicked":
            if not ab.name.startswith("spell_") or not any("kicker" in ln.lower() for ln in ctx.face.lines):
                raise NotUnderstood(e.words())
            return [F("if", C_("kicked"), then[0])]
        if e.keyword in ("gift_promised", "gift_not_promised"):
            # "If the gift was / wasn't promised, [effect]": a spell with a gift line, or a triggered ability of a
            # permanent with one (Kitnap: its gift was promised as it was cast; rules/mechanics/gift.lp)
            trig = ab.name.startswith("trigger_") and not re.search(r"\b(instant|sorcery)\b", ctx.face.type_line, re.I)
            if ((not ab.name.startswith("spell_") and not trig)
                    or not any(re.match(r"gift a\b", ln, re.I) for ln in ctx.face.lines)):
                raise NotUnderstood(e.words())
            return [F("if", C_(e.keyword), t) for t in then]
        if e.keyword != "you_control":
            raise NotUnderstood(e.words())
        # the instructions before it: ones whose permanents leaving the battlefield the rules account for, or ones that
        # move no permanent
        if any(b not in IF_AFTER for b in ab.effect_kinds):
            raise NotUnderstood(e.words())
        return [F("if", _condition(T.Condition("you_control", e.filter, n=e.n), ab, ctx), then[0])]
    if k == "up_to_two":
        # "each of up to two target creatures": the same effect on two targets of one word "target" (rules/core/targets_distinct.lp)
        first = ab.targets + 1
        a = effect_terms(e.then, ab, ctx, created)
        b = effect_terms(e.then, ab, ctx, created)
        if ab.targets != first + 1:
            raise NotUnderstood(e.words())
        ab.add(TARGET_DISTINCT, Number(first), Number(first + 1))
        return a + b
    if k == "lose_life" and e.who == "you":         # "you lose 1 life"
        return [F("lose_life", C_("you"), e.n)]
    if k == "mill" and e.who == "each_opponent":    # "each opponent puts the top two cards ..." (issue 28)
        return [F("mill", C_("each_opponent"), e.n)]
    if k == "mill" and e.who == "target_opponent":  # "target opponent puts the top four cards ..." (issue 28)
        return [F("mill", F("target", ab.target(C_("opponent"))), e.n)]
    if k == "mill" and e.n == "X":                   # "... puts the top X cards ..., where X is the number of [filter]"
        if e.x is None or e.who != "target_player":
            raise NotUnderstood(e.words())
        return [F("mill", F("target", ab.target(C_("player"))), _amount(e, ab))]
    if k == "mill" and e.who != "that_player":   # "target player puts the top two cards of their library into ..."
        who = C_("you") if e.who == "you" else F("target", ab.target(C_("player")))
        return [F("mill", who, e.n)]
    if k == "if_you_control":
        # "draw a card if you control a creature with a +1/+1 counter on it": checked as it resolves (rules/timeline/if_you_control.lp)
        inner = effect_terms(e.then, ab, ctx, created)
        text = e.filter.text
        # "It also gets +1/+0 until end of turn if you control a Mouse" (Might of the Meek): a pump of the target just before;
        # "If you control a Raccoon, you may discard a card. If you do, draw a card." (Take Out the Trash)
        if (len(inner) != 1 or not re.match(r"(draw|gain_life|create_token|scry|surveil)\(|counters\(self,|may_then\((draw|discard)\(you,\d+\),(draw|discard)\(you,\d+\)\)$|apply\(pump\(-?\d+,-?\d+\),target\(\d+\),end_of_turn\)$", str(inner[0]))
                or re.search(r"\b(you control|opponent controls|you don't control)\b", text, re.I)):
            raise NotUnderstood(e.words())
        kind, with_, rest = text.partition(" with ")
        return [F("if_controls", ab.filter(T.Filter(f"{kind} you control{with_}{rest}")), 1, inner[0])]
    if k == "if_opponent_more":
        # "create a Treasure token if an opponent controls more lands than you" (Beza): compared as it resolves
        # (rules/timeline/opponent_more.lp)
        inner = effect_terms(e.then, ab, ctx, created)
        if len(inner) != 1 or not re.match(r"(draw\(you,\d+\)|gain_life\(you,\d+\)|create_token\(\"[^\"]*\",\d+\))$", str(inner[0])):
            raise NotUnderstood(e.words())
        return [F("if_opponent_more", C_(e.keyword), inner[0])]
    if k == "may":
        # "you may [effect]": done unless the player declines as it resolves (rules/timeline/effects.lp)
        inner = effect_terms(e.then, ab, ctx, created)
        if len(inner) != 1 or re.search(r"\b(each|bounce_chosen|destroy_all|if_was|created)\b", str(inner[0])):
            raise NotUnderstood(e.words())
        return [F("may", inner[0])]
    if k in ("pay_then", "sacrifice_then", "reveal_then"):
        # "you may pay {1}. If you do, draw a card.", "you may sacrifice another creature. If you do, ...", "you may reveal a
        # Dinosaur card from your hand. If you do, ...": the second only if the first was done (rules/timeline/if_you_do.lp)
        then = effect_terms(e.then, ab, ctx, created)
        if (k == "pay_then" and len(then) == 1 and then[0].name in PAY_THEN_TARGETED and str(then[0]).count("target(") == 1
                and not re.search(r"\b(x|count|that_much|each|targets|bounce_chosen|destroy_all|if_was|created|may|pump_for_each)\b", str(then[0]))):
            # "you may pay {R}. If you do, target creature can't block this turn." (Frenzied Goblin): the target is chosen
            # as the ability is put on the stack, the effect done on it if its controller pays (rules/timeline/if_you_do.lp)
            return [F("pay_then", _pay_term(e.keyword), then[0])]
        if len(then) != 1 or re.search(r"\b(x|count|that_much|each|target|bounce_chosen|destroy_all|if_was|created|may)\b", str(then[0])):
            raise NotUnderstood(e.words())
        if k == "pay_then":
            return [F("pay_then", _pay_term(e.keyword), then[0])]
        return [F(k, ab.filter(e.filter), then[0])]
    if k == "forage_then":
        # "you may forage. If you do, draw a card.": the second only if the player foraged (rules/mechanics/forage.lp)
        then = effect_terms(e.then, ab, ctx, created)
        if len(then) != 1 or re.search(r"\b(x|count|that_much|each|target|bounce_chosen|destroy_all|if_was|created|may)\b", str(then[0])):
            raise NotUnderstood(e.words())
        return [F("forage_then", then[0])]
    if k in ("pay_when", "sacrifice_when"):
        # "you may pay {2}{R}. When you do, it deals 3 damage to any target.": a reflexive triggered ability of its own,
        # which the payment (the sacrifice) triggers as this ability resolves (rules/timeline/if_you_do.lp)
        if ctx.reflexive or not (ab.name.startswith("trigger_") or ab.name.startswith("loyalty")):
            raise NotUnderstood(e.words())
        r = Ab(ctx, f"reflexive_{ctx.i}")
        r.add(TRIGGERED_ABILITY)
        r.add(TRIGGER, C_("reflexive"))
        compile_effects(list(e.reflexive), r, ctx)
        if r.missing:
            raise NotUnderstood(e.words())
        ctx.reflexive.append(r)
        if k == "pay_when":
            return [F("pay_when", _pay_term(e.keyword), r.ab)]
        return [F("sacrifice_when", ab.filter(e.filter), r.ab)]
    if k == "sacrifice_unless_pay":
        # "sacrifice it unless you pay {1}" (Rupture Spire; rules/timeline/if_you_do.lp)
        ctx.need_self(e.ref, created)
        return [F("sacrifice_unless_pay", _pay_term(e.keyword))]
    if k == "return_self_hand" and not ab.name.startswith("activated"):
        # "return ~ from your graveyard to your hand": a trigger on a permanent entering, which then functions from the
        # graveyard (rules/timeline/graveyard_triggers.lp); an activated ability's: effect_term (e5)
        ctx.need_self(e.ref, created)
        if ab.event_kind != "enters_filter":
            raise NotUnderstood(e.words())
        return [F("return_self", C_("hand"))]
    if k == "may_then":
        # "you may draw a card. If you do, discard a card." (and discard, then draw): the player's own draw and discard
        # (e2, issue 28: "you may discard a card. If you do, untap ~": after the player's draw or discard, one effect)
        if e.then.kind not in ("draw", "discard") or e.then.who != "you":
            raise NotUnderstood(e.words())
        first = effect_term(e.then, ab, ctx, created)
        if e.otherwise.kind in ("draw", "discard") and e.otherwise.who == "you":
            return [F("may_then", first, effect_term(e.otherwise, ab, ctx, created))]
        then = effect_terms(e.otherwise, ab, ctx, created)
        if len(then) != 1 or re.search(r"\b(x|count|that_much|each|target|bounce_chosen|destroy_all|if_was|created|may)\b", str(then[0])):
            raise NotUnderstood(e.words())
        return [F("may_then", first, then[0])]
    if k == "exile_if_countered":
        # "If that spell is countered this way, exile it instead ..." after "Counter target spell unless its controller
        # pays {X}." (rules/timeline/counter_unless.lp)
        if ab.effect_kinds[-1:] != ["counter_unless_pays"]:
            raise NotUnderstood(e.words())
        return [C_("exile_if_countered")]
    if k == "life_its_controller":
        # "Its controller gains 4 life": the controller of the permanent targeted just before (rules/timeline/effects.lp)
        if ab.last_permanent is None:
            raise NotUnderstood(e.words())
        verb = "gain_life" if e.keyword == "gains" else "lose_life"
        return [F(verb, F("controller_of", F("target", ab.last_permanent[0])), e.n)]
    if k == "prevent_combat_damage_to":
        # "Prevent all combat damage that would be dealt to it this turn": "it" the permanent an instant or sorcery
        # targeted before, a prevention effect on it until the turn ends (rules/timeline/prevention.lp)
        t = _spell_it(e.ref, ab, created)
        if t is None:
            raise NotUnderstood(e.words())
        return [F("apply", C_("prevent_combat_damage_to"), F("target", t), C_("end_of_turn"))]
    if k == "prevent_combat_damage":
        # "Prevent all combat damage that would be dealt this turn": a prevention effect on no object, until the turn
        # ends (rules/timeline/prevention.lp)
        return [F("apply", C_("prevent_combat_damage"), C_("none"), C_("end_of_turn"))]
    if k == "restricted_this_turn":
        # "can't be blocked this turn", "can't block this turn": a continuous effect until the turn ends (rules/casting/combat.lp)
        if e.who == "same" and not ab.targets and ab.last_self:
            ref = C_("self")                         # "~ gets +1/+0 until end of turn and can't be blocked this turn" (issue 28)
        elif e.who == "same":                        # "Target creature gets +1/+0 ... and can't be blocked this turn"
            if not ab.targets:
                raise NotUnderstood(e.words())
            ref = F("target", ab.targets)
        elif e.target is not None:
            ref = F("target", _permanent_target(e, ab))
        elif e.filter is not None:                   # "Creatures you control can't be blocked this turn"
            ref = F("each", ab.filter(e.filter))
        else:
            ctx.need_self(e.ref, created)
            ref = C_("self")
        return [F("apply", C_(e.keyword), ref, C_("end_of_turn"))]
    if k == "add_mana":
        # "Add {R}{R}." in a loyalty ability, a chapter ability, a spell or a trigger: mana added as it resolves
        # (rules/timeline/effects.lp). An activated ability that adds mana is a mana ability (_mana_ability), read
        # only in its own shapes; a choice of color isn't read here
        if ab.name.startswith(("activated_", "mana_")) or e.mana.kind != "symbols":
            raise NotUnderstood(e.words())
        counts: dict[str, int] = {}
        for sym in e.mana.symbols:
            counts[sym] = counts.get(sym, 0) + 1
        return [F("add_mana", C_(sym.lower()), n) for sym, n in counts.items()]
    if k == "regenerate":
        # "Regenerate ~", "Regenerate target creature", "Regenerate it" (the target just before): a regeneration shield
        # (rules/mechanics/regenerate.lp)
        if e.target is not None:
            return [F("regenerate", F("target", _permanent_target(e, ab)))]
        if e.ref is not None and e.ref.word == "it" and ab.last_permanent is not None:
            return [F("regenerate", F("target", ab.last_permanent[0]))]
        ctx.need_self(e.ref, created)
        return [F("regenerate", C_("self"))]
    if k == "prevent_damage_to_creatures":
        # "Prevent all damage that would be dealt to creatures this turn": an effect on no object until the turn ends
        # (rules/timeline/prevention_to_creatures.lp)
        return [F("apply", C_("prevent_damage_to_creatures"), C_("none"), C_("end_of_turn"))]
    if k == "counters_life_total":
        # "Put X +1/+1 counters on target creature, where X is your life total" (rules/timeline/loyalty_effects.lp)
        return [F("counters", F("target", _permanent_target(e, ab)), String(e.counter), C_("your_life"))]
    if k == "counters_chosen":
        # "Put two loyalty counters on a planeswalker you control": chosen as it resolves (rules/timeline/loyalty_effects.lp)
        return [F("counters_chosen", ab.filter(e.filter), String(e.counter), e.n)]
    if k == "destroy_all_chosen_type":
        # "Choose artifact or enchantment. Destroy all permanents of the chosen type." (rules/timeline/chosen_type_destroy.lp)
        return [F("destroy_all_chosen_type", C_(e.keyword), C_(e.counter))]
    if k == "gains_chosen_until_eot":
        # "It gains vigilance and trample until end of turn" after "put a +1/+1 counter on a creature you control": the
        # permanent chosen for the counters (rules/timeline/loyalty_effects.lp)
        if not any(f.name == "effect" and ",counters_chosen(" in str(f) for f in ab.facts):
            raise NotUnderstood(e.words())
        if e.keyword not in KEYWORDS or KEYWORDS[e.keyword][1] is not None or KEYWORDS[e.keyword][0] in keywords_missing():
            raise NotUnderstood(e.words())
        return [F("apply", F("gains", C_(KEYWORDS[e.keyword][0])), C_("counters_chosen_object"), C_("end_of_turn"))]
    if k == "gains_protection_choice":
        # "gains protection from the color of your choice until end of turn" (rules/mechanics/protection_choice.lp)
        return [F("apply", C_("gains_protection_chosen"), F("target", _permanent_target(e, ab)), C_("end_of_turn"))]
    if k == "life_total_becomes":
        # "Target player's life total becomes 1" (rules/timeline/effects.lp)
        return [F("life_becomes", F("target", ab.target(C_("player"))), e.n)]
    if k == "untap_all":
        # "Untap all creatures you control": the permanents of the filter as it resolves (rules/timeline/pump_shapes.lp)
        return [F("untap", F("each", ab.filter(e.filter)))]
    term = effect_term(e, ab, ctx, created)
    return [] if term is None else [term]


# the instructions an "If you control ..." sentence may follow (rules/timeline/bounce_shapes.lp: gone_before)
IF_AFTER = ("bounce", "destroy", "exile", "draw", "gain_life", "lose_life", "tap", "untap", "counters", "scry",
            "surveil", "mill", "discard", "apply_pump", "search")
X_EFFECTS = ("damage", "gain_life", "lose_life", "damage_each_creature_player", "draw", "mill", "impulse",
             "counter_unless_pays", "create_token")   # the effects whose amount may be X
MANA_LETTER = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g", "colorless": "c"}


def _amount(e: T.Effect, ab: Ab):
    """An effect's amount: a number; x, the value of X announced as the cost was paid (rules/timeline/effects.lp);
    or count(Filter), "where X is the number of [filter]"."""
    if e.n != "X":
        return e.n
    if e.x is not None and e.counter == "your_graveyard":
        # "where X is the number of [kind] cards in your graveyard": only losing life has rules for it
        # (rules/timeline/graveyard_counts.lp)
        if e.kind != "lose_life":
            raise NotUnderstood(e.words())
        return F("graveyard_count", ab.filter(e.x))
    if e.x is not None:
        return F("count", ab.filter(e.x))
    return C_("x")


def _pay_term(symbols: str):
    """"{2}{R}" -> mana(2, 0, 0, 0, 1, 0): the generic amount, then the symbols of each color in WUBRG order."""
    syms = re.findall(r"\{([^}]+)\}", symbols)
    generic = sum(int(x) for x in syms if x.isdigit())
    return F("mana", generic, *(syms.count(c) for c in "WUBRG"))


def effect_term(e: T.Effect, ab: Ab, ctx: Ctx, created: bool) -> Symbol | None:
    """One effect as the vocabulary's term (its targets and filters added to the ability); None for words that
    change nothing pyrules models."""
    k = e.kind
    if e.n == "X" and k not in X_EFFECTS:
        raise NotUnderstood(e.words())
    if k == "spend_only":
        # "Spend only black mana this way": a restriction on paying the ability's own cost (rules/mana/payment.lp)
        if not any(f.name == "cost" for f in ab.facts):
            raise NotUnderstood(e.words())
        ab.add(SPEND_ONLY, C_(MANA_LETTER[e.who]))
        return None
    if k == "lose_life" and e.who == "that_player":
        # "target player draws two cards and loses 2 life": the player targeted just before
        if not ab.targets:
            raise NotUnderstood(e.words())
        return F("lose_life", F("target", ab.targets), e.n)
    if k == "lose_life" and e.who == "they":
        # "they lose 2 life" after "if that player has ...": the opponent whose step it is (rules/timeline/that_player_hand.lp)
        if not ab.event_player or not any(INTERVENING_IF.is_(f) and "data_player_hand_le" in str(f) for f in ab.facts):
            raise NotUnderstood(e.words())
        return F("lose_life", C_("data_player"), e.n)
    if k == "edict" and e.who == "that_player":
        # "that player sacrifices a creature": the opponent whose step triggered it (rules/timeline/fight_exile_control.lp)
        if not ab.event_player:
            raise NotUnderstood(e.words())
        return F("sacrifice_chosen", C_("data_player"), ab.filter(e.filter))
    if k == "tap_all":                              # "tap all creatures target opponent controls" (rules/timeline/more_enter_effects.lp)
        t = ab.target(C_(e.who.removeprefix("target_")))
        ab.last_tap_all = e.filter.text.lower()
        return F("tap_all", F("target", t), ab.filter(e.filter))
    if k == "fight_self":                           # "it fights another target creature" (rules/timeline/fight_exile_control.lp)
        ctx.need_self(e.ref, created)
        return F("fight", C_("self"), F("target", _permanent_target(e, ab)))
    if k == "attach_self_target":                   # "attach it to target Pirate you control" (rules/casting/activate.lp)
        ctx.need_self(e.ref, created)
        return F("attach", C_("self"), F("target", _permanent_target(e, ab)))
    if k == "destroy_it":                           # "destroy it": the creature that blocked (rules/timeline/aura_triggers.lp)
        if ab.event_object != "battlefield":
            raise NotUnderstood(e.words())
        return F("destroy", C_("data_object"))
    if k == "return_that_card":                     # "return that card to its owner's hand": the creature card that died
        if ab.event_object != "graveyard":
            raise NotUnderstood(e.words())
        return F("bounce", C_("data_object"))
    if k == "attach_to_created":
        # "create a ... token, then attach ~ to it" (rules/timeline/attach_to_token.lp)
        if not created:
            raise NotUnderstood(e.words())
        ctx.need_self(e.ref)
        return F("attach", C_("self"), C_("created"))
    if k == "win_game":                             # rules/mechanics/win_game.lp
        return F("win_game", C_("you"))
    if k == "edict_n" and e.who == "each_player":   # "Each player sacrifices two creatures." (rules/timeline/sacrifice_n.lp)
        return F("sacrifice_n_chosen", C_("each_player"), e.n, ab.filter(e.filter))
    if k == "edict" and e.who == "each_opponent":   # rules/timeline/reanimation_shapes.lp
        return F("sacrifice_chosen", C_("each_opponent"), ab.filter(e.filter))
    if k == "exile_self_spell":                     # "Exile ~." of a spell as it resolves (rules/timeline/resolution.lp)
        ctx.need_self(e.ref)
        if not ab.name.startswith("spell_") or e.ref.word != "~":
            raise NotUnderstood(e.words())
        return F("exile_self_spell")
    if k == "extra_turn":                           # rules/timeline/extra_turns.lp
        if e.who == "target_player":
            return F("extra_turn", F("target", ab.target(C_("player"))))
        return F("extra_turn", C_("you"))
    if k == "edict":
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("sacrifice_chosen", F("target", t), ab.filter(e.filter))
    if k == "exhume" and e.n:                       # rules/timeline/reanimation_shapes.lp
        return F("exhume_n", e.n, ab.filter(e.filter, "card"))
    if k == "exhume":
        return F("exhume", ab.filter(e.filter, "card"))
    if k == "shuffle_graveyard_then":               # after "return all ... from your graveyard" (rules/timeline/reanimation_shapes.lp)
        if ab.effect_kinds[-1:] != ["reanimate_all"]:
            raise NotUnderstood(e.words())
        return C_("shuffle_graveyard_after_return")
    if k == "reanimate_all" and e.keyword == "tapped":   # "... to the battlefield tapped" (Lumra): rules/timeline/reanimation_shapes.lp
        return F("reanimate_all_tapped", ab.filter(e.filter, "card"))
    if k == "reanimate_all":                        # rules/timeline/reanimation_shapes.lp
        return F("reanimate_all", ab.filter(e.filter, "card"))
    if k == "destroy_sharing_color":                 # rules/timeline/shares_a_color.lp: after "destroy target [kind]"
        if ab.targets != 1:
            raise NotUnderstood(e.words())
        return F("destroy_sharing_color", F("target", 1), ab.filter(e.filter))
    if k == "gain_life_lost_this_turn":              # rules/timeline/life_lost_this_turn.lp
        return F("gain_life", C_("you"), C_("life_lost_turn"))
    if k == "gain_life_devotion":                    # rules/timeline/devotion.lp
        return F("gain_life", C_("you"), F("devotion", C_(e.counter)))
    if k == "exile_chosen_graveyard":                # rules/timeline/graveyard_exile.lp
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("exile_chosen_graveyard", F("target", t))
    if k == "exile_all_graveyards":
        return C_("exile_all_graveyards")
    if k == "exile_graveyard_of":                    # e5 (rules/timeline/graveyard_exile.lp)
        who = F("target", ab.target(C_("player"))) if e.who == "target_player" else C_(e.who)
        return F("exile_graveyard_of", who)
    if k == "fight":
        # fight: each deals damage equal to its power to the other (rules/timeline/fight_exile_control.lp)
        t1 = _permanent_target(e, ab)
        t2 = ab.target(F("permanent", ab.filter(e.filter)))
        return F("fight", F("target", t1), F("target", t2))
    if k == "flicker":
        # "Exile target creature you control, then return it to the battlefield under its owner's control [with a +1/+1
        # counter on it]": a one-shot exile and return (rules/timeline/flicker.lp)
        return F("flicker", F("target", _permanent_target(e, ab)), String(e.counter), e.n)
    if k == "exile_linked":
        # exiled "with" the source, for its leaves-the-battlefield ability to return (rules/timeline/fight_exile_control.lp)
        return F("exile_linked", F("target", _permanent_target(e, ab)))
    if k == "return_exiled":
        return F("return_exiled", C_("self"))
    if k == "gain_control_eot":
        t = _permanent_target(e, ab)
        ab.it_target = t
        return F("gain_control", F("target", t), C_("end_of_turn"))
    if k == "damage_opponents_counters":   # counted as it is done, after the earlier instructions (rules/timeline/effects.lp)
        ctx.need_self(e.ref, created)
        return F("damage", C_("each_opponent"), F("counters_on_self", String(e.counter)))
    if k == "exchange_control":
        # "Exchange control of two target creatures": two targets of one word "target", never the same
        # (rules/timeline/tap_control_shapes.lp, rules/core/targets_distinct.lp)
        t1 = _permanent_target(e, ab)
        t2 = _permanent_target(e, ab)
        ab.add(TARGET_DISTINCT, Number(t1), Number(t2))
        return F("exchange_control", F("target", t1), F("target", t2))
    if k == "those_skip_next_untap":
        # "Those creatures don't untap during that player's next untap step": the permanents "tap all [kind] target
        # player controls" just tapped (rules/timeline/tap_control_shapes.lp)
        if ab.effect_kinds[-1:] != ["tap_all"] or ab.last_tap_all != e.counter:   # "those creatures" after "all creatures"
            raise NotUnderstood(e.words())
        return F("skip_next_untap", C_("tapped_all"))
    if k == "untap_chosen":
        # "Untap up to three lands": no target, chosen as it resolves (rules/timeline/tap_control_shapes.lp)
        if e.n < 1:
            raise NotUnderstood(e.words())
        return F("untap_chosen", e.n, ab.filter(e.filter))
    if k == "tap_each":                             # "tap all creatures your opponents control" (rules/timeline/tap_control_shapes.lp)
        return F("tap", F("each", ab.filter(e.filter)))
    if k == "exile_all":                            # "exile all nonland permanents that aren't legendary" (same file)
        return F("exile_all", ab.filter(e.filter))
    if k == "gain_life_its_power":
        # "You gain life equal to its power": the permanent targeted just before (rules/timeline/tap_control_shapes.lp)
        if ab.last_permanent is None:
            raise NotUnderstood(e.words())
        if e.who == "its_controller":    # "Its controller gains life equal to its power" (rules/timeline/life_triggers.lp)
            return F("gain_life_power", F("controller_of", F("target", ab.last_permanent[0])),
                     F("target", ab.last_permanent[0]))
        return F("gain_life_power", C_("you"), F("target", ab.last_permanent[0]))
    if k == "gain_control_forever":   # no duration: it lasts for the rest of the game (rules/timeline/fight_exile_control.lp)
        t = _permanent_target(e, ab)
        ab.it_target = t
        return F("gain_control", F("target", t), C_("forever"))
    if k == "kept_tapped_while":
        # "Tap target creature an opponent controls. It doesn't untap during its controller's untap step for as long as
        # you control ~": the permanent just tapped (rules/timeline/reanimation_shapes.lp)
        if not ab.targets or ab.effect_kinds[-1:] != ["tap"] or e.ref.word != "~":
            raise NotUnderstood(e.words())
        return F("kept_tapped_while", F("target", ab.targets))
    if k == "skip_next_untap":
        # "That creature doesn't untap during its controller's next untap step": the permanent targeted just before
        if not ab.targets:
            raise NotUnderstood(e.words())
        return F("skip_next_untap", F("target", ab.targets))
    if k == "untap_it":
        if ab.it_target is None and ab.effect_kinds[-1:] == ["search"] and any(
                str(f).endswith(",battlefield_tapped))") for f in ab.facts if EFFECT.is_(f)):
            # "Search your library for a basic land card, put it onto the battlefield tapped, ... Then if you control four
            # or more lands, untap that land." (Fabled Passage): the card the search just put onto the battlefield
            # (rules/timeline/bounce_shapes.lp)
            return F("untap", C_("found"))
        if ab.it_target is not None:
            return F("untap", F("target", ab.it_target))
        if (ab.name.startswith("spell_") and not created and ab.last_permanent is not None
                and (e.counter == "" or re.search(rf"\b{re.escape(e.counter)}s?\b", ab.last_permanent[1], re.I))):
            # "Target creature you control gets +1/+1 ... Untap it." (Shore Up): the permanent the spell targeted just before
            return F("untap", F("target", ab.last_permanent[0]))
        raise NotUnderstood(e.words())
    if k == "damage_each_creature_player":
        ctx.need_self(e.ref, created)
        return F("damage", C_("each_creature_and_player"), _amount(e, ab))
    if k == "destroy":
        return F("destroy", F("target", _permanent_target(e, ab)))
    if k == "tap_enchanted":
        return F("tap", C_("enchanted"))
    if k == "bounce":
        return F("bounce", F("target", _permanent_target(e, ab)))
    if k == "damage_you":                           # "~ deals 3 damage to you": the ability's controller
        ctx.need_self(e.ref, created)
        return F("damage", C_("self_controller"), e.n)
    if k == "damage_each_opponent":
        ctx.need_self(e.ref, created)
        return F("damage", C_("each_opponent"), e.n)
    if k == "damage_each_player_count":
        # "it deals damage to each player equal to the number of nonbasic lands that player controls": each player's own
        # count as it resolves (rules/timeline/damage_each_player_count.lp)
        ctx.need_self(e.ref, created)
        return F("damage_each_player_count", ab.filter(e.filter))
    if k == "damage_each_player":
        ctx.need_self(e.ref, created)
        return F("damage", C_("each_player"), e.n)
    if e.who == "that_player" and k in ("discard", "mill"):
        # "that player discards a card" in a combat damage trigger: the player dealt the damage (issue 28)
        if ab.event_data != "player":
            raise NotUnderstood(e.words())
        return F(k, C_("data_player"), e.n)
    if k == "lose_life" and e.who == "discarder" and ab.event_data == "drawn":
        # "that player loses 1 life" in "Whenever an opponent draws a card": the player who drew it (rules/timeline/draw_triggers.lp)
        return F("lose_life", C_("drawer"), e.n)
    if k == "lose_life" and e.who == "discarder":
        # "that player loses 2 life" in "Whenever an opponent discards a card": the player who discarded it (issue 28)
        if ab.event_data != "discarded":
            raise NotUnderstood(e.words())
        return F("lose_life", C_("discarder"), e.n)
    if k == "discard" and e.who == "same_target":
        # "target player draws two cards, then discards two cards": the player targeted just before (issue 28)
        if ab.last_player is None or ab.last_player != ab.targets:
            raise NotUnderstood(e.words())
        return F("discard", F("target", ab.last_player), e.n)
    if k == "damage_attacked":
        # "it deals 1 damage to the player or planeswalker it's attacking" in "Whenever ~ attacks" (issue 28)
        ctx.need_self(e.ref, created)
        if ab.event_data != "attacked":
            raise NotUnderstood(e.words())
        return F("damage", C_("attacked"), e.n)
    if k == "discard_hand" and e.who == "each_player":
        return F("discard_hand", C_("each_player"))
    if k == "fight_that":
        # "Then that creature fights target creature you don't control", "Then it fights ..." (issue 28)
        t1 = _that_target(ab, "creature" if e.counter == "it" else e.counter, e)
        t2 = ab.target(F("permanent", ab.filter(e.filter)))
        return F("fight", F("target", t1), F("target", t2))
    if k == "untap" and e.who == "them":
        if ab.last_each is None:
            raise NotUnderstood(e.words())
        return F("untap", ab.last_each)
    if k == "discard" and e.keyword == "unless_attacked":
        # "Then discard a card unless you attacked with a creature this turn" (rules/timeline/pump_shapes.lp)
        return F("unless", F("attacked_this_turn", C_("you")), F("discard", C_("you"), e.n))
    if k == "if_is" and e.then.kind == "counters":
        # "Put a +1/+1 counter on target creature you control if it's legendary" (rules/timeline/pump_shapes.lp)
        inner = effect_term(e.then, ab, ctx, created)
        return F("if_is", F("target", ab.last_permanent[0]), ab.filter(e.filter), inner)
    if k == "if_is":
        # "If it's a Vampire, it gains first strike until end of turn": the target just before, as it resolves
        if ab.last_permanent is None:
            raise NotUnderstood(e.words())
        t = ab.last_permanent[0] if not e.counter else _that_target(ab, e.counter, e)   # "If that creature is a token"
        kw = e.then.keyword
        if kw not in KEYWORDS or KEYWORDS[kw][1] is not None or KEYWORDS[kw][0] in keywords_missing():
            raise NotUnderstood(e.words())
        return F("if_is", F("target", t), ab.filter(e.filter),
                 F("apply", F("gains", C_(KEYWORDS[kw][0])), F("target", t), C_("end_of_turn")))
    if k == "if_control_that":
        # "If you control that creature, draw two cards." (Dreamdew Entrancer): the target just before, as it resolves
        # (rules/timeline/pump_shapes.lp: if_is)
        t = _that_target(ab, e.counter, e)
        inner = effect_terms(e.then, ab, ctx, created)
        if len(inner) != 1 or not re.match(r"draw\(you,\d+\)$", str(inner[0])):
            raise NotUnderstood(e.words())
        return F("if_is", F("target", t), ab.filter(T.Filter(f"{e.counter} you control")), inner[0])
    if k == "search_named":
        # "search your library for a card named A [or B]": the card names as the filter (rules/core/filters.lp: named)
        names = [ctx.card.name if n == "~" else n for n in e.keyword.split(" or ")]
        term = FILTER(f"card named {' or '.join(names)}")
        ab.facts += [FILTER_CLAUSE(term, k) for k in range(1, len(names) + 1)]
        ab.facts += [FILTER_LIT(term, k, F("pos", F("named", String(n)))) for k, n in enumerate(names, start=1)]
        return F("search", term, C_(e.who))
    if k == "peek_top":
        # "look at the top card of your library. If it's a land card, you may reveal it and put it into your hand."
        return F("peek_top", ab.filter(e.filter, "card"))
    if k == "dig_any":
        # "you may reveal any number of creature cards from among them and put the revealed cards into your hand"
        return F("dig_any", e.n, ab.filter(e.filter, "card"))
    if k == "gain_life" and e.counter == "milled":
        # "You gain 1 life for each creature card put into your graveyard this way": the cards of that kind among the top
        # N the same ability mills (f4; rules/timeline/graveyard_counts.lp)
        return F("gain_life", C_("you"), F("milled", e.n, ab.filter(e.x, "card")))
    if k == "discard_then_draw":
        # "discard any number of cards [up to three cards], then draw that many cards" (f4; rules/timeline/library_reveal.lp)
        return F("discard_then_draw", C_("any") if e.keyword == "any" else e.n)
    if k == "exile_hand_graveyard":
        # "Target opponent reveals their hand. Exile all [kind of] cards from that player's hand and graveyard." (f4;
        # rules/timeline/library_reveal.lp)
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("exile_hand_graveyard", F("target", t), ab.filter(e.filter, "card"))
    if k == "search_different":
        # "up to two creature cards with different names" (Shared Summons; f4, rules/timeline/library_reveal.lp)
        return F("search_different", ab.filter(e.filter, "card"), e.n)
    if k == "search_split":
        # "two cards. Put one into your hand and the other into your graveyard." (Final Parting; same file)
        return F("search_split", C_("hand"), C_("graveyard"))
    if k == "peek_to" and e.keyword == "otherwise":
        # "If it's a land card, you may put it onto the battlefield tapped. Otherwise, put it into your hand." (Fecund
        # Greenshell; rules/timeline/library_reveal.lp)
        return F("peek_to_else", ab.filter(e.filter, "card"), C_("battlefield_tapped"), C_("hand"))
    if k == "peek_to":
        # "if it's a land card, you may put it onto the battlefield tapped; if you don't, put it into your hand" (Risen
        # Reef; f4, rules/timeline/library_reveal.lp)
        return F("peek_to", ab.filter(e.filter, "card"), C_("battlefield_tapped"), C_("hand"))
    if k == "dig_each":
        # "you may reveal an Angel card, a Demon card, and/or a Dragon card from among them" (Kaalia; f4,
        # rules/timeline/library_reveal.lp)
        return F("dig_each", e.n, ab.filter(e.filter, "card"), ab.filter(e.x, "card"), ab.filter(e.then.filter, "card"))
    if k == "search_all":
        # "search your library for any number of cards named ~, reveal them, put them into your hand" (f4;
        # rules/timeline/library_reveal.lp)
        return F("search_all", ab.filter(e.filter, "card"), C_(e.who))
    if k == "dig_all":
        # "reveal the top N cards ... Put all Goblin cards revealed this way into your hand and the rest on the bottom"
        # (f4; rules/timeline/library_reveal.lp)
        return F("dig_all", e.n, ab.filter(e.filter, "card"))
    if k == "dig_to":
        # "[you may] put a land card from among them onto the battlefield [tapped]; the rest on the bottom / into your
        # graveyard" (f4; rules/timeline/library_reveal.lp)
        return F("dig_to", e.n, ab.filter(e.filter, "card"), C_(e.who), C_(e.keyword), C_(e.counter))
    if k == "dig_put" and e.keyword == "graveyard":
        # "Put two of them into your hand and the other into your graveyard" (f4; rules/timeline/library_reveal.lp)
        return F("dig_put_graveyard", e.n, int(e.who))
    if k == "put_from_hand":
        # "put a card from your hand on the bottom of your library" (f4; rules/timeline/library_reveal.lp)
        return F("put_from_hand", e.n, C_(e.keyword))
    if k == "dig_put":
        # "Look at the top N cards ... Put M of them into your hand and the rest on the bottom" (rules/timeline/pump_shapes.lp)
        return F("dig_put", e.n, int(e.who))
    if k == "damage_each_of_target_player":
        # "... and 1 damage to each creature that player controls": the player targeted just before (issue 28)
        ctx.need_self(e.ref, created)
        if ab.last_player is None or ab.last_player != ab.targets:
            raise NotUnderstood(e.words())
        return F("damage", F("each_of", F("target", ab.last_player), ab.filter(e.filter)), e.n)
    if k == "damage_target_controller":
        # "... and 2 damage to that creature's controller": the controller of the target just before (issue 28)
        ctx.need_self(e.ref, created)
        return F("damage", F("controller_of", F("target", _that_target(ab, e.keyword, e))), e.n)
    if k == "damage_own_power":
        # "It deals damage equal to its power to target creature or planeswalker" (an activated ability), "When this
        # creature dies, it deals damage equal to its power to each opponent": the ability's own source, never a
        # spell's "it" (rules/timeline/own_power.lp)
        if ab.name.startswith("spell_") or created:
            raise NotUnderstood(e.words())
        ctx.need_self(e.ref, created)
        to = F("target", _permanent_target(e, ab)) if e.target.kind == "permanent" else C_("each_opponent")
        return F("damage_own_power", to)
    if k == "bite":
        # "target creature you control deals damage equal to its power to target creature you don't control"; "Then that
        # creature deals ...", "Then it deals ...": the permanent targeted just before (a spell's: rules/timeline/damage_shapes.lp)
        if e.who in ("that", "it"):
            if not ab.name.startswith("spell_") or created:
                raise NotUnderstood(e.words())
            t1 = _that_target(ab, e.counter, e)
        else:
            t1 = _permanent_target(e, ab)
        t2 = ab.target(F("permanent", ab.filter(e.filter)))
        if e.n == 2:                                # "equal to twice its power" (Polliwallop)
            return F("bite_times", F("target", t1), F("target", t2), 2)
        if e.n not in (0, 1):
            raise NotUnderstood(e.words())
        return F("bite", F("target", t1), F("target", t2))
    if k == "damage" and e.target.kind == "defending":
        # "deals 1 damage to target creature defending player controls" in an attack trigger (issue 28)
        ctx.need_self(e.ref, created)
        if ab.event_data != "attacked":
            raise NotUnderstood(e.words())
        return F("damage", F("target", ab.target(F("defending", ab.filter(e.target.filter)))), e.n)
    if k == "damage" and e.target.kind == "opponent_or_planeswalker":    # "target opponent or planeswalker" (issue 28)
        ctx.need_self(e.ref, created)
        return F("damage", F("target", ab.target(C_(e.target.kind))), _amount(e, ab))
    if k == "damage" and e.target.kind in ("permanent", "player", "player_or_planeswalker", "opponent"):
        ctx.need_self(e.ref, created)
        t = _permanent_target(e, ab) if e.target.kind == "permanent" else ab.target(C_(e.target.kind))
        return F("damage", F("target", t), _amount(e, ab))
    if k == "reanimate" and e.counter:   # "... to the battlefield with an indestructible counter on it" (rules/timeline/reanimation_shapes.lp)
        t = ab.target(F("card_in_graveyard", ab.filter(e.target.filter, "card")), optional=e.target.optional)
        return F("reanimate_with_counter", F("target", t), String(e.counter))
    if k == "reanimate":
        t = ab.target(F("card_in_graveyard", ab.filter(e.target.filter, "card")), optional=e.target.optional)
        return F("reanimate", F("target", t), C_("tapped" if e.keyword == "tapped" else "untapped"))
    if k == "put_library":
        # "on top of / on the bottom of its owner's library" (rules/timeline/library_shapes.lp)
        return F("put_library", F("target", _permanent_target(e, ab)), C_(e.keyword))
    if k == "bounce_all" and e.who == "target_player":
        # "all nonland permanents target player controls" (rules/timeline/bounce_shapes.lp)
        return F("bounce_all_of", F("target", ab.target(C_("player"))), ab.filter(e.filter))
    if k == "bounce_all":
        return F("bounce_all", ab.filter(e.filter))
    if k == "regrowth":
        term = ab.filter(e.target.filter, "card")
        t = ab.target(F("card_in_graveyard", term), optional=e.target.optional)
        return F("bounce", F("target", t))
    if k == "discard" and e.who.startswith("target_"):
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("discard", F("target", t), e.n)
    if k == "discard":                              # "each opponent discards a card", "discard two cards"
        return F("discard", C_(e.who), e.n)
    if k == "discard_chosen":
        # "target opponent reveals their hand. You choose a [filter] card from it. That player discards that card."
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("discard_chosen", F("target", t), ab.filter(e.filter, "card"))
    if k == "dig":
        # "look at the top N cards ...; you may reveal a [filter] card ... into your hand; put the rest on the bottom"
        return F("dig", e.n, ab.filter(e.filter, "card"))
    if k == "reveal_top_lose_mv":
        # "reveal the top card of your library and put that card into your hand. You lose life equal to its mana value."
        # (rules/timeline/library_reveal.lp)
        return F("reveal_top_lose_mv")
    if k == "reveal_until":
        # "reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield
        # tapped and the rest on the bottom of your library in a random order." (rules/timeline/library_reveal.lp)
        return F("reveal_until", ab.filter(e.filter, "card"), C_(e.who))
    if k == "dig_keep_top":
        # "look at the top three cards of your library. You may put one of those cards back on top of your library. Put
        # the rest into your graveyard." (rules/timeline/library_reveal.lp)
        if not isinstance(e.n, int):
            raise NotUnderstood(e.words())
        return F("dig_keep_top", e.n)
    if k == "search_n":
        # "search your library for [up to] two basic land cards, put them onto the battlefield tapped, then shuffle"
        # (rules/timeline/changes.lp: up to the number, so "up to" reads the same)
        if not isinstance(e.n, int):
            raise NotUnderstood(e.words())
        return F("search_n", ab.filter(e.filter, "card"), C_(e.who), e.n)
    if k == "search":
        # "search your library for a basic land card, put it onto the battlefield tapped, then shuffle"
        return F("search", ab.filter(e.filter, "card"), C_(e.who))
    if k == "double_power":
        # "Double target creature's power until end of turn" (Bulk Up): its power as the spell resolves, so only as its
        # first instruction (rules/timeline/single_shapes.lp)
        if ab.effect_kinds:
            raise NotUnderstood(e.words())
        return F("apply", C_("double_power"), F("target", _permanent_target(e, ab)), C_("end_of_turn"))
    if k == "regrowth_chosen":
        # "return an instant or sorcery card from your graveyard to your hand": no target; chosen as it resolves
        # (rules/timeline/single_shapes.lp)
        return F("regrowth_chosen", ab.filter(e.filter, "card"))
    if k == "bounce_chosen":
        # "return a land you control to its owner's hand": no target; the player chooses as it resolves
        # (rules/timeline/effects.lp: the earliest such permanent, made for them)
        return F("bounce_chosen", ab.filter(e.filter))
    if k == "draw" and e.n == "greatest_discarded":
        # "then draws cards equal to the greatest number of cards a player discarded this way" (Windfall; f4,
        # rules/timeline/graveyard_counts.lp)
        if e.who != "each_player":
            raise NotUnderstood(e.words())
        return F("draw", C_("each_player"), C_("greatest_discarded"))
    if k == "draw" and e.for_each and e.x is not None:
        # "Draw a card for each [filter]": counted as it resolves (rules/timeline/pump_shapes.lp)
        return F("draw", C_("you"), F("count", ab.filter(e.x)))
    if k == "draw" and e.n == "greatest_power":
        # "Draw cards equal to the greatest power among creatures you control." (rules/timeline/greatest_power_draw.lp)
        return F("draw", C_("you"), C_("greatest_power_controlled"))
    if k == "draw" and e.n == "died_this_turn":
        # "Draw a card for each creature you controlled that died this turn." (rules/timeline/died_this_turn.lp)
        return F("draw", C_("you"), C_("creatures_died_controlled"))
    if k == "draw" and e.n == "that_much":
        # "draw that many cards": the amount of the trigger's event (rules/timeline/that_many.lp)
        if not ab.event_amount:
            raise NotUnderstood(e.words())
        return F("draw", C_("you"), C_("that_much"))
    if k == "draw":
        if e.who == "its_controller":               # "Its controller draws a card." (rules/timeline/reanimation_shapes.lp)
            if ab.last_permanent is None:
                raise NotUnderstood(e.words())
            return F("draw", F("controller_of", F("target", ab.last_permanent[0])), e.n)
        if e.who == "target_player":
            t = ab.target(C_("player"))
            return F("draw", F("target", t), e.n)
        if e.who == "each_player":                  # "each player draws two cards"
            return F("draw", C_("each_player"), e.n)
        return F("draw", C_("you"), e.n)
    if k == "gain_life" and e.n == "that_much":
        # "you gain that much life": only after an event whose amount the trigger remembers (rules/timeline/effects.lp)
        if not ab.event_amount:
            raise NotUnderstood(e.words())
        return F("gain_life", C_("you"), C_("that_much"))
    if k == "gain_life":
        return F("gain_life", C_("you"), _amount(e, ab))
    if k == "gain_life_lost":   # "the life lost this way": only after "each opponent loses N life" of this ability
        if not any(f.name == "effect" and ",lose_life(each_opponent," in str(f) for f in ab.facts):
            raise NotUnderstood(e.words())
        return F("gain_life_lost", C_("you"))
    if k == "lose_life" and e.n == "that_much":
        # "target opponent loses that much life": the amount of the trigger's event (rules/timeline/life_triggers.lp)
        if not ab.event_amount or not e.who.startswith("target_"):
            raise NotUnderstood(e.words())
        return F("lose_life", F("target", ab.target(C_(e.who.removeprefix("target_")))), C_("that_much"))
    if k == "pump_life_total":
        # "~ gets +X/+X until end of turn, where X is your life total": X as it resolves (rules/timeline/life_triggers.lp)
        ctx.need_self(e.ref, created)
        return F("apply", F("pump_for_each", 1, 1, C_("your_life")), C_("self"), C_("end_of_turn"))
    if k == "unless_chooses":
        # "... unless that player sacrifices a creature", "... unless they discard an artifact card", "... unless target
        # opponent sacrifices a creature or pays 3 life": the targeted player's choice as it resolves
        # (rules/timeline/unless_chooses.lp)
        if e.who == "each_opponent":   # "each opponent loses 3 life unless that player sacrifices ... or discards a card"
            if e.keyword != "sacrifice_or_discard" or not isinstance(e.then.n, int):
                raise NotUnderstood(e.words())
            return F("unless_each_opponent", F("alt_sacrifice_or_discard", ab.filter(e.filter)), F("lose_life", e.then.n))
        t = F("target", ab.target(C_(e.who.removeprefix("target_"))))
        if e.keyword == "sacrifice":
            ctx.need_self(e.then.ref, created)
            return F("unless_chooses", t, F("alt_sacrifice", ab.filter(e.filter)), F("damage", t, e.then.n))
        if e.keyword == "discard":
            return F("unless_chooses", t, F("alt_discard", ab.filter(e.filter, "card")), F("discard", t, e.then.n))
        if e.keyword == "sacrifice_or_discard":   # "... loses 3 life unless they sacrifice a nonland permanent or discard a card"
            return F("unless_chooses", t, F("alt_sacrifice_or_discard", ab.filter(e.filter)), F("lose_life", t, e.then.n))
        return F("unless_chooses", t, F("alt_sacrifice_or_life", ab.filter(e.filter), e.n), F("draw", C_("you"), 1))
    if k == "mill_that_many":
        # "that player puts that many cards ... into their graveyard": the player who lost life, and how much
        # (rules/timeline/life_triggers.lp)
        if ab.event_data != "life_loser" or not ab.event_amount:
            raise NotUnderstood(e.words())
        return F("mill", C_("life_loser"), C_("that_much"))
    if k == "lose_life" and e.who.startswith("target_"):
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("lose_life", F("target", t), _amount(e, ab))
    if k == "lose_life":
        return F("lose_life", C_(e.who), _amount(e, ab))
    if k == "counter_unless_pays":
        # "Counter target spell unless its controller pays {3}": that player's choice as it resolves (rules/timeline/counter_unless.lp)
        term = ab.filter(e.target.filter) if e.target.filter else ab.filter("spell", "spell")
        t = ab.target(F("spell", term))
        return F("counter_unless_pays", F("target", t), C_("x") if e.n == "X" else e.n)
    if k == "counter":
        term = ab.filter(e.target.filter) if e.target.filter else ab.filter("spell", "spell")
        t = ab.target(F("spell", term))
        return F("counter", F("target", t))
    if k == "damage":
        ctx.need_self(e.ref, created)
        t = ab.target(C_("any"))
        return F("damage", F("target", t), _amount(e, ab))
    if k == "damage_divided":
        ctx.need_self(e.ref, created)
        ab.target(C_("any"))
        ab.target(C_("any"), optional=True)
        return F("damage_divided", e.n)
    if k == "damage_to_spell_controller":
        ctx.need_self(e.ref, created)
        return F("damage", C_("data_controller"), e.n)
    if k == "damage_to_entered_controller":
        # "Whenever another creature enters, ~ deals 1 damage to that creature's controller" (e4; the creature the
        # trigger event was about: rules/timeline/effects.lp, data_controller)
        ctx.need_self(e.ref, created)
        if ab.event_data != "entered" or e.keyword not in ("creature", "permanent"):
            raise NotUnderstood(e.words())
        return F("damage", C_("data_controller"), e.n)
    if k == "lose_life" and e.who == "defending_player":
        # "defending player loses 1 life" in an attack trigger (rules/timeline/combat_triggers.lp)
        if ab.event_data != "attacked" or not isinstance(e.n, int):
            raise NotUnderstood(e.words())
        return F("lose_life", C_("defending_player"), e.n)
    if k == "tap" and e.keyword == "defending":
        # "tap target creature defending player controls" in an attack trigger (rules/timeline/combat_triggers.lp)
        if ab.event_data != "attacked":
            raise NotUnderstood(e.words())
        t = ab.target(F("defending", ab.filter(e.target.filter)))
        return F("tap", F("target", t))
    if k == "tap":
        term = ab.filter(e.target.filter)
        t = ab.target(F("permanent", term), optional=e.target.optional)   # "up to two target" (d1): optional
        return F("tap", F("target", t))
    if k == "sacrifice_unless_escaped":
        ctx.need_self(e.ref, created)
        return F("unless", F("escaped", C_("self")), F("sacrifice", C_("self")))
    if k == "sacrifice":
        ctx.need_self(e.ref, created)
        return F("sacrifice", C_("self"))
    if k == "counters" and e.keyword == "that_creature":
        # "put a +1/+1 counter on that creature": the creature that entered (rules/timeline/effects.lp)
        if ab.event_data != "entered":
            raise NotUnderstood(e.words())
        return F("counters", C_("data_object"), String(e.counter), e.n)
    if k == "counters" and e.filter is not None:   # "on each creature you control"
        return F("counters", F("each", ab.filter(e.filter)), String(e.counter), e.n)
    if k == "damage_each":                          # "to each creature without flying"
        ctx.need_self(e.ref, created)
        ab.last_each = F("each", ab.filter(e.filter))     # "Tap those creatures": the same permanents
        return F("damage", ab.last_each, e.n)
    if k == "tap_those":                            # "Tap those creatures." after "... damage to each [filter]"
        if ab.last_each is None or ab.effect_kinds[-1:] != ["damage"]:
            raise NotUnderstood(e.words())
        return F("tap", ab.last_each)
    if k == "counters" and e.target is not None:
        return F("counters", F("target", _permanent_target(e, ab)), String(e.counter), e.n)
    if k == "counters" and e.n == "for_each":
        # "put a +1/+1 counter on it for each other Squirrel and/or Food you control": counted as it resolves
        # (rules/timeline/counters_for_each.lp)
        ctx.need_self(e.ref, created)
        return F("counters", C_("self"), String(e.counter), F("count", ab.filter(e.x)))
    if k == "counters" and e.n == "power_self":
        # "Put X +1/+1 counters on ~, where X is its power" (rules/timeline/counters_for_each.lp)
        ctx.need_self(e.ref, created)
        return F("counters", C_("self"), String(e.counter), F("power", C_("self")))
    if k == "counters" and e.n == "double":
        # "Double the number of +1/+1 counters on ~" (rules/timeline/modal_triggers.lp)
        ctx.need_self(e.ref, created)
        return F("counters", C_("self"), String(e.counter), F("counters_on_self", String(e.counter)))
    if k == "counters" and e.n == "that_much":
        # "put that many +1/+1 counters on it": the amount of the trigger's event (rules/timeline/that_many.lp)
        if not ab.event_amount:
            raise NotUnderstood(e.words())
        ctx.need_self(e.ref, created)
        return F("counters", C_("self"), String(e.counter), C_("that_much"))
    if k == "counters" and _spell_it(e.ref, ab, created) is not None:   # "Put a +1/+1 counter on it" (d2)
        return F("counters", F("target", _spell_it(e.ref, ab, created)), String(e.counter), e.n)
    if k == "counters":
        ctx.need_self(e.ref, created)
        return F("counters", C_("self"), String(e.counter), e.n)
    if k == "exile_until_leaves":                   # "... until ~ leaves the battlefield" (rules/mechanics/exile_until.lp)
        ctx.need_self(e.ref, created)
        return F("exile_until_leaves", F("target", _permanent_target(e, ab)))
    if k == "create_copy" and e.granted is not None:
        # "..., except it has haste and "[ability]"": the keyword and the quoted ability, abilities of the card that no
        # face prints, are part of the token's copiable values (rules/timeline/token_copies.lp); "this
        # token" in the quoted ability is the token
        kw = KEYWORDS.get(e.keyword)
        if kw is None or kw[1] is not None or kw[0] in keywords_missing():
            raise NotUnderstood(e.words())
        t = _permanent_target(e, ab)
        gk = Ab(ctx, f"copy_{kw[0]}")
        gk.add(KEYWORD, C_(kw[0]))
        granted, _ = compile_ability(e.granted, replace(ctx, granted_to="token"))
        if len(granted) != 1:
            raise NotUnderstood(e.words())
        for g in [gk] + granted:
            ab.facts += [f for f in g.facts if not FACE_ABILITY.is_(f)]
            ab.missing += g.missing
        return F("create_copy_adds", F("target", t), gk.ab, granted[0].ab)
    if k == "create_copy":                          # a token copy (rules/timeline/token_copies.lp)
        if e.target is not None:
            return F("create_copy", F("target", _permanent_target(e, ab)))
        ctx.need_self(e.ref, created)
        return F("create_copy", C_("self"))
    if k == "explore":                              # "it explores" (rules/mechanics/explore.lp)
        ctx.need_self(e.ref, created)
        return F("explore", C_("self"))
    if k == "convert":
        ctx.need_self(e.ref, created)
        return F("convert", C_("self"))
    if k == "exile_from_hand":                      # "each opponent exiles a card from their hand" (rules/timeline/more_enter_effects.lp)
        return F("exile_from_hand", C_("each_opponent"), 1)
    if k in ("return_self_battlefield", "return_self_hand") and ab.name.startswith("activated"):
        # "{1}{B}: Return ~ from your graveyard to the battlefield tapped." / "... to your hand.": an activated ability
        # that then functions from the graveyard (rules/casting/graveyard_activation.lp)
        ctx.need_self(e.ref, created)
        zone = "hand" if k == "return_self_hand" else ("battlefield_tapped" if e.keyword == "tapped" else "battlefield")
        return F("return_self", C_(zone))
    if k == "return_self_battlefield":
        # "return ~ from your graveyard to the battlefield": only a trigger on a permanent entering, which then functions
        # from the graveyard (rules/timeline/graveyard_triggers.lp)
        ctx.need_self(e.ref, created)
        if ab.event_kind != "enters_filter" or e.keyword:
            raise NotUnderstood(e.words())
        return F("return_self", C_("battlefield"))
    if k == "transform":                            # "transform ~" (rules/timeline/transform.lp)
        ctx.need_self(e.ref, created)
        return F("transform", C_("self"))
    if k == "create_token" and e.for_each and e.counter == "your_graveyard" and e.keyword == "tapped":
        # "Create a tapped 1/1 black Rat creature token for each creature card in your graveyard." (rules/timeline/token_counts.lp)
        return F("create_token_tapped", String(_token(ctx, e.token)), F("graveyard_count", ab.filter(e.x)))
    if k == "create_token" and e.for_each and e.counter == "your_graveyard":
        # "create a [token] for each card named Undead Servant in your graveyard" (f4; rules/timeline/library_reveal.lp)
        if e.keyword:
            raise NotUnderstood(e.words())
        return F("create_token", String(_token(ctx, e.token)), F("graveyard_count", ab.filter(e.x)))
    if k == "create_token" and e.for_each and e.counter == "battlefield":
        # "For each land you control, create a Treasure token." (rules/timeline/token_counts.lp)
        return F("create_token", String(_token(ctx, e.token)), F("count", ab.filter(e.x)))
    if k == "create_token" and e.for_each:
        raise NotUnderstood(e.words())
    if k == "create_token" and e.counter == "your_life":
        # "Create X 2/2 white Cat creature tokens, where X is your life total." (rules/timeline/token_counts.lp)
        if e.keyword or e.who != "you":
            raise NotUnderstood(e.words())
        return F("create_token", String(_token(ctx, e.token)), C_("your_life"))
    if k == "create_token" and e.n == "that_much":
        # "create that many [tokens]": the amount of the trigger's event (rules/timeline/combat_damage_amount.lp)
        if not ab.event_amount or e.keyword or e.who != "you" or not ab.name.startswith("trigger_"):
            raise NotUnderstood(e.words())
        return F("create_token", String(_token(ctx, e.token)), C_("that_much"))
    if k == "create_token" and e.n == "X":
        # "Create X ... tokens, where X is the number of Goblins you control." (rules/timeline/token_counts.lp)
        if e.x is None or e.keyword or e.who != "you":
            raise NotUnderstood(e.words())
        return F("create_token", String(_token(ctx, e.token)), F("count", ab.filter(e.x)))
    if k == "create_token" and not isinstance(e.n, int):   # a number the rules don't count
        raise NotUnderstood(e.words())
    if k == "create_token" and e.keyword == "attacking":
        # "... tokens that are tapped and attacking" in an attack trigger (rules/timeline/combat_triggers.lp)
        if ab.event_data != "attacked":
            raise NotUnderstood(e.words())
        return F("create_token_attacking", String(_token(ctx, e.token)), e.n)
    if k == "create_token" and e.keyword == "tapped":   # "create a tapped ... token" (rules/timeline/tapped_tokens.lp)
        return F("create_token_tapped", String(_token(ctx, e.token)), e.n)
    if k == "create_token" and e.who == "its_controller":   # "Its controller creates ..." (rules/timeline/effects.lp)
        if ab.last_permanent is None:
            raise NotUnderstood(e.words())
        return F("create_token_for", F("controller_of", F("target", ab.last_permanent[0])), String(_token(ctx, e.token)), e.n)
    if k == "create_token" and e.who.startswith("target_"):   # "target opponent creates ..." (rules/timeline/effects.lp)
        t = ab.target(C_(e.who.removeprefix("target_")))
        return F("create_token_for", F("target", t), String(_token(ctx, e.token)), e.n)
    if k == "create_token":
        return F("create_token", String(_token(ctx, e.token)), e.n)
    if k == "destroy_all":
        return F("destroy_all", ab.filter(e.filter))
    if k == "exile_return_transformed":
        ctx.need_self(e.ref, created)
        return F("exile_return_transformed", C_("self"))
    if k == "discard_hand":
        return F("discard_hand", C_("you"))
    if k == "forage":                               # "you may forage" (rules/mechanics/forage.lp)
        return F("forage", C_("you"))
    if k == "put_land":
        return F("put_land", C_("you"))
    if k in ("surveil", "scry"):
        return F(k, e.n)
    if k == "pump_becomes":
        raise NotUnderstood(e.words())              # (effect_terms reads it: two effects)
    if k == "unblockable_by_this_turn":            # "can't be blocked by creatures with power 2 or less this turn" (d2)
        t = _permanent_target(e, ab)
        kind = "cant_be_blocked_except_by" if e.keyword == "except" else "cant_be_blocked_by"   # e4: "this turn except by Spirits"
        return F("apply", F(kind, ab.filter(e.filter)), F("target", t), C_("end_of_turn"))
    if k == "mill_half":                            # "... the top half of their library, rounded up ..." (d2)
        return F("mill", F("target", ab.target(C_("player"))), C_("half_library_rounded_up"))
    if k == "tap_self":                             # "Tap ~." (d2, issue 28; rules/timeline/effects.lp)
        ctx.need_self(e.ref, created)
        return F("tap", C_("self"))
    if k == "untap" and e.target is not None:
        return F("untap", F("target", _permanent_target(e, ab)))
    if k == "untap":
        ctx.need_self(e.ref, created)
        return F("untap", C_("self"))
    if k == "exile":
        term = ab.filter(e.target.filter, "card")
        t = ab.target(F("card_in_graveyard", term), optional=e.target.optional)   # "up to one target card" (Ambush Wolf)
        ab.last_card = t                            # "that card's toughness" (d1)
        return F("exile", F("target", t))
    if k == "lose_life_third":                      # "each player loses a third of their life, rounded up" (rules/timeline/more_enter_effects.lp)
        return F("lose_life_third", C_("each_player"))
    if k == "gain_life_card_toughness":             # "you gain life equal to that card's toughness": the card exiled just before
        if ab.last_card is None:
            raise NotUnderstood(e.words())
        return F("gain_life_toughness", C_("you"), F("target", ab.last_card))
    if k == "if_that_was":   # "If that creature was a [kind], ...": only in a trigger on another creature dying
        if not any(f.name == "trigger" and ",dies(f(" in str(f) for f in ab.facts):
            raise NotUnderstood(e.words())
        then = effect_terms(e.then, ab, ctx, created)
        if len(then) != 1:
            raise NotUnderstood(e.words())
        return F("if_that_was", ab.filter(e.filter), then[0])
    if k == "if_was":
        if not ab.targets:
            raise NotUnderstood(e.words())
        cterm = ab.filter(e.filter, "card")
        then, otherwise = effect_terms(e.then, ab, ctx, created), effect_terms(e.otherwise, ab, ctx, created)
        if len(then) != 1 or len(otherwise) != 1:
            raise NotUnderstood(e.words())
        return F("if_was", F("target", ab.targets), cterm, then[0], otherwise[0])
    if k == "if_was_then":                          # "If it was a creature card, [effect]" (no otherwise)
        if not ab.targets:
            raise NotUnderstood(e.words())
        then = effect_terms(e.then, ab, ctx, created)
        if len(then) != 1:
            raise NotUnderstood(e.words())
        return F("if_was_only", F("target", ab.targets), ab.filter(e.filter, "card"), then[0])
    if k == "impulse_choose":
        # "Exile the top N cards of your library. Choose one of them. Until [duration], you may play that card." (the
        # card the resolving action names: rules/mechanics/impulse_draw.lp)
        return F("exile_top_choose_may_play", e.n, C_(e.keyword))
    if k == "impulse":
        # "Exile the top N cards of your library. Until [duration], you may play them." (rules/mechanics/impulse_draw.lp);
        # "the top X cards": the X announced for a spell, or for "When ~ enters" the X of the spell it was (rules/mechanics/impulse_draw.lp);
        # of any other ability, or X "where X is ...", not read
        if e.n == "X" and (e.x is not None or not (ab.name.startswith("spell_") or ab.event_kind == "enters")):
            raise NotUnderstood(e.words())
        return F("exile_top_may_play", _amount(e, ab), C_(e.keyword))
    if k == "exile_may_play":
        term = ab.filter(e.target.filter)
        t = ab.target(F("permanent", term), optional=True)
        ab.add(GRANTS_EXILE_PLAY)
        return F("exile_may_play", F("target", t))
    if k == "no_prevention":
        # "Damage can't be prevented this turn." (Stomp): an effect on no object until the turn ends (rules/timeline/prevention.lp)
        return F("apply", C_("damage_unpreventable"), C_("none"), C_("end_of_turn"))
    if k == "grant_escape_until_eot":
        term = ab.filter(e.filter, "card")
        d = ab.new_def()
        gitems, gfacts = cost_items(e.cost, ctx)
        ab.facts += [GRANTS_ESCAPE(d, term), KNOWN_DEF(d)] + [GRANT_COST(d, it) for it in gitems] + gfacts
        return F("apply", d, C_("rules"), C_("end_of_turn"))
    if k == "self_becomes":
        # "~ becomes a 2/2 Golem artifact creature until end of turn" (Guardian Idol): layers 4 and 7b on the permanent
        # itself until the turn ends (rules/core/layers.lp)
        ctx.need_self(e.ref, created)
        if type_lists()[2].get(e.counter.lower()) != "creature":
            raise NotUnderstood(e.words())
        d = ab.new_def()
        ab.facts += [ADDS_TYPE(d, C_("artifact")), ADDS_TYPE(d, C_("creature")),
                     SETS_CREATURE_TYPE(d, String(e.counter.lower())), SETS_PT(d, F("fixed", e.n, int(e.who))),
                     KNOWN_DEF(d)]
        return F("apply", d, C_("self"), C_("end_of_turn"))
    if k == "self_becomes_artifact_creature":
        # "Tangle Tumbler becomes an artifact creature until end of turn": a Vehicle, with its printed power and
        # toughness once it is a creature (rules/casting/activate.lp); layer 4 on the permanent itself until the turn ends
        ctx.need_self(e.ref, created)
        if "vehicle" not in ctx.face.type_line.lower().partition("—")[2].split():
            raise NotUnderstood(e.words())
        d = ab.new_def()
        ab.facts += [ADDS_TYPE(d, C_("artifact")), ADDS_TYPE(d, C_("creature")), KNOWN_DEF(d)]
        return F("apply", d, C_("self"), C_("end_of_turn"))
    if k == "saga_becomes":
        kw = e.keyword
        if type_lists()[2].get(e.counter.lower()) != "creature" or kw not in KEYWORDS or KEYWORDS[kw][1] is not None:
            raise NotUnderstood(e.words())
        term = ab.filter(e.filter)
        t = ab.target(F("permanent", term), optional=True, each_opponent=True)
        d = ab.new_def()
        ab.facts += [ADDS_TYPE(d, C_("artifact")), ADDS_TYPE(d, C_("creature")),
                     SETS_CREATURE_TYPE(d, String(e.counter.lower())),
                     SETS_PT(d, F("fixed", e.n, int(e.who))), KNOWN_DEF(d), GRANTS(d, C_(KEYWORDS[kw][0]))]
        return F("apply", d, F("targets", t), C_("while_you_control_source"))
    raise NotUnderstood(e.words())


def compile_effects(effects, ab: Ab, ctx: Ctx) -> list[str]:
    understood = []
    created = False
    kinds = [x.then.kind if x.kind == "up_to_two" else x.kind for x in effects]
    if "regrowth" in kinds and any(x.kind == "discard" and x.who != "you" for x in effects[kinds.index("regrowth"):]):
        # "Return up to two target creature cards ... to your hand, then discard a card": the cards just returned may be
        # discarded (rules/timeline/changes.lp); another player's discard after a return isn't considered
        raise NotUnderstood("discarding the cards an effect just returned to the hand")
    if "regrowth_chosen" in kinds and "discard" in kinds[kinds.index("regrowth_chosen"):]:
        # "return a [kind] card from your graveyard to your hand, then discard": the card chosen isn't among those discarded
        raise NotUnderstood("discarding the cards an effect just returned to the hand")
    if "create_token" in kinds and any(x.kind == "pump" and x.filter is not None and x.target is None
                                       for x in effects[kinds.index("create_token"):]):
        # "Create two 1/1 ... tokens. Until end of turn, creatures you control get +1/+1": the tokens just created are
        # among the creatures changed (the effect begins after they exist), which the rules of each-creature effects
        # don't consider yet (they take the creatures there before the spell resolves: rules/timeline/effects.lp)
        raise NotUnderstood("the tokens it just created among the creatures its later effect changes")
    last: list[Symbol] = []
    prev = None
    for e in effects:
        if e.kind == "instead":                     # d2 (issue 28): "If ..., [the same effect, another amount] instead."
            _effect_instead(e, last, prev, ab, ctx)
            understood.append(e.words())
            prev, last = None, []
            continue
        if e.kind == "exile_if_dies":              # e4 (issue 28): rules/timeline/exile_if_dies.lp
            ab.effect(_exile_if_dies(e, last, prev, ab))
            understood.append(e.words())
            prev, last = None, []
            continue
        prev, last = e, effect_terms(e, ab, ctx, created)
        for term in last:
            ab.effect(term)
        created = created or e.kind == "create_token"
        understood.append(_understood_effect(e))
    return understood


def _exile_if_dies(e: T.Effect, last: list[Symbol], prev: T.Effect | None, ab: Ab) -> Symbol:
    """"If a creature dealt damage this way would die this turn, exile it instead." (the creatures the damage effect just
    before was dealt to: exile_if_dies(dealt(K))), "If that creature would die this turn, exile it instead." (the
    target creature of that damage effect: exile_if_dies(target(I))); rules/timeline/exile_if_dies.lp."""
    if prev is None or prev.kind not in ("damage", "damage_each") or len(last) != 1 or last[0].name != "damage":
        raise NotUnderstood(e.words())
    if e.who == "dealt":
        return F("exile_if_dies", F("dealt", Number(ab.effects)))
    to = F("target", Number(ab.targets))
    if (prev.kind != "damage" or prev.target is None or prev.target.kind != "permanent" or not isinstance(prev.n, int)
            or last[0] != F("damage", to, prev.n) or not re.fullmatch(r"creatures?", prev.target.filter.text, re.I)):
        raise NotUnderstood(e.words())
    return F("exile_if_dies", to)


def _effect_instead(e: T.Effect, last: list[Symbol], prev: T.Effect | None, ab: Ab, ctx: Ctx) -> None:
    """"If this spell was kicked, that creature gets -5/-5 until end of turn instead.", "If you control a Huatli
    planeswalker, that creature gets +4/+0 ...", "If this spell was kicked, it deals 4 damage to that creature instead.":
    the effect just before, on the same target, with another amount if the condition holds as the spell resolves
    (rules/timeline/instead.lp). Only a spell's one effect on a target permanent its filter names is replaced."""
    then = e.then
    kind = ab.name.split("_")[0]       # a spell's, or a triggered ability's with a condition on its controller (Festering Newt)
    if kind not in ("spell", "trigger") or kind == "trigger" and e.cond is None or len(last) != 1 or prev is None:
        raise NotUnderstood(e.words())
    t = F("target", _that_target(ab, then.counter, e)) if then.kind in ("pump_that", "damage_that") else None
    if (then.kind == "pump_that" and prev.kind == "pump" and not prev.keyword and not prev.for_each
            and last[0] == F("apply", F("pump", prev.pt[0], prev.pt[1]), t, C_("end_of_turn"))):
        term = F("apply", F("pump", then.pt[0], then.pt[1]), t, C_("end_of_turn"))
    elif (then.kind == "damage_that" and prev.kind == "damage" and isinstance(prev.n, int)
          and last[0] == F("damage", t, prev.n)):
        ctx.need_self(then.ref)
        term = F("damage", t, then.n)
    elif (then.kind == "damage_same" and prev.kind == "damage" and isinstance(prev.n, int) and isinstance(then.n, int)
          and any(last[0] == F("damage", F("target", k), prev.n) for k in range(1, ab.targets + 1))):
        # "it deals 4 damage instead": the same target (any target) as the damage just before
        ctx.need_self(then.ref)
        [k] = [k for k in range(1, ab.targets + 1) if last[0] == F("damage", F("target", k), prev.n)]
        term = F("damage", F("target", k), then.n)
    elif (then.kind == "counters" and then.filter is not None and prev.kind == "counters" and prev.filter is not None
          and isinstance(prev.n, int) and isinstance(then.n, int) and then.counter == prev.counter
          and then.filter.text.lower() == prev.filter.text.lower()
          and last == [F("counters", F("each", _filter_only(prev.filter)), String(prev.counter), prev.n)]):
        # "put two +1/+1 counters on each creature you control instead": the same permanents, another number
        term = F("counters", F("each", _filter_only(prev.filter)), String(prev.counter), then.n)
    elif (then.kind == "search_n" and prev.kind == "search" and not then.keyword and isinstance(then.n, int)
          and then.who == prev.who and then.filter.text.lower() == prev.filter.text.lower()
          and last == [F("search", ab.filter(prev.filter, "card"), C_(prev.who))]):
        # "instead search your library for two basic land cards, put them onto the battlefield": the same search, another number
        term = F("search_n", ab.filter(prev.filter, "card"), C_(prev.who), then.n)
    elif (then.kind == "counter_unless_that" and prev.kind == "counter_unless_pays" and isinstance(prev.n, int)
          and last[0] == F("counter_unless_pays", F("target", ab.targets), prev.n)):
        # "counter that spell unless its controller pays {4} instead" (Dazzling Denial): the same target spell, another amount
        term = F("counter_unless_pays", F("target", ab.targets), then.n)
    elif (then.kind == "create_those" and prev.kind == "create_token" and isinstance(then.n, int) and isinstance(prev.n, int)
          and not prev.keyword and prev.who == "you" and prev.token is not None
          and last == [F("create_token", String(_token(ctx, prev.token)), prev.n)]):
        # "create four of those tokens instead": the same token, another number
        term = F("create_token", String(_token(ctx, prev.token)), then.n)
    else:
        raise NotUnderstood(e.words())
    if e.cond is None:
        cond = C_("kicked")
    else:
        cond = _condition(e.cond, ab, ctx)
        if cond.name != "controls" and cond != C_("creature_died_this_turn"):
            raise NotUnderstood(e.words())
    ab.add(EFFECT_INSTEAD, Number(ab.effects), term, cond)


def _understood_effect(e: T.Effect) -> str:
    return e.words()


def _activated_ability(a, ctx, name: str) -> Ab:
    """An activated ability with its costs and timing (its effects are added by the caller)."""
    ab = Ab(ctx, name)
    ab.add(ACTIVATED)
    items, cfacts = cost_items(a.cost, ctx, activated=True)
    for it in items:
        ab.add(COST, it)
    ab.facts += cfacts
    if a.sorcery:
        ab.add(TIMING, C_("sorcery"))
    if a.once:
        ab.add(TIMING, C_("once_each_turn"))
    if getattr(a, "your_turn", False):      # "Activate this ability only during your turn" (rules/casting/your_turn_only.lp)
        ab.add(TIMING, C_("your_turn"))
    if getattr(a, "your_upkeep", False):    # "Activate this ability only during your upkeep" (rules/casting/graveyard_activation.lp)
        ab.add(TIMING, C_("your_upkeep"))
    return ab


# The keywords an effect may remove (layer 6, rules/core/layers.lp): those whose every rule asks has_keyword, so that
# losing one takes all it does away
REMOVABLE_KEYWORDS = ("flying",)


def _static_pt_and_keywords(ab: Ab, s) -> None:
    """What a static ability gives (an anthem's creatures, an Aura's or Equipment's creature): +N/+N and the
    keywords it grants, each one whose rules the knowledge base has in full (else the line isn't understood)."""
    if (s.power, s.toughness) != (0, 0):
        ab.add(MOD_PT, s.power, s.toughness)
    for kw in s.keywords:
        if KEYWORDS[kw][1] is not None or KEYWORDS[kw][0] in keywords_missing():
            raise NotUnderstood(kw)
        ab.add(GRANTS, C_(KEYWORDS[kw][0]))



def _ward_cost_read(cost: T.Cost) -> bool:
    """A ward cost whose payment has rules: one generic mana symbol ("Ward {2}"), life ("Ward—Pay 2 life"), one card
    discarded ("Ward—Discard a card.") or one permanent sacrificed ("Ward—Sacrifice a Food.")."""
    if len(cost.items) != 1:
        return False
    it = cost.items[0]
    return it.kind == "pay_life" or (it.kind in ("discard", "sacrifice") and it.n == 1) or \
        (it.kind == "mana" and len(it.symbols) == 1 and re.fullmatch(r"\{\d+\}", it.symbols[0]) is not None)


def _mana_ability(a: T.Ability, ctx: Ctx) -> tuple[list[Ab], list[str]] | None:
    """An activated ability whose one effect adds mana: read as a mana ability (rules/mana/sources.lp)."""
    if not a.effects or a.effects[0].kind != "add_mana" or any(e.kind not in ("damage_you", "spend_only_cast")
                                                               for e in a.effects[1:]):
        return None
    m = a.effects[0].mana
    ab = _activated_ability(a, ctx, f"mana_{ctx.i}")
    ab.add(MANA_ABILITY)
    for e in a.effects[1:]:
        if e.kind == "spend_only_cast":
            # "Spend this mana only to cast a creature spell." (rules/mana/spend_restriction.lp): the last sentence
            if e is not a.effects[-1] or len(a.effects) != 2:
                raise NotUnderstood(e.words())
            ab.add(SPEND_ONLY_TO_CAST, ab.filter(e.filter))
            continue
        # "{T}: Add {R} or {G}. ~ deals 1 damage to you.": the damage is part of the mana ability's effect (rules/mana/sources.lp)
        ctx.need_self(e.ref)
        ab.effect(F("damage", C_("self_controller"), e.n))
        ab.missing.append(reading_missing()["mana_ability_with_damage"])
    if m.kind == "either":
        ab.add(PRODUCES, F("or", C_(m.symbols[0].lower()), C_(m.symbols[1].lower())), F("fixed", 1))
    elif m.kind == "any_color":
        # "one mana of any color", "three mana of any color" (Lotus Field): each of any color (rules/mana/payment.lp)
        ab.add(PRODUCES, C_("any"), F("fixed", m.n))
    elif m.kind == "instead":
        # "Add {G}. If you control four or more creatures, add {G}{G} instead." (rules/mana/mana_instead.lp)
        if m.condition.kind == "played_land":
            cond = C_("played_land_this_turn")
        else:
            cond = _condition(m.condition, ab, ctx)
            if cond.name != "controls":
                raise NotUnderstood(m.condition.words())
        for letters, pred in ((m.symbols, None), (m.instead, cond)):
            counts: dict[str, int] = {}
            for s in letters:
                counts[s] = counts.get(s, 0) + 1
            for s, n in counts.items():
                if pred is None:
                    ab.add(PRODUCES, C_(s.lower()), F("fixed", n))
                else:
                    ab.add(PRODUCES_INSTEAD, C_(s.lower()), F("fixed", n), pred)
    elif m.kind == "self_power":
        # "Add an amount of {G} equal to ~'s power" (rules/mana/power_amount.lp)
        ab.add(PRODUCES, C_(m.symbols[0].lower()), F("power", C_("self")))
    elif m.kind == "chosen_color":
        # "Add one mana of the chosen color": the color chosen as its object entered (rules/mana/chosen_color.lp)
        ab.add(PRODUCES, C_("chosen"), F("chosen_color", 1))
    elif m.kind == "any_one_color":
        # "Add three mana of any one color": all of one color its controller chooses (rules/mana/any_one_color.lp)
        ab.add(PRODUCES, C_("any_one"), F("fixed", m.n))
    elif m.kind == "symbols":
        counts: dict[str, int] = {}
        for s in m.symbols:
            counts[s] = counts.get(s, 0) + 1
        for s, n in counts.items():
            ab.add(PRODUCES, C_(s.lower()), F("fixed", n))
    else:
        ab.add(PRODUCES, C_(m.symbols[0].lower()), F("count", ab.filter(m.filter)))
    return [ab], [f"mana ability: {a.cost.words()}: {'; '.join(e.words() for e in a.effects)}"]


def compile_ability(a: T.Ability, ctx: Ctx) -> tuple[list[Ab], list[str]]:
    """A line's tree -> the abilities' facts and what was understood, in words (with the reflexive triggered
    abilities its "When you do," makes)."""
    ctx.reflexive = []
    abilities, understood = _compile_ability(a, ctx)
    return abilities + ctx.reflexive, understood


def _compile_ability(a: T.Ability, ctx: Ctx) -> tuple[list[Ab], list[str]]:
    k = a.kind
    if k == "keywords" and a.keywords and a.keywords[0].word == "enchant":
        # an Aura spell targets what its enchant ability allows, and enters attached to it (the rules of Auras)
        ab = Ab(ctx, "enchant")
        ab.add(KEYWORD, C_("enchant"))
        ab.add(SPELL_ABILITY)
        t = ab.target(F("permanent", ab.filter(a.keywords[0].filter)))
        ab.effect(F("attach_aura", F("target", t)))
        return [ab], [f"keyword enchant {a.keywords[0].filter.words()}"]
    if k == "keywords":
        out, understood = [], []
        for kw in a.keywords:
            name, kind = KEYWORDS[kw.word]
            if kind == "quality" or kw.quality:
                # "protection from A and from B": one protection ability for each color (rules/mechanics/protection.lp);
                # "hexproof from black" (rules/mechanics/hexproof.lp)
                for color in kw.quality:
                    ab = Ab(ctx, f"{name}_from_{color}")
                    ab.add(KEYWORD, C_(f"{name}_from_{color}"))
                    out.append(ab)
                understood.append(f"keyword {kw.words()}")
                continue
            ab = Ab(ctx, name)
            ab.add(KEYWORD, C_(name))
            if kind == "cost":
                if kw.cost is None:
                    raise NotUnderstood(kw.word)
                items, facts = cost_items(kw.cost, ctx)
                if name == "ward" and not _ward_cost_read(kw.cost):   # the costs rules/mechanics/ward.lp pays
                    raise NotUnderstood(kw.words())
                for it in items:
                    ab.add(COST, it)
                ab.facts += facts
                if kw.filter is not None:      # "Equip legendary creature {3}": the target's quality (rules/casting/activate.lp)
                    if not re.fullmatch(r"[\w-]+ creature", kw.filter.text, re.I):
                        raise NotUnderstood(kw.words())
                    ab.add(EQUIP_QUALITY, ab.filter(T.Filter(f"other {kw.filter.text} you control")))
                    understood.append(f"keyword {name} {kw.filter.words()} {kw.cost.words()}")
                    out.append(ab)
                    continue
                understood.append(f"keyword {name} {kw.cost.words()}")
            elif kind == "number_cost":      # "Suspend 4—{R}" (rules/mechanics/suspend.lp)
                if kw.n is None or kw.cost is None:
                    raise NotUnderstood(kw.word)
                ab.add(KEYWORD_N, Number(kw.n))
                items, facts = cost_items(kw.cost, ctx)
                for it in items:
                    ab.add(COST, it)
                ab.facts += facts
                understood.append(f"keyword {name} {kw.n} {kw.cost.words()}")
            elif kind == "number":
                if kw.n is None:
                    raise NotUnderstood(kw.word)
                ab.add(KEYWORD_N, Number(kw.n))
                understood.append(f"keyword {name} {kw.n}")
            else:
                understood.append(f"keyword {name}")
            if name in keywords_missing():
                ab.missing.append(keywords_missing()[name])
            out.append(ab)
        return out, understood
    if k == "activated":
        got = _mana_ability(a, ctx)
        if got is not None and isinstance(a.condition, T.Condition):
            # "{T}: Add {U}. Activate this ability only if you control a Plains." (rules/mana/sources.lp, rules/casting/activate.lp)
            (ab,), understood = got
            cond = _condition(a.condition, ab, ctx)
            if cond.name != "controls":
                raise NotUnderstood(a.condition.words())
            ab.add(ACTIVATE_IF, cond)
            return [ab], understood + [f"activate only if {a.condition.words()}"]
        if got is not None:
            return got
        ab = _activated_ability(a, ctx, f"activated_{ctx.i}")
        understood = compile_effects(a.effects, ab, ctx)
        if isinstance(a.condition, T.Condition):   # "Activate only if you control ..." (d2; rules/casting/activate.lp)
            if a.condition.kind == "attacked_this_turn":   # Raid (e5; rules/casting/graveyard_activation.lp)
                cond = F("attacked_this_turn", C_("you"))
            elif a.condition.kind == "opponent_lost_life_ge":   # Hired Claw (rules/casting/activate.lp)
                cond = F("opponent_lost_life_ge", a.condition.n)
            else:
                cond = _condition(a.condition, ab, ctx)
                if cond.name not in ("controls", "attacking"):   # "only if ~ is attacking" (e5)
                    raise NotUnderstood(a.condition.words())
            ab.add(ACTIVATE_IF, cond)
            understood.append(f"activate only if {a.condition.words()}")
        return [ab], ([f"activated: {a.cost.words()}"] + understood + (["activate only as a sorcery"] if a.sorcery else [])
                      + (["activate only once each turn"] if a.once else [])
                      + (["activate only during your turn"] if a.your_turn else [])
                      + (["activate only during your upkeep"] if a.your_upkeep else []))
    if k == "loyalty":
        # a loyalty ability, its cost putting or removing loyalty counters (rules/mechanics/loyalty.lp)
        ab = Ab(ctx, f"loyalty_{ctx.i}")
        ab.add(ACTIVATED)
        ab.add(COST, F("loyalty", a.n))
        understood = compile_effects(a.effects, ab, ctx)
        return [ab], [f"loyalty ability {a.n:+d}" if a.n else "loyalty ability 0"] + understood
    if k == "triggered":
        ab = Ab(ctx, f"trigger_{ctx.i}")
        ab.add(TRIGGERED_ABILITY)
        ev = a.event
        ab.event_kind = ev.kind
        if a.once and ev.kind not in ("gains_or_loses_life_your_turn", "one_or_more_enter", "one_or_more_die",
                                      "you_put_counters_on_self", "cast_spell"):
            raise NotUnderstood("this ability triggers only once each turn")   # "This ability triggers only once each turn."
        if a.once and ev.kind != "gains_or_loses_life_your_turn":
            ab.add(TRIGGER_ONCE_EACH_TURN)         # (rules/timeline/batch_triggers.lp)
        if ev.kind == "gains_or_loses_life_your_turn":
            # "Whenever you gain or lose life during your turn" [, once each turn] (rules/timeline/life_triggers.lp)
            ab.add(TRIGGER, F("gains_or_loses_life_your_turn_once" if a.once else ev.kind, C_(ev.step[2])))
        elif ev.kind == "transforms":
            ab.add(TRIGGER, F("transforms", ab.filter(ev.filter)))
        elif ev.kind == "cast_spell":
            ab.add(TRIGGER, F("cast_spell", C_("you"), ab.filter(ev.filter)))
        elif ev.kind == "equipped_dies":   # "Whenever equipped creature dies" (rules/timeline/triggers.lp)
            ab.add(TRIGGER, F("dies_attached", C_("equipped")))
        elif ev.kind == "put_into_graveyard":   # "Whenever a [kind of permanent] is put into a graveyard from the battlefield"
            ab.add(TRIGGER, F("put_into_graveyard", ab.filter(ev.filter)))
        elif ev.kind == "cast_spell_targeting":   # "... spell that targets [a kind of permanent | ~]"
            if ev.ref is not None:
                ctx.need_self(ev.ref)
            of = C_("self") if ev.ref is not None else ab.filter(ev.of)
            ab.add(TRIGGER, F("cast_spell_targeting", C_("you"), ab.filter(ev.filter), of))
        elif ev.kind == "cast_spell_opponents_turn":   # "... during an opponent's turn" (rules/timeline/triggers.lp)
            ab.add(TRIGGER, F("cast_spell", C_("you"), ab.filter(ev.filter), C_("opponents_turn")))
        elif ev.kind == "enters_filter":
            ab.add(TRIGGER, F("enters", ab.filter(ev.filter)))
        elif ev.kind == "self_or_another_enters":   # "Whenever ~ or another Dragon enters ... under your control" (d1)
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("enters", C_("self")))
            ab.add(TRIGGER, F("enters", ab.filter(ev.filter)))
        elif ev.kind in ("dies_filter", "self_or_another_dies"):
            # "Whenever another creature you control dies": only creatures die (rules/timeline/triggers.lp); "Whenever
            # this creature or another creature you control dies": its own death too
            if re.search(r"\b(planeswalkers?|artifacts?|enchantments?|lands?|permanents?)\b", ev.filter.text, re.I):
                raise NotUnderstood(ev.filter.text)
            if ev.kind == "self_or_another_dies":
                ctx.need_self(ev.ref)
                ab.add(TRIGGER, F("dies", C_("self")))
            ab.add(TRIGGER, F("dies", ab.filter(ev.filter)))
        elif ev.kind == "blocks_filter":
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("blocks", C_("self"), ab.filter(ev.filter)))
        elif ev.kind == "equipped_combat_damage":
            ab.add(TRIGGER, F("combat_damage_to_player", C_("equipped")))
        elif ev.kind == "gains_life":
            # "that much": the life gained in the event (rules/timeline/life_triggers.lp)
            ab.add(TRIGGER, F("gains_life", C_("you")))
            ab.event_amount = True
        elif ev.kind == "loses_life":
            # "Whenever you / an opponent lose(s) life": the life lost in the event, and who lost it
            # (rules/timeline/life_triggers.lp)
            ab.add(TRIGGER, F("loses_life", C_(ev.step[2])))
            ab.event_amount = True
        elif ev.kind == "loses_life_first":
            # "Whenever you lose life for the first time each turn" (rules/timeline/life_triggers.lp)
            ab.add(TRIGGER, F("loses_life_first", C_(ev.step[2])))
        elif ev.kind == "forages":
            # "Whenever you forage" (rules/mechanics/forage.lp)
            ab.add(TRIGGER, F("forages", C_(ev.step[2])))
        elif ev.kind in ("gains_life_first", "gains_life_first_your_turn"):
            # "Whenever you gain life for the first time each turn" / "... during each of your turns"
            # (rules/timeline/life_triggers.lp)
            ab.add(TRIGGER, F(ev.kind, C_(ev.step[2])))
        elif ev.kind in ("enchanted_blocks", "enchanted_dies"):
            # the creature the Aura is attached to (rules/timeline/aura_triggers.lp)
            ab.add(TRIGGER, F("blocks" if ev.kind == "enchanted_blocks" else "dies", C_("enchanted")))
            ab.event_object = "battlefield" if ev.kind == "enchanted_blocks" else "graveyard"
        elif ev.kind == "dealt_damage":
            # "Whenever ~ is dealt damage": the amount dealt to it is the trigger's (rules/timeline/triggers.lp)
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("dealt_damage", C_("self")))
            ab.event_amount = True
        elif ev.kind == "deals_damage":
            # "Whenever enchanted creature deals damage": the amount dealt is the trigger's (rules/timeline/triggers.lp)
            ab.add(TRIGGER, F("deals_damage", C_(ev.step[0])))
            ab.event_amount = True
        elif ev.kind == "at":
            ab.add(TRIGGER, F("at", *(C_(x) for x in ev.step)))
            ab.event_player = ev.step[2] == "opponent"
        elif ev.kind == "deals_damage_opponent":   # "Whenever ~ deals damage to an opponent" (rules/timeline/combat_triggers.lp)
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("deals_damage", C_("self"), C_("opponent")))
        elif ev.kind == "opponent_noncombat_damage":   # "Whenever an opponent is dealt noncombat damage"
            ab.add(TRIGGER, F("dealt_noncombat_damage", C_("opponent")))
        elif ev.kind == "becomes_level":          # "When this Class becomes level 2" (rules/mechanics/class.lp)
            if "class" not in ctx.face.type_line.lower().split():
                raise NotUnderstood(ev.words())
            ab.add(TRIGGER, F("becomes_level", ev.n))
        elif ev.kind == "attack_n_or_more":       # "Whenever you attack with three or more creatures" (rules/timeline/single_shapes.lp)
            ab.add(TRIGGER, F("attack_n_or_more", ab.filter(ev.filter), ev.n))
        elif ev.kind == "one_or_more_attack":     # "Whenever one or more nontoken Vampires you control attack"
            ab.add(TRIGGER, F("attack_one_or_more", ab.filter(ev.filter)))
        elif ev.kind == "one_or_more_enter":       # "Whenever one or more tokens enter ... under your control"
            own = ev.step[2] == "own"              # "... tokens you control enter": the filter says whose
            ab.add(TRIGGER, F("enter_one_or_more", ab.filter(ev.filter if own else T.Filter(f"{ev.filter.text} you control"))))
            ab.event_amount = True
        elif ev.kind in ("one_or_more_leave_not_dying", "self_or_another_leaves_not_dying"):
            # "... leave(s) the battlefield without dying": creatures only (dying is a creature's;
            # rules/timeline/batch_triggers.lp)
            if not re.match(r"(other |another )?creatures?\b", ev.filter.text, re.I):
                raise NotUnderstood(ev.filter.text)
            if ev.kind == "self_or_another_leaves_not_dying":
                ctx.need_self(ev.ref)
                ab.add(TRIGGER, F("leaves_without_dying", C_("self")))
                ab.add(TRIGGER, F("leaves_without_dying", ab.filter(ev.filter)))
            else:
                ab.add(TRIGGER, F("leave_without_dying_one_or_more", ab.filter(ev.filter)))
        elif ev.kind == "counters_put_on":         # "Whenever one or more +1/+1 counters are put on another ... creature you control"
            if not re.search(r"\bcreatures?\b", ev.filter.text, re.I):
                raise NotUnderstood(ev.filter.text)
            ab.add(TRIGGER, F("counters_put_on", ab.filter(ev.filter), String(ev.step[0])))
        elif ev.kind == "you_put_counters_on_self":   # "Whenever you put one or more +1/+1 counters on this creature"
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("you_put_counters_on", C_("self"), String(ev.step[0])))
        elif ev.kind == "sacrifice_one_or_more":   # "Whenever you sacrifice one or more Foods" (rules/timeline/batch_triggers.lp)
            ab.add(TRIGGER, F("sacrifice_one_or_more", C_("you"), ab.filter(ev.filter)))
        elif ev.kind == "sacrifice_each":          # "Whenever you sacrifice a permanent" (rules/timeline/batch_triggers.lp)
            ab.add(TRIGGER, F("sacrifice_each", C_("you"), ab.filter(ev.filter)))
        elif ev.kind == "one_or_more_die":         # "Whenever one or more creatures you control die" (rules/timeline/batch_triggers.lp)
            if not re.match(r"(other )?creatures\b", ev.filter.text, re.I):
                raise NotUnderstood(ev.filter.text)
            ab.add(TRIGGER, F("dies_one_or_more", ab.filter(ev.filter)))
        elif ev.kind == "gives_gift":              # "Whenever you give a gift" (rules/mechanics/gift.lp)
            ab.add(TRIGGER, F("gives_gift", C_("you")))
        elif ev.kind == "draws":                   # "Whenever you / an opponent draw(s) a card" (rules/timeline/combat_triggers.lp)
            ab.add(TRIGGER, F("draws", C_(ev.step[2])))
        elif ev.kind == "draws_second":            # "Whenever you draw your second card each turn" (rules/timeline/draw_triggers.lp)
            ab.add(TRIGGER, F("draws_nth", C_(ev.step[2]), 2))
        elif ev.kind == "expends":                 # "Whenever you expend 4" (rules/mana/expend.lp)
            ab.add(TRIGGER, F("expends", C_(ev.step[2]), ev.n))
        elif ev.kind == "equipped_attacks":        # "Whenever equipped creature attacks" (rules/timeline/combat_triggers.lp)
            ab.add(TRIGGER, F("attacks", C_("equipped")))
        elif ev.kind == "opponent_discards":       # "Whenever an opponent discards a card" (rules/timeline/combat_triggers.lp)
            ab.add(TRIGGER, F("discards", C_("opponent")))
        elif ev.kind == "you_discard":             # "Whenever you discard a card" (e5; rules/timeline/combat_triggers.lp)
            ab.add(TRIGGER, F("discards", C_("you")))
        elif ev.kind == "explores_filter":         # "Whenever a creature you control explores" (d2; rules/mechanics/explore.lp)
            ab.add(TRIGGER, F("explores", ab.filter(ev.filter)))
        elif ev.kind == "deals_damage_creature":   # "Whenever ~ deals damage to a creature" (rules/timeline/damage_dealt_triggers.lp)
            ctx.need_self(ev.ref)
            ab.add(TRIGGER, F("deals_damage", C_("self"), C_("creature")))
        elif ev.kind == "dealt_damage_filter":     # "Whenever a creature an opponent controls is dealt damage" (same file)
            if not re.match(r"creatures?\b", ev.filter.text, re.I):
                raise NotUnderstood(ev.filter.text)
            ab.add(TRIGGER, F("dealt_damage", ab.filter(ev.filter)))
        elif ev.kind == "becomes_target_filter":   # "Whenever a creature you control becomes the target of a spell or
            # ability an opponent controls" (rules/timeline/target_triggers.lp)
            ab.add(TRIGGER, F("becomes_target", ab.filter(ev.filter), *(C_(w) for w in ev.step if w)))
        elif ev.kind == "attacks_filter":          # "Whenever a Vampire you control attacks" (rules/timeline/combat_triggers.lp)
            ab.add(TRIGGER, F("attacks", ab.filter(ev.filter)))
        elif ev.kind == "combat_damage_one_or_more":   # "Whenever one or more Birds you control deal combat damage to a
            ab.add(TRIGGER, F("combat_damage_one_or_more", ab.filter(ev.filter)))   # player" (rules/timeline/combat_damage_amount.lp)
        elif ev.kind == "combat_damage_filter":    # "Whenever a creature you control deals combat damage to a player"
            ab.add(TRIGGER, F("combat_damage_to_player", ab.filter(ev.filter)))   # (rules/timeline/combat_damage_amount.lp)
        else:
            ctx.need_self(ev.ref)
            kinds = {"enters_or_attacks": ["enters", "attacks"], "enters_or_leaves": ["enters", "leaves"],
                     "attacks_or_blocks": ["attacks", "blocks"],
                     "enters_or_combat_damage": ["enters", "combat_damage_to_player"],
                     "enters_or_dies": ["enters", "dies"],
                     "enters_and_sacrificed": ["enters", "sacrificed"],   # (rules/timeline/batch_triggers.lp)
                     "enters_or_becomes_target": ["enters", "becomes_target"]}.get(ev.kind, [ev.kind])
            for kind in kinds:
                if kind == "leaves":
                    ab.add(TRIGGER, F("leaves", C_("self")))
                elif kind == "becomes_target":   # "... of a spell [or ability an opponent controls]"
                    ab.add(TRIGGER, F("becomes_target", C_("self"), *(C_(w) for w in ev.step if w)))
                else:
                    ab.add(TRIGGER, F(kind, C_("self")))
        # what the trigger event was about (rules/timeline/combat_triggers.lp): the player dealt combat damage ("that
        # player"), the player or planeswalker the source attacks
        if ev.kind == "combat_damage_to_player":
            ab.event_amount = True   # "that many": the combat damage dealt (rules/timeline/combat_damage_amount.lp)
        ab.event_data = {"combat_damage_to_player": "player", "equipped_combat_damage": "player",
                         "attacks": "attacked", "equipped_attacks": "attacked", "opponent_discards": "discarded", "draws": "drawn",
                         "loses_life": "life_loser", "enters_filter": "entered"}.get(ev.kind)
        if a.while_:                     # "whenever [event] while you control ..." (rules/timeline/triggers.lp)
            cond = _condition(a.condition, ab, ctx)
            if cond.name != "controls":
                raise NotUnderstood(a.condition.words())
            ab.add(TRIGGER_WHILE, cond)
        elif isinstance(a.condition, T.Condition) and a.condition.kind == "you_control_none":
            # "if you control no tapped lands" (rules/timeline/if_you_control.lp)
            text = a.condition.filter.text
            if re.search(r"\b(you control|opponent controls|you don't control)$", text, re.I):
                raise NotUnderstood(a.condition.words())
            kind, with_, rest = text.partition(" with ")
            ab.add(INTERVENING_IF, F("controls_none", ab.filter(T.Filter(f"{kind} you control{with_}{rest}"))))
        elif isinstance(a.condition, T.Condition) and a.condition.kind == "creature_died":
            # morbid's "if a creature died this turn" (rules/timeline/instead.lp)
            ab.add(INTERVENING_IF, C_("creature_died_this_turn"))
        elif isinstance(a.condition, T.Condition) and a.condition.kind == "cast_none_this_turn":
            # "if you didn't cast a spell this turn" (rules/casting/spells_cast_this_turn.lp)
            ab.add(INTERVENING_IF, C_("cast_none_this_turn"))
        elif isinstance(a.condition, T.Condition) and a.condition.kind in ("gained_life_ge", "player_lost_life_ge", "opponent_lost_life_ge",
                                                                          "life_le"):
            # "if you gained [N or more] life this turn", "if a player lost N or more life this turn", "if you have N or
            # less life" (rules/timeline/life_this_turn.lp)
            ab.add(INTERVENING_IF, F(a.condition.kind, a.condition.n))
        elif isinstance(a.condition, T.Condition) and a.condition.kind == "data_player_hand_le":
            # "if that player has one or fewer cards in hand": the opponent whose step it is (rules/timeline/that_player_hand.lp)
            if not ab.event_player:
                raise NotUnderstood(a.condition.words())
            ab.add(INTERVENING_IF, F("data_player_hand_le", a.condition.n))
        elif isinstance(a.condition, T.Condition) and a.condition.kind in ("gained_or_lost_life", "gained_and_lost_life"):
            # "if you gained or lost life this turn", "if you gained and lost life this turn" (rules/timeline/life_this_turn.lp)
            ab.add(INTERVENING_IF, C_(a.condition.kind))
        elif isinstance(a.condition, T.Condition):   # "if you control a Wizard," (rules/timeline/triggers.lp)
            cond = _condition(a.condition, ab, ctx)
            if cond.name not in ("controls", "none_on_battlefield", "graveyard_ge"):
                raise NotUnderstood(a.condition.words())
            ab.add(INTERVENING_IF, cond)
        elif a.condition == "kicked_that_spell":   # "if that spell was kicked": the spell it triggered on
            ab.add(INTERVENING_IF, F("kicked", C_("that_spell")))
        elif a.condition == "gift_promised":   # "if the gift was promised," (rules/mechanics/gift.lp)
            if not any(re.match(r"gift a\b", ln, re.I) for ln in ctx.face.lines):
                raise NotUnderstood("the gift was promised")
            ab.add(INTERVENING_IF, F("gift_promised", C_("self")))
        elif a.condition:                # an intervening "if" clause (rules/timeline/triggers.lp)
            ab.add(INTERVENING_IF, F(a.condition, C_("self" if a.condition in ("kicked", "not_kicked") else "you")))
        if a.n:                          # "..., choose one —": the modes are the bullet lines after it (their own abilities)
            if a.n != 1 or len(_modes_after(ctx)) < 2:
                raise NotUnderstood(f"choose {a.n}")
            if not any(_mode_read(ctx, j, ab) for j in _modes_after(ctx)):   # no mode it could choose has rules
                raise NotUnderstood("any of the modes after it")
            ab.add(TRIGGER_MODES, Number(a.n))
            understood = [f"choose one of {len(_modes_after(ctx))} modes as it is put on the stack"]
        else:
            understood = compile_effects(a.effects, ab, ctx)
        cond_words = (a.condition.words() if isinstance(a.condition, T.Condition)
                      else "that spell was kicked" if a.condition == "kicked_that_spell"
                      else "it wasn't kicked" if a.condition == "not_kicked"
                      else "the gift was promised" if a.condition == "gift_promised" else a.condition)
        cond_words = f"{'while' if a.while_ else 'if'} {cond_words}"
        return [ab], [f"trigger: {ev.words()}"] + ([cond_words] if a.condition else []) + understood
    if k == "chapter":
        out, understood = [], []
        for n in a.chapters:     # "I, II — [effect]" is two chapter abilities, one for each symbol
            ab = Ab(ctx, f"chapter_{n}")
            ab.add(TRIGGERED_ABILITY)
            ab.add(CHAPTER, Number(n))
            out.append(ab)
            understood += [f"chapter {n}"] + compile_effects(a.effects, ab, ctx)
        return out, understood
    if k == "static":
        if a.ref is not None:
            ctx.need_self(a.ref)
        return _static(a.static, ctx)
    if k == "modal":                     # "Choose one —" ("Choose two —"): its modes are the bullet lines that follow
        modes = _modes_after(ctx)
        if len(modes) < a.n:
            raise NotUnderstood(f"choose {a.n}")
        ab = Ab(ctx, f"modal_{ctx.i}")
        ab.add(MODAL, Number(a.n))
        return [ab], [f"choose {a.n} of {len(modes)} modes"]
    if k == "pawprint_modal":            # "Choose up to five {P} worth of modes. ...": its modes are the "{P} —" lines after it
        modes = _pawprint_modes_after(ctx)
        if not modes:
            raise NotUnderstood("the modes after it")
        ab = Ab(ctx, f"modal_{ctx.i}")
        ab.add(MODAL_PAWPRINTS, Number(a.n))
        read = {j: _pawprint_mode_read(ctx, j, a.n) for j in modes}
        unread = [j for j in modes if read[j] is None]
        if unread:                       # a mode pyrules doesn't model: the header is read, not modelled
            ab.missing.append(reading_missing()["pawprint_modes_unread"].format(lines=", ".join(map(str, unread))))
        once = [j for j in modes if read[j] is not None and not read[j]]
        if once:                         # a mode it models but doesn't do more than once (rules/casting/pawprint_modes.lp): likewise
            ab.missing.append(reading_missing()["pawprint_modes_repeated"].format(lines=", ".join(map(str, once))))
        return [ab], [f"choose up to {a.n} pawprints' worth of its {len(modes)} modes, the same mode more than once if you like"]
    if k == "pawprint_mode":             # "{P}{P} — [effects]": mode N of the "Choose up to five {P} worth of modes." before it
        n = _pawprint_mode_number(ctx)
        ab = Ab(ctx, f"mode_{n}")
        ab.add(SPELL_ABILITY)
        ab.add(MODE, Number(n))
        ab.add(MODE_PAWPRINTS, Number(a.n))
        return [ab], [f"mode {n} ({a.n} {'pawprint' if a.n == 1 else 'pawprints'})"] + compile_effects(a.effects, ab, ctx)
    if k == "mode" and _trigger_header(ctx):   # "• [effects]": mode N of the modal triggered ability before it
        n, header, trig = _trigger_header(ctx)
        ab = Ab(ctx, f"mode_{n}")
        for attr in _EVENT_ATTRS:
            setattr(ab, attr, getattr(trig, attr))    # "that player", "that much": the trigger's event
        ab.add(MODE_OF, ABILITY(ctx.c, ctx.f, header, f"trigger_{header}"), Number(n))
        return [ab], [f"mode {n} of the triggered ability on line {header}"] + compile_effects(a.effects, ab, ctx)
    if k == "mode":                      # "• [effects]": mode N of the "Choose one —" before it
        n = _mode_number(ctx)
        ab = Ab(ctx, f"mode_{n}")
        ab.add(SPELL_ABILITY)
        ab.add(MODE, Number(n))
        return [ab], [f"mode {n}"] + compile_effects(a.effects, ab, ctx)
    if k == "spell":
        ab = Ab(ctx, f"spell_{ctx.i}")
        ab.add(SPELL_ABILITY)
        return [ab], compile_effects(a.effects, ab, ctx)
    if k == "restriction":
        ctx.need_self(a.ref)
        ab = Ab(ctx, f"restriction_{ctx.i}")
        for name in a.restrictions:
            ab.add(RESTRICTION, F(name, C_("self")))
        return [ab], [f"restriction {r}" for r in a.restrictions]
    if k == "additional_cost":
        ab = Ab(ctx, "additional_cost")
        ab.add(ADDITIONAL_COST)
        items, facts = cost_items(a.cost, ctx)
        for it in items:
            ab.add(COST, it)
        ab.facts += facts
        return [ab], [f"additional cost: {a.cost.words()}"]
    if k == "kicked_enters":             # "If ~ was kicked, it enters with three +1/+1 counters on it." (rules/timeline/resolution.lp)
        ctx.need_self(a.ref)
        ab = Ab(ctx, "kicked_enters")
        ab.add(KICKED_ENTERS_WITH, String(a.counter), Number(a.n))
        return [ab], [f"if kicked, enters with {a.n} {a.counter} counter(s)"]
    if k == "gift":
        # "Gift a card", "Gift a Food", "Gift a tapped Fish", "Gift a Treasure": the keyword, and what the chosen
        # opponent gets (rules/mechanics/gift.lp says when they get it)
        ab = Ab(ctx, "gift")
        ab.add(KEYWORD, C_("gift"))
        who = C_("gift_recipient")
        if a.counter == "card":
            gift = F("draw", who, 1)
        elif a.counter in ("food", "treasure"):
            gift = F("create_token_for", who, String(_token(ctx, T.Token("", "", (a.counter.capitalize(),), predefined=True))), 1)
        elif a.counter == "tapped fish":
            gift = F("create_token_tapped_for", who, String(_token(ctx, T.Token("1", "1", ("blue", "Fish")))), 1)
        else:
            raise NotUnderstood(a.words())
        ab.add(GIFT, gift)
        return [ab], [a.words()]
    if k == "escapes_with":
        ctx.need_self(a.ref)
        ab = Ab(ctx, "escapes_with")
        ab.add(ESCAPES_WITH, String(a.counter), Number(a.n))
        return [ab], [f"escapes with {a.n} {a.counter} counter(s)"]
    raise NotUnderstood(k)


def _modes_after(ctx: Ctx) -> list[int]:
    """The line numbers of the bullet lines that follow a "Choose one —" line (its modes)."""
    out = []
    for j, raw in enumerate(ctx.face.lines[ctx.i:], start=ctx.i + 1):
        if not raw.startswith("• "):
            break
        out.append(j)
    return out


_EVENT_ATTRS = ("event_amount", "event_player", "event_object", "event_data", "event_kind")   # what "that player" reads


def _mode_read(ctx: Ctx, j: int, trig: Ab) -> bool:
    """Whether the bullet line j (a mode of the modal triggered ability `trig`) is read with rules for its whole
    effect, compiled on its own (not through read_line, which would read the trigger again)."""
    raw = ctx.face.lines[j - 1]
    read = _REMINDER.sub("", raw).strip()
    try:
        tree = parse(with_tilde(read, self_names(ctx.card, ctx.face)), True)
        if tree.kind != "mode":
            return False
        ab = Ab(Ctx(ctx.card, ctx.face, j, tokens=ctx.tokens), "mode")
        for attr in _EVENT_ATTRS:
            setattr(ab, attr, getattr(trig, attr))
        compile_effects(tree.effects, ab, ab.ctx)
    except NotUnderstood:
        return False
    return not ab.missing


def _trigger_header(ctx: Ctx) -> tuple[int, int, Ab] | None:
    """A bullet line after a modal triggered ability ("Whenever ..., choose one —"): (its mode number, the trigger's
    line, the trigger's ability as compiled), if that line is read as one (a bullet of a trigger not read is not read
    either)."""
    n = 0
    for j in range(ctx.i - 1, 0, -1):
        raw = ctx.face.lines[j - 1]
        if raw.startswith("• "):
            n += 1
            continue
        if not _TRIGGER_CHOOSE.search(raw.strip()) or _MODAL_HEADER.fullmatch(raw.strip()):
            return None
        header = read_line(ctx.card, ctx.face, j, raw, ctx.tokens)
        if header.status != "modelled" or f"trigger_{j}" not in header.names:
            raise NotUnderstood(f"a mode of the triggered ability on line {j}, which pyrules doesn't model")
        tree = parse(with_tilde(header.read, self_names(ctx.card, ctx.face)), False)
        trig = next(ab for ab in compile_ability(tree, Ctx(ctx.card, ctx.face, j, tokens=ctx.tokens))[0]
                    if ab.name == f"trigger_{j}")
        return n + 1, j, trig
    return None


def _mode_number(ctx: Ctx) -> int:
    """A bullet line's mode number: its place among the bullets after the face's "Choose one —" (two, ...) line."""
    n = 0
    for j in range(ctx.i - 1, 0, -1):
        raw = ctx.face.lines[j - 1]
        if raw.startswith("• "):
            n += 1
            continue
        if _MODAL_HEADER.fullmatch(raw.strip()):
            return n + 1
        break
    raise NotUnderstood("a mode without its \"Choose one —\"")


def _pawprint_modes_after(ctx: Ctx) -> list[int]:
    """The line numbers of the "{P} — ..." lines that follow a "Choose up to five {P} worth of modes." line."""
    out = []
    for j, raw in enumerate(ctx.face.lines[ctx.i:], start=ctx.i + 1):
        if not _PAWPRINT_MODE.match(raw):
            break
        out.append(j)
    return out


def _pawprint_mode_read(ctx: Ctx, j: int, budget: int) -> bool | None:
    """Whether the pawprint mode on line j is read with rules for its whole effect (compiled on its own): None if not;
    True if the rules also do it more than once (no target, only effects rules/core/missing_rules.lp lists) or if,
    without a target, it can't be chosen twice within the spell's `budget` pawprints (as that file states), False
    if neither."""
    read = _REMINDER.sub("", ctx.face.lines[j - 1]).strip()
    try:
        tree = parse(with_tilde(read, self_names(ctx.card, ctx.face)), True)
        if tree.kind != "pawprint_mode":
            return None
        ab = Ab(Ctx(ctx.card, ctx.face, j, tokens=ctx.tokens), "mode")
        compile_effects(tree.effects, ab, ab.ctx)
    except NotUnderstood:
        return None
    if ab.missing:
        return None
    if not ab.targets and (budget, tree.n) not in modes_fitting_twice():
        return True      # (one with a target stays False: pyrules doesn't choose it with another mode with a target)
    return not ab.targets and all(_repeat_kind(k, e) in repeats_effects() for k, e in zip(ab.effect_kinds, ab.effect_terms))


def _repeat_kind(kind: str, eff: Symbol) -> str:
    """The kind of an effect, as rules/core/missing_rules.lp names those done more than once: "it gains [keyword]" after
    "put a counter on a [kind of] permanent you control" (the permanent chosen for the counters) is gains_chosen."""
    if kind == "apply_pump" and re.match(r"apply\(gains\(\w+\),counters_chosen_object,", str(eff)):
        return "gains_chosen"
    return kind


def _pawprint_mode_number(ctx: Ctx) -> int:
    """A pawprint mode's number: its place among the "{P} —" lines after the face's pawprint header."""
    n = 0
    for j in range(ctx.i - 1, 0, -1):
        raw = ctx.face.lines[j - 1]
        if _PAWPRINT_MODE.match(raw):
            n += 1
            continue
        if _PAWPRINT_HEADER.match(raw.strip()):
            return n + 1
        break
    raise NotUnderstood("a mode without its \"Choose up to ... {P} worth of modes.\"")


_PAWPRINT_MODE = re.compile(r"(?:\{P\})+ —")
_PAWPRINT_HEADER = re.compile(r"Choose up to \w+ \{P\} worth of modes\.")
_MODAL_HEADER = re.compile(r"Choose (?:one|two|three|four) —")
_TRIGGER_CHOOSE = re.compile(r", choose (?:one|two|three|four) —$", re.I)


def _spell_has_target(ctx: Ctx) -> bool:
    """Whether another line of the face is a spell's instruction with a target, read by the grammar."""
    for j, text in enumerate(ctx.face.lines, 1):
        if j == ctx.i:
            continue
        try:
            tree = parse(with_tilde(_REMINDER.sub("", text).strip(), self_names(ctx.card, ctx.face)), True)
        except NotUnderstood:
            continue
        if tree.kind == "spell" and any(e.target is not None for e in tree.effects):
            return True
    return False


def _static(s: T.Static, ctx: Ctx) -> tuple[list[Ab], list[str]]:
    ab = Ab(ctx, f"static_{ctx.i}")
    k = s.kind
    if k == "each_is_artifact_creature":
        term = ab.filter(s.filter)
        ab.add(STATIC)
        ab.add(SCOPE, F("each", term))
        ab.add(ADDS_TYPE, C_("artifact"))
        ab.add(ADDS_TYPE, C_("creature"))
        ab.add(SETS_PT, C_("mana_value"))
    elif k == "cost_mod":
        term = ab.filter(s.filter) if s.filter else ab.filter("a spell", "spell")
        ab.add(STATIC)
        ab.add(SCOPE, F("spells", C_(s.who), term))
        ab.add(COST_MOD, C_(s.change), s.n)
    elif k == "equipped_gets":
        ab.add(STATIC)
        ab.add(SCOPE, C_("equipped"))
        ab.add(MOD_PT, s.power, s.toughness)
    elif k == "grants_escape":
        term = ab.filter(s.filter, "card")
        ab.add(STATIC)
        ab.add(GRANTS_ESCAPE, term)
        ab.add(GRANT_COST, C_("mana_cost"))
        ab.add(GRANT_COST, F("exile_other_graveyard", s.n))
    elif k == "cant_be_countered_self":
        ab.add(STATIC)
        ab.add(FUNCTIONS_IN, C_("stack"))
        ab.add(RESTRICTION, F("cant_be_countered", C_("self")))
    elif k == "cant_be_countered":
        term = ab.filter(s.filter)
        ab.add(STATIC)
        ab.add(RESTRICTION, F("cant_be_countered", term))
    elif k == "prevention":
        # "Prevent all [combat] damage that would be dealt to [and dealt by] ~ / enchanted creature"
        # (rules/timeline/prevention.lp)
        ab.add(STATIC)
        if s.who == "each":      # "... dealt to other creatures you control": each permanent of the filter
            ab.add(RESTRICTION, F("prevents", C_(s.keywords[0]), F("each", ab.filter(s.filter)), C_(s.change)))
        else:
            ab.add(RESTRICTION, F("prevents", C_(s.keywords[0]), C_(s.who), C_(s.change)))
    elif k == "enters_tapped" and s.condition is not None:
        # "~ enters tapped unless you control a Plains or an Island" (rules/timeline/changes.lp)
        ab.add(STATIC)
        ab.add(ENTERS_TAPPED_UNLESS, _condition(s.condition, ab, ctx))
    elif k == "enters_tapped":
        ab.add(STATIC)
        ab.add(ENTERS_TAPPED)
    elif k == "enchanted_protection_chosen":
        # "Enchanted creature has protection from the chosen color. This effect doesn't remove ~."
        # (rules/timeline/chosen_as_enters.lp)
        ab.add(STATIC)
        ab.add(SCOPE, C_("enchanted"))
        ab.add(GRANTS_CHOSEN_PROTECTION)
        ab.add(PROTECTION_SPARES_SELF)
    elif k == "enter_as_copy":
        # "You may have ~ enter as a copy of any creature on the battlefield with mana value less than or equal to the
        # amount of mana spent to cast ~, except it's a [subtype] in addition to its other types and it has [keyword]."
        # (rules/timeline/enter_as_copy.lp): the subtype a creature type, the keyword one the rules have, an ability of
        # the card that no face prints
        kw = KEYWORDS.get(s.keywords[0])
        if kw is None or kw[1] is not None or kw[0] in keywords_missing() or type_lists()[2].get(s.change.lower()) != "creature":
            raise NotUnderstood(s.words())
        gk = Ab(ctx, f"copy_{kw[0]}")
        gk.add(KEYWORD, C_(kw[0]))
        ab.facts += [f for f in gk.facts if not FACE_ABILITY.is_(f)]
        ab.add(STATIC)
        ab.add(ENTERS_AS_COPY, C_("creature"), C_("mana_spent_or_less"))
        ab.add(COPY_EXCEPT_SUBTYPE, String(s.change.lower()))
        ab.add(COPY_EXCEPT_ABILITY, gk.ab)
    elif k == "as_enters_choose":
        # "As ~ enters the battlefield, choose a color / a creature type." (rules/timeline/chosen_as_enters.lp)
        ab.add(STATIC)
        ab.add(AS_ENTERS_CHOOSE, C_(s.change))
    elif k == "enters_with_counters" and s.count is not None:
        # "~ enters with a +1/+1 counter on it for each other creature you control" (rules/timeline/counters_for_each.lp)
        ab.add(STATIC)
        ab.add(ENTERS_WITH_COUNTERS_FOR_EACH, String(s.change), ab.filter(s.count))
    elif k == "others_enter_with_counters":
        # "Other creatures you control enter with an additional +1/+1 counter on them for each opponent who lost life
        # this turn." (rules/timeline/others_enter_with.lp)
        ab.add(STATIC)
        ab.add(OTHERS_ENTER_WITH_COUNTERS, String(s.change), C_("opponent_lost_life"))
    elif k == "enters_with_counters":
        # "~ enters the battlefield with N +1/+1 counters on it" (rules/timeline/counters_shapes.lp)
        ab.add(STATIC)
        # the condition: "if you attacked with a creature this turn", "if an opponent lost life this turn"
        # (rules/timeline/life_this_turn.lp: an opponent lost 1 or more)
        cond = {"always": C_("always"), "opponent_lost_life_ge": F("opponent_lost_life_ge", 1)}.get(s.who) or F(s.who, C_("you"))
        ab.add(ENTERS_WITH_COUNTERS, String(s.change), C_("x") if s.n == "X" else s.n, cond)
    elif k == "base_toughness":
        # "Creatures your opponents control have base toughness 1." (rules/core/layers.lp: sets_toughness)
        if not re.match(r"creatures\b", s.filter.text, re.I):
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(SCOPE, F("each", ab.filter(s.filter)))
        ab.add(SETS_TOUGHNESS, s.n)
    elif k == "anthem_counter":
        # "Each creature you control with a +1/+1 counter on it has trample" (rules/core/filters.lp: counter(Kind))
        term = ab.filter(T.Filter(f"{s.filter.text} with a {s.change} counter on it", s.filter.kind))
        ab.add(STATIC)
        ab.add(SCOPE, F("each", term))
        _static_pt_and_keywords(ab, s)
    elif k == "anthem":
        kw = re.fullmatch(r"(.+?) with (\w+)", s.filter.text, re.I) if s.also is None and not s.keywords else None
        if kw and (s.power, s.toughness) != (0, 0) and kw[2].lower() in KEYWORDS and KEYWORDS[kw[2].lower()][1] is None \
                and KEYWORDS[kw[2].lower()][0] not in keywords_missing():
            # "Creatures you control with flying get +1/+1": +N/+N only, its scope asked once the abilities are
            # known (rules/core/layers.lp: scope_keyword)
            ab.add(STATIC)
            ab.add(SCOPE, F("each", ab.filter(T.Filter(kw[1], s.filter.kind))))
            ab.add(SCOPE_KEYWORD, C_(KEYWORDS[kw[2].lower()][0]))
            ab.add(MOD_PT, s.power, s.toughness)
            return [ab], [s.text]
        term = ab.filter(s.filter) if s.also is None else ab.filter_union(s.filter, s.also)
        if re.search(r"\bwith(?:out)? (?:\w+$|power |toughness )", s.filter.text, re.I):
            # "Creatures you control with flying get +1/+1": which creatures have a keyword (or a power) is known
            # only after the layer this effect is applied in (rules/core/missing_rules.lp): the rules don't ask it there
            ab.missing.append(reading_missing()["scope_after_layers"])
        ab.add(STATIC)
        ab.add(SCOPE, F("each", term))
        _static_pt_and_keywords(ab, s)
        for kind in s.restrictions:      # "assigns combat damage equal to its toughness" (rules/casting/combat_damage_toughness.lp)
            # "You, ... have hexproof": the player too (rules/mechanics/hexproof.lp)
            ab.add(RESTRICTION, F("player_hexproof", C_("you")) if kind == "player_hexproof" else C_(kind))
    elif k == "attached_gets":
        if s.filter.text not in ("creature", "permanent") or s.who == "equipped" and s.filter.text != "creature":
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(SCOPE, C_(s.who))
        if s.count is not None:
            # "gets +1/+1 for each enchantment you control": the permanents counted as it applies (rules/core/layers.lp)
            ab.add(MOD_PT_FOR_EACH, s.power, s.toughness, ab.filter(s.count))
            s = replace(s, power=0, toughness=0)
        _static_pt_and_keywords(ab, s)
        for kw in s.loses:               # "and loses flying": layer 6 removes it (rules/core/layers.lp)
            if kw not in REMOVABLE_KEYWORDS:
                raise NotUnderstood(kw)
            ab.add(REMOVES, C_(KEYWORDS[kw][0]))
        for kind in s.restrictions:      # "and can't block" (rules/casting/combat.lp)
            if s.who == "equipped" and kind != "cant_be_blocked_by_more_than_one":
                raise NotUnderstood(s.text)
            if kind == "assigns_damage_by_toughness":    # rules/casting/combat_damage_toughness.lp
                ab.add(RESTRICTION, C_(kind))
                continue
            ab.add(RESTRICTION, F(kind, C_(s.who)))
    elif k == "while":
        # "as long as [condition]": the effect applies only while the condition holds (rules/core/conditions.lp)
        ab.add(STATIC)
        ab.add(SCOPE, F("each", ab.filter(s.filter)) if s.who == "each" else C_(s.who))
        _static_pt_and_keywords(ab, s)
        if s.condition.kind == "blocked_by_ge":
            # "as long as two or more creatures are blocking it": the permanent's own blockers (e4; rules/core/conditions.lp)
            if s.who != "self":
                raise NotUnderstood(s.text)
            ab.add(AS_LONG_AS, F("blocked_by_ge", s.condition.n))
        else:
            ab.add(AS_LONG_AS, _condition(s.condition, ab, ctx))
        if s.also_if is not None:        # "as long as [condition] and [condition]": both (rules/core/conditions.lp)
            ab.add(AS_LONG_AS, _condition(s.also_if, ab, ctx))
        for kind in s.restrictions:      # "~ can't be blocked as long as ...": the permanent itself (rules/casting/combat.lp)
            if kind != "cant_be_blocked_while" or s.who != "self":
                raise NotUnderstood(s.text)
            ab.add(RESTRICTION, F(kind, C_("self")))
    elif k == "additional_land":
        # "You may play an additional land on each of your turns": one more land drop (rules/casting/play_land.lp)
        ab.add(STATIC)
        ab.add(RESTRICTION, F("additional_land", C_("you")))
    elif k == "self_cost_if":
        # "This spell costs {1} less to cast if you control a Wizard" (rules/casting/costs.lp)
        cond = _condition(s.condition, ab, ctx)
        if cond.name != "controls":
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(FUNCTIONS_IN, C_("stack"))
        ab.add(SCOPE, C_("this_spell"))
        ab.add(COST_MOD, C_(s.change), s.n)
        ab.add(AS_LONG_AS, cond)
    elif k == "self_cost_for_each":
        # "This spell costs {1} less to cast for each instant and sorcery card in your graveyard"
        # (rules/casting/cost_for_each.lp): one fact for each zone counted
        term = ab.filter(s.filter)
        ab.add(STATIC)
        ab.add(FUNCTIONS_IN, C_("stack"))
        ab.add(SCOPE, C_("this_spell"))
        for zone in s.who.split():
            ab.add(COST_FOR_EACH_CARD, s.n, C_(zone), term)
    elif k == "self_cost_if_targets":
        # "This spell costs {3} less to cast if it targets a tapped creature" (rules/casting/cost_if_targets.lp): only
        # an instant's or sorcery's whose other lines read give it a target
        if not _spell_has_target(ctx):
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(FUNCTIONS_IN, C_("stack"))
        ab.add(SCOPE, C_("this_spell"))
        ab.add(COST_IF_TARGETS, s.n, ab.filter(s.filter))
    elif k == "damage_instead":
        # the line after a spell's "~ deals N damage to any target" (rules/timeline/instead.lp); "to target creature"
        # and "that creature ... instead if you attacked with a creature this turn" (d2)
        if s.condition.kind == "attacked_this_turn":
            cond = F("attacked_this_turn", C_("you"))
        else:
            cond = _condition(s.condition, ab, ctx)
            if cond.name != "controls":
                raise NotUnderstood(s.text)
        prev = ctx.i - 1
        if prev < 1:
            raise NotUnderstood(s.text)
        before = parse(with_tilde(_REMINDER.sub("", ctx.face.lines[prev - 1]).strip(), self_names(ctx.card, ctx.face)), True)
        if (before.kind != "spell" or len(before.effects) != 1 or before.effects[0].kind != "damage"
                or before.effects[0].target is None
                or (before.effects[0].target.kind != "any" if s.who == "any" else
                    before.effects[0].target.kind != "permanent"
                    or not re.fullmatch(rf"{re.escape(s.who)}s?", before.effects[0].target.filter.text, re.I))):
            raise NotUnderstood(s.text)
        ab.add(AMOUNT_INSTEAD, ABILITY(ctx.c, ctx.f, prev, f"spell_{prev}"), 1, s.n, cond)
    elif k == "counters_instead":
        # the line after a spell's "Put a +1/+1 counter on target creature." (Hunger of the Howlpack;
        # rules/timeline/instead.lp)
        cond = _condition(s.condition, ab, ctx)
        prev = ctx.i - 1
        if prev < 1:
            raise NotUnderstood(s.text)
        before = parse(with_tilde(_REMINDER.sub("", ctx.face.lines[prev - 1]).strip(), self_names(ctx.card, ctx.face)), True)
        if (before.kind != "spell" or len(before.effects) != 1 or before.effects[0].kind != "counters"
                or before.effects[0].target is None or before.effects[0].counter != s.change):
            raise NotUnderstood(s.text)
        ab.add(AMOUNT_INSTEAD, ABILITY(ctx.c, ctx.f, prev, f"spell_{prev}"), 1, s.n, cond)
    elif k == "affinity":
        # "Affinity for artifacts": the keyword and the permanents it counts (rules/mechanics/affinity.lp)
        if re.search(r"\b(you control|opponent controls|you don't control)$", s.filter.text, re.I):
            raise NotUnderstood(s.text)
        ab.add(KEYWORD, C_("affinity"))
        ab.add(AFFINITY_FOR, ab.filter(T.Filter(f"{s.filter.text} you control", s.filter.kind, s.filter.and_or)))
    elif k == "attached_has_quoted":
        # 'Enchanted land has "{T}: Add one mana of any color."': the quoted ability is the enchanted permanent's
        # (rules/core/granted_abilities.lp), read as a line is; only its facts, not the Aura's face, have it
        if s.filter.text not in ("creature", "land", "permanent", "artifact"):
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(SCOPE, C_(s.who))           # enchanted | equipped
        if s.power or s.toughness:
            ab.add(MOD_PT, s.power, s.toughness)
        granted, _ = compile_ability(s.granted, replace(ctx, granted_to=s.filter.text))
        for g in granted:
            ab.facts += [f for f in g.facts if not FACE_ABILITY.is_(f)]
            ab.add(GRANTS_ABILITY, g.ab)
            ab.missing += g.missing
    elif k == "self_gets_for_each":
        # "~ gets +1/+1 for each Aura on the battlefield": the permanents counted as it applies (rules/core/layers.lp)
        ab.add(STATIC)
        ab.add(SCOPE, C_("self"))
        ab.add(MOD_PT_FOR_EACH, s.power, s.toughness, ab.filter(s.count))
    elif k == "control_enchanted":
        # "You control enchanted creature / permanent / artifact / land." (Kitnap, In Bolas's Clutches): the Aura's
        # controller controls the permanent it is attached to (rules/core/objects.lp)
        if s.filter.text not in ("creature", "permanent", "artifact", "land"):
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(SCOPE, C_("enchanted"))
        ab.add(RESTRICTION, F("control", C_("enchanted")))
    elif k == "attached_is":
        # an Aura's or Equipment's effect of layer 4 on the permanent it is attached to (rules/core/layers.lp), and what
        # else it gives in layers 6 and 7c
        if s.filter.text not in ("creature", "permanent") or s.who == "equipped" and s.filter.text != "creature":
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(SCOPE, C_(s.who))
        _static_pt_and_keywords(ab, s)
        if s.change == "legendary":
            ab.add(ADDS_SUPERTYPE, C_("legendary"))
        elif type_lists()[2].get(s.change.lower()) == "creature" and s.filter.text == "creature":
            ab.add(ADDS_SUBTYPE, String(s.change.lower()))
        else:
            raise NotUnderstood(s.text)
    elif k in ("cda_pt", "self_gets_count"):
        # power and toughness from a count (rules/core/counts.lp): a characteristic-defining ability in every zone, or
        # +N/+N for each of what is counted
        cnt = None
        for where, f in s.counts:
            term = _count_term(where, f, ab)
            cnt = term if cnt is None else F("sum", cnt, term)
        ab.add(STATIC)
        if k == "self_gets_count":
            ab.add(SCOPE, C_("self"))
            ab.add(MOD_PT_COUNT, s.power, s.toughness, cnt)
        else:
            for zone in ("battlefield", "hand", "library", "graveyard", "exile", "stack", "command"):
                ab.add(FUNCTIONS_IN, C_(zone))
            ab.add(CDA_PT, C_("power"), cnt)
            if s.who == "both":
                ab.add(CDA_PT, C_("toughness"), cnt)
            elif ctx.face.toughness is not None and str(ctx.face.toughness).isdigit():
                ab.add(CDA_PT, C_("toughness"), F("fixed", int(ctx.face.toughness)))   # the toughness printed beside it
            else:
                raise NotUnderstood(s.text)
    elif k == "unblockable_each":
        # "Creatures you control with +1/+1 counters on them can't be blocked" (d2; rules/casting/combat.lp)
        ab.add(RESTRICTION, F("cant_be_blocked", F("each", ab.filter(s.filter))))
    elif k == "cast_self_from":
        # "You may cast ~ from your graveyard or from exile." (rules/casting/options.lp)
        for zone in s.who.split():
            ab.add(CAST_SELF_FROM, C_(zone))
    elif k == "one_spell_each_turn":
        # "Each player can't cast more than one spell each turn." (rules/casting/spells_cast_this_turn.lp)
        ab.add(RESTRICTION, F("cast_limit", C_("each_player"), 1))
    elif k == "damage_cant_be_prevented":
        # "Damage can't be prevented." (rules/timeline/damage_each_player_count.lp)
        ab.add(RESTRICTION, C_("damage_cant_be_prevented"))
    elif k == "players_cant_gain_life":
        # "Players can't gain life." (e4; rules/timeline/cant_gain_life.lp)
        ab.add(RESTRICTION, F("cant_gain_life", C_("players")))
    elif k == "player_hexproof":
        # "You have hexproof." (e4; rules/mechanics/hexproof.lp)
        ab.add(RESTRICTION, F("player_hexproof", C_("you")))
    elif k == "cant_attack_unless":
        # "~ can't attack unless you control an artifact" (d2; rules/casting/combat.lp)
        cond = _condition(s.condition, ab, ctx)
        if cond.name != "controls":
            raise NotUnderstood(s.text)
        ab.add(RESTRICTION, F("cant_attack_unless", C_("self"), cond))
    elif k == "enchanted_cant":
        for kind in s.keywords:
            ab.add(RESTRICTION, F(kind, C_("enchanted")))
    elif k == "evasion":
        # a creature's own evasion or combat restriction (rules/casting/combat.lp)
        if s.who in ("cant_be_blocked_by", "cant_be_blocked_except_by"):
            ab.add(RESTRICTION, F(s.who, C_("self"), ab.filter(s.filter)))
        elif s.who == "cant_be_blocked_if_cast":
            # "can't be blocked if you've cast a historic spell this turn" (rules/casting/spells_cast_this_turn.lp)
            ab.add(RESTRICTION, F("cant_be_blocked_if", C_("self"), F("cast_this_turn", C_("you"), ab.filter(s.filter))))
        elif s.who == "can_block_only_with":
            kw = s.keywords[0]
            if KEYWORDS[kw][1] is not None or KEYWORDS[kw][0] in keywords_missing():
                raise NotUnderstood(kw)
            ab.add(RESTRICTION, F(s.who, C_("self"), C_(KEYWORDS[kw][0])))
        else:
            ab.add(RESTRICTION, F(s.who, C_("self")))
    elif k == "opening_hand":
        # it applies only as the game begins; every answer pyrules gives is about a game already begun,
        # so the ability does nothing in any of them (no fact)
        pass
    elif k == "opponents_enter_tapped":
        # "Creatures your opponents control enter the battlefield tapped" (rules/timeline/enters_tapped_unless.lp): one
        # card type, as the objects entering have it
        kind = {"creatures": "creature", "artifacts": "artifact", "lands": "land", "enchantments": "enchantment",
                "planeswalkers": "planeswalker", "permanents": "permanent"}.get(s.filter.text.lower())
        if kind is None:
            raise NotUnderstood(s.text)
        ab.add(STATIC)
        ab.add(OPPONENTS_ENTER_TAPPED, C_(kind))
    elif k == "self_no_untap":                    # "~ doesn't untap during your untap step" (rules/timeline/turn.lp)
        ab.add(STATIC)
        if s.change == "enters_tapped":
            ab.add(ENTERS_TAPPED)
        ab.add(RESTRICTION, F("doesnt_untap", C_("self")))
    elif k == "no_max_hand_size":                 # "You have no maximum hand size" (rules/timeline/hand_size.lp)
        ab.add(STATIC)
        ab.add(NO_MAX_HAND_SIZE)
    elif k == "hand_size_reduced":                # "Each opponent's maximum hand size is reduced by seven" (same file)
        ab.add(STATIC)
        ab.add(HAND_SIZE_REDUCED, s.n)
    elif k == "cast_as_flash":
        # "You may cast [historic] spells as though they had flash" (rules/casting/timing.lp)
        ab.add(STATIC)
        ab.add(SCOPE, F("spells", C_(s.who), ab.filter(s.filter) if s.filter else ab.filter("a spell", "spell")))
        ab.add(CAST_AS_FLASH)
    elif k == "cast_only_if_cast_another":
        # "Cast this spell only if you've cast another spell this turn" (rules/casting/spells_cast_this_turn.lp)
        ab.add(CAST_ONLY_IF, C_("cast_another"))
    elif k == "cost_more_per_cast":
        # "Each spell a player casts costs {1} more to cast for each other spell that player has cast this turn"
        ab.add(STATIC)
        ab.add(SCOPE, F("spells", C_("any"), ab.filter("a spell", "spell")))
        ab.add(COST_MOD_PER_CAST, C_(s.change), s.n)
    elif k == "opponents_cant_cast_in_combat":
        ab.add(STATIC)
        ab.add(RESTRICTION, F("cant_cast", C_("opponents"), C_("during_combat")))
    else:
        raise NotUnderstood(k)
    return [ab], [s.words()]


def _count_term(where: str, f: T.Filter | None, ab: Ab) -> Symbol:
    """What a count counts, as the vocabulary's term (rules/core/counts.lp)."""
    if where == "battlefield":
        return F("on_battlefield", ab.filter(f))
    if where == "graveyard":
        return F("in_graveyard", ab.filter(T.Filter(f.text, "card", True, ("you_own",))))
    if where == "opponents_graveyards":
        return F("in_graveyard", ab.filter(T.Filter(f.text, "card", True, ("opponent_owns",))))
    if where == "attached":
        return F("attached", ab.filter(T.Filter(f.text, "permanent", True)))
    return C_("in_hand")


def _condition(c: T.Condition, ab: Ab, ctx: Ctx) -> Symbol:
    """An "as long as" condition as the vocabulary's term (rules/core/conditions.lp)."""
    if c.kind == "you_control":
        text = c.filter.text
        if re.search(r"\b(you control|opponent controls|you don't control)$", text, re.I):
            raise NotUnderstood(text)
        if text.endswith(" named ~"):              # "another creature named ~": the card's own name (Ab.filter)
            return F("controls", ab.filter(T.Filter(f"{text[:-len(' named ~')]} you control named ~")), c.n)
        kind, with_, number_ = text.partition(" with ")   # "a creature with power 4 or greater": whose, before "with"
        return F("controls", ab.filter(T.Filter(f"{kind} you control{with_}{number_}")), c.n)
    if c.kind == "any_controls":
        return F("controls", ab.filter(c.filter), c.n)
    if c.kind == "none_on_battlefield":             # "no creatures are on the battlefield": whoever controls them
        return F("none_on_battlefield", ab.filter(c.filter))
    if c.kind == "attacking":
        ctx.need_self(c.ref)
        return C_("attacking")
    if c.kind == "your_turn":
        return C_("your_turn")
    if c.kind == "graveyard_ge":                    # cards of the filter in its controller's graveyard
        return F("graveyard_ge", ab.filter(T.Filter(c.filter.text, "card", c.filter.and_or, ("you_own",))), c.n)
    if c.kind == "opponent_graveyard_ge":
        return F("opponent_graveyard_ge", c.n)
    if c.kind == "life_ge_starting":
        return C_("life_ge_starting")
    if c.kind in ("life_ge", "opponent_life_le"):
        return F(c.kind, c.n)
    if c.kind == "lost_life_this_turn":           # "you've lost life this turn" (rules/core/conditions.lp)
        return C_("lost_life_this_turn")
    if c.kind == "creature_died":                  # "a creature died this turn" (rules/timeline/instead.lp)
        return C_("creature_died_this_turn")
    raise NotUnderstood(c.words())


# ------------------------------------------------------------------------------------------------ lines

def chapter_numbers(line: str) -> list[int]:
    """The chapter numbers a line's chapter symbols print ("I, II — ..." 1 and 2)."""
    m = _CHAPTER.fullmatch(line)
    if not m or any(x not in ROMAN for x in m[1].split(", ")):
        return []
    return [ROMAN[x] for x in m[1].split(", ")]


def self_names(card, face) -> list[str]:
    """The names the card's text may call itself by: the card's, the face's, the face's up to its first comma
    (Kamahl, Pit Fighter: Kamahl), longest first."""
    first = face.name.split(",")[0]
    return sorted({card.name, face.name, first}, key=len, reverse=True)


def with_tilde(text: str, names) -> str:
    """The text with the card's own names written ~ (whole words only)."""
    for n in names:
        if n:
            text = re.sub(r"(?<![\w~])" + re.escape(n) + r"(?![\w])", "~", text)
    return text


def read_line(card, face, i: int, raw: str, tokens=None) -> Line:
    read = _REMINDER.sub("", raw).strip()
    printed = [FACE_CHAPTER(card.name, face.id, n) for n in chapter_numbers(read)]
    ctx = Ctx(card, face, i, tokens=tokens)
    if not read:
        if _BASIC_REMINDER.fullmatch(raw.strip()):   # "({T}: Add {G}.)": the line that names a basic land type's ability
            return Line(face.id, i, raw, "modelled", ["reminder text: the intrinsic mana ability of its basic land type"],
                        [FACE_REMINDER_MANA(ctx.c, ctx.f, i)], parse="reminder text: the intrinsic mana ability of its basic land type")
        return Line(face.id, i, raw, "modelled", ["reminder text"], [], parse="reminder text")
    spell = any(t in face.type_line.lower() for t in ("instant", "sorcery")) or read.startswith("• ")
    text = with_tilde(read, self_names(card, face))
    try:
        tree = parse(text, spell)
        abilities, understood = compile_ability(tree, ctx)
    except NotUnderstood as exc:
        return Line(face.id, i, raw, read=read, printed=printed, reason=not_read_reason(exc, text, face.name))
    level = _class_level_of_line(face, i)
    if level > 1:                    # printed after a Class's level bar: the ability exists only at that level (rules/mechanics/class.lp)
        for ab in abilities:
            if not _LEVEL_LINE.fullmatch(read):
                ab.add(CLASS_ABILITY_LEVEL, level)
    missing = [m for ab in abilities for m in ab.missing]
    return Line(face.id, i, raw, "read" if missing else "modelled", understood, [f for ab in abilities for f in ab.facts],
                [ab.name for ab in abilities], read=read, spans=((0, len(read)),), printed=printed, missing=missing,
                tokens=list(ctx.made),
                parse=tree.words().replace("~", face.name.split(",")[0]))


_LEVEL_LINE = re.compile(r"(?:\{[^}]+\})+: Level (\d+)", re.I)


def _class_level_of_line(face, i: int) -> int:
    """The level of the section of a Class's text box line `i` is in: 1, or N after its "[cost]: Level N" bar."""
    if "class" not in face.type_line.lower().split():
        return 1
    level = 1
    for raw in face.lines[:i - 1]:
        m = _LEVEL_LINE.fullmatch(_REMINDER.sub("", raw).strip())
        if m:
            level = int(m.group(1))
    return level


def not_read_reason(exc: NotUnderstood, text: str, name: str) -> str:
    """Why a line is not modelled, in the words of rules/core/reading_notes.lp: where the grammar stopped reading it,
    or the phrase it read that has no rules (the card's name written back for ~)."""
    if exc.at is None:
        what, words = "no_rules", str(exc.args[0])
    elif exc.at >= len(text.rstrip(" .")):
        what, words = "ends_early", ""
    else:
        what, words = "not_read", text[exc.at:].strip()
    words = " ".join(words.replace("~", name.split(",")[0]).split())
    if len(words) > 80:
        words = words[:78].rsplit(" ", 1)[0] + " …"
    return reading_reasons()[what].replace("{W}", words)


def read_face(card, face, tokens=None) -> list[Line]:
    return [read_line(card, face, i, raw, tokens) for i, raw in enumerate(face.lines, start=1)]


def read_card(card, tokens=None) -> list[Line]:
    """What the reader understands of each line of a card; `tokens` finds the token card a line creates by its
    name (the card database's lookup: a line that creates a token is read only against its card)."""
    out: list[Line] = []
    for face in card.faces:
        out.extend(read_face(card, face, tokens))
    return [_own_file(card, ln) for ln in out]


def _own_file(card, ln: Line) -> Line:
    """A line the grammar doesn't model that a card's own file does (rules/cards/*.lp, card_rule_files): modelled
    by that file's rules, which state its vocabulary — counted so only when the file names the test that plays it."""
    got = card_rule_files().get((card.name, ln.face, ln.line))
    if got is None or ln.status == "modelled" or not got[1]:
        return ln
    path, test, names = got
    note = reading_notes()["card_file"].replace("{F}", path).replace("{T}", test)
    return replace(ln, status="modelled", understood=[note], facts=[], names=list(names), parse=note, reason="",
                   missing=[], spans=((0, len(ln.read)),))
