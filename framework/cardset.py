"""A pack's whole card set: every card file loaded, every error of every file reported at once."""
from __future__ import annotations

from pathlib import Path

from tabletop.framework.cards import CardDef, fresh_namespace, load_cards, read_text
from tabletop.framework.errors import ErrorList, LocatedError
from tabletop.framework.language import gettext
from tabletop.framework.wording import shown


class CardSet:
    """The cards of a pack by name, in file order."""

    def __init__(self, cards: list[CardDef]) -> None:
        self.cards = cards
        self.by_name = {c.name: c for c in cards}

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, name: str) -> CardDef:
        return self.by_name[name]

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def of_type(self, *types: str) -> list[CardDef]:
        """The cards of any of ``types``, in file order."""
        return [c for c in self.cards if c.type in types]

    @classmethod
    def load(cls, files, fmt, vocab, namespace: str | None = None) -> "CardSet":
        """Load and compile every file; an :class:`ErrorList` with every problem of every file.

        The set's programs have ids of their own (``namespace``, default a fresh one):
        a set loaded for one run never replaces the programs of another set."""
        if namespace is None:
            namespace = fresh_namespace(vocab)
        cards: list[CardDef] = []
        errors: list = []
        seen: dict[str, str] = {}   # card name -> where it is defined first, as "file:line"
        for f in files:
            name = getattr(f, "name", str(f))
            label = str(f) if isinstance(f, (str, Path)) else f"{name}"
            try:
                text = read_text(f)
                loaded = load_cards(text, label, fmt.schema, fmt.build, vocab, namespace)
            except ErrorList as e:
                errors.extend(e.errors)
                continue
            except LocatedError as e:
                errors.append(e)
                continue
            for c in loaded:
                line = c.get("file_line")
                if c.name in seen:
                    errors.append(_twice(c.name, label, line, text, seen[c.name]))
                    continue
                seen[c.name] = f"{label}:{line}" if line else label
                cards.append(c)
        if errors:
            raise ErrorList(errors)
        return cls(cards)


def _twice(name: str, file: str, line: int | None, text: str, first: str) -> LocatedError:
    """Card ``name`` defined again at ``file:line`` (``text`` is the file's), naming where it was
    first (``first``, "file:line"): a designer finds both definitions at once, in one file or two."""
    lines = text.splitlines()
    source = lines[line - 1] if line and line <= len(lines) else None
    column = 1 + len(source) - len(source.lstrip()) if source is not None else None
    return LocatedError(gettext('card {name} is defined twice: here and at {place}').format(
        name=shown(name, 60), place=first), file, line, column, source)
