"""Where the time of a random Volfyirion step goes, here and in a hand-written engine, by kind of action.

    python benchmarks/reference_gap.py --reference PATH/ref_volfyirion.py [--games 60]

Both engines play random games in this process (deals 1000, 1001..., 200 turns at most, as in
``benchmarks/run.py --reference``), each call timed alone with ``time.perf_counter`` less the
timer's own cost. For each engine it prints the CPU µs a step spends listing the legal actions,
and, per kind of action (its verb; "answer a decision" while one waits), how many were applied,
the µs of one, and its share of a step. The reference engine names its actions its own way
(``end``, ``acquire``): compare the kinds by meaning. A profile of where the gap is, not a
benchmark: ``benchmarks/run.py`` gives the figures the targets are measured by.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections import defaultdict

from tabletop.framework.packs import registry
from tabletop.framework.rng import Random

TURNS = 200
clock = time.perf_counter


def timer_cost() -> float:
    best = 1e9
    for _ in range(5):
        total = 0.0
        for _ in range(20_000):
            t0 = clock()
            total += clock() - t0
        best = min(best, total / 20_000)
    return best


def ours(games: int, cost: float) -> tuple[dict, dict, float, int]:
    rules = registry().get("volfyirion").rules()
    spent: dict = defaultdict(float)
    count: dict = defaultdict(int)
    legal = 0.0
    steps = 0
    rng = Random(1)
    for g in range(games):
        state = rules.setup({}, 1000 + g)
        last = state.turn + TURNS
        while not state.over and state.turn < last:
            t0 = clock()
            actions = rules.legal_actions(state)
            legal += clock() - t0 - cost
            action = actions[rng.below(len(actions))]
            kind = "answer a decision" if state.pending is not None else action[0]
            t0 = clock()
            rules.apply(state, action)
            spent[kind] += clock() - t0 - cost
            count[kind] += 1
            steps += 1
    return spent, count, legal, steps


def reference(path: str, games: int, cost: float) -> tuple[dict, dict, float, int]:
    spec = importlib.util.spec_from_file_location("reference_engine", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--reference {path}: not a Python file")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    spent: dict = defaultdict(float)
    count: dict = defaultdict(int)
    legal = 0.0
    steps = 0
    for g in range(games):
        state = m.new_game(random.Random(1000 + g))
        last = state.turn + TURNS
        while state.winner == m.NONE and state.turn < last:
            t0 = clock()
            actions = m.legal_actions(state)
            legal += clock() - t0 - cost
            action = actions[int(m.RNG.random() * len(actions))]
            kind = "answer a decision" if state.pend else m.describe(action).split()[0]
            t0 = clock()
            m.apply(state, action)
            spent[kind] += clock() - t0 - cost
            count[kind] += 1
            steps += 1
    return spent, count, legal, steps


def show(name: str, spent: dict, count: dict, legal: float, steps: int) -> None:
    total = sum(spent.values()) + legal
    print(f"{name}: {total / steps * 1e6:.2f} µs a step; listing the legal actions {legal / steps * 1e6:.2f}")
    for kind in sorted(spent, key=spent.get, reverse=True):
        if spent[kind] / steps * 1e6 >= 0.005:
            print(f"  {kind:20} {count[kind]:7} applied, {spent[kind] / count[kind] * 1e6:6.2f} µs each,"
                  f" {spent[kind] / steps * 1e6:5.2f} µs a step")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", required=True, help="the hand-written engine (ref_volfyirion.py)")
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args(argv)
    cost = timer_cost()
    ours(args.games, cost)  # a first round of each warms the interpreter's memory; the second counts
    reference(args.reference, args.games, cost)
    show("tabletop", *ours(args.games, cost))
    show("reference", *reference(args.reference, args.games, cost))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
