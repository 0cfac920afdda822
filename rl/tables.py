"""The action enumeration and observation layout of a pack as Markdown, for docs/rl.md.

    python -m tabletop.rl.tables            # print every table
    python -m tabletop.rl.tables --write docs/rl.md   # refresh the generated sections

docs/rl.md holds the tables between ``<!-- tables:NAME -->`` and ``<!-- /tables:NAME -->``
markers; a test regenerates them and checks the file, so the documentation is the code's.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from tabletop.framework.encoding import Family, Seats

#: Generated sections of docs/rl.md: marker name -> (pack, options, what to print).
SECTIONS = {
    "volfyirion-actions": ("volfyirion", {}, "actions"),
    "volfyirion-domains": ("volfyirion", {}, "domains"),
    "volfyirion-observation": ("volfyirion", {}, "observation"),
    "virevolt-actions": ("virevolt", {}, "actions"),
    "virevolt-domains": ("virevolt", {}, "domains"),
    "virevolt-observation-2": ("virevolt", {"players": 2}, "observation"),
    "virevolt-observation-4": ("virevolt", {"players": 4}, "observation"),
}


def _domains(families) -> dict[tuple, str]:
    """Each distinct list of values used by a family, with its name (or its placeholder's)."""
    out: dict[tuple, str] = {}
    for fam in families:
        for key, dom in fam.domains.items():
            if isinstance(dom, Seats):
                continue
            values = tuple(dom)
            if values not in out:
                name = getattr(dom, "name", key)
                k = 2
                while name in out.values():
                    name = f"{key}{k}"
                    k += 1
                out[values] = name
    return out


def _values(dom, names: dict[tuple, str]) -> str:
    if isinstance(dom, Seats):
        return ", ".join(dom.label(o) for o in dom.offsets)
    values = tuple(dom)
    if len(values) <= 6:
        return ", ".join(map(str, values))
    return f"{len(values)} values: *{names[values]}* below"


def actions_table(encoding) -> str:
    """Markdown: one row per family with its id range, notation, arguments and meaning."""
    space = encoding.actions
    names = _domains(space.families)
    by_template = {f.template: f for f in space.families}
    rows = ["| ids | notation | arguments | meaning |", "|---|---|---|---|"]
    for first, last, template, doc in space.table():
        ids = str(first) if first == last else f"{first}–{last}"
        fam: Family | None = by_template.get(template)
        args = "; ".join(f"`{k}`: {_values(d, names)}" for k, d in fam.domains.items()) if fam else ""
        if fam is None and template.startswith("decision option"):
            args = f"`k`: 1..{last - first + 1}"
        if fam is not None and fam.private:
            doc += f" (the other players see only \"{fam.private}\")"
        rows.append(f"| {ids} | `{template}` | {args} | {doc} |")
    return "\n".join(rows)


def domains_list(encoding) -> str:
    """Markdown: the values of every long argument domain, in id order."""
    names = _domains(encoding.actions.families)
    out = []
    for values, name in names.items():
        if len(values) > 6:
            out.append(f"- *{name}* ({len(values)}): " + ", ".join(map(str, values)))
    return "\n".join(out)


def observation_table(encoding) -> str:
    """Markdown: one row per field with its offset, size and meaning."""
    rows = [f"Observation size {encoding.layout.size}.", "", "| offset | size | field | meaning |", "|---:|---:|---|---|"]
    for name, offset, size, doc in encoding.layout.table():
        rows.append(f"| {offset} | {size} | `{name}` | {doc} |")
    if encoding.cards:
        rows += ["", f"Per-card counts and one-hots run over these {len(encoding.cards)} cards, in this order "
                 "(a one-hot over a kind of card keeps this order): " + ", ".join(encoding.cards) + "."]
    return "\n".join(rows)


def section(name: str) -> str:
    """The generated Markdown of section ``name`` (a key of :data:`SECTIONS`)."""
    import tabletop

    pack, options, what = SECTIONS[name]
    enc = tabletop.load(pack, **options).encoding
    if what == "actions":
        return f"Action space size {enc.actions.size}.\n\n" + actions_table(enc)
    if what == "domains":
        return domains_list(enc)
    return observation_table(enc)


def refresh(text: str) -> str:
    """``text`` with every generated section replaced by its current content."""
    for name in SECTIONS:
        pattern = re.compile(rf"(<!-- tables:{re.escape(name)} -->\n)(?:.*?\n)?(<!-- /tables:{re.escape(name)} -->)",
                             re.S)
        if not pattern.search(text):
            raise ValueError(f"docs/rl.md has no section {name!r}")
        text = pattern.sub(lambda m: m.group(1) + section(name) + "\n" + m.group(2), text)
    return text


def main(argv: list[str] | None = None) -> int:
    """``python -m tabletop.rl.tables [--write docs/rl.md]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", type=Path, help="refresh the generated sections of this file (docs/rl.md)")
    args = ap.parse_args(argv)
    if args.write:
        args.write.write_text(refresh(args.write.read_text("utf-8")), "utf-8")
        return 0
    for name in SECTIONS:
        print(f"## {name}\n\n{section(name)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
