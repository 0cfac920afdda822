"""PettingZoo environments for every pack with an encoding (extra ``tabletop[rl]``).

::

    from tabletop.rl.pettingzoo import env

    e = env("virevolt", players=4, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- :func:`env` is the turn-based AEC environment, guarded like PettingZoo's classic games:
  an illegal action ends the game with -1 for its author (and 0 for the others), an id
  out of range fails an assertion, and PettingZoo's ``OrderEnforcingWrapper`` enforces the
  order of calls. The first two are built into the environment, with exactly the effect of
  the classic ``TerminateIllegalWrapper`` and ``AssertOutOfBoundsWrapper``, because two more
  wrapper layers cost 40% of the steps per second. :func:`raw_env` is the environment
  without the order wrapper, refusing an illegal action with :class:`tabletop.IllegalAction`.
- :func:`parallel_env` is a parallel environment over the same game: every live agent
  sends an action each step, only the player to move's counts, and the others' one legal
  action is *wait* (id 0). An illegal action of the player to move is ignored (the step
  passes, ``infos[agent]["illegal"]`` is True). ``max_cycles`` caps its steps.

Agents are the seats' names, ``"p1"``, ``"p2"``... (seat 0 is ``"p1"``). The observation of
an agent is ``{"observation": float32 vector, "action_mask": int8 vector}``, built from
its own view only; the mask is all zeros for an agent not to move. Rewards come at the
end: +1 for the winner and -1/(n-1) for each other player (so +1/-1 with two), 0 for all
when the game is truncated at ``max_turns`` turns. ``render_mode="ansi"`` returns the
terminal board as the agent to move sees it.

Keywords are checked when an environment is made (:class:`tabletop.OptionError`, an unknown
one listing the game's options and the environment's); seeds, deals and action ids are
integers, numpy's included, and anything else is refused with a :class:`tabletop.Error`
(``int()`` would read ``1.0`` or ``"1"`` as 1).
"""
from __future__ import annotations

import numbers
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

import tabletop
from tabletop.framework.encoding import WAIT
from tabletop.framework.setups import integer
from tabletop.framework.suggest import did_you_mean
from tabletop.framework.wording import one_of, shown

__all__ = ["env", "raw_env", "parallel_env", "TabletopEnv", "TabletopParallelEnv"]


def _count(name: str, value: Any, least: int = 1) -> int | None:
    """An environment keyword that is None or a whole number >= ``least`` (checked when the
    environment is made, not at the first step that reads it)."""
    n = None if value is None else integer(value)
    if value is not None and (n is None or n < least):
        raise tabletop.OptionError(f"{name} must be a whole number >= {least} or None, not {shown(value)}")
    return n


def _action_id(action: Any) -> int:
    """``action`` as an id: an int or a numpy integer (a float or a string may not stand for one)."""
    n = integer(action)
    if n is None:
        raise tabletop.Error(f"an action id is an integer (an int or a numpy integer), not {shown(action)}")
    return n


def _load(game: str, options: dict, own: tuple[str, ...]) -> "tabletop.Game":
    """``tabletop.load(game, **options)``. The game's options and the environment's keywords
    come through one call, so an unknown keyword is refused naming both."""
    try:
        return tabletop.load(game, **options)
    except tabletop.OptionError:
        schema = getattr(tabletop.load(game).rules, "options_schema", None) or {}
        known = list(dict.fromkeys(["players", *schema.get("properties", {})]))
        unknown = [k for k in options if k not in known]
        if not unknown:
            raise
        key = str(unknown[0])
        raise tabletop.OptionError(
            f"unknown option {shown(key)}{did_you_mean(key, known + list(own))} (options of {game}: "
            f"{one_of(known, 'and')}; of the environment: {one_of(own, 'and')})") from None


class _Core:
    """What both environment kinds share: the game, its encoding, spaces and seeds."""

    def __init__(self, game: str, options: dict, max_turns: Any, own: tuple[str, ...]) -> None:
        self.max_turns = _count("max_turns", max_turns)
        self.game = _load(game, options, own)
        self.encoding = self.game.encoding
        self.rules = self.game.rules
        n = self.game.num_players
        self.names = [tabletop.player_name(i) for i in range(n)]
        self.seat = {name: i for i, name in enumerate(self.names)}
        size = self.encoding.actions.size
        obs = spaces.Dict({
            "observation": spaces.Box(0, 255, (self.encoding.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.names}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.names}
        self._seeds: random.Random | None = None
        self.state = None
        self._legal: tuple | None = None
        self._seen: dict[int, bytearray] = {}
        # the calls of every step, bound once
        self._view = self.rules.view
        self._legal_actions, self._apply = self.rules.legal_actions, self.rules.apply
        self._ids, self._encode, self._size = self.encoding.actions.ids, self.encoding.observe_state_bytes, size

    def new_game(self, seed: Any, options: dict | None) -> None:
        if seed is not None:
            n = integer(seed)
            if n is None:
                raise tabletop.Error(f"a seed is an integer or None, not {shown(seed)}")
            self._seeds = random.Random(n)
        elif self._seeds is None:
            self._seeds = random.Random()
        deal = (options or {}).get("deal")
        if deal is None:
            deal = self._seeds.randrange(2 ** 62)
        else:
            n = integer(deal)
            if n is None or n < 0:
                raise tabletop.Error(f"reset option 'deal' must be a whole number >= 0, not {shown(deal)}")
            deal = n
        self.state = self.game.new_state(deal)
        self._legal = None
        self._seen = {}

    def legal(self) -> tuple[list, list[int]]:
        """The legal actions and their ids, for the player to move (kept until the next step)."""
        got = self._legal
        if got is None:
            state = self.state
            legal = self._legal_actions(state)
            got = self._legal = (legal, self._ids(legal, state.to_move()) if legal else [])
        return got

    def observe(self, seat: int) -> dict:
        """``seat``'s observation: a fresh float32 vector (encoded once per step and seat, by
        the pack's direct observer, else from its view) and a fresh int8 mask of its legal ids
        (all zeros when it is not to move)."""
        state = self.state
        buf = self._seen.get(seat)
        if buf is None:
            buf = self._seen[seat] = self._encode(state, seat, self._view)
        mask = bytearray(self._size)
        pending = state.pending
        if not state.over and seat == (state.active if pending is None else pending.player):
            for i in self.legal()[1]:
                mask[i] = 1
        return {"observation": np.frombuffer(buf, np.uint8).astype(np.float32), "action_mask": np.frombuffer(mask, np.int8)}

    def play(self, action_id: int) -> bool:
        """Apply the action with this id if it is legal; return whether it was."""
        legal, ids = self.legal()
        try:
            k = ids.index(action_id)
        except ValueError:
            return False
        self._apply(self.state, legal[k])
        self._legal = None
        self._seen = {}
        return True

    def to_move(self) -> str | None:
        """The agent to move next, or None when the game is over or truncated."""
        state = self.state
        if state.over or (self.max_turns is not None and state.turn > self.max_turns):
            return None
        pending = state.pending
        return self.names[state.active if pending is None else pending.player]

    def truncated(self) -> bool:
        return not self.state.over and self.max_turns is not None and self.state.turn > self.max_turns

    def returns(self) -> dict[str, float]:
        return dict(zip(self.names, self.game.returns(self.state)))

    def board(self) -> str:
        return self.game.board(self.state, self.state.to_move())


class TabletopEnv(AECEnv):
    """The turn-based AEC environment of one game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "tabletop_v0", "is_parallelizable": False}

    def __init__(self, game: str = "volfyirion", render_mode: str | None = None, max_turns: int | None = 200,
                 illegal_reward: float | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise tabletop.OptionError(f"render_mode must be None or 'ansi', not {shown(render_mode)}")
        if illegal_reward is not None and (isinstance(illegal_reward, bool)
                                           or not isinstance(illegal_reward, numbers.Real)):
            raise tabletop.OptionError(f"illegal_reward must be a number or None, not {shown(illegal_reward)}")
        self._core = _Core(game, options, max_turns, ("render_mode", "max_turns", "illegal_reward"))
        self.illegal_reward = illegal_reward
        self.metadata = {**self.metadata, "name": f"tabletop_{self._core.game.name}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self._core.names)
        self.agents = []
        self.observation_spaces = self._core.observation_spaces
        self.action_spaces = self._core.action_spaces

    @property
    def game(self) -> "tabletop.Game":
        """The :class:`tabletop.Game` being played."""
        return self._core.game

    @property
    def state(self):
        """The engine state of the current game (omniscient: for tools, never for agents)."""
        return self._core.state

    def observation_space(self, agent: str) -> spaces.Space:
        """``Dict(observation=Box, action_mask=Box)`` (docs/rl.md gives the layout)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(N)``: the pack's fixed action numbering."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; the same ``seed`` deals the same game (and the same sequence of
        games over later resets without a seed); ``options={"deal": n}`` deals the game
        OpenSpiel's chance outcome ``n`` deals (``tabletop.load(...).new_state(n)``)."""
        core = self._core
        core.new_game(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = core.names[core.state.to_move()]

    def observe(self, agent: str) -> dict:
        """``agent``'s observation and action mask, from its own view."""
        return self._core.observe(self._core.seat[agent])

    def last(self, observe: bool = True) -> tuple:
        """``(observation, cumulative reward, termination, truncation, info)`` of the agent to
        move, as ``AECEnv.last`` gives them (read directly: an agent calls this every step)."""
        agent = self.agent_selection
        core = self._core
        return (core.observe(core.seat[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        """Take the action with id ``action`` for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core = self._core
        size = core._size
        if action is not None and type(action) is not int:
            action = _action_id(action)
        assert action is not None and 0 <= action < size, f"action {action!r} is not an id of Discrete({size})"
        self._cumulative_rewards[agent] = 0.0
        if not core.play(action):
            if self.illegal_reward is not None:
                self._illegal(agent)
                return
            raise tabletop.IllegalAction(f"action {action} ({core.encoding.actions.name(action)}) "
                                         f"is not legal for {agent} now")
        mover = core.to_move()
        if mover is not None:
            # rewards stay the zeros they have been since reset: only the end pays
            self.agent_selection = mover
            return
        if core.state.over:
            self.rewards = core.returns()
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()

    def _illegal(self, agent: str) -> None:
        """What PettingZoo's TerminateIllegalWrapper does: the game ends, the author of the
        illegal action gets ``illegal_reward``, everyone else 0."""
        EnvLogger.warn_on_illegal_move()
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The board as the agent to move sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode; create the env with render_mode='ansi'")
            return None
        return self._core.board()

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str = "volfyirion", **kwargs: Any) -> TabletopEnv:
    """The unwrapped AEC environment of ``game`` (options as for :func:`tabletop.load`)."""
    return TabletopEnv(game, **kwargs)


def env(game: str = "volfyirion", **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game``, guarded like PettingZoo's classic games: an illegal
    action ends the game with ``illegal_reward`` (default -1) for its author, ids out of
    range fail an assertion, and the order of calls is enforced. ``max_turns`` (default 200)
    truncates long games; ``render_mode="ansi"``; any other keyword is an option of the
    game (``variants``, ``players``, ``decks``...)."""
    kwargs.setdefault("illegal_reward", -1)
    return _OrderEnforcing(raw_env(game, **kwargs))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, with ``last()`` and ``step()`` reaching the
    environment's attributes directly rather than through two ``__getattr__`` layers per
    attribute (a third of the environment's own cost per step). The checks are the
    wrapper's: reading before ``reset()`` fails as it does, stepping after the end warns."""

    def last(self, observe: bool = True) -> tuple:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


class TabletopParallelEnv(ParallelEnv):
    """The parallel environment of one game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "tabletop_parallel_v0"}

    def __init__(self, game: str = "volfyirion", render_mode: str | None = None, max_turns: int | None = 200,
                 max_cycles: int | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise tabletop.OptionError(f"render_mode must be None or 'ansi', not {shown(render_mode)}")
        self.max_cycles = _count("max_cycles", max_cycles)
        self._core = _Core(game, options, max_turns, ("render_mode", "max_turns", "max_cycles"))
        self.metadata = {**self.metadata, "name": f"tabletop_{self._core.game.name}_parallel_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self._core.names)
        self.agents = []
        self.observation_spaces = self._core.observation_spaces
        self.action_spaces = self._core.action_spaces
        self._cycles = 0

    def observation_space(self, agent: str) -> spaces.Space:
        """``Dict(observation=Box, action_mask=Box)``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(N)``; id 0 (*wait*) is what an agent not to move sends."""
        return self.action_spaces[agent]

    def _observations(self) -> dict:
        core = self._core
        mover = core.state.to_move()
        out = {}
        for a in self.agents:
            seat = core.seat[a]
            out[a] = obs = core.observe(seat)
            if seat != mover or core.state.over:
                obs["action_mask"][WAIT] = 1
        return out

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game: observations and infos of every agent (``seed`` and
        ``options={"deal": n}`` as for the AEC environment)."""
        self._core.new_game(seed, options)
        self.agents = list(self.possible_agents)
        self._cycles = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the action of the player to move (the others' are ignored)."""
        core = self._core
        mover = core.names[core.state.to_move()]
        infos: dict = {a: {} for a in self.agents}
        action = actions.get(mover)
        if action is not None and type(action) is not int:
            action = _action_id(action)
        if action is None or not core.play(action):
            infos[mover]["illegal"] = True
        self._cycles += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        truncations = dict.fromkeys(self.agents, False)
        if core.state.over:
            rewards = core.returns()
            terminations = dict.fromkeys(self.agents, True)
        elif core.truncated() or (self.max_cycles is not None and self._cycles >= self.max_cycles):
            truncations = dict.fromkeys(self.agents, True)
        observations = self._observations()
        if core.state.over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The board as the agent to move sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self._core.board()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game: str = "volfyirion", **kwargs: Any) -> TabletopParallelEnv:
    """The parallel environment of ``game``: ``max_cycles`` caps its steps, ``max_turns``
    the game's turns; any other keyword is an option of the game."""
    return TabletopParallelEnv(game, **kwargs)
