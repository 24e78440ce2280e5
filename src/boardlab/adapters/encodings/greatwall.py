"""The Great Wall's observation (after the common header, `encodings/__init__.py`):

1. the year / 10 and the season one-hot (autumn, winter, spring, summer);
2. per seat (observer first) 14 values: honor / 10, wood, stone, gold, chi (/ 10), Clerks, post
   Clerks, spearmen, archers, horsemen (/ 10), walls built, donated, and the sizes of its Command
   hand and Advisors (a hidden zone gives its count, a visible one its length);
3. the rest of the view (Locations, sections, Hordes, tracks, the seat's own cards, the battle, the
   modules' parts) hashed into 1024 buckets.
"""
from __future__ import annotations

import numpy as np

from . import COMMON_KEYS, Encoding, HashedView

SEASONS = {"autumn": 0, "winter": 1, "spring": 2, "summer": 3}
PER_SEAT = 14
BUCKETS = 1024


class GreatWallEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.part_size = 5 + PER_SEAT * players + BUCKETS
        super().__init__(players, options)
        self.rest = HashedView(BUCKETS, COMMON_KEYS + ("year", "season"), by_part=True)

    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        out[0] = view.get("year", 0) / 10.0
        season = SEASONS.get(view.get("season") or "")
        if season is not None:
            out[1 + season] = 1.0
        by_seat = {p["seat"]: p for p in view.get("players", ())}
        for i, s in enumerate(self.rotated(list(range(self.players)), seat)):
            if s in by_seat:
                out[5 + PER_SEAT * i:5 + PER_SEAT * (i + 1)] = _seat_values(by_seat[s])
        self.rest.encode(view, out[5 + PER_SEAT * self.players:])


def _seat_values(player: dict) -> list[float]:
    res, soldiers = player.get("resources", {}), player.get("soldiers", {})
    return [player.get("honor", 0) / 10.0,
            *(res.get(k, 0) / 10.0 for k in ("wood", "stone", "gold", "chi")),
            player.get("clerks", 0) / 10.0, player.get("post_clerks", 0) / 10.0,
            *(soldiers.get(k, 0) / 10.0 for k in ("spearman", "archer", "horseman")),
            player.get("walls_built", 0), player.get("donated", 0),
            _count(player.get("commands")), _count(player.get("advisors"))]


def _count(zone: object) -> float:
    if isinstance(zone, dict):
        return float(zone.get("count", 0))
    return float(len(zone)) if isinstance(zone, (list, tuple)) else 0.0
