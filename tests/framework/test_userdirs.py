"""The user's folders follow the XDG Base Directory specification: a relative path is ignored."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework import usercache
from tabletop.web.store import default_db


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_an_absolute_xdg_data_home_holds_the_tables(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    assert default_db() == home / "data" / "tabletop" / "tables.sqlite3"


def test_a_relative_xdg_data_home_is_ignored_for_the_default(home, monkeypatch):
    """A relative path would name another folder from every working directory."""
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    assert default_db() == home / ".local" / "share" / "tabletop" / "tables.sqlite3"


def test_a_relative_xdg_cache_home_is_ignored_for_the_default(home, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "cache")
    assert Path(usercache.cache_dir()) == home / ".cache" / "tabletop"
