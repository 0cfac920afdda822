"""Traps at any time (VIR-TRAP-03), attacks by role (VIR-TRAP-09), tokens for every death (VIR-HERO-08),
and the first-turn protection as an option (VIR-SETUP-05)."""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry

LOW = "p2: activate a trap now (p1's main phase)?"


def _settled(t):
    """The position's phase step is itself a moment to answer: let p2 pass it (asserting it was asked)."""
    assert t.d["pending"] == LOW
    return t.do("pass")


def _p2_holds_rejuvenate(extra_p1=None, phase="main"):
    """p1 to act; p2's main hero is at 2 HP with Rejuvenate ('your main hero has 2 hp or less') set."""
    p1 = {"main": "Cinder Imp", "secondary": ["Pyre Captain"], "hand": ["Kindle", "Tripwire", "Glade Healer"],
          "crystals": ["red", "red", "neutral", "neutral"], "deck": ["Kindle"] * 5}
    p1.update(extra_p1 or {})
    return {"active": "p1", "phase": phase, "p1": p1,
            "p2": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Rejuvenate"], "crystals": ["green"]}}


@pytest.mark.parametrize("action", ["play Red Crystal", "rotate Pyre Captain", "sacrifice Pyre Captain", "set Tripwire",
                                    "next"])
def test_VIR_TRAP_03_after_each_action_the_other_player_may_answer(table, action):
    t = _settled(table(_p2_holds_rejuvenate({"hand": ["Kindle", "Tripwire", "Red Crystal"]})))
    t.do(action)
    assert t.d["pending"] == f"p2: activate a trap now (p1's {t.d['phase']} phase)?"
    assert set(t.legal()) == {"activate Rejuvenate", "pass"}
    t.do("activate Rejuvenate")
    assert t.p("p2")["heroes"]["Wild Druid"]["hp"] == 5 and t.p("p2")["graveyard"] == ["Rejuvenate"]
    assert t.d["pending"] is None and t.d["active"] == "p1"


def test_VIR_TRAP_03_asked_once_per_action_then_again_after_the_next(table):
    t = _settled(table(_p2_holds_rejuvenate({"hand": ["Tripwire", "Ice Wall"]})))
    t.do("set Tripwire")
    assert t.d["pending"] == LOW
    t.do("pass")
    assert t.d["pending"] is None  # let go: not asked again for the same action
    t.do("set Ice Wall")
    assert t.d["pending"] == LOW  # a new action, a new moment


def test_VIR_TRAP_03_at_each_phase_step(table):
    t = _settled(table(_p2_holds_rejuvenate()))
    t.do("next")  # main -> combat
    assert t.d["pending"] == "p2: activate a trap now (p1's combat phase)?" and t.d["phase"] == "combat"
    t.do("pass", "next")  # combat -> secondary
    assert t.d["pending"] == "p2: activate a trap now (p1's secondary phase)?" and t.d["phase"] == "secondary"


def test_VIR_TRAP_03_nobody_is_asked_without_an_activatable_trap(table):
    setup = _p2_holds_rejuvenate()
    setup["p2"]["damage"] = {"Wild Druid": 1}  # 5 HP: the condition does not hold
    t = table(setup)
    t.do("set Tripwire")
    assert t.d["pending"] is None
    setup = _p2_holds_rejuvenate()
    setup["p2"]["crystals"] = ["red"]  # the condition holds, the cost cannot be paid (VIR-TRAP-05)
    t = table(setup)
    t.do("set Tripwire")
    assert t.d["pending"] is None


def test_VIR_TRAP_03_the_acting_player_may_use_a_standing_trap_in_each_phase_where_they_act(table):
    t = table({"active": "p1", "phase": "combat",
               "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Rejuvenate"], "crystals": ["green"]}})
    assert "activate Rejuvenate" in t.legal()
    t.do("activate Rejuvenate")
    assert t.p("p1")["heroes"]["Wild Druid"]["hp"] == 5


def test_VIR_TRAP_03_not_asked_twice_for_one_action_when_its_own_window_offered_the_trap(table):
    t = _settled(table(_p2_holds_rejuvenate()))
    t.do("play Glade Healer")  # the new-hero window offers the standing trap too
    assert t.d["pending"] == "p2: activate a trap in answer to p1's new hero?"
    t.do("pass")
    assert t.d["pending"] is None


# ---------------------------------------------------------------------- every trap condition
TRAPS = {
    "an enemy attacks you": ("attack", "p2: activate a trap in answer to p1's attack?"),
    "an enemy attacks": ("attack", "p2: activate a trap in answer to p1's attack?"),
    "an enemy casts an incantation": ("cast", "p2: activate a trap in answer to p1's incantation?"),
    "an enemy plays a hero": ("hero", "p2: activate a trap in answer to p1's new hero?"),
    "your main hero has 2 hp or less": ("any", LOW),
    "an enemy hero has burn": ("any", LOW),
}


@pytest.fixture(scope="module")
def trap_rules():
    """Virevolt with one test trap per condition the language knows (each 'draw a card', 1 neutral)."""
    from tabletop.framework.cards import CardCompiler

    pack = registry().get("virevolt")
    fmt = pack.registry.pm.hook.tabletop_card_format(pack="virevolt")
    cards = []
    for i, when in enumerate(TRAPS):
        entry = {"name": f"Test Trap {i + 1}", "type": "trap", "colour": "neutral", "when": when,
                 "cost": "1 neutral", "effect": "draw a card"}
        compiler = CardCompiler("test", entry["name"], i, {}, [], pack.vocabulary())
        card = compiler.finish(fmt.build(entry, compiler))
        assert not compiler.errors, compiler.errors
        cards.append(card)
    return pack.rules_with(cards)


def _with(rules, when, setup):
    from tests.virevolt.conftest import Table

    i = list(TRAPS).index(when) + 1
    setup["p2"]["traps"] = [f"Test Trap {i}"]
    state = rules.setup({}, 0)
    rules.apply_setup(state, setup)
    return Table(rules, state)


def _duel(**p2):
    p2 = {"main": "Oak Guardian", "crystals": ["neutral"], "deck": ["Kindle"] * 3, **p2}
    return {"active": "p1", "phase": "main",
            "p1": {"main": "Cinder Imp", "hand": ["Kindle", "Glade Healer", "Tripwire"], "crystals": ["red", "red"],
                   "deck": ["Kindle"] * 3},
            "p2": p2}


@pytest.mark.parametrize("when", list(TRAPS))
def test_VIR_TRAP_03_each_condition_is_offered_when_it_holds_and_only_then(trap_rules, when):
    event, prompt = TRAPS[when]
    standing = event == "any"
    holds = {"your main hero has 2 hp or less": {"damage": {"Oak Guardian": 7}},
             "an enemy hero has burn": {}}.get(when, {})
    setup = _duel(**holds)
    if when == "an enemy hero has burn":
        setup["p1"]["states"] = {"Cinder Imp": ["burn"]}
    t = _with(trap_rules, when, setup)
    if standing:  # the position's phase step is a moment already
        assert t.d["pending"] == prompt
        t.do("pass")
    assert t.d["pending"] is None
    t.do("set Tripwire")  # a quiet action: only a standing condition is asked about
    assert (t.d["pending"] == prompt) == standing
    if standing:
        t.do("pass")
    do = {"attack": ["next", "attack p2 Scorch"], "cast": ["cast Kindle 1"], "hero": ["play Glade Healer"]}
    for a in do.get(event, ["cast Kindle 1"]):
        if t.d["pending"] == LOW and a != "next":
            t.do("pass")
        t.do(a)
    # an event trap answers its event; a standing one is offered in that window too (VIR-TRAP-04)
    assert t.d["pending"] == (prompt if not standing else "p2: activate a trap in answer to p1's incantation?")
    assert ("activate Test Trap %d" % (list(TRAPS).index(when) + 1)) in t.legal()


@pytest.mark.parametrize("when", [w for w, (e, _) in TRAPS.items() if e == "any"])
def test_VIR_TRAP_03_a_standing_condition_that_does_not_hold_is_never_asked(trap_rules, when):
    t = _with(trap_rules, when, _duel())
    for a in ("set Tripwire", "play Glade Healer"):
        t.do(a)
        assert t.d["pending"] in (None, "p2: activate a trap in answer to p1's new hero?")
        if t.d["pending"]:
            assert "activate Test Trap" not in " ".join(t.legal())
            t.do("pass")


def test_VIR_TRAP_03_bots_answer_the_windows(rules):
    """A game between bots in which traps are set and answered runs to its end."""
    bots = registry().get("virevolt").bots()
    for seed in range(3):
        state = rules.setup({}, seed)
        players = [bots["greedy"](rules, seed), bots["random"](rules, seed + 1)]
        answered = 0
        n = 0
        while not state.over and n < 3000:
            who = state.to_move()
            if state.pending is not None and state.pending.prompt.startswith(f"p{who + 1}: activate a trap"):
                answered += 1
            rules.apply(state, players[who].choose(rules, state))
            n += 1
        assert state.over


# ---------------------------------------------------------------------- VIR-TRAP-09: the attack hits the new main hero
def test_VIR_TRAP_09_a_trap_that_rotates_the_target_away_lets_the_attack_hit_the_new_main_hero(table):
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Ember Warden", "crystals": ["red", "red"]},
               "p1": {"main": "Venom Stalker", "secondary": ["Oak Guardian"], "traps": ["Decoy"],
                      "crystals": ["neutral", "neutral"]}})
    t.do("attack p1 Flame Lash", "activate Decoy")
    p1 = t.p("p1")
    assert p1["main"] == "Oak Guardian"
    assert p1["heroes"]["Venom Stalker"]["damage"] == 0
    assert p1["heroes"]["Oak Guardian"]["damage"] == 2  # 3, less its armour 1
    assert p1["heroes"]["Oak Guardian"]["states"] == ["burn"]


# ---------------------------------------------------------------------- VIR-HERO-08: every death scores
def test_VIR_HERO_08_a_hero_killed_by_its_owners_own_card_scores_for_the_opponent(table):
    t = table({"active": "p1", "phase": "combat",
               "p1": {"main": "Crimson Berserker", "damage": {"Crimson Berserker": 5}, "crystals": ["neutral"]},
               "p2": {"main": "Oak Guardian"}})
    t.do("attack p2 Headbutt")  # 2 damage to Oak Guardian (1 after armour), then 1 to itself: it dies
    assert t.p("p1")["main"] is None and t.p("p1")["graveyard"] == ["Crimson Berserker"]
    assert t.p("p2")["tokens"] == 1 and t.p("p1")["tokens"] == 0


def test_VIR_HERO_08_a_sacrifice_still_scores_for_nobody(table):
    t = table({"active": "p1", "p1": {"main": "Crimson Berserker", "crystals": ["red"]}, "p2": {"main": "Oak Guardian"}})
    t.do("sacrifice Crimson Berserker")
    assert t.p("p2")["tokens"] == 0 and t.p("p1")["tokens"] == 0


# ---------------------------------------------------------------------- VIR-SETUP-05 as an option
def test_VIR_SETUP_05_the_protection_can_be_switched_off(rules):
    s = rules.setup({"first": "p1", "first_turn_protection": False}, 5)
    rules.apply_setup(s, {"p1": {"main": "Cinder Imp", "crystals": ["red"]}, "p2": {"has_played": False},
                          "phase": "combat"})
    assert ("attack", "p2", "Scorch") in rules.legal_actions(s)
    with pytest.raises(ValueError, match="first_turn_protection"):
        rules.setup({"first_turn_protection": "no"}, 5)


def test_VIR_TRAP_03_the_active_player_is_asked_at_the_steps_of_the_phases_that_run_by_themselves(table):
    t = table({"active": "p1", "phase": "secondary",
               "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Rejuvenate"], "crystals": ["green"]}})
    t.do("next")  # secondary -> end: nobody acts in the End Phase, so its step is a window for everyone
    assert t.d["pending"] == "p1: activate a trap now (p1's end phase)?" and t.d["phase"] == "end"
    t.do("activate Rejuvenate")
    assert t.p("p1")["heroes"]["Wild Druid"]["hp"] == 5 and t.p("p1")["graveyard"] == ["Rejuvenate"]


def test_VIR_TRAP_03_the_next_player_is_asked_first_at_the_step_of_their_draw_phase(table):
    t = table(_p2_holds_rejuvenate(phase="secondary"))
    assert t.d["pending"] == "p2: activate a trap now (p1's secondary phase)?"
    t.do("pass", "next")  # p1's end step: p2 (the only one holding a trap) is asked
    assert t.d["pending"] == "p2: activate a trap now (p1's end phase)?"
    t.do("pass")
    assert t.d["pending"] == "p2: activate a trap now (p2's draw phase)?" and t.d["active"] == "p2"
    t.do("activate Rejuvenate")
    assert t.p("p2")["heroes"]["Wild Druid"]["hp"] == 5
