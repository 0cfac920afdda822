"""Every Volfyirion bot avoids a move that loses at once when another does not (one-ply loss
avoidance, Rules.candidate_actions): ending the turn with Volfyirion on your last City loses
the game in your own End Phase (VOL-END-06, VOL-WIN-02)."""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry
from tabletop.bots.scripted import factory_for

PACK = registry().get("volfyirion")
LAST_CITY_UNDER_THE_DRAGON = {
    "active": "p1",
    "volfyirion": "p1.city1",
    "p1": {"hand": [], "points": {"knowledge": 8}, "cities": [{}, {"destroyed": True}, {"destroyed": True}]},
}


def bots(tmp_path):
    """Every bot of the pack, and a scripted bot whose first rule is to end the turn."""
    script = tmp_path / "ender.yaml"
    script.write_text("name: ender\ngame: volfyirion\nrules:\n  - do: end turn\n", encoding="utf-8")
    out = dict(PACK.bots())
    out["mcts"] = lambda rules, seed: PACK.bots()["mcts"](rules, seed, iterations=60)
    out["scripted"] = factory_for(script, PACK.rules())
    return out


def test_VOL_END_04_ending_the_turn_on_the_last_city_loses_at_once(game):
    state, run, legal = game(LAST_CITY_UNDER_THE_DRAGON)
    rules = PACK.rules()
    assert rules.loses_at_once(state, ("end turn",))
    assert not rules.loses_at_once(state, ("move volfyirion", "lair"))


@pytest.mark.parametrize("seed", range(8))
def test_VOL_WIN_02_no_bot_ends_its_turn_under_the_dragon_on_its_last_city(game, tmp_path, seed):
    rules = PACK.rules()
    for name, make in bots(tmp_path).items():
        state, run, legal = game(LAST_CITY_UNDER_THE_DRAGON, seed=seed)
        assert ("end turn",) in rules.legal_actions(state)
        choice = make(rules, seed).choose(rules, state.clone())
        assert choice != ("end turn",), f"{name} (seed {seed}) ended its turn and lost"


def test_when_every_move_loses_the_bot_still_moves(game, tmp_path):
    state, run, legal = game({**LAST_CITY_UNDER_THE_DRAGON,
                              "p1": {**LAST_CITY_UNDER_THE_DRAGON["p1"], "points": {}}})
    rules = PACK.rules()
    assert rules.legal_actions(state) == [("end turn",)]
    for name, make in bots(tmp_path).items():
        assert make(rules, 0).choose(rules, state.clone()) == ("end turn",), name
