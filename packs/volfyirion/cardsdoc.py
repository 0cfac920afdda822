"""The card list as Markdown, rendered from the card files (``tabletop cards doc volfyirion``)."""
from __future__ import annotations

from tabletop.framework.language import N_, card_text, gettext as _


def _base(c) -> bool:
    return not c.get("variant")


SECTIONS = (
    (N_("Starting cards"), lambda c: _base(c) and c.type == "command" and c.starting),
    (N_("Command cards"), lambda c: _base(c) and c.type == "command" and not c.starting),
    (N_("Building cards"), lambda c: _base(c) and c.type == "building"),
    (N_("Troop cards"), lambda c: _base(c) and c.type == "troop"),
    (N_("Wonder cards"), lambda c: _base(c) and c.type == "wonder"),
    (N_("Cities and the Lair"), lambda c: c.type in ("city", "lair")),
    (N_("Variant: Mercenary (Troop cards)"), lambda c: c.get("variant") == "mercenary"),
    (N_("Variant: Saboteur (Command cards)"), lambda c: c.get("variant") == "saboteur"),
    (N_("Variant: Ascension Path (Wonder cards)"), lambda c: c.get("variant") == "ascension-path"),
    (N_("Variant: Perks"), lambda c: c.get("variant") == "perks"),
    (N_("Variant: Ploys"), lambda c: c.get("variant") == "ploys"),
)


def _cell(text) -> str:
    return "" if text in (None, "") else str(text).replace("|", "\\|")


def cards_markdown(cardset) -> str:
    """Every card of ``cardset`` in tables by type, with counts and provenance, as Markdown, in the
    language spoken (a card's texts from its translation; the notes on the sources stay as written)."""
    cards = list(getattr(cardset, "cards", cardset))
    out = [_("# Volfyirion cards"), "",
           _("Generated from `packs/volfyirion/cards/*.yaml` by `cards_markdown` "
             "(`tabletop cards doc volfyirion`); do not edit by hand."), "",
           _("*Provenance*: **printed** = the published card, as reconciled in "
             "[`docs/data/volfyirion-printed-cards.yaml`](../data/volfyirion-printed-cards.yaml), followed by "
             "the sources that list it (`lolippie`: a student project's card code; `tts`: a Tabletop Simulator "
             "mod; `photo ID`: a photograph of the card, with the identifier printed on it; `rulebook`: a "
             "worked example names it); **rulebook** = described by the rulebook only (it prints no card); "
             "**design** = not a printed card. Where the sources disagree, the note below the table lists "
             "every disputed field and each source's value."), ""]
    for title, test in SECTIONS:
        group = [c for c in cards if test(c)]
        if not group:
            continue
        total = sum(c.copies for c in group)
        out += [_("## {title} ({n} cards, {different} different)").format(title=_(title), n=total, different=len(group)), ""]
        wonder = title.startswith("Wonder") or "Wonder cards)" in title
        city = title.startswith("Cities")
        special = title in ("Variant: Perks", "Variant: Ploys")
        if special:
            out += [_("| Name | Requirement | Effect / rules | Provenance |"), "|---|---|---|---|"]
        elif city:
            out += [_("| Name | Type | Set | Copies | Defence | Rebuild (extended mode) | Main | Provenance |"),
                    "|---|---|---|---|---|---|---|---|"]
        elif wonder:
            out += [_("| Name | Copies | Cost (battle) | Main | Secondary | Remove | Provenance |"),
                    "|---|---|---|---|---|---|---|"]
        else:
            out += [_("| Name | Colour | Copies | Cost (command) | Defence | Main | Secondary | Remove | Provenance |"),
                    "|---|---|---|---|---|---|---|---|---|"]
        for c in group:
            rules = "; ".join(c.get("rules") or ())
            main = card_text(c.name, ("main",), _main(c)) if c.main else _main(c)
            secondary = card_text(c.name, ("secondary",), c.get("secondary")) if c.get("secondary") else None
            remove = card_text(c.name, ("remove",), c.get("remove")) if c.get("remove") else c.get("remove")
            if special:
                effect = card_text(c.name, ("effect",), c.get("effect")) if c.get("effect") else rules
                when = card_text(c.name, ("when",), c.get("when")) if c.get("when") else ""
                row = [c.name, when, effect, _provenance(c)]
            elif city:
                reb = ", ".join(_amount(n, _res(r)) for r, n in c.get("rebuild_cost") or ()) if c.type == "city" else ""
                row = [c.name, _(c.type), c.get("city_set") or "", c.copies, c.defence, reb, main, _provenance(c)]
            elif wonder:
                row = [c.name, c.copies, c.cost, main, _join(secondary, rules), remove, _provenance(c)]
            else:
                row = [c.name, _(c.colour), c.copies, c.cost, c.defence if c.type == "troop" else "",
                       main, _join(secondary, rules), remove, _provenance(c)]
            out.append("| " + " | ".join(_cell(x) for x in row) + " |")
        notes = [c for c in group if c.get("note")]
        if notes:
            out.append("")
            out += [f"- **{c.name}**: {c.note}" for c in notes]
        out.append("")
    return "\n".join(out)


#: Where a card comes from (its ``origin``), as the provenance column names it.
ORIGINS = (N_("printed"), N_("rulebook"), N_("design"))


def _provenance(c) -> str:
    origin = _(c.origin) if c.origin in ORIGINS else c.origin
    return f"{origin} ({c.sources})" if c.get("sources") else origin


def _join(*parts) -> str:
    return "; ".join(p for p in parts if p)


def _res(r: int) -> str:
    from tabletop.packs.volfyirion.model import RESOURCES
    return RESOURCES[r]


def _main(c) -> str:
    from tabletop.packs.volfyirion.model import RESOURCES
    return ", ".join(_amount(n, RESOURCES[r]) for r, n in c.main)


def _amount(n: int, resource: str) -> str:
    """``2 battle``, in the reader's words (``2 points de Combat``)."""
    from tabletop.framework import language
    from tabletop.packs.volfyirion.board import amount

    return f"{n} {resource}" if language.current() == language.DEFAULT else amount(n, resource)
