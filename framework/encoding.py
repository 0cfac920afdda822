"""Fixed numberings for learning agents: every action an integer id, every view a flat tensor.

A pack describes its *encoding* (hook ``tabletop_encoding``) with the two pieces here:

- an :class:`ActionSpace`: families of actions, each a notation template and the values
  of its arguments (``"acquire asset {slot}"`` with slot 1..5). Ids are assigned family
  by family, in order, and depend only on the pack's card set and the number of players:
  never on the position. Seats in an action are written relative to the player to move
  (``{opp}`` is "the next player"), so one policy serves every seat. Id 0 is *wait*, never
  legal in a turn-based game (a parallel environment gives it to players not to move).
  A decision option no family names falls back on "decision option k" (its position).
- an :class:`ObservationLayout`: named fields at fixed offsets of a flat vector, filled by
  the pack from a player's **view** only (never the state), so an observation can hold
  nothing the player may not know.
- optionally, a *direct observer*: the same vector written straight from the state for a
  seat, reading only what that seat may see, because building the whole view costs more
  than an engine step. The view-based filling stays the specification: the pack's tests
  check that both give identical bytes for every seat over random reachable states of
  every configuration, and that the direct one does not change when hidden information
  does. Packs without one are observed through their view.

Both print as tables (:meth:`ActionSpace.table`, :meth:`ObservationLayout.table`), which
is how ``docs/rl.md`` documents them.
"""
from __future__ import annotations

import itertools
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tabletop.framework.actions import DECISION_VERBS, Action, format_action
from tabletop.framework.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.framework.state import State

#: The id of *wait*: no action of the game (see the module docstring).
WAIT = 0
#: How many decision options the fallback family numbers.
FALLBACK_OPTIONS = 32


@dataclass(frozen=True)
class Seats:
    """An argument domain of seats relative to the player to move, written as player names.

    ``offsets`` are 0 for the player to move, 1 for the next player, and so on."""

    offsets: tuple[int, ...]
    doc: str = ""

    def label(self, offset: int) -> str:
        """How docs write a relative seat: ``you``, ``next``, ``+2``..."""
        return {0: "you", 1: "next"}.get(offset, f"+{offset}")


class Domain(tuple):
    """The values of an argument, with a name for the documentation (``"wonders"``)."""

    name: str

    def __new__(cls, name: str, values) -> "Domain":
        obj = super().__new__(cls, values)
        obj.name = name
        return obj


@dataclass(frozen=True)
class Family:
    """Actions written ``template`` (notation with ``{placeholders}``) for every combination
    of the values of ``domains`` (placeholder -> values, or a :class:`Seats`). ``doc``
    says what the family is for. ``private``, when set, is what the other players learn
    of such an action (``"set a trap"``: which trap stays hidden); by default they see the
    action itself."""

    template: str
    domains: dict = field(default_factory=dict)
    doc: str = ""
    private: str = ""

    def combos(self) -> list[dict]:
        """Every assignment of the placeholders, in id order (the last placeholder fastest)."""
        names = [n for _, n, _, _ in string.Formatter().parse(self.template) if n]
        values = []
        for n in names:
            d = self.domains[n]
            values.append(list(d.offsets) if isinstance(d, Seats) else list(d))
        return [dict(zip(names, combo)) for combo in itertools.product(*values)]

    def text(self, combo: dict, mover: int | None, nplayers: int) -> str:
        """The notation of one combination, seats made absolute for ``mover`` (or shown
        relative when ``mover`` is None)."""
        shown = {}
        for k, v in combo.items():
            d = self.domains[k]
            if isinstance(d, Seats):
                shown[k] = d.label(v) if mover is None else f"p{(mover + v) % nplayers + 1}"
            else:
                shown[k] = v
        return self.template.format(**shown)


class ActionSpace:
    """Every action of a game numbered ``0 .. size-1``; see the module docstring.

    ``parse`` turns notation into the game's action tuples (``Rules.parse``), so the ids
    are keyed by exactly the tuples ``legal_actions`` produces."""

    def __init__(self, families: Sequence[Family], parse: Callable[[str], Action], nplayers: int,
                 fallback: int = FALLBACK_OPTIONS) -> None:
        self.families = tuple(families)
        self.nplayers = nplayers
        self._names = ["wait"]
        self._rows: list[tuple[int, int, str, str]] = [(WAIT, WAIT, "wait", "no action: the player is not to move "
                                                        "(parallel environment only)")]
        self._by_seat: list[dict[Action, int]] = [{} for _ in range(nplayers)]
        self._private: dict[int, str] = {}
        next_id = 1
        for fam in self.families:
            first = next_id
            for combo in fam.combos():
                self._names.append(fam.text(combo, None, nplayers))
                for seat in range(nplayers):
                    action = parse(fam.text(combo, seat, nplayers))
                    self._by_seat[seat].setdefault(action, next_id)
                if fam.private:
                    self._private[next_id] = fam.private
                next_id += 1
            if next_id > first:
                self._rows.append((first, next_id - 1, fam.template, fam.doc))
        self.fallback = next_id
        for k in range(fallback):
            self._names.append(f"decision option {k + 1}")
        if fallback:
            self._rows.append((next_id, next_id + fallback - 1, "decision option {k}",
                               "the k-th option of a decision no family above names (fallback)"))
        self.size = next_id + fallback
        """The number of ids (``Discrete(size)``)."""

    def __len__(self) -> int:
        return self.size

    def ids(self, legal: Sequence[Action], mover: int) -> list[int]:
        """The ids of ``legal`` (the legal actions, in order) for the player ``mover``."""
        out = list(map(self._by_seat[mover].get, legal))
        if None in out:
            for k, i in enumerate(out):
                if i is None:
                    out[k] = self._fallback(legal[k], k)
        return out

    def _fallback(self, action: Action, k: int) -> int:
        if action[0] in DECISION_VERBS and k < self.size - self.fallback:
            return self.fallback + k
        raise TabletopError(f"the action {format_action(action)!r} has no id in this action space: the pack's "
                            "encoding does not cover it")

    def public_text(self, action: Action, mover: int, viewer: int) -> str:
        """``action`` of ``mover`` as ``viewer`` learns it: its notation, unless its family is
        private (then what the family says others see). A decision option no family names
        is private: what it meant is unknown here."""
        text = format_action(action)
        if viewer == mover:
            return text
        i = self._by_seat[mover].get(action)
        if i is None:
            return "answer a decision" if action[0] in DECISION_VERBS else text
        return self._private.get(i, text)

    def name(self, id: int) -> str:
        """What id ``id`` means, seats relative to the player to move (``attack next.city1``)."""
        if not 0 <= id < self.size:
            raise TabletopError(f"no action id {id}: ids are 0..{self.size - 1}")
        return self._names[id]

    def table(self) -> list[tuple[int, int, str, str]]:
        """Rows ``(first id, last id, template, what it is for)``, in id order."""
        return list(self._rows)


class ObservationLayout:
    """Named fields at fixed offsets of a flat observation vector."""

    def __init__(self) -> None:
        self.fields: list[tuple[str, int, int, str]] = []
        self.size = 0
        """The vector's length."""

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a field of ``size`` entries; return its offset."""
        offset = self.size
        self.fields.append((name, offset, size, doc))
        self.size += size
        return offset

    def offset(self, name: str) -> int:
        """The offset of the field ``name``."""
        for n, off, _, _ in self.fields:
            if n == name:
                return off
        raise KeyError(name)

    def table(self) -> list[tuple[str, int, int, str]]:
        """Rows ``(field, offset, size, meaning)`` in offset order."""
        return list(self.fields)


class Encoding:
    """A pack's encoding for one number of players: the action space, the observation
    layout, and ``fill(view, out)`` writing a view's observation into ``out`` (a zeroed
    ``bytearray`` of ``layout.size``: every entry a small integer, clipped to 0..255).

    ``observer(state, player, out)``, when given, writes into ``out`` exactly what ``fill``
    writes from ``view(state, player)``, reading the state directly (see the module
    docstring): :meth:`observe_state` uses it, ``fill`` remains the definition. It may
    write numbers unclipped: one outside 0..255 makes the ``bytearray`` raise
    ``ValueError``, and that observation then comes from the view (``fill`` clips)."""

    def __init__(self, actions: ActionSpace, layout: ObservationLayout,
                 fill: Callable[[dict, bytearray], None], string: Callable[[dict], str] | None = None,
                 cards: Sequence[str] = (),
                 observer: Callable[["State", int, bytearray], None] | None = None) -> None:
        self.actions = actions
        self.layout = layout
        self.cards = tuple(cards)
        """The cards the observation's per-card counts run over, in order."""
        self._fill = fill
        self._string = string
        self.observer = observer
        """The pack's direct observer, or None (then observations go through the view)."""

    def observe_state_bytes(self, state: "State", player: int, view: Callable[["State", int], dict]) -> bytearray:
        """``player``'s observation of ``state`` as raw bytes: from the direct observer when
        the pack has one, else from ``view(state, player)`` (the rules' ``view``)."""
        buf = bytearray(self.layout.size)
        if self.observer is not None:
            try:
                self.observer(state, player, buf)
                return buf
            except ValueError:  # a number beyond a byte: the definition clips it
                buf = bytearray(self.layout.size)
        self._fill(view(state, player), buf)
        return buf

    def observe_state(self, state: "State", player: int, view: Callable[["State", int], dict]):
        """:meth:`observe_state_bytes` as a ``numpy.float32`` vector."""
        import numpy as np

        return np.frombuffer(self.observe_state_bytes(state, player, view), dtype=np.uint8).astype(np.float32)

    def observe(self, view: dict):
        """The observation of ``view`` as a ``numpy.float32`` vector of ``layout.size``."""
        import numpy as np

        buf = bytearray(self.layout.size)
        self._fill(view, buf)
        return np.frombuffer(buf, dtype=np.uint8).astype(np.float32)

    def observe_bytes(self, view: dict) -> bytearray:
        """The observation of ``view`` as raw bytes (one unsigned byte per entry)."""
        buf = bytearray(self.layout.size)
        self._fill(view, buf)
        return buf

    def observation_string(self, view: dict) -> str:
        """The view as one line of canonical JSON: exact, and built from the view only."""
        if self._string is not None:
            return self._string(view)
        import json

        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def clip(n: int) -> int:
    """``n`` as one unsigned byte (observations hold counts and small numbers)."""
    return 0 if n < 0 else 255 if n > 255 else n


def index(names: Sequence[Any]) -> dict:
    """Value -> position, for one-hot and count fields."""
    return {n: i for i, n in enumerate(names)}


_MISSING = object()


def common(views: Sequence[Any]) -> Any:
    """What every one of ``views`` shows alike: the public part of the players' views
    (dict keys kept where all views agree, recursively; anything else dropped)."""
    first = views[0]
    if all(isinstance(v, dict) for v in views):
        out = {}
        for k in first:
            if all(k in v for v in views):
                c = common([v[k] for v in views])
                if c is not _MISSING:
                    out[k] = c
        return out
    return first if all(v == first for v in views[1:]) else _MISSING


def private(view: Any, public: Any) -> Any:
    """What ``view`` shows beyond ``public`` (from :func:`common`): one player's own secrets."""
    if isinstance(view, dict) and isinstance(public, dict):
        out = {}
        for k, v in view.items():
            if k not in public:
                out[k] = v
            else:
                p = private(v, public[k])
                if p is not _MISSING:
                    out[k] = p
        return out if out else _MISSING
    return _MISSING if view == public else view
