"""The terminal board: plain text drawn from one player's view (never from the full state)."""
from __future__ import annotations


def _hero(h: dict | None, main: bool = False) -> str:
    if h is None:
        return "(no hero)"
    states = f" [{', '.join(h['states'])}]" if h["states"] else ""
    tag = "MAIN " if main else ""
    return f"{tag}{h['name']} {h['hp']}/{h['max_hp']} HP{states}"


def render(view: dict, names: dict | None = None) -> str:
    """Draw ``view`` (see VirevoltRules.view) as plain text; ``names`` may rename players."""
    names = names or {}
    out = []
    head = f"Virevolt - turn {view['turn']}, {names.get(view['active'], view['active'])} to play, {view['phase']} phase"
    if view.get("over"):
        head += f" - GAME OVER, winner: {names.get(view['winner'], view['winner'])}"
    out.append(head)
    you = view.get("you")
    for pname, p in view["players"].items():
        label = names.get(pname, pname)
        marks = []
        if pname == you:
            marks.append("you")
        if p["eliminated"]:
            marks.append("eliminated")
        out.append("")
        out.append(f"== {label}{' (' + ', '.join(marks) + ')' if marks else ''}: "
                   f"{p['tokens']} token{'s' if p['tokens'] != 1 else ''}, deck {p['deck_size']}, "
                   f"hand {p['hand_size']}, graveyard {len(p['graveyard'])}")
        out.append("   " + _hero(p["main"], True))
        for a in (p["main"] or {}).get("attacks", []):
            out.append(f"      attack {a['name']} ({a['cost']}): {a['effect']}")
        if p["main"]:
            out.append(f"      rotation {p['main']['rotation']}, sacrifice {p['main']['sacrifice']}"
                       + ("; " + "; ".join(p["main"]["powers"]) if p["main"]["powers"] else ""))
        for h in p["secondary"]:
            out.append("   secondary: " + _hero(h) + f" (sacrifice {h['sacrifice']})")
        crys = ", ".join(c["colour"] + ("*" if c["consumed"] else "") for c in p["crystals"]) or "none"
        out.append(f"   crystals: {crys}   (* consumed)")
        if "traps" in p:
            out.append(f"   traps (face down): {', '.join(p['traps']) or 'none'}")
        else:
            out.append(f"   traps (face down): {p['traps_set']}")
        if p["casting"]:
            out.append(f"   casting: {', '.join(p['casting'])}")
        if "hand" in p:
            out.append(f"   hand: {', '.join(p['hand']) or 'empty'}")
    pend = view.get("pending")
    if pend:
        out.append("")
        out.append(f"waiting for {names.get(pend['player'], pend['player'])}: {pend['prompt']}")
    return "\n".join(out)
