"""Issue 30: documentation that can't go stale.

Every sample in README.md, CONTRIBUTING.md and docs/ is run and compared with what pyrules really does:

- ```console blocks: each `$ pyrules ...` line is run (in process, from the checkout's root, as conftest.cli
  does; `NAME=value` words before `pyrules` are set in the environment) and its output (standard output, then
  standard error) must be the lines that follow it. A line `...` stands for any number of lines.
- ```pycon blocks are doctests (ELLIPSIS and NORMALIZE_WHITESPACE), and ```python blocks are run; the blocks of
  one page share their names, in page order.
- ```yaml blocks must read as YAML, and one that is a whole scenario (it has `players`) must load and evaluate;
  ```json blocks must read as JSON.
- a block that can't be run here (a set-up command, a server) says so just above it: <!-- not run: why -->.
  ```sh blocks must. No ```text block hides a command.

The site itself (mkdocs.yml, docs/) is built with warnings as errors, offline.

PYRULES_UPDATE_DOCS=1 rewrites the output of every console sample that has no `...` to what pyrules prints now
(then read the diff: a changed sample is a changed behaviour).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

import pyrules

PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->\s*$")


@dataclass
class Block:
    page: Path
    line: int          # the line of its opening fence (1-based)
    lang: str
    body: str
    not_run: str | None
    start: int         # offsets of the body in the page's text
    end: int

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        indent = m.group("indent")
        body = "".join(line[len(indent):] if line.startswith(indent) else line
                       for line in m.group("body").splitlines(keepends=True))
        snippet = re.fullmatch(r'\s*--8<-- "([^"]+)"\s*', body)
        if snippet:   # a file included as it is (pymdownx.snippets): the sample is the file
            body = (ROOT / snippet.group(1)).read_text(encoding="utf-8")
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        found = NOT_RUN.search(before)
        out.append(Block(page, text.count("\n", 0, m.start()) + 1, m.group("lang"), body,
                         found.group(1) if found else None, m.start("body"), m.end("body")))
    return out


ALL = [b for page in PAGES for b in blocks(page)]


def _id(b: Block) -> str:
    return f"{b.where}-{b.lang or 'plain'}"


# ------------------------------------------------------------------------------------------------ console

@dataclass
class Sample:
    command: str
    expected: list[str]


def samples(block: Block) -> list[Sample]:
    out: list[Sample] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            out.append(Sample(line[2:], []))
        else:
            assert out, f"{block.where}: a console block starts with a command ($ ...)"
            out[-1].expected.append(line.rstrip())
    return out


_RUN: dict[str, str] = {}   # a command run once per process (the same plan is shown on several pages)


def run_sample(command: str, monkeypatch) -> str:
    if command not in _RUN:
        _RUN[command] = _run_sample(command, monkeypatch)
    return _RUN[command]


def _run_sample(command: str, monkeypatch) -> str:
    words = shlex.split(command)
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        monkeypatch.setenv(name, value)
    assert words and words[0] == "pyrules", f"only pyrules commands run here (else mark the block not run): {command}"
    from pyrules.apps import cli as cli_module

    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli_module.main(words[1:])
            except SystemExit:   # --help, --version
                pass
    finally:
        os.chdir(old)
    text = out.getvalue() + err.getvalue()
    return "\n".join(line.rstrip() for line in text.splitlines())


def matches(expected: list[str], actual: str) -> bool:
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in expected)
    return re.fullmatch(pattern, actual + "\n" if actual else "") is not None


CONSOLE = [b for b in ALL if b.lang == "console" and b.not_run is None]


@pytest.mark.parametrize("block", CONSOLE, ids=_id)
def test_console_samples(block, monkeypatch):
    for sample in samples(block):
        actual = run_sample(sample.command, monkeypatch)
        if os.environ.get("PYRULES_UPDATE_DOCS") and "..." not in sample.expected and not matches(sample.expected, actual):
            _update(block, sample, actual)
            continue
        assert matches(sample.expected, actual), (
            f"{block.where}: `{sample.command}` printed\n{actual}\n--- the docs say\n" + "\n".join(sample.expected))


def _update(block: Block, sample: Sample, actual: str) -> None:
    text = block.page.read_text(encoding="utf-8")   # (as it is now: an earlier sample may have been updated)
    following = [s for s in samples(block)]
    after = following[following.index(sample) + 1].command if following.index(sample) + 1 < len(following) else None
    old = "$ " + sample.command + "\n" + "".join(line + "\n" for line in sample.expected)
    old += f"$ {after}\n" if after else "```"
    new = "$ " + sample.command + "\n" + (actual + "\n" if actual else "") + (f"$ {after}\n" if after else "```")
    assert text.count(old) == 1, f"{block.where}: can't update `{sample.command}` (indented or repeated)"
    block.page.write_text(text.replace(old, new), encoding="utf-8")


# ------------------------------------------------------------------------------------------------ python

def _python_pages() -> list[Path]:
    return sorted({b.page for b in ALL if b.lang in ("python", "pycon") and b.not_run is None})


@pytest.mark.parametrize("page", _python_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_python_samples(page):
    """The page's Python blocks in order, sharing their names: ```python run, ```pycon as doctests."""
    globs: dict = {"__name__": "__docs__"}
    old = os.getcwd()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    try:
        os.chdir(ROOT)
        for b in blocks(page):
            if b.not_run is not None or b.lang not in ("python", "pycon"):
                continue
            if b.lang == "python":
                exec(compile(b.body, b.where, "exec"), globs)
                continue
            test = parser.get_doctest(b.body, globs, b.where, str(page), b.line)
            out = io.StringIO()
            result = runner.run(test, out=out.write, clear_globs=False)
            assert result.failed == 0, out.getvalue()
            globs.update(test.globs)   # (a doctest runs on a copy of the names it is given)
    finally:
        os.chdir(old)


# ------------------------------------------------------------------------------------------------ data

@pytest.mark.parametrize("block", [b for b in ALL if b.lang in ("yaml", "json") and b.not_run is None], ids=_id)
def test_yaml_and_json_samples_read(block):
    data = yaml.safe_load(block.body) if block.lang == "yaml" else json.loads(block.body)
    if block.lang == "yaml" and isinstance(data, dict) and "players" in data:
        old = os.getcwd()
        try:
            os.chdir(ROOT)
            ev = pyrules.evaluate(pyrules.load(data))
        finally:
            os.chdir(old)
        assert ev.error is None, f"{block.where}: the scenario's timeline is refused: {ev.error}"


def test_every_block_runs_or_says_why_not():
    for b in ALL:
        if b.lang in ("sh", "bash", "shell"):
            assert b.not_run, f"{b.where}: a shell block runs nothing here: say why above it (<!-- not run: ... -->)"
        if b.lang in ("text", "", "plain"):
            assert not any(line.startswith("$ ") for line in b.body.splitlines()), \
                f"{b.where}: a command in a text block: make it a console block"
        if b.not_run is not None:
            assert len(b.not_run) > 10, f"{b.where}: say why the block isn't run"
    assert len(CONSOLE) >= 20 and sum(len(samples(b)) for b in CONSOLE) >= 40


def test_the_readme_test_command_is_what_ci_runs():
    """The README's second set-up command is the line .ci/run runs (CI runs exactly the README's suite)."""
    shell = [b for b in blocks(ROOT / "README.md") if b.lang == "sh"]
    install, suite = shell[0].body.strip(), shell[1].body.strip()
    assert suite == "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q -n auto"
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().splitlines()[-1] == suite
    # the first installs and runs an example: the same command is a console sample of the README, run above
    command = install.split(".venv/bin/", 2)[-1]
    assert command.startswith("pyrules ") and any(s.command == command for b in blocks(ROOT / "README.md")
                                                  if b.lang == "console" for s in samples(b))


def test_the_readme_stays_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200


def test_every_install_hint_names_the_distribution():
    """PyPI's `pyrules` is another project: every hint names pyrules-mtg, or installs the checkout."""
    for path in [*PAGES, *sorted((ROOT / "pyrules").rglob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"pip install [^\n`]*", text):
            hint = m.group(0)
            assert "pyrules[" not in hint and not re.search(r"install (-q )?'?pyrules'?(\s|$)", hint), (path, hint)


# ------------------------------------------------------------------------------------------------ the site

def test_the_docs_site_builds_with_warnings_as_errors(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    site = tmp_path / "site"
    pages = {p.relative_to(site).as_posix() for p in site.rglob("index.html")}
    assert {"index.html", "reference/api/index.html", "guide/scenarios/index.html"} <= pages
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert "pyrules.api.evaluate" in api and "pyrules.api.respond" in api   # generated from the docstrings
    remote = set()
    for p in site.rglob("*.html"):   # nothing is loaded from elsewhere (links out are fine)
        remote |= set(re.findall(r"""<(?:link|script|img)[^>]+(?:href|src)=["'](https?:)?//[^"']+""", p.read_text(encoding="utf-8")))
    assert not remote, remote
