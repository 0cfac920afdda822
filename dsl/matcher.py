"""Matching a phrase of a card text against the pack's patterns.

A phrase arrives as a list of :class:`Atom` (words, numbers, quoted names, commas,
parenthesised expressions); :class:`Matcher` tries each pattern of a family over it, with
backtracking, and remembers the furthest point it reached so an error can say what was
expected there. Words match regardless of grammatical number (``card`` matches ``cards``,
``costs`` matches ``cost``), and number words (``a``, ``one``... ``ten``) are numbers.
"""
from __future__ import annotations

from typing import Any

from lark import Token

from tabletop.dsl.errors import CardLanguageError, VocabularyError
from tabletop.dsl.vocabulary import Element, Vocabulary, forms
from tabletop.framework.language import gettext

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "no": 0, "once": 1, "twice": 2}
#: the order of a card or an event among this turn's ("the third card you played this turn")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10}
MAX_NUMBER = 9999
#: How a text says "for the rest of this turn" (a change or a trigger an effect leaves behind).
THIS_TURN = (("this", "turn"), ("until", "the", "end", "of", "turn"), ("until", "end", "of", "turn"),
             ("until", "the", "end", "of", "your", "turn"), ("until", "the", "end", "of", "this", "turn"),
             ("until", "the", "end", "of", "the", "turn"))


def in_class(cls: tuple, w: str | None) -> str | None:
    """``w`` as a word of the class ``cls``: itself, or the class's word it is the plural or the
    singular of ("2 battles" is 2 battle): words match in either grammatical number."""
    if w is None or w in cls:
        return w
    return next((c for c in cls if w in forms(c)), None)


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

    def __repr__(self) -> str:
        return f"Atom({self.kind}, {self.value!r})"


# "didn't attack" reads "did not attack": both words point at the contraction as written
CONTRACTIONS = {f"{verb}n't": (verb, "not") for verb in (
    "did", "does", "do", "is", "are", "was", "were", "has", "have", "had", "could", "should")}
CONTRACTIONS.update({"can't": ("cannot",), "won't": ("will", "not")})


def to_atoms(children) -> list[Atom]:
    out = []
    for ch in children:
        if isinstance(ch, Token):
            t = ch.type
            if t in ("NUMBER", "SIGNED"):
                out.append(Atom("n", int(ch), ch.start_pos, ch.end_pos))
            elif t == "STRING":
                out.append(Atom("s", ch[1:-1], ch.start_pos, ch.end_pos))
            elif t == "COMMA":
                out.append(Atom(",", ",", ch.start_pos, ch.end_pos))
            elif t == "ORMORE":
                out.append(Atom("w", "or-" + str(ch).split()[-1], ch.start_pos, ch.end_pos))
            elif str(ch) in CONTRACTIONS:
                out.extend(Atom("w", w, ch.start_pos, ch.end_pos) for w in CONTRACTIONS[str(ch)])
            else:
                out.append(Atom("w", str(ch), ch.start_pos, ch.end_pos))
        elif isinstance(ch, Atom):
            out.append(ch)
        else:  # paren_expr
            out.append(Atom("e", None, ch.meta.start_pos, ch.meta.end_pos, ch.children[0]))
    return out


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


class TooComplex(Exception):
    pass


class Matcher:
    """Backtracking match of a phrase's atoms; remembers the furthest failure for the error.

    ``compiler`` compiles numbers met on the way; ``scope`` is what the text may refer to;
    ``implicit`` is the number an ``equal to ...`` tail gives to a pattern's missing number;
    ``implied`` the duration said before the statement (``this turn, give immunity to ...``),
    read where the statement's own duration would end it.
    """

    __slots__ = ("vocab", "atoms", "far", "expect", "words", "classes", "active", "budget",
                 "compiler", "scope", "implicit", "implied")

    def __init__(self, vocab: Vocabulary, atoms: list[Atom], compiler=None, scope=None, implicit=None,
                 implied=None) -> None:
        self.vocab = vocab
        self.atoms = atoms
        self.far = -1
        self.expect: list[str] = []
        self.words: list[str] = []
        self.classes: list[str] = []
        self.active: set = set()
        self.budget = 200_000
        self.compiler = compiler
        self.scope = scope
        self.implicit = implicit
        self.implied = implied

    # -- reporting ---------------------------------------------------------------
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

    def missing(self, a: int, b: int, ref: str | None) -> tuple | None:
        """The problem of naming reference ``ref`` at atoms ``a``..``b`` where the scope has none.

        Parsers attach it to the value they read (``value.problem``): the compiler reports it
        if that reading is the one chosen.
        """
        if ref is None or self.scope is None or self.scope.has(ref):
            return None
        phrase = " ".join(str(x.value) for x in self.atoms[a:b])
        return (a, b, self.scope.missing(ref, phrase))

    def tick(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise TooComplex()

    # -- small readers for sub-parsers -----------------------------------------------
    def word(self, pos: int) -> str | None:
        atoms = self.atoms
        if pos < len(atoms) and atoms[pos].kind in "w,":
            return atoms[pos].value
        return None

    def is_word(self, pos: int, *forms: str) -> bool:
        w = self.word(pos)
        return w is not None and w in forms

    def words_at(self, pos: int, text: str) -> int | None:
        """The position after the literal words of ``text`` starting at ``pos``, or None (reports the failure)."""
        for w in text.split():
            if self.word(pos) != w:
                self.fail(pos, repr(w), (w,))
                return None
            pos += 1
        return pos

    def number(self, pos: int):
        """``(end, Quantity)`` readings of a number at ``pos`` (digits, ``( ... )``, number words)."""
        atoms = self.atoms
        if pos < len(atoms):
            a = atoms[pos]
            if a.kind in "ne":
                yield pos + 1, self.quantity(a)
                return
            if a.kind == "w" and a.value in NUMBER_WORDS:
                from tabletop.dsl.quantity import Quantity

                yield pos + 1, Quantity.constant(NUMBER_WORDS[a.value], a.value)
                return
            if a.kind == "w" and a.value == "that" and self.word(pos + 1) == "many":
                from tabletop.dsl.quantity import Quantity

                if self.scope is not None and not (self.scope.has("it") or self.scope.has("amount")):
                    self.fail(pos, gettext("a number ('that many' counts the cards a statement before it acted on)"))
                    return
                yield pos + 2, Quantity(_that_many, None, "that many")
                return
            if a.kind == "w" and a.value == "that" and self.word(pos + 1) == "much":
                from tabletop.dsl.quantity import Quantity

                if self.scope is not None and not self.scope.has("amount"):
                    self.fail(pos, gettext("a number ('that much' is the amount a trigger answered: 'whenever you "
                                           "gain battle, gain that much knowledge'; the cards a statement before it "
                                           "acted on are 'that many')"))
                    return
                yield pos + 2, Quantity(_that_much, None, "that much")
                return
            if a.kind == "w" and self.compiler is not None:
                yield from self._owned_number(pos)
        if self.implicit is not None:
            yield pos, self.implicit
        self.fail(pos, gettext("a number"))

    def _owned_number(self, pos: int):
        """A card's number where a number goes: ``with defence less than this card's cost``, ``3 or
        more than its hp`` (the quantity ``POSSESSIVE ATTRIBUTE``; any other quantity needs brackets)."""
        from tabletop.dsl.vocabulary import QUANTITY

        atoms = self.atoms
        head = [self.word(i) or "" for i in range(pos, min(pos + 4, len(atoms)))]
        if not (head[0] in ("its", "their") or any(w.endswith(("'s", "s'")) for w in head[:3])):
            return
        attrs = self.vocab.table.attributes if self.vocab.table is not None else {}
        for end in range(pos + 2, min(pos + 5, len(atoms)) + 1):
            w = self.word(end - 1)
            if w is None or not any(w in forms(at) for at in attrs):
                continue
            comp = self.compiler
            saved = comp.scope, comp.last_ref, comp.named  # (a number names nothing for "it" after it)
            try:
                q = comp.phrase(QUANTITY, atoms[pos:end])
            except CardLanguageError:
                continue
            finally:
                comp.scope, comp.last_ref, comp.named = saved
            from tabletop.dsl.numbers import as_quantity

            yield end, as_quantity(q)

    def quantity(self, atom: Atom):
        if self.compiler is None:
            from tabletop.dsl.quantity import Quantity

            return Quantity.constant(atom.value) if atom.kind == "n" else Quantity(lambda s, c: 0)
        return self.compiler.quantity(atom)

    # -- patterns --------------------------------------------------------------
    def seq(self, elems: tuple, k: int, pos: int):
        if k == len(elems):
            yield pos, ()
            return
        el = elems[k]
        for p2, v in self.elem(el, pos):
            for p3, rest in self.seq(elems, k + 1, p2):
                yield p3, ((el, v),) + rest

    def elem(self, el: Element, pos: int):
        self.tick()
        atoms, kind = self.atoms, el.kind
        n = len(atoms)
        if kind == "lit":
            w = self.word(pos)
            if w is not None and w in el.forms:
                yield pos + 1, None
            else:
                for f in el.shown:  # one by one: two patterns sharing a word name it once
                    self.fail(pos, repr(f), (f,))
        elif kind == "opt":
            for end, binds in self.seq(el.arg, 0, pos):
                yield end, binds
            yield pos, ()
        elif kind == "number":
            yield from self.number(pos)
        elif kind == "word":
            cls = self.vocab.word_class(el.arg)
            w = in_class(cls, self.word(pos))
            if w is not None:
                yield pos + 1, w
            else:
                self.fail(pos, article(el.arg), self.vocab.listed_words(el.arg), el.arg)
        elif kind == "words":
            yield from self._words(el.arg, pos)
        elif kind == "amounts":
            yield from self._amounts(el.arg, pos)
        elif kind == "name":
            if pos < n and atoms[pos].kind == "s":
                yield pos + 1, atoms[pos].value
            else:
                self.fail(pos, gettext('a card name in "double quotes"'))
        else:
            fam = el.arg
            key = (fam, pos)
            if key in self.active:  # left recursion
                return
            parser = self.vocab.parsers.get(fam)
            pats = self.vocab.families.get(fam)
            if parser is None and pats is None:
                raise VocabularyError(f"vocabulary {self.vocab.name!r}: no pattern of family {fam!r}")
            self.active.add(key)
            try:
                if parser is not None:
                    for end, value in parser(self, pos):
                        yield end, ("parsed", value)
                for p in pats or ():
                    for end, binds in self.seq(p.elements, 0, pos):
                        yield end, (p, binds, pos, end)
            finally:
                self.active.discard(key)

    def _seps(self, pos: int, allow_or: bool):
        """Positions just after a list separator at ``pos`` (',', 'and', 'or', ', and')."""
        w = self.word(pos)
        if w == ",":
            yield pos + 1
            w2 = self.word(pos + 1)
            if w2 == "and" or (allow_or and w2 == "or"):
                yield pos + 2
        elif w == "and" or (allow_or and w == "or"):
            yield pos + 1

    def _words(self, clsname: str, pos: int):
        cls = self.vocab.word_class(clsname)
        w = in_class(cls, self.word(pos))
        if w is None:
            self.fail(pos, article(clsname), self.vocab.listed_words(clsname), clsname)
            return
        found = [(pos + 1, (w,))]
        frontier = [(pos + 1, (w,))]
        while frontier:
            nxt = []
            for p, got in frontier:
                for q in self._seps(p, True):
                    w = in_class(cls, self.word(q))
                    if w is not None:
                        nxt.append((q + 1, got + (w,)))
                    else:
                        self.fail(q, article(clsname), self.vocab.listed_words(clsname), clsname)
            found.extend(nxt)
            frontier = nxt
        yield from reversed(found)

    def _amounts(self, clsname: str, pos: int):
        cls = self.vocab.word_class(clsname)
        example = f"like '2 {cls[0]}'" if cls else ""
        desc = f"an amount of {clsname} {example}".rstrip()

        def pairs(p):
            got = False
            for q, num in self.number(p):
                if num.const is not None and num.const < 0:  # "-5 battle": an amount is never below 0
                    self.fail(p, f"a number from 0 to {MAX_NUMBER}")
                    got = True
                    continue
                if self.word(q) in ("more", "additional", "extra"):  # "if ..., gain 2 more knowledge"
                    q += 1
                w = in_class(cls, self.word(q))
                if w is not None:
                    got = True
                    end = q + 1
                    if self.word(end) in ("point", "points"):
                        yield end + 1, (num, w)
                    yield end, (num, w)
                else:
                    self.fail(q, article(clsname), self.vocab.listed_words(clsname), clsname)
            if not got:
                self.fail(p, desc)

        found = [(end, (pr,)) for end, pr in pairs(pos)]
        frontier = list(found)
        while frontier:
            nxt = []
            for p, got in frontier:
                for q in self._seps(p, False):
                    for end, pr in pairs(q):
                        nxt.append((end, got + (pr,)))
            found.extend(nxt)
            frontier = nxt
        yield from reversed(found)


def norm(s: str) -> str:
    return " ".join(s.split())


def _that_many(state, ctx) -> int:
    """``that many``: how many cards the statement before acted on (``discard up to 2 cards, then draw that many``);
    before any, in a trigger's effect, the amount it answered (``whenever you gain 2 or more command, draw that
    many cards``)."""
    if "_it" in ctx:
        return len(ctx["_it"] or ())
    return ctx.get("amount", 0)


def _that_much(state, ctx) -> int:
    """``that much``: the amount the trigger answered, gained or dealt (``whenever you gain battle, gain that much
    knowledge``)."""
    return ctx.get("amount", 0)
