"""Compile card texts once, at load time, into steps, predicates, quantities and pack objects.

The skeleton (sequences, ``may``, ``choose one``, ``if``, ``and``/``or``/``not``, number
expressions) comes from ``grammar.lark``; every phrase is matched against the pack's
:class:`~tabletop.dsl.vocabulary.Vocabulary`. Nothing here runs at play time except the
small closures the control constructs compile into.
"""
from __future__ import annotations

import importlib.resources
import operator
from dataclasses import dataclass
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from tabletop.dsl.control import choose_step, if_step, may_step
from tabletop.dsl.errors import CardLanguageError, VocabularyError
from tabletop.dsl.matcher import Atom, Matcher, TooComplex, article, norm, to_atoms
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.source import Source
from tabletop.dsl.vocabulary import CONDITION, EFFECT, QUANTITY, Element, Pattern, Vocabulary
from tabletop.framework import effects
from tabletop.framework.effects import Program
from tabletop.framework.suggest import closest

__all__ = ["Ability", "compile_text", "parser", "KINDS"]

# how an unmatched phrase of each family is named in errors
_LABEL = {EFFECT: "statement", CONDITION: "condition", QUANTITY: "quantity"}
_UNKNOWN = {EFFECT: "verb", CONDITION: "condition", QUANTITY: "quantity"}


# what each Lark terminal is, in words, for syntax errors
_TERMINALS = [
    ("WORD", "a word"), ("NUMBER", "a number"), ("STRING", 'a card name in "double quotes"'),
    ("_MAY", "'may'"), ("_CHOOSE", "'choose'"), ("_ONE", "'one'"), ("_IF", "'if'"),
    ("NOT", "'not'"), ("AND", "'and'"), ("OR", "'or'"), ("_LPAR", "'('"), ("_RPAR", "')'"),
    ("_SEMI", "';'"), ("_COLON", "':'"), ("COMMA", "','"), ("_VBAR", "'|'"), ("_ARROW", "'->'"),
    ("PLUS", "'+'"), ("MINUS", "'-'"), ("STAR", "'*'"), ("$END", "the end of the text"),
]
_TERMINAL_ORDER = {name: i for i, (name, _) in enumerate(_TERMINALS)}
_TERMINAL_TEXT = dict(_TERMINALS)


def describe_terminals(names) -> str:
    known = sorted((n for n in set(names) if n in _TERMINAL_TEXT), key=_TERMINAL_ORDER.get)
    items = [_TERMINAL_TEXT[n] for n in known]
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


_STARTS = ["start_effect", "start_guarded", "start_condition", "start_number", "start_phrase"]
_PARSER: Lark | None = None
KINDS = ("effect", "ability", "condition", "number", "amounts:CLASS", "words:CLASS",
         "word:CLASS", "name", "FAMILY")


def parser() -> Lark:
    """The card-language parser, built once per process (never from an on-disk cache)."""
    global _PARSER
    if _PARSER is None:
        grammar = importlib.resources.files("tabletop.dsl").joinpath("grammar.lark").read_text("utf-8")
        _PARSER = Lark(grammar, parser="lalr", lexer="contextual", start=_STARTS,
                       propagate_positions=True, maybe_placeholders=False)
    return _PARSER


@dataclass(frozen=True, slots=True)
class Ability:
    """A guarded ability ``COND -> EFFECT``: ``condition`` is None when unguarded."""

    condition: Callable[[Any, dict], bool] | None
    program: Program

    def usable(self, state, ctx: dict) -> bool:
        return self.condition is None or bool(self.condition(state, ctx))


def compile_text(text: str, kind: str, vocab: Vocabulary, *, program_id: str,
                 source: Source | None = None) -> object:
    """Compile ``text`` as ``kind`` with ``vocab``; raise :class:`CardLanguageError` if it does not.

    Kinds: ``"effect"`` (a registered Program), ``"ability"`` (an :class:`Ability`),
    ``"condition"`` (a predicate), ``"number"`` (a Quantity), ``"amounts:CLASS"`` (tuple of
    (int, str)), ``"words:CLASS"`` (tuple of str), ``"word:CLASS"`` (str), ``"name"`` (str),
    or a pattern family name (``"trigger"``, ``"cost"``, ``"modifier"``, a pack family).
    """
    src = (source or Source()).with_text(text if isinstance(text, str) else "")
    if not isinstance(text, str):
        raise CardLanguageError(f"expected a card text, found {type(text).__name__}",
                                file=src.file, card=src.card, field=src.field,
                                expected="a line of the card language")
    return _Compiler(text, vocab, src, program_id).run(kind)


# ---------------------------------------------------------------------------------------
# the compiler

class _Compiler:
    def __init__(self, text: str, vocab: Vocabulary, source: Source, program_id: str) -> None:
        self.text = text
        self.vocab = vocab
        self.source = source
        self.program_id = program_id
        self.nprog = 0
        self.nkey = 0

    # -- errors ----------------------------------------------------------------
    def error(self, message: str, offset: int, width: int = 1, expected: str | None = None,
              suggestion: str | None = None) -> CardLanguageError:
        line, column, src = self.source.locate(offset)
        room = max(1, len(src) - column + 1)
        return CardLanguageError(message, file=self.source.file, line=line, column=column,
                                 source_line=src, card=self.source.card, expected=expected or None,
                                 suggestion=suggestion or None, width=min(max(1, width), room),
                                 field=self.source.field)

    def parse(self, start: str) -> Tree:
        text = self.text
        try:
            return parser().parse(text, start=start)
        except UnexpectedCharacters as e:
            off = e.pos_in_stream
            ch = text[off] if off < len(text) else ""
            expected = describe_terminals(e.allowed)
            if ch.isalpha() and ch.upper() == ch and ch.lower() != ch:
                end = off
                while end < len(text) and (text[end].isalnum() or text[end] in "'-"):
                    end += 1
                word = text[off:end]
                raise self.error(f"unexpected {word!r}: the card language is lowercase "
                                 f"(card names go in double quotes)", off, end - off, expected,
                                 repr(word.lower())) from None
            if ch == '"':
                raise self.error("unterminated card name: the closing '\"' is missing on this line",
                                 off, 1, 'a card name in "double quotes"') from None
            raise self.error(f"unexpected character {ch!r}", off, 1, expected) from None
        except (UnexpectedToken, UnexpectedEOF) as e:
            tok = getattr(e, "token", None)
            expected = describe_terminals(getattr(e, "expected", None) or getattr(e, "accepts", None) or ())
            if tok is None or tok.type == "$END":
                off = len(text.rstrip())
                msg = "the text is empty" if not text.strip() else "the text ends too early"
                raise self.error(msg, off, 1, expected) from None
            desc = _TERMINAL_TEXT.get(tok.type, repr(str(tok)))
            if tok.type in ("WORD", "NUMBER", "STRING"):
                desc = f"{_TERMINAL_TEXT[tok.type].split(' ', 1)[1]} {str(tok)!r}" if tok.type != "STRING" else f"card name {tok}"
            raise self.error(f"unexpected {desc}{self._syntax_note(tok)}", tok.start_pos, len(tok), expected,
                             self._syntax_hint(tok)) from None
        except LarkError as e:  # any other parser failure, still located
            raise self.error(f"cannot read this text ({type(e).__name__})", 0, 1) from None

    def _syntax_hint(self, tok: Token) -> str | None:
        if tok.type == "_COLON":
            before = self.text[:tok.start_pos].split()
            if len(before) >= 2 and before[-1] == "one" and closest(before[-2], ["choose"]):
                return "'choose one:'"
            if before and closest(before[-1], ["if"]) == ["if"] and before[-1] != "if":
                return "'if'"
        return None

    def _syntax_note(self, tok: Token) -> str:
        if tok.type == "_COLON":
            words = self.text[:tok.start_pos].replace(";", " ; ").split()
            if ";" in words:
                words = words[len(words) - words[::-1].index(";"):]
            if "if" in words[1:] or "one" in words[1:]:
                return " ('if', 'may' and 'choose one:' only start a step: at the start or after ';')"
        return ""

    # -- entry -----------------------------------------------------------------
    def run(self, kind: str) -> object:
        if kind == "effect":
            tree = self.parse("start_effect")
            return self.program(self.program_id, self.seq(tree.children[0]), self.text)
        if kind == "ability":
            if _has_arrow(self.text):
                tree = self.parse("start_guarded")
                cond_t, seq_t = tree.children
                cond = self.cond(cond_t)
                return Ability(cond, self.program(self.program_id, self.seq(seq_t), self._slice(seq_t)))
            tree = self.parse("start_effect")
            return Ability(None, self.program(self.program_id, self.seq(tree.children[0]), self.text))
        if kind == "condition":
            return self.cond(self.parse("start_condition").children[0])
        if kind == "number":
            return self.expr(self.parse("start_number").children[0])
        base, _, arg = kind.partition(":")
        if base in ("amounts", "words", "word", "name") and (bool(arg) == (base != "name")):
            if arg:
                self.vocab.word_class(arg)
            return self.builtin(Element(base, "value", arg or None))
        if kind not in self.vocab.families:
            raise VocabularyError(f"vocabulary {self.vocab.name!r}: unknown kind {kind!r}")
        tree = self.parse("start_phrase")
        atoms = to_atoms(tree.children)
        return self.phrase(kind, atoms)

    def builtin(self, el: Element) -> object:
        tree = self.parse("start_phrase")
        atoms = to_atoms(tree.children)
        m = Matcher(self.vocab, atoms)
        for end, v in m.elem(el, 0):
            if end == len(atoms):
                if el.kind == "amounts":
                    out = []
                    for atom, w in v:
                        q = self.quantity(atom)
                        if q.const is None:
                            raise self.error("this amount must be a plain number here", atom.start,
                                             atom.end - atom.start, "a number like 2")
                        out.append((q.const, w))
                    return tuple(out)
                return v
            m.fail(end, "the end of the text")
        raise self.match_error(m, atoms, el.kind if el.kind != "word" else el.arg, [])

    def program(self, pid: str, steps: tuple, text: str) -> Program:
        return effects.register(Program(pid, steps, norm(text)))

    def sub_program(self, steps: tuple, text: str) -> Program:
        self.nprog += 1
        return self.program(f"{self.program_id}#{self.nprog}", steps, text)

    def key(self) -> str:
        self.nkey += 1
        return f"_d{self.nkey}"

    def _slice(self, node) -> str:
        if isinstance(node, Token):
            return str(node)
        return self.text[node.meta.start_pos:node.meta.end_pos]

    def _label(self, step: Tree) -> str:
        """The normalised text of a step, without the parentheses of a group."""
        return norm(self._slice(step.children[0] if step.data == "group" else step))

    # -- effects ---------------------------------------------------------------
    def seq(self, tree: Tree) -> tuple:
        steps: tuple = ()
        for ch in tree.children:
            steps += self.step(ch)
        return steps

    def step(self, t: Tree) -> tuple:
        d = t.data
        if d == "phrase":
            return self.statement(t)
        if d == "group":
            return self.seq(t.children[0])
        if d == "may":
            child = t.children[0]
            txt = self._label(child)
            prog = self.sub_program(self.step(child), txt)
            return (may_step(prog, self.key(), txt),)
        if d == "choose":
            progs, labels = [], []
            for alt in t.children:
                txt = self._label(alt)
                progs.append(self.sub_program(self.step(alt), txt))
                labels.append(txt)
            seen: dict[str, int] = {}
            for i, lab in enumerate(labels):  # identical alternatives still get distinct options
                if lab in seen:
                    labels[i] = f"{lab} ({i + 1})"
                seen[lab] = i
            return (choose_step(tuple(progs), tuple(labels), self.key()),)
        if d == "ifstep":
            cond_t, body = t.children
            cond = self.cond(cond_t)
            prog = self.sub_program(self.seq(body), self._slice(body))
            return (if_step(cond, prog),)
        raise AssertionError(d)  # pragma: no cover - grammar and compiler out of step

    def statement(self, t: Tree) -> tuple:
        atoms = to_atoms(t.children)
        res = self.phrase(EFFECT, atoms)
        if callable(res):
            return (res,)
        if isinstance(res, (tuple, list)) and all(callable(s) for s in res):
            return tuple(res)
        raise VocabularyError(f"vocabulary {self.vocab.name!r}: the effect for "
                              f"{norm(self._slice(t))!r} returned {type(res).__name__}, not a step")

    # -- conditions ------------------------------------------------------------
    def cond(self, t) -> Callable[[Any, dict], bool]:
        d = t.data
        if d == "cphrase":
            return self.phrase(CONDITION, to_atoms(t.children))
        if d == "not_":
            f = self.cond(t.children[1])
            return lambda state, ctx: not f(state, ctx)
        a, b = self.cond(t.children[0]), self.cond(t.children[2])
        if d == "and_":
            return lambda state, ctx: a(state, ctx) and b(state, ctx)
        return lambda state, ctx: a(state, ctx) or b(state, ctx)

    # -- numbers ---------------------------------------------------------------
    def quantity(self, atom: Atom) -> Quantity:
        if atom.q is None:
            atom.q = Quantity.constant(atom.value) if atom.kind == "n" else self.expr(atom.tree)
        return atom.q

    def expr(self, t) -> Quantity:
        if isinstance(t, Token):  # NUMBER
            return Quantity.constant(int(t))
        d = t.data
        text = norm(self._slice(t))
        if d == "qphrase":
            fn = self.phrase(QUANTITY, to_atoms(t.children))
            if isinstance(fn, Quantity):
                return fn
            if isinstance(fn, int):
                return Quantity.constant(fn, text)
            return Quantity(fn, None, text)
        if d == "neg":
            a = self.expr(t.children[1])
            if a.const is not None:
                return Quantity.constant(-a.const, text)
            fa = a.fn
            return Quantity(lambda state, ctx: -fa(state, ctx), None, text)
        a, b = self.expr(t.children[0]), self.expr(t.children[2])
        op = {"add": operator.add, "sub": operator.sub, "mul": operator.mul}[d]
        if a.const is not None and b.const is not None:
            return Quantity.constant(op(a.const, b.const), text)
        fa, fb = a.fn, b.fn
        if a.const is not None:
            ka = a.const
            fn = {"add": lambda s, c: ka + fb(s, c), "sub": lambda s, c: ka - fb(s, c),
                  "mul": lambda s, c: ka * fb(s, c)}[d]
        elif b.const is not None:
            kb = b.const
            fn = {"add": lambda s, c: fa(s, c) + kb, "sub": lambda s, c: fa(s, c) - kb,
                  "mul": lambda s, c: fa(s, c) * kb}[d]
        else:
            fn = {"add": lambda s, c: fa(s, c) + fb(s, c), "sub": lambda s, c: fa(s, c) - fb(s, c),
                  "mul": lambda s, c: fa(s, c) * fb(s, c)}[d]
        return Quantity(fn, None, text)

    # -- phrases ---------------------------------------------------------------
    def phrase(self, family: str, atoms: list[Atom]) -> Any:
        pats = self.vocab.families.get(family, [])
        label = _LABEL.get(family, family)
        start, end = atoms[0].start, atoms[-1].end
        if not pats:
            raise self.error(f"this pack has no {label} phrases", start, end - start)
        first = atoms[0].value if atoms[0].kind == "w" else None
        cands = [p for p in pats if p.first is None or p.first == first]
        m = Matcher(self.vocab, atoms)
        try:
            for p in cands:
                for stop, binds in m.seq(p.elements, 0, 0):
                    if stop == len(atoms):
                        return self.build(p, binds, 0, stop, atoms)
                    m.fail(stop, "the end of the phrase")
        except TooComplex:
            raise self.error(f"this {label} is too long or ambiguous to read; split it with ';'",
                             start, end - start) from None
        raise self.match_error(m, atoms, family, cands)

    def build(self, p: Pattern, binds: tuple, a: int, b: int, atoms: list[Atom]) -> Any:
        kw = {}
        for el, v in binds:
            k = el.kind
            if k == "lit":
                continue
            if k == "number":
                v = self.quantity(v)
            elif k == "amounts":
                v = tuple((self.quantity(atom), w) for atom, w in v)
            elif k == "family":
                v = self.build(v[0], v[1], v[2], v[3], atoms)
            kw[el.name] = v
        try:
            return p.fn(**kw)
        except ValueError as e:  # a pack rejecting a phrase it matched (e.g. "draw 0")
            s = atoms[a].start if a < len(atoms) else atoms[-1].end
            t = atoms[b - 1].end if b > a else s + 1
            raise self.error(str(e), s, t - s, p.show()) from None

    def match_error(self, m: Matcher, atoms: list[Atom], family: str, cands: list) -> CardLanguageError:
        label = _LABEL.get(family, family)
        by_first, open_ = self.vocab.index(family) if family in self.vocab.families else ({}, [])
        a0 = atoms[0]
        if family in self.vocab.families and a0.kind == "w" and a0.value not in by_first and m.far <= 0:
            verbs = sorted(by_first)
            what = _UNKNOWN.get(family, f"{family} word")
            if len(verbs) > 12:
                exp = f"a {label} starting with one of: " + ", ".join(verbs[:12]) + ", ..."
            else:
                exp = f"a {label} starting with one of: " + ", ".join(verbs)
            if open_:
                exp += " (or " + " | ".join(p.show() for p in open_[:4]) + ")"
            sug = closest(a0.value, verbs)
            msg = f"unknown {what} {a0.value!r}"
            if family == CONDITION:
                cls = next((c for c, ws in self.vocab.classes.items() if a0.value in ws), None)
                if cls is not None:
                    msg += (f" ({a0.value!r} is {article(cls)}; in a condition 'and'/'or' join "
                            f"whole conditions, so list words with ',')")
            return self.error(msg, a0.start, a0.end - a0.start, exp, repr(sug[0]) if sug else None)
        shown = [p.show() for p in cands][:6]
        expected = " | ".join(shown) if shown else None
        local = m.expect[0] if len(m.expect) == 1 else (
            ", ".join(m.expect[:-1]) + " or " + m.expect[-1] if m.expect else "something else")
        pos = max(m.far, 0)
        if pos < len(atoms):
            at = atoms[pos]
            width = at.end - at.start
            if at.kind == "w" and m.classes:
                pool = list(dict.fromkeys(m.words))
                sug = closest(at.value, pool)
                what = " or ".join(m.classes)
                return self.error(f"unknown {what} {at.value!r}, expected {local}", at.start, width,
                                  expected, repr(sug[0]) if sug else None)
            if at.kind == "w":
                sug = closest(at.value, list(dict.fromkeys(m.words)))
                return self.error(f"unexpected word {at.value!r} in this {label}, expected {local}",
                                  at.start, width, expected, repr(sug[0]) if sug else None)
            return self.error(f"unexpected {at.show()} in this {label}, expected {local}",
                              at.start, width, expected)
        last = atoms[-1]
        return self.error(f"this {label} ends too early, expected {local}", last.end, 1, expected)


def _has_arrow(text: str) -> bool:
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "\n":
            quoted = False
        elif not quoted and ch == "-" and text.startswith("->", i):
            return True
    return False
