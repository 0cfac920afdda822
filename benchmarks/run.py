"""Throughput and latency of the engine, per pack: one command, a table, and a JSON file.

    python benchmarks/run.py                      # every pack, 5 runs each, median reported
    python benchmarks/run.py --pack volfyirion --runs 3 --out benchmarks/results/mine.json

A *step* is what every bot and every simulation pays for: computing the legal actions,
choosing one (uniformly, with a seeded generator) and applying it. Benchmarks are not
tests: nothing here asserts on a time; docs/performance.md records the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tabletop.framework.rng import Random

ROOT = Path(__file__).resolve().parents[1]
MAX_STEPS = 20_000


def random_selfplay(rules, options: dict, games: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` random games; return (steps, games finished, seconds)."""
    rng = Random(seed)
    steps = finished = 0
    t0 = time.perf_counter()
    for g in range(games):
        state = rules.setup(options, seed + g)
        legal, apply, below = rules.legal_actions, rules.apply, rng.below
        n = 0
        while not state.over and n < MAX_STEPS:
            acts = legal(state)
            apply(state, acts[below(len(acts))])
            n += 1
        steps += n
        finished += state.over
    return steps, finished, time.perf_counter() - t0


def bot_games(rules, options: dict, factory, games: int, seed: int) -> tuple[int, float]:
    t0 = time.perf_counter()
    done = 0
    for g in range(games):
        state = rules.setup(options, seed + g)
        bots = [factory(rules, seed + g * 7 + p) for p in range(state.nplayers)]
        n = 0
        while not state.over and n < MAX_STEPS:
            rules.apply(state, bots[state.to_move()].choose(rules, state))
            n += 1
        done += state.over
    return done, time.perf_counter() - t0


def midgame_state(rules, options: dict, seed: int, steps: int = 60):
    """A state some way into a random game, not over and not waiting on a decision."""
    rng = Random(seed)
    state = rules.setup(options, seed)
    best = state.clone()
    for _ in range(steps):
        if state.over:
            break
        acts = rules.legal_actions(state)
        rules.apply(state, acts[rng.below(len(acts))])
        if not state.over and state.pending is None:
            best = state.clone()
    return best


def mcts_rate(rules, options: dict, factory, runs: int, positions: int = 12) -> float:
    """Search iterations per second of the MCTS bot, over positions where it really searches
    (moves answered without search, such as a single legal action, are not counted)."""
    rates = []
    for r in range(runs):
        bot = factory(rules, r, iterations=200)
        rng = Random(r)
        state = rules.setup(options, 77 + r)
        iters = 0
        secs = 0.0
        searched = 0
        while not state.over and searched < positions:
            acts = rules.legal_actions(state)
            t0 = time.perf_counter()
            bot.choose(rules, state)
            dt = time.perf_counter() - t0
            if bot.last_iterations:
                iters += bot.last_iterations
                secs += dt
                searched += 1
            rules.apply(state, acts[rng.below(len(acts))])
        if secs:
            rates.append(iters / secs)
    return statistics.median(rates) if rates else 0.0


def per_call_us(fn, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat * 1e6


def wall(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench_pack(name: str, runs: int, quick: bool) -> dict:
    from tabletop.framework.packs import registry
    from tabletop.framework.state import State

    pack = registry().get(name)
    rules = pack.rules()
    options = dict(getattr(rules, "benchmark_options", {}) or {})
    out: dict = {"pack": name}
    games = 10 if quick else 100
    sps, gps = [], []
    for r in range(runs):
        steps, finished, secs = random_selfplay(rules, options, games, 1000 + r * 100)
        sps.append(steps / secs)
        gps.append(finished / secs)
    out["random_steps_per_s"] = statistics.median(sps)
    out["random_games_per_s"] = statistics.median(gps)
    bots = pack.bots()
    if "greedy" in bots:
        rates = []
        for r in range(runs):
            done, secs = bot_games(rules, options, bots["greedy"], 4 if quick else 10, 5000 + r * 100)
            rates.append(done / secs)
        out["greedy_games_per_s"] = statistics.median(rates)
    state = midgame_state(rules, options, 7)
    out["clone_us"] = statistics.median(per_call_us(state.clone, 2000) for _ in range(runs))
    index = {c.name: c for c in rules.cards.cards}
    out["to_json_us"] = statistics.median(per_call_us(lambda: json.dumps(state.to_json()), 300) for _ in range(runs))
    text = json.dumps(state.to_json())
    out["from_json_us"] = statistics.median(per_call_us(lambda: State.from_json(json.loads(text), index), 300) for _ in range(runs))
    if "mcts" in bots:
        out["mcts_iterations_per_s"] = mcts_rate(rules, options, bots["mcts"], runs)
    code = f"import time;t=time.perf_counter();from tabletop.framework.packs import registry;registry().get({name!r}).cards();print(time.perf_counter()-t)"
    loads = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout) for _ in range(runs)]
    out["load_cards_s"] = statistics.median(loads)
    return out


def machine() -> dict:
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine()}


def main(argv: list[str] | None = None) -> int:
    from tabletop.framework.packs import registry

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", action="append", help="pack(s) to measure (default: all)")
    ap.add_argument("--runs", type=int, default=5, help="runs per figure; the median is reported")
    ap.add_argument("--quick", action="store_true", help="fewer games per run (for a fast look)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "latest.json"))
    args = ap.parse_args(argv)
    names = args.pack or sorted(registry().packs)
    results = {"machine": machine(), "packs": [bench_pack(n, args.runs, args.quick) for n in names]}
    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    results["cli_help_s"] = wall([exe, "--help"], args.runs)
    deck = ROOT / "packs" / "virevolt" / "decks"
    decks = sorted(deck.glob("*.yaml")) if deck.is_dir() else []
    if decks:
        results["deckcheck_s"] = wall([exe, "deckcheck", "virevolt", str(decks[0])], args.runs)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    rows = []
    for p in results["packs"]:
        for k, v in p.items():
            if k != "pack":
                rows.append((p["pack"], k, v))
    rows.append(("cli", "tabletop --help (s)", results["cli_help_s"]))
    if "deckcheck_s" in results:
        rows.append(("cli", "tabletop deckcheck (s)", results["deckcheck_s"]))
    print(f"{'pack':<12} {'figure':<26} {'median of ' + str(args.runs):>14}")
    for pack, k, v in rows:
        print(f"{pack:<12} {k:<26} {v:>14,.3f}" if v < 100 else f"{pack:<12} {k:<26} {v:>14,.0f}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
