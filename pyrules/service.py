"""`pyrules serve`: the command line's answers over HTTP, and a page to explore a scenario in a browser.

    POST /show /actions /explain /plan   a JSON object: {"scenario": {...}} or {"scenario_text": "YAML or JSON"},
                                         and the command's options: "step", "ids", "player", "all", "explain",
                                         "query", "depth", "goal", "horizon"
    GET  /cards, /cards/{name}           the card database (as `pyrules cards --json`)
    GET  /examples, /examples/{name}     the example scenarios bundled with the page (their YAML text)
    POST /scenario                       for the page: the scenario read (players, timeline) and its cards' data
    GET  /health                         {"ok": true}
    GET  /                               the page (pyrules/static/), which needs nothing but this server

Every answer is the document `pyrules.api.answer` gives, which is what the command line prints with --json:
exit code 0 or 1 (an illegal timeline action, reported in the document's "error") is HTTP 200; bad input
(exit code 2) is HTTP 422 with {"error": {"field", "message"}}; a body too large is 413, an unknown path 404,
a bug 500 — all with that same error shape, never a traceback.

The knowledge base is loaded once, when the server starts; each request is answered in a worker thread
(clingo releases the interpreter lock while it grounds and solves), so the server keeps accepting requests.
Starlette and uvicorn are imported only when the app is built: `pip install 'pyrules[serve]'`.
Run it under another ASGI server with `uvicorn --factory pyrules.service:create_app`.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import socket
import sys
import threading
import time
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .api import answer
from .errors import ScenarioError
from .inputs import parse_text

log = logging.getLogger("pyrules.service")

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
        from collections import OrderedDict

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


def answer_bytes(command: str, raw: bytes) -> tuple[int, bytes]:
    """The whole of one POST, from the body's bytes to the response's: run in a worker thread."""
    key = (command, raw)
    hit = CACHE.get(key)
    if hit is not None:
        return hit
    result = _answer_bytes(command, raw)
    CACHE.put(key, result)
    return result


def _answer_bytes(command: str, raw: bytes) -> tuple[int, bytes]:
    try:
        try:
            body = json.loads(raw)
        except ValueError as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            code, doc = 2, _error("body", f"is not valid JSON: {first}")
        except RecursionError:
            code, doc = 2, _error("body", "is nested too deeply")
        else:
            code, doc = answer_body(command, body)
        return code, _dumps(doc)
    except Exception as exc:  # a bug, not bad input: one line to the client, the traceback to the log
        log.exception("internal error answering /%s", command)
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
    from .api import load
    from .carddata import card_json

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
    here = Path(__file__).resolve().parent
    for candidate in (here / "examples", here.parent / "examples"):
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


def create_app(warm: bool = True):
    """The ASGI application (Starlette). With warm, start-up answers one tiny request first, so the knowledge
    base is loaded and ground once before the first real request."""
    try:
        from starlette.applications import Starlette
        from starlette.concurrency import run_in_threadpool
        from starlette.responses import JSONResponse, PlainTextResponse, Response
        from starlette.routing import Mount, Route
        from starlette.staticfiles import StaticFiles
    except ImportError as exc:
        raise ScenarioError("serve", f"needs starlette and uvicorn ({exc.name} is missing): pip install 'pyrules[serve]'") from None
    from contextlib import asynccontextmanager

    examples = bundled_examples()
    example_list = [{"name": n, "description": _describe(n, t)} for n, t in examples.items()]
    page = static_dir().joinpath("index.html").read_bytes()
    page_headers = {
        # everything the page needs comes from this server: no other origin is ever contacted
        "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-cache",
    }

    def error_response(status: int, field, message: str):
        return JSONResponse(_error(field, message), status_code=status)

    def endpoint(name: str):
        async def post(request):
            return await command(name, request)
        return post

    async def command(name: str, request):
        too_big = error_response(413, "body", f"is larger than {MAX_BODY // (1024 * 1024)} MiB")
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return error_response(422, "body", "has an invalid Content-Length header")
            if int(length) > MAX_BODY:
                return too_big
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return too_big
            chunks.append(chunk)
        try:
            code, content = await run_in_threadpool(answer_bytes, name, b"".join(chunks))
        except Exception as exc:  # e.g. the worker thread could not be started
            log.exception("internal error answering /%s", name)
            return JSONResponse(internal_error(exc), status_code=500)
        return Response(content, status_code=status_of(code), media_type="application/json")

    async def answer_get(cmd: str, request: dict):
        def run():
            try:
                code, doc = answer(cmd, request)
                return status_of(code), _dumps(doc)
            except Exception as exc:
                log.exception("internal error answering %s", cmd)
                return 500, _dumps(internal_error(exc))
        status, content = await run_in_threadpool(run)
        return Response(content, status_code=status, media_type="application/json")

    async def cards(request):
        return await answer_get("cards", {})

    async def card(request):
        return await answer_get("cards", {"name": request.path_params["name"]})

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
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return error_response(413, "body", f"is larger than {MAX_BODY // (1024 * 1024)} MiB")
            chunks.append(chunk)
        code, content = await run_in_threadpool(scenario_bytes, b"".join(chunks))
        return Response(content, status_code=status_of(code), media_type="application/json")

    async def health(request):
        return JSONResponse({"ok": True})

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
        if warm:
            try:
                code, doc = await run_in_threadpool(answer, "show", {"scenario": WARM_UP})
                if code != 0:
                    log.warning("warm-up request answered with exit code %s: %s", code, doc.get("error"))
            except Exception as exc:  # the server still starts: each request will report the problem
                log.error("warm-up request failed: %s", " ".join(f"{type(exc).__name__}: {exc}".split()))
        yield

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/cards", cards, methods=["GET"]),
        Route("/cards/{name:path}", card, methods=["GET"]),
        Route("/examples", example_index, methods=["GET"]),
        Route("/examples/{name}", example, methods=["GET"]),
        *(Route(f"/{c}", endpoint(c), methods=["POST"]) for c in COMMANDS),
        Route("/scenario", scenario, methods=["POST"]),
        Mount("/static", app=StaticFiles(packages=[("pyrules", "static")]), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     exception_handlers={404: not_found, 405: not_allowed, Exception: crashed})


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


def _server(app=None, log_level: str = "info"):
    try:
        import uvicorn
    except ImportError:
        raise ScenarioError("serve", "needs starlette and uvicorn (uvicorn is missing): pip install 'pyrules[serve]'") from None
    config = uvicorn.Config(app if app is not None else create_app(), log_level=log_level, lifespan="on",
                            timeout_graceful_shutdown=5)
    return uvicorn.Server(config)


class Background:
    """A real uvicorn server on a loopback port, in a thread (for tests and benchmarks).

        with Background() as url: httpx.get(url + "/health")"""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, warm: bool = True, log_level: str = "warning"):
        self.sock = listen(host, port)
        self.server = _server(create_app(warm=warm), log_level)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True,
                                       name="pyrules-serve")
        h, p = self.sock.getsockname()[:2]
        self.url = f"http://{h}:{p}" if ":" not in h else f"http://[{h}]:{p}"

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)  # start-up: the warm-up request
        if not self.server.started:
            self.__exit__(None, None, None)
            raise RuntimeError("the background server did not start")
        return self.url

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def add_arguments(p) -> None:
    """The options of `pyrules serve` (called by the command line's parser)."""
    import argparse

    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.description = """Serve the command line's answers over HTTP, and a page to explore scenarios at /.
POST /show /actions /explain /plan with a JSON object {"scenario": {...}} or {"scenario_text": "YAML"} and
the command's options ("step", "ids", "player", "all", "explain", "query", "depth", "goal", "horizon");
the answer is the command's --json document (HTTP 200), or {"error": {"field", "message"}} (HTTP 422).
GET /cards, /cards/NAME, /health. Needs pip install 'pyrules[serve]'."""
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes sharing the port (default 1; more use more cores, each loads the knowledge base)")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="the state after N actions, for every request that gives no step of its own")
    p.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="more cards for every request: a Scryfall card, list or bulk file, or MTGJSON AtomicCards (repeatable)")
    p.add_argument("--json", action="store_true", help="accepted for every command: the service always answers in JSON")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default info: one line per request)")


def main(args) -> int:
    """`pyrules serve`: serve until interrupted. Bad arguments are ScenarioErrors (one line, exit 2)."""
    if args.workers < 1:
        raise ScenarioError("--workers", f"must be 1 or more, not {args.workers}")
    defaults: dict = {}
    if args.step is not None:
        if args.step < 0:
            raise ScenarioError("--step", "must be 0 or more")
        defaults["step"] = args.step
    if args.cards:
        from .api import card_db

        card_db(tuple(args.cards))   # a card file that can't be read is refused before serving
        defaults["cards"] = [os.path.abspath(f) for f in args.cards]
    if defaults:
        os.environ[DEFAULTS_ENV] = json.dumps(defaults)
    sock = listen(args.host, args.port)
    try:
        server = _server(None, args.log_level)  # builds the app: a missing starlette is reported before serving
        h, p = sock.getsockname()[:2]
        print(f"pyrules: serving on http://{h if ':' not in h else f'[{h}]'}:{p}/ "
              f"({args.workers} process{'es' if args.workers > 1 else ''}; Ctrl-C stops it)", file=sys.stderr, flush=True)
        if args.workers == 1:
            server.run(sockets=[sock])
            return 0 if server.started else 3
        import uvicorn
        from uvicorn.supervisors import Multiprocess

        config = uvicorn.Config("pyrules.service:create_app", factory=True, workers=args.workers,
                                log_level=args.log_level, lifespan="on", timeout_graceful_shutdown=5)
        Multiprocess(config, sockets=[sock]).run()  # each process builds its own app and warms it
        return 0
    finally:
        sock.close()
