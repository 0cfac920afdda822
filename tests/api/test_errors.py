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
