"""Render the card list (docs/packs/virevolt-cards.md) from the loaded card set.

    tabletop cards doc virevolt -o docs/packs/virevolt-cards.md
"""
from __future__ import annotations

from tabletop.framework.language import N_, card_name, card_text, gettext as _

FILES = ("neutral", "red", "blue", "green", "mauve", "crystals")
TITLES = {"neutral": N_("Neutral"), "red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "mauve": N_("Mauve"),
          "crystals": N_("Crystals")}
INTRO = {
    "neutral": N_("Versatile and a bit weaker; a few effects of their own (clearing every harmful state, "
                  "destroying traps, free rotations)."),
    "red": N_("Aggression: high damage, fragile heroes, Burn, and making enemies lose cards and crystals."),
    "blue": N_("Defence and control: Freeze, crystal gain and denial, returning heroes to hand."),
    "green": N_("Balance: healing, Poison, sturdy heroes that mend themselves."),
    "mauve": N_("The rare, ultimate colour and the only one that Stuns. These cards are additions: the "
                "first edition lists no Mauve card besides its crystals (VIR-COMP-08)."),
    "crystals": N_("A deck holds any number of Neutral, Red, Blue and Green crystals and at most one "
                   "Mauve Crystal."),
}


def _cell(text) -> str:
    return str(text).replace("|", "\\|")


def _cost(text: str) -> str:
    """A cost as the card file writes it ("1 red and 1 neutral"), in the reader's words."""
    from tabletop.framework import language
    from tabletop.packs.virevolt.crystals import format_cost, parse_cost

    return text if language.current() == language.DEFAULT else language.localised(format_cost(parse_cost(text)))


def cards_markdown(cardset) -> str:
    """The card list as Markdown, from each card's YAML entry, grouped by colour, in the language
    spoken (a card's French texts are its translation)."""
    out = [_("# Virevolt: the card list"), "",
           _("Generated from `packs/virevolt/cards/*.yaml` by `tabletop cards doc virevolt`; do not edit by hand."), "",
           _("The source rules (v0.3 beta) print no card texts. This card set is our own design, shaped like "
             "the first edition (20 distinct cards per colour for Neutral, Red, Blue and Green, crystals of "
             "five colours), with a few Mauve cards added so that Stun and Mauve costs exist. "
             "Owners of the physical cards can transcribe them in the same format."), ""]
    entries = [c.source for c in cardset.cards]
    for stem in FILES:
        if stem == "crystals":
            cards = [e for e in entries if e["type"] == "crystal"]
        else:
            cards = [e for e in entries if e["type"] != "crystal" and e["colour"] == stem]
        out += [_("## {title} ({n} cards)").format(title=_(TITLES[stem]), n=len(cards)), "", _(INTRO[stem]), ""]
        heroes = [c for c in cards if c["type"] == "hero"]
        incs = [c for c in cards if c["type"] == "incantation"]
        traps = [c for c in cards if c["type"] == "trap"]
        crystals = [c for c in cards if c["type"] == "crystal"]
        if heroes:
            out += [_("### Heroes"), "", _("| Hero | HP | Rotation | Sacrifice | Powers | Attacks |"),
                    "|---|---|---|---|---|---|"]
            for c in heroes:
                name = c["name"]
                atks = "<br>".join(_("**{name}** ({cost}): {effect}").format(
                    name=card_text(name, ("attacks", i, "name"), a["name"]), cost=_cost(a["cost"]),
                    effect=card_text(name, ("attacks", i, "effect"), a["effect"]))
                    for i, a in enumerate(c.get("attacks", [])))
                powers = "<br>".join(card_text(name, ("powers", i), p) for i, p in enumerate(c.get("powers", [])))
                out.append(f"| {_cell(card_name(name))} | {c['hp']} | {_cost(c['rotation'])} | {_cost(c['sacrifice'])} | "
                           f"{_cell(powers or '-')} | {_cell(atks) or '-'} |")
            out.append("")
        if incs:
            out += [_("### Incantations"), "", _("| Incantation | Effects (choose one) |"), "|---|---|"]
            for c in incs:
                effs = "<br>".join(f"**{i}.** ({_cost(e['cost'])}) {card_text(c['name'], ('effects', i - 1, 'effect'), e['effect'])}"
                                   for i, e in enumerate(c["effects"], 1))
                out.append(f"| {_cell(card_name(c['name']))} | {_cell(effs)} |")
            out.append("")
        if traps:
            out += [_("### Traps"), "", _("| Trap | When | Cost | Effect |"), "|---|---|---|---|"]
            for c in traps:
                name = c["name"]
                out.append(f"| {_cell(card_name(name))} | {_cell(card_text(name, ('when',), c['when']))} | "
                           f"{_cost(c['cost'])} | {_cell(card_text(name, ('effect',), c['effect']))} |")
            out.append("")
        if crystals:
            out += [_("| Crystal | Colour |"), "|---|---|"]
            out += [f"| {card_name(c['name'])} | {_(c['colour'])} |"
                    for c in crystals]
            out.append("")
    return "\n".join(out).rstrip() + "\n"

