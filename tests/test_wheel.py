"""Issue 30: the wheel, installed in a fresh virtual environment outside the checkout, works on its own: it has
the rules, the bundled cards and the examples (`pyrules examples` lists and copies them), and the README's first
sample gives there what the README shows.

The wheel is installed without its dependencies, which the new environment finds in this one's site-packages (a
path in a .pth file: this environment's own .pth files, the editable install of the checkout among them, are not
read there): installing them from the package index or pip's cache took 30-60 s of the suite's time, and .ci/run
installs them from scratch on every run anyway. Marked `slow` (a wheel built: some 10 s); the README's test
command runs it (pytest -m "not slow" leaves it out).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow


def _run(argv, cwd, env, timeout=600) -> subprocess.CompletedProcess:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, argv))}\n{done.stdout}\n{done.stderr}"
    return done


def test_the_wheel_in_a_fresh_venv_outside_the_checkout(tmp_path):
    from test_docs import blocks, matches, samples

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYRULES_CARDS")}
    env["PYRULES_CACHE_DIR"] = str(tmp_path / "cache")   # (a cache of its own: the knowledge base compiled anew)
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)], tmp_path, env)
    wheels = list(dist.glob("*.whl"))
    assert [w.name for w in wheels] == ["pyrules_mtg-0.2.0-py3-none-any.whl"]

    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(target)            # (this pip installs into it: --python)
    python = target / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheels[0])], tmp_path, env)
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path, env).stdout.strip())
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    work = tmp_path / "work"                                  # outside the checkout: no examples/, no rules/
    work.mkdir()
    where = _run([str(python), "-c", "import pyrules; print(pyrules.__file__)"], work, env).stdout.strip()
    assert Path(where).is_relative_to(target) and not Path(where).is_relative_to(ROOT)
    pyrules = str(target / "bin" / "pyrules")

    listed = _run([pyrules, "examples"], work, env).stdout.splitlines()
    names = sorted(p.name for p in (ROOT / "examples").glob("*.yaml"))
    assert listed[0].startswith(f"{len(names)} example scenarios") and [x.split()[0] for x in listed[1:]] == names
    _run([pyrules, "examples", "--copy", "examples"], work, env)
    assert sorted(p.name for p in (work / "examples").iterdir()) == names

    # the README's first set-up command ends with a sample: the wheel answers it as the README shows
    readme = [s for b in blocks(ROOT / "README.md") if b.lang == "console" for s in samples(b)]
    first = readme[0]
    assert first.command == "pyrules show examples/arcee_march_opponent_turn.yaml"
    done = _run([pyrules, *first.command.split()[1:]], work, env)
    actual = "\n".join(line.rstrip() for line in (done.stdout + done.stderr).splitlines())
    assert matches(first.expected, actual), actual
    # a command that needs the package's data: the bundled cards, the rulings in an explanation
    assert "Uro, Titan of Nature's Wrath" in _run([pyrules, "cards", "uro"], work, env).stdout
    why = _run([pyrules, "explain", "examples/arcee_march_opponent_turn.yaml", "arcee.power", "--depth", "1"], work, env)
    assert "[CR 613.4c]" in why.stdout
