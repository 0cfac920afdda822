"""``tabletop decks new virevolt --colours red,neutral``: a legal starting deck, commented.

The deck has the shape of the preconstructed ones: 5 heroes, 3 incantations and 2 traps, two
copies each (10 + 5 + 3 cards: the third incantation and second trap once), and 12 crystals
(more when the chosen colours hold too few cards: Mauve alone has five).
Cards are taken from the chosen colours in turn, cheapest first (heroes by their cheapest attack,
so the deck can attack from its first crystals), ties by name, so the same colours always give the
same deck. Crystals follow the colours the cards' costs need, as the payment matrix allows; a Mauve
splash gets the one Mauve Crystal a deck may hold.
"""
from __future__ import annotations

from tabletop.packs.virevolt.deckstats import COLOURS, pays

SHAPE = (("hero", 5, (2, 2, 2, 2, 2)), ("incantation", 3, (2, 2, 1)), ("trap", 2, (2, 1)))
DECK_SIZE = 30
CRYSTAL_NAME = {c: f"{c.capitalize()} Crystal" for c in COLOURS}


def parse_colours(text: str) -> list[str]:
    """``"red,neutral"`` -> ``["red", "neutral"]``; ValueError naming a colour that is none."""
    from tabletop.framework.suggest import did_you_mean

    out = []
    for c in (x.strip().lower() for x in text.split(",")):
        if not c:
            continue
        if c not in COLOURS:
            raise ValueError(f"unknown colour {c!r}{did_you_mean(c, COLOURS)}; the colours are {', '.join(COLOURS)}")
        if c not in out:
            out.append(c)
    if not out:
        raise ValueError(f"give at least one colour, e.g. --colours red,neutral (colours: {', '.join(COLOURS)})")
    return out


def starter_cards(colours: list[str], index: dict) -> dict[str, int]:
    """The starting deck's cards for ``colours`` (``index``: name -> CardFacts)."""
    cards: dict[str, int] = {}
    for kind, distinct, copies in SHAPE:
        pools = {c: sorted((f for f in index.values() if f.type == kind and f.colour == c),
                           key=lambda f: (f.use_cost if f.use_cost is not None else 99, f.name)) for c in colours}
        picked: list = []
        while len(picked) < distinct and any(pools.values()):
            for c in colours:
                if pools[c] and len(picked) < distinct:
                    picked.append(pools[c].pop(0))
        for f, n in zip(picked, copies):
            cards[f.name] = n
    need: dict[str, int] = {c: 0 for c in COLOURS}
    for name, n in cards.items():
        for i in index[name].cost_colours:
            need[COLOURS[i]] += n
    crystals: dict[str, int] = {}
    left = DECK_SIZE - sum(cards.values())  # 12, more when the colours hold too few cards
    if "mauve" in colours or need["mauve"]:
        crystals["mauve"] = 1
        left -= 1
    coloured = [c for c in ("red", "blue", "green") if need[c]]
    if not coloured:
        crystals["neutral"] = left
    else:
        total = sum(need[c] for c in coloured)
        shares = {c: left * need[c] // total for c in coloured}
        shares[coloured[0]] += left - sum(shares.values())
        crystals.update(shares)
    for c in COLOURS:
        if crystals.get(c):
            cards[CRYSTAL_NAME[c]] = crystals[c]
    return cards


def starter_yaml(colours: list[str], index: dict) -> str:
    """The starting deck as a commented YAML deck file."""
    cards = starter_cards(colours, index)
    title = " / ".join(c.capitalize() for c in colours)
    lines = [
        f"# A starting {title} deck, written by 'tabletop decks new virevolt --colours {','.join(colours)}'.",
        "# Check it after every change with: tabletop deckcheck virevolt THIS_FILE",
        "#",
        "# The deck rules:",
        "# - exactly 30 cards (VIR-DECK-01);",
        "# - at most 2 copies of a hero, an incantation or a trap, counted by name (VIR-DECK-02..04, 08);",
        "# - any number of Neutral, Red, Blue and Green crystals, at most 1 Mauve Crystal (VIR-DECK-05, 06);",
        "# - any colours may be mixed (VIR-DECK-07).",
        "# Paying: a Red/Blue/Green cost takes a crystal of its colour (or Mauve), a Neutral cost any",
        "# crystal, a Mauve cost only Mauve: hold crystals of every colour your cards' costs name.",
        f"name: {title} Starter",
        "cards:",
    ]
    headers = {"hero": "heroes: they attack and take hits; heroes enter play free",
               "incantation": "incantations: cast from the hand for their crystal cost, then discarded",
               "trap": "traps: set face down for free, paid when they fire in answer to the opponent",
               "crystal": "crystals: one may be played per turn; they pay every cost"}
    kind = None
    for name, n in cards.items():
        f = index[name]
        if f.type != kind:
            kind = f.type
            lines.append(f"  # {headers[kind]}")
        note = f"{f.colour}"
        if f.type == "hero":
            note += f", {f.hp} HP, cheapest attack {f.use_cost} crystal{'s' if f.use_cost != 1 else ''}"
        elif f.use_cost is not None:
            note += f", costs {f.use_cost}"
        elif f.type == "crystal":
            note = "pays " + ", ".join(c for c in COLOURS if c in pays(f.colour))
        lines.append(f"  {name}: {n}    # {note}")
    return "\n".join(lines) + "\n"
