"""What a player could do now: every option the knowledge base lists (cast, play, activate, attack, block), with
its costs, whether the rules allow it (and why not), and whether the player's mana can pay it
(pyrules/game/payment.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Symbol, SymbolType

from pyrules.errors import ScenarioError, did_you_mean
from pyrules.game.payment import check_deadline, option_costs, pay_options
from pyrules.game.state import GameState, Reason
from pyrules.kb.interface import (
    DISCARD_COST,
    EXILE_COST,
    LIFE_COST,
    SACRIFICE_COST,
    ABILITY_KEYWORD,
    ABILITY_LINE,
    ACT_AB,
    ASKING,
    COPT,
    COST_ITEM,
    CREW_N,
    LEGAL,
    OPTION_ACTIVATE,
    OPTION_ATTACK,
    OPTION_BLOCK,
    OPTION_CAST,
    OPTION_PLAY,
    OPTION_ZONE,
    OPT_DISCARD,
    OPT_EXILE,
    OPT_LIFE,
    OPT_MV,
    OPT_SACRIFICE,
    OPT_WHY_NOT,
    Predicate,
)
from pyrules.kb.words import generated_id


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
    """One thing a player could do now (docs/guide/json.md, `actions`)."""

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
    payable: bool | None = None          # whether the pool and mana abilities can pay it (pyrules/game/payment.py)
    payment: list | None = None          # one way to pay: [{"source": id | "pool" | "life", "mana": "{G}"}]
    x: int | None = None                 # the largest X that can be paid, when the cost has {X}
    payment_why_not: list = field(default_factory=list)
    payment_unsure: bool = False         # payable is false only as far as pyrules pays: it left out mana abilities

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
            if self.payment_unsure:
                out["payment_unsure"] = True
            if self.x is not None:
                out["x"] = self.x
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_json() if hasattr(self.explanation, "to_json") else self.explanation
        return out


def _options(ev: GameState) -> list[Option]:
    if "options" in ev._cache:
        return ev._cache["options"]
    g, T = ev.game, ev.t
    g.ground_query("check", T, [ASKING(p, T) for p in ev.scenario.players])
    read: dict[Predicate, list] = {}

    def at(predicate: Predicate) -> list:   # (read once: an activate option reads three of them)
        got = read.get(predicate)
        if got is None:
            got = read[predicate] = predicate.read(g, T)
        return got
    copts = [r.option for r in at(COPT)]
    legal = {r.option for r in at(LEGAL)}
    whys: dict[Symbol, list] = {}
    for r in at(OPT_WHY_NOT):
        whys.setdefault(r.option, []).append((r.reason, r.label))
    costs = option_costs(g, T)   # each option's mana, as the payment search reads it
    one = lambda predicate: {r.option: r.amount for r in at(predicate)}  # noqa: E731
    exile, discard, life = one(OPT_EXILE), one(OPT_DISCARD), one(OPT_LIFE)
    mv = {r.option: r.value for r in at(OPT_MV)}
    zones = {r.option: r.zone.name for r in at(OPTION_ZONE)}
    sacrifice: dict[Symbol, dict] = {}
    sacrificed: dict[Symbol, dict] = {}   # (the kind of permanent each names, as the rules write it)
    for r in at(OPT_SACRIFICE):
        what = ev.renderer.term(r.filter)
        sacrifice.setdefault(r.option, {})[what] = r.amount
        sacrificed.setdefault(r.option, {})[what] = r.filter
    out = []
    for x in copts:
        check_deadline(g.deadline)   # (a board of thousands of permanents has thousands of options)
        reasons = ev.reasons(whys.get(x, []))
        if x.name == "opt":
            opt = OPTION_CAST.of(x)
            oid_ = ev.ident(opt.object)
            mana = costs[x].text() if x in costs else "{0}"
            # the cost in words: each part in the words of its `%: term` template (rules/output/costs.lp)
            parts = []
            if exile.get(x):
                parts.append(EXILE_COST(exile[x]))
            for what, n in sacrifice.get(x, {}).items():
                parts.append(SACRIFICE_COST(n, sacrificed[x][what]))
            if discard.get(x):
                parts.append(DISCARD_COST(discard[x]))
            if life.get(x):
                parts.append(LIFE_COST(life[x]))
            text = ", ".join([mana] + [ev.renderer.term(part) for part in parts])
            card = ev.scenario.object(oid_).get("card") if oid_ in ev.scenario.index else None
            part = None
            if card is not None and card.layout in ("split", "adventure"):
                part = card.face(opt.face.name).name
            source = None
            if opt.source.type == SymbolType.String or generated_id(opt.source):
                source = ev.ident(opt.source)
            out.append(Option("cast", oid_, opt.player.string, x in legal, reasons, zones.get(x), opt.method.name,
                              "back" if opt.face.name == "back" else "front",
                              part, Cost(mana, exile.get(x, 0), sacrifice.get(x, {}), discard.get(x, 0), life.get(x, 0), text),
                              mv.get(x), source, x))
        elif x.name == "play":
            play = OPTION_PLAY.of(x)
            out.append(Option("play", ev.ident(play.object), play.player.string, x in legal, reasons, term=x))
        elif x.name in ("attack_with", "block_with"):
            declare = (OPTION_ATTACK if x.name == "attack_with" else OPTION_BLOCK).of(x)
            out.append(Option(x.name[:-5], ev.ident(declare.object), declare.player.string, x in legal, reasons, term=x))
        elif x.name == "activate":
            out.append(_activate_option(ev, x, x in legal, reasons, at, costs, sacrifice, discard, life))
    order = {"cast": 0, "play": 1, "activate": 2, "attack": 3, "block": 4}
    out.sort(key=lambda op: (order.get(op.action, 9), ev.scenario.index.get(op.object, 1 << 30), op.object,
                             str(op.method), str(op.face), str(op.part), str(op.source)))
    ev._cache["options"] = out
    return out


def _by_option(at, predicate: Predicate, field: str) -> dict:
    """An option's values of a predicate's field at the moment read, indexed once by option."""
    key = ("by option", predicate.name)
    index = getattr(at, "index", None)
    if index is None:
        index = at.index = {}
    got = index.get(key)
    if got is None:
        got = index[key] = {}
        for r in at(predicate):
            got.setdefault(r.option, []).append(getattr(r, field))
    return got


def _activate_option(ev: GameState, x: Symbol, legal: bool, reasons, at, costs, sacrifice, discard, life) -> Option:
    """An activate option (activate(P, O, kw(K) | line(I))) with its cost, read from the knowledge base's atoms."""
    activate = OPTION_ACTIVATE.of(x)
    o, ref = activate.object, activate.ability
    ability = ABILITY_KEYWORD.of(ref).keyword.name if ref.name == "kw" else ABILITY_LINE.of(ref).line
    ab = next(iter(_by_option(at, ACT_AB, "ability").get(x, ())), None)
    items = set(_by_option(at, COST_ITEM, "item").get(x, ()))
    crew = next(iter(_by_option(at, CREW_N, "power").get(x, ())), None)
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
    return Option("activate", ev.ident(o), activate.player.string, legal, reasons, term=x, cost=cost, ability=ability)


def actions(ev: GameState, player: str | None = None, include_illegal: bool = False,
            payments: bool = True) -> list[Option]:
    """A player's options (the player with priority by default). With payments (the default), each cast and
    activation says whether the player's mana sources can pay it and how (payable, payment): found by a
    search per distinct cost, done once per player and evaluation, and only for the player asked about."""
    p = player or ev.turn["priority"]
    if p not in ev.scenario.players:
        raise ScenarioError("player", f"unknown player {p!r}{did_you_mean(p, ev.scenario.players)} (players: {', '.join(ev.scenario.players)})")
    mine = [o for o in _options(ev) if o.player == p]
    paid = ev._cache.setdefault("paid", set())
    if payments and p not in paid:
        pay_options(ev, mine)
        paid.add(p)
    return [o for o in mine if include_illegal or o.legal]


def options_json(ev: GameState, player: str | None = None, include_illegal: bool = False) -> dict:
    """The `actions --json` document (without explanations: pyrules.answers.evaluation adds them)."""
    p = player or ev.turn["priority"]
    out = {"player": p, "actions": [o.to_json() for o in actions(ev, p, include_illegal)]}
    out.update(ev.honesty())
    if ev.scenario.actions:
        out["step"] = ev.step
        out["stack"] = ev.stack
        out["triggered"] = ev.triggered_json()
        if ev.error:
            out["error"] = ev.error
    return out
