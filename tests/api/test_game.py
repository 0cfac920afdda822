"""The public API: ``import tabletop`` is the way in, and a game object does the rest."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import tabletop


def test_import_tabletop_gives_the_api_not_an_empty_namespace():
    """Stumble: `import tabletop` was empty; the way in was registry().get(name).rules()."""
    for name in ("load", "Game", "Error", "IllegalAction", "LocatedError", "check_deck", "compile",
                 "run_effect", "player_name", "player_id", "State", "games"):
        assert hasattr(tabletop, name), name
    assert {"volfyirion", "virevolt"} <= set(tabletop.games())


def test_importing_tabletop_loads_no_engine_until_it_is_used():
    code = ("import sys, tabletop; heavy = [m for m in ('tabletop.framework', 'tabletop.dsl', 'lark', 'yaml', "
            "'numpy', 'pluggy') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_load_new_state_apply_and_the_state_queries():
    game = tabletop.load("volfyirion")
    state = game.new_state(seed=7)
    assert game.num_players == 2 and game.current_player(state) == 0 and not game.is_terminal(state)
    assert game.apply(state, "End Turn") == ("end turn",)        # text, case forgiven, checked
    assert game.current_player(state) == 1
    action = game.legal_actions(state)[-1]
    assert game.apply(state, list(action)) == action             # a JSON-decoded action works too
    assert game.parse_action("acquire asset 3") == ("acquire asset", 3)
    assert game.action_to_string(("attack", "p2.city1")) == "attack p2.city1"


def test_the_engine_takes_an_action_given_as_text():
    """Stumble: apply_checked(state, "end turn") treated the string as a tuple of characters."""
    rules = tabletop.load("volfyirion").rules
    state = rules.setup({}, 7)
    rules.apply_checked(state, "end turn")
    assert state.active == 1


def test_same_seed_same_game_and_clone_is_independent():
    game = tabletop.load("virevolt", players=3)
    a, b = game.new_state(11), game.new_state(11)
    assert game.to_json(a) == game.to_json(b)
    c = a.clone()
    game.apply(c, game.legal_actions(c)[0])
    assert game.to_json(a) == game.to_json(b) != game.to_json(c)


def test_json_round_trip_exact_through_text():
    game = tabletop.load("volfyirion", variants=["all"], mode="extended")
    played = game.play("random", seed=5, max_turns=6)
    text = json.dumps(game.to_json(played.state))
    again = game.from_json(text)
    assert game.to_json(again) == game.to_json(played.state)
    assert game.legal_actions(again) == game.legal_actions(played.state)


def test_a_state_of_another_game_or_damaged_data_is_a_clean_error():
    vol, vir = tabletop.load("volfyirion"), tabletop.load("virevolt")
    with pytest.raises(tabletop.StateError, match="state of 'virevolt'"):
        vol.from_json(vir.to_json(vir.new_state(1)))
    data = vol.to_json(vol.new_state(1))
    data["cards"][0] = "No Such Card"
    with pytest.raises(tabletop.StateError, match="No Such Card"):
        vol.from_json(data)
    with pytest.raises(tabletop.StateError, match="not valid JSON"):
        vol.from_json("{")


def test_returns_and_winner_once_the_game_is_over():
    game = tabletop.load("volfyirion")
    played = game.play(["greedy", "random"], seed=3)
    assert played.winner is not None and game.is_terminal(played.state)
    assert game.current_player(played.state) is None and game.legal_actions(played.state) == []
    expected = [-1.0, -1.0]
    expected[played.winner] = 1.0
    assert game.returns(played.state) == expected
    assert game.returns(game.new_state(1)) == [0.0, 0.0]


def test_returns_are_zero_sum_with_four_players():
    game = tabletop.load("virevolt", players=4)
    played = game.play("greedy", seed=2)
    r = game.returns(played.state)
    assert r[played.winner] == 1.0 and sum(r) == pytest.approx(0.0)
    assert sorted(r)[:3] == [pytest.approx(-1 / 3)] * 3


def test_play_respects_the_turn_cap():
    played = tabletop.load("volfyirion").play("random", seed=1, max_turns=3)
    assert played.capped and played.turns == 4 and played.winner is None


def test_board_is_drawn_from_one_players_view():
    game = tabletop.load("volfyirion")
    state = game.new_state(4)
    assert "(you)" in game.board(state, 1) and game.board(state, "p2") == game.board(state, 1)


def test_session_saves_and_loads(tmp_path):
    game = tabletop.load("volfyirion")
    session = game.session(seed=9)
    session.apply_text("end turn")
    session.save(tmp_path / "g.json")
    from tabletop.framework.game import Game as Session
    from tabletop.framework.packs import rules_for

    assert Session.load(tmp_path / "g.json", rules_for).log == [("end turn",)]
