"""The Python API: the same answers as the command line, as typed objects, without a subprocess.

    import pyrules
    ev = pyrules.evaluate(pyrules.load("examples/arcee_march_opponent_turn.yaml"))
    ev.objects["arcee"].power          # 3
    print(pyrules.tree_text(ev.explain("arcee.power")))
"""

from __future__ import annotations

from pathlib import Path

from . import engine, timeline
from .cards import card_db, parse_keywords
from .errors import ScenarioError
from .model import Evaluation, evaluate as _evaluate, py
from .scenario import Scenario, from_dict, load as _load


def load(source: str | Path | dict | Scenario) -> Scenario:
    """A validated scenario from a YAML/JSON file or a mapping; ScenarioError names the bad field."""
    if isinstance(source, Scenario):
        return source
    return _load(source) if not isinstance(source, dict) else from_dict(source)


def evaluate(scenario: Scenario | str | Path | dict, step: int | None = None) -> Evaluation:
    """Evaluate a scenario (the state after `step` actions of its timeline; default: all of them)."""
    sc = scenario if isinstance(scenario, Scenario) else load(scenario)
    if not sc.actions:
        if step not in (None, 0):
            raise ScenarioError("--step", f"the scenario has no actions, so there is no step {step}")
        return _evaluate(sc)
    tl = timeline.run(sc, step)
    ev = _evaluate(tl.state(len(tl.steps)))
    ev.timeline = tl
    return ev


def cards(name: str | None = None) -> dict:
    """The card database: every card's name and layout, or one card with what the knowledge base knows of it."""
    db = card_db()
    if name is None:
        return {"cards": [{"name": c.name, "layout": c.layout} for c in db.cards.values()]}
    card = db.get(name, "name")
    facts = card.facts()
    answer = engine.solve(facts)
    faces = []
    for face in card.faces:
        kws = [{"keyword": k.keyword, "line": k.line,
                **({"cost": _cost_text(k.cost)} if k.cost else {}),
                **({"value": k.value} if k.value is not None else {})} for k in parse_keywords(face)]
        modelled = sorted((py(a.arguments[2]), py(a.arguments[3])) for a in answer.get("card_ability")
                          if a.arguments[0].string == card.name and a.arguments[1].name == face.id)
        faces.append({
            "face": face.id, "name": face.name, "mana_cost": face.mana_cost, "type_line": face.type_line,
            "power": face.power, "toughness": face.toughness, "oracle_text": face.oracle_text,
            "keywords": kws, "modelled_abilities": [{"line": i, "ability": a} for i, a in modelled],
        })
    return {"name": card.name, "layout": card.layout, "set": card.data.get("set"),
            "faces": faces, "source": card.data.get("source"), "notes": card.data.get("notes")}


def _cost_text(items) -> str:
    mana = "".join(f"{{{n}}}" if sym == "generic" else f"{{{sym.upper()}}}" * n
                   for (kind, sym), n in ((i, n) for i, n in items if isinstance(i, tuple) and i[0] == "mana"))
    other = [f"{k if isinstance(k, str) else '_'.join(k)} {n}" for k, n in items if not (isinstance(k, tuple) and k[0] == "mana")]
    return ", ".join(([mana] if mana else []) + other)


def cards_text(data: dict) -> str:
    if "cards" in data:
        return "\n".join(f"{c['name']}  ({c['layout']})" for c in data["cards"])
    lines = [f"{data['name']}  ({data['layout']}, {data.get('set') or '?'})"]
    for f in data["faces"]:
        pt = f"  {f['power']}/{f['toughness']}" if f["power"] is not None else ""
        lines.append(f"  {f['face']}: {f['name']}  {f['mana_cost'] or '(no mana cost)'}")
        lines.append(f"    {f['type_line']}{pt}")
        for line in f["oracle_text"].splitlines():
            lines.append(f"    | {line}")
        for k in f["keywords"]:
            extra = f" {k['cost']}" if "cost" in k else (f" {k['value']}" if "value" in k else "")
            lines.append(f"    knows: keyword {k['keyword']}{extra} (line {k['line']})")
        for a in f["modelled_abilities"]:
            lines.append(f"    knows: ability {a['ability']} (line {a['line']})")
    if data.get("source"):
        lines.append(f"  source: {data['source']}")
    return "\n".join(lines)


COMMANDS = ("show", "actions", "explain", "cards")


def answer(command: str, request: dict | None = None) -> tuple[int, dict]:
    """One request, answered as the command line's `--json` answers it: (exit code, JSON document).

    `command` is show | actions | explain | cards (plan once plans exist). `request` holds what the command
    line takes: {"scenario": mapping or file path, "step": N, "ids": [...], "player": P, "all": bool,
    "explain": bool, "query": "...", "name": "..."}. Bad input gives (2, {"error": {"field", "message"}});
    an illegal timeline action gives exit code 1 with the document's "error"; otherwise exit code 0.
    The service and batches answer through this one function, so their answers equal the CLI's."""
    request = dict(request or {})
    try:
        if command not in COMMANDS:
            raise ScenarioError("command", f"unknown command {command!r} (one of: {', '.join(COMMANDS)})")
        if command == "cards":
            return 0, cards(request.get("name"))
        if "scenario" not in request:
            raise ScenarioError("scenario", "is required")
        ev = evaluate(load(request["scenario"]), step=request.get("step"))
        code = 1 if ev.error else 0
        if command == "show":
            return code, ev.to_json(request.get("ids") or None, explain=bool(request.get("explain")))
        if command == "actions":
            return code, ev.actions_json(request.get("player"), bool(request.get("all")), bool(request.get("explain")))
        query = request.get("query")
        if not isinstance(query, str) or not query.strip():
            raise ScenarioError("query", "is required (for example arcee.power or 'cast uro escape')")
        return code, ev.explain(query, player=request.get("player")).to_json()
    except ScenarioError as exc:
        return 2, {"error": {"field": exc.field, "message": exc.message}}
