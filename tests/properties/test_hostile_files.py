"""Every reader of a user's file, fed hostile files: mutated examples, known attacks, random bytes.

For each reader (card files, scenarios, decks, scripted bots, saved games, value files,
simulation records) hypothesis draws files from :mod:`tests.properties.hostile` and each
one is run through the command a user would type (in-process, so hundreds of examples
stay quick). Whatever the file: no traceback (no exception escapes the command), exit code
0 for a file that happens to be fine or 1/2 with a message naming the file, the canary file
that the attacks name is never created, and the command finishes within its time limit.
"""
from __future__ import annotations

import json
import os
import re
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.framework.errors import TabletopError
from tests.properties.hostile import hostile_files

EXAMPLES = int(os.environ.get("TABLETOP_HOSTILE_EXAMPLES", 300))
CANARY = str(Path(tempfile.gettempdir()) / f"tabletop-canary-{os.getpid()}")
LIMIT = 30  # seconds per file: a hang guard, far above what any file takes
ROOT = Path(__file__).resolve().parents[2]
RUN = settings(max_examples=EXAMPLES, deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.large_base_example, HealthCheck.function_scoped_fixture])

CARDS = b"""\
- name: Test Spark
  type: command
  house: red
  cost: 1
  main: 2 battle
  secondary: synergy red -> draw 1
- name: Test Guard
  type: troop
  house: grey
  cost: 3
  defence: 4
  main: 1 command
"""
CARDS_VIREVOLT = b"""\
- name: Test Warden
  type: hero
  colour: red
  hp: 6
  rotation: 1 neutral
  sacrifice: 2 red
  attacks:
    - name: Flame Lash
      cost: 2 red
      effect: deal 3 damage to target enemy hero; inflict burn on target enemy hero
- name: Test Spark
  type: incantation
  colour: red
  effects:
    - cost: 1 red and 1 neutral
      effect: deal 2 damage to target enemy hero
"""
SCENARIO = b"""\
game: volfyirion
description: A guarded city needs two attacks
options: {first: p1}
seed: 7
setup:
  active: p1
  p1: {hand: [Captain, Prospector], points: {battle: 19}}
  p2: {cities: [{troop: Elite Trooper}, {}, {}]}
steps:
  - attack p2.city1
  - expect: {p2.city1.troop: null, p2.city1.destroyed: false}
  - illegal: [attack p2.lair]
  - legal: [end turn]
  - pending: null
"""
SCENARIO_VIREVOLT = (ROOT / "tests/scenarios/virevolt/flame_lash_burn.yaml").read_bytes()
DECK = (ROOT / "tests/virevolt/decks/legal.yaml").read_bytes()
BOT = (ROOT / "tests/simulation/bots/volfyirion_rusher.yaml").read_bytes()
VALUE = (ROOT / "packs/virevolt/value.yaml").read_bytes()


class TookTooLong(Exception):
    pass


def _alarm(signum, frame):
    raise TookTooLong(f"did not finish within {LIMIT} s")


def run_user_command(args: list[str], input: str | None = None):
    """The command as a user runs it, with a time limit; the checks every reader shares."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        result = CliRunner().invoke(app, args, input=input)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{type(result.exception).__name__}: {result.exception}"
    assert "Traceback" not in result.output
    return result


def check_answer(result, file: Path, codes=(0, 1, 2)) -> None:
    event(f"exit code {result.exit_code}: {_first_words(result.output, file)}")
    assert result.exit_code in codes, (result.exit_code, result.output[-2000:])
    if result.exit_code:
        assert str(file) in result.output, f"no location in: {result.output[:1000]}"


def _first_words(output: str, file: Path) -> str:
    """The kind of answer, for hypothesis' statistics (pytest --hypothesis-show-statistics)."""
    text = output.replace(str(file), "FILE")
    line = next((x for x in text.splitlines() if x.strip() and not x.startswith("FAIL")), "")
    return " ".join(re.sub(r"FILE(:\d+)*: ", "", line).split()[:4])


def _write(folder: Path, name: str, data: bytes) -> Path:
    f = folder / name
    f.write_bytes(data)
    return f


@pytest.mark.parametrize("pack, valid", [("volfyirion", CARDS), ("virevolt", CARDS_VIREVOLT)], ids=["volfyirion", "virevolt"])
def test_card_files(pack, valid, tmp_path_factory):
    @RUN
    @given(data=hostile_files(valid, "yaml", CANARY))
    def one(data):
        folder = tmp_path_factory.mktemp("cards")
        f = _write(folder, "cards.yaml", data)
        check_answer(run_user_command(["cards", "lint", pack, str(f)]), f)
        assert not Path(CANARY).exists()

    one()


@pytest.mark.parametrize("valid", [SCENARIO, SCENARIO_VIREVOLT], ids=["volfyirion", "virevolt"])
def test_scenario_files(valid, tmp_path_factory):
    @RUN
    @given(data=hostile_files(valid, "yaml", CANARY))
    def one(data):
        folder = tmp_path_factory.mktemp("scenario")
        f = _write(folder, "scenario.yaml", data)
        result = run_user_command(["scenario", "run", str(f)])
        check_answer(result, f, codes=(0, 1))
        assert not Path(CANARY).exists()

    one()


@RUN
@given(data=hostile_files(DECK, "yaml", CANARY))
def test_deck_files(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("deck")
    f = _write(folder, "deck.yaml", data)
    check_answer(run_user_command(["deckcheck", "virevolt", str(f)]), f)
    assert not Path(CANARY).exists()


@RUN
@given(data=hostile_files(BOT, "yaml", CANARY))
def test_scripted_bot_files(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("bot")
    f = _write(folder, "bot.yaml", data)
    result = run_user_command(["simulate", "volfyirion", "-n", "1", "--workers", "1", "--max-turns", "2",
                               "--bots", f"scripted:{f},random"])
    check_answer(result, f, codes=(0, 1))
    assert not Path(CANARY).exists()


def _valid_save() -> bytes:
    from tabletop.framework.game import Game
    from tabletop.framework.packs import registry

    game = Game(registry().get("volfyirion").rules(), {"first": "p1"}, 5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return (json.dumps(game.to_save(), indent=1) + "\n").encode()


SAVE = _valid_save()


@RUN
@given(data=hostile_files(SAVE, "json", CANARY))
def test_saved_games(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("save")
    f = _write(folder, "game.json", data)
    result = run_user_command(["play", "volfyirion", "--vs", "random", "--load", str(f)], input="quit\n")
    check_answer(result, f, codes=(0, 1))
    assert not Path(CANARY).exists()


@RUN
@given(data=hostile_files(VALUE, "yaml", CANARY))
def test_value_files(data, tmp_path_factory):
    """Value files have no command of their own: the loader is called as the pack calls it."""
    from tabletop.packs.virevolt import value

    folder = tmp_path_factory.mktemp("value")
    f = _write(folder, "value.yaml", data)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        value.Model.load(f)
    except TabletopError as e:
        assert str(f) in e.render()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not Path(CANARY).exists()


def _valid_records() -> tuple[bytes, bytes]:
    from tabletop.batches import report
    from tabletop.batches.games import prepare
    from tabletop.batches.runner import simulate
    from tests.simulation.tallypack import pack as tally

    config = prepare(tally, ["greedy", "random"], seed=4, max_turns=6)
    batch = simulate(config, 6)
    records = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in batch.records).encode()
    run = json.dumps(report.run_meta(config, "tally", 6, 1, "local"), indent=1).encode()
    return records, run


RECORDS, RUN_FILE = _valid_records()


@RUN
@given(records=hostile_files(RECORDS, "jsonl", CANARY),
       run=hostile_files(RUN_FILE, "json", CANARY))
def test_simulation_records(records, run, tmp_path_factory, monkeypatch):
    """``--report-only`` reads records.jsonl and run.json; the charts (drawn from the computed
    metrics, not from the files) are left out to keep hundreds of examples quick."""
    from tabletop.batches import report

    monkeypatch.setattr(report, "charts", lambda out, m: [])
    folder = tmp_path_factory.mktemp("records")
    _write(folder, "records.jsonl", records)
    _write(folder, "run.json", run)
    result = run_user_command(["simulate", "--report-only", str(folder)])
    check_answer(result, folder)
    assert not Path(CANARY).exists()


@pytest.mark.parametrize("command, kind, codes", [
    (["cards", "lint", "volfyirion"], "yaml", (1,)),
    (["scenario", "run"], "yaml", (1,)),
    (["deckcheck", "virevolt"], "yaml", (1, 2)),
    (["play", "volfyirion", "--vs", "random", "--load"], "json", (1,)),
], ids=["card file", "scenario", "deck", "saved game"])
def test_every_known_attack_as_a_whole_file_is_refused_with_its_name(command, kind, codes, tmp_path):
    """Each attack of tests.properties.hostile at least once, whatever hypothesis draws: the 100,000
    levels of nesting, the lone surrogate, 1e309, -0, right-to-left marks... never a traceback."""
    from tests.properties.hostile import json_attacks, yaml_attacks

    for i, attack in enumerate((json_attacks if kind == "json" else yaml_attacks)(CANARY)):
        f = _write(tmp_path, f"attack{i}.{kind}", attack.encode("utf-8", "surrogatepass"))
        result = run_user_command([*command, str(f)], input="quit\n")
        assert result.exit_code in codes and str(f) in result.output, (repr(attack[:60]), result.output[-1000:])
    assert not os.path.exists(CANARY)
