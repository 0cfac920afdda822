"""The bot and report hooks of the Volfyirion pack (packs/volfyirion/ai.py) and MCTS on them."""
from __future__ import annotations

import pytest

from tabletop.bots import mcts
from tabletop.bots.mcts import MCTSBot
from tabletop.framework.packs import registry
from tabletop.framework.rng import Random
from tabletop.framework.rules import Rules
from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion.bots import GreedyBot


# These tests name cards of the designed set: they use them through the example expansion
# (examples/volfyirion-designed), added to the printed set as ``--cards`` adds card files.
@pytest.fixture(scope="module")
def rules(designed_rules):
    return designed_rules


@pytest.fixture
def game(designed_game):
    return designed_game


def test_the_pack_offers_mcts_and_the_hooks(rules):
    assert registry().get("volfyirion").bots()["mcts"] is mcts.factory
    cls = type(rules)
    for hook in ("evaluate", "annotate", "action_card", "rollout_action", "safe_action", "preferred_action"):
        assert getattr(cls, hook) is not getattr(Rules, hook), hook
    bot = mcts.factory(rules, 0, iterations=5)
    assert bot.rollout_turns == rules.mcts_settings["rollout_turns"]
    assert mcts.factory(rules, 0, iterations=5, rollout_turns=3).rollout_turns == 3
    assert bot.prior_weight == rules.mcts_settings["prior_weight"] and bot.c == rules.mcts_settings["exploration"]


def test_the_framework_default_searches_everything(rules):
    state = rules.setup({}, 0)
    assert Rules.safe_action(rules, state, rules.legal_actions(state)) is None
    assert Rules.preferred_action(rules, state, rules.legal_actions(state)) is None


def test_evaluate_is_a_probability_and_symmetric(rules):
    state = rules.setup({}, 3)
    greedy = GreedyBot(rules, 0)
    for _ in range(120):
        a, b = rules.evaluate(state, 0), rules.evaluate(state, 1)
        assert 0.0 <= a <= 1.0 and abs(a + b - 1.0) < 1e-9
        rules.apply(state, greedy.choose(rules, state))
        if state.over:
            break


def test_evaluate_sees_cities_the_dragon_and_the_end(game, rules):
    state, _, _ = game({"active": "p1"})
    base = rules.evaluate(state, 0)
    lost = state.clone()
    M.destroy_city(lost, 1, 2)
    assert rules.evaluate(lost, 0) > base + 0.05
    guarded = state.clone()
    rules.apply_setup(guarded, {"active": "p1", "p1": {"cities": [{"troop": "Wall Guard"}]}})
    assert rules.evaluate(guarded, 0) > base
    threatened, _, _ = game({"active": "p2", "volfyirion": "p2.city1"})
    calm, _, _ = game({"active": "p2"})
    assert rules.evaluate(threatened, 1) < rules.evaluate(calm, 1)
    over = state.clone()
    over.over, over.winner = True, 0
    assert rules.evaluate(over, 0) == 1.0 and rules.evaluate(over, 1) == 0.0


def test_deck_quality_counts(game, rules):
    weak, _, _ = game({"active": "p1", "p1": {"hand": [], "deck": ["Prospector"] * 10, "discard": []}})
    strong, _, _ = game({"active": "p1", "p1": {"hand": [], "deck": ["Flawless Deploy"] * 10, "discard": []}})
    assert rules.evaluate(strong, 0) > rules.evaluate(weak, 0)


def test_annotate_and_action_card_name_the_card_in_the_slot(game, rules):
    state, _, _ = game({"active": "p1", "asset_row": ["Purge", "War Drums", None, "Apothecary", "Catacombs"],
                        "lair": ["Sharp Qoam", "Moon Pillar"], "p1": {"points": {"command": 9, "battle": 9}}})
    assert rules.annotate(state, ("acquire asset", 2)) == {"acquired": "War Drums"}
    assert rules.annotate(state, ("acquire wonder", 2)) == {"acquired": "Moon Pillar"}
    assert rules.annotate(state, ("end turn",)) is None
    assert rules.action_card(state, ("acquire asset", 4)) == "Apothecary"
    assert rules.action_card(state, ("acquire wonder", 1)) == "Sharp Qoam"
    assert rules.action_card(state, ("acquire wonder top",)) is None  # face down
    assert rules.action_card(state, ("play", "Prospector")) == "Prospector"


def test_safe_action_plays_cards_first_and_searches_the_rest(game, rules):
    state, _, _ = game({"active": "p1", "p1": {"hand": ["Prospector", "Wall Guard"], "points": {"battle": 9}}})
    legal = rules.legal_actions(state)
    assert rules.safe_action(state, legal) == ("play", "Prospector")
    rules.apply(state, ("play", "Prospector"))
    a = rules.safe_action(state, rules.legal_actions(state))
    assert a[:2] == ("play", "Wall Guard")
    rules.apply(state, a)
    assert rules.safe_action(state, rules.legal_actions(state)) is None  # attack, buy or end: searched
    bot = MCTSBot(rules, 0, iterations=10)
    state2, _, _ = game({"active": "p1", "p1": {"hand": ["Prospector", "Captain"]}})
    assert bot.choose(rules, state2)[0] == "play" and bot.last_iterations == 0


def test_rollout_policy_finishes_games_quickly(rules):
    rng = Random(5)
    for seed in range(3):
        state = rules.setup({}, seed)
        steps = 0
        while not state.over and steps < 5000:
            legal = rules.legal_actions(state)
            a = rules.rollout_action(state, legal, rng)
            assert a in legal
            rules.apply(state, a)
            steps += 1
        assert state.over


def test_mcts_takes_the_winning_attack(game, rules):
    state, _, _ = game({"active": "p1", "p1": {"hand": [], "points": {"battle": 9, "command": 5}},
                        "p2": {"cities": [{"destroyed": True}, {}, {"destroyed": True}]}})
    bot = mcts.factory(rules, 1, iterations=60)
    assert bot.choose(rules, state) == ("attack", "p2.city2")


def test_mcts_plays_a_legal_game_against_greedy(rules):
    state = rules.setup({}, 9)
    bots = {0: mcts.factory(rules, 2, iterations=15), 1: GreedyBot(rules, 0)}
    for _ in range(3000):
        if state.over:
            break
        a = bots[state.to_move()].choose(rules, state)
        assert a in rules.legal_actions(state)
        rules.apply(state, a)
    assert state.over


@pytest.mark.parametrize("options", [{}, {"variants": "all", "mode": "extended"}])
def test_safe_action_now_is_the_safe_action_found_without_the_legal_actions(options):
    import tabletop
    from tests.random_games import positions

    game = tabletop.load("volfyirion", **options)
    rules = game.rules
    told = 0
    for state in positions(game, range(3), 30):
        a = rules.safe_action_now(state)
        if a is not None:
            legal = rules.legal_actions(state)
            assert len(legal) >= 2 and a == rules.safe_action(state, legal)
            told += 1
    assert told > 100 if not options else told == 0  # variants and modifiers: the list decides


def test_rollout_action_now_is_the_policys_answer_with_the_same_draws():
    import tabletop
    from tests.random_games import positions

    game = tabletop.load("volfyirion")
    rules = game.rules
    told = 0
    for state in positions(game, range(3), 30):
        quick, full = Random(7), Random(7)
        a = rules.rollout_action_now(state, quick)
        if a is None:
            assert quick.s == full.s  # nothing drawn
            continue
        legal = rules.legal_actions(state)
        assert a == rules.rollout_action(state, legal, full) and quick.s == full.s
        told += 1
    assert told > 100
