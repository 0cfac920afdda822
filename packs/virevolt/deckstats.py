"""What a legal deck holds: the figures ``tabletop deckcheck`` shows after its verdict, and the
warnings that are not errors (a legal deck may still be a poor one).

Every figure counts copies. A card's *cost* on the curve is the crystals its cheapest use takes:
a hero's cheapest attack (heroes enter play free, VIR-HERO-01), an incantation's cheapest effect,
a trap's activation cost. A colour's *need* is the cards whose costs (attacks, effects, rotation,
sacrifice, trap cost) hold that colour's symbol; the crystals that *pay* it are those the payment
matrix allows (VIR-CRYSTAL-02..06: its own colour and Mauve; Mauve symbols only Mauve; Neutral any).
"""
from __future__ import annotations

from tabletop.framework.language import N_, gettext as _, ngettext

COLOURS = ("neutral", "red", "blue", "green", "mauve")
#: A colour is short of crystals when fewer than this share of the cards needing it can pay it.
SHORT_RATIO = 0.5
#: "No cheap hero": warned when the cheapest hero's cheapest attack costs at least this.
CHEAP_HERO = 3


def pays(crystal_colour: str) -> set:
    """Which cost symbols a crystal colour pays (VIR-CRYSTAL-02..06)."""
    if crystal_colour == "mauve":
        return set(COLOURS)
    if crystal_colour == "neutral":
        return {"neutral"}
    return {crystal_colour, "neutral"}


def deck_stats(counts: dict[str, int], index: dict) -> dict:
    """The figures of a deck given as card name -> copies (``index``: name -> CardFacts)."""
    by_type: dict = {}
    by_colour: dict = {}
    by_type_colour: dict = {}
    crystals: dict = {}
    curve: dict = {}
    heroes: dict = {}
    need_cards = dict.fromkeys(COLOURS, 0)
    need: set = set()
    cheapest_hero = None
    for name, n in counts.items():
        f = index[name]
        by_type[f.type] = by_type.get(f.type, 0) + n
        by_type_colour.setdefault(f.type, {})
        by_type_colour[f.type][f.colour] = by_type_colour[f.type].get(f.colour, 0) + n
        if f.type == "crystal":
            crystals[f.colour] = crystals.get(f.colour, 0) + n
            continue
        by_colour[f.colour] = by_colour.get(f.colour, 0) + n
        if f.use_cost is not None:
            curve[f.use_cost] = curve.get(f.use_cost, 0) + n
        if f.type == "hero":
            hp = heroes.setdefault(f.colour, {})
            hp[f.hp] = hp.get(f.hp, 0) + n
            if f.use_cost is not None and (cheapest_hero is None or f.use_cost < cheapest_hero):
                cheapest_hero = f.use_cost
        need.update(f.cost_colours)
        for i in f.cost_colours:
            need_cards[COLOURS[i]] += n
    payable: set = set()
    for c in crystals:
        payable |= pays(c)
    colours = {c: {"cards": need_cards[c], "crystals": sum(k for cc, k in crystals.items() if c in pays(cc))}
               for c in COLOURS if need_cards[c] or crystals.get(c)}
    return {"total": sum(counts.values()), "by_type": by_type, "by_colour": by_colour,
            "by_type_and_colour": by_type_colour, "crystals": crystals,
            "cost_curve": dict(sorted(curve.items())),
            "heroes": {c: dict(sorted(hp.items())) for c, hp in sorted(heroes.items(), key=lambda x: COLOURS.index(x[0])
                                                                          if x[0] in COLOURS else 9)},
            "cheapest_hero_attack": cheapest_hero, "colours": colours,
            "cost_colours": [COLOURS[i] for i in sorted(need)],
            "payable_colours": [c for c in COLOURS if c in payable]}


def deck_warnings(stats: dict) -> list[str]:
    """What is legal but probably a mistake, worst first."""
    out = []
    missing = [c for c in stats["cost_colours"] if c not in stats["payable_colours"]]
    if missing:
        out.append(_("no crystal of this deck can pay {colours} costs").format(colours=", ".join(_w(c) for c in missing)))
    for colour, d in stats["colours"].items():
        if colour in missing or colour == "neutral" or not d["cards"]:
            continue
        if d["crystals"] < SHORT_RATIO * d["cards"]:
            out.append(ngettext("{cards} cost {colour} but the deck has {n} crystal that pays {colour}",
                                "{cards} cost {colour} but the deck has {n} crystals that pay {colour}",
                                d["crystals"]).format(
                cards=ngettext("{n} card", "{n} cards", d["cards"]).format(n=d["cards"]), colour=_w(colour),
                n=d["crystals"]))
    if not stats["by_type"].get("hero"):
        out.append(_("this deck has no hero: it cannot attack and loses to any attack (VIR-DECK-09 allows it)"))
    elif stats["cheapest_hero_attack"] is not None and stats["cheapest_hero_attack"] >= CHEAP_HERO:
        out.append(_("no hero below {n} crystals: the cheapest attack of this deck's heroes costs {cost}, so its "
                     "first turns cannot attack").format(n=CHEAP_HERO, cost=stats["cheapest_hero_attack"]))
    return out


def render_stats(s: dict) -> list[str]:
    """The figures as deckcheck prints them, one line each."""
    def pairs(d: dict) -> str:
        return ", ".join(f"{_w(k)} {v}" for k, v in d.items()) or _("none")

    out = ["  " + _("by type:   {figures}").format(figures=pairs(s["by_type"])),
           "  " + _("by colour: {figures}").format(figures=pairs(s["by_colour"]))]
    for kind, cols in s["by_type_and_colour"].items():
        out.append(f"    {_w(kind) + ':':<12} " + pairs(cols))
    out.append("  " + _("cost curve (crystals for the cheapest use): {figures}").format(
        figures=", ".join(f"{c}: {n}" for c, n in s["cost_curve"].items()) or _("none")))
    out.append("  " + _("heroes (HP: copies): {figures}").format(figures="; ".join(
        f"{_w(colour)} " + ", ".join(_("{hp} HP x{n}").format(hp=hp, n=n) for hp, n in hps.items())
        for colour, hps in s["heroes"].items()) or _("none")))
    out.append("  " + _("crystals:  {figures}").format(figures=pairs(s["crystals"])))
    out.append("  " + _("colours (cards that need it / crystals that pay it): {figures}").format(figures="; ".join(
        f"{_w(c)} {d['cards']}/{d['crystals']}" for c, d in s["colours"].items())))
    return out


#: The words the figures are keyed by (types, colours), as the reader's language says them.
WORDS = {"hero": N_("hero"), "crystal": N_("crystal"), "incantation": N_("incantation"), "trap": N_("trap"),
         "neutral": N_("neutral"), "red": N_("red"), "blue": N_("blue"), "green": N_("green"), "mauve": N_("mauve")}


def _w(word: str) -> str:
    return _(WORDS[word]) if word in WORDS else word
