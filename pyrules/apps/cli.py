"""The `pyrules` command: a thin layer over the Python API (pyrules/api.py).

    pyrules show SCENARIO [ID ...] [--explain] [--json] [--step N] [--cards FILE]
    pyrules actions SCENARIO [--player P] [--all] [--explain] [--depth N] [--json] [--step N]
    pyrules explain SCENARIO QUERY [--format text|json|dot|html] [--render FILE] [--depth N] [--player P]
    pyrules cards [NAME] [--coverage] [--json] [--cards FILE]
    pyrules plan SCENARIO GOAL [--player P] [--horizon N] [--all] [--explain] [--budget S] [--json] [--step N]
    pyrules serve [--host H] [--port P]
    pyrules batch INPUT [--command C] [--jobs N] [--dask ADDRESS|local]

SCENARIO may be '-' for standard input. Exit codes: 0 answered; 1 a timeline action was illegal; 2 bad input.
With --json, errors are one JSON document on standard output too: {"error": {"field", "message"}}.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys

from pyrules import __version__, api
from pyrules.errors import KnowledgeBaseError, ScenarioError, one_line
from pyrules.input.limits import cap_memory, out_of_memory

COMMANDS = ("show", "actions", "explain", "cards", "plan", "serve", "batch")


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width up front: left to itself it imports shutil for
    that whenever a parser is built (some 5 ms of every command's start), though help is rarely printed."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS", "")) or os.get_terminal_size(sys.__stdout__.fileno()).columns
            except (ValueError, OSError, AttributeError):
                width = 80
            width = max(width - 2, 40)
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # one line, exit 2 (argparse prints the whole usage otherwise)
        raise ScenarioError("arguments", message)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser. For a known command only that command's parser is built (serve's and batch's
    options import their modules); for anything else (no command, --help, --version, a typo) all of them,
    for the usage and the list of commands."""
    p = _Parser(prog="pyrules", description="A declarative rules knowledge base for Magic: The Gathering.")
    p.add_argument("--version", action="version", version=f"pyrules {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    _parser.sub = sub

    def want(name: str) -> bool:   # (--version needs no command's parser)
        return command == name or (command not in COMMANDS and command != "--version")

    def common(sp, step=True):
        sp.add_argument("--json", action="store_true", help="one JSON document on stdout")
        sp.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="more cards: a Scryfall card, list or bulk file, or MTGJSON AtomicCards (repeatable)")
        if step:
            sp.add_argument("--step", type=int, default=None, metavar="N",
                            help="the state after the first N actions of the timeline (default: all)")

    if want("show"):
        s = sub.add_parser("show", help="the derived characteristics of objects",
                           usage="pyrules show SCENARIO [ID ...] [--explain] [--json] [--step N] [--cards FILE]")
        s.add_argument("scenario", help="a YAML or JSON scenario file, or - for standard input")
        s.add_argument("ids", nargs="*", default=[], help="only these objects (default: all)")
        s.add_argument("--explain", action="store_true", help="attach an explanation tree to each property")
        common(s)

    if want("actions"):
        a = sub.add_parser("actions", help="every action a player may take now, with its cost and why not",
                           usage="pyrules actions SCENARIO [--player P] [--all] [--explain] [--depth N] [--json] [--step N]")
        a.add_argument("scenario")
        a.add_argument("--player", help="whose options (default: the player with priority)")
        a.add_argument("--all", action="store_true", help="list the options that are not legal too, with the reasons")
        a.add_argument("--explain", action="store_true", help="each option's short answer (and its tree with --json)")
        a.add_argument("--depth", type=int, default=None, metavar="N", help="cut explanation trees at depth N")
        common(a)

    if want("explain"):
        e = sub.add_parser("explain", help="why a conclusion holds, as a tree of rules and rulings",
                           usage="pyrules explain SCENARIO QUERY [--format text|json|dot|html] [--depth N] [--render FILE]")
        e.add_argument("scenario")
        e.add_argument("query", nargs="+", help="OBJECT.PROPERTY, 'cast OBJECT [METHOD] [PART]', 'why not ...', 'trigger OBJECT' (see README)")
        e.add_argument("--format", choices=("text", "json", "dot", "html"), default=None,
                       help="text (default), json, dot (Graphviz source) or html (one self-contained page)")
        e.add_argument("--render", metavar="FILE", help="with --format dot: render to FILE (.svg, .png or .pdf) with Graphviz")
        e.add_argument("--player", help="whose options, for cast queries (default: the player with priority)")
        e.add_argument("--depth", type=int, default=None, metavar="N", help="cut the tree at depth N")
        common(e)

    if want("cards"):
        c = sub.add_parser("cards", help="the card database: list, one card line by line, or coverage",
                           usage="pyrules cards [NAME] [--coverage] [--json] [--cards FILE]")
        c.add_argument("name", nargs="*", default=[], help="a card name as you'd type it (either face, 'Front // Back', a prefix)")
        c.add_argument("--coverage", action="store_true", help="how much of the cards' text is modelled")
        common(c)   # (--step: every command takes it; the card database has no timeline)

    if want("plan"):
        pl = sub.add_parser("plan", help="the shortest legal lines of actions to a goal ('how can I ...')",
                            usage="pyrules plan SCENARIO GOAL [--player P] [--horizon N] [--all] [--explain] [--budget S] [--json [--no-explain]]")
        pl.add_argument("scenario")
        pl.add_argument("goal", nargs="+", help="OBJECT.PROPERTY = VALUE, OBJECT.PROPERTY != VALUE, PLAYER.life <= N, "
                                                "cast OBJECT [METHOD], joined with ' and ' (see README)")
        pl.add_argument("--player", help="who plans (default: the player with priority); the others only pass")
        pl.add_argument("--horizon", type=int, default=None, metavar="N", help="the most actions a plan may take (default 10)")
        pl.add_argument("--all", action="store_true", help="every shortest plan (at most 20), not only the preferred one")
        pl.add_argument("--explain", action="store_true", help="each step's why, and the goal's (in --json: always)")
        pl.add_argument("--no-explain", dest="no_explain", action="store_true",
                        help="--json without the explanation (it takes about as long as the search)")
        pl.add_argument("--budget", type=float, default=None, metavar="S",
                        help="seconds of search before answering that the limit was hit (default 120)")
        common(pl)

    if want("serve"):
        from pyrules.apps import service  # it imports its optional dependencies only when it runs

        service.add_arguments(sub.add_parser("serve", help="an HTTP JSON API and a page to explore scenarios (pyrules[serve])"))
    if want("batch"):
        from pyrules.apps import batch

        batch.add_arguments(sub.add_parser("batch", help="many scenarios answered in parallel, one JSON line each"))
    return p


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _dump(data) -> None:
    _out(json.dumps(data, indent=2, ensure_ascii=False))


def run(argv: list[str]) -> int:
    parser = _parser(argv[0] if argv else None)
    if not argv:
        parser.print_usage(sys.stderr)
        print("pyrules: error: arguments: a command is required (one of: " + ", ".join(COMMANDS) + ")", file=sys.stderr)
        return 2
    if argv[0] in ("show", "actions", "explain", "cards", "plan"):  # options may come between the ids
        args = _parser.sub.choices[argv[0]].parse_intermixed_args(argv[1:])
        args.command = argv[0]
    else:
        args = parser.parse_args(argv)
    if args.command is None:
        parser.print_usage(sys.stderr)
        raise ScenarioError("arguments", "a command is required (one of: " + ", ".join(COMMANDS) + ")")
    if args.command in ("serve", "batch"):
        from pyrules.apps import batch, service

        return (service if args.command == "serve" else batch).main(args)
    run.json = getattr(args, "json", False)
    if args.command == "explain":
        if args.json and args.format not in (None, "json"):
            raise ScenarioError("--format", f"--json prints one JSON document; --format {args.format} prints another format: give one of them")
        if args.render and (args.format or "text") != "dot":
            raise ScenarioError("--render", "goes with --format dot")
    answered = api.respond(args.command, _request(args))
    if args.json or (args.command == "explain" and args.format == "json"):
        _dump(answered.document)
    else:
        _out(_text(args, answered))
    return answered.code


def _request(args) -> dict:
    """The request a command's arguments make (pyrules.api.respond's fields)."""
    request = {"cards": list(args.cards)}
    if args.command == "cards":
        return dict(request, name=" ".join(args.name) if args.name else None, coverage=args.coverage)
    request.update(scenario=args.scenario, step=args.step)
    if args.command == "show":
        request.update(ids=args.ids or None, explain=args.explain)
    elif args.command == "actions":
        request.update(player=args.player, all=args.all, explain=args.explain, depth=args.depth)
    elif args.command == "explain":
        request.update(query=" ".join(args.query), player=args.player, depth=args.depth)
    elif args.command == "plan":
        # (the JSON answer carries the explanation, interface §5.6, unless asked not to; the text, with --explain)
        request.update(goal=" ".join(args.goal), player=args.player, horizon=args.horizon, all=args.all,
                       explain=(args.explain or args.json) and not args.no_explain, budget=args.budget)
    return request


def _text(args, answered) -> str:
    """A command's answer as text (its document's, rendered from what the dispatcher answered)."""
    if args.command == "cards":
        return cards_text(answered.document)
    # (imported here, as in run: the game's and the answers' modules take ~95 ms to import, most of what
    # `pyrules --version` or `pyrules cards` would cost)
    from pyrules.answers.queries import explain_option
    from pyrules.answers.render import (
        actions_text,
        not_modelled_text,
        object_text,
        timeline_text,
        tree_dot,
        tree_html,
        tree_text,
    )
    from pyrules.planner import plan_text

    if args.command == "plan":
        return plan_text(answered.plan, args.explain)
    ev, data = answered.evaluation, answered.document
    notes = not_modelled_text(ev.not_modelled)
    if args.command == "show":
        parts = []
        for oid in data["objects"]:
            parts.append(object_text(ev.objects[oid]))
            if args.explain:
                for prop in ("types", "power", "mana_value", "can_attack"):
                    node = ev.explain_property(oid, prop)
                    parts.append(_indent(node.summary or node.claim, "    why: "))
        return "\n".join(p for p in parts + [timeline_text(ev), notes] if p)
    if args.command == "actions":
        text = actions_text(data, args.explain)
        if args.explain and args.depth is not None:
            chunks = [text]
            for o in ev.actions(args.player, args.all):
                chunks.append(_indent(tree_text(explain_option(ev, o).cut(args.depth), with_rulings=False), "    "))
            text = "\n".join(chunks)
        return "\n".join(p for p in (text, timeline_text(ev), notes) if p)
    query = " ".join(args.query)
    node = answered.node.cut(args.depth)
    if args.format == "dot":
        source = tree_dot(node, query)
        if args.render:
            _render(source, args.render)
            return ""
        return source
    if args.format == "html":
        return tree_html(node, f"Why: {query}")
    text = tree_text(node)
    if ev.error:   # which action of the timeline was illegal, and why (the tree is of the state before it)
        text += "\n" + timeline_text(ev)
    return text + ("\n" + notes if notes else "")

def cards_text(data: dict) -> str:
    if "cards" in data and "lines" in data:   # coverage
        lines = [f"{data['cards']} cards, {data['lines']} lines of text: {data['lines_modelled']} modelled "
                 f"({100 * data['share_modelled']:.1f}%), {data['cards_fully_modelled']} cards fully modelled"]
        lines.append("by template:")
        for k, v in data["by_template"].items():
            lines.append(f"  {k:28} {v['modelled']:6} / {v['lines']}")
        if data["most_common_not_modelled"]:
            lines.append("most common lines not modelled:")
            for m in data["most_common_not_modelled"]:
                lines.append(f"  {m['count']:5}  {m['text'][:100]}")
        if data["skipped_cards"]:
            lines.append(f"{len(data['skipped_cards'])} cards in the files given couldn't be read (see --json)")
        return "\n".join(lines)
    if "cards" in data:
        return "\n".join(f"{c['name']}  ({c['layout']})" for c in data["cards"])
    lines = [f"{data['name']}  ({data['layout']}, {data.get('set') or '?'})"]
    for f in data["faces"]:
        pt = f"  {f['power']}/{f['toughness']}" if f["power"] is not None else ""
        lines.append(f"  {f['face']}: {f['name']}  {f['mana_cost'] or '(no mana cost)'}")
        lines.append(f"    {f['type_line']}{pt}")
        for ln in f["lines"]:
            mark = "✓" if ln["status"] == "modelled" else "✗"
            names = f"  [{', '.join(ln['abilities'])}]" if ln["abilities"] else ""
            lines.append(f"    {ln['line']}. {mark} {ln['text']}{names}")
            if ln["status"] == "modelled" and ln["understood"] and ln["understood"] != ["reminder text"]:
                lines.append(f"         understood: {'; '.join(ln['understood'])}")
    if data.get("source"):
        lines.append(f"  source: {data['source']}")
    return "\n".join(lines)


def _render(source: str, path: str) -> None:

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


def _error(field: str | None, message: str, code: int, as_json: bool) -> int:
    if as_json:
        _out(json.dumps({"error": {"field": field, "message": one_line(message)}}, ensure_ascii=False))
    else:
        prefix = f"{field}: " if field else ""
        print(f"pyrules: error: {one_line(prefix + message)}", file=sys.stderr)
    return code


def option_field(field: str | None, argv: list[str]) -> str | None:
    """The name of a field in the command line's words: the library names an option by its request field
    ("step", "player", as the service and batches do), and the command line by the option ("--step") when the
    command has that option; anything else (a positional argument such as query or goal, a scenario field) keeps
    its name."""
    if not field or field.startswith("-") or not argv:
        return field
    sub = getattr(_parser, "sub", None)
    command = sub.choices.get(argv[0]) if sub is not None else None
    option = "--" + field.replace("_", "-")
    if command is not None and option in command._option_string_actions:
        return option
    return field


def _tune_gc() -> None:
    """A command's process makes its objects (answers read back, explanation trees) by the ten thousand and
    keeps most of them to the end: Python's cycle collector, run every 700 allocations, would walk them over
    and over (a tenth to a fifth of reading a 1000-object board). What was imported is moved out of its
    sight, and it runs every 10,000 allocations."""

    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    as_json = "--json" in args
    reserve = bytearray(16 << 20)  # freed when memory runs out, so that the refusal can still be written

    def refuse() -> int:
        exc = out_of_memory()
        code = _error(exc.field, exc.message, 2, as_json)
        sys.stdout.flush()
        sys.stderr.flush()
        return code

    try:
        if argv is None:  # the `pyrules` process itself (not a caller's process running main in place)
            if not args or args[0] != "serve":   # (the server holds each request to the budget in its worker)
                cap_memory(refuse=refuse)
            _tune_gc()
        code = run(args)
    except MemoryError:
        del reserve
        import gc

        gc.collect()
        code = refuse()
    except ScenarioError as exc:
        code = _error(option_field(exc.field, args), exc.message, 2, as_json)
    except KnowledgeBaseError as exc:
        code = _error(None, f"knowledge base error: {exc}", 3, as_json)
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # a bug in pyrules, not bad input: one line unless debugging
        if os.environ.get("PYRULES_DEBUG"):
            raise
        code = _error(None, f"internal error: {type(exc).__name__}: {exc} (set PYRULES_DEBUG=1 for details)", 3, as_json)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        pass
    if argv is None:
        # the answer is written and nothing is left to save: end the process without tearing down clingo's
        # program and every module one by one (tens of milliseconds for nothing)
        os._exit(code)
    return code


if __name__ == "__main__":
    main()
