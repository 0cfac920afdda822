"""Effects that destroy an enemy's crystals (`destroy N crystals of PLAYERS`): the most valuable go
first, Mauve, then those not consumed, then coloured before Neutral; which coloured ones, the
player whose effect it is chooses when it can matter, as for consuming (VIR-CRYSTAL-09, our reading:
docs/packs/virevolt.md)."""
from __future__ import annotations

CASTER = {"hand": ["Scorched Earth"], "crystals": ["red", "red"]}  # destroy 1 crystal of each enemy


def colours(crystals: list[dict]) -> list[str]:
    return [c["colour"] + (" consumed" if c["consumed"] else "") for c in crystals]


def test_VIR_CRYSTAL_09_the_caster_chooses_which_colour_of_an_enemys_crystals_is_destroyed(table):
    t = table({"active": "p1", "p1": CASTER, "p2": {"crystals": ["red", "blue", "neutral"]}})
    t.do("cast Scorched Earth 1")
    assert t.d["pending"] == "Scorched Earth: which of p2's crystals are destroyed?"
    assert t.legal() == ["choose destroy:red", "choose destroy:blue"]
    t.do("choose destroy:blue")
    assert colours(t.p("p2")["crystals"]) == ["red", "neutral"]
    assert t.p("p2")["graveyard"] == ["Blue Crystal"]


def test_VIR_CRYSTAL_09_mauve_is_destroyed_first_and_nothing_is_asked(table):
    t = table({"active": "p1", "p1": CASTER, "p2": {"crystals": ["red", "mauve", "blue"]}})
    t.do("cast Scorched Earth 1")
    assert t.d["pending"] is None
    assert colours(t.p("p2")["crystals"]) == ["red", "blue"]


def test_VIR_CRYSTAL_09_a_crystal_not_consumed_goes_before_a_consumed_one(table):
    t = table({"active": "p1", "p1": CASTER, "p2": {"crystals": [{"colour": "red", "consumed": True}, "blue"]}})
    t.do("cast Scorched Earth 1")
    assert t.d["pending"] is None
    assert colours(t.p("p2")["crystals"]) == ["red consumed"]


def test_VIR_CRYSTAL_09_nothing_is_asked_when_the_coloured_crystals_are_of_one_colour(table):
    t = table({"active": "p1", "p1": CASTER, "p2": {"crystals": ["neutral", "green", "green"]}})
    t.do("cast Scorched Earth 1")
    assert t.d["pending"] is None
    assert colours(t.p("p2")["crystals"]) == ["neutral", "green"]


def test_VIR_CRYSTAL_09_each_enemy_loses_a_crystal_chosen_in_turn_order(table):
    t = table({"active": "p1", "p1": CASTER, "p2": {"crystals": ["green", "red"]},
               "p3": {"crystals": ["blue", "green"]}}, players=3)
    t.do("cast Scorched Earth 1")
    assert t.d["pending"] == "Scorched Earth: which of p2's crystals are destroyed?"
    t.do("choose destroy:red")
    assert t.d["pending"] == "Scorched Earth: which of p3's crystals are destroyed?"
    t.do("choose destroy:green")
    assert colours(t.p("p2")["crystals"]) == ["green"]
    assert colours(t.p("p3")["crystals"]) == ["blue"]
