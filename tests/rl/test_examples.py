"""The examples in examples/rl run as a user runs them, on small budgets."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parents[2] / "examples" / "rl"


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_pettingzoo_loop_plays_both_games_to_the_end():
    out = run("pettingzoo_loop.py", "--games", "1", "--render")
    assert "volfyirion game 1:" in out and "virevolt game 1:" in out and "(you)" in out


def test_openspiel_is_mcts_beats_random_play():
    out = run("openspiel_ismcts.py", "--games", "8", "--simulations", "10")
    wins = int(out.split("won ")[-1].split(" of 8")[0])
    assert wins >= 5, out   # about 85% over 20 games; random play would win half


def test_training_raises_the_win_rate_against_random():
    rises = []
    for seed in ("1", "3"):
        out = run("train_preferences.py", "--episodes", "300", "--eval", "60", "--seed", seed)
        before = float(out.split("before training: wins ")[1].split("%")[0])
        after = float(out.split("training games: wins ")[1].split("%")[0])
        rises.append(after - before)
    assert sum(rises) / len(rises) >= 10, rises     # percentage points
