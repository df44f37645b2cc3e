"""Issue 30: the conventions people expect of a command line, each checked through the command line itself
(in process: conftest.cli runs pyrules.apps.cli.main).

- every command's --help ends with examples, and each example parses (the cheap ones are run too);
- usage lines are made from the parsers, so they name every option;
- an option that doesn't apply is refused, naming it, never ignored;
- did-you-mean for commands, options and every enumerated value (phases, steps, zones, action kinds, methods);
- a tab in YAML is named as a tab; every unknown card of a scenario is reported at once;
- shell completion (argcomplete); a progress line on stderr when it is a terminal; PYRULES_CARDS;
- `pyrules examples` lists, prints and copies the bundled examples.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, ROOT, cli

from pyrules.apps import cli as cli_module

EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def one_error(r) -> str:
    """The single error line of a refused command (exit 2, nothing on stdout)."""
    assert r.returncode == 2, (r.stdout, r.stderr)
    if r.stdout.startswith('{"error"'):   # (--json: the error is the JSON document)
        err = json.loads(r.stdout)["error"]
        return f"pyrules: error: {err['field']}: {err['message']}"
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pyrules: error: "), r.stderr
    return lines[0]


def scenario_file(tmp_path, data, name="s.yaml") -> str:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(p)


BASE = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
        "objects": [{"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"}]}


# ------------------------------------------------------------------------------------------------ help

RUN = ("show", "actions", "explain", "cards", "examples")   # the commands whose examples are cheap to run


@pytest.mark.parametrize("command", cli_module.COMMANDS)
def test_every_command_help_ends_with_examples(command):
    r = cli(command, "--help")
    assert r.returncode == 0
    assert r.stdout.startswith("usage: pyrules " + command)
    examples = r.stdout.split("\nexamples:\n", 1)
    assert len(examples) == 2, f"no examples in pyrules {command} --help"
    listed = [line.strip() for line in examples[1].splitlines() if line.startswith("  ") and not line.startswith("      ")]
    assert len(listed) >= 2 and all(f"pyrules {command}" in line for line in listed)


def _example_argv(line: str) -> list[str]:
    words = shlex.split(line.split(" > ")[0].replace('eval "$(', "").replace(')"', ""))
    assert words[0] == "pyrules"
    return words[1:]


@pytest.mark.parametrize("line", [line for c in cli_module.EXAMPLES for line, _ in cli_module.EXAMPLES[c]])
def test_every_help_example_parses_and_the_cheap_ones_run(line, tmp_path):
    argv = _example_argv(line)
    command = argv[0]
    cli_module._parser(command)   # (builds the command's parser)
    parser = cli_module._parser.sub.choices[command]
    args = parser.parse_intermixed_args(argv[1:]) if command in cli_module.ANSWERING else parser.parse_args(argv[1:])
    assert args is not None
    if command in RUN and "--cards" not in argv and "--copy" not in argv:
        r = cli(*argv)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip()


# ------------------------------------------------------------------------------------------------ usage lines

@pytest.mark.parametrize("command", cli_module.COMMANDS)
def test_usage_lines_name_every_option(command):
    cli_module._parser(command)
    parser = cli_module._parser.sub.choices[command]
    usage = parser.usage
    for action in parser._actions:
        if action.option_strings:
            if "--help" in action.option_strings:
                continue
            assert max(action.option_strings, key=len) in usage, (command, action.option_strings, usage)
        else:
            assert (action.metavar or action.dest.upper()) in usage
    assert cli(command, "--help").stdout.startswith(f"usage: {usage}\n")


def test_explain_usage_line_is_complete():
    """The issue's case: explain's usage line omitted --player, --json, --step and --cards."""
    usage = cli("explain", "--help").stdout.splitlines()[0]
    for option in ("--format text|json|dot|html", "--render FILE", "--player P", "--depth N", "--json", "--step N",
                   "--cards FILE"):
        assert option in usage
    assert usage.startswith("usage: pyrules explain SCENARIO QUERY ")


def test_a_missing_argument_is_named_with_the_usage():
    line = one_error(cli("explain", "examples/cast_uro_escape.yaml"))
    assert "QUERY is required (usage: pyrules explain SCENARIO QUERY" in line


# ------------------------------------------------------------------------------------------------ refused

@pytest.mark.parametrize("argv, field, words", [
    (["cards", "Grizzly Bears", "--horizon", "3"], "arguments", "cards has no option --horizon (it goes with plan"),
    (["actions", "examples/cast_uro_escape.yaml", "--depth", "2"], "--depth", "goes with --explain"),
    (["plan", "examples/plan_kroxa_escape.yaml", "cast kroxa escape", "--no-explain"], "--no-explain", "goes with --json"),
    (["plan", "examples/plan_kroxa_escape.yaml", "cast kroxa escape", "--explain", "--no-explain"],
     "--no-explain", "give one of them"),
    (["explain", "examples/cast_uro_escape.yaml", "uro.power", "--render", "x.svg"], "--render", "goes with --format dot"),
    (["batch", "examples", "--goal", "bob.life <= 10"], "--goal", "applies to --command plan, not show"),
    (["batch", "examples", "--command", "plan", "--query", "uro.power"], "--query", "applies to --command explain"),
    (["examples", "--copy", "somewhere", "--json"], "--json", "doesn't go with --copy"),
])
def test_an_option_that_does_not_apply_is_refused(argv, field, words):
    line = one_error(cli(*argv))
    assert line.startswith(f"pyrules: error: {field}: ") and words in line


# ------------------------------------------------------------------------------------------------ did you mean

@pytest.mark.parametrize("argv, expected", [
    (["shwo", "examples/cast_uro_escape.yaml"], "unknown command 'shwo' — did you mean 'show'?"),
    (["show", "examples/cast_uro_escape.yaml", "--stpe", "1"], "show has no option --stpe — did you mean '--step'?"),
    (["explain", "examples/cast_uro_escape.yaml", "uro.power", "--format", "jsn"],
     "--format: 'jsn' is not one of: text, json, dot, html — did you mean 'json'?"),
    (["batch", "examples", "--command", "shw"], "--command: 'shw' is not one of: show, actions, explain, plan — did you mean 'show'?"),
    (["explain", "examples/cast_uro_escape.yaml", "cast", "uro", "escpe"], "did you mean 'escape'?"),
    (["explain", "examples/cast_uro_escape.yaml", "cast", "urp", "escape"], "unknown object 'urp' — did you mean 'uro'?"),
    (["actions", "examples/cast_uro_escape.yaml", "--player", "alcie"], "unknown player 'alcie' — did you mean 'alice'?"),
    (["examples", "cast_uro"], "no example 'cast_uro' — did you mean 'cast_uro_escape'?"),
])
def test_did_you_mean_on_the_command_line(argv, expected):
    assert expected in one_error(cli(*argv))


@pytest.mark.parametrize("change, field, expected", [
    (lambda d: d["turn"].update(phase="combat", step="attackers"), "turn.step", "did you mean 'declare_attackers'?"),
    (lambda d: d["turn"].update(phase="precombat_mian"), "turn.phase", "did you mean 'precombat_main'?"),
    (lambda d: d["objects"][0].update(zone="graveyrd"), "objects[0].zone", "did you mean 'graveyard'?"),
    (lambda d: d.update(actions=[{"cats": "bears"}]), "actions[0]", "did you mean 'cast'?"),
    (lambda d: d.update(actions=[{"cast": "bears", "method": "escpe"}]), "actions[0].method", "did you mean 'escape'?"),
    (lambda d: d.update(actions=[{"move": "bears", "to": "graveyrd"}]), "actions[0].to", "did you mean 'graveyard'?"),
    (lambda d: d.update(actions=[{"advance": {"phase": "combat", "step": "blockers"}}]), "actions[0].advance.step",
     "did you mean 'declare_blockers'?"),
    (lambda d: d["turn"].update(active="alcie"), "turn.active", "did you mean 'alice'?"),
])
def test_did_you_mean_for_every_enumerated_value(change, field, expected, tmp_path):
    d = json.loads(json.dumps(BASE))
    change(d)
    line = one_error(cli("show", scenario_file(tmp_path, d)))
    assert line.startswith(f"pyrules: error: {field}: ") and expected in line, line


def test_a_yaml_tab_is_named_as_a_tab(tmp_path):
    text = "players: [alice, bob]\nturn:\n\tactive: alice\n\tphase: precombat_main\nobjects: []\n"
    line = one_error(cli("show", scenario_file(tmp_path, text)))
    assert "line 3, column 1: a tab character: YAML indents with spaces, never tabs" in line
    assert "cannot start any token" not in line


def test_every_unknown_card_is_reported_at_once(tmp_path):
    d = json.loads(json.dumps(BASE))
    d["objects"] = [{"id": "a", "card": "Grizly Bears", "owner": "alice", "zone": "hand"},
                    {"id": "b", "card": "Sol Ring", "owner": "alice", "zone": "hand"},
                    {"id": "c", "card": "Uro, Titan of Natures Wrat", "owner": "alice", "zone": "hand"},
                    {"id": "d", "card": "Not A Card At All", "owner": "alice", "zone": "hand"}]
    line = one_error(cli("show", scenario_file(tmp_path, d)))
    assert line.startswith("pyrules: error: objects[0].card: unknown card 'Grizly Bears' — did you mean 'Grizzly Bears'?")
    assert "and 2 more: objects[2].card: unknown card 'Uro, Titan of Natures Wrat'" in line
    assert "objects[3].card: unknown card 'Not A Card At All'" in line and "objects[1]" not in line
    as_json = cli("show", scenario_file(tmp_path, d), "--json")
    assert json.loads(as_json.stdout)["error"]["field"] == "objects[0].card"


# ------------------------------------------------------------------------------------------------ completion

def _complete(monkeypatch, tmp_path, line: str) -> list[str]:
    out = tmp_path / "completions.txt"
    monkeypatch.setenv("_ARGCOMPLETE", "1")
    monkeypatch.setenv("COMP_LINE", line)
    monkeypatch.setenv("COMP_POINT", str(len(line)))
    monkeypatch.setenv("_ARGCOMPLETE_STDOUT_FILENAME", str(out))
    r = cli()
    assert r.returncode == 0
    return out.read_text().split("\x0b")


@pytest.mark.parametrize("line, expected", [
    ("pyrules sh", {"show"}),
    ("pyrules ex", {"examples", "explain"}),
    ("pyrules show --st", {"--step"}),
    ("pyrules explain x --format ", {"text", "json", "dot", "html"}),
    ("pyrules examples cast_u", {"cast_uro_escape"}),
])
def test_shell_completion(line, expected, monkeypatch, tmp_path):
    assert {w.strip() for w in _complete(monkeypatch, tmp_path, line)} == expected


@pytest.mark.parametrize("shell", cli_module.SHELLS)
def test_completion_scripts(shell):
    r = cli("completion", shell)
    assert r.returncode == 0 and '"pyrules"' in r.stdout or " pyrules" in r.stdout


# ------------------------------------------------------------------------------------------------ progress

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _cli_on_a_terminal(*args: str):
    out, err = io.StringIO(), _Terminal()
    old = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_module.main(list(args))
    finally:
        os.chdir(old)
    return code, out.getvalue(), err.getvalue()


def test_a_progress_line_on_a_terminal(monkeypatch):
    """Work that takes longer than PROGRESS_AFTER (a second; here a tenth) says what it is doing on a terminal.
    (Reading a card file is made slow here: indexing a real bulk file takes seconds, the test's file is small.)"""
    import time

    monkeypatch.setattr(cli_module, "PROGRESS_AFTER", 0.1)
    card_db = cli_module.api.card_db

    def slow_card_db(files=()):
        time.sleep(0.5)
        return card_db(files)

    monkeypatch.setattr(cli_module.api, "card_db", slow_card_db)
    code, out, err = _cli_on_a_terminal("cards", "Llanowar Elves", "--cards", "tests/data/mana_cards.json")
    assert code == 0 and "Llanowar Elves" in out
    assert "\r\x1b[Kpyrules: reading the card file mana_cards.json" in err
    assert err.endswith("\r\x1b[K")       # erased when the work is done
    monkeypatch.setattr(cli_module.api, "card_db", card_db)
    code, out, err = _cli_on_a_terminal("plan", "examples/plan_kroxa_escape.yaml", "cast kroxa escape")
    assert code == 0 and "searching for a plan to 'cast kroxa escape'" in err and err.endswith("\r\x1b[K")


def test_no_progress_line_into_a_pipe_or_for_quick_work(monkeypatch):
    monkeypatch.setattr(cli_module, "PROGRESS_AFTER", 0.0)
    r = cli("cards", "Llanowar Elves", "--cards", "tests/data/mana_cards.json")   # (stderr is not a terminal)
    assert r.returncode == 0 and r.stderr == ""
    monkeypatch.setattr(cli_module, "PROGRESS_AFTER", 30.0)
    code, _, err = _cli_on_a_terminal("show", "examples/cast_uro_escape.yaml", "uro")
    assert code == 0 and err == ""


# ------------------------------------------------------------------------------------------------ settings

def test_pyrules_cards_names_default_card_files(monkeypatch):
    assert "unknown card 'Llanowar Elves'" in one_error(cli("cards", "Llanowar Elves"))
    monkeypatch.setenv("PYRULES_CARDS", str(ROOT / "tests" / "data" / "mana_cards.json"))
    r = cli("cards", "Llanowar Elves")
    assert r.returncode == 0 and r.stdout.startswith("Llanowar Elves")
    monkeypatch.setenv("PYRULES_CARDS", "no/such/cards.json")
    assert one_error(cli("cards", "Llanowar Elves")).startswith("pyrules: error: PYRULES_CARDS: 'no/such/cards.json' is not a file")


# ------------------------------------------------------------------------------------------------ examples

def test_examples_lists_every_bundled_example():
    r = cli("examples")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"{len(EXAMPLE_FILES)} example scenarios")
    assert [line.split()[0] for line in lines[1:]] == EXAMPLE_FILES
    listed = json.loads(cli("examples", "--json").stdout)["examples"]
    assert [e["name"] for e in listed] == EXAMPLE_FILES and all(e["description"] for e in listed)


def test_examples_prints_and_copies(tmp_path):
    r = cli("examples", "cast_uro_escape")
    assert r.returncode == 0 and r.stdout == (EXAMPLES / "cast_uro_escape.yaml").read_text(encoding="utf-8")
    target = tmp_path / "mine"
    r = cli("examples", "--copy", str(target))
    assert r.returncode == 0 and r.stdout.startswith(f"copied {len(EXAMPLE_FILES)} example scenarios into {target}/")
    assert sorted(p.name for p in target.iterdir()) == EXAMPLE_FILES
    assert "already exists: pyrules overwrites no file" in one_error(cli("examples", "--copy", str(target)))
    r = cli("show", str(target / "arcee_march_opponent_turn.yaml"), "arcee")
    assert r.returncode == 0 and "Arcee, Acrobatic Coupe" in r.stdout
    one = tmp_path / "one"
    assert cli("examples", "plan_kroxa_escape", "--copy", str(one)).returncode == 0
    assert [p.name for p in one.iterdir()] == ["plan_kroxa_escape.yaml"]


def test_the_module_runs_as_the_command():
    """(python -m pyrules and the pyrules script are one entry point: completion needs the script's marker)"""
    assert Path(cli_module.__file__).read_text(encoding="utf-8").startswith("# PYTHON_ARGCOMPLETE_OK")
    assert sys.modules["pyrules.apps.cli"] is cli_module
