"""OpenSpiel games for every pack with an encoding (extra ``tabletop[rl]``).

Importing this module registers ``python_tabletop_volfyirion`` and
``python_tabletop_virevolt`` with ``pyspiel.register_game``::

    import pyspiel
    import tabletop.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_tabletop_virevolt(players=3,decks=ember+tide+grove)")

How the games are modelled (docs/rl.md says more):

- **Chance** is one explicit chance node at the start: the *deal*, one of ``deals``
  seeds (a parameter, default 10,000), each with probability ``1/deals``. The seed fixes
  every later shuffle and draw, as the engine's one random generator does; no player's
  information state contains it. (The engine shuffles inside its actions, so shuffles
  and draws are not chance nodes of their own: this is OpenSpiel's "sampled chance" made
  explicit at the root.)
- **Players** are seats 0..n-1 (seat 0 is ``p1``); actions are the pack's fixed action
  ids (seats in them relative to the player to move), legal actions sorted ascending.
- **Returns** are terminal and zero-sum: +1 for the winner, -1/(n-1) for each other
  player; 0 for everyone when the game stops at ``max_turns`` turns or ``max_steps``
  actions (so ``max_game_length`` is ``max_steps + 1``).
- **Observations**: the observation tensor is the pack's encoding of the player's view
  (written by the pack's direct observer when it has one, identical by test); the
  observation string is the view as canonical JSON. The information-state string
  adds every action so far as the player learnt it (others' hidden choices masked, e.g.
  "p2: set a trap"); the information-state tensor is the observation tensor (a history of
  hundreds of actions has no fixed size). Public and private observation strings split
  the view into what every player sees alike and what only this one sees.
- ``resample_from_infostate`` redraws what the player cannot see (``Rules.determinize``),
  so OpenSpiel's IS-MCTS works out of the box.

Game parameters are the pack's options, lists written with ``+``
(``variants=mercenary+ploys``, ``decks=ember+tide``), 0 for "random" where an integer
option also takes it (``cities=0``), plus ``max_turns``, ``max_steps`` and ``deals``.
"""
from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import tabletop
from tabletop.framework.actions import format_action
from tabletop.framework.encoding import common, private

#: Parameters (with their defaults) of the games registered here, by pack. An empty
#: string means "the pack's default".
PARAMETERS: dict[str, dict[str, Any]] = {
    "volfyirion": {"variants": "", "mode": "", "first": "", "hidden_asset_top": False, "cities": 1},
    "virevolt": {"players": 2, "decks": "", "first": "", "hand_size": 5, "first_turn_protection": True},
}
COMMON = {"max_turns": 200, "max_steps": 10_000, "deals": 10_000}
LISTS = ("variants", "decks")
#: Integer parameters whose option also takes "random": an OpenSpiel parameter has one type
#: (``cities=2`` is read as an integer), so 0 stands for "random".
ZERO_IS_RANDOM = ("cities",)
#: OpenSpiel's pseudo-players as plain ints (comparing an int with the enum member costs seven times more)
CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)

_TYPES: dict[str, Any] = {}


def short_name(pack: str) -> str:
    """The OpenSpiel name of ``pack``'s game: ``python_tabletop_<pack>``."""
    return f"python_tabletop_{pack}"


def options_of(pack: str, params: dict) -> tuple[dict, int, int, int]:
    """The :func:`tabletop.load` options of OpenSpiel parameters, and the caps and deals."""
    options = {}
    for key, default in PARAMETERS.get(pack, {}).items():
        value = params.get(key, default)
        if value == "" or value == default:
            continue
        if key in ZERO_IS_RANDOM and value == 0:
            value = "random"
        options[key] = value.split("+") if key in LISTS else value
    extra = {k: params.get(k, v) for k, v in COMMON.items()}
    return options, int(extra["max_turns"]), int(extra["max_steps"]), int(extra["deals"])


class _Log:
    """The actions of a game as ``(mover, action)``. Immutable to its holders, so a cloned
    state shares it: appending writes into a buffer shared with earlier logs (which never
    read past their own length) or copies it when another log already extended it."""

    __slots__ = ("buf", "n")

    def __init__(self, buf: list | None = None, n: int = 0) -> None:
        self.buf = buf if buf is not None else []
        self.n = n

    def add(self, mover: int, action) -> "_Log":
        if self.n == len(self.buf):
            self.buf.append((mover, action))
            return _Log(self.buf, self.n + 1)
        return _Log(self.buf[:self.n] + [(mover, action)], self.n + 1)

    @property
    def items(self) -> list:
        return self.buf[:self.n]

    def __len__(self) -> int:
        return self.n

    def __deepcopy__(self, memo) -> "_Log":
        return self

    def __getstate__(self):
        return self.items

    def __setstate__(self, items) -> None:
        self.buf = list(items)
        self.n = len(self.buf)


class _Memo:
    """The legal ids of the current position, kept between ``legal_actions`` and
    ``apply_action``; never copied or pickled."""

    __slots__ = ("ids",)

    def __init__(self) -> None:
        self.ids = None

    def __deepcopy__(self, memo) -> "_Memo":
        return _Memo()

    def __reduce__(self):
        return (_Memo, ())


class _Engine:
    """The game's engine parts a state uses every step, shared by all the states of a game and
    never copied (reaching them through ``get_game()`` is a call into C++ each time). A pickled
    state names its game; unpickling finds the parts again by that name."""

    __slots__ = ("game", "rules", "encoding", "new_state", "from_json")

    def __init__(self, game: "TabletopGame") -> None:
        self.game = str(game)
        self.rules = game.tabletop.rules
        self.encoding = game.encoding
        self.new_state = game.tabletop.new_state
        self.from_json = game.tabletop.from_json

    def __deepcopy__(self, memo) -> "_Engine":
        return self

    def __reduce__(self):
        return (_engine_of, (self.game,))


_ENGINES: dict[str, _Engine] = {}


def _engine_of(game: str) -> _Engine:
    """The shared engine parts of the game ``game`` (its OpenSpiel string)."""
    got = _ENGINES.get(game)
    if got is None:
        got = _ENGINES[game] = _Engine(pyspiel.load_game(game))
    return got


class _Held:
    """A state's engine state (None before the deal), pickled as its JSON (``State.to_json``,
    sets sorted). OpenSpiel's ``serialize()`` is the pickle of the state's attributes, and a set
    pickles in its iteration order, which a copy of the set need not keep: pickled slot by slot,
    a state and its clone would serialize differently."""

    __slots__ = ("parts", "state")

    def __init__(self, parts: _Engine, state=None) -> None:
        self.parts = parts
        self.state = state

    def __deepcopy__(self, memo) -> "_Held":
        return _Held(self.parts, None if self.state is None else self.state.clone())

    def __reduce__(self):
        if self.state is None:
            return (_Held, (self.parts,))
        return (_thaw, (self.parts, json.dumps(self.state.to_json(), separators=(",", ":"))))


def _thaw(parts: _Engine, text: str) -> _Held:
    """The :class:`_Held` state whose JSON is ``text``."""
    return _Held(parts, parts.from_json(text))


class TabletopGame(pyspiel.Game):
    """One pack as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict | None = None, pack: str = "") -> None:
        params = dict(params or {})
        game_type = _TYPES[pack]
        options, self.max_turns, self.max_steps, self.deals = options_of(pack, params)
        if self.deals < 1 or self.max_steps < 1 or self.max_turns < 1:
            raise pyspiel.SpielError("deals, max_steps and max_turns must be at least 1")
        try:
            self.tabletop = tabletop.load(pack, **options)
        except tabletop.Error as e:
            raise pyspiel.SpielError(e.render()) from None
        self.encoding = self.tabletop.encoding
        n = self.tabletop.num_players
        info = pyspiel.GameInfo(num_distinct_actions=self.encoding.actions.size, max_chance_outcomes=self.deals,
                                num_players=n, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=self.max_steps + 1)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> "TabletopState":
        """The state before the deal (a chance node)."""
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TabletopObserver":
        """An observer for observation (default) or information-state tensors and strings."""
        return TabletopObserver(self, iig_obs_type, params)


class TabletopState(pyspiel.State):
    """A game of a pack: before the deal, ``engine`` is None."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._parts = _ENGINES.get(str(game)) or _ENGINES.setdefault(str(game), _Engine(game))
        self._held = _Held(self._parts)
        self.log = _Log()
        self.memo = _Memo()
        # the caps, kept here: OpenSpiel asks current_player() several times a step, and
        # reaching the game object from a state is a call into C++
        self._max_turns = game.max_turns
        self._max_steps = game.max_steps
        self._deals = game.deals

    @property
    def engine(self):
        """The engine state (``tabletop`` ``State``), None before the deal."""
        return self._held.state

    @engine.setter
    def engine(self, state) -> None:
        self._held = _Held(self._parts, state)

    # -- helpers ---------------------------------------------------------------------
    def _game(self) -> TabletopGame:
        return self.get_game()

    def _ids(self) -> dict[int, tuple]:
        memo = self.memo
        if memo.ids is None:
            parts, engine = self._parts, self._held.state
            legal = parts.rules.legal_actions(engine)
            memo.ids = dict(zip(parts.encoding.actions.ids(legal, engine.to_move()), legal))
        return memo.ids

    def _stopped(self) -> bool:
        return self.engine.turn > self._max_turns or self.log.n >= self._max_steps

    # -- the OpenSpiel interface -------------------------------------------------------
    def current_player(self) -> int:
        """Chance before the deal, the seat to move, or terminal."""
        engine = self._held.state  # (not the property: this is asked several times a step)
        if engine is None:
            return CHANCE
        if engine.over or engine.turn > self._max_turns or self.log.n >= self._max_steps:
            return TERMINAL
        return engine.to_move()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions([player])``, answered in Python. The inherited C++
        method asks Python five times per call (terminal? chance? whose turn?) before it
        asks for the ids; algorithms in C++ still go that way, to the same answers."""
        mover = self.current_player()
        if mover < 0:
            return list(range(self._deals)) if mover == CHANCE else []  # the deal, whoever asks (as in C++)
        if player is not None and player != mover:
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        return sorted(self._ids())

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, equally likely."""
        n = self._game().deals
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        parts, engine = self._parts, self._held.state
        if engine is None:
            self.engine = parts.new_state(int(action))
            return
        mover = engine.to_move()
        move = self._ids()[int(action)]
        self.memo.ids = None
        parts.rules.apply(engine, move)
        self.log = self.log.add(mover, move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action}"
        if self.engine is not None and not self.engine.over and player == self.engine.to_move():
            move = self._ids().get(int(action))
            if move is not None:
                return format_action(move)
        return self._game().encoding.actions.name(int(action))

    def is_terminal(self) -> bool:
        """Over, or stopped at the turn or step cap."""
        return self.engine is not None and (self.engine.over or self._stopped())

    def returns(self) -> list[float]:
        """+1 winner, -1/(n-1) others at the end; zeros otherwise."""
        g = self._game()
        if self.engine is None:
            return [0.0] * g.num_players()
        return g.tabletop.returns(self.engine)

    def resample_from_infostate(self, player: int, probability_sampler) -> "TabletopState":
        """A state ``player`` cannot tell from this one: what they cannot see redrawn."""
        from tabletop.framework.rng import Random

        other = self.clone()
        other.memo = _Memo()
        if self.engine is not None:
            seed = int(probability_sampler() * (1 << 62))
            other.engine = self._game().tabletop.rules.determinize(self.engine, player, Random(seed))
        return other

    def __str__(self) -> str:
        if self.engine is None:
            return "before the deal"
        return json.dumps(self._game().tabletop.rules.describe(self.engine), sort_keys=True, separators=(",", ":"))


class TabletopObserver:
    """Observation and information-state tensors and strings, from a player's view."""

    def __init__(self, game: TabletopGame, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.game = game
        self.recall = iig_obs_type.perfect_recall
        single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.kind = ("full" if single and iig_obs_type.public_info
                     else "public" if iig_obs_type.public_info else "private" if single else "none")
        size = game.encoding.layout.size if self.kind == "full" else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self.recall else "observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into ``tensor`` (zeros before the deal)."""
        if not self.tensor.size:
            return
        if state.engine is None:
            self.tensor.fill(0)
            return
        rules = self.game.tabletop.rules
        buf = self.game.encoding.observe_state_bytes(state.engine, player, rules.view)
        self.tensor[:] = np.frombuffer(buf, dtype=np.uint8)

    def string_from(self, state: TabletopState, player: int) -> str:
        """The view as JSON (public or private part for factored observations), with the
        actions so far as ``player`` learnt them when perfect recall is asked for."""
        if state.engine is None:
            return "before the deal"
        rules = self.game.tabletop.rules
        if self.kind == "full":
            shown = rules.view(state.engine, player)
        elif self.kind in ("public", "private"):
            views = [rules.view(state.engine, p) for p in range(state.engine.nplayers)]
            public = common(views)
            if self.kind == "public":
                shown = public
            else:
                shown = private(views[player], public)
                shown = {} if not isinstance(shown, dict) else shown
        else:
            shown = {}
        text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
        if not self.recall:
            return text
        actions = self.game.encoding.actions
        viewer = player if self.kind in ("full", "private") else -1
        seen = [f"{tabletop.player_name(m)}: {actions.public_text(a, m, viewer)}" for m, a in state.log.items]
        return text + "\n" + "\n".join(seen)


def register(pack: str, parameters: dict[str, Any] | None = None) -> str:
    """Register ``pack`` (installed, with an encoding) as ``python_tabletop_<pack>``; return
    that name. ``parameters`` are its options with their defaults (for a pack not listed in
    :data:`PARAMETERS`)."""
    name = short_name(pack)
    if pack in _TYPES:
        return name
    spec = dict(parameters if parameters is not None else PARAMETERS.get(pack, {}))
    spec.update(COMMON)
    probe = tabletop.load(pack)
    rules = probe.rules
    max_players = rules.max_players
    _TYPES[pack] = pyspiel.GameType(
        short_name=name,
        long_name=f"{rules.title or pack} (tabletop)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=spec,
    )

    class Game(TabletopGame):
        def __init__(self, params=None):
            super().__init__(params, pack)

    Game.__name__ = Game.__qualname__ = f"TabletopGame_{pack}"
    pyspiel.register_game(_TYPES[pack], Game)
    return name


for _pack in ("volfyirion", "virevolt"):
    if _pack in tabletop.games():
        register(_pack)
