"""Dask clusters, for the work that can be spread over machines: `pyrules batch --dask` (many scenarios, each
answered on a worker: pyrules/apps/batch.py) and `pyrules plan --dask` (the states of one search, each replayed on
a worker: pyrules/planner/forest.py, DaskForest). Dask is optional (the `dist` extra): it is imported only here,
and only when a cluster is asked for."""

from __future__ import annotations

import contextlib
import logging

from pyrules.errors import ScenarioError


def local_cluster(workers: int):
    """A Dask cluster of `workers` processes on this machine, one thread each, quiet, without the statistical
    profiler (it samples every worker thread's stack 100 times a second: about 20% slower answers)."""
    import dask
    from distributed import LocalCluster

    with dask.config.set({"distributed.worker.profile.enabled": False}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                            silence_logs=logging.ERROR)


@contextlib.contextmanager
def connect(target, jobs: int, field: str = "--dask"):
    """A client of the cluster `target` names: a distributed.Client (used as it is), "local" (a cluster of `jobs`
    worker processes on this machine, closed after) or a scheduler's address, tcp://host:port. Bad input is a
    ScenarioError naming `field`."""
    try:
        from distributed import Client
    except ImportError:
        raise ScenarioError(field, "needs Dask distributed, which is not installed: pip install 'pyrules-mtg[dist]' "
                                   "(in a checkout: pip install -e '.[dist]')") from None
    cluster = None
    if isinstance(target, Client):
        client, own = target, False
    elif target == "local":
        cluster = local_cluster(jobs)
        client, own = Client(cluster), True
    else:
        if not isinstance(target, str) or "://" not in target and ":" not in target:
            raise ScenarioError(field, f"{target!r} is not a scheduler address (tcp://host:port) or 'local'")
        try:
            client, own = Client(target, timeout="10s"), True
        except (OSError, TimeoutError, ValueError) as exc:
            raise ScenarioError(field, f"cannot reach the Dask scheduler at {target}: {' '.join(str(exc).split())}") from None
    try:
        yield client
    finally:
        if own:
            client.close()
        if cluster is not None:
            cluster.close()
