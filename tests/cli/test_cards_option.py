"""Trying a card without a plugin: --cards on play, simulate, deckcheck and cards show, and
card_files in deck files (issue 11)."""
from __future__ import annotations

from pathlib import Path

from tests.cli.test_cli import tabletop

VOL_CARD = """\
- name: Muster Call
  type: command
  house: red
  cost: 3
  secondary: gain 1 battle for each troop in your cities
"""
VIR_CARD = """\
- name: Legion Caller
  type: hero
  colour: red
  hp: 5
  rotation: 1 neutral
  sacrifice: 1 red
  attacks:
    - {name: Rally Strike, cost: 1 red, effect: "deal 1 damage to the target for each hero you control"}
"""
DECK = """\
name: Legion
card_files: [mine.yaml]
cards:
  Legion Caller: 2
  Cinder Imp: 2
  Ember Warden: 2
  Ash Demon: 2
  Blaze Duelist: 2
  Pyre Captain: 2
  Red Crystal: 14
  Neutral Crystal: 4
"""


def test_cards_show_finds_a_card_of_a_file(tmp_path: Path):
    f = tmp_path / "mine.yaml"
    f.write_text(VOL_CARD)
    r = tabletop("cards", "show", "volfyirion", "Muster", "Call", "--cards", str(f))
    assert r.returncode == 0, r.stderr
    assert "gain 1 battle for each troop in your cities" in r.stdout


def test_cards_list_includes_the_file_s_cards(tmp_path: Path):
    f = tmp_path / "mine.yaml"
    f.write_text(VOL_CARD)
    r = tabletop("cards", "list", "volfyirion", "--cards", str(f))
    assert r.returncode == 0 and "Muster Call" in r.stdout


def test_a_broken_card_file_is_a_located_error(tmp_path: Path):
    f = tmp_path / "mine.yaml"
    f.write_text(VOL_CARD.replace("gain 1 battle", "gane 1 battle"))
    r = tabletop("cards", "list", "volfyirion", "--cards", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "mine.yaml:5:" in r.stderr and "did you mean: 'gain'" in r.stderr


def test_a_missing_card_file_is_named(tmp_path: Path):
    r = tabletop("cards", "list", "volfyirion", "--cards", str(tmp_path / "nope.yaml"))
    assert r.returncode == 1 and "nope.yaml: no such card file" in r.stderr


def test_deckcheck_accepts_cards_of_a_file(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(VIR_CARD)
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("card_files: [mine.yaml]\n", ""))
    r = tabletop("deckcheck", "virevolt", str(deck))
    assert r.returncode == 1 and "unknown card 'Legion Caller'" in r.stdout
    r = tabletop("deckcheck", "virevolt", str(deck), "--cards", str(tmp_path / "mine.yaml"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "legal deck 'Legion': 30 cards" in r.stdout


def test_a_deck_names_its_own_card_files(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(VIR_CARD)
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK)
    r = tabletop("deckcheck", "virevolt", str(deck))
    assert r.returncode == 0, r.stdout + r.stderr


def test_play_with_a_deck_of_new_cards(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(VIR_CARD)
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK)
    r = tabletop("play", "virevolt", "--deck", str(deck), "--seed", "11", "--vs", "random", input="quit\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_play_volfyirion_with_cards_in_the_asset_deck(tmp_path: Path):
    f = tmp_path / "mine.yaml"
    f.write_text(VOL_CARD.replace("copies", "x") + "  copies: 30\n")
    r = tabletop("play", "volfyirion", "--cards", str(f), "--seed", "2", input="quit\n")
    assert r.returncode == 0, r.stderr
    assert "Muster Call" in r.stdout  # thirty copies in the Asset Deck: the row shows some


def test_simulate_with_cards_runs_on_workers(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(VIR_CARD)
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK)
    r = tabletop("simulate", "virevolt", "-n", "4", "--bots", "greedy,random", "--deck", str(deck),
                 "--deck", "ember", "--workers", "2")
    assert r.returncode == 0, r.stderr
    assert "4 games" in r.stdout


def test_simulate_with_cards_given_on_the_command_line_and_a_deck_of_them(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(VIR_CARD)
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("card_files: [mine.yaml]\n", ""))  # the deck relies on --cards alone
    r = tabletop("simulate", "virevolt", "-n", "2", "--deck", str(deck), "--deck", str(deck),
                 "--cards", str(tmp_path / "mine.yaml"), "--workers", "1")
    assert r.returncode == 0, r.stderr
    assert "2 games" in r.stdout
