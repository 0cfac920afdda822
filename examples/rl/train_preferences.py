"""Train a small policy against random play in Virevolt and watch its win rate rise.

A notebook-style script (run it top to bottom: ``python examples/rl/train_preferences.py``).
The policy is the simplest one that can learn: one preference per action id of the
pack's fixed action space (a tabular softmax over the legal ids, ignoring the
observation), trained by REINFORCE on +1/-1 game results through the PettingZoo
environment. It learns which kinds of moves win (attack, put heroes into play, keep them)
and which lose (end a phase with better moves at hand), and beats a random player far
more often than random play does.

    python examples/rl/train_preferences.py --episodes 300 --eval 200 --lr 0.05
"""
from __future__ import annotations

import argparse

import numpy as np

from tabletop.rl.pettingzoo import env as make_env


def softmax_choice(prefs: np.ndarray, legal: np.ndarray, rng: np.random.Generator) -> tuple[int, np.ndarray]:
    """Sample a legal id from the softmax of its preferences; return it and the probabilities."""
    z = prefs[legal] - prefs[legal].max()
    p = np.exp(z)
    p /= p.sum()
    return int(legal[rng.choice(len(legal), p=p)]), p


def play(e, prefs: np.ndarray | None, learner: str, seed: int, rng: np.random.Generator):
    """One game: ``learner`` follows ``prefs`` (uniform if None), the others play at random.
    Returns the learner's final reward and its (legal ids, chosen id, probabilities) trail."""
    e.reset(seed=seed)
    trail, result = [], 0.0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            if agent == learner:
                result = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if agent == learner and prefs is not None:
            action, p = softmax_choice(prefs, legal, rng)
            trail.append((legal, action, p))
        else:
            action = int(legal[rng.integers(len(legal))])
        e.step(action)
    return result, trail


def win_rate(e, prefs, games: int, seed: int) -> float:
    """The learner's share of wins over ``games`` games, seats alternating."""
    rng = np.random.default_rng(seed)
    wins = 0
    for g in range(games):
        learner = e.possible_agents[g % len(e.possible_agents)]
        reward, _ = play(e, prefs, learner, seed + g, rng)
        wins += reward > 0
    return wins / games


def train(e, episodes: int, lr: float, seed: int) -> np.ndarray:
    """REINFORCE on the preferences, with a running mean of the results as baseline."""
    rng = np.random.default_rng(seed)
    prefs = np.zeros(e.action_space(e.possible_agents[0]).n)
    baseline = 0.0
    for ep in range(episodes):
        learner = e.possible_agents[ep % len(e.possible_agents)]
        reward, trail = play(e, prefs, learner, 10_000 + ep, rng)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for legal, action, p in trail:
            grad = -p
            grad[np.flatnonzero(legal == action)[0]] += 1.0
            prefs[legal] += lr * advantage * grad
    return prefs


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=300, help="training games")
    ap.add_argument("--eval", type=int, default=200, help="games to measure each win rate")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    e = make_env("virevolt", max_turns=60)

    # 1. Untrained: the learner plays uniformly at random, like its opponent.
    before = win_rate(e, None, args.eval, seed=args.seed)
    print(f"before training: wins {before:.1%} of {args.eval} games against random")

    # 2. Train by playing against random.
    prefs = train(e, args.episodes, args.lr, seed=args.seed)

    # 3. Measure again on the same deals.
    after = win_rate(e, prefs, args.eval, seed=args.seed)
    print(f"after {args.episodes} training games: wins {after:.1%} of {args.eval} games against random")

    # 4. What it learnt: the most and least preferred actions.
    space = e.unwrapped.game.encoding.actions
    order = np.argsort(prefs)
    print("most preferred: " + ", ".join(space.name(int(i)) for i in order[::-1][:5]))
    print("least preferred: " + ", ".join(space.name(int(i)) for i in order[:5]))
    return {"before": before, "after": after}


if __name__ == "__main__":
    main()
