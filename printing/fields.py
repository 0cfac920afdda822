"""What a card says, as text: its fields looked up by name and written into a layout's templates.

A template is plain text with ``{field}`` holes (``{cost} command``, ``{name|upper}``). Values
come from the card's YAML entry as written, so a card prints its texts in the card language
exactly as its designer wrote them, and a field the designer left out is missing (not the
default a pack's loader fills in for its rules). A hole whose field is missing makes the whole
template missing, so a layout says "Defence {defence}" and cards without a defence simply do
not show the line.

Only names are substituted (no attribute access, no expressions): a layout file from a
stranger can read a card's fields and nothing else.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\|([a-z]+))?\}")
FILTERS = {
    "upper": str.upper,
    "lower": str.lower,
    "capital": lambda s: s[:1].upper() + s[1:],
}


def show(value: Any) -> str | None:
    """A field's value as printed text, or None when there is nothing to print."""
    if value is None or value is False:
        return None
    if value is True:
        return "yes"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (int, str)):
        text = str(value).strip()
        return text or None
    if isinstance(value, dict):
        parts = [f"{k}: {t}" for k, t in ((k, show(v)) for k, v in value.items()) if t is not None]
        return "; ".join(parts) or None
    if isinstance(value, (list, tuple)):
        parts = [t for t in (show(v) for v in value) if t is not None]
        return "; ".join(parts) or None
    return None


class Values:
    """The names a template may use for one card (or one item of a card's list, like an attack)."""

    def __init__(self, fields: dict, parent: "Values | None" = None) -> None:
        self.fields = fields
        self.parent = parent

    @classmethod
    def of_card(cls, card: Any, extra: dict) -> "Values":
        """A card's values: its YAML entry (a card built in code: its plain attributes)."""
        source = card.get("source")
        if source is None:
            source = {k: v for k, v in vars(card).items() if isinstance(v, (str, int, float, list, dict))}
        return cls({**extra, **source})

    def get(self, name: str) -> Any:
        if name in self.fields:
            return self.fields[name]
        return self.parent.get(name) if self.parent is not None else None

    def items(self, name: str) -> list["Values"]:
        """One scope per element of list field ``name``: a mapping's keys, or ``{item}``; ``{index}`` counts from 1."""
        value = self.get(name)
        if value is None:
            return []
        if not isinstance(value, (list, tuple)):
            value = [value]
        out = []
        for i, element in enumerate(value, 1):
            fields = dict(element) if isinstance(element, dict) else {"item": element}
            fields["index"] = i
            out.append(Values(fields, parent=self))
        return out


def fill(template: str, values: Values, replace: dict[str, str] | None = None) -> str | None:
    """``template`` with its holes filled, or None when one of its fields is missing."""
    missing = False

    def sub(m: re.Match) -> str:
        nonlocal missing
        text = show(values.get(m.group(1)))
        if text is None:
            missing = True
            return ""
        return FILTERS[m.group(2)](text) if m.group(2) else text

    out = FIELD.sub(sub, template)
    if missing:
        return None
    for old, new in (replace or {}).items():
        out = out.replace(old, new)
    return out


def truthy(values: Values, name: str) -> bool:
    return show(values.get(name)) is not None


def names_in(texts: Iterable[str]) -> set[str]:
    """Every field name the templates in ``texts`` mention."""
    return {m.group(1) for t in texts for m in FIELD.finditer(t)}


def label_of(field: str) -> str:
    return field.replace("_", " ").capitalize()
