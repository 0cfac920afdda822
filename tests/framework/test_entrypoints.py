"""Packs are found from a remembered entry-point scan while nothing is installed or removed, and
from importlib.metadata as soon as something is: never a stale or a hostile answer."""
from __future__ import annotations

import json
import sys
from importlib.metadata import entry_points as scan

import pytest

from tabletop.framework import entrypoints, usercache

GROUP = "tabletop.packs"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "tabletop" / entrypoints.FILE


def pairs(entries) -> list[tuple[str, str]]:
    return sorted((e.name, e.value) for e in entries)


def install(folder, name: str, value: str) -> None:
    """What pip leaves for a distribution with one tabletop pack: a dist-info with its entry point."""
    info = folder / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = {value}\n")


def test_the_answer_is_importlib_metadata_s_and_is_remembered(cache, monkeypatch):
    expected = sorted((e.name, e.value) for e in scan(group=GROUP))
    assert pairs(entrypoints.entry_points(GROUP)) == expected
    assert cache.exists()

    def no_scan(*a, **k):
        raise AssertionError("importlib.metadata was asked again")

    monkeypatch.setattr("importlib.metadata.entry_points", no_scan)
    assert pairs(entrypoints.entry_points(GROUP)) == expected


def test_a_pack_installed_since_is_found_at_once(cache, tmp_path, monkeypatch):
    entrypoints.entry_points(GROUP)
    site = tmp_path / "site"
    site.mkdir()
    install(site, "newpack", "newpack_module:plugin")
    monkeypatch.syspath_prepend(str(site))
    assert ("newpack", "newpack_module:plugin") in pairs(entrypoints.entry_points(GROUP))


def test_an_entry_point_edited_in_place_is_read_again(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    install(site, "newpack", "newpack_module:plugin")
    monkeypatch.syspath_prepend(str(site))
    assert ("newpack", "newpack_module:plugin") in pairs(entrypoints.entry_points(GROUP))
    (site / "newpack-0.1.dist-info" / "entry_points.txt").write_text(f"[{GROUP}]\nnewpack = other_module:plugin2\n")
    assert ("newpack", "other_module:plugin2") in pairs(entrypoints.entry_points(GROUP))


def test_two_environments_keep_their_own_answers(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    install(site, "newpack", "newpack_module:plugin")
    plain = pairs(entrypoints.entry_points(GROUP))
    monkeypatch.syspath_prepend(str(site))
    extended = pairs(entrypoints.entry_points(GROUP))
    assert len(json.loads(cache.read_text())["entries"]) == 2
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(site)])
    assert pairs(entrypoints.entry_points(GROUP)) == plain != extended


@pytest.mark.parametrize("junk", ["not json at all", "[]", '{"entries": 3}', '{"entries": [{"fingerprint": 1}]}'])
def test_a_damaged_cache_costs_a_scan_and_nothing_else(cache, junk):
    cache.parent.mkdir(parents=True)
    cache.write_text(junk)
    expected = sorted((e.name, e.value) for e in scan(group=GROUP))
    assert pairs(entrypoints.entry_points(GROUP)) == expected


def test_a_remembered_answer_of_the_wrong_shape_is_not_believed(cache):
    entrypoints.entry_points(GROUP)
    data = json.loads(cache.read_text())
    data["entries"][-1]["groups"][GROUP] = [["volfyirion", 42]]
    cache.write_text(json.dumps(data))
    expected = sorted((e.name, e.value) for e in scan(group=GROUP))
    assert pairs(entrypoints.entry_points(GROUP)) == expected


def test_a_cache_folder_that_cannot_be_written_remembers_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    expected = sorted((e.name, e.value) for e in scan(group=GROUP))
    assert pairs(entrypoints.entry_points(GROUP)) == expected
    assert usercache.load(entrypoints.FILE) is None


def test_an_entry_loads_the_object_it_names():
    assert entrypoints.Entry("x", "tabletop.framework.entrypoints:Entry").load() is entrypoints.Entry
    assert entrypoints.Entry("x", "tabletop.framework.usercache").load() is usercache
    assert entrypoints.Entry("x", "tabletop.framework.entrypoints:Entry [extra]").load() is entrypoints.Entry
