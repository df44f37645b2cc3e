"""The Python lines that decide anything about the game (issue 26, deliverable 3: "under 600 lines of Python that
decide anything about the game, outside the card-text reader"), counted in a checkout of pyrules.

    python bench/game_lines.py [ROOT]      # ROOT: a checkout (default: this one); prints each region and the total

Method. A region is a top-level definition (a function, a class's method, a table assigned at module level) or a
span of lines between two anchors, listed below with why it decides something about the game: it states a
table of the game (which properties there are and what values they take, which predicate shows which property,
which ruling is about what), applies a rule of the game (what a goal's comparison means, which face a way of
casting uses, who declares blockers), or words a game's reason or result in English outside the rules' `%:`
templates. Not counted: reading atoms, building facts from input, checking input's shape, rendering values
generically, the planner's search policy (which lines it tries), the engine's sequencing, the applications, and
the card-text reader (pyrules/cards/: grammar, reader). Lines are code lines: no blank line, comment or docstring.
A region missing from the checkout counts 0; the list is the same for every checkout, so two checkouts compare.
Regions that only read what the rules now state (goal_facts building a goal's facts by the kind of values the
rules give) are still counted where they interpret a kind, to err on the side of counting.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

# (file, definition name or (first-line regex, last-line regex), why it decides something about the game)
REGIONS = [
    # the goal language: which properties a goal may ask, what values they take, how a condition holds, why not
    ("pyrules/planner/search.py", "FLOW_FLUENTS", "which game fluents tell two states apart"),
    ("pyrules/planner/search.py", "PLAYER_PROPERTIES", "the properties of a player a goal may ask"),
    ("pyrules/planner/search.py", "TURN_PROPERTIES", "the properties of the turn a goal may ask"),
    ("pyrules/planner/search.py", "OPS", "the goal's operators"),
    ("pyrules/planner/search.py", "ORDERED", "which operators compare numbers"),
    ("pyrules/planner/search.py", "NUMBERS", "which properties are numbers"),
    ("pyrules/planner/search.py", "NULLABLE", "which properties may be null"),
    ("pyrules/planner/search.py", "FLAGS", "which properties are true or false"),
    ("pyrules/planner/search.py", "PLAYER_VALUED", "which properties name a player"),
    ("pyrules/planner/search.py", "NOT_NEGATIVE", "which numbers are never negative"),
    ("pyrules/planner/search.py", "ID_VALUED", "which properties name an object"),
    ("pyrules/planner/search.py", "NOUNS", "what a value of a vocabulary is called"),
    ("pyrules/planner/search.py", "_choices", "the words each kind of value is one of"),
    ("pyrules/planner/search.py", "_check_value", "the values a property may take"),
    ("pyrules/planner/search.py", "_same", "what = means"),
    ("pyrules/planner/search.py", "_compare", "what each operator means"),
    ("pyrules/planner/search.py", "actual_value", "which value of the state a condition compares"),
    ("pyrules/planner/search.py", "holds", "whether a condition holds"),
    ("pyrules/planner/search.py", "Planner._casts", "what a cast condition asks"),
    ("pyrules/planner/search.py", "goal_facts", "how each kind of value is written in the state"),
    ("pyrules/planner/search.py", "_pool", "the order a mana pool is written in"),
    ("pyrules/planner/search.py", "_reported", "the value a condition reports (0 counters when none)"),
    ("pyrules/planner/search.py", "Planner._why_not", "why a goal isn't met, in words"),
    # which atoms show a property, and the words of a property's value
    ("pyrules/answers/queries.py", "PROPERTIES", "the properties of an object"),
    ("pyrules/answers/queries.py", "_language", "which properties an explanation answers"),
    ("pyrules/answers/queries.py", "_prop_atoms", "which predicate shows which property"),
    ("pyrules/answers/queries.py", "_absent_property", "what the absence of a value is explained by"),
    ("pyrules/answers/queries.py", "_NOT", "a property's absence in words"),
    ("pyrules/answers/queries.py", "_value_claim", "a property's value in words"),
    # which ruling is about which situation
    ("pyrules/answers/queries.py", "CONVERT_WORDS", "which cards convert"),
    ("pyrules/answers/queries.py", "situation_tags", "the situations an object is in"),
    ("pyrules/answers/queries.py", "_cast_tags", "how an object was cast"),
    ("pyrules/answers/queries.py", "_situation", "the situation of an explanation's node"),
    ("pyrules/answers/trees.py", "SITUATION_GROUPS", "which rulings' tags are situations"),
    ("pyrules/answers/trees.py", "SITUATION_TAGS", "which rulings' tags are situations"),
    ("pyrules/answers/trees.py", "applies", "whether a ruling is about a situation"),
    # the words of a cost, and other game decisions elsewhere
    ("pyrules/game/options.py", "NUMBER_NAMES", "numbers in a cost's words"),
    ("pyrules/game/options.py", (r"^\s+parts = \[\]$", r'^\s+text = ", "\.join\(\[mana\] \+ parts\)$'),
     "a cast's cost in words"),
    ("pyrules/game/options.py", (r'layout in \("split", "adventure"\)', r"part = card\.face"),
     "which cards are cast as a part"),
    ("pyrules/game/options.py", (r"if crew is not None:", r'text = ", "\.join\(sym for item'),
     "an activation's cost in words (crew, a basic land's {T})"),
    ("pyrules/game/state.py", "_default_by", "who declares blockers"),
    ("pyrules/game/state.py", "_check_unread_naming", "which face a way of casting puts on the stack"),
    ("pyrules/game/state.py", "GameState._card_of", "the card a copy or a token is"),
    ("pyrules/game/payment.py", "search", "what X costs"),
    ("pyrules/input/actions.py", "BASIC_LAND_TYPES", "the basic land types"),
    ("pyrules/input/actions.py", "_check_pay", "a basic land type gives a mana ability"),
    ("pyrules/input/actions.py", (r'elif spec == "zone":', r"raise ScenarioError\(path, f\"\{short\(v\)\} is not a zone"),
     "no object is moved onto the stack"),
    ("pyrules/cards/model.py", (r"if self\.layout in \(\"token\", \"double_faced_token\"\) and not face", r'out\.append\(Function\("face_stated_color"'),
     "a face's colors from its cost and indicator"),
    ("pyrules/cards/model.py", "Card.is_dfc", "which layouts are double-faced"),
    ("pyrules/cards/mana.py", "colors_of", "a cost's colors"),
    ("pyrules/cards/mana.py", "mana_value", "a cost's mana value"),
]


def _code_lines(lines: list[str], first: int, last: int, docstrings: set[int]) -> int:
    n = 0
    for i in range(first, last + 1):
        s = lines[i - 1].strip()
        if s and not s.startswith("#") and i not in docstrings:
            n += 1
    return n


def _docstring_lines(tree) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.update(range(first.lineno, first.end_lineno + 1))
    return out


def _definition(tree, name: str):
    scope, _, attr = name.rpartition(".")
    body = tree.body
    if scope:
        cls = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == scope), None)
        if cls is None:
            return None
        body, name = cls.body, attr
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return node
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return node
    return None


def count(root: Path) -> list[tuple[str, str, int, str]]:
    out = []
    for file, region, why in REGIONS:
        path = root / file
        n = 0
        label = region if isinstance(region, str) else f"lines {region[0]!r} .. {region[1]!r}"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            tree = ast.parse(text)
            docs = _docstring_lines(tree)
            if isinstance(region, str):
                node = _definition(tree, region)
                if node is not None:
                    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
                    n = _code_lines(lines, first, node.end_lineno, docs)
            else:
                start = next((i for i, ln in enumerate(lines, 1) if re.search(region[0], ln)), None)
                if start is not None:
                    end = next((i for i, ln in enumerate(lines, 1) if i >= start and re.search(region[1], ln)), None)
                    if end is not None:
                        n = _code_lines(lines, start, end, docs)
        out.append((file, label, n, why))
    return out


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    rows = count(root)
    for file, label, n, why in rows:
        if n:
            print(f"{n:5d}  {file}  {label}  — {why}")
    print(f"{sum(r[2] for r in rows):5d}  in all ({root})")


if __name__ == "__main__":
    main()
