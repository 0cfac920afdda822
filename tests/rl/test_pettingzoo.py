"""PettingZoo: the environments pass PettingZoo's own tests for every configuration."""
from __future__ import annotations

import functools
import types
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

import tabletop
from tabletop.rl import pettingzoo as tz
from tests.rl.configs import CONFIGS, config_id

# Random Volfyirion games with the printed cards last 600 to 1,500 actions, often more than the
# environment's default cap of 200 turns, so api_test also runs with no cap: its random play must
# then reach a player's victory. Random players may thin their decks into a position nobody can win
# from (a dead position the rules allow), so api_test's sampling is seeded, with a seed whose game
# ends in every configuration.
CYCLES = 2000  # 2 agents x 2000 cycles: room for the longest of them
SEED = 2


def _random_game(e, seed):
    """Play one masked random game through ``e``; return (cycles, final rewards, terminated)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, rewards, ended = 0, {}, False
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = reward
            ended = ended or term
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps, rewards, ended


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test(config, monkeypatch):
    """PettingZoo's api_test, whose play test then plays games to their end: truncated at the
    turn cap or won (default environment), won (no cap)."""
    name, options = config
    ends = []
    step = tz.TabletopEnv.step

    def recording_step(self, action):
        step(self, action)
        if action is not None and (all(self.terminations.values()) or all(self.truncations.values())):
            ends.append("won" if self.state.over else "truncated")

    monkeypatch.setattr(tz.TabletopEnv, "step", recording_step)
    for max_turns, expected in ((200, {"won", "truncated"}), (None, {"won"})):
        e = tz.env(name, max_turns=max_turns, **options)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(SEED + i)
        ends.clear()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            api_test(e, num_cycles=CYCLES)
        assert ends and ends[0] in expected, f"api_test's play must finish a game (max_turns={max_turns})"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_seed_test(config):
    name, options = config
    seed_test(functools.partial(tz.env, name, **options), num_cycles=200)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_max_cycles_test(config):
    """max_cycles applies to the parallel environment (every agent acts each cycle) and its
    AEC view, as in PettingZoo's cycle-based games."""
    name, options = config
    mod = types.SimpleNamespace(
        parallel_env=functools.partial(tz.parallel_env, name, **options),
        env=lambda **kw: parallel_to_aec(tz.parallel_env(name, **options, **kw)))
    max_cycles_test(mod)


def test_rewards_at_the_end_are_plus_one_and_minus_one():
    steps, rewards, ended = _random_game(tz.env("volfyirion", max_turns=None), seed=SEED)
    assert ended and sorted(rewards.values()) == [-1.0, 1.0]


def test_four_players_rewards_are_zero_sum():
    _, rewards, ended = _random_game(tz.env("virevolt", players=4), seed=5)
    assert ended and max(rewards.values()) == 1.0 and sum(rewards.values()) == pytest.approx(0.0)


def test_truncation_at_the_turn_cap_gives_no_reward():
    e = tz.env("volfyirion", max_turns=2)
    _, rewards, ended = _random_game(e, seed=1)
    assert not ended and set(rewards.values()) == {0.0}


def _after_illegal(e):
    e.reset(seed=2)
    agent = e.agent_selection
    obs, *_ = e.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[1]))
    return agent, dict(e.rewards), dict(e.terminations), dict(e.truncations), e.agent_selection


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_author_as_in_the_classic_wrapper():
    from pettingzoo.utils import wrappers

    agent, rewards, terminations, truncations, _ = after = _after_illegal(tz.env("volfyirion"))
    assert terminations[agent] and rewards[agent] == -1 and sorted(rewards.values()) == [-1, 0]
    classic = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(tz.raw_env("volfyirion"), illegal_reward=-1)))
    assert _after_illegal(classic) == after


def test_an_id_out_of_range_fails_its_assertion():
    e = tz.env("virevolt")
    e.reset(seed=1)
    with pytest.raises(AssertionError, match="not an id of Discrete"):
        e.step(e.action_space(e.agent_selection).n)


def test_the_raw_environment_refuses_an_illegal_action_by_name():
    e = tz.raw_env("volfyirion")
    e.reset(seed=2)
    with pytest.raises(tabletop.IllegalAction, match="defeat volfyirion"):
        e.step(e.game.encoding.actions.ids([("defeat volfyirion",)], 0)[0])


def test_same_seed_same_games_and_an_unseeded_reset_continues_the_sequence():
    a, b = tz.raw_env("virevolt"), tz.raw_env("virevolt")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game.to_json(a.state) == b.game.to_json(b.state)
    a.reset()
    b.reset()
    assert a.game.to_json(a.state) == b.game.to_json(b.state)


def test_reset_to_a_deal_is_the_game_the_engine_and_openspiel_deal_under_that_number():
    import pyspiel

    import tabletop.rl.openspiel  # noqa: F401

    e, p = tz.raw_env("virevolt"), tz.parallel_env("virevolt")
    e.reset(options={"deal": 17})
    p.reset(seed=3, options={"deal": 17})
    dealt = pyspiel.load_game("python_tabletop_virevolt").new_initial_state()
    dealt.apply_action(17)
    expected = e.game.to_json(e.game.new_state(17))
    assert e.game.to_json(e.state) == expected == p._core.game.to_json(p._core.state)
    assert e.game.to_json(dealt.engine) == expected


@pytest.mark.parametrize("deal", [-1, 2.5, "7", True])
def test_reset_to_a_deal_that_is_not_a_whole_number_is_refused(deal):
    e = tz.raw_env("volfyirion")
    with pytest.raises(tabletop.Error, match="'deal' must be a whole number"):
        e.reset(options={"deal": deal})


def test_render_ansi_is_the_board_the_agent_to_move_sees():
    e = tz.env("virevolt", players=3, render_mode="ansi")
    e.reset(seed=4)
    me = e.agent_selection
    assert f"{me} (you)" in e.render()


def test_observation_is_the_view_encoding_of_the_agent():
    e = tz.raw_env("volfyirion")
    e.reset(seed=6)
    for agent in e.possible_agents:
        seat = tabletop.player_id(agent)
        assert (e.observe(agent)["observation"] == e.game.observation(e.state, seat)).all()
    other = [a for a in e.possible_agents if a != e.agent_selection][0]
    assert not e.observe(other)["action_mask"].any()


def test_parallel_env_waits_for_the_player_not_to_move_and_ignores_an_illegal_move():
    p = tz.parallel_env("volfyirion")
    obs, _ = p.reset(seed=1)
    mover = next(a for a in p.agents if obs[a]["action_mask"][1:].any())
    waiting = [a for a in p.agents if a != mover]
    assert all(obs[a]["action_mask"].tolist() == [1] + [0] * (len(obs[a]["action_mask"]) - 1) for a in waiting)
    before = p._core.game.to_json(p._core.state)
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[1])
    _, _, _, _, infos = p.step({mover: illegal, **{a: 0 for a in waiting}})
    assert infos[mover]["illegal"] and p._core.game.to_json(p._core.state) == before


@pytest.mark.parametrize("make, keywords, named", [
    (tz.env, {"max_turns": "x"}, "max_turns"), (tz.env, {"max_turns": 0}, "max_turns"),
    (tz.env, {"max_turns": -1}, "max_turns"), (tz.env, {"max_turns": 2.5}, "max_turns"),
    (tz.env, {"illegal_reward": "x"}, "illegal_reward"), (tz.raw_env, {"max_turns": True}, "max_turns"),
    (tz.parallel_env, {"max_turns": "x"}, "max_turns"), (tz.parallel_env, {"max_cycles": 0}, "max_cycles"),
])
def test_an_environment_keyword_of_the_wrong_kind_is_refused_when_the_env_is_made(make, keywords, named):
    with pytest.raises(tabletop.OptionError, match=f"^{named} must be"):
        make("volfyirion", **keywords)


@pytest.mark.parametrize("make, own", [(tz.env, "'max_turns' and 'illegal_reward'"),
                                       (tz.parallel_env, "'max_turns' and 'max_cycles'")])
def test_an_unknown_keyword_is_refused_naming_the_games_options_and_the_environments(make, own):
    with pytest.raises(tabletop.OptionError, match="unknown option 'max_turn'") as caught:
        make("volfyirion", max_turn=3)
    message = caught.value.render()
    assert "did you mean 'max_turns'?" in message and "'variants'" in message and own in message


@pytest.mark.parametrize("action", [1.0, "1", True])
def test_an_action_that_is_not_an_integer_is_refused(action):
    e = tz.env("volfyirion")
    e.reset(seed=2)
    with pytest.raises(tabletop.Error, match="an action id is an integer"):
        e.step(action)


def test_the_parallel_env_refuses_a_legal_id_written_as_a_float():
    p = tz.parallel_env("volfyirion")
    obs, _ = p.reset(seed=1)
    mover = next(a for a in p.agents if obs[a]["action_mask"][1:].any())
    legal = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    with pytest.raises(tabletop.Error, match="an action id is an integer"):
        p.step({a: float(legal) if a == mover else 0 for a in p.agents})


@pytest.mark.parametrize("make", [tz.raw_env, tz.parallel_env])
def test_a_numpy_integer_seed_or_deal_deals_as_the_same_int(make):
    a, b = make("virevolt"), make("virevolt")
    a.reset(seed=np.int64(7))
    b.reset(seed=7)
    assert a._core.game.to_json(a._core.state) == b._core.game.to_json(b._core.state)
    a.reset(options={"deal": np.int64(4)})
    assert a._core.game.to_json(a._core.state) == a._core.game.to_json(a._core.game.new_state(4))


@pytest.mark.parametrize("seed", [7.5, "abc", True])
def test_a_seed_that_is_not_an_integer_is_refused(seed):
    e = tz.raw_env("virevolt")
    with pytest.raises(tabletop.Error, match="a seed is an integer or None"):
        e.reset(seed=seed)
