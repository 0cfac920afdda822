"""Variant card sets and modes at setup: VOL-VAR-01, VOL-VAR-COMP-*, the *-01 setup rules,
the refused modes (VOL-EXT-2V2-01, VOL-EXT-SOLO-01), views and hidden pools of the variants."""
from __future__ import annotations

from collections import Counter

import pytest

from tabletop.framework.packs import registry, rules_for
from tests.properties.invariants import play_checked

ALL = {"variants": ["all"], "mode": "extended"}
MERCENARIES = {"Mercenary Archer", "Mercenary Veteran"}
VARIANT_NAMES = MERCENARIES | {"Ascension Path", "Saboteur", "Qoam Armory", "Anomaly Collider", "Qoam Oracle",
                 "Heroes Party", "Mirage City", "Double Shift", "Qoam Instability", "Afterthought",
                 "Crystallization", "Second Chance"}


def _names(rules, state):
    return Counter(state.cards[i].name for _, z in state.places() for i in z)


def test_VOL_VAR_01_base_game_has_no_variant_card_and_each_set_toggles_alone(rules):
    # rule ids: VOL-VAR-01
    base = _names(rules, rules.setup({}, 3))
    assert not VARIANT_NAMES & set(base)
    own = {"mercenary": MERCENARIES, "ascension-path": {"Ascension Path"}, "saboteur": {"Saboteur"},
           "perks": {"Qoam Armory", "Anomaly Collider", "Qoam Oracle", "Heroes Party"},
           "ploys": {"Mirage City", "Double Shift", "Qoam Instability", "Afterthought", "Crystallization",
                     "Second Chance"}}
    for v, names in own.items():
        s = rules.setup({"variants": [v]}, 3)
        assert s.vars["variants"] == (v,)
        assert VARIANT_NAMES & set(_names(rules, s)) == names, v
    both = _names(rules, rules.setup({"variants": ["saboteur", "perks"]}, 3))
    assert VARIANT_NAMES & set(both) == own["saboteur"] | own["perks"]
    everything = rules.setup({"variants": ["all"]}, 3)
    assert set(everything.vars["variants"]) == set(own)
    assert VARIANT_NAMES <= set(_names(rules, everything))


def test_VOL_VAR_COMP_01_VOL_VAR_MERC_01_four_mercenaries_in_the_asset_deck(rules):
    # rule ids: VOL-VAR-COMP-01, VOL-VAR-MERC-01
    s = rules.setup({"variants": ["mercenary"]}, 1)
    d = rules.describe(s)
    pile = d["asset_deck"] + [n for n in d["asset_row"] if n]
    assert len(pile) == 67 and sum(pile.count(m) for m in MERCENARIES) == 4
    assert pile.count("Mercenary Archer") == pile.count("Mercenary Veteran") == 2


def test_VOL_VAR_MERC_01_mercenary_in_the_initial_row_is_acquirable(rules):
    # rule ids: VOL-VAR-MERC-01
    for seed in range(200):
        s = rules.setup({"variants": ["mercenary"]}, seed)
        row = rules.describe(s)["asset_row"]
        if "Mercenary Veteran" in row:
            break
    else:
        pytest.fail("no seed deals a Mercenary into the row")
    slot = row.index("Mercenary Veteran") + 1
    rules.apply_setup(s, {"active": "p1", "p1": {"points": {"command": 3}}})
    assert f"acquire asset {slot}" in {rules.format(a) for a in rules.legal_actions(s)}
    rules.apply(s, rules.find_action(s, f"acquire asset {slot}"))
    d = rules.describe(s)
    assert d["p1"]["discard"][-1] == "Mercenary Veteran" and d["p1"]["points"]["command"] == 0


def test_VOL_VAR_COMP_02_VOL_VAR_SAB_01_two_saboteurs(rules):
    # rule ids: VOL-VAR-COMP-02, VOL-VAR-SAB-01
    d = rules.describe(rules.setup({"variants": ["saboteur"]}, 2))
    pile = d["asset_deck"] + [n for n in d["asset_row"] if n]
    assert len(pile) == 65 and pile.count("Saboteur") == 2


def test_VOL_VAR_COMP_03_VOL_VAR_ASC_01_two_ascension_paths_in_the_wonder_deck(rules):
    # rule ids: VOL-VAR-COMP-03, VOL-VAR-ASC-01
    d = rules.describe(rules.setup({"variants": ["ascension-path"]}, 2))
    wonders = d["wonder_deck"] + [n for n in d["lair"]["wonders"] if n]
    assert len(wonders) == 28 and wonders.count("Ascension Path") == 2


def test_VOL_VAR_COMP_04_05_perk_and_ploy_sets(rules):
    # rule ids: VOL-VAR-COMP-04, VOL-VAR-COMP-05
    perks = {c.name for c in rules.cards.cards if c.type == "perk"}
    ploys = {c.name for c in rules.cards.cards if c.type == "ploy"}
    assert perks == {"Qoam Armory", "Anomaly Collider", "Qoam Oracle", "Heroes Party"}
    assert ploys == {"Mirage City", "Double Shift", "Qoam Instability", "Afterthought", "Crystallization",
                     "Second Chance"}
    assert all(c.copies == 1 for c in rules.cards.cards if c.type in ("perk", "ploy"))


def test_VOL_VAR_COMP_06_continuum_is_refused(rules):
    # rule ids: VOL-VAR-COMP-06
    assert not any("Continuum" in c.name for c in rules.cards.cards)
    with pytest.raises(ValueError, match="does not describe"):
        rules.setup({"variants": ["continuum"]}, 0)
    with pytest.raises(ValueError, match="does not describe"):
        rules.setup({"variants": ["all", "continuum"]}, 0)


def test_VOL_EXT_2V2_01_VOL_EXT_SOLO_01_unprinted_modes_are_refused(rules):
    # rule ids: VOL-EXT-2V2-01, VOL-EXT-SOLO-01
    for mode in ("2v2", "solo", "coop"):
        with pytest.raises(ValueError, match="printed rulebook does not describe it"):
            rules.setup({"mode": mode}, 0)
    with pytest.raises(ValueError, match="unknown mode"):
        rules.setup({"mode": "turbo"}, 0)
    with pytest.raises(ValueError, match="unknown variant"):
        rules.setup({"variants": ["mercenaries"]}, 0)


def test_VOL_VAR_01_all_beside_an_unknown_variant_is_refused(rules):
    with pytest.raises(ValueError, match="unknown variant\\(s\\) 'bogus'"):
        rules.setup({"variants": ["all", "bogus"]}, 0)


def test_variant_all_mode_extended_setup(rules):
    """`--variant all --mode extended`: every set in, extended mode on, both players dealt."""
    s = rules.setup(ALL, 9)
    d = rules.describe(s)
    assert s.vars["mode"] == "extended"
    for p in ("p1", "p2"):
        assert d[p]["perk"] in {"Qoam Armory", "Anomaly Collider", "Qoam Oracle", "Heroes Party"}
        assert d[p]["ploy"] in {"Mirage City", "Double Shift", "Qoam Instability", "Afterthought",
                                "Crystallization", "Second Chance"}
        assert d[p]["city1"]["rebuild"] == {"command": 8} and d[p]["city3"]["rebuild"] == {"command": 10}
        assert d[p]["city2"]["removed"] is False
    assert len(d["asset_deck"]) + 5 == 63 + 4 + 2
    assert len(d["wonder_deck"]) + 2 == 28
    assert len(s.zones["perks"]) == 2 and len(s.zones["ploys"]) == 4
    assert sum(len(z) for _, z in s.places()) == len(s.cards)


def test_VOL_VAR_PERK_01_perks_dealt_face_up(rules):
    # rule ids: VOL-VAR-PERK-01
    s = rules.setup({"variants": ["perks"]}, 4)
    mine = s.zones["p1.perk"], s.zones["p2.perk"]
    assert all(len(z) == 1 for z in mine) and len(s.zones["perks"]) == 2
    names = [s.cards[z[0]].name for z in mine]
    for viewer in (0, 1):
        v = rules.view(s, viewer)
        assert [v["players"]["p1"]["perk"], v["players"]["p2"]["perk"]] == names


def test_VOL_VAR_PLOY_01_ploys_dealt_secretly(rules):
    # rule ids: VOL-VAR-PLOY-01
    s = rules.setup({"variants": ["ploys"]}, 4)
    p1, p2 = (s.cards[s.zones[k][0]].name for k in ("p1.ploy", "p2.ploy"))
    assert len(s.zones["ploys"]) == 4
    v1, v2 = rules.view(s, 0), rules.view(s, 1)
    assert v1["players"]["p1"]["ploy"] == p1 and v1["players"]["p2"]["ploy"] == "hidden"
    assert v2["players"]["p2"]["ploy"] == p2 and v2["players"]["p1"]["ploy"] == "hidden"
    assert p2 not in str(v1).replace(p1, "") or p1 == p2
    assert rules.hidden_pools(s, 0)[-1] == ["p2.ploy", "ploys"]


def test_hidden_pools_and_invariants_with_every_variant(rules):
    """Every card in one zone, views blind to hidden pools, save/load replay, with all variants."""
    bots = registry().get("volfyirion").bots()
    for seed in range(3):
        opts = dict(ALL, hidden_asset_top=bool(seed % 2))
        game = play_checked(rules, opts, seed, [bots["random"], bots["greedy"]], rules_for, replay_every=100)
        assert game.state.over
