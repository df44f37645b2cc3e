"""The compiled knowledge base is cached on disk; its key must change whenever a rule file does, and the
cache directory must be the one platformdirs names (the key and the directory are worked out without reading
every rule file or importing platformdirs, to keep start-up short)."""

import os
import shutil
import sys
from pathlib import Path

import pytest

from pyrules.kb import compile as kbmod


def test_the_cache_key_changes_when_a_rule_file_is_edited_added_or_removed(tmp_path):
    root = tmp_path / "rules"
    shutil.copytree(kbmod.rules_root(), root)
    first = kbmod._key(root)
    assert kbmod._key(root) == first                      # nothing changed: the same key
    target = root / "core" / "objects.lp"
    st = target.stat()
    target.write_text(target.read_text(encoding="utf-8") + "\n% an edit\n", encoding="utf-8")
    edited = kbmod._key(root)
    assert edited != first
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace("% an edit", "% a tide"), encoding="utf-8")   # same size, new content
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert kbmod._key(root) not in (first, edited)
    # an edit that keeps the size and the modification time (cp -p, tar, a store with fixed times)
    kept = kbmod._key(root)
    st = target.stat()
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace("% a tide", "% a ride"), encoding="utf-8")
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert target.stat().st_size == st.st_size and kbmod._key(root) != kept
    (root / "core" / "extra.lp").write_text("% nothing\n", encoding="utf-8")
    added = kbmod._key(root)
    (root / "core" / "extra.lp").unlink()
    assert added != kbmod._key(root)


def test_the_rule_files_are_listed_in_a_fixed_order_with_paths_relative_to_the_rules_folder():
    files = kbmod.rule_files()
    names = [name for name, _text in files]
    assert names == sorted(names) and "core/objects.lp" in names and all(n.endswith(".lp") for n in names)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the cache directory is worked out by hand on Linux only")
@pytest.mark.parametrize("xdg", [None, "", "  ", "/tmp/somewhere-else", "relative/dir", "./rel", "~/x", " /tmp/lead"])
@pytest.mark.parametrize("home", [None, "", "relhome", "/tmp/a-home", "/tmp/a-home/"])
def test_the_cache_directory_is_platformdirs_user_cache_dir(monkeypatch, xdg, home):
    import platformdirs

    monkeypatch.delenv("PYRULES_CACHE_DIR", raising=False)
    for name, value in (("XDG_CACHE_HOME", xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert kbmod.cache_dir() == Path(platformdirs.user_cache_dir("pyrules"))
