"""Setup, phases and turn structure (VIR-SETUP-*, VIR-PHASE-*)."""
from __future__ import annotations

import pytest



def test_VIR_SETUP_01_two_to_four_players(rules):
    """VIR-SETUP-01."""
    for n in (2, 3, 4):
        s = rules.setup({}, 1, n)
        assert s.nplayers == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            rules.setup({}, 1, n)
    assert rules.setup({"players": 3}, 1).nplayers == 3


def test_VIR_SETUP_01_the_player_count_is_checked_with_the_options(rules):
    """A scenario's ``players:`` and the API check it before any setup, with the same range."""
    from tabletop.framework.setups import SetupError, check_options

    for n in (2, 3, 4):
        assert check_options(rules, {}, n) == {}
    for n in (1, 5):
        with pytest.raises(SetupError, match=f"Virevolt is played by 2 to 4 players, not {n}"):
            check_options(rules, {}, n)


def test_VIR_SETUP_02_decks_shuffled_by_seed(rules):
    """VIR-SETUP-02."""
    a = rules.describe(rules.setup({"first": "p1"}, 1))["p2"]["deck"]
    b = rules.describe(rules.setup({"first": "p1"}, 2))["p2"]["deck"]
    assert a != b
    v = rules.view(rules.setup({}, 1), 0)
    assert "deck" not in v["players"]["p1"] and isinstance(v["players"]["p1"]["deck_size"], int)


def test_VIR_SETUP_03_starting_hand(rules):
    """VIR-SETUP-03."""
    s = rules.setup({"first": "p1"}, 3)
    d = rules.describe(s)
    assert len(d["p2"]["hand"]) == 5 and len(d["p2"]["deck"]) == 25
    assert len(d["p1"]["hand"]) == 6 and len(d["p1"]["deck"]) == 24   # p1 drew at its Draw Phase
    d = rules.describe(rules.setup({"first": "p1", "hand_size": 7}, 3))
    assert len(d["p2"]["hand"]) == 7


def test_VIR_SETUP_04_first_player(rules):
    """VIR-SETUP-04."""
    assert rules.setup({}, 11).active == rules.setup({}, 11).active
    assert {rules.setup({}, s).active for s in range(20)} == {0, 1}
    assert rules.setup({"first": "p2"}, 11).active == 1


def test_VIR_SETUP_05_no_attack_on_player_without_turn(rules, table):
    """VIR-SETUP-05."""
    s = rules.setup({"first": "p1"}, 5)
    rules.apply_setup(s, {"p1": {"main": "Cinder Imp", "crystals": ["red"]}, "p2": {"has_played": False},
                          "phase": "combat"})
    acts = [" ".join(map(str, a)) for a in rules.legal_actions(s)]
    assert acts == ["next"]
    # and once p2 has had a turn, the attack is offered
    t = table({"active": "p1", "p1": {"main": "Cinder Imp", "crystals": ["red"]}, "phase": "combat"})
    assert "attack p2 Scorch" in t.legal()


def test_VIR_SETUP_06_no_mulligan(rules):
    """VIR-SETUP-06."""
    s = rules.setup({}, 4)
    assert s.phase == "main"
    assert not any(a[0] == "mulligan" for a in rules.legal_actions(s))


def test_VIR_SETUP_07_start_empty(rules):
    """VIR-SETUP-07."""
    d = rules.describe(rules.setup({"first": "p1"}, 4))
    for p in ("p1", "p2"):
        assert d[p]["main"] is None and d[p]["secondary"] == [] and d[p]["crystals"] == []
        assert d[p]["traps"] == [] and d[p]["graveyard"] == [] and d[p]["tokens"] == 0


def test_VIR_PHASE_ORDER_01_six_phases(table):
    """VIR-PHASE-ORDER-01."""
    t = table({"active": "p1"})
    seen = [t.d["phase"]]
    for _ in range(3):
        t.do("next")
        seen.append(t.d["phase"])
    assert seen == ["main", "combat", "secondary", "main"]
    assert t.d["active"] == "p2"
    assert [p.name for p in t.rules.phases] == ["draw", "state", "main", "combat", "secondary", "end"]


def test_VIR_PHASE_DRAW_01_draw_one(table):
    """VIR-PHASE-DRAW-01."""
    t = table({"active": "p1", "p2": {"hand": ["Kindle"] * 3, "deck": ["Kindle"] * 20}})
    t.do("next", "next", "next")
    assert len(t.p("p2")["hand"]) == 4 and len(t.p("p2")["deck"]) == 19


def test_VIR_PHASE_DRAW_02_VIR_WIN_01_empty_deck_loses_only_at_draw(table):
    """VIR-PHASE-DRAW-02, VIR-WIN-01."""
    t = table({"active": "p1", "p1": {"hand": ["Quick Study"], "crystals": ["neutral"], "deck": []},
               "p2": {"deck": ["Kindle"]}})
    t.do("cast Quick Study 1")                 # draws nothing, no loss
    assert not t.d["over"]
    t.do("next", "next", "next")               # p2 draws its last card: fine
    assert t.d["active"] == "p2" and not t.d["over"]
    t.do("next", "next", "next")               # p1 must draw from an empty deck
    assert t.d["over"] and t.d["winner"] == "p2"


def test_VIR_WIN_06_elimination_in_three_players(table):
    """VIR-WIN-06."""
    t = table({"active": "p2", "p1": {"deck": ["Kindle"] * 5}, "p2": {"deck": ["Kindle"] * 5},
               "p3": {"deck": [], "main": "Cinder Imp"}}, players=3)
    t.do("next", "next", "next")                # p3 decks out
    d = t.d
    assert d["p3"]["eliminated"] and not d["over"] and d["active"] == "p1"
    assert d["p3"]["main"] is None
    t.do("next", "next", "next")
    assert t.d["active"] == "p2"                # p3 is skipped
    t2 = table({"active": "p1", "p1": {"deck": ["Kindle"] * 5}, "p2": {"deck": []},
                "p3": {"deck": []}}, players=3)
    t2.do("next", "next", "next")               # p2 then p3 deck out: p1 is the last one standing
    assert t2.d["p2"]["eliminated"] and t2.d["p3"]["eliminated"]
    assert t2.d["over"] and t2.d["winner"] == "p1"


def test_VIR_PHASE_STATE_01_02_03_poison_and_burn(table):
    """VIR-PHASE-STATE-01, VIR-PHASE-STATE-02, VIR-PHASE-STATE-03."""
    t = table({"active": "p2", "p1": {"main": "Ember Warden", "secondary": ["Cinder Imp"],
                                      "states": {"Ember Warden": ["poison", "burn"], "Cinder Imp": ["poison"]}}})
    t.do("next", "next", "next")
    h = t.p("p1")["heroes"]
    assert h["Ember Warden"]["hp"] == 4 and h["Cinder Imp"]["hp"] == 2


def test_VIR_PHASE_STATE_04_only_active_player(table):
    """VIR-PHASE-STATE-04."""
    t = table({"active": "p1", "phase": "state", "p2": {"main": "Ember Warden", "states": {"Ember Warden": ["poison"]}}})
    assert t.p("p2")["heroes"]["Ember Warden"]["hp"] == 6


def test_VIR_PHASE_STATE_07_states_do_not_stack(table):
    """VIR-PHASE-STATE-07."""
    t = table({"active": "p1", "p1": {"hand": ["Kindle", "Kindle"], "crystals": ["red", "red"], "main": "Cinder Imp"},
               "p2": {"main": "Ember Warden"}})
    t.do("cast Kindle 1", "cast Kindle 1")
    assert t.p("p2")["heroes"]["Ember Warden"]["states"] == ["burn"]
    t.do("next", "next", "next")
    assert t.p("p2")["heroes"]["Ember Warden"]["hp"] == 5


def test_VIR_PHASE_STATE_08_poison_persists(table):
    """VIR-PHASE-STATE-08."""
    t = table({"active": "p1", "phase": "state", "p2": {"hand": []},
               "p1": {"hand": [], "main": "Oak Guardian", "states": {"Oak Guardian": ["poison"]}}})
    for expected in (8, 7, 6):
        assert t.p("p1")["heroes"]["Oak Guardian"]["hp"] == expected
        t.do("next", "next", "next", "next", "next", "next")
    assert t.p("p1")["heroes"]["Oak Guardian"]["states"] == ["poison"]


def test_VIR_PHASE_MAIN_01_all_plays_offered(table):
    """VIR-PHASE-MAIN-01."""
    t = table({"active": "p1", "p1": {"hand": ["Cinder Imp", "Red Crystal", "Kindle", "Flame Ward"],
                                      "crystals": ["red"]}})
    legal = t.legal()
    for a in ("play Cinder Imp", "play Red Crystal", "cast Kindle 1", "set Flame Ward", "next"):
        assert a in legal


def test_VIR_PHASE_MAIN_02_at_most_three_heroes(table):
    """VIR-PHASE-MAIN-02."""
    t = table({"active": "p1", "p1": {"hand": ["Cinder Imp"], "main": "Ember Warden",
                                      "secondary": ["Ash Demon", "Pyre Captain"]}})
    assert "play Cinder Imp" not in t.legal()


def test_VIR_HERO_16_17_heroes_enter_free_main_then_secondary(table):
    """VIR-HERO-16, VIR-HERO-17."""
    t = table({"active": "p1", "p1": {"hand": ["Cinder Imp", "Ember Warden", "Ash Demon"], "crystals": ["red"]}})
    t.do("play Cinder Imp", "play Ember Warden", "play Ash Demon")
    p = t.p("p1")
    assert p["main"] == "Cinder Imp" and p["secondary"] == ["Ember Warden", "Ash Demon"]
    assert p["crystals"] == [{"colour": "red", "consumed": False}]


def test_VIR_PHASE_MAIN_03_only_affordable_effects(table):
    """VIR-PHASE-MAIN-03."""
    t = table({"active": "p1", "p1": {"hand": ["Fireball"], "crystals": ["red", "red", "neutral"]}})
    legal = t.legal()
    assert "cast Fireball 1" in legal and "cast Fireball 2" not in legal


def test_VIR_PHASE_MAIN_06_VIR_HERO_14_rotation(table):
    """VIR-PHASE-MAIN-06, VIR-HERO-14."""
    t = table({"active": "p1", "p1": {"main": "Ember Warden", "secondary": ["Ash Demon", "Cinder Imp"],
                                      "crystals": ["neutral", "neutral", "neutral"]}})
    t.do("rotate Ash Demon")
    p = t.p("p1")
    assert p["main"] == "Ash Demon" and p["secondary"] == ["Ember Warden", "Cinder Imp"]
    t.do("rotate Ember Warden")   # Ash Demon's rotation costs 2 neutral
    assert all(c["consumed"] for c in t.p("p1")["crystals"])
    assert not any(a.startswith("rotate") for a in t.legal())


def test_VIR_HERO_15_rotation_needs_secondary(table):
    """VIR-HERO-15."""
    t = table({"active": "p1", "p1": {"main": "Ember Warden", "crystals": ["neutral"]}})
    assert not any(a.startswith("rotate") for a in t.legal())


def test_VIR_PHASE_MAIN_07_VIR_HERO_12_sacrifice(table):
    """VIR-PHASE-MAIN-07, VIR-HERO-12."""
    t = table({"active": "p1", "p1": {"main": "Cinder Imp", "secondary": ["Blaze Duelist"],
                                      "crystals": ["red", "neutral"]}, "p2": {"tokens": 1}})
    t.do("sacrifice Cinder Imp", "sacrifice Blaze Duelist")
    p = t.p("p1")
    assert p["main"] is None and p["graveyard"] == ["Cinder Imp", "Blaze Duelist"]
    assert t.p("p2")["tokens"] == 1 and p["tokens"] == 0


def test_VIR_HERO_13_no_sacrifice_outside_own_main_phases(table):
    """VIR-HERO-13."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Cinder Imp", "crystals": ["red"]}})
    assert not any(a.startswith("sacrifice") for a in t.legal())


def test_VIR_PHASE_END_01_03_end_phase_removes_freeze_and_stun_only(table):
    """VIR-PHASE-END-01, VIR-PHASE-END-03."""
    t = table({"active": "p1", "phase": "secondary",
               "p1": {"main": "Ember Warden", "secondary": ["Cinder Imp"],
                      "states": {"Ember Warden": ["freeze", "poison", "immunity"], "Cinder Imp": ["stun", "invincibility"]}}})
    t.do("next")
    h = t.p("p1")["heroes"]
    assert h["Ember Warden"]["states"] == ["immunity", "poison"]
    assert h["Cinder Imp"]["states"] == ["invincibility"]


def test_VIR_PHASE_END_02_freeze_on_enemy_lasts_their_turn(table):
    """VIR-PHASE-END-02."""
    t = table({"active": "p1", "p1": {"main": "Frost Warden", "crystals": ["blue", "blue"]},
               "p2": {"main": "Cinder Imp", "crystals": ["red"]}, "phase": "combat"})
    t.do("attack p2 Ice Lance", "next", "next")
    assert t.d["active"] == "p2"
    assert "freeze" in t.p("p2")["heroes"]["Cinder Imp"]["states"]
    t.do("next")
    assert not any(a.startswith("attack") for a in t.legal())
    t.do("next", "next")
    assert "freeze" not in t.p("p2")["heroes"]["Cinder Imp"]["states"]


def test_VIR_PHASE_END_04_05_hand_limit(table):
    """VIR-PHASE-END-04, VIR-PHASE-END-05."""
    hand = ["Kindle", "Fireball", "Firestorm", "Plunder", "Battle Cry", "Demonic Pact", "Flame Ward", "Backdraft",
            "Quick Study"]
    t = table({"active": "p1", "phase": "secondary", "p1": {"hand": hand, "crystals": ["neutral"]}})
    t.do("cast Quick Study 1")          # 9 cards: no discard yet during the turn
    assert len(t.p("p1")["hand"]) == 9
    t.do("next")
    assert t.d["pending"] == "p1: discard 2 cards (hand limit 7)"
    assert "choose hand:Kindle" in t.legal()
    t.do("choose hand:Kindle", "choose hand:Backdraft")
    p = t.p("p1")
    assert len(p["hand"]) == 7 and p["graveyard"][-2:] == ["Kindle", "Backdraft"]
    assert t.d["active"] == "p2"


def test_VIR_PHASE_MAIN_04_set_trap_in_main(table):
    """VIR-PHASE-MAIN-04."""
    t = table({"active": "p1", "p1": {"hand": ["Tripwire"]}})
    assert "set Tripwire" in t.legal()


def test_VIR_PHASE_SECOND_01_secondary_phase_like_main(table):
    """VIR-PHASE-SECOND-01."""
    t = table({"active": "p1", "phase": "secondary",
               "p1": {"hand": ["Cinder Imp", "Kindle", "Tripwire", "Red Crystal"], "main": "Ember Warden",
                      "secondary": ["Ash Demon"], "crystals": ["red", "red"]}, "p2": {"main": "Oak Guardian"}})
    legal = t.legal()
    for a in ("play Cinder Imp", "cast Kindle 1", "set Tripwire", "play Red Crystal", "rotate Ash Demon",
              "sacrifice Ember Warden", "sacrifice Ash Demon"):
        assert a in legal
    assert not any(a.startswith("attack") for a in legal)
