"""What a card text may refer to, checked when it is compiled.

A text's context gives it references: a Virevolt attack has ``the target``, a Ploy answering
an attack has ``that attack`` and ``that city``, a troop has ``this city``. A phrase naming a
reference its context lacks ("that city" on a command card) is a compile error saying what is
missing, never a phrase that silently does nothing. Statements that pick cards bind ``it``
for the statements after them ("destroy an enemy troop; gain battle equal to its cost").
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.dsl.errors import CardLanguageError
from tabletop.framework.language import gettext

#: How each reference is named in messages.
REFERENCES = {
    "this": "this card",
    "target": "the target",
    "attacker": "the attacker",
    "attack": "an attack being made (this attack, that attack)",
    "city": "the city this card stands in (this city)",
    "it": "'it' (a card picked earlier in the text)",
    "them": "'them' (cards looked at or picked earlier in the text)",
    "they": "'they' (the player an event or moment is about, or each of the players a statement's subject names: "
            "'each player draws a card for each card in their hand')",
    "new hero": "the new hero",
    "caster": "the caster",
    "spell": "the incantation being cast (that incantation)",
    "troop": "that troop",
    "amount": "the amount a trigger answered ('that much': a gain, damage taken)",
    "named colour": "a word named before it in the text ('name a colour', 'name a house')",
}


@dataclass(frozen=True)
class Scope:
    """The references of one text (``refs``: name -> what it is) and where the text stands (``where``)."""

    refs: dict = field(default_factory=dict)
    where: str = "this text"

    def has(self, name: str) -> bool:
        return name in self.refs

    def kind(self, name: str) -> str | None:
        return self.refs.get(name)

    def adding(self, **refs: str) -> "Scope":
        out = dict(self.refs)
        out.update({k.replace("_", " "): v for k, v in refs.items()})
        return Scope(out, self.where)

    def missing_holder(self, phrase: str, kind: str) -> str:
        """Why ``its KIND`` (``its city``) names nothing here: no card named before it."""
        have = ", ".join(REFERENCES.get(r, r) for r in sorted(self.refs) if r not in ("it", "them")) or "nothing"
        return gettext("{phrase!r} is the {kind} holding a card named before it in the text ('it': a card picked, "
                       "destroyed or moved), but {where} names none (what it can refer to: {have})").format(
            phrase=phrase, kind=kind, where=self.where, have=have)

    def missing(self, name: str, phrase: str) -> str:
        what = REFERENCES.get(name, name)
        have = ", ".join(REFERENCES.get(r, r) for r in sorted(self.refs) if r not in ("it", "them")) or "nothing"
        if name in ("it", "them") and phrase == name:
            return (f"{phrase!r} needs cards picked, drawn or named earlier in the text, but {self.where} has "
                    f"none before it (what it can refer to: {have})")
        if name in ("it", "them"):  # "if you do": about the cards the statement before acted on
            return (f"{phrase!r} asks about a statement before it that acts on cards (a draw, a discard, a "
                    f"choice), but {self.where} has none (what it can refer to: {have})")
        return (f"{phrase!r} refers to {what}, but {self.where} has none "
                f"(what it can refer to: {have})")


class Tentative:
    """One reading of some words tried by the compiler ``c``: ``with Tentative(c) as t: ...``.

    A reading that fails (a :class:`~tabletop.dsl.errors.CardLanguageError` inside the block) is
    given up: the error is swallowed and what the compiler had named (its scope, and ``it``) is put
    back, so the next reading starts where this one did. A reading that fits calls :meth:`keep`;
    leaving the block otherwise (``continue``) puts them back too.
    """

    __slots__ = ("c", "saved", "kept")

    def __init__(self, c) -> None:
        self.c = c
        self.kept = False

    def __enter__(self) -> "Tentative":
        self.saved = self.c.scope, self.c.last_ref
        return self

    def keep(self) -> None:
        """This reading fits: what it named stays named."""
        self.kept = True

    def __exit__(self, kind, error, trace) -> bool:
        if not self.kept:
            self.c.scope, self.c.last_ref = self.saved
        return kind is not None and issubclass(kind, CardLanguageError)
