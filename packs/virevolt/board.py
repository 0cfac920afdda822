"""The terminal board: plain text drawn from one player's view (never from the full state).

Every hero in play is shown with what a player needs to decide: HP, states, attacks (cost
and effect), powers, rotation and sacrifice costs, secondary heroes included. Lines are
wrapped to ``width``; ``compact`` gives the few lines that change action by action.
"""
from __future__ import annotations

import textwrap


def _wrap(text: str, width: int, indent: str, more: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False) or [indent]


def _hero_line(h: dict, role: str) -> str:
    states = f" [{', '.join(h['states'])}]" if h["states"] else ""
    return f"{role} {h['name']} {h['hp']}/{h['max_hp']} HP{states}"


def _hero(h: dict, role: str, width: int) -> list[str]:
    lines = _wrap(_hero_line(h, role) + f" - rotation {h.get('rotation', '-')}, sacrifice {h.get('sacrifice', '-')}",
                  width, "   ", "        ")
    for a in h.get("attacks", []):
        lines += _wrap(f"attack {a['name']} ({a['cost']}): {a['effect']}", width, "      ", "        ")
    for pw in h.get("powers", []):
        lines += _wrap(f"power: {pw}", width, "      ", "        ")
    return lines


def render(view: dict, names: dict | None = None, width: int = 100, compact: bool = False) -> str:
    """Draw ``view`` (see VirevoltRules.view) as plain text; ``names`` may rename players."""
    names = names or {}
    you = view.get("you")
    if compact:
        return "\n".join(_compact(view, you, width))
    out = []
    head = f"Virevolt - turn {view['turn']}, {names.get(view['active'], view['active'])} to play, {view['phase']} phase"
    if view.get("over"):
        head += f" - GAME OVER, winner: {names.get(view['winner'], view['winner'])}"
    out.append(head)
    for pname, p in view["players"].items():
        label = names.get(pname, pname)
        marks = []
        if pname == you:
            marks.append("you")
        if p["eliminated"]:
            marks.append("eliminated")
        out.append("")
        out += _wrap(f"== {label}{' (' + ', '.join(marks) + ')' if marks else ''}: "
                     f"{p['tokens']} token{'s' if p['tokens'] != 1 else ''} of 5, deck {p['deck_size']}, "
                     f"hand {p['hand_size']}, graveyard {len(p['graveyard'])}", width, "", "   ")
        if p["main"]:
            out += _hero(p["main"], "MAIN", width)
        else:
            out.append("   (no main hero)" + ("  - NO HERO IN PLAY: the next attack wins" if not p["secondary"] else ""))
        for h in p["secondary"]:
            out += _hero(h, "secondary", width)
        crys = ", ".join(c["colour"] + ("*" if c["consumed"] else "") for c in p["crystals"]) or "none"
        out.append(f"   crystals: {crys}   (* consumed)")
        if "traps" in p:
            out += _wrap(f"traps (face down): {', '.join(p['traps']) or 'none'}", width, "   ", "     ")
        else:
            out.append(f"   traps (face down): {p['traps_set']}")
        if p["casting"]:
            out.append(f"   casting: {', '.join(p['casting'])}")
        if p["graveyard"]:
            out += _wrap(f"graveyard top: {p['graveyard'][-1]}", width, "   ", "     ")
        if "hand" in p:
            out += _wrap(f"hand: {', '.join(p['hand']) or 'empty'}", width, "   ", "     ")
    pend = view.get("pending")
    if pend and "prompt" not in pend:
        out.append("")
        out.append(f"waiting for {names.get(pend['player'], pend['player'])} to decide")
    return "\n".join(out)


def _compact(view: dict, you: str | None, width: int) -> list[str]:
    lines = [f"-- turn {view['turn']}, {view['active']} ({view['phase']} phase)"]
    for pname, p in view["players"].items():
        heroes = ([_hero_line(p["main"], "main")] if p["main"] else []) + [_hero_line(h, "sec.") for h in p["secondary"]]
        free = sum(1 for c in p["crystals"] if not c["consumed"])
        who = f"{pname}{' (you)' if pname == you else ''}"
        lines += _wrap(f"{who}: {p['tokens']} tokens; {'; '.join(heroes) or 'NO HERO'}; crystals {free}/"
                       f"{len(p['crystals'])} free; traps {p['traps_set']}", width, "  ", "    ")
        if "hand" in p:
            lines += _wrap(f"hand: {', '.join(p['hand']) or 'empty'}", width, "    ", "      ")
    return lines
