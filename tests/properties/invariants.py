"""Invariants every game must keep after every action, checked by the property tests.

- every card instance is in exactly one place, a zone or a slot (cards are neither created
  nor lost: a removed card sits in its pack's "removed" zone, out of play but counted);
- counters (points, tokens) are never negative;
- a player's view depends only on what that player may know: shuffling every hidden
  pool (the pack's ``hidden_pools``) never changes it;
- saving, loading and replaying gives the identical state.
"""
from __future__ import annotations

import json

from tabletop.framework.game import Game, checksum
from tabletop.framework.rng import Random


def every_card_in_one_zone(state) -> None:
    seen: dict[int, str] = {}
    for key, ids in state.places():
        for iid in ids:
            assert iid not in seen, f"card {iid} ({state.cards[iid].name}) is in {seen[iid]} and {key}"
            seen[iid] = key
    missing = set(range(len(state.cards))) - set(seen)
    assert not missing, f"cards in no zone: {sorted(state.cards[i].name for i in missing)}"


def counters_never_negative(state) -> None:
    bad = {k: v for k, v in state.counters.items() if v < 0}
    assert not bad, f"negative counters: {bad}"


def someone_can_act(rules, state) -> None:
    """A game that is not over always offers the player to move at least one action: nothing
    (a decision left with no options, a phase with no way out) can leave it stuck."""
    assert state.over or rules.legal_actions(state), "the game is not over, yet no action is legal"


def view_ignores_hidden_arrangement(rules, state, rng: Random) -> None:
    """The view of each player is the same after hidden pools are shuffled (nothing hidden leaks)."""
    for player in range(state.nplayers):
        pools = rules.hidden_pools(state, player)
        if not pools:
            continue
        other = state.clone()
        for pool in pools:
            ids = [i for key in pool for i in other.zones[key]]
            rng.shuffle(ids)
            k = 0
            for key in pool:
                n = len(other.zones[key])
                other.zones[key][:] = ids[k:k + n]
                k += n
        a = json.dumps(rules.view(state, player), sort_keys=True)
        b = json.dumps(rules.view(other, player), sort_keys=True)
        assert a == b, f"p{player + 1}'s view changes when hidden cards are rearranged"


def save_load_replay_identical(game: Game, rules_for) -> None:
    data = json.loads(json.dumps(game.to_save()))
    back = Game.from_save(data, rules_for)
    assert checksum(back.state) == checksum(game.state)


def play_checked(rules, options: dict, seed: int, bot_factories: list, rules_for, max_steps: int = 6000,
                 replay_every: int = 0) -> Game:
    """Play one game with the given bots, checking the invariants after every action."""
    game = Game(rules, options, seed)
    bots = [f(rules, seed * 31 + i) for i, f in enumerate(bot_factories)]
    rng = Random(seed)
    every_card_in_one_zone(game.state)
    steps = 0
    while not game.state.over and steps < max_steps:
        action = bots[game.state.to_move() % len(bots)].choose(rules, game.state)
        game.apply(action)
        steps += 1
        every_card_in_one_zone(game.state)
        counters_never_negative(game.state)
        someone_can_act(rules, game.state)
        view_ignores_hidden_arrangement(rules, game.state, rng)
        if replay_every and steps % replay_every == 0:
            save_load_replay_identical(game, rules_for)
    save_load_replay_identical(game, rules_for)
    return game
