"""The plain-list deck format players share, and conversion to and from a deck file's YAML.

A list deck is text, one card per line with its count first::

    name: Ember Rush        # optional, before the first card
    # red aggression        (a comment: from '#' to the end of the line)
    2 Ember Warden
    2x Cinder Imp           (an 'x' after the count is allowed: '2x', '2 x')

Blank lines are ignored. A file is read as a list when its first line that is neither blank nor
a comment starts with a count (``3 Cinder Imp``) or is ``name:`` followed by such a line;
otherwise it is a YAML deck file. Either way the same deck rules apply, with the line and column
of every problem (an unknown name gets a "did you mean"). A count is a positive whole number of
at most :data:`~tabletop.framework.userfiles.MAX_INT`, as in a YAML deck file; one written
otherwise (``0``, ``-1``, ``1.5``, 44 digits) is refused where it stands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop.framework.language import N_, gettext
from tabletop.framework.userfiles import MAX_INT, long_number
from tabletop.framework.wording import clip

#: A count as written, including those that are no number of copies (``-1``, ``1.5``), so that a
#: line starting with one is read as a list entry and its count refused, not taken for YAML.
_COUNT = r"[+-]?\d+(?:[.,]\d+)?"
_ENTRY = re.compile(rf"^(\s*)({_COUNT})\s*(?:[xX]\s+|[xX](?=[^\w\s])|\s+)(\S.*?)\s*$")
_COUNT_FIRST = re.compile(rf"^\s*{_COUNT}\s*[xX]?\s+\S")
_NAME = re.compile(r"^\s*name\s*:\s*(.*?)\s*$", re.IGNORECASE)
_COMMENT = re.compile(r"(^|\s)#.*$")


@dataclass
class DeckList:
    """A deck as written: its name, description and ``(card, count, line, column)`` entries."""

    name: str | None = None
    description: str | None = None
    entries: list = field(default_factory=list)
    problems: list = field(default_factory=list)   # (line, column, kind, message)


def _strip(line: str) -> str:
    return _COMMENT.sub("", line).rstrip()


def is_list(text: str) -> bool:
    """Whether ``text`` is a list deck (see the module docstring) rather than YAML."""
    named = False
    for raw in text.splitlines():
        line = _strip(raw)
        if not line.strip():
            continue
        if not named and _NAME.match(line) and not named:
            named = True
            continue
        return bool(_COUNT_FIRST.match(line))
    return False


def parse_list(text: str) -> DeckList:
    """The entries of a list deck; a line that is not ``COUNT Card Name`` is a located problem."""
    deck = DeckList()
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip(raw)
        if not line.strip():
            continue
        m = _NAME.match(line)
        if m and not deck.entries and deck.name is None:
            deck.name = m.group(1) or None
            continue
        m = _ENTRY.match(line)
        if not m:
            col = len(line) - len(line.lstrip()) + 1
            deck.problems.append((number, col, "bad-line",
                                  f"expected a count and a card name, e.g. '3 Cinder Imp', not {line.strip()[:60]!r}"))
            continue
        written, card = m.group(2), m.group(3)
        problem = count_problem(written, card)
        if problem:
            deck.problems.append((number, m.start(2) + 1, "bad-count", problem))
            continue
        deck.entries.append((card, int(written.lstrip("+")), number, m.start(3) + 1))
    return deck


def count_problem(written: str, card: str) -> str | None:
    """Why the count ``written`` before ``card`` is no number of copies, or None when it is one: a
    positive whole number no larger than a YAML deck file's reader accepts (:data:`MAX_INT`), so
    that both formats refuse the same counts (and 44 digits are never added up and echoed)."""
    digits = written[1:] if written.startswith("+") else written  # '+2' is 2, as YAML reads it
    if not digits.isdigit() or not digits.strip("0"):
        return gettext("{card}: the count must be a positive whole number, not {value!r}").format(
            card=clip(card, 60), value=clip(written, 40))
    if len(digits.lstrip("0")) > len(str(MAX_INT)) or int(digits) > MAX_INT:
        return gettext(TOO_LARGE).format(card=clip(card, 60), count=long_number(written), max=MAX_INT)
    return None


TOO_LARGE = N_("{card}: {count} is too large for a count of copies (at most {max:,})")


def to_list(name: str | None, cards: dict[str, int], description: str | None = None) -> str:
    """A deck as the plain list (what ``tabletop decks convert --to list`` writes)."""
    out = []
    if description:
        out += [f"# {line}".rstrip() for line in description.splitlines()]
    if name:
        out.append(f"name: {name}")
    out += [f"{n} {card}" for card, n in cards.items()]
    return "\n".join(out) + "\n"


def to_yaml(name: str | None, cards: dict[str, int], description: str | None = None) -> str:
    """A deck as a YAML deck file (what ``tabletop decks convert --to yaml`` writes)."""
    import yaml

    data: dict = {}
    if name:
        data["name"] = name
    if description:
        data["description"] = description
    data["cards"] = dict(cards)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)
