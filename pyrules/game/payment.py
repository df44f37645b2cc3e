"""Paying mana costs: which mana pays which symbol, found by search (rules/mana/payment.lp).

The moment program stays stratified and choice-free: it only concludes, for the player paying, their mana
sources and what each adds (mana_source/4, mana_yield/5, rules/mana/sources.lp), their pool (pool/4) and
life (life/3), and the total cost of each option (opt_generic/3, opt_symbol/4, opt_life/3). This module
reads those atoms, gives them as facts (clingo symbols, through the backend) to the knowledge base's search
program `search_payment` on a Control of its own, and reads the optimal answer back: whether the cost can
be paid, one payment, the largest X, and, when it can't be paid, the reasons the rules give (pay_why_not/2).
What the payment prefers is stated in the program (pool first: the fewest sources tapped; then the earliest
timestamps); the words of every reason come from the rules' `%:` templates.
"""

from __future__ import annotations

import _thread
import time
from dataclasses import dataclass, field

import clingo
from clingo import Function, String, Symbol, SymbolType

from pyrules.game.engine import two_at_a_time
from pyrules.game.facts import oid
from pyrules.input.limits import current as current_limits
from pyrules.input.limits import over_time
from pyrules.kb.compile import KnowledgeBase
from pyrules.kb.interface import (
    CANT_PAY,
    CANT_TELL,
    CHOSEN_OPT,
    LIFE,
    MANA_LEFT_OUT,
    MANA_SACRIFICES,
    MANA_SOURCE,
    MANA_WHY_NOT,
    MANA_YIELD,
    OCCURS,
    OPTION_ACTIVATE,
    OPTION_CAST,
    OPT_GENERIC,
    OPT_LIFE,
    OPT_REDUCTION_LEFT,
    OPT_SPEND_ONLY,
    OPT_SYMBOL,
    PAY_ACTIVATES,
    PAY_ADDS,
    PAY_BARRED,
    PAY_EXCLUDED,
    PAY_PHYREXIAN_LIFE,
    PAY_REFUSED,
    PAY_SAC_CANDIDATE,
    PAY_SAC_KEEP,
    PAY_SPENDS,
    PAY_TAP,
    POOL,
    POOL_UNIT,
    Predicate,
    SEARCH_ACT,
    SEARCH_ALLOWED,
    SEARCH_AVOID,
    SEARCH_GENERIC_OWED,
    SEARCH_GENERIC_PAID,
    SEARCH_KEEP,
    SEARCH_KEEP_CANDIDATE,
    SEARCH_LIFE,
    SEARCH_LIFE_COST,
    SEARCH_LIFE_N,
    SEARCH_SPEND_ONLY,
    SEARCH_MADE_KIND,
    SEARCH_MANA_KIND,
    SEARCH_OWE,
    SEARCH_PAY_WHY_NOT,
    SEARCH_POOL_ALLOWED,
    SEARCH_POOL_MANA,
    SEARCH_RESTRICTED,
    SEARCH_SACRIFICE_COST,
    SEARCH_SHORT,
    SEARCH_SOURCE,
    SEARCH_SPENT,
    SEARCH_TWIN,
    SEARCH_UNPAID_SOURCE,
    SEARCH_X_COUNT,
    SEARCH_X_FREE,
    SEARCH_X_RANGE,
    SEARCH_X_SPARE,
    SEARCH_X_VALUE,
    SEARCH_YIELD,
    SOURCE_UNIT,
    TIMESTAMP,
    subject_of,
)
from pyrules.kb.vocabulary import symbol_text

KINDS = ("w", "u", "b", "r", "g", "c")
MAX_X = 1000            # X is never searched beyond this (nor beyond the mana available)


@dataclass(frozen=True)
class Source:
    oid: Symbol            # the permanent
    ability: Symbol        # its mana ability
    rank: int              # its place in timestamp order
    kind: Symbol           # w u b r g c, any (one mana of any color) or or(A, B) ("{A} or {B}")
    amount: int
    sacrifice: bool = False  # activating the ability sacrifices the source (mana_sacrifices/3: a Treasure)


@dataclass
class Payment:
    payable: bool
    entries: list[dict] = field(default_factory=list)     # [{"source": Symbol | "pool" | "life", "mana": "{G}"}]
    x: int | None = None
    reasons: list[tuple[Symbol, int]] = field(default_factory=list)   # (reason term, its label's number)
    taps: list[Symbol] = field(default_factory=list)       # the sources tapped
    activated: list[tuple[Symbol, Symbol]] = field(default_factory=list)   # (source, mana ability) activated
    adds: list[tuple[Symbol, str, int]] = field(default_factory=list)   # (source, kind, amount) added to the pool
    spends: dict[str, int] = field(default_factory=dict)  # kind -> amount spent from the pool
    life: int = 0                                         # life paid for Phyrexian symbols
    unsure: bool = False    # not payable only as far as pyrules pays: it left out mana abilities (cant_tell)


def mana_text(generic: int, symbols: list[str]) -> str:
    """A total cost's mana as docs/guide/json.md writes it: the generic part first, as one symbol (the cost's own
    generic mana with what increases add and reductions take already counted in `generic`), then the other
    symbols in the order the cost prints them (Arcee cast converted under Thalia: {1}{R}{W}); {0} when nothing
    is left."""
    return (("{" + str(generic) + "}") if generic else "") + "".join(symbols) or "{0}"


@dataclass(frozen=True)
class Cost:
    generic: int
    symbols: tuple[Symbol, ...]     # the other symbols, in printed order (x included)
    life: int = 0
    spare: int = 0                  # reduction the printed generic mana left unused: it reduces what X adds
    spend_only: tuple[str, ...] = ()  # the only kinds of mana that may pay it ("Spend only black mana this way")
    keep: tuple = ()                # (kind, n, candidates): a sacrifice cost's permanents the payment must leave

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if _is(s, "x"))

    def text(self) -> str:
        """The cost as `actions` writes it (mana_text): Arcee cast converted under Thalia needs {1}{R}{W}."""
        return mana_text(self.generic, [symbol_text(s) for s in self.symbols])


def _is(sym: Symbol, name: str) -> bool:
    return sym.type == SymbolType.Function and sym.name == name and not sym.arguments


# ------------------------------------------------------------------------------------------------ the state

class Wallet:
    """What a player could pay with at moment t: their mana sources (in timestamp order), pool and life."""
    def __init__(self, game, player: str, t: int, facts: dict | None = None, exclude: frozenset = frozenset(),
                 barred: "Barred | None" = None):
        facts = facts if facts is not None else state_atoms(game, t)
        P = String(player)
        self.player = player
        # every source of the player in timestamp order, computed once per player and moment (a board of
        # thousands of lands asks for a wallet per mana ability: each is then one pass over this list)
        ordered = facts.setdefault("ordered", {})
        base = ordered.get(P)
        if base is None:
            base = ordered[P] = _ordered_sources(facts, P)
        srcs, rank, last = [], 0, None
        barred_pairs = barred.pairs if barred is not None else frozenset()
        for o, a, kind, n, sac in base:
            if o in exclude:      # a permanent the cost itself taps can't also be tapped for mana
                continue
            if (o, a) in barred_pairs:   # a mana ability whose mana can't pay this cost (pay_barred/5)
                continue
            if o != last:
                rank, last = rank + 1, o
            srcs.append(Source(o, a, rank, kind, n, sac))
        self.sources = srcs
        self._rank = {s.oid: s.rank for s in srcs}
        self.pool: dict[str, int] = dict(facts["pool"].get(P, {}))
        self.life: int = facts["life"].get(P, 0)
        # the permanents with mana abilities pyrules doesn't activate while paying (mana_left_out/4)
        self.left_out: list[Symbol] = sorted(o for o in facts.get("left_out", {}).get(P, set()) if o not in exclude)
        # the permanents that can't be tapped for mana now, and why (said when a cost can't be paid)
        self.notes: list[tuple[Symbol, int]] = sorted(r for r in facts.get("notes", {}).get(P, [])
                                                      if subject_of(r[0]) not in exclude)
        if barred is not None:
            self.notes += [r for r in barred.notes if r not in self.notes]

    def rank_of(self, o: Symbol) -> int:
        return self._rank[o]

    def signatures(self) -> dict[Symbol, tuple]:
        """What each source adds, ability by ability (its abilities named by what they are, not by the card)."""
        out: dict[Symbol, list] = {}
        for s in self.sources:
            mine = out.setdefault(s.oid, [])
            mine.append((str(s.kind), s.amount, s.sacrifice, len(mine)))
        return {o: tuple(sorted(v)) for o, v in out.items()}

    def total(self) -> int:
        best: dict[Symbol, int] = {}
        for s in self.sources:
            best[s.oid] = max(best.get(s.oid, 0), s.amount)
        return sum(self.pool.values()) + sum(best.values())


def _ordered_sources(facts: dict, P: Symbol) -> list[tuple]:
    """(permanent, ability, kind, amount, sacrifices) of each of P's mana sources: by timestamp (then by name),
    and each permanent's abilities in a fixed order."""
    ranks, yields, sacrifices = facts["ranks"], facts["yields"], facts.get("sacrifices", frozenset())
    rows = [(o, a, kind, n, (o, a) in sacrifices) for o, a in facts["sources"].get(P, [])
            for kind, n in yields.get((o, a), [])]
    text: dict[Symbol, str] = {}

    def name(x: Symbol) -> str:
        v = text.get(x)
        if v is None:
            v = text[x] = str(x)
        return v

    return sorted(rows, key=lambda r: (ranks.get(r[0], 0), name(r[0]), name(r[1]), name(r[2])))


def state_atoms(game, t: int) -> dict:
    """The atoms of moment t a payment is made of, read once."""
    sources: dict[Symbol, list] = {}
    for r in MANA_SOURCE.read(game, t):
        sources.setdefault(r.player, []).append((r.object, r.ability))
    yields: dict[tuple, list] = {}
    for r in MANA_YIELD.read(game, t):
        yields.setdefault((r.object, r.ability), []).append((r.kind, r.amount))
    ranks = {r.object: r.timestamp for r in TIMESTAMP.read(game, t)}
    pool: dict[Symbol, dict] = {}
    for r in POOL.read(game, t):
        pool.setdefault(r.player, {})[r.kind.name] = r.amount
    life = {r.player: r.amount for r in LIFE.read(game, t)}
    notes: dict[Symbol, list] = {}
    for r in MANA_WHY_NOT.read(game, t):
        notes.setdefault(r.player, []).append((r.reason, r.label))
    sacrifices = frozenset((r.object, r.ability) for r in MANA_SACRIFICES.read(game, t))
    left_out: dict[Symbol, set] = {}
    for r in MANA_LEFT_OUT.read(game, t):
        left_out.setdefault(r.player, set()).add(r.object)
    return {"sources": sources, "yields": yields, "ranks": ranks, "pool": pool, "life": life, "notes": notes,
            "sacrifices": sacrifices, "left_out": left_out}


def option_costs(game, t: int) -> dict[Symbol, Cost]:
    """The total cost of every option considered at moment t (casts: opt/5 terms)."""
    generic = {r.option: r.amount for r in OPT_GENERIC.read(game, t)}
    spare = {r.option: r.amount for r in OPT_REDUCTION_LEFT.read(game, t)}
    symbols: dict[Symbol, list] = {}
    for r in OPT_SYMBOL.read(game, t):
        symbols.setdefault(r.option, []).append((r.position, r.symbol))
    life: dict[Symbol, int] = {}
    for r in OPT_LIFE.read(game, t):
        life[r.option] = life.get(r.option, 0) + r.amount
    only: dict[Symbol, set] = {}
    for r in OPT_SPEND_ONLY.read(game, t):
        only.setdefault(r.option, set()).add(str(r.kind))
    cands: dict[tuple, list] = {}
    for r in PAY_SAC_CANDIDATE.read(game, t):
        cands.setdefault((r.option, r.filter), []).append(r.object)
    keep: dict[Symbol, list] = {}
    for r in PAY_SAC_KEEP.read(game, t):
        keep.setdefault(r.option, []).append((r.filter, r.amount, tuple(sorted(cands.get((r.option, r.filter), []), key=str))))
    out = {}
    for x in set(generic) | set(symbols):
        syms = tuple(sym for _, sym in sorted(symbols.get(x, []), key=lambda pv: pv[0]))
        out[x] = Cost(generic.get(x, 0), syms, life.get(x, 0), spare.get(x, 0), tuple(sorted(only.get(x, ()))),
                      tuple(sorted(keep.get(x, []), key=str)))
    return out


# ------------------------------------------------------------------------------------------------ the search

def owes_nothing(cost: Cost) -> bool:
    """Nothing to search for: no mana owed (the life a cost pays is the rules' to check)."""
    return not cost.generic and not cost.symbols


def search(base: KnowledgeBase, cost: Cost, wallet: Wallet, *, x: int | None = None,
           named: list | None = None, deadline: float | None = None, avoid: str | None = None) -> Payment:
    """One payment of `cost` from `wallet`, the best by the program's preference.

    x: the value announced for X (None: the largest X that can be paid). named: the ids the timeline names
    to pay with (a subset of the sources, and "pool"), or None for any. deadline: the time.monotonic() by
    which the question must be answered (the search is interrupted then: BudgetExceeded, limits.max_seconds);
    None: max_seconds from now."""
    if owes_nothing(cost) and named is None:
        return Payment(True)
    if deadline is None:
        deadline = time.monotonic() + current_limits().max_seconds
    check_deadline(deadline)
    facts: list[Symbol] = []
    counts: dict[Symbol, int] = {}
    for s in cost.symbols:
        if not _is(s, "x"):
            counts[s] = counts.get(s, 0) + 1
    for s, n in counts.items():
        facts.append(SEARCH_OWE(s, n))
    nx = cost.x_count
    generic = cost.generic
    if nx and x is not None:
        generic += max(0, nx * x - cost.spare)
    facts.append(SEARCH_GENERIC_OWED(generic))
    if nx and x is None:
        top = min(MAX_X, (wallet.total() + cost.spare) // nx)
        facts += [SEARCH_X_COUNT(nx), SEARCH_X_FREE(), SEARCH_X_SPARE(cost.spare)]
        facts += [SEARCH_X_RANGE(v) for v in range(top + 1)]
    for k, n in wallet.pool.items():
        facts.append(SEARCH_POOL_MANA(k, n))
    seen = set()
    for s in wallet.sources:
        if s.oid not in seen:
            seen.add(s.oid)
            facts.append(SEARCH_SOURCE(s.oid, s.rank))
        facts.append(SEARCH_YIELD(s.oid, s.ability, s.kind, s.amount))
        if s.sacrifice:
            facts.append(SEARCH_SACRIFICE_COST(s.oid, s.ability))
    facts += [SEARCH_UNPAID_SOURCE(o) for o in wallet.left_out]
    for kind, n, candidates in cost.keep:
        facts.append(SEARCH_KEEP(kind, n))
        facts += [SEARCH_KEEP_CANDIDATE(kind, o) for o in candidates]
    if named is None:   # interchangeable sources: the later is tapped only after the earlier (no better payment is lost)
        last: dict[tuple, Symbol] = {}
        signatures = wallet.signatures()
        for o in sorted(seen, key=lambda o: wallet.rank_of(o)):
            sig = signatures[o]
            if sig in last:
                facts.append(SEARCH_TWIN(last[sig], o))
            last[sig] = o
    facts += [SEARCH_SPEND_ONLY(k) for k in cost.spend_only]
    if avoid is not None:
        facts.append(SEARCH_AVOID(avoid))
    facts.append(SEARCH_LIFE(wallet.life))
    if cost.life:
        facts.append(SEARCH_LIFE_COST(cost.life))
    if named is not None:
        facts.append(SEARCH_RESTRICTED())
        for v in named:
            if isinstance(v, str) and v == "pool":
                facts.append(SEARCH_POOL_ALLOWED())
            elif v in seen:
                facts.append(SEARCH_ALLOWED(v))
    model = _solve(base, facts, deadline)
    if model is None:   # no payment at all satisfies what the timeline named
        return Payment(False, reasons=[])
    return _read(model, cost, wallet)


def check_deadline(deadline: float) -> None:
    """Over the question's time budget (limits.max_seconds): BudgetExceeded, exit 2 naming the limit."""
    if time.monotonic() > deadline:
        raise over_time()


def _solve(base: KnowledgeBase, facts: list[Symbol], deadline: float) -> list[Symbol] | None:
    """The optimal answer of the search program on these facts (None: no answer), by the deadline.

    The whole search (grounding, clasp's preparation and the solving) runs on a thread of its own, which the
    caller waits for until the deadline: only the solving itself can be cancelled, and the grounding and
    preparation of a search over thousands of sources can take seconds. Over the deadline the search is told
    to stop, left to end by itself (clingo works without Python's lock), and BudgetExceeded is raised."""

    done = _thread.allocate_lock()
    done.acquire()
    box: dict = {"stop": False}

    def run() -> None:
        try:
            ctl = clingo.Control(["--warn=none", "--opt-mode=opt"])
            with ctl.backend() as backend:
                for sym in facts:
                    backend.add_rule([backend.add_atom(sym)])
            ctl.add("base", [], base.searches["search_payment"])
            ctl.ground([("base", [])])
            best: list[list[Symbol]] = []
            if not box["stop"]:
                with ctl.solve(on_model=lambda m: best.append(m.symbols(atoms=True)), async_=True) as handle:
                    while not handle.wait(0.05):
                        if box["stop"]:
                            handle.cancel()
                            break
            box["model"] = best[-1] if best else None   # the last model found is the optimum
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            box["error"] = exc
        finally:
            done.release()

    _thread.start_new_thread(run, ())
    if not done.acquire(timeout=max(0.0, deadline - time.monotonic())):
        box["stop"] = True   # the search is interrupted: the question outlasted its time limit
        raise over_time()
    if "error" in box:
        raise box["error"]
    return box["model"]


def _read(model: list[Symbol], cost: Cost, wallet: Wallet) -> Payment:
    by: dict[tuple[str, int], list[Symbol]] = {}
    for s in model:
        by.setdefault((s.name, len(s.arguments)), []).append(s)

    def answer(predicate: Predicate) -> list:
        return predicate.decode(by.get(predicate.signature, ()))

    kind = {r.unit: r.kind.name for r in answer(SEARCH_MANA_KIND)}
    made = {r.unit: r.kind.name for r in answer(SEARCH_MADE_KIND)}
    spent = {r.unit for r in answer(SEARCH_SPENT)}
    life_n = {r.symbol: r.amount for r in answer(SEARCH_LIFE_N)}
    rank = {s.oid: s.rank for s in wallet.sources}
    x = next((r.value for r in answer(SEARCH_X_VALUE)), None)
    reasons = [(r.reason, r.label) for r in answer(SEARCH_PAY_WHY_NOT)]

    def unit_key(u: Symbol):
        pool = POOL_UNIT.match(u)
        if pool is not None:
            return (0, KINDS.index(pool.kind.name), pool.n, "")
        src = SOURCE_UNIT.of(u)
        return (rank.get(src.object, 0), 0, src.n, str(src.ability))

    entries = []
    for u in sorted(spent, key=unit_key):
        src = "pool" if POOL_UNIT.is_(u) else SOURCE_UNIT.of(u).object
        entries.append({"source": src, "mana": "{" + kind[u].upper() + "}"})
    for s in cost.symbols:
        if life_n.get(s, 0) > 0:
            life_n[s] -= 1
            entries.append({"source": "life", "mana": symbol_text(s)})
    life_paid = 2 * sum(r.amount for r in answer(SEARCH_LIFE_N))
    acts = sorted({(r.object, r.ability) for r in answer(SEARCH_ACT)}, key=lambda oa: (rank.get(oa[0], 0), str(oa[1])))
    taps = sorted({o for o, _ in acts}, key=lambda o: rank.get(o, 0))
    adds: dict[tuple[Symbol, str], int] = {}
    for u, k in made.items():
        src = SOURCE_UNIT.match(u)
        if src is not None:
            key = (src.object, k)
            adds[key] = adds.get(key, 0) + 1
    spends: dict[str, int] = {}
    for u in spent:
        spends[kind[u]] = spends.get(kind[u], 0) + 1
    if not reasons:
        return Payment(True, entries, x, [], taps, acts, [(o, k, n) for (o, k), n in sorted(adds.items(), key=lambda kv: (rank.get(kv[0][0], 0), kv[0][1]))],
                       spends, life_paid)
    # what the best payment could pay: the generic mana paid, then each symbol as far as it is paid
    short = {r.symbol: r.halves for r in answer(SEARCH_SHORT)}
    g_paid = len(answer(SEARCH_GENERIC_PAID))
    covered: dict[Symbol, int] = {}
    for s in cost.symbols:
        covered[s] = covered.get(s, 0) + 1
    for s, k in short.items():
        covered[s] = covered.get(s, 0) - (k + 1) // 2
    most = ("{" + str(g_paid) + "}" if g_paid else "")
    for s in cost.symbols:
        if not _is(s, "x") and covered.get(s, 0) > 0:
            covered[s] -= 1
            most += symbol_text(s)
    used = [Function("pool")] if any(u.name == "pool" for u in spent) else []
    used += taps
    need = cost.text()
    out = []
    unsure = False
    for reason, label in sorted(reasons):
        if _is(reason, "cant_pay"):
            reason = CANT_PAY(need, most, Function("", used))
        elif _is(reason, "cant_tell"):
            reason = CANT_TELL(need, most, Function("", used))
            unsure = True
        if all(reason != r for r, _ in out):
            out.append((reason, label))
    out += [r for r in wallet.notes if all(r[0] != o for o, _ in out)]
    return Payment(False, [], x, out, unsure=unsure)


# ------------------------------------------------------------------------------------------------ answers

def pay_options(ev, options) -> None:
    """Payability of every cast option `actions` lists, at the evaluation's moment (sets payable, payment, x).

    One search per distinct cost and wallet. The searches are independent clingo programs, and clingo runs
    them without Python's lock, so with more than one core they run two at a time."""
    g, t = ev.game, ev.t
    deadline = g.deadline
    costs = option_costs(g, t)
    facts = state_atoms(g, t)
    excluded = _tapped_by_costs(g, t)
    barred = _barred_by_costs(g, t)
    wallets: dict[tuple, Wallet] = {}
    todo: dict[tuple, tuple] = {}
    mine = []
    for o in options:
        cost = costs.get(o.term) if o.action in ("cast", "activate") else None
        if cost is None:
            continue
        if owes_nothing(cost):     # (no wallet to build: a mana ability's {T}, for one)
            mine.append((o, cost, None))
            continue
        check_deadline(deadline)
        exclude = excluded.get(o.term, frozenset())
        bar = barred.get(o.term)
        wkey = (o.player, exclude, bar)
        w = wallets.get(wkey) or wallets.setdefault(wkey, Wallet(g, o.player, t, facts, exclude, bar))
        key = (wkey, cost)
        todo.setdefault(key, (cost, w))
        mine.append((o, cost, key))
    cache = _search_all(ev.base, todo, deadline)
    for o, cost, key in mine:
        p = cache[key] if key is not None else Payment(True)
        o.payable = p.payable
        o.payment = [{"source": e["source"] if isinstance(e["source"], str) else ev.ident(e["source"]), "mana": e["mana"]}
                     for e in p.entries] if p.payable else None
        o.x = p.x if cost.x_count else None
        o.payment_why_not = [] if p.payable else ev.reasons(p.reasons)
        o.payment_unsure = p.unsure


def payment_variants(ev, option) -> list[list[str]]:
    """Other ways to pay an option than the default payment (which taps the fewest sources, those with the earliest timestamps first):
    for each kind of mana the player's sources add, the payment that taps the sources of that kind last — each
    a different set of sources left untapped, as the ids to name in the action's `pay:` (the planner tries them:
    which mana is left can decide what the player does next). None for an option with {X} (the largest X is
    paid by default) or nothing to pay."""
    g, t = ev.game, ev.t
    cost = option_costs(g, t).get(option.term)
    if cost is None or owes_nothing(cost) or cost.x_count:
        return []
    wallet = Wallet(g, option.player, t, exclude=_tapped_by_cost(g, option.term, t),
                    barred=_barred_by_costs(g, t).get(option.term))
    sig = wallet.signatures()

    def left(p: Payment) -> tuple:      # what the payment leaves: the untapped sources, by what they add
        return tuple(sorted(sig[o] for o in sig if o not in p.taps))

    default = search(g.kb, cost, wallet, deadline=g.deadline)
    if not default.payable:
        return []
    seen, out = {left(default)}, []
    for kind in sorted({str(s.kind) for s in wallet.sources}):
        p = search(g.kb, cost, wallet, deadline=g.deadline, avoid=kind)
        if p.payable and left(p) not in seen:
            seen.add(left(p))
            out.append([ev.ident(o) for o in p.taps] + (["pool"] if wallet.pool else []))
    return out


def _search_all(base: KnowledgeBase, todo: dict[tuple, tuple], deadline: float) -> dict[tuple, Payment]:
    """search() for each (cost, wallet), two at a time where there are two cores; the same answers either way.
    Over the deadline, the searches not begun are dropped and BudgetExceeded is raised."""
    if len(todo) < 2:
        return {key: search(base, cost, w, deadline=deadline) for key, (cost, w) in todo.items()}
    with two_at_a_time() as pool:
        if pool is None:
            return {key: search(base, cost, w, deadline=deadline) for key, (cost, w) in todo.items()}
        futures = {key: pool.submit(search, base, cost, w, deadline=deadline) for key, (cost, w) in todo.items()}
        try:
            return {key: f.result() for key, f in futures.items()}
        except BaseException:
            for f in futures.values():
                f.cancel()
            raise


@dataclass(frozen=True)
class Barred:
    """The mana abilities whose mana can't pay an option's cost (pay_barred/5: "Spend this mana only to cast a
    creature spell"), and the rules' reasons, said when the cost can't be paid."""
    pairs: frozenset = frozenset()           # (permanent, ability)
    notes: tuple = ()                        # (reason, label)


def _barred_by_costs(game, t: int) -> dict[Symbol, Barred]:
    """For each option, the mana abilities whose mana can't pay its cost (pay_barred/5)."""
    pairs: dict[Symbol, set] = {}
    notes: dict[Symbol, list] = {}
    for r in PAY_BARRED.read(game, t):
        pairs.setdefault(r.option, set()).add((r.object, r.ability))
        mine = notes.setdefault(r.option, [])
        if (r.reason, r.label) not in mine:
            mine.append((r.reason, r.label))
    return {x: Barred(frozenset(v), tuple(sorted(notes[x]))) for x, v in pairs.items()}


def _tapped_by_costs(game, t: int) -> dict[Symbol, frozenset]:
    """For each option, the permanents its own cost taps, which can't also be tapped for mana (pay_excluded/3)."""
    out: dict[Symbol, set] = {}
    for r in PAY_EXCLUDED.read(game, t):
        out.setdefault(r.option, set()).add(r.object)
    return {x: frozenset(v) for x, v in out.items()}


def _tapped_by_cost(game, x: Symbol, t: int) -> frozenset:
    """The permanents the option's own cost taps, which can't also be tapped for mana (pay_excluded/3)."""
    return frozenset(r.object for r in PAY_EXCLUDED.read(game, t) if r.option == x)


def timeline_payment(action: dict):
    """The engine's hook for a timeline action that spends mana (track_mana): after the checks of the state
    before it are grounded, find the payment of the way of casting the rules chose, and give it as facts of
    the action's moment (rules/mana/spend.lp says what they do)."""
    def between(game, t: int) -> list[Symbol]:
        occurring = {r.action for r in OCCURS.read(game, t)}
        chosen = [r.option for r in CHOSEN_OPT.read(game, t - 1) if r.action in occurring]
        chosen += [a for a in occurring if a.name == "activate"]   # an activation is its own option
        costs = option_costs(game, t - 1)
        chosen = [x for x in chosen if x in costs]
        if not chosen:
            return []     # the action is refused for other reasons (the rules say which)
        X = chosen[0]
        cost = costs[X]
        P = (OPTION_CAST.match(X) or OPTION_ACTIVATE.of(X)).player
        wallet = Wallet(game, P.string, t - 1, exclude=_tapped_by_cost(game, X, t - 1),
                        barred=_barred_by_costs(game, t - 1).get(X))
        named = None
        if "pay" in action:
            named = ["pool" if v == "pool" else oid(v) for v in action["pay"]]
        p = search(game.kb, cost, wallet, x=action.get("x", 0) if cost.x_count else None, named=named,
                   deadline=game.deadline)
        if not p.payable:
            return [PAY_REFUSED(t, r) for r, _label in p.reasons] or [PAY_REFUSED(t, Function("cant_pay"))]
        out = [PAY_TAP(t, o) for o in p.taps]
        out += [PAY_ACTIVATES(t, o, a) for o, a in p.activated]
        out += [PAY_ADDS(t, P, o, k, n) for o, k, n in p.adds]
        out += [PAY_SPENDS(t, P, k, n) for k, n in sorted(p.spends.items())]
        if p.life:
            out.append(PAY_PHYREXIAN_LIFE(t, P, p.life))
        return out

    return between
