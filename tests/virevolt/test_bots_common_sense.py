"""Virevolt's bots: no move that loses at once when another does not, a hero kept in play
whenever an action allows it (a player without one loses to the next attack, VIR-WIN-04),
no spell that does nothing. Every bot of the pack is asked, MCTS on a small budget, and a
scripted bot whose script would make the bad move."""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry
from tabletop.bots.scripted import factory_for

PACK = registry().get("virevolt")


def bots(tmp_path, first_rule: str):
    script = tmp_path / "bad.yaml"
    script.write_text(f"name: bad\ngame: virevolt\nrules:\n  - do: {first_rule}\n  - do: next\n", encoding="utf-8")
    out = dict(PACK.bots())
    out["mcts"] = lambda rules, seed: PACK.bots()["mcts"](rules, seed, iterations=60)
    out["scripted"] = factory_for(script, PACK.rules())
    return out


def play_turn(table, bot, seed):
    """Let ``bot`` play p1's turn to its end; the opponent (p2) only ever lets things pass."""
    rules = table.rules
    state = table.state
    chosen = []
    while not state.over and state.active == 0:
        if state.to_move() != 0:
            rules.apply(state, ("pass",) if ("pass",) in rules.legal_actions(state) else rules.legal_actions(state)[0])
            continue
        a = bot.choose(rules, state.clone())
        chosen.append(a)
        rules.apply(state, a)
    return chosen


LETHAL_ATTACK_ON_FOUR_TOKENS = {
    "active": "p2", "phase": "combat",
    "p1": {"main": "Ember Warden", "damage": {"Ember Warden": 3}, "traps": ["Barkskin"],
           "crystals": ["green", "green"], "hand": []},
    "p2": {"main": "Ember Warden", "crystals": ["red", "red"], "tokens": 4},
}


def test_VIR_WIN_02_letting_a_lethal_attack_through_at_four_tokens_loses_at_once(table):
    t = table(LETHAL_ATTACK_ON_FOUR_TOKENS).do("attack p1 Flame Lash")
    assert t.legal() == ["activate Barkskin", "pass"]
    assert t.rules.loses_at_once(t.state, ("pass",))
    assert not t.rules.loses_at_once(t.state, ("activate", "Barkskin"))


@pytest.mark.parametrize("seed", range(6))
def test_VIR_WIN_02_no_bot_lets_the_fifth_token_through_when_a_trap_saves_it(table, tmp_path, seed):
    for name, make in bots(tmp_path, "pass").items():
        t = table(LETHAL_ATTACK_ON_FOUR_TOKENS, seed=seed).do("attack p1 Flame Lash")
        choice = make(t.rules, seed).choose(t.rules, t.state.clone())
        assert choice == ("activate", "Barkskin"), f"{name} (seed {seed}) passed and lost"


DYING_ONLY_HERO = {"active": "p1", "phase": "main",
                   "p1": {"main": "Cinder Imp", "damage": {"Cinder Imp": 2}, "states": {"Cinder Imp": ["poison"]},
                          "crystals": ["red", "red"], "hand": []},
                   "p2": {"main": "Ember Warden", "crystals": ["red", "red"]}}


@pytest.mark.parametrize("seed", range(6))
def test_VIR_WIN_04_no_bot_sacrifices_its_only_hero(table, tmp_path, seed):
    for name, make in bots(tmp_path, "sacrifice").items():
        t = table(DYING_ONLY_HERO, seed=seed)
        assert "sacrifice Cinder Imp" in t.legal()
        chosen = play_turn(t, make(t.rules, seed), seed)
        assert ("sacrifice", "Cinder Imp") not in chosen, f"{name} (seed {seed}) sacrificed its only hero"


NO_HERO_BUT_ONE_IN_HAND = {"active": "p1", "phase": "main",
                           "p1": {"main": None, "crystals": ["red"], "hand": ["Cinder Imp", "Red Crystal", "Fireball"]},
                           "p2": {"main": "Ember Warden", "crystals": ["red", "red"]}}


@pytest.mark.parametrize("seed", range(6))
def test_VIR_WIN_04_every_bot_ends_its_turn_with_a_hero_when_it_can(table, tmp_path, seed):
    for name, make in bots(tmp_path, "next").items():
        t = table(NO_HERO_BUT_ONE_IN_HAND, seed=seed)
        play_turn(t, make(t.rules, seed), seed)
        assert t.p("p1")["main"] == "Cinder Imp", f"{name} (seed {seed}) ended its turn with no hero"


NOTHING_TO_HEAL = {"active": "p1", "phase": "main",
                   "p1": {"main": "Ember Warden", "crystals": ["green", "green", "green"], "hand": ["Healing Rain"]},
                   "p2": {"main": "Ember Warden"}}


@pytest.mark.parametrize("seed", range(6))
def test_no_bot_casts_a_heal_with_nothing_to_heal(table, tmp_path, seed):
    for name, make in bots(tmp_path, "cast").items():
        t = table(NOTHING_TO_HEAL, seed=seed)
        assert "cast Healing Rain 1" in t.legal()
        play_turn(t, make(t.rules, seed), seed)
        assert t.p("p1")["hand"] == ["Healing Rain"], f"{name} (seed {seed}) cast a heal that did nothing"


def test_a_heal_with_something_to_heal_is_still_cast_by_greedy(table):
    t = table({**NOTHING_TO_HEAL, "p1": {**NOTHING_TO_HEAL["p1"], "damage": {"Ember Warden": 3}}})
    play_turn(t, PACK.bots()["greedy"](t.rules, 0), 0)
    assert "Healing Rain" in t.p("p1")["graveyard"]
