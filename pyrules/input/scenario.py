"""Scenario files: reading, validating, and the normalised scenario the facts are built from.

Validation happens before anything reaches clingo, in two passes that stop at the first problem with a
ScenarioError naming the field, so a malformed scenario is never half-applied:
  1. the shape, by the JSON Schema made from the one declaration of the format (pyrules/input/schema.py);
  2. references: players and ids exist and are unique, cards are known (with a did-you-mean), ids the
     timeline will create are fresh, every action's fields and references are well formed.
Whether a state can occur in a game at all (a back face in a hand, a controller off the battlefield, an
Equipment attached to a card in a graveyard, ...) is a question of the rules: rules/ answers it with
invalid/3 atoms, which pyrules reports the same way (exit code 2).
"""

from __future__ import annotations

import difflib
import importlib.util
import json as _json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pyrules.cards.db import CardDB, bundled
from pyrules.cards.files import CardDataError
from pyrules.cards.mana import ManaSymbolError, parse_mana_cost
from pyrules.cards.model import Card
from pyrules.cards.search import did_you_mean as card_hint
from pyrules.errors import ScenarioError, did_you_mean, short
from pyrules.input.actions import check_actions
from pyrules.input.document import parse_text, read_source
from pyrules.input.schema import EFFECT_FIELDS, OBJECT_FIELDS, STEPS, json_schema
from pyrules.kb.compile import cache_dir, checksum

GENERATED = re.compile(r"^(trigger|token|effect)_\d+(_\d+)?$")


@dataclass
class Scenario:
    players: list[str]
    life: dict[str, int]
    turn: dict
    objects: list[dict]
    effects: list[dict] = field(default_factory=list)
    actions: list[dict] = field(default_factory=list)
    mana_pool: dict[str, list] = field(default_factory=dict)
    track_mana: bool = False
    description: str = ""
    goal: str | None = None                                    # the goal a plan searches for when given none
    source: str = "<scenario>"
    cards: dict[str, Card] = field(default_factory=dict)       # the cards the objects are
    db: CardDB | None = None
    index: dict[str, int] = field(default_factory=dict)        # id -> position in objects

    @property
    def ids(self) -> list[str]:
        return [o["id"] for o in self.objects]

    def object(self, oid: str) -> dict:
        return self.objects[self.index[oid]]


# ------------------------------------------------------------------------------------------------ shape

_FJS_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException"


def _fastjsonschema_exceptions():
    """fastjsonschema's own exceptions module, loaded from its file without running the package's __init__
    (which imports every draft's code generator: some 7 ms of each command's start)."""

    package = importlib.util.find_spec("fastjsonschema")
    where = os.path.join(list(package.submodule_search_locations)[0], "exceptions.py")
    spec = importlib.util.spec_from_file_location("pyrules_fastjsonschema_exceptions", where)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _validator():
    """(validate, the exception it raises): the schema compiled to Python by fastjsonschema once, kept as a
    module in the cache directory (keyed by the schema) so that later processes import it with its bytecode
    instead of compiling it again. The module gets fastjsonschema's exception classes from pyrules rather
    than by importing the package."""


    schema = json_schema()
    directory = cache_dir()
    if directory is None:
        import fastjsonschema

        return fastjsonschema.compile(schema), fastjsonschema.JsonSchemaValueException
    digest = checksum([("2\n" + _json.dumps(schema, sort_keys=True)).encode()])
    path = directory / f"validator_{digest}.py"
    if not path.is_file():
        import fastjsonschema

        # (a fastjsonschema that writes its import otherwise keeps it: the module then raises the package's
        # own class, which is what _validator returns)
        code = fastjsonschema.compile_to_code(schema).replace(
            _FJS_IMPORT, "# JsonSchemaValueException, JsonSchemaValuesException: given by pyrules.scenario")
        try:
            directory.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(code, encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            return fastjsonschema.compile(schema), fastjsonschema.JsonSchemaValueException
    exceptions = _fastjsonschema_exceptions()
    spec = importlib.util.spec_from_file_location(f"pyrules_validator_{digest}", path)
    module = importlib.util.module_from_spec(spec)
    module.JsonSchemaValueException = exceptions.JsonSchemaValueException
    module.JsonSchemaValuesException = exceptions.JsonSchemaValuesException
    spec.loader.exec_module(module)
    return module.validate, module.JsonSchemaValueException


def _path(text: str) -> str:
    """fastjsonschema's 'data.objects[0].zone' -> 'objects[0].zone'."""
    p = text[4:] if text.startswith("data") else text
    return p.lstrip(".") or "scenario"


_TYPE_WORDS = {"array": "a list", "object": "a mapping", "string": "a string", "integer": "a whole number",
               "boolean": "true or false", "null": "null", "number": "a number"}


def _shape_error(exc) -> ScenarioError:

    where = _path(exc.name)
    rule, definition, value = exc.rule, exc.rule_definition, exc.value
    if rule == "required":
        missing = [k for k in definition if not isinstance(value, dict) or k not in value]
        return ScenarioError(f"{where}.{missing[0]}" if where != "scenario" else missing[0], "is required")
    if rule == "additionalProperties":
        import difflib
        import re

        names = sorted(k for k in value if isinstance(k, str)) if isinstance(value, dict) else []
        allowed = sorted((exc.definition or {}).get("properties", {}))
        extra = [k for k in names if k not in allowed] or [re.sub(r".*\{(.*)\}.*", r"\1", str(exc.message))]
        close = difflib.get_close_matches(extra[0], allowed, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else (f" (fields: {', '.join(allowed)})" if allowed else "")
        return ScenarioError(where, f"unknown field {short(extra[0])}{hint}")
    if rule == "propertyNames":
        return ScenarioError(where, "its keys must be names of 1 to 100 characters")
    if rule == "enum":
        allowed = ", ".join("null" if x is None else str(x) for x in definition)
        return ScenarioError(where, f"{short(value)} is not one of: {allowed}{did_you_mean(value, definition)}")
    if rule == "type":
        want = definition if isinstance(definition, list) else [definition]
        # (YAML reads 12, yes and no unquoted as a number or a boolean where a name was meant)
        hint = f" (quote it: '{str(value).lower() if isinstance(value, bool) else value}')" \
            if want == ["string"] and isinstance(value, (bool, int, float)) else ""
        return ScenarioError(where, f"must be {' or '.join(_TYPE_WORDS.get(w, w) for w in want)}, not {short(value)}{hint}")
    if rule == "minimum":
        return ScenarioError(where, f"must be at least {definition}, not {short(value)}")
    if rule == "maximum":
        return ScenarioError(where, f"must be at most {definition}, not {short(value)}")
    if rule == "pattern":
        return ScenarioError(where, f"{short(value)} may use only letters, digits, '_' and '-'")
    if rule in ("maxLength", "maxItems", "maxProperties"):
        return ScenarioError(where, f"is too long (at most {definition})")
    if rule in ("minItems", "minLength", "minProperties"):
        return ScenarioError(where, "must not be empty")
    return ScenarioError(where, str(exc.message))


def _check_shape(data: dict) -> None:
    validate, invalid = _validator()
    try:
        validate(data)
    except invalid as exc:
        raise _shape_error(exc) from None
    _check_whole_numbers(data, "")
    _check_additional(data)


def _check_whole_numbers(value, where: str) -> None:
    """Every number in a scenario counts something (life, counters, damage, a step): a decimal number such
    as 20.0 (which the schema's "integer" lets through) is refused, naming its field."""

    if isinstance(value, float):
        raise ScenarioError(where or "scenario", f"must be a whole number, not {short(value)}")
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, (dict, list, float)):
                _check_whole_numbers(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, (dict, list, float)):
                _check_whole_numbers(v, f"{where}[{i}]")


def _check_additional(data: dict) -> None:
    """Unknown fields, reported with their name (the schema's message doesn't say which)."""
    known = {f.name for f in OBJECT_FIELDS}
    for i, o in enumerate(data.get("objects") or []):
        extra = sorted(set(o) - known)
        if extra:
            raise ScenarioError(f"objects[{i}]", f"unknown field {extra[0]!r}")
    known_e = {f.name for f in EFFECT_FIELDS}
    for i, e in enumerate(data.get("effects") or []):
        extra = sorted(set(e) - known_e)
        if extra:
            raise ScenarioError(f"effects[{i}]", f"unknown field {extra[0]!r}")


# ------------------------------------------------------------------------------------------------ loading

def load(source: str | Path | dict, db: CardDB | None = None) -> Scenario:
    """A scenario from a YAML or JSON file path ('-' for standard input), or an already-parsed mapping."""
    if isinstance(source, dict):
        return from_dict(source, db=db)

    text, name = read_source(source)
    data = parse_text(text, name)
    return from_dict(data, source=name, db=db)


def from_dict(data: Any, source: str = "<scenario>", db: CardDB | None = None) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "must be a mapping with players, turn and objects")
    _check_shape(data)
    return _check(data, source, db or bundled())


def _did_you_mean(value: str, names: list[str]) -> str:

    close = difflib.get_close_matches(value, names, n=1)
    return f" — did you mean {close[0]!r}?" if close else ""


def _card(db: CardDB, name: str, where: str, token: bool = False) -> Card:

    try:
        card = db.lookup(name)
    except (CardDataError, ScenarioError) as exc:   # a card its file describes in a way pyrules can't read
        raise ScenarioError(where, str(exc)) from None
    if card is None and token:
        card = _predefined_token(name)   # `card: Treasure, token: true`: the token the rules define by name
    if card is None:
        hint = card_hint(db.library, name)
        if not token and _predefined_token(name) is not None:
            hint = f" (a {name} is a token the rules define: write token: true)"
        raise ScenarioError(where, f"unknown card {short(name)}{hint}")
    return card


def _predefined_token(name: str) -> Card | None:
    """The token card of a Treasure, Food, Clue, ... (rules/core/predefined_tokens.lp), as "create a Treasure
    token" makes it; None for another name."""
    from pyrules.cards.reader import predefined_token_card

    return predefined_token_card(name)


def _with_other_unknown_cards(exc: ScenarioError, db: CardDB, raw: list, i: int) -> ScenarioError:
    """An unknown card's error, naming every other unknown card of the scenario too (one run reports them all)."""
    if not exc.message.startswith("unknown card"):
        return exc
    others = []
    for k in range(i + 1, len(raw)):
        name = raw[k].get("card") if isinstance(raw[k], dict) else None
        if not isinstance(name, str) or "ability_of" in raw[k]:
            continue
        try:
            if db.lookup(name) is not None or raw[k].get("token") is True and _predefined_token(name) is not None:
                continue
        except (CardDataError, ScenarioError):   # a card its file can't describe: reported when it is reached
            continue
        others.append(f"objects[{k}].card: unknown card {short(name)}{card_hint(db.library, name)}")
    if not others:
        return exc
    return ScenarioError(exc.field, f"{exc.message}; and {len(others)} more: " + "; ".join(others))


def _check(data: dict, source: str, db: CardDB) -> Scenario:
    players = list(data["players"])
    for i, p in enumerate(players):
        if p in players[:i]:
            raise ScenarioError(f"players[{i}]", f"duplicate player {p!r}")
        if GENERATED.match(p):
            raise ScenarioError(f"players[{i}]", f"{p!r} has the form of an id pyrules makes (trigger_N_K, token_N): choose another name")

    def player(value: str, where: str) -> str:
        if value not in players:
            raise ScenarioError(where, f"unknown player {value!r}{did_you_mean(value, players)} (players: {', '.join(players)})")
        return value

    life = {p: 20 for p in players}
    for p, n in (data.get("life") or {}).items():
        life[player(p, f"life.{p}")] = n

    turn = dict(data["turn"])
    turn["active"] = player(turn["active"], "turn.active")
    turn["priority"] = player(turn.get("priority", turn["active"]), "turn.priority")
    phase = turn["phase"]
    step = turn.get("step")
    if step not in STEPS[phase]:
        allowed = ", ".join("null" if s is None else s for s in STEPS[phase])
        raise ScenarioError("turn.step", f"{step if step is not None else 'null'} is not a step of the {phase} phase (one of: {allowed})"
                                         f"{did_you_mean(step, STEPS[phase])}")
    turn["step"] = step
    turn.setdefault("lands_played", 0)
    turn["spells_cast"] = {player(p, f"turn.spells_cast.{p}"): n for p, n in (turn.get("spells_cast") or {}).items()}
    turn["cards_drawn"] = {player(p, f"turn.cards_drawn.{p}"): n for p, n in (turn.get("cards_drawn") or {}).items()}
    turn["mana_spent_on_spells"] = {player(p, f"turn.mana_spent_on_spells.{p}"): n
                                    for p, n in (turn.get("mana_spent_on_spells") or {}).items()}

    raw = data["objects"]
    index: dict[str, int] = {}
    for i, o in enumerate(raw):
        oid = o["id"]
        if oid in index:
            raise ScenarioError(f"objects[{i}].id", f"duplicate id {oid!r} (also objects[{index[oid]}])")
        if oid in players:
            raise ScenarioError(f"objects[{i}].id", f"{oid!r} is already a player's name")
        if GENERATED.match(oid):
            raise ScenarioError(f"objects[{i}].id", f"{oid!r} has the form of an id pyrules makes for new objects (trigger_N_K, token_N, effect_N_K): choose another id")
        index[oid] = i

    def ref(value: str, where: str) -> str:
        if value not in index:
            raise ScenarioError(where, f"unknown id {value!r}" + _did_you_mean(value, list(index)))
        return value

    cards: dict[str, Card] = {}
    objects: list[dict] = []
    for i, o in enumerate(raw):
        where = f"objects[{i}]"
        o = dict(o)
        is_ability = "ability_of" in o or "ability" in o
        if is_ability:
            if "ability_of" not in o or "ability" not in o:
                missing = "ability_of" if "ability_of" not in o else "ability"
                raise ScenarioError(f"{where}.{missing}", "is required for an ability on the stack (ability_of and ability go together)")
            for key in ("card", "copy_of", "face", "owner", "token", "counters", "cast_with", "part"):
                if key in o:
                    raise ScenarioError(f"{where}.{key}", "an ability on the stack has no card, face, owner, counters or casting method")
            ref(o["ability_of"], f"{where}.ability_of")
            if o["ability_of"] == o["id"]:
                raise ScenarioError(f"{where}.ability_of", "an ability can't be its own source")
        else:
            if "owner" not in o:
                raise ScenarioError(f"{where}.owner", "is required")
            if "card" in o:
                try:
                    card = _card(db, o["card"], f"{where}.card", token=o.get("token") is True)
                except ScenarioError as exc:
                    raise _with_other_unknown_cards(exc, db, raw, i) from None
                cards[card.name] = card
                o["card"] = card
            elif "copy_of" not in o:
                raise ScenarioError(f"{where}.card", "is required (unless the object is a copy_of another or an ability_of one)")
            player(o["owner"], f"{where}.owner")
        if "controller" in o:
            player(o["controller"], f"{where}.controller")
        if "attacking" in o:
            player(o["attacking"], f"{where}.attacking")
        if o.get("attached_to") in players:
            raise ScenarioError(f"{where}.attached_to", f"{o['attached_to']!r} is a player; pyrules models no Aura that enchants a player")
        for key in ("attached_to", "copy_of", "blocking", "chosen_creature"):   # (not exiled_with: an adventurer card exiles itself)
            if key in o:
                ref(o[key], f"{where}.{key}")
                if o[key] == o["id"]:
                    raise ScenarioError(f"{where}.{key}", f"an object can't be {key.replace('_', ' ')} itself")
        if "exiled_with" in o:   # (it may name the object itself: an adventurer card exiles itself)
            ref(o["exiled_with"], f"{where}.exiled_with")
        for k, t in enumerate(o.get("targets", [])):
            if t not in index and t not in players:
                raise ScenarioError(f"{where}.targets[{k}]", f"unknown target {t!r}: not an object id or a player" + _did_you_mean(t, list(index) + players))
        objects.append(o)

    by_id = {o["id"]: o for o in objects}
    for i, o in enumerate(objects):   # copies: no circles; a copy needs the card data of what it copies
        if "copy_of" not in o:
            continue
        seen, cur = [o["id"]], o
        while "copy_of" in cur:
            if cur["copy_of"] in seen:
                raise ScenarioError(f"objects[{i}].copy_of", f"copies go round in a circle ({' -> '.join(seen + [cur['copy_of']])})")
            seen.append(cur["copy_of"])
            cur = by_id[cur["copy_of"]]
        if "ability_of" in cur:
            raise ScenarioError(f"objects[{i}].copy_of", f"{cur['id']!r} is an ability on the stack; pyrules copies spells and permanents")
        if isinstance(cur.get("card"), Card):
            cards[cur["card"].name] = cur["card"]
    for i, o in enumerate(objects):   # attachments: no circles (an object attached to itself is one, refused above)
        seen, cur = [o["id"]], o
        while "attached_to" in cur:
            if cur["attached_to"] in seen:
                if cur["attached_to"] == o["id"]:
                    raise ScenarioError(f"objects[{i}].attached_to", f"attachments go round in a circle ({' -> '.join(seen + [o['id']])}): "
                                                                    "an object can't be attached, even through others, to itself")
                break    # a circle further along: reported at its first object
            seen.append(cur["attached_to"])
            cur = by_id[cur["attached_to"]]
    for i, o in enumerate(objects):   # the part cast: a face of the card (or of what it copies)
        if "part" not in o:
            continue
        cur = o
        while not isinstance(cur.get("card"), Card) and "copy_of" in cur:
            cur = by_id[cur["copy_of"]]
        card = cur.get("card")
        match = next((f for f in card.faces if f.name.casefold() == o["part"].casefold()), None) if card else None
        if match is None:
            names = ", ".join(f.name for f in card.faces) if card else ""
            raise ScenarioError(f"objects[{i}].part", f"{o['part']!r} is not a part of {card.name if card else o['id']}" + (f" (one of: {names})" if names else ""))
        o["part_face"] = match.id

    effects = []
    seen_e: set[str] = set()
    for i, e in enumerate(data.get("effects") or []):
        where = f"effects[{i}]"
        if e["id"] in index or e["id"] in seen_e or e["id"] in players:
            raise ScenarioError(f"{where}.id", f"duplicate id {e['id']!r}")
        if GENERATED.match(e["id"]):
            raise ScenarioError(f"{where}.id", f"{e['id']!r} has the form of an id pyrules makes: choose another id")
        seen_e.add(e["id"])
        src = ref(e["source"], f"{where}.source")
        ctl = e.get("controller") or by_id[src].get("controller") or by_id[src].get("owner")
        if ctl is None:
            raise ScenarioError(f"{where}.controller", "is required (its source has no controller or owner)")
        e = dict(e, controller=player(ctl, f"{where}.controller"))
        for k, x in enumerate(e.get("objects", [])):
            ref(x, f"{where}.objects[{k}]")
        effects.append(e)

    pool = {}
    for p, text in (data.get("mana_pool") or {}).items():
        player(p, f"mana_pool.{p}")
        try:
            symbols = parse_mana_cost(text) if text else []
        except ManaSymbolError as exc:
            raise ScenarioError(f"mana_pool.{p}", exc.message) from None
        bad = [s.text for s in symbols if s.kind not in ("colored", "colorless")]
        if bad:
            raise ScenarioError(f"mana_pool.{p}", f"{bad[0]} is not mana a pool can hold (W, U, B, R, G or C)")
        pool[p] = symbols

    sc = Scenario(players=players, life=life, turn=turn, objects=objects, effects=effects,
                  actions=list(data.get("actions") or []), mana_pool=pool,
                  track_mana=bool(data.get("track_mana", False)), description=data.get("description", ""),
                  goal=data.get("goal"), source=source, cards=cards, db=db, index=index)

    check_actions(sc)
    return sc
