"""Card definitions and card files: YAML read safely, checked by JSON Schema, compiled once.

A card file is a YAML list of cards. Loading it reports *every* problem, each located in
the file: YAML syntax, duplicate keys, schema violations, card-language errors. A card's
language fields are compiled by the pack's ``build`` function through a
:class:`CardCompiler`, which knows where each text sits in the file so a language error
points at the right line and column.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from tabletop.dsl import Source, compile_text
from tabletop.dsl.errors import CardLanguageError
from tabletop.framework.errors import ErrorList, LocatedError
from tabletop.framework.language import gettext, register_card_texts
from tabletop.framework.schemaerrors import problems as schema_problems
from tabletop.framework.schemaerrors import validator as strict_validator
from tabletop.framework.userfiles import Positions, load_yaml
from tabletop.framework.userfiles import read_text as read_user_text
from tabletop.framework.wording import one_of


class CardDef:
    """One card's definition, shared by every game: its YAML fields as attributes.

    Compiled abilities sit beside the raw fields; ``triggers`` lists the card's
    :class:`~tabletop.framework.triggers.Trigger` objects. Nothing changes after loading.

    A pack whose rules read some fields at every step subclasses this with ``__slots__``
    naming them: a slot reads several times faster than an entry of the card's dictionary
    (a card has dozens of fields), and it is an attribute like every other field.
    """

    triggers: tuple = ()
    statics: tuple = ()
    listens: frozenset = frozenset()
    #: How the card pickles: a ``(function, args)`` pair that finds this very definition
    #: again in another process (set by the pack registry for a pack's own cards). A card's
    #: compiled abilities are closures, so a card never pickles by value.
    pickled_as: tuple | None = None

    def __init__(self, **fields: Any) -> None:
        slotted = _slotted(type(self))
        own = self.__dict__
        for k, v in fields.items():
            if k in slotted:
                setattr(self, k, v)
            else:
                own[k] = v

    def __repr__(self) -> str:
        return f"<{getattr(self, 'type', 'card')} {self.name!r}>"

    def __reduce_ex__(self, protocol):
        if self.pickled_as is None:
            import pickle

            raise pickle.PicklingError(f"card {self.name!r} does not come from an installed pack, so it cannot "
                                       "be pickled (cards pickle by reference: pack and name)")
        return self.pickled_as

    def __deepcopy__(self, memo) -> "CardDef":
        return self

    def fields(self) -> dict[str, Any]:
        """Every field of the card, slots included: ``type(card)(**{**card.fields(), ...})`` is
        a copy with some fields changed."""
        out = {k: getattr(self, k) for k in _slotted(type(self)) if hasattr(self, k)}
        out.update(self.__dict__)
        return out

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key`` of the card, or ``default``."""
        if key in _slotted(type(self)):
            return getattr(self, key, default)
        return self.__dict__.get(key, default)


def _slotted(cls: type) -> frozenset:
    """The field names a :class:`CardDef` subclass keeps in slots (see its docstring)."""
    names = _SLOTTED.get(cls)
    if names is None:
        names = _SLOTTED[cls] = frozenset(n for k in cls.__mro__ for n in k.__dict__.get("__slots__", ()))
    return names


_SLOTTED: dict[type, frozenset] = {}


# ---------------------------------------------------------------------- YAML with positions
def parse_yaml(text: str, file: str) -> tuple[Any, Positions]:
    """Parse YAML safely (:mod:`tabletop.framework.userfiles`), keeping the position of every value."""
    doc = load_yaml(text, file)
    return doc.data, doc.pos


# ---------------------------------------------------------------------- locating texts
def text_locator(lines: list[str], line: int, column: int, style: str | None, text: str) -> Callable[[int], tuple[int, int, str]]:
    """Map an offset in a YAML string value back to (line, column, source line) in its file."""
    def src(n: int) -> str:
        return lines[n - 1] if 0 < n <= len(lines) else ""

    if style in ("|", ">"):
        first = line + 1
        body = src(first)
        indent = len(body) - len(body.lstrip(" "))

        def locate(offset: int) -> tuple[int, int, str]:
            before = text[:offset]
            if style == "|":
                k = before.count("\n")
                col = offset - (before.rfind("\n") + 1)
                return first + k, indent + col + 1, src(first + k)
            # folded: walk the original lines, which were joined by single spaces
            n, rest = first, offset
            while n <= len(lines):
                length = len(src(n).strip())
                if rest <= length:
                    return n, indent + rest + 1, src(n)
                rest -= length + 1
                n += 1
            return first, indent + 1, src(first)

        return locate
    quote = 1 if style in ("'", '"') else 0

    def locate_flat(offset: int) -> tuple[int, int, str]:
        return line, column + quote + offset, src(line)

    return locate_flat


# ---------------------------------------------------------------------- compiling cards
@dataclass(frozen=True)
class FileSource(Source):
    """A text's origin whose offsets map back into its YAML file, whatever the scalar style."""

    locator: Any = None

    def locate(self, offset: int) -> tuple[int, int, str]:
        """(line, column, source line) in the file for ``offset`` in the text."""
        if self.locator is None:
            return super().locate(offset)
        return self.locator(max(0, min(offset, len(self.text or ""))))


@dataclass
class CardCompiler:
    """Handed to a pack's ``build`` for one card: compiles its language fields, collecting errors."""

    file: str
    card: str
    index: int
    pos: Positions
    lines: list[str]
    vocab: Any
    errors: list = field(default_factory=list)
    listens: set = field(default_factory=set)
    namespace: str = ""

    def text(self, path: tuple, kind: str, text: str, program_id: str | None = None, scope=None) -> Any:
        """Compile the language text found at ``path`` inside this card (e.g. ``("secondary",)``).

        ``scope`` (a :class:`tabletop.dsl.Scope`) says what the text may refer to. The events
        the compiled text answers or leaves triggers for are gathered in ``listens``. The
        program id is the card set's ``namespace`` and ``program_id`` (default: card/field).
        """
        line, col, style = self.pos.get((self.index,) + tuple(path), (None, None, None))
        source = FileSource(file=self.file, card=self.card, field=".".join(map(str, path)),
                             line=line or 1, column=col or 1, text=text,
                             locator=text_locator(self.lines, line, col, style, text) if line else None)
        pid = self.namespace + (program_id or f"{self.card}/{'.'.join(map(str, path))}")
        try:
            out = compile_text(text, kind, self.vocab, program_id=pid, source=source, scope=scope)
        except CardLanguageError as e:
            if e.hint is None:
                e.hint = word_choices(e.message, self.vocab)
            self.errors.append(e)
            return None
        program = getattr(out, "program", out)
        self.listens.update(getattr(out, "listens", ()) or getattr(program, "listens", ()) or ())
        return out

    def finish(self, card: CardDef | None) -> CardDef | None:
        """Give a built card the events it answers (its abilities' and its effects' lasting ones)."""
        if card is not None and self.listens:
            card.__dict__["listens"] = frozenset(card.listens) | frozenset(self.listens)
        return card

    def fail(self, path: tuple, message: str) -> None:
        """Record an error about the field at ``path`` of this card."""
        line, col, _ = self.pos.get((self.index,) + tuple(path), (None, None, None))
        src = self.lines[line - 1] if line else None
        self.errors.append(LocatedError(message, self.file, line, col, src, card=self.card))


_UNKNOWN_WORD = re.compile(r"^unknown ([a-z][a-z ]*?) '([^']*)'")


def word_choices(message: str, vocab: Any) -> str | None:
    """For "unknown crystal 'purple'", the words the class holds: what the word may be instead;
    for a word of another class ("unknown harmful 'immunity'"), which class it belongs to."""
    m = _UNKNOWN_WORD.match(message)
    classes = getattr(vocab, "classes", {})
    if m is None:
        return None
    names = [c for c in m.group(1).split(" or ") if c in classes]
    if not names:
        return None
    word = m.group(2)
    other = [c for c, ws in classes.items() if word in ws and c not in names and c not in ("state",)]
    hint = "; ".join(f"{_article(c)} is one of {one_of(classes[c])}" for c in names)
    if other:
        hint = f"{word!r} is {_article(other[0])}, not {_article(names[0])}; " + hint
    return hint


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


# ---------------------------------------------------------------------- translations
#: The ``translations`` block every pack's cards may carry: per language (``fr``), the card's
#: display texts in that language, in the shape of the card's own fields (docs/writing-a-pack.md).
TRANSLATIONS_SCHEMA = {
    "type": "object",
    "description": "the card's name and texts shown in other languages (display only: the rules are the card's own texts)",
    "propertyNames": {"pattern": "^[a-z]{2}$"},
    "additionalProperties": {"type": "object", "required": ["name"],
                             "properties": {"name": {"type": "string", "minLength": 1}},
                             "additionalProperties": {"$ref": "#/$defs/translated_text"}},
}
TRANSLATED_TEXT = {"anyOf": [{"type": "string", "minLength": 1},
                             {"type": "array", "items": {"$ref": "#/$defs/translated_text"}},
                             {"type": "object", "additionalProperties": {"$ref": "#/$defs/translated_text"}}]}


def with_translations(schema: dict) -> dict:
    """A pack's card schema with the ``translations`` block every card may carry."""
    if "translations" in schema.get("properties", {}):
        return schema
    out = dict(schema)
    out["properties"] = {**schema.get("properties", {}), "translations": TRANSLATIONS_SCHEMA}
    out["$defs"] = {**schema.get("$defs", {}), "translated_text": TRANSLATED_TEXT}
    return out


def translation_problems(entry: Any) -> list[tuple[tuple, str]]:
    """Where a card's translations do not mirror its own fields (a translated field the card does not
    have, a list of another length): each translated text must stand for one English text."""
    if not isinstance(entry, dict) or not isinstance(entry.get("translations"), dict):
        return []
    out: list[tuple[tuple, str]] = []

    def walk(tr, en, path):
        if isinstance(tr, str):
            if not isinstance(en, (str, int, float)):
                out.append((path, f"translation {'.'.join(map(str, path[2:]))}: the card's field here is not a text"))
        elif isinstance(tr, list):
            if not isinstance(en, list) or len(en) != len(tr):
                n = len(en) if isinstance(en, list) else 0
                out.append((path, f"translation {'.'.join(map(str, path[2:]))}: {len(tr)} items, but the card has {n}"))
            else:
                for k, (t, e) in enumerate(zip(tr, en)):
                    walk(t, e, path + (k,))
        elif isinstance(tr, dict):
            for key, t in tr.items():
                if not isinstance(en, dict) or key not in en:
                    have = ", ".join(k for k in (en or {}) if k != "translations") if isinstance(en, dict) else ""
                    out.append((path + (key,), f"translation {'.'.join(map(str, path[2:] + (key,)))}: the card has no "
                                               f"field {key!r} to translate (its fields: {have})"))
                else:
                    walk(t, en[key], path + (key,))

    for lang, texts in entry["translations"].items():
        walk(texts, entry, ("translations", lang))
    return out


_SETS = itertools.count(1)


def pack_namespace(pack: str) -> str:
    """The prefix of the program ids of ``pack``'s own card set: the same in every process,
    since a state pickles its running programs by id and a worker loads the pack to find them."""
    return f"{pack}:"


def fresh_namespace(vocab: Any) -> str:
    """The prefix of the program ids of a card set loaded for one run (a designer's file, a
    scenario's cards, a linted file): its own, so that loading it never replaces the programs
    of another set whose cards have the same names, in a game already running."""
    return f"{getattr(vocab, 'name', None) or 'cards'}+{next(_SETS)}:"


def load_cards(text: str, file: str, schema: dict, build: Callable[[dict, CardCompiler], CardDef], vocab: Any,
               namespace: str | None = None) -> list[CardDef]:
    """Load one card file's text; raise :class:`ErrorList` with every problem found.

    ``namespace`` prefixes its programs' ids (default: a fresh one, :func:`fresh_namespace`)."""
    if namespace is None:
        namespace = fresh_namespace(vocab)
    data, pos = parse_yaml(text, file)
    lines = text.splitlines()
    if not isinstance(data, list):
        raise ErrorList([LocatedError(gettext("a card file must be a YAML list of cards (each item starting with '- name: ...')"),
                                      file, 1, 1, lines[0] if lines else None)])
    check = strict_validator(with_translations(schema))
    errors: list[LocatedError] = []
    cards: list[CardDef] = []
    for i, entry in enumerate(data):
        name = entry.get("name") if isinstance(entry, dict) else None
        name = name if isinstance(name, str) else None
        problems = schema_problems(check, entry, "card") or translation_problems(entry)
        found = []
        for path, message in problems:
            path = (i,) + path
            while path not in pos and len(path) > 1:
                path = path[:-1]
            line, col, _ = pos.get(path, (None, None, None))
            found.append(LocatedError(message, file, line, col, lines[line - 1] if line else None, card=name))
        errors.extend(sorted(found, key=lambda e: (e.line or 0, e.column or 0)))
        if problems:
            continue
        compiler = CardCompiler(file, name, i, pos, lines, vocab, namespace=namespace)
        card = compiler.finish(build(entry, compiler))
        errors.extend(compiler.errors)
        if card is not None and not compiler.errors:
            card.__dict__.setdefault("source", entry)
            card.__dict__.setdefault("file", file)
            # its line, for the set to name both places of a card defined twice (CardSet.load)
            card.__dict__.setdefault("file_line", pos.get((i, "name"), pos.get((i,), (None,)))[0])
            for lang, texts in entry.get("translations", {}).items():
                register_card_texts(lang, card.name, texts)
            cards.append(card)
    if errors:
        raise ErrorList(errors)
    return cards


def read_text(resource) -> str:
    """A card file's text (a path or an importlib.resources traversable), bounded and UTF-8."""
    return read_user_text(resource, "card file")
