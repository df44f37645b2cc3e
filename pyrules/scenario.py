"""Scenario files: loading, validation and the normalised scenario the engine turns into facts.

Validation happens here in two passes, before anything reaches clingo: the JSON Schema
(pyrules/data/scenario.schema.json) checks the shape, then the checks below check what the shape can't
(ids exist and are unique, a back face only where a back face can be up, ...). Either pass stops at the
first problem with a ScenarioError naming the field, so a malformed scenario is never half-applied.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from .cards import Card, card_db
from .errors import ScenarioError

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")
STEPS = {
    "beginning": ("untap", "upkeep", "draw"),
    "precombat_main": (None,),
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"),
    "postcombat_main": (None,),
    "ending": ("end", "cleanup"),
}
PUBLIC_CONTROLLED = ("battlefield", "stack")


@dataclass(frozen=True)
class ObjectSpec:
    """One object of the scenario, as the user described it (defaults filled in where the format sets them)."""

    index: int
    id: str
    zone: str
    card: Card | None = None
    owner: str | None = None
    controller: str | None = None
    face: str | None = None
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    controlled_since_turn_start: bool = True
    cast_with: str | None = None
    part: str | None = None
    exiled_with: str | None = None
    copy_of: str | None = None
    token: bool = False
    ability_of: str | None = None
    ability: str | None = None
    targets: tuple[str, ...] = ()
    # set by timelines (pyrules/timeline.py), not by scenario files:
    timestamp: int | None = None       # explicit timestamp (default: position in the list)
    copy_card: str | None = None       # a copy's copiable values, taken when it was created (CR 707.2b)
    copy_dfc: bool = False
    face_copy: str | None = None
    copied_from: str | None = None

    @property
    def path(self) -> str:
        return f"objects[{self.index}]"

    @property
    def is_ability(self) -> bool:
        return self.ability_of is not None


@dataclass(frozen=True)
class EffectSpec:
    """An effect of a resolved ability that still applies (e.g. Welcome to . . .'s chapter I)."""

    id: str
    effect: str
    source: str
    controller: str
    objects: tuple[str, ...]
    timestamp: int


@dataclass
class Scenario:
    players: list[str]
    life: dict[str, int]
    active: str
    phase: str
    step: str | None
    priority: str
    objects: list[ObjectSpec]
    actions: list[dict] = field(default_factory=list)
    description: str = ""
    source: str = "<scenario>"
    effects: list[EffectSpec] = field(default_factory=list)

    def object(self, oid: str) -> ObjectSpec:
        for o in self.objects:
            if o.id == oid:
                return o
        raise KeyError(oid)

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.objects]


@cache
def schema() -> dict:
    return json.loads(resources.files("pyrules.data").joinpath("scenario.schema.json").read_text(encoding="utf-8"))


def _path(parts) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "scenario"


_TYPE_WORDS = {"array": "a list", "object": "a mapping", "string": "a string", "integer": "a whole number",
               "boolean": "true or false", "null": "null"}


def _schema_message(err: jsonschema.ValidationError) -> ScenarioError:
    where = _path(err.absolute_path)
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1]
        return ScenarioError(f"{where}.{missing}" if err.absolute_path else missing, "is required")
    if v == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return ScenarioError(where, f"unknown field {extra[0]!r}" if extra else err.message)
    if v == "enum":
        allowed = ", ".join("null" if x is None else str(x) for x in err.validator_value)
        return ScenarioError(where, f"{err.instance!r} is not one of: {allowed}")
    if v == "type":
        want = err.validator_value
        want = " or ".join(_TYPE_WORDS.get(w, w) for w in (want if isinstance(want, list) else [want]))
        return ScenarioError(where, f"must be {want}, not {err.instance!r}")
    if v == "minimum":
        return ScenarioError(where, f"must be at least {err.validator_value}, not {err.instance!r}")
    if v == "pattern":
        return ScenarioError(where, f"{err.instance!r} may use only letters, digits, '_' and '-'")
    if v == "minItems":
        return ScenarioError(where, "must not be empty")
    return ScenarioError(where, err.message)


def load(source: str | Path | dict) -> Scenario:
    """A scenario from a YAML or JSON file path, or from an already-parsed mapping."""
    if isinstance(source, dict):
        return from_dict(source)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("scenario", f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError("scenario", f"can't read {path}: {exc}") from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        first = str(exc).strip().splitlines()
        raise ScenarioError("scenario", f"{path} is not valid {'JSON' if path.suffix.lower() == '.json' else 'YAML'}: "
                            + " ".join(s.strip() for s in first)) from None
    return from_dict(data, source=str(path))


def from_dict(data: Any, source: str = "<scenario>") -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "must be a mapping with players, turn and objects")
    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if errors:
        raise _schema_message(jsonschema.exceptions.best_match(errors))
    return _check(data, source)


def _check(data: dict, source: str) -> Scenario:
    players = list(data["players"])
    for i, p in enumerate(players):
        if p in players[:i]:
            raise ScenarioError(f"players[{i}]", f"duplicate player {p!r}")

    def player(value: str, where: str) -> str:
        if value not in players:
            raise ScenarioError(where, f"unknown player {value!r} (players: {', '.join(players)})")
        return value

    life = {p: 20 for p in players}
    for p, n in (data.get("life") or {}).items():
        life[player(p, f"life.{p}")] = n

    turn = data["turn"]
    active = player(turn["active"], "turn.active")
    priority = player(turn.get("priority", active), "turn.priority")
    phase = turn["phase"]
    step = turn.get("step")
    if step not in STEPS[phase]:
        allowed = ", ".join("null" if s is None else s for s in STEPS[phase])
        raise ScenarioError("turn.step", f"{step if step is not None else 'null'!s} is not a step of the {phase} phase (one of: {allowed})")

    raw_objects = data["objects"]
    ids: dict[str, int] = {}
    for i, o in enumerate(raw_objects):
        oid = o["id"]
        if oid in ids:
            raise ScenarioError(f"objects[{i}].id", f"duplicate id {oid!r} (also objects[{ids[oid]}])")
        if oid in players:
            raise ScenarioError(f"objects[{i}].id", f"{oid!r} is already a player's name")
        ids[oid] = i

    def ref(value: str, where: str) -> str:
        if value not in ids:
            raise ScenarioError(where, f"unknown id {value!r}" + _suggest(value, list(ids)))
        return value

    db = card_db()
    objects: list[ObjectSpec] = []
    for i, o in enumerate(raw_objects):
        where = f"objects[{i}]"
        zone = o["zone"]
        ability_of = o.get("ability_of")
        copy_of = o.get("copy_of")
        if ability_of is not None or "ability" in o:
            if ability_of is None or "ability" not in o:
                missing = "ability_of" if ability_of is None else "ability"
                raise ScenarioError(f"{where}.{missing}", "is required for an ability on the stack (ability_of and ability go together)")
            for key in ("card", "copy_of", "face", "owner", "token", "counters", "cast_with", "part"):
                if key in o:
                    raise ScenarioError(f"{where}.{key}", "an ability on the stack has no card, face, owner, counters or casting method")
            if zone != "stack":
                raise ScenarioError(f"{where}.zone", "an ability exists only on the stack")
            ref(ability_of, f"{where}.ability_of")
            controller = player(o["controller"], f"{where}.controller") if "controller" in o else None
            targets = tuple(_target(t, f"{where}.targets[{k}]", ids, players) for k, t in enumerate(o.get("targets", [])))
            objects.append(ObjectSpec(index=i, id=o["id"], zone=zone, controller=controller, ability_of=ability_of,
                                      ability=o["ability"], targets=targets))
            continue

        card = None
        if "card" in o:
            card = db.get(o["card"], f"{where}.card")
        elif copy_of is None:
            raise ScenarioError(f"{where}.card", "is required (unless the object is a copy_of another or an ability_of one)")
        if copy_of is not None:
            ref(copy_of, f"{where}.copy_of")
            if copy_of == o["id"]:
                raise ScenarioError(f"{where}.copy_of", "an object can't be a copy of itself")
        if "owner" not in o:
            raise ScenarioError(f"{where}.owner", "is required")
        owner = player(o["owner"], f"{where}.owner")
        controller = None
        if "controller" in o:
            if zone not in PUBLIC_CONTROLLED:
                raise ScenarioError(f"{where}.controller", f"only objects on the battlefield or the stack have a controller (this one is in the {zone}; CR 108.4)")
            controller = player(o["controller"], f"{where}.controller")
        face = o.get("face")
        if face == "back" and zone not in PUBLIC_CONTROLLED:
            raise ScenarioError(f"{where}.face", f"a double-faced card in the {zone} has only its front face's characteristics; a back face can be up only on the battlefield or the stack (CR 712.8a)")
        if "controlled_since_turn_start" in o and zone != "battlefield":
            raise ScenarioError(f"{where}.controlled_since_turn_start", "applies only to permanents on the battlefield")
        if "cast_with" in o and zone not in PUBLIC_CONTROLLED:
            raise ScenarioError(f"{where}.cast_with", "only a spell on the stack or a permanent on the battlefield was cast")
        if "part" in o and zone != "stack":
            raise ScenarioError(f"{where}.part", "only a spell on the stack is cast as one of its parts")
        if "exiled_with" in o:
            if zone != "exile":
                raise ScenarioError(f"{where}.exiled_with", "only a card in exile was exiled with something")
            ref(o["exiled_with"], f"{where}.exiled_with")
        attached = None
        if "attached_to" in o:
            target = o["attached_to"]
            if target in players:
                raise ScenarioError(f"{where}.attached_to", f"{target!r} is a player; only an Aura with enchant player can be attached to a player, and pyrules knows none")
            attached = ref(target, f"{where}.attached_to")
            if attached == o["id"]:
                raise ScenarioError(f"{where}.attached_to", "an object can't be attached to itself")
            if zone != "battlefield" or raw_objects[ids[attached]]["zone"] != "battlefield":
                raise ScenarioError(f"{where}.attached_to", "an Aura or Equipment is attached only while both are on the battlefield (CR 301.5)")
        part = o.get("part")
        if card is not None and copy_of is None:
            part = _check_card_fields(card, face, part, where, zone)
        targets = tuple(_target(t, f"{where}.targets[{k}]", ids, players) for k, t in enumerate(o.get("targets", [])))
        objects.append(ObjectSpec(
            index=i, id=o["id"], zone=zone, card=card, owner=owner, controller=controller, face=face,
            tapped=bool(o.get("tapped", False)), counters=tuple(sorted((o.get("counters") or {}).items())),
            attached_to=attached, controlled_since_turn_start=o.get("controlled_since_turn_start", True),
            cast_with=o.get("cast_with"), part=part, exiled_with=o.get("exiled_with"), copy_of=copy_of,
            token=bool(o.get("token", False)), targets=targets,
        ))

    by_id = {o.id: o for o in objects}
    for n, o in enumerate(objects):
        if o.copy_of is None:
            continue
        seen, cur = {o.id}, o
        while cur.copy_of is not None:
            if cur.copy_of in seen:
                raise ScenarioError(f"{o.path}.copy_of", f"copies go round in a circle ({' -> '.join(list(seen) + [cur.copy_of])})")
            seen.add(cur.copy_of)
            cur = by_id[cur.copy_of]
        if cur.is_ability:
            raise ScenarioError(f"{o.path}.copy_of", f"{cur.id!r} is an ability on the stack, not a card or spell")
        root = cur.card
        if o.card is None and root is None:
            continue
        if o.card is None:  # a token or spell copy has the faces of what it copies (CR 707.8a, 707.10g)
            objects[n] = replace(o, part=_check_card_fields(root, o.face, o.part, o.path, o.zone))

    from .kb import kb

    known = kb().stack_abilities
    for o in objects:
        if not o.is_ability:
            continue
        src = by_id[o.ability_of]
        while src.card is None and src.copy_of is not None:
            src = by_id[src.copy_of]
        if src.is_ability or src.card is None:
            raise ScenarioError(f"{o.path}.ability_of", f"{o.ability_of!r} is not a card or permanent with abilities")
        names = sorted(known.get(src.card.name, ()))
        if o.ability not in names:
            listed = f" (its abilities that can be on the stack: {', '.join(names)})" if names else " (pyrules models no ability of it that goes on the stack)"
            raise ScenarioError(f"{o.path}.ability", f"{o.ability!r} is not an ability of {src.card.name}{listed}")
    effects = []
    for i, e in enumerate(data.get("effects") or []):
        where = f"effects[{i}]"
        if e["id"] in ids or any(x.id == e["id"] for x in effects):
            raise ScenarioError(f"{where}.id", f"duplicate id {e['id']!r}")
        src = ref(e["source"], f"{where}.source")
        controller = player(e.get("controller") or (by_id[src].controller or by_id[src].owner), f"{where}.controller")
        objs = tuple(ref(x, f"{where}.objects[{k}]") for k, x in enumerate(e.get("objects", [])))
        effects.append(EffectSpec(e["id"], e["effect"], src, controller, objs, len(objects) + i + 1))
    actions = data.get("actions") or []
    return Scenario(players=players, life=life, active=active, phase=phase, step=step, priority=priority,
                    objects=objects, actions=actions, description=data.get("description", ""), source=source,
                    effects=effects)


def _check_card_fields(card: Card, face: str | None, part: str | None, where: str, zone: str) -> str | None:
    """Check face and part against the card; return the part as the card spells it."""
    if face == "back" and card.layout != "transform":
        raise ScenarioError(f"{where}.face", f"{card.name} has no back face (it is not a double-faced card)")
    if part is not None:
        if card.layout not in ("split", "adventure"):
            raise ScenarioError(f"{where}.part", f"{card.name} has no parts to choose from (only split and adventurer cards do)")
        names = [f.name for f in card.faces]
        match = next((n for n in names if n.casefold() == part.casefold()), None)
        if match is None:
            raise ScenarioError(f"{where}.part", f"{part!r} is not a part of {card.name} (one of: {', '.join(names)})")
        return match
    if card.layout == "split" and zone == "stack":
        names = " or ".join(repr(f.name) for f in card.faces)
        raise ScenarioError(f"{where}.part", f"a split card on the stack is one of its halves: say which ({names}; CR 709.3)")
    return None


def _target(value: str, where: str, ids: dict, players: list[str]) -> str:
    if value in ids or value in players:
        return value
    raise ScenarioError(where, f"unknown target {value!r}: not an object id or a player" + _suggest(value, list(ids) + players))


def _suggest(value: str, names: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(value, names, n=1)
    return f" — did you mean {close[0]!r}?" if close else ""
