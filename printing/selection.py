"""Which cards to print, and how many of each: the pack's set, a designer's files, a deck.

Everything goes through the pack as the registry assembled it: its card format and
vocabulary load the designer's files (so a mistake there is the usual located card error),
its deck rules read a deck file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.userfiles import link_problem


def load_extra_cards(pack: Any, files: list[Path]) -> list:
    """A designer's card files, loaded with the pack's own format and language."""
    from tabletop.framework.cardset import CardSet

    for f in files:
        if not Path(f).is_file():
            link = link_problem(f)
            raise TabletopError(gettext("{file}: {problem}").format(file=f, problem=link) if link else
                                gettext('{f}: no such card file').format(f=f))
    fmt = pack.registry.pm.hook.tabletop_card_format(pack=pack.name)
    return CardSet.load(list(files), fmt, pack.vocabulary()).cards


def copies_of(card: Any, field: str | None) -> int:
    """How many of ``card`` its set holds, from the layout's ``copies`` field (1 when none)."""
    value = card.get(field) if field else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def _deck_path(checker: Any, spec: str) -> Path:
    path = Path(spec)
    if path.exists():
        return path
    named = checker.decks() if hasattr(checker, "decks") else {}
    if spec in named:
        return Path(named[spec])
    from tabletop.framework.suggest import did_you_mean

    offer = f" nor a preconstructed deck ({', '.join(named)})" if named else ""
    raise TabletopError(gettext(
        'deck {spec!r} is neither a deck file{offer}{suggestion}').format(
        spec=spec, offer=offer, suggestion=did_you_mean(spec, list(named))))


def deck_cards(pack: Any, spec: str, pool: Any, extra: bool) -> list[str]:
    """The card names of a deck (one per copy), through the pack's deck rules."""
    checker = pack.deck_rules()
    if checker is None:
        raise TabletopError(gettext(
            '{name} has no decks to print; print its set, or some cards with --only').format(name=pack.name))
    path = _deck_path(checker, spec)
    report = checker.check(path, pool) if extra else checker.check(path)
    if report.verdict != "legal":
        raise TabletopError(gettext(
            'the deck cannot be printed until it is legal:\n{text}').format(text=report.render()))
    return list(report.cards)


def choose(pack: Any, *, card_files: list[Path] | None = None, deck: str | None = None,
           only: list[str] | None = None, one_each: bool = False, copies_field: str | None = None) -> list:
    """The cards to print, one entry per printed copy, in the set's (or the deck's) order.

    The pack's set by default, as many of each card as the set holds; ``card_files`` prints a
    designer's own cards instead (they also join the set a deck may draw from, replacing pack
    cards of the same name); ``deck`` prints exactly a deck's cards with their counts; ``only``
    keeps the named cards; ``one_each`` prints each card once.
    """
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.suggest import did_you_mean

    base = pack.cards()
    extra = load_extra_cards(pack, card_files) if card_files else []
    replaced = {c.name for c in extra}
    pool = CardSet([c for c in base.cards if c.name not in replaced] + extra)
    if deck is not None:
        cards = [pool[n] for n in deck_cards(pack, deck, pool, bool(extra))]
        scope = f"deck {deck!r}"
    else:
        cards = [c for c in (extra or base.cards) for _ in range(copies_of(c, copies_field))]
        scope = "the card files given" if extra else f"{pack.name}'s cards"
    if only:
        lower = {c.name.lower(): c.name for c in cards}
        wanted = set()
        for name in only:
            if name.lower() in lower:
                wanted.add(lower[name.lower()])
                continue
            if name.lower() in {n.lower() for n in pool.by_name}:
                raise TabletopError(gettext('{name!r} is not among {scope}').format(name=name, scope=scope))
            raise TabletopError(gettext(
                'no card {name!r} in {scope}{suggestion}').format(
                name=name, scope=scope, suggestion=did_you_mean(name, [c.name for c in cards])))
        cards = [c for c in cards if c.name in wanted]
    if one_each:
        cards = list({c.name: c for c in cards}.values())
    if not cards:
        raise TabletopError(gettext('nothing to print: {scope} hold no card').format(scope=scope))
    return cards
