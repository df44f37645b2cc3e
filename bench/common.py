"""What the benchmark scripts share."""

from __future__ import annotations

import statistics
import time


def median_s(fn, runs: int) -> float:
    """The median wall time of fn() over `runs` runs, after one warm-up run."""
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)
