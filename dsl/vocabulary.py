"""A pack's words: word classes and phrase patterns, each compiled by a pack function.

A pattern is literal words (and commas) with placeholders ``{name:type}``::

    number          a NUMBER, a number word (a, one... ten) or a parenthesised expression -> Quantity
    word:CLASS      one word of the class -> str
    words:CLASS     words of the class separated by ',', 'and', 'or' -> tuple[str, ...]
    amounts:CLASS   'N word' pairs separated by ',' or 'and' -> tuple[(Quantity, str), ...]
    name            a "double quoted" card name -> str
    FAMILY          any pattern of that family (recursively), or what a sub-parser of that
                    name reads (selectors, players, comparisons...) -> its result

``[...]`` marks an optional part and ``a|b`` alternative words: ``draw {n:number} [card]``,
``{who:players} discard|discards {x:cards}``. Literal words match in either grammatical
number (``card`` also matches ``cards``). The first pattern of a family (in registration
order) that matches a whole phrase wins.
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
_COMPARATIVES = ("more", "less", "fewer", "greater", "higher", "lower")
# words whose final s is not a plural
_NOT_PLURAL = frozenset("this its is has was less as yes his us does plus bonus focus process "
                        "across always perhaps whereas unless thus".split())


def forms(word: str) -> frozenset:
    """The spellings a literal accepts: itself, its plural and its singular (``card``/``cards``)."""
    out = {word}
    if len(word) < 3 or not word.isalpha() or word in _NOT_PLURAL:
        return frozenset(out)
    if word.endswith("ies"):
        out.add(word[:-3] + "y")
    elif word.endswith(("oes", "ches", "shes", "xes", "sses")):
        out.add(word[:-2])
    elif word.endswith("s") and not word.endswith("ss"):
        out.add(word[:-1])
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        out.add(word[:-1] + "ies")
    elif word.endswith(("o", "ch", "sh", "x", "ss")):
        out.add(word + "es")
    elif not word.endswith("s"):
        out.add(word + "s")
    if word in ("die", "dies"):
        out.update(("die", "dies"))
    return frozenset(out)


class Element:
    """One element of a pattern: a literal (``kind == "lit"``), an optional group, or a placeholder."""

    __slots__ = ("kind", "name", "arg", "forms", "shown")

    def __init__(self, kind: str, name: str | None = None, arg=None) -> None:
        self.kind = kind      # lit | opt | number | word | words | amounts | name | family
        self.name = name      # placeholder name, or the literal text
        self.arg = arg        # word class, family name, or an optional group's elements
        self.shown: tuple = ()
        self.forms: frozenset = frozenset()
        if kind == "lit":
            self.shown = tuple(name.split("|"))
            self.forms = frozenset().union(*(forms(w) for w in self.shown))

    def show(self) -> str:
        k, a = self.kind, self.arg
        if k == "lit":
            return self.name
        if k == "opt":
            return "[" + " ".join(e.show() for e in a) + "]"
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
    """A registered phrase pattern of a family and the function that compiles it.

    ``needs`` names what the phrase refers to (``"attack"`` for "cancel that attack"): the
    phrase compiles only where the text's scope has it. ``example`` is a phrase using the
    pattern, shown by ``tabletop cards words`` and compiled by the tests. A pattern not
    ``listed`` is read only to refuse the phrase with a reason (troops that "die" in a game
    where they are destroyed): it is not shown among the phrases a pack speaks.
    """

    __slots__ = ("family", "text", "elements", "fn", "first", "needs", "example", "listed")

    def __init__(self, family: str, text: str, fn: Callable[..., Any], needs: tuple = (),
                 example: str | None = None, listed: bool = True) -> None:
        self.family = family
        self.text = text
        self.fn = fn
        self.needs = tuple(needs)
        self.example = example
        self.listed = listed
        self.elements = tuple(_parse_pattern(text))
        if not self.elements:
            raise VocabularyError(f"empty {family} pattern")
        e0 = self.elements[0]
        self.first = e0.forms if e0.kind == "lit" else None

    def show(self) -> str:
        out = ""
        for e in self.elements:
            s = e.show()
            out += s if (s == "," or not out) else " " + s
        return out

    def __repr__(self) -> str:
        return f"Pattern({self.family!r}, {self.text!r})"


def _parse_pattern(text: str) -> list[Element]:
    """Elements of ``text``, with ``[...]`` groups (possibly nested) as optional elements."""
    stack: list[list[Element]] = [[]]
    names: set[str] = set()
    pos = 0
    for m in re.finditer(r"\[|\]", text):
        stack[-1].extend(_flat(text[pos:m.start()], text, names))
        if m.group() == "[":
            stack.append([])
        else:
            if len(stack) == 1:
                raise VocabularyError(f"pattern {text!r}: ']' without '['")
            group = stack.pop()
            if not group:
                raise VocabularyError(f"pattern {text!r}: empty [ ]")
            stack[-1].append(Element("opt", None, tuple(group)))
        pos = m.end()
    if len(stack) != 1:
        raise VocabularyError(f"pattern {text!r}: '[' without ']'")
    stack[-1].extend(_flat(text[pos:], text, names))
    return stack[0]


def _flat(chunk_text: str, text: str, names: set) -> list[Element]:
    out: list[Element] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(chunk_text):
        out.extend(_literals(chunk_text[pos:m.start()], text))
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
    out.extend(_literals(chunk_text[pos:], text))
    return out


def _literals(chunk: str, text: str) -> list[Element]:
    if "{" in chunk or "}" in chunk:
        raise VocabularyError(f"pattern {text!r}: malformed placeholder near {chunk.strip()!r}")
    words = chunk.replace(",", " , ").split()
    joined: list[str] = []
    for w in words:  # "or more" is one word of the language, as in a card text
        if joined and joined[-1] == "or" and w in _COMPARATIVES:
            joined[-1] = "or-" + w
        else:
            joined.append(w)
    out = []
    for w in joined:
        for alt in w.split("|"):
            if alt != "," and not _WORD.match(alt):
                raise VocabularyError(f"pattern {text!r}: {alt!r} is not a lowercase word")
        out.append(Element("lit", w))
    return out


class Vocabulary:
    """The words of one pack: word classes and pattern families (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.classes: dict[str, tuple[str, ...]] = {}
        self.unlisted: dict[str, set[str]] = {}
        self.families: dict[str, list[Pattern]] = {}
        self.parsers: dict[str, Callable] = {}
        self.parser_docs: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.table = None
        self._index: dict[str, tuple[dict[str, list[Pattern]], list[Pattern]]] = {}

    # -- words -----------------------------------------------------------------
    def words(self, cls: str, words, listed: bool = True) -> None:
        """Add words to a word class (creating it). Words not ``listed`` are read but never offered
        (in listings, expected lists or suggestions): words of other games that a phrase reads only
        to refuse them with a reason ("in virevolt, a card never leaves play by being destroyed")."""
        ws = tuple(words)
        for w in ws:
            if not _WORD.match(w):
                raise VocabularyError(f"word class {cls!r}: {w!r} is not a lowercase word")
        old = self.classes.get(cls, ())
        self.classes[cls] = old + tuple(w for w in ws if w not in old)
        if not listed:
            self.unlisted.setdefault(cls, set()).update(ws)

    def listed_words(self, cls: str) -> tuple[str, ...]:
        """The words of class ``cls`` a user is offered (see :meth:`words`)."""
        hidden = self.unlisted.get(cls)
        ws = self.word_class(cls)
        return ws if not hidden else tuple(w for w in ws if w not in hidden)

    def word_class(self, cls: str) -> tuple[str, ...]:
        try:
            return self.classes[cls]
        except KeyError:
            raise VocabularyError(f"vocabulary {self.name!r}: unknown word class {cls!r}") from None

    # -- patterns --------------------------------------------------------------
    def add(self, family: str, pattern: str, fn: Callable[..., Any], needs=(), example: str | None = None,
            listed: bool = True) -> Pattern:
        p = Pattern(family, pattern, fn, tuple([needs] if isinstance(needs, str) else needs), example, listed)
        self.families.setdefault(family, []).append(p)
        self._index.pop(family, None)
        return p

    def pattern(self, family: str, pattern: str, needs=(), example: str | None = None, listed: bool = True):
        """Decorator: ``fn(**placeholders)`` compiles a phrase of ``family`` matching ``pattern``.

        A function with a ``scope`` parameter also receives the text's
        :class:`~tabletop.dsl.scope.Scope` (what the text may refer to).
        """
        def deco(fn):
            self.add(family, pattern, fn, needs, example, listed)
            return fn
        return deco

    def parser(self, family: str, doc: str = "", examples: tuple = ()):
        """Decorator: ``fn(matcher, pos)`` yields ``(end, value)`` readings of a ``family`` phrase.

        For what patterns cannot say compactly (selectors, comparisons); ``{x:family}``
        placeholders then read with it.
        """
        def deco(fn):
            self.parsers[family] = fn
            self.parser_docs[family] = (doc, tuple(examples))
            return fn
        return deco

    def effect(self, pattern: str, needs=(), example: str | None = None):
        """A statement: ``fn`` returns a step ``(state, ctx) -> Decision | None`` or a tuple of steps."""
        return self.pattern(EFFECT, pattern, needs, example)

    def condition(self, pattern: str, needs=(), example: str | None = None, listed: bool = True):
        """A condition phrase: ``fn`` returns a predicate ``(state, ctx) -> bool``."""
        return self.pattern(CONDITION, pattern, needs, example, listed)

    def quantity(self, pattern: str, needs=(), example: str | None = None):
        """A quantity phrase: ``fn`` returns ``(state, ctx) -> int`` (or a Quantity)."""
        return self.pattern(QUANTITY, pattern, needs, example)

    def trigger(self, pattern: str, needs=(), example: str | None = None, listed: bool = True):
        """A trigger phrase (what a card waits for): ``fn`` returns an event description."""
        return self.pattern(TRIGGER, pattern, needs, example, listed)

    def cost(self, pattern: str, needs=(), example: str | None = None):
        return self.pattern(COST, pattern, needs, example)

    def modifier(self, pattern: str, needs=(), example: str | None = None):
        """A lasting change (a modifier or a rule): ``fn`` returns what the pack's rules read."""
        return self.pattern(MODIFIER, pattern, needs, example)

    def extend(self, other: "Vocabulary") -> "Vocabulary":
        """Add every word class and pattern of ``other`` (after the ones already here)."""
        for cls, ws in other.classes.items():
            hidden = other.unlisted.get(cls, set())
            self.words(cls, [w for w in ws if w not in hidden])
            if hidden:
                self.words(cls, [w for w in ws if w in hidden], listed=False)
        for fam, pats in other.families.items():
            mine = self.families.setdefault(fam, [])
            mine.extend(p for p in pats if p not in mine)
            self._index.pop(fam, None)
        for fam, fn in other.parsers.items():
            self.parsers.setdefault(fam, fn)
            self.parser_docs.setdefault(fam, other.parser_docs.get(fam, ("", ())))
        if self.table is None:
            self.table = other.table
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
                    for f in p.first:
                        by_first.setdefault(f, []).append(p)
            idx = self._index[family] = (by_first, open_)
        return idx
