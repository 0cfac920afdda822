"""Deck tuning: a search over legal one-card swaps, each measured by simulated matchups.

Every round starts from the current deck and
1. *screens* each legal swap (card out, card in; the pack's deck rules list them) on a small
   block of games against every opponent deck from both seats, on the same games as the current
   deck (common random numbers: game ``i`` of a block has the same seed whichever deck plays it,
   so the difference between two decks is measured game by game, not drowned in the noise of
   different shuffles);
2. *confirms* the few best-screened swaps on a larger, fresh block of games (fresh, so the luck
   that made a swap look good in screening does not count twice);
3. keeps the best confirmed swap only if its paired win-rate gain beats its 95% interval (the
   lower bound is above zero); otherwise the search stops: no swap it could try beats the deck.
The budget (games or minutes) is checked before each block; the confirmation of a round is
reserved before its screening starts. Everything is seeded: the same seed, decks and budget in
games give the same swaps, whatever runs the games (local processes or Dask).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from tabletop.batches.games import game_seed, prepare
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import N_, card_name, gettext, in_figures
from tabletop.framework.rng import Random

Z95 = 1.959963984540054


@dataclass
class Swap:
    """One kept swap and what it did: the paired win-rate gain on its confirmation block."""

    out: str
    into: str
    gain: float
    ci95: tuple[float, float]
    games: int
    win_rate: float          # the deck's win rate with the swap, on that block

    def to_json(self) -> dict:
        return {"out": self.out, "in": self.into, "gain": self.gain, "ci95": list(self.ci95), "games": self.games,
                "win_rate": self.win_rate}


@dataclass
class TuneResult:
    start: dict
    best: dict
    swaps: list = field(default_factory=list)
    start_win_rate: float | None = None
    games: int = 0
    seconds: float = 0.0
    rounds: int = 0
    screened: int = 0
    stopped: str = ""

    def to_json(self) -> dict:
        return {"start": self.start, "best": self.best, "swaps": [s.to_json() for s in self.swaps],
                "start_win_rate": self.start_win_rate, "games": self.games, "seconds": self.seconds,
                "rounds": self.rounds, "screened": self.screened, "stopped": self.stopped}


def paired_gain(new: list[int], base: list[int]) -> tuple[float, tuple[float, float]]:
    """The mean of ``new[g] - base[g]`` (wins, 0 or 1, game by game) and its 95% interval."""
    n = len(new)
    if n == 0:
        return 0.0, (-1.0, 1.0)
    d = [a - b for a, b in zip(new, base)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 1.0
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


class Tuner:
    """The search (see the module docstring) for one deck against ``against`` (label -> deck).

    ``swaps(deck) -> [(out, in), ...]`` lists the legal swaps of a deck (name -> copies);
    ``run(batches) -> records`` plays ``(config, games)`` batches (an :class:`~tabletop.framework.
    backends.Executor`'s ``run``)."""

    def __init__(self, pack, against: dict, swaps: Callable, run: Callable, bots: list[str],
                 seed: int = 0, screen: int = 4, confirm: int = 40, finalists: int = 3,
                 max_turns: int | None = 200, budget_games: int | None = None,
                 budget_seconds: float | None = None, on_progress: Callable[[str], None] | None = None) -> None:
        if not against:
            raise TabletopError(gettext('give at least one deck to tune against (--against)'))
        if screen < 1 or confirm < 2:
            raise TabletopError(gettext(
                'screening needs at least 1 game and confirmation 2 games per seat and opponent'))
        self.pack, self.against, self.swaps, self._run = pack, dict(against), swaps, run
        self.bots, self.seed, self.screen, self.confirm = list(bots), seed, screen, confirm
        self.finalists, self.max_turns = finalists, max_turns
        self.budget_games, self.budget_seconds = budget_games, budget_seconds
        self.say = on_progress or (lambda text: None)
        self.games = 0
        self.t0 = 0.0

    # ------------------------------------------------------------------ measuring
    def _configs(self, deck: dict, seed: int) -> list:
        cards = [name for name, n in deck.items() for _ in range(n)]
        out = []
        for opp in self.against.values():
            for decks in ([cards, opp], [opp, cards]):
                out.append(prepare(self.pack, self.bots, seed=seed, options={"decks": decks},
                                   max_turns=self.max_turns))
        return out

    def measure(self, decks: list[dict], seed: int, games: int) -> list[list[int]]:
        """For each deck, its wins (1/0) game by game on the block ``seed`` (``games`` per seat and
        opponent): the same games for every deck."""
        batches = []
        for deck in decks:
            batches += [(c, games) for c in self._configs(deck, seed)]
        records = self._run(batches)
        self.games += sum(len(r) for r in records)
        per = 2 * len(self.against)
        out = []
        for k in range(len(decks)):
            wins = []
            for b in range(per):
                seat = b % 2  # the tuned deck sits in seat 1, then seat 2, against each opponent
                wins += [int(r["winner"] == seat) for r in records[k * per + b]]
            out.append(wins)
        return out

    def _cost(self, decks: int, games: int) -> int:
        return decks * games * 2 * len(self.against)

    def _affordable(self, games: int) -> bool:
        if self.budget_games is not None and self.games + games > self.budget_games:
            return False
        if self.budget_seconds is not None and self.games:
            rate = (time.perf_counter() - self.t0) / self.games
            if time.perf_counter() - self.t0 + rate * games > self.budget_seconds:
                return False
        return True

    # ------------------------------------------------------------------ the search
    def tune(self, deck: dict[str, int]) -> TuneResult:
        self.t0 = time.perf_counter()
        result = TuneResult(dict(deck), dict(deck))
        current = dict(deck)
        rng = Random(self.seed)
        rnd = 0
        while True:
            rnd += 1
            screen_seed = game_seed(self.seed, 2 * rnd)
            confirm_seed = game_seed(self.seed, 2 * rnd + 1)
            reserve = self._cost(self.finalists + 1, self.confirm)
            if not self._affordable(self._cost(1, self.screen) + reserve):
                result.stopped = N_("budget spent")
                break
            candidates = self.swaps(current)
            order = list(range(len(candidates)))
            for i in range(len(order) - 1, 0, -1):  # a seeded shuffle: a cut budget screens a fair sample
                j = rng.below(i + 1)
                order[i], order[j] = order[j], order[i]
            candidates = [candidates[i] for i in order]
            base = self.measure([current], screen_seed, self.screen)[0]
            scores = []
            cut = False
            step = 16
            for start in range(0, len(candidates), step):
                part = candidates[start:start + step]
                if not self._affordable(self._cost(len(part), self.screen) + reserve):
                    part = part[:max(0, len(part) - 1)]
                    while part and not self._affordable(self._cost(len(part), self.screen) + reserve):
                        part = part[:-1]
                    if not part:
                        cut = True
                        break
                wins = self.measure([_swapped(current, s) for s in part], screen_seed, self.screen)
                for s, w in zip(part, wins):
                    scores.append((paired_gain(w, base)[0], s))
                result.screened += len(part)
                self.say(gettext("round {round}: screened {done}/{total} swaps").format(
                    round=rnd, done=min(start + step, len(candidates)), total=len(candidates)))
            best = [s for g, s in rank(scores) if g > 0][:self.finalists]
            if not best:
                result.stopped = N_("budget spent") if cut else N_("no swap gained in screening")
                result.rounds = rnd
                break
            measured = self.measure([current] + [_swapped(current, s) for s in best], confirm_seed, self.confirm)
            base_c = measured[0]
            if result.start_win_rate is None:
                result.start_win_rate = sum(base_c) / len(base_c)
            gains = [(paired_gain(w, base_c), s, w) for s, w in zip(best, measured[1:])]
            (gain, ci), swap, w = max(gains, key=lambda x: x[0][0])
            result.rounds = rnd
            self.say(gettext("round {round}: best {out} -> {into}: {gain}").format(
                round=rnd, out=card_name(swap[0]), into=card_name(swap[1]),
                gain=in_figures(f"{gain:+.1%} [{ci[0]:+.1%}, {ci[1]:+.1%}]")))
            if ci[0] <= 0:
                result.stopped = N_("no swap beat its interval")
                break
            current = _swapped(current, swap)
            result.swaps.append(Swap(swap[0], swap[1], gain, ci, len(w), sum(w) / len(w)))
        result.best = current
        result.games = self.games
        result.seconds = time.perf_counter() - self.t0
        return result


def rank(scores: list[tuple[float, tuple[str, str]]]) -> list[tuple[float, tuple[str, str]]]:
    """Screened swaps best first. A swap's screening block is small, so its own score is noisy; the
    effect of taking a card out (or putting one in) is shared by every swap with that card, so each
    swap is ranked by the mean of its own score and the additive estimate ``out + in - overall``
    from the means of all swaps sharing its cards (pooling many blocks: far less noise)."""
    if not scores:
        return []
    overall = sum(g for g, _ in scores) / len(scores)
    outs: dict = {}
    ins: dict = {}
    for g, (o, i) in scores:
        outs.setdefault(o, []).append(g)
        ins.setdefault(i, []).append(g)
    mean = {k: sum(v) / len(v) for k, v in outs.items()}
    mean_in = {k: sum(v) / len(v) for k, v in ins.items()}
    ranked = [((g + mean[o] + mean_in[i] - overall) / 2, (o, i)) for g, (o, i) in scores]
    return sorted(ranked, key=lambda x: -x[0])


def _swapped(deck: dict[str, int], swap: tuple[str, str]) -> dict[str, int]:
    out, new = dict(deck), swap[1]
    out[swap[0]] -= 1
    if not out[swap[0]]:
        del out[swap[0]]
    out[new] = out.get(new, 0) + 1
    return out
