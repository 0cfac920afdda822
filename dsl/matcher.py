"""Matching a phrase of a card text against the pack's patterns.

A phrase arrives as a list of :class:`Atom` (words, numbers, quoted names, commas,
parenthesised expressions); :class:`Matcher` tries each pattern of a family over it, with
backtracking, and remembers the furthest point it reached so an error can say what was
expected there.
"""
from __future__ import annotations

from typing import Any

from lark import Token

from tabletop.dsl.errors import VocabularyError
from tabletop.dsl.vocabulary import Element, Vocabulary

class Atom:
    __slots__ = ("kind", "value", "start", "end", "tree", "q")

    def __init__(self, kind: str, value: Any, start: int, end: int, tree: Any = None) -> None:
        self.kind = kind      # w (word, 'and', 'or') | n (number) | s (name) | , | e (expression)
        self.value = value
        self.start = start
        self.end = end
        self.tree = tree
        self.q = None

    def show(self) -> str:
        if self.kind == "n":
            return f"number {self.value}"
        if self.kind == "s":
            return f'card name "{self.value}"'
        if self.kind == "e":
            return "a ( ) expression"
        return repr(self.value)


def to_atoms(children) -> list[Atom]:
    out = []
    for ch in children:
        if isinstance(ch, Token):
            t = ch.type
            if t == "NUMBER":
                out.append(Atom("n", int(ch), ch.start_pos, ch.end_pos))
            elif t == "STRING":
                out.append(Atom("s", ch[1:-1], ch.start_pos, ch.end_pos))
            elif t == "COMMA":
                out.append(Atom(",", ",", ch.start_pos, ch.end_pos))
            else:
                out.append(Atom("w", str(ch), ch.start_pos, ch.end_pos))
        else:  # paren_expr
            out.append(Atom("e", None, ch.meta.start_pos, ch.meta.end_pos, ch.children[0]))
    return out


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


class Matcher:
    """Backtracking match of a phrase's atoms; remembers the furthest failure for the error."""

    __slots__ = ("vocab", "atoms", "far", "expect", "words", "classes", "active", "budget")

    def __init__(self, vocab: Vocabulary, atoms: list[Atom]) -> None:
        self.vocab = vocab
        self.atoms = atoms
        self.far = -1
        self.expect: list[str] = []
        self.words: list[str] = []
        self.classes: list[str] = []
        self.active: set = set()
        self.budget = 200_000

    def fail(self, pos: int, desc: str, words=(), cls: str | None = None) -> None:
        if pos > self.far:
            self.far = pos
            self.expect, self.words, self.classes = [], [], []
        if pos == self.far:
            if desc not in self.expect:
                self.expect.append(desc)
            self.words.extend(words)
            if cls is not None and cls not in self.classes:
                self.classes.append(cls)

    def seq(self, elems: tuple, k: int, pos: int):
        if k == len(elems):
            yield pos, ()
            return
        el = elems[k]
        for p2, v in self.elem(el, pos):
            for p3, rest in self.seq(elems, k + 1, p2):
                yield p3, ((el, v),) + rest

    def _word(self, pos: int) -> str | None:
        atoms = self.atoms
        if pos < len(atoms) and atoms[pos].kind in "w,":
            return atoms[pos].value
        return None

    def elem(self, el: Element, pos: int):
        self.budget -= 1
        if self.budget < 0:
            raise TooComplex()
        atoms, kind = self.atoms, el.kind
        n = len(atoms)
        if kind == "lit":
            if self._word(pos) == el.name:
                yield pos + 1, None
            else:
                self.fail(pos, repr(el.name), (el.name,))
        elif kind == "number":
            if pos < n and atoms[pos].kind in "ne":
                yield pos + 1, atoms[pos]
            else:
                self.fail(pos, "a number")
        elif kind == "word":
            cls = self.vocab.word_class(el.arg)
            w = self._word(pos)
            if w is not None and w in cls:
                yield pos + 1, w
            else:
                self.fail(pos, article(el.arg), cls, el.arg)
        elif kind == "words":
            yield from self._words(el.arg, pos)
        elif kind == "amounts":
            yield from self._amounts(el.arg, pos)
        elif kind == "name":
            if pos < n and atoms[pos].kind == "s":
                yield pos + 1, atoms[pos].value
            else:
                self.fail(pos, 'a card name in "double quotes"')
        else:
            fam = el.arg
            pats = self.vocab.families.get(fam)
            if pats is None:
                raise VocabularyError(f"vocabulary {self.vocab.name!r}: no pattern of family {fam!r}")
            key = (fam, pos)
            if key in self.active:  # left recursion
                return
            self.active.add(key)
            try:
                for p in pats:
                    for end, binds in self.seq(p.elements, 0, pos):
                        yield end, (p, binds, pos, end)
            finally:
                self.active.discard(key)

    def _seps(self, pos: int, allow_or: bool):
        """Positions just after a list separator at ``pos`` (',', 'and', 'or', ', and')."""
        w = self._word(pos)
        if w == ",":
            yield pos + 1
            w2 = self._word(pos + 1)
            if w2 == "and" or (allow_or and w2 == "or"):
                yield pos + 2
        elif w == "and" or (allow_or and w == "or"):
            yield pos + 1

    def _words(self, clsname: str, pos: int):
        cls = self.vocab.word_class(clsname)
        w = self._word(pos)
        if w is None or w not in cls:
            self.fail(pos, article(clsname), cls, clsname)
            return
        found = [(pos + 1, (w,))]
        frontier = [(pos + 1, (w,))]
        while frontier:
            nxt = []
            for p, got in frontier:
                for q in self._seps(p, True):
                    w = self._word(q)
                    if w is not None and w in cls:
                        nxt.append((q + 1, got + (w,)))
                    else:
                        self.fail(q, article(clsname), cls, clsname)
            found.extend(nxt)
            frontier = nxt
        yield from reversed(found)

    def _amounts(self, clsname: str, pos: int):
        cls = self.vocab.word_class(clsname)
        atoms = self.atoms
        example = f"like '2 {cls[0]}'" if cls else ""
        desc = f"an amount of {clsname} {example}".rstrip()

        def pair(p):
            if p < len(atoms) and atoms[p].kind in "ne":
                w = self._word(p + 1)
                if w is not None and w in cls:
                    return (atoms[p], w)
                self.fail(p + 1, article(clsname), cls, clsname)
            else:
                self.fail(p, desc)
            return None

        first = pair(pos)
        if first is None:
            return
        found = [(pos + 2, (first,))]
        frontier = list(found)
        while frontier:
            nxt = []
            for p, got in frontier:
                for q in self._seps(p, False):
                    pr = pair(q)
                    if pr is not None:
                        nxt.append((q + 2, got + (pr,)))
            found.extend(nxt)
            frontier = nxt
        yield from reversed(found)


class TooComplex(Exception):
    pass


# ---------------------------------------------------------------------------------------
# syntax errors in words

def norm(s: str) -> str:
    return " ".join(s.split())
