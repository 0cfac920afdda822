"""Copying an ability: ``copy the secondary ability of another card in your playing area``,
``repeat the remove ability of target card you played this turn``.

A pack names the abilities a card has that a text may copy (:attr:`Table.copyable`: the words, and
the program the ability of a card runs now, or None when it has none that can be used now, or a
tuple of programs when the card has several such abilities: a Virevolt incantation printed with two
effects, of which the controller then chooses one, nothing being cast or paid). The
statement picks one card with such an ability, then runs that ability's program, as this card's:
the copier is its source (``this card``, and the prompts, name the copier), since it is the copier
that is used and the card copied may have left play; the ability runs in a context of its own, so
nothing of the copier's statements leaks into it. A copy never loops: an ability that itself copies
(any text compiled with a copy in it, :data:`COPIERS`) is never offered to be copied.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from tabletop.dsl.picking import Pick, pick_steps
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.steps import Counter
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import EFFECT, Vocabulary
from tabletop.framework.effects import Decision, Frame, native, program
from tabletop.framework.language import N_, CardName, Phrase, gettext

#: The ids of the programs whose text copies an ability: never offered to a copy (it would copy on)
COPIERS: set[str] = set()


def register(v: Vocabulary, table: Table, key: Counter) -> None:
    """Add ``copy|repeat the ABILITY of CARDS`` for each ability the table names as copyable."""
    for words, ability in table.copyable.items():
        v.effect(f"copy|repeat the {words} of {{x:cards}}", example=f"copy the {words} of another card")(
            lambda x, uid, text, words=words, ability=ability: _copy(table, key, x, uid, text, words, ability))
    if len(table.copyable) == 1:  # "copy target incantation in your graveyard": its one ability that may be
        ((words, ability),) = table.copyable.items()
        v.effect("copy {x:cards}", example="copy another card")(
            lambda x, uid, text: _copy(table, key, x, uid, text, words, ability))
    elif table.copyable:
        @v.pattern(EFFECT, "copy {x:cards}", listed=False)
        def which(x):
            """A card with several abilities a text may copy: say which."""
            raise ValueError(gettext("a card has several abilities a copy may run: say which ({forms})").format(
                forms=", ".join(f"'copy the {words} of {x.text}'" for words in table.copyable)))


def _copy(table: Table, key: Counter, x: CardSelector, uid: Callable[[], str], text: str, words: str,
          ability: Callable[[Any, int, dict], Any]) -> tuple:
    """The steps picking the card whose ``words`` are copied, then running them as this card's."""
    if not x.single:
        raise ValueError(gettext("a copy runs one card's {ability}: name one card, as 'target ...' or 'another "
                                 "...' does, not {cards!r}").format(
            ability=words, cards=x.text))
    if x.ref == "this":
        raise ValueError(gettext("a card copies another card's {ability}; its own is used as it is: name another "
                                 "card ('another card in your playing area')").format(ability=words))
    COPIERS.add(uid().rsplit("~", 1)[0])  # this text copies: the ability it is part of is never copied

    def usable(state, iid: int, zone, ctx: dict) -> bool:
        return bool(_copyable(ability(state, iid, ctx)))

    def run(state, ctx: dict, iid: int, zone: str) -> None:
        own = {"controller": ctx["controller"], "source": ctx.get("source", -1), "copied": iid}
        if ctx.get("card") is not None:
            own["card"] = ctx["card"]
        progs = _copyable(ability(state, iid, ctx))
        if len(progs) == 1:
            state.stack.append(Frame(progs[0], own))
        else:
            own[_COPIES] = [prog.id for prog in progs]
            state.stack.append(Frame(WHICH, own))

    pick = Pick(replace(x, filters=x.filters + (usable,)), key(), text.split(" of ", 1)[0] + " of",
                optional=table.optional)
    return pick_steps(pick, run)


#: the key of a copy's context holding the ids of the abilities it chooses among, and of the choice
_COPIES, _CHOSEN = "_copies", "_copied"


def _copyable(got) -> tuple:
    """The programs a copyable ability gives (None, one, or a tuple of them) that may be copied: none
    whose text copies (it would copy on)."""
    if got is None:
        return ()
    progs = got if isinstance(got, tuple) else (got,)
    return tuple(prog for prog in progs if prog.id not in COPIERS)


def _which(state, ctx: dict):
    """The step of a copy of a card with several abilities that may be copied: the controller
    chooses one (offered by its text), which then runs as the copier's."""
    ids = ctx.pop(_COPIES)
    progs = [program(i) for i in ids]
    if _CHOSEN not in ctx:
        ctx[_COPIES] = ids
        labels = [f"{prog.text} ({k + 1})" if [q.text for q in progs].count(prog.text) > 1 else prog.text
                  for k, prog in enumerate(progs)]
        return Decision(ctx["controller"], Phrase(N_("{card}: which one is copied?"), card=CardName(ctx.get("card"))),
                        [("choose", label) for label in labels], list(range(len(progs))), _CHOSEN)
    own = {k: v for k, v in ctx.items() if k in ("controller", "source", "card", "copied")}
    state.stack.append(Frame(progs[ctx.pop(_CHOSEN)], own))
    return None


WHICH = native("dsl/copy-which", _which)
