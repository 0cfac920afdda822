"""The floors of the code base: each imports only the ones below it (docs/architecture.md).

(1) the engine core; (2) the card language on the core, and card loading on the language;
(3) bots and search (``bots/``), then batches of games (``batches/``); (4) packs; (5) front ends.
Lazy imports count too.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = {"actions", "effects", "errors", "lasting", "narration", "rng", "rules", "state", "suggest", "triggers", "zones",
        "determinize", "hookspecs", "wording", "language", "usercache", "userdirs", "numerals"}
#: batches/ in the order its modules may import each other (each only those before it).
BATCH_ORDER = ["games", "backends", "runner", "records", "report", "matchup", "tune", "cardvalue"]


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


def test_the_engine_and_the_language_import_no_bot_and_no_batch():
    for folder in ("framework", "dsl"):
        for f in sorted((ROOT / folder).glob("*.py")):
            mods = imports(f)
            assert not _under(mods, "tabletop.bots") and not _under(mods, "tabletop.batches"), f"{folder}/{f.name}"


def test_bots_sit_below_batches_packs_and_front_ends():
    for f in sorted((ROOT / "bots").glob("*.py")):
        mods = imports(f)
        for upper in ("tabletop.batches", "tabletop.packs", "tabletop.cli", "tabletop.web", "tabletop.rl"):
            assert not _under(mods, upper), (f.name, upper)


def test_batches_import_one_way_and_nothing_above_them():
    assert sorted(f.stem for f in (ROOT / "batches").glob("*.py") if f.stem != "__init__") == sorted(BATCH_ORDER)
    for i, name in enumerate(BATCH_ORDER):
        mods = imports(ROOT / "batches" / f"{name}.py")
        later = {m for m in _under(mods, "tabletop.batches") if m.split(".")[2:3] and m.split(".")[2] in BATCH_ORDER[i:]}
        assert not later, (name, later)
        for upper in ("tabletop.packs", "tabletop.cli", "tabletop.web", "tabletop.rl"):
            assert not _under(mods, upper), (name, upper)


def test_packs_never_import_a_front_end_or_each_other():
    for pack in ("volfyirion", "virevolt"):
        for f in sorted((ROOT / "packs" / pack).glob("*.py")):
            mods = imports(f)
            assert not _under(mods, "tabletop.cli"), f.name
            others = {m for m in _under(mods, "tabletop.packs") if m.split(".")[2:3] not in ([pack], [])}
            assert not others, (f.name, others)


def test_the_web_front_end_is_reached_by_nothing_below_it():
    for folder in ("framework", "dsl", "bots", "batches", "packs/volfyirion", "packs/virevolt", "api", "rl"):
        for f in sorted((ROOT / folder).glob("*.py")):
            assert not _under(imports(f), "tabletop.web"), f"{folder}/{f.name}"


def test_the_core_needs_no_web_library():
    import subprocess
    import sys

    code = ("import sys, tabletop, tabletop.framework.game, tabletop.cli.main; "
            "from tabletop.framework.packs import registry; registry().get('volfyirion').rules(); "
            "print(sorted(m for m in ('starlette', 'uvicorn', 'websockets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
