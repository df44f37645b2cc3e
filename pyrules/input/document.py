"""Reading scenario documents (YAML or JSON text) into plain Python data, within the limits of limits.py.

Every way a scenario comes in (a file, standard input, a pasted text, a service request, a batch line) goes
through here before any validation, so hostile or huge input is refused early, in bounded time and
memory, with one line naming the field:

    read_source(source)          a path or "-" (standard input) -> (text, display name); the size is
                                 checked before the whole file is read
    parse_text(text, name)       YAML or JSON text -> data, checked by check_document
    load_document(source)        the two together
    check_document(data)         the generic checks on data already parsed (a dict from a JSON body)
    short(value)                 a value quoted for an error message: one line, at most ~80 characters
    field_path(parts)            the field name of a path: ("objects", 3, "counters") -> objects[3].counters

YAML is read by walking libyaml's parse events (PyYAML's C parser) and building the data from them
directly, without recursion: anchors and aliases (the "billion laughs" bomb), nesting deeper than the
limit, tags other than YAML's plain ones, keys that are not strings and keys given twice are refused at
the event that shows them, before anything is built from it. Scalars are resolved as PyYAML's safe loader
resolves them (`Loader` below is that loader, for other uses), except that only true and false (in any
letter case) are booleans: yes, no, on, off, y and n are strings (a player may be called "no"), and
dates, "=" and "<<" are strings too; and a plain scalar that YAML 1.1 (PyYAML's rules) reads as another
number than YAML 1.2 does is refused naming its field — 020 (16 in YAML 1.1, octal; 20 in YAML 1.2), 1:20
(80, base 60; text in 1.2), 0b11, 1_000, -0x1F — rather than silently read one way. JSON text is read
with the json module (much faster); a JSON problem that needs a path (nesting too deep, a key given twice)
is located by reading the same text as YAML.
"""

from __future__ import annotations

import gc
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode

from pyrules.errors import WIDTH, ScenarioError, one_line, short
from pyrules.input.limits import DEFAULT, Limits, current

__all__ = ["DocumentError", "Loader", "Limits", "DEFAULT", "check_document", "field_path", "load_document",
           "one_line", "parse_text", "read_source", "short"]


# which string-length limit a string gets, by the key it sits under (lists pass their key to their items)
_ID_KEYS = frozenset((
    "id", "owner", "controller", "attached_to", "copy_of", "ability_of", "exiled_with", "active", "priority",
    "source", "by", "as", "players", "targets", "objects", "exile", "sacrifice", "discard", "pay", "crew", "tap",
    "attacking", "blocking", "cast", "convert", "transform", "move", "copy", "activate", "counter",
    "gain_control", "pass", "play",
))
_CARD_KEYS = frozenset(("card", "part"))
_TOP_LISTS = {"objects": ("max_objects", "objects"), "actions": ("max_actions", "actions"),
              "effects": ("max_effects", "effects"), "players": ("max_players", "players")}


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_+/-]+\Z")
_MAX_FIELD = 200


def field_path(parts) -> str:
    """The field name of a path of keys and list indices: ("objects", 3, "counters") -> objects[3].counters,
    () -> "scenario". A key that isn't a plain word is quoted (objects[0].counters['a\\nb']); a very long
    path is cut in the middle."""
    out = []
    for p in parts:
        if type(p) is int:
            out.append(f"[{p}]")
        elif type(p) is str and _PLAIN_KEY.match(p) and len(p) <= WIDTH:
            out.append(f".{p}" if out else p)
        else:
            out.append(f"[{short(p)}]")
    text = "".join(out) or "scenario"
    if len(text) > _MAX_FIELD:
        text = text[:60] + "…" + text[-(_MAX_FIELD - 61):]
    return text


class DocumentError(ScenarioError):
    """Bad input about one value of a document. `parts` is its path (keys and list indices; the field is
    field_path(parts)); `line` and `column` (1-based) where it starts in the text, when known, and then
    also at the end of the message: "has 300 entries; the limit is 256 (line 41, column 5)"; `reason` is
    the message without them."""

    def __init__(self, parts, reason: str, line: int | None = None, column: int | None = None):
        self.parts = tuple(parts)
        self.reason = one_line(reason)
        self.line = line
        self.column = column
        where = "" if line is None else f" (line {line})" if column is None else f" (line {line}, column {column})"
        super().__init__(field_path(self.parts), self.reason + where)


def _bytes(n: int) -> str:
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20} MiB"
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MiB ({n} bytes)"
    return f"{n} bytes"


# --------------------------------------------------------------------------------------------------------
# reading a file or standard input

def read_source(source: str | Path, *, limits: Limits | None = None, stdin=None) -> tuple[str, str]:
    """The text of a scenario and the name to show for it: `source` is a path, or "-" for standard input
    (`stdin`, default sys.stdin). A file larger than the limit is refused before it is read (and a file
    whose size the system doesn't know, or standard input, is read only to one byte past the limit).
    A missing or unreadable file, or one that isn't UTF-8 text: ScenarioError("scenario", ...)."""
    lim = limits or current()
    cap = lim.max_bytes
    if str(source) == "-":
        name = "<stdin>"
        stream = sys.stdin if stdin is None else stdin
        if stream is None:
            raise ScenarioError("scenario", "no standard input to read the scenario from")
        binary = getattr(stream, "buffer", stream)
        try:
            data = binary.read(cap + 1)
        except OSError as exc:
            raise ScenarioError("scenario", f"can't read standard input: {one_line(exc.strerror or str(exc))}") from None
        if isinstance(data, str):  # a text stream without a buffer (a test's StringIO)
            data = data.encode("utf-8", "surrogatepass")
        if len(data) > cap:
            raise ScenarioError("scenario", f"standard input is larger than the limit of {_bytes(cap)}")
    else:
        path = Path(source)
        name = one_line(str(path))
        try:
            size = path.stat().st_size
            if path.is_dir():
                raise ScenarioError("scenario", f"{name} is a folder, not a scenario file")
            if size > cap:
                raise ScenarioError("scenario", f"{name} is {_bytes(size)}; the limit is {_bytes(cap)}")
            with path.open("rb") as f:
                data = f.read(cap + 1)
        except FileNotFoundError:
            raise ScenarioError("scenario", f"no such file: {name}") from None
        except PermissionError:
            raise ScenarioError("scenario", f"can't read {name}: permission denied") from None
        except OSError as exc:
            raise ScenarioError("scenario", f"can't read {name}: {one_line(exc.strerror or str(exc))}") from None
        if len(data) > cap:
            raise ScenarioError("scenario", f"{name} is larger than the limit of {_bytes(cap)}")
    return _decode(data, name), name


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ScenarioError("scenario", f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}, "
                                        f"at offset {exc.start})") from None


def load_document(source: str | Path, fmt: str | None = None, *, limits: Limits | None = None) -> Any:
    """read_source then parse_text: the checked data of a scenario file or of standard input ("-")."""
    text, name = read_source(source, limits=limits)
    return parse_text(text, name, fmt, limits=limits)


# --------------------------------------------------------------------------------------------------------
# parsing text

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Loader(_Base):
    """PyYAML's safe loader (the C one where PyYAML has it) reading plain scalars the way pyrules does:
    null, integers and floats as YAML 1.1 says, true and false (any letter case) as booleans, and every
    other plain scalar as a string — yes, no, on, off, y, n, dates, "=" and "<<" included. It enforces no
    limit and accepts aliases: use parse_text for input from outside."""


Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag in (_NULL, _INT, _FLOAT)]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
Loader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|false)$", re.IGNORECASE), list("tTfF"))
Loader.yaml_implicit_resolvers = {k: v for k, v in Loader.yaml_implicit_resolvers.items() if v}

_JSONISH = re.compile(r"\s*[\[{]")


def parse_text(text: str | bytes, name: str = "<scenario>", fmt: str | None = None, *,
               limits: Limits | None = None) -> Any:
    """A scenario document's data from its text, refused (ScenarioError, one line) when it breaks a limit.

    `fmt` is "yaml", "json" or None: JSON when `name` ends in .json, or when the text starts with { or [
    and reads as JSON; YAML otherwise (YAML's flow style also starts with { or [). `name` is shown in
    messages about the text as a whole. The data is checked by check_document; a message about a value of
    a multi-line text ends with its line ("objects[3].counters: ... (line 41)")."""
    lim = limits or current()
    if isinstance(text, (bytes, bytearray)):
        if len(text) > lim.max_bytes:
            raise ScenarioError("scenario", f"{one_line(name)} is {_bytes(len(text))}; the limit is {_bytes(lim.max_bytes)}")
        text = _decode(bytes(text), one_line(name))
    name = one_line(name)
    size = len(text) if text.isascii() else _utf8_size(text)
    if size > lim.max_bytes:
        raise ScenarioError("scenario", f"{name} is {_bytes(size)}; the limit is {_bytes(lim.max_bytes)}")
    if text.startswith("\ufeff"):
        text = text[1:]
    if fmt is None:
        fmt = "json" if name.lower().endswith(".json") else "auto" if _JSONISH.match(text) else "yaml"
    if fmt not in ("json", "yaml", "auto"):
        raise ValueError(f"fmt must be 'yaml', 'json' or None, not {fmt!r}")
    collecting = gc.isenabled()
    gc.disable()  # building many lists would set off the cycle collector again and again (3x slower)
    try:
        if fmt == "json":
            data = _load_json(text, name, lim)
        elif fmt == "yaml":
            data = _load_yaml(text, name, lim)
        else:
            try:
                data = _load_json(text, name, lim)
            except _SyntaxError as as_json:
                try:
                    data = _load_yaml(text, name, lim)
                except _SyntaxError as as_yaml:  # report the reading that got further
                    raise (as_json if as_json.pos > as_yaml.pos else as_yaml) from None
    finally:
        if collecting:
            gc.enable()
    try:
        check_document(data, lim)
    except DocumentError as err:
        where = _locate(text, err.parts) if err.line is None and "\n" in text.strip() else None
        if where is None:
            raise
        raise DocumentError(err.parts, err.reason, *where) from None
    return data


def _utf8_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


class _SyntaxError(ScenarioError):
    """The text isn't valid YAML or JSON; `pos` is how far the parser got."""

    def __init__(self, message: str, pos: int):
        self.pos = pos
        super().__init__("scenario", one_line(message))


def _load_json(text: str, name: str, lim: Limits) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_json_mapping)
    except json.JSONDecodeError as exc:
        raise _SyntaxError(f"{name} is not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}", exc.pos) from None
    except (RecursionError, _DuplicateKey, ValueError) as exc:
        problem = exc
    # nesting too deep for the json module, a key given twice, a number too long to read: the YAML reading
    # of the same text finds where (it is streamed, so it stops at the problem)
    try:
        _load_yaml(text, name, lim)
    except _SyntaxError:
        pass  # JSON that YAML reads otherwise: say what json found, without a place
    if isinstance(problem, RecursionError):
        raise ScenarioError("scenario", f"is nested more than {lim.max_depth} levels deep; the limit is {lim.max_depth}")
    if isinstance(problem, _DuplicateKey):
        raise ScenarioError("scenario", f"a mapping has the key {short(problem.args[0])} twice")
    raise ScenarioError("scenario", f"{name} has a number pyrules can't read: {one_line(str(problem))[:200]}")


class _DuplicateKey(Exception):
    pass


def _json_mapping(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(k)
            seen.add(k)
    return d


def _yaml_error(exc: Exception, text: str, name: str) -> ScenarioError:
    """A one-line ScenarioError for an error of the YAML parser: "line 12, column 3: ..."."""
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: "
        what = exc.problem or "not valid YAML"
        if text[mark.index:mark.index + 1] == "\t" or "'\\t'" in what:
            return _SyntaxError(f"{name} is not valid YAML: {where}a tab character: YAML indents with spaces, "
                                "never tabs (replace the tab with spaces)", mark.index)
        if exc.context:
            ctx = exc.context
            if exc.context_mark is not None and exc.context_mark.line != mark.line:
                ctx += f" on line {exc.context_mark.line + 1}"
            what += f" ({ctx})"
        return _SyntaxError(f"{name} is not valid YAML: {where}{what}", mark.index)
    if isinstance(exc, yaml.reader.ReaderError):
        pos = exc.position
        if isinstance(exc.character, int):
            pos = _char_index(text, pos)
            line = text.count("\n", 0, pos) + 1
            column = pos - (text.rfind("\n", 0, pos) + 1) + 1
            return _SyntaxError(f"{name} is not valid YAML: line {line}, column {column}: the character "
                                f"#x{exc.character:04x} is not allowed in YAML ({exc.reason})", pos)
    if isinstance(exc, UnicodeError):
        return _SyntaxError(f"{name} holds text that isn't valid Unicode (a lone surrogate)", 0)
    return _SyntaxError(f"{name} is not valid YAML: {str(exc)}", 0)


def _char_index(text: str, byte_pos: int) -> int:
    """The index in `text` of the character at UTF-8 offset `byte_pos` (libyaml counts bytes)."""
    if text.isascii():
        return min(byte_pos, len(text))
    return len(text.encode("utf-8", "surrogatepass")[:byte_pos].decode("utf-8", "ignore"))


_IMPLICIT = Loader.yaml_implicit_resolvers
_NO_RESOLVERS: list = []


def _scalar_constructors(loader) -> dict:
    return {
        _INT: lambda s: loader.construct_yaml_int(ScalarNode(_INT, s)),
        _FLOAT: lambda s: loader.construct_yaml_float(ScalarNode(_FLOAT, s)),
        _BOOL: lambda s: loader.construct_yaml_bool(ScalarNode(_BOOL, s)),
        _NULL: lambda s: None,
        _STR: lambda s: s,
    }


_NAMES = {_INT: "an integer", _FLOAT: "a number", _BOOL: "true or false", _NULL: "null", _STR: "a string"}


def _load_yaml(text: str, name: str, lim: Limits) -> Any:
    """The data of a YAML text, built from the parser's events (see the module docstring)."""
    try:
        loader = Loader(text)
    except UnicodeError as exc:
        raise _yaml_error(exc, text, name) from None
    construct = _scalar_constructors(loader)
    table, empty = _IMPLICIT, _IMPLICIT.get("", _NO_RESOLVERS)
    max_depth, max_values = lim.max_depth, lim.max_values
    stack: list[list] = []  # [container, is_mapping, key, has_key] for each open list and mapping
    root = None
    values = 0
    documents = 0
    get_event = loader.get_event
    try:
        while True:
            ev = get_event()
            cls = ev.__class__
            if cls is ScalarEvent:
                values += 1
                if ev.anchor is not None:
                    _refuse_anchor(stack, ev, "&" + ev.anchor)
                tag = ev.tag
                if tag is None or tag == "!":  # "!" alone: resolved as if untagged, as PyYAML does
                    value = ev.value
                    if ev.implicit[0]:
                        if value.isdigit() and len(value) < 16 and value.isascii() and (value[0] != "0" or value == "0"):
                            value = int(value)  # the common case, without the resolvers ("0..." is octal)
                        else:
                            for rtag, rx in (table.get(value[0], _NO_RESOLVERS) if value else empty):
                                if rx.match(value):
                                    text = value
                                    try:
                                        value = construct[rtag](value)
                                    except ValueError:  # an integer of more than 4300 digits
                                        raise _at(stack, ev, f"a number of {len(value)} characters is out of range: numbers "
                                                             f"must be between {-lim.max_int} and {lim.max_int}") from None
                                    if (rtag == _INT or rtag == _FLOAT) and not _same_number(value, _yaml12(text)):
                                        raise _ambiguous(stack, ev, text, value)
                                    break
                elif tag == _STR:
                    value = ev.value
                elif tag in construct:
                    try:
                        value = construct[tag](ev.value)
                    except (ValueError, KeyError, OverflowError):
                        raise _at(stack, ev, f"{short(ev.value)} is not {_NAMES[tag]} (it is tagged {_tag(tag)})") from None
                else:
                    raise _at(stack, ev, f"has the YAML tag {_tag(tag)}; a scenario uses no tags but !!str, !!int, !!float, !!bool and !!null")
                if values > max_values:
                    raise _too_many_values(ev, max_values)
                if not stack:
                    root = value
                    continue
                top = stack[-1]
                if top[1]:
                    if top[3]:
                        top[0][top[2]] = value
                        top[3] = False
                    else:
                        if type(value) is not str:
                            raise _key_error(stack, ev, value)
                        if value in top[0]:
                            raise _duplicate(stack, ev, value)
                        top[2] = value
                        top[3] = True
                else:
                    top[0].append(value)
            elif cls is MappingStartEvent or cls is SequenceStartEvent:
                values += 1
                is_map = cls is MappingStartEvent
                if ev.anchor is not None:
                    _refuse_anchor(stack, ev, "&" + ev.anchor)
                if ev.tag is not None and ev.tag != "!" and ev.tag != (_MAP if is_map else _SEQ):
                    raise _at(stack, ev, f"has the YAML tag {_tag(ev.tag)}; a scenario uses no tags on lists and mappings but !!seq and !!map")
                if len(stack) >= max_depth:
                    raise _at(stack, ev, f"is nested {len(stack) + 1} levels deep; the limit is {max_depth}")
                if values > max_values:
                    raise _too_many_values(ev, max_values)
                value = {} if is_map else []
                if stack:
                    top = stack[-1]
                    if top[1]:
                        if not top[3]:
                            raise _at(stack, ev, "has a list or mapping as a key; keys must be strings")
                        top[0][top[2]] = value
                        top[3] = False
                    else:
                        top[0].append(value)
                else:
                    root = value
                stack.append([value, is_map, None, False])
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                stack.pop()
            elif cls is AliasEvent:
                _refuse_anchor(stack, ev, "*" + ev.anchor)
            elif cls is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise _SyntaxError(f"{name} holds more than one YAML document (line {ev.start_mark.line + 1} "
                                       "starts another); a scenario is one document", ev.start_mark.index)
            elif cls is StreamEndEvent:
                return root
    except (yaml.YAMLError, UnicodeError) as exc:
        if isinstance(exc, yaml.MarkedYAMLError) and "nesting depth" in str(exc.problem):
            # libyaml's own cap (1,000 levels), met while it looks ahead, before any event of ours
            raise ScenarioError("scenario", f"is nested more than {max_depth} levels deep; the limit is {max_depth}") from None
        raise _yaml_error(exc, text, name) from None
    finally:
        loader.dispose()


def _too_many_values(ev, max_values: int) -> DocumentError:
    """The count of values is the whole document's: the error names the document (field "scenario"), not the
    value at which the count went over (any value could have been the one too many); a YAML text says where
    the reading stopped."""
    reason = (f"the whole document has more than {max_values} values (every key, string, number, list and mapping "
              f"counts); the limit is {max_values}")
    if ev is None:
        return DocumentError((), reason)
    return DocumentError((), reason + f"; it was read as far as line {ev.start_mark.line + 1}")


_INT12 = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT12 = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")


def _yaml12(text: str):
    """The number YAML 1.2 (its core schema) reads a plain scalar as, or None when it reads it as text."""
    if _INT12.fullmatch(text):
        return int(text[2:], 8) if text.startswith("0o") else int(text[2:], 16) if text.startswith("0x") else int(text)
    if _FLOAT12.fullmatch(text):
        return float(text.replace("inf", "Inf").replace("INF", "Inf").replace("NaN", "nan").replace("NAN", "nan")
                     .replace(".Inf", "inf").replace(".nan", "nan"))
    return None


def _same_number(a, b) -> bool:
    return b is not None and (a == b or a != a and b != b)   # (nan is the same nan)


def _ambiguous(stack: list, ev, text: str, value) -> DocumentError:
    """A plain scalar that YAML 1.1 (PyYAML's rules) and YAML 1.2 read as different values: 020 (octal 16, or
    20), 1:20 (base 60: 80, or text), 0b11, 1_000, -0x1F. pyrules reads neither: the field is refused."""
    other = _yaml12(text)
    as12 = "as text" if other is None else f"as {other!r}"
    return _at(stack, ev, f"{short(text)} is read as {value!r} by YAML 1.1 but {as12} by YAML 1.2, and pyrules "
                          "reads neither: write the number in plain decimal digits, or quote it if it is text")


def _tag(tag: str) -> str:
    if tag.startswith("tag:yaml.org,2002:"):
        tag = "!!" + tag[len("tag:yaml.org,2002:"):]
    return short(tag, 60)[1:-1]


def _stack_parts(stack: list, node: bool = True) -> list:
    """The path of the node the parser is at (node=True) or of the innermost open container (node=False)."""
    parts = []
    for frame in stack[:-1]:
        parts.append(frame[2] if frame[1] else len(frame[0]) - 1)
    if stack and node:
        top = stack[-1]
        if top[1]:
            if top[3]:
                parts.append(top[2])
        else:
            parts.append(len(top[0]))
    return parts


def _at(stack: list, ev, reason: str, node: bool = True) -> DocumentError:
    mark = ev.start_mark
    return DocumentError(_stack_parts(stack, node), reason, mark.line + 1, mark.column + 1)


def _refuse_anchor(stack: list, ev, what: str):
    raise _at(stack, ev, f"uses the YAML {'alias' if what[0] == '*' else 'anchor'} {short(what, 40)[1:-1]}: anchors "
                         "and aliases are refused (a few of them can stand for billions of values); "
                         "write the value out in full")


def _key_error(stack: list, ev, key) -> DocumentError:
    return _at(stack, ev, f"has the key {short(key)}, {_kind(key)}; mapping keys must be strings "
                          f"(quote it: {short(ev.value)})", node=False)


def _duplicate(stack: list, ev, key) -> DocumentError:
    return _at(stack, ev, f"has the key {short(key)} twice", node=False)


def _kind(value) -> str:
    if value is None:
        return "null"
    if type(value) is bool:
        return "a boolean"
    if type(value) is int:
        return "an integer"
    if type(value) is float:
        return "a number"
    return f"a {type(value).__name__}"


def _locate(text: str, parts) -> tuple[int, int] | None:
    """The 1-based line and column where the value at `parts` starts in a YAML (or JSON) text, or None.
    Walks the parser's events only as far as that value; used only when an error is reported."""
    target = list(parts)
    if not target:
        return None
    try:
        loader = Loader(text)
    except UnicodeError:
        return None
    frames: list[list] = []  # [is_mapping, index or key, expecting_key, on_target_path]
    try:
        while True:
            ev = loader.get_event()
            cls = ev.__class__
            if cls is StreamEndEvent:
                return None
            if cls is MappingEndEvent or cls is SequenceEndEvent:
                frames.pop()
                continue
            if cls not in (ScalarEvent, MappingStartEvent, SequenceStartEvent, AliasEvent):
                continue
            on_path, is_key, part = True, False, None
            if frames:
                top = frames[-1]
                on_path = top[3]
                if top[0]:
                    if top[2]:
                        is_key = True
                        top[1] = ev.value if cls is ScalarEvent else object()
                        top[2] = False
                    else:
                        part = top[1]
                        top[2] = True
                else:
                    part = top[1]
                    top[1] += 1
            depth = len(frames)
            here = on_path and not is_key and (not frames or (depth <= len(target) and target[depth - 1] == part))
            if here and depth == len(target):
                return ev.start_mark.line + 1, ev.start_mark.column + 1
            if cls is MappingStartEvent:
                frames.append([True, None, True, here])
            elif cls is SequenceStartEvent:
                frames.append([False, 0, False, here])
    except (yaml.YAMLError, UnicodeError):
        return None
    finally:
        loader.dispose()


# --------------------------------------------------------------------------------------------------------
# the generic checks

_SURROGATE = re.compile(r"[\ud800-\udfff]")


def check_document(data: Any, limits: Limits | None = None) -> None:
    """Refuse data (already parsed: from parse_text, or a dict from a JSON body) that breaks a limit:
    nesting depth, the number of values, the number of objects, actions, effects and players, the length of
    every other list and mapping, of every string (by the field it is in) and of every key, the range of
    every number; keys must be strings and values JSON's kinds (strings, numbers, true/false, null, lists,
    mappings). Raises DocumentError naming the field and the limit. Iterative: any depth is safe."""
    lim = limits or current()
    max_entries, max_depth, max_values, max_int = lim.max_entries, lim.max_depth, lim.max_values, lim.max_int
    max_key, max_other = lim.max_id_chars, lim.max_string_chars
    str_limit = {k: lim.max_id_chars for k in _ID_KEYS}
    str_limit.update({k: lim.max_card_chars for k in _CARD_KEYS})
    str_limit["description"] = lim.max_description_chars
    values = 1
    # each entry: (container, depth, path (a linked list: (parent path, key) or ()), key it sits under)
    todo: list[tuple] = [(data, 1, (), None)]
    if not isinstance(data, (dict, list, tuple)):
        _check_scalar(data, (), None, str_limit, max_other, max_int)
        return
    while todo:
        node, depth, path, under = todo.pop()
        if isinstance(node, dict):
            n = len(node)
            if n > max_entries:
                raise DocumentError(_parts(path), f"has {n} entries; the limit is {max_entries}")
            values += 2 * n
            if values > max_values:
                raise _too_many_values(None, max_values)
            for k, v in node.items():
                if type(k) is not str and not isinstance(k, str):
                    raise DocumentError(_parts(path), f"has the key {short(k)}, {_kind(k)}; mapping keys must be strings")
                if len(k) > max_key:
                    raise DocumentError(_parts(path), f"has a key of {len(k)} characters, {short(k)}; the limit is {max_key}")
                if not k.isascii() and _SURROGATE.search(k):
                    raise DocumentError(_parts(path), f"has the key {short(k)}, which isn't valid Unicode (a lone surrogate)")
                t = type(v)
                if t is str:
                    cap = str_limit.get(k, max_other)
                    if len(v) > cap:
                        raise DocumentError(_parts((path, k)), _too_long(v, k, cap))
                    if not v.isascii() and _SURROGATE.search(v):
                        raise DocumentError(_parts((path, k)), f"{short(v)} isn't valid Unicode (a lone surrogate)")
                elif t is dict or t is list or t is tuple:
                    if depth >= max_depth:
                        raise DocumentError(_parts((path, k)), f"is nested {depth + 1} levels deep; the limit is {max_depth}")
                    todo.append((v, depth + 1, (path, k), k))
                elif t is int:
                    if not -max_int <= v <= max_int:
                        raise DocumentError(_parts((path, k)), _out_of_range(v, max_int))
                elif t is not bool and v is not None:
                    if isinstance(v, (dict, list, tuple)):  # a subclass (an OrderedDict from the Python API)
                        if depth >= max_depth:
                            raise DocumentError(_parts((path, k)), f"is nested {depth + 1} levels deep; the limit is {max_depth}")
                        todo.append((v, depth + 1, (path, k), k))
                    else:
                        _check_scalar(v, (path, k), k, str_limit, max_other, max_int)
        else:
            n = len(node)
            top = _TOP_LISTS.get(path[1]) if depth == 2 and path else None
            if top is not None:
                cap = getattr(lim, top[0])
                if n > cap:
                    raise DocumentError(_parts(path), f"has {n} {top[1]}; the limit is {cap}")
            elif n > max_entries:
                raise DocumentError(_parts(path), f"has {n} entries; the limit is {max_entries}")
            values += n
            if values > max_values:
                raise _too_many_values(None, max_values)
            cap = str_limit.get(under, max_other)
            for i, v in enumerate(node):
                t = type(v)
                if t is str:
                    if len(v) > cap:
                        raise DocumentError(_parts((path, i)), _too_long(v, under, cap))
                    if not v.isascii() and _SURROGATE.search(v):
                        raise DocumentError(_parts((path, i)), f"{short(v)} isn't valid Unicode (a lone surrogate)")
                elif t is dict or t is list or t is tuple:
                    if depth >= max_depth:
                        raise DocumentError(_parts((path, i)), f"is nested {depth + 1} levels deep; the limit is {max_depth}")
                    todo.append((v, depth + 1, (path, i), under))
                elif t is int:
                    if not -max_int <= v <= max_int:
                        raise DocumentError(_parts((path, i)), _out_of_range(v, max_int))
                elif t is not bool and v is not None:
                    if isinstance(v, (dict, list, tuple)):
                        if depth >= max_depth:
                            raise DocumentError(_parts((path, i)), f"is nested {depth + 1} levels deep; the limit is {max_depth}")
                        todo.append((v, depth + 1, (path, i), under))
                    else:
                        _check_scalar(v, (path, i), under, str_limit, max_other, max_int)


def _check_scalar(v, path, key, str_limit, max_other, max_int) -> None:
    """The rarer kinds of value (and a document that is a single value)."""
    t = type(v)
    if isinstance(v, str):
        cap = str_limit.get(key, max_other)
        if len(v) > cap:
            raise DocumentError(_parts(path), _too_long(v, key, cap))
        if not v.isascii() and _SURROGATE.search(v):
            raise DocumentError(_parts(path), f"{short(v)} isn't valid Unicode (a lone surrogate)")
    elif isinstance(v, bool) or v is None:
        return
    elif isinstance(v, int):
        if not -max_int <= v <= max_int:
            raise DocumentError(_parts(path), _out_of_range(int(v), max_int))
    elif isinstance(v, float):
        if not math.isfinite(v):
            raise DocumentError(_parts(path), f"{v!r} is not a number a scenario can hold")
        if not -max_int <= v <= max_int:
            raise DocumentError(_parts(path), _out_of_range(v, max_int))
    else:
        what = {bytes: "binary data", bytearray: "binary data", set: "a set"}.get(t, f"a {t.__name__}")
        raise DocumentError(_parts(path), f"is {what} ({short(v)}); a scenario holds only strings, numbers, "
                                          "true/false, null, lists and mappings")


def _parts(path: tuple) -> list:
    out = []
    while path:
        path, part = path
        out.append(part)
    out.reverse()
    return out


_WHAT = {"description": "a description", "card": "a card name", "part": "a part's name"}


def _too_long(value: str, key, cap: int) -> str:
    what = _WHAT.get(key) or ("an id or a player's name" if key in _ID_KEYS else "a string")
    return f"is {len(value)} characters long, {short(value)}; the limit for {what} is {cap}"


def _out_of_range(value, max_int: int) -> str:
    return f"{short(value)} is out of range: numbers must be between {-max_int} and {max_int}"
