"""Players are seat numbers in the API and p1, p2... in text, with one documented mapping."""
from __future__ import annotations

import pytest

import tabletop


def test_the_mapping_between_seats_and_names():
    assert [tabletop.player_name(i) for i in range(4)] == ["p1", "p2", "p3", "p4"]
    assert [tabletop.player_id(n) for n in ("p1", "P2", 2)] == [0, 1, 2]
    with pytest.raises(tabletop.Error, match="p1, p2"):
        tabletop.player_id("player one")
    with pytest.raises(tabletop.Error, match="seats are 0..1"):
        tabletop.player_id("p3", 2)


@pytest.mark.parametrize("name", ["p²", "p" + "9" * 5000])
def test_a_seat_name_whose_number_int_refuses_is_no_seat(name):
    """'²'.isdigit() is true, and int() refuses both: a ValueError, not the API's error."""
    with pytest.raises(tabletop.Error, match="a player is written p1, p2"):
        tabletop.player_id(name)


def test_winner_is_a_seat_everywhere_and_views_name_it():
    """Stumble: players were ints in state.winner but "p1"/"p2" in views and results."""
    game = tabletop.load("volfyirion")
    played = game.play(["greedy", "random"], seed=3)
    w = game.winner(played.state)
    assert isinstance(w, int) and w == played.winner == played.state.winner
    assert game.view(played.state, w)["winner"] == tabletop.player_name(w)
    assert game.returns(played.state)[w] == 1.0
    sim = game.simulate(["greedy", "random"], n=2)
    assert all(isinstance(r["winner"], int) for r in sim.records)


def test_every_method_taking_a_player_takes_a_seat_or_a_name():
    game = tabletop.load("virevolt", players=3)
    state = game.new_state(1)
    assert game.view(state, "p3") == game.view(state, 2)
    with pytest.raises(tabletop.Error, match="no player 'p4'"):
        game.view(state, "p4")
    with pytest.raises(tabletop.Error, match="no player 5"):
        game.view(state, 5)
