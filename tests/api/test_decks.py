"""check_deck applies the deckcheck rules to a deck however it is given, and so does a game."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import tabletop

DECKS = Path(__file__).parents[1] / "virevolt" / "decks"


def _problems(report):
    return sorted((p["kind"], p["message"]) for p in report.problems)


def _mapping_decks() -> list[str]:
    """The test deck files whose YAML is a mapping: those a program could also hold as a dict
    (a top-level list means one name per copy in Python, and a file that is no YAML has no data),
    but for those naming ``card_files`` beside them, which data held in memory has no folder to find."""
    out = []
    for p in sorted(DECKS.glob("*.yaml")):
        try:
            data = yaml.safe_load(p.read_text("utf-8"))
            if isinstance(data, dict) and "card_files" not in data:
                out.append(p.name)
        except yaml.YAMLError:
            continue
    return out


@pytest.mark.parametrize("file", _mapping_decks())
def test_a_deck_as_a_mapping_gets_the_verdict_and_problems_of_its_file(file):
    data = yaml.safe_load((DECKS / file).read_text("utf-8"))
    from_file = tabletop.check_deck("virevolt", DECKS / file)
    as_data = tabletop.check_deck("virevolt", data)
    if from_file.verdict == "unusable":
        assert as_data.verdict == "unusable"
        return
    assert as_data.verdict == from_file.verdict
    duplicates = {p["kind"] for p in from_file.problems} & {"listed-twice", "bad-name", "bad-count"}
    if not duplicates:  # a mapping cannot list a card twice, and YAML already typed the counts
        assert _problems(as_data) == _problems(from_file)
    assert as_data.cards == from_file.cards


def test_a_deck_as_a_list_of_card_names_gets_the_same_rules():
    """Stumble: an in-memory deck list skipped the deck rules (31 cards, 3 copies of a hero accepted)."""
    legal = tabletop.check_deck("virevolt", "ember")
    assert legal.verdict == "legal"
    cards = list(legal.cards)
    hero = next(c for c in cards if tabletop.load("virevolt").cards[c].type == "hero")
    bad = cards + [hero] * (3 - cards.count(hero))
    report = tabletop.check_deck("virevolt", bad)
    assert report.verdict == "illegal"
    kinds = {p["kind"] for p in report.problems}
    assert kinds == {"deck-size", "too-many-copies"}
    assert report.exit_code == 1 and f"{hero}: 3 copies" in report.render()


def test_a_game_refuses_an_illegal_deck_given_as_data():
    """Stumble: decks given as an option skipped the deck rules entirely."""
    cards = list(tabletop.check_deck("virevolt", "ember").cards)
    with pytest.raises(tabletop.OptionError, match="exactly 30 cards; this one has 31"):
        tabletop.load("virevolt", decks=[cards + ["Red Crystal"], "tide"])
    game = tabletop.load("virevolt", decks=[{"name": "mine", "cards": {"Red Crystal": 20, "Ember Warden": 2,
                                                                          "Pyre Captain": 2, "Fireball": 2,
                                                                          "Flame Ward": 2, "Cinder Imp": 2}}, "tide"])
    state = game.new_state(1)
    assert sorted(c.name for c in state.cards[:30]).count("Red Crystal") == 20


def test_check_deck_takes_a_path_a_name_or_data_and_reports_unusable_input():
    assert tabletop.check_deck("virevolt", str(DECKS / "legal.yaml")).verdict == "legal"
    assert tabletop.check_deck("virevolt", 42).verdict == "unusable"
    assert tabletop.check_deck("virevolt", {"cards": {}}).verdict == "unusable"
    assert tabletop.check_deck("virevolt", {"cards": {"Red Crystal": "many"}}).problems[0]["kind"] == "bad-count"
    with pytest.raises(tabletop.Error, match="no deck construction"):
        tabletop.check_deck("volfyirion", {})


@pytest.mark.parametrize("decks", [["ember", "tide", "grove"], "ember,tide,grove"])
def test_more_decks_than_players_is_refused_not_silently_cut(decks):
    with pytest.raises(tabletop.OptionError, match="3 decks for 2 players"):
        tabletop.load("virevolt", players=2, decks=decks)
