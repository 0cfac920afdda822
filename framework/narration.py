"""Narration: what happened, and what each seat may know of it (not the events triggers answer:
those are framework/triggers.py).

The one place where narration is made safe.

The rules *narrate* as they apply an action: ``narrate(state, "set", "{p} sets {card} face
down", p="p2", card=Card(iid, "a trap"))``. A card is never named by its text: it is given
as a :class:`Card` marker (an instance id), and the moment it is narrated the pack's
:meth:`Rules.seen_by` says which seats may see that instance (a trap set face down: its
owner only). The resulting :class:`Event` carries the card's name *and* who may read it, so
one event has a rendering per viewer: ``event.render(1)`` is ``"p2 sets Frozen Snare face
down"`` for p2 and ``"p2 sets a trap face down"`` for p1 or a spectator (viewer ``None``).

Every front end (the terminal's narration and ``log``, the bot-move lines, a web table, an
observation for a learning agent) shows a seat only :meth:`Event.render` /
:meth:`Event.for_viewer` of that seat, and :meth:`Rules.view` of that seat: nothing else.
:meth:`Event.to_json` is the complete record, for a server's own storage only.

Events are recorded only while a game is being *watched*: :class:`EventLog` is attached to
a state (``state.log``); a state without one (every copy a bot searches, every simulated
game) narrates nothing and pays one attribute test per narration point.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

from tabletop.framework import language
from tabletop.framework.language import N_, Count, N_plural, Phrase, localised

CARDS = N_plural("{n} card", "{n} cards")
HEADLINE, DETAIL = 1, 2  # shown as it happens / only in the full log

_RECORDING: ContextVar["EventLog | None"] = ContextVar("tabletop_event_log", default=None)


# ---------------------------------------------------------------------- markers given by the rules
class Card:
    """A card instance named in an event; ``hidden_as`` is what a seat that cannot see it reads.
    ``came_from`` names the zone it just left: a seat that saw it there knows which card moved."""

    __slots__ = ("iid", "hidden_as", "came_from")

    def __init__(self, iid: int, hidden_as: str = N_("a card"), came_from: str | None = None) -> None:
        self.iid = iid
        self.hidden_as = hidden_as
        self.came_from = came_from


class Cards:
    """Several instances named together ("draws Prospector, Captain"): readable only by the seats
    that see every one of them; the others read ``hidden_as`` (default "2 cards")."""

    __slots__ = ("iids", "hidden_as", "came_from")

    def __init__(self, iids, hidden_as: str | None = None, came_from: str | None = None) -> None:
        self.iids = list(iids)
        self.hidden_as = hidden_as if hidden_as is not None else Count(len(self.iids), *CARDS)
        self.came_from = came_from


class Zone:
    """A zone named in an event, written the pack's way (:meth:`Rules.zone_label`)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key


# ---------------------------------------------------------------------- resolved events
@dataclass(frozen=True)
class Ref:
    """A card (or cards) as recorded: its name(s), the seats that may read them (None: everyone)."""

    names: tuple[str, ...]
    seen_by: frozenset | None
    hidden_as: str

    def visible(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or None for a spectator) may read the names."""
        return self.seen_by is None or (viewer is not None and viewer in self.seen_by)

    def text(self, viewer: int | None) -> str:
        """The names for a viewer who may read them, else what stands in for them, in the language spoken now."""
        if self.visible(viewer):
            return ", ".join(language.card_name(n) for n in self.names)
        return localised(self.hidden_as) if isinstance(self.hidden_as, Phrase) else language.gettext(self.hidden_as)

    def to_json(self) -> dict:
        """The complete reference, names included (server storage only)."""
        out = {"names": list(self.names), "seen_by": None if self.seen_by is None else sorted(self.seen_by),
               "hidden_as": str(self.hidden_as)}
        if isinstance(self.hidden_as, Count):
            out["hidden_count"] = self.hidden_as.n
        return out

    @classmethod
    def from_json(cls, d: dict) -> "Ref":
        """The reference :meth:`to_json` wrote."""
        hidden = Count(d["hidden_count"], *CARDS) if "hidden_count" in d else d["hidden_as"]
        return cls(tuple(d["names"]), None if d["seen_by"] is None else frozenset(d["seen_by"]), hidden)


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``text`` is a ``str.format`` template over ``args``; card
    arguments are :class:`Ref`\\ s. ``only`` limits the whole event to some seats (a private
    notice); ``level`` is :data:`HEADLINE` or :data:`DETAIL`; ``step`` counts the actions
    applied before it (0: the game's setup)."""

    kind: str
    text: str
    args: dict = field(default_factory=dict)
    actor: int | None = None
    level: int = HEADLINE
    only: frozenset | None = None
    step: int = 0
    turn: int = 0
    game: str | None = None  # the game that narrated it: its own words for shared messages (language.gettext_in)

    def visible(self, viewer: int | None) -> bool:
        """Whether ``viewer`` is told of this event at all."""
        return self.only is None or (viewer is not None and viewer in self.only)

    def render(self, viewer: int | None) -> str | None:
        """The text ``viewer`` (a seat, or None for a spectator) may read, or None."""
        if not self.visible(viewer):
            return None
        return language.gettext_in(self.game, self.text).format(
            **{k: v.text(viewer) if isinstance(v, Ref) else localised(v) for k, v in self.args.items()})

    def for_viewer(self, viewer: int | None) -> dict | None:
        """What a front end sends to ``viewer``: the rendering and the cards it may name."""
        text = self.render(viewer)
        if text is None:
            return None
        named = [n for v in self.args.values() if isinstance(v, Ref) and v.visible(viewer) for n in v.names]
        return {"kind": self.kind, "text": text, "actor": self.actor, "level": self.level,
                "step": self.step, "turn": self.turn, "cards": named}

    def to_json(self) -> dict:
        """The complete event, hidden names included: for a server's storage, never for a seat."""
        return {"kind": self.kind, "text": self.text, "actor": self.actor, "level": self.level,
                "only": None if self.only is None else sorted(self.only), "step": self.step, "turn": self.turn,
                "game": self.game,
                "args": {k: {"ref": v.to_json()} if isinstance(v, Ref) else v for k, v in self.args.items()}}

    @classmethod
    def from_json(cls, d: dict) -> "Event":
        """The event :meth:`to_json` wrote."""
        args = {k: Ref.from_json(v["ref"]) if isinstance(v, dict) and "ref" in v else v for k, v in d["args"].items()}
        return cls(d["kind"], d["text"], args, d["actor"], d["level"],
                   None if d["only"] is None else frozenset(d["only"]), d["step"], d["turn"], d.get("game"))


# ---------------------------------------------------------------------- recording
class EventLog:
    """Receives the events of one game; ``rules`` says who may see each card (:meth:`Rules.seen_by`)."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.events: list[Event] = []
        self.step = 0

    def emit(self, state, kind: str, text: str, actor: int | None, level: int, only, args: dict) -> None:
        """Record an event, resolving its card markers into :class:`Ref`\\ s now (see :func:`narrate`)."""
        resolved: dict[str, Any] = {}
        for k, v in args.items():
            if isinstance(v, Card):
                resolved[k] = Ref((state.cards[v.iid].name,), self._seers(state, [v.iid], v.came_from), v.hidden_as)
            elif isinstance(v, Cards):
                resolved[k] = Ref(tuple(state.cards[i].name for i in v.iids),
                                  self._seers(state, v.iids, v.came_from), v.hidden_as)
            elif isinstance(v, Zone):
                resolved[k] = self.rules.zone_label(v.key)
            else:
                resolved[k] = v
        self.events.append(Event(kind, text, resolved, actor, level,
                                 None if only is None else frozenset(only), self.step, state.turn,
                                 getattr(self.rules, "name", None)))

    def _seers(self, state, iids: list[int], came_from: str | None) -> frozenset | None:
        """The seats that may read every one of ``iids``: those who see each now, or saw it where it came from."""
        seen: frozenset | None = None
        everyone = True
        before = self.rules.zone_seen_by(state, came_from) if came_from is not None else frozenset()
        for iid in iids:
            now = self.rules.seen_by(state, iid)
            if now is None or before is None:
                continue
            s = now | before
            seen = s if everyone else seen & s
            everyone = False
        return None if everyone else seen


def narrate(state, kind: str, text: str, /, *, actor: int | None = None, level: int = HEADLINE,
            only=None, **args) -> None:
    """Record an event if the game is being recorded (see the module docstring); else nothing.
    ``args`` fill the template ``text``; ``actor``, ``level`` and ``only`` are reserved names."""
    log = state.log
    if log is not None:
        log.emit(state, kind, text, actor, level, only, args)


def current() -> "EventLog | None":
    """The log that states created now attach to (set by :func:`recording`)."""
    return _RECORDING.get()


@contextmanager
def recording(log: "EventLog | None") -> Iterator[None]:
    """States created inside this block (a game's setup) narrate into ``log``."""
    token = _RECORDING.set(log)
    try:
        yield
    finally:
        _RECORDING.reset(token)
