"""The states a plan's search visits, each kept in a process of its own: a clingo Control can't be copied, but a
process holding one can fork (the operating system copies its memory page by page, as it is written).

A state's node process holds the state's evaluation (its game: one Control, grounded up to the state's moment).
To reach a successor, the search asks the node to fork: the child plays the one action on its copy of the game
(pyrules.answers.evaluation.extend: the same moments and answers as a replay of the whole timeline, tested),
works out what the search needs of the new state (`summarize`, run in the child), sends it back, and stays alive
as the successor's node until the search has asked for its own successors. No state is replayed from the
scenario, and up to `jobs` successors are worked out at once, each in its process, on as many cores.

The search (pyrules/planner/search.py) talks to the nodes over a Unix socket, one connection per node: it asks a
node to `spawn` a child for an action, or to `exit`. A node whose connection closes exits, so nothing outlives
the search. The number of live nodes is capped (MAX_LIVE, and the memory the system has available): a successor
beyond it sends its summary and exits, and is played again from its nearest live ancestor if it is asked for its
own successors. Where processes can't fork (not Linux), ReplayForest plays each state from the scenario instead
(the same answers, slower).

Nothing here knows the game: the summary of a state is whatever `summarize(evaluation, context)` returns.
"""

from __future__ import annotations

import os
import selectors
import shutil
import signal
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

MAX_LIVE = 192          # live node processes at most (each holds a game: some 10-30 MB of its own memory)
MB_PER_NODE = 40        # what a node is counted at against the memory the system has available
WAIT = 1.0              # seconds between checks that the children being worked on are still alive


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux") and os.environ.get("PYRULES_PLAN_FORK", "1") != "0"


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


@dataclass
class Handle:
    """A state the forest holds (or can play again): its node's id, its parent and the action from it."""
    id: int
    parent: "Handle | None"
    action: dict | None
    live: bool = False
    pid: int | None = None
    conn: Connection | None = field(default=None, repr=False)
    anchor: "Handle | None" = field(default=None, repr=False)   # (not live) the live state it is played again from
    deps: int = 0                    # (live) states not live that are played again from it, still wanted
    release_wanted: bool = False     # (live) released by the search, kept for those states

    def path(self) -> list[dict]:
        out, h = [], self
        while h.parent is not None:
            out.append(h.action)
            h = h.parent
        return out[::-1]


class ForestError(Exception):
    pass


def _mem_available_mb() -> float | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _subreaper() -> None:
    """Orphaned nodes (their parent node exited first) become this process's children, so that it can reap them."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def _warm(ev) -> None:
    """Before the first fork: every part of the knowledge base added to the game's Control (parsed once, here, rather
    than in each node that first needs it), and the objects made so far moved out of the garbage collector's
    sight (gc.freeze), so that a collection in a node doesn't touch, and copy, every page it inherited."""
    import gc

    ev.game.load_all_parts()
    gc.collect()
    gc.freeze()


def _node(ev, address: str, node_id: int, summary, summarize, keep: bool) -> None:
    """A node process: report the state's summary, then fork children for the actions asked, until told to exit
    (or the search's connection closes). Never returns."""
    import gc

    code = 0
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)   # (its children are reaped as they exit)
        signal.signal(signal.SIGINT, signal.SIG_IGN)    # (the search, not Ctrl-C, ends it)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address)
        conn = Connection(sock.detach())
        t = os.times()
        conn.send(("hello", node_id, os.getpid(), summary, keep, t.user + t.system))
        if not keep:
            return
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                return
            if msg[0] == "exit":
                return
            _, child_id, actions, context, child_keep = msg
            gc.freeze()
            pid = os.fork()
            if pid == 0:
                conn.close()
                _child(ev, address, child_id, actions, context, summarize, child_keep)
            conn.send(("forked", child_id, pid))
    except BaseException:   # noqa: BLE001 - a node never raises into the search's code it was forked from
        code = 1
    finally:
        os._exit(code)


def _child(ev, address, child_id, actions, context, summarize, keep) -> None:
    from pyrules.answers.evaluation import extend
    from pyrules.errors import PyrulesError
    from pyrules.input.limits import BudgetExceeded, current

    try:
        # each state is its own question to the engine, held to the time one question may take (the search's
        # budget holds the whole search): the game it inherited was started that long ago
        ev.game.deadline = time.monotonic() + current().max_seconds
        e = ev
        for a in actions:
            e = extend(e, a)
            if e.error:
                break
        summary = summarize(e, context)
    except BudgetExceeded as exc:    # (over the time or memory one question may take: the search says so)
        summary, keep = ("budget", (exc.field, exc.message)), False
    except PyrulesError as exc:      # (an action the rules refuse to even name: it isn't a successor)
        summary, keep = ("refused", str(exc)), False
    except BaseException as exc:     # noqa: BLE001 - reported to the search, which raises it
        summary, keep = ("crashed", f"{type(exc).__name__}: {exc}"), False
    _node(e if keep else None, address, child_id, summary, summarize, keep)


class ForkForest:
    """Live states, each in a node process (see the module's docstring)."""

    def __init__(self, root_ev, root_summary, summarize, jobs: int | None = None, max_live: int | None = None):
        self.jobs = max(1, jobs or default_jobs())
        avail = _mem_available_mb()
        cap = MAX_LIVE if max_live is None else max_live
        if avail is not None:
            cap = max(4, min(cap, int(avail * 0.5 / MB_PER_NODE)))
        self.max_live = cap
        self.summarize = summarize
        self.dir = tempfile.mkdtemp(prefix="pyrules-plan-")
        self.address = os.path.join(self.dir, "nodes")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.address)
        self.listener.listen(256)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, None)
        self.handles: dict[int, Handle] = {}
        self.pids: set[int] = set()
        self.next_id = 0
        self.live = 0
        self.played = 0     # states worked out by a node (each an action or more played)
        self.cpu = 0.0      # seconds of processor time the nodes took to work their states out
        self.closed = False
        _subreaper()
        _warm(root_ev)
        self.root = self._new(None, None)
        self.root.live = True
        self.live = 1
        self.root_pid = os.fork()
        if self.root_pid == 0:
            self.listener.close()
            _node(root_ev, self.address, self.root.id, root_summary, summarize, True)
        self.pids.add(self.root_pid)
        got = self._collect({self.root.id: self.root}, {self.root.id: self.root_pid})
        if got[self.root.id][0] != "ok":
            raise ForestError(f"the search's first process didn't start: {got[self.root.id]}")

    def _new(self, parent, action) -> Handle:
        h = Handle(self.next_id, parent, action)
        self.handles[h.id] = h
        self.next_id += 1
        return h

    # ------------------------------------------------------------------ successors
    def expand(self, requests: list[tuple[Handle, dict, object]]) -> list[tuple[Handle, object]]:
        """For each (state, action, context): the successor's handle and the summary `summarize` made of it, in
        the order asked; up to `jobs` of them are worked out at once."""
        out: list = [None] * len(requests)
        todo = list(enumerate(requests))
        waiting: dict[int, tuple[int, Handle]] = {}     # child id -> (position, handle)
        forked: dict[int, int] = {}
        results: dict[int, tuple] = {}
        while todo or waiting:
            while todo and len(waiting) < self.jobs:
                pos, (parent, action, context) = todo.pop(0)
                anchor, path = self._anchor(parent)
                child = self._new(parent, action)
                keep = self.live < self.max_live
                if keep:
                    self.live += 1       # (counted as it is asked for: it is live when it answers)
                anchor.conn.send(("spawn", child.id, path + [action], context, keep))
                child.live = keep
                if not keep:             # (played again from the anchor if its successors are asked for)
                    child.anchor = anchor
                    anchor.deps += 1
                waiting[child.id] = (pos, child)
            got = self._collect({cid: h for cid, (_, h) in waiting.items()}, forked, once=True)
            for cid, res in got.items():
                pos, h = waiting.pop(cid)
                results[cid] = res
                self.played += 1
                status, payload = res
                if status != "ok":
                    if h.live:
                        h.live = False
                        self.live -= 1
                    if status == "crashed":
                        raise ForestError(f"a state of the search couldn't be worked out: {payload}")
                    if status == "budget":
                        from pyrules.input.limits import BudgetExceeded

                        raise BudgetExceeded(*payload)
                out[pos] = (h, payload if status == "ok" else None)
        return out

    def _anchor(self, h: Handle) -> tuple[Handle, list[dict]]:
        """The live state h is played from (h itself, or the one it depends on), and the actions from it to h."""
        if h.live:
            return h, []
        target = h.anchor
        if target is None or not target.live:
            raise ForestError("a state of the search was released before the states played from it")
        path: list[dict] = []
        while h is not target:
            path.append(h.action)
            h = h.parent
        return target, path[::-1]

    def _collect(self, wanted: dict[int, Handle], forked: dict[int, int], once: bool = False) -> dict[int, tuple]:
        """Read hellos (and forked notices) until some of the wanted children have answered (all, unless once)."""
        got: dict[int, tuple] = {}
        while wanted.keys() - got.keys():
            events = self.selector.select(timeout=WAIT)
            if not events:
                self._check_alive(wanted, forked, got)
                continue
            for key, _ in events:
                if key.data is None:   # a new node connecting
                    sock, _ = self.listener.accept()
                    conn = Connection(sock.detach())
                    try:
                        msg = conn.recv()
                    except (EOFError, OSError):
                        conn.close()
                        continue
                    _, node_id, pid, summary, keep, cpu = msg
                    self.pids.add(pid)
                    self.cpu += cpu
                    h = self.handles[node_id]
                    h.pid = pid
                    if keep:
                        h.conn = conn
                        self.selector.register(conn, selectors.EVENT_READ, h)
                    else:
                        conn.close()
                    if isinstance(summary, tuple) and len(summary) == 2 and summary[0] in ("refused", "crashed", "budget"):
                        got[node_id] = summary
                    else:
                        got[node_id] = ("ok", summary)
                else:                  # a node telling which process it forked, or closing
                    h = key.data
                    try:
                        msg = h.conn.recv()
                    except (EOFError, OSError):
                        self._drop(h)
                        continue
                    if msg[0] == "forked":
                        forked[msg[1]] = msg[2]
                        self.pids.add(msg[2])
            if once and got:
                break
        return got

    def _check_alive(self, wanted, forked, got) -> None:
        for cid in wanted.keys() - got.keys():
            pid = forked.get(cid)
            if pid is not None and not _exists(pid):
                got[cid] = ("crashed", f"process {pid} ended without an answer")

    def _drop(self, h: Handle) -> None:
        if h.conn is not None:
            try:
                self.selector.unregister(h.conn)
            except (KeyError, ValueError):
                pass
            h.conn.close()
            h.conn = None
        if h.live:
            h.live = False
            self.live -= 1

    def release(self, h: Handle) -> None:
        """The state's node isn't needed any more (its successors have been asked for, or it is of no use): its
        process exits, unless states not kept alive are still to be played again from it."""
        if not h.live:
            anchor, h.anchor = h.anchor, None
            if anchor is not None:
                anchor.deps -= 1
                if anchor.deps == 0 and anchor.release_wanted:
                    self.release(anchor)
            return
        if h.deps > 0:
            h.release_wanted = True
            return
        if h.conn is not None:
            try:
                h.conn.send(("exit",))
            except OSError:
                pass
            self._drop(h)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for h in list(self.handles.values()):
            if h.conn is not None:
                self._drop(h)       # (a node whose connection closes exits)
        self.selector.close()
        self.listener.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        deadline = time.monotonic() + 5.0
        pending = set(self.pids)
        while pending:
            for pid in list(pending):
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:   # (not this process's child: its parent node reaps it)
                    done = pid if not _exists(pid) else 0
                if done:
                    pending.discard(pid)
            if not pending:
                break
            if time.monotonic() > deadline:
                for pid in pending:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                deadline = time.monotonic() + 5.0
            time.sleep(0.01)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _exists(pid: int) -> bool:
    """Whether the process is still there (a zombie, dead and unreaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class ReplayForest:
    """The same interface without processes: each successor is the scenario played again with the prefix of
    actions (pyrules.answers.evaluation.evaluate), two at a time where there are two cores."""

    def __init__(self, root_ev, root_summary, summarize, evaluate_prefix, jobs: int | None = None):
        self.summarize = summarize
        self.evaluate_prefix = evaluate_prefix
        self.jobs = max(1, jobs or default_jobs())
        self.root = Handle(0, None, None, live=True)
        self.next_id = 1
        self.played = 0
        self.cpu = 0.0

    def expand(self, requests):
        from pyrules.errors import PyrulesError

        def work(req):
            parent, action, context = req
            try:
                ev = self.evaluate_prefix(parent.path() + [action])
                return self.summarize(ev, context)
            except PyrulesError:
                return None

        if self.jobs > 1 and len(requests) > 1:
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(max_workers=min(self.jobs, 2)) as pool:
                summaries = list(pool.map(work, requests))
        else:
            summaries = [work(r) for r in requests]
        return self._handles(requests, summaries)

    def _handles(self, requests, summaries) -> list:
        """Each successor's handle (a state no process holds: a replay of its prefix), with its summary."""
        out = []
        for (parent, action, _), s in zip(requests, summaries):
            h = Handle(self.next_id, parent, action, live=False)
            self.next_id += 1
            self.played += 1
            out.append((h, s))
        return out

    def release(self, h) -> None:
        pass

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class DaskForest(ReplayForest):
    """The states of a big search worked out on a Dask cluster (`pyrules plan --dask`): each successor is the
    scenario played again with the prefix of actions on a worker (a clingo Control can't travel between
    machines), up to as many at once as the cluster has threads. `spec` is what a worker needs to make the same
    search's summaries: (scenario, goal, player, horizon, opponents), its planner made once on each worker."""

    def __init__(self, root_summary, spec: tuple, client):
        super().__init__(None, root_summary, None, None, jobs=1)
        import hashlib
        import pickle

        self.client = client
        self.spec = spec
        self.key = hashlib.sha256(pickle.dumps(spec)).hexdigest()   # (the worker's planner for this search)
        self.jobs = max(1, sum(client.nthreads().values()))

    def expand(self, requests):
        futures = self.client.map(remote_summary, [self.key] * len(requests), [self.spec] * len(requests),
                                  [parent.path() + [action] for parent, action, _ in requests],
                                  [context for _, _, context in requests], pure=False)
        return self._handles(requests, self.client.gather(futures))


_PLANNERS: dict = {}    # a worker's planners, by the search they belong to (DaskForest.key)


def remote_summary(key: str, spec: tuple, prefix: list[dict], context):
    """On a worker: the summary of the state a prefix of actions leads to (None: an action the rules refuse to
    even name), as the search's planner makes it."""
    from pyrules.errors import PyrulesError
    from pyrules.planner.search import Planner

    planner = _PLANNERS.get(key)
    if planner is None:
        sc, goal, player, horizon, opponents = spec
        _PLANNERS.clear()       # (one search at a time per worker: its root evaluation is kept, not older ones)
        planner = _PLANNERS[key] = Planner(sc, goal, player, horizon, False, opponents=opponents)
    try:
        return planner.summarize(planner._evaluate(prefix), context)
    except PyrulesError:
        return None
