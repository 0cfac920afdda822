"""Packs are found through entry points; a broken one is named and does not break the others."""
from importlib.metadata import EntryPoint

import pytest

from tabletop.framework import packs as packs_module
from tabletop.framework.packs import PackInfo, Registry, UnknownPack


class GoodPlugin:
    @staticmethod
    def tabletop_pack_info():
        return PackInfo("good", "1.0", "Good game")


def test_a_broken_pack_is_reported_by_name_and_the_others_load(monkeypatch):
    good = EntryPoint("good", "tests.framework.test_packs:GoodPlugin", packs_module.GROUP)
    broken = EntryPoint("broken", "tabletop_no_such_module_xyz", packs_module.GROUP)
    monkeypatch.setattr(packs_module, "entry_points", lambda group: [broken, good])
    reg = Registry().discover()
    assert "good" in reg.packs
    assert "broken" in reg.failures and "ModuleNotFoundError" in reg.failures["broken"]


def test_unknown_pack_suggests_a_close_name():
    reg = Registry()
    reg.add(GoodPlugin, "good")
    with pytest.raises(UnknownPack, match="did you mean 'good'"):
        reg.get("goood")


def test_hooks_are_declared_with_docstrings():
    from tabletop.framework import hookspecs

    hooks = [n for n in dir(hookspecs) if n.startswith("tabletop_")]
    assert hooks
    for name in hooks:
        assert (getattr(hookspecs, name).__doc__ or "").strip(), name


def test_every_hook_is_documented_in_the_pack_guide():
    from pathlib import Path

    from tabletop.framework import hookspecs

    guide = (Path(__file__).resolve().parents[2] / "docs" / "writing-a-pack.md").read_text(encoding="utf-8")
    missing = [n for n in dir(hookspecs) if n.startswith("tabletop_") and f"`{n}" not in guide]
    assert not missing, f"hooks not documented in docs/writing-a-pack.md: {missing}"
