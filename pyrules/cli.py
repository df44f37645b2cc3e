"""The `pyrules` command: a thin layer over the Python API (pyrules/__init__.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import api
from .errors import KnowledgeBaseError, ScenarioError
from .render import actions_text, object_text, timeline_text, tree_dot, tree_html, tree_text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2 (argparse prints the whole usage otherwise)
        raise ScenarioError("arguments", message)


COMMANDS = ("show", "actions", "explain", "cards")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="pyrules", description="A declarative rules knowledge base for Magic: The Gathering.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _parser.sub = sub

    def common(sp, step=True):
        sp.add_argument("--json", action="store_true", help="one JSON document on stdout")
        if step:
            sp.add_argument("--step", type=int, default=None, metavar="N",
                            help="the state after the first N actions of the timeline (default: all)")

    s = sub.add_parser("show", help="the derived characteristics of objects")
    s.add_argument("scenario")
    s.add_argument("ids", nargs="*", help="only these objects")
    s.add_argument("--explain", action="store_true", help="attach an explanation tree to each property")
    common(s)

    a = sub.add_parser("actions", help="every way a player may cast every card now, with its total cost")
    a.add_argument("scenario")
    a.add_argument("--player", help="whose options (default: the player with priority)")
    a.add_argument("--all", action="store_true", help="list the options that are not legal too, with the reasons")
    a.add_argument("--explain", action="store_true", help="attach an explanation tree to each option")
    common(a)

    e = sub.add_parser("explain", help="why a conclusion holds, as a tree of rules and rulings")
    e.add_argument("scenario")
    e.add_argument("query", nargs="+", help="OBJECT.PROPERTY, 'cast OBJECT [METHOD] [PART]', 'why not ...' (see README)")
    e.add_argument("--format", choices=("text", "json", "dot", "html"), default=None,
                   help="text (default), json, dot (Graphviz source) or html (one self-contained page)")
    e.add_argument("--render", metavar="FILE", help="with --format dot: render to FILE (.svg or .png) with Graphviz")
    e.add_argument("--player", help="whose casting options, for cast queries (default: the player with priority)")
    common(e)

    c = sub.add_parser("cards", help="the card database: list, or one card with what the knowledge base knows of it")
    c.add_argument("name", nargs="*", help="a card name (either face, or 'Front // Back')")
    common(c, step=False)

    from . import batch, service  # neither imports its optional dependencies until it runs
    service.add_arguments(sub.add_parser("serve", help="an HTTP JSON API and a page to explore scenarios (pyrules[serve])"))
    batch.add_arguments(sub.add_parser("batch", help="many scenarios answered in parallel, one JSON line each"))
    return p


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def run(argv: list[str]) -> int:
    parser = _parser()
    if argv and argv[0] in COMMANDS:  # options may come between the ids (pyrules show s.yaml --step 2 arcee)
        args = _parser.sub.choices[argv[0]].parse_intermixed_args(argv[1:])
        args.command = argv[0]
    else:
        args = parser.parse_args(argv)
    if args.command in ("serve", "batch"):
        from . import batch, service
        return (service if args.command == "serve" else batch).main(args)
    if args.command == "cards":
        name = " ".join(args.name) if args.name else None
        data = api.cards(name)
        if args.json:
            _out(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            _out(api.cards_text(data))
        return 0
    ev = api.evaluate(api.load(args.scenario), step=args.step)
    code = 1 if ev.error else 0
    if args.command == "show":
        data = ev.to_json(args.ids or None, explain=args.explain)
        if args.json:
            _out(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            parts = []
            for oid in data["objects"]:
                parts.append(object_text(ev.objects[oid]))
                if args.explain:
                    for prop in ("types", "power", "mana_value", "can_attack"):
                        parts.append(_indent(tree_text(ev.explain_property(oid, prop), with_rulings=False), "    "))
            parts.append(timeline_text(ev))
            _out("\n".join(p for p in parts if p))
        return code
    if args.command == "actions":
        data = ev.actions_json(args.player, args.all, args.explain)
        if args.json:
            _out(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            _out(actions_text(data, ev, args.explain) + ("\n" + timeline_text(ev) if ev.timeline else ""))
        return code
    if args.command == "explain":
        query = " ".join(args.query)
        fmt = args.format or ("json" if args.json else "text")
        if args.render and fmt != "dot":
            raise ScenarioError("--render", "goes with --format dot")
        node = ev.explain(query, player=args.player)
        if fmt == "json":
            _out(json.dumps(node.to_json(), indent=2, ensure_ascii=False))
        elif fmt == "dot":
            source = tree_dot(node, query)
            if args.render:
                _render(source, args.render)
            else:
                _out(source)
        elif fmt == "html":
            _out(tree_html(node, f"Why: {query}"))
        else:
            _out(tree_text(node))
        return code
    raise AssertionError(args.command)


def _render(source: str, path: str) -> None:
    import shutil
    import subprocess

    fmt = path.rsplit(".", 1)[-1].lower()
    if fmt not in ("svg", "png", "pdf"):
        raise ScenarioError("--render", f"{path!r}: the file name must end in .svg, .png or .pdf")
    dot = shutil.which("dot")
    if dot is None:
        raise ScenarioError("--render", "Graphviz is not installed (no `dot` on PATH); use --format dot and render it elsewhere")
    done = subprocess.run([dot, f"-T{fmt}", "-o", path], input=source, text=True, capture_output=True)
    if done.returncode != 0:
        raise ScenarioError("--render", f"Graphviz failed: {done.stderr.strip().splitlines()[0] if done.stderr.strip() else done.returncode}")
    print(f"wrote {path}", file=sys.stderr)


def _indent(text: str, pad: str) -> str:
    return "\n".join(pad + line for line in text.splitlines())


def main(argv: list[str] | None = None) -> int:
    try:
        code = run(sys.argv[1:] if argv is None else argv)
    except ScenarioError as exc:
        print(f"pyrules: error: {exc}", file=sys.stderr)
        code = 2
    except KnowledgeBaseError as exc:
        print(f"pyrules: knowledge base error: {exc}", file=sys.stderr)
        code = 3
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # a bug in pyrules, not bad input: one line unless debugging
        if os.environ.get("PYRULES_DEBUG"):
            raise
        print(f"pyrules: internal error: {type(exc).__name__}: {exc} (set PYRULES_DEBUG=1 for details)", file=sys.stderr)
        code = 3
    sys.stdout.flush()
    if argv is None:
        sys.exit(code)
    return code


if __name__ == "__main__":
    main()
