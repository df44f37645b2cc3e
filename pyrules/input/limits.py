"""The limits on a scenario document, in one place.

Scenarios come from people and programs pyrules does not control, so every document is measured against
these limits before any work is done on it (pyrules/input/document.py enforces them; the service and batches go
through the same code). Each default is far beyond what a real game reaches; a document over a limit is
refused with one line naming the field and the limit.

    limit                  default     what it bounds
    max_bytes              8 MiB       the size of a file, of standard input or of a text, in UTF-8 bytes
    max_depth              32          lists and mappings nested in one another, the document counting as 1
                                       (card files too: pyrules/cardfile.py)
    max_values             500,000     values in the whole document (every key, string, number, list, mapping);
                                       a 10,000-object board uses about 100,000
    max_objects            10,000      entries of `objects`
    max_actions            2,000       entries of `actions`
    max_effects            1,000       entries of `effects`
    max_players            16          entries of `players`
    max_entries            256         entries of any other list or mapping (targets, exile lists, counters)
    max_id_chars           64          ids, player names and the fields that refer to them; mapping keys
    max_card_chars         200         card and part names (`card`, `part`)
    max_description_chars  10,000      `description`
    max_string_chars       1,000       any other string
    max_int                1,000,000   the magnitude of every number (the schema checks the finer ranges); on
                                       a card of a card file, of every number in its cost, text and P/T
    max_seconds            120         the time one question may take (grounding the timeline, listing the
                                       options, searching payments): one deadline from the moment its game
                                       is built, checked between grounding calls and between options; a
                                       payment search is abandoned at it, wherever it is
    max_memory_mb          4,096       the memory a `pyrules` process may use (its data segment, set by the
                                       command line and the service's workers; the Python API leaves the
                                       process's own limits alone)

YAML anchors and aliases are refused outright, whatever the limits: they let a file of a few hundred bytes
stand for billions of values ("billion laughs"), and a scenario never needs them. Mapping keys must be
strings.

Override per call with a Limits of your own, e.g. ``parse_text(text, limits=Limits(max_objects=50_000))``
or ``dataclasses.replace(DEFAULT, max_bytes=64 << 20)``; or for a whole process with the environment
variable PYRULES_LIMITS, a comma-separated list of name=number (``PYRULES_LIMITS=max_objects=50000,
max_bytes=67108864``). `current()` returns the limits in force.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, fields

from pyrules.errors import ScenarioError

ENV_VAR = "PYRULES_LIMITS"


@dataclass(frozen=True)
class Limits:
    """Upper bounds on a scenario document (see the module's docstring for what each one bounds)."""
    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 32
    max_values: int = 500_000
    max_objects: int = 10_000
    max_actions: int = 2_000
    max_effects: int = 1_000
    max_players: int = 16
    max_entries: int = 256
    max_id_chars: int = 64
    max_card_chars: int = 200
    max_description_chars: int = 10_000
    max_string_chars: int = 1_000
    max_int: int = 1_000_000
    max_seconds: int = 120
    max_memory_mb: int = 4096

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is not int or value < 1:
                raise ValueError(f"Limits.{f.name} must be a positive whole number, not {value!r}")

    @classmethod
    def from_string(cls, spec: str, base: Limits | None = None) -> Limits:
        """Limits from "name=number,name=number" (the PYRULES_LIMITS syntax), starting from `base`."""
        names = {f.name for f in fields(cls)}
        changes: dict[str, int] = {}
        for item in spec.split(","):
            item = item.strip()
            if not item:
                continue
            name, sep, number = item.partition("=")
            name = name.strip()
            if not sep or name not in names:
                raise ScenarioError(ENV_VAR, f"{item[:80]!r} is not name=number with a name among: {', '.join(sorted(names))}")
            try:
                value = int(number.strip().replace("_", ""))
            except ValueError:
                raise ScenarioError(ENV_VAR, f"{name} must be a whole number, not {number.strip()[:80]!r}") from None
            if value < 1:
                raise ScenarioError(ENV_VAR, f"{name} must be at least 1, not {value}")
            changes[name] = value
        base = base or DEFAULT
        return cls(**{**{f.name: getattr(base, f.name) for f in fields(cls)}, **changes})


DEFAULT = Limits()

_from_env: tuple[str, Limits] | None = None


class BudgetExceeded(ScenarioError):
    """A question took more time or memory than its limit allows (bad input: exit 2, naming the limit)."""


def over_time(limits: Limits | None = None) -> BudgetExceeded:
    lim = limits or current()
    return BudgetExceeded("limits.max_seconds", f"answering took more than {lim.max_seconds} s (the scenario is too "
                          f"big or its timeline too long; raise it with {ENV_VAR}=max_seconds=N)")


def out_of_memory(limits: Limits | None = None) -> BudgetExceeded:
    lim = limits or current()
    return BudgetExceeded("limits.max_memory_mb", f"answering needed more than {lim.max_memory_mb} MB of memory "
                          f"(raise it with {ENV_VAR}=max_memory_mb=N)")


BACKSTOP = 1.5   # the data segment's hard cap, as a multiple of max_memory_mb (the watch refuses first)


def cap_memory(limits: Limits | None = None, refuse=None) -> None:
    """Hold this process to max_memory_mb (the command line calls it).

    A thread watches the process's data segment and, once it is over the budget, calls `refuse()` (which
    writes the refusal) and ends the process with exit code 2: wherever the memory is being taken. That
    matters because clingo, out of memory inside grounding, can crash instead of raising. The data segment
    is also capped by the system at BACKSTOP times the budget, for growth faster than the watch looks
    (an allocation refused there raises MemoryError, or ends in clingo). A cap already smaller is never
    raised. Where the system has neither, nothing happens."""
    lim = limits or current()
    if refuse is not None:
        _watch(lim.max_memory_mb * 1024 * 1024, refuse)
    try:
        import resource
    except ImportError:  # pragma: no cover - not on this platform
        return
    want = int(lim.max_memory_mb * BACKSTOP) * 1024 * 1024
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if soft != resource.RLIM_INFINITY and soft <= want:
            return
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (want, hard))
    except (ValueError, OSError):  # pragma: no cover - refused by the system: run without the cap
        pass


def _watch(budget: int, refuse) -> None:
    """Look at the data segment every 5 ms (/proc/self/statm, Linux); over the budget: refuse, exit 2."""
    import _thread  # (threading itself would add some 4 ms to every command's start)

    try:
        page = os.sysconf("SC_PAGE_SIZE")
        with open("/proc/self/statm", "rb") as fh:
            fh.read()
    except (OSError, ValueError, AttributeError):  # pragma: no cover - not Linux: the system cap alone
        return

    def watch() -> None:

        with open("/proc/self/statm", "rb") as fh:
            while True:
                if _data_pages(fh) * page > budget:
                    try:
                        refuse()
                    finally:
                        os._exit(2)
                time.sleep(0.005)

    _thread.start_new_thread(watch, ())


def _data_pages(fh) -> int:
    """The data segment, in pages, from an open /proc/self/statm (its sixth field)."""
    fh.seek(0)
    return int(fh.read().split()[5])


def data_segment_mb() -> float | None:
    """The process's data segment in MB, as the memory watch reads it (Linux); None where it can't be read."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return _data_pages(fh) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, AttributeError, IndexError):
        return None


def current() -> Limits:
    """The limits in force: DEFAULT, changed by PYRULES_LIMITS when it is set."""
    global _from_env
    spec = os.environ.get(ENV_VAR)
    if not spec:
        return DEFAULT
    if _from_env is None or _from_env[0] != spec:
        _from_env = (spec, Limits.from_string(spec))
    return _from_env[1]
