"""Contents, victory, setup, first-turn options, turn structure and point pools.

Rule ids: VOL-COMP-*, VOL-WIN-01, VOL-SETUP-* (MULL, ROW), VOL-TURN-*, VOL-RES-*
(shared/rules/volfyirion.yaml). Every test names its rule id in its docstring.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tabletop.framework.effects import Decision, IllegalAction, native, push


# Tests of a position name cards of the designed set: they use them through the example
# expansion (examples/volfyirion-designed); the tests of the contents use the pack's own set.
@pytest.fixture
def game(designed_game):
    return designed_game


RULES_MODULE = "tabletop.packs.volfyirion.rules"


def copies(rules, pred) -> Counter:
    """The card set's multiset of names for cards matching ``pred``."""
    out: Counter = Counter()
    for c in base_cards(rules):
        if pred(c):
            out[c.name] += c.copies
    return out


def base_cards(rules) -> list:
    """The base game's cards (variant cards are set aside unless a variant is on, VOL-VAR-01)."""
    return [c for c in rules.cards.cards if not getattr(c, "variant", None)]


def types(rules) -> dict:
    return {c.name: c.type for c in rules.cards.cards}


def asset_zone_names(d) -> Counter:
    return Counter(d["asset_deck"]) + Counter(n for n in d["asset_row"] if n)


def acts(legal, prefix):
    return {a for a in legal if a.startswith(prefix)}


# ---------------------------------------------------------------- contents
def test_VOL_COMP_01_one_dragon_token_on_the_lair(rules):
    """VOL-COMP-01: exactly one Volfyirion token; it sits on the Lair after setup."""
    s = rules.setup({}, 9)
    assert rules.describe(s)["volfyirion"] == "lair"
    assert rules.view(s, 0)["volfyirion"] == "lair" and rules.view(s, 1)["volfyirion"] == "lair"
    # the token is a single position, not a card: no card of the set is the dragon itself
    assert not [c for c in base_cards(rules) if c.name == "Volfyirion"]


def test_VOL_COMP_02_one_lair_with_two_wonder_spaces(rules):
    """VOL-COMP-02: exactly one Lair card; in the two-player game it shows 2 Wonder spaces."""
    assert sum(c.copies for c in base_cards(rules) if c.type == "lair") == 1
    s = rules.setup({}, 4)
    assert len(s.cards_in("lair_card")) == 1
    d = rules.describe(s)
    assert len(d["lair"]["wonders"]) == 2 and all(d["lair"]["wonders"])
    assert d["lair"]["owner"] is None


def test_VOL_COMP_03_six_cities_three_each_8_9_10(rules):
    """VOL-COMP-03: 6 City cards, three per player, defences 8, 9 and 10."""
    assert sum(copies(rules, lambda c: c.type == "city").values()) == 6
    d = rules.describe(rules.setup({}, 2))
    for p in ("p1", "p2"):
        assert sorted(d[p][f"city{i}"]["printed"] for i in (1, 2, 3)) == [8, 9, 10]


def test_VOL_COMP_04_twelve_buildings_all_in_asset_deck_and_row(rules):
    """VOL-COMP-04: 12 Building cards, all in the Asset Deck + Asset Row after setup."""
    buildings = copies(rules, lambda c: c.type == "building")
    assert sum(buildings.values()) == 12
    d = rules.describe(rules.setup({}, 3))
    t = types(rules)
    assert Counter({n: k for n, k in asset_zone_names(d).items() if t[n] == "building"}) == buildings


def test_VOL_COMP_05_fifteen_troops_no_mercenaries(rules):
    """VOL-COMP-05: 15 Troop cards in the base set (Mercenaries are not among them)."""
    troops = copies(rules, lambda c: c.type == "troop")
    assert sum(troops.values()) == 15
    d = rules.describe(rules.setup({}, 3))
    t = types(rules)
    assert Counter({n: k for n, k in asset_zone_names(d).items() if t[n] == "troop"}) == troops
    assert "Mercenary" not in asset_zone_names(d)


def test_VOL_COMP_06_twenty_six_wonders_in_deck_and_lair(rules):
    """VOL-COMP-06: 26 Wonder cards; Wonder Deck + Lair spaces hold all 26 after setup."""
    wonders = copies(rules, lambda c: c.type == "wonder")
    assert sum(wonders.values()) == 26
    d = rules.describe(rules.setup({}, 6))
    assert Counter(d["wonder_deck"]) + Counter(d["lair"]["wonders"]) == wonders


def test_VOL_COMP_07_twenty_starting_cards_two_house_decks(rules):
    """VOL-COMP-07: 16 Prospector + 2 Captain + 2 Diviner, two House Decks, none in the Asset Deck."""
    d = rules.describe(rules.setup({}, 8))
    both = Counter()
    for p in ("p1", "p2"):
        both += Counter(d[p]["hand"] + d[p]["deck"])
    assert both == Counter({"Prospector": 16, "Captain": 2, "Diviner": 2})
    assert not set(asset_zone_names(d)) & {"Prospector", "Captain", "Diviner"}


def test_VOL_COMP_08_thirty_six_command_cards_in_asset_deck(rules):
    """VOL-COMP-08: 36 non-starting Command cards, all in Asset Deck + Row after setup."""
    commands = copies(rules, lambda c: c.type == "command" and not c.starting)
    assert sum(commands.values()) == 36
    d = rules.describe(rules.setup({}, 5))
    t = types(rules)
    assert Counter({n: k for n, k in asset_zone_names(d).items() if t[n] == "command"}) == commands


def test_VOL_COMP_09_asset_deck_63_then_58_after_row(rules):
    """VOL-COMP-09: Asset Deck = 36 + 12 + 15 = 63 cards; 58 remain after the 5-card row."""
    d = rules.describe(rules.setup({}, 12))
    assert len(d["asset_row"]) == 5 and all(d["asset_row"])
    assert len(d["asset_deck"]) == 58
    assert sum(asset_zone_names(d).values()) == 63


def test_VOL_COMP_10_exactly_two_players(rules):
    """VOL-COMP-10: a base game with 1 or 3 players fails with a clear error; 2 players work."""
    for n in (1, 3):
        with pytest.raises(ValueError, match="exactly 2 players"):
            rules.setup({}, 0, n)
    s = rules.setup({}, 0, 2)
    assert s.nplayers == 2 and not s.over


# ---------------------------------------------------------------- win
def test_VOL_WIN_01_last_city_ends_the_game_mid_turn(game, rules):
    """VOL-WIN-01: destroying the last enemy City wins at once, mid-turn; nothing is legal after."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"], "points": {"battle": 12}},
                              "p2": {"cities": [{}, {"destroyed": True}, {"destroyed": True}]}})
    assert not state.over
    d = run("attack p2.city1")
    assert d["over"] is True and d["winner"] == "p1"
    assert d["p1"]["hand"] == ["Prospector"] and d["p1"]["points"]["battle"] == 4  # the turn was not finished
    assert legal() == set()
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("end turn",))


# ---------------------------------------------------------------- setup
def test_VOL_SETUP_01_house_deck_8_1_1(rules):
    """VOL-SETUP-01: each House Deck is 8 Prospector, 1 Captain, 1 Diviner."""
    for first in ("p1", "p2"):
        d = rules.describe(rules.setup({"first": first}, 21))
        for p in ("p1", "p2"):
            assert Counter(d[p]["hand"] + d[p]["deck"]) == Counter({"Prospector": 8, "Captain": 1, "Diviner": 1})


def test_VOL_SETUP_02_house_decks_shuffled_and_order_hidden(rules):
    """VOL-SETUP-02: House Decks are shuffled (seeds differ) and no view shows their order."""
    orders = {tuple(rules.describe(rules.setup({}, seed))["p2"]["deck"]) for seed in range(8)}
    assert len(orders) > 1
    s = rules.setup({}, 1)
    for viewer in (0, 1):
        v = rules.view(s, viewer)
        for p in ("p1", "p2"):
            assert "deck" not in v["players"][p]
        assert v["players"]["p1"]["deck_size"] == 5 and v["players"]["p2"]["deck_size"] == 10
    assert "hand" not in rules.view(s, 1)["players"]["p1"]  # the opponent's hand neither


def test_VOL_SETUP_03_one_shared_asset_deck_of_assets(rules):
    """VOL-SETUP-03: the Asset Deck + Row are exactly the Troop, Building and non-starting Command cards, shared."""
    expected = copies(rules, lambda c: c.type in ("troop", "building", "command") and not c.starting)
    s = rules.setup({}, 13)
    d = rules.describe(s)
    assert asset_zone_names(d) == expected
    assert "asset_deck" not in d["p1"] and "asset_deck" not in d["p2"]
    # both players see the same row and the same deck size
    v0, v1 = rules.view(s, 0), rules.view(s, 1)
    assert v0["asset_row"] == v1["asset_row"] and v0["asset_deck_size"] == v1["asset_deck_size"] == 58


def test_VOL_SETUP_04_wonder_deck_hidden(rules):
    """VOL-SETUP-04: the Wonder Deck is all Wonders, shared, face down: no view shows its order or top."""
    s = rules.setup({}, 14)
    d = rules.describe(s)
    assert Counter(d["wonder_deck"]) + Counter(d["lair"]["wonders"]) == copies(rules, lambda c: c.type == "wonder")
    top = d["wonder_deck"][-1]
    for viewer in (0, 1):
        v = rules.view(s, viewer)
        assert "wonder_deck" not in v and v["wonder_deck_size"] == 24
        assert top not in json.dumps(v)


def test_VOL_SETUP_05_asset_top_face_up_and_follows_changes(game, rules):
    """VOL-SETUP-05: the Asset Deck's top card is visible to both; after a Replace the new top is shown."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"knowledge": 2}},
                              "asset_row": ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"],
                              "asset_deck": ["Wall Guard", "Red Lancers", "Royal Treasury"]})
    assert rules.view(state, 0)["asset_top"] == rules.view(state, 1)["asset_top"] == "Royal Treasury"
    d = run("replace 2")
    assert d["asset_row"][1] == "Royal Treasury"
    assert rules.view(state, 0)["asset_top"] == rules.view(state, 1)["asset_top"] == "Red Lancers"
    s = rules.setup({}, 2)
    assert rules.view(s, 1)["asset_top"] == rules.describe(s)["asset_deck"][-1]


def test_VOL_SETUP_06_hidden_asset_top_option(game, rules):
    """VOL-SETUP-06: with hidden_asset_top, no view reveals the Asset Deck's top card."""
    state, run, legal = game({"active": "p1", "asset_row": ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"],
                              "asset_deck": ["Wall Guard", "Royal Treasury"]},
                             options={"hidden_asset_top": True})
    for viewer in (0, 1):
        v = rules.view(state, viewer)
        assert v["asset_top"] is None and "Royal Treasury" not in json.dumps(v)
    # without the option the same position shows it
    state, run, legal = game({"active": "p1", "asset_deck": ["Wall Guard", "Royal Treasury"]})
    assert rules.view(state, 0)["asset_top"] == "Royal Treasury"


def test_VOL_SETUP_07_row_is_the_top_five_of_the_asset_deck(rules, monkeypatch):
    """VOL-SETUP-07: the Asset Row is the top 5 cards of the (shuffled) Asset Deck, face up."""
    monkeypatch.setattr(f"{RULES_MODULE}.shuffle", lambda state, key: None)  # keep the built order
    built = [c.name for c in base_cards(rules)
             if c.type in ("command", "building", "troop") and not c.starting for _ in range(c.copies)]
    s = rules.setup({}, 0)
    d = rules.describe(s)
    assert d["asset_row"] == built[-1:-6:-1]  # row 1 is the card that was on top
    assert d["asset_deck"] == built[:-5]
    assert [e["name"] for e in rules.view(s, 1)["asset_row"]] == d["asset_row"]


def _stack_wonders(monkeypatch, top_first):
    """Make the Wonder Deck's shuffle put ``top_first`` on top, in that order."""
    def fake(state, key):
        if key != "wonder_deck":
            return
        z = state.zones[key]
        picked = []
        for name in top_first:
            iid = next(i for i in z if state.cards[i].name == name)
            z.remove(iid)
            picked.append(iid)
        z.extend(reversed(picked))
    monkeypatch.setattr(f"{RULES_MODULE}.shuffle", fake)


STACK = ["Emerald Horn", "Sharp Qoam", "Void Fluid", "Pure Qoam", "Black Spores"]  # costs 6, 2, 4, 3, 4


def test_VOL_SETUP_08_lair_after_row_with_token_unowned(rules):
    """VOL-SETUP-08: the Lair is in place (unowned) with the dragon on it."""
    s = rules.setup({}, 30)
    d = rules.describe(s)
    assert d["volfyirion"] == "lair" and d["lair"]["owner"] is None
    assert "lair" not in d["p1"] and "lair" not in d["p2"]
    assert d["p1"]["intact"] == 3 and d["p2"]["intact"] == 3  # the Lair is nobody's City


def test_VOL_SETUP_09_lair_takes_first_two_wonders_costing_3_or_less(rules, monkeypatch):
    """VOL-SETUP-09: Wonder Deck stacked [6, 2, 4, 3, 4]: the Lair holds the cost-2 and cost-3 Wonders."""
    _stack_wonders(monkeypatch, STACK)
    d = rules.describe(rules.setup({}, 0))
    assert d["lair"]["wonders"] == ["Sharp Qoam", "Pure Qoam"]


def test_VOL_SETUP_10_rejected_wonders_to_bottom_in_reveal_order(rules, monkeypatch):
    """VOL-SETUP-10: stacked [6, 2, 4, 3, 4]: the 6 and the first 4 go under the deck, each under the
    previous (the 4 lowest); the last 4 stays on top."""
    _stack_wonders(monkeypatch, STACK)
    d = rules.describe(rules.setup({}, 0))
    assert d["wonder_deck"][-1] == "Black Spores"
    assert d["wonder_deck"][:2] == ["Void Fluid", "Emerald Horn"]
    assert len(d["wonder_deck"]) == 24


def test_VOL_SETUP_11_three_intact_empty_cities(rules):
    """VOL-SETUP-11: each player has 3 intact Cities (8, 9, 10 in a line) with no Troop and no Building."""
    d = rules.describe(rules.setup({}, 31))
    for p in ("p1", "p2"):
        assert [d[p][f"city{i}"]["printed"] for i in (1, 2, 3)] == [8, 9, 10]
        for i in (1, 2, 3):
            c = d[p][f"city{i}"]
            assert (c["destroyed"], c["troop"], c["building"], c["defence"]) == (False, None, None, c["printed"])
        assert d[p]["intact"] == 3


def test_VOL_SETUP_12_areas_empty_hand_drawn_only_in_draw_phase(rules):
    """VOL-SETUP-12: discard piles and Playing Areas empty; hands empty but the first player's Draw Phase hand."""
    for first, second in (("p1", "p2"), ("p2", "p1")):
        d = rules.describe(rules.setup({"first": first}, 3))
        for p in ("p1", "p2"):
            assert d[p]["discard"] == [] and d[p]["play"] == []
        assert d[second]["hand"] == [] and len(d[second]["deck"]) == 10
        assert len(d[first]["hand"]) == 5 and len(d[first]["deck"]) == 5  # its first Draw Phase


def test_VOL_SETUP_13_removed_card_never_returns_discarded_does(game):
    """VOL-SETUP-13: a removed Prospector never comes back; discarded cards return through a reshuffle."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker", "Purge"], "deck": [],
                                                     "discard": ["Prospector", "Prospector"]}})
    run("play Shadow Broker", "play Purge", "activate Shadow Broker")
    d = run("choose discard:Prospector")
    assert d["removed"] == ["Prospector"] and d["p1"]["discard"] == ["Prospector"]
    d = run("end turn", "end turn")  # p1 draws from an empty deck: the discard is reshuffled
    assert d["active"] == "p1"
    mine = Counter(d["p1"]["hand"] + d["p1"]["deck"] + d["p1"]["discard"] + d["p1"]["play"])
    assert mine == Counter({"Prospector": 1, "Shadow Broker": 1, "Purge": 1})
    assert sorted(d["p1"]["hand"]) == ["Prospector", "Purge", "Shadow Broker"]
    assert d["removed"] == ["Prospector"]


# ---------------------------------------------------------------- first-turn options
def test_VOL_SETUP_MULL_02_once_whole_hand_before_anything_else(game):
    """VOL-SETUP-MULL-02: mulligan once, whole hand only, and only before any other action."""
    state, run, legal = game({"active": "p1", "first_turn": True,
                              "p1": {"hand": ["Prospector"] * 5, "deck": ["Diviner"] * 5}})
    assert acts(legal(), "mulligan") == {"mulligan"}  # one action: the whole hand, never part of it
    d = run("mulligan")
    assert len(d["p1"]["hand"]) == 5 and Counter(d["p1"]["hand"] + d["p1"]["deck"]) == Counter(
        {"Prospector": 5, "Diviner": 5})
    assert "mulligan" not in legal()  # at most once; the new hand is kept
    # another action first (a free refresh) closes it too
    state, run, legal = game({"active": "p1", "first_turn": True})
    assert "mulligan" in legal()
    run("refresh 1")
    assert "mulligan" not in legal()
    # and so does playing a card
    state, run, legal = game({"active": "p1", "first_turn": True, "p1": {"hand": ["Captain"] * 5}})
    run("play Captain")
    assert "mulligan" not in legal()


_ASKED = native("test:asked before any action", lambda state, ctx: None if "ok" in ctx else Decision(
    ctx["controller"], "a question a card asks", [("choose", "yes")], [True], "ok"))


def test_VOL_SETUP_MULL_02_answering_a_question_is_no_action_of_the_turn(game, rules):
    """VOL-SETUP-MULL-02 (our reading): a question some card asks before the player's first action
    (a Ploy as the Main Phase begins) is answered, and the mulligan stays open: it closes at the
    player's first action, which an answer is not."""
    state, run, legal = game({"active": "p1", "first_turn": True})
    push(state, _ASKED, {"controller": 0})
    rules.settle(state)
    assert legal() == {"choose yes"}
    run("choose yes")
    assert "mulligan" in legal()
    run("end turn")
    assert "mulligan" in legal()  # the second player's own first turn
    run("refresh all")
    assert "mulligan" not in legal()


def test_VOL_SETUP_ROW_02_second_player_refreshes_the_whole_row(game):
    """VOL-SETUP-ROW-02: P2's first turn: 'refresh all' puts the row under the deck and deals the next five."""
    row = ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"]
    deck = ["Wall Guard", "Market Hall", "Night Raid", "Royal Treasury", "Quartermaster", "Field Archivist"]
    state, run, legal = game({"active": "p2", "first_turn": True, "asset_row": row, "asset_deck": deck})
    assert "refresh all" in legal()
    d = run("refresh all")
    assert d["asset_row"] == ["Field Archivist", "Quartermaster", "Royal Treasury", "Night Raid", "Market Hall"]
    assert d["asset_deck"] == row[::-1] + ["Wall Guard"]  # each under the previous: row 5 lowest
    assert d["p2"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}  # free
    assert not acts(legal(), "refresh")  # once


def test_VOL_SETUP_ROW_03_refresh_only_in_own_first_turn_before_acquiring(rules):
    """VOL-SETUP-ROW-03: P1 only ever gets 'refresh N', P2 only 'refresh all'; gone after acquiring and after turn 1."""
    s = rules.setup({"first": "p1"}, 7)

    def legal():
        return {rules.format(a) for a in rules.legal_actions(s)}

    def do(t):
        rules.apply(s, rules.find_action(s, t))

    assert acts(legal(), "refresh") == {f"refresh {i}" for i in range(1, 6)}
    s.counters["p1.command"] = 20
    do("acquire asset 1")
    assert not acts(legal(), "refresh")  # acquiring closes it
    do("end turn")
    assert rules.describe(s)["active"] == "p2"
    assert acts(legal(), "refresh") == {"refresh all"}  # never 'refresh N' for the second player
    do("end turn")
    assert acts(legal(), "refresh") == set()  # P1's second turn
    do("end turn")
    assert acts(legal(), "refresh") == set()  # P2's second turn


def test_VOL_SETUP_ROW_03_refresh_costs_no_knowledge(game):
    """VOL-SETUP-ROW-03: unlike Replace, the free refresh needs and spends no knowledge."""
    state, run, legal = game({"active": "p1", "first_turn": True, "p1": {"points": {"knowledge": 0}}})
    assert "refresh 3" in legal() and "replace 3" not in legal()
    d = run("refresh 3")
    assert d["p1"]["points"]["knowledge"] == 0


def test_VOL_SETUP_ROW_04_all_or_nothing_row_order_closed_by_wonder(game):
    """VOL-SETUP-ROW-04: no partial refresh for P2; old cards to the bottom in row order, each under the
    previous (row 5 lowest, as Replace and the Lair setup do); a Wonder acquisition closes it."""
    row = ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"]
    state, run, legal = game({"active": "p2", "first_turn": True, "asset_row": row,
                              "asset_deck": ["Wall Guard"] * 3 + ["Red Lancers"] * 5})
    assert acts(legal(), "refresh") == {"refresh all"}
    d = run("refresh all")
    assert d["asset_row"] == ["Red Lancers"] * 5 and None not in d["asset_row"]
    assert d["asset_deck"][:5] == row[::-1] and d["asset_deck"][5:] == ["Wall Guard"] * 3
    state, run, legal = game({"active": "p2", "first_turn": True, "p2": {"points": {"battle": 3}},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    assert "refresh all" in legal()
    d = run("acquire wonder 1")
    assert d["pending"] is None and d["p2"]["discard"] == ["Sharp Qoam"]
    assert not acts(legal(), "refresh")


# ---------------------------------------------------------------- turn structure
def test_VOL_TURN_01_first_player_choice(rules):
    """VOL-TURN-01: with first=p2 the first Draw Phase is p2's; first=random is reproducible per seed."""
    d = rules.describe(rules.setup({"first": "p2"}, 5))
    assert d["active"] == "p2" and d["turn"] == 1 and d["phase"] == "main"
    assert len(d["p2"]["hand"]) == 5 and d["p1"]["hand"] == [] and len(d["p1"]["deck"]) == 10
    firsts = [rules.describe(rules.setup({"first": "random"}, s))["active"] for s in range(16)]
    assert set(firsts) == {"p1", "p2"}
    assert firsts == [rules.describe(rules.setup({"first": "random"}, s))["active"] for s in range(16)]


def test_VOL_TURN_02_draw_main_end_then_other_player(rules, monkeypatch):
    """VOL-TURN-02: phases run draw -> main -> end, then the other player's draw -> main."""
    s = rules.setup({"first": "p1"}, 3)
    seen = []
    real = rules.enter_phase

    def spy(state, phase):
        seen.append((phase.name, state.active, len(state.zones[f"p{state.active + 1}.hand"])))
        real(state, phase)

    monkeypatch.setattr(rules, "enter_phase", spy)
    rules.apply(s, rules.find_action(s, "end turn"))
    # entering p1's end; p2's draw (hand still empty) and p2's main (hand of 5)
    assert seen == [("end", 0, 5), ("draw", 1, 0), ("main", 1, 5)]
    assert rules.describe(s)["turn"] == 2 and rules.describe(s)["active"] == "p2"
    seen.clear()
    rules.apply(s, rules.find_action(s, "end turn"))
    assert [(n, a) for n, a, _ in seen] == [("end", 1), ("draw", 0), ("main", 0)]
    assert rules.describe(s)["turn"] == 3


def test_VOL_TURN_03_only_the_active_player_acts(game, rules):
    """VOL-TURN-03: during P1's turn only P1 has actions, decisions included; P2 is shown none."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 2}}, "lair": ["Sharp Qoam"]})
    assert state.to_move() == 0
    run("acquire wonder 1")
    assert state.pending is not None and state.to_move() == 0
    v2 = rules.view(state, 1)
    assert v2["pending"]["player"] == "p1" and "options" not in v2["pending"]
    assert "options" in rules.view(state, 0)["pending"]
    run("skip", "end turn")
    assert state.to_move() == 1 and rules.describe(state)["active"] == "p2"


def test_VOL_TURN_04_no_first_turn_restriction(game):
    """VOL-TURN-04: in turn 1 the first player may attack, acquire, move or defeat Volfyirion if they can pay."""
    state, run, legal = game({"active": "p1", "first_turn": True,
                              "p1": {"points": {"command": 5, "battle": 16, "knowledge": 8}},
                              "asset_row": ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"],
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    assert state.turn == 1 and "mulligan" in legal()
    assert {"attack p2.city1", "defeat volfyirion", "move volfyirion p2.city1", "acquire wonder 1",
            "acquire asset 1"} <= legal()
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] is True and d["p1"]["points"]["battle"] == 8


# ---------------------------------------------------------------- resources
def test_VOL_RES_01_pools_are_separate(game):
    """VOL-RES-01: 0 BP and 20 KP: no attack, but moving the dragon (KP) is legal; 20 CP buys no attack."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"knowledge": 20, "command": 20}}})
    lg = legal()
    assert not acts(lg, "attack") and not acts(lg, "defeat") and not acts(lg, "acquire wonder")
    assert "move volfyirion p2.city1" in lg


def test_VOL_RES_02_command_pays_acquire_and_redeploy(game):
    """VOL-RES-02: exactly the CP cost makes both acquiring and redeploying legal; 0 CP, neither."""
    setup = {"active": "p1", "asset_row": ["Quartermaster", "Purge", "Foundry", "Watchtower", "Catacombs"],
             "p1": {"points": {"command": 3}, "cities": [{"troop": "Wall Guard"}, {}, {}]}}
    state, run, legal = game(setup)
    assert {"acquire asset 1", "redeploy city1 city2"} <= legal()
    d = run("acquire asset 1")
    assert d["p1"]["points"]["command"] == 0 and "redeploy city1 city2" not in legal()
    setup["p1"]["points"] = {"command": 0, "battle": 20, "knowledge": 20}
    state, run, legal = game(setup)
    assert not acts(legal(), "acquire asset") and not acts(legal(), "redeploy")


def test_VOL_RES_03_battle_pays_wonder_attack_defeat(game):
    """VOL-RES-03: 16 BP and no CP/KP: acquire wonder, attack and defeat are legal; acquire asset is not."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 16}},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    lg = legal()
    assert {"acquire wonder 1", "attack p2.city1", "defeat volfyirion"} <= lg
    assert not acts(lg, "acquire asset") and not acts(lg, "replace")
    d = run("attack p2.city3")
    assert d["p1"]["points"] == {"command": 0, "battle": 6, "knowledge": 0}


def test_VOL_RES_04_knowledge_pays_seal_replace_move(game):
    """VOL-RES-04: 8 KP and a cost-2 Wonder in play: seal, replace and move are legal; only KP is spent."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"knowledge": 8}, "play": ["Sharp Qoam"]}})
    assert {"seal p1 Sharp Qoam", "replace 1", "move volfyirion p2.city2"} <= legal()
    d = run("seal p1 Sharp Qoam")
    assert d["p1"]["points"] == {"command": 0, "battle": 1, "knowledge": 6}  # battle 1 = Sharp Qoam's gain
    d = run("replace 1")
    assert d["p1"]["points"] == {"command": 0, "battle": 1, "knowledge": 4}
    assert "move volfyirion p2.city2" not in legal()


def test_VOL_RES_05_points_come_from_card_data(game):
    """VOL-RES-05: a Building (1 CP, 1 KP) gives exactly that; a Troop whose data gives CP gives CP."""
    state, run, legal = game({"active": "p1", "p1": {"cities": [{"building": "Apothecary"}, {}, {}]}})
    assert run()["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 1}
    state, run, legal = game({"active": "p1", "p1": {"cities": [{"troop": "Caravan Escort"}, {}, {}]}})
    assert run()["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0}


def test_VOL_RES_06_full_payment_exact_deduction(game, rules):
    """VOL-RES-06: 7 BP cannot attack a defence-8 City (the pool never goes negative); 9 BP leaves exactly 1."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 7}}})
    assert "attack p2.city1" not in legal()
    with pytest.raises(IllegalAction):
        rules.apply(state, ("attack", "p2.city1"))
    assert state.counters["p1.battle"] == 7 and not rules.describe(state)["p2"]["city1"]["destroyed"]
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 9}}})
    d = run("attack p2.city1")
    assert d["p1"]["points"]["battle"] == 1 and d["p2"]["city1"]["destroyed"]


def test_VOL_RES_07_points_add_up_and_are_usable_at_once(game):
    """VOL-RES-07: 1 CP (Prospector) + 2 CP (Celethe's Law) buy a 3-CP card in the same phase; 0 CP left."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Celethe's Law"]},
                              "asset_row": ["Suicide Mission", None, None, None, None]})
    assert "acquire asset 1" not in legal()
    run("play Prospector")
    assert "acquire asset 1" not in legal()
    d = run("play Celethe's Law")
    assert d["p1"]["points"]["command"] == 3
    d = run("acquire asset 1")
    assert d["p1"]["points"]["command"] == 0 and d["p1"]["discard"] == ["Suicide Mission"]
