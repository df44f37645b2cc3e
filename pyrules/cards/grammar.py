"""The grammar of oracle text (pyrules/cards/oracle.lark), loaded once, and the transformer from lark's parse
tree to the typed tree of pyrules/cards/tree.py.

The grammar file is written with plain literals ("draw", "target"); loading it, each literal word becomes a
terminal that matches that word only (case aside, and never the start of a longer word), and the word lists
are added as terminals: the CR's card types, supertypes and subtypes (as rules/core/types.lp states them, a
subtype only capitalized), the five colors, the keyword abilities, the number words. A word the lists don't
have is never understood: the line doesn't parse.
"""

from __future__ import annotations

import atexit
import re
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

import clingo
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import LarkError, UnexpectedEOF

from pyrules.cards import tree as T
from pyrules.kb.compile import rules_root
from pyrules.kb.interface import (CARD_LINE, CARD_LINE_ABILITY, CARD_TYPE_WORD, KEYWORD_MISSING, MODE_FITS_TWICE, PREDEFINED_TOKEN, READING_MISSING, READING_NOTE, REPEATS_EFFECT,
                                  READING_REASON, SUBTYPE_LIST, SUPERTYPE_WORD)

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
}
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
COLORS = ("white", "blue", "black", "red", "green")   # the five colors; colorless is not a color

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
    "prowess": ("prowess", None),
    "plainswalk": ("plainswalk", None),       # landwalk (rules/casting/combat.lp)
    "islandwalk": ("islandwalk", None),
    "swampwalk": ("swampwalk", None),
    "mountainwalk": ("mountainwalk", None),
    "forestwalk": ("forestwalk", None),
    "undying": ("undying", None),
    "protection": ("protection", "quality"),   # "protection from [color]" (rules/mechanics/protection.lp)
    "vanishing": ("vanishing", "number"),     # rules/mechanics/vanishing.lp
    "annihilator": ("annihilator", "number"),   # rules/mechanics/annihilator.lp
    "dredge": ("dredge", "number"),           # rules/mechanics/dredge.lp
    "suspend": ("suspend", "number_cost"),    # "Suspend N—{cost}" (rules/mechanics/suspend.lp)
    "devoid": ("devoid", None),               # rules/core/colors.lp
    "offspring": ("offspring", "cost"),       # rules/mechanics/offspring.lp
    "changeling": ("changeling", None),       # rules/mechanics/changeling.lp
    # read (the object has the keyword), but their rules aren't in the knowledge base yet:
    # rules/core/keywords_missing.lp says what is missing, and their lines are `read`
    "kicker": ("kicker", "cost"),
    "cycling": ("cycling", "cost"),
    "outlast": ("outlast", "cost"),
    "storm": ("storm", None),
    "rebound": ("rebound", None),
    "unleash": ("unleash", None),
    "exalted": ("exalted", None),
    "renown": ("renown", "number"),
    "bloodthirst": ("bloodthirst", "number"),
}

# the words a filter may use besides types, supertypes, subtypes and colors (pyrules/cards/reader.py: filter_term)
FILTER_MODIFIERS = ("another", "other", "colorless", "tokens", "token", "nontoken", "tapped", "untapped", "attacking",
                    "blocking", "historic", "permanents", "permanent", "cards", "card", "spells", "spell")


@cache
def type_lists() -> tuple[frozenset, frozenset, dict]:
    """The CR's lists of words, as the knowledge base states them (rules/core/types.lp): the card types, the
    supertypes and each subtype with its kind."""
    atoms = _stated_in("types.lp")
    return (frozenset(r.word.string for r in atoms(CARD_TYPE_WORD)),
            frozenset(r.word.string for r in atoms(SUPERTYPE_WORD)),
            {r.word.string: r.kind.name for r in atoms(SUBTYPE_LIST)})


@cache
def keywords_missing() -> dict[str, str]:
    """The keywords read whose rules aren't all in the knowledge base, and what is missing of each, as the rules
    state it (rules/core/keywords_missing.lp): a line with one is `read`, not `modelled`."""
    return {r.keyword.name: r.missing.string for r in _stated_in("keywords_missing.lp")(KEYWORD_MISSING)}


@cache
def reading_missing() -> dict[str, str]:
    """Shapes of card text read whose rules aren't all in the knowledge base, and what is missing of each, as the
    rules state it (rules/core/missing_rules.lp)."""
    return {r.what.name: r.missing.string for r in _stated_in("missing_rules.lp")(READING_MISSING)}


@cache
def repeats_effects() -> frozenset[str]:
    """The effects pyrules does more than once for a mode chosen more than once, as the rules state them
    (rules/core/missing_rules.lp)."""
    return frozenset(r.name.name for r in _stated_in("missing_rules.lp")(REPEATS_EFFECT))


@cache
def modes_fitting_twice() -> frozenset[tuple[int, int]]:
    """The (spell's pawprints, mode's pawprints) pairs with which a mode may be chosen twice, as the rules state them
    (rules/core/missing_rules.lp)."""
    return frozenset((r.budget, r.pawprints) for r in _stated_in("missing_rules.lp")(MODE_FITS_TWICE))


@cache
def reading_notes() -> dict[str, str]:
    """What the reader says of lines it models with no fact, as the rules state it (rules/core/reading_notes.lp)."""
    return {r.what.name: r.text.string for r in _stated_in("reading_notes.lp")(READING_NOTE)}


@cache
def reading_reasons() -> dict[str, str]:
    """Why a line is not modelled, as the rules word it (rules/core/reading_notes.lp); {W} stands for the words."""
    return {r.what.name: r.text.string for r in _stated_in("reading_notes.lp")(READING_REASON)}


@cache
def card_rule_files() -> dict[tuple[str, str, int], tuple[str, str, tuple[str, ...]]]:
    """The lines cards' own files model (rules/cards/*.lp: card_line/4, card_line_ability/4), each file grounded
    alone, once a process: (card, face, line) -> (the file, its test, the abilities the line makes)."""
    out = {}
    for path in sorted((rules_root() / "cards").glob("*.lp")):
        atoms = _facts_of(path)
        names: dict[tuple, list[str]] = {}
        for r in atoms(CARD_LINE_ABILITY):
            names.setdefault((r.card.string, r.face.name, r.line), []).append(r.ability.name)
        for r in atoms(CARD_LINE):
            key = (r.card.string, r.face.name, r.line)
            out[key] = (f"rules/cards/{path.name}", r.test.string, tuple(sorted(names.get(key, ()))))
    return out


@cache
def predefined_tokens() -> dict[str, str]:
    """The tokens card text creates by name (Treasure, Food, Clue) and each one's ability, as the rules state them
    (rules/core/predefined_tokens.lp)."""
    return {r.subtype.name: r.ability.string for r in _stated_in("predefined_tokens.lp")(PREDEFINED_TOKEN)}


STATED_FILES = ("types.lp", "keywords_missing.lp", "missing_rules.lp", "predefined_tokens.lp", "reading_notes.lp")


@cache
def _stated_in(name: str):
    """The facts one file of rules/core states, read by predicate (the file alone is grounded, once a process: the
    card reader doesn't load the whole knowledge base; reading_notes.lp serves two readers)."""
    assert name in STATED_FILES   # (the parse cache's version covers these files: _disk_path)
    return _facts_of(rules_root() / "core" / name)


def _facts_of(path: Path):
    """The facts a rule file states in its base part, read by predicate (the file grounded alone)."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], path.read_text(encoding="utf-8"))
    ctl.ground([("base", [])])
    return lambda predicate: predicate.decode(a.symbol for a in ctl.symbolic_atoms.by_signature(*predicate.signature))


def plurals(word: str) -> set[str]:
    """The forms a word of a list takes in text: itself and its plurals (Elf: Elves; sorcery: sorceries)."""
    out = {word, word + "s", word + "es"}
    if word.endswith("y"):
        out.add(word[:-1] + "ies")
    if word.endswith("f"):
        out.add(word[:-1] + "ves")
    if word.endswith("fe"):
        out.add(word[:-2] + "ves")
    out |= IRREGULAR_PLURALS.get(word, set())
    return out


# the plurals English forms otherwise ("Other Mice creatures you control get +1/+1.")
IRREGULAR_PLURALS = {"mouse": {"mice"}, "ox": {"oxen"}, "fungus": {"fungi"}}


def _alts(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


def _capital(word: str) -> str:
    """A subtype as printed: capitalized (each part of a hyphenated or spaced one keeps its own case)."""
    return word[:1].upper() + word[1:]


@cache
def _terminals() -> str:
    types, supertypes, subtypes = type_lists()
    type_forms = {f for t in types for f in plurals(t)}
    sub_forms = {_capital(f) for s in subtypes for f in plurals(s)}
    kw_simple = [w for w, (_, kind) in KEYWORDS.items() if kind is None]
    kw_cost = [w for w, (_, kind) in KEYWORDS.items() if kind == "cost"]
    kw_n = [w for w, (_, kind) in KEYWORDS.items() if kind in ("number", "number_cost")]
    fword = (f"(?i:{_alts(type_forms | set(supertypes) | set(COLORS) | set(FILTER_MODIFIERS))})"
             f"|(?i:non-?(?:{_alts(type_forms | set(supertypes) | set(COLORS))}))"
             f"|{_alts(sub_forms)}|non-(?:{_alts(sub_forms)})")
    B = r"(?!\w)"
    return "\n".join([
        f"KW.2: /(?i:{_alts(kw_simple)}){B}/",
        f"KW_COST.2: /(?i:{_alts(kw_cost)}){B}/",
        f"KW_N.2: /(?i:{_alts(kw_n)}){B}/",
        f"NUM.2: /(?i:{_alts(NUMBER_WORDS)}|\\d+){B}/",
        f"FWORD: /(?:{fword}){B}/",
        f"TYPE: /(?i:{_alts(type_forms)}){B}/",
        f"SUPERTYPE: /(?i:{_alts(supertypes)}){B}/",
        f"SUBTYPE: /(?:{_alts(sub_forms)}){B}/",
        f"COLOR: /(?i:{_alts(COLORS)}){B}/",
    ])


_LITERAL = re.compile(r'"((?:[^"\\]|\\.)+)"')


@cache
def grammar_text() -> str:
    """The grammar file with each literal word made a filtered terminal that matches that whole word only."""
    text = (Path(__file__).with_name("oracle.lark")).read_text(encoding="utf-8")
    names: dict[str, str] = {}
    out_lines = []
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            out_lines.append(line)
            continue

        def sub(m: re.Match) -> str:
            lit = m.group(1).replace('\\"', '"')
            if not re.match(r"\w", lit):       # punctuation: kept as it is
                return m.group(0)
            if lit not in names:
                names[lit] = f"_L{len(names)}"
            return names[lit]

        # a terminal's own definition (NAME: /.../ or "~") is left as it is
        if re.match(r"\s*[A-Z_][A-Z_0-9]*(\.\d+)?\s*:", line):
            out_lines.append(line)
            continue
        out_lines.append(_LITERAL.sub(sub, line))
    defs = [f"{n}.2: /{re.escape(lit).replace('/', chr(92) + '/')}(?!\\w)/i" for lit, n in names.items()]
    return "\n".join(out_lines) + "\n" + "\n".join(defs) + "\n" + _terminals() + "\n"


@cache
def parser() -> Lark:
    return Lark(grammar_text(), start=["ability_line", "spell_text"], parser="earley", lexer="dynamic",
                propagate_positions=True, maybe_placeholders=False)


class NotUnderstood(ValueError):
    """Words the reader doesn't understand: a whole line the grammar stopped reading at `at` (the position in the
    line of the first word no shape of the grammar goes on with), or, with `at` None, a phrase the grammar read that
    the reader has no vocabulary or rules for (args[0])."""

    def __init__(self, phrase, at: int | None = None):
        super().__init__(phrase)
        self.at = at


def number(word: str) -> int:
    w = str(word).lower()
    if w.isdigit():
        return int(w)
    if w in NUMBER_WORDS:
        return NUMBER_WORDS[w]
    raise NotUnderstood(word)


def _tokens(children, *types) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type in types]


def _one(children, cls):
    got = [c for c in children if isinstance(c, cls)]
    return got[0] if got else None


@v_args(inline=False, meta=True)
class ToTree(Transformer):
    """lark's parse tree -> pyrules.cards.tree nodes. `text` is the line as parsed (filters keep their words)."""

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    def _span(self, meta) -> str:
        return self.text[meta.start_pos:meta.end_pos]

    # -------------------------------------------------------------------------------- filters
    def filter_p(self, meta, ch):
        return T.Filter(self._span(meta), "permanent")

    def filter_c(self, meta, ch):
        return T.Filter(self._span(meta), "card")

    def filter_card_with(self, meta, ch):        # "creature card with power 2 or less" (f4)
        return T.Filter(self._span(meta), "card")

    def filter_cards_with(self, meta, ch):       # "creature cards with mana value 2 or less" (Raise the Past)
        return T.Filter(re.sub(r"\s+cards\b", "", self._span(meta), count=1), "card")

    def filter_s(self, meta, ch):
        return T.Filter(self._span(meta), "spell", and_or=True)

    def another_filter(self, meta, ch):
        return ("another", ch[0])

    def self_ref(self, meta, ch):
        tok = ch[0]
        if tok.type == "TILDE":
            return T.SelfRef("~")
        if tok.type == "IT":
            return T.SelfRef("it")
        return T.SelfRef(str(tok).lower())

    # -------------------------------------------------------------------------------- costs
    def c_mana(self, meta, ch):
        items = []
        for tok in _tokens(ch, "MANA"):
            if tok == "{T}":
                items.append(T.CostItem("tap"))
            elif tok == "{Q}":
                items.append(T.CostItem("untap"))
            elif items and items[-1].kind == "mana":      # a run of mana symbols is one item: {2}{R}
                items[-1] = T.CostItem("mana", symbols=items[-1].symbols + (str(tok),))
            else:
                items.append(T.CostItem("mana", symbols=(str(tok),)))
        return items

    def c_exile_graveyard(self, meta, ch):
        return [T.CostItem("exile_other_graveyard", number(_tokens(ch, "NUM")[0]))]

    def c_exile_graveyard_kind(self, meta, ch):
        # "Exile a creature card from your graveyard" (an activated ability's cost: rules/casting/activate.lp)
        return [T.CostItem("exile_graveyard", number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))]

    def c_pay_life(self, meta, ch):
        return [T.CostItem("pay_life", number(_tokens(ch, "NUM")[0]))]

    def c_discard(self, meta, ch):
        n = _tokens(ch, "NUM")[0]
        if str(n).lower() not in ("a", "an", "one", "two", "three"):
            raise NotUnderstood(n)
        return [T.CostItem("discard", number(n))]

    def c_discard_kind(self, meta, ch):   # f1 (issue 28): "Discard a historic card:" (Sanctum Spirit)
        return [T.CostItem("discard_kind", 1, filter=_one(ch, T.Filter))]

    def c_discard_hand(self, meta, ch):
        return [T.CostItem("discard_hand")]

    def c_sacrifice_self(self, meta, ch):
        return [T.CostItem("sacrifice_self", ref=_one(ch, T.SelfRef))]

    def e_gain_life_devotion(self, meta, ch):
        return T.Effect("gain_life_devotion", counter=str(_tokens(ch, "COLOR")[0]).lower())

    def c_exile_single_graveyard(self, meta, ch):
        return [T.CostItem("exile_single_graveyard", number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))]

    def e_gain_life_lost_this_turn(self, meta, ch):
        return T.Effect("gain_life_lost_this_turn")

    def c_remove_counters(self, meta, ch):
        return [T.CostItem("remove_counters", number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                           symbols=(str(_tokens(ch, "PT")[0]).replace("−", "-"),))]

    def c_forage(self, meta, ch):   # "{2}, Forage:" (Camellia, the Seedmiser; rules/mechanics/forage.lp)
        return [T.CostItem("forage")]

    def c_exile_self(self, meta, ch):
        return [T.CostItem("exile_self", ref=_one(ch, T.SelfRef))]

    def e_exile_chosen_graveyard(self, meta, ch):
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        return T.Effect("exile_chosen_graveyard", who=f"target_{who}")

    def e_exile_all_graveyards(self, meta, ch):
        return T.Effect("exile_all_graveyards")

    def c_sacrifice(self, meta, ch):
        n = _tokens(ch, "NUM")[0]
        if str(n).lower() not in ("a", "an", "one", "two", "three"):
            raise NotUnderstood(n)
        return [T.CostItem("sacrifice", number(n), filter=_one(ch, T.Filter))]

    def c_tap_untapped(self, meta, ch):   # "Tap two untapped tokens you control" (issue 28, tt; rules/casting/activate.lp)
        f = _one(ch, T.Filter)
        words = f.text.lower().split()
        if words[:1] != ["untapped"] or words[-2:] != ["you", "control"]:
            raise NotUnderstood(f.text)
        return [T.CostItem("tap_untapped", number(_tokens(ch, "NUM")[0]), filter=f)]

    def e_self_becomes_artifact_creature_vehicle(self, meta, ch):   # "Tangle Tumbler becomes an artifact creature until end of turn"
        return T.Effect("self_becomes_artifact_creature", ref=_one(ch, T.SelfRef))

    def c_sacrifice_another(self, meta, ch):
        word, f = ch[0]
        if not f.text.lower().startswith("another "):
            raise NotUnderstood(f.text)
        return [T.CostItem("sacrifice", 1, filter=f)]

    def cost(self, meta, ch):
        items = []
        for c in ch:
            if isinstance(c, list):
                items += c
        return ("cost", items)

    # -------------------------------------------------------------------------------- effects
    def _eff(kind, **fixed):
        def f(self, meta, ch):
            nums = [number(t) for t in _tokens(ch, "NUM")]
            kw = dict(fixed)
            if nums:
                kw["n"] = nums[0]
            ref = _one(ch, T.SelfRef)
            if ref is not None:
                kw["ref"] = ref
            return T.Effect(kind, **kw)
        return f

    e_draw = _eff("draw")
    e_draw_target = _eff("draw", who="target_player")
    e_gain_life = _eff("gain_life")
    e_lose_life_opponents = _eff("lose_life", who="each_opponent")
    e_lose_life_defending = _eff("lose_life", who="defending_player")
    e_gain_life_lost = _eff("gain_life_lost", who="you")   # dies triggers (issue 28): Kokusho
    e_damage_divided = _eff("damage_divided")
    e_damage_spell_controller = _eff("damage_to_spell_controller")
    e_sacrifice_unless_escaped = _eff("sacrifice_unless_escaped")
    e_sacrifice = _eff("sacrifice")
    e_convert = _eff("convert")
    e_exile_return_transformed = _eff("exile_return_transformed")
    e_discard_hand = _eff("discard_hand")
    e_put_land = _eff("put_land")
    e_no_prevention = _eff("no_prevention")

    def e_damage_any(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), target=T.Target("any"))

    # older wordings and X (issue 29) -------------------------------------------------------
    def e_damage_any_x(self, meta, ch):
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("any"))

    def e_damage_target_x(self, meta, ch):
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("permanent", _one(ch, T.Filter)))

    def e_damage_each_creature_player(self, meta, ch):
        nums = _tokens(ch, "NUM")
        return T.Effect("damage_each_creature_player", n=number(nums[0]) if nums else "X", ref=_one(ch, T.SelfRef))

    def e_gain_life_x(self, meta, ch):
        return T.Effect("gain_life", n="X")

    def e_lose_life_opponents_x(self, meta, ch):   # "Each opponent loses X life." (Exsanguinate)
        return T.Effect("lose_life", who="each_opponent", n="X")

    def e_spend_only(self, meta, ch):
        return T.Effect("spend_only", who=str(_tokens(ch, "COLOR")[0]).lower())

    def e_spend_only_cast(self, meta, ch):   # "Spend this mana only to cast a creature spell." (issue 28, mr)
        return T.Effect("spend_only_cast", filter=_one(ch, T.Filter))

    def s_enters_tapped_not_your_turn(self, meta, ch):   # "This creature enters tapped if it's not your turn." (mr)
        cond = T.Condition("your_turn", text="it's your turn")
        return T.Ability("static", static=T.Static("enters_tapped", condition=cond, text="~ enters tapped if it's not your turn"),
                         ref=_one(ch, T.SelfRef))

    def s_self_cost_if_targets(self, meta, ch):
        # "This spell costs {3} less to cast if it targets a tapped creature." (issue 28, mr)
        f = _one(ch, T.Filter)
        mana = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", mana):
            raise NotUnderstood(mana)
        art = str(_tokens(ch, "ARTICLE")[0])
        return T.Ability("static", static=T.Static("self_cost_if_targets", filter=f, change="reduce", n=int(mana[1:-1]),
                                                   text=f"this spell costs {mana} less to cast if it targets {art} {f.text}"))

    def cost_kinds(self, meta, ch):          # "instant and sorcery" (card): "and" as "or" (issue 28, mr)
        return T.Filter(self._span(meta), "card", and_or=True)

    def s_self_cost_for_each(self, meta, ch):
        # "This spell costs {1} less to cast for each instant and sorcery card in your graveyard" (issue 28, mr): the
        # zones counted, "graveyard" or "exile graveyard" (cards its caster owns there)
        f = _one(ch, T.Filter)
        mana = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", mana):
            raise NotUnderstood(mana)
        exile = " in exile " in self._span(meta).lower()
        where = "you own in exile and in your graveyard" if exile else "in your graveyard"
        return T.Ability("static", static=T.Static("self_cost_for_each", filter=f, change="reduce", n=int(mana[1:-1]),
                                                   who="exile graveyard" if exile else "graveyard",
                                                   text=f"this spell costs {mana} less to cast for each {f.text} card {where}"))

    def s_where_x(self, meta, ch):
        """"..., where X is the number of [filter]": each X of the sentence's effects is that number."""
        f = [c for c in ch if isinstance(c, T.Filter)][-1]
        effs = [c for c in ch if isinstance(c, T.Effect)]
        if not any(e.n == "X" for e in effs):
            raise NotUnderstood("where X is")
        out = [replace(e, x=f) if e.n == "X" else e for e in effs]
        out[-1] = replace(out[-1], where=True) if out[-1].x is not None else out[-1]
        return out

    def s_where_x_graveyard(self, meta, ch):
        """"..., where X is the number of [kind] cards in your graveyard": each X of the sentence's effects is that
        number of its controller's cards (issue 28)."""
        f = [c for c in ch if isinstance(c, T.Filter)][-1]
        out = self.s_where_x(meta, [c for c in ch if c is not f] + [T.Filter(f.text, "card", True)])
        if any(e.x is not None and e.kind != "lose_life" for e in out):   # only losing life counts such cards yet
            raise NotUnderstood("where X is the number of cards in your graveyard")
        return [replace(e, counter="your_graveyard") if e.x is not None else e for e in out]

    def s_counter_chosen_gains(self, meta, ch):   # "Put a +1/+1 counter on a creature you control. It gains ... until end of turn."
        kws = [k for c in ch if isinstance(c, tuple) and c and c[0] == "kws" for k in c[1]]
        return [T.Effect("counters_chosen", n=1, counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                         filter=_one(ch, T.Filter))] + [T.Effect("gains_chosen_until_eot", keyword=k) for k in kws]

    def s_destroy_all_chosen_type(self, meta, ch):   # "Choose artifact or enchantment. Destroy all permanents of the chosen type."
        one, other = str(_tokens(ch, "CARD_TYPE_PAIR")[0]).lower().split(" or ")
        if one == other:
            raise NotUnderstood(f"{one} or {other}")
        return [T.Effect("destroy_all_chosen_type", keyword=one, counter=other)]

    def e_draw_greatest_power(self, meta, ch):   # "Draw cards equal to the greatest power among creatures you control."
        return T.Effect("draw", n="greatest_power")

    def e_draw_died_this_turn(self, meta, ch):   # "Draw a card for each creature you controlled that died this turn."
        return T.Effect("draw", n="died_this_turn")
    def s_where_x_kinds(self, meta, ch):
        """"..., where X is the number of other Squirrels, Bats, Lizards, and Rats you control": a list of kinds, each one."""
        words = " ".join(str(c) for c in ch if isinstance(c, Token) and c.type in ("FWORD", "FAND", "FCOMMA"))
        f = T.Filter(f"{words.replace(' ,', ',')} you control", "permanent", and_or=True)
        return self.s_where_x(meta, [c for c in ch if isinstance(c, T.Effect)] + [f])

    def s_impulse(self, meta, ch):
        """"Exile the top N cards of your library. Until [duration], you may play that card / those cards / them."
        (issue 28, impulse draw): one effect, its number (1 for "the top card", "X"), its duration and the words naming
        the cards, which must agree in number with them."""
        nums, xs = _tokens(ch, "NUM"), _tokens(ch, "XVAR")
        n = "X" if xs else (number(nums[0]) if nums else 1)
        one = not nums and not xs
        plural = str(_tokens(ch, "CARDS")[0]).lower() == "cards"
        ref = " ".join(str(_tokens(ch, "IMPULSE_REF")[0]).lower().split())
        if one == plural or (ref == "that card") != one or (n == 1 and not one):
            raise NotUnderstood("the cards exiled and the cards played don't agree")
        until = [c for c in ch if isinstance(c, str) and c in ("end_of_turn", "end_of_your_next_turn")][0]
        return [T.Effect("impulse", n=n, keyword=until)]

    def s_impulse_may(self, meta, ch):
        e = self.s_impulse(meta, ch)[0]
        if e.n == "X":                              # "you may exile the top X cards": not read
            raise NotUnderstood("you may exile the top X cards")
        return [T.Effect("may", then=e)]

    def s_impulse_choose(self, meta, ch):
        """"Exile the top N cards of your library. Choose one [of them]. Until [duration], you may play that card." (or
        "You may play that card this turn."): N of two or more, one of them chosen."""
        n = number(_tokens(ch, "NUM")[0])
        if n < 2 or str(_tokens(ch, "CARDS")[0]).lower() != "cards":
            raise NotUnderstood("choose one of the top cards")
        until = ([c for c in ch if isinstance(c, str) and c in ("end_of_turn", "end_of_your_next_turn")] or ["end_of_turn"])[0]
        return [T.Effect("impulse_choose", n=n, keyword=until)]

    s_impulse_choose_this_turn = s_impulse_choose

    def until_eot(self, meta, ch):
        return "end_of_turn"

    def until_next_turn(self, meta, ch):
        return "end_of_your_next_turn"

    def e_draw_lose_target(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        return [T.Effect("draw", who="target_player", n=n), T.Effect("lose_life", who="that_player", n=m)]

    def e_discard_lose_opponents(self, meta, ch):
        return [T.Effect("discard", who="each_opponent", n=1),
                T.Effect("lose_life", who="each_opponent", n=number(_tokens(ch, "NUM")[0]))]

    def e_draw_gain(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        return [T.Effect("draw", n=n), T.Effect("gain_life", n=m)]

    def e_edict(self, meta, ch):
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        return T.Effect("edict", who=f"target_{who}", filter=_one(ch, T.Filter))

    def e_exhume(self, meta, ch):
        return T.Effect("exhume", filter=_one(ch, T.Filter))

    def e_damage_target_count(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("permanent", f1), x=f2, where=True)

    def e_damage_any_count(self, meta, ch):
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("any"), x=_one(ch, T.Filter), where=True)

    def e_fight(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("fight", target=T.Target("permanent", f1), filter=f2)

    def e_exile_linked(self, meta, ch):
        return T.Effect("exile_linked", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_exile_linked_other(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("exile_linked", target=T.Target("permanent", T.Filter(f.text, f.kind, f.and_or, ("other",))))

    e_return_exiled = _eff("return_exiled")

    def e_gain_control_eot(self, meta, ch):
        return T.Effect("gain_control_eot", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_gain_control_forever(self, meta, ch):   # dies triggers (issue 28): Keiga
        return T.Effect("gain_control_forever", target=T.Target("permanent", _one(ch, T.Filter)))

    e_untap_it = _eff("untap_it")
    e_skip_next_untap = _eff("skip_next_untap")   # "That creature doesn't untap during its controller's next untap step"

    def e_gains_each(self, meta, ch):
        return T.Effect("gains_until_eot", filter=_one(ch, T.Filter), keyword=str(_tokens(ch, "KW")[0]).lower())

    # discard N; search for a land (issue 28) -----------------------------------------------
    e_draw_each_player = _eff("draw", who="each_player")

    def e_discard_you(self, meta, ch):
        return T.Effect("discard", who="you", n=number(_tokens(ch, "NUM")[0]))

    def e_discard_target_n(self, meta, ch):
        return T.Effect("discard", who="target_" + str(_tokens(ch, "PLAYER_WORD")[0]).lower(),
                        n=number(_tokens(ch, "NUM")[0]))

    def s_duress(self, meta, ch):
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        f = _one(ch, T.Filter)
        parts = [p.strip() for p in f.text.split(",")]
        if len(parts) > 1 and all(p.lower().startswith("non") and " " not in p for p in parts):
            f = replace(f, text=" ".join(parts))      # "a noncreature, nonland card": both words at once
        return [T.Effect("discard_chosen", who=f"target_{who}", filter=f)]

    def s_may_if_you_do(self, meta, ch):
        first, then = [c for c in ch if isinstance(c, T.Effect)]
        return [T.Effect("may_then", then=first, otherwise=then)]

    def s_dig(self, meta, ch):
        f = _one(ch, T.Filter)
        parts = [p.strip() for p in f.text.split(",")]
        if len(parts) > 1 and all(p.lower().startswith("non") and " " not in p for p in parts):
            f = replace(f, text=" ".join(parts))      # "a noncreature, nonland card" (Thundertrap Trainer): both words at once
        return [T.Effect("dig", n=number(_tokens(ch, "NUM")[0]), filter=f)]

    # library: look, reveal, search (issue 28; f4) ------------------------------------------------
    def s_reveal_all(self, meta, ch):
        return [T.Effect("dig_all", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))]

    def _dig_to(self, ch, rest, may):
        zone = "battlefield_tapped" if _tokens(ch, "TAPPED_WORD") else "battlefield"
        return [T.Effect("dig_to", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter), who=zone, keyword=rest,
                         counter="may" if may else "must")]

    def s_reveal_to_battlefield(self, meta, ch):
        return self._dig_to(ch, "graveyard", False)

    def s_look_to_battlefield(self, meta, ch):
        return self._dig_to(ch, "bottom", True)

    def s_reveal_to_battlefield_le_lands(self, meta, ch):   # "a creature card with mana value less than or equal to the
        [e] = self._dig_to(ch, "bottom", True)              # number of lands you control" (Loot, Exuberant Explorer)
        return [replace(e, filter=replace(e.filter, text=e.filter.text + " with mana value less than or equal to the number of lands you control"))]

    def s_dig_put_other_graveyard(self, meta, ch):   # "and the other into your graveyard" (Dark Bargain)
        [e] = self.s_dig_put_other(meta, ch)
        return [T.Effect("dig_put", n=e.n, who=e.who, keyword="graveyard")]

    def e_put_from_hand(self, meta, ch):
        nums = _tokens(ch, "NUM")
        end = "bottom" if "bottom" in str(_tokens(ch, "LIBRARY_END")[0]).lower() else "top"
        return T.Effect("put_from_hand", n=number(nums[0]) if nums else 1, keyword=end)

    def e_create_for_each_in_graveyard(self, meta, ch):   # "... token for each card named ~ in your graveyard"
        if number(_tokens(ch, "NUM")[0]) != 1:
            raise NotUnderstood("tokens for each")
        f = T.Filter(f"card named {_tokens(ch, 'CARD_NAME')[0]}", "card")
        return T.Effect("create_token", n=1, token=_one(ch, T.Token), x=f, for_each=True, counter="your_graveyard")

    def e_pump_for_each_in_graveyard(self, meta, ch):     # "It gets an additional +2/+2 ... for each card named ~ in ..."
        f = T.Filter(f"card named {_tokens(ch, 'CARD_NAME')[0]}", "card")
        return T.Effect("pump", ref=_one(ch, T.SelfRef), pt=self._pt(ch), x=f, for_each=True, counter="your_graveyard")

    def e_search_named_all(self, meta, ch):   # "search your library for any number of cards named ~, ... into your hand"
        return T.Effect("search_all", who="hand", filter=T.Filter(f"card named {_tokens(ch, 'CARD_NAME')[0]}", "card"))

    def s_mill_gain_for_each(self, meta, ch):   # "You gain 1 life for each creature card put into your graveyard this way"
        n, life = (number(t) for t in _tokens(ch, "NUM"))
        if life != 1:
            raise NotUnderstood("life for each")
        return [T.Effect("mill", who="you", n=n),
                T.Effect("gain_life", who="you", n=n, x=_one(ch, T.Filter), counter="milled")]

    def e_windfall(self, meta, ch):   # "... then draws cards equal to the greatest number of cards a player discarded this way"
        return [T.Effect("discard_hand", who="each_player"), T.Effect("draw", who="each_player", n="greatest_discarded")]

    def e_discard_then_draw_any(self, meta, ch):   # "discard any number of cards, then draw that many cards"
        return T.Effect("discard_then_draw", keyword="any")

    def e_discard_then_draw_up_to(self, meta, ch):  # "Discard up to three cards, then draw that many cards."
        return T.Effect("discard_then_draw", n=number(_tokens(ch, "NUM")[0]), keyword="up_to")

    def s_exile_hand_graveyard(self, meta, ch):   # "... Exile all noncreature, nonland cards from that player's hand and graveyard."
        who = "target_" + str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        f = _one(ch, T.Filter)
        parts = [p.strip() for p in f.text.split(",")]
        if len(parts) > 1 and all(p.lower().startswith("non") and " " not in p for p in parts):
            f = replace(f, text=" ".join(parts))      # "noncreature, nonland cards": both words at once (as s_duress)
        return [T.Effect("exile_hand_graveyard", who=who, filter=f)]

    def e_search_two_different(self, meta, ch):   # "up to two creature cards with different names, ... into your hand"
        return T.Effect("search_different", n=2, who="hand", filter=_one(ch, T.Filter))

    def s_search_hand_graveyard(self, meta, ch):  # "Search your library for two cards. Put one into your hand and the other ..."
        return [T.Effect("search_split")]

    def s_peek_top_land(self, meta, ch):   # "If it's a land card, you may put it onto the battlefield tapped. If you don't ..."
        return [T.Effect("peek_to", filter=_one(ch, T.Filter))]

    def s_dig_each(self, meta, ch):   # "You may reveal an Angel card, a Demon card, and/or a Dragon card from among them ..."
        if str(_tokens(ch, "FOR")[-1]).lower() != "and/or":
            raise NotUnderstood("and/or")
        fs = tuple(c for c in ch if isinstance(c, T.Filter))
        return [T.Effect("dig_each", n=number(_tokens(ch, "NUM")[0]), filter=fs[0], x=fs[1], then=T.Effect("kind", filter=fs[2]))]

    def e_search_land(self, meta, ch):
        to = " ".join(str(_tokens(ch, "SEARCH_TO")[0]).lower().split())
        where = {"onto the battlefield tapped": "battlefield_tapped", "onto the battlefield": "battlefield",
                 "into your hand": "hand"}[to]
        return T.Effect("search", who=where, filter=_one(ch, T.Filter))

    def s_look_keep_top(self, meta, ch):   # "You may put one of those cards back on top of your library. Put the rest into your graveyard."
        return [T.Effect("dig_keep_top", n=number(_tokens(ch, "NUM")[0]))]

    def s_reveal_top_lose_mv(self, meta, ch):   # "reveal the top card ... into your hand. You lose life equal to its mana value."
        return [T.Effect("reveal_top_lose_mv")]

    def s_reveal_until(self, meta, ch):   # "reveal cards from the top of your library until you reveal a land card. ..."
        zone = "battlefield_tapped" if _tokens(ch, "TAPPED_WORD") else "battlefield"
        return [T.Effect("reveal_until", who=zone, filter=_one(ch, T.Filter))]

    def s_peek_top_otherwise(self, meta, ch):   # "If it's a land card, you may put it onto the battlefield tapped. Otherwise, ..."
        return [T.Effect("peek_to", filter=_one(ch, T.Filter), keyword="otherwise")]

    def e_search_top(self, meta, ch):   # "search your library for a basic land card, reveal it, then shuffle and put that card on top"
        return T.Effect("search", who="top", filter=_one(ch, T.Filter))

    def e_search_n(self, meta, ch):   # "search your library for [up to] two basic land cards, put them onto the battlefield tapped"
        to = " ".join(str(_tokens(ch, "SEARCH_TO")[0]).lower().split())
        where = {"onto the battlefield tapped": "battlefield_tapped", "onto the battlefield": "battlefield",
                 "into your hand": "hand"}[to]
        return T.Effect("search_n", n=number(_tokens(ch, "NUM")[0]), who=where, filter=_one(ch, T.Filter),
                        keyword="up_to" if _tokens(ch, "UP_TO") else "")

    def e_investigate(self, meta, ch):
        return T.Effect("create_token", n=1, token=T.Token("", "", ("Clue",), (), (), creature=False, predefined=True),
                        who="investigate")

    def ev_enters_or_leaves(self, meta, ch):
        return T.Event("enters_or_leaves", ref=_one(ch, T.SelfRef), text="when ~ enters or leaves the battlefield")

    def once_each_turn(self, meta, ch):
        return "once_each_turn"

    def ev_leaves(self, meta, ch):
        return T.Event("leaves", ref=_one(ch, T.SelfRef), text="when ~ leaves the battlefield")

    def e_tap(self, meta, ch):
        return T.Effect("tap", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_tap_stun(self, meta, ch):
        return T.Effect("tap_stun", target=T.Target("permanent", _one(ch, T.Filter)), n=number(_tokens(ch, "NUM")[0]))

    def e_tap_stun_up_to_one(self, meta, ch):
        return T.Effect("tap_stun", target=T.Target("permanent", _one(ch, T.Filter), optional=True),
                        n=number(_tokens(ch, "NUM")[0]))

    def e_counters(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        ref=_one(ch, T.SelfRef))

    def e_counters_that_creature(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        keyword="that_creature")

    def e_create(self, meta, ch):
        return T.Effect("create_token", n=number(_tokens(ch, "NUM")[0]), token=_one(ch, T.Token))

    def e_create_named(self, meta, ch):   # f1 (issue 28): "create Karox Bladewing, a legendary 4/4 red Dragon ... token"
        tok = _one(ch, T.Token)
        supers = tuple(str(s) for s in _tokens(ch, "SUPERTYPE"))
        return T.Effect("create_token", n=1, token=replace(tok, name=str(_tokens(ch, "TOKEN_NAME")[0]),
                                                           words_=supers + tok.words_))

    def e_create_target(self, meta, ch):   # dies triggers (issue 28): "target opponent creates ... tokens"
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        return T.Effect("create_token", who=f"target_{who}", n=number(_tokens(ch, "NUM")[0]), token=_one(ch, T.Token))

    def e_create_its_controller(self, meta, ch):
        return T.Effect("create_token", who="its_controller", n=number(_tokens(ch, "NUM")[0]), token=_one(ch, T.Token))

    def e_gains_self(self, meta, ch):
        return T.Effect("gains_until_eot", keyword=str(_tokens(ch, "KW")[0]).lower(), ref=_one(ch, T.SelfRef))

    def _pt(self, ch):
        p, t = str(_tokens(ch, "PT")[0]).replace("−", "-").split("/")
        return int(p), int(t)

    def e_pump_self(self, meta, ch):
        kw = _tokens(ch, "KW")
        return T.Effect("pump", ref=_one(ch, T.SelfRef), pt=self._pt(ch), keyword=str(kw[0]).lower() if kw else "")

    def e_pump_target(self, meta, ch):
        kw = _tokens(ch, "KW")
        return T.Effect("pump", target=T.Target("permanent", _one(ch, T.Filter)), pt=self._pt(ch),
                        keyword=str(kw[0]).lower() if kw else "")

    def e_gains_target(self, meta, ch):
        return T.Effect("gains_until_eot", target=T.Target("permanent", _one(ch, T.Filter)),
                        keyword=str(_tokens(ch, "KW")[0]).lower())

    def e_destroy_target(self, meta, ch):
        return T.Effect("destroy", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_damage_target(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        target=T.Target("permanent", _one(ch, T.Filter)))

    def e_damage_player(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), target=T.Target("player"))

    def e_damage_target_opponent(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), target=T.Target("opponent"))

    def e_damage_player_or_pw(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        target=T.Target("player_or_planeswalker"))

    def e_regrowth(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("regrowth", target=T.Target("card_in_graveyard", T.Filter(f.text, "card", extra=("you_own",))))

    def e_regrowth_any(self, meta, ch):
        return T.Effect("regrowth", target=T.Target("card_in_graveyard", T.Filter("card", "card", extra=("you_own",))))

    def e_discard_opponents(self, meta, ch):
        return T.Effect("discard", who="each_opponent", n=1)

    def e_discard_target(self, meta, ch):
        return T.Effect("discard", who="target_" + str(_tokens(ch, "PLAYER_WORD")[0]).lower(), n=1)

    def e_bounce_chosen(self, meta, ch):
        return T.Effect("bounce_chosen", filter=_one(ch, T.Filter))

    def e_damage_opponents(self, meta, ch):
        return T.Effect("damage_each_opponent", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))

    def e_damage_each_player(self, meta, ch):
        return T.Effect("damage_each_player", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))

    def e_bounce(self, meta, ch):
        return T.Effect("bounce", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_pump_each(self, meta, ch):
        kw = _tokens(ch, "KW")
        return T.Effect("pump", filter=_one(ch, T.Filter), pt=self._pt(ch), keyword=str(kw[0]).lower() if kw else "")

    def e_lose_life_target(self, meta, ch):
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        return T.Effect("lose_life", who=f"target_{who}", n=number(_tokens(ch, "NUM")[0]))

    def e_counter(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("counter", target=T.Target("spell", f))

    def unblockable(self, meta, ch):
        return T.Ability("restriction", ref=_one(ch, T.SelfRef), restrictions=("cant_be_blocked",))

    def control(self, meta, ch):
        return None

    def kw_list(self, meta, ch):
        return ("kws", tuple(str(k).lower() for k in _tokens(ch, "KW")))

    def e_destroy_and_sharing_color(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return [T.Effect("destroy", target=T.Target("permanent", f1)), T.Effect("destroy_sharing_color", filter=f2)]

    def e_destroy_all(self, meta, ch):
        return T.Effect("destroy_all", filter=_one(ch, T.Filter))

    def e_surveil(self, meta, ch):
        return T.Effect("surveil", n=int(_tokens(ch, "DIGITS")[0]))

    def e_scry(self, meta, ch):
        return T.Effect("scry", n=int(_tokens(ch, "DIGITS")[0]))

    def e_exile_graveyard_card(self, meta, ch):
        return T.Effect("exile", target=T.Target("card_in_graveyard", T.Filter("card", "card")))

    def e_grant_escape(self, meta, ch):
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        return T.Effect("grant_escape_until_eot", filter=_one(ch, T.Filter), cost=_cost(cost))

    def e_add_mana(self, meta, ch):
        return T.Effect("add_mana", mana=_one(ch, T.Mana))

    def m_symbols(self, meta, ch):
        return T.Mana("symbols", tuple(_color_letter(t) for t in _tokens(ch, "MANA")))

    def m_either(self, meta, ch):
        return T.Mana("either", tuple(_color_letter(t) for t in _tokens(ch, "MANA")))

    def m_any_color(self, meta, ch):
        return T.Mana("any_color")

    def m_self_power(self, meta, ch):
        return T.Mana("self_power", (_color_letter(_tokens(ch, "MANA")[0]),))

    def m_any_color_n(self, meta, ch):
        return T.Mana("any_color", n=number(_tokens(ch, "NUM")[0]))

    def m_chosen_color(self, meta, ch):
        return T.Mana("chosen_color")

    def m_any_one_color(self, meta, ch):
        return T.Mana("any_one_color", n=number(_tokens(ch, "NUM")[0]))

    def m_instead(self, meta, ch):
        # "Add {G}. If you control four or more creatures, add {G}{G} instead.": the symbols before the condition and after
        i = next(k for k, c in enumerate(ch) if isinstance(c, T.Condition))
        letters = lambda part: tuple(_color_letter(t) for t in part if isinstance(t, Token) and t.type == "MANA")
        return T.Mana("instead", letters(ch[:i]), condition=ch[i], instead=letters(ch[i + 1:]))

    def mana_condition(self, meta, ch):
        return _one(ch, T.Condition)

    def mana_cond_played_land(self, meta, ch):
        return T.Condition("played_land", text="you played a land this turn")

    def m_for_each(self, meta, ch):
        return T.Mana("for_each", (_color_letter(_tokens(ch, "MANA")[0]),), _one(ch, T.Filter))

    def token(self, meta, ch):
        pt = str(_tokens(ch, "PTN")[0])
        p, t = pt.split("/")
        words = tuple(str(c) for c in ch if isinstance(c, str) and not isinstance(c, Token) or
                      (isinstance(c, Token) and c.type not in ("PTN", "KW", "TOKENS")))
        kws, quoted = self._with(ch)
        return T.Token(p, t, words, kws, quoted)

    def pt_subtype_token(self, meta, ch):   # "a 1/1 blue Fish token": the creature type is read by the reader (_token)
        p, t = str(_tokens(ch, "PTN")[0]).split("/")
        kws, quoted = self._with(ch)
        return T.Token(p, t, tuple(str(c) for c in _tokens(ch, "COLOR", "AND", "SUBTYPE")), kws, quoted, implied_creature=True)

    def _with(self, ch):
        w = [c for c in ch if isinstance(c, tuple) and c and c[0] == "with"]
        return (w[0][1], w[0][2]) if w else ((), ())

    def token_with(self, meta, ch):
        return ("with", tuple(str(k).lower() for k in _tokens(ch, "KW")), tuple(str(q)[1:-1] for q in _tokens(ch, "QUOTED")))

    def artifact_token(self, meta, ch):
        words = tuple(str(c) for c in _tokens(ch, "COLORLESS", "SUBTYPE")) + ("artifact",)
        kws, quoted = self._with(ch)
        return T.Token("", "", words, kws, quoted, creature=False)

    def predefined_token(self, meta, ch):
        return T.Token("", "", (str(_tokens(ch, "SUBTYPE")[0]),), (), (), creature=False, predefined=True)

    def token_word(self, meta, ch):
        return str(ch[0])

    def conj(self, meta, ch):
        return None

    def if_was(self, meta, ch):
        effs = [c for c in ch if isinstance(c, T.Effect)]
        return [T.Effect("if_was", filter=_one(ch, T.Filter), then=effs[0], otherwise=effs[1])]

    def if_was_then(self, meta, ch):
        effs = [c for c in ch if isinstance(c, T.Effect)]
        return [T.Effect("if_was_then", filter=_one(ch, T.Filter), then=e) for e in effs]

    def exile_may_play(self, meta, ch):
        f = _one(ch, T.Filter)
        other = bool(_tokens(ch, "OTHER"))
        return [T.Effect("exile_may_play", target=T.Target("permanent", T.Filter(f.text, extra=("other",) if other else ()),
                                                            optional=True))]

    def sentence(self, meta, ch):
        out = []
        for c in ch:
            if isinstance(c, T.Effect):
                out.append(c)
            elif isinstance(c, list):
                out += c
        return out

    def effects(self, meta, ch):
        return ("effects", tuple(e for c in ch if isinstance(c, list) for e in c))

    def sorcery(self, meta, ch):
        return "sorcery"

    # -------------------------------------------------------------------------------- events
    def _ev(kind, text, step=("", "", "")):
        def f(self, meta, ch):
            return T.Event(kind, ref=_one(ch, T.SelfRef), step=step, filter=_one(ch, T.Filter), text=text)
        return f

    ev_enters = _ev("enters", "when ~ enters")
    ev_enters_or_attacks = _ev("enters_or_attacks", "whenever ~ enters or attacks")
    ev_attacks = _ev("attacks", "whenever ~ attacks")
    ev_each_end = _ev("at", "at the beginning of each end step", ("ending", "end", "each"))
    ev_your_end = _ev("at", "at the beginning of your end step", ("ending", "end", "you"))
    ev_your_upkeep = _ev("at", "at the beginning of your upkeep", ("beginning", "upkeep", "you"))
    ev_opponent_upkeep = _ev("at", "at the beginning of each opponent's upkeep", ("beginning", "upkeep", "opponent"))
    ev_your_combat = _ev("at", "at the beginning of combat on your turn", ("combat", "beginning_of_combat", "you"))
    ev_your_postcombat = _ev("at", "at the beginning of each of your postcombat main phases", ("postcombat_main", "none", "you"))
    ev_your_second_main = _ev("at", "at the beginning of your second main phase", ("postcombat_main", "none", "you"))
    ev_combat_damage_player = _ev("combat_damage_to_player", "whenever ~ deals combat damage to a player")
    ev_becomes_target = _ev("becomes_target", "whenever ~ becomes the target of a spell", ("spell", "", ""))
    ev_becomes_target_opp = _ev("becomes_target", "whenever ~ becomes the target of a spell or ability an opponent controls",
                                ("spell_or_ability", "opponent", ""))
    # Valiant (BLB): "Whenever ~ becomes the target of a spell or ability you control for the first time each turn"
    ev_becomes_target_you_first = _ev(
        "becomes_target",
        "whenever ~ becomes the target of a spell or ability you control for the first time each turn",
        ("spell_or_ability", "you", "first_time"))
    ev_enters_or_becomes_target_opp = _ev(
        "enters_or_becomes_target",
        "whenever ~ enters or becomes the target of a spell or ability an opponent controls",
        ("spell_or_ability", "opponent", ""))

    def ev_filter_becomes_target_opp(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("becomes_target_filter", filter=f, step=("spell_or_ability", "opponent", ""),
                       text=f"whenever a {f.text} becomes the target of a spell or ability an opponent controls")
    ev_plays_exiled = _ev("plays_exiled_with", "whenever a player plays a card exiled with ~")

    def ev_cast_spell(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("cast_spell", filter=f, text=f"whenever you cast a {f.text} spell")

    def ev_other_enters(self, meta, ch):
        f = _one(ch, T.Filter)
        under = any(isinstance(c, tuple) and c[0] == "under_you" for c in ch)
        if under:                      # "enters the battlefield under your control": the older wording of "you control"
            if re.search(r"\b(you control|opponent controls|you don't control)$", f.text):
                raise NotUnderstood(f.text)
            f = T.Filter(f.text + " you control", f.kind)
        return T.Event("enters_filter", filter=f, text=f"whenever {f.text} enters")

    def under_you(self, meta, ch):
        return ("under_you",)

    def ev_gain_life(self, meta, ch):
        return T.Event("gains_life", text="whenever you gain life")

    # cast triggers (issue 28): "Whenever you cast a spell[ during an opponent's turn]"
    def ev_cast_any_spell(self, meta, ch):
        during = bool(_tokens(ch, "DURING_OPP_TURN"))
        return T.Event("cast_spell_opponents_turn" if during else "cast_spell", filter=T.Filter("spell", "spell"),
                       text="whenever you cast a spell" + (" during an opponent's turn" if during else ""))

    def ev_cast_spell_targeting(self, meta, ch):
        fs = [c for c in ch if isinstance(c, T.Filter)]
        spells = [f for f in fs if f.kind == "spell"]
        spell = spells[0] if spells else T.Filter("spell", "spell")
        ref = _one(ch, T.SelfRef)
        of = None if ref is not None else [f for f in fs if f.kind == "permanent"][0]
        return T.Event("cast_spell_targeting", ref=ref, filter=spell, of=of,
                       text=f"whenever you cast {'a spell' if spell.text == 'spell' else 'a ' + spell.text + ' spell'}"
                            f" that targets {'~' if ref is not None else 'a ' + of.text}")

    def ev_cast_spell_with_power(self, meta, ch):
        f = _one(ch, T.Filter)
        rng = " ".join(str(_tokens(ch, "POWER_RANGE")[0]).split())
        kind = f.text
        f = T.Filter(f"{f.text} with power {rng}", "spell", and_or=f.and_or)
        return T.Event("cast_spell", filter=f, text=f"whenever you cast a {kind} spell with power {rng}")

    # "as ~ enters, choose" (issue 28, f3): the choice and what reads it (rules/timeline/chosen_as_enters.lp)
    def s_as_enters_choose(self, meta, ch):
        kind = " ".join(str(_tokens(ch, "CHOICE_KIND")[0]).lower().split())
        return T.Ability("static", static=T.Static("as_enters_choose", change=kind.replace(" ", "_"),
                                                   text=f"as ~ enters, choose a {kind}"), ref=_one(ch, T.SelfRef))

    def s_enchanted_protection_chosen(self, meta, ch):
        return T.Ability("static", static=T.Static("enchanted_protection_chosen",
                                                   text="enchanted creature has protection from the chosen color; "
                                                        "this effect doesn't remove ~"))

    def s_as_enters_choose_creature(self, meta, ch):
        return T.Ability("static", static=T.Static("as_enters_choose", change="another_creature",
                                                   text="as ~ enters, choose another creature you control"),
                         ref=_one(ch, T.SelfRef))

    def s_enter_as_copy(self, meta, ch):   # "You may have ~ enter ... as a copy of any creature ..., except it's a [subtype] ... and it has [keyword]"
        sub = str(_tokens(ch, "SUBTYPE")[0])
        kw = str(_tokens(ch, "KW")[0]).lower()
        return T.Ability("static", static=T.Static(
            "enter_as_copy", T.Filter("creature"), change=sub, keywords=(kw,),
            text=f"you may have ~ enter as a copy of any creature on the battlefield with mana value less than or equal "
                 f"to the amount of mana spent to cast ~, except it's a {sub} in addition to its other types and it has "
                 f"{kw}"))

    def e_chosen_gains(self, meta, ch):
        return T.Effect("gains_until_eot", who="chosen", keyword=str(_tokens(ch, "KW")[0]).lower())

    def ev_cast_spell_chosen(self, meta, ch):
        f = _one(ch, T.Filter)
        of = " ".join(str(_tokens(ch, "OF_CHOSEN")[0]).lower().split())
        kind = f"{f.text} spell" if f is not None else "spell"
        return T.Event("cast_spell", filter=T.Filter(f"{kind} {of}", "spell", and_or=f.and_or if f else False),
                       text=f"whenever you cast a {kind} {of}")

    def s_anthem_chosen(self, meta, ch):
        f = _one(ch, T.Filter)
        of = " ".join(str(_tokens(ch, "OF_CHOSEN")[0]).lower().split())
        ab = self.s_anthem(meta, [T.Filter(f"{f.text} {of}", f.kind)] + [c for c in ch if not isinstance(c, T.Filter)])
        return ab

    # dies triggers (issue 28)
    def ev_enters_or_dies(self, meta, ch):
        return T.Event("enters_or_dies", ref=_one(ch, T.SelfRef), text="when ~ enters or dies")

    def ev_put_into_graveyard(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("put_into_graveyard", filter=f,
                       text=f"whenever a {f.text} is put into a graveyard from the battlefield")

    def ev_equipped_dies(self, meta, ch):
        return T.Event("equipped_dies", text="whenever equipped creature dies")

    def e_if_that_was(self, meta, ch):
        effs = [c for c in ch if isinstance(c, T.Effect)]
        return T.Effect("if_that_was", filter=_one(ch, T.Filter), then=effs[0])

    def e_damage_opponents_counters(self, meta, ch):
        return T.Effect("damage_opponents_counters", ref=_one(ch, T.SelfRef), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"))

    def if_that_spell_kicked(self, meta, ch):
        return ("if", "kicked_that_spell")

    def if_not_kicked(self, meta, ch):
        return ("if", "not_kicked")

    def e_counters_target(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        target=T.Target("permanent", _one(ch, T.Filter)))

    def ev_dies(self, meta, ch):
        return T.Event("dies", ref=_one(ch, T.SelfRef), text="when ~ dies")

    def ev_transforms(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("transforms", filter=f, text=f"whenever a permanent you control transforms into {f.text}")

    def enters(self, meta, ch):
        return None

    def mana_value(self, meta, ch):
        return None

    # -------------------------------------------------------------------------------- abilities
    def keywords(self, meta, ch):
        return T.Ability("keywords", keywords=tuple(T.Keyword(" ".join(str(k).lower().split())) for k in _tokens(ch, "KW")))

    def _prevention(self, ch, who: str, both: bool):
        combat = bool(_tokens(ch, "COMBAT_WORD"))
        ref = [c for c in ch if isinstance(c, T.SelfRef)]
        subject = ref[0].words() if ref else "enchanted creature"
        text = (f"prevent all {'combat ' if combat else ''}damage that would be dealt to "
                f"{'and dealt by ' if both else ''}{subject}")
        return T.Ability("static", ref=ref[0] if ref else None, static=T.Static(
            "prevention", who=who, change="to_and_by" if both else "to", keywords=("combat",) if combat else ("all",),
            text=text))

    def s_prevent_each(self, meta, ch):         # "Prevent all noncombat damage that would be dealt to other creatures you control."
        f = _one(ch, T.Filter)
        kind = "combat" if _tokens(ch, "COMBAT_WORD") else "noncombat" if _tokens(ch, "NONCOMBAT_WORD") else "all"
        return T.Ability("static", static=T.Static(
            "prevention", f, who="each", change="to", keywords=(kind,),
            text=f"prevent all {'' if kind == 'all' else kind + ' '}damage that would be dealt to {f.text}"))

    def s_prevent_self(self, meta, ch):
        return self._prevention(ch, "self", False)

    def s_prevent_self_both(self, meta, ch):
        return self._prevention(ch, "self", True)

    def s_prevent_enchanted_both(self, meta, ch):
        return self._prevention(ch, "enchanted", True)

    def e_its_controller_life(self, meta, ch):
        verb = str(_tokens(ch, "GAINS_LOSES")[0]).lower()
        return T.Effect("life_its_controller", n=number(_tokens(ch, "NUM")[0]), keyword=verb)

    def e_prevent_combat_damage(self, meta, ch):
        return T.Effect("prevent_combat_damage")

    def e_prevent_combat_damage_to(self, meta, ch):   # "... dealt to it this turn": a spell's "it" (the reader checks)
        return T.Effect("prevent_combat_damage_to", ref=_one(ch, T.SelfRef))

    def keywords_protection(self, meta, ch):
        simple = tuple(T.Keyword(" ".join(str(k).lower().split())) for k in _tokens(ch, "KW"))
        colors = tuple(str(c).lower() for c in _tokens(ch, "PROT_COLOR"))
        return T.Ability("keywords", keywords=simple + (T.Keyword("protection", quality=colors),))

    def keywords_protection_everything(self, meta, ch):
        return T.Ability("keywords", keywords=(T.Keyword("protection", quality=("everything",)),))

    def e_exile_if_dies_dealt(self, meta, ch):
        return [T.Effect("exile_if_dies", who="dealt")]

    def e_exile_if_dies_that(self, meta, ch):
        return [T.Effect("exile_if_dies", who="that")]

    def e_damage_entered_controller(self, meta, ch):
        kind = str(_tokens(ch, "THAT_CONTROLLER")[0]).lower().split("'")[0]
        return T.Effect("damage_to_entered_controller", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        keyword=kind)

    def s_cast_self_from_graveyard_exile(self, meta, ch):
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "cast_self_from", who="graveyard exile", text="you may cast ~ from your graveyard or from exile"))

    def s_one_spell_each_turn(self, meta, ch):
        return T.Ability("static", static=T.Static("one_spell_each_turn", text="each player can't cast more than one spell each turn"))

    def s_players_cant_gain_life(self, meta, ch):
        return T.Ability("static", static=T.Static("players_cant_gain_life", text="players can't gain life"))

    def s_each_by_toughness(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static(
            "anthem", f, restrictions=("assigns_damage_by_toughness",),
            text=f"each {f.text} assigns combat damage equal to its toughness rather than its power"))

    def s_enchanted_gets_by_toughness(self, meta, ch):
        p, t = self._pt(ch)
        return T.Ability("static", static=T.Static(
            "attached_gets", who="enchanted", power=p, toughness=t, filter=T.Filter("creature"),
            restrictions=("assigns_damage_by_toughness",),
            text=f"enchanted creature gets {p:+d}/{t:+d} and assigns combat damage equal to its toughness rather than its power"))

    def s_you_have_hexproof(self, meta, ch):
        return T.Ability("static", static=T.Static("player_hexproof", text="you have hexproof"))

    def keywords_hexproof_from(self, meta, ch):
        simple = tuple(T.Keyword(" ".join(str(k).lower().split())) for k in _tokens(ch, "KW"))
        colors = tuple(str(c).lower() for c in _tokens(ch, "PROT_COLOR"))
        return T.Ability("keywords", keywords=simple + (T.Keyword("hexproof", quality=colors),))

    def keywords_then_cost(self, meta, ch):
        simple = tuple(T.Keyword(" ".join(str(k).lower().split())) for k in _tokens(ch, "KW"))
        return T.Ability("keywords", keywords=simple + self.keyword_cost(meta, ch).keywords)

    def keyword_cost(self, meta, ch):
        word = " ".join(str(_tokens(ch, "KW_COST")[0]).lower().split())
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        return T.Ability("keywords", keywords=(T.Keyword(word, cost=_cost(cost)),))

    def keyword_cost_quality(self, meta, ch):
        word = " ".join(str(_tokens(ch, "KW_COST")[0]).lower().split())
        if word != "equip":
            raise NotUnderstood(word)
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        return T.Ability("keywords", keywords=(T.Keyword(word, cost=_cost(cost), filter=_one(ch, T.Filter)),))

    def keyword_n(self, meta, ch):
        word = str(_tokens(ch, "KW_N")[0]).lower()
        return T.Ability("keywords", keywords=(T.Keyword(word, n=number(_tokens(ch, "NUM")[0])),))

    def keyword_n_cost(self, meta, ch):
        word = str(_tokens(ch, "KW_N")[0]).lower()
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        return T.Ability("keywords", keywords=(T.Keyword(word, n=number(_tokens(ch, "NUM")[0]), cost=_cost(cost)),))

    def enchant(self, meta, ch):
        return T.Ability("keywords", keywords=(T.Keyword("enchant", filter=_one(ch, T.Filter)),))

    def s_attached_gets_has(self, meta, ch):
        pt = _tokens(ch, "PT")
        p, t = self._pt(ch) if pt else (0, 0)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        att = _tokens(ch, "ATTACHED")
        scope = str(att[0]).lower() if att else "enchanted"
        noun = str(_tokens(ch, "TYPE")[0]).lower()
        words = f"{scope} {noun}" + (f" gets {p:+d}/{t:+d}" if pt else "") + (" and" if pt and kws else "") + \
            (f" has {', '.join(kws)}" if kws else "")
        return T.Ability("static", static=T.Static("attached_gets", who=scope, power=p, toughness=t, keywords=kws,
                                                   filter=T.Filter(noun), text=words))

    def s_attached_gets_loses(self, meta, ch):   # "Equipped creature gets +3/+3 and loses flying."
        p, t = self._pt(ch)
        kws = next(c[1] for c in ch if isinstance(c, tuple) and c[0] == "kws")
        scope = str(_tokens(ch, "ATTACHED")[0]).lower()
        noun = str(_tokens(ch, "TYPE")[0]).lower()
        return T.Ability("static", static=T.Static("attached_gets", who=scope, power=p, toughness=t, loses=kws,
                                                   filter=T.Filter(noun),
                                                   text=f"{scope} {noun} gets {p:+d}/{t:+d} and loses {', '.join(kws)}"))

    def e_tap_enchanted(self, meta, ch):
        return T.Effect("tap_enchanted")

    def s_enchanted_no_untap(self, meta, ch):
        return T.Ability("static", static=T.Static("enchanted_cant", keywords=("doesnt_untap",),
                                                   text="enchanted creature doesn't untap during its controller's untap step"))

    def s_control_enchanted(self, meta, ch):    # "You control enchanted creature." (Kitnap; rules/core/objects.lp)
        kind = str(_tokens(ch, "TYPE")[0]).lower() if _tokens(ch, "TYPE") else "permanent"
        return T.Ability("static", static=T.Static("control_enchanted", T.Filter(kind),
                                                   text=f"you control enchanted {kind}"))

    def s_enchanted_cant(self, meta, ch):
        r = " ".join(str(_tokens(ch, "RESTRICT")[0]).lower().split())
        kinds = {"attack": ("cant_attack",), "block": ("cant_block",), "attack or block": ("cant_attack", "cant_block")}[r]
        return T.Ability("static", static=T.Static("enchanted_cant", keywords=kinds, text=f"enchanted creature can't {r}"))

    def restriction(self, meta, ch):
        r = str(_tokens(ch, "RESTRICT")[0]).lower()
        kinds = {"attack": ("cant_attack",), "block": ("cant_block",), "attack or block": ("cant_attack", "cant_block")}[" ".join(r.split())]
        return T.Ability("restriction", ref=_one(ch, T.SelfRef), restrictions=kinds)

    def additional(self, meta, ch):
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        return T.Ability("additional_cost", cost=_cost(cost))

    def escapes_with(self, meta, ch):
        return T.Ability("escapes_with", ref=_one(ch, T.SelfRef), n=number(_tokens(ch, "NUM")[0]),
                         counter=str(_tokens(ch, "PT")[0]))

    def saga_becomes(self, meta, ch):
        p, t = str(_tokens(ch, "PTN")[0]).split("/")
        return [T.Effect("saga_becomes", filter=_one(ch, T.Filter), keyword=str(_tokens(ch, "KW")[0]).lower(),
                         counter=str(_tokens(ch, "SUBTYPE")[0]), n=int(p), who=t)]

    def chapter(self, meta, ch):
        nums = tuple(ROMAN[str(t)] for t in _tokens(ch, "ROMAN"))
        effs = [c for c in ch if isinstance(c, tuple) and c[0] == "effects"]
        effects = effs[0][1] if effs else tuple(e for c in ch if isinstance(c, list) for e in c)
        return T.Ability("chapter", chapters=nums, effects=effects)

    def activated(self, meta, ch):
        cost = [c for c in ch if isinstance(c, tuple) and c[0] == "cost"][0]
        effs = [c for c in ch if isinstance(c, tuple) and c[0] == "effects"][0]
        cond = _one(ch, T.Condition)         # Raid's "Activate this ability only if you attacked ..." (e5)
        return T.Ability("activated", cost=_cost(cost), effects=effs[1], sorcery="sorcery" in ch,
                         once="once_each_turn" in ch, your_turn="your_turn" in ch, your_upkeep="your_upkeep" in ch,
                         condition=cond if cond is not None else "")

    def your_turn_only(self, meta, ch):
        return "your_turn"

    def loyalty_ability(self, meta, ch):
        n = int(str(_tokens(ch, "LOYALTY")[0]).replace("−", "-"))
        effs = [c for c in ch if isinstance(c, tuple) and c[0] == "effects"][0]
        return T.Ability("loyalty", effects=effs[1], n=n)

    def triggered(self, meta, ch):
        effs = [c[1] for c in ch if isinstance(c, tuple) and c[0] == "effects"]
        modes = [c[1] for c in ch if isinstance(c, tuple) and c[0] == "choose"]
        cond = [c[1] for c in ch if isinstance(c, tuple) and c[0] == "if"]
        return T.Ability("triggered", event=_one(ch, T.Event), effects=effs[0] if effs else (),
                         condition=cond[0] if cond else "", n=modes[0] if modes else 0)

    def triggered_once(self, meta, ch):          # "... This ability triggers only once each turn." (issue 28, lf)
        effs = [c[1] for c in ch if isinstance(c, tuple) and c[0] == "effects"]
        return T.Ability("triggered", event=_one(ch, T.Event), effects=effs[0], once=True)

    def triggered_while(self, meta, ch):
        effs = [c[1] for c in ch if isinstance(c, tuple) and c[0] == "effects"]
        return T.Ability("triggered", event=_one(ch, T.Event), effects=effs[0], condition=_one(ch, T.Condition), while_=True)

    def trigger_choose(self, meta, ch):
        return ("choose", number(_tokens(ch, "NUM")[0]))

    def spell(self, meta, ch):
        return T.Ability("spell", effects=ch[0][1])

    # statics
    def s_each_is_artifact_creature(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static("each_is_artifact_creature", f,
                         text=f"each {f.text} is an artifact creature with power and toughness equal to its mana value"))

    def spells_phrase(self, meta, ch):
        f = _one(ch, T.Filter)
        return ("spells", f)

    def s_cost_mod(self, meta, ch):
        f = [c for c in ch if isinstance(c, tuple) and c[0] == "spells"][0][1]
        who_tok = _tokens(ch, "WHO_CASTS")
        who = {"you cast": "you", "your opponents cast": "opponents"}[" ".join(str(who_tok[0]).lower().split())] if who_tok else "any"
        mana = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", mana):
            raise NotUnderstood(mana)
        change = "increase" if str(_tokens(ch, "MORE_LESS")[0]).lower() == "more" else "reduce"
        words = f"{f.text + ' spells' if f else 'spells'}{' ' + str(who_tok[0]) if who_tok else ''} cost {mana} {'more' if change == 'increase' else 'less'}"
        return T.Ability("static", static=T.Static("cost_mod", f, who=who, change=change, n=int(mana[1:-1]), text=words))

    def spell_with(self, meta, ch):
        return ("spell_with", self._span(meta))

    def s_cost_mod_with(self, meta, ch):
        # "Creature spells with flying you cast cost {1} less", "... you cast with power 4 or greater cost {2} less"
        f = _one(ch, T.Filter)
        with_ = [c for c in ch if isinstance(c, tuple) and c[0] == "spell_with"][0][1]
        ab = self.s_cost_mod(meta, [("spells", T.Filter(f"{f.text} {with_}", "spell", and_or=True))] + list(ch))
        st = ab.static
        words = f"{f.text} spells {with_} {'you' if st.who == 'you' else 'your opponents'} cast cost {{{st.n}}} {'more' if st.change == 'increase' else 'less'}"
        return replace(ab, static=replace(st, text=words))

    def s_cast_as_flash(self, meta, ch):
        f = [c for c in ch if isinstance(c, tuple) and c[0] == "spells"][0][1]
        return T.Ability("static", static=T.Static("cast_as_flash", f, who="you",
                         text=f"you may cast {f.text + ' spells' if f else 'spells'} as though they had flash"))

    def s_cast_only_if_cast_another(self, meta, ch):
        return T.Ability("static", static=T.Static("cast_only_if_cast_another",
                                                   text="cast this spell only if you've cast another spell this turn"))

    def s_cost_more_per_cast(self, meta, ch):
        mana = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", mana):
            raise NotUnderstood(mana)
        return T.Ability("static", static=T.Static("cost_more_per_cast", change="increase", n=int(mana[1:-1]),
                                                   text=f"each spell a player casts costs {mana} more for each other "
                                                        "spell that player has cast this turn"))

    def s_equipped_gets(self, meta, ch):
        p, t = str(_tokens(ch, "PT")[0]).replace("−", "-").split("/")
        return T.Ability("static", static=T.Static("equipped_gets", power=int(p), toughness=int(t),
                                                   text=f"equipped creature gets {p}/{t}"))

    def s_grants_escape(self, meta, ch):
        f = _one(ch, T.Filter)
        n = number(_tokens(ch, "NUM")[0])
        return T.Ability("static", static=T.Static("grants_escape", f, n=n,
                         text=f"each {f.text} card in your graveyard has escape: its mana cost plus exile {n} other cards"))

    def s_cant_be_countered_self(self, meta, ch):
        return T.Ability("static", static=T.Static("cant_be_countered_self", text="this spell can't be countered"))

    def s_cant_be_countered(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static("cant_be_countered", f, text=f"{f.text} spells you control can't be countered"))

    def s_opponents_cant_cast_combat(self, meta, ch):
        return T.Ability("static", static=T.Static("opponents_cant_cast_in_combat",
                                                   text="your opponents can't cast spells during combat"))

    def s_enters_tapped(self, meta, ch):
        return T.Ability("static", static=T.Static("enters_tapped", text="~ enters tapped"), ref=_one(ch, T.SelfRef))

    def s_opponents_enter_tapped(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static("opponents_enter_tapped", filter=f,
                                                   text=f"{f.text} your opponents control enter tapped"))

    def s_enters_tapped_unless(self, meta, ch):
        # "~ enters tapped unless you control a Plains or an Island": either kind, of the permanents you control
        fs = [c for c in ch if isinstance(c, T.Filter)]
        f = T.Filter(" or ".join(x.text for x in fs))
        arts = [str(a) for a in _tokens(ch, "ARTICLE")]
        cond = T.Condition("you_control", f, text="you control " + " or ".join(f"{a} {x.text}" for a, x in zip(arts, fs)))
        return T.Ability("static", static=T.Static("enters_tapped", condition=cond, text=f"~ enters tapped unless {cond.text}"),
                         ref=_one(ch, T.SelfRef))

    def s_base_toughness(self, meta, ch):   # "Creatures your opponents control have base toughness 1."
        f = _one(ch, T.Filter)
        n = number(_tokens(ch, "NUM")[0])
        return T.Ability("static", static=T.Static("base_toughness", f, n=n, text=f"{f.text} have base toughness {n}"))

    def s_anthem(self, meta, ch):
        f = _one(ch, T.Filter)
        p, t = self._pt(ch) if _tokens(ch, "PT") else (0, 0)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        gets = f" get {p:+d}/{t:+d}" if _tokens(ch, "PT") else ""
        has = f"{' and' if gets else ''} have {', '.join(kws)}" if kws else ""
        return T.Ability("static", static=T.Static("anthem", f, power=p, toughness=t, keywords=kws,
                                                   text=f"{f.text}{gets}{has}"))

    # -------------------------------------------------------------------------------- dies and block events
    def combat_or_dies_event(self, meta, ch):
        return ch[0]

    def event(self, meta, ch):           # an alternative of `event` defined in a block of its own
        return ch[0]

    def ev_filter_dies(self, meta, ch):
        f = _one(ch, T.Filter)
        art = _tokens(ch, "ARTICLE")
        return T.Event("dies_filter", filter=f, text=f"whenever {str(art[0]) + ' ' if art else ''}{f.text} dies")

    ev_blocks = _ev("blocks", "whenever ~ blocks")

    def ev_blocks_filter(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("blocks_filter", ref=_one(ch, T.SelfRef), filter=f,
                       text=f"whenever ~ blocks {str(_tokens(ch, 'ARTICLE')[0])} {f.text}")
    ev_becomes_blocked = _ev("becomes_blocked", "whenever ~ becomes blocked")
    ev_dealt_damage = _ev("dealt_damage", "whenever ~ is dealt damage")
    ev_each_upkeep = _ev("at", "at the beginning of each upkeep", ("beginning", "upkeep", "each"))
    ev_equipped_combat_damage = _ev("equipped_combat_damage", "whenever equipped creature deals combat damage to a player")

    def ability_word_spell(self, meta, ch):    # the ability word adds nothing to the rules (a spell's line)
        return [c for c in ch if isinstance(c, T.Ability)][0]

    def ability_word_line(self, meta, ch):     # the ability word adds nothing to the rules
        return [c for c in ch if isinstance(c, T.Ability)][0]

    # -------------------------------------------------------------------------------- evasion
    def effect(self, meta, ch):          # an alternative of `effect` defined in a block of its own
        return ch[0]

    def evasion_effect(self, meta, ch):
        return ch[0]

    def e_unblockable_self(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_be_blocked", ref=_one(ch, T.SelfRef))

    def e_unblockable_target(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_be_blocked", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_cant_block_target(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_block", target=T.Target("permanent", _one(ch, T.Filter)))

    def if_attacked(self, meta, ch):
        return ("if", "attacked_this_turn")

    def if_kicked(self, meta, ch):
        return ("if", "kicked")

    def kicked_enters(self, meta, ch):
        return T.Ability("kicked_enters", ref=_one(ch, T.SelfRef), n=number(_tokens(ch, "NUM")[0]),
                         counter=str(_tokens(ch, "PT")[0]).replace("−", "-"))

    def mana_shape_effect(self, meta, ch):
        return ch[0]

    def e_damage_you(self, meta, ch):
        return T.Effect("damage_you", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))

    def e_lose_life_you(self, meta, ch):
        return T.Effect("lose_life", who="you", n=number(_tokens(ch, "NUM")[0]))

    def e_mill_target(self, meta, ch):
        return T.Effect("mill", who="target_player", n=number(_tokens(ch, "NUM")[0]))

    def e_mill_you(self, meta, ch):
        return T.Effect("mill", who="you", n=number(_tokens(ch, "NUM")[0]))

    def e_untap_self(self, meta, ch):
        return T.Effect("untap", ref=_one(ch, T.SelfRef))

    def e_untap_target(self, meta, ch):
        return T.Effect("untap", target=T.Target("permanent", _one(ch, T.Filter)))

    # "1 life for each [filter]" (issue 28) -------------------------------------------------
    def _for_each(self, ch, kind, who):
        if number(_tokens(ch, "NUM")[0]) != 1:       # "2 life for each ...": a multiple of the count, not read
            raise NotUnderstood("life for each")
        return T.Effect(kind, who=who, n="X", x=_one(ch, T.Filter), for_each=True)

    def e_gain_life_for_each(self, meta, ch):
        return self._for_each(ch, "gain_life", "you")

    def e_lose_life_target_for_each(self, meta, ch):
        return self._for_each(ch, "lose_life", "target_" + str(_tokens(ch, "PLAYER_WORD")[0]).lower())

    def e_lose_life_opponents_for_each(self, meta, ch):
        return self._for_each(ch, "lose_life", "each_opponent")

    # reanimation (issue 28) -----------------------------------------------------------------
    def card_number(self, meta, ch):
        # "creature card with converted mana cost 2 or less": the number after the noun "card"
        prop, n, lg = (str(_tokens(ch, k)[0]) for k in ("NUMBER_PROP", "DIGITS", "LESS_GREATER"))
        return ("card_number", f"with {prop} {n} or {lg}")

    def e_reanimate(self, meta, ch):
        f = _one(ch, T.Filter)
        num = [c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "card_number"]
        if num:
            f = T.Filter(f"{f.text} {num[0]}", f.kind, f.and_or, f.extra)
        return T.Effect("reanimate", target=T.Target("card_in_graveyard", T.Filter(f.text, "card", extra=("you_own",))),
                        keyword="tapped" if _tokens(ch, "TAPPED_WORD") else "")

    # "another target" (issue 28) ------------------------------------------------------------
    @staticmethod
    def _other(e):
        f = e.target.filter
        return replace(e, target=replace(e.target, filter=T.Filter(f.text, f.kind, f.and_or, f.extra + ("other",))))

    def e_pump_target_other(self, meta, ch):
        return self._other(self.e_pump_target(meta, ch))

    def e_gains_target_other(self, meta, ch):
        return self._other(self.e_gains_target(meta, ch))

    def e_counters_target_other(self, meta, ch):
        return self._other(self.e_counters_target(meta, ch))

    # each opponent and each creature (issue 28) ---------------------------------------------
    def e_damage_opponents_and_each(self, meta, ch):
        n, ref, f = number(_tokens(ch, "NUM")[0]), _one(ch, T.SelfRef), _one(ch, T.Filter)
        text = f"{f.text} your opponents control"         # "they control": the opponents just named
        return [T.Effect("damage_each_opponent", n=n, ref=ref),
                T.Effect("damage_each", n=n, ref=ref, filter=T.Filter(text, "permanent", True))]

    # "up to one target" (issue 28) ---------------------------------------------------------
    def e_counters_up_to_one(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        target=T.Target("permanent", _one(ch, T.Filter), optional=True))

    def e_self_becomes_artifact_creature(self, meta, ch):
        p, t = str(_tokens(ch, "PTN")[0]).split("/")
        return T.Effect("self_becomes", ref=_one(ch, T.SelfRef), counter=str(_tokens(ch, "SUBTYPE")[0]), n=int(p), who=t)

    def e_destroy_up_to_one(self, meta, ch):
        return T.Effect("destroy", target=T.Target("permanent", _one(ch, T.Filter), optional=True))

    def e_untap_up_to_one(self, meta, ch):
        return T.Effect("untap", target=T.Target("permanent", _one(ch, T.Filter), optional=True))

    # more damage shapes (issue 28, family 13) -----------------------------------------------
    def e_damage_opponent_or_pw(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        target=T.Target("opponent_or_planeswalker"))

    def e_damage_target_and_controller(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        ref, f = _one(ch, T.SelfRef), _one(ch, T.Filter)
        that = str(_tokens(ch, "THAT_CONTROLLER")[0]).lower().split("'")[0]     # "creature" of "that creature's"
        return [T.Effect("damage", n=n, ref=ref, target=T.Target("permanent", f)),
                T.Effect("damage_target_controller", n=m, ref=ref, keyword=that)]

    def e_bite(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("bite", target=T.Target("permanent", f1), filter=f2)

    def e_pump_up_to_one_other(self, meta, ch):
        kw = _tokens(ch, "KW")
        return T.Effect("pump", who="other_target", target=T.Target("permanent", _one(ch, T.Filter), optional=True),
                        pt=self._pt(ch), keyword=str(kw[0]).lower() if kw else "")

    def e_unblockable_up_to_one(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_be_blocked",
                        target=T.Target("permanent", _one(ch, T.Filter), optional=True))

    def e_double_power(self, meta, ch):
        return T.Effect("double_power", target=T.Target("permanent", T.Filter("creature")))

    def e_bite_that(self, meta, ch):
        return T.Effect("bite", who="that", counter=str(_tokens(ch, "TYPE")[0]).lower(), filter=_one(ch, T.Filter))

    def e_bite_it(self, meta, ch):
        return T.Effect("bite", who="it", counter="creature", filter=_one(ch, T.Filter))

    def e_damage_own_power(self, meta, ch):     # "it deals damage equal to its power to target .../each opponent"
        f = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("damage_own_power", ref=_one(ch, T.SelfRef),
                        target=T.Target("permanent", f[0]) if f else T.Target("each_opponent"))

    def e_bite_twice(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("bite", target=T.Target("permanent", f1), filter=f2, n=2)

    def e_gains_that(self, meta, ch):
        return T.Effect("gains_until_eot", keyword=str(_tokens(ch, "KW")[0]).lower(), who="that",
                        counter=str(_tokens(ch, "TYPE")[0]).lower())

    def e_gains_that_two(self, meta, ch):
        kind = str(_tokens(ch, "TYPE")[0]).lower()
        return [T.Effect("gains_until_eot", keyword=str(k).lower(), who="that", counter=kind) for k in _tokens(ch, "KW")]

    def e_damage_player_or_pw_count(self, meta, ch):
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("player_or_planeswalker"),
                        x=_one(ch, T.Filter), where=True)

    # attack, block and combat damage triggers (issue 28, family 2) -------------------------
    ev_attacks_or_blocks = _ev("attacks_or_blocks", "whenever ~ attacks or blocks")
    ev_enters_or_combat_damage = _ev("enters_or_combat_damage", "when ~ enters or deals combat damage to a player")

    def ev_filter_attacks(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("attacks_filter", filter=f, text=f"whenever a {f.text} attacks")

    def e_discard_that_player(self, meta, ch):
        return T.Effect("discard", who="that_player", n=1)

    def e_mill_that_player(self, meta, ch):
        return T.Effect("mill", who="that_player", n=number(_tokens(ch, "NUM")[0]))

    def e_damage_attacked(self, meta, ch):
        return T.Effect("damage_attacked", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))

    def e_wheel(self, meta, ch):
        return [T.Effect("discard_hand", who="each_player"), T.Effect("draw", who="each_player", n=number(_tokens(ch, "NUM")[0]))]

    # "your opponents control"; "you may have target ... get"; "if you control a [kind]" (issue 28) ------------
    def e_draw_discard_target(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        return [T.Effect("draw", who="target_player", n=n), T.Effect("discard", who="same_target", n=m)]

    def e_lose_life_that_player(self, meta, ch):
        return T.Effect("lose_life", who="discarder", n=number(_tokens(ch, "NUM")[0]))


    def ev_opponent_discards(self, meta, ch):
        return T.Event("opponent_discards", text="whenever an opponent discards a card")

    def ev_you_discard(self, meta, ch):                # e5 (issue 28): Glint-Horn Buccaneer
        return T.Event("you_discard", text="whenever you discard a card")

    # +1/+1 counters (issue 28) ------------------------------------------------------------------
    def s_enters_with_counters(self, meta, ch):
        nums = _tokens(ch, "NUM")
        n = number(nums[0]) if nums else "X"
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        cond = ("attacked_this_turn" if _tokens(ch, "ENTERS_IF_ATTACKED") else
                "opponent_lost_life_ge" if _tokens(ch, "ENTERS_IF_OPPONENT_LOST") else "")
        text = f"~ enters with {n} {kind} counter(s) on it" + {
            "attacked_this_turn": " if you attacked with a creature this turn",
            "opponent_lost_life_ge": " if an opponent lost life this turn", "": ""}[cond]
        return T.Ability("static", ref=_one(ch, T.SelfRef),
                         static=T.Static("enters_with_counters", n=n, change=kind, who=cond or "always", text=text))

    def s_enters_with_counters_for_each(self, meta, ch):
        f = _one(ch, T.Filter)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        return T.Ability("static", ref=_one(ch, T.SelfRef),
                         static=T.Static("enters_with_counters", n=1, change=kind, who="always", count=f,
                                         text=f"~ enters with a {kind} counter on it for each {f.text}"))

    def s_others_enter_with_counter_opponents_lost(self, meta, ch):   # Gev, Scaled Scorch (issue 28, lf)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        return T.Ability("static", static=T.Static(
            "others_enter_with_counters", change=kind,
            text=f"other creatures you control enter with an additional {kind} counter on them for each opponent who "
                 f"lost life this turn"))

    def s_anthem_counter(self, meta, ch):
        f = _one(ch, T.Filter)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        kws = [c for c in ch if isinstance(c, tuple) and c and c[0] == "kws"][0][1]
        return T.Ability("static", static=T.Static("anthem_counter", f, change=kind, keywords=kws,
                                                   text=f"each {f.text} with a {kind} counter on it has {', '.join(kws)}"))

    def e_fights_that(self, meta, ch):
        return T.Effect("fight_that", counter=str(_tokens(ch, "TYPE")[0]).lower(), filter=_one(ch, T.Filter))

    def e_counters_two_targets(self, meta, ch):
        n1, n2 = (number(t) for t in _tokens(ch, "NUM"))
        k1, k2 = (str(t).replace("−", "-") for t in _tokens(ch, "PT"))
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return [T.Effect("counters", n=n1, counter=k1, target=T.Target("permanent", f1)),
                T.Effect("counters", n=n2, counter=k2, target=T.Target("permanent", f2, optional=True))]

    # pump for each; "untap them"; "unless you attacked"; "if it's a [kind]" (issue 28) ---------------
    def e_pump_self_for_each(self, meta, ch):
        return T.Effect("pump", ref=_one(ch, T.SelfRef), pt=self._pt(ch), x=_one(ch, T.Filter), for_each=True)

    def e_pump_target_for_each(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("pump", target=T.Target("permanent", f1), pt=self._pt(ch), x=f2, for_each=True)

    def e_untap_them(self, meta, ch):
        return T.Effect("untap", who="them")

    def e_discard_unless_attacked(self, meta, ch):
        return T.Effect("discard", who="you", n=number(_tokens(ch, "NUM")[0]), keyword="unless_attacked")

    def e_if_its_gains(self, meta, ch):
        kw = str(_tokens(ch, "KW")[0]).lower()
        that = _tokens(ch, "TYPE")          # "If that creature is a token, ..." (Hazardroot Herbalist)
        return T.Effect("if_is", filter=_one(ch, T.Filter), then=T.Effect("gains_until_eot", keyword=kw, ref=T.SelfRef("it")),
                        counter=str(that[0]).lower() if that else "")

    # tokens attacking; "defending player"; "if it's legendary. Then it fights" (issue 28) -----------
    def e_create_tapped(self, meta, ch):
        return T.Effect("create_token", n=number(_tokens(ch, "NUM")[0]), token=_one(ch, T.Token), keyword="tapped")

    def e_create_attacking(self, meta, ch):
        return T.Effect("create_token", n=number(_tokens(ch, "NUM")[0]), token=_one(ch, T.Token), keyword="attacking")

    def e_tap_defending(self, meta, ch):
        return T.Effect("tap", target=T.Target("permanent", _one(ch, T.Filter)), keyword="defending")

    def e_counters_if_its(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        inner = T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                         target=T.Target("permanent", f1))
        return T.Effect("if_is", filter=f2, then=inner)

    def e_fights_it(self, meta, ch):
        return T.Effect("fight_that", counter="it", filter=_one(ch, T.Filter))

    def ev_equipped_attacks(self, meta, ch):
        return T.Event("equipped_attacks", text="whenever equipped creature attacks")

    def e_damage_defending(self, meta, ch):
        return T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        target=T.Target("defending", _one(ch, T.Filter)))

    def e_damage_player_and_theirs(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        ref = _one(ch, T.SelfRef)
        return [T.Effect("damage", n=n, ref=ref, target=T.Target("player")),
                T.Effect("damage_each_of_target_player", n=m, ref=ref, filter=_one(ch, T.Filter))]

    # draw triggers (issue 28) -------------------------------------------------------------------
    def ev_you_draw(self, meta, ch):
        return T.Event("draws", step=("", "", "you"), text="whenever you draw a card")

    def ev_you_draw_second(self, meta, ch):   # h3: Erudite Wizard
        return T.Event("draws_second", step=("", "", "you"), text="whenever you draw your second card each turn")

    def ev_you_expend(self, meta, ch):            # "Whenever you expend 4" (rules/mana/expend.lp)
        n = number(_tokens(ch, "NUM")[0])
        return T.Event("expends", step=("", "", "you"), n=n, text=f"whenever you expend {n}")

    def ev_opponent_draws(self, meta, ch):
        return T.Event("draws", step=("", "", "opponent"), text="whenever an opponent draws a card")

    def e_mill_opponents(self, meta, ch):
        return T.Effect("mill", who="each_opponent", n=number(_tokens(ch, "NUM")[0]))

    def s_dig_put_other(self, meta, ch):        # "the other": one card left, so the two numbers must say so
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        if n != m + 1:
            raise NotUnderstood("the other")
        return self.s_dig_put(meta, ch)

    def s_dig_put(self, meta, ch):
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        return [T.Effect("dig_put", n=n, who=str(m))]

    def e_pump_target_two(self, meta, ch):
        k1, *more = (str(k).lower() for k in _tokens(ch, "KW"))    # two keywords, or three ("trample, hexproof, and indestructible")
        t = T.Target("permanent", _one(ch, T.Filter))
        return [T.Effect("pump", target=t, pt=self._pt(ch), keyword=k1)] + [T.Effect("gains_until_eot", keyword=k, who="same")
                                                                             for k in more]

    # "each of up to two target creatures" (issue 28) ---------------------------------------------
    def e_damage_up_to_two(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_two", then=T.Effect("damage", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), target=t))

    def e_counters_up_to_two_other(self, meta, ch):
        e = self.e_counters_up_to_two(meta, ch)
        return replace(e, then=self._other(e.then))

    def e_counters_up_to_two(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_two", then=T.Effect("counters", n=number(_tokens(ch, "NUM")[0]),
                                                   counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), target=t))

    def e_regrowth_up_to_two(self, meta, ch):
        f = _one(ch, T.Filter)
        t = T.Target("card_in_graveyard", T.Filter(f.text, "card", extra=("you_own",)), optional=True)
        return T.Effect("up_to_two", then=T.Effect("regrowth", target=t))

    # searching for a card by name; the top card (issue 28) ---------------------------------------
    def e_search_named(self, meta, ch):
        to = " ".join(str(_tokens(ch, "SEARCH_TO")[0]).lower().split())
        where = {"onto the battlefield tapped": "battlefield_tapped", "onto the battlefield": "battlefield",
                 "into your hand": "hand"}[to]
        names = tuple(str(t) for t in _tokens(ch, "CARD_NAME"))
        return T.Effect("search_named", who=where, keyword=" or ".join(names))

    def e_peek_top(self, meta, ch):
        return T.Effect("peek_top", filter=_one(ch, T.Filter))

    # "if you control three or more creatures"; "any number of"; "draw a card for each" (issue 28) ----

    def s_dig_any(self, meta, ch):
        return [T.Effect("dig_any", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))]

    def s_draw_for_each_counter(self, meta, ch):
        f = _one(ch, T.Filter)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        f = T.Filter(f"{f.text} with a {kind} counter on it", f.kind)
        return [T.Effect("draw", n="X", x=f, for_each=True),
                T.Effect("gains_until_eot", filter=f, keyword=str(_tokens(ch, "KW")[0]).lower(), who="those")]

    # damage triggers; "and can't be blocked this turn"; "named ~" (issue 28) ----------------------
    def ev_deals_damage_opponent(self, meta, ch):
        return T.Event("deals_damage_opponent", ref=_one(ch, T.SelfRef), text="whenever ~ deals damage to an opponent")

    def ev_opponent_noncombat_damage(self, meta, ch):
        return T.Event("opponent_noncombat_damage", text="whenever an opponent is dealt noncombat damage")

    def e_pump_self_unblockable(self, meta, ch):
        ref = _one(ch, T.SelfRef)
        return [T.Effect("pump", ref=ref, pt=self._pt(ch)),
                T.Effect("restricted_this_turn", keyword="cant_be_blocked", ref=ref)]

    def e_pump_each_named(self, meta, ch):
        f = _one(ch, T.Filter)
        name = str(_tokens(ch, "CARD_NAME")[0])
        return T.Effect("pump", filter=T.Filter(f"{f.text} named {name}", f.kind), pt=self._pt(ch))

    # "one or more ... attack"; mill X (issue 28) -------------------------------------------------
    def ev_one_or_more_enter(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("one_or_more_enter", filter=f, text=f"whenever one or more {f.text} enter under your control")

    def ev_one_or_more_enter_now(self, meta, ch):   # "Whenever one or more tokens you control enter" (bt)
        f = _one(ch, T.Filter)
        return T.Event("one_or_more_enter", filter=f, step=("", "", "own"), text=f"whenever one or more {f.text} enter")

    def ev_one_or_more_die(self, meta, ch):         # "Whenever one or more creatures you control die" (bt)
        f = _one(ch, T.Filter)
        return T.Event("one_or_more_die", filter=f, text=f"whenever one or more {f.text} die")

    def ev_one_or_more_leave_not_dying(self, meta, ch):   # "Whenever one or more other creatures you control leave
        f = _one(ch, T.Filter)                              # the battlefield without dying" (bt)
        return T.Event("one_or_more_leave_not_dying", filter=f,
                       text=f"whenever one or more {f.text} leave the battlefield without dying")

    def ev_self_or_another_leaves_not_dying(self, meta, ch):   # "Whenever ~ or another creature you control leaves the
        f = _one(ch, T.Filter)                                  # battlefield without dying" (bt)
        return T.Event("self_or_another_leaves_not_dying", ref=_one(ch, T.SelfRef), filter=T.Filter(f"another {f.text}", f.kind),
                       text=f"whenever ~ or another {f.text} leaves the battlefield without dying")

    def ev_you_sacrifice_one_or_more(self, meta, ch):   # "Whenever you sacrifice one or more Foods" (bt)
        f = _one(ch, T.Filter)
        return T.Event("sacrifice_one_or_more", filter=f, text=f"whenever you sacrifice one or more {f.text}")

    def ev_counters_put_on_another(self, meta, ch):   # "Whenever one or more +1/+1 counters are put on another
        f = _one(ch, T.Filter)                         # non-Hydra creature you control" (bt)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        return T.Event("counters_put_on", filter=T.Filter(f"another {f.text}", f.kind), step=(kind, "", ""),
                       text=f"whenever one or more {kind} counters are put on another {f.text}")

    def ev_you_put_counters_on_self(self, meta, ch):  # "Whenever you put one or more +1/+1 counters on this creature" (bt)
        kind = str(_tokens(ch, "PT")[0]).replace("−", "-")
        return T.Event("you_put_counters_on_self", ref=_one(ch, T.SelfRef), step=(kind, "", ""),
                       text=f"whenever you put one or more {kind} counters on ~")

    def ev_you_sacrifice_a(self, meta, ch):   # "Whenever you sacrifice a permanent" (bt)
        f = _one(ch, T.Filter)
        return T.Event("sacrifice_each", filter=f, text=f"whenever you sacrifice a {f.text}")

    def ev_enters_and_sacrificed(self, meta, ch):   # "When ~ enters and when you sacrifice it" (Carrot Cake)
        return T.Event("enters_and_sacrificed", ref=_one(ch, T.SelfRef), text="when ~ enters and when you sacrifice it")

    def ev_one_or_more_attack(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("one_or_more_attack", filter=f, text=f"whenever one or more {f.text} attack")

    def ev_you_attack_n(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Event("attack_n_or_more", filter=T.Filter("creatures you control"), n=n,
                       text=f"whenever you attack with {n} or more creatures")

    def ev_you_attack_with_one_or_more(self, meta, ch):
        f = _one(ch, T.Filter)
        if re.search(r"\bcontrols?\b", f.text, re.I):       # the attackers are always its controller's
            raise NotUnderstood(f.text)
        return T.Event("one_or_more_attack", filter=T.Filter(f"{f.text} you control", f.kind),
                       text=f"whenever you attack with one or more {f.text}")

    def ev_you_attack(self, meta, ch):
        return T.Event("one_or_more_attack", filter=T.Filter("creatures you control"), text="whenever you attack")

    def e_mill_target_x(self, meta, ch):
        return T.Effect("mill", who="target_player", n="X")

    def modal_header(self, meta, ch):
        return T.Ability("modal", n=number(_tokens(ch, "NUM")[0]))

    def mode_line(self, meta, ch):
        effs = [c for c in ch if isinstance(c, tuple) and c[0] == "effects"][0]
        return T.Ability("mode", effects=effs[1])

    def e_its_controller_draws(self, meta, ch):
        return T.Effect("draw", who="its_controller", n=number(_tokens(ch, "NUM")[0]))

    def e_reanimate_with_counter(self, meta, ch):
        e = self.e_reanimate(meta, [c for c in ch if not (isinstance(c, Token) and c.type == "KW")])
        return replace(e, counter=" ".join(str(_tokens(ch, "KW")[0]).lower().split()))

    def pawprint_header(self, meta, ch):
        return T.Ability("pawprint_modal", n=number(_tokens(ch, "NUM")[0]))

    def pawprint_mode(self, meta, ch):
        effs = [c for c in ch if isinstance(c, tuple) and c[0] == "effects"][0]
        return T.Ability("pawprint_mode", effects=effs[1], n=len(_tokens(ch, "PAWPRINT")))

    def opening_hand(self, meta, ch):
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "opening_hand", text=reading_notes()["opening_hand"]))

    def may_effect(self, meta, ch):
        return ch[0]

    def e_may(self, meta, ch):
        return T.Effect("may", then=_one(ch, T.Effect))

    def each_effect(self, meta, ch):
        return ch[0]

    def e_counters_each(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        filter=_one(ch, T.Filter))

    def e_damage_each_except(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("damage_each", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        filter=T.Filter(f"{f1.text} except for {f2.text}", "permanent"))

    def e_damage_each(self, meta, ch):
        return T.Effect("damage_each", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), filter=_one(ch, T.Filter))

    def e_unblockable_each(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_be_blocked", filter=_one(ch, T.Filter))

    def e_cant_block_each(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_block", filter=_one(ch, T.Filter))

    def with_kw(self, meta, ch):
        return None

    def with_number(self, meta, ch):
        return None

    def e_unblockable_same(self, meta, ch):
        return T.Effect("restricted_this_turn", keyword="cant_be_blocked", who="same")

    def _evasion(self, ch, name, text, keyword=""):
        f = _one(ch, T.Filter)
        return T.Ability("static", ref=_one(ch, T.SelfRef),
                         static=T.Static("evasion", f, who=name, keywords=(keyword,) if keyword else (),
                                         text=text.format(f=f.text if f else "")))

    def r_blocked_by_lesser_power(self, meta, ch):
        return T.Ability("static", static=T.Static("evasion", None, who="cant_be_blocked_by_lesser_power",
                                                   text="creatures with power less than ~'s power can't block it"))

    def s_self_gets_for_each_on_battlefield(self, meta, ch):
        p, t = self._pt(ch)
        f = _one(ch, T.Filter)
        return T.Ability("static", ref=_one(ch, T.SelfRef),
                         static=T.Static("self_gets_for_each", who="self", power=p, toughness=t, count=f,
                                         text=f"~ gets {p:+d}/{t:+d} for each {f.text} on the battlefield"))

    def r_blocked_by_one(self, meta, ch):
        return self._evasion(ch, "cant_be_blocked_by_more_than_one", "~ can't be blocked by more than one creature")

    def r_blocked_except_by(self, meta, ch):
        return self._evasion(ch, "cant_be_blocked_except_by", "~ can't be blocked except by {f}")

    def r_blocked_by(self, meta, ch):
        return self._evasion(ch, "cant_be_blocked_by", "~ can't be blocked by {f}")

    def r_unblockable_if_cast(self, meta, ch):
        return self._evasion(ch, "cant_be_blocked_if_cast", "~ can't be blocked if you've cast a {f} spell this turn")

    def r_block_only_kw(self, meta, ch):
        kw = str(_tokens(ch, "KW")[0]).lower()
        return self._evasion(ch, "can_block_only_with", f"~ can block only creatures with {kw}", kw)

    def r_must_attack(self, meta, ch):
        return self._evasion(ch, "attacks_each_combat", "~ attacks each combat if able")

    # Auras: "for each", "and can't block" (issue 28) ------------------------------------------
    def s_attached_gets_for_each(self, meta, ch):
        p, t = self._pt(ch)
        f = _one(ch, T.Filter)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        scope = str(_tokens(ch, "ATTACHED")[0]).lower()
        noun = str(_tokens(ch, "TYPE")[0]).lower()
        where = " on the battlefield" if "on the battlefield" in self._span(meta).lower() else ""
        words = f"{scope} {noun} gets {p:+d}/{t:+d} for each {f.text}{where}" + (f" and has {', '.join(kws)}" if kws else "")
        return T.Ability("static", static=T.Static("attached_gets", who=scope, power=p, toughness=t, keywords=kws,
                                                   filter=T.Filter(noun), count=f, text=words))

    def s_enchanted_gets_cant(self, meta, ch):
        p, t = self._pt(ch)
        r = " ".join(str(_tokens(ch, "RESTRICT")[0]).lower().split())
        kinds = {"attack": ("cant_attack",), "block": ("cant_block",), "attack or block": ("cant_attack", "cant_block")}[r]
        return T.Ability("static", static=T.Static("attached_gets", who="enchanted", power=p, toughness=t,
                                                   filter=T.Filter("creature"), restrictions=kinds,
                                                   text=f"enchanted creature gets {p:+d}/{t:+d} and can't {r}"))

    def s_enchanted_gets_unblockable(self, meta, ch):
        p, t = self._pt(ch)
        return T.Ability("static", static=T.Static("attached_gets", who="enchanted", power=p, toughness=t,
                                                   filter=T.Filter("creature"), restrictions=("cant_be_blocked",),
                                                   text=f"enchanted creature gets {p:+d}/{t:+d} and can't be blocked"))

    def s_enchanted_permanent_has(self, meta, ch):
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"][0][1]
        return T.Ability("static", static=T.Static("attached_gets", who="enchanted", keywords=kws,
                                                   filter=T.Filter("permanent"), text=f"enchanted permanent has {', '.join(kws)}"))

    def ev_attached_deals_damage(self, meta, ch):
        who = str(_tokens(ch, "ATTACHED")[0]).lower()
        return T.Event("deals_damage", step=(who, "", ""), text=f"whenever {who} creature deals damage")

    def e_gain_that_much(self, meta, ch):
        return T.Effect("gain_life", n="that_much")

    def e_counters_that_many(self, meta, ch):
        return T.Effect("counters", n="that_much", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), ref=_one(ch, T.SelfRef))

    def e_counters_self_power(self, meta, ch):
        return T.Effect("counters", n="power_self", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), ref=_one(ch, T.SelfRef))

    def e_destroy_all_and(self, meta, ch):
        # "artifacts and enchantments": "and" joins two kinds, each destroyed ("or" in a filter)
        a, b = (str(w) for w in _tokens(ch, "FWORD"))
        return T.Effect("destroy_all", filter=T.Filter(f"{a} and {b}", "permanent", and_or=True))

    def e_damage_each_two_kinds(self, meta, ch):
        a, b = (str(w) for w in _tokens(ch, "FWORD"))
        return T.Effect("damage_each", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef), filter=T.Filter(f"{a} or {b}"))

    def e_put_library(self, meta, ch):
        end = "bottom" if "bottom" in str(_tokens(ch, "LIBRARY_END")[0]).lower() else "top"
        return T.Effect("put_library", keyword=end, target=T.Target("permanent", _one(ch, T.Filter)))

    def e_put_library_owner_choice(self, meta, ch):   # "... on their choice of the top or bottom of their library"
        return T.Effect("put_library", keyword="owner_choice", target=T.Target("permanent", T.Filter("creature", "permanent")))

    # bounce (issue 28) -------------------------------------------------------------------------
    def e_bounce_up_to_n(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_n", n=number(_tokens(ch, "NUM")[0]), then=T.Effect("bounce", target=t))

    def e_bounce_all(self, meta, ch):
        return T.Effect("bounce_all", filter=_one(ch, T.Filter))

    def e_bounce_each(self, meta, ch):   # "Return each nonland, nontoken permanent to its owner's hand."
        return T.Effect("bounce_all", filter=_one(ch, T.Filter), keyword="each")

    def e_bounce_all_target_player(self, meta, ch):
        return T.Effect("bounce_all", who="target_player", filter=_one(ch, T.Filter))

    def e_regrowth_any_graveyard(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("regrowth", who="any_graveyard", target=T.Target("card_in_graveyard", T.Filter(f.text, "card")))

    def e_if_kicked_then(self, meta, ch):
        return [T.Effect("if_then", keyword="kicked", then=_one(ch, T.Effect))]

    def e_if_gift_then(self, meta, ch):   # "If the gift was / wasn't promised, [effect]" (rules/mechanics/gift.lp)
        was = str(_tokens(ch, "GIFT_WAS")[0]).lower() == "was"
        return [T.Effect("if_then", keyword="gift_promised" if was else "gift_not_promised", then=_one(ch, T.Effect))]

    def e_if_gift_instead(self, meta, ch):   # "If the gift was promised, instead [effect]" (rules/mechanics/gift.lp)
        return [T.Effect("if_then", keyword="gift_instead", then=_one(ch, T.Effect))]

    def e_damage_that_controller_also(self, meta, ch):   # "~ also deals 3 damage to that creature's controller"
        that = str(_tokens(ch, "THAT_CONTROLLER")[0]).lower().split("'")[0]
        return T.Effect("damage_target_controller", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        keyword=that, who="also")

    def e_damage_any_and_each(self, meta, ch):   # "~ deals 1 damage to any target and 2 damage to each creature"
        n, m = (number(t) for t in _tokens(ch, "NUM"))
        ref = _one(ch, T.SelfRef)
        return T.Effect("damage_any_and_each", n=n, ref=ref, target=T.Target("any"),
                        then=T.Effect("damage_each", n=m, ref=ref, filter=_one(ch, T.Filter)))

    # one word "target" with two targets (rules/core/targets_distinct.lp) ---------------------------------
    def e_destroy_two(self, meta, ch):   # "destroy two target artifacts and/or enchantments" (Wear Down)
        return T.Effect("n_targets", n=2, then=T.Effect("destroy", target=T.Target("permanent", _one(ch, T.Filter))))

    def e_regrowth_two(self, meta, ch):   # "return two target permanent cards from your graveyard to your hand"
        f = _one(ch, T.Filter)
        t = T.Target("card_in_graveyard", T.Filter(f.text, "card", extra=("you_own",)))
        return T.Effect("n_targets", n=2, then=T.Effect("regrowth", target=t))

    def e_reanimate_up_to_n_each(self, meta, ch):   # "return up to two target creature cards each with mana value 2 or less ..."
        f = _one(ch, T.Filter)
        num = [c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "card_number"]
        t = T.Target("card_in_graveyard", T.Filter(f"{f.text} {num[0]}", "card", extra=("you_own",)), optional=True)
        return T.Effect("up_to_n", n=number(_tokens(ch, "NUM")[0]), then=T.Effect("reanimate", target=t))

    def e_stun_on_it(self, meta, ch):   # "put three stun counters on it" (rules/mechanics/stun.lp)
        return T.Effect("stun_on_it", n=number(_tokens(ch, "NUM")[0]))

    def e_return_that_next_end_step(self, meta, ch):   # "return that creature ... at the beginning of the next end step"
        return T.Effect("return_next_end_step", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), n=1,
                        keyword=str(_tokens(ch, "TYPE")[0]).lower())

    def e_edict_greatest(self, meta, ch):   # "target opponent sacrifices a creature with the greatest power among ..."
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        f = _one(ch, T.Filter)
        return T.Effect("edict", who=f"target_{who}",
                        filter=T.Filter(f"{f.text} with the greatest power among creatures they control", f.kind))

    def e_choose_two_targets(self, meta, ch):   # "Choose target creature you control and target creature you don't control"
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("choose_two_targets", target=T.Target("permanent", f1), filter=f2)

    def e_counter_on_chosen_if_gift(self, meta, ch):   # "Put a +1/+1 counter on the creature you control if the gift ..."
        return T.Effect("counter_on_chosen_if_gift", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), n=1,
                        filter=_one(ch, T.Filter))

    def e_those_fight(self, meta, ch):   # "Then those creatures fight each other."
        return T.Effect("those_fight")

    def gift_line(self, meta, ch):   # "Gift a card" (rules/mechanics/gift.lp)
        kind = str(_tokens(ch, "GIFT_KIND")[0]).lower().removeprefix("a ")
        return T.Ability("gift", counter=kind)

    def ev_you_give_gift(self, meta, ch):   # "Whenever you give a gift" (rules/mechanics/gift.lp)
        return T.Event("gives_gift", step=("", "", "you"), text="whenever you give a gift")

    def if_gift_promised(self, meta, ch):
        return ("if", "gift_promised")

    def e_if_condition_then(self, meta, ch):
        c = _one(ch, T.Condition)
        return [T.Effect("if_then", keyword=c.kind, filter=c.filter, n=c.n, then=_one(ch, T.Effect))]

    def e_draw_that_many(self, meta, ch):
        return T.Effect("draw", n="that_much")

    # "as long as" (issue 28) ---------------------------------------------------------------
    def s_while(self, meta, ch):
        cond = _one(ch, T.Condition)
        pt = _tokens(ch, "PT")
        p, t = self._pt(ch) if pt else (0, 0)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        att = _tokens(ch, "ATTACHED")
        who = str(att[0]).lower() if att else "self"
        refs = [c for c in ch if isinstance(c, T.SelfRef)]
        ref = refs[-1] if refs and not att else None       # the permanent that gets it (a condition may name it too)
        subject = f"{who} creature" if att else "~"
        words = (f"{subject}" + (f" gets {p:+d}/{t:+d}" if pt else "") + (" and" if pt and kws else "")
                 + (f" has {', '.join(kws)}" if kws else "") + f" as long as {cond.text}")
        return T.Ability("static", ref=ref, static=T.Static("while", who=who, power=p, toughness=t, keywords=kws,
                                                            condition=cond, text=words))

    # "+X/+X, where X is ..." of a target (issue 28, fc; rules/timeline/pump_x.lp) ------------------------------
    def e_eot_gains_pump_x_count(self, meta, ch):   # "until end of turn, target creature ... gains vigilance and gets +X/+X, where X is the number of ..."
        f, counted = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("pump_x", target=T.Target("permanent", f), pt=(1, 1), x=counted,
                        keyword=str(_tokens(ch, "KW")[0]).lower())

    def e_pump_x_source_power(self, meta, ch):      # "[another] target creature ... [gains K and] gets +X/+0 ..., where X is this creature's power"
        f = _one(ch, T.Filter)
        if _tokens(ch, "ANOTHER_WORD"):
            f = T.Filter(f.text, f.kind, f.and_or, ("other",))
        kw = _tokens(ch, "KW")
        return T.Effect("pump_x", target=T.Target("permanent", f), pt=(1, 1) if _tokens(ch, "PLUS_XX") else (1, 0),
                        counter="source_power", keyword=str(kw[0]).lower() if kw else "")

    # exile, then return (issue 28, fc) -----------------------------------------------------------------------------
    def e_return_it_next_end_step(self, meta, ch):   # "return it / that card ... [with a flying counter on it] at the beginning of the next end step"
        pt, kw = _tokens(ch, "PT"), _tokens(ch, "KW")
        counter = str(pt[0]).replace("−", "-") if pt else " ".join(str(kw[0]).lower().split()) if kw else ""
        return T.Effect("return_next_end_step", counter=counter, n=1 if counter else 0, keyword="it")

    def e_exile_linked_up_to_one(self, meta, ch):   # "exile up to one [other] target creature you control"
        f = _one(ch, T.Filter)
        if _tokens(ch, "OTHER_WORD"):
            f = T.Filter(f.text, f.kind, f.and_or, ("other",))
        return T.Effect("exile_linked", target=T.Target("permanent", f, optional=True))

    def e_flicker(self, meta, ch):   # "exile [another] target creature you control, then return it ... [with a +1/+1 counter on it]"
        f = _one(ch, T.Filter)
        if _tokens(ch, "ANOTHER_WORD"):
            f = T.Filter(f.text, f.kind, f.and_or, ("other",))
        pt = _tokens(ch, "PT")
        counter = str(pt[0]).replace("−", "-") if pt else ""
        return T.Effect("flicker", target=T.Target("permanent", f), counter=counter, n=1 if counter else 0)

    def e_counter_self_for_each(self, meta, ch):   # "put a +1/+1 counter on it for each other Squirrel and/or Food you control"
        return T.Effect("counters", n="for_each", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        ref=_one(ch, T.SelfRef), x=_one(ch, T.Filter), for_each=True)

    # "that many" after combat damage (issue 28, fc; rules/timeline/combat_damage_amount.lp) ---------------------------
    def e_counters_that_many_named(self, meta, ch):   # "put that many incubation counters on it"
        return T.Effect("counters", n="that_much", counter=str(_tokens(ch, "NAMED_COUNTER")[0]).lower(), ref=_one(ch, T.SelfRef))

    def e_counter_named_on_self(self, meta, ch):      # "put a loyalty counter on Kaito"
        return T.Effect("counters", n=1, counter=str(_tokens(ch, "NAMED_COUNTER")[0]).lower(), ref=_one(ch, T.SelfRef))

    def e_create_that_many(self, meta, ch):           # "create that many 1/1 green Elf Warrior creature tokens"
        return T.Effect("create_token", n="that_much", token=_one(ch, T.Token))

    def c_remove_named_counters(self, meta, ch):      # "Remove three incubation counters from this creature"
        return [T.CostItem("remove_counters", number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                           symbols=(str(_tokens(ch, "NAMED_COUNTER")[0]).lower(),))]

    def ev_filter_combat_damage_player(self, meta, ch):   # "Whenever a creature you control deals combat damage to a player"
        f = _one(ch, T.Filter)
        return T.Event("combat_damage_filter", filter=f, text=f"whenever a {f.text} deals combat damage to a player")

    def ev_one_or_more_combat_damage_player(self, meta, ch):   # "Whenever one or more Birds you control deal combat damage to a player"
        f = _one(ch, T.Filter)
        return T.Event("combat_damage_one_or_more", filter=f,
                       text=f"whenever one or more {f.text} deal combat damage to a player")

    # Sunspine Lynx (issue 28, fc; rules/timeline/damage_each_player_count.lp) ---------------------------------------
    def e_damage_each_player_count(self, meta, ch):   # "it deals damage to each player equal to the number of nonbasic lands that player controls"
        f = _one(ch, T.Filter)
        return T.Effect("damage_each_player_count", ref=_one(ch, T.SelfRef), filter=T.Filter(f.text, "permanent"))

    def s_damage_cant_be_prevented(self, meta, ch):   # "Damage can't be prevented."
        return T.Ability("static", static=T.Static("damage_cant_be_prevented", text="damage can't be prevented"))

    def e_create_n_named(self, meta, ch):   # "create four 3/3 blue Serpent creature tokens named Koma's Coil"
        tok = _one(ch, T.Token)
        return T.Effect("create_token", n=number(_tokens(ch, "NUM")[0]),
                        token=replace(tok, name=str(_tokens(ch, "TOKEN_NAME_END")[0])))

    def s_additional_land(self, meta, ch):     # "You may play an additional land on each of your turns."
        return T.Ability("static", static=T.Static("additional_land", text="you may play an additional land on each of your turns"))

    def s_while_unblockable(self, meta, ch):   # threshold: "~ can't be blocked as long as ...", "... gets +1/+0 and can't be blocked"
        got = self.s_while(meta, ch)
        st = got.static
        pt = f" gets {st.power:+d}/{st.toughness:+d} and" if _tokens(ch, "PT") else ""
        return replace(got, static=replace(st, restrictions=("cant_be_blocked_while",),
                                           text=f"~{pt} can't be blocked as long as {st.condition.text}"))

    def s_while_each_counter(self, meta, ch):   # h3: "During your turn, creatures you control with +1/+1 counters on them have ..."
        cond, f = _one(ch, T.Condition), _one(ch, T.Filter)
        pt = str(_tokens(ch, "PT")[0]).replace("−", "-")
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"][0][1]
        return T.Ability("static", static=T.Static(
            "while", T.Filter(f"{f.text} with a {pt} counter on it", f.kind, f.and_or, f.extra), who="each",
            keywords=kws, condition=cond,
            text=f"as long as {cond.text}, {f.text} with {pt} counters on them have {', '.join(kws)}"))

    def cond_during_your_turn(self, meta, ch):   # h3: "During your turn, ..." (Inspiring Paladin)
        return T.Condition("your_turn", text="it's your turn")

    def cond_you_control(self, meta, ch):
        f = _one(ch, T.Filter)
        art = _tokens(ch, "ARTICLE")
        return T.Condition("you_control", f, text=f"you control {str(art[0]) + ' ' if art else ''}{f.text}")

    def cond_you_control_n(self, meta, ch):
        f = _one(ch, T.Filter)
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("you_control", f, n=n, text=f"you control {n} or more {f.text}")

    def cond_any_controls(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Condition("any_controls", f, text=f"any player controls {str(_tokens(ch, 'ARTICLE')[0])} {f.text}")

    def cond_none_on_battlefield(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Condition("none_on_battlefield", f, text=f"no {f.text} are on the battlefield")

    def cond_your_turn(self, meta, ch):
        return T.Condition("your_turn", text="it's your turn")

    def cond_attacking(self, meta, ch):
        return T.Condition("attacking", ref=_one(ch, T.SelfRef) or T.SelfRef("it"), text="it's attacking")

    def cond_blocked_by_ge(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("blocked_by_ge", n=n, text=f"{n} or more creatures are blocking it")

    def cond_life_ge(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("life_ge", n=n, text=f"you have {n} or more life")

    def cond_opponent_life_le(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("opponent_life_le", n=n, text=f"an opponent has {n} or less life")

    def condition(self, meta, ch):
        return ch[0]

    def cond_graveyard_ge(self, meta, ch):
        f = _one(ch, T.Filter)
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("graveyard_ge", f, n=n, text=f"there are {n} or more {f.text} cards in your graveyard")

    def cond_graveyard_ge_cards(self, meta, ch):    # threshold: "seven or more cards in your graveyard", of any kind
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("graveyard_ge", T.Filter("card", "card"), n=n, text=f"there are {n} or more cards in your graveyard")

    def cond_opponent_graveyard_ge(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Condition("opponent_graveyard_ge", n=n, text=f"an opponent has {n} or more cards in their graveyard")

    def ev_enchanted_blocks(self, meta, ch):
        return T.Event("enchanted_blocks", text="when enchanted creature blocks")

    def ev_enchanted_dies(self, meta, ch):
        return T.Event("enchanted_dies", text="when enchanted creature dies")

    def _other_target(self, ch):
        f = _one(ch, T.Filter)
        return T.Target("permanent", T.Filter(f.text, f.kind, f.and_or, ("other",)))

    def e_may_fight_self(self, meta, ch):
        return T.Effect("may", then=T.Effect("fight_self", target=self._other_target(ch), ref=T.SelfRef("it")))

    def ev_becomes_level(self, meta, ch):         # "When this Class becomes level 2" (rules/mechanics/class.lp)
        n = number(_tokens(ch, "NUM")[0])
        return T.Event("becomes_level", n=n, text=f"when this Class becomes level {n}")

    def e_class_level(self, meta, ch):            # "{W}: Level 2": a Class's level ability (rules/mechanics/class.lp)
        return T.Effect("class_level", n=number(_tokens(ch, "NUM")[0]))

    def e_pump_equipped(self, meta, ch):
        return T.Effect("pump", pt=self._pt(ch), who="equipped")

    def e_may_fight_self_target(self, meta, ch):   # "you may have it fight target creature you don't control" (Affectionate Indrik)
        return T.Effect("may", then=T.Effect("fight_self", target=T.Target("permanent", _one(ch, T.Filter)),
                                             ref=T.SelfRef("it")))

    def e_fight_self(self, meta, ch):
        return T.Effect("fight_self", target=self._other_target(ch), ref=_one(ch, T.SelfRef))

    def e_fight_self_target(self, meta, ch):
        return T.Effect("fight_self", target=T.Target("permanent", _one(ch, T.Filter)), ref=_one(ch, T.SelfRef))

    def e_double_counters_self(self, meta, ch):
        return T.Effect("counters", n="double", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"), ref=_one(ch, T.SelfRef))

    def e_attach_self_target(self, meta, ch):
        return T.Effect("attach_self_target", target=T.Target("permanent", _one(ch, T.Filter)), ref=_one(ch, T.SelfRef))

    def e_bounce_other(self, meta, ch):
        return T.Effect("bounce", target=self._other_target(ch))

    def e_search_any(self, meta, ch):
        return T.Effect("search", who="hand", filter=T.Filter("card", "card"))

    def e_tap_all_target_player(self, meta, ch):
        return T.Effect("tap_all", who="target_" + str(_tokens(ch, "PLAYER_WORD")[0]).lower(), filter=_one(ch, T.Filter))

    e_destroy_it = _eff("destroy_it")
    e_tap_those = _eff("tap_those")
    e_exile_if_countered = _eff("exile_if_countered")
    e_return_that_card = _eff("return_that_card")

    def s_damage_instead(self, meta, ch):
        cond = _one(ch, T.Condition)
        n = number(_tokens(ch, "NUM")[0])
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "damage_instead", n=n, condition=cond,
            text=f"~ deals {n} damage to that creature or player instead if {cond.text}"))

    def if_condition(self, meta, ch):
        return ("if", _one(ch, T.Condition))

    def intervening_if(self, meta, ch):      # an alternative of `intervening_if` defined in a block of its own
        return ch[0]

    def s_self_cost_if(self, meta, ch):
        cond = _one(ch, T.Condition)
        mana = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", mana):
            raise NotUnderstood(mana)
        return T.Ability("static", static=T.Static("self_cost_if", change="reduce", n=int(mana[1:-1]), condition=cond,
                                                   text=f"this spell costs {mana} less to cast if {cond.text}"))

    e_explore = _eff("explore")

    def e_may_have_pump(self, meta, ch):
        return T.Effect("may", then=T.Effect("pump", target=T.Target("permanent", _one(ch, T.Filter)), pt=self._pt(ch)))

    def e_mill_target_opponent(self, meta, ch):
        return T.Effect("mill", who="target_opponent", n=number(_tokens(ch, "NUM")[0]))

    def e_edict_that_player(self, meta, ch):
        return T.Effect("edict", who="that_player", filter=_one(ch, T.Filter))

    e_win_game = _eff("win_game")
    e_extra_turn = _eff("extra_turn", who="you")
    e_extra_turn_target = _eff("extra_turn", who="target_player")
    e_exile_self_spell = _eff("exile_self_spell")

    def e_bounce_up_to_one(self, meta, ch):
        return T.Effect("bounce", target=T.Target("permanent", _one(ch, T.Filter), optional=True))

    def e_bounce_up_to_one_other(self, meta, ch):
        return self._other(self.e_bounce_up_to_one(meta, ch))

    def e_exile_graveyard_card_up_to_one(self, meta, ch):
        return T.Effect("exile", target=T.Target("card_in_graveyard", T.Filter("card", "card"), optional=True))

    def e_attach_to_created(self, meta, ch):
        return T.Effect("attach_to_created", ref=[c for c in ch if isinstance(c, T.SelfRef)][0])

    def e_regrowth_chosen(self, meta, ch):
        return T.Effect("regrowth_chosen", filter=_one(ch, T.Filter))

    def e_bounce_chosen_other(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("bounce_chosen", filter=T.Filter(f.text, f.kind, f.and_or, ("other",)))

    def e_discard_opponents_n(self, meta, ch):
        return T.Effect("discard", who="each_opponent", n=number(_tokens(ch, "NUM")[0]))

    def e_exile_until_leaves(self, meta, ch):
        return T.Effect("exile_until_leaves", target=T.Target("permanent", _one(ch, T.Filter)), ref=_one(ch, T.SelfRef))

    # token copies (issue 28; rules/timeline/token_copies.lp) ----------------------------------------------------
    def e_create_copy_target(self, meta, ch):
        return T.Effect("create_copy", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_create_copy_target_other(self, meta, ch):
        return self._other(self.e_create_copy_target(meta, ch))

    def e_create_copy_target_except(self, meta, ch):
        quoted = str(_tokens(ch, "QUOTED")[0])[1:-1].strip()
        granted = parse(quoted, False)             # the quoted ability: read as a line is (NotUnderstood if it isn't)
        return T.Effect("create_copy", target=T.Target("permanent", _one(ch, T.Filter)),
                        keyword=str(_tokens(ch, "KW")[0]).lower(), granted=granted)

    def e_create_copy_self(self, meta, ch):
        return T.Effect("create_copy", ref=_one(ch, T.SelfRef))

    def e_exile_until_leaves_other(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("exile_until_leaves", target=T.Target("permanent", T.Filter(f.text, f.kind, f.and_or, ("other",))),
                        ref=_one(ch, T.SelfRef))

    # d2 (issue 28): lore counters on a target Saga (family 2) ---------------------------------
    def e_lore_counter_target(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter="lore",
                        target=T.Target("permanent", _one(ch, T.Filter)))

    # d2 (issue 28): "If this spell was kicked / If [condition], [that creature's effect] instead." ---------
    def s_kicked_instead(self, meta, ch):
        return [T.Effect("instead", then=_one(ch, T.Effect))]

    def s_if_instead(self, meta, ch):
        return [T.Effect("instead", then=_one(ch, T.Effect), cond=_one(ch, T.Condition))]

    def ie_pump_that(self, meta, ch):
        p, t = str(_tokens(ch, "PT")[0]).replace("−", "-").split("/")
        return T.Effect("pump_that", pt=(int(p), int(t)), counter=str(_tokens(ch, "TYPE")[0]).lower())

    def ie_counter_unless_that(self, meta, ch):
        sym = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{\d+\}", sym):           # a colored or {X} payment is not read here
            raise NotUnderstood(f"pays {sym}")
        return T.Effect("counter_unless_that", n=int(sym[1:-1]))

    def ie_create_those(self, meta, ch):
        return T.Effect("create_those", n=number(_tokens(ch, "NUM")[0]))

    def ie_damage_same(self, meta, ch):
        return T.Effect("damage_same", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))

    def ie_damage_that(self, meta, ch):
        return T.Effect("damage_that", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef),
                        counter=str(_tokens(ch, "TYPE")[0]).lower())

    # d2 (issue 28): "~ can't attack or block alone." (family 11) ---------------------------------
    def r_alone(self, meta, ch):
        r = " ".join(str(_tokens(ch, "RESTRICT")[0]).lower().split())
        kinds = {"attack": ("cant_attack_alone",), "block": ("cant_block_alone",),
                 "attack or block": ("cant_attack_alone", "cant_block_alone")}[r]
        return T.Ability("restriction", ref=_one(ch, T.SelfRef), restrictions=kinds)

    # d2 (issue 28): "can't be blocked this turn" / pumps on "another target", "up to two target creatures" --
    def e_unblockable_target_other(self, meta, ch):
        return self._other(self.e_unblockable_target(meta, ch))

    def e_unblockable_up_to_two(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_two", then=T.Effect("restricted_this_turn", keyword="cant_be_blocked", target=t))

    def e_cant_block_up_to_two(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_two", then=T.Effect("restricted_this_turn", keyword="cant_block", target=t))

    def e_pump_up_to_two(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        kw = _tokens(ch, "KW")
        return T.Effect("up_to_two", then=T.Effect("pump", target=t, pt=self._pt(ch),
                                                   keyword=str(kw[0]).lower() if kw else ""))

    # d2 (issue 28): "Raid — ~ deals 6 damage to that creature instead if you attacked with a creature this turn." --
    def s_damage_instead_raid(self, meta, ch):
        n, kind = number(_tokens(ch, "NUM")[0]), str(_tokens(ch, "TYPE")[0]).lower()
        cond = T.Condition("attacked_this_turn", text="you attacked with a creature this turn")
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "damage_instead", n=n, condition=cond, who=kind,
            text=f"~ deals {n} damage to that {kind} instead if {cond.text}"))

    # d2 (issue 28): "Tap ~." (family 14) ---------------------------------------------------------------
    def e_tap_self(self, meta, ch):
        return T.Effect("tap_self", ref=_one(ch, T.SelfRef))

    # d2 (issue 28): "Until end of turn, ~ gets +2/+2 and gains lifelink." (families 1, 14) -----------------
    def s_until_eot(self, meta, ch):
        return [c for c in ch if isinstance(c, T.Effect)]

    def eot_pump_self(self, meta, ch):
        return self.e_pump_self(meta, ch)

    def eot_pump_target(self, meta, ch):
        return self.e_pump_target(meta, ch)

    # d2 (issue 28): evasion statics (family 11) -------------------------------------------------------------
    def s_equipped_gets_blocked_by_one(self, meta, ch):
        p, t = self._pt(ch)
        return T.Ability("static", static=T.Static(
            "attached_gets", who="equipped", power=p, toughness=t, filter=T.Filter("creature"),
            restrictions=("cant_be_blocked_by_more_than_one",),
            text=f"equipped creature gets {p:+d}/{t:+d} and can't be blocked by more than one creature"))

    def s_unblockable_each(self, meta, ch):
        # "Creatures you control with power or toughness 1 or less can't be blocked." (Tetsuko Umezawa)
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static("unblockable_each", f, text=f"{f.text} can't be blocked"))

    def s_unblockable_each_counter(self, meta, ch):
        f, pt = _one(ch, T.Filter), str(_tokens(ch, "PT")[0]).replace("−", "-")
        return T.Ability("static", static=T.Static(
            "unblockable_each", T.Filter(f"{f.text} with a {pt} counter on it", f.kind, f.and_or, f.extra),
            text=f"{f.text} with {pt} counters on them can't be blocked"))

    def r_cant_attack_unless(self, meta, ch):
        cond = _one(ch, T.Condition)
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "cant_attack_unless", condition=cond, text=f"~ can't attack unless {cond.text}"))

    # d2 (issue 28): "target player puts the top half of their library, rounded up, into their graveyard" (family 2)
    def e_mill_half_target(self, meta, ch):
        return T.Effect("mill_half", who="target_player")

    # d2 (issue 28): "Activate only if you control a creature with flying." (family 14) ----------------------
    def activated_if(self, meta, ch):
        ab = self.activated(meta, ch)
        return replace(ab, condition=_one(ch, T.Condition))

    def activate_only_if(self, meta, ch):
        return _one(ch, T.Condition)

    # d2 (issue 28): "~ gets +3/+3 and becomes a Bear Berserker until end of turn." (family 14) ------------
    def e_pump_becomes_self(self, meta, ch):
        subs = " ".join(str(t).lower() for t in _tokens(ch, "SUBTYPE"))
        return T.Effect("pump_becomes", ref=_one(ch, T.SelfRef), pt=self._pt(ch), counter=subs)

    # d2 (issue 28): "Whenever a creature you control explores" (family 1) -------------------------------
    def ev_filter_explores(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("explores_filter", filter=f, text=f"whenever a {f.text} explores")

    # d2 (issue 28): "Target creature you control can't be blocked by creatures with power 2 or less this turn." --
    def e_unblockable_except_target(self, meta, ch):
        target, blockers = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("unblockable_by_this_turn", target=T.Target("permanent", target), filter=blockers, keyword="except")

    def e_unblockable_except_target_other(self, meta, ch):
        return self._other(self.e_unblockable_except_target(meta, ch))

    def e_unblockable_by_target(self, meta, ch):
        target, blockers = [c for c in ch if isinstance(c, T.Filter)]
        return T.Effect("unblockable_by_this_turn", target=T.Target("permanent", target), filter=blockers)
    # planeswalkers' effects (issue 28, family "10 planeswalkers") ----------------------------------------
    def e_life_total_becomes(self, meta, ch):
        return T.Effect("life_total_becomes", who="target_player", n=number(_tokens(ch, "NUM")[0]))

    def e_untap_all(self, meta, ch):
        return T.Effect("untap_all", filter=_one(ch, T.Filter))

    def e_loyalty_counters_chosen(self, meta, ch):
        return T.Effect("counters_chosen", n=number(_tokens(ch, "NUM")[0]), counter="loyalty", filter=_one(ch, T.Filter))

    def e_damage_player_and_each_they_control(self, meta, ch):
        n, ref, f = number(_tokens(ch, "NUM")[0]), _one(ch, T.SelfRef), _one(ch, T.Filter)
        return [T.Effect("damage", n=n, ref=ref, target=T.Target("player")),
                T.Effect("damage_each_of_target_player", n=n, ref=ref, filter=T.Filter(f.text, "permanent", True))]

    def e_counters_life_total(self, meta, ch):
        return T.Effect("counters_life_total", counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        target=T.Target("permanent", _one(ch, T.Filter)))

    # counterspells "unless its controller pays {N}" (issue 28, family "counterspells") ---------------------------
    def e_counter_unless_pays(self, meta, ch):
        sym = str(_tokens(ch, "MANA")[0])
        if not re.fullmatch(r"\{(?:\d+|X)\}", sym):  # colored payments are not read
            raise NotUnderstood(f"pays {sym}")
        f = [c for c in ch if isinstance(c, T.Filter)]
        n = "X" if sym == "{X}" else int(sym[1:-1])     # {X}: the value announced for the counterspell (rules/timeline/counter_unless.lp)
        return T.Effect("counter_unless_pays", target=T.Target("spell", f[0] if f else None), n=n)

    # "~ gets +1/+1 for each [permanent] you control" (issue 28, family "X and for each") ------------------------
    def s_self_gets_for_each(self, meta, ch):
        p, t = self._pt(ch)
        f = _one(ch, T.Filter)
        if not re.search(r"\byou control$", f.text, re.I):      # only permanents its controller controls are read
            raise NotUnderstood(f"for each {f.text}")
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "self_gets_for_each", who="self", power=p, toughness=t, count=f, text=f"~ gets {p:+d}/{t:+d} for each {f.text}"))

    # regenerate (issue 28, family "protection and regenerate") ------------------------------------------------
    def e_regenerate_self(self, meta, ch):
        return T.Effect("regenerate", ref=_one(ch, T.SelfRef))

    def e_regenerate_target(self, meta, ch):
        return T.Effect("regenerate", target=T.Target("permanent", _one(ch, T.Filter)))

    # "Prevent all damage that would be dealt to creatures this turn" (issue 28, family "prevention and replacement")
    def e_prevent_damage_to_creatures(self, meta, ch):
        return T.Effect("prevent_damage_to_creatures")

    # mana "for each ... named ~" (issue 28, family "15 mana") --------------------------------------------------
    def m_for_each_named(self, meta, ch):
        f = _one(ch, T.Filter)
        if not re.search(r"\byou control$", f.text, re.I):
            raise NotUnderstood(f"for each {f.text}")
        name = str(_tokens(ch, "CARD_NAME")[0])
        return T.Mana("for_each", (_color_letter(_tokens(ch, "MANA")[0]),), T.Filter(f"{f.text} named {name}", f.kind))

    # protection from the color of your choice (issue 28, family "protection and regenerate") ---------------------
    def e_gains_protection_choice(self, meta, ch):
        return T.Effect("gains_protection_choice", target=T.Target("permanent", _one(ch, T.Filter)))

    def static(self, meta, ch):
        return ch[0]

    # enter triggers, more shapes (issue 28, family 8; d1) ----------------------------------------
    def e_may_gain_life(self, meta, ch):
        return T.Effect("may", then=T.Effect("gain_life", n=number(_tokens(ch, "NUM")[0])))

    def cond_you_control_named(self, meta, ch):
        f = _one(ch, T.Filter)
        art = _tokens(ch, "ARTICLE")
        name = str(_tokens(ch, "CARD_NAME")[0])
        return T.Condition("you_control", T.Filter(f"{f.text} named {name}", f.kind),
                           text=f"you control {str(art[0]) + ' ' if art else ''}{f.text} named {name}")

    def ev_self_or_another_enters(self, meta, ch):
        f = _one(ch, T.Filter)
        if not any(isinstance(c, tuple) and c[0] == "under_you" for c in ch):
            # today's wording: "Whenever ~ or another nontoken Cat you control enters"; "... another creature you control
            # with toughness greater than its power enters" (Fecund Greenshell: the kind after "you control")
            m = re.fullmatch(r"(.+?) you control( with toughness greater than its power)?", f.text)
            if not m:
                raise NotUnderstood(f.text)
            f = T.Filter(m[1] + (m[2] or ""), f.kind)
        if re.search(r"\b(you control|opponent controls|you don't control)$", f.text):
            raise NotUnderstood(f.text)
        kind, gt, _ = f.text.partition(" with toughness greater than its power")
        return T.Event("self_or_another_enters", ref=_one(ch, T.SelfRef),
                       filter=T.Filter(f"another {kind} you control{gt}", f.kind),
                       text=f"whenever ~ or another {f.text} enters under your control")

    def ev_self_or_another_dies(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("self_or_another_dies", ref=_one(ch, T.SelfRef), filter=T.Filter(f"another {f.text}", f.kind),
                       text=f"whenever ~ or another {f.text} dies")

    def e_damage_opponent_or_pw_count(self, meta, ch):
        return T.Effect("damage", n="X", ref=_one(ch, T.SelfRef), target=T.Target("opponent_or_planeswalker"),
                        x=_one(ch, T.Filter), where=True)

    # life gained or lost this turn (issue 28, family "beginning of a step"; d1) -----------------
    def if_gained_life(self, meta, ch):
        return ("if", T.Condition("gained_life_ge", n=1, text="you gained life this turn"))

    def if_cast_none(self, meta, ch):
        return ("if", T.Condition("cast_none_this_turn", text="you didn't cast a spell this turn"))

    def if_gained_life_n(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return ("if", T.Condition("gained_life_ge", n=n, text=f"you gained {n} or more life this turn"))

    def if_opponent_lost_life(self, meta, ch):
        return ("if", T.Condition("opponent_lost_life_ge", n=1, text="an opponent lost life this turn"))

    def cond_lost_life_this_turn(self, meta, ch):
        return T.Condition("lost_life_this_turn", text="you've lost life this turn")

    def if_gained_or_lost_life(self, meta, ch):
        return ("if", T.Condition("gained_or_lost_life", text="you gained or lost life this turn"))

    def if_gained_and_lost_life(self, meta, ch):
        return ("if", T.Condition("gained_and_lost_life", text="you gained and lost life this turn"))

    def if_player_lost_life_n(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return ("if", T.Condition("player_lost_life_ge", n=n, text=f"a player lost {n} or more life this turn"))

    # transform ~; "if you have N or less life" (issue 28, family "beginning of a step"; d1) ----
    e_transform = _eff("transform")

    def if_life_le(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return ("if", T.Condition("life_le", n=n, text=f"you have {n} or less life"))

    # "tap up to two target ..." (issue 28, family 8; d1) ------------------------------------------
    def e_tap_up_to_two(self, meta, ch):
        return T.Effect("up_to_two", then=T.Effect("tap", target=T.Target("permanent", _one(ch, T.Filter), optional=True)))

    # "if you control ..." after an effect; "if you control no ..." (issue 28, family 8; d1) -------
    def e_if_you_control(self, meta, ch):
        f = _one(ch, T.Filter)
        art = str(_tokens(ch, "ARTICLE")[0])
        cnt = _tokens(ch, "WITH_COUNTER_ON_IT")
        if cnt:                       # "a creature with a +1/+1 counter on it" (pyrules/cards/reader.py: filter_term)
            f = T.Filter(f"{f.text} {' '.join(str(cnt[0]).split())}", f.kind)
        return T.Effect("if_you_control", then=_one(ch, T.Effect), filter=f, keyword=art)

    def e_pump_it_also(self, meta, ch):
        return T.Effect("pump", ref=T.SelfRef("it"), pt=self._pt(ch), keyword="")

    def e_if_you_control_that(self, meta, ch):
        return T.Effect("if_control_that", counter=str(_tokens(ch, "TYPE")[0]).lower(), then=_one(ch, T.Effect))

    def s_if_control_may_if_you_do(self, meta, ch):
        first, then = [c for c in ch if isinstance(c, T.Effect)]
        return [T.Effect("if_you_control", then=T.Effect("may_then", then=first, otherwise=then), filter=_one(ch, T.Filter),
                         keyword=str(_tokens(ch, "ARTICLE")[0]))]

    def if_that_player_hand_le(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return ("if", T.Condition("data_player_hand_le", n=n, text=f"that player has {n} or fewer cards in hand"))

    def e_lose_life_they(self, meta, ch):
        return T.Effect("lose_life", who="they", n=number(_tokens(ch, "NUM")[0]))

    def _if_opp_more(self, ch, what):
        return T.Effect("if_opponent_more", then=_one(ch, T.Effect), keyword=what)

    def e_if_opp_more_lands(self, meta, ch):
        return self._if_opp_more(ch, "lands")

    def e_if_opp_more_creatures(self, meta, ch):
        return self._if_opp_more(ch, "creatures")

    def e_if_opp_more_life(self, meta, ch):
        return self._if_opp_more(ch, "life")

    def e_if_opp_more_hand(self, meta, ch):
        return self._if_opp_more(ch, "hand")

    def if_control_none(self, meta, ch):
        f = _one(ch, T.Filter)
        return ("if", T.Condition("you_control_none", f, text=f"you control no {f.text}"))

    # returning itself from the graveyard (issue 28, family 8; d1) ------------------------------
    e_return_self_battlefield = _eff("return_self_battlefield")

    # optional payments "If you do" (issue 28; e2) ------------------------------------------------------------
    def _pay_symbols(self, ch):
        syms = [str(t) for t in _tokens(ch, "MANA")]
        if not all(re.fullmatch(r"\{(?:\d+|[WUBRG])\}", s) for s in syms):   # hybrid, X, Phyrexian: not read
            raise NotUnderstood(f"pay {''.join(syms)}")
        return "".join(syms)

    @staticmethod
    def _then(ch):               # the effect after "If you do," (one effect)
        got = [c for c in ch if isinstance(c, T.Effect)] + [e for c in ch if isinstance(c, list) for e in c]
        if len(got) != 1 or not isinstance(got[0], T.Effect):
            raise NotUnderstood("if you do")
        return got[0]

    def s_pay_if_you_do(self, meta, ch):
        return [T.Effect("pay_then", keyword=self._pay_symbols(ch), then=self._then(ch))]

    def s_sacrifice_if_you_do(self, meta, ch):
        word, f = [c for c in ch if isinstance(c, tuple)][0]
        if not f.text.lower().startswith("another "):
            raise NotUnderstood(f.text)
        return [T.Effect("sacrifice_then", filter=f, then=self._then(ch))]

    def s_reveal_if_you_do(self, meta, ch):
        return [T.Effect("reveal_then", filter=_one(ch, T.Filter), then=self._then(ch))]

    @staticmethod
    def _reflexive(ch):          # the effects after "When you do," (a sentence: a list)
        got = [e for c in ch if isinstance(c, list) for e in c if isinstance(e, T.Effect)]
        if not got:
            raise NotUnderstood("when you do")
        return tuple(got)

    def s_pay_when_you_do(self, meta, ch):
        return [T.Effect("pay_when", keyword=self._pay_symbols(ch), reflexive=self._reflexive(ch))]

    def s_forage_if_you_do(self, meta, ch):   # "you may forage. If you do, ..." (rules/mechanics/forage.lp)
        return [T.Effect("forage_then", then=self._then(ch))]

    def e_may_forage(self, meta, ch):   # "you may forage" (rules/mechanics/forage.lp)
        return T.Effect("may", then=T.Effect("forage", who="you"))

    def ev_you_forage(self, meta, ch):   # "Whenever you forage" (rules/mechanics/forage.lp)
        return T.Event("forages", step=("", "", "you"), text="whenever you forage")

    def s_sacrifice_when_you_do(self, meta, ch):
        another = [c for c in ch if isinstance(c, tuple)]
        f = another[0][1] if another else _one(ch, T.Filter)
        if another and not f.text.lower().startswith("another "):
            raise NotUnderstood(f.text)
        return [T.Effect("sacrifice_when", filter=f, reflexive=self._reflexive(ch))]

    def e_sacrifice_unless_pay(self, meta, ch):
        return T.Effect("sacrifice_unless_pay", ref=_one(ch, T.SelfRef), keyword=self._pay_symbols(ch))

    e_return_self_hand = _eff("return_self_hand")

    # activated abilities that function from the graveyard (issue 28; e5) ---------------------------
    e_return_self_battlefield_tapped = _eff("return_self_battlefield", keyword="tapped")

    def e_exile_target_graveyard(self, meta, ch):
        return T.Effect("exile_graveyard_of", who="target_player")

    def e_exile_opponents_graveyards(self, meta, ch):
        return T.Effect("exile_graveyard_of", who="each_opponent")

    def s_self_no_untap(self, meta, ch):
        return T.Ability("static", static=T.Static("self_no_untap", text="~ doesn't untap during your untap step"),
                         ref=_one(ch, T.SelfRef))

    def s_enters_tapped_no_untap(self, meta, ch):
        return T.Ability("static", static=T.Static("self_no_untap", change="enters_tapped",
                                                   text="~ enters tapped and doesn't untap during your untap step"),
                         ref=_one(ch, T.SelfRef))

    def s_no_max_hand_size(self, meta, ch):
        return T.Ability("static", static=T.Static("no_max_hand_size", text="you have no maximum hand size"))

    def s_hand_size_reduced(self, meta, ch):
        n = number(_tokens(ch, "NUM")[0])
        return T.Ability("static", static=T.Static("hand_size_reduced", n=n,
                                                   text=f"each opponent's maximum hand size is reduced by {n}"))

    def your_upkeep_only(self, meta, ch):
        return "your_upkeep"

    def raid_only(self, meta, ch):
        return T.Condition("attacked_this_turn", text="you attacked with a creature this turn")

    def opponent_lost_life_cond(self, meta, ch):     # Hired Claw (issue 28, lf)
        return T.Condition("opponent_lost_life_ge", n=1, text="an opponent lost life this turn")

    def only_once_each_turn(self, meta, ch):
        return "once_each_turn"

    # "each opponent exiles a card from their hand" (issue 28, family 8; d1) ------------------------
    e_exile_from_hand_opponents = _eff("exile_from_hand", who="each_opponent", n=1)

    # a third of their life; "that card's toughness" (issue 28, family 8; d1) ----------------------
    e_lose_third_each_player = _eff("lose_life_third", who="each_player")
    e_gain_life_card_toughness = _eff("gain_life_card_toughness", who="you")

    def e_exile_graveyard_kind(self, meta, ch):
        return T.Effect("exile", target=T.Target("card_in_graveyard", _one(ch, T.Filter)))

    def e_exile_your_graveyard_kind(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("exile", target=T.Target("card_in_graveyard", T.Filter(f.text, "card", extra=("you_own",))))

    # "put N counters on that creature instead if" (issue 28; p3) ------------------------------------
    def s_counters_instead(self, meta, ch):
        cond = _one(ch, T.Condition)
        n = number(_tokens(ch, "NUM")[0])
        counter = str(_tokens(ch, "PT")[0]).replace("\u2212", "-")
        return T.Ability("static", static=T.Static(
            "counters_instead", n=n, change=counter, condition=cond,
            text=f"put {n} {counter} counter(s) on that creature instead if {cond.text}"))

    def cond_creature_died(self, meta, ch):
        return T.Condition("creature_died", text="a creature died this turn")

    # affinity (issue 28; p3) -------------------------------------------------------------------------
    def s_affinity(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Ability("static", static=T.Static("affinity", f, text=f"affinity for {f.text}"))

    # an Aura's quoted ability (issue 28; p3) ----------------------------------------------------------
    def s_equipped_has_quoted(self, meta, ch):
        quoted = str(_tokens(ch, "QUOTED")[0])[1:-1].strip()
        granted = parse(quoted, False)
        return T.Ability("static", static=T.Static(
            "attached_has_quoted", T.Filter("creature"), who="equipped", granted=granted,
            text=f'equipped creature has "{granted.words()}"'))

    def s_attached_has_quoted(self, meta, ch):
        kind = str(_tokens(ch, "TYPE")[0]).lower()
        quoted = str(_tokens(ch, "QUOTED")[0])[1:-1].strip()
        granted = parse(quoted, False)             # the quoted ability: read as a line is (NotUnderstood if it isn't)
        pts = _tokens(ch, "PT")
        p, t = self._pt(ch) if pts else (0, 0)
        gets = f"gets {p:+d}/{t:+d} and " if pts else ""
        return T.Ability("static", static=T.Static(
            "attached_has_quoted", T.Filter(kind), who="enchanted", power=p, toughness=t, granted=granted,
            text=f'enchanted {kind} {gets}has "{granted.words()}"'))

    # more anthems and lords (issue 28, e3) -----------------------------------------------------------------
    def _anthem(self, ch, f: T.Filter, words: str, also: T.Filter | None = None, verbs=("get", "have")):
        p, t = self._pt(ch)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        has = f" and {verbs[1]} {', '.join(kws)}" if kws else ""
        return T.Ability("static", static=T.Static("anthem", f, power=p, toughness=t, keywords=kws, also=also,
                                                   text=f"{words} {verbs[0]} {p:+d}/{t:+d}{has}"))

    def cond_you_control_either(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        arts = [str(a) + " " for a in _tokens(ch, "ARTICLE")]
        a1, a2 = arts if len(arts) == 2 else ("", arts[0])
        text = f"you control {a1}{f1.text} or {a2}{f2.text}"
        if re.match(r"(?:an)?other\b", f1.text, re.I):   # a filter's words before its first kind are every kind's
            f1, f2 = f2, f1
        return T.Condition("you_control", T.Filter(f"{f1.text} or {f2.text}"), text=text)

    def s_anthem_all(self, meta, ch):
        f = _one(ch, T.Filter)
        return self._anthem(ch, f, f"all {f.text}")

    def s_anthem_and(self, meta, ch):
        # "Other Rabbits, Bats, Birds, and Mice you control": a list of kinds, each one
        words = " ".join(str(c) for c in ch if isinstance(c, Token) and c.type in ("FWORD", "FAND", "FCOMMA"))
        f = T.Filter(f"{words.replace(' ,', ',')} you control", "permanent", and_or=True)
        return self._anthem(ch, f, f.text)

    def s_you_and_anthem_hexproof(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        if str(_tokens(ch, "KW")[0]).lower() != "hexproof":
            raise NotUnderstood(str(_tokens(ch, "KW")[0]))
        return T.Ability("static", static=T.Static("anthem", f1, keywords=("hexproof",), also=f2,
                                                   restrictions=("player_hexproof",),
                                                   text=f"you, {f1.text}, and {f2.text} have hexproof"))

    def s_anthem_union(self, meta, ch):
        f1, f2 = [c for c in ch if isinstance(c, T.Filter)]
        return self._anthem(ch, f1, f"{f1.text} and {f2.text}", also=f2)

    def s_anthem_each(self, meta, ch):
        f = _one(ch, T.Filter)
        f = T.Filter(f"{f.text} {_tokens(ch, 'THATS_SUBTYPES')[0]}", f.kind)
        return self._anthem(ch, f, f"each {f.text}", verbs=("gets", "has"))

    def e_base_pt_target(self, meta, ch):
        p, t = (int(x) for x in str(_tokens(ch, "PTN")[0]).split("/"))
        return T.Effect("base_pt", target=T.Target("permanent", _one(ch, T.Filter)), pt=(p, t))

    def s_while_both(self, meta, ch):
        c1, c2 = [c for c in ch if isinstance(c, T.Condition)]
        got = self.s_while(meta, [c for c in ch if c is not c2])
        st = got.static
        return replace(got, static=replace(st, also_if=c2, text=st.text.replace(f"as long as {c1.text}",
                                                                                 f"as long as {c1.text} and {c2.text}")))

    def s_while_each(self, meta, ch):
        cond = _one(ch, T.Condition)
        f = _one(ch, T.Filter)
        p, t = self._pt(ch)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        has = f" and have {', '.join(kws)}" if kws else ""
        return T.Ability("static", static=T.Static("while", f, who="each", power=p, toughness=t, keywords=kws, condition=cond,
                                                   text=f"as long as {cond.text}, {f.text} get {p:+d}/{t:+d}{has}"))

    def cond_life_ge_starting(self, meta, ch):
        return T.Condition("life_ge_starting", text="your life total is greater than or equal to your starting life total")

    def s_attached_is(self, meta, ch):
        att = _tokens(ch, "ATTACHED")
        who = str(att[0]).lower() if att else "enchanted"
        kind = str(_tokens(ch, "TYPE")[0]).lower() if _tokens(ch, "TYPE") else "permanent"
        p, t = self._pt(ch) if _tokens(ch, "PT") else (0, 0)
        kws = [c for c in ch if isinstance(c, tuple) and c[0] == "kws"]
        kws = kws[0][1] if kws else ()
        sub = _tokens(ch, "SUBTYPE")
        change = str(sub[0]) if sub else "legendary"
        parts = ([] if sub else ["is legendary"]) + ([f"gets {p:+d}/{t:+d}"] if _tokens(ch, "PT") else []) \
            + ([f"has {', '.join(kws)}"] if kws else []) + ([f"is a {change} in addition to its other types"] if sub else [])
        words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
        return T.Ability("static", static=T.Static("attached_is", T.Filter(kind), who=who, power=p, toughness=t,
                                                   keywords=kws, change=change, text=f"{who} {kind} {words}"))

    # power and toughness from a count (issue 28, e3) ---------------------------------------------------------
    def cnt_battlefield(self, meta, ch):
        return ("count", "battlefield", _one(ch, T.Filter))

    def cnt_graveyard(self, meta, ch):
        return ("count", "graveyard", _one(ch, T.Filter))

    def cnt_opponents_graveyards(self, meta, ch):
        return ("count", "opponents_graveyards", _one(ch, T.Filter))

    def cnt_hand(self, meta, ch):
        return ("count", "hand", None)

    def count(self, meta, ch):
        return ch[0]

    def count_card(self, meta, ch):
        return ch[0]

    @staticmethod
    def _count_words(c) -> str:
        where, f = c[1], c[2]
        return {"battlefield": "{f}", "graveyard": "{f} in your graveyard",
                "opponents_graveyards": "{f} in your opponents' graveyards",
                "hand": "cards in your hand", "attached": "{f} attached to it"}[where].format(f=f.text if f else "")

    def s_cda_power(self, meta, ch):
        c = [x for x in ch if isinstance(x, tuple) and x[0] == "count"][0]
        return T.Ability("static", static=T.Static("cda_pt", who="power", counts=(c[1:],),
                                                   text=f"~'s power is equal to the number of {self._count_words(c)}"))

    def s_cda_both(self, meta, ch):
        c = [x for x in ch if isinstance(x, tuple) and x[0] == "count"][0]
        return T.Ability("static", static=T.Static(
            "cda_pt", who="both", counts=(c[1:],),
            text=f"~'s power and toughness are each equal to the number of {self._count_words(c)}"))

    def s_self_gets_for_each_count(self, meta, ch):
        p, t = self._pt(ch)
        cs = [("count", "battlefield", x) for x in ch if isinstance(x, T.Filter)]
        cs += [x for x in ch if isinstance(x, tuple) and x[0] == "count"]
        words = " and each ".join(self._count_words(c) for c in cs)
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "self_gets_count", who="self", power=p, toughness=t, counts=tuple(c[1:] for c in cs),
            text=f"~ gets {p:+d}/{t:+d} for each {words}"))

    def s_self_gets_for_each_attached(self, meta, ch):
        p, t = self._pt(ch)
        c = ("count", "attached", _one(ch, T.Filter))
        return T.Ability("static", ref=_one(ch, T.SelfRef), static=T.Static(
            "self_gets_count", who="self", power=p, toughness=t, counts=(c[1:],),
            text=f"~ gets {p:+d}/{t:+d} for each {self._count_words(c)}"))
    # life-change triggers with "that much" (issue 28; f6) ----------------------------------------------
    def ev_you_lose_life(self, meta, ch):
        return T.Event("loses_life", step=("", "", "you"), text="whenever you lose life")

    def ev_you_lose_life_first(self, meta, ch):
        return T.Event("loses_life_first", step=("", "", "you"), text="whenever you lose life for the first time each turn")

    def ev_you_gain_life_first(self, meta, ch):
        return T.Event("gains_life_first", step=("", "", "you"), text="whenever you gain life for the first time each turn")

    def ev_you_gain_life_first_your_turn(self, meta, ch):
        return T.Event("gains_life_first_your_turn", step=("", "", "you"),
                       text="whenever you gain life for the first time during each of your turns")

    def ev_you_gain_or_lose_life_your_turn(self, meta, ch):
        return T.Event("gains_or_loses_life_your_turn", step=("", "", "you"),
                       text="whenever you gain or lose life during your turn")

    def ev_opponent_loses_life(self, meta, ch):
        return T.Event("loses_life", step=("", "", "opponent"), text="whenever an opponent loses life")

    def e_lose_life_target_that_much(self, meta, ch):
        who = str(_tokens(ch, "PLAYER_WORD")[0]).lower()
        return T.Effect("lose_life", who=f"target_{who}", n="that_much")

    def e_mill_loser_that_many(self, meta, ch):
        return T.Effect("mill_that_many", who="life_loser", n="that_much")

    e_gain_life_its_power_controller = _eff("gain_life_its_power", who="its_controller")

    # damage dealt to creatures as a trigger (issue 28; f6) -----------------------------------------------------
    def ev_deals_damage_creature(self, meta, ch):
        return T.Event("deals_damage_creature", ref=_one(ch, T.SelfRef), text="whenever ~ deals damage to a creature")

    def ev_filter_dealt_damage(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Event("dealt_damage_filter", filter=f, text=f"whenever a {f.text} is dealt damage")

    def e_pump_life_total(self, meta, ch):            # f6: Loxodon Lifechanter
        return T.Effect("pump_life_total", ref=_one(ch, T.SelfRef))

    # "unless" a player chooses (issue 28; f6): the alternative the targeted player may take, and what is done if not
    def e_damage_unless_sacrifice(self, meta, ch):
        then = T.Effect("damage", who="target_opponent", n=number(_tokens(ch, "NUM")[0]), ref=_one(ch, T.SelfRef))
        return T.Effect("unless_chooses", who="target_opponent", keyword="sacrifice", filter=_one(ch, T.Filter), then=then)

    def e_discard_unless_discard(self, meta, ch):
        then = T.Effect("discard", who="target_player", n=number(_tokens(ch, "NUM")[0]))
        return T.Effect("unless_chooses", who="target_player", keyword="discard", filter=_one(ch, T.Filter), then=then)

    def e_draw_unless_sacrifice_or_life(self, meta, ch):
        then = T.Effect("draw", n=1)
        return T.Effect("unless_chooses", who="target_opponent", keyword="sacrifice_or_life", filter=_one(ch, T.Filter),
                        n=number(_tokens(ch, "NUM")[0]), then=then)

    def e_lose_life_unless_sacrifice_or_discard(self, meta, ch):
        then = T.Effect("lose_life", who="target_opponent", n=number(_tokens(ch, "NUM")[0]))
        return T.Effect("unless_chooses", who="target_opponent", keyword="sacrifice_or_discard", filter=_one(ch, T.Filter),
                        then=then)

    def e_lose_life_each_unless_sacrifice_or_discard(self, meta, ch):
        then = T.Effect("lose_life", who="each_opponent", n=number(_tokens(ch, "NUM")[0]))
        return T.Effect("unless_chooses", who="each_opponent", keyword="sacrifice_or_discard", filter=_one(ch, T.Filter),
                        then=then)

    # tap, untap, exile and control (issue 28; e6) -------------------------------------------------
    def e_tap_all_opponents(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("tap_each", filter=T.Filter(f.text + " your opponents control", f.kind))

    def e_untap_target_other(self, meta, ch):
        return T.Effect("untap", target=self._other_target(ch))

    def e_gain_control_up_to_n(self, meta, ch):
        t = T.Target("permanent", _one(ch, T.Filter), optional=True)
        return T.Effect("up_to_n", n=number(_tokens(ch, "NUM")[0]), then=T.Effect("gain_control_forever", target=t))

    e_gain_life_its_power = _eff("gain_life_its_power", who="you")

    def e_exile_all(self, meta, ch):
        f = _one(ch, T.Filter)
        sup = _tokens(ch, "SUPERTYPE")
        text = f.text + (f" that aren't {str(sup[0]).lower()}" if sup else "")
        return T.Effect("exile_all", filter=T.Filter(text, f.kind))

    def e_exchange_control(self, meta, ch):
        return T.Effect("exchange_control", target=T.Target("permanent", _one(ch, T.Filter)))

    def e_those_skip_next_untap(self, meta, ch):
        return T.Effect("those_skip_next_untap", counter=str(_tokens(ch, "TYPE")[0]).lower())

    def e_untap_up_to_n_chosen(self, meta, ch):
        return T.Effect("untap_chosen", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))

    def e_counter_targets_you(self, meta, ch):
        return T.Effect("counter", target=T.Target("spell", T.Filter("spell that targets you", "spell")))

    # Sagas' chapters and reanimation (issue 28, f2) ------------------------------------------------------------
    def e_edict_opponents(self, meta, ch):
        return T.Effect("edict", who="each_opponent", filter=_one(ch, T.Filter))

    def e_reanimate_any(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("reanimate", who="any_graveyard", target=T.Target("card_in_graveyard", T.Filter(f.text, "card")))

    def e_reanimate_any_up_to_one(self, meta, ch):
        f = _one(ch, T.Filter)
        return T.Effect("reanimate", who="any_graveyard",
                        target=T.Target("card_in_graveyard", T.Filter(f.text, "card"), optional=True))


    def s_counters_each_those_gain(self, meta, ch):
        f = _one(ch, T.Filter)
        kws = [k for c in ch if isinstance(c, tuple) and c and c[0] == "kws" for k in c[1]]
        if not kws:
            raise NotUnderstood("those creatures gain")
        return ([T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                          filter=f)]
                + [T.Effect("gains_until_eot", filter=f, keyword=k, who="those") for k in kws])

    @staticmethod
    def _greatest(ch):
        f = _one(ch, T.Filter)
        return T.Filter(f"{f.text} with the greatest power", f.kind, f.and_or, f.extra)

    def e_counters_target_greatest(self, meta, ch):
        return T.Effect("counters", n=number(_tokens(ch, "NUM")[0]), counter=str(_tokens(ch, "PT")[0]).replace("−", "-"),
                        target=T.Target("permanent", self._greatest(ch)))

    def e_gains_target_greatest(self, meta, ch):
        kws = [k for c in ch if isinstance(c, tuple) and c and c[0] == "kws" for k in c[1]]
        return ([T.Effect("gains_until_eot", target=T.Target("permanent", self._greatest(ch)), keyword=kws[0])]
                + [T.Effect("gains_until_eot", who="same", keyword=k) for k in kws[1:]])

    def e_kept_tapped_while(self, meta, ch):
        return T.Effect("kept_tapped_while", ref=[c for c in ch if isinstance(c, T.SelfRef)][-1])

    # Foundations' shapes (issue 28) ----------------------------------------------------------------------------------
    def e_edict_each_player_n(self, meta, ch):   # "Each player sacrifices two creatures [of their choice]."
        return T.Effect("edict_n", who="each_player", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))

    def e_create_for_each_card_in_graveyard(self, meta, ch):   # "Create a tapped ... token for each creature card in ..."
        if number(_tokens(ch, "NUM")[0]) != 1:
            raise NotUnderstood("tokens for each")
        f = _one(ch, T.Filter)
        return T.Effect("create_token", n=1, token=_one(ch, T.Token), x=T.Filter(f.text, "card"), for_each=True,
                        counter="your_graveyard", keyword="tapped" if _tokens(ch, "TAPPED_WORD") else "")

    def e_for_each_create(self, meta, ch):   # "For each land you control, create a Treasure token."
        if number(_tokens(ch, "NUM")[0]) != 1:
            raise NotUnderstood("tokens for each")
        return T.Effect("create_token", n=1, token=_one(ch, T.Token), x=_one(ch, T.Filter), for_each=True,
                        counter="battlefield")

    def e_gains_target_two(self, meta, ch):   # "Target creature gains flying and double strike until end of turn."
        k1, k2 = (str(k).lower() for k in _tokens(ch, "KW"))
        return [T.Effect("gains_until_eot", target=T.Target("permanent", _one(ch, T.Filter)), keyword=k1),
                T.Effect("gains_until_eot", keyword=k2, who="same")]

    def e_create_life_total(self, meta, ch):   # "Create X 2/2 white Cat creature tokens, where X is your life total."
        return T.Effect("create_token", n=1, token=_one(ch, T.Token), counter="your_life")

    def e_create_x(self, meta, ch):   # "Create X 1/1 red Goblin creature tokens" (X: "where X is the number of ...")
        return T.Effect("create_token", n="X", token=_one(ch, T.Token))

    def e_exhume_n(self, meta, ch):
        return T.Effect("exhume", n=number(_tokens(ch, "NUM")[0]), filter=_one(ch, T.Filter))

    def e_reanimate_all(self, meta, ch):
        return T.Effect("reanimate_all", filter=_one(ch, T.Filter))

    def e_reanimate_all_tapped(self, meta, ch):
        return T.Effect("reanimate_all", filter=_one(ch, T.Filter), keyword="tapped")

    def e_reanimate_all_then_shuffle(self, meta, ch):
        return [T.Effect("reanimate_all", filter=_one(ch, T.Filter)), T.Effect("shuffle_graveyard_then")]

    def ability_line(self, meta, ch):
        return ch[0]

    def spell_text(self, meta, ch):
        return ch[0]

    def __default__(self, data, children, meta):
        return Tree(data, children, meta)


def _cost(c) -> T.Cost:
    return T.Cost(tuple(c[1]))


def _color_letter(tok) -> str:
    m = re.fullmatch(r"\{([WUBRGC])\}", str(tok))
    if not m:
        raise NotUnderstood(tok)
    return m[1]


def parse(text: str, spell: bool) -> T.Ability:
    """A line (reminder text removed, the card's name written ~) as a typed tree; NotUnderstood if the grammar
    doesn't read all of it. The trees are immutable and kept per line text: many cards share a line (a keyword,
    "Flying", "Draw a card."), and the grammar's parser takes milliseconds a line."""
    got = _parsed(text, spell)
    if isinstance(got, NotUnderstood):
        raise NotUnderstood(got.args[0], got.at)
    return got


@lru_cache(maxsize=8192)
def _parsed(text: str, spell: bool) -> T.Ability | NotUnderstood:
    disk = _disk()
    hit = disk.get((text, spell), _MISSING)
    if hit is not _MISSING:
        return NotUnderstood(*hit[1:]) if isinstance(hit, tuple) else hit
    try:
        got = _parse(text, spell)
    except NotUnderstood as exc:
        got = exc
    _NEW[(text, spell)] = ("not_understood", got.args[0], got.at) if isinstance(got, NotUnderstood) else got
    return got


# The trees are kept on disk too, in the knowledge base's cache directory, one file per version of the grammar
# (its text with the word lists, this module, the tree's, and the rule files the reader takes words and texts from:
# STATED_FILES): a new process reads the cards it met before without building lark's parser (~0.2 s) or parsing
# their lines again (2-4 ms a line). Written when the process ends,
# merged with what other processes wrote since; a file that can't be read or written is only a slower start.
_MISSING = object()
_DISK: dict | None = None
_NEW: dict = {}
MAX_KEPT = 100_000   # lines kept on disk


def _disk_path() -> Path | None:
    from pyrules.kb.compile import cache_dir, checksum

    directory = cache_dir()
    if directory is None:
        return None
    here = Path(__file__)
    stated = [(rules_root() / "core" / name).read_bytes() for name in STATED_FILES]
    version = checksum([grammar_text().encode(), here.read_bytes(), Path(T.__file__).read_bytes(), *stated])
    return directory / f"lines-{version}.pickle"


def _read_disk(path: Path | None) -> dict:
    if path is None or not path.is_file():
        return {}
    try:
        import pickle

        with path.open("rb") as fh:
            got = pickle.load(fh)
        return got if isinstance(got, dict) else {}
    except Exception:   # a corrupt or foreign file is rebuilt, never fatal
        return {}


def _disk() -> dict:
    global _DISK
    if _DISK is None:
        _DISK = _read_disk(_disk_path())
        atexit.register(save_parsed)
    return _DISK


def save_parsed() -> None:
    """The trees parsed in this process added to the file on disk (at exit; the command line, which ends its
    process without running exit handlers, calls it itself)."""
    if not _NEW:
        return
    try:
        import os
        import pickle
        import tempfile

        path = _disk_path()
        if path is None:
            return
        kept = _read_disk(path)
        kept.update(_NEW)
        if len(kept) > MAX_KEPT:
            kept = dict(list(kept.items())[-MAX_KEPT:])
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".lines-", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(kept, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        _NEW.clear()
        for stale in sorted(path.parent.glob("lines-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)[4:]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass


def _parse(text: str, spell: bool) -> T.Ability:
    try:
        raw = parser().parse(text, start="spell_text" if spell else "ability_line")
    except UnexpectedEOF:
        raise NotUnderstood(text, len(text)) from None
    except LarkError as exc:
        at = getattr(exc, "pos_in_stream", None)
        raise NotUnderstood(text, at if isinstance(at, int) else 0) from None
    try:
        got = ToTree(text).transform(raw)
    except LarkError as exc:      # a transformer's NotUnderstood comes wrapped
        cause = exc.__context__ or exc
        raise NotUnderstood(str(cause)) from None
    if not isinstance(got, T.Ability):
        raise NotUnderstood(text)
    return got
