"""Numbers and places no command can use are refused at once, by the option that gave them:
infinite or NaN seconds, minutes, millimetres or bonuses, a bot asked for more iterations than
a lifetime holds, a port out of range or taken, an address that is not this machine's, and a
``--db`` that is not a tables database (which is left as it was). Each runs the real
``tabletop`` command as a user does; a timeout turns a regression to a hang into a failure."""
from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_bad_input import read_only_folder, refused, tabletop

HUGE = "99999999999999999999"
QUICK = 60  # seconds: every answer here comes before any game is played (or within one)


def _said(r) -> str:
    return r.stdout + r.stderr


# ---------------------------------------------------------------------- --think
@pytest.mark.parametrize("args", [
    ("play", "volfyirion", "--vs", "mcts", "--think", "inf", "--first", "p2"),
    ("play", "volfyirion", "--vs", "mcts", "--think", "nan", "--first", "p2"),
    ("play", "volfyirion", "--vs", "mcts", "--think", "-1", "--first", "p2"),
    ("play", "volfyirion", "--vs", "mcts", "--think", "99999", "--first", "p2"),
    ("watch", "volfyirion", "--think", "-1", "--bots", "mcts", "--delay", "0"),
    ("watch", "volfyirion", "--think", "inf", "--bots", "mcts", "--delay", "0"),
    ("simulate", "volfyirion", "-n", "2", "--workers", "1", "--bots", "mcts", "--think", "nan"),
    ("simulate", "volfyirion", "-n", "2", "--workers", "1", "--bots", "mcts", "--think", "inf"),
])
def test_think_must_be_a_finite_positive_number_of_seconds(args):
    value = args[args.index("--think") + 1]
    out = refused(tabletop(*args, input="quit\n", timeout=QUICK), f"--think {float(value):g}: give a finite number "
                                                                  "of seconds above 0 and at most 3,600")
    assert "e.g. --think 2" in out


# ---------------------------------------------------------------------- mcts:ITERATIONS
@pytest.mark.parametrize("args, option", [
    (("play", "volfyirion", "--vs", f"mcts:{HUGE}", "--first", "p2"), "--vs"),
    (("watch", "volfyirion", "--bots", f"mcts:{HUGE}", "--delay", "0"), "--bots"),
    (("simulate", "volfyirion", "-n", "2", "--workers", "1", "--bots", f"mcts:{HUGE},random"), "--bots"),
])
def test_mcts_iterations_are_bounded(args, option):
    out = refused(tabletop(*args, input="quit\n", timeout=QUICK), f"{option}: bad bot 'mcts:{HUGE}'")
    assert "1 to 1,000,000 iterations" in out


def test_simulate_iterations_are_bounded():
    refused(tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--bots", "mcts",
                     "--iterations", HUGE, timeout=QUICK), f"--iterations {HUGE}: give a number of iterations from 1")


# ---------------------------------------------------------------------- decks tune --minutes
@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_tune_minutes_must_be_a_finite_positive_number(value):
    out = refused(tabletop("decks", "tune", "virevolt", "ember", "--against", "tide", "--workers", "1",
                           "--minutes", value, timeout=QUICK), f"--minutes {float(value):g}: give a finite number of minutes")
    assert "games in" not in out  # refused before any game, not 'a result after 0 games'


# ---------------------------------------------------------------------- watch --delay
@pytest.mark.parametrize("value", ["inf", "1e300", "nan", "61"])
def test_watch_delay_must_be_a_finite_number_of_seconds_up_to_a_minute(value):
    out = refused(tabletop("watch", "volfyirion", "--delay", value, "--seed", "1", timeout=QUICK),
                  f"--delay {float(value):g}: give a finite number of seconds from 0 to 60")
    assert "Game over" not in out


# ---------------------------------------------------------------------- cards print, cards value
def test_print_bleed_must_be_finite(tmp_path):
    pytest.importorskip("reportlab")
    out = tmp_path / "x.pdf"
    refused(tabletop("cards", "print", "volfyirion", "--bleed", "nan", "--only", "Captain", "--out", str(out),
                     timeout=QUICK), "--bleed nan: give a finite number of millimetres")
    assert not out.exists()


@pytest.mark.parametrize("element, column", [
    ("{text: '{name}', box: [.nan, 2, 40, 7], size: 11}", 28),
    ("{text: '{name}', box: [4, 2, 40, 7], size: .inf}", 48),
    ("{text: '{name}', box: [4, 2, 40, 7], size: 1.0e+300}", 48),
])
def test_a_layout_number_that_is_not_finite_is_located(tmp_path, element, column):
    pytest.importorskip("reportlab")
    f = tmp_path / "hero.yaml"
    f.write_text(f"types: [hero]\nelements:\n  - {element}\n", encoding="utf-8")
    out = tmp_path / "x.pdf"
    text = refused(tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--layout", str(f),
                            "--out", str(out), timeout=QUICK), f"{f}:3:{column}: elements/0/")
    assert "is not a number a card can hold" in text
    assert not out.exists()


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_card_value_bonus_must_be_finite(value):
    refused(tabletop("cards", "value", "volfyirion", "--bonus", value, "-n", "1", "--workers", "1", timeout=QUICK),
            f"--bonus {value}: give a finite number of bonus points")


# ---------------------------------------------------------------------- serve: where it listens
def _no_server_started(out: str) -> None:
    assert "open http" not in out and "ERROR" not in out, out


@pytest.mark.parametrize("port", ["99999", "-1", "0"])
def test_serve_port_must_be_from_1_to_65535(port):
    pytest.importorskip("uvicorn")
    _no_server_started(refused(tabletop("serve", "--port", port, timeout=QUICK),
                               f"--port {port}: give a port from 1 to 65535"))


@pytest.mark.parametrize("host", ["999.999.1.1", "192.0.2.1"])  # malformed; TEST-NET-1, nobody's address here
def test_serve_host_must_be_an_address_of_this_machine(host):
    pytest.importorskip("uvicorn")
    _no_server_started(refused(tabletop("serve", "--host", host, "--port", "8000", timeout=QUICK),
                               f"--host {host}: not an address of this machine"))


def test_serve_on_a_port_in_use_says_so_in_one_line(tmp_path):
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = tabletop("serve", "--port", str(port), "--db", str(tmp_path / "t.db"), timeout=QUICK)
    out = refused(r, f"--port {port}: the port is in use on 127.0.0.1")
    _no_server_started(out)
    assert len(out.strip().splitlines()) == 1, out
    assert not (tmp_path / "t.db").exists()


# ---------------------------------------------------------------------- --db that is no tables database
def _not_a_database(tmp_path: Path, kind: str) -> Path:
    f = tmp_path / {"text": "text.db", "yaml": "tables.yaml", "folder": "folder", "other sqlite": "other.db"}[kind]
    if kind == "text":
        f.write_text("my notes\n", encoding="utf-8")
    elif kind == "yaml":
        f.write_text("name: x\ncards: {Fireball: 2}\n", encoding="utf-8")
    elif kind == "folder":
        f.mkdir()
    else:
        con = sqlite3.connect(f)
        con.execute("CREATE TABLE songs (title TEXT)")
        con.commit()
        con.close()
    return f


def _fingerprint(path: Path):
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


@pytest.mark.parametrize("kind", ["text", "yaml", "folder", "other sqlite"])
@pytest.mark.parametrize("command", ["serve", "tables list", "tables import"])
def test_a_db_that_is_not_a_tables_database_is_named_and_left_alone(tmp_path, command, kind):
    pytest.importorskip("uvicorn")
    db = _not_a_database(tmp_path, kind)
    before = _fingerprint(db)
    save = tmp_path / "game.json"
    save.write_text("{}", encoding="utf-8")
    args = {"serve": ("serve", "--port", "8000"), "tables list": ("tables", "list"),
            "tables import": ("tables", "import", str(save))}[command]
    out = refused(tabletop(*args, "--db", str(db), timeout=QUICK), f"--db {db}")
    assert ("this is a folder, not a tables database" if kind == "folder"
            else "this is not a tabletop tables database") in out
    _no_server_started(out)
    assert _fingerprint(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([db.name, "game.json"])  # no -wal, no -journal


@pytest.mark.parametrize("command", ["serve", "tables import"])
def test_a_db_under_a_file_is_refused(tmp_path, command):
    pytest.importorskip("uvicorn")
    parent = tmp_path / "notes.txt"
    parent.write_text("keep", encoding="utf-8")
    db = parent / "x.db"
    save = tmp_path / "game.json"
    save.write_text("{}", encoding="utf-8")
    args = ("serve", "--port", "8000") if command == "serve" else ("tables", "import", str(save))
    out = refused(tabletop(*args, "--db", str(db), timeout=QUICK), f"--db {db}: {parent} is a file, not a folder")
    _no_server_started(out)
    assert parent.read_text(encoding="utf-8") == "keep"


def test_the_command_line_bounds_mcts_as_the_bot_maker_does():
    from tabletop.batches.games import MAX_ITERATIONS as made
    from tabletop.cli.options import MAX_ITERATIONS as checked

    assert checked == made


def _symlink_loop(tmp_path: Path, name: str) -> Path:
    a, b = tmp_path / name, tmp_path / f"other-{name}"
    a.symlink_to(b)
    b.symlink_to(a)
    return a


@pytest.mark.parametrize("command", ["serve", "tables list", "tables import"])
def test_a_db_that_is_a_symlink_loop_is_refused(tmp_path, command):
    """A loop is no file (exists() is False): it was taken for a new database and SQLite's
    'unable to open database file' (or pathlib's RuntimeError) was an internal error."""
    pytest.importorskip("uvicorn")
    db = _symlink_loop(tmp_path, "tables.sqlite3")
    save = tmp_path / "game.json"
    save.write_text("{}", encoding="utf-8")
    args = {"serve": ("serve", "--port", "8000"), "tables list": ("tables", "list"),
            "tables import": ("tables", "import", str(save))}[command]
    out = refused(tabletop(*args, "--db", str(db), timeout=QUICK), f"--db {db}: cannot use this file: a symbolic link on the way loops back on itself")
    _no_server_started(out)


def test_a_db_in_a_folder_sqlite_cannot_write_in_is_refused(tmp_path):
    save = tmp_path / "game.json"
    game = tabletop("play", "volfyirion", "--seed", "8", input=f"save {save}\nquit\n")
    assert game.returncode == 0, game.stderr
    db = (Path("/sys") if os.geteuid() == 0 else read_only_folder(tmp_path)) / "tables.sqlite3"
    refused(tabletop("tables", "import", str(save), "--db", str(db), timeout=QUICK),
            f"{db}: cannot open the tables database")


def test_a_layout_that_is_a_symlink_loop_is_refused(tmp_path):
    """pathlib's resolve() raised RuntimeError on the loop while --out was compared with the inputs."""
    layout = _symlink_loop(tmp_path, "layout.yaml")
    refused(tabletop("cards", "print", "volfyirion", "--only", "Prospector", "-o", str(tmp_path / "o.pdf"),
                     "--layout", str(layout), timeout=QUICK), f"{layout}: this is a symbolic link that loops back on itself")


def test_a_simulation_folder_that_is_a_symlink_loop_is_said_to_be_one(tmp_path):
    """mkdir answered 'File exists' for the loop, which names nothing that exists."""
    out = _symlink_loop(tmp_path, "out")
    refused(tabletop("simulate", "volfyirion", "-n", "1", "--workers", "1", "--out", str(out), timeout=QUICK),
            f"--out {out}: cannot write there: a symbolic link on the way loops back on itself")
