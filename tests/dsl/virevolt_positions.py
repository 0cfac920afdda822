"""A Virevolt position set up for p1 to act in, and the actions it then offers: what the
card-language tests of Virevolt phrases share."""
from __future__ import annotations

from tabletop.framework.state import State
from tabletop.game import Game


def position(game: Game, players: int, enemies: dict, p1: dict | None = None, **others: dict) -> State:
    """A new state of ``game`` (``players`` seats) with p1 active, Ember Warden its main hero, and
    the seats of ``enemies`` (``{"p2": ..., "p3": ...}``, as many as there are players); ``others``
    overrides any seat."""
    state = game.new_state(1)
    setup = {"active": "p1", "p1": {"main": "Ember Warden", "hand": [], **(p1 or {})}}
    setup.update((seat, enemies[seat]) for seat in list(enemies)[:players - 1])
    setup.update(others)
    game.rules.apply_setup(state, setup)
    return state


def offered(game: Game, state: State) -> list[str]:
    """The legal actions, as their text, sorted."""
    return sorted(game.action_to_string(a) for a in game.legal_actions(state))
