"""A card as people read it: its entry as written in the card file, how its kind plays, and
what is true of it now (``tabletop cards show`` and ``show`` during a game)."""
from __future__ import annotations


import yaml

from tabletop.cli.layout import wrap


def card_yaml(card, width: int = 80) -> str:
    """The card's entry as written (YAML, the file's key order)."""
    source = card.get("source") or {"name": card.name}
    return yaml.safe_dump(source, sort_keys=False, allow_unicode=True, width=max(40, width - 4)).rstrip()


def card_block(card, rules=None, status: list[str] | tuple = (), width: int = 80) -> str:
    """One card: a title line, its YAML, its kind's rules, and ``status`` (what is true of it now)."""
    lines = [f"== {card.name} " + "=" * max(0, min(width, 60) - len(card.name) - 4)]
    lines += ["  " + ln for ln in card_yaml(card, width).splitlines()]
    how = rules.card_rules(card) if rules is not None else ""
    if how:
        lines += wrap(how, width - 2, initial_indent="  how it plays: ", subsequent_indent="    ")
    for s in status:
        lines += wrap(s, width - 2, initial_indent="  now: ", subsequent_indent="    ")
    return "\n".join(lines)


def find_card(cards, name: str):
    """The card of ``cards`` named ``name`` (any case), or None."""
    low = " ".join(name.split()).lower()
    return next((c for c in cards.cards if c.name.lower() == low), None)
