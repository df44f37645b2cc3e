"""The scenario format, declared once.

Each field of a scenario object (and of players, turn and effects) is declared here with its JSON shape
and the fluent it becomes (holds(o(Id, Attribute), 0) and friends, rules/timeline/inertia.lp). The one
declaration drives three things: the JSON Schema that validates a scenario's shape (json_schema()), the
facts built from a scenario (pyrules/game/facts.py) and the reading back of a state into the same fields
(pyrules/game/state.py). What the fields mean in the game is decided in rules/.
"""

from __future__ import annotations

from dataclasses import dataclass

ID_PATTERN = r"^[A-Za-z0-9_-]+$"
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")
PHASES = ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
STEPS = {
    "beginning": ("untap", "upkeep", "draw"),
    "precombat_main": (None,),
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"),
    "postcombat_main": (None,),
    "ending": ("end", "cleanup"),
}
METHODS = ("normal", "escape", "flashback", "more_than_meets_the_eye")
DURATIONS = ("end_of_turn", "leaves", "while_you_control_source")

_ID = {"type": "string", "pattern": ID_PATTERN, "maxLength": 64}
_NAME = {"type": "string", "minLength": 1, "maxLength": 200}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 1000000}
_LIFE = {"type": "integer", "minimum": -1000000, "maximum": 1000000}


@dataclass(frozen=True)
class Field:
    """One field of a scenario object: its JSON shape, and the fluent attribute it becomes.

    kind says how a value becomes the attribute's arguments:
      const   o(O, attr(value))          a lower-case word (zone, face, method)
      id      o(O, attr("id"))           another object's id
      player  o(O, attr("player"))       a player's name
      flag    o(O, attr)                 present when true
      int     o(O, attr(N))              a number
      card    o(O, card("Card Name"))    the card's full name
      word    o(O, attr("word"))         a word, in lower case as the rules write subtypes (a creature type)
      map     o(O, attr(Key, N))         one fluent per key (counters)
      list    o(O, attr(I, Value))       one fluent per element, I from 1 (targets)
      special built by facts.py itself (controlled_since_turn_start, ability, part)
    """

    name: str
    schema: dict
    attr: str | None
    kind: str
    doc: str


OBJECT_FIELDS: tuple[Field, ...] = (
    Field("id", _ID, None, "special", "unique id; letters, digits, '_' and '-'"),
    Field("card", _NAME, "card", "card", "either face's name or 'Front // Back'"),
    Field("owner", _ID, "owner", "player", "the player who owns it"),
    Field("zone", {"enum": list(ZONES)}, "zone", "const", "the zone it is in"),
    Field("controller", _ID, "ctl", "player", "battlefield or stack: who controls it (default: owner)"),
    Field("face", {"enum": ["front", "back"]}, "face", "const", "battlefield or stack: the face up"),
    Field("tapped", {"type": "boolean"}, "tapped", "flag", "battlefield: tapped"),
    Field("counters", {"type": "object", "additionalProperties": _COUNT,
                       "propertyNames": {"minLength": 1, "maxLength": 100}}, "counter", "map", "counter kind -> number"),
    Field("attached_to", _ID, "attached", "id", "an Equipment's or Aura's permanent"),
    Field("controlled_since_turn_start", {"type": "boolean"}, "cfts", "special",
          "battlefield: false = came under its controller's control this turn"),
    Field("cast_with", {"enum": list(METHODS)}, "cast_with", "const", "stack or battlefield: how it was cast"),
    Field("part", _NAME, "part", "special", "stack: the half or part cast"),
    Field("exiled_with", _ID, "exiled_with", "id", "exile: the object whose ability exiled it"),
    Field("copy_of", _ID, "copy_of", "id", "a copy of that object"),
    Field("token", {"type": "boolean"}, "token", "flag",
          "a token (its card may then be a token the rules define by name: Treasure, Food, Clue)"),
    Field("damage", _COUNT, "damage", "int", "battlefield: damage marked on it"),
    Field("attacking", _ID, "attacking", "player", "combat: the player it attacks"),
    Field("blocking", _ID, "blocking", "id", "combat: the attacking creature it blocks"),
    Field("x", _COUNT, "x", "int", "stack: the value announced for X"),
    Field("chosen_color", {"enum": ["white", "blue", "black", "red", "green"]}, "chosen_color", "const",
          "battlefield: the color chosen as it entered (\"As ~ enters, choose a color\")"),
    Field("chosen_type", {"type": "string", "pattern": r"^[A-Za-z][A-Za-z'-]*$", "maxLength": 40}, "chosen_type", "word",
          "battlefield: the creature type chosen as it entered (\"As ~ enters, choose a creature type\")"),
    Field("chosen_creature", _ID, "chosen_creature", "id",
          "battlefield: the creature chosen as it entered (\"As ~ enters, choose another creature you control\")"),
    Field("class_level", {"type": "integer", "minimum": 1, "maximum": 99}, "class_level", "int",
          "battlefield: a Class's level (default 1: the level it enters with)"),
    Field("ability_of", _ID, None, "special", "an ability on the stack: its source"),
    Field("ability", {"type": "string", "pattern": r"^[a-z0-9_]+$", "maxLength": 64}, None, "special",
          "an ability on the stack: which ability"),
    Field("targets", {"type": "array", "items": _ID, "maxItems": 256}, "target", "list", "chosen targets"),
)

EFFECT_FIELDS: tuple[Field, ...] = (
    Field("id", _ID, None, "special", "unique id"),
    Field("effect", {"type": "string", "pattern": r"^[a-z0-9_]+$", "maxLength": 64}, "def", "special", "what it does"),
    Field("source", _ID, "source", "id", "the object it came from"),
    Field("controller", _ID, "controller", "player", "who controls it (default: the source's controller)"),
    Field("objects", {"type": "array", "items": _ID, "maxItems": 10000}, "on", "special", "the objects it applies to"),
    Field("until", {"enum": list(DURATIONS) + [None]}, "until", "special", "when it ends"),
)

_ACTION = {"type": "object", "minProperties": 1}


def json_schema() -> dict:
    """The JSON Schema of a scenario's shape (the checks no schema can express are in scenario.py and rules/)."""
    obj = {"type": "object", "required": ["id", "zone"], "additionalProperties": False,
           "properties": {f.name: f.schema for f in OBJECT_FIELDS}}
    eff = {"type": "object", "required": ["id", "effect", "source"], "additionalProperties": False,
           "properties": {f.name: f.schema for f in EFFECT_FIELDS}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pyrules scenario",
        "type": "object",
        "required": ["players", "turn", "objects"],
        "additionalProperties": False,
        "properties": {
            "description": {"type": "string", "maxLength": 10000},
            "players": {"type": "array", "items": _ID, "minItems": 1, "maxItems": 16},
            "life": {"type": "object", "additionalProperties": _LIFE},
            "turn": {"type": "object", "required": ["active", "phase"], "additionalProperties": False,
                     "properties": {"active": _ID, "phase": {"enum": list(PHASES)},
                                    "step": {"enum": sorted({s for v in STEPS.values() for s in v if s}) + [None]},
                                    "priority": _ID, "lands_played": _COUNT,
                                    "spells_cast": {"type": "object", "additionalProperties": _COUNT},
                                    "cards_drawn": {"type": "object", "additionalProperties": _COUNT},
                                    "mana_spent_on_spells": {"type": "object", "additionalProperties": _COUNT}}},
            "objects": {"type": "array", "items": obj, "maxItems": 10000},
            "effects": {"type": "array", "items": eff, "maxItems": 1000},
            "actions": {"type": "array", "items": _ACTION, "maxItems": 2000},
            "mana_pool": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 200}},
            "track_mana": {"type": "boolean"},
            # the goal `pyrules plan SCENARIO` searches for when it is given none (a GOAL: docs/guide/plans.md)
            "goal": {"type": "string", "minLength": 1, "maxLength": 2000},
            # the answers a test expects of this scenario: checked by the test suite (tests/rulecases.py), ignored
            # by pyrules
            "expect": {"type": "object"},
        },
    }
