"""The fixed action numbering and the view-only observation encoding of each pack."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.framework.determinize import determinize_pools
from tabletop.framework.encoding import WAIT
from tabletop.framework.rng import Random
from tests.random_games import positions
from tests.rl.configs import CONFIGS, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_legal_action_has_its_own_id_from_the_families(config):
    name, options = config
    game = tabletop.load(name, **options)
    space = game.encoding.actions
    for state in positions(game, range(6)):
        ids = game.action_ids(state)
        assert len(set(ids)) == len(ids)
        assert all(WAIT < i < space.fallback for i in ids), "an action fell back on 'decision option k'"
        for a, i in zip(game.legal_actions(state), ids):
            assert space.name(i).split()[0] == a[0].split()[0]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_no_decision_option_of_whole_random_games_falls_back_on_its_position(config):
    """Whole games, not only their openings: two copies of a Wonder in one Playing Area, one
    sealed, come late (the removal questions then offer ``play:Name (sealed)``)."""
    name, options = config
    game = tabletop.load(name, **options)
    space = game.encoding.actions
    fell_back = {game.action_to_string(a) for state in positions(game, range(12), max_turns=400)
                 for a, i in zip(game.legal_actions(state), game.action_ids(state)) if i >= space.fallback}
    assert fell_back == set()


def test_a_sealed_copy_of_a_wonder_in_play_has_its_own_id_per_wonder():
    space = tabletop.load("volfyirion", variants=["all"]).encoding.actions
    sealed, unsealed = space.ids([("choose", "play:Void Fluid (sealed)"), ("choose", "play:Void Fluid")], 0)
    assert space.name(sealed) == "choose play:Void Fluid (sealed)" and sealed != unsealed
    assert space.ids([("choose", "play:Void Fluid (sealed)")], 1) == [sealed]


def test_ids_never_depend_on_the_position_and_seats_are_relative_to_the_mover():
    game = tabletop.load("volfyirion")
    space = game.encoding.actions
    p1_attack = space.ids([("attack", "p2.city1")], 0)[0]
    p2_attack = space.ids([("attack", "p1.city1")], 1)[0]
    assert p1_attack == p2_attack and space.name(p1_attack) == "attack next.city1"
    early, late = game.new_state(1), game.play("random", seed=1, max_turns=9).state
    assert space.ids([("end turn",)], early.to_move()) == space.ids([("end turn",)], late.to_move())
    assert space.ids([("acquire asset", 3)], 0) == space.ids([("acquire asset", 3)], 1)


def test_the_action_space_is_the_same_for_every_variant_and_player_count():
    vol = {tabletop.load("volfyirion", **o).encoding.actions.size for n, o in CONFIGS if n == "volfyirion"}
    vir = {tabletop.load("virevolt", **o).encoding.actions.size for n, o in CONFIGS if n == "virevolt"}
    assert len(vol) == 1 and len(vir) == 1


def test_an_action_no_family_names_is_refused_clearly():
    game = tabletop.load("volfyirion")
    with pytest.raises(tabletop.Error, match="has no id in this action space"):
        game.encoding.actions.ids([("fly", "away")], 0)


def test_a_decision_option_no_family_names_falls_back_on_its_position():
    space = tabletop.load("volfyirion").encoding.actions
    ids = space.ids([("choose", "graveyard:Captain"), ("choose", "moon"), ("no",)], 0)
    assert ids[:2] == [space.fallback, space.fallback + 1] and space.name(ids[1]) == "decision option 2"


def test_a_hidden_choice_is_shown_to_others_as_its_public_text():
    space = tabletop.load("virevolt").encoding.actions
    assert space.public_text(("set", "Ice Wall"), 0, 0) == "set Ice Wall"
    assert space.public_text(("set", "Ice Wall"), 0, 1) == "set a trap"
    assert space.public_text(("activate", "Ice Wall"), 0, 1) == "activate Ice Wall"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_have_the_layout_size_and_use_every_field(config):
    name, options = config
    game = tabletop.load(name, **options)
    enc = game.encoding
    assert sum(size for _, _, size, _ in enc.layout.table()) == enc.layout.size
    seen = set()
    for state in positions(game, range(3)):
        obs = game.observation(state, state.to_move())
        assert obs.shape == (enc.layout.size,) and obs.dtype.name == "float32"
        seen.update(int(i) for i in obs.nonzero()[0])
    touched = {f for f, off, size, _ in enc.layout.table() if any(off <= i < off + size for i in seen)}
    assert len(touched) >= len(enc.layout.table()) * 2 // 3


HIDDEN = [c for c in CONFIGS if c[1].get("players", 2) in (2, 4)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(HIDDEN), seed=st.integers(0, 10_000), steps=st.integers(0, 400),
       shuffle=st.integers(0, 2 ** 32))
def test_an_observation_never_depends_on_what_the_player_cannot_see(config, seed, steps, shuffle):
    """Two states that differ only in what a player cannot see (the opponents' hands and
    face-down cards, every deck's order) give that player the same observation: the one
    agents get, written by the pack's direct observer (``game.observation`` uses it)."""
    name, options = config
    game = tabletop.load(name, **options)
    rng = Random(seed)
    state = game.new_state(seed)
    for _ in range(steps):
        if state.over:
            break
        actions = game.legal_actions(state)
        game.rules.apply(state, actions[rng.below(len(actions))])
    enc = game.encoding
    for player in range(state.nplayers):
        other = determinize_pools(state, game.rules.hidden_pools(state, player), Random(shuffle))
        assert (game.observation(other, player) == game.observation(state, player)).all()
        assert enc.observation_string(game.view(other, player)) == enc.observation_string(game.view(state, player))
        sampled = game.rules.determinize(state, player, Random(shuffle + 1))
        assert (game.observation(sampled, player) == game.observation(state, player)).all()


def test_the_hidden_information_test_changes_what_the_others_see():
    """The states the test above compares do differ: the opponent would see the change."""
    game = tabletop.load("volfyirion")
    changed = 0
    for seed in range(20):
        state = game.play("random", seed=seed, max_turns=10).state
        mover = state.to_move()
        other = determinize_pools(state, game.rules.hidden_pools(state, 1 - mover), Random(seed))
        assert (game.observation(other, 1 - mover) == game.observation(state, 1 - mover)).all()
        changed += bool((game.observation(other, mover) != game.observation(state, mover)).any())
    assert changed >= 5  # often: many starting cards are alike, so a redeal can give the same hand


def test_both_packs_observe_the_state_directly():
    assert all(tabletop.load(name, **options).encoding.observer is not None for name, options in CONFIGS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_the_direct_observer_writes_exactly_what_the_view_encodes(config, seed, steps):
    """The view-based filling is the definition of an observation; the pack's direct
    observer must give the same bytes for every seat at every state of a random game."""
    name, options = config
    game = tabletop.load(name, **options)
    enc, rules = game.encoding, game.rules
    rng = Random(seed)
    state = game.new_state(seed)
    for _ in range(steps + 1):
        for player in range(state.nplayers):
            direct = bytearray(enc.layout.size)
            try:
                enc.observer(state, player, direct)
            except ValueError:  # a number beyond a byte: agents get the view's clipped encoding
                direct = enc.observe_state_bytes(state, player, rules.view)
            assert direct == enc.observe_bytes(rules.view(state, player)), (state.turn, state.phase, player)
        if state.over:
            break
        actions = game.legal_actions(state)
        rules.apply(state, actions[rng.below(len(actions))])


def test_an_encoding_without_a_direct_observer_observes_through_the_view():
    game = tabletop.load("virevolt", players=3)
    enc = game.encoding
    from tabletop.framework.encoding import Encoding

    through_view = Encoding(enc.actions, enc.layout, enc._fill, cards=enc.cards)
    state = game.play("random", seed=4, max_turns=6).state
    for player in range(3):
        assert through_view.observe_state_bytes(state, player, game.rules.view) == \
            enc.observe_bytes(game.view(state, player))


@pytest.mark.parametrize("name", ["volfyirion", "virevolt"])
def test_a_number_beyond_a_byte_is_clipped_as_the_view_encoding_clips_it(name):
    """The direct observer writes numbers as they are; one that does not fit a byte (a
    turn past 255 here) gives the view's encoding, clipped, not an error."""
    game = tabletop.load(name)
    state = game.new_state(3)
    state.turn = 300
    with pytest.raises(ValueError):
        game.encoding.observer(state, 0, bytearray(game.encoding.layout.size))
    obs = game.observation(state, 0)
    assert obs[game.encoding.layout.offset("turn")] == 255
    assert obs.tobytes() == game.encoding.observe(game.view(state, 0)).tobytes()


def test_VIR_TRAP_02_a_trap_window_is_not_in_the_others_observations():
    """Being asked about a trap says you hold one that can answer now: the others' tensors must not
    show who the game waits for (the direct observer did, while the view hid it)."""
    game = tabletop.load("virevolt", players=2)
    enc, rules = game.encoding, game.rules
    pending = enc.layout.offset("pending")
    windows = 0
    for seed in range(6):
        rng, state = Random(seed), game.new_state(seed)
        while not state.over and state.turn < 40:
            if state.pending is not None and rules.secret_decision(state):
                windows += 1
                other = 1 - state.pending.player
                for seen in (enc.observe_state_bytes(state, other, rules.view),
                             enc.observe_bytes(rules.view(state, other))):
                    assert seen[pending:pending + 2] == b"\0\0"
            actions = game.legal_actions(state)
            rules.apply(state, actions[rng.below(len(actions))])
    assert windows > 0
