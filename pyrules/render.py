"""Text renderings of answers: objects for `show`, explanation trees for `explain`."""

from __future__ import annotations

from .explain import Node
from .kb import kb
from .model import ObjectState


def type_line(o: ObjectState) -> str:
    left = " ".join(w.capitalize() for w in (*o.supertypes, *o.types))
    right = " ".join(w.capitalize() for w in o.subtypes)
    return f"{left} — {right}" if right else left


def object_text(o: ObjectState) -> str:
    if o.ability_of is not None:
        targets = f", targets {', '.join(o.targets)}" if o.targets else ""
        return f"{o.id}: {o.ability} ability of {o.ability_of} on the stack, controlled by {o.controller}{targets}"
    where = f"{o.zone}"
    whose = f"owner {o.owner}" + (f", controller {o.controller}" if o.controller and o.controller != o.owner else "")
    head = f"{o.id}: {o.name}" + (f" ({o.face} face up)" if o.face == "back" else "")
    lines = [head, f"  {where}, {whose}" + (", tapped" if o.tapped else "") + (", token" if o.token else "")
             + (f", copy of {o.copy_of}" if o.copy_of else "")]
    pt = f"  {o.power}/{o.toughness}" if o.power is not None else ""
    lines.append(f"  {type_line(o) or '(no types)'}{pt}   mana value {o.mana_value}")
    extra = []
    if o.keywords:
        extra.append("keywords: " + ", ".join(k.replace("_", " ") for k in o.keywords))
    if o.counters:
        extra.append("counters: " + ", ".join(f"{n} {k}" for k, n in o.counters.items()))
    if o.attached_to:
        extra.append(f"attached to {o.attached_to}")
    if o.zone == "battlefield" and "creature" in o.types:
        why = f" ({', '.join(r.replace('_', ' ') for r in o.cannot_attack)})" if o.cannot_attack else ""
        extra.append(("can attack" if o.can_attack else "can't attack") + why)
    if o.escaped:
        extra.append("escaped")
    if extra:
        lines.append("  " + "; ".join(extra))
    return "\n".join(lines)


def cites(node: Node) -> str:
    refs = list(node.rules or ((node.rule,) if node.rule else ()))
    refs += list(node.rulings or ((node.ruling,) if node.ruling else ()))
    return f"  [{', '.join(refs)}]" if refs else ""


def tree_text(node: Node, with_rulings: bool = True) -> str:
    """An indented tree; a sub-tree met a second time is named, not repeated, and rulings are quoted once."""
    lines: list[str] = []
    seen: dict[str, int] = {}
    quoted: set[str] = set()
    rulings = kb().rulings

    def walk(n: Node, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└─ " if last else "├─ ")
        key = n.atom or n.claim
        if n.because and key in seen:
            lines.append(f"{prefix}{branch}{n.claim} (see [{seen[key]}] above)")
            return
        number = ""
        if n.because:
            seen[key] = len(seen) + 1
            number = f"[{seen[key]}] "
        lines.append(f"{prefix}{branch}{number}{n.claim}{cites(n)}")
        child_prefix = prefix + ("" if top else ("   " if last else "│  "))
        if with_rulings:
            for rid in n.rulings or ((n.ruling,) if n.ruling else ()):
                if rid in rulings and rid not in quoted:
                    quoted.add(rid)
                    bar = "│  " if n.because else "   "
                    lines.append(f"{child_prefix}{bar}» {rid}: “{rulings[rid]['text']}”")
        for i, child in enumerate(n.because):
            walk(child, child_prefix, i == len(n.because) - 1, False)

    walk(node, "", True, True)
    return "\n".join(lines)


def actions_text(data: dict, ev=None, explain: bool = False) -> str:
    acts = data["actions"]
    legal = [a for a in acts if a["legal"]]
    lines = [f"{data['player']} may cast {len(legal)} way{'s' if len(legal) != 1 else ''}:"
             if legal else f"{data['player']} can't cast anything now."]
    for a in acts:
        how = a["method"].replace("_", " ")
        part = f" as {a['part']}" if a["part"] else (" (back face up)" if a["face"] == "back" else "")
        src = f" via {a['source']}" if a["source"] else ""
        mark = "  " if a["legal"] else "  ✗ "
        lines.append(f"{mark}{a['object']}{part}: {how}{src} from the {a['zone']} — {a['cost']['text']}"
                     f" (mana value {a['mana_value']})")
        for r in a["why_not"]:
            refs = ", ".join(x for x in (r["rule"], r["ruling"]) if x)
            lines.append(f"      not allowed: {r['reason']} [{refs}]")
    return "\n".join(lines)


def timeline_text(ev) -> str:
    """After a timeline: the step reached, the stack, what triggered, and the illegal action if any."""
    if ev.timeline is None:
        return ""
    from .model import describe_action

    lines = [f"after step {ev.step} of {len(ev.timeline.initial.actions)}"
             + (f" ({describe_action(ev.timeline.steps[-1].action)})" if ev.timeline.steps else "")]
    lines.append("  stack (bottom to top): " + (", ".join(ev.stack) if ev.stack else "empty"))
    for t in ev.triggered:
        lines.append(f"  triggered: {t['ability'].replace('_', ' ')} of {t['source']} (controlled by {t['controller']})")
    if ev.error:
        e = ev.error
        lines.append(f"  step {e['step']} ({describe_action(e['action'])}) is not allowed:")
        for r in e["why_not"]:
            refs = ", ".join(x for x in (r["rule"], r["ruling"]) if x)
            lines.append(f"    {r['reason']} [{refs}]")
    return "\n".join(lines)
