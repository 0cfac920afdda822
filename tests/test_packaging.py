"""The distribution installs under one namespace, with its data files reachable as resources."""
from __future__ import annotations

import subprocess
import sys
from importlib.resources import files


def _importable(name: str, cwd) -> bool:
    code = f"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec({name!r}) else 1)"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd).returncode == 0


def test_no_generic_top_level_modules_after_install(tmp_path):
    for name in ("framework", "dsl", "packs", "cli"):
        assert not _importable(name, tmp_path), f"a top-level {name!r} module is importable"
    assert _importable("tabletop.framework", tmp_path)


def test_grammar_schemas_cards_and_decks_are_package_resources():
    assert files("tabletop.dsl").joinpath("grammar.lark").is_file()
    for pack in ("volfyirion", "virevolt"):
        root = files(f"tabletop.packs.{pack}")
        assert root.joinpath("card.schema.json").is_file()
        assert any(f.name.endswith(".yaml") for f in root.joinpath("cards").iterdir())
    assert any(f.name.endswith(".yaml") for f in files("tabletop.packs.virevolt").joinpath("decks").iterdir())
    assert files("tabletop.packs.virevolt").joinpath("deck.schema.json").is_file()
