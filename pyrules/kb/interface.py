"""The interface between Python and the rules, declared once: every predicate Python reads from the knowledge
base or gives it as facts, and every compound term whose parts Python reads or builds, with named, typed fields.

    WHY_NOT = Predicate("why_not", "action:action reason:reason label:label t:moment", cited="label")

    for r in WHY_NOT.read(game, t):         # records: r.action, r.reason, r.label (an int), r.t (an int), r.atom
        ...
    game.fact(GATE("layers", t))            # an atom, built (str and int values become clingo symbols)

Code outside this module reads atoms by field name through these declarations, never by position
(tests/test_kb_interface.py checks the source for it, and checks every declaration against the compiled rules:
each predicate exists there with its arity; a fact Python writes is one the rules read).

A field is `name:type`; the type says what the value is:
  term      any term                      object    an object: the scenario's id (a string) or one the rules make
  player    a player (a string)           card      a card's name (a string)
  string    a string                      const     a constant (a name: zone, face, method, kind, ...)
  int       a number                      moment    a moment of the game (a number)
  label     the number of a rule's label (kb/compile.py numbers them)
  key       a view's key, such as s(t)    option    an option a player has: opt/5, play/2, activate/3, ...
  action    what a player does (occurs/2) reason    why something isn't allowed (worded by its `%: reason`)
  fluent    a fluent: o(O, A), p(P, A), g(A), e(E, A)
Reading, int, moment and label fields are Python ints; every other field is the term itself (a clingo Symbol,
or a pyrules.kb.terms.Term when read in bulk). Building, an int is made a Number for int, moment and label
fields, a str a String for player, card and string fields and a constant for const fields; anything else must
already be a symbol.

The label: each atom of a predicate declared `cited=FIELD` gets one more argument from the compiler, the number
of the label of the rule that concluded it (kb/compile.py inserts it: rules write `why_not(A, R, t)`, Python
reads why_not/4), so that every reason cites its own rule and ruling. CITED is that table, derived from here.

Records are named tuples (the field names, then `atom`, the atom read), made by decoders generated from the
declaration on first use: reading a thousand-object board's answer reads tens of thousands of atoms.
"""

from __future__ import annotations

from collections import namedtuple
from typing import NamedTuple

from clingo import Number, SymbolType

from pyrules.kb.terms import Function, String

_FUNCTION, _NUMBER = SymbolType.Function, SymbolType.Number
_NUMBERS = frozenset({"int", "moment", "label"})   # read as Python ints; built from one
_TEXTS = frozenset({"player", "card", "string"})   # built from a str as a String
TYPES = frozenset({"term", "object", "player", "card", "string", "const", "int", "moment", "label", "key", "option",
                   "action", "reason", "fluent"})


class Field(NamedTuple):
    name: str
    type: str


def _fields(spec: str) -> tuple[Field, ...]:
    out = []
    for item in spec.split():
        name, _, kind = item.partition(":")
        kind = kind or "term"
        if kind not in TYPES:
            raise ValueError(f"{item}: unknown field type {kind!r} (one of: {', '.join(sorted(TYPES))})")
        if not name.isidentifier() or name.startswith("_") or name in ("count", "index"):
            raise ValueError(f"{item}: a field's name is a Python name, not count or index (a tuple's methods)")
        out.append(Field(name, kind))
    if len({f.name for f in out}) != len(out):
        raise ValueError(f"{spec}: two fields have the same name")
    return tuple(out)


_CODE: dict[str, object] = {}   # generated source -> its compiled code (shapes alike share it)


def _generated(src: str, env: dict, name: str):
    """The function `name` the generated source defines, its globals `env` (the source is compiled once: a
    process makes tens of them on its first answer, and compiling costs more than defining)."""
    code = _CODE.get(src)
    if code is None:
        code = _CODE[src] = compile(src, "<pyrules.kb.interface>", "exec")
    exec(code, env)   # noqa: S102 - code written from the declarations below, nothing else
    return env[name]


def _camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_")) or "Tuple"


class _Shape:
    """What a predicate and a compound term share: a name, named and typed fields, a builder."""

    def __init__(self, name: str, fields: str, doc: str):
        self.name = name
        self.fields = _fields(fields)
        self.arity = len(self.fields)
        self.doc = doc
        self._build = None

    @property
    def signature(self) -> tuple[str, int]:
        return (self.name, self.arity)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name}({', '.join(f'{f.name}:{f.type}' for f in self.fields)}))"

    def is_(self, term) -> bool:
        """Whether a term (or atom) has this shape: this name and number of arguments."""
        return term.type == _FUNCTION and term.name == self.name and len(term.arguments) == self.arity

    def __call__(self, *values):
        """The term (or atom) with these values, in the order of the fields."""
        build = self._build
        if build is None:
            build = self._build = self._make_builder()
        return build(*values)

    def _make_builder(self):
        params = [f"a{i}" for i in range(self.arity)]
        args = []
        for p, f in zip(params, self.fields):
            if f.type in _NUMBERS:
                args.append(f"(_number({p}) if {p}.__class__ is int else {p})")
            elif f.type in _TEXTS:
                args.append(f"(_string({p}) if {p}.__class__ is str else {p})")
            elif f.type == "const":
                args.append(f"(_function({p}) if {p}.__class__ is str else {p})")
            else:
                args.append(p)
        src = f"def build({', '.join(params)}):\n    return _function(_name, [{', '.join(args)}])\n"
        return _generated(src, {"_number": Number, "_string": String, "_function": Function, "_name": self.name},
                          "build")

    def _values(self, a: str) -> list[str]:
        """The expressions that read each field from the argument list `a` (in generated code)."""
        return [f"{a}[{i}].number" if f.type in _NUMBERS else f"{a}[{i}]" for i, f in enumerate(self.fields)]


class Compound(_Shape):
    """A compound term Python reads the parts of, or builds: name(field, ...)."""

    def __init__(self, name: str, fields: str = "", doc: str = ""):
        super().__init__(name, fields, doc)
        self._record = None
        self._of = None

    @property
    def record(self) -> type:
        if self._record is None:
            self._record = namedtuple(_camel(self.name), [f.name for f in self.fields])
        return self._record

    def of(self, term):
        """The parts of a term of this shape (it must be one: see match)."""
        of = self._of
        if of is None:
            src = (f"def of(term):\n    a = term.arguments\n"
                   f"    return _new(_cls, ({''.join(v + ', ' for v in self._values('a'))}))\n")
            of = self._of = _generated(src, {"_new": tuple.__new__, "_cls": self.record}, "of")
        return of(term)

    def match(self, term):
        """The parts of a term if it has this shape (this name and number of arguments), else None."""
        return self.of(term) if self.is_(term) else None



class Predicate(_Shape):
    """A predicate Python reads (the rules conclude it) or writes (a fact the rules read): name(field, ...).

    written: Python gives it as facts (the rules read it); read: Python reads its atoms (or builds atoms of it to
    ask about: whether one is a fact, what explains it). program: the program it belongs to (game: the moments;
    search_payment: the payment search, rules/mana/payment.lp). view: a view's predicate (kb/compile.py compiles a
    copy per key, NAME__KEY; explanations read it under its own name). cited: the label field the compiler
    inserts (see the module's docstring)."""

    def __init__(self, name: str, fields: str = "", doc: str = "", *, written: bool = False, read: bool = True,
                 program: str = "game", view: bool = False, cited: str | None = None):
        super().__init__(name, fields, doc)
        if any(f.name == "atom" for f in self.fields):
            raise ValueError(f"{name}: a predicate's record has the field atom already (the atom read)")
        self.written, self.read_by_python, self.program, self.view = written, read, program, view
        names = [f.name for f in self.fields]
        self.cited = names.index(cited) if cited is not None else None
        moments = [i for i, f in enumerate(self.fields) if f.type == "moment"]
        self.moment = moments[0] if moments else None   # the index of the moment field
        self._record = None
        self._decode = None

    @property
    def record(self) -> type:
        if self._record is None:
            self._record = namedtuple(_camel(self.name), [f.name for f in self.fields] + ["atom"])
        return self._record

    def _decoder(self):
        dec = self._decode
        if dec is None:
            values = self._values("a")
            if self.moment is None:
                body = f"        app(_new(_cls, ({''.join(v + ', ' for v in values)}s)))\n"
            else:
                values[self.moment] = "m"
                body = (f"        m = a[{self.moment}].number\n        if lo <= m <= hi:\n"
                        f"            app(_new(_cls, ({''.join(v + ', ' for v in values)}s)))\n")
            src = ("def decode(symbols, lo, hi):\n    out = []\n    app = out.append\n    for s in symbols:\n"
                   "        a = s.arguments\n" + body + "    return out\n")
            dec = self._decode = _generated(src, {"_new": tuple.__new__, "_cls": self.record}, "decode")
        return dec

    def _bounds(self, t: int | None, since: int | None) -> tuple:
        if t is not None and since is not None:
            raise ValueError("a moment or a first moment, not both")
        if (t is not None or since is not None) and self.moment is None:
            raise ValueError(f"{self.name}/{self.arity} has no moment")
        if t is not None:
            return t, t
        if since is not None:
            return since, float("inf")
        return float("-inf"), float("inf")

    def decode(self, symbols, t: int | None = None, *, since: int | None = None) -> list:
        """Records of these atoms (all of this predicate), those of moment t (or from moment `since` on)."""
        return self._decoder()(symbols, *self._bounds(t, since))

    def read(self, game, t: int | None = None, *, since: int | None = None) -> list:
        """The records of this predicate's facts in a game (pyrules.game.engine.Game): all of them, those of
        moment t, or those from moment `since` on. Their terms are clingo Symbols."""
        return self._decoder()(game.atoms(self.name, self.arity), *self._bounds(t, since))

    def read_terms(self, game, t: int | None = None, seen: set | None = None) -> list:
        """The same, read in bulk (pyrules.kb.terms: plain Python terms, for answers read by the thousand); with
        `seen`, only the atoms not read into it before."""
        return self._decoder()(game.terms(self.name, self.arity, seen), *self._bounds(t, None))

    def of(self, atom):
        """The record of one atom of this predicate."""
        return self._decoder()((atom,), float("-inf"), float("inf"))[0]

    def stated(self, base) -> list:
        """The records of the facts of this predicate the knowledge base states (rules without a body in its base
        part: the goal language, the rulings' situations), each with its label, in the order the files state them."""
        return [(self.of(atom), label) for atom, label in base.facts(self.name, self.arity)]

    def has(self, game, *values) -> bool:
        """Whether the atom with these values is a fact of the game."""
        return game.fact(self(*values))


def moment_of(atom) -> int | None:
    """The moment of an atom of a declared predicate with a moment field; None for any other atom."""
    p = PREDICATES.get((atom.name, len(atom.arguments))) if atom.type == _FUNCTION else None
    if p is None or p.moment is None:
        return None
    value = atom.arguments[p.moment]
    return value.number if value.type == _NUMBER else None


def subject_of(term):
    """What an atom or a term is about: its first argument (the knowledge base names it first: the object of
    has_type(O, T, t), the source of source_unusable(O, tapped)), or None for a constant."""
    if term.type != _FUNCTION or not term.arguments:
        return None
    return term.arguments[0]


# ================================================================================================ declarations
# ------------------------------------------------------------------------------------------------ fluents and ids

OBJECT_FLUENT = Compound("o", "object:object attribute", "an attribute of an object (pyrules/input/schema.py's fields)")
PLAYER_FLUENT = Compound("p", "player:player attribute", "an attribute of a player")
GAME_FLUENT = Compound("g", "attribute", "an attribute of the game")
EFFECT_FLUENT = Compound("e", "effect attribute", "an attribute of a continuous effect")

# the ids the rules make for objects and effects (pyrules shows them as trigger_N_K, token_N[_K], effect_N_K)
TRIGGER_ID = Compound("trig", "step:int n:int", "the n-th triggered ability put on the stack at step `step`")
TOKEN_ID = Compound("tok", "step:int n:int", "the n-th token created at step `step`")
EFFECT_ID = Compound("eff", "step:int n:int", "the n-th continuous effect created at step `step`")
GENERATED_IDS = {c.name: c for c in (TRIGGER_ID, TOKEN_ID, EFFECT_ID)}

# object attributes read back (out_attr/3); written by the scenario's fields too
ATTACHED = Compound("attached", "object:object")
DAMAGE = Compound("damage", "amount:int")
ATTACKING = Compound("attacking", "defender:object")
BLOCKING = Compound("blocking", "attacker:object")
COPY_OF = Compound("copy_of", "original:object")
COPIED_FROM = Compound("copied_from", "original:object")
TIMESTAMP_OF = Compound("ts", "timestamp:int")
STACK_PLACE = Compound("stack", "place:int", "its place on the stack (1: the bottom)")
TARGET_OF = Compound("target", "n:int target", "its n-th target (a player or an object)")
CLASS_LEVEL = Compound("class_level", "n:int", "a Class's level (rules/mechanics/class.lp)")
MODE_CHOSEN = Compound("mode", "n:int", "a mode chosen for it (a modal spell or triggered ability on the stack)")
MODE_TIMES = Compound("mode_times", "n:int m:int", "a mode chosen m times for it, m more than one (rules/casting/pawprint_modes.lp)")
ABILITY_KIND = Compound("ability", "source:object ability", "what kind of object: an ability of this source (out_object/9)")

# player attributes read back (out_player/3)
PLAYER_LIFE = Compound("life", "amount:int")
PLAYER_POOL = Compound("pool", "kind:const amount:int", "mana of one kind in the pool")

# game attributes (gfl/2, out_game/2): the turn, and the ids a step made
GAME_ACTIVE = Compound("active", "value:player")
GAME_PHASE = Compound("phase", "value:const")
GAME_STEP = Compound("step", "value:const")
GAME_PRIORITY = Compound("priority", "value:player")
GAME_LANDS = Compound("lands", "value:int", "lands played this turn")
GAME_SPELLS_CAST = Compound("spells_cast", "player:player value:int", "spells a player has cast this turn")
GAME_CARDS_DRAWN = Compound("cards_drawn", "player:player value:int", "cards a player has drawn this turn")
GAME_SPELL_MANA = Compound("spell_mana", "player:player value:int", "mana a player has spent to cast spells this turn")
GAME_TURN = Compound("turn", "value:int")
GAME_TURN_FLUENTS = (GAME_ACTIVE, GAME_PHASE, GAME_STEP, GAME_PRIORITY, GAME_LANDS, GAME_TURN)
GAME_MADE = Compound("made", "kind:const step:int n:int", "step `step` made n ids of this kind (tok: tokens)")

# ------------------------------------------------------------------------------------------------ other terms

ABILITY = Compound("ab", "card:card face:const line:int name:const", "a printed ability: line `line` of a face")
EFFECT_DEF = Compound("d", "ability n:int", "the n-th continuous effect an ability creates")
FILTER = Compound("f", "text:string", "a filter, by its text (filter_text/2)")
VIEW_S = Compound("s", "t:moment", "the key of the view `show` grounds at moment t")
NEG = Compound("neg", "atom", "a negative premise of a rule instance (pyrules_why/3's body)")
ANY = Compound("any", "", "any value (an absence's '_')")
NONE = Compound("none", "", "no value")

# mana symbols as the knowledge base writes them (rules/core/mana_value.lp); {W} is w, {C} c, {S} s, {X} x
MANA_GENERIC = Compound("generic", "amount:int")
MANA_HYBRID = Compound("hybrid", "first:const second:const")
MANA_MONO_HYBRID = Compound("mono_hybrid", "color:const")
MANA_PHYREXIAN = Compound("phyrexian", "color:const")
MANA_HYBRID_PHYREXIAN = Compound("hybrid_phyrexian", "first:const second:const")

# options (copt/2) and actions (occurs/2, does/2)
OPTION_CAST = Compound("opt", "player:player object:object method:const source face:const",
                       "casting an object by a method (normal, escape, ...), by a permission of `source` (own, an "
                       "object), with a face up")
OPTION_PLAY = Compound("play", "player:player object:object", "playing a land (an option and an action)")
OPTION_ACTIVATE = Compound("activate", "player:player object:object ability",
                           "activating an ability (kw(K) or line(I)): an option and an action")
OPTION_ATTACK = Compound("attack_with", "player:player object:object")
OPTION_BLOCK = Compound("block_with", "player:player object:object")
ABILITY_KEYWORD = Compound("kw", "keyword:const", "an ability named by its keyword")
ABILITY_LINE = Compound("line", "line:int", "an ability named by its line")

ACTION_CAST = Compound("cast", "player:player object:object method:const part source",
                       "casting an object by a method, as a part (a string, or none), with a permission (any, own, an object)")
ACTION_PASS = Compound("pass", "player:player")
ACTION_PASS_ALL = Compound("pass_all", "", "every player passes in succession: the top of the stack resolves")
ACTION_CONVERT = Compound("convert", "object:object")
ACTION_TRANSFORM = Compound("transform", "object:object")
ACTION_COUNTER = Compound("counter", "object:object")
ACTION_MOVE = Compound("move", "object:object zone:const")
ACTION_COPY = Compound("copy", "object:object id:string player:player", "a copy of an object, with its id")
ACTION_GAIN_CONTROL = Compound("gain_control", "object:object player:player")
ACTION_ATTACK = Compound("attack", "player:player")
ACTION_BLOCK = Compound("block", "player:player")
ACTION_NEXT_TURN = Compound("next_turn")
ACTION_ADVANCE = Compound("advance", "phase:const step:const")
ACTIONS_BY_KIND = {"convert": ACTION_CONVERT, "transform": ACTION_TRANSFORM, "counter": ACTION_COUNTER}

# events and reasons read
PUT_ON_STACK = Compound("put_on_stack", "object:object source:object ability controller:player",
                        "a triggered ability put on the stack (event/2)")
NO_SUCH_ABILITY = Compound("no_such_ability", "ability", "a reason: the object has no ability named so (kw/1, line/1)")
NO_SUCH_MODE = Compound("no_such_mode", "mode:int", "a reason: the spell has no mode numbered so")
TARGETED_MODES_TOGETHER = Compound("targeted_modes_together", "mode:int other:int",
                                   "a reason: pyrules doesn't model two modes with targets chosen together (rules/casting/cast.lp)")
REPEAT_NOT_MODELLED = Compound("repeat_not_modelled", "mode:int",
                               "a reason: pyrules doesn't model doing that mode more than once (rules/casting/pawprint_modes.lp)")
CANT_PAY = Compound("cant_pay", "cost:string paid:string used",
                    "a reason: the cost can't be paid (what it needs, what the best payment paid, the sources it used)")
CANT_TELL = Compound("cant_tell", "cost:string paid:string used",
                     "a reason: the payment pyrules finds leaves the cost unpaid, but it left out mana abilities it doesn't activate while paying")

# mana paid, in the payment search's answer
POOL_UNIT = Compound("pool", "kind:const n:int", "the n-th mana of a kind in the pool")
SOURCE_UNIT = Compound("src", "object:object ability n:int", "the n-th mana a source's ability adds")

# ------------------------------------------------------------------------------------------------ the scenario
# (facts Python writes: pyrules/game/facts.py)

PLAYER = Predicate("player", "player:player", written=True, read=False)
SEAT = Predicate("seat", "player:player n:int", "the player's place in turn order", written=True, read=False)
HOLDS = Predicate("holds", "fluent:fluent t:moment", "a fluent holds at moment t (the scenario's: t = 0)",
                  written=True)
GIVEN = Predicate("given", "object:object field:const", "the scenario gives this field of the object",
                  written=True, read=False)
TRACK_MANA = Predicate("track_mana", "", "the scenario tracks mana (timeline casts pay)", written=True, read=False)
STEP_NO = Predicate("step_no", "t:moment step:int", "moment t belongs to the timeline's action number `step`",
                    written=True, read=False)
OCCURS = Predicate("occurs", "action:action t:moment", "the timeline's action taken at moment t", written=True)
CHOICE = Predicate("choice", "t:moment kind:const n:int value",
                   "a choice the timeline makes for the action at moment t (target, pay, keep, ...)", written=True)
ASKING = Predicate("asking", "player:player t:moment", "a player asks what they could do at moment t", written=True)

# ------------------------------------------------------------------------------------------------ the cards
# (facts Python writes: pyrules/cards/model.py, the card-text reader pyrules/cards/reader.py, from the grammar pyrules/cards/oracle.lark)

_CARD = dict(written=True, read=False)
CARD = Predicate("card", "card:card", **_CARD)
LAYOUT = Predicate("layout", "card:card layout:const", **_CARD)
FACE = Predicate("face", "card:card face:const name:string", **_CARD)
FACE_HAS_MANA_COST = Predicate("face_has_mana_cost", "card:card face:const", **_CARD)
FACE_MANA = Predicate("face_mana", "card:card face:const position:int symbol", "a mana symbol of the face's cost", **_CARD)
FACE_TYPE_WORD = Predicate("face_type_word", "card:card face:const word:string", "a word of the type line before the dash", **_CARD)
FACE_SUBTYPE = Predicate("face_subtype", "card:card face:const subtype:string", "a word after the dash", written=True)
FACE_PT = Predicate("face_pt", "card:card face:const power:int toughness:int", **_CARD)
FACE_LOYALTY = Predicate("face_loyalty", "card:card face:const loyalty:int", "a planeswalker's printed loyalty", **_CARD)
FACE_COLOR_INDICATOR = Predicate("face_color_indicator", "card:card face:const color:const", **_CARD)
FACE_DEFINED_COLOR = Predicate("face_defined_color", "card:card face:const color:const", "a token's color", **_CARD)
FACE_COLORS_STATED = Predicate("face_colors_stated", "card:card face:const", "the file states the face's colors", **_CARD)
FACE_STATED_COLOR = Predicate("face_stated_color", "card:card face:const color:const", **_CARD)
FACE_ABILITY = Predicate("face_ability", "card:card face:const ability", "a printed ability (ab/4)", **_CARD)
FACE_CHAPTER = Predicate("face_chapter", "card:card face:const chapter:int", "a Saga's chapter number", **_CARD)
FACE_REMINDER_MANA = Predicate("face_reminder_mana", "card:card face:const line:int",
                               "a line that is a basic land type's reminder of its mana ability", **_CARD)
FILTER_CLAUSE = Predicate("filter_clause", "filter n:int", "a filter's n-th clause (clauses are alternatives)", **_CARD)
FILTER_LIT = Predicate("filter_lit", "filter n:int literal", "a literal of a filter's n-th clause", **_CARD)
# what an ability is and does (rules/core/abilities.lp, rules/timeline/effects.lp say what they mean); `source`
# is an ability, or a continuous effect one creates (d/2)
ACTIVATED = Predicate("activated", "ability", **_CARD)
ADDITIONAL_COST = Predicate("additional_cost", "ability", **_CARD)
ADDS_TYPE = Predicate("adds_type", "source type:const", **_CARD)
ADDS_SUBTYPE = Predicate("adds_subtype", "source subtype:string", "layer 4: a subtype in addition to its other "
                         "types (rules/core/layers.lp)", **_CARD)
ADDS_SUPERTYPE = Predicate("adds_supertype", "source supertype:const", "layer 4: a supertype in addition to its "
                           "other ones (\"is legendary\", rules/core/layers.lp)", **_CARD)
AMOUNT_INSTEAD = Predicate("amount_instead", "ability modified effect:int amount:int condition",
                           "another line's amount instead if the condition holds (rules/timeline/instead.lp)", **_CARD)
ACTIVATE_IF = Predicate("activate_if", "ability condition", "the activated ability can be activated only while this "
                        "holds (rules/casting/activate.lp)", **_CARD)
EFFECT_INSTEAD = Predicate("effect_instead", "ability modified:int effect condition",
                           "the ability's effect, on the same target, instead of its effect `modified` if the condition "
                           "holds as it resolves (rules/timeline/instead.lp)", **_CARD)
AS_LONG_AS = Predicate("as_long_as", "ability condition", "the static ability's effect applies only while this holds "
                       "(rules/core/conditions.lp)", **_CARD)
CHAPTER = Predicate("chapter", "ability chapter:int", **_CARD)
COST = Predicate("cost", "ability item", **_CARD)
COST_MOD = Predicate("cost_mod", "ability change:const amount:int", **_CARD)
COST_MOD_PER_CAST = Predicate("cost_mod_per_cast", "ability change:const amount:int",
                              "the cost changes by this amount for each other spell the caster has cast this turn "
                              "(rules/casting/spells_cast_this_turn.lp)", **_CARD)
CAST_AS_FLASH = Predicate("cast_as_flash", "ability", "its controller may cast the spells of its scope as though they "
                          "had flash (rules/casting/timing.lp)", **_CARD)
CAST_ONLY_IF = Predicate("cast_only_if", "ability condition:const", "the spell can be cast only if this holds "
                         "(rules/casting/spells_cast_this_turn.lp)", **_CARD)
AFFINITY_FOR = Predicate("affinity_for", "ability filter", "affinity for [filter]: the permanents it counts "
                         "(rules/mechanics/affinity.lp)", **_CARD)
EFFECT = Predicate("effect", "ability n:int effect", **_CARD)
ENTERS_TAPPED = Predicate("enters_tapped", "ability", "the permanent enters tapped (a static ability)", **_CARD)
GRANTS_CHOSEN_PROTECTION = Predicate("grants_chosen_protection", "ability", "the objects in the static ability's scope "
                                     "have protection from the color chosen for its source as it entered "
                                     "(rules/timeline/chosen_as_enters.lp)", **_CARD)
PROTECTION_SPARES_SELF = Predicate("protection_spares_self", "ability", "the protection this ability gives doesn't "
                                   "remove its source, an Aura (rules/timeline/chosen_as_enters.lp)", **_CARD)
AS_ENTERS_CHOOSE = Predicate("as_enters_choose", "ability kind:const", "as the permanent enters, its controller "
                             "chooses a color or a creature type (rules/timeline/chosen_as_enters.lp)", **_CARD)
ENTERS_AS_COPY = Predicate("enters_as_copy", "ability kind:const limit:const", "its controller may have the permanent "
                           "enter as a copy of a permanent of the kind on the battlefield, within the limit "
                           "(rules/timeline/enter_as_copy.lp)", **_CARD)
COPY_EXCEPT_SUBTYPE = Predicate("copy_except_subtype", "ability subtype:string", "a permanent that enters as a copy has "
                                "the subtype besides those it copies (rules/timeline/enter_as_copy.lp)", **_CARD)
COPY_EXCEPT_ABILITY = Predicate("copy_except_ability", "ability granted:term", "a permanent that enters as a copy has "
                                "the ability besides those it copies (rules/timeline/enter_as_copy.lp)", **_CARD)
OPPONENTS_ENTER_TAPPED = Predicate("opponents_enter_tapped", "ability type:const",
                                   "objects of a card type (or any permanent) enter tapped under an opponent's control",
                                   **_CARD)
NO_MAX_HAND_SIZE = Predicate("no_max_hand_size", "ability", "its controller has no maximum hand size "
                             "(rules/timeline/hand_size.lp)", **_CARD)
HAND_SIZE_REDUCED = Predicate("hand_size_reduced", "ability n:int", "each opponent of its controller has a maximum hand "
                              "size n smaller (rules/timeline/hand_size.lp)", **_CARD)
ENTERS_TAPPED_UNLESS = Predicate("enters_tapped_unless", "ability condition",
                                 "the permanent enters tapped unless the condition holds as it would enter", **_CARD)
ENTERS_WITH_COUNTERS = Predicate("enters_with_counters", "ability kind:string n condition",
                                 "the permanent enters with n (a number or x) counters of a kind, always or if a condition holds",
                                 **_CARD)
ENTERS_WITH_COUNTERS_FOR_EACH = Predicate("enters_with_counters_for_each", "ability kind:string filter",
                                          "the permanent enters with a counter of a kind for each permanent of the filter",
                                          **_CARD)
OTHERS_ENTER_WITH_COUNTERS = Predicate("others_enter_with_counters", "ability kind:string per:const",
                                       "\"Other creatures you control enter with an additional [kind] counter on them for "
                                       "each [count]\" (rules/timeline/others_enter_with.lp)", **_CARD)
ESCAPES_WITH = Predicate("escapes_with", "ability counter:string amount:int", **_CARD)
FUNCTIONS_IN = Predicate("functions_in", "ability zone:const", **_CARD)
GRANT_COST = Predicate("grant_cost", "source item", **_CARD)
GRANTS = Predicate("grants", "source keyword:const", **_CARD)
REMOVES = Predicate("removes", "source keyword:const", "the objects in the static ability's scope lose the keyword "
                    "(layer 6: rules/core/layers.lp)", **_CARD)
GRANTS_ESCAPE = Predicate("grants_escape", "source filter", **_CARD)
GRANTS_ABILITY = Predicate("grants_ability", "ability granted", "a static ability gives the permanents in its "
                           "scope the quoted ability granted (rules/core/granted_abilities.lp)", **_CARD)
GRANTS_EXILE_PLAY = Predicate("grants_exile_play", "ability", **_CARD)
KEYWORD = Predicate("keyword", "ability keyword:const", **_CARD)
KEYWORD_N = Predicate("keyword_n", "ability n:int", "a keyword's number (crew 3, modular 3)", **_CARD)
KNOWN_DEF = Predicate("known_def", "source", **_CARD)
MANA_ABILITY = Predicate("mana_ability", "ability", written=True)
MOD_PT = Predicate("mod_pt", "ability power:int toughness:int", **_CARD)
MOD_PT_FOR_EACH = Predicate("mod_pt_for_each", "ability power:int toughness:int filter",
                            "+N/+N for each permanent of the filter (rules/core/layers.lp)", **_CARD)
MOD_PT_COUNT = Predicate("mod_pt_count", "ability power:int toughness:int counted",
                         "+N/+N for each of what the count counts (rules/core/counts.lp)", **_CARD)
CDA_PT = Predicate("cda_pt", "ability which:const counted", "a characteristic-defining ability: the power or the "
                   "toughness is the count (rules/core/counts.lp)", **_CARD)
PRODUCES = Predicate("produces", "ability kind amount", **_CARD)
PRODUCES_INSTEAD = Predicate("produces_instead", "ability kind:const amount condition",
                             "what the mana ability adds instead of what it produces if the condition holds as it "
                             "resolves (rules/mana/mana_instead.lp)", **_CARD)
RESTRICTION = Predicate("restriction", "ability restriction", **_CARD)
SCOPE = Predicate("scope", "ability scope", **_CARD)
EQUIP_QUALITY = Predicate("equip_quality", "ability filter", "\"Equip [quality] [cost]\": the creature it may "
                          "target (rules/casting/activate.lp)", **_CARD)
SCOPE_KEYWORD = Predicate("scope_keyword", "ability keyword:const", "a static ability's scope is only the objects "
                          "with that keyword after layer 6 (rules/core/layers.lp)", **_CARD)
SETS_CREATURE_TYPE = Predicate("sets_creature_type", "source subtype:string", **_CARD)
SETS_PT = Predicate("sets_pt", "source value", **_CARD)
SETS_TOUGHNESS = Predicate("sets_toughness", "source n:int", "the creatures in the static ability's scope have base "
                           "toughness n, their power unchanged (layer 7b: rules/core/layers.lp)", **_CARD)
SPELL_ABILITY = Predicate("spell_ability", "ability", **_CARD)
SPEND_ONLY = Predicate("spend_only", "ability kind:const", "only mana of this kind may pay the ability's cost", **_CARD)
COST_IF_TARGETS = Predicate("cost_if_targets", "ability amount:int filter",
                            "\"This spell costs {N} less to cast if it targets a [filter]\" "
                            "(rules/casting/cost_if_targets.lp)", **_CARD)
COST_FOR_EACH_CARD = Predicate("cost_for_each_card", "ability amount:int zone:const filter",
                               "\"This spell costs {N} less to cast for each [filter] card in your graveyard\": N for "
                               "each such card its caster owns in the zone (rules/casting/cost_for_each.lp)", **_CARD)
SPEND_ONLY_TO_CAST = Predicate("spend_only_to_cast", "ability filter", "the mana the mana ability adds may be spent "
                               "only to cast a spell of the filter (rules/mana/spend_restriction.lp)", **_CARD)
STATIC = Predicate("static", "ability", **_CARD)
TARGET = Predicate("target", "ability n:int spec", **_CARD)
TARGET_EACH_OPPONENT = Predicate("target_each_opponent", "ability n:int", **_CARD)
TARGET_OPTIONAL = Predicate("target_optional", "ability n:int", **_CARD)
TARGET_DISTINCT = Predicate("target_distinct", "ability n:int m:int",
                            "targets n and m are one word \"target\": never the same object", **_CARD)
TIMING = Predicate("timing", "ability timing:const", **_CARD)
TRIGGER = Predicate("trigger", "ability event", **_CARD)
INTERVENING_IF = Predicate("intervening_if", "ability condition", **_CARD)
CLASS_ABILITY_LEVEL = Predicate("class_ability_level", "ability level:int",
                                "an ability printed after a Class's level bar: it exists only at that level or higher", **_CARD)
TRIGGER_ONCE_EACH_TURN = Predicate("trigger_once_each_turn", "ability",
                                   "\"This ability triggers only once each turn.\" (rules/timeline/batch_triggers.lp)", **_CARD)
TRIGGER_WHILE = Predicate("trigger_while", "ability condition",
                          "\"whenever [event] while [condition]\": checked only as the event happens", **_CARD)
MODAL = Predicate("modal", "ability n:int", **_CARD)
MODE = Predicate("mode", "ability n:int", **_CARD)
MODAL_PAWPRINTS = Predicate("modal_pawprints", "ability n:int", "\"Choose up to n {P} worth of modes. You may choose the "
                            "same mode more than once.\" (rules/casting/pawprint_modes.lp)", **_CARD)
MODE_PAWPRINTS = Predicate("mode_pawprints", "ability n:int", "a mode line \"{P}{P} — ...\": its n pawprints", **_CARD)
CAST_SELF_FROM = Predicate("cast_self_from", "ability zone:const", "the card may be cast from that zone", **_CARD)
TRIGGER_MODES = Predicate("trigger_modes", "ability n:int", "a triggered ability says to choose n of the modes after it",
                          **_CARD)
MODE_OF = Predicate("mode_of", "mode ability n:int", "a bullet line: mode n of the modal triggered ability", **_CARD)
KICKED_ENTERS_WITH = Predicate("kicked_enters_with", "ability kind:string n:int", **_CARD)
TARGET_IF = Predicate("target_if", "ability n:int condition", "target n is chosen only if the condition holds as the "
                      "spell is cast (\"If the gift was promised, target creature ...\": rules/mechanics/gift.lp)", **_CARD)
GIFT = Predicate("gift", "ability effect", "\"Gift a [something]\": what the chosen opponent gets "
                 "(rules/mechanics/gift.lp)", **_CARD)
TRIGGERED_ABILITY = Predicate("triggered", "ability", **_CARD)
# the CR's lists of words (rules/core/types.lp), read by the card-text reader
CARD_TYPE_WORD = Predicate("card_type_word", "word:string type:const")
SUPERTYPE_WORD = Predicate("supertype_word", "word:string supertype:const")
SUBTYPE_LIST = Predicate("subtype_list", "word:string kind:const", "a subtype and the kind of object it is of")
PREDEFINED_TOKEN = Predicate("predefined_token", "subtype:const ability:string",
                             "a token card text creates by name, and its ability (rules/core/predefined_tokens.lp)")
KEYWORD_MISSING = Predicate("keyword_missing", "keyword:const missing:string",
                            "a keyword read whose rules aren't all there: what is missing (rules/core/keywords_missing.lp)")
REPEATS_EFFECT = Predicate("repeats_effect", "name:const",
                           "an effect pyrules does more than once for a mode chosen more than once (rules/core/missing_rules.lp)")
MODE_FITS_TWICE = Predicate("mode_fits_twice", "budget:int pawprints:int",
                            "a mode with this many pawprints fits twice in a spell's pawprints (rules/core/missing_rules.lp)")
READING_MISSING = Predicate("reading_missing", "what:const missing:string",
                            "a shape of card text read whose rules aren't all there: what is missing (rules/core/missing_rules.lp)")
READING_REASON = Predicate("reading_reason", "what:const text:string",
                           "why a line is not modelled, with {W} for its words (rules/core/reading_notes.lp)")
READING_NOTE = Predicate("reading_note", "what:const text:string",
                         "what the reader says of a line modelled with no fact (rules/core/reading_notes.lp)")
CARD_LINE = Predicate("card_line", "card:string face:const line:int test:string",
                      "a line a card's own file models (rules/cards/*.lp), and the test that plays it")
CARD_LINE_ABILITY = Predicate("card_line_ability", "card:string face:const line:int ability:const",
                              "an ability the line a card's own file models makes")

# ------------------------------------------------------------------------------------------------ the engine
# (what Python reads to sequence the grounding: pyrules/game/engine.py)

GATE = Predicate("gate", "part:const t:moment", "the rules of this kind apply at moment t (the part is grounded)")
AUTO = Predicate("auto", "event:const t:moment", "after moment t, the game does this by itself")
SETTLED = Predicate("settled", "t:moment", "at moment t the game waits for a player's decision")

# ------------------------------------------------------------------------------------------------ the state
# (what `show` reports: rules/output/show.lp; pyrules/game/state.py)

OUT_OBJECT = Predicate("out_object", "object:object name zone:const owner controller face mana_value kind t:moment",
                       "an object and its scalar properties (name, owner, controller, face, mana value: none if "
                       "it has none); kind: card, or ability(S, A)")
OUT_PT = Predicate("out_pt", "object:object power:int toughness:int t:moment")
OUT_LIST = Predicate("out_list", "object:object list:const value t:moment",
                     "an element of one of its lists (types, subtypes, supertypes, keywords, colors)")
OUT_COUNTER = Predicate("out_counter", "object:object kind:string amount:int t:moment")
OUT_ATTR = Predicate("out_attr", "object:object attribute t:moment", "an attribute (tapped, damage(N), ...)")
OUT_PLAYER = Predicate("out_player", "player:player attribute t:moment", "a player's attribute (life(N), ...)")
OUT_GAME = Predicate("out_game", "attribute t:moment", "an attribute of the game (turn, step, ...)")
OUT_FLAG = Predicate("out_flag", "object:object flag:const t:moment", "can_attack, escaped, summoning_sick")
OUT_REASON = Predicate("out_reason", "object:object reason:const t:moment", "why it can't attack")
OUT_ABILITY = Predicate("out_ability", "object:object source:object name:const t:moment",
                        "an ability on the stack: which ability of its source")
OUT_TOKEN_CARD = Predicate("out_token_card", "object:object card:card t:moment",
                           "a token's card: the one of the effect that created it (a made token's key is its description)")
OUT_GAME_OVER = Predicate("out_game_over", "winner t:moment", "the game is over: a player who won it, none for a draw")
SHOW = (OUT_OBJECT, OUT_PT, OUT_LIST, OUT_COUNTER, OUT_ATTR, OUT_PLAYER, OUT_GAME, OUT_FLAG, OUT_REASON, OUT_ABILITY,
        OUT_TOKEN_CARD, OUT_GAME_OVER)

# the properties explanations ask about (pyrules/answers/queries.py)
POWER = Predicate("power", "object:object power:int t:moment")
TOUGHNESS = Predicate("toughness", "object:object toughness:int t:moment")
MANA_VALUE = Predicate("mana_value", "object:object value:int t:moment")
OBJ_NAME = Predicate("obj_name", "object:object name:string t:moment")
FACE_UP = Predicate("face_up", "object:object face:const t:moment")
IN_ZONE = Predicate("in_zone", "object:object zone:const t:moment")
CONTROLLER = Predicate("controller", "object:object player:player t:moment")
OWNER = Predicate("owner", "object:object player:player t:moment")
ATTACHED_TO = Predicate("attached", "object:object host:object t:moment")
DAMAGE_MARKED = Predicate("damage", "object:object amount:int t:moment")
ATTACKING_WHOM = Predicate("attacking", "object:object defender:object t:moment")
BLOCKING_WHOM = Predicate("blocking", "object:object attacker:object t:moment")
HAS_TYPE = Predicate("has_type", "object:object type:const t:moment")
HAS_SUPERTYPE = Predicate("has_supertype", "object:object supertype:const t:moment")
HAS_SUBTYPE = Predicate("has_subtype", "object:object subtype:string t:moment")
HAS_KEYWORD = Predicate("has_keyword", "object:object keyword:const t:moment")
HAS_COLOR = Predicate("has_color", "object:object color:const t:moment")
COUNTER = Predicate("counter", "object:object kind:string amount:int t:moment")
X_VALUE = Predicate("x_value", "object:object value:int t:moment", "the value of X for a spell or ability on the stack")
CAN_ATTACK = Predicate("can_attack", "object:object key:key", view=True)
LEGAL_TARGET = Predicate("legal_target", "context slot target key:key", "a legal target of an option's target slot",
                         view=True)
CANNOT_ATTACK = Predicate("cannot_attack", "object:object reason:const key:key", view=True)
SUMMONING_SICK = Predicate("summoning_sick", "object:object t:moment")
ESCAPED = Predicate("escaped", "object:object t:moment")
TAPPED = Predicate("tapped", "object:object t:moment")
TOKEN = Predicate("token", "object:object t:moment")
IS_COPY = Predicate("is_copy", "object:object t:moment")
LIFE = Predicate("life", "player:player amount:int t:moment")
PRIORITY = Predicate("priority", "player:player t:moment")
TOP_OF_STACK = Predicate("top_of_stack", "object:object t:moment")
GFL = Predicate("gfl", "attribute t:moment", "an attribute of the game at moment t")

# ------------------------------------------------------------------------------------------------ the timeline
# (what an action did and whether the rules allowed it: pyrules/game/state.py)

INVALID = Predicate("invalid", "object:object field:const reason:reason label:label",
                    "the scenario's field of an object can't be (bad input)", cited="label")
REJECTED = Predicate("rejected", "action:action t:moment", "the action taken at moment t is not allowed")
WHY_NOT = Predicate("why_not", "action:action reason:reason label:label t:moment",
                    "why an action isn't allowed at moment t (the state before it)", cited="label")
EVENT = Predicate("event", "event t:moment", "something happened at moment t")
DOES = Predicate("does", "action:action t:moment", "what a player does at moment t")
SBA = Predicate("sba", "action object:object label:label t:moment",
                "a state-based action to perform (read by the rules; declared for the label the compiler inserts)",
                cited="label", read=False)
PERFORMED_SBA = Predicate("performed_sba", "action object:object label:label t:moment",
                          "a state-based action performed at moment t (destroy(O), lose(P), ...), with its rule's label")
STOPPED_INSTEAD = Predicate("stopped_instead", "phase:const step:const label:label t:moment",
                            "the step a moving action was going to was skipped", cited="label")
KEEP_TAKEN = Predicate("keep_taken", "object:object t:moment", "the legend rule kept the permanent `keep` named")
KEEP_TWICE = Predicate("keep_twice", "object:object t:moment", "`keep` named two of the same group")
MADE_ID = Predicate("made_id", "kind:const object:object t:moment", "an id made at moment t (trig, tok, eff)")
BAD_TRIGGER_CHOICE = Predicate("bad_trigger_choice", "object:object reason:reason label:label t:moment",
                               "the targets named for a triggered ability can't be chosen", cited="label")
TRIGGERED = Predicate("triggered", "source:object ability controller:player target t:moment",
                      "a triggered ability of a source triggers")
# predicates of events whose moment explanations word (pyrules/answers/trees.py: "(step N)")
ENDS = Predicate("ends", "fluent:fluent t:moment")
STARTS = Predicate("starts", "fluent:fluent t:moment")
RESOLVING = Predicate("resolving", "object:object t:moment")
CASTING = Predicate("casting", "option:option t:moment", "the way of casting a timeline's cast takes")
MOVES = Predicate("moves", "object:object to:const t:moment")
FLIPS = Predicate("flips", "object:object t:moment")
CONVERTS = Predicate("converts", "object:object t:moment")
PUTS_TRIGGER = Predicate("puts_trigger", "object:object source:object ability controller:player target t:moment")

# ------------------------------------------------------------------------------------------------ options
# (what a player could do now, and what it costs: pyrules/game/options.py, pyrules/game/payment.py)

COPT = Predicate("copt", "option:option t:moment", "an option considered at moment t")
LEGAL = Predicate("legal", "option:option t:moment", "the rules allow the option")
OPT_WHY_NOT = Predicate("opt_why_not", "option:option reason:reason label:label t:moment",
                        "why the rules don't allow the option", cited="label")
NO_CAST = Predicate("no_cast", "player:player object:object reason:reason t:moment",
                    "why a player has no way at all to cast an object")
OPT_EXILE = Predicate("opt_exile", "option:option amount:int t:moment", "cards to exile from the graveyard")
OPT_DISCARD = Predicate("opt_discard", "option:option amount:int t:moment")
OPT_LIFE = Predicate("opt_life", "option:option amount:int t:moment")
OPT_MV = Predicate("opt_mv", "option:option value:int t:moment", "the spell's mana value, cast so")
OPTION_ZONE = Predicate("option_zone", "option:option zone:const t:moment")
OPT_SACRIFICE = Predicate("opt_sacrifice", "option:option amount:int filter t:moment")
ACT_AB = Predicate("act_ab", "option:option ability t:moment", "the ability an activate option activates")
COST_ITEM = Predicate("cost_item", "option:option item t:moment", "a part of the option's cost (tap, untap, ...)")
CREW_N = Predicate("crew_n", "option:option power:int t:moment", "the total power crewing needs")
OPT_GENERIC = Predicate("opt_generic", "option:option amount:int t:moment", "the total cost's generic mana")
OPT_REDUCTION_LEFT = Predicate("opt_reduction_left", "option:option amount:int t:moment",
                               "reduction the generic mana left unused (it reduces what X adds)")
OPT_SPEND_ONLY = Predicate("opt_spend_only", "option:option kind:const t:moment",
                           "only mana of this kind may pay the option's cost")
OPT_SYMBOL = Predicate("opt_symbol", "option:option position:int symbol t:moment",
                       "a mana symbol of the total cost, at its printed position")
PAY_EXCLUDED = Predicate("pay_excluded", "option:option object:object t:moment",
                         "a permanent the option's own cost taps (not also tapped for mana)")
PAY_SAC_KEEP = Predicate("pay_sac_keep", "option:option filter amount:int t:moment",
                         "the payment must leave this many permanents of the kind for the cost to sacrifice")
PAY_SAC_CANDIDATE = Predicate("pay_sac_candidate", "option:option filter object:object t:moment",
                              "a permanent the payment could leave for the cost to sacrifice")
PAY_BARRED = Predicate("pay_barred", "option:option object:object ability reason:reason label:label t:moment",
                       "a mana ability whose mana can't pay the option's cost (rules/mana/spend_restriction.lp)",
                       cited="label")
CHOSEN_OPT = Predicate("chosen_opt", "action:action option:option t:moment",
                       "the way of casting the rules chose for the timeline's cast")
MANA_SOURCE = Predicate("mana_source", "player:player object:object ability t:moment", "a mana source of the player")
MANA_YIELD = Predicate("mana_yield", "object:object ability kind amount:int t:moment", "what it adds")
MANA_LEFT_OUT = Predicate("mana_left_out", "player:player object:object why t:moment",
                          "a permanent whose mana abilities pyrules doesn't activate while paying (a cost or effect it doesn't pay)")
MANA_SACRIFICES = Predicate("mana_sacrifices", "object:object ability t:moment",
                            "activating the mana ability sacrifices its source (a Treasure)")
TIMESTAMP = Predicate("timestamp", "object:object timestamp:int t:moment")
POOL = Predicate("pool", "player:player kind:const amount:int t:moment", "mana in the player's pool")
MANA_WHY_NOT = Predicate("mana_why_not", "player:player reason:reason label:label t:moment",
                         "why a permanent can't be tapped for mana now", cited="label")
# the payment a timeline's cast or activation makes (pyrules/game/payment.py's search, as facts of its moment;
# rules/mana/spend.lp)
PAY_REFUSED = Predicate("pay_refused", "t:moment reason:reason", "the cost can't be paid", written=True, read=False)
PAY_TAP = Predicate("pay_tap", "t:moment object:object", "the payment taps this source", written=True, read=False)
PAY_ACTIVATES = Predicate("pay_activates", "t:moment object:object ability",
                          "the payment activates this mana ability of the source", written=True, read=False)
PAY_ADDS = Predicate("pay_adds", "t:moment player:player object:object kind:const amount:int", written=True, read=False)
PAY_SPENDS = Predicate("pay_spends", "t:moment player:player kind:const amount:int", written=True, read=False)
PAY_PHYREXIAN_LIFE = Predicate("pay_phyrexian_life", "t:moment player:player amount:int", written=True, read=False)

# ------------------------------------------------------------------------------------------------ the payment search
# (#program search_payment, rules/mana/payment.lp: solved on its own Control, pyrules/game/payment.py)

_SEARCH = dict(program="search_payment")
SEARCH_OWE = Predicate("owe", "symbol amount:int", "the cost owes this many of a mana symbol", written=True, **_SEARCH)
SEARCH_GENERIC_OWED = Predicate("generic_owed", "amount:int", written=True, read=False, **_SEARCH)
SEARCH_X_COUNT = Predicate("x_count", "n:int", "the cost has n {X}", written=True, read=False, **_SEARCH)
SEARCH_X_FREE = Predicate("x_free", "", "X is chosen by the search: the largest that can be paid", written=True,
                          read=False, **_SEARCH)
SEARCH_X_SPARE = Predicate("x_spare", "amount:int", written=True, read=False, **_SEARCH)
SEARCH_X_RANGE = Predicate("x_range", "value:int", written=True, read=False, **_SEARCH)
SEARCH_POOL_MANA = Predicate("pool_mana", "kind:const amount:int", written=True, read=False, **_SEARCH)
SEARCH_SOURCE = Predicate("source", "object:object rank:int", "a source, by its place in timestamp order",
                          written=True, read=False, **_SEARCH)
SEARCH_YIELD = Predicate("yield", "object:object ability kind amount:int", written=True, read=False, **_SEARCH)
SEARCH_TWIN = Predicate("twin", "earlier:object later:object", "interchangeable sources", written=True, read=False,
                        **_SEARCH)
SEARCH_SACRIFICE_COST = Predicate("sacrifice_cost", "object:object ability",
                                  "activating the mana ability sacrifices the source", written=True, read=False, **_SEARCH)
SEARCH_KEEP = Predicate("keep", "filter amount:int", "permanents of a kind to leave for a sacrifice cost",
                        written=True, read=False, **_SEARCH)
SEARCH_KEEP_CANDIDATE = Predicate("keep_candidate", "filter object:object", written=True, read=False, **_SEARCH)
SEARCH_UNPAID_SOURCE = Predicate("unpaid_source", "object:object",
                                 "a mana ability pyrules doesn't activate while paying", written=True, read=False, **_SEARCH)
SEARCH_LIFE = Predicate("life", "amount:int", "the payer's life", written=True, read=False, **_SEARCH)
SEARCH_LIFE_COST = Predicate("life_cost", "amount:int", written=True, read=False, **_SEARCH)
SEARCH_SPEND_ONLY = Predicate("spend_only", "kind:const", "only mana of this kind may be spent", written=True,
                              read=False, **_SEARCH)
SEARCH_AVOID = Predicate("avoid", "kind:const", "a variant of the payment: spare the sources of this kind of mana",
                         written=True, read=False, **_SEARCH)
SEARCH_RESTRICTED = Predicate("restricted", "", "only the sources named may pay", written=True, read=False, **_SEARCH)
SEARCH_POOL_ALLOWED = Predicate("pool_allowed", "", written=True, read=False, **_SEARCH)
SEARCH_ALLOWED = Predicate("allowed", "object:object", written=True, read=False, **_SEARCH)
SEARCH_MANA_KIND = Predicate("mana_kind", "unit kind:const", "a unit of mana (pool/2, src/3) is of this kind", **_SEARCH)
SEARCH_MADE_KIND = Predicate("made_kind", "unit kind:const", "a unit is added as this kind", **_SEARCH)
SEARCH_SPENT = Predicate("spent", "unit", **_SEARCH)
SEARCH_LIFE_N = Predicate("life_n", "symbol amount:int", "this many Phyrexian symbols are paid with life", **_SEARCH)
SEARCH_X_VALUE = Predicate("x_value", "value:int", **_SEARCH)
SEARCH_PAY_WHY_NOT = Predicate("pay_why_not", "reason:reason label:label", cited="label", **_SEARCH)
SEARCH_ACT = Predicate("act", "object:object ability", "a mana ability activated", **_SEARCH)
SEARCH_SHORT = Predicate("short", "symbol halves:int", "half-symbols of a symbol left unpaid", **_SEARCH)
SEARCH_GENERIC_PAID = Predicate("generic_paid", "n:int", "generic mana number n is paid", **_SEARCH)

# ------------------------------------------------------------------------------------------------ the goal language
# (rules/output/goals.lp: what a plan's goal may ask and how the knowledge base evaluates it in each state)

GOAL_PROPERTY = Predicate("property", "kind:const property:const values:const",
                          "a goal may ask for this property of an object, a player or the turn, with values of this kind")
GOAL_OPERATOR = Predicate("operator", "text:string name:const compares:const", "a goal's operator (=, <=, ...)")
CONDITION = Predicate("condition", "condition:string subject property", "a condition of the plan's goal", written=True)
CONDITION_TEST = Predicate("condition_test", "condition:string op:const value",
                           "how a condition compares its property with a value (one fact for each spelling)", written=True)
PLAN_FROM_STEP = Predicate("plan_from_step", "step:int", "the plan's actions begin after this step", written=True)
CONDITION_MET = Predicate("condition_met", "condition:string t:moment")
CONDITION_UNMET = Predicate("condition_unmet", "condition:string why t:moment", "why a condition doesn't hold")
PLAN_IDLE_AT_ZERO = Predicate("plan_idle_at_zero", "ability",
                              "an activated ability that, activated with X = 0, costs nothing and changes nothing")
PLAN_MANA_STEP = Predicate("plan_mana_step", "ability",
                           "a mana ability with mana in its cost, which a plan's search activates as an action of its own")
PLAN_STEP_COLOR = Predicate("plan_step_color", "ability color:const",
                            "a color a plan's search names for the mana such an ability adds")
PLAN_STATE = Predicate("plan_state", "state t:moment",
                       "what the show document leaves out and decides what may come next (who passed, ...)")
TRIGGER_TARGET_CHOICE = Predicate("trigger_target_choice", "object:object n:int target:object t:moment",
                                  "a target its controller could name for a triggered ability put on the stack at t")
RESOLVE_CHOICE = Predicate("resolve_choice", "kind:const object:object t:moment",
                           "what the controller of the top of the stack may name (choose: {KIND: [object]}) as it resolves")
COULD_BLOCK = Predicate("could_block", "blocker:object attacker:object t:moment",
                        "a creature a player asking could declare as a blocker could block that attacking creature")
GOAL_OBJECT = Compound("object", "object:object", "a condition's subject: an object")
GOAL_PLAYER = Compound("of_player", "player:player", "a condition's subject: a player")
GOAL_TURN = Compound("turn", "", "a condition's subject: the turn")
GOAL_CAST = Compound("cast", "method:const", "a condition's property: cast (by a method, or any)")
GOAL_RESULT = Compound("result", "outcome:const", "a condition's property: how the game ends for a player (loses, wins)")
GOAL_COUNTERS = Compound("counters", "kind:string", "a condition's property: counters of one kind")
GOAL_POOL = Compound("pool", "w:int u:int b:int r:int g:int c:int", "a mana pool's value, counted by kind")
UNMET_DIFFERS = Compound("differs", "subject property", "a condition's property has another value")
BEST_LINE = Compound("best_line", "depth:int", "where a search came closest to a goal (a reason's {W})")

# ------------------------------------------------------------------------------------------------ explanations' facts
# (rules/output/properties.lp, rulings.lp: the explain part, grounded when an explanation is asked)

PROPERTY_ATOM = Predicate("property_atom", "object:object property:const value atom_shown t:moment",
                          "atom `atom_shown` shows value `value` of a property of an object")
EXPLAINED_ABSENCE = Predicate("explained_absence", "property:const pattern note",
                              "an object with no value for the property is explained by the absence of the pattern "
                              "(object and moment standing for the object and the moment); note: none or a string")
RULING_SITUATION = Predicate("ruling_situation", "ruling:string situation:const", "a ruling is about a situation")
RULING_ABOUT = Predicate("ruling_about", "ruling:string object:object t:moment", "a ruling is about an object now")
PROPERTY_VALUE = Compound("property_value", "object:object property:const value",
                          "a property's value, as an answer names it (its `%: claim` template)")

# the parts of a cost in words (rules/output/costs.lp's `%: term` templates)
EXILE_COST = Compound("exile_cost", "amount:int")
SACRIFICE_COST = Compound("sacrifice_cost", "amount:int filter")
DISCARD_COST = Compound("discard_cost", "amount:int")
LIFE_COST = Compound("life_cost", "amount:int")

# ------------------------------------------------------------------------------------------------ explanations
# (the shadow atoms kb/compile.py adds: pyrules/answers/trees.py)

PYRULES_WHY = Predicate("pyrules_why", "label:label head body", "a rule instance fired: its conclusion, its body "
                        "atoms as a tuple (neg(A) for `not A`)", program="shadows")
PYRULES_AGG = Predicate("pyrules_agg", "label:label head body", "an element an aggregate of a rule instance counted",
                        program="shadows")
ABSENT_BECAUSE = Predicate("absent_because", "absent reason t:moment", "why an atom is absent")


# ================================================================================================ tables

PREDICATES: dict[tuple[str, int], Predicate] = {}   # (name, arity) -> its declaration, game program and shadows
SEARCH_PREDICATES: dict[tuple[str, int], Predicate] = {}   # the payment search's
COMPOUNDS: dict[tuple[str, int], list[Compound]] = {}
for _v in list(globals().values()):
    if isinstance(_v, Predicate):
        table = SEARCH_PREDICATES if _v.program == "search_payment" else PREDICATES
        if _v.signature in table:
            raise ValueError(f"{_v.name}/{_v.arity} is declared twice")
        table[_v.signature] = _v
    elif isinstance(_v, Compound):
        COMPOUNDS.setdefault(_v.signature, []).append(_v)
del _v

# (name, arity as the rules write it) -> where the compiler inserts the label (0-based): kb/compile.py
CITED = {(p.name, p.arity - 1): p.cited for p in (*PREDICATES.values(), *SEARCH_PREDICATES.values())
         if p.cited is not None}
