"""A game pack with its options, as one object: states, actions, views, bots, simulations.

:func:`load` gives a :class:`Game`; a :class:`Game` makes states and plays them. States
are plain data (:class:`tabletop.State`): :meth:`Game.apply` changes one in place,
``state.clone()`` copies it cheaply, and states pickle (card definitions by reference to
their pack, so the pack must be installed where they are unpickled) and round-trip
through JSON (:meth:`Game.to_json`, :meth:`Game.from_json`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tabletop.framework.actions import Action, ActionSyntaxError, format_action
from tabletop.framework.errors import OptionError, StateError, TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.setups import integer
from tabletop.framework.wording import shown
from tabletop.players import player_id

if TYPE_CHECKING:
    from tabletop.decks import DeckReport
    from tabletop.framework.game import Game as Session
    from tabletop.framework.state import State
    from tabletop.simulation import Simulation

BotSpec = Any
"""A bot: a name the pack knows (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:500"``,
``"scripted:FILE"``), an importable ``"module:Class"``, a bot class or factory called with
``(rules, seed)``, or an object with ``choose(rules, state)``."""


def _seed(seed: Any) -> int:
    """``seed`` as a Python int: any integer type is a seed (numpy's too); a bool, a float or a
    string is a mistake, refused in plain words."""
    n = integer(seed)
    if n is None:
        raise TabletopError(f"a seed is an integer, not {seed!r}")
    return n


def checked_state(state: Any) -> "State":
    """``state`` if it is a game state; else a :class:`tabletop.Error` in plain words, where a
    ``None`` or a dict would have failed deep inside with an ``AttributeError``."""
    from tabletop.framework.state import State

    if not isinstance(state, State):
        raise TabletopError(gettext(
            "a state is a tabletop.State (from game.new_state(seed) or game.from_json(data)), not {value}").format(
            value=shown(state)))
    return state


def _games_count(n: Any) -> int:
    """``n``, a number of games to play: a whole number of at least 1 (of any integer type)."""
    k = integer(n)
    if k is None:
        raise TabletopError(gettext("n, the number of games, is a whole number such as 100, not {value}").format(
            value=shown(n)))
    if k < 1:
        raise TabletopError(gettext("n, the number of games, must be at least 1, not {value}").format(value=shown(k)))
    return k


def _limit(value: Any, name: str, optional: bool = False) -> None:
    """A count such as ``max_turns``: a whole number of at least 1 (or None when ``optional``)."""
    if value is None and optional:
        return
    k = integer(value)
    if k is None or k < 1:
        raise TabletopError(gettext("{name} is a whole number of at least 1, not {value}").format(
            name=name, value=shown(value)))


def _callback(value: Any, name: str) -> None:
    if value is not None and not callable(value):
        raise TabletopError(gettext("{name} is a function (or None), not {value}").format(name=name, value=shown(value)))


def games() -> list[str]:
    """The names of the installed games (one per pack), e.g. ``["virevolt", "volfyirion"]``."""
    from tabletop.framework.packs import registry

    return sorted(registry().packs)


def load(name: str, **options: Any) -> "Game":
    """The game ``name`` with ``options`` (checked now: bad options raise
    :class:`tabletop.OptionError`).

    Options are the pack's: Volfyirion takes ``variants`` (a list, or ``["all"]``), ``mode``
    (``"extended"``), ``first`` (``"p1"``, ``"p2"``, ``"random"``) and ``hidden_asset_top``;
    Virevolt takes ``players`` (2 to 4), ``decks`` (one per seat: a preconstructed deck's
    name, a deck file, or a deck given as a mapping or a list of card names, each checked by
    the deck rules), ``first`` and ``hand_size``. Every pack takes ``players``.
    """
    from tabletop.framework.packs import registry

    if not isinstance(name, str):
        raise TabletopError(f"a game is named by a string such as 'volfyirion', not {name!r}")
    return Game(registry().get(name), options)


@dataclass
class PlayedGame:
    """A game played to its end (or its turn cap) by :meth:`Game.play`."""

    state: "State"
    """The final state."""
    actions: list[Action] = field(default_factory=list)
    """Every action taken, in order (``format_action`` writes each in the notation)."""
    seed: int = 0
    """The seed of the game."""

    @property
    def winner(self) -> int | None:
        """The winning seat, or None (unfinished or drawn)."""
        return self.state.winner if self.state.over else None

    @property
    def turns(self) -> int:
        """The number of the turn the game ended in (the first turn is 1)."""
        return self.state.turn

    @property
    def capped(self) -> bool:
        """True if the turn or step cap stopped the game before it ended."""
        return not self.state.over


class Game:
    """One game pack with fixed options (made by :func:`load`).

    The methods mirror OpenSpiel's: :meth:`new_state`, :meth:`legal_actions`,
    :meth:`apply`, :meth:`current_player`, :meth:`is_terminal`, :meth:`returns`. Players
    are seat numbers (``0`` is ``"p1"``); every method taking a player takes a name too.
    """

    def __init__(self, pack, options: dict | None = None) -> None:
        opts = dict(options or {})
        players = opts.pop("players", None)
        self.pack = pack
        """The pack (``tabletop.framework.packs.Pack``): its cards, bots, hooks."""
        self.name: str = pack.name
        """The pack's name, e.g. ``"volfyirion"``."""
        self.rules = pack.rules()
        """The engine's rules object (``tabletop.framework.rules.Rules``) the methods call."""
        self.options: dict = opts
        """The options every new state is set up with (``players`` apart)."""
        self._players = players
        self.num_players: int = self._setup(0).nplayers
        """How many players a state of this game has."""

    def __reduce__(self) -> tuple:
        # by reference: the pack's modules do not pickle, and are loaded again where unpickled
        return _load_again, (self.name, self.options, self._players)

    def __deepcopy__(self, memo) -> "Game":
        return self  # nothing of a game changes once loaded: the copy may be the game itself

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<tabletop.Game {self.name} ({self.num_players} players{', ' + opts if opts else ''})>"

    def _own(self, state: Any) -> "State":
        """``state`` if it is a state of this game: a state of another game (or no state at all) is
        refused in plain words, where the rules would fail deep inside on a zone they do not know."""
        checked_state(state)
        if state.game != self.name:
            raise TabletopError(gettext("this is a state of {game}, not of {name}: give it to tabletop.load({game!r})").format(
                game=state.game, name=self.name))
        return state

    def _setup(self, seed: int) -> "State":
        from tabletop.framework.setups import check_options

        try:
            return self.rules.setup(check_options(self.rules, dict(self.options), self._players), seed, self._players)
        except TabletopError:
            raise
        except (ValueError, KeyError, TypeError) as e:
            shown = ", ".join(f"{k}={v!r}" for k, v in {**self.options, "players": self._players}.items()
                              if v is not None) or "no options"
            raise OptionError(f"cannot set up {self.name} with {shown}: {e}") from None

    # ------------------------------------------------------------------ states
    @property
    def cards(self):
        """The pack's card set (``.cards`` lists every definition, ``["Name"]`` finds one)."""
        return self.rules.cards

    def new_state(self, seed: int) -> "State":
        """A new game, shuffled and dealt from ``seed``, ready for the first action.
        The same seed and the same actions always give the same game."""
        return self._setup(_seed(seed))

    def clone(self, state: "State") -> "State":
        """An independent copy of ``state`` (the same as ``state.clone()``)."""
        return self._own(state).clone()

    def to_json(self, state: "State") -> dict:
        """``state`` as JSON-ready data; :meth:`from_json` rebuilds it exactly."""
        return self._own(state).to_json()

    def from_json(self, data: dict | str) -> "State":
        """The state ``data`` describes (a dict from :meth:`to_json`, or its JSON text)."""
        from tabletop.framework.state import State

        if isinstance(data, str):
            from tabletop.framework.errors import LocatedError
            from tabletop.framework.userfiles import load_json

            try:  # bounded (depth, numbers, duplicate keys): 100,000 nested brackets raised a RecursionError
                data = load_json(data, "state")[0]
            except LocatedError as e:
                raise StateError(e.render()) from None
        if not isinstance(data, dict):
            raise StateError(f"a state is a JSON object, not {type(data).__name__}")
        if data.get("game") != self.name:
            raise StateError(f"this is a state of {data.get('game')!r}, not of {self.name!r}")
        try:
            return State.from_json(data, self.rules.cards.by_name)
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, TabletopError):
                raise
            raise StateError(f"damaged state data: {type(e).__name__}: {e}") from None

    # ------------------------------------------------------------------ playing
    def current_player(self, state: "State") -> int | None:
        """The seat that must act now (the one a pending decision waits for, even in
        another player's turn), or None once the game is over."""
        return None if self._own(state).over else state.to_move()

    def is_terminal(self, state: "State") -> bool:
        """Whether the game is over."""
        return self._own(state).over

    def legal_actions(self, state: "State") -> list[Action]:
        """Every action the player to move may take now (empty once the game is over)."""
        return self.rules.legal_actions(self._own(state))

    def apply(self, state: "State", action: Action | str) -> Action:
        """Take ``action`` in ``state`` (changed in place) and return it as a tuple.

        ``action`` is a tuple from :meth:`legal_actions` or its text (``"end turn"``, case
        and spacing forgiven). An action that is not legal now raises
        :class:`tabletop.IllegalAction` naming the legal ones; text that is no action of
        this game raises :class:`tabletop.ActionSyntaxError`.
        """
        self._own(state)
        if isinstance(action, str):
            action = self.rules.find_action(state, action)
        elif isinstance(action, list):
            action = tuple(action)
        elif not isinstance(action, tuple):
            raise TabletopError(f"an action is a tuple from legal_actions() or its text, not {action!r}")
        self.rules.apply_checked(state, action)
        return action

    def action_to_string(self, action: Action) -> str:
        """The notation of ``action``, e.g. ``"acquire asset 3"``."""
        if not isinstance(action, (tuple, list)) or not action or not isinstance(action[0], str):
            raise TabletopError(gettext(
                "an action is a tuple from legal_actions(), e.g. ('end turn',), not {value}").format(value=shown(action)))
        return format_action(tuple(action))

    def parse_action(self, text: str, state: "State | None" = None) -> Action:
        """The action written ``text``. With ``state``, the legal action it names there
        (:class:`tabletop.IllegalAction` if none); without, only its syntax is checked."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action is written as a text, e.g. 'end turn', not {text!r}")
        if state is not None:
            return self.rules.find_action(self._own(state), text)
        return self.rules.parse(text)

    def view(self, state: "State", player: int | str) -> dict:
        """What ``player`` may know of ``state``: the only thing a fair bot or a screen uses.
        Other players' hands and secret cards, and every deck's order, are left out.
        Players appear in it under their names (``"p1"``...), as on screen."""
        return self.rules.view(state, player_id(player, self._own(state).nplayers))

    def board(self, state: "State", player: int | str) -> str:
        """The terminal board drawn from ``player``'s view."""
        draw = self.pack.board()
        if draw is None:
            raise TabletopError(f"{self.name} draws no board")
        return draw(self.view(state, player))

    def winner(self, state: "State") -> int | None:
        """The winning seat, or None while the game goes on (or if it ended without one)."""
        return state.winner if self._own(state).over else None

    def returns(self, state: "State") -> list[float]:
        """Each seat's score: 0 for everyone until the game ends with a winner, then +1 for
        the winner and -1/(n-1) for each other player (-1 with two players): zero-sum."""
        n = self._own(state).nplayers
        if not state.over or state.winner is None:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == state.winner else lose for p in range(n)]

    # ------------------------------------------------------------------ bots
    def bot_names(self) -> list[str]:
        """The bots this pack offers by name (``mcts:N`` and ``scripted:FILE`` too)."""
        from tabletop.batches.games import bot_names

        return bot_names(self.pack)

    def bot(self, spec: BotSpec = "random", seed: int = 0, *, think: float | None = None,
            iterations: int | None = None):
        """A bot for this game, seeded: a name the pack knows (``"greedy"``, ``"mcts:500"``),
        an importable ``"module:Class"``, a class or factory (called with ``(rules, seed)``),
        or an object with ``choose`` (returned as it is). ``think`` (seconds per move) and
        ``iterations`` set the strength of bots that search."""
        from tabletop.bots.interface import bot_maker, is_import_name
        from tabletop.batches.games import make_bot

        seed = _seed(seed)
        _limit(iterations, "iterations", optional=True)
        from tabletop.batches.games import MAX_ITERATIONS

        if iterations is not None and iterations > MAX_ITERATIONS:
            raise TabletopError(gettext("iterations is at most {most}, not {value}").format(
                most=MAX_ITERATIONS, value=shown(iterations)))
        if think is not None and (isinstance(think, bool) or not isinstance(think, (int, float)) or not 0 < think < 1e9):
            raise TabletopError(gettext("think is a number of seconds above 0, not {value}").format(value=shown(think)))
        if isinstance(spec, str) and not is_import_name(spec):
            return make_bot(self.pack, spec, seed, think=think, iterations=iterations)
        if hasattr(spec, "choose") and not isinstance(spec, type):
            return spec
        return bot_maker(spec)(self.rules, seed)

    def play(self, bots: BotSpec | Sequence[BotSpec], seed: int = 0, *, max_turns: int | None = None,
             max_steps: int = 100_000, on_action: Callable[["State", Action], Any] | None = None) -> PlayedGame:
        """Play one game between ``bots`` (one per seat, in seat order; a single bot plays
        every seat) from ``seed`` to its end, or for at most ``max_turns`` turns and
        ``max_steps`` actions. ``on_action(state, action)`` is called before each action."""
        specs = [bots] if isinstance(bots, str) or not isinstance(bots, Sequence) else list(bots)
        seed = _seed(seed)
        _limit(max_turns, "max_turns", optional=True)
        _limit(max_steps, "max_steps")
        _callback(on_action, "on_action")
        state = self.new_state(seed)
        n = state.nplayers
        if len(specs) not in (1, n):
            raise TabletopError(f"{self.name} is played by {n} here: give 1 or {n} bots, not {len(specs)}")
        seats = [self.bot(specs[s % len(specs)], (seed * 31 + s + 1) & ((1 << 62) - 1)) for s in range(n)]
        actions: list[Action] = []
        rules = self.rules
        while not state.over and len(actions) < max_steps:
            if max_turns is not None and state.turn > max_turns:
                break
            action = seats[state.to_move()].choose(rules, state)
            if on_action is not None:
                on_action(state, action)
            rules.apply_checked(state, action)
            actions.append(action)
        return PlayedGame(state, actions, seed)

    def simulate(self, bots: BotSpec | Sequence[BotSpec] = "random", n: int = 100, workers: int | str = 1, backend: str = "local", *,
                 seed: int = 0, max_turns: int | None = 200, address: str | None = None,
                 think: float | None = None, iterations: int | None = None,
                 deck_pool: Sequence[str] | None = None,
                 on_progress: Callable[[int], Any] | None = None) -> "Simulation":
        """Play ``n`` games (at least 1) between ``bots`` (default: random play in every seat)
        and return their records and win rates.

        Bot A sits in seat ``i % len(bots)`` of game ``i`` (the list rotates each game).
        ``workers`` processes (a number or ``"auto"``) on this machine (``backend="local"``)
        or on Dask (``backend="dask"``, a new local cluster or the scheduler at ``address``).
        Bots given as objects, classes or ``"module:Class"`` are sent to every worker and
        made there (an import name is imported by each worker), so they need no registration.
        The same ``seed`` gives the same records whatever runs them.
        """
        from tabletop.batches.backends import resolve_workers
        from tabletop.bots.interface import bot_label, is_import_name
        from tabletop.batches.games import prepare
        from tabletop.batches.runner import simulate
        from tabletop.simulation import Simulation

        seed = _seed(seed)
        n = _games_count(n)
        _callback(on_progress, "on_progress")
        if address is not None and not isinstance(address, str):
            raise TabletopError(gettext("address is a Dask scheduler's address such as 'tcp://host:8786', not {value}").format(
                value=shown(address)))
        if not isinstance(backend, str):
            raise TabletopError(gettext("backend is 'local' or 'dask', not {value}").format(value=shown(backend)))
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            bots = [bots]
        specs: list[str] = []
        custom: dict[str, Any] = {}
        for b in bots:
            if isinstance(b, str) and not is_import_name(b):
                specs.append(b)
                continue
            label = base = bot_label(b)
            k = 2
            while label in custom and custom[label] is not b:
                label = f"{base} #{k}"
                k += 1
            custom[label] = b
            specs.append(label)
        options = dict(self.options)
        if self._players is not None and self.rules.min_players != self.rules.max_players:
            options["players"] = self._players
        config = prepare(self.pack, specs, seed=seed, options=options, max_turns=max_turns, think=think,
                         iterations=iterations, deck_pool=list(deck_pool) if isinstance(deck_pool, (list, tuple)) else deck_pool,
                         custom=custom)
        batch = simulate(config, n, resolve_workers(workers), backend, address, on_progress=on_progress)
        return Simulation(batch)

    # ------------------------------------------------------------------ for learning agents
    @property
    def encoding(self):
        """The pack's fixed action numbering and observation layout for this number of
        players (``tabletop.framework.encoding.Encoding``; docs/rl.md documents both)."""
        enc = self.pack.encoding(self.num_players)
        if enc is None:
            raise TabletopError(f"{self.name} has no encoding for learning agents")
        return enc

    def action_ids(self, state: "State") -> list[int]:
        """The ids of the legal actions (in the order of :meth:`legal_actions`) in the
        pack's fixed action space, for the player to move."""
        return self.encoding.actions.ids(self.rules.legal_actions(self._own(state)), state.to_move())

    def observation(self, state: "State", player: int | str):
        """``player``'s observation tensor (float32): what their view holds, nothing more
        (written by the pack's direct observer when it has one; docs/rl.md)."""
        return self.encoding.observe_state(state, player_id(player, self._own(state).nplayers), self.rules.view)

    # ------------------------------------------------------------------ more
    def session(self, seed: int) -> "Session":
        """A game session from ``seed``: an action log with undo, saved and loaded as files
        (what ``tabletop play`` uses)."""
        from tabletop.framework.game import Game as Session

        seed = _seed(seed)
        self.new_state(seed)  # the options are checked here, with a clean error
        return Session(self.rules, self.options, seed, self._players)

    def check_deck(self, deck: Any) -> "DeckReport":
        """Check a deck against this game's deck rules (see :func:`tabletop.check_deck`)."""
        from tabletop.decks import check_deck

        return check_deck(self.name, deck)


def _load_again(name: str, options: dict, players: int | None) -> Game:
    """The game :meth:`Game.__reduce__` pickled: ``name`` loaded with the same options."""
    return load(name, **options, **({} if players is None else {"players": players}))
