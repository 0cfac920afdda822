"""States pickle: card definitions by reference to their pack, programs by id."""
from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

import tabletop


def _mid_effect(game, seed=0):
    """A state with a frame on the stack (a decision pending), from random play."""
    from tabletop.framework.rng import Random

    rng = Random(seed)
    state = game.new_state(seed)
    while not state.over:
        if state.stack:
            return state
        actions = game.legal_actions(state)
        game.apply(state, actions[rng.below(len(actions))])
    raise AssertionError("no effect waited for an answer in this game")


@pytest.mark.parametrize("name, options", [("volfyirion", {"variants": ["all"], "mode": "extended"}),
                                           ("virevolt", {"players": 4})])
def test_a_state_pickles_even_in_the_middle_of_an_effect(name, options):
    """Stumble: a State could not be pickled (a lambda in a compiled quantity)."""
    game = tabletop.load(name, **options)
    state = _mid_effect(game, 3)
    again = pickle.loads(pickle.dumps(state))
    assert game.to_json(again) == game.to_json(state)
    assert again.cards[0] is state.cards[0]                    # the very definitions, not copies
    game.apply(again, game.legal_actions(again)[0])            # and it plays on


def test_a_pickled_state_is_rebuilt_in_a_fresh_process(tmp_path):
    game = tabletop.load("volfyirion", variants=["all"])
    state = _mid_effect(game, 5)
    (tmp_path / "s.pickle").write_bytes(pickle.dumps(state))
    code = ("import pickle, json, sys; s = pickle.load(open(sys.argv[1], 'rb')); "
            "print(json.dumps(s.to_json(), sort_keys=True))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s.pickle")], capture_output=True,
                         text=True, check=True).stdout
    import json

    assert json.loads(out) == json.loads(json.dumps(game.to_json(state), sort_keys=True))


def test_cards_pickle_by_reference_so_a_state_pickle_is_small():
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    data = pickle.dumps(state)
    assert len(data) < 5000 and b"pack_card" in data


def test_deepcopy_is_the_cheap_clone():
    game = tabletop.load("virevolt")
    state = game.new_state(2)
    twin = copy.deepcopy(state)
    assert twin is not state and twin.cards is state.cards and game.to_json(twin) == game.to_json(state)


def test_a_card_made_outside_any_pack_refuses_to_pickle_clearly():
    from tabletop.framework.cards import CardDef

    with pytest.raises(pickle.PicklingError, match="does not come from an installed pack"):
        pickle.dumps(CardDef(name="Homemade"))


def test_rules_pickle_by_reference():
    game = tabletop.load("virevolt")
    assert pickle.loads(pickle.dumps(game.rules)) is game.rules


def _seat_count(game) -> int:
    """What a worker process makes of a game handed to it."""
    return game.new_state(4).nplayers


def test_a_game_pickles_by_reference_to_its_pack_and_options():
    game = tabletop.load("virevolt", players=3, decks=["ember", "tide"])
    data = pickle.dumps(game)
    again = pickle.loads(data)
    assert len(data) < 500
    assert (again.name, again.options, again.num_players) == ("virevolt", {"decks": ["ember", "tide"]}, 3)
    assert game.to_json(again.new_state(4)) == game.to_json(game.new_state(4))


def test_deepcopy_of_a_game_is_the_game_itself():
    game = tabletop.load("volfyirion", variants=["all"])
    assert copy.deepcopy(game) is game and copy.deepcopy([game])[0] is game


def test_a_game_can_be_handed_to_a_spawned_worker_process():
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.map(_seat_count, [tabletop.load("virevolt", players=4)]) == [4]
