"""Contents and setup: VOL-COMP-*, VOL-SETUP-*."""
from __future__ import annotations

from collections import Counter

import pytest


def count(rules, **kw):
    # base-game contents only: variant cards (``variant:``) are counted in test_variants_setup.py
    return sum(c.copies for c in rules.cards.cards
               if not c.get("variant") and all(getattr(c, k) == v for k, v in kw.items()))


def test_VOL_COMP_04_05_06_07_08_card_counts(rules):
    assert count(rules, type="command", starting=True) == 20
    starting = {c.name: c.copies for c in rules.cards.cards if c.starting}
    assert starting == {"Prospector": 16, "Captain": 2, "Diviner": 2}
    assert count(rules, type="command", starting=False) == 36
    assert count(rules, type="building") == 12
    assert count(rules, type="troop") == 15
    assert count(rules, type="wonder") == 26
    assert count(rules, type="city") == 6
    assert count(rules, type="lair") == 1


def test_VOL_COMP_01_02_03_09_new_game(rules):
    s = rules.setup({}, 5)
    d = rules.describe(s)
    assert d["volfyirion"] == "lair"
    assert d["lair"]["owner"] is None and len(d["lair"]["wonders"]) == 2
    for p in ("p1", "p2"):
        assert sorted(d[p][f"city{i}"]["printed"] for i in (1, 2, 3)) == [8, 9, 10]
        assert all(not d[p][f"city{i}"]["destroyed"] and d[p][f"city{i}"]["troop"] is None
                   and d[p][f"city{i}"]["building"] is None for i in (1, 2, 3))
    assert len(d["asset_deck"]) == 58 and all(d["asset_row"])
    assert len(d["wonder_deck"]) + 2 == 26


def test_VOL_SETUP_01_house_decks(rules):
    s = rules.setup({"first": "p1"}, 11)
    d = rules.describe(s)
    p1 = Counter(d["p1"]["hand"] + d["p1"]["deck"])
    p2 = Counter(d["p2"]["hand"] + d["p2"]["deck"])
    assert p1 == p2 == Counter({"Prospector": 8, "Captain": 1, "Diviner": 1})
    assert len(d["p1"]["hand"]) == 5 and d["p2"]["hand"] == []
    assert not set(d["asset_deck"]) & {"Prospector", "Captain", "Diviner"}


def test_VOL_SETUP_02_shuffled_and_hidden(rules):
    a = rules.describe(rules.setup({}, 1))["p1"]["hand"]
    orders = {tuple(rules.describe(rules.setup({}, seed))["p2"]["deck"]) for seed in range(6)}
    assert len(orders) > 1
    v = rules.view(rules.setup({}, 1), 0)
    assert "deck" not in v["players"]["p1"] and "hand" not in v["players"]["p2"]
    assert v["players"]["p2"]["hand_size"] == 0 and v["players"]["p1"]["deck_size"] == 5
    assert a


def test_VOL_SETUP_05_06_asset_top(rules):
    s = rules.setup({}, 2)
    assert rules.view(s, 1)["asset_top"] == rules.describe(s)["asset_deck"][-1]
    s = rules.setup({"hidden_asset_top": True}, 2)
    assert rules.view(s, 0)["asset_top"] is None and rules.view(s, 1)["asset_top"] is None


def test_VOL_SETUP_09_10_lair_fill_order(rules):
    """The Wonder Deck stacked before the Lair is filled (setup key ``wonder_deck_before_lair``), top to
    bottom [6, 2, 4, 3, 4]: the Lair takes the 2 and the 3; the 6 and the first 4 go under the deck,
    each under the previous."""
    s = rules.setup({}, 0)
    stack = ["Emerald Horn", "Sharp Qoam", "Void Fluid", "Pure Qoam", "Black Spores"]  # top first
    rules.apply_setup(s, {"wonder_deck_before_lair": list(reversed(stack))})
    d = rules.describe(s)
    assert d["lair"]["wonders"] == ["Sharp Qoam", "Pure Qoam"]
    assert list(reversed(d["wonder_deck"])) == ["Black Spores", "Emerald Horn", "Void Fluid"]


def test_VOL_SETUP_09_real_setup_lair_costs(rules):
    for seed in range(20):
        s = rules.setup({}, seed)
        assert all(s.cards[s.cards_in(k)[0]].cost <= 3 for k in ("lair1", "lair2"))


def test_VOL_SETUP_12_empty_areas(rules):
    s = rules.setup({"first": "p2"}, 3)
    d = rules.describe(s)
    assert d["active"] == "p2"
    for p in ("p1", "p2"):
        assert d[p]["discard"] == [] and d[p]["play"] == []
    assert d["p1"]["hand"] == []


def test_VOL_COMP_10_two_players_only(rules):
    with pytest.raises(ValueError, match="exactly 2 players"):
        rules.setup({}, 0, 3)
    with pytest.raises(ValueError, match="exactly 2 players"):
        rules.setup({}, 0, 1)
    rules.setup({}, 0, 2)


def test_unknown_option_names_accepted_ones(rules):
    with pytest.raises(ValueError, match="accepted options: first"):
        rules.setup({"frist": "p1"}, 0)
    with pytest.raises(ValueError, match="not available"):
        rules.setup({"variants": ["continuum"]}, 0)  # VOL-VAR-COMP-06 (the variants themselves exist now)
    rules.setup({"variants": [], "mode": "base"}, 0)


def test_VOL_TURN_01_first_random_reproducible(rules):
    firsts = {rules.describe(rules.setup({"first": "random"}, s))["active"] for s in range(12)}
    assert firsts == {"p1", "p2"}
    assert rules.describe(rules.setup({"first": "random"}, 4)) == rules.describe(rules.setup({"first": "random"}, 4))
