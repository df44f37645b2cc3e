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


def _number_nodes(node: Node) -> dict[int, int]:
    """Give every derived sub-tree a number by first appearance (depth first), keyed by id of its first node."""
    seen: dict[str, int] = {}
    first: dict[int, int] = {}

    def walk(n: Node) -> None:
        key = n.atom or n.claim
        if n.because:
            if key in seen:
                return
            seen[key] = len(seen) + 1
            first[id(n)] = seen[key]
        for c in n.because:
            walk(c)

    walk(node)
    return first


def tree_dot(node: Node, title: str = "explanation") -> str:
    """Graphviz source: one box per conclusion (shared sub-trees drawn once), edges to what it rests on."""
    ids: dict[str, str] = {}
    lines = ["digraph explanation {", f"  label={_dot_str(title)}; labelloc=t; rankdir=TB;",
             '  node [shape=box, style="rounded,filled", fillcolor="#f7f7f7", fontname="Helvetica", fontsize=10];']
    edges: list[str] = []

    def key(n: Node) -> str:
        return n.atom or n.claim

    def visit(n: Node) -> str:
        k = key(n)
        if k in ids:
            return ids[k]
        nid = f"n{len(ids) + 1}"
        ids[k] = nid
        refs = list(n.rules or ((n.rule,) if n.rule else ())) + list(n.rulings or ((n.ruling,) if n.ruling else ()))
        label = n.claim + ("\n" + ", ".join(refs) if refs else "")
        fill = {"fact": "#eef5ff", "absent": "#fff4e5", "group": "#ffffff"}.get(n.kind, "#f7f7f7")
        lines.append(f"  {nid} [label={_dot_str(label)}, fillcolor={_dot_str(fill)}];")
        for c in n.because:
            cid = visit(c)
            edges.append(f"  {nid} -> {cid};")
        return nid

    visit(node)
    return "\n".join(lines + sorted(set(edges), key=edges.index) + ["}"]) + "\n"


def _dot_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_HTML_STYLE = """
body { font-family: system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em;
       color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.3em; } .meta { color: #666; font-size: .9em; }
details { margin-left: 1.2em; border-left: 1px solid #ddd; padding-left: .6em; }
summary { cursor: pointer; margin: .15em 0; }
.leaf { margin: .15em 0 .15em 1.8em; } .leaf.absent { color: #8a5a00; } .leaf.fact { color: #22457a; }
.cite { font-size: .8em; color: #555; background: #f0f0f0; border-radius: 3px; padding: 0 .35em; margin-left: .4em; }
.num { color: #999; font-size: .8em; margin-right: .3em; }
blockquote { margin: .2em 0 .4em 1.8em; font-size: .85em; color: #444; border-left: 3px solid #c9d7ea; padding-left: .6em; }
a.ref { font-size: .85em; color: #555; }
.note { font-size: .8em; color: #777; margin-left: .4em; }
"""


def tree_html(node: Node, title: str = "Explanation") -> str:
    """One self-contained page (no scripts, no external files) with a collapsible tree."""
    from html import escape

    rulings = kb().rulings
    numbers = _number_nodes(node)
    shown: set[str] = set()
    quoted: set[str] = set()
    out: list[str] = []

    def cites(n: Node) -> str:
        refs = list(n.rules or ((n.rule,) if n.rule else ())) + list(n.rulings or ((n.ruling,) if n.ruling else ()))
        return f'<span class="cite">{escape(", ".join(refs))}</span>' if refs else ""

    def walk(n: Node, depth: int) -> None:
        key = n.atom or n.claim
        note = f'<span class="note">{escape(n.note)}</span>' if n.kind == "fact" and n.note else ""
        if not n.because:
            out.append(f'<div class="leaf {n.kind}">{escape(n.claim)}{cites(n)}{note}</div>')
            return
        num = numbers.get(id(n))
        if key in shown or num is None:
            target = next((v for k, v in _keys(node).items() if k == key), None)
            ref = f' <a class="ref" href="#n{target}">(see [{target}] above)</a>' if target else ""
            out.append(f'<div class="leaf">{escape(n.claim)}{ref}</div>')
            return
        shown.add(key)
        is_open = " open" if depth < 3 else ""
        out.append(f'<details id="n{num}"{is_open}><summary><span class="num">[{num}]</span>{escape(n.claim)}{cites(n)}</summary>')
        for rid in n.rulings or ((n.ruling,) if n.ruling else ()):
            if rid in rulings and rid not in quoted:
                quoted.add(rid)
                out.append(f"<blockquote><b>{escape(rid)}</b> ({escape(str(rulings[rid]['date']))}): "
                           f"“{escape(rulings[rid]['text'])}”</blockquote>")
        for c in n.because:
            walk(c, depth + 1)
        out.append("</details>")

    walk(node, 0)
    body = "\n".join(out)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_HTML_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n<p class=\"meta\">Each step names the Comprehensive Rules it applies and the "
            "official ruling it rests on; click a step to fold or unfold it. Generated by pyrules.</p>\n"
            f"{body}\n</body>\n</html>\n")


def _keys(node: Node) -> dict[str, int]:
    numbers = _number_nodes(node)
    out: dict[str, int] = {}

    def walk(n: Node) -> None:
        if id(n) in numbers:
            out.setdefault(n.atom or n.claim, numbers[id(n)])
        for c in n.because:
            walk(c)

    walk(node)
    return out
