"""The card library: pyrules' bundled cards plus the card files given with --cards, looked up by name.

    lib = CardLibrary(["oracle-cards.json", "mine.json"])   # bundled cards first, then each file in order
    lib.get("arcee, acrobatic coupe")    # the card (normal shape, see cardfile), or None
    lib.names()                          # every card's full name
    lib.sources                          # per source: cards read, skipped (with reasons), ignored, index used

Layering: a later source's card replaces an earlier source's card of the same full name (a --cards file
overrides the bundled card; of two files, the last one given wins). `get` looks for the full name first
(latest source first), then for a face name (latest source first), in any letter case. A full name that is
also the name of a face of a different card (in any source: "Fire" beside "Fire // Ice", a card file's
"Arcee, Sharpshooter" beside the bundled double-faced card) names neither: `get` raises a CardDataError
naming both, as no two cards share a name and one of the two records must be wrong; the other card is still
found by its full name "Front // Back" (and its other face's name). A card a source
could not read is refused when it is looked up: `get` raises its CardDataError (one line naming the card
and the field), unless a later source has a good card of that name.

Small files (under 2 MB) are read directly. Larger files (Scryfall bulk files, AtomicCards.json) are read
once into an on-disk SQLite index in the cache directory (platformdirs' user cache dir for "pyrules", or
$PYRULES_CACHE_DIR), keyed by the sha256 of the file's content, so that a later run finds a card in
milliseconds instead of parsing the file again. To avoid hashing a large file on every run, a small table
maps (absolute path, size, mtime_ns) to the hash, and is trusted when all three match. Indexes are built
into a temporary file and renamed into place, so a reader never sees half an index and two processes may
build the same one at once (the last rename wins; both are complete). A corrupt or old-version index is
rebuilt; a cache directory that can't be written only costs speed (the file is then read into memory).

sqlite3 and ijson are imported only when a large file needs them, so the bundled-only path stays fast.
"""

from __future__ import annotations

import _thread
import bisect
import copy
import functools
import hashlib
import json
import os
import re
import unicodedata
import uuid
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from pyrules.cards.files import (
    STREAM_MIN_BYTES,
    CardDataError,
    CardFile,
    bundled_path,
    face_names,
    iter_records,
    read_file,
)

SCHEMA_VERSION = 1
ENV_CACHE_DIR = "PYRULES_CACHE_DIR"

_APOSTROPHES = re.compile(r"['’‘`]")
_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)


def lookup_key(name: str) -> str:
    """The exact-lookup form of a name: Unicode NFC, case-folded, outer spaces removed."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def _fold(name: str) -> str:
    if name.isascii():
        return name.lower()
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def search_words(name: str) -> str:
    """Lower-case words with accents, apostrophes and punctuation removed: "Nature's Wrath" -> "natures wrath"."""
    return _NON_ALNUM.sub(" ", _APOSTROPHES.sub("", _fold(name))).strip()


def search_key(name: str) -> str:
    """search_words without spaces: "Welcome to . . ." and "welcome to..." are both "welcometo"."""
    return search_words(name).replace(" ", "")


def default_cache_dir() -> Path:
    # the same directory as the compiled knowledge base's ($PYRULES_CACHE_DIR too); imported here, as the knowledge
    # base's modules import clingo, which `pyrules cards` with a card file doesn't otherwise need
    from pyrules.kb.compile import cache_dir

    found = cache_dir()
    if found is None:  # pragma: no cover - platformdirs missing on a platform that needs it
        raise OSError("no cache directory: set PYRULES_CACHE_DIR")
    return found


@dataclass
class SourceStats:
    """What one source of cards gave."""
    path: str                       # "bundled" for pyrules' own cards
    label: str                      # the "source" its cards carry when they have none of their own
    kind: str                       # see cardfile.CardFile.kind
    read: int = 0                   # cards kept
    skipped: list[CardDataError] = field(default_factory=list)   # bad cards, with names, fields, reasons
    ignored: dict[str, int] = field(default_factory=dict)       # non-card objects dropped, by layout/object
    duplicates: int = 0             # further objects with a name already read (other printings)
    index: str | None = None        # None (read directly) | "built" | "reused" | "memory" (cache unusable)
    index_path: str | None = None


class SearchTable:
    """The names one source's cards go by, for cardsearch. Entry i is one name: shown(i) (a face's name or
    the full name), key(i) (its search_key), words(i) (its search_words) and full(i) (the card's full
    name). The keys are kept as one newline-joined text, so that finding every key containing a string is
    one substring search; `fuzzy` lists the entries fuzzy matching compares (all but the full names of
    cards with faces, which are their faces' names joined)."""

    def __init__(self, keys: str, key_starts: Sequence[int], shown: str, shown_starts: Sequence[int],
                 full_of: Sequence[int], fuzzy: Sequence[int]):
        self._keys, self._key_starts = keys, key_starts
        self._shown, self._shown_starts = shown, shown_starts
        self._full_of = full_of            # entry -> the entry holding the card's full name
        self.fuzzy = fuzzy
        self._fuzzy_keys: list[str] | None = None
        if not (len(key_starts) == len(shown_starts) == len(full_of) + 1):
            raise ValueError("inconsistent search table")

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str]]) -> "SearchTable":
        """From (shown name, full name) pairs: each card's faces (front first), then its full name."""
        keys: list[str] = []
        shown: list[str] = []
        full_at: dict[str, int] = {}
        pending: list[int] = []
        full_of: list[int] = []
        fuzzy: list[int] = []
        for i, (name, full) in enumerate(rows):
            keys.append(search_key(name))
            shown.append(name)
            full_of.append(-1)
            if name == full:
                full_at[full] = i
                for j in pending:
                    full_of[j] = i
                full_of[i] = i
                if not pending:
                    fuzzy.append(i)        # a card with faces is fuzzy-matched by its faces' names
                pending = []
            else:
                pending.append(i)
                fuzzy.append(i)
        if pending:
            raise ValueError("search rows must end each card with its full name")
        return cls("\n".join(keys), _starts(keys), "\n".join(shown), _starts(shown), full_of, fuzzy)

    def __len__(self) -> int:
        return len(self._full_of)

    def key(self, i: int) -> str:
        return self._keys[self._key_starts[i]:self._key_starts[i + 1] - 1]

    def shown(self, i: int) -> str:
        return self._shown[self._shown_starts[i]:self._shown_starts[i + 1] - 1]

    def full(self, i: int) -> str:
        return self.shown(self._full_of[i])

    def words(self, i: int) -> str:
        return search_words(self.shown(i))

    def containing(self, qkey: str) -> list[int]:
        """The entries whose key contains qkey (one substring search over all the keys at once)."""
        out: list[int] = []
        blob, starts = self._keys, self._key_starts
        i = blob.find(qkey)
        while i != -1:
            idx = bisect.bisect_right(starts, i) - 1
            out.append(idx)
            i = blob.find(qkey, starts[idx + 1])
        return out

    @property
    def fuzzy_keys(self) -> list[str]:
        """The keys of the `fuzzy` entries, in that order."""
        if self._fuzzy_keys is None:
            self._fuzzy_keys = [self.key(i) for i in self.fuzzy]
        return self._fuzzy_keys

    def to_blobs(self) -> list[tuple[str, bytes | str]]:

        return [("keys", self._keys), ("shown", self._shown),
                ("key_starts", array("q", self._key_starts).tobytes()),
                ("shown_starts", array("q", self._shown_starts).tobytes()),
                ("full_of", array("q", self._full_of).tobytes()), ("fuzzy", array("q", self.fuzzy).tobytes())]

    @classmethod
    def from_blobs(cls, blobs: dict[str, Any]) -> "SearchTable":

        def ints(name: str) -> array:
            out = array("q")
            out.frombytes(blobs[name])
            return out

        return cls(blobs["keys"], ints("key_starts"), blobs["shown"], ints("shown_starts"), ints("full_of"),
                   ints("fuzzy"))


def _starts(texts: list[str]) -> list[int]:
    """Where each text starts in "\n".join(texts), plus one past the end (so text i is [s[i], s[i+1]-1))."""
    out = [0] * (len(texts) + 1)
    pos = 0
    for i, t in enumerate(texts):
        pos += len(t) + 1
        out[i + 1] = pos
    return out


class _Source:
    """Cards of one source, looked up by full name or face name."""
    stats: SourceStats

    def by_name(self, key: str) -> str | None: ...
    def by_face(self, key: str) -> str | None: ...
    def skipped_error(self, key: str) -> CardDataError | None: ...
    def card(self, name: str) -> dict: ...
    def names(self) -> list[str]: ...
    def search_table(self) -> SearchTable: ...


class _MemorySource(_Source):
    def __init__(self, stats: SourceStats, cards: dict[str, dict], skipped: Iterable[tuple[tuple[str, ...], CardDataError]]):
        self.stats = stats
        self._cards = cards
        self._full: dict[str, str] = {}
        self._face: dict[str, str] = {}
        for name, card in cards.items():
            self._full.setdefault(lookup_key(name), name)
            for face in face_names(card):
                self._face.setdefault(lookup_key(face), name)
        self._table: SearchTable | None = None
        self._skipped: dict[str, CardDataError] = {}
        for names, err in skipped:
            for n in names:
                self._skipped.setdefault(lookup_key(n), err)

    def by_name(self, key: str) -> str | None:
        return self._full.get(key)

    def by_face(self, key: str) -> str | None:
        return self._face.get(key)

    def skipped_error(self, key: str) -> CardDataError | None:
        return self._skipped.get(key)

    def card(self, name: str) -> dict:
        card = copy.deepcopy(self._cards[name])
        card.setdefault("source", self.stats.label)
        return card

    def names(self) -> list[str]:
        return list(self._cards)

    def search_table(self) -> SearchTable:
        if self._table is None:
            self._table = SearchTable.from_rows((shown, name) for name, card in self._cards.items()
                                                for shown in _shown_names(name, card))
        return self._table


# ----------------------------------------------------------------------------------------------------
# the SQLite index

_DDL = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
CREATE TABLE names(lookup TEXT NOT NULL, card_id INTEGER NOT NULL, is_face INTEGER NOT NULL);
CREATE TABLE search(shown TEXT NOT NULL, card_id INTEGER NOT NULL);
CREATE TABLE blobs(name TEXT PRIMARY KEY, data NOT NULL);
CREATE TABLE skipped(seq INTEGER PRIMARY KEY, name TEXT, field TEXT NOT NULL, message TEXT NOT NULL);
CREATE TABLE skipped_names(lookup TEXT NOT NULL, seq INTEGER NOT NULL);
CREATE TABLE ignored(what TEXT PRIMARY KEY, count INTEGER NOT NULL);
"""
_INDEXES = """
CREATE INDEX names_lookup ON names(lookup, is_face);
CREATE INDEX skipped_lookup ON skipped_names(lookup);
"""

# How many times an index was built in this process (tests read it to see that a file was not re-parsed).
BUILD_COUNT = 0


def _file_hash(path: str, cache: Path) -> str:
    """sha256 of the file's content, through the (path, size, mtime_ns) table when it can be trusted."""
    import sqlite3

    st = os.stat(path)
    apath = os.path.abspath(path)
    db_path = cache / "files.sqlite"
    conn = None
    try:
        conn = sqlite3.connect(db_path, timeout=10)
        conn.execute("CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER NOT NULL,"
                     " mtime_ns INTEGER NOT NULL, sha256 TEXT NOT NULL)")
        row = conn.execute("SELECT size, mtime_ns, sha256 FROM files WHERE path = ?", (apath,)).fetchone()
        if row and row[0] == st.st_size and row[1] == st.st_mtime_ns and re.fullmatch(r"[0-9a-f]{64}", str(row[2])):
            conn.close()
            return row[2]
    except sqlite3.DatabaseError:
        if conn is not None:
            conn.close()
            conn = None
        try:
            db_path.unlink()               # a corrupt table is only a cache: start it again
        except OSError:
            pass
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    value = digest.hexdigest()
    try:
        if conn is None:
            conn = sqlite3.connect(db_path, timeout=10)
            conn.execute("CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER NOT NULL,"
                         " mtime_ns INTEGER NOT NULL, sha256 TEXT NOT NULL)")
        with conn:
            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)", (apath, st.st_size, st.st_mtime_ns, value))
    except sqlite3.DatabaseError:
        pass
    finally:
        if conn is not None:
            conn.close()
    return value


class _IndexSource(_Source):
    """Cards of a large file, from its SQLite index."""
    def __init__(self, stats: SourceStats, db_path: Path):
        import sqlite3

        self.stats = stats
        # read-only and immutable: an index file is never changed once renamed into place, only replaced
        self._conn = sqlite3.connect(db_path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True,
                                     check_same_thread=False)
        self._lock = _thread.allocate_lock()      # one connection, used from any thread (the service)
        self._table: SearchTable | None = None
        meta = dict(self._conn.execute("SELECT key, value FROM meta"))
        if meta.get("schema") != str(SCHEMA_VERSION) or meta.get("complete") != "1":
            raise sqlite3.DatabaseError("incomplete or old index")
        stats.kind = meta["kind"]
        stats.read = int(meta["read"])
        stats.duplicates = int(meta["duplicates"])
        stats.ignored = dict(self._conn.execute("SELECT what, count FROM ignored"))
        stats.skipped = [CardDataError(name, fld, msg)
                         for name, fld, msg in self._conn.execute("SELECT name, field, message FROM skipped ORDER BY seq")]

    def _lookup(self, key: str, is_face: int) -> str | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT cards.name FROM names JOIN cards ON cards.id = names.card_id"
                " WHERE names.lookup = ? AND names.is_face = ? ORDER BY cards.id LIMIT 1", (key, is_face)).fetchone()
        return row[0] if row else None

    def by_name(self, key: str) -> str | None:
        return self._lookup(key, 0)

    def by_face(self, key: str) -> str | None:
        return self._lookup(key, 1)

    def skipped_error(self, key: str) -> CardDataError | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT skipped.name, skipped.field, skipped.message FROM skipped_names"
                " JOIN skipped ON skipped.seq = skipped_names.seq WHERE skipped_names.lookup = ?"
                " ORDER BY skipped.seq LIMIT 1", (key,)).fetchone()
        return CardDataError(*row) if row else None

    def card(self, name: str) -> dict:
        with self._lock:
            row = self._conn.execute("SELECT data FROM cards WHERE name = ?", (name,)).fetchone()
        card = json.loads(row[0])
        card.setdefault("source", self.stats.label)
        return card

    def names(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._conn.execute("SELECT name FROM cards ORDER BY id")]

    def search_table(self) -> SearchTable:
        if self._table is None:
            import sqlite3

            with self._lock:
                try:
                    self._table = SearchTable.from_blobs(dict(self._conn.execute("SELECT name, data FROM blobs")))
                except (KeyError, ValueError, TypeError, sqlite3.Error):   # damaged: the slower way
                    self._table = SearchTable.from_rows(self._conn.execute(
                        "SELECT search.shown, cards.name FROM search JOIN cards ON cards.id = search.card_id"
                        " ORDER BY search.rowid").fetchall())
        return self._table


def _build_index(path: str, final: Path) -> None:
    """Read the file once into a new SQLite index at `final` (built in a temporary file, then renamed)."""
    global BUILD_COUNT
    import sqlite3

    records, items = iter_records(path, stream=True)
    tmp = final.with_name(f".{final.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.executescript(_DDL)
        ids: dict[str, int] = {}
        ignored: dict[str, int] = {}
        read = duplicates = 0
        next_id = 1
        names_rows: list[tuple] = []
        search_rows: list[tuple] = []
        card_rows: list[tuple] = []

        def flush() -> None:
            conn.executemany("INSERT INTO cards(id, name, data) VALUES (?, ?, ?)", card_rows)
            conn.executemany("INSERT INTO names VALUES (?, ?, ?)", names_rows)
            conn.executemany("INSERT INTO search VALUES (?, ?)", search_rows)
            card_rows.clear()
            names_rows.clear()
            search_rows.clear()

        def forget(name: str) -> None:
            flush()
            old = ids.pop(name)
            conn.execute("DELETE FROM cards WHERE id = ?", (old,))
            conn.execute("DELETE FROM names WHERE card_id = ?", (old,))
            conn.execute("DELETE FROM search WHERE card_id = ?", (old,))

        label = records.label
        for rec in items:
            if rec.status == "card":
                card = rec.card
                if card.get("source") == label:
                    del card["source"]          # the reader adds the current path's label back
                if rec.replaces and rec.name in ids:
                    forget(rec.name)
                    read -= 1
                if rec.replaces:
                    conn.execute("DELETE FROM skipped_names WHERE seq IN (SELECT seq FROM skipped WHERE name = ?)",
                                 (rec.name,))
                    conn.execute("DELETE FROM skipped WHERE name = ?", (rec.name,))
                cid = next_id
                next_id += 1
                ids[rec.name] = cid
                read += 1
                card_rows.append((cid, rec.name, json.dumps(card, ensure_ascii=False, separators=(",", ":"))))
                names_rows.append((lookup_key(rec.name), cid, 0))
                for face in face_names(card):
                    names_rows.append((lookup_key(face), cid, 1))
                for shown in _shown_names(rec.name, card):
                    search_rows.append((shown, cid))
                if len(card_rows) >= 2000:
                    flush()
            elif rec.status == "skipped":
                if rec.replaces and rec.name in ids:
                    forget(rec.name)
                    read -= 1
                err = rec.error
                seq = conn.execute("INSERT INTO skipped(name, field, message) VALUES (?, ?, ?)",
                                   (err.card_name, err.field, err.message)).lastrowid
                conn.executemany("INSERT INTO skipped_names VALUES (?, ?)",
                                 [(k, seq) for k in dict.fromkeys(lookup_key(n) for n in rec.names)])
            elif rec.status == "ignored":
                ignored[rec.what] = ignored.get(rec.what, 0) + 1
            else:
                duplicates += 1
        flush()
        conn.executemany("INSERT INTO ignored VALUES (?, ?)", sorted(ignored.items()))
        # the search names, as newline-joined text and offsets: loading them is then a few reads
        table = SearchTable.from_rows(conn.execute(
            "SELECT search.shown, cards.name FROM search JOIN cards ON cards.id = search.card_id ORDER BY search.rowid"))
        conn.executemany("INSERT INTO blobs VALUES (?, ?)", table.to_blobs())
        conn.executescript(_INDEXES)
        meta = {"schema": str(SCHEMA_VERSION), "kind": records.kind, "read": str(read),
                "duplicates": str(duplicates), "file_meta": json.dumps(records.meta), "complete": "1"}
        conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        conn.commit()
        conn.close()
        os.replace(tmp, final)
        BUILD_COUNT += 1
    except BaseException:
        conn.close()
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def _open_index(path: str, cache: Path, stats: SourceStats) -> _IndexSource:
    """The index of a large file: reused when a complete one exists for its content, else built."""
    import sqlite3

    cache.mkdir(parents=True, exist_ok=True)
    digest = _file_hash(path, cache)
    final = cache / f"cards-v{SCHEMA_VERSION}-{digest}.sqlite"
    stats.index_path = str(final)
    if final.exists():
        try:
            source = _IndexSource(stats, final)
            stats.index = "reused"
            return source
        except (sqlite3.DatabaseError, KeyError, ValueError):
            try:
                final.unlink()             # corrupt or old: build it again
            except OSError:
                pass
    _build_index(path, final)
    source = _IndexSource(stats, final)
    stats.index = "built"
    return source


# ----------------------------------------------------------------------------------------------------
# the library


class CardLibrary:
    """Cards from layered sources: the bundled cards first, then each added file in order (later wins)."""
    def __init__(self, files: Iterable[str | os.PathLike] = (), *, bundled: bool = True,
                 cache_dir: str | os.PathLike | None = None, index_min_bytes: int = STREAM_MIN_BYTES):
        self._sources: list[_Source] = []
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.index_min_bytes = index_min_bytes
        if bundled:
            self._add_small(str(bundled_path()), "bundled")
        for path in files:
            self.add_file(path)

    # -- sources

    @property
    def sources(self) -> list[SourceStats]:
        return [s.stats for s in self._sources]

    @property
    def cache_dir(self) -> Path:
        return self._cache_dir if self._cache_dir is not None else default_cache_dir()

    def _add_small(self, path: str, shown: str | None = None, *, stream: bool | None = False) -> SourceStats:
        result = _bundled() if shown == "bundled" else read_file(path, stream=stream)
        stats = SourceStats(shown or result.path, result.label, result.kind, result.read, list(result.skipped),
                            dict(result.ignored), result.duplicates)
        if shown == "bundled":
            stats.label = "pyrules bundled cards"
        skipped = [(_error_names(e), e) for e in result.skipped]
        self._sources.append(_MemorySource(stats, result.cards, skipped))
        return stats

    def add_file(self, path: str | os.PathLike) -> SourceStats:
        """Add a card file on top of the sources so far; its cards override earlier ones of the same name."""
        path = os.fspath(path)
        try:
            size = os.path.getsize(path)
        except FileNotFoundError:
            raise CardDataError(None, "--cards", f"{path}: no such file") from None
        except OSError as exc:
            raise CardDataError(None, "--cards", f"{path}: can't be read ({exc.strerror or exc})") from None
        if os.path.isdir(path):
            raise CardDataError(None, "--cards", f"{path}: is a directory, not a card file")
        if size < self.index_min_bytes:
            return self._add_small(path, stream=None)
        stats = SourceStats(path, path, "")
        import sqlite3

        try:
            source: _Source = _open_index(path, self.cache_dir, stats)
        except (OSError, sqlite3.Error):   # the cache is only a cache: read the file into memory instead
            stats = self._add_small(path, stream=True)
            stats.index = "memory"
            return stats
        stats.label = _label(stats.kind, path)
        self._sources.append(source)
        return stats

    # -- lookups

    def get(self, name: str) -> dict | None:
        """The card with this full name, face name or "Front // Back" (any letter case), or None.

        Raises the card's CardDataError when the source that would give it could not read it.
        """
        if not isinstance(name, str):
            return None
        key = lookup_key(name)
        for number in range(len(self._sources) - 1, -1, -1):
            source = self._sources[number]
            full = source.by_name(key)
            if full is not None:
                self._check_not_a_face(key, full, number)
                return source.card(full)
            err = source.skipped_error(key)
            if err is not None:
                raise err
        for source in reversed(self._sources):
            full = source.by_face(key)
            if full is not None:
                return source.card(full)
        return None

    def _check_not_a_face(self, key: str, full: str, number: int) -> None:
        """A card's full name that is also the name of a face of another card names neither: refused (one of the
        two records is wrong, as no two cards share a name), rather than one silently standing for the other."""
        for other_number in range(len(self._sources) - 1, -1, -1):
            other = self._sources[other_number].by_face(key)
            if other is not None and lookup_key(other) != lookup_key(full):
                here, there = self._sources[number].stats, self._sources[other_number].stats
                raise CardDataError(full, "name", f"is also the name of a face of {other!r} ({_where(there)}); "
                                                  f"pyrules refuses the name, as it can't tell which card is meant: "
                                                  f"correct the card in {_where(here)}, or name the other card in "
                                                  f"full ({other!r})" if here is not there else
                                    f"is also the name of a face of {other!r} in the same file ({_where(here)}); "
                                    f"pyrules refuses the name, as it can't tell which card is meant: name the "
                                    f"other card in full ({other!r})")

    def __contains__(self, name: object) -> bool:
        try:
            return isinstance(name, str) and self.get(name) is not None
        except CardDataError:
            return False

    def names(self) -> list[str]:
        """Every card's full name: the bundled cards' in file order, then each file's new names."""
        seen: dict[str, None] = {}
        for source in self._sources:
            for n in source.names():
                seen.setdefault(n, None)
        return list(seen)

    def search_tables(self) -> list[tuple[int, SearchTable]]:
        """(source number, its SearchTable) for every source, the latest first."""
        return [(i, self._sources[i].search_table()) for i in range(len(self._sources) - 1, -1, -1)]

    def overridden(self, full_name: str, source_number: int) -> bool:
        """Whether a source after `source_number` has a card of this full name (which then wins)."""
        key = lookup_key(full_name)
        return any(s.by_name(key) is not None or s.skipped_error(key) is not None
                   for s in self._sources[source_number + 1:])


@functools.cache
def _bundled() -> CardFile:
    """The bundled cards, read once per process (sources hand out copies, never these dicts)."""
    return read_file(bundled_path())


def _where(stats: SourceStats) -> str:
    return "pyrules' bundled cards" if stats.path == "bundled" else stats.path


def _label(kind: str, path: str) -> str:
    if kind == "mtgjson":
        return f"MTGJSON {path}"
    if kind == "scryfall bulk":
        return f"Scryfall bulk {path}"
    return path


def _shown_names(name: str, card: dict) -> list[str]:
    """The names a card is searched by: each face's (front first), then the full name."""
    return list(dict.fromkeys(face_names(card) + [name]))


def _error_names(err: CardDataError) -> tuple[str, ...]:
    return tuple(getattr(err, "names", ())) or ((err.card_name,) if err.card_name else ())
