"""Effects in progress: programs of steps, frames on a stack, and pending decisions.

A card ability compiles once into a :class:`Program`: a tuple of *steps*, each a callable
``step(state, ctx) -> Decision | None``. Running an ability pushes a :class:`Frame`
(program, program counter, context dict) on ``state.stack``; :func:`run_stack` runs the top
frame step by step. A step that needs a player's choice returns a :class:`Decision`: the
run stops, the decision waits in ``state.pending``, and its options are the only legal
actions. The answer is written into the frame's context under ``decision.key`` and the
same step runs again, this time finding its answer. Steps therefore change nothing before
they ask. Control steps (``may``, ``choose one``, ``if``) push a child frame instead of
running a sub-program inline, so a state can be cloned, saved or searched at any moment.

A frame pushed by a control step of another (``may``, ``if``...) is that frame's *child*
(``ctx[CHILD]``): when it ends, what it picked (``_it``, ``_seen``, and where it stood: ``_held``),
the bonus it gave (``bonus``) and what is left of an attack's shield (``shield``) are handed back
to its parent, so "may destroy an enemy troop; gain battle equal to its cost" knows "it".

Programs are registered by a stable id (``"volfyirion:Flawless Deploy/secondary"``), which is
what a serialised frame records: a pack's own cards are under the pack's name, and every other
card set (a designer's file, a scenario's cards) under a name of its own, so loading one never
replaces the programs a running game uses. A text's context keys are numbered within the text,
so the same text compiled again is the same program.
"""
from __future__ import annotations

from typing import Any, Callable

from tabletop.framework.actions import Action, format_action
from tabletop.framework.errors import TabletopError

Step = Callable[[Any, dict], "Decision | None"]

PROGRAMS: dict[str, "Program"] = {}
CHILD = "_child"
# what a child frame hands back to its parent when it ends ("_named": the words a text named, dsl.named)
BINDINGS = ("_it", "_seen", "_taken", "_held", "_owned", "_known", "_picked", "_named", "bonus", "shield")


class Program:
    """A compiled ability: an id for serialisation, its steps, and the text it came from.

    ``listens`` names the events whose lasting triggers running it may leave behind (and
    ``"modifiers"`` when it may leave a modifier), so a game knows what to announce.

    A program pickles by reference: its id, looked up in :data:`PROGRAMS` when unpickled
    (the pack's cards are loaded first, since a state pickles its cards before its stack).
    ``origin``, when set, is a ``(function, args)`` pair that rebuilds the program in
    another process instead (how :func:`tabletop.compile` makes its programs portable).
    """

    __slots__ = ("id", "steps", "text", "listens", "origin")

    def __init__(self, id: str, steps: tuple, text: str = "", listens: frozenset = frozenset(),
                 origin: tuple | None = None) -> None:
        self.id = id
        self.steps = tuple(steps)
        self.text = text
        self.listens = listens
        self.origin = origin

    def __repr__(self) -> str:
        return f"Program({self.id!r})"

    def __reduce__(self):
        return self.origin if self.origin is not None else (program, (self.id,))

    def __deepcopy__(self, memo) -> "Program":
        return self


def program(id: str) -> Program:
    """The registered program ``id``; a :class:`TabletopError` if no loaded pack defines it."""
    try:
        return PROGRAMS[id]
    except KeyError:
        raise TabletopError(f"unknown program {id!r}: the card or pack that defines it is not loaded") from None


def register(program: Program) -> Program:
    """Make ``program`` findable by id (a later registration under the same id wins)."""
    PROGRAMS[program.id] = program
    return program


def native(id: str, *steps: Step) -> Program:
    """Register a program written in Python by a pack (a mechanism, not a card)."""
    return register(Program(id, steps))


class Frame:
    """One running program: which program, the next step, and its context (JSON-ready)."""

    __slots__ = ("prog", "pc", "ctx")

    def __init__(self, prog: Program, ctx: dict, pc: int = 0) -> None:
        self.prog = prog
        self.pc = pc
        self.ctx = ctx

    def copy(self) -> "Frame":
        """A copy with its own context (the program is shared)."""
        return Frame(self.prog, dict(self.ctx), self.pc)

    def to_json(self) -> dict:
        """JSON-ready data: the program by id, the counter, the context."""
        return {"prog": self.prog.id, "pc": self.pc, "ctx": _jsonable(self.ctx)}

    @classmethod
    def from_json(cls, data: dict) -> "Frame":
        """The frame ``data`` describes (its program must be registered)."""
        return cls(program(data["prog"]), _unjson(data["ctx"]), data["pc"])


class Decision:
    """A choice a player must make before anything else happens.

    ``options`` are the actions that answer it (shown and parsed like any action);
    ``values`` are what each option writes into the waiting frame's context.
    """

    __slots__ = ("player", "prompt", "options", "values", "key")

    def __init__(self, player: int, prompt: str, options: list[Action], values: list, key: str) -> None:
        self.player = player
        self.prompt = prompt
        self.options = tuple(options)
        self.values = tuple(values)
        self.key = key

    def __repr__(self) -> str:
        return f"Decision(p{self.player + 1}: {self.prompt!r}, {[format_action(o) for o in self.options]})"

    def to_json(self) -> dict:
        """JSON-ready data of the decision."""
        return {"player": self.player, "prompt": self.prompt,
                "options": [list(o) for o in self.options],
                "values": [_jsonable(v) for v in self.values], "key": self.key}

    @classmethod
    def from_json(cls, data: dict) -> "Decision":
        """The decision ``data`` describes."""
        return cls(data["player"], data["prompt"], [tuple(o) for o in data["options"]],
                   [_unjson(v) for v in data["values"]], data["key"])


def push(state, program: Program, ctx: dict) -> None:
    """Start running ``program`` with context ``ctx`` (on top of the stack)."""
    state.stack.append(Frame(program, ctx))


def answer(state, action: Action) -> None:
    """Give the pending decision its answer; the waiting step runs again on the next :func:`run_stack`."""
    d = state.pending
    try:
        i = d.options.index(action)
    except ValueError:
        raise IllegalAction(f"{format_action(action)!r} does not answer: {d.prompt}") from None
    state.pending = None
    state.stack[-1].ctx[d.key] = d.values[i]


def run_stack(state) -> None:
    """Run frames until the stack is empty, a decision is pending, or the game is over."""
    stack = state.stack
    while stack:
        frame = stack[-1]
        steps = frame.prog.steps
        if frame.pc >= len(steps):
            stack.pop()
            if CHILD in frame.ctx and stack:
                parent = stack[-1].ctx
                for k in BINDINGS:
                    if k in frame.ctx:
                        parent[k] = frame.ctx[k]
            continue
        decision = steps[frame.pc](state, frame.ctx)
        if decision is not None:
            state.pending = decision
            return
        frame.pc += 1
        if state.over:
            stack.clear()
            return


class IllegalAction(TabletopError, ValueError):
    """An action that is not legal in the current state (a :class:`TabletopError`; also a
    ``ValueError`` for code written before the two were one family). ``reason``, when set, is
    why in a player's words ("attack p2.city1: needs 8 battle; you have 1"), without the list
    of legal actions the full message ends with."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return {"tuple": [_jsonable(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": {k: _jsonable(x) for k, x in v.items()}}
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    return v


def _unjson(v: Any) -> Any:
    if isinstance(v, dict):
        if "tuple" in v:
            return tuple(_unjson(x) for x in v["tuple"])
        if "dict" in v:
            return {k: _unjson(x) for k, x in v["dict"].items()}
    if isinstance(v, list):
        return [_unjson(x) for x in v]
    return v
