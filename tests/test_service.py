"""pyrules serve: the HTTP answers are the command line's --json answers (pyrules.api.answer), bad input is
HTTP 422 with the same error, and the server answers many clients at once."""

from __future__ import annotations

import json
import threading

import warnings

import httpx
import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 in its test client; httpx still works
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

from conftest import EXAMPLES
from pyrules.apps import cli
from pyrules.apps import service
from pyrules.api import answer
from pyrules.input.document import parse_text



def read(path) -> dict:
    return parse_text(path.read_text(encoding="utf-8"), path.name)


@pytest.fixture(scope="module")
def client():
    with TestClient(service.create_app(), raise_server_exceptions=False) as c:  # runs the warm-up
        yield c


# The service answers through pyrules.answer in its workers: that each example's answers are right is what the
# examples' expect: blocks check (tests/rulecases.py, in process); here, that the HTTP path gives the same documents,
# on examples of each kind of answer — a still board with layers, a timeline with a response and triggers, mana
# sources and payments, state-based actions after a convert (each request costs a worker's answer: every example
# took 85 s of the suite's time for the same property).
SAME_AS_ANSWER = ["arcee_march_opponent_turn", "timeline_fire_in_response", "mana_can_i_escape_uro",
                  "timeline_bonesplitter_falls_off_prowl"]


@pytest.mark.parametrize("path", [EXAMPLES / f"{n}.yaml" for n in SAME_AS_ANSWER], ids=lambda p: p.stem)
def test_show_and_actions_answer_what_answer_gives(client, path):
    data = read(path)
    code, shown = answer("show", {"scenario": data})
    r = client.post("/show", json={"scenario": data})
    assert (r.status_code, r.json()) == (200, shown)
    code, acts = answer("actions", {"scenario": data, "all": True})
    r = client.post("/actions", json={"scenario": data, "all": True})
    assert (r.status_code, r.json()) == (200, acts)


def test_scenario_text_in_yaml_is_answered_like_the_mapping(client):
    path = EXAMPLES / "arcee_march_opponent_turn.yaml"
    r = client.post("/show", json={"scenario_text": path.read_text(encoding="utf-8"), "ids": ["arcee"]})
    assert r.status_code == 200
    assert r.json() == answer("show", {"scenario": read(path), "ids": ["arcee"]})[1]
    # BOT-09, BOT-15: on Bob's turn March of the Machines makes Arcee a 3/3 (its front face's mana value)
    arcee = r.json()["objects"]["arcee"]
    assert (arcee["power"], arcee["toughness"], arcee["mana_value"]) == (3, 3, 3)


def test_scenario_text_in_json_is_answered_like_the_mapping(client):
    data = read(EXAMPLES / "cast_uro_escape.yaml")
    r = client.post("/actions", json={"scenario_text": json.dumps(data)})
    assert r.status_code == 200 and r.json() == answer("actions", {"scenario": data})[1]


def test_explain_of_a_property_equals_answer(client):
    data = read(EXAMPLES / "arcee_march_opponent_turn.yaml")
    r = client.post("/explain", json={"scenario": data, "query": "arcee.power"})
    assert r.status_code == 200
    assert r.json() == answer("explain", {"scenario": data, "query": "arcee.power"})[1]


def test_explain_of_a_cast_equals_answer(client):
    data = read(EXAMPLES / "cast_uro_escape.yaml")
    r = client.post("/explain", json={"scenario": data, "query": "cast uro escape"})
    assert r.status_code == 200
    assert r.json() == answer("explain", {"scenario": data, "query": "cast uro escape"})[1]


def test_unknown_card_is_422_with_the_message_answer_gives(client):
    data = read(EXAMPLES / "arcee_march_opponent_turn.yaml")
    data["objects"][1]["card"] = "Arcee, Acrobatic Coupee"
    code, doc = answer("show", {"scenario": data})
    assert code == 2
    r = client.post("/show", json={"scenario": data})
    assert r.status_code == 422 and r.json() == doc
    assert set(r.json()["error"]) == {"field", "message"}


def test_bad_query_is_422_with_the_message_answer_gives(client):
    data = read(EXAMPLES / "arcee_march_opponent_turn.yaml")
    code, doc = answer("explain", {"scenario": data, "query": "arcee.powr"})
    assert code == 2
    r = client.post("/explain", json={"scenario": data, "query": "arcee.powr"})
    assert (r.status_code, r.json()) == (422, doc)


def test_a_negative_step_is_422_with_the_command_lines_message(client):
    """The same refusal; the service names its request field (step), the command line its option (--step)."""
    from conftest import cli

    data = read(EXAMPLES / "timeline_fire_in_response.yaml")
    r = client.post("/show", json={"scenario": data, "step": -1})
    line = cli("show", str(EXAMPLES / "timeline_fire_in_response.yaml"), "--step", "-1", "--json")
    assert r.status_code == 422 and line.returncode == 2
    assert r.json() == {"error": {"field": "step", "message": "must be 0 or more"}}
    assert json.loads(line.stdout) == {"error": {"field": "--step", "message": "must be 0 or more"}}


def test_scenario_text_that_is_not_yaml_is_422_naming_it(client):
    r = client.post("/show", json={"scenario_text": "players: [alice\nturn: {"})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "scenario"
    assert "scenario_text is not valid YAML" in r.json()["error"]["message"]


def test_an_illegal_timeline_action_is_200_with_its_error(client):
    data = read(EXAMPLES / "cast_uro_escape.yaml")
    data["actions"] = [{"cast": "uro", "method": "normal"}]  # from a graveyard only with a permission (CR 601.3)
    code, doc = answer("show", {"scenario": data})
    assert code == 1 and "error" in doc
    r = client.post("/show", json={"scenario": data})
    assert (r.status_code, r.json()) == (200, doc)
    assert r.json()["error"]["step"] == 1


def test_a_body_that_is_not_json_is_422(client):
    r = client.post("/show", content=b"players: [alice]", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "body"
    assert r.json()["error"]["message"].startswith("is not valid JSON")


def test_a_body_nested_too_deeply_is_422(client):
    r = client.post("/show", content=b"[" * 200_000 + b"]" * 200_000)
    assert r.status_code == 422 and r.json()["error"]["field"] == "body"


@pytest.mark.parametrize("body", [[], "text", 3, None], ids=["list", "string", "number", "null"])
def test_a_body_that_is_not_an_object_is_422(client, body):
    r = client.post("/show", json=body)
    assert r.status_code == 422 and r.json()["error"]["field"] == "body"


def test_a_scenario_given_as_a_string_is_refused_not_read_as_a_file(client):
    r = client.post("/show", json={"scenario": str(EXAMPLES / "cast_uro_escape.yaml")})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "scenario"


@pytest.mark.parametrize("body, field", [
    ({"step": "2"}, "step"), ({"step": True}, "step"), ({"ids": "arcee"}, "ids"), ({"ids": [1]}, "ids[0]"),
    ({"all": "yes"}, "all"), ({"query": 5}, "query"),
])
def test_a_field_of_the_wrong_kind_is_422_naming_it(client, body, field):
    r = client.post("/show", json={"scenario": read(EXAMPLES / "cast_uro_escape.yaml"), **body})
    assert r.status_code == 422 and r.json()["error"]["field"] == field


def test_an_unknown_field_is_422_with_a_suggestion(client):
    r = client.post("/show", json={"scenario": {}, "setp": 1})
    assert r.status_code == 422
    assert r.json()["error"] == {"field": "setp", "message": "unknown request field — did you mean 'step'?"}


def test_both_scenario_and_scenario_text_is_422(client):
    r = client.post("/show", json={"scenario": {}, "scenario_text": "{}"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "scenario_text"


def test_a_missing_scenario_is_422_with_the_message_answer_gives(client):
    r = client.post("/show", json={})
    assert (r.status_code, r.json()) == (422, answer("show", {})[1])


def test_a_body_over_the_cap_is_413(client):
    r = client.post("/show", content=b" " * (service.MAX_BODY + 1))
    assert r.status_code == 413 and r.json()["error"]["field"] == "body"


def test_a_streamed_body_over_the_cap_is_413_without_a_length(client):
    def chunks():
        for _ in range(9):
            yield b" " * (1024 * 1024)
    r = client.post("/show", content=chunks())
    assert r.status_code == 413 and r.json()["error"]["field"] == "body"


def test_plan_reports_what_answer_says(client):
    data = read(EXAMPLES / "cast_uro_escape.yaml")
    request = {"scenario": data, "goal": "uro.zone = battlefield"}
    code, doc = answer("plan", request)
    r = client.post("/plan", json=request)
    assert (r.status_code, r.json()) == (service.status_of(code), doc)


def test_an_unexpected_error_is_500_with_one_line_and_no_traceback(monkeypatch):
    def broken(command, request):
        raise RuntimeError("boom\n  in some frame")
    monkeypatch.setattr(service, "answer", broken)
    # (answered in this process, where the broken answer() is: worker processes have the real one)
    with TestClient(service.create_app(settings=service.Settings(workers=0)), raise_server_exceptions=False) as client:
        r = client.post("/show", json={"scenario": {}})
    assert r.status_code == 500
    assert r.json() == {"error": {"field": None, "message": "internal error: RuntimeError: boom in some frame"}}


def test_cards_are_the_card_database(client):
    r = client.get("/cards")
    assert (r.status_code, r.json()) == (200, answer("cards", {})[1])
    r = client.get("/cards/Sol Ring")
    assert (r.status_code, r.json()) == (200, answer("cards", {"name": "Sol Ring"})[1])
    r = client.get("/cards/Arcee, Sharpshooter // Arcee, Acrobatic Coupe")
    assert r.status_code == 200 and r.json()["name"] == "Arcee, Sharpshooter // Arcee, Acrobatic Coupe"


def test_an_unknown_card_is_422(client):
    r = client.get("/cards/Sol Rnig")
    assert (r.status_code, r.json()) == (422, answer("cards", {"name": "Sol Rnig"})[1])


def test_health(client):
    r = client.get("/health")
    assert (r.status_code, r.json()) == (200, {"ok": True})


def test_unknown_paths_and_methods_answer_the_error_shape(client):
    r = client.get("/nowhere")
    assert r.status_code == 404 and r.json()["error"]["field"] is None
    r = client.get("/show")
    assert r.status_code == 405 and "GET" in r.json()["error"]["message"]


def test_the_page_and_its_files_come_from_the_server(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert '<script src="static/app.js"' in r.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        r = client.get("/static/" + name)
        assert r.status_code == 200 and kind in r.headers["content-type"]
    for url in ("http://", "https://", "//cdn"):  # nothing from another origin
        assert url not in client.get("/").text
        assert url not in client.get("/static/app.js").text


def test_bundled_examples_are_listed_and_match_the_examples_folder(client):
    listed = client.get("/examples").json()["examples"]
    assert len(listed) >= 3
    for entry in listed:
        r = client.get("/examples/" + entry["name"])
        assert r.status_code == 200
        assert r.text == (EXAMPLES / entry["name"]).read_text(encoding="utf-8")
    r = client.get("/examples/nope.yaml")
    assert r.status_code == 404 and r.json()["error"]["field"] == "name"


def test_eight_concurrent_clients_on_a_real_server_get_correct_answers():
    paths = [EXAMPLES / n for n in ("arcee_march_opponent_turn.yaml", "cast_arcee_with_thalia.yaml",
                                     "jurassic_park.yaml", "prowl_with_counters.yaml")]
    cases = []
    for p in paths:
        data = read(p)
        cases.append(("show", {"scenario": data}, answer("show", {"scenario": data})[1]))
    data = read(EXAMPLES / "cast_uro_escape.yaml")
    cases.append(("actions", {"scenario": data, "all": True}, answer("actions", {"scenario": data, "all": True})[1]))
    failures: list = []

    with service.Background() as url:
        def client_thread(k: int):
            with httpx.Client(base_url=url, timeout=60) as http:
                for i in range(20):
                    command, body, expected = cases[(k + i) % len(cases)]
                    r = http.post("/" + command, json=body)
                    if r.status_code != 200 or r.json() != expected:
                        failures.append((k, i, command, r.status_code, r.text[:200]))

        threads = [threading.Thread(target=client_thread, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert failures == []


def one_line_error(capsys, argv) -> str:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pyrules: error: ")
    return err


def test_serve_refuses_a_port_out_of_range(capsys):
    assert "--port" in one_line_error(capsys, ["serve", "--port", "70000"])


def test_serve_refuses_a_port_that_is_not_a_number(capsys):
    assert "--port" in one_line_error(capsys, ["serve", "--port", "eighty"])


def test_serve_refuses_a_port_in_use(capsys):
    with service.Background(warm=False) as url:
        port = url.rsplit(":", 1)[1]
        assert "cannot listen" in one_line_error(capsys, ["serve", "--port", port])


def test_serve_without_starlette_says_what_to_install(capsys, monkeypatch):
    import sys

    for name in [m for m in sys.modules if m == "starlette" or m.startswith("starlette.")] + ["starlette"]:
        monkeypatch.setitem(sys.modules, name, None)  # as if pyrules-mtg[serve] were not installed
    assert "pip install 'pyrules-mtg[serve]'" in one_line_error(capsys, ["serve", "--port", "0"])


def test_a_repeated_request_is_answered_from_the_cache_with_the_same_bytes():
    from pyrules.apps import service

    body = json.dumps({"scenario": {"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"},
                                    "objects": [{"id": "b", "card": "Grizzly Bears", "owner": "alice",
                                                 "zone": "battlefield"}]}}).encode()
    first = service.answer_bytes("show", body)
    assert service.CACHE.get(("show", body)) == first
    assert service.answer_bytes("show", body) == first
    small = service.AnswerCache(entries=2)
    for i in range(3):
        small.put(("show", bytes([i])), (0, b"{}"))
    small.put(("show", b"x"), (3, b"{}"))  # an internal error is never kept
    assert small.get(("show", bytes([0]))) is None and small.get(("show", bytes([2]))) == (0, b"{}")
    assert small.get(("show", b"x")) is None


def test_serve_step_and_cards_apply_to_requests_that_give_none(monkeypatch, tmp_path):
    """`pyrules serve --step N --cards FILE`: every request without a step of its own is answered at step N, and
    the card file's cards are known (docs/guide/commands.md, §5.4)."""
    card = tmp_path / "card.json"
    card.write_text(json.dumps({"object": "card", "name": "Test Ogre", "layout": "normal", "mana_cost": "{2}{R}",
                                "type_line": "Creature — Ogre", "oracle_text": "", "power": "3", "toughness": "3",
                                "colors": ["R"]}), encoding="utf-8")
    monkeypatch.setenv(service.DEFAULTS_ENV, json.dumps({"step": 0, "cards": [str(card)]}))
    data = {"players": ["alice", "bob"], "turn": {"active": "alice", "phase": "precombat_main"},
            "objects": [{"id": "o", "card": "Test Ogre", "owner": "alice", "zone": "hand"}],
            "actions": [{"cast": "o"}]}
    code, doc = service.answer_body("show", {"scenario": data})
    assert code == 0 and doc["objects"]["o"]["zone"] == "hand"        # step 0: before the cast
    code, doc = service.answer_body("show", {"scenario": data, "step": 1})
    assert code == 0 and doc["objects"]["o"]["zone"] == "stack"       # its own step wins
