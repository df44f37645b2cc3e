"""pyrules batch: one JSON line per input, in input order, each equal to pyrules.api.answer's answer; bad inputs
answered in place; the same lines from one process, two processes and a Dask cluster."""

from __future__ import annotations

import io
import json
import sys
from types import SimpleNamespace

import pytest

from conftest import EXAMPLES
from pyrules.apps import batch
from pyrules.apps import cli
from pyrules.api import answer
from pyrules.input.document import parse_text

SMALL = ["arcee_march_opponent_turn.yaml", "cast_arcee_with_thalia.yaml", "cast_uro_escape.yaml",
         "jurassic_park.yaml", "prowl_with_counters.yaml", "token_copy_of_arcee.yaml"]


def read(name: str) -> dict:
    return parse_text((EXAMPLES / name).read_text(encoding="utf-8"), name)


def run(source, **kw) -> list[dict]:
    return [json.loads(line) for _, line in batch.answers(batch.read_items(source), **kw)]


@pytest.fixture(scope="module")
def jsonl(tmp_path_factory):
    """Six scenario lines with a bad line (not JSON) in the middle and a blank line before the end."""
    lines = [json.dumps(read(n)) for n in SMALL[:3]] + ["{not json"] + [json.dumps(read(n)) for n in SMALL[3:]]
    lines.insert(6, "   ")
    path = tmp_path_factory.mktemp("batch") / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def expected_lines() -> list[dict]:
    out = [{"input": i, "exit": 0, "answer": answer("show", {"scenario": read(n)})[1]} for i, n in enumerate(SMALL[:3], 1)]
    out.append(None)  # line 4: the bad line
    for number, name in zip((5, 6, 8), SMALL[3:]):  # line 7 is blank
        out.append({"input": number, "exit": 0, "answer": answer("show", {"scenario": read(name)})[1]})
    return out


def check(lines: list[dict]) -> None:
    want = expected_lines()
    assert [line["input"] for line in lines] == [1, 2, 3, 4, 5, 6, 8]
    for got, exp in zip(lines, want):
        if exp is None:
            assert got["exit"] == 2
            assert got["answer"]["error"]["field"] == "input"
            assert got["answer"]["error"]["message"].startswith("line 4 is not valid JSON")
        else:
            assert got == exp


def test_one_process_answers_each_line_in_order_with_the_bad_line_in_place(jsonl):
    check(run(jsonl, jobs=1))


def test_two_processes_keep_the_input_order(jsonl):
    check(run(jsonl, jobs=2, chunk=1))  # chunks of one: the most chances for answers to come back out of order


def test_a_dask_local_cluster_gives_the_same_lines_as_one_process(jsonl):
    import distributed  # a test extra
    local = [line for _, line in batch.answers(batch.read_items(jsonl), jobs=1)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = [line for _, line in batch.answers(batch.read_items(jsonl), dask=client, chunk=2)]
    assert on_dask == local


def test_a_folder_is_read_in_name_order_and_only_its_scenario_files(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(read("cast_uro_escape.yaml")), encoding="utf-8")
    (tmp_path / "a.yaml").write_text((EXAMPLES / "jurassic_park.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "c.yml").write_text("players: [alice\n", encoding="utf-8")  # not YAML
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "d.yaml").write_text("{}", encoding="utf-8")
    lines = run(tmp_path, command="actions")
    assert [line["input"] for line in lines] == ["a.yaml", "b.json", "c.yml"]
    assert lines[0] == {"input": "a.yaml", "exit": 0, "answer": answer("actions", {"scenario": read("jurassic_park.yaml")})[1]}
    assert lines[1] == {"input": "b.json", "exit": 0, "answer": answer("actions", {"scenario": read("cast_uro_escape.yaml")})[1]}
    assert lines[2]["exit"] == 2 and "c.yml is not valid YAML" in lines[2]["answer"]["error"]["message"]


def test_a_line_over_the_size_cap_is_answered_in_place_and_the_next_line_still_read(tmp_path):
    path = tmp_path / "in.jsonl"
    with path.open("wb") as f:
        f.write(b'{"description": "' + b"x" * batch.MAX_LINE + b'"}\n')
        f.write(json.dumps(read("jurassic_park.yaml")).encode() + b"\n")
    first, second = run(path)
    assert first["input"] == 1 and first["exit"] == 2 and "longer than" in first["answer"]["error"]["message"]
    assert second == {"input": 2, "exit": 0, "answer": answer("show", {"scenario": read("jurassic_park.yaml")})[1]}


def test_request_lines_carry_their_own_command_and_options(tmp_path):
    uro, arcee = read("cast_uro_escape.yaml"), read("arcee_march_opponent_turn.yaml")
    path = tmp_path / "requests.jsonl"
    path.write_text("\n".join([
        json.dumps({"scenario": arcee, "query": "arcee.power"}),
        json.dumps({"scenario_text": (EXAMPLES / "cast_uro_escape.yaml").read_text(encoding="utf-8"), "command": "actions"}),
        json.dumps({"scenario": uro, "command": "cast"}),
        json.dumps({"scenario": uro, "qeury": "uro.power"}),
        json.dumps([1, 2]),
    ]) + "\n", encoding="utf-8")
    lines = run(path, command="explain")
    assert lines[0]["answer"] == answer("explain", {"scenario": arcee, "query": "arcee.power"})[1]
    assert lines[1]["answer"] == answer("actions", {"scenario": uro})[1]
    # Uro may be cast with escape from the graveyard (CR 702.138a), and not normally (CR 601.3)
    assert {a["method"]: a["legal"] for a in lines[1]["answer"]["actions"] if a["object"] == "uro"} == {"escape": True}
    assert lines[2]["exit"] == 2 and lines[2]["answer"]["error"]["field"] == "command"
    assert lines[3]["answer"]["error"] == {"field": "qeury", "message": "unknown request field — did you mean 'query'?"}
    assert lines[4]["exit"] == 2 and lines[4]["answer"]["error"]["field"] == "input"


def test_options_apply_to_every_scenario_line(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(read("timeline_uro_escape.yaml")) + "\n", encoding="utf-8")
    (line,) = run(path, defaults={"step": 1})
    assert line["answer"] == answer("show", {"scenario": read("timeline_uro_escape.yaml"), "step": 1})[1]
    assert line["answer"]["stack"] == ["uro"]  # REX-06: cast with escape, Uro is on the stack after step 1


def test_an_illegal_timeline_action_is_exit_1_on_its_line(tmp_path):
    data = read("cast_uro_escape.yaml")
    data["actions"] = [{"cast": "uro", "method": "normal"}]
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    (line,) = run(path)
    assert line["exit"] == 1 and line["answer"] == answer("show", {"scenario": data})[1]


def test_the_command_line_prints_one_line_per_input(jsonl, capsys):
    assert cli.main(["batch", str(jsonl), "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    check([json.loads(line) for line in out])


def test_standard_input_is_read_with_a_dash(monkeypatch, capsys):
    text = json.dumps(read("jurassic_park.yaml")) + "\n"
    monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=io.BytesIO(text.encode())))
    assert cli.main(["batch", "-", "--jobs", "1"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line) == {"input": 1, "exit": 0, "answer": answer("show", {"scenario": read("jurassic_park.yaml")})[1]}


def one_line_error(capsys, argv) -> str:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("pyrules: error: ")
    return captured.err


@pytest.mark.parametrize("argv, field", [
    (["batch"], "INPUT"),
    (["batch", "/nonexistent/in.jsonl"], "INPUT"),
    (["batch", "{jsonl}", "--jobs", "0"], "--jobs"),
    (["batch", "{jsonl}", "--jobs", "two"], "--jobs"),
    (["batch", "{jsonl}", "--command", "cards"], "--command"),
    (["batch", "{jsonl}", "--dask", "nowhere"], "--dask"),
    (["batch", "{jsonl}", "--step", "-"], "--step"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, jsonl, argv, field):
    assert field in one_line_error(capsys, [a.replace("{jsonl}", str(jsonl)) for a in argv])


def test_dask_missing_is_one_line_and_exit_2(capsys, jsonl, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if pyrules-mtg[dist] were not installed
    assert "pip install 'pyrules-mtg[dist]'" in one_line_error(capsys, ["batch", str(jsonl), "--dask", "local"])


def test_every_command_takes_json_step_and_cards(tmp_path):
    """docs/guide/commands.md and docs/guide/cards.md: every command takes --json, --step N and --cards FILE (a batch and the service always
    answer in JSON: the options are accepted there too). cards has no timeline: --step changes nothing there (it is
    still checked: a whole number, 0 or more)."""
    from conftest import cli as run

    card = tmp_path / "card.json"
    card.write_text(json.dumps({"object": "card", "name": "Test Ogre", "layout": "normal", "mana_cost": "{2}{R}",
                                "type_line": "Creature — Ogre", "oracle_text": "", "power": "3", "toughness": "3",
                                "colors": ["R"]}), encoding="utf-8")
    assert run("cards", "Grizzly Bears", "--json").returncode == 0
    plain = run("cards", "Grizzly Bears", "--json")
    stepped = run("cards", "Grizzly Bears", "--step", "0", "--json")
    assert stepped.returncode == 0 and json.loads(stepped.stdout) == json.loads(plain.stdout)
    assert "--step changes nothing for cards" in stepped.stderr and not plain.stderr
    refused = run("cards", "Grizzly Bears", "--step", "-1", "--json")
    assert refused.returncode == 2 and json.loads(refused.stdout)["error"]["field"] in ("step", "--step")
    line = tmp_path / "in.jsonl"
    line.write_text(json.dumps({"players": ["alice"], "turn": {"active": "alice", "phase": "precombat_main"},
                                "objects": [{"id": "o", "card": "Test Ogre", "owner": "alice", "zone": "battlefield"}]})
                    + "\n", encoding="utf-8")
    r = run("batch", str(line), "--json", "--cards", str(card), "--jobs", "1")
    assert r.returncode == 0, r.stderr
    answer_line = json.loads(r.stdout)
    assert answer_line["exit"] == 0 and answer_line["answer"]["objects"]["o"]["power"] == 3
    parser = cli._parser("serve")
    args = parser.parse_args(["serve", "--json", "--step", "1", "--cards", str(card), "--port", "0"])
    assert (args.json, args.step, args.cards) == (True, 1, [str(card)])
