"""The garbage collector of a process boardlab owns (`boardlab serve`, `boardlab sim` and its forked workers).

With Python's defaults the collector walks every loaded module and content table again and again: a
`boardlab serve` process spent about 0.8 s of CPU collecting in a 5,000-move bench run, its full
collections 70-140 ms each, a pause every move in flight waited out; random Root games spent about 6 %
of their time collecting. What exists once the process is loaded lives as long as it, so the collector is
told to stop walking it, and the youngest generation is collected every 50,000 allocations instead of
every 700 (docs/web-api.md, docs/bots.md). Library calls never do this: it is process-wide.
"""
from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000  # allocations between collections of the youngest generation
OLDER_THRESHOLDS = (20, 20)  # collections of one generation before the next is collected


def settle() -> None:
    """Once, when the process is loaded and before its work: everything alive now is set aside for good
    (`gc.freeze`; forked workers share those pages untouched), and the collector runs less often. Cycles
    made later are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
