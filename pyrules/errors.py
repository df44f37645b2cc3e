"""Errors pyrules reports to its users, and how a value is quoted in their one-line messages."""

from __future__ import annotations

from typing import Any

WIDTH = 80  # characters of a value quoted in an error message


class PyrulesError(Exception):
    """Base class of every error pyrules raises on purpose."""


class ScenarioError(PyrulesError):
    """Bad input: the scenario (or a command-line argument) breaks the interface. Exit code 2."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class KnowledgeBaseError(PyrulesError):
    """The knowledge base itself is broken (an unlabelled rule, more than one answer set, ...)."""


def one_line(text: str) -> str:
    """`text` with line breaks, control characters and other unprintable ones (bidirectional overrides,
    zero-width spaces) escaped, so that it prints as one line and shows what it holds."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


def short(value: Any, width: int = WIDTH) -> str:
    """`value` quoted for an error message: repr-like, one line, at most about `width` characters of it
    (a longer one is cut, with an ellipsis). Safe on any value: a 1 MB string, a 5,000-digit integer, a
    list of a million items, a mapping nested ten thousand deep."""
    return one_line(_short(value, width, 3))


def _short(value: Any, width: int, depth: int) -> str:
    t = type(value)
    if t is str:
        if len(value) <= width:
            return repr(value)
        r = repr(value[:width])
        return r[:-1] + "…" + r[-1]
    if t is bool or value is None or t is float:
        return repr(value)
    if t is int:
        if value.bit_length() > 256:
            return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
        r = repr(value)
        return r if len(r) <= width else r[:width] + "…"
    if t in (list, tuple, dict, set, frozenset):
        if t is dict:
            items = iter(value.items())
            opener, closer = "{", "}"
        else:
            items = iter(value)
            opener, closer = {list: ("[", "]"), tuple: ("(", ")")}.get(t, ("{", "}"))
        if depth <= 0:
            return f"{opener}…{closer}" if value else opener + closer
        out, used = [], 1
        for item in items:
            if t is dict:
                part = _short(item[0], width, depth - 1) + ": " + _short(item[1], width, depth - 1)
            else:
                part = _short(item, width, depth - 1)
            if used + len(part) > width:
                out.append(part[: max(width - used, 10)] + "…" if not out else "…")
                break
            out.append(part)
            used += len(part) + 2
        return opener + ", ".join(out) + closer
    try:
        r = repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still named
        r = f"<{t.__name__}>"
    return r if len(r) <= width else r[:width] + "…"


def did_you_mean(value: Any, names) -> str:
    """" — did you mean 'x'?" naming the one of `names` closest to `value` (difflib's ratio, or a name that
    contains it: `attackers` -> `declare_attackers`), or "" when none is close."""
    import difflib

    if not isinstance(value, str) or not value:
        return ""
    names = [n for n in names if isinstance(n, str)]
    close = difflib.get_close_matches(value, names, n=1, cutoff=0.6)
    if not close and len(value) >= 3:
        close = [n for n in names if value.lower() in n.lower()][:1]
    return f" — did you mean {close[0]!r}?" if close else ""
