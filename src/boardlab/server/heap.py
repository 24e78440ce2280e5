"""The serving process's garbage collector.

Measured under bench/server.py (50 games, websocket moves): with Python's defaults the collector took
about 0.8 s of CPU in a 5,000-move run, its full collections walking every module, content table and
live game for 70-140 ms each, a pause every move in flight waited out (the p99's bursts). What exists
once the server is loaded lives as long as the process, so the collector is told to stop walking it,
and the young generation is collected every 50,000 allocations instead of every 700 (docs/web-api.md).
"""
from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000  # allocations between collections of the youngest generation
OLDER_THRESHOLDS = (20, 20)  # collections of one generation before the next is collected


def settle() -> None:
    """Once, when the server is loaded and before it serves: everything alive now is set aside for
    good (`gc.freeze`), and the collector runs less often. Cycles among games still get collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
