"""A pack's words: word classes and phrase patterns, each compiled by a pack function.

A pattern is literal words (and commas) with placeholders ``{name:type}``::

    number          a NUMBER or a parenthesised expression -> Quantity
    word:CLASS      one word of the class -> str
    words:CLASS     words of the class separated by ',', 'and', 'or' -> tuple[str, ...]
    amounts:CLASS   'N word' pairs separated by ',' or 'and' -> tuple[(Quantity, str), ...]
    name            a "double quoted" card name -> str
    FAMILY          any pattern of that family (recursively) -> that pattern's result

The first pattern of a family (in registration order) that matches a whole phrase wins.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from tabletop.dsl.errors import VocabularyError

EFFECT, CONDITION, QUANTITY = "effect", "condition", "quantity"
TRIGGER, COST, MODIFIER = "trigger", "cost", "modifier"
_BUILTIN_TYPES = ("number", "word", "words", "amounts", "name")
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*):([a-z_][a-z0-9_\-]*)(?::([a-z_][a-z0-9_\-]*))?\}")
_WORD = re.compile(r"[a-z][a-z0-9']*(-[a-z0-9']+)*\Z")


class Element:
    """One element of a pattern: a literal (``kind == "lit"``) or a placeholder."""

    __slots__ = ("kind", "name", "arg")

    def __init__(self, kind: str, name: str | None = None, arg: str | None = None) -> None:
        self.kind = kind      # lit | number | word | words | amounts | name | family
        self.name = name      # placeholder name, or the literal text
        self.arg = arg        # word class, or family name

    def show(self) -> str:
        k, a = self.kind, self.arg
        if k == "lit":
            return self.name
        if k == "number":
            return "N"
        if k == "word":
            return a.upper()
        if k == "words":
            return f"{a.upper()}..."
        if k == "amounts":
            return f"N {a.upper()}, ..."
        if k == "name":
            return '"CARD NAME"'
        return a.upper()


class Pattern:
    """A registered phrase pattern of a family and the function that compiles it."""

    __slots__ = ("family", "text", "elements", "fn", "first")

    def __init__(self, family: str, text: str, fn: Callable[..., Any]) -> None:
        self.family = family
        self.text = text
        self.fn = fn
        self.elements = tuple(_parse_pattern(text))
        if not self.elements:
            raise VocabularyError(f"empty {family} pattern")
        e0 = self.elements[0]
        self.first = e0.name if e0.kind == "lit" else None

    def show(self) -> str:
        out = ""
        for e in self.elements:
            s = e.show()
            out += s if (s == "," or not out) else " " + s
        return out

    def __repr__(self) -> str:
        return f"Pattern({self.family!r}, {self.text!r})"


def _parse_pattern(text: str) -> list[Element]:
    out: list[Element] = []
    pos = 0
    names: set[str] = set()
    for m in _PLACEHOLDER.finditer(text):
        out.extend(_literals(text[pos:m.start()], text))
        name, typ, arg = m.group(1), m.group(2), m.group(3)
        if name in names:
            raise VocabularyError(f"pattern {text!r}: placeholder {name!r} appears twice")
        names.add(name)
        if typ in ("word", "words", "amounts"):
            if not arg:
                raise VocabularyError(f"pattern {text!r}: {{{name}:{typ}:CLASS}} needs a word class")
            out.append(Element(typ, name, arg))
        elif typ in ("number", "name"):
            if arg:
                raise VocabularyError(f"pattern {text!r}: {{{name}:{typ}}} takes no class")
            out.append(Element(typ, name))
        else:
            if arg:
                raise VocabularyError(f"pattern {text!r}: unknown placeholder type {typ!r}")
            out.append(Element("family", name, typ))
        pos = m.end()
    out.extend(_literals(text[pos:], text))
    return out


def _literals(chunk: str, text: str) -> list[Element]:
    if "{" in chunk or "}" in chunk:
        raise VocabularyError(f"pattern {text!r}: malformed placeholder near {chunk.strip()!r}")
    out = []
    for w in chunk.replace(",", " , ").split():
        if w != "," and not _WORD.match(w):
            raise VocabularyError(f"pattern {text!r}: {w!r} is not a lowercase word")
        out.append(Element("lit", w))
    return out


class Vocabulary:
    """The words of one pack: word classes and pattern families (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.classes: dict[str, tuple[str, ...]] = {}
        self.families: dict[str, list[Pattern]] = {}
        self._index: dict[str, tuple[dict[str, list[Pattern]], list[Pattern]]] = {}

    # -- words -----------------------------------------------------------------
    def words(self, cls: str, words) -> None:
        """Add words to a word class (creating it)."""
        ws = tuple(words)
        for w in ws:
            if not _WORD.match(w):
                raise VocabularyError(f"word class {cls!r}: {w!r} is not a lowercase word")
        old = self.classes.get(cls, ())
        self.classes[cls] = old + tuple(w for w in ws if w not in old)

    def word_class(self, cls: str) -> tuple[str, ...]:
        try:
            return self.classes[cls]
        except KeyError:
            raise VocabularyError(f"vocabulary {self.name!r}: unknown word class {cls!r}") from None

    # -- patterns --------------------------------------------------------------
    def add(self, family: str, pattern: str, fn: Callable[..., Any]) -> Pattern:
        p = Pattern(family, pattern, fn)
        self.families.setdefault(family, []).append(p)
        self._index.pop(family, None)
        return p

    def pattern(self, family: str, pattern: str):
        """Decorator: ``fn(**placeholders)`` compiles a phrase of ``family`` matching ``pattern``."""
        def deco(fn):
            self.add(family, pattern, fn)
            return fn
        return deco

    def effect(self, pattern: str):
        """A statement: ``fn`` returns a step ``(state, ctx) -> Decision | None`` or a tuple of steps."""
        return self.pattern(EFFECT, pattern)

    def condition(self, pattern: str):
        """A condition phrase: ``fn`` returns a predicate ``(state, ctx) -> bool``."""
        return self.pattern(CONDITION, pattern)

    def quantity(self, pattern: str):
        """A quantity phrase, used in ``( ... )`` expressions: ``fn`` returns ``(state, ctx) -> int``."""
        return self.pattern(QUANTITY, pattern)

    def trigger(self, pattern: str):
        return self.pattern(TRIGGER, pattern)

    def cost(self, pattern: str):
        return self.pattern(COST, pattern)

    def modifier(self, pattern: str):
        return self.pattern(MODIFIER, pattern)

    def extend(self, other: "Vocabulary") -> "Vocabulary":
        """Add every word class and pattern of ``other`` (after the ones already here)."""
        for cls, ws in other.classes.items():
            self.words(cls, ws)
        for fam, pats in other.families.items():
            mine = self.families.setdefault(fam, [])
            mine.extend(p for p in pats if p not in mine)
            self._index.pop(fam, None)
        return self

    def patterns(self, family: str) -> list[Pattern]:
        return self.families.get(family, [])

    def index(self, family: str) -> tuple[dict[str, list[Pattern]], list[Pattern]]:
        """(patterns by first literal word, patterns starting with a placeholder), in order."""
        idx = self._index.get(family)
        if idx is None:
            by_first: dict[str, list[Pattern]] = {}
            open_: list[Pattern] = []
            for p in self.families.get(family, []):
                if p.first is None:
                    open_.append(p)
                else:
                    by_first.setdefault(p.first, []).append(p)
            idx = self._index[family] = (by_first, open_)
        return idx
