"""Text renderings of answers: objects for `show`, options for `actions`, explanation trees for `explain`
(indented text, Graphviz DOT, one self-contained HTML page)."""

from __future__ import annotations

import textwrap
from html import escape
from typing import TYPE_CHECKING

from pyrules.input.actions import kind_of
from pyrules.kb.compile import kb

if TYPE_CHECKING:   # (the trees are made by pyrules.answers.trees, imported only when something is explained)
    from pyrules.answers.trees import Node


def type_line(o) -> str:
    left = " ".join(w.capitalize() for w in (*o.supertypes, *o.types))
    right = " ".join(w.capitalize() for w in o.subtypes)
    return f"{left} — {right}" if right else left


def object_text(o) -> str:
    if o.ability_of is not None:
        targets = f", targets {', '.join(o.targets)}" if o.targets else ""
        modes = f", mode {', '.join(map(str, o.modes))}" if o.modes else ""
        return f"{o.id}: {o.ability} ability of {o.ability_of} on the stack, controlled by {o.controller}{modes}{targets}"
    whose = f"owner {o.owner}" + (f", controller {o.controller}" if o.controller and o.controller != o.owner else "")
    head = f"{o.id}: {o.name}" + (f" ({o.face} face up)" if o.face == "back" else "")
    zone = {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile"}.get(o.zone, f"in the {o.zone}")
    lines = [head, f"  {zone}, {whose}" + (", tapped" if o.tapped else "") + (", token" if o.token else "")
             + (f", copy of {o.copy_of}" if o.copy_of else "")]
    pt = f"  {o.power}/{o.toughness}" if o.power is not None else ""
    colors = f"   {'/'.join(o.colors)}" if o.colors else "   colorless"
    lines.append(f"  {type_line(o) or '(no types)'}{pt}   mana value {o.mana_value}{colors}")
    extra = []
    if o.keywords:
        extra.append("keywords: " + ", ".join(k.replace("_", " ") for k in o.keywords))
    if o.counters:
        extra.append("counters: " + ", ".join(f"{n} {k}" for k, n in o.counters.items()))
    if o.damage:
        extra.append(f"{o.damage} damage")
    if o.attached_to:
        extra.append(f"attached to {o.attached_to}")
    if o.attacking:
        extra.append(f"attacking {o.attacking}")
    if o.blocking:
        extra.append(f"blocking {o.blocking}")
    if o.zone == "battlefield" and "creature" in o.types:
        why = f" ({', '.join(r.replace('_', ' ') for r in o.cannot_attack)})" if o.cannot_attack else ""
        extra.append(("can attack" if o.can_attack else "can't attack") + why)
    if o.escaped:
        extra.append("escaped")
    if o.class_level is not None:
        extra.append(f"level {o.class_level}")
    if o.zone == "stack" and o.modes:
        extra.append(f"mode{'s' if len(o.modes) > 1 else ''} {', '.join(map(str, o.modes))} chosen")
    if extra:
        lines.append("  " + "; ".join(extra))
    return "\n".join(lines)


def cites(node: Node) -> str:
    refs = list(node.rules or ((node.rule,) if node.rule else ()))
    refs += list(node.rulings or ((node.ruling,) if node.ruling else ()))
    return f"  [{', '.join(refs)}]" if refs else ""


def _rulings() -> dict:

    return kb().rulings


def tree_text(node: Node, with_rulings: bool = True) -> str:
    """The summary first, then an indented tree; a sub-tree met a second time is named, not repeated, and
    each ruling is quoted once."""
    lines: list[str] = []
    if node.summary:
        lines.append(node.summary)
        lines.append("")
    seen: dict[str, int] = {}
    quoted: set[str] = set()
    rulings = _rulings() if with_rulings else {}

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
        for rid in n.rulings or ((n.ruling,) if n.ruling else ()):
            if rid in rulings and rid not in quoted:
                quoted.add(rid)
                bar = "│  " if n.because else "   "
                lines.append(f"{child_prefix}{bar}» {rid}: “{rulings[rid]['text']}”")
        for i, child in enumerate(n.because):
            walk(child, child_prefix, i == len(n.because) - 1, False)

    walk(node, "", True, True)
    return "\n".join(lines)


def clip(text: str, width: int) -> str:
    """`text` cut to at most about `width` characters at a word's end, with an ellipsis: never mid-word."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text[: width + 1].rsplit(" ", 1)[0] if " " in text[: width + 1] else text[:width]
    return cut.rstrip(",;:—–- ") + "…"


def _things(n: int) -> str:
    return f"{n} thing{'s' if n != 1 else ''}"


HEDGE = "With the card text pyrules models (not the lines in the notes below), "


def actions_heading(who: str, listed: int, legal: int, unpayable: int = 0, complete: bool = True) -> str:
    """The line that heads `actions`: it counts what the list below it holds (with --all, the options that are not
    legal too, marked ✗), and says how many of the legal ones can't be paid now. With card text pyrules doesn't
    model on the board (complete false), the count is only what the text it models allows: a line in the notes
    may allow more (an ability it doesn't read) or forbid some, so the heading says so rather than read as certain."""
    head = _heading(who, listed, legal, unpayable)
    if complete:
        return head
    return HEDGE + head


def _heading(who: str, listed: int, legal: int, unpayable: int) -> str:
    if listed == legal:
        if not legal:
            return f"{who} can't do anything now."
        if unpayable:
            return (f"{who} may do {_things(legal)}, "
                    + ("none of which can be paid now:" if unpayable == legal else
                       "which can't be paid now:" if legal == 1 else
                       f"{unpayable} of which can't be paid now:"))
        return f"{who} may do {_things(legal)}:"
    illegal = listed - legal
    if not legal:
        return f"{who} can't do anything now; " + (f"the {illegal} options that are not legal (✗):" if illegal != 1
                                                   else "the option that is not legal (✗):")
    return f"{listed} options for {who}, {legal} legal now (✗ marks the {illegal} that {'are' if illegal != 1 else 'is'} not):"


def actions_text(data: dict, explain: bool = False, ability_text=None) -> str:
    """`actions` as text. `ability_text(object, ability)`, when given, is the printed text of an activated
    ability (None if unknown): an activation is shown by what it does ("{T}: Add {G}."), not by its line number."""
    acts = data["actions"]
    legal = [a for a in acts if a["legal"]]
    who = data["player"]
    lines = [actions_heading(who, len(acts), len(legal),
                             sum(1 for a in legal if a.get("payable") is False and not a.get("payment_unsure")),
                             data.get("complete", True))]
    for a in acts:
        mark = "  " if a["legal"] else "  ✗ "
        if a["action"] == "cast":
            how = a["method"].replace("_", " ")
            part = f" as {a['part']}" if a["part"] else (" (back face up)" if a["face"] == "back" else "")
            src = f" via {a['source']}" if a["source"] else ""
            zone = {"exile": "exile"}.get(a["zone"], f"the {a['zone']}")
            line = f"{mark}cast {a['object']}{part}: {how}{src} from {zone} — {a['cost']['text']} (mana value {a['mana_value']})"
        elif a["action"] == "activate":
            printed = ability_text(a["object"], a["ability"]) if ability_text is not None else None
            if printed:
                line = f"{mark}activate {a['object']}: {printed}"
            else:
                line = f"{mark}activate {a['object']}'s " + (f"line {a['ability']}" if isinstance(a["ability"], int)
                                                             else str(a["ability"]).replace("_", " "))
                if a.get("cost"):
                    line += f" — {a['cost']['text']}"
        else:
            line = f"{mark}{a['action']} {a['object']}"
            if a.get("cost"):
                line += f" — {a['cost']['text']}"
        if "payable" in a and not a["payable"]:
            why = "; ".join(r["reason"] + (f" [{r['rule']}]" if r.get("rule") else "") for r in a.get("payment_why_not", []))
            line += (" — pyrules can't tell whether it can be paid now" if a.get("payment_unsure")
                     else " — can't be paid now") + (f": {why}" if why else "")
        lines.append(line)
        for r in a["why_not"]:
            refs = ", ".join(x for x in (r["rule"], r["ruling"]) if x)
            lines.append(f"      not allowed: {r['reason']}" + (f" [{refs}]" if refs else ""))
        if explain and a.get("explanation"):
            summary = a["explanation"].get("summary")
            if summary:
                lines.append(f"      why: {summary}")
    return "\n".join(lines)


def describe_action(action: dict) -> str:
    """A timeline action in words: "cast uro (escape)", "resolve the top of the stack", ..."""
    kind = kind_of(action, "action")
    v = action[kind]
    if kind == "cast":
        return f"cast {v}" + (f" ({action['method'].replace('_', ' ')})" if action.get("method") else "")
    if kind == "resolve":
        return "resolve the top of the stack"
    if kind == "pass":
        return f"{v} passes"
    if kind == "move":
        return f"move {v} to the {action['to']}"
    if kind == "copy":
        return f"copy {v} as {action['as']}"
    if kind == "next_turn":
        return "the next turn"
    if kind == "advance":
        return f"advance to {v['phase'].replace('_', ' ')}" + (f", {v['step'].replace('_', ' ')}" if v.get("step") else "")
    if kind in ("attack", "block"):
        return f"{kind}: " + ", ".join(f"{a} → {d}" for a, d in v.items())
    if kind == "activate":
        return f"activate {v}'s {action['ability']}"
    if kind == "gain_control":
        return f"{action.get('by')} gains control of {v}"
    return f"{kind} {v}"


def timeline_text(ev) -> str:
    """After a timeline: the step reached, the stack, what triggered, state-based actions, the illegal action."""
    sc = ev.scenario
    if not sc.actions:
        return ""
    last = f" ({describe_action(sc.actions[ev.step - 1])})" if ev.step else ""
    lines = [f"after step {ev.step} of {len(sc.actions)}{last}"]
    turn = ev.turn
    where = turn["phase"].replace("_", " ") + (f", {turn['step'].replace('_', ' ')}" if turn.get("step") else "")
    who = f"; {turn['priority']} has priority" if turn.get("priority") else ""
    lines.append(f"  turn: {turn['active']}'s, {where}{who}")
    for s in ev.skipped:
        lines.append(f"    {s['text']} [{s['rule']}]")
    lines.append("  stack (bottom to top): " + (", ".join(ev.stack) if ev.stack else "empty"))
    for t in ev.triggered:
        lines.append(f"  triggered: {t['id']}, {t['ability'].replace('_', ' ')} of {t['source']} (controlled by {t['controller']})")
    for s in ev.state_based_actions:
        lines.append(f"  state-based action: {s['action']} {s['object']} [{s['rule']}]")
    if ev.game_over is not None:
        won = " and ".join(ev.game_over)
        lines.append("  the game is over: " + (f"{won} {'wins' if len(ev.game_over) == 1 else 'win'}" if won else "a draw"))
    if ev.error:
        e = ev.error
        lines.append(f"  step {e['step']} ({describe_action(e['action'])}) is not allowed:")
        for r in e["why_not"]:
            refs = ", ".join(x for x in (r["rule"], r["ruling"]) if x)
            lines.append(f"    {r['reason']}" + (f" [{refs}]" if refs else " (pyrules's limit, not a rule of the game)"))
    return "\n".join(lines)


def tree_dot(node: Node, title: str = "explanation") -> str:
    """Graphviz source: one box per conclusion (shared sub-trees drawn once), edges to what it rests on."""
    ids: dict[str, str] = {}
    lines = ["digraph explanation {", f"  label={_dot_str(title)}; labelloc=t; rankdir=LR; nodesep=0.15; ranksep=0.3;",
             '  node [shape=box, style="rounded,filled", fillcolor="#f7f7f7", fontname="Helvetica", fontsize=10, width=0, height=0, margin="0.08,0.04"];',
             '  edge [color="#999999", arrowsize=0.6];']
    edges: list[str] = []
    if node.summary:
        lines.append(f"  summary [shape=note, fillcolor=\"#fffbe6\", label={_dot_str(_wrap(node.summary, 60))}];")

    def visit(n: Node) -> str:
        k = n.atom or n.claim
        if k in ids:
            return ids[k]
        nid = f"n{len(ids) + 1}"
        ids[k] = nid
        refs = list(n.rules or ((n.rule,) if n.rule else ())) + list(n.rulings or ((n.ruling,) if n.ruling else ()))
        label = _wrap(n.claim, 48) + ("\n" + ", ".join(refs) if refs else "")
        fill = {"fact": "#eef5ff", "absent": "#fff4e5", "group": "#ffffff"}.get(n.kind, "#f7f7f7")
        lines.append(f"  {nid} [label={_dot_str(label)}, fillcolor={_dot_str(fill)}];")
        for c in n.because:
            edges.append(f"  {nid} -> {visit(c)};")
        return nid

    root = visit(node)
    if node.summary:
        edges.insert(0, f"  summary -> {root} [style=dashed];")
    return "\n".join(lines + list(dict.fromkeys(edges)) + ["}"]) + "\n"


def _wrap(text: str, width: int) -> str:

    return "\n".join(textwrap.wrap(text, width)) or text


def _dot_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_HTML_STYLE = """
body { font-family: system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em;
       color: #1d1d1f; line-height: 1.45; padding: 0 1em; }
h1 { font-size: 1.3em; } .meta { color: #666; font-size: .9em; }
.summary { background: #fffbe6; border: 1px solid #f0e2a8; border-radius: 6px; padding: .7em 1em; margin: 1em 0; }
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
    """One self-contained page (no scripts, no external files): the summary, then the tree, the path that
    decided the answer unfolded and the rest folded."""

    rulings = _rulings()
    numbers: dict[int, int] = {}
    seen: dict[str, int] = {}

    def number(n: Node) -> None:
        key = n.atom or n.claim
        if n.because:
            if key in seen:
                return
            seen[key] = len(seen) + 1
            numbers[id(n)] = seen[key]
        for c in n.because:
            number(c)

    number(node)
    shown: set[str] = set()
    quoted: set[str] = set()
    out: list[str] = []

    def cite(n: Node) -> str:
        refs = list(n.rules or ((n.rule,) if n.rule else ())) + list(n.rulings or ((n.ruling,) if n.ruling else ()))
        return f'<span class="cite">{escape(", ".join(refs))}</span>' if refs else ""

    def walk(n: Node, depth: int, on_path: bool) -> None:
        key = n.atom or n.claim
        note = f'<span class="note">{escape(n.note)}</span>' if n.kind == "fact" and n.note else ""
        if not n.because:
            out.append(f'<div class="leaf {n.kind}">{escape(n.claim)}{cite(n)}{note}</div>')
            return
        num = numbers.get(id(n))
        if key in shown or num is None:
            target = seen.get(key)
            ref = f' <a class="ref" href="#n{target}">(see [{target}] above)</a>' if target else ""
            out.append(f'<div class="leaf">{escape(n.claim)}{ref}</div>')
            return
        shown.add(key)
        is_open = " open" if on_path or depth == 0 else ""
        out.append(f'<details id="n{num}"{is_open}><summary><span class="num">[{num}]</span>{escape(n.claim)}{cite(n)}</summary>')
        for rid in n.rulings or ((n.ruling,) if n.ruling else ()):
            if rid in rulings and rid not in quoted:
                quoted.add(rid)
                out.append(f"<blockquote><b>{escape(rid)}</b> ({escape(str(rulings[rid]['date']))}): "
                           f"{escape(rulings[rid]['text'])}</blockquote>")
        for i, c in enumerate(n.because):
            walk(c, depth + 1, on_path and i == 0)
        out.append("</details>")

    walk(node, 0, True)
    summary = f'<p class="summary">{escape(node.summary)}</p>\n' if node.summary else ""
    body = "\n".join(out)
    head = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_HTML_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n{summary}<p class=\"meta\">Each step names the Comprehensive Rules it applies "
            "and the official ruling it rests on; click a step to fold or unfold it. Generated by pyrules.</p>\n")
    return head + body + "\n</body>\n</html>\n"


def not_modelled_text(notes: list[dict]) -> str:
    """The card lines an answer may leave out (docs/guide/json.md): one `note:` line each, or, when there are more
    than five, a count and the first five."""
    if not notes:
        return ""
    lines = []
    if len(notes) > 5:
        lines.append(f"note: {len(notes)} lines of card text on this board aren't modelled (the first five follow; "
                     "--json lists them all): answers may leave them out")
    for n in notes[:5]:
        what = "is read but not wholly modelled" if n.get("status") == "read" else "is not modelled"
        face = "back face " if n.get("face") == "back" else ""
        lines.append(f"note: {n['object']} ({n['card']}), {face}line {n['line']}, {what}: “{n['text']}”")
    return "\n".join(lines)
