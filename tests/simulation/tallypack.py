"""Tally (tests/framework/toy.py) as a simulation pack: hidden pools, a heuristic, annotations, a greedy bot.

``load_pack("tests.simulation.tallypack:pack")`` finds it in worker processes too.
"""
from __future__ import annotations

from tabletop.framework.state import player_name
from tests.framework.toy import Tally


class SimTally(Tally):
    """Tally with the optional simulation methods of Rules filled in."""

    def hidden_pools(self, state, player):
        pools = [[f"{player_name(player)}.deck"]]
        for p in range(state.nplayers):
            if p != player:
                pn = player_name(p)
                pools.append([f"{pn}.hand", f"{pn}.deck"])
        return pools

    def evaluate(self, state, player):
        target = state.vars["target"]
        mine = state.counters[f"{player_name(player)}.tally"]
        best_other = max(state.counters[f"{player_name(p)}.tally"] for p in range(state.nplayers) if p != player)
        return 0.5 + 0.5 * (mine - best_other) / target

    def annotate(self, state, action):
        if action[0] == "play":
            return {"played": action[1]}
        return None


class GreedyBot:
    """Plays its highest card (Fork counts 2), says yes to Echo, ends the turn when out of cards."""

    name = "greedy"

    def __init__(self, rules, seed=0):
        pass

    def choose(self, rules, state):
        legal = rules.legal_actions(state)
        best, score = legal[0], -1
        for a in legal:
            if a[0] == "play":
                v = 2 if a[1] == "Fork" else (0 if a[1] == "Echo" else int(a[1]))
            elif a in (("yes",), ("choose", "me")):
                v = 10
            else:
                v = -0.5
            if v > score:
                best, score = a, v
        return best


class TallyPack:
    name = "tally"
    ref = "tests.simulation.tallypack:pack"

    def __init__(self):
        self._rules = None

    def rules(self):
        if self._rules is None:
            self._rules = SimTally()
        return self._rules

    def bots(self):
        return {"greedy": GreedyBot}


pack = TallyPack()
