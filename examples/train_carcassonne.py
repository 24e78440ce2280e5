"""Train a small masked policy on Carcassonne (2 players) against boardlab's `random` bot, and plot
its win rate as it learns.

    .venv/bin/pip install -e '.[rl,report,train]'
    .venv/bin/python examples/train_carcassonne.py                       # about 20 minutes on one CPU core
    .venv/bin/python examples/train_carcassonne.py --steps 64 --eval-every 64 --eval-games 2 --out /tmp/x   # a smoke run

The library does the learning: sb3-contrib's MaskablePPO (the `train` extra) on boardlab's Gymnasium
environment (`boardlab.adapters.gymnasium`) seen through `adapters.listed.ListedActions`: at each
decision the policy picks one of the legal actions, listed (at most `MAX_ACTIONS`), each described by a
row of features (the id's words; the change of the seat's and the best other seat's score and
potential one step ahead, looked at on a copy whose hidden information is redrawn). The policy scores
every row with one small network shared by all rows (`ScoreActions`: a per-decision action head, not
one output per id of the game's 134,041), masked to the listed slots; the value comes from the
seat's encoding. The reward is the game's result (`Ruleset.rewards`: 1 for a win, 1/2 each for a
tie) plus, as shaping, the change of the margin of potential (`MarginShaping`) each step divided by
50 (it adds up to the final score margin / 50). Every `--eval-every` steps the policy
(as it acts in training: sampling among the legal actions by its probabilities; the untrained policy
scores every row about alike, so it starts near `random`) plays `--eval-games` games against
`random`, from seat 0 and seat 1 alternately, on fixed seeds that training never uses; the win rates
and their 95% (Wilson) intervals go to `<out>/carcassonne_win_rate.json` and the plot to
`<out>/carcassonne_win_rate.png`.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

from boardlab.adapters import gymnasium as bgym  # noqa: E402
from boardlab.adapters.listed import ListedActions  # noqa: E402

EVAL_SEEDS = 10**6  # evaluation games are seeds 10**6, 10**6 + 1, ...; training starts at 0
SHAPING = 50.0  # a margin of 50 points is worth a win
MAX_ACTIONS = 128  # Carcassonne's 2-player decisions list at most about 80 legal ids


class MarginShaping(gym.Wrapper):
    """Adds the change of my margin / SHAPING to each step's reward: the margin is my potential (the
    game's expected final score, `Ruleset.potential`: the score plus what the features under way
    would score now) minus the best other seat's. It adds up to the final score margin / SHAPING
    (at the end the potential is the score), so it rewards each step's lasting gain at once."""

    def __init__(self, env: bgym.BoardlabEnv):
        super().__init__(env)
        self.last = 0.0

    def margin(self) -> float:
        game, seat = self.env.unwrapped.game, self.env.unwrapped.seat
        values = game.rules.potential(game.state)
        return values[seat] - max(v for i, v in enumerate(values) if i != seat)

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        self.last = self.margin()
        return obs, info

    def step(self, action):
        obs, reward, done, truncated, info = self.env.step(action)
        now = self.margin()
        reward += (now - self.last) / SHAPING
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
    base = MarginShaping(bgym.env("carcassonne", 2, opponents=["random"], seat=seat))
    return ListedActions(Seeded(base, first_seed), MAX_ACTIONS)


def policy_classes():
    """The per-decision action head for sb3 (torch imported here: only training needs it)."""
    import torch
    from sb3_contrib.common.maskable.policies import MaskableMultiInputActorCriticPolicy
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

    class ScoreActions(BaseFeaturesExtractor):
        """Features = one score per listed slot (one network shared by all rows), then the value's
        hidden layer from the seat's encoding."""

        def __init__(self, observation_space: gym.spaces.Dict, hidden: int = 32, value_hidden: int = 64):
            slots, width = observation_space["actions"].shape
            super().__init__(observation_space, features_dim=slots + value_hidden)
            self.slots = slots
            self.scorer = torch.nn.Sequential(torch.nn.Linear(width, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1))
            self.value = torch.nn.Sequential(torch.nn.Linear(observation_space["observation"].shape[0], value_hidden),
                                             torch.nn.Tanh())

        def forward(self, obs: dict) -> "torch.Tensor":
            scores = self.scorer(obs["actions"]).squeeze(-1)
            return torch.cat([scores, self.value(obs["observation"])], dim=1)

    class Take(torch.nn.Module):
        """Columns start..stop of the features."""

        def __init__(self, start: int, stop: int | None = None):
            super().__init__()
            self.start, self.stop = start, stop

        def forward(self, x: "torch.Tensor") -> "torch.Tensor":
            return x[:, self.start:self.stop]

    class ListedPolicy(MaskableMultiInputActorCriticPolicy):
        """The logits are the slots' scores as they are; the value reads the value's columns only."""

        def _build(self, lr_schedule) -> None:
            super()._build(lr_schedule)
            slots = self.action_space.n
            self.action_net = Take(0, slots)
            self.value_net = torch.nn.Sequential(Take(slots), torch.nn.Linear(self.features_dim - slots, 1))
            last = self.features_extractor.scorer[-1]
            torch.nn.init.orthogonal_(last.weight, gain=0.01)  # every row scored about alike: near random at first
            torch.nn.init.zeros_(last.bias)
            self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    return ListedPolicy, ScoreActions


def win_rate(model, games: int) -> float:
    """The policy's share of wins against `random` (ties count half), seats alternating."""
    total = 0.0
    for i in range(games):
        env = ListedActions(bgym.env("carcassonne", 2, opponents=["random"], seat=i % 2), MAX_ACTIONS)
        obs, _ = env.reset(seed=EVAL_SEEDS + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
    return total / games


def interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate over `games` games (sound near 0 and 1, where the normal
    interval shrinks to nothing)."""
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 4), round(centre + half, 4)


def plot(points: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    steps = [p["steps"] for p in points]
    rates = [p["win_rate"] for p in points]
    fig, ax = plt.subplots(figsize=(6, 4))
    below = [max(0.0, p["win_rate"] - p["interval"][0]) for p in points]
    above = [max(0.0, p["interval"][1] - p["win_rate"]) for p in points]
    ax.errorbar(steps, rates, yerr=[below, above], marker="o", capsize=3,
                label="MaskablePPO policy (95% interval)")
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
              "head": f"listed legal actions (adapters.listed, {MAX_ACTIONS} slots), shared scorer",
              "steps": steps, "eval_games": args.eval_games, "seed": args.seed, "seconds": round(seconds, 1),
              "deterministic": False, "points": points}
    (args.out / "carcassonne_win_rate.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(points, args.out / "carcassonne_win_rate.png")


def evaluated(model, steps: int, games: int) -> dict:
    rate = win_rate(model, games)
    low, high = interval(rate, games)
    print(f"steps {steps:>7}: win rate {rate:.3f} (95% {low:.3f}-{high:.3f}, {games} games)", flush=True)
    return {"steps": steps, "win_rate": rate, "interval": [low, high], "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=16_384, help="training steps in all (default 16384)")
    parser.add_argument("--eval-every", type=int, default=4_096, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=200, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0, help="the learner's seed (torch, sampling)")
    parser.add_argument("--out", type=Path, default=Path("docs/figures"), help="where the PNG and JSON go")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    policy, extractor = policy_classes()
    n_steps = min(512, max(64, args.eval_every))
    model = MaskablePPO(policy, make_env(), n_steps=n_steps, batch_size=min(128, n_steps), n_epochs=10,
                        learning_rate=1e-3, gamma=1.0, ent_coef=0.0, seed=args.seed, verbose=0,
                        policy_kwargs={"features_extractor_class": extractor, "net_arch": []}, device="cpu")
    started = time.perf_counter()
    args.out.mkdir(parents=True, exist_ok=True)
    points = [evaluated(model, 0, args.eval_games)]
    done = 0
    while done < args.steps:
        chunk = min(args.eval_every, args.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done = model.num_timesteps
        points.append(evaluated(model, done, args.eval_games))
        save(args, points, done, time.perf_counter() - started)  # after every evaluation: a partial run keeps its figures
    print(f"wrote {args.out / 'carcassonne_win_rate.png'} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
