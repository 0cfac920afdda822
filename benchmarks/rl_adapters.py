"""Steps/s through the RL adapters against the raw engine, measured side by side in one run.

    python benchmarks/rl_adapters.py                 # both packs, 5 rounds, medians
    python benchmarks/rl_adapters.py --rounds 3 --steps 5000

Needs the ``rl`` extra. Every loop plays uniformly random legal actions, restarting games
as they end, for ``--steps`` actions; the loops are interleaved round by round and timed
in CPU time, and each figure is the median over the rounds:

- ``engine``: ``legal_actions`` and ``apply`` (what a random bot pays);
- ``engine + view``: the same plus the mover's ``view`` (what a fair agent needs to decide);
- ``pettingzoo``: the wrapped AEC environment: ``last()`` (observation tensor, from the
  pack's direct observer, and action mask) then ``step(id)``, the agent finding the legal
  ids in the mask (``np.flatnonzero``) as a masked agent must;
- ``openspiel``: ``legal_actions()`` then ``apply_action(id)`` on a ``pyspiel`` state.

The *overhead* is an adapter's CPU time per step divided by the engine's.
Benchmarks are not tests: nothing asserts on a time; docs/rl.md records the figures.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Callable

import numpy as np

CONFIGS = [("volfyirion", {}), ("virevolt", {"players": 2})]


def engine_loop(game, steps: int, view: bool) -> None:
    rules = game.rules
    rng = random.Random(1)
    seed = 0
    state = game.new_state(seed)
    for _ in range(steps):
        if state.over or state.turn > 200:
            seed += 1
            state = game.new_state(seed)
        legal = rules.legal_actions(state)
        if view:
            rules.view(state, state.to_move())
        rules.apply(state, legal[rng.randrange(len(legal))])


def pettingzoo_loop(game, steps: int) -> None:
    from tabletop.rl.pettingzoo import env

    e = env(game.name, **game.options, **({"players": game.num_players} if game.name == "virevolt" else {}))
    rng = random.Random(1)
    e.reset(seed=0)
    done = 0
    while done < steps:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        done += 1


def openspiel_loop(game, steps: int) -> None:
    import pyspiel

    import tabletop.rl.openspiel as tos

    params = f"players={game.num_players}" if game.name == "virevolt" else ""
    g = pyspiel.load_game(f"{tos.short_name(game.name)}({params})")
    rng = random.Random(1)
    deal = 0
    state = g.new_initial_state()
    done = 0
    while done < steps:
        if state.is_terminal():
            state = g.new_initial_state()
        if state.is_chance_node():
            state.apply_action(deal)
            deal += 1
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        done += 1


def timed(fn: Callable[[], None]) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    import tabletop

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    out = {}
    for name, options in CONFIGS:
        game = tabletop.load(name, **options)
        loops = {
            "engine": lambda: engine_loop(game, args.steps, False),
            "engine + view": lambda: engine_loop(game, args.steps, True),
            "pettingzoo": lambda: pettingzoo_loop(game, args.steps),
            "openspiel": lambda: openspiel_loop(game, args.steps),
        }
        times: dict[str, list[float]] = {k: [] for k in loops}
        for _ in range(args.rounds):
            for k, fn in loops.items():
                times[k].append(timed(fn))
        rate = {k: args.steps / statistics.median(v) for k, v in times.items()}
        out[name] = rate
        print(f"{name} ({game.num_players} players), median of {args.rounds} rounds of {args.steps} steps:")
        for k, r in rate.items():
            print(f"  {k:<14} {r:>9,.0f} steps/s   {rate['engine'] / r:4.2f}x the engine's cost per step"
                  f"   {rate['engine + view'] / r:4.2f}x engine + view")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
