"""Throughput and latency of the engine, per pack: one command, a table, and a JSON file.

    python benchmarks/run.py                      # every pack, 5 runs each, median reported
    python benchmarks/run.py --pack volfyirion --runs 3 --out benchmarks/results/mine.json
    python benchmarks/run.py --reference PATH/ref_volfyirion.py      # side by side with a hand-written engine
    python benchmarks/run.py --baseline-python /tmp/base/.venv/bin/python   # against another install

A *step* is what every bot and every simulation pays for: computing the legal actions,
choosing one (uniformly, with a seeded generator) and applying it. Times are CPU time of
this process (``time.process_time``): the figures stay comparable on a shared, loaded
machine. Comparisons (``--reference``, ``--baseline-python``) interleave the two sides run
by run and report the median of the per-run ratios. Startup figures are wall times, the
minimum of N runs, as multiples of ``python -c pass`` measured in the same loop.
Benchmarks are not tests: nothing here asserts on a time; docs/performance.md records the
figures.
"""
from __future__ import annotations

import argparse
import importlib.util
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
TURN_CAP = 200  # the reference engine's cap: 200 turns in all, then the game is a draw
cpu = time.process_time


def random_selfplay(rules, options: dict, games: int, seed: int, turn_cap: int | None = None) -> tuple[int, int, float]:
    """Play ``games`` random games; return (steps, games finished, CPU seconds). With
    ``turn_cap``, a game stops once that many turns have been played."""
    rng = Random(seed)
    steps = finished = 0
    t0 = cpu()
    for g in range(games):
        state = rules.setup(options, seed + g)
        legal, apply, below = rules.legal_actions, rules.apply, rng.below
        last = state.turn + turn_cap if turn_cap is not None else None
        n = 0
        while not state.over and n < MAX_STEPS:
            acts = legal(state)
            apply(state, acts[below(len(acts))])
            n += 1
            if last is not None and state.turn >= last:
                break
        steps += n
        finished += state.over
    return steps, finished, cpu() - t0


def bot_games(rules, options: dict, factory, games: int, seed: int) -> tuple[int, float]:
    t0 = cpu()
    done = 0
    for g in range(games):
        state = rules.setup(options, seed + g)
        bots = [factory(rules, seed + g * 7 + p) for p in range(state.nplayers)]
        n = 0
        while not state.over and n < MAX_STEPS:
            rules.apply(state, bots[state.to_move()].choose(rules, state))
            n += 1
        done += state.over
    return done, cpu() - t0


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
    """Search iterations per CPU second of the MCTS bot, over positions where it really
    searches (moves answered without search, such as a single legal action, are not counted)."""
    rates = [r for r in (mcts_run(rules, options, factory, r, positions) for r in range(runs)) if r]
    return statistics.median(rates) if rates else 0.0


def mcts_run(rules, options: dict, factory, r: int, positions: int = 12) -> float:
    """One run of :func:`mcts_rate`: the positions of game ``77 + r``, the moves of a seeded
    random player between them (so every engine version searches the same positions)."""
    bot = factory(rules, r, iterations=200)
    rng = Random(r)
    state = rules.setup(options, 77 + r)
    iters = 0
    secs = 0.0
    searched = 0
    while not state.over and searched < positions:
        acts = rules.legal_actions(state)
        t0 = cpu()
        bot.choose(rules, state)
        dt = cpu() - t0
        if bot.last_iterations:
            iters += bot.last_iterations
            secs += dt
            searched += 1
        rules.apply(state, acts[rng.below(len(acts))])
    return iters / secs if secs else 0.0


def per_call_us(fn, repeat: int) -> float:
    t0 = cpu()
    for _ in range(repeat):
        fn()
    return (cpu() - t0) / repeat * 1e6


# ---------------------------------------------------------------------------- two engines side by side
class Engine:
    """One engine as the comparison sees it: new game, legal actions, apply, clone, over?"""

    def __init__(self, name, new_game, legal, apply, clone, over, choose) -> None:
        self.name, self.new_game, self.legal, self.apply = name, new_game, legal, apply
        self.clone, self.over, self.choose = clone, over, choose


def project_engine(rules, options: dict) -> Engine:
    rng = Random(0)

    def new_game(seed: int):
        rng.s = Random(seed * 7919 + 1).s  # each game's choices depend on its seed only
        return rules.setup(options, seed)

    return Engine("tabletop", new_game, rules.legal_actions, rules.apply, lambda s: s.clone(),
                  lambda s: s.over, lambda n: rng.below(n))


def reference_engine(path: str) -> tuple[Engine, object]:
    """The hand-written engine at ``path`` (``new_game``, ``legal_actions``, ``apply``,
    ``clone``, ``state.winner``, a module-level ``RNG``), imported as a module."""
    spec = importlib.util.spec_from_file_location("reference_engine", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--reference {path}: not a Python file")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    import random

    none = mod.NONE

    def new_game(seed: int):
        return mod.new_game(random.Random(seed))

    return Engine("reference", new_game, mod.legal_actions, mod.apply, mod.clone,
                  lambda s: s.winner != none, lambda n: int(mod.RNG.random() * n)), mod


def selfplay(engine: Engine, games: int, seed: int, turn_of) -> tuple[int, float]:
    """Random self-play with the 200-turn cap; (steps, CPU seconds)."""
    legal, apply, over, choose, new_game = engine.legal, engine.apply, engine.over, engine.choose, engine.new_game
    steps = 0
    t0 = cpu()
    for g in range(games):
        state = new_game(seed + g)
        last = turn_of(state) + TURN_CAP
        while not over(state):
            acts = legal(state)
            apply(state, acts[choose(len(acts))])
            steps += 1
            if turn_of(state) >= last:
                break
    return steps, cpu() - t0


def sample_states(engine: Engine, games: int, seed: int, per_game: int, turn_of) -> list:
    """``per_game`` states drawn evenly from each of ``games`` random playouts (never a
    finished one): the mid-game positions the per-call figures are measured on."""
    out = []
    for g in range(games):
        state = engine.new_game(seed + g)
        last = turn_of(state) + TURN_CAP
        trail = []
        while not engine.over(state) and turn_of(state) < last:
            trail.append(engine.clone(state))
            acts = engine.legal(state)
            engine.apply(state, acts[engine.choose(len(acts))])
        stride = max(1, len(trail) // per_game)
        out.extend(trail[stride // 2::stride][:per_game])
    return out


def per_call(engine: Engine, states: list, repeat: int) -> dict:
    """CPU µs per call of legal_actions, clone and apply over ``states``."""
    legal, clone, apply = engine.legal, engine.clone, engine.apply
    n = len(states) * repeat
    t0 = cpu()
    for _ in range(repeat):
        for s in states:
            legal(s)
    t_legal = cpu() - t0
    t0 = cpu()
    for _ in range(repeat):
        for s in states:
            clone(s)
    t_clone = cpu() - t0
    actions = []
    for s in states:
        acts = legal(s)
        actions.append(acts[engine.choose(len(acts))])
    t_apply = 0.0
    for _ in range(repeat):
        copies = [clone(s) for s in states]
        t0 = cpu()
        for s, a in zip(copies, actions):
            apply(s, a)
        t_apply += cpu() - t0
    return {"legal_actions_us": t_legal / n * 1e6, "clone_us": t_clone / n * 1e6, "apply_us": t_apply / n * 1e6}


def compare_reference(path: str, runs: int, quick: bool) -> dict:
    """Volfyirion against the hand-written engine at ``path``, interleaved run by run."""
    from tabletop.framework.packs import registry

    rules = registry().get("volfyirion").rules()
    options = dict(getattr(rules, "benchmark_options", {}) or {})
    ours = project_engine(rules, options)
    ref, mod = reference_engine(path)
    turn_ours, turn_ref = (lambda s: s.turn), (lambda s: s.turn)
    games = 20 if quick else 100
    rows: dict[str, list] = {k: [] for k in ("ref_steps_per_s", "steps_per_s", "ratio", "ref_steps_per_game",
                                             "steps_per_game")}
    for r in range(runs):
        seed = 1000 + r * 1000
        order = (ref, ours) if r % 2 == 0 else (ours, ref)
        got = {}
        for eng in order:
            steps, secs = selfplay(eng, games, seed, turn_ref if eng is ref else turn_ours)
            got[eng.name] = (steps, secs)
        (rs, rt), (os_, ot) = got["reference"], got["tabletop"]
        rows["ref_steps_per_s"].append(rs / rt)
        rows["steps_per_s"].append(os_ / ot)
        rows["ratio"].append((os_ / ot) / (rs / rt))
        rows["ref_steps_per_game"].append(rs / games)
        rows["steps_per_game"].append(os_ / games)
    states_ref = sample_states(ref, 10 if quick else 40, 9000, 25, turn_ref)
    states_ours = sample_states(ours, 10 if quick else 40, 9000, 25, turn_ours)
    calls: dict[str, list] = {}
    for r in range(runs):
        a = per_call(ref, states_ref, 2 if quick else 5)
        b = per_call(ours, states_ours, 2 if quick else 5)
        for k in a:
            calls.setdefault("ref_" + k, []).append(a[k])
            calls.setdefault(k, []).append(b[k])
            calls.setdefault(k.replace("_us", "_ratio"), []).append(b[k] / a[k])
    out = {"reference": str(path), "games_per_run": games, "runs": runs, "states": len(states_ours),
           "ref_states": len(states_ref)}
    for k, v in {**rows, **calls}.items():
        out[k] = statistics.median(v)
        out[k + "_range"] = [min(v), max(v)]
    return out


# ---------------------------------------------------------------------------- against another install
def task(spec: dict) -> dict:
    """One measurement in this process (``--task``), for the baseline comparison."""
    from tabletop.framework.packs import registry

    pack = registry().get(spec["pack"])
    rules = pack.rules()
    options = dict(getattr(rules, "benchmark_options", {}) or {})
    if spec["what"] == "random":
        steps, _, secs = random_selfplay(rules, options, spec["games"], spec["seed"])
        return {"value": steps / secs}
    if spec["what"] == "mcts":
        return {"value": mcts_run(rules, options, pack.bots()["mcts"], spec["seed"])}
    raise SystemExit(f"unknown task {spec['what']!r}")


def compare_baseline(python: str, names: list[str], runs: int, quick: bool) -> dict:
    """Each pack's random self-play steps/s and MCTS iterations/s here and under ``python``
    (another install, e.g. the previous commit's), in fresh processes, interleaved."""
    me = [sys.executable, str(Path(__file__).resolve())]
    them = [python, str(Path(__file__).resolve())]
    out: dict = {"baseline_python": python}
    for name in names:
        for what, games in (("random", 20 if quick else 100), ("mcts", 0)):
            ours, theirs = [], []
            for r in range(runs):
                spec = json.dumps({"pack": name, "what": what, "games": games, "seed": 1000 + 100 * r if what == "random" else r})
                pair = ((me, ours), (them, theirs)) if r % 2 == 0 else ((them, theirs), (me, ours))
                for cmd, into in pair:
                    done = subprocess.run(cmd + ["--task", spec], capture_output=True, text=True)
                    if done.returncode:
                        raise SystemExit(f"{' '.join(cmd)} --task failed:\n{done.stderr}")
                    into.append(json.loads(done.stdout)["value"])
            key = f"{name}.{'random_steps_per_s' if what == 'random' else 'mcts_iterations_per_s'}"
            ratios = [a / b for a, b in zip(ours, theirs) if b]
            out[key] = {"now": statistics.median(ours), "baseline": statistics.median(theirs),
                        "ratio": statistics.median(ratios) if ratios else None}
    return out


# ---------------------------------------------------------------------------- per pack and startup
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


def startup(runs: int) -> dict:
    """Commands people type, each the minimum of ``runs``: wall time, and CPU time of the
    child (user + system, which a loaded machine does not inflate), each also as a multiple
    of ``python -c pass`` measured in the same loop."""
    import resource

    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    deck = sorted((ROOT / "packs" / "virevolt" / "decks").glob("*.yaml"))
    cmds = {"python -c pass": [sys.executable, "-c", "pass"], "tabletop --help": [exe, "--help"],
            "tabletop packs": [exe, "packs"]}
    if deck:
        cmds["tabletop deckcheck"] = [exe, "deckcheck", "virevolt", str(deck[0])]
    best = {k: float("inf") for k in cmds}
    best_cpu = {k: float("inf") for k in cmds}
    for _ in range(runs):
        for k, cmd in cmds.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            best[k] = min(best[k], time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best_cpu[k] = min(best_cpu[k], used)
    base, base_cpu = best["python -c pass"], best_cpu["python -c pass"]
    return {k: {"s": v, "x_python": v / base, "cpu_s": best_cpu[k],
                "cpu_x_python": best_cpu[k] / base_cpu if base_cpu else None} for k, v in best.items()}


def machine() -> dict:
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(), "load_1min": load}


def fmt(v: float) -> str:
    return f"{v:,.3f}" if abs(v) < 100 else f"{v:,.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", action="append", help="pack(s) to measure (default: all)")
    ap.add_argument("--runs", type=int, default=5, help="runs per figure; the median is reported")
    ap.add_argument("--quick", action="store_true", help="fewer games per run (for a fast look)")
    ap.add_argument("--reference", metavar="PATH",
                    help="a hand-written Volfyirion engine (ref_volfyirion.py, not shipped) to run side by side")
    ap.add_argument("--baseline-python", metavar="PYTHON",
                    help="the interpreter of another install (e.g. the previous commit's) to compare against")
    ap.add_argument("--only", choices=["packs", "reference", "baseline", "startup"], action="append",
                    help="measure only these sections (default: every one that applies)")
    ap.add_argument("--startup-runs", type=int, default=20, help="runs of each command (the minimum is kept)")
    ap.add_argument("--task", help=argparse.SUPPRESS)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "latest.json"))
    args = ap.parse_args(argv)
    if args.task:
        print(json.dumps(task(json.loads(args.task))))
        return 0
    from tabletop.framework.packs import registry

    names = args.pack or sorted(registry().packs)
    only = set(args.only or ["packs", "reference", "baseline", "startup"])
    results: dict = {"machine": machine(), "timer": "CPU time (time.process_time); startup: min wall time"}
    rows: list[tuple[str, str, float]] = []
    if "packs" in only:
        results["packs"] = [bench_pack(n, args.runs, args.quick) for n in names]
        rows += [(p["pack"], k, v) for p in results["packs"] for k, v in p.items() if k != "pack"]
    if args.reference and "reference" in only:
        ref = results["reference"] = compare_reference(args.reference, args.runs, args.quick)
        for k in ("ref_steps_per_s", "steps_per_s", "ratio", "ref_steps_per_game", "steps_per_game",
                  "ref_legal_actions_us", "legal_actions_us", "legal_actions_ratio", "ref_clone_us", "clone_us",
                  "clone_ratio", "ref_apply_us", "apply_us", "apply_ratio"):
            rows.append(("vs reference", k, ref[k]))
    if args.baseline_python and "baseline" in only:
        base = results["baseline"] = compare_baseline(args.baseline_python, names, args.runs, args.quick)
        for k, v in base.items():
            if isinstance(v, dict):
                rows += [("vs baseline", f"{k} now", v["now"]), ("vs baseline", f"{k} before", v["baseline"]),
                         ("vs baseline", f"{k} ratio", v["ratio"] or 0.0)]
    if "startup" in only:
        results["startup"] = startup(args.startup_runs)
        for k, v in results["startup"].items():
            rows += [("startup", f"{k} (wall s)", v["s"]), ("startup", f"{k} (wall x python)", v["x_python"]),
                     ("startup", f"{k} (CPU s)", v["cpu_s"]), ("startup", f"{k} (CPU x python)", v["cpu_x_python"] or 0.0)]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"{'':<13} {'figure':<44} {'median of ' + str(args.runs):>14}")
    for pack, k, v in rows:
        print(f"{pack:<13} {k:<44} {fmt(v):>14}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
