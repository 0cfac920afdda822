"""Do the bots hand out wins? A batch of bot games that also watches every hero kept or lost.

    python -m tabletop.packs.virevolt.audit --bots greedy,greedy -n 200 --deck-pool ember,tide,grove,prism
    python -m tabletop.packs.virevolt.audit --bots mcts,greedy -n 200 --think 1 --workers 2
    python -m tabletop.packs.virevolt.audit --bots mcts:6700,greedy -n 50 --first 50 --out part2.json
    python -m tabletop.packs.virevolt.audit --merge part1.json part2.json ...

Games are seeded, seated and dealt exactly as by ``tabletop simulate`` (same seed, same
games). For each game it records the winner, and whether the game ended by VIR-WIN-04 (an
attack on a player with no hero in play); for those, whether the loser *had a hero-keeping
alternative on its previous turn*: it ended that turn with no hero in play although, at one
of its decisions in that turn, another legal action would have left it with one (other
players letting the action resolve, :func:`~tabletop.packs.virevolt.ai.keeps_hero`). The
count of such games is the number of wins the bots handed out. Two-player games only (the
loser's previous turn is then the turn before the winning attack). ``--first`` starts at
another game index, so a long batch can run in parts whose ``--out`` files ``--merge`` sums.
"""
from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tabletop.packs.virevolt.ai import heroes_in_play, keeps_hero
from tabletop.packs.virevolt.keys import KEYS


def play(args: tuple) -> dict:
    """Play game ``index`` of the batch; return its record."""
    bots, seed, index, think, iterations, pool, max_steps = args
    from tabletop.framework.packs import registry
    from tabletop.batches.games import bot_factory, game_seed, pool_decks, seat_bots

    pack = registry().get("virevolt")
    rules = pack.rules()
    gseed = game_seed(seed, index)
    options = {"decks": pool_decks(index, len(bots), 2, tuple(pool))} if pool else {}
    state = rules.setup(options, gseed)
    who = seat_bots(index, len(bots), state.nplayers)
    players = [bot_factory(pack, bots[b], rules)(rules, (gseed * 31 + s + 1) & ((1 << 62) - 1), think=think,
                                                   iterations=iterations) for s, b in enumerate(who)]
    dropped: dict[int, int] = {}        # turn -> player who let go of a hero it could keep
    heroless_end: dict[int, int] = {}   # turn -> player who ended it with no hero in play
    win04 = None
    steps = 0
    searched: list[int] = []            # iterations of each move a searching bot searched
    while not state.over and steps < max_steps:
        mover = state.to_move()
        action = players[mover].choose(rules, state)
        its = getattr(players[mover], "last_iterations", 0)
        if its:
            searched.append(its)
        if mover == state.active and heroes_in_play(state, mover) <= 1 and \
                not keeps_hero(rules, state, action, mover) and \
                any(keeps_hero(rules, state, a, mover) for a in rules.legal_actions(state)):
            dropped[state.turn] = mover
        if action[0] == "attack":
            q = int(action[1][1:]) - 1
            if not heroes_in_play(state, q):
                win04 = (state.turn, q)
        if action == ("next",) and state.phase == "secondary" and state.pending is None \
                and not heroes_in_play(state, mover):
            heroless_end[state.turn] = mover
        rules.apply(state, action)
        steps += 1
    handed = False
    if win04 is not None and state.over:
        turn, loser = win04
        handed = heroless_end.get(turn - 1) == loser and dropped.get(turn - 1) == loser
    return {"index": index, "seed": gseed, "seats": [bots[b] for b in who], "decks": options.get("decks"),
            "winner": state.winner if state.over else None, "turns": state.turn,
            "win04": None if win04 is None else KEYS[win04[1]].name, "handed_out": handed,
            "searched_moves": len(searched), "iterations": sum(searched)}


def summary(records: list[dict], bots: list[str]) -> dict:
    from tabletop.batches.report import wilson

    out: dict = {"games": len(records)}
    for label in dict.fromkeys(bots):
        n = sum(1 for r in records if label in r["seats"])
        k = sum(1 for r in records if r["winner"] is not None and r["seats"][r["winner"]] == label)
        lo, hi = wilson(k, n)
        out[label] = {"wins": k, "games": n, "rate": k / n if n else None, "ci95": [lo, hi]}
    out["ended_by_VIR-WIN-04"] = sum(1 for r in records if r["win04"])
    moves = sum(r["searched_moves"] for r in records)
    if moves:
        out["iterations_per_searched_move"] = round(sum(r["iterations"] for r in records) / moves)
    out["handed_out"] = [r["index"] for r in records if r["handed_out"]]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tabletop.packs.virevolt.audit", description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="greedy,greedy")
    ap.add_argument("-n", "--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--think", type=float, default=None)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--deck-pool", default="ember,tide,grove,prism")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=20_000)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to run a batch in parts)")
    ap.add_argument("--out", type=Path, default=None, help="write the records and the summary as JSON here")
    ap.add_argument("--merge", type=Path, nargs="+", default=None, help="sum the records of these --out files")
    a = ap.parse_args(argv)
    bots = [b.strip() for b in a.bots.split(",")]
    if a.merge:
        records = [r for f in a.merge for r in json.loads(f.read_text(encoding="utf-8"))["records"]]
        labels = list(dict.fromkeys(name for r in records for name in r["seats"]))
        print(json.dumps(summary(sorted(records, key=lambda r: r["index"]), labels), indent=1))
        return 0
    pool = [d.strip() for d in a.deck_pool.split(",") if d.strip()]
    jobs = [(bots, a.seed, i, a.think, a.iterations, pool, a.max_steps) for i in range(a.first, a.first + a.games)]
    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as ex:
            records = list(ex.map(play, jobs, chunksize=1))
    else:
        records = [play(j) for j in jobs]
    result = summary(records, bots)
    print(json.dumps(result, indent=1))
    if a.out is not None:
        a.out.write_text(json.dumps({"summary": result, "records": records}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
