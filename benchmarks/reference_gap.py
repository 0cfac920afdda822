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


def by_kind(new_game, legal_actions, apply, over, kind, choose, games: int, cost: float) -> tuple:
    """Random self-play of one engine, each call timed alone: (seconds by kind of action, count by
    kind, seconds listing the legal actions, steps)."""
    spent: dict = defaultdict(float)
    count: dict = defaultdict(int)
    legal = 0.0
    steps = 0
    for g in range(games):
        state = new_game(1000 + g)
        last = state.turn + TURNS
        while not over(state) and state.turn < last:
            t0 = clock()
            actions = legal_actions(state)
            legal += clock() - t0 - cost
            action = actions[choose(len(actions))]
            k = kind(state, action)
            t0 = clock()
            apply(state, action)
            spent[k] += clock() - t0 - cost
            count[k] += 1
            steps += 1
    return spent, count, legal, steps


def ours(games: int, cost: float) -> tuple:
    rules = registry().get("volfyirion").rules()
    rng = Random(1)
    return by_kind(lambda seed: rules.setup({}, seed), rules.legal_actions, rules.apply, lambda s: s.over,
                   lambda s, a: "answer a decision" if s.pending is not None else a[0], rng.below, games, cost)


def reference(path: str, games: int, cost: float) -> tuple:
    spec = importlib.util.spec_from_file_location("reference_engine", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--reference {path}: not a Python file")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return by_kind(lambda seed: m.new_game(random.Random(seed)), m.legal_actions, m.apply,
                   lambda s: s.winner != m.NONE,
                   lambda s, a: "answer a decision" if s.pend else m.describe(a).split()[0],
                   lambda n: int(m.RNG.random() * n), games, cost)


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
