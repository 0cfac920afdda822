"""The terminal board: plain text drawn from one player's view (never from the full state).

Every hero in play is shown with what a player needs to decide: HP, states, attacks (cost
and effect), powers, rotation and sacrifice costs, secondary heroes included. Lines are
wrapped to ``width``; ``compact`` gives the few lines that change action by action.
"""
from __future__ import annotations

import textwrap

from tabletop.framework.language import N_, card_name, card_text, gettext as _, localised as L, ngettext, pgettext

#: The phases as the rulebook names them (VIR-PHASE-*).
PHASES = {"draw": N_("draw phase"), "state": N_("state phase"), "main": N_("main phase"),
          "combat": N_("combat phase"), "secondary": N_("secondary phase"), "end": N_("end phase")}
STATES = {"poison": N_("poison"), "burn": N_("burn"), "freeze": N_("freeze"), "stun": N_("stun"),
          "immunity": N_("immunity"), "invincibility": N_("invincibility")}
COLOURS = {"neutral": N_("neutral"), "red": N_("red"), "blue": N_("blue"), "green": N_("green"), "mauve": N_("mauve")}


def phase_name(phase: str) -> str:
    return _(PHASES[phase]) if phase in PHASES else phase


def _names(names) -> str:
    return ", ".join(card_name(n) for n in names)


def _wrap(text: str, width: int, indent: str, more: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False) or [indent]


def _hero_line(h: dict, role: str) -> str:
    states = f" [{', '.join(_(STATES.get(s, s)) for s in h['states'])}]" if h["states"] else ""
    return _("{role} {name} {hp}/{max_hp} HP{states}").format(role=role, name=card_name(h["name"]), hp=h["hp"],
                                                              max_hp=h["max_hp"], states=states)


def _hero(h: dict, role: str, width: int) -> list[str]:
    lines = _wrap(_hero_line(h, role) + _(" - rotation {rotation}, sacrifice {sacrifice}").format(
        rotation=L(h.get("rotation", "-")), sacrifice=L(h.get("sacrifice", "-"))), width, "   ", "        ")
    for i, a in enumerate(h.get("attacks", [])):
        lines += _wrap(_("attack {name} ({cost}): {effect}").format(
            name=card_text(h["name"], ("attacks", i, "name"), a["name"]), cost=L(a["cost"]),
            effect=card_text(h["name"], ("attacks", i, "effect"), a["effect"])), width, "      ", "        ")
    for i, pw in enumerate(h.get("powers", [])):
        lines += _wrap(_("power: {power}").format(power=card_text(h["name"], ("powers", i), pw)),
                       width, "      ", "        ")
    return lines


def render(view: dict, names: dict | None = None, width: int = 100, compact: bool = False) -> str:
    """Draw ``view`` (see VirevoltRules.view) as plain text; ``names`` may rename players."""
    names = names or {}
    you = view.get("you")
    if compact:
        return "\n".join(_compact(view, you, width))
    out = []
    head = _("Virevolt - turn {turn}, {active} to play, {phase}").format(
        turn=view["turn"], active=names.get(view["active"], view["active"]), phase=phase_name(view["phase"]))
    if view.get("over"):
        head += _(" - GAME OVER, winner: {winner}").format(winner=names.get(view["winner"], view["winner"]))
    out.append(head)
    for pname, p in view["players"].items():
        label = names.get(pname, pname)
        marks = []
        if pname == you:
            marks.append(_("you"))
        if p["eliminated"]:
            marks.append(_("eliminated"))
        out.append("")
        tokens = ngettext("{n} token of 5", "{n} tokens of 5", p["tokens"]).format(n=p["tokens"])
        out += _wrap(_("== {player}: {tokens}, deck {deck}, hand {hand}, graveyard {graveyard}").format(
            player=label + (" (" + ", ".join(marks) + ")" if marks else ""), tokens=tokens, deck=p["deck_size"],
            hand=p["hand_size"], graveyard=len(p["graveyard"])), width, "", "   ")
        if p["main"]:
            out += _hero(p["main"], _("MAIN"), width)
        else:
            out += _wrap(_("(no main hero)") + ("  - " + _("NO HERO IN PLAY: the next attack wins")
                                                if not p["secondary"] else ""), width, "   ", "     ")
        for h in p["secondary"]:
            out += _hero(h, pgettext("hero", "secondary"), width)
        crys = ", ".join(_(COLOURS[c["colour"]]) + ("*" if c["consumed"] else "") for c in p["crystals"]) or _("none")
        legend = "   " + _("(* consumed)") if any(c["consumed"] for c in p["crystals"]) else ""
        out += _wrap(_("crystals: {crystals}").format(crystals=crys) + legend, width, "   ", "     ")
        if "traps" in p:
            out += _wrap(_("traps (face down): {traps}").format(traps=_names(p["traps"]) or pgettext("traps", "none")),
                         width, "   ", "     ")
        else:
            out.append("   " + _("traps (face down): {traps}").format(traps=p["traps_set"]))
        if p["casting"]:
            out.append("   " + _("casting: {cards}").format(cards=_names(p["casting"])))
        if p["graveyard"]:
            out += _wrap(_("graveyard top: {card}").format(card=card_name(p["graveyard"][-1])), width, "   ", "     ")
        if "hand" in p:
            out += _wrap(_("hand: {cards}").format(cards=_names(p["hand"]) or _("empty")), width, "   ", "     ")
    pend = view.get("pending")
    if pend and "prompt" not in pend:
        out.append("")
        out.append(_("waiting for {player} to decide").format(player=names.get(pend["player"], pend["player"])))
    return "\n".join(out)


def _compact(view: dict, you: str | None, width: int) -> list[str]:
    lines = [_("-- turn {turn}, {active} ({phase})").format(turn=view["turn"], active=view["active"],
                                                           phase=phase_name(view["phase"]))]
    for pname, p in view["players"].items():
        heroes = (([_hero_line(p["main"], pgettext("hero", "main"))] if p["main"] else [])
                  + [_hero_line(h, _("sec.")) for h in p["secondary"]])
        free = sum(1 for c in p["crystals"] if not c["consumed"])
        who = pname + (" (" + _("you") + ")" if pname == you else "")
        tokens = ngettext("{n} token", "{n} tokens", p["tokens"]).format(n=p["tokens"])
        lines += _wrap(_("{who}: {tokens}; {heroes}; crystals {free}/{total} free; traps {traps}").format(
            who=who, tokens=tokens, heroes="; ".join(heroes) or _("NO HERO"), free=free, total=len(p["crystals"]),
            traps=p["traps_set"]), width, "  ", "    ")
        if "hand" in p:
            lines += _wrap(_("hand: {cards}").format(cards=_names(p["hand"]) or _("empty")), width, "    ", "      ")
    return lines
