"""Deck statistics on the four preconstructed decks, each expectation counted by hand from the
deck files and the card files (packs/virevolt/cards/*.yaml); and the warnings that are not errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.packs.virevolt.deckcheck import check_deck, preconstructed

# By hand, deck by deck: the cheapest use of each card (a hero's cheapest attack, an
# incantation's cheapest effect, a trap's cost), the HP of each hero, the colours each card's costs
# (attacks, effects, rotation, sacrifice, trap cost) name.
EXPECTED = {
    "ember": {
        "by_type": {"hero": 10, "incantation": 5, "trap": 3, "crystal": 12},
        "by_colour": {"red": 18},
        "by_type_and_colour": {"hero": {"red": 10}, "incantation": {"red": 5}, "trap": {"red": 3},
                               "crystal": {"red": 11, "mauve": 1}},
        # 1: Cinder Imp 2, Ash Demon 2, Blaze Duelist 2, Battle Cry 2, Flame Ward 2, Last Stand 1
        # 2: Ember Warden 2, Pyre Captain 2, Fireball 2; 3: Firestorm 1
        "cost_curve": {1: 11, 2: 6, 3: 1},
        "heroes": {"red": {3: 2, 4: 2, 5: 2, 6: 2, 7: 2}},
        "crystals": {"red": 11, "mauve": 1},
        # neutral: the 10 heroes (rotations); red: all 18 non-crystals; Red and Mauve pay red
        "colours": {"neutral": {"cards": 10, "crystals": 12}, "red": {"cards": 18, "crystals": 12},
                    "mauve": {"cards": 0, "crystals": 1}},
        "cheapest_hero_attack": 1,
    },
    "grove": {
        "by_type": {"hero": 10, "incantation": 5, "trap": 3, "crystal": 12},
        "by_colour": {"green": 18},
        "by_type_and_colour": {"hero": {"green": 10}, "incantation": {"green": 5}, "trap": {"green": 3},
                               "crystal": {"green": 11, "mauve": 1}},
        # 1: Venom Stalker 2, Healing Rain 2, Vine Lash 2, Thorn Trap 2, Rejuvenate 1
        # 2: Grove Keeper 2, Wild Druid 2, Serpent Shaman 2, Toxic Cloud 1; 3: Oak Guardian 2
        "cost_curve": {1: 9, 2: 7, 3: 2},
        "heroes": {"green": {4: 4, 6: 2, 7: 2, 9: 2}},
        "crystals": {"green": 11, "mauve": 1},
        "colours": {"neutral": {"cards": 10, "crystals": 12}, "green": {"cards": 18, "crystals": 12},
                    "mauve": {"cards": 0, "crystals": 1}},
        "cheapest_hero_attack": 1,
    },
    "prism": {
        "by_type": {"hero": 10, "incantation": 5, "trap": 3, "crystal": 12},
        "by_colour": {"neutral": 14, "mauve": 4},
        "by_type_and_colour": {"hero": {"neutral": 8, "mauve": 2}, "incantation": {"neutral": 4, "mauve": 1},
                               "trap": {"neutral": 2, "mauve": 1}, "crystal": {"neutral": 11, "mauve": 1}},
        # 1: Veteran Guard 2, Void Sovereign 2, Sling Stone 2, Quick Study 2, Thunderclap 1, Tripwire 2,
        #    Stunning Gaze 1; 2: Wandering Knight 2, Militia Captain 2; 3: Mercenary Blade 2
        "cost_curve": {1: 12, 2: 4, 3: 2},
        "heroes": {"neutral": {4: 2, 5: 4, 6: 2}, "mauve": {8: 2}},
        "crystals": {"neutral": 11, "mauve": 1},
        # mauve: Void Sovereign 2, Thunderclap 1, Stunning Gaze 1, paid by the one Mauve Crystal only
        "colours": {"neutral": {"cards": 16, "crystals": 12}, "mauve": {"cards": 4, "crystals": 1}},
        "cheapest_hero_attack": 1,
    },
    "tide": {
        "by_type": {"hero": 10, "incantation": 5, "trap": 3, "crystal": 12},
        "by_colour": {"blue": 18},
        "by_type_and_colour": {"hero": {"blue": 10}, "incantation": {"blue": 5}, "trap": {"blue": 3},
                               "crystal": {"blue": 11, "mauve": 1}},
        # 1: Tide Mage 2, Mist Oracle 2, Deep Freeze 2, Arcane Insight 1, Mana Drain 2, Ice Wall 2,
        #    Frozen Snare 1; 2: Frost Warden 2, Arcane Sentinel 2; 3: Glacier Golem 2
        "cost_curve": {1: 12, 2: 4, 3: 2},
        "heroes": {"blue": {4: 2, 5: 2, 6: 4, 8: 2}},
        "crystals": {"blue": 11, "mauve": 1},
        # neutral: every hero but Tide Mage (rotation 1 blue, sacrifice 1 blue, attack 1 blue)
        "colours": {"neutral": {"cards": 8, "crystals": 12}, "blue": {"cards": 18, "crystals": 12},
                    "mauve": {"cards": 0, "crystals": 1}},
        "cheapest_hero_attack": 1,
    },
}


@pytest.mark.parametrize("deck", sorted(EXPECTED))
@pytest.mark.parametrize("figure", ["by_type", "by_colour", "by_type_and_colour", "cost_curve", "heroes",
                                    "crystals", "colours", "cheapest_hero_attack"])
def test_deck_statistic_of_each_preconstructed_deck(deck, figure):
    rep = check_deck(preconstructed()[deck])
    assert rep.verdict == "legal"
    assert rep.summary[figure] == EXPECTED[deck][figure]


def test_prism_warns_that_four_mauve_cards_share_one_mauve_crystal():
    rep = check_deck(preconstructed()["prism"])
    assert rep.warnings == ["4 cards cost mauve but the deck has 1 crystal that pays mauve"]


@pytest.mark.parametrize("deck", ["ember", "grove", "tide"])
def test_single_colour_precons_have_no_warning(deck):
    assert check_deck(preconstructed()[deck]).warnings == []


def test_short_colour_warning_counts_cards_and_crystals(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("2 Fireball\n2 Battle Cry\n2 Flame Ward\n2 Ember Warden\n2 Red Crystal\n20 Neutral Crystal\n")
    rep = check_deck(f)
    assert rep.verdict == "legal"
    assert "8 cards cost red but the deck has 2 crystals that pay red" in rep.warnings


def test_no_cheap_hero_warning(tmp_path):
    f = tmp_path / "d.txt"  # Oak Guardian's only attack costs 3, Glacier Golem's 3
    f.write_text("2 Oak Guardian\n2 Glacier Golem\n13 Green Crystal\n13 Blue Crystal\n")
    rep = check_deck(f)
    assert rep.verdict == "legal"
    assert any(w.startswith("no hero below 3 crystals") for w in rep.warnings)


def test_deckcheck_shows_the_figures_after_the_verdict_in_text_and_json():
    exe = Path(sys.executable).with_name("tabletop")
    r = subprocess.run([str(exe), "deckcheck", "virevolt", "prism"], capture_output=True, text=True)
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert "legal deck 'Prism Guard'" in lines[0]
    assert any("cost curve" in x and "1: 12, 2: 4, 3: 2" in x for x in lines)
    assert any("mauve 8 HP x2" in x for x in lines)
    assert lines[-1].endswith("warning: 4 cards cost mauve but the deck has 1 crystal that pays mauve")
    r = subprocess.run([str(exe), "deckcheck", "virevolt", "prism", "--json"], capture_output=True, text=True)
    data = json.loads(r.stdout)
    assert data["summary"]["cost_curve"] == {"1": 12, "2": 4, "3": 2}
    assert data["summary"]["heroes"]["mauve"] == {"8": 2}
    assert data["warnings"] == ["4 cards cost mauve but the deck has 1 crystal that pays mauve"]
