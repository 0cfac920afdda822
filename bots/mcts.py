"""An information-set Monte Carlo tree search bot that works for every pack.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, 2012). The bot never reads what its
player cannot see: each iteration

1. samples a *determinization* — a full state consistent with the player's information —
   with :meth:`Rules.determinize` (by default: the pack's :meth:`Rules.hidden_pools`
   redealt and the game's generator reseeded, see :mod:`tabletop.framework.determinize`);
2. descends one shared tree whose edges are actions (hashable tuples, so the same move in
   two determinizations is the same edge), choosing among the actions legal in *this*
   determinization by UCB1 with availability counts (plus, when the pack names a
   :meth:`Rules.preferred_action`, a bonus ``prior_weight / (visits + 1)`` for it — asked at
   every visit, or with ``prior_once`` only the first time the search chooses among a
   node's children, in that iteration's determinization: a costly prior then takes far
   less of each iteration), and adds one new node;
3. plays out from there with :meth:`Rules.rollout_action` (random by default) for at most
   ``rollout_depth`` actions, and, with ``rollout_turns`` = k, only until turn
   ``root turn + k`` begins (so every cut-off is scored at the same point of the game);
4. scores the end from each mover's perspective: a win 1, a loss 0, a draw 0.5, an
   unfinished playout :meth:`Rules.evaluate` (a pack heuristic in [0, 1]) or 0.5 without one;
5. backs the score up the path, each node scored for the player who chose its action.

An action the pack calls safe (:meth:`Rules.safe_action`, e.g. playing a card whose points
are free) is played at once without search, and taken without a tree node wherever it
comes up inside the tree, so the iterations go to the real choices.

Three optional hooks only save time, and must change nothing: :meth:`Rules.evaluate_all` scores
every player of a playout's end at once, and :meth:`Rules.safe_action_now` and
:meth:`Rules.rollout_action_now` give the safe action and the playout's move without listing
the legal actions.

An action that wins at once (tried on one determinization) is played without search.
The move played otherwise is the most visited root action. Strength is set by
``iterations`` or by ``think`` (seconds per move); with ``think`` the number of iterations
depends on the machine, so only ``iterations`` gives reproducible games. A game's
:attr:`Rules.mcts_settings` gives its defaults for the other options (:func:`factory`).
"""
from __future__ import annotations

import math
import time

from tabletop.framework.actions import Action
from tabletop.bots.evaluation import outcome
from tabletop.framework.rng import Random
from tabletop.framework.rules import Rules

DEFAULT_ITERATIONS = 300
DEFAULT_ROLLOUT_DEPTH = 80
DEFAULT_EXPLORATION = 0.7
DEFAULT_PRIOR_WEIGHT = 0.5
_UNSET = object()  # a node whose favourite is not computed yet


class Node:
    """One tree node: the statistics of the action that led here, for the player who chose it."""

    __slots__ = ("mover", "children", "visits", "total", "avail", "favourite")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.favourite: Action | None | object = _UNSET


class MCTSBot:
    """See the module docstring. ``choose`` is the whole interface."""

    name = "mcts"

    def __init__(self, rules, seed: int = 0, iterations: int | None = None, think: float | None = None,
                 rollout_depth: int = DEFAULT_ROLLOUT_DEPTH, exploration: float = DEFAULT_EXPLORATION,
                 rollout_turns: int | None = None, prior_weight: float = DEFAULT_PRIOR_WEIGHT,
                 prior_once: bool = False) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if think is not None and think <= 0:
            raise ValueError("think must be a positive number of seconds")
        self.iterations = iterations if iterations is not None else (None if think is not None else DEFAULT_ITERATIONS)
        self.think = think
        self.rollout_depth = rollout_depth
        if rollout_turns is not None and rollout_turns < 1:
            raise ValueError("rollout_turns must be at least 1")
        self.rollout_turns = rollout_turns
        self.prior_weight = prior_weight
        self.prior_once = prior_once
        self.c = exploration
        self.rng = Random(seed)
        self.last_iterations = 0
        self.last_root: Node | None = None

    # ------------------------------------------------------------------ the interface
    def choose(self, rules, state) -> Action:
        """The move for the player to move: the most visited after the search (a safe or an
        immediately winning move is taken without searching)."""
        legal = rules.legal_actions(state)
        if not legal:
            raise ValueError("no legal action to choose: the game is over")
        legal = rules.candidate_actions(state, legal)
        if len(legal) == 1:
            return legal[0]
        safe = rules.safe_action if type(rules).safe_action is not Rules.safe_action else None
        if safe is not None:
            a = safe(state, legal)
            if a is not None:
                self.last_iterations = 0
                self.last_root = Node(-1)  # answered without search
                return a
        me = state.to_move()
        win = self._winning_action(rules, state, legal, me)
        if win is not None:
            self.last_iterations = 0
            self.last_root = Node(-1)
            return win
        root = Node(-1)
        deadline = time.perf_counter() + self.think if self.think is not None else None
        limit = self.iterations
        random_rollout = type(rules).rollout_action is Rules.rollout_action
        prior = (rules.preferred_action if type(rules).preferred_action is not Rules.preferred_action
                 and self.prior_weight > 0 else None)
        has_eval = type(rules).evaluate is not Rules.evaluate
        eval_all = type(rules).evaluate_all is not Rules.evaluate_all
        allowed = frozenset(legal)  # the root's candidates: the search spends nothing on the others
        n = 0
        while True:
            if limit is not None and n >= limit:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(rules, state, me, root, random_rollout, has_eval, safe, prior, allowed, eval_all)
            n += 1
        self.last_iterations = n
        self.last_root = root
        best, best_visits = legal[0], -1
        for a in legal:  # ties go to the first legal action: deterministic
            child = root.children.get(a)
            if child is not None and child.visits > best_visits:
                best, best_visits = a, child.visits
        return best

    def _winning_action(self, rules, state, legal, me: int):
        """The first legal action that wins at once in a determinization, or None. MCTS alone
        is indifferent between winning now and winning a few moves later, and the later win
        may be missed by the playouts."""
        sample = rules.determinize(state, me, self.rng)
        for a in legal:
            s = sample.clone()
            rules.apply(s, a)
            if s.over and s.winner == me:
                return a
        return None

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, rules, root_state, me: int, root: Node, random_rollout: bool, has_eval: bool,
                 safe=None, prior=None, allowed: frozenset | None = None, eval_all: bool = False) -> None:
        rng = self.rng
        state = rules.determinize(root_state, me, rng)
        legal_actions, apply = rules.legal_actions, rules.apply
        quick = (rules.safe_action_now if safe is not None and type(rules).safe_action_now is not Rules.safe_action_now
                 else None)
        node = root
        path = [root]
        c = self.c
        log = math.log
        sqrt = math.sqrt
        # selection and expansion
        while not state.over:
            if quick is not None and node is not root:
                a = quick(state)
                if a is not None:  # safe, found without listing the legal actions
                    apply(state, a)
                    continue
            legal = legal_actions(state)
            if not legal:
                break
            if node is root and allowed is not None:
                legal = [a for a in legal if a in allowed] or legal
            if safe is not None and len(legal) > 1:
                a = safe(state, legal)
                if a is not None:  # no decision to learn here: take it and go on
                    apply(state, a)
                    continue
            mover = state.to_move()
            children = node.children
            untried = []
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(mover)
                child.avail = 1
                children[a] = child
                apply(state, a)
                path.append(child)
                break
            best_a, best_v = None, -1.0
            if prior is None:
                favourite = None
            elif self.prior_once:
                favourite = node.favourite
                if favourite is _UNSET:
                    favourite = node.favourite = prior(state, legal)
            else:
                favourite = prior(state, legal)
            for a in legal:
                ch = children[a]
                v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if a == favourite:  # progressive bias: fades as the action is visited
                    v += self.prior_weight / (ch.visits + 1)
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a]
            apply(state, best_a)
            path.append(node)
        # playout
        depth = self.rollout_depth
        steps = 0
        stop_turn = root_state.turn + self.rollout_turns if self.rollout_turns is not None else None
        if stop_turn is not None and state.turn >= stop_turn:
            depth = 0
        if random_rollout:
            below = rng.below
            while not state.over and steps < depth:
                legal = legal_actions(state)
                if not legal:
                    break
                apply(state, legal[below(len(legal))] if len(legal) > 1 else legal[0])
                steps += 1
                if stop_turn is not None and state.turn >= stop_turn:
                    break
        else:
            policy = rules.rollout_action
            now = rules.rollout_action_now if type(rules).rollout_action_now is not Rules.rollout_action_now else None
            while not state.over and steps < depth:
                if now is not None:
                    a = now(state, rng)
                    if a is not None:  # the policy's answer, found without listing the legal actions
                        apply(state, a)
                        steps += 1
                        if stop_turn is not None and state.turn >= stop_turn:
                            break
                        continue
                legal = legal_actions(state)
                if not legal:
                    break
                apply(state, policy(state, legal, rng) if len(legal) > 1 else legal[0])
                steps += 1
                if stop_turn is not None and state.turn >= stop_turn:
                    break
        # scoring and backpropagation
        if len(path) > 1:
            scores = _rewards(rules, state, has_eval, eval_all)
            for nd in path[1:]:
                p = nd.mover
                r = scores[p]
                if r is None:
                    r = scores[p] = _reward(rules, state, p, has_eval)
                nd.visits += 1
                nd.total += r
        root.visits += 1


def _rewards(rules, state, has_eval: bool, eval_all: bool) -> list:
    """The players' scores of a playout's end, in seat order, where one call gives them all (a
    finished game, or a pack that evaluates every player at once); else None for each, and
    :func:`_reward` scores only the players the path needs."""
    if state.over:
        return [outcome(state, p) for p in range(state.nplayers)]
    if has_eval and eval_all:
        return [0.5 if v is None else min(1.0, max(0.0, float(v))) for v in rules.evaluate_all(state)]
    return [None] * state.nplayers


def _reward(rules, state, player: int, has_eval: bool) -> float:
    if has_eval:
        v = rules.evaluate(state, player)
        if v is not None:
            return min(1.0, max(0.0, float(v)))
    return 0.5


def factory(rules, seed: int = 0, iterations: int | None = None, think: float | None = None, **kwargs) -> MCTSBot:
    """The bot-factory signature every pack's ``tabletop_bots`` uses, with MCTS's strength options.
    The game's :attr:`Rules.mcts_settings` give the defaults of the other options."""
    options = {**(getattr(rules, "mcts_settings", None) or {}), **kwargs}
    return MCTSBot(rules, seed, iterations=iterations, think=think, **options)
