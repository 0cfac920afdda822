"""deckcheck reads the pack's card facts from the user's cache while the card files are unchanged:
the same facts and the same French names as reading the files, never a stale or damaged answer."""
from __future__ import annotations

import json

import pytest

from tabletop.framework import language
from tabletop.framework.packs import registry
from tabletop.packs.virevolt import deckcheck


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "tabletop" / deckcheck.FACTS_CACHE


def files() -> list[bytes]:
    return [f.read_bytes() for f in registry().get("virevolt").card_files()]


def read_directly(data: bytes) -> dict:
    import yaml

    return deckcheck._facts_and_texts(yaml.safe_load(data.decode("utf-8")))[0]


def test_remembered_facts_are_the_facts_read_from_the_files(cache):
    first = [deckcheck._file_facts(d) for d in files()]
    assert cache.exists()
    again = [deckcheck._file_facts(d) for d in files()]
    assert first == again == [read_directly(d) for d in files()]


def test_remembered_facts_bring_the_french_names_back(cache, monkeypatch):
    for d in files():
        deckcheck._file_facts(d)
    monkeypatch.setattr(language, "_card_texts", {})  # a fresh process: nothing registered yet
    for d in files():
        deckcheck._file_facts(d)
    assert language.english_card_name("Gardien des Braises") == "Ember Warden"


def test_a_changed_card_file_is_read_again(cache):
    data = files()[0]
    deckcheck._file_facts(data)
    changed = data.replace(b"hp: 6", b"hp: 7", 1)
    assert changed != data
    assert deckcheck._file_facts(changed) == read_directly(changed) != read_directly(data)


@pytest.mark.parametrize("damage", [
    lambda rows: "not a list",
    lambda rows: [r[:6] for r in rows],
    lambda rows: [[r[0], r[1], r[2], [99], r[4], r[5], r[6]] for r in rows],
    lambda rows: [[r[0], r[1], r[2], r[3], -4, r[5], r[6]] for r in rows],
    lambda rows: [[r[0], r[1], r[2], r[3], r[4], r[5], {"fr": "Gardien"}] for r in rows],
])
def test_a_damaged_cache_is_read_again(cache, damage):
    data = files()[0]
    deckcheck._file_facts(data)
    table = json.loads(cache.read_text())
    cache.write_text(json.dumps({k: damage(v) for k, v in table.items()}))
    assert deckcheck._file_facts(data) == read_directly(data)
