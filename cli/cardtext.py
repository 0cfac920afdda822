"""A card as people read it: its entry as written in the card file, how its kind plays, and
what is true of it now (``tabletop cards show`` and ``show`` during a game)."""
from __future__ import annotations

import yaml

from tabletop.cli.layout import wrap
from tabletop.framework import language
from tabletop.framework.language import N_, gettext as _

#: The names of the card fields a translation gives, as the reader's language says them.
FIELDS = {"attacks": N_("attacks"), "powers": N_("powers"), "effects": N_("effects"), "effect": N_("effect"),
          "when": N_("when"), "main": N_("main ability"), "secondary": N_("secondary ability"),
          "remove": N_("remove ability"), "rules": N_("rules"), "abilities": N_("abilities"), "flavour": N_("flavour")}


def card_yaml(card, width: int = 80) -> str:
    """The card's entry as written (YAML, the file's key order), less its ``translations``
    block: a reader of another language gets those texts from :func:`translated_lines`."""
    source = {k: v for k, v in (card.get("source") or {"name": card.name}).items() if k != "translations"}
    text = yaml.safe_dump(source, sort_keys=False, allow_unicode=True, width=float("inf")).rstrip()
    out = []
    for line in text.splitlines():  # wrapped here: PyYAML's width lets a line run a word past it
        deeper = " " * (len(line) - len(line.lstrip()) + 2)  # a scalar's continuation, as YAML folds it
        out += wrap(line, max(40, width), subsequent_indent=deeper)
    return "\n".join(out)


def card_block(card, rules=None, status: list[str] | tuple = (), width: int = 80) -> str:
    """One card: a title line, its texts in the reader's language when it has a translation, its
    YAML as written (the English texts are the rules), its kind's rules, and ``status`` (what is true of it now)."""
    title = language.card_name(card.name)
    if title != card.name:
        title = f"{title} ({card.name})"
    lines = [f"== {title} " + "=" * max(0, min(width, 60) - len(title) - 4)]
    lines += translated_lines(card, width)
    lines += ["  " + ln for ln in card_yaml(card, width - 2).splitlines()]
    how = rules.card_rules(card) if rules is not None else ""
    if how:
        lines += wrap(how, width - 2, initial_indent="  " + _("how it plays: "), subsequent_indent="    ")
    for s in status:
        lines += wrap(str(language.localised(s)), width - 2, initial_indent="  " + _("now: "), subsequent_indent="    ")
    return "\n".join(lines)


def translated_lines(card, width: int) -> list[str]:
    """The card's texts from its translation in the language spoken now (none in English)."""
    if language.current() == language.DEFAULT:
        return []
    texts = language.card_texts(card.name)
    out = []
    for key, value in texts.items():
        if key == "name":
            continue
        label = _(FIELDS.get(key, key))
        items = value if isinstance(value, list) else [value]
        for item in items:
            text = " : ".join(item.values()) if isinstance(item, dict) else str(item)
            out += wrap(text.replace(" : ", "\u00a0: "), width - 2, initial_indent=f"  {label}\u00a0: ", subsequent_indent="      ")
    return out


def find_card(cards, name: str):
    """The card of ``cards`` named ``name`` (any case), or None."""
    low = " ".join(name.split()).lower()
    found = next((c for c in cards.cards if c.name.lower() == low), None)
    if found is None:
        english = language.english_card_name(" ".join(name.split()))
        found = next((c for c in cards.cards if c.name == english), None) if english else None
    return found
