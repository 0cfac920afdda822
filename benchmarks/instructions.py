"""Instructions a random step executes, here and in a hand-written engine: counts, not times.

    python benchmarks/instructions.py                                   # Volfyirion: a step, and by kind of action
    python benchmarks/instructions.py --reference PATH/ref_volfyirion.py --games 8
    python benchmarks/instructions.py --pack virevolt --no-kinds

Needs valgrind. CPU times on a shared two-core machine move by a tenth from one run to the next,
so a change worth 2% of a step cannot be seen in them. The instructions the interpreter executes
(callgrind's ``Ir``) do not move: the same code, seeds and ``PYTHONHASHSEED`` give the same count
whatever else the machine is doing. Each figure is the difference between two runs of this script
under callgrind that differ only in the part measured, divided by how many times that part ran, so
the imports, the compilation of the cards and the set-ups cancel out:

- *a step*: random self-play as ``benchmarks/run.py --reference`` plays it (deals 1000, 1001...,
  200 turns at most): ``--games`` games more after as many played first, against those alone;
- *by kind*: the states of ``--games`` random games, each cloned before the action a random player
  took there. Every run applies every action once to a clone of its state (and lists the legal
  actions there), so that each code path's one-time costs (the interpreter specialising its
  bytecode, a lazy import) are paid in every run; a kind's run then applies that kind's actions
  again to fresh clones, or lists the legal actions again. Kinds seen fewer than 30 times are
  not counted. "A step" is a kind's instructions times its share of the steps. With
  ``--reference``, the hand-written engine's kinds are counted the same way on its own games, and
  the kinds both engines have are compared.

An instruction is not a unit of time: a step of ours also runs at more cycles per instruction than
the reference's (more objects, more cache misses). Use the counts to see what a change does;
``benchmarks/run.py`` gives the figures the targets are measured by. Not a test: nothing asserts.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLLECTED = re.compile(r"Collected : (\d+)")
MIN_SAMPLES = 30  # a kind seen fewer times is not counted alone


def child(pack: str, argv: list[str]) -> dict:
    """The measured part, in this process: ``selfplay ENGINE WARM COUNT [REFERENCE]`` (WARM games,
    then COUNT games counted) or ``kind KIND GAMES [REFERENCE]`` (every kind applied once, then
    KIND again; the hand-written engine's states when REFERENCE is given)."""
    sys.path.insert(0, str(HERE))
    import run
    from tabletop.framework.packs import registry

    rules = registry().get(pack).rules()
    options = dict(getattr(rules, "benchmark_options", {}) or {})
    if argv[0] == "selfplay":
        engine = run.reference_engine(argv[4])[0] if argv[1] == "reference" else run.project_engine(rules, options)
        warm, count = int(argv[2]), int(argv[3])
        run.selfplay(engine, warm, 1000, lambda s: s.turn)
        steps, _ = run.selfplay(engine, count, 1000 + warm, lambda s: s.turn)
        return {"steps": steps}
    kind, games = argv[1], int(argv[2])
    if len(argv) > 3:
        engine, mod = run.reference_engine(argv[3])
        samples = sampled(run, engine, games, lambda s, a: reference_kind(mod, s, a))
    else:
        engine = run.project_engine(rules, options)
        samples = sampled(run, engine, games, our_kind)
    legal, apply, clone = engine.legal, engine.apply, engine.clone
    for s, a, _ in samples:  # the first pass, in every run: each path's one-time costs are paid here
        clone(s)
        legal(s)
        apply(clone(s), a)
    copies = [(clone(s), a, k) for s, a, k in samples]  # made in every run, so that their making cancels
    if kind == "legal actions":
        for s, _, _ in copies:
            legal(s)
    elif kind:
        for s, a, k in copies:
            if k == kind:
                apply(s, a)
    counts: dict[str, int] = {}
    for _, _, k in samples:
        counts[k] = counts.get(k, 0) + 1
    return {"counts": counts, "states": len(samples)}


def our_kind(state, action) -> str:
    """An action's kind: its verb, or answering the question a card asks."""
    return "answer a decision" if state.pending is not None else action[0]


#: the hand-written engine's kinds (its ``action_kind``) under the names of ours where they are the
#: same action; its "activate" is any secondary ability of a card, Remove Abilities included
REFERENCE_KINDS = {"place": "play", "activate card": "activate", "activate troop": "activate",
                   "activate building": "activate", "refresh-row-one": "refresh", "refresh-row-all": "refresh",
                   "move volfyirion city": "move volfyirion", "move volfyirion lair": "move volfyirion"}


def reference_kind(mod, state, action: int) -> str:
    if state.pend:
        return "answer a decision"
    k = mod.action_kind(action)
    return REFERENCE_KINDS.get(k, k)


def sampled(run, engine, games: int, kind_of) -> list:
    """Every state of ``games`` random games of ``engine`` (cloned), the action taken there and its
    kind (``run`` is benchmarks/run.py, whose turn cap the games keep)."""
    out = []
    legal, apply, clone, over, choose = engine.legal, engine.apply, engine.clone, engine.over, engine.choose
    for g in range(games):
        state = engine.new_game(1000 + g)
        last = state.turn + run.TURN_CAP
        while not over(state) and state.turn < last:
            acts = legal(state)
            action = acts[choose(len(acts))]
            out.append((clone(state), action, kind_of(state, action)))
            apply(state, action)
    return out


def measure(pack: str, args: list[str], cache: str) -> tuple[int, dict]:
    """(instructions, the child's answer) of one run of the child under callgrind, with the user
    cache ``cache`` (this run's own: another installation running beside it rewrites the shared
    one, and a parse table built again is millions of instructions in one run and not the other)."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", XDG_CACHE_HOME=cache)
    done = run_child(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"], pack, args, env)
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def run_child(prefix: list[str], pack: str, args: list[str], env: dict) -> subprocess.CompletedProcess:
    """Run this script's child part (under ``prefix``); a child that fails ends the benchmark
    with what it printed, not with a traceback of this process."""
    done = subprocess.run([*prefix, sys.executable, __file__, "--pack", pack, "--child", *args],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"instructions.py: the child run {' '.join(args)!r} failed:\n{done.stderr[-2000:]}")
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="volfyirion", help="the game (default volfyirion)")
    ap.add_argument("--reference", metavar="PATH", help="the hand-written engine (ref_volfyirion.py; Volfyirion only)")
    ap.add_argument("--games", type=int, default=8, help="random games per figure (default 8)")
    ap.add_argument("--no-kinds", action="store_true", help="only the instructions of a whole step")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.pack, args.child)))
        return 0
    if args.reference and args.pack != "volfyirion":
        print("--reference: the hand-written engine plays Volfyirion only", file=sys.stderr)
        return 1
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="tabletop-instructions-") as cache:
        return report(args, cache)


def report(args: argparse.Namespace, cache: str) -> int:
    """Run every measurement with the user cache ``cache`` and print the figures."""
    g = str(args.games)
    run_child([], args.pack, ["selfplay", "tabletop", "0", "0"], dict(os.environ, XDG_CACHE_HOME=cache))  # filled first
    jobs = {"warm": ["selfplay", "tabletop", g, "0"], "ours": ["selfplay", "tabletop", g, g]}
    engines = {"": []}  # by-kind prefix: the kind runs' extra arguments
    if args.reference:
        jobs["ref warm"] = ["selfplay", "reference", g, "0", args.reference]
        jobs["ref"] = ["selfplay", "reference", g, g, args.reference]
        engines["ref "] = [args.reference]
    if not args.no_kinds:
        for prefix, extra in engines.items():
            jobs[f"{prefix}kind:"] = ["kind", "", g, *extra]
            jobs[f"{prefix}kind:legal actions"] = ["kind", "legal actions", g, *extra]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        def one(job: list[str]) -> tuple[int, dict]:
            return measure(args.pack, job, cache)

        got = dict(zip(jobs, pool.map(one, jobs.values())))
        more = {}
        for prefix, extra in engines.items():
            if f"{prefix}kind:" in got:
                more.update({f"{prefix}kind:{k}": ["kind", k, g, *extra]
                             for k, n in got[f"{prefix}kind:"][1]["counts"].items() if n >= MIN_SAMPLES})
        got.update(zip(more, pool.map(one, more.values())))
    steps = got["ours"][1]["steps"]
    per_step = (got["ours"][0] - got["warm"][0]) / steps
    print(f"instructions a random {args.pack} step (callgrind Ir, {args.games} games after {args.games} warm-up games):")
    print(f"  tabletop   {per_step:9,.0f}   ({steps:,} steps)")
    if args.reference:
        ref_steps = got["ref"][1]["steps"]
        ref = (got["ref"][0] - got["ref warm"][0]) / ref_steps
        print(f"  reference  {ref:9,.0f}   ({ref_steps:,} steps; tabletop {per_step / ref:.2f}x)")
    if args.no_kinds:
        return 0
    tables = {}
    for prefix, title in (("", "tabletop"), ("ref ", "the reference")):
        if f"{prefix}kind:" in got:
            tables[prefix] = by_kind(got, prefix)
            print_kinds(title, *tables[prefix])
    if "ref " in tables:
        ours, ref = tables[""][1], tables["ref "][1]
        print("tabletop ÷ reference, by kind both count (instructions each; a step):")
        for k, (each, share) in sorted(ours.items(), key=lambda r: -r[1][0] * r[1][1]):
            if k in ref:
                print(f"  {k:20} {each / ref[k][0]:6.2f}x each   {each * share / (ref[k][0] * ref[k][1]):6.2f}x a step")
    return 0


def by_kind(got: dict, prefix: str) -> tuple[int, dict, dict]:
    """(states, {kind: (instructions each, share of the steps)}, {rare kind: count}) of one engine's kind runs."""
    none, answer = got[f"{prefix}kind:"]
    states, counts = answer["states"], answer["counts"]
    rows = {"legal actions": ((got[f"{prefix}kind:legal actions"][0] - none) / states, 1.0)}
    rows.update({k: ((got[f"{prefix}kind:{k}"][0] - none) / n, n / states) for k, n in counts.items() if n >= MIN_SAMPLES})
    return states, rows, {k: n for k, n in counts.items() if n < MIN_SAMPLES}


def print_kinds(title: str, states: int, rows: dict, rare: dict) -> None:
    print(f"{title} by kind ({states:,} states; 'a step': each kind's share of the steps):")
    for k, (each, share) in sorted(rows.items(), key=lambda r: -r[1][0] * r[1][1]):
        print(f"  {k:20} {round(share * states):6} x {each:8,.0f} each = {each * share:7,.0f} a step")
    if rare:
        print(f"  not counted (fewer than {MIN_SAMPLES} of each): " + ", ".join(f"{k} ({n})" for k, n in sorted(rare.items())))


if __name__ == "__main__":
    raise SystemExit(main())
