"""The state of one game: plain data, cheap to clone, exact to serialise.

Cards in a game are small integers (instance ids) indexing ``state.cards``, the shared,
immutable list of their definitions. Everything that changes lives in a handful of
containers:

- ``zones``: ordered lists of instance ids by zone key (``"p1.hand"``, ``"asset_deck"``),
  the last item being the top of a pile;
- ``slots``: places that hold at most one card (an Asset Row space, a City's Troop), one
  instance id each or -1 when empty, named by the game's :class:`Layout`;
- ``counters``: integers by key (``"p1.battle"``, ``"p2.tokens"``);
- ``marks``: sets of instance ids by mark name (``"sealed"``, ``"gained"``, ``"poison"``);
- ``values``: integers per instance by name (``"damage"``);
- ``vars``: immutable scalars and tuples by key (where the dragon is, first-turn options).

``events`` holds announced events not yet answered (:mod:`tabletop.framework.triggers`);
``listen`` is the set of events some card of this game answers, derived from the cards;
``tables`` is whatever the pack derives once from the game's ``cards`` to read them fast (flat
per-instance columns such as every card's cost, :class:`Layout`), shared by every copy of the
game and never saved.

The pack chooses the keys and which places are slots; the framework only copies, serialises
and shows them. A place is named the same way whichever it is (``"row3"``, ``"p2.city1.troop"``):
:meth:`State.cards_in` reads any place, :mod:`tabletop.framework.zones` moves cards between
any two, and the JSON lists a slot as a zone of zero or one card. ``log`` is not part of the
game: it is where narration goes while someone watches (framework/narration.py).
"""
from __future__ import annotations

from typing import Any

from tabletop.framework.narration import current as current_log

FORMAT_VERSION = 1
EMPTY = -1  # an empty slot


class Layout:
    """The shape a pack gives its states: its slots, and the tables it reads its cards through.

    A place that never holds two cards costs a whole list as a zone: one more object to copy
    at every clone and a list to test at every look. A pack names such places once, in the
    order it likes; the slot of ``names[i]`` is ``state.slots[i]``. ``tables``, if given, builds
    ``state.tables`` from a game's card list (``tables(cards)``); the pack sets it when it deals
    a game, and :meth:`State.from_json` rebuilds it. Layouts are registered by game name
    (:meth:`register`), so a state read back from JSON finds its own.
    """

    __slots__ = ("names", "index", "tables")
    known: dict[str, "Layout"] = {}

    def __init__(self, names=(), tables=None) -> None:
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.tables = tables

    def register(self, game: str) -> "Layout":
        """Make this the layout :meth:`State.from_json` uses for ``game``'s states."""
        Layout.known[game] = self
        return self

    @classmethod
    def of(cls, game: str) -> "Layout":
        """The layout registered for ``game``, or one without slots."""
        return cls.known.get(game, NO_SLOTS)


NO_SLOTS = Layout()


def player_name(index: int) -> str:
    """The written name of player ``index``: 0 is ``"p1"``, 1 is ``"p2"``..."""
    return f"p{index + 1}"


def player_index(name: str) -> int:
    """The player index written ``name``: ``"p1"`` is 0 (no checking; see ``tabletop.player_id``)."""
    return int(name[1:]) - 1


class State:
    """Everything about one moment of one game; see the module docstring."""

    __slots__ = (
        "game", "cards", "nplayers", "zones", "slots", "layout", "counters", "marks", "values", "vars",
        "rng", "turn", "active", "phase", "phase_done", "stack", "pending",
        "winner", "over", "reveals", "events", "listen", "tables", "log",
    )

    def __init__(self, game: str, cards: list, nplayers: int, rng: int, layout: Layout = NO_SLOTS) -> None:
        self.game = game
        self.cards = cards
        self.nplayers = nplayers
        self.zones: dict[str, list[int]] = {}
        self.layout = layout
        self.slots: list[int] = [EMPTY] * len(layout.names)
        self.counters: dict[str, int] = {}
        self.marks: dict[str, set[int]] = {}
        self.values: dict[str, dict[int, int]] = {}
        self.vars: dict[str, Any] = {}
        self.rng = rng
        self.turn = 0
        self.active = 0
        self.phase = ""
        self.phase_done = False
        self.stack: list = []
        self.pending = None
        self.winner: int | None = None
        self.over = False
        self.reveals = 0
        self.events: list = []
        self.listen: frozenset = frozenset()
        self.tables = None
        self.log = current_log()  # where narration goes while the game is watched (framework/narration.py)

    def clone(self) -> "State":
        """A copy that shares nothing mutable with this one (card definitions are immutable)."""
        s = State.__new__(State)
        s.game = self.game
        s.cards = self.cards
        s.nplayers = self.nplayers
        # each container: the dictionary copied whole (no key is hashed again), then each value
        # replaced by a copy of its own (faster than building a dictionary, or a comprehension)
        s.zones = z = self.zones.copy()
        for k, v in z.items():
            z[k] = v[:]
        s.slots = self.slots[:]
        s.layout = self.layout
        s.counters = self.counters.copy()
        s.marks = m = self.marks.copy()
        for k, v in m.items():
            m[k] = v.copy()
        if self.values:
            s.values = vs = self.values.copy()
            for k, v in vs.items():
                vs[k] = v.copy()
        else:
            s.values = {}
        s.vars = self.vars.copy()
        s.rng = self.rng
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.phase_done = self.phase_done
        s.stack = [f.copy() for f in self.stack] if self.stack else []
        s.pending = self.pending
        s.winner = self.winner
        s.over = self.over
        s.reveals = self.reveals
        s.events = self.events[:] if self.events else []
        s.listen = self.listen
        s.tables = self.tables
        s.log = None  # a copy (a bot's search) narrates nothing
        return s

    def __deepcopy__(self, memo) -> "State":
        return self.clone()

    # Pickling needs nothing of its own: the slots pickle as they are, card definitions by
    # reference to their pack (``CardDef.__reduce_ex__``) and programs by id.

    # ------------------------------------------------------------------ cheap accessors
    def name(self, iid: int) -> str:
        """The name of the card whose instance id is ``iid``."""
        return self.cards[iid].name

    def to_move(self) -> int:
        """The player who must act now: the one a pending decision waits for, else the active one."""
        p = self.pending
        return p.player if p is not None else self.active

    def zone_of(self, iid: int) -> str | None:
        """The key of the zone or slot holding instance ``iid``, or None (slow: for tests and tools)."""
        for key, ids in self.zones.items():
            if iid in ids:
                return key
        if iid >= 0 and iid in self.slots:
            return self.layout.names[self.slots.index(iid)]
        return None

    def cards_in(self, key: str) -> list[int] | tuple[int, ...]:
        """The cards in place ``key``, bottom first: a zone's own list (change it through
        :mod:`tabletop.framework.zones`), or a slot's card as a tuple of one (none if empty)."""
        z = self.zones.get(key)
        if z is not None:
            return z
        iid = self.slots[self.layout.index[key]]
        return (iid,) if iid >= 0 else ()

    def holds(self, key: str, iid: int) -> bool:
        """Whether place ``key`` holds card ``iid`` now (False for a place this game lacks)."""
        z = self.zones.get(key)
        if z is not None:
            return iid in z
        i = self.layout.index.get(key)
        return i is not None and self.slots[i] == iid

    def places(self):
        """Every place with its cards, zones first: ``(key, cards)`` pairs (see :meth:`cards_in`)."""
        yield from self.zones.items()
        for key, iid in zip(self.layout.names, self.slots):
            yield key, ((iid,) if iid >= 0 else ())

    # ------------------------------------------------------------------ serialisation
    def to_json(self) -> dict:
        """A JSON-ready dict from which :meth:`from_json` rebuilds this exact state."""
        return {
            "format": FORMAT_VERSION,
            "game": self.game,
            "cards": [c.name for c in self.cards],
            "nplayers": self.nplayers,
            "zones": {k: list(v) for k, v in self.places()},
            "counters": dict(self.counters),
            "marks": {k: sorted(v) for k, v in self.marks.items()},
            "values": {k: {str(i): n for i, n in sorted(v.items())} for k, v in self.values.items()},
            "vars": {k: _to_json_value(v) for k, v in self.vars.items()},
            "rng": self.rng,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "phase_done": self.phase_done,
            "stack": [f.to_json() for f in self.stack],
            "pending": self.pending.to_json() if self.pending is not None else None,
            "winner": self.winner,
            "over": self.over,
            "reveals": self.reveals,
            "events": [[e, _to_json_value(d)] for e, d in self.events],
        }

    @classmethod
    def from_json(cls, data: dict, card_index: dict, layout: Layout | None = None) -> "State":
        """Rebuild a state; ``card_index`` maps card names to their definitions, ``layout`` says
        which places are slots (by default the layout registered for the state's game)."""
        from tabletop.framework.effects import Decision, Frame
        from tabletop.framework.triggers import listened
        from tabletop.framework.errors import StateError

        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise StateError(f"unsupported state format {found!r} (expected {FORMAT_VERSION})")
        unknown = sorted({n for n in data["cards"] if n not in card_index})
        if unknown:
            raise StateError(f"the state names cards this game does not have: {', '.join(map(repr, unknown))}")
        if layout is None:
            layout = Layout.of(data["game"])
        s = cls(data["game"], [card_index[n] for n in data["cards"]], data["nplayers"], data["rng"], layout)
        slot = layout.index
        for k, v in data["zones"].items():
            i = slot.get(k)
            if i is None:
                s.zones[k] = list(v)
            elif len(v) > 1:
                raise StateError(f"{k} holds one card at most, not {len(v)}")
            elif v:
                s.slots[i] = v[0]
        s.counters = dict(data["counters"])
        s.marks = {k: set(v) for k, v in data["marks"].items()}
        s.values = {k: {int(i): n for i, n in v.items()} for k, v in data["values"].items()}
        s.vars = {k: _from_json_value(v) for k, v in data["vars"].items()}
        s.turn = data["turn"]
        s.active = data["active"]
        s.phase = data["phase"]
        s.phase_done = data["phase_done"]
        s.stack = [Frame.from_json(f) for f in data["stack"]]
        s.pending = Decision.from_json(data["pending"]) if data["pending"] is not None else None
        s.winner = data["winner"]
        s.over = data["over"]
        s.reveals = data["reveals"]
        s.events = [(e, _from_json_value(d)) for e, d in data.get("events", ())]
        s.listen = listened(s.cards)
        if layout.tables is not None:
            s.tables = layout.tables(s.cards)
        return s


def _to_json_value(v: Any) -> Any:
    if isinstance(v, tuple):
        return {"tuple": [_to_json_value(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": {k: _to_json_value(x) for k, x in v.items()}}
    return v


def _from_json_value(v: Any) -> Any:
    if isinstance(v, dict) and set(v) == {"tuple"}:
        return tuple(_from_json_value(x) for x in v["tuple"])
    if isinstance(v, dict) and set(v) == {"dict"}:
        return {k: _from_json_value(x) for k, x in v["dict"].items()}
    return v
