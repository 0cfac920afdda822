"""A PettingZoo loop over both games: any agent plugs in where the random choice is.

    python examples/rl/pettingzoo_loop.py --games 3 --render

Each agent receives its observation (a float32 vector built from its own view) and the
mask of its legal action ids; here every agent picks uniformly among the legal ids.
"""
from __future__ import annotations

import argparse

import numpy as np

from tabletop.rl.pettingzoo import env as make_env


def run(game: str, games: int, seed: int, render: bool, **options) -> dict[str, float]:
    """Play ``games`` games of ``game``; return each agent's total reward."""
    e = make_env(game, render_mode="ansi" if render else None, **options)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for g in range(games):
        e.reset(seed=seed + g)
        steps = 0
        for agent in e.agent_iter():
            observation, reward, termination, truncation, info = e.last()
            if termination or truncation:
                totals[agent] = totals.get(agent, 0.0) + reward
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(rng.choice(legal)))          # <- your agent decides here
            steps += 1
        print(f"{game} game {g + 1}: {steps} actions; rewards so far {totals}")
        if render:
            print(e.unwrapped.game.board(e.unwrapped.state, 0))
    return totals


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--render", action="store_true", help="print the final board of each game")
    args = ap.parse_args(argv)
    return {"volfyirion": run("volfyirion", args.games, args.seed, args.render, variants=["all"]),
            "virevolt": run("virevolt", args.games, args.seed, args.render, players=4)}


if __name__ == "__main__":
    main()
