"""Finding cards as people type them: exact, prefix, word-prefix, substring and fuzzy matches.

    find(library, "uro")                -> [Match("Uro, Titan of Nature's Wrath", ..., "prefix", 100.0)]
    find(library, "arcee sharpshoter")  -> Arcee, via the face "Arcee, Sharpshooter" (fuzzy)
    did_you_mean(library, "Arcee, Sharpshoter") -> " — did you mean 'Arcee, Sharpshooter'?"

Names are compared by their search keys (cardindex.search_key): case-folded, accents, punctuation and
spaces removed, so "welcome to..." is "Welcome to . . .". Every name a card goes by is searched: each
face's and the full name. One match per card (its best; on a tie, the front face's, then the back's,
then the full name's), ranked exact > prefix > word-prefix (the query
starts a later word of the name) > substring > fuzzy; within a kind, fuzzy matches by score (highest
first), then by name; the others by name. The same library and query always give the same answer.
Fuzzy scores (0..100) come from rapidfuzz over the search keys: the whole name's ratio, or, when no whole
name is close, 0.9 times the partial ratio (the query close to a part of the name); the other kinds score
100. Scores under 75 are not matches.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyrules.cards.index import CardLibrary, search_key, search_words

KINDS = ("exact", "prefix", "word_prefix", "substring", "fuzzy")
_RANK = {k: i for i, k in enumerate(KINDS)}
FUZZY_CUTOFF = 75.0


@dataclass(frozen=True)
class Match:
    name: str            # the card's full name
    matched_name: str    # the name that matched: the full name or a face's
    kind: str            # one of KINDS
    score: float         # 100 for exact/prefix/word_prefix/substring; rapidfuzz's score for fuzzy


def _sort_key(m: Match) -> tuple:
    return (_RANK[m.kind], -m.score if m.kind == "fuzzy" else 0.0, m.name.casefold(), m.name, m.matched_name)


def find(library: CardLibrary, query: str, limit: int = 5) -> list[Match]:
    """The cards best matching `query`, best first (at most `limit`)."""
    if not isinstance(query, str) or limit <= 0:
        return []
    qkey = search_key(query)
    if not qkey:
        return []
    qwords = " " + search_words(query)
    tables = library.search_tables()
    best: dict[str, Match] = {}
    lost: dict[str, bool] = {}     # full name -> a later source has it (a match from this source doesn't count)

    def offer(m: Match, source: int) -> None:
        key = (m.name, source)
        if key not in lost:
            lost[key] = library.overridden(m.name, source)
        if lost[key]:
            return
        # a card's best match; on a tie the name searched first (the front face) stays
        old = best.get(m.name)
        if old is None or (_RANK[m.kind], -m.score) < (_RANK[old.kind], -old.score):
            best[m.name] = m

    for source, table in tables:
        for i in table.containing(qkey):
            key = table.key(i)
            if key == qkey:
                kind = "exact"
            elif key.startswith(qkey):
                kind = "prefix"
            elif qwords in " " + table.words(i):
                kind = "word_prefix"
            else:
                kind = "substring"
            offer(Match(table.full(i), table.shown(i), kind, 100.0), source)
    if len(best) < limit:
        _fuzzy(tables, qkey, limit, offer, best)
    return sorted(best.values(), key=_sort_key)[:limit]


def _fuzzy(tables, qkey: str, limit: int, offer, best: dict[str, Match]) -> None:
    """Fuzzy matches: whole names first (rapidfuzz's ratio); only when no whole name is close, names
    containing something close to the query (partial_ratio, scaled by 0.9 as rapidfuzz's WRatio does)."""
    from rapidfuzz import fuzz, process

    found = False
    for scorer, scale in ((fuzz.ratio, 1.0), (fuzz.partial_ratio, 0.9)):
        for source, table in tables:
            hits = process.extract(qkey, table.fuzzy_keys, scorer=scorer, processor=None,
                                   limit=max(limit * 4, 20), score_cutoff=FUZZY_CUTOFF / scale - 0.01)  # (at the cutoff counts: rapidfuzz compares partial_ratio to a cutoff a hair off)
            for _, score, j in hits:
                i = table.fuzzy[j]
                full = table.full(i)
                if full not in best or best[full].kind == "fuzzy":
                    offer(Match(full, table.shown(i), "fuzzy", round(float(score) * scale, 1)), source)
                    found = True
        if found:
            return


def did_you_mean(library: CardLibrary, name: str) -> str:
    """A suffix for an unknown-card message: " — did you mean 'X'?" (up to three names, the best kind of
    match only), or where to look when nothing is close: the cards pyrules knows, and card files for more."""
    matches = find(library, name, limit=3)
    if not matches:
        return " (pyrules cards lists the cards it knows; --cards FILE reads more: a Scryfall or MTGJSON file)"
    top = matches[0]
    close = [m for m in matches if m.kind == top.kind and (m.kind != "fuzzy" or m.score >= top.score - 5)]
    names = list(dict.fromkeys(m.matched_name for m in close))
    return " — did you mean " + " or ".join(repr(n) for n in names) + "?"
