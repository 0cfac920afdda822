"""The example expansion (examples/volfyirion-designed): the designed cards, added by a plugin.

It is found as any plugin is, through the ``tabletop.packs`` entry point group: installed, its
cards join Volfyirion's set; not installed, its files can still be given with ``--cards``.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import yaml

from tabletop.framework.packs import Registry, registry

from tests.volfyirion.conftest import DESIGNED_FILES, EXPANSION


def _designed_names() -> set[str]:
    return {c["name"] for f in DESIGNED_FILES for c in yaml.safe_load(f.read_text(encoding="utf-8"))}


def _install_metadata(target) -> None:
    """What ``pip install examples/volfyirion-designed`` leaves for entry-point discovery: the
    package on the path and a dist-info whose entry points are the pyproject's own."""
    meta = tomllib.loads((EXPANSION / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = target / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n")
    lines = ["[tabletop.packs]"] + [f"{k} = {v}" for k, v in meta["entry-points"]["tabletop.packs"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


def test_installed_its_cards_join_volfyirion_through_the_entry_point(tmp_path):
    _install_metadata(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(EXPANSION)]))
    out = subprocess.run([sys.executable, "-m", "tabletop.cli.main", "cards", "list", "volfyirion"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    listed = {line[:28].strip() for line in out.stdout.splitlines()}
    assert _designed_names() <= listed
    assert {"Hidden Cache", "Tylaris"} <= listed  # the printed set is still there


def test_not_installed_the_pack_is_the_printed_set_alone():
    names = set(registry().get("volfyirion").cards().by_name)
    assert not names & _designed_names()


def test_the_plugin_adds_its_files_to_volfyirion_and_to_no_other_pack():
    sys.path.insert(0, str(EXPANSION))
    try:
        from tabletop_volfyirion_designed import plugin
    finally:
        sys.path.remove(str(EXPANSION))
    reg = Registry().discover()
    reg.add(plugin, "volfyirion-designed")
    assert "volfyirion-designed" not in reg.packs  # it extends a pack, it is none
    assert _designed_names() <= set(reg.get("volfyirion").cards().by_name)
    assert not _designed_names() & set(reg.get("virevolt").cards().by_name)


def test_its_cards_are_dealt_into_the_decks_of_a_game(designed_rules):
    state = designed_rules.setup({}, 3)
    dealt = {state.cards[i].name for key in ("asset_deck", "row1", "row2", "row3", "row4", "row5", "wonder_deck",
                                             "lair1", "lair2") for i in state.cards_in(key)}
    assert _designed_names() <= dealt


def test_its_houses_are_the_packs_own_words():
    from tabletop.packs.volfyirion.model import COLOURS, NEUTRAL

    for f in DESIGNED_FILES:
        for c in yaml.safe_load(f.read_text(encoding="utf-8")):
            assert c.get("house", NEUTRAL) in COLOURS + (NEUTRAL,), c["name"]
