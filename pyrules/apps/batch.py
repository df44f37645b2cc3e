"""`pyrules batch`: many scenarios answered in parallel, one JSON line out per input, in input order.

    pyrules batch INPUT [--command show|actions|explain|plan] [--jobs N] [--dask ADDRESS|local]

INPUT is one of:
- a JSON Lines file (or `-` for standard input). Each non-blank line is one input:
  - a *request object* when it is a mapping with a "scenario" or "scenario_text" key:
    {"scenario": {...} or "scenario_text": "YAML or JSON", "step": N, "ids": [...], "player": P, "all": bool,
     "explain": bool, "query": "...", "depth": N, "goal": "...", "horizon": N, "command": "explain"}
    — the fields of the service's POST bodies, plus an optional "command" for that line alone;
  - otherwise a *scenario mapping* (the scenario itself, as its file would hold it).
  A scenario has no "scenario" or "scenario_text" key, so the two never mix up.
  Blank lines (nothing but spaces) are skipped; "input" still counts every line, so it is the line number an
  editor shows.
- a folder: its .yaml, .yml and .json files (not its subfolders), in sorted name order, each one scenario.

Output: one line per input, {"input": <line number, or file name>, "exit": <code>, "answer": <document>}, where
exit and answer are what `pyrules COMMAND --json` would give for it (pyrules.api.answer): 0 answered, 1 an
illegal timeline action (the answer says which), 2 bad input (the answer is {"error": {"field", "message"}}),
3 a bug in pyrules (an "internal error" message). A bad input never stops the batch.
The options --step, --player, --all, --explain, --query, --goal and --horizon apply to every input; a
request object's own fields take precedence over them.

The batch's own exit code is 0 when every input was answered (whatever each line's code), 3 when some line
is an internal error, and 2 for bad arguments (a missing INPUT, --jobs 0, an unreachable --dask address).

Parallelism: --jobs N answers on N local processes (each loads the knowledge base once, when it starts);
--dask ADDRESS sends the same work to a Dask cluster (`tcp://host:port` of a dask scheduler), and --dask local
starts a cluster on this machine with N worker processes. Inputs travel in chunks of --chunk inputs (default 4
to local processes, 16 to Dask, whose cost per task is higher) so the cost of sending each one is small; at most a few chunks per worker are in flight, so output streams
while the batch runs and memory stays bounded. Dask is an optional dependency: pip install 'pyrules-mtg[dist]'.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections import deque
from itertools import islice
from pathlib import Path
from typing import Iterable, Iterator

from pyrules.api import answer, card_db
from pyrules.apps.service import FIELDS, MAX_BODY, WARM_UP, build_request, internal_error
from pyrules.cluster import connect
from pyrules.errors import ScenarioError
from pyrules.input.document import parse_text

COMMANDS = ("show", "actions", "explain", "plan")
HELP = """Answer many scenarios, in parallel: one JSON line out per input, in input order,
{"input": <line number or file name>, "exit": <code>, "answer": <the command's --json document>}.

INPUT: a JSON Lines file (- for standard input) or a folder of .yaml/.yml/.json scenario files (sorted by
name). A line is a request object when it has a "scenario" or "scenario_text" key (fields as the service's
POST bodies, plus "command"), else a scenario itself. Blank lines are skipped (line numbers still count them).
A bad input is answered with its error on its line (exit 2) and the batch goes on.

On a Dask cluster: start `dask scheduler` on one machine and `dask worker tcp://SCHEDULER:8786` on each
machine (pyrules installed on all), then `pyrules batch INPUT --dask tcp://SCHEDULER:8786`."""
SUFFIXES = (".yaml", ".yml", ".json")
REQUEST_KEYS = ("scenario", "scenario_text")
LINE_FIELDS = {**FIELDS, "command": ("one of " + ", ".join(COMMANDS), (str,))}
DEFAULT_CHUNK = 4  # inputs per chunk sent to a local process
DASK_CHUNK = 16  # inputs per Dask task (a task costs the worker ~25 ms of its own)
MAX_LINE = MAX_BODY  # bytes of one JSON Lines line: the service's cap on one request

# An input: (label, kind, payload). kind "line" is one JSON Lines line (text), "text" one scenario file's text,
# "error" an input that could not even be read (payload: (field, message)).
Item = tuple


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# --- reading the inputs ------------------------------------------------------------------------------------

def read_items(source: str | Path) -> Iterator[Item]:
    """The inputs of INPUT, lazily and in order. A missing INPUT is a ScenarioError raised at once."""
    if str(source) == "-":
        return _lines(sys.stdin.buffer)
    path = Path(source)
    if path.is_dir():
        files = sorted((p for p in path.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file()), key=lambda p: p.name)
        return _files(files)
    if path.is_file():
        return _file_lines(path)
    raise ScenarioError("INPUT", f"{str(source)!r} is neither a JSON Lines file nor a folder")


def _file_lines(path: Path) -> Iterator[Item]:
    with path.open("rb") as f:
        yield from _lines(f)


def _lines(f) -> Iterator[Item]:
    number = 0
    while raw := f.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):  # never held whole: skipped to its end
            while raw and not raw.endswith(b"\n"):
                raw = f.readline(1 << 20)
            yield number, "error", ("input", f"line {number} is longer than {MAX_LINE // (1024 * 1024)} MiB")
            continue
        try:
            line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            yield number, "error", ("input", f"line {number} is not UTF-8 text ({exc.reason} at byte {exc.start})")
            continue
        if line.strip():
            yield number, "line", line


def _files(files: list[Path]) -> Iterator[Item]:
    for p in files:
        try:
            if p.stat().st_size > MAX_LINE:
                yield p.name, "error", ("scenario", f"{p.name} is larger than {MAX_LINE // (1024 * 1024)} MiB")
                continue
            yield p.name, "text", p.read_bytes().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            yield p.name, "error", ("scenario", f"{p.name} is not UTF-8 text ({exc.reason} at byte {exc.start})")
        except OSError as exc:
            yield p.name, "error", ("scenario", f"{p.name} cannot be read: {exc.strerror or exc}")


# --- answering one input (in whichever process or machine runs it) ---------------------------------------------

def answer_item(item: Item, command: str = "show", defaults: dict | None = None) -> tuple[int, str]:
    """(exit code, the output line) for one input."""
    label, kind, payload = item
    try:
        code, doc = _answer(label, kind, payload, command, defaults or {})
    except ScenarioError as exc:
        code, doc = 2, {"error": {"field": exc.field, "message": exc.message}}
    except Exception as exc:  # a bug: reported on its line, the batch goes on
        code, doc = 3, internal_error(exc)
    try:
        line = json.dumps({"input": label, "exit": code, "answer": doc}, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
    except (TypeError, ValueError) as exc:  # an answer that is not JSON: a bug
        code = 3
        line = json.dumps({"input": label, "exit": code, "answer": internal_error(exc)}, ensure_ascii=False)
    return code, line


def _answer(label, kind: str, payload, command: str, defaults: dict) -> tuple[int, dict]:
    cards = defaults.get("cards")   # --cards: card files for every input (a line may name its own as well)
    if "cards" in defaults:
        defaults = {k: v for k, v in defaults.items() if k != "cards"}

    def with_cards(request: dict) -> dict:
        if cards:
            request["cards"] = list(cards) + [c for c in request.get("cards") or () if c not in cards]
        return request

    if kind == "error":
        raise ScenarioError(*payload)
    if kind == "text":
        data = parse_text(payload, str(label))
        if not isinstance(data, dict):
            raise ScenarioError("scenario", f"{label} must hold a YAML or JSON mapping")
        request = build_request(defaults)
        request["scenario"] = data
        return answer(command, with_cards(request))
    try:
        data = json.loads(payload)
    except ValueError as exc:
        raise ScenarioError("input", f"line {label} is not valid JSON: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise ScenarioError("input", f"line {label} is nested too deeply") from None
    if not isinstance(data, dict):
        raise ScenarioError("input", f"line {label} must be a scenario mapping or a request object")
    if not any(k in data for k in REQUEST_KEYS):  # the scenario itself
        return answer(command, with_cards(build_request({**defaults, "scenario": data})))
    fields = {**defaults, **data}
    line_command = fields.pop("command", command)
    if line_command not in COMMANDS:
        raise ScenarioError("command", f"unknown command {repr(line_command)[:60]} (one of: {', '.join(COMMANDS)})")
    return answer(line_command, with_cards(build_request(fields, LINE_FIELDS)))


def answer_chunk(items: list[Item], command: str, defaults: dict | None) -> list[tuple[int, str]]:
    """Answer a chunk of inputs in one worker call (the unit of work sent to processes and Dask workers)."""
    warm()
    return [answer_item(item, command, defaults) for item in items]


_warm = False


def worker_start(parent: int) -> None:
    """A local worker process's start: it ends with the process that started it, however that one ends (killed
    with SIGTERM or SIGKILL, its workers would otherwise go on waiting for work that never comes), then it
    loads the knowledge base."""
    die_with_parent(parent)
    warm()


def die_with_parent(parent: int) -> None:
    """End this process when `parent` ends: on Linux the kernel sends SIGKILL (prctl PR_SET_PDEATHSIG); elsewhere
    a thread looks every half second whether the parent is still there."""

    try:
        import ctypes

        if not sys.platform.startswith("linux") or ctypes.CDLL(None).prctl(1, int(signal.SIGKILL)) != 0:   # PR_SET_PDEATHSIG
            raise OSError("no prctl")
    except (OSError, AttributeError):
        import _thread
        import time

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(1)

        _thread.start_new_thread(watch, ())
    if os.getppid() != parent:   # it ended before the signal was asked for
        os._exit(1)


def warm() -> bool:
    """Load the knowledge base in this process (once): answer the smallest scenario there is."""
    global _warm
    if not _warm:
        answer("show", {"scenario": WARM_UP})
        _warm = True
    return True


# --- running a batch -----------------------------------------------------------------------------------------

def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def _in_order(submit, chunks: Iterator[list[Item]], window: int) -> Iterator[tuple[int, str]]:
    """Submit chunks (at most `window` in flight) and yield their answers in input order."""
    pending: deque = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def answers(items: Iterable[Item], command: str = "show", defaults: dict | None = None, jobs: int = 1,
            dask=None, chunk: int | None = None) -> Iterator[tuple[int, str]]:
    """(exit code, output line) for each input, in input order.

    jobs > 1: a pool of that many local processes. dask: a scheduler address ("tcp://host:port"), "local" (a
    LocalCluster of `jobs` worker processes on this machine) or a distributed.Client to use as it is."""
    if command not in COMMANDS:
        raise ScenarioError("--command", f"unknown command {command!r} (one of: {', '.join(COMMANDS)})")
    if jobs < 1:
        raise ScenarioError("--jobs", f"must be 1 or more, not {jobs}")
    if chunk is None:
        chunk = DASK_CHUNK if dask is not None else DEFAULT_CHUNK
    if chunk < 1:
        raise ScenarioError("--chunk", f"must be 1 or more, not {chunk}")
    defaults = dict(defaults or {})
    build_request({k: v for k, v in defaults.items() if k != "cards"})  # the options are checked once, before any work
    if defaults.get("cards"):
        card_db(tuple(defaults["cards"]))   # a card file that can't be read is bad input, before any work
    it = iter(items)
    if dask is not None:
        yield from _on_dask(it, command, defaults, jobs, dask, chunk)
        return
    head = list(islice(it, chunk + 1))
    if jobs == 1 or len(head) <= chunk:  # one chunk or one job: no processes to start
        for item in _chain(head, it):
            yield answer_item(item, command, defaults)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn, not fork: the caller may have threads (a server, a Dask client) that a fork would copy mid-work
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"), initializer=worker_start,
                               initargs=(os.getpid(),))
    try:
        yield from _in_order(lambda c: pool.submit(answer_chunk, c, command, defaults),
                             _chunks(_chain(head, it), chunk), window=4 * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _chain(head: list, rest: Iterator) -> Iterator:
    yield from head
    yield from rest


def _on_dask(items: Iterator[Item], command: str, defaults: dict, jobs: int, target, chunk: int):
    with connect(target, jobs) as client:
        client.run(warm)  # every worker loads the knowledge base once, before the work arrives
        threads = sum(client.nthreads().values()) or 1
        yield from _in_order(lambda c: client.submit(answer_chunk, c, command, defaults, pure=False),
                             _chunks(items, chunk), window=4 * threads)


# --- the command line ----------------------------------------------------------------------------------------

def add_arguments(p) -> None:
    """The arguments of `pyrules batch` (called by the command line's parser)."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.description = HELP
    p.add_argument("input", metavar="INPUT", help="a JSON Lines file (- for standard input) or a folder of scenario files")
    p.add_argument("--command", dest="batch_command", default="show", choices=COMMANDS, help="what to answer for each input (default show)")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help=f"local worker processes (default: the CPUs this process may use, here {default_jobs()})")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: tcp://host:port of its scheduler, or 'local'")
    p.add_argument("--chunk", type=int, default=None, metavar="N",
                   help=f"inputs sent to a worker at a time (default {DEFAULT_CHUNK}, with --dask {DASK_CHUNK})")
    p.add_argument("--step", type=int, default=None, metavar="N", help="for every input: the state after N actions")
    p.add_argument("--player", help="for every input: whose actions / plan")
    p.add_argument("--all", action="store_true", help="actions: the options that are not legal too")
    p.add_argument("--explain", action="store_true", help="show/actions: attach explanation trees")
    p.add_argument("--query", help="explain: the query for every input that has none of its own")
    p.add_argument("--goal", help="plan: the goal for every input that has none of its own")
    p.add_argument("--horizon", type=int, default=None, metavar="N", help="plan: the most actions a plan may take")
    p.add_argument("--opponents", choices=("pass", "any"), default=None,
                   help="plan: the other players only pass (default), or may do anything the rules allow them")
    p.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="more cards for every input: a Scryfall card, list or bulk file, or MTGJSON AtomicCards (repeatable)")
    p.add_argument("--json", action="store_true", help="accepted for every command: a batch always answers in JSON Lines")


def main(args, out=None) -> int:
    """`pyrules batch`: answers on stdout, one line each. Bad arguments are ScenarioErrors (one line, exit 2)."""
    out = out or sys.stdout
    defaults = {k: getattr(args, k) for k in ("step", "player", "query", "goal", "horizon", "opponents")
                if getattr(args, k) is not None}
    defaults.update({k: True for k in ("all", "explain") if getattr(args, k)})
    if args.cards:
        defaults["cards"] = list(args.cards)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    items = read_items(args.input)
    worst = 0
    for code, line in answers(items, args.batch_command, defaults, jobs, args.dask, args.chunk):
        out.write(line + "\n")
        worst = max(worst, code)
    out.flush()
    return 3 if worst >= 3 else 0
