"""Slots: places of one card, kept in ``state.slots`` by a pack's Layout, read and moved by name
like any zone, and saved as zones of zero or one card."""
import json

import pytest

from tabletop.framework.errors import StateError
from tabletop.framework.state import EMPTY, Layout, State
from tabletop.framework.zones import move, put, take

LAYOUT = Layout(("seat1", "seat2"), tables=lambda cards: ("tables of", len(cards))).register("test-slots")


class Card:
    def __init__(self, name: str) -> None:
        self.name = name


CARDS = [Card("Ace"), Card("King"), Card("Queen")]
INDEX = {c.name: c for c in CARDS}


def fresh() -> State:
    s = State("test-slots", list(CARDS), 1, 7, LAYOUT)
    s.zones["hand"] = [0, 1]
    s.zones["pile"] = [2]
    return s


def test_a_slot_starts_empty_and_reads_as_a_place_of_at_most_one_card():
    s = fresh()
    assert s.slots == [EMPTY, EMPTY]
    assert s.cards_in("seat1") == ()
    s.slots[LAYOUT.index["seat1"]] = 1
    assert s.cards_in("seat1") == (1,)
    assert s.holds("seat1", 1) and not s.holds("seat2", 1) and not s.holds("nowhere", 1)
    assert s.zone_of(1) == "hand" and s.zone_of(2) == "pile"
    s.zones["hand"].remove(1)
    assert s.zone_of(1) == "seat1"
    assert dict(s.places()) == {"hand": [0], "pile": [2], "seat1": (1,), "seat2": ()}


def test_cards_move_between_zones_and_slots_by_name():
    s = fresh()
    move(s, 1, "hand", "seat2")
    assert s.cards_in("seat2") == (1,) and s.zones["hand"] == [0]
    move(s, 1, "seat2", "pile", bottom=True)
    assert s.cards_in("seat2") == () and s.zones["pile"] == [1, 2]


def test_a_slot_holds_one_card_and_gives_up_only_its_own():
    s = fresh()
    put(s, "seat1", 0)
    with pytest.raises(ValueError, match="already holds"):
        put(s, "seat1", 1)
    with pytest.raises(ValueError, match="not in seat1"):
        take(s, "seat1", 1)
    take(s, "seat1", 0)
    assert s.cards_in("seat1") == ()


def test_a_slot_is_saved_as_a_zone_and_read_back_into_its_slot():
    s = fresh()
    move(s, 0, "hand", "seat2")
    data = json.loads(json.dumps(s.to_json()))
    assert data["zones"] == {"hand": [1], "pile": [2], "seat1": [], "seat2": [0]}
    back = State.from_json(data, INDEX)
    assert back.layout is LAYOUT and back.slots == s.slots and back.zones == s.zones
    assert back.to_json() == s.to_json()


def test_a_state_read_back_gets_the_tables_its_layout_makes_and_a_copy_shares_them():
    s = fresh()
    back = State.from_json(json.loads(json.dumps(s.to_json())), INDEX)
    assert back.tables == ("tables of", 3)
    assert back.clone().tables is back.tables


def test_a_saved_slot_with_two_cards_is_refused():
    data = fresh().to_json()
    data["zones"]["seat1"] = [0, 1]
    with pytest.raises(StateError, match="seat1 holds one card at most, not 2"):
        State.from_json(data, INDEX)


def test_a_copy_has_slots_of_its_own():
    s = fresh()
    c = s.clone()
    put(c, "seat1", 2)
    assert s.cards_in("seat1") == () and c.cards_in("seat1") == (2,)
