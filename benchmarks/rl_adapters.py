"""Steps/s through the RL adapters against the raw engine, measured side by side in one run.

    python benchmarks/rl_adapters.py                 # both packs, 5 rounds, medians
    python benchmarks/rl_adapters.py --rounds 3 --steps 5000

Needs the ``rl`` extra. Random games are recorded first (deals 0, 1, 2..., uniformly random
legal actions, until ``--steps`` actions; a game stops at its end or after turn 200); then
every loop plays exactly those games, from the deal to the end, so that each pays for the
same setups and the same positions. The loops are interleaved round by round and timed in
CPU time, and each figure is the median over the rounds:

- ``engine``: ``legal_actions`` and ``apply`` (what a random bot pays);
- ``engine + view``: the same plus the mover's ``view`` (what a fair agent needs to decide);
- ``pettingzoo``: the wrapped AEC environment, reset to each deal: ``last()`` (observation
  tensor, from the pack's direct observer, and action mask) then ``step(id)``, the agent
  finding the legal ids in the mask (``mask.nonzero()``) as a masked agent must, and the
  dead steps that end each game;
- ``openspiel``: the deal (the chance node), then ``legal_actions()`` and
  ``apply_action(id)`` on a ``pyspiel`` state.

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


CONFIGS = [("volfyirion", {}), ("virevolt", {"players": 2})]
MAX_TURNS = 200


def record(game, steps: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """Random games (deal 0, 1, 2... until ``steps`` actions), each as its deal and, per
    action, the chosen action's index in ``legal_actions`` and its rank among the legal ids:
    every loop then plays exactly these games, so their costs per step compare like for like
    (games differ in length and in setup cost per step, Virevolt's by a factor of ten)."""
    rules, ids = game.rules, game.encoding.actions.ids
    rng = random.Random(1)
    games, done, deal = [], 0, 0
    while done < steps:
        state, moves = game.new_state(deal), []
        while not (state.over or state.turn > MAX_TURNS):
            legal = rules.legal_actions(state)
            k = rng.randrange(len(legal))
            legal_ids = ids(legal, state.to_move())
            moves.append((k, sorted(legal_ids).index(legal_ids[k])))
            rules.apply(state, legal[k])
        games.append((deal, moves))
        done += len(moves)
        deal += 1
    return games


def engine_loop(game, games, view: bool) -> None:
    rules = game.rules
    for deal, moves in games:
        state = game.new_state(deal)
        for k, _ in moves:
            legal = rules.legal_actions(state)
            if view:
                rules.view(state, state.to_move())
            rules.apply(state, legal[k])


def pettingzoo_loop(game, games) -> None:
    from tabletop.rl.pettingzoo import env

    e = env(game.name, max_turns=MAX_TURNS, **game.options,
            **({"players": game.num_players} if game.name == "virevolt" else {}))
    for deal, moves in games:
        e.reset(options={"deal": deal})
        for _, rank in moves:
            obs = e.last()[0]
            e.step(int(obs["action_mask"].nonzero()[0][rank]))
        while e.agents:  # the end: every agent reads its last reward, then steps None
            e.last()
            e.step(None)


def openspiel_loop(game, games) -> None:
    import pyspiel

    import tabletop.rl.openspiel as tos

    params = f"players={game.num_players}" if game.name == "virevolt" else ""
    g = pyspiel.load_game(f"{tos.short_name(game.name)}({params})")
    for deal, moves in games:
        state = g.new_initial_state()
        state.apply_action(deal)
        for _, rank in moves:
            state.apply_action(state.legal_actions()[rank])
        assert state.is_terminal()


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
        games = record(game, args.steps)
        steps = sum(len(moves) for _, moves in games)
        loops = {
            "engine": lambda: engine_loop(game, games, False),
            "engine + view": lambda: engine_loop(game, games, True),
            "pettingzoo": lambda: pettingzoo_loop(game, games),
            "openspiel": lambda: openspiel_loop(game, games),
        }
        times: dict[str, list[float]] = {k: [] for k in loops}
        for _ in range(args.rounds):
            for k, fn in loops.items():
                times[k].append(timed(fn))
        rate = {k: steps / statistics.median(v) for k, v in times.items()}
        out[name] = rate
        print(f"{name} ({game.num_players} players), median of {args.rounds} rounds of the same "
              f"{len(games)} games, {steps} steps:")
        for k, r in rate.items():
            print(f"  {k:<14} {r:>9,.0f} steps/s   {rate['engine'] / r:4.2f}x the engine's cost per step"
                  f"   {rate['engine + view'] / r:4.2f}x engine + view")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
