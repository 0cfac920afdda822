"""A deck pasted or uploaded in the lobby is checked with the very messages of `tabletop deckcheck`."""
from __future__ import annotations

import pytest

from tabletop.decks import check_deck
from tests.web.conftest import Seat, token

ILLEGAL = """name: Too few
cards:
  Red Crystal: 9
  Not A Card: 1
"""


def test_a_pasted_deck_gets_the_same_report_as_deckcheck(server, tmp_path):
    r = server.client.post("/api/deckcheck", json={"game": "virevolt", "text": ILLEGAL, "filename": "mine.yaml"})
    body = r.json()
    path = tmp_path / "mine.yaml"
    path.write_text(ILLEGAL)
    expected = check_deck("virevolt", str(path)).render().replace(str(path), "mine.yaml")
    assert not body["legal"] and body["text"] == expected
    assert "mine.yaml:4" in body["text"]


def test_a_table_with_an_illegal_pasted_deck_is_not_created(server):
    r = server.client.post("/api/tables", json={"game": "virevolt", "seats": [{"kind": "here"}, {"kind": "bot"}],
                                                "decks": [{"text": ILLEGAL, "filename": "mine.yaml"}, None]})
    assert r.status_code == 400 and "p1's deck" in r.json()["error"] and "mine.yaml" in r.json()["error"]


def test_a_legal_pasted_deck_is_the_deck_played(server):
    from tabletop.framework.packs import registry

    deck_file = registry().get("virevolt").deck_rules().decks()["ember"]
    text = deck_file.read_text()
    r = server.client.post("/api/deckcheck", json={"game": "virevolt", "text": text, "filename": "ember.yaml"})
    assert r.json()["legal"]
    links = server.table("virevolt", [{"kind": "here"}, {"kind": "bot"}], seed=3,
                         decks=[{"text": text, "filename": "ember.yaml"}, "tide"])
    a = Seat(server, links["table"], token(links["seats"][0]))
    cards = check_deck("virevolt", str(deck_file)).cards
    assert set(a.last["view"]["players"]["p1"]["hand"]) <= set(cards)


@pytest.mark.parametrize("filename, label", [
    ("..", "deck.yaml"), ("a\0b.yaml", "deck.yaml"), (5, "deck.yaml"), (["mine.yaml"], "deck.yaml"),
    ("x" * 400, "x" * 299 + "…"), ('my "best" \\ deck.yaml', 'my "best" \\ deck.yaml'), ("../../etc/mine.yaml", "mine.yaml"),
])
def test_an_uploaded_decks_name_is_only_a_label_of_its_report(server, filename, label):
    """The deck was written to a file of the browser's naming: '..', a NUL, 400 characters, a
    number, or a quote in the name (spliced raw into the report's JSON) were server errors."""
    r = server.client.post("/api/deckcheck", json={"game": "virevolt", "text": ILLEGAL, "filename": filename})
    assert r.status_code == 200, r.text
    assert f"{label}:4" in r.json()["text"] and r.json()["report"]["file"] == label


@pytest.mark.parametrize("text, said", [
    (5, "'text' is the deck's text, not the whole number 5"),
    (["Pyra"], "'text' is the deck's text, not a list"),
    ("  \n", "the deck is empty"),
])
def test_a_deck_text_that_is_no_text_is_refused_saying_what_it_is(server, text, said):
    r = server.client.post("/api/deckcheck", json={"game": "virevolt", "text": text})
    assert r.status_code == 400 and said in r.text, r.text
