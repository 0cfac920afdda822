"""The floors of the code base: each imports only the ones below it (docs/architecture.md).

(1) the engine core; (2) the card language on the core, and card loading on the language;
(3) bots, search, simulation; (4) packs; (5) front ends. Lazy imports count too.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = {"actions", "effects", "errors", "lasting", "narration", "rng", "rules", "state", "suggest", "triggers", "zones",
        "determinize", "hookspecs", "evaluation", "wording"}


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tabletop"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("tabletop"))
    return out


def _under(mods: set[str], prefix: str) -> set[str]:
    return {m for m in mods if m == prefix or m.startswith(prefix + ".")}


def test_the_engine_core_imports_only_the_core():
    for name in CORE:
        mods = imports(ROOT / "framework" / f"{name}.py")
        outside = {m for m in _under(mods, "tabletop.framework") if len(m.split(".")) > 2 and m.split(".")[2] not in CORE}
        assert not outside and not _under(mods, "tabletop.dsl"), (name, outside)


def test_the_card_language_sits_on_the_core_only():
    for f in sorted((ROOT / "dsl").glob("*.py")):
        mods = imports(f)
        outside = {m for m in _under(mods, "tabletop.framework") if len(m.split(".")) > 2 and m.split(".")[2] not in CORE}
        assert not outside, (f.name, outside)
        assert not _under(mods, "tabletop.packs") and not _under(mods, "tabletop.cli"), f.name


def test_card_loading_uses_the_language_and_nothing_imports_upwards():
    assert _under(imports(ROOT / "framework" / "cards.py"), "tabletop.dsl")
    for folder in ("framework", "dsl"):
        for f in sorted((ROOT / folder).glob("*.py")):
            mods = imports(f)
            assert not _under(mods, "tabletop.packs") and not _under(mods, "tabletop.cli"), f"{folder}/{f.name}"


def test_packs_never_import_a_front_end_or_each_other():
    for pack in ("volfyirion", "virevolt"):
        for f in sorted((ROOT / "packs" / pack).glob("*.py")):
            mods = imports(f)
            assert not _under(mods, "tabletop.cli"), f.name
            others = {m for m in _under(mods, "tabletop.packs") if m.split(".")[2:3] not in ([pack], [])}
            assert not others, (f.name, others)
