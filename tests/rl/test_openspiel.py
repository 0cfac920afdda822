"""OpenSpiel: both games pass OpenSpiel's random simulation test and replay their playthroughs."""
from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough
from open_spiel.python.observation import make_observation

import tabletop
import tabletop.rl.openspiel as tos
from tests.rl.configs import CONFIGS, config_id, game_string

PLAYTHROUGHS = Path(__file__).with_name("playthroughs")
#: The golden playthroughs: a short configuration of each game (OpenSpiel's playthrough tool
#: prints every displayed state's tensors, so a 600-action game would make a huge file).
GOLDEN = {
    "python_tabletop_volfyirion.txt": "python_tabletop_volfyirion(max_turns=8,deals=100)",
    "python_tabletop_virevolt.txt": "python_tabletop_virevolt(max_turns=6,deals=100)",
}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test_with_serialization(config):
    game = pyspiel.load_game(game_string(config))
    options = dict(config[1])
    assert game.num_players() == options.pop("players", 2) and game.tabletop.options == options
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_every_option_of_the_game_is_a_parameter(pack):
    options = set(tabletop.load(pack).rules.options_schema["properties"]) - {"nplayers"}  # nplayers: players
    assert options <= set(pyspiel.load_game(tos.short_name(pack)).get_parameters())


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_golden_playthrough_replays_exactly(name):
    """As OpenSpiel checks its own games: regenerate the playthrough and compare."""
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    original, again = generate_playthrough.replay(str(PLAYTHROUGHS / name))
    assert original.splitlines()[0] == f"game: {GOLDEN[name]}"
    assert again == original


def test_the_games_are_registered_with_their_parameters():
    assert {"python_tabletop_volfyirion", "python_tabletop_virevolt"} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_tabletop_virevolt(players=3,decks=ember+tide+grove,max_turns=50)")
    assert game.num_players() == 3 and game.max_game_length() == 10_001
    assert game.num_distinct_actions() == tabletop.load("virevolt").encoding.actions.size
    with pytest.raises(pyspiel.SpielError, match="2 to 4 players"):
        pyspiel.load_game("python_tabletop_virevolt(players=6)")


def _dealt(game_string, deal=3, steps=40):
    game = pyspiel.load_game(game_string)
    state = game.new_initial_state()
    state.apply_action(deal)
    rng = np.random.RandomState(deal)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def test_tensors_are_the_packs_view_encoding():
    game, state = _dealt("python_tabletop_volfyirion")
    tg = tabletop.load("volfyirion")
    for p in range(2):
        assert state.observation_tensor(p) == tg.observation(state.engine, p).tolist()
        assert state.information_state_tensor(p) == state.observation_tensor(p)


def test_public_and_private_strings_split_the_view():
    import json

    game, state = _dealt("python_tabletop_virevolt(players=3)")
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    shown = json.loads(public.string_from(state, 0))
    assert "you" not in shown and all("hand" not in pv and "traps" not in pv for pv in shown["players"].values())
    assert all("hand_size" in pv for pv in shown["players"].values())
    mine = json.loads(private.string_from(state, 1))
    assert set(mine["players"]) == {"p2"} and "hand" in mine["players"]["p2"]


def test_the_information_state_remembers_actions_and_hides_the_others_secrets():
    game = pyspiel.load_game("python_tabletop_virevolt")
    for deal in range(40):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = np.random.RandomState(deal)
        while not state.is_terminal():
            mover = state.current_player()
            action = rng.choice(state.legal_actions())
            text = state.action_to_string(mover, action)
            state.apply_action(action)
            if text.startswith("set "):
                assert f"p{mover + 1}: {text}" in state.information_state_string(mover).splitlines()
                assert f"p{mover + 1}: set a trap" in state.information_state_string(1 - mover).splitlines()
                return
    raise AssertionError("no trap was set in 40 random games")


def test_resampling_keeps_the_information_state():
    game, state = _dealt("python_tabletop_volfyirion", steps=60)
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()


def _answer(method, *args):
    try:
        return method(*args)
    except pyspiel.SpielError as e:
        return str(e)


@pytest.mark.parametrize("name", ["python_tabletop_volfyirion(max_turns=6,deals=50)",
                                  "python_tabletop_virevolt(players=3,max_turns=6,deals=50)"])
def test_legal_actions_answered_in_python_are_the_cpp_answers(name):
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(3)
    for deal in (0, 7):
        state = game.new_initial_state()
        while True:
            for player in (None, pyspiel.PlayerId.CHANCE, *range(game.num_players())):
                args = () if player is None else (player,)
                assert _answer(state.legal_actions, *args) == _answer(pyspiel.State.legal_actions, state, *args)
            if state.is_terminal():
                break
            state.apply_action(deal if state.is_chance_node() else int(rng.choice(state.legal_actions())))


def test_a_state_pickles_and_clones():
    game, state = _dealt("python_tabletop_virevolt", steps=25)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) and again.history() == state.history()
    assert pickle.loads(pickle.dumps(state.engine)).to_json() == state.engine.to_json()


def test_is_mcts_plays_a_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_tabletop_virevolt(max_turns=12)")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    state.apply_action(1)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.is_terminal()


def test_an_unknown_pack_cannot_be_registered():
    with pytest.raises(tabletop.UnknownPack):
        tos.register("chess")


@pytest.mark.parametrize("name", ["python_tabletop_virevolt(players=4)", "python_tabletop_volfyirion(variants=all)"])
def test_equal_states_serialize_alike_a_clone_and_a_deserialized_copy(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(17)
    rng = np.random.RandomState(17)
    for _ in range(80):
        if state.is_terminal():
            break
        text = state.serialize()
        assert state.clone().serialize() == text
        assert game.deserialize_state(text).serialize() == text
        state.apply_action(rng.choice(state.legal_actions()))
