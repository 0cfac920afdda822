"""OpenSpiel's IS-MCTS against a random player, on Virevolt through ``pyspiel``.

    python examples/rl/openspiel_ismcts.py --games 10 --simulations 20

IS-MCTS searches information sets: at each decision it samples states consistent with
what it knows (``resample_from_infostate``: the opponent's hand and every deck redrawn)
and grows one tree over them, keyed by its information-state string. With a few
simulations per move it already beats random play almost always.
"""
from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

import tabletop.rl.openspiel  # noqa: F401  (registers python_tabletop_volfyirion and _virevolt)


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="python_tabletop_virevolt(max_turns=40)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=20, help="IS-MCTS simulations per move")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.game)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    wins = draws = 0
    for g in range(args.games):
        seat = g % game.num_players()          # IS-MCTS takes every seat in turn
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(game.num_players())]
        search = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng)
        # redraw the hidden cards with our generator (OpenSpiel's default sampler is seeded
        # at random, which would make the run irreproducible)
        search.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
        bots[seat] = search
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(outcomes, p=probs))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        result = state.returns()[seat]
        wins += result > 0
        draws += result == 0
        print(f"game {g + 1}: IS-MCTS in seat {seat} {'won' if result > 0 else 'drew' if result == 0 else 'lost'}")
    print(f"IS-MCTS ({args.simulations} simulations/move) won {wins} of {args.games} games against random "
          f"({draws} unfinished at the turn cap)")
    return {"wins": wins, "games": args.games, "draws": draws}


if __name__ == "__main__":
    main()
