"""Nothing the user had is lost: a command that writes a file refuses one that already exists (the
user's own report, deck, notes, PDF or saved game) unless told to replace it (``--force``,
``--overwrite``, ``save FILE --force``), with exit code 1, a message naming the file and the option,
and no traceback; and a write that fails names the user's file, never the temporary one. Each run
as a user runs it: the real ``tabletop`` command in a subprocess."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXE = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
DECK = ROOT / "tests/virevolt/decks/legal.yaml"


def tabletop(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], input=input, capture_output=True, text=True, timeout=120, cwd=cwd,
                          env={**os.environ, "COLUMNS": "120"})


def refused(r: subprocess.CompletedProcess, *words: str) -> str:
    out = r.stdout + r.stderr
    assert r.returncode == 1, out[-3000:]
    assert "Traceback" not in out and ".tmp" not in out, out[-3000:]
    for word in words:
        assert word in out, out[-3000:]
    return out


def mine(path: Path, text: bytes = b"my own file, not to be lost\n") -> bytes:
    path.write_bytes(text)
    return text


def save_of(tmp_path: Path, seed: str, name: str = "game.json") -> Path:
    save = tmp_path / name
    r = tabletop("play", "volfyirion", "--seed", seed, "--vs", "random", input=f"save {save}\nquit\n")
    assert r.returncode == 0 and f"saved to {save}" in r.stdout, r.stdout + r.stderr
    return save


# ---------------------------------------------------------------------- simulate --out
def test_simulate_keeps_the_users_reports_in_a_folder_without_records(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    kept = {name: mine(out / name, f"my {name}\n".encode()) for name in ("report.md", "report.json", "run.json")}
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(out))
    refused(r, str(out), "report.md", "report.json", "run.json", "--overwrite")
    assert {name: (out / name).read_bytes() for name in kept} == kept
    assert not (out / "records.jsonl").exists()
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(out), "--overwrite")
    assert r.returncode == 0, r.stderr
    assert (out / "report.md").read_text(encoding="utf-8").startswith("# Simulation report")


@pytest.mark.parametrize("name", ["win_rates.png", "game_length.png", "cards_played.png"])
def test_simulate_keeps_a_chart_of_the_users(tmp_path, name):
    before = mine(tmp_path / name)
    refused(tabletop("simulate", "volfyirion", "-n", "1", "--workers", "1", "--out", str(tmp_path)), name, "--overwrite")
    assert (tmp_path / name).read_bytes() == before


# ---------------------------------------------------------------------- tables export
def test_tables_export_keeps_an_existing_file_unless_forced(tmp_path):
    pytest.importorskip("starlette")
    db = tmp_path / "tables.sqlite3"
    r = tabletop("tables", "import", str(save_of(tmp_path, "9")), "--db", str(db))
    assert r.returncode == 0, r.stderr
    table = r.stdout.split()[1].rstrip(":")
    deck = tmp_path / "deck.yaml"
    before = mine(deck, b"name: my deck\ncards: {}\n")
    refused(tabletop("tables", "export", table, str(deck), "--db", str(db)), str(deck), "--force")
    assert deck.read_bytes() == before
    r = tabletop("tables", "export", table, str(deck), "--db", str(db), "--force")
    assert r.returncode == 0, r.stderr
    assert '"tabletop-save"' in deck.read_text(encoding="utf-8")


def test_tables_export_replaces_only_an_earlier_save_of_the_same_table(tmp_path):
    pytest.importorskip("starlette")
    db = tmp_path / "tables.sqlite3"
    r = tabletop("tables", "import", str(save_of(tmp_path, "9")), "--db", str(db))
    table = r.stdout.split()[1].rstrip(":")
    export = tmp_path / "export.json"
    assert tabletop("tables", "export", table, str(export), "--db", str(db)).returncode == 0
    r = tabletop("tables", "export", table, str(export), "--db", str(db))       # again, as the table goes on
    assert r.returncode == 0, r.stderr
    other = save_of(tmp_path, "10", "other.json")
    before = other.read_bytes()
    refused(tabletop("tables", "export", table, str(other), "--db", str(db)), str(other), "--force")
    assert other.read_bytes() == before


# ---------------------------------------------------------------------- cards doc, rules doc
@pytest.mark.parametrize("command", ["cards", "rules"])
def test_a_doc_keeps_the_users_file_unless_forced(tmp_path, command):
    notes = tmp_path / "notes.md"
    before = mine(notes)
    refused(tabletop(command, "doc", "volfyirion", "-o", str(notes)), str(notes), "--force")
    assert notes.read_bytes() == before
    r = tabletop(command, "doc", "volfyirion", "-o", str(notes), "--force")
    assert r.returncode == 0, r.stderr
    assert notes.read_bytes() != before and notes.read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize("command", ["cards", "rules"])
def test_a_doc_regenerates_the_page_it_wrote_without_force(tmp_path, command):
    """docs/packs/PACK-cards.md and docs/rules/PACK.md are regenerated in place (their header says so)."""
    page = tmp_path / "page.md"
    assert tabletop(command, "doc", "volfyirion", "-o", str(page)).returncode == 0
    first = page.read_bytes()
    page.write_bytes(first.replace(b"\n## ", b"\n## stale ", 1))
    r = tabletop(command, "doc", "volfyirion", "-o", str(page))
    assert r.returncode == 0, r.stderr
    assert page.read_bytes() == first
    other = "rules" if command == "cards" else "cards"       # the other command's page is not its own
    refused(tabletop(other, "doc", "volfyirion", "-o", str(page)), str(page), "--force")
    assert page.read_bytes() == first


# ---------------------------------------------------------------------- cards print
def test_cards_print_keeps_an_existing_pdf_unless_forced(tmp_path):
    pytest.importorskip("reportlab")
    pytest.importorskip("pypdfium2")
    pdf = tmp_path / "existing.pdf"
    before = mine(pdf, b"%PDF-1.4 my own document\n")
    refused(tabletop("cards", "print", "volfyirion", "--only", "Captain", "--out", str(pdf)), str(pdf), "--force")
    assert pdf.read_bytes() == before
    r = tabletop("cards", "print", "volfyirion", "--only", "Captain", "--out", str(pdf), "--force")
    assert r.returncode == 0, r.stderr
    assert pdf.read_bytes() != before and pdf.read_bytes().startswith(b"%PDF")


def test_cards_print_replaces_only_a_pdf_it_wrote_untouched(tmp_path):
    pytest.importorskip("reportlab")
    pytest.importorskip("pypdfium2")
    pdf = tmp_path / "cards.pdf"
    args = ("cards", "print", "volfyirion", "--only", "Captain", "--out", str(pdf))
    assert tabletop(*args).returncode == 0
    r = tabletop(*args)                     # printed again: its own earlier output is replaced
    assert r.returncode == 0, r.stderr
    edited = pdf.read_bytes() + b"1 0 obj\n<< /Annots [] >>\nendobj\ntrailer\n<< /Info 9 0 R >>\n%%EOF\n"
    pdf.write_bytes(edited)                 # saved again by another program (an incremental update)
    refused(tabletop(*args), str(pdf), "--force")
    assert pdf.read_bytes() == edited


# ---------------------------------------------------------------------- save in play
def test_save_keeps_another_games_save_unless_forced(tmp_path):
    save = save_of(tmp_path, "9")
    before = save.read_bytes()
    r = tabletop("play", "volfyirion", "--seed", "10", "--vs", "random", input=f"save {save}\nquit\ny\n")
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr
    assert f"{save} holds another saved game" in r.stdout and f"save {save} --force" in r.stdout, r.stdout[-2000:]
    assert save.read_bytes() == before
    r = tabletop("play", "volfyirion", "--seed", "10", "--vs", "random", input=f"save {save} --force\nquit\n")
    assert f"saved to {save}" in r.stdout, r.stdout[-2000:]
    assert '"seed": 10' in save.read_text(encoding="utf-8")


def test_save_again_replaces_the_same_games_save(tmp_path):
    save = tmp_path / "game.json"
    r = tabletop("play", "volfyirion", "--seed", "9", "--vs", "random",
                 input=f"save {save}\nplay Prospector\nsave {save}\nquit\n")
    assert r.stdout.count(f"saved to {save}") == 2, r.stdout[-2000:]
    r = tabletop("play", "volfyirion", "--load", str(save), "--vs", "random", input=f"1\nsave {save}\nquit\n")
    assert f"saved to {save}" in r.stdout and "holds another" not in r.stdout, r.stdout[-2000:]


# ---------------------------------------------------------------------- write errors name the file
def test_a_write_into_a_folder_names_the_folder_not_a_temporary_file(tmp_path):
    from tabletop.framework.game import write_atomic

    folder = tmp_path / "SOME_DIR"
    folder.mkdir()
    refused(tabletop("cards", "doc", "volfyirion", "-o", str(folder)), f"{folder}: ")
    with pytest.raises(OSError) as e:
        write_atomic(folder, "x")
    assert e.value.filename == str(folder)
    assert list(folder.iterdir()) == [] and list(tmp_path.iterdir()) == [folder]


def test_a_write_into_a_missing_folder_names_the_file(tmp_path):
    target = tmp_path / "nonexistent" / "x.txt"
    refused(tabletop("decks", "convert", "virevolt", str(DECK), "--to", "list", "--out", str(target)),
            f"{target}: ", "does not exist")
    refused(tabletop("cards", "doc", "volfyirion", "-o", str(target)), f"{target}: ", "does not exist")


def test_a_write_into_a_read_only_folder_names_the_file(tmp_path):
    from tabletop.framework.game import write_atomic

    if os.geteuid() == 0:
        folder = Path("/sys")        # root ignores modes; sysfs refuses new files
    else:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o555)
    target = folder / "cards.md"
    refused(tabletop("cards", "doc", "volfyirion", "-o", str(target)), f"{target}: ")
    with pytest.raises(OSError) as e:
        write_atomic(target, "x")
    assert e.value.filename == str(target)
