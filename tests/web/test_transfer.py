"""`tabletop tables`: list a server's tables, export one as the terminal's save file, import one."""
from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.framework.game import Game
from tabletop.framework.packs import rules_for
from tests.web.conftest import Seat, Server, token


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_a_table_exports_to_a_save_file_the_terminal_loads_and_imports_back(tmp_path):
    db = tmp_path / "tables.sqlite3"
    server = Server(db)
    links = server.table("volfyirion", [{"kind": "here"}, {"kind": "invite"}], seed=8, options={"first": "p1"})
    a = Seat(server, links["table"], token(links["seats"][0]))
    a.act(a.last["legal"][0]["text"])
    step = a.last["step"]
    server.stop()
    listed = run("tables", "list", "--db", db)
    assert listed.exit_code == 0 and links["table"] in listed.output and "volfyirion" in listed.output
    out = tmp_path / "game.json"
    r = run("tables", "export", links["table"], out, "--db", db)
    assert r.exit_code == 0, r.output
    assert len(Game.load(out, rules_for).log) == step
    assert not list(tmp_path.glob(".game.json.*"))   # written through a temporary file and a rename
    r = run("tables", "import", out, "--bot", "p2=greedy", "--db", db)
    assert r.exit_code == 0, r.output
    assert "p1: /t/" in r.output and "p2:" not in r.output
    server = Server(db)
    new_id = r.output.split("table ")[1].split(":")[0]
    link = r.output.split("p1: ")[1].split()[0]
    b = Seat(server, new_id, link.split("#k=")[1])
    assert b.last["step"] == step and b.last["seats"][1]["bot"] == "greedy"
    server.stop()


def test_exporting_an_unknown_table_says_so(tmp_path):
    db = tmp_path / "tables.sqlite3"
    Server(db).stop()
    r = run("tables", "export", "nope", tmp_path / "x.json", "--db", db)
    assert r.exit_code == 1 and "no table 'nope'" in r.output and not (tmp_path / "x.json").exists()


def test_importing_a_damaged_save_file_says_why(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "tabletop-save", "version": 1, "game": "volfyirion", "options": {},
                               "seed": 1, "actions": [], "checksum": "0" * 64}))
    r = run("tables", "import", bad, "--db", tmp_path / "t.sqlite3")
    assert r.exit_code == 1 and "checksum mismatch" in r.output


READ, REPLAYED = (["list"], ["export"]), (["export"],)


@pytest.mark.parametrize("damage, problem, commands", [
    ("UPDATE tables SET options = 'not json'", "its options, seats or date cannot be read", READ),
    ("UPDATE tables SET created = 'yesterday'", "its options, seats or date cannot be read", READ),
    ("UPDATE tables SET seats = '[{}]'", "its seats are not a list of bots and humans", READ),
    ("UPDATE tables SET seed = 'abc'", "its seed or number of players is not a whole number", READ),
    ("""UPDATE tables SET options = '{"mode": "bogus"}'""", "unknown mode 'bogus'", REPLAYED),
    ("UPDATE actions SET text = 'fly away' WHERE n = 1", "action 1 ('fly away') cannot be replayed: unknown action",
     REPLAYED),
])
def test_a_damaged_table_in_the_database_is_named_with_what_is_wrong(tmp_path, damage, problem, commands):
    """A row edited by hand was a KeyError, a TypeError, a JSONDecodeError or a ValueError: internal errors."""
    save = tmp_path / "game.json"
    game = Game(rules_for("volfyirion"), {"first": "p1"}, 8)
    game.apply_text("play Prospector")
    game.save(save)
    db = tmp_path / "tables.sqlite3"
    r = run("tables", "import", save, "--db", db)
    table = r.output.split("table ")[1].split(":")[0]
    with sqlite3.connect(db) as c:
        c.execute(damage)
    c.close()
    for command in commands:
        args = [table, tmp_path / "out.json"] if command == ["export"] else []
        r = run("tables", *command, *args, "--db", db)
        assert r.exit_code == 1 and f"{db}: table '{table}' is damaged: {problem}" in r.output, r.output
