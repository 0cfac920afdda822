"""The command line: fast help, clean errors with exit codes, and a full game over a pipe."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tabletop(*args: str, input: str | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    return subprocess.run([exe, *args], input=input, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "COLUMNS": "120"})


def test_help_lists_the_commands():
    r = tabletop("--help")
    assert r.returncode == 0
    for cmd in ("play", "packs", "cards", "scenario", "deckcheck"):
        assert cmd in r.stdout


def test_packs_lists_both_games_with_card_counts():
    r = tabletop("packs")
    assert r.returncode == 0, r.stderr
    assert "volfyirion" in r.stdout and "virevolt" in r.stdout
    assert "cards" in r.stdout


@pytest.mark.parametrize("args", [["--help"], ["cards", "--help"], ["decks", "--help"], ["packs"]])
def test_help_and_packs_import_neither_rich_nor_the_card_language(args, tmp_path):
    """Startup (docs/performance.md): help is plain text, without rich's formatter (markdown,
    pygments), and ``packs`` takes its card counts from the cache once it has counted them."""
    probe = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tabletop.cli.main import app\n"
        f"r = CliRunner().invoke(app, {args!r})\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'pygments', 'markdown_it', 'lark'}))\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    run = [sys.executable, "-c", probe]
    first = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0, first.stderr
    again = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "[]"


def test_unknown_game_is_a_clean_error():
    r = tabletop("cards", "list", "volfyrion")
    assert r.returncode == 1
    assert "did you mean 'volfyirion'" in r.stderr
    assert "Traceback" not in r.stderr


def test_misspelt_keyword_in_a_card_file_is_located_and_suggested(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "- name: Test Spark\n"
        "  type: command\n"
        "  house: red\n"
        "  cost: 1\n"
        "  main: 2 batle\n",
        encoding="utf-8",
    )
    r = tabletop("cards", "lint", "volfyirion", str(bad))
    assert r.returncode == 1
    assert f"{bad}:5:" in r.stderr
    assert "^" in r.stderr
    assert "'battle'" in r.stderr
    assert "Traceback" not in r.stderr


def test_schema_errors_are_all_reported(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "- name: One\n  type: comand\n  house: red\n  cost: 1\n  main: 1 battle\n"
        "- name: Two\n  type: command\n  hous: red\n  cost: 1\n  main: 1 battle\n",
        encoding="utf-8",
    )
    r = tabletop("cards", "lint", "volfyirion", str(bad))
    assert r.returncode == 1
    assert f"{bad}:2:" in r.stderr and f"{bad}:8:" in r.stderr
    assert "did you mean 'house'" in r.stderr


def test_yaml_syntax_error_is_located(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("- name: One\n  type: [command\n", encoding="utf-8")
    r = tabletop("cards", "lint", "volfyirion", str(bad))
    assert r.returncode == 1 and "not valid YAML" in r.stderr and "Traceback" not in r.stderr


def test_scenario_run_reports_a_failing_expectation(tmp_path):
    sc = tmp_path / "s.yaml"
    sc.write_text(
        "game: volfyirion\nsetup: {active: p1, p1: {points: {battle: 3}}}\n"
        "steps:\n  - expect: {p1.points.battle: 4}\n",
        encoding="utf-8",
    )
    r = tabletop("scenario", "run", str(sc))
    assert r.returncode == 1
    assert "p1.points.battle: expected 4, got 3" in r.stdout


def test_play_volfyirion_against_greedy_over_a_pipe_to_the_end():
    r = tabletop("play", "volfyirion", "--vs", "greedy", "--seed", "3", input="end turn\n" * 2000, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Game over" in r.stdout
    assert "Traceback" not in r.stderr


def test_play_refuses_an_unknown_bot():
    r = tabletop("play", "volfyirion", "--vs", "gredy", input="")
    assert r.returncode == 1 and "did you mean 'greedy'" in r.stderr


@pytest.mark.parametrize("command", ["quit\n", ""])
def test_play_leaves_cleanly(command):
    r = tabletop("play", "volfyirion", "--seed", "1", input=command)
    assert r.returncode == 0 and "Traceback" not in r.stderr


def test_play_virevolt_with_a_preconstructed_deck_over_a_pipe_to_the_end():
    r = tabletop("play", "virevolt", "--deck", "ember", "--opponent-deck", "grove", "--vs", "greedy",
                 "--seed", "4", input="next\n1\n" * 2000, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Game over" in r.stdout and "Traceback" not in r.stderr


def test_play_refuses_an_illegal_deck_with_the_deckcheck_report(tmp_path):
    deck = tmp_path / "mine.yaml"
    deck.write_text("name: Short\ncards:\n  Red Crystal: 10\n", encoding="utf-8")
    r = tabletop("play", "virevolt", "--deck", str(deck), input="")
    assert r.returncode == 1
    assert f"{deck}:2:" in r.stderr and "30 cards" in r.stderr
    assert "Traceback" not in r.stderr


def test_play_names_the_preconstructed_decks_for_a_misspelt_one():
    r = tabletop("play", "virevolt", "--deck", "tdie", input="")
    assert r.returncode == 1 and "did you mean 'tide'" in r.stderr and "ember, grove, prism, tide" in r.stderr
    assert "Traceback" not in r.stderr


def test_deckcheck_exit_codes(tmp_path):
    legal = ROOT / "packs" / "virevolt" / "decks" / "ember.yaml"
    assert tabletop("deckcheck", "virevolt", str(legal)).returncode == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ncards:\n  Red Crystal: 29\n", encoding="utf-8")
    assert tabletop("deckcheck", "virevolt", str(bad)).returncode == 1
    assert tabletop("deckcheck", "virevolt", str(tmp_path / "missing.yaml")).returncode == 2


def test_deckcheck_json_is_machine_readable(tmp_path):
    import json

    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ncards:\n  Fire Ball: 2\n  Red Crystal: 28\n", encoding="utf-8")
    r = tabletop("deckcheck", "virevolt", str(bad), "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 1 and data["verdict"] == "illegal"
    assert any(p["line"] == 3 and "Fireball" in p["message"] for p in data["problems"])


def test_save_then_load_in_a_session_continues_the_game(tmp_path):
    save = tmp_path / "game.json"
    r = tabletop("play", "volfyirion", "--seed", "8", input=f"play Prospector\nsave {save}\nquit\n")
    assert r.returncode == 0 and f"saved to {save}" in r.stdout
    r = tabletop("play", "volfyirion", "--load", str(save), input="log\nquit\n")
    assert r.returncode == 0 and "p1 plays Prospector" in r.stdout


def test_loading_a_damaged_save_is_a_clear_error_and_changes_nothing(tmp_path):
    save = tmp_path / "game.json"
    tabletop("play", "volfyirion", "--seed", "8", input=f"play Prospector\nsave {save}\nquit\n")
    text = save.read_text()
    save.write_text(text[: len(text) // 2])
    r = tabletop("play", "volfyirion", "--load", str(save), input="quit\n")
    assert r.returncode == 1 and "not valid JSON" in r.stderr and "Traceback" not in r.stderr
    assert save.read_text() == text[: len(text) // 2]


def test_save_refuses_to_overwrite_a_file_that_is_not_a_saved_game(tmp_path):
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes")
    r = tabletop("play", "volfyirion", "--seed", "8", input=f"save {precious}\nquit\n")
    assert "not overwriting" in r.stdout and precious.read_text() == "my notes"


def test_scenario_with_an_illegal_action_lists_the_legal_ones(tmp_path):
    sc = tmp_path / "s.yaml"
    sc.write_text("game: volfyirion\nsetup: {active: p1, p1: {hand: [Prospector]}}\n"
                  "steps:\n  - attack p2.city1\n", encoding="utf-8")
    r = tabletop("scenario", "run", str(sc))
    assert r.returncode == 1
    assert "step 1" in r.stdout and "legal actions:" in r.stdout and "play Prospector" in r.stdout


def test_play_volfyirion_with_every_variant_and_the_extended_mode_to_the_end():
    r = tabletop("play", "volfyirion", "--variant", "all", "--mode", "extended", "--vs", "greedy",
                 "--seed", "6", input="end turn\n1\n" * 2000, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Game over" in r.stdout and "Traceback" not in r.stderr


def test_play_virevolt_with_three_players():
    r = tabletop("play", "virevolt", "--players", "3", "--vs", "greedy", "--seed", "2",
                 input="next\n1\n" * 3000, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "== p3" in r.stdout and "Game over" in r.stdout


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_card_lists_in_docs_are_generated_from_the_yaml(pack):
    r = tabletop("cards", "doc", pack)
    assert r.returncode == 0, r.stderr
    committed = (ROOT / "docs" / "packs" / f"{pack}-cards.md").read_text(encoding="utf-8")
    assert r.stdout == committed, f"regenerate with: tabletop cards doc {pack} -o docs/packs/{pack}-cards.md"


def test_watch_a_bot_game_as_a_spectator():
    r = tabletop("watch", "virevolt", "--bots", "greedy,greedy", "--seed", "5", "--delay", "0",
                 "--deck", "ember", "--deck", "tide")
    assert r.returncode == 0, r.stderr
    assert "you watch as a spectator" in r.stdout and "Game over:" in r.stdout
    before_end = r.stdout.split("Game over:")[0]
    assert "sets a trap face down" in before_end
    assert not re.search(r"sets (?!a trap)\w", before_end), "a spectator never reads a face-down trap's name"
    assert "hand:" not in before_end, "a spectator sees no hand"


def test_replay_steps_through_a_saved_game_as_one_seat(tmp_path):
    save = tmp_path / "g.json"
    tabletop("play", "volfyirion", "--seed", "8", input=f"play Prospector\nplay Prospector\nsave {save}\nquit\n")
    r = tabletop("replay", str(save), input="n\nn\nb\ng 2\nlog\nq\n")
    assert r.returncode == 0, r.stderr
    assert "seen by p1" in r.stdout and r.stdout.count("p1 plays Prospector") >= 3
    assert "(back to just after action 1)" in r.stdout
    r = tabletop("replay", str(save), "--as", "p2", input="q\n")
    assert "seen by p2" in r.stdout and "p1 draws 5 cards" in r.stdout


def test_rules_can_be_read_by_id():
    r = tabletop("rules", "show", "volfyirion", "VOL-WIN-01", "VOL-DRAW-01..02")
    assert r.returncode == 0 and "VOL-WIN-01" in r.stdout and "VOL-DRAW-02" in r.stdout
    r = tabletop("rules", "show", "virevolt", "VIR-WIN-4")
    assert r.returncode == 1 and "did you mean 'VIR-WIN-04'" in r.stderr


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_the_rules_reference_in_docs_is_generated_from_the_packs_rule_data(pack):
    r = tabletop("rules", "doc", pack)
    assert r.returncode == 0, r.stderr
    committed = (ROOT / "docs" / "rules" / f"{pack}.md").read_text(encoding="utf-8")
    assert r.stdout == committed, f"regenerate with: tabletop rules doc {pack} -o docs/rules/{pack}.md"


def test_a_field_left_empty_is_named_in_words_not_as_a_python_none(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("- name: One\n  type:\n  cost: 1\n", encoding="utf-8")
    r = tabletop("cards", "lint", "volfyirion", str(bad))
    assert r.returncode == 1
    assert f"{bad}:2:" in r.stderr and "type: expected one of 'command'" in r.stderr and "not nothing" in r.stderr
    assert "None" not in r.stderr and "did you mean" not in r.stderr
