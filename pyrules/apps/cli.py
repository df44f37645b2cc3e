# PYTHON_ARGCOMPLETE_OK
"""The `pyrules` command: a thin layer over the Python API (pyrules/api.py).

    pyrules show SCENARIO [ID ...] [--explain] [--json] [--step N] [--cards FILE]
    pyrules actions SCENARIO [--player P] [--all] [--explain] [--depth N] [--json] [--step N] [--cards FILE]
    pyrules explain SCENARIO QUERY [--format text|json|dot|html] [--render FILE] [--player P] [--depth N] ...
    pyrules plan SCENARIO [GOAL] [--player P] [--horizon N] [--all] [--opponents pass|any] [--jobs N] [--dask A] ...
    pyrules cards [NAME] [--coverage] [--json] [--cards FILE]
    pyrules import FILE.pzl [--players NAME,NAME] [--json] [--step N] [--cards FILE]
    pyrules examples [NAME ...] [--copy DIR] [--json]
    pyrules serve [--host H] [--port P] ...
    pyrules batch INPUT [--command C] [--jobs N] [--dask ADDRESS|local] ...
    pyrules completion bash|zsh|fish|tcsh|powershell

Each command's usage line is made from its parser (so it names every option), and its help ends with examples.
SCENARIO may be '-' for standard input. Exit codes: 0 answered; 1 a timeline action was illegal; 2 bad input.
With --json, errors are one JSON document on standard output too: {"error": {"field", "message"}}.
Settings from the environment: PYRULES_CARDS (card files every command reads, before its --cards),
PYRULES_CACHE_DIR, PYRULES_LIMITS, PYRULES_SERVE, PYRULES_DEBUG (a traceback instead of the one-line internal
error).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from pyrules import __version__, api
from pyrules.errors import KnowledgeBaseError, ScenarioError, did_you_mean, one_line
from pyrules.input.limits import cap_memory, out_of_memory

COMMANDS = ("show", "actions", "explain", "plan", "cards", "import", "examples", "serve", "batch", "completion")
ANSWERING = ("show", "actions", "explain", "cards", "plan")     # answered by pyrules.api.respond
SHELLS = ("bash", "zsh", "fish", "tcsh", "powershell")
CARDS_ENV = "PYRULES_CARDS"      # card files (os.pathsep between them) read before the command's own --cards

# Each command's examples, shown at the end of its --help (tests/test_cli_conventions.py runs or parses each).
EXAMPLES = {
    "show": [
        ("pyrules show examples/arcee_march_opponent_turn.yaml arcee", "one object's characteristics"),
        ("pyrules show examples/timeline_uro_escape.yaml --step 2", "the state after the timeline's first 2 actions"),
        ("pyrules show examples/arcee_march_opponent_turn.yaml arcee --json", "the same as one JSON document"),
        ("pyrules show examples/arcee_march_opponent_turn.yaml --explain", "with each property's short answer"),
    ],
    "actions": [
        ("pyrules actions examples/cast_uro_escape.yaml", "what the player with priority may do now"),
        ("pyrules actions examples/mana_can_i_escape_uro.yaml --all", "and what they may not, with the reasons"),
        ("pyrules actions examples/arcee_march_opponent_turn.yaml --player alice --all", "another player's options"),
    ],
    "explain": [
        ("pyrules explain examples/arcee_march_opponent_turn.yaml arcee.power", "why a property has its value"),
        ("pyrules explain examples/cast_uro_escape.yaml cast uro escape", "why a way to cast is allowed"),
        ("pyrules explain examples/arcee_march_your_turn.yaml why not ring.can_attack", "why something is not so"),
        ("pyrules explain examples/cast_uro_escape.yaml cast uro escape --format html", "one self-contained page"),
    ],
    "plan": [
        ('pyrules plan examples/plan_kroxa_escape.yaml "cast kroxa escape"', "the shortest line of actions to a goal"),
        ('pyrules plan examples/plan_kroxa_escape.yaml "kroxa.zone = battlefield" --all --horizon 6',
         "every shortest plan"),
    ],
    "cards": [
        ("pyrules cards", "every card pyrules knows"),
        ("pyrules cards uro", "one card, line by line, with what the knowledge base reads of each line"),
        ("pyrules cards --coverage", "how much of the cards' text is modelled"),
        ("pyrules cards --cards oracle-cards.json 'Llanowar Elves'", "a card from a Scryfall bulk file"),
    ],
    "import": [
        ("pyrules import docs/samples/lethal_bears.pzl", "a Forge puzzle as a scenario, with its goal (YAML)"),
        ("pyrules import docs/samples/lethal_bears.pzl --players ann,ben > puzzle.yaml",
         "its players named, into a file: then pyrules plan puzzle.yaml --opponents any"),
        ("pyrules import PP01.pzl --cards oracle-cards.json", "a puzzle whose cards come from a card file"),
    ],
    "examples": [
        ("pyrules examples", "the bundled example scenarios"),
        ("pyrules examples --copy my-examples", "copy them all into the folder my-examples"),
        ("pyrules examples cast_uro_escape", "print one (pyrules examples NAME > file.yaml)"),
    ],
    "serve": [
        ("pyrules serve", "the HTTP JSON API and the page at http://127.0.0.1:8000/"),
        ("pyrules serve --port 8080 --workers 4 --max-seconds 30", "four workers, 30 s per request"),
    ],
    "batch": [
        ("pyrules batch examples --jobs 2", "every scenario of a folder, on two processes"),
        ("pyrules batch requests.jsonl --command actions --all", "a JSON Lines file of scenarios or requests"),
        ("pyrules batch examples --dask local", "on a Dask cluster started on this machine"),
    ],
    "completion": [
        ('eval "$(pyrules completion bash)"', "tab completion in this bash session (add it to ~/.bashrc)"),
        ("pyrules completion zsh > ~/.zfunc/_pyrules", "for zsh, in a folder of your $fpath"),
        ("pyrules completion fish > ~/.config/fish/completions/pyrules.fish", "for fish"),
    ],
}


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help formatter (descriptions and examples kept as written), told the terminal's width up
    front: left to itself it imports shutil for that whenever a parser is built (some 5 ms of every command's
    start), though help is rarely printed."""

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

    def error(self, message: str):  # one line naming the option, exit 2 (argparse prints the whole usage otherwise)
        raise _argparse_error(self, message)


def _argparse_error(parser: argparse.ArgumentParser, message: str) -> ScenarioError:
    """argparse's message as one line naming the option, with the closest option or value it may have meant."""
    m = re.match(r"argument (\S+?)(?:/\S+)?: invalid choice: '(.*)' \(choose from (.*)\)$", message)
    if m:
        field, value = m.group(1), m.group(2)
        choices = re.findall(r"'([^']*)'", m.group(3))
        if field == "COMMAND":
            return ScenarioError("command", f"unknown command {value!r}{did_you_mean(value, choices)} "
                                            f"(commands: {', '.join(choices)})")
        return ScenarioError(field, f"{value!r} is not one of: {', '.join(choices)}{did_you_mean(value, choices)}")
    m = re.match(r"unrecognized arguments: (.*)$", message)
    if m:
        words = m.group(1).split()
        options = [o for o in parser._option_string_actions if o.startswith("--") and o != "--help"]
        command = (parser.usage or "pyrules").split(" ")[1:2] or ["pyrules"]
        command = "pyrules" if command[0].startswith("[") else command[0]
        for w in words:
            if w.startswith("-"):
                name = w.split("=", 1)[0]
                hint = did_you_mean(name, options)
                others = _commands_with(name) if not hint else []
                if others:
                    hint = f" (it goes with {', '.join(others)})"
                return ScenarioError("arguments", f"{command} has no option {name}{hint} (usage: {parser.usage})")
        return ScenarioError("arguments", f"unexpected argument {words[0]!r} (usage: {parser.usage})")
    m = re.match(r"argument (\S+?)(?:/\S+)?: (invalid \w+ value|expected one argument)(: '(.*)')?$", message)
    if m:
        if m.group(2) == "expected one argument":
            return ScenarioError(m.group(1), "needs a value")
        kind = {"int": "a whole number", "float": "a number"}.get(m.group(2).split()[1], "a value of another kind")
        return ScenarioError(m.group(1), f"must be {kind}, not {m.group(4)!r}")
    m = re.match(r"the following arguments are required: (.*)$", message)
    if m:
        return ScenarioError("arguments", f"{m.group(1)} {'is' if ',' not in m.group(1) else 'are'} required "
                                          f"(usage: {parser.usage})")
    m = re.match(r"ambiguous option: (\S+) could match (.*)$", message)
    if m:
        return ScenarioError("arguments", f"{m.group(1)} could be any of {m.group(2)}: write it whole")
    return ScenarioError("arguments", message)


def _commands_with(option: str) -> list[str]:
    """The commands that have this option (for an error naming it where it doesn't apply)."""
    built = getattr(_parser, "sub", None)
    try:
        every = _parser(None)._subparsers._group_actions[0].choices
        return [name for name, sp in every.items() if option in sp._option_string_actions]
    finally:
        _parser.sub = built


def usage_of(parser: argparse.ArgumentParser, name: str) -> str:
    """A command's usage line made from its parser: the positional arguments, then every option with its value
    (the choices when it has a few), in the order they are declared."""
    parts = [f"pyrules {name}"]
    for a in parser._actions:
        if a.option_strings or isinstance(a, argparse._SubParsersAction):
            continue
        m = a.metavar or a.dest.upper()
        words = getattr(a, "words", False)   # several words read as one (a query, a goal, a card name)
        if a.nargs == "*":
            parts.append(f"[{m}]" if words else f"[{m} ...]")
        elif a.nargs == "+":
            parts.append(m if words else f"{m} ...")
        elif a.nargs == "?":
            parts.append(f"[{m}]")
        else:
            parts.append(m)
    for a in parser._actions:
        if not a.option_strings or isinstance(a, argparse._HelpAction):
            continue
        opt = max(a.option_strings, key=len)
        if a.nargs == 0:
            parts.append(f"[{opt}]")
        else:
            value = "|".join(a.choices) if a.choices else (a.metavar or a.dest.upper())
            parts.append(f"[{opt} {value}]")
    return " ".join(parts)


def _epilog(name: str) -> str:
    lines = ["examples:"]
    for command, what in EXAMPLES[name]:
        lines.append(f"  {command}")
        lines.append(f"      {what}")
    if name in ("show", "actions", "explain", "plan", "batch"):
        lines.append("")
        lines.append("(examples/ is the folder of bundled scenarios: pyrules examples --copy examples puts it here)")
    return "\n".join(lines)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser. For a known command only that command's parser is built (serve's and batch's
    options import their modules); for anything else (no command, --help, --version, a typo, completion) all of
    them, for the usage and the list of commands."""
    p = _Parser(prog="pyrules", description="A declarative rules knowledge base for Magic: The Gathering.",
                usage="pyrules [--version] COMMAND ...",
                epilog="Each command's examples: pyrules COMMAND --help. Documentation: docs/ (mkdocs serve).")
    p.add_argument("--version", action="version", version=f"pyrules {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    _parser.sub = sub

    def want(name: str) -> bool:   # (--version needs no command's parser)
        return command == name or (command not in COMMANDS and command != "--version")

    def add(name: str, help_text: str):
        return sub.add_parser(name, help=help_text, description=help_text[:1].upper() + help_text[1:] + ".",
                              epilog=_epilog(name))

    def common(sp, step=True, no_timeline="the card database has no timeline"):
        sp.add_argument("--json", action="store_true", help="one JSON document on stdout")
        sp.add_argument("--step", type=int, default=None, metavar="N",
                        help="the state after the first N actions of the timeline (default: all)" if step else
                        f"taken like every command's, so a script may pass the same options to each; {no_timeline}: "
                        "it changes nothing")
        sp.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="more cards: a Scryfall card, list or bulk file, or MTGJSON AtomicCards (repeatable; "
                             f"${CARDS_ENV} names files every command reads)")

    def scenario_arg(sp):
        sp.add_argument("scenario", metavar="SCENARIO", help="a YAML or JSON scenario file, or - for standard input")

    def words(action):
        action.words = True
        return action

    if want("show"):
        s = add("show", "the derived characteristics of objects")
        scenario_arg(s)
        s.add_argument("ids", nargs="*", default=[], metavar="ID", help="only these objects (default: all)")
        s.add_argument("--explain", action="store_true", help="attach an explanation tree to each property")
        common(s)

    if want("actions"):
        a = add("actions", "every action a player may take now, with its cost and why not")
        scenario_arg(a)
        a.add_argument("--player", metavar="P", help="whose options (default: the player with priority)")
        a.add_argument("--all", action="store_true", help="list the options that are not legal too, with the reasons")
        a.add_argument("--explain", action="store_true", help="each option's short answer (and its tree with --json)")
        a.add_argument("--depth", type=int, default=None, metavar="N", help="with --explain: cut the trees at depth N")
        common(a)

    if want("explain"):
        e = add("explain", "why a conclusion holds, as a tree of rules and rulings")
        scenario_arg(e)
        words(e.add_argument("query", nargs="+", metavar="QUERY",
                             help="OBJECT.PROPERTY, 'cast OBJECT [METHOD] [PART]', 'why not ...', 'trigger OBJECT' "
                                  "(see the docs' Queries and goals)"))
        e.add_argument("--format", choices=("text", "json", "dot", "html"), default=None,
                       help="text (default), json, dot (Graphviz source) or html (one self-contained page)")
        e.add_argument("--render", metavar="FILE", help="with --format dot: render to FILE (.svg, .png or .pdf) with Graphviz")
        e.add_argument("--player", metavar="P", help="whose options, for cast queries (default: the player with priority)")
        e.add_argument("--depth", type=int, default=None, metavar="N", help="cut the tree at depth N")
        common(e)

    if want("plan"):
        pl = add("plan", "the shortest legal lines of actions to a goal ('how can I ...')")
        scenario_arg(pl)
        words(pl.add_argument("goal", nargs="*", metavar="GOAL",
                              help="OBJECT.PROPERTY = VALUE, OBJECT.PROPERTY != VALUE, PLAYER.life <= N, "
                                   "cast OBJECT [METHOD], PLAYER loses, PLAYER wins, joined with ' and ' (see the "
                                   "docs' Queries and goals; default: the scenario's goal: field)"))
        pl.add_argument("--player", metavar="P", help="who plans (default: the player with priority); the others only pass")
        pl.add_argument("--horizon", type=int, default=None, metavar="N", help="the most actions a plan may take (default 10)")
        pl.add_argument("--all", action="store_true", help="every shortest plan (at most 20), not only the preferred one")
        pl.add_argument("--explain", action="store_true", help="each step's why, and the goal's (in --json: always)")
        pl.add_argument("--no-explain", dest="no_explain", action="store_true",
                        help="with --json: leave the explanation out (it takes about as long as the search)")
        pl.add_argument("--budget", type=float, default=None, metavar="S",
                        help="seconds of search before answering that the limit was hit (default 120)")
        pl.add_argument("--opponents", choices=("pass", "any"), default=None,
                        help="pass: the other players only pass (default); any: a strategy that reaches the goal "
                             "whatever they do, every line of play it allows")
        pl.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="states worked out at once, each in a process (default: one per core)")
        pl.add_argument("--dask", metavar="ADDRESS", default=None,
                        help="work the states out on a Dask cluster: tcp://host:port of its scheduler, or 'local' "
                             "(--jobs worker processes on this machine)")
        common(pl)

    if want("cards"):
        c = add("cards", "the card database: list, one card line by line, or coverage")
        words(c.add_argument("name", nargs="*", default=[], metavar="NAME",
                             help="a card name as you'd type it (either face, 'Front // Back', a prefix)"))
        c.add_argument("--coverage", action="store_true", help="how much of the cards' text is modelled")
        common(c, step=False)   # (every command takes --step; the card database has no timeline: a note says so)

    if want("import"):
        im = add("import", "a Forge puzzle or game-state file as a scenario (YAML on stdout), with its goal")
        im.add_argument("file", metavar="FILE.pzl", help="a Forge puzzle (.pzl) or game-state file, or - for standard input")
        im.add_argument("--players", metavar="NAME,NAME", default=None,
                        help="the players' names, Forge's Human (p0) first (default: alice,bob)")
        common(im, step=False, no_timeline="a puzzle file has no timeline")

    if want("examples"):
        x = add("examples", "list, print or copy the bundled example scenarios")
        x.add_argument("names", nargs="*", default=[], metavar="NAME",
                       help="these examples (with or without .yaml; default: all)").completer = _example_names
        x.add_argument("--copy", metavar="DIR", help="copy them into DIR (made if missing; no file is overwritten)")
        x.add_argument("--json", action="store_true", help="the list as one JSON document")

    if want("serve"):
        from pyrules.apps import service  # it imports its optional dependencies only when it runs

        sv = add("serve", "an HTTP JSON API and a page to explore scenarios (pip install 'pyrules-mtg[serve]')")
        service.add_arguments(sv)
        sv.epilog = _epilog("serve")
    if want("batch"):
        from pyrules.apps import batch   # (as serve: its optional dependencies are imported when it runs)

        b = add("batch", "many scenarios answered in parallel, one JSON line each")
        batch.add_arguments(b)
        b.epilog = _epilog("batch")
    if want("completion"):
        co = add("completion", "a shell completion script for pyrules (argcomplete)")
        co.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash, zsh, fish, tcsh or powershell")

    for name, sp in sub.choices.items():
        if sp.formatter_class is argparse.RawDescriptionHelpFormatter:
            sp.formatter_class = _Formatter
        sp.usage = usage_of(sp, name)
    return p


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _dump(data) -> None:
    _out(json.dumps(data, indent=2, ensure_ascii=False))


# ------------------------------------------------------------------------------------------------ progress

PROGRESS_AFTER = 1.0   # seconds of work before a progress line appears (on a terminal only)


class Progress:
    """A line on stderr saying what pyrules is doing, once the work has taken over PROGRESS_AFTER seconds, when
    stderr is a terminal: "pyrules: indexing the card file oracle-cards.json (first use)… 3 s". It is updated
    every second and erased when the work is done; nothing is written for quick work or into a pipe or file."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.what = ""
        self.t0 = time.monotonic()
        self.shown = False
        self._stop = threading.Event()
        self._thread = None
        try:
            tty = self.stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        if tty:
            self._thread = threading.Thread(target=self._run, name="pyrules-progress", daemon=True)
            self._thread.start()

    def doing(self, what: str) -> None:
        self.what = what

    def _run(self) -> None:
        if self._stop.wait(PROGRESS_AFTER):
            return
        while True:
            what = self.what
            if what:
                self.stream.write(f"\r\x1b[Kpyrules: {what}… {time.monotonic() - self.t0:.0f} s")
                self.stream.flush()
                self.shown = True
            if self._stop.wait(1.0 if what else 0.05):
                return

    def done(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            if self.shown:
                self.stream.write("\r\x1b[K")
                self.stream.flush()


def _prepare(args, progress: Progress) -> None:
    """The work done before a command's answer that can take seconds the first time, each named for the progress
    line: indexing a big card file (once per file's content), compiling the knowledge base (once per version of
    the rules). Both are cached, so the answer itself finds them ready."""
    if args.cards:
        progress.doing(f"reading the card file{'s' if len(args.cards) > 1 else ''} "
                       f"{', '.join(os.path.basename(f) for f in args.cards)} (a big file is indexed on first use)")
        api.card_db(tuple(args.cards))
    if args.command != "cards":
        from pyrules.kb.compile import kb   # (not for cards: it imports clingo, which listing cards doesn't need)

        progress.doing("preparing the knowledge base (on the first run of this version: a few seconds)")
        kb()
    if args.command == "plan":
        progress.doing(f"searching for a plan to {' '.join(args.goal)!r}" if args.goal else "searching for a plan to the scenario's goal")
    else:
        progress.doing(f"answering {args.command}")


# ------------------------------------------------------------------------------------------------ commands

def run(argv: list[str]) -> int:
    parser = _parser(argv[0] if argv else None)
    if not argv:
        parser.print_usage(sys.stderr)
        raise ScenarioError("command", "a command is required (one of: " + ", ".join(COMMANDS) + ")")
    if argv[0] in COMMANDS:   # options may come between the ids
        sp = _parser.sub.choices[argv[0]]
        args = sp.parse_intermixed_args(argv[1:]) if argv[0] in ANSWERING else sp.parse_args(argv[1:])
        args.command = argv[0]
    elif not argv[0].startswith("-"):
        raise ScenarioError("command", f"unknown command {argv[0]!r}{did_you_mean(argv[0], COMMANDS)} "
                                       f"(commands: {', '.join(COMMANDS)})")
    else:
        args = parser.parse_args(argv)
    if args.command is None:
        parser.print_usage(sys.stderr)
        raise ScenarioError("command", "a command is required (one of: " + ", ".join(COMMANDS) + ")")
    run.json = getattr(args, "json", False)
    if args.command in ANSWERING + ("import",):   # (the checks every surface makes first, with the same messages)
        api.check_options({"step": getattr(args, "step", None), "depth": getattr(args, "depth", None)})
    _refuse_what_does_not_apply(args)
    if hasattr(args, "cards"):
        args.cards = _env_cards() + list(args.cards)
    if args.command == "completion":
        return _completion(args.shell)
    if args.command == "examples":
        return _examples(args)
    if args.command == "import":
        return _import(args)
    if args.command in ("serve", "batch"):
        from pyrules.apps import batch, service

        return (service if args.command == "serve" else batch).main(args)
    progress = Progress()
    try:
        _prepare(args, progress)
        answered = api.respond(args.command, _request(args))
    finally:
        progress.done()
    if args.json or (args.command == "explain" and args.format == "json"):
        _dump(answered.document)
    else:
        _out(_text(args, answered))
    return answered.code


def _refuse_what_does_not_apply(args) -> None:
    """An option given where it changes nothing is refused (one line naming it), not silently ignored."""
    c = args.command
    if c == "explain":
        if args.json and args.format not in (None, "json"):
            raise ScenarioError("--format", f"--json prints one JSON document; --format {args.format} prints another format: give one of them")
        if args.render and (args.format or "text") != "dot":
            raise ScenarioError("--render", "goes with --format dot")
    if c == "actions" and args.depth is not None and not args.explain:
        raise ScenarioError("--depth", "cuts explanation trees: it goes with --explain")
    if c == "plan":
        if args.no_explain and args.explain:
            raise ScenarioError("--no-explain", "--explain asks for the explanation and --no-explain leaves it out: give one of them")
        if args.no_explain and not args.json:
            raise ScenarioError("--no-explain", "goes with --json (the text shows the explanation only with --explain)")
    if c == "examples" and args.json and args.copy:
        raise ScenarioError("--json", "lists the examples: it doesn't go with --copy")
    if c == "batch":
        command = args.batch_command
        for option, dest, commands in (("--query", "query", ("explain",)), ("--goal", "goal", ("plan",)),
                                       ("--horizon", "horizon", ("plan",)), ("--opponents", "opponents", ("plan",)),
                                       ("--all", "all", ("actions", "plan")),
                                       ("--explain", "explain", ("show", "actions", "plan")),
                                       ("--player", "player", ("actions", "explain", "plan"))):
            if getattr(args, dest) not in (None, False) and command not in commands:
                raise ScenarioError(option, f"applies to --command {' or '.join(commands)}, not {command}")


def _env_cards() -> list[str]:
    """The card files $PYRULES_CARDS names (os.pathsep between them), each of which must exist."""
    value = os.environ.get(CARDS_ENV, "")
    files = [f for f in value.split(os.pathsep) if f.strip()]
    for f in files:
        if not os.path.isfile(f):
            raise ScenarioError(CARDS_ENV, f"{f!r} is not a file (it names card files, separated by {os.pathsep!r})")
    return files


def _request(args) -> dict:
    """The request a command's arguments make (pyrules.api.respond's fields)."""
    request = {"cards": list(args.cards)}
    if args.command == "cards":
        if args.step is not None:   # (taken, as every command takes it; said, as it changes nothing here)
            print("pyrules: note: --step changes nothing for cards (the card database has no timeline)",
                  file=sys.stderr)
        return dict(request, name=" ".join(args.name) if args.name else None, coverage=args.coverage)
    request.update(scenario=args.scenario, step=args.step)
    if args.command == "show":
        request.update(ids=args.ids or None, explain=args.explain)
    elif args.command == "actions":
        request.update(player=args.player, all=args.all, explain=args.explain, depth=args.depth)
    elif args.command == "explain":
        request.update(query=" ".join(args.query), player=args.player, depth=args.depth)
    elif args.command == "plan":
        # (the JSON answer carries the explanation, docs/guide/plans.md, unless asked not to; the text, with --explain)
        request.update(goal=" ".join(args.goal) or None, player=args.player, horizon=args.horizon, all=args.all,
                       explain=(args.explain or args.json) and not args.no_explain, budget=args.budget,
                       opponents=args.opponents, jobs=args.jobs, dask=args.dask)
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
        text = actions_text(data, args.explain, ability_text=lambda oid, ability: _ability_text(ev, oid, ability))
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


def _ability_text(ev, oid: str, ability) -> str | None:
    """The printed text of an object's activated ability, as `actions` names it (a line number of the face it
    shows, or a keyword such as equip): what the ability does, for the text output. None when it isn't printed
    on the object's own card (an ability another object grants)."""
    try:
        card = ev._card_of(oid)
        face = ev.objects[oid].face or "front"
    except (KeyError, AttributeError):
        return None
    if card is None:
        return None
    for line in card.reading():
        if line.face != face:
            continue
        if (isinstance(ability, int) and line.line == ability) or \
                (isinstance(ability, str) and any(re.sub(r"_\d+$", "", n) == ability for n in line.names)):
            text = line.text.strip()
            if text.startswith("(") and text.endswith(")"):   # a basic land's intrinsic ability, as reminder text
                text = text[1:-1]
            return text
    return None


def cards_text(data: dict) -> str:
    if "cards" in data and "lines" in data:   # coverage
        from pyrules.answers.render import clip   # (here only: the answers' modules cost ~95 ms to import)

        lines = [f"{data['cards']} cards, {data['lines']} lines of text: {data['lines_modelled']} modelled "
                 f"({100 * data['share_modelled']:.1f}%), {data['lines_read']} read, {data['lines_not_modelled']} not "
                 f"modelled; {data['cards_fully_modelled']} cards fully modelled"]
        lines.append("by kind of ability (modelled / lines):")
        for k, v in data["by_template"].items():
            lines.append(f"  {k:28} {v['modelled']:6} / {v['lines']}" + (f"   ({v['read']} read)" if v["read"] else ""))
        if data["most_common_not_modelled"]:
            lines.append("most common lines not modelled:")
            for m in data["most_common_not_modelled"]:
                lines.append(f"  {m['count']:5}  {clip(m['text'], 100)}")
        completing = [m for m in data["missing_by_family"] if m["cards_it_would_complete"]][:10]
        if completing:
            lines.append("what is missing, by the cards it alone keeps from being fully modelled (--json lists them):")
            for m in completing:
                lines.append(f"  {len(m['cards_it_would_complete']):5}  {clip(m['missing'], 100)}")
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
            mark = {"modelled": "✓", "read": "~"}.get(ln["status"], "✗")
            names = f"  [{', '.join(ln['abilities'])}]" if ln["abilities"] else ""
            lines.append(f"    {ln['line']}. {mark} {ln['text']}{names}")
            if ln["status"] != "not_modelled" and ln.get("parse") and ln["parse"] != "reminder text":
                lines.append(f"         read as: {ln['parse']}")
            if ln["status"] == "read":
                lines.append(f"         no rules yet for: {'; '.join(ln['missing'])}")
            if ln["status"] == "not_modelled" and ln.get("reason"):
                lines.append(f"         not modelled: {ln['reason']}")
    if data.get("source"):
        lines.append(f"  source: {data['source']}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------ examples

def examples_dir() -> Path | None:
    """The bundled examples: pyrules/examples/ in an installed wheel (pyproject.toml maps the package
    pyrules.examples to examples/), examples/ beside the package in a checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "examples", package.parent / "examples"):
        if candidate.is_dir() and any(candidate.glob("*.yaml")):
            return candidate
    return None


def _example_files() -> dict[str, Path]:
    folder = examples_dir()
    if folder is None:
        raise ScenarioError("examples", "no bundled examples found (pyrules/examples/ is missing from this installation)")
    return {f.name: f for f in sorted(folder.glob("*.yaml"))}


def _example_names(**_) -> list[str]:
    """The examples' names, for shell completion."""
    return [n[: -len(".yaml")] for n in _example_files()]


def _first_sentence(text: str, width: int = 78) -> str:
    from pyrules.answers.render import clip   # (here only: see _text)

    text = " ".join(str(text).split())
    end = re.search(r"(?<=[a-z0-9)])[.:;] ", text)
    return clip(text[: end.start() + 1] if end else text, width).rstrip(".:;")


def _import(args) -> int:
    """`pyrules import FILE.pzl`: the scenario of a Forge puzzle, as YAML (or JSON) on stdout."""
    players = None
    if args.players is not None:
        players = [p.strip() for p in args.players.split(",")]
    data = api.import_puzzle(args.file, tuple(args.cards), players)
    if args.json:
        _dump(data)
    else:
        import yaml

        _out(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120))
    return 0


def _examples(args) -> int:
    from pyrules.input.document import parse_text   # (YAML's parser: only the examples' descriptions need it here)

    files = _example_files()
    chosen = list(files)
    if args.names:
        chosen = []
        for name in args.names:
            key = name if name in files else f"{name}.yaml"
            if key not in files:
                stems = [n[:-5] for n in files]
                raise ScenarioError("NAME", f"no example {name!r}{did_you_mean(name, stems)} (pyrules examples lists them)")
            chosen.append(key)
    if args.copy:
        target = Path(args.copy)
        if target.exists() and not target.is_dir():
            raise ScenarioError("--copy", f"{args.copy!r} is a file, not a folder")
        clash = [n for n in chosen if (target / n).exists()]
        if clash:
            raise ScenarioError("--copy", f"{str(target / clash[0])!r} already exists: pyrules overwrites no file "
                                          "(remove it, or copy into another folder)")
        target.mkdir(parents=True, exist_ok=True)
        for n in chosen:
            shutil.copyfile(files[n], target / n)
        first = target / chosen[0]
        _out(f"copied {len(chosen)} example scenario{'s' if len(chosen) != 1 else ''} into {target}/ "
             f"(try: pyrules show {first})")
        return 0
    if args.names and len(chosen) == 1 and not args.json:
        sys.stdout.write(files[chosen[0]].read_text(encoding="utf-8"))
        return 0
    listed = []
    for n in chosen:
        try:
            data = parse_text(files[n].read_text(encoding="utf-8"), n)
            description = data.get("description", "") if isinstance(data, dict) else ""
        except ScenarioError:
            description = ""
        listed.append({"name": n, "description": " ".join(str(description).split())})
    if args.json:
        _dump({"examples": listed})
        return 0
    width = max(len(e["name"]) for e in listed)
    lines = [f"{len(listed)} example scenarios (pyrules examples NAME prints one; --copy DIR copies them):"]
    lines += [f"  {e['name']:{width}}  {_first_sentence(e['description'])}".rstrip() for e in listed]
    _out("\n".join(lines))
    return 0


def _completion(shell: str) -> int:
    import argcomplete

    sys.stdout.write(argcomplete.shellcode(["pyrules"], shell=shell))
    return 0


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


def _complete(in_process: bool) -> None:
    """Shell completion (argcomplete): when the shell asks ($_ARGCOMPLETE set), print the completions of the
    words typed and stop. Every command's parser is built, so commands, options and their values complete."""
    import argcomplete

    finder = argcomplete.CompletionFinder()
    if in_process:   # (argcomplete's debug stream is file descriptor 9: in a caller's process it may be another file)
        finder._init_debug_stream = lambda: None
    finder(_parser(None), exit_method=sys.exit if in_process else os._exit)


def main(argv: list[str] | None = None) -> int:
    if "_ARGCOMPLETE" in os.environ:
        _complete(argv is not None)
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
        # the answer is written: save the card lines the grammar read (if it read any), then end the process
        # without tearing down clingo's program and every module one by one (tens of milliseconds for nothing)
        grammar = sys.modules.get("pyrules.cards.grammar")
        if grammar is not None:
            grammar.save_parsed()
        os._exit(code)
    return code


if __name__ == "__main__":
    main()
