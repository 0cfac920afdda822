"""The card list as Markdown, rendered from the card files (``tabletop cards doc volfyirion``)."""
from __future__ import annotations

def _base(c) -> bool:
    return not c.get("variant")


SECTIONS = (
    ("Starting cards", lambda c: _base(c) and c.type == "command" and c.starting),
    ("Command cards", lambda c: _base(c) and c.type == "command" and not c.starting),
    ("Building cards", lambda c: _base(c) and c.type == "building"),
    ("Troop cards", lambda c: _base(c) and c.type == "troop"),
    ("Wonder cards", lambda c: _base(c) and c.type == "wonder"),
    ("Cities and the Lair", lambda c: c.type in ("city", "lair")),
    ("Variant: Mercenary (Troop cards)", lambda c: c.get("variant") == "mercenary"),
    ("Variant: Saboteur (Command cards)", lambda c: c.get("variant") == "saboteur"),
    ("Variant: Ascension Path (Wonder cards)", lambda c: c.get("variant") == "ascension-path"),
    ("Variant: Perks", lambda c: c.get("variant") == "perks"),
    ("Variant: Ploys", lambda c: c.get("variant") == "ploys"),
)


def _cell(text) -> str:
    return "" if text in (None, "") else str(text).replace("|", "\\|")


def cards_markdown(cardset) -> str:
    """Every card of ``cardset`` in tables by type, with counts and provenance, as Markdown."""
    cards = list(getattr(cardset, "cards", cardset))
    out = ["# Volfyirion cards", "",
           "Generated from `packs/volfyirion/cards/*.yaml` by `cards_markdown` "
           "(`tabletop cards doc volfyirion`); do not edit by hand.", "",
           "*Provenance*: **printed** = the published card, as reconciled in "
           "[`docs/data/volfyirion-printed-cards.yaml`](../data/volfyirion-printed-cards.yaml), followed by "
           "the sources that list it (`lolippie`: a student project's card code; `tts`: a Tabletop Simulator "
           "mod; `photo ID`: a photograph of the card, with the identifier printed on it; `rulebook`: a "
           "worked example names it); **rulebook** = described by the rulebook only (it prints no card); "
           "**design** = not a printed card. Where the sources disagree, the note below the table lists "
           "every disputed field and each source's value.", ""]
    for title, test in SECTIONS:
        group = [c for c in cards if test(c)]
        if not group:
            continue
        total = sum(c.copies for c in group)
        out += [f"## {title} ({total} cards, {len(group)} different)", ""]
        wonder = title.startswith("Wonder") or "Wonder cards)" in title
        city = title.startswith("Cities")
        special = title in ("Variant: Perks", "Variant: Ploys")
        if special:
            out += ["| Name | Requirement | Effect / rules | Provenance |", "|---|---|---|---|"]
        elif city:
            out += ["| Name | Type | Set | Copies | Defence | Rebuild (extended mode) | Main | Provenance |",
                    "|---|---|---|---|---|---|---|---|"]
        elif wonder:
            out += ["| Name | Copies | Cost (battle) | Main | Secondary | Remove | Provenance |",
                    "|---|---|---|---|---|---|---|"]
        else:
            out += ["| Name | Colour | Copies | Cost (command) | Defence | Main | Secondary | Remove | Provenance |",
                    "|---|---|---|---|---|---|---|---|---|"]
        for c in group:
            rules = "; ".join(c.get("rules") or ())
            if special:
                row = [c.name, c.get("when") or "", c.get("effect") or rules, _provenance(c)]
            elif city:
                reb = ", ".join(f"{n} {_res(r)}" for r, n in c.get("rebuild_cost") or ()) if c.type == "city" else ""
                row = [c.name, c.type, c.get("city_set") or "", c.copies, c.defence, reb, _main(c), _provenance(c)]
            elif wonder:
                row = [c.name, c.copies, c.cost, _main(c), _join(c.get("secondary"), rules),
                       c.get("remove"), _provenance(c)]
            else:
                row = [c.name, c.colour, c.copies, c.cost, c.defence if c.type == "troop" else "",
                       _main(c), _join(c.get("secondary"), rules), c.get("remove"), _provenance(c)]
            out.append("| " + " | ".join(_cell(x) for x in row) + " |")
        notes = [c for c in group if c.get("note")]
        if notes:
            out.append("")
            out += [f"- **{c.name}**: {c.note}" for c in notes]
        out.append("")
    return "\n".join(out)


def _provenance(c) -> str:
    return f"{c.origin} ({c.sources})" if c.get("sources") else c.origin


def _join(*parts) -> str:
    return "; ".join(p for p in parts if p)


def _res(r: int) -> str:
    from tabletop.packs.volfyirion.model import RESOURCES
    return RESOURCES[r]


def _main(c) -> str:
    from tabletop.packs.volfyirion.model import RESOURCES
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in c.main)
