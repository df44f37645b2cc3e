"""Typed answers: a scenario played out by the knowledge base, and what it concluded, read back from atoms.

evaluate() builds the scenario's facts, grounds moment 0, refuses states no game can reach (the rules'
invalid/3 atoms: bad input), then applies the timeline's actions one by one (pyrules/next/engine.py) and
reads the state after the last one (or after `step` of them).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from clingo import Function, Number, String, Symbol, SymbolType

from .errors import ScenarioError
from .actions import event_kind, action_facts, kind_of, oid
from .carddata import bundled
from .engine import Game
from .facts import scenario_facts
from .kb import kb
from .words import Renderer, _possessive, generated_id, py
from .scenario import Scenario, load

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
class Evaluation:
    """A scenario played out by the knowledge base: its state after the timeline, and answers about it."""

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

    def to_json(self, ids: list[str] | None = None, explain: bool = False) -> dict:
        objs = self.objects
        if ids:
            for i in ids:
                if i not in objs:
                    import difflib

                    close = difflib.get_close_matches(i, list(objs), n=1)
                    raise ScenarioError("ids", f"unknown object {i!r}" + (f" — did you mean {close[0]!r}?" if close else ""))
        chosen = ids or list(objs)
        docs = {i: objs[i].to_json() for i in chosen}
        if explain:
            explainer(self).prepare(_signatures(a for i in chosen for p in PROPERTIES for a in _prop_atoms(self, i, p)))
            for i in chosen:
                docs[i]["explanation"] = {p: explain_property(self, i, p).to_json() for p in PROPERTIES}
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


def _check_valid(ev: Evaluation) -> None:
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


def evaluate(source: Scenario | str | dict, step: int | None = None, explain: bool = False) -> Evaluation:
    if step is not None and step < 0:   # (named by its request field: the command line says --step)
        raise ScenarioError("step", "must be 0 or more")
    sc = source if isinstance(source, Scenario) else load(source)
    n = len(sc.actions) if step is None else step
    if n > len(sc.actions):
        if not sc.actions:
            raise ScenarioError("step", f"the scenario has no actions, so there is no step {step}")
        raise ScenarioError("step", f"must be between 0 and {len(sc.actions)}: the timeline has {len(sc.actions)} action(s)")
    game = Game(scenario_facts(sc), explain=explain)
    ev = Evaluation(sc, game)
    ev.requested_step = step
    _check_valid(ev)
    for i in range(n):
        if not _play(ev, i):
            return ev
    return ev


def _play(ev: Evaluation, i: int) -> bool:
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
        from .payment import timeline_payment

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


def _check_keep(ev: Evaluation, i: int, t0: int) -> None:
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


def _trigger_targets_taken(ev: Evaluation, i: int, t0: int) -> bool:
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


def _unread_naming(ev: Evaluation, where: str, card, lines: list, what: str) -> None:
    """A naming refused only because pyrules doesn't read the card's line is bad input naming that line, not a
    refusal by a rule of the game (interface §5.7)."""
    if card is None or not lines:
        return
    said = "; ".join(f"line {ln.line}{' of its back face' if ln.face == 'back' else ''} “{ln.text}”" for ln in lines)
    raise ScenarioError(where, f"{what}, but pyrules doesn't model {card.name}'s {said} — the rules can't check "
                               f"this naming (pyrules cards {card.name!r} shows what it reads)")


def _check_unread_naming(ev: Evaluation, i: int, syms) -> None:
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


def _refused(ev: Evaluation, i: int, t_prev: int, syms) -> bool:
    """Action i is refused for these (reason, label) pairs: ev answers from the state before it (moment t_prev),
    with the error. Always False (the action wasn't taken)."""
    _check_unread_naming(ev, i, syms)
    ev.t, ev.step = t_prev, i
    ev.error = {"step": i + 1, "action": ev.scenario.actions[i], "why_not": [r.to_json() for r in ev.reasons(syms)]}
    return False


def extend(ev: Evaluation, action: dict) -> Evaluation:
    """The evaluation of ev's scenario with one more action (an action as plans make them), played on ev's
    own game instead of a replay of the whole timeline: the same moments, the same answers. ev gives its
    game up and must not be asked anything afterwards."""
    if ev.error is not None or ev.step != len(ev.scenario.actions) or ev.game.explained:
        raise ValueError("only an evaluation of a whole timeline, without an error or explanations, can be extended")
    sc = replace(ev.scenario, actions=list(ev.scenario.actions) + [action])
    child = Evaluation(sc, ev.game, ev.t, ev.step)
    ev.game = None   # (the game now belongs to the child)
    _play(child, len(sc.actions) - 1)
    return child


# ------------------------------------------------------------------------------------------------ options

NUMBER_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


@dataclass
class Cost:
    mana: str
    exile_from_graveyard: int = 0
    sacrifice: dict = field(default_factory=dict)
    discard: int = 0
    life: int = 0
    text: str = ""

    tap: bool | None = None       # activate: {T} / {Q} in the cost, the power crew needs
    untap: bool | None = None
    crew: int | None = None

    def to_json(self) -> dict:
        out = {"mana": self.mana, "exile_from_graveyard": self.exile_from_graveyard, "text": self.text,
               "sacrifice": dict(self.sacrifice), "discard": self.discard, "life": self.life}
        if self.tap is not None:
            out.update({"tap": self.tap, "untap": bool(self.untap), "crew": self.crew})
        return out


@dataclass
class Option:
    """One thing a player could do now (interface.md §3 and §5.3, `actions`)."""

    action: str
    object: str
    player: str
    legal: bool
    why_not: list[Reason]
    zone: str | None = None
    method: str | None = None
    face: str | None = None
    part: str | None = None
    cost: Cost | None = None
    mana_value: int | None = None
    source: str | None = None
    term: Symbol | None = None
    explanation: object = None
    ability: str | int | None = None     # activate: the keyword, or the line number
    payable: bool | None = None          # whether the pool and mana abilities can pay it (pyrules/payment.py)
    payment: list | None = None          # one way to pay: [{"source": id | "pool" | "life", "mana": "{G}"}]
    x: int | None = None                 # the largest X that can be paid, when the cost has {X}
    payment_why_not: list = field(default_factory=list)

    def to_action(self, defender: str | None = None) -> dict:
        """The timeline action (README, "Scenario format") that takes this option; the choices it leaves out
        (targets, what to exile, sacrifice or discard, the mana sources) are made by the timeline's defaults.
        An attack option attacks `defender` with this creature alone; a block option is a block of `defender`
        (the attacking creature's id)."""
        if self.action == "cast":
            out = {"cast": self.object, "by": self.player, "method": self.method}
            if self.part is not None:
                out["part"] = self.part
            if self.source is not None:
                out["source"] = self.source
            return out
        if self.action == "play":
            return {"play": self.object, "by": self.player}
        if self.action == "activate":
            return {"activate": self.object, "ability": self.ability, "by": self.player}
        if self.action in ("attack", "block"):
            return {self.action: {self.object: defender}, "by": self.player}
        raise ValueError(f"no timeline action for a {self.action} option")

    def to_json(self) -> dict:
        out = {"action": self.action, "object": self.object}
        if self.action == "cast":
            out.update({"zone": self.zone, "method": self.method, "face": self.face, "part": self.part,
                        "cost": self.cost.to_json() if self.cost else None, "mana_value": self.mana_value})
        elif self.action == "activate":
            out.update({"ability": self.ability, "cost": self.cost.to_json() if self.cost else None})
        out.update({"legal": self.legal, "why_not": [r.to_json() for r in self.why_not]})
        if self.action == "cast":
            out["source"] = self.source
        if self.payable is not None:
            out.update({"payable": self.payable, "payment": self.payment,
                        "payment_why_not": [r.to_json() for r in self.payment_why_not]})
            if self.x is not None:
                out["x"] = self.x
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_json() if hasattr(self.explanation, "to_json") else self.explanation
        return out


def _options(ev: Evaluation) -> list[Option]:
    from .payment import option_costs

    if "options" in ev._cache:
        return ev._cache["options"]
    g, T = ev.game, ev.t
    g.ground_query("check", T, [Function("asking", [String(p), Number(T)]) for p in ev.scenario.players])
    read: dict[tuple, list] = {}

    def at(name: str, arity: int) -> list:   # (read once: an activate option reads three of them)
        got = read.get((name, arity))
        if got is None:
            got = read[name, arity] = [s for s in g.atoms(name, arity) if s.arguments[-1].number == T]
        return got
    copts = [s.arguments[0] for s in at("copt", 2)]
    legal = {s.arguments[0] for s in at("legal", 2)}
    whys: dict[Symbol, list] = {}
    for s in at("opt_why_not", 4):
        whys.setdefault(s.arguments[0], []).append((s.arguments[1], s.arguments[2]))
    costs = option_costs(g, T)   # each option's mana, as the payment search reads it
    one = lambda name: {s.arguments[0]: s.arguments[1].number for s in at(name, 3)}  # noqa: E731
    exile, discard, life, mv = one("opt_exile"), one("opt_discard"), one("opt_life"), one("opt_mv")
    zones = {s.arguments[0]: s.arguments[1].name for s in at("option_zone", 3)}
    sacrifice: dict[Symbol, dict] = {}
    for s in at("opt_sacrifice", 4):
        sacrifice.setdefault(s.arguments[0], {})[ev.renderer.term(s.arguments[2])] = s.arguments[1].number
    out = []
    from .payment import check_deadline

    for x in copts:
        check_deadline(g.deadline)   # (a board of thousands of permanents has thousands of options)
        reasons = ev.reasons(whys.get(x, []))
        if x.name == "opt":
            p, o, m, src, f = x.arguments
            oid_ = ev.ident(o)
            mana = costs[x].text() if x in costs else "{0}"
            parts = []
            if exile.get(x):
                parts.append(f"exile {NUMBER_NAMES.get(exile[x], exile[x])} other cards from your graveyard")
            for what, n in sacrifice.get(x, {}).items():
                parts.append(f"sacrifice {NUMBER_NAMES.get(n, n) if n != 1 else 'a'} {what}")
            if discard.get(x):
                parts.append(f"discard {NUMBER_NAMES.get(discard[x], discard[x])} card{'s' if discard[x] != 1 else ''}")
            if life.get(x):
                parts.append(f"pay {life[x]} life")
            text = ", ".join([mana] + parts)
            card = ev.scenario.object(oid_).get("card") if oid_ in ev.scenario.index else None
            part = None
            if card is not None and card.layout in ("split", "adventure"):
                part = card.face(f.name).name
            source = None
            if src.type == SymbolType.String or generated_id(src):
                source = ev.ident(src)
            out.append(Option("cast", oid_, p.string, x in legal, reasons, zones.get(x), m.name, "back" if f.name == "back" else "front",
                              part, Cost(mana, exile.get(x, 0), sacrifice.get(x, {}), discard.get(x, 0), life.get(x, 0), text),
                              mv.get(x), source, x))
        elif x.name == "play":
            p, o = x.arguments
            out.append(Option("play", ev.ident(o), p.string, x in legal, reasons, term=x))
        elif x.name in ("attack_with", "block_with"):
            p, o = x.arguments
            out.append(Option(x.name[:-5], ev.ident(o), p.string, x in legal, reasons, term=x))
        elif x.name == "activate":
            out.append(_activate_option(ev, x, x in legal, reasons, at, costs, sacrifice, discard, life))
    order = {"cast": 0, "play": 1, "activate": 2, "attack": 3, "block": 4}
    out.sort(key=lambda op: (order.get(op.action, 9), ev.scenario.index.get(op.object, 1 << 30), op.object,
                             str(op.method), str(op.face), str(op.part), str(op.source)))
    ev._cache["options"] = out
    return out


def _by_option(at, name: str) -> dict:
    """An option's values of a predicate name(X, V, T) at the moment read, indexed once by option."""
    key = ("by option", name)
    index = getattr(at, "index", None)
    if index is None:
        index = at.index = {}
    got = index.get(key)
    if got is None:
        got = index[key] = {}
        for s in at(name, 3):
            got.setdefault(s.arguments[0], []).append(s.arguments[1])
    return got


def _activate_option(ev: Evaluation, x: Symbol, legal: bool, reasons, at, costs, sacrifice, discard, life) -> Option:
    """An activate option (activate(P, O, kw(K) | line(I))) with its cost, read from the knowledge base's atoms."""
    p, o, ref = x.arguments
    ability = ref.arguments[0].name if ref.name == "kw" else ref.arguments[0].number
    ab = next(iter(_by_option(at, "act_ab").get(x, ())), None)
    items = set(_by_option(at, "cost_item").get(x, ()))
    crew = next((n.number for n in _by_option(at, "crew_n").get(x, ())), None)
    mana = costs[x].text() if x in costs else "{0}"
    sac = dict(sacrifice.get(x, {}))
    name = ev.objects[ev.ident(o)].name if ev.ident(o) in ev.objects else ev.ident(o)
    if Function("sacrifice_self") in items:
        sac[name] = sac.get(name, 0) + 1
    text = ""
    if ab is not None and ab.name == "ab":
        line = ev.renderer.lines.get(str(ab), "") if hasattr(ev.renderer, "lines") else ""
        text = line.split(": ", 1)[0] if ": " in line else ""
        if ref.name == "kw":
            text = line[len(ability):].strip(" —") if crew is None else ""
    if crew is not None:
        text = f"tap other untapped creatures you control with total power {crew} or more"
    if not text and ab is not None and ab.name != "ab":   # an ability no line prints in full (a basic land type's)
        text = ", ".join(sym for item, sym in ((Function("tap"), "{T}"), (Function("untap"), "{Q}")) if item in items)
    cost = Cost(mana, 0, sac, discard.get(x, 0), life.get(x, 0), text)
    cost.tap = Function("tap") in items
    cost.untap = Function("untap") in items
    cost.crew = crew
    return Option("activate", ev.ident(o), p.string, legal, reasons, term=x, cost=cost, ability=ability)


def actions(ev: Evaluation, player: str | None = None, include_illegal: bool = False,
            payments: bool = True) -> list[Option]:
    """A player's options (the player with priority by default). With payments (the default), each cast and
    activation says whether the player's mana sources can pay it and how (payable, payment): found by a
    search per distinct cost, done once per player and evaluation, and only for the player asked about."""
    p = player or ev.turn["priority"]
    if p not in ev.scenario.players:
        raise ScenarioError("player", f"unknown player {p!r} (players: {', '.join(ev.scenario.players)})")
    mine = [o for o in _options(ev) if o.player == p]
    paid = ev._cache.setdefault("paid", set())
    if payments and p not in paid:
        from .payment import pay_options

        pay_options(ev, mine)
        paid.add(p)
    return [o for o in mine if include_illegal or o.legal]


def actions_json(ev: Evaluation, player: str | None = None, include_illegal: bool = False, explain: bool = False,
                 depth: int | None = None) -> dict:
    p = player or ev.turn["priority"]
    opts = actions(ev, p, include_illegal)
    docs = []
    for o in opts:
        d = o.to_json()
        if explain:
            d["explanation"] = with_caveat(ev, explain_option(ev, o)).cut(depth).to_json()
        docs.append(d)
    out = {"player": p, "actions": docs}
    out.update(ev.honesty())
    if ev.scenario.actions:
        out["step"] = ev.step
        out["stack"] = ev.stack
        out["triggered"] = ev.triggered_json()
        if ev.error:
            out["error"] = ev.error
    return out


# ------------------------------------------------------------------------------------------------ explanations

PROPERTIES = (
    "name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "colors", "power", "toughness",
    "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped", "summoning_sick", "cannot_attack",
    "tapped", "token", "copy_of", "damage", "attacking", "blocking",
)


def explained(ev: Evaluation) -> Evaluation:
    """The same evaluation with its explanations grounded: the queries an explanation may ask about (the
    state shown, every player's options) and the shadow rules of everything grounded (engine.Game)."""
    if "explained" not in ev._cache:
        ev._show()
        # the options are grounded only when asked for: the engine grounds the shadow rules of every part
        # grounded after explanation mode is on, so a question about a property never pays for them
        ev.game.ground_explanations()
        ev._cache["explained"] = ev
    return ev._cache["explained"]


def explainer(ev: Evaluation):
    from .explain import Explainer

    other = explained(ev)
    version = len(other.game.history)   # parts grounded since (the options, asked for later) need a new one
    if other._cache.get("explainer_version") != version:
        step_of = {m.t: m.step for m in other.game.moments}
        other._cache["explainer"] = Explainer(other.base, other.game, ev.renderer, other.game.added, step_of)
        other._cache["explainer_version"] = version
    return other._cache["explainer"]


# what an option's explanation reads: whether it is legal, why not, and the costs it adds
OPTION_ROOTS = (("legal", 2), ("opt_why_not", 4), ("opt_generic", 3), ("opt_exile", 3), ("opt_mv", 3))


def _signatures(atoms) -> set[tuple[str, int]]:
    return {(a.name, len(a.arguments)) for a in atoms}


def _group(claim: str, nodes, atom: str | None = None):
    from .explain import Node

    return Node(claim, because=list(nodes), kind="group", atom=atom)


def _prop_atoms(ev: Evaluation, oid_: str, prop: str) -> list[Symbol]:
    T = Number(ev.t)
    V = Function("s", [T])
    O = oid(oid_)
    o = ev.objects[oid_]
    one = {"power": ("power", [o.power]), "toughness": ("toughness", [o.toughness]),
           "mana_value": ("mana_value", [o.mana_value]), "name": ("obj_name", [o.name]), "face": ("face_up", [o.face]),
           "zone": ("in_zone", [o.zone]), "controller": ("controller", [o.controller]), "owner": ("owner", [o.owner]),
           "attached_to": ("attached", [o.attached_to]), "damage": ("damage", [o.damage]),
           "attacking": ("attacking", [o.attacking]), "blocking": ("blocking", [o.blocking])}
    def val(v):
        if isinstance(v, int):
            return Number(v)
        if prop in ("zone", "face"):
            return Function(v)
        if prop in ("attached_to", "blocking"):
            return oid(v)
        return String(v)
    if prop in one:
        name, vals = one[prop]
        return [Function(name, [O, val(v), T]) for v in vals if v is not None]
    lists = {"types": ("has_type", o.types, True), "supertypes": ("has_supertype", o.supertypes, True),
             "subtypes": ("has_subtype", o.subtypes, False), "keywords": ("has_keyword", o.keywords, True),
             "colors": ("has_color", o.colors, True)}
    if prop in lists:
        name, vals, const = lists[prop]
        return [Function(name, [O, Function(v) if const else String(v), T]) for v in vals]
    if prop == "counters":
        return [Function("counter", [O, String(k), Number(n), T]) for k, n in o.counters.items()]
    if prop == "can_attack":
        return [Function("can_attack", [O, V])] if o.can_attack else [Function("cannot_attack", [O, Function(r), V]) for r in o.cannot_attack]
    if prop == "cannot_attack":
        return [Function("cannot_attack", [O, Function(r), V]) for r in o.cannot_attack]
    if prop in ("summoning_sick", "escaped", "tapped", "token"):
        return [Function(prop, [O, T])] if getattr(o, prop) else []
    if prop == "copy_of":
        return [Function("is_copy", [O, T])] if o.copy_of else []
    return []


def _absent_property(ev: Evaluation, ex, oid_: str, prop: str):
    """Why an object has no value for a property: the knowledge base's reason, as an absence."""
    T = Number(ev.t)
    O = oid(oid_)
    o = ev.objects[oid_]
    if prop in ("power", "toughness"):
        node = ex.absent_node(Function("has_type", [O, Function("creature"), T]))
        node.note = "only creatures have power and toughness"
        return node
    if prop in ("summoning_sick", "escaped", "tapped", "token", "can_attack"):
        name = {"can_attack": "can_attack"}.get(prop, prop)
        args = [O, Function("s", [T])] if prop == "can_attack" else [O, T]
        return ex.absent_node(Function(name, args))
    if prop == "copy_of":
        return ex.absent_node(Function("is_copy", [O, T]))
    # no value: the absence of every value (the knowledge base's words for `not pred(O, any, ..., T)`)
    name, any_args = {"counters": ("counter", 2), "damage": ("damage", 1), "attacking": ("attacking", 1),
                      "blocking": ("blocking", 1), "attached_to": ("attached", 1), "controller": ("controller", 1),
                      "face": ("face_up", 1), "supertypes": ("has_supertype", 1), "subtypes": ("has_subtype", 1),
                      "keywords": ("has_keyword", 1), "colors": ("has_color", 1), "types": ("has_type", 1),
                      "mana_value": ("mana_value", 1), "cannot_attack": ("cannot_attack", 1), "name": ("obj_name", 1),
                      "owner": ("owner", 1), "zone": ("in_zone", 1)}.get(prop, (prop, 0))
    if name == "cannot_attack":
        return ex.absent_node(Function(name, [O, Function("any"), Function("s", [T])]))
    return ex.absent_node(Function(name, [O] + [Function("any")] * any_args + [T]))


# a property an object doesn't have, as a sentence (the others read "NAME's PROPERTY: VALUE")
_NOT = {"summoning_sick": "isn't summoning sick", "attached_to": "isn't attached to anything", "copy_of": "isn't a copy",
        "escaped": "didn't escape", "token": "isn't a token", "tapped": "isn't tapped", "attacking": "isn't attacking",
        "blocking": "isn't blocking"}


def _value_claim(name: str, o: ObjectState, prop: str) -> str:
    if prop in _NOT and getattr(o, prop) in (None, False):
        return f"{name} {_NOT[prop]}"
    return _possessive(f"{name}'s {prop.replace('_', ' ')}: {_value_text(o, prop)}")


def _value_text(o: ObjectState, prop: str) -> str:
    v = getattr(o, prop)
    if isinstance(v, (tuple, list)):
        return ", ".join(str(x).replace("_", " ") for x in v) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{n} {k}" for k, n in v.items()) if v else "none"
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def explain_property(ev: Evaluation, oid_: str, prop: str):
    from .explain import summarize

    if oid_ not in ev.objects:
        import difflib

        close = difflib.get_close_matches(oid_, list(ev.objects), n=1)
        raise ScenarioError("query", f"unknown object {oid_!r}" + (f" — did you mean {close[0]!r}?" if close else ""))
    if prop not in PROPERTIES:
        import difflib

        close = difflib.get_close_matches(prop, PROPERTIES, n=1)
        raise ScenarioError("query", f"unknown property {prop!r}" + (f" — did you mean {close[0]!r}?" if close else f" (one of: {', '.join(PROPERTIES)})"))
    ex = explainer(ev)
    atoms = _prop_atoms(ev, oid_, prop)
    ex.prepare(_signatures(atoms))
    atoms = [a for a in atoms if ex.has(a)]
    o = ev.objects[oid_]
    name = ev.renderer.name(oid_)
    if len(atoms) == 1:
        root = ex.node(atoms[0])
    elif atoms:
        root = _group(_value_claim(name, o, prop), [ex.node(a) for a in atoms])
    else:
        root = _group(_value_claim(name, o, prop), [_absent_property(ev, ex, oid_, prop)])
    return _with_summary(root, ev=ev)


def explain_player(ev: Evaluation, player: str, prop: str):
    """PLAYER.life: the life total and what set it (the other properties of a player are counts `show` reports)."""
    if prop != "life":
        raise ScenarioError("query", f"{player}.{prop}: of a player's properties, explain answers life (the others are "
                                     "counts show --json reports)")
    ex = explainer(ev)
    atoms = [s for s in explained(ev).game.atoms("life", 3) if s.arguments[0] == String(player) and s.arguments[2].number == ev.t]
    if not atoms:
        raise ScenarioError("query", f"{player} has no life total to explain")
    return _with_summary(ex.node(atoms[0]), ev=ev)


CONVERT_WORDS = ("convert", "more than meets the eye", "living metal")   # what a card that converts says


def situation_tags(ev: Evaluation, oid_: str) -> set[str]:
    """The mechanics and kinds of card an object involves, in the words of the rulings' `about` tags: its
    keywords and subtypes, its card's layout (a Transformers card converts), how it was cast —
    for a copy, how its original was cast too (a copy of a spell cast converted) —, and for an ability, its
    source's."""
    from .explain import SITUATION_TAGS

    tags: set[str] = set()
    o = ev.objects.get(oid_)
    if o is not None:
        tags |= {k.replace("_", "-") for k in o.keywords} | {s.lower() for s in o.subtypes}
    so = ev.scenario.object(oid_) if oid_ in ev.scenario.index else None
    card = so.get("card") if so else None
    if card is not None:
        tags.add(card.layout)
        if card.layout == "transform" and any(w in line.text.lower() for line in card.reading() for w in CONVERT_WORDS):
            tags.add("convert")   # (a Transformers card; a card that only transforms isn't about convert)
    tags |= _cast_tags(ev, oid_)
    source = (so or {}).get("ability_of") or (o.ability_of if o is not None else None)
    if isinstance(source, str) and source != oid_:   # an ability's situation is its source's (a Saga's chapter)
        tags |= situation_tags(ev, source)
    return tags & SITUATION_TAGS


def _cast_tags(ev: Evaluation, oid_: str, _seen: frozenset = frozenset()) -> set[str]:
    """How an object was cast: as the scenario says, as the timeline cast it, and, for a copy, how its original
    was (a copy of a spell cast converted has the back face too, BOT-06)."""
    tags: set[str] = set()
    so = ev.scenario.object(oid_) if oid_ in ev.scenario.index else None
    if so and so.get("cast_with"):
        tags.add(str(so["cast_with"]).replace("_", "-"))
    originals = [so["copy_of"]] if so and so.get("copy_of") else []
    for a in ev.scenario.actions[:ev.step]:   # how the timeline cast it (a card cast with escape escaped)
        if not isinstance(a, dict):
            continue
        if a.get("cast") == oid_ and isinstance(a.get("method"), str):
            tags.add(a["method"].replace("_", "-"))
        if a.get("as") == oid_:
            originals.append(a.get("copy"))
    o = ev.objects.get(oid_)
    if o is not None and o.escaped:
        tags.add("escape")
    for x in originals:
        if isinstance(x, str) and x not in _seen:
            tags |= _cast_tags(ev, x, _seen | {oid_})
    return tags


def _situation(ev: Evaluation, root):
    import re

    from .explain import SITUATION_TAGS

    ids = re.compile(r'"((?:[^"\\]|\\.)*)"')
    cache: dict[str, set[str]] = {}

    def of_atom(atom: str | None) -> set[str]:
        if not atom:
            return set()
        if atom not in cache:
            tags = {t for t in SITUATION_TAGS if t.replace("-", "_") in atom}
            for oid_ in set(ids.findall(atom)):
                tags |= situation_tags(ev, oid_)
            cache[atom] = tags
        return cache[atom]

    base = of_atom(root.atom) | {t for c in ([root] if root.kind != "group" else root.because) for t in of_atom(c.atom)}
    return lambda n: of_atom(n.atom) | base


def _with_summary(root, answer: str | None = None, tail: str | None = None, ev: Evaluation | None = None):
    from .explain import cite_only_what_applies, summarize

    if answer is None and root.kind == "group" and len(root.because) == 1 and root.because[0].kind == "absent":
        answer = root.because[0].claim   # no value: the absence is the answer
    if ev is not None:
        root = cite_only_what_applies(root, ev.base.rulings, _situation(ev, root))
    return replace(root, summary=summarize(root, answer, tail))


def caveat(notes: list[dict]) -> str | None:
    """The sentence a short answer ends with when the board has card text pyrules doesn't model (interface
    §5.7): which lines could change it — every one of them, since pyrules can't tell soundly which could not."""
    if not notes:
        return None
    shown = [f"{n['card']} ({n['object']}), {'back face ' if n['face'] == 'back' else ''}line {n['line']}: “{n['text']}”"
             for n in notes[:3]]
    more = f"; and {len(notes) - 3} more" if len(notes) > 3 else ""
    lines = "line" if len(notes) == 1 else "lines"
    text = (f"This answer may be incomplete: pyrules doesn't model {len(notes)} {lines} of card text on this board "
            f"that could change it — {'; '.join(shown)}{more}")
    return text if text.endswith(("”", ".")) else text + "."


def with_caveat(ev: Evaluation, node):
    """An answer's root with its summary's caveat (see caveat())."""
    extra = caveat(ev.not_modelled)
    if extra is None:
        return node
    return replace(node, summary=(node.summary + " " if node.summary else "") + extra)


def explain(ev: Evaluation, query: str, player: str | None = None):
    """A query (see _explain), its summary saying which card lines pyrules doesn't model could change it."""
    return with_caveat(ev, _explain(ev, query, player))


def _explain(ev: Evaluation, query: str, player: str | None = None):
    """A query: OBJECT.PROPERTY, [why [not]] cast OBJECT [METHOD] [PART] [by PLAYER], trigger OBJECT."""
    import re

    q = " ".join(query.split())
    if not q:
        raise ScenarioError("query", "is empty (for example arcee.power or 'cast uro escape')")
    low = q.lower()
    negated = False
    for prefix in ("why not ", "why "):
        if low.startswith(prefix):
            negated = prefix == "why not "
            q = q[len(prefix):]
            low = q.lower()
            break
    m = re.fullmatch(r"([A-Za-z0-9_-]+)\.([a-z_]+)", q)
    if m and m[1] in ev.scenario.players and m[1] not in ev.objects:
        return explain_player(ev, m[1], m[2])
    if m:
        return explain_property(ev, m[1], m[2])
    if low.startswith("cast "):
        return explain_cast(ev, q[5:], player, negated)
    if low.startswith("trigger "):
        return explain_trigger(ev, q[8:].strip())
    kind = low.split(" ", 1)[0]
    if kind in ("play", "activate", "attack", "block"):
        return explain_action(ev, kind, q[len(kind):].strip(), player)
    raise ScenarioError("query", f"not understood: {q!r} (write OBJECT.PROPERTY, 'cast OBJECT [METHOD] [PART] [by PLAYER]', "
                                 "'play OBJECT', 'activate OBJECT [ABILITY]', 'attack OBJECT', 'block OBJECT', "
                                 "'why not ...' or 'trigger OBJECT')")


def explain_action(ev: Evaluation, kind: str, rest: str, player: str | None):
    """play OBJECT, activate OBJECT [ABILITY], attack OBJECT, block OBJECT [by PLAYER]: the options `actions`
    lists of that kind for that object, each explained."""
    words = rest.split()
    by = None
    if len(words) >= 2 and words[-2] == "by":
        by, words = words[-1], words[:-2]
    if not words:
        raise ScenarioError("query", f"{kind} needs an object: {kind} OBJECT" + (" [ABILITY]" if kind == "activate" else ""))
    target, ability = words[0], (" ".join(words[1:]) or None)
    if ability is not None and kind != "activate":
        raise ScenarioError("query", f"{kind} takes one object: {kind} OBJECT [by PLAYER]")
    if target not in ev.scenario.index and target not in ev.objects:
        raise ScenarioError("query", f"unknown object {target!r}")
    if by is not None and by not in ev.scenario.players:
        raise ScenarioError("query", f"unknown player {by!r}")
    players = [by] if by else ([player] if player else [ev.turn["priority"]] + [p for p in ev.scenario.players
                                                                                 if p != ev.turn["priority"]])
    opts = []
    for p in players:
        opts = [o for o in actions(ev, p, include_illegal=True) if o.object == target and o.action == kind
                and (ability is None or str(o.ability) == ability)]
        if opts:
            break
    if not opts:
        raise ScenarioError("query", f"no one may {kind} with {target}" + (f" (ability {ability})" if ability else "")
                                     + " now (see `pyrules actions --all`)")
    nodes = [explain_option(ev, o) for o in opts]
    if len(nodes) == 1:
        return nodes[0]
    return _with_summary(_group(f"the ways to {kind} {ev.renderer.name(target)}", nodes), ev=ev)


def explain_cast(ev: Evaluation, rest: str, player: str | None, negated: bool):
    words = rest.split()
    by = None
    if len(words) >= 2 and words[-2] == "by":
        by, words = words[-1], words[:-2]
    if not words:
        raise ScenarioError("query", "cast needs an object: cast OBJECT [METHOD] [PART]")
    target = words[0]
    method = words[1] if len(words) > 1 else None
    extra = " ".join(words[2:]) or None
    from .schema import METHODS

    if method is not None and method not in METHODS:
        raise ScenarioError("query", f"{method!r} is not a way to cast (one of: {', '.join(METHODS)})")
    p = by or player or ev.turn["priority"]
    opts = [o for o in actions(ev, p, include_illegal=True) if o.object == target and o.action == "cast"
            and (method is None or o.method == method)
            and (extra is None or (o.part or "").casefold() == extra.casefold() or (o.source or "") == extra)]
    if not opts:
        if target not in ev.scenario.index and target not in ev.objects:
            raise ScenarioError("query", f"unknown object {target!r}")
        T = Number(ev.t)
        whys = [s for s in explained(ev).game.atoms("no_cast", 4)
                if s.arguments[0] == String(p) and ev.ident(s.arguments[1]) == target and s.arguments[3] == T]
        if not whys:
            raise ScenarioError("query", f"{p} has no way to cast {target}" + (f" with {method}" if method else "") + " to explain")
        node = _refusal(f"{ev.renderer.name(p)} may not cast {ev.renderer.name(target)}", whys, explainer(ev))
        return _with_summary(node, "No: " + node.claim, ev=ev)
    ex = explainer(ev)
    ex.prepare(OPTION_ROOTS)
    T = Number(ev.t)
    nodes = []
    for o in opts:
        x = o.term
        if o.legal:
            node = ex.node(Function("legal", [x, T]))
        else:
            whys = [s for s in explained(ev).game.atoms("opt_why_not", 4) if s.arguments[0] == x and s.arguments[3] == T]
            node = _refusal(f"{ev.renderer.name(o.player)} may not cast {ev.renderer.name(o.object)}"
                            f" ({o.method.replace('_', ' ')}{', ' + o.part if o.part else ''})", whys, ex)
        cost_atoms = [s for s in explained(ev).game.atoms("opt_generic", 3) if s.arguments[0] == x and s.arguments[2] == T]
        cost_atoms += [s for s in explained(ev).game.atoms("opt_exile", 3) if s.arguments[0] == x and s.arguments[2] == T]
        cost_atoms += [s for s in explained(ev).game.atoms("opt_mv", 3) if s.arguments[0] == x and s.arguments[2] == T]
        if o.legal and cost_atoms:
            node.because = node.because + [ex.node(a) for a in cost_atoms]
        if o.legal:
            answer = f"Yes: {ev.renderer.name(o.player)} may cast {ev.renderer.name(o.object)} ({_way(o)})"
            tail = f"It costs {o.cost.text}"
            unpaid = _unpaid(ev, o)
            if unpaid:
                answer = f"Yes — but {ev.renderer.name(o.player)} can't pay for it now: {answer[5:]}"
                tail += f", but {unpaid}"
        else:
            answer = f"No: {ev.renderer.name(o.player)} may not cast {ev.renderer.name(o.object)} ({_way(o)})"
            tail = None
        nodes.append(_with_summary(node, answer, tail, ev))
    if len(nodes) == 1:
        return nodes[0]
    yes, no = [_way(o) for o in opts if o.legal], [_way(o) for o in opts if not o.legal]
    unpaid = [_way(o) for o in opts if o.legal and _unpaid(ev, o)]
    who, what = ev.renderer.name(p), ev.renderer.name(target)
    answer = (f"Yes: {who} may cast {what} ({'; '.join(yes)})" + (f", but not ({'; '.join(no)})" if no else "")) if yes \
        else f"No: {who} may not cast {what} ({'; '.join(no)})"
    if unpaid and len(unpaid) == len(yes):
        answer = f"Yes — but {who} can't pay for it now: {answer[5:]}"
    elif unpaid:
        answer += f"; {who} can't pay for it now ({'; '.join(unpaid)})"
    return _with_summary(_group(f"the ways {who} could cast {what}", nodes), answer, ev=ev)


def _unpaid(ev: Evaluation, o: Option) -> str | None:
    """Why a player can't pay for an option the rules allow (the payment search's reasons, with their rules),
    or None when it can be paid or costs no mana: a "yes" is never bare when the cost can't be paid now."""
    if o.payable is not False:
        return None
    reasons = []
    for r in o.payment_why_not:
        cite = ", ".join(x for x in (r.rule, r.ruling) if x)
        reasons.append(r.reason + (f" ({cite})" if cite else ""))
    return "; ".join(reasons) or f"{ev.renderer.name(o.player)}'s mana sources and pool can't pay it"


def _way(o: Option) -> str:
    """How a cast option casts its card, in words: "more than meets the eye", "normal, as Stomp"."""
    return o.method.replace("_", " ") + (f", as {o.part}" if o.part else "")


def _refusal(claim: str, whys, ex):
    """A "may not" answer: the reasons the knowledge base gives (why_not atoms), each a deciding premise."""
    node = _group(claim, [ex.node(s) for s in whys])
    for c in node.because:
        c.decisive = True
    return node


def explain_option(ev: Evaluation, o: Option):
    """The explanation of one option `actions` lists."""
    if o.action == "cast":
        extra = o.part if o.part else (o.source or None)
        return explain_cast(ev, f"{o.object} {o.method}" + (f" {extra}" if extra else "") + f" by {o.player}", o.player, not o.legal)
    ex = explainer(ev)
    ex.prepare(OPTION_ROOTS)
    T = Number(ev.t)
    if o.legal:
        unpaid = _unpaid(ev, o)
        if unpaid:
            node = ex.node(Function("legal", [o.term, T]))
            return _with_summary(node, f"Yes — but {ev.renderer.name(o.player)} can't pay for it now: {node.claim}",
                                 f"It can't be paid now: {unpaid}", ev=ev)
        return _with_summary(ex.node(Function("legal", [o.term, T])), ev=ev)
    whys = [s for s in explained(ev).game.atoms("opt_why_not", 4) if s.arguments[0] == o.term and s.arguments[3] == T]
    verb = {"attack": "attack with", "block": "block with"}.get(o.action, o.action)
    node = _refusal(f"{ev.renderer.name(o.player)} may not {verb} {ev.renderer.name(o.object)}", whys, ex)
    return _with_summary(node, "No: " + node.claim, ev=ev)


def explain_json(ev: Evaluation, query: str, player: str | None = None, depth: int | None = None) -> dict:
    node = explain(ev, query, player)
    out = node.cut(depth).to_json()
    out.update(ev.honesty())
    if ev.error:   # the timeline stopped at an illegal action: the answer is about the state before it
        out["error"] = ev.error
    return out


def explain_trigger(ev: Evaluation, target: str):
    ex = explainer(ev)
    moments = {m.t for m in explained(ev).game.moments if m.step == ev.step}
    atoms = [s for s in explained(ev).game.atoms("triggered", 5) if ev.ident(s.arguments[0]) == target and s.arguments[4].number in moments]
    if not atoms:
        raise ScenarioError("query", f"nothing of {target!r} triggered on step {ev.step}")
    nodes = [ex.node(a) for a in atoms]
    root = nodes[0] if len(nodes) == 1 else _group(f"{ev.renderer.name(target)}'s triggered abilities", nodes)
    return _with_summary(root, ev=ev)


def _attach_methods() -> None:
    Evaluation.actions = actions
    Evaluation.actions_json = actions_json
    Evaluation.explain = explain
    Evaluation.explain_property = explain_property


_attach_methods()
