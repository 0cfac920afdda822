"""What an earlier audit of bad input left unfixed, each run as a user runs it (the real ``tabletop``
command in a subprocess): an unreadable file, text typed or written with control characters, deck
files of the wrong shape, more decks than seats, a ``--report-only`` folder that cannot be
reported on, vague or uncapped messages, and PNGs replaced unasked. Every answer is one located
message, exit code 1 (2 for ``deckcheck``'s unusable input), no traceback, nothing lost."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_bad_input import EXE, ROOT, refused, tabletop

DECK = (ROOT / "tests/virevolt/decks/legal.yaml").read_text(encoding="utf-8")
LIST_DECK = "name: Legal Mix\n2 Ember Warden\n2 Frost Warden\n2 Grove Keeper\n1 Wandering Knight\n1 Fireball\n" \
            "1 Flame Ward\n20 Red Crystal\n1 Mauve Crystal\n"
CARD = "- name: Test Spark\n  type: command\n  house: red\n  cost: 1\n  main: 2 battle\n"
OTHER = CARD.replace("Test Spark", "Other Spark")
SCENARIO = "game: volfyirion\nsetup: {active: p1, p1: {hand: [Prospector]}}\nsteps:\n  - play Prospector\n"
ESC = "\x1b]0;HACKED\x07"       # an escape sequence that would retitle the terminal's window
SHOWN = "\u241b]0;HACKED\u2407"  # the same, as the control characters' pictures
NO_READING = "--bounding-set=-dac_override,-dac_read_search"


def said(r: subprocess.CompletedProcess) -> str:
    return r.stdout + r.stderr


# ---------------------------------------------------------------------- 1. an unreadable file
@pytest.fixture
def unreadable(tmp_path):
    """A file its reader may not read, and how to run ``tabletop`` as that reader: chmod 000 for a
    user; as root (whom modes do not stop) the command runs without the capabilities that let root
    read anything (``setpriv``), checked first on ``cat``."""
    f = tmp_path / "locked.yaml"
    f.write_text(SCENARIO, encoding="utf-8")
    f.chmod(0)
    if os.geteuid() != 0:
        yield f, []
    else:
        setpriv = shutil.which("setpriv")
        prefix = [setpriv, NO_READING, "--"] if setpriv else []
        probe = subprocess.run([*prefix, "cat", str(f)], capture_output=True) if prefix else None
        if probe is None or probe.returncode == 0:
            pytest.skip("running as root, and root cannot be kept from reading a file here (no setpriv)")
        yield f, prefix
    f.chmod(0o644)


@pytest.mark.parametrize("command, what, code", [
    (["deckcheck", "virevolt"], "deck file", 2),
    (["cards", "lint", "volfyirion"], "card file", 1),
    (["scenario", "run"], "scenario file", 1),
    (["play", "volfyirion", "--load"], "saved game", 1),
    (["replay"], "saved game", 1),
    (["decks", "convert", "virevolt", "--to", "list"], "deck file", 1),
    (["tables", "import"], "saved game", 1),
    (["cards", "list", "volfyirion", "--cards"], "card file", 1),
])
def test_an_unreadable_file_gets_the_projects_one_line_answer_not_a_usage_error(unreadable, command, what, code):
    f, prefix = unreadable
    r = subprocess.run([*prefix, EXE, *command, str(f)], input="", capture_output=True, text=True, timeout=120,
                       env={**os.environ, "COLUMNS": "120"})
    out = refused(r, f"{f}: cannot read this {what}: permission denied", code)
    assert "Usage:" not in out and "is not readable" not in out


# ---------------------------------------------------------------------- 2. what the user typed, shown back
def test_an_escape_sequence_typed_at_the_prompt_is_shown_back_as_pictures():
    r = tabletop("play", "volfyirion", "--seed", "3", "--vs", "random", input=f"play {ESC}x\nquit\ny\n")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    assert f"there is no {SHOWN}x in your hand" in r.stdout


def test_a_very_long_typed_line_is_cut_when_shown_back():
    r = tabletop("play", "volfyirion", "--seed", "3", "--vs", "random", input="play " + "A" * 5000 + "\nquit\ny\n")
    assert r.returncode == 0, r.stderr
    assert "A" * 114 + "…" in r.stdout and "A" * 115 not in r.stdout  # 'play ' and 114 letters: 119 and '…'


def test_a_file_name_typed_to_save_is_shown_back_as_pictures(tmp_path):
    r = tabletop("play", "volfyirion", "--seed", "3", "--vs", "random", input=f"save {ESC}/x.json\nquit\ny\n",
                 cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and f"cannot save to {SHOWN}/x.json: the folder {SHOWN} does not exist" in r.stdout


def test_a_scripted_bots_name_is_shown_without_its_control_characters(tmp_path):
    bot = tmp_path / "bot.yaml"
    bot.write_text('name: "\\e]0;HACKED\\a"\ngame: volfyirion\nrules:\n  - do: end turn\n', encoding="utf-8")
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--max-turns", "5",
                 "--bots", f"scripted:{bot},random")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in said(r) and SHOWN in r.stdout


# ---------------------------------------------------------------------- 3. deck files of the wrong shape
@pytest.mark.parametrize("key, value, what", [
    ("name", "{a: 1}", "a mapping"),
    ("name", "[a, b]", "a list of 2 items"),
    ("name", "1984", "the whole number 1984"),
    ("description", "true", "true (a yes/no value)"),
])
def test_a_deck_text_written_as_something_else_is_refused_where_it_stands(tmp_path, key, value, what):
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("name: Legal Mix", f"name: Legal Mix\n{key}: {value}" if key != "name"
                                 else f"name: {value}"), encoding="utf-8")
    line = 3 if key != "name" else 2
    out = refused(tabletop("deckcheck", "virevolt", str(deck)),
                  f"{deck}:{line}:{len(key) + 3}: '{key}:' must be a text, not {what}")
    assert f'put it in quotes: {key}: "{value}"' in out


def test_a_44_digit_count_in_a_plain_list_is_refused_where_it_is_written(tmp_path):
    deck = tmp_path / "deck.txt"
    count = "9" * 44
    deck.write_text(LIST_DECK.replace("2 Ember Warden", f"{count} Ember Warden"), encoding="utf-8")
    out = refused(tabletop("deckcheck", "virevolt", str(deck)),
                  f"{deck}:2:1: Ember Warden: a 44-digit number is too large for a count of copies")
    assert count not in out


@pytest.mark.parametrize("count", ["0", "-1", "1.5"])
def test_a_count_that_is_no_positive_whole_number_is_refused_in_a_plain_list_as_in_yaml(tmp_path, count):
    deck = tmp_path / "deck.txt"
    deck.write_text(LIST_DECK.replace("2 Ember Warden", f"{count} Ember Warden"), encoding="utf-8")
    refused(tabletop("deckcheck", "virevolt", str(deck)),
            f"{deck}:2:1: Ember Warden: the count must be a positive whole number, not '{count}'")


def test_a_count_with_a_plus_sign_is_read_in_a_plain_list_as_yaml_reads_it(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(LIST_DECK.replace("2 Ember Warden", "+2 Ember Warden"), encoding="utf-8")
    r = tabletop("deckcheck", "virevolt", str(deck))
    assert r.returncode == 0 and f"{deck}: legal deck 'Legal Mix': 30 cards" in r.stdout, said(r)


# ---------------------------------------------------------------------- 4. decks and seats
@pytest.mark.parametrize("command", [("simulate", "virevolt", "-n", "2", "--workers", "1"),
                                     ("watch", "virevolt", "--delay", "0", "--seed", "1")])
def test_more_decks_than_seats_are_refused_before_any_game(command):
    out = refused(tabletop(*command, "--deck", "ember", "--deck", "tide", "--deck", "grove", input="", timeout=60),
                  "3 decks for 2 players: give one per seat at most")
    assert "games in" not in out and "turn 1" not in out


@pytest.mark.parametrize("command", [("simulate", "virevolt", "-n", "2", "--workers", "1", "--option", "players=3"),
                                     ("watch", "virevolt", "--delay", "0", "--seed", "1", "--players", "3")])
def test_fewer_decks_than_seats_but_more_than_one_are_refused_by_batch_commands(command):
    out = refused(tabletop(*command, "--bots", "random", "--deck", "ember", "--deck", "tide", input="", timeout=60),
                  "virevolt is played by 3 here, but 2 decks were given: give 1 deck (every seat plays it) or 3")
    assert "games in" not in out and "turn 1" not in out


# ---------------------------------------------------------------------- 5. simulate --report-only DIR
@pytest.fixture(scope="module")
def simulation(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "out"
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(out))
    assert r.returncode == 0, said(r)
    return out


def _folder(tmp_path: Path, simulation: Path, case: str) -> tuple[Path, str]:
    """The folder given to --report-only for ``case``, and the message expected for it."""
    folder = tmp_path / "run"
    if case == "missing":
        return folder, f"--report-only {folder}: no such folder; give the folder a simulation wrote its records in"
    if case == "no records":
        folder.mkdir()
        return folder, f"--report-only {folder}: this folder holds no records.jsonl, so no simulation wrote its " \
                       "records here"
    shutil.copytree(simulation, folder)
    records = folder / "records.jsonl"
    if case == "the records file":
        return records, f"--report-only {records}: this is the records file itself; give the folder that holds " \
                        f"it: --report-only {folder}"
    if case == "no game":
        records.write_text("", encoding="utf-8")
        return folder, f"--report-only {folder}: records.jsonl holds no finished game"
    if case == "cut short":
        with records.open("a", encoding="utf-8") as f:
            f.write('{"index": 2, "seats": ["gre')
        return folder, f"{records}:3:"
    (folder / "run.json").write_text("nope\n", encoding="utf-8")
    return folder, f"{folder / 'run.json'}:1:1: not valid JSON"


@pytest.mark.parametrize("case, what_to_do", [
    ("missing", "'tabletop simulate PACK --out DIR'"),
    ("no records", "give the folder of a 'tabletop simulate PACK --out DIR'"),
    ("the records file", "--report-only"),
    ("no game", "there is nothing to report; run the simulation again"),
    ("cut short", "delete the damaged line and try again"),
    ("damaged run.json", "hint: run.json only names the batch (bots, seed, options): delete it"),
])
def test_report_only_says_what_is_wrong_with_the_folder_and_what_to_do(tmp_path, simulation, case, what_to_do):
    folder, message = _folder(tmp_path, simulation, case)
    out = refused(tabletop("simulate", "--report-only", str(folder)), message)
    assert what_to_do in out


# ---------------------------------------------------------------------- 6. vague or uncapped messages
def test_a_card_defined_twice_in_a_file_names_both_lines(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text(CARD + OTHER + CARD, encoding="utf-8")
    refused(tabletop("cards", "lint", "volfyirion", str(f)),
            f"{f}:11:1: card 'Test Spark' is defined twice: here and at {f}:1")


def test_a_card_defined_in_two_files_names_both_places(tmp_path):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(OTHER + CARD, encoding="utf-8")
    second.write_text(CARD, encoding="utf-8")
    refused(tabletop("cards", "lint", "volfyirion", str(first), str(second)),
            f"{second}:1:1: card 'Test Spark' is defined twice: here and at {first}:6")


@pytest.mark.parametrize("each, what", [("5", "the whole number 5"), ("[a, b]", "a list of 2 items"),
                                        ('""', "an empty text")])
def test_a_layouts_bad_each_says_in_words_what_each_takes(tmp_path, each, what):
    pytest.importorskip("reportlab")
    f = tmp_path / "hero.yaml"
    f.write_text(f"types: [hero]\nelements:\n  - box: [4, 30, 55, 50]\n    items:\n      - {{each: {each}, text: x}}\n",
                 encoding="utf-8")
    out = refused(tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--layout", str(f),
                           "--out", str(tmp_path / "x.pdf")), f"{f}:5:16: elements/0/items/0/each: expected a text")
    assert "the name of a card field holding a list" in out and f"not {what}" in out
    assert "is not valid under any of the given schemas" not in out and "{'each'" not in out


def test_deckcheck_cuts_a_very_long_deck_name(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("name: Legal Mix", "name: " + "N" * 5000), encoding="utf-8")
    r = tabletop("deckcheck", "virevolt", str(deck))
    assert r.returncode == 0, said(r)
    assert f"{deck}: legal deck '{'N' * 59}…': 30 cards" in r.stdout and "N" * 61 not in r.stdout


# ---------------------------------------------------------------------- 7. cards print --png DIR
def _print_pngs(folder: Path, pdf: Path, *more: str) -> subprocess.CompletedProcess:
    return tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--only", "Fireball", "--dpi", "50",
                    "--png", str(folder), "--out", str(pdf), *more)


def test_cards_print_keeps_an_existing_png_unless_forced(tmp_path):
    pytest.importorskip("pypdfium2")
    folder = tmp_path / "pngs"
    folder.mkdir()
    mine = folder / "ember-warden.png"
    mine.write_bytes(b"my own picture")
    pdf = tmp_path / "cards.pdf"
    out = refused(_print_pngs(folder, pdf), f"--png {folder}: ember-warden.png was not written by 'cards print'")
    assert "add --force to replace it" in out
    assert mine.read_bytes() == b"my own picture" and not pdf.exists() and not (folder / "fireball.png").exists()
    r = _print_pngs(folder, pdf, "--force")
    assert r.returncode == 0, said(r)
    assert mine.read_bytes().startswith(b"\x89PNG")


def test_cards_print_replaces_only_pngs_it_wrote_untouched(tmp_path):
    pytest.importorskip("pypdfium2")
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    folder, pdf = tmp_path / "pngs", tmp_path / "cards.pdf"
    assert _print_pngs(folder, pdf).returncode == 0
    r = _print_pngs(folder, pdf)                       # printed again: its own images are replaced
    assert r.returncode == 0 and "wrote 2 PNG(s)" in r.stdout, said(r)
    with Image.open(folder / "fireball.png") as im:    # touched up in an editor that keeps the text chunks
        im.load()
        kept = PngInfo()
        for key, value in im.text.items():
            kept.add_text(key, value)
        im.putpixel((0, 0), (255, 0, 0))
        im.save(folder / "fireball.png", pnginfo=kept)
    edited = (folder / "fireball.png").read_bytes()
    out = refused(_print_pngs(folder, pdf), f"--png {folder}: fireball.png was not written by 'cards print' or was "
                                            "changed since")
    assert "add --force to replace it" in out
    assert (folder / "fireball.png").read_bytes() == edited


def test_report_only_refuses_an_event_whose_turn_is_not_a_whole_number(tmp_path, simulation):
    """Stumble: an event's turn was never checked: ["x", 1, "acquired", "Barter"] was reported on."""
    import json

    folder = tmp_path / "run"
    shutil.copytree(simulation, folder)
    records = folder / "records.jsonl"
    lines = records.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["events"] = [["x", 1, "acquired", "Barter"]]
    records.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    refused(tabletop("simulate", "--report-only", str(folder)), f"{records}:1:")
    assert (folder / "report.md").read_bytes() == (simulation / "report.md").read_bytes()  # the old report stands
