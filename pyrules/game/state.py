"""A scenario played out by the knowledge base, and its state read back from atoms.

evaluate() builds the scenario's facts, grounds moment 0, refuses states no game can reach (the rules'
invalid/3 atoms: bad input), then applies the timeline's actions one by one (pyrules/game/engine.py) and
reads the state after the last one (or after `step` of them): the objects, the players, the turn, what the
last action triggered and the state-based actions it led to, and the card lines pyrules doesn't model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from clingo import Function, Number, String, Symbol, SymbolType

from pyrules.cards.db import bundled
from pyrules.errors import ScenarioError
from pyrules.game.engine import Game
from pyrules.game.facts import action_facts, oid, scenario_facts
from pyrules.game.payment import timeline_payment
from pyrules.input.actions import event_kind, kind_of
from pyrules.input.scenario import Scenario, load
from pyrules.kb.words import Renderer, py

LIST_FIELDS = ("supertypes", "types", "subtypes", "keywords", "colors")
COLOR_ORDER = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True)
class ObjectState:
    """The derived characteristics of one object (interface.md §3 and §5.3, `show`)."""

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
    _cache: dict = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ reading
    @property
    def base(self):
        return self.game.kb

    def _show(self) -> dict[str, list[Symbol]]:
        if "show" not in self._cache:
            self.game.ground_query("show", self.t)
            got: dict[str, list[Symbol]] = {}
            for name, arity in (("out_object", 9), ("out_pt", 4), ("out_list", 4), ("out_counter", 4),
                                ("out_attr", 3), ("out_player", 3), ("out_game", 2), ("out_flag", 3),
                                ("out_reason", 3), ("out_ability", 4)):
                # (the moment is the last argument: a game extended past a state it showed holds both)
                got[name] = [x for x in self.game.terms(name, arity) if x.arguments[-1].number == self.t]
            self._cache["show"] = got
        return self._cache["show"]

    @cached_property
    def token_counts(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for s in self._show()["out_game"]:
            a = s.arguments[0]
            if a.name == "made" and a.arguments[0].name == "tok":
                counts[a.arguments[1].number] = a.arguments[2].number
        return counts

    def ident(self, sym: Symbol) -> str:
        v = py(sym, self.token_counts)
        return v if isinstance(v, str) else str(v)

    @cached_property
    def objects(self) -> dict[str, ObjectState]:
        show = self._show()
        data: dict[str, dict] = {}
        order: dict[str, int] = {}
        for s in show["out_object"]:
            o, name, zone, owner, ctl, face, mv, kind, _ = s.arguments
            oid_ = self.ident(o)
            d = data.setdefault(oid_, {k: [] for k in LIST_FIELDS})
            d.update(id=oid_, name=py(name), zone=py(zone), owner=py(owner), controller=py(ctl), face=py(face),
                     mana_value=py(mv), counters={}, attached_to=None, tapped=False, token=False, copy_of=None,
                     damage=0, attacking=None, blocking=None, power=None, toughness=None, flags=set(), reasons=[],
                     targets=[])
            if kind.type == SymbolType.Function and kind.name == "ability":
                d["ability_of"] = self.ident(kind.arguments[0])
        for s in show["out_pt"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d["power"], d["toughness"] = s.arguments[1].number, s.arguments[2].number
        for s in show["out_list"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d[s.arguments[1].name].append(py(s.arguments[2]))
        for s in show["out_counter"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d["counters"][s.arguments[1].string] = s.arguments[2].number
        for s in show["out_flag"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d["flags"].add(s.arguments[1].name)
        for s in show["out_reason"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d["reasons"].append(s.arguments[1].name)
        for s in show["out_ability"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is not None:
                d["ability"] = s.arguments[2].name
        for s in show["out_attr"]:
            d = data.get(self.ident(s.arguments[0]))
            if d is None:
                continue
            a = s.arguments[1]
            name = a.name
            if name == "tapped":
                d["tapped"] = True
            elif name == "token":
                d["token"] = True
            elif name == "attached":
                d["attached_to"] = self.ident(a.arguments[0])
            elif name == "damage":
                d["damage"] = a.arguments[0].number
            elif name == "attacking":
                d["attacking"] = self.ident(a.arguments[0])
            elif name == "blocking":
                d["blocking"] = self.ident(a.arguments[0])
            elif name in ("copy_of", "copied_from"):
                d["copy_of"] = self.ident(a.arguments[0])
            elif name == "ts":
                order[d["id"]] = a.arguments[0].number
            elif name == "stack":
                d["stack"] = a.arguments[0].number
            elif name == "target":
                d["targets"].append((str(a.arguments[0]), self.ident(a.arguments[1])))
        out: dict[str, ObjectState] = {}
        for oid_ in sorted(data, key=lambda k: (order.get(k, 0), k)):
            d = data[oid_]
            out[oid_] = ObjectState(
                id=oid_, name=d["name"], face=d["face"], zone=d["zone"], owner=d["owner"], controller=d["controller"],
                supertypes=tuple(sorted(d["supertypes"])), types=tuple(sorted(d["types"])),
                subtypes=tuple(sorted(d["subtypes"])), power=d["power"], toughness=d["toughness"],
                mana_value=d["mana_value"], counters=dict(sorted(d["counters"].items())), attached_to=d["attached_to"],
                keywords=tuple(sorted(d["keywords"])), can_attack="can_attack" in d["flags"],
                escaped="escaped" in d["flags"], summoning_sick="summoning_sick" in d["flags"],
                cannot_attack=tuple(sorted(d["reasons"])), tapped=d["tapped"], token=d["token"], copy_of=d["copy_of"],
                colors=tuple(c for c in COLOR_ORDER if c in d["colors"]), damage=d["damage"],
                attacking=d["attacking"], blocking=d["blocking"], ability_of=d.get("ability_of"),
                ability=d.get("ability"), targets=tuple(x for _, x in sorted(d["targets"])),
            )
        self._cache["stack"] = [k for k, _ in sorted(((k, d["stack"]) for k, d in data.items() if "stack" in d and d["zone"] == "stack"), key=lambda kv: kv[1])]
        return out

    @property
    def stack(self) -> list[str]:
        self.objects
        return self._cache["stack"]

    @cached_property
    def players(self) -> dict[str, dict]:
        out = {p: {"life": None, "mana_pool": "", "hand": 0, "library": 0, "graveyard": 0, "lost": False}
               for p in self.scenario.players}
        pools: dict[str, dict[str, int]] = {}
        for s in self._show()["out_player"]:
            p, a = s.arguments[0].string, s.arguments[1]
            if a.name == "life":
                out[p]["life"] = a.arguments[0].number
            elif a.name == "pool":
                pools.setdefault(p, {})[a.arguments[0].name] = a.arguments[1].number
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
        for s in self._show()["out_game"]:
            a = s.arguments[0]
            if a.arguments and a.name in ("active", "phase", "step", "priority", "lands", "turn"):
                g[a.name] = py(a.arguments[0])
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
        for s in self.game.atoms("event", 2):
            if s.arguments[1].number in moments and s.arguments[0].name == "put_on_stack":
                o, src, ab, ctl = s.arguments[0].arguments
                out.append((self.ident(o), {"id": self.ident(o), "source": self.ident(src),
                            "ability": ab.arguments[3].name if ab.name == "ab" else py(ab), "controller": py(ctl)}))
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
        for s in self.game.atoms("performed_sba", 4):
            if s.arguments[3].number in moments:
                kind, x, label, t = s.arguments
                lab = self.base.label(label.number)
                out.append({"action": kind.name, "object": self.ident(x), "rule": lab.rule, "moment": t.number})
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
        for s in self.game.atoms("stopped_instead", 4):
            ph, st, label, t = s.arguments
            if t.number == self.t:
                out.append({"phase": ph.name, "step": st.name, "rule": self.base.label(label.number).rule,
                            "text": self.renderer.claim(s)})
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
        out = []
        for reason, label in syms:
            lab = self.base.label(label.number)
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
                    return next((c for c in bundled().tokens() if o.name in c.names), None) if o.token and o.name else None
                cur = o.copy_of
            if cur is None:
                return None
        return None

    @cached_property
    def not_modelled(self) -> list[dict]:
        """Every line of card text pyrules doesn't model (interface §5.7) on the card of any object of the
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
                                "text": line.text, "status": line.status})
        return out

    def honesty(self) -> dict:
        """What every answer document carries at its top level (interface §5.7)."""
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
            if self.error:
                out["error"] = self.error
        return out


# ------------------------------------------------------------------------------------------------ running

def _priority(game: Game, players: list[str], t: int) -> str:
    for p in players:
        if game.fact(Function("gfl", [Function("priority", [String(p)]), Number(t)])):
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
            if game.fact(Function("controller", [first, String(p), Number(t)])):
                return p
    return _priority(game, players, t)


def _check_valid(ev: GameState) -> None:
    ev.game._ground([("validate", [])])
    bad = sorted(ev.game.atoms("invalid", 4), key=str)
    if not bad:
        return
    sc = ev.scenario
    o, fld, reason, label = bad[0].arguments
    key = ev.ident(o)
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
            _unread_naming(ev, where, card, _unread_lines(card, face), f"{key} is on the stack with targets")
    lab = ev.base.label(label.number)
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
    rejected = [s for s in game.atoms("rejected", 2) if s.arguments[1].number == t]
    if rejected:
        a = rejected[0].arguments[0]
        syms = [(s.arguments[1], s.arguments[2]) for s in game.atoms("why_not", 4)
                if s.arguments[0] == a and s.arguments[3].number == t_prev]
        return _refused(ev, i, t_prev, syms)
    game.settle(i + 1)
    if "keep" in action:
        _check_keep(ev, i, t)
    if "trigger_targets" in action and not _trigger_targets_taken(ev, i, t):
        return False
    ev.t, ev.step = game.t, i + 1
    return True


def _check_keep(ev: GameState, i: int, t0: int) -> None:
    """`keep` names permanents of groups the legend rule applied to after action i (the moments t0.. of its
    step); naming another is bad input."""
    taken = {py(s.arguments[0]) for s in _since(ev.game, "keep_taken", 2, t0)}
    twice = {py(s.arguments[0]) for s in _since(ev.game, "keep_twice", 2, t0)}
    for k, x in enumerate(ev.scenario.actions[i]["keep"]):
        if x not in taken:
            raise ScenarioError(f"actions[{i}].keep[{k}]", f"the legend rule didn't apply to {x!r} after step {i + 1}: "
                                "keep names which of a player's legendary permanents with the same name stays")
        if x in twice:
            raise ScenarioError(f"actions[{i}].keep[{k}]", f"{x!r} and another of the same name and controller are "
                                "named: the player keeps one of them")


def _trigger_targets_taken(ev: GameState, i: int, t0: int) -> bool:
    """Whether the targets action i names for the triggered abilities put on the stack after it were taken (the
    moments t0.. of its step): an ability it names that didn't go on the stack is bad input; a target the rules
    refuse makes the step illegal (ev.error, as for a refused action)."""
    game, action = ev.game, ev.scenario.actions[i]
    made = {py(s.arguments[1]) for s in _since(game, "made_id", 3, t0)   # (not ev.ident: ev's answers are still of t0 - 1)
            if s.arguments[0].name == "trig"}
    for tid in action["trigger_targets"]:
        if tid not in made:
            put = ", ".join(sorted(made)) or "none"
            raise ScenarioError(f"actions[{i}].trigger_targets.{tid}",
                                f"no triggered ability {tid} was put on the stack after step {i + 1} (put: {put})")
    syms = [(s.arguments[1], s.arguments[2]) for s in _since(game, "bad_trigger_choice", 4, t0)]
    return not syms or _refused(ev, i, t0 - 1, syms)


def _since(game: Game, name: str, arity: int, t0: int) -> list[Symbol]:
    """The atoms of name/arity (their last argument a moment) from moment t0 on: what an action's step did."""
    return [s for s in game.atoms(name, arity) if s.arguments[-1].number >= t0]


def _unread_lines(card, face: str | None = None, line: int | None = None, keyword: str | None = None) -> list:
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


def _unread_naming(ev: GameState, where: str, card, lines: list, what: str) -> None:
    """A naming refused only because pyrules doesn't read the card's line is bad input naming that line, not a
    refusal by a rule of the game (interface §5.7)."""
    if card is None or not lines:
        return
    said = "; ".join(f"line {ln.line}{' of its back face' if ln.face == 'back' else ''} “{ln.text}”" for ln in lines)
    raise ScenarioError(where, f"{what}, but pyrules doesn't model {card.name}'s {said} — the rules can't check "
                               f"this naming (pyrules cards {card.name!r} shows what it reads)")


def _check_unread_naming(ev: GameState, i: int, syms) -> None:
    """Action i's refusal, when a reason for it is only that pyrules doesn't read a line: more targets named for
    a spell than the lines pyrules reads give it, or an ability named by a line (or keyword) it doesn't read."""
    action = ev.scenario.actions[i]
    codes = [r.name for r, _ in syms]
    if "cast" in action and "too_many_targets" in codes and action["cast"] in ev.scenario.index:
        card = ev._card_of(action["cast"])
        face = None
        if card is not None and action.get("part"):
            face = next((f.id for f in card.faces if f.name == action["part"]), None)
        elif card is not None and card.is_dfc:
            face = "back" if action.get("method") == "more_than_meets_the_eye" else "front"
        _unread_naming(ev, f"actions[{i}].targets", card, _unread_lines(card, face) if card else [],
                       f"{action['cast']} is cast with targets")
    for r, _ in syms:
        if r.name == "no_such_ability" and "activate" in action and action["activate"] in ev.objects:
            card = ev._card_of(action["activate"])
            ref = r.arguments[0]
            o = ev.objects[action["activate"]]
            if card is None:
                continue
            if ref.name == "line":
                lines = _unread_lines(card, o.face or "front", line=ref.arguments[0].number)
            else:
                lines = _unread_lines(card, o.face or "front", keyword=ref.arguments[0].name)
            _unread_naming(ev, f"actions[{i}].ability", card, lines, f"{action['activate']}'s ability {action['ability']!r} is named")


def _refused(ev: GameState, i: int, t_prev: int, syms) -> bool:
    """Action i is refused for these (reason, label) pairs: ev answers from the state before it (moment t_prev),
    with the error. Always False (the action wasn't taken)."""
    _check_unread_naming(ev, i, syms)
    ev.t, ev.step = t_prev, i
    ev.error = {"step": i + 1, "action": ev.scenario.actions[i], "why_not": [r.to_json() for r in ev.reasons(syms)]}
    return False


def extend(ev: GameState, action: dict) -> GameState:
    """The evaluation of ev's scenario with one more action (an action as plans make them), played on ev's
    own game instead of a replay of the whole timeline: the same moments, the same answers. ev gives its
    game up and must not be asked anything afterwards."""
    if ev.error is not None or ev.step != len(ev.scenario.actions) or ev.game.explained:
        raise ValueError("only an evaluation of a whole timeline, without an error or explanations, can be extended")
    sc = replace(ev.scenario, actions=list(ev.scenario.actions) + [action])
    child = type(ev)(sc, ev.game, ev.t, ev.step)
    ev.game = None   # (the game now belongs to the child)
    _play(child, len(sc.actions) - 1)
    return child
