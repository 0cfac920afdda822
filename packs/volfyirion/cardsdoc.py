"""The card list as Markdown, rendered from the card files (``tabletop cards doc volfyirion``)."""
from __future__ import annotations

SECTIONS = (
    ("Starting cards", lambda c: c.type == "command" and c.starting),
    ("Command cards", lambda c: c.type == "command" and not c.starting),
    ("Building cards", lambda c: c.type == "building"),
    ("Troop cards", lambda c: c.type == "troop"),
    ("Wonder cards", lambda c: c.type == "wonder"),
    ("Cities and the Lair", lambda c: c.type in ("city", "lair")),
)


def _cell(text) -> str:
    return "" if text in (None, "") else str(text).replace("|", "\\|")


def cards_markdown(cardset) -> str:
    """Every card of ``cardset`` in tables by type, with counts and origin, as Markdown."""
    cards = list(getattr(cardset, "cards", cardset))
    out = ["# Volfyirion cards", "",
           "Generated from `packs/volfyirion/cards/*.yaml` by `cards_markdown` "
           "(`tabletop cards doc volfyirion`); do not edit by hand.", "",
           "*origin*: **rulebook** = the card (or its values) comes from the rulebook; "
           "**design** = our own design in the game's spirit (the rulebook prints no card texts).", ""]
    for title, test in SECTIONS:
        group = [c for c in cards if test(c)]
        if not group:
            continue
        total = sum(c.copies for c in group)
        out += [f"## {title} ({total} cards, {len(group)} different)", ""]
        wonder = title.startswith("Wonder")
        city = title.startswith("Cities")
        if city:
            out += ["| Name | Type | Copies | Defence | Main | Origin |", "|---|---|---|---|---|---|"]
        elif wonder:
            out += ["| Name | Copies | Cost (battle) | Main | Secondary | Remove | Origin |",
                    "|---|---|---|---|---|---|---|"]
        else:
            out += ["| Name | Colour | Copies | Cost (command) | Defence | Main | Secondary | Remove | Origin |",
                    "|---|---|---|---|---|---|---|---|---|"]
        for c in group:
            if city:
                row = [c.name, c.type, c.copies, c.defence, _main(c), c.origin]
            elif wonder:
                row = [c.name, c.copies, c.cost, _main(c), c.get("secondary"),
                       c.get("remove"), c.origin]
            else:
                row = [c.name, c.colour, c.copies, c.cost, c.defence if c.type == "troop" else "",
                       _main(c), c.get("secondary"), c.get("remove"), c.origin]
            out.append("| " + " | ".join(_cell(x) for x in row) + " |")
        notes = [c for c in group if c.get("note")]
        if notes:
            out.append("")
            out += [f"- **{c.name}**: {c.note}" for c in notes]
        out.append("")
    return "\n".join(out)


def _main(c) -> str:
    from tabletop.packs.volfyirion.model import RESOURCES
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in c.main)
