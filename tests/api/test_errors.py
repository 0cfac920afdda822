"""One error family: every error the library raises on purpose is a tabletop.Error."""
from __future__ import annotations

import pytest

import tabletop


def test_the_located_and_illegal_action_errors_share_one_base():
    """Stumble: errors shared no base class (ValueError, IllegalAction, TabletopError, IndexError)."""
    for cls in (tabletop.IllegalAction, tabletop.ActionSyntaxError, tabletop.LocatedError, tabletop.ErrorList,
                tabletop.OptionError, tabletop.StateError, tabletop.UnknownPack, tabletop.SaveError):
        assert issubclass(cls, tabletop.Error), cls
    from tabletop.dsl import CardLanguageError

    assert issubclass(CardLanguageError, tabletop.LocatedError)


@pytest.mark.parametrize("call, kind", [
    (lambda g, s: g.apply(s, "attack p2.city1"), "IllegalAction"),
    (lambda g, s: g.apply(s, "fly away"), "ActionSyntaxError"),
    (lambda g, s: g.apply(s, ("acquire asset", 9)), "IllegalAction"),
    (lambda g, s: g.apply(s, 42), "Error"),
    (lambda g, s: g.view(s, 5), "Error"),
    (lambda g, s: g.new_state("seven"), "Error"),
    (lambda g, s: tabletop.load("volfyirion", variants=["bogus"]), "OptionError"),
    (lambda g, s: tabletop.load("virevolt", players=9), "OptionError"),
    (lambda g, s: tabletop.load("chess"), "UnknownPack"),
    (lambda g, s: tabletop.compile("gain 2 gold", "volfyirion"), "LocatedError"),
    (lambda g, s: g.bot("nobody"), "Error"),
    (lambda g, s: tabletop.check_deck(None, "ember"), "UnknownPack"),
    (lambda g, s: tabletop.compile("draw 1", "volfyirion", kind=None), "Error"),
    (lambda g, s: g.parse_action(None, s), "ActionSyntaxError"),
    (lambda g, s: g.parse_action(7), "ActionSyntaxError"),
])
def test_each_mistake_is_a_tabletop_error_with_a_message(call, kind):
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    with pytest.raises(tabletop.Error) as info:
        call(game, state)
    assert isinstance(info.value, getattr(tabletop, kind))
    assert info.value.render().strip()


def test_an_illegal_action_names_the_legal_ones():
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    with pytest.raises(tabletop.IllegalAction, match="legal actions: .*end turn"):
        game.apply(state, "attack p2.city1")


@pytest.mark.parametrize("call", [
    lambda g, s: g.returns(None),
    lambda g, s: g.legal_actions(None),
    lambda g, s: g.apply(None, "end turn"),
    lambda g, s: g.apply({"game": "volfyirion"}, "end turn"),
    lambda g, s: g.current_player(None),
    lambda g, s: g.is_terminal("state"),
    lambda g, s: g.winner(None),
    lambda g, s: g.view(None, 0),
    lambda g, s: g.board(None, 0),
    lambda g, s: g.to_json(None),
    lambda g, s: g.clone(None),
    lambda g, s: g.parse_action("end turn", 3),
    lambda g, s: g.action_ids(None),
    lambda g, s: g.observation(None, 0),
    lambda g, s: tabletop.run_effect(None, "gain 1 gold", 0),
], ids=["returns", "legal_actions", "apply", "apply-dict", "current_player", "is_terminal", "winner", "view",
        "board", "to_json", "clone", "parse_action", "action_ids", "observation", "run_effect"])
def test_a_method_given_something_else_than_a_state_says_what_a_state_is(call):
    """Stumble: game.returns(None) and the like raised a bare AttributeError from deep inside."""
    game = tabletop.load("volfyirion")
    with pytest.raises(tabletop.Error, match="a state is a tabletop.State"):
        call(game, game.new_state(1))


@pytest.mark.parametrize("n, said", [
    (None, "the number of games, is a whole number"),
    ("3", "the number of games, is a whole number"),
    (2.5, "the number of games, is a whole number"),
    (True, "the number of games, is a whole number"),
    (0, "must be at least 1, not 0"),
    (-5, "must be at least 1, not -5"),
])
def test_simulate_refuses_a_number_of_games_that_is_not_a_positive_whole_number(n, said):
    """Stumble: n=None, "3" or 2.5 raised TypeErrors; n=True played one game; n=0 reported nothing."""
    with pytest.raises(tabletop.Error, match=said):
        tabletop.load("volfyirion").simulate(n=n)


def test_simulate_plays_random_bots_when_none_are_given():
    assert tabletop.load("volfyirion").simulate(n=2).labels == ["random"]


@pytest.mark.parametrize("call, said", [
    (lambda g: g.simulate("random", n=1, backend=None), "backend is 'local' or 'dask', not None"),
    (lambda g: g.simulate("random", n=1, workers=True), "--workers must be a positive number or 'auto', not True"),
    (lambda g: g.simulate("random", n=1, workers=2.5), "--workers must be a positive number or 'auto', not 2.5"),
    (lambda g: g.action_to_string(None), r"an action is a tuple from legal_actions\(\)"),
    (lambda g: g.action_to_string(3), r"an action is a tuple from legal_actions\(\)"),
    (lambda g: g.action_to_string(()), r"an action is a tuple from legal_actions\(\)"),
    (lambda g: g.simulate("random", n=1).report(None), "a folder is named by a path"),
    (lambda g: g.session(1).save(None), "a saved game is named by a path"),
    (lambda g: g.session(1).apply(None), r"an action is a tuple from legal_actions\(\)"),
    (lambda g: g.session(1).undo("x"), "cannot undo"),
    (lambda g: g.session(1).undo(None), "cannot undo"),
])
def test_wrong_types_anywhere_in_the_api_are_tabletop_errors(call, said):
    with pytest.raises(tabletop.Error, match=said):
        call(tabletop.load("volfyirion"))


@pytest.mark.parametrize("call, said", [
    (lambda g, v: g.legal_actions(v.new_state(1)), r"this is a state of virevolt, not of volfyirion"),
    (lambda g, v: g.apply(v.new_state(1), "end turn"), r"this is a state of virevolt, not of volfyirion"),
    (lambda g, v: g.view(v.new_state(1), 0), r"this is a state of virevolt, not of volfyirion"),
    (lambda g, v: tabletop.run_effect(v.new_state(1), "draw 1", 0, game=g), "this is a state of virevolt"),
    (lambda g, v: tabletop.run_effect(g.new_state(1), "draw 1", 0, game=5), "game is a tabletop.Game"),
    (lambda g, v: g.from_json("[" * 100_000 + "]" * 100_000), "nested"),
    (lambda g, v: g.play("random", 1, max_turns="x"), "max_turns is a whole number of at least 1, not 'x'"),
    (lambda g, v: g.play("random", 1, max_steps=None), "max_steps is a whole number of at least 1, not None"),
    (lambda g, v: g.play("random", 1, on_action=5), "on_action is a function"),
    (lambda g, v: g.bot("mcts", 1, think=-1), "think is a number of seconds above 0, not -1"),
    (lambda g, v: g.bot("mcts", 1, iterations="x"), "iterations is a whole number of at least 1"),
    (lambda g, v: g.bot("mcts", 1, iterations=10 ** 12), "iterations is at most 1000000"),
    (lambda g, v: g.simulate("random", n=1, max_turns="x"), "--max-turns is a whole number, not 'x'"),
    (lambda g, v: g.simulate("random", n=1, think="x"), "--think is a number, not 'x'"),
    (lambda g, v: g.simulate("random", n=1, iterations=10 ** 12), "give a number of iterations from 1 to"),
    (lambda g, v: v.simulate("random", n=1, deck_pool=3), "the deck pool is a list of deck names or files"),
    (lambda g, v: v.simulate("random", n=1, deck_pool=["ember", None]), "the deck pool is a list"),
    (lambda g, v: g.simulate("random", n=1, backend="dask", address=5), "address is a Dask scheduler's address"),
    (lambda g, v: g.simulate("random", n=1, on_progress=5), "on_progress is a function"),
])
def test_wrong_arguments_to_play_bot_simulate_and_run_effect_are_tabletop_errors(call, said):
    """Stumble: each of these raised a bare TypeError, AttributeError, KeyError, ValueError or RecursionError."""
    with pytest.raises(tabletop.Error, match=said):
        call(tabletop.load("volfyirion"), tabletop.load("virevolt"))


def test_a_save_the_file_system_refuses_is_the_oserror_python_raises_naming_the_path(tmp_path):
    """docs/api.md, Errors: a missing folder or a folder given as the file is an OSError saying which."""
    session = tabletop.load("volfyirion").session(1)
    with pytest.raises(FileNotFoundError, match="the folder .*missing does not exist"):
        session.save(tmp_path / "missing" / "game.json")
    with pytest.raises(IsADirectoryError, match="this is a folder; give a file name"):
        session.save(tmp_path)
    assert list(tmp_path.iterdir()) == []
