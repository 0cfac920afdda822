"""Bots as objects, classes or import names, in play and in simulations on every backend."""
from __future__ import annotations

import pytest

import tabletop
from tests.api.custombots import EndsEarly, FirstLegal, LastLegal, Plugin


def test_bot_by_name_class_object_and_import_name():
    game = tabletop.load("volfyirion")
    assert type(game.bot("greedy", seed=1)).__name__ == "GreedyBot"
    assert isinstance(game.bot(LastLegal, seed=3), LastLegal) and game.bot(LastLegal, seed=3).seed == 3
    assert isinstance(game.bot("tests.api.custombots:FirstLegal"), FirstLegal)
    mine = EndsEarly()
    assert game.bot(mine) is mine
    with pytest.raises(tabletop.Error, match="cannot import 'tests.api.custombots:Nobody'"):
        game.bot("tests.api.custombots:Nobody")


def test_play_seats_each_bot_in_order():
    game = tabletop.load("volfyirion")
    seen = []
    game.play([FirstLegal, "random"], seed=2, max_turns=2, on_action=lambda s, a: seen.append(s.to_move()))
    assert seen[0] == 0 and 1 in seen


def test_simulate_takes_bot_objects_classes_and_import_names_on_local_workers():
    """Stumble: simulate took no bot object."""
    game = tabletop.load("volfyirion")
    one = game.simulate([EndsEarly(), "tests.api.custombots:FirstLegal"], n=4, workers=1, max_turns=8, seed=3)
    two = game.simulate([EndsEarly(), "tests.api.custombots:FirstLegal"], n=4, workers=2, max_turns=8, seed=3)
    assert one.labels == ["ends-early", "tests.api.custombots:FirstLegal"]
    assert one.records == two.records and len(one.records) == 4


def test_custom_bots_and_a_bot_registered_only_here_play_on_dask_workers():
    """Stumble: a bot registered only in the parent died on Dask workers ('unknown bot')."""
    from tabletop.framework.packs import registry

    reg = registry()
    reg.add(Plugin, "test-first-legal")
    try:
        game = tabletop.load("volfyirion")
        for bots in (["first-legal", LastLegal], [EndsEarly(), "tests.api.custombots:FirstLegal"]):
            local = game.simulate(bots, n=4, workers=1, max_turns=6, seed=8)
            dask = game.simulate(bots, n=4, workers=2, backend="dask", max_turns=6, seed=8)
            assert dask.batch.backend == "dask" and dask.records == local.records
    finally:
        reg.pm.unregister(name="test-first-legal")


def test_two_different_bots_of_one_class_keep_their_own_labels():
    game = tabletop.load("volfyirion")
    sim = game.simulate([EndsEarly(), EndsEarly()], n=2, max_turns=3)
    assert sim.labels == ["ends-early", "ends-early #2"]


def test_a_bot_that_is_no_bot_is_refused_before_any_game():
    game = tabletop.load("volfyirion")
    with pytest.raises(tabletop.Error, match="is not a bot"):
        game.simulate([42, "random"], n=1)
    with pytest.raises(tabletop.Error, match="cannot import"):
        game.simulate(["nowhere.at.all:Bot", "random"], n=1)
