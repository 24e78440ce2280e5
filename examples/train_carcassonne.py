"""Train a small masked policy on Carcassonne (2 players) against boardlab's `random` bot, and plot
its win rate as it learns.

    .venv/bin/pip install -e '.[rl,report,train]'
    .venv/bin/python examples/train_carcassonne.py                       # a few minutes on a CPU
    .venv/bin/python examples/train_carcassonne.py --steps 2048 --eval-games 4 --out /tmp/x   # a smoke run

The library does the learning: sb3-contrib's MaskablePPO (the `train` extra) on boardlab's Gymnasium
environment (`boardlab.adapters.gymnasium`), whose `action_masks()` gives the legal actions, so the
policy only ever picks legal ones. The reward is the game's result (`Ruleset.rewards`: 1 for a win,
1/2 each for a tie) plus, as shaping, the change of the score margin each step divided by 100 (it
adds up to the final margin / 100, so it never outweighs the result by much). Every `--eval-every`
steps the policy (as it acts in training: sampling among the legal actions by its probabilities, so
the untrained policy starts as `random` does) plays `--eval-games` games against
`random`, from seat 0 and seat 1 alternately, on fixed seeds that training never uses; the win rates go to `<out>/carcassonne_win_rate.json` and the plot to
`<out>/carcassonne_win_rate.png`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

from boardlab.adapters import gymnasium as bgym  # noqa: E402

EVAL_SEEDS = 10**6  # evaluation games are seeds 10**6, 10**6 + 1, ...; training starts at 0


class MarginShaping(gym.Wrapper):
    """Adds (change of my score - change of the best other score) / 100 to each step's reward."""

    def __init__(self, env: bgym.BoardlabEnv):
        super().__init__(env)
        self.last = 0.0

    def margin(self) -> float:
        game, seat = self.env.unwrapped.game, self.env.unwrapped.seat
        scores = game.scores
        return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        self.last = self.margin()
        return obs, info

    def step(self, action):
        obs, reward, done, truncated, info = self.env.step(action)
        now = self.margin()
        reward += (now - self.last) / 100.0
        self.last = now
        return obs, reward, done, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


class Seeded(gym.Wrapper):
    """Episode k of training is boardlab's game of seed `first + k` (reproducible runs)."""

    def __init__(self, env: gym.Env, first: int = 0):
        super().__init__(env)
        self.next_seed = first

    def reset(self, **kwargs):
        kwargs["seed"] = self.next_seed
        self.next_seed += 1
        return self.env.reset(**kwargs)

    def action_masks(self) -> np.ndarray:
        return self.env.action_masks()


def make_env(seat: int = 0, first_seed: int = 0) -> gym.Env:
    return Seeded(MarginShaping(bgym.env("carcassonne", 2, opponents=["random"], seat=seat)), first_seed)


def win_rate(model, games: int) -> float:
    """The policy's share of wins against `random` (ties count half), seats alternating."""
    total = 0.0
    for i in range(games):
        env = bgym.env("carcassonne", 2, opponents=["random"], seat=i % 2)
        obs, _ = env.reset(seed=EVAL_SEEDS + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
    return total / games


def plot(points: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    steps = [p["steps"] for p in points]
    rates = [p["win_rate"] for p in points]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(steps, rates, marker="o", label="MaskablePPO policy")
    ax.axhline(0.5, color="grey", linestyle="--", label="even with random")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel(f"win rate vs random ({points[0]['games']} games)")
    ax.set_ylim(0, 1)
    ax.set_title("Carcassonne, 2 players: MaskablePPO against random")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def save(args: argparse.Namespace, points: list[dict], steps: int, seconds: float) -> None:
    result = {"game": "carcassonne", "players": 2, "opponent": "random", "algorithm": "sb3-contrib MaskablePPO",
              "steps": steps, "eval_games": args.eval_games, "seed": args.seed, "seconds": round(seconds, 1),
              "deterministic": False, "points": points}
    (args.out / "carcassonne_win_rate.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(points, args.out / "carcassonne_win_rate.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8_192, help="training steps in all (default 8192)")
    parser.add_argument("--eval-every", type=int, default=2_048, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=30, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0, help="the learner's seed (torch, sampling)")
    parser.add_argument("--out", type=Path, default=Path("docs/figures"), help="where the PNG and JSON go")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    n_steps = min(512, max(64, args.eval_every))
    model = MaskablePPO("MlpPolicy", make_env(), n_steps=n_steps, batch_size=min(256, n_steps), n_epochs=4,
                        learning_rate=3e-4, gamma=1.0, ent_coef=0.0, seed=args.seed, verbose=0,
                        policy_kwargs={"net_arch": [64, 64]}, device="cpu")
    started = time.perf_counter()
    args.out.mkdir(parents=True, exist_ok=True)
    points = [{"steps": 0, "win_rate": win_rate(model, args.eval_games), "games": args.eval_games}]
    print(f"steps {0:>7}: win rate {points[-1]['win_rate']:.3f}", flush=True)
    done = 0
    while done < args.steps:
        chunk = min(args.eval_every, args.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done = model.num_timesteps
        points.append({"steps": done, "win_rate": win_rate(model, args.eval_games), "games": args.eval_games})
        print(f"steps {done:>7}: win rate {points[-1]['win_rate']:.3f}", flush=True)
        save(args, points, done, time.perf_counter() - started)  # after every evaluation: a partial run keeps its figures
    print(f"wrote {args.out / 'carcassonne_win_rate.png'} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
