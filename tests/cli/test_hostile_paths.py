"""Hostile paths and values found by an audit of every command that reads a file or an option:
each is refused at once with a located message and exit code 1 (2 for an unusable deck file),
never a hang, a traceback, or a silent pass."""
from __future__ import annotations

import os

import pytest

from tests.cli.test_bad_input import tabletop, refused


@pytest.mark.parametrize("command, what, code", [
    (["scenario", "run"], "scenario file", 1),
    (["deckcheck", "virevolt"], "deck file", 2),
    (["cards", "lint", "volfyirion"], "card file", 1),
])
def test_a_pipe_given_as_a_file_is_refused_rather_than_waited_on(tmp_path, command, what, code):
    fifo = tmp_path / "in.yaml"
    os.mkfifo(fifo)
    refused(tabletop(*command, str(fifo), timeout=30), f"{fifo}: this is a pipe or a socket, not a {what}", code)


def test_a_rule_range_longer_than_the_catalogue_is_answered_at_once():
    refused(tabletop("rules", "show", "volfyirion", "VOL-DRAW-01..99999999999999999999999", timeout=30),
            "no rule 'VOL-DRAW-01..99999999999999999999999'")


@pytest.mark.parametrize("args, where", [
    (["virevolt", "DECK", "--cards", "nonexist.yaml"], "nonexist.yaml: no such card file"),
    (["volfyirion", "DECK"], "volfyirion has no deck construction"),
    (["nosuchpack", "DECK"], "unknown game 'nosuchpack'"),
])
def test_deckcheck_calls_a_deck_it_cannot_check_unusable_input(tmp_path, args, where):
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: x\ncards: {Ember Warden: 2}\n", encoding="utf-8")
    refused(tabletop("deckcheck", *[str(deck) if a == "DECK" else a for a in args], cwd=tmp_path), where, 2)


def test_a_folder_with_no_scenario_fails_rather_than_passing(tmp_path):
    refused(tabletop("scenario", "run", str(tmp_path)), f"{tmp_path}: this folder holds no scenario file")


def test_a_files_control_characters_never_reach_the_terminal(tmp_path):
    f = tmp_path / "esc.yaml"
    f.write_bytes(b"name: x\x1b]0;HACKED\x07 \xff\n")
    out = refused(tabletop("cards", "lint", "volfyirion", str(f)), f"{f}:1:20: not UTF-8")
    assert "\x1b" not in out and "\x07" not in out
    assert "x\u241b]0;HACKED\u2407 " in out  # shown as the control characters' pictures, one for one


def test_a_negative_amount_on_a_card_is_refused_where_it_is_written(tmp_path):
    f = tmp_path / "neg.yaml"
    f.write_text("- {name: Neg, type: command, house: red, cost: 1, main: -5 battle}\n", encoding="utf-8")
    out = refused(tabletop("cards", "lint", "volfyirion", str(f)), f"{f}:1:57: card 'Neg', field 'main'")
    assert "a number from 0 to 9999" in out


@pytest.mark.parametrize("seed", ["-1", "99999999999999999999999999"])
def test_a_game_refuses_a_seed_its_save_could_not_be_read_back_with(seed):
    out = refused(tabletop("play", "volfyirion", "--seed", seed, input="quit\n"),
                  f"seed {seed}: give a whole number from 0 to 9223372036854775807")
    assert "saved to" not in out


LONG = "y" * 300


@pytest.mark.parametrize("args, code, where", [
    (["deckcheck", "virevolt", LONG], 2, "is too long to name a deck file"),
    (["cards", "lint", "virevolt", "z" * 20000], 1, "is too long to name a"),
    (["play", "virevolt", "--deck", LONG], 1, "is neither a preconstructed deck"),
])
def test_a_name_too_long_for_any_file_is_said_to_be_one_and_cut(args, code, where):
    """A name the file system refuses (ENAMETOOLONG) gave the bare 'File name too long', and was
    echoed whole (20,000 characters for a 20,000-character name)."""
    out = refused(tabletop(*args, input=""), where, code)
    assert len(out) < 1200


def test_a_deck_named_too_long_for_a_file_is_an_unknown_deck_to_the_api():
    import tabletop as api

    with pytest.raises(api.Error, match="is neither a preconstructed deck"):
        api.load("virevolt", decks=["ember", LONG])


FIVE_THOUSAND_NINES = "9" * 5000


@pytest.mark.parametrize("line, answer", [
    ("²", "unknown action '²'"),
    ("log ²", "usage: log [N]"),
    ("show asset ²", "no card or place 'asset ²'"),
])
def test_a_superscript_digit_typed_at_the_prompt_is_no_number(line, answer):
    """'²'.isdigit() is true and int('²') a ValueError: 'log ²' and 'show asset ²' were internal errors."""
    r = tabletop("play", "volfyirion", "--seed", "3", "--vs", "random", input=f"{line}\nquit\ny\n")
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr[-2000:]
    assert answer in r.stdout


@pytest.mark.parametrize("step", ["²", FIVE_THOUSAND_NINES])
def test_a_replay_step_that_is_no_usable_number_gets_the_usage(tmp_path, step):
    save = tmp_path / "game.json"
    tabletop("play", "volfyirion", "--seed", "8", "--vs", "random", input=f"play Prospector\nsave {save}\nquit\n")
    r = tabletop("replay", str(save), input=f"g {step}\nquit\n")
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr[-2000:]
    assert "usage: g N" in r.stdout


@pytest.mark.parametrize("seat", ["p²", "p" + FIVE_THOUSAND_NINES])
def test_replay_as_a_seat_that_is_no_number_is_refused(tmp_path, seat):
    save = tmp_path / "game.json"
    tabletop("play", "volfyirion", "--seed", "8", "--vs", "random", input=f"save {save}\nquit\n")
    refused(tabletop("replay", str(save), "--as", seat, input=""), "give a seat (p1, p2, ...) or 'spectator'")


def test_a_rule_range_ending_in_five_thousand_digits_is_no_rule():
    refused(tabletop("rules", "show", "volfyirion", "VOL-DRAW-01.." + FIVE_THOUSAND_NINES), "no rule 'VOL-DRAW-01..")


def test_a_scenario_path_indexed_by_a_superscript_digit_is_no_such_path(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("game: volfyirion\nsetup: {active: p1, p1: {hand: [Prospector]}}\nsteps:\n"
                        "  - expect: {p1.hand.²: Prospector}\n", encoding="utf-8")
    refused(tabletop("scenario", "run", str(scenario)), f"{scenario}:4: step 1: no such path 'p1.hand.²'")


LONG_WORD = "Q" * 3000


@pytest.mark.parametrize("args", [
    ["simulate", "virevolt", "-n", "1", "--workers", "1", "--bots", LONG_WORD],
    ["decks", "matchup", "virevolt", "ember", LONG_WORD, "-n", "1", "--workers", "1"],
    ["decks", "convert", "virevolt", "ember", "--to", LONG_WORD],
    ["replay", "nowhere.json", "--as", LONG_WORD],
    ["cards", "show", "virevolt", LONG_WORD],
])
def test_a_three_thousand_character_value_is_cut_where_a_message_echoes_it(args):
    """Each of these messages quoted the value whole: 3,000 characters around a few words."""
    out = refused(tabletop(*args, input=""), "Q…")
    assert len(out) < 800, len(out)


def test_a_three_thousand_character_value_in_a_usage_error_is_cut():
    out = refused(tabletop("play", "virevolt", "--seed", LONG_WORD, input=""), "Q…", 2)
    assert len(out) < 800, len(out)


@pytest.mark.parametrize("command, code", [
    (["cards", "lint", "volfyirion"], 1),
    (["scenario", "run"], 1),
    (["deckcheck", "virevolt"], 2),
    (["play", "volfyirion", "--load"], 1),
    (["simulate", "volfyirion", "-n", "1", "--cards"], 1),
])
def test_a_symbolic_link_loop_is_called_one_rather_than_no_such_file(tmp_path, command, code):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to("loop.yaml")
    out = refused(tabletop(*command, str(loop)), f"{loop}: this is a symbolic link that loops back on itself", code)
    assert "no such file" not in out


def test_a_broken_symbolic_link_names_where_it_points(tmp_path):
    link = tmp_path / "cards.yaml"
    link.symlink_to(tmp_path / "gone.yaml")
    refused(tabletop("cards", "lint", "volfyirion", str(link)),
            f"{link}: this is a symbolic link to {tmp_path / 'gone.yaml'}, which does not exist")


def test_report_only_on_a_symbolic_link_loop_says_so(tmp_path):
    loop = tmp_path / "out"
    loop.symlink_to("out")
    refused(tabletop("simulate", "--report-only", str(loop)), "this is a symbolic link that loops back on itself")


@pytest.mark.parametrize("args, suggestion", [
    (["--variant", "merc"], "unknown variant(s) 'merc' (did you mean 'mercenary'?)"),
    (["--variant", "asension"], "unknown variant(s) 'asension' (did you mean 'ascension-path'?)"),
    (["--mode", "extend"], "unknown mode 'extend' (did you mean 'extended'?)"),
])
def test_a_misspelt_variant_or_mode_gets_a_did_you_mean_as_a_misspelt_bot_does(args, suggestion):
    refused(tabletop("simulate", "volfyirion", "-n", "1", *args), suggestion)


def test_a_word_that_begins_one_choice_suggests_it():
    from tabletop.framework.suggest import closest

    assert closest("merc", ["mercenary", "ascension-path", "saboteur"]) == ["mercenary"]
    assert closest("pe", ["perks", "ploys"]) == []      # two letters begin too much to say


def test_the_unknown_variant_message_is_french_in_french():
    out = refused(tabletop("--lang", "fr", "simulate", "volfyirion", "-n", "1", "--variant", "merc"),
                  "variante(s) inconnue(s) 'merc' (vouliez-vous dire 'mercenary'\u00a0?)")
    assert "available" not in out


def test_a_saved_game_of_400000_actions_is_refused_before_they_are_replayed(tmp_path):
    """Stumble: 400,000 'end turn' (4 MB) were all replayed before the checksum refused them: 40 s, and
    the web server's import blocked for as long."""
    import json

    from tests.cli.test_bad_input import saved_game

    save = saved_game(tmp_path)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["actions"] = ["end turn"] * 400_000
    save.write_text(json.dumps(data), encoding="utf-8")
    out = refused(tabletop("play", "volfyirion", "--load", str(save), input="quit\n", timeout=20),
                  "400,000 actions, far more than any game takes (a saved game holds at most 20,000)")
    assert "checksum" not in out
