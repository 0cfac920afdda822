"""Combat, heroes, damage and victory tokens (VIR-PHASE-COMBAT-*, VIR-HERO-*, VIR-WIN-*)."""
from __future__ import annotations


def combat(table, p1=None, p2=None, **kw):
    setup = {"active": "p1", "phase": "combat", "p1": p1 or {}, "p2": p2 or {}}
    setup.update(kw)
    return table(setup)


def test_VIR_PHASE_COMBAT_01_one_attack_per_turn_combat_only(table):
    """VIR-PHASE-COMBAT-01."""
    t = table({"active": "p1", "p1": {"main": "Cinder Imp", "crystals": ["red", "red"]}, "p2": {"main": "Oak Guardian"}})
    assert not any(a.startswith("attack") for a in t.legal())       # main phase
    t.do("next")
    assert "attack p2 Scorch" in t.legal() and "next" in t.legal()
    t.do("attack p2 Scorch")
    assert t.legal() == ["next"]
    t.do("next")
    assert not any(a.startswith("attack") for a in t.legal())       # secondary phase


def test_VIR_PHASE_COMBAT_02_only_main_hero_attacks(table):
    """VIR-PHASE-COMBAT-02."""
    t = combat(table, {"main": "Stone Sentinel", "secondary": ["Cinder Imp"], "crystals": ["red"]}, {"main": "Oak Guardian"})
    assert not any("Scorch" in a for a in t.legal())


def test_VIR_PHASE_COMBAT_03_affordable_attacks_only(table):
    """VIR-PHASE-COMBAT-03."""
    t = combat(table, {"main": "Ash Demon", "crystals": ["red"]}, {"main": "Oak Guardian"})
    legal = t.legal()
    assert "attack p2 Claw" in legal and "attack p2 Hellfire" not in legal
    t.do("attack p2 Claw")
    assert t.p("p1")["crystals"] == [{"colour": "red", "consumed": True}]


def test_VIR_PHASE_COMBAT_04_targets_are_enemy_players_main_heroes(table):
    """VIR-PHASE-COMBAT-04."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Cinder Imp", "crystals": ["red"]},
               "p2": {"main": "Oak Guardian", "secondary": ["Wild Druid"]}, "p3": {"main": "Tide Mage"}}, players=3)
    attacks = [a for a in t.legal() if a.startswith("attack")]
    assert attacks == ["attack p2 Scorch", "attack p3 Scorch"]
    t.do("attack p3 Scorch")
    assert t.p("p3")["heroes"]["Tide Mage"]["hp"] == 3


def test_VIR_PHASE_COMBAT_05_damage_and_effects(table):
    """VIR-PHASE-COMBAT-05."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red", "red"]}, {"main": "Wild Druid"})
    t.do("attack p2 Flame Lash")
    h = t.p("p2")["heroes"]["Wild Druid"]
    assert h["hp"] == 3 and h["states"] == ["burn"]


def test_VIR_PHASE_COMBAT_06_VIR_HERO_05_token_per_kill(table):
    """VIR-PHASE-COMBAT-06, VIR-HERO-05."""
    t = combat(table, {"main": "Flame Reaver", "crystals": ["red", "red", "red"]},
               {"main": "Cinder Imp", "secondary": ["Village Archer"], "damage": {"Village Archer": 2}})
    t.do("attack p2 Wildfire")
    p2 = t.p("p2")
    assert p2["main"] is None and p2["graveyard"] == ["Cinder Imp", "Village Archer"]
    assert t.p("p1")["tokens"] == 2 and p2["tokens"] == 0


def test_VIR_HERO_01_02_03_04_damage_persists_and_death(table):
    """VIR-HERO-01, VIR-HERO-02, VIR-HERO-03, VIR-HERO-04."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red", "red"]},
               {"main": "Venom Stalker", "hand": [], "damage": {"Venom Stalker": 2}})
    t.do("attack p2 Flame Lash")
    assert t.p("p2")["main"] is None and t.p("p2")["graveyard"] == ["Venom Stalker"]
    t2 = combat(table, {"main": "Cinder Imp", "crystals": ["red"], "hand": []}, {"main": "Oak Guardian", "hand": []})
    t2.do("attack p2 Scorch", "next", "next", "next", "next", "next")
    assert t2.p("p2")["heroes"]["Oak Guardian"] == {"hp": 8, "damage": 1, "states": []}   # armor 1: 2 - 1


def test_VIR_HERO_09_hero_without_attacks(table):
    """VIR-HERO-09."""
    t = combat(table, {"main": "Cinder Imp", "crystals": ["red"]})
    assert any(a.startswith("attack") for a in t.legal())


def test_VIR_HERO_10_passive_power(table):
    """VIR-HERO-10."""
    t = combat(table, {"main": "Cinder Imp", "secondary": ["Pyre Captain"], "crystals": ["red"]}, {"main": "Wild Druid"})
    t.do("attack p2 Scorch")
    assert t.p("p2")["heroes"]["Wild Druid"]["hp"] == 3       # 2 + 1 from Pyre Captain


def test_VIR_HERO_18_main_hero_replaced_by_choice_for_free(table):
    """VIR-HERO-18."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red", "red"]},
               {"main": "Venom Stalker", "secondary": ["Wild Druid", "Moss Titan"], "crystals": ["green"],
                "damage": {"Venom Stalker": 1},
                "states": {"Moss Titan": ["stun"]}})
    t.do("attack p2 Flame Lash")
    assert t.d["pending"] == "p2: choose your new main hero"
    assert set(t.legal()) == {"choose Wild Druid", "choose Moss Titan"}
    t.do("choose Moss Titan")
    p2 = t.p("p2")
    assert p2["main"] == "Moss Titan" and p2["secondary"] == ["Wild Druid"]
    assert p2["crystals"] == [{"colour": "green", "consumed": False}]


def test_VIR_HERO_18_single_secondary_promoted_at_once(table):
    """VIR-HERO-18."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red", "red"]},
               {"main": "Venom Stalker", "secondary": ["Wild Druid"], "damage": {"Venom Stalker": 1}})
    t.do("attack p2 Flame Lash")
    assert t.d["pending"] is None and t.p("p2")["main"] == "Wild Druid"


def test_VIR_HERO_19_attack_on_entry_turn(table):
    """VIR-HERO-19."""
    t = table({"active": "p1", "p1": {"hand": ["Cinder Imp"], "crystals": ["red"]}, "p2": {"main": "Oak Guardian"}})
    t.do("play Cinder Imp", "next")
    assert "attack p2 Scorch" in t.legal()


def test_VIR_HERO_20_healing_capped(table):
    """VIR-HERO-20."""
    t = table({"active": "p1", "p1": {"hand": ["First Aid"], "crystals": ["neutral"], "main": "Wild Druid",
                                      "damage": {"Wild Druid": 1}}})
    t.do("cast First Aid 1")
    assert t.p("p1")["heroes"]["Wild Druid"] == {"hp": 6, "damage": 0, "states": []}


def test_VIR_HERO_06_07_state_death_scores_previous_player(table):
    """VIR-HERO-06, VIR-HERO-07."""
    t = table({"active": "p3", "p1": {"main": "Cinder Imp", "damage": {"Cinder Imp": 2},
                                      "states": {"Cinder Imp": ["poison"]}, "hand": []}, "p2": {}, "p3": {"hand": []}},
              players=3)
    t.do("next", "next", "next")
    d = t.d
    assert d["p1"]["main"] is None
    assert d["p3"]["tokens"] == 1 and d["p2"]["tokens"] == 0


def test_VIR_HERO_08_incantation_kill_scores_controller_not_owner(table):
    """VIR-HERO-08."""
    t = table({"active": "p1", "p1": {"hand": ["Fireball", "Demonic Pact"], "crystals": ["red"] * 3,
                                      "main": "Cinder Imp", "damage": {"Cinder Imp": 1}},
               "p2": {"main": "Venom Stalker", "damage": {"Venom Stalker": 1}}})
    t.do("cast Fireball 1")
    assert t.p("p1")["tokens"] == 1
    t.do("cast Demonic Pact 1")              # kills p1's own main hero: the opponent scores
    assert t.p("p1")["main"] is None
    assert t.p("p1")["tokens"] == 1 and t.p("p2")["tokens"] == 1


def test_VIR_WIN_04_attacking_heroless_player_wins(table):
    """VIR-WIN-04."""
    t = combat(table, {"main": "Cinder Imp", "crystals": ["red"]}, {"main": None})
    t.do("attack p2 Scorch")
    assert t.d["over"] and t.d["winner"] == "p1"


def test_VIR_WIN_05_heroless_needs_a_legal_attack(table):
    """VIR-WIN-05."""
    t = combat(table, {"main": "Cinder Imp", "crystals": ["red"], "states": {"Cinder Imp": ["freeze"]}}, {"main": None})
    assert t.legal() == ["next"]
    t = combat(table, {"main": "Cinder Imp", "crystals": ["blue"]}, {"main": None})
    assert t.legal() == ["next"]


def test_VIR_WIN_02_five_tokens_win(table):
    """VIR-WIN-02."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red", "red"], "tokens": 4},
               {"main": "Venom Stalker", "secondary": ["Wild Druid"], "damage": {"Venom Stalker": 1}})
    t.do("attack p2 Flame Lash")
    assert t.d["over"] and t.d["winner"] == "p1"


def test_VIR_WIN_02_token_in_another_players_turn(table):
    """VIR-WIN-02."""
    t = combat(table, {"main": "Cinder Imp", "crystals": ["red"], "damage": {"Cinder Imp": 1}},
               {"main": "Oak Guardian", "traps": ["Flame Ward"], "crystals": ["red"], "tokens": 4})
    t.do("attack p2 Scorch", "activate Flame Ward")
    assert t.d["over"] and t.d["winner"] == "p2"


def test_VIR_PHASE_COMBAT_07_VIR_WIN_03_simultaneous_five_goes_to_initiator(table):
    """VIR-PHASE-COMBAT-07, VIR-WIN-03, VIR-COMP-07 (two players can both hold 5 tokens)."""
    # p1 (4) attacks; p2 (4) answers with a trap that kills p1's hero; p1's attack then kills p2's hero
    t = combat(table, {"main": "Cinder Imp", "crystals": ["red"], "damage": {"Cinder Imp": 1}, "tokens": 4,
                       "secondary": ["Oak Guardian"]},
               {"main": "Village Archer", "damage": {"Village Archer": 1}, "traps": ["Flame Ward"],
                "crystals": ["red"], "tokens": 4, "secondary": ["Oak Guardian"]})
    t.do("attack p2 Scorch", "activate Flame Ward")
    # the attacker died before the attack resolved: it has no effect (VIR-TRAP-09); p2 wins alone
    assert t.d["over"] and t.d["winner"] == "p2"
    # now an exchange where both reach 5: an incantation whose answer also kills
    t = table({"active": "p1", "p1": {"hand": ["Fireball"], "crystals": ["red", "red"], "main": "Cinder Imp",
                                      "damage": {"Cinder Imp": 2}, "secondary": ["Oak Guardian"], "tokens": 4},
               "p2": {"main": "Village Archer", "damage": {"Village Archer": 1}, "traps": ["Backdraft"],
                      "crystals": ["red"], "tokens": 4, "secondary": ["Oak Guardian"]}})
    t.do("cast Fireball 1", "choose p2:Village Archer", "activate Backdraft")  # its target is chosen first
    assert t.p("p1")["tokens"] == 5 and t.p("p2")["tokens"] == 5
    assert t.d["over"] and t.d["winner"] == "p1"


def test_VIR_WIN_03_reversed_roles(table):
    """VIR-WIN-03."""
    t = table({"active": "p2", "p2": {"hand": ["Fireball"], "crystals": ["red", "red"], "main": "Cinder Imp",
                                      "damage": {"Cinder Imp": 2}, "secondary": ["Oak Guardian"], "tokens": 4},
               "p1": {"main": "Village Archer", "damage": {"Village Archer": 1}, "traps": ["Backdraft"],
                      "crystals": ["red"], "tokens": 4, "secondary": ["Oak Guardian"]}})
    t.do("cast Fireball 1", "choose p1:Village Archer", "activate Backdraft")
    assert t.d["over"] and t.d["winner"] == "p2"


def test_VIR_HERO_11_attack_cost_must_be_paid(table):
    """VIR-HERO-11."""
    t = combat(table, {"main": "Ember Warden", "crystals": ["red"]}, {"main": "Oak Guardian"})
    assert t.legal() == ["next"]


def test_VIR_PHASE_STATE_05_frozen_at_state_phase_cannot_attack(table):
    """VIR-PHASE-STATE-05."""
    t = table({"active": "p1", "phase": "state", "p1": {"main": "Cinder Imp", "crystals": ["red"],
                                                        "states": {"Cinder Imp": ["freeze"]}},
               "p2": {"main": "Oak Guardian"}})
    t.do("next")
    assert t.legal() == ["next"]


def test_VIR_WIN_03_with_more_players_a_tie_without_the_initiator_goes_to_the_next_in_turn_order(rules):
    """Our reading for three or four players: when the player who began the exchange is not among
    those reaching 5 tokens, the first of them in turn order after that player wins."""
    from tabletop.packs.virevolt.keys import KEYS

    state = rules.setup({"first": "p1"}, 1, 4)
    state.vars["initiator"] = 1  # p2 began the exchange; p1 and p4 reach 5 in it
    for q in (0, 3):
        state.counters[KEYS[q].tokens] = 5
    rules.check(state)
    assert state.over and state.winner == 3  # p4 comes before p1 after p2 (p3, p4, p1)
