"""The board as plain text for the terminal, drawn from one player's view only.

``draw_board(view, width=, compact=)``: the whole board fitted to ``width`` columns (every
Asset Row and Lair card with its cost and abilities, wrapped, never cut mid-word), or with
``compact`` the few lines that change action by action (points, hand, where the dragon is).
"""
from __future__ import annotations

import textwrap


def _wrap(text: str, width: int, indent: str = "  ", more: str = "      ") -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False) or [indent]


def _city(label: str, c: dict) -> str:
    if c.get("removed"):
        return f"{label:<6} {c.get('name', ''):<18} REMOVED FROM THE GAME (destroyed twice)"
    if c["destroyed"]:
        rb = c.get("rebuild")
        cost = (", rebuild: " + ", ".join(f"{n} {r}" for r, n in rb.items())) if rb else ""
        return f"{label:<6} {c.get('name', ''):<18} DESTROYED (printed {c['printed']}{cost})"
    troop = c["troop"] or "-"
    building = c["building"] or "-"
    return (f"{label:<6} {c.get('name', ''):<18} defence {c['defence']:>2} (printed {c['printed']})"
            f"  troop: {troop}  building: {building}")


def _points(d: dict) -> str:
    pts = d["points"]
    return f"{pts['command']} command, {pts['battle']} battle, {pts['knowledge']} knowledge"


def _player(name: str, d: dict, dragon: str, own: bool, width: int) -> list[str]:
    lines = _wrap(f"{name}{' (you)' if own else ''}: {d['intact']} intact cit{'y' if d['intact'] == 1 else 'ies'}"
                  f" | points: {_points(d)} | hand {d['hand_size']}, deck {d['deck_size']}, "
                  f"discard {len(d['discard'])}", width, "", "    ")
    for i in (1, 2, 3):
        line = _city(f"city{i}", d[f"city{i}"])
        if dragon == f"{name}.city{i}":
            line += "   <== VOLFYIRION"
        lines += _wrap(line, width)
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
    lines += _wrap("playing area: " + (", ".join(shown) if shown else "-"), width)
    if d.get("perk"):
        lines.append(f"  perk: {d['perk']}")
    if d.get("ploy"):
        lines.append("  ploy: " + ("(secret)" if d["ploy"] == "hidden" else f"{d['ploy']} (secret: only you see it)"))
    if d["discard"]:
        lines.append(f"  discard top: {d['discard'][-1]}")
    return lines


def _asset(i: int, c: dict | None) -> str:
    if not c:
        return f"[{i}] (empty)"
    parts = [f"[{i}] {c['name']} - {c['type']}, {c['colour']}, {c['cost']} command"]
    if c.get("defence"):
        parts.append(f"defence {c['defence']}")
    if c.get("main"):
        parts.append(f"main: {c['main']}")
    if c.get("secondary"):
        parts.append(f"secondary: {c['secondary']}")
    if c.get("remove"):
        parts.append(f"remove: {c['remove']}")
    return "; ".join(parts)


def _dragon(view: dict) -> str:
    where = view["volfyirion"]
    if where == "removed":
        return "defeated"
    return "in its Lair" if where == "lair" else f"on {where}"


def draw_board(view: dict, names: dict | None = None, width: int = 100, compact: bool = False) -> str:
    """A readable board from ``view`` (``names`` may map p1/p2 to display names)."""
    names = names or {}
    me = view["you"]
    opp = "p2" if me == "p1" else "p1"
    if compact:
        return "\n".join(_compact(view, me, opp, width))
    out = [f"=== Volfyirion - turn {view['turn']}, {view['active']} to play ({view['phase']} phase) ==="]
    if view["over"]:
        out.append(f"GAME OVER - winner: {view['winner']}")
    top, bottom = (opp, me) if me else ("p2", "p1")
    out += _player(names.get(top, top), view["players"][top], view["volfyirion"], False, width)
    out.append("")
    out.append("Asset Row:")
    for i, c in enumerate(view["asset_row"], 1):
        out += _wrap(_asset(i, c), width)
    top_card = (view["asset_top"] or "(hidden)") if view["asset_deck_size"] else "(empty)"
    out.append(f"Asset Deck: {view['asset_deck_size']} cards, top: {top_card}")
    lair = view["lair"]
    if lair["owner"]:
        out.append(f"Volfyirion's Lair: claimed by {lair['owner']} (Volfyirion defeated)")
    else:
        out.append(f"Volfyirion's Lair (Wonder Deck: {view['wonder_deck_size']}); Volfyirion is {_dragon(view)}:")
        for i, w in enumerate(lair["wonders"], 1):
            if not w:
                out.append(f"  [{i}] (empty)")
                continue
            parts = [f"[{i}] {w['name']} - {w['cost']} battle"]
            for key in ("main", "secondary", "remove"):
                if w.get(key):
                    parts.append(f"{key}: {w[key]}")
            out += _wrap("; ".join(parts), width)
    out.append("")
    mine = view["players"][bottom]
    out += _player(names.get(bottom, bottom), mine, view["volfyirion"], bool(me), width)
    if "hand" in mine:
        out += _wrap("your hand: " + (", ".join(mine["hand"]) if mine["hand"] else "-"), width)
    pend = view.get("pending")
    if pend and "prompt" not in pend:
        out.append(f"waiting for {names.get(pend['player'], pend['player'])} to decide")
    return "\n".join(out)


def _compact(view: dict, me: str | None, opp: str, width: int) -> list[str]:
    lines = [f"-- turn {view['turn']}, {view['active']} ({view['phase']} phase); Volfyirion is {_dragon(view)}"]
    if me is None:
        for p, d in view["players"].items():
            lines += _wrap(f"{p}: {_points(d)}; {d['intact']} cities; hand {d['hand_size']}", width)
        return lines
    mine, theirs = view["players"][me], view["players"][opp]
    lines += _wrap(f"you: {_points(mine)} | {mine['intact']} cities (opponent {theirs['intact']})", width)
    lines += _wrap("hand: " + (", ".join(mine["hand"]) if mine.get("hand") else "-"), width)
    if mine["play"]:
        lines += _wrap("in play: " + ", ".join(mine["play"]), width)
    return lines
