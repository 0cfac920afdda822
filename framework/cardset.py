"""A pack's whole card set: every card file loaded, every error of every file reported at once."""
from __future__ import annotations

from pathlib import Path

from tabletop.framework.cards import CardDef, fresh_namespace, load_cards, read_text
from tabletop.framework.errors import ErrorList, LocatedError
from tabletop.framework.language import gettext


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
        seen: dict[str, str] = {}
        for f in files:
            name = getattr(f, "name", str(f))
            label = str(f) if isinstance(f, (str, Path)) else f"{name}"
            try:
                loaded = load_cards(read_text(f), label, fmt.schema, fmt.build, vocab, namespace)
            except ErrorList as e:
                errors.extend(e.errors)
                continue
            except LocatedError as e:
                errors.append(e)
                continue
            for c in loaded:
                if c.name in seen:
                    errors.append(LocatedError(gettext(
                        'card {name!r} is defined twice (also in {value})').format(
                        name=c.name, value=seen[c.name]), label))
                    continue
                seen[c.name] = label
                cards.append(c)
        if errors:
            raise ErrorList(errors)
        return cls(cards)
