"""Refit Virevolt's position value (``value.yaml``) from self-play:

    python -m tabletop.packs.virevolt.value_fit --games 6000 --seed 11

Greedy plays greedy over random pairings of the preconstructed decks, with a small share of
random moves so the positions are varied; positions are sampled at decisions, each seen from
both players and labelled with who won (draws and capped games are dropped). A logistic
regression (Newton's method, a little L2, standardised features) is fitted on four games in
five and scored on the fifth; the file records those held-out figures. Same arguments, same file.
A designer who changes the cards or decks refits here; no Python changes.
"""
from __future__ import annotations

import argparse
import math
from pathlib import Path

from tabletop.bots.evaluation import logistic
from tabletop.framework.game import write_atomic
from tabletop.framework.rng import Random
from tabletop.packs.virevolt import value

HELD_OUT = 5          # game g is held out when g % HELD_OUT == 0
MAX_TURNS = 200


def self_play(games: int, seed: int, epsilon: float = 0.1, sample: float = 0.3):
    """``(rows, labels, game ids)`` from ``games`` greedy-vs-greedy games (see the module docstring)."""
    from tabletop.packs.virevolt import deckcheck
    from tabletop.packs.virevolt.bots import GreedyBot
    from tabletop.batches.games import load_pack

    rules = load_pack("virevolt").rules()
    decks = sorted(deckcheck.preconstructed())
    rng = Random(seed)
    rows, labels, ids = [], [], []
    for g in range(games):
        pair = [decks[rng.below(len(decks))], decks[rng.below(len(decks))]]
        s = rules.setup({"decks": pair}, rng.below(1 << 48))
        bots = [GreedyBot(rules, rng.below(1 << 30)) for _ in range(2)]
        seen = []
        while not s.over and s.turn <= MAX_TURNS:
            legal = rules.legal_actions(s)
            if len(legal) > 1 and rng.random() < sample:
                seen.append((value.features(s, 0), value.features(s, 1)))
            if len(legal) > 1 and rng.random() < epsilon:
                a = legal[rng.below(len(legal))]
            else:
                a = bots[s.to_move()].choose(rules, s)
            rules.apply(s, a)
        if not s.over or s.winner is None:
            continue
        for pair_rows in seen:
            for p in (0, 1):
                rows.append(pair_rows[p])
                labels.append(1.0 if s.winner == p else 0.0)
                ids.append(g)
    return rows, labels, ids


def fit(rows, labels, l2: float = 1e-3, steps: int = 25) -> tuple[float, list[float]]:
    """Logistic regression by Newton's method on standardised features: ``(bias, weights)``
    in the features' own units."""
    import numpy as np

    X = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    mu, sd = X.mean(0), X.std(0)
    sd[sd == 0] = 1.0
    Z = np.hstack([(X - mu) / sd, np.ones((len(X), 1))])
    w = np.zeros(Z.shape[1])
    reg = l2 * np.eye(len(w))
    reg[-1, -1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-Z @ w))
        grad = Z.T @ (p - y) / len(y) + reg @ w
        hess = (Z * (p * (1 - p))[:, None]).T @ Z / len(y) + reg
        w -= np.linalg.solve(hess, grad)
    weights = w[:-1] / sd
    return float(w[-1] - (mu * weights).sum()), [float(v) for v in weights]


def score(model: value.Model, rows, labels) -> tuple[float, float]:
    """Held-out log-loss and accuracy of ``model`` on feature rows."""
    loss = hits = 0.0
    for x, y in zip(rows, labels):
        z = model.bias + sum(f * w for f, w in zip(x, model.weights))
        p = min(1 - 1e-6, max(1e-6, logistic(z)))
        loss -= math.log(p) if y else math.log(1 - p)
        hits += (p > 0.5) == (y > 0.5)
    n = max(1, len(labels))
    return loss / n, hits / n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tabletop.packs.virevolt.value_fit", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=value.WEIGHTS_FILE)
    args = ap.parse_args(argv)
    if args.games < HELD_OUT:
        ap.error(f"--games must be at least {HELD_OUT} (one game in {HELD_OUT} is held out)")
    rows, labels, ids = self_play(args.games, args.seed)
    train = [i for i, g in enumerate(ids) if g % HELD_OUT]
    test = [i for i, g in enumerate(ids) if not g % HELD_OUT]
    bias, weights = fit([rows[i] for i in train], [labels[i] for i in train])
    model = value.Model(bias, weights)
    loss, acc = score(model, [rows[i] for i in test], [labels[i] for i in test])
    model.meta = {"fitted_by": f"python -m tabletop.packs.virevolt.value_fit --games {args.games} --seed {args.seed}",
                  "positions": len(train), "held_out_positions": len(test),
                  "held_out_log_loss": round(loss, 4), "held_out_accuracy": round(acc, 4)}
    try:
        write_atomic(args.out, "# Virevolt's position value, fitted to self-play (packs/virevolt/value.py)\n" + model.dump())
    except OSError as e:
        ap.exit(1, f"{ap.prog}: cannot write {args.out}: {e.strerror or e}\n")
    print(f"{args.out}: {len(train)} positions, held out {len(test)}: log-loss {loss:.4f}, accuracy {acc:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
