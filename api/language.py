"""The card language from Python: compile a text for a pack, run an effect in a state.

An effect runs with a *context*, the facts its words refer to. :func:`run_effect` builds
it from its arguments, exactly as the engine does when a card's ability runs:

========== ==========================================================================
key        meaning
========== ==========================================================================
controller the seat whose effect it is: "you", "your", "gain", "draw" (``player``)
source     the instance id of the card the effect belongs to: "this card", its colour
           for synergies, its powers (``source``; a card name finds the instance)
card       the source card's name, shown in the prompts of the decisions it asks
target     the instance id of the card the effect aims at, e.g. the hero an attack
           hits: "the target" (``target``)
tplayer    the seat owning ``target``
player     the seat an event or moment is about: "they", "their" in a trigger's effect
           (given as ``they=``, a seat or its name, since ``player`` is the controller)
attack     True while the effect of an attack runs (hero powers such as armour apply)
========== ==========================================================================

Any further key can be given by keyword; a key the effect needs but was not given is
a :class:`tabletop.Error` naming it, and leaves the state as it was.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import shown
from tabletop.players import player_id

if TYPE_CHECKING:
    from tabletop.framework.effects import Decision, Program
    from tabletop.framework.state import State
    from tabletop.game import Game

KINDS = ("effect", "ability", "condition", "number")


def _pack_name(pack: Any) -> str:
    name = getattr(pack, "name", pack)
    if not isinstance(name, str):
        raise TabletopError(f"a pack is named by a string such as 'volfyirion', not {pack!r}")
    return name


def compile(text: str, pack: Any, kind: str = "effect") -> Any:
    """Compile ``text`` in the card language of ``pack`` (a name or a :class:`tabletop.Game`).

    ``kind`` is ``"effect"`` (the default: a program :func:`run_effect` runs, as in a
    card's ``main:`` or ``effect:``), ``"ability"``, ``"condition"`` or ``"number"``, or any
    pattern family of the pack. A text that does not compile raises
    :class:`tabletop.LocatedError` with the column and a caret. A compiled effect pickles
    (it is compiled again where it is unpickled)."""
    from tabletop.dsl import Source, compile_text
    from tabletop.framework.packs import registry

    name = _pack_name(pack)
    if not isinstance(kind, str):
        raise TabletopError(f"kind is a text: {', '.join(map(repr, KINDS))} or a pattern family, not {kind!r}")
    p = registry().get(name)
    p.rules()  # the pack's own programs and cards are loaded, as a card text expects
    compiled = compile_text(text, kind, p.vocabulary(), program_id=f"compiled:{name}:{kind}:{text}",
                            source=Source(file="<text>", field=kind))
    program = _program_of(compiled)
    if program is not None:
        program.origin = (_compiled_program, (text, name, kind))
    return compiled


def _program_of(compiled: Any) -> "Program | None":
    from tabletop.framework.effects import Program

    if isinstance(compiled, Program):
        return compiled
    program = getattr(compiled, "program", None)
    return program if isinstance(program, Program) else None


def _compiled_program(text: str, pack: str, kind: str) -> "Program":
    """How a compiled program unpickles: compiled again, in the process that unpickles it."""
    program = _program_of(compile(text, pack, kind))
    assert program is not None
    return program


def _instance(state: "State", card: int | str | None, what: str) -> int | None:
    if card is None:
        return None
    if isinstance(card, str):
        for iid, c in enumerate(state.cards):
            if c.name == card:
                return iid
        raise TabletopError(f"{what}: no card {card!r} in this game")
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(state.cards):
        raise TabletopError(f"{what}: {card!r} is not a card instance id of this game (0..{len(state.cards) - 1})")
    return card


class _Context(dict):
    """run_effect's context: a plain dict that also notes the keys the effect's words referred to
    and did not find (:func:`tabletop.dsl.context.lacking`)."""

    def __init__(self, **keys: Any) -> None:
        super().__init__(**keys)
        self.lacking: set[str] = set()


#: what each key the engine gives is, in a message
_KEY_MEANING = {"source": "source (the card the effect belongs to)", "target": "target (the card it aims at)",
                "attacker": "attacker (the attacking card)", "hero": "hero (the new hero)",
                "subject": "subject (the card the event is about)",
                "player": "they (the seat 'they' and 'their' name)"}


def _needs(key: str) -> TabletopError:
    """The error of an effect that needs ``key`` in its context, which run_effect was not given."""
    given = "they" if key == "player" else key
    return TabletopError(f"this effect needs {_KEY_MEANING.get(key, repr(key))} in its context: pass {given}=..."
                         " to run_effect (see the context table in tabletop.language); the state is unchanged")


def run_effect(state: "State", effect: Any, player: int | str, *, source: int | str | None = None,
               target: int | str | None = None, game: "Game | None" = None, **context: Any) -> "Decision | None":
    """Run ``effect`` in ``state``, in place, for ``player``, then let the game go on until
    someone must act.

    ``effect`` is a compiled effect, a compiled ability (``COND -> EFFECT``: its condition
    must hold, else :class:`tabletop.Error`), or a text compiled now for the state's pack.
    The context is documented at the top of this module. If the effect asks a question (a
    target, "may"), the decision waits in the state and is returned: answer it with
    ``game.apply(state, "choose ...")``. ``game`` gives the rules to run with (default:
    the installed pack the state belongs to)."""
    from tabletop.framework.effects import Frame
    from tabletop.framework.state import State

    from tabletop.game import checked_state

    checked_state(state)
    if game is not None:
        from tabletop.game import Game

        if not isinstance(game, Game):
            raise TabletopError(gettext("game is a tabletop.Game (tabletop.load(name)), not {value}").format(
                value=shown(game)))
        game._own(state)
        rules = game.rules
    else:
        from tabletop.framework.packs import registry

        rules = registry().get(state.game).rules()
    if isinstance(effect, str):
        effect = compile(effect, rules.name)
    program = _program_of(effect)
    if program is None:
        raise TabletopError(f"run_effect runs an effect or an ability (compile(text, pack)), not {type(effect).__name__}")
    origin = getattr(program, "origin", None)
    if origin is not None and origin[0] is _compiled_program and origin[1][1] != rules.name:
        raise TabletopError(f"this effect was compiled for {origin[1][1]}, and the state is a game of {rules.name}: "
                            f"compile it for {rules.name} (compile(text, {rules.name!r}))")
    if state.over:
        raise TabletopError("the game is over: no effect can run")
    if state.pending is not None:
        raise TabletopError(f"a decision is pending ({state.pending.prompt}): answer it before running an effect")
    ctx = _Context(controller=player_id(player, state.nplayers))
    src = _instance(state, source, "source")
    if src is not None:
        ctx["source"] = src
        ctx["card"] = state.cards[src].name
    tgt = _instance(state, target, "target")
    if tgt is not None:
        ctx["target"] = tgt
        owners = state.vars.get("owner")
        if owners is not None:
            ctx["tplayer"] = owners[tgt]
    if "they" in context:
        context["player"] = player_id(context.pop("they"), state.nplayers)
    ctx.update(context)
    work = state.clone()
    work.log = state.log  # a watched game tells what the effect does (a clone narrates nothing)
    try:
        condition = getattr(effect, "condition", None)
        if condition is not None and not condition(work, ctx):
            raise TabletopError("the ability's condition does not hold now: nothing happens")
        work.stack.append(Frame(program, ctx))
        rules.settle(work)
    except KeyError as e:
        raise _needs(e.args[0] if e.args else "?") from None
    if ctx.lacking:
        raise _needs(sorted(ctx.lacking)[0])
    for frame in work.stack:  # a frame waiting for an answer keeps a plain context, as the engine's
        if frame.ctx is ctx:
            frame.ctx = dict(ctx)
    for slot in State.__slots__:
        setattr(state, slot, getattr(work, slot))
    return state.pending
