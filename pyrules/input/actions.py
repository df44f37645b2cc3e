"""Timeline actions: their shapes, declared once, checked before the timeline runs, and turned into facts.

An action is a mapping with one key naming its kind ({cast: uro, method: escape}); ACTIONS declares every
kind's fields and what each holds. check_actions() validates every action of a scenario before anything
runs — shapes, players, and references to ids that exist in the scenario, that an earlier `copy` creates,
or that pyrules creates at an earlier step (trigger_N_K, token_N, effect_N_K) — so a malformed action is
refused (exit 2) whatever comes before it. action_facts() turns one action into the facts of one moment:
occurs(Action, T) and choice(T, Kind, I, Value) (rules/timeline/ says what they do).
"""

from __future__ import annotations

import re

from pyrules.errors import ScenarioError, did_you_mean, short
from pyrules.input.schema import METHODS, STEPS, ZONES
from pyrules.kb.interface import FACE_SUBTYPE, MANA_ABILITY

GEN = re.compile(r"^(trigger|token|effect)_(\d+)(?:_(\d+))?$")

# (a cast's `gift` names the opponent a gift is promised to, "Gift a card": rules/mechanics/gift.lp; without it, none is)
# field kinds: id (an object), new_id (a fresh id), player, ids (list of objects), targets (objects or
# players), count (a number), method, zone, part (a name), source (an object id or "own"), ability (a
# keyword or a line number), phase_step, attackers (object -> player or object), blockers (object -> object),
# true, top, choose (the other choices an ability asks for, by kind: {color: red})
ACTIONS: dict[str, dict[str, str]] = {
    "cast": {"cast": "id", "by": "player", "method": "method", "part": "part", "source": "source",
             "targets": "targets", "exile": "ids", "discard": "ids", "sacrifice": "ids", "pay": "ids", "x": "count",
             "modes": "modes", "optional": "optional", "gift": "player"},
    "resolve": {"resolve": "top", "choose": "choose"},
    "pass": {"pass": "player", "choose": "choose"},
    "convert": {"convert": "id"},
    "transform": {"transform": "id"},
    "move": {"move": "id", "to": "zone"},
    "copy": {"copy": "id", "as": "new_id", "by": "player"},
    "counter": {"counter": "id"},
    "gain_control": {"gain_control": "id", "by": "player"},
    "play": {"play": "id", "by": "player"},
    "activate": {"activate": "id", "ability": "ability", "by": "player", "targets": "targets", "x": "count",
                 "pay": "ids", "crew": "ids", "tap": "ids", "sacrifice": "ids", "discard": "ids", "exile": "ids", "choose": "choose"},
    "attack": {"attack": "attackers", "by": "player"},
    "block": {"block": "blockers", "by": "player"},
    "next_turn": {"next_turn": "true"},
    "advance": {"advance": "phase_step"},
}
REQUIRED = {"copy": ("as",), "move": ("to",), "activate": ("ability",), "gain_control": ("by",)}   # fields an action can't do without
# on any action: the legend rule's choice (which legendary permanents stay), and the targets of the triggered
# abilities put on the stack after it ({trigger_N_K: [ids or players]}, N this action's step)
COMMON = {"keep": "ids", "trigger_targets": "trigger_targets", "trigger_modes": "trigger_modes"}
KINDS = tuple(ACTIONS)


def event_kind(action: dict) -> str:
    """The kind of event an action is for the engine (which transition parts it needs)."""
    kind = kind_of(action, "action")
    return "pass_all" if kind == "resolve" else kind


def kind_of(action, where: str) -> str:
    if not isinstance(action, dict):
        raise ScenarioError(where, "an action is a mapping such as {resolve: top}")
    kinds = [k for k in ACTIONS if k in action]
    if len(kinds) != 1:
        unknown = [k for k in action if k not in ACTIONS and k not in COMMON and not any(k in ACTIONS[a] for a in ACTIONS)]
        hint = did_you_mean(unknown[0], ACTIONS) if not kinds and unknown else ""
        raise ScenarioError(where, "an action needs exactly one of: " + ", ".join(ACTIONS) + hint)
    kind = kinds[0]
    fields = ACTIONS[kind] | COMMON
    extra = sorted(set(action) - set(fields))
    if extra:
        raise ScenarioError(f"{where}.{extra[0]}", f"unknown field for {_a(kind)} action (fields: {', '.join(sorted(fields))})"
                                                 f"{did_you_mean(extra[0], sorted(fields))}")
    for f in REQUIRED.get(kind, ()):
        if f not in action:
            raise ScenarioError(f"{where}.{f}", f"is required for {_a(kind)} action")
    return kind


def _a(kind: str) -> str:
    """An action's kind with its article: "an attack", "a cast"."""
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def _generated_before(value: str, step: int) -> bool:
    m = GEN.match(value)
    return bool(m) and int(m[2]) < step


def check_actions(sc) -> None:
    """Every action's shape and references, before the timeline runs (bad input: exit 2)."""
    known = set(sc.ids)
    players = set(sc.players)
    for i, action in enumerate(sc.actions):
        where = f"actions[{i}]"
        kind = kind_of(action, where)
        step = i + 1

        def obj(value, f: str) -> None:
            if not isinstance(value, str):
                raise ScenarioError(f"{where}.{f}", f"must be an object id, not {short(value)}")
            if len(value) > 64:   # (a request built in Python skips the document's limits)
                raise ScenarioError(f"{where}.{f}", f"{short(value)} is longer than an id can be (64 characters)")
            if value not in known and not _generated_before(value, step):
                import difflib

                close = difflib.get_close_matches(value, sorted(known), n=1)
                hint = f" — did you mean {close[0]!r}?" if close else ""
                raise ScenarioError(f"{where}.{f}", f"unknown id {short(value)}{hint}")

        for f, spec in (ACTIONS[kind] | COMMON).items():
            if f not in action:
                continue
            v = action[f]
            path = f"{where}.{f}"
            if spec == "id":
                obj(v, f)
            elif spec == "player":
                if not isinstance(v, str):
                    raise ScenarioError(path, f"must be a player's name, not {short(v)} (players: {', '.join(sc.players)})")
                if v not in players:
                    raise ScenarioError(path, f"unknown player {short(v)}{did_you_mean(v, sc.players)} (players: {', '.join(sc.players)})")
            elif spec in ("ids", "targets"):
                if not isinstance(v, list) or len(v) > 256:
                    raise ScenarioError(path, "must be a list of ids" + (" or players" if spec == "targets" else ""))
                for k, x in enumerate(v):
                    if not isinstance(x, str):
                        raise ScenarioError(f"{path}[{k}]", f"must be an object id{' or a player' if spec == 'targets' else ''}, not {short(x)}")
                    if spec == "ids" and x in v[:k]:   # (a target may be named again for another "target")
                        raise ScenarioError(f"{path}[{k}]", f"{short(x)} is named twice")
                    if spec == "targets" and x in players:
                        continue
                    if f == "pay" and x == "pool":
                        continue
                    obj(x, f"{f}[{k}]")
                if f == "pay":
                    _check_pay(sc, v, path)
            elif spec == "trigger_targets":
                for tid, targets in _triggers_named(v, path, step, "targets: {trigger_%d_1: [ID, ...]}"):
                    if not isinstance(targets, list) or len(targets) > 256:
                        raise ScenarioError(f"{path}.{tid}", "must be a list of ids or players ([] for none)")
                    for k, x in enumerate(targets):
                        if not isinstance(x, str):
                            raise ScenarioError(f"{path}.{tid}[{k}]", f"must be an object id or a player, not {short(x)}")
                        if x not in players:
                            obj(x, f"{f}.{tid}[{k}]")
            elif spec == "trigger_modes":
                for tid, modes in _triggers_named(v, path, step, "mode: {trigger_%d_1: [N]}"):
                    _check_modes(modes, f"{path}.{tid}")
            elif spec == "count":
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 1000000:
                    raise ScenarioError(path, f"must be a whole number from 0 to 1000000, not {short(v)}")
            elif spec == "optional":
                if not isinstance(v, list) or not v or not all(isinstance(n, str) for n in v):
                    raise ScenarioError(path, f"must list the optional additional costs paid: [kicker], not {short(v)}")
                for k, n in enumerate(v):
                    if n not in OPTIONAL_COSTS:
                        raise ScenarioError(f"{path}[{k}]", f"{short(n)} is not one of: {', '.join(OPTIONAL_COSTS)}{did_you_mean(n, OPTIONAL_COSTS)}")
            elif spec == "modes":        # a spell's: the same mode may be named twice (the rules say when it may be chosen twice)
                _check_modes(v, path, repeats=True)
            elif spec == "method":
                if v not in METHODS:
                    raise ScenarioError(path, f"{short(v)} is not one of: {', '.join(METHODS)}{did_you_mean(v, METHODS)}")
            elif spec == "zone":
                if v not in ZONES or v == "stack":
                    allowed = ", ".join(z for z in ZONES if z != "stack")
                    raise ScenarioError(path, f"{short(v)} is not a zone an object can be moved to (one of: {allowed}; cast puts spells on the stack)"
                                             f"{did_you_mean(v, [z for z in ZONES if z != 'stack'])}")
            elif spec == "part":
                if not isinstance(v, str) or not v or len(v) > 200:
                    raise ScenarioError(path, "must be the name of a half or part of the card")
            elif spec == "source":
                if v != "own":
                    obj(v, f)
            elif spec == "ability":
                ok = (isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100) or (isinstance(v, str) and re.fullmatch(r"[a-z_]{1,40}", v))
                if not ok:
                    raise ScenarioError(path, f"must be a keyword (equip, crew, ...) or a line number of the card's text, not {short(v)}")
            elif spec == "choose":
                if not isinstance(v, dict) or not v:
                    raise ScenarioError(path, "must map each kind of choice to what is chosen: {color: red}")
                for key, x in v.items():
                    if key in ID_CHOICES:
                        if not isinstance(x, list):
                            raise ScenarioError(f"{path}.{key}", f"must be a list of card ids, not {short(x)}")
                        for j, y in enumerate(x):
                            obj(y, f"{f}.{key}[{j}]")
                        continue
                    if key not in CHOICES:
                        import difflib

                        close = difflib.get_close_matches(str(key), [*CHOICES, *ID_CHOICES], n=1)
                        hint = f" — did you mean {close[0]!r}?" if close else ""
                        raise ScenarioError(path, f"unknown kind of choice {short(key)}{hint} (kinds: {', '.join([*CHOICES, *ID_CHOICES])})")
                    if key == "type":   # a word, or a list of them, one for each time a mode that chooses a type is done
                        words = x if isinstance(x, list) and 1 <= len(x) <= 5 else [x]
                        for y in words:
                            if not isinstance(y, str) or not re.fullmatch(r"[A-Za-z][A-Za-z'-]{0,39}", y):
                                raise ScenarioError(f"{path}.{key}", f"must be a type (Elf, Merfolk, artifact, ...) or a list of "
                                                                     f"them, not {short(x)}")
                        continue
                    if key == "pays" and not isinstance(x, bool):
                        raise ScenarioError(f"{path}.{key}", f"must be true (the spell's controller pays) or false (they don't), not {short(x)}")
                    if key == "may" and not isinstance(x, bool):
                        raise ScenarioError(f"{path}.{key}", f"must be true (the player does it) or false (they don't), not {short(x)}")
                    if x not in CHOICES[key]:
                        raise ScenarioError(f"{path}.{key}", f"{short(x)} is not one of: {', '.join(CHOICES[key])}{did_you_mean(x, CHOICES[key])}")
            elif spec == "new_id":
                if not isinstance(v, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", v):
                    raise ScenarioError(path, "the copy needs a new id (letters, digits, '_' and '-')")
                if v in known or v in players or GEN.match(v):
                    raise ScenarioError(path, f"{v!r} is already in use (or has the form of an id pyrules makes)")
            elif spec == "attackers":
                if not isinstance(v, dict) or not v:
                    raise ScenarioError(path, "must map each attacking creature to the player (or planeswalker) it attacks: {arcee: bob}")
                for a, d in v.items():
                    obj(a, f"{f}.{a}")
                    if not isinstance(d, str):
                        raise ScenarioError(f"{path}.{a}", f"must be the player (or planeswalker) it attacks, not {short(d)}")
                    if d not in players and d not in known and not _generated_before(d, step):
                        raise ScenarioError(f"{path}.{a}", f"unknown player or permanent {short(d)} (players: {', '.join(sc.players)})"
                                                            f"{did_you_mean(d, list(sc.players) + sorted(known))}")
                    if d not in players:
                        obj(d, f"{f}.{a}")
            elif spec == "blockers":
                if not isinstance(v, dict) or not v:
                    raise ScenarioError(path, "must map each blocking creature to the attacking creature it blocks: {wall: arcee}")
                for b, a in v.items():
                    obj(b, f"{f}.{b}")
                    obj(a, f"{f}.{b}")
            elif spec == "true":
                if v is not True:
                    raise ScenarioError(path, f"write {{{kind}: true}}")
            elif spec == "top":
                if v != "top":
                    raise ScenarioError(path, "only the top of the stack resolves: write {resolve: top}")
            elif spec == "phase_step":
                if not isinstance(v, dict) or set(v) - {"phase", "step"} or "phase" not in v:
                    raise ScenarioError(path, "write {advance: {phase: ..., step: ...}}")
                phase, st = v["phase"], v.get("step")
                if not isinstance(phase, str) or phase not in STEPS:
                    raise ScenarioError(f"{path}.phase", f"{short(phase)} is not one of: {', '.join(STEPS)}{did_you_mean(phase, STEPS)}")
                if not (st is None or isinstance(st, str)) or st not in STEPS[phase]:
                    allowed = ", ".join("null" if s is None else s for s in STEPS[phase])
                    raise ScenarioError(f"{path}.step", f"{short(st)} is not a step of the {phase} phase (one of: {allowed})"
                                                       f"{did_you_mean(st, [x for x in STEPS[phase] if x])}")
        if kind == "copy":
            known.add(action["as"])


def _check_pay(sc, pay: list, path: str) -> None:
    """`pay` names the mana sources to tap (and "pool"): only with track_mana, each (once: check_actions) a permanent whose
    card has a mana ability (printed, or a basic land type's); whether it can be tapped then, the rules say."""

    if not sc.track_mana:
        raise ScenarioError(path, "names the mana sources to tap, which only a timeline with track_mana: true spends")
    for k, x in enumerate(pay):
        if x == "pool" or x not in sc.index:
            continue
        o = sc.object(x)
        card = o.get("card")
        if card is None and "copy_of" in o:
            cur = o
            while card is None and "copy_of" in cur and cur["copy_of"] in sc.index:
                cur = sc.object(cur["copy_of"])
                card = cur.get("card")
        if card is None:
            raise ScenarioError(f"{path}[{k}]", f"{short(x)} is not a permanent with a mana ability")
        names = {sym.name for sym in card.facts()}
        basic = any(FACE_SUBTYPE.is_(sym) and FACE_SUBTYPE.of(sym).subtype.string in BASIC_LAND_TYPES for sym in card.facts())
        if MANA_ABILITY.name not in names and not basic:
            raise ScenarioError(f"{path}[{k}]", f"{short(x)} ({card.name}) has no mana ability to tap for mana")


def _triggers_named(v, path: str, step: int, what: str) -> list:
    """The triggered abilities an action names (trigger_targets, trigger_modes): a mapping whose keys are abilities put
    on the stack after this step, trigger_<step>_K; its items."""
    if not isinstance(v, dict) or not v or len(v) > 256:
        raise ScenarioError(path, f"must map each triggered ability put on the stack after this step to its {what % step}")
    for tid in v:
        m = GEN.match(tid) if isinstance(tid, str) else None
        if not m or m[1] != "trigger" or int(m[2]) != step:
            raise ScenarioError(f"{path}.{tid}", f"must name a triggered ability put on the stack after this step: trigger_{step}_K (K = 1, 2, ... in the order they go on the stack)")
    return list(v.items())


def _check_modes(v, path: str, repeats: bool = False) -> None:
    """The modes chosen (a spell's `modes`, a triggered ability's in `trigger_modes`): numbers from 1, none twice (a
    spell's may name one twice: rules/casting/pawprint_modes.lp refuses it where the spell doesn't allow it)."""
    if (not isinstance(v, list) or not v or len(v) > 10
            or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 20 for n in v)):
        raise ScenarioError(path, f"must list the modes chosen, numbered from 1 in the order the card prints them: [1], not {short(v)}")
    if not repeats and len(set(v)) != len(v):
        raise ScenarioError(path, f"names a mode twice: {short(v)}")


# The kinds of choice `choose` names, and what may be chosen: a color for "one mana of any color" or "{U} or {R}"
# (docs/guide/cards.md), written as a color's name.
OPTIONAL_COSTS = ("kicker", "offspring")   # the optional additional costs a cast may pay (rules/casting/costs.lp, rules/mechanics/offspring.lp)
CHOICES = {"color": {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"},
           "may": {True: "yes", False: "no"},   # "you may": whether the player does it (default: they do)
           "pays": {True: "yes", False: "no"},  # "counter target spell unless its controller pays {N}": whether that
                                                # player pays as it resolves (default: they don't)
           "type": {}}                          # "as ~ enters, choose a creature type": any word (Elf), checked above
ID_CHOICES = ("bottom", "graveyard", "hand", "dredge", "untap", "creature", "discard", "sacrifice", "exile", "return", "copy",
              "top", "play")                   # the cards a scry
                                               # puts on the bottom, a surveil into the graveyard, "put one of them into
                                               # your hand" into the hand (ids, in order); the card whose dredge
                                               # replaces a draw (rules/mechanics/dredge.lp); the permanents "untap up
                                               # to three lands" untaps; the creature "As ~ enters, choose another
                                               # creature you control" chooses; the cards "discard any number of cards,
                                               # then draw that many" discards (rules/timeline/library_reveal.lp); the
                                               # permanent a player sacrifices, or the card they discard, to avoid what
                                               # an "unless" would do (rules/timeline/unless_chooses.lp); the cards
                                               # exiled (or, with sacrifice, the Food sacrificed) to forage as an
                                               # ability resolves (rules/mechanics/forage.lp); the permanent "return a
                                               # permanent you control to its owner's hand" returns (rules/timeline/effects.lp);
                                               # the card "you may put one of those cards back on top of your library"
                                               # puts back (rules/timeline/library_reveal.lp);
                                               # the card "Choose one of them. ... you may play that card" chooses
                                               # (rules/mechanics/impulse_draw.lp); the creature "You may have ~ enter as a
                                               # copy of any creature" copies (rules/timeline/enter_as_copy.lp)

BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")   # each has an intrinsic mana ability
