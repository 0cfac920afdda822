"""The console script: help texts and the pack list served from the user's cache, exactly as typer
prints them, and only while nothing they depend on has changed (docs/performance.md, startup)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import console

#: run the console script's entry point with these words; report on stderr's last line whether typer was imported
PROBE = (
    "import sys\n"
    "sys.argv = ['tabletop', *sys.argv[1:]]\n"
    "from tabletop.cli.console import run\n"
    "try:\n"
    "    run()\n"
    "finally:\n"
    "    sys.stderr.write('\\ntyper imported: %s' % ('typer' in sys.modules))\n"
)


def console_script(args: list[str], cache: Path, **env: str) -> tuple[int, str, str, bool]:
    """Exit code, stdout, stderr (without the probe's line) and whether typer was imported."""
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": "100", **env})
    err, _, probe = r.stderr.rpartition("\ntyper imported: ")
    return r.returncode, r.stdout, err, probe == "True"


def typer_itself(args: list[str], **env: str) -> tuple[int, str, str]:
    r = subprocess.run([sys.executable, "-m", "tabletop.cli.main", *args], capture_output=True, text=True,
                       timeout=300, env={**os.environ, "COLUMNS": "100", **env})
    return r.returncode, r.stdout, r.stderr


@pytest.mark.parametrize("args", [["--help"], ["cards", "lint", "--help"], ["--lang", "fr", "play", "--help"],
                                  ["deckcheck", "--help", "--lang=fr"], ["packs"], ["packs", "--lang", "fr"]])
def test_a_remembered_output_is_what_typer_prints_and_needs_no_typer(args, tmp_path):
    expected = typer_itself(args)
    first = console_script(args, tmp_path)
    again = console_script(args, tmp_path)
    assert first[:3] == again[:3] == expected
    assert first[3] and not again[3]


def test_help_for_no_words_is_a_usage_error_and_is_not_remembered(tmp_path):
    """click prints the help on stderr with exit code 2 when a group is called with no words."""
    expected = typer_itself([])
    assert expected[0] == 2 and "Usage:" in expected[2]
    for _ in range(2):
        assert console_script([], tmp_path) == (*expected, True)


def test_the_language_of_the_environment_is_part_of_what_is_remembered(tmp_path):
    english = console_script(["--help"], tmp_path, LANGUAGE="", LC_ALL="", LANG="en_GB.UTF-8")
    french = console_script(["--help"], tmp_path, LANGUAGE="", LC_ALL="", LANG="fr_FR.UTF-8")
    assert "Usage:" in english[1] and "Utilisation" in french[1]
    assert console_script(["--help"], tmp_path, LANGUAGE="", LC_ALL="", LANG="en_GB.UTF-8")[1] == english[1]


def test_the_width_of_the_terminal_is_part_of_what_is_remembered(tmp_path):
    wide = console_script(["--help"], tmp_path, COLUMNS="100")[1]
    narrow = console_script(["--help"], tmp_path, COLUMNS="60")[1]
    assert max(map(len, narrow.splitlines())) <= 60 < max(map(len, wide.splitlines()))


def test_an_error_is_never_remembered(tmp_path):
    for _ in range(2):
        code, out, err, imported = console_script(["plya", "--help"], tmp_path)
        assert code == 2 and "No such command 'plya'" in err and imported
    assert not list(tmp_path.rglob("*.txt"))


def test_a_damaged_cache_file_costs_a_new_run_and_is_replaced(tmp_path):
    expected = typer_itself(["--help"])
    console_script(["--help"], tmp_path)
    (kept,) = tmp_path.rglob("*.txt")
    for damage in ("", "garbage", "12 0\nshort", kept.read_text(encoding="utf-8")[:-40]):
        kept.write_text(damage, encoding="utf-8")
        code, out, err, imported = console_script(["--help"], tmp_path)
        assert (code, out, err) == expected and imported
        assert console_script(["--help"], tmp_path)[1:] == (expected[1], "", False)


def test_a_cache_folder_that_cannot_be_written_only_means_nothing_is_remembered(tmp_path):
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    code, out, err, imported = console_script(["--help"], blocked)
    assert (code, out, err) == typer_itself(["--help"]) and imported


@pytest.mark.parametrize("args, kind", [
    ([], "help"), (["--help"], "help"), (["cards", "show", "--help"], "help"), (["--lang", "fr", "--help"], "help"),
    (["deckcheck", "virevolt", "deck.yaml", "--help"], "help"), (["packs"], "packs"), (["--lang=fr", "packs"], "packs"),
    (["play", "volfyirion"], None), (["--version"], None), (["packs", "--json"], None), (["deckcheck", "--bad", "--help"], None),
])
def test_which_command_lines_may_be_served_from_the_cache(args, kind):
    assert console.remembered_kind(args) == kind


def test_the_fingerprint_changes_when_a_file_of_its_folders_changes(tmp_path):
    (tmp_path / "main.py").write_text("a", encoding="utf-8")
    before = console.fingerprint([str(tmp_path)])
    (tmp_path / "main.py").write_text("ab", encoding="utf-8")
    edited = console.fingerprint([str(tmp_path)])
    (tmp_path / "new.po").write_text("", encoding="utf-8")
    added = console.fingerprint([str(tmp_path)])
    assert len({before, edited, added}) == 3


def test_the_pack_list_depends_on_every_installed_packs_folder():
    folders = {Path(p).name for p in console._pack_dirs()}
    assert {"volfyirion", "virevolt"} <= folders


def test_the_cache_folder_keeps_only_the_latest_outputs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(console, "KEEP", 3)
    for width in range(60, 66):
        monkeypatch.setenv("COLUMNS", str(width))
        name, key = console.output_key(["--help"], "help")
        console.remember(name, key, 0, f"help at {width} columns\n")
    assert len(list((tmp_path / "tabletop" / "help").iterdir())) == 3
    assert console.recall(name, key) == (0, "help at 65 columns\n")
