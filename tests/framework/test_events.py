"""Events and their renderings per seat: the one place where what each seat may know is decided."""
from __future__ import annotations

import json

from tabletop.framework.narration import Card, Cards, Event, EventLog, narrate, recording
from tabletop.framework.game import Game
from tabletop.framework.state import player_name
from tests.framework.toy import Tally


class HiddenTally(Tally):
    """Tally whose hands and decks are secret (the toy game itself shows everything)."""

    def hidden_pools(self, state, player):
        me = player_name(player)
        return [[f"{player_name(p)}.hand", f"{player_name(p)}.deck"] for p in range(state.nplayers)
                if p != player] + [[f"{me}.deck"]]


def test_a_card_narrated_in_a_secret_zone_is_named_only_to_the_seats_that_see_it():
    rules = HiddenTally()
    log = EventLog(rules)
    with recording(log):
        state = rules.setup({}, seed=3)
    iid = state.zones["p2.hand"][0]
    narrate(state, "set", "{p} sets {card} face down", p="p2", card=Card(iid, "a trap"))
    e = log.events[-1]
    name = state.cards[iid].name
    assert e.render(1) == f"p2 sets {name} face down"
    assert e.render(0) == "p2 sets a trap face down"
    assert e.render(None) == "p2 sets a trap face down"
    assert e.for_viewer(0)["cards"] == [] and e.for_viewer(1)["cards"] == [name]


def test_a_card_that_left_a_public_place_is_named_to_those_who_saw_it_there():
    rules = HiddenTally()
    log = EventLog(rules)
    with recording(log):
        state = rules.setup({}, seed=3)
    iid = state.zones["p1.hand"][0]
    state.zones["p1.hand"].remove(iid)
    state.zones["p1.discard"].append(iid)
    state.zones["p1.discard"].remove(iid)
    state.zones["p1.hand"].append(iid)
    narrate(state, "bounce", "{card} returns to p1's hand", card=Card(iid, came_from="p1.discard"))
    assert log.events[-1].render(1) == f"{state.cards[iid].name} returns to p1's hand"


def test_a_draw_names_the_cards_to_the_drawer_and_counts_them_for_the_others():
    rules = HiddenTally()
    game = Game(rules, {}, seed=5)
    draws = [e for e in game.events if e.kind == "draw"]
    assert draws, "setup and the first draw phase are narrated"
    first = draws[0]
    assert first.render(0).startswith("p1 draws ") and first.render(1) == "p1 draws 2 cards"
    assert first.render(None) == "p1 draws 2 cards"


def test_the_game_records_what_happened_and_undo_or_loading_replays_the_same_events(tmp_path):
    rules = HiddenTally()
    game = Game(rules, {}, seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    before = [e.to_json() for e in game.events]
    assert any(e["kind"] == "turn" for e in before)
    loaded = Game.from_save(json.loads(json.dumps(game.to_save())), lambda name: rules)
    assert [e.to_json() for e in loaded.events] == before
    game.apply(game.legal_actions()[0])
    if game.can_undo():
        game.undo()
        assert [e.to_json() for e in game.events] == before
    assert all(e.step <= len(game.log) for e in game.events)


def test_every_action_is_shown_at_least_to_its_mover():
    rules = HiddenTally()
    game = Game(rules, {}, seed=2)
    for _ in range(10):
        mover = game.state.to_move()
        first = len(game.events)
        game.apply(game.legal_actions()[-1])
        assert any(e.render(mover) for e in game.events[first:] if e.actor == mover)


def test_an_event_round_trips_through_json_and_a_seat_never_receives_hidden_names():
    rules = HiddenTally()
    game = Game(rules, {}, seed=5)
    for e in game.events:
        assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
    secret = next(e for e in game.events if e.kind == "draw" and e.render(1) != e.render(0))
    shown = secret.for_viewer(1)
    assert shown["text"] == "p1 draws 2 cards" and shown["cards"] == []
    assert set(secret.for_viewer(0)["cards"]) == set(secret.args["cards"].names)


def test_a_copy_of_a_recorded_state_narrates_nothing():
    rules = HiddenTally()
    game = Game(rules, {}, seed=5)
    copy = game.state.clone()
    assert copy.log is None and game.state.log is game.record
    n = len(game.events)
    rules.apply(copy, rules.legal_actions(copy)[0])
    assert len(game.events) == n


def test_the_default_visibility_comes_from_the_hidden_pools():
    rules = HiddenTally()
    state = rules.setup({}, seed=1)
    assert rules.zone_seen_by(state, "p1.hand") == frozenset({0})
    assert rules.zone_seen_by(state, "p1.deck") == frozenset()
    assert rules.zone_seen_by(state, "p1.discard") is None


def test_several_cards_are_named_only_if_every_one_may_be_seen():
    rules = HiddenTally()
    log = EventLog(rules)
    with recording(log):
        state = rules.setup({}, seed=3)
    mixed = [state.zones["p1.hand"][0], state.zones["p2.hand"][0]]
    narrate(state, "x", "{cards}", cards=Cards(mixed))
    assert log.events[-1].render(0) == "2 cards" and log.events[-1].render(1) == "2 cards"
