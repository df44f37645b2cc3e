"""A scenario played out by the knowledge base, and its state read back from atoms.

evaluate() builds the scenario's facts, grounds moment 0, refuses states no game can reach (the rules'
invalid/3 atoms: bad input), then applies the timeline's actions one by one (pyrules/game/engine.py) and
reads the state after the last one (or after `step` of them): the objects, the players, the turn, what the
last action triggered and the state-based actions it led to, and the card lines pyrules doesn't model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from clingo import Symbol

from pyrules.cards.db import bundled, made_token
from pyrules.errors import ScenarioError
from pyrules.game.engine import Game
from pyrules.game.facts import action_facts, oid, scenario_facts
from pyrules.game.payment import timeline_payment
from pyrules.input.actions import event_kind, kind_of
from pyrules.input.scenario import Scenario, load
from pyrules.kb.interface import (
    ABILITY,
    ABILITY_KEYWORD,
    ABILITY_KIND,
    ABILITY_LINE,
    ATTACHED,
    ATTACKING,
    BAD_TRIGGER_CHOICE,
    BLOCKING,
    CONTROLLER,
    CLASS_LEVEL,
    COPIED_FROM,
    COPY_OF,
    DAMAGE,
    EVENT,
    GAME_MADE,
    GAME_PRIORITY,
    GAME_TURN_FLUENTS,
    GFL,
    INVALID,
    KEEP_TAKEN,
    KEEP_TWICE,
    MADE_ID,
    NO_SUCH_ABILITY,
    NO_SUCH_MODE,
    REPEAT_NOT_MODELLED,
    TARGETED_MODES_TOGETHER,
    PERFORMED_SBA,
    PLAYER_LIFE,
    PLAYER_POOL,
    PUT_ON_STACK,
    REJECTED,
    SHOW,
    STACK_PLACE,
    STOPPED_INSTEAD,
    TARGET_OF,
    MODE_CHOSEN,
    MODE_TIMES,
    TIMESTAMP_OF,
    WHY_NOT,
)
from pyrules.kb.words import Renderer, py

LIST_FIELDS = ("supertypes", "types", "subtypes", "keywords", "colors")
COLOR_ORDER = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True)
class ObjectState:
    """The derived characteristics of one object (docs/guide/json.md, `show`)."""

    id: str
    name: str | None
    face: str | None
    zone: str
    owner: str | None
    controller: str | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    mana_value: int | None
    counters: dict[str, int]
    attached_to: str | None
    keywords: tuple[str, ...]
    can_attack: bool
    escaped: bool
    summoning_sick: bool = False
    cannot_attack: tuple[str, ...] = ()
    tapped: bool = False
    token: bool = False
    copy_of: str | None = None
    colors: tuple[str, ...] = ()
    damage: int = 0
    attacking: str | None = None
    blocking: str | None = None
    ability_of: str | None = None
    ability: str | None = None
    targets: tuple[str, ...] = ()
    modes: tuple[int, ...] = ()       # a modal spell's or triggered ability's chosen modes, on the stack
    class_level: int | None = None    # a Class's level, on the battlefield

    def to_json(self) -> dict:
        out = {
            "name": self.name, "face": self.face, "zone": self.zone, "owner": self.owner,
            "controller": self.controller, "supertypes": list(self.supertypes), "types": list(self.types),
            "subtypes": list(self.subtypes), "power": self.power, "toughness": self.toughness,
            "mana_value": self.mana_value, "counters": dict(self.counters), "attached_to": self.attached_to,
            "keywords": list(self.keywords), "can_attack": self.can_attack, "escaped": self.escaped,
            "colors": list(self.colors), "damage": self.damage, "tapped": self.tapped,
            "attacking": self.attacking, "blocking": self.blocking,
            "summoning_sick": self.summoning_sick, "cannot_attack": list(self.cannot_attack),
            "token": self.token, "copy_of": self.copy_of,
        }
        if self.ability_of is not None:
            out.update({"ability_of": self.ability_of, "ability": self.ability, "targets": list(self.targets)})
        elif self.zone == "stack" and self.targets:   # a spell's targets, as chosen when it was cast
            out["targets"] = list(self.targets)
        if self.zone == "stack" and self.modes:
            out["modes"] = list(self.modes)
        if self.class_level is not None:
            out["class_level"] = self.class_level
        return out


@dataclass
class Reason:
    reason: str
    rule: str | None
    ruling: str | None
    code: str
    rules: tuple[str, ...] = ()      # every rule and ruling the reason's label cites
    rulings: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"reason": self.reason, "rule": self.rule, "ruling": self.ruling, "code": self.code}


@dataclass
class GameState:
    """A scenario played out by the knowledge base: its state after the timeline (or after `step` actions), read
    back from atoms. pyrules.answers.evaluation.Evaluation adds the answers about it (actions, explanations)."""

    scenario: Scenario
    game: Game
    t: int = 0                       # the moment whose state is reported
    step: int = 0                    # the number of actions applied
    error: dict | None = None        # the first illegal action: {"step", "action", "why_not"}
    requested_step: int | None = None
    since: int | None = None         # extended by one action (extend): that action's first moment
    _cache: dict = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ reading
    @property
    def base(self):
        return self.game.kb

    def _show(self) -> dict[str, list]:
        """The records of what `show` reports at the moment asked for (SHOW), by predicate name."""
        if "show" not in self._cache:
            self.game.ground_query("show", self.t)
            # (of the moment asked for: a game extended past a state it showed holds both)
            self._cache["show"] = {p.name: p.read_terms(self.game, self.t) for p in SHOW}
        return self._cache["show"]

    @cached_property
    def token_counts(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for r in self._show()["out_game"]:
            made = GAME_MADE.match(r.attribute)
            if made is not None and made.kind.name == "tok":
                counts[made.step] = made.n
        return counts

    def ident(self, sym: Symbol) -> str:
        v = py(sym, self.token_counts)
        return v if isinstance(v, str) else str(v)

    @cached_property
    def objects(self) -> dict[str, ObjectState]:
        show = self._show()
        data: dict[str, dict] = {}
        order: dict[str, int] = {}
        for r in show["out_object"]:
            oid_ = self.ident(r.object)
            d = data.setdefault(oid_, {k: [] for k in LIST_FIELDS})
            d.update(id=oid_, name=py(r.name), zone=py(r.zone), owner=py(r.owner), controller=py(r.controller),
                     face=py(r.face), mana_value=py(r.mana_value), counters={}, attached_to=None, tapped=False,
                     token=False, copy_of=None, damage=0, attacking=None, blocking=None, power=None, toughness=None,
                     flags=set(), reasons=[], targets=[], modes=[])
            if ABILITY_KIND.is_(r.kind):
                d["ability_of"] = self.ident(ABILITY_KIND.of(r.kind).source)
        for r in show["out_pt"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["power"], d["toughness"] = r.power, r.toughness
        for r in show["out_list"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d[r.list.name].append(py(r.value))
        for r in show["out_counter"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["counters"][r.kind.string] = r.amount
        for r in show["out_flag"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["flags"].add(r.flag.name)
        for r in show["out_reason"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["reasons"].append(r.reason.name)
        for r in show["out_ability"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["ability"] = r.name.name
        for r in show["out_token_card"]:
            d = data.get(self.ident(r.object))
            if d is not None:
                d["card"] = r.card.string   # (a made token's card is keyed by its description)
        for r in show["out_attr"]:
            d = data.get(self.ident(r.object))
            if d is None:
                continue
            a = r.attribute
            name = a.name
            if name == "tapped":
                d["tapped"] = True
            elif name == "token":
                d["token"] = True
            elif name == "attached":
                d["attached_to"] = self.ident(ATTACHED.of(a).object)
            elif name == "damage":
                d["damage"] = DAMAGE.of(a).amount
            elif name == "attacking":
                d["attacking"] = self.ident(ATTACKING.of(a).defender)
            elif name == "blocking":
                d["blocking"] = self.ident(BLOCKING.of(a).attacker)
            elif name == "copy_of":
                d["copy_of"] = self.ident(COPY_OF.of(a).original)
            elif name == "copied_from":
                d["copy_of"] = self.ident(COPIED_FROM.of(a).original)
            elif name == "ts":
                order[d["id"]] = TIMESTAMP_OF.of(a).timestamp
            elif name == "stack":
                d["stack"] = STACK_PLACE.of(a).place
            elif name == "mode":
                d["modes"].append(MODE_CHOSEN.of(a).n)
            elif name == "class_level":
                d["class_level"] = CLASS_LEVEL.of(a).n
            elif name == "mode_times":    # a mode chosen more than once: listed that many times
                times = MODE_TIMES.of(a)
                d["modes"] += [times.n] * (times.m - 1)
            elif name == "target":
                target = TARGET_OF.of(a)
                d["targets"].append((str(target.n), self.ident(target.target)))   # (in the order of their numbers' text)
        out: dict[str, ObjectState] = {}
        printed: dict[str, tuple[str, ...]] = {}
        for oid_ in sorted(data, key=lambda k: (order.get(k, 0), k)):
            d = data[oid_]
            if len(d["subtypes"]) > 1:   # in the order its type line prints them (those it doesn't print: after)
                key = (d["name"], d.get("card"))
                words = printed.get(key)
                if words is None:
                    words = printed[key] = self._printed_subtypes(*key)
                d["subtypes"].sort(key=lambda w: (words.index(w) if w in words else len(words), w))
            out[oid_] = ObjectState(
                id=oid_, name=d["name"], face=d["face"], zone=d["zone"], owner=d["owner"], controller=d["controller"],
                supertypes=tuple(sorted(d["supertypes"])), types=tuple(sorted(d["types"])),
                subtypes=tuple(d["subtypes"]), power=d["power"], toughness=d["toughness"],
                mana_value=d["mana_value"], counters=dict(sorted(d["counters"].items())), attached_to=d["attached_to"],
                keywords=tuple(sorted(d["keywords"])), can_attack="can_attack" in d["flags"],
                escaped="escaped" in d["flags"], summoning_sick="summoning_sick" in d["flags"],
                cannot_attack=tuple(sorted(d["reasons"])), tapped=d["tapped"], token=d["token"], copy_of=d["copy_of"],
                colors=tuple(c for c in COLOR_ORDER if c in d["colors"]), damage=d["damage"],
                attacking=d["attacking"], blocking=d["blocking"], ability_of=d.get("ability_of"),
                ability=d.get("ability"), class_level=d.get("class_level"), targets=tuple(x for _, x in sorted(d["targets"])), modes=tuple(sorted(d["modes"])),
            )
        self._cache["token_card"] = {k: d["card"] for k, d in data.items() if d.get("card")}
        self._cache["stack"] = [k for k, _ in sorted(((k, d["stack"]) for k, d in data.items() if "stack" in d and d["zone"] == "stack"), key=lambda kv: kv[1])]
        return out

    def _printed_subtypes(self, name, key=None) -> tuple[str, ...]:
        """The subtype words of the type line printed on the face named `name` (of the card `key`, when the object
        says which: a token an effect describes is keyed by its description), in their printed order (the order
        `show` lists subtypes in: "Elf Druid", not "Druid Elf")."""
        db = self.scenario.db or bundled()
        try:
            card = db.lookup(name) if isinstance(name, str) else None
        except Exception:  # noqa: BLE001 - a card a file can't describe: its subtypes keep the names' order
            card = None
        if card is None and isinstance(key, str):
            card = made_token(key)
        if card is None:
            return ()
        faces = [f for f in card.faces if f.name == name] or card.faces
        return tuple(w for f in faces for w in f.type_line.partition("—")[2].lower().split())

    @property
    def stack(self) -> list[str]:
        self.objects
        return self._cache["stack"]

    @cached_property
    def game_over(self) -> list[str] | None:
        """None while the game goes on; once the rules say it is over, the players who won it (none: a draw)."""
        rows = self._show()["out_game_over"]
        if not rows:
            return None
        return sorted(w for w in (py(r.winner) for r in rows) if isinstance(w, str))

    @cached_property
    def players(self) -> dict[str, dict]:
        out = {p: {"life": None, "mana_pool": "", "hand": 0, "library": 0, "graveyard": 0, "lost": False}
               for p in self.scenario.players}
        pools: dict[str, dict[str, int]] = {}
        for r in self._show()["out_player"]:
            p, a = r.player.string, r.attribute
            if a.name == "life":
                out[p]["life"] = PLAYER_LIFE.of(a).amount
            elif a.name == "pool":
                pool = PLAYER_POOL.of(a)
                pools.setdefault(p, {})[pool.kind.name] = pool.amount
            elif a.name == "lost":
                out[p]["lost"] = True
        for p, pool in pools.items():
            out[p]["mana_pool"] = "".join("{" + k.upper() + "}" * 1 for k in "wubrgc" for _ in range(pool.get(k, 0)))
        for o in self.objects.values():
            if o.owner in out and o.zone in ("hand", "library", "graveyard"):
                out[o.owner][o.zone] += 1
        return out

    @cached_property
    def turn(self) -> dict:
        g = {}
        for r in self._show()["out_game"]:
            for fluent in GAME_TURN_FLUENTS:
                m = fluent.match(r.attribute)
                if m is not None:   # (lands and turn are numbers: read as ints already)
                    g[fluent.name] = m.value if isinstance(m.value, int) else py(m.value)
        return {"active": g.get("active"), "phase": g.get("phase"), "step": g.get("step"),
                "priority": g.get("priority"), "lands_played": g.get("lands", 0), "number": g.get("turn", 1)}

    # ------------------------------------------------------------------ the timeline's last step
    def _step_moments(self) -> list[int]:
        if self.step == 0:
            return []
        return [m.t for m in self.game.moments if m.step == self.step and m.t <= self.t]

    @cached_property
    def triggered(self) -> list[dict]:
        moments = set(self._step_moments())
        out = []
        for r in EVENT.read(self.game):
            put = PUT_ON_STACK.match(r.event) if r.t in moments else None
            if put is not None:
                ab = ABILITY.match(put.ability)
                out.append((self.ident(put.object), {"id": self.ident(put.object), "source": self.ident(put.source),
                            "ability": ab.name.name if ab is not None else py(put.ability),
                            "controller": py(put.controller)}))
        # in the order they were put on the stack (their ids, trigger_N_k, say it; the stack lists them)
        out.sort(key=lambda d: [int(x) if x.isdigit() else x for x in d[0].split("_")])
        return [d for _, d in out]

    def triggered_json(self) -> list[dict]:
        """The abilities that triggered on the last action as the answers carry them (interface: without ids)."""
        return [{k: v for k, v in d.items() if k != "id"} for d in self.triggered]

    @cached_property
    def state_based_actions(self) -> list[dict]:
        moments = set(self._step_moments())
        out = []
        for r in PERFORMED_SBA.read(self.game):
            if r.t in moments:
                out.append({"action": r.action.name, "object": self.ident(r.object), "rule": self.base.label(r.label).rule,
                            "moment": r.t})
        out.sort(key=lambda d: (d["moment"], d["action"], d["object"]))
        for d in out:
            del d["moment"]
        return out

    @cached_property
    def skipped(self) -> list[dict]:
        """The step the last action (advance, next_turn) was moving to, when the rules skipped it: where the
        game stopped instead is `turn`."""
        if self.step == 0:
            return []
        out = []
        for r in STOPPED_INSTEAD.read(self.game, self.t):
            out.append({"phase": r.phase.name, "step": r.step.name, "rule": self.base.label(r.label).rule,
                        "text": self.renderer.claim(r.atom)})
        return out

    # ------------------------------------------------------------------ words
    @cached_property
    def renderer(self) -> Renderer:
        names = {}
        lines = {}
        sc = self.scenario
        for o in sc.objects:
            card = o.get("card")
            names[o["id"]] = card.name if card is not None else o["id"]
        try:
            for oid_, o in self.objects.items():
                if o.name:
                    names[oid_] = o.name
        except Exception:  # names are a courtesy for words; the words stand without them
            pass
        for card in list(sc.cards.values()):
            for line in card.reading():
                for n in line.names:
                    key = f'ab("{card.name}",{line.face},{line.line},{n})'
                    lines[key] = line.text.split(" (")[0] if "(" in line.text else line.text
        return Renderer(self.base, names, set(sc.players), lines, self.token_counts)

    def reasons(self, syms) -> list[Reason]:
        """Reasons, worded: (reason term, the number of its rule's label) pairs."""
        out = []
        for reason, label in syms:
            lab = self.base.label(label)
            out.append(Reason(self.renderer.reason(reason), lab.rule, lab.ruling, str(reason), lab.rules, lab.rulings))
        out.sort(key=lambda r: r.code)
        return out

    # ------------------------------------------------------------------ JSON
    def _card_of(self, oid_: str):
        """The card an object is: the scenario's card, the card of what it copies (a copy made by the scenario
        or the timeline), or the token card an effect created it from; None for an ability."""
        sc = self.scenario
        seen = set()
        cur = oid_
        while cur not in seen:
            seen.add(cur)
            spec = sc.objects[sc.index[cur]] if cur in sc.index else None
            if spec is not None:
                if spec.get("card") is not None:
                    return spec["card"]
                cur = spec.get("copy_of")
            else:
                o = self.objects.get(cur)
                if o is None:
                    return None
                if o.copy_of is None:
                    if not (o.token and o.name):
                        return None
                    key = self._cache["token_card"].get(cur, o.name)   # (a made token's card is keyed by its description)
                    return next((c for c in bundled().tokens() if key in c.names), None) or made_token(key)
                cur = o.copy_of
            if cur is None:
                return None
        return None

    @cached_property
    def not_modelled(self) -> list[dict]:
        """Every line of card text pyrules doesn't model (docs/guide/json.md) on the card of any object of the
        scenario, in any zone, or created by its timeline up to the step answered: every face's lines, since a
        face that isn't up may be turned up. Answers about this board may leave those lines out."""
        out = []
        seen = set()
        ids = [o["id"] for o in self.scenario.objects] + [i for i in self.objects if i not in self.scenario.index]
        for oid_ in ids:
            card = self._card_of(oid_)
            if card is None or oid_ in seen:
                continue
            seen.add(oid_)
            for line in card.reading():
                if line.status != "modelled":
                    out.append({"object": oid_, "card": card.name, "face": line.face, "line": line.line,
                                "text": line.text, "status": line.status}
                               | ({"missing": list(line.missing)} if line.status == "read" else {"reason": line.reason}))
        return out

    def honesty(self) -> dict:
        """What every answer document carries at its top level (docs/guide/json.md)."""
        return {"complete": not self.not_modelled, "not_modelled": self.not_modelled}

    def document(self, ids: list[str] | None = None) -> dict:
        """The `show --json` document of these objects (all by default), without explanations."""
        objs = self.objects
        if ids:
            for i in ids:
                if i not in objs:
                    import difflib

                    close = difflib.get_close_matches(i, list(objs), n=1)
                    raise ScenarioError("ids", f"unknown object {i!r}" + (f" — did you mean {close[0]!r}?" if close else ""))
        chosen = ids or list(objs)
        docs = {i: objs[i].to_json() for i in chosen}
        out = {"objects": docs,
               "turn": {k: v for k, v in self.turn.items() if k != "number"},
               "players": {p: {k: v for k, v in d.items() if k != "lost"} for p, d in self.players.items()}}
        out.update(self.honesty())
        if self.scenario.actions:
            out["step"] = self.step
            out["stack"] = self.stack
            out["triggered"] = self.triggered_json()
            out["state_based_actions"] = self.state_based_actions
            if self.skipped:
                out["skipped"] = self.skipped
            lost = [p for p, d in self.players.items() if d["lost"]]
            if lost:
                out["lost"] = lost
            if self.game_over is not None:
                out["game_over"] = True
                out["won"] = self.game_over
            if self.error:
                out["error"] = self.error
        return out


# ------------------------------------------------------------------------------------------------ running

def _priority(game: Game, players: list[str], t: int) -> str:
    for p in players:
        if GFL.has(game, GAME_PRIORITY(p), t):
            return p
    return players[0]


def _default_by(game: Game, players: list[str], t: int, action: dict) -> str:
    """Who takes an action that doesn't say (`by`): the player with priority; for a block, the player who
    controls the first creature it names (blockers are declared by the defending player, who has no priority
    then; the knowledge base refuses a block of creatures its player doesn't control)."""
    blockers = action.get("block")
    if "by" not in action and isinstance(blockers, dict) and blockers:
        first = oid(next(iter(blockers)))
        for p in players:
            if CONTROLLER.has(game, first, p, t):
                return p
    return _priority(game, players, t)


def _check_valid(ev: GameState) -> None:
    ev.game._ground([("validate", [])])
    bad = sorted(INVALID.read(ev.game), key=lambda r: str(r.atom))
    if not bad:
        return
    sc = ev.scenario
    first = bad[0]
    fld, reason = first.field, first.reason
    key = ev.ident(first.object)
    if key in sc.index:
        where = f"objects[{sc.index[key]}].{fld.name}"
    else:
        idx = next((i for i, e in enumerate(sc.effects) if e["id"] == key), None)
        where = f"effects[{idx}].{fld.name}" if idx is not None else f"{key}.{fld.name}"
    if reason.name == "too_many_targets" and key in sc.index:   # the targets of a line pyrules doesn't read
        spec = sc.object(key)
        src = spec.get("ability_of")
        card = ev._card_of(src if src else key)
        if card is not None and not src:
            face = spec.get("part_face") or spec.get("face")
            refuse_unread_naming(ev, where, card, unread_lines(card, face), f"{key} is on the stack with targets")
    lab = ev.base.label(first.label)
    raise ScenarioError(where, f"{ev.renderer.reason(reason)} ({', '.join(lab.rules)})")


def _resolve_part(sc: Scenario, action: dict) -> dict:
    """A cast's part as the face it names (the card's own spelling of the name)."""
    if "part" not in action or action.get("cast") not in sc.index:
        return action
    card = sc.object(action["cast"]).get("card")
    if card is None:
        return action
    match = next((f for f in card.faces if f.name.casefold() == str(action["part"]).casefold()), None)
    if match is None:
        names = ", ".join(f.name for f in card.faces)
        raise ScenarioError("part", f"{action['part']!r} is not a part of {card.name} (one of: {names})")
    return dict(action, part=match.name)


def evaluate(source: Scenario | str | dict, step: int | None = None, cls: type = GameState,
             facts: list[Symbol] = (), query_parts: tuple[str, ...] = ()) -> GameState:
    """A scenario played out: its state after `step` actions of its timeline (default: all), as `cls` (a
    GameState or a class built on it); `facts` are more facts of moment 0 and `query_parts` more parts the
    show query grounds (a plan's goal, evaluated in every state it shows)."""
    if step is not None and step < 0:   # (named by its request field: the command line says --step)
        raise ScenarioError("step", "must be 0 or more")
    sc = source if isinstance(source, Scenario) else load(source)
    n = len(sc.actions) if step is None else step
    if n > len(sc.actions):
        if not sc.actions:
            raise ScenarioError("step", f"the scenario has no actions, so there is no step {step}")
        raise ScenarioError("step", f"must be between 0 and {len(sc.actions)}: the timeline has {len(sc.actions)} action(s)")
    game = Game(scenario_facts(sc) + list(facts), query_parts=query_parts)
    ev = cls(sc, game)
    ev.requested_step = step
    _check_valid(ev)
    for i in range(n):
        if not _play(ev, i):
            return ev
    return ev


def _play(ev: GameState, i: int) -> bool:
    """Action i of the scenario's timeline, played on the evaluation's game: False when the rules refuse it
    (ev.error then says why, and ev stays at the state before it)."""
    sc, game = ev.scenario, ev.game
    action = sc.actions[i]
    where = f"actions[{i}]"
    try:
        action = _resolve_part(sc, action)
    except ScenarioError as exc:
        raise ScenarioError(f"{where}.{exc.field}", exc.message) from None
    kind_of(action, where)
    t_prev = game.t
    facts = action_facts(action, t_prev + 1, _default_by(game, sc.players, t_prev, action), sc.players)
    between = None
    if sc.track_mana and event_kind(action) in ("cast", "activate"):
        between = timeline_payment(action)   # the payment, found by search from the state before it
    t = game.next_moment(facts, step=i + 1, checked=True, kind=event_kind(action), between=between)
    rejected = REJECTED.read(game, t)
    if rejected:
        a = rejected[0].action
        syms = [(r.reason, r.label) for r in WHY_NOT.read(game, t_prev) if r.action == a]
        return _refused(ev, i, t_prev, syms)
    game.settle(i + 1)
    if "keep" in action:
        _check_keep(ev, i, t)
    if ("trigger_targets" in action or "trigger_modes" in action) and not _trigger_targets_taken(ev, i, t):
        return False
    ev.t, ev.step = game.t, i + 1
    return True


def _check_keep(ev: GameState, i: int, t0: int) -> None:
    """`keep` names permanents of groups the legend rule applied to after action i (the moments t0.. of its
    step); naming another is bad input."""
    taken = {py(r.object) for r in KEEP_TAKEN.read(ev.game, since=t0)}
    twice = {py(r.object) for r in KEEP_TWICE.read(ev.game, since=t0)}
    for k, x in enumerate(ev.scenario.actions[i]["keep"]):
        if x not in taken:
            raise ScenarioError(f"actions[{i}].keep[{k}]", f"the legend rule didn't apply to {x!r} after step {i + 1}: "
                                "keep names which of a player's legendary permanents with the same name stays")
        if x in twice:
            raise ScenarioError(f"actions[{i}].keep[{k}]", f"{x!r} and another of the same name and controller are "
                                "named: the player keeps one of them")


def _trigger_targets_taken(ev: GameState, i: int, t0: int) -> bool:
    """Whether the targets (and modes) action i names for the triggered abilities put on the stack after it were taken (the
    moments t0.. of its step): an ability it names that didn't go on the stack is bad input; a target the rules
    refuse makes the step illegal (ev.error, as for a refused action)."""
    game, action = ev.game, ev.scenario.actions[i]
    made = {py(r.object) for r in MADE_ID.read(game, since=t0)   # (not ev.ident: ev's answers are still of t0 - 1)
            if r.kind.name == "trig"}
    for key in ("trigger_targets", "trigger_modes"):
        for tid in action.get(key, {}):
            if tid not in made:
                put = ", ".join(sorted(made)) or "none"
                raise ScenarioError(f"actions[{i}].{key}.{tid}",
                                    f"no triggered ability {tid} was put on the stack after step {i + 1} (put: {put})")
    syms = [(r.reason, r.label) for r in BAD_TRIGGER_CHOICE.read(game, since=t0)]
    return not syms or _refused(ev, i, t0 - 1, syms)


def unread_lines(card, face: str | None = None, line: int | None = None, keyword: str | None = None) -> list:
    """The lines of a card pyrules doesn't model (of one face, the one numbered `line`, or the one that begins
    with a keyword)."""
    out = []
    for ln in card.reading():
        if ln.status == "modelled" or (face is not None and ln.face != face) or (line is not None and ln.line != line):
            continue
        if keyword is not None and not ln.text.lower().startswith(keyword.replace("_", " ")):
            continue
        out.append(ln)
    return out


def refuse_unread_naming(ev: GameState, where: str, card, lines: list, what: str) -> None:
    """A naming refused only because pyrules doesn't read the card's line is bad input naming that line, not a
    refusal by a rule of the game (docs/guide/json.md)."""
    if card is None or not lines:
        return
    said = "; ".join(f"line {ln.line}{' of its back face' if ln.face == 'back' else ''} “{ln.text}”" for ln in lines)
    raise ScenarioError(where, f"{what}, but pyrules doesn't model {card.name}'s {said} — the rules can't check "
                               f"this naming (pyrules cards {card.name!r} shows what it reads)")


_PAWPRINT_MODE = re.compile(r"(?:\{P\})+ —")   # a pawprint mode's line ("{P}{P} — ...")


def _check_unread_naming(ev: GameState, i: int, syms) -> None:
    """Action i's refusal, when a reason for it is only that pyrules doesn't read a line: more targets named for
    a spell than the lines pyrules reads give it, or an ability named by a line (or keyword) it doesn't read."""
    action = ev.scenario.actions[i]
    codes = [r.name for r, _ in syms]
    card = face = None
    if "cast" in action and action["cast"] in ev.scenario.index:
        card = ev._card_of(action["cast"])   # and the face it is cast with
        if card is not None and action.get("part"):
            face = next((f.id for f in card.faces if f.name == action["part"]), None)
        elif card is not None and card.is_dfc:
            face = "back" if action.get("method") == "more_than_meets_the_eye" else "front"
    if card is not None and "targeted_modes_together" in codes:
        # two modes with targets chosen together: their targets aren't told apart (rules/casting/cast.lp)
        two = next(TARGETED_MODES_TOGETHER.of(r) for r, _ in syms if r.name == "targeted_modes_together")
        raise ScenarioError(f"actions[{i}].modes", f"{action['cast']} is cast with modes {two.mode} and {two.other}, "
                                                   f"but pyrules doesn't model choosing two of {card.name}'s modes with "
                                                   f"targets together")
    if card is not None and "too_many_targets" in codes:
        refuse_unread_naming(ev, f"actions[{i}].targets", card, unread_lines(card, face),
                       f"{action['cast']} is cast with targets")
    if card is not None and "no_such_mode" in codes:
        # a mode the card prints on a bullet line (or a "{P} —" line) pyrules doesn't read: the N-th such line of the face cast
        bullets = [ln for ln in card.reading() if (ln.text.startswith("• ") or _PAWPRINT_MODE.match(ln.text))
                   and face in (None, ln.face)]
        named = [NO_SUCH_MODE.of(r).mode for r, _ in syms if r.name == "no_such_mode"]
        lines = [bullets[n - 1] for n in named if 0 < n <= len(bullets) and bullets[n - 1].status != "modelled"]
        modes = action.get("modes", "not named (its first mode, by default)")
        refuse_unread_naming(ev, f"actions[{i}].modes", card, lines, f"{action['cast']} is cast with modes {modes}")
    if card is not None and "repeat_not_modelled" in codes:
        # a mode named more than once whose effect the rules don't do more than once
        n = next(REPEAT_NOT_MODELLED.of(r).mode for r, _ in syms if r.name == "repeat_not_modelled")
        raise ScenarioError(f"actions[{i}].modes", f"{action['cast']} is cast with mode {n} more than once, but pyrules "
                                                   f"doesn't model doing {card.name}'s mode {n} more than once (a "
                                                   f"mode with a target, or an amount known only as it resolves)")
    for r, _ in syms:
        if r.name == "no_such_ability" and "activate" in action and action["activate"] in ev.objects:
            card = ev._card_of(action["activate"])
            ref = NO_SUCH_ABILITY.of(r).ability
            o = ev.objects[action["activate"]]
            if card is None:
                continue
            if ref.name == "line":
                lines = unread_lines(card, o.face or "front", line=ABILITY_LINE.of(ref).line)
            else:
                lines = unread_lines(card, o.face or "front", keyword=ABILITY_KEYWORD.of(ref).keyword.name)
            refuse_unread_naming(ev, f"actions[{i}].ability", card, lines, f"{action['activate']}'s ability {action['ability']!r} is named")


def _refused(ev: GameState, i: int, t_prev: int, syms) -> bool:
    """Action i is refused for these (reason, label) pairs: ev answers from the state before it (moment t_prev),
    with the error. Always False (the action wasn't taken)."""
    _check_unread_naming(ev, i, syms)
    ev.t, ev.step = t_prev, i
    reasons = ev.reasons(syms)   # (worded in the state before the action, as the error gives them)
    if reasons and all(r.rule is None for r in reasons):
        # (every reason is one the rules state as pyrules's own limit, citing no rule of the game: a payment that
        # leaves out a mana ability it doesn't activate; like a naming of a line it doesn't read, bad input)
        action = ev.scenario.actions[i]
        where = f"actions[{i}].pay" if "pay" in action else f"actions[{i}]"
        raise ScenarioError(where, "pyrules can't play this action: " + "; ".join(r.reason for r in reasons)
                                   + " (pyrules's limit, not a rule of the game)")
    ev.error = {"step": i + 1, "action": ev.scenario.actions[i], "why_not": [r.to_json() for r in reasons]}
    return False


def extend(ev: GameState, action: dict) -> GameState:
    """The evaluation of ev's scenario with one more action (an action as plans make them), played on ev's
    own game instead of a replay of the whole timeline: the same moments, the same answers. ev gives its
    game up and must not be asked anything afterwards."""
    if ev.error is not None or ev.step != len(ev.scenario.actions) or ev.game.explained:
        raise ValueError("only an evaluation of a whole timeline, without an error or explanations, can be extended")
    sc = replace(ev.scenario, actions=list(ev.scenario.actions) + [action])
    child = type(ev)(sc, ev.game, ev.t, ev.step)
    child.since = ev.t + 1   # (the first moment of the action added: what it did, plans read from there on)
    ev.game = None   # (the game now belongs to the child)
    _play(child, len(sc.actions) - 1)
    return child
