"""The interface between Python and the rules is declared once (pyrules/kb/interface.py): every predicate Python
reads or writes, with named, typed fields. These tests hold the declaration to the compiled rules (each predicate
is there with its arity; a fact Python writes is one the rules read), to the atoms of real games (each field has
its declared type), and the code to the declaration (no positional reads of atoms, no atom of the knowledge base
built or read by name outside it)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from clingo import String, SymbolType
from clingo import ast as clingo_ast

import pyrules
from pyrules.cards.db import bundled
from pyrules.game.facts import action_facts, scenario_facts
from pyrules.kb import interface
from pyrules.kb.compile import CITED, kb
from pyrules.kb.interface import Compound, Predicate

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pyrules"
DECLARED = {**interface.PREDICATES, **interface.SEARCH_PREDICATES}


@cache
def compiled() -> dict[str, tuple[set, set]]:
    """program -> (the signatures of its rules' heads, those of their bodies), as the compiler made them (with
    the label argument inserted, and a view's copies named NAME__KEY); `shadows`: the shadow rules'."""
    base = kb()
    out: dict[str, tuple[set, set]] = {}

    def collect(program: str, text: str) -> None:
        heads, bodies = out.setdefault(program, (set(), set()))
        statements: list = []
        clingo_ast.parse_string(text, statements.append)

        class Atoms(clingo_ast.Transformer):
            def __init__(self, into: set):
                self.into = into

            def visit_SymbolicAtom(self, node):
                t = node.symbol
                if t.ast_type == clingo_ast.ASTType.Function:
                    self.into.add((t.name, len(t.arguments)))
                return node

        kinds = clingo_ast.ASTType
        for stm in statements:
            if stm.ast_type == kinds.Rule:
                head = stm.head
                if head.ast_type in (kinds.Aggregate, kinds.Disjunction):   # { h : cond }: cond is read
                    for elem in head.elements:
                        Atoms(heads)(elem.literal)
                        for lit in elem.condition:
                            Atoms(bodies)(lit)
                elif head.ast_type == kinds.HeadAggregate:
                    for elem in head.elements:
                        Atoms(heads)(elem.condition.literal)
                        for lit in elem.condition.condition:
                            Atoms(bodies)(lit)
                else:
                    Atoms(heads)(head)
                for lit in stm.body:
                    Atoms(bodies)(lit)
            elif stm.ast_type == kinds.Minimize:   # a weak constraint reads its body
                for lit in stm.body:
                    Atoms(bodies)(lit)

    for _params, text in base.parts.values():
        collect("game", text)
    for part, text in base.searches.items():
        collect(part, text)
    for items in base.shadows.values():
        collect("shadows", "\n".join(text for _sig, text, _needed in items))
    return out


def _names(p: Predicate) -> set[tuple[str, int]]:
    """The signatures a declared predicate has in the compiled program: a view's are its copies."""
    heads, bodies = compiled()[p.program]
    if not p.view:
        return {p.signature}
    return {(n, a) for n, a in heads | bodies if n.startswith(p.name + "__") and a == p.arity}


@pytest.mark.parametrize("p", sorted(DECLARED.values(), key=lambda p: (p.program, p.signature)), ids=repr)
def test_a_declared_predicate_is_in_the_rules_with_its_arity(p):
    heads, bodies = compiled()[p.program]
    names = _names(p)
    assert names and names & (heads | bodies), f"{p!r}: no such predicate in the compiled {p.program} program"
    if p.written:   # a fact Python gives: the rules read it
        assert names & bodies, f"{p!r} is written by Python, but no rule of the {p.program} program reads it"
    else:           # Python reads it: the rules conclude it
        assert names & heads, f"{p!r} is read by Python, but no rule of the {p.program} program concludes it"


def test_the_label_argument_is_where_the_declaration_says():
    # the compiler inserts the label where the declaration's `cited` field is; the rules write the atom without it
    assert CITED is interface.CITED
    assert CITED == {(p.name, p.arity - 1): p.cited for p in DECLARED.values() if p.cited is not None}
    assert all(p.fields[p.cited].type == "label" for p in DECLARED.values() if p.cited is not None)
    why_not = interface.WHY_NOT
    assert (why_not.name, why_not.arity) == ("why_not", 4) and why_not.fields[why_not.cited].name == "label"


def test_records_read_fields_by_name_and_builders_make_the_atom():
    atom = interface.WHY_NOT(interface.ACTION_PASS("alice"), interface.ANY(), 7, 3)
    assert str(atom) == 'why_not(pass("alice"),any,7,3)'
    (r,) = interface.WHY_NOT.decode([atom], 3)
    assert (str(r.action), r.reason.name, r.label, r.t, r.atom) == ('pass("alice")', "any", 7, 3, atom)
    assert interface.WHY_NOT.decode([atom], 2) == [] and interface.WHY_NOT.decode([atom], since=4) == []
    assert interface.OPTION_CAST.match(atom) is None
    opt = interface.OPTION_CAST.match(interface.OPTION_CAST("alice", String("uro"), "escape", interface.ANY(), "front"))
    assert (opt.player.string, opt.object.string, opt.method.name, opt.face.name) == ("alice", "uro", "escape", "front")


# ------------------------------------------------------------------------------------------------ real atoms

def _fits(kind: str, value) -> bool:
    if kind in ("int", "moment", "label"):
        return value.type == SymbolType.Number
    if kind in ("player", "card", "string"):
        return value.type == SymbolType.String
    if kind == "const":
        return value.type == SymbolType.Function and not value.arguments
    if kind == "object":   # the scenario's ids are strings; the rules make trig/tok/eff ids (a player may be one too)
        return value.type == SymbolType.String or (value.type == SymbolType.Function and value.name in interface.GENERATED_IDS)
    return True


def _misfits(p, symbols) -> list[str]:
    out = []
    for sym in symbols:
        if len(sym.arguments) != p.arity:
            out.append(f"{sym}: not {p.arity} arguments")
            continue
        out += [f"{sym}: {f.name} is not a{'n' if f.type[0] in 'aeiou' else ''} {f.type}"
                for f, v in zip(p.fields, sym.arguments) if not _fits(f.type, v)]
    return out


# real cards of tests/data/real_sets_sample.json: a modal spell cast with its second mode (700.2), a creature with
# an intervening "if you attacked" trigger (603.4) cast after an attack, a kicked creature spell (702.33)
MODAL_RAID = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "combat", "step": "declare_attackers"},
              "objects": [{"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "battlefield"},
                          {"id": "spy", "card": "Storm Fleet Spy", "owner": "alice", "zone": "hand"},
                          {"id": "canopy", "card": "Crushing Canopy", "owner": "alice", "zone": "hand"},
                          {"id": "graves", "card": "Open the Graves", "owner": "bob", "zone": "battlefield"},
                          {"id": "gorger", "card": "Baloth Gorger", "owner": "alice", "zone": "hand"}],
              "actions": [{"attack": {"bears": "bob"}}, {"advance": {"phase": "postcombat_main"}},
                          {"cast": "canopy", "modes": [2], "targets": ["graves"]}, {"resolve": "top"},
                          {"cast": "spy"}, {"resolve": "top"}, {"cast": "gorger", "optional": ["kicker"]},
                          {"resolve": "top"}]}

# a timeline that tracks mana: a cast paid by tapping Forests, then a cast its lands can't pay (refused)
PAID = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "track_mana": True,
        "objects": [{"id": f"forest{i}", "card": "Forest", "owner": "alice", "zone": "battlefield"} for i in (1, 2, 3)]
        + [{"id": b, "card": "Grizzly Bears", "owner": "alice", "zone": "hand"} for b in ("bears", "bears2")],
        "actions": [{"cast": "bears"}, {"pass": "alice"}, {"pass": "bob"}, {"cast": "bears2"}]}


@cache
def played() -> list:
    """Games of real scenarios, asked what `show`, `actions` (with payments) and `explain` ask: a cast with escape,
    an equip and an attack, a trigger and its target, a token copy, a timeline that pays mana and a refused cast, a
    modal spell and an intervening-if trigger."""
    out = []
    for source, query in (("timeline_uro_escape.yaml", "uro.zone"), ("timeline_equip_and_attack.yaml", "prowl.power"),
                          ("mana_can_i_escape_uro.yaml", "cast uro escape"),
                          ("timeline_welcome_leaves.yaml", "trigger welcome"), ("token_copy_of_arcee.yaml", "arcee.name"),
                          (PAID, "cast bears2"), (MODAL_RAID, "graves.zone")):
        cards = [str(ROOT / "tests" / "data" / "real_sets_sample.json")] if source is MODAL_RAID else []
        ev = pyrules.evaluate(source if isinstance(source, dict) else str(ROOT / "examples" / source), cards=cards)
        ev.to_json()
        for p in ev.scenario.players:
            ev.actions(p, include_illegal=True)
        try:
            ev.explain(query)
        except pyrules.ScenarioError:   # (a query this state has no answer for still grounds what it asks)
            pass
        out.append(ev)
    # rule cases of issue 28's families: Galvanic Blast's metalcraft "instead" (the amount as it resolves), a static
    # "as long as" ability (Thrash of Raptors with another Dinosaur), a "Choose two" modal spell, a kicked spell's
    # effect "instead" (Vicious Offering), an ability activated "only if you control" (Goblin Bird-Grabber)
    import yaml

    for path, name in (("card_families/instead_if.yaml", "CR 608.2h Galvanic Blast deals 4 damage with metalcraft"),
                       ("card_families/as_long_as.yaml", "CR 611.3a Thrash of Raptors with another Dinosaur"),
                       ("card_families/modal_spells.yaml", "CR 700.2a Austere Command destroys what its two chosen modes name"),
                       ("card_families/d2_combat_damage.yaml", "CR 702.33d Vicious Offering kicked gives -5/-5 instead"),
                       ("card_families/d2_combat_damage.yaml",
                        "CR 602.5b Goblin Bird-Grabber gains flying while its controller controls a creature with flying"),
                       # a check land and "enters with a counter for each" (issue 28)
                       ("card_families/check_lands.yaml", "CR 614.1d Glacial Fortress enters untapped if you control an Island"),
                       ("card_families/check_lands.yaml",
                        "CR 614.12 Kinjalli's Sunwing makes an opponent's creature enter tapped, not its controller's"),
                       ("card_families/counters_for_each.yaml",
                        "CR 614.1c Squad Captain enters with a counter for each other creature its controller controls"),
                       # (p3) affinity's count, an Aura's quoted mana ability
                       ("card_families/affinity.yaml", "CR 702.41a Myr Enforcer costs {1} less for each artifact its caster controls"),
                       ("card_families/aura_quoted_abilities.yaml",
                        "CR 113.1 a land enchanted by Abundant Growth taps for a color it doesn't make itself"),
                       # (e1-e6) Auras' types, counts, cast conditions, hand size, payments while resolving, control
                       ("card_families/e3_characteristics.yaml",
                        "CR 205.1b Dub makes the enchanted creature a Knight in addition to its other types"),
                       ("card_families/e3_characteristics.yaml", "CR 205.4 On Serra's Wings makes the enchanted creature legendary"),
                       ("card_families/e3_counts.yaml",
                        "CR 604.3 Ironroot Warlord's power is the number of creatures its controller controls"),
                       ("card_families/e1_spells_cast_this_turn.yaml",
                        "CR 601.3 Illusory Angel can be cast after another spell this turn"),
                       ("card_families/e5_hand_size.yaml", "CR 402.2 Jin-Gitaxias reduces each opponent's maximum hand size by seven"),
                       # the end of a game: a player loses, the other wins (show's game_over)
                       ("104_ending_the_game/game_over.yaml", "CR 104.2a the other player wins when bob loses a two-player game"),
                       ("card_families/if_you_do.yaml", "CR 118.12 Rupture Spire stays when its controller pays {1}"),
                       ("card_families/e6_tap_control.yaml", "CR 701.10b Switcheroo exchanges control of two target creatures"),
                       ("card_families/f4_library.yaml",
                        "CR 608.2c Elvish Rejuvenator — a land card among the top five onto the battlefield tapped, the rest to the bottom"),
                       ("card_families/e4_combat_damage.yaml",
                        "CR 510.1a Belligerent Brontodon deals combat damage equal to its toughness"),
                       # (f3) a color chosen as a permanent enters, and the protection of that color
                       ("card_families/f3_chosen_as_enters.yaml",
                        "CR 702.16c Pentarch Ward's own protection from its color doesn't remove it"),
                       # (f6) a life-loss trigger that remembers its event; an opponent's "unless" choice
                       ("card_families/f6_life_triggers.yaml",
                        "CR 603.2, 608.2h Mindcrank mills the opponent as many cards as the life they lost"),
                       ("card_families/f6_unless.yaml",
                        "CR 119.4, 608.2d Indulgent Tormentor's opponent pays 3 life and its controller draws nothing"),
                       # (f1) "as though they had flash"
                       ("card_families/f1_cast_as_flash.yaml",
                        "CR 601.3b, 700.6 Raff Capashen lets its controller cast historic spells as though they had flash"),
                       # (f2) returning all cards of a kind from a graveyard
                       ("card_families/f2_sagas_reanimation.yaml",
                        "CR 400.7 Primevals' Glorious Rebirth returns all legendary permanent cards from its caster's graveyard"),
                       # (f5) suspend's special action, time counters and cast; extra turns
                       ("card_families/f5_suspend.yaml",
                        "CR 702.62a Rift Bolt's last time counter removed, it is cast without paying its mana cost"),
                       ("card_families/f5_extra_turns.yaml",
                        "CR 500.7 Karn's Temporal Sundering gives target player an extra turn after this one"),
                       # (mr) restricted mana, cost reductions for each card and if it targets
                       ("card_families/restricted_mana.yaml", "CR 106.6 Lilypad Village's restricted {U} can't pay for an instant"),
                       ("card_families/cost_for_each_card.yaml",
                        "CR 601.2f Tolarian Terror costs {1} less for each instant and sorcery card in its caster's graveyard"),
                       ("card_families/cost_if_targets.yaml",
                        "CR 601.2f actions lists Luminous Rebuke's cost with a tapped creature to target"),
                       # (cp) entering as a copy: the Clone shape's card vocabulary
                       ("card_families/enter_as_copy.yaml",
                        "CR 707.5 Mockingbird cast with X = 2 enters as a copy of Grizzly Bears, a Bird with flying besides")):
        [case] = [c for c in yaml.safe_load((ROOT / "tests" / "rules" / path).read_text(encoding="utf-8")) if c["name"] == name]
        ev = pyrules.evaluate(case["scenario"], cards=[str(ROOT / c) for c in case.get("cards", [])])
        ev.to_json()
        ev.actions(ev.scenario.players[0], include_illegal=True)
        out.append(ev)
    # Crypt Rats with X = 1, paid with black mana only (spend_only, x_value): a card of the Pauper Puzzles
    ev = pyrules.evaluate(RATS, cards=[str(ROOT / "tests" / "data" / "pauper_puzzles.json")])
    ev.to_json()
    ev.actions("alice", include_illegal=True)
    out.append(ev)
    return out


RATS = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "track_mana": True,
        "objects": [{"id": "swamp", "card": "Swamp", "owner": "alice", "zone": "battlefield"},
                    {"id": "island", "card": "Island", "owner": "alice", "zone": "battlefield"},
                    {"id": "rats", "card": "Crypt Rats", "owner": "alice", "zone": "battlefield"}],
        "actions": [{"activate": "rats", "ability": 1, "by": "alice", "x": 1}]}


def test_the_atoms_of_real_games_have_the_declared_types():
    seen, bad = set(), []
    for ev in played():
        for p in interface.PREDICATES.values():
            if not p.view:
                atoms = ev.game.atoms(p.name, p.arity)
                seen.update([p.signature] if atoms else [])
                bad += _misfits(p, atoms)
    assert not bad, bad[:10]
    # (the games read most of what is declared; what they don't, the test below and the static checks cover)
    assert len(seen) >= 0.8 * len(interface.PREDICATES), sorted(set(interface.PREDICATES) - seen)


def test_every_fact_python_writes_is_declared_with_its_types():
    facts = [f for ev in played() for f in ev.game.added]
    facts += [f for card in bundled().cards.values() for f in card.facts()]
    sc = pyrules.load(str(ROOT / "examples" / "timeline_fire_in_response.yaml"))
    facts += scenario_facts(sc) + [f for a in sc.actions for f in action_facts(a, 1, "alice", sc.players)]
    bad = set()
    for f in facts:
        p = interface.PREDICATES.get((f.name, len(f.arguments)))
        if p is None or not p.written:
            bad.add(f"{f.name}/{len(f.arguments)} is written but not declared written")
        else:
            bad.update(_misfits(p, [f]))
    assert not bad, sorted(bad)[:10]


# ------------------------------------------------------------------------------------------------ the code

# the modules that may read terms by position: the declaration (its decoders), the bulk reader it uses, and the
# compiler (it rewrites the rules' syntax trees, clingo.ast: no atom Python reads)
EXEMPT = {"pyrules/kb/interface.py", "pyrules/kb/terms.py", "pyrules/kb/compile.py"}
BUILDERS = {"Function", "F", "C_"}               # what builds a clingo term (pyrules/cards/reader.py: F, C_)
READERS = {"atoms", "terms", "facts", "read_facts", "by_signature", "any_atom"}   # what reads atoms by name


def _sources() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(ROOT)), ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted(PACKAGE.rglob("*.py"))]


def _arguments(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "arguments"


def test_no_code_reads_an_atom_by_position():
    found = []
    for path, tree in _sources():
        if path in EXEMPT:
            continue
        bound: set[str] = set()   # names bound to some term's .arguments
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _arguments(node.value):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        bound.add(target.id)
                    else:   # a, b = x.arguments
                        found.append(f"{path}:{node.lineno}: unpacks .arguments")
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                for target in node.targets:   # n, args = sym.name, sym.arguments
                    if isinstance(target, ast.Tuple):
                        for t, v in zip(target.elts, node.value.elts):
                            if isinstance(t, ast.Name) and _arguments(v):
                                bound.add(t.id)
            elif isinstance(node, ast.For) and _arguments(node.iter) and isinstance(node.target, ast.Tuple):
                found.append(f"{path}:{node.lineno}: unpacks .arguments")
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript) and (_arguments(node.value) or (isinstance(node.value, ast.Name)
                                                                            and node.value.id in bound)):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "read atoms by field name, through pyrules/kb/interface.py: " + "; ".join(found)


def _literal_call(node) -> tuple[str, str, int | None] | None:
    """(function, name, arity or None) of a call NAME("literal", [args...]) (or clingo.Function(...))."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    f = node.func
    fname = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    first = node.args[0]
    if fname is None or not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    if fname in ("F",):   # F(name, *args)
        return fname, first.value, len(node.args) - 1 if not any(isinstance(a, ast.Starred) for a in node.args) else None
    if len(node.args) == 1:
        return fname, first.value, 0
    second = node.args[1]
    if isinstance(second, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in second.elts):
        return fname, first.value, len(second.elts)
    if fname in READERS and isinstance(second, ast.Constant) and isinstance(second.value, int):
        return fname, first.value, second.value
    return fname, first.value, None


def test_no_code_builds_or_reads_an_atom_of_the_rules_by_name():
    # an atom of the knowledge base is built (and its predicate read) through its declaration: a term made by
    # name outside it is one the rules have no predicate of (a constant, a fluent's attribute, a view's key)
    predicates = {sig for heads, bodies in compiled().values() for sig in heads | bodies}
    names = {n for n, _a in predicates}
    found = []
    for path, tree in _sources():
        if path == "pyrules/kb/interface.py":
            continue
        for node in ast.walk(tree):
            call = _literal_call(node)
            if call is None:
                continue
            fname, name, arity = call
            if fname in READERS and name in names:
                found.append(f"{path}:{node.lineno}: reads {name} by name")
            elif fname in BUILDERS and ((name, arity) in predicates or (arity is None and name in names)):
                found.append(f"{path}:{node.lineno}: builds {name}/{arity}")
    assert not found, "build and read atoms through pyrules/kb/interface.py: " + "; ".join(found)


def test_a_compound_term_is_never_an_atom_of_the_game():
    # an atom is built through its Predicate (checked against the rules above), never through a Compound: no
    # compound term has the name and arity of a predicate of the game's program (p(P, life(N))'s life(N) has
    # the shape of life/1 of the payment search, a program of its own)
    heads, bodies = compiled()["game"]
    assert not [c for cs in interface.COMPOUNDS.values() for c in cs if c.signature in heads | bodies]
    assert all(isinstance(p, Predicate) for p in DECLARED.values())
    assert all(isinstance(c, Compound) for cs in interface.COMPOUNDS.values() for c in cs)
