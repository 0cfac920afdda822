"""Pending decisions: a choice in the middle of an effect is the next action, for whoever must make it."""
from tests.framework.toy import Tally


def _give(state, player, name):
    """Put a new copy of card ``name`` into a player's hand."""
    state.cards.append(next(c for c in state.cards if c.name == name))
    state.zones[f"p{player + 1}.hand"].append(len(state.cards) - 1)


def test_an_effect_stops_at_a_decision_and_offers_only_its_answers():
    rules = Tally()
    s = rules.setup({}, seed=2)
    _give(s, 0, "Fork")
    rules.apply(s, ("play", "Fork"))
    assert s.pending is not None and s.to_move() == 0
    assert rules.legal_actions(s) == [("choose", "me"), ("choose", "nobody")]


def test_the_answer_resumes_the_effect():
    rules = Tally()
    s = rules.setup({}, seed=2)
    _give(s, 0, "Fork")
    rules.apply(s, ("play", "Fork"))
    rules.apply(s, ("choose", "me"))
    assert s.pending is None and s.counters["p1.tally"] == 2


def test_a_decision_can_belong_to_the_player_whose_turn_it_is_not():
    rules = Tally()
    s = rules.setup({}, seed=4)
    _give(s, 0, "5")
    _give(s, 1, "Echo")
    rules.apply(s, ("play", "5"))
    assert s.active == 0 and s.to_move() == 1
    assert rules.legal_actions(s) == [("yes",), ("no",)]
    rules.apply(s, ("yes",))
    assert s.counters["p2.tally"] == 1 and s.to_move() == 0
