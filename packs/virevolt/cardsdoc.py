"""Render the card list (docs/packs/virevolt-cards.md) from the loaded card set.

    tabletop cards doc virevolt -o docs/packs/virevolt-cards.md
"""
from __future__ import annotations

FILES = ("neutral", "red", "blue", "green", "mauve", "crystals")
TITLES = {"neutral": "Neutral", "red": "Red", "blue": "Blue", "green": "Green", "mauve": "Mauve",
          "crystals": "Crystals"}
INTRO = {
    "neutral": "Versatile and a bit weaker; a few effects of their own (clearing every harmful state, "
               "destroying traps, free rotations).",
    "red": "Aggression: high damage, fragile heroes, Burn, and making enemies lose cards and crystals.",
    "blue": "Defence and control: Freeze, crystal gain and denial, returning heroes to hand.",
    "green": "Balance: healing, Poison, sturdy heroes that mend themselves.",
    "mauve": "The rare, ultimate colour and the only one that Stuns. These cards are additions: the "
             "first edition lists no Mauve card besides its crystals (VIR-COMP-08).",
    "crystals": "A deck holds any number of Neutral, Red, Blue and Green crystals and at most one "
                "Mauve Crystal.",
}


def _cell(text) -> str:
    return str(text).replace("|", "\\|")


def cards_markdown(cardset) -> str:
    """The card list as Markdown, from each card's YAML entry, grouped by colour."""
    out = ["# Virevolt: the card list", "",
           "Generated from `packs/virevolt/cards/*.yaml` by `tabletop cards doc virevolt`; "
           "do not edit by hand.", "",
           "The source rules (v0.3 beta) print no card texts. This card set is our own design, shaped like "
           "the first edition (20 distinct cards per colour for Neutral, Red, Blue and Green, crystals of "
           "five colours), with a few Mauve cards added so that Stun and Mauve costs exist. "
           "Owners of the physical cards can transcribe them in the same format.", ""]
    entries = [c.source for c in cardset.cards]
    for stem in FILES:
        if stem == "crystals":
            cards = [e for e in entries if e["type"] == "crystal"]
        else:
            cards = [e for e in entries if e["type"] != "crystal" and e["colour"] == stem]
        out += [f"## {TITLES[stem]} ({len(cards)} cards)", "", INTRO[stem], ""]
        heroes = [c for c in cards if c["type"] == "hero"]
        incs = [c for c in cards if c["type"] == "incantation"]
        traps = [c for c in cards if c["type"] == "trap"]
        crystals = [c for c in cards if c["type"] == "crystal"]
        if heroes:
            out += ["### Heroes", "", "| Hero | HP | Rotation | Sacrifice | Powers | Attacks |",
                    "|---|---|---|---|---|---|"]
            for c in heroes:
                atks = "<br>".join(f"**{a['name']}** ({a['cost']}): {a['effect']}" for a in c.get("attacks", []))
                out.append(f"| {_cell(c['name'])} | {c['hp']} | {c['rotation']} | {c['sacrifice']} | "
                           f"{_cell('<br>'.join(c.get('powers', [])) or '-')} | {_cell(atks) or '-'} |")
            out.append("")
        if incs:
            out += ["### Incantations", "", "| Incantation | Effects (choose one) |", "|---|---|"]
            for c in incs:
                effs = "<br>".join(f"**{i}.** ({e['cost']}) {e['effect']}" for i, e in enumerate(c["effects"], 1))
                out.append(f"| {_cell(c['name'])} | {_cell(effs)} |")
            out.append("")
        if traps:
            out += ["### Traps", "", "| Trap | When | Cost | Effect |", "|---|---|---|---|"]
            for c in traps:
                out.append(f"| {_cell(c['name'])} | {_cell(c['when'])} | {c['cost']} | {_cell(c['effect'])} |")
            out.append("")
        if crystals:
            out += ["| Crystal | Colour |", "|---|---|"]
            out += [f"| {c['name']} | {c['colour']} |" for c in crystals]
            out.append("")
    return "\n".join(out).rstrip() + "\n"

