"""The RL adapters' benchmark plays the same recorded games through every loop."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import tabletop

spec = importlib.util.spec_from_file_location(
    "rl_adapters", Path(__file__).parents[2] / "benchmarks" / "rl_adapters.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


@pytest.mark.parametrize("name,options", bench.CONFIGS)
def test_every_loop_replays_the_recorded_games_to_their_end(name, options):
    game = tabletop.load(name, **options)
    games = bench.record(game, 300)
    assert sum(len(moves) for _, moves in games) >= 300
    bench.engine_loop(game, games, view=True)
    bench.pettingzoo_loop(game, games)
    bench.openspiel_loop(game, games)  # asserts each game is over after its recorded moves


def test_the_report_names_every_loop(tmp_path, capsys):
    out = tmp_path / "rl.json"
    assert bench.main(["--rounds", "1", "--steps", "200", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    for loop in ("engine", "engine + view", "pettingzoo", "openspiel"):
        assert loop in printed
    assert set(json.loads(out.read_text())) == {"volfyirion", "virevolt"}
