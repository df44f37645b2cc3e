"""Forge's puzzle and game-state files as scenarios (`pyrules import FILE.pzl`, docs/guide/commands.md).

Forge (Card-Forge/forge) writes a puzzle as a `[metadata]` section of `Key:Value` lines (Name, URL, Goal, Turns,
Difficulty, Description, Targets, TargetCount) and a `[state]` section of `key=value` lines, read by its
forge.ai.GameState: `ActivePlayer`, `ActivePhase`, `turn`, and for each player (`human`, `ai`, or `p0`, `p1`,
...) `life`, `landsplayed`, `manapool` and one line per zone (`battlefield` or `play`, `hand`, `library`,
`graveyard`, `exile`), each a `;`-separated list of cards written `Card Name|Modifier|Modifier:value`. A
game-state file is the `[state]` lines alone. The scenario tracks mana (`track_mana: true`): a puzzle's
players pay for what they cast from their lands and pools.

What each piece becomes is a scenario field (pyrules/input/schema.py): a card's modifiers `Tapped`,
`SummonSick` (controlled_since_turn_start: false), `Counters:P1P1=2,TIME=1` (counters, Forge's counter names
written as the game prints them: +1/+1, time), `Damage:N`, `Transformed` or `Modal` (the back face up),
`Attacking` (attacking the active player's opponent), `Id:N` and `AttachedTo:N` (or the older `Attaching:N`:
attached_to the card with that Id), `ExiledWith:N`, `Owner:P`, `IsToken`; `Set:` and `Art:` name a printing and
`NoETBTrigs` only keeps Forge from triggering as it sets the state up (a scenario's state never triggers):
they change nothing here. A library is listed top card first in Forge, last in a scenario. Anything else — a
modifier, key, zone, phase or card pyrules can't represent (a face-down card, a chosen color, a precast spell,
a token written t:..., player counters, the command zone) — is refused, naming the file's line (exit 2): a
scenario that silently leaves out part of the puzzle would answer another puzzle.

Forge's Human and AI players (p0, p1, ...) become alice and bob (carol, dave, ...) unless `players` names them;
the first is the one the puzzle is for. The puzzle's goal becomes the scenario's `goal:` when the goal language
can say it (Goal:Win — that player wins, as rules/output/goals.lp says; "destroy/kill/remove specified ..." — each permanent the
Targets filter names has left the battlefield; "put/play the specified permanent" — it is on the battlefield;
"gain control of specified permanents" — that player controls each); otherwise (Survive: until a later turn)
the scenario has none and its description says so. Game rules are not decided here: this is a file format.
"""

from __future__ import annotations

import re

from pyrules.errors import ScenarioError, did_you_mean, short

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")

# Forge's PhaseType: its script name and its enum name -> the scenario's phase and step
PHASES = {
    ("untap", "untap"): ("beginning", "untap"),
    ("upkeep", "upkeep"): ("beginning", "upkeep"),
    ("draw", "draw"): ("beginning", "draw"),
    ("main1", "main1"): ("precombat_main", None),
    ("begincombat", "combat_begin"): ("combat", "beginning_of_combat"),
    ("declare attackers", "combat_declare_attackers"): ("combat", "declare_attackers"),
    ("declare blockers", "combat_declare_blockers"): ("combat", "declare_blockers"),
    ("combat damage", "combat_damage"): ("combat", "combat_damage"),
    ("endcombat", "combat_end"): ("combat", "end_of_combat"),
    ("main2", "main2"): ("postcombat_main", None),
    ("end of turn", "end_of_turn"): ("ending", "end"),
    ("cleanup", "cleanup"): ("ending", "cleanup"),
}
PHASE_NAMES = {n: v for k, v in PHASES.items() for n in k}
UNSUPPORTED_PHASES = {"first strike damage", "combat_first_strike_damage"}   # first strike isn't modelled

ZONES = {"battlefield": "battlefield", "play": "battlefield", "hand": "hand", "library": "library",
         "graveyard": "graveyard", "exile": "exile"}
NO_ZONE = ("command", "sideboard")   # zones a scenario has no place for (refused unless empty)

# a card's modifiers pyrules represents (the value after ':' where it takes one), and those it ignores
MODIFIERS = ("Tapped", "SummonSick", "Counters", "Damage", "Transformed", "Modal", "Attacking", "Id", "AttachedTo",
             "Attaching", "ExiledWith", "Owner", "IsToken", "Set", "Art", "NoETBTrigs")
# Forge's other modifiers (forge.ai.GameState): read by Forge, not representable in a scenario
UNREPRESENTABLE = ("Renowned", "Solved", "Saddled", "Suspected", "Monstrous", "PhasedOut", "FaceDown", "Flipped",
                   "Meld", "OnAdventure", "IsCommander", "IsRingBearer", "EnchantingPlayer", "Ability", "ChosenColor",
                   "ChosenType", "ChosenType2", "ChosenCards", "MergedCards", "NamedCard", "ExecuteScript",
                   "RememberedCards", "Imprinting", "Foretold", "ForetoldThisTurn", "ClassLevel", "UnlockedRoom")

METADATA = ("name", "url", "goal", "turns", "difficulty", "description", "targets", "targetcount")

# Forge's CounterType names that aren't the counter's name in capitals: P1P1 -> +1/+1, M1M1 -> -1/-1
_PT_COUNTER = re.compile(r"([PM])(\d+)([PM])(\d+)")

# Forge's goals (Puzzle.addGoalEnforcement), by kind
WIN = ("win",)
KILL = ("destroy specified permanents", "destroy specified creatures",
        "remove specified permanents from the battlefield", "kill specified creatures")
PUT = ("put the specified permanent on the battlefield", "play the specified permanent")
CONTROL = ("gain control of specified permanents",)
SURVIVE = ("survive",)
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


class _Line:
    def __init__(self, where: str, n: int, text: str):
        self.where, self.n, self.text = where, n, text

    @property
    def field(self) -> str:
        return f"{self.where} line {self.n}"

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(self.field, f"{message} (in {short(self.text, 60)})")


def _player_index(key: str) -> tuple[int, str] | None:
    """The player a state key is about and the rest of the key: human..., ai..., pN..."""
    if key.startswith("human"):
        return 0, key[5:]
    if key.startswith("ai"):
        return 1, key[2:]
    m = re.match(r"p(\d)(.*)", key)
    if m:
        return int(m.group(1)), m.group(2)
    return None


def _player_of(value: str, line: _Line) -> int:
    v = value.strip().lower()
    hit = _player_index(v)
    if hit is None or hit[1]:
        raise line.error(f"{short(value)} is not a player (Human, AI, or p0, p1, ...)")
    return hit[0]


def counter_kind(name: str, line: _Line) -> str:
    """A Forge counter type as the game (and a scenario) names it: P1P1 -> +1/+1, TIME -> time."""
    m = _PT_COUNTER.fullmatch(name)
    if m:
        a, n, b, k = m.groups()
        return f"{'+' if a == 'P' else '-'}{n}/{'+' if b == 'P' else '-'}{k}"
    if re.fullmatch(r"[A-Z][A-Z_]*", name):
        return name.lower().replace("_", " ")
    raise line.error(f"{short(name)} is not a counter type (Forge writes them P1P1, M1M1, TIME, LORE, ...)")


def _int(value: str, line: _Line, what: str, low: int | None = None) -> int:
    try:
        n = int(value.strip())
    except ValueError:
        raise line.error(f"{what} is a whole number, not {short(value.strip())}") from None
    if low is not None and n < low:
        raise line.error(f"{what} is {low} or more, not {n}")
    return n


def _mana(value: str, line: _Line) -> str:
    """Forge's mana pool ("R R G", each symbol a color's letter or C) as mana symbols ({R}{R}{G})."""
    out = []
    for sym in value.split():
        s = sym.strip().upper()
        if s not in ("W", "U", "B", "R", "G", "C"):
            raise line.error(f"{short(sym)} is not mana a pool holds (W, U, B, R, G or C)")
        out.append("{" + s + "}")
    return "".join(out)


def _slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return s[:40] or "card"


def read_puzzle(text: str, where: str, db, players: list[str] | None = None) -> dict:
    """The scenario (a mapping, as a scenario file holds it) of a Forge puzzle or game-state file's text; `where`
    names the file in errors, `db` is the card database the cards are looked up in."""
    meta: dict[str, tuple[str, _Line]] = {}
    state: list[_Line] = []
    section = None
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        low = line.lower()
        if low in ("[metadata]", "[state]"):
            section = low[1:-1]
            continue
        if line.startswith("["):
            raise ScenarioError(f"{where} line {n}", f"unknown section {short(line)} (a puzzle has [metadata] and [state])")
        ln = _Line(where, n, line)
        if section == "metadata":
            key, sep, value = line.partition(":")
            k = key.strip().lower()
            if not sep or k not in METADATA:
                raise ln.error(f"unknown metadata {short(key.strip())}{did_you_mean(k, METADATA)} "
                               f"(one of: {', '.join(m.capitalize() for m in METADATA)})")
            meta[k] = (value.strip(), ln)
        else:
            state.append(ln)
    if not state:
        raise ScenarioError(where, "has no game state (a [state] section of key=value lines)")

    turn_no = 1
    active = None
    phase = None
    remove_sickness = False
    per_player: dict[int, dict] = {}
    for ln in state:
        key, sep, value = ln.text.partition("=")
        if not sep:
            raise ln.error("a state line is key=value")
        k = key.strip().lower()
        if k.startswith("active"):
            if k == "activeplayer":
                active = (_player_of(value, ln), ln)
            elif k == "activephase":
                v = value.strip().lower()
                if v in UNSUPPORTED_PHASES:
                    raise ln.error("the first-strike combat damage step isn't modelled by pyrules")
                if v not in PHASE_NAMES:
                    raise ln.error(f"unknown phase {short(value.strip())}"
                                   f"{did_you_mean(v, [n for key in PHASES for n in key])}")
                phase = PHASE_NAMES[v]
            else:
                raise ln.error(f"{key.strip()} is not read by pyrules (a scenario starts in the phase ActivePhase "
                               "names; it doesn't advance to another first)")
            continue
        if k == "turn":
            turn_no = _int(value, ln, "turn", 1)
            continue
        if k == "removesummoningsickness":
            remove_sickness = value.strip().lower() == "true"
            continue
        hit = _player_index(k)
        if hit is None:
            raise ln.error(f"unknown key {short(key.strip())} (a player's key starts with human, ai or p0, p1, ...)")
        idx, what = hit
        pl = per_player.setdefault(idx, {"zones": {}})
        if what == "life":
            pl["life"] = _int(value, ln, "life")
        elif what == "landsplayed":
            pl["lands"] = _int(value, ln, "landsplayed", 0)
        elif what == "manapool":
            pl["pool"] = _mana(value, ln)
        elif what in ZONES:
            pl["zones"][ZONES[what]] = (value, ln)
        elif what in NO_ZONE:
            if value.strip():
                raise ln.error(f"pyrules has no {what} zone: a card there can't be represented")
        elif what in ("landsplayedlastturn", "numringtemptedyou", "speed"):
            if _int(value, ln, what, 0):
                raise ln.error(f"{what} isn't represented in a scenario (pyrules reads it only when it is 0)")
        elif what in ("counters", "persistentmana", "precast", "putonstack"):
            if value.strip():
                kind = {"counters": "player counters (poison, energy, ...)", "persistentmana": "persistent mana",
                        "precast": "precast spells", "putonstack": "spells put on the stack by the file"}[what]
                raise ln.error(f"{kind} aren't represented in a scenario")
        else:
            known = ["life", "landsplayed", "manapool", "counters"] + list(ZONES) + list(NO_ZONE)
            raise ln.error(f"unknown key {short(key.strip())}{did_you_mean(what, known)}")

    count = max([1] + list(per_player)) + 1
    if active is not None:
        count = max(count, active[0] + 1)
    if players is None:
        if count > len(NAMES):
            raise ScenarioError("--players", f"the file has {count} players: name them with --players")
        players = list(NAMES[:count])
    elif len(players) != count or len(set(players)) != len(players) or not all(
            re.fullmatch(r"[A-Za-z0-9_-]{1,64}", p) for p in players):
        if len(players) == count:
            raise ScenarioError("--players", "names each player once, in letters, digits, '_' and '-'")
        raise ScenarioError("--players", f"names {len(players)} player(s); the file has {count} "
                                         f"({', '.join(['Human', 'AI'] + [f'p{i}' for i in range(2, count)])})")
    if active is None:
        raise ScenarioError(where, "names no active player (ActivePlayer=Human, AI or pN)")
    if phase is None:
        raise ScenarioError(where, "names no phase (ActivePhase=Main1, ...)")
    active_name = players[active[0]]

    # the cards, zone by zone, each player's in turn
    objects: list[dict] = []
    by_forge_id: dict[int, str] = {}
    attach: list[tuple[dict, int, _Line]] = []
    exiled_with: list[tuple[dict, int, _Line]] = []
    used: dict[str, int] = {}
    for idx in sorted(per_player):
        owner = players[idx]
        for zone in ("battlefield", "hand", "library", "graveyard", "exile"):
            if zone not in per_player[idx]["zones"]:
                continue
            value, ln = per_player[idx]["zones"][zone]
            entries = [e.strip() for e in value.split(";") if e.strip()]
            made = []
            for entry in entries:
                parts = [p.strip() for p in entry.split("|")]
                name = parts[0]
                if name[:2] in ("t:", "T:"):
                    raise ln.error(f"the token {short(name)} can't be read: pyrules reads tokens from card files, "
                                   "not Forge's token scripts")
                card = _lookup(db, name, ln)
                slug = _slug(card.name if "//" not in card.name else card.faces[0].name)
                if slug in players:   # (an id is never a player's name)
                    slug += "_card"
                used[slug] = used.get(slug, 0) + 1
                oid = slug if used[slug] == 1 else f"{slug}_{used[slug]}"
                obj = {"id": oid, "card": card.name, "owner": owner, "zone": zone}
                for mod in parts[1:]:
                    _modifier(mod, obj, card, zone, ln, players, active, by_forge_id, attach, exiled_with,
                              remove_sickness)
                made.append(obj)
            if zone == "library":
                made.reverse()   # Forge lists a library from its top card; a scenario's top card is its last
            objects += made
    for obj, fid, ln in attach:
        if fid not in by_forge_id:
            raise ln.error(f"{obj['card']} is attached to Id {fid}, which no card has (|Id:{fid})")
        obj["attached_to"] = by_forge_id[fid]
    for obj, fid, ln in exiled_with:
        if fid not in by_forge_id:
            raise ln.error(f"{obj['card']} was exiled with Id {fid}, which no card has (|Id:{fid})")
        obj["exiled_with"] = by_forge_id[fid]

    out: dict = {}
    desc, goal, note = _goal(meta, players, objects, db)
    turns = meta.get("turns")
    limit = None
    if turns is not None:
        limit = _int(turns[0], turns[1], "Turns", 1)
        if limit > turn_no:
            note = (note + " " if note else "") + (
                f"The puzzle gives until turn {limit} and this is turn {turn_no}: a plan searches within this turn.")
    out["description"] = " ".join(x for x in (desc, note) if x)
    out["players"] = players
    out["life"] = {players[i]: per_player[i]["life"] for i in sorted(per_player) if "life" in per_player[i]}
    out["turn"] = {"active": active_name, "phase": phase[0]}
    if phase[1] is not None:
        out["turn"]["step"] = phase[1]
    lands = per_player.get(active[0], {}).get("lands")
    if lands:
        out["turn"]["lands_played"] = lands
    pools = {players[i]: per_player[i]["pool"] for i in sorted(per_player) if per_player[i].get("pool")}
    if pools:
        out["mana_pool"] = pools
    out["track_mana"] = True   # (Forge's players pay for what they cast: so do a puzzle's)
    if goal is not None:
        out["goal"] = goal
    if not out["life"]:
        del out["life"]
    out["objects"] = objects
    return out


def _lookup(db, name: str, ln: _Line):
    from pyrules.cards.files import CardDataError
    from pyrules.cards.search import did_you_mean as card_hint

    try:
        card = db.lookup(name)
    except (CardDataError, ScenarioError) as exc:
        raise ln.error(str(exc)) from None
    if card is None:
        raise ln.error(f"unknown card {short(name)}{card_hint(db.library, name)} (give its card file with --cards)")
    return card


def _modifier(mod: str, obj: dict, card, zone: str, ln: _Line, players, active, by_forge_id, attach, exiled_with,
              remove_sickness: bool) -> None:
    key, sep, value = mod.partition(":")
    if key in UNREPRESENTABLE:
        raise ln.error(f"{obj['card']}|{mod}: the modifier {key} isn't represented in a scenario")
    if key not in MODIFIERS:
        raise ln.error(f"unknown modifier {short(mod)} of {obj['card']}{did_you_mean(key, MODIFIERS)}")
    if key == "Tapped":
        obj["tapped"] = True
    elif key == "SummonSick":
        if not remove_sickness:
            obj["controlled_since_turn_start"] = False
    elif key == "Counters":
        counters = obj.setdefault("counters", {})
        for pair in value.split(","):
            kind, eq, n = pair.partition("=")
            if not eq:
                raise ln.error(f"{obj['card']}|Counters: write KIND=N, not {short(pair)}")
            counters[counter_kind(kind.strip(), ln)] = _int(n, ln, "a number of counters", 0)
    elif key == "Damage":
        obj["damage"] = _int(value, ln, "Damage", 0)
    elif key in ("Transformed", "Modal"):
        if not card.is_dfc:
            raise ln.error(f"{obj['card']}|{key}: {card.name} has no back face")
        obj["face"] = "back"
    elif key == "Attacking":
        if sep:
            raise ln.error(f"{obj['card']}|{mod}: a creature attacking a planeswalker or battle isn't represented "
                           "(a scenario's attacking names a player)")
        if len(players) != 2:
            raise ln.error(f"{obj['card']}|Attacking: with more than two players, whom it attacks isn't said")
        obj["attacking"] = players[1 - active[0]]
    elif key == "Id":
        fid = _int(value, ln, "Id")
        if fid in by_forge_id:
            raise ln.error(f"two cards have Id {fid}")
        by_forge_id[fid] = obj["id"]
    elif key in ("AttachedTo", "Attaching"):
        attach.append((obj, _int(value, ln, key), ln))
    elif key == "ExiledWith":
        exiled_with.append((obj, _int(value, ln, key), ln))
    elif key == "Owner":
        owner = players[_player_of(value, ln)] if _player_of(value, ln) < len(players) else None
        if owner is None:
            raise ln.error(f"{obj['card']}|{mod}: no such player")
        if zone != "battlefield":
            raise ln.error(f"{obj['card']}|{mod}: only a permanent has a controller other than its owner")
        obj["controller"], obj["owner"] = obj["owner"], owner
    elif key == "IsToken":
        obj["token"] = True
    # Set, Art: the printing; NoETBTrigs: a scenario's own state triggers nothing


def _goal(meta: dict, players: list[str], objects: list[dict], db) -> tuple[str, str | None, str]:
    """(the description, the goal or None, a note on the goal) of the puzzle's metadata."""
    name = meta.get("name", ("", None))[0]
    text = meta.get("description", ("", None))[0].replace("\\n", " ")
    goal_text, goal_line = meta.get("goal", ("", None))
    bits = [b for b in (name, text) if b]
    if goal_text:
        bits.append(f"(Forge goal: {goal_text}" + (f", {meta['turns'][0]} turn(s)" if "turns" in meta else "") + ")")
    desc = " — ".join(bits[:2]) + (" " + bits[2] if len(bits) > 2 else "")
    if not goal_text:
        return desc, None, ""
    me = players[0]
    g = goal_text.lower()
    targets = meta.get("targets")
    if g in WIN:
        return desc, f"{me} wins", ""
    if g in SURVIVE:
        return desc, None, "The goal, to survive until a later turn, isn't one a plan within this turn can search for."
    if g in KILL or g in CONTROL:
        spec = targets[0] if targets else ("Creature.OppCtrl" if g in KILL else "Card.inZoneBattlefield+OppCtrl")
        chosen = [o for o in objects if o["zone"] == "battlefield" and _fits(o, spec, me, db, targets)]
        if not chosen:
            return desc, None, f"No permanent fits the goal's targets ({spec})."
        if g in KILL:
            return desc, " and ".join(f"{o['id']}.zone != battlefield" for o in chosen), ""
        return desc, " and ".join(f"{o['id']}.controller = {me}" for o in chosen), ""
    if g in PUT:
        if not targets:
            return desc, None, "The goal names no permanent (Targets)."
        chosen = [o for o in objects if _fits(o, targets[0], me, db, targets)]
        count = _int(meta["targetcount"][0], meta["targetcount"][1], "TargetCount", 1) if "targetcount" in meta else 1
        if len(chosen) != count:
            return desc, None, (f"{count} of the {len(chosen)} cards that fit the goal's targets ({targets[0]}) must be "
                                "on the battlefield: the goal language has no 'any of'.")
        return desc, " and ".join(f"{o['id']}.zone = battlefield" for o in chosen), ""
    raise goal_line.error(f"unknown goal {short(goal_text)}{did_you_mean(g, WIN + SURVIVE + KILL + PUT + CONTROL)}")


def _fits(obj: dict, spec: str, me: str, db, line) -> bool:
    """Whether an object fits a Forge filter (ValidCards): alternatives joined with ',', each TYPE[.PROP+PROP...]
    with PROP one of OppCtrl, YouCtrl, OppOwn, YouOwn, inZoneBattlefield, named<Card name>."""
    for alt in spec.split(","):
        kind, _, props = alt.strip().partition(".")
        card = db.lookup(obj["card"])
        words = {w.lower() for f in card.faces[:1] for w in f.type_line.partition("—")[0].split()}
        t = kind.strip().lower()
        if t == "card":
            ok = True
        elif t == "permanent":
            ok = bool(words & set(PERMANENT_TYPES))
        elif t in PERMANENT_TYPES + ("instant", "sorcery"):
            ok = t in words
        else:
            raise line[1].error(f"the goal's target filter {short(spec)} isn't read (a type: Card, Permanent, Creature, ...)")
        controller = obj.get("controller", obj["owner"])
        for p in (props.split("+") if props else []):
            if p == "OppCtrl":
                ok = ok and controller != me
            elif p == "YouCtrl":
                ok = ok and controller == me
            elif p == "OppOwn":
                ok = ok and obj["owner"] != me
            elif p == "YouOwn":
                ok = ok and obj["owner"] == me
            elif p == "inZoneBattlefield":
                ok = ok and obj["zone"] == "battlefield"
            elif p.startswith("named"):
                named = p[5:].casefold()
                ok = ok and (card.name.casefold() == named or any(f.name.casefold() == named for f in card.faces))
            else:
                raise line[1].error(f"the goal's target filter {short(spec)} isn't read ({p!r} is not one of "
                                    "OppCtrl, YouCtrl, OppOwn, YouOwn, inZoneBattlefield, named...)")
        if ok:
            return True
    return False


def import_file(path: str, cards: tuple[str, ...] = (), players: list[str] | None = None) -> dict:
    """The scenario of a Forge puzzle or game-state file (docs/guide/commands.md), checked as a scenario: the cards come
    from the bundled cards and the card files given."""
    from pathlib import Path

    from pyrules.cards.db import with_files
    from pyrules.input.document import read_source
    from pyrules.input.scenario import from_dict

    text, name = read_source(path)
    where = Path(name).name if name != "<stdin>" else name
    db = with_files(tuple(str(c) for c in cards))
    data = read_puzzle(text, where, db, players)
    try:
        from_dict(data, source=where, db=db)
    except ScenarioError as exc:
        raise ScenarioError(f"{where} (as a scenario: {exc.field})", exc.message) from None
    return data
