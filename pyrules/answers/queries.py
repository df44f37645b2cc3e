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
from functools import cache

from clingo import Function, Number, String, Symbol, SymbolType

from pyrules.answers.trees import Explainer, Node, cite_only_what_applies, summarize
from pyrules.errors import ScenarioError, did_you_mean
from pyrules.game.facts import oid
from pyrules.game.options import Option, actions
from pyrules.game.state import GameState, ObjectState, refuse_unread_naming, unread_lines
from pyrules.input.schema import METHODS
from pyrules.kb.compile import kb
from pyrules.kb.interface import (
    EXPLAINED_ABSENCE,
    GOAL_PROPERTY,
    LEGAL,
    LIFE,
    NO_CAST,
    OPT_EXILE,
    OPT_GENERIC,
    OPT_MV,
    OPT_WHY_NOT,
    PROPERTY_ATOM,
    PROPERTY_VALUE,
    RULING_ABOUT,
    RULING_SITUATION,
    TRIGGERED,
)
from pyrules.kb.pipeline import EXPLAIN
from pyrules.kb.terms import parse, strings_in
from pyrules.kb.words import py

def properties() -> tuple[str, ...]:
    """The properties of an object an explanation answers, in the goal language's order: those whose absence the
    knowledge base explains (rules/output/goals.lp, rules/output/properties.lp)."""
    return _language()[0]


@cache
def _language() -> tuple[tuple[str, ...], dict]:
    base = kb()
    absences = {r.property.name: (r.pattern, r.note.string if r.note.type == SymbolType.String else None)
                for r, _ in EXPLAINED_ABSENCE.stated(base)}
    props = tuple(r.property.name for r, _ in GOAL_PROPERTY.stated(base)
                  if r.kind.name == "object" and r.property.name in absences)
    return props, absences


def __getattr__(name: str):
    if name == "PROPERTIES":   # (the name the explanations' callers know: the properties() of the knowledge base)
        return properties()
    raise AttributeError(name)


def explained(ev: GameState) -> GameState:
    """The same evaluation with its explanations grounded: the queries an explanation may ask about (the
    state shown, every player's options) and the shadow rules of everything grounded (engine.Game)."""
    if "explained" not in ev._cache:
        ev._show()
        ev.game.ground_query(EXPLAIN, ev.t)   # what explanations read of the state (rules/output/properties.lp, rulings.lp)
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
    """The atoms that show an object's property at the moment answered (property_atom/5, rules/output/properties.lp),
    in the order the state lists the property's values."""
    shown = ev._cache.get("property_atoms")
    if shown is None:
        shown = {}
        for r in PROPERTY_ATOM.read(ev.game, ev.t):
            shown.setdefault((r.object, r.property.name), []).append((r.value, r.atom_shown))
        ev._cache["property_atoms"] = shown
    value = getattr(ev.objects[oid_], prop)
    order = list(value) if isinstance(value, (tuple, list, dict)) else []

    def rank(item) -> tuple:
        v = py(item[0])
        return (order.index(v) if v in order else len(order), str(v))

    out: list[Symbol] = []
    for _, atom in sorted(shown.get((oid(oid_), prop), []), key=rank):
        if atom not in out:
            out.append(atom)
    return out


def _absent_property(ev: GameState, ex, oid_: str, prop: str):
    """Why an object has no value for a property: the absence the knowledge base names (explained_absence/3)."""
    pattern, note = _language()[1][prop]
    node = ex.absent_node(_instance(pattern, oid(oid_), Number(ev.t)))
    if note is not None:
        node.note = note
    return node


def _instance(pattern: Symbol, o: Symbol, t: Symbol) -> Symbol:
    """A pattern of the knowledge base with `object` and `moment` read as this object and moment."""
    if pattern.type != SymbolType.Function:
        return pattern
    if not pattern.arguments:
        return o if pattern.name == "object" else t if pattern.name == "moment" else pattern
    return Function(pattern.name, [_instance(a, o, t) for a in pattern.arguments])


def _value_claim(ev: GameState, o: ObjectState, prop: str) -> str:
    """How an answer names a property's value (its `%: claim property_value` template)."""
    v = getattr(o, prop)
    if v is None or (isinstance(v, (tuple, list, dict)) and not v):
        value = Function("none")
    elif isinstance(v, bool):
        value = Function("true" if v else "false")
    else:
        value = String(_value_text(v))
    return ev.renderer.claim(PROPERTY_VALUE(oid(o.id), prop, value))


def _value_text(v) -> str:
    if isinstance(v, (tuple, list)):
        return ", ".join(str(x).replace("_", " ") for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{n} {k}" for k, n in v.items())
    return str(v)


def explain_property(ev: GameState, oid_: str, prop: str):
    if oid_ not in ev.objects:
        close = difflib.get_close_matches(oid_, list(ev.objects), n=1)
        raise ScenarioError("query", f"unknown object {oid_!r}" + (f" — did you mean {close[0]!r}?" if close else ""))
    names = properties()
    if prop not in names:
        close = difflib.get_close_matches(prop, names, n=1)
        raise ScenarioError("query", f"unknown property {prop!r}" + (f" — did you mean {close[0]!r}?" if close else f" (one of: {', '.join(names)})"))
    ex = explainer(ev)
    atoms = _prop_atoms(ev, oid_, prop)
    ex.prepare(_signatures(atoms))
    atoms = [a for a in atoms if ex.has(a)]
    o = ev.objects[oid_]
    if len(atoms) == 1:
        root = ex.node(atoms[0])
    elif atoms:
        root = _group(_value_claim(ev, o, prop), [ex.node(a) for a in atoms])
    else:
        root = _group(_value_claim(ev, o, prop), [_absent_property(ev, ex, oid_, prop)])
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


def _ids(atom: str | None) -> set[str]:
    """The ids (strings) an atom names, read from its text ("not ..." for an absence)."""
    if not atom:
        return set()
    try:
        term = parse(atom[4:] if atom.startswith("not ") else atom)
    except ValueError:
        return set()
    return strings_in([term])


def _rulings_about(ev: GameState) -> tuple[set[str], dict[str, set[str]]]:
    """The rulings the rules tie to situations, and the objects each is about in this state (rules/output/rulings.lp)."""
    if "rulings_about" not in ev._cache:
        situated = {r.ruling.string for r, _ in RULING_SITUATION.stated(ev.base)}
        about: dict[str, set[str]] = {}
        for r in RULING_ABOUT.read(ev.game, ev.t):
            about.setdefault(r.ruling.string, set()).add(ev.ident(r.object))
        ev._cache["rulings_about"] = (situated, about)
    return ev._cache["rulings_about"]


def _situation(root):
    """The objects each node of an answer is about: those its atom names, and those of the answer's root and its
    first premises (what the answer is about)."""
    cache: dict[str | None, set[str]] = {}

    def of_atom(atom: str | None) -> set[str]:
        if atom not in cache:
            cache[atom] = _ids(atom)
        return cache[atom]

    base = of_atom(root.atom) | {i for c in ([root] if root.kind != "group" else root.because) for i in of_atom(c.atom)}
    return lambda n: of_atom(n.atom) | base


def _with_summary(root, answer: str | None = None, tail: str | None = None, ev: GameState | None = None):
    if answer is None and root.kind == "group" and len(root.because) == 1 and root.because[0].kind == "absent":
        answer = root.because[0].claim   # no value: the absence is the answer
    if ev is not None:
        explained(ev)   # (which ruling is about which object is read from the state's explain part)
        root = cite_only_what_applies(root, *_rulings_about(ev), _situation(root))
    players = frozenset(ev.scenario.players) if ev is not None else frozenset()
    return replace(root, summary=summarize(root, answer, tail, players))


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
        # (none, where the ability named, or any line of the object, is one pyrules doesn't model: the answer names
        # that line rather than read as a refusal by the rules)
        o = ev.objects.get(target)
        card = ev._card_of(target) if o is not None else None
        if card is not None and kind == "activate":
            face = o.face or "front"
            lines = (unread_lines(card, face) if ability is None else unread_lines(card, face, line=int(ability))
                     if ability.isdigit() else unread_lines(card, face, keyword=ability))
            refuse_unread_naming(ev, "query", card, lines, f"{kind} {target}" + (f" {ability}" if ability else "")
                                 + " is asked about")
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
    if method is not None and method not in METHODS and words[1:] and any(
            (o.part or "").casefold() == " ".join(words[1:]).casefold()
            for o in actions(ev, by or player or ev.turn["priority"], include_illegal=True) if o.object == target):
        method, extra = None, " ".join(words[1:])   # a part named without a method: cast fi Ice
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
                answer = f"Yes — but {_cant_pay(ev, o)}: {answer[5:]}"
                said = "pyrules can't tell whether it can be paid now" if o.payment_unsure else "it can't be paid now"
                tail += f"; {said}: {unpaid}"
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
    unsure = any(o.legal and _unpaid(ev, o) and o.payment_unsure for o in opts)
    cant = f"pyrules can't tell whether {who} can pay for it now" if unsure else f"{who} can't pay for it now"
    if unpaid and len(unpaid) == len(yes):
        answer = f"Yes — but {cant}: {answer[5:]}"
    elif unpaid:
        answer += f"; {cant} ({'; '.join(unpaid)})"
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


def _cant_pay(ev: GameState, o: Option) -> str:
    """"alice can't pay for it now", or, when pyrules left out mana abilities it doesn't activate while paying
    (payment_unsure), "pyrules can't tell whether alice can pay for it now": its limit, not the game's."""
    who = ev.renderer.name(o.player)
    return f"pyrules can't tell whether {who} can pay for it now" if o.payment_unsure else f"{who} can't pay for it now"


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
            return _with_summary(node, f"Yes — but {_cant_pay(ev, o)}: {node.claim}",
                                 ("pyrules can't tell whether it can be paid now: " if o.payment_unsure
                                  else "It can't be paid now: ") + unpaid, ev=ev)
        return _with_summary(ex.node(LEGAL(o.term, T)), ev=ev)
    whys = [r.atom for r in OPT_WHY_NOT.read(explained(ev).game, T) if r.option == o.term]
    verb = {"attack": "attack with", "block": "block with"}.get(o.action, o.action)
    node = _refusal(f"{ev.renderer.name(o.player)} may not {verb} {ev.renderer.name(o.object)}", whys, ex)
    return _with_summary(node, "No: " + node.claim, ev=ev)


def with_honesty(ev: GameState, doc: dict) -> dict:
    """An explanation's JSON root as `explain --json` answers it: with the board's card lines pyrules doesn't model
    (docs/guide/json.md) and, after an illegal timeline action, the error (the tree is of the state before it)."""
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
