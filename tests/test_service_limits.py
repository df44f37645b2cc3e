"""pyrules serve under load it can't answer: a request over its time or memory budget is refused alone (HTTP
422 naming the limit) while the server and every other request go on; a full queue is 503; a client too
slow to send its request is cut off; and the service refuses what the command line refuses, naming its
request fields where the command line names its options."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import warnings
from contextlib import contextmanager

import httpx
import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 in its test client; httpx still works
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

from conftest import EXAMPLES, ROOT, cli
from pyrules.apps import service
from pyrules.api import answer
from pyrules.input.document import parse_text

BUDGET_FIELDS = ("limits.max_memory_mb", "limits.max_seconds")


def read(name: str) -> dict:
    return parse_text((EXAMPLES / name).read_text(encoding="utf-8"), name)


def big_board(n: int = 10_000) -> dict:
    """A board of n objects (the largest a scenario may have), asked with explanations: within every input
    limit (under 1 MB), but far beyond the small budgets the servers below are given."""
    cards = ["Grizzly Bears", "Sol Ring", "Mind Stone", "Thalia, Guardian of Thraben", "Carnage Tyrant"]
    objects = [{"id": f"o{i}", "card": cards[i % len(cards)], "owner": "alice" if i % 2 else "bob",
                "zone": "battlefield"} for i in range(n)]
    return {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"}, "objects": objects}


@contextmanager
def serving(env: dict[str, str]):
    """A real `pyrules serve` process on a free loopback port, with settings from the environment."""
    proc = subprocess.Popen([sys.executable, "-m", "pyrules", "serve", "--port", "0", "--log-level", "warning"],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True, env={**os.environ, **env})
    try:
        line = proc.stderr.readline()
        m = re.search(r"serving on (http://\S+?)/? ", line)
        assert m, f"the server did not start: {line}"
        threading.Thread(target=proc.stderr.read, daemon=True).start()   # its log, drained
        url = m.group(1)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(url + "/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "the server did not answer /health"
            time.sleep(0.1)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def post(url: str, command: str, body: dict, timeout: float = 60) -> httpx.Response:
    return httpx.post(f"{url}/{command}", json=body, timeout=timeout)


def status(url: str) -> dict:
    r = httpx.get(url + "/status", timeout=5)
    return r.json() if r.status_code == 200 else {}


def wait_for(url: str, condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not condition(status(url)):
        time.sleep(0.05)


@pytest.fixture(scope="module")
def small_budgets():
    """Two workers, each request held to 150 MB and 10 s, each worker replaced after 3 answers; clients have 2 s
    to send a request."""
    with serving({"PYRULES_LIMITS": "max_memory_mb=150,max_seconds=10",
                  "PYRULES_SERVE": "workers=2,client_timeout=2,max_requests=3"}) as (url, proc):
        yield url, proc


def test_two_big_requests_are_refused_alone_and_a_small_one_is_answered(small_budgets):
    url, proc = small_budgets
    small = read("cast_uro_escape.yaml")
    expected = answer("show", {"scenario": small})[1]
    big = {"scenario": big_board(), "explain": True}
    results: dict[str, httpx.Response | Exception] = {}

    def send(name: str, command: str, body: dict) -> None:
        try:
            results[name] = post(url, command, body)
        except Exception as exc:   # (a connection lost: the server went down)
            results[name] = exc

    threads = [threading.Thread(target=send, args=(f"big{i}", "show", big)) for i in (1, 2)]
    threads.append(threading.Thread(target=send, args=("small", "show", {"scenario": small})))
    for t in threads:
        t.start()
        time.sleep(0.2)   # the big ones first: they take both workers, the small one waits for a worker
    for t in threads:
        t.join()
    r = results["small"]
    assert isinstance(r, httpx.Response) and r.status_code == 200 and r.json() == expected
    for name in ("big1", "big2"):
        r = results[name]
        assert isinstance(r, httpx.Response), f"{name}: {r!r}"
        if r.status_code != 200:   # its own refusal, naming the limit it went over
            assert r.status_code == 422, r.text[:300]
            error = r.json()["error"]
            assert error["field"] in BUDGET_FIELDS
            limit = "150 MB" if error["field"] == "limits.max_memory_mb" else "10 s"
            assert limit in error["message"]
    assert proc.poll() is None
    assert httpx.get(url + "/health", timeout=5).json() == {"ok": True}
    r = post(url, "actions", {"scenario": small})
    assert r.status_code == 200 and r.json() == answer("actions", {"scenario": small})[1]


def test_workers_are_replaced_after_their_answers_and_every_request_is_answered(small_budgets):
    url, proc = small_budgets
    small = read("prowl_with_counters.yaml")
    expected = answer("show", {"scenario": small})[1]
    before = status(url)["replaced"]
    for i in range(8):   # distinct bodies: the answer cache doesn't answer them
        r = post(url, "show", {"scenario": {**small, "description": f"request {i}"}})
        assert r.status_code == 200 and r.json()["objects"] == expected["objects"]
    wait_for(url, lambda s: s["ready"] == 2)
    after = status(url)
    assert after["replaced"] - before >= 2 and after["ready"] == 2
    assert all(mb < 150 for mb in after["worker_memory_mb"])


def test_a_client_that_never_finishes_its_headers_is_disconnected(small_budgets):
    url, proc = small_budgets
    host, port = url.rsplit("//", 1)[1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=15) as sock:
        sock.sendall(b"POST /show HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n")
        t0 = time.monotonic()
        assert sock.recv(1024) == b""   # closed by the server (on today's code: waits forever, a timeout)
        assert time.monotonic() - t0 < 10
    assert proc.poll() is None


def test_a_body_not_sent_in_time_is_408_naming_the_body(small_budgets):
    url, proc = small_budgets
    host, port = url.rsplit("//", 1)[1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=15) as sock:
        sock.sendall(b"POST /show HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{\"scenario\": ")
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408")
    assert json.loads(body) == {"error": {"field": "body", "message": "was not received within 2 s"}}
    assert proc.poll() is None


def test_a_full_queue_is_503_and_a_request_over_its_time_is_422():
    """One worker, one place in the queue, 2 s a request: a big request takes the worker, a second waits, a
    third is refused at once (503); each big one is refused after its 2 s (422), and the server goes on."""
    with serving({"PYRULES_LIMITS": "max_seconds=2", "PYRULES_SERVE": "workers=1,queue=1"}) as (url, proc):
        big = {"scenario": big_board(), "explain": True}
        results: dict[str, httpx.Response] = {}
        first = threading.Thread(target=lambda: results.setdefault("big1", post(url, "show", big)))
        first.start()
        wait_for(url, lambda s: s.get("busy") == 1)
        second = threading.Thread(target=lambda: results.setdefault("big2", post(url, "show", big)))
        second.start()
        wait_for(url, lambda s: s.get("waiting") == 1)
        t0 = time.monotonic()
        r = post(url, "show", {"scenario": read("cast_uro_escape.yaml")}, timeout=5)
        assert time.monotonic() - t0 < 2
        assert r.status_code == 503 and r.headers["retry-after"] == "1"
        error = r.json()["error"]
        assert error["field"] is None and "busy" in error["message"] and "queue" in error["message"]
        first.join()
        second.join()
        for name in ("big1", "big2"):
            assert results[name].status_code == 422
            assert results[name].json()["error"] == {
                "field": "limits.max_seconds",
                "message": "answering took more than 2 s (the scenario is too big or its timeline too long; "
                           "raise it with PYRULES_LIMITS=max_seconds=N)"}
        small = read("cast_uro_escape.yaml")
        r = post(url, "show", {"scenario": small})
        assert r.status_code == 200 and r.json() == answer("show", {"scenario": small})[1]
        assert proc.poll() is None


# --- the service refuses what the command line refuses ------------------------------------------------------

@pytest.fixture(scope="module")
def client():
    saved = os.environ.get(service_settings_env := "PYRULES_SERVE")
    os.environ[service_settings_env] = "workers=1"   # (read when the app is built)
    try:
        app = service.create_app()
    finally:
        if saved is None:
            del os.environ[service_settings_env]
        else:
            os.environ[service_settings_env] = saved
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


GOAL = "uro.zone = battlefield"


@pytest.mark.parametrize("command, example, request_fields, argv, field", [
    ("actions", "cast_uro_escape.yaml", {"depth": -3}, ["--depth", "-3"], "depth"),
    ("explain", "cast_uro_escape.yaml", {"query": "uro.power", "depth": -3}, ["uro.power", "--depth", "-3"], "depth"),
    ("show", "cast_uro_escape.yaml", {"step": -3}, ["--step", "-3"], "step"),
    ("actions", "cast_uro_escape.yaml", {"step": -3}, ["--step", "-3"], "step"),
    ("plan", "cast_uro_escape.yaml", {"goal": GOAL, "step": -3}, [GOAL, "--step", "-3"], "step"),
    ("show", "timeline_fire_in_response.yaml", {"step": 9}, ["--step", "9"], "step"),
    ("show", "cast_uro_escape.yaml", {"step": 2}, ["--step", "2"], "step"),
    ("plan", "cast_uro_escape.yaml", {"goal": GOAL, "step": 3}, [GOAL, "--step", "3"], "step"),
    ("actions", "cast_uro_escape.yaml", {"player": "carol"}, ["--player", "carol"], "player"),
    ("explain", "cast_uro_escape.yaml", {"query": "cast uro escape", "player": "carol"},
     ["cast uro escape", "--player", "carol"], "player"),
    ("plan", "cast_uro_escape.yaml", {"goal": GOAL, "player": "carol"}, [GOAL, "--player", "carol"], "player"),
    ("plan", "cast_uro_escape.yaml", {"goal": GOAL, "horizon": -1}, [GOAL, "--horizon", "-1"], "horizon"),
], ids=lambda v: v if isinstance(v, str) and " " not in v and "." not in v else None)
def test_the_service_refuses_what_the_command_line_refuses(client, command, example, request_fields, argv, field):
    """The same refusal with the same message; the service names the request field ("depth", "step",
    "player"), the command line its option ("--depth")."""
    r = client.post("/" + command, json={"scenario": read(example), **request_fields})
    line = cli(command, str(EXAMPLES / example), *argv, "--json")
    assert r.status_code == 422 and line.returncode == 2
    served, printed = r.json()["error"], json.loads(line.stdout)["error"]
    assert served["field"] == field and printed["field"] == "--" + field
    assert served["message"] == printed["message"]
    assert "--" not in served["message"]


def test_depth_minus_3_is_refused_by_the_service():
    """(issue 25: the service answered depth -3 with 200 where the command line refuses it)"""
    code, doc = answer("actions", {"scenario": read("cast_uro_escape.yaml"), "depth": -3})
    assert (code, doc) == (2, {"error": {"field": "depth", "message": "must be 0 or more"}})
