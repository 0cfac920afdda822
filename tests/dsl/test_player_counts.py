"""What a player has, counted in conditions and in the filters of a group of players ("each player
with fewer victory tokens than you"): cards, resources and a pack's tallies (Virevolt's victory
tokens) read alike, and a filter that reads as no condition is refused where it starts."""
from __future__ import annotations

import pytest

import tabletop


def error(text: str, pack: str) -> str:
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, pack)
    return str(info.value)


@pytest.mark.parametrize("pack, text", [
    ("virevolt", "each player with fewer victory tokens than you draws a card"),
    ("virevolt", "each enemy who has 3 or more victory tokens discards a card"),
    ("virevolt", "if the enemy has more victory tokens than you, draw a card"),
    ("virevolt", "each player with as many victory tokens as you draws a card"),
    ("virevolt", "deal damage equal to your victory tokens to the target"),
    ("virevolt", "each enemy with more heroes than you discards a card"),
    ("virevolt", "each enemy with 3 or more cards in their hand discards a card"),
    ("volfyirion", "each player with fewer battle points than you draws a card"),
    ("volfyirion", "each enemy who has more cards in their hand than you discards a card"),
    ("volfyirion", "each player with fewer intact cities than you draws a card"),
])
def test_every_count_a_player_has_filters_players(pack, text):
    tabletop.compile(text, pack)


def test_victory_tokens_are_virevolt_s_only():
    assert "unknown resource or kind of card or zone 'victory'" in error(
        "if you have 3 or more victory tokens, draw a card", "volfyirion")


@pytest.mark.parametrize("text", ["each player with fewer victory than you draws a card",
                                  "each enemy who has 3 or more tokens discards a card"])
def test_a_filter_that_reads_as_no_condition_is_refused_where_it_starts(text):
    assert "a condition on each of those players" in error(text, "virevolt")


def test_a_tally_is_never_gained_by_an_effect():
    """Victory tokens are counted, not a resource: no effect hands them out."""
    assert "victory" in error("gain 1 victory token", "virevolt")
