"""Explanations of answers: the tree of rule instances behind a property of an object, an option a player has
(or doesn't), what triggered; each with its short answer (pyrules/answers/trees.py summarizes) and, on a board
with card text pyrules doesn't model, the lines that could change it.

Queries: OBJECT.PROPERTY, PLAYER.life, [why [not]] cast OBJECT [METHOD] [PART] [by PLAYER], play | activate |
attack | block OBJECT, trigger OBJECT.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from clingo import Function, Number, String, Symbol

from pyrules.answers.trees import SITUATION_TAGS, Explainer, Node, cite_only_what_applies, summarize
from pyrules.errors import ScenarioError, did_you_mean
from pyrules.game.facts import oid
from pyrules.game.options import Option, actions
from pyrules.game.state import GameState, ObjectState
from pyrules.input.schema import METHODS
from pyrules.kb.interface import (
    ANY,
    ATTACHED_TO,
    ATTACKING_WHOM,
    BLOCKING_WHOM,
    CANNOT_ATTACK,
    CAN_ATTACK,
    CONTROLLER,
    COUNTER,
    DAMAGE_MARKED,
    ESCAPED,
    FACE_UP,
    HAS_COLOR,
    HAS_KEYWORD,
    HAS_SUBTYPE,
    HAS_SUPERTYPE,
    HAS_TYPE,
    IN_ZONE,
    IS_COPY,
    LEGAL,
    LIFE,
    MANA_VALUE,
    NO_CAST,
    OBJ_NAME,
    OPT_EXILE,
    OPT_GENERIC,
    OPT_MV,
    OPT_WHY_NOT,
    OWNER,
    POWER,
    SUMMONING_SICK,
    TAPPED,
    TOKEN,
    TOUGHNESS,
    TRIGGERED,
    VIEW_S,
)
from pyrules.kb.words import _possessive

PROPERTIES = (
    "name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "colors", "power", "toughness",
    "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped", "summoning_sick", "cannot_attack",
    "tapped", "token", "copy_of", "damage", "attacking", "blocking",
)


def explained(ev: GameState) -> GameState:
    """The same evaluation with its explanations grounded: the queries an explanation may ask about (the
    state shown, every player's options) and the shadow rules of everything grounded (engine.Game)."""
    if "explained" not in ev._cache:
        ev._show()
        # the options are grounded only when asked for: the engine grounds the shadow rules of every part
        # grounded after explanation mode is on, so a question about a property never pays for them
        ev.game.ground_explanations()
        ev._cache["explained"] = ev
    return ev._cache["explained"]


def explainer(ev: GameState):
    other = explained(ev)
    version = len(other.game.history)   # parts grounded since (the options, asked for later) need a new one
    if other._cache.get("explainer_version") != version:
        step_of = {m.t: m.step for m in other.game.moments}
        other._cache["explainer"] = Explainer(other.base, other.game, ev.renderer, other.game.added, step_of)
        other._cache["explainer_version"] = version
    return other._cache["explainer"]


# what an option's explanation reads: whether it is legal, why not, and the costs it adds
OPTION_ROOTS = tuple(p.signature for p in (LEGAL, OPT_WHY_NOT, OPT_GENERIC, OPT_EXILE, OPT_MV))


def _signatures(atoms) -> set[tuple[str, int]]:
    return {(a.name, len(a.arguments)) for a in atoms}


def _group(claim: str, nodes, atom: str | None = None):
    return Node(claim, because=list(nodes), kind="group", atom=atom)


def _prop_atoms(ev: GameState, oid_: str, prop: str) -> list[Symbol]:
    T = ev.t
    V = VIEW_S(T)
    O = oid(oid_)
    o = ev.objects[oid_]
    one = {"power": (POWER, [o.power]), "toughness": (TOUGHNESS, [o.toughness]),
           "mana_value": (MANA_VALUE, [o.mana_value]), "name": (OBJ_NAME, [o.name]), "face": (FACE_UP, [o.face]),
           "zone": (IN_ZONE, [o.zone]), "controller": (CONTROLLER, [o.controller]), "owner": (OWNER, [o.owner]),
           "attached_to": (ATTACHED_TO, [o.attached_to]), "damage": (DAMAGE_MARKED, [o.damage]),
           "attacking": (ATTACKING_WHOM, [o.attacking]), "blocking": (BLOCKING_WHOM, [o.blocking])}
    def val(v):
        if isinstance(v, int):
            return Number(v)
        if prop in ("zone", "face"):
            return Function(v)
        if prop in ("attached_to", "blocking"):
            return oid(v)
        return String(v)
    if prop in one:
        predicate, vals = one[prop]
        return [predicate(O, val(v), T) for v in vals if v is not None]
    lists = {"types": (HAS_TYPE, o.types, True), "supertypes": (HAS_SUPERTYPE, o.supertypes, True),
             "subtypes": (HAS_SUBTYPE, o.subtypes, False), "keywords": (HAS_KEYWORD, o.keywords, True),
             "colors": (HAS_COLOR, o.colors, True)}
    if prop in lists:
        predicate, vals, const = lists[prop]
        return [predicate(O, Function(v) if const else String(v), T) for v in vals]
    if prop == "counters":
        return [COUNTER(O, k, n, T) for k, n in o.counters.items()]
    if prop == "can_attack":
        return [CAN_ATTACK(O, V)] if o.can_attack else [CANNOT_ATTACK(O, r, V) for r in o.cannot_attack]
    if prop == "cannot_attack":
        return [CANNOT_ATTACK(O, r, V) for r in o.cannot_attack]
    flags = {"summoning_sick": SUMMONING_SICK, "escaped": ESCAPED, "tapped": TAPPED, "token": TOKEN}
    if prop in flags:
        return [flags[prop](O, T)] if getattr(o, prop) else []
    if prop == "copy_of":
        return [IS_COPY(O, T)] if o.copy_of else []
    return []


def _absent_property(ev: GameState, ex, oid_: str, prop: str):
    """Why an object has no value for a property: the knowledge base's reason, as an absence."""
    T = ev.t
    O = oid(oid_)
    o = ev.objects[oid_]
    if prop in ("power", "toughness"):
        node = ex.absent_node(HAS_TYPE(O, "creature", T))
        node.note = "only creatures have power and toughness"
        return node
    if prop == "can_attack":
        return ex.absent_node(CAN_ATTACK(O, VIEW_S(T)))
    flags = {"summoning_sick": SUMMONING_SICK, "escaped": ESCAPED, "tapped": TAPPED, "token": TOKEN,
             "copy_of": IS_COPY}
    if prop in flags:
        return ex.absent_node(flags[prop](O, T))
    if prop == "cannot_attack":
        return ex.absent_node(CANNOT_ATTACK(O, ANY(), VIEW_S(T)))
    # no value: the absence of every value (the knowledge base's words for `not pred(O, any, ..., T)`)
    predicate = {"counters": COUNTER, "damage": DAMAGE_MARKED, "attacking": ATTACKING_WHOM,
                 "blocking": BLOCKING_WHOM, "attached_to": ATTACHED_TO, "controller": CONTROLLER,
                 "face": FACE_UP, "supertypes": HAS_SUPERTYPE, "subtypes": HAS_SUBTYPE,
                 "keywords": HAS_KEYWORD, "colors": HAS_COLOR, "types": HAS_TYPE, "mana_value": MANA_VALUE,
                 "name": OBJ_NAME, "owner": OWNER, "zone": IN_ZONE}[prop]
    return ex.absent_node(predicate(O, *[ANY()] * (predicate.arity - 2), T))


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


def explain_property(ev: GameState, oid_: str, prop: str):
    if oid_ not in ev.objects:
        close = difflib.get_close_matches(oid_, list(ev.objects), n=1)
        raise ScenarioError("query", f"unknown object {oid_!r}" + (f" — did you mean {close[0]!r}?" if close else ""))
    if prop not in PROPERTIES:
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


def explain_player(ev: GameState, player: str, prop: str):
    """PLAYER.life: the life total and what set it (the other properties of a player are counts `show` reports)."""
    if prop != "life":
        raise ScenarioError("query", f"{player}.{prop}: of a player's properties, explain answers life (the others are "
                                     "counts show --json reports)")
    ex = explainer(ev)
    atoms = [r.atom for r in LIFE.read(explained(ev).game, ev.t) if r.player == String(player)]
    if not atoms:
        raise ScenarioError("query", f"{player} has no life total to explain")
    return _with_summary(ex.node(atoms[0]), ev=ev)


CONVERT_WORDS = ("convert", "more than meets the eye", "living metal")   # what a card that converts says


def situation_tags(ev: GameState, oid_: str) -> set[str]:
    """The mechanics and kinds of card an object involves, in the words of the rulings' `about` tags: its
    keywords and subtypes, its card's layout (a Transformers card converts), how it was cast —
    for a copy, how its original was cast too (a copy of a spell cast converted) —, and for an ability, its
    source's."""
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


def _cast_tags(ev: GameState, oid_: str, _seen: frozenset = frozenset()) -> set[str]:
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


def _situation(ev: GameState, root):
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


def _with_summary(root, answer: str | None = None, tail: str | None = None, ev: GameState | None = None):
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


def with_caveat(ev: GameState, node):
    """An answer's root with its summary's caveat (see caveat())."""
    extra = caveat(ev.not_modelled)
    if extra is None:
        return node
    return replace(node, summary=(node.summary + " " if node.summary else "") + extra)


def explain(ev: GameState, query: str, player: str | None = None):
    """A query (see _explain), its summary saying which card lines pyrules doesn't model could change it."""
    return with_caveat(ev, _explain(ev, query, player))


def _explain(ev: GameState, query: str, player: str | None = None):
    """A query: OBJECT.PROPERTY, [why [not]] cast OBJECT [METHOD] [PART] [by PLAYER], trigger OBJECT."""
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


def explain_action(ev: GameState, kind: str, rest: str, player: str | None):
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
        raise ScenarioError("query", f"unknown object {target!r}{did_you_mean(target, list(ev.objects))}")
    if by is not None and by not in ev.scenario.players:
        raise ScenarioError("query", f"unknown player {by!r}{did_you_mean(by, ev.scenario.players)}")
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


def explain_cast(ev: GameState, rest: str, player: str | None, negated: bool):
    words = rest.split()
    by = None
    if len(words) >= 2 and words[-2] == "by":
        by, words = words[-1], words[:-2]
    if not words:
        raise ScenarioError("query", "cast needs an object: cast OBJECT [METHOD] [PART]")
    target = words[0]
    method = words[1] if len(words) > 1 else None
    extra = " ".join(words[2:]) or None
    if method is not None and method not in METHODS:
        raise ScenarioError("query", f"{method!r} is not a way to cast (one of: {', '.join(METHODS)}){did_you_mean(method, METHODS)}")
    p = by or player or ev.turn["priority"]
    opts = [o for o in actions(ev, p, include_illegal=True) if o.object == target and o.action == "cast"
            and (method is None or o.method == method)
            and (extra is None or (o.part or "").casefold() == extra.casefold() or (o.source or "") == extra)]
    if not opts:
        if target not in ev.scenario.index and target not in ev.objects:
            raise ScenarioError("query", f"unknown object {target!r}{did_you_mean(target, list(ev.objects))}")
        whys = [r.atom for r in NO_CAST.read(explained(ev).game, ev.t)
                if r.player == String(p) and ev.ident(r.object) == target]
        if not whys:
            raise ScenarioError("query", f"{p} has no way to cast {target}" + (f" with {method}" if method else "") + " to explain")
        node = _refusal(f"{ev.renderer.name(p)} may not cast {ev.renderer.name(target)}", whys, explainer(ev))
        return _with_summary(node, "No: " + node.claim, ev=ev)
    ex = explainer(ev)
    ex.prepare(OPTION_ROOTS)
    T = ev.t
    nodes = []
    for o in opts:
        x = o.term
        if o.legal:
            node = ex.node(LEGAL(x, T))
        else:
            whys = [r.atom for r in OPT_WHY_NOT.read(explained(ev).game, T) if r.option == x]
            node = _refusal(f"{ev.renderer.name(o.player)} may not cast {ev.renderer.name(o.object)}"
                            f" ({o.method.replace('_', ' ')}{', ' + o.part if o.part else ''})", whys, ex)
        cost_atoms = [r.atom for predicate in (OPT_GENERIC, OPT_EXILE, OPT_MV)
                      for r in predicate.read(explained(ev).game, T) if r.option == x]
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


def _unpaid(ev: GameState, o: Option) -> str | None:
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


def explain_option(ev: GameState, o: Option):
    """The explanation of one option `actions` lists."""
    if o.action == "cast":
        extra = o.part if o.part else (o.source or None)
        return explain_cast(ev, f"{o.object} {o.method}" + (f" {extra}" if extra else "") + f" by {o.player}", o.player, not o.legal)
    ex = explainer(ev)
    ex.prepare(OPTION_ROOTS)
    T = ev.t
    if o.legal:
        unpaid = _unpaid(ev, o)
        if unpaid:
            node = ex.node(LEGAL(o.term, T))
            return _with_summary(node, f"Yes — but {ev.renderer.name(o.player)} can't pay for it now: {node.claim}",
                                 f"It can't be paid now: {unpaid}", ev=ev)
        return _with_summary(ex.node(LEGAL(o.term, T)), ev=ev)
    whys = [r.atom for r in OPT_WHY_NOT.read(explained(ev).game, T) if r.option == o.term]
    verb = {"attack": "attack with", "block": "block with"}.get(o.action, o.action)
    node = _refusal(f"{ev.renderer.name(o.player)} may not {verb} {ev.renderer.name(o.object)}", whys, ex)
    return _with_summary(node, "No: " + node.claim, ev=ev)


def with_honesty(ev: GameState, doc: dict) -> dict:
    """An explanation's JSON root as `explain --json` answers it: with the board's card lines pyrules doesn't model
    (interface §5.7) and, after an illegal timeline action, the error (the tree is of the state before it)."""
    doc.update(ev.honesty())
    if ev.error:
        doc["error"] = ev.error
    return doc



def explain_trigger(ev: GameState, target: str):
    ex = explainer(ev)
    moments = {m.t for m in explained(ev).game.moments if m.step == ev.step}
    atoms = [r.atom for r in TRIGGERED.read(explained(ev).game) if ev.ident(r.source) == target and r.t in moments]
    if not atoms:
        raise ScenarioError("query", f"nothing of {target!r} triggered on step {ev.step}")
    nodes = [ex.node(a) for a in atoms]
    root = nodes[0] if len(nodes) == 1 else _group(f"{ev.renderer.name(target)}'s triggered abilities", nodes)
    return _with_summary(root, ev=ev)
