"""Incantations and traps (VIR-INC-*, VIR-TRAP-*)."""
from __future__ import annotations


def test_VIR_INC_01_incantations_own_main_and_secondary_only(table):
    """VIR-INC-01."""
    t = table({"active": "p1", "p1": {"hand": ["Kindle"], "crystals": ["red", "red"]},
               "p2": {"hand": ["Kindle"], "crystals": ["red"], "main": "Oak Guardian"}})
    assert "cast Kindle 1" in t.legal()
    t.do("next")
    assert "cast Kindle 1" not in t.legal()
    t.do("next")
    assert "cast Kindle 1" in t.legal()


def test_VIR_INC_02_03_one_effect_then_graveyard(table):
    """VIR-INC-02, VIR-INC-03."""
    t = table({"active": "p1", "p1": {"hand": ["Mana Surge"], "crystals": ["blue", "blue", "blue"], "deck": ["Kindle"] * 3}})
    t.do("cast Mana Surge 2")
    p = t.p("p1")
    assert p["graveyard"] == ["Mana Surge"] and p["hand"] == ["Kindle"]
    assert sum(c["consumed"] for c in p["crystals"]) == 0


def test_VIR_TRAP_01_06_set_traps_free(table):
    """VIR-TRAP-01, VIR-TRAP-06."""
    t = table({"active": "p1", "p1": {"hand": ["Flame Ward", "Backdraft", "Ice Wall"]}})
    t.do("set Flame Ward", "set Backdraft", "set Ice Wall")
    assert t.p("p1")["traps"] == ["Flame Ward", "Backdraft", "Ice Wall"]


def test_VIR_TRAP_02_hidden_from_others(table, rules):
    """VIR-TRAP-02."""
    t = table({"active": "p1", "p1": {"traps": ["Flame Ward"], "hand": ["Kindle"]}})
    v2 = rules.view(t.state, 1)
    assert "traps" not in v2["players"]["p1"] and v2["players"]["p1"]["traps_set"] == 1
    assert "hand" not in v2["players"]["p1"]
    assert "Flame Ward" not in str(v2)
    assert rules.view(t.state, 0)["players"]["p1"]["traps"] == ["Flame Ward"]


def test_VIR_TRAP_03_07_10_activation_in_enemy_combat_is_optional(table):
    """VIR-TRAP-03, VIR-TRAP-07, VIR-TRAP-10."""
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Cinder Imp", "crystals": ["red"]},
               "p1": {"main": "Oak Guardian", "traps": ["Thorn Trap"], "crystals": ["green"]}})
    t.do("attack p1 Scorch")
    assert t.d["pending"] == "p1: activate a trap in answer to p2's attack?"
    assert set(t.legal()) == {"activate Thorn Trap", "pass"}
    t.do("pass")
    assert t.p("p1")["traps"] == ["Thorn Trap"]
    assert t.p("p1")["heroes"]["Oak Guardian"]["damage"] == 1


def test_VIR_TRAP_04_09_answer_to_incantation_resolves_first(table):
    """VIR-TRAP-04, VIR-TRAP-09."""
    t = table({"active": "p2", "p2": {"hand": ["Fireball"], "crystals": ["red", "red"]},
               "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Nature's Wrath"],
                      "crystals": ["green", "green"]}})
    t.do("cast Fireball 1")
    assert "activate Nature's Wrath" in t.legal()
    t.do("activate Nature's Wrath")   # heals 1 first: 2 -> 3 HP, then 3 damage kills
    assert t.p("p1")["main"] is None and t.p("p2")["graveyard"] == ["Fireball"]
    t = table({"active": "p2", "p2": {"hand": ["Fireball"], "crystals": ["red", "red"]},
               "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Rejuvenate"],
                      "crystals": ["green"]}})
    t.do("pass")  # offered already at the position's phase step (VIR-TRAP-03)
    t.do("cast Fireball 1", "activate Rejuvenate")   # 2 -> 5 -> 2
    assert t.p("p1")["heroes"]["Wild Druid"]["hp"] == 2
    assert t.p("p1")["graveyard"] == ["Rejuvenate"] and t.p("p2")["graveyard"] == ["Fireball"]


def test_VIR_TRAP_05_cost_must_be_payable(table):
    """VIR-TRAP-05."""
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Cinder Imp", "crystals": ["red"]},
               "p1": {"main": "Oak Guardian", "traps": ["Thorn Trap"], "crystals": ["red", "neutral"]}})
    t.do("attack p1 Scorch")           # p1 has no green or mauve crystal: no window
    assert t.d["pending"] is None


def test_VIR_TRAP_08_used_trap_to_graveyard(table):
    """VIR-TRAP-08."""
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Cinder Imp", "crystals": ["red"]},
               "p1": {"main": "Oak Guardian", "traps": ["Thorn Trap"], "crystals": ["green"]}})
    t.do("attack p1 Scorch", "activate Thorn Trap")
    p1 = t.p("p1")
    assert p1["traps"] == [] and p1["graveyard"] == ["Thorn Trap"]
    assert t.p("p2")["heroes"]["Cinder Imp"] == {"hp": 2, "damage": 1, "states": ["poison"]}


def test_VIR_TRAP_09_an_attack_whose_attacker_left_play_does_nothing_and_stays_paid(table):
    t = table({"active": "p2", "phase": "combat",
               "p2": {"main": "Cinder Imp", "damage": {"Cinder Imp": 1}, "crystals": ["red"]},
               "p1": {"main": "Oak Guardian", "traps": ["Flame Ward"], "crystals": ["red"]}})
    t.do("attack p1 Scorch")
    assert "activate Flame Ward" in t.legal()
    t.do("activate Flame Ward")  # 2 damage to the attacker (2 HP left): it dies before its attack resolves
    assert t.p("p2")["main"] is None and t.p("p1")["heroes"]["Oak Guardian"]["damage"] == 0
    assert t.p("p2")["crystals"] == [{"colour": "red", "consumed": True}]


def test_standing_condition_trap_in_own_phase(table):
    t = table({"active": "p1", "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 4}, "traps": ["Rejuvenate"],
                                      "crystals": ["green"]}})
    assert "activate Rejuvenate" in t.legal()
    t.do("activate Rejuvenate")
    assert t.p("p1")["heroes"]["Wild Druid"]["hp"] == 5


def test_trap_answering_a_new_hero(table):
    t = table({"active": "p2", "p2": {"hand": ["Cinder Imp", "Village Archer"]},
               "p1": {"traps": ["Ambush Pit", "Caltrops"], "crystals": ["red", "neutral"]}})
    t.do("play Cinder Imp", "pass", "play Village Archer")
    assert set(t.legal()) == {"activate Ambush Pit", "activate Caltrops", "pass"}
    t.do("activate Ambush Pit")
    # the window opens again after a trap: the second trap finishes the Archer (3 HP)
    t.do("activate Caltrops")
    assert t.p("p2")["secondary"] == [] and t.p("p1")["tokens"] == 1
    assert t.p("p1")["graveyard"] == ["Ambush Pit", "Caltrops"]


def _first_aid(table):
    """p1's main hero at 2 HP, First Aid ('heal 2 damage from target hero of yours') in hand; p2
    holds Backdraft ('when an enemy casts an incantation: deal 2 damage to the caster's main hero')."""
    return table({"active": "p1", "p1": {"hand": ["First Aid"], "crystals": ["neutral"], "main": "Cinder Imp",
                                         "damage": {"Cinder Imp": 1, "Oak Guardian": 2}, "secondary": ["Oak Guardian"]},
                  "p2": {"main": "Village Archer", "traps": ["Backdraft"], "crystals": ["red"]}})


def test_VIR_TRAP_09_an_incantations_target_is_chosen_as_it_is_cast_before_any_trap(table):
    t = _first_aid(table)
    t.do("cast First Aid 1")
    assert t.state.pending.player == 0 and t.legal() == ["choose p1:Cinder Imp", "choose p1:Oak Guardian"]
    t.do("choose p1:Cinder Imp")
    assert t.state.pending.player == 1 and t.legal() == ["activate Backdraft", "pass"]


def test_VIR_TRAP_09_an_incantation_whose_target_left_play_has_no_effect_but_is_spent(table):
    t = _first_aid(table)
    t.do("cast First Aid 1", "choose p1:Cinder Imp", "activate Backdraft")  # 2 damage: the Imp dies first
    p1 = t.p("p1")
    assert p1["main"] == "Oak Guardian" and "Cinder Imp" in p1["graveyard"]
    assert t.p("p2")["tokens"] == 1
    assert "First Aid" in p1["graveyard"] and p1["hand"] == [] and p1["crystals"][0]["consumed"]


def test_VIR_TRAP_09_an_incantation_still_acts_on_a_target_the_trap_left_in_play(table):
    t = _first_aid(table)
    t.do("cast First Aid 1", "choose p1:Oak Guardian", "activate Backdraft")  # the Imp dies, not the target
    assert t.p("p1")["main"] == "Oak Guardian" and t.p("p1")["heroes"]["Oak Guardian"]["damage"] == 0  # healed
