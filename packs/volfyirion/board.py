"""The board as plain text for the terminal, drawn from one player's view only."""
from __future__ import annotations


def _city(label: str, c: dict) -> str:
    if c.get("removed"):
        return f"  {label:<6} {c.get('name', ''):<18} REMOVED FROM THE GAME (destroyed twice)"
    if c["destroyed"]:
        rb = c.get("rebuild")
        cost = (", rebuild: " + ", ".join(f"{n} {r}" for r, n in rb.items())) if rb else ""
        return f"  {label:<6} {c.get('name', ''):<18} DESTROYED (printed {c['printed']}{cost})"
    troop = c["troop"] or "-"
    building = c["building"] or "-"
    return (f"  {label:<6} {c.get('name', ''):<18} defence {c['defence']:>2} (printed {c['printed']})"
            f"  troop: {troop:<20} building: {building}")


def _player(name: str, d: dict, dragon: str, own: bool) -> list[str]:
    pts = d["points"]
    lines = [f"{name}{' (you)' if own else ''}: {d['intact']} intact cit{'y' if d['intact'] == 1 else 'ies'}"
             f" | points: {pts['command']} command, {pts['battle']} battle, {pts['knowledge']} knowledge"
             f" | hand {d['hand_size']}, deck {d['deck_size']}, discard {len(d['discard'])}"]
    for i in (1, 2, 3):
        line = _city(f"city{i}", d[f"city{i}"])
        if dragon == f"{name}.city{i}":
            line += "   <== VOLFYIRION"
        lines.append(line)
    if "lair" in d:
        lines.append(f"  lair   {d['lair']['name']:<18} defence {d['lair']['defence']:>2} (gives 4 battle each turn)")
    sealed = list(d["sealed"])
    shown = []
    for n in d["play"]:
        if n in sealed:
            sealed.remove(n)
            shown.append(f"{n} [sealed]")
        else:
            shown.append(n)
    lines.append("  playing area: " + (", ".join(shown) if shown else "-"))
    if d.get("perk"):
        lines.append(f"  perk: {d['perk']}")
    if d.get("ploy"):
        lines.append("  ploy: " + ("(secret)" if d["ploy"] == "hidden" else f"{d['ploy']} (secret: only you see it)"))
    if d["discard"]:
        lines.append(f"  discard top: {d['discard'][-1]}")
    return lines


def draw_board(view: dict, names: dict | None = None) -> str:
    """A readable board from ``view`` (``names`` may map p1/p2 to display names)."""
    names = names or {}
    me = view["you"]
    opp = "p2" if me == "p1" else "p1"
    out = [f"=== Volfyirion - turn {view['turn']}, {view['active']} to play ({view['phase']} phase) ==="]
    if view["over"]:
        out.append(f"GAME OVER - winner: {view['winner']}")
    out += _player(names.get(opp, opp), view["players"][opp], view["volfyirion"], False)
    out.append("")
    row = []
    for i, c in enumerate(view["asset_row"], 1):
        row.append(f"[{i}] {c['name']} ({c['type']}, {c['colour']}, {c['cost']} cmd)" if c else f"[{i}] (empty)")
    out.append("Asset Row: " + "  ".join(row))
    top = view["asset_top"] or "(hidden)" if view["asset_deck_size"] else "(empty)"
    out.append(f"Asset Deck: {view['asset_deck_size']} cards, top: {top}")
    lair = view["lair"]
    if lair["owner"]:
        out.append(f"Volfyirion's Lair: claimed by {lair['owner']} (Volfyirion defeated)")
    else:
        ws = [f"[{i}] {w['name']} ({w['cost']} battle)" if w else f"[{i}] (empty)"
              for i, w in enumerate(lair["wonders"], 1)]
        where = "in its Lair" if view["volfyirion"] == "lair" else f"on {view['volfyirion']}"
        out.append(f"Volfyirion's Lair: {'  '.join(ws)}   | Wonder Deck: {view['wonder_deck_size']}"
                   f" | Volfyirion is {where}")
    out.append("")
    mine = view["players"][me]
    out += _player(names.get(me, me), mine, view["volfyirion"], True)
    if "hand" in mine:
        out.append("  your hand: " + (", ".join(mine["hand"]) if mine["hand"] else "-"))
    if view.get("pending"):
        out.append(f"Decision ({view['pending']['player']}): {view['pending']['prompt']}")
    return "\n".join(out)
