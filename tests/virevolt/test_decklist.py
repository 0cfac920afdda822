"""The plain-list deck format: read like a YAML deck, located errors, conversion both ways."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tabletop.packs.virevolt.deckcheck import DeckChecker, check_deck, preconstructed

EXE = str(Path(sys.executable).with_name("tabletop"))


def tabletop(*args, cwd=None, input=None):
    return subprocess.run([EXE, *args], capture_output=True, text=True, cwd=cwd, input=input)


def test_a_list_deck_with_comments_and_blank_lines_is_the_same_deck_as_its_yaml(tmp_path):
    f = tmp_path / "ember.txt"
    f.write_text("# Ember, pasted from a forum\nname: Ember Rush\n\n2 Ember Warden\n2x Cinder Imp  # cheap\n"
                 "2 Pyre Captain\n2 Ash Demon\n2 Blaze Duelist\n2 Fireball\n1 Firestorm\n2 Battle Cry\n"
                 "2 Flame Ward\n1 Last Stand\n\n11 Red Crystal\n1 Mauve Crystal\n")
    listed, precon = check_deck(f), check_deck(preconstructed()["ember"])
    assert listed.verdict == "legal" and listed.name == "Ember Rush"
    assert sorted(listed.cards) == sorted(precon.cards)
    assert listed.summary == precon.summary


def test_misspelt_card_is_located_with_a_suggestion(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("# my deck\n3x Cinder Ipm\n")
    rep = check_deck(f)
    assert rep.verdict == "illegal"
    p = next(p for p in rep.problems if p["kind"] == "unknown-card")
    assert (p["line"], p["column"]) == (2, 4)
    assert "did you mean 'Cinder Imp'" in p["message"]
    r = tabletop("deckcheck", "virevolt", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert f"{f}:2:4: unknown card 'Cinder Ipm' (did you mean 'Cinder Imp'?)" in r.stdout


def test_a_card_listed_twice_is_located_at_each_line_at_the_card_name(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("name: Twice\n2 Cinder Imp\n# more\n1x  Cinder Imp\n")
    rep = check_deck(f)
    twice = [(p["line"], p["column"]) for p in rep.problems if p["kind"] == "listed-twice"]
    assert twice == [(2, 3), (4, 5)]
    assert "also on line 4" in next(p for p in rep.problems if p["line"] == 2 and p["kind"] == "listed-twice")["message"]


def test_a_line_without_a_count_is_located(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("2 Ember Warden\nCinder Imp\n")
    p = next(p for p in check_deck(f).problems if p["kind"] == "bad-line")
    assert p["line"] == 2 and "e.g. '3 Cinder Imp'" in p["message"]


@pytest.mark.parametrize("deck", sorted(preconstructed()))
def test_round_trip_yaml_list_yaml(deck, tmp_path):
    checker = DeckChecker()
    listed, _ = checker.convert(deck, "list")
    (tmp_path / "d.txt").write_text(listed)
    back, rep = checker.convert(str(tmp_path / "d.txt"), "yaml")
    original = yaml.safe_load(preconstructed()[deck].read_text())
    assert yaml.safe_load(back) == original
    assert rep.verdict == "legal"


def test_convert_command_writes_atomically_and_never_replaces_without_force(tmp_path):
    out = tmp_path / "ember.txt"
    r = tabletop("decks", "convert", "virevolt", str(preconstructed()["ember"]), "--to", "list", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "11 Red Crystal" in out.read_text()
    out.write_text("mine\n")
    r = tabletop("decks", "convert", "virevolt", str(preconstructed()["ember"]), "--to", "list", "--out", str(out),
                 input="")
    assert r.returncode == 1 and "--force" in r.stderr and out.read_text() == "mine\n"
    r = tabletop("decks", "convert", "virevolt", str(preconstructed()["ember"]), "--to", "list", "--out", str(out),
                 "--force")
    assert r.returncode == 0 and "11 Red Crystal" in out.read_text()


def test_convert_of_an_unreadable_deck_says_why(tmp_path):
    f = tmp_path / "d.yaml"
    f.write_text("cards: [oops\n")
    r = tabletop("decks", "convert", "virevolt", str(f), "--to", "list")
    assert r.returncode == 1 and str(f) in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("colours", ["red,neutral", "blue", "green,mauve", "neutral", "red,blue,green"])
def test_decks_new_writes_a_legal_commented_deck(colours, tmp_path):
    out = tmp_path / "new.yaml"
    r = tabletop("decks", "new", "virevolt", "--colours", colours, "--out", str(out))
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "VIR-DECK-01" in text and "# heroes" in text
    check = tabletop("deckcheck", "virevolt", str(out))
    assert check.returncode == 0, check.stdout
    rep = check_deck(out)
    assert {c for c in rep.summary["by_colour"]} <= set(colours.split(","))


def test_decks_new_never_overwrites_without_force(tmp_path):
    r = tabletop("decks", "new", "virevolt", "--colours", "red,neutral", cwd=tmp_path)
    assert r.returncode == 0
    f = tmp_path / "red-neutral-deck.yaml"
    f.write_text("mine\n")
    r = tabletop("decks", "new", "virevolt", "--colours", "red,neutral", cwd=tmp_path, input="")
    assert r.returncode == 1 and f.read_text() == "mine\n" and "--force" in r.stderr


def test_decks_new_unknown_colour_suggests(tmp_path):
    r = tabletop("decks", "new", "virevolt", "--colours", "rde", cwd=tmp_path)
    assert r.returncode == 1 and "did you mean 'red'" in r.stderr and not list(tmp_path.iterdir())
