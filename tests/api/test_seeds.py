"""A seed is any integer: every integer type is taken, anything else is a clear error, and
seeds outside [0, 2**64) are games of their own, not the wrap-around of one inside."""
from __future__ import annotations

import numpy as np
import pytest

import tabletop

#: the first asset cards of Volfyirion's deal, per seed, as the code dealt them before seeds
#: outside [0, 2**64) were folded in: those in the range must never change
KNOWN_DEALS = {0: [86, 76, 34, 36, 81, 55, 53, 46], 7: [38, 61, 78, 72, 58, 71, 52, 31],
               2**63: [62, 84, 72, 60, 83, 56, 46, 58], 2**64 - 1: [78, 80, 76, 35, 38, 55, 45, 36]}


@pytest.fixture(scope="module")
def game():
    return tabletop.load("volfyirion")


def _deal(game, seed) -> list[int]:
    return game.new_state(seed).zones["asset_deck"]


@pytest.mark.parametrize("seed", [np.int64(7), np.int32(7), np.uint64(7)])
def test_a_numpy_integer_is_a_seed_like_any_other(game, seed):
    assert _deal(game, seed) == _deal(game, 7)


def test_play_takes_a_numpy_seed_and_records_it_as_an_int(game):
    played = game.play("random", seed=np.int64(3), max_turns=2)
    assert played.seed == 3 and type(played.seed) is int
    assert played.actions == game.play("random", seed=3, max_turns=2).actions


@pytest.mark.parametrize("seed", [np.int64(3), np.int32(3)])
def test_simulate_takes_a_numpy_seed(game, seed):
    records = game.simulate(["random"], n=2, seed=seed, max_turns=2).records
    assert [r["seed"] for r in records] == [r["seed"] for r in game.simulate(["random"], n=2, seed=3, max_turns=2).records]


def test_a_bot_takes_a_numpy_seed(game):
    state = game.new_state(1)
    assert game.bot("random", np.int64(4)).choose(game.rules, state) == game.bot("random", 4).choose(game.rules, state)


@pytest.mark.parametrize("seed", ["3", 3.0, True, None])
@pytest.mark.parametrize("call", ["new_state", "play", "simulate", "bot", "session"])
def test_anything_but_an_integer_is_refused_clearly_everywhere(game, call, seed):
    calls = {"new_state": lambda: game.new_state(seed),
             "play": lambda: game.play("random", seed=seed, max_turns=1),
             "simulate": lambda: game.simulate(["random"], n=1, seed=seed, max_turns=1),
             "bot": lambda: game.bot("random", seed),
             "session": lambda: game.session(seed)}
    with pytest.raises(tabletop.Error, match=r"a seed is an integer, not "):
        calls[call]()


@pytest.mark.parametrize("seed", sorted(KNOWN_DEALS))
def test_seeds_in_the_64_bit_range_deal_as_they_always_have(game, seed):
    assert _deal(game, seed)[:8] == KNOWN_DEALS[seed]


@pytest.mark.parametrize("seed", [2**64, -1, 2**100, -2**64, 2**64 + 7])
def test_a_seed_outside_the_64_bit_range_is_a_game_of_its_own(game, seed):
    deal = _deal(game, seed)
    assert deal == _deal(game, seed)                                  # still the same seed, same game
    assert deal != _deal(game, 0) and deal != _deal(game, 2**64 - 1)
    assert deal != _deal(game, seed % 2**64)                          # not its wrap-around


def _game_seeds(game, seed) -> list[int]:
    return [r["seed"] for r in game.simulate(["random"], n=3, seed=seed, max_turns=1).records]


def test_a_simulation_seeded_in_the_64_bit_range_plays_the_games_it_always_has(game):
    assert _game_seeds(game, 5) == [41751663846929, 138946437621943, 236007915479200]


def test_a_simulation_from_a_seed_beyond_64_bits_is_not_the_one_from_its_wrap_around(game):
    assert _game_seeds(game, 2**64) != _game_seeds(game, 0)
    assert _game_seeds(game, -1) != _game_seeds(game, 2**64 - 1)
