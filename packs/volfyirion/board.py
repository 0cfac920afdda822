"""The board as plain text for the terminal, drawn from one player's view only.

``draw_board(view, width=, compact=)``: the whole board fitted to ``width`` columns (every
Asset Row and Lair card with its cost and abilities, wrapped, never cut mid-word), or with
``compact`` the few lines that change action by action (points, hand, where the dragon is).
"""
from __future__ import annotations

import textwrap

from tabletop.framework.language import N_, NP_, N_plural, card_name, card_text, gettext as _, ngettext, pgettext

#: The phases, named as Volfyirion's French rulebook names them (Phase de Pioche, Phase principale, Fin du
#: Tour): the same English words as Virevolt's, other French ones, hence the context.
PHASES = {"draw": "draw phase", "main": "main phase", "end": "end phase"}
KINDS = {"command": N_("command"), "building": N_("building"), "troop": N_("troop"), "wonder": N_("wonder"),
         "city": N_("city"), "lair": N_("lair"), "perk": N_("perk"), "ploy": N_("ploy")}
COLOURS = {"red": N_("red"), "purple": N_("purple"), "turquoise": N_("turquoise"), "grey": N_("grey"),
           "neutral": N_("neutral"), "none": N_("none")}
POINTS = {"command": N_plural("{n} command", "{n} command"), "battle": N_plural("{n} battle", "{n} battle"),
          "knowledge": N_plural("{n} knowledge", "{n} knowledge")}


#: Volfyirion's own words for messages the framework narrates for every game (its rulebook draws
#: with *piocher*, Virevolt's with *piger*).
NARRATION = (NP_("volfyirion", "{who} draws {cards}"),)


def phase_name(phase: str) -> str:
    if phase == "draw":
        return pgettext("volfyirion", "draw phase")
    if phase == "main":
        return pgettext("volfyirion", "main phase")
    if phase == "end":
        return pgettext("volfyirion", "end phase")
    return phase


def amount(n: int, resource: str) -> str:
    return ngettext(*POINTS[resource], n).format(n=n) if resource in POINTS else f"{n} {resource}"


def _names(names) -> str:
    return ", ".join(card_name(n) for n in names)


def _wrap(text: str, width: int, indent: str = "  ", more: str = "      ") -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False) or [indent]


def _city(label: str, c: dict) -> str:
    if c.get("removed"):
        return f"{label:<6} {card_name(c.get('name', '')):<18} " + _("REMOVED FROM THE GAME (destroyed twice)")
    if c["destroyed"]:
        rb = c.get("rebuild")
        cost = (_(", rebuild: {cost}").format(cost=", ".join(amount(n, r) for r, n in rb.items()))) if rb else ""
        return f"{label:<6} {card_name(c.get('name', '')):<18} " + _("DESTROYED (printed {printed}{cost})").format(
            printed=c["printed"], cost=cost)
    troop = card_name(c["troop"]) if c["troop"] else "-"
    building = card_name(c["building"]) if c["building"] else "-"
    return f"{label:<6} {card_name(c.get('name', '')):<18} " + _(
        "defence {defence:>2} (printed {printed})  troop: {troop}  building: {building}").format(
        defence=c["defence"], printed=c["printed"], troop=troop, building=building)


def _points(d: dict) -> str:
    pts = d["points"]
    return ", ".join(amount(pts[r], r) for r in ("command", "battle", "knowledge"))


def _player(name: str, d: dict, dragon: str, own: bool, width: int) -> list[str]:
    who = _("{player} (you)").format(player=name) if own else name
    lines = _wrap(_("{who}: {cities} | points: {points} | hand {hand}, deck {deck}, discard {discard}").format(
        who=who, cities=ngettext("{n} intact city", "{n} intact cities", d["intact"]).format(n=d["intact"]),
        points=_points(d), hand=d["hand_size"], deck=d["deck_size"], discard=len(d["discard"])), width, "", "    ")
    for i in (1, 2, 3):
        line = _city(f"city{i}", d[f"city{i}"])
        if dragon == f"{name}.city{i}":
            line += "   <== VOLFYIRION"
        lines += _wrap(line, width)
    if "lair" in d:
        lines.append(f"  lair   {card_name(d['lair']['name']):<18} " + _("defence {defence:>2} (gives 4 battle each turn)").format(
            defence=d["lair"]["defence"]))
    sealed = list(d["sealed"])
    shown = []
    for n in d["play"]:
        if n in sealed:
            sealed.remove(n)
            shown.append(_("{card} [sealed]").format(card=card_name(n)))
        else:
            shown.append(card_name(n))
    lines += _wrap(_("playing area: {cards}").format(cards=", ".join(shown) if shown else "-"), width)
    if d.get("perk"):
        lines.append("  " + _("perk: {card}").format(card=card_name(d["perk"])))
    if d.get("ploy"):
        lines.append("  " + (_("ploy: (secret)") if d["ploy"] == "hidden"
                             else _("ploy: {card} (secret: only you see it)").format(card=card_name(d["ploy"]))))
    if d["discard"]:
        lines.append("  " + _("discard top: {card}").format(card=card_name(d["discard"][-1])))
    return lines


def _asset(i: int, c: dict | None) -> str:
    if not c:
        return f"[{i}] " + _("(empty)")
    parts = [f"[{i}] {card_name(c['name'])} - {_(KINDS.get(c['type'], c['type']))}, "
             f"{_(COLOURS.get(c['colour'], c['colour']))}, {amount(c['cost'], 'command')}"]
    if c.get("defence"):
        parts.append(_("defence {defence}").format(defence=c["defence"]))
    parts += _abilities(c)
    return "; ".join(parts)


def _abilities(c: dict) -> list[str]:
    labels = {"main": N_("main: {text}"), "secondary": N_("secondary: {text}"), "remove": N_("remove: {text}")}
    return [_(labels[key]).format(text=card_text(c["name"], (key,), c[key])) for key in ("main", "secondary", "remove")
            if c.get(key)]


def _dragon(view: dict) -> str:
    where = view["volfyirion"]
    if where == "removed":
        return _("defeated")
    return _("in its Lair") if where == "lair" else _("on {city}").format(city=where)


def draw_board(view: dict, names: dict | None = None, width: int = 100, compact: bool = False) -> str:
    """A readable board from ``view`` (``names`` may map p1/p2 to display names)."""
    names = names or {}
    me = view["you"]
    opp = "p2" if me == "p1" else "p1"
    if compact:
        return "\n".join(_compact(view, me, opp, width))
    out = _wrap(_("=== Volfyirion - turn {turn}, {active} to play ({phase}) ===").format(
        turn=view["turn"], active=view["active"], phase=phase_name(view["phase"])), width, "", "    ")
    if view["over"]:
        out += _wrap(_("GAME OVER - winner: {winner}").format(winner=view["winner"]), width, "", "  ")
    top, bottom = (opp, me) if me else ("p2", "p1")
    out += _player(names.get(top, top), view["players"][top], view["volfyirion"], False, width)
    out.append("")
    out.append(_("Asset Row:"))
    for i, c in enumerate(view["asset_row"], 1):
        out += _wrap(_asset(i, c), width)
    top_card = (card_name(view["asset_top"]) if view["asset_top"] else _("(hidden)")) if view["asset_deck_size"] \
        else _("(empty)")
    out += _wrap(ngettext("Asset Deck: {n} card, top: {top}", "Asset Deck: {n} cards, top: {top}",
                          view["asset_deck_size"]).format(n=view["asset_deck_size"], top=top_card), width, "", "  ")
    lair = view["lair"]
    if lair["owner"]:
        out += _wrap(_("Volfyirion's Lair: claimed by {player} (Volfyirion defeated)").format(player=lair["owner"]),
                     width, "", "  ")
    else:
        out += _wrap(_("Volfyirion's Lair (Wonder Deck: {n}); Volfyirion is {where}:").format(
            n=view["wonder_deck_size"], where=_dragon(view)), width, "", "  ")
        for i, w in enumerate(lair["wonders"], 1):
            if not w:
                out.append(f"  [{i}] " + _("(empty)"))
                continue
            parts = [f"[{i}] {card_name(w['name'])} - {amount(w['cost'], 'battle')}"] + _abilities(w)
            out += _wrap("; ".join(parts), width)
    out.append("")
    mine = view["players"][bottom]
    out += _player(names.get(bottom, bottom), mine, view["volfyirion"], bool(me), width)
    if "hand" in mine:
        out += _wrap(_("your hand: {cards}").format(cards=_names(mine["hand"]) if mine["hand"] else "-"), width)
    pend = view.get("pending")
    if pend and "prompt" not in pend:
        out += _wrap(_("waiting for {player} to decide").format(player=names.get(pend["player"], pend["player"])),
                     width, "", "  ")
    return "\n".join(out)


def _compact(view: dict, me: str | None, opp: str, width: int) -> list[str]:
    lines = _wrap(_("-- turn {turn}, {active} ({phase}); Volfyirion is {where}").format(
        turn=view["turn"], active=view["active"], phase=phase_name(view["phase"]), where=_dragon(view)),
        width, "", "   ")
    if me is None:
        for p, d in view["players"].items():
            lines += _wrap(_("{player}: {points}; {cities}; hand {hand}").format(
                player=p, points=_points(d), cities=ngettext("{n} city", "{n} cities", d["intact"]).format(n=d["intact"]),
                hand=d["hand_size"]), width)
        return lines
    mine, theirs = view["players"][me], view["players"][opp]
    lines += _wrap(_("you: {points} | {cities} (opponent {theirs})").format(
        points=_points(mine), cities=ngettext("{n} city", "{n} cities", mine["intact"]).format(n=mine["intact"]),
        theirs=theirs["intact"]), width)
    lines += _wrap(_("hand: {cards}").format(cards=_names(mine["hand"]) if mine.get("hand") else "-"), width)
    if mine["play"]:
        lines += _wrap(_("in play: {cards}").format(cards=_names(mine["play"])), width)
    return lines
