"""``its city``: the City the card ``it`` names stands in (a Troop or a Building a statement
before picked, destroyed or moved), where the effect found it: ``destroy target enemy troop;
gain command equal to the defence of its city``. It reads as a card (``the defence of its
city``, ``its city gets -3 defence this turn``), as a place (``each building in its city``) and
where Volfyirion names a city (``move volfyirion to its city``); with nothing named before it, on
a Troop or a Building it is the card's own City (``this city``); elsewhere it is refused."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl import compile_text
from tabletop.dsl.scope import Scope
from tabletop.framework.packs import registry

# p2's second City (Akao Uket, printed defence 9) holds a Soldier (defence 3) and a Library
SETUP = {"active": "p1", "p1": {"hand": []}, "p2": {"cities": [{}, {"troop": "Soldier", "building": "Library"}, {}]}}


def _position():
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    game.rules.apply_setup(state, SETUP)
    return game, state


def _run(text: str, *answers: str, scope: Scope | None = None, source: str | None = None):
    """Run ``text`` for p1 (compiled in ``scope``), answering its questions; what p1 and p2 then see."""
    game, state = _position()
    vocab = registry().get("volfyirion").vocabulary()
    program = compile_text(text, "effect", vocab, program_id=f"test/its city/{text}", scope=scope)
    state.listen = state.listen | program.listens
    tabletop.run_effect(state, program, "p1", game=game, source=source)
    for answer in answers:
        game.apply(state, answer)
    return game.rules.describe(state)


def test_its_city_is_the_city_the_destroyed_troop_stood_in():
    seen = _run("destroy target enemy troop; gain command equal to the defence of its city", "choose p2.city2.troop")
    assert seen["p2"]["city2"]["troop"] is None and seen["p1"]["points"]["command"] == 9


def test_its_city_after_a_may_is_the_city_the_troop_stood_in():
    seen = _run("may destroy target enemy troop; gain command equal to the defence of its city",
                "yes", "choose p2.city2.troop")
    assert seen["p1"]["points"]["command"] == 9


def test_its_city_after_a_choice_is_the_city_the_troop_stood_in():
    seen = _run("choose one: destroy target enemy troop | gain 1 battle; gain command equal to the defence of its city",
                "choose destroy target enemy troop", "choose p2.city2.troop")
    assert seen["p1"]["points"]["command"] == 9


def test_volfyirion_moves_to_its_city():
    seen = _run("destroy target enemy troop; move volfyirion to its city", "choose p2.city2.troop", "choose p2.city2")
    assert seen["volfyirion"] == "p2.city2"


def test_a_change_to_its_city_lasts_on_that_city():
    seen = _run("destroy target enemy troop; its city gets -3 defence this turn", "choose p2.city2.troop")
    assert seen["p2"]["city2"]["defence"] == 6


def test_each_card_in_its_city_is_in_the_city_of_the_troop():
    seen = _run("destroy target enemy troop; destroy each building in its city", "choose p2.city2.troop", "yes")
    assert seen["p2"]["city2"]["building"] is None and seen["removed"] == ["Soldier", "Library"]


def test_its_city_is_kept_in_a_saved_game():
    """Where the troop stood is part of the effect's context: it is saved with the game."""
    game, state = _position()
    program = tabletop.compile("destroy target enemy troop; move volfyirion; gain command equal to the defence of its "
                               "city", game)
    tabletop.run_effect(state, program, "p1", game=game)
    game.apply(state, "choose p2.city2.troop")
    state = game.from_json(game.to_json(state))  # saved and read back while the move is asked
    game.apply(state, "skip")
    assert game.rules.describe(state)["p1"]["points"]["command"] == 9


def test_on_a_troop_with_nothing_named_before_its_city_is_its_own():
    _game, state = _position()
    soldier = state.slots[state.layout.index["p2.city2.troop"]]  # the same card in _run's position
    scope = Scope({"this": "troop", "city": "city"}, "the secondary ability of troop card 'Soldier'")
    seen = _run("gain command equal to the defence of its city", scope=scope, source=soldier)
    assert seen["p1"]["points"]["command"] == 9  # Akao Uket's printed defence


def _error(text: str, scope: Scope, kind: str = "effect") -> tabletop.Error:
    with pytest.raises(tabletop.Error) as info:
        compile_text(text, kind, registry().get("volfyirion").vocabulary(), program_id="test/its city", scope=scope)
    return info.value


def test_its_city_with_no_card_named_before_it_is_refused_where_it_is_written():
    e = _error("gain command equal to the defence of its city",
               Scope({"this": "command"}, "the secondary ability of command card 'Lost Banner'"))
    assert (e.column, e.width) == (38, len("its city"))
    assert "'its city' is the city holding a card named before it" in e.message


def test_its_city_of_a_card_that_has_just_left_play_is_refused():
    e = _error("when this building is destroyed: gain command equal to the defence of its city",
               Scope({"this": "building", "city": "city"}, "an ability of building card 'Library'"), "card ability")
    assert "has just left play" in e.message and e.column == 71
