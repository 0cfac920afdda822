"""Reading a card text: the grammar, its parser, and syntax errors in words.

The LALR parser is made once per process from ``grammar.lark``, its tables read from the user's
cache when they were built from the same grammar (JSON data, never a pickle:
:mod:`tabletop.dsl.parsetables`). A text is bounded before any recursion can meet it: its length, its numbers, the
depth of its tree. Errors say what came and what was expected, in words, at the fault.
"""
from __future__ import annotations

import importlib.resources
import re

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from tabletop.dsl.matcher import MAX_NUMBER
from tabletop.framework.language import N_, gettext
from tabletop.framework.suggest import closest

# what each Lark terminal is, in words, for syntax errors
_TERMINALS = [
    ("WORD", N_("a word")), ("NUMBER", N_("a number")), ("SIGNED", N_("a signed number like +1")),
    ("STRING", N_('a card name in "double quotes"')), ("ORMORE", "'or more'"),
    ("_MAY", "'may'"), ("_YOU_MAY", "'you may'"), ("_CHOOSE", "'choose'"), ("_ONE", "'one'"),
    ("CHOICES", "'two', 'three'"), ("ONE_OR_BOTH", "'one or both'"), ("_IF", "'if'"),
    ("_OTHERWISE", "'otherwise'"),
    ("NOT", "'not'"), ("AND", "'and'"), ("OR", "'or'"), ("_LPAR", "'('"), ("_RPAR", "')'"),
    ("_SEMI", "';'"), ("_COLON", "':'"), ("COMMA", "','"), ("_COMMA_OR", "', or'"), ("_VBAR", "'|'"),
    ("_ARROW", "'->'"), ("PLUS", "'+'"), ("MINUS", "'-'"), ("STAR", "'*'"), ("$END", N_("the end of the text")),
]
_TERMINAL_ORDER = {name: i for i, (name, _) in enumerate(_TERMINALS)}
_TERMINAL_TEXT = dict(_TERMINALS)
_IN_WORDS = {"WORD", "NUMBER", "SIGNED", "STRING", "$END"}  # the others are the language's own tokens, quoted


_ATOMS = {"WORD", "NUMBER", "SIGNED", "STRING", "ORMORE", "AND", "OR", "COMMA", "_LPAR", "_COLON"}
_ENDS = {"_SEMI", "$END", "_RPAR", "_VBAR", "_COMMA_OR", "_OTHERWISE", "_ARROW"}


def as_written(text: str) -> str:
    """``text`` as the language reads it when written the way printed cards are: capitals and
    sentences ending in full stops (``Draw a card. If you do, gain 2 Battle.``). Outside card
    names in double quotes, letters are folded to lowercase, a full stop between sentences reads
    as ``;`` and the last one as nothing, and a word processor's apostrophe (``’``) as the
    typewriter's. The result has the same length, so an error still points into the text as written."""
    out = list(text)
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == ".":
            rest = text[i + 1:]
            if not rest.strip():
                out[i] = " "
            elif rest[0].isspace():
                out[i] = ";"
        elif ch.isupper() and len(ch.lower()) == 1:
            out[i] = ch.lower()
        elif ch == "\u2019":
            out[i] = "'"
    written = "".join(out)
    for m in _THEN_MAY.finditer(written):  # "draw a card, then you may discard a card": a step of its own
        if not text[:m.start()].count('"') % 2:
            written = written[:m.start()] + ";" + written[m.start() + 1:m.start(1)] + "    " + written[m.end(1):]
    return written


#: ", then you may ..." / ". Then may ...": ``then`` before a ``may`` step, read as ``;``
_THEN_MAY = re.compile(r"[,;]\s*(then)\s+(?=(?:you\s+)?may\b)")


def capitalised(text: str, offset: int) -> str | None:
    """The capitalised words at ``offset`` (outside quotes), as a card name would be written:
    ``Elite Trooper`` in ``put Elite Trooper into your hand``; None if the word there is not."""
    if not (0 <= offset < len(text)) or not text[offset].isupper() or text[:offset].count('"') % 2:
        return None
    m = re.compile(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*").match(text, offset)
    return m.group(0) if m else None


def describe_terminals(names) -> str:
    """What may come at a syntax error, in words; after a phrase, only what may end it."""
    names = set(names)
    if names & _ENDS and "WORD" in names:
        names = names - _ATOMS
    known = sorted((n for n in names if n in _TERMINAL_TEXT), key=_TERMINAL_ORDER.get)
    items = [gettext(_TERMINAL_TEXT[n]) if n in _IN_WORDS else _TERMINAL_TEXT[n] for n in known]
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + gettext(" or ") + items[-1]


MAX_TEXT = 2000      # characters in one card text
MAX_DEPTH = 40       # nesting of parentheses, may, not, and long chains of and/or/+
_STARTS = ["start_effect", "start_guarded", "start_condition", "start_number", "start_phrase"]
_PARSER: Lark | None = None
_BIG_NUMBER = re.compile(r"[0-9]{5,}")


def parser() -> Lark:
    """The card-language parser, made once per process (:mod:`tabletop.dsl.parsetables`)."""
    global _PARSER
    if _PARSER is None:
        from tabletop.dsl import parsetables

        grammar = importlib.resources.files("tabletop.dsl").joinpath("grammar.lark").read_text("utf-8")
        _PARSER = parsetables.parser(grammar, parser="lalr", lexer="contextual", start=_STARTS,
                                     propagate_positions=True, maybe_placeholders=False)
    return _PARSER


def _deepest(text: str) -> int | None:
    """Where parentheses (outside card names) first go deeper than MAX_DEPTH, or None."""
    depth = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "()":
            depth += 1 if ch == "(" else -1
            if depth > MAX_DEPTH:
                return i
    return None


class Reading:
    """What the compiler does to read its text (a mixin: it uses ``self.text`` and ``self.error``)."""

    def parse(self, start: str, text: str | None = None) -> Tree:
        """Parse the text (or ``text``: a part of it padded with spaces, so offsets stay the text's)."""
        text = self.text if text is None else text
        if not text.strip():
            where = f" ({self.source.field})" if self.source.field else ""
            raise self.error(gettext('the text is empty{where}: write what the card does').format(where=where), 0, 1,
                             gettext("a line of the card language, e.g. 'draw a card'"))
        if len(text) > MAX_TEXT:
            raise self.error(gettext(
                'this text is {n} characters long; a card text may have at most {max_text}: split it into several '
                'abilities').format(n=len(text), max_text=MAX_TEXT), MAX_TEXT, 1)
        deep = _deepest(text)
        if deep is not None:  # parentheses around a number leave no trace in the tree: counted here
            raise self.error(gettext(
                "this text is nested too deeply (more than {max_depth} levels of parentheses, 'may', 'not' or "
                'chained operators): simplify it').format(max_depth=MAX_DEPTH), deep, 1)
        big = _BIG_NUMBER.search(text)
        if big is not None:
            raise self.error(gettext(
                'numbers in card texts go up to {max_number}').format(max_number=MAX_NUMBER), big.start(),
                             big.end() - big.start(), f"a number from 0 to {MAX_NUMBER}")
        try:
            tree = parser().parse(text, start=start)
        except UnexpectedCharacters as e:
            off = e.pos_in_stream
            ch = text[off] if off < len(text) else ""
            expected = describe_terminals(e.allowed)
            if ch == '"':
                raise self.error(gettext('unterminated card name: the closing \'"\' is missing on this line'),
                                 off, 1, 'a card name in "double quotes"') from None
            if ch in "“”„«»":  # a word processor's quotes
                raise self.error(gettext('unexpected {ch!r}: card names go in straight double quotes (") and a whole '
                                         'text needs none').format(ch=ch), off, 1, expected) from None
            if ch == ".":
                raise self.error(gettext(
                    "unexpected '.': numbers in card texts are whole, and a full stop ends a sentence"),
                    off, 1, expected) from None
            raise self.error(gettext('unexpected character {ch!r}').format(ch=ch), off, 1, expected) from None
        except (UnexpectedToken, UnexpectedEOF) as e:
            tok = getattr(e, "token", None)
            ip = getattr(e, "interactive_parser", None)
            accepts = ip.accepts() if ip is not None else None  # exact, unlike LALR's merged lookaheads
            expected = describe_terminals(accepts or getattr(e, "expected", None) or getattr(e, "accepts", None) or ())
            if tok is None or tok.type == "$END":
                off = len(text.rstrip())
                raise self.error(gettext('the text ends too early'), off, 1, expected) from None
            desc = _TERMINAL_TEXT.get(tok.type, repr(str(tok)))
            if tok.type == "_COMMA_OR":  # ", or" or "; or", as written
                desc = repr(" ".join(str(tok).split()))
            if tok.type in ("WORD", "NUMBER", "STRING"):
                desc = f"{_TERMINAL_TEXT[tok.type].split(' ', 1)[1]} {str(tok)!r}" if tok.type != "STRING" else f"card name {tok}"
            raise self.error(gettext(
                'unexpected {desc}{syntax_note}').format(
                desc=desc, syntax_note=self._syntax_note(tok)), tok.start_pos, len(tok), expected,
                             self._syntax_hint(tok)) from None
        except LarkError as e:  # any other parser failure, still located
            raise self.error(gettext('cannot read this text ({name})').format(name=type(e).__name__), 0, 1) from None
        self._check_depth(tree)
        return tree

    def _check_depth(self, tree: Tree) -> None:
        """Refuse texts nested deeper than MAX_DEPTH before any recursion can meet them."""
        stack = [(tree, 0)]
        while stack:
            node, depth = stack.pop()
            if depth > MAX_DEPTH:
                off = node.meta.start_pos if isinstance(node, Tree) and not node.meta.empty else 0
                raise self.error(gettext(
                    "this text is nested too deeply (more than {max_depth} levels of parentheses, 'may', 'not' or "
                    'chained operators): simplify it').format(max_depth=MAX_DEPTH), off, 1)
            if isinstance(node, Tree):
                stack.extend((ch, depth + 1) for ch in node.children)

    def _syntax_hint(self, tok: Token) -> str | None:
        """A misspelt 'choose one:' or 'if' before the fault."""
        for m in re.finditer(r"(?:^|;)\s*([a-z]+)\s+(one\s*)?:?", self.text[:tok.start_pos + 1]):
            word = m.group(1)
            if m.group(2) and word != "choose" and closest(word, ["choose"]):
                return "'choose one:'"
            if word not in ("if",) and closest(word, ["if"]) == ["if"] and len(word) <= 3:
                return "'if'"
        return None

    def _syntax_note(self, tok: Token) -> str:
        if re.search(r"(?:^|[;:]\s*|\s)choose\s*$", self.text[:tok.start_pos]) and str(tok) not in ("one", "two", "three"):
            return gettext(" ('choose' starts 'choose one: EFFECT, or EFFECT' (or 'choose two:', 'choose three:', "
                           "'choose one or both:'); to pick a card, start with what happens to it: 'discard a "
                           "card from it', 'put a card from it into your hand')")
        if tok.type == "_COMMA_OR":
            return gettext(" (a choice between effects is written 'choose one: EFFECT, or EFFECT')")
        if tok.type == "_COLON":
            words = self.text[:tok.start_pos].replace(";", " ; ").split()
            if ";" in words:
                words = words[len(words) - words[::-1].index(";"):]
            if "if" in words[1:] or "one" in words[1:]:
                return gettext(" ('if', 'may' and 'choose one:' only start a step: at the start or after ';')")
        return ""
