"""What a Volfyirion game tells its players as it goes: acquisitions, plays, attacks and
destructions, the dragon's moves and wrath, Ploys revealed, shuffles, turn starts; with the
warnings of the end of the turn and the reasons of refusals."""
from __future__ import annotations

import pytest

from tabletop.framework.effects import IllegalAction
from tabletop.framework.narration import EventLog, recording
from tabletop.framework.packs import registry

RULES = registry().get("volfyirion").rules()


def recorded(setup, seed=0, options=None):
    log = EventLog(RULES)
    with recording(log):
        state = RULES.setup(options or {}, seed)
    RULES.apply_setup(state, setup)
    return state, log


def told(log, viewer=0, since=0, detail=False):
    return [t for e in log.events[since:] if (detail or e.level == 1) for t in [e.render(viewer)] if t]


def do(state, *texts):
    for t in texts:
        RULES.apply(state, RULES.find_action(state, t))


def city(state, p, i):
    return state.cards[state.vars[f"p{p}.cityids"][i - 1]].name


def test_acquisitions_and_plays_are_told_by_name():
    state, log = recorded({"active": "p1", "asset_row": ["Elite Trooper", None, None, None, None],
                           "p1": {"hand": ["Captain", "Elite Trooper"], "points": {"command": 9}}})
    n = len(log.events)
    do(state, "acquire asset 1", "play Captain", "play Elite Trooper city2")
    lines = told(log, 1, n)
    assert "p1 acquires Elite Trooper for 5 command" in lines[0] or "p1 acquires Elite Trooper for" in lines[0]
    assert "p1 plays Captain" in lines
    assert f"p1 plays Elite Trooper into p1.city2 ({city(state, 1, 2)})" in lines


def test_an_attack_and_the_destruction_of_a_city_are_told():
    state, log = recorded({"active": "p1", "p1": {"points": {"battle": 23}},
                           "p2": {"cities": [{"troop": "Elite Trooper"}, {}, {}]}})
    n = len(log.events)
    do(state, "attack p2.city2", "attack p2.city1")
    lines = told(log, 1, n)
    c2, c1 = city(state, 2, 2), city(state, 2, 1)
    assert lines[0] == f"p1 attacks p2.city2 ({c2}) for 9 battle"
    assert lines[1] == f"p2.city2 ({c2}) is destroyed"
    assert lines[2].startswith(f"p1 attacks p2.city1 ({c1}) for ")
    assert "Elite Trooper (p2.city1 troop) is removed from the game" in lines


def test_VOL_CARD_06_a_troop_played_over_another_tells_the_old_one_is_removed():
    state, log = recorded({"active": "p1", "p1": {"hand": ["Elite Trooper"],
                                                  "cities": [{"troop": "Elite Trooper"}, {}, {}]}})
    n = len(log.events)
    do(state, "play Elite Trooper city1")
    lines = told(log, 2, n)
    assert lines[0] == f"p1 plays Elite Trooper into p1.city1 ({city(state, 1, 1)})"
    assert lines[1] == "Elite Trooper (p1.city1 troop) is removed from the game"

def test_VOL_END_04_the_dragon_moves_and_its_wrath_are_told():
    state, log = recorded({"active": "p1", "p1": {"points": {"knowledge": 8}}, "p2": {"hand": [], "deck": []}})
    n = len(log.events)
    do(state, "move volfyirion p2.city3", "end turn")
    c3 = city(state, 2, 3)
    assert f"p1 pays 8 knowledge: Volfyirion moves onto p2.city3 ({c3})" in told(log, 1, n)
    do(state, "end turn")
    lines = told(log, 1, n)
    assert "turn 2: p2 to play" in lines or any(t.startswith("turn ") and "p2 to play" in t for t in lines)
    assert "Volfyirion's wrath: the City under it falls at the end of p2's turn" in lines
    assert f"p2.city3 ({c3}) is destroyed" in lines and "Volfyirion returns to its Lair" in lines


def test_VOL_VAR_PLOY_02_a_ploy_firing_is_revealed_by_name():
    state, log = recorded({"active": "p1", "p1": {"points": {"knowledge": 8}}, "p2": {"ploy": "Mirage City"}},
                          options={"variants": ["ploys"]})
    assert not any("Mirage City" in t for t in told(log, 0, detail=True))
    n = len(log.events)
    do(state, "move volfyirion p2.city1")
    lines = told(log, 0, n)
    assert any(t.startswith("p2's Ploy is revealed and removed from the game: Mirage City") for t in lines)
    assert not any("is removed from the game" in t and "Ploy is revealed" not in t for t in lines)  # told once
    assert "Volfyirion returns to its Lair" in lines


def test_a_reshuffle_is_told_and_a_draw_names_cards_to_the_drawer_only():
    state, log = recorded({"active": "p1", "p1": {"hand": [], "deck": ["Captain"], "discard": ["Prospector"] * 6}})
    n = len(log.events)
    do(state, "end turn", "end turn")  # p2's turn passes; p1 draws 5 from a deck of 1
    assert "p1's discard pile is shuffled into p1's deck" in told(log, 0, n)
    mine = [t for t in told(log, 0, n) if t.startswith("p1 draws")]
    theirs = [t for t in told(log, 1, n) if t.startswith("p1 draws")]
    assert mine and "Captain" in " ".join(mine) and theirs and all("Captain" not in t for t in theirs)


def test_the_dragon_warning_gives_the_price_to_pay_and_what_the_player_has():
    state, log = recorded({"active": "p1", "volfyirion": "p1.city2", "p1": {"points": {"battle": 15, "knowledge": 3}}})
    w = " ".join(RULES.warnings(state, 0))
    assert "falls at the end of your turn" in w and "8 knowledge; you have 3" in w and "16 battle; you have 15" in w
    assert RULES.warnings(state, 1) == [] or "falls" not in " ".join(RULES.warnings(state, 1))


def test_VOL_END_04_VOL_END_06_the_end_of_turn_warnings_cite_the_steps_they_warn_of():
    """The lapse of points is step 3 (VOL-END-04), the dragon's wrath step 5 (VOL-END-06), and
    saving the City is VOL-MOVE-06: a player who types ``rule ID`` reads the rule warned of."""
    state, log = recorded({"active": "p1", "volfyirion": "p1.city2", "p1": {"points": {"command": 2}}})
    lapse, wrath = (next(w for w in RULES.warnings(state, 0) if key in w)
                    for key in ("unspent points", "Volfyirion is on your"))
    assert lapse.endswith("(VOL-END-04)")
    assert wrath.endswith("(VOL-END-06, VOL-MOVE-06)")


@pytest.mark.parametrize("text,why", [
    ("attack p2.city1", "needs 8 battle; you have 1"),
    ("move volfyirion p2.city1", "needs 8 knowledge; you have 0"),
    ("defeat volfyirion", "needs 16 battle; you have 1"),
    ("play Diviner", "there is no Diviner in your hand"),
])
def test_a_refusal_says_why_with_the_numbers(text, why):
    state, log = recorded({"active": "p1", "p1": {"hand": ["Captain"], "points": {"battle": 1}}})
    with pytest.raises(IllegalAction) as e:
        RULES.find_action(state, text)
    assert why in str(e.value) and "not legal now" not in str(e.value)


def test_acquire_takes_a_card_name_too():
    state, log = recorded({"active": "p1", "asset_row": [None, None, "Elite Trooper", None, None],
                           "p1": {"points": {"command": 9}}})
    assert RULES.find_action(state, "acquire elite trooper") == ("acquire asset", 3)
    with pytest.raises(IllegalAction) as e:
        RULES.find_action(state, "acquire Captain")
    assert "not in the Asset Row" in str(e.value) and "did you mean 'acquire'" not in str(e.value)


def test_an_effect_that_seals_and_unseals_tells_whose_wonder():
    import tabletop

    state, log = recorded({"active": "p1", "p1": {"play": ["Sharp Qoam"], "sealed": ["Sharp Qoam"]},
                           "p2": {"play": ["Glowing Fungii"]}})
    n = len(log.events)
    tabletop.run_effect(state, "seal each enemy wonder; unseal your wonders", 0)
    assert told(log, since=n) == ["p2's Glowing Fungii is sealed", "p1's Sharp Qoam is unsealed"]
    assert state.log is log  # run_effect works on a copy, and the game is still watched after it


DESIGNED = """
- {name: Patron, type: command, house: turquoise, cost: 5,
   secondary: "look at the top 2 cards of the asset deck; acquire one of them for free; put the rest at the bottom of the asset deck"}
- {name: Martyr Squad, type: troop, house: red, cost: 3, defence: 2,
   abilities: ["when this troop is destroyed, gain 2 command"]}
"""


def designed_rules(tmp_path):
    cards = tmp_path / "designed.yaml"
    cards.write_text(DESIGNED)
    return registry().get("volfyirion").with_cards([cards]).rules()


def test_a_card_acquired_by_an_effect_is_told_to_both_players(tmp_path):
    """An acquisition by an effect was silent: the opponent never learnt the card was taken."""
    rules = designed_rules(tmp_path)
    log = EventLog(rules)
    with recording(log):
        state = rules.setup({}, 0)
    rules.apply_setup(state, {"active": "p1", "asset_deck": ["Barter", "Stab", "Elite Trooper", "Library"],
                              "p1": {"hand": ["Patron"]}})
    n = len(log.events)
    for t in ("play Patron", "activate Patron", "choose asset_deck:Elite Trooper", "yes"):
        rules.apply(state, rules.find_action(state, t))
    assert "p1 acquires Elite Trooper for free" in told(log, 1, n)
    assert "p1 acquires Elite Trooper for free" in told(log, 0, n)


def test_points_a_triggered_ability_gives_are_told_with_their_card(tmp_path):
    rules = designed_rules(tmp_path)
    log = EventLog(rules)
    with recording(log):
        state = rules.setup({}, 0)
    rules.apply_setup(state, {"active": "p2", "p1": {"cities": [{"troop": "Martyr Squad"}, {}, {}]},
                              "p2": {"points": {"battle": 20}}})
    n = len(log.events)
    rules.apply(state, rules.find_action(state, "attack p1.city1"))
    assert "p1 gains 2 command from Martyr Squad" in told(log, 1, n, detail=True)
