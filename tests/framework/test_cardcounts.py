"""`tabletop packs` counts cards from a cache keyed on the card files' bytes: never stale, never unsafe."""
from __future__ import annotations

import json

import pytest

from tabletop.framework import cardcounts


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "tabletop" / cardcounts.FILE


def counter(n: int):
    calls = []

    def count() -> int:
        calls.append(1)
        return n

    return count, calls


def test_a_count_is_remembered_for_the_same_files(cache, tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("a: 1\n")
    count, calls = counter(3)
    assert cardcounts.card_count("p", "1.0", [f], count) == 3
    assert cardcounts.card_count("p", "1.0", [f], count) == 3
    assert len(calls) == 1 and json.loads(cache.read_text()) != {}


def test_changing_a_card_file_or_the_version_counts_again(cache, tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("a: 1\n")
    assert cardcounts.card_count("p", "1.0", [f], counter(3)[0]) == 3
    f.write_text("a: 1\nb: 2\n")
    assert cardcounts.card_count("p", "1.0", [f], counter(4)[0]) == 4
    assert cardcounts.card_count("p", "1.1", [f], counter(5)[0]) == 5


@pytest.mark.parametrize("content", ["not json {", "[1, 2]", '{"k": "3"}', '{"k": 2.5}', '{"k": -1}', "\x80\x81"])
def test_a_damaged_cache_file_only_costs_a_recount(cache, tmp_path, content):
    f = tmp_path / "cards.yaml"
    f.write_text("a: 1\n")
    key = cardcounts.key_of("p", "1.0", [f])
    cache.parent.mkdir(parents=True)
    cache.write_bytes(content.replace("k", key).encode("latin-1"))
    count, calls = counter(7)
    assert cardcounts.card_count("p", "1.0", [f], count) == 7 and calls == [1]


def test_a_set_that_fails_to_load_is_not_remembered(cache, tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("a: 1\n")

    def broken() -> int:
        raise ValueError("card 3 does not compile")

    for _ in range(2):
        with pytest.raises(ValueError):
            cardcounts.card_count("p", "1.0", [f], broken)
    assert not cache.exists()


def test_an_unwritable_cache_folder_still_gives_the_count(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file where a folder should be
    f = tmp_path / "cards.yaml"
    f.write_text("a: 1\n")
    assert cardcounts.card_count("p", "1.0", [f], counter(2)[0]) == 2


def test_the_packs_count_is_the_number_of_cards_loaded(cache):
    from tabletop.framework.packs import Registry

    for pack in Registry().discover().packs.values():
        fresh = pack.card_count()
        again = Registry().discover().packs[pack.name].card_count()  # from the cache this time
        assert fresh == again == len(pack.cards())
