"""What a Virevolt game tells its players: plays, traps set (face down: unnamed to the others)
and revealed, attacks, damage with the HP left, deaths and tokens, states, heals, turn
starts; the warnings of the end of the turn and the reasons of refusals."""
from __future__ import annotations

import pytest

from tabletop.framework.effects import IllegalAction
from tabletop.framework.narration import EventLog, recording
from tabletop.framework.packs import registry

RULES = registry().get("virevolt").rules()


def recorded(setup, seed=0, players=None):
    log = EventLog(RULES)
    with recording(log):
        state = RULES.setup({}, seed, players)
    RULES.apply_setup(state, setup)
    return state, log


def told(log, viewer, since=0):
    return [t for e in log.events[since:] if e.level == 1 for t in [e.render(viewer)] if t]


def do(state, *texts):
    for t in texts:
        RULES.apply(state, RULES.find_action(state, t))


def test_VIR_TRAP_06_a_trap_set_face_down_is_named_only_to_its_owner():
    state, log = recorded({"active": "p2", "p2": {"hand": ["Frozen Snare", "Cinder Imp"]}})
    n = len(log.events)
    do(state, "set Frozen Snare", "play Cinder Imp")
    assert told(log, 1, n)[:2] == ["p2 sets Frozen Snare face down", "p2 plays Cinder Imp as main hero"]
    assert told(log, 0, n)[:2] == ["p2 sets a trap face down", "p2 plays Cinder Imp as main hero"]
    assert told(log, None, n)[0] == "p2 sets a trap face down"


def test_VIR_TRAP_08_a_trap_activated_is_revealed_with_its_effect_and_the_damage_is_told():
    state, log = recorded({"active": "p2", "phase": "combat",
                           "p1": {"main": "Ember Warden", "damage": {"Ember Warden": 3}, "traps": ["Barkskin"],
                                  "crystals": ["green", "green"]},
                           "p2": {"main": "Ember Warden", "crystals": ["red", "red"], "tokens": 1}})
    n = len(log.events)
    do(state, "attack p1 Flame Lash", "activate Barkskin")
    lines = told(log, 1, n)
    assert lines[0].startswith("p2's Ember Warden attacks p1's Ember Warden with Flame Lash")
    assert lines[1] == "p1 reveals and activates the trap Barkskin: heal 3 damage from the attacked hero"
    assert "p1's Ember Warden heals 3 damage (6 HP)" in lines
    assert "p1's Ember Warden takes 3 damage (3 HP left)" in lines
    assert "p1's Ember Warden gets burn" in lines


def test_VIR_HERO_08_a_death_and_the_token_it_gives_are_told():
    state, log = recorded({"active": "p1", "phase": "combat", "p1": {"main": "Ember Warden", "crystals": ["red", "red"]},
                           "p2": {"main": "Cinder Imp"}})
    n = len(log.events)
    do(state, "attack p2 Flame Lash")
    lines = told(log, 0, n)
    assert "p2's Cinder Imp takes 3 damage (0 HP left)" in lines
    assert "p2's Cinder Imp dies" in lines and "p1 gets a victory token (1 of 5)" in lines


def test_VIR_WIN_04_an_attack_on_a_player_with_no_hero_says_why_the_game_ends():
    state, log = recorded({"active": "p1", "phase": "combat", "p1": {"main": "Ember Warden", "crystals": ["red", "red"]},
                           "p2": {"main": None}})
    n = len(log.events)
    do(state, "attack p2 Flame Lash")
    game_over = [t for t in told(log, 1, n) if t.startswith("game over")]
    assert game_over == ["game over: p1 wins (p1 attacked a player with no hero in play (VIR-WIN-04))"]


def test_a_turn_start_and_the_draw_are_told_to_each_seat_as_it_may_know():
    state, log = recorded({"active": "p1", "p1": {"hand": []}})
    n = len(log.events)
    do(state, "next", "next", "next")
    assert "turn 2: p2 to play" in told(log, 0, n)
    mine, theirs = [t for t in told(log, 1, n) if t.startswith("p2 draws")], \
        [t for t in told(log, 0, n) if t.startswith("p2 draws")]
    assert theirs == ["p2 draws 1 card"] and mine != theirs


def test_the_warnings_say_what_the_end_of_the_turn_brings():
    state, log = recorded({"active": "p1", "p1": {"main": None, "hand": ["Cinder Imp"] + ["Red Crystal"] * 8}})
    w = " ".join(RULES.warnings(state, 0))
    assert "no hero in play" in w and "VIR-WIN-04" in w and "Cinder Imp" in w
    assert "discard 2" in w and "hand limit 7" in w


@pytest.mark.parametrize("setup,text,why", [
    ({"active": "p1", "p1": {"main": "Ember Warden", "secondary": ["Cinder Imp", "Cinder Imp"], "hand": ["Pyre Captain"]}},
     "play Pyre Captain", "3 at most, one main hero and two secondary heroes (VIR-PHASE-MAIN-02)"),
    ({"active": "p1", "p1": {"main": "Ember Warden", "crystals": ["red"], "hand": []}},
     "attack p2 Flame Lash", "attacks are declared in your Combat Phase"),
    ({"active": "p1", "phase": "combat", "p1": {"main": "Ember Warden", "crystals": ["red"], "hand": []}},
     "attack p2 Flame Lash", "Flame Lash costs 2 red; your unconsumed crystals: red"),
    ({"active": "p1", "p1": {"crystal_played": True, "hand": ["Red Crystal"]}},
     "play Red Crystal", "one per turn (VIR-PHASE-MAIN-05)"),
])
def test_a_refusal_says_why(setup, text, why):
    state, log = recorded(setup)
    with pytest.raises(IllegalAction) as e:
        RULES.find_action(state, text)
    assert why in str(e.value)


def test_VIR_TRAP_09_everyone_is_told_an_incantation_whose_target_left_play_does_nothing():
    state, log = recorded({"active": "p1", "p1": {"hand": ["First Aid"], "crystals": ["neutral"], "main": "Cinder Imp",
                                                  "damage": {"Cinder Imp": 1}},
                           "p2": {"main": "Village Archer", "traps": ["Backdraft"], "crystals": ["red"]}})
    n = len(log.events)
    do(state, "cast First Aid 1", "activate Backdraft")  # its one possible target: the Imp
    for viewer in (0, 1):
        assert "First Aid has no effect: its target has left play (VIR-TRAP-09)" in told(log, viewer, n)
