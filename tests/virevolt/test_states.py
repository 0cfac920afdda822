"""The six states (VIR-STATE-*)."""
from __future__ import annotations

from tabletop.packs.virevolt import states


def test_VIR_STATE_01_six_states(rules):
    """VIR-STATE-01."""
    assert states.STATES == ("poison", "burn", "freeze", "stun", "immunity", "invincibility")
    assert states.HARMFUL == {"poison", "burn", "freeze", "stun"}
    from tabletop.packs.virevolt.vocabulary import vocabulary

    assert set(vocabulary().word_class("state")) == set(states.STATES)


def test_VIR_STATE_02_freeze_stops_only_its_hero(table):
    """VIR-STATE-02."""
    t = table({"active": "p1", "p1": {"main": "Cinder Imp", "secondary": ["Blaze Duelist"],
                                      "crystals": ["neutral", "red"], "states": {"Cinder Imp": ["freeze"]}},
               "p2": {"main": "Oak Guardian"}})
    t.do("next")
    assert t.legal() == ["next"]
    t2 = table({"active": "p1", "p1": {"main": "Cinder Imp", "secondary": ["Blaze Duelist"],
                                       "crystals": ["neutral", "red"], "states": {"Cinder Imp": ["freeze"]}},
                "p2": {"main": "Oak Guardian"}})
    t2.do("rotate Blaze Duelist", "next")
    assert "attack p2 Riposte" in t2.legal()


def test_VIR_STATE_03_VIR_PHASE_STATE_06_stun_blocks_all_paid_rotations(table):
    """VIR-STATE-03, VIR-PHASE-STATE-06."""
    t = table({"active": "p1", "p1": {"main": "Ember Warden", "secondary": ["Cinder Imp"], "crystals": ["neutral", "neutral"],
                                      "states": {"Cinder Imp": ["stun"]}, "hand": ["Tactical Retreat"]}})
    assert not any(a.startswith("rotate") for a in t.legal())
    t.do("cast Tactical Retreat 1")       # a card-forced rotation ignores Stun
    assert t.p("p1")["main"] == "Cinder Imp"


def test_VIR_STATE_04_immunity_blocks_new_harmful_states(table):
    """VIR-STATE-04."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Ember Warden", "crystals": ["red", "red"]},
               "p2": {"main": "Oak Guardian", "states": {"Oak Guardian": ["immunity"]}}})
    t.do("attack p2 Flame Lash")
    h = t.p("p2")["heroes"]["Oak Guardian"]
    assert h["states"] == ["immunity"] and h["damage"] == 2      # VIR-STATE-06: damage still taken


def test_VIR_STATE_05_immunity_suppresses_existing_states(table):
    """VIR-STATE-05."""
    t = table({"active": "p1", "phase": "state", "p1": {"main": "Oak Guardian", "hand": [],
                                                        "states": {"Oak Guardian": ["poison", "immunity", "stun"]},
                                                        "secondary": ["Wild Druid"], "crystals": ["neutral", "neutral"]}})
    assert t.p("p1")["heroes"]["Oak Guardian"]["hp"] == 9
    assert "rotate Wild Druid" in t.legal()


def test_VIR_STATE_07_09_invincibility_main_only_attacks_only(table):
    """VIR-STATE-07, VIR-STATE-09."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Flame Reaver", "crystals": ["red"] * 3},
               "p2": {"main": "Oak Guardian", "secondary": ["Wild Druid"],
                      "states": {"Oak Guardian": ["invincibility"], "Wild Druid": ["invincibility"]}}})
    t.do("attack p2 Wildfire")
    h = t.p("p2")["heroes"]
    assert h["Oak Guardian"]["damage"] == 0 and "burn" in h["Oak Guardian"]["states"]    # VIR-STATE-11
    assert h["Wild Druid"]["damage"] == 1                                                   # secondary: no protection


def test_VIR_STATE_08_10_invincibility_no_shield_from_states_and_spells(table):
    """VIR-STATE-08, VIR-STATE-10."""
    t = table({"active": "p1", "p1": {"hand": ["Fireball"], "crystals": ["red", "red"]},
               "p2": {"main": "Oak Guardian", "states": {"Oak Guardian": ["invincibility", "poison"]}}})
    t.do("cast Fireball 1")
    assert t.p("p2")["heroes"]["Oak Guardian"]["damage"] == 3
    t.do("next", "next", "next")
    assert t.p("p2")["heroes"]["Oak Guardian"]["damage"] == 4


def test_VIR_STATE_12_protection_lasts(table):
    """VIR-STATE-12."""
    t = table({"active": "p1", "p2": {"hand": []}, "p1": {"hand": [], "main": "Oak Guardian",
                                                          "states": {"Oak Guardian": ["invincibility"]}}})
    for _ in range(4):
        t.do("next", "next", "next")
    assert t.p("p1")["heroes"]["Oak Guardian"]["states"] == ["invincibility"]


def test_VIR_STATE_13_rotation_keeps_states_death_clears(table):
    """VIR-STATE-13."""
    t = table({"active": "p1", "p1": {"main": "Ember Warden", "secondary": ["Cinder Imp"], "crystals": ["neutral"],
                                      "damage": {"Ember Warden": 2}, "states": {"Ember Warden": ["poison"]}}})
    t.do("rotate Cinder Imp")
    assert t.p("p1")["heroes"]["Ember Warden"] == {"hp": 4, "damage": 2, "states": ["poison"]}


def test_VIR_COMP_06_many_heroes_same_state(table):
    """VIR-COMP-06."""
    t = table({"active": "p1", "p1": {"hand": ["Toxic Cloud"], "crystals": ["green", "green"]},
               "p2": {"main": "Oak Guardian", "secondary": ["Wild Druid", "Moss Titan"]}})
    t.do("cast Toxic Cloud 1")
    assert all(h["states"] == ["poison"] for h in t.p("p2")["heroes"].values())
