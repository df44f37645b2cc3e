"""`pyrules serve`: the command line's answers over HTTP, and a page to explore a scenario in a browser.

    POST /show /actions /explain /plan   a JSON object: {"scenario": {...}} or {"scenario_text": "YAML or JSON"},
                                         and the command's options: "step", "ids", "player", "all", "explain",
                                         "query", "depth", "goal", "horizon", "opponents"
    GET  /cards, /cards/{name}           the card database (as `pyrules cards --json`)
    GET  /examples, /examples/{name}     the example scenarios bundled with the page (their YAML text)
    POST /scenario                       for the page: the scenario read (players, timeline) and its cards' data
    GET  /health                         {"ok": true}
    GET  /status                         the worker pool: workers ready and busy, requests waiting, memory
    GET  /                               the page (pyrules/static/), which needs nothing but this server

Every answer is the document `pyrules.api.answer` gives, which is what the command line prints with --json:
exit code 0 or 1 (an illegal timeline action, reported in the document's "error") is HTTP 200; bad input
(exit code 2) is HTTP 422 with {"error": {"field", "message"}}; a body too large is 413, a body not sent in
time 408, a full queue 503, an unknown path 404, a bug 500 — all with that same error shape, never a
traceback. An error names a request field ("step", "player"), where the command line names its option
("--step"); both refuse the same things (pyrules.api.check_options, evaluate, plan).

One request can't take the server down. The server process only reads requests and writes answers; each
question is answered by one of a pool of worker processes (Pool, `--workers`), each of which loads the
knowledge base once, when it starts, and answers one request at a time. So a request's memory is its
worker's, and a worker holds each request to the budgets of pyrules.limits: over `max_memory_mb` (its data
segment, watched every 5 ms) the worker ends and is replaced, over `max_seconds` it is stopped and replaced,
and only that request fails: HTTP 422 naming the limit (the field "limits.max_memory_mb" or
"limits.max_seconds", as the command line's refusal). Requests wait for a free worker in a queue of
`--queue` places; a request that finds it full is answered 503 at once.
A worker is replaced after `--max-requests` answers, or after an answer that leaves it above `recycle_mb`
of memory, so the pool's memory returns to its level after a load. A client has `--client-timeout`
seconds to send a request's headers, again to send its body (408), and a response it doesn't read for
that long is dropped. Answers over INLINE_MAX travel from the worker through a temporary file, so the
server process holds no big answer in memory. Repeated requests are answered from a bounded cache.
Starlette and uvicorn are imported only when the app is built: `pip install 'pyrules-mtg[serve]'`.
Run it under uvicorn's own command line with `uvicorn --factory pyrules.apps.service:create_app --http
pyrules.apps.service:TimedH11Protocol` (settings from the environment: PYRULES_SERVE, PYRULES_LIMITS; see Settings).
"""

from __future__ import annotations

import argparse
import difflib
import gc
import json
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pyrules.api import answer, card_db, load
from pyrules.cards.db import card_json
from pyrules.errors import ScenarioError
from pyrules.input.document import parse_text
from pyrules.input.limits import ENV_VAR, cap_memory, current, out_of_memory, over_time

log = logging.getLogger("pyrules.apps.service")

MAX_BODY = 8 * 1024 * 1024  # bytes of one request body
COMMANDS = ("show", "actions", "explain", "plan")

# The request fields, with the kind of value each takes. They are the command line's options; a field a
# command does not use is ignored, as answer() ignores it. "scenario" must be a mapping: a string is not taken
# as a file name (the server never reads files a request names).
FIELDS: dict[str, tuple[str, tuple[type, ...]]] = {
    "scenario": ("a mapping (the scenario itself; send YAML or JSON text as scenario_text)", (dict,)),
    "scenario_text": ("a string (the scenario as YAML or JSON text)", (str,)),
    "step": ("a whole number or null", (int, type(None))),
    "ids": ("a list of object ids or null", (list, type(None))),
    "player": ("a player name or null", (str, type(None))),
    "all": ("true or false", (bool,)),
    "explain": ("true or false", (bool,)),
    "query": ("a string (for example arcee.power or 'cast uro escape')", (str,)),
    "depth": ("a whole number or null", (int, type(None))),
    "goal": ("a string", (str,)),
    "horizon": ("a whole number or null", (int, type(None))),
    "opponents": ("pass, any or null (plan: whether the other players only pass, or may do anything)", (str, type(None))),
}

# The smallest scenario there is: answering it once loads and grounds the knowledge base.
WARM_UP = {"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": []}


def build_request(body, fields: dict = FIELDS) -> dict:
    """The request answer() takes, from a decoded JSON body; ScenarioError names the first bad field.

    Exactly one of "scenario" (a mapping) and "scenario_text" (YAML or JSON text) gives the scenario; both are
    read by pyrules.inputs.parse_text (the mapping as JSON). When neither is there, answer() reports it missing."""
    if not isinstance(body, dict):
        raise ScenarioError("body", f"must be a JSON object of request fields, not {_kind(body)}")
    for key, value in body.items():
        if key not in fields:
            name = str(key)
            if len(name) > 60 or not name.isprintable():  # shown on one line, and short
                name = repr(name[:60])[1:-1] + ("…" if len(name) > 60 else "")
            near = difflib.get_close_matches(str(key)[:60], list(fields), n=1)
            hint = f" — did you mean {near[0]!r}?" if near else f" (one of: {', '.join(fields)})"
            raise ScenarioError(name, f"unknown request field{hint}")
        what, types = fields[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ScenarioError(key, f"must be {what}, not {_kind(value)}")
    if "scenario" in body and "scenario_text" in body:
        raise ScenarioError("scenario_text", "give either scenario or scenario_text, not both")
    for name in ("ids",):
        for i, item in enumerate(body.get(name) or []):
            if not isinstance(item, str):
                raise ScenarioError(f"{name}[{i}]", f"must be an object id (a string), not {_kind(item)}")
    request = {k: v for k, v in body.items() if k != "scenario_text"}
    if "scenario" in body:
        # a mapping from a JSON body goes through the same reader as scenario text, so the same limits (size,
        # depth, number of values) apply to it before any work is done on it
        try:
            text = json.dumps(body["scenario"], ensure_ascii=False)
        except (ValueError, RecursionError):
            raise ScenarioError("scenario", "is nested too deeply") from None
        request["scenario"] = parse_text(text, "scenario")
    if "scenario_text" in body:
        data = parse_text(body["scenario_text"], "scenario_text")
        if not isinstance(data, dict):
            raise ScenarioError("scenario_text", f"must hold a YAML or JSON mapping, not {_kind(data)}")
        request["scenario"] = data
    return request


# What `pyrules serve --step N --cards FILE` gives every request that doesn't say otherwise (passed to worker
# processes in the environment).
DEFAULTS_ENV = "PYRULES_SERVE_DEFAULTS"


def serve_defaults() -> dict:
    """The defaults of the running server (read on every request: parsed once for each text they have)."""
    return _parsed_defaults(os.environ.get(DEFAULTS_ENV) or "")


@lru_cache(maxsize=4)
def _parsed_defaults(text: str) -> dict:
    return json.loads(text) if text else {}


def answer_body(command: str, body) -> tuple[int, dict]:
    """answer() for a decoded request body: (exit code, document); a bad body is exit code 2 like bad input."""
    try:
        request = build_request(body)
    except ScenarioError as exc:
        return 2, _error(exc.field, exc.message)
    defaults = serve_defaults()
    if defaults.get("cards"):
        request["cards"] = list(defaults["cards"])
    if "step" in defaults and request.get("step") is None:
        request["step"] = defaults["step"]
    return answer(command, request)


class AnswerCache:
    """Recent answers by request: the same body sent to the same endpoint gets the same document (answers are
    deterministic and the knowledge base doesn't change while the server runs), so a repeated question — an
    engine or a page asking again — is answered from memory. Least recently used first out; bounded in
    entries and bytes; internal errors are never kept."""

    def __init__(self, entries: int = 512, max_bytes: int = 64 << 20):

        self.entries, self.max_bytes, self.size = entries, max_bytes, 0
        self.items: OrderedDict[tuple[str, bytes], tuple[int, bytes]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            hit = self.items.get(key)
            if hit is not None:
                self.items.move_to_end(key)
            return hit

    def put(self, key, value) -> None:
        cost = len(key[1]) + len(value[1])
        if value[0] not in (0, 1, 2) or cost > self.max_bytes // 8:
            return
        with self.lock:
            if key in self.items:
                return
            self.items[key] = value
            self.size += cost
            while len(self.items) > self.entries or self.size > self.max_bytes:
                (_, body), (_, content) = self.items.popitem(last=False)
                self.size -= len(body) + len(content)


CACHE = AnswerCache()

# The refusals of a question over its budget: they depend on the machine's load, so they are never cached.
BUDGET_FIELDS = ("limits.max_seconds", "limits.max_memory_mb")


def cacheable(code: int, doc: dict) -> bool:
    error = doc.get("error") if isinstance(doc, dict) else None
    return code in (0, 1, 2) and not (code == 2 and isinstance(error, dict) and error.get("field") in BUDGET_FIELDS)


def answer_bytes(command: str, raw: bytes) -> tuple[int, bytes]:
    """The whole of one POST, from the body's bytes to the response's, in this process (with the answer
    cache): what a server without worker processes (Settings.workers == 0) runs in a thread."""
    key = (command, raw)
    hit = CACHE.get(key)
    if hit is not None:
        return hit
    code, doc = answer_doc(command, raw)
    result = encode(code, doc)
    if cacheable(code, doc):
        CACHE.put(key, result)
    return result


def answer_doc(command: str, raw: bytes) -> tuple[int, dict]:
    """(exit code, document) for one POST body's bytes: bad JSON is bad input (exit 2); memory refused by the
    system is the memory budget's refusal; a bug is exit 3, one line to the client, the traceback to the log."""
    try:
        try:
            body = json.loads(raw)
        except ValueError as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return 2, _error("body", f"is not valid JSON: {first}")
        except RecursionError:
            return 2, _error("body", "is nested too deeply")
        return answer_body(command, body)
    except MemoryError:
        return 2, _budget_error("memory")
    except Exception as exc:  # a bug, not bad input
        log.exception("internal error answering /%s", command)
        return 3, internal_error(exc)


def answer_get(command: str, request: dict) -> tuple[int, dict]:
    """answer() for a GET (the card database), with the same handling of memory and bugs as answer_doc."""
    try:
        return answer(command, request)
    except MemoryError:
        return 2, _budget_error("memory")
    except Exception as exc:
        log.exception("internal error answering %s", command)
        return 3, internal_error(exc)


def _budget_error(which: str, seconds: int | None = None, memory_mb: int | None = None) -> dict:
    """The refusal of a question over its time or memory budget: the command line's words (pyrules.limits)."""
    lim = current()
    if seconds is not None:
        lim = replace(lim, max_seconds=seconds)
    if memory_mb is not None:
        lim = replace(lim, max_memory_mb=memory_mb)
    exc = over_time(lim) if which == "time" else out_of_memory(lim)
    return _error(exc.field, exc.message)


def encode(code: int, doc) -> tuple[int, bytes]:
    """(exit code, the document's JSON bytes); an answer that is not JSON is a bug (exit code 3)."""
    try:
        return code, _dumps(doc)
    except (TypeError, ValueError) as exc:
        log.error("internal error: an answer is not JSON: %s", exc)
        return 3, _dumps(internal_error(exc))


def internal_error(exc: BaseException) -> dict:
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return _error(None, f"internal error: {text[:300]}")


def _error(field, message: str) -> dict:
    return {"error": {"field": field, "message": message}}


def _dumps(doc) -> bytes:
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def _kind(value) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "a mapping"}.get(type(value), type(value).__name__)


def status_of(code: int) -> int:
    """HTTP status for an exit code: answered (0) or an illegal timeline action (1) -> 200, bad input -> 422."""
    return {0: 200, 1: 200, 2: 422}.get(code, 500)


# --- the page's reading of a scenario (POST /scenario) -----------------------------------------------------

def scenario_doc(body) -> tuple[int, dict]:
    """POST /scenario, for the page: the scenario as pyrules reads it, without evaluating it — its players, its
    description, its timeline (the actions as written) and the card data of every card its objects are (each
    as GET /cards/{name} gives it, the server's --cards included). Bad input is exit code 2 with the error
    every command gives."""
    try:
        request = build_request(body)
        if "scenario" not in request:
            raise ScenarioError("scenario", "is required")
        sc = load(request["scenario"], serve_defaults().get("cards") or ())
    except ScenarioError as exc:
        return 2, _error(exc.field, exc.message)
    return 0, {"players": list(sc.players), "description": sc.description, "actions": list(sc.actions),
               "cards": {name: card_json(card) for name, card in sc.cards.items()}}


def scenario_bytes(raw: bytes) -> tuple[int, bytes]:
    """The whole of one POST /scenario, from the body's bytes to the response's (in a worker thread)."""
    try:
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            return 2, _dumps(_error("body", "is not valid JSON"))
        code, doc = scenario_doc(body)
        return code, _dumps(doc)
    except Exception as exc:  # a bug, not bad input
        log.exception("internal error answering /scenario")
        return 3, _dumps(internal_error(exc))


def static_dir():
    return resources.files("pyrules").joinpath("static")


def examples_dir():
    """The examples/ folder: inside the package in a wheel (pyproject.toml maps it to pyrules/examples/), beside
    the package in a checkout; None when neither is there."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "examples", package.parent / "examples"):
        if candidate.is_dir():
            return candidate
    return None


def bundled_examples() -> dict[str, str]:
    """The example scenarios the page offers (every file of examples/): file name -> YAML text, in name order."""
    folder = examples_dir()
    if folder is None:
        return {}
    files = sorted((f for f in folder.iterdir() if f.name.endswith((".yaml", ".yml", ".json"))), key=lambda f: f.name)
    return {f.name: f.read_text(encoding="utf-8") for f in files}


def _describe(name: str, text: str) -> str:
    try:
        data = parse_text(text, name)
    except ScenarioError:
        return ""
    desc = data.get("description") if isinstance(data, dict) else None
    if not isinstance(desc, str):
        return ""
    text = " ".join(desc.split())
    if len(text) <= 90:
        return text
    return text[:90].rsplit(" ", 1)[0].rstrip(",;:") + " …"


# --- settings ----------------------------------------------------------------------------------------------

SETTINGS_ENV = "PYRULES_SERVE"   # workers=2,queue=32,client_timeout=30,max_requests=1000,recycle_mb=256
INLINE_MAX = 4 * 1024 * 1024     # bytes of an answer sent back over the worker's pipe; larger: a temporary file
MAX_CONNECTIONS = 1000           # open connections (and requests in flight) before uvicorn answers 503 itself
EXIT_OVER_MEMORY = 97            # a worker's exit code when its memory watch ends it
SHUTTING_DOWN = 5                # (the pool's own code for a request cut short by the server's end: 503)
GRACEFUL_SECONDS = 5             # at the server's end, for the requests in flight
KILL_GRACE = 2.0                 # seconds past max_seconds before a worker that hasn't refused is stopped


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Settings:
    """How the server answers (the options of `pyrules serve`; under another ASGI server, the environment).

    workers         worker processes answering requests, one request at a time each (default: the CPUs this
                    process may use); 0 answers in threads of the server process itself (no isolation: for
                    embedding and tests only)
    queue           requests that may wait for a free worker; one more is answered 503 at once
    max_seconds     the time one request may take in its worker (default: pyrules.limits, 120 s)
    max_memory_mb   the memory (data segment) of a worker answering one request, knowledge base included
                    (default: pyrules.limits, 4,096 MB)
    client_timeout  seconds a client has to send a request's headers, and then its body; a response the client
                    doesn't read for that long is dropped
    max_requests    answers a worker gives before it is replaced by a fresh one
    recycle_mb      a worker whose resident memory after an answer is above this is replaced by a fresh one
                    (a fresh worker holds about 40 MB)"""

    workers: int = field(default_factory=default_workers)
    queue: int = 32
    max_seconds: int = field(default_factory=lambda: _limits().max_seconds)
    max_memory_mb: int = field(default_factory=lambda: _limits().max_memory_mb)
    client_timeout: float = 30.0
    max_requests: int = 1000
    recycle_mb: int = 256

    def __post_init__(self):
        for name, low in (("workers", 0), ("queue", 0), ("max_seconds", 1), ("max_memory_mb", 1), ("max_requests", 1),
                          ("recycle_mb", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ScenarioError("--" + name.replace("_", "-"), f"must be a whole number, {low} or more, not {value!r}")
        t = self.client_timeout
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 < t < float("inf"):
            raise ScenarioError("--client-timeout", f"must be a number of seconds above 0, not {t!r}")

    @classmethod
    def from_env(cls) -> "Settings":
        """The settings from PYRULES_SERVE (name=value,...) and PYRULES_LIMITS (max_seconds, max_memory_mb)."""
        spec = os.environ.get(SETTINGS_ENV) or ""
        names = {f.name: f for f in fields(cls)}
        values: dict = {}
        for item in spec.split(","):
            name, sep, value = item.strip().partition("=")
            if not item.strip():
                continue
            name = name.strip()
            if not sep or name not in names:
                raise ScenarioError(SETTINGS_ENV, f"{item.strip()[:80]!r} is not name=value with a name among: {', '.join(names)}")
            try:
                values[name] = float(value) if name == "client_timeout" else int(value.strip().replace("_", ""))
            except ValueError:
                raise ScenarioError(SETTINGS_ENV, f"{name} must be a number, not {value.strip()[:80]!r}") from None
        try:
            return cls(**values)
        except ScenarioError as exc:   # named as the environment names it
            raise ScenarioError(SETTINGS_ENV, f"{exc.field[2:].replace('-', '_')} {exc.message}") from None


def _limits():

    return current()


# --- the worker processes ------------------------------------------------------------------------------------

def worker_main(conn, max_seconds: int, max_memory_mb: int, tmpdir: str, server_pid: int) -> None:
    """A worker process: load the knowledge base (answer the smallest scenario), say "ready", then answer one
    request at a time until told to stop (None) or the server goes away. Its memory is watched (pyrules.limits):
    over max_memory_mb it ends at once with EXIT_OVER_MEMORY, and the server answers that request 422."""

    _die_with_parent(server_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C in a terminal reaches the whole group: the server stops us

    spec = os.environ.get(ENV_VAR, "")
    os.environ[ENV_VAR] = ",".join(x for x in (spec, f"max_seconds={max_seconds}", f"max_memory_mb={max_memory_mb}") if x)
    cap_memory(current(), refuse=lambda: os._exit(EXIT_OVER_MEMORY))
    answer("show", {"scenario": WARM_UP})
    gc.collect()
    gc.freeze()                      # the knowledge base and the modules, out of the cycle collector's sight
    gc.set_threshold(10_000, 10, 10)
    conn.send(("ready", resident_mb()))
    trim = _malloc_trim()
    count = 0
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        kind, command, payload = message
        code, doc = answer_doc(command, payload) if kind == "post" else answer_get(command, payload)
        keep = cacheable(code, doc)
        code, content = encode(code, doc)
        del doc
        body: bytes | str = content
        if len(content) > INLINE_MAX:   # the server streams it from a file rather than hold it in memory
            count += 1
            path = os.path.join(tmpdir, f"{os.getpid()}-{count}.json")
            try:
                with open(path, "wb") as fh:
                    fh.write(content)
                body = path
            except OSError as exc:   # (a full disk, say)
                log.error("internal error: an answer could not be written to %s: %s", path, exc)
                code, body = encode(3, internal_error(exc))
                keep = False
                try:
                    os.unlink(path)
                except OSError:
                    pass
        del content
        trim()
        try:
            conn.send((code, body, keep, resident_mb()))
        except (BrokenPipeError, OSError):
            break
    os._exit(0)


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux: /proc/self/statm), what a worker reports after each answer;
    None where it can't be read."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, AttributeError, IndexError):
        return None


def _die_with_parent(server_pid: int) -> None:
    """Linux: this process is killed when the server process ends, even by SIGKILL (no orphan goes on working)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != server_pid:   # the server ended before the call
        os._exit(0)


def _malloc_trim():
    """glibc's malloc_trim: the memory an answer freed goes back to the system (else a no-op)."""
    try:
        import ctypes

        fn = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    return lambda: fn(0)


class Worker:
    """The server's side of one worker process: a pipe to it, and what it last said of its memory."""
    def __init__(self, ctx, settings: Settings, tmpdir: str):
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=worker_main, name="pyrules-worker", daemon=True,
                                args=(child, settings.max_seconds, settings.max_memory_mb, tmpdir, os.getpid()))
        self.proc.start()
        child.close()
        self.tmpdir = tmpdir
        self.max_memory_mb = settings.max_memory_mb
        self.answered = 0
        self.memory_mb: float | None = None
        self.alive = True

    def wait_ready(self, timeout: float) -> bool:
        try:
            if self.conn.poll(timeout):
                kind, memory = self.conn.recv()
                self.memory_mb = memory
                return kind == "ready"
        except (EOFError, OSError, ValueError, TypeError):
            pass
        return False

    def ask(self, message, seconds: int, closing) -> tuple[int, bytes | str, bool]:
        """(exit code, answer bytes or the path of a file holding them, cacheable) for one request: in a thread."""
        try:
            self.conn.send(message)
        except (OSError, ValueError):
            return self._ended(closing)
        deadline = time.monotonic() + seconds + KILL_GRACE
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                return 2, _dumps(_budget_error("time", seconds=seconds)), False
            if closing():
                self.kill()
                return self._ended(closing)
            try:
                if not self.conn.poll(min(left, 0.2)):
                    continue
                code, body, keep, memory = self.conn.recv()
            except (EOFError, OSError):
                return self._ended(closing)
            self.answered += 1
            self.memory_mb = memory
            return code, body, keep

    def _ended(self, closing) -> tuple[int, bytes, bool]:
        """The worker ended while answering: over its memory budget, or (a bug, a crash) otherwise."""
        self.alive = False
        self.proc.join(5)
        exitcode = self.proc.exitcode
        self.clean_files()
        if exitcode == EXIT_OVER_MEMORY:
            return 2, _dumps(_budget_error("memory", memory_mb=self.max_memory_mb)), False
        if closing():
            return SHUTTING_DOWN, _dumps(_error(None, "the server is shutting down")), False
        how = f"signal {-exitcode}" if exitcode is not None and exitcode < 0 else f"exit code {exitcode}"
        log.error("a worker process ended while answering (%s)", how)
        return 3, _dumps(_error(None, f"internal error: the process answering this request ended ({how})")), False

    def clean_files(self) -> None:
        """The temporary answer files a dead worker may have left."""
        prefix = f"{self.proc.pid}-"
        try:
            for name in os.listdir(self.tmpdir):
                if name.startswith(prefix):
                    os.unlink(os.path.join(self.tmpdir, name))
        except OSError:
            pass

    def stop(self) -> None:
        """A worker retired (its answers or its memory): told to end, killed if it doesn't."""
        if self.alive:
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass
            self.proc.join(2)
        self.kill(clean=False)   # (the files it wrote were handed over with its answers)

    def kill(self, clean: bool = True) -> None:
        self.alive = False
        if self.proc.exitcode is None:
            self.proc.kill()
        self.proc.join(5)
        try:
            self.conn.close()
        except OSError:
            pass
        if clean:
            self.clean_files()


class Busy(Exception):
    """No worker is free and the queue is full (or a request waited too long): HTTP 503."""


class Pool:
    """Worker processes and the queue of requests waiting for one (in the server's event loop).

    At most `workers` requests are answered at once, one per worker; at most `queue` more wait; beyond
    that, a request is refused at once (Busy: 503). A worker that ended or was
    stopped (over a budget), that answered max_requests requests or whose memory after an answer is over
    recycle_mb is replaced by a fresh one, started in the background; the others go on."""

    def __init__(self, settings: Settings):
        import asyncio
        import multiprocessing

        self.settings = settings
        # spawn: a fresh interpreter, not a copy of the server's threads and event loop
        self.ctx = multiprocessing.get_context("spawn")
        self.tmpdir = tempfile.mkdtemp(prefix="pyrules-serve-")
        self.idle: asyncio.Queue = asyncio.Queue()
        self.workers: set[Worker] = set()
        self.tasks: set = set()
        self.waiting = 0
        self.busy = 0
        self.replaced = 0
        self.answered = 0
        self.closing = False
        self.limiter = None

    async def start(self, wait: bool = True) -> None:
        import asyncio

        import anyio

        self.limiter = anyio.CapacityLimiter(2 * self.settings.workers + 2)   # (answers, and workers starting)
        starts = [self._spawn() for _ in range(self.settings.workers)]
        if wait:
            await asyncio.gather(*starts)
        else:
            for coro in starts:
                self._background(coro)

    def _background(self, coro) -> None:
        import asyncio

        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _spawn(self) -> None:
        """Start one worker (in this, the event loop's, thread: a worker is killed with the thread that started
        it) and wait for it to be ready; if it can't start, log why and try again after a pause."""
        import asyncio

        from anyio import to_thread

        pause = 1.0
        while not self.closing:
            worker = Worker(self.ctx, self.settings, self.tmpdir)
            ready = await to_thread.run_sync(worker.wait_ready, 300.0, limiter=self.limiter)
            if ready and not self.closing:
                self.workers.add(worker)
                self.idle.put_nowait(worker)
                return
            worker.kill()
            if self.closing:
                return
            log.error("a worker process could not start (exit code %s); trying again in %.0f s", worker.proc.exitcode, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 60.0)

    async def ask(self, message) -> tuple[int, bytes | str, bool]:
        from anyio import to_thread

        if self.closing:
            raise Busy("the server is shutting down")
        if self.idle.empty() and self.waiting >= self.settings.queue:
            raise Busy(f"the server is busy: {self.busy} requests are being answered and {self.waiting} are "
                       f"waiting (its queue holds {self.settings.queue}); try again shortly")
        self.waiting += 1
        try:
            worker = await self.idle.get()
        finally:
            self.waiting -= 1
        if worker is None:   # (close() wakes the requests waiting)
            raise Busy("the server is shutting down")
        self.busy += 1
        try:
            # (not cancellable: the thread gives the worker back only once it has answered or been stopped)
            return await to_thread.run_sync(worker.ask, message, self.settings.max_seconds, lambda: self.closing,
                                            limiter=self.limiter)
        finally:
            self.busy -= 1
            self.answered += 1
            self._release(worker)

    def _release(self, worker: Worker) -> None:
        s = self.settings
        if worker.alive and not self.closing and worker.answered < s.max_requests and \
                (worker.memory_mb is None or worker.memory_mb <= s.recycle_mb):
            self.idle.put_nowait(worker)
            return
        self.workers.discard(worker)
        if worker.alive:
            threading.Thread(target=worker.stop, daemon=True).start()   # (it may take a moment to end)
        if not self.closing:
            self.replaced += 1
            self._background(self._spawn())

    def close(self) -> None:
        """No more requests: those waiting are refused, the workers answering are stopped (503)."""
        self.closing = True
        for _ in range(self.waiting):
            self.idle.put_nowait(None)

    async def stop(self) -> None:
        """The server's end: every worker process is ended (they hold nothing to save), the files removed."""
        from anyio import to_thread

        self.closing = True
        while not self.idle.empty():
            self.idle.get_nowait()
        self.close()
        for task in list(self.tasks):
            task.cancel()
        workers = list(self.workers)
        self.workers.clear()

        def stop_all():
            for w in workers:
                w.kill()
            shutil.rmtree(self.tmpdir, ignore_errors=True)

        await to_thread.run_sync(stop_all)

    def status(self) -> dict:
        return {"workers": self.settings.workers, "ready": len(self.workers), "busy": self.busy,
                "waiting": self.waiting, "queue": self.settings.queue, "answered": self.answered,
                "replaced": self.replaced, "max_seconds": self.settings.max_seconds,
                "max_memory_mb": self.settings.max_memory_mb,
                "worker_memory_mb": sorted(round(w.memory_mb, 1) for w in self.workers if w.memory_mb is not None)}


# --- slow clients ----------------------------------------------------------------------------------------------

def timed_protocol(client_timeout: float):
    """uvicorn's HTTP/1.1 protocol (h11) with two more timeouts, for clients too slow to be served: the headers
    of a request must arrive within client_timeout of the connection (or of the previous answer), else the
    connection is closed; and an answer the client doesn't read for client_timeout (the socket's buffer stays
    full) is dropped. (The body has its own timeout in the app: 408.)"""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        timeout = client_timeout

        def connection_made(self, transport) -> None:
            self._read_timer = self._write_timer = None
            self._cycle_seen = None
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._read_timer = self.loop.call_later(self.timeout, self._headers_timed_out)

        def _disarm(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None and self.cycle is not self._cycle_seen:   # a request's headers are in
                self._cycle_seen = self.cycle
                self._disarm()

        def on_response_complete(self) -> None:
            self._arm()   # (before: a pipelined request is read in the call below)
            super().on_response_complete()

        def _headers_timed_out(self) -> None:
            self._read_timer = None
            if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
                self.transport.close()

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._write_timer is None:
                self._write_timer = self.loop.call_later(self.timeout, self._write_timed_out)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._write_timer is not None:
                self._write_timer.cancel()
                self._write_timer = None

        def _write_timed_out(self) -> None:
            self._write_timer = None
            self.transport.abort()

        def connection_lost(self, exc) -> None:
            self._disarm()
            if self._write_timer is not None:
                self._write_timer.cancel()
                self._write_timer = None
            super().connection_lost(exc)

    return TimedH11Protocol


def __getattr__(name: str):
    """pyrules.apps.service.TimedH11Protocol: the protocol class for uvicorn's own command line
    (`uvicorn --factory pyrules.apps.service:create_app --http pyrules.apps.service:TimedH11Protocol`), its timeout from
    PYRULES_SERVE (client_timeout)."""
    if name == "TimedH11Protocol":
        return timed_protocol(Settings.from_env().client_timeout)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- the application ---------------------------------------------------------------------------------------------

def create_app(warm: bool = True, settings: Settings | None = None):
    """The ASGI application (Starlette). Its lifespan starts the worker pool (with warm, start-up waits until
    every worker has loaded the knowledge base) and stops it. Settings default to Settings.from_env()."""
    try:
        from starlette.applications import Starlette
        from starlette.concurrency import run_in_threadpool
        from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
        from starlette.routing import Mount, Route
        from starlette.staticfiles import StaticFiles
    except ImportError as exc:
        raise ScenarioError("serve", f"needs starlette and uvicorn ({exc.name} is missing): pip install 'pyrules-mtg[serve]' (in a checkout: pip install -e '.[serve]')") from None
    import asyncio

    settings = settings if settings is not None else Settings.from_env()
    examples = bundled_examples()
    example_list = [{"name": n, "description": _describe(n, t)} for n, t in examples.items()]
    page = static_dir().joinpath("index.html").read_bytes()
    page_headers = {
        # everything the page needs comes from this server: no other origin is ever contacted
        "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-cache",
    }
    state: dict = {"pool": None}

    def error_response(status: int, field, message: str, headers=None):
        return JSONResponse(_error(field, message), status_code=status, headers=headers)

    def endpoint(name: str):
        async def post(request):
            return await command(name, request)
        return post

    async def read_body(request):
        """The body's bytes, or the error response: too large (413), not sent in time (408)."""
        too_big = error_response(413, "body", f"is larger than {MAX_BODY // (1024 * 1024)} MiB")
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return error_response(422, "body", "has an invalid Content-Length header")
            if int(length) > MAX_BODY:
                return too_big
        chunks, size = [], 0
        try:
            async with asyncio.timeout(settings.client_timeout):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > MAX_BODY:
                        return too_big
                    chunks.append(chunk)
        except TimeoutError:
            return error_response(408, "body", f"was not received within {settings.client_timeout:g} s",
                                  headers={"Connection": "close"})
        return b"".join(chunks)

    async def command(name: str, request):
        raw = await read_body(request)
        if not isinstance(raw, bytes):
            return raw
        return await respond((name, raw), ("post", name, raw))

    async def respond(key, message):
        """The answer to one request: from the cache, or from a worker (or a thread, without workers)."""
        hit = CACHE.get(key)
        if hit is not None:
            return Response(hit[1], status_code=status_of(hit[0]), media_type="application/json")
        pool = state["pool"]
        try:
            if pool is None:
                kind, cmd, payload = message
                if kind == "post":
                    code, doc = await run_in_threadpool(answer_doc, cmd, payload)
                else:
                    code, doc = await run_in_threadpool(answer_get, cmd, payload)
                keep = cacheable(code, doc)
                code, body = encode(code, doc)
            else:
                code, body, keep = await pool.ask(message)
        except Busy as exc:
            return error_response(503, None, str(exc), headers={"Retry-After": "1"})
        except Exception as exc:  # e.g. a thread could not be started
            log.exception("internal error answering %s", key[0])
            return JSONResponse(internal_error(exc), status_code=500)
        if code == SHUTTING_DOWN:
            return Response(body, status_code=503, media_type="application/json")
        if isinstance(body, str):   # a big answer, in a file the worker wrote
            return await file_response(body, status_of(code))
        if keep:
            CACHE.put(key, (code, body))
        return Response(body, status_code=status_of(code), media_type="application/json")

    async def file_response(path: str, status: int):
        def open_it():
            fh = open(path, "rb")
            os.unlink(path)   # nothing is left behind, however the response ends
            return fh, os.fstat(fh.fileno()).st_size
        fh, size = await run_in_threadpool(open_it)

        async def chunks():
            try:
                while chunk := await run_in_threadpool(fh.read, 1 << 20):
                    yield chunk
            finally:
                fh.close()
        return StreamingResponse(chunks(), status_code=status, media_type="application/json",
                                 headers={"Content-Length": str(size)})

    async def cards(request):
        return await respond(("GET cards", b""), ("get", "cards", {}))

    async def card(request):
        name = request.path_params["name"]
        return await respond(("GET cards", name.encode("utf-8", "surrogatepass")), ("get", "cards", {"name": name}))

    async def example_index(request):
        return JSONResponse({"examples": example_list})

    async def example(request):
        name = request.path_params["name"]
        if name not in examples:
            near = difflib.get_close_matches(name, list(examples), n=1)
            hint = f" — did you mean {near[0]!r}?" if near else ""
            return error_response(404, "name", f"no bundled example {name!r}{hint}")
        return PlainTextResponse(examples[name], media_type="text/yaml; charset=utf-8")

    async def scenario(request):
        raw = await read_body(request)
        if not isinstance(raw, bytes):
            return raw
        code, content = await run_in_threadpool(scenario_bytes, raw)
        return Response(content, status_code=status_of(code), media_type="application/json")

    async def health(request):
        return JSONResponse({"ok": True})

    async def status(request):
        pool = state["pool"]
        return JSONResponse(pool.status() if pool is not None else {"workers": 0})

    async def index(request):
        return Response(page, media_type="text/html; charset=utf-8", headers=page_headers)

    async def not_found(request, exc):
        return error_response(404, None, f"no such path: {request.url.path}")

    async def not_allowed(request, exc):
        return error_response(405, None, f"{request.method} is not allowed on {request.url.path}")

    async def crashed(request, exc):
        log.error("internal error on %s: %s", request.url.path, exc)
        return JSONResponse(internal_error(exc), status_code=500)

    @asynccontextmanager
    async def lifespan(app):
        if settings.workers > 0:
            pool = Pool(settings)
            state["pool"] = app.state.pool = pool
            await pool.start(wait=warm)
        elif warm:
            try:
                code, doc = await run_in_threadpool(answer, "show", {"scenario": WARM_UP})
                if code != 0:
                    log.warning("warm-up request answered with exit code %s: %s", code, doc.get("error"))
            except Exception as exc:  # the server still starts: each request will report the problem
                log.error("warm-up request failed: %s", " ".join(f"{type(exc).__name__}: {exc}".split()))
        try:
            yield
        finally:
            if state["pool"] is not None:
                await state["pool"].stop()
                state["pool"] = None

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/status", status, methods=["GET"]),
        Route("/cards", cards, methods=["GET"]),
        Route("/cards/{name:path}", card, methods=["GET"]),
        Route("/examples", example_index, methods=["GET"]),
        Route("/examples/{name}", example, methods=["GET"]),
        *(Route(f"/{c}", endpoint(c), methods=["POST"]) for c in COMMANDS),
        Route("/scenario", scenario, methods=["POST"]),
        Mount("/static", app=StaticFiles(packages=[("pyrules", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found, 405: not_allowed, Exception: crashed})
    app.state.settings = settings
    return app


# --- running it -------------------------------------------------------------------------------------------

def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket, or a ScenarioError naming --host/--port when it can't be had."""
    if not 0 <= port <= 65535:
        raise ScenarioError("--port", f"must be between 0 and 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise ScenarioError("--host", f"cannot resolve {host!r}: {getattr(exc, 'strerror', None) or exc}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise ScenarioError("--port", f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def _server(app=None, log_level: str = "info", settings: Settings | None = None):
    try:
        import uvicorn
    except ImportError:
        raise ScenarioError("serve", "needs starlette and uvicorn (uvicorn is missing): pip install 'pyrules-mtg[serve]' (in a checkout: pip install -e '.[serve]')") from None
    if app is None:
        app = create_app(settings=settings)
    settings = getattr(getattr(app, "state", None), "settings", None) or settings or Settings.from_env()
    config = uvicorn.Config(app, log_level=log_level, lifespan="on", timeout_graceful_shutdown=GRACEFUL_SECONDS,
                            http=timed_protocol(settings.client_timeout), limit_concurrency=MAX_CONNECTIONS)

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None):
            # the requests in flight have GRACEFUL_SECONDS to be answered; then their workers are stopped (503)
            import asyncio

            pool = getattr(getattr(app, "state", None), "pool", None)
            timer = asyncio.get_running_loop().call_later(GRACEFUL_SECONDS, pool.close) if pool is not None else None
            try:
                await super().shutdown(sockets)
            finally:
                if timer is not None:
                    timer.cancel()

    return Server(config)


class Background:
    """A real uvicorn server on a loopback port, in a thread (for tests and benchmarks).

        with Background() as url: httpx.get(url + "/health")"""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, warm: bool = True, log_level: str = "warning",
                 settings: Settings | None = None):
        self.sock = listen(host, port)
        self.server = _server(create_app(warm=warm, settings=settings), log_level)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True,
                                       name="pyrules-serve")
        h, p = self.sock.getsockname()[:2]
        self.url = f"http://{h}:{p}" if ":" not in h else f"http://[{h}]:{p}"

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 120
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)  # start-up: the workers load the knowledge base
        if not self.server.started:
            self.__exit__(None, None, None)
            raise RuntimeError("the background server did not start")
        return self.url

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()


def add_arguments(p) -> None:
    """The options of `pyrules serve` (called by the command line's parser)."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.description = """Serve the command line's answers over HTTP, and a page to explore scenarios at /.
POST /show /actions /explain /plan with a JSON object {"scenario": {...}} or {"scenario_text": "YAML"} and
the command's options ("step", "ids", "player", "all", "explain", "query", "depth", "goal", "horizon", "opponents");
the answer is the command's --json document (HTTP 200), or {"error": {"field", "message"}} (HTTP 422).
GET /cards, /cards/NAME, /health, /status. Needs pip install 'pyrules-mtg[serve]'.

Each request is answered by one of --workers processes, held to --max-seconds and --max-memory-mb: over
either, that request alone is refused (HTTP 422 naming the limit) and its worker replaced. At most --queue
requests wait for a worker (more: HTTP 503)."""
    lim = _limits()
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help=f"worker processes answering requests, one at a time each; each loads the knowledge base "
                        f"(default: the CPUs this process may use, here {default_workers()})")
    p.add_argument("--queue", type=int, default=None, metavar="N",
                   help="requests that may wait for a free worker; more are answered 503 (default 32)")
    p.add_argument("--max-seconds", type=int, default=None, metavar="S",
                   help=f"the time one request may take (default {lim.max_seconds}, PYRULES_LIMITS max_seconds)")
    p.add_argument("--max-memory-mb", type=int, default=None, metavar="MB",
                   help=f"the memory a worker may use for one request, knowledge base included (default "
                        f"{lim.max_memory_mb}, PYRULES_LIMITS max_memory_mb)")
    p.add_argument("--client-timeout", type=float, default=None, metavar="S",
                   help="seconds a client has to send a request's headers, then its body (default 30)")
    p.add_argument("--max-requests", type=int, default=None, metavar="N",
                   help="answers a worker gives before a fresh one replaces it (default 1000)")
    p.add_argument("--recycle-mb", type=int, default=None, metavar="MB",
                   help="a worker whose memory after an answer is above this is replaced by a fresh one (default 256)")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="the state after N actions, for every request that gives no step of its own")
    p.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="more cards for every request: a Scryfall card, list or bulk file, or MTGJSON AtomicCards (repeatable)")
    p.add_argument("--json", action="store_true", help="accepted for every command: the service always answers in JSON")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default info: one line per request)")


def settings_of(args) -> Settings:
    """The Settings of `pyrules serve`'s options (those not given: PYRULES_SERVE, PYRULES_LIMITS, defaults)."""
    base = Settings.from_env()
    given = {name: getattr(args, name, None) for name in ("workers", "queue", "max_seconds", "max_memory_mb",
                                                          "client_timeout", "max_requests", "recycle_mb")}
    settings = replace(base, **{k: v for k, v in given.items() if v is not None})
    if settings.workers < 1:
        raise ScenarioError("--workers", f"must be 1 or more, not {settings.workers}")
    return settings


def main(args) -> int:
    """`pyrules serve`: serve until interrupted. Bad arguments are ScenarioErrors (one line, exit 2)."""
    settings = settings_of(args)
    defaults: dict = {}
    if args.step is not None:
        if args.step < 0:
            raise ScenarioError("--step", "must be 0 or more")
        defaults["step"] = args.step
    if args.cards:
        card_db(tuple(args.cards))   # a card file that can't be read is refused before serving
        defaults["cards"] = [os.path.abspath(f) for f in args.cards]
    if defaults:
        os.environ[DEFAULTS_ENV] = json.dumps(defaults)   # (the workers inherit it)
    sock = listen(args.host, args.port)
    try:
        server = _server(None, args.log_level, settings)  # builds the app: a missing starlette is reported before serving
        h, p = sock.getsockname()[:2]
        w = settings.workers
        print(f"pyrules: serving on http://{h if ':' not in h else f'[{h}]'}:{p}/ "
              f"({w} worker process{'es' if w > 1 else ''}, queue {settings.queue}, {settings.max_seconds} s and "
              f"{settings.max_memory_mb} MB a request; Ctrl-C stops it)", file=sys.stderr, flush=True)
        server.run(sockets=[sock])
        return 0 if server.started else 3
    finally:
        sock.close()
