"""A line's tree is kept per text, in memory and on disk (pyrules/cards/grammar.py): a new process reads the lines it
met before without building lark's parser, and gets the same tree; a file it can't read is only a slower start."""

from __future__ import annotations

import pytest

from pyrules.cards import grammar


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The grammar's caches as a new process finds them, its disk file under tmp_path."""
    path = tmp_path / "lines.pickle"
    monkeypatch.setattr(grammar, "_disk_path", lambda: path)

    def restart():
        monkeypatch.setattr(grammar, "_DISK", None)
        monkeypatch.setattr(grammar, "_NEW", {})
        grammar._parsed.cache_clear()
        grammar.parser.cache_clear()

    restart()
    yield path, restart
    grammar._parsed.cache_clear()


LINE = "When ~ enters, you gain 3 life."


def test_a_new_process_reads_a_line_met_before_without_the_parser(fresh):
    path, restart = fresh
    first = grammar.parse(LINE, False)
    with pytest.raises(grammar.NotUnderstood):
        grammar.parse("Zzz the opponent.", False)
    assert grammar.parser.cache_info().currsize == 1       # parsed: the parser was built
    grammar.save_parsed()
    assert path.is_file()

    restart()
    assert grammar.parse(LINE, False) == first               # the same tree, read from the file
    with pytest.raises(grammar.NotUnderstood):                # and a line not understood stays so
        grammar.parse("Zzz the opponent.", False)
    assert grammar.parser.cache_info().currsize == 0       # without building the parser


def test_a_corrupt_file_is_read_as_empty(fresh):
    path, restart = fresh
    path.write_bytes(b"not a pickle")
    restart()
    assert grammar.parse(LINE, False).kind == "triggered"
    grammar.save_parsed()                                    # and rewritten whole
    restart()
    grammar.parse(LINE, False)
    assert grammar.parser.cache_info().currsize == 0
