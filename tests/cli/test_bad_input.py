"""Bad input never crashes: each mistake of issue 12, run as a user runs it (the real
``tabletop`` command in a subprocess). Every one answers with a located, one-line-per-problem
message, exit code 1 (2 for an unusable deck file), no traceback, and loses nothing."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXE = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
CARD = "- name: Test Spark\n  type: command\n  house: red\n  cost: 1\n  main: 2 battle\n"
SCENARIO = "game: volfyirion\nsetup: {active: p1, p1: {hand: [Prospector]}}\nsteps:\n  - play Prospector\n"
BOT = "name: rusher\ngame: volfyirion\nrules:\n  - do: play\n  - do: end turn\n"
DECK = (ROOT / "tests/virevolt/decks/legal.yaml").read_text(encoding="utf-8")
LAUGHS = ("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
          + "".join(f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi")))


def tabletop(*args: str, input: str | None = None, cwd: Path | None = None, env: dict | None = None,
             timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], input=input, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env={**os.environ, "COLUMNS": "120", **(env or {})})


def refused(r: subprocess.CompletedProcess, where: str, code: int = 1) -> str:
    """The answer to bad input: the exit code, a message located at ``where``, no traceback."""
    out = r.stdout + r.stderr
    assert r.returncode == code, out[-3000:]
    assert "Traceback" not in out and "internal error" not in out, out[-3000:]
    assert where in out, out[-3000:]
    return out


def saved_game(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    r = tabletop("play", "volfyirion", "--seed", "8", "--vs", "random", input=f"play Prospector\nsave {save}\nquit\n")
    assert r.returncode == 0, r.stderr
    return save


def read_only_folder(tmp_path: Path) -> Path:
    """A folder nobody may write in: chmod for a user; as root (which ignores modes) sysfs."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


# ---------------------------------------------------------------------- simulate --out
@pytest.mark.parametrize("case", ["existing file", "read-only folder", "parent is a file"])
def test_simulate_out_is_checked_before_the_first_game(tmp_path, case):
    afile = tmp_path / "results"
    afile.write_text("my results", encoding="utf-8")
    out = {"existing file": afile, "read-only folder": read_only_folder(tmp_path) / "out",
           "parent is a file": afile / "out"}[case]
    # 100,000 random games would take many minutes: the answer must come before any is played
    r = tabletop("simulate", "volfyirion", "-n", "100000", "--bots", "random,random", "--workers", "2",
                 "--out", str(out), timeout=60)
    text = refused(r, f"--out {out}")
    assert "games in" not in text
    assert afile.read_text(encoding="utf-8") == "my results"


def test_simulate_creates_a_missing_out_folder_and_refuses_to_replace_a_run(tmp_path):
    out = tmp_path / "a" / "b" / "report"
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    records = (out / "records.jsonl").read_text(encoding="utf-8")
    assert len(records.splitlines()) == 2 and (out / "report.md").exists() and (out / "run.json").exists()
    r = tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(out))
    refused(r, "--overwrite")
    assert (out / "records.jsonl").read_text(encoding="utf-8") == records


# ---------------------------------------------------------------------- Ctrl-C
@pytest.mark.parametrize("backend", ["local", "dask"])
def test_ctrl_c_stops_the_workers_keeps_the_finished_games_and_exits_130(tmp_path, backend):
    out = tmp_path / "run"
    p = subprocess.Popen([EXE, "simulate", "volfyirion", "-n", "30000", "--bots", "greedy,greedy", "--workers", "2",
                          "--backend", backend, "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    records = out / "records.jsonl"
    deadline = time.monotonic() + 120
    while not (records.exists() and records.stat().st_size) and time.monotonic() < deadline and p.poll() is None:
        time.sleep(0.05)
    assert records.exists() and records.stat().st_size, "no game finished"
    os.killpg(p.pid, signal.SIGINT)            # what Ctrl-C in a terminal does: the whole process group
    stdout, stderr = p.communicate(timeout=30)  # playing on would take minutes
    assert p.returncode == 130, stderr
    assert "Traceback" not in stdout + stderr and "KeyboardInterrupt" not in stderr
    kept = int(re.search(r"interrupted: ([\d,]+) of 30,000 games finished", stderr).group(1).replace(",", ""))
    lines = records.read_text(encoding="utf-8").splitlines()
    assert 0 < kept == len(lines) < 30000
    assert sorted(json.loads(x)["index"] for x in lines) == list(range(kept))
    assert f"tabletop simulate --report-only {out}" in stderr
    for _ in range(100):                       # no worker process is left behind
        try:
            os.killpg(p.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("worker processes outlived the interrupted run")
    r = tabletop("simulate", "--report-only", str(out))
    assert r.returncode == 0, r.stderr
    assert f"{kept} games" in r.stdout and (out / "report.md").exists()
    assert json.loads((out / "report.json").read_text())["metrics"]["summary"]["games"] == kept


# ---------------------------------------------------------------------- alias bombs, depth, numbers
@pytest.mark.parametrize("command, code", [(("cards", "lint", "volfyirion"), 1), (("scenario", "run"), 1),
                                           (("deckcheck", "virevolt"), 2)])
def test_a_billion_laughs_file_is_refused_at_once(tmp_path, command, code):
    f = tmp_path / "laughs.yaml"
    f.write_text(LAUGHS, encoding="utf-8")
    out = refused(tabletop(*command, str(f), timeout=60), f"{f}:", code)
    assert "aliases expand this file beyond 100,000 values" in out


@pytest.mark.parametrize("kind", ["card file", "scenario", "saved game"])
def test_ten_thousand_nested_brackets_are_refused(tmp_path, kind):
    deep = "[" * 10_000 + "]" * 10_000
    if kind == "saved game":
        f = tmp_path / "game.json"
        f.write_text('{"format": "tabletop-save", "actions": ' + deep + "}", encoding="utf-8")
        r = tabletop("play", "volfyirion", "--load", str(f), input="quit\n")
    else:
        f = tmp_path / "deep.yaml"
        f.write_text(("- name: " if kind == "card file" else "game: volfyirion\nsteps: ") + deep + "\n", encoding="utf-8")
        r = tabletop(*(("cards", "lint", "volfyirion") if kind == "card file" else ("scenario", "run")), str(f))
    out = refused(r, f"{f}:")
    assert "nest" in out


def test_a_five_thousand_digit_cost_is_refused_without_echoing_it(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text(CARD.replace("cost: 1", "cost: " + "9" * 5000), encoding="utf-8")
    out = refused(tabletop("cards", "lint", "volfyirion", str(f)), f"{f}:4:9: a 5,000-digit number is too large")
    assert "9" * 100 not in out


# ---------------------------------------------------------------------- encodings and folders
def _encoded(kind: str, text: str) -> bytes:
    if kind == "latin-1":
        return text.replace("rusher", "rusher café").replace("Test Spark", "Test Spark é").encode("latin-1") \
            + "\n# café\n".encode("latin-1")
    if kind == "utf-16":
        return text.encode("utf-16")
    if kind == "binary":
        return bytes(range(256)) * 4
    data = bytearray(text.encode("utf-8"))
    data[12] ^= 0x80                            # one flipped bit
    return bytes(data)


def _run_reader(reader: str, f: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    if reader == "card file":
        return tabletop("cards", "lint", "volfyirion", str(f))
    if reader == "scenario":
        return tabletop("scenario", "run", str(f))
    if reader == "scripted bot":
        return tabletop("simulate", "volfyirion", "-n", "1", "--workers", "1", "--bots", f"scripted:{f},random")
    if reader == "deck":
        return tabletop("deckcheck", "virevolt", str(f))
    return tabletop("play", "volfyirion", "--load", str(f), input="quit\n")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "binary", "flipped byte"])
@pytest.mark.parametrize("reader", ["card file", "scenario", "scripted bot", "saved game", "deck"])
def test_files_that_are_not_utf8_are_located(tmp_path, reader, encoding):
    text = {"card file": CARD, "scenario": SCENARIO, "scripted bot": BOT, "deck": DECK}.get(reader)
    if text is None:
        text = saved_game(tmp_path).read_text(encoding="utf-8")
    f = tmp_path / ("bad.json" if reader == "saved game" else "bad.yaml")
    f.write_bytes(_encoded(encoding, text))
    out = refused(_run_reader(reader, f, tmp_path), f"{f}:", 2 if reader == "deck" else 1)
    assert re.search(r"not UTF-8 \(byte 0x[0-9A-F]{2}\)|UTF-16|NUL", out), out


def test_a_byte_order_mark_is_fine(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_bytes(b"\xef\xbb\xbf" + CARD.encode("utf-8"))
    r = tabletop("cards", "lint", "volfyirion", str(f))
    assert r.returncode == 0 and "ok: 1 cards" in r.stdout, r.stderr


def test_a_folder_given_as_a_card_file_is_named(tmp_path):
    refused(tabletop("cards", "lint", "volfyirion", str(tmp_path)), f"{tmp_path}: this is a folder, not a card file")


# ---------------------------------------------------------------------- YAML tags
@pytest.mark.parametrize("command, text, code", [
    (("cards", "lint", "volfyirion"), "- name: !!python/name:os.system\n  type: command\n", 1),
    (("scenario", "run"), "game: volfyirion\ndescription: !!python/name:os.system\nsteps: []\n", 1),
    (("scenario", "run"), "game: volfyirion\ndescription: !!python/object/apply:os.system ['touch {canary}']\n"
                          "steps: []\n", 1),
    (("deckcheck", "virevolt"), "name: x\ncards:\n  !!python/object/apply:os.system ['touch {canary}']: 2\n", 2),
    (("deckcheck", "virevolt"), "name: !binary x\ncards: {Fireball: 1}\n", 2),
])
def test_a_yaml_tag_is_refused_by_name_and_position(tmp_path, command, text, code):
    canary = tmp_path / "CANARY"
    f = tmp_path / "tagged.yaml"
    f.write_text(text.replace("{canary}", str(canary)), encoding="utf-8")
    out = refused(tabletop(*command, str(f)), f"{f}:", code)
    assert re.search(r"tag '!+[\w/:.]+' is not allowed", out), out
    assert not canary.exists()


# ---------------------------------------------------------------------- scenario keys and positions
SCENARIO_FAULTS = {
    "game: 5": "game: 5\nsteps: []\n",
    "game: [x]": "game: [x]\nsteps: []\n",
    "unknown game": "game: chess\nsteps: []\n",
    "seed: abc": "game: volfyirion\nseed: abc\nsteps: []\n",
    "seed: 1.5": "game: volfyirion\nseed: 1.5\nsteps: []\n",
    "seed: -1": "game: volfyirion\nseed: -1\nsteps: []\n",
    "seed: 2.0": "game: virevolt\nseed: 2.0\nsteps: []\n",
    "options: list": "game: volfyirion\noptions: [first]\nsteps: []\n",
    "options: unknown": "game: volfyirion\noptions: {zzz: 1}\nsteps: []\n",
    "options: bad mode": "game: volfyirion\noptions: {mode: bogus}\nsteps: []\n",
    "options: variants number": "game: volfyirion\noptions: {variants: 5}\nsteps: []\n",
    "players: 3": "game: volfyirion\nplayers: 3\nsteps: []\n",
    "players: x": "game: virevolt\nplayers: x\nsteps: []\n",
    "decks: number": "game: virevolt\noptions: {decks: 5}\nsteps: []\n",
    "decks: unknown": "game: virevolt\noptions: {decks: [nodeck, ember]}\nsteps: []\n",
    "cards: number": "game: volfyirion\ncards: 5\nsteps: []\n",
    "cards: item": "game: volfyirion\ncards: [5]\nsteps: []\n",
    "cards: incomplete": "game: volfyirion\ncards: [{name: Test Spark, type: command}]\nsteps: []\n",
    "setup: number": "game: volfyirion\nsetup: 5\nsteps: []\n",
    "setup: hand number": "game: volfyirion\nsetup: {p1: {hand: 5}}\nsteps: []\n",
    "setup: city number": "game: volfyirion\nsetup: {p1: {cities: [5]}}\nsteps: []\n",
    "setup: unknown card": "game: volfyirion\nsetup: {p1: {hand: [Captian]}}\nsteps: []\n",
    "setup: crystal colour": "game: virevolt\nsetup: {p1: {crystals: [purple]}}\nsteps: []\n",
    "steps: number": "game: volfyirion\nsteps: 5\n",
    "steps: bad step": "game: volfyirion\nsteps: [{expect: 5}]\n",
    "negative tokens": "game: virevolt\nsetup: {p1: {tokens: -5}}\nsteps: []\n",
    "negative points": "game: volfyirion\nsetup: {p1: {points: {battle: -3}}}\nsteps: []\n",
    "dead hero in play": "game: virevolt\nsetup: {p1: {main: Ember Warden, damage: {Ember Warden: 99}}}\nsteps: []\n",
    "city card in hand": "game: volfyirion\nsetup: {p1: {hand: [Volfyirion's Lair]}}\nsteps: []\n",
}


@pytest.mark.parametrize("name", SCENARIO_FAULTS)
def test_scenario_run_validates_every_key_and_refuses_impossible_positions(tmp_path, name):
    f = tmp_path / "s.yaml"
    f.write_text(SCENARIO_FAULTS[name], encoding="utf-8")
    out = refused(tabletop("scenario", "run", str(f)), f"{f}:")
    assert re.search(re.escape(str(f)) + r":\d+", out), out
    assert "PASS" not in out and "0 passed, 1 failed" in out


# ---------------------------------------------------------------------- saved games
def _damaged(save: Path, name: str) -> Path:
    data = json.loads(save.read_text(encoding="utf-8"))
    changes = {"options zzz": {"options": {"zzz": 1}}, "mode bogus": {"options": {"mode": "bogus"}},
               "list options": {"options": {"variants": [[1]]}}, "list seed": {"seed": [1]},
               "players 3": {"players": 3}, "players x": {"players": "x"}, "unknown game": {"game": "chess"},
               "actions not text": {"actions": [1, 2]}}
    bad = save.with_name(f"{name.replace(' ', '-')}.json")
    if name == "not UTF-8":
        bad.write_bytes(save.read_bytes().replace(b"volfyirion", b"volfyiri\xe9n"))
    elif name == "deep nesting":
        bad.write_text(json.dumps({**data, "options": {}}).replace('"options": {}', '"options": ' + "[" * 10_000 + "]" * 10_000))
    else:
        bad.write_text(json.dumps({**data, **changes[name]}, indent=1), encoding="utf-8")
    return bad


DAMAGE = ["options zzz", "mode bogus", "list options", "list seed", "players 3", "players x", "unknown game",
          "actions not text", "not UTF-8", "deep nesting"]


@pytest.mark.parametrize("name", DAMAGE)
def test_a_damaged_save_is_refused_and_the_current_game_goes_on(tmp_path, name):
    bad = _damaged(saved_game(tmp_path), name)
    r = tabletop("play", "volfyirion", "--seed", "3", "--vs", "random", input=f"load {bad}\nlog\nquit\n")
    out = r.stdout + r.stderr
    assert r.returncode == 0 and "Traceback" not in out, out[-3000:]
    assert f"{bad}" in out and "not loaded: the current game goes on" in out
    assert out.index("not loaded") < out.index("leaving the game")   # the session went on to 'quit'
    refused(tabletop("play", "volfyirion", "--load", str(bad), input="quit\n"), f"{bad}")


def test_a_read_only_save_is_not_replaced(tmp_path):
    save = saved_game(tmp_path)
    before = save.read_bytes()
    save.chmod(0o444)
    r = tabletop("play", "volfyirion", "--seed", "9", "--vs", "random", input=f"save {save}\nquit\n")
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr
    assert f"cannot save to {save}: the file is read-only" in r.stdout
    assert save.read_bytes() == before


@pytest.mark.parametrize("command", ["cards doc", "report"])
def test_a_read_only_output_file_is_refused_not_crashed_on(tmp_path, command):
    target = tmp_path / "report.md"
    if command == "report":
        assert tabletop("simulate", "volfyirion", "-n", "2", "--workers", "1", "--out", str(tmp_path)).returncode == 0
    target.write_text("mine", encoding="utf-8")
    target.chmod(0o444)
    args = ("cards", "doc", "volfyirion", "--out", str(target)) if command == "cards doc" else \
        ("simulate", "--report-only", str(tmp_path))
    refused(tabletop(*args), f"{target}: the file is read-only: not replacing it")
    assert target.read_text(encoding="utf-8") == "mine"


def test_an_atomic_write_syncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    import stat

    from tabletop.framework.game import write_atomic

    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomic(tmp_path / "f.json", "{}")
    assert synced == [False, True]          # the file's data, then the folder holding the new name


# ---------------------------------------------------------------------- plugins and imports
def test_a_broken_pack_is_named_and_every_other_pack_still_works(tmp_path):
    dist = tmp_path / "brokenpack-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: brokenpack\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[tabletop.packs]\nbrokenpack = brokenpack\n")
    (tmp_path / "brokenpack.py").write_text(
        "from tabletop.framework.hookspecs import hookimpl\n"
        "from tabletop.framework.packs import PackInfo\n\n"
        "@hookimpl\ndef tabletop_pack_info():\n    return PackInfo('brokenpack', '0.1', 'No card format')\n")
    env = {"PYTHONPATH": str(tmp_path)}
    r = tabletop("packs", env=env)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert "volfyirion" in r.stdout and "virevolt" in r.stdout
    assert "brokenpack" in r.stderr and "tabletop_card_format" in r.stderr
    r = tabletop("cards", "list", "volfyirion", env=env)
    assert r.returncode == 0 and "Captain" in r.stdout


def test_simulate_never_imports_from_the_current_folder(tmp_path):
    canary = tmp_path / "CANARY"
    (tmp_path / "evil.py").write_text(f"open({str(canary)!r}, 'w').close()\npack = None\n")
    refused(tabletop("simulate", "evil:pack", "-n", "1", cwd=tmp_path), "not the name of an installed pack")
    refused(tabletop("simulate", "os:system", "-n", "1", cwd=tmp_path), "not the name of an installed pack")
    refused(tabletop("simulate", "--pack-module", "evil:pack", "-n", "1", cwd=tmp_path), "the current folder is not searched")
    refused(tabletop("simulate", "--pack-module", "os:system", "-n", "1", cwd=tmp_path), "'system' is not a pack object")
    refused(tabletop("simulate", "volfyirion", "--bots", "evil:pack,random", "-n", "1", cwd=tmp_path), "bad bot 'evil:pack'")
    assert not canary.exists()


# ---------------------------------------------------------------------- messages
def test_long_values_are_cut_in_messages(tmp_path):
    long_line = "x" * 100_000
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"name: long\ncards:\n  Fireball: {long_line}\n", encoding="utf-8")
    text = tmp_path / "text.yaml"
    text.write_text(CARD.replace("main: 2 battle", f"main: {long_line}"), encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text(f"game: volfyirion\nsteps:\n  - {long_line}\n  - expect: {{active: {long_line}}}\n")
    for r in (tabletop("deckcheck", "virevolt", str(deck)), tabletop("cards", "lint", "volfyirion", str(text)),
              tabletop("scenario", "run", str(scenario)),
              tabletop("play", "volfyirion", "--seed", "1", input=f"{long_line}\nquit\n")):
        out = r.stdout + r.stderr
        assert "Traceback" not in out and re.search(r"x{20,80}…", out), out[-2000:]
        for line in out.splitlines():      # a message quotes at most 80 characters of a value; the
            longest = max(map(len, re.findall(r"x+", line)), default=0)   # source is shown as a window
            assert longest <= (101 if line.startswith("    ") else 80), line[:200]


def test_plain_deckcheck_gives_the_column_of_a_yaml_error(tmp_path):
    f = tmp_path / "deck.yaml"
    f.write_text("name: x\ncards:\n  Fireball: [1\n", encoding="utf-8")
    refused(tabletop("deckcheck", "virevolt", str(f)), f"{f}:4:1: not valid YAML", 2)


@pytest.mark.parametrize("pack, text, listed", [
    ("volfyirion", CARD.replace("2 battle", "2 mana"), "a resource is one of 'command', 'battle' or 'knowledge'"),
    ("virevolt", "- name: Test Hero\n  type: hero\n  colour: red\n  hp: 3\n  rotation: 1 purple\n  sacrifice: 1 red\n",
     "a crystal is one of 'neutral', 'red', 'blue', 'green' or 'mauve'"),
    ("volfyirion", CARD.replace("main: 2 battle", "main: ' '"), "card 'Test Spark', field 'main': the text is empty"),
])
def test_a_message_says_what_a_word_may_be_and_where_it_is(tmp_path, pack, text, listed):
    f = tmp_path / "cards.yaml"
    f.write_text(text, encoding="utf-8")
    out = refused(tabletop("cards", "lint", pack, str(f)), f"{f}:5:")
    assert listed in out


def test_a_colon_in_a_plain_text_gets_the_quoting_hint(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text(CARD.replace("main: 2 battle", "main: gain 2 battle: draw 1"), encoding="utf-8")
    out = refused(tabletop("cards", "lint", "volfyirion", str(f)), f"{f}:5:")
    assert 'a text containing \': \' must be quoted: main: "gain 2 battle: draw 1"' in out
