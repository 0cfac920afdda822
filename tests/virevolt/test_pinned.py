"""Behaviours a mutation run found unpinned (benchmarks/mutation.py): each one a rule that no test
checked before, named with its rule id."""
from __future__ import annotations

from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt.crystals import assignment, parse_cost


def _p1_state_phase(table, p1: dict):
    """p2 ends its turn; p1's Draw and State Phases run; p1 is in its Main Phase."""
    p1 = {"deck": ["Kindle"] * 3, **p1}
    t = table({"active": "p2", "phase": "secondary", "p1": p1, "p2": {"main": "Oak Guardian"}})
    t.do("next")
    assert t.d["active"] == "p1" and t.d["phase"] == "main"
    return t


def test_VIR_HERO_10_a_regeneration_power_heals_in_its_owners_state_phase(table):
    t = _p1_state_phase(table, {"main": "Grove Keeper", "damage": {"Grove Keeper": 3}})
    assert t.p("p1")["heroes"]["Grove Keeper"]["damage"] == 2


def test_VIR_STATE_05_immunity_shields_only_the_hero_that_has_it(table):
    t = _p1_state_phase(table, {"main": "Cinder Imp", "secondary": ["Venom Stalker"],
                                "states": {"Cinder Imp": ["immunity", "poison"], "Venom Stalker": ["poison"]}})
    heroes = t.p("p1")["heroes"]
    assert heroes["Cinder Imp"]["damage"] == 0       # immune: its poison does nothing
    assert heroes["Venom Stalker"]["damage"] == 1    # the other hero still loses 1 HP


def test_VIR_INC_02_cast_without_an_effect_number_casts_the_first_effect(table, rules):
    t = table({"active": "p1", "p1": {"hand": ["Mana Surge"], "crystals": ["blue", "blue", "blue"], "deck": ["Kindle"]}})
    rules.apply(t.state, rules.parse("cast Mana Surge"))  # the notation allows leaving the number out
    p = t.p("p1")
    assert p["hand"] == [] and p["graveyard"] == ["Mana Surge"]  # effect 1 draws nothing
    assert sum(c["consumed"] for c in p["crystals"]) == 0          # paid 1 blue, restored 2


def test_VIR_HERO_18_twin_secondaries_are_labelled_and_promoted_without_a_question(table):
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Ember Warden", "crystals": ["red", "red"]},
               "p1": {"main": "Cinder Imp", "secondary": ["Venom Stalker", "Venom Stalker"]}})
    assert set(t.p("p1")["heroes"]) == {"Cinder Imp", "Venom Stalker #1", "Venom Stalker #2"}
    t.do("attack p1 Flame Lash")  # 3 damage: Cinder Imp (3 HP) dies
    d = t.d
    assert d["pending"] is None  # identical twins: no choice to make
    assert t.p("p1")["main"] == "Venom Stalker" and t.p("p1")["secondary"] == ["Venom Stalker"]


def test_VIR_HERO_18_twins_that_differ_are_a_choice_by_label(table):
    t = table({"active": "p2", "phase": "combat", "p2": {"main": "Ember Warden", "crystals": ["red", "red"]},
               "p1": {"main": "Cinder Imp", "secondary": ["Venom Stalker", "Venom Stalker"],
                      "damage": {"Venom Stalker #2": 1}}})
    t.do("attack p1 Flame Lash")
    assert t.d["pending"] == "p1: choose your new main hero"
    assert set(t.legal()) == {"choose Venom Stalker #1", "choose Venom Stalker #2"}
    t.do("choose Venom Stalker #2")
    p1 = t.p("p1")
    assert p1["main"] == "Venom Stalker" and p1["heroes"]["Venom Stalker #1"]["damage"] == 1  # the damaged one is main


def test_VIR_CRYSTAL_05_06_mauve_pays_last_for_a_neutral_symbol():
    # neutral 1 with a red and a mauve crystal: the red one pays, the mauve one is kept
    assert assignment([0, 1, 0, 0, 1], parse_cost("1 neutral")) == [0, 1, 0, 0, 0]
    # a neutral crystal first, then the colour of which most remain (ties: red, blue, green)
    assert assignment([1, 1, 2, 0, 1], parse_cost("2 neutral")) == [1, 0, 1, 0, 0]
    assert assignment([0, 1, 1, 1, 1], parse_cost("1 neutral")) == [0, 1, 0, 0, 0]
    # a green symbol without green crystals takes the mauve one
    assert assignment([0, 1, 0, 0, 1], parse_cost("1 green")) == [0, 0, 0, 0, 1]
    # a colour's own crystals spent on its symbols no longer count for the neutral ones
    assert assignment([0, 2, 2, 0, 0], parse_cost("2 red and 1 neutral")) == [0, 2, 1, 0, 0]
    # and what cannot be paid is said so: a mauve symbol with no mauve crystal
    assert cr.can_pay([2, 2, 2, 2, 0], parse_cost("1 mauve")) is False
    assert assignment([2, 2, 2, 2, 0], parse_cost("1 mauve")) is None


def test_VIR_CRYSTAL_06_pay_refuses_a_cost_it_cannot_pay_and_consumes_nothing(table):
    t = table({"active": "p1", "p1": {"crystals": ["red", "neutral"]}})
    state = t.state
    assert cr.pay(state, 0, parse_cost("1 blue")) is False
    assert cr.available(state, 0) == (1, 1, 0, 0, 0)
    assert cr.pay(state, 0, parse_cost("1 red and 1 neutral")) is True
    assert cr.available(state, 0) == (0, 0, 0, 0, 0)


def test_VIR_PHASE_END_04_a_discard_to_the_hand_limit_takes_one_copy_of_the_card_chosen(table):
    hand = ["Kindle"] * 4 + ["Fireball", "Plunder", "Battle Cry", "Flame Ward", "Backdraft"]
    t = table({"active": "p1", "phase": "secondary", "p1": {"hand": hand}})
    t.do("next")
    assert t.d["pending"] == "p1: discard 2 cards (hand limit 7)"
    t.do("choose hand:Kindle")
    assert t.p("p1")["hand"].count("Kindle") == 3 and t.p("p1")["graveyard"] == ["Kindle"]
    t.do("choose hand:Kindle")
    assert t.p("p1")["hand"].count("Kindle") == 2 and len(t.p("p1")["hand"]) == 7


def test_VIR_PHASE_STATE_01_a_hero_without_poison_or_burn_is_not_hurt_in_the_state_phase(table):
    t = _p1_state_phase(table, {"main": "Cinder Imp", "secondary": ["Venom Stalker"],
                                "states": {"Venom Stalker": ["poison"]}})
    assert t.state.vars.get("hit") == (0,)  # p1's heroes were hurt this turn: the poisoned one only
    assert t.p("p1")["heroes"]["Cinder Imp"]["damage"] == 0
    t = _p1_state_phase(table, {"main": "Cinder Imp"})
    assert "hit" not in t.state.vars  # nobody poisoned or burning: nobody hurt, no 'damaged' event


def test_the_result_of_a_game_gives_every_players_tokens(table, rules):
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Cinder Imp", "crystals": ["red"], "tokens": 4},
               "p2": {"main": "Venom Stalker", "damage": {"Venom Stalker": 2}, "tokens": 1}})
    t.do("attack p2 Scorch")
    assert rules.result(t.state) == {"over": True, "winner": "p1", "turns": t.state.turn,
                                     "tokens": {"p1": 5, "p2": 1},
                                     "reason": "p1 has 5 victory tokens (VIR-WIN-02)"}


def test_VIR_CRYSTAL_09_an_enemys_consume_takes_mauve_and_the_caster_picks_the_colour(table):
    t = table({"active": "p1", "p1": {"hand": ["Mana Drain"], "crystals": ["blue"]},
               "p2": {"crystals": ["neutral", "red", "green", "mauve"]}})
    t.do("cast Mana Drain 1")  # consumes two: the mauve, wherever it lies, and a colour p1 picks
    assert t.legal() == ["choose consume:red", "choose consume:green"]
    t.do("choose consume:green")
    crystals = {c["colour"]: c["consumed"] for c in t.p("p2")["crystals"]}
    assert crystals == {"neutral": False, "red": False, "green": True, "mauve": True}


def test_VIR_CRYSTAL_09_an_enemys_consume_asks_nothing_when_one_colour_is_left(table):
    t = table({"active": "p1", "p1": {"hand": ["Mana Drain"], "crystals": ["blue"]},
               "p2": {"crystals": ["neutral", "red", "red", "neutral"]}})
    t.do("cast Mana Drain 1")  # two reds: the neutrals (which pay only neutral symbols) stay
    assert not any(a.startswith("choose") for a in t.legal())
    assert [c["consumed"] for c in t.p("p2")["crystals"]] == [False, True, True, False]


def test_VIR_CRYSTAL_09_restore_turns_back_mauve_then_the_colour_chosen_and_neutral_last(table):
    t = table({"active": "p1", "p1": {"hand": ["Mana Surge"], "crystals": [
        "blue", {"colour": "neutral", "consumed": True}, {"colour": "mauve", "consumed": True},
        {"colour": "red", "consumed": True}]}})
    t.do("cast Mana Surge 1")  # pays its blue, then restores two: the mauve, and the blue or the red
    assert t.legal() == ["choose restore:red", "choose restore:blue"]
    t.do("choose restore:red")
    crystals = {c["colour"]: c["consumed"] for c in t.p("p1")["crystals"]}
    assert crystals == {"blue": True, "neutral": True, "mauve": False, "red": False}


def test_VIR_CRYSTAL_09_restore_asks_nothing_when_every_consumed_colour_comes_back(table):
    t = table({"active": "p1", "p1": {"hand": ["Mana Surge"], "crystals": [
        "blue", {"colour": "neutral", "consumed": True}, {"colour": "red", "consumed": True}]}})
    t.do("cast Mana Surge 1")  # restores two of the blue, the neutral and the red: both colours
    assert not any(a.startswith("choose") for a in t.legal())
    crystals = {c["colour"]: c["consumed"] for c in t.p("p1")["crystals"]}
    assert crystals == {"blue": False, "neutral": True, "red": False}


def test_VIR_CRYSTAL_06_a_free_cost_is_paid_with_nothing(table):
    t = table({"active": "p1", "p1": {"crystals": ["red"]}})
    assert cr.pay(t.state, 0, cr.ZERO) is True and cr.available(t.state, 0) == (0, 1, 0, 0, 0)


def test_VIR_HERO_03_a_hero_that_left_play_takes_no_more_damage_and_scores_once(table):
    t = table({"active": "p2", "phase": "combat",
               "p2": {"main": "Cinder Imp", "damage": {"Cinder Imp": 2}, "crystals": ["red"]},
               "p1": {"main": "Oak Guardian", "traps": ["Tripwire", "Tripwire"], "crystals": ["neutral", "neutral"]}})
    t.do("attack p1 Scorch", "activate Tripwire")  # 1 damage: the attacker (1 HP left) dies
    assert t.p("p2")["main"] is None and t.p("p1")["tokens"] == 1
    assert "activate Tripwire" in t.legal()  # the window opens again: the second one may answer too
    t.do("activate Tripwire")  # 1 more damage to the attacker, who is in the graveyard now
    assert t.p("p1")["tokens"] == 1 and t.p("p2")["graveyard"] == ["Cinder Imp"]


def test_VIR_HERO_20_a_modifier_of_a_heros_hp_counts_when_it_is_hurt(rules):
    from tabletop.framework.cards import CardCompiler
    from tabletop.framework.packs import registry
    from tests.virevolt.conftest import Table

    pack = registry().get("virevolt")
    fmt = pack.registry.pm.hook.tabletop_card_format(pack="virevolt")
    entry = {"name": "Test Bulwark", "type": "hero", "colour": "green", "hp": 3, "rotation": "1 neutral",
             "sacrifice": "1 green", "abilities": ["your main hero has +2 hp"],
             "attacks": [{"name": "Tap", "cost": "1 green", "effect": "deal 1 damage to the target"}]}
    compiler = CardCompiler("test", entry["name"], 0, {}, [], pack.vocabulary())
    card = compiler.finish(fmt.build(entry, compiler))
    assert not compiler.errors
    r = pack.rules_with([card])
    state = r.setup({}, 0)
    r.apply_setup(state, {"active": "p2", "phase": "combat", "p2": {"main": "Cinder Imp", "crystals": ["red"]},
                          "p1": {"main": "Test Bulwark", "damage": {"Test Bulwark": 2}}})
    t = Table(r, state)
    assert t.p("p1")["heroes"]["Test Bulwark"]["hp"] == 3  # 5 with the modifier, 2 damage
    t.do("attack p1 Scorch")  # 2 more: 4 of 5, alive
    assert t.p("p1")["main"] == "Test Bulwark" and t.p("p1")["heroes"]["Test Bulwark"]["hp"] == 1


def test_VIR_STATE_03_stun_blocks_rotation_from_the_main_hero_too_but_not_from_an_enemy_or_through_immunity(table):
    base = {"main": "Ember Warden", "secondary": ["Cinder Imp"], "crystals": ["neutral", "neutral"]}
    t = table({"active": "p1", "p1": {**base, "states": {"Ember Warden": ["stun"]}}})
    assert "rotate Cinder Imp" not in t.legal()
    t = table({"active": "p1", "p1": base, "p2": {"main": "Oak Guardian", "states": {"Oak Guardian": ["stun"]}}})
    assert "rotate Cinder Imp" in t.legal()  # the enemy's stun is the enemy's
    t = table({"active": "p1", "p1": {**base, "states": {"Ember Warden": ["stun", "immunity"]}}})
    assert "rotate Cinder Imp" in t.legal()  # Immunity suppresses it (VIR-STATE-05)


def test_VIR_STATE_05_an_immune_hero_takes_no_new_harmful_state_but_a_protective_one(table):
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Ember Warden", "crystals": ["red", "red"]},
               "p2": {"main": "Oak Guardian", "states": {"Oak Guardian": ["immunity"]}}})
    t.do("attack p2 Flame Lash")  # 3 damage (2 after armour) and burn: the burn does not take
    assert t.p("p2")["heroes"]["Oak Guardian"]["states"] == ["immunity"]
    assert t.p("p2")["heroes"]["Oak Guardian"]["damage"] == 2


def test_VIR_HERO_20_a_hero_healed_in_full_is_the_same_state_as_one_never_hurt(table):
    """Healing never goes above the printed HP, and leaves no trace: the position saves exactly as one
    where the hero was never hurt (same JSON, same checksum)."""
    from tabletop.packs.virevolt import heroes as hz

    t = table({"active": "p1", "p1": {"main": "Wild Druid", "damage": {"Wild Druid": 2}}})
    hero = t.state.zones["p1.main"][0]
    hz.heal(t.state, hero, 1)
    assert t.state.values[hz.DAMAGE] == {hero: 1}
    hz.heal(t.state, hero, 5)
    assert t.state.values[hz.DAMAGE] == {} and t.p("p1")["heroes"]["Wild Druid"]["hp"] == 6


def test_VIR_CRYSTAL_01_costs_read_and_write_as_the_cards_print_them():
    assert parse_cost(None) == cr.ZERO and parse_cost("free") == cr.ZERO and parse_cost(0) == cr.ZERO
    assert parse_cost("2 red and 1 neutral") == (1, 2, 0, 0, 0) and parse_cost("1 blue, 1 mauve") == (0, 0, 1, 0, 1)
    assert cr.format_cost((1, 2, 0, 0, 1)) == "1 neutral and 2 red and 1 mauve"
    assert cr.format_cost(cr.ZERO) == "free"


def test_VIR_HERO_11_an_attack_its_target_armours_to_nothing_is_no_damage(table):
    """Oak Guardian takes 1 less damage from attacks: a 1-damage Claw leaves it unhurt, and it has not
    'taken damage this turn' (what Patient Sage's text reads)."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Ash Demon", "crystals": ["neutral"]},
               "p2": {"main": "Oak Guardian"}})
    t.do("attack p2 Claw")
    assert t.p("p2")["heroes"]["Oak Guardian"]["damage"] == 0
    assert 1 not in t.state.vars.get("hit", ())


def test_VIR_INC_02_an_effect_dealing_no_damage_hurts_nobody(rules):
    from tabletop.framework.cards import CardCompiler
    from tabletop.framework.packs import registry
    from tests.virevolt.conftest import Table

    pack = registry().get("virevolt")
    fmt = pack.registry.pm.hook.tabletop_card_format(pack="virevolt")
    entry = {"name": "Test Grave Bolt", "type": "incantation", "colour": "red",
             "effects": [{"cost": "1 red", "effect": "deal damage to the enemy main hero equal to the number of cards in your graveyard"}]}
    compiler = CardCompiler("test", entry["name"], 0, {}, [], pack.vocabulary())
    card = compiler.finish(fmt.build(entry, compiler))
    assert not compiler.errors, compiler.errors
    r = pack.rules_with([card])
    state = r.setup({}, 0)
    r.apply_setup(state, {"active": "p1", "p1": {"hand": ["Test Grave Bolt"], "crystals": ["red"]},
                          "p2": {"main": "Oak Guardian"}})
    t = Table(r, state)
    t.do("cast Test Grave Bolt 1")  # an empty graveyard: 0 damage
    assert t.p("p2")["heroes"]["Oak Guardian"]["damage"] == 0 and 1 not in state.vars.get("hit", ())


def test_VIR_HERO_18_the_new_main_hero_is_chosen_at_once_before_the_effect_goes_on(table):
    """Wildfire kills the main hero; the promotion between two different secondaries is asked at once,
    before 'deal 1 damage to each enemy hero', which then finds the new main hero in its place."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Flame Reaver", "crystals": ["red", "red", "neutral"]},
               "p2": {"main": "Cinder Imp", "secondary": ["Venom Stalker", "Pyre Captain"],
                      "damage": {"Cinder Imp": 1, "Venom Stalker": 3, "Pyre Captain": 4}}})
    t.do("attack p2 Wildfire")
    assert t.d["pending"] == "p2: choose your new main hero" and t.p("p2")["main"] is None
    t.do("choose Venom Stalker")  # then 1 damage to each: both die (1 HP each)
    assert t.d["pending"] is None and t.p("p2")["main"] is None and t.p("p2")["secondary"] == []
    assert t.p("p1")["tokens"] == 3


def test_VIR_HERO_20_healing_nothing_changes_nothing(table):
    from tabletop.packs.virevolt import heroes as hz

    t = table({"active": "p1", "p1": {"main": "Wild Druid"}})
    hz.heal(t.state, t.state.zones["p1.main"][0], 0)
    assert t.state.values[hz.DAMAGE] == {}


def test_a_crystal_played_is_announced_to_the_cards_that_answer_it(rules):
    from tabletop.framework.cards import CardCompiler
    from tabletop.framework.packs import registry
    from tests.virevolt.conftest import Table

    pack = registry().get("virevolt")
    fmt = pack.registry.pm.hook.tabletop_card_format(pack="virevolt")
    entry = {"name": "Test Prospector", "type": "hero", "colour": "blue", "hp": 4, "rotation": "1 neutral",
             "sacrifice": "1 blue", "abilities": ["when you play a crystal: draw a card"],
             "attacks": [{"name": "Tap", "cost": "1 blue", "effect": "deal 1 damage to the target"}]}
    compiler = CardCompiler("test", entry["name"], 0, {}, [], pack.vocabulary())
    card = compiler.finish(fmt.build(entry, compiler))
    assert not compiler.errors, compiler.errors
    r = pack.rules_with([card])
    state = r.setup({}, 0)
    r.apply_setup(state, {"active": "p1", "p1": {"main": "Test Prospector", "hand": ["Blue Crystal"],
                                                 "deck": ["Kindle"]}})
    t = Table(r, state)
    t.do("play Blue Crystal")
    assert t.p("p1")["hand"] == ["Kindle"]
