"""Actions: small hashable tuples with one text notation for screens, logs, saves and scenarios.

An action is ``(verb, *args)``; ``verb`` may hold spaces (``"end turn"``), each argument is
an ``int`` or a ``str``. A :class:`VerbSpec` says what kinds of arguments a verb takes, which
is all :func:`parse_action` needs to turn ``"play Elite Trooper city2"`` back into
``("play", "Elite Trooper", "city2")``: at most one argument may be a multi-word *name*; the
others are single tokens, so the split is never ambiguous.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext as _, shown_card_word
from tabletop.framework.numerals import whole_number
from tabletop.framework.wording import shown

Action = tuple

WORD, INT, NAME = "word", "int", "name"
# Any other argument kind is a regular expression a single token must match in full,
# e.g. r"(p\d+\.)?(city\d+|lair)"; it lets a name be followed by an optional token.


@dataclass(frozen=True)
class VerbSpec:
    """A verb and the kinds of its arguments (``"word"``, ``"int"`` or ``"name"``), with what
    people read about it: ``help``, the ``usage`` in the game's own words
    (``cast <incantation> [<effect number>]``) and a real ``example`` (``cast Fireball 2``)."""

    verb: str
    args: tuple[str, ...] = ()
    help: str = ""
    optional_tail: int = 0  # how many trailing arguments may be left out
    usage: str = ""
    example: str = ""

    def __post_init__(self) -> None:
        if list(self.args).count(NAME) > 1:
            raise ValueError(f"verb {self.verb!r}: at most one multi-word name argument")

    def shape(self) -> str:
        """The usage, or one made from the argument kinds (optional arguments in brackets)."""
        if self.usage:
            return self.usage
        kinds = {WORD: "<word>", INT: "<number>", NAME: "<name>"}
        parts = [kinds.get(k, "<place>") for k in self.args]
        for i in range(len(parts) - self.optional_tail, len(parts)):
            parts[i] = f"[{parts[i]}]"
        return " ".join([self.verb, *parts])


class ActionSyntaxError(TabletopError, ValueError):
    """Text that is not an action of the game's notation (a :class:`TabletopError`, and a
    ``ValueError`` as before)."""


#: The verbs that answer decisions, shared by every game.
DECISION_VERBS = {
    "choose": VerbSpec("choose", (NAME,), "pick one of the options offered (as listed)",
                       usage="choose <option>"),
    "yes": VerbSpec("yes", (), "accept the optional effect offered", example="yes"),
    "no": VerbSpec("no", (), "decline the optional effect offered", example="no"),
    "skip": VerbSpec("skip", (), "choose nothing", example="skip"),
}


def format_action(action: Action) -> str:
    """The notation of ``action``: the verb, then each argument, separated by spaces."""
    if len(action) == 1:
        return action[0]
    return " ".join([action[0], *map(str, action[1:])])


def shown_action(action: Action) -> str:
    """The notation of ``action`` as a player reads it: card names in the language spoken now (the
    verbs are the notation's own words, as the card language's are). :func:`parse_action` reads both."""
    if len(action) == 1:
        return action[0]
    return " ".join([action[0], *(shown_card_word(a) if isinstance(a, str) else str(a) for a in action[1:])])


def parse_action(text: str, specs: dict[str, VerbSpec]) -> Action:
    """Parse ``text`` with the verb specs of a game; raise :class:`ActionSyntaxError` if it is no action."""
    words = text.split()
    if not words:
        raise ActionSyntaxError(_("empty action"))
    best = None
    for n in range(min(3, len(words)), 0, -1):
        verb = " ".join(words[:n]).lower()
        if verb in specs:
            best = specs[verb]
            rest = words[n:]
            break
    if best is None:
        from tabletop.framework.suggest import did_you_mean

        first = words[0].lower()
        longer = [s for v, s in specs.items() if v.split()[0] == first]
        if longer:  # the start of a longer verb ("acquire" of "acquire asset")
            forms = "; ".join(s.shape() for s in longer)
            example = next((s.example for s in longer if s.example), "")
            message = _("{text}: '{verb}' is written {forms} (e.g. '{example}')") if example else \
                _("{text}: '{verb}' is written {forms}")
            raise ActionSyntaxError(message.format(text=shown(text.strip()), verb=first, forms=forms, example=example))
        hint = did_you_mean(first, {v.split()[0] for v in specs})
        raise ActionSyntaxError(_("unknown action {word}{hint}").format(word=shown(words[0]), hint=hint))
    args = _split_args(best, rest, text)
    return (best.verb, *args)


def _split_args(spec: VerbSpec, rest: list[str], text: str) -> list:
    kinds = list(spec.args)
    need = len(kinds) - spec.optional_tail
    if NAME not in kinds:
        if not need <= len(rest) <= len(kinds):
            raise ActionSyntaxError(_usage(spec, text))
        kinds = kinds[: len(rest)]
        return [_convert(k, w, spec, text) for k, w in zip(kinds, rest)]
    # exactly one name argument: single tokens around it, the name takes the rest
    for dropped in range(0, spec.optional_tail + 1):
        ks = kinds[: len(kinds) - dropped]
        if NAME not in ks:
            continue
        i = ks.index(NAME)
        after = len(ks) - i - 1
        if len(rest) < len(ks):
            continue
        head, name, tail = rest[:i], rest[i: len(rest) - after], rest[len(rest) - after:]
        try:
            out = [_convert(k, w, spec, text) for k, w in zip(ks[:i], head)]
            out.append(" ".join(name))
            out += [_convert(k, w, spec, text) for k, w in zip(ks[i + 1:], tail)]
        except ActionSyntaxError:
            continue
        return out
    raise ActionSyntaxError(_usage(spec, text))


def _convert(kind: str, word: str, spec: VerbSpec, text: str):
    if kind not in (WORD, INT, NAME):
        if not re.fullmatch(kind, word):
            raise ActionSyntaxError(_("{text}: {word} is not a valid argument ({usage})").format(
                text=shown(text), word=shown(word), usage=_usage(spec, text)))
        return word
    if kind == INT:
        number = whole_number(word, signed=True)
        if number is None:
            raise ActionSyntaxError(_("{text}: expected a number, got {word} ({usage})").format(
                text=shown(text), word=shown(word), usage=_usage(spec, text)))
        return number
    return word


def _usage(spec: VerbSpec, text: str) -> str:
    if spec.example:
        return _("{text} does not match '{shape}', e.g. '{example}'").format(text=shown(text), shape=spec.shape(),
                                                                          example=spec.example)
    return _("{text} does not match '{shape}'").format(text=shown(text), shape=spec.shape())
