"""Learning-agent adapters (extra `rl`): PettingZoo (`adapters.pettingzoo`), Gymnasium
(`adapters.gymnasium`) and OpenSpiel (`adapters.openspiel`).

Every adapter plays a `boardlab.Game` through its public API: the integer action encoding
(`Game.action_space`), the legal ids, `Game.seat_view(seat)` for observations (what that seat may
know, never the true state; `encodings/`) and `Ruleset.rewards` for the result.
"""
